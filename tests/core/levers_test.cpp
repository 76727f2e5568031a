// SPDX-License-Identifier: GPL-3.0-or-later
// Levers (roofline/levers.h): the hand checks of the issue "Interventions made visible" for
// Llama-3.1-8B on H100 SXM at B = 1, P = C = 2048, and the applicability rules.
//
// The base, from DOMAIN.md §3 and §5 (bf16 everywhere, FlashAttention on):
// - Weights read by a decode step: every matrix except the gathered embedding table,
//   32 layers × 218,112,000 + lm_head 525,336,576 + final norm 4,096 = 7,504,924,672
//   parameters = 15.010e9 bytes (of the 16.06e9 held).
// - KV read: (C + 1) · 131,072 bytes per token = 2049 · 131,072 = 0.26857e9 bytes; written
//   131,072. Activations: a few MB. Step bytes ≈ 15.284e9; every operator is memory-bound
//   (decode intensity ≈ 1.05 FLOP/byte against a ridge of 295), so TPOT ≈ 15.284e9 / 3.35e12
//   = 4.56 ms.

#include "roofline/levers.h"

#include <cmath>

#include <gtest/gtest.h>

#include "roofline/explain.h"
#include "roofline/validate.h"
#include "test_models.h"

namespace roofline {
namespace {

using test::h100Sxm;
using test::llama31_8b;

Hardware h200() {
    Hardware hw = h100Sxm();  // the same compute die (reference/hardware.json)
    hw.id = "h200";
    hw.name = "NVIDIA H200 SXM 141GB";
    hw.memoryBandwidthBytesPerSecond = 4.8e12;
    hw.memoryCapacityBytes = 141.0 * 1024 * 1024 * 1024;
    return hw;
}

Model llama8b() {
    Model m = llama31_8b();
    m.id = "llama-3.1-8b";
    m.name = "Llama 3.1 8B";
    return m;
}

LeverContext h100Context() {
    LeverContext c;
    c.nextHardware = h200();
    Model draft = test::llama32_1b();
    draft.name = "Llama 3.2 1B";
    c.draft = draft;
    return c;
}

struct Checked {
    Scenario base;
    Analysis baseAnalysis;
    LeverOutcome lever;
};

Checked evaluate(LeverId id, Scenario base = test::scenario(h100Sxm(), llama8b()),
                 const LeverContext& context = h100Context()) {
    EXPECT_FALSE(hasErrors(validate(base)));
    Analysis a = analyze(base);
    LeverOutcome lever = evaluateLever(base, a, id, context);
    return {std::move(base), std::move(a), std::move(lever)};
}

const LeverOutcome* find(const std::vector<LeverOutcome>& levers, LeverId id) {
    for (const LeverOutcome& l : levers) {
        if (l.id == id) {
            return &l;
        }
    }
    return nullptr;
}

bool has(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST(Levers, KeysRoundTripAndAreStable) {
    const std::vector<std::string> keys = {
        "w8a16", "w4a16",           "w8a8",         "w4a4",       "kv-fp8",
        "gqa-8", "batch-x8",        "spec-ngram",   "spec-draft", "flash-attention",
        "tp-x2", "expert-parallel", "next-hardware"};
    ASSERT_EQ(keys.size(), kLeverCount);
    for (std::size_t i = 0; i < kLeverCount; ++i) {
        EXPECT_EQ(leverKey(kAllLevers[i]), keys[i]);
        EXPECT_EQ(parseLeverId(keys[i]), kAllLevers[i]);
        EXPECT_FALSE(leverTitle(kAllLevers[i]).empty());
    }
    EXPECT_FALSE(parseLeverId("w4a8").has_value());
}

TEST(Levers, W4a16CutsTpotAbout3Point8OnH100) {
    // Weights 15.010e9 → 3.7525e9 bytes read per step (0.5 byte each); KV 0.2686e9 and the
    // few MB of activations unchanged: 15.284e9 / 4.026e9 = 3.80. (Not 4: the KV cache stays.)
    const Checked c = evaluate(LeverId::W4a16);
    const LeverOutcome& l = c.lever;
    ASSERT_TRUE(l.applicable) << l.reason;
    EXPECT_EQ(l.changed.workload.weightPrecision, Precision::Int4);
    EXPECT_EQ(l.changed.workload.activationPrecision, Precision::Bf16);
    EXPECT_NEAR(l.speedupTpot, 15.284 / 4.026, 0.02);
    EXPECT_NEAR(l.throughputGain, l.speedupTpot, 1e-12);  // same B
    // Prefill stays on the bf16 roof: compute-bound, so int4 weights barely change TTFT.
    EXPECT_NEAR(l.speedupTtft, 1.0, 0.02);
    EXPECT_TRUE(l.fits);
    ASSERT_EQ(l.changes.size(), 1u);
    EXPECT_EQ(l.changes[0].key, "weights");
    EXPECT_EQ(l.changes[0].from, "bf16");
    EXPECT_EQ(l.changes[0].to, "int4");
    // The sentence, from the numbers: 4× fewer weight bytes, the decode point right on the
    // slope, prefill on the bf16 roof, both TPOTs to 3 figures.
    EXPECT_TRUE(has(l.explanation, "Weights are 4× fewer bytes (16.1 GB → 4.02 GB)"))
        << l.explanation;
    EXPECT_TRUE(has(l.explanation, "decode moves right ×3.79 up the bandwidth slope"))
        << l.explanation;
    EXPECT_TRUE(has(l.explanation, "prefill moves right")) << l.explanation;
    EXPECT_TRUE(has(l.explanation, "on the bf16 roof")) << l.explanation;
    // TPOT 15,288,683,008 / 3.35e12 = 4.5638 ms -> 4,031,689,216 / 3.35e12 = 1.2035 ms (the
    // 7,504,658,432 matrix weights at 0.5 byte, norms still bf16, the same KV and activations).
    EXPECT_TRUE(has(l.explanation, "TPOT 4.56 ms → 1.20 ms")) << l.explanation;
}

TEST(Levers, BatchX8GivesAbout7TimesTokensAtNearlyTheSameTpot) {
    // B = 8: the 15.010e9 weight bytes are shared, but KV grows to 8 · 0.2686e9 = 2.149e9:
    // step ≈ 17.20e9 bytes, TPOT ×17.20 / 15.284 = ×1.125, tokens/s ×8 / 1.125 = ×7.11.
    // At C = 2048 the KV cache keeps it under 8.
    const LeverOutcome l = evaluate(LeverId::BatchX8).lever;
    ASSERT_TRUE(l.applicable) << l.reason;
    EXPECT_EQ(l.changed.workload.batch, 8);
    EXPECT_NEAR(l.throughputGain, 7.1, 0.05);
    EXPECT_NEAR(1.0 / l.speedupTpot, 1.125, 0.01);
    EXPECT_TRUE(l.fits);
    EXPECT_TRUE(has(l.explanation, "Batch 1 → 8")) << l.explanation;
}

TEST(Levers, NextHardwareIsTheBandwidthRatioWhileMemoryBound) {
    // H100 → H200: the same compute roofs, HBM 3.35 → 4.8 TB/s. Every decode operator is
    // memory-bound on both, so TPOT falls by exactly 4.8 / 3.35 = 1.4328.
    // Each chip's memory named by its type, as the presets say: H100 SXM "HBM3", H200
    // "HBM3e".
    Scenario base = test::scenario(h100Sxm(), llama8b());
    base.hardware.memoryType = "HBM3";
    LeverContext context = h100Context();
    ASSERT_TRUE(context.nextHardware.has_value());
    context.nextHardware->memoryType = "HBM3e";
    const LeverOutcome l = evaluate(LeverId::NextHardware, base, context).lever;
    ASSERT_TRUE(l.applicable) << l.reason;
    EXPECT_EQ(l.changed.hardware.id, "h200");
    EXPECT_NEAR(l.speedupTpot, 4.8 / 3.35, 1e-3);
    EXPECT_TRUE(has(l.explanation, "HBM3 3.35 TB/s → HBM3e 4.80 TB/s (×1.43)")) << l.explanation;
    EXPECT_TRUE(has(l.explanation, "decode rises ×1.43 at the same intensity")) << l.explanation;
}

TEST(Levers, SpecNgramIsAbout2Point7) {
    // DOMAIN.md §6 worked check: k = 4, α = 0.7, τ = (1 − 0.7⁵) / 0.3 = 2.7731; the verify
    // pass reads the same weights (5 tokens instead of 1: still memory-bound) and costs about
    // one decode step, the n-gram draft nothing: TPOT falls ≈ 2.77×, a little less for the
    // verify's extra activations and KV writes.
    const LeverOutcome l = evaluate(LeverId::SpecNgram).lever;
    ASSERT_TRUE(l.applicable) << l.reason;
    EXPECT_EQ(l.changed.workload.speculativeTokens, 4);
    EXPECT_DOUBLE_EQ(l.changed.workload.acceptanceRate, 0.7);
    EXPECT_EQ(l.changed.workload.draftKind, DraftKind::Ngram);
    const double tau = (1.0 - std::pow(0.7, 5)) / 0.3;
    EXPECT_LE(l.speedupTpot, tau);
    EXPECT_GT(l.speedupTpot, tau * 0.99);
    EXPECT_TRUE(has(l.explanation, "τ = 2.77")) << l.explanation;
    EXPECT_TRUE(has(l.explanation, "the verify pass moves right")) << l.explanation;
}

TEST(Levers, SpecDraftReadsTheDraftsWeightsKTimes) {
    // Llama-3.2-1B: 1.236e9 parameters, 2.47e9 bytes per step with tied embeddings (the
    // table is both gathered and read as lm_head), 4 steps ≈ 10e9 bytes ≈ 3 ms, nearly
    // 2/3 of a target step: the speedup drops well below the free draft's.
    const LeverOutcome ngram = evaluate(LeverId::SpecNgram).lever;
    const LeverOutcome l = evaluate(LeverId::SpecDraft).lever;
    ASSERT_TRUE(l.applicable) << l.reason;
    ASSERT_TRUE(l.changed.draft.has_value());
    EXPECT_EQ(l.changed.draft->id, "llama-3.2-1b");
    EXPECT_GT(l.speedupTpot, 1.3);
    EXPECT_LT(l.speedupTpot, ngram.speedupTpot * 0.7);
    EXPECT_TRUE(has(l.explanation, "with Llama 3.2 1B")) << l.explanation;
}

TEST(Levers, NotApplicableSayWhy) {
    const Checked base = evaluate(LeverId::Gqa8);
    EXPECT_FALSE(base.lever.applicable);
    EXPECT_EQ(base.lever.reason, "already 8 KV heads, no more than 8");
    EXPECT_TRUE(base.lever.explanation.empty());
    EXPECT_EQ(base.lever.speedupTpot, 1.0);

    EXPECT_EQ(evaluate(LeverId::FlashAttention).lever.reason, "FlashAttention is already on");
    EXPECT_EQ(evaluate(LeverId::ExpertParallel).lever.reason, "not a mixture-of-experts model");
    EXPECT_TRUE(
        has(evaluate(LeverId::ExpertParallel, test::scenario(h100Sxm(), test::mixtral8x7b()))
                .lever.reason,
            "apply tp-x2 first"));
    EXPECT_TRUE(
        has(evaluate(LeverId::Gqa8, test::scenario(h100Sxm(), test::deepseekV3())).lever.reason,
            "latent"));

    Workload fp4;
    fp4.weightPrecision = Precision::Fp4;
    fp4.activationPrecision = Precision::Fp4;
    const Scenario b200fp4 = test::scenario(test::b200(), llama8b(), fp4);
    EXPECT_EQ(evaluate(LeverId::W4a4, b200fp4).lever.reason,
              "already fp4 weights and fp4 activations");
    EXPECT_EQ(evaluate(LeverId::W8a16, b200fp4).lever.reason,
              "weights are already fp4, fewer bytes than int8");

    LeverContext none;
    none.nextHardwareReason = "NVIDIA B300 is the newest of its line";
    none.draftReason = "no draft";
    EXPECT_EQ(
        evaluate(LeverId::NextHardware, test::scenario(h100Sxm(), llama8b()), none).lever.reason,
        "NVIDIA B300 is the newest of its line");
    EXPECT_EQ(evaluate(LeverId::SpecDraft, test::scenario(h100Sxm(), llama8b()), none).lever.reason,
              "no draft");
}

TEST(Levers, MhaModelGetsGqa8) {
    // Llama-2-7B-like MHA (32 KV heads): 8 heads cut the KV bytes 4×.
    Model mha = test::llamaLike(32, 4096, 32, 32, 11008, 32000);
    const LeverOutcome l = evaluate(LeverId::Gqa8, test::scenario(h100Sxm(), mha)).lever;
    ASSERT_TRUE(l.applicable) << l.reason;
    EXPECT_EQ(l.changed.workload.kvHeadsOverride, 8);
    EXPECT_GT(l.speedupTpot, 1.0);
    EXPECT_TRUE(has(l.explanation, "8 KV heads instead of 32")) << l.explanation;
    EXPECT_TRUE(has(l.explanation, "4× fewer KV bytes")) << l.explanation;
}

TEST(Levers, ValidationFailureIsTheReason) {
    // TP 32 → 64 does not divide Llama-3.1-8B's 32 query heads.
    Workload w;
    w.tensorParallel = 32;
    const LeverOutcome l = evaluate(LeverId::TpX2, test::scenario(h100Sxm(), llama8b(), w)).lever;
    EXPECT_FALSE(l.applicable);
    EXPECT_TRUE(has(l.reason, "workload.tensorParallel")) << l.reason;
    EXPECT_TRUE(has(l.reason, "64")) << l.reason;
}

TEST(Levers, OversizeIsListedWithFitsFalse) {
    // Llama-2-70B in bf16 (≈ 138 GB) does not fit one H100 before or after batch ×8.
    const LeverOutcome l =
        evaluate(LeverId::BatchX8, test::scenario(h100Sxm(), test::llama2_70b())).lever;
    ASSERT_TRUE(l.applicable) << l.reason;
    EXPECT_FALSE(l.fits);
    EXPECT_TRUE(has(l.explanation, "it does not fit")) << l.explanation;
    // Int4 weights (≈ 34.5 GB) make it fit: the sentence says so.
    const LeverOutcome q =
        evaluate(LeverId::W4a16, test::scenario(h100Sxm(), test::llama2_70b())).lever;
    EXPECT_TRUE(q.fits);
    EXPECT_TRUE(has(q.explanation, "it now fits")) << q.explanation;
}

TEST(Levers, RankedByTpotSpeedupWithNotApplicableLast) {
    const Scenario base = test::scenario(h100Sxm(), llama8b());
    const std::vector<LeverOutcome> levers = evaluateLevers(base, analyze(base), h100Context());
    ASSERT_EQ(levers.size(), kLeverCount);
    bool seenNotApplicable = false;
    for (std::size_t i = 0; i < levers.size(); ++i) {
        if (!levers[i].applicable) {
            seenNotApplicable = true;
            EXPECT_FALSE(levers[i].reason.empty());
            continue;
        }
        EXPECT_FALSE(seenNotApplicable) << leverKey(levers[i].id);
        if (i > 0) {
            EXPECT_GE(levers[i - 1].speedupTpot, levers[i].speedupTpot);
        }
    }
    // fp4 falls back to the fp8 roof on H100 but still moves 4× fewer weight bytes.
    EXPECT_EQ(levers.front().id, LeverId::W4a4);
    const LeverOutcome* fp4 = find(levers, LeverId::W4a4);
    ASSERT_NE(fp4, nullptr);
    EXPECT_TRUE(has(fp4->explanation, "has no fp4 roof"));
}

TEST(Levers, NumbersOnlyRanksAlikeWithoutTheWords) {
    // LeverDetail::Numbers (the Explain panel's, on every step) skips the sentence and the
    // changes, and nothing else: the same levers in the same order with the same numbers.
    for (const Scenario& base :
         {test::scenario(h100Sxm(), llama8b()), test::scenario(h100Sxm(), test::llama2_70b())}) {
        const Analysis a = analyze(base);
        const std::vector<LeverOutcome> words = evaluateLevers(base, a, h100Context());
        const std::vector<LeverOutcome> numbers =
            evaluateLevers(base, a, h100Context(), LeverDetail::Numbers);
        ASSERT_EQ(numbers.size(), words.size());
        for (std::size_t i = 0; i < words.size(); ++i) {
            EXPECT_EQ(numbers[i].id, words[i].id);
            EXPECT_EQ(numbers[i].applicable, words[i].applicable);
            EXPECT_EQ(numbers[i].reason, words[i].reason);
            EXPECT_EQ(numbers[i].fits, words[i].fits);
            EXPECT_EQ(numbers[i].speedupTpot, words[i].speedupTpot);
            EXPECT_EQ(numbers[i].speedupTtft, words[i].speedupTtft);
            EXPECT_EQ(numbers[i].throughputGain, words[i].throughputGain);
            EXPECT_EQ(numbers[i].analysis.tpotSeconds, words[i].analysis.tpotSeconds);
            EXPECT_TRUE(numbers[i].explanation.empty());
            EXPECT_TRUE(numbers[i].changes.empty());
            EXPECT_EQ(words[i].explanation.empty(), !words[i].applicable);
        }
        // The sentences the panel writes from them are the same.
        EXPECT_EQ(explain(base, a, numbers), explain(base, a, words));
    }
}

TEST(Levers, ChangesNameTheScenarioFileKeys) {
    Scenario base = test::scenario(h100Sxm(), llama8b());
    Scenario changed = base;
    changed.workload.tensorParallel = 2;
    changed.workload.speculativeTokens = 4;
    const std::vector<LeverChange> c = scenarioChanges(base, changed);
    ASSERT_EQ(c.size(), 2u);
    EXPECT_EQ(c[0].key, "tensor_parallel");
    EXPECT_EQ(c[1].key, "speculative");
    EXPECT_EQ(c[1].from, "off");
    EXPECT_EQ(c[1].to, "k 4, α 0.7, ngram");
}

}  // namespace
}  // namespace roofline
