// SPDX-License-Identifier: GPL-3.0-or-later
#include "critical_batch.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace roofline::detail {

namespace {

// Beyond this "crossing" is not a serving regime.
constexpr double kLimit = 1e12;

// φ(b): the fraction of the routed experts b tokens touch, 1 − (1 − k/E)^b.
double touchedFraction(double b, double logUntouched) {
    if (logUntouched == 0.0) {
        return 0.0;  // no routed experts (a dense model): skip the libm call
    }
    const double e = b * logUntouched;
    return e > -60.0 ? -std::expm1(e) : 1.0;  // below e^-60, 1 − q^b is 1 in a double
}

// Root of slope·b = F + X·φ(b) (slope > 0), φ(b) = 1 − e^(b·logUntouched) the touched
// fraction of the routed experts: between F/slope (φ = 0) and (F + X)/slope (φ = 1). The
// difference is convex, so Newton from the upper end descends monotonically onto it.
double crossing(double slope, double F, double X, double logUntouched) {
    double b = (F + X) / slope;
    if (X <= 0.0 || !(b < kLimit)) {
        return b;
    }
    for (int i = 0; i < 50; ++i) {
        const double e = b * logUntouched;
        const double q = e > -60.0 ? std::exp(e) : 0.0;  // below e^-60, 1 − q is 1 in a double
        const double value = slope * b - F - X * (1.0 - q);
        const double derivative = slope + X * logUntouched * q;
        if (value <= 0.0 || derivative <= 0.0) {
            break;
        }
        const double next = b - value / derivative;
        if (!(next < b - 0.25)) {
            break;
        }
        b = next;
    }
    return b;
}

// One operator whose bound can change with the batch b: compute time c·b against memory
// time F + X·φ(b) + l·b (F fixed weights, X routed experts all touched, φ the touched
// fraction, l per sequence). `cross` is where c·b first exceeds the memory time.
// No initialisers: StepModel holds kOperatorCount of them and sets only the ones it uses.
struct Switching {
    double c, F, X, l;
    double cross;
};

// The decode step's time split as a function of b, from its operators at one batch.
// Every operator's FLOPs and activation/KV bytes are proportional to b; weights are fixed
// except the routed experts, whose touched fraction 1 − (1 − k/E)^b grows toward 1; link
// time is α per collective plus a part proportional to b.
class StepModel {
public:
    StepModel(const Analysis::Operators& ops, const PassTotals& decode, const Context& x)
        : m_logUntouched(x.logUntouched) {
        // Per sequence: a product with 1/B (within an ulp of the quotient; the divisions
        // were a fifth of this walk).
        const double perSequence = 1.0 / decode.cost.batch;
        const double touched = decode.expertFraction;
        for (std::size_t i = 0; i < decode.size; ++i) {
            const OperatorCost& op = ops[decode.first + i];
            const OpScaling& s = decode.scaling[i];
            if (op.kind == OperatorKind::Matmul) {
                m_matmul.flops += op.flops;
                m_matmul.bytes += op.bytes();
                m_matmul.fixed += s.fixedBytes;
                m_matmul.full += s.expertFullBytes;
                m_matmul.touched += s.expertTouchedBytes;
            }
            if (op.linkTimeSeconds > 0.0) {  // a collective: α per call plus ∝ b
                m_fixed += s.fixedLinkSeconds;
                m_memorySlope += (op.linkTimeSeconds - s.fixedLinkSeconds) * perSequence;
                continue;
            }
            const double c = op.computeTimeSeconds * perSequence;
            const double X = s.expertFullBytes * x.secondsPerByte;
            // Bytes read once whatever b (weights), as the operator's emitter declared them;
            // the embedding gather's rows grow with b and are not among them.
            const double F = s.fixedBytes * x.secondsPerByte;
            const double l = (op.memoryTimeSeconds - F - X * touched) * perSequence;
            if (F <= 0.0 && X <= 0.0) {
                // Both times ∝ b: the operator's bound never changes.
                if (c > l) {
                    m_computeSlope += c;
                } else {
                    m_memorySlope += l;
                }
            } else if (!(c > l)) {
                // Never compute-bound: its memory time F + X·φ(b) + l·b ≥ l·b ≥ c·b.
                m_memorySlope += l;
                m_fixed += F;
                m_curved += X;
            } else if (m_count < m_ops.size()) {
                m_ops[m_count++] = {c, F, X, l, 0.0};
            }
        }
    }

