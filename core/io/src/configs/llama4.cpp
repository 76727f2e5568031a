// SPDX-License-Identifier: GPL-3.0-or-later
// llama4, llama4_text: transformers/models/llama4/modeling_llama4.py and
// configuration_llama4.py. The decoder is text_config (Llama4ForConditionalGeneration).
// - Attention: q/k/v/o biased by attention_bias; the q/k norm of use_qk_norm is an L2 norm
//   without weights (Llama4TextL2Norm), so it adds no parameters.
// - Which layers are chunked: layer_types ("chunked_attention" / "full_attention"), else
//   no_rope_layers (1 = RoPE = chunked local attention over attention_chunk_size tokens,
//   0 = NoPE = global); an empty or missing list is the default interval of 4 (layers 3, 7,
//   11, ... global).
// - MoE layers: moe_layers, else every interleave_moe_layer_step-th layer (step - 1, 2·step
//   - 1, ...). An MoE layer has num_local_experts routed experts of intermediate_size, top
//   num_experts_per_tok, and one shared expert of intermediate_size (Llama4TextMoe); the
//   dense layers' MLP is intermediate_size_mlp wide.
// The vision tower (vision_config) and the projector are counted into Model::visionParameters.

#include <algorithm>

#include "reader.h"

namespace roofline::io::detail::configs {

void readLlama4(Reading& x) {
    // use_qk_norm's norm is an L2 norm without weights (Llama4TextL2Norm): no parameter, and
    // elementwise work the engine does not count; for_llm_compressor is a conversion flag.
    x.harmless({"use_qk_norm", "for_llm_compressor"});
    readCommon(x);
    Model& m = x.m;
    readBiases(x);
    if (readExperts(x, "num_local_experts", true, "intermediate_size") > 0) {
        m.moe.sharedIntermediateSize = m.intermediateSize;  // one shared expert (Llama4TextMoe)
    }
    if (x.r.has("intermediate_size_mlp")) {
        m.intermediateSize = x.r.integer("intermediate_size_mlp", true, 1, kMaxDim).value_or(0);
        x.key("intermediateSize", "intermediate_size_mlp");
    }
    if (x.failed()) {
        return;
    }
    const std::int64_t L = m.numLayers;
    // MoE layers.
    std::vector<std::int64_t> moeLayers = integerList(x, "moe_layers");
    if (!x.r.has("moe_layers")) {
        const std::int64_t step = x.r.integer("interleave_moe_layer_step", false, 1, L).value_or(1);
        for (std::int64_t i = step - 1; i < L; i += step) {
            moeLayers.push_back(i);
        }
    }
    for (std::int64_t i = 0; i < L; ++i) {
        const bool moe =
            m.moe.enabled() && std::find(moeLayers.begin(), moeLayers.end(), i) != moeLayers.end();
        x.layers[static_cast<std::size_t>(i)].mlp = moe ? MlpKind::Moe : MlpKind::Dense;
    }
    // Chunked (RoPE) and global (NoPE) layers.
    const std::int64_t chunk =
        x.r.integer("attention_chunk_size", false, 1, kMaxDim * 100).value_or(0);
    std::vector<bool> chunked(static_cast<std::size_t>(L), false);
    if (x.r.has("layer_types")) {
        const std::vector<std::string> types =
            layerTypes(x, {"full_attention", "chunked_attention"});
        for (std::size_t i = 0; i < types.size(); ++i) {
            chunked[i] = types[i] == "chunked_attention";
        }
    } else {
        const std::vector<std::int64_t> rope = integerList(x, "no_rope_layers");
        if (!rope.empty() && rope.size() != chunked.size()) {
            x.error("no_rope_layers",
                    "a list of " + std::to_string(L) + " flags (1 = RoPE, 0 = NoPE), or empty",
                    foundText(*x.r.find("no_rope_layers")));
            return;
        }
        for (std::int64_t i = 0; i < L; ++i) {
            chunked[static_cast<std::size_t>(i)] =
                rope.empty() ? (i + 1) % 4 != 0 : rope[static_cast<std::size_t>(i)] != 0;
        }
    }
    if (chunk > 0) {
        for (std::size_t i = 0; i < chunked.size(); ++i) {
            if (chunked[i]) {
                x.layers[i].span = AttentionSpan::Chunked;
                x.layers[i].window = chunk;
            }
        }
    }
    if (x.type == "llama4") {
        m.visionParameters = llama4VisionParameters(x);
    }
}

}  // namespace roofline::io::detail::configs
