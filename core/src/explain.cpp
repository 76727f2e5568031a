// SPDX-License-Identifier: GPL-3.0-or-later
// The analysis in plain sentences (explain.h). Every figure is the engine's, written by
// roofline/format.h; this file only chooses the words.

#include "roofline/explain.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <utility>

#include "roofline/format.h"
#include "roofline/quantization.h"

namespace roofline {

namespace {

// A number as the sentences write it ("4", "0.357", "1,560"): roofline/format.h.
std::string num(double value) { return formatProseNumber(value); }

// A fraction as a percentage: "98.2%", "0.0334%", "0%"; "under 0.01%" below that.
std::string pct(double fraction) {
    const double percent = fraction * 100.0;
    if (percent > 0.0 && percent < 0.01) {
        return "under " + num(0.01) + "%";
    }
    return num(percent) + "%";
}

std::string perByte(double flopsPerByte) { return num(flopsPerByte) + " FLOP/byte"; }

// "against a ridge of 295 FLOP/byte", or, with no sourced compute peak, that there is none.
std::string againstRidge(const Analysis& a) {
    return a.hasComputeRoof ? " against a ridge of " + perByte(a.ridgePointFlopsPerByte)
                            : " with no ridge (no sourced compute peak: only the memory roof)";
}

std::string capitalised(std::string text) {
    if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') {
        text[0] = static_cast<char>(text[0] - 'a' + 'A');
    }
    return text;
}

// How a sentence names a pass: "prefill", "decode", "verify", "the draft"; a kind added
// later is named by its toString().
std::string passName(const PassCost& p) {
    if (p.kind == PassKind::Draft) {
        return "the draft";
    }
    return std::string(toString(p.kind));
}

std::string boundWord(Bound bound) { return std::string(toString(bound)) + "-bound"; }

double shareOf(const PassCost& p, Bound bound) {
    switch (bound) {
        case Bound::Compute:
            return p.shares[Bound::Compute];
        case Bound::Interconnect:
            return p.shares[Bound::Interconnect];
        case Bound::Memory:
            break;
    }
    return p.shares[Bound::Memory];
}

// The operators a pass is not bound by that take a share of its time: "memory-bound",
// "compute- and link-bound".
std::string otherOperators(const PassCost& p) {
    constexpr double kVisible = 0.0005;
    std::vector<std::string> names;
    for (const Bound bound : {Bound::Compute, Bound::Memory, Bound::Interconnect}) {
        if (bound != p.bound && shareOf(p, bound) > kVisible) {
            names.push_back(bound == Bound::Interconnect ? "link" : std::string(toString(bound)));
        }
    }
    if (names.size() == 2) {
        return names[0] + "- and " + names[1] + "-bound";
    }
    return names.empty() ? "other" : names[0] + "-bound";
}

// "per step", "per device" qualifiers of a pass's bytes.
std::string bytesQualifier(const PassCost& p, const Analysis& a) {
    std::string q;
    if (p.kind == PassKind::Decode) {
        q = " per step";
    } else if (p.repeats > 1.0) {
        q = " over its " + num(p.repeats) + " steps";
    }
    if (a.devices > 1) {
        q += " per device";
    }
    return q;
}

// "; 97% of its time is bound by the L2 (5.5 TB/s), an on-chip level, not by HBM" when an
// on-chip level binds most of a memory-bound pass (DOMAIN.md §10), else "".
std::string onChipClause(const PassCost& p, const Analysis& a) {
    if (p.bound != Bound::Memory || !(p.timeSeconds > 0.0)) {
        return {};
    }
    for (const LevelRoof& level : a.memoryLevels) {
        if (level.level == MemoryLevel::Main) {
            continue;
        }
        const double t = levelBoundSeconds(a, p, level.level);
        if (t > 0.5 * p.shares[Bound::Memory] * p.timeSeconds) {
            return "; " + pct(t / p.timeSeconds) + " of its time is bound by the " +
                   std::string(level.nameText()) + " (" +
                   formatSi(level.bandwidthBytesPerSecond, "B/s") + "), an on-chip level, not by " +
                   memoryRoofName(a);
        }
    }
    return {};
}

// Where the pass sits and which roof binds it, and how far from the compute roof.
std::string whereSentence(const PassCost& p, const Analysis& a) {
    const std::string roof = std::string(toString(a.computePrecision)) + " compute roof";
    std::string s = capitalised(passName(p));
    if (p.kind == PassKind::Draft && p.repeats > 1.0) {
        s += " (" + num(p.repeats) + " decode steps of the draft model)";
    }
    s += " is " + boundWord(p.bound) + ": ";
    if (p.bound == Bound::Interconnect) {
        s += pct(p.shares[Bound::Interconnect]) + " of its time goes to collectives over the " +
             formatSi(a.interconnectBandwidthBytesPerSecond, "B/s") + " link, at " +
             num(p.linkIntensity()) + " FLOP per link byte";
    } else {
        s += perByte(p.intensity()) + againstRidge(a);
    }
    s += ", so it reaches " + formatSi(p.attainableFlopsPerSecond, "FLOP/s");
    if (a.hasComputeRoof) {
        s += ", " +
             pct(a.peakFlopsPerSecond > 0.0 ? p.attainableFlopsPerSecond / a.peakFlopsPerSecond
                                            : 0.0) +
             " of the " + roof;
    }
    s += onChipClause(p, a);
    // Below its own roof: operators of different bounds take turns (DOMAIN.md §1).
    const double onRoof = fractionOfRoof(a, p);
    const double ownShare = shareOf(p, p.bound);
    if (onRoof > 0.0 && onRoof < 0.995 && ownShare < 0.995) {
        s += p.intensity() < a.ridgePointFlopsPerByte
                 ? "; it sits at " + pct(onRoof) + " of the bandwidth slope at its intensity"
                 : "; it sits below that roof";
        s += " because " + pct(1.0 - ownShare) + " of its time goes to " + otherOperators(p) +
             " operators";
    }
    return s + ".";
}

// The device memory's family, as people say it: "HBM" for HBM2e or HBM3e (12-high), "GDDR"
// for an L4's GDDR6; "memory" when the preset names none.
std::string memoryFamily(const Analysis& a) {
    const std::string name = memoryRoofName(a);
    std::size_t letters = 0;
    while (letters < name.size() && std::isalpha(static_cast<unsigned char>(name[letters]))) {
        ++letters;
    }
    return letters == 0 ? std::string("memory") : name.substr(0, letters);
}

// What its memory bytes are.
std::string bytesSentence(const PassCost& p, const Analysis& a) {
    const double total = p.bytes();
    if (!(total > 0.0)) {
        return capitalised(passName(p)) + " moves no " + memoryFamily(a) + " bytes.";
    }
    const ByteCounts& t = p.traffic;
    return "Of " + passName(p) + "'s " + formatBytes(total) + bytesQualifier(p, a) + ", " +
           pct(t[ByteCategory::Weights] / total) + " are weights, " +
           pct(t[ByteCategory::KvCache] / total) + " KV cache" +
           (t[ByteCategory::State] > 0.0 ? ", " + pct(t[ByteCategory::State] / total) + " state"
                                         : std::string()) +
           " and " + pct(t[ByteCategory::Activations] / total) + " activations.";
}

// Which kind of lever would not move the pass, and which would, from its bound and bytes.
std::string leverKindSentence(const PassCost& p, const Analysis& a) {
    const std::string name = passName(p);
    if (p.bound == Bound::Interconnect) {
        return "Neither more FLOP/s nor more " + memoryFamily(a) + " bandwidth would help " + name +
               " much: " + pct(p.shares[Bound::Interconnect]) +
               " of its time goes to collectives over the link; a faster link, fewer devices "
               "or fewer bytes sent would.";
    }
    const std::string at = " at " + perByte(p.intensity()) + againstRidge(a);
    if (p.bound == Bound::Compute) {
        return "More " + memoryFamily(a) + " bandwidth would not help " + name +
               ": it is compute-bound" + at +
               "; a faster compute roof would (math in a narrower precision, a newer chip, "
               "or more devices sharing the FLOPs).";
    }
    std::string s = "More FLOP/s would not help " + name + ": it is memory-bound" + at +
                    "; fewer bytes or more bandwidth would";
    const double total = p.bytes();
    if (total > 0.0) {
        if (p.traffic[ByteCategory::Weights] >= p.traffic[ByteCategory::KvCache] &&
            p.traffic[ByteCategory::Weights] >= p.traffic[ByteCategory::Activations]) {
            s += ", above all fewer weight bytes per token (" +
                 pct(p.traffic[ByteCategory::Weights] / total) +
                 " of its bytes): smaller weights, or a larger batch that shares them";
        } else if (p.traffic[ByteCategory::KvCache] >= p.traffic[ByteCategory::Activations]) {
            s += ", above all a smaller KV cache (" +
                 pct(p.traffic[ByteCategory::KvCache] / total) +
                 " of its bytes): fp8 KV or fewer KV heads; a larger batch would not, as each "
                 "sequence reads its own cache";
        } else {
            // A CNN has no attention to fuse; an encoder's or decoder's may be unfused.
            s += ", above all fewer activation bytes (" +
                 pct(p.traffic[ByteCategory::Activations] / total) + " of its bytes): " +
                 (a.modelKind == ModelKind::Cnn
                      ? std::string("narrower activations, or fewer feature-map round trips "
                                    "(fused layers)")
                      : std::string("narrower activations, or FlashAttention when it is off"));
        }
    }
    return s + ".";
}

std::string leverName(const LeverOutcome& o) { return std::string(leverTitle(o.id)); }

std::string fitsNote(const LeverOutcome& o) { return o.fits ? "" : ", but it does not fit"; }

// The levers that move the scenario most, and those that barely move TPOT.
void leverSentences(std::vector<std::string>& out, const Analysis& a,
                    std::span<const LeverOutcome> levers) {
    const LeverOutcome* bestTpot = nullptr;
    const LeverOutcome* bestTtft = nullptr;
    const LeverOutcome* bestTokens = nullptr;
    std::vector<std::string> negligible;
    for (const LeverOutcome& o : levers) {
        if (!o.applicable) {
            continue;
        }
        if (bestTpot == nullptr || o.speedupTpot > bestTpot->speedupTpot) {
            bestTpot = &o;
        }
        if (bestTtft == nullptr || o.speedupTtft > bestTtft->speedupTtft) {
            bestTtft = &o;
        }
        if (bestTokens == nullptr || o.throughputGain > bestTokens->throughputGain) {
            bestTokens = &o;
        }
        if (std::abs(o.speedupTpot - 1.0) < kExplainNegligibleChange) {
            negligible.push_back(leverName(o));
        }
    }
    const bool hasDecode = a.pass(PassKind::Decode) != nullptr;
    const bool hasPrefill = a.pass(PassKind::Prefill) != nullptr;
    std::string s;
    const auto clause = [&s](const std::string& text) {
        s += s.empty() ? "Of the one-click levers, " + text : "; " + text;
    };
    const bool tpot = hasDecode && bestTpot != nullptr && bestTpot->speedupTpot > 1.0;
    const bool ttft = hasPrefill && bestTtft != nullptr && bestTtft->speedupTtft > 1.0;
    const auto ttftClause = [&a](const LeverOutcome& o) {
        return "TTFT the most, " + formatDuration(a.ttftSeconds) + " → " +
               formatDuration(o.analysis.ttftSeconds) + " (×" + num(o.speedupTtft) + fitsNote(o) +
               ")";
    };
    if (tpot) {
        std::string text = leverName(*bestTpot) + " cuts TPOT the most, " +
                           formatDuration(a.tpotSeconds) + " → " +
                           formatDuration(bestTpot->analysis.tpotSeconds) + " (×" +
                           num(bestTpot->speedupTpot) + fitsNote(*bestTpot) + ")";
        if (ttft && bestTtft == bestTpot) {
            text += ", and " + ttftClause(*bestTtft);
        }
        clause(text);
    }
    if (ttft && !(tpot && bestTtft == bestTpot)) {
        clause(leverName(*bestTtft) + " cuts " + ttftClause(*bestTtft));
    }
    if (hasDecode && bestTokens != nullptr && bestTokens->throughputGain > 1.0) {
        clause(leverName(*bestTokens) + " raises tokens/s the most, " +
               num(a.decodeTokensPerSecond) + " → " +
               num(bestTokens->analysis.decodeTokensPerSecond) + " tok/s (×" +
               num(bestTokens->throughputGain) + fitsNote(*bestTokens) + ")");
    }
    if (!s.empty()) {
        out.push_back(s + ".");
    }
    if (hasDecode && !negligible.empty()) {
        std::string list;
        for (std::size_t i = 0; i < negligible.size(); ++i) {
            list += i == 0 ? "" : i + 1 == negligible.size() ? " and " : ", ";
            list += negligible[i];
        }
        out.push_back(capitalised(list) + (negligible.size() == 1 ? " would" : " would each") +
                      " change TPOT by less than " + pct(kExplainNegligibleChange) + ".");
    }
}

// Attention over the KV cache in a pass: its FLOPs per byte and its share of the pass's time;
// false when the pass has no attention operator.
struct AttentionShare {
    double intensity = 0.0;
    double timeShare = 0.0;
};
bool attentionOf(const Analysis& a, PassKind kind, AttentionShare& out) {
    double flops = 0.0;
    double bytes = 0.0;
    double time = 0.0;
    for (const OperatorCost& op : a.operators) {
        if (op.pass == kind && op.kind == OperatorKind::Attention) {
            flops += op.flops;
            bytes += op.bytes();
            time += op.timeSeconds;
        }
    }
    const PassCost* p = a.pass(kind);
    if (p == nullptr || !(bytes > 0.0) || !(p->timeSeconds > 0.0)) {
        return false;
    }
    out.intensity = flops / bytes;
    out.timeShare = time / p->timeSeconds;
    return true;
}

std::string criticalBatchSentence(const Scenario& scenario, const Analysis& a) {
    const Workload& w = scenario.workload;
    const std::string batch = "B = " + formatInteger(w.batch);
    const std::string context = formatInteger(w.contextTokens) + " tokens";
    if (a.criticalBatch) {
        const std::int64_t critical = *a.criticalBatch;
        std::string s = "The critical batch is " + formatInteger(critical) + " at this context (" +
                        context + "): from B = " + formatInteger(critical) +
                        " on, compute-bound operators take at least half of the decode step, "
                        "and tokens/s stops growing in proportion to B. ";
        if (w.batch < critical) {
            s += "At " + batch +
                 " the step is below it, so more sequences per step cost little extra time";
        } else {
            s += "At " + batch +
                 " the step is past it, so more sequences per step cost time in proportion";
        }
        if (a.memory.maxBatch > 0 && a.memory.maxBatch < critical) {
            s += "; memory runs out first, at " + formatInteger(a.memory.maxBatch) +
                 " sequences at these lengths";
        }
        return s + ".";
    }
    if (!a.hasComputeRoof) {
        return "There is no critical batch: the chip has no sourced compute peak at this "
               "precision, so no operator is compute-bound and tokens/s is bounded by the "
               "memory roof alone.";
    }
    std::string s = "The critical batch is never at this context (" + context +
                    "): compute-bound operators never take half of the decode step, whatever "
                    "the batch";
    AttentionShare attention;
    if (attentionOf(a, PassKind::Decode, attention) &&
        attention.intensity < a.ridgePointFlopsPerByte) {
        s += ", because attention over the KV cache runs at " + perByte(attention.intensity) +
             " at any batch (each sequence reads its own cache), below the ridge of " +
             perByte(a.ridgePointFlopsPerByte) +
             ", and its time grows with B as fast as the matmuls' FLOPs";
    }
    s += ".";
    if (a.matmulCriticalBatch) {
        // The same scenario at the batch where the weight matmuls alone turn compute-bound.
        Scenario at = scenario;
        at.workload.batch = *a.matmulCriticalBatch;
        const Analysis there = analyze(at);
        const PassCost* decode = there.pass(PassKind::Decode);
        AttentionShare atShare;
        if (decode != nullptr && attentionOf(there, PassKind::Decode, atShare)) {
            s += " At B = " + formatInteger(*a.matmulCriticalBatch) +
                 ", where the weight matmuls alone turn compute-bound, attention takes " +
                 pct(atShare.timeShare) + " of the decode step and memory-bound operators " +
                 pct(decode->shares[Bound::Memory]) + ".";
        }
    }
    return s;
}

std::string goldilocksSentence(const Scenario& scenario, const Analysis& a) {
    const Workload& w = scenario.workload;
    const std::string batch = "B = " + formatInteger(w.batch);
    if (a.goldilocksContextTokens) {
        const double g = *a.goldilocksContextTokens;
        std::string s = "The Goldilocks context is " + formatInteger(std::llround(g)) +
                        " tokens at " + batch +
                        ": there a decode step reads as many bytes of KV cache as of weights. ";
        s += "At " + formatInteger(w.contextTokens) + " tokens the step is ";
        if (static_cast<double>(w.contextTokens) < g) {
            s += "below it, so weights outweigh the KV cache and a larger batch, which shares "
                 "them, pays off";
        } else {
            s += "past it, so the KV cache outweighs the weights and a larger batch pays off "
                 "less, as each sequence reads its own cache";
        }
        return s + ".";
    }
    std::string s = "There is no Goldilocks context at " + batch +
                    ": a decode step's KV-cache bytes never reach its weight bytes";
    if (scenario.model.maxPositionEmbeddings > 0) {
        s += " within the model's maximum context of " +
             formatInteger(scenario.model.maxPositionEmbeddings) + " tokens";
    }
    const auto spans = [&](AttentionSpan span) {
        return std::any_of(scenario.model.layerGroups.begin(), scenario.model.layerGroups.end(),
                           [span](const LayerGroup& g) {
                               return g.mixer == MixerKind::Attention && g.span == span;
                           });
    };
    if (spans(AttentionSpan::Sliding) || spans(AttentionSpan::Chunked)) {
        s += spans(AttentionSpan::Chunked) ? " (local chunks cap what some layers read)"
                                           : " (sliding windows cap what some layers read)";
    }
    return s + ", so weights outweigh the KV cache at every context.";
}

std::string memorySentence(const Analysis& a) {
    const MemoryFootprint& m = a.memory;
    const std::string each = a.devices > 1 ? "Each device" : "The device";
    std::string s;
    if (m.fits) {
        s = each + " holds " + formatBytes(m.totalBytes) + " of its " + formatBytes(m.usableBytes) +
            " usable";
    } else {
        s = "It does not fit: each device needs " + formatBytes(m.totalBytes) + " but has " +
            formatBytes(m.usableBytes) + " usable";
    }
    s += " (weights " + formatBytes(m.weightBytes) + ", KV cache " + formatBytes(m.kvCacheBytes) +
         (m.stateBytes > 0.0 ? ", state " + formatBytes(m.stateBytes) : std::string()) +
         ", workspace " + formatBytes(m.workspaceBytes) + ")";
    if (m.maxBatch > 0) {
        // Encoders and CNNs batch images; decoders, sequences of these lengths.
        const bool images = a.modelKind != ModelKind::Decoder;
        s += "; at most " + formatInteger(m.maxBatch) +
             (images ? (m.maxBatch == 1 ? " image fits" : " images fit")
                     : (m.maxBatch == 1 ? " sequence fits at these lengths"
                                        : " sequences fit at these lengths"));
    } else if (m.weightBytes + m.workspaceBytes > m.usableBytes) {
        s += "; the weights and workspace alone do not fit";
    } else {
        s += "; not even one sequence's KV cache fits beside them at these lengths";
    }
    return s + ".";
}

// What the model's layer kinds change (DOMAIN.md §6): a recurrent state that does not grow
// with the context, and sparse attention that reads a fixed number of latents. Empty for a
// model with neither.
std::vector<std::string> layerKindSentences(const Scenario& scenario, const Analysis& a) {
    std::vector<std::string> out;
    const Model& m = scenario.model;
    const auto layersOf = [&m](auto keep) {
        std::int64_t n = 0;
        for (const LayerGroup& g : m.layerGroups) {
            n += keep(g) ? g.count : 0;
        }
        return n;
    };
    const std::int64_t stateLayers = layersOf([](const LayerGroup& g) {
        return g.mixer == MixerKind::GatedDeltaNet || g.mixer == MixerKind::Mamba2;
    });
    if (stateLayers > 0 && a.stateBytesPerSequence > 0.0) {
        std::string s = formatInteger(stateLayers) + " of its " + formatInteger(m.numLayers) +
                        " layers keep a recurrent state instead of a KV cache: " +
                        formatBytes(a.stateBytesPerSequence) +
                        " per sequence, the same at every context, read and written once per "
                        "decode step";
        if (a.kvCacheBytesPerToken > 0.0) {
            s += "; only the attention layers' KV cache grows, by " +
                 formatBytes(a.kvCacheBytesPerToken) + " per token";
        }
        s += ". The Goldilocks context counts that KV cache alone";
        if (a.memory.stateBytes > a.memory.kvCacheBytes) {
            s += ", and here the state (" + formatBytes(a.memory.stateBytes) +
                 ") outweighs the KV cache (" + formatBytes(a.memory.kvCacheBytes) + ")";
        }
        out.push_back(s + ".");
    }
    const std::int64_t sparseLayers =
        layersOf([](const LayerGroup& g) { return g.mixer == MixerKind::SparseMla; });
    if (sparseLayers > 0 && a.hasDecode()) {
        const double C = a.decode().cachedTokens;
        const double read = std::min(C + 1.0, static_cast<double>(m.sparse.topK));
        out.push_back(
            "Sparse attention: a lightning indexer scores every cached token and each "
            "query attends to at most " +
            formatInteger(m.sparse.topK) +
            " latents, so at C = " + formatInteger(static_cast<std::int64_t>(C)) +
            " the decode step's attention reads " + formatInteger(static_cast<std::int64_t>(read)) +
            " latents per layer, whatever the context beyond that; the indexer still "
            "reads all " +
            formatInteger(static_cast<std::int64_t>(C + 1.0)) + " of its small keys.");
    }
    return out;
}

}  // namespace

