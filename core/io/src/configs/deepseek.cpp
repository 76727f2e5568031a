// SPDX-License-Identifier: GPL-3.0-or-later
// deepseek_v2, deepseek_v3: transformers/models/deepseek_v2/modeling_deepseek_v2.py,
// transformers/models/deepseek_v3/modeling_deepseek_v3.py. Multi-head latent attention on every
// layer (q_lora_rank, kv_lora_rank, qk_nope/rope_head_dim, v_head_dim); layer i is MoE when
// i >= first_k_dense_replace and i % moe_layer_freq == 0, with n_routed_experts of
// moe_intermediate_size plus n_shared_experts of the same width (always on); V3's noaux_tc
// routing adds a per-expert score-correction bias. num_nextn_predict_layers MTP layers (an MoE
// layer each) are read into Model::mtp.
//
// deepseek_v32: DeepSeek-V3.2 (deepseek-ai/DeepSeek-V3.2-Exp inference/model.py; transformers
// has no modelling file for it): V3 plus DeepSeek Sparse Attention on every layer, a lightning
// indexer of index_n_heads heads of index_head_dim that picks index_topk latents.
//
// kimi_k2 is not a transformers type: its configs name DeepseekV3ForCausalLM, and they are
// read as deepseek_v3 (parseModelConfig says so). kimi_k25 (Kimi K2.5 and later,
// KimiK25ForConditionalGeneration) wraps that decoder in text_config beside a MoonViT vision
// tower, counted into Model::visionParameters.

#include <algorithm>
#include <optional>

#include "reader.h"

