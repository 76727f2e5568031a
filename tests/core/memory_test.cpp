// SPDX-License-Identifier: GPL-3.0-or-later
// Memory as serving engines count it, and the Goldilocks context (DOMAIN.md §5).

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "test_models.h"

namespace roofline {
namespace {

using test::scenario;

TEST(Memory, DefaultScenarioHoldsAbout225Sequences) {
    // Llama-3.1-8B bf16 on one H100, P = C = 2048. Usable = 80 GiB · 0.90 =
    // 85,899,345,920 · 0.9 = 77,309,411,328 bytes. Weights 16,060,522,496. Workspace for a
    // chunked-prefill pass of 8,192 tokens: 8,192 · (2·4096 + max(4096, 48·128, 2·14,336)) ·
    // 2 = 8,192 · 36,864 · 2 = 603,979,776 bytes, plus one logits row per sequence
    // (128,256 · 2 = 256,512). Per sequence: KV for 2,049 tokens · 131,072 = 268,566,528
    // plus its logits row = 268,823,040. Max batch = ⌊(77,309,411,328 − 16,060,522,496 −
    // 603,979,776) / 268,823,040⌋ = ⌊225.59⌋ = 225 (servers report about 225; sizing the
    // workspace for B·P tokens gave 152).
    const Analysis a = analyze(scenario(test::h100Sxm(), test::llama31_8b()));
    EXPECT_DOUBLE_EQ(a.memory.capacityBytes, 85'899'345'920.0);
    EXPECT_DOUBLE_EQ(a.memory.usableBytes, 77'309'411'328.0);
    EXPECT_DOUBLE_EQ(a.memory.workspaceBytes, 603'979'776.0 + 256'512.0);
    EXPECT_EQ(a.memory.maxBatch, 225);
    EXPECT_TRUE(a.memory.fits);
    Scenario s = scenario(test::h100Sxm(), test::llama31_8b());
    s.workload.batch = 225;
    EXPECT_TRUE(analyze(s).memory.fits);
    s.workload.batch = 226;
    EXPECT_FALSE(analyze(s).memory.fits);
}

TEST(Memory, UtilisationAndMaxBatchedTokensAreKnobs) {
    // Half the memory usable: ⌊(42,949,672,960 − 16,060,522,496 − 603,979,776) /
    // 268,823,040⌋ = ⌊97.78⌋ = 97. A 2,048-token chunk: workspace 2,048 · 36,864 · 2 =
    // 150,994,944 bytes, so ⌊(77,309,411,328 − 16,060,522,496 − 150,994,944) / 268,823,040⌋
    // = ⌊227.28⌋ = 227.
    Workload w;
    w.memoryUtilization = 0.5;
    EXPECT_EQ(analyze(scenario(test::h100Sxm(), test::llama31_8b(), w)).memory.maxBatch, 97);
    w = Workload{};
    w.maxBatchedTokens = 2048;
    const Analysis a = analyze(scenario(test::h100Sxm(), test::llama31_8b(), w));
    EXPECT_DOUBLE_EQ(a.memory.workspaceBytes, 150'994'944.0 + 256'512.0);
    EXPECT_EQ(a.memory.maxBatch, 227);
}

TEST(Memory, AllDevicesIsDevicesTimesOneDevice) {
    Workload w;
    w.tensorParallel = 8;
    const Analysis a = analyze(scenario(test::h100Sxm(), test::llama2_70b(), w));
    EXPECT_EQ(a.devices, 8);
    EXPECT_DOUBLE_EQ(a.memoryAllDevices.totalBytes, 8.0 * a.memory.totalBytes);
    EXPECT_DOUBLE_EQ(a.memoryAllDevices.usableBytes, 8.0 * a.memory.usableBytes);
    EXPECT_DOUBLE_EQ(a.memoryAllDevices.weightBytes, 8.0 * a.memory.weightBytes);
    EXPECT_EQ(a.memoryAllDevices.maxBatch, a.memory.maxBatch);
    EXPECT_EQ(a.memoryAllDevices.fits, a.memory.fits);
}

TEST(Memory, ALengthOneShortOfTheMaximumDoesNotWarn) {
    // The cache holds C tokens and the step writes one more: C + 1 ≤ 131,072 is in range.
    Workload w;
    w.contextTokens = 131071;
    w.promptTokens = 2048;
    w.batch = 1;
    Hardware big = test::h100Sxm();
    big.memoryCapacityBytes = 1e15;  // keep "does not fit" out of the way
    EXPECT_TRUE(analyze(scenario(big, test::llama31_8b(), w)).warnings.empty());
    w.contextTokens = 131072;
    const Analysis over = analyze(scenario(big, test::llama31_8b(), w));
    ASSERT_EQ(over.warnings.size(), 1u);
    EXPECT_EQ(over.warnings[0], "Sequence of 131073 tokens exceeds the model's maximum of 131072");
}

TEST(Goldilocks, NeverWhenEveryLayerIsWindowed) {
    // Mistral-7B at B = 8: every layer reads at most 4,096 cached tokens, so KV bytes per
    // step never exceed 8 · 32 layers · 4,096 · 2·8·128 · 2 = 4.29e9 bytes, below the
    // ≈ 14.2e9 bytes of weights: no context makes them equal (issue 8 saw 13,563 tokens).
    Workload w;
    w.batch = 8;
    const Analysis a = analyze(scenario(test::h100Sxm(), test::mistral7b(), w));
    EXPECT_FALSE(a.goldilocksContextTokens.has_value());
}

TEST(Goldilocks, SolvedWithTheWindowCapsInPlace) {
    // Half the layers windowed at 4,096 (Gemma-2 style), Llama-3.1-8B shapes, B = 4. Per
    // layer and token the cache holds 2·8·128·2 = 4,096 bytes. Beyond 4,096 tokens,
    // KV bytes = 4 · 4,096 · (16·C + 16·4,096); equal to the weight bytes W at
    // C = (W / (4 · 4,096) − 65,536) / 16 ≈ 53,160 (W ≈ 15.01e9 bytes).
    Model m = test::llama31_8b();
    m.layerGroups = {LayerGroup{.count = 16},
                     LayerGroup{.count = 16, .span = AttentionSpan::Sliding, .window = 4096}};
    Workload w;
    w.batch = 4;
    const Analysis a = analyze(scenario(test::h100Sxm(), m, w));
    ASSERT_TRUE(a.goldilocksContextTokens.has_value());
    EXPECT_NEAR(*a.goldilocksContextTokens,
                (a.decode().traffic[ByteCategory::Weights] / (4.0 * 4096.0) - 65536.0) / 16.0,
                1e-6);
    EXPECT_NEAR(*a.goldilocksContextTokens, 53160.0, 10.0);
    // At B = 1 the same root, (W/4,096 − 65,536)/16 ≈ 225,000, lies past the model's
    // 131,072 positions: never.
    w.batch = 1;
    EXPECT_FALSE(analyze(scenario(test::h100Sxm(), m, w)).goldilocksContextTokens.has_value());
}

TEST(Goldilocks, FullAttentionIsWeightsOverKvPerToken) {
    // Llama-3.1-8B at B = 64: decode weight bytes / (64 · 131,072) tokens.
    Workload w;
    w.batch = 64;
    const Analysis a = analyze(scenario(test::h100Sxm(), test::llama31_8b(), w));
    ASSERT_TRUE(a.goldilocksContextTokens.has_value());
    EXPECT_DOUBLE_EQ(*a.goldilocksContextTokens,
                     a.decode().traffic[ByteCategory::Weights] / (64.0 * 131072.0));
    EXPECT_NEAR(*a.goldilocksContextTokens, 1789.4, 1.0);
}

}  // namespace
}  // namespace roofline
