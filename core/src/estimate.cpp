// SPDX-License-Identifier: GPL-3.0-or-later
// The estimate ceiling (estimate.h, DOMAIN.md §11): the achievable-ceiling analysis plus the
// costs a serving stack adds, from a calibration profile.

#include "roofline/estimate.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "roofline/analysis.h"
#include "roofline/format.h"
#include "roofline/scenario.h"

namespace roofline {

namespace {

double ceilDiv(double a, double b) { return std::ceil(a / b); }

// What one operator takes under the profile, with the partial times that give the terms:
// each stage applies one more cost to the achievable-ceiling times.
struct OperatorStages {
    double bound = 0.0, shape = 0.0, precision = 0.0, attention = 0.0, floor = 0.0;
};

OperatorStages stages(const OperatorCost& op, const PassCost& pass, const Workload& wl,
                      const CalibrationProfile& p) {
    const double compute = op.computeTimeSeconds;
    const double memory = op.memoryTimeSeconds;
    const double link = op.linkTimeSeconds;
    double gemm = 1.0, precision = 1.0, attention = 1.0;
    if (op.kind == OperatorKind::Matmul) {
        gemm = gemmShapeEfficiency(op.gemmRows, op.gemmColumns, op.gemmGroups, p);
        precision = p.weightEfficiency[index(matmulWeightPrecision(op.id, wl))];
    } else if (op.kind == OperatorKind::Attention) {
        const double length = pass.cachedTokens + pass.newTokens;
        const double half = p.attentionHalfLength;
        attention = p.attentionEfficiency * (half > 0.0 ? length / (length + half) : 1.0) *
                    p.kvEfficiency[index(wl.kvPrecision)];
    }
    OperatorStages s;
    s.bound = std::max({compute, memory, link});
    s.shape = std::max({compute / gemm, memory, link});
    s.precision = std::max({compute / (gemm * precision), memory / precision, link});
    s.attention = std::max(
        {compute / (gemm * precision * attention), memory / (precision * attention), link});
    s.floor = std::max(s.attention, op.count * p.kernelFloorSeconds);
    return s;
}

PassEstimate estimatePass(const Analysis& a, const PassCost& pass, const Workload& wl,
                          const CalibrationProfile& p) {
    OperatorStages sum;
    for (const OperatorCost& op : a.operators) {
        if (op.pass != pass.kind) {
            continue;
        }
        const OperatorStages s = stages(op, pass, wl, p);
        sum.bound += s.bound;
        sum.shape += s.shape;
        sum.precision += s.precision;
        sum.attention += s.attention;
        sum.floor += s.floor;
    }
    PassEstimate e;
    e.kind = pass.kind;
    e.boundSeconds = pass.timeSeconds;
    e.terms.gemmShapeSeconds = sum.shape - sum.bound;
    e.terms.precisionSeconds = sum.precision - sum.shape;
    e.terms.attentionSeconds = sum.attention - sum.precision;
    e.terms.kernelFloorSeconds = sum.floor - sum.attention;
    e.terms.stepOverheadSeconds = pass.repeats * p.stepOverheadSeconds;
    e.seconds = e.boundSeconds + e.terms.total();
    e.flopsPerSecond = e.seconds > 0.0 ? pass.flops / e.seconds : 0.0;
    e.lowSeconds = e.seconds * std::exp(p.residualLow);
    e.highSeconds = e.seconds * std::exp(p.residualHigh);
    return e;
}

void check(std::vector<std::string>& out, const char* field, double value, double low,
           double high, const char* what) {
    if (!(value >= low && value <= high)) {
        out.push_back(std::string(field) + ": expected " + what + " from " + generalText(low, 4) +
                      " to " + generalText(high, 4) + ", found " + generalText(value, 4));
    }
}

}  // namespace

Precision matmulWeightPrecision(OperatorId id, const Workload& workload) {
    // Experts and tables may be stored apart.
    switch (id) {
        case OperatorId::MoeUp:
        case OperatorId::MoeDown:
            return workload.expertWeightPrecision.value_or(workload.weightPrecision);
        case OperatorId::LmHead:
        case OperatorId::MoeRouter:
            return workload.embeddingWeightPrecision.value_or(workload.weightPrecision);
        default:
            return workload.weightPrecision;
    }
}

double gemmShapeEfficiency(double rows, double columns, double groups,
                           const CalibrationProfile& p) {
    if (!(rows > 0.0) || !(columns > 0.0) || !(groups > 0.0) || p.computeUnits <= 0 ||
        p.tileRows <= 0 || p.tileColumns <= 0) {
        return 1.0;
    }
    // A GEMM of few rows runs a shorter tile: the smallest power of two that holds them, down
    // to the tensor cores' MMA height (kMinTileRows), up to the profile's tile. Decode at
    // B = 8 pays for 16 rows, not 128.
    const double tm = std::min(static_cast<double>(p.tileRows),
                               std::max(kMinTileRows, std::exp2(std::ceil(std::log2(rows)))));
    const double tn = static_cast<double>(p.tileColumns);
    const double units = static_cast<double>(p.computeUnits);
    // Rows are an average over the groups (experts): a fraction of a row still takes a tile.
    const double tiles = std::ceil(groups) * ceilDiv(rows, tm) * ceilDiv(columns, tn);
    const double waves = ceilDiv(tiles, units);
    return std::min(1.0, groups * rows * columns / (waves * units * tm * tn));
}

EstimateResult estimate(const Analysis& analysis, const Scenario& scenario,
                        const CalibrationProfile& profile) {
    const Workload& wl = scenario.workload;
    EstimateResult r;
    r.profile = profile.id;
    r.engine = profile.engine;
    r.fittedRecords = profile.fittedRecords;
    r.coverage = profile.coverage;
    for (const PassCost& pass : analysis.passes) {
        r.passes.push_back(estimatePass(analysis, pass, wl, profile));
    }
    if (!analysis.hasDecode()) {
        return r;  // encoders and CNNs: the one pass's estimate, no tokens
    }
    const PassEstimate& prefill = r.passes[0];
    const double transfer =
        analysis.disaggregation ? analysis.disaggregation->kvTransferSeconds : 0.0;
    r.ttftSeconds = prefill.seconds + transfer;
    const PassEstimate& decode = r.passes[1];
    double step = decode.seconds;
    double perStepTokens = 1.0;
    if (analysis.speculative) {
        const PassEstimate* draft = r.pass(PassKind::Draft);
        const PassEstimate* verify = r.pass(PassKind::Verify);
        step = (draft != nullptr ? draft->seconds : 0.0) +
               (verify != nullptr ? verify->seconds : 0.0);
        perStepTokens = analysis.speculative->tokensPerStep;
    }
    r.tpotSeconds = step / perStepTokens;
    r.decodeTokensPerSecond = static_cast<double>(wl.batch) / r.tpotSeconds;
    const double low = std::exp(profile.residualLow), high = std::exp(profile.residualHigh);
    r.ttftIntervalSeconds = {r.ttftSeconds * low, r.ttftSeconds * high};
    r.tpotIntervalSeconds = {r.tpotSeconds * low, r.tpotSeconds * high};
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
    for (Precision q : kAllPrecisions) {
        const std::string name(toString(q));
        const std::string w = "weight_efficiency/" + name, kv = "kv_efficiency/" + name;
        check(out, w.c_str(), p.weightEfficiency[index(q)], 0.01, 2.0, "a factor");
        check(out, kv.c_str(), p.kvEfficiency[index(q)], 0.01, 2.0, "a factor");
    }
    check(out, "attention/efficiency", p.attentionEfficiency, 0.01, 2.0, "a factor");
    check(out, "attention/half_length", p.attentionHalfLength, 0.0, 1e7, "tokens");
    check(out, "fit/coverage", p.coverage, 0.01, 0.99, "a fraction");
    check(out, "fit/residual_low", p.residualLow, -5.0, 5.0, "a log ratio");
    check(out, "fit/residual_high", p.residualHigh, -5.0, 5.0, "a log ratio");
    if (p.residualLow > p.residualHigh) {
        out.push_back("fit/residual_low: expected at most residual_high (" +
                      formatNumber(p.residualHigh) + "), found " + formatNumber(p.residualLow));
    }
    return out;
}

}  // namespace roofline
