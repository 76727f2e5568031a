// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file calibrate.h
/// Fitting a calibration profile (estimate.h) from measured results (DOMAIN.md §11: "a
/// user can fit one from their own measured results"). No I/O: records in, profile out.
///
/// The model value of a record is its scenario analysed under the estimate ceiling with the
/// candidate profile, read as the record's metric (estimatedValue below). The analysis does
/// not depend on the profile (analyze() only adds estimate() of it), so each record is
/// analysed once and re-estimated for every candidate.
///
/// The residual of a record is r = ln(measured time / estimated time) of its measured unit:
/// ln(measured) − ln(estimated) for the times (tpot_ms, ttft_ms, e2e_ms), the opposite sign
/// for the rates (tokens/s, whose time is B / rate or B·O / rate). So r > 0 means the stack
/// ran slower than estimated, and the profile's residual quantiles, applied to seconds
/// (estimate.h), bound every metric.
///
/// Loss: soft-L1 in log space, Σ ρ(r) with ρ(r) = 2·s²·(√(1 + (r/s)²) − 1): r² for |r| ≪ s,
/// 2·s·|r| for |r| ≫ s, so a few wrong records (a ×3 outlier, r = ln 3 = 1.1 = 11·s at
/// s = 0.1) pull the fit as |r|, not r². Minimised by Eigen's Levenberg–Marquardt (the
/// MINPACK port in unsupported/Eigen/LevenbergMarquardt) on the residuals
/// f = r·√(2 / (1 + √(1 + (r/s)²))), whose squares are ρ(r), with a central-difference
/// Jacobian, over transformed parameters: each value v lives in an open range (lo, hi) inside
/// validateProfile's, as ln v = ln lo + (ln hi − ln lo)·σ(θ), θ unbounded. Deterministic: no
/// randomness, fixed iteration caps (one iteration, one Jacobian).
///
/// Identifiability is checked at the solution on the elasticities ∂r/∂ln v: a parameter no
/// record is sensitive to, or a set of parameters whose columns are (nearly) linearly
/// dependent (they act alike on these records), is refused with a message naming them.
///
/// The prediction interval is honest for new data: residual_low/high are the (1 − c)/2 and
/// (1 + c)/2 quantiles (linear interpolation) of the LEAVE-ONE-OUT residuals, each record
/// predicted by a refit without it (warm-started at the full fit, at most
/// kLeaveOneOutIterations iterations). Where the records name two sources or more
/// (CalibrationRecord::source), a record is predicted by the refit without its whole source
/// instead: records of one source share its errors (one lab, one software version, one
/// method), and new data comes from a source the fit has not seen. A parameter that only the
/// left-out source exercises stays at the full fit's value in that refit. With fewer than
/// kMinRecordsForQuantiles records the interval is ± the largest |leave-one-out residual|,
/// and a note says so.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/estimate.h"
#include "roofline/measured.h"
#include "roofline/scenario.h"

