// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file no_decode_notice.h
/// The batch sweep and the regime map draw the decode step. A model without one (an encoder
/// or a CNN: one pass over images) gets a sentence in their place, not empty axes.

class QCustomPlot;
class QLabel;

namespace roofline {
struct Analysis;
}

namespace roofline::ui {

/// Shows `plot` when the analysis has a decode step (and hides the notice); otherwise hides
/// the plot and shows the notice, created on first use in the plot's parent layout. True
/// when the notice is shown: the view has nothing to compute.
bool showNoDecodeNotice(QCustomPlot& plot, QLabel*& notice, const Analysis& analysis,
                        const char* view);

}  // namespace roofline::ui
