// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Which of a model's modules a quantization_config converts, module by module, matched as the
// engines match them (checkpoint.cpp says where each rule comes from):
//   - Glob: ModelOpt's exclude_modules / ignore, fnmatch-style (vLLM's ModelOpt configs:
//     `fnmatch(prefix, pattern)`: `*` and `?` over the whole name, dots included);
//   - Transformers: modules_to_not_convert of transformers' quantizers (FineGrainedFP8,
//     Mxfp4: should_convert_module): the pattern as a regex matching at the name's start,
//     alone or followed by a dot, or the name ending with the pattern;
//   - CompressedTensors: ignore and targets of compressed-tensors: "re:<regex>" matched at
//     the name's start (Python's re.match), else the exact name, or the class name "Linear"
//     for every linear module (targets only).

#include <algorithm>
#include <array>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "roofline/model.h"

namespace roofline::io::detail {

enum class PatternRules { Glob, Transformers, CompressedTensors };

/// A list of module patterns under one set of rules (regexes compiled once).
class ModulePatterns {
public:
    ModulePatterns(const std::vector<std::string>& patterns, PatternRules rules);
    /// Whether the module named `name` (a linear layer's full name) matches any pattern.
    bool matches(const std::string& name) const;
    bool empty() const { return m_entries.empty(); }

private:
    struct Entry {
        std::string text;
        std::optional<std::regex> regex = std::nullopt;   // Transformers, CompressedTensors "re:"
        std::optional<std::regex> dotted = std::nullopt;  // Transformers: pattern + "\."
        bool anyLinear = false;                           // CompressedTensors class target "Linear"
    };
    std::vector<Entry> m_entries;
    PatternRules m_rules;
};

/// The parts a checkpoint stores, module by module, over the decoder layers.
enum class ModulePart { Attention, StateMixer, DenseMlp, SharedExperts, RoutedExperts };
inline constexpr int kModulePartCount = 5;
std::string_view toString(ModulePart part);  ///< "attention", "shared experts", ...

/// Per part: its parameters (an estimate, for weighing) at each precision the checkpoint stores
/// them in.
struct PartStorage {
    double parameters = 0.0;                                ///< all of the part's matrices
    std::vector<std::pair<Precision, double>> byPrecision;  ///< precision -> parameters
};

/// Walks every decoder layer (`layers`, in order) of `m` and each linear module of its parts,
/// under the module names the family's transformers modelling code gives them.
/// `converted(spellings)` gives a module's precision when the scheme converts it (a module
/// has several spellings: see PartModules), nullopt when it stays in the model's `dtype`.
template <typename Converted>
std::array<PartStorage, kModulePartCount> storageByPart(const Model& m,
                                                        const std::vector<LayerGroup>& layers,
                                                        Precision dtype, Converted converted);

/// The module names of one decoder layer's parts, per projection, in the spellings a pattern
/// may use (vLLM's fused expert module beside transformers' per-expert names).
struct PartModules {
    ModulePart part;
    double parameters = 0.0;                           ///< the part's matrices in this layer
    std::vector<std::vector<std::string>> names = {};  ///< per projection, its spellings
};
std::vector<PartModules> layerModules(const Model& m, const LayerGroup& layer, std::size_t index);

template <typename Converted>
std::array<PartStorage, kModulePartCount> storageByPart(const Model& m,
                                                        const std::vector<LayerGroup>& layers,
                                                        Precision dtype, Converted converted) {
    std::array<PartStorage, kModulePartCount> out{};
    for (std::size_t i = 0; i < layers.size(); ++i) {
        for (const PartModules& p : layerModules(m, layers[i], i)) {
            PartStorage& s = out[static_cast<std::size_t>(p.part)];
            s.parameters += p.parameters;
            const double share = p.parameters / static_cast<double>(p.names.size());
            for (const std::vector<std::string>& spellings : p.names) {
                const Precision q = converted(spellings).value_or(dtype);
                auto it = std::find_if(s.byPrecision.begin(), s.byPrecision.end(),
                                       [&](const auto& e) { return e.first == q; });
                if (it == s.byPrecision.end()) {
                    s.byPrecision.emplace_back(q, share);
                } else {
                    it->second += share;
                }
            }
        }
    }
    return out;
}

}  // namespace roofline::io::detail
