// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file breakdown.h
/// Where a pass's time goes by bound, for the breakdown view (which only draws it).

#include "roofline/analysis.h"

namespace roofline {

/// Seconds of one pass spent in operators bound by each roof: the sums whose ratios to the
/// pass time are PassCost::shares (DOMAIN.md §5). They add up to the pass time (up to
/// rounding).
struct BoundSeconds {
    double memory = 0.0;
    double compute = 0.0;
    double interconnect = 0.0;
};

/// The split of the pass of kind `kind` in `analysis` (all zero when there is none),
/// summed over its operators in execution order.
BoundSeconds boundSeconds(const Analysis& analysis, PassKind kind);

}  // namespace roofline
