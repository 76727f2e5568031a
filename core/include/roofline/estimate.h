// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file estimate.h
/// The estimate ceiling (DOMAIN.md §11): how fast a real serving stack will run, as opposed to
/// the bound it can never beat. It starts from the achievable-ceiling analysis (measured
/// matmul and HBM rates) and adds the costs a stack adds, each a named parameter of a
/// calibration profile (one per hardware and serving engine, presets/calibration/):
///
/// A pass's time has structure (DOMAIN.md §11): what each cost is caused by, each a named
/// parameter in SI units. For every operator of a pass, run `count` times:
///
///     compute'  = compute time / (gemm(shape) · precision(w) · attention(L))
///     memory'   = memory time  / (precision(w) · attention(L) · kv(c) · moe(m))
///     time'     = max(count · kernel floor, compute', memory', link time)
///
/// and the pass's estimated time is
///
///     Σ time' + kernels · launch + collectives · α + repeats · host
///
/// where
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
/// - moe(m), the routed experts' GEMMs only: m / (m + moeHalfTokens), where m = the tokens
///   routed to one expert on one device (the GEMM's M). A grouped GEMM at a few tokens per
///   expert reads all of each expert's weights and still runs below the rate its bytes
///   allow: at m = 2 and a half point of 2 tokens, at half of it.
/// - kernels: the kernels the pass launches, Σ count over its compute operators (layers ×
///   kernels per layer, plus the head); launch is the latency each adds (launch, ramp and
///   tail; CUDA graphs make it smaller, not the count).
/// - collectives: Σ count over its communication operators (two all-reduces per layer at
///   TP > 1, a dispatch and a combine all-to-all per MoE layer under expert parallelism);
///   α is the latency of one, beside the bandwidth term already in the link time.
/// - host: the engine's time per forward pass outside the GPU (scheduling, sampling,
///   detokenisation), the profile's step_overhead_s.
///
/// A benchmark client's TTFT adds the server's API and tokenizer time (api_s) to the
/// prefill's. The successive differences (gemm shape, precision, attention, MoE, kernel floor,
/// launches, collectives, host, in that order) are the estimate's terms: what each adds to
/// the achievable bound.
///
/// The prediction interval is the estimate times exp(residual quantiles) of log(measured /
/// estimated) computed with each source left out of the fit (calibrate.h), by regime (TTFT or
/// decode; dense or MoE; one device or more). A profile knows its domain: the TP range, model
/// kinds, sizes, weight precisions, metrics and engine versions of its records. A scenario
/// outside it is extrapolated: the estimate says why (extrapolationReasons), and its interval
/// widens to the spread of the estimates made outside their profiles' domains. An estimate is
/// never a bound, and the bound never carries an interval.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/engine_version.h"
#include "roofline/fixed_list.h"
#include "roofline/precision.h"

namespace roofline {

struct Analysis;
struct Model;
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

/// A prediction interval in log space: exp(low) to exp(high) times the estimate.
struct ResidualInterval {
    double low = 0.0, high = 0.0;
    std::size_t records = 0;  ///< how many residuals it comes from; 0 = none (unset)
    bool operator==(const ResidualInterval&) const = default;
};

/// The regimes an interval is split by: 2 (TTFT, decode) × 2 (dense, MoE) × 2 (one device,
/// TP > 1). index = 4·prefill + 2·moe + multiDevice.
inline constexpr std::size_t kIntervalRegimes = 8;
constexpr std::size_t intervalRegime(bool prefill, bool moe, bool multiDevice) {
    return (prefill ? 4U : 0U) + (moe ? 2U : 0U) + (multiDevice ? 1U : 0U);
}
/// "decode/dense/tp1", "prefill/moe/tp>1": the regime's key in profile files.
std::string_view intervalRegimeName(std::size_t regime);
/// Without a measured spread outside the domain, an extrapolated interval widens this much
/// in log space either way (×0.61 to ×1.65), and says so.
inline constexpr double kDefaultExtrapolationWidening = 0.5;

/// Model kinds a profile's records cover (bits of ProfileDomain::kinds).
inline constexpr std::uint8_t kDenseModel = 1;
inline constexpr std::uint8_t kMoeModel = 2;
inline constexpr std::uint8_t kMlaModel = 4;
inline constexpr std::uint8_t kHybridModel = 8;  ///< recurrent-state layers beside attention

/// Where a profile's records are: an estimate outside is extrapolated. Empty (fitted false)
/// for a profile of cited defaults.
struct ProfileDomain {
    bool fitted = false;
    std::int64_t tpMin = 0, tpMax = 0;                ///< devices per replica
    std::uint8_t kinds = 0;                           ///< kind bits (kDenseModel...) of its records
    double parametersMin = 0.0, parametersMax = 0.0;  ///< total parameters
    std::uint32_t weightPrecisions = 0;               ///< bit index(p) of the records' weights
    bool ttft = false, decode = false;                ///< metrics of the prefill / of decode steps
    EngineVersion versionMin, versionMax;             ///< unset: the records name none
    std::vector<std::string> hardware;                ///< chips of the records
    bool operator==(const ProfileDomain&) const = default;
};

/// How the profile did on its own records with each source left out (calibrate
/// --validate): the figures a reader judges it by.
struct ProfileValidation {
    std::size_t records = 0, sources = 0;  ///< 0: not validated
    double medianAbsError = 0.0;           ///< median |estimated / measured − 1|
    double coverage = 0.0;                 ///< share of records inside the interval
    double medianWidth = 0.0;              ///< median high / low
    bool operator==(const ProfileValidation&) const = default;
};

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

