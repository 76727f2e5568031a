// SPDX-License-Identifier: GPL-3.0-or-later
// glm4_moe (GLM-4.5, GLM-4.6): transformers/models/glm4_moe/modeling_glm4_moe.py.
// q, k, v biased by attention_bias, o never; a per-head q/k RMSNorm with use_qk_norm; layer i
// is MoE from first_k_dense_replace on: n_routed_experts of moe_intermediate_size, top
// num_experts_per_tok, n_shared_experts of the same width, a sigmoid router with an
// e_score_correction_bias; num_nextn_predict_layers MTP layers.

#include "reader.h"

namespace roofline::io::detail::configs {

void readGlm4Moe(Reading& x) {
    readCommon(x);
    Model& m = x.m;
    m.qkvBias = booleanOr(x, "attention_bias", false);
    m.oBias = false;
    m.qkNorm = booleanOr(x, "use_qk_norm", false);
    readGlmExperts(x);
    if (x.failed()) {
        return;
    }
    const std::int64_t firstDense =
        x.r.integer("first_k_dense_replace", false, 0, m.numLayers).value_or(1);
    for (std::int64_t i = 0; i < m.numLayers; ++i) {
        x.layers[static_cast<std::size_t>(i)].mlp = i >= firstDense ? MlpKind::Moe : MlpKind::Dense;
    }
    readMtp(x, "num_nextn_predict_layers", {.mixer = MixerKind::Attention, .mlp = MlpKind::Moe});
}

}  // namespace roofline::io::detail::configs
