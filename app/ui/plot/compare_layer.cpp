// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare_layer.h"

#include <algorithm>
#include <cmath>

#include <qcustomplot.h>

#include "model/plot_tooltip.h"
#include "plot/plot_items.h"
#include "plot/plot_scene.h"
#include "plot/roofline_plot.h"

namespace roofline::ui {
namespace {

/// Scenarios per legend row; more wrap onto another.
constexpr std::size_t kLegendColumns = 4;

/// The point of `pass` (intensity, TFLOP/s), or nothing to draw.
bool pointOf(const PassCost& pass, double& x, double& y) {
    x = pass.intensity();
    y = tflops(pass.attainableFlopsPerSecond);
    return drawable(x, y);
}

/// Whether `a`'s HBM slope or compute ceiling is not `b`'s: only then is its roof drawn
/// (the same hardware with other devices has the same per-device roof, which would lie
/// exactly on the current one).
bool otherRoof(const Analysis& a, const Analysis& b) {
    return a.peakFlopsPerSecond != b.peakFlopsPerSecond ||
           a.memoryBandwidthBytesPerSecond != b.memoryBandwidthBytesPerSecond;
}

}  // namespace

CompareLayer::CompareLayer(QCustomPlot* plot, QCPLayer* layer) : m_plot(plot), m_layer(layer) {}

CompareLayer::~CompareLayer() = default;  // the plot owns and deletes the items

void CompareLayer::clear() {
    // The legend first: its items point at the graphs (removeGraph only clears the plot's
    // own legend of them).
    if (m_legend != nullptr) {
        if (auto* row = qobject_cast<QCPLayoutGrid*>(m_legend->layout())) {
            row->remove(m_legend);  // deletes it and its items
            row->simplify();
        }
        m_legend = nullptr;
    }
    for (const Items& items : m_items) {
        for (QCPGraph* graph : {items.roof, items.prefill, items.decode}) {
            m_plot->removeGraph(graph);
        }
        for (QCPAbstractItem* item : std::initializer_list<QCPAbstractItem*>{
                 items.roofLabel, items.prefillLabel, items.decodeLabel, items.prefillLeader,
                 items.decodeLeader}) {
            m_plot->removeItem(item);
        }
    }
    m_items.clear();
    if (m_legendHint != nullptr) {
        m_plot->removeGraph(m_legendHint);
        m_legendHint = nullptr;
    }
}

void CompareLayer::setEntries(const std::vector<CompareEntry>& entries) {
    clear();
    m_entries = entries;
    ++m_generation;
    QCPLayer* previous = m_plot->currentLayer();
    m_plot->setCurrentLayer(m_layer);
    // The legend says how to read the colours: a text-only entry (a graph without data or
    // marker) before the scenarios' own.
    // A legend row of their own, under the plot's legend (which keeps its layout).
    auto* row = qobject_cast<QCPLayoutGrid*>(m_plot->legend->layout());
    if (!m_entries.empty() && row != nullptr) {
        m_legend = new QCPLegend;
        row->addElement(row->rowCount(), 0, m_legend);
        m_legend->setLayer(m_plot->legend->layer());
        m_legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        m_legendHint = m_plot->addGraph();
        m_legendHint->setName(QObject::tr("compare (◆ prefill, ● decode):"));
        m_legendHint->setLineStyle(QCPGraph::lsNone);
        m_legendHint->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssNone));
        m_legendHint->setSelectable(QCP::stNone);
        m_legendHint->addToLegend(m_legend);
    }
    for (const CompareEntry& entry : m_entries) {
        Items items;
        items.roof = m_plot->addGraph();
        items.roof->setName(entry.name + QObject::tr(" roof"));
        items.roof->setVisible(false);
        items.prefill = m_plot->addGraph();
        items.decode = m_plot->addGraph();
        items.prefill->setName(entry.name + QObject::tr(" prefill"));
        // The legend names the scenario by its decode point's colour.
        items.decode->setName(entry.name);
        for (QCPGraph* graph : {items.roof, items.prefill, items.decode}) {
            graph->setSelectable(QCP::stNone);
        }
        double x = 0.0;
        double y = 0.0;
        for (auto [graph, pass] : {std::pair{items.prefill, &entry.analysis.prefill()},
                                   std::pair{items.decode, &entry.analysis.decode()}}) {
            graph->setLineStyle(QCPGraph::lsNone);
            if (pointOf(*pass, x, y)) {
                graph->setData(QVector<double>{x}, QVector<double>{y}, true);
            }
        }
        if (m_legend != nullptr) {
            items.decode->addToLegend(m_legend);
        }
        const auto label = [this] {
            auto* text = new PlotLabel(m_plot);
            text->setClipToAxisRect(true);
            text->setSelectable(false);
            text->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
            text->setPadding(QMargins(0, 0, 0, 0));
            text->position->setType(QCPItemPosition::ptAbsolute);
            return text;
        };
        items.prefillLabel = label();
        items.decodeLabel = label();
        items.roofLabel = label();
        items.prefillLabel->setText(entry.name);
        items.decodeLabel->setText(entry.name);
        items.roofLabel->setText(entry.name);
        items.roofLabel->setVisible(false);
        // A point's name shows where its point does (the plot places them).
        items.prefillLabel->setVisible(!items.prefill->data()->isEmpty());
        items.decodeLabel->setVisible(!items.decode->data()->isEmpty());
        for (QCPItemLine** leader : {&items.prefillLeader, &items.decodeLeader}) {
            *leader = new QCPItemLine(m_plot);
            (*leader)->setSelectable(false);
            (*leader)->setClipToAxisRect(true);
            (*leader)->start->setType(QCPItemPosition::ptAbsolute);
            (*leader)->end->setType(QCPItemPosition::ptAbsolute);
            (*leader)->setVisible(false);
        }
        m_items.push_back(items);
    }
    m_plot->setCurrentLayer(previous);
    applyStyle();
}

