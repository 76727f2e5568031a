// SPDX-License-Identifier: GPL-3.0-or-later
// How a checkpoint stores its weights (Model::checkpoint), from config.json's torch_dtype and
// quantization_config, module by module as the engines load them:
//   - none: every matrix in torch_dtype (transformers ≥ 4.56 writes `dtype`);
//   - "fp8" (FineGrainedFP8, DeepSeek-V3/V3.2, Qwen3-FP8): every linear layer and expert in
//     fp8 (e4m3) with one scale per weight_block_size block, but the modules that
//     modules_to_not_convert names (transformers' should_convert_module rules);
//   - "mxfp4" (gpt-oss): only the routed experts, mxfp4, unless modules_to_not_convert names
//     them;
//   - ModelOpt (quant_method "modelopt", or hf_quant_config.json's "quantization" object) with
//     quant_algo NVFP4 or FP8: every linear layer and expert, but the modules that
//     exclude_modules / ignore names (globs: vLLM's ModelOpt configs match them with fnmatch);
//   - compressed-tensors: the modules each config_groups entry targets ("Linear", "re:..." or
//     names), at the precision its weights say (4-bit float in groups of 16: nvfp4, of 32:
//     mxfp4; 8-bit float: fp8; 4- and 8-bit int: int4, int8), but those `ignore` names.
// The embedding, lm_head and MoE routers stay in torch_dtype under every scheme: vLLM builds
// them unquantized (its lm_head is no LinearBase a quantization method applies to; routers
// are built with quant_config=None). The engine analyses three parts (linear layers, experts,
// tables): where a part's modules are stored at two precisions (attention kept in bf16 beside
// an nvfp4 MLP; bf16 shared experts beside nvfp4 routed ones), the part is analysed at the
// precision of most of its parameters and a warning names the rest. Other schemes (GPTQ, AWQ,
// bitsandbytes, ModelOpt MIXED_PRECISION) are not mapped: `known` is false and the notice says
// so.

#include "checkpoint.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checkpoint_modules.h"

