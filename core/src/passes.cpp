// SPDX-License-Identifier: GPL-3.0-or-later
// The operator-level cost model of one pass. Formulas follow DOMAIN.md §3–6; choices it
// leaves open are commented where they are made and listed in the README ("Model of the
// engine").

#include "passes.h"

#include <algorithm>
#include <cmath>

#include "parameters.h"

namespace roofline::detail {

namespace {

// FLOPs charged per element for the elementwise kernels (a modelling choice; they are
// memory-bound by two orders of magnitude, so only their bytes matter in practice).
constexpr double kNormFlopsPerElement = 5.0;     // residual add, square, sum, scale, weight
constexpr double kSoftmaxFlopsPerScore = 5.0;    // DOMAIN.md §3: ≈ 5·B·n_q·pairs
constexpr double kGatedActFlopsPerElement = 5.0;  // silu/gelu(x) ≈ 4, times up: 1
constexpr double kActFlopsPerElement = 4.0;

struct OpInfo {
    std::string_view name;
    OperatorKind kind;
};

constexpr std::array<OpInfo, kOpCount> kOps = {{
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
    {"ep_dispatch", OperatorKind::Communication},
    {"moe_up", OperatorKind::Matmul},
    {"moe_act", OperatorKind::Elementwise},
    {"moe_down", OperatorKind::Matmul},
    {"ep_combine", OperatorKind::Communication},
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
    PassBuilder(PassKind kind, Analysis::Operators& out, PassTotals& totals)
        : m_kind(kind), m_out(out), m_totals(totals), m_first(out.size()) {
        m_index.fill(kNone);  // 20 bytes: cheap enough to set on every pass
    }

    // Adds an operator, or returns the one of the same id already in this pass. Never
    // more than kOpCount per pass, which Analysis::operators has room for.
    OperatorCost& add(Op id, double count) {
        const auto i = static_cast<std::size_t>(id);
        if (m_index[i] == kNone) {
            m_index[i] = static_cast<unsigned char>(m_out.size() - m_first);
            m_out.push_back(OperatorCost{.name = kOps[i].name,
                                         .pass = m_kind,
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
        OperatorCost& op = m_out[m_first + m_index[i]];
        op.count += count;
        return op;
    }
    // The batch scaling of an operator already added.
    OpScaling& scaling(Op id) { return m_totals.scaling[m_index[static_cast<std::size_t>(id)]]; }

    std::size_t first() const { return m_first; }

private:
    static constexpr unsigned char kNone = 0xff;  // a pass holds far fewer operators
    PassKind m_kind;
    Analysis::Operators& m_out;
    PassTotals& m_totals;
    std::size_t m_first;
    std::array<unsigned char, kOpCount> m_index{};
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
                 double inter, bool bias) {
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
}

// Attention of `layers` layers that share one sliding window (0 = full attention). MLA
// decompresses the cache (`decompress`) in prefill, and uses the absorbed form otherwise.
void addAttentionBlock(PassBuilder& pass, const Context& x, double layers, double window,
                       bool decompress, double B, double T, double C, bool flashAttention) {
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
        OperatorCost& att = pass.add(attentionOp, layers);
        if (decompress) {
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

    OperatorCost& kvw = pass.add(Op::KvWrite, layers);
    kvw.kvBytes += layers * B * written * cachedPerToken * x.c;

    OperatorCost& o = pass.add(Op::OProj, layers);
    o.flops += layers * (2.0 * N * oIn * x.h + (m.oBias ? N * x.h : 0.0));
    const double oWeights = oIn * x.h * x.w + (m.oBias ? x.h * x.a : 0.0);
    o.weightBytes += layers * oWeights;
    o.activationBytes += layers * N * (oIn + x.h) * x.a;
}

// Routed and shared experts of `layers` MoE layers over N tokens. Tensor-parallel: every
// expert is sliced D ways and sees all N·k routed rows. Expert-parallel (DOMAIN.md §6):
// each device holds E/D whole experts and sees the N·k/D rows routed to them, so the mean
// device does the same FLOPs and reads the same expert bytes, but moves fewer activation
// rows; shared experts stay tensor-parallel. Returns the touched fraction of the experts.
double addMoe(PassBuilder& pass, const Context& x, double layers, double N) {
    const MoeShape& e = x.m.moe;
    const double E = d(e.numExperts);
    const double k = d(e.expertsPerToken);
    const bool gated = x.m.gatedMlp;

    OperatorCost& r = pass.add(Op::MoeRouter, layers);
    r.flops += layers * 2.0 * N * x.h * E;
    r.weightBytes += layers * (x.h * E * x.w + (e.routerBias ? E * x.a : 0.0));
    r.activationBytes += layers * (N * x.h + N * E) * x.a;

    // Distinct routed experts the pass touches under uniform routing (DOMAIN.md §6):
    // E·(1 − (1 − k/E)^N): k at one token, all E at large N. The same fraction of each
    // device's E/D experts with expert parallelism (the mean device, not the slowest).
    const double fraction = -std::expm1(N * x.logUntouched);

    const bool ep = x.expertParallel;
    const double routedRows = ep ? N * k / x.devices : N * k;  // rows one device computes
    const double ie = ep ? d(e.expertIntermediateSize) : d(e.expertIntermediateSize) / x.devices;
    const double heldExperts = ep ? E / x.devices : E;  // experts (or slices) one device holds
    const double is = d(e.sharedIntermediateSize) / x.devices;
    const double upE = (gated ? 2.0 : 1.0) * ie;
    const double upS = (gated ? 2.0 : 1.0) * is;
    const double gateWeights = e.sharedExpertGate ? x.h * x.w : 0.0;

    // Dispatch: each routed token row goes to the device of its expert; about
    // N·k·h·a·(D−1)/D bytes per device (DOMAIN.md §6), α + bytes/β.
    const double allToAllBytes = N * k * x.h * x.a * (x.devices - 1.0) / x.devices;
    const auto addAllToAll = [&](Op id) {
        OperatorCost& op = pass.add(id, layers);
        op.linkBytes += layers * allToAllBytes;
        if (x.linkBandwidth > 0.0) {
            op.linkTimeSeconds += layers * (x.linkLatency + allToAllBytes / x.linkBandwidth);
            pass.scaling(id).fixedLinkSeconds += layers * x.linkLatency;
        }
    };
    if (ep) {
        addAllToAll(Op::EpDispatch);
    }

    // Routed experts see their gathered token rows; shared experts see all N rows.
    OperatorCost& u = pass.add(Op::MoeUp, layers);
    u.flops += layers * (2.0 * routedRows * x.h * upE + 2.0 * N * x.h * upS +
                         (e.expertBias ? routedRows * upE : 0.0) +
                         (gateWeights > 0 ? 2.0 * N * x.h : 0.0));
    const double upExpert = x.h * upE * x.w + (e.expertBias ? upE * x.a : 0.0);
    const double upShared = x.h * upS * x.w + gateWeights;
    u.weightBytes += layers * (heldExperts * fraction * upExpert + upShared);
    u.activationBytes +=
        layers * (routedRows * (x.h + upE) + (is > 0 ? N * (x.h + upS) : 0.0)) * x.a;
    OpScaling& us = pass.scaling(Op::MoeUp);
    us.expertFullBytes += layers * heldExperts * upExpert;
    us.expertTouchedBytes += layers * heldExperts * fraction * upExpert;

    OperatorCost& f = pass.add(Op::MoeAct, layers);
    const double elements = routedRows * ie + N * is;
    f.flops += layers * (gated ? kGatedActFlopsPerElement : kActFlopsPerElement) * elements;
    f.activationBytes += layers * (gated ? 3.0 : 2.0) * elements * x.a;

    // Down projection with the weighted combine of the k outputs fused in: one N·h write.
    OperatorCost& dn = pass.add(Op::MoeDown, layers);
    dn.flops += layers * (2.0 * elements * x.h + (e.expertBias ? routedRows * x.h : 0.0));
    const double downExpert = ie * x.h * x.w + (e.expertBias ? x.h * x.a : 0.0);
    const double downShared = is * x.h * x.w;
    dn.weightBytes += layers * (heldExperts * fraction * downExpert + downShared);
    dn.activationBytes += layers * (elements + N * x.h) * x.a;
    OpScaling& ds = pass.scaling(Op::MoeDown);
    ds.expertFullBytes += layers * heldExperts * downExpert;
    ds.expertTouchedBytes += layers * heldExperts * fraction * downExpert;

    if (ep) {
        addAllToAll(Op::EpCombine);
    }
    return fraction;
}

// All-reduce of N·h activations over the D devices, `count` times (DOMAIN.md §6): α +
// 2·(D−1)/D · n / β each, α independent of D inside the scale-up domain (one-shot or
// switch-reduced all-reduce; a ring's 2·(D−1) latency hops would make batch-1 decode slower
// with more devices, against every measurement).
void addAllReduce(PassBuilder& pass, const Context& x, double count, double N) {
    if (x.devices <= 1.0 || count <= 0.0) {
        return;
    }
    OperatorCost& op = pass.add(Op::TpAllreduce, count);
    const double bytes = N * x.h * x.a;
    op.linkBytes += count * bytes;
    if (x.linkBandwidth > 0.0) {
        op.linkTimeSeconds +=
            count * (x.linkLatency + 2.0 * (x.devices - 1.0) / x.devices * bytes / x.linkBandwidth);
        pass.scaling(Op::TpAllreduce).fixedLinkSeconds += count * x.linkLatency;
    }
}

// Times, bound, shares and sums of the pass's operators, in one walk. A repeated pass
// (the draft's k steps) scales every operator first.
void finishPass(Analysis::Operators& ops, std::size_t first, const Context& x, double repeats,
                PassTotals& totals) {
    PassCost& p = totals.cost;
    double computeBound = 0.0, memoryBound = 0.0, linkBound = 0.0;
    for (std::size_t i = first; i < ops.size(); ++i) {
        OperatorCost& op = ops[i];
        if (repeats != 1.0) {
            op.count *= repeats;
            op.flops *= repeats;
            op.weightBytes *= repeats;
            op.kvBytes *= repeats;
            op.activationBytes *= repeats;
            op.linkBytes *= repeats;
            op.linkTimeSeconds *= repeats;
            OpScaling& s = totals.scaling[i - first];
            s.expertFullBytes *= repeats;
            s.expertTouchedBytes *= repeats;
            s.fixedLinkSeconds *= repeats;
        }
        op.computeTimeSeconds = op.flops * x.secondsPerFlop;
        op.memoryTimeSeconds = op.bytes() * x.secondsPerByte;
        const double onChip = std::max(op.computeTimeSeconds, op.memoryTimeSeconds);
        op.timeSeconds = std::max(onChip, op.linkTimeSeconds);
        if (op.linkTimeSeconds > onChip) {
            op.bound = Bound::Interconnect;
            linkBound += op.timeSeconds;
        } else if (op.computeTimeSeconds > op.memoryTimeSeconds) {
            op.bound = Bound::Compute;
            computeBound += op.timeSeconds;
        } else {
            op.bound = Bound::Memory;
            memoryBound += op.timeSeconds;
        }
        p.flops += op.flops;
        p.weightBytes += op.weightBytes;
        p.kvBytes += op.kvBytes;
        p.activationBytes += op.activationBytes;
        p.linkBytes += op.linkBytes;
        p.linkTimeSeconds += op.linkTimeSeconds;
        p.timeSeconds += op.timeSeconds;
    }
    p.computeTimeSeconds = p.flops * x.secondsPerFlop;
    p.memoryTimeSeconds = p.bytes() * x.secondsPerByte;
    p.stepBoundSeconds =
        std::max({p.computeTimeSeconds, p.memoryTimeSeconds, p.linkTimeSeconds});
    p.attainableFlopsPerSecond = p.timeSeconds > 0.0 ? p.flops / p.timeSeconds : 0.0;
    // DOMAIN.md §5: the bound is the largest share of the time the pass reports, never
    // the aggregate max(ΣFLOPs/peak, Σbytes/BW). Ties go to memory, then compute.
    const double total = p.timeSeconds > 0.0 ? p.timeSeconds : 1.0;
    p.shares = {computeBound / total, memoryBound / total, linkBound / total};
    p.bound = linkBound > std::max(computeBound, memoryBound) ? Bound::Interconnect
              : computeBound > memoryBound                    ? Bound::Compute
                                                              : Bound::Memory;
    totals.first = first;
    totals.size = ops.size() - first;
}

}  // namespace

Context makeContext(const Model& m, const Workload& wl, const Analysis& roofs,
                    double linkBandwidth, double linkLatency) {
    const double devices = d(wl.tensorParallel);
    return Context{
        .m = m,
        .w = bytesPerElement(wl.weightPrecision),
        .a = roofs.activationBytesPerElement,
        .c = bytesPerElement(wl.kvPrecision),
        .devices = devices,
        .h = d(m.hiddenSize),
        .nq = d(m.numQueryHeads) / devices,
        .nkv = kvHeadsPerDevice(m, devices),
        .dh = d(m.headDim),
        .inter = d(m.intermediateSize) / devices,
        .vocab = d(m.vocabSize) / devices,
        .peak = roofs.peakFlopsPerSecond,
        .bandwidth = roofs.memoryBandwidthBytesPerSecond,
        .secondsPerFlop = 1.0 / roofs.peakFlopsPerSecond,
        .secondsPerByte = 1.0 / roofs.memoryBandwidthBytesPerSecond,
        .logUntouched = m.moe.enabled()
                            ? std::log1p(-d(m.moe.expertsPerToken) / d(m.moe.numExperts))
                            : 0.0,
        .linkBandwidth = linkBandwidth,
        .linkLatency = linkLatency,
        .expertParallel = wl.expertParallel && m.moe.enabled() && devices > 1.0,
    };
}

void buildPass(const Context& x, const Workload& wl, PassKind kind, double B, double T,
               double C, double rows, double repeats, Analysis::Operators& out,
               PassTotals& totals) {
    totals = PassTotals{};
    PassBuilder pass(kind, out, totals);
    const Model& m = x.m;
    const double N = B * T;
    PassCost& cost = totals.cost;
    cost.kind = kind;
    cost.batch = B;
    cost.newTokens = T;
    cost.cachedTokens = C;
    cost.logitsRows = rows;
    cost.repeats = repeats;

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
    const bool decompress = kind == PassKind::Prefill;
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
        addAttentionBlock(pass, x, windowLayers, d(g->slidingWindow), decompress, B, T, C,
                          wl.flashAttention);
    }
    addAllReduce(pass, x, layers, N);  // after attention's o_proj
    double fraction = 0.0;
    const auto addMlp = [&](bool moe) {
        const double count = moe ? moeLayers : layers - moeLayers;
        if (count <= 0.0) {
            return;
        }
        if (moe) {
            fraction = addMoe(pass, x, count, N);
        } else {
            addDenseMlp(pass, x, count, N, x.inter, m.mlpBias);
        }
    };
    const bool moeFirst = !groups.empty() && groups.front().moe;
    addMlp(moeFirst);
    addMlp(!moeFirst);
    // After the MLP's down projection. With expert parallelism the routed outputs come
    // back by the combine all-to-all; an MoE layer still all-reduces its tensor-parallel
    // shared experts, when it has them.
    const bool epWithoutShared = x.expertParallel && m.moe.sharedIntermediateSize == 0;
    addAllReduce(pass, x, epWithoutShared ? layers - moeLayers : layers, N);

    addNorms(pass, x, Op::FinalNorm, 1.0, N, 3.0);  // read x and residual, write

    OperatorCost& head = pass.add(Op::LmHead, 1.0);
    head.flops += 2.0 * rows * x.h * x.vocab;
    head.weightBytes += x.h * x.vocab * x.w;
    head.activationBytes += rows * (x.h + x.vocab) * x.a;

    totals.expertFraction = fraction;
    finishPass(out, pass.first(), x, repeats, totals);
}

}  // namespace roofline::detail
