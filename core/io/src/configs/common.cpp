// SPDX-License-Identifier: GPL-3.0-or-later
// The keys every decoder config.json shares (transformers' PretrainedConfig conventions:
// hidden_size, num_hidden_layers, num_attention_heads, num_key_value_heads, head_dim,
// intermediate_size, vocab_size, tie_word_embeddings), and the helpers the family readers
// under configs/ use.

#include <algorithm>

#include "reader.h"

namespace roofline::io::detail::configs {

bool Reading::failed() const { return hasErrors(issues); }

std::int64_t integerOr(Reading& x, const std::string& key, std::optional<std::int64_t> dflt,
                       std::int64_t lo, std::int64_t hi) {
    if (!x.r.has(key) && dflt) {
        return *dflt;
    }
    return x.r.integer(key, true, lo, hi).value_or(0);
}

bool booleanOr(Reading& x, const std::string& key, bool dflt) {
    return x.r.boolean(key, false).value_or(dflt);
}

void readCommon(Reading& x, const CommonDefaults& d) {
    ObjectReader& r = x.r;
    Model& m = x.m;
    x.key("numLayers", "num_hidden_layers");
    x.key("hiddenSize", "hidden_size");
    x.key("numQueryHeads", "num_attention_heads");
    x.key("vocabSize", "vocab_size");
    x.key("intermediateSize", "intermediate_size");
    // Defaulted to num_attention_heads (MHA) when the file has no num_key_value_heads.
    x.key("numKvHeads", r.has("num_key_value_heads") || d.numKvHeads ? "num_key_value_heads"
                                                                     : "num_attention_heads");

    m.hiddenSize = integerOr(x, "hidden_size", d.hiddenSize, 1, kMaxDim);
    m.numLayers = integerOr(x, "num_hidden_layers", d.numLayers, 1, kMaxLayers);
    m.numQueryHeads = integerOr(x, "num_attention_heads", d.numQueryHeads, 1, kMaxDim);
    m.numKvHeads = r.integer("num_key_value_heads", false, 1, kMaxDim)
                       .value_or(d.numKvHeads.value_or(m.numQueryHeads));
    m.vocabSize = integerOr(x, "vocab_size", d.vocabSize, 1, kMaxDim * 10);
    m.maxPositionEmbeddings =
        r.integer("max_position_embeddings", false, 1, std::int64_t{1} << 40).value_or(0);
    // The dense MLP width; MoE-only configs (Mixtral, GPT-OSS) use it as the expert width.
    if (d.intermediateRequired || r.has("intermediate_size")) {
        m.intermediateSize = integerOr(x, "intermediate_size", d.intermediateSize, 1, kMaxDim);
    }
    // head_dim need not be hidden / heads (Gemma-2: 256 vs 224); use it when given.
    if (r.has("head_dim")) {
        m.headDim = r.integer("head_dim", true, 1, kMaxDim).value_or(0);
        x.key("headDim", "head_dim");
    } else if (d.headDim) {
        m.headDim = *d.headDim;
    } else if (m.numQueryHeads > 0 && m.hiddenSize % m.numQueryHeads == 0) {
        m.headDim = m.hiddenSize / m.numQueryHeads;
    } else if (m.numQueryHeads > 0 && d.headDimFromHidden) {
        x.error("head_dim", "present, since hidden_size is not a multiple of num_attention_heads",
                "missing");
    }
    m.tieWordEmbeddings = r.boolean("tie_word_embeddings", false).value_or(d.tieWordEmbeddings);
    m.gatedMlp = true;
    m.normsPerLayer = 2;

    const LayerGroup plain{.count = 1};
    x.layers.assign(static_cast<std::size_t>(std::max<std::int64_t>(m.numLayers, 0)), plain);
}

std::vector<std::int64_t> integerList(Reading& x, const std::string& key) {
    std::vector<std::int64_t> out;
    const Json* v = x.r.find(key);
    if (v == nullptr) {
        return out;
    }
    if (!v->is_array()) {
        x.error(key, "a list of layer indices", foundText(*v));
        return out;
    }
    for (const Json& item : *v) {
        if (!item.is_number_integer()) {
            x.error(key, "a list of layer indices", foundText(*v));
            return {};
        }
        out.push_back(item.get<std::int64_t>());
    }
    return out;
}

std::vector<std::string> layerTypes(Reading& x, std::initializer_list<std::string_view> allowed,
                                    std::string_view what) {
    const Json* types = x.r.find("layer_types");
    if (types == nullptr) {
        return {};
    }
    x.keys.add("layerGroups", x.r.pointerTo("layer_types"));
    if (!types->is_array() || types->size() != static_cast<std::size_t>(x.m.numLayers)) {
        x.error("layer_types",
                "a list of " + std::to_string(x.m.numLayers) + " " + std::string(what),
                foundText(*types));
        return {};
    }
    std::string names;
    std::size_t n = 0;
    for (std::string_view a : allowed) {
        ++n;
        names += (names.empty() ? "" : (n == allowed.size() ? " or " : ", ")) + std::string("\"") +
                 std::string(a) + "\"";
    }
    std::vector<std::string> out;
    for (std::size_t i = 0; i < types->size(); ++i) {
        const Json& t = (*types)[i];
        const std::string kind = t.is_string() ? t.get<std::string>() : "";
        if (std::find(allowed.begin(), allowed.end(), kind) == allowed.end()) {
            x.issues.push_back({Severity::Error, x.r.file(),
                                x.r.pointerTo("layer_types") + "/" + std::to_string(i), names,
                                foundText(t)});
            return {};
        }
        out.push_back(kind);
    }
    return out;
}

std::int64_t slidingWindow(Reading& x) {
    return x.r.integer("sliding_window", false, 1, kMaxDim * 100).value_or(0);
}

bool windowsFromLayerTypes(Reading& x, std::int64_t window) {
    if (!x.r.has("layer_types")) {
        return false;
    }
    const std::vector<std::string> types = layerTypes(x, {"full_attention", "sliding_attention"});
    for (std::size_t i = 0; i < types.size(); ++i) {
        if (types[i] == "sliding_attention") {
            if (window == 0) {
                x.error("sliding_window",
                        "a window size, since layer_types has sliding_attention layers", "missing");
                break;
            }
            x.layers[i].span = AttentionSpan::Sliding;
            x.layers[i].window = window;
        }
    }
    return true;
}

void readBiases(Reading& x, bool dflt) {
    const bool attentionBias = booleanOr(x, "attention_bias", dflt);
    x.m.qkvBias = attentionBias;
    x.m.oBias = attentionBias;
    x.m.mlpBias = booleanOr(x, "mlp_bias", false);
}

std::int64_t readGlmExperts(Reading& x) {
    Model& m = x.m;
    const std::int64_t experts = readExperts(x, "n_routed_experts", true, "moe_intermediate_size");
    if (experts > 0) {
        m.moe.sharedIntermediateSize =
            x.r.integer("n_shared_experts", false, 0, 1'000'000).value_or(1) *
            m.moe.expertIntermediateSize;
        m.moe.routerBias = true;  // e_score_correction_bias
    }
    return experts;
}

std::int64_t readExperts(Reading& x, const std::string& expertsKey, bool required,
                         const std::string& widthKey, const std::string& topKKey) {
    // Only the type is checked here; the range is validate()'s (moe.numExperts), reported
    // under the key read.
    const std::int64_t experts = x.r.integer(expertsKey, required, 1, kAnyCount).value_or(0);
    x.key("moe.numExperts", expertsKey);
    if (experts <= 0) {
        return 0;
    }
    MoeShape& e = x.m.moe;
    e.numExperts = experts;
    e.expertsPerToken = x.r.integer(topKKey, true, 1, experts).value_or(0);
    x.key("moe.expertsPerToken", topKKey);
    if (widthKey == "intermediate_size") {
        e.expertIntermediateSize = x.m.intermediateSize;
    } else {
        e.expertIntermediateSize = x.r.integer(widthKey, true, 1, kMaxDim).value_or(0);
    }
    x.key("moe.expertIntermediateSize", widthKey);
    return experts;
}

void readMla(Reading& x) {
    MlaShape& a = x.m.mla;
    a.qLoraRank = x.r.integer("q_lora_rank", false, 1, kMaxDim).value_or(0);
    a.kvLoraRank = x.r.integer("kv_lora_rank", true, 1, kMaxDim).value_or(0);
    a.qkNopeHeadDim = x.r.integer("qk_nope_head_dim", true, 1, kMaxDim).value_or(0);
    a.qkRopeHeadDim = x.r.integer("qk_rope_head_dim", true, 0, kMaxDim).value_or(0);
    a.vHeadDim = x.r.integer("v_head_dim", true, 1, kMaxDim).value_or(0);
    x.key("mla.qLoraRank", "q_lora_rank");
    x.key("mla.kvLoraRank", "kv_lora_rank");
    x.key("mla.qkNopeHeadDim", "qk_nope_head_dim");
    x.key("mla.qkRopeHeadDim", "qk_rope_head_dim");
    x.key("mla.vHeadDim", "v_head_dim");
    x.m.headDim = a.qkNopeHeadDim + a.qkRopeHeadDim;
    x.m.numKvHeads = x.m.numQueryHeads;  // the cache has no KV heads; see MlaShape
}

Precision stateDtype(Reading& x, std::initializer_list<std::string_view> keys,
                     std::optional<Precision> absent) {
    const auto parse = [](const std::string& name) -> std::optional<Precision> {
        if (name == "float32" || name == "fp32") {
            return Precision::Fp32;
        }
        if (name == "bfloat16" || name == "bf16") {
            return Precision::Bf16;
        }
        if (name == "float16" || name == "fp16") {
            return Precision::Fp16;
        }
        return std::nullopt;
    };
    for (std::string_view k : keys) {
        const std::string key(k);
        if (const Json* v = x.r.find(key); v != nullptr) {
            if (const auto p = v->is_string() ? parse(v->get<std::string>()) : std::nullopt) {
                return *p;
            }
            x.error(key, "a torch dtype: \"float32\", \"bfloat16\" or \"float16\"", foundText(*v));
            return Precision::Bf16;
        }
    }
    if (absent) {
        return *absent;
    }
    for (const Json* obj : {&x.text, &x.root}) {
        for (const char* key : {"torch_dtype", "dtype"}) {  // transformers ≥ 4.56 writes dtype
            const auto it = obj->find(key);
            if (it != obj->end() && it->is_string()) {
                if (const auto p = parse(it->get<std::string>())) {
                    return *p;
                }
            }
        }
    }
    return Precision::Bf16;
}

Precision modelDtype(Reading& x) { return stateDtype(x, {}); }

void readMtp(Reading& x, const std::string& key, const LayerGroup& shape, std::int64_t absent) {
    const std::int64_t n = x.r.integer(key, false, 0, kMaxLayers).value_or(absent);
    x.m.mtp = shape;
    x.m.mtp.count = n;
    if (n == 0) {
        x.m.mtp = LayerGroup{.count = 0};
    }
}

namespace {

// Keys that Hugging Face configs carry whatever the family and that change no FLOPs, bytes,
// parameter count or KV/state size: PretrainedConfig's bookkeeping, token ids, generation and
// training settings, and numerics that the counts do not depend on.
constexpr std::string_view kHarmlessEverywhere[] = {
    // Bookkeeping: which class, which library, where the weights came from.
    "architectures",
    "auto_map",
    "transformers_version",
    "_name_or_path",
    "_commit_hash",
    "_attn_implementation",
    "_attn_implementation_autoset",
    "model_type",
    "name_or_path",
    // The checkpoint's dtype: read by readCheckpoint() and stateDtype() on the raw object.
    "torch_dtype",
    "dtype",
    // Token ids (a multimodal model's image and video markers too) and tokenizer.
    "bos_token_id",
    "eos_token_id",
    "pad_token_id",
    "sep_token_id",
    "decoder_start_token_id",
    "tokenizer_class",
    "image_token_id",
    "video_token_id",
    "vision_start_token_id",
    "vision_end_token_id",
    "vision_token_id",
    // Training, generation and output switches of the Python model.
    "initializer_range",
    "use_cache",
    "output_attentions",
    "output_hidden_states",
    "return_dict",
    "torchscript",
    "use_bfloat16",
    "tf_legacy_loss",
    "pruned_heads",
    "chunk_size_feed_forward",
    "attention_dropout",
    "hidden_dropout",
    "embd_pdrop",
    "resid_pdrop",
    "dropout",
    "router_aux_loss_coef",
    "output_router_logits",
    "router_jitter_noise",
    "problem_type",
    "id2label",
    "label2id",
    "finetuning_task",
    "task_specific_params",
    "prefix",
    "max_length",
    "min_length",
    "do_sample",
    "early_stopping",
    "num_beams",
    "num_beam_groups",
    "diversity_penalty",
    "temperature",
    "top_k",
    "top_p",
    "typical_p",
    "repetition_penalty",
    "length_penalty",
    "no_repeat_ngram_size",
    "encoder_no_repeat_ngram_size",
    "bad_words_ids",
    "num_return_sequences",
    "output_scores",
    "return_dict_in_generate",
    "forced_bos_token_id",
    "forced_eos_token_id",
    "remove_invalid_values",
    "exponential_decay_length_penalty",
    "suppress_tokens",
    "begin_suppress_tokens",
    "is_decoder",
    "cross_attention_hidden_size",
    "tie_encoder_decoder",
    // Numerics the counts do not depend on: a norm's epsilon; the rotary base, its scaling and
    // the share of each head it rotates (the engine counts no FLOPs for RoPE); the activation
    // function's name (whether the MLP is gated is the family's, and the engine counts the
    // same few FLOPs per element whatever the function).
    "rms_norm_eps",
    "layer_norm_eps",
    "layer_norm_epsilon",
    "rope_theta",
    "rope_scaling",
    "rope_parameters",
    "partial_rotary_factor",
    "hidden_act",
    // How a MoE router weighs and picks its top-k, never how many: normalised or scaled
    // weights, sigmoid or softmax scores, group-limited choice (DeepSeek's n_group and
    // topk_group; the engine assumes uniform routing either way), and the expert-parallel size
    // the checkpoint was trained with.
    "norm_topk_prob",
    "routed_scaling_factor",
    "scoring_func",
    "n_group",
    "topk_group",
    "ep_size",
};

}  // namespace

void warnUnreadKeys(Reading& x) {
    x.r.allow(kHarmlessEverywhere);
    // PretrainedConfig writes both as false into every config it dumps; true would name an
    // encoder or cross-attention layers that no decoder family here builds.
    for (const char* key : {"is_encoder_decoder", "add_cross_attention"}) {
        if (const Json* v = x.r.find(key); v != nullptr && v->is_boolean() && v->get<bool>()) {
            x.warning(key,
                      "false (" + x.type +
                          " is read as a decoder-only model: no encoder, no cross-attention)",
                      "true");
        }
    }
    x.r.warnUnread("a key the " + x.type + " reader knows",
                   "a key it does not read, so if it changes the architecture the figures may "
                   "be wrong");
}

std::vector<LayerGroup> groupLayers(const std::vector<LayerGroup>& layers) {
    std::vector<LayerGroup> groups;
    for (const LayerGroup& layer : layers) {
        auto it = std::find_if(groups.begin(), groups.end(), [&](const LayerGroup& g) {
            LayerGroup a = g;
            a.count = layer.count;
            return a == layer;
        });
        if (it == groups.end()) {
            groups.push_back(layer);
        } else {
            it->count += layer.count;
        }
    }
    return groups;
}

}  // namespace roofline::io::detail::configs
