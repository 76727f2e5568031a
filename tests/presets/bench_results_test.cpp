// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark result files read as measured results (roofline/io/bench_results.h): a small
// `vllm bench serve --save-result` JSON, the same appended as JSON Lines, and a small GuideLLM
// report, each written from the format its tool documents (the keys benchmark_serving.py /
// vllm/benchmarks/serve.py and GuideLLM's report schema write). The expected rows are worked
// out by hand from the files in tests/data/measured.

#include "roofline/io/bench_results.h"

#include <string>

#include <gtest/gtest.h>

#include "roofline/io/calibrate_measured.h"
#include "roofline/io/measured.h"

namespace roofline::io {
namespace {

const std::string kData = std::string(ROOFLINE_TEST_DATA_DIR) + "/measured/";

BenchmarkContext h100Bf16() {
    BenchmarkContext c;
    c.hardware = "h100-sxm";
    c.tp = "1";
    c.weights = "bf16";
    c.activations = "bf16";
    c.kv = "bf16";
    return c;
}

const MeasuredRow* rowOf(const MeasuredFile& f, MeasuredMetric metric, std::size_t line) {
    for (const MeasuredRow& r : f.rows) {
        if (r.metric == metric && r.line == line) {
            return &r;
        }
    }
    return nullptr;
}

bool hasWarning(const MeasuredFile& f, const std::string& part) {
    for (const std::string& w : f.warnings) {
        if (w.find(part) != std::string::npos) {
            return true;
        }
    }
    return false;
}

TEST(BenchResults, ServedModelNamesMatchPresets) {
    // The last path component, lower case, cut at '-' until it names a preset.
    EXPECT_EQ(modelPresetForServedName("meta-llama/Llama-3.1-8B-Instruct"), "llama-3.1-8b");
    EXPECT_EQ(modelPresetForServedName("Qwen/Qwen2.5-7B-Instruct"), "qwen2.5-7b");
    EXPECT_EQ(modelPresetForServedName("mistralai/Mistral-7B-Instruct-v0.3"), "mistral-7b");
    EXPECT_EQ(modelPresetForServedName("llama-2-7b"), "llama-2-7b");
    EXPECT_EQ(modelPresetForServedName("/models/my-finetune"), "");
    EXPECT_EQ(modelPresetForServedName(""), "");
}

TEST(BenchResults, VllmResultGivesTpotAndThroughputAtItsConcurrency) {
    // vllm-bench-result.json: one run of Llama-3.1-8B-Instruct, max_concurrency 8, saved with
    // --metadata tp=1 weights=bf16; 64 requests of 65,536 input and 8,192 output tokens in
    // all: P = 65536 / 64 = 1024, O = 8192 / 64 = 128. It has no hardware, activations or
    // kv: those come from beside it (h100-sxm, bf16, bf16).
    BenchmarkContext c;
    c.hardware = "h100-sxm";
    c.activations = "bf16";
    c.kv = "bf16";
    const MeasuredFile f = loadMeasuredFile(kData + "vllm-bench-result.json", c);
    EXPECT_EQ(f.format, MeasuredFormat::VllmBench);
    EXPECT_TRUE(f.json);
    EXPECT_TRUE(f.rejected.empty()) << f.rejected.front().reason;
    // median_tpot_ms 9.5 → tpot_ms; output_throughput 204.8 → request_output_tokens_per_s;
    // median_ttft_ms 88 is left out at a concurrency of 8 (said once); no median_e2el_ms.
    ASSERT_EQ(f.rows.size(), 2u);
    const MeasuredRow* tpot = rowOf(f, MeasuredMetric::TpotMs, 1);
    ASSERT_NE(tpot, nullptr);
    EXPECT_DOUBLE_EQ(tpot->value, 9.5);
    EXPECT_EQ(tpot->model, "llama-3.1-8b");
    EXPECT_EQ(tpot->hardware, "h100-sxm");
    EXPECT_EQ(tpot->tp, 1);
    EXPECT_EQ(tpot->batch, 8);
    EXPECT_EQ(tpot->prompt, 1024);
    EXPECT_EQ(tpot->output, 128);
    EXPECT_EQ(tpot->label, "median_tpot_ms");
    EXPECT_EQ(tpot->source, "vllm bench serve result of 20261201-101500");
    EXPECT_EQ(tpot->scenario.workload.batch, 8);
    const MeasuredRow* rate = rowOf(f, MeasuredMetric::RequestOutputTokensPerSecond, 1);
    ASSERT_NE(rate, nullptr);
    EXPECT_DOUBLE_EQ(rate->value, 204.8);
    EXPECT_EQ(rowOf(f, MeasuredMetric::TtftMs, 1), nullptr);
    EXPECT_TRUE(hasWarning(f, "median_ttft_ms of runs at a concurrency above 1 is not used"));
}

TEST(BenchResults, TheFileWinsOverWhatIsGivenBesideIt) {
    // The run says tp 1 and weights bf16 (its --metadata); --tp 2 and --weights fp8 beside it
    // fill only what it lacks, so the row keeps 1 and bf16.
    BenchmarkContext c = h100Bf16();
    c.tp = "2";
    c.weights = "fp8";
    const MeasuredFile f = loadMeasuredFile(kData + "vllm-bench-result.json", c);
    ASSERT_FALSE(f.rows.empty());
    EXPECT_EQ(f.rows[0].tp, 1);
    EXPECT_EQ(f.rows[0].weights, Precision::Bf16);
}

TEST(BenchResults, ARunThatLacksAKeyIsRefusedNamingIt) {
    // Without the hardware, activations and kv beside it the run cannot become a scenario:
    // one rejection, at run 1, naming each key it needed and the option that gives it.
    const MeasuredFile f = loadMeasuredFile(kData + "vllm-bench-result.json");
    EXPECT_TRUE(f.rows.empty());
    ASSERT_EQ(f.rejected.size(), 1u);
    EXPECT_EQ(f.rejected[0].line, 1u);
    const std::string& why = f.rejected[0].reason;
    EXPECT_NE(why.find("expected \"hardware\" (save the run with --metadata hardware=...) or "
                       "--hardware given beside the file, found neither"),
              std::string::npos)
        << why;
    EXPECT_NE(why.find("\"activations\""), std::string::npos) << why;
    EXPECT_NE(why.find("\"kv\""), std::string::npos) << why;
    EXPECT_EQ(why.find("\"tp\""), std::string::npos) << why;  // the file has it

    // An uncapped run (max_concurrency null) has no batch: it needs --batch.
    const std::string uncapped =
        R"({"model_id": "llama-3.1-8b", "max_concurrency": null, "completed": 2,
            "total_input_tokens": 256, "total_output_tokens": 64, "median_tpot_ms": 9.5})";
    MeasuredOptions o;
    o.allowFiles = false;
    o.benchmark = h100Bf16();
    MeasuredFile u = parseMeasured(uncapped, o);
    ASSERT_EQ(u.rejected.size(), 1u);
    EXPECT_NE(u.rejected[0].reason.find("\"max_concurrency\""), std::string::npos)
        << u.rejected[0].reason;
    EXPECT_NE(u.rejected[0].reason.find("found null"), std::string::npos) << u.rejected[0].reason;
    o.benchmark.batch = "32";  // --batch 32: P = 256 / 2 = 128, O = 64 / 2 = 32
    u = parseMeasured(uncapped, o);
    ASSERT_EQ(u.rows.size(), 1u) << (u.rejected.empty() ? "" : u.rejected[0].reason);
    EXPECT_EQ(u.rows[0].batch, 32);
    EXPECT_EQ(u.rows[0].prompt, 128);
    EXPECT_EQ(u.rows[0].output, 32);
}

