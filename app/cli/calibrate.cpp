// SPDX-License-Identifier: GPL-3.0-or-later
// `roofline-cli calibrate FILE --hardware ID`: a calibration profile of the estimate ceiling
// fitted to measured results (DOMAIN.md §11; the fit is roofline/calibrate.h's).

#include "roofline/calibrate.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>

#include <nlohmann/json.hpp>

#include "benchmark_given.h"
#include "cli.h"
#include "cli_internal.h"
#include "roofline/format.h"
#include "roofline/io/calibrate_measured.h"
#include "roofline/io/calibration.h"
#include "roofline/io/measured.h"
#include "roofline/io/presets.h"
#include "roofline/parse.h"
#include "roofline/validate.h"

namespace roofline::cli {

namespace {

using Skipped = io::SkippedRow;

std::string fitToJson(const std::string& path, const FitResult& fit,
                      const std::vector<Skipped>& skipped, const io::MeasuredFile& file) {
    nlohmann::ordered_json j;
    j["file"] = path;
    j["records"] = fit.profile.fittedRecords;
    nlohmann::ordered_json parameters = nlohmann::ordered_json::array();
    for (const ParameterFit& f : fit.parameters) {
        parameters.push_back(
            {{"name", f.name},
             {"value", f.value},
             {"standard_error", f.standardError ? nlohmann::ordered_json(*f.standardError)
                                                : nlohmann::ordered_json()},
             {"status", std::string(toString(f.status))}});
    }
    j["parameters"] = parameters;
    nlohmann::ordered_json residuals = nlohmann::ordered_json::array();
    for (const RecordResidual& r : fit.residuals) {
        residuals.push_back({{"id", r.id},
                             {"metric", std::string(toString(r.metric))},
                             {"measured", r.measured},
                             {"estimated", r.estimated},
                             {"error", r.estimated / r.measured - 1.0},
                             {"residual", r.residual},
                             {"loo_estimated", r.looEstimated},
                             {"loo_error", r.looEstimated / r.measured - 1.0},
                             {"loo_residual", r.looResidual}});
    }
    j["residuals"] = residuals;
    j["median_abs_error"] = fit.medianAbsError;
    j["median_abs_loo_error"] = fit.medianAbsLooError;
    j["held_out_by"] = fit.heldOutBySource ? "source" : "record";
    j["coverage"] = fit.profile.coverage;
    j["residual_low"] = fit.profile.residualLow;
    j["residual_high"] = fit.profile.residualHigh;
    j["iterations"] = fit.iterations;
    j["converged"] = fit.converged;
    j["notes"] = fit.notes;
    nlohmann::ordered_json skippedRows = nlohmann::ordered_json::array();
    for (const Skipped& s : skipped) {
        skippedRows.push_back({{"line", s.line}, {"hardware", s.hardware}});
    }
    j["skipped"] = skippedRows;
    nlohmann::ordered_json rejected = nlohmann::ordered_json::array();
    for (const io::MeasuredRejected& r : file.rejected) {
        rejected.push_back({{"line", r.line}, {"reason", r.reason}});
    }
    j["rejected"] = rejected;
    j["profile"] = nlohmann::ordered_json::parse(io::calibrationProfileToJson(fit.profile));
    return j.dump(2) + "\n";
}

struct CalibrateOptions : BenchmarkGiven {
    std::optional<std::string> file;
    std::optional<std::string> hardware;
    std::optional<std::string> engine;
    std::optional<std::string> from;
    std::optional<std::string> fix;
    std::optional<std::string> free;
    std::optional<std::string> output;
    std::optional<std::string> format;
};

constexpr std::array<OptionRow<CalibrateOptions>, 8> kCalibrateOwnOptions = {{
    {"FILE", "FILE",
     "measured results, as for measured, or the JSON results of\n"
     "vllm bench serve (benchmark_serving.py) or a GuideLLM\n"
     "report: the records to fit on",
     &CalibrateOptions::file, true},
    {"--hardware", "ID",
     "the hardware preset the profile is for; rows on other\n"
     "hardware are skipped (and a result file's runs ran on it)",
     &CalibrateOptions::hardware, true},
    {"--engine", "NAME",
     "the serving engine the rows ran on (default generic): the\n"
     "fit starts from its shipped profile, else the generic one",
     &CalibrateOptions::engine},
    {"--from", "ID|FILE",
     "start from this profile (a shipped id or a file) instead:\n"
     "its values are kept where not fitted, its compute units and\n"
     "tiles used",
     &CalibrateOptions::from},
    {"--fix", "NAME=VALUE",
     "hold a parameter at VALUE (seconds, tokens or a factor);\n"
     "repeatable. NAME: step_overhead_s, kernel_floor_s,\n"
     "attention_efficiency, attention_half_length,\n"
     "weight_efficiency/P, kv_efficiency/P",
     &CalibrateOptions::fix},
    {"--free", "NAME,NAME,...",
     "fit only these parameters (default: every one the rows\n"
     "exercise, less those fixed)",
     &CalibrateOptions::free},
    {"-o", "FILE", "write the fitted profile (a calibration profile file)",
     &CalibrateOptions::output},
    {"--format", "table|json", "table (the default) or json", &CalibrateOptions::format},
}};
constexpr auto kCalibrateOptions =
    joined(kCalibrateOwnOptions, benchmarkGivenRows<CalibrateOptions>());

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = text.find(',', start);
        out.push_back(text.substr(start, comma - start));
        if (comma == std::string::npos) {
            return out;
        }
        start = comma + 1;
    }
}

