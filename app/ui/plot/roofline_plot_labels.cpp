// SPDX-License-Identifier: GPL-3.0-or-later
// RooflinePlot's label placement: every label of the plot (roofs, slopes, ridge, regions,
// points, trail marks, compare-mode speed-ups, the compare scenarios' names: compare_layer.h)
// is placed in one pass of label_placer.h, so
// that none overlaps another or a marker. The roofs' labels go first: they
// depend on the view and on where the markers are, not on the point labels, so a slider
// step redraws the cached roof picture only when a point comes onto one of them (or a
// point's name onto a region's name, which gives way).

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "plot/baseline_layer.h"
#include "plot/label_layer.h"
#include "plot/operator_layer.h"
#include "plot/plot_footprint.h"
#include "plot/roofline_plot.h"

namespace roofline::ui {

std::vector<QRectF> RooflinePlot::markerRects() const {
    std::vector<QRectF> rects;
    const QRectF area = QRectF(m_plot->axisRect()->rect()).adjusted(-20, -20, 20, 20);
    std::vector<const QCPGraph*> graphs = m_points->markGraphs();
    for (const QCPGraph* graph : m_estimate->markGraphs()) {
        graphs.push_back(graph);
    }
    graphs.push_back(m_roof->ridgeMarker());
    for (const QCPGraph* graph : m_baselineLayer->pointGraphs()) {
        graphs.push_back(graph);
    }
    for (const QCPGraph* graph : m_operators->graphs()) {
        graphs.push_back(graph);
    }
    for (QCPGraph* graph : m_compare->pointGraphs()) {
        graphs.push_back(graph);
    }
    for (const QCPGraph* graph : graphs) {
        if (!graph->realVisibility()) {
            continue;
        }
        const double half = markHalfSide(*graph);
        if (half < 0.0) {
            continue;
        }
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
            const QPointF p = graph->coordsToPixels(it->key, it->value);
            if (std::isfinite(p.x()) && std::isfinite(p.y()) && area.contains(p)) {
                rects.emplace_back(p.x() - half, p.y() - half, 2.0 * half, 2.0 * half);
            }
        }
    }
    // The estimate's interval bars: a label on one would hide where the interval ends.
    for (const QRectF& bar : m_estimate->intervalRects()) {
        const QRectF shown = bar.intersected(area);
        if (!shown.isEmpty()) {
            rects.push_back(shown);
        }
    }
    return rects;
}

