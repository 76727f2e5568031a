// SPDX-License-Identifier: GPL-3.0-or-later
// RooflinePlot's label placement: every label of the plot (roofs, slopes, ridge, regions,
// points, trail marks, compare-mode speed-ups, the compare scenarios' names: compare_layer.h)
// is placed in one pass of label_placer.h, so
// that none overlaps another or a marker (issue 12). The roofs' labels go first: they
// depend on the view and on where the markers are, not on the point labels, so a slider
// step redraws the cached roof picture only when a point comes onto one of them (or a
// point's name onto a region's name, which gives way).

#include <algorithm>
#include <array>
#include <cmath>

#include "plot/baseline_layer.h"
#include "plot/label_placer.h"
#include "plot/operator_layer.h"
#include "plot/roofline_plot.h"

namespace roofline::ui {
namespace {

/// Room round a placed label's text, so that neighbours do not touch.
const QMargins kPad(3, 1, 3, 1);
/// Between a roof line and its label, and from the axis rect's edge.
constexpr double kRoofGap = 3.0;
constexpr double kEdgeGap = 8.0;
/// Beyond this many gaps from its point a label gets a leader line.
constexpr double kLeaderGaps = 1.5;

QSizeF boxSize(const PlotLabel* label) {
    const QRect text = label->textRect();
    return {static_cast<double>(text.width() + kPad.left() + kPad.right()),
            static_cast<double>(text.height() + kPad.top() + kPad.bottom())};
}

/// Upright, its box's top left at `box`'s; a label left of its point is flush right.
void putAt(PlotLabel* label, const QRectF& box, bool flushRight) {
    label->setRotation(0.0);
    label->position->setType(QCPItemPosition::ptAbsolute);
    label->position->setCoords(box.topLeft());
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->setTextAlignment(flushRight ? Qt::AlignRight : Qt::AlignLeft);
    label->setPadding(kPad);
}

}  // namespace

std::vector<QRectF> RooflinePlot::markerRects() const {
    std::vector<QRectF> rects;
    const QRectF area = QRectF(m_plot->axisRect()->rect()).adjusted(-20, -20, 20, 20);
    std::vector<const QCPGraph*> graphs;
    for (const QCPGraph* graph : {m_prefillPoint, m_decodePoint, m_specPoints, m_prefillLink,
                                  m_decodeLink, m_criticalMark, m_memoryWallMark, m_ridgeMarker}) {
        graphs.push_back(graph);
    }
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
    return rects;
}

std::vector<RooflinePlot::PlacedLabel> RooflinePlot::placedLabels() const { return m_placed; }

bool RooflinePlot::placeLabels() {
    struct SlopeSpot {
        double x;
        double y;
        bool above;
        int offset;  ///< from the line to the text, in pixels
    };
    struct Entry {
        PlotLabel* label;
        bool roofLayer;
        std::vector<SlopeSpot> spots;   ///< per candidate, for a label turned along a slope
        QCPItemLine* leader = nullptr;  ///< its own leader line (else one of m_leaders)
        double gap = 0.0;               ///< a point's name: its candidatesAround() arguments
        std::vector<Side> order;
    };
    // Names cut short by the last placement start whole again (unless the data has
    // written them anew since).
    for (const auto& [label, full] : m_shortened) {
        if (label->text() == full.section(QLatin1Char('\n'), 0, 0)) {
            label->setText(full);
        }
    }
    m_shortened.clear();
    std::vector<LabelRequest> requests;
    std::vector<Entry> entries;
    const QRectF area(m_plot->axisRect()->rect());
    const auto px = [this](double x, double y) {
        return QPointF(m_plot->xAxis->coordToPixel(x), m_plot->yAxis->coordToPixel(y));
    };
    const auto add = [&](PlotLabel* label, bool roofLayer, LabelRequest request,
                         std::vector<SlopeSpot> spots = {}, QCPItemLine* leader = nullptr) {
        requests.push_back(std::move(request));
        entries.push_back({label, roofLayer, std::move(spots), leader, 0.0, {}});
    };

    // --- The roof layer: compute roofs, slopes, ridge, regions. ---
    const QRectF view = area;
    for (std::size_t i = 0; i < m_roofGroups.size() && i < m_roofLabelItems.size(); ++i) {
        const RoofGroup& g = m_roofGroups[i];
        PlotLabel* label = m_roofLabelItems[i];
        if (!label->visible()) {
            continue;
        }
        const QSizeF size = boxSize(label);
        const double y = m_plot->yAxis->coordToPixel(tflops(g.peak));
        const double x0 = std::max(m_plot->xAxis->coordToPixel(g.ridge), view.left()) + kEdgeGap;
        const double x1 = view.right() - kEdgeGap - size.width();
        const double above = y - kRoofGap - size.height();
        const double below = y + kRoofGap;
        // The roof in use at its right end (UI.md); the others by their own ridge, away from
        // the prefill point under the right end. Then anywhere along their line, and on over
        // the slope left of the ridge (the ceiling may be shorter than its label).
        std::vector<double> lefts = g.inUse ? std::vector<double>{x1} : std::vector<double>{x0, x1};
        const double step = std::max(16.0, size.width() / 4.0);
        for (double left = x1 - step; left > x0 - size.width(); left -= step) {
            lefts.push_back(left);
        }
        lefts.push_back(x0 - size.width());
        const double above2 = above - size.height();
        const std::array<double, 3> tops = g.inUse ? std::array<double, 3>{above, below, above2}
                                                   : std::array<double, 3>{below, above, above2};
        LabelRequest r;
        for (const double top : tops) {
            for (const double left : lefts) {
                const QRectF box(QPointF(left, top), size);
                r.candidates.push_back({box, box.center(), 0.0});
            }
        }
        r.anchor = QPointF(x1 + size.width(), y);
        r.priority = g.inUse ? 0 : 3;
        r.droppable = !g.inUse;  // never the binding roof's name; another's, where crowded
        add(label, true, std::move(r));
    }

    // A slope's label lies along it, turned to its angle, above the line or below it; it
    // slides along the visible part of the slope to stay clear of the points.
    const auto slope = [&](PlotLabel* label, double bandwidth, double ridge, int priority) {
        const QCPRange xr = m_plot->xAxis->range();
        const QCPRange yr = m_plot->yAxis->range();
        if (!label->visible() || !(bandwidth > 0.0)) {
            return;
        }
        const double enter = std::max(xr.lower, yr.lower * kFlopsPerTflop / bandwidth);
        const double leave = std::min({ridge, xr.upper, yr.upper * kFlopsPerTflop / bandwidth});
        if (!(leave > enter)) {
            label->setVisible(false);
            return;
        }
        const QPointF a = px(enter, tflops(enter * bandwidth));
        const QPointF b = px(leave, tflops(leave * bandwidth));
        const double angle = std::atan2(b.y() - a.y(), b.x() - a.x()) * 180.0 / M_PI;
        const QRect text = label->textRect();
        const double w = text.width();
        LabelRequest r;
        std::vector<SlopeSpot> spots;
        // On the line first; further off it where points crowd it (memory-bound operators
        // all lie on the memory slope).
        const double h = text.height();
        for (const int offset : {6, 16, 28}) {  // between the line and the text
            for (const bool above : {true, false}) {
                for (const double t : {0.5, 0.38, 0.62, 0.26, 0.74, 0.15, 0.85}) {
                    const double x = enter * std::pow(leave / enter, t);
                    const double y = tflops(x * bandwidth);
                    const QPointF p = px(x, y);
                    const QRectF box(
                        QPointF(p.x() - w / 2.0, above ? p.y() - offset - h : p.y() + offset),
                        QSizeF(w, h));
                    r.candidates.push_back({box, p, angle});
                    spots.push_back({x, y, above, offset});
                }
            }
        }
        r.anchor = px(std::sqrt(enter * leave), tflops(std::sqrt(enter * leave) * bandwidth));
        r.priority = priority;
        add(label, true, std::move(r), std::move(spots));
    };
    // A chip without a sourced compute peak has no ridge: its slope runs across the view.
    slope(m_hbmLabel, m_analysis.memoryBandwidthBytesPerSecond,
          m_analysis.hasComputeRoof ? m_analysis.ridgePointFlopsPerByte
                                    : m_plot->xAxis->range().upper,
          1);
    const double link = m_analysis.interconnectBandwidthBytesPerSecond;
    if (link > 0.0) {
        slope(m_interconnectLabel, link, m_analysis.peakFlopsPerSecond / link, 2);
    }

    // The ridge's value at the foot of its drop line, on either side, higher when the foot
    // is taken; the regions' names at the top, on either side of the ridge.
    const double ridgeX = m_plot->xAxis->coordToPixel(m_analysis.ridgePointFlopsPerByte);
    if (m_ridgeLabel->visible() && std::isfinite(ridgeX)) {
        const QSizeF size = boxSize(m_ridgeLabel);
        LabelRequest r;
        for (int row = 0; row < 6; ++row) {
            const double top = view.bottom() - 4.0 - size.height() * (row + 1);
            for (const double left : {ridgeX + 4.0, ridgeX - 4.0 - size.width()}) {
                const QRectF box(QPointF(left, top), size);
                r.candidates.push_back({box, box.center(), 0.0});
            }
        }
        r.anchor = QPointF(ridgeX, view.bottom());
        r.priority = 4;
        add(m_ridgeLabel, true, std::move(r));
    }
    for (PlotLabel* label : {m_memoryRegionLabel, m_computeRegionLabel}) {
        if (!label->visible() || !std::isfinite(ridgeX)) {
            continue;
        }
        const QSizeF size = boxSize(label);
        const bool left = label == m_memoryRegionLabel;
        LabelRequest r;
        for (int row = 0; row < 3; ++row) {
            const QRectF box(QPointF(left ? ridgeX - 6.0 - size.width() : ridgeX + 6.0,
                                     view.top() + 4.0 + row * size.height()),
                             size);
            r.candidates.push_back({box, box.center(), 0.0});
        }
        r.anchor = QPointF(ridgeX, view.top());
        r.priority = 30;  // after the points' names: they give way, not the points
        r.droppable = true;
        add(label, true, std::move(r));
    }

    // The compare scenarios' names (compare_layer.h): with the roof layer, whose picture
    // holds them. Their roofs' names after this plot's own; their points' names before the
    // current points' (which move with every slider step: they step round the compare
    // names, not the other way, so a step does not redraw the roof layer for them).
    for (CompareLayer::LabelSlot& slot : m_compare->labelRequests(6, 5, kPad)) {
        add(slot.label, true, std::move(slot.request), {}, slot.leader);
    }

    // --- The data: points, speed-ups, trail marks. ---
    const auto around = [&](PlotLabel* label, const QCPGraph* mark, double x, double y,
                            int priority, bool droppable, const std::vector<Side>& order) {
        if (!label->visible() || !drawable(x, y)) {
            return;
        }
        const QPointF anchor = px(x, y);
        const double gap = std::max(markHalfSide(*mark), 2.0) + 4.0;
        LabelRequest r;
        r.candidates = candidatesAround(anchor, boxSize(label), gap, order);
        r.anchor = anchor;
        r.priority = priority;
        r.droppable = droppable;
        r.leaderDistance = gap * kLeaderGaps;
        add(label, false, std::move(r));
        entries.back().gap = gap;
        entries.back().order = order;
    };
    using S = Side;
    // An encoder's or CNN's one pass is drawn where prefill is (Analysis::primary()).
    const PassCost& prefill = m_analysis.primary();
    const PassCost& decode = m_analysis.decode();
    // Prefill sits under the compute ceiling: below it first, away from the roof labels.
    around(m_prefillLabel, m_prefillPoint, prefill.intensity(),
           tflops(prefill.attainableFlopsPerSecond), 10, false,
           {S::RightBelow, S::LeftBelow, S::Below, S::Right, S::Left, S::RightAbove, S::LeftAbove,
            S::Above});
    // Decode sits on the memory slope: the free side of it is below right.
    if (m_analysis.hasDecode()) {
        around(m_decodeLabel, m_decodePoint, decode.intensity(),
               tflops(decode.attainableFlopsPerSecond), 11, false,
               {S::RightBelow, S::Right, S::LeftAbove, S::Below, S::Left, S::Above, S::RightAbove,
                S::LeftBelow});
    }
    if (const PassCost* verify = m_analysis.pass(PassKind::Verify)) {
        around(m_verifyLabel, m_specPoints, verify->intensity(),
               tflops(verify->attainableFlopsPerSecond), 12, false, {});
    }
    if (const PassCost* draft = m_analysis.pass(PassKind::Draft)) {
        around(m_draftLabel, m_specPoints, draft->intensity(),
               tflops(draft->attainableFlopsPerSecond), 13, false,
               {S::LeftBelow, S::Below, S::RightBelow, S::Left, S::Right, S::LeftAbove,
                S::RightAbove, S::Above});
    }
    // The speed-ups at the middle of their arrow, or at the point when the arrow is too
    // short to draw.
    for (const auto& [arrow, label, point, priority] :
         {std::tuple{m_baselineLayer->prefillArrow().line, m_baselineLayer->prefillArrow().label,
                     &prefill, 14},
          std::tuple{m_baselineLayer->decodeArrow().line, m_baselineLayer->decodeArrow().label,
                     &decode, 15}}) {
        if (!label->visible()) {
            continue;
        }
        const QPointF at = arrow->visible()
                               ? (arrow->start->pixelPosition() + arrow->end->pixelPosition()) / 2.0
                               : px(point->intensity(), tflops(point->attainableFlopsPerSecond));
        around(label, m_prefillPoint, m_plot->xAxis->pixelToCoord(at.x()),
               m_plot->yAxis->pixelToCoord(at.y()), priority, false, {});
    }
    // Trail marks and ends: left out before they crowd a point's name.
    const auto first = [](const QCPGraph* g) {
        return g->data()->isEmpty()
                   ? QPointF()
                   : QPointF(g->data()->constBegin()->key, g->data()->constBegin()->value);
    };
    const QPointF critical = first(m_criticalMark);
    around(m_criticalLabel, m_criticalMark, critical.x(), critical.y(), 20, true,
           {S::LeftAbove, S::RightBelow, S::Above, S::Below, S::Left, S::Right, S::RightAbove,
            S::LeftBelow});
    const QPointF wall = first(m_memoryWallMark);
    around(m_memoryWallLabel, m_memoryWallMark, wall.x(), wall.y(), 21, true,
           {S::RightBelow, S::LeftAbove, S::Below, S::Right, S::Above, S::Left, S::RightAbove,
            S::LeftBelow});
    const QCPCurve* solid = m_trail->data()->isEmpty() ? m_trailBeyond : m_trail;
    const QCPCurve* tail = m_trailBeyond->data()->isEmpty() ? m_trail : m_trailBeyond;
    if (!solid->data()->isEmpty()) {
        const auto start = solid->data()->constBegin();
        around(m_trailStartLabel, m_decodePoint, start->key, start->value, 22, true,
               {S::RightBelow, S::Below, S::Right, S::LeftBelow, S::Left, S::RightAbove});
    }
    if (!tail->data()->isEmpty()) {
        const auto end = std::prev(tail->data()->constEnd());
        around(m_trailEndLabel, m_criticalMark, end->key, end->value, 23, true,
               {S::RightBelow, S::Right, S::Below, S::LeftAbove, S::Above, S::Left, S::RightAbove,
                S::LeftBelow});
    }

    // The roof lines: better not crossed by a label, where there is room elsewhere.
    std::vector<LabelBox> lines;
    std::vector<const QCPGraph*> roofLines = {m_roofInUse, m_interconnectRoof, m_slopeExtension};
    roofLines.insert(roofLines.end(), m_otherRoofGraphs.begin(), m_otherRoofGraphs.end());
    for (const QCPGraph* roof : roofLines) {
        if (!roof->realVisibility()) {
            continue;
        }
        const auto points = roof->data();
        for (auto it = points->constBegin();
             it != points->constEnd() && std::next(it) != points->constEnd(); ++it) {
            const QPointF a = px(it->key, it->value);
            const QPointF b = px(std::next(it)->key, std::next(it)->value);
            if (std::isfinite(a.x()) && std::isfinite(a.y()) && std::isfinite(b.x()) &&
                std::isfinite(b.y())) {
                lines.push_back(lineBox(a, b, 3.0));
            }
        }
    }
    const std::vector<QRectF> markers = markerRects();
    std::vector<Placement> placed = ui::placeLabels(requests, markers, area, lines);
    // A plot too small for its labels (presentation mode's large text at 1280×720 under
    // the Compare table, a crowd of compare scenarios): the points' two-line names first
    // keep their first line only ("prefill  831 FLOP/byte"; the rest is in the results
    // and the tooltip), and the placement is made again.
    const std::array<PlotLabel*, 4> pointNames = {m_prefillLabel, m_decodeLabel, m_verifyLabel,
                                                  m_draftLabel};
    const auto forced = [&] {
        return std::any_of(placed.begin(), placed.end(),
                           [](const Placement& p) { return p.candidate >= 0 && !p.free; });
    };
    if (forced()) {
        bool shortened = false;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            PlotLabel* label = entries[i].label;
            const QString text = label->text();
            if (std::find(pointNames.begin(), pointNames.end(), label) != pointNames.end() &&
                text.contains(QLatin1Char('\n'))) {
                m_shortened.emplace_back(label, text);
                label->setText(text.section(QLatin1Char('\n'), 0, 0));
                requests[i].candidates = candidatesAround(requests[i].anchor, boxSize(label),
                                                          entries[i].gap, entries[i].order);
                shortened = true;
            }
        }
        if (shortened) {
            placed = ui::placeLabels(requests, markers, area, lines);
        }
        // Still no room: the compare points' names give way to the current points' (after
        // them, and left out where crowded: the legend names their colours).
        if (forced()) {
            for (std::size_t i = 0; i < entries.size(); ++i) {
                if (entries[i].leader != nullptr) {
                    requests[i].priority = 16;
                    requests[i].droppable = true;
                }
            }
            placed = ui::placeLabels(requests, markers, area, lines);
        }
    }

