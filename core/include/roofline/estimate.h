// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file estimate.h
/// The estimate ceiling (DOMAIN.md §11): how fast a real serving stack will run, as opposed to
/// the bound it can never beat. It starts from the achievable-ceiling analysis (measured
/// matmul and HBM rates) and adds the costs a stack adds, each a named parameter of a
/// calibration profile (one per hardware and serving engine, presets/calibration/):
///
/// For every operator of a pass, run `count` times:
///
///     compute'  = compute time / (gemm(shape) · precision(w) · attention(L))
///     memory'   = memory time  / (precision(w) · attention(L) · kv(c))
///     time'     = max(count · kernel floor, compute', memory', link time)
///
/// and the pass's estimated time is Σ time' + repeats · step overhead, where
///
/// - gemm(shape), matmuls only: the GEMM of M rows (tokens) by N columns (outputs per device),
///   in G groups (experts), is cut into tiles of tm × tileColumns, where tm is tileRows, or
///   for fewer rows the smallest power of two ≥ M down to kMinTileRows (kernels pick a
///   shorter tile for a short GEMM); tiles = G · ⌈M / tm⌉ · ⌈N / tileColumns⌉ run in
///   ⌈tiles / S⌉ waves on the S compute units (SMs / CUs); efficiency = G·M·N / (waves · S ·
///   tm · tileColumns). A 128-token GEMM with 48 column tiles on 132 SMs runs one wave at
///   48/132 = 0.36.
/// - precision(w), matmuls only: the matmul kernel's efficiency at the weight precision
///   (weight-only int4/int8 dequantization, fp8 scaling), 1 = as fast as the rates.
/// - attention(L), attention operators only: efficiency × L / (L + halfLength), where L is the
///   tokens each new token attends (cached + new): short attention runs far below its roof.
/// - kv(c), attention operators only: the kernel's efficiency with a KV cache at precision c
///   (an fp8 cache dequantized in software).
///
/// The successive differences (gemm shape, precision, attention, kernel floor, step
/// overhead, in that order) are the estimate's terms: what each adds to the achievable
/// bound. The prediction interval is the estimate times exp(residual quantile) of the
/// profile's fit (log of measured / estimated), an 80% interval unless the profile says
/// otherwise. An estimate is never a bound, and the bound never carries an interval.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "roofline/fixed_list.h"
#include "roofline/precision.h"

namespace roofline {

struct Analysis;
struct Scenario;
struct Workload;
enum class PassKind : unsigned char;
enum class OperatorId : unsigned char;

/// Efficiency 1 at every precision: no cost added.
inline constexpr std::array<double, kPrecisionCount> kAllOnes = [] {
    std::array<double, kPrecisionCount> a{};
    for (double& x : a) {
        x = 1.0;
    }
    return a;
}();

/// One calibration profile: the parameters of the estimate for one hardware and one serving
/// engine, with where they come from.
struct CalibrationProfile {
    std::string id;             ///< "h100-sxm.vllm": the file's name without .json
    std::string hardware;       ///< the hardware preset id it applies to ("h100-sxm")
    std::string engine;         ///< "generic", "vllm", "sglang", "tensorrt-llm", ...
    std::string engineVersion;  ///< as fitted ("0.6.3"); may be empty for generic
    std::string date;           ///< ISO date of the fit or of the sources
    std::string description;    ///< one line for people
    /// Where each value comes from: citations, or "fitted on N records of FILE".
    std::vector<std::string> sources;

    /// Compute units the GEMM's tiles are spread over: SMs (NVIDIA), CUs (AMD).
    std::int64_t computeUnits = 132;
    std::int64_t tileRows = 128;     ///< output tile of the GEMM kernels, rows (tokens)
    std::int64_t tileColumns = 128;  ///< and columns (output features)

    double kernelFloorSeconds = 0.0;   ///< the least time any kernel launch takes
    double stepOverheadSeconds = 0.0;  ///< added once per forward pass: scheduling, sampling
    /// Matmul efficiency by weight precision (1 = at the achievable rates), index(p).
    std::array<double, kPrecisionCount> weightEfficiency = kAllOnes;
    /// Attention efficiency by KV-cache precision (1 = at the rates), index(p).
    std::array<double, kPrecisionCount> kvEfficiency = kAllOnes;
    double attentionEfficiency = 1.0;  ///< the attention kernel's efficiency at long lengths
    double attentionHalfLength = 0.0;  ///< L at which it reaches half of that; 0 = flat

    /// The fit, when the profile was fitted: how many records, which, and the residual
    /// quantiles of log(measured / estimated) that bound the prediction interval.
    std::size_t fittedRecords = 0;
    std::vector<std::string> fittedOn;
    double coverage = 0.8;       ///< the interval's nominal coverage (0.8: 10th–90th)
    double residualLow = -0.25;  ///< log ratio at the low quantile (≤ 0 typically)
    double residualHigh = 0.25;  ///< log ratio at the high quantile
    std::string loss;            ///< the fit's loss, "soft-l1 in log space, scale 0.1"

