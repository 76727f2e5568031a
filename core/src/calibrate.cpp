// SPDX-License-Identifier: GPL-3.0-or-later
// Fitting a calibration profile from measured results (calibrate.h): soft-L1 in log space,
// Levenberg–Marquardt over bounded log parameters, identifiability checks, and the
// leave-one-out interval. The linear algebra and the minimiser are Eigen's (its unsupported
// LevenbergMarquardt module, MINPACK's algorithm).

#include "roofline/calibrate.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <utility>

#include <Eigen/Cholesky>
#include <Eigen/Core>
#include <Eigen/Eigenvalues>
#include <unsupported/Eigen/LevenbergMarquardt>
#include <unsupported/Eigen/NumericalDiff>

#include "roofline/analysis.h"
#include "roofline/format.h"
#include "roofline/validate.h"

namespace roofline {

namespace {

using Eigen::MatrixXd;
using Eigen::VectorXd;

enum class Slot : unsigned char {
    StepOverhead,
    KernelFloor,
    AttentionEfficiency,
    AttentionHalfLength,
    WeightEfficiency,
    KvEfficiency,
    Launch,
    CollectiveLatency,
    MoeHalfTokens,
    Api,
};

struct ParameterRef {
    Slot slot = Slot::StepOverhead;
    Precision precision = Precision::Bf16;  ///< the two per-precision slots only

    bool operator==(const ParameterRef&) const = default;
};

std::optional<ParameterRef> parseParameter(std::string_view name) {
    if (name == kStepOverheadParameter) {
        return ParameterRef{Slot::StepOverhead};
    }
    if (name == kKernelFloorParameter) {
        return ParameterRef{Slot::KernelFloor};
    }
    if (name == kLaunchParameter) {
        return ParameterRef{Slot::Launch};
    }
    if (name == kCollectiveLatencyParameter) {
        return ParameterRef{Slot::CollectiveLatency};
    }
    if (name == kMoeHalfTokensParameter) {
        return ParameterRef{Slot::MoeHalfTokens};
    }
    if (name == kApiParameter) {
        return ParameterRef{Slot::Api};
    }
    if (name == kAttentionEfficiencyParameter || name == "attention/efficiency") {
        return ParameterRef{Slot::AttentionEfficiency};
    }
    if (name == kAttentionHalfLengthParameter || name == "attention/half_length") {
        return ParameterRef{Slot::AttentionHalfLength};
    }
    for (const auto& [prefix, slot] :
         {std::pair<std::string_view, Slot>{kWeightEfficiencyPrefix, Slot::WeightEfficiency},
          std::pair<std::string_view, Slot>{kKvEfficiencyPrefix, Slot::KvEfficiency}}) {
        if (name.starts_with(prefix)) {
            const std::optional<Precision> p = parsePrecision(name.substr(prefix.size()));
            if (p && isStoragePrecision(*p)) {
                return ParameterRef{slot, *p};
            }
            return std::nullopt;
        }
    }
    return std::nullopt;
}

std::string nameOf(ParameterRef ref) {
    switch (ref.slot) {
        case Slot::StepOverhead:
            return kStepOverheadParameter;
        case Slot::KernelFloor:
            return kKernelFloorParameter;
        case Slot::AttentionEfficiency:
            return kAttentionEfficiencyParameter;
        case Slot::AttentionHalfLength:
            return kAttentionHalfLengthParameter;
        case Slot::WeightEfficiency:
            return kWeightEfficiencyPrefix + std::string(toString(ref.precision));
        case Slot::KvEfficiency:
            return kKvEfficiencyPrefix + std::string(toString(ref.precision));
        case Slot::Launch:
            return kLaunchParameter;
        case Slot::CollectiveLatency:
            return kCollectiveLatencyParameter;
        case Slot::MoeHalfTokens:
            return kMoeHalfTokensParameter;
        case Slot::Api:
            return kApiParameter;
    }
    return {};
}

// The member of `p` (a CalibrationProfile, const or not) that holds `ref`.
template <typename Profile>
auto& slotOf(Profile& p, ParameterRef ref) {
    switch (ref.slot) {
        case Slot::StepOverhead:
            return p.stepOverheadSeconds;
        case Slot::KernelFloor:
            return p.kernelFloorSeconds;
        case Slot::AttentionEfficiency:
            return p.attentionEfficiency;
        case Slot::AttentionHalfLength:
            return p.attentionHalfLength;
        case Slot::WeightEfficiency:
            return p.weightEfficiency[index(ref.precision)];
        case Slot::KvEfficiency:
            return p.kvEfficiency[index(ref.precision)];
        case Slot::Launch:
            return p.launchSeconds;
        case Slot::CollectiveLatency:
            return p.collectiveLatencySeconds;
        case Slot::MoeHalfTokens:
            return p.moeHalfTokens;
        case Slot::Api:
            return p.apiSeconds;
    }
    return p.stepOverheadSeconds;
}

// The open range a fit keeps a parameter in (inside validateProfile's), and the value it
// starts from when the base's is outside it (0: no floor, no overhead, flat attention).
struct Range {
    double low = 0.0, high = 0.0, typical = 0.0;
};

Range rangeOf(Slot slot) {
    switch (slot) {
        case Slot::StepOverhead:
            return {1e-9, 10.0, 1e-3};  // a millisecond: vLLM's scheduling and sampling
        case Slot::KernelFloor:
            return {1e-9, 0.1, 3e-6};  // a few microseconds: a CUDA kernel launch
        case Slot::AttentionHalfLength:
            return {1e-2, 1e7, 256.0};
        case Slot::Launch:
            return {1e-9, 1e-3, 3e-6};  // a kernel's launch gap under CUDA graphs
        case Slot::CollectiveLatency:
            return {1e-9, 0.01, 1e-5};  // NCCL's small all-reduce inside a node
        case Slot::MoeHalfTokens:
            return {1e-3, 1e4, 2.0};
        case Slot::Api:
            return {1e-6, 10.0, 0.02};  // an HTTP request through a tokenizer
        case Slot::AttentionEfficiency:
        case Slot::WeightEfficiency:
        case Slot::KvEfficiency:
            break;
    }
    return {0.01, 2.0, 1.0};
}

// The parameters in seconds: costs that stop mattering only when small.
bool isSeconds(Slot slot) {
    return slot == Slot::StepOverhead || slot == Slot::KernelFloor || slot == Slot::Launch ||
           slot == Slot::CollectiveLatency || slot == Slot::Api;
}

// "a bf16 …", "an fp8 …": the names are spelled out letter by letter.
std::string withArticle(Precision p) {
    const std::string name(toString(p));
    return (name.front() == 'b' ? "a " : "an ") + name;
}

// "a", "a and b", "a, b and c".
std::string joinNames(const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) {
            out += i + 1 == names.size() ? " and " : ", ";
        }
        out += names[i];
    }
    return out;
}

