// SPDX-License-Identifier: GPL-3.0-or-later
// Routed experts and shared experts (MlpKind::Moe; DOMAIN.md §6). Tensor-parallel: every
// expert is sliced D ways and sees all N·k routed rows. Expert-parallel: each device holds
// E/D whole experts and sees the N·k/D rows routed to them, so the mean device does the
// same FLOPs and reads the same expert bytes, but moves fewer activation rows; shared
// experts stay tensor-parallel. Weight bytes follow the distinct experts a pass touches
// under uniform routing, E·(1 − (1 − k/E)^N): k at one token, all E at large N.

#include <algorithm>
#include <cmath>

#include "layer_kind.h"

namespace roofline::detail {

namespace {

void parameters(const Model& m, const LayerGroup&, double devices, ParameterSplit& held,
                ParameterSplit& active) {
    const MoeShape& e = m.moe;
    const double h = d(m.hiddenSize);
    const double mats = m.gatedMlp ? 3.0 : 2.0;
    ParameterSplit always;
    always.tableMatrices += h * d(e.numExperts);  // router, replicated
    if (e.routerBias) {
        always.vectors += d(e.numExperts);
    }
    if (e.sharedIntermediateSize > 0) {
        always.expertMatrices += mats * h * d(e.sharedIntermediateSize) / devices;
        if (e.sharedExpertGate) {
            always.tableMatrices += h;
        }
    }
    ParameterSplit expert;  // one routed expert
    const double ie = d(e.expertIntermediateSize) / devices;
    expert.expertMatrices = mats * h * ie;
    if (e.expertBias) {
        expert.vectors = (m.gatedMlp ? 2.0 : 1.0) * ie + h;
    }
    const auto add = [&](ParameterSplit& into, double experts) {
        into.add(always);
        into.add(expert, experts);
    };
    add(held, d(e.numExperts));
    add(active, d(e.expertsPerToken));
}

double width(const Context& x, const LayerGroup&) {
    const MoeShape& e = x.m.moe;
    const double expertWidth =
        d(e.expertsPerToken) * d(e.expertIntermediateSize) + d(e.sharedIntermediateSize);
    return (x.m.gatedMlp ? 2.0 : 1.0) * expertWidth / x.devices;
}

void emit(PassBuilder& pass, const Context& x, const LayerGroup&, double layers,
          const PassShape& p) {
    const MoeShape& e = x.m.moe;
    const double N = p.N;
    const double E = d(e.numExperts);
    const double k = d(e.expertsPerToken);
    const bool gated = x.m.gatedMlp;

    OperatorCost& r = pass.add(OperatorId::MoeRouter, layers);
    PassBuilder::gemm(r, N, E);
    r.flops += layers * 2.0 * N * x.h * E;
    pass.weights(OperatorId::MoeRouter, r,
                 layers * (x.h * E * x.wt + (e.routerBias ? E * x.a : 0.0)));
    r.traffic[ByteCategory::Activations] += layers * (N * x.h + N * E) * x.a;

    // The same fraction of each device's E/D experts with expert parallelism (the mean
    // device, not the slowest).
    const double fraction = -std::expm1(N * x.logUntouched);
    pass.setExpertFraction(fraction);

    const bool ep = x.expertParallel;
    const double routedRows = ep ? N * k / x.devices : N * k;  // rows one device computes
    const double ie = ep ? d(e.expertIntermediateSize) : d(e.expertIntermediateSize) / x.devices;
    const double heldExperts = ep ? E / x.devices : E;  // experts (or slices) one device holds
    const double is = d(e.sharedIntermediateSize) / x.devices;
    const double upE = (gated ? 2.0 : 1.0) * ie;
    const double upS = (gated ? 2.0 : 1.0) * is;
    const double gateWeights = e.sharedExpertGate ? x.h * x.wt : 0.0;

    // Dispatch and combine: each routed token row goes to the device of its expert and
    // back; about N·k·h·a·(D−1)/D bytes per device each way (DOMAIN.md §6), α + bytes/β.
    const double allToAllBytes = N * k * x.h * x.a * (x.devices - 1.0) / x.devices;
    const auto addAllToAll = [&](OperatorId id) {
        OperatorCost& op = pass.add(id, layers);
        pass.collective(id, op, x, layers, allToAllBytes,
                        x.linkBandwidth > 0.0 ? allToAllBytes / x.linkBandwidth : 0.0);
    };
    if (ep) {
        addAllToAll(OperatorId::EpDispatch);
    }

    // Routed experts see their gathered token rows; shared experts see all N rows.
    OperatorCost& u = pass.add(OperatorId::MoeUp, layers);
    // A grouped GEMM over the experts this pass touches, each with its share of the rows.
    const double touched = std::max(heldExperts * fraction, 1.0);
    PassBuilder::gemm(u, routedRows / touched, upE, touched);
    u.flops += layers *
               (2.0 * routedRows * x.h * upE + 2.0 * N * x.h * upS +
                (e.expertBias ? routedRows * upE : 0.0) + (gateWeights > 0 ? 2.0 * N * x.h : 0.0));
    const double upExpert = x.h * upE * x.we + (e.expertBias ? upE * x.a : 0.0);
    pass.weights(OperatorId::MoeUp, u, layers * (x.h * upS * x.we + gateWeights));
    pass.expertWeights(OperatorId::MoeUp, u, layers * heldExperts * fraction * upExpert,
                       layers * heldExperts * upExpert);
    u.traffic[ByteCategory::Activations] +=
        layers * (routedRows * (x.h + upE) + (is > 0 ? N * (x.h + upS) : 0.0)) * x.a;

    OperatorCost& f = pass.add(OperatorId::MoeAct, layers);
    const double elements = routedRows * ie + N * is;
    f.flops += layers * (gated ? kGatedActFlopsPerElement : kActFlopsPerElement) * elements;
    f.traffic[ByteCategory::Activations] += layers * (gated ? 3.0 : 2.0) * elements * x.a;

    // Down projection with the weighted combine of the k outputs fused in: one N·h write.
    OperatorCost& dn = pass.add(OperatorId::MoeDown, layers);
    PassBuilder::gemm(dn, routedRows / touched, x.h, touched);
    dn.flops += layers * (2.0 * elements * x.h + (e.expertBias ? routedRows * x.h : 0.0));
    const double downExpert = ie * x.h * x.we + (e.expertBias ? x.h * x.a : 0.0);
    pass.weights(OperatorId::MoeDown, dn, layers * is * x.h * x.we);
    pass.expertWeights(OperatorId::MoeDown, dn, layers * heldExperts * fraction * downExpert,
                       layers * heldExperts * downExpert);
    dn.traffic[ByteCategory::Activations] += layers * (elements + N * x.h) * x.a;

    if (ep) {
        addAllToAll(OperatorId::EpCombine);
    }
}

// With expert parallelism the routed outputs come back by the combine all-to-all; an MoE
// layer still all-reduces its tensor-parallel shared experts, when it has them.
bool allReduces(const Context& x) {
    return !x.expertParallel || x.m.moe.sharedIntermediateSize > 0;
}

}  // namespace

const MlpKindInfo& moeMlp() {
    static constexpr MlpKindInfo kInfo{parameters, width, emit, allReduces};
    return kInfo;
}

}  // namespace roofline::detail
