// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/validate.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "roofline/estimate.h"
#include "roofline/format.h"

namespace roofline {

namespace {

class Checker {
public:
    explicit Checker(const std::string& file) : m_file(file) {}

    Issue& error(std::string field, std::string expected, std::string found) {
        return add(Severity::Error, std::move(field), std::move(expected), std::move(found));
    }
    Issue& warning(std::string field, std::string expected, std::string found) {
        return add(Severity::Warning, std::move(field), std::move(expected), std::move(found));
    }
    void positive(const std::string& field, double v) {
        if (!(std::isfinite(v) && v > 0.0)) {
            error(field, "a positive finite number", issueNumberText(v)).value = v;
        }
    }
    void nonNegative(const std::string& field, double v) {
        if (!(std::isfinite(v) && v >= 0.0)) {
            error(field, "a finite number ≥ 0", issueNumberText(v)).value = v;
        }
    }
    /// One of roofline/limits.h's ranges, under its field id.
    void within(const NumberRange& r, double v) {
        if (!r.contains(v)) {
            error(std::string(r.field), r.expected(), issueNumberText(v)).value = v;
        }
    }
    void within(const IntegerRange& r, std::int64_t v) {
        if (!r.contains(v)) {
            error(std::string(r.field), r.expected(), std::to_string(v)).value =
                static_cast<double>(v);
        }
    }
    void range(const std::string& field, std::int64_t v, std::int64_t lo, std::int64_t hi) {
        within(IntegerRange{field, lo, hi}, v);
    }
    std::vector<Issue> take() { return std::move(m_issues); }

private:
    Issue& add(Severity severity, std::string field, std::string expected, std::string found) {
        Issue& i = m_issues.emplace_back(severity, m_file, std::string(), std::move(expected),
                                         std::move(found));
        i.field = std::move(field);
        return i;
    }