int runCalibrate(const CommandLine& line, std::ostream& out, std::ostream& err) {
    const CalibrateOptions options = ownOptions<CalibrateOptions>(kCalibrateOptions, line);
    const std::string format = options.format.value_or("table");
    if (format != "table" && format != "json") {
        return usageError(err, "calibrate --format expects table or json, got '" + format + "'");
    }
    if (!options.file) {
        return usageError(err, "calibrate expects a FILE of measured results (CSV or JSON)");
    }
    if (!options.hardware || options.hardware->empty()) {
        return usageError(err, "calibrate expects --hardware ID: a profile is for one hardware");
    }
    const std::string& hardware = *options.hardware;
    const std::string engine = options.engine.value_or("generic");

    // --fix NAME=VALUE, each occurrence; --free NAME,NAME,...
    std::vector<std::pair<std::string, double>> fixes;
    for (const auto& [row, value] : line.own) {
        if (kCalibrateOptions[row].field != &CalibrateOptions::fix) {
            continue;
        }
        const std::size_t equals = value.find('=');
        const std::string name = value.substr(0, equals);
        const std::optional<double> parsed =
            equals == std::string::npos ? std::nullopt : parseNumber(value.substr(equals + 1));
        // A plain double, not the optional: GCC 12 at -O3 warns a false maybe-uninitialized
        // on the optional's payload.
        const bool isNumber = parsed.has_value();
        const double number = parsed.value_or(0.0);
        if (!profileParameter(CalibrationProfile{}, name) || !isNumber) {
            return usageError(err, "--fix expects NAME=VALUE, NAME one of " +
                                       profileParameterNames() + " and VALUE a number, got '" +
                                       value + "'");
        }
        fixes.emplace_back(name, number);
    }
    std::vector<std::string> free;
    if (options.free) {
        for (const std::string& name : splitList(*options.free)) {
            if (!profileParameter(CalibrationProfile{}, name)) {
                return usageError(err, "--free expects parameter names (" +
                                           profileParameterNames() + "), got '" + name + "'");
            }
            free.push_back(name);
        }
    }

    io::Loaded<CalibrationProfile> base;
    if (options.from) {
        base = io::loadCalibration(*options.from);
    } else {
        base = io::resolveCalibration(hardware, engine);
    }
    printIssues(err, base.issues);
    if (!base.ok()) {
        const bool engineError =
            std::any_of(base.issues.begin(), base.issues.end(),
                        [](const Issue& i) { return i.field == "calibration.engine"; });
        return engineError ? kExitUsage : kExitInvalid;
    }
    FitOptions fitOptions;
    std::string fixError;
    if (!io::calibrationFitOptions(*base.value, fixes, free, *options.file, fitOptions, fixError)) {
        return usageError(err, fixError);
    }

    const std::string& path = *options.file;
    // What a benchmark result file does not say, from the options (the hardware is the
    // profile's).
    const io::BenchmarkContext context = options.context(hardware);
    const io::MeasuredFile file = io::loadMeasuredFile(path, context);
    for (const std::string& warning : file.warnings) {
        err << path << ": warning: " << warning << '\n';
    }
    const char* counted = file.json ? "row" : "line";
    for (const io::MeasuredRejected& r : file.rejected) {
        if (r.line == 0) {
            err << path << ": " << r.reason << '\n';
        } else {
            err << path << ": " << counted << ' ' << r.line << ": " << r.reason << " (not used)\n";
        }
    }
    std::vector<Skipped> skipped;
    const std::vector<CalibrationRecord> records = io::calibrationRecords(file, hardware, skipped);
    if (records.empty()) {
        err << path << ": no row on " << hardware << " could be used\n";
        return kExitInvalid;
    }

    FitResult fit = fitProfile(records, fitOptions);
    if (!fit.ok) {
        err << path << ": cannot fit a profile: " << fit.error << '\n';
        return kExitInvalid;
    }
    CalibrationProfile& profile = fit.profile;
    io::nameFittedProfile(profile, hardware, engine, io::todayUtc(), path, records.size());
    if (format == "json") {
        out << fitToJson(path, fit, skipped, file);
    } else {
        out << io::fitReportText(path, hardware, fit, skipped, file.json);
    }
    if (options.output) {
        std::ofstream written(*options.output, std::ios::binary | std::ios::trunc);
        written << io::calibrationProfileToJson(profile);
        written.close();
        if (!written) {
            err << *options.output << ": cannot write the profile\n";
            return kExitInvalid;
        }
        if (format != "json") {
            out << "profile written to " << *options.output << '\n';
        }
    }
    return kExitOk;
}

}  // namespace

CommandSpec calibrateCommand() {
    return {"calibrate",
            "fit the estimate's calibration profile (step overhead,\n"
            "kernel floor, efficiencies) to measured results on one\n"
            "hardware, with each parameter's standard error and a\n"
            "leave-one-out prediction interval; exit 3 when the rows\n"
            "cannot determine the parameters",
            false, optionSpecs<CalibrateOptions>(kCalibrateOptions), &runCalibrate};
}

}  // namespace roofline::cli
