// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Between measured.cpp and the benchmark readers (bench_results.cpp and its two formats): a
// benchmark run's record written as the columns of a measured row, turned into a MeasuredRow
// by the same checks, messages and model and hardware loading as a CSV row.

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "json_util.h"
#include "roofline/io/measured.h"

namespace roofline::io::detail {

/// Column name ("model", "tp", "metric", "value", "label"...) → its text; a column left out
/// is absent.
using MeasuredColumns = std::map<std::string, std::string, std::less<>>;

class MeasuredRowBuilder {
public:
    explicit MeasuredRowBuilder(const MeasuredOptions& options);
    ~MeasuredRowBuilder();
    MeasuredRowBuilder(const MeasuredRowBuilder&) = delete;
    MeasuredRowBuilder& operator=(const MeasuredRowBuilder&) = delete;

    /// The row, or nullopt with `reason` set as a CSV row's ("column tp: expected an integer
    /// from 1 to 4096, found nothing"). Each model and hardware is loaded once per builder.
    std::optional<MeasuredRow> build(const MeasuredColumns& columns, std::string& reason);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

/// The benchmark readers, on a parsed file: each run (an element of `runs`) at its 1-based
/// number. They fill `out`'s rows, rejections and warnings.
void readVllmBenchRuns(const std::vector<Json>& runs, const MeasuredOptions& options,
                       MeasuredFile& out);
void readGuideLlmReport(const Json& report, const MeasuredOptions& options, MeasuredFile& out);

/// Whether a top-level object is a vLLM result / a GuideLLM report (bench_results.h).
bool isVllmBenchResult(const Json& object);
bool isGuideLlmReport(const Json& object);

/// Parses `text` as a benchmark result file; false, and `out` untouched, when it is none.
bool parseBenchmarkJson(std::string_view text, const MeasuredOptions& options, MeasuredFile& out);

/// A run's common columns and its metrics, as the readers collect them.
struct BenchMetric {
    std::string key;  ///< the file's key, for the label and messages ("median_tpot_ms")
    MeasuredMetric metric = MeasuredMetric::TpotMs;
    double value = 0.0;
};

/// Turns one run into rows: `columns` hold model, hardware, tp, precisions, batch, prompt,
/// output (and source); each metric adds metric, value and a label ("median_tpot_ms", or
/// "run 2: median_tpot_ms" when `numbered`). A run whose columns do not make a row is one
/// rejection, its reason prefixed with `what` ("vllm bench serve run").
void addRun(MeasuredRowBuilder& builder, std::size_t run, bool numbered,
            const MeasuredColumns& columns, const std::vector<BenchMetric>& metrics,
            MeasuredFile& out);

/// A number's text as a measured cell reads it (locale-independent, round-trips).
std::string numberText(double value);

}  // namespace roofline::io::detail
