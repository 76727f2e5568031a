// SPDX-License-Identifier: GPL-3.0-or-later
// The batch sweep and the regime grid (roofline/sweep.h). The sweep is one analyze() per
// batch. The grid's cells run only the decode pass: the Context of the scenario is made
// once, as analyze() makes it, and each cell calls the same buildPass() analyze() calls for
// its decode step, so its numbers are analyze()'s to the bit.

#include "roofline/sweep.h"

#include <algorithm>
#include <cmath>

#include "passes.h"

namespace roofline {

namespace {

using detail::d;

// i / (count − 1): where cell i lies between the grid's ends, on a log scale.
double logFraction(std::size_t count, std::size_t i) {
    return count > 1 ? static_cast<double>(i) / static_cast<double>(count - 1) : 0.0;
}

void fillLogGrid(std::int64_t lo, std::int64_t hi, std::size_t count,
                 std::vector<std::int64_t>& out) {
    out.clear();
    const double logLo = std::log(d(lo));
    const double span = std::log(d(hi)) - logLo;
    for (std::size_t i = 0; i < count; ++i) {
        const double value = std::exp(logLo + span * logFraction(count, i));
        out.push_back(std::clamp(std::llround(value), static_cast<long long>(lo),
                                 static_cast<long long>(hi)));
    }
    if (count > 1) {
        out.front() = lo;  // exactly, whatever exp(log(lo)) rounds to
        out.back() = hi;
    }
}

}  // namespace

std::vector<std::int64_t> logGrid(std::int64_t lo, std::int64_t hi, std::size_t count) {
    std::vector<std::int64_t> grid;
    grid.reserve(count);
    fillLogGrid(lo, hi, count, grid);
    return grid;
}

std::size_t logGridIndex(std::int64_t lo, std::int64_t hi, std::size_t count, double value) {
    if (count <= 1 || hi <= lo || !(value > 0.0)) {
        return 0;
    }
    const double t = (std::log(value) - std::log(d(lo))) / (std::log(d(hi)) - std::log(d(lo)));
    const double index = std::round(t * static_cast<double>(count - 1));
    return static_cast<std::size_t>(std::clamp(index, 0.0, static_cast<double>(count - 1)));
}

std::size_t RegimeGrid::batchIndexAt(double batch) const {
    return logGridIndex(spec.minBatch, spec.maxBatch, batches.size(), batch);
}

std::size_t RegimeGrid::contextIndexAt(double context) const {
    return logGridIndex(spec.minContext, spec.maxContext, contexts.size(), context);
}

BatchSweep batchSweep(const Scenario& scenario, std::int64_t maxBatch, std::size_t count) {
    BatchSweep sweep;
    maxBatch = std::max<std::int64_t>(maxBatch, 1);
    Scenario s = scenario;
    // The critical batch and the memory wall depend on the context, not on B.
    const Analysis here = analyze(s);
    sweep.speculative = here.speculative.has_value();
    sweep.criticalBatch = here.criticalBatch;
    sweep.memoryWallBatch = here.memory.maxBatch;

    std::vector<std::int64_t> batches = logGrid(1, maxBatch, std::max<std::size_t>(count, 2));
    for (const std::int64_t mark : {sweep.criticalBatch.value_or(0), sweep.memoryWallBatch}) {
        if (mark >= 1 && mark <= maxBatch) {
            batches.push_back(mark);
        }
    }
    std::sort(batches.begin(), batches.end());
    batches.erase(std::unique(batches.begin(), batches.end()), batches.end());
    sweep.points.reserve(batches.size());
    for (const std::int64_t b : batches) {
        s.workload.batch = b;
        const Analysis a = analyze(s);
        const PassCost& decode = a.decode();
        sweep.points.push_back({.batch = b,
                                .tpotSeconds = a.tpotSeconds,
                                .decodeTokensPerSecond = a.decodeTokensPerSecond,
                                .plainTpotSeconds = decode.timeSeconds,
                                .plainTokensPerSecond = d(b) / decode.timeSeconds,
                                .bound = decode.bound,
                                .fits = a.memory.fits});
    }
    return sweep;
}

void computeRegimeGrid(const Scenario& scenario, const RegimeGridSpec& spec, RegimeGrid& grid) {
    grid.spec = spec;
    fillLogGrid(spec.minBatch, spec.maxBatch, spec.batchCells, grid.batches);
    fillLogGrid(spec.minContext, spec.maxContext, spec.contextCells, grid.contexts);
    const std::size_t nb = grid.batches.size();
    const std::size_t nc = grid.contexts.size();
    grid.cells.resize(nb * nc);
    grid.memoryWall.resize(nc);
    grid.criticalBatch.resize(nc);
    grid.goldilocksContext.resize(nb);
    grid.minTokensPerSecond = 0.0;
    grid.maxTokensPerSecond = 0.0;
    if (nb == 0 || nc == 0) {
        return;
    }

    Scenario s = scenario;
    // Per context: the memory wall and the critical batch, which do not depend on B
    // (analysed at B = 1). Per batch: the Goldilocks context, which does not depend on C.
    s.workload.batch = 1;
    Analysis roofs;
    for (std::size_t j = 0; j < nc; ++j) {
        s.workload.contextTokens = grid.contexts[j];
        roofs = analyze(s);
        grid.memoryWall[j] = roofs.memory.maxBatch;
        grid.criticalBatch[j] = roofs.criticalBatch;
    }
    s.workload.contextTokens = scenario.workload.contextTokens;
    for (std::size_t i = 0; i < nb; ++i) {
        if (i > 0 && grid.batches[i] == grid.batches[i - 1]) {
            grid.goldilocksContext[i] = grid.goldilocksContext[i - 1];
            continue;
        }
        s.workload.batch = grid.batches[i];
        grid.goldilocksContext[i] = analyze(s).goldilocksContextTokens;
    }

    // The decode step's Context, as analyze() makes it: the roofs (precision fallback,
    // ceilings) and the link collectives run on. `roofs` holds them (they depend on
    // neither B nor C).
    const Hardware& hw = scenario.hardware;
    const Workload& wl = scenario.workload;
    const Model model = effectiveModel(scenario.model, wl);
    const double linkBandwidth = wl.tensorParallel > 1 ? roofs.interconnectBandwidthBytesPerSecond
                                                       : hw.interconnectBandwidthBytesPerSecond;
    const double linkLatency =
        roofs.beyondScaleUpDomain ? hw.scaleOutLatencySeconds : hw.collectiveLatencySeconds;
    const detail::Context x = detail::makeContext(model, wl, roofs, linkBandwidth, linkLatency);

    Analysis::Operators ops;
    detail::PassTotals decode;
    double lo = HUGE_VAL, hi = 0.0;
    for (std::size_t j = 0; j < nc; ++j) {
        const double C = d(grid.contexts[j]);
        RegimeCell* row = &grid.cells[j * nb];
        for (std::size_t i = 0; i < nb; ++i) {
            if (i > 0 && grid.batches[i] == grid.batches[i - 1]) {
                row[i] = row[i - 1];
                continue;
            }
            const double B = d(grid.batches[i]);
            ops.clear();
            detail::buildPass(x, wl, PassKind::Decode, B, 1.0, C, B, 1.0, ops, decode);
            const PassCost& step = decode.cost;
            const double tokens = B / step.timeSeconds;
            row[i] = {.tpotSeconds = step.timeSeconds,
                      .decodeTokensPerSecond = tokens,
                      .bound = step.bound,
                      .fits = grid.batches[i] <= grid.memoryWall[j]};
            lo = std::min(lo, tokens);
            hi = std::max(hi, tokens);
        }
    }
    grid.minTokensPerSecond = lo;
    grid.maxTokensPerSecond = hi;
}

}  // namespace roofline
