// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/io/scenario_file.h"

#include "json_util.h"

namespace roofline::io {

using detail::Json;
using detail::ObjectReader;

namespace {

// Where validate(Scenario)'s workload fields sit in a scenario file.
detail::FieldKeys scenarioKeys() {
    detail::FieldKeys keys;
    keys.add("workload.batch", "/batch");
    keys.add("workload.promptTokens", "/prompt_tokens");
    keys.add("workload.contextTokens", "/context_tokens");
    keys.add("workload.weightPrecision", "/weights");
    keys.add("workload.activationPrecision", "/activations");
    keys.add("workload.kvPrecision", "/kv_cache");
    keys.add("workload.kvHeadsOverride", "/kv_heads");
    keys.add("workload.tensorParallel", "/tensor_parallel");
    keys.add("workload.flashAttention", "/flash_attention");
    return keys;
}

}  // namespace

std::string toJson(const ScenarioFile& s) {
    const Workload& w = s.workload;
    Json j = Json::object();
    j["schema_version"] = kScenarioSchemaVersion;
    j["hardware"] = s.hardware;
    j["model"] = s.model;
    j["batch"] = w.batch;
    j["prompt_tokens"] = w.promptTokens;
    j["context_tokens"] = w.contextTokens;
    j["weights"] = toString(w.weightPrecision);
    j["activations"] = toString(w.activationPrecision);
    j["kv_cache"] = toString(w.kvPrecision);
    j["kv_heads"] = w.kvHeadsOverride;
    j["tensor_parallel"] = w.tensorParallel;
    j["flash_attention"] = w.flashAttention;
    return j.dump(2) + "\n";
}

Loaded<ScenarioFile> parseScenarioFile(std::string_view jsonText, const std::string& file) {
    Loaded<ScenarioFile> result;
    const std::optional<Json> json = detail::parseObject(jsonText, file, result.issues);
    if (!json) {
        return result;
    }
    ObjectReader r(*json, file, "", result.issues);
    const auto version = r.integer("schema_version", true, 1, 1'000'000);
    if (version && *version > kScenarioSchemaVersion) {
        r.error("schema_version",
                "at most " + std::to_string(kScenarioSchemaVersion) +
                    " (the file was written by a newer version of Roofline Explorer)",
                std::to_string(*version));
        return result;
    }
    r.warnUnknown({"schema_version", "hardware", "model", "batch", "prompt_tokens",
                   "context_tokens", "weights", "activations", "kv_cache", "kv_heads",
                   "tensor_parallel", "flash_attention"});

    ScenarioFile s;
    s.hardware = r.string("hardware", true).value_or("");
    s.model = r.string("model", true).value_or("");
    Workload& w = s.workload;
    w.batch = r.integer("batch", false, 1, kMaxBatch).value_or(w.batch);
    w.promptTokens = r.integer("prompt_tokens", false, 1, kMaxTokens).value_or(w.promptTokens);
    w.contextTokens =
        r.integer("context_tokens", false, 0, kMaxTokens).value_or(w.contextTokens);
    w.kvHeadsOverride = r.integer("kv_heads", false, 0, 10'000'000).value_or(0);
    w.tensorParallel =
        r.integer("tensor_parallel", false, 1, kMaxTensorParallel).value_or(w.tensorParallel);
    w.flashAttention = r.boolean("flash_attention", false).value_or(w.flashAttention);
    const auto precision = [&](const char* key, Precision& target) {
        if (const auto name = r.string(key, false)) {
            const auto p = parsePrecision(*name);
            if (p && isStoragePrecision(*p)) {
                target = *p;
            } else {
                r.error(key, "one of fp32, bf16, fp16, fp8, int8, int4, fp4",
                        "\"" + *name + "\"");
            }
        }
    };
    precision("weights", w.weightPrecision);
    precision("activations", w.activationPrecision);
    precision("kv_cache", w.kvPrecision);
    detail::finish(result, std::move(s), {});
    return result;
}

Loaded<ScenarioFile> loadScenarioFile(const std::string& path) {
    return detail::loadWith<ScenarioFile>(
        path, [&](std::string_view text) { return parseScenarioFile(text, path); });
}

ResolvedScenario resolve(const ScenarioFile& file, std::int64_t gqaRatio) {
    ResolvedScenario out;
    Loaded<Hardware> hw = resolveHardware(file.hardware);
    Loaded<Model> model = resolveModel(file.model);
    out.issues.insert(out.issues.end(), hw.issues.begin(), hw.issues.end());
    out.issues.insert(out.issues.end(), model.issues.begin(), model.issues.end());
    if (!hw.ok() || !model.ok()) {
        if (out.issues.empty()) {
            out.issues.push_back({Severity::Error, "", "", "a hardware and a model", "none"});
        }
        return out;
    }
    out.scenario.hardware = std::move(*hw.value);
    out.scenario.model = std::move(*model.value);
    out.scenario.workload = file.workload;
    if (gqaRatio > 0) {
        const std::int64_t nq = out.scenario.model.numQueryHeads;
        if (nq % gqaRatio != 0) {
            out.issues.push_back({Severity::Error, "", "--gqa-ratio",
                                  "a divisor of the model's " + std::to_string(nq) +
                                      " query heads",
                                  std::to_string(gqaRatio)});
            return out;
        }
        out.scenario.workload.kvHeadsOverride = nq / gqaRatio;
    }
    std::vector<Issue> more = validate(out.scenario);
    scenarioKeys().apply(more);
    out.issues.insert(out.issues.end(), more.begin(), more.end());
    return out;
}

}  // namespace roofline::io
