// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scenario_options.h
/// The scenario options of both programs, described once as a table: each row's name,
/// value name, help sentence and what it does to a ScenarioFile. roofline-cli's CLI11 parser
/// (app/cli/command_line.cpp) and roofline-explorer's QCommandLineParser
/// (app/ui/window/app_options.cpp) are built by looping over it, and so is
/// scenarioOptionsHelp() (scenario_file.h). Plain data: no Qt, no command-line library.

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/io/scenario_file.h"

namespace roofline::io {

/// One scenario option. To add one, add a row to scenarioOptionTable() (scenario_options.cpp)
/// and a paragraph to both man pages (resources/man/*.1.in).
struct ScenarioOption {
    std::string_view name;       ///< "--batch"
    std::string_view valueName;  ///< "N", shown after the name in --help
    /// The help sentence, with its default. A '\n' starts a continuation line (indented
    /// under the first).
    std::string_view help;
    /// Applies `value` to `scenario` (`gqaRatio` receives --gqa-ratio, which needs the model
    /// to become KV heads). Returns the usage error, naming the option, what it expects and
    /// what it got; empty when the value was applied.
    std::function<std::string(const std::string& value, ScenarioFile& scenario,
                              std::int64_t& gqaRatio)>
        apply;
};

/// Every scenario option, in --help order.
const std::vector<ScenarioOption>& scenarioOptionTable();

/// The row named `name` ("--batch"); nullptr when it is not a scenario option.
const ScenarioOption* findScenarioOption(std::string_view name);

}  // namespace roofline::io
