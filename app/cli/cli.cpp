// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_internal.h"
#include "roofline/format.h"
#include "roofline/io/levers.h"
#include "roofline/version.h"

namespace roofline::cli {

namespace {

constexpr std::string_view kUsage =
    "Usage: roofline-cli COMMAND [OPTIONS]\n"
    "\n"
    "Roofline analysis of LLM serving: where prefill and decode sit against a chip's roofs.\n"
    "\n"
    "Commands:\n"
    "  analyze --scenario ID|FILE [scenario options] [--format table|json|csv]\n"
    "                           a shipped lesson or scenario (list scenarios) or a\n"
    "                           scenario file, options on top; its lever applied, its\n"
    "                           lesson's expectations checked against the engine\n"
    "  analyze [scenario options] [--format table|json|csv|scenario]\n"
    "                           analyse one scenario (default: table); scenario writes\n"
    "                           the scenario file of the options (File > Save's JSON)\n"
    "  sweep [scenario options] [--format csv|json]\n"
    "                           one row per --batch x --context combination; both take\n"
    "                           lists (1,2,4) or ranges (1:4096:x2 geometric, 512:4096:+512)\n"
    "  levers [scenario options] [--format table|json]\n"
    "                           one-click interventions (w4a16, batch-x8, spec-ngram,\n"
    "                           next-hardware, ...) against this scenario, ranked by TPOT\n"
    "                           speedup, each with why the points move\n"
    "  measured FILE [--ceilings peak|achievable] [--format table|json]\n"
    "                           measured TPOT, TTFT or tokens/s (CSV or JSON rows) against\n"
    "                           the model: each row's efficiency and roofline point\n"
    "  list hardware|models|scenarios\n"
    "                           the shipped presets; scenarios: the lessons, with the\n"
    "                           questions they answer\n"
    "  frontier [scenario options] --output N [--hardware ID,ID,...] [--tp 1,2,4,8]\n"
    "           [--quantization W16A16,W8A8,W4A16,...] [--batch 1,8,64,256]\n"
    "           [--expert-parallel off,on] [--slo-tpot-ms X] [--slo-ttft-ms Y]\n"
    "           [--format table|json|csv]\n"
    "                           every configuration of the lists as a point (tok/s per\n"
    "                           user, tok/s per device) for requests of --prompt and\n"
    "                           --output tokens (default 1024); the Pareto frontier of\n"
    "                           those that fit, and the best one meeting the SLOs\n"
    "  validate FILE            check a hardware preset, model config.json or scenario file\n"
    "\n"
    "Scenario options (analyze, sweep, levers, frontier):\n";

constexpr std::string_view kExitHelp =
    "\nExit status: 0 ok, 2 usage error, 3 invalid input file or scenario.\n";

void printUsage(std::ostream& out) {
    out << kUsage << io::scenarioOptionsHelp() << kExitHelp;
}

int usageError(std::ostream& err, const std::string& message) {
    err << "roofline-cli: " << message << "\nTry 'roofline-cli --help'.\n";
    return kExitUsage;
}

// Takes "--format X" / "--format=X" out of args.
std::optional<std::string> takeFormat(std::vector<std::string>& args, std::string& error) {
    std::optional<std::string> format;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--format" || args[i].starts_with("--format=")) {
            if (args[i] == "--format") {
                if (i + 1 >= args.size()) {
                    error = "--format expects a value";
                    return std::nullopt;
                }
                format = args[i + 1];
                args.erase(args.begin() + static_cast<std::ptrdiff_t>(i),
                           args.begin() + static_cast<std::ptrdiff_t>(i) + 2);
            } else {
                format = args[i].substr(9);
                args.erase(args.begin() + static_cast<std::ptrdiff_t>(i));
            }
            --i;
        }
    }
    return format;
}

