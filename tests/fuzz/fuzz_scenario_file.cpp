// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: scenario file parser; accepted files round-trip through toJson, and
// resolve to a scenario that analyses to finite numbers.
#include <algorithm>
#include <cstdint>
#include <string_view>

#include "fuzz_common.h"
#include "roofline/io/lessons.h"
#include "roofline/io/scenario_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofline;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const io::Loaded<io::ScenarioFile> file = io::parseScenarioFile(text, "scenario.json");
    fuzz::checkIssues(file.issues);
    if (!file.ok()) {
        fuzz::check(hasErrors(file.issues));
        return 0;
    }
    const io::Loaded<io::ScenarioFile> again =
        io::parseScenarioFile(io::toJson(*file.value), "again.json");
    fuzz::check(again.ok() && *again.value == *file.value);
    // Only shipped ids: a fuzzed path must not make the target read arbitrary files.
    const std::vector<std::string> hw = io::hardwareIds();
    const std::vector<std::string> models = io::modelIds();
    if (std::find(hw.begin(), hw.end(), file.value->hardware) == hw.end() ||
        std::find(models.begin(), models.end(), file.value->model) == models.end()) {
        return 0;
    }
    const io::ResolvedScenario r = io::resolve(*file.value);
    fuzz::checkIssues(r.issues);
    if (r.ok()) {
        fuzz::checkFinite(analyze(r.scenario));
    }
    // A lesson's expectations (fuzzed paths and values) against the analysis JSON, with its
    // lever or a baseline that names shipped ids too.
    const io::OptionalBox<io::ScenarioFile>& base = file.value->baseline;
    const bool baseShipped =
        !base || (std::find(hw.begin(), hw.end(), base->hardware) != hw.end() &&
                  std::find(models.begin(), models.end(), base->model) != models.end());
    if (r.ok() && file.value->lesson && baseShipped) {
        const io::LessonRun run = io::runLesson(*file.value, "scenario.json");
        fuzz::checkIssues(run.scenarios.issues);
        fuzz::checkIssues(run.check.issues);
        fuzz::check(!run.scenarios.ok() ||
                    run.check.results.size() == file.value->lesson->expectations.size());
    }
    return 0;
}
