// SPDX-License-Identifier: GPL-3.0-or-later
// The analysis in words (roofline/explain.h): hand-checked sentences for Llama-3.1-8B on an
// H100 SXM, and invariants over generated scenarios.
//
// The worked example, from DOMAIN.md §3–§5 (bf16 everywhere, FlashAttention on, B = 1,
// P = C = 2048), with the figures of levers_test.cpp:
// - Ridge: 989.4e12 / 3.35e12 = 295.3 → "295 FLOP/byte".
// - Decode step. Weights read: 7,504,924,672 parameters (every matrix but the gathered
//   embedding table) = 15.010e9 bytes. KV read (C + 1)·131,072 = 268.57e6 bytes, written
//   131,072: 268.70e6. FLOPs: 2 · 7.5049e9 = 15.010e9 in the matmuls, plus attention
//   32 · (4·32·128·2049 + 5·32·2049) = 1.0848e9, plus ~3.6e6 in norms and activation:
//   16.098e9. Activations (norm, projection inputs and outputs, a few kB per operator and
//   layer) make up the rest of 15.284e9 bytes: about 10e6 bytes. Intensity 16.098 / 15.284 =
//   1.053 → "1.05 FLOP/byte". Every operator is memory-bound, so the step takes
//   bytes / BW and attains 1.053 · 3.35e12 = 3.53e12 FLOP/s = 0.357% of 989.4e12.
//   Byte shares: 15.010 / 15.284 = 98.2% weights, 0.2687 / 15.284 = 1.76% KV cache, and
//   the remaining 0.066% activations.
// - Prefill: 29.7e12 FLOPs on 35.8e9 bytes = 831 FLOP/byte, above the ridge; its matmuls are
//   compute-bound and its norms and element-wise operators memory-bound, which take 10.1% of
//   its 33.4 ms (compute alone: 29.7e12 / 989.4e12 = 30.0 ms). It attains 29.7e12 / 33.4e-3 =
//   889e12 FLOP/s = 89.9% of the roof.
// - Attention in decode: 33,898,656 FLOPs on 2049·2·8·128·2 + 2·32·128·2 = 8,409,088 bytes
//   per layer = 4.03 FLOP/byte, at any B (each sequence reads its own cache).
// - Goldilocks context at B = 1: (C + 1)·131,072 = 15,009,849,344 → C = 114,515.6, written
//   114,516 tokens.
// - Memory: weights 8.03e9 · 2 = 16.1 GB; KV 2049·131,072 = 269 MB; workspace 604 MB
//   (memory_test.cpp); usable 0.9 · 80 GiB = 77.3 GB; max batch 225 (README).

#include "roofline/explain.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <random>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "roofline/validate.h"
#include "test_models.h"