void CompareLayer::setStyle(const PlotPalette& palette, double scale, const QFont& font) {
    m_palette = palette;
    m_scale = scale;
    m_font = font;
    applyStyle();
}

void CompareLayer::applyStyle() {
    QFont bold = m_font;
    bold.setBold(true);
    if (m_legend != nullptr) {
        const QCPLegend* main = m_plot->legend;
        m_legend->setFont(main->font());
        m_legend->setTextColor(main->textColor());
        m_legend->setBrush(main->brush());
        m_legend->setBorderPen(main->borderPen());
        m_legend->setIconSize(main->iconSize());
        m_legend->setMargins(main->margins());
        // The hint and a few scenarios per row (fewer with presentation mode's larger text).
        const std::size_t columns = m_scale > 1.0 ? kLegendColumns / 2 : kLegendColumns;
        m_legend->setWrap(m_entries.size() > columns ? static_cast<int>(columns) + 1 : 0);
        m_legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
    for (std::size_t i = 0; i < m_items.size(); ++i) {
        const Items& items = m_items[i];
        const QColor colour = m_palette.compare[m_entries[i].colour % kCompareColourCount];
        // Filled when the scenario fits in memory, hollow when it does not (as the frontier
        // draws configurations that do not fit).
        const bool fits = m_entries[i].analysis.memory.fits;
        const QPen outline =
            fits ? QPen(m_palette.foreground, 1.2 * m_scale) : QPen(colour, 2.2 * m_scale);
        const QBrush fill = fits ? QBrush(colour) : QBrush(Qt::NoBrush);
        items.prefill->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssDiamond, outline, fill, 13.0 * m_scale));
        items.decode->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssCircle, outline, fill, 11.0 * m_scale));
        items.decode->setPen(QPen(colour));
        items.roof->setPen(QPen(colour, 1.3 * m_scale));
        for (PlotLabel* label : {items.prefillLabel, items.decodeLabel, items.roofLabel}) {
            label->setFont(bold);
            label->setColor(colour);
        }
        for (QCPItemLine* leader : {items.prefillLeader, items.decodeLeader}) {
            leader->setPen(QPen(colour, 1.0));
        }
    }
}