bool RooflinePlot::placeLabels() {
    // Names cut short by the last placement start whole again (unless the data has
    // written them anew since), before the layers measure them.
    m_labels->restoreShortened();
    std::vector<LabelEntry> entries;
    // The roof layer first: compute roofs, slopes, ridge, regions (roof_layer.h).
    m_roof->labelRequests(entries);
    const std::size_t roofEnd = entries.size();
    // The compare scenarios' names (compare_layer.h): with the roof layer, whose picture
    // holds them. Their roofs' names after this plot's own; their points' names before the
    // current points' (which move with every slider step: they step round the compare
    // names, not the other way, so a step does not redraw the roof layer for them).
    for (CompareLayer::LabelSlot& slot : m_compare->labelRequests(6, 5, kLabelPad)) {
        LabelEntry entry;
        entry.label = slot.label;
        entry.roofLayer = true;
        entry.request = std::move(slot.request);
        entry.leader = slot.leader;
        entries.push_back(std::move(entry));
    }
    // The data: points' names (points_layer.h), speed-ups, trail marks.
    const std::size_t dataBegin = entries.size();
    m_points->nameRequests(entries);
    // The speed-ups at the middle of their arrow, or at the arrow's current end (the point
    // it runs to) when the arrow is too short to draw.
    for (const auto& [arrow, priority] : {std::pair{m_baselineLayer->prefillArrow(), 14},
                                          std::pair{m_baselineLayer->decodeArrow(), 15}}) {
        if (!arrow.label->visible()) {
            continue;
        }
        const QPointF at =
            arrow.line->visible()
                ? (arrow.line->start->pixelPosition() + arrow.line->end->pixelPosition()) / 2.0
                : arrow.line->end->pixelPosition();
        addLabelAround(entries, m_plot->xAxis, m_plot->yAxis, arrow.label, prefillPoint(),
                       m_plot->xAxis->pixelToCoord(at.x()), m_plot->yAxis->pixelToCoord(at.y()),
                       priority, false, {});
    }
    // A pass bound by time one way, drawn on the other side of the ridge: the note why.
    m_points->noteRequests(entries);
    // Trail marks and ends: left out before they crowd a point's name.
    m_points->trailRequests(entries);
    // A course's unanswered prediction: the groups that would give the answer away draw
    // nothing and take no room (setLabelsHidden).
    std::vector<LabelEntry> shown;
    shown.reserve(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const unsigned group = i < roofEnd ? RoofLabels : i >= dataBegin ? DataLabels : 0U;
        const bool masked = (m_hiddenLabels & group) != 0U;
        entries[i].label->setMasked(masked);
        if (!masked) {
            shown.push_back(std::move(entries[i]));
        }
    }
    entries = std::move(shown);

    // The roof lines: better not crossed by a label, where there is room elsewhere.
    std::vector<LabelBox> lines;
    for (const QCPGraph* roof : m_roof->lines()) {
        if (!roof->realVisibility()) {
            continue;
        }
        const auto points = roof->data();
        for (auto it = points->constBegin();
             it != points->constEnd() && std::next(it) != points->constEnd(); ++it) {
            const QPointF a = roof->coordsToPixels(it->key, it->value);
            const QPointF b = roof->coordsToPixels(std::next(it)->key, std::next(it)->value);
            if (std::isfinite(a.x()) && std::isfinite(a.y()) && std::isfinite(b.x()) &&
                std::isfinite(b.y())) {
                lines.push_back(lineBox(a, b, 3.0));
            }
        }
    }
    std::vector<std::pair<const PlotLabel*, const QCPItemLine*>> roofItems;
    for (const LabelEntry& entry : entries) {
        if (entry.roofLayer) {
            roofItems.emplace_back(entry.label, entry.leader);
        }
    }
    const std::vector<double> roofLabels = m_labels->place(
        std::move(entries), markerRects(), QRectF(m_plot->axisRect()->rect()), lines);

    // Where the roof layer's labels are drawn now: where they moved, its picture is mended
    // (redrawRoofPicture()).
    m_roofLabelShapes.clear();
    for (const auto& [label, leader] : roofItems) {
        QRegion shape = footprint(*label);
        if (leader != nullptr) {
            shape += footprint(*leader);
        }
        m_roofLabelShapes.emplace_back(label, std::move(shape));
    }
    // The roof layer's picture shows its labels where they are now.
    std::vector<double> picture = roofBase();
    picture.insert(picture.end(), roofLabels.begin(), roofLabels.end());
    if (picture == m_roofPicture) {
        return false;
    }
    m_roofPicture = std::move(picture);
    return true;
}

QCPRange RooflinePlot::xLimits() const {
    return QCPRange(m_grownX.lower / 1e3, m_grownX.upper * 1e3);
}

QCPRange RooflinePlot::yLimits() const {
    return QCPRange(m_grownY.lower / 1e3, m_grownY.upper * 1e3);
}

void RooflinePlot::keepInLimits(QCPAxis* axis) {
    // Wheel zoom and drag stay within three decades of the data's view either way, and
    // zoom in no closer than a factor of 2 across (unbounded, a wheel reaches 1e+200 FLOP/byte).
    if (!m_grownRange) {
        return;
    }
    const QCPRange limits = axis == m_plot->xAxis ? xLimits() : yLimits();
    QCPRange r = axis->range();
    const double span = std::log10(r.upper / r.lower);
    const double maxSpan = std::log10(limits.upper / limits.lower);
    const double minSpan = std::log10(2.0);
    const double centre = std::sqrt(r.lower * r.upper);
    if (!std::isfinite(span) || span > maxSpan) {
        r = limits;
    } else if (span < minSpan) {
        r = QCPRange(centre / std::sqrt(2.0), centre * std::sqrt(2.0));
    }
    if (r.lower < limits.lower) {
        r = QCPRange(limits.lower, limits.lower * (r.upper / r.lower));
    } else if (r.upper > limits.upper) {
        r = QCPRange(limits.upper / (r.upper / r.lower), limits.upper);
    }
    if (!(r == axis->range())) {
        m_settingRange = true;
        axis->setRange(r);
        m_settingRange = false;
    }
}

}  // namespace roofline::ui
