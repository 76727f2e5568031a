// SPDX-License-Identifier: GPL-3.0-or-later
// Softmax attention over a KV cache (MixerKind::Attention, DOMAIN.md §3, §6): grouped-query
// heads, and a span: full, sliding-window (the last `window` tokens) or chunked local
// (Llama 4: only the query's own chunk of `window` tokens). Optional q/k norms, biases,
// attention sinks (GPT-OSS) and an output gate (Qwen3-Next: q_proj also yields a sigmoid
// gate per query channel), values from the key projection (Gemma 4's k_eq_v), and layers
// that read an earlier layer's keys and values (Gemma 4's KV-shared layers, modeling_gemma4.py
// Gemma4TextAttention: q_proj, q_norm and o_proj only, no cache of their own).

#include <algorithm>
#include <cmath>

#include "layer_kind.h"

namespace roofline::detail {

namespace {

double qOut(const Model& m, const GroupShape& s) {
    return (m.attentionOutputGate ? 2.0 : 1.0) * s.nq * s.dh;
}

// The q and k norms' weights: per head (2·d), or over the whole projections; a KV-shared
// layer has only its q norm.
double qkNormWeights(const Model& m, const LayerGroup& g, const GroupShape& s) {
    const double k = g.kvShared ? 0.0 : 1.0;
    return m.qkNormWhole ? (s.nq + k * s.nkv) * s.dh : (1.0 + k) * s.dh;
}

// Width of the k and v projections: one when values come from the key projection, none in a
// KV-shared layer.
double kvOut(const LayerGroup& g, const GroupShape& s) {
    return g.kvShared ? 0.0 : (g.sharedKv ? 1.0 : 2.0) * s.nkv * s.dh;
}

// Σ_{i<n} ((i mod W) + 1): query-key pairs of the first n tokens under chunked attention.
double chunkedPairsUpTo(double n, double W) {
    const double chunks = std::floor(n / W);
    const double rest = n - chunks * W;
    return chunks * W * (W + 1.0) / 2.0 + rest * (rest + 1.0) / 2.0;
}

void parameters(const Model& m, const LayerGroup& g, double split, ParameterSplit& p) {
    const GroupShape s = groupShape(m, g, split, split);
    const double h = d(m.hiddenSize);
    const double q = qOut(m, s);
    const double kv = kvOut(g, s);
    p.matrices += h * (q + kv) + s.nq * s.dh * h;
    if (m.qkvBias) {
        p.vectors += s.nq * s.dh + kv;
    }
    if (m.qkNorm) {
        p.vectors += qkNormWeights(m, g, s);
    }
    if (m.oBias) {
        p.vectors += h;  // o_proj bias: replicated, added once after the all-reduce
    }
    if (m.attentionSinks) {
        p.vectors += s.nq;
    }
}

CacheStreams cache(const Model& m, const LayerGroup& g, double split, double kvBytes) {
    const GroupShape s = groupShape(m, g, split, split);
    const double cap = g.span == AttentionSpan::Full ? kUncapped : d(g.window);
    CacheStreams out;
    // K and V of n_kv heads, never n_q; a KV-shared layer reads its source layer's, keeps none.
    out.add({2.0 * s.nkv * s.dh * kvBytes, g.kvShared ? 0.0 : cap, cap});
    return out;
}

double noState(const Model&, const LayerGroup&, double) { return 0.0; }

double workspaceWidth(const Context& x, const LayerGroup& g) {
    const GroupShape s = groupShape(x, g);
    return qOut(x.m, s) + kvOut(g, s);
}

void emit(PassBuilder& pass, const Context& x, const LayerGroup& g, double layers,
          const PassShape& p) {
    const Model& m = x.m;
    const GroupShape s = groupShape(x, g);
    const double B = p.B * x.sequenceShare;  // sequences this device attends for
    const double N = B * p.T;
    const double W = d(g.window);
    double pairs = 0.0, keys = 0.0, written = p.T;
    OperatorId attentionOp = OperatorId::Attention;
    switch (g.span) {
        case AttentionSpan::Full:
            pairs = attentionPairs(p.C, p.T, 0.0);
            keys = keysRead(p.C, p.T, 0.0);
            break;
        case AttentionSpan::Sliding:
            pairs = attentionPairs(p.C, p.T, W);
            keys = keysRead(p.C, p.T, W);
            written = std::min(p.T, W);  // the cache keeps at most W tokens
            attentionOp = OperatorId::AttentionSliding;
            break;
        case AttentionSpan::Chunked:
            // Each query sees its own chunk up to itself: at context C a decode step reads
            // (C mod W) + 1 keys (DOMAIN.md §6), so report at the scenario's C.
            pairs = chunkedPairsUpTo(p.C + p.T, W) - chunkedPairsUpTo(p.C, W);
            keys = p.C + p.T - std::floor(p.C / W) * W;
            written = std::min(p.T, W);  // the cache keeps at most one chunk
            attentionOp = OperatorId::AttentionChunked;
            break;
    }

    const double q = qOut(m, s);
    const double qkvOut = q + kvOut(g, s);
    OperatorCost& qkv = pass.add(OperatorId::QkvProj, layers);
    PassBuilder::gemm(qkv, N, qkvOut);
    qkv.flops +=
        layers *
        (2.0 * N * x.h * qkvOut + (m.qkvBias ? N * qkvOut : 0.0) +
         (m.qkNorm ? kNormFlopsPerElement * N * (s.nq + (g.kvShared ? 0.0 : s.nkv)) * s.dh : 0.0));
    pass.weights(OperatorId::QkvProj, qkv,
                 layers * (x.h * qkvOut * x.w + (m.qkvBias ? qkvOut * x.a : 0.0) +
                           (m.qkNorm ? qkNormWeights(m, g, s) * x.a : 0.0)));
    qkv.traffic[ByteCategory::Activations] += layers * N * (x.h + qkvOut) * x.a;

    OperatorCost& att = pass.add(attentionOp, layers);
    att.flops += layers * B * s.nq * pairs * (4.0 * s.dh + kSoftmaxFlopsPerScore);
    att.traffic[ByteCategory::KvCache] += layers * B * keys * 2.0 * s.nkv * s.dh * x.c;
    att.traffic[ByteCategory::Activations] += layers * 2.0 * N * s.nq * s.dh * x.a;  // Q, O
    // Scores and probabilities, written and read back: on chip with FlashAttention (the
    // on-chip SRAM level's bytes, memory_levels.cpp), else through HBM.
    const double scores = layers * 4.0 * B * s.nq * pairs * x.a;
    att.scoreBytes += scores;
    if (!p.flashAttention) {
        att.traffic[ByteCategory::Activations] += scores;
    }

    if (!g.kvShared) {  // a KV-shared layer writes nothing: its keys are another layer's
        OperatorCost& kvw = pass.add(OperatorId::KvWrite, layers);
        kvw.traffic[ByteCategory::KvCache] += layers * B * written * 2.0 * s.nkv * s.dh * x.c;
    }

    const double oIn = s.nq * s.dh;
    OperatorCost& o = pass.add(OperatorId::OProj, layers);
    PassBuilder::gemm(o, N, x.h);
    o.flops += layers * (2.0 * N * oIn * x.h + (m.oBias ? N * x.h : 0.0) +
                         (m.attentionOutputGate ? kActFlopsPerElement * N * oIn : 0.0));
    pass.weights(OperatorId::OProj, o, layers * (oIn * x.h * x.w + (m.oBias ? x.h * x.a : 0.0)));
    // In: the attention output (and its gate); out: N·h.
    o.traffic[ByteCategory::Activations] +=
        layers * N * ((m.attentionOutputGate ? 2.0 : 1.0) * oIn + x.h) * x.a;
}

}  // namespace

const MixerKindInfo& attentionMixer() {
    static constexpr MixerKindInfo kInfo{parameters, cache, noState, workspaceWidth, emit};
    return kInfo;
}

}  // namespace roofline::detail