    std::string m_file;
    std::vector<Issue> m_issues;
};

// Layer sizes beyond this are not a model but a typo; keeps every product finite.
constexpr std::int64_t kMaxDimension = 10'000'000;
constexpr std::int64_t kMaxLayers = 100'000;

void appendPrefixed(std::vector<Issue>& all, std::vector<Issue> more, const std::string& prefix) {
    for (Issue& i : more) {
        if (!i.field.empty()) {
            i.field = prefix + i.field;
        }
        // References in `expected` stay relative to the same struct.
        std::string& e = i.expected;
        for (std::size_t at = e.find('{'); at != std::string::npos; at = e.find('{', at + 1)) {
            e.insert(at + 1, prefix);
        }
        all.push_back(std::move(i));
    }
}

}  // namespace

std::string issueNumberText(double v) {
    if (std::isnan(v)) {
        return "NaN";
    }
    if (std::isinf(v)) {
        return v > 0 ? "infinity" : "-infinity";
    }
    return generalText(v, 6);  // %.6g, but never with the locale's decimal comma
}

std::string plainExpected(const std::string& expected) {
    std::string out;
    out.reserve(expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const std::size_t close = expected.find('}', i);
        if (expected[i] == '{' && close != std::string::npos) {
            out += expected.substr(i + 1, close - i - 1);
            i = close;
        } else {
            out += expected[i];
        }
    }
    return out;
}

std::string Issue::message() const {
    std::string out;
    if (!file.empty()) {
        out += file + ": ";
    }
    if (!pointer.empty()) {
        out += pointer;
    } else if (!field.empty()) {
        out += field;
    } else {
        out += "the file";
    }
    if (severity == Severity::Notice) {
        return "note: " + out + " " + expected + ": " + found;
    }
    // Only the core's issues (those with a field id) hold {field} references.
    out += " must be " + (field.empty() ? expected : plainExpected(expected)) + ", got " + found;
    if (severity == Severity::Warning) {
        out = "warning: " + out;
    }
    return out;
}

bool hasErrors(const std::vector<Issue>& issues) {
    for (const Issue& i : issues) {
        if (i.severity == Severity::Error) {
            return true;
        }
    }
    return false;
}

std::string describe(const std::vector<Issue>& issues) {
    std::string out;
    for (const Issue& i : issues) {
        out += i.message();
        out += '\n';
    }
    return out;
}

std::vector<Issue> validate(const Hardware& hw, const std::string& file) {
    Checker c(file);
    c.positive("memoryBandwidthBytesPerSecond", hw.memoryBandwidthBytesPerSecond);
    c.positive("memoryCapacityBytes", hw.memoryCapacityBytes);
    bool anyRoof = false;
    for (Precision p : kAllPrecisions) {
        const double peak = hw.peak(p);
        c.nonNegative("peakFlopsPerSecond." + std::string(toString(p)), peak);
        anyRoof = anyRoof || (std::isfinite(peak) && peak > 0.0);
    }
    if (!anyRoof && !hw.computePeakUnsourced) {
        c.error("peakFlopsPerSecond",
                "at least one positive peak (e.g. \"bf16\"), or {computePeakUnsourced} saying "
                "that none is sourced",
                "none");
    } else if (anyRoof && hw.computePeakUnsourced) {
        c.error("peakFlopsPerSecond", "no peak, as {computePeakUnsourced} says none is sourced",
                "a positive peak");
    }
    // The driver shows at most the nominal capacity (a reserve, ECC); above it is a typo or
    // decimal GB read as GiB.
    const double visible = hw.memoryCapacityVisibleBytes;
    c.nonNegative("memoryCapacityVisibleBytes", visible);
    if (std::isfinite(visible) && visible > hw.memoryCapacityBytes &&
        std::isfinite(hw.memoryCapacityBytes) && hw.memoryCapacityBytes > 0.0) {
        c.error("memoryCapacityVisibleBytes",
                "at most the nominal capacity at {memoryCapacityBytes} (" +
                    issueNumberText(hw.memoryCapacityBytes / (1024.0 * 1024.0 * 1024.0)) + " GiB)",
                issueNumberText(visible / (1024.0 * 1024.0 * 1024.0)) + " GiB")
            .value = visible;
    }
    c.nonNegative("interconnectBandwidthBytesPerSecond", hw.interconnectBandwidthBytesPerSecond);
    c.nonNegative("collectiveLatencySeconds", hw.collectiveLatencySeconds);
    c.nonNegative("onChipCacheBytes", hw.onChipCacheBytes);
    // The on-chip levels (DOMAIN.md §10): at most one of each, never Main (the fields above).
    for (std::size_t i = 0; i < hw.memoryLevels.size(); ++i) {
        const MemoryLevelSpec& level = hw.memoryLevels[i];
        const std::string at = "memoryLevels." + std::to_string(i);
        c.nonNegative(at + ".bandwidthBytesPerSecond", level.bandwidthBytesPerSecond);
        c.nonNegative(at + ".capacityBytes", level.capacityBytes);
        if (level.level == MemoryLevel::Main) {
            c.error(at + ".level",
                    "an on-chip level (last_level_cache or on_chip_sram): the main memory is "
                    "{memoryBandwidthBytesPerSecond} and {memoryCapacityBytes}",
                    "main_memory");
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (hw.memoryLevels[j].level == level.level) {
                c.error(at + ".level", "a level listed once",
                        std::string(toString(level.level)).append(" listed twice"));
            }
        }
    }
    c.nonNegative("tdpWatts", hw.tdpWatts);
    c.range("scaleUpDomainDevices", hw.scaleUpDomainDevices, 1, 1'000'000);
    c.nonNegative("scaleOutBandwidthBytesPerSecond", hw.scaleOutBandwidthBytesPerSecond);
    c.nonNegative("scaleOutLatencySeconds", hw.scaleOutLatencySeconds);
    // Achievable ceilings are measurements below the spec-sheet roofs: one above its peak (or
    // for a precision the chip has no roof for) is a typo or a sparse figure.
    for (Precision p : kAllPrecisions) {
        const std::string name(toString(p));
        const std::string field = "achievableFlopsPerSecond." + name;
        const double achieved = hw.achievableFlopsPerSecond[index(p)];
        c.nonNegative(field, achieved);
        if (std::isfinite(achieved) && achieved > 0.0 && !hw.hasRoof(p)) {
            c.error(field,
                    "a precision the chip has a peak for ({peakFlopsPerSecond." + name +
                        "} is missing)",
                    issueNumberText(achieved / 1e12) + " TFLOP/s")
                .value = achieved;
        } else if (std::isfinite(achieved) && achieved > hw.peak(p)) {
            c.error(field,
                    "at most the peak at {peakFlopsPerSecond." + name + "} (" +
                        issueNumberText(hw.peak(p) / 1e12) + " TFLOP/s)",
                    issueNumberText(achieved / 1e12) + " TFLOP/s")
                .value = achieved;
        }
    }
    const double achievedBandwidth = hw.achievableMemoryBandwidthBytesPerSecond;
    c.nonNegative("achievableMemoryBandwidthBytesPerSecond", achievedBandwidth);
    if (std::isfinite(achievedBandwidth) && achievedBandwidth > 0.0 &&
        achievedBandwidth > hw.memoryBandwidthBytesPerSecond) {
        c.error("achievableMemoryBandwidthBytesPerSecond",
                "at most the peak at {memoryBandwidthBytesPerSecond} (" +
                    issueNumberText(hw.memoryBandwidthBytesPerSecond / 1e12) + " TB/s)",
                issueNumberText(achievedBandwidth / 1e12) + " TB/s")
            .value = achievedBandwidth;
    }
    return c.take();
}

namespace {

// A vision transformer: the attention and MLP fields it uses (full MHA) and its input.
void validateEncoder(Checker& c, const Model& m) {
    c.range("numLayers", m.numLayers, 1, kMaxLayers);
    c.range("hiddenSize", m.hiddenSize, 1, kMaxDimension);
    c.range("numQueryHeads", m.numQueryHeads, 1, kMaxDimension);
    c.range("headDim", m.headDim, 1, kMaxDimension);
    c.range("intermediateSize", m.intermediateSize, 1, kMaxDimension);
    c.range("normsPerLayer", m.normsPerLayer, 0, 16);
    if (m.numKvHeads != m.numQueryHeads) {
        c.error("numKvHeads",
                "equal to {numQueryHeads} (" + std::to_string(m.numQueryHeads) +
                    "): an encoder's attention is full multi-head",
                std::to_string(m.numKvHeads))
            .value = static_cast<double>(m.numKvHeads);
    }
    const EncoderShape& e = m.encoder;
    c.range("encoder.imageSize", e.imageSize, 1, 1'000'000);
    c.range("encoder.patchSize", e.patchSize, 1, std::max<std::int64_t>(1, e.imageSize));
    c.range("encoder.numChannels", e.numChannels, 1, 10'000);
    c.range("encoder.numLabels", e.numLabels, 0, kMaxDimension);
    c.range("encoder.projectionDim", e.projectionDim, 0, kMaxDimension);
}

// A ResNet: its stages, and an input its stem can convolve.
void validateCnn(Checker& c, const Model& m) {
    const CnnShape& s = m.cnn;
    c.range("cnn.imageSize", s.imageSize, 1, 1'000'000);
    c.range("cnn.numChannels", s.numChannels, 1, 10'000);
    c.range("cnn.embeddingSize", s.embeddingSize, 1, kMaxDimension);
    c.range("cnn.numLabels", s.numLabels, 0, kMaxDimension);
    if (s.hiddenSizes.empty() || s.hiddenSizes.size() > 8 ||
        s.hiddenSizes.size() != s.depths.size()) {
        c.error("cnn.depths",
                "one depth per stage, for 1 to 8 stages (" + std::to_string(s.hiddenSizes.size()) +
                    " hidden sizes)",
                std::to_string(s.depths.size()) + " depths");
    }
    for (const std::int64_t size : s.hiddenSizes) {
        // A bottleneck reduces to a quarter of its output channels.
        c.range("cnn.hiddenSizes", size, s.bottleneck ? 4 : 1, kMaxDimension);
    }
    for (const std::int64_t depth : s.depths) {
        c.range("cnn.depths", depth, 1, 1000);
    }
}

}  // namespace

std::vector<Issue> validate(const Model& m, const std::string& file) {
    Checker c(file);
    if (m.kind == ModelKind::Encoder) {
        validateEncoder(c, m);
        return c.take();
    }
    if (m.kind == ModelKind::Cnn) {
        validateCnn(c, m);
        return c.take();
    }
    c.range("numLayers", m.numLayers, 1, kMaxLayers);
    c.range("hiddenSize", m.hiddenSize, 1, kMaxDimension);
    c.range("numQueryHeads", m.numQueryHeads, 1, kMaxDimension);
    c.range("vocabSize", m.vocabSize, 1, kMaxDimension * 10);
    c.range("normsPerLayer", m.normsPerLayer, 0, 16);
    c.range("perLayerInputSize", m.perLayerInputSize, 0, kMaxDimension);
    if (m.perLayerInputSize > 0) {
        c.range("perLayerInputVocab", m.perLayerInputVocab, 1, kMaxDimension * 10);
    }
    const auto has = [&m](MixerKind kind) {
        return std::any_of(m.layerGroups.begin(), m.layerGroups.end(),
                           [kind](const LayerGroup& g) { return g.mixer == kind; }) ||
               (m.mtp.count > 0 && m.mtp.mixer == kind);
    };
    if (has(MixerKind::SparseMla)) {
        c.range("sparse.indexHeads", m.sparse.indexHeads, 1, kMaxDimension);
        c.range("sparse.indexHeadDim", m.sparse.indexHeadDim, 1, kMaxDimension);
        c.range("sparse.topK", m.sparse.topK, 1, kMaxDimension * 100);
    }
    if (has(MixerKind::GatedDeltaNet)) {
        c.range("deltaNet.numKeyHeads", m.deltaNet.numKeyHeads, 1, kMaxDimension);
        c.range("deltaNet.numValueHeads", m.deltaNet.numValueHeads, 1, kMaxDimension);
        c.range("deltaNet.keyHeadDim", m.deltaNet.keyHeadDim, 1, kMaxDimension);
        c.range("deltaNet.valueHeadDim", m.deltaNet.valueHeadDim, 1, kMaxDimension);
        c.range("deltaNet.convKernel", m.deltaNet.convKernel, 1, 64);
    }
    if (has(MixerKind::Mamba2)) {
        c.range("mamba.numHeads", m.mamba.numHeads, 1, kMaxDimension);
        c.range("mamba.headDim", m.mamba.headDim, 1, kMaxDimension);
        c.range("mamba.stateSize", m.mamba.stateSize, 1, kMaxDimension);
        c.range("mamba.numGroups", m.mamba.numGroups, 1, kMaxDimension);
        c.range("mamba.convKernel", m.mamba.convKernel, 1, 64);
    }
    if (!(m.visionParameters >= 0.0 && m.visionParameters < 1e15)) {
        c.error("visionParameters", "a parameter count from 0 to 1e15",
                std::to_string(m.visionParameters));
    }
    if (m.mtp.count < 0 || m.mtp.count > kMaxLayers) {
        c.error("mtp", "0 to " + std::to_string(kMaxLayers) + " MTP layers",
                std::to_string(m.mtp.count));
    }
    if (m.mla.enabled() || has(MixerKind::Mla) || has(MixerKind::SparseMla)) {
        c.range("mla.kvLoraRank", m.mla.kvLoraRank, 1, kMaxDimension);
        c.range("mla.qLoraRank", m.mla.qLoraRank, 0, kMaxDimension);
        c.range("mla.qkNopeHeadDim", m.mla.qkNopeHeadDim, 1, kMaxDimension);
        c.range("mla.qkRopeHeadDim", m.mla.qkRopeHeadDim, 0, kMaxDimension);
        c.range("mla.vHeadDim", m.mla.vHeadDim, 1, kMaxDimension);
    }
    if (usesKvHeads(m)) {
        c.range("headDim", m.headDim, 1, kMaxDimension);
        c.range("numKvHeads", m.numKvHeads, 1, kMaxDimension);
        if (m.numKvHeads >= 1 && m.numQueryHeads >= 1 && m.numQueryHeads % m.numKvHeads != 0) {
            c.error("numKvHeads",
                    "a divisor of {numQueryHeads} (" + std::to_string(m.numQueryHeads) + ")",
                    std::to_string(m.numKvHeads))
                .value = static_cast<double>(m.numKvHeads);
        }
    }
    std::int64_t layers = 0;
    bool anyDense = false;
    bool anyMoe = false;
    for (const LayerGroup& g : m.layerGroups) {
        if (g.count < 1 || g.window < 0) {
            c.error("layerGroups", "layer groups with a positive count and window ≥ 0",
                    std::to_string(g.count) + " layers, window " + std::to_string(g.window));
        }
        if (g.mixer == MixerKind::Attention && g.span != AttentionSpan::Full && g.window < 1) {
            c.error("layerGroups",
                    std::string("a window of at least 1 token for ") +
                        std::string(toString(g.span)) + " attention",
                    std::to_string(g.window));
        }
        if (g.numQueryHeads < 0 || g.numKvHeads < 0 || g.headDim < 0 || g.intermediateSize < 0 ||
            g.norms < -1 || g.norms > 16 || g.numQueryHeads > kMaxDimension ||
            g.numKvHeads > kMaxDimension || g.headDim > kMaxDimension ||
            g.intermediateSize > kMaxDimension) {
            c.error("layerGroups",
                    "per-group shapes from 0 (the model's) to " + std::to_string(kMaxDimension) +
                        ", norms -1 to 16",
                    std::to_string(g.numQueryHeads) + " heads, " + std::to_string(g.numKvHeads) +
                        " KV heads, head dim " + std::to_string(g.headDim) + ", width " +
                        std::to_string(g.intermediateSize) + ", norms " + std::to_string(g.norms));
        }
        if (g.mixer == MixerKind::Attention) {
            const std::int64_t nq = g.numQueryHeads > 0 ? g.numQueryHeads : m.numQueryHeads;
            const std::int64_t nkv = g.numKvHeads > 0 ? g.numKvHeads : m.numKvHeads;
            if (nq >= 1 && nkv >= 1 && nq % nkv != 0) {
                c.error("layerGroups",
                        "KV heads that divide the query heads (" + std::to_string(nq) + ")",
                        std::to_string(nkv));
            }
        }
        layers += g.parallel ? 0 : g.count;  // a parallel mixer is part of another layer
        if (g.mlp == MlpKind::Moe) {
            anyMoe = true;
        } else if (g.mlp == MlpKind::Dense && g.intermediateSize == 0) {
            anyDense = true;
        }
    }
    if (m.mtp.count > 0 && m.mtp.mlp == MlpKind::Moe) {
        anyMoe = true;
    }
    if (layers != m.numLayers) {
        c.error("numLayers", "the number of layers described (" + std::to_string(layers) + ")",
                std::to_string(m.numLayers))
            .value = static_cast<double>(m.numLayers);
    }
    if (anyDense) {
        c.range("intermediateSize", m.intermediateSize, 1, kMaxDimension);
    }
    if (anyMoe) {
        c.range("moe.numExperts", m.moe.numExperts, 1, 1'000'000);
        c.range("moe.expertsPerToken", m.moe.expertsPerToken, 1,
                std::max<std::int64_t>(1, m.moe.numExperts));
        c.range("moe.expertIntermediateSize", m.moe.expertIntermediateSize, 1, kMaxDimension);
        c.range("moe.sharedIntermediateSize", m.moe.sharedIntermediateSize, 0, kMaxDimension);
    }
    return c.take();
}

bool tensorParallelValid(const Workload& workload, const Model& model, std::int64_t devices) {
    Workload w = workload;
    w.tensorParallel = devices;
    const std::vector<Issue> issues = validate(w, model);
    return std::none_of(issues.begin(), issues.end(), [](const Issue& i) {
        return i.severity == Severity::Error && i.field == "tensorParallel";
    });
}

std::int64_t largestValidTensorParallel(const Workload& workload, const Model& model,
                                        std::int64_t devices) {
    for (std::int64_t d = std::min(devices, kMaxTensorParallel); d >= 1; --d) {
        if (tensorParallelValid(workload, model, d)) {
            return d;
        }
    }
    return 0;
}

std::vector<Issue> validate(const Workload& wl, const Model& m, const std::string& file) {
    Checker c(file);
    c.within(limits::kBatch, wl.batch);
    c.within(limits::kPromptTokens, wl.promptTokens);
    c.within(limits::kContextTokens, wl.contextTokens);
    c.within(limits::kTensorParallel, wl.tensorParallel);
    c.within(limits::kPrefillDevices, wl.prefillDevices);
    // append(), not "\"" + std::string: GCC 12 -O3 warns a false -Wrestrict (GCC bug 105651).
    const auto storage = [&](const char* field, Precision p) {
        if (!isStoragePrecision(p)) {
            c.error(field, "one of " + storagePrecisionNames(),
                    std::string("\"").append(toString(p)).append("\""));
        }
    };
    storage("weightPrecision", wl.weightPrecision);
    storage("activationPrecision", wl.activationPrecision);
    storage("kvPrecision", wl.kvPrecision);
    if (wl.expertWeightPrecision) {
        storage("expertWeightPrecision", *wl.expertWeightPrecision);
    }
    if (wl.embeddingWeightPrecision) {
        storage("embeddingWeightPrecision", *wl.embeddingWeightPrecision);
    }

    const std::int64_t nq = m.numQueryHeads;
    if (wl.kvHeadsOverride < 0 ||
        (wl.kvHeadsOverride > 0 && nq > 0 && nq % wl.kvHeadsOverride != 0)) {
        c.error("kvHeadsOverride",
                "0 (the model's own) or a divisor of the " + std::to_string(nq) + " query heads",
                std::to_string(wl.kvHeadsOverride))
            .value = static_cast<double>(wl.kvHeadsOverride);
    }
    const std::int64_t d = wl.tensorParallel;
    if (d > 1 && m.kind == ModelKind::Cnn) {
        c.error("tensorParallel", "1: a CNN's convolutions are not split over devices here",
                std::to_string(d))
            .value = static_cast<double>(d);
    }
    // The heads split over the decode devices, and over the prefill pool's when it has its own.
    const auto splitsHeads = [&](const char* field, std::int64_t devices) {
        if (devices <= 1 || nq <= 0) {
            return;
        }
        const std::int64_t nkv = wl.kvHeadsOverride > 0 ? wl.kvHeadsOverride : m.numKvHeads;
        if (nq % devices != 0) {
            c.error(field, "a divisor of the " + std::to_string(nq) + " query heads",
                    std::to_string(devices))
                .value = static_cast<double>(devices);
        } else if (!m.mla.enabled() && nkv > 0 && nkv % devices != 0 && devices % nkv != 0) {
            c.error(field, "a divisor or multiple of the " + std::to_string(nkv) + " KV heads",
                    std::to_string(devices))
                .value = static_cast<double>(devices);
        }
    };
    splitsHeads("tensorParallel", d);
    splitsHeads("prefillDevices", wl.prefillDevices);

    c.within(limits::kSpeculativeTokens, wl.speculativeTokens);
    c.within(limits::kAcceptanceRate, wl.acceptanceRate);
    c.within(limits::kMemoryUtilization, wl.memoryUtilization);
    c.within(limits::kMaxBatchedTokens, wl.maxBatchedTokens);
    if (wl.pricePerDeviceHourUsd) {
        c.within(limits::kPricePerDeviceHourUsd, *wl.pricePerDeviceHourUsd);
    }

    if (wl.expertParallel) {
        const bool moe = std::any_of(m.layerGroups.begin(), m.layerGroups.end(),
                                     [](const LayerGroup& g) { return g.mlp == MlpKind::Moe; }) &&
                         m.moe.numExperts > 0;
        if (!moe) {
            c.warning("expertParallel",
                      "off for a dense model (it has no routed experts to spread; ignored)", "on");
        } else {
            for (const auto& [field, devices] :
                 {std::pair<const char*, std::int64_t>{"tensorParallel", d},
                  std::pair<const char*, std::int64_t>{"prefillDevices", wl.prefillDevices}}) {
                if (devices > 1 && m.moe.numExperts % devices != 0) {
                    c.error(field,
                            "a divisor of the " + std::to_string(m.moe.numExperts) +
                                " routed experts, since expert parallelism spreads them whole",
                            std::to_string(devices))
                        .value = static_cast<double>(devices);
                }
            }
        }
    }
    return c.take();
}

std::vector<Issue> validate(const Scenario& s) {
    std::vector<Issue> all;
    appendPrefixed(all, validate(s.hardware), "hardware.");
    appendPrefixed(all, validate(s.model), "model.");
    appendPrefixed(all, validate(s.workload, s.model), "workload.");
    if (s.workload.speculativeTokens > 0 && s.workload.draftKind == DraftKind::Model) {
        if (!s.draft) {
            Issue i(Severity::Error, "", "",
                    "a draft model, since speculative decoding drafts with a model", "none");
            i.field = "draft";
            all.push_back(std::move(i));
        } else {
            appendPrefixed(all, validate(*s.draft), "draft.");
            if (s.draft->vocabSize != s.model.vocabSize) {
                Issue i(Severity::Error, "", "",
                        "a draft with the target's vocabulary (" +
                            std::to_string(s.model.vocabSize) +
                            " tokens): speculative decoding needs a shared tokenizer",
                        std::to_string(s.draft->vocabSize) + " tokens (" + s.draft->id + ")");
                i.field = "draft.vocabSize";
                i.value = static_cast<double>(s.draft->vocabSize);
                all.push_back(std::move(i));
            }
        }
    }
    if (s.workload.ceilings == Ceilings::Estimate) {
        if (s.calibration == nullptr) {
            Issue i(Severity::Error, "", "",
                    "a calibration profile, since the estimate ceiling takes its costs from one",
                    "none");
            i.field = "calibration";
            all.push_back(std::move(i));
        } else {
            for (std::string& problem : validateProfile(*s.calibration)) {
                Issue i(Severity::Error, "", "", "a valid calibration profile", std::move(problem));
                i.field = "calibration";
                all.push_back(std::move(i));
            }
        }
    }
    return all;
}

}  // namespace roofline