std::vector<std::string> explain(const Scenario& scenario, const Analysis& analysis,
                                 std::span<const LeverOutcome> levers) {
    std::vector<std::string> out;
    for (const PassCost& p : analysis.passes) {
        out.push_back(whereSentence(p, analysis));
        out.push_back(bytesSentence(p, analysis));
    }
    for (const PassCost& p : analysis.passes) {
        out.push_back(leverKindSentence(p, analysis));
    }
    leverSentences(out, analysis, levers);
    if (analysis.pass(PassKind::Decode) != nullptr) {
        out.push_back(criticalBatchSentence(scenario, analysis));
        out.push_back(goldilocksSentence(scenario, analysis));
    }
    for (std::string& s : layerKindSentences(scenario, analysis)) {
        out.push_back(std::move(s));
    }
    if (const std::optional<DisaggregationResult>& d = analysis.disaggregation) {
        // DOMAIN.md §7: what the pools cost each other.
        out.push_back("Disaggregated: the prefill runs on its own " +
                      formatInteger(d->prefillDevices) + " device(s) and hands the batch's " +
                      formatBytes(d->kvTransferBytes) + " KV cache to the " +
                      formatInteger(d->decodeDevices) + " decode device(s) in " +
                      formatDuration(d->kvTransferSeconds) + " over the " +
                      (d->scaleOut ? "scale-out network" : "scale-up link") +
                      ", so TTFT is the prefill's " + formatDuration(d->prefillSeconds) +
                      " plus that transfer (queueing not modelled), and tokens/s per device "
                      "counts all " +
                      formatInteger(d->prefillDevices + d->decodeDevices) + " devices.");
    }
    for (std::string& s : estimateSentences(analysis)) {
        out.push_back(std::move(s));
    }
    out.push_back(memorySentence(analysis));
    return out;
}

