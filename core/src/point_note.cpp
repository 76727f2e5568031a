// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/point_note.h"

#include <cmath>

#include "roofline/format.h"

namespace roofline {
namespace {

std::string percent(double fraction) {
    return formatProseNumber(std::round(fraction * 100.0)).append("%");
}

}  // namespace

std::string boundByTimeNote(const Analysis& analysis, const PassCost& pass) {
    const double ridge = analysis.ridgePointFlopsPerByte;
    const double x = pass.intensity();
    const bool computeLeft = pass.bound == Bound::Compute && x < ridge;
    const bool memoryRight = pass.bound == Bound::Memory && x > ridge;
    if (!(ridge > 0.0 && x > 0.0) || !(computeLeft || memoryRight)) {
        return {};
    }
    // Memory-bound right of the HBM ridge because an on-chip level binds (DOMAIN.md §10: a
    // large GEMM against a measured L2 roof): the note names that level, not an operator.
    if (memoryRight) {
        const double memoryTime = pass.shares[Bound::Memory] * pass.timeSeconds;
        for (const LevelRoof& level : analysis.memoryLevels) {
            const double t = levelBoundSeconds(analysis, pass, level.level);
            if (level.level != MemoryLevel::Main && memoryTime > 0.0 && t > 0.5 * memoryTime) {
                return std::string("memory-bound by time (")
                    .append(percent(pass.shares[Bound::Memory]))
                    .append("): the ")
                    .append(level.nameText())
                    .append(" binds ")
                    .append(percent(t / pass.timeSeconds))
                    .append(
                        " of it, a roof of its own right of the HBM ridge (see operators "
                        "per memory level)");
            }
        }
    }
    // The operator of the other bound that moves the aggregate the most: the memory-bound
    // one with the most bytes pulls x left, the compute-bound one with the most FLOPs right.
    const Bound other = computeLeft ? Bound::Memory : Bound::Compute;
    const OperatorCost* culprit = nullptr;
    const auto weight = [computeLeft](const OperatorCost& op) {
        return computeLeft ? op.bytes() : op.flops;
    };
    for (const OperatorCost& op : analysis.operators) {
        if (op.pass == pass.kind && op.bound == other &&
            (culprit == nullptr || weight(op) > weight(*culprit))) {
            culprit = &op;
        }
    }
    const double total = computeLeft ? pass.bytes() : pass.flops;
    if (culprit == nullptr || !(total > 0.0)) {
        return {};
    }
    std::string note(toString(pass.bound));
    note.append("-bound by time (")
        .append(percent(pass.shares[pass.bound]))
        .append("): ")
        .append(culprit->name)
        .append(computeLeft ? " reads " : " does ")
        .append(percent(weight(*culprit) / total))
        .append(computeLeft ? " of its bytes" : " of its FLOPs")
        .append(", which pulls the point ")
        .append(computeLeft ? "left" : "right")
        .append(" of the ridge (see operators)");
    return note;
}

}  // namespace roofline