void CompareLayer::updateRoofs(const Analysis& current, double left, double right) {
    for (std::size_t i = 0; i < m_items.size(); ++i) {
        const Analysis& a = m_entries[i].analysis;
        QCPGraph* roof = m_items[i].roof;
        const bool shown = otherRoof(a, current) && a.peakFlopsPerSecond > 0.0 &&
                           a.memoryBandwidthBytesPerSecond > 0.0;
        roof->setVisible(shown);
        m_items[i].roofLabel->setVisible(shown);
        if (!shown) {
            roof->data()->clear();
            continue;
        }
        const double ridge = a.ridgePointFlopsPerByte;
        const double from = std::min(left, ridge / 1.01);
        const double to = std::max(right, ridge * 1.01);
        roof->setData(QVector<double>{from, ridge, to},
                      QVector<double>{tflops(from * a.memoryBandwidthBytesPerSecond),
                                      tflops(a.peakFlopsPerSecond), tflops(a.peakFlopsPerSecond)},
                      true);
    }
}

std::vector<CompareLayer::LabelSlot> CompareLayer::labelRequests(int pointPriority,
                                                                 int roofPriority,
                                                                 const QMargins& pad) const {
    QCPAxis* x = m_plot->xAxis;
    QCPAxis* y = m_plot->yAxis;
    const QRectF area = m_plot->axisRect()->rect();
    const auto sizeOf = [&](const PlotLabel* label) {
        const QRect text = label->textRect();
        return QSizeF(text.width() + pad.left() + pad.right(),
                      text.height() + pad.top() + pad.bottom());
    };
    std::vector<LabelSlot> placed;
    // Points' names: round the point, right first (the scenario's name reads as a tag).
    for (std::size_t i = 0; i < m_items.size(); ++i) {
        const Items& items = m_items[i];
        const Analysis& a = m_entries[i].analysis;
        for (auto [label, leader, graph, pass] :
             {std::tuple{items.prefillLabel, items.prefillLeader, items.prefill, &a.prefill()},
              std::tuple{items.decodeLabel, items.decodeLeader, items.decode, &a.decode()}}) {
            leader->setVisible(false);
            double px = 0.0;
            double py = 0.0;
            if (!label->visible() || !pointOf(*pass, px, py)) {
                continue;
            }
            const QPointF at(x->coordToPixel(px), y->coordToPixel(py));
            if (!std::isfinite(at.x()) || !std::isfinite(at.y())) {
                continue;
            }
            const QCPScatterStyle& style = graph->scatterStyle();
            const double gap = style.size() / 2.0 + style.pen().widthF() / 2.0 + 3.0 * m_scale;
            LabelSlot slot;
            slot.label = label;
            slot.leader = leader;
            slot.request.candidates = candidatesAround(at, sizeOf(label), gap);
            slot.request.anchor = at;
            slot.request.priority = pointPriority;
            slot.request.droppable = false;
            slot.request.leaderDistance = 1.5 * gap;
            placed.push_back(std::move(slot));
        }
    }
    // Roofs' names: by the ridge corner (over the slope left of it, then over the ceiling
    // right of it), then along the ceiling to the right edge, above it and then below.
    for (std::size_t i = 0; i < m_items.size(); ++i) {
        PlotLabel* label = m_items[i].roofLabel;
        if (!label->visible()) {
            continue;
        }
        const Analysis& a = m_entries[i].analysis;
        const QPointF at(x->coordToPixel(a.ridgePointFlopsPerByte),
                         y->coordToPixel(tflops(a.peakFlopsPerSecond)));
        if (!std::isfinite(at.x()) || !std::isfinite(at.y())) {
            continue;
        }
        const QSizeF size = sizeOf(label);
        const double gap = 3.0 * m_scale;
        const double first = std::max(at.x(), area.left()) + 2.0 * gap;
        const double last = area.right() - 8.0 - size.width();
        std::vector<double> lefts = {at.x() - size.width() - gap, first};
        const double step = std::max(16.0, size.width() / 3.0);
        for (double left = first + step; left < last; left += step) {
            lefts.push_back(left);
        }
        lefts.push_back(last);
        LabelSlot slot;
        slot.label = label;
        for (const double top :
             {at.y() - size.height() - gap, at.y() + gap, at.y() - 2.0 * size.height() - gap}) {
            for (const double left : lefts) {
                const QRectF box(QPointF(left, top), size);
                slot.request.candidates.push_back({box, box.center(), 0.0});
            }
        }
        slot.request.anchor = at;
        slot.request.priority = roofPriority;
        slot.request.droppable = true;
        placed.push_back(std::move(slot));
    }
    return placed;
}

