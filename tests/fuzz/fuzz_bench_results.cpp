// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the benchmark result readers (roofline/io/bench_results.h), vLLM's
// result JSON (one object or JSON Lines) and GuideLLM's report. Every input gives rows or
// rejections, never a crash; a rejection names its run and why; a kept row is a valid
// scenario of what was given beside the file, whose placement is finite and positive.
#include <cmath>
#include <cstdint>
#include <string_view>

#include "fuzz_common.h"
#include "roofline/io/bench_results.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofline;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    // Only shipped ids: a fuzzed model name must not make the target read files. What the
    // files lack is given, so that runs get as far as rows.
    io::MeasuredOptions options;
    options.allowFiles = false;
    options.benchmark.hardware = "h100-sxm";
    options.benchmark.tp = "1";
    options.benchmark.weights = "bf16";
    options.benchmark.activations = "bf16";
    options.benchmark.kv = "bf16";
    options.benchmark.batch = "4";
    options.benchmark.prompt = "128";
    options.benchmark.output = "64";
    const io::MeasuredFile file = io::parseBenchmarkResults(text, options);
    fuzz::check(file.json);
    // A run's number is at most the number of lines or array elements: one per byte, + 1.
    for (const io::MeasuredRejected& r : file.rejected) {
        fuzz::check(!r.reason.empty());
        fuzz::check(r.line <= size + 1);
    }
    for (const std::string& w : file.warnings) {
        fuzz::check(!w.empty());
    }
    std::size_t previous = 0;
    for (const io::MeasuredRow& row : file.rows) {
        fuzz::check(row.line >= 1 && row.line >= previous && row.line <= size + 1);
        previous = row.line;
        fuzz::check(!row.label.empty());
        fuzz::check(!hasErrors(validate(row.scenario)));
        fuzz::check(row.value > 0.0 && std::isfinite(row.value));
        for (Ceilings c : {Ceilings::Peak, Ceilings::Achievable}) {
            const io::MeasuredResult r = io::placeRow(row, c);
            fuzz::checkFinite(r.analysis);
            const MeasuredPlacement& p = r.placement;
            fuzz::check(std::isfinite(p.efficiency) && p.efficiency > 0.0);
            fuzz::check(std::isfinite(p.predictedValue) && p.predictedValue > 0.0);
        }
    }
    return 0;
}
