// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file bench_results.h
/// Benchmark result files read as measured results (measured.h), from the formats their
/// tools write:
///
/// **vLLM** (`vllm bench serve --save-result`, vllm/benchmarks/serve.py, and the older
/// benchmarks/benchmark_serving.py): one JSON object per run, or one per line with
/// --append-result. Recognised by "request_throughput", "median_tpot_ms", "median_ttft_ms" or
/// "output_throughput" at the top level. A run gives, for each of these that it has (a
/// positive number):
///
/// | key | metric |
/// |---|---|
/// | median_tpot_ms (excludes the first token, as tpot_ms) | tpot_ms |
/// | median_ttft_ms, at a concurrency of 1 only | ttft_ms |
/// | median_e2el_ms (with --percentile-metrics e2el) | e2e_ms |
/// | output_throughput (output tokens over the run's duration) | request_output_tokens_per_s |
///
/// B is "max_concurrency" (null when the run was not capped: then the context's batch).
/// P and O are the means total_input_tokens / completed and total_output_tokens / completed,
/// rounded; else "input_len"/"output_len" or "random_input_len"/"random_output_len" if the
/// file has them; else the context's. The hardware, "tp" and the precisions ("weights",
/// "activations", "kv") are read where the run was saved with --metadata KEY=VALUE (which
/// vLLM writes as top-level strings: `--metadata tp=2 hardware=h100-sxm`), else from the
/// context. The model is the context's, else "model_id" matched to a shipped preset.
///
/// **GuideLLM** (`guidellm benchmark --output-path benchmarks.json`, GenerativeBenchmarksReport
/// in src/guidellm/benchmark/schemas/generative/report.py): an object whose "benchmarks" is
/// an array; each benchmark is a run. Its metrics are distributions by request status; the
/// successful requests' are read:
///
/// | key under "metrics" | metric |
/// |---|---|
/// | inter_token_latency_ms.successful.median (excludes the first token) | tpot_ms |
/// | time_to_first_token_ms.successful.median, at a concurrency of 1 only | ttft_ms |
/// | request_latency.successful.median (seconds) × 1000 | e2e_ms |
///
/// (GuideLLM's time_per_output_token_ms includes the first token, so it is not TPOT.)
/// B: the strategy ("config.strategy", or "args.strategy" in GuideLLM 0.2): "synchronous" is
/// 1, "concurrent" its "streams"; a rate strategy (throughput, constant, poisson) has no set
/// concurrency, so the measured mean, metrics.request_concurrency.successful.mean, rounded,
/// with a warning; else the context's. P and O: the means of
/// metrics.prompt_token_count.successful and output_token_count.successful, rounded; else
/// the context's. The model: the context's, else "model" of the report's "args" matched to
/// a preset. The hardware, TP and precisions: the context's.
///
/// TTFT at a concurrency above 1 is left out (said once as a warning): ttft_ms is the prefill
/// of B prompts at once (measured.h), while a serving run's TTFT is one request's, prefilled
/// beside the decode of the others. A run that lacks something is rejected naming the key it
/// needed and the option that gives it; the others still load.
///
/// Sources read for these keys: vllm-project/vllm benchmarks/benchmark_serving.py (main(),
/// "Save config and results to json", and benchmark()'s result dict),
/// vllm/benchmarks/serve.py (main_async() and benchmark()); vllm-project/guidellm
/// src/guidellm/benchmark/schemas/generative/{report,benchmark,metrics}.py, the strategies in
/// src/guidellm/scheduler/strategies.py, and GenerativeRequestStats (inter_token_latency_ms:
/// (last − first token) / (output tokens − 1); time_per_output_token_ms: from the request's
/// start).

#include <string_view>

#include "roofline/io/measured.h"

namespace roofline::io {

/// Parses a benchmark result file (either format above, recognised from its content). Text
/// that is neither is one rejection at line 0 saying what was expected.
MeasuredFile parseBenchmarkResults(std::string_view text, const MeasuredOptions& options = {});

/// The shipped model preset a served model name stands for: its last path component, lower
/// case, or the longest prefix of it at a '-' that is a preset id
/// ("meta-llama/Llama-3.1-8B-Instruct" → "llama-3.1-8b"); empty when none is.
std::string modelPresetForServedName(std::string_view served);

}  // namespace roofline::io
