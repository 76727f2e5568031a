// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file measured.h
/// Files of measured results (docs/calibration.md "Measured results"): CSV or JSON rows of
/// `model, hardware, tp, weights, activations, kv, batch, prompt, output, metric, value`,
/// optionally `source` and `label`. Each row that parses and resolves becomes a scenario;
/// each that does not is rejected with its line and the reason, and the rest still load.
/// The placement arithmetic is core's (roofline/measured.h).
///
/// Benchmark result files are read too, recognised by their content: the JSON a `vllm bench
/// serve --save-result` (or benchmarks/benchmark_serving.py) run writes, one object or one per
/// line (--append-result), and a GuideLLM report (benchmarks.json). Each run becomes one row
/// per metric it reports (bench_results.h says which); what such a file does not say (the
/// hardware, the tensor parallelism, the precisions, sometimes the model or the lengths) comes
/// from MeasuredOptions::benchmark, and a run that still lacks one is rejected naming it.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/measured.h"
#include "roofline/scenario.h"

namespace roofline::io {

/// Files larger than this are refused before parsing.
inline constexpr std::size_t kMaxMeasuredFileBytes = 4u << 20;

/// One row that parsed and resolved.
struct MeasuredRow {
    /// CSV: the 1-based line the row starts on. JSON: its 1-based position in the rows.
    std::size_t line = 0;
    std::string model;     ///< as written: a preset id or a path
    std::string hardware;  ///< as written: a preset id or a path
    std::int64_t tp = 1;
    Precision weights = Precision::Bf16;
    Precision activations = Precision::Bf16;
    Precision kv = Precision::Bf16;
    std::int64_t batch = 1;
    /// The file said "max": batch is the largest that fits this row's memory (its
    /// footprint at these lengths, MemoryFootprint::maxBatch), for throughput at load.
    bool maxBatch = false;
    std::int64_t prompt = 1;
    std::int64_t output = 1;
    MeasuredMetric metric = MeasuredMetric::TpotMs;
    double value = 0.0;  ///< in the metric's unit
    std::string source;  ///< optional column: where the figure comes from
    std::string label;   ///< optional column: a short name for the row
    /// Hardware and model loaded; workload from the row: batch B, prompt P, context
    /// meanDecodeContext(P, O), precisions, tensor parallelism; peak ceilings. Valid.
    Scenario scenario;
};

/// A row that did not parse or resolve.
struct MeasuredRejected {
    /// As MeasuredRow::line; 0 for the file as a whole (unreadable, not JSON).
    std::size_t line = 0;
    std::string reason;  ///< "column tp: expected an integer from 1 to 4096, found \"x\""
};

/// What a file was read as.
enum class MeasuredFormat : unsigned char {
    Csv,        ///< the app's CSV rows
    Json,       ///< the app's JSON rows
    VllmBench,  ///< `vllm bench serve` / benchmark_serving.py result JSON (a row per run)
    GuideLlm,   ///< a GuideLLM report (a row per benchmark)
};
/// "CSV", "JSON", "vllm bench serve results", "GuideLLM report": for messages.
std::string_view toString(MeasuredFormat format);

struct MeasuredFile {
    MeasuredFormat format = MeasuredFormat::Csv;
    /// Rows are counted by position ("row N": a JSON row, a benchmark run), not by line. The
    /// rows of one benchmark run share its number; their labels tell them apart.
    bool json = false;
    std::vector<MeasuredRow> rows;
    std::vector<MeasuredRejected> rejected;
    /// Said once per file: unknown columns, which are ignored.
    std::vector<std::string> warnings;
};

/// What a benchmark result file (bench_results.h) does not say, as the user gives it: the
/// text of the measured file's column of that name ("h100-sxm", "2", "fp8", "max"); empty
/// where not given. A value the file has wins, except the model: a result file names the
/// served model ("meta-llama/Llama-3.1-8B-Instruct"), matched to a shipped preset only when
/// `model` is empty. Ignored for the app's own CSV and JSON, whose rows say everything.
struct BenchmarkContext {
    std::string model;
    std::string hardware;
    std::string tp;
    std::string weights;
    std::string activations;
    std::string kv;
    std::string batch;   ///< the concurrency, where the file has none
    std::string prompt;  ///< tokens per prompt, where the file has no token counts
    std::string output;  ///< tokens per output, likewise

    bool operator==(const BenchmarkContext&) const = default;
};

struct MeasuredOptions {
    /// Relative model and hardware paths are read from here (the measured file's folder);
    /// empty: the working directory.
    std::string baseDirectory;
    /// false: model and hardware must be shipped preset ids (no file is read).
    bool allowFiles = true;
    /// What benchmark result files lack.
    BenchmarkContext benchmark;
};

/// Parses measured results. A benchmark result file when the JSON's content is one
/// (bench_results.h); else JSON when the first character that is not white space is '['
/// (an array of objects) or '{' (an object whose "rows" is that array); CSV otherwise:
/// a header row naming the columns (any order), then one row per line, comma separated,
/// fields optionally in double quotes ("" for a quote inside, commas and line breaks
/// allowed inside), blank lines and lines starting with '#' skipped, CRLF accepted.
MeasuredFile parseMeasured(std::string_view text, const MeasuredOptions& options = {});

/// Reads `path` (at most kMaxMeasuredFileBytes) and parses it, with relative paths inside
/// it read from its folder. A file that cannot be read is one rejected entry at line 0.
MeasuredFile loadMeasuredFile(const std::string& path, const BenchmarkContext& benchmark = {});

/// A row analysed under `ceilings`: its analysis and its placement.
struct MeasuredResult {
    Analysis analysis;
    MeasuredPlacement placement;
};
MeasuredResult placeRow(const MeasuredRow& row, Ceilings ceilings);

struct EstimateChoice;

/// The JSON of `roofline-cli measured --format json` (docs/calibration.md "Measured results"):
/// {"ceilings", "rows": [...], "rejected": [{line, reason}], "warnings": [...]}. Under the
/// estimate ceiling (`estimate` given) each row has an "estimate" object too and the file an
/// "estimate_summary" (measured_estimate.h).
std::string measuredToJson(const MeasuredFile& file, Ceilings ceilings,
                           const EstimateChoice* estimate = nullptr);

}  // namespace roofline::io
