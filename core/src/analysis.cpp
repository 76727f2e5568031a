// SPDX-License-Identifier: GPL-3.0-or-later
// The operator-level cost model. Formulas follow DOMAIN.md §3–6; choices it leaves open are
// commented where they are made and listed in the README ("Model of the engine").

#include "roofline/analysis.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <limits>

#include "parameters.h"

namespace roofline {

std::string_view toString(Phase phase) {
    return phase == Phase::Prefill ? "prefill" : "decode";
}

std::string_view toString(Bound bound) {
    switch (bound) {
        case Bound::Memory:
            return "memory";
        case Bound::Compute:
            return "compute";
        case Bound::Interconnect:
            return "interconnect";
    }
    return "memory";
}

std::string_view toString(OperatorKind kind) {
    switch (kind) {
        case OperatorKind::Matmul:
            return "matmul";
        case OperatorKind::Attention:
            return "attention";
        case OperatorKind::Elementwise:
            return "elementwise";
        case OperatorKind::Memory:
            return "memory";
        case OperatorKind::Communication:
            return "communication";
    }
    return "matmul";
}

namespace {

double d(std::int64_t v) { return static_cast<double>(v); }

// FLOPs charged per element for the elementwise kernels (a modelling choice; they are
// memory-bound by two orders of magnitude, so only their bytes matter in practice).
constexpr double kNormFlopsPerElement = 5.0;     // residual add, square, sum, scale, weight
constexpr double kSoftmaxFlopsPerScore = 5.0;    // DOMAIN.md §3: ≈ 5·B·n_q·pairs
constexpr double kGatedActFlopsPerElement = 5.0;  // silu/gelu(x) ≈ 4, times up: 1
constexpr double kActFlopsPerElement = 4.0;

// Shapes of one device's share of the model, and byte sizes, fixed for a scenario.
struct Context {
    const Model& m;
    double w = 2.0, a = 2.0, c = 2.0;  // bytes per element: weights, activations, KV
    double devices = 1.0;
    double h = 0, nq = 0, nkv = 0, dh = 0, inter = 0, vocab = 0;  // per device where split
    double peak = 0, bandwidth = 0, linkBandwidth = 0, linkLatency = 0;
    // 1/peak and 1/bandwidth: every operator's two times are products, not divisions
    // (within an ulp of the quotient; divisions were a fifth of a pass in profiles).
    double secondsPerFlop = 0, secondsPerByte = 0;
    // ln(1 − k/E): the log of the chance that one token leaves a given expert untouched
    // (−inf when k = E). Powers of it are exp(n·ln), cheaper than pow on every frame.
    double logUntouched = 0;
};

using Operators = decltype(Analysis::operators);

// Running sums a pass keeps beside its operators, for the critical batch.
struct PassExtras {
    double fixedWeightBytes = 0.0;   // weights read once per pass whatever B is
    double expertFullBytes = 0.0;    // routed-expert weights if every expert were touched
    double expertFraction = 0.0;     // distinct experts touched / E at this pass size
    double normWeightBytes = 0.0;    // the part of fixedWeightBytes that norms read
};

// How one decode step's totals scale with batch, for the critical-batch search.
struct BatchScaling {
    double flops = 0.0;            // at the scenario's batch; linear in B
    double bytes = 0.0;            // at the scenario's batch
    double fixedBytes = 0.0;       // independent of B
    double expertFullBytes = 0.0;  // routed experts, scaled by the touched fraction
    double expertFraction = 0.0;   // at the scenario's batch
};

// Every operator the model emits, with its display name and kind. Layer groups emit the
// same operators, which are merged by id (an array lookup: analyze() runs every frame).
enum class Op : unsigned char {
    Embedding, Norms, QkvProj, KvUpProj, Attention, AttentionSliding, KvWrite, OProj,
    TpAllreduce, MlpUp, MlpAct, MlpDown, MoeRouter, MoeUp, MoeAct, MoeDown, FinalNorm, LmHead,
    Count
};
static_assert(static_cast<std::size_t>(Op::Count) <= kMaxOperatorsPerPass,
              "Analysis::operators holds two passes of every operator");

struct OpInfo {
    std::string_view name;
    OperatorKind kind;
};

constexpr std::array<OpInfo, static_cast<std::size_t>(Op::Count)> kOps = {{
    {"embedding", OperatorKind::Memory},
    {"norms", OperatorKind::Elementwise},
    {"qkv_proj", OperatorKind::Matmul},
    {"kv_up_proj", OperatorKind::Matmul},
    {"attention", OperatorKind::Attention},
    {"attention_sliding", OperatorKind::Attention},
    {"kv_write", OperatorKind::Memory},
    {"o_proj", OperatorKind::Matmul},
    {"tp_allreduce", OperatorKind::Communication},
    {"mlp_up", OperatorKind::Matmul},
    {"mlp_act", OperatorKind::Elementwise},
    {"mlp_down", OperatorKind::Matmul},
    {"moe_router", OperatorKind::Matmul},
    {"moe_up", OperatorKind::Matmul},
    {"moe_act", OperatorKind::Elementwise},
    {"moe_down", OperatorKind::Matmul},
    {"final_norm", OperatorKind::Elementwise},
    {"lm_head", OperatorKind::Matmul},
}};

// Collects one pass's operators straight into the output, merging layer groups by operator
// id, in the order they are first added (execution order). analyze() runs every frame: new
// entries are written field by field (a default-constructed OperatorCost compiles to a slow
// `rep stos`), and nothing is copied after it is accumulated (copying just-written doubles
// as 16-byte blocks stalled on store forwarding in profiles).
class PassBuilder {
public:
    PassBuilder(Phase phase, Operators& out)
        : m_phase(phase), m_out(out), m_first(out.size()) {
        m_index.fill(kNone);  // 18 bytes: cheap enough to set on every pass
    }

