// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file course.h
/// Courses (presets/courses/*.json, docs/teaching.md "Courses"): an ordered list of steps that
/// walks the question bank (../shared/QUESTIONS.md). A step is a shipped lesson (by id) or an
/// inline scenario (the keys of a scenario file) with its own title, look-at text and checks
/// (a lesson's expectations). A step may ask one question before it reveals the picture:
///
/// - a prediction, `{ask, path, tolerance, explain}` for a number or `{ask, path, choices,
///   explain}` for a choice: `path` is a JSON Pointer (RFC 6901) into the step's analysis as
///   `roofline-cli analyze --format json` writes it (docs/calibration.md "JSON output"), of the
///   current scenario (a lever applied; never the baseline); the answer is the engine's value
///   there;
/// - a spot-the-error, `{claim, parts, wrong, correction, explain}`: a claim split into
///   parts, `wrong` the number (from 1) of the part that is wrong, `correction` the right
///   part; the step's own scenario and checks refute it, live.
///
/// A student's answers are graded against the live engine (gradeCourse): a number within
/// the relative tolerance, a choice equal to the engine's string, a spot-the-error part
/// equal to `wrong`.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "roofline/io/lessons.h"
#include "roofline/io/presets.h"
#include "roofline/io/scenario_file.h"

namespace roofline::io {

/// Version 1: schema_version, id, title, description, steps.
inline constexpr int kCourseSchemaVersion = 1;
/// Version 1: schema_version (optional), course (optional), answers.
inline constexpr int kAnswersSchemaVersion = 1;
/// The widest relative tolerance a numeric prediction may allow (±100 %).
inline constexpr double kMaxTolerance = 1.0;

/// A question asked before the step reveals its picture.
struct Prediction {
    enum class Kind : unsigned char { Number, Choice };
    Kind kind = Kind::Number;
    std::string ask;     ///< The question, with the unit the answer is in (SI, as the JSON).
    std::string path;    ///< A JSON Pointer into the step's analysis JSON.
    double tolerance{};  ///< Number: the relative error that still passes, in (0, 1].
    std::vector<std::string> choices;  ///< Choice: at least two, distinct.
    std::string explain;  ///< Why the answer is what it is; states no number (it is live).

    bool operator==(const Prediction&) const = default;
};

/// A claim from the question bank split into parts; one of them is wrong.
struct SpotTheError {
    std::string claim;
    std::vector<std::string> parts;  ///< At least two.
    int wrong = 0;                   ///< The wrong part's number, 1..parts.size().
    std::string correction;          ///< What the wrong part should say.
    std::string explain;             ///< How the step's scenario refutes it.

    bool operator==(const SpotTheError&) const = default;
};

struct CourseStep {
    /// A lesson step: the shipped lesson's id; its scenario file is `scenario`. Empty for an
    /// inline scenario step.
    std::string lesson;
    /// The scenario the step shows, with a Lesson that holds the step's title, questions,
    /// look-at text and checks (a lesson step: the lesson's own file; an inline step: its
    /// keys, and a lesson made from the step's title, questions, look_at and checks).
    ScenarioFile scenario;
    /// The questions the step answers (a lesson step may name a subset of its lesson's).
    std::vector<int> questions;
    std::optional<Prediction> predict;
    std::optional<SpotTheError> spot;

    const Lesson& lessonOf() const { return *scenario.lesson; }
    bool operator==(const CourseStep&) const = default;
};

struct Course {
    std::string id;
    std::string title;
    std::string description;  ///< Optional.
    std::vector<CourseStep> steps;

