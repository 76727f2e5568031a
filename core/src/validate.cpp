// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/validate.h"

#include <cmath>
#include <algorithm>
#include <cstdio>

namespace roofline {

namespace {

std::string numberText(double v) {
    if (std::isnan(v)) {
        return "NaN";
    }
    if (std::isinf(v)) {
        return v > 0 ? "infinity" : "-infinity";
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.6g", v);
    return buffer;
}

class Checker {
public:
    explicit Checker(const std::string& file) : m_file(file) {}

    void error(std::string pointer, std::string expected, std::string found) {
        m_issues.push_back({Severity::Error, m_file, std::move(pointer), std::move(expected),
                            std::move(found)});
    }
    void positive(const std::string& pointer, double v) {
        if (!(std::isfinite(v) && v > 0.0)) {
            error(pointer, "a positive finite number", numberText(v));
        }
    }
    void nonNegative(const std::string& pointer, double v) {
        if (!(std::isfinite(v) && v >= 0.0)) {
            error(pointer, "a finite number ≥ 0", numberText(v));
        }
    }
    void range(const std::string& pointer, std::int64_t v, std::int64_t lo, std::int64_t hi) {
        if (v < lo || v > hi) {
            error(pointer, "an integer from " + std::to_string(lo) + " to " + std::to_string(hi),
                  std::to_string(v));
        }
    }
    std::vector<Issue> take() { return std::move(m_issues); }

private:
    std::string m_file;
    std::vector<Issue> m_issues;
};

// Layer sizes beyond this are not a model but a typo; keeps every product finite.
constexpr std::int64_t kMaxDimension = 10'000'000;
constexpr std::int64_t kMaxLayers = 100'000;

}  // namespace

std::string Issue::message() const {
    std::string out;
    if (!file.empty()) {
        out += file + ": ";
    }
    out += pointer.empty() ? std::string("the file") : pointer;
    out += " must be " + expected + ", got " + found;
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
    c.positive("/memory_bandwidth_tb_s", hw.memoryBandwidthBytesPerSecond);
    c.positive("/memory_capacity_gb", hw.memoryCapacityBytes);
    bool anyRoof = false;
    for (Precision p : kAllPrecisions) {
        const double peak = hw.peak(p);
        c.nonNegative("/peak_dense_tflops/" + std::string(toString(p)), peak);
        anyRoof = anyRoof || (std::isfinite(peak) && peak > 0.0);
    }
    if (!anyRoof) {
        c.error("/peak_dense_tflops", "at least one positive peak (e.g. \"bf16\")", "none");
    }
    c.nonNegative("/interconnect/bandwidth_gb_s_per_direction",
                  hw.interconnectBandwidthBytesPerSecond);
    c.nonNegative("/interconnect/latency_us", hw.collectiveLatencySeconds);
    c.nonNegative("/l2_cache_mb", hw.onChipCacheBytes);
    return c.take();
}

std::vector<Issue> validate(const Model& m, const std::string& file) {
    Checker c(file);
    c.range("/num_hidden_layers", m.numLayers, 1, kMaxLayers);
    c.range("/hidden_size", m.hiddenSize, 1, kMaxDimension);
    c.range("/num_attention_heads", m.numQueryHeads, 1, kMaxDimension);
    c.range("/vocab_size", m.vocabSize, 1, kMaxDimension * 10);
    c.range("/normsPerLayer", m.normsPerLayer, 0, 16);
    if (m.mla.enabled()) {
        c.range("/kv_lora_rank", m.mla.kvLoraRank, 1, kMaxDimension);
        c.range("/q_lora_rank", m.mla.qLoraRank, 0, kMaxDimension);
        c.range("/qk_nope_head_dim", m.mla.qkNopeHeadDim, 1, kMaxDimension);
        c.range("/qk_rope_head_dim", m.mla.qkRopeHeadDim, 0, kMaxDimension);
        c.range("/v_head_dim", m.mla.vHeadDim, 1, kMaxDimension);
    } else {
        c.range("/head_dim", m.headDim, 1, kMaxDimension);
        c.range("/num_key_value_heads", m.numKvHeads, 1, kMaxDimension);
        if (m.numKvHeads >= 1 && m.numQueryHeads >= 1 && m.numQueryHeads % m.numKvHeads != 0) {
            c.error("/num_key_value_heads",
                    "a divisor of num_attention_heads (" + std::to_string(m.numQueryHeads) + ")",
                    std::to_string(m.numKvHeads));
        }
    }
    std::int64_t layers = 0;
    bool anyDense = false;
    bool anyMoe = false;
    for (const LayerGroup& g : m.layerGroups) {
        if (g.count < 1 || g.slidingWindow < 0) {
            c.error("/layer_types", "layer groups with a positive count and window ≥ 0",
                    std::to_string(g.count) + " layers, window " +
                        std::to_string(g.slidingWindow));
        }
        layers += g.count;
        (g.moe ? anyMoe : anyDense) = true;
    }
    if (layers != m.numLayers) {
        c.error("/num_hidden_layers",
                "the number of layers described (" + std::to_string(layers) + ")",
                std::to_string(m.numLayers));
    }
    if (anyDense) {
        c.range("/intermediate_size", m.intermediateSize, 1, kMaxDimension);
    }
    if (anyMoe) {
        c.range("/num_experts", m.moe.numExperts, 1, 1'000'000);
        c.range("/num_experts_per_tok", m.moe.expertsPerToken, 1,
                std::max<std::int64_t>(1, m.moe.numExperts));
        c.range("/moe_intermediate_size", m.moe.expertIntermediateSize, 1, kMaxDimension);
        c.range("/shared_expert_intermediate_size", m.moe.sharedIntermediateSize, 0,
                kMaxDimension);
    }
    return c.take();
}

std::vector<Issue> validate(const Workload& wl, const Model& m, const std::string& file) {
    Checker c(file);
    c.range("/batch", wl.batch, 1, kMaxBatch);
    c.range("/prompt_tokens", wl.promptTokens, 1, kMaxTokens);
    c.range("/context_tokens", wl.contextTokens, 0, kMaxTokens);
    c.range("/tensor_parallel", wl.tensorParallel, 1, kMaxTensorParallel);
    // append(), not "\"" + std::string: GCC 12 -O3 warns a false -Wrestrict (GCC bug 105651).
    const auto storage = [&](const char* pointer, Precision p) {
        if (!isStoragePrecision(p)) {
            c.error(pointer, "one of fp32, bf16, fp16, fp8, int8, int4, fp4",
                    std::string("\"").append(toString(p)).append("\""));
        }
    };
    storage("/weights", wl.weightPrecision);
    storage("/activations", wl.activationPrecision);
    storage("/kv_cache", wl.kvPrecision);

    const std::int64_t nq = m.numQueryHeads;
    if (wl.kvHeadsOverride < 0 ||
        (wl.kvHeadsOverride > 0 && nq > 0 && nq % wl.kvHeadsOverride != 0)) {
        c.error("/kv_heads",
                "0 (the model's own) or a divisor of the " + std::to_string(nq) + " query heads",
                std::to_string(wl.kvHeadsOverride));
    }
    const std::int64_t d = wl.tensorParallel;
    if (d > 1 && nq > 0) {
        const std::int64_t nkv = wl.kvHeadsOverride > 0 ? wl.kvHeadsOverride : m.numKvHeads;
        if (nq % d != 0) {
            c.error("/tensor_parallel",
                    "a divisor of the " + std::to_string(nq) + " query heads", std::to_string(d));
        } else if (!m.mla.enabled() && nkv > 0 && nkv % d != 0 && d % nkv != 0) {
            c.error("/tensor_parallel",
                    "a divisor or multiple of the " + std::to_string(nkv) + " KV heads",
                    std::to_string(d));
        }
    }
    return c.take();
}

std::vector<Issue> validate(const Scenario& s) {
    std::vector<Issue> all = validate(s.hardware);
    for (auto&& list : {validate(s.model), validate(s.workload, s.model)}) {
        all.insert(all.end(), list.begin(), list.end());
    }
    return all;
}

}  // namespace roofline
