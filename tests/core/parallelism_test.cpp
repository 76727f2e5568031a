// SPDX-License-Identifier: GPL-3.0-or-later
// Tensor and expert parallelism: collectives per DOMAIN.md §6 (α + 2·(D−1)/D · n/β inside
// the scale-up domain, the scale-out link beyond it) and expert-parallel MoE layers.

#include <algorithm>

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "test_models.h"

namespace roofline {
namespace {

using test::findOp;
using test::scenario;

Analysis withTp(const Hardware& hw, const Model& m, std::int64_t tp, bool ep = false) {
    Workload w;
    w.tensorParallel = tp;
    w.expertParallel = ep;
    return analyze(scenario(hw, m, w));
}

TEST(Collectives, BatchOneDecodeGetsFasterWithEveryTpDoubling) {
    // Issue 8: measured batch-1 decode gets faster with every doubling (gpt-fast on A100,
    // Llama-3.1-8B: 94 → 149 → 217 → 276 tok/s). Per device the weights shrink D-fold while
    // each all-reduce costs α + 2·(D−1)/D · 8 kB / β with α fixed: at TP 8 on H100 that is
    // 64 · (5 µs + 0.03 µs) = 0.32 ms against 4.5 / 8 = 0.56 ms of weights. A ring latency of
    // 2·(D−1) hops (the old model) made TP 8 slower than TP 4.
    for (const Hardware& hw : {test::a100Sxm80(), test::h100Sxm()}) {
        for (const Model& m : {test::llama31_8b(), test::llama2_70b()}) {
            double previous = 0.0;
            for (std::int64_t tp : {1, 2, 4, 8}) {
                const double tokensPerSecond = withTp(hw, m, tp).decodeTokensPerSecond;
                EXPECT_GT(tokensPerSecond, previous) << hw.id << " " << m.numLayers << " TP " << tp;
                previous = tokensPerSecond;
            }
        }
    }
}

TEST(Collectives, BeyondTheScaleUpDomainTheScaleOutLinkApplies) {
    // TP 16 on 8-GPU H100 boards: collectives cross the scale-out network. The test chip
    // names none, so the documented default applies: 50 GB/s per device (400 Gb/s), α 15 µs.
    // Llama-2-70B decode at B = 1: n = 8192 · 2 = 16,384 bytes per all-reduce, 160 of them:
    // 160 · (15 µs + 2 · 15/16 · 16,384 / 50e9).
    const Analysis a = withTp(test::h100Sxm(), test::llama2_70b(), 16);
    EXPECT_TRUE(a.beyondScaleUpDomain);
    EXPECT_DOUBLE_EQ(a.interconnectBandwidthBytesPerSecond, 50e9);
    const OperatorCost* ar = findOp(a, PassKind::Decode, "tp_allreduce");
    ASSERT_NE(ar, nullptr);
    EXPECT_NEAR(ar->linkTimeSeconds, 160.0 * (15e-6 + 2.0 * 15.0 / 16.0 * 16384.0 / 50e9), 1e-12);
    // A preset's own scale-out link is used when it has one.
    Hardware hw = test::h100Sxm();
    hw.scaleOutBandwidthBytesPerSecond = 25e9;
    hw.scaleOutLatencySeconds = 10e-6;
    const Analysis b = withTp(hw, test::llama2_70b(), 16);
    EXPECT_NEAR(findOp(b, PassKind::Decode, "tp_allreduce")->linkTimeSeconds,
                160.0 * (10e-6 + 2.0 * 15.0 / 16.0 * 16384.0 / 25e9), 1e-12);
    // Within the domain (TP 8) the NVLink figure and the 5 µs α apply, and nothing warns.
    const Analysis inside = withTp(test::h100Sxm(), test::llama2_70b(), 8);
    EXPECT_FALSE(inside.beyondScaleUpDomain);
    EXPECT_DOUBLE_EQ(inside.interconnectBandwidthBytesPerSecond, 450e9);
    EXPECT_TRUE(inside.warnings.empty());
}

TEST(Collectives, PassesReportTheirLinkIntensity) {
    // Decode of Llama-2-70B at TP 8: FLOPs per link byte = decode FLOPs / (160 · 16,384).
    const Analysis a = withTp(test::h100Sxm(), test::llama2_70b(), 8);
    EXPECT_DOUBLE_EQ(a.decode().linkBytes, 160.0 * 16384.0);
    EXPECT_DOUBLE_EQ(a.decode().linkIntensity(), a.decode().flops / (160.0 * 16384.0));
    EXPECT_EQ(withTp(test::h100Sxm(), test::llama2_70b(), 1).decode().linkIntensity(), 0.0);
}

TEST(ExpertParallel, MixtralSpreadsWholeExpertsAndAddsTwoAllToAlls) {
    // Mixtral-8x7B on 2 H100s, B = 1 decode (N = 1 token, k = 2 of E = 8 experts).
    // Expert parallel: each device holds 4 whole experts and computes the N·k/D = 1 routed
    // row that lands on it, at full width 14,336. Each MoE layer dispatches and combines
    // N·k·h·a·(D−1)/D = 1·2·4096·2·½ = 8,192 bytes per device, each α + bytes/β.
    const Analysis ep = withTp(test::h100Sxm(), test::mixtral8x7b(), 2, true);
    const Analysis tp = withTp(test::h100Sxm(), test::mixtral8x7b(), 2, false);
    const OperatorCost* dispatch = findOp(ep, PassKind::Decode, "ep_dispatch");
    const OperatorCost* combine = findOp(ep, PassKind::Decode, "ep_combine");
    ASSERT_NE(dispatch, nullptr);
    ASSERT_NE(combine, nullptr);
    EXPECT_EQ(findOp(tp, PassKind::Decode, "ep_dispatch"), nullptr);
    EXPECT_DOUBLE_EQ(dispatch->count, 32.0);
    EXPECT_DOUBLE_EQ(dispatch->linkBytes, 32.0 * 8192.0);
    EXPECT_NEAR(dispatch->linkTimeSeconds, 32.0 * (5e-6 + 8192.0 / 450e9), 1e-15);
    EXPECT_DOUBLE_EQ(combine->linkBytes, dispatch->linkBytes);
    // Mixtral has no shared experts: the MoE layers' all-reduce is replaced by the combine;
    // only attention's 32 all-reduces remain (64 with tensor-parallel experts).
    EXPECT_DOUBLE_EQ(findOp(ep, PassKind::Decode, "tp_allreduce")->count, 32.0);
    EXPECT_DOUBLE_EQ(findOp(tp, PassKind::Decode, "tp_allreduce")->count, 64.0);
    // The mean device does the same expert FLOPs and reads the same expert bytes either way
    // (E/D whole experts vs E slices of 1/D); the routed activations it moves differ:
    // TP: N·k·(h + 2·I/D)·a = 2·(4096 + 14,336)·2 = 73,728 bytes per layer;
    // EP: N·k/D·(h + 2·I)·a = 1·(4096 + 28,672)·2 = 65,536 bytes per layer.
    const OperatorCost* upEp = findOp(ep, PassKind::Decode, "moe_up");
    const OperatorCost* upTp = findOp(tp, PassKind::Decode, "moe_up");
    EXPECT_DOUBLE_EQ(upEp->flops, upTp->flops);
    EXPECT_NEAR(upEp->traffic[ByteCategory::Weights], upTp->traffic[ByteCategory::Weights], 1e-3);
    EXPECT_DOUBLE_EQ(upTp->traffic[ByteCategory::Activations], 32.0 * 73728.0);
    EXPECT_DOUBLE_EQ(upEp->traffic[ByteCategory::Activations], 32.0 * 65536.0);
}

TEST(ExpertParallel, IsIgnoredWithAWarningWhereItCannotApply) {
    const Analysis dense = withTp(test::h100Sxm(), test::llama31_8b(), 2, true);
    EXPECT_EQ(findOp(dense, PassKind::Decode, "ep_dispatch"), nullptr);
    ASSERT_EQ(dense.warnings.size(), 1u);
    EXPECT_EQ(dense.warnings[0], "Expert parallelism ignored: the model has no routed experts");
    // Mixtral's 46.7 B parameters (93 GB in bf16) do not fit one H100 either: two warnings.
    const Analysis one = withTp(test::h100Sxm(), test::mixtral8x7b(), 1, true);
    ASSERT_EQ(one.warnings.size(), 2u);
    EXPECT_EQ(one.warnings[0].text().substr(0, 14), "Does not fit: ");
    EXPECT_EQ(one.warnings[1], "Expert parallelism needs more than one device: ignored");
}

TEST(ExpertParallel, DeepSeekKeepsTheAllReduceForItsSharedExpert) {
    // DeepSeek-V3 has a shared expert, which stays tensor-parallel: its MoE layers still
    // all-reduce, so every layer keeps both all-reduces: 2 · 61 = 122.
    const Analysis ep = withTp(test::h100Sxm(), test::deepseekV3(), 8, true);
    EXPECT_DOUBLE_EQ(findOp(ep, PassKind::Decode, "tp_allreduce")->count, 122.0);
    EXPECT_DOUBLE_EQ(findOp(ep, PassKind::Decode, "ep_dispatch")->count, 58.0);
}

}  // namespace
}  // namespace roofline
