// SPDX-License-Identifier: GPL-3.0-or-later
// `analyze --scenario ID|FILE` (a lesson or saved scenario, with its lever and baseline) and
// `list scenarios`.

#include "cli.h"
#include "cli_internal.h"
#include "roofline/io/lessons.h"

namespace roofline::cli {

std::string questionList(const std::vector<int>& questions) {
    std::string out;
    for (const int q : questions) {
        out += (out.empty() ? "Q" : ", Q") + std::to_string(q);
    }
    return out;
}

std::string wrapped(const std::string& text, std::size_t width, const std::string& indent) {
    std::string out;
    std::string line;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find(' ', start);
        if (end == std::string::npos) {
            end = text.size();
        }
        const std::string word = text.substr(start, end - start);
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            out += indent + line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
        start = end + 1;
    }
    if (!line.empty()) {
        out += indent + line + "\n";
    }
    return out;
}

namespace {

void printLessonTable(std::ostream& out, const io::Lesson& lesson, const io::LessonCheck& check) {
    out << "\nLesson: " << lesson.title << " (" << questionList(lesson.questions) << ")\n";
    out << "  " << lesson.id << ", " << io::toString(lesson.group) << "\n\n";
    out << wrapped(lesson.lookAt, 88, "  ") << '\n';
    std::size_t holding = 0;
    for (std::size_t i = 0; i < lesson.expectations.size(); ++i) {
        const io::Expectation& e = lesson.expectations[i];
        const io::ExpectationResult& r = check.results[i];
        holding += r.evaluated && r.holds ? 1 : 0;
        const char* mark = !r.evaluated ? "?" : r.holds ? "✓" : "✗";
        out << "  " << mark << ' ' << (e.claim.empty() ? io::describe(e) : e.claim) << '\n';
        out << "      " << io::describe(e) << "; actual "
            << (r.evaluated ? io::actualText(e, r) : "not evaluated (see the error)") << '\n';
    }
    out << "  " << holding << " of " << lesson.expectations.size() << " expectations hold.\n";
}

}  // namespace

int runAnalyzeScenario(const std::string& ref, const std::string& format, const CommandLine& line,
                       std::ostream& out, std::ostream& err) {
    const io::Loaded<io::ScenarioFile> loaded = io::resolveScenarioFile(ref);
    printIssues(err, loaded.issues);
    if (!loaded.ok()) {
        return kExitInvalid;
    }
    io::ScenarioFile file = *loaded.value;
    std::int64_t gqaRatio = 0;
    if (const std::string error = applyScenarioValues(line, file, gqaRatio); !error.empty()) {
        return usageError(err, error);
    }
    const io::LessonRun run = io::runLesson(file, io::scenarioFileName(ref), gqaRatio);
    printIssues(err, run.scenarios.issues);
    if (!run.scenarios.ok()) {
        return kExitInvalid;
    }
    const Scenario& scenario = run.scenarios.current.scenario;
    if (format == "json") {
        out << io::analysisWithLessonToJson(run.currentJson, file, run.check);
    } else if (format == "csv") {
        out << csvHeader() << '\n' << csvRow(scenario, run.current) << '\n';
    } else {
        printTable(out, scenario, run.current);
        if (file.lesson) {
            printLessonTable(out, *file.lesson, run.check);
        }
    }
    // An expectation that does not hold is information (exit 0); one that cannot be
    // evaluated (a path that does not exist) is a broken lesson file.
    printIssues(err, run.check.issues);
    return hasErrors(run.check.issues) ? kExitInvalid : kExitOk;
}

std::string validateLesson(const io::ScenarioFile& file, const std::string& path,
                           std::vector<Issue>& issues) {
    const io::LessonRun run = io::runLesson(file, path);
    issues.insert(issues.end(), run.scenarios.issues.begin(), run.scenarios.issues.end());
    issues.insert(issues.end(), run.check.issues.begin(), run.check.issues.end());
    std::string summary = "scenario (" + file.hardware + ", " + file.model + ")";
    if (file.lever) {
        summary += " with lever " + std::string(leverKey(*file.lever));
    }
    if (file.lesson && run.scenarios.ok()) {
        std::size_t holding = 0;
        for (const io::ExpectationResult& r : run.check.results) {
            holding += r.evaluated && r.holds ? 1 : 0;
        }
        summary = "lesson '" + file.lesson->id + "', " + summary + ": " + std::to_string(holding) +
                  " of " + std::to_string(file.lesson->expectations.size()) + " expectations hold";
    }
    return summary;
}

int runListScenarios(std::ostream& out, std::ostream& err) {
    for (const std::string& id : io::scenarioIds()) {
        const io::Loaded<io::ScenarioFile> file = io::builtinScenario(id);
        if (!file.ok()) {
            printIssues(err, file.issues);
            return kExitInvalid;
        }
        out << id;
        if (const auto& lesson = file.value->lesson) {
            out << '\t' << lesson->title << '\t' << questionList(lesson->questions) << '\t'
                << io::toString(lesson->group);
        } else {
            out << '\t' << file.value->model << " on " << file.value->hardware;
        }
        out << '\n';
    }
    return kExitOk;
}

}  // namespace roofline::cli
