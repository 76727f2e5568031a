// SPDX-License-Identifier: GPL-3.0-or-later
// minimax_m2: transformers/models/minimax_m2/modeling_minimax_m2.py. Full attention on every
// layer (MiniMax-M1's lightning attention is gone), no biases, an RMSNorm over the whole q and
// k projections (FlexOlmo's: Model::qkNormWhole), and on every
// layer num_local_experts Mixtral experts of intermediate_size, top num_experts_per_tok, a
// sigmoid router with an e_score_correction_bias, no shared expert. MTP modules
// (num_mtp_modules × mtp_transformer_layers, when use_mtp) are read into Model::mtp.

#include "reader.h"

namespace roofline::io::detail::configs {

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