namespace roofline {
namespace {

using test::h100Sxm;

Model llama8b() {
    Model m = test::llama31_8b();
    m.id = "llama-3.1-8b";
    m.name = "Llama 3.1 8B";
    return m;
}

bool has(const std::vector<std::string>& sentences, const std::string& sentence) {
    return std::find(sentences.begin(), sentences.end(), sentence) != sentences.end();
}

std::string joined(const std::vector<std::string>& sentences) {
    std::string all;
    for (const std::string& s : sentences) {
        all += s + "\n";
    }
    return all;
}

TEST(Explain, DecodeAtBatchOneIsMemoryBoundNearOneFlopPerByte) {
    const Scenario s = test::scenario(h100Sxm(), llama8b());
    const std::vector<std::string> e = explain(s, analyze(s));
    EXPECT_TRUE(has(e,
                    "Decode is memory-bound: 1.05 FLOP/byte against a ridge of 295 FLOP/byte, "
                    "so it reaches 3.53 TFLOP/s, 0.357% of the bf16 compute roof."))
        << joined(e);
    EXPECT_TRUE(has(e,
                    "Of decode's 15.3 GB per step, 98.2% are weights, 1.76% KV cache and "
                    "0.0662% activations."))
        << joined(e);
    EXPECT_TRUE(has(e,
                    "More FLOP/s would not help decode: it is memory-bound at 1.05 FLOP/byte "
                    "against a ridge of 295 FLOP/byte; fewer bytes or more bandwidth would, "
                    "above all fewer weight bytes per token (98.2% of its bytes): smaller "
                    "weights, or a larger batch that shares them."))
        << joined(e);
}

TEST(Explain, PrefillIsComputeBoundBelowTheRoofByItsMemoryBoundShare) {
    const Scenario s = test::scenario(h100Sxm(), llama8b());
    const std::vector<std::string> e = explain(s, analyze(s));
    EXPECT_TRUE(has(e,
                    "Prefill is compute-bound: 831 FLOP/byte against a ridge of 295 FLOP/byte, "
                    "so it reaches 889 TFLOP/s, 89.9% of the bf16 compute roof; it sits below "
                    "that roof because 10.1% of its time goes to memory-bound operators."))
        << joined(e);
    EXPECT_TRUE(has(e,
                    "More HBM bandwidth would not help prefill: it is compute-bound at 831 "
                    "FLOP/byte against a ridge of 295 FLOP/byte; a faster compute roof would "
                    "(math in a narrower precision, a newer chip, or more devices sharing the "
                    "FLOPs)."))
        << joined(e);
}

// The memory is named by the preset's type, by family: the same H100 with GDDR6 (as an L4
// has) says "GDDR", and with no type says "memory"; never "HBM" for a part without it.
TEST(Explain, MemoryIsNamedByThePresetsFamily) {
    for (const auto& [type, family] : {std::pair<std::string, std::string>{"GDDR6 (ECC)", "GDDR"},
                                       {"HBM3e (12-high)", "HBM"},
                                       {"", "memory"}}) {
        Hardware hw = h100Sxm();
        hw.memoryType = type;
        const Scenario s = test::scenario(hw, llama8b());
        const std::string all = joined(explain(s, analyze(s)));
        EXPECT_NE(all.find("More " + family + " bandwidth would not help prefill"),
                  std::string::npos)
            << all;
        if (family != "HBM") {
            EXPECT_EQ(all.find("HBM"), std::string::npos) << all;
        }
    }
}

TEST(Explain, CriticalBatchIsNeverAtLongContextBecauseAttentionStaysMemoryBound) {
    // At C = 2048 the weight matmuls turn compute-bound at B = 326 (DOMAIN §4 ≈ 295, plus
    // their activations), but there attention reads 326 · 8.41e6 · 32 = 87.7e9 bytes of KV
    // in 26.2 ms, against about 5 ms of matmuls: attention takes ~83% of the step and
    // memory-bound operators more than half, so the critical batch is never.
    const Scenario s = test::scenario(h100Sxm(), llama8b());
    const Analysis a = analyze(s);
    ASSERT_FALSE(a.criticalBatch.has_value());
    ASSERT_EQ(a.matmulCriticalBatch.value_or(0), 326);
    const std::vector<std::string> e = explain(s, a);
    EXPECT_TRUE(has(e,
                    "The critical batch is never at this context (2,048 tokens): compute-bound "
                    "operators never take half of the decode step, whatever the batch, because "
                    "attention over the KV cache runs at 4.03 FLOP/byte at any batch (each "
                    "sequence reads its own cache), below the ridge of 295 FLOP/byte, and its "
                    "time grows with B as fast as the matmuls' FLOPs. At B = 326, where the "
                    "weight matmuls alone turn compute-bound, attention takes 82.7% of the "
                    "decode step and memory-bound operators 87.2%."))
        << joined(e);
}

TEST(Explain, CriticalBatchAtShortContextSaysWhatItMeans) {
    // README: Llama-3.1-8B on H100 at context 128 has a critical batch of 326; at B = 1 the
    // step is far below it, and memory (thousands of sequences at 128 tokens) is not the
    // limit.
    Workload w;
    w.contextTokens = 128;
    w.promptTokens = 128;
    const Scenario s = test::scenario(h100Sxm(), llama8b(), w);
    const Analysis a = analyze(s);
    ASSERT_EQ(a.criticalBatch.value_or(0), 326);
    const std::vector<std::string> e = explain(s, a);
    EXPECT_TRUE(has(e,
                    "The critical batch is 326 at this context (128 tokens): from B = 326 on, "
                    "compute-bound operators take at least half of the decode step, and "
                    "tokens/s stops growing in proportion to B. At B = 1 the step is below it, "
                    "so more sequences per step cost little extra time."))
        << joined(e);
}

TEST(Explain, GoldilocksContextAndMemory) {
    const Scenario s = test::scenario(h100Sxm(), llama8b());
    const std::vector<std::string> e = explain(s, analyze(s));
    EXPECT_TRUE(has(e,
                    "The Goldilocks context is 114,516 tokens at B = 1: there a decode step "
                    "reads as many bytes of KV cache as of weights. At 2,048 tokens the step is "
                    "below it, so weights outweigh the KV cache and a larger batch, which "
                    "shares them, pays off."))
        << joined(e);
    EXPECT_TRUE(has(e,
                    "The device holds 16.9 GB of its 77.3 GB usable (weights 16.1 GB, KV cache "
                    "269 MB, workspace 604 MB); at most 225 sequences fit at these lengths."))
        << joined(e);
}

TEST(Explain, NoGoldilocksWhenEveryLayerIsWindowed) {
    // Mistral-7B-v0.1: every layer has a 4,096-token window, so a decode step at B = 1 reads
    // at most 4,096 · 131,072 = 0.54e9 bytes of KV, far below its 14e9 bytes of weights.
    Model m = test::mistral7b();
    m.name = "Mistral 7B";
    const Scenario s = test::scenario(h100Sxm(), m);
    const Analysis a = analyze(s);
    ASSERT_FALSE(a.goldilocksContextTokens.has_value());
    EXPECT_TRUE(has(explain(s, a),
                    "There is no Goldilocks context at B = 1: a decode step's KV-cache bytes "
                    "never reach its weight bytes within the model's maximum context of 32,768 "
                    "tokens (sliding windows cap what some layers read), so weights outweigh "
                    "the KV cache at every context."));
}

TEST(Explain, MemorySaysWhenNotEvenOneSequenceFits) {
    // Llama-3.1-70B (h 8192, 80 layers, 8 KV heads of 128) on 2 × H100 at C = 100,000: each
    // device holds 70.6e9 · 2 / 2 = 70.6 GB of weights and ~1.2 GB of workspace, leaving
    // ~5.5 GB of the 77.3 GB usable; one sequence's KV cache is 100,001 · 80 · 2 · 4 · 128 · 2
    // = 16.4 GB per device. Max batch is 0, though the weights fit.
    const Model m = test::llamaLike(80, 8192, 64, 8, 28672, 128256);
    Workload w;
    w.tensorParallel = 2;
    w.contextTokens = 100000;
    const Scenario s = test::scenario(h100Sxm(), m, w);
    const Analysis a = analyze(s);
    ASSERT_EQ(a.memory.maxBatch, 0);
    ASSERT_LT(a.memory.weightBytes + a.memory.workspaceBytes, a.memory.usableBytes);
    const std::vector<std::string> e = explain(s, a);
    const std::string& memory = e.back();
    EXPECT_EQ(memory.rfind("It does not fit: each device needs ", 0), 0u) << memory;
    const std::string end = "; not even one sequence's KV cache fits beside them at these lengths.";
    ASSERT_GE(memory.size(), end.size());
    EXPECT_EQ(memory.substr(memory.size() - end.size()), end) << memory;
}

TEST(Explain, LeverSentencesNameTheLeversThatMoveItAndThoseThatDoNot) {
    const Scenario s = test::scenario(h100Sxm(), llama8b());
    const Analysis a = analyze(s);
    const std::vector<LeverOutcome> levers = evaluateLevers(s, a, LeverContext{});
    const std::vector<std::string> e = explain(s, a, levers);
    // The ranked list puts the best TPOT first; the sentence names it with both TPOTs.
    const LeverOutcome& best = levers.front();
    ASSERT_TRUE(best.applicable);
    // W4A4: H100 has no fp4 roof, so the math and the activations run in fp8 (1 byte): the
    // 7,504,658,432 matrix weights at 0.5 byte + 266,240 norm weights and one embedding row
    // of 4,096 at 1 and 0.5 byte = 3,752,597,504, KV 268,697,600 (bf16), activations
    // 10,127,872 / 2 = 5,063,936: 4,026,359,040 bytes / 3.35e12 = 1.2019 ms, against
    // 15,288,683,008 / 3.35e12 = 4.5638 ms in bf16.
    EXPECT_EQ(best.id, LeverId::W4a4);
    const std::string tpot =
        "FP4 weights and activations (W4A4) cuts TPOT the most, 4.56 ms → "
        "1.20 ms";
    EXPECT_TRUE(std::any_of(e.begin(), e.end(), [&](const std::string& x) {
        return x.rfind("Of the one-click levers, " + tpot, 0) == 0;
    })) << joined(e);
    // fp8 KV halves 1.76% of the step's bytes: TPOT ×1.009, under 2%.
    EXPECT_TRUE(has(e, "FP8 KV cache would change TPOT by less than 2%.")) << joined(e);
    // Without levers, no sentence names one.
    for (const std::string& x : explain(s, a)) {
        EXPECT_EQ(x.find("one-click"), std::string::npos) << x;
    }
}

TEST(Explain, CaptionNamesModelHardwarePrecisionsBatchAndLengths) {
    Scenario s = test::scenario(h100Sxm(), llama8b());
    EXPECT_EQ(scenarioCaption(s),
              "Llama 3.1 8B on 1 × NVIDIA H100 SXM5 80GB · weights bf16, activations bf16, KV "
              "cache bf16 · batch 1, prompt 2,048 tokens, context 2,048 tokens");
    s.workload.tensorParallel = 4;
    s.workload.batch = 64;
    s.workload.weightPrecision = Precision::Int4;
    s.workload.kvPrecision = Precision::Fp8;
    s.workload.contextTokens = 32768;
    s.workload.speculativeTokens = 4;
    s.workload.flashAttention = false;
    s.workload.ceilings = Ceilings::Achievable;
    EXPECT_EQ(scenarioCaption(s),
              "Llama 3.1 8B on 4 × NVIDIA H100 SXM5 80GB (tensor parallel) · weights int4, "
              "activations bf16, KV cache fp8 · batch 64, prompt 2,048 tokens, context 32,768 "
              "tokens · speculative k 4, α 0.7, n-gram draft · FlashAttention off · achievable "
              "ceilings");
}

// Generated scenarios: the shipped test models on three chips, with random workloads.
TEST(Explain, InvariantsOverGeneratedScenarios) {
    std::mt19937_64 rng(20261130);
    const auto pick = [&rng](std::size_t n) {
        return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
    };
    const auto logInt = [&rng](std::int64_t lo, std::int64_t hi) {
        std::uniform_real_distribution<double> u(std::log(static_cast<double>(lo)),
                                                 std::log(static_cast<double>(hi)));
        return std::clamp(static_cast<std::int64_t>(std::llround(std::exp(u(rng)))), lo, hi);
    };
    const std::vector<Hardware> chips = {h100Sxm(), test::a100Sxm80(), test::b200()};
    const std::vector<Model> models = {llama8b(),          test::llama2_70b(),
                                       test::mistral7b(),  test::mixtral8x7b(),
                                       test::deepseekV3(), test::llama31_405b()};
    const std::vector<Precision> precisions = {Precision::Bf16, Precision::Fp8, Precision::Int8,
                                               Precision::Int4, Precision::Fp4};
    const std::vector<std::int64_t> tps = {1, 2, 4, 8};
    int checked = 0;
    for (int i = 0; i < 600; ++i) {
        Scenario s = test::scenario(chips[pick(chips.size())], models[pick(models.size())]);
        Workload& w = s.workload;
        w.batch = logInt(1, 4096);
        w.promptTokens = logInt(1, 32768);
        w.contextTokens = logInt(1, s.model.maxPositionEmbeddings - 1);
        w.weightPrecision = precisions[pick(precisions.size())];
        w.activationPrecision = pick(3) == 0 ? Precision::Fp8 : Precision::Bf16;
        w.kvPrecision = pick(2) == 0 ? Precision::Fp8 : Precision::Bf16;
        w.tensorParallel = tps[pick(tps.size())];
        w.flashAttention = pick(4) != 0;
        w.speculativeTokens = pick(3) == 0 ? logInt(1, 8) : 0;
        w.ceilings = pick(2) == 0 ? Ceilings::Achievable : Ceilings::Peak;
        if (hasErrors(validate(s))) {
            continue;
        }
        const Analysis a = analyze(s);
        const std::vector<LeverOutcome> levers = evaluateLevers(s, a, LeverContext{});
        const std::vector<std::string> e = explain(s, a, levers);
        SCOPED_TRACE("scenario " + std::to_string(i) + "\n" + joined(e));
        ASSERT_GE(e.size(), a.passes.size());
        for (const std::string& sentence : e) {
            ASSERT_FALSE(sentence.empty());
            EXPECT_EQ(sentence.back(), '.');
            EXPECT_EQ(sentence.find("nan"), std::string::npos);
            EXPECT_EQ(sentence.find("inf"), std::string::npos);
            EXPECT_EQ(sentence.find("–"), std::string::npos);  // the formatter's non-finite
        }
        // Each pass has a sentence that names it and its bound. (Generated scenarios: the
        // names come from toString here; the worked examples above pin the literal text.)
        for (const PassCost& p : a.passes) {
            std::string name(toString(p.kind));
            name = p.kind == PassKind::Draft ? "The draft" : name;
            name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
            const std::string bound = std::string(toString(p.bound)) + "-bound";
            EXPECT_TRUE(std::any_of(e.begin(), e.end(),
                                    [&](const std::string& x) {
                                        return x.rfind(name, 0) == 0 &&
                                               x.find(bound) != std::string::npos;
                                    }))
                << name << " " << bound;
        }
        // The critical batch and the Goldilocks context are explained whenever there is a
        // decode pass.
        const bool critical = std::any_of(e.begin(), e.end(), [](const std::string& x) {
            return x.rfind("The critical batch is ", 0) == 0;
        });
        EXPECT_EQ(critical, a.pass(PassKind::Decode) != nullptr);
        if (::testing::Test::HasFailure()) {
            break;
        }
        ++checked;
    }
    EXPECT_GT(checked, 300);
}

}  // namespace
}  // namespace roofline
