// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/breakdown.h"

namespace roofline {

BoundSeconds boundSeconds(const Analysis& analysis, PassKind kind) {
    BoundSeconds split;
    for (const OperatorCost& op : analysis.operators) {
        if (op.pass != kind) {
            continue;
        }
        switch (op.bound) {
            case Bound::Memory:
                split.memory += op.timeSeconds;
                break;
            case Bound::Compute:
                split.compute += op.timeSeconds;
                break;
            case Bound::Interconnect:
                split.interconnect += op.timeSeconds;
                break;
        }
    }
    return split;
}

}  // namespace roofline
