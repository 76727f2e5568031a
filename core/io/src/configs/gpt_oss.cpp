// SPDX-License-Identifier: GPL-3.0-or-later
// gpt_oss: transformers/models/gpt_oss/modeling_gpt_oss.py. Biased q, k, v and o, one learned
// sink logit per query head, num_local_experts routed experts of intermediate_size with
// biases and a biased router on every layer; layer_types, else sliding (even) and full (odd)
// layers alternating.

#include "reader.h"

namespace roofline::io::detail::configs {

void readGptOss(Reading& x) {
    // initial_context_length: the pre-YaRN context of the rotary scaling; swiglu_limit: a
    // clamp on the expert activations.
    x.harmless({"initial_context_length", "swiglu_limit"});
    readCommon(x);
    readBiases(x, true);
    x.m.attentionSinks = true;
    const std::string topK =
        x.r.has("num_experts_per_tok") ? "num_experts_per_tok" : "experts_per_token";
    if (readExperts(x, "num_local_experts", true, "intermediate_size", topK) > 0) {
        x.m.moe.routerBias = true;
        x.m.moe.expertBias = true;
    }
    // OpenAI's own spelling, written beside num_experts_per_tok; the engines read the latter.
    if (const Json* other = x.r.find("experts_per_token");
        other != nullptr && topK != "experts_per_token" && *other != x.m.moe.expertsPerToken) {
        x.warning("experts_per_token",
                  "the same top-k as num_experts_per_tok (" +
                      std::to_string(x.m.moe.expertsPerToken) + ", which is read)",
                  foundText(*other));
    }
    if (x.failed()) {
        return;
    }
    for (LayerGroup& l : x.layers) {
        l.mlp = MlpKind::Moe;
    }
    const std::int64_t window = slidingWindow(x);
    if (!windowsFromLayerTypes(x, window) && window > 0) {
        for (std::size_t i = 0; i < x.layers.size(); i += 2) {
            x.layers[i].span = AttentionSpan::Sliding;
            x.layers[i].window = window;
        }
    }
}

}  // namespace roofline::io::detail::configs
