// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file label_placer.h
/// Places a plot's labels in one pass so that none overlaps another label or a marker
/// (UI.md: "Labels never overlap each other, a point or a roof label"). Pure geometry in
/// pixels: no widget, no plot; RooflinePlot builds the requests from its items and applies
/// the result, and a view that joins later (compare scenarios, measured data, an encode
/// pass) adds its labels as more requests.
///
/// How to use it:
///   1. Collect the markers as obstacles (the squares the scatter marks cover).
///   2. For each label make a LabelRequest: its candidate boxes in order of preference
///      (candidatesAround() for a label naming a point; boxes along a line for a roof),
///      its anchor (the point it names, for the leader line), its priority and whether it
///      may be dropped.
///   3. placeLabels() goes through the requests by priority (lower first; ties keep their
///      order) and keeps, for each, the first candidate that lies inside the bounds and
///      meets no obstacle and no label placed before it. A droppable label with no free
///      candidate is left out. One that is not droppable and may have a leader line (a
///      point's name) goes to the free spot nearest its anchor anywhere in the bounds (upright
///      boxes: a grid search); failing that, as any other that is not droppable, to the
///      candidate that overlaps least. A candidate far enough to need a leader line counts
///      as free only when that line, past its first leaderDistance, crosses no obstacle (it
///      would run along an estimate's interval bar, or seem to name another point); the grid
///      search takes one whose line does only when there is no other near it.
///   4. Draw each placed label in its box; when Placement::leader is set, draw a short
///      line from the anchor to Placement::leaderEnd.

#include <vector>

#include <QPointF>
#include <QRectF>
#include <QSizeF>

namespace roofline::ui {

/// A label's box: `rect` in pixels, turned by `angle` degrees (clockwise on screen, as
/// QPainter::rotate) about `pivot`. With angle 0 the box is `rect` itself.
struct LabelBox {
    QRectF rect;
    QPointF pivot;
    double angle = 0.0;
    /// The four corners on screen.
    std::vector<QPointF> corners() const;
    /// The axis-aligned rectangle round the corners.
    QRectF bounds() const;
};

/// True when the two boxes share area (touching edges do not count).
bool intersects(const LabelBox& a, const LabelBox& b);
/// The same for two convex polygons given by their corners (a closing repeat is allowed).
bool intersects(const std::vector<QPointF>& a, const std::vector<QPointF>& b);

struct LabelRequest {
    std::vector<LabelBox> candidates;  ///< in order of preference
    QPointF anchor;                    ///< the point or line the label names
    int priority = 0;                  ///< lower is placed first
    bool droppable = false;            ///< may be left out when nowhere is free
    /// Beyond this distance from the anchor to the box, the label gets a leader line.
    double leaderDistance = 1e9;
};

struct Placement {
    /// Index into the request's candidates; candidates.size() for a spot found by the
    /// grid search; -1 = dropped.
    int candidate = -1;
    LabelBox box;       ///< the chosen box (empty when dropped)
    bool free = false;  ///< the box meets nothing (false for a forced, overlapping one)
    bool leader = false;
    QPointF leaderEnd;  ///< the nearest point of the box to the anchor
};

/// One placement per request, in the requests' order. `soft` are things a label had better
/// not cover but may (the roof lines, as thin turned boxes: lineBox()): each request first
/// looks for a candidate clear of them (and of the leader lines placed before it) too,
/// then for one clear of the rest only.
std::vector<Placement> placeLabels(const std::vector<LabelRequest>& requests,
                                   const std::vector<QRectF>& obstacles, const QRectF& bounds,
                                   const std::vector<LabelBox>& soft = {});

/// A line segment from `a` to `b` as a box `width` thick.
LabelBox lineBox(const QPointF& a, const QPointF& b, double width);

/// Where a label goes round a point, in the order tried when `order` is empty.
enum class Side { Right, Left, Above, Below, RightBelow, RightAbove, LeftAbove, LeftBelow };

/// Boxes of `size` round `anchor`: first `gap` away on each side of `order` (all eight:
/// right, left, above, below, then the diagonals, when `order` is empty), then the same
/// further out (2×, 3.5×, 5×, 8×, 12×, 18× and 26× the gap), for a label that needs a
/// leader line.
std::vector<LabelBox> candidatesAround(const QPointF& anchor, const QSizeF& size, double gap,
                                       const std::vector<Side>& order = {});

/// The nearest point of `box` (its rectangle before rotation, in its own frame rotated
/// back) to `p`.
QPointF nearestPoint(const LabelBox& box, const QPointF& p);

}  // namespace roofline::ui
