// SPDX-License-Identifier: GPL-3.0-or-later
// The batch sweep and the regime grid (roofline/sweep.h): every number equals analyze()'s
// for that cell's scenario, a cell worked by hand, and invariants over many scenarios.

#include "roofline/sweep.h"

#include <cmath>
#include <set>

#include <gtest/gtest.h>

#include "roofline/breakdown.h"
#include "test_models.h"

namespace roofline {
namespace {

using test::scenario;

// Indices 0, stride, 2·stride, ... and the last one.
std::vector<std::size_t> sampled(std::size_t n, std::size_t stride) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < n; i += stride) {
        out.push_back(i);
    }
    if (n > 0 && out.back() != n - 1) {
        out.push_back(n - 1);
    }
    return out;
}

// Sampled cells (every `stride`-th row and column, and the last) against analyze() of the
// scenario with that cell's batch and context: bit for bit.
void expectGridIsAnalyze(const Scenario& base, const RegimeGrid& grid, std::size_t stride) {
    Scenario s = base;
    for (const std::size_t j : sampled(grid.contexts.size(), stride)) {
        s.workload.contextTokens = grid.contexts[j];
        s.workload.batch = 1;
        const Analysis atOne = analyze(s);
        EXPECT_EQ(grid.memoryWall[j], atOne.memory.maxBatch) << "C = " << grid.contexts[j];
        EXPECT_EQ(grid.criticalBatch[j], atOne.criticalBatch) << "C = " << grid.contexts[j];
        for (const std::size_t i : sampled(grid.batches.size(), stride)) {
            s.workload.batch = grid.batches[i];
            const Analysis a = analyze(s);
            const RegimeCell& cell = grid.at(i, j);
            SCOPED_TRACE(testing::Message()
                         << "B = " << grid.batches[i] << ", C = " << grid.contexts[j]);
            EXPECT_EQ(cell.tpotSeconds, a.decode().timeSeconds);
            EXPECT_EQ(cell.decodeTokensPerSecond,
                      static_cast<double>(grid.batches[i]) / a.decode().timeSeconds);
            EXPECT_EQ(cell.bound, a.decode().bound);
            EXPECT_EQ(cell.fits, a.memory.fits);
            if (!a.speculative) {
                EXPECT_EQ(cell.tpotSeconds, a.tpotSeconds);
                EXPECT_EQ(cell.decodeTokensPerSecond, a.decodeTokensPerSecond);
            }
            if (j == 0) {
                EXPECT_EQ(grid.goldilocksContext[i], a.goldilocksContextTokens);
            }
        }
    }
}

TEST(LogGrid, RunsFromLoToHiAndRoundsToIntegers) {
    // 4096 = 2^12 over 13 points: the powers of two exactly (2^(12·i/12)).
    const std::vector<std::int64_t> g = logGrid(1, 4096, 13);
    ASSERT_EQ(g.size(), 13U);
    for (std::size_t i = 0; i < g.size(); ++i) {
        EXPECT_EQ(g[i], std::int64_t{1} << i);
    }
    // 128 cells from 1 to 4096: ratio 4096^(1/127) = 1.0677 per cell, so the low end
    // repeats (round(1.0677) = 1, round(1.14) = 1, round(1.217) = 1, round(1.2996) = 1,
    // round(1.3876) = 1, round(1.48) = 1, round(1.58) = 2) and the grid never decreases.
    const std::vector<std::int64_t> fine = logGrid(1, 4096, 128);
    ASSERT_EQ(fine.size(), 128U);
    EXPECT_EQ(fine.front(), 1);
    EXPECT_EQ(fine.back(), 4096);
    EXPECT_EQ(fine[5], 1);
    EXPECT_EQ(fine[7], 2);
    for (std::size_t i = 1; i < fine.size(); ++i) {
        EXPECT_GE(fine[i], fine[i - 1]);
    }
    EXPECT_EQ(logGrid(5, 9, 1), std::vector<std::int64_t>{5});
    EXPECT_TRUE(logGrid(5, 9, 0).empty());
    // The pointer's cell, nearest on a log scale: 64 = 2^6 is cell 6 of the 13-point grid;
    // log2(90) = 6.49 is still cell 6, log2(91) = 6.51 cell 7.
    EXPECT_EQ(logGridIndex(1, 4096, 13, 64.0), 6U);
    EXPECT_EQ(logGridIndex(1, 4096, 13, 90.0), 6U);
    EXPECT_EQ(logGridIndex(1, 4096, 13, 91.0), 7U);
    EXPECT_EQ(logGridIndex(1, 4096, 13, 0.5), 0U);
    EXPECT_EQ(logGridIndex(1, 4096, 13, 1e9), 12U);
}

