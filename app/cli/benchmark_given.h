// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a benchmark result file does not say (roofline/io/bench_results.h: a vLLM result
// names no precision, a GuideLLM report no tensor parallelism), given beside it on the
// command line: `calibrate` and `measured` take the same options.

#include <array>
#include <cstddef>
#include <optional>
#include <string>

#include "command_line.h"
#include "roofline/io/measured.h"

namespace roofline::cli {

/// A command's options struct derives from it; benchmarkGivenRows() fills these fields.
struct BenchmarkGiven {
    std::optional<std::string> model;
    std::optional<std::string> tp;
    std::optional<std::string> weights;
    std::optional<std::string> activations;
    std::optional<std::string> kv;
    std::optional<std::string> batch;
    std::optional<std::string> prompt;
    std::optional<std::string> outputTokens;

    /// The reader's context, for runs on `hardware` (empty: the file must say it).
    io::BenchmarkContext context(const std::string& hardware) const {
        io::BenchmarkContext c;
        c.hardware = hardware;
        c.model = model.value_or("");
        c.tp = tp.value_or("");
        c.weights = weights.value_or("");
        c.activations = activations.value_or("");
        c.kv = kv.value_or("");
        c.batch = batch.value_or("");
        c.prompt = prompt.value_or("");
        c.output = outputTokens.value_or("");
        return c;
    }
};

/// The options of BenchmarkGiven, in `Options`' table.
template <typename Options>
constexpr std::array<OptionRow<Options>, 8> benchmarkGivenRows() {
    return {{
        {"--model", "ID|PATH",
         "a result file's model (default: its model_id matched to a\nshipped preset)",
         &Options::model},
        {"--tp", "N", "a result file's tensor parallelism, where it has no tp", &Options::tp},
        {"--weights", "P", "a result file's weight precision, where it has none",
         &Options::weights},
        {"--activations", "P", "a result file's activation precision, where it has none",
         &Options::activations},
        {"--kv", "P", "a result file's KV-cache precision, where it has none", &Options::kv},
        {"--batch", "N", "a result file's concurrency, where it has none", &Options::batch},
        {"--prompt", "N", "a result file's prompt tokens, where it has no token counts",
         &Options::prompt},
        {"--output", "N", "a result file's output tokens, where it has no token counts",
         &Options::outputTokens},
    }};
}

/// `a` then `b`: a command's own options, then shared ones.
template <typename Row, std::size_t N, std::size_t M>
constexpr std::array<Row, N + M> joined(const std::array<Row, N>& a, const std::array<Row, M>& b) {
    std::array<Row, N + M> out{};
    for (std::size_t i = 0; i < N; ++i) {
        out[i] = a[i];
    }
    for (std::size_t i = 0; i < M; ++i) {
        out[N + i] = b[i];
    }
    return out;
}

}  // namespace roofline::cli
