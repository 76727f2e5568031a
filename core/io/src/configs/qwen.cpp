// SPDX-License-Identifier: GPL-3.0-or-later
// qwen2, qwen2_moe, qwen3, qwen3_moe: transformers/models/qwen2/modeling_qwen2.py,
// transformers/models/qwen2_moe/modeling_qwen2_moe.py, transformers/models/qwen3/modeling_qwen3.py,
// transformers/models/qwen3_moe/modeling_qwen3_moe.py.
// Qwen2 always biases q, k, v (never o); Qwen3 has no biases (attention_bias) and a per-head
// RMSNorm on q and k. MoE layers: layer i is sparse when it is not in mlp_only_layers and
// (i + 1) % decoder_sparse_step == 0; Qwen2-MoE adds a shared expert of
// shared_expert_intermediate_size with a sigmoid gate (h → 1). Sliding windows only with
// use_sliding_window, from max_window_layers on.

#include <algorithm>

#include "reader.h"

namespace roofline::io::detail::configs {

void readQwenSparseLayers(Reading& x) {
    const Model& m = x.m;
    const std::int64_t step = x.r.integer("decoder_sparse_step", false, 1, m.numLayers).value_or(1);
    const std::vector<std::int64_t> mlpOnly = integerList(x, "mlp_only_layers");
    for (std::int64_t i = 0; i < m.numLayers; ++i) {
        const bool sparse =
            std::find(mlpOnly.begin(), mlpOnly.end(), i) == mlpOnly.end() && (i + 1) % step == 0;
        x.layers[static_cast<std::size_t>(i)].mlp = sparse ? MlpKind::Moe : MlpKind::Dense;
    }
}

void readQwen(Reading& x) {
    readCommon(x);
    Model& m = x.m;
    const bool moe = x.type == "qwen2_moe" || x.type == "qwen3_moe";
    m.qkNorm = x.type == "qwen3" || x.type == "qwen3_moe";
    readBiases(x);
    if (x.type == "qwen2" || x.type == "qwen2_moe") {
        m.qkvBias = true;  // Qwen2 always biases q, k, v (not o)
        m.oBias = false;
    }
    if (moe && readExperts(x, "num_experts", true, "moe_intermediate_size") > 0 &&
        x.type == "qwen2_moe") {
        m.moe.sharedIntermediateSize =
            x.r.integer("shared_expert_intermediate_size", false, 0, kMaxDim).value_or(0);
        m.moe.sharedExpertGate = m.moe.sharedIntermediateSize > 0;
        x.key("moe.sharedIntermediateSize", "shared_expert_intermediate_size");
    }
    if (x.failed()) {
        return;
    }
    if (m.moe.enabled()) {
        readQwenSparseLayers(x);
    }
    const std::int64_t window = slidingWindow(x);
    if (!windowsFromLayerTypes(x, window) && window > 0 &&
        booleanOr(x, "use_sliding_window", false)) {
        const std::int64_t from =
            x.r.integer("max_window_layers", false, 0, m.numLayers).value_or(0);
        for (std::int64_t i = from; i < m.numLayers; ++i) {
            x.layers[static_cast<std::size_t>(i)].span = AttentionSpan::Sliding;
            x.layers[static_cast<std::size_t>(i)].window = window;
        }
    }
}

}  // namespace roofline::io::detail::configs
