// SPDX-License-Identifier: GPL-3.0-or-later
// The operators of a recurrent-state layer (DOMAIN.md §6). A decode step reads and writes
// each sequence's whole state once, whatever C is: 2 × B × state bytes, in the `state`
// byte category. A prefill is a chunked scan, linear in P: it starts from an empty state and
// writes the final state once (the states of the chunks in between stay on chip, as in the
// fused kernels).

#include "state_layer.h"

namespace roofline::detail {

void stateLayerParameters(const StateLayerShape& s, double h, ParameterSplit& p) {
    p.matrices += h * s.inProjOut + s.inner * h;
    p.vectors += s.inProjBias + s.convChannels * s.convKernel + s.convBias + s.normWeights +
                 s.outBias + s.headVectors;
}

void emitStateLayer(PassBuilder& pass, const Context& x, const StateLayerShape& s, double layers,
                    const PassShape& p) {
    const double B = p.B * x.sequenceShare;
    const double N = B * p.T;
    const bool fresh = p.kind == PassKind::Prefill;  // no state before the pass

    OperatorCost& in = pass.add(OperatorId::MixerInProj, layers);
    PassBuilder::gemm(in, N, s.inProjOut);
    in.flops += layers * (2.0 * N * x.h * s.inProjOut + N * s.inProjBias);
    pass.weights(OperatorId::MixerInProj, in,
                 layers * (x.h * s.inProjOut * x.w + s.inProjBias * x.a));
    in.traffic[ByteCategory::Activations] += layers * N * (x.h + s.inProjOut) * x.a;

    // Short causal convolution (a multiply-add per tap) and its activation; the conv state
    // (the last kernel − 1 inputs) is read unless fresh, and written.
    const double convState = convStateElements(s);
    OperatorCost& conv = pass.add(OperatorId::ShortConv, layers);
    conv.flops += layers * N * s.convChannels * (2.0 * s.convKernel + kActFlopsPerElement);
    pass.weights(OperatorId::ShortConv, conv,
                 layers * (s.convChannels * s.convKernel + s.convBias) * x.a);
    conv.traffic[ByteCategory::Activations] += layers * 2.0 * N * s.convChannels * x.a;
    conv.traffic[ByteCategory::State] += layers * B * (fresh ? 1.0 : 2.0) * convState * x.sc;

    OperatorCost& scan = pass.add(OperatorId::StateUpdate, layers);
    const double perToken =
        s.flopsPerStateElement * s.state + (fresh ? 2.0 * s.chunk * s.chunkWidth : 0.0);
    scan.flops += layers * N * perToken;
    scan.traffic[ByteCategory::State] += layers * B * (fresh ? 1.0 : 2.0) * s.state * x.s;
    scan.traffic[ByteCategory::Activations] += layers * N * (s.recurrenceIn + s.inner) * x.a;

    // Gated norm fused into the output projection: read the output and the gate, write h.
    OperatorCost& out = pass.add(OperatorId::MixerOutProj, layers);
    PassBuilder::gemm(out, N, x.h);
    out.flops +=
        layers * (kNormFlopsPerElement * N * s.inner + 2.0 * N * s.inner * x.h + N * s.outBias);
    pass.weights(OperatorId::MixerOutProj, out,
                 layers * (s.inner * x.h * x.w + (s.normWeights + s.outBias) * x.a));
    out.traffic[ByteCategory::Activations] += layers * N * (s.inner + s.gateWidth + x.h) * x.a;
}

}  // namespace roofline::detail
