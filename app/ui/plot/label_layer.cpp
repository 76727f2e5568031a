// SPDX-License-Identifier: GPL-3.0-or-later
#include "label_layer.h"

#include <algorithm>
#include <cmath>

#include <qcustomplot.h>

#include "plot/direct_items.h"
#include "plot/plot_items.h"
#include "plot/plot_scene.h"
#include "plot/plot_units.h"

namespace roofline::ui {
namespace {

/// Beyond this many gaps from its point a label gets a leader line.
constexpr double kLeaderGaps = 1.5;

/// Upright, its box's top left at `box`'s; a label left of its point is flush right.
void putAt(PlotLabel* label, const QRectF& box, bool flushRight) {
    label->setRotation(0.0);
    label->position->setType(QCPItemPosition::ptAbsolute);
    label->position->setCoords(box.topLeft());
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    label->setTextAlignment(flushRight ? Qt::AlignRight : Qt::AlignLeft);
    label->setPadding(kLabelPad);
}

// Exact comparisons: Qt's operator== on QPointF and QRectF is fuzzy, and a placement
// reused for a box that moved by a hair would be drawn a hair off.
bool same(const QPointF& a, const QPointF& b) { return a.x() == b.x() && a.y() == b.y(); }
bool same(const QRectF& a, const QRectF& b) {
    return a.x() == b.x() && a.y() == b.y() && a.width() == b.width() && a.height() == b.height();
}
bool same(const LabelBox& a, const LabelBox& b) {
    return same(a.rect, b.rect) && same(a.pivot, b.pivot) && a.angle == b.angle;
}
bool same(const SlopeSpot& a, const SlopeSpot& b) {
    return a.x == b.x && a.y == b.y && a.above == b.above && a.offset == b.offset;
}
bool same(const LabelEntry& a, const LabelEntry& b);
template <class T>
bool sameAll(const std::vector<T>& a, const std::vector<T>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const T& x, const T& y) { return same(x, y); });
}
bool same(const LabelEntry& a, const LabelEntry& b) {
    const LabelRequest& r = a.request;
    const LabelRequest& s = b.request;
    return a.label == b.label && a.roofLayer == b.roofLayer && a.leader == b.leader &&
           a.shortenable == b.shortenable && a.gap == b.gap && a.order == b.order &&
           sameAll(a.spots, b.spots) && sameAll(r.candidates, s.candidates) &&
           same(r.anchor, s.anchor) && r.priority == s.priority && r.droppable == s.droppable &&
           r.leaderDistance == s.leaderDistance;
}

}  // namespace

QSizeF labelBoxSize(const PlotLabel* label) {
    const QRect text = label->textRect();
    return {static_cast<double>(text.width() + kLabelPad.left() + kLabelPad.right()),
            static_cast<double>(text.height() + kLabelPad.top() + kLabelPad.bottom())};
}

void addLabelAround(std::vector<LabelEntry>& entries, const QCPAxis* xAxis, const QCPAxis* yAxis,
                    PlotLabel* label, const QCPGraph* mark, double x, double y, int priority,
                    bool droppable, const std::vector<Side>& order, bool shortenable) {
    if (!label->visible() || !drawable(x, y)) {
        return;
    }
    const QPointF anchor(xAxis->coordToPixel(x), yAxis->coordToPixel(y));
    const double gap = std::max(markHalfSide(*mark), 2.0) + 4.0;
    LabelEntry entry;
    entry.label = label;
    entry.request.candidates = candidatesAround(anchor, labelBoxSize(label), gap, order);
    entry.request.anchor = anchor;
    entry.request.priority = priority;
    entry.request.droppable = droppable;
    entry.request.leaderDistance = gap * kLeaderGaps;
    entry.shortenable = shortenable;
    entry.gap = gap;
    entry.order = order;
    entries.push_back(std::move(entry));
}

LabelLayer::LabelLayer(QCustomPlot* plot, const std::vector<PlotLabel*>& movable) {
    // A leader line from a point to its label, when the label had to move away from it;
    // drawn under the labels and marks.
    for (PlotLabel* label : movable) {
        auto* line = new Direct<QCPItemLine>(plot);
        line->setLayer(static_cast<QCPLayer*>(nullptr));  // drawn by the plot, directly
        line->setSelectable(false);
        line->setClipToAxisRect(true);
        line->start->setType(QCPItemPosition::ptAbsolute);
        line->end->setType(QCPItemPosition::ptAbsolute);
        line->setVisible(false);
        m_leaders.emplace_back(label, line);
        m_direct.push_back(line);
    }
}

void LabelLayer::describe(SceneWriter& scene) const {
    for (const auto& [label, leader] : m_leaders) {
        scene.line(leader, QStringLiteral("leader"), label->text());
    }
}

void LabelLayer::showDropped() {
    for (PlotLabel* label : m_dropped) {
        label->setVisible(true);
    }
    m_dropped.clear();
}

void LabelLayer::restoreShortened() {
    for (const auto& [label, full] : m_shortened) {
        if (label->text() == full.section(QLatin1Char('\n'), 0, 0)) {
            label->setText(full);
        }
    }
    m_shortened.clear();
}

