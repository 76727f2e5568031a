// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file plot_footprint.h
/// Where on the widget a plot item paints, in pixels, at the plot's current layout. A slider
/// step repaints only where the data was and where it is now (RooflinePlot::refresh), so a
/// footprint may be larger than the marks but never smaller: it allows for antialiased
/// edges, pen widths and glyph overhang. Everything is clipped to the item's axis rect, as
/// the item's drawing is.

#include <QRegion>
#include <qcustomplot.h>

#include "plot/plot_items.h"

namespace roofline::ui {

/// The scatter marks of a graph; the whole axis rect for a graph drawn with lines.
QRegion footprint(const QCPGraph& graph);
/// The line segments and scatter marks of a curve.
QRegion footprint(const QCPCurve& curve);
/// The text box (text and padding), turned with the text: a label along a slope moves.
QRegion footprint(const PlotLabel& label);
/// A line between its two ends, with room for its line endings (the compare-mode arrows).
QRegion footprint(const QCPItemLine& line);

}  // namespace roofline::ui
