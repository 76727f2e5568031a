// SPDX-License-Identifier: GPL-3.0-or-later
// nemotron_h (Nemotron-H, Nemotron Nano 2, Nemotron 3 Nano): transformers/models/nemotron_h/
// modeling_nemotron_h.py. Every block is one RMSNorm and one mixer, by hybrid_override_pattern
// (or layers_block_type): "M" a Mamba-2 mixer only, "*" attention only, "-" an MLP only, "E"
// an MoE only.
// - Mamba-2 (NemotronHMamba2Mixer): mamba_num_heads heads of mamba_head_dim, ssm_state_size,
//   n_groups groups for B and C, a conv of conv_kernel with use_conv_bias, in_proj/out_proj
//   biased by use_bias (mamba_proj_bias); the state is kept at mamba_ssm_cache_dtype.
// - Attention: num_attention_heads of head_dim, num_key_value_heads, attention_bias.
// - MLP: up and down only (relu2, not gated), intermediate_size, mlp_bias.
// - MoE: n_routed_experts non-gated experts of moe_intermediate_size, top num_experts_per_tok,
//   a shared expert of moe_shared_expert_intermediate_size (× n_shared_experts), a router with
//   an e_score_correction_bias.

#include "reader.h"

namespace roofline::io::detail::configs {

void readNemotronH(Reading& x) {
    readCommon(x, {.intermediateRequired = false});
    Model& m = x.m;
    readBiases(x);
    m.gatedMlp = false;
    m.normsPerLayer = 1;
    MambaShape& s = m.mamba;
    s.numHeads = x.r.integer("mamba_num_heads", true, 1, kMaxDim).value_or(0);
    s.headDim = x.r.integer("mamba_head_dim", true, 1, kMaxDim).value_or(0);
    s.stateSize = x.r.integer("ssm_state_size", true, 1, kMaxDim).value_or(0);
    s.numGroups = x.r.integer("n_groups", false, 1, kMaxDim).value_or(1);
    s.convKernel = x.r.integer("conv_kernel", false, 1, 1024).value_or(4);
    s.projectionBias = x.r.has("use_bias") ? booleanOr(x, "use_bias", false)
                                           : booleanOr(x, "mamba_proj_bias", false);
    s.outProjectionBias = s.projectionBias;
    s.convBias = booleanOr(x, "use_conv_bias", true);
    x.key("mamba.numHeads", "mamba_num_heads");
    x.key("mamba.headDim", "mamba_head_dim");
    x.key("mamba.stateSize", "ssm_state_size");
    x.key("mamba.numGroups", "n_groups");
    x.key("mamba.convKernel", "conv_kernel");
    m.statePrecision = stateDtype(x, {"mamba_ssm_cache_dtype", "mamba_ssm_dtype"});

    // The block kinds.
    std::string pattern;
    if (const Json* p = x.r.find("hybrid_override_pattern"); p != nullptr) {
        x.keys.add("layerGroups", x.r.pointerTo("hybrid_override_pattern"));
        pattern = p->is_string() ? p->get<std::string>() : "";
        if (pattern.size() != static_cast<std::size_t>(m.numLayers) ||
            pattern.find_first_not_of("M*-E") != std::string::npos) {
            x.error("hybrid_override_pattern",
                    "a string of " + std::to_string(m.numLayers) +
                        " block kinds: M (Mamba-2), * (attention), - (MLP), E (MoE)",
                    foundText(*p));
            return;
        }
    } else if (x.r.has("layers_block_type")) {
        const Json& t = *x.r.find("layers_block_type");
        bool ok = t.is_array() && t.size() == static_cast<std::size_t>(m.numLayers);
        for (std::size_t i = 0; ok && i < t.size(); ++i) {
            const std::string k = t[i].is_string() ? t[i].get<std::string>() : "";
            const char c = k == "mamba"       ? 'M'
                           : k == "attention" ? '*'
                           : k == "mlp"       ? '-'
                           : k == "moe"       ? 'E'
                                              : '?';
            ok = c != '?';
            pattern += c;
        }
        if (!ok) {
            x.error("layers_block_type",
                    "a list of " + std::to_string(m.numLayers) +
                        " block kinds: \"mamba\", \"attention\", \"mlp\" or \"moe\"",
                    foundText(t));
            return;
        }
    } else {
        x.error("hybrid_override_pattern", "the block kinds of the hybrid (M, *, -, E)", "missing");
        return;
    }
    const bool anyMoe = pattern.find('E') != std::string::npos;
    const bool anyMlp = pattern.find('-') != std::string::npos;
    if (anyMlp && m.intermediateSize == 0) {
        x.error("intermediate_size", "the MLP width, since the pattern has MLP blocks (-)",
                "missing");
    }
    if (anyMoe && readExperts(x, "n_routed_experts", true, "moe_intermediate_size") > 0) {
        const std::int64_t shared =
            x.r.integer("moe_shared_expert_intermediate_size", false, 0, kMaxDim).value_or(0);
        m.moe.sharedIntermediateSize =
            shared * x.r.integer("n_shared_experts", false, 0, 1'000'000).value_or(1);
        x.key("moe.sharedIntermediateSize", "moe_shared_expert_intermediate_size");
        m.moe.routerBias = true;  // e_score_correction_bias
    }
    if (m.intermediateSize == 0) {
        m.intermediateSize = m.moe.expertIntermediateSize;  // no dense MLP: a width for display
    }
    if (x.failed()) {
        return;
    }
    for (std::size_t i = 0; i < x.layers.size(); ++i) {
        LayerGroup& l = x.layers[i];
        switch (pattern[i]) {
            case 'M':
                l.mixer = MixerKind::Mamba2;
                l.mlp = MlpKind::None;
                break;
            case '*':
                l.mlp = MlpKind::None;
                break;
            case '-':
                l.mixer = MixerKind::None;
                break;
            default:  // 'E'
                l.mixer = MixerKind::None;
                l.mlp = MlpKind::Moe;
                break;
        }
    }
}

}  // namespace roofline::io::detail::configs
