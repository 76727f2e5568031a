// SPDX-License-Identifier: GPL-3.0-or-later
// falcon_h1 (Falcon-H1): transformers/models/falcon_h1/modeling_falcon_h1.py and
// configuration_falcon_h1.py. Every layer is a parallel hybrid (FalconH1DecoderLayer): one
// input RMSNorm feeds both an attention (FalconH1Attention: q/k/v/o with attention_bias,
// head_dim or h / n_q) and a Mamba-2 mixer (FalconH1Mixer), their outputs summed into the
// residual; then pre_ff_layernorm and a gated SiLU MLP (FalconH1MLP, mlp_bias). So each
// layer reads as an attention layer with its dense MLP and two norms, plus a Mamba-2 mixer
// beside it (LayerGroup::parallel: no norms, no MLP, no all-reduce of its own).
// - Mamba-2: mamba_n_heads heads of mamba_d_head ("auto" = inner / heads) over an inner width
//   of mamba_d_ssm (FalconH1Config's default 1,024 when the key is absent; mamba_expand · h
//   when it is null); mamba_d_head · mamba_n_heads must equal it (as the config validates);
//   mamba_d_state, mamba_n_groups, mamba_d_conv, mamba_conv_bias; in_proj biased by
//   mamba_proj_bias, out_proj by projectors_bias; the gated RMSNorm only with mamba_rms_norm
//   (default off). The state at mamba_ssm_dtype or torch_dtype.
// - The muP multipliers (embedding, key, ssm, mlp, lm_head) scale values, not shapes.
// - Untied embeddings by default (tie_word_embeddings false).

#include "reader.h"

namespace roofline::io::detail::configs {

void readFalconH1(Reading& x) {
    readCommon(x, {.vocabSize = 128000,
                   .hiddenSize = 4096,
                   .intermediateSize = 14336,
                   .numLayers = 32,
                   .numQueryHeads = 32,
                   .numKvHeads = 8});
    Model& m = x.m;
    readBiases(x);
    if (x.failed()) {
        return;
    }
    MambaShape& s = m.mamba;
    s.numHeads = integerOr(x, "mamba_n_heads", 128, 1, kMaxDim);
    const std::int64_t expand = integerOr(x, "mamba_expand", 2, 1, 1024);
    const auto dSsmIt = x.text.find("mamba_d_ssm");
    const bool dSsmNull = dSsmIt != x.text.end() && dSsmIt->is_null();
    const Json* dSsm = x.r.find("mamba_d_ssm");  // present and not null
    // FalconH1Config: mamba_d_ssm defaults to 1024; only an explicit null takes
    // mamba_expand · hidden_size (__post_init__, validate_architecture).
    const std::int64_t inner = dSsmNull ? expand * m.hiddenSize
                               : dSsm == nullptr
                                   ? 1024
                                   : x.r.integer("mamba_d_ssm", true, 1, kMaxDim).value_or(0);
    const Json* dHead = x.r.find("mamba_d_head");
    if (dHead == nullptr || (dHead->is_string() && dHead->get<std::string>() == "auto")) {
        s.headDim = s.numHeads > 0 ? inner / s.numHeads : 0;
    } else {
        s.headDim = x.r.integer("mamba_d_head", true, 1, kMaxDim).value_or(0);
    }
    if (s.numHeads * s.headDim != inner && !x.failed()) {
        x.error("mamba_d_head",
                "heads × head dim equal to the Mamba inner width " + std::to_string(inner) +
                    " (mamba_d_ssm: default 1024, or mamba_expand × hidden_size when null)",
                std::to_string(s.numHeads) + " × " + std::to_string(s.headDim));
        return;
    }
    s.stateSize = integerOr(x, "mamba_d_state", 256, 1, kMaxDim);
    s.numGroups = integerOr(x, "mamba_n_groups", 1, 1, kMaxDim);
    s.convKernel = integerOr(x, "mamba_d_conv", 4, 1, 1024);
    s.projectionBias = booleanOr(x, "mamba_proj_bias", false);
    s.outProjectionBias = booleanOr(x, "projectors_bias", false);
    s.convBias = booleanOr(x, "mamba_conv_bias", true);
    s.gatedNorm = booleanOr(x, "mamba_rms_norm", false);
    x.key("mamba.numHeads", "mamba_n_heads");
    x.key("mamba.headDim", "mamba_d_head");
    x.key("mamba.stateSize", "mamba_d_state");
    x.key("mamba.numGroups", "mamba_n_groups");
    x.key("mamba.convKernel", "mamba_d_conv");
    m.statePrecision = stateDtype(x, {"mamba_ssm_dtype", "mamba_ssm_cache_dtype"});
    m.convStatePrecision = modelDtype(x);
    if (x.failed()) {
        return;
    }
    // Each layer: attention + MLP (input_layernorm, pre_ff_layernorm), and beside it the
    // Mamba-2 mixer on the same normed input.
    m.normsPerLayer = 2;
    const LayerGroup beside{
        .count = 1, .mixer = MixerKind::Mamba2, .mlp = MlpKind::None, .norms = 0, .parallel = true};
    const std::size_t n = x.layers.size();
    for (std::size_t i = 0; i < n; ++i) {
        x.layers.push_back(beside);
    }
}

}  // namespace roofline::io::detail::configs
