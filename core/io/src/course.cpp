// SPDX-License-Identifier: GPL-3.0-or-later
// Course files (docs/teaching.md "Courses"): steps of shipped lessons and inline scenarios, their
// predictions and spot-the-errors, checked against the engine; a student's answers graded.
//
// An inline scenario step is read as a scenario file whose lesson is made from the step's
// title, questions, look_at and checks, so that it is checked exactly as a lesson is; the
// issues of that reading are moved back to the step's own keys (/steps/N/checks/0/path,
// /steps/N/scenario/batch).

#include "roofline/io/course.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>

#include "json_util.h"
#include "roofline/format.h"

namespace roofline::io {

using detail::isId;
using detail::Json;
using detail::nonEmptyString;
using detail::ObjectReader;

namespace {

constexpr std::string_view kCourseDir = "courses/";
constexpr std::string_view kJsonSuffix = ".json";

std::string quoted(const std::string& s) { return Json(s).dump(); }

// The lessons menu's group of a question (QUESTIONS.md's sections).
std::string_view groupOf(int question) {
    return toString(question <= 7    ? LessonGroup::PlacingWorkloads
                    : question <= 11 ? LessonGroup::HardwareNumbers
                    : question <= 16 ? LessonGroup::Batching
                                     : LessonGroup::Interventions);
}

std::string lessonIdList() {
    std::string list;
    for (const std::string& id : scenarioIds()) {
        const Loaded<ScenarioFile> file = builtinScenario(id);
        if (file.ok() && file.value->lesson) {
            list += (list.empty() ? "" : ", ") + id;
        }
    }
    return list;
}

// A lesson-made pointer of an inline step moved to the step's own key; a scenario key to
// /steps/N/scenario/....
std::string stepPointer(const std::string& at, const std::string& pointer) {
    const auto under = [&](std::string_view from,
                           std::string_view to) -> std::optional<std::string> {
        if (pointer == from || pointer.starts_with(std::string(from) + "/")) {
            return at + std::string(to) + pointer.substr(from.size());
        }
        return std::nullopt;
    };
    for (const auto& [from, to] :
         {std::pair<std::string_view, std::string_view>{"/lesson/expectations", "/checks"},
          {"/lesson/title", "/title"},
          {"/lesson/look_at", "/look_at"},
          {"/lesson/questions", "/questions"},
          {"/lesson", ""}}) {
        if (auto moved = under(from, to)) {
            return *moved;
        }
    }
    return at + "/scenario" + pointer;
}

// The issues of an inline step's own reading or run: those about the course file (or about
// no file: validation of the scenario's values) move under the step.
void moveIssues(std::vector<Issue> from, const std::string& file, const std::string& at,
                std::vector<Issue>& to) {
    for (Issue& issue : from) {
        if (issue.file.empty() || issue.file == file) {
            issue.pointer = stepPointer(at, issue.pointer);
            issue.file = file;
        }
        to.push_back(std::move(issue));
    }
}

std::optional<Prediction> readPrediction(const Json& json, const std::string& file,
                                         const std::string& at, std::vector<Issue>& issues) {
    ObjectReader r(json, file, at, issues);
    r.warnUnknown({"ask", "path", "tolerance", "choices", "explain"});
    Prediction p;
    const std::size_t before = issues.size();
    p.ask = nonEmptyString(r, "ask", true).value_or("");
    if (const auto path = r.string("path", true)) {
        bool valid = path->starts_with("/");
        std::string why = "a JSON Pointer starts with '/'";
        if (valid) {
            try {
                (void)Json::json_pointer(*path);
            } catch (const Json::exception& e) {
                valid = false;
                why = detail::jsonErrorText(e);
            }
        }
        if (valid) {
            p.path = *path;
        } else {
            r.error("path",
                    "a JSON Pointer into the analysis JSON such as /decode/bound (" + why + ")",
                    quoted(*path));
        }
    }
    p.explain = nonEmptyString(r, "explain", true).value_or("");
    const bool hasTolerance = r.has("tolerance");
    const bool hasChoices = r.has("choices");
    if (hasTolerance && hasChoices) {
        r.error("choices", "absent when there is a tolerance (a number or a choice, not both)",
                detail::foundText(*r.find("choices")));
    } else if (!hasTolerance && !hasChoices) {
        issues.push_back({Severity::Error, file, at,
                          "an object with \"tolerance\" (a number to predict) or \"choices\" (a "
                          "choice to make)",
                          "neither"});
    } else if (hasTolerance) {
        p.kind = Prediction::Kind::Number;
        const Json& t = *r.find("tolerance");
        if (t.is_number() && t.get<double>() > 0.0 && t.get<double>() <= kMaxTolerance) {
            p.tolerance = t.get<double>();
        } else {
            r.error("tolerance", "a relative tolerance above 0 and at most 1 (0.25 for ±25 %)",
                    detail::foundText(t));
        }
    } else {
        p.kind = Prediction::Kind::Choice;
        const Json& c = *r.find("choices");
        if (!c.is_array() || c.size() < 2) {
            r.error("choices", "a list of at least two choices", detail::foundText(c));
        } else {
            ObjectReader cr(c, file, at + "/choices", issues);
            for (std::size_t i = 0; i < c.size(); ++i) {
                const std::string key = std::to_string(i);
                if (!c[i].is_string() || c[i].get<std::string>().empty()) {
                    cr.error(key, "a non-empty string", detail::foundText(c[i]));
                } else if (std::find(p.choices.begin(), p.choices.end(), c[i].get<std::string>()) !=
                           p.choices.end()) {
                    cr.error(key, "a choice not already listed", detail::foundText(c[i]));
                } else {
                    p.choices.push_back(c[i].get<std::string>());
                }
            }
        }
    }
    if (hasErrors(std::vector<Issue>(issues.begin() + static_cast<std::ptrdiff_t>(before),
                                     issues.end()))) {
        return std::nullopt;
    }
    return p;
}

std::optional<SpotTheError> readSpot(const Json& json, const std::string& file,
                                     const std::string& at, std::vector<Issue>& issues) {
    ObjectReader r(json, file, at, issues);
    r.warnUnknown({"claim", "parts", "wrong", "correction", "explain"});
    SpotTheError s;
    const std::size_t before = issues.size();
    s.claim = nonEmptyString(r, "claim", true).value_or("");
    if (const Json* parts = r.find("parts"); parts == nullptr) {
        r.error("parts", "a list of the claim's parts (at least two)", "missing");
    } else if (!parts->is_array() || parts->size() < 2) {
        r.error("parts", "a list of the claim's parts (at least two)", detail::foundText(*parts));
    } else {
        ObjectReader pr(*parts, file, at + "/parts", issues);
        for (std::size_t i = 0; i < parts->size(); ++i) {
            const Json& part = (*parts)[i];
            if (!part.is_string() || part.get<std::string>().empty()) {
                pr.error(std::to_string(i), "a non-empty string", detail::foundText(part));
            } else {
                s.parts.push_back(part.get<std::string>());
            }
        }
    }
    const auto count = static_cast<std::int64_t>(std::max<std::size_t>(s.parts.size(), 1));
    if (const auto wrong = r.integer("wrong", true, 1, count)) {
        s.wrong = static_cast<int>(*wrong);
    }
    s.correction = nonEmptyString(r, "correction", true).value_or("");
    s.explain = nonEmptyString(r, "explain", true).value_or("");
    if (hasErrors(std::vector<Issue>(issues.begin() + static_cast<std::ptrdiff_t>(before),
                                     issues.end()))) {
        return std::nullopt;
    }
    return s;
}

// A lesson step: the shipped lesson, and the questions the step takes from it.
void readLessonStep(ObjectReader& r, const std::string& file, const std::string& at,
                    CourseStep& step, std::vector<Issue>& issues) {
    for (const char* key : {"scenario", "title", "look_at", "checks"}) {
        if (r.find(key) != nullptr) {
            r.error(key, "absent in a lesson step (the lesson has its own)",
                    detail::foundText(*r.find(key)));
        }
    }
    const auto id = nonEmptyString(r, "lesson", true);
    if (!id) {
        return;
    }
    const Loaded<ScenarioFile> lesson = isId(*id) ? builtinScenario(*id) : Loaded<ScenarioFile>{};
    if (!lesson.ok() || !lesson.value->lesson) {
        r.error("lesson", "a shipped lesson id (" + lessonIdList() + ")", quoted(*id));
        return;
    }
    step.lesson = *id;
    step.scenario = *lesson.value;
    const std::vector<int>& own = lesson.value->lesson->questions;
    step.questions = own;
    if (const Json* questions = r.find("questions")) {
        const std::string listed = [&] {
            std::string list;
            for (const int q : own) {
                list += (list.empty() ? "" : ", ") + std::to_string(q);
            }
            return list;
        }();
        if (!questions->is_array() || questions->empty()) {
            r.error("questions", "a non-empty list of the lesson's questions (" + listed + ")",
                    detail::foundText(*questions));
            return;
        }
        step.questions.clear();
        ObjectReader qr(*questions, file, at + "/questions", issues);
        for (std::size_t i = 0; i < questions->size(); ++i) {
            const Json& q = (*questions)[i];
            const int n = q.is_number_integer() && q.get<std::int64_t>() >= 1 &&
                                  q.get<std::int64_t>() <= kQuestionCount
                              ? q.get<int>()
                              : 0;
            if (std::find(own.begin(), own.end(), n) == own.end()) {
                qr.error(std::to_string(i), "one of the lesson's questions (" + listed + ")",
                         detail::foundText(q));
            } else if (std::find(step.questions.begin(), step.questions.end(), n) !=
                       step.questions.end()) {
                qr.error(std::to_string(i), "a question not already listed", detail::foundText(q));
            } else {
                step.questions.push_back(n);
            }
        }
        std::sort(step.questions.begin(), step.questions.end());
    }
}

// An inline scenario step: the scenario's keys, read as a scenario file with a lesson made
// from the step's title, questions, look_at and checks.
void readScenarioStep(ObjectReader& r, const Json& json, const std::string& file,
                      const std::string& at, std::size_t n, CourseStep& step,
                      std::vector<Issue>& issues) {
    const Json& scenario = *r.find("scenario");
    if (!scenario.is_object()) {
        r.error("scenario", "an object with a scenario file's keys", detail::foundText(scenario));
        return;
    }
    Json doc = scenario;
    if (doc.contains("lesson")) {
        issues.push_back({Severity::Error, file, at + "/scenario/lesson",
                          "absent: the step's title, questions, look_at and checks make its "
                          "lesson (a shipped lesson is a step {\"lesson\": ID})",
                          detail::foundText(doc["lesson"])});
        return;
    }
    if (!doc.contains("schema_version")) {
        doc["schema_version"] = kScenarioSchemaVersion;  // the course's version governs
    }
    Json lesson = Json::object();
    lesson["id"] = "step-" + std::to_string(n + 1);
    std::string group(groupOf(1));
    for (const char* key : {"title", "look_at", "questions", "checks"}) {
        if (json.contains(key)) {
            lesson[key == std::string("checks") ? "expectations" : key] = json.at(key);
        }
    }
    if (const Json* q = r.find("questions");
        q != nullptr && q->is_array() && !q->empty() && (*q)[0].is_number_integer()) {
        group = groupOf(static_cast<int>(
            std::clamp<std::int64_t>((*q)[0].get<std::int64_t>(), 1, kQuestionCount)));
    }
    lesson["group"] = group;
    doc["lesson"] = lesson;
    Loaded<ScenarioFile> parsed = parseScenarioFile(doc.dump(), file);
    // A lesson's missing key names "/lesson/KEY"; a step's names the step's key.
    for (Issue& issue : parsed.issues) {
        const std::string checks = "/lesson/expectations";
        if (issue.file == file && issue.pointer.starts_with(checks)) {
            for (const auto& [from, to] :
                 {std::pair<std::string, std::string>{"expectations", "checks"},
                  {"an expectation", "a check"}}) {
                if (const auto pos = issue.expected.find(from); pos != std::string::npos) {
                    issue.expected.replace(pos, from.size(), to);
                }
            }
        }
    }
    moveIssues(std::move(parsed.issues), file, at, issues);
    if (parsed.value) {
        step.scenario = std::move(*parsed.value);
        step.questions = step.scenario.lesson->questions;
    }
}

std::optional<CourseStep> readStep(const Json& json, const std::string& file, std::size_t n,
                                   std::vector<Issue>& issues) {
    const std::string at = "/steps/" + std::to_string(n);
    if (!json.is_object()) {
        issues.push_back({Severity::Error, file, at,
                          "a step: an object with \"lesson\" (an id) or \"scenario\"",
                          detail::foundText(json)});
        return std::nullopt;
    }
    ObjectReader r(json, file, at, issues);
    r.warnUnknown({"lesson", "scenario", "title", "questions", "look_at", "checks", "predict",
                   "spot_the_error"});
    const std::size_t before = issues.size();
    CourseStep step;
    const bool lesson = json.contains("lesson");
    const bool scenario = r.find("scenario") != nullptr;
    if (lesson && scenario) {
        r.error("scenario", "absent in a lesson step (a step is a lesson or a scenario)",
                detail::foundText(json.at("scenario")));
    } else if (lesson) {
        readLessonStep(r, file, at, step, issues);
    } else if (scenario) {
        readScenarioStep(r, json, file, at, n, step, issues);
    } else {
        issues.push_back({Severity::Error, file, at,
                          "a step with \"lesson\" (a shipped lesson id) or \"scenario\" (a "
                          "scenario file's keys)",
                          "neither"});
    }
    const Json* predict = r.find("predict");
    const Json* spot = r.find("spot_the_error");
    if (predict != nullptr && spot != nullptr) {
        r.error("spot_the_error", "absent when the step has a prediction (one question a step)",
                detail::foundText(*spot));
    } else if (predict != nullptr && !predict->is_object()) {
        r.error("predict", "an object {ask, path, tolerance or choices, explain}",
                detail::foundText(*predict));
    } else if (predict != nullptr) {
        step.predict = readPrediction(*predict, file, at + "/predict", issues);
    } else if (spot != nullptr && !spot->is_object()) {
        r.error("spot_the_error", "an object {claim, parts, wrong, correction, explain}",
                detail::foundText(*spot));
    } else if (spot != nullptr) {
        step.spot = readSpot(*spot, file, at + "/spot_the_error", issues);
    }
    if (hasErrors(std::vector<Issue>(issues.begin() + static_cast<std::ptrdiff_t>(before),
                                     issues.end()))) {
        return std::nullopt;
    }
    return step;
}

const EmbeddedPreset* findCourse(const std::string& id) {
    for (const EmbeddedPreset& p : embeddedPresets()) {
        if (p.path.size() == kCourseDir.size() + id.size() + kJsonSuffix.size() &&
            p.path.starts_with(kCourseDir) && p.path.substr(kCourseDir.size(), id.size()) == id &&
            p.path.ends_with(kJsonSuffix)) {
            return &p;
        }
    }
    return nullptr;
}

// The JSON Pointer of an object key (RFC 6901 escapes).
std::string pointerKey(const std::string& key) {
    std::string out;
    for (const char c : key) {
        out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
    }
    return out;
}

std::string stepList(const Course& course) {
    std::string list;
    for (std::size_t i = 0; i < course.steps.size(); ++i) {
        if (course.steps[i].predict || course.steps[i].spot) {
            list += (list.empty() ? "" : ", ") + std::to_string(i + 1);
        }
    }
    return list.empty() ? "none" : list;
}

}  // namespace

Loaded<Course> parseCourse(std::string_view jsonText, const std::string& file) {
    Loaded<Course> result;
    const std::optional<Json> json = detail::parseObject(jsonText, file, result.issues);
    if (!json) {
        return result;
    }
    ObjectReader r(*json, file, "", result.issues);
    const auto version = r.schemaVersion(kCourseSchemaVersion);
    if (version && *version > kCourseSchemaVersion) {
        return result;  // a newer file is not read as this one
    }
    r.warnUnknown({"schema_version", "id", "title", "description", "steps"});
    Course course;
    if (const auto id = nonEmptyString(r, "id", true)) {
        if (isId(*id)) {
            course.id = *id;
        } else {
            r.error("id", "an id of lower-case letters, digits and '-'", quoted(*id));
        }
    }
    course.title = nonEmptyString(r, "title", true).value_or("");
    course.description = nonEmptyString(r, "description", false).value_or("");
    if (const Json* steps = r.find("steps"); steps == nullptr) {
        r.error("steps", "a list of steps, each a lesson or a scenario", "missing");
    } else if (!steps->is_array() || steps->empty()) {
        r.error("steps", "a non-empty list of steps, each a lesson or a scenario",
                detail::foundText(*steps));
    } else {
        for (std::size_t i = 0; i < steps->size(); ++i) {
            if (auto step = readStep((*steps)[i], file, i, result.issues)) {
                course.steps.push_back(std::move(*step));
            }
        }
    }
    detail::finish(result, std::move(course), {});
    return result;
}

Loaded<Course> loadCourseFile(const std::string& path) {
    Loaded<Course> loaded = detail::loadWith<Course>(
        path, [&](std::string_view text) { return parseCourse(text, path); });
    if (loaded.value) {
        // An inline scenario's hardware or model file is relative to the course's folder.
        const std::string folder = std::filesystem::path(path).parent_path().string();
        for (CourseStep& step : loaded.value->steps) {
            if (step.lesson.empty()) {
                step.scenario = withPathsFrom(std::move(step.scenario), folder);
            }
        }
    }
    return loaded;
}

std::vector<std::string> courseIds() {
    std::vector<std::string> ids;
    for (const EmbeddedPreset& p : embeddedPresets()) {
        if (p.path.starts_with(kCourseDir) && p.path.ends_with(kJsonSuffix)) {
            std::string_view id = p.path.substr(kCourseDir.size());
            id.remove_suffix(kJsonSuffix.size());
            if (id.find('/') == std::string_view::npos) {
                ids.emplace_back(id);
            }
        }
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::string courseFileName(const std::string& idOrPath) {
    if (const EmbeddedPreset* p = findCourse(idOrPath)) {
        return "presets/" + std::string(p->path);
    }
    return idOrPath;
}

Loaded<Course> builtinCourse(const std::string& id) {
    if (const EmbeddedPreset* p = findCourse(id)) {
        return parseCourse(p->text, "presets/" + std::string(p->path));
    }
    Loaded<Course> result;
    std::string list;
    for (const std::string& known : courseIds()) {
        list += (list.empty() ? "" : ", ") + known;
    }
    result.issues.push_back(
        {Severity::Error, id, "", "a shipped course id (" + list + ")", "no such id"});
    return result;
}

Loaded<Course> resolveCourse(const std::string& idOrPath) {
    if (findCourse(idOrPath) != nullptr) {
        return builtinCourse(idOrPath);
    }
    std::error_code ec;
    if (std::filesystem::exists(idOrPath, ec)) {
        return loadCourseFile(idOrPath);
    }
    Loaded<Course> result = builtinCourse(idOrPath);
    result.issues.back().expected += " or the path of a course file";
    result.issues.back().found = "no such id, and no such file";
    return result;
}

bool CourseRun::allHold() const {
    if (hasErrors(issues)) {
        return false;
    }
    return std::all_of(steps.begin(), steps.end(),
                       [](const StepRun& s) { return s.run.check.allHold(); });
}

namespace {

// The value at JSON Pointer `path` in `doc`, or null when it is not there.
const Json* valueAt(const Json& doc, const std::string& path) {
    try {
        const Json::json_pointer pointer(path);
        if (doc.contains(pointer)) {
            return &doc.at(pointer);
        }
    } catch (const Json::exception&) {
        // an array index that is no number: not in the analysis
    }
    return nullptr;
}

}  // namespace

std::optional<std::string> predictionAnswer(const Prediction& prediction,
                                            const std::string& analysisJson) {
    const Json doc = Json::parse(analysisJson, nullptr, false);
    const Json* value = valueAt(doc, prediction.path);
    const bool fits = value != nullptr &&
                      (prediction.kind == Prediction::Kind::Number
                           ? value->is_number()
                           : value->is_string() &&
                                 std::find(prediction.choices.begin(), prediction.choices.end(),
                                           value->get<std::string>()) != prediction.choices.end());
    if (!fits) {
        return std::nullopt;
    }
    return value->dump();
}

namespace {

// Every step run; runCourse drops the notices.
CourseRun runSteps(const Course& course, const std::string& file) {
    CourseRun out;
    for (std::size_t i = 0; i < course.steps.size(); ++i) {
        const CourseStep& step = course.steps[i];
        const std::string at = "/steps/" + std::to_string(i);
        StepRun s;
        if (step.lesson.empty()) {
            s.run = runLesson(step.scenario, file);
            moveIssues(s.run.scenarios.issues, file, at, out.issues);
            moveIssues(s.run.check.issues, file, at, out.issues);
        } else {
            const std::string lessonFile = scenarioFileName(step.lesson);
            s.run = runLesson(step.scenario, lessonFile);
            out.issues.insert(out.issues.end(), s.run.scenarios.issues.begin(),
                              s.run.scenarios.issues.end());
            out.issues.insert(out.issues.end(), s.run.check.issues.begin(),
                              s.run.check.issues.end());
        }
        if (step.predict && s.run.scenarios.ok()) {
            const Prediction& p = *step.predict;
            if (std::optional<std::string> answer = predictionAnswer(p, s.run.currentJson)) {
                s.answer = std::move(*answer);
            } else {
                const Json doc = Json::parse(s.run.currentJson, nullptr, false);
                const Json* value = valueAt(doc, p.path);
                const bool number = p.kind == Prediction::Kind::Number;
                out.issues.push_back(
                    {Severity::Error, file, at + "/predict/path",
                     number ? std::string("a path to a number in the step's analysis JSON")
                            : "a path to a string in the step's analysis JSON that is one of "
                              "the choices",
                     quoted(p.path) + (value == nullptr
                                           ? std::string(", which is not in it")
                                           : ", which holds " + detail::foundText(*value))});
            }
        }
        out.steps.push_back(std::move(s));
    }
    return out;
}

}  // namespace

CourseRun runCourse(const Course& course, const std::string& file) {
    CourseRun out = runSteps(course, file);
    // A preset's notices (how a checkpoint is stored) say facts about a model, once per step
    // that loads it: not the course's issues.
    std::erase_if(out.issues, [](const Issue& i) { return i.severity == Severity::Notice; });
    return out;
}

Loaded<Answers> parseAnswers(std::string_view jsonText, const std::string& file,
                             const Course& course) {
    Loaded<Answers> result;
    const std::optional<Json> json = detail::parseObject(jsonText, file, result.issues);
    if (!json) {
        return result;
    }
    ObjectReader r(*json, file, "", result.issues);
    r.warnUnknown({"schema_version", "course", "answers"});
    if (r.has("schema_version")) {
        const auto version = r.schemaVersion(kAnswersSchemaVersion);
        if (version && *version > kAnswersSchemaVersion) {
            return result;
        }
    }
    Answers answers;
    if (const auto id = r.string("course", false)) {
        if (*id != course.id) {
            r.error("course", "the course being graded, " + quoted(course.id), quoted(*id));
        }
        answers.course = *id;
    }
    const Json* list = r.find("answers");
    if (list == nullptr || !list->is_object()) {
        r.error("answers", "an object of step number → answer ({\"3\": 42, \"5\": \"memory\"})",
                list == nullptr ? std::string("missing") : detail::foundText(*list));
    } else {
        for (const auto& [key, value] : list->items()) {
            const std::string at = "/answers/" + pointerKey(key);
            std::size_t n = 0;
            const bool digits = !key.empty() && key.size() < 6 &&
                                key.find_first_not_of("0123456789") == std::string::npos;
            if (digits) {
                n = std::stoul(key);
            }
            const CourseStep* step =
                n >= 1 && n <= course.steps.size() ? &course.steps[n - 1] : nullptr;
            if (step == nullptr || (!step->predict && !step->spot)) {
                result.issues.push_back(
                    {Severity::Error, file, at,
                     "the number of a step that asks a question (" + stepList(course) + ")",
                     quoted(key)});
                continue;
            }
            if (step->spot) {
                const std::int64_t parts = static_cast<std::int64_t>(step->spot->parts.size());
                const bool part = value.is_number_integer() && value.get<std::int64_t>() >= 1 &&
                                  value.get<std::int64_t>() <= parts;
                if (part) {
                    answers.byStep[static_cast<int>(n)] = value.get<double>();
                } else {
                    result.issues.push_back(
                        {Severity::Error, file, at,
                         "the number of the wrong part, from 1 to " + std::to_string(parts),
                         detail::foundText(value)});
                }
            } else if (step->predict->kind == Prediction::Kind::Number) {
                if (value.is_number() && std::isfinite(value.get<double>())) {
                    answers.byStep[static_cast<int>(n)] = value.get<double>();
                } else {
                    result.issues.push_back(
                        {Severity::Error, file, at,
                         "a number (the prediction of " + step->predict->path + ")",
                         detail::foundText(value)});
                }
            } else {
                const std::vector<std::string>& choices = step->predict->choices;
                if (value.is_string() && std::find(choices.begin(), choices.end(),
                                                   value.get<std::string>()) != choices.end()) {
                    answers.byStep[static_cast<int>(n)] = value.get<std::string>();
                } else {
                    std::string names;
                    for (const std::string& c : choices) {
                        names += (names.empty() ? "" : ", ") + quoted(c);
                    }
                    result.issues.push_back(
                        {Severity::Error, file, at, "one of " + names, detail::foundText(value)});
                }
            }
        }
    }
    detail::finish(result, std::move(answers), {});
    return result;
}

Loaded<Answers> loadAnswersFile(const std::string& path, const Course& course) {
    return detail::loadWith<Answers>(
        path, [&](std::string_view text) { return parseAnswers(text, path, course); });
}

Grade gradeStep(const CourseStep& step, int n, const std::string& engineAnswer,
                const Answer* answer) {
    Grade g;
    g.step = n;
    g.answered = answer != nullptr;
    if (step.spot) {
        const SpotTheError& s = *step.spot;
        g.kind = "spot the error";
        g.ask = s.claim;
        g.engine = std::to_string(s.wrong);
        if (g.answered) {
            const double part = std::get<double>(*answer);
            g.answer = integerText(static_cast<long long>(part));
            g.pass = part == s.wrong;
        }
        g.explanation = "Part " + std::to_string(s.wrong) + " is wrong (\"" +
                        s.parts[static_cast<std::size_t>(s.wrong - 1)] + "\"); the right part: \"" +
                        s.correction + "\". " + s.explain;
        return g;
    }
    if (!step.predict) {
        return g;
    }
    const Prediction& p = *step.predict;
    g.ask = p.ask;
    g.explanation = p.explain;
    g.engine = engineAnswer;
    const Json engine = g.engine.empty() ? Json() : Json::parse(g.engine, nullptr, false);
    if (p.kind == Prediction::Kind::Number) {
        g.kind = "number";
        g.tolerance = p.tolerance;
        if (g.answered && engine.is_number()) {
            const double s = std::get<double>(*answer);
            const double e = engine.get<double>();
            g.answer = Json(s).dump();
            g.relativeError = e != 0.0   ? std::abs(s - e) / std::abs(e)
                              : s == 0.0 ? 0.0
                                         : std::numeric_limits<double>::infinity();
            // A hair over the tolerance for the rounding of a typed answer.
            g.pass = *g.relativeError <= p.tolerance * (1.0 + 1e-9);
        } else if (g.answered) {
            g.answer = Json(std::get<double>(*answer)).dump();
        }
    } else {
        g.kind = "choice";
        if (g.answered) {
            const std::string& s = std::get<std::string>(*answer);
            g.answer = quoted(s);
            g.pass = engine.is_string() && engine.get<std::string>() == s;
        }
    }
    return g;
}

std::vector<Grade> gradeCourse(const Course& course, const CourseRun& run, const Answers& answers) {
    std::vector<Grade> grades;
    for (std::size_t i = 0; i < course.steps.size(); ++i) {
        const CourseStep& step = course.steps[i];
        if (!step.predict && !step.spot) {
            continue;
        }
        const int n = static_cast<int>(i + 1);
        const auto answer = answers.byStep.find(n);
        grades.push_back(gradeStep(step, n, i < run.steps.size() ? run.steps[i].answer : "",
                                   answer == answers.byStep.end() ? nullptr : &answer->second));
    }
    return grades;
}

std::string courseToJson(const Course& course, const CourseRun& run) {
    Json j = Json::object();
    j["id"] = course.id;
    j["title"] = course.title;
    j["description"] = course.description.empty() ? Json(nullptr) : Json(course.description);
    Json steps = Json::array();
    for (std::size_t i = 0; i < course.steps.size(); ++i) {
        const CourseStep& step = course.steps[i];
        Json s = Json::object();
        s["n"] = i + 1;
        s["title"] = step.lessonOf().title;
        if (step.lesson.empty()) {
            ScenarioFile own = step.scenario;
            own.lesson.reset();
            s["scenario"] = Json::parse(toJson(own));
        } else {
            s["lesson"] = step.lesson;
        }
        s["questions"] = step.questions;
        s["look_at"] = step.lessonOf().lookAt;
        s["checks_hold"] = i < run.steps.size() && run.steps[i].run.check.allHold();
        if (step.predict) {
            const Prediction& p = *step.predict;
            Json pj = {{"ask", p.ask}, {"path", p.path}};
            if (p.kind == Prediction::Kind::Number) {
                pj["tolerance"] = p.tolerance;
            } else {
                pj["choices"] = p.choices;
            }
            s["predict"] = pj;
        } else {
            s["predict"] = nullptr;
        }
        s["spot_the_error"] = step.spot
                                  ? Json{{"claim", step.spot->claim}, {"parts", step.spot->parts}}
                                  : Json(nullptr);
        steps.push_back(s);
    }
    j["steps"] = steps;
    return j.dump(2) + "\n";
}

std::string gradesToJson(const Course& course, const std::vector<Grade>& grades) {
    Json j = Json::object();
    j["course"] = course.id;
    const auto count = [&](auto pred) { return std::count_if(grades.begin(), grades.end(), pred); };
    j["questions"] = grades.size();
    j["answered"] = count([](const Grade& g) { return g.answered; });
    j["passed"] = count([](const Grade& g) { return g.pass; });
    Json list = Json::array();
    const auto parsed = [](const std::string& t) {
        return t.empty() ? Json(nullptr) : Json::parse(t, nullptr, false);
    };
    for (const Grade& g : grades) {
        Json x = Json::object();
        x["n"] = g.step;
        x["kind"] = g.kind;
        x["ask"] = g.ask;
        x["answered"] = g.answered;
        x["answer"] = parsed(g.answer);
        x["engine"] = parsed(g.engine);
        x["relative_error"] = g.relativeError && std::isfinite(*g.relativeError)
                                  ? Json(*g.relativeError)
                                  : Json(nullptr);
        x["tolerance"] = g.kind == "number" ? Json(g.tolerance) : Json(nullptr);
        x["pass"] = g.pass;
        x["explanation"] = g.explanation;
        list.push_back(x);
    }
    j["grades"] = list;
    return j.dump(2) + "\n";
}

}  // namespace roofline::io
