// SPDX-License-Identifier: GPL-3.0-or-later
// cohere2 (Command R7B, Command A): transformers/models/cohere2/modeling_cohere2.py. One
// LayerNorm (weight only) per layer before attention and MLP, which run in parallel; a gated
// SiLU MLP; no biases (attention_bias); tied embeddings by default. layer_types, else every
// sliding_window_pattern-th layer (default 4) is global and the others slide over
// sliding_window.

#include "reader.h"

namespace roofline::io::detail::configs {

void readCohere2(Reading& x) {
    readCommon(x, {.tieWordEmbeddings = true});
    readBiases(x);
    x.m.normsPerLayer = 1;
    if (x.failed()) {
        return;
    }
    const std::int64_t window = slidingWindow(x);
    if (!windowsFromLayerTypes(x, window) && window > 0) {
        const std::int64_t pattern =
            x.r.integer("sliding_window_pattern", false, 1, kMaxLayers).value_or(4);
        for (std::size_t i = 0; i < x.layers.size(); ++i) {
            if (static_cast<std::int64_t>(i + 1) % pattern != 0) {
                x.layers[i].span = AttentionSpan::Sliding;
                x.layers[i].window = window;
            }
        }
    }
}

}  // namespace roofline::io::detail::configs
