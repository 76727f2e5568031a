// SPDX-License-Identifier: GPL-3.0-or-later
// granitemoehybrid (Granite 4.0-H): transformers/models/granitemoehybrid/
// modeling_granitemoehybrid.py. layer_types (or layers_block_type) names each layer "mamba" or
// "attention"; every layer has two norms, the mixer, and a shared gated MLP of
// shared_intermediate_size, plus num_local_experts gated experts of intermediate_size (top
// num_experts_per_tok, router without bias) when num_local_experts > 0.
// - Mamba-2 (GraniteMoeHybridMambaLayer): mamba_n_heads heads of mamba_d_head ("auto" =
//   mamba_expand · h / heads), mamba_d_state, mamba_n_groups, mamba_d_conv, mamba_conv_bias,
//   mamba_proj_bias; the state at mamba_ssm_dtype when given, else torch_dtype.
// - GraniteMoeHybridConfig's defaults where a key is absent: mamba_n_heads 128, mamba_d_head
//   "auto", mamba_d_state 256, mamba_expand 2, shared_intermediate_size 1024,
//   num_local_experts 8 (of intermediate_size 11008), layer_types none = every layer Mamba
//   (its layers_block_type property); heads × head dim must equal mamba_expand · h, as
//   __init__ validates.
// - Attention: attention_bias, no q/k norm.

#include "reader.h"

namespace roofline::io::detail::configs {

void readGraniteHybrid(Reading& x) {
    readCommon(x, {.vocabSize = 32000,
                   .hiddenSize = 4096,
                   .intermediateSize = 11008,
                   .numLayers = 32,
                   .numQueryHeads = 32});
    Model& m = x.m;
    readBiases(x);
    if (x.failed()) {
        return;
    }
    MambaShape& s = m.mamba;
    s.numHeads = integerOr(x, "mamba_n_heads", 128, 1, kMaxDim);
    const std::int64_t inner = integerOr(x, "mamba_expand", 2, 1, 1024) * m.hiddenSize;
    const Json* dHead = x.r.find("mamba_d_head");
    if (dHead == nullptr || (dHead->is_string() && dHead->get<std::string>() == "auto")) {
        s.headDim = inner / s.numHeads;
    } else {
        s.headDim = x.r.integer("mamba_d_head", true, 1, kMaxDim).value_or(0);
    }
    if (s.numHeads * s.headDim != inner && !x.failed()) {
        x.error("mamba_d_head",
                "heads × head dim equal to the Mamba inner width mamba_expand × hidden_size = " +
                    std::to_string(inner),
                std::to_string(s.numHeads) + " × " + std::to_string(s.headDim));
        return;
    }
    s.stateSize = integerOr(x, "mamba_d_state", 256, 1, kMaxDim);
    s.numGroups = x.r.integer("mamba_n_groups", false, 1, kMaxDim).value_or(1);
    s.convKernel = x.r.integer("mamba_d_conv", false, 1, 1024).value_or(4);
    s.projectionBias = booleanOr(x, "mamba_proj_bias", false);
    s.outProjectionBias = s.projectionBias;
    s.convBias = booleanOr(x, "mamba_conv_bias", true);
    x.key("mamba.numHeads", "mamba_n_heads");
    x.key("mamba.headDim", "mamba_d_head");
    x.key("mamba.stateSize", "mamba_d_state");
    x.key("mamba.numGroups", "mamba_n_groups");
    x.key("mamba.convKernel", "mamba_d_conv");
    m.statePrecision = stateDtype(x, {"mamba_ssm_dtype", "mamba_ssm_cache_dtype"});
    m.convStatePrecision = modelDtype(x);
    const std::int64_t shared = integerOr(x, "shared_intermediate_size", 1024, 1, kMaxDim);
    const std::int64_t experts = integerOr(x, "num_local_experts", 8, 0, kAnyCount);
    if (experts > 0) {
        m.moe.numExperts = experts;
        m.moe.expertsPerToken = integerOr(x, "num_experts_per_tok", 2, 1, experts);
        m.moe.expertIntermediateSize = m.intermediateSize;
        x.key("moe.numExperts", "num_local_experts");
        x.key("moe.expertsPerToken", "num_experts_per_tok");
        x.key("moe.expertIntermediateSize", "intermediate_size");
        m.moe.sharedIntermediateSize = shared;
        x.key("moe.sharedIntermediateSize", "shared_intermediate_size");
    } else {
        m.intermediateSize = shared;
        x.key("intermediateSize", "shared_intermediate_size");
    }
    if (x.failed()) {
        return;
    }
    const std::string key = x.r.has("layer_types") ? "layer_types" : "layers_block_type";
    const Json* t = x.r.find(key);
    if (t == nullptr) {  // GraniteMoeHybridConfig.layers_block_type: every layer Mamba
        for (LayerGroup& l : x.layers) {
            l.mixer = MixerKind::Mamba2;
            l.mlp = experts > 0 ? MlpKind::Moe : MlpKind::Dense;
        }
        return;
    }
    bool ok = t->is_array() && t->size() == x.layers.size();
    for (std::size_t i = 0; ok && i < x.layers.size(); ++i) {
        const std::string k = (*t)[i].is_string() ? (*t)[i].get<std::string>() : "";
        ok = k == "mamba" || k == "attention";
        x.layers[i].mixer = k == "mamba" ? MixerKind::Mamba2 : MixerKind::Attention;
        x.layers[i].mlp = experts > 0 ? MlpKind::Moe : MlpKind::Dense;
    }
    if (!ok) {
        x.error(key, "a list of " + std::to_string(m.numLayers) + " \"mamba\" or \"attention\"",
                foundText(*t));
        return;
    }
    x.keys.add("layerGroups", x.r.pointerTo(key));
}

}  // namespace roofline::io::detail::configs
