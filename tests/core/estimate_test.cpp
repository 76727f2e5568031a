// SPDX-License-Identifier: GPL-3.0-or-later
// The estimate ceiling (DOMAIN.md §11, estimate.h): each cost a calibration profile adds,
// derived by hand, and the invariants that hold over many scenarios.

#include "roofline/estimate.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <memory>
#include <random>

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "roofline/explain.h"
#include "roofline/validate.h"
#include "test_models.h"

namespace roofline {
namespace {

using test::scenario;

// A profile that adds nothing: one compute unit and 1×1 tiles make every whole-numbered
// GEMM one tile per output element (efficiency 1), every other factor is 1 and no floor or
// overhead is added. The estimate is then the achievable bound.
CalibrationProfile neutral() {
    CalibrationProfile p;
    p.id = "test.neutral";
    p.engine = "generic";
    p.computeUnits = 1;
    p.tileRows = 1;
    p.tileColumns = 1;
    p.residualLow = 0.0;
    p.residualHigh = 0.0;
    return p;
}

Scenario estimated(Model m, Workload w, const CalibrationProfile& p) {
    w.ceilings = Ceilings::Estimate;
    Scenario s = scenario(test::h100Sxm(), std::move(m), w);
    s.calibration = std::make_shared<const CalibrationProfile>(p);
    return s;
}

double passSum(const Analysis& a, PassKind pass, OperatorKind kind) {
    double sum = 0.0;
    for (const OperatorCost& op : a.operators) {
        if (op.pass == pass && op.kind == kind) {
            sum += op.timeSeconds;
        }
    }
    return sum;
}

TEST(GemmShape, A128TokenGemmOn132SmsRunsOneThirdFullWave) {
    // Llama-3.1-8B's qkv_proj over a 128-token prompt: M = 128, N = (32 + 2·8)·128 = 6,144.
    // 128×128 tiles: 1 · 48 = 48 tiles, one wave on 132 SMs: 48 / 132 = 0.3636.
    CalibrationProfile p;
    p.computeUnits = 132;
    EXPECT_NEAR(gemmShapeEfficiency(128, 6144, 1, p), 48.0 / 132.0, 1e-12);
    // 100 rows pad to one 128-row tile: 100·6,144 / (132·128·128) = 0.28409.
    EXPECT_NEAR(gemmShapeEfficiency(100, 6144, 1, p), 614400.0 / 2162688.0, 1e-12);
    // mlp_up at 2,048 tokens: 16 · 224 = 3,584 tiles in ⌈3,584 / 132⌉ = 28 waves:
    // 3,584 / (28 · 132) = 0.9697.
    EXPECT_NEAR(gemmShapeEfficiency(2048, 28672, 1, p), 3584.0 / 3696.0, 1e-12);
    // Eight experts of 4 rows each, 256 columns: the tile shrinks to the 16-row minimum,
    // 8 · 1 · 2 = 16 tiles, one wave: 8·4·256 / (132·16·128) = 0.030303.
    EXPECT_NEAR(gemmShapeEfficiency(4, 256, 8, p), 8192.0 / (132.0 * 16 * 128), 1e-12);
    // Decode at B = 8 through qkv_proj: a 16-row tile, 48 tiles: 8·6,144 / (132·16·128) =
    // 0.18182; at 40 rows a 64-row tile: 40·6,144 / (132·64·128) = 0.22727.
    EXPECT_NEAR(gemmShapeEfficiency(8, 6144, 1, p), 49152.0 / 270336.0, 1e-12);
    EXPECT_NEAR(gemmShapeEfficiency(40, 6144, 1, p), 245760.0 / 1081344.0, 1e-12);
    // Nothing to judge: 1.
    EXPECT_EQ(gemmShapeEfficiency(0, 6144, 1, p), 1.0);
}

TEST(GemmShape, EqualsTheTileCountByDivisionOverManyShapesAndProfiles) {
    // The efficiency divides by reciprocals with a correction (estimate.cpp): it must equal
    // the file comment's formula computed with plain divisions and std::ceil, over shapes at
    // and around exact multiples of the tiles (where a reciprocal's rounding would show),
    // fractional rows (experts' averages) and profiles of any tile and unit count.
    std::mt19937 random(11);
    const auto reference = [](double M, double N, double G, const CalibrationProfile& p) {
        const double T = static_cast<double>(p.tileRows);
        double tm = T;
        if (M < T) {
            tm = std::min(T, std::max(16.0, std::exp2(std::ceil(std::log2(std::ceil(M))))));
        }
        const double tn = static_cast<double>(p.tileColumns);
        const double S = static_cast<double>(p.computeUnits);
        const double tiles = std::ceil(G) * std::ceil(M / tm) * std::ceil(N / tn);
        const double waves = std::ceil(tiles / S);
        return G * M * N / std::max(G * M * N, waves * S * tm * tn);
    };
    const std::int64_t tileSizes[] = {1, 8, 16, 64, 96, 128, 192, 256};
    const std::int64_t unitCounts[] = {1, 7, 78, 108, 132, 148, 304};
    std::size_t checked = 0;
    for (int i = 0; i < 20000; ++i) {
        CalibrationProfile p;
        p.tileRows = tileSizes[random() % std::size(tileSizes)];
        p.tileColumns = tileSizes[random() % std::size(tileSizes)];
        p.computeUnits = unitCounts[random() % std::size(unitCounts)];
        const double tr = static_cast<double>(p.tileRows);
        const double tc = static_cast<double>(p.tileColumns);
        // Rows and columns at k tiles, one off either way, or anywhere; groups 1 or a few.
        const auto around = [&](double tile) {
            const double k = static_cast<double>(1 + random() % 400);
            switch (random() % 4) {
                case 0:
                    return k * tile;
                case 1:
                    return k * tile + 1.0;
                case 2:
                    return std::max(1.0, k * tile - 1.0);
                default:
                    return 1.0 + static_cast<double>(random() % 100000) / 7.0;
            }
        };
        const double M =
            random() % 5 == 0 ? static_cast<double>(1 + random() % 40) / 3.0 : around(tr);
        const double N = around(tc);
        const double G = random() % 3 == 0 ? static_cast<double>(1 + random() % 256) : 1.0;
        const double expected = reference(M, N, G, p);
        const double got = gemmShapeEfficiency(M, N, G, p);
        ASSERT_NEAR(got, expected, 1e-12 * expected)
            << "M " << M << " N " << N << " G " << G << " tiles " << p.tileRows << "x"
            << p.tileColumns << " units " << p.computeUnits;
        ++checked;
    }
    EXPECT_EQ(checked, 20000u);
}

TEST(Estimate, ANeutralProfileIsTheAchievableBound) {
    Workload w;
    w.batch = 8;
    const Analysis a = analyze(estimated(test::llama31_8b(), w, neutral()));
    ASSERT_TRUE(a.estimate.has_value());
    EXPECT_EQ(a.ceilings, Ceilings::Estimate);
    // The roofs are the achievable ones: 0.70 of the 989.4e12 bf16 peak (no measurement).
    EXPECT_DOUBLE_EQ(a.peakFlopsPerSecond, 989.4e12 * 0.70);
    EXPECT_DOUBLE_EQ(a.estimate->ttftSeconds, a.ttftSeconds);
    EXPECT_DOUBLE_EQ(a.estimate->tpotSeconds, a.tpotSeconds);
    EXPECT_DOUBLE_EQ(a.estimate->decodeTokensPerSecond, a.decodeTokensPerSecond);
}

TEST(Estimate, TheStepOverheadIsAddedOncePerPass) {
    // 2 ms per forward pass: TTFT and TPOT each gain exactly 2 ms.
    CalibrationProfile p = neutral();
    p.stepOverheadSeconds = 2e-3;
    Workload w;
    w.batch = 4;
    const Analysis a = analyze(estimated(test::llama31_8b(), w, p));
    ASSERT_TRUE(a.estimate.has_value());
    EXPECT_NEAR(a.estimate->ttftSeconds, a.ttftSeconds + 2e-3, 1e-15);
    EXPECT_NEAR(a.estimate->tpotSeconds, a.tpotSeconds + 2e-3, 1e-15);
    EXPECT_DOUBLE_EQ(a.estimate->passes[1].terms.stepOverheadSeconds, 2e-3);
    // tokens/s = B / TPOT.
    EXPECT_DOUBLE_EQ(a.estimate->decodeTokensPerSecond, 4.0 / a.estimate->tpotSeconds);
}

TEST(Estimate, SpeculativeStepsPayTheOverheadOncePerVerify) {
    // n-gram drafts (no draft pass): a step is one verify pass, 2 ms added, then / τ with
    // τ = (1 − 0.7⁴) / (1 − 0.7) = 2.533.
    CalibrationProfile p = neutral();
    p.stepOverheadSeconds = 2e-3;
    Workload w;
    w.speculativeTokens = 3;
    w.acceptanceRate = 0.7;
    const Analysis a = analyze(estimated(test::llama31_8b(), w, p));
    ASSERT_TRUE(a.estimate.has_value() && a.speculative.has_value());
    const PassCost* verify = a.pass(PassKind::Verify);
    ASSERT_NE(verify, nullptr);
    const double tau = (1.0 - std::pow(0.7, 4)) / 0.3;
    EXPECT_NEAR(a.estimate->tpotSeconds, (verify->timeSeconds + 2e-3) / tau, 1e-15);
}

TEST(Estimate, TheKernelFloorCountsEveryLaunch) {
    // A 1 ms floor dwarfs every operator of a B = 1 decode step, so the step takes 1 ms per
    // kernel: embedding 1, norms 2·32 = 64, then 32 each of qkv_proj, attention, kv_write,
    // o_proj, mlp_up, mlp_act, mlp_down (224), final_norm 1 and lm_head 1: 291 kernels.
    CalibrationProfile p = neutral();
    p.kernelFloorSeconds = 1e-3;
    const Analysis a = analyze(estimated(test::llama31_8b(), Workload{}, p));
    ASSERT_TRUE(a.estimate.has_value());
    EXPECT_NEAR(a.estimate->tpotSeconds, 0.291, 1e-12);
    EXPECT_NEAR(a.estimate->passes[1].terms.kernelFloorSeconds, 0.291 - a.tpotSeconds, 1e-12);
}

TEST(Estimate, WeightPrecisionEfficiencySlowsTheMatmulsOnly) {
    // fp8 weights at efficiency 0.5: every matmul takes twice its time (decode at B = 1 is
    // memory-bound everywhere), the other operators keep theirs. The precision term is the
    // matmuls' time once more.
    CalibrationProfile p = neutral();
    p.weightEfficiency[index(Precision::Fp8)] = 0.5;
    Workload w;
    w.weightPrecision = Precision::Fp8;
    const Analysis a = analyze(estimated(test::llama31_8b(), w, p));
    ASSERT_TRUE(a.estimate.has_value());
    const double matmuls = passSum(a, PassKind::Decode, OperatorKind::Matmul);
    EXPECT_GT(matmuls, 0.0);
    EXPECT_NEAR(a.estimate->passes[1].terms.precisionSeconds, matmuls, 1e-15);
    EXPECT_NEAR(a.estimate->tpotSeconds, a.tpotSeconds + matmuls, 1e-15);
    // bf16 weights are untouched by an fp8 efficiency.
    w.weightPrecision = Precision::Bf16;
    const Analysis b = analyze(estimated(test::llama31_8b(), w, p));
    EXPECT_DOUBLE_EQ(b.estimate->tpotSeconds, b.tpotSeconds);
}

TEST(Estimate, AttentionEfficiencyFollowsTheLength) {
    // Half-length 2,048 at C = 2,048: each new token attends L = 2,049 keys, efficiency
    // 2,049 / 4,097, so attention takes 4,097 / 2,049 of its time: the term is its time
    // × 2,048 / 2,049.
    CalibrationProfile p = neutral();
    p.attentionHalfLength = 2048;
    const Analysis a = analyze(estimated(test::llama31_8b(), Workload{}, p));
    ASSERT_TRUE(a.estimate.has_value());
    const double attention = passSum(a, PassKind::Decode, OperatorKind::Attention);
    EXPECT_NEAR(a.estimate->passes[1].terms.attentionSeconds, attention * 2048.0 / 2049.0, 1e-15);
    // An fp8 cache at 0.8 on top of a flat kernel: attention / 0.8, the term 0.25 of it.
    CalibrationProfile q = neutral();
    q.kvEfficiency[index(Precision::Fp8)] = 0.8;
    Workload w;
    w.kvPrecision = Precision::Fp8;
    const Analysis b = analyze(estimated(test::llama31_8b(), w, q));
    const double fp8Attention = passSum(b, PassKind::Decode, OperatorKind::Attention);
    EXPECT_NEAR(b.estimate->passes[1].terms.attentionSeconds, fp8Attention * 0.25, 1e-15);
}

TEST(Estimate, AStateLayersRecurrencePaysNoAttentionKernelCost) {
    // Qwen3-Next: 36 Gated DeltaNet layers and 12 full-attention layers. Its decode pass has
    // an `attention` operator (12 layers over the KV cache) and a `state_update` (36 delta
    // rule updates over a fixed-size fp32 state, no KV cache). Attention efficiency 0.5 and an
    // fp8 KV factor 0.8 on a flat kernel: attention takes 1 / (0.5 · 0.8) = 2.5 of its time,
    // the term 1.5 × attention's time alone; the recurrence keeps its bound (operators.h,
    // KernelClass::Recurrence).
    CalibrationProfile p = neutral();
    p.attentionEfficiency = 0.5;
    p.kvEfficiency[index(Precision::Fp8)] = 0.8;
    Workload w;
    w.kvPrecision = Precision::Fp8;
    const Analysis a = analyze(estimated(test::qwen3Next80b(), w, p));
    ASSERT_TRUE(a.estimate.has_value());
    double attention = 0.0, recurrence = 0.0;
    for (const OperatorCost& op : a.operators) {
        if (op.pass != PassKind::Decode) {
            continue;
        }
        if (op.id == OperatorId::Attention) {
            EXPECT_EQ(op.kernel, KernelClass::Attention);
            attention += op.timeSeconds;
        } else if (op.id == OperatorId::StateUpdate) {
            EXPECT_EQ(op.kernel, KernelClass::Recurrence);
            recurrence += op.timeSeconds;
        }
    }
    ASSERT_GT(attention, 0.0);
    ASSERT_GT(recurrence, 0.0);
    EXPECT_NEAR(a.estimate->passes[1].terms.attentionSeconds, attention * 1.5,
                1e-12 * a.estimate->passes[1].seconds);
}

TEST(Estimate, EveryOperatorOfTheTableHasTheClassItsKindImplies) {
    // The table's kernel classes against its kinds: a matmul is one of the three GEMMs, a
    // collective is communication, and the estimate's weight precision follows the class.
    for (std::size_t i = 0; i < kOperatorCount; ++i) {
        const auto id = static_cast<OperatorId>(i);
        const KernelClass k = kernelClass(id);
        const bool gemm =
            k == KernelClass::Gemm || k == KernelClass::ExpertGemm || k == KernelClass::TableGemm;
        EXPECT_EQ(gemm, operatorKind(id) == OperatorKind::Matmul) << toString(id);
        EXPECT_EQ(k == KernelClass::Collective, operatorKind(id) == OperatorKind::Communication)
            << toString(id);
    }
    Workload w;
    w.weightPrecision = Precision::Int4;
    w.expertWeightPrecision = Precision::Fp8;
    w.embeddingWeightPrecision = Precision::Bf16;
    EXPECT_EQ(matmulWeightPrecision(OperatorId::MoeDown, w), Precision::Fp8);
    EXPECT_EQ(matmulWeightPrecision(OperatorId::MoeRouter, w), Precision::Bf16);
    EXPECT_EQ(matmulWeightPrecision(OperatorId::LmHead, w), Precision::Bf16);
    EXPECT_EQ(matmulWeightPrecision(OperatorId::MixerInProj, w), Precision::Int4);
}

TEST(Estimate, TheIntervalIsTheResidualQuantiles) {
    // Residual quantiles −0.2 and +0.3: the interval is [e^−0.2, e^0.3] × the estimate.
    CalibrationProfile p = neutral();
    p.stepOverheadSeconds = 1e-3;
    p.residualLow = -0.2;
    p.residualHigh = 0.3;
    p.fittedRecords = 10;  // fitted: a profile of defaults is extrapolated (below)
    const Analysis a = analyze(estimated(test::llama31_8b(), Workload{}, p));
    ASSERT_TRUE(a.estimate.has_value());
    const EstimateResult& e = *a.estimate;
    EXPECT_DOUBLE_EQ(e.tpotIntervalSeconds[0], e.tpotSeconds * std::exp(-0.2));
    EXPECT_DOUBLE_EQ(e.tpotIntervalSeconds[1], e.tpotSeconds * std::exp(0.3));
    EXPECT_DOUBLE_EQ(e.ttftIntervalSeconds[0], e.ttftSeconds * std::exp(-0.2));
    EXPECT_DOUBLE_EQ(e.passes[0].highSeconds, e.passes[0].seconds * std::exp(0.3));
}

TEST(Estimate, EveryKernelPaysItsLaunch) {
    // Llama-3.1-8B's decode step at TP 1 launches, by operator: embedding 1, norms 2 per
    // layer (64), qkv_proj, attention, kv_write, o_proj, mlp_up, mlp_act, mlp_down 32 each
    // (224), final_norm 1, lm_head 1: 291 kernels, and no collective. At 4 µs each: 1.164 ms.
    CalibrationProfile p = neutral();
    p.launchSeconds = 4e-6;
    const Analysis a = analyze(estimated(test::llama31_8b(), Workload{}, p));
    const PassEstimate& decode = a.estimate->passes[1];
    EXPECT_EQ(decode.kernels, 291.0);
    EXPECT_EQ(decode.collectives, 0.0);
    EXPECT_NEAR(decode.terms.launchSeconds, 291 * 4e-6, 1e-15);
    EXPECT_NEAR(decode.seconds, decode.boundSeconds + 291 * 4e-6, 1e-15);
}

TEST(Estimate, DeepSeekV3AtTp8Runs122CollectivesAStep) {
    // DeepSeek-V3 at TP 8 without expert parallelism: two all-reduces per layer (after MLA's
    // o_proj, after the MLP or MoE's down projection) in each of its 61 layers: 122. At
    // α = 15 µs the collectives add 122 · 15 µs = 1.83 ms to every decode step; the prefill
    // runs the same 122.
    CalibrationProfile p = neutral();
    p.collectiveLatencySeconds = 15e-6;
    Workload w;
    w.tensorParallel = 8;
    w.batch = 4;
    const Analysis a = analyze(estimated(test::deepseekV3(), w, p));
    ASSERT_TRUE(a.estimate.has_value());
    EXPECT_EQ(a.estimate->passes[1].collectives, 122.0);
    EXPECT_EQ(a.estimate->passes[0].collectives, 122.0);
    EXPECT_NEAR(a.estimate->passes[1].terms.collectiveSeconds, 122 * 15e-6, 1e-15);
    // Under expert parallelism each of the 58 MoE layers adds a dispatch and a combine
    // all-to-all; the all-reduce after it stays (the shared expert is still sliced over
    // the 8 devices): 122 + 2 · 58 = 238.
    w.expertParallel = true;
    const Analysis ep = analyze(estimated(test::deepseekV3(), w, p));
    EXPECT_EQ(ep.estimate->passes[1].collectives, 238.0);
}

TEST(Estimate, AGroupedGemmAtFewTokensPerExpertRunsBelowItsBytes) {
    // Mixtral-8x7B decode at B = 1 routes its one token to k = 2 of 8 experts: each expert's
    // GEMM has M = 1 row. With a half point of 1 token its rate is 1 / (1 + 1) of what its
    // bytes allow: a memory-bound expert GEMM takes twice its memory time, and the MoE term
    // is the experts' memory time once more.
    CalibrationProfile p = neutral();
    p.moeHalfTokens = 1.0;
    const Analysis a = analyze(estimated(test::mixtral8x7b(), Workload{}, p));
    double expertMemory = 0.0;
    for (const OperatorCost& op : a.operators) {
        if (op.pass == PassKind::Decode &&
            (op.id == OperatorId::MoeUp || op.id == OperatorId::MoeDown)) {
            EXPECT_DOUBLE_EQ(op.gemmRows, 1.0);
            EXPECT_EQ(op.bound, Bound::Memory);
            expertMemory += op.memoryTimeSeconds;
        }
    }
    ASSERT_GT(expertMemory, 0.0);
    EXPECT_NEAR(a.estimate->passes[1].terms.moeSeconds, expertMemory, expertMemory * 1e-12);
    // At B = 16 the rows per expert are a fraction (16 · 2 tokens over the experts touched):
    // each expert GEMM's memory time grows by (m + h) / m, as long as it stays memory-bound.
    Workload w;
    w.batch = 16;
    const Analysis b = analyze(estimated(test::mixtral8x7b(), w, p));
    double expected = 0.0;
    for (const OperatorCost& op : b.operators) {
        if (op.pass == PassKind::Decode &&
            (op.id == OperatorId::MoeUp || op.id == OperatorId::MoeDown)) {
            ASSERT_GT(op.gemmRows, 1.0);
            expected += std::max(op.memoryTimeSeconds * (op.gemmRows + 1.0) / op.gemmRows,
                                 op.computeTimeSeconds) -
                        op.timeSeconds;
        }
    }
    EXPECT_NEAR(b.estimate->passes[1].terms.moeSeconds, expected, expected * 1e-12);
}

TEST(Estimate, TheClientsTtftAddsTheApiTime) {
    // A client's TTFT is the prefill plus the server's API and tokenizer time: 30 ms more.
    CalibrationProfile p = neutral();
    const Analysis bare = analyze(estimated(test::llama31_8b(), Workload{}, p));
    p.apiSeconds = 0.03;
    const Analysis a = analyze(estimated(test::llama31_8b(), Workload{}, p));
    EXPECT_NEAR(a.estimate->ttftSeconds, bare.estimate->ttftSeconds + 0.03, 1e-15);
    EXPECT_EQ(a.estimate->apiSeconds, 0.03);
    EXPECT_EQ(a.estimate->tpotSeconds, bare.estimate->tpotSeconds);
}

// A profile fitted on dense bf16 models of 7–9 B at TP 1–2, TTFT and decode, vLLM 0.6–0.8,
// on the H100 SXM.
CalibrationProfile withDomain() {
    CalibrationProfile p = neutral();
    p.id = "test.domain";
    p.engine = "vllm";
    p.fittedRecords = 20;
    p.residualLow = -0.1;
    p.residualHigh = 0.1;
    ProfileDomain& d = p.domain;
    d.fitted = true;
    d.tpMin = 1;
    d.tpMax = 2;
    d.kinds = kDenseModel;
    d.parametersMin = 7e9;
    d.parametersMax = 9e9;
    d.weightPrecisions = 1U << index(Precision::Bf16);
    d.ttft = d.decode = true;
    d.versionMin = {0, 6, 0};
    d.versionMax = {0, 8, 5};
    d.hardware = {"h100-sxm"};
    return p;
}

TEST(Estimate, InsideTheDomainIsNotExtrapolated) {
    const CalibrationProfile p = withDomain();
    Scenario s = estimated(test::llama31_8b(), Workload{}, p);
    s.engineVersion = {0, 7, 2};
    const Analysis a = analyze(s);
    EXPECT_EQ(a.estimate->extrapolation, 0U);
    EXPECT_TRUE(extrapolationReasons(*a.estimate, s).empty());
    EXPECT_NEAR(a.estimate->tpotIntervalSeconds[1], a.estimate->tpotSeconds * std::exp(0.1), 1e-15);
}

TEST(Estimate, AGenericProfileDoesNotCompareVersionsOfOtherEngines) {
    // A generic profile is fitted on every engine's records: vLLM 0.4.0 outside a range that
    // mixes SGLang's and TensorRT-LLM's versions says nothing, so it is not extrapolated.
    CalibrationProfile p = withDomain();
    p.engine = "generic";
    Scenario s = estimated(test::llama31_8b(), Workload{}, p);
    s.engineVersion = {0, 4, 0};
    EXPECT_EQ(analyze(s).estimate->extrapolation, 0U);
    p.engine = "vllm";
    s.calibration = std::make_shared<const CalibrationProfile>(p);
    EXPECT_EQ(analyze(s).estimate->extrapolation, kEngineVersion);
}

TEST(Estimate, OutsideTheDomainSaysWhyAndWidens) {
    // DeepSeek-V3 (671 B, MoE with MLA) at TP 8 in fp8 on vLLM 0.10: outside on TP, kinds,
    // size, precision and version; the chip is the domain's.
    CalibrationProfile p = withDomain();
    p.extrapolated = {-0.4, 0.9, 50};
    Workload w;
    w.tensorParallel = 8;
    w.weightPrecision = Precision::Fp8;
    w.activationPrecision = Precision::Fp8;
    Scenario s = estimated(test::deepseekV3(), w, p);
    s.engineVersion = {0, 10, 1};
    const Analysis a = analyze(s);
    const std::uint32_t e = a.estimate->extrapolation;
    EXPECT_EQ(e, kTensorParallel | kModelKind | kModelSize | kWeightPrecision | kEngineVersion);
    const std::vector<std::string> why = extrapolationReasons(*a.estimate, s);
    ASSERT_EQ(why.size(), 5U);
    EXPECT_EQ(why[0], "TP 8 outside TP 1–2 of test.domain");
    EXPECT_EQ(why[1], "no MoE, MLA model in test.domain (its records: dense)");
    EXPECT_EQ(why[3], "no fp8 weights in test.domain (its records: bf16)");
    EXPECT_EQ(why[4], "vllm 0.10.1 outside the versions in test.domain (0.6.0–0.8.5)");
    // The interval widens to the spread measured outside the domains: [e^−0.4, e^0.9].
    EXPECT_NEAR(a.estimate->tpotIntervalSeconds[0], a.estimate->tpotSeconds * std::exp(-0.4),
                1e-12);
    EXPECT_NEAR(a.estimate->tpotIntervalSeconds[1], a.estimate->tpotSeconds * std::exp(0.9), 1e-12);
    // Another chip, and no measured spread: ±0.5 around the regime's interval.
    p.extrapolated = {};
    Scenario other = estimated(test::llama31_8b(), Workload{}, p);
    other.hardware.id = "h200";
    const Analysis b = analyze(other);
    EXPECT_EQ(b.estimate->extrapolation, kOtherHardware);
    EXPECT_EQ(extrapolationReasons(*b.estimate, other).front(),
              "no h200 record in test.domain (its records are on h100-sxm)");
    EXPECT_NEAR(b.estimate->tpotIntervalSeconds[1], b.estimate->tpotSeconds * std::exp(0.6), 1e-12);
}

TEST(Estimate, TheIntervalIsTheRegimes) {
    // TP > 1 decode of a dense model reads the cell decode/dense/tp>1; its TTFT the cell
    // prefill/dense/tp>1; an empty cell falls back to residual_low/high.
    CalibrationProfile p = withDomain();
    p.intervals[intervalRegime(false, false, true)] = {-0.05, 0.2, 30};
    p.intervals[intervalRegime(true, false, true)] = {-0.3, 0.6, 12};
    Workload w;
    w.tensorParallel = 2;
    const Analysis a = analyze(estimated(test::llama31_8b(), w, p));
    ASSERT_EQ(a.estimate->extrapolation, 0U);
    EXPECT_NEAR(a.estimate->tpotIntervalSeconds[0], a.estimate->tpotSeconds * std::exp(-0.05),
                1e-15);
    EXPECT_NEAR(a.estimate->ttftIntervalSeconds[1], a.estimate->ttftSeconds * std::exp(0.6), 1e-15);
    w.tensorParallel = 1;
    const Analysis b = analyze(estimated(test::llama31_8b(), w, p));
    EXPECT_NEAR(b.estimate->tpotIntervalSeconds[1], b.estimate->tpotSeconds * std::exp(0.1), 1e-15);
    EXPECT_EQ(intervalRegimeName(intervalRegime(true, true, true)), "prefill/moe/tp>1");
}

TEST(EngineVersion, ReadsWhatEnginesPrint) {
    EXPECT_EQ(parseEngineVersion("0.6.3"), (EngineVersion{0, 6, 3}));
    EXPECT_EQ(parseEngineVersion("v0.10"), (EngineVersion{0, 10, 0}));
    EXPECT_EQ(parseEngineVersion("1.0.0rc2"), (EngineVersion{1, 0, 0}));
    EXPECT_EQ(parseEngineVersion("0.5.3.post3"), (EngineVersion{0, 5, 3}));
    EXPECT_FALSE(parseEngineVersion("main").has_value());
    EXPECT_LT((EngineVersion{0, 9, 9}), (EngineVersion{0, 10, 0}));
    EXPECT_EQ(toString(EngineVersion{0, 10, 1}), "0.10.1");
}

TEST(Estimate, PrefillOfShortPromptsPaysForWaves) {
    // 132 SMs, 128×128 tiles, a 128-token prompt at B = 1: qkv_proj (M = 128, N = 6,144)
    // runs at 48/132 of the rate, its compute time × 132/48 = 2.75. By hand:
    //   FLOPs 32 · 2 · 128 · 4,096 · 6,144 = 2.0616e11, at 0.70 · 989.4e12: 0.29767 ms;
    //   bytes 32 · (4,096 · 6,144 · 2 + 128 · (4,096 + 6,144) · 2) = 1.6945e9 at
    //   0.85 · 3.35e12: 0.59508 ms (memory-bound on the roofline);
    //   with the waves 0.29767 · 2.75 = 0.81860 ms: compute-bound, 0.22352 ms more.
    // Every other matmul adds its own share, so the pass's shape term is at least that.
    CalibrationProfile p = neutral();
    p.computeUnits = 132;
    p.tileRows = 128;
    p.tileColumns = 128;
    Workload w;
    w.promptTokens = 128;
    const Analysis a = analyze(estimated(test::llama31_8b(), w, p));
    ASSERT_TRUE(a.estimate.has_value());
    const OperatorCost* qkv = test::findOp(a, PassKind::Prefill, "qkv_proj");
    ASSERT_NE(qkv, nullptr);
    EXPECT_DOUBLE_EQ(qkv->gemmRows, 128.0);
    EXPECT_DOUBLE_EQ(qkv->gemmColumns, 6144.0);
    EXPECT_NEAR(qkv->computeTimeSeconds, 0.29767e-3, 0.00001e-3);
    EXPECT_NEAR(qkv->memoryTimeSeconds, 0.59508e-3, 0.00001e-3);
    EXPECT_GT(a.estimate->passes[0].terms.gemmShapeSeconds, 0.22352e-3);
    EXPECT_LT(a.estimate->passes[0].terms.gemmShapeSeconds, a.ttftSeconds);
}

TEST(Estimate, NeverFasterThanTheBoundWhenEveryCostIsACost) {
    // Efficiencies ≤ 1, floors and overheads ≥ 0: the estimate is never below the
    // achievable bound, in any pass, for any of these models, batches and lengths.
    CalibrationProfile p;
    p.computeUnits = 132;
    p.kernelFloorSeconds = 3e-6;
    p.stepOverheadSeconds = 1e-3;
    p.weightEfficiency[index(Precision::Fp8)] = 0.7;
    p.kvEfficiency[index(Precision::Fp8)] = 0.9;
    p.attentionEfficiency = 0.8;
    p.attentionHalfLength = 128;
    for (const Model& m : {test::llama31_8b(), test::mixtral8x7b(), test::deepseekV3(),
                           test::qwen3Next80b(), test::nemotron3Nano(), test::llama32_1b()}) {
        for (std::int64_t b : {1, 7, 64, 512}) {
            for (std::int64_t len : {16, 1000, 32768}) {
                for (Precision wp : {Precision::Bf16, Precision::Fp8}) {
                    Workload w;
                    w.batch = b;
                    w.promptTokens = len;
                    w.contextTokens = len;
                    w.weightPrecision = wp;
                    w.kvPrecision = wp;
                    const Scenario s = estimated(m, w, p);
                    if (!validate(s).empty() && hasErrors(validate(s))) {
                        continue;
                    }
                    const Analysis a = analyze(s);
                    ASSERT_TRUE(a.estimate.has_value());
                    for (std::size_t i = 0; i < a.passes.size(); ++i) {
                        EXPECT_GE(a.estimate->passes[i].seconds, a.passes[i].timeSeconds)
                            << m.id << " B " << b << " len " << len;
                        EXPECT_GE(a.estimate->passes[i].terms.gemmShapeSeconds, 0.0);
                        EXPECT_GE(a.estimate->passes[i].terms.kernelFloorSeconds, 0.0);
                    }
                    EXPECT_GT(a.estimate->tpotSeconds, a.tpotSeconds);
                }
            }
        }
    }
}

// The plot's tooltip and the explanation name the same largest cost (explain.h).
TEST(Estimate, TheLargestCostIsNamedAsTheSentencesNameIt) {
    EstimateTerms t;
    EXPECT_EQ(largestEstimateCost(t).seconds, 0.0);  // nothing added
    t.gemmShapeSeconds = 1e-3;
    t.stepOverheadSeconds = 2e-3;
    t.kernelFloorSeconds = 0.5e-3;
    EXPECT_EQ(largestEstimateCost(t).name, "per-step overhead");
    EXPECT_EQ(largestEstimateCost(t).seconds, 2e-3);
    t.attentionSeconds = 3e-3;
    EXPECT_EQ(largestEstimateCost(t).name, "attention kernel efficiency");
    // A tie goes to the first in the sentences' order: step overhead before GEMM shape.
    t = {};
    t.gemmShapeSeconds = 1e-3;
    t.stepOverheadSeconds = 1e-3;
    EXPECT_EQ(largestEstimateCost(t).name, "per-step overhead");

    // 2 ms per pass and nothing else: the TPOT sentence names the overhead, 2 ms of the step.
    CalibrationProfile p = neutral();
    p.stepOverheadSeconds = 2e-3;
    Workload w;
    w.batch = 4;
    const Analysis a = analyze(estimated(test::llama31_8b(), w, p));
    ASSERT_TRUE(a.estimate.has_value());
    const std::vector<std::string> sentences = estimateSentences(a);
    ASSERT_EQ(sentences.size(), 2u);
    EXPECT_NE(sentences[1].find("the largest cost a stack adds is per-step overhead, 2.00 ms"),
              std::string::npos)
        << sentences[1];
}

TEST(Estimate, ValidateRefusesTheEstimateWithoutAProfile) {
    Workload w;
    w.ceilings = Ceilings::Estimate;
    const std::vector<Issue> issues = validate(scenario(test::h100Sxm(), test::llama31_8b(), w));
    ASSERT_TRUE(hasErrors(issues));
    bool named = false;
    for (const Issue& i : issues) {
        named = named || i.field == "calibration";
    }
    EXPECT_TRUE(named);
}

TEST(Estimate, ValidateProfileNamesTheField) {
    CalibrationProfile p;
    p.kernelFloorSeconds = -1;
    p.weightEfficiency[index(Precision::Int4)] = 0.0;
    p.residualLow = 0.5;
    p.residualHigh = 0.1;
    const std::vector<std::string> problems = validateProfile(p);
    ASSERT_EQ(problems.size(), 3u);
    EXPECT_EQ(problems[0], "kernel_floor_s: expected seconds from 0 to 0.1, found -1");
    EXPECT_EQ(problems[1].rfind("weight_efficiency/int4: expected a factor", 0), 0u) << problems[1];
    EXPECT_EQ(problems[2].rfind("fit/residual_low: expected at most residual_high", 0), 0u)
        << problems[2];
    EXPECT_TRUE(validateProfile(CalibrationProfile{}).empty());
}

TEST(Ceilings, NamesRoundTrip) {
    for (Ceilings c : {Ceilings::Peak, Ceilings::Achievable, Ceilings::Estimate}) {
        EXPECT_EQ(parseCeilings(toString(c)), c);
    }
    EXPECT_FALSE(parseCeilings("Estimate").has_value());
}

}  // namespace
}  // namespace roofline
