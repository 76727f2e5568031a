// SPDX-License-Identifier: GPL-3.0-or-later
// nemotron_h (Nemotron-H, Nemotron Nano 2, Nemotron 3 Nano): transformers/models/nemotron_h/
// modeling_nemotron_h.py and configuration_nemotron_h.py. Every block is one RMSNorm and one
// mixer, by hybrid_override_pattern, else layers_block_type (layer_types, its attribute_map
// alias): "M" / "mamba" / "linear_attention" a Mamba-2 mixer only, "*" / "attention" /
// "full_attention" attention only, "-" / "mlp" an MLP only, "E" / "moe" an MoE only (the
// legacy names as remap_legacy_layer_types maps them).
// - Mamba-2 (NemotronHMamba2Mixer): mamba_num_heads heads of mamba_head_dim, ssm_state_size,
//   n_groups groups for B and C (default 8, NemotronHConfig; alias mamba_n_groups), a conv of
//   conv_kernel (alias mamba_d_conv) with use_conv_bias (alias mamba_conv_bias), in_proj/
//   out_proj biased by use_bias (mamba_proj_bias); the state is kept at mamba_ssm_cache_dtype.
// - Attention: num_attention_heads of head_dim, num_key_value_heads, attention_bias.
// - MLP: up and down only (relu2, not gated), intermediate_size, mlp_bias.
// - MoE: n_routed_experts non-gated experts of moe_intermediate_size, top num_experts_per_tok,
//   a shared expert of moe_shared_expert_intermediate_size (× n_shared_experts), a router with
//   an e_score_correction_bias. With moe_latent_size L (LatentMoE, NemotronHMoE), the routed
//   experts run at width L (up L x I, down I x L) between fc1_latent_proj (h x L) and
//   fc2_latent_proj (L x h), while the shared expert and the router stay at h. Read exactly in
//   parameters and FLOPs as experts of width I * L / h at h, and the two projections (2 * h * L,
//   always on) as L more of the non-gated shared expert's width.
// - The block count: num_hidden_layers, else the length of the pattern (NemotronHConfig's
//   num_hidden_layers follows its layers_block_type).
// - MTP: num_nextn_predict_layers modules of the blocks mtp_hybrid_override_pattern (or
//   mtp_layers_block_type) names, by default "*E": one attention block and one MoE block, a
//   norm each (reported beside the count, DOMAIN.md §6); other MTP block lists are not read.

#include <optional>
#include <string>

#include "reader.h"

