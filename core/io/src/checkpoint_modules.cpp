// SPDX-License-Identifier: GPL-3.0-or-later
// Module patterns as the engines match them, and the module names of a decoder layer's parts
// (checkpoint_modules.h). The rules:
//   - Glob: vLLM's ModelOpt configs (model_executor/layers/quantization/modelopt.py,
//     is_layer_excluded) test `fnmatch(prefix, pattern)`: "*" any run of characters, dots
//     included, "?" one, "[...]" a set; the whole name must match.
//   - Transformers: transformers/quantizers/quantizers_utils.py should_convert_module:
//     re.match(pattern + "\."), re.match(pattern) (a regex anchored at the name's start) or
//     name.endswith(pattern).
//   - CompressedTensors: compressed-tensors' is_match: "re:" + a regex with re.match, else the
//     exact module name, or a class name ("Linear": every linear module).
// Names are transformers' (model.layers.N.self_attn.q_proj ...), spelled per family; a routed
// expert is also spelled as vLLM's fused module (model.layers.N.mlp.experts), and a
// multimodal wrapper's decoder under both of transformers' prefixes.

// GCC 12 at -O1 with the sanitizers (the asan preset) warns a false maybe-uninitialized inside
// std::regex's NFA (libstdc++'s _State copy; GCC bug 105562), at instantiations in this file.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include "checkpoint_modules.h"

#include <cstddef>