TEST(RegimeGrid, CellsAreAnalyzeOfTheirScenario) {
    RegimeGrid grid;
    RegimeGridSpec spec;  // 128 × 128, B 1 … 4096, C 16 … 131,071
    const Scenario dense = scenario(test::h100Sxm(), test::llama31_8b());
    computeRegimeGrid(dense, spec, grid);
    ASSERT_EQ(grid.batches.size(), 128U);
    ASSERT_EQ(grid.contexts.size(), 128U);
    ASSERT_EQ(grid.cells.size(), 128U * 128U);
    expectGridIsAnalyze(dense, grid, 9);

    // MoE + MLA on 8 devices (collectives, touched experts), fp8 KV, speculative decoding
    // with a model draft (its weights count in the footprint, not in the cells).
    Workload w;
    w.tensorParallel = 8;
    w.kvPrecision = Precision::Fp8;
    Scenario moe = scenario(test::h100Sxm(), test::deepseekV3(), w);
    spec.maxContext = 163839;
    computeRegimeGrid(moe, spec, grid);
    expectGridIsAnalyze(moe, grid, 13);

    Workload spw;
    spw.speculativeTokens = 4;
    spw.acceptanceRate = 0.7;
    spw.draftKind = DraftKind::Model;
    Scenario spec8b = scenario(test::h100Sxm(), test::llama31_8b(), spw);
    spec8b.draft = test::llama32_1b();
    spec.maxContext = 131071;
    computeRegimeGrid(spec8b, spec, grid);
    expectGridIsAnalyze(spec8b, grid, 17);

    // Sliding windows, FlashAttention off, a GQA override, achievable ceilings.
    Workload sw;
    sw.flashAttention = false;
    sw.kvHeadsOverride = 4;
    sw.ceilings = Ceilings::Achievable;
    Scenario mistral = scenario(test::a100Sxm80(), test::mistral7b(), sw);
    spec.maxContext = 32767;
    computeRegimeGrid(mistral, spec, grid);
    expectGridIsAnalyze(mistral, grid, 11);
}

