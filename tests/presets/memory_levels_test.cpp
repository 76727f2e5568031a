// SPDX-License-Identifier: GPL-3.0-or-later
// The memory hierarchy (DOMAIN.md §10, issue 18): the levels the presets list, each
// operator's bytes at every level (GEMM tiling, FlashAttention blocks), the level that binds,
// and the JSON the CLI writes. Every expected value is derived by hand in the comment above
// its assertion, from the formulas of core/src/memory_levels.cpp.

#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "roofline/analysis.h"
#include "roofline/explain.h"
#include "roofline/io/presets.h"
#include "roofline/point_note.h"
#include "roofline/validate.h"

namespace {

using roofline::Analysis;
using roofline::MemoryLevel;
using roofline::OperatorCost;
using roofline::OperatorId;
using roofline::PassKind;
using roofline::Scenario;

Scenario llama8b(const std::string& hardware) {
    Scenario s;
    const auto h = roofline::io::builtinHardware(hardware);
    EXPECT_TRUE(h.ok()) << roofline::describe(h.issues);
    const auto m = roofline::io::builtinModel("llama-3.1-8b");
    EXPECT_TRUE(m.ok()) << roofline::describe(m.issues);
    if (h.ok()) {
        s.hardware = *h.value;
    }
    if (m.ok()) {
        s.model = *m.value;
    }
    s.workload.batch = 1;
    s.workload.promptTokens = 2048;
    s.workload.contextTokens = 2048;
    return s;
}

const OperatorCost& op(const Analysis& a, PassKind pass, OperatorId id) {
    for (const OperatorCost& o : a.operators) {
        if (o.pass == pass && o.id == id) {
            return o;
        }
    }
    ADD_FAILURE() << "no such operator";
    static const OperatorCost kNone;
    return kNone;
}

constexpr auto kMain = static_cast<std::size_t>(MemoryLevel::Main);
constexpr auto kCache = static_cast<std::size_t>(MemoryLevel::LastLevelCache);
constexpr auto kSram = static_cast<std::size_t>(MemoryLevel::OnChipSram);

TEST(MemoryLevels, H100ListsHbmL2AndSharedMemory) {
    // h100-sxm.json: L2 50 MB (scaling-book) and 256 KiB × 132 SMs = 34,603,008 bytes of L1 /
    // shared memory (ml-engineering), neither with a published bandwidth: listed, not drawn.
    const Analysis a = roofline::analyze(llama8b("h100-sxm"));
    ASSERT_EQ(a.memoryLevels.size(), 3U);
    EXPECT_EQ(a.memoryLevels[0].level, MemoryLevel::Main);
    EXPECT_EQ(a.memoryLevels[0].bandwidthBytesPerSecond, 3.35e12);
    EXPECT_EQ(a.memoryLevels[1].level, MemoryLevel::LastLevelCache);
    EXPECT_EQ(a.memoryLevels[1].capacityBytes, 50e6);
    EXPECT_FALSE(a.memoryLevels[1].drawn());
    EXPECT_EQ(a.memoryLevels[2].level, MemoryLevel::OnChipSram);
    EXPECT_EQ(a.memoryLevels[2].capacityBytes, 34'603'008.0);
    EXPECT_FALSE(a.memoryLevels[2].drawn());
}

TEST(MemoryLevels, MlpUpL2BytesOfLlama8BPrefillFollowTheTiling) {
    // Llama-3.1-8B, prefill of one 2,048-token prompt, bf16 (w = a = 2 bytes). mlp_up is gate
    // and up fused: M = 2,048 rows, K = h = 4,096, N = 2 × 14,336 = 28,672, 32 layers.
    // Tiles 256 × 256: ⌈N/256⌉ = 112, ⌈M/256⌉ = 8. Per layer:
    //   A = M·K·a = 16,777,216; B = K·N·w = 234,881,024; C = M·N·a = 117,440,512
    //   HBM = A + B + C = 369,098,752
    //   L2  = A·112 + B·8 + C = 1,879,048,192 + 1,879,048,192 + 117,440,512 = 3,875,536,896
    // × 32 layers: HBM 11,811,160,064, L2 124,017,180,672.
    const Analysis a = roofline::analyze(llama8b("h100-sxm"));
    const OperatorCost& up = op(a, PassKind::Prefill, OperatorId::MlpUp);
    EXPECT_EQ(up.bytes(), 11'811'160'064.0);
    EXPECT_EQ(up.levelBytes[kMain], 11'811'160'064.0);
    EXPECT_EQ(up.levelBytes[kCache], 124'017'180'672.0);
    // The SRAM sees what the cache delivers (no scores in a GEMM).
    EXPECT_EQ(up.levelBytes[kSram], 124'017'180'672.0);
    // No bandwidth for either on-chip level on H100 SXM: not timed, HBM or compute binds.
    EXPECT_EQ(up.onChipTimeSeconds, 0.0);
    EXPECT_EQ(up.boundLevel, MemoryLevel::Main);

    // Decode (M = 1): ⌈1/256⌉ = 1, so B is read once; A = 1·4,096·2 = 8,192 is read 112
    // times. Per layer L2 = 917,504 + 234,881,024 + 1·28,672·2 = 235,855,872, × 32 =
    // 7,547,387,904; HBM = 8,192 + 234,881,024 + 57,344 = 234,946,560, × 32 = 7,518,289,920.
    const OperatorCost& dec = op(a, PassKind::Decode, OperatorId::MlpUp);
    EXPECT_EQ(dec.levelBytes[kMain], 7'518'289'920.0);
    EXPECT_EQ(dec.levelBytes[kCache], 7'547'387'904.0);
}

TEST(MemoryLevels, FlashAttentionMovesTheScoresBetweenHbmAndSram) {
    // Attention of the same prefill, per layer: n_q = 32, n_kv = 8, d = 128, pairs =
    // 2,048·2,049/2 = 2,098,176.
    //   Q and O: 2·2,048·32·128·2 = 33,554,432; K and V: 2,048·2·8·128·2 = 8,388,608
    //   scores and probabilities: 4·1·32·2,098,176·2 = 537,133,056
    // FlashAttention on: HBM = 41,943,040; K and V read once per block of 128 queries,
    // causal: nb = 16 blocks read (16 + 1)/2 = 8.5 times the keys on average, so L2 = Q,O +
    // 8.5·KV = 33,554,432 + 71,303,168 = 104,857,600; SRAM = L2 + scores = 641,990,656.
    // Off: HBM = 41,943,040 + 537,133,056 = 579,076,096 (DOMAIN.md §3), L2 = SRAM = HBM.
    // × 32 layers.
    Scenario on = llama8b("h100-sxm");
    const Analysis a = roofline::analyze(on);
    const OperatorCost& withFa = op(a, PassKind::Prefill, OperatorId::Attention);
    EXPECT_EQ(withFa.scoreBytes, 32.0 * 537'133'056.0);
    EXPECT_EQ(withFa.levelBytes[kMain], 32.0 * 41'943'040.0);
    EXPECT_EQ(withFa.levelBytes[kCache], 32.0 * 104'857'600.0);
    EXPECT_EQ(withFa.levelBytes[kSram], 32.0 * 641'990'656.0);

    Scenario off = on;
    off.workload.flashAttention = false;
    const Analysis b = roofline::analyze(off);
    const OperatorCost& without = op(b, PassKind::Prefill, OperatorId::Attention);
    EXPECT_EQ(without.levelBytes[kMain], 32.0 * 579'076'096.0);
    EXPECT_EQ(without.levelBytes[kMain] - withFa.levelBytes[kMain], withFa.scoreBytes);
    EXPECT_EQ(without.levelBytes[kCache], 32.0 * 579'076'096.0);
    EXPECT_EQ(without.levelBytes[kSram], 32.0 * 579'076'096.0);
}

TEST(MemoryLevels, AMeasuredL2RoofBindsALargeGemmOnH100Pcie) {
    // h100-pcie.json: L2 5.5 TB/s measured (chipsandcheese), bf16 peak 756 TFLOP/s, HBM
    // 2.0 TB/s. mlp_up of the prefill above: FLOPs = 2·2,048·4,096·28,672·32 =
    // 15,393,162,788,864, compute 15,393,162,788,864 / 756e12 = 20.36 ms; HBM
    // 11,811,160,064 / 2e12 = 5.91 ms; L2 124,017,180,672 / 5.5e12 = 22.55 ms: the L2 binds.
    // (A 256 × 256 tile gives 2·256·256·K FLOPs per (256 + 256)·K·2 bytes = 128 FLOP per L2
    // byte: 704 TFLOP/s at 5.5 TB/s, below the 756 peak.)
    const Analysis a = roofline::analyze(llama8b("h100-pcie"));
    ASSERT_EQ(a.memoryLevels.size(), 3U);
    EXPECT_TRUE(a.memoryLevels[1].drawn());
    EXPECT_TRUE(a.memoryLevels[1].measured);
    const OperatorCost& up = op(a, PassKind::Prefill, OperatorId::MlpUp);
    EXPECT_EQ(up.flops, 15'393'162'788'864.0);
    EXPECT_DOUBLE_EQ(up.onChipTimeSeconds, 124'017'180'672.0 / 5.5e12);
    EXPECT_DOUBLE_EQ(up.timeSeconds, 124'017'180'672.0 / 5.5e12);
    EXPECT_EQ(up.bound, roofline::Bound::Memory);
    EXPECT_EQ(up.boundLevel, MemoryLevel::LastLevelCache);
    // The decode step's mlp_up stays HBM-bound: 7,518,289,920 / 2e12 = 3.76 ms against
    // 7,547,387,904 / 5.5e12 = 1.37 ms at the L2.
    const OperatorCost& dec = op(a, PassKind::Decode, OperatorId::MlpUp);
    EXPECT_EQ(dec.boundLevel, MemoryLevel::Main);
    EXPECT_DOUBLE_EQ(dec.timeSeconds, 7'518'289'920.0 / 2e12);
}

TEST(MemoryLevels, APrefillBoundByTheL2SaysSoAtItsPoint) {
    // The prefill above on H100 PCIe: its matmuls are L2-bound (mlp_up 22.55 ms at the L2
    // against 20.36 ms of compute), so the pass is memory-bound by time while its HBM
    // intensity lies right of the ridge (756e12 / 2e12 = 378 FLOP/byte). The note names the
    // L2, not an operator: the HBM ridge is not the roof that binds.
    const Analysis a = roofline::analyze(llama8b("h100-pcie"));
    const roofline::PassCost& prefill = a.prefill();
    ASSERT_EQ(prefill.bound, roofline::Bound::Memory);
    ASSERT_GT(prefill.intensity(), 378.0);
    const std::string note = roofline::boundByTimeNote(a, prefill);
    EXPECT_EQ(note.rfind("memory-bound by time (", 0), 0U) << note;
    EXPECT_NE(note.find("the L2 binds"), std::string::npos) << note;
    EXPECT_NE(note.find("see operators per memory level"), std::string::npos) << note;
    // The Explain panel says it too, in its first sentence (the prefill's place).
    const Scenario pcie = llama8b("h100-pcie");
    const std::vector<std::string> sentences = roofline::explain(pcie, a);
    ASSERT_FALSE(sentences.empty());
    EXPECT_NE(sentences[0].find("of its time is bound by the L2 (5.50 TB/s), an on-chip level, "
                                "not by HBM2e"),
              std::string::npos)
        << sentences[0];
    // On H100 SXM the L2 is not timed: no such note.
    const Analysis sxm = roofline::analyze(llama8b("h100-sxm"));
    EXPECT_EQ(roofline::boundByTimeNote(sxm, sxm.prefill()).find("L2"), std::string::npos);
}

TEST(MemoryLevels, AchievableCeilingsScaleASpecPeakAndKeepAMeasurement) {
    // MI300X's Infinity Cache: 17 TB/s spec peak → 0.85 · 17e12 = 14.45e12 achievable; H100
    // PCIe's L2: measured, 5.5e12 in every ceiling.
    Scenario mi = llama8b("mi300x");
    mi.workload.ceilings = roofline::Ceilings::Achievable;
    const Analysis a = roofline::analyze(mi);
    ASSERT_EQ(a.memoryLevels.size(), 2U);
    EXPECT_DOUBLE_EQ(a.memoryLevels[1].bandwidthBytesPerSecond, 14.45e12);
    Scenario pcie = llama8b("h100-pcie");
    pcie.workload.ceilings = roofline::Ceilings::Achievable;
    EXPECT_EQ(roofline::analyze(pcie).memoryLevels[1].bandwidthBytesPerSecond, 5.5e12);
}

TEST(MemoryLevels, APresetWithoutLevelsListsOnlyItsMainMemory) {
    // a100-80gb-sxm lists none: one level, and no operator has on-chip bytes.
    const Analysis a = roofline::analyze(llama8b("a100-80gb-sxm"));
    ASSERT_EQ(a.memoryLevels.size(), 1U);
    for (const OperatorCost& o : a.operators) {
        EXPECT_EQ(o.levelBytes[kCache], 0.0) << o.name;
        EXPECT_EQ(o.onChipTimeSeconds, 0.0) << o.name;
    }
}

TEST(MemoryLevels, EveryLevelMovesAtLeastItsHbmBytes) {
    // Invariant: a byte read from HBM passes through the cache and the SRAM, so each level's
    // bytes are at least HBM's, for every operator of every pass on every preset that lists
    // levels, at three batches and with FlashAttention on and off.
    for (const std::string& id : roofline::io::hardwareIds()) {
        Scenario s = llama8b(id);
        if (s.hardware.memoryLevels.empty()) {
            continue;
        }
        for (const std::int64_t batch : {1, 16, 256}) {
            for (const bool fa : {true, false}) {
                s.workload.batch = batch;
                s.workload.flashAttention = fa;
                const Analysis a = roofline::analyze(s);
                for (const OperatorCost& o : a.operators) {
                    for (const roofline::LevelRoof& l : a.memoryLevels) {
                        const double bytes = o.levelBytes[static_cast<std::size_t>(l.level)];
                        EXPECT_GE(bytes, o.bytes()) << id << " " << o.name;
                    }
                    EXPECT_GE(o.timeSeconds, o.onChipTimeSeconds) << id << " " << o.name;
                }
            }
        }
    }
}

}  // namespace
