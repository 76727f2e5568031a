// SPDX-License-Identifier: GPL-3.0-or-later
// roofline-cli's command line (CLI11, from the option tables): every table row is parsed and
// shown in --help; values apply in command-line order; values that start with '-' reach
// their option; unknown arguments and missing values get our own messages.

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli.h"
#include "cli_internal.h"
#include "cli_runner.h"
#include "roofline/io/scenario_options.h"

namespace {

using nlohmann::json;
using roofline::cli::commands;
using roofline::cli::CommandSpec;
using roofline::cli::kExitInvalid;
using roofline::cli::kExitOk;
using roofline::cli::kExitUsage;
using roofline::cli::OptionSpec;
using roofline::io::ScenarioOption;
using roofline::io::scenarioOptionTable;
using Result = roofline::test::CliResult;
using roofline::test::cli;
using roofline::test::has;
using roofline::test::lines;

// "--format table|json", "-o FILE"; a positional row shows its value name ("FILE").
std::string label(const OptionSpec& o) {
    return o.name.starts_with("-") ? std::string(o.name) + " " + std::string(o.valueName)
                                   : std::string(o.valueName);
}

std::string firstLine(std::string_view text) {
    return std::string(text.substr(0, text.find('\n')));
}

// The usage line of `command` in `help`: from "  NAME " to the next line not indented
// further (its continuation lines joined with spaces).
std::string usageOf(const std::string& help, std::string_view command) {
    std::string usage;
    bool in = false;
    for (const std::string& line : lines(help)) {
        if (!in && line.starts_with("  " + std::string(command) + " ")) {
            in = true;
            usage = line.substr(2);
        } else if (in && line.starts_with(std::string(command.size() + 3, ' ')) &&
                   line[command.size() + 3] != ' ') {
            usage += " " + line.substr(command.size() + 3);
        } else if (in) {
            break;
        }
    }
    return usage;
}

std::string expectedError(const std::string& message) {
    return "roofline-cli: " + message + "\nTry 'roofline-cli --help'.\n";
}

TEST(CliCommandLine, TheNineCommandsAreTabled) {
    std::vector<std::string> names;
    for (const CommandSpec& c : commands()) {
        names.emplace_back(c.name);
        EXPECT_NE(c.run, nullptr) << c.name;
        EXPECT_FALSE(c.description.empty()) << c.name;
    }
    EXPECT_EQ(names,
              (std::vector<std::string>{"analyze", "sweep", "levers", "measured", "calibrate",
                                        "list", "frontier", "course", "validate"}));
}

// Every row of every command's table, and every scenario row it takes, is in --help: as
// "NAME VALUE" with the first line of its help beside or below it, and in the command's
// usage line (in [ ] unless the row is bare). `COMMAND --help` prints the same text.
TEST(CliCommandLine, EveryTableRowOfEveryCommandAppearsInItsHelp) {
    const Result top = cli({"--help"});
    ASSERT_EQ(top.code, kExitOk);
    EXPECT_EQ(top.out, roofline::cli::helpText());
    std::size_t rows = 0;
    for (const CommandSpec& c : commands()) {
        SCOPED_TRACE(std::string(c.name));
        const Result r = cli({std::string(c.name), "--help"});
        EXPECT_EQ(r.code, kExitOk);
        EXPECT_EQ(r.out, top.out);
        EXPECT_TRUE(r.err.empty()) << r.err;
        const std::string usage = usageOf(r.out, c.name);
        ASSERT_FALSE(usage.empty()) << r.out;
        EXPECT_EQ(has(usage, "[scenario options]"), c.scenarioOptions) << usage;
        EXPECT_TRUE(has(r.out, firstLine(c.description))) << c.description;
        for (const OptionSpec& o : c.options) {
            SCOPED_TRACE(std::string(o.name));
            ++rows;
            const std::string shown = label(o);
            EXPECT_TRUE(has(r.out, "\n    " + shown + " ") || has(r.out, "\n    " + shown + "\n"))
                << r.out;
            EXPECT_TRUE(has(r.out, firstLine(o.help))) << o.help;
            EXPECT_TRUE(has(usage, o.bare ? " " + shown : " [" + shown + "]")) << usage;
        }
        for (const ScenarioOption* s : roofline::cli::scenarioOptionsOf(c)) {
            EXPECT_TRUE(has(r.out, "\n  " + std::string(s->name) + " " + std::string(s->valueName)))
                << s->name;
            EXPECT_TRUE(has(r.out, firstLine(s->help))) << s->name;
        }
    }
    // analyze 2, sweep 3, levers 1, measured 14 and calibrate 16 (8 of each what a benchmark
    // result file lacks: benchmark_given.h; measured's --hardware, and its --engine and
    // --calibration for the estimate, too), list 1, frontier 13 (with --prefill-pools and
    // --batching), course 3, validate 1.
    EXPECT_EQ(rows, 54u);
}

// A command's own row shadows the scenario option of its name: sweep's --batch and --context
// are lists, frontier's --hardware, --tp, --batch and --expert-parallel are lists and its
// --price-per-device-hour takes a price per hardware; analyze
// and levers take all 20 scenario options (measured's own --ceilings shadows nothing: it
// takes no scenario options).
TEST(CliCommandLine, OwnRowsShadowScenarioRowsOfTheSameName) {
    for (const CommandSpec& c : commands()) {
        SCOPED_TRACE(std::string(c.name));
        const auto taken = roofline::cli::scenarioOptionsOf(c);
        std::size_t shadowed = 0;
        for (const OptionSpec& o : c.options) {
            shadowed +=
                c.scenarioOptions && roofline::io::findScenarioOption(o.name) != nullptr ? 1u : 0u;
        }
        const std::size_t expected = c.name == "sweep" ? 2 : c.name == "frontier" ? 5 : 0;
        EXPECT_EQ(shadowed, expected);
        EXPECT_EQ(taken.size(), c.scenarioOptions ? scenarioOptionTable().size() - shadowed : 0);
        for (const ScenarioOption* s : taken) {
            for (const OptionSpec& o : c.options) {
                EXPECT_NE(s->name, o.name);
            }
        }
    }
    EXPECT_TRUE(
        has(roofline::cli::helpText(), "  sweep has its own --batch and --context (above)\n"));
    EXPECT_TRUE(has(roofline::cli::helpText(),
                    "  frontier has its own --hardware, --tp, --batch, --expert-parallel and "
                    "--price-per-device-hour (above)\n"));
}

TEST(CliCommandLine, AShadowedOptionParsesAsTheCommandsList) {
    // sweep --batch 1,8: two rows, batch 1 then 8, at the default context 2048.
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"sweep", "--batch", "1,8"}, {"sweep", "--batch=1,8"}}) {
        const Result r = cli(args);
        ASSERT_EQ(r.code, kExitOk) << r.err;
        const std::vector<std::string> rows = lines(r.out);
        ASSERT_EQ(rows.size(), 3u) << r.out;
        EXPECT_TRUE(rows[1].starts_with("h100-sxm,llama-3.1-8b,1,2048,2048,")) << rows[1];
        EXPECT_TRUE(rows[2].starts_with("h100-sxm,llama-3.1-8b,8,2048,2048,")) << rows[2];
    }
    // Where the option is a scenario option, a list is not a number.
    const Result analyze = cli({"analyze", "--batch", "1,8"});
    EXPECT_EQ(analyze.code, kExitUsage);
    EXPECT_EQ(analyze.err,
              expectedError("--batch expects an integer from 1 to 100000000, got '1,8'"));
}

