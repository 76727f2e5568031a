// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Parameter counts split by storage kind, per tensor-parallel device. Shared by
// countParameters() (D = 1) and the memory footprint in analyze().

#include "roofline/model.h"

namespace roofline::detail {

/// The parts a quantized checkpoint may store at different precisions (Workload's per-part
/// weight precisions): the layers' linear matrices, the experts' matrices, and the tables
/// (embeddings, lm_head) and routers that checkpoints keep in their dtype.
struct ParameterSplit {
    double matrices = 0.0;        ///< Linear layers' matrices: stored at precision w.
    double expertMatrices = 0.0;  ///< Routed and shared experts' matrices: at the expert weights.
    double tableMatrices = 0.0;   ///< Embedding tables, lm_head, MoE routers and gates.
    double vectors = 0.0;  ///< Norm weights, biases, sinks: stored at the activation precision.
    double total() const { return matrices + expertMatrices + tableMatrices + vectors; }
    void add(const ParameterSplit& o, double times = 1.0) {
        matrices += times * o.matrices;
        expertMatrices += times * o.expertMatrices;
        tableMatrices += times * o.tableMatrices;
        vectors += times * o.vectors;
    }
};

/// Parameters one of `devices` tensor-parallel devices holds: `held` with every routed
/// expert (what is stored), `active` with the k experts one token uses. Heads, MLP and
/// expert widths and the vocabulary are split D ways; norms, the router, MLA's
/// down-projections and KV heads fewer than D are replicated. One walk gives both because
/// analyze() needs them on every frame.
struct DeviceParameters {
    ParameterSplit held;
    ParameterSplit active;
};
/// `attentionSplit`: how many ways the attention heads are split (D with tensor-parallel
/// attention, 1 with data-parallel attention, which replicates the attention weights).
DeviceParameters deviceParameters(const Model& model, double devices, double attentionSplit);
/// Parameters of the MTP layers on one device (0 without them).
double mtpParameters(const Model& model, double devices, double attentionSplit);

/// KV heads each device holds: n_kv / D, or 1 (replicated) when n_kv < D.
double kvHeadsPerDevice(const Model& model, double devices);

}  // namespace roofline::detail
