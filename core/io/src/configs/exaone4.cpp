// SPDX-License-Identifier: GPL-3.0-or-later
// exaone4 (EXAONE 4.0): transformers/models/exaone4/modeling_exaone4.py and
// configuration_exaone4.py. Llama's projections without biases, a per-head RMSNorm on q and k
// (q_norm, k_norm of head_dim), and post-norms only: post_attention_layernorm and
// post_feedforward_layernorm (no input_layernorm), two per layer; untied embeddings by default.
// Local layers slide over sliding_window (Exaone4Config's default 4096; null = none), global
// layers attend to everything (without RoPE, which costs nothing here). Which layers are which:
// layer_types, else sliding_window_pattern (default 4): an integer p makes layer i global when
// (i + 1) % p == 0; a string such as "LLLG" names each layer's kind in turn ("L" local), and the
// last layer is always global.

#include "reader.h"

namespace roofline::io::detail::configs {

void readExaone4(Reading& x) {
    // Read when layer_types is absent; otherwise layer_types decides (Exaone4Config derives it
    // from the pattern).
    x.harmless({"sliding_window_pattern"});
    readCommon(x, {.vocabSize = 102400,
                   .hiddenSize = 4096,
                   .intermediateSize = 16384,
                   .numLayers = 32,
                   .numQueryHeads = 32});
    // Exaone4Attention and Exaone4MLP have no biases, whatever attention_bias says.
    x.m.qkNorm = true;
    if (x.failed()) {
        return;
    }
    // Absent: the class default 4096; null: no local layers.
    const std::int64_t window = x.text.contains("sliding_window") ? slidingWindow(x) : 4096;
    if (windowsFromLayerTypes(x, window) || window == 0) {
        return;
    }
    const auto slide = [&](std::size_t i) {
        x.layers[i].span = AttentionSpan::Sliding;
        x.layers[i].window = window;
    };
    const Json* pattern = x.r.find("sliding_window_pattern");
    if (pattern != nullptr && pattern->is_string()) {
        const std::string p = pattern->get<std::string>();
        if (p.empty() || p.find_first_not_of("LG") != std::string::npos) {
            x.error("sliding_window_pattern",
                    "an integer period or a string of \"L\" (local) and \"G\" (global)",
                    foundText(*pattern));
            return;
        }
        for (std::size_t i = 0; i + 1 < x.layers.size(); ++i) {
            if (p[i % p.size()] == 'L') {
                slide(i);
            }
        }
        return;
    }
    const std::int64_t period =
        x.r.integer("sliding_window_pattern", false, 1, kMaxLayers).value_or(4);
    for (std::size_t i = 0; i < x.layers.size(); ++i) {
        if (static_cast<std::int64_t>(i + 1) % period != 0) {
            slide(i);
        }
    }
}

}  // namespace roofline::io::detail::configs