std::string boundAndEstimate(std::string_view label, double boundSeconds, double estimateSeconds,
                             const std::array<double, 2>& intervalSeconds) {
    return std::string(label) + " " + formatDuration(boundSeconds) + " bound, " +
           formatDuration(estimateSeconds) + " estimated (" + formatDuration(intervalSeconds[0]) +
           "–" + formatDuration(intervalSeconds[1]) + ")";
}

EstimateCost largestEstimateCost(const EstimateTerms& t) {
    const std::array<EstimateCost, 8> costs = {{
        {"per-step overhead", t.stepOverheadSeconds},
        {"GEMM tiles and waves", t.gemmShapeSeconds},
        {"kernel efficiency at these precisions", t.precisionSeconds},
        {"attention kernel efficiency", t.attentionSeconds},
        {"kernel launch floors", t.kernelFloorSeconds},
        {"kernel launches", t.launchSeconds},
        {"collective latency", t.collectiveSeconds},
        {"expert GEMMs at few tokens per expert", t.moeSeconds},
    }};
    // max_element keeps the first of equal ones.
    return *std::max_element(costs.begin(), costs.end(),
                             [](const auto& a, const auto& b) { return a.seconds < b.seconds; });
}

std::string estimateProfileText(const EstimateResult& e) {
    std::string text =
        e.profile() + " (" + e.engine() + ", " +
        (e.fittedRecords > 0
             ? "fitted on " + formatInteger(static_cast<long long>(e.fittedRecords)) + " records"
             : std::string("cited defaults, not fitted")) +
        "; an " + num(e.coverage * 100.0) + "% interval)";
    // Outside the profile's records the estimate says so, and why: its interval is wider.
    const std::vector<std::string> why = extrapolationReasons(e);
    for (std::size_t i = 0; i < why.size(); ++i) {
        text += (i == 0 ? "; extrapolated: " : "; ") + why[i];
    }
    return text;
}