// The shared start of analyze and levers: --format (one of `formats`, default "table"),
// the scenario options and nothing else, resolved and validated. Returns the exit status on
// failure (after printing why), nullopt when `format` and `resolved` are ready.
std::optional<int> scenarioFromArgs(std::vector<std::string> args,
                                    const std::vector<std::string>& formats,
                                    const std::string& formatsText, std::ostream& err,
                                    std::string& format, io::ResolvedScenario& resolved,
                                    io::ScenarioFile* fileOut = nullptr) {
    std::string error;
    format = takeFormat(args, error).value_or("table");
    if (!error.empty()) {
        return usageError(err, error);
    }
    if (std::find(formats.begin(), formats.end(), format) == formats.end()) {
        return usageError(err, "--format expects " + formatsText + ", got '" + format + "'");
    }
    io::ScenarioFile file;
    std::int64_t gqaRatio = 0;
    const io::OptionsResult options = io::applyScenarioOptions(args, file, gqaRatio);
    if (!options.errors.empty()) {
        return usageError(err, options.errors.front());
    }
    if (!options.rest.empty()) {
        return usageError(err, "unknown argument '" + options.rest.front() + "'");
    }
    resolved = io::resolve(file, gqaRatio);
    printIssues(err, resolved.issues);
    if (!resolved.ok()) {
        return kExitInvalid;
    }
    if (fileOut != nullptr) {
        *fileOut = file;
        fileOut->workload = resolved.scenario.workload;  // carries the resolved --gqa-ratio
    }
    return std::nullopt;
}

int runAnalyze(std::vector<std::string> args, std::ostream& out, std::ostream& err) {
    if (std::find_if(args.begin(), args.end(), [](const std::string& a) {
            return a == "--scenario" || a.starts_with("--scenario=");
        }) != args.end()) {
        return runAnalyzeScenario(std::move(args), out, err);  // lesson_cli.cpp
    }
    std::string format;
    io::ResolvedScenario resolved;
    io::ScenarioFile file;
    if (const std::optional<int> failed =
            scenarioFromArgs(std::move(args), {"table", "json", "csv", "scenario"},
                             "table, json, csv or scenario", err, format, resolved, &file)) {
        return *failed;
    }
    if (format == "scenario") {  // what File > Save writes, for scripts that make scenarios
        out << io::toJson(file);
        return kExitOk;
    }
    const Analysis analysis = analyze(resolved.scenario);
    if (format == "json") {
        out << io::analysisToJson(resolved.scenario, analysis);
    } else if (format == "csv") {
        out << csvHeader() << '\n' << csvRow(resolved.scenario, analysis) << '\n';
    } else {
        printTable(out, resolved.scenario, analysis);
    }
    return kExitOk;
}

int runLevers(std::vector<std::string> args, std::ostream& out, std::ostream& err) {
    std::string format;
    io::ResolvedScenario resolved;
    if (const std::optional<int> failed = scenarioFromArgs(std::move(args), {"table", "json"},
                                                           "table or json", err, format, resolved)) {
        return *failed;
    }
    const Analysis analysis = analyze(resolved.scenario);
    const std::vector<LeverOutcome> levers = io::listLevers(resolved.scenario, analysis);
    if (format == "json") {
        out << io::leversToJson(resolved.scenario, analysis, levers);
    } else {
        printLeversTable(out, resolved.scenario, analysis, levers);
    }
    return kExitOk;
}

int runList(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.size() == 1 && args[0] == "scenarios") {
        return runListScenarios(out, err);
    }
    if (args.size() != 1 || (args[0] != "hardware" && args[0] != "models")) {
        return usageError(err, "list expects 'hardware', 'models' or 'scenarios'");
    }
    if (args[0] == "hardware") {
        for (const std::string& id : io::hardwareIds()) {
            const io::Loaded<Hardware> hw = io::builtinHardware(id);
            if (!hw.ok()) {
                printIssues(err, hw.issues);
                return kExitInvalid;
            }
            const Hardware& h = *hw.value;
            const Precision p = computePrecisionFor(h, Precision::Bf16);
            out << id << '\t' << h.name << '\t' << formatBytes(h.memoryCapacityBytes) << '\t'
                << formatSi(h.memoryBandwidthBytesPerSecond, "B/s") << '\t' << toString(p)
                << ' ' << formatSi(h.peak(p), "FLOP/s") << '\n';
        }
    } else {
        for (const std::string& id : io::modelIds()) {
            const io::Loaded<Model> model = io::builtinModel(id);
            if (!model.ok()) {
                printIssues(err, model.issues);
                return kExitInvalid;
            }
            const ParameterCount params = countParameters(*model.value);
            out << id << '\t' << model.value->name << '\t' << model.value->architecture << '\t'
                << formatParameters(params.total) << " parameters\t"
                << formatParameters(params.activePerToken) << " active\n";
        }
    }
    return kExitOk;
}