bool isTimeMetric(MeasuredMetric m) {
    switch (m) {
        case MeasuredMetric::TpotMs:
        case MeasuredMetric::TtftMs:
        case MeasuredMetric::E2eMs:
            return true;
        case MeasuredMetric::OutputTokensPerSecond:
        case MeasuredMetric::OutputTokensPerSecondPerDevice:
        case MeasuredMetric::RequestOutputTokensPerSecond:
            break;
    }
    return false;
}

// One record, analysed once: the estimate of any candidate profile is estimate() of it.
struct Prepared {
    Scenario scenario;
    Analysis analysis;
    MeasuredMetric metric = MeasuredMetric::TpotMs;
    std::int64_t outputTokens = 1;
    double logMeasured = 0.0;
    double sign = 1.0;  // +1 for times, −1 for rates: r is always ln(measured / estimated time)
};

// ln of the estimated value; NaN when it is not positive and finite.
double logEstimated(const Prepared& r, const CalibrationProfile& p) {
    const double v =
        estimatedValue(r.analysis, estimate(r.analysis, r.scenario, p), r.metric, r.outputTokens);
    return v > 0.0 && std::isfinite(v) ? std::log(v) : std::numeric_limits<double>::quiet_NaN();
}

double residualOf(const Prepared& r, const CalibrationProfile& p) {
    return r.sign * (r.logMeasured - logEstimated(r, p));
}

// A free parameter: its slot, and the range of ln v its θ maps onto.
struct FreeParameter {
    ParameterRef ref;
    double lnLow = 0.0, lnHigh = 0.0;
};

double sigmoid(double t) { return 1.0 / (1.0 + std::exp(-t)); }

double lnValueOf(const FreeParameter& q, double theta) {
    return q.lnLow + (q.lnHigh - q.lnLow) * sigmoid(theta);
}

double thetaOf(const FreeParameter& q, double lnValue) {
    const double f = std::clamp((lnValue - q.lnLow) / (q.lnHigh - q.lnLow), 1e-9, 1.0 - 1e-9);
    return std::log(f / (1.0 - f));
}

// What a fit works on: the records in use (indices into `records`), the free parameters,
// and the profile their values are written into (the others as the fit holds them).
struct Problem {
    const std::vector<Prepared>* records = nullptr;
    std::vector<std::size_t> use;
    std::vector<FreeParameter> params;
    CalibrationProfile profile;
    double scale = 0.1;
};

Eigen::Index sizeOf(std::size_t n) { return static_cast<Eigen::Index>(n); }

VectorXd lnValuesOf(const Problem& pb, const VectorXd& theta) {
    VectorXd ln(theta.size());
    for (std::size_t k = 0; k < pb.params.size(); ++k) {
        ln[sizeOf(k)] = lnValueOf(pb.params[k], theta[sizeOf(k)]);
    }
    return ln;
}

void setLnValues(const Problem& pb, CalibrationProfile& profile, const VectorXd& ln) {
    for (std::size_t k = 0; k < pb.params.size(); ++k) {
        slotOf(profile, pb.params[k].ref) = std::exp(ln[sizeOf(k)]);
    }
}

// The problem's profile with its free parameters at θ.
CalibrationProfile profileAt(const Problem& pb, const VectorXd& theta) {
    CalibrationProfile profile = pb.profile;
    setLnValues(pb, profile, lnValuesOf(pb, theta));
    return profile;
}

// The residuals r of the records in use, the free parameters of `profile` at ln v = `ln`.
VectorXd residualsAt(const Problem& pb, CalibrationProfile& profile, const VectorXd& ln) {
    setLnValues(pb, profile, ln);
    VectorXd r(sizeOf(pb.use.size()));
    for (std::size_t i = 0; i < pb.use.size(); ++i) {
        r[sizeOf(i)] = residualOf((*pb.records)[pb.use[i]], profile);
    }
    return r;
}

// f with f² = ρ(r) = 2s²(√(1 + (r/s)²) − 1) and the sign of r, so that the least squares
// Σ f² are the soft-L1 loss Σ ρ(r). Written r·√(2 / (1 + √(1 + (r/s)²))): the same, without
// the cancellation of √(1 + x²) − 1 at small r.
double softL1Residual(double r, double s) {
    return r * std::sqrt(2.0 / (1.0 + std::sqrt(1.0 + (r / s) * (r / s))));
}

// A residual that is not finite (no estimate there) counts as this large, so that the
// minimiser rejects a step that leads there.
constexpr double kNoEstimate = 1e10;

// What Eigen's Levenberg–Marquardt minimises: the soft-L1 residuals f of θ. Rows past the
// records are 0: Eigen wants no fewer rows than parameters, which a refit without a source
// may not have, and a row of 0 changes no sum of squares.
struct SoftL1Residuals : Eigen::DenseFunctor<double> {
    explicit SoftL1Residuals(const Problem& problem)
        : DenseFunctor(static_cast<int>(problem.params.size()),
                       static_cast<int>(std::max(problem.use.size(), problem.params.size()))),
          pb(&problem),
          profile(problem.profile) {}

    int operator()(const VectorXd& theta, VectorXd& f) const {
        const VectorXd r = residualsAt(*pb, profile, lnValuesOf(*pb, theta));
        f.setZero(values());
        for (Eigen::Index i = 0; i < r.size(); ++i) {
            f[i] = std::isfinite(r[i]) ? softL1Residual(r[i], pb->scale) : kNoEstimate;
        }
        return 0;
    }

