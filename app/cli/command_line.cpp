// SPDX-License-Identifier: GPL-3.0-or-later
// roofline-cli's parser and --help, both made from the option tables: a CLI::App with one
// subcommand per command, whose options are the command's own rows and the scenario rows
// it takes; the values are handed back in command-line order.

#include "command_line.h"

#include <algorithm>
#include <map>

#include "cli.h"

// GCC 12 at -O2 sees a "potential null pointer dereference" in std::vector<std::string>
// growth inlined into CLI11's detail::split (a false positive in the library's header).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnull-dereference"
#include <CLI/CLI.hpp>
#pragma GCC diagnostic pop

namespace roofline::cli {

namespace {

bool isPositional(const OptionSpec& option) { return !option.name.starts_with("-"); }

bool hasOwnOption(const CommandSpec& command, std::string_view name) {
    return std::any_of(command.options.begin(), command.options.end(),
                       [&](const OptionSpec& o) { return o.name == name; });
}

// Where an option's values go: the command's own row `own`, or the scenario row `scenario`.
struct Target {
    std::size_t own = 0;
    const io::ScenarioOption* scenario = nullptr;
};

}  // namespace

std::vector<const io::ScenarioOption*> scenarioOptionsOf(const CommandSpec& command) {
    std::vector<const io::ScenarioOption*> rows;
    if (command.scenarioOptions) {
        for (const io::ScenarioOption& row : io::scenarioOptionTable()) {
            if (!hasOwnOption(command, row.name)) {  // the command's own row wins
                rows.push_back(&row);
            }
        }
    }
    return rows;
}

std::string parseCommandLine(const CommandSpec& command, const std::vector<std::string>& args,
                             CommandLine& line) {
    CLI::App app("roofline-cli", "roofline-cli");
    app.set_help_flag();  // --help is ours (run() answers it before parsing)
    app.require_subcommand(1);
    app.allow_extras();  // what follows "--" comes back here
    std::map<const CLI::Option*, Target> targets;
    std::vector<std::string> names;  // the options of `command`, for "--name=" below
    CLI::App* parsed = nullptr;
    for (const CommandSpec& c : commands()) {
        CLI::App* sub = app.add_subcommand(std::string(c.name));
        sub->set_help_flag();
        sub->allow_extras();  // unknown arguments are reported by us, in our words
        // Every option takes one value per occurrence; all occurrences are kept (TakeAll) so
        // that they are applied in order and the last one wins.
        const auto add = [&](std::string_view name) {
            if (&c == &command) {
                names.emplace_back(name);
            }
            return sub->add_option(std::string(name))
                ->expected(1)
                ->allow_extra_args(false)
                ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
        };
        for (std::size_t i = 0; i < c.options.size(); ++i) {
            targets[add(c.options[i].name)] = {i, nullptr};
        }
        for (const io::ScenarioOption* row : scenarioOptionsOf(c)) {
            targets[add(row->name)] = {0, row};
        }
        if (&c == &command) {
            parsed = sub;
        }
    }
    // "--name=" (an empty value) would make CLI11 take the next argument as the value: give
    // it the empty value as its own argument. CLI::App::parse takes the arguments last first.
    // (Reversed at the end: clang 14, which builds the fuzzers, cannot take libstdc++ 12's
    // std::ranges::reverse_view.)
    std::vector<std::string> reversed;
    for (const std::string& arg : args) {
        if (arg.starts_with("--") && arg.find('=') == arg.size() - 1 &&
            std::find(names.begin(), names.end(), arg.substr(0, arg.size() - 1)) != names.end()) {
            reversed.push_back(arg.substr(0, arg.size() - 1));
            reversed.emplace_back();
        } else {
            reversed.push_back(arg);
        }
    }
    std::reverse(reversed.begin(), reversed.end());
    reversed.emplace_back(command.name);
    try {
        app.parse(reversed);
    } catch (const CLI::ArgumentMismatch&) {
        // An option expects exactly one value and takes the next argument whatever it looks
        // like ("--batch -5"), so the only mismatch is an option at the very end.
        return args.back() + " expects a value";
    } catch (const CLI::Error&) {
        // Not expected with these settings; never show CLI11's own text.
        return "cannot read the command line";
    }
    // CLI11 keeps a "--" (the end of the options) among the extras where positional
    // arguments may follow it: that one is not unknown.
    for (const CLI::App* extras : {parsed, &app}) {
        for (const std::string& rest : extras->remaining()) {
            if (rest != "--") {
                return "unknown argument '" + rest + "'";
            }
        }
    }
    // The values in command-line order: parse_order() names the option of each value, and
    // each option's results() are its values in order.
    std::map<const CLI::Option*, std::size_t> taken;
    for (const CLI::Option* option : parsed->parse_order()) {
        std::size_t& n = taken[option];
        const auto target = targets.find(option);
        if (target == targets.end() || n >= option->results().size()) {
            return "cannot read the command line";  // not expected: CLI11 kept no value
        }
        const std::string& value = option->results()[n++];
        if (target->second.scenario != nullptr) {
            line.scenario.emplace_back(target->second.scenario, value);
        } else {
            line.own.emplace_back(target->second.own, value);
        }
    }
    return {};
}

std::string applyScenarioValues(const CommandLine& line, io::ScenarioFile& scenario,
                                std::int64_t& gqaRatio) {
    for (const auto& [row, value] : line.scenario) {
        if (std::string error = row->apply(value, scenario, gqaRatio); !error.empty()) {
            return error;
        }
    }
    return {};
}

int usageError(std::ostream& err, const std::string& message) {
    err << "roofline-cli: " << message << "\nTry 'roofline-cli --help'.\n";
    return kExitUsage;
}

namespace {

constexpr std::size_t kHelpColumn = 27;  // where every help sentence starts
constexpr std::size_t kWidth = 88;       // usage lines wrap before this

// "LABEL" after `indent` spaces, then `help` from kHelpColumn (on the next line when the
// label reaches it), each '\n' of it starting a line indented to kHelpColumn.
void appendRow(std::string& out, std::size_t indent, std::string_view label,
               std::string_view help) {
    const std::string helpIndent(kHelpColumn, ' ');
    out.append(indent, ' ').append(label);
    if (indent + label.size() < kHelpColumn) {
        out.append(kHelpColumn - indent - label.size(), ' ');
    } else {
        out.append("\n").append(helpIndent);
    }
    for (const char c : help) {
        out.push_back(c);
        if (c == '\n') {
            out.append(helpIndent);
        }
    }
    out.push_back('\n');
}

std::string optionLabel(const OptionSpec& o) {
    return isPositional(o) ? std::string(o.valueName)
                           : std::string(o.name).append(" ").append(o.valueName);
}

// "  frontier [scenario options] --output N [--hardware ID,ID,...] ...", wrapped under the
// command's name (no newline at the end).
std::string usageLine(const CommandSpec& c) {
    std::vector<std::string> words;
    const auto word = [&words](const OptionSpec& o) {
        words.push_back(o.bare ? optionLabel(o) : "[" + optionLabel(o) + "]");
    };
    for (const OptionSpec& o : c.options) {
        if (isPositional(o)) {
            word(o);
        }
    }
    if (c.scenarioOptions) {
        words.emplace_back("[scenario options]");
    }
    for (const OptionSpec& o : c.options) {
        if (!isPositional(o)) {
            word(o);
        }
    }
    std::string out = "  " + std::string(c.name);
    std::size_t column = out.size();
    const std::size_t indent = column + 1;
    for (const std::string& w : words) {
        if (column + 1 + w.size() > kWidth) {
            out.append("\n").append(indent, ' ').append(w);
            column = indent + w.size();
        } else {
            out.append(" ").append(w);
            column += 1 + w.size();
        }
    }
    return out;
}

std::string makeHelp() {
    std::string out =
        "Usage: roofline-cli COMMAND [OPTIONS]\n"
        "\n"
        "Roofline analysis of LLM serving: where prefill and decode sit against a chip's "
        "roofs.\n"
        "\n"
        "Commands:\n";
    std::string takers;    // the commands that take scenario options
    std::string shadowed;  // which scenario options a command has its own row for
    for (const CommandSpec& c : commands()) {
        // The description beside a short usage line ("  validate FILE"), else under it.
        const std::string usage = usageLine(c);
        if (usage.size() < kHelpColumn) {
            appendRow(out, 0, usage, c.description);
        } else {
            out.append(usage).append("\n");
            appendRow(out, 0, "", c.description);
        }
        for (const OptionSpec& o : c.options) {
            appendRow(out, 4, optionLabel(o), o.help);
        }
        out.push_back('\n');
        if (!c.scenarioOptions) {
            continue;
        }
        takers.append(takers.empty() ? "" : ", ").append(c.name);
        std::vector<std::string_view> own;
        for (const OptionSpec& o : c.options) {
            if (io::findScenarioOption(o.name) != nullptr) {
                own.push_back(o.name);
            }
        }
        for (std::size_t i = 0; i < own.size(); ++i) {
            if (i == 0) {
                shadowed.append("  ").append(c.name).append(" has its own ");
            } else {
                shadowed.append(i + 1 == own.size() ? " and " : ", ");
            }
            shadowed.append(own[i]);
        }
        if (!own.empty()) {
            shadowed.append(" (above)\n");
        }
    }
    out.append("Scenario options (").append(takers).append("):\n");
    for (const io::ScenarioOption& o : io::scenarioOptionTable()) {
        appendRow(out, 2, std::string(o.name).append(" ").append(o.valueName), o.help);
    }
    out.append("  precisions P: fp32, bf16, fp16, fp8, int8, int4, fp4, fp6\n").append(shadowed);
    out.append("\nExit status: 0 ok, 2 usage error, 3 invalid input file or scenario.\n");
    return out;
}

}  // namespace

std::string helpText() {
    static const std::string help = makeHelp();
    return help;
}

}  // namespace roofline::cli