std::vector<std::string> estimateSentences(const Analysis& analysis) {
    std::vector<std::string> out;
    if (!analysis.estimate) {
        return out;
    }
    const EstimateResult& e = *analysis.estimate;
    const std::string profile =
        "the " + e.profile() + " profile" + estimateProfileText(e).substr(e.profile().size());
    const auto sentence = [&](const std::string& what, const PassEstimate& p, double seconds,
                              const std::array<double, 2>& interval, double bound) {
        const EstimateCost largest = largestEstimateCost(p.terms);
        std::string s = what + " is estimated at " + formatDuration(seconds) + " (" +
                        formatDuration(interval[0]) + "–" + formatDuration(interval[1]) +
                        ") with " + profile + "; on the roofline it is " + formatDuration(bound) +
                        ", a bound no stack beats";
        if (largest.seconds > 0.0) {
            s += ", and the largest cost a stack adds is " + std::string(largest.name) + ", " +
                 formatDuration(largest.seconds) + " of the " + formatDuration(p.seconds);
        }
        return s + ".";
    };
    if (analysis.hasDecode() && e.passes.size() > 1) {
        out.push_back(sentence("TTFT", e.passes[0], e.ttftSeconds, e.ttftIntervalSeconds,
                               analysis.ttftSeconds));
        out.push_back(sentence("TPOT", e.passes[1], e.tpotSeconds, e.tpotIntervalSeconds,
                               analysis.tpotSeconds));
    } else if (!e.passes.empty()) {
        const PassEstimate& p = e.passes[0];
        out.push_back(sentence(capitalised(std::string(toString(p.kind))) + " of the batch", p,
                               p.seconds, {p.lowSeconds, p.highSeconds}, p.boundSeconds));
    }
    return out;
}

