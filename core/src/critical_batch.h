// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The batch and context thresholds of a decode step (DOMAIN.md §5): the critical batch
// (compute-bound share of the step's time reaches one half), the weight matmuls' critical
// batch, and the Goldilocks context. Internal to roofline_core.

#include <cstdint>
#include <optional>

#include "passes.h"

namespace roofline::detail {

/// Smallest integer B ≥ 1 at which the compute-bound operators take at least half of the
/// decode step's time, everything but B fixed; empty when that never happens (below 1e12).
/// `decode` is the decode pass at the scenario's batch B; its operators are in `ops`.
std::optional<std::int64_t> criticalBatch(const Analysis::Operators& ops,
                                          const PassTotals& decode, const Context& x);

/// Smallest integer B ≥ 1 at which the decode step's weight matmuls together turn
/// compute-bound: their ΣFLOPs/peak ≥ their ΣHBM bytes/BW. ≈ peak·w / (2·BW).
std::optional<std::int64_t> matmulCriticalBatch(const Analysis::Operators& ops,
                                                const PassTotals& decode, const Context& x);

/// The context C at which B·Σ_layers min(C, window)·(KV bytes per token and layer) equals
/// `weightBytes`; empty when it is never reached, or only beyond `maxContext` (> 0).
std::optional<double> goldilocksContext(const Model& m, double kvBytesPerTokenLayer, double B,
                                        double weightBytes, double maxContext);

}  // namespace roofline::detail