// Llama 3.1 8B has 32 query heads. --gqa-ratio 4 means 32 / 4 = 8 KV heads, --kv-heads 2
// means 2 (ratio 16): whichever comes later on the command line wins, in both spellings.
TEST(CliCommandLine, TheLaterOfKvHeadsAndGqaRatioWins) {
    struct Case {
        std::vector<std::string> options;
        int kvHeads;
    };
    for (const Case& c : std::vector<Case>{
             {{"--gqa-ratio", "4", "--kv-heads", "2"}, 2},
             {{"--kv-heads", "2", "--gqa-ratio", "4"}, 8},
             {{"--gqa-ratio=4", "--kv-heads=2"}, 2},
             {{"--kv-heads=2", "--gqa-ratio=4"}, 8},
             {{"--kv-heads", "2", "--batch", "4", "--gqa-ratio=4"}, 8},
             {{"--gqa-ratio", "4", "--format", "json", "--kv-heads", "2"}, 2},
         }) {
        std::vector<std::string> args = {"analyze", "--format", "json"};
        args.insert(args.end(), c.options.begin(), c.options.end());
        SCOPED_TRACE(c.options[0] + " first");
        const Result r = cli(args);
        ASSERT_EQ(r.code, kExitOk) << r.err;
        const json scenario = json::parse(r.out)["scenario"];
        EXPECT_EQ(scenario["kv_heads"], c.kvHeads);
        EXPECT_EQ(scenario["gqa_ratio"], 32 / c.kvHeads);
    }
}