TEST(BenchResults, AppendedRunsAreNumberedAndTtftCountsAtConcurrencyOne) {
    // vllm-bench-append.jsonl: two runs of Qwen2.5-7B-Instruct, one per line (with a blank
    // line between), each saved with --metadata hardware=h100-sxm tp=1 and bf16 precisions.
    //   run 1: max_concurrency 1; P = 5120 / 10 = 512, O = 1280 / 10 = 128; median TPOT 7.5,
    //          TTFT 20 (kept: a concurrency of 1), E2EL 970, output_throughput 102.4: 4 rows.
    //   run 2: max_concurrency 4; P = 20500 / 40 = 512.5, rounded half away from zero: 513;
    //          O = 5100 / 40 = 127.5 → 128; TPOT 8.0 and output_throughput 340: 2 rows.
    const MeasuredFile f = loadMeasuredFile(kData + "vllm-bench-append.jsonl");
    EXPECT_EQ(f.format, MeasuredFormat::VllmBench);
    EXPECT_TRUE(f.rejected.empty()) << f.rejected.front().reason;
    ASSERT_EQ(f.rows.size(), 6u);
    const MeasuredRow* ttft = rowOf(f, MeasuredMetric::TtftMs, 1);
    ASSERT_NE(ttft, nullptr);
    EXPECT_DOUBLE_EQ(ttft->value, 20.0);
    EXPECT_EQ(ttft->batch, 1);
    EXPECT_EQ(ttft->prompt, 512);
    EXPECT_EQ(ttft->label, "run 1: median_ttft_ms");
    const MeasuredRow* e2e = rowOf(f, MeasuredMetric::E2eMs, 1);
    ASSERT_NE(e2e, nullptr);
    EXPECT_DOUBLE_EQ(e2e->value, 970.0);
    const MeasuredRow* tpot2 = rowOf(f, MeasuredMetric::TpotMs, 2);
    ASSERT_NE(tpot2, nullptr);
    EXPECT_DOUBLE_EQ(tpot2->value, 8.0);
    EXPECT_EQ(tpot2->batch, 4);
    EXPECT_EQ(tpot2->prompt, 513);
    EXPECT_EQ(tpot2->output, 128);
    EXPECT_EQ(tpot2->model, "qwen2.5-7b");
    EXPECT_EQ(tpot2->label, "run 2: median_tpot_ms");
    EXPECT_EQ(rowOf(f, MeasuredMetric::TtftMs, 2), nullptr);
}

