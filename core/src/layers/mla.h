// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Multi-head latent attention's pieces, shared by MLA (mla.cpp) and MLA under DeepSeek
// Sparse Attention (sparse_mla.cpp), which attends to at most topK latents per query.

#include "layer_kind.h"

namespace roofline::detail {

void mlaParameters(const Model& m, double split, ParameterSplit& p);
double mlaWorkspaceWidth(const Context& x);
// Emits q/latent projections, kv_b_proj, attention and o_proj of `layers` MLA layers, each
// query attending to at most `keyCap` latents (kUncapped: every cached one), and the KV
// write of the latent plus `extraWrittenBytesPerToken` (a sparse layer's indexer key).
void emitMla(PassBuilder& pass, const Context& x, double layers, const PassShape& p, double keyCap,
             double extraWrittenBytesPerToken);

}  // namespace roofline::detail
