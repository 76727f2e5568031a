// SPDX-License-Identifier: GPL-3.0-or-later
// Passes and speculative decoding (DOMAIN.md §6). Expected values derived by hand above each
// assertion from the formulas and the reference configs.

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "test_models.h"

namespace roofline {
namespace {

using test::findOp;
using test::scenario;

Workload ngram(std::int64_t k, double alpha) {
    Workload w;
    w.speculativeTokens = k;
    w.acceptanceRate = alpha;
    w.draftKind = DraftKind::Ngram;
    return w;
}

TEST(Passes, PlainDecodingHasPrefillAndDecodeOnly) {
    const Analysis a = analyze(scenario(test::h100Sxm(), test::llama31_8b()));
    ASSERT_EQ(a.passes.size(), 2u);
    EXPECT_EQ(a.prefill().kind, PassKind::Prefill);
    EXPECT_EQ(a.decode().kind, PassKind::Decode);
    // Prefill: B = 1 prompt of P = 2048 new tokens, nothing cached, one logits row.
    EXPECT_EQ(a.prefill().newTokens, 2048.0);
    EXPECT_EQ(a.prefill().cachedTokens, 0.0);
    EXPECT_EQ(a.prefill().logitsRows, 1.0);
    // Decode: one new token after C = 2048 cached, a logits row for it.
    EXPECT_EQ(a.decode().newTokens, 1.0);
    EXPECT_EQ(a.decode().cachedTokens, 2048.0);
    EXPECT_EQ(a.decode().logitsRows, 1.0);
    EXPECT_FALSE(a.speculative.has_value());
    EXPECT_EQ(a.pass(PassKind::Verify), nullptr);
    for (const OperatorCost& op : a.operators) {
        EXPECT_TRUE(op.pass == PassKind::Prefill || op.pass == PassKind::Decode);
    }
}

TEST(Speculative, NgramDraftOnLlama8bIsAbout2Point7TimesFaster) {
    // DOMAIN.md §6 worked check: Llama-3.1-8B on H100, B = 1, C = 2048, free n-gram draft,
    // k = 4, α = 0.7: τ = (1 − 0.7^5) / (1 − 0.7) = (1 − 0.16807) / 0.3 = 2.7731 tokens per
    // step. The verify pass over T = 5 tokens reads the same 15.0 GB of weights as one decode
    // step (still memory-bound: 5 tokens · 2 FLOP per 2-byte weight ≈ 5 FLOP/byte ≪ 295), plus
    // KV for 2048 + 5 tokens: it costs about one decode step, so TPOT falls ≈ 2.7×.
    const Analysis a = analyze(scenario(test::h100Sxm(), test::llama31_8b(), ngram(4, 0.7)));
    ASSERT_TRUE(a.speculative.has_value());
    const SpeculativeResult& sp = *a.speculative;
    EXPECT_NEAR(sp.tokensPerStep, (1.0 - std::pow(0.7, 5)) / 0.3, 1e-12);
    EXPECT_NEAR(sp.tokensPerStep, 2.7731, 1e-4);
    ASSERT_EQ(a.passes.size(), 3u);  // prefill, decode, verify: an n-gram draft is free
    EXPECT_EQ(a.pass(PassKind::Draft), nullptr);
    const PassCost* verify = a.pass(PassKind::Verify);
    ASSERT_NE(verify, nullptr);
    EXPECT_EQ(verify->newTokens, 5.0);
    EXPECT_EQ(verify->cachedTokens, 2048.0);
    EXPECT_EQ(verify->logitsRows, 5.0);  // every drafted position and the bonus token
    EXPECT_EQ(verify->bound, Bound::Memory);
    EXPECT_DOUBLE_EQ(sp.stepTimeSeconds, verify->timeSeconds);
    EXPECT_DOUBLE_EQ(sp.plainTpotSeconds, a.decode().timeSeconds);
    EXPECT_DOUBLE_EQ(a.tpotSeconds, verify->timeSeconds / sp.tokensPerStep);
    EXPECT_DOUBLE_EQ(a.decodeTokensPerSecond, sp.tokensPerStep / verify->timeSeconds);
    const double speedup = sp.plainTpotSeconds / a.tpotSeconds;
    EXPECT_GT(speedup, 2.6);
    EXPECT_LT(speedup, 2.7731);
    // The verify pass writes k+1 = 5 tokens of KV per sequence: 5 · 131,072 bytes, and its
    // attention covers T·C + T·(T+1)/2 = 10,240 + 15 = 10,255 query-key pairs per head:
    // 32 layers · 32 heads · 10,255 · (4·128 + 5) FLOPs.
    EXPECT_DOUBLE_EQ(findOp(a, PassKind::Verify, "kv_write")->traffic[ByteCategory::KvCache],
                     5.0 * 131072.0);
    EXPECT_DOUBLE_EQ(findOp(a, PassKind::Verify, "attention")->flops,
                     32.0 * 32.0 * 10255.0 * (4.0 * 128.0 + 5.0));
    // The weight matmuls run at ×5 the decode step's intensity.
    EXPECT_DOUBLE_EQ(findOp(a, PassKind::Verify, "mlp_up")->flops,
                     5.0 * findOp(a, PassKind::Decode, "mlp_up")->flops);
    EXPECT_DOUBLE_EQ(findOp(a, PassKind::Verify, "mlp_up")->traffic[ByteCategory::Weights],
                     findOp(a, PassKind::Decode, "mlp_up")->traffic[ByteCategory::Weights]);
}

TEST(Speculative, AcceptanceOfOneAcceptsEveryDraftAndZeroNone) {
    // τ = k + 1 at α = 1; τ = 1 at α = 0 (only the verify pass's own token).
    EXPECT_DOUBLE_EQ(analyze(scenario(test::h100Sxm(), test::llama31_8b(), ngram(4, 1.0)))
                         .speculative->tokensPerStep,
                     5.0);
    EXPECT_DOUBLE_EQ(analyze(scenario(test::h100Sxm(), test::llama31_8b(), ngram(4, 0.0)))
                         .speculative->tokensPerStep,
                     1.0);
}

TEST(Speculative, ModelDraftRunsKDecodeStepsOfTheDraft) {
    // Llama-3.2-1B drafts for Llama-3.1-8B on the same H100, same B and C: the draft pass is
    // 4 decode steps of the 1B model, so its time is 4 × that model's own decode step, and
    // its weights (1,235,814,400 · 2 bytes) and KV (16 layers · 2·8·64 · 2 = 32,768 bytes
    // per token, × 2049 tokens) join the footprint. It eats into the gain: TPOT is higher
    // than with a free draft.
    Workload w = ngram(4, 0.7);
    w.draftKind = DraftKind::Model;
    Scenario s = scenario(test::h100Sxm(), test::llama31_8b(), w);
    s.draft = test::llama32_1b();
    const Analysis a = analyze(s);
    ASSERT_EQ(a.passes.size(), 4u);
    const PassCost* draft = a.pass(PassKind::Draft);
    ASSERT_NE(draft, nullptr);
    EXPECT_TRUE(draft->draftModel);
    EXPECT_EQ(draft->repeats, 4.0);
    EXPECT_EQ(draft->newTokens, 1.0);
    const Analysis alone = analyze(scenario(test::h100Sxm(), test::llama32_1b()));
    EXPECT_DOUBLE_EQ(draft->timeSeconds, 4.0 * alone.decode().timeSeconds);
    EXPECT_DOUBLE_EQ(draft->flops, 4.0 * alone.decode().flops);
    EXPECT_EQ(findOp(a, PassKind::Draft, "mlp_up")->count, 4.0 * 16.0);
    EXPECT_DOUBLE_EQ(a.speculative->stepTimeSeconds,
                     draft->timeSeconds + a.pass(PassKind::Verify)->timeSeconds);
    EXPECT_EQ(a.speculative->draft, DraftKind::Model);

    const Analysis plain = analyze(scenario(test::h100Sxm(), test::llama31_8b()));
    EXPECT_DOUBLE_EQ(a.memory.weightBytes, plain.memory.weightBytes + 2.0 * 1'235'814'400.0);
    EXPECT_DOUBLE_EQ(a.memory.kvCacheBytes, plain.memory.kvCacheBytes + 2049.0 * 32768.0);

    const Analysis free = analyze(scenario(test::h100Sxm(), test::llama31_8b(), ngram(4, 0.7)));
    EXPECT_GT(a.tpotSeconds, free.tpotSeconds);
    EXPECT_LT(a.tpotSeconds, plain.tpotSeconds);  // still a win at α = 0.7
}

TEST(Speculative, ModelDraftWithoutADraftModelFallsBackToNgramAndSaysSo) {
    Workload w = ngram(4, 0.7);
    w.draftKind = DraftKind::Model;
    const Analysis a = analyze(scenario(test::h100Sxm(), test::llama31_8b(), w));
    EXPECT_EQ(a.pass(PassKind::Draft), nullptr);
    ASSERT_EQ(a.warnings.size(), 1u);
    EXPECT_EQ(a.warnings[0], "No draft model given: speculative decoding uses a free n-gram draft");
}

}  // namespace
}  // namespace roofline
