// SPDX-License-Identifier: GPL-3.0-or-later
// Worked examples: every expected number is derived by hand in the comment above it, from
// DOMAIN.md's formulas and the reference configs and spec sheets.

#include "roofline/analysis.h"

#include <algorithm>
#include <cmath>

#include <gtest/gtest.h>

#include "roofline/format.h"
#include "test_models.h"

namespace roofline {
namespace {

using test::scenario;

const OperatorCost& findOp(const Analysis& a, PassKind phase, std::string_view name) {
    const auto it =
        std::find_if(a.operators.begin(), a.operators.end(),
                     [&](const OperatorCost& op) { return op.pass == phase && op.name == name; });
    if (it == a.operators.end()) {
        ADD_FAILURE() << "no operator " << name;
        static const OperatorCost kNone;
        return kNone;
    }
    return *it;
}

double sumOps(const Analysis& a, PassKind phase, double (*field)(const OperatorCost&)) {
    double total = 0.0;
    for (const OperatorCost& op : a.operators) {
        if (op.pass == phase) {
            total += field(op);
        }
    }
    return total;
}

TEST(Analyze, RidgePointIsPeakOverBandwidth) {
    // H100 SXM bf16: 989.4e12 / 3.35e12 = 295.343... FLOP/byte (DOMAIN.md §1).
    const Analysis a = analyze(scenario(test::h100Sxm(), test::llama31_8b()));
    EXPECT_EQ(a.computePrecision, Precision::Bf16);
    EXPECT_DOUBLE_EQ(a.ridgePointFlopsPerByte, 989.4e12 / 3.35e12);
    EXPECT_NEAR(a.ridgePointFlopsPerByte, 295.34, 0.01);
    // One roof per precision the chip has (fp32, tf32, bf16, fp16, fp8, int8), bf16 in use.
    ASSERT_EQ(a.roofs.size(), 6u);
    for (const Roof& r : a.roofs) {
        EXPECT_EQ(r.inUse, r.precision == Precision::Bf16);
        EXPECT_DOUBLE_EQ(r.ridgePointFlopsPerByte, r.peakFlopsPerSecond / 3.35e12);
    }
}

TEST(Analyze, KvCacheBytesPerToken) {
    // 2 (K, V) · layers · n_kv · d · 2 bytes:
    // Llama-3.1-8B 2·32·8·128·2 = 131,072; Llama-2-70B 2·80·8·128·2 = 327,680.
    // DeepSeek-V3 (MLA): 61 · (512 + 64) · 2 = 70,272 (DOMAIN.md §6), n_kv ignored.
    EXPECT_DOUBLE_EQ(analyze(scenario(test::h100Sxm(), test::llama31_8b())).kvCacheBytesPerToken,
                     131072.0);
    EXPECT_DOUBLE_EQ(analyze(scenario(test::h100Sxm(), test::llama2_70b())).kvCacheBytesPerToken,
                     327680.0);
    EXPECT_DOUBLE_EQ(analyze(scenario(test::h100Sxm(), test::deepseekV3())).kvCacheBytesPerToken,
                     70272.0);
    // fp8 KV halves it.
    Workload w;
    w.kvPrecision = Precision::Fp8;
    EXPECT_DOUBLE_EQ(analyze(scenario(test::h100Sxm(), test::llama31_8b(), w)).kvCacheBytesPerToken,
                     65536.0);
}

// Llama-3.1-8B, one decode step at B = 1, C = 2048 on H100 SXM, all bf16.
// Weight matrices per layer: qkv 4096·(32+2·8)·128 = 25,165,824; o 4096·4096 = 16,777,216;
// MLP 3·4096·14336 = 176,160,768; sum 218,103,808, × 32 = 6,979,321,856. lm_head
// 128,256·4096 = 525,336,576. Norm weights (2·32 + 1)·4096 = 266,240. The embedding table is
// gathered, one row: 4,096. Weight bytes = 2 · 7,504,928,768 = 15,009,857,536.
// KV: read B·(C+1)·2·n_kv·d·c per layer = 2049 · 131,072 = 268,566,528, write 131,072:
// 268,697,600.
// Activations (a = 2): embedding 8,192; norms 64·4·4096·2 = 2,097,152; qkv 32·(4096+6144)·2 =
// 655,360; attention Q + O 32·2·4096·2 = 524,288; o_proj 32·8192·2 = 524,288; mlp_up
// 32·(4096+28672)·2 = 2,097,152; mlp_act 32·3·14336·2 = 2,752,512; mlp_down
// 32·(14336+4096)·2 = 1,179,648; final norm 3·4096·2 = 24,576; lm_head (4096+128256)·2 =
// 264,704. Sum 10,127,872.
// FLOPs: matmuls 2 · (6,979,321,856 + 525,336,576) = 15,009,316,864; attention
// 32 layers · 32 heads · 2049 pairs · (4·128 + 5) = 1,084,756,992; norms 5·4096·65 =
// 1,331,200; SiLU·up 5·14336·32 = 2,293,760. Sum 16,097,698,816.
TEST(Analyze, Llama31_8bDecodeAtBatchOneOnH100) {
    const Analysis a = analyze(scenario(test::h100Sxm(), test::llama31_8b()));
    EXPECT_DOUBLE_EQ(a.decode().traffic[ByteCategory::Weights], 15'009'857'536.0);
    EXPECT_DOUBLE_EQ(a.decode().traffic[ByteCategory::KvCache], 268'697'600.0);
    EXPECT_DOUBLE_EQ(a.decode().traffic[ByteCategory::Activations], 10'127'872.0);
    EXPECT_DOUBLE_EQ(a.decode().flops, 16'097'698'816.0);
    // Every operator is memory-bound at B = 1, so TPOT = Σ bytes / BW =
    // 15,288,683,008 / 3.35e12 = 4.5638 ms, equal to the whole-step bound.
    EXPECT_EQ(a.decode().bound, Bound::Memory);
    for (const OperatorCost& op : a.operators) {
        if (op.pass == PassKind::Decode) {
            EXPECT_EQ(op.bound, Bound::Memory) << op.name;
        }
    }
    EXPECT_NEAR(a.tpotSeconds, 15'288'683'008.0 / 3.35e12, 1e-12);
    EXPECT_NEAR(a.tpotSeconds * 1e3, 4.5638, 1e-4);
    EXPECT_DOUBLE_EQ(a.decode().stepBoundSeconds, a.decode().memoryTimeSeconds);
    // Intensity ≈ 1 FLOP/byte: 2 FLOPs per 2-byte weight (question 2).
    EXPECT_NEAR(a.decode().intensity(), 16'097'698'816.0 / 15'288'683'008.0, 1e-12);
    EXPECT_NEAR(a.decode().intensity(), 1.053, 1e-3);
    EXPECT_DOUBLE_EQ(a.decodeTokensPerSecond, 1.0 / a.tpotSeconds);
    // One device: per device is the whole, 1 / 4.5638 ms = 219 tok/s.
    EXPECT_DOUBLE_EQ(a.decodeTokensPerSecondPerDevice, a.decodeTokensPerSecond);
    EXPECT_NEAR(a.decodeTokensPerSecondPerDevice, 3.35e12 / 15'288'683'008.0, 1e-9);
    // Goldilocks: decode weight bytes / (B · KV bytes per token) = 15,009,857,536 / 131,072.
    // = 114,516.1 tokens, below the model's 131,072.
    ASSERT_TRUE(a.goldilocksContextTokens.has_value());
    EXPECT_DOUBLE_EQ(*a.goldilocksContextTokens, 15'009'857'536.0 / 131072.0);
}

TEST(Analyze, PrefillIsComputeBoundAndCountsCausalPairs) {
    // Prefill of P = 2048: pairs per sequence and head P(P+1)/2 = 2,098,176 (not P²).
    // Attention FLOPs = 32 layers · 32 heads · 2,098,176 · (4·128 + 5):
    // 1024 · 2,098,176 = 2,148,532,224; × 517 = 1,110,791,159,808.
    const Analysis a = analyze(scenario(test::h100Sxm(), test::llama31_8b()));
    EXPECT_DOUBLE_EQ(findOp(a, PassKind::Prefill, "attention").flops, 1'110'791'159'808.0);
    // Logits only for the last token of the prompt: 2·1·4096·128,256 FLOPs.
    EXPECT_DOUBLE_EQ(findOp(a, PassKind::Prefill, "lm_head").flops, 2.0 * 4096 * 128256);
    EXPECT_EQ(a.prefill().bound, Bound::Compute);
    EXPECT_EQ(findOp(a, PassKind::Prefill, "mlp_up").bound, Bound::Compute);
    EXPECT_GT(a.prefill().intensity(), a.ridgePointFlopsPerByte);
    EXPECT_DOUBLE_EQ(a.ttftSeconds, a.prefill().timeSeconds);
    // The point sits at or below the roof: the phase mixes memory-bound norms with matmuls.
    EXPECT_LE(a.prefill().attainableFlopsPerSecond, a.peakFlopsPerSecond);
    EXPECT_GE(a.prefill().timeSeconds, a.prefill().stepBoundSeconds);
}

TEST(Analyze, PhaseTimeIsSumOfOperatorMaxima) {
    Workload w;
    w.batch = 64;
    const Analysis a = analyze(scenario(test::h100Sxm(), test::llama2_70b(), w));
    for (PassKind phase : {PassKind::Prefill, PassKind::Decode}) {
        const PassCost& p = phase == PassKind::Prefill ? a.prefill() : a.decode();
        double sum = 0.0;
        for (const OperatorCost& op : a.operators) {
            if (op.pass == phase) {
                EXPECT_DOUBLE_EQ(
                    op.timeSeconds,
                    std::max({op.flops / a.peakFlopsPerSecond,
                              op.bytes() / a.memoryBandwidthBytesPerSecond, op.linkTimeSeconds}));
                sum += op.timeSeconds;
            }
        }
        EXPECT_NEAR(p.timeSeconds, sum, sum * 1e-12);
        EXPECT_DOUBLE_EQ(p.flops,
                         sumOps(a, phase, [](const OperatorCost& op) { return op.flops; }));
        EXPECT_DOUBLE_EQ(p.attainableFlopsPerSecond, p.flops / p.timeSeconds);
    }
}

TEST(Analyze, GqaReadsKvHeadsNotQueryHeads) {
    // Llama-2-70B decode at C = 4096, B = 1: attention reads B·(C+1)·2·n_kv·d·c per layer =
    // 4097 · 2 · 8 · 128 · 2 = 16,781,312 bytes, × 80 layers = 1,342,504,960.
    // Overriding to n_kv = 64 (MHA) reads 8× that: the GQA ratio is the whole difference.
    Workload w;
    w.contextTokens = 4096;
    const Analysis gqa = analyze(scenario(test::h100Sxm(), test::llama2_70b(), w));
    EXPECT_DOUBLE_EQ(findOp(gqa, PassKind::Decode, "attention").traffic[ByteCategory::KvCache],
                     1'342'504'960.0);
    w.kvHeadsOverride = 64;
    const Analysis mha = analyze(scenario(test::h100Sxm(), test::llama2_70b(), w));
    EXPECT_DOUBLE_EQ(findOp(mha, PassKind::Decode, "attention").traffic[ByteCategory::KvCache],
                     8.0 * 1'342'504'960.0);
    EXPECT_EQ(mha.effectiveKvHeads, 64);
    // Decode attention intensity ≈ 2·g/c FLOP/byte: g = 8 → ≈ 8, g = 1 → ≈ 1 (plus softmax
    // and the small Q/O traffic).
    EXPECT_NEAR(findOp(gqa, PassKind::Decode, "attention").intensity(), 8.0, 0.5);
    EXPECT_NEAR(findOp(mha, PassKind::Decode, "attention").intensity(), 1.0, 0.1);
}

TEST(Analyze, FlashAttentionOffChargesScoreMatrix) {
    // FA off adds 4·B·n_q·pairs·a bytes per layer: prefill P = 2048 →
    // 32 layers · 4 · 32 heads · 2,098,176 pairs · 2 bytes = 17,188,257,792 bytes.
    Workload w;
    const Analysis on = analyze(scenario(test::h100Sxm(), test::llama31_8b(), w));
    w.flashAttention = false;
    const Analysis off = analyze(scenario(test::h100Sxm(), test::llama31_8b(), w));
    EXPECT_DOUBLE_EQ(
        findOp(off, PassKind::Prefill, "attention").traffic[ByteCategory::Activations] -
            findOp(on, PassKind::Prefill, "attention").traffic[ByteCategory::Activations],
        17'188'257'792.0);
    EXPECT_DOUBLE_EQ(findOp(off, PassKind::Prefill, "attention").flops,
                     findOp(on, PassKind::Prefill, "attention").flops);
    EXPECT_GT(off.ttftSeconds, on.ttftSeconds);
}

TEST(Analyze, SlidingWindowCapsKvReadAndCache) {
    // Mistral-7B-v0.1, window 4096, C = 8192, B = 1: each layer reads min(C+1, W) = 4096
    // tokens: 32 · 4096 · 2·8·128·2 = 536,870,912 bytes; the cache footprint holds 4096 tokens
    // per layer: 536,870,912 bytes too.
    Workload w;
    w.contextTokens = 8192;
    w.promptTokens = 8192;
    const Analysis a = analyze(scenario(test::h100Sxm(), test::mistral7b(), w));
    EXPECT_DOUBLE_EQ(
        findOp(a, PassKind::Decode, "attention_sliding").traffic[ByteCategory::KvCache],
        536'870'912.0);
    EXPECT_DOUBLE_EQ(a.memory.kvCacheBytes, 536'870'912.0);
    // Pairs with the window: Σ_{t=1..1} min(8192 + t, 4096) = 4096 per head:
    // FLOPs 32 · 32 · 4096 · (4·128 + 5) = 2,168,455,168.
    EXPECT_DOUBLE_EQ(findOp(a, PassKind::Decode, "attention_sliding").flops, 2'168'455'168.0);
    // Prefill of 8192 tokens with window 4096: Σ_{t=1..8192} min(t, 4096) =
    // 4096·4097/2 + 4096·4096 = 8,390,656 + 16,777,216 = 25,167,872 pairs per head.
    EXPECT_DOUBLE_EQ(findOp(a, PassKind::Prefill, "attention_sliding").flops,
                     32.0 * 32 * 25'167'872 * (4 * 128 + 5));
}

TEST(Analyze, MoeTouchesKExpertsAtBatchOneAndAllAtLargeBatch) {
    // Mixtral-8x7B: one expert's matrices 3·4096·14336 = 176,160,768 parameters = 352,321,536
    // bytes in bf16. Decode at B = 1 touches E·(1 − (1 − k/E)^1) = 2 experts per layer:
    // 32 · 2 · 352,321,536 = 22,548,578,304 bytes over moe_up + moe_down.
    Workload w;
    const Analysis one = analyze(scenario(test::h100Sxm(), test::mixtral8x7b(), w));
    const double expertBytes =
        findOp(one, PassKind::Decode, "moe_up").traffic[ByteCategory::Weights] +
        findOp(one, PassKind::Decode, "moe_down").traffic[ByteCategory::Weights];
    EXPECT_NEAR(expertBytes, 22'548'578'304.0, 1.0);
    // B = 256: 8·(1 − 0.75^256) = 8 − 8.9e-32·8 ≈ all 8 experts: 4× the bytes.
    w.batch = 256;
    const Analysis many = analyze(scenario(test::h100Sxm(), test::mixtral8x7b(), w));
    EXPECT_NEAR(findOp(many, PassKind::Decode, "moe_up").traffic[ByteCategory::Weights] +
                    findOp(many, PassKind::Decode, "moe_down").traffic[ByteCategory::Weights],
                4.0 * 22'548'578'304.0, 1.0);
    // B = 4: 8·(1 − 0.75^4) = 8 · 0.68359375 = 5.46875 experts.
    w.batch = 4;
    const Analysis four = analyze(scenario(test::h100Sxm(), test::mixtral8x7b(), w));
    EXPECT_NEAR(findOp(four, PassKind::Decode, "moe_up").traffic[ByteCategory::Weights] +
                    findOp(four, PassKind::Decode, "moe_down").traffic[ByteCategory::Weights],
                32.0 * 5.46875 * 352'321'536.0, 1.0);
    // FLOPs use k = 2 experts per token at any batch: 2 · B · 2 · 176,160,768 per layer.
    EXPECT_DOUBLE_EQ(findOp(one, PassKind::Decode, "moe_up").flops +
                         findOp(one, PassKind::Decode, "moe_down").flops,
                     32.0 * 2 * 2 * 176'160'768.0);
    // Router: 2·N·h·E FLOPs = 2·4096·8 per layer at N = 1.
    EXPECT_DOUBLE_EQ(findOp(one, PassKind::Decode, "moe_router").flops, 32.0 * 2 * 4096 * 8);
}

TEST(Analyze, MlaDecodeAttentionIntensity) {
    // DeepSeek-V3, absorbed decode (DOMAIN.md §6): per cached token, layer and head
    // 2·(r+ρ) + 2·r = 2·576 + 2·512 = 2176 FLOPs (+5 softmax) on (r+ρ)·c = 1152 bytes of cache.
    // B = 1, C = 4095: pairs = keys = 4096. Per layer FLOPs 128 · 4096 · 2181 =
    // 1,143,472,128; bytes 4096·1152 (cache) + 128·(576 + 512)·2 (Q in, latent O out) =
    // 4,718,592 + 278,528 = 4,997,120: intensity 228.82 FLOP/byte (≈ 240 without the Q/O and
    // softmax terms, against 8 for Llama-2-70B's GQA).
    Workload w;
    w.contextTokens = 4095;
    const Analysis a = analyze(scenario(test::h100Sxm(), test::deepseekV3(), w));
    const OperatorCost& att = findOp(a, PassKind::Decode, "attention");
    EXPECT_DOUBLE_EQ(att.flops, 61.0 * 1'143'472'128.0);
    EXPECT_DOUBLE_EQ(att.bytes(), 61.0 * 4'997'120.0);
    EXPECT_NEAR(att.intensity(), 228.82, 0.01);
    // KV cache written per token: 61 · 576 · 2 = 70,272 bytes.
    EXPECT_DOUBLE_EQ(findOp(a, PassKind::Decode, "kv_write").traffic[ByteCategory::KvCache],
                     70272.0);
    // GQA override is ignored for MLA, with a warning.
    w.kvHeadsOverride = 16;
    const Analysis o = analyze(scenario(test::h100Sxm(), test::deepseekV3(), w));
    EXPECT_DOUBLE_EQ(findOp(o, PassKind::Decode, "attention").bytes(), att.bytes());
    EXPECT_FALSE(o.warnings.empty());
}

TEST(Analyze, MlaPrefillDecompressesKv) {
    // Prefill of P = 1024, B = 1: kv_b_proj decompresses every token:
    // 2 · 1024 · 512 · 128 · (128 + 128) FLOPs per layer = 34,359,738,368.
    Workload w;
    w.promptTokens = 1024;
    const Analysis a = analyze(scenario(test::h100Sxm(), test::deepseekV3(), w));
    EXPECT_DOUBLE_EQ(findOp(a, PassKind::Prefill, "kv_up_proj").flops, 61.0 * 34'359'738'368.0);
    // Attention with qk head dim 192 and v head dim 128 over P(P+1)/2 = 524,800 pairs:
    // 128 · 524,800 · (2·(192 + 128) + 5) = 43,327,488,000 per layer.
    EXPECT_DOUBLE_EQ(findOp(a, PassKind::Prefill, "attention").flops, 61.0 * 43'327'488'000.0);
}

TEST(Analyze, ComputeRoofFollowsMathPrecision) {
    // W4A16 dequantizes to bf16: bf16 roof. W8A8 fp8: fp8 roof. fp4 on H100: no fp4 roof,
    // falls back to fp8 with a warning. fp8 on A100: falls back to bf16.
    Workload w;
    w.weightPrecision = Precision::Int4;
    Analysis a = analyze(scenario(test::h100Sxm(), test::llama31_8b(), w));
    EXPECT_EQ(a.computePrecision, Precision::Bf16);
    EXPECT_TRUE(a.warnings.empty());
    w.weightPrecision = Precision::Fp8;
    w.activationPrecision = Precision::Fp8;
    a = analyze(scenario(test::h100Sxm(), test::llama31_8b(), w));
    EXPECT_EQ(a.computePrecision, Precision::Fp8);
    EXPECT_DOUBLE_EQ(a.peakFlopsPerSecond, 1978.9e12);
    w.weightPrecision = Precision::Fp4;
    w.activationPrecision = Precision::Fp4;
    a = analyze(scenario(test::h100Sxm(), test::llama31_8b(), w));
    EXPECT_EQ(a.computePrecision, Precision::Fp8);
    ASSERT_EQ(a.warnings.size(), 1u);
    EXPECT_EQ(a.warnings[0],
              "fp4 math requested, but NVIDIA H100 SXM5 80GB has no fp4 roof: using fp8, and "
              "its activation bytes");
    // DOMAIN.md §5: the activations move in the precision the math runs in: fp8, 1 byte,
    // not fp4's half byte.
    EXPECT_DOUBLE_EQ(a.activationBytesPerElement, 1.0);
    a = analyze(scenario(test::b200(), test::llama31_8b(), w));
    EXPECT_EQ(a.computePrecision, Precision::Fp4);
    w.weightPrecision = Precision::Fp8;
    w.activationPrecision = Precision::Fp8;
    a = analyze(scenario(test::a100Sxm80(), test::llama31_8b(), w));
    EXPECT_EQ(a.computePrecision, Precision::Bf16);
    EXPECT_EQ(a.warnings.size(), 1u);
    // fp8 activations on an A100 run as bf16: 2 bytes each. The decode step's embedding
    // gather writes N·h·a = 1 · 4096 · 2 bytes (and reads 4096 fp8 weights).
    EXPECT_DOUBLE_EQ(a.activationBytesPerElement, 2.0);
    EXPECT_DOUBLE_EQ(findOp(a, PassKind::Decode, "embedding").traffic[ByteCategory::Activations],
                     8192.0);
    EXPECT_DOUBLE_EQ(findOp(a, PassKind::Decode, "embedding").traffic[ByteCategory::Weights],
                     4096.0);
}

TEST(Analyze, WeightMatmulCriticalBatchNearPeakTimesWOverTwoBw) {
    // DOMAIN.md §4: B* ≈ peak·w / (2·BW): bf16 ≈ 295, W8A16 ≈ 148, W4A16 ≈ 74 on H100. The
    // matmuls' own activation traffic (≈ 141 kB per token, in and out of each projection)
    // raises it by l/(2P) relative: with P = 7.5 G matrix parameters, ≈ 10%.
    const auto crit = [](Precision wp, Precision ap) {
        Workload w;
        w.weightPrecision = wp;
        w.activationPrecision = ap;
        return analyze(scenario(test::h100Sxm(), test::llama31_8b(), w)).matmulCriticalBatch;
    };
    const auto bf16 = crit(Precision::Bf16, Precision::Bf16);
    const auto w8a16 = crit(Precision::Fp8, Precision::Bf16);
    const auto w4a16 = crit(Precision::Int4, Precision::Bf16);
    const auto fp8 = crit(Precision::Fp8, Precision::Fp8);
    ASSERT_TRUE(bf16 && w8a16 && w4a16 && fp8);
    EXPECT_GE(*bf16, 295);
    EXPECT_LE(*bf16, 340);
    EXPECT_GE(*w8a16, 148);
    EXPECT_LE(*w8a16, 175);
    EXPECT_GE(*w4a16, 74);
    EXPECT_LE(*w4a16, 95);
    EXPECT_GE(*fp8, 295);  // both roofs move: fp8 FLOPs twice as fast, bytes halved
    EXPECT_LE(*fp8, 340);
}

// The critical batch must be exactly the first B where compute time ≥ memory time.
// DOMAIN.md §5: the critical batch is the smallest B whose decode step spends at least half
// of its time in compute-bound operators.
void expectCriticalBatchIsTheCrossing(Scenario s) {
    const Analysis a = analyze(s);
    ASSERT_TRUE(a.criticalBatch.has_value());
    const std::int64_t b = *a.criticalBatch;
    s.workload.batch = b;
    const Analysis at = analyze(s);
    EXPECT_GE(at.decode().shares[Bound::Compute], 0.5 - 1e-12) << b;
    if (b > 1) {
        s.workload.batch = b - 1;
        const Analysis below = analyze(s);
        EXPECT_LT(below.decode().shares[Bound::Compute], 0.5) << b;
    }
}

TEST(Analyze, CriticalBatchIsTheFirstComputeBoundBatch) {
    Workload w;
    w.contextTokens = 0;  // no KV traffic: the crossing exists
    expectCriticalBatchIsTheCrossing(scenario(test::h100Sxm(), test::llama31_8b(), w));
    expectCriticalBatchIsTheCrossing(scenario(test::h100Sxm(), test::llama2_70b(), w));
    // MoE: the touched-expert bytes grow with B, so the crossing comes later than dense.
    expectCriticalBatchIsTheCrossing(scenario(test::h100Sxm(), test::mixtral8x7b(), w));
    expectCriticalBatchIsTheCrossing(scenario(test::h100Sxm(), test::deepseekV3(), w));
    w.contextTokens = 256;
    expectCriticalBatchIsTheCrossing(scenario(test::h100Sxm(), test::llama2_70b(), w));
}

TEST(Analyze, CriticalBatchNeverCrossesAtLongContext) {
    // Llama-3.1-8B at C = 32,768: per sequence attention reads 32,769 · 131,072 = 4.3 GB of
    // KV for 32 layers · 32 heads · 32,769 pairs · (4·128 + 5) ≈ 17.3 GFLOP: 4 FLOP/byte, so
    // attention stays memory-bound at any B and grows as fast as the matmuls' FLOPs: its
    // memory time (4.3e9 / 3.35e12 = 1.28 ms per sequence) outweighs the matmuls' compute
    // time (2 · 7.5e9 / 989.4e12 = 15 µs per sequence). The compute share never reaches ½.
    Workload w;
    w.contextTokens = 32768;
    const Analysis a = analyze(scenario(test::h100Sxm(), test::llama31_8b(), w));
    EXPECT_FALSE(a.criticalBatch.has_value());
    EXPECT_TRUE(a.matmulCriticalBatch.has_value());
}

TEST(Analyze, CriticalBatchIsWhereTokensPerSecondStopsGrowing) {
    // Issue 8 / DOMAIN.md §5: at context 128 the matmuls of Llama-3.1-8B on H100 all turn
    // compute-bound near peak·w/(2·BW) ≈ 295–330, and attention over 129 tokens is small, so
    // the compute-bound share jumps past ½ there; past it every operator grows in
    // proportion to B and tokens/s stays flat: at 2·B* it is within 15% of tokens/s at B*.
    // (The old whole-step aggregate put it at 629.)
    Workload w;
    w.contextTokens = 128;
    w.promptTokens = 128;
    Scenario s = scenario(test::h100Sxm(), test::llama31_8b(), w);
    const Analysis a = analyze(s);
    ASSERT_TRUE(a.criticalBatch.has_value());
    EXPECT_GE(*a.criticalBatch, 250);
    EXPECT_LE(*a.criticalBatch, 400);
    expectCriticalBatchIsTheCrossing(s);
    s.workload.batch = *a.criticalBatch;
    const double at = analyze(s).decodeTokensPerSecond;
    s.workload.batch = 2 * *a.criticalBatch;
    const double twice = analyze(s).decodeTokensPerSecond;
    EXPECT_LE(twice, 1.15 * at);
    EXPECT_GE(twice, at);
    // Shares add up to 1, and the bound is the largest share.
    const Analysis atTwice = analyze(s);
    const PassCost& d = atTwice.decode();
    EXPECT_NEAR(d.shares[Bound::Compute] + d.shares[Bound::Memory] + d.shares[Bound::Interconnect],
                1.0, 1e-12);
    EXPECT_EQ(d.bound, Bound::Compute);
}

TEST(Analyze, MemoryFootprintAndFit) {
    // Llama-2-70B in bf16: 68,976,648,192 parameters · 2 = 137.95 GB > 80 GB: does not fit on
    // one H100, is still analysed, with a warning, and no batch fits (max batch 0).
    const Analysis a = analyze(scenario(test::h100Sxm(), test::llama2_70b()));
    EXPECT_DOUBLE_EQ(a.totalParameters, 68'976'648'192.0);
    EXPECT_DOUBLE_EQ(a.memory.weightBytes, 2.0 * 68'976'648'192.0);
    EXPECT_FALSE(a.memory.fits);
    EXPECT_EQ(a.memory.maxBatch, 0);
    EXPECT_GT(a.tpotSeconds, 0.0);
    ASSERT_FALSE(a.warnings.empty());
    EXPECT_NE(a.warnings[0].text().find("Does not fit"), std::string::npos);
    // The warning states both sides as the memory bar does, 3 significant figures: needed
    // 137,953,296,384 (weights) + 671,416,320 (KV, 2049 tokens · 327,680 B) + 1,208,023,552
    // (activation workspace) = 139,832,736,256 B = "140 GB"; usable 0.9 · 80 GiB =
    // 77,309,411,328 B = "77.3 GB".
    EXPECT_EQ(a.warnings[0].text(),
              "Does not fit: 140 GB needed per device, 77.3 GB usable "
              "(largest batch that fits: 0); analysed anyway");
    // Llama-3.1-8B: weights 16,060,522,496 bytes; KV per sequence at max(P, C+1) = 2049 tokens:
    // 2049 · 131,072 = 268,566,528.
    const Analysis b = analyze(scenario(test::h100Sxm(), test::llama31_8b()));
    EXPECT_DOUBLE_EQ(b.memory.weightBytes, 16'060'522'496.0);
    EXPECT_DOUBLE_EQ(b.memory.kvCacheBytes, 268'566'528.0);
    EXPECT_TRUE(b.memory.fits);
    EXPECT_DOUBLE_EQ(b.memory.totalBytes,
                     b.memory.weightBytes + b.memory.kvCacheBytes + b.memory.workspaceBytes);
    // max batch: the largest B whose footprint fits.
    Scenario s = scenario(test::h100Sxm(), test::llama31_8b());
    s.workload.batch = b.memory.maxBatch;
    EXPECT_TRUE(analyze(s).memory.fits);
    s.workload.batch = b.memory.maxBatch + 1;
    EXPECT_FALSE(analyze(s).memory.fits);
}

TEST(Analyze, TensorParallelSplitsWorkAndAddsAllReduces) {
    // TP = 8 on Llama-2-70B: each device does 1/8 of the matmul FLOPs; n_kv = 8 = D so one KV
    // head each; 2 all-reduces of N·h·a = 8192 · 2 = 16,384 bytes per layer over 450 GB/s
    // (DOMAIN.md §6): α + 2·7/8 · 16,384 / 450e9 each, α the 5 µs default, not 14 ring hops.
    Workload w;
    w.tensorParallel = 8;
    const Analysis tp = analyze(scenario(test::h100Sxm(), test::llama2_70b(), w));
    const Analysis one = analyze(scenario(test::h100Sxm(), test::llama2_70b()));
    EXPECT_NEAR(findOp(tp, PassKind::Decode, "mlp_up").flops,
                findOp(one, PassKind::Decode, "mlp_up").flops / 8.0, 1.0);
    EXPECT_NEAR(findOp(tp, PassKind::Decode, "attention").traffic[ByteCategory::KvCache],
                findOp(one, PassKind::Decode, "attention").traffic[ByteCategory::KvCache] / 8.0,
                1.0);
    const OperatorCost& ar = findOp(tp, PassKind::Decode, "tp_allreduce");
    EXPECT_DOUBLE_EQ(ar.count, 160.0);
    EXPECT_EQ(ar.bound, Bound::Interconnect);
    EXPECT_NEAR(ar.timeSeconds, 160.0 * (5e-6 + 14.0 / 8.0 * 16384.0 / 450e9), 1e-12);
    EXPECT_DOUBLE_EQ(tp.interconnectBandwidthBytesPerSecond, 450e9);
    EXPECT_LT(tp.tpotSeconds, one.tpotSeconds);
    EXPECT_TRUE(tp.memory.fits);  // 138 GB / 8 per device
}

TEST(Analyze, DecodeIntensityGrowsWithBatchButPrefillDoesNot) {
    // Question 6: decode re-reads the same weights for every extra sequence, so its intensity
    // climbs with B (until KV traffic, which also grows with B, takes over); prefill already
    // amortises the weights over P = 2048 tokens and its activation traffic grows with B as
    // fast as its FLOPs, so its intensity barely moves.
    double lastDecode = 0.0;
    Analysis first;
    Analysis last;
    for (std::int64_t b = 1; b <= 1024; b *= 2) {
        Workload w;
        w.batch = b;
        const Analysis a = analyze(scenario(test::h100Sxm(), test::llama31_8b(), w));
        EXPECT_GT(a.decode().intensity(), lastDecode);
        lastDecode = a.decode().intensity();
        (b == 1 ? first : last) = a;
    }
    EXPECT_GT(last.decode().intensity() / first.decode().intensity(), 30.0);
    EXPECT_LT(last.prefill().intensity() / first.prefill().intensity(), 2.0);
    EXPECT_EQ(last.prefill().bound, Bound::Compute);
}

TEST(DecodeBatchTrail, PowersOfTwoUpToTheLimit) {
    const Scenario s = scenario(test::h100Sxm(), test::llama31_8b());
    const std::vector<TrailPoint> trail = decodeBatchTrail(s, 100);
    ASSERT_EQ(trail.size(), 8u);  // 1 2 4 8 16 32 64 and 100
    EXPECT_EQ(trail.front().batch, 1);
    EXPECT_EQ(trail[6].batch, 64);
    EXPECT_EQ(trail.back().batch, 100);
    const Analysis a = analyze(s);
    EXPECT_DOUBLE_EQ(trail.front().intensityFlopsPerByte, a.decode().intensity());
    EXPECT_DOUBLE_EQ(trail.front().tpotSeconds, a.tpotSeconds);
    for (std::size_t i = 1; i < trail.size(); ++i) {
        EXPECT_GT(trail[i].intensityFlopsPerByte, trail[i - 1].intensityFlopsPerByte);
        EXPECT_GT(trail[i].decodeTokensPerSecond, trail[i - 1].decodeTokensPerSecond);
    }
    EXPECT_TRUE(decodeBatchTrail(s, 0).empty());
}

}  // namespace
}  // namespace roofline

namespace roofline {
namespace {

TEST(RooflineBound, IsTheLowerOfTheSlopeAndTheCeiling) {
    const Analysis a = analyze(test::scenario(test::h100Sxm(), test::llama31_8b()));
    const double ridge = a.ridgePointFlopsPerByte;
    EXPECT_DOUBLE_EQ(rooflineFlopsPerSecond(a, ridge / 4.0),
                     ridge / 4.0 * a.memoryBandwidthBytesPerSecond);
    EXPECT_DOUBLE_EQ(rooflineFlopsPerSecond(a, ridge * 4.0), a.peakFlopsPerSecond);
    EXPECT_EQ(rooflineFlopsPerSecond(a, 0.0), 0.0);
    // Decode at B=1 reads only weights: on the HBM slope, at its roof.
    const PassCost& d = a.decode();
    EXPECT_DOUBLE_EQ(
        fractionOfRoof(a, d),
        d.attainableFlopsPerSecond /
            std::min(a.peakFlopsPerSecond, d.intensity() * a.memoryBandwidthBytesPerSecond));
    EXPECT_GT(fractionOfRoof(a, d), 0.0);
    EXPECT_LE(fractionOfRoof(a, d), 1.0 + 1e-12);
    EXPECT_LE(fractionOfRoof(a, a.prefill()), 1.0 + 1e-12);
    EXPECT_EQ(fractionOfRoof(a, PassCost{}), 0.0);
}

TEST(DecodeBatchTrail, IncludesTheCriticalBatchAndTheMemoryLimit) {
    Workload w;
    w.contextTokens = 128;
    w.promptTokens = 128;
    const Scenario s = test::scenario(test::h100Sxm(), test::llama31_8b(), w);
    const Analysis a = analyze(s);
    ASSERT_TRUE(a.criticalBatch.has_value());
    const std::int64_t limit = std::max<std::int64_t>(4096, a.memory.maxBatch);
    const std::vector<TrailPoint> trail = decodeBatchTrail(s, limit);
    const auto has = [&](std::int64_t b) {
        return std::any_of(trail.begin(), trail.end(),
                           [b](const TrailPoint& p) { return p.batch == b; });
    };
    EXPECT_TRUE(has(*a.criticalBatch));
    EXPECT_TRUE(has(a.memory.maxBatch));
    for (std::size_t i = 1; i < trail.size(); ++i) {
        EXPECT_GT(trail[i].batch, trail[i - 1].batch);
    }
    // The critical batch's point is that batch's decode step.
    Scenario atCritical = s;
    atCritical.workload.batch = *a.criticalBatch;
    const Analysis c = analyze(atCritical);
    const auto it = std::find_if(trail.begin(), trail.end(),
                                 [&](const TrailPoint& p) { return p.batch == *a.criticalBatch; });
    EXPECT_DOUBLE_EQ(it->intensityFlopsPerByte, c.decode().intensity());
    EXPECT_DOUBLE_EQ(it->attainableFlopsPerSecond, c.decode().attainableFlopsPerSecond);
    // Beyond the limit: not added.
    const std::vector<TrailPoint> shortTrail = decodeBatchTrail(s, 100);
    EXPECT_EQ(shortTrail.back().batch, 100);
    EXPECT_EQ(shortTrail.size(), 8u);
}

}  // namespace
// Needed and usable never print the same in the "does not fit" warning: where 3 figures
// would collide, it gives more. Llama-2-70B at TP 2 on H100, B = 22: each device holds half
// the weights (68.98 GB) and 22 sequences' half KV cache (163,840 B per token), about 77.1 GB
// at 2,048 tokens, so the footprint crosses the usable 77,309,411,328 B (0.9 · 80 GiB) a few
// dozen tokens later, where 3 figures print "77.3 GB" for both sides.
TEST(Analyze, DoesNotFitWarningTellsNeededFromUsable) {
    int collisions = 0;
    for (std::int64_t tokens = 2048; tokens <= 2400; ++tokens) {
        Workload w;
        w.batch = 22;
        w.promptTokens = tokens;
        w.contextTokens = tokens;
        w.tensorParallel = 2;
        const Analysis a = analyze(scenario(test::h100Sxm(), test::llama2_70b(), w));
        if (a.memory.fits) {
            continue;
        }
        const std::string text(a.warnings.back().text());
        const auto needed = text.substr(14, text.find(" needed") - 14);
        const auto usableAt = text.find(", ") + 2;
        const auto usable = text.substr(usableAt, text.find(" usable") - usableAt);
        EXPECT_NE(needed, usable) << text;
        if (formatBytes(a.memory.totalBytes) == formatBytes(a.memory.usableBytes)) {
            ++collisions;
            EXPECT_GT(needed.size(), formatBytes(a.memory.totalBytes).size()) << text;
        }
    }
    EXPECT_GE(collisions, 1) << "no length put 3 figures of needed and usable together";
}

}  // namespace roofline
