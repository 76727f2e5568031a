// SPDX-License-Identifier: GPL-3.0-or-later
// minimax_m2: transformers/models/minimax_m2/modeling_minimax_m2.py. Full attention on every
// layer (MiniMax-M1's lightning attention is gone), no biases, an RMSNorm over the whole q and
// k projections (FlexOlmo's: Model::qkNormWhole), and on every
// layer num_local_experts Mixtral experts of intermediate_size, top num_experts_per_tok, a
// sigmoid router with an e_score_correction_bias, no shared expert. MTP modules
// (num_mtp_modules × mtp_transformer_layers, when use_mtp) are read into Model::mtp.
// attn_type_list, where a config has it, marks each layer as MiniMax's modelling code and
// vLLM read it (MiniMax-Text-01 / M1: 0 = lightning, a linear attention, 1 = full softmax
// attention; vLLM's config counts the attention layers as the entries equal to 1). M2's own
// configs mark every layer 1. This program has no lightning-attention kind: a layer marked 0
// is read as a Gated DeltaNet layer of num_attention_heads × head_dim (its state, heads ×
// head_dim² per sequence in the model's dtype, is lightning's; its projections differ by a
// few vectors, its recurrence's FLOPs are the delta rule's), and a warning says so.

#include <string>

#include "reader.h"

namespace roofline::io::detail::configs {

namespace {

void readAttentionTypes(Reading& x) {
    const Json* list = x.r.find("attn_type_list");
    if (list == nullptr) {
        return;
    }
    Model& m = x.m;
    x.keys.add("layerGroups", x.r.pointerTo("attn_type_list"));
    bool ok = list->is_array() && list->size() == static_cast<std::size_t>(m.numLayers);
    for (std::size_t i = 0; ok && i < list->size(); ++i) {
        const Json& t = (*list)[i];
        ok = t.is_number_integer() && (t.get<std::int64_t>() == 0 || t.get<std::int64_t>() == 1);
    }
    if (!ok) {
        x.error("attn_type_list",
                "a list of " + std::to_string(m.numLayers) +
                    " attention kinds: 0 (lightning, linear attention) or 1 (full attention)",
                foundText(*list));
        return;
    }
    std::int64_t linear = 0;
    for (std::size_t i = 0; i < list->size(); ++i) {
        if ((*list)[i].get<std::int64_t>() == 0) {
            x.layers[i].mixer = MixerKind::GatedDeltaNet;
            ++linear;
        }
    }
    if (linear == 0) {
        return;
    }
    m.deltaNet = DeltaNetShape{.numKeyHeads = m.numQueryHeads,
                               .numValueHeads = m.numQueryHeads,
                               .keyHeadDim = m.headDim,
                               .valueHeadDim = m.headDim,
                               .convKernel = 1};  // lightning has no short conv: no conv state
    m.statePrecision = modelDtype(x);  // vLLM: a linear-attention state in the model dtype
    m.convStatePrecision = m.statePrecision;
    x.warning("attn_type_list",
              "full-attention layers (1) only, to be read exactly: lightning (linear) attention "
              "has no layer kind here and is approximated as Gated DeltaNet layers of "
              "num_attention_heads × head_dim (the state, heads × head_dim² per sequence, is "
              "lightning's; the projections differ by a few vectors a layer; the recurrence's "
              "FLOPs are the delta rule's)",
              std::to_string(linear) + " of " + std::to_string(m.numLayers) +
                  " layers marked 0 (lightning attention)");
}

}  // namespace

void readMinimaxM2(Reading& x) {
    readCommon(x);
    readBiases(x);
    x.m.qkNorm = true;
    x.m.qkNormWhole = true;
    if (readExperts(x, "num_local_experts", true, "intermediate_size") > 0) {
        x.m.moe.routerBias = true;
    }
    if (x.failed()) {
        return;
    }
    for (LayerGroup& l : x.layers) {
        l.mlp = MlpKind::Moe;
    }
    readAttentionTypes(x);
    if (booleanOr(x, "use_mtp", false)) {
        const std::int64_t modules =
            x.r.integer("num_mtp_modules", false, 0, kMaxLayers).value_or(0);
        const std::int64_t per =
            x.r.integer("mtp_transformer_layers", false, 0, kMaxLayers).value_or(1);
        if (modules * per > 0) {
            x.m.mtp = LayerGroup{.count = modules * per, .mlp = MlpKind::Moe};
        }
    }
}

}  // namespace roofline::io::detail::configs
