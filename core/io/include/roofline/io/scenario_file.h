// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scenario_file.h
/// Scenario files (what File > Save scenario writes), the scenario command-line options
/// shared by roofline-cli and roofline-explorer, and the stable JSON form of an Analysis.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/io/lesson.h"
#include "roofline/io/presets.h"
#include "roofline/levers.h"

namespace roofline::io {

/// Version 1 throughout: the speculative, expert_parallel, attention_parallel,
/// memory_utilization, max_batched_tokens and ceilings keys were only added (older files load with
/// defaults).
inline constexpr int kScenarioSchemaVersion = 1;

/// What `draftModel` holds for the free n-gram / prompt-lookup draft.
inline constexpr std::string_view kNgramDraft = "ngram";
/// The serving engine a scenario names when it names none: its calibration profile is the
/// hardware's generic one (roofline/io/calibration.h).
inline constexpr std::string_view kGenericEngine = "generic";
/// The draft name that selects the target's own MTP layers (DraftKind::Mtp).
inline constexpr std::string_view kMtpDraft = "mtp";
/// The weights value that selects the model's checkpoint precisions (checkpointWeights).
inline constexpr std::string_view kCheckpointWeights = "checkpoint";

/// The draft kind a draft name selects: "ngram", "mtp", or a model.
inline DraftKind draftKindOf(std::string_view draft) {
    return draft == kNgramDraft ? DraftKind::Ngram
           : draft == kMtpDraft ? DraftKind::Mtp
                                : DraftKind::Model;
}

/// An optional value held through a pointer, so that a type can hold an optional one of
/// itself (ScenarioFile::baseline). Copies copy the value; == compares the values.
template <class T>
class OptionalBox {
public:
    OptionalBox() = default;
    OptionalBox(const T& value) : m_value(std::make_unique<T>(value)) {}  // NOLINT: implicit
    OptionalBox(const OptionalBox& o)
        : m_value(o.m_value ? std::make_unique<T>(*o.m_value) : nullptr) {}
    OptionalBox(OptionalBox&&) noexcept = default;
    OptionalBox& operator=(const OptionalBox& o) {
        if (this != &o) {
            m_value = o.m_value ? std::make_unique<T>(*o.m_value) : nullptr;
        }
        return *this;
    }
    OptionalBox& operator=(OptionalBox&&) noexcept = default;
    ~OptionalBox() = default;

    bool has_value() const { return m_value != nullptr; }
    explicit operator bool() const { return has_value(); }
    const T& operator*() const { return *m_value; }
    const T* operator->() const { return m_value.get(); }
    void reset() { m_value.reset(); }
    bool operator==(const OptionalBox& o) const {
        return has_value() == o.has_value() && (!has_value() || *m_value == *o.m_value);
    }

private:
    std::unique_ptr<T> m_value;
};

/// A saved scenario: which hardware and model (a shipped id, or a path to a file), and the
/// workload knobs.
struct ScenarioFile {
    std::string hardware = "h100-sxm";
    std::string model = "llama-3.1-8b";
    Workload workload;
    /// The speculative draft: "ngram" (workload.draftKind Ngram), or a model preset id or
    /// config.json path (DraftKind::Model). Only used when workload.speculativeTokens > 0.
    /// Kept in step with workload.draftKind by the readers below.
    std::string draftModel = std::string(kNgramDraft);
    /// "weights": "checkpoint" (--weights checkpoint): resolve() sets the workload's weight
    /// precisions to the model's checkpoint, part by part (withCheckpointWeights), then
    /// applies workload.expertWeightPrecision / embeddingWeightPrecision where the file sets
    /// them (an override of that part); an error where the model's quantization_config
    /// cannot be mapped.
    bool checkpointWeights = false;
    /// The serving engine whose calibration profile the estimate ceiling uses (knownEngines():
    /// "generic", "vllm", "sglang", "tensorrt-llm", ...); read only with ceilings "estimate".
    std::string engine = std::string(kGenericEngine);
    /// The engine's version ("0.10.1"; empty: not named): outside the versions of the
    /// profile's records the estimate is extrapolated and says so.
    std::string engineVersion;
    /// A calibration profile to use instead: a shipped profile id ("h100-sxm.tensorrt-llm") or
    /// a file (`roofline-cli calibrate -o`); empty = the shipped one for hardware and engine.
    std::string calibration;
    /// Compare mode's pinned baseline: another scenario (its own hardware, model and
    /// workload; it has no baseline of its own). Absent in files without one.
    OptionalBox<ScenarioFile> baseline;
    /// A lesson's intervention: applied on top of the scenario, with the scenario before it
    /// as the baseline (as the window's Interventions menu and --lever do). Never with a
    /// baseline. Absent in files without one.
    std::optional<LeverId> lever;
    /// What makes the file a lesson (roofline/io/lesson.h); absent in plain scenarios.
    std::optional<Lesson> lesson;