TEST(CliCommandLine, ARepeatedOptionsLastValueWins) {
    const Result r = cli({"analyze", "--batch", "4", "--format", "table", "--batch=16", "--format",
                          "json", "--prompt", "100", "--prompt", "200"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json scenario = json::parse(r.out)["scenario"];
    EXPECT_EQ(scenario["batch"], 16);
    EXPECT_EQ(scenario["prompt_tokens"], 200);
    // On top of a shipped scenario too (critical-batch-h100 sets its own batch).
    const Result lesson = cli({"analyze", "--scenario", "critical-batch-h100", "--batch", "3",
                               "--batch", "5", "--format", "json"});
    ASSERT_EQ(lesson.code, kExitOk) << lesson.err;
    EXPECT_EQ(json::parse(lesson.out)["scenario"]["batch"], 5);
}

// A value that starts with '-' is still the option's value: its row's apply judges it.
TEST(CliCommandLine, AValueStartingWithADashReachesItsOption) {
    const std::string message = "--batch expects an integer from 1 to 100000000, got '-5'";
    for (const std::string command : {"analyze", "levers"}) {
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{command, "--batch", "-5"}, {command, "--batch=-5"}}) {
            SCOPED_TRACE(args.back());
            const Result r = cli(args);
            EXPECT_EQ(r.code, kExitUsage);
            EXPECT_EQ(r.err, expectedError(message));
            EXPECT_TRUE(r.out.empty());
        }
    }
    // sweep's own --batch is a list: its own message.
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"sweep", "--batch", "-5"}, {"sweep", "--batch=-5"}}) {
        const Result r = cli(args);
        EXPECT_EQ(r.code, kExitUsage);
        EXPECT_EQ(r.err, expectedError("--batch: '-5' is not an integer from 1 to 100000000"));
    }
    // Free-text values: "-x" is looked up as a hardware id and not found (exit 3).
    const Result hw = cli({"analyze", "--hardware", "-x"});
    EXPECT_EQ(hw.code, kExitInvalid);
    EXPECT_TRUE(has(hw.err, "-x")) << hw.err;
    // Even a value that looks like a long option.
    const Result spec = cli({"analyze", "--spec-k", "--batch"});
    EXPECT_EQ(spec.code, kExitUsage);
    EXPECT_EQ(spec.err, expectedError("--spec-k expects an integer from 0 to 16, got '--batch'"));
}

