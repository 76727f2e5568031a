// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file label_layer.h
/// The plot's labels, placed in one pass (label_placer.h) so that none overlaps another
/// or a marker (UI.md). Each layer writes the texts of the labels that name its
/// marks (the roofs', the points', the baseline's speed-ups, the compare scenarios') and
/// says where each may go, as a LabelEntry in widget pixels; this layer places them all at
/// once: it moves each label into its box (turned along its slope for a slope's name),
/// hides the labels left out, cuts crowded points' names to their first line, and draws a
/// leader line from a label that had to move away back to its point.
///
/// It owns the leader lines (drawn with the data, straight onto the widget: directItems(),
/// direct_items.h) and the placement. When the entries, the markers, the bounds and the
/// roof lines are those of the last pass, the last solution is applied again without
/// solving (solves() counts the passes that solved).

#include <cstdint>
#include <utility>
#include <vector>

#include <QMargins>
#include <QPolygonF>
#include <QRectF>
#include <QString>

#include "plot/label_placer.h"
#include "plot/plot_layer.h"

class QCustomPlot;
class QCPAxis;
class QCPGraph;
class QCPItemLine;

namespace roofline::ui {

class DirectItem;
class PlotLabel;

/// Room round a placed label's text, so that neighbours do not touch.
inline constexpr QMargins kLabelPad(3, 1, 3, 1);

/// The size of `label`'s placed box: its text's box and kLabelPad.
QSizeF labelBoxSize(const PlotLabel* label);

/// A candidate spot on a slope, for a label turned along it: the point of the line the
/// label stands on (FLOP/byte, TFLOP/s), which side, and the pixels from line to text.
struct SlopeSpot {
    double x;
    double y;
    bool above;
    int offset;
};

/// One label to place, as a layer hands it over.
struct LabelEntry {
    PlotLabel* label = nullptr;
    /// The label is drawn in the roof layer's cached picture: where it goes is part of that
    /// picture's key (LabelLayer::place's answer).
    bool roofLayer = false;
    LabelRequest request;
    std::vector<SlopeSpot> spots;   ///< per candidate, for a label turned along a slope
    QCPItemLine* leader = nullptr;  ///< its own leader line (else the layer's, if it has one)
    /// A point's two-line name: where the plot is too crowded it keeps its first line only
    /// (the rest is in the results and the tooltip), and its candidates are made again
    /// with candidatesAround(request.anchor, size, gap, order).
    bool shortenable = false;
    double gap = 0.0;
    std::vector<Side> order;
};

/// A point's name round its point (`x`, `y` in FLOP/byte and TFLOP/s), `mark`'s marker
/// size plus a gap away, its sides tried in `order`; appended to `entries` unless the label
/// is hidden or the point not drawable. Beyond 1.5 gaps from the point it gets a leader.
void addLabelAround(std::vector<LabelEntry>& entries, const QCPAxis* xAxis, const QCPAxis* yAxis,
                    PlotLabel* label, const QCPGraph* mark, double x, double y, int priority,
                    bool droppable, const std::vector<Side>& order, bool shortenable = false);

/// A label as placed by the last pass, in widget pixels.
struct PlacedLabel {
    QString text;
    QPolygonF box;  ///< its four corners (a slope's label is turned)
    bool free;      ///< placed where it meets no other label and no marker
    bool leader;    ///< moved away from its point: a leader line joins them
};

class LabelLayer : public PlotLayer {
public:
    /// One leader line on `plot` for each of `movable` (the names that may leave their
    /// point); the plot deletes them with itself.
    LabelLayer(QCustomPlot* plot, const std::vector<PlotLabel*>& movable);

    QString layerName() const override { return QStringLiteral("labels"); }
    /// The leader lines shown, each named by its label's text.
    void describe(SceneWriter& scene) const override;

    /// The leader lines: the plot draws them under the data's marks and labels.
    std::vector<DirectItem*> directItems() const { return m_direct; }
    void setLineWidth(double width) { m_lineWidth = width; }

    /// Shows again the labels the last pass left out for want of room: the layers then
    /// decide afresh what they show.
    void showDropped();
    /// Gives the names the last pass cut short their whole text back (unless their layer
    /// has written them anew since). Call before the layers make their entries.
    void restoreShortened();
    /// Places `entries` among `markers` inside `bounds`, better off `lines` (the roof lines,
    /// label_placer.h's soft obstacles). Returns, for each entry of the roof layer, where it
    /// went (candidate, x, y): the roof layer's picture shows its labels there.
    std::vector<double> place(std::vector<LabelEntry> entries, const std::vector<QRectF>& markers,
                              const QRectF& bounds, const std::vector<LabelBox>& lines);

    /// Every label shown by the last pass, in the entries' order.
    const std::vector<PlacedLabel>& placed() const { return m_placed; }
    /// The passes that solved the placement (tests: an unchanged input solves nothing).
    std::uint64_t solves() const { return m_solves; }

private:
    struct Input {
        std::vector<LabelEntry> entries;
        std::vector<QRectF> markers;
        QRectF bounds;
        std::vector<LabelBox> lines;
    };
    static bool sameInput(const Input& a, const Input& b);
    std::vector<Placement> solve(std::vector<LabelEntry>& entries);
    void shorten(LabelEntry& entry);
    void apply(const std::vector<LabelEntry>& entries, const std::vector<Placement>& placed);

    std::vector<std::pair<PlotLabel*, QCPItemLine*>> m_leaders;
    std::vector<DirectItem*> m_direct;
    double m_lineWidth = 1.0;
    Input m_last;
    bool m_hasLast = false;
    std::vector<Placement> m_lastPlacement;
    std::vector<std::size_t> m_lastShortened;  ///< entries the last solution cut short
    std::vector<PlotLabel*> m_dropped;         ///< hidden by the last pass, not by their data
    /// Names cut to their first line by the last pass, with their whole text.
    std::vector<std::pair<PlotLabel*, QString>> m_shortened;
    std::vector<PlacedLabel> m_placed;
    std::uint64_t m_solves = 0;
};

}  // namespace roofline::ui
