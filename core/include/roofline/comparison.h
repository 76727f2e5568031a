// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file comparison.h
/// Compare mode: a pinned baseline Analysis against the current one. Plain arithmetic on
/// two Analyses, here so that views (plot arrows and their labels, results panel) compute
/// nothing.
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

/// How a phase's time changed: "decode 3.60× faster",
/// "prefill 2.00× slower", "decode 1.00×" (within 0.5 % either way), "decode –" when the
/// ratio is absent. `phase` is the phase's name.
std::string speedupText(std::string_view phase, std::optional<double> speedup);

/// The same without the phase: "3.60× faster", "2.00× slower", "1.00×", "–".
std::string speedupText(std::optional<double> speedup);

/// The two passes a plot arrow joins (DOMAIN.md §12): `from` in the baseline, `to` in the
/// current analysis; null when there is no such arrow.
struct ArrowEnds {
    const PassCost* from = nullptr;
    const PassCost* to = nullptr;
};

/// The first pass's arrow: baseline primary() to current primary() when both are the same
/// kind (prefill to prefill, encode to encode); none between a prefill and an encode.
ArrowEnds primaryArrow(const Analysis& baseline, const Analysis& current);

/// The decode arrow: from the step that makes the tokens in the baseline to the one in the
/// current analysis. That step is the verify pass under speculative decoding and the plain
/// decode pass otherwise, so switching speculation on draws the arrow from the plain decode
/// point to the verify point. None when either side has no decode step.
ArrowEnds decodeArrow(const Analysis& baseline, const Analysis& current);

/// An arrow's label, from the engine's numbers (DOMAIN.md §12): what the point shows (its
/// FLOP/s, "per device" when the device count changed), what the user cares about (tokens/s,
/// "effective" when the current step is speculative's verify; images/s for an encoder or a
/// CNN), and the time beside (TPOT, TTFT, the pass time), e.g.
/// "decode ×7.03 FLOP/s, ×7.08 tok/s, TPOT 1.13× slower",
/// "verify ×3.98 FLOP/s, ×2.77 effective tok/s, TPOT 2.77× faster",
/// "decode ×0.57 FLOP/s per device, ×1.75 tok/s, TPOT 1.75× faster",
/// "prefill ×1.01 FLOP/s, TTFT 1.01× faster". Empty when `ends` has no pass.
std::string arrowLabel(const Analysis& baseline, const Analysis& current, const ArrowEnds& ends);

/// A ratio as the results panel writes it: "×3.60"; "–" when absent.
std::string ratioText(std::optional<double> ratio);

}  // namespace roofline
