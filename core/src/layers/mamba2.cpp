// SPDX-License-Identifier: GPL-3.0-or-later
// Mamba-2 (MixerKind::Mamba2; Nemotron-H, Granite-4.0-H, Falcon-H1; DOMAIN.md §6), as
// transformers' Mamba2Mixer / NemotronHMamba2Mixer build it: in_proj (h → inner + conv
// channels + heads: z, x·B·C, dt; biased when mamba_proj_bias), a depthwise causal conv1d
// over x, B and C (conv channels = inner + 2·n_groups·d_state; biased when use_conv_bias),
// dt_bias, A_log and D per head, a gated RMSNorm over inner (Falcon-H1: only with
// mamba_rms_norm; else the gate multiplies in the scan) and out_proj (inner → h).
// Per sequence it keeps a conv state ((kernel − 1) × conv channels) and heads × head_dim ×
// d_state of SSM state. Heads (and groups, down to one) split by tensor parallelism.
//
// FLOPs of the scan per state element and token: the decay (1), the input outer product
// and add (2), the read-out through C (2) = 5. A chunked prefill (SSD) adds the products
// within chunks of 128 tokens (Mamba-2's chunk_size) over the groups' d_state and the
// heads' head_dim.

#include <algorithm>

#include "state_layer.h"

namespace roofline::detail {

namespace {

constexpr double kScanFlops = 5.0;
constexpr double kChunk = 128.0;

StateLayerShape shape(const Model& m, double split) {
    const MambaShape& g = m.mamba;
    const double heads = d(g.numHeads) / split;
    const double groups = std::max(1.0, d(g.numGroups) / split);
    const double hd = d(g.headDim), ds = d(g.stateSize);
    const double inner = heads * hd;
    StateLayerShape s;
    s.convChannels = inner + 2.0 * groups * ds;
    s.inProjOut = inner + s.convChannels + heads;  // z, x·B·C, dt
    s.inProjBias = g.projectionBias ? s.inProjOut : 0.0;
    s.convKernel = d(g.convKernel);
    s.convBias = g.convBias ? s.convChannels : 0.0;
    s.state = heads * hd * ds;
    s.flopsPerStateElement = kScanFlops;
    s.chunk = kChunk;
    s.chunkWidth = groups * ds + inner;
    s.recurrenceIn = s.convChannels + heads;
    s.inner = inner;
    s.gateWidth = inner;
    s.normWeights = g.gatedNorm ? inner : 0.0;
    s.outBias = g.outProjectionBias ? d(m.hiddenSize) : 0.0;
    s.headVectors = 3.0 * heads;  // dt_bias, A_log, D
    return s;
}

}  // namespace

const MixerKindInfo& mamba2Mixer() { return StateMixer<shape>::kInfo; }

}  // namespace roofline::detail