namespace roofline::io::detail {

namespace {

std::optional<Precision> torchDtype(const Json& object) {
    for (const char* key : {"torch_dtype", "dtype"}) {
        const auto it = object.find(key);
        if (it == object.end() || !it->is_string()) {
            continue;
        }
        const std::string name = it->get<std::string>();
        if (name == "float32") {
            return Precision::Fp32;
        }
        if (name == "float16") {
            return Precision::Fp16;
        }
        if (name == "bfloat16") {
            return Precision::Bf16;
        }
    }
    return std::nullopt;
}

std::string text(const Json& q, const char* key) {
    const auto it = q.find(key);
    return it != q.end() && it->is_string() ? it->get<std::string>() : "";
}

// The strings of a list under the first of `keys` the object has.
std::vector<std::string> stringList(const Json& q, std::initializer_list<const char*> keys) {
    std::vector<std::string> out;
    for (const char* key : keys) {
        const auto it = q.find(key);
        if (it == q.end() || !it->is_array()) {
            continue;
        }
        for (const Json& entry : *it) {
            if (entry.is_string()) {
                out.push_back(entry.get<std::string>());
            }
        }
    }
    return out;
}

// ModelOpt's settings: config.json's quantization_config, or hf_quant_config.json's layout
// with them under "quantization".
const Json& modelOptSettings(const Json& q) {
    const auto inner = q.find("quantization");
    return inner != q.end() && inner->is_object() ? *inner : q;
}

std::optional<Precision> modelOptPrecision(const Json& q) {
    const std::string algo = text(modelOptSettings(q), "quant_algo");
    if (algo == "NVFP4") {
        return Precision::Nvfp4;
    }
    if (algo == "FP8") {
        return Precision::Fp8;
    }
    return std::nullopt;
}

// A compressed-tensors weights scheme as a precision; nullopt for one this tool does not map.
std::optional<Precision> compressedPrecision(const Json& weights) {
    if (!weights.is_object()) {
        return std::nullopt;
    }
    const auto number = [&](const char* key) -> std::int64_t {
        const auto it = weights.find(key);
        return it != weights.end() && it->is_number_integer() ? it->get<std::int64_t>() : 0;
    };
    const std::int64_t bits = number("num_bits");
    const std::string type = text(weights, "type");
    if (type == "float" && bits == 4) {
        const std::int64_t group = number("group_size");
        return group == 16   ? std::optional(Precision::Nvfp4)
               : group == 32 ? std::optional(Precision::Mxfp4)
                             : std::nullopt;
    }
    if (type == "float" && bits == 8) {
        return Precision::Fp8;
    }
    if (type == "int" && bits == 4) {
        return Precision::Int4;
    }
    if (type == "int" && bits == 8) {
        return Precision::Int8;
    }
    return std::nullopt;
}

struct TargetGroup {
    ModulePatterns targets;
    Precision precision;
};

std::string dtypeName(Precision p) { return std::string(toString(p)); }

// The precision most of a group's parameters are stored at (`fallback` for a group with no
// modules), and, in words, the parts stored otherwise.
Precision majority(const std::array<PartStorage, kModulePartCount>& parts,
                   std::initializer_list<ModulePart> group, Precision fallback,
                   std::string& others) {
    std::vector<std::pair<Precision, double>> total;
    for (ModulePart part : group) {
        for (const auto& [q, n] : parts[static_cast<std::size_t>(part)].byPrecision) {
            // A copy: clang 14 cannot capture a structured binding.
            const Precision precision = q;
            auto it = std::find_if(total.begin(), total.end(),
                                   [&](const auto& e) { return e.first == precision; });
            if (it == total.end()) {
                total.emplace_back(q, n);
            } else {
                it->second += n;
            }
        }
    }
    if (total.empty()) {
        return fallback;
    }
    const Precision chosen =
        std::max_element(total.begin(), total.end(), [](const auto& a, const auto& b) {
            return a.second < b.second;
        })->first;
    for (ModulePart part : group) {
        const PartStorage& s = parts[static_cast<std::size_t>(part)];
        for (const auto& [q, n] : s.byPrecision) {
            if (q == chosen || n <= 0.0) {
                continue;
            }
            const double share = n / s.parameters;
            others +=
                (others.empty() ? "" : "; ") + std::string(toString(part)) + " " + dtypeName(q) +
                (share < 0.9995 ? " (" + std::to_string(std::lround(share * 100.0)) + "% of them)"
                                : std::string()) +
                ", analysed at " + dtypeName(chosen);
        }
    }
    return chosen;
}

}  // namespace

void readCheckpoint(const Json& root, const Json& decoder, ObjectReader& r,
                    std::vector<Issue>& issues, const std::string& file, Model& m,
                    const std::vector<LayerGroup>& layers) {
    const Precision dtype =
        torchDtype(decoder).value_or(torchDtype(root).value_or(Precision::Bf16));
    CheckpointWeights c{
        .known = true, .quantized = false, .linear = dtype, .experts = dtype, .tables = dtype};
    const Json* q = r.find("quantization_config");
    if (q == nullptr || !q->is_object()) {
        m.checkpoint = c;
        return;
    }
    c.quantized = true;
    const std::string method = text(*q, "quant_method");
    const std::string rest = " (the embedding, lm_head and routers " + dtypeName(dtype) + ")";
    std::string what;
    // Which modules the scheme converts, and to what (nullopt: left in dtype).
    std::optional<std::array<PartStorage, kModulePartCount>> parts;
    Precision converted = dtype;
    if (const auto modelOpt = modelOptPrecision(*q);
        modelOpt && (method == "modelopt" || method.empty() || q->contains("quantization"))) {
        const ModulePatterns left(stringList(modelOptSettings(*q), {"exclude_modules", "ignore"}),
                                  PatternRules::Glob);
        converted = *modelOpt;
        parts = storageByPart(m, layers, dtype, [&](const std::vector<std::string>& names) {
            const bool out = std::any_of(names.begin(), names.end(),
                                         [&](const std::string& n) { return left.matches(n); });
            return out ? std::nullopt : std::optional(*modelOpt);
        });
        what = *modelOpt == Precision::Nvfp4
                   ? "nvfp4 weights (4-bit values with one fp8 scale per 16, 4.5 bits a weight)"
                   : "fp8 weights (ModelOpt, one scale per tensor)";
        what += rest;
    } else if (method == "fp8" || method == "mxfp4") {
        const ModulePatterns left(stringList(*q, {"modules_to_not_convert"}),
                                  PatternRules::Transformers);
        const bool expertsOnly = method == "mxfp4";
        converted = expertsOnly ? Precision::Mxfp4 : Precision::Fp8;
        parts = storageByPart(m, layers, dtype, [&](const std::vector<std::string>& names) {
            const bool out = std::any_of(names.begin(), names.end(),
                                         [&](const std::string& n) { return left.matches(n); });
            return out ? std::nullopt : std::optional(converted);
        });
        if (expertsOnly) {
            // transformers' Mxfp4 quantizer converts the routed experts only.
            for (ModulePart part : {ModulePart::Attention, ModulePart::StateMixer,
                                    ModulePart::DenseMlp, ModulePart::SharedExperts}) {
                PartStorage& s = (*parts)[static_cast<std::size_t>(part)];
                s.byPrecision.assign(1, {dtype, s.parameters});
            }
            what =
                "mxfp4 experts (4-bit values with one 8-bit scale per 32, 4.25 bits a "
                "weight), the other weights " +
                dtypeName(dtype);
        } else {
            what = "fp8 weights";
            if (!text(*q, "fmt").empty()) {
                what += " (" + text(*q, "fmt") + ")";
            }
            if (const auto b = q->find("weight_block_size");
                b != q->end() && b->is_array() && b->size() == 2 && (*b)[0].is_number_integer() &&
                (*b)[1].is_number_integer()) {
                what += " in " + std::to_string((*b)[0].get<std::int64_t>()) + "×" +
                        std::to_string((*b)[1].get<std::int64_t>()) + " blocks, one scale each";
            }
            if (!text(*q, "scale_fmt").empty()) {
                what += " (" + text(*q, "scale_fmt") + " scales)";
            }
            what += rest;
        }
    } else if (method == "compressed-tensors" && q->contains("config_groups") &&
               (*q)["config_groups"].is_object() && !(*q)["config_groups"].empty()) {
        std::vector<TargetGroup> groups;
        bool mapped = true;
        for (const auto& [name, g] : (*q)["config_groups"].items()) {
            const auto p = g.is_object() && g.contains("weights")
                               ? compressedPrecision(g["weights"])
                               : std::nullopt;
            if (!p) {
                mapped = false;
                break;
            }
            groups.push_back(
                {ModulePatterns(stringList(g, {"targets"}), PatternRules::CompressedTensors), *p});
        }
        if (mapped) {
            const ModulePatterns left(stringList(*q, {"ignore"}), PatternRules::CompressedTensors);
            converted = groups.front().precision;
            parts = storageByPart(m, layers, dtype, [&](const std::vector<std::string>& names) {
                std::optional<Precision> at;
                for (const std::string& n : names) {
                    if (left.matches(n)) {
                        return std::optional<Precision>();
                    }
                    for (const TargetGroup& g : groups) {
                        if (!at && g.targets.matches(n)) {
                            at = g.precision;
                        }
                    }
                }
                return at;
            });
            what = "compressed-tensors weights (" + dtypeName(converted) +
                   (groups.size() > 1 ? " and other groups" : "") + " where config_groups target)" +
                   rest;
        }
    }
    if (!parts) {
        c.known = false;
        what = (method.empty() ? std::string("a quantization_config") : method) +
               " quantization (" + foundText(*q) +
               "), which this tool does not map to the layers: choose --weights to match";
    } else {
        std::string others;
        c.linear =
            majority(*parts, {ModulePart::Attention, ModulePart::StateMixer, ModulePart::DenseMlp},
                     converted, others);
        c.experts = majority(*parts, {ModulePart::RoutedExperts, ModulePart::SharedExperts},
                             converted, others);
        what += "; --weights checkpoint analyses at these precisions";
        if (!others.empty()) {
            issues.push_back(
                {Severity::Warning, file, r.pointerTo("quantization_config"),
                 "one precision for each part this program analyses (linear layers, experts, "
                 "tables), to be read exactly: --weights checkpoint approximates",
                 others});
        }
    }
    m.checkpoint = c;
    issues.push_back({Severity::Notice, file, r.pointerTo("quantization_config"),
                      "says how the checkpoint is stored", what});
}

}  // namespace roofline::io::detail
