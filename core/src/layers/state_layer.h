// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the recurrent-state layers (Gated DeltaNet, Mamba-2; DOMAIN.md §6) have in common:
// an input projection, a short causal convolution with its conv state, a recurrence over a
// fixed state per sequence, and a gated norm with an output projection. Each kind says its
// widths and the FLOPs of its recurrence; this file turns them into operators.

#include "layer_kind.h"

namespace roofline::detail {

// One state layer on one device.
struct StateLayerShape {
    double inProjOut = 0;     // width of the input projection's output
    double inProjBias = 0;    // bias elements of the input projection (0: none)
    double convChannels = 0;  // channels of the short convolution
    double convKernel = 4;
    double convBias = 0;  // bias elements of the convolution (0: none)
    double state = 0;     // recurrent-state elements per sequence (heads × ... )
    // FLOPs per state element and token of the recurrence in a decode step (read, decay,
    // update, read out), and per token of a chunked prefill scan: the same inter-chunk pass
    // plus intra-chunk products of `chunk` tokens over `chunkWidth` channels.
    double flopsPerStateElement = 0;
    double chunk = 0, chunkWidth = 0;
    double recurrenceIn = 0;  // activations the recurrence reads per token
    double inner = 0;         // width of the recurrence's output = the output projection's input
    double gateWidth = 0;     // the gate the norm multiplies by (z), per token
    double normWeights = 0;   // the gated norm's weight elements
    double outBias = 0;       // bias elements of the output projection (0: none)
    double headVectors = 0;   // per-head vectors (dt_bias, A_log, D)
};

// (kernel − 1) × conv channels, the conv state in elements per sequence.
inline double convStateElements(const StateLayerShape& s) {
    return (s.convKernel - 1.0) * s.convChannels;
}

// The conv state at the model's dtype and the recurrent state at the state dtype, in bytes
// per sequence (vLLM's mamba_utils.py: conv state in the model dtype, temporal state in
// mamba_ssm_cache_dtype).
inline double stateBytesOf(const StateLayerShape& s, const Model& m) {
    return convStateElements(s) * bytesPerElement(m.convStatePrecision) +
           s.state * bytesPerElement(m.statePrecision);
}

void stateLayerParameters(const StateLayerShape& s, double h, ParameterSplit& p);
void emitStateLayer(PassBuilder& pass, const Context& x, const StateLayerShape& s, double layers,
                    const PassShape& p);

// The layer-kind answers of a state layer whose widths on one device `Shape` gives (heads
// split `split` ways): no KV cache, a fixed state, the operators above.
template <StateLayerShape (*Shape)(const Model& m, double split)>
struct StateMixer {
    static void parameters(const Model& m, const LayerGroup&, double split, ParameterSplit& p) {
        stateLayerParameters(Shape(m, split), d(m.hiddenSize), p);
    }
    static CacheStreams cache(const Model&, const LayerGroup&, double, double) { return {}; }
    static double stateBytes(const Model& m, const LayerGroup&, double split) {
        return stateBytesOf(Shape(m, split), m);
    }
    static double workspaceWidth(const Context& x, const LayerGroup&) {
        return Shape(x.m, x.attentionSplit).inProjOut;
    }
    static void emit(PassBuilder& pass, const Context& x, const LayerGroup&, double layers,
                     const PassShape& p) {
        emitStateLayer(pass, x, Shape(x.m, x.attentionSplit), layers, p);
    }
    static constexpr MixerKindInfo kInfo{parameters, cache, stateBytes, workspaceWidth, emit};
};

}  // namespace roofline::detail
