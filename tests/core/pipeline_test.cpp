// SPDX-License-Identifier: GPL-3.0-or-later
// Pipeline parallelism (roofline/pipeline.h) and the frontier's pipelined configurations,
// against values derived by hand in the comments.

#include "roofline/pipeline.h"

#include <gtest/gtest.h>

#include "roofline/frontier.h"
#include "test_models.h"

namespace roofline {
namespace {

TEST(Pipeline, StageTimeBubbleAndStepByHand) {
    // A 126-layer model whose whole pass takes 80 ms on one TP group, in S = 4 stages:
    // ⌈126 / 4⌉ = 32 layers a stage, t = 80 ms × 32 / 126 = 20.31746 ms. B = 16 sequences
    // run as m = min(16, 4) = 4 micro-batches: bubble = (4 − 1) / (4 + 4 − 1) = 3/7 = 0.4286.
    // With a 25 µs hand-off: step = 7 × 20.31746 ms + 3 × 0.025 ms = 142.2222 + 0.075
    // = 142.2972 ms.
    EXPECT_EQ(pipelineMicroBatches(16, 4), 4);
    EXPECT_EQ(pipelineMicroBatches(2, 4), 2);  // fewer sequences than stages
    const PipelineTiming t = pipelineTiming(0.080, 126, 4, 4, 25e-6);
    EXPECT_NEAR(t.stageSeconds, 20.31746e-3, 1e-8);
    EXPECT_NEAR(t.bubbleFraction, 3.0 / 7.0, 1e-15);
    EXPECT_DOUBLE_EQ(t.transferSeconds, 25e-6);
    EXPECT_NEAR(t.stepSeconds, 142.2972e-3, 1e-7);
    // One stage: the whole pass, no bubble, no hand-off.
    const PipelineTiming one = pipelineTiming(0.080, 126, 1, 1, 25e-6);
    EXPECT_DOUBLE_EQ(one.stepSeconds, 0.080);
    EXPECT_DOUBLE_EQ(one.bubbleFraction, 0.0);
    EXPECT_DOUBLE_EQ(one.transferSeconds, 0.0);
}

TEST(Pipeline, HandOffOnTheScaleOutLink) {
    // 4 tokens × h 16384 × 2 bytes (bf16) = 131,072 bytes over the default 50 GB/s scale-out
    // link = 2.62144 µs, + α 15 µs = 17.62144 µs. At 25 GB/s: 5.24288 + 15 = 20.24288 µs.
    Hardware hw = test::h100Sxm();
    hw.scaleOutBandwidthBytesPerSecond = 0.0;  // none named: the default
    hw.scaleOutLatencySeconds = 15e-6;
    EXPECT_NEAR(stageTransferSeconds(hw, 4.0, 16384, 2.0), 17.62144e-6, 1e-12);
    hw.scaleOutBandwidthBytesPerSecond = 25e9;
    EXPECT_NEAR(stageTransferSeconds(hw, 4.0, 16384, 2.0), 20.24288e-6, 1e-12);
}

TEST(Pipeline, PipelinedRequestIsTheStagedMicroBatch) {
    // Llama-3.1-8B on H100, TP 1, B = 8 in S = 2 stages: m = 2 micro-batches of 4. Each
    // step is 3 stage slots of half the 32 layers at B = 4, plus one hand-off of 4 tokens
    // (decode) or 4 × 2048 tokens (prefill) of h = 4096 bf16 values; 2 devices.
    Scenario s = test::scenario(test::h100Sxm(), test::llama31_8b());
    s.workload.batch = 8;
    const RequestShape shape{2048, 256};
    Scenario micro = s;
    micro.workload.batch = 4;
    const RequestResult m = analyzeRequest(micro, shape);
    const RequestResult r = analyzePipelinedRequest(s, shape, 2);
    const double xDecode = stageTransferSeconds(s.hardware, 4.0, 4096, 2.0);
    const double xPrefill = stageTransferSeconds(s.hardware, 4.0 * 2048, 4096, 2.0);
    EXPECT_NEAR(r.tpotSeconds, 3.0 * m.tpotSeconds / 2.0 + xDecode, 1e-12);
    EXPECT_NEAR(r.ttftSeconds, 3.0 * m.ttftSeconds / 2.0 + xPrefill, 1e-12);
    EXPECT_DOUBLE_EQ(r.endToEndSeconds, r.ttftSeconds + 255.0 * r.tpotSeconds);
    EXPECT_DOUBLE_EQ(r.throughputTokensPerSecondPerDevice, 8.0 * 256.0 / (r.endToEndSeconds * 2.0));
    EXPECT_TRUE(r.fits);
    // One stage is analyzeRequest itself.
    const RequestResult one = analyzePipelinedRequest(s, shape, 1);
    EXPECT_DOUBLE_EQ(one.tpotSeconds, analyzeRequest(s, shape).tpotSeconds);
}

TEST(Pipeline, A405bModelFitsOnTwoDomainsAndSmallModelsAreLeftAlone) {
    // Llama-3.1-405B in bf16: 2 bytes × ~405.8 B parameters ≈ 812 GB of weights, more than
    // one 8 × H100 domain holds (8 × 80 GiB × 0.9 ≈ 618 GB usable): TP 8 alone does not fit;
    // two stages (16 devices, ≈ 1,237 GB) do, at B = 1 and at B = 8.
    FrontierRequest req;
    req.model = test::llama31_405b();
    req.shape = {2048, 256};
    req.hardware = {test::h100Sxm()};
    req.tensorParallel = {8};
    req.quantizations = {Quantization::W16A16};
    req.batches = {1, 8};
    req.pipelineStages = {1, 2};
    const Frontier f = computeFrontier(req);
    ASSERT_EQ(f.points.size(), 4u);  // batch then stages, the stages fastest
    EXPECT_EQ(f.points[0].configuration.pipelineStages, 1);
    EXPECT_FALSE(f.points[0].result.fits);
    ASSERT_TRUE(f.points[0].result.minDevices.has_value());
    EXPECT_GT(*f.points[0].result.minDevices, 8);
    EXPECT_LE(*f.points[0].result.minDevices, 16);
    EXPECT_EQ(f.points[1].configuration.pipelineStages, 2);
    EXPECT_TRUE(f.points[1].result.fits);
    EXPECT_TRUE(f.points[3].result.fits);
    ASSERT_TRUE(f.best.has_value());
    EXPECT_EQ(f.points[*f.best].configuration.pipelineStages, 2);
    EXPECT_EQ(f.pipelineLeftOut, 0u);

    // An 8B model fits one domain everywhere: its two-stage configurations are left out.
    req.model = test::llama31_8b();
    const Frontier small = computeFrontier(req);
    EXPECT_EQ(small.points.size(), 2u);
    EXPECT_EQ(small.pipelineLeftOut, 2u);
    // More stages than layers is refused with the reason.
    req.pipelineStages = {64};
    const Frontier many = computeFrontier(req);
    ASSERT_EQ(many.skipped.size(), 2u);
    EXPECT_EQ(many.skipped[0].reason, "PP 64 needs at least 64 layers; the model has 32");
}

}  // namespace
}  // namespace roofline