namespace roofline::io::detail {

namespace {

bool startsWith(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool endsWith(std::string_view s, std::string_view p) {
    return s.size() >= p.size() && s.substr(s.size() - p.size()) == p;
}

// One "[...]" set at p[i] (i at '['): whether c is in it, and where the set ends (npos: not a
// set, "[" is then literal, as fnmatch does).
std::size_t setEnd(std::string_view p, std::size_t i) {
    std::size_t j = i + 1;
    if (j < p.size() && p[j] == '!') {
        ++j;
    }
    if (j < p.size() && p[j] == ']') {
        ++j;
    }
    while (j < p.size() && p[j] != ']') {
        ++j;
    }
    return j < p.size() ? j : std::string_view::npos;
}

bool inSet(std::string_view set, char c) {  // set without the brackets
    bool negate = false;
    if (!set.empty() && set[0] == '!') {
        negate = true;
        set.remove_prefix(1);
    }
    bool found = false;
    for (std::size_t k = 0; k < set.size() && !found; ++k) {
        if (k + 2 < set.size() && set[k + 1] == '-') {
            found = set[k] <= c && c <= set[k + 2];
            k += 2;
        } else {
            found = set[k] == c;
        }
    }
    return found != negate;
}

// fnmatch over the whole name, backtracking to the last "*".
bool glob(std::string_view name, std::string_view p) {
    std::size_t n = 0, i = 0;
    std::size_t starP = std::string_view::npos, starN = 0;
    while (n < name.size()) {
        if (i < p.size() && p[i] == '*') {
            starP = i++;
            starN = n;
            continue;
        }
        if (i < p.size()) {
            if (p[i] == '?') {
                ++i;
                ++n;
                continue;
            }
            if (p[i] == '[') {
                if (const std::size_t end = setEnd(p, i); end != std::string_view::npos) {
                    if (inSet(p.substr(i + 1, end - i - 1), name[n])) {
                        i = end + 1;
                        ++n;
                        continue;
                    }
                } else if (name[n] == '[') {
                    ++i;
                    ++n;
                    continue;
                }
            } else if (p[i] == name[n]) {
                ++i;
                ++n;
                continue;
            }
        }
        if (starP == std::string_view::npos) {
            return false;
        }
        i = starP + 1;
        n = ++starN;
    }
    while (i < p.size() && p[i] == '*') {
        ++i;
    }
    return i == p.size();
}

std::optional<std::regex> compile(const std::string& pattern) {
    try {
        return std::regex(pattern, std::regex::ECMAScript | std::regex::optimize);
    } catch (const std::regex_error&) {
        return std::nullopt;  // Python would refuse it too; it matches nothing
    }
}

bool matchAtStart(const std::regex& re, const std::string& name) {
    return std::regex_search(name, re, std::regex_constants::match_continuous);
}

}  // namespace

ModulePatterns::ModulePatterns(const std::vector<std::string>& patterns, PatternRules rules)
    : m_rules(rules) {
    for (const std::string& p : patterns) {
        Entry e{.text = p};
        if (rules == PatternRules::Transformers) {
            e.regex = compile(p);
            e.dotted = compile(p + "\\.");
        } else if (rules == PatternRules::CompressedTensors) {
            if (startsWith(p, "re:")) {
                e.regex = compile(p.substr(3));
            } else {
                e.anyLinear = p == "Linear";
            }
        }
        m_entries.push_back(std::move(e));
    }
}

bool ModulePatterns::matches(const std::string& name) const {
    for (const Entry& e : m_entries) {
        switch (m_rules) {
            case PatternRules::Glob:
                if (glob(name, e.text)) {
                    return true;
                }
                break;
            case PatternRules::Transformers:
                if ((e.dotted && matchAtStart(*e.dotted, name)) ||
                    (e.regex && matchAtStart(*e.regex, name)) || endsWith(name, e.text)) {
                    return true;
                }
                break;
            case PatternRules::CompressedTensors:
                if (e.anyLinear || (e.regex && matchAtStart(*e.regex, name)) ||
                    (!e.regex && !startsWith(e.text, "re:") && e.text == name)) {
                    return true;
                }
                break;
        }
    }
    return false;
}

std::string_view toString(ModulePart part) {
    switch (part) {
        case ModulePart::Attention:
            return "attention";
        case ModulePart::StateMixer:
            return "state layers' projections";
        case ModulePart::DenseMlp:
            return "dense MLPs";
        case ModulePart::SharedExperts:
            return "shared experts";
        case ModulePart::RoutedExperts:
            return "routed experts";
    }
    return "";
}

namespace {

double d(std::int64_t v) { return static_cast<double>(v); }

// How a family's modelling code names a layer's modules (transformers), past the layer prefix.
struct Naming {
    std::vector<std::string> prefixes;  // "model.layers." (+ index + ".")
    std::string attention = "self_attn.";
    std::string mlp = "mlp.";
    std::string state = "mixer.";
    std::vector<std::string> stateProjections{"in_proj", "out_proj"};
    std::string experts = "mlp.experts";  // + ".0.<proj>" per expert; alone: the fused module
    std::vector<std::string> expertProjections{"gate_proj", "up_proj", "down_proj"};
    std::vector<std::string> shared{"mlp.shared_experts."};
};

Naming namingOf(const Model& m) {
    Naming n;
    const std::string& a = m.architecture;
    const bool wrapper = a == "llama4" || a == "gemma3" || a == "gemma4" || a == "qwen3_5" ||
                         a == "qwen3_5_moe" || a == "mistral3" || a == "kimi_k25";
    n.prefixes = wrapper ? std::vector<std::string>{"model.language_model.layers.",
                                                    "language_model.model.layers."}
                         : std::vector<std::string>{"model.layers."};
    if (a == "nemotron_h") {
        n.prefixes = {"backbone.layers."};
        n.attention = "mixer.";
        n.mlp = "mixer.";
        n.experts = "mixer.experts";
        n.shared = {"mixer.shared_experts."};
    } else if (a == "mixtral" || a == "minimax_m2") {
        n.experts = "block_sparse_moe.experts";
        n.expertProjections = {"w1", "w3", "w2"};
    } else if (a == "llama4" || a == "llama4_text") {
        n.mlp = "feed_forward.";
        n.experts = "feed_forward.experts";
        n.shared = {"feed_forward.shared_expert."};
    } else if (a == "gpt_oss") {
        n.expertProjections = {"gate_up_proj", "down_proj"};
    } else if (a.starts_with("qwen")) {
        n.shared = {"mlp.shared_expert."};
        n.state = "linear_attn.";
        n.stateProjections = {"in_proj_qkvz", "out_proj"};
    } else if (a == "granitemoehybrid" || a == "falcon_h1") {
        n.state = "mamba.";
        n.shared = {"shared_mlp."};
    }
    return n;
}

std::vector<std::string> attentionProjections(const Model& m) {
    if (!m.mla.enabled()) {
        return {"q_proj", "k_proj", "v_proj", "o_proj"};
    }
    if (m.mla.qLoraRank > 0) {
        return {"q_a_proj", "q_b_proj", "kv_a_proj_with_mqa", "kv_b_proj", "o_proj"};
    }
    return {"q_proj", "kv_a_proj_with_mqa", "kv_b_proj", "o_proj"};
}

double attentionParameters(const Model& m) {
    const double h = d(m.hiddenSize), nq = d(m.numQueryHeads);
    if (m.mla.enabled()) {
        const MlaShape& a = m.mla;
        const double qk = d(a.qkNopeHeadDim + a.qkRopeHeadDim);
        const double q =
            a.qLoraRank > 0 ? h * d(a.qLoraRank) + d(a.qLoraRank) * nq * qk : h * nq * qk;
        return q + h * d(a.kvLoraRank + a.qkRopeHeadDim) +
               d(a.kvLoraRank) * nq * d(a.qkNopeHeadDim + a.vHeadDim) + nq * d(a.vHeadDim) * h;
    }
    return h * d(m.headDim) * (2.0 * nq + 2.0 * d(m.numKvHeads));
}

double stateParameters(const Model& m, MixerKind kind) {
    const double h = d(m.hiddenSize);
    if (kind == MixerKind::Mamba2) {
        const MambaShape& s = m.mamba;
        const double inner = d(s.numHeads * s.headDim);
        return h * (2.0 * inner + 2.0 * d(s.numGroups * s.stateSize) + d(s.numHeads)) + inner * h;
    }
    return h * (2.0 * m.deltaNet.keyDim() + 2.0 * m.deltaNet.valueDim()) +
           m.deltaNet.valueDim() * h;
}

}  // namespace

std::vector<PartModules> layerModules(const Model& m, const LayerGroup& layer, std::size_t index) {
    const Naming n = namingOf(m);
    std::vector<std::string> prefixes;
    prefixes.reserve(n.prefixes.size());
    for (const std::string& p : n.prefixes) {
        prefixes.push_back(p + std::to_string(index) + ".");
    }
    const auto spelled = [&](const std::vector<std::string>& paths) {
        std::vector<std::string> out;
        for (const std::string& p : prefixes) {
            for (const std::string& path : paths) {
                out.push_back(p + path);
            }
        }
        return out;
    };
    const double h = d(m.hiddenSize);
    const double mats = m.gatedMlp ? 3.0 : 2.0;
    std::vector<PartModules> out;
    const MixerKind mixer = layer.mixer;
    if (mixer == MixerKind::Attention || mixer == MixerKind::Mla || mixer == MixerKind::SparseMla) {
        PartModules p{.part = ModulePart::Attention, .parameters = attentionParameters(m)};
        for (const std::string& proj : attentionProjections(m)) {
            p.names.push_back(spelled({n.attention + proj}));
        }
        out.push_back(std::move(p));
    } else if (mixer == MixerKind::Mamba2 || mixer == MixerKind::GatedDeltaNet) {
        PartModules p{.part = ModulePart::StateMixer, .parameters = stateParameters(m, mixer)};
        for (const std::string& proj : n.stateProjections) {
            p.names.push_back(spelled({n.state + proj}));
        }
        out.push_back(std::move(p));
    }
    if (layer.mlp == MlpKind::Dense) {
        const std::int64_t width =
            layer.intermediateSize > 0 ? layer.intermediateSize : m.intermediateSize;
        PartModules p{.part = ModulePart::DenseMlp, .parameters = mats * h * d(width)};
        const std::vector<std::string> projections =
            m.gatedMlp ? std::vector<std::string>{"gate_proj", "up_proj", "down_proj"}
                       : std::vector<std::string>{"up_proj", "down_proj"};
        for (const std::string& proj : projections) {
            p.names.push_back(spelled({n.mlp + proj}));
        }
        out.push_back(std::move(p));
    } else if (layer.mlp == MlpKind::Moe) {
        const MoeShape& e = m.moe;
        PartModules routed{.part = ModulePart::RoutedExperts,
                           .parameters = d(e.numExperts) * mats * h * d(e.expertIntermediateSize)};
        for (const std::string& proj : n.expertProjections) {
            routed.names.push_back(spelled({n.experts + ".0." + proj, n.experts}));
        }
        out.push_back(std::move(routed));
        if (e.sharedIntermediateSize > 0) {
            PartModules shared{.part = ModulePart::SharedExperts,
                               .parameters = mats * h * d(e.sharedIntermediateSize)};
            const std::vector<std::string> projections =
                m.gatedMlp ? std::vector<std::string>{"gate_proj", "up_proj", "down_proj"}
                           : std::vector<std::string>{"up_proj", "down_proj"};
            for (const std::string& proj : projections) {
                std::vector<std::string> paths;
                paths.reserve(n.shared.size());
                for (const std::string& s : n.shared) {
                    paths.push_back(s + proj);
                }
                shared.names.push_back(spelled(paths));
            }
            out.push_back(std::move(shared));
        }
    }
    return out;
}

}  // namespace roofline::io::detail
