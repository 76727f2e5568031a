// SPDX-License-Identifier: GPL-3.0-or-later
// The memory hierarchy (DOMAIN.md §10): an operator's bytes at each on-chip level, counted
// from what the pass builder already knows (its HBM traffic by category, its GEMM shape, the
// attention scores), so that no layer kind has to know about levels.
//
// Last-level cache (L2, Infinity Cache):
//   - a GEMM C = A·B (A: M × K activations, B: K × N weights) tiled in Tm × Tn output tiles
//     reads A once per column of tiles and B once per row of tiles:
//       bytes = M·K·⌈N/Tn⌉·a + K·N·⌈M/Tm⌉·w + M·N·a
//     = its HBM bytes + A·(⌈N/Tn⌉ − 1) + B·(⌈M/Tm⌉ − 1). A's bytes are the operator's
//     activation traffic less its output (M·N·a per group and run), B's its weight traffic.
//   - FlashAttention reads K and V once per block of Br queries; a causal pass's block i reads
//     the keys up to its own, (nb + 1)/2 of them on average over nb = ⌈T/Br⌉ blocks; an
//     encoder's every block reads all of them.
//   - everything else passes through once: its HBM bytes.
// On-chip SRAM (shared memory, VMEM, SBUF): what the cache delivers, plus the scores and
// probabilities FlashAttention keeps on chip (4·B·n_q·pairs·a). Without FlashAttention they
// are HBM traffic already (attention.cpp), and the SRAM sees them again on their way.

#include <algorithm>
#include <cmath>

#include "passes.h"

namespace roofline {

std::string_view toString(MemoryLevel level) {
    switch (level) {
        case MemoryLevel::Main:
            return "main_memory";
        case MemoryLevel::LastLevelCache:
            return "last_level_cache";
        case MemoryLevel::OnChipSram:
            return "on_chip_sram";
    }
    return "main_memory";
}

namespace detail {

double levelBytes(OperatorCost& op, const Context& x, double newTokens, bool bidirectional,
                  double memoryTime) {
    const double hbm = op.bytes();
    double cache = hbm;
    if (op.kind == OperatorKind::Matmul && op.gemmRows > 0.0) {
        const double out = op.gemmRows * op.gemmColumns * op.gemmGroups * op.count * x.a;
        const double in = std::max(0.0, op.traffic[ByteCategory::Activations] - out);
        cache +=
            op.traffic[ByteCategory::Weights] * (std::ceil(op.gemmRows / kGemmTileRows) - 1.0) +
            in * (std::ceil(op.gemmColumns / kGemmTileColumns) - 1.0);
    } else if (op.kind == OperatorKind::Attention && x.flashAttention && newTokens > 0.0) {
        const double blocks = std::ceil(newTokens / kAttentionBlockRows);
        const double reads = bidirectional ? blocks : (blocks + 1.0) / 2.0;
        cache += op.traffic[ByteCategory::KvCache] * (reads - 1.0);
    }
    const double sram = cache + (x.flashAttention ? op.scoreBytes : 0.0);

    op.levelBytes[index(MemoryLevel::Main)] = hbm;
    op.levelBytes[index(MemoryLevel::LastLevelCache)] =
        x.levelListed[index(MemoryLevel::LastLevelCache)] ? cache : 0.0;
    op.levelBytes[index(MemoryLevel::OnChipSram)] =
        x.levelListed[index(MemoryLevel::OnChipSram)] ? sram : 0.0;

    double slowest = 0.0;
    op.boundLevel = MemoryLevel::Main;
    double bound = memoryTime;
    for (const MemoryLevel l : {MemoryLevel::LastLevelCache, MemoryLevel::OnChipSram}) {
        const double t = op.levelBytes[index(l)] * x.secondsPerLevelByte[index(l)];
        slowest = std::max(slowest, t);
        if (t > bound) {
            bound = t;
            op.boundLevel = l;
        }
    }
    return slowest;
}

}  // namespace detail
}  // namespace roofline
