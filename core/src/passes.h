// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The operator-level cost model of one pass (DOMAIN.md §3–6): the shapes one device sees,
// the operators a pass emits, and how each operator's cost scales with the batch, which
// the critical-batch search needs. Internal to roofline_core.

#include <array>
#include <cstddef>

#include "roofline/analysis.h"

namespace roofline::detail {

inline double d(std::int64_t v) { return static_cast<double>(v); }

// Shapes of one device's share of one model, and byte sizes, fixed for a scenario.
struct Context {
    const Model& m;
    double w = 2.0, a = 2.0, c = 2.0;  // bytes per element: weights, activations, KV
    double devices = 1.0;
    double h = 0, nq = 0, nkv = 0, dh = 0, inter = 0, vocab = 0;  // per device where split
    double peak = 0, bandwidth = 0;
    // 1/peak and 1/bandwidth: every operator's two times are products, not divisions
    // (within an ulp of the quotient; divisions were a fifth of a pass in profiles).
    double secondsPerFlop = 0, secondsPerByte = 0;
    // ln(1 − k/E): the log of the chance that one token leaves a given expert untouched
    // (−inf when k = E). Powers of it are exp(n·ln), cheaper than pow on every frame.
    double logUntouched = 0;
    // Collectives: the link they run on (scale-up, or scale-out beyond the domain), its
    // bandwidth per direction (0 = unknown: not timed) and its small-message latency α.
    double linkBandwidth = 0, linkLatency = 0;
    bool expertParallel = false;  // routed experts whole on E/D devices, two all-to-alls
};

Context makeContext(const Model& m, const Workload& wl, const Analysis& roofs,
                    double linkBandwidth, double linkLatency);

// Every operator the model emits, with its display name and kind. Layer groups emit the
// same operators, which are merged by id (an array lookup: analyze() runs every frame).
enum class Op : unsigned char {
    Embedding, Norms, QkvProj, KvUpProj, Attention, AttentionSliding, KvWrite, OProj,
    TpAllreduce, MlpUp, MlpAct, MlpDown, MoeRouter, EpDispatch, MoeUp, MoeAct, MoeDown,
    EpCombine, FinalNorm, LmHead,
    Count
};
inline constexpr std::size_t kOpCount = static_cast<std::size_t>(Op::Count);
static_assert(kOpCount <= kMaxOperatorsPerPass, "Analysis::operators holds every operator");

// How one operator's cost depends on the batch b (sequences), everything else fixed:
// FLOPs ∝ b; HBM bytes = fixed (weights) + routed experts × touched fraction(b) + ∝ b;
// link time = α·count + ∝ b. Recorded while the pass is built.
struct OpScaling {
    double expertFullBytes = 0.0;     // routed-expert weights if every expert were touched
    double expertTouchedBytes = 0.0;  // the same at this pass's touched fraction
    double fixedLinkSeconds = 0.0;    // α·count
};

// What a pass adds up to besides its operators.
struct PassTotals {
    PassCost cost;
    double expertFraction = 0.0;  // distinct routed experts touched / E
    std::size_t first = 0;        // its operators: Analysis::operators[first, first + size)
    std::size_t size = 0;
    std::array<OpScaling, kOpCount> scaling{};  // by position in the pass
};

// Emits every operator of one pass into `out`: B sequences, T new tokens each after C
// cached, logits for `rows` rows, the whole repeated `repeats` times. Sets cost's
// description, totals, times, bound shares and bound.
void buildPass(const Context& x, const Workload& wl, PassKind kind, double B, double T,
               double C, double rows, double repeats, Analysis::Operators& out,
               PassTotals& totals);

// Encoders and CNNs (vision_passes.cpp): their one pass over B images, Encode or Forward.
// Every operator there sums pieces (layers, convolutions) that are each timed on their own,
// so an operator's time is the sum of its pieces' max(compute, memory, link), as a pass's is.
void buildEncoderPass(const Context& x, const Workload& wl, double B, Analysis::Operators& out,
                      PassTotals& totals);
void buildCnnPass(const Context& x, double B, Analysis::Operators& out, PassTotals& totals);

// Activation workspace one image holds at the widest moment of its pass, in bytes (the
// memory footprint of an encoder or a CNN is weights + B × this: no KV cache).
double encoderWorkspacePerImage(const Context& x, bool flashAttention);
double cnnWorkspacePerImage(const Context& x);

}  // namespace roofline::detail
