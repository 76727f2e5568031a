// SPDX-License-Identifier: GPL-3.0-or-later
// Gated DeltaNet (MixerKind::GatedDeltaNet; Qwen3-Next, Qwen3.5; DOMAIN.md §6), as
// transformers' Qwen3NextGatedDeltaNet builds it: in_proj_qkvz (h → 2·key_dim + 2·value_dim)
// and in_proj_ba (h → 2·value heads), a depthwise causal conv1d over q, k and v without
// bias, dt_bias and A_log per value head, a gated RMSNorm over d_v and out_proj
// (value_dim → h). Per sequence it keeps a conv state ((kernel − 1) × conv channels) and
// one d_k × d_v matrix per value head. Heads split by tensor parallelism.
//
// FLOPs of the recurrence per state element and token: the gated decay (1), kᵀS (2), the
// rank-1 delta update (2) and the read-out qᵀS (2) = 7. A chunked prefill adds the products
// within chunks of 64 tokens (fla's chunk size) over d_k + d_v per value head.

#include "state_layer.h"

namespace roofline::detail {

namespace {

constexpr double kRecurrenceFlops = 7.0;
constexpr double kChunk = 64.0;

StateLayerShape shape(const Model& m, double split) {
    const DeltaNetShape& g = m.deltaNet;
    const double nk = d(g.numKeyHeads) / split, nv = d(g.numValueHeads) / split;
    const double dk = d(g.keyHeadDim), dv = d(g.valueHeadDim);
    const double keyDim = nk * dk, valueDim = nv * dv;
    StateLayerShape s;
    s.inProjOut = 2.0 * keyDim + 2.0 * valueDim + 2.0 * nv;  // q, k, v, z; beta, a
    s.convChannels = 2.0 * keyDim + valueDim;
    s.convKernel = d(g.convKernel);
    s.state = nv * dk * dv;
    s.flopsPerStateElement = kRecurrenceFlops;
    s.chunk = kChunk;
    s.chunkWidth = nv * (dk + dv);
    s.recurrenceIn = 2.0 * keyDim + valueDim + 2.0 * nv;
    s.inner = valueDim;
    s.gateWidth = valueDim;
    s.normWeights = dv;        // one RMSNorm weight over d_v, shared by the heads
    s.headVectors = 2.0 * nv;  // dt_bias, A_log
    return s;
}

}  // namespace

const MixerKindInfo& gatedDeltaNetMixer() { return StateMixer<shape>::kInfo; }

}  // namespace roofline::detail
