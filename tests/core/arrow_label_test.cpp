// SPDX-License-Identifier: GPL-3.0-or-later
// The plot's arrow labels and the note at a pass whose bound by time disagrees with its
// side of the ridge (DOMAIN.md §12): composed in core from the engine's numbers.
#include <cmath>

#include <gtest/gtest.h>

#include "roofline/comparison.h"
#include "roofline/format.h"
#include "roofline/point_note.h"
#include "test_models.h"

namespace roofline {
namespace {

using test::h100Sxm;
using test::llama31_8b;
using test::scenario;

/// A hand-made analysis: prefill and decode passes at the given FLOP/s, TTFT, TPOT and
/// tokens/s, on `devices` devices.
Analysis made(double decodeFlops, double tpot, double tokens, int devices = 1) {
    Analysis a;
    a.passes.emplace_back();
    a.passes.back().kind = PassKind::Prefill;
    a.passes.back().attainableFlopsPerSecond = 500e12;
    a.passes.emplace_back();
    a.passes.back().kind = PassKind::Decode;
    a.passes.back().attainableFlopsPerSecond = decodeFlops;
    a.ttftSeconds = 0.1;
    a.tpotSeconds = tpot;
    a.decodeTokensPerSecond = tokens;
    a.devices = devices;
    return a;
}

Analysis run(Workload w) { return analyze(scenario(h100Sxm(), llama31_8b(), w)); }

TEST(ArrowLabel, BatchTimesEightSaysTheTokensGainBesideTheSlowerTpot) {
    // 10 → 70 TFLOP/s: ×7.00; 1,000 → 7,100 tok/s: ×7.10; TPOT 8 ms → 9.04 ms: 9.04/8 =
    // 1.13× slower. The label must not read only "slower" (the "decode 1.13× slower").
    const Analysis base = made(10e12, 0.008, 1000.0);
    const Analysis now = made(70e12, 0.00904, 7100.0);
    EXPECT_EQ(arrowLabel(base, now, decodeArrow(base, now)),
              "decode ×7.00 FLOP/s, ×7.10 tok/s, TPOT 1.13× slower");
}

TEST(ArrowLabel, MoreDevicesSayPerDevice) {
    // Two devices: 40 → 23 TFLOP/s per device is ×0.575 ("×0.575"), the step 7 → 4 ms is
    // 1.75× faster and tokens/s 1,000 → 1,750 is ×1.75.
    const Analysis base = made(40e12, 0.007, 1000.0, 1);
    const Analysis now = made(23e12, 0.004, 1750.0, 2);
    EXPECT_EQ(arrowLabel(base, now, decodeArrow(base, now)),
              "decode ×0.575 FLOP/s per device, ×1.75 tok/s, TPOT 1.75× faster");
}

TEST(ArrowLabel, PrefillSaysTtft) {
    // 500 → 500 TFLOP/s: ×1.00; TTFT 0.1 → 0.05 s: 2.00× faster.
    const Analysis base = made(1e12, 1, 1);
    Analysis now = base;
    now.ttftSeconds = 0.05;
    EXPECT_EQ(arrowLabel(base, now, primaryArrow(base, now)),
              "prefill ×1.00 FLOP/s, TTFT 2.00× faster");
}

TEST(ArrowLabel, NoEndsNoLabel) {
    const Analysis a = made(1e12, 1, 1);
    EXPECT_EQ(arrowLabel(a, a, ArrowEnds{}), "");
    EXPECT_EQ(decodeArrow(a, Analysis{}).to, nullptr);
}

TEST(ArrowLabel, EngineBatchTimesEightClimbsWithTokensAndTpot) {
    // Llama-3.1-8B on an H100, C = P = 128: B 64 → 512 (the critical-batch-h100 lesson).
    // The step reads the same weights, so TPOT grows far less than ×8 (about ×2.2: past the
    // critical batch the matmuls turn compute-bound) and tokens/s = B/TPOT grow by
    // 8 / (TPOT ratio), about ×3.6; FLOP/s per device climbs with them. The label gives all
    // three, not only "2.24× slower".
    Workload w;
    w.batch = 64;
    w.promptTokens = 128;
    w.contextTokens = 128;
    const Analysis base = run(w);
    w.batch = 512;
    const Analysis now = run(w);
    const ArrowEnds ends = decodeArrow(base, now);
    ASSERT_EQ(ends.from, &base.decode());
    ASSERT_EQ(ends.to, &now.decode());
    const double tokens = now.decodeTokensPerSecond / base.decodeTokensPerSecond;
    const double slower = now.tpotSeconds / base.tpotSeconds;
    ASSERT_GT(tokens, 3.0);
    ASSERT_GT(slower, 1.5);
    EXPECT_EQ(arrowLabel(base, now, ends),
              std::string("decode ×")
                  .append(formatNumber(now.decode().attainableFlopsPerSecond /
                                       base.decode().attainableFlopsPerSecond))
                  .append(" FLOP/s, ×")
                  .append(formatNumber(tokens))
                  .append(" tok/s, TPOT ")
                  .append(formatNumber(slower))
                  .append("× slower"));
}

TEST(ArrowLabel, SpeculationRunsFromThePlainDecodeStepToVerify) {
    // spec-ngram: k = 4, α = 0.7. The plain decode pass does not move (a free draft), the
    // step that makes the tokens is now verify: the arrow runs there, labelled with the
    // effective tokens/s, which gain τ = (1 − 0.7⁵)/(1 − 0.7) = 2.77 over the verify
    // pass's own slowdown (verify ≈ decode time at B = 1: about ×2.7).
    Workload w;
    w.batch = 1;
    const Analysis base = run(w);
    w.speculativeTokens = 4;
    w.acceptanceRate = 0.7;
    w.draftKind = DraftKind::Ngram;
    const Analysis now = run(w);
    const ArrowEnds ends = decodeArrow(base, now);
    ASSERT_NE(now.pass(PassKind::Verify), nullptr);
    EXPECT_EQ(ends.from, &base.decode());
    EXPECT_EQ(ends.to, now.pass(PassKind::Verify));
    const std::string label = arrowLabel(base, now, ends);
    EXPECT_EQ(label.rfind("verify ×", 0), 0U) << label;
    const double tokens = now.decodeTokensPerSecond / base.decodeTokensPerSecond;
    const double tau = (1.0 - std::pow(0.7, 5)) / (1.0 - 0.7);
    EXPECT_GT(tokens, 2.0);
    EXPECT_LE(tokens, tau + 1e-9);
    EXPECT_NE(label.find(std::string("×").append(formatNumber(tokens)).append(" effective tok/s")),
              std::string::npos)
        << label;
}

TEST(ArrowLabel, EngineTensorParallelSaysPerDevice) {
    // TP ×2: each device does half the FLOPs in a bit more than half the time, so FLOP/s
    // per device falls while the step gets faster.
    Workload w;
    w.batch = 8;
    const Analysis base = run(w);
    w.tensorParallel = 2;
    const Analysis now = run(w);
    ASSERT_LT(now.decode().attainableFlopsPerSecond, base.decode().attainableFlopsPerSecond);
    ASSERT_LT(now.tpotSeconds, base.tpotSeconds);
    const std::string label = arrowLabel(base, now, decodeArrow(base, now));
    EXPECT_NE(label.find(" FLOP/s per device, "), std::string::npos) << label;
    EXPECT_NE(label.find("× faster"), std::string::npos) << label;
}

TEST(PointNote, ComputeBoundLeftOfTheRidgeSaysWhy) {
    // critical-batch-h100: Llama-3.1-8B, H100, B = 512, C = P = 128. The weight matmuls
    // (≈ 2·512/2 FLOP per weight byte ≈ 500) are past the ridge (≈ 295), attention reads
    // 512·129 tokens of KV per layer at ≈ 1 FLOP/byte: the step is compute-bound by time
    // but its aggregate intensity sits left of the ridge.
    Workload w;
    w.batch = 512;
    w.promptTokens = 128;
    w.contextTokens = 128;
    const Analysis a = run(w);
    ASSERT_EQ(a.decode().bound, Bound::Compute);
    ASSERT_LT(a.decode().intensity(), a.ridgePointFlopsPerByte);
    const std::string note = boundByTimeNote(a, a.decode());
    EXPECT_EQ(note.rfind("compute-bound by time (", 0), 0U) << note;
    EXPECT_NE(note.find("): attention reads "), std::string::npos) << note;
    EXPECT_NE(note.find("of its bytes, which pulls the point left of the ridge (see operators)"),
              std::string::npos)
        << note;
}

TEST(PointNote, AgreeingPassesGetNone) {
    // B = 64 is memory-bound and left of the ridge; prefill at P = 2048 compute-bound and
    // right of it: nothing to explain.
    Workload w;
    w.batch = 64;
    const Analysis a = run(w);
    ASSERT_EQ(a.decode().bound, Bound::Memory);
    EXPECT_EQ(boundByTimeNote(a, a.decode()), "");
    ASSERT_EQ(a.prefill().bound, Bound::Compute);
    ASSERT_GT(a.prefill().intensity(), a.ridgePointFlopsPerByte);
    EXPECT_EQ(boundByTimeNote(a, a.prefill()), "");
}

TEST(PointNote, HandMadeMixedPassNamesTheHeaviestOperator) {
    // Ridge 300. A decode pass of 1e12 FLOPs over 5e9 bytes (x = 200), compute-bound with a
    // 70% share. Memory-bound operators: "attention" 3e9 bytes, "kv_write" 1e9: attention
    // reads 3/5 = 60% of the bytes.
    Analysis a;
    a.ridgePointFlopsPerByte = 300.0;
    PassCost pass;
    pass.kind = PassKind::Decode;
    pass.flops = 1e12;
    pass.traffic.bytes[0] = 5e9;
    pass.bound = Bound::Compute;
    pass.shares[Bound::Compute] = 0.7;
    const auto op = [&](std::string_view name, double bytes, Bound bound) {
        OperatorCost o;
        o.name = name;
        o.pass = PassKind::Decode;
        o.traffic.bytes[0] = bytes;
        o.bound = bound;
        a.operators.push_back(o);
    };
    op("qkv_proj", 4e9, Bound::Compute);
    op("attention", 3e9, Bound::Memory);
    op("kv_write", 1e9, Bound::Memory);
    EXPECT_EQ(boundByTimeNote(a, pass),
              "compute-bound by time (70%): attention reads 60% of its bytes, which pulls the "
              "point left of the ridge (see operators)");
}

}  // namespace
}  // namespace roofline