    const Problem* pb;
    mutable CalibrationProfile profile;  // each evaluation overwrites its free slots
};

// The residuals r as a function of ln v: what the elasticities are taken of.
struct LogResiduals : Eigen::DenseFunctor<double> {
    explicit LogResiduals(const Problem& problem)
        : DenseFunctor(static_cast<int>(problem.params.size()),
                       static_cast<int>(problem.use.size())),
          pb(&problem),
          profile(problem.profile) {}

    int operator()(const VectorXd& ln, VectorXd& r) const {
        r = residualsAt(*pb, profile, ln);
        return 0;
    }

    const Problem* pb;
    mutable CalibrationProfile profile;
};

// The elasticities ∂r_i/∂ln v_k (records in use × parameters), by central differences; a
// column with a residual that is not finite is 0 (no record can be said to move with it).
MatrixXd elasticities(const Problem& pb, const VectorXd& ln) {
    const Eigen::NumericalDiff<LogResiduals, Eigen::Central> diff(pb);
    MatrixXd J(sizeOf(pb.use.size()), ln.size());
    diff.df(ln, J);
    for (Eigen::Index k = 0; k < J.cols(); ++k) {
        if (!J.col(k).allFinite()) {
            J.col(k).setZero();
        }
    }
    return J;
}

// The IRLS weights of soft-L1, ρ'(r) / (2r) = 1 / √(1 + (r/s)²): the robust covariance's W.
VectorXd weightsOf(const VectorXd& r, double s) {
    return (1.0 + (r / s).array().square()).sqrt().inverse().matrix();
}

struct Outcome {
    VectorXd theta;
    int iterations = 0;
    bool converged = false;
};

// Eigen's Levenberg–Marquardt (MINPACK's lmder, with a Jacobian by central differences in
// θ) on the soft-L1 residuals, from `theta`, for at most `maxIterations` iterations (a
// Jacobian each). Converged: it stopped on a tolerance (the loss's relative reduction, the
// step's relative size, or no step lowering the loss to working precision), not on the cap.
Outcome minimise(const Problem& pb, VectorXd theta, int maxIterations) {
    using Status = Eigen::LevenbergMarquardtSpace::Status;
    Outcome out;
    if (pb.use.empty()) {
        out.theta = std::move(theta);
        return out;
    }
    Eigen::NumericalDiff<SoftL1Residuals, Eigen::Central> residuals(pb);
    Eigen::LevenbergMarquardt<Eigen::NumericalDiff<SoftL1Residuals, Eigen::Central>> lm(residuals);
    // A guard, not the cap: an iteration evaluates 2p times for its Jacobian and once per
    // trial step, and each rejected step shrinks the trust region until a tolerance stops it.
    lm.setMaxfev(Eigen::Index{maxIterations} * (2 * theta.size() + 50));
    Status status = lm.minimizeInit(theta);
    while ((status == Status::NotStarted || status == Status::Running) &&
           out.iterations < maxIterations) {
        status = lm.minimizeOneStep(theta);
        ++out.iterations;
    }
    out.converged = status != Status::NotStarted && status != Status::Running &&
                    status != Status::TooManyFunctionEvaluation &&
                    status != Status::ImproperInputParameters && status != Status::UserAsked;
    out.theta = std::move(theta);
    return out;
}

// The q-quantile of `x` (sorted copy), linear between order statistics (R's type 7).
double quantile(std::vector<double> x, double q) {
    std::sort(x.begin(), x.end());
    const double at = q * static_cast<double>(x.size() - 1);
    const auto lo = static_cast<std::size_t>(std::floor(at));
    const std::size_t hi = std::min(lo + 1, x.size() - 1);
    return x[lo] + (at - static_cast<double>(lo)) * (x[hi] - x[lo]);
}

double median(std::vector<double> x) { return x.empty() ? 0.0 : quantile(std::move(x), 0.5); }

// The records left out together (indices, ascending): one group per source named by two
// records or more, one per record otherwise; every record alone when all share one source
// (nothing would be left to fit).
std::vector<std::vector<std::size_t>> sourceGroups(const std::vector<CalibrationRecord>& records) {
    std::vector<std::vector<std::size_t>> groups;
    std::vector<std::string> names;
    for (std::size_t i = 0; i < records.size(); ++i) {
        const std::string& source = records[i].source;
        const auto at =
            source.empty() ? names.end() : std::find(names.begin(), names.end(), source);
        if (at != names.end()) {
            groups[static_cast<std::size_t>(at - names.begin())].push_back(i);
        } else {
            names.push_back(source.empty() ? std::string() : source);
            groups.push_back({i});
        }
    }
    if (groups.size() == 1 && records.size() > 1) {
        groups.clear();
        for (std::size_t i = 0; i < records.size(); ++i) {
            groups.push_back({i});
        }
    }
    return groups;
}

// Below these the records cannot determine a parameter: a column of elasticities whose
// largest entry is this small (doubling the parameter moves no estimate by 0.07%, finer than
// any measurement: the records say only that it does not matter), and an eigenvalue of the
// columns' correlation matrix this small (two columns correlated beyond 0.999999, whose
// standard errors would be inflated a thousandfold).
constexpr double kInsensitive = 1e-3;
constexpr double kAlike = 1e-6;
// A parameter whose θ puts it within this fraction of either end of its range (in ln v) is
// at the edge: the records would take it further.
constexpr double kEdge = 1e-3;

// What the records exercise.
struct Exercised {
    std::array<bool, kPrecisionCount> weights{};
    std::array<std::size_t, kPrecisionCount> kvRecords{};  // records with that KV precision
    bool attention = false;
    std::vector<double> attentionLengths;  // distinct L = C + T of the attention they run
    bool collectives = false;              // a communication operator in a timed pass
    bool routedExperts = false;            // a routed expert's GEMM in a timed pass
    bool ttft = false;                     // a TTFT record
};

bool metricRunsPass(MeasuredMetric metric, PassKind pass) {
    return metric == MeasuredMetric::TtftMs ? pass == PassKind::Prefill : pass != PassKind::Prefill;
}