std::string scenarioCaption(const Scenario& scenario) {
    const Workload& w = scenario.workload;
    std::string s = scenario.model.name + " on " + formatInteger(w.tensorParallel) + " × " +
                    scenario.hardware.name;
    if (w.tensorParallel > 1) {
        s += " (tensor parallel";
        s += w.expertParallel && scenario.model.moe.numExperts > 0 ? ", experts parallel)" : ")";
    }
    s += " · weights " + weightsText(w) + ", activations " +
         std::string(toString(w.activationPrecision)) + ", KV cache " +
         std::string(toString(w.kvPrecision));
    s += " · batch " + formatInteger(w.batch) + ", prompt " + formatInteger(w.promptTokens) +
         " tokens, context " + formatInteger(w.contextTokens) + " tokens";
    if (w.prefillDevices > 0) {
        s += " · disaggregated: prefill on " + formatInteger(w.prefillDevices) + ", decode on " +
             formatInteger(w.tensorParallel);
    }
    if (w.speculativeTokens > 0) {
        const bool model = w.draftKind == DraftKind::Model && scenario.draft.has_value();
        s += " · speculative k " + formatInteger(w.speculativeTokens) + ", α " +
             num(w.acceptanceRate) + ", " +
             (model ? scenario.draft->name + " draft" : std::string("n-gram draft"));
    }
    if (!w.flashAttention) {
        s += " · FlashAttention off";
    }
    if (w.ceilings != Ceilings::Peak) {
        s += " · " + std::string(toString(w.ceilings)) + " ceilings";
    }
    return s;
}

}  // namespace roofline