    bool operator==(const ScenarioFile&) const = default;
};

/// JSON text of a scenario file (schema_version 1, snake_case keys, 2-space indent):
///
///     schema_version, hardware, model, batch, prompt_tokens, context_tokens, weights (a
///     precision, or "checkpoint"), expert_weights and embedding_weights (optional: the
///     experts', and the tables' and routers' precisions where they differ), activations, kv_cache,
///     kv_heads, tensor_parallel, flash_attention, expert_parallel (bool), attention_parallel ("tp"
///     or "dp"), speculative {k (0 = off, ≤ 16), acceptance (0–1), draft ("ngram", "mtp" or a model
///     id/path)}, memory_utilization (0 < f ≤ 1), max_batched_tokens (≥ 1), ceilings ("peak" or
///     "achievable" or "estimate"), engine (optional: the serving engine whose calibration
///     profile the estimate uses, default "generic"; written with ceilings "estimate"),
///     calibration (optional: a shipped profile id or a profile file instead),
///     price_per_device_hour_usd (optional: USD, ≥ 0; absent or null = no price),
///     baseline (optional: an object with the keys above but schema_version, the pinned
///     baseline of compare mode), lever (optional: a lever id, roofline/levers.h),
///     lesson (optional: {id, title, questions, look_at, group, view, expectations}).
///
/// Every key is always written, but price_per_device_hour_usd, baseline, lever and lesson
/// only when there is one.
std::string toJson(const ScenarioFile& scenario);

/// Parses a scenario file. A schema_version newer than kScenarioSchemaVersion is refused
/// ("written by a newer version"); bad values are errors naming the pointer. Missing
/// workload keys take the defaults. Does not resolve the hardware/model references.
Loaded<ScenarioFile> parseScenarioFile(std::string_view jsonText, const std::string& file);
/// Reads and parses a scenario file; a hardware file or model config it names by a relative
/// path is taken relative to the scenario file's folder (withPathsFrom), so that a folder
/// of scenario and configs works wherever it is copied.
Loaded<ScenarioFile> loadScenarioFile(const std::string& path);

/// The file references of a scenario (hardware, model, a model draft, and the baseline's),
/// not shipped ids, relative, and naming something under `directory`: made absolute
/// against it. Others are left as they are (a path relative to the working directory, as
/// files before round 3 had, still resolves).
ScenarioFile withPathsFrom(ScenarioFile file, const std::string& directory);
/// For saving a scenario into `directory`: its absolute file references rewritten relative
/// to it (`../configs/llama.json`) where they share a root; shipped ids untouched.
ScenarioFile withPathsRelativeTo(ScenarioFile file, const std::string& directory);

/// The scenario options' --help text, one per line, from scenarioOptionTable()
/// (roofline/io/scenario_options.h): --hardware ID|FILE, --model ID|FILE, --batch N, ...
std::string_view scenarioOptionsHelp();

/// A fully resolved scenario: hardware and model loaded.
struct ResolvedScenario {
    Scenario scenario;
    std::vector<Issue> issues;  ///< Load issues and validation issues.
    bool ok() const { return !hasErrors(issues); }
};

/// Loads the hardware and model that `file` names and validates the whole scenario.
/// `gqaRatio` > 0 sets kvHeadsOverride = n_q / ratio (an error if it does not divide n_q).
/// With speculative decoding on (k > 0) and a model draft, loads `draftModel` (resolveModel)
/// into Scenario::draft; a draft that does not load is an error naming /speculative/draft.
/// validate()'s field ids come back as the scenario file's keys (/batch, /speculative/k,
/// /memory_utilization, ...).
ResolvedScenario resolve(const ScenarioFile& file, std::int64_t gqaRatio = 0);

/// The stable JSON contract of `roofline-cli analyze --format json` (docs/calibration.md "JSON
/// output").
std::string analysisToJson(const Scenario& scenario, const Analysis& analysis);

/// Many analyses as one JSON array of analysisToJson's objects (`roofline-cli sweep --format
/// json`), each added as a value: no text is written and parsed back per row.
class AnalysisJsonArray {
public:
    AnalysisJsonArray();
    ~AnalysisJsonArray();
    AnalysisJsonArray(const AnalysisJsonArray&) = delete;
    AnalysisJsonArray& operator=(const AnalysisJsonArray&) = delete;
    AnalysisJsonArray(AnalysisJsonArray&&) = delete;
    AnalysisJsonArray& operator=(AnalysisJsonArray&&) = delete;

    void add(const Scenario& scenario, const Analysis& analysis);
    /// The array, indented as analysisToJson is (2 spaces), and a newline.
    std::string text() const;

private:
    struct Rows;  // holds the JSON value: nlohmann stays out of this header
    std::unique_ptr<Rows> m_rows;
};

}  // namespace roofline::io
