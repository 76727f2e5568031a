// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario options shared by roofline-cli and roofline-explorer.

#include <algorithm>
#include <charconv>
#include <cmath>

#include "roofline/io/scenario_file.h"

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

}  // namespace

std::string_view scenarioOptionsHelp() {
    return "  --hardware ID|FILE       accelerator preset id or hardware JSON file "
           "(default h100-sxm)\n"
           "  --model ID|FILE          model preset id or Hugging Face config.json "
           "(default llama-3.1-8b)\n"
           "  --batch N                sequences per batch (default 1)\n"
           "  --prompt N               prompt tokens per sequence, prefill (default 2048)\n"
           "  --context N              tokens in the KV cache at the decode step (default 2048)\n"
           "  --weights P              weight precision (default bf16)\n"
           "  --activations P          activation and math precision (default bf16)\n"
           "  --kv P                   KV-cache precision (default bf16)\n"
           "  --kv-heads N             replace the model's KV heads (must divide its query heads)\n"
           "  --gqa-ratio R            query heads per KV head (sets --kv-heads = n_q / R)\n"
           "  --tp N                   tensor-parallel devices (default 1)\n"
           "  --flash-attention on|off FlashAttention (default on)\n"
           "  --expert-parallel on|off MoE: whole experts spread over the --tp devices "
           "(default off)\n"
           "  --spec-k K               speculative decoding: K drafted tokens per step, "
           "1-16 (0 = off)\n"
           "  --spec-accept A          chance each drafted token is accepted, 0-1 "
           "(default 0.7)\n"
           "  --draft-model ID|FILE|ngram\n"
           "                           draft model preset id or config.json, or ngram "
           "(free; default)\n"
           "  --memory-utilization F   device memory a server may use, 0 < F <= 1 "
           "(default 0.90)\n"
           "  --max-batched-tokens N   tokens one forward pass may hold (default 8192)\n"
           "  --ceilings peak|achievable\n"
           "                           spec-sheet peaks or measured achievable rates "
           "(default peak)\n"
           "  --price-per-device-hour USD\n"
           "                           what one device costs per hour, for the cost per\n"
           "                           million output tokens (no default: none = no cost)\n"
           "  precisions P: fp32, bf16, fp16, fp8, int8, int4, fp4\n";
}

OptionsResult applyScenarioOptions(const std::vector<std::string>& args, ScenarioFile& scenario,
                                   std::int64_t& gqaRatio) {
    OptionsResult result;
    Workload& w = scenario.workload;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string name = args[i];
        std::optional<std::string> inlineValue;
        if (const auto eq = name.find('='); name.starts_with("--") && eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        static const std::vector<std::string> kOptions = {
            "--hardware", "--model", "--batch",    "--prompt", "--context",
            "--weights",  "--activations", "--kv", "--kv-heads", "--gqa-ratio",
            "--tp",       "--flash-attention", "--expert-parallel", "--spec-k",
            "--spec-accept", "--draft-model", "--memory-utilization", "--max-batched-tokens",
            "--ceilings", "--price-per-device-hour"};
        if (std::find(kOptions.begin(), kOptions.end(), name) == kOptions.end()) {
            result.rest.push_back(args[i]);
            continue;
        }
        std::string value;
        if (inlineValue) {
            value = *inlineValue;
        } else if (i + 1 < args.size()) {
            value = args[++i];
        } else {
            result.errors.push_back(name + " expects a value");
            continue;
        }
        const auto integer = [&](std::int64_t lo, std::int64_t hi, std::int64_t& target) {
            const auto v = parseInteger(value);
            if (!v || *v < lo || *v > hi) {
                result.errors.push_back(name + " expects an integer from " + std::to_string(lo) +
                                        " to " + std::to_string(hi) + ", got '" + value + "'");
                return;
            }
            target = *v;
        };
        const auto precision = [&](Precision& target) {
            const auto p = parsePrecision(value);
            if (!p || !isStoragePrecision(*p)) {
                result.errors.push_back(name +
                                        " expects one of fp32, bf16, fp16, fp8, int8, int4, fp4, "
                                        "got '" + value + "'");
                return;
            }
            target = *p;
        };
        if (name == "--hardware") {
            scenario.hardware = value;
        } else if (name == "--model") {
            scenario.model = value;
        } else if (name == "--batch") {
            integer(1, kMaxBatch, w.batch);
        } else if (name == "--prompt") {
            integer(1, kMaxTokens, w.promptTokens);
        } else if (name == "--context") {
            integer(0, kMaxTokens, w.contextTokens);
        } else if (name == "--weights") {
            precision(w.weightPrecision);
        } else if (name == "--activations") {
            precision(w.activationPrecision);
        } else if (name == "--kv") {
            precision(w.kvPrecision);
        } else if (name == "--kv-heads") {
            integer(1, 10'000'000, w.kvHeadsOverride);
            gqaRatio = 0;
        } else if (name == "--gqa-ratio") {
            integer(1, 10'000'000, gqaRatio);
        } else if (name == "--tp") {
            integer(1, kMaxTensorParallel, w.tensorParallel);
        } else if (name == "--flash-attention" || name == "--expert-parallel") {
            if (value == "on" || value == "off") {
                (name == "--flash-attention" ? w.flashAttention : w.expertParallel) =
                    value == "on";
            } else {
                result.errors.push_back(name + " expects on or off, got '" + value + "'");
            }
        } else if (name == "--spec-k") {
            integer(0, kMaxSpeculativeTokens, w.speculativeTokens);
        } else if (name == "--spec-accept") {
            const auto v = parseNumber(value);
            if (!v || *v < 0.0 || *v > 1.0) {
                result.errors.push_back("--spec-accept expects a number from 0 to 1, got '" +
                                        value + "'");
            } else {
                w.acceptanceRate = *v;
            }
        } else if (name == "--draft-model") {
            if (value.empty()) {
                result.errors.push_back(
                    "--draft-model expects ngram, a model preset id or a config.json path, "
                    "got ''");
            } else {
                scenario.draftModel = value;
                w.draftKind = value == kNgramDraft ? DraftKind::Ngram : DraftKind::Model;
            }
        } else if (name == "--memory-utilization") {
            const auto v = parseNumber(value);
            if (!v || *v <= 0.0 || *v > 1.0) {
                result.errors.push_back(
                    "--memory-utilization expects a number above 0 and at most 1, got '" +
                    value + "'");
            } else {
                w.memoryUtilization = *v;
            }
        } else if (name == "--max-batched-tokens") {
            integer(1, kMaxBatchedTokensLimit, w.maxBatchedTokens);
        } else if (name == "--price-per-device-hour") {
            const auto v = parseNumber(value);
            if (value == "none") {
                w.pricePerDeviceHourUsd.reset();
            } else if (!v || *v < 0.0) {
                result.errors.push_back(
                    "--price-per-device-hour expects a number ≥ 0 (US dollars per device-hour) "
                    "or none, got '" + value + "'");
            } else {
                w.pricePerDeviceHourUsd = *v;
            }
        } else if (name == "--ceilings") {
            if (value == "peak" || value == "achievable") {
                w.ceilings = value == "peak" ? Ceilings::Peak : Ceilings::Achievable;
            } else {
                result.errors.push_back("--ceilings expects peak or achievable, got '" + value +
                                        "'");
            }
        }
    }
    return result;
}

}  // namespace roofline::io