void exercise(const Prepared& r, Exercised& e) {
    bool attends = false;
    for (const OperatorCost& op : r.analysis.operators) {
        if (!metricRunsPass(r.metric, op.pass)) {
            continue;
        }
        if (op.kernel == KernelClass::Collective && op.count > 0.0) {
            e.collectives = true;
        }
        if (op.kernel == KernelClass::ExpertGemm) {
            e.routedExperts = true;
        }
        if (op.kind == OperatorKind::Matmul) {
            e.weights[index(matmulWeightPrecision(op.id, r.scenario.workload))] = true;
        } else if (op.kernel == KernelClass::Attention) {
            attends = true;
            const PassCost* pass = r.analysis.pass(op.pass);
            const double length = pass != nullptr ? pass->cachedTokens + pass->newTokens : 0.0;
            if (std::find(e.attentionLengths.begin(), e.attentionLengths.end(), length) ==
                e.attentionLengths.end()) {
                e.attentionLengths.push_back(length);
            }
        }
    }
    e.ttft = e.ttft || r.metric == MeasuredMetric::TtftMs;
    if (attends) {
        e.attention = true;
        ++e.kvRecords[index(r.scenario.workload.kvPrecision)];
    }
}

// Why no record can determine `ref`, before any fit; empty when some record exercises it.
std::string unexercised(ParameterRef ref, const Exercised& e) {
    switch (ref.slot) {
        case Slot::WeightEfficiency:
            return e.weights[index(ref.precision)]
                       ? std::string()
                       : "no record exercises " + withArticle(ref.precision) + " weight";
        case Slot::KvEfficiency:
            return e.kvRecords[index(ref.precision)] > 0
                       ? std::string()
                       : "no record attends over " + withArticle(ref.precision) + " KV cache";
        case Slot::AttentionEfficiency:
        case Slot::AttentionHalfLength:
            return e.attention ? std::string() : "no record runs an attention operator";
        case Slot::CollectiveLatency:
            return e.collectives ? std::string()
                                 : "no record runs a collective (every record is at TP 1)";
        case Slot::MoeHalfTokens:
            return e.routedExperts ? std::string() : "no record runs routed experts";
        case Slot::Api:
            return e.ttft ? std::string() : "no record measures a TTFT";
        case Slot::StepOverhead:
        case Slot::KernelFloor:
        case Slot::Launch:
            break;
    }
    return {};
}

// The domain of the records (estimate.h ProfileDomain): where the fitted profile holds.
ProfileDomain domainOf(const std::vector<Prepared>& records) {
    ProfileDomain d;
    d.fitted = !records.empty();
    for (const Prepared& r : records) {
        const Scenario& s = r.scenario;
        const Workload& w = s.workload;
        const bool first = d.tpMax == 0;
        d.tpMin = first ? w.tensorParallel : std::min(d.tpMin, w.tensorParallel);
        d.tpMax = std::max(d.tpMax, w.tensorParallel);
        const double n = r.analysis.totalParameters;
        d.parametersMin = first ? n : std::min(d.parametersMin, n);
        d.parametersMax = std::max(d.parametersMax, n);
        d.kinds |= modelKinds(s.model, r.analysis.stateBytesPerSequence);
        d.weightPrecisions |= std::uint32_t{1} << index(w.weightPrecision);
        if (s.model.moe.enabled()) {
            d.weightPrecisions |= std::uint32_t{1}
                                  << index(w.expertWeightPrecision.value_or(w.weightPrecision));
        }
        (r.metric == MeasuredMetric::TtftMs ? d.ttft : d.decode) = true;
        if (s.engineVersion.known()) {
            d.versionMin =
                d.versionMin.known() ? std::min(d.versionMin, s.engineVersion) : s.engineVersion;
            d.versionMax = std::max(d.versionMax, s.engineVersion);
        }
        if (std::find(d.hardware.begin(), d.hardware.end(), s.hardware.id) == d.hardware.end()) {
            d.hardware.push_back(s.hardware.id);
        }
    }
    std::sort(d.hardware.begin(), d.hardware.end());
    return d;
}

FitResult refuse(FitResult result, std::string error) {
    result.ok = false;
    result.error = std::move(error);
    return result;
}

}  // namespace

std::optional<double> profileParameter(const CalibrationProfile& profile, std::string_view name) {
    const std::optional<ParameterRef> ref = parseParameter(name);
    if (!ref) {
        return std::nullopt;
    }
    return slotOf(profile, *ref);
}

bool setProfileParameter(CalibrationProfile& profile, std::string_view name, double value) {
    const std::optional<ParameterRef> ref = parseParameter(name);
    if (!ref) {
        return false;
    }
    slotOf(profile, *ref) = value;
    return true;
}

std::string profileParameterNames() {
    return std::string(kStepOverheadParameter) + ", " + kKernelFloorParameter + ", " +
           kLaunchParameter + ", " + kCollectiveLatencyParameter + ", " + kMoeHalfTokensParameter +
           ", " + kApiParameter + ", " + kAttentionEfficiencyParameter + ", " +
           kAttentionHalfLengthParameter + ", " + kWeightEfficiencyPrefix + "<precision> or " +
           kKvEfficiencyPrefix + "<precision>";
}

std::string_view toString(ParameterStatus status) {
    switch (status) {
        case ParameterStatus::Fitted:
            return "fitted";
        case ParameterStatus::Kept:
            return "kept";
        case ParameterStatus::Fixed:
            return "fixed";
    }
    return "";
}

double estimatedValue(const Analysis& analysis, const EstimateResult& estimate,
                      MeasuredMetric metric, std::int64_t outputTokens) {
    const std::int64_t devices =
        analysis.devices + (analysis.disaggregation ? analysis.disaggregation->prefillDevices : 0);
    return modelValue(metric, estimate.ttftSeconds, estimate.tpotSeconds,
                      static_cast<double>(analysis.decode().batch), static_cast<double>(devices),
                      outputTokens);
}

