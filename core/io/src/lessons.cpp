// SPDX-License-Identifier: GPL-3.0-or-later
// The shipped lessons (presets/scenarios/), and a lesson file resolved, analysed and checked.

#include "roofline/io/lessons.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "json_util.h"
#include "lesson_json.h"
#include "roofline/io/levers.h"

namespace roofline::io {

using detail::Json;

namespace {

constexpr std::string_view kScenarioDir = "scenarios/";
constexpr std::string_view kJson = ".json";

const EmbeddedPreset* findScenario(const std::string& id) {
    for (const EmbeddedPreset& p : embeddedPresets()) {
        if (p.path.size() == kScenarioDir.size() + id.size() + kJson.size() &&
            p.path.starts_with(kScenarioDir) &&
            p.path.substr(kScenarioDir.size(), id.size()) == id && p.path.ends_with(kJson)) {
            return &p;
        }
    }
    return nullptr;
}

}  // namespace

std::vector<std::string> scenarioIds() {
    std::vector<std::string> ids;
    for (const EmbeddedPreset& p : embeddedPresets()) {
        if (p.path.starts_with(kScenarioDir) && p.path.ends_with(kJson)) {
            std::string_view id = p.path.substr(kScenarioDir.size());
            id.remove_suffix(kJson.size());
            if (id.find('/') == std::string_view::npos) {
                ids.emplace_back(id);
            }
        }
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::string scenarioFileName(const std::string& idOrPath) {
    if (const EmbeddedPreset* p = findScenario(idOrPath)) {
        return "presets/" + std::string(p->path);
    }
    return idOrPath;
}

Loaded<ScenarioFile> builtinScenario(const std::string& id) {
    if (const EmbeddedPreset* p = findScenario(id)) {
        return parseScenarioFile(p->text, "presets/" + std::string(p->path));
    }
    Loaded<ScenarioFile> result;
    std::string list;
    for (const std::string& known : scenarioIds()) {
        list += (list.empty() ? "" : ", ") + known;
    }
    result.issues.push_back(
        {Severity::Error, id, "", "a shipped scenario id (" + list + ")", "no such id"});
    return result;
}

Loaded<ScenarioFile> resolveScenarioFile(const std::string& idOrPath) {
    if (findScenario(idOrPath) != nullptr) {
        return builtinScenario(idOrPath);
    }
    std::error_code ec;
    if (std::filesystem::exists(idOrPath, ec)) {
        return loadScenarioFile(idOrPath);
    }
    Loaded<ScenarioFile> result = builtinScenario(idOrPath);
    result.issues.back().expected += " or the path of a scenario file";
    result.issues.back().found = "no such id, and no such file";
    return result;
}

LessonScenarios resolveLessonScenarios(const ScenarioFile& file, const std::string& fileName,
                                       std::int64_t gqaRatio) {
    LessonScenarios out;
    ScenarioFile own = file;
    own.baseline.reset();
    own.lever.reset();
    own.lesson.reset();
    out.current = resolve(own, gqaRatio);
    out.issues = out.current.issues;
    if (!out.current.ok()) {
        return out;
    }
    out.currentFile = own;
    if (file.lever) {
        // The current scenario (options applied) becomes the baseline, as Interventions does.
        const AppliedLever applied = applyLever(own, out.current.scenario, *file.lever);
        if (!applied.plan.applicable) {
            out.issues.push_back({Severity::Error, fileName, "/lever",
                                  "a lever that applies to the scenario",
                                  std::string("\"")
                                      .append(leverKey(*file.lever))
                                      .append("\", which does not: ")
                                      .append(applied.plan.reason)});
            return out;
        }
        out.baselineFile = own;
        out.baseline = out.current;
        out.currentFile = applied.file;
        out.current = resolve(applied.file);
        out.issues.insert(out.issues.end(), out.current.issues.begin(), out.current.issues.end());
    } else if (file.baseline) {
        ScenarioFile base = *file.baseline;
        base.baseline.reset();
        out.baselineFile = base;
        out.baseline = resolve(base);
        for (Issue issue : out.baseline->issues) {
            // The scenario's own keys (validation) sit under /baseline in the lesson file; a
            // preset's issue keeps its own file and pointer.
            if (issue.file.empty()) {
                issue.file = fileName;
                issue.pointer = "/baseline" + issue.pointer;
            }
            out.issues.push_back(std::move(issue));
        }
    }
    return out;
}

LessonRun runLesson(const ScenarioFile& file, const std::string& fileName, std::int64_t gqaRatio) {
    LessonRun run;
    run.scenarios = resolveLessonScenarios(file, fileName, gqaRatio);
    if (!run.scenarios.ok()) {
        return run;
    }
    run.current = analyze(run.scenarios.current.scenario);
    run.currentJson = analysisToJson(run.scenarios.current.scenario, run.current);
    if (run.scenarios.baseline) {
        run.baseline = analyze(run.scenarios.baseline->scenario);
        run.baselineJson = analysisToJson(run.scenarios.baseline->scenario, *run.baseline);
    }
    if (file.lesson) {
        run.check = checkLesson(*file.lesson, fileName, run.currentJson, run.baselineJson);
        // A look-at sentence that moves a pinned point would send the student to watch a
        // ghost that stays put (DOMAIN.md §12).
        for (const std::string& sentence :
             sentencesMovingPinnedPoints(file.lesson->lookAt, run.current)) {
            run.check.issues.emplace_back(Severity::Error, fileName, "/lesson/look_at",
                                          "text that says a point moves names a point that "
                                          "moves (the current scenario's, not a pinned ghost)",
                                          std::string("\"").append(sentence).append("\""));
        }
    }
    return run;
}

std::string analysisWithLessonToJson(const std::string& analysisJson, const ScenarioFile& file,
                                     const LessonCheck& check) {
    Json doc = Json::parse(analysisJson, nullptr, false);
    if (!doc.is_object() || !file.lesson) {
        return analysisJson;
    }
    const Lesson& lesson = *file.lesson;
    Json j = detail::lessonJson(lesson);
    j["lever"] = file.lever ? Json(std::string(leverKey(*file.lever))) : Json(nullptr);
    j["view"] = lesson.view.empty() ? Json(nullptr) : Json(lesson.view);
    Json& list = j["expectations"];
    for (std::size_t i = 0; i < list.size() && i < check.results.size(); ++i) {
        const ExpectationResult& r = check.results[i];
        Json& e = list[i];
        if (!e.contains("over")) {
            e["over"] = nullptr;
        }
        if (!e.contains("claim")) {
            e["claim"] = nullptr;
        }
        const auto parsed = [](const std::string& text) {
            return text.empty() ? Json(nullptr) : Json::parse(text, nullptr, false);
        };
        e["actual"] = r.evaluated ? parsed(r.actual) : Json(nullptr);
        e["numerator"] = parsed(r.numerator);
        e["denominator"] = parsed(r.denominator);
        e["holds"] = r.evaluated ? Json(r.holds) : Json(nullptr);
    }
    Json errors = Json::array();
    for (const Issue& issue : check.issues) {
        errors.push_back(issue.message());
    }
    j["errors"] = errors;
    j["all_hold"] = check.allHold();
    doc["lesson"] = j;
    return doc.dump(2) + "\n";
}

}  // namespace roofline::io
