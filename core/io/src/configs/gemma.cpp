// SPDX-License-Identifier: GPL-3.0-or-later
// gemma, gemma2: transformers/models/gemma/modeling_gemma.py,
// transformers/models/gemma2/modeling_gemma2.py. Tied embeddings by default, a GeGLU MLP;
// Gemma-2 has four norms per layer (input, post-attention, pre- and post-feedforward) and
// alternates sliding (even layers) and global attention unless layer_types says otherwise.
//
// gemma3_text, gemma3: transformers/models/gemma3/modeling_gemma3.py. Four norms per layer and
// a per-head RMSNorm on q and k; tied embeddings; layer_types, else sliding_window_pattern
// (default 6: layer i is global when (i + 1) % 6 == 0). The multimodal gemma3 reads its
// decoder from text_config (Gemma3TextConfig's defaults for the keys it leaves out: Gemma 3
// 4B/12B/27B configs omit vocab_size) and counts the SigLIP tower and the projector.
//
// gemma4_text, gemma4: transformers/models/gemma4/modeling_gemma4.py. Gemma 3's layer with
// per-kind attention: global layers use global_head_dim and, with attention_k_eq_v,
// num_global_key_value_heads and no v_proj (the values are the key projection's output,
// normed without a scale: K and V are both cached). With enable_moe_block the dense MLP runs beside
// num_experts routed experts of moe_intermediate_size (read as an always-on shared expert of
// intermediate_size, which is what it is) with three more norms. The small ones (E2B, E4B) have
// per-layer input embeddings (hidden_size_per_layer_input, Model::perLayerInputSize) and
// their last num_kv_shared_layers layers read an earlier layer's keys and values
// (LayerGroup::kvShared), with a double-wide MLP under use_double_wide_mlp.

#include <algorithm>

#include "reader.h"