std::vector<QPointF> CompareLayer::extent(double& peakMax) const {
    std::vector<QPointF> points;
    for (const CompareEntry& entry : m_entries) {
        const Analysis& a = entry.analysis;
        double px = 0.0;
        double py = 0.0;
        for (const PassCost* pass : {&a.prefill(), &a.decode()}) {
            if (pointOf(*pass, px, py)) {
                points.emplace_back(px, py);
            }
        }
        if (drawable(a.ridgePointFlopsPerByte, tflops(a.peakFlopsPerSecond))) {
            points.emplace_back(a.ridgePointFlopsPerByte, tflops(a.peakFlopsPerSecond));
            peakMax = std::max(peakMax, tflops(a.peakFlopsPerSecond));
        }
    }
    return points;
}

QString CompareLayer::tooltipAt(const QPointF& pixel, double maxDistance) const {
    double best = maxDistance * maxDistance;
    QString text;
    for (const CompareEntry& entry : m_entries) {
        const Analysis& a = entry.analysis;
        for (const PassCost* pass : {&a.prefill(), &a.decode()}) {
            double px = 0.0;
            double py = 0.0;
            if (!pointOf(*pass, px, py)) {
                continue;
            }
            const double dx = m_plot->xAxis->coordToPixel(px) - pixel.x();
            const double dy = m_plot->yAxis->coordToPixel(py) - pixel.y();
            if (dx * dx + dy * dy <= best) {
                best = dx * dx + dy * dy;
                text =
                    entry.name + QStringLiteral(": ") + tooltipText(pass->kind, *pass) +
                    (a.memory.fits ? QString() : QObject::tr("\ndoes not fit in memory (hollow)"));
            }
        }
    }
    return text;
}

std::vector<QCPGraph*> CompareLayer::pointGraphs() const {
    std::vector<QCPGraph*> graphs;
    for (const Items& items : m_items) {
        for (QCPGraph* graph : {items.prefill, items.decode}) {
            if (!graph->data()->isEmpty()) {
                graphs.push_back(graph);
            }
        }
    }
    return graphs;
}

std::vector<QCPGraph*> CompareLayer::visibleRoofs() const {
    std::vector<QCPGraph*> roofs;
    for (const Items& items : m_items) {
        if (items.roof->visible()) {
            roofs.push_back(items.roof);
        }
    }
    return roofs;
}

void CompareLayer::describe(SceneWriter& scene) const {
    for (const Items& items : m_items) {
        scene.polyline(items.roof, QStringLiteral("roof"));
        scene.points(items.prefill, QStringLiteral("point"));
        scene.points(items.decode, QStringLiteral("point"));
        scene.label(items.roofLabel);
        scene.label(items.prefillLabel);
        scene.label(items.decodeLabel);
        scene.line(items.prefillLeader, QStringLiteral("leader"), items.prefillLabel->text());
        scene.line(items.decodeLeader, QStringLiteral("leader"), items.decodeLabel->text());
    }
    scene.legend(m_legend);
}

QStringList CompareLayer::labelTexts() const {
    QStringList texts;
    for (const Items& items : m_items) {
        for (const PlotLabel* label : {items.prefillLabel, items.decodeLabel}) {
            if (label->visible()) {
                texts << label->text();
            }
        }
    }
    for (const Items& items : m_items) {
        if (items.roofLabel->visible()) {
            texts << items.roofLabel->text();
        }
    }
    return texts;
}

}  // namespace roofline::ui
