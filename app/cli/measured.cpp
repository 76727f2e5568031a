// SPDX-License-Identifier: GPL-3.0-or-later
// `roofline-cli measured FILE`: measured results against the model (DOMAIN.md §7).

#include "roofline/io/measured.h"

#include <algorithm>
#include <array>

#include "benchmark_given.h"
#include "cli.h"
#include "cli_internal.h"
#include "roofline/format.h"
#include "roofline/io/calibration.h"
#include "roofline/io/measured_estimate.h"

namespace roofline::cli {

namespace {

// Under the estimate ceiling: each row's estimate against its measurement, then how the
// estimate did over the file (the figures a profile is judged by on records it did not see).
void printEstimateTable(std::ostream& out, std::ostream& err, const io::MeasuredFile& file,
                        const io::EstimateChoice& choice) {
    const char* counted = file.json ? "row" : "line";
    out << "\nThe estimate (" << choice.engine
        << " engine): error = estimated / measured - 1; the interval is the profile's\n";
    out << pad(counted, 6) << pad("metric", 32) << pad("measured", 14) << pad("estimated", 14)
        << pad("interval", 24) << pad("error", 9) << pad("in", 4) << "profile\n";
    const io::FileEstimates estimates = io::estimateFile(file, choice);
    for (const std::string& message : estimates.messages) {
        err << message << '\n';  // the message says whether warning or error
    }
    for (std::size_t i = 0; i < file.rows.size(); ++i) {
        const io::MeasuredRow& row = file.rows[i];
        out << pad(std::to_string(row.line), 6) << pad(std::string(toString(row.metric)), 32)
            << pad(formatMeasured(row.metric, row.value), 14);
        if (!estimates.rows[i]) {
            out << "no estimate\n";
            continue;
        }
        const io::RowEstimate& e = *estimates.rows[i];
        // Streamed piece by piece: "x" + std::string at -O3 trips GCC 12's false -Wrestrict
        // (bug 105651).
        std::string interval = formatMeasured(row.metric, e.low);
        interval.append(" - ").append(formatMeasured(row.metric, e.high));
        std::string error = e.error >= 0.0 ? std::string(1, '+') : std::string();
        error.append(formatNumber(e.error * 100.0, 3)).append(1, '%');
        out << pad(formatMeasured(row.metric, e.value), 14) << pad(interval, 24) << pad(error, 9)
            << pad(e.covered ? "yes" : "no", 4) << e.profile->id;
        if (e.profile->fittedRecords > 0) {
            out << " (fitted on " << e.profile->fittedRecords << " records)\n";
        } else {
            out << " (not fitted)\n";
        }
    }
    const io::EstimateSummary s = io::summarizeEstimates(estimates.estimated());
    if (s.rows == 0) {
        return;
    }
    out << "\nOver " << s.rows << (s.rows == 1 ? " row" : " rows") << ": median |error| "
        << formatNumber(s.medianAbsError * 100.0, 3) << "%; the "
        << formatNumber(s.nominalCoverage * 100.0, 3) << "% interval held "
        << formatNumber(s.coveredFraction * 100.0, 3) << "% of the measurements; median width "
        << formatNumber(s.medianWidth, 3) << "x (high / low)\n";
}

void printMeasuredTable(std::ostream& out, const io::MeasuredFile& file, Ceilings ceilings) {
    const char* counted = file.json ? "row" : "line";
    out << "Measured results against the model ("
        << (ceilings == Ceilings::Peak ? "peak" : "achievable")
        << " ceilings): " << file.rows.size() << (file.rows.size() == 1 ? " row" : " rows")
        << " kept, " << file.rejected.size() << " rejected\n"
        << "efficiency = predicted time / measured time; the point is at the pass's intensity "
           "and the FLOP/s achieved\n\n";
    if (!file.rows.empty()) {
        out << pad(counted, 6) << pad("model", 16) << pad("hardware", 16) << pad("tp", 4)
            << pad("w/a/kv", 16) << pad("B", 6) << pad("P", 7) << pad("O", 7) << pad("metric", 32)
            << pad("measured", 22) << pad("predicted", 22) << pad("eff.", 7) << pad("pass", 9)
            << pad("intensity", 15) << "achieved\n";
    }
    for (const io::MeasuredRow& row : file.rows) {
        const io::MeasuredResult r = io::placeRow(row, ceilings);
        const MeasuredPlacement& p = r.placement;
        out << pad(std::to_string(row.line), 6) << pad(row.model, 16) << pad(row.hardware, 16)
            << pad(integerText(row.tp), 4)
            << pad(std::string(toString(row.weights)) + "/" +
                       std::string(toString(row.activations)) + "/" + std::string(toString(row.kv)),
                   16)
            << pad(formatInteger(row.batch), 6) << pad(formatInteger(row.prompt), 7)
            << pad(formatInteger(row.output), 7) << pad(std::string(toString(row.metric)), 32)
            << pad(formatMeasured(row.metric, row.value), 22)
            << pad(formatMeasured(row.metric, p.predictedValue), 22)
            << pad(formatNumber(p.efficiency * 100.0, 3) + "%", 7)
            << pad(std::string(toString(p.pass)), 9)
            << pad(formatNumber(p.intensityFlopsPerByte) + " FLOP/B", 15)
            << formatSi(p.achievedFlopsPerSecond, "FLOP/s") << '\n';
    }
    if (!file.rejected.empty()) {
        out << (file.rows.empty() ? "" : "\n") << "Rejected\n";
        for (const io::MeasuredRejected& r : file.rejected) {
            // Streamed piece by piece: "x" + std::string at -O3 trips GCC 12's false
            // -Wrestrict (bug 105651).
            if (r.line == 0) {
                out << "file";
            } else {
                out << counted << ' ' << r.line;
            }
            out << ": " << r.reason << '\n';
        }
    }
}

struct MeasuredOptions : BenchmarkGiven {
    std::optional<std::string> file;
    std::optional<std::string> ceilings;
    std::optional<std::string> format;
    std::optional<std::string> hardware;
    std::optional<std::string> engine;
    std::optional<std::string> calibration;
};

constexpr std::array<OptionRow<MeasuredOptions>, 6> kMeasuredOwnOptions = {{
    {"FILE", "FILE",
     "CSV or JSON rows: model, hardware, tp, weights, activations,\n"
     "kv, batch, prompt, output, metric (tpot_ms, ttft_ms,\n"
     "output_tokens_per_s[_per_device]), value; or the JSON\n"
     "results of vllm bench serve or a GuideLLM report",
     &MeasuredOptions::file, true},
    {"--ceilings", "peak|achievable|estimate",
     "the roofs the rows are placed under (default peak);\n"
     "estimate: achievable, and each row's estimate with its\n"
     "interval, error and whether the interval held it, then\n"
     "the median |error| and the interval's coverage",
     &MeasuredOptions::ceilings},
    {"--engine", "NAME",
     "the serving engine the rows ran on, whose profiles the\n"
     "estimate uses (default generic)",
     &MeasuredOptions::engine},
    {"--calibration", "ID|FILE",
     "a profile for the rows of its chip (a shipped id or a\n"
     "file); other rows use their chip's and the engine's",
     &MeasuredOptions::calibration},
    {"--format", "table|json", "table (the default) or json", &MeasuredOptions::format},
    {"--hardware", "ID", "a result file's hardware, where it does not say it",
     &MeasuredOptions::hardware},
}};
constexpr auto kMeasuredOptions =
    joined(kMeasuredOwnOptions, benchmarkGivenRows<MeasuredOptions>());

int runMeasured(const CommandLine& line, std::ostream& out, std::ostream& err) {
    const MeasuredOptions options = ownOptions<MeasuredOptions>(kMeasuredOptions, line);
    const std::string format = options.format.value_or("table");
    if (format != "table" && format != "json") {
        return usageError(err, "measured --format expects table or json, got '" + format + "'");
    }
    const std::string ceilingsText = options.ceilings.value_or("peak");
    const std::optional<Ceilings> parsed = parseCeilings(ceilingsText);
    if (!parsed) {
        return usageError(
            err, "--ceilings expects peak, achievable or estimate, got '" + ceilingsText + "'");
    }
    // The estimate is placed on the achievable analysis it starts from (DOMAIN.md §11).
    const bool estimating = *parsed == Ceilings::Estimate;
    const Ceilings ceilings = estimating ? Ceilings::Achievable : *parsed;
    io::EstimateChoice choice;
    choice.engine = options.engine.value_or("generic");
    choice.calibration = options.calibration.value_or("");
    const std::vector<std::string>& engines = io::knownEngines();
    if (std::find(engines.begin(), engines.end(), choice.engine) == engines.end()) {
        return usageError(err,
                          "--engine expects one of generic, vllm, sglang, tensorrt-llm, "
                          "nim, llama.cpp, got '" +
                              choice.engine + "'");
    }
    if (!estimating && (options.engine || options.calibration)) {
        return usageError(err,
                          "--engine and --calibration choose the estimate's profile: "
                          "give --ceilings estimate with them");
    }
    if (!options.file) {
        return usageError(err, "measured expects a FILE (CSV or JSON)");
    }
    const std::string& path = *options.file;
    // A benchmark result file's runs with what the file does not say, from the options.
    const io::MeasuredFile file =
        io::loadMeasuredFile(path, options.context(options.hardware.value_or("")));
    for (const std::string& warning : file.warnings) {
        err << path << ": warning: " << warning << '\n';
    }
    if (format == "json") {
        out << io::measuredToJson(file, ceilings, estimating ? &choice : nullptr);
    } else {
        printMeasuredTable(out, file, ceilings);
        if (estimating && !file.rows.empty()) {
            printEstimateTable(out, err, file, choice);
        }
    }
    if (file.rows.empty()) {
        err << path << ": no row could be used\n";
        return kExitInvalid;
    }
    return kExitOk;
}

}  // namespace

CommandSpec measuredCommand() {
    return {"measured",
            "measured TPOT, TTFT or tokens/s against the model: each\n"
            "row's efficiency and roofline point",
            false, optionSpecs<MeasuredOptions>(kMeasuredOptions), &runMeasured};
}

}  // namespace roofline::cli
