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

#include "memory_levels.h"

namespace roofline {

double levelBoundSeconds(const Analysis& analysis, const PassCost& pass, MemoryLevel level) {
    double seconds = 0.0;
    for (const OperatorCost& op : analysis.operators) {
        if (op.pass == pass.kind && op.bound == Bound::Memory && op.boundLevel == level) {
            seconds += op.timeSeconds;
        }
    }
    return seconds;
}

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

}  // namespace roofline
