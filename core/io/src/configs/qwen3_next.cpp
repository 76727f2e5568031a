// SPDX-License-Identifier: GPL-3.0-or-later
// qwen3_next: transformers/models/qwen3_next/modeling_qwen3_next.py; qwen3_5, qwen3_5_moe
// (their decoder in text_config, qwen3_5_text / qwen3_5_moe_text at the top level):
// transformers/models/qwen3_5/modeling_qwen3_5.py, transformers/models/qwen3_5_moe/
// modeling_qwen3_5_moe.py.
// - Layers: layer_types ("linear_attention" = Gated DeltaNet, "full_attention"), else every
//   full_attention_interval-th layer (default 4) is full attention.
// - Gated DeltaNet (Qwen3NextGatedDeltaNet): linear_num_key_heads q/k heads of
//   linear_key_head_dim, linear_num_value_heads v heads of linear_value_head_dim, a causal
//   conv of linear_conv_kernel_dim over q, k and v; its state is kept at mamba_ssm_dtype
//   when the config names one, else the checkpoint's torch_dtype.
// - Full attention: q_proj yields the query and a sigmoid gate per channel (h → 2·n_q·d;
//   attn_output_gate, default on),
//   per-head q/k RMSNorm, no biases.
// - MLP: qwen3_next and qwen3_5_moe are MoE (num_experts of moe_intermediate_size, top
//   num_experts_per_tok, a shared expert of shared_expert_intermediate_size with a sigmoid
//   gate, decoder_sparse_step and mlp_only_layers as Qwen3-MoE); qwen3_5 is dense.
// - MTP: qwen3_5 reads mtp_num_hidden_layers. Qwen3-Next configs carry no MTP key, though the
//   checkpoint holds one layer (mtp.*): read as vLLM's Qwen3NextMultiTokenPredictor
//   (vllm/model_executor/models/qwen3_next_mtp.py) reads it, num_nextn_predict_layers with a
//   default of 1.
// Qwen3.5's vision tower (vision_config) is counted into Model::visionParameters.

#include <algorithm>

#include "reader.h"

namespace roofline::io::detail::configs {

void readQwen3Next(Reading& x) {
    // Qwen3-Next's and Qwen3.5's attention has no sliding window: their modelling files ignore
    // these Qwen2-style keys.
    x.harmless({"use_sliding_window", "max_window_layers"});
    const bool moe = x.type == "qwen3_next" || x.type.starts_with("qwen3_5_moe");
    // MoE configs (Qwen3.5-397B-A17B) may leave intermediate_size out: no layer is dense.
    readCommon(x, {.headDim = 256, .intermediateRequired = !moe});
    Model& m = x.m;
    readBiases(x);
    m.qkNorm = true;
    m.attentionOutputGate = booleanOr(x, "attn_output_gate", true);
    DeltaNetShape& g = m.deltaNet;
    g.numKeyHeads = x.r.integer("linear_num_key_heads", false, 1, kMaxDim).value_or(16);
    g.numValueHeads = x.r.integer("linear_num_value_heads", false, 1, kMaxDim).value_or(32);
    g.keyHeadDim = x.r.integer("linear_key_head_dim", false, 1, kMaxDim).value_or(128);
    g.valueHeadDim = x.r.integer("linear_value_head_dim", false, 1, kMaxDim).value_or(128);
    g.convKernel = x.r.integer("linear_conv_kernel_dim", false, 1, 1024).value_or(4);
    x.key("deltaNet.numKeyHeads", "linear_num_key_heads");
    x.key("deltaNet.numValueHeads", "linear_num_value_heads");
    x.key("deltaNet.keyHeadDim", "linear_key_head_dim");
    x.key("deltaNet.valueHeadDim", "linear_value_head_dim");
    x.key("deltaNet.convKernel", "linear_conv_kernel_dim");
    m.statePrecision = stateDtype(x, {"mamba_ssm_dtype"});
    m.convStatePrecision = modelDtype(x);
    if (moe && readExperts(x, "num_experts", true, "moe_intermediate_size") > 0) {
        m.moe.sharedIntermediateSize =
            x.r.integer("shared_expert_intermediate_size", false, 0, kMaxDim).value_or(0);
        m.moe.sharedExpertGate = m.moe.sharedIntermediateSize > 0;
        x.key("moe.sharedIntermediateSize", "shared_expert_intermediate_size");
    }
    if (m.intermediateSize == 0) {
        m.intermediateSize =
            m.moe.expertIntermediateSize;  // unused by MoE layers; a width for display
    }
    if (x.failed()) {
        return;
    }
    if (x.r.has("layer_types")) {
        const std::vector<std::string> types =
            layerTypes(x, {"linear_attention", "full_attention"}, "layer kinds");
        for (std::size_t i = 0; i < types.size(); ++i) {
            if (types[i] == "linear_attention") {
                x.layers[i].mixer = MixerKind::GatedDeltaNet;
            }
        }
    } else {
        const std::int64_t interval =
            x.r.integer("full_attention_interval", false, 1, m.numLayers).value_or(4);
        for (std::int64_t i = 0; i < m.numLayers; ++i) {
            if ((i + 1) % interval != 0) {
                x.layers[static_cast<std::size_t>(i)].mixer = MixerKind::GatedDeltaNet;
            }
        }
    }
    if (m.moe.enabled()) {
        readQwenSparseLayers(x);
    }
    // An MTP layer is a full-attention layer with the model's MLP (Qwen3NextMultiTokenPredictor).
    const LayerGroup mtp{.mixer = MixerKind::Attention,
                         .mlp = m.moe.enabled() ? MlpKind::Moe : MlpKind::Dense};
    if (x.type == "qwen3_next") {
        readMtp(x, "num_nextn_predict_layers", mtp, 1);
    } else {
        readMtp(x, "mtp_num_hidden_layers", mtp);
    }
    if (x.type == "qwen3_5" || x.type == "qwen3_5_moe") {
        m.visionParameters = qwen35VisionParameters(x);
    }
}

}  // namespace roofline::io::detail::configs