TEST(BenchResults, GuideLlmReportGivesItlAsTpotPerBenchmark) {
    // guidellm-report.json: three benchmarks of Qwen2.5-7B-Instruct (args.model), the
    // hardware, TP and precisions from beside it. The successful requests' statistics:
    //   1 synchronous (B = 1): P = mean 512.4 → 512, O = 255.6 → 256; ITL median 4.9 → tpot_ms
    //     (not time_per_output_token_ms, 5.1, which counts the first token), TTFT median 30.5
    //     → ttft_ms, request_latency median 1.28 s → e2e_ms 1280: 3 rows.
    //   2 concurrent, 16 streams (B = 16): ITL 6.2, latency 1.9 s → 1900 ms; its TTFT is left
    //     out: 2 rows.
    //   3 constant rate 5/s: no set concurrency, so the measured mean 7.6 → B = 8 (warned);
    //     ITL 5.5: 1 row.
    const MeasuredFile f = loadMeasuredFile(kData + "guidellm-report.json", h100Bf16());
    EXPECT_EQ(f.format, MeasuredFormat::GuideLlm);
    EXPECT_TRUE(f.rejected.empty()) << f.rejected.front().reason;
    ASSERT_EQ(f.rows.size(), 6u);
    const MeasuredRow* tpot1 = rowOf(f, MeasuredMetric::TpotMs, 1);
    ASSERT_NE(tpot1, nullptr);
    EXPECT_DOUBLE_EQ(tpot1->value, 4.9);
    EXPECT_EQ(tpot1->batch, 1);
    EXPECT_EQ(tpot1->prompt, 512);
    EXPECT_EQ(tpot1->output, 256);
    EXPECT_EQ(tpot1->model, "qwen2.5-7b");
    EXPECT_EQ(tpot1->label, "run 1: inter_token_latency_ms median");
    const MeasuredRow* ttft1 = rowOf(f, MeasuredMetric::TtftMs, 1);
    ASSERT_NE(ttft1, nullptr);
    EXPECT_DOUBLE_EQ(ttft1->value, 30.5);
    const MeasuredRow* e2e1 = rowOf(f, MeasuredMetric::E2eMs, 1);
    ASSERT_NE(e2e1, nullptr);
    EXPECT_DOUBLE_EQ(e2e1->value, 1280.0);
    const MeasuredRow* tpot2 = rowOf(f, MeasuredMetric::TpotMs, 2);
    ASSERT_NE(tpot2, nullptr);
    EXPECT_DOUBLE_EQ(tpot2->value, 6.2);
    EXPECT_EQ(tpot2->batch, 16);
    EXPECT_EQ(rowOf(f, MeasuredMetric::TtftMs, 2), nullptr);
    const MeasuredRow* e2e2 = rowOf(f, MeasuredMetric::E2eMs, 2);
    ASSERT_NE(e2e2, nullptr);
    EXPECT_DOUBLE_EQ(e2e2->value, 1900.0);
    const MeasuredRow* tpot3 = rowOf(f, MeasuredMetric::TpotMs, 3);
    ASSERT_NE(tpot3, nullptr);
    EXPECT_DOUBLE_EQ(tpot3->value, 5.5);
    EXPECT_EQ(tpot3->batch, 8);
    EXPECT_TRUE(hasWarning(f, "measured mean, metrics.request_concurrency.successful.mean"));
    EXPECT_TRUE(hasWarning(f, "time_to_first_token_ms of benchmarks at a concurrency above 1"));
}

