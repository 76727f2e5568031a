// SPDX-License-Identifier: GPL-3.0-or-later
// Memory as vLLM V1 allocates it (allocation.h, docs/model.md "Memory as vLLM allocates it"):
// a dense GQA model, a sliding-window model and a hybrid, each derived by hand from the
// rules vLLM's source states (vllm/v1/kv_cache_interface.py, vllm/v1/core/kv_cache_utils.py,
// vllm/model_executor/models/config.py), and invariants over many scenarios.

#include "roofline/allocation.h"

#include <cmath>
#include <random>

#include <gtest/gtest.h>

#include "test_models.h"

namespace roofline {
namespace {

using test::scenario;

Workload requests(std::int64_t tokens) {
    Workload w;
    w.promptTokens = tokens / 2;
    w.contextTokens = tokens - 1;  // N = max(P, C + 1) = tokens
    return w;
}

TEST(VllmAllocation, ADenseGqaModelIsOneGroupOf16TokenPages) {
    // Llama-3.1-8B, bf16, H100 (80 GiB), utilisation 0.9, N = 8,192 tokens per request.
    // One spec (32 full-attention layers): one group of 32 layers. A page is 16 tokens ×
    // 2 (K, V) × 8 KV heads × 128 × 2 bytes = 65,536 B; a block id is one page in each of
    // the 32 layers' tensors, 2 MiB. Requested: ⌈0.9 × 85,899,345,920⌉ = 77,309,411,328 B;
    // weights 8,030,261,248 × 2 = 16,060,522,496 B; less the analysis' workspace. One
    // request: ⌈8,192 / 16⌉ = 512 blocks, 512 × 2 MiB = 1,073,741,824 B (its ideal KV
    // bytes exactly: 8,192 × 131,072). Concurrency: blocks / 512.
    const Scenario s = scenario(test::h100Sxm(), test::llama31_8b(), requests(8192));
    const Analysis a = analyze(s);
    const AllocatedMemory r = vllmAllocation(s, a);
    ASSERT_TRUE(r.available()) << r.unavailable;
    EXPECT_EQ(r.blockTokens, 16);
    EXPECT_EQ(r.pageBytes, 65536.0);
    EXPECT_EQ(r.groups, 1);
    EXPECT_EQ(r.groupLayers, 32);
    EXPECT_EQ(r.requestedBytes, 77309411328.0);
    EXPECT_EQ(r.weightBytes, 16060522496.0);
    EXPECT_EQ(r.kvBudgetBytes, 77309411328.0 - 16060522496.0 - a.memory.workspaceBytes);
    const double blocks = std::floor(r.kvBudgetBytes / 2097152.0);
    EXPECT_EQ(static_cast<double>(r.blocks), blocks);
    EXPECT_EQ(r.blocksPerSequence, 512);
    EXPECT_EQ(r.bytesPerSequence, 1073741824.0);
    EXPECT_DOUBLE_EQ(r.maxConcurrency, blocks / 512.0);
    EXPECT_EQ(r.kvTokens, blocks * 16.0);
}

TEST(VllmAllocation, SlidingLayersBudgetTheirWindowAndOnePrefillChunk) {
    // gpt-oss-20b's cache: 24 layers, 12 sliding (window 128) and 12 full, 8 KV heads of 64:
    // 2 × 8 × 64 × 2 = 2,048 B per token, a 32,768 B page for both. Two specs of 12 layers:
    // groups of 12, two groups. One request of N = 8,192 with 8,192 batched tokens: full
    // ⌈8,192 / 16⌉ = 512; sliding ⌈min(127 + 8,192, 8,192) / 16⌉ + 1 = 513; 1,025 blocks.
    // At N = 32,768: 2,048 + ⌈8,319 / 16⌉ + 1 = 2,048 + 521 = 2,569.
    Model m = test::llamaLike(24, 2880, 64, 8, 2880, 201088);
    m.headDim = 64;
    m.layerGroups = {LayerGroup{.count = 12, .span = AttentionSpan::Sliding, .window = 128},
                     LayerGroup{.count = 12}};
    const Scenario s = scenario(test::h100Sxm(), m, requests(8192));
    const AllocatedMemory r = vllmAllocation(s, analyze(s));
    ASSERT_TRUE(r.available()) << r.unavailable;
    EXPECT_EQ(r.pageBytes, 32768.0);
    EXPECT_EQ(r.groups, 2);
    EXPECT_EQ(r.groupLayers, 12);
    EXPECT_EQ(r.blocksPerSequence, 1025);
    EXPECT_EQ(r.bytesPerSequence, 1025.0 * 32768 * 12);
    EXPECT_DOUBLE_EQ(r.maxConcurrency, static_cast<double>(r.blocks) / 1025.0);
    EXPECT_EQ(r.kvTokens, std::floor(static_cast<double>(r.blocks) / 2) * 16);

    const Scenario longer = scenario(test::h100Sxm(), m, requests(32768));
    EXPECT_EQ(vllmAllocation(longer, analyze(longer)).blocksPerSequence, 2569);
}

TEST(VllmAllocation, AHybridsAttentionBlockGrowsToHoldARecurrentState) {
    // Nemotron-3-Nano-30B-A3B: 23 Mamba-2 layers, 6 attention layers (2 KV heads of 128).
    // Mamba-2 state per layer: conv (4 − 1) × (64·64 + 2·8·128 = 6,144) × 2 B (bf16) = 36,864
    // and SSM 64 × 64 × 128 × 4 B (fp32) = 2,097,152: 2,134,016 B. Attention 2·2·128·2 =
    // 1,024 B per token. The block: 16 · ⌈2,134,016 / (16 · 1,024)⌉ = 16 · 131 = 2,096 tokens,
    // a page of 2,146,304 B, the state padded to it. Specs of 6 and 23 layers (23 ≥ 1.5 × 6):
    // groups of 6; attention 1 group, states ⌈23 / 6⌉ = 4 with 1 padding slot: 5 groups.
    // One request of N = 8,192: ⌈8,192 / 2,096⌉ = 4 attention blocks and one page per state
    // group, 8 blocks: 8 × 2,146,304 × 6 = 103,022,592 B.
    const Scenario s = scenario(test::h100Sxm(), test::nemotron3Nano(), requests(8192));
    const AllocatedMemory r = vllmAllocation(s, analyze(s));
    ASSERT_TRUE(r.available()) << r.unavailable;
    EXPECT_EQ(r.blockTokens, 2096);
    EXPECT_EQ(r.pageBytes, 2146304.0);
    EXPECT_EQ(r.groupLayers, 6);
    EXPECT_EQ(r.groups, 5);
    EXPECT_EQ(r.paddingLayers, 1);
    EXPECT_EQ(r.blocksPerSequence, 8);
    EXPECT_EQ(r.bytesPerSequence, 103022592.0);
    EXPECT_EQ(r.kvTokens, std::floor(static_cast<double>(r.blocks) / 5) * 2096);
}

TEST(VllmAllocation, SaysWhyWhenTheLayoutIsNotModelled) {
    const Scenario mla = scenario(test::h100Sxm(), test::deepseekV3());
    const AllocatedMemory r = vllmAllocation(mla, analyze(mla));
    EXPECT_FALSE(r.available());
    EXPECT_NE(r.unavailable.find("MLA"), std::string::npos) << r.unavailable;
}

TEST(VllmAllocation, ARequestTakesItsIdealBytesRoundedUpToWholeBlocks) {
    // Over many dense scenarios: pages round each request up, so the allocated bytes of a
    // request are at least its ideal KV bytes, and less than one more block of every layer.
    std::mt19937 random(7);
    std::uniform_int_distribution<std::int64_t> tokens(2, 131072), heads(0, 3);
    for (int i = 0; i < 300; ++i) {
        Workload w = requests(tokens(random));
        w.kvHeadsOverride = std::int64_t{1} << heads(random);  // 1, 2, 4 or 8: divides 32
        const Scenario s = scenario(test::h100Sxm(), test::llama31_8b(), w);
        const Analysis a = analyze(s);
        const AllocatedMemory r = vllmAllocation(s, a);
        ASSERT_TRUE(r.available());
        const double ideal = a.memory.kvCacheBytes / static_cast<double>(w.batch);
        EXPECT_GE(r.bytesPerSequence, ideal * (1 - 1e-12));
        EXPECT_LT(r.bytesPerSequence, ideal + r.pageBytes * static_cast<double>(r.groupLayers));
    }
}

}  // namespace
}  // namespace roofline
