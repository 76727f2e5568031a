// SPDX-License-Identifier: GPL-3.0-or-later
// qwen2, qwen2_moe, qwen3, qwen3_moe: transformers/models/qwen2/modeling_qwen2.py,
// transformers/models/qwen2_moe/modeling_qwen2_moe.py, transformers/models/qwen3/modeling_qwen3.py,
// transformers/models/qwen3_moe/modeling_qwen3_moe.py.
// Qwen2 always biases q, k, v (never o); Qwen3 has no biases (attention_bias) and a per-head
// RMSNorm on q and k. MoE layers: layer i is sparse when it is not in mlp_only_layers and
// (i + 1) % decoder_sparse_step == 0; Qwen2-MoE adds a shared expert of
// shared_expert_intermediate_size with a sigmoid gate (h → 1). Sliding windows only with
// use_sliding_window, from max_window_layers on.
//
// mimo (Xiaomi MiMo-7B, MiMoForCausalLM; its remote code and vLLM's
// vllm/model_executor/models/mimo.py and mimo_mtp.py): Qwen2's decoder, plus
// num_nextn_predict_layers MTP layers, each a Qwen2 decoder layer with token_layernorm,
// hidden_layernorm, input_proj (2h → h, no bias) and final_layernorm (Model::mtp).
//
// The vision-language wrappers read their decoder the same way:
// qwen2_5_vl (transformers/models/qwen2_5_vl/modeling_qwen2_5_vl.py, Qwen2_5_VLTextModel): Qwen2's
// layer; older configs keep the text keys at the top, newer ones in text_config
// (qwen2_5_vl_text). qwen3_vl and qwen3_vl_moe (transformers/models/qwen3_vl/modeling_qwen3_vl.py,
// transformers/models/qwen3_vl_moe/modeling_qwen3_vl_moe.py): Qwen3's and Qwen3-MoE's layers in
// text_config. The vision tower is counted into Model::visionParameters (vision_towers.cpp);
// images are not part of the scenario, and the deepstack features Qwen3-VL adds to the first
// layers' hidden states are an add per image token, not a weight.

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

namespace {

// What differs between the Qwen decoders this file reads.
struct QwenLayer {
    bool qwen2Biases = false;  ///< q, k, v biased, o not (Qwen2), else attention_bias
    bool qkNorm = false;       ///< per-head q_norm and k_norm (Qwen3)
    bool moe = false;
    bool sharedExpert = false;  ///< shared_expert_intermediate_size with a gate (Qwen2-MoE)
};

void readQwenDecoder(Reading& x, const QwenLayer& q) {
    // Both act only with a sliding_window, and are read then (layer_types, when present,
    // decides instead: the config class derives it from them).
    x.harmless({"use_sliding_window", "max_window_layers"});
    readCommon(x);
    Model& m = x.m;
    m.qkNorm = q.qkNorm;
    readBiases(x);
    if (q.qwen2Biases) {
        m.qkvBias = true;  // Qwen2 always biases q, k, v (not o)
        m.oBias = false;
    }
    if (q.moe && readExperts(x, "num_experts", true, "moe_intermediate_size") > 0 &&
        q.sharedExpert) {
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

}  // namespace

void readQwen(Reading& x) {
    const bool qwen2 = x.type == "qwen2" || x.type == "qwen2_moe" || x.type == "mimo";
    readQwenDecoder(x, {.qwen2Biases = qwen2,
                        .qkNorm = !qwen2,
                        .moe = x.type == "qwen2_moe" || x.type == "qwen3_moe",
                        .sharedExpert = x.type == "qwen2_moe"});
    if (x.type == "mimo" && !x.failed()) {
        readMtp(x, "num_nextn_predict_layers", {.mixer = MixerKind::Attention});
    }
}

void readQwenVl(Reading& x) {
    const bool qwen25 = x.type == "qwen2_5_vl";
    readQwenDecoder(x, {.qwen2Biases = qwen25,
                        .qkNorm = !qwen25,
                        .moe = x.type == "qwen3_vl_moe",
                        .sharedExpert = false});
    if (x.failed()) {
        return;
    }
    // The wrapper's tie_word_embeddings decides where text_config leaves it out (the
    // ForConditionalGeneration class ties its lm_head by the top-level config).
    if (&x.text != &x.root && !x.r.has("tie_word_embeddings")) {
        x.m.tieWordEmbeddings = x.top.boolean("tie_word_embeddings", false).value_or(false);
    }
    x.m.visionParameters = qwen25 ? qwen25VlVisionParameters(x) : qwen3VlVisionParameters(x);
}

}  // namespace roofline::io::detail::configs
