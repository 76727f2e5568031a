// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file point_note.h
/// A pass's bound comes from its time shares (DOMAIN.md §5), its x on the plot from its
/// aggregate FLOPs per byte. The two disagree when operators are mixed: a decode step whose
/// weight matmuls are compute-bound, with attention reading many KV bytes, is compute-bound
/// by time yet left of the ridge. DOMAIN.md §12: the plot says why, at the point. The note
/// is composed here from the engine's operators, so the plot draws it and computes nothing.

#include <string>

#include "roofline/analysis.h"

namespace roofline {

/// The note for `pass` of `analysis` when its bound by time and its side of the ridge
/// disagree, else "":
/// - compute-bound by time, left of the ridge: "compute-bound by time (69%): attention
///   reads 42% of its bytes, which pulls the point left of the ridge (see operators)",
///   naming the memory-bound operator that reads the most bytes;
/// - memory-bound by time, right of the ridge: "memory-bound by time (60%): lm_head does
///   70% of its FLOPs, which pulls the point right of the ridge (see operators)", naming the
///   compute-bound operator with the most FLOPs.
/// The percentage in brackets is the pass's share of time of its bound. Interconnect-bound
/// passes, passes without operators and passes on the ridge get no note.
std::string boundByTimeNote(const Analysis& analysis, const PassCost& pass);

}  // namespace roofline