    // Compute-bound time minus all other time at batch b: ≥ 0 iff the compute share ≥ ½.
    double excess(double b) const {
        const double f = touchedFraction(b, m_logUntouched);
        double g = (m_computeSlope - m_memorySlope) * b - m_fixed - m_curved * f;
        for (std::size_t i = 0; i < m_count; ++i) {
            const Switching& o = m_ops[i];
            const double compute = o.c * b;
            const double memory = o.F + o.X * f + o.l * b;
            g += compute > memory ? compute : -memory;
        }
        return g;
    }

    // Where excess() turns ≥ 0, as a real number: walks the batches where operators turn
    // compute-bound, in order; between two of them the compute-bound set is fixed and the
    // root is closed-form (Newton's steps for the routed experts' curved term).
    std::optional<double> realRoot() {
        for (std::size_t i = 0; i < m_count; ++i) {
            Switching& o = m_ops[i];
            o.cross = crossing(o.c - o.l, o.F, o.X, m_logUntouched);  // c > l: kept above
        }
        std::sort(m_ops.begin(), m_ops.begin() + static_cast<std::ptrdiff_t>(m_count),
                  [](const Switching& a, const Switching& b) { return a.cross < b.cross; });
        double slope = m_computeSlope - m_memorySlope, fixed = m_fixed, curved = m_curved;
        for (std::size_t i = 0; i < m_count; ++i) {
            slope -= m_ops[i].l;
            fixed += m_ops[i].F;
            curved += m_ops[i].X;
        }
        double lo = 0.0;
        for (std::size_t i = 0; i <= m_count; ++i) {
            const double hi = i < m_count ? m_ops[i].cross : HUGE_VAL;
            if (slope > 0.0) {
                // An operator turning compute-bound moves its whole time to the compute
                // side: the excess jumps, and the root may be the crossing itself.
                const double r = crossing(slope, fixed, curved, m_logUntouched);
                if (r <= hi) {
                    return std::max(r, lo);
                }
            }
            lo = hi;
            if (i < m_count) {  // operator i turns compute-bound from here on
                const Switching& o = m_ops[i];
                if (o.cross == HUGE_VAL) {
                    break;
                }
                slope += o.c + o.l;
                fixed -= o.F;
                curved -= o.X;
            }
        }
        return std::nullopt;
    }

    // The weight matmuls summed (kind Matmul): FLOPs, HBM bytes, and the bytes read once,
    // of every routed expert, and of the touched ones.
    struct MatmulSums {
        double flops = 0.0, bytes = 0.0, fixed = 0.0, full = 0.0, touched = 0.0;
    };
    const MatmulSums& matmuls() const { return m_matmul; }

private:
    MatmulSums m_matmul;
    double m_logUntouched = 0.0;
    double m_computeSlope = 0.0;  // Σ c of operators always compute-bound
    double m_memorySlope = 0.0;   // Σ l of operators always memory-bound, and link ∝ b
    double m_fixed = 0.0;   // Σ α of the collectives, Σ F of the operators never compute-bound
    double m_curved = 0.0;  // Σ X of the operators never compute-bound
    std::array<Switching, kOperatorCount> m_ops;  // [0, m_count) set
    std::size_t m_count = 0;
};

// Smallest integer b ≥ 1 with excess(b) ≥ 0, starting from an estimate of the real root.
// The compute share only grows with b (each operator's compute fraction does), so the sign
// changes once; the estimate is exact up to rounding, and bisection covers the rest.
template <class Excess>
std::optional<std::int64_t> smallestInteger(double estimate, const Excess& excess) {
    if (!(estimate <= kLimit)) {
        return std::nullopt;
    }
    double hi = std::max(1.0, std::ceil(estimate));
    for (int i = 0; excess(hi) < 0.0; ++i) {
        if (i > 8) {
            hi *= 2.0;
        } else {
            hi += 1.0;
        }
        if (hi > kLimit) {
            return std::nullopt;
        }
    }
    double lo = hi - 1.0;
    if (lo < 1.0 || excess(lo) < 0.0) {
        return static_cast<std::int64_t>(hi);
    }
    lo = std::max(1.0, std::floor(estimate / 2.0));
    while (lo > 1.0 && excess(lo) >= 0.0) {
        lo = std::floor(lo / 2.0);
    }
    if (excess(lo) >= 0.0) {
        return static_cast<std::int64_t>(lo);
    }
    while (hi - lo > 1.0) {  // invariant: excess(lo) < 0 ≤ excess(hi)
        const double mid = std::floor((lo + hi) / 2.0);
        (excess(mid) >= 0.0 ? hi : lo) = mid;
    }
    return static_cast<std::int64_t>(hi);
}

}  // namespace