    double kernelFloorSeconds = 0.0;        ///< the least time any kernel launch takes
    double stepOverheadSeconds = 0.0;       ///< host time per forward pass: scheduling, sampling
    double launchSeconds = 0.0;             ///< added per kernel a pass launches
    double collectiveLatencySeconds = 0.0;  ///< α: added per collective a pass runs
    /// Tokens per expert per device at which a routed expert's grouped GEMM reaches half the
    /// rate its bytes allow; 0 = at the rate whatever the tokens.
    double moeHalfTokens = 0.0;
    double apiSeconds = 0.0;  ///< added to a client's TTFT: the server's API and tokenizer
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
    /// The interval by regime (intervalRegime), from residuals with each source left out,
    /// pooled over every shipped profile's records; a cell with records 0 uses residualLow
    /// and residualHigh.
    std::array<ResidualInterval, kIntervalRegimes> intervals{};
    /// The spread of estimates made outside their profile's domain, with each source left
    /// out: an extrapolated estimate's interval is at least this wide. records 0: the
    /// regime's interval widened by kDefaultExtrapolationWidening either way.
    ResidualInterval extrapolated{};
    ProfileDomain domain;
    ProfileValidation validation;

    bool operator==(const CalibrationProfile&) const = default;
};

/// The shortest GEMM tile: the row count of one tensor-core MMA (mma.m16n8k16 on NVIDIA
/// Ampere and later, 16 × 16 MFMA on AMD CDNA), below which rows are padding.
inline constexpr double kMinTileRows = 16.0;

/// The names of the fitted parameters, as profiles and `calibrate` call them.
inline constexpr const char* kStepOverheadParameter = "step_overhead_s";
inline constexpr const char* kKernelFloorParameter = "kernel_floor_s";
inline constexpr const char* kLaunchParameter = "launch_s";
inline constexpr const char* kCollectiveLatencyParameter = "collective_latency_s";
inline constexpr const char* kMoeHalfTokensParameter = "moe_half_tokens";
inline constexpr const char* kApiParameter = "api_s";

