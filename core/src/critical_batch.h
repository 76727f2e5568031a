// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The batch and context thresholds of a decode step (DOMAIN.md §5): the critical batch
// (compute-bound share of the step's time reaches one half), the weight matmuls' critical
// batch, and the Goldilocks context. Internal to roofline_core.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "passes.h"

namespace roofline::detail {

/// The two critical batches of a decode step, from one walk over its operators. `decode`
/// is the decode pass at the scenario's batch B; its operators are in `ops`.
struct CriticalBatches {
    /// Smallest integer B ≥ 1 at which the compute-bound operators take at least half of
    /// the decode step's time, everything but B fixed; empty when that never happens
    /// (below 1e12).
    std::optional<std::int64_t> step;
    /// Smallest integer B ≥ 1 at which the decode step's weight matmuls together turn
    /// compute-bound: their ΣFLOPs/peak ≥ their ΣHBM bytes/BW. ≈ peak·w / (2·BW).
    std::optional<std::int64_t> matmul;
};
CriticalBatches criticalBatches(const Analysis::Operators& ops, const PassTotals& decode,
                                const Context& x);

/// One KV stream a decode step reads: bytes per token of context (all layers of a group on
/// one device) and the most tokens it reads (a window, a chunk, a sparse top-k; inf = all).
// No initialisers: analyze() builds 32 of them per call and sets only those it uses.
struct KvReadStream {
    double cap;
    double bytesPerToken;
};
inline constexpr std::size_t kMaxKvReadStreams = 32;
struct KvReadStreams {
    std::array<KvReadStream, kMaxKvReadStreams> streams;  // [0, size) set
    std::size_t size = 0;
    std::size_t dropped = 0;  // streams past the capacity (never, for the models we read)
};

/// The context C at which B·Σ_streams bytes·min(C, cap) equals `weightBytes`; empty when it
/// is never reached, or only beyond `maxContext` (> 0). Chunked layers count with their
/// chunk as the cap (the most a step reads, at the chunk's last position).
std::optional<double> goldilocksContext(const KvReadStreams& streams, double B, double weightBytes,
                                        double maxContext);

}  // namespace roofline::detail
