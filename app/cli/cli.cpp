// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli.h"

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "cli_internal.h"
#include "roofline/format.h"
#include "roofline/io/calibration.h"
#include "roofline/io/levers.h"
#include "roofline/version.h"

namespace roofline::cli {

namespace {

// `format` is one of `formats`; otherwise prints why (naming `formatsText`) and returns false.
bool checkFormat(const std::string& format, const std::vector<std::string>& formats,
                 const std::string& formatsText, std::ostream& err) {
    if (std::find(formats.begin(), formats.end(), format) != formats.end()) {
        return true;
    }
    usageError(err, "--format expects " + formatsText + ", got '" + format + "'");
    return false;
}

// The shared start of analyze and levers: the scenario options of `line`, resolved and
// validated. Returns the exit status on failure (after printing why), nullopt when
// `resolved` is ready.
std::optional<int> scenarioFromLine(const CommandLine& line, std::ostream& err,
                                    io::ResolvedScenario& resolved,
                                    io::ScenarioFile* fileOut = nullptr) {
    io::ScenarioFile file;
    std::int64_t gqaRatio = 0;
    if (const std::string error = applyScenarioValues(line, file, gqaRatio); !error.empty()) {
        return usageError(err, error);
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

struct AnalyzeOptions {
    std::optional<std::string> scenario;
    std::optional<std::string> format;
};

constexpr std::array<OptionRow<AnalyzeOptions>, 2> kAnalyzeOptions = {{
    {"--scenario", "ID|FILE",
     "a shipped lesson or scenario (list scenarios) or a scenario\n"
     "file, the other options on top; its lever applied, its\n"
     "lesson's expectations checked against the engine",
     &AnalyzeOptions::scenario},
    {"--format", "table|json|csv|scenario",
     "table (the default), json or csv; scenario (not with\n"
     "--scenario) writes the scenario file of the options (File >\n"
     "Save's JSON)",
     &AnalyzeOptions::format},
}};

int runAnalyze(const CommandLine& line, std::ostream& out, std::ostream& err) {
    const AnalyzeOptions options = ownOptions<AnalyzeOptions>(kAnalyzeOptions, line);
    const std::string format = options.format.value_or("table");
    if (options.scenario) {
        if (!checkFormat(format, {"table", "json", "csv"}, "table, json or csv", err)) {
            return kExitUsage;
        }
        return runAnalyzeScenario(*options.scenario, format, line, out, err);  // lesson_cli.cpp
    }
    if (!checkFormat(format, {"table", "json", "csv", "scenario"}, "table, json, csv or scenario",
                     err)) {
        return kExitUsage;
    }
    io::ResolvedScenario resolved;
    io::ScenarioFile file;
    if (const std::optional<int> failed = scenarioFromLine(line, err, resolved, &file)) {
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

struct LeversOptions {
    std::optional<std::string> format;
};

constexpr std::array<OptionRow<LeversOptions>, 1> kLeversOptions = {{
    {"--format", "table|json", "table (the default) or json", &LeversOptions::format},
}};

int runLevers(const CommandLine& line, std::ostream& out, std::ostream& err) {
    const std::string format =
        ownOptions<LeversOptions>(kLeversOptions, line).format.value_or("table");
    if (!checkFormat(format, {"table", "json"}, "table or json", err)) {
        return kExitUsage;
    }
    io::ResolvedScenario resolved;
    if (const std::optional<int> failed = scenarioFromLine(line, err, resolved)) {
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

struct ListOptions {
    std::optional<std::string> kind;
};

constexpr std::array<OptionRow<ListOptions>, 1> kListOptions = {{
    {"KIND", "hardware|models|scenarios|courses",
     "which presets; scenarios: the lessons, with the questions\nthey answer; courses: the courses",
     &ListOptions::kind, true},
}};

int runList(const CommandLine& line, std::ostream& out, std::ostream& err) {
    const std::string kind = ownOptions<ListOptions>(kListOptions, line).kind.value_or("");
    if (kind == "scenarios") {
        return runListScenarios(out, err);
    }
    if (kind == "courses") {
        return runListCourses(out, err);  // course_cli.cpp
    }
    if (kind != "hardware" && kind != "models") {
        return usageError(err, "list expects 'hardware', 'models', 'scenarios' or 'courses'");
    }
    if (kind == "hardware") {
        for (const std::string& id : io::hardwareIds()) {
            const io::Loaded<Hardware> hw = io::builtinHardware(id);
            if (!hw.ok()) {
                printIssues(err, hw.issues);
                return kExitInvalid;
            }
            // id, name, capacity (the visible one beside it where known), bandwidth, the
            // bf16 roof (or its fallback; "no sourced compute peak" for a memory-only
            // preset), confidence.
            const Hardware& h = *hw.value;
            const Precision p = computePrecisionFor(h, Precision::Bf16);
            if (h.memoryCapacityVisibleBytes > 0.0) {
                // As many figures as tell the two apart (RTX PRO 6000: 103.1 GB, 102.6 GB).
                const double nominal = h.memoryCapacityBytes;
                const double visible = h.memoryCapacityVisibleBytes;
                int figures = 3;
                while (figures < 6 &&
                       formatSi(nominal, "B", figures) == formatSi(visible, "B", figures)) {
                    ++figures;
                }
                out << id << '\t' << h.name << '\t' << formatSi(nominal, "B", figures) << " ("
                    << formatSi(visible, "B", figures) << " visible)";
            } else {
                out << id << '\t' << h.name << '\t' << formatBytes(h.memoryCapacityBytes);
            }
            out << '\t' << formatSi(h.memoryBandwidthBytesPerSecond, "B/s") << '\t';
            if (h.hasRoof(p)) {
                out << toString(p) << ' ' << formatSi(h.peak(p), "FLOP/s");
            } else if (h.computePeakUnsourced) {
                out << "no sourced compute peak";
            } else {
                out << "no sourced bf16 peak";
            }
            out << "\tconfidence: " << (h.confidence.empty() ? "not given" : h.confidence) << '\n';
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

struct ValidateOptions {
    std::optional<std::string> file;
};

constexpr std::array<OptionRow<ValidateOptions>, 1> kValidateOptions = {{
    {"FILE", "FILE",
     "a hardware preset, a model config.json, a scenario file or a\n"
     "course; a lesson's expectations and a course's checks and\n"
     "predictions are checked too",
     &ValidateOptions::file, true},
}};

int runValidate(const CommandLine& line, std::ostream& out, std::ostream& err) {
    const std::optional<std::string> file =
        ownOptions<ValidateOptions>(kValidateOptions, line).file;
    if (!file) {
        return usageError(err, "validate expects one FILE");
    }
    const std::string& path = *file;
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
        } else if (has("step_overhead_s") || has("kernel_floor_s") || has("gemm") ||
                   (has("engine") && has("fit"))) {
            kind = "calibration";
        } else if (has("steps")) {
            kind = "course";
        } else if (has("hardware") || has("model")) {
            kind = "scenario";
        }
    }
    std::vector<Issue> issues;
    std::string summary;
    if (kind == "course") {
        summary = validateCourse(path, issues);  // course_cli.cpp
    } else if (kind == "scenario") {
        const io::Loaded<io::ScenarioFile> probe = io::loadScenarioFile(path);
        issues = probe.issues;
        if (probe.ok() && (probe.value->lesson || probe.value->lever)) {
            summary = validateLesson(*probe.value, path, issues);  // lesson_cli.cpp
        } else if (probe.ok()) {
            const io::ResolvedScenario resolved = io::resolve(*probe.value);
            issues.insert(issues.end(), resolved.issues.begin(), resolved.issues.end());
            summary = "scenario (" + probe.value->hardware + ", " + probe.value->model + ")";
        }
    } else if (kind == "calibration") {
        const io::Loaded<CalibrationProfile> profile = io::loadCalibrationFile(path);
        issues = profile.issues;
        if (profile.ok()) {
            const CalibrationProfile& p = *profile.value;
            summary =
                "calibration profile '" + p.id + "' (" + p.hardware + ", " + p.engine + ", " +
                (p.fittedRecords > 0 ? "fitted on " + std::to_string(p.fittedRecords) + " records"
                                     : std::string("not fitted")) +
                ")";
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

const std::vector<CommandSpec>& commands() {
    static const std::vector<CommandSpec> all = {
        {"analyze",
         "analyse one scenario, or a shipped lesson or scenario file\n"
         "(--scenario) with the options on top",
         true, optionSpecs<AnalyzeOptions>(kAnalyzeOptions), &runAnalyze},
        sweepCommand(),
        {"levers",
         "one-click interventions (w4a16, batch-x8, spec-ngram,\n"
         "next-hardware, ...) against this scenario, ranked by TPOT\n"
         "speedup, each with why the points move",
         true, optionSpecs<LeversOptions>(kLeversOptions), &runLevers},
        measuredCommand(),
        calibrateCommand(),
        {"list", "the shipped presets, one per line", false, optionSpecs<ListOptions>(kListOptions),
         &runList},
        frontierCommand(),
        courseCommand(),
        {"validate", "check a file and report every problem", false,
         optionSpecs<ValidateOptions>(kValidateOptions), &runValidate},
    };
    return all;
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.empty()) {
        err << helpText();
        return kExitUsage;
    }
    const std::string& name = args[0];
    if (name == "--help" || name == "-h" || name == "help" ||
        std::any_of(args.begin(), args.end(),
                    [](const std::string& a) { return a == "--help" || a == "-h"; })) {
        out << helpText();
        return kExitOk;
    }
    if (name == "--version") {
        out << "roofline-cli " << ROOFLINE_VERSION << '\n';
        return kExitOk;
    }
    const auto command = std::find_if(commands().begin(), commands().end(),
                                      [&](const CommandSpec& c) { return c.name == name; });
    if (command == commands().end()) {
        return usageError(err, "unknown command '" + name + "'");
    }
    CommandLine line;
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (const std::string error = parseCommandLine(*command, rest, line); !error.empty()) {
        return usageError(err, error);
    }
    return command->run(line, out, err);
}

}  // namespace roofline::cli
