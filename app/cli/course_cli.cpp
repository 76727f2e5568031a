// SPDX-License-Identifier: GPL-3.0-or-later
// `course ID|FILE` (a course's steps and their questions, or a student's answers graded
// against the engine), `list courses` and `validate` of a course file.

#include <algorithm>
#include <array>
#include <cmath>

#include "cli.h"
#include "cli_internal.h"
#include "roofline/format.h"
#include "roofline/io/course.h"
#include "roofline/parse.h"

namespace roofline::cli {

namespace {

struct CourseOptions {
    std::optional<std::string> course;
    std::optional<std::string> format;
    std::optional<std::string> answers;
};

constexpr std::array<OptionRow<CourseOptions>, 3> kCourseOptions = {{
    {"COURSE", "ID|FILE", "a shipped course (list courses) or a course file",
     &CourseOptions::course, true},
    {"--format", "table|json", "table (the default) or json", &CourseOptions::format},
    {"--answers", "FILE",
     "grade a student's answers file ({\"answers\": {\"3\": 42,\n"
     "\"5\": \"memory\"}}: step number -> number, choice or the\n"
     "wrong part's number) against the engine; exit 0 when graded",
     &CourseOptions::answers},
}};

std::string predictionLine(const io::Prediction& p) {
    if (p.kind == io::Prediction::Kind::Number) {
        return p.ask + " (a number, ±" + formatProseNumber(p.tolerance * 100.0) + " %)";
    }
    std::string choices;
    for (const std::string& c : p.choices) {
        choices += (choices.empty() ? "" : " | ") + c;
    }
    return p.ask + " (" + choices + ")";
}

void printCourse(std::ostream& out, const io::Course& course, const io::CourseRun& run) {
    out << "Course: " << course.title << " (" << course.id << "), " << course.steps.size()
        << " steps\n";
    if (!course.description.empty()) {
        out << '\n' << wrapped(course.description, 88, "  ");
    }
    for (std::size_t i = 0; i < course.steps.size(); ++i) {
        const io::CourseStep& step = course.steps[i];
        const io::LessonCheck& check = run.steps[i].run.check;
        std::size_t holding = 0;
        for (const io::ExpectationResult& r : check.results) {
            holding += r.evaluated && r.holds ? 1U : 0U;
        }
        const std::string number = std::to_string(i + 1) + ".";
        out << '\n'
            << pad(number, 4) << step.lessonOf().title << " (" << questionList(step.questions)
            << ")\n";
        if (step.lesson.empty()) {
            out << "    scenario: " << step.scenario.model << " on " << step.scenario.hardware
                << ", batch " << step.scenario.workload.batch << '\n';
        } else {
            out << "    lesson: " << step.lesson << '\n';
        }
        if (step.predict) {
            out << wrapped("Predict: " + predictionLine(*step.predict), 84, "    ");
        }
        if (step.spot) {
            out << wrapped("Spot the error: \"" + step.spot->claim + "\"", 84, "    ");
            for (std::size_t p = 0; p < step.spot->parts.size(); ++p) {
                out << wrapped(std::to_string(p + 1) + ") " + step.spot->parts[p], 80, "      ");
            }
        }
        out << "    checks: " << holding << " of " << step.lessonOf().expectations.size()
            << " hold\n";
    }
}

// A JSON value's text for people: a string as is, a number through formatNumber.
std::string valueText(const std::string& json) {
    if (json.empty()) {
        return "-";
    }
    if (json.front() == '"') {
        return json.substr(1, json.size() - 2);
    }
    const std::optional<double> v = parseNumber(json);
    if (!v) {
        return json;
    }
    if (std::abs(*v) >= 1e6) {
        return generalText(*v, 4);  // "9.314e+10": a byte count stays one short word
    }
    return *v == std::floor(*v) ? formatInteger(static_cast<long long>(*v)) : formatNumber(*v, 4);
}

void printGrades(std::ostream& out, const io::Course& course,
                 const std::vector<io::Grade>& grades) {
    std::size_t answered = 0;
    std::size_t passed = 0;
    for (const io::Grade& g : grades) {
        answered += g.answered ? 1U : 0U;
        passed += g.pass ? 1U : 0U;
    }
    out << "Course: " << course.title << " (" << course.id << ")\n"
        << passed << " of " << grades.size() << " questions right (" << answered
        << " answered)\n\n";
    out << pad("step", 6) << pad("kind", 16) << pad("your answer", 14) << pad("engine", 14)
        << pad("error", 10) << pad("within", 9) << "result\n";
    for (const io::Grade& g : grades) {
        std::string error = "-";
        std::string within = "-";
        if (g.kind == "number") {
            within = "±" + formatProseNumber(g.tolerance * 100.0) + " %";
            if (g.relativeError) {
                error = std::isfinite(*g.relativeError)
                            ? formatNumber(*g.relativeError * 100.0) + " %"
                            : std::string("infinite");
            }
        }
        out << pad(std::to_string(g.step), 6) << pad(g.kind, 16)
            << pad(g.answered ? valueText(g.answer) : "(none)", 14) << pad(valueText(g.engine), 14)
            << pad(error, 10) << pad(within, 9)
            << (!g.answered ? "unanswered"
                : g.pass    ? "pass"
                            : "fail")
            << '\n';
        out << wrapped(g.ask, 82, "      ");
        out << wrapped(g.explanation, 82, "      ") << '\n';
    }
}

int runCourseCommand(const CommandLine& line, std::ostream& out, std::ostream& err) {
    const CourseOptions options = ownOptions<CourseOptions>(kCourseOptions, line);
    if (!options.course) {
        return usageError(err, "course expects a course id or file (list courses)");
    }
    const std::string format = options.format.value_or("table");
    if (format != "table" && format != "json") {
        return usageError(err, "--format expects table or json, got '" + format + "'");
    }
    const io::Loaded<io::Course> course = io::resolveCourse(*options.course);
    printIssues(err, course.issues);
    if (!course.ok()) {
        return kExitInvalid;
    }
    std::optional<io::Answers> answers;
    if (options.answers) {
        const io::Loaded<io::Answers> loaded = io::loadAnswersFile(*options.answers, *course.value);
        printIssues(err, loaded.issues);
        if (!loaded.ok()) {
            return kExitInvalid;
        }
        answers = *loaded.value;
    }
    const io::CourseRun run = io::runCourse(*course.value, io::courseFileName(*options.course));
    if (answers) {
        const std::vector<io::Grade> grades = io::gradeCourse(*course.value, run, *answers);
        if (format == "json") {
            out << io::gradesToJson(*course.value, grades);
        } else {
            printGrades(out, *course.value, grades);
        }
    } else if (format == "json") {
        out << io::courseToJson(*course.value, run);
    } else {
        printCourse(out, *course.value, run);
    }
    // A check that does not hold is shown; one that cannot be evaluated, or a prediction
    // whose answer is not in the analysis, is a broken course.
    printIssues(err, run.issues);
    return hasErrors(run.issues) ? kExitInvalid : kExitOk;
}

}  // namespace

CommandSpec courseCommand() {
    return {"course",
            "a course: steps of lessons and scenarios that walk the\n"
            "question bank, with predictions to make and claims to\n"
            "correct; --answers grades a student's answers",
            false, optionSpecs<CourseOptions>(kCourseOptions), &runCourseCommand};
}

int runListCourses(std::ostream& out, std::ostream& err) {
    for (const std::string& id : io::courseIds()) {
        const io::Loaded<io::Course> course = io::builtinCourse(id);
        if (!course.ok()) {
            printIssues(err, course.issues);
            return kExitInvalid;
        }
        std::vector<int> questions;
        std::size_t asks = 0;
        for (const io::CourseStep& step : course.value->steps) {
            questions.insert(questions.end(), step.questions.begin(), step.questions.end());
            asks += step.predict || step.spot ? 1U : 0U;
        }
        std::sort(questions.begin(), questions.end());
        questions.erase(std::unique(questions.begin(), questions.end()), questions.end());
        out << id << '\t' << course.value->title << '\t' << course.value->steps.size() << " steps, "
            << asks << " questions to answer\t" << questionList(questions) << '\n';
    }
    return kExitOk;
}

std::string validateCourse(const std::string& path, std::vector<Issue>& issues) {
    const io::Loaded<io::Course> course = io::loadCourseFile(path);
    issues.insert(issues.end(), course.issues.begin(), course.issues.end());
    if (!course.ok()) {
        return {};
    }
    const io::CourseRun run = io::runCourse(*course.value, path);
    issues.insert(issues.end(), run.issues.begin(), run.issues.end());
    std::size_t checks = 0;
    std::size_t holding = 0;
    for (const io::StepRun& s : run.steps) {
        for (const io::ExpectationResult& r : s.run.check.results) {
            ++checks;
            holding += r.evaluated && r.holds ? 1U : 0U;
        }
    }
    const std::size_t steps = course.value->steps.size();
    return "course '" + course.value->id + "' (" + std::to_string(steps) +
           (steps == 1 ? " step" : " steps") + "): " + std::to_string(holding) + " of " +
           std::to_string(checks) + " checks hold";
}

}  // namespace roofline::cli
