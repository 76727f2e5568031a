// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// roofline-cli's command line, described by tables: each command's own options (one small
// table per command, beside the command) and the scenario options (io::scenarioOptionTable).
// CLI11 parses with them (command_line.cpp) and --help is written from them; nothing about an
// option is written twice.

#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "roofline/io/scenario_options.h"

namespace roofline::cli {

/// One option of one command, as --help shows it and CLI11 parses it.
struct OptionSpec {
    /// "--format"; a positional argument's name has no dashes ("FILE").
    std::string_view name;
    /// "csv|json": shown after the name; a positional argument is shown as its value name.
    std::string_view valueName;
    /// The help sentence, with its default. A '\n' starts a continuation line.
    std::string_view help;
    /// Written without [ ] in the command's usage line (a FILE the command needs; frontier's
    /// --output, which every frontier names).
    bool bare = false;
};

/// What the parser found for one command, in command-line order.
struct CommandLine {
    /// (index into the command's options, value), one per occurrence.
    std::vector<std::pair<std::size_t, std::string>> own;
    /// (scenario option row, value), one per occurrence.
    std::vector<std::pair<const io::ScenarioOption*, std::string>> scenario;
};

/// One command of roofline-cli.
struct CommandSpec {
    std::string_view name;
    /// What it does, for --help. A '\n' starts a continuation line.
    std::string_view description;
    /// Takes the scenario options (except those its own options shadow: sweep's list
    /// --batch, say).
    bool scenarioOptions = false;
    std::vector<OptionSpec> options;
    int (*run)(const CommandLine& line, std::ostream& out, std::ostream& err) = nullptr;
};

/// One row of a command's own option table: its OptionSpec and the member of the command's
/// options struct that its value sets (the last occurrence wins).
template <typename Options>
struct OptionRow {
    std::string_view name;
    std::string_view valueName;
    std::string_view help;
    std::optional<std::string> Options::*field;
    bool bare = false;
};

/// The OptionSpecs of a command's table, in its order.
template <typename Options>
std::vector<OptionSpec> optionSpecs(std::span<const OptionRow<Options>> rows) {
    std::vector<OptionSpec> specs;
    for (const OptionRow<Options>& row : rows) {
        specs.push_back({row.name, row.valueName, row.help, row.bare});
    }
    return specs;
}

/// The command's options struct from the values `line` found, through `rows` (the table the
/// command's CommandSpec was made from).
template <typename Options>
Options ownOptions(std::span<const OptionRow<Options>> rows, const CommandLine& line) {
    Options options;
    for (const auto& [index, value] : line.own) {
        options.*(rows[index].field) = value;
    }
    return options;
}

/// The commands, in --help order (cli.cpp).
const std::vector<CommandSpec>& commands();

/// Parses `args` (after the command's name) for `command` with CLI11. Returns the usage
/// error ("unknown argument '--foo'", "--batch expects a value"), or empty with `line` set.
std::string parseCommandLine(const CommandSpec& command, const std::vector<std::string>& args,
                             CommandLine& line);

/// Applies the scenario options of `line` to `scenario` through their rows' apply, in
/// command-line order: the later of --kv-heads and --gqa-ratio wins, and so does the last
/// of a repeated option. Returns the first error (naming the option), or empty.
std::string applyScenarioValues(const CommandLine& line, io::ScenarioFile& scenario,
                                std::int64_t& gqaRatio);

/// The scenario option rows `command` takes: all of them but those its own options shadow.
std::vector<const io::ScenarioOption*> scenarioOptionsOf(const CommandSpec& command);

/// roofline-cli --help.
std::string helpText();

/// Writes "roofline-cli: MESSAGE" and the hint to --help to `err`; returns kExitUsage.
int usageError(std::ostream& err, const std::string& message);

}  // namespace roofline::cli