namespace {

// What fitProfile works out, stage by stage.
struct FitState {
    std::vector<ParameterRef> free, fixed;
    std::vector<Prepared> prepared;
    std::vector<std::string> ids;  // the records' names in messages and fitted_on
    Exercised exercised;
    std::vector<std::string> freeNames;

    bool isFixed(ParameterRef ref) const {
        return std::find(fixed.begin(), fixed.end(), ref) != fixed.end();
    }
    bool isFree(ParameterRef ref) const {
        return std::find(free.begin(), free.end(), ref) != free.end();
    }
};

// Why the options' scale, coverage or base cannot be fitted with; empty when they can.
std::string checkOptions(const FitOptions& options) {
    if (!(options.lossScale > 0.0) || !std::isfinite(options.lossScale)) {
        return "the loss scale must be a positive number, found " +
               generalText(options.lossScale, 4);
    }
    if (!(options.coverage >= 0.01 && options.coverage <= 0.99)) {
        return "the coverage must be a fraction from 0.01 to 0.99, found " +
               generalText(options.coverage, 4);
    }
    if (const std::vector<std::string> problems = validateProfile(options.base);
        !problems.empty()) {
        return "the base profile is not valid: " + problems.front();
    }
    return {};
}

// The free, then the fixed names into `state`; why not, for one unknown or named twice.
std::string parseNames(const FitOptions& options, FitState& state) {
    const auto parse = [&](const std::vector<std::string>& names,
                           std::vector<ParameterRef>& into) -> std::string {
        for (const std::string& name : names) {
            const std::optional<ParameterRef> ref = parseParameter(name);
            if (!ref) {
                return "unknown parameter '" + name + "': expected " + profileParameterNames();
            }
            if (state.isFree(*ref) || state.isFixed(*ref)) {
                return nameOf(*ref) + " is named twice among the free and fixed parameters";
            }
            into.push_back(*ref);
        }
        return {};
    };
    std::string error = parse(options.free, state.free);
    return error.empty() ? parse(options.fixed, state.fixed) : error;
}

// `rec` analysed under the estimate ceiling into `p`; why it cannot be fitted on, if not.
std::string prepareRecord(const CalibrationRecord& rec, const std::string& id,
                          const std::shared_ptr<const CalibrationProfile>& base, Prepared& p) {
    if (!(rec.value > 0.0) || !std::isfinite(rec.value)) {
        return id + ": the measured value must be positive and finite, found " +
               generalText(rec.value, 4);
    }
    if (rec.outputTokens < 1) {
        return id + ": the output tokens must be at least 1, found " +
               std::to_string(rec.outputTokens);
    }
    p.scenario = rec.scenario;
    p.scenario.workload.ceilings = Ceilings::Estimate;
    p.scenario.calibration = base;
    if (const std::vector<Issue> issues = validate(p.scenario); hasErrors(issues)) {
        return id + ": " + describe(issues);
    }
    p.analysis = analyze(p.scenario);
    p.metric = rec.metric;
    p.outputTokens = rec.outputTokens;
    p.logMeasured = std::log(rec.value);
    p.sign = isTimeMetric(rec.metric) ? 1.0 : -1.0;
    if (!p.analysis.hasDecode() || !std::isfinite(logEstimated(p, *base))) {
        return id + ": the estimate has no " + std::string(toString(rec.metric)) +
               " (only a decoder LLM generates tokens)";
    }
    return {};
}

// Each record analysed once, and what the records exercise; why not, naming the record.
std::string prepareRecords(const std::vector<CalibrationRecord>& records, const FitOptions& options,
                           FitState& state) {
    const auto base = std::make_shared<const CalibrationProfile>(options.base);
    state.prepared.reserve(records.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
        const CalibrationRecord& rec = records[i];
        state.ids.push_back(rec.id.empty() ? "record " + std::to_string(i + 1) : rec.id);
        Prepared p;
        if (std::string error = prepareRecord(rec, state.ids.back(), base, p); !error.empty()) {
            return error;
        }
        exercise(p, state.exercised);
        state.prepared.push_back(std::move(p));
    }
    return {};
}

// The KV precision attention_efficiency stands for: the records' most common, the first
// of a tie.
Precision commonKvPrecision(const Exercised& e) {
    Precision common = Precision::Bf16;
    std::size_t most = 0;
    for (Precision q : kAllPrecisions) {
        if (e.kvRecords[index(q)] > most) {
            most = e.kvRecords[index(q)];
            common = q;
        }
    }
    return common;
}

// The attention parameters of the default set, and notes on those it keeps.
void addAttention(const FitState& state, const CalibrationProfile& base,
                  std::vector<ParameterRef>& candidates, std::vector<std::string>& notes) {
    const Exercised& e = state.exercised;
    candidates.push_back({Slot::AttentionEfficiency});
    const ParameterRef half{Slot::AttentionHalfLength};
    if (e.attentionLengths.size() >= 2) {
        candidates.push_back(half);
    } else if (!state.isFixed(half)) {
        notes.push_back(nameOf(half) + " kept at " + generalText(slotOf(base, half), 4) +
                        ": every record attends over the same length, which cannot tell it "
                        "from " +
                        kAttentionEfficiencyParameter);
    }
    const Precision common = commonKvPrecision(e);
    for (Precision q : kAllPrecisions) {
        if (e.kvRecords[index(q)] > 0 && q != common) {
            candidates.push_back({Slot::KvEfficiency, q});
        }
    }
    const ParameterRef kept{Slot::KvEfficiency, common};
    if (!state.isFixed(kept)) {
        notes.push_back(nameOf(kept) + " kept at " + generalText(slotOf(base, kept), 4) + ": " +
                        kAttentionEfficiencyParameter + " is the attention kernel's " +
                        "efficiency with " + withArticle(common) +
                        " cache, the records' most common");
    }
}

// The default free set (FitOptions::free): what the records exercise, less the fixed.
std::vector<ParameterRef> defaultFreeSet(const FitState& state, const CalibrationProfile& base,
                                         std::vector<std::string>& notes) {
    std::vector<ParameterRef> candidates = {{Slot::StepOverhead}, {Slot::KernelFloor}};
    for (Precision q : kAllPrecisions) {
        if (state.exercised.weights[index(q)]) {
            candidates.push_back({Slot::WeightEfficiency, q});
        }
    }
    if (state.exercised.attention) {
        addAttention(state, base, candidates, notes);
    }
    std::vector<ParameterRef> free;
    for (const ParameterRef ref : candidates) {
        if (!state.isFixed(ref)) {
            free.push_back(ref);
        }
    }
    return free;
}

// The parameters reported: the four shared ones, the step's structure where named or in
// use (not 0), then each precision exercised or named; at the base's values for now.
std::vector<ParameterFit> listParameters(const FitState& state, const CalibrationProfile& base) {
    std::vector<ParameterRef> listed = {{Slot::StepOverhead},
                                        {Slot::KernelFloor},
                                        {Slot::AttentionEfficiency},
                                        {Slot::AttentionHalfLength}};
    const auto named = [&](ParameterRef ref) { return state.isFixed(ref) || state.isFree(ref); };
    for (const Slot slot :
         {Slot::Launch, Slot::CollectiveLatency, Slot::MoeHalfTokens, Slot::Api}) {
        const ParameterRef ref{slot};
        if (named(ref) || slotOf(base, ref) != 0.0) {
            listed.push_back(ref);
        }
    }
    for (const Slot slot : {Slot::WeightEfficiency, Slot::KvEfficiency}) {
        for (Precision q : kAllPrecisions) {
            const ParameterRef ref{slot, q};
            const bool used = slot == Slot::WeightEfficiency
                                  ? state.exercised.weights[index(q)]
                                  : state.exercised.kvRecords[index(q)] > 0;
            if (used || named(ref)) {
                listed.push_back(ref);
            }
        }
    }
    std::vector<ParameterFit> parameters;
    for (const ParameterRef ref : listed) {
        ParameterFit f;
        f.name = nameOf(ref);
        f.value = slotOf(base, ref);
        f.status = state.isFixed(ref)  ? ParameterStatus::Fixed
                   : state.isFree(ref) ? ParameterStatus::Fitted
                                       : ParameterStatus::Kept;
        parameters.push_back(std::move(f));
    }
    return parameters;
}

// Why the records cannot determine the free set, before any fit; empty when they may.
std::string checkDeterminable(const FitState& state) {
    if (state.free.empty()) {
        return "nothing to fit: every parameter is fixed";
    }
    for (const ParameterRef ref : state.free) {
        if (const std::string why = unexercised(ref, state.exercised); !why.empty()) {
            return "the records cannot determine " + nameOf(ref) + ": " + why;
        }
    }
    const std::size_t n = state.prepared.size(), p = state.free.size();
    if (n < p) {
        return std::to_string(n) + (n == 1 ? " record" : " records") + " cannot determine " +
               std::to_string(p) + " free parameters (" + joinNames(state.freeNames) +
               "): fix some with --fix, or add records";
    }
    return {};
}

// The full fit's problem (every record, from the base) and its starting θ: each free
// parameter at the base's value, or at its typical one where that is outside its range.
Problem fullProblem(const FitState& state, const FitOptions& options, VectorXd& theta) {
    Problem pb;
    pb.records = &state.prepared;
    pb.profile = options.base;
    pb.scale = options.lossScale;
    pb.use.resize(state.prepared.size());
    for (std::size_t i = 0; i < pb.use.size(); ++i) {
        pb.use[i] = i;
    }
    theta.resize(sizeOf(state.free.size()));
    for (const ParameterRef ref : state.free) {
        const Range range = rangeOf(ref.slot);
        const FreeParameter q{ref, std::log(range.low), std::log(range.high)};
        const double v = slotOf(options.base, ref);
        const double start = v > range.low && v < range.high ? v : range.typical;
        theta[sizeOf(pb.params.size())] = thetaOf(q, std::log(start));
        pb.params.push_back(q);
    }
    return pb;
}

bool atEdge(double theta) {
    const double f = sigmoid(theta);
    return f < kEdge || f > 1.0 - kEdge;
}

// Why a free parameter no record is sensitive to at the solution cannot be determined;
// empty when every column of elasticities has an entry of kInsensitive or more.
std::string insensitivity(const MatrixXd& J, const VectorXd& ln, const VectorXd& theta,
                          const FitState& state) {
    for (std::size_t k = 0; k < state.free.size(); ++k) {
        const Eigen::Index c = sizeOf(k);
        if (J.rows() > 0 && J.col(c).cwiseAbs().maxCoeff() >= kInsensitive) {
            continue;
        }
        // The costs in seconds and the half lengths stop mattering only when small: the
        // overhead and the floor under every kernel's time, attention flat.
        const Slot slot = state.free[k].slot;
        const bool tokens = slot == Slot::AttentionHalfLength || slot == Slot::MoeHalfTokens;
        const std::string value = generalText(std::exp(ln[c]), 3) + (tokens            ? " tokens"
                                                                     : isSeconds(slot) ? " s"
                                                                                       : "");
        std::string why;
        if (isSeconds(slot) || tokens) {
            why = "the fit takes it down to " + value +
                  ", too small to change any estimate of these records: they bound it only "
                  "from above (fix it with --fix)";
        } else if (atEdge(theta[c])) {
            why = "the fit takes it to the edge of its range (" + value +
                  "), where no estimate of these records depends on it";
        } else {
            why = "no record's estimate changes with it at the fitted values";
        }
        return "the records cannot determine " + state.freeNames[k] + ": " + why;
    }
    return {};
}

// Why free parameters that act alike cannot be determined: those with a weight of 0.2 or
// more in the eigenvector of the correlation matrix of JᵀWJ whose eigenvalue is below
// kAlike. Empty when none is.
std::string alikeness(const MatrixXd& A, const FitState& state) {
    const VectorXd scale = A.diagonal().cwiseSqrt().cwiseInverse();
    const MatrixXd correlation = scale.asDiagonal() * A * scale.asDiagonal();
    const Eigen::SelfAdjointEigenSolver<MatrixXd> eigen(correlation);
    if (eigen.info() == Eigen::Success && eigen.eigenvalues()[0] >= kAlike) {
        return {};  // the eigenvalues come in increasing order
    }
    std::vector<std::string> alike;
    for (std::size_t k = 0; k < state.free.size(); ++k) {
        if (std::abs(eigen.eigenvectors()(sizeOf(k), 0)) >= 0.2) {
            alike.push_back(state.freeNames[k]);
        }
    }
    return "the records cannot determine " + joinNames(alike) +
           ": they act alike on these records (fix one with --fix)";
}

// The standard errors of the values, from σ̂²·(JᵀWJ)⁻¹ in ln v (σ̂² = Σ w·r² / (n − p)) by
// the delta method; none without more records than parameters.
std::vector<std::optional<double>> standardErrors(const MatrixXd& A, const VectorXd& w,
                                                  const VectorXd& r, const VectorXd& ln) {
    const Eigen::Index n = r.size(), p = ln.size();
    std::vector<std::optional<double>> errors(static_cast<std::size_t>(p));
    if (n <= p) {
        return errors;
    }
    const double variance = w.dot(r.cwiseProduct(r)) / static_cast<double>(n - p);
    const Eigen::LDLT<MatrixXd> ldlt(A);
    if (ldlt.info() != Eigen::Success || !ldlt.isPositive()) {
        return errors;
    }
    const MatrixXd inverse = ldlt.solve(MatrixXd::Identity(p, p));
    for (Eigen::Index k = 0; k < p; ++k) {
        if (inverse(k, k) >= 0.0 && std::isfinite(inverse(k, k))) {
            errors[static_cast<std::size_t>(k)] =
                std::exp(ln[k]) * std::sqrt(variance * inverse(k, k));
        }
    }
    return errors;
}

// What the diagnosis at the solution finds: a refusal, or the standard errors.
struct Diagnosis {
    std::string error;
    VectorXd residuals;  // r of every record at the solution
    std::vector<std::optional<double>> errors;
};

// Identifiability at the solution, on the elasticities ∂r/∂ln v, then the standard errors.
Diagnosis diagnose(const Problem& pb, const VectorXd& theta, const FitState& state) {
    const VectorXd ln = lnValuesOf(pb, theta);
    CalibrationProfile profile = pb.profile;
    Diagnosis d;
    d.residuals = residualsAt(pb, profile, ln);
    const VectorXd& r = d.residuals;
    const MatrixXd J = elasticities(pb, ln);
    d.error = insensitivity(J, ln, theta, state);
    if (!d.error.empty()) {
        return d;
    }
    const VectorXd w = weightsOf(r, pb.scale);
    const MatrixXd A = J.transpose() * w.asDiagonal() * J;
    d.error = alikeness(A, state);
    if (d.error.empty()) {
        d.errors = standardErrors(A, w, r, ln);
    }
    return d;
}

// Notes on a fit that ended at the edge of a range or at its iteration cap.
void fitNotes(const Outcome& fit, const VectorXd& ln, const FitState& state,
              std::vector<std::string>& notes) {
    for (std::size_t k = 0; k < state.free.size(); ++k) {
        const double f = sigmoid(fit.theta[sizeOf(k)]);
        if (f < kEdge || f > 1.0 - kEdge) {
            notes.push_back(state.freeNames[k] + " reached the " + (f < kEdge ? "bottom" : "top") +
                            " of its range (" + generalText(std::exp(ln[sizeOf(k)]), 4) +
                            "): the records would take it further");
        }
    }
    if (!fit.converged) {
        notes.push_back("the fit stopped after " + std::to_string(fit.iterations) +
                        " iterations without converging");
    }
}

// Leave one out: each record predicted by the fit without it, or without its whole source
// where the records name two sources or more (records of one source share its errors: one
// lab, one software version, one method; a record whose twins stay in the fit would be
// predicted too well, and so would new data be said to be). Each refit starts at the full
// fit's θ.
std::vector<double> crossValidate(const Problem& pb, const VectorXd& theta,
                                  const std::vector<std::vector<std::size_t>>& groups) {
    const std::vector<Prepared>& prepared = *pb.records;
    std::vector<double> loo(prepared.size());
    for (const std::vector<std::size_t>& group : groups) {
        Problem held = pb;
        // The records in use are indices into `prepared` (all of them, in order, here).
        std::erase_if(held.use, [&](std::size_t i) {
            return std::binary_search(group.begin(), group.end(), i);
        });
        const CalibrationProfile refit =
            profileAt(held, minimise(held, theta, kLeaveOneOutIterations).theta);
        for (const std::size_t i : group) {
            loo[i] = residualOf(prepared[i], refit);
        }
    }
    return loo;
}

// The fitted values into the profile and the parameters, with their standard errors.
void reportValues(const VectorXd& ln, const std::vector<std::optional<double>>& errors,
                  const FitState& state, FitResult& result) {
    CalibrationProfile& out = result.profile;
    for (std::size_t k = 0; k < state.free.size(); ++k) {
        double value = std::exp(ln[sizeOf(k)]);
        // An efficiency above 1 would make a kernel faster than the achievable bound, which
        // validateProfile() refuses: it is written as 1, and said (the records ran faster
        // than the bound's model of them there). The fit's range goes past 1 so that a true
        // value of 1 is reached from inside it.
        const Slot slot = state.free[k].slot;
        const bool efficiency = slot == Slot::WeightEfficiency || slot == Slot::KvEfficiency ||
                                slot == Slot::AttentionEfficiency;
        if (efficiency && value > 1.0) {
            if (value > 1.0 + 1e-6) {
                result.notes.push_back(state.freeNames[k] + " fitted at " + generalText(value, 4) +
                                       ", above 1 (faster than the achievable bound): written "
                                       "as 1");
            }
            value = 1.0;
        }
        slotOf(out, state.free[k]) = value;
    }
    for (ParameterFit& f : result.parameters) {
        f.value = *profileParameter(out, f.name);
        const auto at = std::find(state.freeNames.begin(), state.freeNames.end(), f.name);
        if (at != state.freeNames.end()) {
            f.standardError = errors[static_cast<std::size_t>(at - state.freeNames.begin())];
        }
    }
}

// Each record's residuals, in-sample and left out, and their median errors.
void reportResiduals(const std::vector<CalibrationRecord>& records, const FitState& state,
                     const VectorXd& r, const std::vector<double>& loo, FitResult& result) {
    std::vector<double> absErrors, absLooErrors;
    for (std::size_t i = 0; i < state.prepared.size(); ++i) {
        const Prepared& rec = state.prepared[i];
        RecordResidual res;
        res.id = state.ids[i];
        res.metric = rec.metric;
        res.measured = records[i].value;
        res.residual = r[sizeOf(i)];
        res.estimated = std::exp(rec.logMeasured - rec.sign * res.residual);
        res.looResidual = loo[i];
        res.looEstimated = std::exp(rec.logMeasured - rec.sign * loo[i]);
        absErrors.push_back(std::abs(res.estimated / res.measured - 1.0));
        absLooErrors.push_back(std::abs(res.looEstimated / res.measured - 1.0));
        result.residuals.push_back(std::move(res));
    }
    result.medianAbsError = median(absErrors);
    result.medianAbsLooError = median(absLooErrors);
}

// The interval: the leave-one-out residuals' quantiles, or ± the largest of them with
// fewer than kMinRecordsForQuantiles records.
void reportInterval(const std::vector<double>& loo, double coverage, FitResult& result) {
    double low = 0.0, high = 0.0;
    if (loo.size() >= kMinRecordsForQuantiles) {
        low = quantile(loo, (1.0 - coverage) / 2.0);
        high = quantile(loo, (1.0 + coverage) / 2.0);
    } else {
        for (const double x : loo) {
            high = std::max(high, std::abs(x));
        }
        low = -high;
        result.notes.push_back("fewer than " + std::to_string(kMinRecordsForQuantiles) +
                               " records: the interval is ± the largest leave-one-out "
                               "residual, not its quantiles");
    }
    result.profile.residualLow = std::clamp(low, -5.0, 5.0);
    result.profile.residualHigh = std::clamp(high, -5.0, 5.0);
    result.profile.coverage = coverage;
}

// What the profile was fitted on and how: its domain, records, loss and sources.
void reportProvenance(const FitState& state, const FitOptions& options, CalibrationProfile& out) {
    // The base's domain, regime intervals and validation were of other records: this fit's
    // domain is its own records', and the pooled intervals are set by calibrate --validate.
    out.domain = domainOf(state.prepared);
    if (out.engine == "generic") {
        // Its records are of several engines: a range over their versions compares one
        // engine's numbers with another's, so a generic profile has none.
        out.domain.versionMin = out.domain.versionMax = EngineVersion{};
    }
    out.intervals = {};
    out.extrapolated = {};
    out.validation = {};
    out.fittedRecords = state.prepared.size();
    out.fittedOn = state.ids;
    out.loss = "soft-l1 in log space, scale " + generalText(options.lossScale, 4);
    // A base source that describes a value the fit replaced (fitted or fixed) no longer
    // holds: drop it ("from h200.generic: step_overhead_s 1e-3: assumed ...").
    const auto replaced = [&](const std::string& source) {
        const std::size_t colon = source.find(": ");
        const std::string text = colon == std::string::npos ? source : source.substr(colon + 2);
        const auto names = [&](const std::vector<std::string>& list) {
            return std::any_of(list.begin(), list.end(), [&](const std::string& name) {
                return text.starts_with(name + " ") || text.starts_with(name + ":");
            });
        };
        return names(state.freeNames) || names(options.fixed);
    };
    std::erase_if(out.sources, replaced);
    for (const std::string& name : options.fixed) {
        out.sources.push_back(name + ": held at " + generalText(*profileParameter(out, name), 6) +
                              " by the caller (roofline-cli calibrate --fix), not fitted here");
    }
    const std::size_t n = state.prepared.size();
    out.sources.push_back(joinNames(state.freeNames) + ": fitted on " + std::to_string(n) +
                          (n == 1 ? " record" : " records") +
                          (options.recordsSource.empty() ? "" : " of " + options.recordsSource));
}

// The records prepared and the free set settled, or why not.
std::string settle(const std::vector<CalibrationRecord>& records, const FitOptions& options,
                   FitState& state, FitResult& result) {
    if (std::string error = checkOptions(options); !error.empty()) {
        return error;
    }
    if (std::string error = parseNames(options, state); !error.empty()) {
        return error;
    }
    if (records.empty()) {
        return "no records to fit on";
    }
    if (std::string error = prepareRecords(records, options, state); !error.empty()) {
        return error;
    }
    if (state.free.empty()) {
        state.free = defaultFreeSet(state, options.base, result.notes);
    }
    result.parameters = listParameters(state, options.base);
    for (const ParameterRef ref : state.free) {
        state.freeNames.push_back(nameOf(ref));
    }
    return checkDeterminable(state);
}

}  // namespace

