// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario options shared by roofline-cli and roofline-explorer: one table (each option's
// name, value name, help and effect), and the help text built from it. Each program's own
// command-line parser (CLI11, QCommandLineParser) loops over the table.

#include "roofline/io/scenario_options.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "roofline/io/calibration.h"
#include "roofline/parse.h"

namespace roofline::io {

namespace {

using Apply = std::function<std::string(const std::string&, ScenarioFile&, std::int64_t&)>;

// The kinds of value, each with its error message. `field` picks the target out of the
// scenario.
// Limits: roofline/limits.h, the ranges validate() checks, in validate()'s words.
std::string expects(std::string_view name, const std::string& expected, const std::string& value) {
    return std::string(name)
        .append(" expects ")
        .append(expected)
        .append(", got '")
        .append(value)
        .append("'");
}

Apply integer(std::string_view name, IntegerRange range,
              std::int64_t& (*field)(ScenarioFile&, std::int64_t&)) {
    return [name, range, field](const std::string& value, ScenarioFile& s,
                                std::int64_t& gqa) -> std::string {
        const auto v = parseInteger(value);
        if (!v || !range.contains(*v)) {
            return expects(name, range.expected(), value);
        }
        field(s, gqa) = *v;
        return {};
    };
}

Apply number(std::string_view name, NumberRange range, double Workload::*field) {
    return [name, range, field](const std::string& value, ScenarioFile& s,
                                std::int64_t&) -> std::string {
        const auto v = parseNumber(value);
        if (!v || !range.contains(*v)) {
            return expects(name, range.expected(), value);
        }
        s.workload.*field = *v;
        return {};
    };
}

template <class Field>
Apply precision(std::string_view name, Field Workload::*field) {
    return [name, field](const std::string& value, ScenarioFile& s, std::int64_t&) -> std::string {
        const auto p = parsePrecision(value);
        if (!p || !isStoragePrecision(*p)) {
            return std::string(name) + " expects one of " + storagePrecisionNames() + ", got '" +
                   value + "'";
        }
        s.workload.*field = *p;
        return {};
    };
}

Apply onOff(std::string_view name, bool Workload::*field) {
    return [name, field](const std::string& value, ScenarioFile& s, std::int64_t&) -> std::string {
        if (value != "on" && value != "off") {
            return std::string(name) + " expects on or off, got '" + value + "'";
        }
        s.workload.*field = value == "on";
        return {};
    };
}

std::vector<ScenarioOption> makeTable() {
    std::vector<ScenarioOption> t;
    t.push_back({"--hardware", "ID|FILE",
                 "accelerator preset id or hardware JSON file "
                 "(default h100-sxm)",
                 [](const std::string& v, ScenarioFile& s, std::int64_t&) {
                     s.hardware = v;
                     return std::string();
                 }});
    t.push_back({"--model", "ID|FILE",
                 "model preset id or Hugging Face config.json (default llama-3.1-8b)",
                 [](const std::string& v, ScenarioFile& s, std::int64_t&) {
                     s.model = v;
                     return std::string();
                 }});
    t.push_back({"--batch", "N", "sequences per batch (default 1)",
                 integer("--batch", limits::kBatch, [](ScenarioFile& s, std::int64_t&) -> auto& {
                     return s.workload.batch;
                 })});
    t.push_back(
        {"--prompt", "N", "prompt tokens per sequence, prefill (default 2048)",
         integer("--prompt", limits::kPromptTokens,
                 [](ScenarioFile& s, std::int64_t&) -> auto& { return s.workload.promptTokens; })});
    t.push_back(
        {"--context", "N", "tokens in the KV cache at the decode step (default 2048)",
         integer("--context", limits::kContextTokens, [](ScenarioFile& s, std::int64_t&) -> auto& {
             return s.workload.contextTokens;
         })});
    t.push_back({"--weights", "P|checkpoint",
                 "weight precision (default bf16); checkpoint: as the model's checkpoint stores "
                 "them, part by part (its quantization_config)",
                 [apply = precision("--weights", &Workload::weightPrecision)](
                     const std::string& v, ScenarioFile& s, std::int64_t& gqa) {
                     s.checkpointWeights = v == kCheckpointWeights;
                     if (s.checkpointWeights) {
                         return std::string();
                     }
                     std::string error = apply(v, s, gqa);
                     if (!error.empty()) {
                         error.insert(error.find(", got '"), ", or checkpoint");
                     }
                     return error;
                 }});
    t.push_back({"--expert-weights", "P",
                 "the experts' weights, routed and shared (default: as --weights)",
                 precision("--expert-weights", &Workload::expertWeightPrecision)});
    t.push_back({"--embedding-weights", "P",
                 "the embedding, lm_head and router weights (default: as --weights)",
                 precision("--embedding-weights", &Workload::embeddingWeightPrecision)});
    t.push_back({"--activations", "P", "activation and math precision (default bf16)",
                 precision("--activations", &Workload::activationPrecision)});
    t.push_back({"--kv", "P", "KV-cache precision (default bf16)",
                 precision("--kv", &Workload::kvPrecision)});
    t.push_back({"--kv-heads", "N", "replace the model's KV heads (must divide its query heads)",
                 [apply = integer("--kv-heads", limits::kKvHeads,
                                  [](ScenarioFile& s, std::int64_t&) -> auto& {
                                      return s.workload.kvHeadsOverride;
                                  })](const std::string& v, ScenarioFile& s, std::int64_t& gqa) {
                     std::string error = apply(v, s, gqa);
                     gqa = 0;  // the later of --kv-heads and --gqa-ratio wins
                     return error;
                 }});
    t.push_back({"--gqa-ratio", "R", "query heads per KV head (sets --kv-heads = n_q / R)",
                 integer("--gqa-ratio", limits::kGqaRatio,
                         [](ScenarioFile&, std::int64_t& gqa) -> auto& { return gqa; })});
    t.push_back(
        {"--tp", "N", "tensor-parallel devices (default 1)",
         integer("--tp", limits::kTensorParallel, [](ScenarioFile& s, std::int64_t&) -> auto& {
             return s.workload.tensorParallel;
         })});
    t.push_back(
        {"--disaggregated", "P:D",
         "prefill on a pool of P devices, decode on D (sets --tp D); each request's KV "
         "cache moves once between the pools (0:D = colocated, the default)",
         [](const std::string& v, ScenarioFile& s, std::int64_t&) -> std::string {
             const std::size_t colon = v.find(':');
             const std::string_view text(v);
             const auto p =
                 colon == std::string::npos ? std::nullopt : parseInteger(text.substr(0, colon));
             const auto d =
                 colon == std::string::npos ? std::nullopt : parseInteger(text.substr(colon + 1));
             if (!p || !d || !limits::kPrefillDevices.contains(*p) ||
                 !limits::kTensorParallel.contains(*d)) {
                 return expects("--disaggregated",
                                "P:D, prefill devices (" + limits::kPrefillDevices.expected() +
                                    ") and decode devices (" + limits::kTensorParallel.expected() +
                                    ")",
                                v);
             }
             s.workload.prefillDevices = *p;
             s.workload.tensorParallel = *d;
             return {};
         }});
    t.push_back({"--flash-attention", "on|off", "FlashAttention (default on)",
                 onOff("--flash-attention", &Workload::flashAttention)});
    t.push_back({"--expert-parallel", "on|off",
                 "MoE: whole experts spread over the --tp devices (default off)",
                 onOff("--expert-parallel", &Workload::expertParallel)});
    t.push_back({"--attention-parallel", "tp|dp",
                 "MoE with --expert-parallel: attention tensor-parallel (tp, default) or "
                 "data-parallel (dp: each device attends for B/D sequences and holds only their "
                 "KV cache)",
                 [](const std::string& v, ScenarioFile& s, std::int64_t&) -> std::string {
                     if (v != "tp" && v != "dp") {
                         return "--attention-parallel expects tp or dp, got '" + v + "'";
                     }
                     s.workload.attentionParallel =
                         v == "dp" ? AttentionParallel::Data : AttentionParallel::Tensor;
                     return {};
                 }});
    t.push_back({"--spec-k", "K", "speculative decoding: K drafted tokens per step, 1-16 (0 = off)",
                 integer("--spec-k", limits::kSpeculativeTokens,
                         [](ScenarioFile& s, std::int64_t&) -> auto& {
                             return s.workload.speculativeTokens;
                         })});
    t.push_back({"--spec-accept", "A", "chance each drafted token is accepted, 0-1 (default 0.7)",
                 number("--spec-accept", limits::kAcceptanceRate, &Workload::acceptanceRate)});
    t.push_back({"--draft-model", "ID|FILE|ngram|mtp",
                 "draft model preset id or config.json, ngram (free; default), or mtp (the "
                 "model's own multi-token-prediction layers)",
                 [](const std::string& v, ScenarioFile& s, std::int64_t&) -> std::string {
                     if (v.empty()) {
                         return "--draft-model expects ngram, a model preset id or a "
                                "config.json path, got ''";
                     }
                     s.draftModel = v;
                     s.workload.draftKind = draftKindOf(v);
                     return {};
                 }});
    t.push_back(
        {"--memory-utilization", "F", "device memory a server may use, 0 < F <= 1 (default 0.90)",
         number("--memory-utilization", limits::kMemoryUtilization, &Workload::memoryUtilization)});
    t.push_back({"--max-batched-tokens", "N", "tokens one forward pass may hold (default 8192)",
                 integer("--max-batched-tokens", limits::kMaxBatchedTokens,
                         [](ScenarioFile& s, std::int64_t&) -> auto& {
                             return s.workload.maxBatchedTokens;
                         })});
    t.push_back({"--ceilings", "peak|achievable|estimate",
                 "spec-sheet peaks, measured achievable rates, or those with\n"
                 "an estimate of a real stack beside the bound (default peak)",
                 [](const std::string& v, ScenarioFile& s, std::int64_t&) -> std::string {
                     const std::optional<Ceilings> c = parseCeilings(v);
                     if (!c) {
                         return "--ceilings expects peak, achievable or estimate, got '" + v + "'";
                     }
                     s.workload.ceilings = *c;
                     return {};
                 }});
    t.push_back({"--engine", "NAME",
                 "the serving engine whose calibration profile the estimate\n"
                 "uses: generic, vllm, sglang, tensorrt-llm, nim, llama.cpp,\n"
                 "lmdeploy, tgi, mlc-llm (default generic; see --ceilings\n"
                 "estimate)",
                 [](const std::string& v, ScenarioFile& s, std::int64_t&) -> std::string {
                     const std::vector<std::string>& known = knownEngines();
                     if (std::find(known.begin(), known.end(), v) == known.end()) {
                         std::string names;
                         for (const std::string& e : known) {
                             names += (names.empty() ? "" : ", ") + e;
                         }
                         return expects("--engine", "one of " + names, v);
                     }
                     s.engine = v;
                     return {};
                 }});
    t.push_back({"--engine-version", "VERSION",
                 "the serving engine's version (0.10.1): an estimate outside the\n"
                 "versions of its profile's records says it is extrapolated",
                 [](const std::string& v, ScenarioFile& s, std::int64_t&) -> std::string {
                     if (!parseEngineVersion(v)) {
                         return expects("--engine-version", "a version as major.minor.patch", v);
                     }
                     s.engineVersion = v;
                     return {};
                 }});
    t.push_back({"--calibration", "ID|FILE",
                 "the estimate's calibration profile: a shipped id or a file\n"
                 "(roofline-cli calibrate -o); default: the hardware's and engine's",
                 [](const std::string& v, ScenarioFile& s, std::int64_t&) -> std::string {
                     if (v.empty()) {
                         return expects("--calibration", "a profile id or file", v);
                     }
                     s.calibration = v;
                     return {};
                 }});
    t.push_back({"--price-per-device-hour", "USD",
                 "what one device costs per hour, for the cost per\n"
                 "million output tokens (no default: none = no cost)",
                 [](const std::string& v, ScenarioFile& s, std::int64_t&) -> std::string {
                     if (v == "none") {
                         s.workload.pricePerDeviceHourUsd.reset();
                         return {};
                     }
                     const auto usd = parseNumber(v);
                     if (!usd || !limits::kPricePerDeviceHourUsd.contains(*usd)) {
                         return expects("--price-per-device-hour",
                                        limits::kPricePerDeviceHourUsd.expected() +
                                            " (US dollars per device-hour) or none",
                                        v);
                     }
                     s.workload.pricePerDeviceHourUsd = *usd;
                     return {};
                 }});
    return t;
}

// --help's layout: "  NAME VALUE" in a 25-column field (on its own line when longer), the
// help from column 27, continuation lines indented to it.
std::string makeHelp() {
    constexpr std::size_t kField = 25;
    const std::string indent(2 + kField, ' ');
    std::string out;
    for (const ScenarioOption& o : scenarioOptionTable()) {
        std::string label = std::string(o.name).append(" ").append(o.valueName);
        out.append("  ").append(label);
        if (label.size() < kField) {
            out.append(kField - label.size(), ' ');
        } else {
            out.append("\n").append(indent);
        }
        for (const char c : o.help) {
            out.push_back(c);
            if (c == '\n') {
                out.append(indent);
            }
        }
        out.push_back('\n');
    }
    out.append("  precisions P: ").append(storagePrecisionNames()).append("\n");
    return out;
}

}  // namespace

const std::vector<ScenarioOption>& scenarioOptionTable() {
    static const std::vector<ScenarioOption> table = makeTable();
    return table;
}

const ScenarioOption* findScenarioOption(std::string_view name) {
    const std::vector<ScenarioOption>& table = scenarioOptionTable();
    const auto it = std::find_if(table.begin(), table.end(),
                                 [&](const ScenarioOption& o) { return o.name == name; });
    return it == table.end() ? nullptr : &*it;
}

std::string_view scenarioOptionsHelp() {
    static const std::string help = makeHelp();
    return help;
}

}  // namespace roofline::io