namespace roofline::io::detail::configs {

namespace {

// Gemma's keys that change no count: the soft-caps are one tanh per attention score or logit
// (elementwise work the engine does not count), query_pre_attn_scalar only scales the scores,
// hidden_activation names the gate's function, and cache_implementation and
// rope_local_base_freq are the Python cache class and the local layers' rotary base.
void gemmaHarmless(Reading& x) {
    x.harmless({"attn_logit_softcapping", "final_logit_softcapping", "query_pre_attn_scalar",
                "hidden_activation", "cache_implementation", "rope_local_base_freq"});
}

}  // namespace

void readGemma(Reading& x) {
    gemmaHarmless(x);
    readCommon(x, {.tieWordEmbeddings = true});
    readBiases(x);
    x.m.normsPerLayer = x.type == "gemma2" ? 4 : 2;
    if (x.failed()) {
        return;
    }
    const std::int64_t window = slidingWindow(x);
    if (!windowsFromLayerTypes(x, window) && window > 0 && x.type == "gemma2") {
        for (std::size_t i = 0; i < x.layers.size(); i += 2) {
            x.layers[i].span = AttentionSpan::Sliding;  // even layers slide; odd are global
            x.layers[i].window = window;
        }
    }
}

namespace {

// Local layers, then a global one, `pattern` layers a period (Gemma 3, Cohere 2).
void localGlobalPattern(Reading& x, std::int64_t window, std::int64_t pattern) {
    for (std::size_t i = 0; i < x.layers.size(); ++i) {
        if (static_cast<std::int64_t>(i + 1) % pattern != 0) {
            x.layers[i].span = AttentionSpan::Sliding;
            x.layers[i].window = window;
        }
    }
}

}  // namespace

void readGemma3(Reading& x) {
    gemmaHarmless(x);
    // Gemma3TextConfig's defaults (transformers/models/gemma3/configuration_gemma3.py).
    readCommon(x, {.vocabSize = 262'208,
                   .intermediateSize = 9216,
                   .numLayers = 26,
                   .numQueryHeads = 8,
                   .numKvHeads = 4,
                   .headDim = 256,
                   .tieWordEmbeddings = true});
    readBiases(x);
    x.m.normsPerLayer = 4;
    x.m.qkNorm = true;
    if (x.failed()) {
        return;
    }
    const std::int64_t window = x.r.has("sliding_window") ? slidingWindow(x) : 4096;
    if (!windowsFromLayerTypes(x, window)) {
        const std::int64_t pattern =
            x.r.integer("sliding_window_pattern", false, 1, kMaxLayers).value_or(6);
        localGlobalPattern(x, window, pattern);
    }
    if (x.type == "gemma3") {
        x.m.visionParameters = siglipGemma3VisionParameters(x);
    }
}

void readGemma4(Reading& x) {
    gemmaHarmless(x);
    readCommon(x, {.vocabSize = 262'144,
                   .intermediateSize = 9216,
                   .numLayers = 30,
                   .numQueryHeads = 8,
                   .numKvHeads = 4,
                   .headDim = 256,
                   .tieWordEmbeddings = true});
    readBiases(x);
    Model& m = x.m;
    m.normsPerLayer = 4;
    m.qkNorm = true;
    // Per-layer input embeddings (Gemma 4 E2B/E4B; Gemma4TextConfig's defaults: 256 wide, a
    // 262,144-row table; an explicit 0 or null turns them off, as in the 26B and 31B).
    const bool perLayerNull = x.r.find("hidden_size_per_layer_input") == nullptr &&
                              x.text.contains("hidden_size_per_layer_input");
    m.perLayerInputSize =
        perLayerNull ? 0
                     : x.r.integer("hidden_size_per_layer_input", false, 0, kMaxDim).value_or(256);
    if (m.perLayerInputSize > 0) {
        m.perLayerInputVocab =
            x.r.integer("vocab_size_per_layer_input", false, 1, kMaxDim * 10).value_or(262'144);
    }
    // KV sharing: the last num_kv_shared_layers layers read the keys and values of the last
    // earlier layer of their type (Gemma4TextAttention), and with use_double_wide_mlp their
    // MLP is twice as wide (Gemma4TextMLP).
    const std::int64_t kvShared =
        x.r.integer("num_kv_shared_layers", false, 0, m.numLayers).value_or(0);
    const bool doubleWide = booleanOr(x, "use_double_wide_mlp", false);
    if (booleanOr(x, "enable_moe_block", false)) {
        readExperts(x, "num_experts", true, "moe_intermediate_size", "top_k_experts");
        m.moe.sharedIntermediateSize = m.intermediateSize;  // the dense MLP beside the experts
    }
    if (x.failed()) {
        return;
    }
    const std::int64_t window = x.r.has("sliding_window") ? slidingWindow(x) : 512;
    if (!windowsFromLayerTypes(x, window)) {
        localGlobalPattern(x, window, 6);
    }
    x.layers.back().span = AttentionSpan::Full;  // transformers forces the last layer global
    x.layers.back().window = 0;
    const auto firstShared = static_cast<std::size_t>(m.numLayers - kvShared);
    for (std::size_t i = firstShared; i < x.layers.size(); ++i) {
        LayerGroup& l = x.layers[i];
        const bool hasSource = std::any_of(
            x.layers.begin(), x.layers.begin() + static_cast<std::ptrdiff_t>(firstShared),
            [&](const LayerGroup& e) { return e.span == l.span; });
        if (!hasSource) {
            x.error("num_kv_shared_layers",
                    "at most the layers whose kind an earlier layer has (a shared layer reads the "
                    "last earlier layer of its kind)",
                    std::to_string(kvShared) + ", sharing layer " + std::to_string(i));
            return;
        }
        l.kvShared = true;
        if (doubleWide && firstShared > 0) {
            if (m.moe.enabled()) {
                x.error("use_double_wide_mlp",
                        "false with enable_moe_block (a double-wide MLP beside experts is not "
                        "modelled)",
                        "true");
                return;
            }
            l.intermediateSize = 2 * m.intermediateSize;
        }
    }
    const std::int64_t globalHeadDim =
        x.r.integer("global_head_dim", false, 1, kMaxDim).value_or(512);
    const bool kEqV = booleanOr(x, "attention_k_eq_v", false);
    const std::int64_t globalKv =
        kEqV ? x.r.integer("num_global_key_value_heads", false, 1, kMaxDim).value_or(0) : 0;
    for (LayerGroup& l : x.layers) {
        if (m.moe.enabled()) {
            l.mlp = MlpKind::Moe;
            l.norms = 7;  // + post_feedforward_layernorm_1/_2, pre_feedforward_layernorm_2
        }
        if (l.span == AttentionSpan::Full) {
            l.headDim = globalHeadDim;
            l.numKvHeads = globalKv;  // 0 = num_key_value_heads
            l.sharedKv = kEqV;        // no v_proj: V is the key projection (then v_norm)
        }
    }
    if (x.type == "gemma4" && x.top.has("vision_config")) {
        x.top.warning("vision_config",
                      "a vision tower this program counts (gemma4's vision and audio towers are "
                      "not counted: the decoder alone is analysed)",
                      "a gemma4 vision_config");
    }
}

}  // namespace roofline::io::detail::configs