int runValidate(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.size() != 1) {
        return usageError(err, "validate expects one FILE");
    }
    const std::string& path = args[0];
    // Decide the kind from the file's keys; each loader then reports its own errors.
    std::string kind = "model";
    std::error_code ec;
    if (std::filesystem::file_size(path, ec) <= io::kMaxPresetFileBytes && !ec) {
        std::ifstream in(path, std::ios::binary);
        const nlohmann::json json = nlohmann::json::parse(in, nullptr, false);
        const auto has = [&](const char* key) { return json.is_object() && json.contains(key); };
        if (has("model_type") || has("architectures")) {
            kind = "model";
        } else if (has("memory_bandwidth_tb_s") || has("peak_dense_tflops") ||
                   has("memory_capacity_gib") || has("memory_capacity_gb")) {
            kind = "hardware";
        } else if (has("hardware") || has("model")) {
            kind = "scenario";
        }
    }
    std::vector<Issue> issues;
    std::string summary;
    if (kind == "scenario") {
        const io::Loaded<io::ScenarioFile> probe = io::loadScenarioFile(path);
        issues = probe.issues;
        if (probe.ok() && (probe.value->lesson || probe.value->lever)) {
            summary = validateLesson(*probe.value, path, issues);  // lesson_cli.cpp
        } else if (probe.ok()) {
            const io::ResolvedScenario resolved = io::resolve(*probe.value);
            issues.insert(issues.end(), resolved.issues.begin(), resolved.issues.end());
            summary = "scenario (" + probe.value->hardware + ", " + probe.value->model + ")";
        }
    } else if (kind == "hardware") {
        const io::Loaded<Hardware> hw = io::loadHardwareFile(path);
        issues = hw.issues;
        if (hw.ok()) {
            summary = "hardware preset '" + hw.value->id + "' (" + hw.value->name + ")";
        }
    } else {
        const io::Loaded<Model> model = io::loadModelFile(path);
        issues = model.issues;
        if (model.ok()) {
            const ParameterCount p = countParameters(*model.value);
            summary = "model config (" + model.value->architecture + ", " +
                      formatParameters(p.total) + " parameters)";
        }
    }
    printIssues(err, issues);
    if (hasErrors(issues)) {
        return kExitInvalid;
    }
    out << path << ": ok, " << summary << '\n';
    return kExitOk;
}

}  // namespace

void printIssues(std::ostream& err, const std::vector<Issue>& issues) {
    for (const Issue& issue : issues) {
        err << (issue.severity == Severity::Error ? "error: " : "") << issue.message() << '\n';
    }
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.empty()) {
        printUsage(err);
        return kExitUsage;
    }
    const std::string& command = args[0];
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (command == "--help" || command == "-h" || command == "help") {
        printUsage(out);
        return kExitOk;
    }
    if (command == "--version") {
        out << "roofline-cli " << ROOFLINE_VERSION << '\n';
        return kExitOk;
    }
    for (const std::string& a : rest) {
        if (a == "--help" || a == "-h") {
            printUsage(out);
            return kExitOk;
        }
    }
    if (command == "analyze") {
        return runAnalyze(rest, out, err);
    }
    if (command == "sweep") {
        return runSweep(rest, out, err);
    }
    if (command == "levers") {
        return runLevers(rest, out, err);
    }
    if (command == "measured") {
        return runMeasured(rest, out, err);
    }
    if (command == "frontier") {
        return runFrontier(rest, out, err);
    }
    if (command == "list") {
        return runList(rest, out, err);
    }
    if (command == "validate") {
        return runValidate(rest, out, err);
    }
    return usageError(err, "unknown command '" + command + "'");
}

}  // namespace roofline::cli