namespace {

// The weight matmuls summed into one operator: compute c·b against F + X·φ(b) + l·b.
std::optional<std::int64_t> matmulCritical(const StepModel::MatmulSums& m, double B,
                                           const Context& x) {
    const double c = m.flops / B * x.secondsPerFlop;
    const double l = (m.bytes - m.fixed - m.touched) / B * x.secondsPerByte;
    const double F = m.fixed * x.secondsPerByte;
    const double X = m.full * x.secondsPerByte;
    if (!(c > l)) {
        return std::nullopt;
    }
    const double logUntouched = x.logUntouched;
    const auto excess = [&](double b) {
        return (c - l) * b - F - X * touchedFraction(b, logUntouched);
    };
    return smallestInteger(crossing(c - l, F, X, logUntouched), excess);
}

}  // namespace

CriticalBatches criticalBatches(const Analysis::Operators& ops, const PassTotals& decode,
                                const Context& x) {
    StepModel step(ops, decode, x);
    CriticalBatches out;
    out.matmul = matmulCritical(step.matmuls(), decode.cost.batch, x);
    if (const std::optional<double> root = step.realRoot()) {
        out.step = smallestInteger(*root, [&](double b) { return step.excess(b); });
    }
    return out;
}

std::optional<double> goldilocksContext(const KvReadStreams& streams, double B, double weightBytes,
                                        double maxContext) {
    // Σ_i bytes_i · min(C, cap_i) is piecewise linear in C: solve it between caps, in order.
    const double target = weightBytes / B;  // KV bytes per sequence to reach
    if (!(target > 0.0) || !std::isfinite(target)) {
        return std::nullopt;
    }
    std::array<KvReadStream, kMaxKvReadStreams> capped;  // (cap, bytes per token): [0, n)
    std::size_t n = 0;
    double growing = 0.0;  // bytes per token of C of the streams still below their cap
    for (std::size_t i = 0; i < streams.size; ++i) {
        const KvReadStream& s = streams.streams[i];
        growing += s.bytesPerToken;
        if (std::isfinite(s.cap)) {
            capped[n++] = s;
        }
    }
    std::sort(capped.begin(), capped.begin() + static_cast<std::ptrdiff_t>(n),
              [](const KvReadStream& a, const KvReadStream& b) { return a.cap < b.cap; });
    double full = 0.0;  // Σ bytes·cap of the streams already at their cap
    double from = 0.0;
    std::optional<double> result;
    for (std::size_t i = 0; i <= n; ++i) {
        const double to = i < n ? capped[i].cap : HUGE_VAL;
        if (growing > 0.0) {
            const double C = (target - full) / growing;
            if (C <= to && C >= from) {
                result = C;
                break;
            }
        }
        if (i < n) {
            full += capped[i].cap * capped[i].bytesPerToken;
            growing -= capped[i].bytesPerToken;
            from = to;
        }
    }
    if (result && maxContext > 0.0 && *result > maxContext) {
        return std::nullopt;
    }
    return result;
}

}  // namespace roofline::detail
