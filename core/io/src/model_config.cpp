// SPDX-License-Identifier: GPL-3.0-or-later
// Hugging Face config.json -> Model. Every shape comes from the config's fields and the
// conventions of its model_type (which bias, how many norms, which layers are sliding or
// MoE), exactly as the transformers modelling code for that type builds the model. Nothing is
// keyed on the model's name.

#include <algorithm>
#include <array>
#include <filesystem>

#include "json_util.h"
#include "roofline/io/presets.h"
#include "vision_config.h"

namespace roofline::io {

using detail::Json;
using detail::ObjectReader;

namespace {

constexpr std::int64_t kMaxDim = 10'000'000;
constexpr std::int64_t kMaxLayers = 100'000;
// For counts whose range validate() checks: here only "an integer" that fits.
constexpr std::int64_t kAnyCount = std::int64_t{1} << 53;

// The model_type values we read, and the *ForCausalLM class each one's configs name.
struct Architecture {
    std::string_view modelType;
    std::string_view className;
};
constexpr std::array<Architecture, 12> kArchitectures = {{
    {"llama", "LlamaForCausalLM"},
    {"mistral", "MistralForCausalLM"},
    {"mixtral", "MixtralForCausalLM"},
    {"qwen2", "Qwen2ForCausalLM"},
    {"qwen2_moe", "Qwen2MoeForCausalLM"},
    {"qwen3", "Qwen3ForCausalLM"},
    {"qwen3_moe", "Qwen3MoeForCausalLM"},
    {"gemma", "GemmaForCausalLM"},
    {"gemma2", "Gemma2ForCausalLM"},
    {"deepseek_v2", "DeepseekV2ForCausalLM"},
    {"deepseek_v3", "DeepseekV3ForCausalLM"},
    {"gpt_oss", "GptOssForCausalLM"},
}};

std::string supportedList() {
    std::string list;
    for (const Architecture& a : kArchitectures) {
        list += (list.empty() ? "" : ", ") + std::string(a.modelType);
    }
    for (const detail::VisionArchitecture& a : detail::kVisionArchitectures) {
        list += ", " + std::string(a.modelType);
    }
    return list;
}

// Per-layer description before grouping.
struct LayerKind {
    std::int64_t window = 0;
    bool moe = false;
};

std::vector<LayerGroup> groupLayers(const std::vector<LayerKind>& layers, MixerKind mixer) {
    std::vector<LayerGroup> groups;
    for (const LayerKind& k : layers) {
        LayerGroup layer{.count = 1,
                         .mixer = mixer,
                         .span = k.window > 0 ? AttentionSpan::Sliding : AttentionSpan::Full,
                         .window = k.window,
                         .mlp = k.moe ? MlpKind::Moe : MlpKind::Dense};
        auto it = std::find_if(groups.begin(), groups.end(), [&](const LayerGroup& g) {
            LayerGroup same = g;
            same.count = 1;
            return same == layer;
        });
        if (it == groups.end()) {
            groups.push_back(layer);
        } else {
            ++it->count;
        }
    }
    return groups;
}

// A list of integers (mlp_only_layers); empty on error (recorded).
std::vector<std::int64_t> integerList(ObjectReader& r, const std::string& key) {
    std::vector<std::int64_t> out;
    const Json* v = r.find(key);
    if (v == nullptr) {
        return out;
    }
    if (!v->is_array()) {
        r.error(key, "a list of layer indices", detail::foundText(*v));
        return out;
    }
    for (const Json& item : *v) {
        if (!item.is_number_integer()) {
            r.error(key, "a list of layer indices", detail::foundText(*v));
            return {};
        }
        out.push_back(item.get<std::int64_t>());
    }
    return out;
}

}  // namespace

Loaded<Model> parseModelConfig(std::string_view jsonText, const std::string& file,
                               const std::string& id) {
    Loaded<Model> result;
    const std::optional<Json> json = detail::parseObject(jsonText, file, result.issues);
    if (!json) {
        return result;
    }
    ObjectReader r(*json, file, "", result.issues);

    // Which architecture: model_type, else the class named in "architectures".
    std::string type = r.string("model_type", false).value_or("");
    if (type.empty()) {
        if (const Json* archs = r.find("architectures");
            archs != nullptr && archs->is_array() && !archs->empty() &&
            archs->front().is_string()) {
            const std::string cls = archs->front().get<std::string>();
            for (const Architecture& a : kArchitectures) {
                if (a.className == cls) {
                    type = a.modelType;
                }
            }
            for (const detail::VisionArchitecture& a : detail::kVisionArchitectures) {
                if (a.className == cls) {
                    type = a.modelType;
                }
            }
            if (type.empty()) {
                r.error("architectures",
                        "a supported decoder-only, vision-encoder or CNN class (model_type one "
                        "of " + supportedList() + ")",
                        "\"" + cls + "\"");
                return result;
            }
        } else {
            r.error("model_type", "one of " + supportedList(), "missing");
            return result;
        }
    }
    if (detail::isVisionType(type)) {
        detail::parseVisionConfig(*json, type, file, id, result);
        return result;
    }
    const bool known = std::any_of(kArchitectures.begin(), kArchitectures.end(),
                                   [&](const Architecture& a) { return a.modelType == type; });
    if (!known) {
        r.error("model_type",
                "a supported decoder-only, vision-encoder or CNN architecture: one of " +
                    supportedList(),
                "\"" + type + "\"" +
                    (r.boolean("is_encoder_decoder", false).value_or(false)
                         ? " (an encoder-decoder model)"
                         : ""));
        return result;
    }

    // Which key each validated Model field came from in THIS file (see FieldKeys).
    detail::FieldKeys keys;
    keys.add("numLayers", "/num_hidden_layers");
    keys.add("hiddenSize", "/hidden_size");
    keys.add("numQueryHeads", "/num_attention_heads");
    keys.add("vocabSize", "/vocab_size");
    keys.add("intermediateSize", "/intermediate_size");
    // Defaulted to num_attention_heads (MHA) when the file has no num_key_value_heads.
    keys.add("numKvHeads",
             r.has("num_key_value_heads") ? "/num_key_value_heads" : "/num_attention_heads");

    Model m;
    m.id = id;
    m.architecture = type;
    const bool deepseek = type == "deepseek_v2" || type == "deepseek_v3";
    const bool gemma = type == "gemma" || type == "gemma2";

    m.hiddenSize = r.integer("hidden_size", true, 1, kMaxDim).value_or(0);
    m.numLayers = r.integer("num_hidden_layers", true, 1, kMaxLayers).value_or(0);
    m.numQueryHeads = r.integer("num_attention_heads", true, 1, kMaxDim).value_or(0);
    m.numKvHeads =
        r.integer("num_key_value_heads", false, 1, kMaxDim).value_or(m.numQueryHeads);
    m.vocabSize = r.integer("vocab_size", true, 1, kMaxDim * 10).value_or(0);
    m.maxPositionEmbeddings =
        r.integer("max_position_embeddings", false, 1, std::int64_t{1} << 40).value_or(0);
    // The dense MLP width; MoE-only configs (Mixtral, GPT-OSS) use it as the expert width.
    m.intermediateSize = r.integer("intermediate_size", true, 1, kMaxDim).value_or(0);
    // head_dim need not be hidden / heads (Gemma-2: 256 vs 224); use it when given.
    if (r.has("head_dim")) {
        m.headDim = r.integer("head_dim", true, 1, kMaxDim).value_or(0);
        keys.add("headDim", "/head_dim");
    } else if (m.numQueryHeads > 0 && m.hiddenSize % m.numQueryHeads == 0) {
        m.headDim = m.hiddenSize / m.numQueryHeads;
    } else if (m.numQueryHeads > 0 && !deepseek) {
        r.error("head_dim", "present, since hidden_size is not a multiple of num_attention_heads",
                "missing");
    }
    m.tieWordEmbeddings = r.boolean("tie_word_embeddings", false).value_or(gemma);
    m.gatedMlp = true;  // every supported type uses a gated (SwiGLU/GeGLU) MLP
    m.normsPerLayer = type == "gemma2" ? 4 : 2;
    m.qkNorm = type == "qwen3" || type == "qwen3_moe";
    const bool attentionBias = r.boolean("attention_bias", false).value_or(type == "gpt_oss");
    if (type == "qwen2" || type == "qwen2_moe") {
        m.qkvBias = true;  // Qwen2 always biases q, k, v (not o)
    } else if (!deepseek) {
        m.qkvBias = attentionBias;
        m.oBias = attentionBias;
    }
    m.mlpBias = r.boolean("mlp_bias", false).value_or(false);
    m.attentionSinks = type == "gpt_oss";

    // Multi-head latent attention.
    if (deepseek) {
        m.mla.qLoraRank = r.integer("q_lora_rank", false, 1, kMaxDim).value_or(0);
        m.mla.kvLoraRank = r.integer("kv_lora_rank", true, 1, kMaxDim).value_or(0);
        m.mla.qkNopeHeadDim = r.integer("qk_nope_head_dim", true, 1, kMaxDim).value_or(0);
        m.mla.qkRopeHeadDim = r.integer("qk_rope_head_dim", true, 0, kMaxDim).value_or(0);
        m.mla.vHeadDim = r.integer("v_head_dim", true, 1, kMaxDim).value_or(0);
        for (const char* key : {"q_lora_rank", "kv_lora_rank", "qk_nope_head_dim",
                                "qk_rope_head_dim", "v_head_dim"}) {
            std::string field = "mla.";
            for (std::size_t i = 0; key[i] != '\0'; ++i) {  // snake_case -> camelCase
                if (key[i] == '_' && key[i + 1] != '\0') {
                    field += static_cast<char>(key[i + 1] - 'a' + 'A');
                    ++i;
                } else {
                    field += key[i];
                }
            }
            keys.add(field, std::string("/") + key);
        }
        m.headDim = m.mla.qkNopeHeadDim + m.mla.qkRopeHeadDim;
        m.numKvHeads = m.numQueryHeads;  // the cache has no KV heads; see MlaShape
    }

    // Routed experts: field names differ by family. Only the type is checked here; the range
    // is validate()'s (moe.numExperts), reported under the key read.
    std::string expertsKey;
    if (type == "mixtral" || type == "gpt_oss") {
        expertsKey = "num_local_experts";
    } else if (type == "qwen2_moe" || type == "qwen3_moe") {
        expertsKey = "num_experts";
    } else if (deepseek) {
        expertsKey = "n_routed_experts";
    }
    std::int64_t experts = 0;
    if (!expertsKey.empty()) {
        experts = r.integer(expertsKey, !deepseek, 1, kAnyCount).value_or(0);
        keys.add("moe.numExperts", "/" + expertsKey);
    }
    if (experts > 0) {
        m.moe.numExperts = experts;
        const std::string kKey = r.has("num_experts_per_tok") || type != "gpt_oss"
                                     ? "num_experts_per_tok"
                                     : "experts_per_token";
        m.moe.expertsPerToken = r.integer(kKey, true, 1, experts).value_or(0);
        keys.add("moe.expertsPerToken", "/" + kKey);
        if (type == "mixtral" || type == "gpt_oss") {
            m.moe.expertIntermediateSize = m.intermediateSize;
            keys.add("moe.expertIntermediateSize", "/intermediate_size");
        } else {
            m.moe.expertIntermediateSize =
                r.integer("moe_intermediate_size", true, 1, kMaxDim).value_or(0);
            keys.add("moe.expertIntermediateSize", "/moe_intermediate_size");
        }
        if (type == "qwen2_moe") {
            m.moe.sharedIntermediateSize =
                r.integer("shared_expert_intermediate_size", false, 0, kMaxDim).value_or(0);
            m.moe.sharedExpertGate = m.moe.sharedIntermediateSize > 0;
            keys.add("moe.sharedIntermediateSize", "/shared_expert_intermediate_size");
        } else if (deepseek) {
            // n_shared_experts × moe_intermediate_size: derived, so no key of its own.
            m.moe.sharedIntermediateSize =
                r.integer("n_shared_experts", false, 0, 1'000'000).value_or(0) *
                m.moe.expertIntermediateSize;
        }
        // DeepSeek-V3's noaux_tc routing adds a per-expert score-correction bias.
        m.moe.routerBias = type == "gpt_oss" ||
                           (type == "deepseek_v3" &&
                            r.string("topk_method", false).value_or("noaux_tc") == "noaux_tc");
        m.moe.expertBias = type == "gpt_oss";
    }

    if (hasErrors(result.issues)) {
        return result;
    }

    // Which layers are MoE, which slide.
    std::vector<LayerKind> layers(static_cast<std::size_t>(m.numLayers));
    if (experts > 0) {
        const std::int64_t firstDense = deepseek ? r.integer("first_k_dense_replace", false, 0,
                                                             m.numLayers).value_or(0)
                                                 : 0;
        const std::int64_t freq =
            deepseek ? r.integer("moe_layer_freq", false, 1, m.numLayers).value_or(1) : 1;
        const std::int64_t step =
            (type == "qwen2_moe" || type == "qwen3_moe")
                ? r.integer("decoder_sparse_step", false, 1, m.numLayers).value_or(1)
                : 1;
        const std::vector<std::int64_t> mlpOnly = integerList(r, "mlp_only_layers");
        for (std::int64_t i = 0; i < m.numLayers; ++i) {
            bool moe = true;
            if (deepseek) {
                moe = i >= firstDense && i % freq == 0;
            } else if (type == "qwen2_moe" || type == "qwen3_moe") {
                moe = std::find(mlpOnly.begin(), mlpOnly.end(), i) == mlpOnly.end() &&
                      (i + 1) % step == 0;
            }
            layers[static_cast<std::size_t>(i)].moe = moe;
        }
    }

    const std::int64_t window = r.integer("sliding_window", false, 1, kMaxDim * 100).value_or(0);
    if (r.has("layer_types")) {
        keys.add("layerGroups", "/layer_types");
    }
    if (const Json* types = r.find("layer_types")) {
        // Explicit per-layer attention kinds (GPT-OSS, newer transformers configs).
        if (!types->is_array() || types->size() != static_cast<std::size_t>(m.numLayers)) {
            r.error("layer_types",
                    "a list of " + std::to_string(m.numLayers) + " attention kinds",
                    detail::foundText(*types));
        } else {
            for (std::size_t i = 0; i < types->size(); ++i) {
                const Json& t = (*types)[i];
                const std::string kind = t.is_string() ? t.get<std::string>() : "";
                if (kind == "sliding_attention") {
                    if (window == 0) {
                        r.error("sliding_window", "a window size, since layer_types has "
                                                  "sliding_attention layers", "missing");
                        break;
                    }
                    layers[i].window = window;
                } else if (kind != "full_attention") {
                    result.issues.push_back({Severity::Error, file,
                                             "/layer_types/" + std::to_string(i),
                                             "\"full_attention\" or \"sliding_attention\"",
                                             detail::foundText(t)});
                    break;
                }
            }
        }
    } else if (window > 0) {
        if (type == "mistral" || type == "mixtral") {
            for (LayerKind& k : layers) {
                k.window = window;
            }
        } else if (type == "gemma2" || type == "gpt_oss") {
            for (std::size_t i = 0; i < layers.size(); i += 2) {
                layers[i].window = window;  // layers 0, 2, 4, ... slide; odd layers are global
            }
        } else if (type == "qwen2" || type == "qwen2_moe" || type == "qwen3" ||
                   type == "qwen3_moe") {
            // Qwen: only with use_sliding_window, and only from max_window_layers on.
            if (r.boolean("use_sliding_window", false).value_or(false)) {
                const std::int64_t from =
                    r.integer("max_window_layers", false, 0, m.numLayers).value_or(0);
                for (std::int64_t i = from; i < m.numLayers; ++i) {
                    layers[static_cast<std::size_t>(i)].window = window;
                }
            }
        }
    }
    m.layerGroups = groupLayers(layers, deepseek ? MixerKind::Mla : MixerKind::Attention);

    // Display name: our sidecar key, else the Hub path, else the id.
    m.name = id;
    if (const Json* sidecar = r.find("_roofline"); sidecar != nullptr && sidecar->is_object()) {
        ObjectReader s(*sidecar, file, "/_roofline", result.issues);
        m.name = s.string("name", false).value_or(m.name);
    } else if (auto path = r.string("_name_or_path", false)) {
        // "meta-llama/Llama-3.1-8B" -> "Llama-3.1-8B"; "./out/checkpoint-500/" -> "checkpoint-500".
        while (!path->empty() && (path->back() == '/' || path->back() == '\\')) {
            path->pop_back();
        }
        const std::string last = path->substr(path->find_last_of("/\\") + 1);
        if (!last.empty() && last != "." && last != "..") {
            m.name = last;
        }
    }

    std::vector<Issue> more = validate(m, file);
    keys.apply(more, &*json);
    detail::finish(result, std::move(m), std::move(more));
    return result;
}

Loaded<Model> loadModelFile(const std::string& path) {
    // A checkpoint folder's file is always "config.json": its id is the folder's name
    // (issue 12: imports showed as "config"), unless the file names itself (_name_or_path).
    const std::filesystem::path file(path);
    std::string id = file.stem().string();
    if (id == "config") {
        const std::string folder = std::filesystem::absolute(file).parent_path().filename().string();
        if (!folder.empty()) {
            id = folder;
        }
    }
    return detail::loadWith<Model>(path, [&](std::string_view text) {
        return parseModelConfig(text, path, id);
    });
}

}  // namespace roofline::io
