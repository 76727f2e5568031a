// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file comparison.h
/// Compare mode: a pinned baseline Analysis against the current one. Plain arithmetic on
/// two Analyses, here so that views (plot arrows, results panel) compute nothing.
///
/// A speed-up is baseline time / current time: 3.6 means the current scenario runs that
/// phase 3.6× faster; 0.5 means twice as slow. Prefill compares TTFT, decode TPOT (with
/// speculative decoding, the effective TPOT). Tokens/s and memory compare current / baseline
/// (more is more).

#include <optional>
#include <string>

#include "roofline/analysis.h"

namespace roofline {

struct Comparison {
    std::optional<double> prefillSpeedup;  ///< TTFT baseline / current
    std::optional<double> decodeSpeedup;   ///< TPOT baseline / current
    std::optional<double> tokensRatio;     ///< decode tokens/s current / baseline
    std::optional<double> memoryRatio;     ///< memory used current / baseline
    bool prefillBoundChanged = false;
    bool decodeBoundChanged = false;
};

/// Ratios of `current` against `baseline`; a ratio is absent when either side is not a
/// positive finite number.
Comparison compare(const Analysis& baseline, const Analysis& current);

/// "a / b" when both are positive and finite, else nullopt.
std::optional<double> ratio(double numerator, double denominator);

/// How a phase changed, for the plot's arrow label: "decode 3.60× faster",
/// "prefill 2.00× slower", "decode 1.00×" (within 0.5 % either way), "decode –" when the
/// ratio is absent. `phase` is the phase's name.
std::string speedupText(std::string_view phase, std::optional<double> speedup);

/// The same without the phase: "3.60× faster", "2.00× slower", "1.00×", "–".
std::string speedupText(std::optional<double> speedup);

/// A ratio as the results panel writes it: "×3.60"; "–" when absent.
std::string ratioText(std::optional<double> ratio);

}  // namespace roofline