namespace roofline {

/// The names of the parameters a fit can free or fix, beside kStepOverheadParameter and
/// kKernelFloorParameter (estimate.h): "attention_efficiency", "attention_half_length", and
/// "weight_efficiency/<precision>", "kv_efficiency/<precision>" for a storage precision
/// ("weight_efficiency/fp8"). "attention/efficiency" and "attention/half_length", as
/// validateProfile names them, are read as the first two.
inline constexpr const char* kAttentionEfficiencyParameter = "attention_efficiency";
inline constexpr const char* kAttentionHalfLengthParameter = "attention_half_length";
inline constexpr const char* kWeightEfficiencyPrefix = "weight_efficiency/";
inline constexpr const char* kKvEfficiencyPrefix = "kv_efficiency/";

/// The value of the parameter `name` in `profile`; nullopt for a name that is none.
std::optional<double> profileParameter(const CalibrationProfile& profile, std::string_view name);
/// Sets the parameter `name` of `profile` to `value` (unchecked: validateProfile checks the
/// range); false, and nothing changed, for a name that is none.
bool setProfileParameter(CalibrationProfile& profile, std::string_view name, double value);
/// "step_overhead_s, kernel_floor_s, attention_efficiency, attention_half_length,
/// weight_efficiency/<precision> or kv_efficiency/<precision>": the expected of messages.
std::string profileParameterNames();

/// One measured result to fit on.
struct CalibrationRecord {
    std::string id;  ///< names the record in messages and the profile's fitted_on
    /// What was measured. Precondition of fitProfile: valid (validate() reports no error)
    /// under any ceilings; the fit analyses it under Ceilings::Estimate itself. A decoder
    /// LLM (the metrics are tokens).
    Scenario scenario;
    MeasuredMetric metric = MeasuredMetric::TpotMs;
    double value = 0.0;  ///< in the metric's unit (measured.h); positive and finite
    /// O, the output tokens of each request: what e2e_ms and request_output_tokens_per_s
    /// count (the other metrics do not read it).
    std::int64_t outputTokens = 1;
    /// Where it was published or measured: records with the same non-empty source are left
    /// out together for the interval (see the file comment). Empty: a source of its own.
    std::string source;
};

/// The estimate's value of `metric`, in its unit: modelValue (measured.h) of the estimate's
/// TTFT and TPOT, for the scenario's B sequences of `outputTokens` each, on the serving
/// devices (D, plus the prefill pool's D_p when disaggregated, as
/// Analysis::decodeTokensPerSecondPerDevice counts them). `analysis` is the one `estimate`
/// was made from.
double estimatedValue(const Analysis& analysis, const EstimateResult& estimate,
                      MeasuredMetric metric, std::int64_t outputTokens = 1);

/// The records' sensitivity check and the interval's quantiles: constants of the method.
inline constexpr std::size_t kMinRecordsForQuantiles = 5;
inline constexpr int kFitIterations = 100;         ///< the full fit's LM iterations, at most
inline constexpr int kLeaveOneOutIterations = 10;  ///< each leave-one-out refit's

struct FitOptions {
    /// Everything the fit does not free: the GEMM tiles, the parameters kept, the fixed
    /// ones (set them here), id, hardware, engine and sources. Must be valid
    /// (validateProfile). Its free parameters' values are the starting point when inside
    /// their range; a value at 0 (no floor, no overhead, flat attention) starts from a
    /// typical magnitude instead (3 µs floor, 1 ms overhead, 256 tokens).
    CalibrationProfile base;
    /// The parameters to fit, by name (profileParameterNames). Empty: every parameter the
    /// records exercise, less those in `fixed`: step_overhead_s and kernel_floor_s always;
    /// weight_efficiency/<p> for each weight precision p of their matmuls; with attention,
    /// attention_efficiency, attention_half_length when the records attend over at least two
    /// lengths, and kv_efficiency/<c> for each KV precision c but the most common one (which
    /// attention_efficiency stands for; freeing both makes them act alike).
    std::vector<std::string> free;
    /// Parameters held at their value in `base` (the CLI's --fix), reported as fixed.
    std::vector<std::string> fixed;
    double lossScale = 0.1;  ///< s of the soft-L1 loss, in log space (0.1: about 10%)
    double coverage = 0.8;   ///< the interval's nominal coverage, 0.01 to 0.99
    /// Where the records come from ("runs.csv"), for the profile's sources; may be empty.
    std::string recordsSource;
};

/// How a parameter of the result got its value.
enum class ParameterStatus : unsigned char {
    Fitted,  ///< freed and fitted on the records
    Kept,    ///< not freed: the base profile's value
    Fixed,   ///< named in FitOptions::fixed: the base profile's value, held on purpose
};
/// "fitted" / "kept" / "fixed"
std::string_view toString(ParameterStatus status);

struct ParameterFit {
    std::string name;    ///< as profileParameterNames
    double value = 0.0;  ///< in the parameter's unit (seconds, tokens, a factor)
    /// Fitted parameters with more records than free parameters: the standard error of the
    /// value, from the robust covariance σ̂²·(JᵀWJ)⁻¹ in ln v (σ̂² = Σ w·r² / (n − p)),
    /// times the value (delta method). nullopt otherwise.
    std::optional<double> standardError;
    ParameterStatus status = ParameterStatus::Kept;
};

struct RecordResidual {
    std::string id;
    MeasuredMetric metric = MeasuredMetric::TpotMs;
    double measured = 0.0;   ///< the record's value, in the metric's unit
    double estimated = 0.0;  ///< the fitted profile's value of the metric
    double residual = 0.0;   ///< ln(measured time / estimated time): see the file comment
    /// The same, predicted by the refit without this record.
    double looEstimated = 0.0;
    double looResidual = 0.0;
};

struct FitResult {
    /// false: `error` says why, in one sentence naming the parameters or records, and
    /// nothing else but `parameters` (the free set as understood, when it was) is filled.
    bool ok = false;
    std::string error;
    /// The base profile with the fitted values, fitted_records, fitted_on (the records'
    /// ids), coverage, residual_low/high (leave-one-out), loss ("soft-l1 in log space,
    /// scale 0.1") and one more source line. Valid (validateProfile) when ok.
    CalibrationProfile profile;
    /// step_overhead_s, kernel_floor_s, attention_efficiency, attention_half_length, then
    /// the weight and KV efficiencies the records exercise, free or fix, in precision order.
    std::vector<ParameterFit> parameters;
    std::vector<RecordResidual> residuals;  ///< one per record, in the records' order
    /// Median over the records of |estimated / measured − 1| (in-sample), and the same with
    /// each record's leave-one-out estimate.
    double medianAbsError = 0.0;
    double medianAbsLooError = 0.0;
    /// true: the leave-one-out residuals left out whole sources (the records named two or
    /// more, one with two records or more); false: one record at a time.
    bool heldOutBySource = false;
    int iterations = 0;      ///< LM iterations of the full fit
    bool converged = false;  ///< the full fit stopped on its tolerance, not its cap
    /// What a reader should know: a widened interval, a parameter at the edge of its range,
    /// a fit that stopped at its iteration cap, a KV efficiency kept for attention's sake.
    std::vector<std::string> notes;
};

/// Fits `options.free` (or the default set) to `records`. Refuses (ok = false) on: bad
/// options (an unknown or doubly named parameter, a scale or coverage out of range, an
/// invalid base); a record that is not positive and finite or has no estimate of its metric;
/// fewer records than free parameters; a free parameter no record exercises ("no record
/// exercises an fp8 weight") or none is sensitive to; parameters that act alike on these
/// records ("step_overhead_s and kernel_floor_s act alike on these records: fix one with
/// --fix").
FitResult fitProfile(const std::vector<CalibrationRecord>& records, const FitOptions& options);

}  // namespace roofline