    std::vector<double> roofLabels;
    m_placed.clear();
    for (auto& [label, line] : m_leaders) {
        line->setVisible(false);
    }
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const Entry& e = entries[i];
        const Placement& p = placed[i];
        if (e.roofLayer) {
            roofLabels.insert(roofLabels.end(),
                              {static_cast<double>(p.candidate), p.box.rect.x(), p.box.rect.y()});
        }
        if (p.candidate < 0) {
            e.label->setVisible(false);
            m_dropped.push_back(e.label);
            continue;
        }
        if (!e.spots.empty()) {
            const SlopeSpot& spot = e.spots[static_cast<std::size_t>(p.candidate)];
            e.label->position->setType(QCPItemPosition::ptPlotCoords);
            e.label->position->setCoords(spot.x, spot.y);
            e.label->setRotation(p.box.angle);
            e.label->setPositionAlignment(Qt::AlignHCenter |
                                          (spot.above ? Qt::AlignBottom : Qt::AlignTop));
            e.label->setPadding(spot.above ? QMargins(0, 0, 0, spot.offset)
                                           : QMargins(0, spot.offset, 0, 0));
        } else {
            putAt(e.label, p.box.rect, p.box.rect.center().x() < requests[i].anchor.x() - 1.0);
        }
        const std::vector<QPointF> corners = p.box.corners();
        m_placed.push_back(
            {e.label->text(), QPolygonF(corners.begin(), corners.end()), p.free, p.leader});
        if (p.leader && e.leader != nullptr) {
            e.leader->start->setCoords(requests[i].anchor);
            e.leader->end->setCoords(p.leaderEnd);
            e.leader->setVisible(true);
        } else if (p.leader) {
            for (auto& [label, line] : m_leaders) {
                if (label == e.label) {
                    line->start->setCoords(requests[i].anchor);
                    line->end->setCoords(p.leaderEnd);
                    line->setPen(QPen(label->color(), scaled(1.0)));
                    line->setVisible(true);
                }
            }
        }
    }

    // The roof layer's picture shows its labels where they are now.
    std::vector<double> roofs = m_roofBase;
    roofs.insert(roofs.end(), roofLabels.begin(), roofLabels.end());
    if (roofs == m_roofs) {
        return false;
    }
    m_roofs = std::move(roofs);
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
    // zoom in no closer than a factor of 2 across (issue 12 reached 1e+200 FLOP/byte).
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
