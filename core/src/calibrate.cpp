// SPDX-License-Identifier: GPL-3.0-or-later
// Fitting a calibration profile from measured results (calibrate.h): soft-L1 in log space,
// Levenberg–Marquardt over bounded log parameters, identifiability checks, and the
// leave-one-out interval.

#include "roofline/calibrate.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <utility>

#include "roofline/analysis.h"
#include "roofline/format.h"
#include "roofline/validate.h"

namespace roofline {

namespace {

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

// What the minimiser works on: the records in use, the free parameters, and a working
// copy of the profile whose free slots each evaluation overwrites.
struct Problem {
    const std::vector<Prepared>* records = nullptr;
    std::vector<std::size_t> use;
    std::vector<FreeParameter> params;
    CalibrationProfile profile;
    double scale = 0.1;
};

void setLnValues(Problem& pb, const std::vector<double>& lnValues) {
    for (std::size_t k = 0; k < pb.params.size(); ++k) {
        slotOf(pb.profile, pb.params[k].ref) = std::exp(lnValues[k]);
    }
}

std::vector<double> lnValuesOf(const Problem& pb, const std::vector<double>& theta) {
    std::vector<double> ln(theta.size());
    for (std::size_t k = 0; k < theta.size(); ++k) {
        ln[k] = lnValueOf(pb.params[k], theta[k]);
    }
    return ln;
}

// The residuals of the records in use at `lnValues`; false when one is not finite.
bool evaluate(Problem& pb, const std::vector<double>& lnValues, std::vector<double>& r) {
    setLnValues(pb, lnValues);
    r.resize(pb.use.size());
    bool finite = true;
    for (std::size_t i = 0; i < pb.use.size(); ++i) {
        r[i] = residualOf((*pb.records)[pb.use[i]], pb.profile);
        finite = finite && std::isfinite(r[i]);
    }
    return finite;
}

double softL1(const std::vector<double>& r, double s) {
    double sum = 0.0;
    for (const double x : r) {
        sum += 2.0 * s * s * (std::sqrt(1.0 + (x / s) * (x / s)) - 1.0);
    }
    return sum;
}

// The IRLS weights of soft-L1: ρ'(r) / (2r) = 1 / √(1 + (r/s)²).
std::vector<double> weightsOf(const std::vector<double>& r, double s) {
    std::vector<double> w(r.size());
    for (std::size_t i = 0; i < r.size(); ++i) {
        w[i] = 1.0 / std::sqrt(1.0 + (r[i] / s) * (r[i] / s));
    }
    return w;
}

// ∂r_i/∂ln v_k by central differences, row-major (records × parameters).
constexpr double kStep = 1e-4;

std::vector<double> jacobian(Problem& pb, const std::vector<double>& lnValues) {
    const std::size_t n = pb.use.size(), p = lnValues.size();
    std::vector<double> J(n * p, 0.0), up, down;
    std::vector<double> at = lnValues;
    for (std::size_t k = 0; k < p; ++k) {
        at[k] = lnValues[k] + kStep;
        const bool upOk = evaluate(pb, at, up);
        at[k] = lnValues[k] - kStep;
        const bool downOk = evaluate(pb, at, down);
        at[k] = lnValues[k];
        if (upOk && downOk) {
            for (std::size_t i = 0; i < n; ++i) {
                J[i * p + k] = (up[i] - down[i]) / (2.0 * kStep);
            }
        }
    }
    setLnValues(pb, lnValues);
    return J;
}

// JᵀWJ (p × p) and JᵀWr (p) of a row-major J.
void normalEquations(const std::vector<double>& J, const std::vector<double>& w,
                     const std::vector<double>& r, std::size_t p, std::vector<double>& A,
                     std::vector<double>& g) {
    A.assign(p * p, 0.0);
    g.assign(p, 0.0);
    for (std::size_t i = 0; i < w.size(); ++i) {
        for (std::size_t k = 0; k < p; ++k) {
            const double wk = w[i] * J[i * p + k];
            g[k] += wk * r[i];
            for (std::size_t l = 0; l < p; ++l) {
                A[k * p + l] += wk * J[i * p + l];
            }
        }
    }
}

// Solves M x = b (p × p, row-major) by Gaussian elimination with partial pivoting; false
// when M is singular to working precision.
bool solve(std::vector<double> M, std::vector<double> b, std::size_t p, std::vector<double>& x) {
    double largest = 0.0;
    for (const double m : M) {
        largest = std::max(largest, std::abs(m));
    }
    for (std::size_t c = 0; c < p; ++c) {
        std::size_t pivot = c;
        for (std::size_t i = c + 1; i < p; ++i) {
            if (std::abs(M[i * p + c]) > std::abs(M[pivot * p + c])) {
                pivot = i;
            }
        }
        if (!(std::abs(M[pivot * p + c]) > 1e-14 * largest)) {
            return false;
        }
        if (pivot != c) {
            for (std::size_t j = 0; j < p; ++j) {
                std::swap(M[c * p + j], M[pivot * p + j]);
            }
            std::swap(b[c], b[pivot]);
        }
        for (std::size_t i = c + 1; i < p; ++i) {
            const double f = M[i * p + c] / M[c * p + c];
            for (std::size_t j = c; j < p; ++j) {
                M[i * p + j] -= f * M[c * p + j];
            }
            b[i] -= f * b[c];
        }
    }
    x.assign(p, 0.0);
    for (std::size_t c = p; c-- > 0;) {
        double s = b[c];
        for (std::size_t j = c + 1; j < p; ++j) {
            s -= M[c * p + j] * x[j];
        }
        x[c] = s / M[c * p + c];
    }
    return true;
}

// Eigenvalues and eigenvectors (columns of `vectors`) of the symmetric p × p matrix `a`,
// by cyclic Jacobi rotations.
void symmetricEigen(std::vector<double> a, std::size_t p, std::vector<double>& values,
                    std::vector<double>& vectors) {
    vectors.assign(p * p, 0.0);
    for (std::size_t i = 0; i < p; ++i) {
        vectors[i * p + i] = 1.0;
    }
    for (int sweep = 0; sweep < 100; ++sweep) {
        double off = 0.0, all = 0.0;
        for (std::size_t i = 0; i < p; ++i) {
            for (std::size_t j = 0; j < p; ++j) {
                all += a[i * p + j] * a[i * p + j];
                if (i != j) {
                    off += a[i * p + j] * a[i * p + j];
                }
            }
        }
        if (off <= 1e-30 * all) {
            break;
        }
        for (std::size_t k = 0; k < p; ++k) {
            for (std::size_t l = k + 1; l < p; ++l) {
                const double akl = a[k * p + l];
                if (akl == 0.0) {
                    continue;
                }
                const double tau = (a[l * p + l] - a[k * p + k]) / (2.0 * akl);
                const double t =
                    (tau >= 0.0 ? 1.0 : -1.0) / (std::abs(tau) + std::sqrt(1.0 + tau * tau));
                const double c = 1.0 / std::sqrt(1.0 + t * t), s = t * c;
                for (std::size_t i = 0; i < p; ++i) {  // a ← a·R
                    const double aik = a[i * p + k], ail = a[i * p + l];
                    a[i * p + k] = c * aik - s * ail;
                    a[i * p + l] = s * aik + c * ail;
                }
                for (std::size_t j = 0; j < p; ++j) {  // a ← Rᵀ·a
                    const double akj = a[k * p + j], alj = a[l * p + j];
                    a[k * p + j] = c * akj - s * alj;
                    a[l * p + j] = s * akj + c * alj;
                }
                for (std::size_t i = 0; i < p; ++i) {
                    const double vik = vectors[i * p + k], vil = vectors[i * p + l];
                    vectors[i * p + k] = c * vik - s * vil;
                    vectors[i * p + l] = s * vik + c * vil;
                }
            }
        }
    }
    values.resize(p);
    for (std::size_t i = 0; i < p; ++i) {
        values[i] = a[i * p + i];
    }
}

struct Outcome {
    std::vector<double> theta;
    int iterations = 0;
    bool converged = false;
};

// Levenberg–Marquardt on the IRLS Gauss–Newton steps of soft-L1, from `theta`: a step is
// taken only when it lowers the loss itself.
Outcome minimise(Problem& pb, std::vector<double> theta, int maxIterations) {
    const std::size_t p = theta.size();
    Outcome out;
    std::vector<double> r, trial, A, g, M, delta;
    std::vector<double> ln = lnValuesOf(pb, theta);
    evaluate(pb, ln, r);
    double loss = softL1(r, pb.scale);
    double lambda = 1e-3;
    for (int it = 0; it < maxIterations && !pb.use.empty(); ++it) {
        out.iterations = it + 1;
        std::vector<double> J = jacobian(pb, ln);
        for (std::size_t k = 0; k < p; ++k) {  // ∂/∂θ = ∂/∂ln v · dln v/dθ
            const double sg = sigmoid(theta[k]);
            const double chain = (pb.params[k].lnHigh - pb.params[k].lnLow) * sg * (1.0 - sg);
            for (std::size_t i = 0; i < r.size(); ++i) {
                J[i * p + k] *= chain;
            }
        }
        normalEquations(J, weightsOf(r, pb.scale), r, p, A, g);
        double maxDiagonal = 0.0;
        for (std::size_t k = 0; k < p; ++k) {
            maxDiagonal = std::max(maxDiagonal, A[k * p + k]);
        }
        bool accepted = false;
        double trialLoss = loss;
        std::vector<double> trialTheta;
        while (lambda <= 1e10) {
            M = A;
            for (std::size_t k = 0; k < p; ++k) {
                // Marquardt's scaling, with a floor so that a flat direction is damped too.
                M[k * p + k] += lambda * std::max(A[k * p + k], 1e-12 * maxDiagonal + 1e-300);
            }
            std::vector<double> minusG(p);
            for (std::size_t k = 0; k < p; ++k) {
                minusG[k] = -g[k];
            }
            if (solve(M, minusG, p, delta)) {
                trialTheta = theta;
                for (std::size_t k = 0; k < p; ++k) {
                    trialTheta[k] += delta[k];
                }
                const std::vector<double> trialLn = lnValuesOf(pb, trialTheta);
                if (evaluate(pb, trialLn, trial)) {
                    trialLoss = softL1(trial, pb.scale);
                    if (trialLoss < loss) {
                        accepted = true;
                        lambda = std::max(lambda * 0.1, 1e-12);
                        break;
                    }
                }
            }
            lambda *= 10.0;
        }
        if (!accepted) {  // no step lowers the loss: a minimum, to working precision
            out.converged = true;
            break;
        }
        const double decrease = loss - trialLoss;
        double largestStep = 0.0;
        for (const double d : delta) {
            largestStep = std::max(largestStep, std::abs(d));
        }
        theta = trialTheta;
        ln = lnValuesOf(pb, theta);
        r = trial;
        loss = trialLoss;
        if (decrease <= 1e-10 * loss || largestStep < 1e-10) {
            out.converged = true;
            break;
        }
    }
    setLnValues(pb, ln);
    out.theta = theta;
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
        if (op.kind == OperatorKind::Communication && op.count > 0.0) {
            e.collectives = true;
        }
        if (op.id == OperatorId::MoeUp || op.id == OperatorId::MoeDown) {
            e.routedExperts = true;
        }
        if (op.kind == OperatorKind::Matmul) {
            e.weights[index(matmulWeightPrecision(op.id, r.scenario.workload))] = true;
        } else if (op.kind == OperatorKind::Attention) {
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
        std::uint8_t kinds = s.model.moe.enabled() ? kMoeModel : kDenseModel;
        for (const LayerGroup& g : s.model.layerGroups) {
            if (g.mixer == MixerKind::Mla || g.mixer == MixerKind::SparseMla) {
                kinds |= kMlaModel;
            }
        }
        if (r.analysis.stateBytesPerSequence > 0.0) {
            kinds |= kHybridModel;
        }
        d.kinds |= kinds;
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

FitResult fitProfile(const std::vector<CalibrationRecord>& records, const FitOptions& options) {
    FitResult result;
    result.profile = options.base;
    if (!(options.lossScale > 0.0) || !std::isfinite(options.lossScale)) {
        return refuse(std::move(result), "the loss scale must be a positive number, found " +
                                             generalText(options.lossScale, 4));
    }
    if (!(options.coverage >= 0.01 && options.coverage <= 0.99)) {
        return refuse(std::move(result),
                      "the coverage must be a fraction from 0.01 to 0.99, found " +
                          generalText(options.coverage, 4));
    }
    if (const std::vector<std::string> problems = validateProfile(options.base);
        !problems.empty()) {
        return refuse(std::move(result), "the base profile is not valid: " + problems.front());
    }

    // The names, free and fixed.
    std::vector<ParameterRef> free, fixed;
    const auto parse = [&](const std::vector<std::string>& names,
                           std::vector<ParameterRef>& into) -> std::string {
        for (const std::string& name : names) {
            const std::optional<ParameterRef> ref = parseParameter(name);
            if (!ref) {
                return "unknown parameter '" + name + "': expected " + profileParameterNames();
            }
            if (std::find(free.begin(), free.end(), *ref) != free.end() ||
                std::find(fixed.begin(), fixed.end(), *ref) != fixed.end()) {
                return nameOf(*ref) + " is named twice among the free and fixed parameters";
            }
            into.push_back(*ref);
        }
        return {};
    };
    std::string error = parse(options.free, free);
    if (error.empty()) {
        error = parse(options.fixed, fixed);
    }
    if (!error.empty()) {
        return refuse(std::move(result), std::move(error));
    }
    if (records.empty()) {
        return refuse(std::move(result), "no records to fit on");
    }

    // Each record analysed once under the estimate ceiling.
    const auto base = std::make_shared<const CalibrationProfile>(options.base);
    std::vector<Prepared> prepared;
    std::vector<std::string> ids;
    prepared.reserve(records.size());
    Exercised exercised;
    for (std::size_t i = 0; i < records.size(); ++i) {
        const CalibrationRecord& rec = records[i];
        ids.push_back(rec.id.empty() ? "record " + std::to_string(i + 1) : rec.id);
        const std::string& id = ids.back();
        if (!(rec.value > 0.0) || !std::isfinite(rec.value)) {
            return refuse(std::move(result), id +
                                                 ": the measured value must be positive and "
                                                 "finite, found " +
                                                 generalText(rec.value, 4));
        }
        if (rec.outputTokens < 1) {
            return refuse(std::move(result), id + ": the output tokens must be at least 1, found " +
                                                 std::to_string(rec.outputTokens));
        }
        Prepared p;
        p.scenario = rec.scenario;
        p.scenario.workload.ceilings = Ceilings::Estimate;
        p.scenario.calibration = base;
        if (const std::vector<Issue> issues = validate(p.scenario); hasErrors(issues)) {
            return refuse(std::move(result), id + ": " + describe(issues));
        }
        p.analysis = analyze(p.scenario);
        p.metric = rec.metric;
        p.outputTokens = rec.outputTokens;
        p.logMeasured = std::log(rec.value);
        p.sign = isTimeMetric(rec.metric) ? 1.0 : -1.0;
        if (!p.analysis.hasDecode() || !std::isfinite(logEstimated(p, options.base))) {
            return refuse(std::move(result), id + ": the estimate has no " +
                                                 std::string(toString(rec.metric)) +
                                                 " (only a decoder LLM generates tokens)");
        }
        exercise(p, exercised);
        prepared.push_back(std::move(p));
    }

    // The default free set: what the records exercise.
    const bool defaultSet = free.empty();
    const auto isFixed = [&](ParameterRef ref) {
        return std::find(fixed.begin(), fixed.end(), ref) != fixed.end();
    };
    if (defaultSet) {
        std::vector<ParameterRef> candidates = {{Slot::StepOverhead}, {Slot::KernelFloor}};
        for (Precision q : kAllPrecisions) {
            if (exercised.weights[index(q)]) {
                candidates.push_back({Slot::WeightEfficiency, q});
            }
        }
        if (exercised.attention) {
            candidates.push_back({Slot::AttentionEfficiency});
            const ParameterRef half{Slot::AttentionHalfLength};
            if (exercised.attentionLengths.size() >= 2) {
                candidates.push_back(half);
            } else if (!isFixed(half)) {
                result.notes.push_back(
                    nameOf(half) + " kept at " + generalText(slotOf(options.base, half), 4) +
                    ": every record attends over the same length, which cannot tell it from " +
                    kAttentionEfficiencyParameter);
            }
            // The most common KV precision (the first of a tie) is attention_efficiency's.
            Precision common = Precision::Bf16;
            std::size_t most = 0;
            for (Precision q : kAllPrecisions) {
                if (exercised.kvRecords[index(q)] > most) {
                    most = exercised.kvRecords[index(q)];
                    common = q;
                }
            }
            for (Precision q : kAllPrecisions) {
                if (exercised.kvRecords[index(q)] > 0 && q != common) {
                    candidates.push_back({Slot::KvEfficiency, q});
                }
            }
            const ParameterRef kept{Slot::KvEfficiency, common};
            if (!isFixed(kept)) {
                result.notes.push_back(
                    nameOf(kept) + " kept at " + generalText(slotOf(options.base, kept), 4) + ": " +
                    kAttentionEfficiencyParameter + " is the attention kernel's " +
                    "efficiency with " + withArticle(common) + " cache, the records' most common");
            }
        }
        for (const ParameterRef ref : candidates) {
            if (!isFixed(ref)) {
                free.push_back(ref);
            }
        }
    }

    // The parameters reported: the four shared ones, then each precision exercised or named.
    {
        std::vector<ParameterRef> listed = {{Slot::StepOverhead},
                                            {Slot::KernelFloor},
                                            {Slot::AttentionEfficiency},
                                            {Slot::AttentionHalfLength}};
        const auto named = [&](ParameterRef ref) {
            return isFixed(ref) || std::find(free.begin(), free.end(), ref) != free.end();
        };
        // The step's structure: listed where named or in use (not 0).
        for (const Slot slot :
             {Slot::Launch, Slot::CollectiveLatency, Slot::MoeHalfTokens, Slot::Api}) {
            const ParameterRef ref{slot};
            if (named(ref) || slotOf(options.base, ref) != 0.0) {
                listed.push_back(ref);
            }
        }
        for (const Slot slot : {Slot::WeightEfficiency, Slot::KvEfficiency}) {
            for (Precision q : kAllPrecisions) {
                const ParameterRef ref{slot, q};
                const bool used = slot == Slot::WeightEfficiency
                                      ? exercised.weights[index(q)]
                                      : exercised.kvRecords[index(q)] > 0;
                if (used || named(ref)) {
                    listed.push_back(ref);
                }
            }
        }
        for (const ParameterRef ref : listed) {
            ParameterFit f;
            f.name = nameOf(ref);
            f.value = slotOf(options.base, ref);
            f.status = isFixed(ref) ? ParameterStatus::Fixed
                       : std::find(free.begin(), free.end(), ref) != free.end()
                           ? ParameterStatus::Fitted
                           : ParameterStatus::Kept;
            result.parameters.push_back(std::move(f));
        }
    }

    std::vector<std::string> freeNames;
    freeNames.reserve(free.size());
    for (const ParameterRef ref : free) {
        freeNames.push_back(nameOf(ref));
    }
    if (free.empty()) {
        return refuse(std::move(result), "nothing to fit: every parameter is fixed");
    }
    for (const ParameterRef ref : free) {
        if (const std::string why = unexercised(ref, exercised); !why.empty()) {
            return refuse(std::move(result),
                          "the records cannot determine " + nameOf(ref) + ": " + why);
        }
    }
    const std::size_t n = prepared.size(), p = free.size();
    if (n < p) {
        return refuse(std::move(result), std::to_string(n) + (n == 1 ? " record" : " records") +
                                             " cannot determine " + std::to_string(p) +
                                             " free parameters (" + joinNames(freeNames) +
                                             "): fix some with --fix, or add records");
    }

    // The full fit.
    Problem pb;
    pb.records = &prepared;
    pb.profile = options.base;
    pb.scale = options.lossScale;
    pb.use.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        pb.use[i] = i;
    }
    std::vector<double> theta;
    for (const ParameterRef ref : free) {
        const Range range = rangeOf(ref.slot);
        FreeParameter q{ref, std::log(range.low), std::log(range.high)};
        const double v = slotOf(options.base, ref);
        const double start = v > range.low && v < range.high ? v : range.typical;
        theta.push_back(thetaOf(q, std::log(start)));
        pb.params.push_back(q);
    }
    const Outcome fit = minimise(pb, theta, kFitIterations);
    result.iterations = fit.iterations;
    result.converged = fit.converged;
    const std::vector<double> ln = lnValuesOf(pb, fit.theta);
    std::vector<double> r;
    evaluate(pb, ln, r);

    // Identifiability at the solution, on the elasticities ∂r/∂ln v.
    const std::vector<double> J = jacobian(pb, ln);
    for (std::size_t k = 0; k < p; ++k) {
        double largest = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            largest = std::max(largest, std::abs(J[i * p + k]));
        }
        if (largest < kInsensitive) {
            // The costs in seconds and the half length stop mattering only when small: the
            // overhead and the floor under every kernel's time, attention flat.
            const std::string value =
                generalText(std::exp(ln[k]), 3) +
                (free[k].slot == Slot::AttentionHalfLength || free[k].slot == Slot::MoeHalfTokens
                     ? " tokens"
                 : isSeconds(free[k].slot) ? " s"
                                           : "");
            const bool small = isSeconds(free[k].slot) ||
                               free[k].slot == Slot::AttentionHalfLength ||
                               free[k].slot == Slot::MoeHalfTokens;
            std::string why;
            if (small) {
                why = "the fit takes it down to " + value +
                      ", too small to change any estimate of these records: they bound it only "
                      "from above (fix it with --fix)";
            } else if (sigmoid(fit.theta[k]) < kEdge || sigmoid(fit.theta[k]) > 1.0 - kEdge) {
                why = "the fit takes it to the edge of its range (" + value +
                      "), where no estimate of these records depends on it";
            } else {
                why = "no record's estimate changes with it at the fitted values";
            }
            return refuse(std::move(result),
                          "the records cannot determine " + freeNames[k] + ": " + why);
        }
    }
    const std::vector<double> w = weightsOf(r, options.lossScale);
    std::vector<double> A, g;
    normalEquations(J, w, r, p, A, g);
    {
        std::vector<double> correlation(p * p), values, vectors;
        for (std::size_t k = 0; k < p; ++k) {
            for (std::size_t l = 0; l < p; ++l) {
                correlation[k * p + l] = A[k * p + l] / std::sqrt(A[k * p + k] * A[l * p + l]);
            }
        }
        symmetricEigen(correlation, p, values, vectors);
        const auto smallest = std::min_element(values.begin(), values.end());
        if (*smallest < kAlike) {
            const auto e = static_cast<std::size_t>(smallest - values.begin());
            std::vector<std::string> alike;
            for (std::size_t k = 0; k < p; ++k) {
                if (std::abs(vectors[k * p + e]) >= 0.2) {
                    alike.push_back(freeNames[k]);
                }
            }
            return refuse(std::move(result), "the records cannot determine " + joinNames(alike) +
                                                 ": they act alike on these records (fix one "
                                                 "with --fix)");
        }
    }

    // Standard errors, from σ̂²·(JᵀWJ)⁻¹ in ln v.
    std::vector<std::optional<double>> errors(p);
    if (n > p) {
        double sum = 0.0;
        for (std::size_t i = 0; i < n; ++i) {
            sum += w[i] * r[i] * r[i];
        }
        const double variance = sum / static_cast<double>(n - p);
        for (std::size_t k = 0; k < p; ++k) {
            std::vector<double> unit(p, 0.0), column;
            unit[k] = 1.0;
            if (solve(A, unit, p, column) && column[k] >= 0.0) {
                errors[k] = std::exp(ln[k]) * std::sqrt(variance * column[k]);
            }
        }
    }
    for (std::size_t k = 0; k < p; ++k) {
        const double f = sigmoid(fit.theta[k]);
        if (f < kEdge || f > 1.0 - kEdge) {
            result.notes.push_back(freeNames[k] + " reached the " + (f < kEdge ? "bottom" : "top") +
                                   " of its range (" + generalText(std::exp(ln[k]), 4) +
                                   "): the records would take it further");
        }
    }
    if (!fit.converged) {
        result.notes.push_back("the fit stopped after " + std::to_string(fit.iterations) +
                               " iterations without converging");
    }

    // Leave one out: each record predicted by the fit without it, or without its whole
    // source where the records name two sources or more (records of one source share its
    // errors: one lab, one software version, one method; a record whose twins stay in the
    // fit would be predicted too well, and so would new data be said to be).
    const std::vector<std::vector<std::size_t>> groups = sourceGroups(records);
    result.heldOutBySource = groups.size() < n;
    std::vector<double> loo(n);
    for (const std::vector<std::size_t>& group : groups) {
        Problem held = pb;
        // The records in use are indices into `prepared` (all of them, in order, here).
        held.use.erase(std::remove_if(held.use.begin(), held.use.end(),
                                      [&](std::size_t i) {
                                          return std::binary_search(group.begin(), group.end(), i);
                                      }),
                       held.use.end());
        minimise(held, fit.theta, kLeaveOneOutIterations);
        for (const std::size_t i : group) {
            loo[i] = residualOf(prepared[i], held.profile);
        }
    }

    // The fitted profile.
    CalibrationProfile& out = result.profile;
    for (std::size_t k = 0; k < p; ++k) {
        double value = std::exp(ln[k]);
        // An efficiency above 1 would make a kernel faster than the achievable bound, which
        // validateProfile() refuses: it is written as 1, and said (the records ran faster
        // than the bound's model of them there). The fit's range goes past 1 so that a true
        // value of 1 is reached from inside it.
        const bool efficiency = free[k].slot == Slot::WeightEfficiency ||
                                free[k].slot == Slot::KvEfficiency ||
                                free[k].slot == Slot::AttentionEfficiency;
        if (efficiency && value > 1.0) {
            if (value > 1.0 + 1e-6) {
                result.notes.push_back(freeNames[k] + " fitted at " + generalText(value, 4) +
                                       ", above 1 (faster than the achievable bound): written "
                                       "as 1");
            }
            value = 1.0;
        }
        slotOf(out, free[k]) = value;
    }
    for (ParameterFit& f : result.parameters) {
        f.value = *profileParameter(out, f.name);
        const auto at = std::find(freeNames.begin(), freeNames.end(), f.name);
        if (at != freeNames.end()) {
            f.standardError = errors[static_cast<std::size_t>(at - freeNames.begin())];
        }
    }
    std::vector<double> absErrors, absLooErrors;
    for (std::size_t i = 0; i < n; ++i) {
        const Prepared& rec = prepared[i];
        RecordResidual res;
        res.id = ids[i];
        res.metric = rec.metric;
        res.measured = records[i].value;
        res.residual = r[i];
        res.estimated = std::exp(rec.logMeasured - rec.sign * r[i]);
        res.looResidual = loo[i];
        res.looEstimated = std::exp(rec.logMeasured - rec.sign * loo[i]);
        absErrors.push_back(std::abs(res.estimated / res.measured - 1.0));
        absLooErrors.push_back(std::abs(res.looEstimated / res.measured - 1.0));
        result.residuals.push_back(std::move(res));
    }
    result.medianAbsError = median(absErrors);
    result.medianAbsLooError = median(absLooErrors);
    double low = 0.0, high = 0.0;
    if (n >= kMinRecordsForQuantiles) {
        low = quantile(loo, (1.0 - options.coverage) / 2.0);
        high = quantile(loo, (1.0 + options.coverage) / 2.0);
    } else {
        for (const double x : loo) {
            high = std::max(high, std::abs(x));
        }
        low = -high;
        result.notes.push_back("fewer than " + std::to_string(kMinRecordsForQuantiles) +
                               " records: the interval is ± the largest leave-one-out "
                               "residual, not its quantiles");
    }
    out.residualLow = std::clamp(low, -5.0, 5.0);
    out.residualHigh = std::clamp(high, -5.0, 5.0);
    out.coverage = options.coverage;
    // The base's domain, regime intervals and validation were of other records: this fit's
    // domain is its own records', and the pooled intervals are set by calibrate --validate.
    out.domain = domainOf(prepared);
    out.intervals = {};
    out.extrapolated = {};
    out.validation = {};
    out.fittedRecords = n;
    out.fittedOn = ids;
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
        return names(freeNames) || names(options.fixed);
    };
    out.sources.erase(std::remove_if(out.sources.begin(), out.sources.end(), replaced),
                      out.sources.end());
    for (const std::string& name : options.fixed) {
        out.sources.push_back(name + ": held at " + generalText(*profileParameter(out, name), 6) +
                              " by the caller (roofline-cli calibrate --fix), not fitted here");
    }
    out.sources.push_back(joinNames(freeNames) + ": fitted on " + std::to_string(n) +
                          (n == 1 ? " record" : " records") +
                          (options.recordsSource.empty() ? "" : " of " + options.recordsSource));
    result.ok = true;
    return result;
}

}  // namespace roofline
