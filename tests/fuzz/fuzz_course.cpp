// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: course file parser. Whatever it rejects says where and why; a course it
// accepts whose inline scenarios name only shipped ids runs against the engine (its issues
// well formed, one run per step), lists as JSON, and grades the engine's own answers as
// right and an answers file made of the same bytes without a crash.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "fuzz_common.h"
#include "roofline/io/course.h"

namespace {

bool shipped(const std::vector<std::string>& ids, const std::string& id) {
    return std::find(ids.begin(), ids.end(), id) != ids.end();
}

// Only shipped ids: a fuzzed path must not make the target read arbitrary files.
bool onlyShippedIds(const roofline::io::Course& course) {
    using namespace roofline;
    const std::vector<std::string> hw = io::hardwareIds();
    const std::vector<std::string> models = io::modelIds();
    const auto ok = [&](const io::ScenarioFile& s) {
        return shipped(hw, s.hardware) && shipped(models, s.model) &&
               (s.workload.draftKind != DraftKind::Model || shipped(models, s.draftModel)) &&
               s.calibration.empty();
    };
    return std::all_of(course.steps.begin(), course.steps.end(), [&](const io::CourseStep& s) {
        return !s.lesson.empty() ||
               (ok(s.scenario) && (!s.scenario.baseline || ok(*s.scenario.baseline)));
    });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofline;
    using nlohmann::json;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const io::Loaded<io::Course> course = io::parseCourse(text, "course.json");
    fuzz::checkIssues(course.issues);
    // The same bytes as an answers file for the shipped course: never a crash.
    {
        static const io::Course shippedCourse = *io::builtinCourse("roofline-of-llm-serving").value;
        const io::Loaded<io::Answers> answers =
            io::parseAnswers(text, "answers.json", shippedCourse);
        fuzz::checkIssues(answers.issues);
    }
    if (!course.ok()) {
        fuzz::check(hasErrors(course.issues));
        return 0;
    }
    const io::Course& c = *course.value;
    fuzz::check(!c.steps.empty());
    if (!onlyShippedIds(c) || c.steps.size() > 64) {
        return 0;
    }
    const io::CourseRun run = io::runCourse(c, "course.json");
    fuzz::checkIssues(run.issues);
    fuzz::check(run.steps.size() == c.steps.size());
    const json listed = json::parse(io::courseToJson(c, run), nullptr, false);
    fuzz::check(listed.is_object() && listed["steps"].size() == c.steps.size());
    // The engine's own answers pass wherever the answer resolved.
    json answers = json::object();
    for (std::size_t i = 0; i < c.steps.size(); ++i) {
        const io::CourseStep& s = c.steps[i];
        if (s.spot) {
            answers[std::to_string(i + 1)] = s.spot->wrong;
        } else if (s.predict && !run.steps[i].answer.empty()) {
            answers[std::to_string(i + 1)] = json::parse(run.steps[i].answer);
        }
    }
    const io::Loaded<io::Answers> parsed =
        io::parseAnswers(json{{"answers", answers}}.dump(), "answers.json", c);
    fuzz::checkIssues(parsed.issues);
    fuzz::check(parsed.ok());
    for (const io::Grade& g : io::gradeCourse(c, run, *parsed.value)) {
        fuzz::check(!g.answered || g.pass);
    }
    return 0;
}