TEST(BenchResults, GuideLlmReportNeedsTheHardwareBesideIt) {
    // A GuideLLM report says nothing of the hardware, TP or precisions: every benchmark is
    // refused, naming each.
    const MeasuredFile f = loadMeasuredFile(kData + "guidellm-report.json");
    EXPECT_TRUE(f.rows.empty());
    ASSERT_EQ(f.rejected.size(), 3u);
    EXPECT_NE(f.rejected[0].reason.find(
                  "expected hardware given beside the file (--hardware): a GuideLLM report does "
                  "not say it"),
              std::string::npos)
        << f.rejected[0].reason;
    EXPECT_NE(f.rejected[0].reason.find("expected tp given beside the file (--tp)"),
              std::string::npos);
}

TEST(BenchResults, OtherTextIsNoBenchmarkResult) {
    // The app's own rows are not read as a benchmark file, and parseBenchmarkResults says
    // what it expected.
    MeasuredOptions o;
    o.allowFiles = false;
    const MeasuredFile rows = parseMeasured(R"({"rows": []})", o);
    EXPECT_EQ(rows.format, MeasuredFormat::Json);
    const MeasuredFile none = parseBenchmarkResults("model,hardware\n", o);
    ASSERT_EQ(none.rejected.size(), 1u);
    EXPECT_EQ(none.rejected[0].line, 0u);
    EXPECT_NE(none.rejected[0].reason.find("expected a vllm bench serve result"),
              std::string::npos);
    // A value out of range refuses that metric alone: 1e-12 s of latency is 1e-9 ms.
    const MeasuredFile tiny = parseBenchmarkResults(
        R"({"args": {"model": "llama-3.1-8b"}, "benchmarks": [{"config": {"strategy":
            {"type_": "synchronous"}}, "metrics": {"prompt_token_count": {"successful":
            {"mean": 100}}, "output_token_count": {"successful": {"mean": 10}},
            "inter_token_latency_ms": {"successful": {"median": 8.0}}, "request_latency":
            {"successful": {"median": 1e-12}}}}]})",
        [] {
            MeasuredOptions m;
            m.allowFiles = false;
            m.benchmark = h100Bf16();
            return m;
        }());
    ASSERT_EQ(tiny.rows.size(), 1u);
    EXPECT_EQ(tiny.rows[0].metric, MeasuredMetric::TpotMs);
    ASSERT_EQ(tiny.rejected.size(), 1u);
    EXPECT_TRUE(tiny.rejected[0].reason.starts_with("request_latency median: column value:"))
        << tiny.rejected[0].reason;
}

TEST(BenchResults, CalibrationRecordsAreTheRowsOnTheHardware) {
    // The records calibrate fits: each row on h100-sxm, its label as its id.
    const MeasuredFile f = loadMeasuredFile(kData + "vllm-bench-append.jsonl");
    std::vector<SkippedRow> skipped;
    const std::vector<CalibrationRecord> records = calibrationRecords(f, "h100-sxm", skipped);
    ASSERT_EQ(records.size(), 6u);
    EXPECT_TRUE(skipped.empty());
    EXPECT_EQ(records[0].id, "run 1: median_tpot_ms");
    EXPECT_EQ(records[0].outputTokens, 128);
    skipped.clear();
    EXPECT_TRUE(calibrationRecords(f, "a100-80gb-sxm", skipped).empty());
    EXPECT_EQ(skipped.size(), 6u);
}

}  // namespace
}  // namespace roofline::io
