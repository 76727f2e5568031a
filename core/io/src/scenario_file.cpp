// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/io/scenario_file.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <memory>
#include <span>
#include <string_view>

#include "json_util.h"
#include "lesson_json.h"
#include "roofline/io/calibration.h"
#include "roofline/io/presets.h"
#include "roofline/quantization.h"

namespace roofline::io {

using detail::Json;
using detail::ObjectReader;

// Where validate(Scenario)'s workload and draft fields sit in a scenario file.
detail::FieldKeys detail::scenarioKeys() {
    detail::FieldKeys keys;
    keys.add("workload.batch", "/batch");
    keys.add("workload.promptTokens", "/prompt_tokens");
    keys.add("workload.contextTokens", "/context_tokens");
    keys.add("workload.weightPrecision", "/weights");
    keys.add("workload.activationPrecision", "/activations");
    keys.add("workload.kvPrecision", "/kv_cache");
    keys.add("workload.expertWeightPrecision", "/expert_weights");
    keys.add("workload.embeddingWeightPrecision", "/embedding_weights");
    keys.add("workload.kvHeadsOverride", "/kv_heads");
    keys.add("workload.tensorParallel", "/tensor_parallel");
    keys.add("workload.prefillDevices", "/prefill_devices");
    keys.add("workload.flashAttention", "/flash_attention");
    keys.add("workload.expertParallel", "/expert_parallel");
    keys.add("workload.speculativeTokens", "/speculative/k");
    keys.add("workload.acceptanceRate", "/speculative/acceptance");
    keys.add("workload.draftKind", "/speculative/draft");
    keys.add("workload.memoryUtilization", "/memory_utilization");
    keys.add("workload.maxBatchedTokens", "/max_batched_tokens");
    keys.add("workload.ceilings", "/ceilings");
    keys.add("workload.pricePerDeviceHourUsd", "/price_per_device_hour_usd");
    keys.add("draft", "/speculative/draft");
    keys.add("draft.vocabSize", "/speculative/draft");
    return keys;
}

namespace {

std::string ceilingsName(Ceilings c) { return std::string(toString(c)); }

std::string engineNames() {
    std::string out;
    for (const std::string& e : knownEngines()) {
        out += (out.empty() ? "\"" : ", \"") + e + "\"";
    }
    return out;
}

// A number in [0, 1] ((0, 1] unless zeroAllowed); nullopt when missing or bad (an error).
// A value of roofline/limits.h's `range`, refused in validate()'s words.
std::optional<std::int64_t> integer(ObjectReader& r, const std::string& key,
                                    const IntegerRange& range) {
    return r.integer(key, false, range.lo, range.hi);
}

std::optional<double> number(ObjectReader& r, const std::string& key, const NumberRange& range,
                             const std::string& orElse = "") {
    const Json* v = r.find(key);
    if (v == nullptr) {
        return std::nullopt;
    }
    if (v->is_number() && range.contains(v->get<double>())) {
        return v->get<double>();
    }
    r.error(key, range.expected() + orElse, detail::foundText(*v));
    return std::nullopt;
}

// The keys of one scenario, top level or nested under "baseline".
Json scenarioObject(const ScenarioFile& s, bool topLevel) {
    const Workload& w = s.workload;
    Json j = Json::object();
    if (topLevel) {
        j["schema_version"] = kScenarioSchemaVersion;
    }
    j["hardware"] = s.hardware;
    j["model"] = s.model;
    j["batch"] = w.batch;
    j["prompt_tokens"] = w.promptTokens;
    j["context_tokens"] = w.contextTokens;
    // "checkpoint": the model's own per-part precisions, applied when the file is resolved.
    j["weights"] = s.checkpointWeights ? std::string(kCheckpointWeights)
                                       : std::string(toString(w.weightPrecision));
    // With "checkpoint" a part's precision is the user's override of what the checkpoint
    // stores for it (experts re-quantized to nvfp4, say), written like any other.
    if (w.expertWeightPrecision) {
        j["expert_weights"] = toString(*w.expertWeightPrecision);
    }
    if (w.embeddingWeightPrecision) {
        j["embedding_weights"] = toString(*w.embeddingWeightPrecision);
    }
    j["activations"] = toString(w.activationPrecision);
    j["kv_cache"] = toString(w.kvPrecision);
    j["kv_heads"] = w.kvHeadsOverride;
    j["tensor_parallel"] = w.tensorParallel;
    if (w.prefillDevices > 0) {  // disaggregated; colocated files stay as they were
        j["prefill_devices"] = w.prefillDevices;
    }
    j["flash_attention"] = w.flashAttention;
    j["expert_parallel"] = w.expertParallel;
    j["attention_parallel"] = w.attentionParallel == AttentionParallel::Data ? "dp" : "tp";
    j["speculative"] = {{"k", w.speculativeTokens},
                        {"acceptance", w.acceptanceRate},
                        {"draft", w.draftKind == DraftKind::Model ? s.draftModel
                                  : w.draftKind == DraftKind::Mtp ? std::string(kMtpDraft)
                                                                  : std::string(kNgramDraft)}};
    j["memory_utilization"] = w.memoryUtilization;
    j["max_batched_tokens"] = w.maxBatchedTokens;
    j["ceilings"] = ceilingsName(w.ceilings);
    // The estimate's profile: written when it matters, so files without one stay as they were.
    if (w.ceilings == Ceilings::Estimate || s.engine != kGenericEngine) {
        j["engine"] = s.engine;
    }
    if (!s.engineVersion.empty()) {
        j["engine_version"] = s.engineVersion;
    }
    if (!s.calibration.empty()) {
        j["calibration"] = s.calibration;
    }
    // Only with a price: a file without one has no cost (never a default price).
    if (w.pricePerDeviceHourUsd) {
        j["price_per_device_hour_usd"] = *w.pricePerDeviceHourUsd;
    }
    if (topLevel && s.baseline) {
        j["baseline"] = scenarioObject(*s.baseline, false);
    }
    if (topLevel && s.lever) {
        j["lever"] = std::string(leverKey(*s.lever));
    }
    if (topLevel && s.lesson) {
        j["lesson"] = detail::lessonJson(*s.lesson);
    }
    return j;
}

// The keys of one scenario (a baseline has these); a file's top level adds its schema
// version, its baseline, lever and lesson. In this order in the unknown-key warning.
constexpr std::array<std::string_view, 24> kScenarioKeys = {"hardware",
                                                            "model",
                                                            "batch",
                                                            "prompt_tokens",
                                                            "context_tokens",
                                                            "weights",
                                                            "expert_weights",
                                                            "embedding_weights",
                                                            "activations",
                                                            "kv_cache",
                                                            "kv_heads",
                                                            "tensor_parallel",
                                                            "prefill_devices",
                                                            "flash_attention",
                                                            "expert_parallel",
                                                            "attention_parallel",
                                                            "speculative",
                                                            "memory_utilization",
                                                            "max_batched_tokens",
                                                            "ceilings",
                                                            "engine",
                                                            "engine_version",
                                                            "calibration",
                                                            "price_per_device_hour_usd"};
constexpr auto kTopLevelKeys = [] {
    std::array<std::string_view, kScenarioKeys.size() + 4> keys{};
    keys[0] = "schema_version";
    for (std::size_t i = 0; i < kScenarioKeys.size(); ++i) {
        keys[i + 1] = kScenarioKeys[i];
    }
    keys[kScenarioKeys.size() + 1] = "baseline";
    keys[kScenarioKeys.size() + 2] = "lever";
    keys[kScenarioKeys.size() + 3] = "lesson";
    return keys;
}();

// Reads one scenario's keys (at `pointer`: "" or "/baseline") into a ScenarioFile.
ScenarioFile readScenario(const Json& json, const std::string& file, const std::string& pointer,
                          std::vector<Issue>& issues) {
    const bool topLevel = pointer.empty();
    ObjectReader r(json, file, pointer, issues);
    r.warnUnknown(topLevel ? std::span<const std::string_view>(kTopLevelKeys)
                           : std::span<const std::string_view>(kScenarioKeys));

    ScenarioFile s;
    s.hardware = r.string("hardware", true).value_or("");
    s.model = r.string("model", true).value_or("");
    Workload& w = s.workload;
    w.batch = integer(r, "batch", limits::kBatch).value_or(w.batch);
    w.promptTokens = integer(r, "prompt_tokens", limits::kPromptTokens).value_or(w.promptTokens);
    w.contextTokens =
        integer(r, "context_tokens", limits::kContextTokens).value_or(w.contextTokens);
    w.kvHeadsOverride = integer(r, "kv_heads", limits::kKvHeadsOverride).value_or(0);
    w.tensorParallel =
        integer(r, "tensor_parallel", limits::kTensorParallel).value_or(w.tensorParallel);
    w.prefillDevices =
        integer(r, "prefill_devices", limits::kPrefillDevices).value_or(w.prefillDevices);
    w.flashAttention = r.boolean("flash_attention", false).value_or(w.flashAttention);
    const auto precision = [&](const char* key, auto& target, const char* orElse) {
        if (const auto name = r.string(key, false)) {
            const auto p = parsePrecision(*name);
            if (p && isStoragePrecision(*p)) {
                target = *p;
            } else if (orElse[0] != '\0' && *name == kCheckpointWeights) {
                s.checkpointWeights = true;
            } else {
                r.error(key, "one of " + storagePrecisionNames() + orElse,
                        std::string("\"").append(*name).append("\""));
            }
        }
    };
    precision("weights", w.weightPrecision, ", or \"checkpoint\" (the model's own)");
    precision("expert_weights", w.expertWeightPrecision, "");
    precision("embedding_weights", w.embeddingWeightPrecision, "");
    precision("activations", w.activationPrecision, "");
    precision("kv_cache", w.kvPrecision, "");

    w.expertParallel = r.boolean("expert_parallel", false).value_or(w.expertParallel);
    if (const auto ap = r.string("attention_parallel", false)) {
        if (*ap == "tp" || *ap == "dp") {
            w.attentionParallel = *ap == "dp" ? AttentionParallel::Data : AttentionParallel::Tensor;
        } else {
            r.error("attention_parallel", "\"tp\" or \"dp\"", "\"" + *ap + "\"");
        }
    }
    if (const Json* spec = r.find("speculative")) {
        if (!spec->is_object()) {
            r.error("speculative", "an object {k, acceptance, draft}", detail::foundText(*spec));
        } else {
            ObjectReader sr(*spec, file, pointer + "/speculative", issues);
            sr.warnUnknown({"k", "acceptance", "draft"});
            w.speculativeTokens =
                integer(sr, "k", limits::kSpeculativeTokens).value_or(w.speculativeTokens);
            w.acceptanceRate =
                number(sr, "acceptance", limits::kAcceptanceRate).value_or(w.acceptanceRate);
            if (const auto draft = sr.string("draft", false)) {
                if (draft->empty()) {
                    sr.error("draft", "\"ngram\" or a model preset id or config.json path", "\"\"");
                } else {
                    s.draftModel = *draft;
                    w.draftKind = draftKindOf(*draft);
                }
            }
        }
    }
    w.memoryUtilization =
        number(r, "memory_utilization", limits::kMemoryUtilization).value_or(w.memoryUtilization);
    w.maxBatchedTokens =
        integer(r, "max_batched_tokens", limits::kMaxBatchedTokens).value_or(w.maxBatchedTokens);
    if (const auto ceilings = r.string("ceilings", false)) {
        if (const std::optional<Ceilings> c = parseCeilings(*ceilings)) {
            w.ceilings = *c;
        } else {
            r.error("ceilings", "\"peak\", \"achievable\" or \"estimate\"",
                    "\"" + *ceilings + "\"");
        }
    }
    if (const auto engine = r.string("engine", false)) {
        const std::vector<std::string>& known = knownEngines();
        if (std::find(known.begin(), known.end(), *engine) != known.end()) {
            s.engine = *engine;
        } else {
            r.error("engine", "one of " + engineNames(), "\"" + *engine + "\"");
        }
    }
    if (const auto version = r.string("engine_version", false)) {
        if (parseEngineVersion(*version)) {
            s.engineVersion = *version;
        } else {
            r.error("engine_version", "a version as major.minor.patch (\"0.10.1\")",
                    "\"" + *version + "\"");
        }
    }
    s.calibration = r.string("calibration", false).value_or("");
    // Absent or null: no price.
    if (const auto price = number(r, "price_per_device_hour_usd", limits::kPricePerDeviceHourUsd,
                                  " (US dollars per device-hour) or null (no price)")) {
        w.pricePerDeviceHourUsd = price;
    }
    if (const Json* baseline = topLevel ? r.find("baseline") : nullptr) {
        if (!baseline->is_object()) {
            r.error("baseline", "an object with a scenario's keys", detail::foundText(*baseline));
        } else {
            s.baseline = readScenario(*baseline, file, "/baseline", issues);
        }
    }
    return s;
}

}  // namespace

std::string toJson(const ScenarioFile& s) { return scenarioObject(s, true).dump(2) + "\n"; }

Loaded<ScenarioFile> parseScenarioFile(std::string_view jsonText, const std::string& file) {
    Loaded<ScenarioFile> result;
    const std::optional<Json> json = detail::parseObject(jsonText, file, result.issues);
    if (!json) {
        return result;
    }
    {
        ObjectReader r(*json, file, "", result.issues);
        const auto version = r.schemaVersion(kScenarioSchemaVersion);
        if (version && *version > kScenarioSchemaVersion) {
            return result;  // a newer file is not read as this one
        }
    }
    ScenarioFile s = readScenario(*json, file, "", result.issues);
    detail::readLessonKeys(*json, file, s, result.issues);
    detail::finish(result, std::move(s), {});
    return result;
}

Loaded<ScenarioFile> loadScenarioFile(const std::string& path) {
    Loaded<ScenarioFile> loaded = detail::loadWith<ScenarioFile>(
        path, [&](std::string_view text) { return parseScenarioFile(text, path); });
    if (loaded.value) {
        const std::filesystem::path folder = std::filesystem::path(path).parent_path();
        *loaded.value = withPathsFrom(std::move(*loaded.value), folder.string());
    }
    return loaded;
}

namespace {

// What a file reference names: each kind has its own shipped ids.
enum class Reference : unsigned char { Hardware, Model, Calibration };

// Every file reference of a scenario and its baseline, with what it names (a model, the
// draft included; a hardware; a calibration profile), passed to `edit` to rewrite in place.
template <class Edit>
void forEachReference(ScenarioFile& file, const Edit& edit) {
    edit(file.hardware, Reference::Hardware);
    edit(file.model, Reference::Model);
    if (file.workload.draftKind == DraftKind::Model) {
        edit(file.draftModel, Reference::Model);
    }
    edit(file.calibration, Reference::Calibration);
    if (file.baseline) {  // the box gives const access: edit a copy and put it back
        ScenarioFile baseline = *file.baseline;
        forEachReference(baseline, edit);
        file.baseline = baseline;
    }
}

bool isShippedId(const std::string& ref, Reference kind) {
    const std::vector<std::string> ids = kind == Reference::Model      ? modelIds()
                                         : kind == Reference::Hardware ? hardwareIds()
                                                                       : calibrationIds();
    return std::find(ids.begin(), ids.end(), ref) != ids.end();
}

}  // namespace

ScenarioFile withPathsFrom(ScenarioFile file, const std::string& directory) {
    namespace fs = std::filesystem;
    forEachReference(file, [&](std::string& ref, Reference kind) {
        const fs::path path(ref);
        std::error_code ec;
        if (ref.empty() || path.is_absolute() || isShippedId(ref, kind) ||
            !fs::exists(fs::path(directory) / path, ec)) {
            return;
        }
        ref = fs::absolute(fs::path(directory) / path, ec).lexically_normal().string();
    });
    return file;
}

ScenarioFile withPathsRelativeTo(ScenarioFile file, const std::string& directory) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path base = fs::absolute(directory, ec).lexically_normal();
    forEachReference(file, [&](std::string& ref, Reference kind) {
        const fs::path path(ref);
        if (ref.empty() || !path.is_absolute() || isShippedId(ref, kind) ||
            path.root_name() != base.root_name()) {
            return;
        }
        const fs::path relative = path.lexically_normal().lexically_relative(base);
        if (!relative.empty()) {
            ref = relative.generic_string();
        }
    });
    return file;
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
    if (file.checkpointWeights) {
        const Model& m = out.scenario.model;
        if (!m.checkpoint.known) {
            out.issues.push_back({Severity::Error, "", "/weights",
                                  "a precision (the model's quantization_config names a scheme "
                                  "this tool cannot map to its layers: choose the weights)",
                                  "\"checkpoint\""});
            return out;
        }
        // The file's own expert_weights / embedding_weights override the checkpoint's.
        Workload& w = out.scenario.workload;
        w = withCheckpointWeights(file.workload, m);
        if (file.workload.expertWeightPrecision) {
            w.expertWeightPrecision = file.workload.expertWeightPrecision;
        }
        if (file.workload.embeddingWeightPrecision) {
            w.embeddingWeightPrecision = file.workload.embeddingWeightPrecision;
        }
    }
    const Workload& w = file.workload;
    if (w.speculativeTokens > 0 && w.draftKind == DraftKind::Model) {
        Loaded<Model> draft = resolveModel(file.draftModel);
        out.issues.insert(out.issues.end(), draft.issues.begin(), draft.issues.end());
        if (!draft.ok()) {
            out.issues.push_back({Severity::Error, "", "/speculative/draft",
                                  "\"ngram\" or a draft model that loads (preset id or "
                                  "config.json path)",
                                  "\"" + file.draftModel + "\""});
            return out;
        }
        out.scenario.draft = std::move(*draft.value);
    }
    if (gqaRatio > 0) {
        const std::int64_t nq = out.scenario.model.numQueryHeads;
        if (nq % gqaRatio != 0) {
            out.issues.push_back({Severity::Error, "", "--gqa-ratio",
                                  "a divisor of the model's " + std::to_string(nq) + " query heads",
                                  std::to_string(gqaRatio)});
            return out;
        }
        out.scenario.workload.kvHeadsOverride = nq / gqaRatio;
    }
    if (w.ceilings == Ceilings::Estimate) {
        // The estimate's profile: the file's own, or the shipped one for this hardware and
        // serving engine (falling back to the hardware's generic one, then to "generic").
        Loaded<CalibrationProfile> profile =
            file.calibration.empty() ? resolveCalibration(out.scenario.hardware.id, file.engine)
                                     : loadCalibration(file.calibration);
        out.issues.insert(out.issues.end(), profile.issues.begin(), profile.issues.end());
        if (!profile.ok()) {
            out.issues.push_back(
                {Severity::Error, "", "/calibration",
                 "a calibration profile that loads (a shipped id or a file)",
                 "\"" + (file.calibration.empty() ? file.engine : file.calibration) + "\""});
            return out;
        }
        out.scenario.calibration =
            std::make_shared<const CalibrationProfile>(std::move(*profile.value));
    }
    out.scenario.engineVersion = parseEngineVersion(file.engineVersion).value_or(EngineVersion{});
    std::vector<Issue> more = validate(out.scenario);
    detail::scenarioKeys().apply(more);
    out.issues.insert(out.issues.end(), more.begin(), more.end());
    return out;
}

}  // namespace roofline::io