    bool operator==(const CalibrationProfile&) const = default;
};

/// The shortest GEMM tile: the row count of one tensor-core MMA (mma.m16n8k16 on NVIDIA
/// Ampere and later, 16 × 16 MFMA on AMD CDNA), below which rows are padding.
inline constexpr double kMinTileRows = 16.0;

/// The names of the fitted parameters, as profiles and `calibrate` call them.
inline constexpr const char* kStepOverheadParameter = "step_overhead_s";
inline constexpr const char* kKernelFloorParameter = "kernel_floor_s";

/// What each cost adds to one pass, seconds (successive differences; see the file comment).
struct EstimateTerms {
    double gemmShapeSeconds = 0.0;
    double precisionSeconds = 0.0;
    double attentionSeconds = 0.0;
    double kernelFloorSeconds = 0.0;
    double stepOverheadSeconds = 0.0;
    double total() const {
        return gemmShapeSeconds + precisionSeconds + attentionSeconds + kernelFloorSeconds +
               stepOverheadSeconds;
    }
};

/// One pass estimated.
struct PassEstimate {
    PassKind kind{};
    double boundSeconds = 0.0;    ///< the pass's time under achievable ceilings
    double seconds = 0.0;         ///< boundSeconds + terms.total()
    double flopsPerSecond = 0.0;  ///< the pass's FLOPs / seconds: the mark's y on the plot
    double lowSeconds = 0.0;      ///< the interval: seconds · exp(residualLow)
    double highSeconds = 0.0;     ///< seconds · exp(residualHigh)
    /// The interval as the plot's y: FLOPs / highSeconds (the slow end, lower) and FLOPs /
    /// lowSeconds; 0 when the pass has no time.
    double lowFlopsPerSecond = 0.0;
    double highFlopsPerSecond = 0.0;
    EstimateTerms terms;
};

/// At most this many passes are estimated: Analysis::passes' capacity (prefill, decode,
/// draft, verify).
inline constexpr std::size_t kMaxPassEstimates = 4;

/// The estimate of a scenario, beside (never instead of) its bound figures.
struct EstimateResult {
    /// The profile it was made with (shared, not copied: analyze() makes an estimate on
    /// every frame, and two strings of a profile's length cost a heap allocation each).
    std::shared_ptr<const CalibrationProfile> calibration;
    const std::string& profile() const;  ///< the profile's id ("" without one)
    const std::string& engine() const;   ///< its serving engine
    std::size_t fittedRecords = 0;       ///< 0: a profile of cited defaults, not fitted
    double coverage = 0.8;

    double ttftSeconds = 0.0;  ///< prefill estimate (+ the KV transfer when disaggregated)
    double tpotSeconds = 0.0;  ///< decode step estimate (speculative: (draft + verify) / τ)
    double decodeTokensPerSecond = 0.0;           ///< B / tpotSeconds
    std::array<double, 2> ttftIntervalSeconds{};  ///< [low, high]
    std::array<double, 2> tpotIntervalSeconds{};  ///< [low, high]
    /// Each pass of the analysis, in its order.
    FixedList<PassEstimate, kMaxPassEstimates> passes;

    /// The pass estimate of that kind, or nullptr.
    const PassEstimate* pass(PassKind kind) const {
        for (const PassEstimate& p : passes) {
            if (p.kind == kind) {
                return &p;
            }
        }
        return nullptr;
    }
};

/// The GEMM shape efficiency of the file comment: G·M·N / (waves · S · tm · tn), in (0, 1];
/// 1 for a shape it cannot judge (M or N not positive).
double gemmShapeEfficiency(double rows, double columns, double groups, const CalibrationProfile& p);

/// The precision of the weights a matmul reads (the precision(w) of the file comment): the
/// experts' and the tables' (lm_head, routers) where the workload stores them apart, else
/// the weight precision.
Precision matmulWeightPrecision(OperatorId id, const Workload& workload);

/// Estimates `analysis` (analyze() of `scenario` under achievable or estimate ceilings) with
/// `profile`. Precondition: validateProfile(profile) is empty.
EstimateResult estimate(const Analysis& analysis, const Scenario& scenario,
                        const CalibrationProfile& profile);
/// The same with a profile already shared (Scenario::calibration): no copy is made.
EstimateResult estimate(const Analysis& analysis, const Scenario& scenario,
                        std::shared_ptr<const CalibrationProfile> profile);

/// What is wrong with a profile's values, one message per problem naming the field
/// ("kernel_floor_s: expected seconds from 0 to 0.1, found -1"); empty when valid.
std::vector<std::string> validateProfile(const CalibrationProfile& profile);

}  // namespace roofline