    bool operator==(const Course&) const = default;
};

/// Parses a course file (`file` names it in the issues). Lesson ids resolve against the
/// shipped lessons; inline scenarios are read as scenario files are (their issues point
/// under /steps/N/scenario, their checks' under /steps/N/checks).
Loaded<Course> parseCourse(std::string_view jsonText, const std::string& file);
/// Reads (size-limited) and parses a course file.
Loaded<Course> loadCourseFile(const std::string& path);

/// Ids of the shipped courses (file stems under presets/courses/), sorted.
std::vector<std::string> courseIds();
/// A shipped course by id; its file is "presets/courses/ID.json".
Loaded<Course> builtinCourse(const std::string& id);
/// A shipped course id, or else a course file on disk; the error for neither lists the ids.
Loaded<Course> resolveCourse(const std::string& idOrPath);
/// "presets/courses/ID.json" for a shipped id, else `idOrPath` itself.
std::string courseFileName(const std::string& idOrPath);

/// One step checked against the engine.
struct StepRun {
    LessonRun run;  ///< The scenario analysed and its checks evaluated.
    /// The engine's answer to the step's prediction as JSON text ("\"memory\"", "295.3");
    /// empty when the step predicts nothing or the path did not resolve (an issue).
    std::string answer;
};

struct CourseRun {
    std::vector<StepRun> steps;  ///< One per step, in order.
    /// Steps whose scenario does not resolve, checks that cannot be evaluated, predictions
    /// whose path is not in the analysis or holds the wrong type (a choice not among the
    /// choices): errors naming the file and /steps/N-1/...
    std::vector<Issue> issues;
    /// Every check of every step holds, and every prediction resolved.
    bool allHold() const;
};

/// Runs every step: resolves and analyses its scenario, checks its checks, reads the
/// answer to its prediction.
CourseRun runCourse(const Course& course, const std::string& file);

/// The engine's answer to `prediction` in `analysisJson` (analysisToJson of the scenario it
/// asks about) as JSON text, as StepRun::answer holds it; nullopt when the path is not in the
/// analysis or holds the wrong type (a choice not among the choices). The window reads the
/// live analysis with it; runCourse the step's.
std::optional<std::string> predictionAnswer(const Prediction& prediction,
                                            const std::string& analysisJson);

/// A student's answer: a number, a choice, or a part number (spot the error).
using Answer = std::variant<double, std::string>;

/// An answers file: {"schema_version": 1 (optional), "course": ID (optional),
/// "answers": {"STEP": value, ...}}, steps numbered from 1 as `course` prints them; a value
/// is a number (a numeric prediction, or the part number of a spot-the-error) or a string
/// (one of a choice's choices). Checked against `course`: a step that does not exist or asks
/// nothing, a value of the wrong type, a choice not offered, a part number out of range and
/// another course's id are errors naming the answers file and the pointer (/answers/3).
struct Answers {
    std::string course;  ///< Empty when the file does not say.
    std::map<int, Answer> byStep;
};
Loaded<Answers> parseAnswers(std::string_view jsonText, const std::string& file,
                             const Course& course);
Loaded<Answers> loadAnswersFile(const std::string& path, const Course& course);

/// One step's question graded.
struct Grade {
    int step = 0;      ///< From 1.
    std::string kind;  ///< "number", "choice" or "spot the error".
    std::string ask;   ///< The prediction's question, or the claim.
    bool answered = false;
    std::string answer;  ///< The student's value as JSON text; empty when unanswered.
    std::string engine;  ///< The engine's value as JSON text (spot: the wrong part's number).
    /// Number: |answer − engine| / |engine| (nullopt when unanswered; 0 or infinity where the
    /// engine's value is 0).
    std::optional<double> relativeError;
    double tolerance = 0.0;  ///< Number only.
    bool pass = false;
    std::string explanation;  ///< The step's explain sentence (spot: the correction first).
};

/// Grades `answers` against `run` (runCourse of `course`): one Grade per step that asks a
/// question, in order; an unanswered one does not pass.
std::vector<Grade> gradeCourse(const Course& course, const CourseRun& run, const Answers& answers);
/// gradeCourse's grade of one step that asks a question (`step`, numbered `n` from 1):
/// `engine` its engine answer (StepRun::answer; predictionAnswer), `answer` the student's or
/// null when unanswered. The window grades a step with it as the CLI grades a course.
Grade gradeStep(const CourseStep& step, int n, const std::string& engine, const Answer* answer);

/// `roofline-cli course --format json`: {id, title, description, steps: [{n, title, lesson |
/// scenario, questions, look_at, checks_hold, predict: {ask, path, tolerance | choices} or
/// null, spot_the_error: {claim, parts} or null}]}: the questions without their answers.
std::string courseToJson(const Course& course, const CourseRun& run);
/// `roofline-cli course --answers FILE --format json`: {course, answered, passed, questions,
/// grades: [{n, kind, ask, answered, answer, engine, relative_error, tolerance, pass,
/// explanation}]}.
std::string gradesToJson(const Course& course, const std::vector<Grade>& grades);

}  // namespace roofline::io
