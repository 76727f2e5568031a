// SPDX-License-Identifier: GPL-3.0-or-later
// `roofline-cli sweep`: one analysis per batch × context combination.

#include <algorithm>
#include <array>
#include <cmath>
#include <string_view>

#include "cli.h"
#include "cli_internal.h"
#include "roofline/format.h"
#include "roofline/parse.h"

namespace roofline::cli {

namespace {

constexpr std::size_t kMaxValues = 100'000;
constexpr std::size_t kMaxCells = 1'000'000;

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t at = text.find(separator, start);
        parts.push_back(text.substr(start, at == std::string_view::npos ? at : at - start));
        if (at == std::string_view::npos) {
            return parts;
        }
        start = at + 1;
    }
}

}  // namespace

std::optional<std::vector<std::int64_t>> parseValueList(const std::string& text, std::int64_t lo,
                                                        std::int64_t hi, std::string& error) {
    std::vector<std::int64_t> values;
    // std::string("'").append(x), not "'" + std::string(x): GCC 12 at -O3 warns a false
    // -Wrestrict on the latter (GCC bug 105651).
    const auto inRange = [&](std::optional<std::int64_t> v, std::string_view part) {
        if (!v || *v < lo || *v > hi) {
            error = std::string("'").append(part) + "' is not an integer from " +
                    std::to_string(lo) + " to " + std::to_string(hi);
            return false;
        }
        return true;
    };
    for (std::string_view item : split(text, ',')) {
        const std::vector<std::string_view> range = split(item, ':');
        if (range.size() == 1) {
            const auto v = parseInteger(item);
            if (!inRange(v, item)) {
                return std::nullopt;
            }
            values.push_back(*v);
            continue;
        }
        if (range.size() != 3 || range[2].size() < 2 ||
            (range[2][0] != 'x' && range[2][0] != '+')) {
            error = std::string("'").append(item) +
                    "' is not a range START:END:xFACTOR or START:END:+STEP";
            return std::nullopt;
        }
        const auto start = parseInteger(range[0]);
        const auto end = parseInteger(range[1]);
        const auto step = parseInteger(range[2].substr(1));
        if (!inRange(start, range[0]) || !inRange(end, range[1])) {
            return std::nullopt;
        }
        const bool geometric = range[2][0] == 'x';
        if (geometric && *start < 1) {
            // append(), not "'" + …: GCC 12 at -O3 warns falsely there (bug 105651).
            error = std::string("'").append(item).append(
                "': a geometric range needs a START of at least 1");
            return std::nullopt;
        }
        if (!step || *step < (geometric ? 2 : 1)) {
            error = std::string("'").append(range[2]) + "' needs a step of at least " +
                    (geometric ? "x2" : "+1");
            return std::nullopt;
        }
        for (std::int64_t v = *start; v <= *end;) {
            values.push_back(v);
            if (values.size() > kMaxValues) {
                error = "more than " + std::to_string(kMaxValues) + " values";
                return std::nullopt;
            }
            if ((geometric && v > *end / *step) || (!geometric && v > *end - *step)) {
                break;
            }
            v = geometric ? v * *step : v + *step;
        }
    }
    if (values.empty()) {
        error = "'" + text + "' names no value";
        return std::nullopt;
    }
    return values;
}

namespace {

struct SweepOptions {
    std::optional<std::string> batch;
    std::optional<std::string> context;
    std::optional<std::string> format;
};

// --batch and --context take lists here: these rows shadow the scenario options.
constexpr std::array<OptionRow<SweepOptions>, 3> kSweepOptions = {{
    {"--batch", "LIST",
     "sequences per batch: a list (1,2,4) or a range, geometric\n"
     "(1:4096:x2) or arithmetic (512:4096:+512) (default 1)",
     &SweepOptions::batch},
    {"--context", "LIST", "tokens in the KV cache, a list or range as --batch\n(default 2048)",
     &SweepOptions::context},
    {"--format", "csv|json", "csv (the default) or json", &SweepOptions::format},
}};

int runSweep(const CommandLine& line, std::ostream& out, std::ostream& err) {
    const SweepOptions options = ownOptions<SweepOptions>(kSweepOptions, line);
    const std::string batchText = options.batch.value_or("1");
    const std::string format = options.format.value_or("csv");
    if (format != "csv" && format != "json") {
        return usageError(err, "sweep --format expects csv or json, got '" + format + "'");
    }
    io::ScenarioFile file;
    std::int64_t gqaRatio = 0;
    if (const std::string error = applyScenarioValues(line, file, gqaRatio); !error.empty()) {
        return usageError(err, error);
    }
    const std::string contextText =
        options.context.value_or(std::to_string(file.workload.contextTokens));
    std::string error;
    const auto batches = parseValueList(batchText, 1, kMaxBatch, error);
    if (!batches) {
        return usageError(err, "--batch: " + error);
    }
    const auto contexts = parseValueList(contextText, 0, kMaxTokens, error);
    if (!contexts) {
        return usageError(err, "--context: " + error);
    }
    if (batches->size() * contexts->size() > kMaxCells) {
        const long long cells =
            static_cast<long long>(batches->size()) * static_cast<long long>(contexts->size());
        return usageError(err, std::string("sweep of ")
                                   .append(integerText(cells))
                                   .append(" cells is more than ")
                                   .append(integerText(static_cast<long long>(kMaxCells))));
    }
    io::ResolvedScenario resolved = io::resolve(file, gqaRatio);
    printIssues(err, resolved.issues);
    if (!resolved.ok()) {
        return kExitInvalid;
    }
    Scenario scenario = resolved.scenario;
    io::AnalysisJsonArray rows;
    // CSV goes out in blocks of about 64 KiB (250 rows), each in one write: a buffer that
    // stays in cache and is faulted in once (a whole sweep's buffer, grown as it fills,
    // cost 2 ms of page faults for 10,000 rows).
    constexpr std::size_t kCsvBlockBytes = std::size_t{64} << 10;
    CsvWriter csv;
    if (format == "csv") {
        csv.reserve(kCsvBlockBytes + 4096);
        csv.header();
    }
    for (std::int64_t batch : *batches) {
        for (std::int64_t context : *contexts) {
            scenario.workload.batch = batch;
            scenario.workload.contextTokens = context;
            const Analysis a = analyze(scenario);
            if (format == "csv") {
                csv.row(scenario, a);
                if (csv.text().size() >= kCsvBlockBytes) {
                    csv.flushTo(out);
                }
            } else {
                rows.add(scenario, a);
            }
        }
    }
    if (format == "json") {
        out << rows.text();
    } else {
        csv.flushTo(out);
    }
    return kExitOk;
}

}  // namespace

CommandSpec sweepCommand() {
    return {"sweep", "one row per --batch x --context combination", true,
            optionSpecs<SweepOptions>(kSweepOptions), &runSweep};
}

}  // namespace roofline::cli
