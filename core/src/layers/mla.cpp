// SPDX-License-Identifier: GPL-3.0-or-later
// Multi-head latent attention (MixerKind::Mla; DeepSeek-V2/V3, Kimi K2; DOMAIN.md §6): the
// cache holds one latent of kv_lora_rank plus the decoupled RoPE key per token and layer,
// shared by every head (not split by tensor parallelism: each device holds all of it).
// Prefill decompresses K and V (kv_b_proj); decode uses the absorbed form, multiplying the
// queries into the latent space, so the cache is never decompressed.

#include "mla.h"

#include <algorithm>

namespace roofline::detail {

void mlaParameters(const Model& m, double split, ParameterSplit& p) {
    const MlaShape& a = m.mla;
    const double h = d(m.hiddenSize);
    const double nq = d(m.numQueryHeads) / split;
    const double qHead = d(a.qkNopeHeadDim + a.qkRopeHeadDim);
    if (a.qLoraRank > 0) {
        p.matrices += h * d(a.qLoraRank) + d(a.qLoraRank) * nq * qHead;
        p.vectors += d(a.qLoraRank);  // q_a_layernorm
    } else {
        p.matrices += h * nq * qHead;
    }
    p.matrices += h * d(a.kvLoraRank + a.qkRopeHeadDim);                   // kv_a_proj_with_mqa
    p.vectors += d(a.kvLoraRank);                                          // kv_a_layernorm
    p.matrices += d(a.kvLoraRank) * nq * d(a.qkNopeHeadDim + a.vHeadDim);  // kv_b_proj
    p.matrices += nq * d(a.vHeadDim) * h;                                  // o_proj
    if (m.oBias) {
        p.vectors += h;
    }
}

double mlaWorkspaceWidth(const Context& x) {
    const MlaShape& a = x.m.mla;
    return d(x.m.numQueryHeads) / x.attentionSplit *
           d(a.qkNopeHeadDim + a.qkRopeHeadDim + a.vHeadDim);
}

void emitMla(PassBuilder& pass, const Context& x, double layers, const PassShape& p, double keyCap,
             double extraWrittenBytesPerToken) {
    const Model& m = x.m;
    const MlaShape& s = m.mla;
    const double nq = d(m.numQueryHeads) / x.attentionSplit;
    const double B = p.B * x.sequenceShare;
    const double N = B * p.T;
    const double window = keyCap < kUncapped ? keyCap : 0.0;
    const double pairs = attentionPairs(p.C, p.T, window);
    // Latents read: every cached one, or under sparse attention each query's topK (their
    // union at most T·topK).
    const double keys = keyCap < kUncapped ? std::min(p.C + p.T, p.T * keyCap) : p.C + p.T;
    const double qr = d(s.qLoraRank), r = d(s.kvLoraRank), rope = d(s.qkRopeHeadDim);
    const double nope = d(s.qkNopeHeadDim), v = d(s.vHeadDim), dqk = nope + rope;

    OperatorCost& qkv = pass.add(OperatorId::QkvProj, layers);
    // The down projections that read h, fused (q_a or q, and kv_a with its rope key).
    PassBuilder::gemm(qkv, N, (qr > 0 ? qr : nq * dqk) + r + rope);
    const double qMatrices = qr > 0 ? x.h * qr + qr * nq * dqk : x.h * nq * dqk;
    const double matrices = qMatrices + x.h * (r + rope);
    qkv.flops += layers * (2.0 * N * matrices + kNormFlopsPerElement * N * (qr + r));
    pass.weights(OperatorId::QkvProj, qkv, layers * (matrices * x.w + (qr + r) * x.a));
    // in: N·h; out: q heads and the latent with its rope key; q_a's output round trip.
    qkv.traffic[ByteCategory::Activations] +=
        layers * N * (x.h + nq * dqk + r + rope + 2.0 * qr) * x.a;

    OperatorCost& kvUp = pass.add(OperatorId::KvUpProj, layers);
    pass.weights(OperatorId::KvUpProj, kvUp, layers * r * nq * (nope + v) * x.w);
    OperatorCost& att = pass.add(OperatorId::Attention, layers);
    if (p.kind == PassKind::Prefill) {
        const double tokens = B * (p.C + p.T);
        PassBuilder::gemm(kvUp, tokens, nq * (nope + v));
        kvUp.flops += layers * 2.0 * tokens * r * nq * (nope + v);
        kvUp.traffic[ByteCategory::Activations] += layers * tokens * (r + nq * (nope + v)) * x.a;
        att.flops += layers * B * nq * pairs * (2.0 * (dqk + v) + kSoftmaxFlopsPerScore);
        att.traffic[ByteCategory::Activations] +=
            layers * (N * nq * dqk + B * keys * nq * (dqk + v) + N * nq * v) * x.a;
    } else {
        kvUp.flops += layers * 2.0 * N * nq * r * (nope + v);
        kvUp.traffic[ByteCategory::Activations] += layers * N * nq * (nope + r + r + v) * x.a;
        att.flops += layers * B * nq * pairs * (2.0 * (r + rope) + 2.0 * r + kSoftmaxFlopsPerScore);
        att.traffic[ByteCategory::KvCache] += layers * B * keys * (r + rope) * x.c;
        att.traffic[ByteCategory::Activations] += layers * (N * nq * (r + rope) + N * nq * r) * x.a;
    }
    const double scores = layers * 4.0 * B * nq * pairs * x.a;  // on chip with FlashAttention
    att.scoreBytes += scores;
    if (!p.flashAttention) {
        att.traffic[ByteCategory::Activations] += scores;
    }

    OperatorCost& kvw = pass.add(OperatorId::KvWrite, layers);
    kvw.traffic[ByteCategory::KvCache] +=
        layers * B * p.T * ((r + rope) * x.c + extraWrittenBytesPerToken);

    const double oIn = nq * v;
    OperatorCost& o = pass.add(OperatorId::OProj, layers);
    PassBuilder::gemm(o, N, x.h);
    o.flops += layers * (2.0 * N * oIn * x.h + (m.oBias ? N * x.h : 0.0));
    pass.weights(OperatorId::OProj, o, layers * (oIn * x.h * x.w + (m.oBias ? x.h * x.a : 0.0)));
    o.traffic[ByteCategory::Activations] += layers * N * (oIn + x.h) * x.a;
}

namespace {

void parameters(const Model& m, const LayerGroup&, double split, ParameterSplit& p) {
    mlaParameters(m, split, p);
}

CacheStreams cache(const Model& m, const LayerGroup&, double, double kvBytes) {
    CacheStreams out;
    out.add({d(m.mla.kvLoraRank + m.mla.qkRopeHeadDim) * kvBytes, kUncapped, kUncapped});
    return out;
}

double noState(const Model&, const LayerGroup&, double) { return 0.0; }

double workspaceWidth(const Context& x, const LayerGroup&) { return mlaWorkspaceWidth(x); }

void emit(PassBuilder& pass, const Context& x, const LayerGroup&, double layers,
          const PassShape& p) {
    emitMla(pass, x, layers, p, kUncapped, 0.0);
}

}  // namespace

const MixerKindInfo& mlaMixer() {
    static constexpr MixerKindInfo kInfo{parameters, cache, noState, workspaceWidth, emit};
    return kInfo;
}

}  // namespace roofline::detail