TEST(RegimeGrid, Llama31_8bOnH100WorkedCells) {
    // Llama-3.1-8B bf16 on one H100, P = 2048. Batches 1, 2, 4, ..., 4096 (13 cells from 1
    // to 2^12), contexts 16, 32, ..., 2048 (8 cells from 2^4 to 2^11).
    // Cell B = 1, C = 2048 (Analyze.Llama31_8bDecodeAtBatchOneOnH100): weights read
    // 32·(4096·6144 + 4096² + 3·4096·14,336)·2 = 13,958,643,712 B, lm_head 4096·128,256·2 =
    // 1,050,673,152, norm weights 32·2·4096·2 + 4096·2 = 532,480, embedding gather 4096·2 =
    // 8,192: 15,009,857,536 B. KV read 32 · 2,049 · (2·8·128) · 2 = 268,566,528 plus the
    // write 32 · 4096 = 131,072: 268,697,600. Activations 10,127,872. Every operator is
    // memory-bound at B = 1: TPOT = 15,288,683,008 / 3.35e12 = 4.5638 ms, 219.1 tok/s.
    RegimeGridSpec spec;
    spec.minContext = 16;
    spec.maxContext = 2048;
    spec.batchCells = 13;
    spec.contextCells = 8;
    RegimeGrid grid;
    const Scenario s = scenario(test::h100Sxm(), test::llama31_8b());
    computeRegimeGrid(s, spec, grid);
    ASSERT_EQ(grid.contexts.front(), 16);
    ASSERT_EQ(grid.contexts[7], 2048);
    ASSERT_EQ(grid.batches[12], 4096);
    const RegimeCell& cell = grid.at(0, 7);
    EXPECT_NEAR(cell.tpotSeconds, 15'288'683'008.0 / 3.35e12, 1e-15);
    EXPECT_NEAR(cell.tpotSeconds * 1e3, 4.5638, 1e-4);
    EXPECT_NEAR(cell.decodeTokensPerSecond, 219.1, 0.05);
    EXPECT_EQ(cell.bound, Bound::Memory);
    EXPECT_TRUE(cell.fits);
    // Memory wall at C = 2048 (Memory.DefaultScenarioHoldsAbout225Sequences):
    // ⌊(77,309,411,328 − 16,060,522,496 − 603,979,776) / 268,823,040⌋ = 225, so B = 128
    // fits and B = 256 does not.
    EXPECT_EQ(grid.memoryWall[7], 225);
    EXPECT_TRUE(grid.at(7, 7).fits);   // B = 128
    EXPECT_FALSE(grid.at(8, 7).fits);  // B = 256
    // Goldilocks at B = 1: weight bytes / KV bytes per token = 15,009,857,536 / 131,072 =
    // 114,516.1 tokens; at B = 2 about half of it (the embedding gather adds 8,192 B per
    // sequence: (15,009,857,536 + 8,192) / (2 · 131,072) = 57,258.4).
    ASSERT_TRUE(grid.goldilocksContext[0].has_value());
    EXPECT_DOUBLE_EQ(*grid.goldilocksContext[0], 15'009'857'536.0 / 131072.0);
    ASSERT_TRUE(grid.goldilocksContext[1].has_value());
    EXPECT_DOUBLE_EQ(*grid.goldilocksContext[1], 15'009'865'728.0 / (2.0 * 131072.0));
    // The critical batch: at C = 16 the matmuls dominate and cross near peak·w/(2·BW) ≈ 295
    // (a little later: they also move activations); at C = 2048 a sequence's attention
    // reads 2,049 · 131,072 B = 269 MB (80 µs at 3.35 TB/s) against its matmuls' 2 · 7.5e9
    // FLOP / 989.4e12 = 15 µs of compute, so the compute share never reaches ½.
    ASSERT_TRUE(grid.criticalBatch[0].has_value());
    EXPECT_GT(*grid.criticalBatch[0], 295);
    EXPECT_LT(*grid.criticalBatch[0], 400);
    EXPECT_FALSE(grid.criticalBatch[7].has_value());
    EXPECT_EQ(grid.at(12, 0).bound, Bound::Compute);  // B = 4096, C = 16
    EXPECT_EQ(grid.at(8, 0).bound, Bound::Memory);    // B = 256 < the critical batch
    EXPECT_EQ(grid.at(12, 7).bound, Bound::Memory);   // C = 2048: KV reads dominate
    EXPECT_FALSE(grid.at(12, 0).fits);
    // Shading range: the slowest cell is B = 1 at the longest context, the fastest
    // B = 4096 at the shortest.
    EXPECT_EQ(grid.minTokensPerSecond, grid.at(0, 7).decodeTokensPerSecond);
    EXPECT_EQ(grid.maxTokensPerSecond, grid.at(12, 0).decodeTokensPerSecond);
}

// Scenarios for the invariants: chips × models × knobs.
std::vector<Scenario> manyScenarios() {
    std::vector<Scenario> out;
    const std::vector<Hardware> chips = {test::h100Sxm(), test::a100Sxm80(), test::b200()};
    const std::vector<Model> models = {test::llama31_8b(), test::llama2_70b(), test::mistral7b(),
                                       test::mixtral8x7b(), test::deepseekV3()};
    for (const Hardware& hw : chips) {
        for (const Model& m : models) {
            for (int variant = 0; variant < 4; ++variant) {
                Workload w;
                w.kvPrecision = variant == 1 ? Precision::Fp8 : Precision::Bf16;
                w.weightPrecision = variant == 2 ? Precision::Int4 : Precision::Bf16;
                w.flashAttention = variant != 3;
                w.tensorParallel = variant == 3 ? 8 : 1;
                w.promptTokens = variant == 1 ? 512 : 2048;
                out.push_back(scenario(hw, m, w));
            }
        }
    }
    return out;
}

TEST(RegimeGrid, TokensPerSecondNeverFallsWithBatchAndTpotNeverFallsWithContext) {
    // Each operator's time per sequence, max(c, F/B + l), does not grow with B (F the fixed
    // weights; for MoE the touched experts' bytes grow slower than B), so tokens/s = B/TPOT
    // is non-decreasing in B, everywhere, and in particular while memory-bound and fitting.
    // Attention reads min(C + 1, window) keys: TPOT is non-decreasing in C.
    RegimeGridSpec spec;
    spec.batchCells = 40;
    spec.contextCells = 40;
    RegimeGrid grid;
    int checked = 0;
    for (const Scenario& s : manyScenarios()) {
        spec.maxContext = s.model.maxPositionEmbeddings - 1;
        computeRegimeGrid(s, spec, grid);
        for (std::size_t j = 0; j < grid.contexts.size(); ++j) {
            for (std::size_t i = 0; i < grid.batches.size(); ++i) {
                const RegimeCell& cell = grid.at(i, j);
                ASSERT_TRUE(std::isfinite(cell.tpotSeconds) && cell.tpotSeconds > 0.0);
                EXPECT_GE(cell.decodeTokensPerSecond, grid.minTokensPerSecond);
                EXPECT_LE(cell.decodeTokensPerSecond, grid.maxTokensPerSecond);
                // Fits exactly below the wall.
                EXPECT_EQ(cell.fits, grid.batches[i] <= grid.memoryWall[j]);
                if (i > 0) {
                    const RegimeCell& left = grid.at(i - 1, j);
                    EXPECT_GE(cell.decodeTokensPerSecond,
                              left.decodeTokensPerSecond * (1.0 - 1e-12))
                        << s.model.id << " B " << grid.batches[i] << " C " << grid.contexts[j];
                    // The wall: once a batch does not fit, no larger one does.
                    EXPECT_FALSE(!left.fits && cell.fits);
                }
                if (j > 0) {
                    EXPECT_GE(cell.tpotSeconds, grid.at(i, j - 1).tpotSeconds)
                        << s.model.id << " B " << grid.batches[i] << " C " << grid.contexts[j];
                    // Longer contexts hold more KV: the wall never moves out.
                    EXPECT_LE(grid.memoryWall[j], grid.memoryWall[j - 1]);
                }
                ++checked;
            }
        }
    }
    EXPECT_EQ(checked, 60 * 40 * 40);
}

TEST(RegimeGrid, CriticalBatchAndGoldilocksDoNotDependOnTheOtherAxis) {
    // The grid takes the critical batch at B = 1 and the Goldilocks context at the
    // scenario's C: analyze() at any other B (or C) gives the same.
    RegimeGridSpec spec;
    spec.batchCells = 16;
    spec.contextCells = 16;
    RegimeGrid grid;
    for (const Scenario& base : manyScenarios()) {
        spec.maxContext = base.model.maxPositionEmbeddings - 1;
        computeRegimeGrid(base, spec, grid);
        Scenario s = base;
        for (std::size_t j = 0; j < grid.contexts.size(); j += 5) {
            s.workload.contextTokens = grid.contexts[j];
            s.workload.batch = 64;
            EXPECT_EQ(analyze(s).criticalBatch, grid.criticalBatch[j]) << base.model.id;
        }
        s.workload.contextTokens = 100;
        for (std::size_t i = 0; i < grid.batches.size(); i += 5) {
            s.workload.batch = grid.batches[i];
            EXPECT_EQ(analyze(s).goldilocksContextTokens, grid.goldilocksContext[i])
                << base.model.id;
        }
    }
}

TEST(BatchSweep, PointsAreAnalyzeAndIncludeTheMarks) {
    // Llama-3.1-8B on H100, P = 2048, C = 128: memory wall ⌊60,644,909,056 / (2048 ·
    // 131,072 + 256,512)⌋ = ⌊225.7⌋ = 225 (Memory.DefaultScenarioHoldsAbout225Sequences,
    // with 2048 tokens per sequence: the prompt is the longer), and the critical batch
    // where the compute share reaches ½ (Analyze.CriticalBatchIsWhereTokensPerSecond-
    // StopsGrowing); both on the curve. The scenario's own batch (37) is not: the sweep
    // does not depend on it.
    Workload w;
    w.batch = 37;
    w.contextTokens = 128;
    const Scenario s = scenario(test::h100Sxm(), test::llama31_8b(), w);
    const BatchSweep sweep = batchSweep(s, 4096, 64);
    const Analysis here = analyze(s);
    EXPECT_FALSE(sweep.speculative);
    EXPECT_EQ(sweep.memoryWallBatch, 225);
    EXPECT_EQ(sweep.criticalBatch, here.criticalBatch);
    ASSERT_TRUE(sweep.criticalBatch.has_value());
    std::set<std::int64_t> batches;
    Scenario at = s;
    for (std::size_t k = 0; k < sweep.points.size(); ++k) {
        const BatchSweepPoint& p = sweep.points[k];
        if (k > 0) {
            EXPECT_GT(p.batch, sweep.points[k - 1].batch);
        }
        batches.insert(p.batch);
        at.workload.batch = p.batch;
        const Analysis a = analyze(at);
        EXPECT_EQ(p.tpotSeconds, a.tpotSeconds);
        EXPECT_EQ(p.decodeTokensPerSecond, a.decodeTokensPerSecond);
        EXPECT_EQ(p.plainTpotSeconds, p.tpotSeconds);
        EXPECT_EQ(p.plainTokensPerSecond, p.decodeTokensPerSecond);
        EXPECT_EQ(p.fits, a.memory.fits);
        EXPECT_EQ(p.fits, p.batch <= 225);
        EXPECT_EQ(p.bound, a.decode().bound);
    }
    EXPECT_EQ(sweep.points.front().batch, 1);
    EXPECT_EQ(sweep.points.back().batch, 4096);
    EXPECT_TRUE(batches.count(225));
    EXPECT_TRUE(batches.count(*sweep.criticalBatch));
    EXPECT_FALSE(batches.count(37));
    // 64 log-spaced batches, fewer once the low end's repeats are merged (1, 1, 1, 2, ...).
    EXPECT_GE(sweep.points.size(), 50U);
}

TEST(BatchSweep, SpeculativeDecodingCurvesBesideThePlainOnes) {
    // DOMAIN.md §6 worked check: B = 1, C = 2048, free n-gram draft, k = 4, α = 0.7:
    // τ = (1 − 0.7^5) / 0.3 = (1 − 0.16807) / 0.3 = 2.773; the verify pass costs about one
    // decode step (still memory-bound), so tokens/s is about 2.7× the plain decode's.
    Workload w;
    w.speculativeTokens = 4;
    w.acceptanceRate = 0.7;
    const Scenario s = scenario(test::h100Sxm(), test::llama31_8b(), w);
    const BatchSweep sweep = batchSweep(s, 4096, 32);
    ASSERT_TRUE(sweep.speculative);
    const BatchSweepPoint& one = sweep.points.front();
    ASSERT_EQ(one.batch, 1);
    const double gain = one.decodeTokensPerSecond / one.plainTokensPerSecond;
    EXPECT_GT(gain, 2.5);
    EXPECT_LT(gain, 2.773);
    Scenario at = s;
    for (const BatchSweepPoint& p : sweep.points) {
        at.workload.batch = p.batch;
        const Analysis a = analyze(at);
        EXPECT_EQ(p.plainTpotSeconds, a.decode().timeSeconds);
        EXPECT_EQ(p.tpotSeconds, a.tpotSeconds);
        EXPECT_EQ(p.decodeTokensPerSecond, a.decodeTokensPerSecond);
    }
    // At C = 2048 KV reads keep even B = 4096 memory-bound: the verify pass reads the cache
    // once for k + 1 tokens, and speculation still pays. At C = 128 the plain step is
    // compute-bound there and the verify pass runs 5 tokens per sequence for τ = 2.77: each
    // of its operators moves and computes at most 5× the plain step's, so it takes at most
    // 5× as long, and tokens/s is between 2.77 / 5 = 0.554× and 1× the plain. The curves
    // cross.
    EXPECT_GT(sweep.points.back().decodeTokensPerSecond, sweep.points.back().plainTokensPerSecond);
    Scenario shortContext = s;
    shortContext.workload.contextTokens = 128;
    const BatchSweep crossing = batchSweep(shortContext, 4096, 32);
    EXPECT_GT(crossing.points.front().decodeTokensPerSecond,
              crossing.points.front().plainTokensPerSecond);
    const double ratio =
        crossing.points.back().decodeTokensPerSecond / crossing.points.back().plainTokensPerSecond;
    EXPECT_GT(ratio, 0.554);
    EXPECT_LT(ratio, 1.0);
}

TEST(Breakdown, BoundSecondsSplitThePassTimeAsItsShares) {
    // Llama-3.1-8B on H100 at B = 1: every decode operator is memory-bound
    // (Analyze.Llama31_8bDecodeAtBatchOneOnH100), so the whole 4.5638 ms is memory-bound
    // time; prefill of 2048 tokens is mostly compute-bound. With TP 8 the all-reduces are
    // link-bound at B = 1 (α = a few µs each against µs of matmul bytes).
    Workload w;
    const Analysis one = analyze(scenario(test::h100Sxm(), test::llama31_8b(), w));
    const BoundSeconds decode = boundSeconds(one, PassKind::Decode);
    EXPECT_DOUBLE_EQ(decode.memory, one.decode().timeSeconds);
    EXPECT_EQ(decode.compute, 0.0);
    EXPECT_EQ(decode.interconnect, 0.0);
    const BoundSeconds none = boundSeconds(one, PassKind::Verify);
    EXPECT_EQ(none.memory + none.compute + none.interconnect, 0.0);
    for (const Scenario& s : {scenario(test::h100Sxm(), test::llama31_8b(), w),
                              scenario(test::h100Sxm(), test::mixtral8x7b(), w)}) {
        Scenario tp = s;
        tp.workload.tensorParallel = 8;
        tp.hardware.collectiveLatencySeconds = 5e-6;
        for (const Scenario& each : {s, tp}) {
            const Analysis a = analyze(each);
            for (const PassCost& pass : a.passes) {
                const BoundSeconds split = boundSeconds(a, pass.kind);
                const double t = pass.timeSeconds;
                EXPECT_NEAR(split.memory + split.compute + split.interconnect, t, 1e-12 * t);
                EXPECT_NEAR(split.memory, pass.shares[Bound::Memory] * t, 1e-12 * t);
                EXPECT_NEAR(split.compute, pass.shares[Bound::Compute] * t, 1e-12 * t);
                EXPECT_NEAR(split.interconnect, pass.shares[Bound::Interconnect] * t, 1e-12 * t);
            }
            if (each.workload.tensorParallel == 8) {
                EXPECT_GT(boundSeconds(a, PassKind::Decode).interconnect, 0.0);
            }
        }
    }
    EXPECT_GT(boundSeconds(one, PassKind::Prefill).compute,
              boundSeconds(one, PassKind::Prefill).memory);
}

}  // namespace
}  // namespace roofline
