// SPDX-License-Identifier: GPL-3.0-or-later
// Hugging Face config.json -> Model. Every shape comes from the config's fields and the
// conventions of its model_type (which bias, how many norms, which layers are sliding, MoE or
// recurrent), exactly as the transformers modelling code for that type builds the model. One
// reader per family lives under configs/ and cites the modelling file it follows; this file
// picks the reader (model_type, else the class in "architectures"), refuses the types whose
// layers the engine cannot model (in plain words, never by aliasing them onto another type),
// surfaces quantization_config, and groups and validates the layers. Nothing is keyed on the
// model's name.

#include <algorithm>
#include <array>
#include <filesystem>
#include <optional>
#include <string>

#include "checkpoint.h"
#include "configs/reader.h"
#include "json_util.h"
#include "roofline/io/presets.h"
#include "vision_config.h"

namespace roofline::io {

using detail::Json;
using detail::ObjectReader;

namespace {

using FamilyReader = void (*)(detail::configs::Reading&);

// The model_type values we read, the class their configs name, the reader, and whether the
// decoder sits in text_config (multimodal wrappers). A wrapper names the decoder types its
// own reader reads (text_config.model_type, comma-separated) and its vision tower: a
// text_config of another supported type is read by that type's reader (Mistral Large 3 in
// Hugging Face form: a mistral3 wrapper around a deepseek_v3 decoder), never as the wrapper's
// usual decoder, and the tower is counted beside it.
struct Family {
    std::string_view modelType;
    std::string_view className;
    FamilyReader read;
    bool textConfig = false;
    std::string_view innerTypes = {};
    double (*vision)(detail::configs::Reading&) = nullptr;
};

namespace c = detail::configs;

constexpr std::array<Family, 44> kFamilies = {{
    {"llama", "LlamaForCausalLM", c::readLlama},
    {"mistral", "MistralForCausalLM", c::readLlama},
    {"mixtral", "MixtralForCausalLM", c::readLlama},
    {"qwen2", "Qwen2ForCausalLM", c::readQwen},
    {"qwen2_moe", "Qwen2MoeForCausalLM", c::readQwen},
    {"qwen3", "Qwen3ForCausalLM", c::readQwen},
    {"qwen3_moe", "Qwen3MoeForCausalLM", c::readQwen},
    {"gemma", "GemmaForCausalLM", c::readGemma},
    {"gemma2", "Gemma2ForCausalLM", c::readGemma},
    {"deepseek_v2", "DeepseekV2ForCausalLM", c::readDeepseek},
    {"deepseek_v3", "DeepseekV3ForCausalLM", c::readDeepseek},
    {"gpt_oss", "GptOssForCausalLM", c::readGptOss},
    // Multimodal wrappers (decoder in text_config, vision tower counted) and their decoders.
    {"llama4", "Llama4ForConditionalGeneration", c::readLlama4, true, "llama4_text",
     c::llama4VisionParameters},
    {"llama4_text", "Llama4ForCausalLM", c::readLlama4},
    {"gemma3", "Gemma3ForConditionalGeneration", c::readGemma3, true, "gemma3_text",
     c::siglipGemma3VisionParameters},
    {"gemma3_text", "Gemma3ForCausalLM", c::readGemma3},
    {"gemma4", "Gemma4ForConditionalGeneration", c::readGemma4, true, "gemma4_text"},
    {"gemma4_text", "Gemma4ForCausalLM", c::readGemma4},
    {"qwen3_next", "Qwen3NextForCausalLM", c::readQwen3Next},
    {"qwen3_5", "Qwen3_5ForConditionalGeneration", c::readQwen3Next, true, "qwen3_5_text",
     c::qwen35VisionParameters},
    {"qwen3_5_text", "Qwen3_5ForCausalLM", c::readQwen3Next},
    {"qwen3_5_moe", "Qwen3_5MoeForConditionalGeneration", c::readQwen3Next, true,
     "qwen3_5_moe_text", c::qwen35VisionParameters},
    {"qwen3_5_moe_text", "Qwen3_5MoeForCausalLM", c::readQwen3Next},
    {"deepseek_v32", "DeepseekV32ForCausalLM", c::readDeepseek},
    {"glm_moe_dsa", "GlmMoeDsaForCausalLM", c::readGlmMoeDsa},
    {"glm4_moe", "Glm4MoeForCausalLM", c::readGlm4Moe},
    {"nemotron_h", "NemotronHForCausalLM", c::readNemotronH},
    {"nemotron-nas", "DeciLMForCausalLM", c::readNemotronNas},
    {"phi3", "Phi3ForCausalLM", c::readPhi3},
    {"mistral3", "Mistral3ForConditionalGeneration", c::readMistral3, true,
     "mistral,ministral,ministral3", c::pixtralMistral3VisionParameters},
    {"ministral", "MinistralForCausalLM", c::readLlama},
    {"ministral3", "Ministral3ForCausalLM", c::readLlama},
    {"olmo2", "Olmo2ForCausalLM", c::readOlmo2},
    {"cohere2", "Cohere2ForCausalLM", c::readCohere2},
    {"granitemoehybrid", "GraniteMoeHybridForCausalLM", c::readGraniteHybrid},
    {"falcon_h1", "FalconH1ForCausalLM", c::readFalconH1},
    {"minimax_m2", "MiniMaxM2ForCausalLM", c::readMinimaxM2},
    {"kimi_k25", "KimiK25ForConditionalGeneration", c::readDeepseek, true, "kimi_k2,deepseek_v3",
     c::kimiK25VisionParameters},
    {"exaone4", "Exaone4ForCausalLM", c::readExaone4},
    {"olmo3", "Olmo3ForCausalLM", c::readOlmo3},
    {"mimo", "MiMoForCausalLM", c::readQwen},
    {"qwen2_5_vl", "Qwen2_5_VLForConditionalGeneration", c::readQwenVl, true, "qwen2_5_vl_text",
     c::qwen25VlVisionParameters},
    {"qwen3_vl", "Qwen3VLForConditionalGeneration", c::readQwenVl, true, "qwen3_vl_text",
     c::qwen3VlVisionParameters},
    {"qwen3_vl_moe", "Qwen3VLMoeForConditionalGeneration", c::readQwenVl, true, "qwen3_vl_moe_text",
     c::qwen3VlVisionParameters},
}};

// Types we know and cannot model yet, with the reason in plain words (DOMAIN.md §8: mapped
// onto a supported type they would be silently wrong).
struct Refusal {
    std::string_view modelType;
    std::string_view reason;
};
constexpr std::array<Refusal, 7> kRefusals = {{
    {"minimax",
     "has lightning-attention (linear attention) layers, which keep a recurrent state this "
     "program does not model yet"},
    {"minimax_m1",
     "has lightning-attention (linear attention) layers, which keep a recurrent state this "
     "program does not model yet"},
    {"jamba",
     "has Mamba-1 layers (a selective scan with per-channel state), which this program does not "
     "model (it models Mamba-2)"},
    {"mamba",
     "is a Mamba-1 state space model, which this program does not model (it models "
     "Mamba-2 hybrids)"},
    {"rwkv",
     "has RWKV time-mix layers (a recurrent state of their own), which this program "
     "does not model"},
    {"recurrent_gemma", "has RG-LRU recurrent layers, which this program does not model"},
    {"t5gemma", "is an encoder-decoder model"},
}};

const Family* familyOf(std::string_view type) {
    for (const Family& f : kFamilies) {
        if (f.modelType == type) {
            return &f;
        }
    }
    return nullptr;
}

const Family* familyOfClass(std::string_view cls) {
    for (const Family& f : kFamilies) {
        if (f.className == cls) {
            return &f;
        }
    }
    return nullptr;
}

std::string supportedList() {
    std::string list;
    for (const Family& f : kFamilies) {
        list += (list.empty() ? "" : ", ") + std::string(f.modelType);
    }
    for (const detail::VisionArchitecture& a : detail::kVisionArchitectures) {
        list += ", " + std::string(a.modelType);
    }
    return list;
}

// Whether `type` is one of a comma-separated list.
bool listed(std::string_view list, std::string_view type) {
    while (!list.empty()) {
        const std::size_t comma = list.find(',');
        if (list.substr(0, comma) == type) {
            return true;
        }
        list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
    }
    return false;
}

// "a,b" -> "a, b".
std::string spaced(std::string_view list) {
    std::string out;
    for (const char c : list) {
        out += c == ',' ? std::string(", ") : std::string(1, c);
    }
    return out;
}

std::string refusalOf(std::string_view type) {
    for (const Refusal& refusal : kRefusals) {
        if (refusal.modelType == type) {
            return std::string(refusal.reason);
        }
    }
    return {};
}

// mlc-llm re-serialises a model as mlc-chat-config.json: its own keys at the top and the
// shapes, renamed (context_window_size for max_position_embeddings), under model_config.
bool isMlcChatConfig(const Json& root) {
    if (root.contains("hidden_size") || root.contains("text_config")) {
        return false;
    }
    int mlcKeys = 0;
    for (const char* key : {"model_config", "context_window_size", "prefill_chunk_size",
                            "tensor_parallel_shards", "conv_template", "sliding_window_size",
                            "attention_sink_size", "pipeline_parallel_stages"}) {
        mlcKeys += root.contains(key) ? 1 : 0;
    }
    return mlcKeys >= 2;
}

std::string firstClass(const ObjectReader& r) {
    if (const Json* archs = r.find("architectures");
        archs != nullptr && archs->is_array() && !archs->empty() && archs->front().is_string()) {
        return archs->front().get<std::string>();
    }
    return {};
}

}  // namespace

Loaded<Model> parseModelConfig(std::string_view jsonText, const std::string& file,
                               const std::string& id) {
    Loaded<Model> result;
    const std::optional<Json> json =
        detail::parseObject(jsonText, file, result.issues, /*pythonLiterals=*/true);
    if (!json) {
        return result;
    }
    ObjectReader r(*json, file, "", result.issues);
    if (isMlcChatConfig(*json)) {
        // One sentence instead of a "missing" for every shape key the reader looks for.
        result.issues.push_back(
            {Severity::Error, file, "",
             "a Hugging Face config.json (the shapes at the top, or under text_config: "
             "hidden_size, num_hidden_layers, num_attention_heads, ...)",
             "an mlc-llm chat config (mlc-chat-config.json: context_window_size, "
             "prefill_chunk_size, tensor_parallel_shards, its shapes under model_config in mlc's "
             "own names); open the model's config.json instead"});
        return result;
    }

    // Which architecture: model_type, else the class named in "architectures".
    std::string type = r.string("model_type", false).value_or("");
    const std::string cls = firstClass(r);
    if (type.empty()) {
        if (!cls.empty()) {
            if (const Family* f = familyOfClass(cls)) {
                type = f->modelType;
            }
            for (const detail::VisionArchitecture& a : detail::kVisionArchitectures) {
                if (a.className == cls) {
                    type = a.modelType;
                }
            }
            if (type.empty()) {
                r.error("architectures",
                        "a supported decoder-only, vision-encoder or CNN class (model_type one "
                        "of " +
                            supportedList() + ")",
                        "\"" + cls + "\"");
                return result;
            }
        } else if (hasErrors(result.issues)) {
            return result;  // model_type of the wrong type
        } else {
            r.error("model_type", "one of " + supportedList(), "missing");
            return result;
        }
    }
    if (detail::isVisionType(type)) {
        detail::parseVisionConfig(*json, type, file, id, result);
        return result;
    }
    for (const Refusal& refusal : kRefusals) {
        if (refusal.modelType == type) {
            r.error("model_type",
                    "a type whose layers this program models: " + type + " " +
                        std::string(refusal.reason),
                    "\"" + type + "\"");
            return result;
        }
    }
    const Family* family = familyOf(type);
    if (family == nullptr) {
        // An alias of a known class (Kimi K2: kimi_k2 with DeepseekV3ForCausalLM).
        if (const Family* byClass = familyOfClass(cls); byClass != nullptr && !cls.empty()) {
            result.issues.push_back(
                {Severity::Notice, file, r.pointerTo("model_type"),
                 "is not a type this program knows, so the config is read as the class that "
                 "architectures names",
                 "\"" + type + "\" read as " + std::string(byClass->modelType) + " (" + cls + ")"});
            family = byClass;
            type = byClass->modelType;
        } else {
            r.error("model_type",
                    "a supported decoder-only, vision-encoder or CNN architecture: one of " +
                        supportedList(),
                    "\"" + type + "\"" +
                        (r.boolean("is_encoder_decoder", false).value_or(false)
                             ? " (an encoder-decoder model)"
                             : ""));
            return result;
        }
    }

    // The decoder's keys: the file, or its text_config.
    const Json* text = &*json;
    std::string textPointer;
    // A wrapper's type saved flat (a text-only export: Gemma3ForCausalLM with model_type gemma3)
    // keeps the decoder's keys at the top.
    if (family->textConfig && (json->contains("text_config") || !r.has("hidden_size"))) {
        const auto it = json->find("text_config");
        if (it == json->end() || !it->is_object()) {
            r.error("text_config", "the decoder's configuration (an object)",
                    it == json->end() ? "missing" : detail::foundText(*it));
            return result;
        }
        text = &*it;
        textPointer = "/text_config";
    }
    // The decoder's reader; over the file itself it is `r`, so that every key looked up in
    // the file counts as read for warnUnreadKeys().
    std::optional<ObjectReader> wrapped;
    ObjectReader& tr =
        textPointer.empty() ? r : wrapped.emplace(*text, file, textPointer, result.issues);

    // A wrapper dispatches on its decoder's own model_type: a type the wrapper's reader does
    // not read is read by its own family's reader, or refused, never read as the usual one.
    const Family* decoder = family;
    std::string decoderType = type;
    if (!textPointer.empty()) {
        if (const std::optional<std::string> inner = tr.string("model_type", false);
            inner && !listed(family->innerTypes, *inner)) {
            const Family* innerFamily = familyOf(*inner);
            if (const std::string reason = refusalOf(*inner); !reason.empty()) {
                tr.error(
                    "model_type",
                    "a decoder type whose layers this program models: " + *inner + " " + reason,
                    "\"" + *inner + "\"");
                return result;
            }
            if (innerFamily == nullptr || innerFamily->textConfig) {
                tr.error("model_type",
                         "a decoder type that " + type + " wraps (" + spaced(family->innerTypes) +
                             ") or another supported decoder type: one of " + supportedList(),
                         "\"" + *inner + "\"");
                return result;
            }
            result.issues.push_back(
                {Severity::Notice, file, tr.pointerTo("model_type"),
                 "names the decoder inside the " + type + " wrapper, so it is read as that type",
                 "\"" + *inner + "\" (not " + spaced(family->innerTypes) + ")"});
            decoder = innerFamily;
            decoderType = *inner;
        }
    }

    detail::FieldKeys keys;
    Model m;
    m.id = id;
    m.architecture = type;
    detail::configs::Reading x{*json, *text, tr, r, decoderType, keys, result.issues, m, {}};
    decoder->read(x);
    if (hasErrors(result.issues)) {
        return result;
    }
    if (decoder != family) {
        if (family->vision != nullptr) {
            m.visionParameters = family->vision(x);
        } else if (json->contains("vision_config")) {
            r.warning("vision_config",
                      "a vision tower this program counts (" + type +
                          "'s is not counted: the decoder alone is analysed)",
                      "a " + type + " vision_config");
        }
    }
    m.layerGroups = detail::configs::groupLayers(x.layers);
    detail::readCheckpoint(*json, *text, r, result.issues, file, m, x.layers);

    // Display name: our sidecar key, else the Hub path, else the id.
    m.name = id;
    if (const Json* sidecar = r.find("_roofline"); sidecar != nullptr && sidecar->is_object()) {
        ObjectReader s(*sidecar, file, "/_roofline", result.issues);
        m.name = s.string("name", false).value_or(m.name);
        m.family = s.string("family", false).value_or("");
        m.release = s.string("release", false).value_or("");
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

    detail::configs::warnUnreadKeys(x);

    std::vector<Issue> more = validate(m, file);
    keys.apply(more, &*json);
    detail::finish(result, std::move(m), std::move(more));
    return result;
}

Loaded<Model> loadModelFile(const std::string& path) {
    // A checkpoint folder's file is always "config.json": its id is the folder's name
    // (else every import shows as "config"), unless the file names itself (_name_or_path).
    const std::filesystem::path file(path);
    std::string id = file.stem().string();
    if (id == "config") {
        const std::string folder =
            std::filesystem::absolute(file).parent_path().filename().string();
        if (!folder.empty()) {
            id = folder;
        }
    }
    return detail::loadWith<Model>(
        path, [&](std::string_view text) { return parseModelConfig(text, path, id); });
}

}  // namespace roofline::io