TEST(CliCommandLine, UnknownArgumentsGetOurMessage) {
    for (const CommandSpec& c : commands()) {
        SCOPED_TRACE(std::string(c.name));
        for (const std::string bad : {"--foo", "-x", "--foo=3", "--batc"}) {
            std::vector<std::string> args = {std::string(c.name), bad};
            if (c.name == "frontier") {
                args.insert(args.end(), {"--output", "8"});
            }
            const Result r = cli(args);
            EXPECT_EQ(r.code, kExitUsage);
            EXPECT_EQ(r.err, expectedError("unknown argument '" + bad + "'"));
            EXPECT_TRUE(r.out.empty());
        }
    }
    // A stray word, a second FILE, another command's name, an option of another command.
    const std::pair<std::vector<std::string>, std::string> cases[] = {
        {{"analyze", "stray"}, "stray"},
        {{"analyze", "--batch", "4", "sweep"}, "sweep"},
        {{"validate", "a.json", "b.json"}, "b.json"},
        {{"measured", "a.csv", "--format", "json", "b.csv"}, "b.csv"},
        {{"list", "hardware", "models"}, "models"},
        {{"levers", "--output", "8"}, "--output"},
        {{"measured", "a.csv", "--model", "llama-3.1-8b", "--batch", "4", "--tp", "2", "--rate",
          "1"},
         "--rate"},
    };
    for (const auto& [args, bad] : cases) {
        const Result r = cli(args);
        EXPECT_EQ(r.code, kExitUsage) << args.back();
        EXPECT_EQ(r.err, expectedError("unknown argument '" + bad + "'"));
    }
    const Result command = cli({"--batch", "4", "analyze"});
    EXPECT_EQ(command.code, kExitUsage);
    EXPECT_EQ(command.err, expectedError("unknown command '--batch'"));
}

// "--" ends the options: a FILE may follow it; an option after it is an unknown argument.
TEST(CliCommandLine, DoubleDashEndsTheOptions) {
    const std::string config = std::string(ROOFLINE_TEST_DATA_DIR) + "/valid/config.json";
    const Result plain = cli({"validate", config});
    ASSERT_EQ(plain.code, kExitOk) << plain.err;
    const Result dashed = cli({"validate", "--", config});
    EXPECT_EQ(dashed.code, kExitOk) << dashed.err;
    EXPECT_EQ(dashed.out, plain.out);
    const Result dashFile = cli({"validate", "--", "-no-such.json"});
    EXPECT_EQ(dashFile.code, kExitInvalid);
    EXPECT_TRUE(has(dashFile.err, "-no-such.json: ")) << dashFile.err;
    const Result after = cli({"analyze", "--", "--batch", "4"});
    EXPECT_EQ(after.code, kExitUsage);
    EXPECT_EQ(after.err, expectedError("unknown argument '--batch'"));
}

// Every option of every command, and every scenario option it takes, given last without a
// value: "NAME expects a value", exit 2.
TEST(CliCommandLine, EveryOptionWithoutAValueSaysSo) {
    std::size_t checked = 0;
    for (const CommandSpec& c : commands()) {
        std::vector<std::string> names;
        for (const OptionSpec& o : c.options) {
            if (o.name.starts_with("-")) {
                names.emplace_back(o.name);
            }
        }
        for (const ScenarioOption* s : roofline::cli::scenarioOptionsOf(c)) {
            names.emplace_back(s->name);
        }
        for (const std::string& name : names) {
            SCOPED_TRACE(std::string(c.name) + " " + name);
            const Result r = cli({std::string(c.name), name});
            EXPECT_EQ(r.code, kExitUsage);
            EXPECT_EQ(r.err, expectedError(name + " expects a value"));
            EXPECT_TRUE(r.out.empty());
            ++checked;
        }
    }
    // analyze 2 + 27, sweep 3 + 25, levers 1 + 27, measured 13 (--engine and --calibration
    // among them), calibrate 15 (-o and --from among them), frontier 13 + 22, course 2.
    EXPECT_EQ(checked, 29u + 28u + 28u + 13u + 15u + 35u + 2u);
    // "--name=" is an empty value, not a missing one.
    const Result empty = cli({"analyze", "--batch="});
    EXPECT_EQ(empty.err, expectedError("--batch expects an integer from 1 to 100000000, got ''"));
}

}  // namespace