/// What each cost adds to one pass, seconds (successive differences; see the file comment).
struct EstimateTerms {
    double gemmShapeSeconds = 0.0;
    double precisionSeconds = 0.0;
    double attentionSeconds = 0.0;
    double moeSeconds = 0.0;  ///< experts' GEMMs at few tokens per expert
    double kernelFloorSeconds = 0.0;
    double launchSeconds = 0.0;        ///< kernels × launch
    double collectiveSeconds = 0.0;    ///< collectives × α
    double stepOverheadSeconds = 0.0;  ///< repeats × host time
    double total() const {
        return gemmShapeSeconds + precisionSeconds + attentionSeconds + moeSeconds +
               kernelFloorSeconds + launchSeconds + collectiveSeconds + stepOverheadSeconds;
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
    double kernels = 0.0;      ///< kernels the pass launches (Σ count of compute operators)
    double collectives = 0.0;  ///< collectives it runs (Σ count of communication operators)
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

    /// The prefill estimate (+ the KV transfer when disaggregated) + the profile's API time:
    /// what a client measures for a request that does not queue.
    double ttftSeconds = 0.0;
    double apiSeconds = 0.0;   ///< the API time inside ttftSeconds
    double tpotSeconds = 0.0;  ///< decode step estimate (speculative: (draft + verify) / τ)
    double decodeTokensPerSecond = 0.0;           ///< B / tpotSeconds
    std::array<double, 2> ttftIntervalSeconds{};  ///< [low, high]
    std::array<double, 2> tpotIntervalSeconds{};  ///< [low, high]
    /// Why the scenario is outside the profile's domain: kNotFitted, ... bits, 0 inside.
    /// extrapolationReasons() says it in words.
    std::uint32_t extrapolation = 0;
    bool extrapolated() const { return extrapolation != 0; }
    /// What of the scenario the domain was checked on, for extrapolationReasons().
    struct Checked {
        std::int64_t tensorParallel = 1;
        std::uint8_t kinds = 0;  ///< kDenseModel, kMoeModel, ... bits
        Precision weights = Precision::Bf16;
        EngineVersion version;
    } checked;
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

/// Why an estimate is outside its profile's domain (bits of EstimateResult::extrapolation).
inline constexpr std::uint32_t kNotFitted = 1U << 0;        ///< the profile has no records
inline constexpr std::uint32_t kOtherHardware = 1U << 1;    ///< the chip is none of its records'
inline constexpr std::uint32_t kTensorParallel = 1U << 2;   ///< TP outside its records' range
inline constexpr std::uint32_t kModelKind = 1U << 3;        ///< a kind none of its records has
inline constexpr std::uint32_t kModelSize = 1U << 4;        ///< parameters outside (×1.5 margin)
inline constexpr std::uint32_t kWeightPrecision = 1U << 5;  ///< weights none of its records has
inline constexpr std::uint32_t kTtftMetric = 1U << 6;       ///< no TTFT record
inline constexpr std::uint32_t kDecodeMetric = 1U << 7;     ///< no decode record
inline constexpr std::uint32_t kEngineVersion = 1U << 8;    ///< version outside its records'

/// The reasons of `e.extrapolation`, one sentence each, naming the profile and what its
/// records hold ("no MoE record in h200.vllm (dense)", "TP 8 outside TP 1–4 of
/// h100-sxm.vllm"); empty inside the domain.
std::vector<std::string> extrapolationReasons(const EstimateResult& e, const Scenario& scenario);
/// The same without the scenario: the chip is "this chip" unless `hardwareId` names it.
std::vector<std::string> extrapolationReasons(const EstimateResult& e,
                                              std::string_view hardwareId = {});

/// The kind bits (kDenseModel, ...) of a model (hybrid: it keeps a recurrent state,
/// stateBytesPerSequence > 0).
std::uint8_t modelKinds(const Model& model, double stateBytesPerSequence);

/// The profile's domain in words: "TP 1–8; dense, MoE; 8B–405B parameters; bf16, fp8
/// weights; TTFT and decode; vllm 0.7.2–0.10.2; h100-sxm" ("not fitted" when empty).
std::string domainText(const ProfileDomain& domain);

/// The GEMM shape efficiency of the file comment: G·M·N / (waves · S · tm · tn), in (0, 1];
/// 1 for a shape it cannot judge (M or N not positive).
double gemmShapeEfficiency(double rows, double columns, double groups, const CalibrationProfile& p);

/// The precision of the weights a matmul reads (the precision(w) of the file comment): the
/// experts' and the tables' (lm_head, routers) where the workload stores them apart, else
/// the weight precision.
Precision matmulWeightPrecision(OperatorId id, const Workload& workload);

/// The extrapolation bits of `scenario` (analysed as `analysis`) against `profile`'s domain.
std::uint32_t extrapolationOf(const CalibrationProfile& profile, const Analysis& analysis,
                              const Scenario& scenario);

/// The interval (log space) an estimate of `regime` gets from `profile`, widened when
/// `extrapolated`.
ResidualInterval intervalOf(const CalibrationProfile& profile, std::size_t regime,
                            bool extrapolated);

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
