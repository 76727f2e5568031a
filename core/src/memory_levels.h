// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One operator's bytes at each on-chip level (DOMAIN.md §10): the formulas are described in
// memory_levels.cpp's header. Inline: finishPass() calls it for every operator of every pass
// on every frame, and across a translation unit the call cost a fifth of analyze().

#include <algorithm>
#include <cstdint>

#include "passes.h"

namespace roofline::detail {

// ⌈v⌉ for 0 ≤ v < 2^63 without a libm call (std::ceil is one without SSE4.1).
inline double ceilPositive(double v) {
    const auto whole = static_cast<double>(static_cast<std::int64_t>(v));
    return whole < v ? whole + 1.0 : whole;
}

inline double levelBytes(OperatorCost& op, const Context& x, double newTokens, bool bidirectional,
                         double memoryTime) {
    const double hbm = op.bytes();
    double cache = hbm;
    if (op.kind == OperatorKind::Matmul && op.gemmRows > 0.0) {
        const double out = op.gemmRows * op.gemmColumns * op.gemmGroups * op.count * x.a;
        const double in = std::max(0.0, op.traffic[ByteCategory::Activations] - out);
        cache += op.traffic[ByteCategory::Weights] *
                     (ceilPositive(op.gemmRows * (1.0 / kGemmTileRows)) - 1.0) +
                 in * (ceilPositive(op.gemmColumns * (1.0 / kGemmTileColumns)) - 1.0);
    } else if (op.kind == OperatorKind::Attention && x.flashAttention && newTokens > 0.0) {
        const double blocks = ceilPositive(newTokens * (1.0 / kAttentionBlockRows));
        const double reads = bidirectional ? blocks : (blocks + 1.0) / 2.0;
        cache += op.traffic[ByteCategory::KvCache] * (reads - 1.0);
    }
    const double sram = cache + (x.flashAttention ? op.scoreBytes : 0.0);

    op.levelBytes[index(MemoryLevel::Main)] = hbm;
    op.levelBytes[index(MemoryLevel::LastLevelCache)] =
        x.levelListed[index(MemoryLevel::LastLevelCache)] ? cache : 0.0;
    op.levelBytes[index(MemoryLevel::OnChipSram)] =
        x.levelListed[index(MemoryLevel::OnChipSram)] ? sram : 0.0;

    // Two levels, unrolled and without branches (a level not timed has 0 seconds per byte).
    const double tCache = op.levelBytes[index(MemoryLevel::LastLevelCache)] *
                          x.secondsPerLevelByte[index(MemoryLevel::LastLevelCache)];
    const double tSram = op.levelBytes[index(MemoryLevel::OnChipSram)] *
                         x.secondsPerLevelByte[index(MemoryLevel::OnChipSram)];
    const bool sramSlowest = tSram > tCache;
    const double slowest = sramSlowest ? tSram : tCache;
    op.boundLevel = slowest > memoryTime
                        ? (sramSlowest ? MemoryLevel::OnChipSram : MemoryLevel::LastLevelCache)
                        : MemoryLevel::Main;
    return slowest;
}

}  // namespace roofline::detail
