// SPDX-License-Identifier: GPL-3.0-or-later
// nemotron-nas (Llama-3.1/3.3-Nemotron Super and Ultra, "DeciLM"): the checkpoints' own
// modeling_decilm.py (trust_remote_code; transformers has no modelling file). Each of
// block_configs describes one layer:
// - attention: no_op (no attention and no input norm), replace_with_linear (one h × h matrix),
//   else Llama attention with num_attention_heads / n_heads_in_group KV heads;
// - ffn: no_op (no MLP and no post-attention norm), replace_with_linear (one h × h matrix),
//   else a gated SwiGLU MLP of _ffn_mult_to_intermediate_size(ffn_mult, h) =
//   int(2 · ffn_mult · h / 3) rounded up to a multiple of 256.
// Biases: attention_bias, mlp_bias as Llama.

#include <cmath>

#include "reader.h"

namespace roofline::io::detail::configs {

namespace {

std::int64_t ffnWidth(double ffnMult, std::int64_t hidden) {
    const auto width = static_cast<std::int64_t>(2.0 * ffnMult * static_cast<double>(hidden) / 3.0);
    return (width + 255) / 256 * 256;
}

}  // namespace

void readNemotronNas(Reading& x) {
    readCommon(x, {.intermediateRequired = false});
    Model& m = x.m;
    readBiases(x);
    const Json* blocks = x.r.find("block_configs");
    if (blocks == nullptr || !blocks->is_array() ||
        blocks->size() != static_cast<std::size_t>(m.numLayers)) {
        x.error("block_configs", "a list of " + std::to_string(m.numLayers) + " block descriptions",
                blocks == nullptr ? "missing" : foundText(*blocks));
        return;
    }
    x.keys.add("layerGroups", x.r.pointerTo("block_configs"));
    std::int64_t firstKv = 0;
    std::int64_t firstWidth = 0;
    for (std::size_t i = 0; i < blocks->size(); ++i) {
        const std::string at = x.r.pointerTo("block_configs") + "/" + std::to_string(i);
        const Json& b = (*blocks)[i];
        if (!b.is_object() || !b.contains("attention") || !b.contains("ffn") ||
            !b["attention"].is_object() || !b["ffn"].is_object()) {
            x.issues.push_back({Severity::Error, x.r.file(), at,
                                "an object with \"attention\" and \"ffn\" objects", foundText(b)});
            return;
        }
        ObjectReader a(b["attention"], x.r.file(), at + "/attention", x.issues);
        ObjectReader f(b["ffn"], x.r.file(), at + "/ffn", x.issues);
        LayerGroup& l = x.layers[i];
        std::int64_t norms = 0;
        if (a.boolean("no_op", false).value_or(false)) {
            l.mixer = MixerKind::None;
        } else {
            ++norms;
            if (a.boolean("replace_with_linear", false).value_or(false)) {
                l.mixer = MixerKind::Linear;
            } else {
                const std::int64_t group =
                    a.integer("n_heads_in_group", true, 1, m.numQueryHeads).value_or(1);
                if (m.numQueryHeads % group != 0) {
                    a.error("n_heads_in_group",
                            "a divisor of num_attention_heads (" + std::to_string(m.numQueryHeads) +
                                ")",
                            std::to_string(group));
                    return;
                }
                l.numKvHeads = m.numQueryHeads / group;
                firstKv = firstKv == 0 ? l.numKvHeads : firstKv;
            }
        }
        if (f.boolean("no_op", false).value_or(false)) {
            l.mlp = MlpKind::None;
        } else {
            ++norms;
            if (f.boolean("replace_with_linear", false).value_or(false)) {
                l.mlp = MlpKind::Linear;
            } else {
                const double mult = f.number("ffn_mult", true).value_or(0.0);
                l.intermediateSize = ffnWidth(mult, m.hiddenSize);
                firstWidth = firstWidth == 0 ? l.intermediateSize : firstWidth;
            }
        }
        l.norms = norms;
    }
    // Model-wide values for what reads one figure (the group's own values override them).
    m.numKvHeads = firstKv > 0 ? firstKv : m.numQueryHeads;
    m.intermediateSize = firstWidth > 0 ? firstWidth : m.hiddenSize;
    for (LayerGroup& l : x.layers) {
        if (l.numKvHeads == m.numKvHeads) {
            l.numKvHeads = 0;
        }
        if (l.intermediateSize == m.intermediateSize) {
            l.intermediateSize = 0;
        }
        if (l.norms == m.normsPerLayer) {
            l.norms = -1;
        }
    }
}

}  // namespace roofline::io::detail::configs
