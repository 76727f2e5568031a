// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lessons.h
/// The shipped scenarios and lessons (presets/scenarios/*.json, compiled in), and a scenario
/// file resolved as the window shows it: the current scenario (with the file's lever
/// applied) and its baseline, analysed, with the lesson's expectations checked.

#include <optional>
#include <string>
#include <vector>

#include "roofline/io/lesson.h"
#include "roofline/io/scenario_file.h"

namespace roofline::io {

/// Ids of the shipped scenarios (file stems under presets/scenarios/), sorted.
std::vector<std::string> scenarioIds();
/// A shipped scenario by id (parsed on each call). Its file is "presets/scenarios/ID.json".
Loaded<ScenarioFile> builtinScenario(const std::string& id);
/// A shipped scenario id, or else a scenario file on disk; the error for neither lists the
/// ids.
Loaded<ScenarioFile> resolveScenarioFile(const std::string& idOrPath);
/// The name messages use for a shipped scenario id or a path: "presets/scenarios/ID.json"
/// or the path itself.
std::string scenarioFileName(const std::string& idOrPath);

/// A scenario file as the window shows it.
struct LessonScenarios {
    /// The scenario analysed: the file's own keys, with its lever applied; no baseline,
    /// lever or lesson of its own.
    ScenarioFile currentFile;
    /// The nested baseline, or with a lever the scenario before it; absent when neither.
    std::optional<ScenarioFile> baselineFile;
    ResolvedScenario current;
    std::optional<ResolvedScenario> baseline;
    /// Resolution and validation issues of both, and a lever that does not apply (an
    /// error at /lever naming the lever's reason).
    std::vector<Issue> issues;
    bool ok() const { return !hasErrors(issues); }
};

/// Resolves `file` (and its baseline), applies its lever. `gqaRatio` as resolve() does,
/// applied to the scenario before the lever. `fileName` labels the lever's error.
LessonScenarios resolveLessonScenarios(const ScenarioFile& file, const std::string& fileName,
                                       std::int64_t gqaRatio = 0);

/// A lesson checked against the engine: both analyses, their JSON and the check.
struct LessonRun {
    LessonScenarios scenarios;
    Analysis current;
    std::optional<Analysis> baseline;
    std::string currentJson;   ///< analysisToJson of the current scenario
    std::string baselineJson;  ///< of the baseline; empty when there is none
    LessonCheck check;         ///< empty when the file has no lesson
};

/// resolveLessonScenarios, analyze() both, checkLesson. When the scenarios do not resolve,
/// only `scenarios` is filled (its issues say why).
LessonRun runLesson(const ScenarioFile& file, const std::string& fileName,
                    std::int64_t gqaRatio = 0);

/// `analysisJson` (analysisToJson's text) with a "lesson" key added: {id, title, questions,
/// group, look_at, view, lever, expectations: [{path, over, op, value, claim, actual,
/// numerator, denominator, holds}]} (docs/window.md "Lessons").
std::string analysisWithLessonToJson(const std::string& analysisJson, const ScenarioFile& file,
                                     const LessonCheck& check);

}  // namespace roofline::io
