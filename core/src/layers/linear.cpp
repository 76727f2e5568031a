// SPDX-License-Identifier: GPL-3.0-or-later
// A sublayer replaced by one h × h matrix without bias (MixerKind::Linear, MlpKind::Linear;
// Nemotron-NAS / DeciLM "replace_with_linear", as its modelling code builds it). Split D
// ways like the projection it replaces, and all-reduced after it.

#include "layer_kind.h"

namespace roofline::detail {

namespace {

void emitLinear(PassBuilder& pass, const Context& x, OperatorId id, double layers, double N) {
    const double cols = x.h / x.devices;
    OperatorCost& op = pass.add(id, layers);
    PassBuilder::gemm(op, N, cols);
    op.flops += layers * 2.0 * N * x.h * cols;
    pass.weights(id, op, layers * x.h * cols * x.w);
    op.traffic[ByteCategory::Activations] += layers * N * (x.h + cols) * x.a;
}

void mixerParameters(const Model& m, const LayerGroup&, double split, ParameterSplit& p) {
    p.matrices += d(m.hiddenSize) * d(m.hiddenSize) / split;
}
CacheStreams noCache(const Model&, const LayerGroup&, double, double) { return {}; }
double noState(const Model&, const LayerGroup&, double) { return 0.0; }
double width(const Context& x, const LayerGroup&) { return x.h; }
void emitMixer(PassBuilder& pass, const Context& x, const LayerGroup&, double layers,
               const PassShape& p) {
    emitLinear(pass, x, OperatorId::LinearMixer, layers, p.N);
}

void mlpParameters(const Model& m, const LayerGroup&, double devices, ParameterSplit& held,
                   ParameterSplit& active) {
    const double matrix = d(m.hiddenSize) * d(m.hiddenSize) / devices;
    held.matrices += matrix;
    active.matrices += matrix;
}
void emitMlp(PassBuilder& pass, const Context& x, const LayerGroup&, double layers,
             const PassShape& p) {
    emitLinear(pass, x, OperatorId::MlpLinear, layers, p.N);
}
bool allReduces(const Context&) { return true; }

}  // namespace

const MixerKindInfo& linearMixer() {
    static constexpr MixerKindInfo kInfo{mixerParameters, noCache, noState, width, emitMixer};
    return kInfo;
}

const MlpKindInfo& linearMlp() {
    static constexpr MlpKindInfo kInfo{mlpParameters, width, emitMlp, allReduces};
    return kInfo;
}

}  // namespace roofline::detail