namespace roofline::io::detail::configs {

namespace {

// DeepSeek-V3.2 configs always carry the indexer's keys; GlmMoeDsaConfig has defaults
// (index_n_heads 32, index_head_dim 128, index_topk 2048).
void readSparse(Reading& x, bool glmDefaults) {
    SparseAttentionShape& s = x.m.sparse;
    const auto dflt = [&](std::int64_t v) {
        return glmDefaults ? std::optional<std::int64_t>(v) : std::nullopt;
    };
    s.indexHeads = integerOr(x, "index_n_heads", dflt(32), 1, kMaxDim);
    s.indexHeadDim = integerOr(x, "index_head_dim", dflt(128), 1, kMaxDim);
    s.topK = integerOr(x, "index_topk", dflt(2048), 1, kMaxDim * 100);
    x.key("sparse.indexHeads", "index_n_heads");
    x.key("sparse.indexHeadDim", "index_head_dim");
    x.key("sparse.topK", "index_topk");
}

// GLM-5.2's IndexShare: which layers run their own indexer ("full") and which reuse the top-k
// of the last one that did ("shared"), as GlmMoeDsaConfig resolves it: indexer_types, else
// index_topk_pattern ("F"/"S" per layer), else layer i is full when
// max(i − index_skip_topk_offset + 1, 0) is a multiple of index_topk_freq (defaults 2 and 1:
// every layer full, as GLM-5 and 5.1 run). The first layer must have an indexer.
void readIndexShare(Reading& x) {
    const std::size_t n = x.layers.size();
    std::vector<bool> shared(n, false);
    const auto perLayer = [&](const char* key, const std::string& expected,
                              const auto& sharedWord) {
        const Json* v = x.r.find(key);
        if (v == nullptr) {
            return false;
        }
        std::vector<std::string> words;
        if (v->is_string()) {
            for (const char c : v->get<std::string>()) {
                words.emplace_back(1, c);
            }
        } else if (v->is_array()) {
            for (const Json& w : *v) {
                words.push_back(w.is_string() ? w.get<std::string>() : "");
            }
        }
        const bool valid =
            words.size() == n && std::all_of(words.begin(), words.end(), [&](const std::string& w) {
                return sharedWord(w).has_value();
            });
        if (!valid) {
            x.error(key, "a list of " + std::to_string(n) + " " + expected, foundText(*v));
            return true;
        }
        for (std::size_t i = 0; i < n; ++i) {
            shared[i] = *sharedWord(words[i]);
        }
        return true;
    };
    const auto word = [](const char* full, const char* share) {
        return [=](const std::string& w) -> std::optional<bool> {
            if (w == full || w == share) {
                return w == share;
            }
            return std::nullopt;
        };
    };
    const char* key = "indexer_types";
    if (!perLayer(key, "\"full\" or \"shared\"", word("full", "shared"))) {
        key = "index_topk_pattern";
        if (!perLayer(key, "\"F\" or \"S\"", word("F", "S"))) {
            key = "index_topk_freq";
            const std::int64_t freq =
                x.r.integer("index_topk_freq", false, 1, kMaxLayers).value_or(1);
            const std::int64_t offset =
                x.r.integer("index_skip_topk_offset", false, 0, kMaxLayers).value_or(2);
            for (std::size_t i = 0; i < n; ++i) {
                shared[i] =
                    std::max<std::int64_t>(static_cast<std::int64_t>(i) - offset + 1, 0) % freq !=
                    0;
            }
        }
    }
    if (x.failed()) {
        return;
    }
    if (n > 0 && shared[0]) {
        x.error(key,
                "the first layer to run its own indexer (a shared layer reuses an earlier one's)",
                "a shared first layer");
        return;
    }
    for (std::size_t i = 0; i < n; ++i) {
        x.layers[i].sharedIndex = shared[i];
    }
}

}  // namespace

void readDeepseek(Reading& x) {
    readCommon(x, {.headDimFromHidden = false});
    Model& m = x.m;
    booleanOr(x, "attention_bias", false);  // MLA's projections have no biases
    m.mlpBias = booleanOr(x, "mlp_bias", false);
    readMla(x);
    const bool sparse = x.type == "deepseek_v32";
    if (sparse) {
        readSparse(x, false);
    }
    if (readExperts(x, "n_routed_experts", false, "moe_intermediate_size") > 0) {
        // n_shared_experts × moe_intermediate_size: derived, so no key of its own.
        m.moe.sharedIntermediateSize =
            x.r.integer("n_shared_experts", false, 0, 1'000'000).value_or(0) *
            m.moe.expertIntermediateSize;
        m.moe.routerBias = x.type != "deepseek_v2" &&
                           x.r.string("topk_method", false).value_or("noaux_tc") == "noaux_tc";
    }
    if (x.failed()) {
        return;
    }
    const MixerKind mixer = sparse ? MixerKind::SparseMla : MixerKind::Mla;
    const std::int64_t firstDense =
        x.r.integer("first_k_dense_replace", false, 0, m.numLayers).value_or(0);
    const std::int64_t freq = x.r.integer("moe_layer_freq", false, 1, m.numLayers).value_or(1);
    for (std::int64_t i = 0; i < m.numLayers; ++i) {
        LayerGroup& l = x.layers[static_cast<std::size_t>(i)];
        l.mixer = mixer;
        l.mlp = m.moe.enabled() && i >= firstDense && i % freq == 0 ? MlpKind::Moe : MlpKind::Dense;
    }
    readMtp(x, "num_nextn_predict_layers",
            {.mixer = mixer, .mlp = m.moe.enabled() ? MlpKind::Moe : MlpKind::Dense});
    if (x.type == "kimi_k25") {
        m.visionParameters = kimiK25VisionParameters(x);
    }
}

void readGlmMoeDsa(Reading& x) {
    // transformers/models/glm_moe_dsa/modeling_glm_moe_dsa.py (GLM-5): DeepSeek-V3.2's layer
    // (MLA with a lightning indexer, sigmoid routing with a correction bias, n_shared_experts)
    // with GlmMoeDsaConfig's defaults; mlp_layer_types, else first_k_dense_replace (3).
    readCommon(x, {.headDimFromHidden = false});
    Model& m = x.m;
    booleanOr(x, "attention_bias", false);
    m.mlpBias = booleanOr(x, "mlp_bias", false);
    readMla(x);
    readSparse(x, true);
    readGlmExperts(x);
    if (x.failed()) {
        return;
    }
    std::vector<std::string> mlpTypes;
    if (const Json* t = x.r.find("mlp_layer_types"); t != nullptr) {
        if (!t->is_array() || t->size() != x.layers.size()) {
            x.error("mlp_layer_types",
                    "a list of " + std::to_string(m.numLayers) + " \"dense\" or \"sparse\"",
                    foundText(*t));
            return;
        }
        for (const Json& v : *t) {
            mlpTypes.push_back(v.is_string() ? v.get<std::string>() : "");
        }
    }
    const std::int64_t firstDense =
        x.r.integer("first_k_dense_replace", false, 0, m.numLayers).value_or(3);
    for (std::size_t i = 0; i < x.layers.size(); ++i) {
        const bool moe =
            mlpTypes.empty() ? static_cast<std::int64_t>(i) >= firstDense : mlpTypes[i] == "sparse";
        x.layers[i].mixer = MixerKind::SparseMla;
        x.layers[i].mlp = moe ? MlpKind::Moe : MlpKind::Dense;
    }
    readIndexShare(x);
    // The MTP layer runs its own indexer.
    readMtp(x, "num_nextn_predict_layers", {.mixer = MixerKind::SparseMla, .mlp = MlpKind::Moe});
}

}  // namespace roofline::io::detail::configs