namespace roofline::io::detail::configs {

// The block count the pattern implies (NemotronHConfig derives num_hidden_layers from it, and
// configs such as Nemotron-3-Ultra's leave the key out); nullopt where no pattern says.
std::optional<std::int64_t> patternLength(Reading& x) {
    std::size_t n = 0;
    if (const Json* p = x.r.find("hybrid_override_pattern"); p != nullptr) {
        n = p->is_string() ? p->get<std::string>().size() : 0;
    } else {
        for (const char* key : {"layers_block_type", "layer_types"}) {
            if (const Json* t = x.r.find(key); t != nullptr) {
                n = t->is_array() ? t->size() : 0;
                break;
            }
        }
    }
    if (n == 0) {
        return std::nullopt;
    }
    return static_cast<std::int64_t>(n);
}

void readNemotronH(Reading& x) {
    // The activations' names (the MLP is relu2 and ungated whatever mlp_hidden_act says),
    // expand (NemotronHMamba2Mixer's width is mamba_num_heads × mamba_head_dim), the
    // initialisation and clamping of the time step, and Python switches (kernels, residual
    // dtype, logits kept at generation).
    x.harmless({"mamba_hidden_act", "mlp_hidden_act", "expand", "time_step_min", "time_step_max",
                "time_step_floor", "time_step_limit", "rescale_prenorm_residual",
                "residual_in_fp32", "use_mamba_kernels", "num_logits_to_keep", "norm_eps"});
    readCommon(x, {.numLayers = patternLength(x), .intermediateRequired = false});
    Model& m = x.m;
    readBiases(x);
    m.gatedMlp = false;
    m.normsPerLayer = 1;
    MambaShape& s = m.mamba;
    s.numHeads = x.r.integer("mamba_num_heads", true, 1, kMaxDim).value_or(0);
    s.headDim = x.r.integer("mamba_head_dim", true, 1, kMaxDim).value_or(0);
    s.stateSize = x.r.integer("ssm_state_size", true, 1, kMaxDim).value_or(0);
    // NemotronHConfig.__post_init__ reads the mamba_* spellings in place of the plain ones.
    const auto spelled = [&x](const char* plain, const char* alias) {
        return std::string(x.r.has(alias) ? alias : plain);
    };
    const std::string groupsKey = spelled("n_groups", "mamba_n_groups");
    const std::string convKey = spelled("conv_kernel", "mamba_d_conv");
    s.numGroups = x.r.integer(groupsKey, false, 1, kMaxDim).value_or(8);
    s.convKernel = x.r.integer(convKey, false, 1, 1024).value_or(4);
    // mamba_proj_bias is the older spelling; use_bias wins when both are given.
    const bool olderBias = booleanOr(x, "mamba_proj_bias", false);
    s.projectionBias = x.r.has("use_bias") ? booleanOr(x, "use_bias", false) : olderBias;
    // The engine scans prefill in chunks of 128 tokens (Mamba-2's default chunk_size).
    if (const auto chunk = x.r.integer("chunk_size", false, 1, kMaxDim); chunk && *chunk != 128) {
        x.warning("chunk_size",
                  "128 (the chunk the prefill scan is modelled with; other sizes change its "
                  "FLOPs a little)",
                  std::to_string(*chunk));
    }
    // NemotronHAttention is modelled as full attention over every key.
    if (const Json* window = x.r.find("sliding_window"); window != nullptr) {
        x.warning("sliding_window", "null (every nemotron_h attention layer is modelled as full)",
                  foundText(*window));
    }
    s.outProjectionBias = s.projectionBias;
    s.convBias = booleanOr(x, spelled("use_conv_bias", "mamba_conv_bias"), true);
    x.key("mamba.numHeads", "mamba_num_heads");
    x.key("mamba.headDim", "mamba_head_dim");
    x.key("mamba.stateSize", "ssm_state_size");
    x.key("mamba.numGroups", groupsKey);
    x.key("mamba.convKernel", convKey);
    // NemotronHConfig's mamba_ssm_cache_dtype defaults to "float32", not to torch_dtype.
    m.statePrecision = stateDtype(x, {"mamba_ssm_cache_dtype", "mamba_ssm_dtype"}, Precision::Fp32);
    m.convStatePrecision = modelDtype(x);

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
    } else if (x.r.has("layers_block_type") || x.r.has("layer_types")) {
        const std::string key = x.r.has("layers_block_type") ? "layers_block_type" : "layer_types";
        x.keys.add("layerGroups", x.r.pointerTo(key));
        const Json& t = *x.r.find(key);
        bool ok = t.is_array() && t.size() == static_cast<std::size_t>(m.numLayers);
        for (std::size_t i = 0; ok && i < t.size(); ++i) {
            const std::string k = t[i].is_string() ? t[i].get<std::string>() : "";
            const char c = k == "mamba" || k == "linear_attention"     ? 'M'
                           : k == "attention" || k == "full_attention" ? '*'
                           : k == "mlp"                                ? '-'
                           : k == "moe"                                ? 'E'
                                                                       : '?';
            ok = c != '?';
            pattern += c;
        }
        if (!ok) {
            x.error(key,
                    "a list of " + std::to_string(m.numLayers) +
                        " block kinds: \"linear_attention\" (or \"mamba\"), \"full_attention\" (or "
                        "\"attention\"), \"mlp\" or \"moe\"",
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
        const Json* latentJson = x.r.find("moe_latent_size");
        if (latentJson != nullptr && !latentJson->is_null()) {
            const std::int64_t latent =
                x.r.integer("moe_latent_size", true, 1, kMaxDim).value_or(0);
            const std::int64_t width = m.moe.expertIntermediateSize * latent;
            if (latent > 0 && m.hiddenSize > 0 && width % m.hiddenSize != 0) {
                x.warning("moe_latent_size",
                          "a latent width that makes moe_intermediate_size · moe_latent_size a "
                          "multiple of hidden_size (the experts are read at that width over "
                          "hidden_size)",
                          std::to_string(latent) + ": rounded");
            }
            if (latent > 0 && m.hiddenSize > 0) {
                m.moe.expertIntermediateSize = (width + m.hiddenSize / 2) / m.hiddenSize;
                m.moe.sharedIntermediateSize += latent;  // fc1/fc2_latent_proj, always on
                x.key("moe.expertIntermediateSize", "moe_latent_size");
            }
        }
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

    // MTP: NemotronHConfig's mtp_layers_block_type (default ["full_attention", "moe"]), or
    // its mtp_hybrid_override_pattern spelling.
    if (x.r.integer("num_nextn_predict_layers", false, 0, kMaxLayers).value_or(0) == 0) {
        return;
    }
    std::string mtp = "*E";
    if (const Json* p = x.r.find("mtp_hybrid_override_pattern"); p != nullptr && p->is_string()) {
        mtp = p->get<std::string>();
    } else if (const Json* t = x.r.find("mtp_layers_block_type"); t != nullptr && t->is_array()) {
        mtp.clear();
        for (const Json& k : *t) {
            const std::string n = k.is_string() ? k.get<std::string>() : "";
            mtp += n == "attention" || n == "full_attention" ? '*'
                   : n == "moe"                              ? 'E'
                   : n == "mamba" || n == "linear_attention" ? 'M'
                   : n == "mlp"                              ? '-'
                                                             : '?';
        }
    }
    if (mtp != "*E" || !anyMoe) {
        x.warning("num_nextn_predict_layers",
                  "MTP modules of one attention and one MoE block (mtp_hybrid_override_pattern "
                  "\"*E\", with MoE blocks in the model): the MTP layers are not counted",
                  "\"" + mtp + "\"");
        return;
    }
    readMtp(x, "num_nextn_predict_layers",
            {.mixer = MixerKind::Attention, .mlp = MlpKind::Moe, .norms = 2});
}

}  // namespace roofline::io::detail::configs
