// SPDX-License-Identifier: GPL-3.0-or-later
// `vllm bench serve --save-result` (and benchmarks/benchmark_serving.py) result JSON as
// measured rows (roofline/io/bench_results.h says which keys become what). The keys are those
// main() and benchmark() write in vllm-project/vllm benchmarks/benchmark_serving.py and
// vllm/benchmarks/serve.py: date, backend, model_id, num_prompts, the --metadata KEY=VALUE
// pairs (top-level strings), request_rate, max_concurrency (null when not capped), completed,
// total_input_tokens, total_output_tokens, request_throughput, output_throughput, and
// mean_/median_/std_/pNN_ of ttft_ms, tpot_ms, itl_ms (and e2el_ms when asked for).

#include <cmath>

#include "bench_values.h"
#include "measured_rows.h"
#include "roofline/io/bench_results.h"

namespace roofline::io::detail {

namespace {

/// The run's model: the context's, else model_id matched to a preset.
void modelColumn(const Json& run, const BenchmarkContext& context, MeasuredColumns& columns,
                 Needs& needs) {
    if (!context.model.empty()) {
        columns["model"] = context.model;
        return;
    }
    const std::string served = textAt(run, {"model_id"});
    const std::string preset = modelPresetForServedName(served);
    if (preset.empty()) {
        needs.add(
            "\"model_id\" naming a shipped model, or a model given beside the file "
            "(calibrate --model), found " +
            (served.empty() ? std::string("none") : "\"" + served + "\""));
        return;
    }
    columns["model"] = preset;
}

/// A column from the file's --metadata key (or its alternatives), else the context's.
void metadataColumn(const Json& run, const char* column, std::initializer_list<const char*> keys,
                    const std::string& given, const char* option, MeasuredColumns& columns,
                    Needs& needs) {
    for (const char* key : keys) {
        if (std::string text = textAt(run, {key}); !text.empty()) {
            columns[column] = std::move(text);
            return;
        }
    }
    if (!given.empty()) {
        columns[column] = given;
        return;
    }
    needs.add(std::string("\"") + *keys.begin() + "\" (save the run with --metadata " +
              *keys.begin() + "=...) or " + option + " given beside the file, found neither");
}

/// P or O: the run's mean, total / completed, else a length key, else the context's.
void lengthColumn(const Json& run, const char* column, const char* total,
                  std::initializer_list<const char*> keys, const std::string& given,
                  const char* option, MeasuredColumns& columns, Needs& needs) {
    const std::optional<double> completed = numberAt(run, {"completed"});
    const std::optional<double> tokens = numberAt(run, {total});
    if (completed && *completed > 0.0 && tokens) {
        if (const std::optional<std::int64_t> mean = countOf(*tokens / *completed)) {
            columns[column] = std::to_string(*mean);
            return;
        }
    }
    for (const char* key : keys) {
        if (const std::optional<std::int64_t> n = countOf(numberAt(run, {key}))) {
            columns[column] = std::to_string(*n);
            return;
        }
    }
    if (!given.empty()) {
        columns[column] = given;
        return;
    }
    needs.add(std::string("\"") + total + "\" and \"completed\" (tokens per request) or " + option +
              " given beside the file, found neither");
}

}  // namespace

void readVllmBenchRuns(const std::vector<Json>& runs, const MeasuredOptions& options,
                       MeasuredFile& out) {
    MeasuredRowBuilder builder(options);
    const BenchmarkContext& context = options.benchmark;
    bool ttftLeftOut = false;
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const Json& run = runs[i];
        const std::size_t number = i + 1;
        if (!isVllmBenchResult(run)) {
            out.rejected.push_back({number,
                                    "expected a vllm bench serve result (an object with "
                                    "request_throughput, median_tpot_ms...), found " +
                                        foundText(run)});
            continue;
        }
        MeasuredColumns columns;
        Needs needs;
        modelColumn(run, context, columns, needs);
        metadataColumn(run, "hardware", {"hardware"}, context.hardware, "--hardware", columns,
                       needs);
        metadataColumn(run, "tp", {"tp", "tensor_parallel_size"}, context.tp, "--tp", columns,
                       needs);
        metadataColumn(run, "weights", {"weights"}, context.weights, "--weights", columns, needs);
        metadataColumn(run, "activations", {"activations"}, context.activations, "--activations",
                       columns, needs);
        metadataColumn(run, "kv", {"kv"}, context.kv, "--kv", columns, needs);
        // B: the cap on concurrent requests; null when the run sent them all at once.
        std::optional<std::int64_t> batch = countOf(numberAt(run, {"max_concurrency"}));
        if (batch) {
            columns["batch"] = std::to_string(*batch);
        } else if (!context.batch.empty()) {
            columns["batch"] = context.batch;
            batch = countOf(parseNumber(context.batch));
        } else {
            needs.add(
                "\"max_concurrency\" (the run's cap on concurrent requests; null when not "
                "capped) or --batch given beside the file, found " +
                (valueAt(run, {"max_concurrency"}) == nullptr
                     ? std::string("neither")
                     : foundText(*valueAt(run, {"max_concurrency"}))));
        }
        lengthColumn(run, "prompt", "total_input_tokens", {"input_len", "random_input_len"},
                     context.prompt, "--prompt", columns, needs);
        lengthColumn(run, "output", "total_output_tokens", {"output_len", "random_output_len"},
                     context.output, "--output", columns, needs);
        if (!needs.empty()) {
            out.rejected.push_back({number, needs.text()});
            continue;
        }
        const std::string date = textAt(run, {"date"});
        columns["source"] = "vllm bench serve result" + (date.empty() ? "" : " of " + date);

        std::vector<BenchMetric> metrics;
        const auto add = [&](const char* key, MeasuredMetric metric, double scale) {
            const std::optional<double> v = numberAt(run, {key});
            if (v && *v > 0.0) {
                metrics.push_back({key, metric, *v * scale});
            }
        };
        add("median_tpot_ms", MeasuredMetric::TpotMs, 1.0);
        if (batch == 1) {
            add("median_ttft_ms", MeasuredMetric::TtftMs, 1.0);
        } else {
            ttftLeftOut = ttftLeftOut || valueAt(run, {"median_ttft_ms"}) != nullptr;
        }
        add("median_e2el_ms", MeasuredMetric::E2eMs, 1.0);
        add("output_throughput", MeasuredMetric::RequestOutputTokensPerSecond, 1.0);
        if (metrics.empty()) {
            out.rejected.push_back(
                {number,
                 "expected a positive median_tpot_ms, median_ttft_ms (at a concurrency "
                 "of 1), median_e2el_ms or output_throughput, found none"});
            continue;
        }
        addRun(builder, number, runs.size() > 1, columns, metrics, out);
    }
    if (ttftLeftOut) {
        out.warnings.push_back(ttftLeftOutWarning("median_ttft_ms of runs"));
    }
}

}  // namespace roofline::io::detail
