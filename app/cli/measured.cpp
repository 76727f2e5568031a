// SPDX-License-Identifier: GPL-3.0-or-later
// `roofline-cli measured FILE`: measured results against the model (DOMAIN.md §7).

#include "roofline/io/measured.h"

#include <array>

#include "benchmark_given.h"
#include "cli.h"
#include "cli_internal.h"
#include "roofline/format.h"

namespace roofline::cli {

namespace {

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
};

constexpr std::array<OptionRow<MeasuredOptions>, 4> kMeasuredOwnOptions = {{
    {"FILE", "FILE",
     "CSV or JSON rows: model, hardware, tp, weights, activations,\n"
     "kv, batch, prompt, output, metric (tpot_ms, ttft_ms,\n"
     "output_tokens_per_s[_per_device]), value; or the JSON\n"
     "results of vllm bench serve or a GuideLLM report",
     &MeasuredOptions::file, true},
    {"--ceilings", "peak|achievable", "the roofs the rows are placed under (default peak)",
     &MeasuredOptions::ceilings},
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
    if (ceilingsText != "peak" && ceilingsText != "achievable") {
        return usageError(err, "--ceilings expects peak or achievable, got '" + ceilingsText + "'");
    }
    const Ceilings ceilings = ceilingsText == "peak" ? Ceilings::Peak : Ceilings::Achievable;
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
        out << io::measuredToJson(file, ceilings);
    } else {
        printMeasuredTable(out, file, ceilings);
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
