// SPDX-License-Identifier: GPL-3.0-or-later
// A dense MLP (MlpKind::Dense; DOMAIN.md §3): gated (gate, up, down: SwiGLU/GeGLU) or not
// (up, down), of the group's width (Model::intermediateSize unless the group has its own),
// sliced D ways by tensor parallelism and all-reduced after its down projection.

#include "layer_kind.h"

namespace roofline::detail {

void addMlpMatrices(PassBuilder& pass, const Context& x, double layers, double N, double inter,
                    bool bias) {
    const double upOut = (x.m.gatedMlp ? 2.0 : 1.0) * inter;
    OperatorCost& u = pass.add(OperatorId::MlpUp, layers);
    PassBuilder::gemm(u, N, upOut);
    u.flops += layers * (2.0 * N * x.h * upOut + (bias ? N * upOut : 0.0));
    pass.weights(OperatorId::MlpUp, u, layers * (x.h * upOut * x.w + (bias ? upOut * x.a : 0.0)));
    u.traffic[ByteCategory::Activations] += layers * (N * x.h + N * upOut) * x.a;

    OperatorCost& f = pass.add(OperatorId::MlpAct, layers);
    const double elements = N * inter;
    if (x.m.gatedMlp) {
        f.flops += layers * kGatedActFlopsPerElement * elements;
        f.traffic[ByteCategory::Activations] += layers * 3.0 * elements * x.a;  // gate, up; out
    } else {
        f.flops += layers * kActFlopsPerElement * elements;
        f.traffic[ByteCategory::Activations] += layers * 2.0 * elements * x.a;
    }

    OperatorCost& dn = pass.add(OperatorId::MlpDown, layers);
    PassBuilder::gemm(dn, N, x.h);
    dn.flops += layers * (2.0 * N * inter * x.h + (bias ? N * x.h : 0.0));
    pass.weights(OperatorId::MlpDown, dn, layers * (inter * x.h * x.w + (bias ? x.h * x.a : 0.0)));
    dn.traffic[ByteCategory::Activations] += layers * (N * inter + N * x.h) * x.a;
}

namespace {

void parameters(const Model& m, const LayerGroup& g, double devices, ParameterSplit& held,
                ParameterSplit& active) {
    const double h = d(m.hiddenSize);
    const double inter = groupShape(m, g, devices, devices).inter;
    ParameterSplit p;
    p.matrices += (m.gatedMlp ? 3.0 : 2.0) * h * inter;
    if (m.mlpBias) {
        p.vectors += (m.gatedMlp ? 2.0 : 1.0) * inter + h;
    }
    held.matrices += p.matrices;
    held.vectors += p.vectors;
    active.matrices += p.matrices;
    active.vectors += p.vectors;
}

double width(const Context& x, const LayerGroup& g) {
    return (x.m.gatedMlp ? 2.0 : 1.0) * groupShape(x, g).inter;
}

void emit(PassBuilder& pass, const Context& x, const LayerGroup& g, double layers,
          const PassShape& p) {
    addMlpMatrices(pass, x, layers, p.N, groupShape(x, g).inter, x.m.mlpBias);
}

bool allReduces(const Context&) { return true; }

}  // namespace

const MlpKindInfo& denseMlp() {
    static constexpr MlpKindInfo kInfo{parameters, width, emit, allReduces};
    return kInfo;
}

}  // namespace roofline::detail
