// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file plot_units.h
/// The plot's one conversion and one test of the engine's numbers, shared by every file of
/// the roofline plot: the y axis is in TFLOP/s (the engine's FLOP/s divided by
/// kFlopsPerTflop), and a point is drawn only where both coordinates are finite and
/// positive (a log-log plot has no room for zero).

#include <cmath>

#include "roofline/analysis.h"

namespace roofline::ui {

inline constexpr double kFlopsPerTflop = 1e12;

/// FLOP/s as the y axis shows them.
inline double tflops(double flopsPerSecond) { return flopsPerSecond / kFlopsPerTflop; }

/// Whether (x, y) can be drawn on the log-log axes.
inline bool drawable(double x, double y) {
    return std::isfinite(x) && std::isfinite(y) && x > 0.0 && y > 0.0;
}

/// Drawn where prefill is, in its colour: prefill, and the one pass of an encoder (encode)
/// or a CNN (forward).
inline bool drawnAsPrefill(PassKind kind) {
    return kind == PassKind::Prefill || kind == PassKind::Encode || kind == PassKind::Forward;
}

}  // namespace roofline::ui
