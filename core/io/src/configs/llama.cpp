// SPDX-License-Identifier: GPL-3.0-or-later
// llama, mistral, mixtral: transformers/models/llama/modeling_llama.py,
// transformers/models/mistral/modeling_mistral.py, transformers/models/mixtral/modeling_mixtral.py.
// Pre-norm decoder layers (input_layernorm, post_attention_layernorm), q/k/v/o with
// attention_bias, a gated SwiGLU MLP with mlp_bias (Llama); Mistral and Mixtral slide every
// layer over sliding_window when it is set; Mixtral's MLP is num_local_experts routed experts
// of intermediate_size (no shared expert, no router bias).
//
// phi3: transformers/models/phi3/modeling_phi3.py. Fused qkv_proj (h → (n_q + 2·n_kv)·d) and
// gate_up_proj (h → 2·I), no biases: the same shapes as Llama's separate projections. Phi3
// passes sliding_window to every layer's attention when the config sets it.

#include "reader.h"

namespace roofline::io::detail::configs {

void readLlama(Reading& x) {
    // pretraining_tp only splits LlamaMLP's matmuls into slices in Python: the same shapes.
    x.harmless({"pretraining_tp"});
    readCommon(x);
    readBiases(x);
    if (x.type == "mixtral") {
        readExperts(x, "num_local_experts", true, "intermediate_size");
    }
    if (x.failed()) {
        return;
    }
    for (LayerGroup& l : x.layers) {
        l.mlp = x.m.moe.enabled() ? MlpKind::Moe : MlpKind::Dense;
    }
    const std::int64_t window = slidingWindow(x);
    if (!windowsFromLayerTypes(x, window) && window > 0 && x.type != "llama") {
        for (LayerGroup& l : x.layers) {
            l.span = AttentionSpan::Sliding;
            l.window = window;
        }
    }
}

void readPhi3(Reading& x) {
    readCommon(x);
    readBiases(x);
    if (x.failed()) {
        return;
    }
    const std::int64_t window = slidingWindow(x);
    if (!windowsFromLayerTypes(x, window) && window > 0) {
        for (LayerGroup& l : x.layers) {
            l.span = AttentionSpan::Sliding;
            l.window = window;
        }
    }
}

}  // namespace roofline::io::detail::configs
