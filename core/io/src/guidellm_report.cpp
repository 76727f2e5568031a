// SPDX-License-Identifier: GPL-3.0-or-later
// A GuideLLM report (benchmarks.json) as measured rows (roofline/io/bench_results.h says which
// keys become what). The keys are those of vllm-project/guidellm's GenerativeBenchmarksReport
// ({"args", "benchmarks": [...]}), GenerativeBenchmark ({"config": {"strategy"}, "metrics"}),
// GenerativeMetrics (each metric a StatusDistributionSummary: {"successful", "incomplete",
// "errored", "total"}, each a DistributionSummary with mean, median, percentiles...) and the
// scheduling strategies ("type_": synchronous, concurrent with "streams", throughput,
// constant, poisson), in src/guidellm/benchmark/schemas/ and src/guidellm/scheduler/; GuideLLM
// 0.2 kept the strategy under "args".

#include "bench_values.h"
#include "measured_rows.h"
#include "roofline/io/bench_results.h"

namespace roofline::io::detail {

namespace {

/// The successful requests' statistic of a metric: metrics.NAME.successful.STAT.
std::optional<double> successful(const Json& benchmark, const char* name, const char* stat) {
    return numberAt(benchmark, {"metrics", name, "successful", stat});
}

/// B: the strategy's concurrency, else the measured mean (a rate strategy), else the
/// context's. `measured` says the mean was used.
std::optional<std::int64_t> concurrency(const Json& benchmark, const BenchmarkContext& context,
                                        bool& measured) {
    const Json* strategy = valueAt(benchmark, {"config", "strategy"});
    if (strategy == nullptr) {
        strategy = valueAt(benchmark, {"args", "strategy"});  // GuideLLM 0.2
    }
    const std::string type = strategy != nullptr ? textAt(*strategy, {"type_"}) : std::string();
    if (type == "synchronous") {
        return 1;
    }
    if (type == "concurrent") {
        return countOf(numberAt(*strategy, {"streams"}));
    }
    if (const std::optional<std::int64_t> mean =
            countOf(successful(benchmark, "request_concurrency", "mean"))) {
        measured = true;
        return mean;
    }
    return countOf(parseNumber(context.batch));
}

void lengthColumn(const Json& benchmark, const char* column, const char* metric,
                  const std::string& given, const char* option, MeasuredColumns& columns,
                  Needs& needs) {
    if (const std::optional<std::int64_t> mean = countOf(successful(benchmark, metric, "mean"))) {
        columns[column] = std::to_string(*mean);
    } else if (!given.empty()) {
        columns[column] = given;
    } else {
        needs.add(std::string("\"metrics.") + metric + ".successful.mean\" or " + option +
                  " given beside the file, found neither");
    }
}

void contextColumn(const char* column, const std::string& given, const char* option,
                   MeasuredColumns& columns, Needs& needs) {
    if (!given.empty()) {
        columns[column] = given;
    } else {
        needs.add(std::string(column) + " given beside the file (" + option +
                  "): a GuideLLM report does not say it");
    }
}

}  // namespace

void readGuideLlmReport(const Json& report, const MeasuredOptions& options, MeasuredFile& out) {
    MeasuredRowBuilder builder(options);
    const BenchmarkContext& context = options.benchmark;
    const Json& benchmarks = report["benchmarks"];
    bool ttftLeftOut = false;
    bool measuredConcurrency = false;
    if (benchmarks.empty()) {
        out.rejected.push_back({0, "expected at least one benchmark in \"benchmarks\", found []"});
        return;
    }
    for (std::size_t i = 0; i < benchmarks.size(); ++i) {
        const Json& benchmark = benchmarks[i];
        const std::size_t number = i + 1;
        if (!benchmark.is_object() || valueAt(benchmark, {"metrics"}) == nullptr ||
            !valueAt(benchmark, {"metrics"})->is_object()) {
            out.rejected.push_back({number, "expected a benchmark object with \"metrics\", found " +
                                                foundText(benchmark)});
            continue;
        }
        MeasuredColumns columns;
        Needs needs;
        if (!context.model.empty()) {
            columns["model"] = context.model;
        } else {
            const std::string served = textAt(report, {"args", "model"});
            const std::string preset = modelPresetForServedName(served);
            if (preset.empty()) {
                needs.add(
                    "\"args.model\" naming a shipped model, or a model given beside the "
                    "file (calibrate --model), found " +
                    (served.empty() ? std::string("none") : "\"" + served + "\""));
            } else {
                columns["model"] = preset;
            }
        }
        contextColumn("hardware", context.hardware, "--hardware", columns, needs);
        contextColumn("tp", context.tp, "--tp", columns, needs);
        contextColumn("weights", context.weights, "--weights", columns, needs);
        contextColumn("activations", context.activations, "--activations", columns, needs);
        contextColumn("kv", context.kv, "--kv", columns, needs);
        bool measured = false;
        const std::optional<std::int64_t> batch = concurrency(benchmark, context, measured);
        if (batch) {
            columns["batch"] = std::to_string(*batch);
            measuredConcurrency = measuredConcurrency || measured;
        } else {
            needs.add(
                "\"config.strategy\" of type synchronous or concurrent (with \"streams\"), "
                "or \"metrics.request_concurrency.successful.mean\", or --batch given "
                "beside the file, found none");
        }
        lengthColumn(benchmark, "prompt", "prompt_token_count", context.prompt, "--prompt", columns,
                     needs);
        lengthColumn(benchmark, "output", "output_token_count", context.output, "--output", columns,
                     needs);
        if (!needs.empty()) {
            out.rejected.push_back({number, needs.text()});
            continue;
        }
        columns["source"] = "GuideLLM report, benchmark " + std::to_string(number);

        std::vector<BenchMetric> metrics;
        const auto add = [&](const char* name, MeasuredMetric metric, double scale) {
            const std::optional<double> v = successful(benchmark, name, "median");
            if (v && *v > 0.0) {
                metrics.push_back({std::string(name) + " median", metric, *v * scale});
            }
        };
        add("inter_token_latency_ms", MeasuredMetric::TpotMs, 1.0);
        if (batch == 1) {
            add("time_to_first_token_ms", MeasuredMetric::TtftMs, 1.0);
        } else {
            ttftLeftOut = ttftLeftOut ||
                          successful(benchmark, "time_to_first_token_ms", "median") != std::nullopt;
        }
        add("request_latency", MeasuredMetric::E2eMs, 1000.0);  // seconds → ms
        if (metrics.empty()) {
            out.rejected.push_back(
                {number,
                 "expected a positive successful median of inter_token_latency_ms, "
                 "time_to_first_token_ms (at a concurrency of 1) or request_latency "
                 "under \"metrics\", found none"});
            continue;
        }
        addRun(builder, number, true, columns, metrics, out);
    }
    if (measuredConcurrency) {
        out.warnings.push_back(
            "benchmarks of a rate strategy (throughput, constant, poisson) set no concurrency: "
            "their batch is the measured mean, metrics.request_concurrency.successful.mean, "
            "rounded");
    }
    if (ttftLeftOut) {
        out.warnings.push_back(ttftLeftOutWarning("time_to_first_token_ms of benchmarks"));
    }
}

}  // namespace roofline::io::detail
