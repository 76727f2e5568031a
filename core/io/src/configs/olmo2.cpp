// SPDX-License-Identifier: GPL-3.0-or-later
// olmo2: transformers/models/olmo2/modeling_olmo2.py. Llama's projections without biases, but
// post-norms: post_attention_layernorm and post_feedforward_layernorm (two per layer), and an
// RMSNorm over the whole q and k projections (q_norm of n_q·d, k_norm of n_kv·d:
// Model::qkNormWhole).
//
// olmo3: transformers/models/olmo3/modeling_olmo3.py and configuration_olmo3.py. OLMo 2's layer
// (Olmo3Attention keeps the whole-projection q_norm and k_norm, the post-norms and
// attention_bias), with sliding-window layers: layer_types, else Olmo3Config's pattern of three
// sliding layers then one full ((i + 1) % 4 == 0 is full), over sliding_window (default 4096).

#include "reader.h"

namespace roofline::io::detail::configs {

void readOlmo2(Reading& x) {
    readCommon(x);
    readBiases(x);
    x.m.qkNorm = true;
    x.m.qkNormWhole = true;
}

void readOlmo3(Reading& x) {
    readCommon(x, {.vocabSize = 50304,
                   .hiddenSize = 4096,
                   .intermediateSize = 11008,
                   .numLayers = 32,
                   .numQueryHeads = 32});
    readBiases(x);
    x.m.qkNorm = true;
    x.m.qkNormWhole = true;
    if (x.failed()) {
        return;
    }
    // Absent: the class default 4096; null: none (an error if layer_types has sliding layers).
    const std::int64_t window = x.text.contains("sliding_window") ? slidingWindow(x) : 4096;
    if (windowsFromLayerTypes(x, window)) {
        return;
    }
    if (window == 0) {
        x.error("sliding_window",
                "a window size, since Olmo3Config makes three of every four layers sliding "
                "when layer_types is absent",
                "null");
        return;
    }
    for (std::size_t i = 0; i < x.layers.size(); ++i) {
        if ((i + 1) % 4 != 0) {
            x.layers[i].span = AttentionSpan::Sliding;
            x.layers[i].window = window;
        }
    }
}

}  // namespace roofline::io::detail::configs
