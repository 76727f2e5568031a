// SPDX-License-Identifier: GPL-3.0-or-later
// olmo2: transformers/models/olmo2/modeling_olmo2.py. Llama's projections without biases, but
// post-norms: post_attention_layernorm and post_feedforward_layernorm (two per layer), and an
// RMSNorm over the whole q and k projections (q_norm of n_q·d, k_norm of n_kv·d). Model::qkNorm
// counts 2·d weights per layer (a per-head norm): OLMo 2's n_q·d + n_kv·d norm weights are
// counted short by (n_q + n_kv − 2)·d per layer (0.004% of OLMo-2-7B).

#include "reader.h"

namespace roofline::io::detail::configs {

void readOlmo2(Reading& x) {
    readCommon(x);
    readBiases(x);
    x.m.qkNorm = true;
}

}  // namespace roofline::io::detail::configs