FitResult fitProfile(const std::vector<CalibrationRecord>& records, const FitOptions& options) {
    FitResult result;
    result.profile = options.base;
    FitState state;
    if (std::string error = settle(records, options, state, result); !error.empty()) {
        return refuse(std::move(result), std::move(error));
    }
    VectorXd start;
    const Problem pb = fullProblem(state, options, start);
    const Outcome fit = minimise(pb, start, kFitIterations);
    result.iterations = fit.iterations;
    result.converged = fit.converged;
    Diagnosis diagnosis = diagnose(pb, fit.theta, state);
    if (!diagnosis.error.empty()) {
        return refuse(std::move(result), std::move(diagnosis.error));
    }
    const VectorXd ln = lnValuesOf(pb, fit.theta);
    fitNotes(fit, ln, state, result.notes);
    const std::vector<std::vector<std::size_t>> groups = sourceGroups(records);
    result.heldOutBySource = groups.size() < records.size();
    const std::vector<double> loo = crossValidate(pb, fit.theta, groups);
    reportValues(ln, diagnosis.errors, state, result);
    reportResiduals(records, state, diagnosis.residuals, loo, result);
    reportInterval(loo, options.coverage, result);
    reportProvenance(state, options, result.profile);
    result.ok = true;
    return result;
}

}  // namespace roofline
