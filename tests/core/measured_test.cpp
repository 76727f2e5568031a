// SPDX-License-Identifier: GPL-3.0-or-later
// Measured results against the model (DOMAIN.md §7): placement and efficiency.

#include "roofline/measured.h"

#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "test_models.h"

namespace roofline {
namespace {

using test::scenario;

Workload gptFastWorkload(std::int64_t devices) {
    // gpt-fast's batch-1 decode: a ~6-token prompt, 200 tokens out; decode modelled at the
    // mean context P + O/2 = 6 + 100 = 106.
    Workload w;
    w.batch = 1;
    w.promptTokens = 6;
    w.contextTokens = meanDecodeContext(6, 200);
    w.tensorParallel = devices;
    return w;
}

TEST(Measured, MetricNamesRoundTrip) {
    for (MeasuredMetric m : kAllMeasuredMetrics) {
        EXPECT_EQ(parseMeasuredMetric(toString(m)), m);
    }
    EXPECT_EQ(toString(MeasuredMetric::E2eMs), "e2e_ms");
    EXPECT_EQ(toString(MeasuredMetric::RequestOutputTokensPerSecond),
              "request_output_tokens_per_s");
    // The names a measured file uses (docs/calibration.md "Measured results": the `metric` column).
    EXPECT_EQ(toString(MeasuredMetric::TpotMs), "tpot_ms");
    EXPECT_EQ(toString(MeasuredMetric::TtftMs), "ttft_ms");
    EXPECT_EQ(toString(MeasuredMetric::OutputTokensPerSecond), "output_tokens_per_s");
    EXPECT_EQ(toString(MeasuredMetric::OutputTokensPerSecondPerDevice),
              "output_tokens_per_s_per_device");
    EXPECT_EQ(parseMeasuredMetric("TPOT_ms"), std::nullopt);
    EXPECT_EQ(parseMeasuredMetric("tokens_per_s"), std::nullopt);
    EXPECT_EQ(passOf(MeasuredMetric::TtftMs), PassKind::Prefill);
    EXPECT_EQ(passOf(MeasuredMetric::OutputTokensPerSecond), PassKind::Decode);
}

TEST(Measured, MeanDecodeContextIsPromptPlusHalfTheOutput) {
    // DOMAIN §7: decode steps run at P … P+O−1; their mean context P + O/2, whole tokens.
    EXPECT_EQ(meanDecodeContext(6, 200), 106);
    EXPECT_EQ(meanDecodeContext(2048, 1), 2048);
    EXPECT_EQ(meanDecodeContext(1000, 257), 1128);
}

TEST(Measured, GptFastLlama31On100AtBatchOne) {
    // Llama-3.1-8B on A100-80GB SXM (2.039 TB/s, bf16 312 TFLOP/s), B = 1, C = 106, bf16,
    // measured 94 tok/s (gpt-fast README, DOMAIN §6).
    // Decode bytes: every weight but the gathered embedding table:
    //   8,030,261,248 − 128,256·4096 (525,336,576) = 7,504,924,672 params × 2 B
    //   = 15,009,849,344 B, + the gathered row 4096·2 = 8,192 B;
    //   KV: 32 layers · 2 · 8 heads · 128 · 2 B = 131,072 B per token, read for 107
    //   tokens and written for 1: 108 · 131,072 = 14,155,776 B;
    //   activations: about 1 MB more (each operator reads and writes B·width elements).
    //   Σ ≈ 15.0250e9 B. At B = 1 every operator is memory-bound (intensity ≈ 1–4 FLOP/B
    //   against a ridge of 312e12 / 2.039e12 = 153), so the step takes Σ bytes / BW:
    //   TPOT ≈ 15.0250e9 / 2.039e12 = 7.369 ms (predicted 135.7 tok/s).
    // Measured: one step = B / (tok/s) = 1/94 s = 10.638 ms.
    // Efficiency = 7.369 / 10.638 = 0.6927.
    // FLOPs: 2 · 7,504,924,672 = 15.010e9 in the matmuls + attention 4 · 32 heads · 128 ·
    //   107 · 32 layers = 56.1e6 ≈ 15.066e9 per step; achieved = 15.066e9 · 94 = 1.416
    //   TFLOP/s at x = 15.066e9 / 15.025e9 ≈ 1.003 FLOP/B.
    const Analysis a = analyze(scenario(test::a100Sxm80(), test::llama31_8b(), gptFastWorkload(1)));
    EXPECT_NEAR(a.tpotSeconds, 7.369e-3, 0.005e-3);
    const MeasuredPlacement p = placeMeasured(a, MeasuredMetric::OutputTokensPerSecond, 94.0);
    EXPECT_EQ(p.pass, PassKind::Decode);
    EXPECT_DOUBLE_EQ(p.measuredSeconds, 1.0 / 94.0);
    EXPECT_DOUBLE_EQ(p.predictedSeconds, a.tpotSeconds);
    EXPECT_NEAR(p.efficiency, 0.6927, 0.0005);
    EXPECT_DOUBLE_EQ(p.efficiency, a.tpotSeconds * 94.0);
    EXPECT_NEAR(p.predictedValue, 135.7, 0.1);
    EXPECT_NEAR(p.achievedFlopsPerSecond, 1.416e12, 0.001e12);
    EXPECT_DOUBLE_EQ(p.achievedFlopsPerSecond, a.decode().flops * 94.0);
    EXPECT_NEAR(p.intensityFlopsPerByte, 1.003, 0.001);
    EXPECT_DOUBLE_EQ(p.intensityFlopsPerByte, a.decode().intensity());
    // Below the roof at its own intensity: a true bound is never beaten.
    EXPECT_LT(p.achievedFlopsPerSecond, rooflineFlopsPerSecond(a, p.intensityFlopsPerByte));
}

TEST(Measured, EveryMetricOfTheSameRunGivesTheSameEfficiency) {
    // Llama-3.1-8B on A100 at TP 4, B = 8: one measured step of 5 ms reads as TPOT 5 ms,
    // as 8 / 0.005 = 1,600 tok/s, and as 1,600 / 4 = 400 tok/s per device. All three are
    // the same step, so the same measured time, point and efficiency.
    Workload w = gptFastWorkload(4);
    w.batch = 8;
    const Analysis a = analyze(scenario(test::a100Sxm80(), test::llama31_8b(), w));
    const MeasuredPlacement tpot = placeMeasured(a, MeasuredMetric::TpotMs, 5.0);
    const MeasuredPlacement total = placeMeasured(a, MeasuredMetric::OutputTokensPerSecond, 1600.0);
    const MeasuredPlacement perDevice =
        placeMeasured(a, MeasuredMetric::OutputTokensPerSecondPerDevice, 400.0);
    for (const MeasuredPlacement* p : {&total, &perDevice}) {
        EXPECT_DOUBLE_EQ(p->measuredSeconds, 0.005);
        EXPECT_DOUBLE_EQ(p->efficiency, tpot.efficiency);
        EXPECT_DOUBLE_EQ(p->achievedFlopsPerSecond, tpot.achievedFlopsPerSecond);
        EXPECT_DOUBLE_EQ(p->intensityFlopsPerByte, tpot.intensityFlopsPerByte);
    }
    // Predicted values in each metric's own unit: ms, tok/s (B / TPOT), per device (÷ 4).
    EXPECT_DOUBLE_EQ(tpot.predictedValue, a.tpotSeconds * 1000.0);
    EXPECT_DOUBLE_EQ(total.predictedValue, 8.0 / a.tpotSeconds);
    EXPECT_DOUBLE_EQ(perDevice.predictedValue, 8.0 / a.tpotSeconds / 4.0);
    // Per device FLOPs: a quarter of the matmuls per device.
    EXPECT_DOUBLE_EQ(tpot.achievedFlopsPerSecond, a.decode().flops / 0.005);
}

TEST(Measured, TtftIsThePrefillPass) {
    // Llama-3.1-8B on H100, B = 1, P = 2048: prefill is compute-bound; a measured TTFT of
    // 50 ms against the engine's TTFT gives efficiency TTFT / 0.050, and the point sits at
    // the prefill intensity, at prefill FLOPs / 0.050 s.
    const Analysis a = analyze(scenario(test::h100Sxm(), test::llama31_8b()));
    const MeasuredPlacement p = placeMeasured(a, MeasuredMetric::TtftMs, 50.0);
    EXPECT_EQ(p.pass, PassKind::Prefill);
    EXPECT_DOUBLE_EQ(p.measuredSeconds, 0.050);
    EXPECT_DOUBLE_EQ(p.predictedSeconds, a.ttftSeconds);
    EXPECT_DOUBLE_EQ(p.efficiency, a.ttftSeconds / 0.050);
    EXPECT_DOUBLE_EQ(p.intensityFlopsPerByte, a.prefill().intensity());
    EXPECT_DOUBLE_EQ(p.achievedFlopsPerSecond, a.prefill().flops / 0.050);
    EXPECT_DOUBLE_EQ(p.predictedValue, a.ttftSeconds * 1000.0);
    EXPECT_DOUBLE_EQ(p.predictedFlopsPerSecond, a.prefill().attainableFlopsPerSecond);
}

TEST(Measured, RequestMetricsCountThePrefillAndOMinusOneSteps) {
    // TTFT 100 ms, TPOT 10 ms, B = 8 requests of O = 20 tokens on one device: a request
    // takes 100 + 19 · 10 = 290 ms, and the deployment makes 8 · 20 / 0.290 = 551.72 tok/s.
    EXPECT_DOUBLE_EQ(modelValue(MeasuredMetric::E2eMs, 0.1, 0.01, 8, 1, 20), 290.0);
    EXPECT_NEAR(modelValue(MeasuredMetric::RequestOutputTokensPerSecond, 0.1, 0.01, 8, 1, 20),
                160.0 / 0.29, 1e-9);
    EXPECT_DOUBLE_EQ(modelValue(MeasuredMetric::TpotMs, 0.1, 0.01, 8, 1, 20), 10.0);
    EXPECT_DOUBLE_EQ(
        modelValue(MeasuredMetric::OutputTokensPerSecondPerDevice, 0.1, 0.01, 8, 2, 20), 400.0);
    // Placed against an analysis: a measured request twice the model's is efficiency 0.5,
    // and its point is the request's FLOPs (prefill + 19 steps) over its bytes.
    Workload w;
    w.batch = 8;
    w.promptTokens = 128;
    w.contextTokens = meanDecodeContext(128, 20);
    const Analysis a = analyze(scenario(test::h100Sxm(), test::llama31_8b(), w));
    const double e2e = (a.ttftSeconds + 19.0 * a.tpotSeconds) * 1000.0;
    const MeasuredPlacement p = placeMeasured(a, MeasuredMetric::E2eMs, 2.0 * e2e, 20);
    EXPECT_NEAR(p.efficiency, 0.5, 1e-12);
    EXPECT_DOUBLE_EQ(p.predictedValue, e2e);
    const double flops = a.prefill().flops + 19.0 * a.decode().flops;
    const double bytes = a.prefill().bytes() + 19.0 * a.decode().bytes();
    EXPECT_DOUBLE_EQ(p.flopsPerDevice, flops);
    EXPECT_DOUBLE_EQ(p.intensityFlopsPerByte, flops / bytes);
    const MeasuredPlacement t =
        placeMeasured(a, MeasuredMetric::RequestOutputTokensPerSecond, 160.0 / (e2e / 1000.0), 20);
    EXPECT_NEAR(t.efficiency, 1.0, 1e-12);
}

TEST(Measured, InvariantsOverGeneratedRows) {
    // For any scenario and measured value: efficiency = predicted / measured time; the
    // point's y over the model's own y is the efficiency; a value equal to the model's
    // prediction has efficiency 1 and sits on the model's point; the point does not
    // depend on the ceilings (only the prediction does).
    std::mt19937_64 rng(11);
    const std::array<MeasuredMetric, kAllMeasuredMetrics.size()> metrics = kAllMeasuredMetrics;
    const std::array<std::int64_t, 4> tps = {1, 2, 4, 8};
    for (int i = 0; i < 2000; ++i) {
        Workload w;
        w.batch = std::int64_t{1} << (rng() % 10);
        w.promptTokens = 1 + static_cast<std::int64_t>(rng() % 8000);
        w.contextTokens =
            meanDecodeContext(w.promptTokens, 1 + static_cast<std::int64_t>(rng() % 4000));
        w.tensorParallel = tps[rng() % tps.size()];
        w.weightPrecision = (rng() % 2 == 0) ? Precision::Bf16 : Precision::Int4;
        const Hardware hw = (rng() % 2 == 0) ? test::h100Sxm() : test::a100Sxm80();
        const MeasuredMetric metric = metrics[rng() % metrics.size()];
        const double value = 0.01 + static_cast<double>(rng() % 100000) / 10.0;
        const Analysis peak = analyze(scenario(hw, test::llama31_8b(), w));
        w.ceilings = Ceilings::Achievable;
        const Analysis achievable = analyze(scenario(hw, test::llama31_8b(), w));
        const std::int64_t outputs = 1 + static_cast<std::int64_t>(rng() % 500);
        const MeasuredPlacement p = placeMeasured(peak, metric, value, outputs);
        const MeasuredPlacement q = placeMeasured(achievable, metric, value, outputs);
        ASSERT_GT(p.measuredSeconds, 0.0);
        EXPECT_DOUBLE_EQ(p.efficiency, p.predictedSeconds / p.measuredSeconds);
        EXPECT_NEAR(p.achievedFlopsPerSecond / p.predictedFlopsPerSecond, p.efficiency,
                    1e-12 * p.efficiency);
        EXPECT_DOUBLE_EQ(p.intensityFlopsPerByte, q.intensityFlopsPerByte);
        EXPECT_DOUBLE_EQ(p.achievedFlopsPerSecond, q.achievedFlopsPerSecond);
        // Achievable ceilings are lower: the model predicts more time, a higher efficiency.
        EXPECT_GE(q.efficiency, p.efficiency * (1 - 1e-12));
        const MeasuredPlacement exact = placeMeasured(peak, metric, p.predictedValue, outputs);
        EXPECT_NEAR(exact.efficiency, 1.0, 1e-12);
        EXPECT_NEAR(exact.achievedFlopsPerSecond, p.predictedFlopsPerSecond,
                    1e-12 * p.predictedFlopsPerSecond);
    }
}

}  // namespace
}  // namespace roofline

