// SPDX-License-Identifier: GPL-3.0-or-later
// granitemoehybrid (Granite 4.0-H): transformers/models/granitemoehybrid/
// modeling_granitemoehybrid.py. layer_types (or layers_block_type) names each layer "mamba" or
// "attention"; every layer has two norms, the mixer, and a shared gated MLP of
// shared_intermediate_size, plus num_local_experts gated experts of intermediate_size (top
// num_experts_per_tok, router without bias) when num_local_experts > 0.
// - Mamba-2 (GraniteMoeHybridMambaLayer): mamba_n_heads heads of mamba_d_head ("auto" =
//   mamba_expand · h / heads), mamba_d_state, mamba_n_groups, mamba_d_conv, mamba_conv_bias,
//   mamba_proj_bias; the state at mamba_ssm_dtype when given, else torch_dtype.
// - Attention: attention_bias, no q/k norm.

#include "reader.h"

namespace roofline::io::detail::configs {

void readGraniteHybrid(Reading& x) {
    readCommon(x, {.intermediateRequired = false});
    Model& m = x.m;
    readBiases(x);
    MambaShape& s = m.mamba;
    s.numHeads = x.r.integer("mamba_n_heads", true, 1, kMaxDim).value_or(0);
    const Json* dHead = x.r.find("mamba_d_head");
    if (dHead != nullptr && dHead->is_string() && dHead->get<std::string>() == "auto") {
        const std::int64_t expand = x.r.integer("mamba_expand", false, 1, 1024).value_or(2);
        s.headDim = s.numHeads > 0 ? expand * m.hiddenSize / s.numHeads : 0;
    } else {
        s.headDim = x.r.integer("mamba_d_head", true, 1, kMaxDim).value_or(0);
    }
    s.stateSize = x.r.integer("mamba_d_state", true, 1, kMaxDim).value_or(0);
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
    const std::int64_t shared =
        x.r.integer("shared_intermediate_size", true, 1, kMaxDim).value_or(0);
    const std::int64_t experts = x.r.integer("num_local_experts", false, 0, kAnyCount).value_or(0);
    if (experts > 0) {
        readExperts(x, "num_local_experts", true, "intermediate_size");
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
    bool ok = t != nullptr && t->is_array() && t->size() == x.layers.size();
    for (std::size_t i = 0; ok && i < x.layers.size(); ++i) {
        const std::string k = (*t)[i].is_string() ? (*t)[i].get<std::string>() : "";
        ok = k == "mamba" || k == "attention";
        x.layers[i].mixer = k == "mamba" ? MixerKind::Mamba2 : MixerKind::Attention;
        x.layers[i].mlp = experts > 0 ? MlpKind::Moe : MlpKind::Dense;
    }
    if (!ok) {
        x.error(key, "a list of " + std::to_string(m.numLayers) + " \"mamba\" or \"attention\"",
                t == nullptr ? "missing" : foundText(*t));
        return;
    }
    x.keys.add("layerGroups", x.r.pointerTo(key));
}

}  // namespace roofline::io::detail::configs