bool LabelLayer::sameInput(const Input& a, const Input& b) {
    return same(a.bounds, b.bounds) && sameAll(a.markers, b.markers) && sameAll(a.lines, b.lines) &&
           sameAll(a.entries, b.entries);
}

std::vector<double> LabelLayer::place(std::vector<LabelEntry> entries,
                                      const std::vector<QRectF>& markers, const QRectF& bounds,
                                      const std::vector<LabelBox>& lines) {
    Input input{std::move(entries), markers, bounds, lines};
    if (m_hasLast && sameInput(input, m_last)) {
        // What the last pass solved: the same names cut short, the same boxes.
        for (const std::size_t i : m_lastShortened) {
            shorten(m_last.entries[i]);
        }
    } else {
        m_last = std::move(input);
        m_hasLast = true;
        std::vector<LabelEntry> work = m_last.entries;
        m_lastPlacement = solve(work);
        ++m_solves;
    }
    std::vector<double> roofLabels;
    for (std::size_t i = 0; i < m_last.entries.size(); ++i) {
        if (m_last.entries[i].roofLayer) {
            const Placement& p = m_lastPlacement[i];
            roofLabels.insert(roofLabels.end(),
                              {static_cast<double>(p.candidate), p.box.rect.x(), p.box.rect.y()});
        }
    }
    apply(m_last.entries, m_lastPlacement);
    return roofLabels;
}

void LabelLayer::shorten(LabelEntry& entry) {
    const QString text = entry.label->text();
    m_shortened.emplace_back(entry.label, text);
    entry.label->setText(text.section(QLatin1Char('\n'), 0, 0));
}

std::vector<Placement> LabelLayer::solve(std::vector<LabelEntry>& entries) {
    const Input& in = m_last;
    std::vector<LabelRequest> requests;
    requests.reserve(entries.size());
    for (const LabelEntry& e : entries) {
        requests.push_back(e.request);
    }
    std::vector<Placement> placed = ui::placeLabels(requests, in.markers, in.bounds, in.lines);
    m_lastShortened.clear();
    // A plot too small for its labels (presentation mode's large text at 1280×720 under
    // the Compare table, a crowd of compare scenarios): the points' two-line names first
    // keep their first line only ("prefill  831 FLOP/byte"; the rest is in the results
    // and the tooltip), and the placement is made again.
    const auto forced = [&] {
        return std::any_of(placed.begin(), placed.end(),
                           [](const Placement& p) { return p.candidate >= 0 && !p.free; });
    };
    if (!forced()) {
        return placed;
    }
    for (std::size_t i = 0; i < entries.size(); ++i) {
        LabelEntry& e = entries[i];
        if (e.shortenable && e.label->text().contains(QLatin1Char('\n'))) {
            shorten(e);
            m_lastShortened.push_back(i);
            requests[i].candidates =
                candidatesAround(requests[i].anchor, labelBoxSize(e.label), e.gap, e.order);
        }
    }
    if (!m_lastShortened.empty()) {
        placed = ui::placeLabels(requests, in.markers, in.bounds, in.lines);
    }
    // Still no room: the compare points' names (those with a leader line of their own) give
    // way to the current points' (after them, and left out where crowded: the legend names
    // their colours).
    if (forced()) {
        for (std::size_t i = 0; i < entries.size(); ++i) {
            if (entries[i].leader != nullptr) {
                requests[i].priority = 16;
                requests[i].droppable = true;
            }
        }
        placed = ui::placeLabels(requests, in.markers, in.bounds, in.lines);
    }
    // Still no room (presentation mode at 1280×720): the roof layer's names that
    // may be left out (the roofs of precisions not in use, the regions' names) give way to
    // the data's, placed after them; the roof stays drawn, and its tooltip names it.
    if (forced()) {
        bool gaveWay = false;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            if (entries[i].roofLayer && requests[i].droppable) {
                requests[i].priority = 17;
                gaveWay = true;
            }
        }
        if (gaveWay) {
            placed = ui::placeLabels(requests, in.markers, in.bounds, in.lines);
        }
    }
    return placed;
}

void LabelLayer::apply(const std::vector<LabelEntry>& entries,
                       const std::vector<Placement>& placed) {
    m_placed.clear();
    for (auto& [label, line] : m_leaders) {
        line->setVisible(false);
    }
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const LabelEntry& e = entries[i];
        const Placement& p = placed[i];
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
            putAt(e.label, p.box.rect, p.box.rect.center().x() < e.request.anchor.x() - 1.0);
        }
        const std::vector<QPointF> corners = p.box.corners();
        m_placed.push_back(
            {e.label->text(), QPolygonF(corners.begin(), corners.end()), p.free, p.leader});
        if (p.leader && e.leader != nullptr) {
            e.leader->start->setCoords(e.request.anchor);
            e.leader->end->setCoords(p.leaderEnd);
            e.leader->setVisible(true);
        } else if (p.leader) {
            for (auto& [label, line] : m_leaders) {
                if (label == e.label) {
                    line->start->setCoords(e.request.anchor);
                    line->end->setCoords(p.leaderEnd);
                    line->setPen(QPen(label->color(), m_lineWidth));
                    line->setVisible(true);
                }
            }
        }
    }
}

}  // namespace roofline::ui