    // Adds an operator, or returns the one of the same id already in this pass.
    OperatorCost& add(Op id, double count) {
        const auto i = static_cast<std::size_t>(id);
        if (m_index[i] == kNone) {
            m_index[i] = static_cast<unsigned char>(m_out.size());
            m_out.push_back(OperatorCost{.name = kOps[i].name,
                                         .phase = m_phase,
                                         .kind = kOps[i].kind,
                                         .count = 0.0,
                                         .flops = 0.0,
                                         .weightBytes = 0.0,
                                         .kvBytes = 0.0,
                                         .activationBytes = 0.0,
                                         .linkBytes = 0.0,
                                         .computeTimeSeconds = 0.0,
                                         .memoryTimeSeconds = 0.0,
                                         .linkTimeSeconds = 0.0,
                                         .timeSeconds = 0.0,
                                         .bound = Bound::Memory});
        }
        OperatorCost& op = m_out[m_index[i]];
        op.count += count;
        return op;
    }

    std::size_t first() const { return m_first; }

private:
    static constexpr unsigned char kNone = 0xff;  // the list holds far fewer operators
    static_assert(Operators::capacity() < kNone);
    Phase m_phase;
    Operators& m_out;
    std::size_t m_first;
    std::array<unsigned char, static_cast<std::size_t>(Op::Count)> m_index{};
};

// Query-key pairs per sequence and head for T new tokens after C cached ones, each query
// seeing at most `window` keys (0 = all): Σ_{t=1..T} min(C+t, W). Causal, never P².
double attentionPairs(double C, double T, double window) {
    if (window <= 0.0 || C + T <= window) {
        return T * C + T * (T + 1.0) / 2.0;
    }
    const double unclipped = std::clamp(window - C, 0.0, T);  // queries that see C+t ≤ W keys
    return unclipped * C + unclipped * (unclipped + 1.0) / 2.0 + (T - unclipped) * window;
}

// Distinct keys the T queries read: the union of their windows.
double keysRead(double C, double T, double window) {
    return window > 0.0 ? std::min(C + T, window + T - 1.0) : C + T;
}

// `count` RMSNorms over `rows` rows of width h, each moving `rowsMoved` rows of N·h·a.
void addNorms(PassBuilder& pass, const Context& x, Op name, double count,
              double rows, double rowsMoved) {
    OperatorCost& op = pass.add(name, count);
    op.flops += count * kNormFlopsPerElement * rows * x.h;
    op.weightBytes += count * x.h * x.a;
    op.activationBytes += count * rowsMoved * rows * x.h * x.a;
}

void addDenseMlp(PassBuilder& pass, const Context& x, double layers, double N,
                 double inter, bool bias, PassExtras& extras) {
    const double upOut = (x.m.gatedMlp ? 2.0 : 1.0) * inter;
    OperatorCost& u = pass.add(Op::MlpUp, layers);
    u.flops += layers * (2.0 * N * x.h * upOut + (bias ? N * upOut : 0.0));
    const double upWeights = x.h * upOut * x.w + (bias ? upOut * x.a : 0.0);
    u.weightBytes += layers * upWeights;
    u.activationBytes += layers * (N * x.h + N * upOut) * x.a;

    OperatorCost& f = pass.add(Op::MlpAct, layers);
    const double elements = N * inter;
    if (x.m.gatedMlp) {
        f.flops += layers * kGatedActFlopsPerElement * elements;
        f.activationBytes += layers * 3.0 * elements * x.a;  // read gate and up, write
    } else {
        f.flops += layers * kActFlopsPerElement * elements;
        f.activationBytes += layers * 2.0 * elements * x.a;
    }

    OperatorCost& dn = pass.add(Op::MlpDown, layers);
    dn.flops += layers * (2.0 * N * inter * x.h + (bias ? N * x.h : 0.0));
    const double downWeights = inter * x.h * x.w + (bias ? x.h * x.a : 0.0);
    dn.weightBytes += layers * downWeights;
    dn.activationBytes += layers * (N * inter + N * x.h) * x.a;
    extras.fixedWeightBytes += layers * (upWeights + downWeights);
}

void addMoe(PassBuilder& pass, const Context& x, double layers, double N, PassExtras& extras) {
    const MoeShape& e = x.m.moe;
    const double E = d(e.numExperts);
    const double k = d(e.expertsPerToken);
    const bool gated = x.m.gatedMlp;

    OperatorCost& r = pass.add(Op::MoeRouter, layers);
    r.flops += layers * 2.0 * N * x.h * E;
    const double routerWeights = x.h * E * x.w + (e.routerBias ? E * x.a : 0.0);
    r.weightBytes += layers * routerWeights;
    r.activationBytes += layers * (N * x.h + N * E) * x.a;
    extras.fixedWeightBytes += layers * routerWeights;

    // Distinct routed experts the pass touches under uniform routing (DOMAIN.md §6):
    // E·(1 − (1 − k/E)^N): k at one token, all E at large N.
    const double fraction = -std::expm1(N * x.logUntouched);
    extras.expertFraction = fraction;
    const double touched = E * fraction;

    const double ie = d(e.expertIntermediateSize) / x.devices;
    const double is = d(e.sharedIntermediateSize) / x.devices;
    const double upE = (gated ? 2.0 : 1.0) * ie;
    const double upS = (gated ? 2.0 : 1.0) * is;
    const double gateWeights = e.sharedExpertGate ? x.h * x.w : 0.0;

    // Routed experts see N·k token rows (gathered); shared experts see all N rows.
    OperatorCost& u = pass.add(Op::MoeUp, layers);
    u.flops += layers * (2.0 * N * k * x.h * upE + 2.0 * N * x.h * upS +
                         (e.expertBias ? N * k * upE : 0.0) + (gateWeights > 0 ? 2.0 * N * x.h : 0.0));
    const double upExpert = x.h * upE * x.w + (e.expertBias ? upE * x.a : 0.0);
    const double upShared = x.h * upS * x.w + gateWeights;
    u.weightBytes += layers * (touched * upExpert + upShared);
    u.activationBytes += layers * (N * k * (x.h + upE) + (is > 0 ? N * (x.h + upS) : 0.0)) * x.a;

    OperatorCost& f = pass.add(Op::MoeAct, layers);
    const double elements = N * (k * ie + is);
    f.flops += layers * (gated ? kGatedActFlopsPerElement : kActFlopsPerElement) * elements;
    f.activationBytes += layers * (gated ? 3.0 : 2.0) * elements * x.a;

    // Down projection with the weighted combine of the k outputs fused in: one N·h write.
    OperatorCost& dn = pass.add(Op::MoeDown, layers);
    dn.flops += layers * (2.0 * N * (k * ie + is) * x.h + (e.expertBias ? N * k * x.h : 0.0));
    const double downExpert = ie * x.h * x.w + (e.expertBias ? x.h * x.a : 0.0);
    const double downShared = is * x.h * x.w;
    dn.weightBytes += layers * (touched * downExpert + downShared);
    dn.activationBytes += layers * (elements + N * x.h) * x.a;

    extras.fixedWeightBytes += layers * (upShared + downShared);
    extras.expertFullBytes += layers * E * (upExpert + downExpert);
}

// Attention of `layers` layers that share one sliding window (0 = full attention).
void addAttentionBlock(PassBuilder& pass, const Context& x, double layers, double window,
                       Phase phase, double B, double T, double C, bool flashAttention,
                       PassExtras& extras) {
    const Model& m = x.m;
    const double N = B * T;
    const double pairs = attentionPairs(C, T, window);
    const double keys = keysRead(C, T, window);
    // A sliding-window cache keeps at most W tokens: a prefill longer than W stores W.
    const double written = window > 0.0 ? std::min(T, window) : T;

    OperatorCost& qkv = pass.add(Op::QkvProj, layers);
    OperatorCost* kvUp = nullptr;
    double qkvWeights = 0.0;
    double cachedPerToken = 0.0;  // KV elements per token per layer on this device
    double oIn = 0.0;
    const Op attentionOp = window > 0.0 ? Op::AttentionSliding : Op::Attention;

    if (m.mla.enabled()) {
        const MlaShape& s = m.mla;
        const double qr = d(s.qLoraRank), r = d(s.kvLoraRank), rope = d(s.qkRopeHeadDim);
        const double nope = d(s.qkNopeHeadDim), v = d(s.vHeadDim), dqk = nope + rope;
        const double qMatrices = qr > 0 ? x.h * qr + qr * x.nq * dqk : x.h * x.nq * dqk;
        const double matrices = qMatrices + x.h * (r + rope);
        qkv.flops += layers * (2.0 * N * matrices + kNormFlopsPerElement * N * (qr + r));
        qkvWeights = matrices * x.w + (qr + r) * x.a;
        // in: N·h; out: q heads and the latent with its rope key; q_a's output round trip.
        qkv.activationBytes += layers * N * (x.h + x.nq * dqk + r + rope + 2.0 * qr) * x.a;
        cachedPerToken = r + rope;

        // kv_b_proj: prefill decompresses every token's K and V; decode uses the absorbed
        // form (DOMAIN.md §6), multiplying queries into the latent space and the latent
        // attention output back out, so the cache is never decompressed.
        kvUp = &pass.add(Op::KvUpProj, layers);
        const double kvbMatrix = r * x.nq * (nope + v);
        kvUp->weightBytes += layers * kvbMatrix * x.w;
        extras.fixedWeightBytes += layers * kvbMatrix * x.w;
        OperatorCost& att = pass.add(attentionOp, layers);
        if (phase == Phase::Prefill) {
            const double tokens = B * (C + T);
            kvUp->flops += layers * 2.0 * tokens * r * x.nq * (nope + v);
            kvUp->activationBytes += layers * tokens * (r + x.nq * (nope + v)) * x.a;
            att.flops += layers * B * x.nq * pairs * (2.0 * (dqk + v) + kSoftmaxFlopsPerScore);
            att.activationBytes += layers * (N * x.nq * dqk + B * keys * x.nq * (dqk + v) +
                                             N * x.nq * v) * x.a;
        } else {
            kvUp->flops += layers * 2.0 * N * x.nq * r * (nope + v);
            kvUp->activationBytes += layers * N * x.nq * (nope + r + r + v) * x.a;
            att.flops += layers * B * x.nq * pairs *
                         (2.0 * (r + rope) + 2.0 * r + kSoftmaxFlopsPerScore);
            att.kvBytes += layers * B * keys * (r + rope) * x.c;
            att.activationBytes += layers * (N * x.nq * (r + rope) + N * x.nq * r) * x.a;
        }
        if (!flashAttention) {
            att.activationBytes += layers * 4.0 * B * x.nq * pairs * x.a;
        }
        oIn = x.nq * v;
    } else {
        const double qkvOut = (x.nq + 2.0 * x.nkv) * x.dh;
        qkv.flops += layers * (2.0 * N * x.h * qkvOut + (m.qkvBias ? N * qkvOut : 0.0) +
                               (m.qkNorm ? kNormFlopsPerElement * N * (x.nq + x.nkv) * x.dh : 0.0));
        qkvWeights = x.h * qkvOut * x.w + (m.qkvBias ? qkvOut * x.a : 0.0) +
                     (m.qkNorm ? 2.0 * x.dh * x.a : 0.0);
        qkv.activationBytes += layers * N * (x.h + qkvOut) * x.a;
        cachedPerToken = 2.0 * x.nkv * x.dh;

        OperatorCost& att = pass.add(attentionOp, layers);
        att.flops += layers * B * x.nq * pairs * (4.0 * x.dh + kSoftmaxFlopsPerScore);
        att.kvBytes += layers * B * keys * 2.0 * x.nkv * x.dh * x.c;  // n_kv, never n_q
        att.activationBytes += layers * 2.0 * N * x.nq * x.dh * x.a;  // Q in, O out
        if (!flashAttention) {
            // Scores and probabilities written and read back through HBM.
            att.activationBytes += layers * 4.0 * B * x.nq * pairs * x.a;
        }
        oIn = x.nq * x.dh;
    }
    qkv.weightBytes += layers * qkvWeights;
    extras.fixedWeightBytes += layers * qkvWeights;

    OperatorCost& kvw = pass.add(Op::KvWrite, layers);
    kvw.kvBytes += layers * B * written * cachedPerToken * x.c;

    OperatorCost& o = pass.add(Op::OProj, layers);
    o.flops += layers * (2.0 * N * oIn * x.h + (m.oBias ? N * x.h : 0.0));
    const double oWeights = oIn * x.h * x.w + (m.oBias ? x.h * x.a : 0.0);
    o.weightBytes += layers * oWeights;
    o.activationBytes += layers * N * (oIn + x.h) * x.a;
    extras.fixedWeightBytes += layers * oWeights;
}

void addAllReduce(PassBuilder& pass, const Context& x, double count, double N) {
    if (x.devices <= 1.0) {
        return;
    }
    OperatorCost& op = pass.add(Op::TpAllreduce, count);
    const double bytes = N * x.h * x.a;
    op.linkBytes += count * bytes;
    if (x.linkBandwidth > 0.0) {
        // Ring all-reduce: 2·(D−1)/D of the buffer over each link, 2·(D−1) latency steps.
        const double steps = 2.0 * (x.devices - 1.0);
        op.linkTimeSeconds += count * (steps / x.devices * bytes / x.linkBandwidth +
                                       steps * x.linkLatency);
    }
}

// What a pass adds up to besides its operators.
struct PassTotals {
    PhaseCost cost;
    PassExtras extras;
    double matmulFlops = 0.0;  // the weight matmuls alone (OperatorKind::Matmul)
    double matmulBytes = 0.0;
};

// Times, bound and sums of the operators [first, end) of one pass, in one walk.
void finishPass(Operators& ops, std::size_t first, const Context& x, PassTotals& totals) {
    PhaseCost& p = totals.cost;
    for (std::size_t i = first; i < ops.size(); ++i) {
        OperatorCost& op = ops[i];
        op.computeTimeSeconds = op.flops * x.secondsPerFlop;
        op.memoryTimeSeconds = op.bytes() * x.secondsPerByte;
        const double onChip = std::max(op.computeTimeSeconds, op.memoryTimeSeconds);
        op.timeSeconds = std::max(onChip, op.linkTimeSeconds);
        op.bound = op.linkTimeSeconds > onChip ? Bound::Interconnect
                   : op.computeTimeSeconds > op.memoryTimeSeconds ? Bound::Compute
                                                                  : Bound::Memory;
        p.flops += op.flops;
        p.weightBytes += op.weightBytes;
        p.kvBytes += op.kvBytes;
        p.activationBytes += op.activationBytes;
        p.linkBytes += op.linkBytes;
        p.linkTimeSeconds += op.linkTimeSeconds;
        p.timeSeconds += op.timeSeconds;
        if (op.kind == OperatorKind::Matmul) {
            totals.matmulFlops += op.flops;
            totals.matmulBytes += op.bytes();
        }
    }
    p.computeTimeSeconds = p.flops / x.peak;
    p.memoryTimeSeconds = p.bytes() / x.bandwidth;
    const double onChip = std::max(p.computeTimeSeconds, p.memoryTimeSeconds);
    p.stepBoundSeconds = std::max(onChip, p.linkTimeSeconds);
    p.attainableFlopsPerSecond = p.timeSeconds > 0.0 ? p.flops / p.timeSeconds : 0.0;
    p.bound = p.linkTimeSeconds > onChip ? Bound::Interconnect
              : p.computeTimeSeconds > p.memoryTimeSeconds ? Bound::Compute
                                                           : Bound::Memory;
}

// Emits every operator of one pass over B sequences, T new tokens each, C cached.
PassTotals buildPass(const Context& x, const Workload& wl, Phase phase, double B, double T,
                     double C, Operators& out) {
    PassBuilder pass(phase, out);
    PassTotals totals;
    PassExtras& extras = totals.extras;
    const Model& m = x.m;
    const double N = B * T;

    // Embedding: a gather of N rows of the (vocab-parallel) table, not a read of all of it.
    OperatorCost& emb = pass.add(Op::Embedding, 1.0);
    emb.weightBytes += N * x.h * x.w / x.devices;
    emb.activationBytes += N * x.h * x.a;

    // Layer groups are the distinct (window, MoE) pairs. Attention depends only on the
    // window and the MLP only on MoE, so the layers sharing each are summed and each block's
    // formulas run once per distinct shape (DeepSeek-V3: one attention block, not two),
    // in the order the groups first use them.
    const std::vector<LayerGroup>& groups = m.layerGroups;
    double layers = 0.0, moeLayers = 0.0;
    for (const LayerGroup& g : groups) {
        layers += d(g.count);
        moeLayers += g.moe ? d(g.count) : 0.0;
    }
    // Fused residual add + RMSNorm: read x and residual, write both.
    addNorms(pass, x, Op::Norms, layers * d(m.normsPerLayer), N, 4.0);
    for (auto g = groups.begin(); g != groups.end(); ++g) {
        const auto sameWindow = [&](const LayerGroup& o) {
            return o.slidingWindow == g->slidingWindow;
        };
        if (std::any_of(groups.begin(), g, sameWindow)) {
            continue;  // counted with the first group of this window
        }
        double windowLayers = 0.0;
        for (auto o = g; o != groups.end(); ++o) {
            windowLayers += sameWindow(*o) ? d(o->count) : 0.0;
        }
        addAttentionBlock(pass, x, windowLayers, d(g->slidingWindow), phase, B, T, C,
                          wl.flashAttention, extras);
    }
    addAllReduce(pass, x, layers, N);  // after attention's o_proj
    const auto addMlp = [&](bool moe) {
        const double count = moe ? moeLayers : layers - moeLayers;
        if (count <= 0.0) {
            return;
        }
        if (moe) {
            addMoe(pass, x, count, N, extras);
        } else {
            addDenseMlp(pass, x, count, N, x.inter, m.mlpBias, extras);
        }
    };
    const bool moeFirst = !groups.empty() && groups.front().moe;
    addMlp(moeFirst);
    addMlp(!moeFirst);
    addAllReduce(pass, x, layers, N);  // after the MLP's down projection
    extras.normWeightBytes = (d(m.normsPerLayer) * d(m.numLayers) + 1.0) * x.h * x.a;
    extras.fixedWeightBytes += extras.normWeightBytes;

    addNorms(pass, x, Op::FinalNorm, 1.0, N, 3.0);  // read x and residual, write

    // Logits: the last token of each prompt in prefill, every new token in decode.
    const double rows = phase == Phase::Prefill ? B : N;
    OperatorCost& head = pass.add(Op::LmHead, 1.0);
    head.flops += 2.0 * rows * x.h * x.vocab;
    head.weightBytes += x.h * x.vocab * x.w;
    head.activationBytes += rows * (x.h + x.vocab) * x.a;
    extras.fixedWeightBytes += x.h * x.vocab * x.w;

    finishPass(out, pass.first(), x, totals);
    return totals;
}

// Smallest integer B ≥ 1 at which the decode step's compute time reaches its memory time.
// FLOPs and KV/activation bytes scale linearly with B; weight bytes are fixed except the
// routed experts, whose touched fraction 1 − (1 − k/E)^B grows toward 1. So
// g(B) = B·f/peak − (W + E_full·frac(B) + B·l)/BW is convex with g(0) < 0: it crosses zero
// once if its final slope f/peak − l/BW is positive, and never otherwise.
std::optional<std::int64_t> criticalBatch(const BatchScaling& s, const Context& x, double batch,
                                          double k, double E) {
    const double flopsPerSeq = s.flops / batch;
    const double linearPerSeq =
        (s.bytes - s.fixedBytes - s.expertFullBytes * s.expertFraction) / batch;
    const double slope = flopsPerSeq / x.peak - linearPerSeq / x.bandwidth;
    if (!(slope > 0.0)) {
        return std::nullopt;
    }
    // q^b is the chance an expert is untouched by b tokens; every expert is touched when k = E.
    const double q = E > 0.0 ? 1.0 - k / E : 0.0;
    const double fixed = s.fixedBytes + (q > 0.0 ? 0.0 : s.expertFullBytes);
    const double full = q > 0.0 ? s.expertFullBytes : 0.0;
    // g at `batchSize`, given untouched = q^batchSize (callers reuse the costly power).
    const auto gWith = [&](double batchSize, double untouched) {
        return batchSize * slope - (fixed + full * (1.0 - untouched)) / x.bandwidth;
    };
    // q^b as exp(b·ln q): pow is the costly part, and this runs on every frame. Below e^-60
    // the untouched share vanishes in 1 − q^b (double keeps 53 bits), so exp is skipped.
    const auto power = [&](double batchSize) {
        const double exponent = batchSize * x.logUntouched;
        return full > 0.0 && exponent > -60.0 ? std::exp(exponent) : 0.0;
    };
    const auto g = [&](double batchSize) { return gWith(batchSize, power(batchSize)); };
    // The root lies between the roots with no experts and with all experts touched
    // (0 ≤ frac ≤ 1). From the upper one, Newton's steps on the convex g decrease
    // monotonically onto the root; a few suffice before the integer search.
    constexpr double kLimit = 1e12;  // beyond this "crossing" is not a serving regime
    double b = (fixed + full) / x.bandwidth / slope;
    if (!(b <= kLimit)) {
        return std::nullopt;
    }
    if (full > 0.0) {
        const double lnq = x.logUntouched;
        for (int i = 0; i < 50; ++i) {
            const double untouched = power(b);
            const double value = gWith(b, untouched);
            const double derivative = slope + full / x.bandwidth * lnq * untouched;
            if (value <= 0.0 || derivative <= 0.0) {
                break;
            }
            const double next = b - value / derivative;
            if (!(next < b - 0.25)) {
                break;
            }
            b = next;
        }
    }
    // Smallest integer with g ≥ 0. Newton leaves b within a step of the root, so this is
    // usually settled by the first check; bisection covers the rest.
    double hi = std::max(1.0, std::ceil(b));
    double untouchedHi = power(hi);
    while (gWith(hi, untouchedHi) < 0.0) {
        hi += 1.0;  // rounding only: b is at or right of the root
        untouchedHi = power(hi);
    }
    // q^(hi−1) = q^hi / q; q > 0 whenever the power is not identically 0.
    if (hi == 1.0 || gWith(hi - 1.0, full > 0.0 ? untouchedHi / q : 0.0) < 0.0) {
        return static_cast<std::int64_t>(hi);
    }
    double lo = std::max(1.0, std::floor(fixed / x.bandwidth / slope));  // g(lo) ≤ 0
    if (g(lo) >= 0.0) {
        return static_cast<std::int64_t>(lo);
    }
    while (hi - lo > 1.0) {  // invariant: g(lo) < 0 ≤ g(hi)
        const double mid = std::floor((lo + hi) / 2.0);
        (g(mid) >= 0.0 ? hi : lo) = mid;
    }
    return static_cast<std::int64_t>(hi);
}

std::string_view roofName(const Hardware& hw) { return hw.name.empty() ? hw.id : hw.name; }

}  // namespace

Precision computePrecisionFor(const Hardware& hardware, Precision activation) {
    using P = Precision;
    std::array<P, 5> chain{};
    std::size_t length = 0;
    const auto push = [&](std::initializer_list<P> list) {
        for (P p : list) {
            chain[length++] = p;
        }
    };
    switch (activation) {
        case P::Fp4:
            push({P::Fp4, P::Fp8, P::Bf16, P::Fp16, P::Fp32});
            break;
        case P::Int4:
            push({P::Int4, P::Int8, P::Bf16, P::Fp16, P::Fp32});
            break;
        case P::Fp8:
            push({P::Fp8, P::Bf16, P::Fp16, P::Fp32});
            break;
        case P::Int8:
            push({P::Int8, P::Bf16, P::Fp16, P::Fp32});
            break;
        case P::Bf16:
            push({P::Bf16, P::Fp16, P::Fp32});
            break;
        case P::Fp16:
            push({P::Fp16, P::Bf16, P::Fp32});
            break;
        case P::Fp32:
            push({P::Fp32, P::Tf32, P::Bf16});
            break;
        case P::Tf32:
            push({P::Tf32, P::Fp32, P::Bf16});
            break;
    }
    for (std::size_t i = 0; i < length; ++i) {
        if (hardware.hasRoof(chain[i])) {
            return chain[i];
        }
    }
    for (P p : kAllPrecisions) {
        if (hardware.hasRoof(p)) {
            return p;
        }
    }
    return activation;
}

Model effectiveModel(const Model& model, const Workload& workload) {
    Model m = model;
    if (workload.kvHeadsOverride > 0 && !m.mla.enabled()) {
        m.numKvHeads = workload.kvHeadsOverride;
    }
    return m;
}

Analysis analyze(const Scenario& scenario) {
    const Hardware& hw = scenario.hardware;
    const Workload& wl = scenario.workload;
    const bool overrideKv = wl.kvHeadsOverride > 0 && !scenario.model.mla.enabled() &&
                            wl.kvHeadsOverride != scenario.model.numKvHeads;
    // Copy the model only when the GQA override changes it (analyze() runs every frame).
    std::optional<Model> overridden;
    if (overrideKv) {
        overridden = effectiveModel(scenario.model, wl);
    }
    const Model& m = overrideKv ? *overridden : scenario.model;

    Analysis result;
    result.computePrecision = computePrecisionFor(hw, wl.activationPrecision);
    result.peakFlopsPerSecond = hw.peak(result.computePrecision);
    result.memoryBandwidthBytesPerSecond = hw.memoryBandwidthBytesPerSecond;
    result.ridgePointFlopsPerByte = result.peakFlopsPerSecond / hw.memoryBandwidthBytesPerSecond;
    for (Precision p : kAllPrecisions) {
        if (hw.hasRoof(p)) {
            result.roofs.push_back({p, hw.peak(p), hw.peak(p) / hw.memoryBandwidthBytesPerSecond,
                                    p == result.computePrecision});
        }
    }

    // Every field written once, in one initialiser (assignments after a default
    // construction compiled to a block zeroing first).
    const double devices = d(wl.tensorParallel);
    const Context x{
        .m = m,
        .w = bytesPerElement(wl.weightPrecision),
        .a = bytesPerElement(wl.activationPrecision),
        .c = bytesPerElement(wl.kvPrecision),
        .devices = devices,
        .h = d(m.hiddenSize),
        .nq = d(m.numQueryHeads) / devices,
        .nkv = detail::kvHeadsPerDevice(m, devices),
        .dh = d(m.headDim),
        .inter = d(m.intermediateSize) / devices,
        .vocab = d(m.vocabSize) / devices,
        .peak = result.peakFlopsPerSecond,
        .bandwidth = hw.memoryBandwidthBytesPerSecond,
        .linkBandwidth = hw.interconnectBandwidthBytesPerSecond,
        .linkLatency = hw.collectiveLatencySeconds,
        .secondsPerFlop = 1.0 / result.peakFlopsPerSecond,
        .secondsPerByte = 1.0 / hw.memoryBandwidthBytesPerSecond,
        .logUntouched = m.moe.enabled()
                            ? std::log1p(-d(m.moe.expertsPerToken) / d(m.moe.numExperts))
                            : 0.0,
    };
    if (wl.tensorParallel > 1) {
        result.interconnectBandwidthBytesPerSecond = hw.interconnectBandwidthBytesPerSecond;
    }

    const double B = d(wl.batch);
    const double P = d(wl.promptTokens);
    const double C = d(wl.contextTokens);

    result.prefill = buildPass(x, wl, Phase::Prefill, B, P, 0.0, result.operators).cost;
    const PassTotals decodePass = buildPass(x, wl, Phase::Decode, B, 1.0, C, result.operators);
    const PassExtras& decodeExtras = decodePass.extras;
    result.decode = decodePass.cost;

    result.ttftSeconds = result.prefill.timeSeconds;
    result.tpotSeconds = result.decode.timeSeconds;
    result.decodeTokensPerSecond = B / result.tpotSeconds;
    const double k = d(m.moe.expertsPerToken);
    const double E = d(m.moe.numExperts);
    result.criticalBatch =
        criticalBatch({result.decode.flops, result.decode.bytes(), decodeExtras.fixedWeightBytes,
                       decodeExtras.expertFullBytes, decodeExtras.expertFraction},
                      x, B, k, E);
    result.matmulCriticalBatch =
        criticalBatch({decodePass.matmulFlops, decodePass.matmulBytes,
                       decodeExtras.fixedWeightBytes - decodeExtras.normWeightBytes,
                       decodeExtras.expertFullBytes, decodeExtras.expertFraction},
                      x, B, k, E);

    // Per device and sequence, every layer, no window cap (the Goldilocks definition).
    const double cachedPerLayer = m.mla.enabled()
                                      ? d(m.mla.kvLoraRank + m.mla.qkRopeHeadDim)
                                      : 2.0 * x.nkv * x.dh;
    const double kvPerTokenDevice = cachedPerLayer * d(m.numLayers) * x.c;
    result.goldilocksContextTokens = result.decode.weightBytes / (B * kvPerTokenDevice);

    // Parameters one device holds; with one device that is the whole model, so the total is
    // not counted a second time (this runs every frame).
    const detail::DeviceParameters device = detail::deviceParameters(m, x.devices);
    const detail::ParameterSplit& held = device.held;
    const detail::DeviceParameters whole =
        wl.tensorParallel == 1 ? device : detail::deviceParameters(m, 1.0);
    result.totalParameters = whole.held.total();
    result.activeParametersPerToken = whole.active.total();
    result.kvCacheBytesPerToken = kvCacheElementsPerToken(m) * x.c;
    result.effectiveKvHeads = m.mla.enabled() ? 0 : m.numKvHeads;

    // Memory footprint of one device.
    MemoryFootprint& mem = result.memory;
    mem.weightBytes = held.matrices * x.w + held.vectors * x.a;
    const double tokensPerSeq = std::max(P, C + 1.0);
    double kvPerSeq = 0.0;
    for (const LayerGroup& g : m.layerGroups) {
        const double kept = g.slidingWindow > 0 ? std::min(tokensPerSeq, d(g.slidingWindow))
                                                : tokensPerSeq;
        kvPerSeq += d(g.count) * kept * cachedPerLayer * x.c;
    }
    // Workspace: the prefill pass's widest moment: residual stream, normed input and the
    // widest intermediate of N = B·P tokens, the score matrix of one layer when
    // FlashAttention is off, and one logits row per sequence.
    const double qkvWidth = m.mla.enabled()
                                ? x.nq * d(m.mla.qkNopeHeadDim + m.mla.qkRopeHeadDim + m.mla.vHeadDim)
                                : (x.nq + 2.0 * x.nkv) * x.dh;
    double widest = std::max({x.h, qkvWidth, (m.gatedMlp ? 2.0 : 1.0) * x.inter});
    if (m.moe.enabled()) {
        const double expertWidth = d(m.moe.expertsPerToken) * d(m.moe.expertIntermediateSize) +
                                   d(m.moe.sharedIntermediateSize);
        widest = std::max(widest, (m.gatedMlp ? 2.0 : 1.0) * expertWidth / x.devices);
    }
    double workspacePerSeq = P * (2.0 * x.h + widest) * x.a + x.vocab * x.a;
    if (!wl.flashAttention) {
        workspacePerSeq += x.nq * P * P * x.a;
    }
    mem.kvCacheBytes = B * kvPerSeq;
    mem.activationBytes = B * workspacePerSeq;
    mem.totalBytes = mem.weightBytes + mem.kvCacheBytes + mem.activationBytes;
    mem.capacityBytes = hw.memoryCapacityBytes;
    mem.fits = mem.totalBytes <= mem.capacityBytes;
    const double room = mem.capacityBytes - mem.weightBytes;
    mem.maxBatch = room > 0.0 ? static_cast<std::int64_t>(std::min(
                                    std::floor(room / (kvPerSeq + workspacePerSeq)),
                                    d(kMaxBatch)))
                              : 0;

    // Warnings: sentences for the user, composed in place (see warning.h). Six kinds, each
    // at most once: kMaxWarnings.
    const auto warn = [&result]() -> Warning& { return result.warnings.emplace_back(); };
    if (result.computePrecision != wl.activationPrecision) {
        warn() << toString(wl.activationPrecision) << " math requested, but " << roofName(hw)
               << " has no " << toString(wl.activationPrecision)
               << " roof: using " << toString(result.computePrecision);
    }
    if (!mem.fits) {
        warn() << "Does not fit: " << static_cast<long long>(std::ceil(mem.totalBytes / 1e9))
               << " GB needed per device, "
               << static_cast<long long>(mem.capacityBytes / 1e9)
               << " GB available (largest batch that fits: "
               << static_cast<long long>(mem.maxBatch) << "); analysed anyway";
    }
    if (wl.kvHeadsOverride > 0 && scenario.model.mla.enabled()) {
        warn() << "KV-head override ignored: the model uses multi-head latent attention, "
                  "whose cache has no KV heads";
    }
    if (m.maxPositionEmbeddings > 0 && std::max(P, C + 1.0) > d(m.maxPositionEmbeddings)) {
        warn() << "Sequence of " << static_cast<long long>(std::max(P, C + 1.0))
               << " tokens exceeds the model's maximum of "
               << static_cast<long long>(m.maxPositionEmbeddings);
    }
    if (wl.tensorParallel > 1 && hw.interconnectBandwidthBytesPerSecond <= 0.0) {
        warn() << "No interconnect bandwidth known for " << roofName(hw)
               << ": tensor-parallel communication is not timed";
    }
    if (wl.tensorParallel > 1 && !m.mla.enabled() && m.numKvHeads < wl.tensorParallel) {
        warn() << "KV heads (" << static_cast<long long>(m.numKvHeads)
               << ") fewer than devices (" << static_cast<long long>(wl.tensorParallel)
               << "): each device holds a replicated KV head";
    }
    return result;
}

std::vector<TrailPoint> decodeBatchTrail(const Scenario& scenario, std::int64_t maxBatch) {
    std::vector<TrailPoint> trail;
    Scenario s = scenario;
    const auto addPoint = [&](std::int64_t b) {
        s.workload.batch = b;
        const Analysis a = analyze(s);
        trail.push_back({b, a.decode.intensity(), a.decode.attainableFlopsPerSecond,
                         a.tpotSeconds, a.decodeTokensPerSecond, a.memory.fits});
    };
    std::int64_t b = 1;
    for (; b <= maxBatch; b *= 2) {
        addPoint(b);
        if (b > std::numeric_limits<std::int64_t>::max() / 2) {
            break;
        }
    }
    if (maxBatch >= 1 && (trail.empty() || trail.back().batch != maxBatch)) {
        addPoint(maxBatch);
    }
    return trail;
}

}  // namespace roofline
