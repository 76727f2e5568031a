// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file key_numbers.h
/// One line under the roofline with the numbers a class reads while the slider moves: TTFT,
/// TPOT, decode tokens/s and each pass's bound, from the same Analysis as the plot and the
/// Results panel ("TTFT 41.2 ms · TPOT 4.56 ms · 7,018 tok/s · bound: prefill compute, decode
/// memory"). It is shown in presentation mode, where the Results panel is a tab behind the
/// lesson: the sliders, these numbers and the lesson text stay visible together. Hidden, like
/// the panels, while a course question waits for its answer.

#include <QLabel>

#include "roofline/analysis.h"

namespace roofline::ui {

/// The line's text for `analysis` (locale-independent: the engine's formatters). An encoder
/// or CNN has no decode step: its latency per batch and images/s instead.
QString keyNumbersText(const roofline::Analysis& analysis);

class KeyNumbers : public QLabel {
    Q_OBJECT
public:
    explicit KeyNumbers(QWidget* parent = nullptr);
    void setAnalysis(const roofline::Analysis& analysis);
};

}  // namespace roofline::ui
