// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario options shared by roofline-cli and roofline-explorer: one table (each option's
// name, value name, help and effect), and the help text built from it. Each program's own
// command-line parser (CLI11, QCommandLineParser) loops over the table.

#include "roofline/io/scenario_options.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>

namespace roofline::io {

namespace {

std::optional<std::int64_t> parseInteger(const std::string& text) {
    std::int64_t v = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (ec != std::errc() || ptr != end) {
        return std::nullopt;
    }
    return v;
}

std::optional<double> parseNumber(const std::string& text) {
    double v = 0.0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(v)) {
        return std::nullopt;
    }
    return v;
}

using Apply = std::function<std::string(const std::string&, ScenarioFile&, std::int64_t&)>;

// The kinds of value, each with its error message. `field` picks the target out of the
// scenario.
Apply integer(std::string_view name, std::int64_t lo, std::int64_t hi,
              std::int64_t& (*field)(ScenarioFile&, std::int64_t&)) {
    return [name, lo, hi, field](const std::string& value, ScenarioFile& s,
                                 std::int64_t& gqa) -> std::string {
        const auto v = parseInteger(value);
        if (!v || *v < lo || *v > hi) {
            return std::string(name) + " expects an integer from " + std::to_string(lo) +
                   " to " + std::to_string(hi) + ", got '" + value + "'";
        }
        field(s, gqa) = *v;
        return {};
    };
}

Apply precision(std::string_view name, Precision Workload::*field) {
    return [name, field](const std::string& value, ScenarioFile& s, std::int64_t&) -> std::string {
        const auto p = parsePrecision(value);
        if (!p || !isStoragePrecision(*p)) {
            return std::string(name) +
                   " expects one of fp32, bf16, fp16, fp8, int8, int4, fp4, got '" + value + "'";
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
    t.push_back({"--hardware", "ID|FILE", "accelerator preset id or hardware JSON file "
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
                 integer("--batch", 1, kMaxBatch, [](ScenarioFile& s, std::int64_t&) -> auto& {
                     return s.workload.batch;
                 })});
    t.push_back({"--prompt", "N", "prompt tokens per sequence, prefill (default 2048)",
                 integer("--prompt", 1, kMaxTokens,
                         [](ScenarioFile& s, std::int64_t&) -> auto& {
                             return s.workload.promptTokens;
                         })});
    t.push_back({"--context", "N", "tokens in the KV cache at the decode step (default 2048)",
                 integer("--context", 0, kMaxTokens,
                         [](ScenarioFile& s, std::int64_t&) -> auto& {
                             return s.workload.contextTokens;
                         })});
    t.push_back({"--weights", "P", "weight precision (default bf16)",
                 precision("--weights", &Workload::weightPrecision)});
    t.push_back({"--activations", "P", "activation and math precision (default bf16)",
                 precision("--activations", &Workload::activationPrecision)});
    t.push_back({"--kv", "P", "KV-cache precision (default bf16)",
                 precision("--kv", &Workload::kvPrecision)});
    t.push_back({"--kv-heads", "N", "replace the model's KV heads (must divide its query heads)",
                 [apply = integer("--kv-heads", 1, 10'000'000,
                                  [](ScenarioFile& s, std::int64_t&) -> auto& {
                                      return s.workload.kvHeadsOverride;
                                  })](const std::string& v, ScenarioFile& s,
                                      std::int64_t& gqa) {
                     std::string error = apply(v, s, gqa);
                     gqa = 0;  // the later of --kv-heads and --gqa-ratio wins
                     return error;
                 }});
    t.push_back({"--gqa-ratio", "R", "query heads per KV head (sets --kv-heads = n_q / R)",
                 integer("--gqa-ratio", 1, 10'000'000,
                         [](ScenarioFile&, std::int64_t& gqa) -> auto& { return gqa; })});
    t.push_back({"--tp", "N", "tensor-parallel devices (default 1)",
                 integer("--tp", 1, kMaxTensorParallel,
                         [](ScenarioFile& s, std::int64_t&) -> auto& {
                             return s.workload.tensorParallel;
                         })});
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
    t.push_back({"--spec-k", "K",
                 "speculative decoding: K drafted tokens per step, 1-16 (0 = off)",
                 integer("--spec-k", 0, kMaxSpeculativeTokens,
                         [](ScenarioFile& s, std::int64_t&) -> auto& {
                             return s.workload.speculativeTokens;
                         })});
    t.push_back({"--spec-accept", "A",
                 "chance each drafted token is accepted, 0-1 (default 0.7)",
                 [](const std::string& v, ScenarioFile& s, std::int64_t&) -> std::string {
                     const auto a = parseNumber(v);
                     if (!a || *a < 0.0 || *a > 1.0) {
                         return "--spec-accept expects a number from 0 to 1, got '" + v + "'";
                     }
                     s.workload.acceptanceRate = *a;
                     return {};
                 }});
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
    t.push_back({"--memory-utilization", "F",
                 "device memory a server may use, 0 < F <= 1 (default 0.90)",
                 [](const std::string& v, ScenarioFile& s, std::int64_t&) -> std::string {
                     const auto f = parseNumber(v);
                     if (!f || *f <= 0.0 || *f > 1.0) {
                         return "--memory-utilization expects a number above 0 and at most 1, "
                                "got '" + v + "'";
                     }
                     s.workload.memoryUtilization = *f;
                     return {};
                 }});
    t.push_back({"--max-batched-tokens", "N", "tokens one forward pass may hold (default 8192)",
                 integer("--max-batched-tokens", 1, kMaxBatchedTokensLimit,
                         [](ScenarioFile& s, std::int64_t&) -> auto& {
                             return s.workload.maxBatchedTokens;
                         })});
    t.push_back({"--ceilings", "peak|achievable",
                 "spec-sheet peaks or measured achievable rates (default peak)",
                 [](const std::string& v, ScenarioFile& s, std::int64_t&) -> std::string {
                     if (v != "peak" && v != "achievable") {
                         return "--ceilings expects peak or achievable, got '" + v + "'";
                     }
                     s.workload.ceilings = v == "peak" ? Ceilings::Peak : Ceilings::Achievable;
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
                     if (!usd || *usd < 0.0) {
                         return "--price-per-device-hour expects a number ≥ 0 (US dollars per "
                                "device-hour) or none, got '" + v + "'";
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
    out.append("  precisions P: fp32, bf16, fp16, fp8, int8, int4, fp4\n");
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
