// SPDX-License-Identifier: GPL-3.0-or-later
// The estimate ceiling (estimate.h, DOMAIN.md §11): the achievable-ceiling analysis plus the
// costs a serving stack adds, from a calibration profile.

#include "roofline/estimate.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <string>

#include "roofline/analysis.h"
#include "roofline/format.h"
#include "roofline/scenario.h"

namespace roofline {

namespace {

// ⌈x⌉ for 0 ≤ x < 2^63 without a call into libm (x86-64's baseline has no rounding
// instruction, and std::ceil was most of the tile arithmetic's time).
double wholeUp(double x) {
    const double t = static_cast<double>(static_cast<std::int64_t>(x));
    return t < x ? t + 1.0 : t;
}

// ⌈x / d⌉ for 0 ≤ x, 0 < d, without a division: x times the reciprocal `inverse` (1 / d,
// computed once a profile), then corrected to the least c with c·d ≥ x. The product is within
// an ulp of x / d, so the first guess is off by at most one either way; the corrections are
// exact while c·d < 2^53 (every real GEMM). A division's latency (13–20 cycles, three of them
// chained per GEMM) was most of the estimate's time in analyze().
double ceilDivision(double x, double d, double inverse) {
    double c = wholeUp(x * inverse);
    if (c * d < x) {
        c += 1.0;
    } else if (c >= 1.0 && (c - 1.0) * d >= x) {
        c -= 1.0;
    }
    return c;
}

// What gemmSlowdown needs of a profile, computed once per estimate.
struct GemmTiles {
    double tileRows = 0.0, tileColumns = 0.0, units = 0.0;
    double inverseTileRows = 0.0, inverseTileColumns = 0.0, inverseUnits = 0.0;
    bool valid = false;
    explicit GemmTiles(const CalibrationProfile& p)
        : tileRows(static_cast<double>(p.tileRows)),
          tileColumns(static_cast<double>(p.tileColumns)),
          units(static_cast<double>(p.computeUnits)),
          valid(p.computeUnits > 0 && p.tileRows > 0 && p.tileColumns > 0) {
        if (valid) {
            inverseTileRows = 1.0 / tileRows;
            inverseTileColumns = 1.0 / tileColumns;
            inverseUnits = 1.0 / units;
        }
    }
};

// 1 / gemmShapeEfficiency (estimate.h): the factor a GEMM's compute time grows by, ≥ 1.
double gemmSlowdown(double rows, double columns, double groups, const GemmTiles& t) {
    constexpr double kLargest = 9.0e18;  // beyond it (never a real GEMM) nothing is judged
    if (!(rows > 0.0 && rows < kLargest) || !(columns > 0.0 && columns < kLargest) ||
        !(groups > 0.0 && groups < kLargest) || !t.valid) {
        return 1.0;
    }
    // A GEMM of few rows runs a shorter tile: the smallest power of two that holds them, down
    // to the tensor cores' MMA height (kMinTileRows), up to the profile's tile. Decode at
    // B = 8 pays for 16 rows, not 128. Rows are an average over the groups (experts): a
    // fraction of a row still takes a tile.
    double tm = t.tileRows;
    double rowTiles = 0.0;
    const auto shortTile = rows >= t.tileRows
                               ? std::uint64_t{0}
                               : std::max(static_cast<std::uint64_t>(kMinTileRows),
                                          std::bit_ceil(static_cast<std::uint64_t>(wholeUp(rows))));
    if (shortTile != 0 && static_cast<double>(shortTile) < t.tileRows) {
        // A power of two 2^k: its reciprocal 2^−k is exact, built from the exponent bits.
        tm = static_cast<double>(shortTile);
        const auto k = static_cast<std::uint64_t>(std::countr_zero(shortTile));
        rowTiles = wholeUp(rows * std::bit_cast<double>((std::uint64_t{1023} - k) << 52));
    } else {
        rowTiles = ceilDivision(rows, tm, t.inverseTileRows);
    }
    const double tiles =
        wholeUp(groups) * rowTiles * ceilDivision(columns, t.tileColumns, t.inverseTileColumns);
    const double waves = ceilDivision(tiles, t.units, t.inverseUnits);
    return std::max(1.0, waves * t.units * tm * t.tileColumns / (groups * rows * columns));
}

// The partial sums of one pass's operator times: each stage applies one more cost to the
// achievable-ceiling times (bound → GEMM shape → precision → attention → MoE → kernel floor),
// and the successive differences are the estimate's terms; then the counts the per-kernel
// and per-collective latencies multiply.
struct Stages {
    double bound = 0.0, shape = 0.0, precision = 0.0, attention = 0.0, moe = 0.0, floor = 0.0;
    double kernels = 0.0, collectives = 0.0;
};

double max3(double a, double b, double c) { return std::max(std::max(a, b), c); }

// One walk over the operators, every pass at once (analyze() runs it on every frame under
// the estimate): the factors that do not depend on the operator are computed once, and each
// operator pays what its kernel class (operators.h) says.
void sumStages(const Analysis& a, const Workload& wl, const CalibrationProfile& p,
               std::array<Stages, kMaxPassEstimates>& sums) {
    constexpr std::size_t kKinds = static_cast<std::size_t>(PassKind::Forward) + 1;
    static_assert(kMaxPassEstimates == kMaxPasses, "an estimate per pass of the analysis");
    std::array<std::size_t, kKinds> slot{};
    slot.fill(kMaxPassEstimates);
    // 1 / the attention kernel's efficiency in each pass, at that pass's length.
    std::array<double, kMaxPassEstimates> attention{};
    const double kv = p.kvEfficiency[index(wl.kvPrecision)];
    for (std::size_t i = 0; i < a.passes.size() && i < kMaxPassEstimates; ++i) {
        const PassCost& pass = a.passes[i];
        slot[static_cast<std::size_t>(pass.kind)] = i;
        const double length = pass.cachedTokens + pass.newTokens;
        const double half = p.attentionHalfLength;
        attention[i] =
            1.0 / (p.attentionEfficiency * (half > 0.0 ? length / (length + half) : 1.0) * kv);
    }
    const GemmTiles tiles(p);
    const double dense = 1.0 / p.weightEfficiency[index(wl.weightPrecision)];
    const double experts =
        1.0 / p.weightEfficiency[index(wl.expertWeightPrecision.value_or(wl.weightPrecision))];
    const double tables =
        1.0 / p.weightEfficiency[index(wl.embeddingWeightPrecision.value_or(wl.weightPrecision))];
    for (const OperatorCost& op : a.operators) {
        const std::size_t i = slot[static_cast<std::size_t>(op.pass)];
        if (i >= kMaxPassEstimates) {
            continue;
        }
        const double c = op.computeTimeSeconds, m = op.memoryTimeSeconds, l = op.linkTimeSeconds;
        const double bound = max3(c, m, l);
        double shape = bound, precision = bound, attended = bound, routed = bound;
        const KernelClass k = op.kernel;
        if (k == KernelClass::Gemm || k == KernelClass::ExpertGemm || k == KernelClass::TableGemm) {
            const double g = gemmSlowdown(op.gemmRows, op.gemmColumns, op.gemmGroups, tiles);
            const double w = k == KernelClass::ExpertGemm  ? experts
                             : k == KernelClass::TableGemm ? tables
                                                           : dense;
            shape = max3(c * g, m, l);
            precision = max3(c * g * w, m * w, l);
            attended = precision;
            routed = precision;
            if (k == KernelClass::ExpertGemm && p.moeHalfTokens > 0.0 && op.gemmRows > 0.0) {
                // m / (m + h): the grouped GEMM's memory rate at m tokens per expert.
                const double slow = (op.gemmRows + p.moeHalfTokens) / op.gemmRows;
                routed = max3(c * g * w, m * w * slow, l);
            }
        } else if (k == KernelClass::Attention) {
            attended = max3(c * attention[i], m * attention[i], l);
            routed = attended;
        }
        Stages& s = sums[i];
        s.bound += bound;
        s.shape += shape;
        s.precision += precision;
        s.attention += attended;
        s.moe += routed;
        s.floor += std::max(routed, op.count * p.kernelFloorSeconds);
        if (k == KernelClass::Collective) {
            s.collectives += op.count;
        } else {
            s.kernels += op.count;
        }
    }
}

// The interval as factors on the time, exp(low) and exp(high), computed once an interval:
// std::exp is the costliest call of the estimate.
struct Factors {
    double low = 1.0, high = 1.0;
    explicit Factors(const ResidualInterval& i) : low(std::exp(i.low)), high(std::exp(i.high)) {}
};

PassEstimate passEstimate(const PassCost& pass, const Stages& sum, const CalibrationProfile& p,
                          const Factors& interval) {
    PassEstimate e;
    e.kind = pass.kind;
    e.boundSeconds = pass.timeSeconds;
    e.kernels = sum.kernels;
    e.collectives = sum.collectives;
    e.terms.gemmShapeSeconds = sum.shape - sum.bound;
    e.terms.precisionSeconds = sum.precision - sum.shape;
    e.terms.attentionSeconds = sum.attention - sum.precision;
    e.terms.moeSeconds = sum.moe - sum.attention;
    e.terms.kernelFloorSeconds = sum.floor - sum.moe;
    e.terms.launchSeconds = sum.kernels * p.launchSeconds;
    e.terms.collectiveSeconds = sum.collectives * p.collectiveLatencySeconds;
    e.terms.stepOverheadSeconds = pass.repeats * p.stepOverheadSeconds;
    e.seconds = e.boundSeconds + e.terms.total();
    e.flopsPerSecond = e.seconds > 0.0 ? pass.flops / e.seconds : 0.0;
    e.lowSeconds = e.seconds * interval.low;
    e.highSeconds = e.seconds * interval.high;
    // A longer time is a lower FLOP/s: the interval's high end in time is its low end in y.
    e.lowFlopsPerSecond = e.highSeconds > 0.0 ? pass.flops / e.highSeconds : 0.0;
    e.highFlopsPerSecond = e.lowSeconds > 0.0 ? pass.flops / e.lowSeconds : 0.0;
    return e;
}

void check(std::vector<std::string>& out, const char* field, double value, double low, double high,
           const char* what) {
    if (!(value >= low && value <= high)) {
        out.push_back(std::string(field) + ": expected " + what + " from " + generalText(low, 4) +
                      " to " + generalText(high, 4) + ", found " + generalText(value, 4));
    }
}

}  // namespace

Precision matmulWeightPrecision(OperatorId id, const Workload& workload) {
    // Experts and tables may be stored apart.
    switch (kernelClass(id)) {
        case KernelClass::ExpertGemm:
            return workload.expertWeightPrecision.value_or(workload.weightPrecision);
        case KernelClass::TableGemm:
            return workload.embeddingWeightPrecision.value_or(workload.weightPrecision);
        default:
            return workload.weightPrecision;
    }
}

double gemmShapeEfficiency(double rows, double columns, double groups,
                           const CalibrationProfile& p) {
    return 1.0 / gemmSlowdown(rows, columns, groups, GemmTiles(p));
}

const std::string& EstimateResult::profile() const {
    static const std::string kNone;
    return calibration != nullptr ? calibration->id : kNone;
}

const std::string& EstimateResult::engine() const {
    static const std::string kNone;
    return calibration != nullptr ? calibration->engine : kNone;
}

EstimateResult estimate(const Analysis& analysis, const Scenario& scenario,
                        const CalibrationProfile& profile) {
    return estimate(analysis, scenario, std::make_shared<const CalibrationProfile>(profile));
}

EstimateResult estimate(const Analysis& analysis, const Scenario& scenario,
                        std::shared_ptr<const CalibrationProfile> shared) {
    const Workload& wl = scenario.workload;
    const CalibrationProfile& profile = *shared;
    EstimateResult r;
    r.calibration = std::move(shared);
    r.fittedRecords = profile.fittedRecords;
    r.coverage = profile.coverage;
    r.extrapolation = extrapolationOf(profile, analysis, scenario);
    if (r.extrapolation != 0) {
        r.checked = {wl.tensorParallel, modelKinds(scenario.model, analysis.stateBytesPerSequence),
                     wl.weightPrecision, scenario.engineVersion};
    }
    std::array<Stages, kMaxPassEstimates> sums{};
    sumStages(analysis, wl, profile, sums);
    const bool moe = scenario.model.moe.enabled();
    const bool multi = wl.tensorParallel > 1;
    // A profile without TTFT records extrapolates the prefill only, and one without decode
    // records the decode only.
    const Factors decodeInterval(intervalOf(profile, intervalRegime(false, moe, multi),
                                            (r.extrapolation & ~kTtftMetric) != 0));
    const Factors prefillInterval(intervalOf(profile, intervalRegime(true, moe, multi),
                                             (r.extrapolation & ~kDecodeMetric) != 0));
    for (std::size_t i = 0; i < analysis.passes.size() && i < kMaxPassEstimates; ++i) {
        const PassCost& pass = analysis.passes[i];
        r.passes.push_back(
            passEstimate(pass, sums[i], profile,
                         pass.kind == PassKind::Prefill ? prefillInterval : decodeInterval));
    }
    if (!analysis.hasDecode()) {
        return r;  // encoders and CNNs: the one pass's estimate, no tokens
    }
    const PassEstimate& prefill = r.passes[0];
    const double transfer =
        analysis.disaggregation ? analysis.disaggregation->kvTransferSeconds : 0.0;
    r.apiSeconds = profile.apiSeconds;
    r.ttftSeconds = prefill.seconds + transfer + r.apiSeconds;
    const PassEstimate& decode = r.passes[1];
    double step = decode.seconds;
    double perStepTokens = 1.0;
    if (analysis.speculative) {
        const PassEstimate* draft = r.pass(PassKind::Draft);
        const PassEstimate* verify = r.pass(PassKind::Verify);
        step =
            (draft != nullptr ? draft->seconds : 0.0) + (verify != nullptr ? verify->seconds : 0.0);
        perStepTokens = analysis.speculative->tokensPerStep;
    }
    r.tpotSeconds = step / perStepTokens;
    r.decodeTokensPerSecond = static_cast<double>(wl.batch) / r.tpotSeconds;
    r.ttftIntervalSeconds = {r.ttftSeconds * prefillInterval.low,
                             r.ttftSeconds * prefillInterval.high};
    r.tpotIntervalSeconds = {r.tpotSeconds * decodeInterval.low,
                             r.tpotSeconds * decodeInterval.high};
    return r;
}

std::vector<std::string> validateProfile(const CalibrationProfile& p) {
    std::vector<std::string> out;
    const auto integer = [&](const char* field, std::int64_t v, std::int64_t high) {
        if (v < 1 || v > high) {
            out.push_back(std::string(field) + ": expected an integer from 1 to " +
                          std::to_string(high) + ", found " + std::to_string(v));
        }
    };
    integer("gemm/compute_units", p.computeUnits, 1'000'000);
    integer("gemm/tile_rows", p.tileRows, 4096);
    integer("gemm/tile_columns", p.tileColumns, 4096);
    check(out, kKernelFloorParameter, p.kernelFloorSeconds, 0.0, 0.1, "seconds");
    check(out, kStepOverheadParameter, p.stepOverheadSeconds, 0.0, 10.0, "seconds");
    check(out, kLaunchParameter, p.launchSeconds, 0.0, 0.01, "seconds");
    check(out, kCollectiveLatencyParameter, p.collectiveLatencySeconds, 0.0, 0.1, "seconds");
    check(out, kMoeHalfTokensParameter, p.moeHalfTokens, 0.0, 1e6, "tokens");
    check(out, kApiParameter, p.apiSeconds, 0.0, 100.0, "seconds");
    // Efficiencies are at most 1: the estimate adds what a stack loses to the achievable
    // bound, so no profile, a user's included, may make a kernel faster than that bound.
    for (Precision q : kAllPrecisions) {
        const std::string name(toString(q));
        const std::string w = "weight_efficiency/" + name, kv = "kv_efficiency/" + name;
        check(out, w.c_str(), p.weightEfficiency[index(q)], 0.01, 1.0, "a factor");
        check(out, kv.c_str(), p.kvEfficiency[index(q)], 0.01, 1.0, "a factor");
    }
    check(out, "attention/efficiency", p.attentionEfficiency, 0.01, 1.0, "a factor");
    check(out, "attention/half_length", p.attentionHalfLength, 0.0, 1e7, "tokens");
    check(out, "fit/coverage", p.coverage, 0.01, 0.99, "a fraction");
    check(out, "fit/residual_low", p.residualLow, -5.0, 5.0, "a log ratio");
    check(out, "fit/residual_high", p.residualHigh, -5.0, 5.0, "a log ratio");
    if (p.residualLow > p.residualHigh) {
        out.push_back("fit/residual_low: expected at most residual_high (" +
                      formatNumber(p.residualHigh) + "), found " + formatNumber(p.residualLow));
    }
    const auto interval = [&](const std::string& field, const ResidualInterval& i) {
        if (i.records == 0) {
            return;
        }
        check(out, (field + "/low").c_str(), i.low, -5.0, 5.0, "a log ratio");
        check(out, (field + "/high").c_str(), i.high, -5.0, 5.0, "a log ratio");
        if (i.low > i.high) {
            out.push_back(field + "/low: expected at most high (" + formatNumber(i.high) +
                          "), found " + formatNumber(i.low));
        }
    };
    for (std::size_t k = 0; k < kIntervalRegimes; ++k) {
        interval("interval/" + std::string(intervalRegimeName(k)), p.intervals[k]);
    }
    interval("interval/extrapolated", p.extrapolated);
    return out;
}

}  // namespace roofline
