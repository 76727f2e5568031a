// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: scenario file parser; accepted files round-trip through toJson, and
// resolve to a scenario that analyses to finite numbers.
#include <algorithm>
#include <cstdint>
#include <string_view>

#include "fuzz_common.h"
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
    return 0;
}
