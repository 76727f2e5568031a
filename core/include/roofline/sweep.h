// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file sweep.h
/// What the batch-sweep and regime-map views draw, computed by the engine so that the views
/// only plot it (HACKING.md: views do no arithmetic on the numbers they show).
///
/// - batchSweep(): the decode step against the batch B on a log grid, everything else as in
///   the scenario: tokens/s and TPOT, with and without speculative decoding, whether it
///   fits, and the critical batch and memory wall at the scenario's context. One analyze()
///   per batch: every number is the one analyze() gives for that batch.
/// - computeRegimeGrid(): the plain decode step (no speculative decoding) over a log grid
///   of batch × context, at least 128 × 128 cells: which roof binds it, its tokens/s and
///   TPOT, and whether the footprint fits; with the critical batch as a function of the
///   context and the Goldilocks context as a function of the batch. Each cell runs only the
///   decode pass of analyze() (the same code, core/src/passes.cpp, on the same shapes), so
///   its numbers are bit for bit analyze()'s for that cell's scenario, at a fraction of the
///   cost (no prefill pass, thresholds, memory or warnings per cell): tests/core/sweep_test.cpp
///   checks it, tests/benchmarks/analyze_bench.cpp times it (BM_RegimeGrid128).
///
/// Batches and contexts are integers (a scenario's are): a log grid from lo to hi rounds
/// lo·(hi/lo)^(i/(n−1)) to the nearest integer, so at its low end neighbouring cells can
/// hold the same value (B = 1, 1, 1, 2, ... on a 128-cell grid from 1 to 4096).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/scenario.h"

namespace roofline {

/// `count` values from `lo` to `hi` (1 ≤ lo ≤ hi), log-spaced and rounded to integers; the
/// first is lo and the last hi. Non-decreasing; neighbours may be equal. Empty if count < 1;
/// {lo} if count is 1.
std::vector<std::int64_t> logGrid(std::int64_t lo, std::int64_t hi, std::size_t count);

/// The index of the cell of a `count`-cell log grid from lo to hi whose centre is nearest
/// to `value` on a log scale (clamped to the grid): where a pointer at `value` is.
std::size_t logGridIndex(std::int64_t lo, std::int64_t hi, std::size_t count, double value);

/// One batch of the sweep: the scenario's analysis at that batch.
struct BatchSweepPoint {
    std::int64_t batch = 0;
    /// Analysis::tpotSeconds and ::decodeTokensPerSecond: with speculative decoding when it
    /// is on (effective TPOT = step / τ), else the plain decode step.
    double tpotSeconds = 0.0;
    double decodeTokensPerSecond = 0.0;
    /// The plain decode step without speculative decoding: decode().timeSeconds and
    /// B / decode().timeSeconds (equal to the two above when speculation is off).
    double plainTpotSeconds = 0.0;
    double plainTokensPerSecond = 0.0;
    Bound bound = Bound::Memory;  ///< decode().bound
    bool fits = false;            ///< Analysis::memory.fits (a draft model's weights included)
};

struct BatchSweep {
    /// Ascending, each batch once: the log grid, plus the critical batch and the memory wall
    /// where they lie within the range, so that views can mark them on the curves. The
    /// scenario's own batch plays no part (a view moves its marker along the same curves).
    std::vector<BatchSweepPoint> points;
    bool speculative = false;  ///< Speculative decoding is on: the two curves differ.
    /// Analysis::criticalBatch at the scenario's context (it does not depend on B).
    std::optional<std::int64_t> criticalBatch;
    /// Analysis::memory.maxBatch at the scenario's context: the largest batch that fits
    /// (0 when the weights and workspace alone do not).
    std::int64_t memoryWallBatch = 0;
};

/// The sweep over B = 1 … maxBatch (≥ 1) on a log grid of `count` points (at least 2),
/// everything else as in `scenario`. Same preconditions as analyze().
BatchSweep batchSweep(const Scenario& scenario, std::int64_t maxBatch, std::size_t count = 64);

/// The extent and resolution of a regime grid. Contexts are tokens already cached (C).
struct RegimeGridSpec {
    std::size_t batchCells = 128;
    std::size_t contextCells = 128;
    std::int64_t minBatch = 1;
    std::int64_t maxBatch = 4096;
    std::int64_t minContext = 16;
    std::int64_t maxContext = 131071;  ///< e.g. the model's max_position_embeddings − 1
    bool operator==(const RegimeGridSpec&) const = default;
};

/// One cell: the plain decode step at that batch and context.
struct RegimeCell {
    double tpotSeconds = 0.0;            ///< decode().timeSeconds
    double decodeTokensPerSecond = 0.0;  ///< B / decode().timeSeconds
    Bound bound = Bound::Memory;         ///< decode().bound: the largest share of its time
    bool fits = false;                   ///< memory.fits: B ≤ the memory wall at this context
};

struct RegimeGrid {
    RegimeGridSpec spec;
    std::vector<std::int64_t> batches;   ///< logGrid(minBatch, maxBatch, batchCells)
    std::vector<std::int64_t> contexts;  ///< logGrid(minContext, maxContext, contextCells)
    /// Row by context: cells[j * batches.size() + i] is batch i at context j.
    std::vector<RegimeCell> cells;
    /// Per context: Analysis::memory.maxBatch there (the memory wall; 0 = nothing fits).
    std::vector<std::int64_t> memoryWall;
    /// Per context: Analysis::criticalBatch there (empty: never crosses).
    std::vector<std::optional<std::int64_t>> criticalBatch;
    /// Per batch: Analysis::goldilocksContextTokens there (empty: never reached).
    std::vector<std::optional<double>> goldilocksContext;
    /// Smallest and largest decode tokens/s over the cells (for shading).
    double minTokensPerSecond = 0.0;
    double maxTokensPerSecond = 0.0;

    const RegimeCell& at(std::size_t batchIndex, std::size_t contextIndex) const {
        return cells[contextIndex * batches.size() + batchIndex];
    }
    /// The cell under a pointer at (batch, context), clamped to the grid.
    std::size_t batchIndexAt(double batch) const;
    std::size_t contextIndexAt(double context) const;
};

/// Fills `grid` for `scenario` over `spec` (its vectors are reused, so a view that
/// recomputes on every slider step does not allocate). Speculative decoding plays no part
/// in the cells (they are the plain decode step), but a draft model's weights count in
/// `fits`, as in analyze(). Preconditions: analyze()'s for the scenario at every cell
/// (validate() passes with the scenario's batch and context replaced by any of the grid's);
/// 1 ≤ minBatch ≤ maxBatch, 1 ≤ minContext ≤ maxContext, at least one cell each way.
void computeRegimeGrid(const Scenario& scenario, const RegimeGridSpec& spec, RegimeGrid& grid);

}  // namespace roofline