namespace roofline {
namespace {

TEST(FinalContextMemory, ABatchThatFitsMidRunCanOutgrowMemoryByItsLastToken) {
    // Llama-3.1-8B in bf16 on one H100: KV per token 32 layers · 2 · 8 heads · 128 · 2 B =
    // 131,072 B. A 1,024-token prompt and 15,360 output tokens end at 16,384 tokens: 2 GiB
    // (2,147,483,648 B) a sequence. The largest batch there is
    // ⌊(usable − weights − fixed workspace) / (2 GiB + workspace per sequence)⌋, the
    // workspace's two parts read from the analyses at B = 1 and 2 at that context.
    Workload w;
    w.promptTokens = 1024;
    w.contextTokens = 1024 + 15360 / 2;  // the mean decode context, as measured rows set it
    w.batch = 40;
    const Scenario s = test::scenario(test::h100Sxm(), test::llama31_8b(), w);
    const Analysis mid = analyze(s);
    Workload end = w;
    end.contextTokens = 1024 + 15360 - 1;
    end.batch = 1;
    const Analysis one = analyze(test::scenario(test::h100Sxm(), test::llama31_8b(), end));
    end.batch = 2;
    const Analysis two = analyze(test::scenario(test::h100Sxm(), test::llama31_8b(), end));
    ASSERT_DOUBLE_EQ(one.memory.kvCacheBytes, 2147483648.0);
    const double perSequence = two.memory.workspaceBytes - one.memory.workspaceBytes;
    const double fixed = one.memory.workspaceBytes - perSequence;
    const auto expected = static_cast<std::int64_t>(std::floor(
        (one.memory.usableBytes - one.memory.weightBytes - fixed) / (2147483648.0 + perSequence)));
    const FinalContextMemory f = finalContextMemory(s, 15360);
    EXPECT_EQ(f.maxBatch, expected);
    // It fits at the mean context, not at the last token: it runs in waves.
    EXPECT_TRUE(mid.memory.fits);
    ASSERT_LT(f.maxBatch, 40);
    EXPECT_FALSE(f.fits);
    EXPECT_EQ(f.waves, (40 + expected - 1) / expected);
    EXPECT_EQ(f.waveBatch, (40 + f.waves - 1) / f.waves);
    // A short request fits at its end: one wave of all 40.
    const FinalContextMemory small = finalContextMemory(s, 128);
    EXPECT_TRUE(small.fits);
    EXPECT_EQ(small.waves, 1);
    EXPECT_EQ(small.waveBatch, 40);
}

TEST(FinalContextMemory, ABatchInWavesTakesEachWavesTime) {
    // Three waves of 14 for a batch of 41: a batch's latency triples; its token rate is the
    // wave's × 41 / 42 (the last wave is one short); a request's own TPOT and TTFT are its
    // wave's.
    EXPECT_DOUBLE_EQ(inWaves(MeasuredMetric::E2eMs, 1000.0, 41, 3, 14), 3000.0);
    EXPECT_DOUBLE_EQ(inWaves(MeasuredMetric::OutputTokensPerSecond, 1000.0, 41, 3, 14),
                     1000.0 * 41.0 / 42.0);
    EXPECT_DOUBLE_EQ(inWaves(MeasuredMetric::TpotMs, 12.0, 41, 3, 14), 12.0);
    EXPECT_DOUBLE_EQ(inWaves(MeasuredMetric::TtftMs, 80.0, 41, 3, 14), 80.0);
    EXPECT_DOUBLE_EQ(inWaves(MeasuredMetric::E2eMs, 1000.0, 41, 1, 41), 1000.0);
}

}  // namespace
}  // namespace roofline
