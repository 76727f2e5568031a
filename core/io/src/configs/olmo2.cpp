// SPDX-License-Identifier: GPL-3.0-or-later
// olmo2: transformers/models/olmo2/modeling_olmo2.py. Llama's projections without biases, but
// post-norms: post_attention_layernorm and post_feedforward_layernorm (two per layer), and an
// RMSNorm over the whole q and k projections (q_norm of n_q·d, k_norm of n_kv·d:
// Model::qkNormWhole).

#include "reader.h"

namespace roofline::io::detail::configs {

void readOlmo2(Reading& x) {
    readCommon(x);
    readBiases(x);
    x.m.qkNorm = true;
    x.m.qkNormWhole = true;
}

}  // namespace roofline::io::detail::configs
