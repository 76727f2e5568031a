// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare_layer.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

#include "plot_footprint.h"
#include "plot_items.h"
#include "plot_tooltip.h"
#include "roofline_plot.h"

namespace roofline::ui {
namespace {

/// Scenarios per legend row; more wrap onto another.
constexpr std::size_t kLegendColumns = 4;

double tflops(double flopsPerSecond) { return flopsPerSecond / kFlopsPerTflop; }

bool drawable(double x, double y) {
    return std::isfinite(x) && std::isfinite(y) && x > 0.0 && y > 0.0;
}

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
        const QPen outline = fits ? QPen(m_palette.foreground, 1.2 * m_scale)
                                  : QPen(colour, 2.2 * m_scale);
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

void CompareLayer::placeLabels(const std::vector<QRectF>& avoid) {
    QCPAxis* x = m_plot->xAxis;
    QCPAxis* y = m_plot->yAxis;
    const QRectF area = m_plot->axisRect()->rect();
    const double radius = 8.0 * m_scale;
    const double gap = 3.0 * m_scale;
    std::vector<QRectF> taken = avoid;
    // Every other label of the plot, where it is now (roof, ridge, point, trail labels).
    const auto ours = [this](const QCPAbstractItem* item) {
        return std::any_of(m_items.begin(), m_items.end(), [&](const Items& items) {
            return item == items.roofLabel || item == items.prefillLabel ||
                   item == items.decodeLabel;
        });
    };
    for (int i = 0; i < m_plot->itemCount(); ++i) {
        const auto* label = dynamic_cast<const PlotLabel*>(m_plot->item(i));
        if (label != nullptr && label->visible() && !label->text().isEmpty() && !ours(label)) {
            taken.push_back(footprint(*label).boundingRect());
        }
    }
    // Every compare point is an obstacle for every label.
    for (const CompareEntry& entry : m_entries) {
        for (const PassCost* pass : {&entry.analysis.prefill(), &entry.analysis.decode()}) {
            double px = 0.0;
            double py = 0.0;
            if (pointOf(*pass, px, py)) {
                const QPointF at(x->coordToPixel(px), y->coordToPixel(py));
                taken.emplace_back(at - QPointF(radius, radius), QSizeF(2 * radius, 2 * radius));
            }
        }
    }
    // The first candidate box (of `candidates`) clear of everything taken and inside the
    // axis rect; the first one when none is.
    const auto choose = [&](const std::vector<QRectF>& candidates, std::size_t& index) {
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            const QRectF& box = candidates[i];
            const bool inside = area.contains(box);
            const bool clear = std::none_of(taken.begin(), taken.end(), [&](const QRectF& t) {
                return t.intersects(box);
            });
            if (inside && clear) {
                index = i;
                return box;
            }
        }
        index = 0;
        return candidates.front();
    };
    const auto put = [](PlotLabel* label, const QRectF& box) {
        label->position->setCoords(box.topLeft());
    };

    // Point labels: right, left, above, below the point, then further up or down beside
    // it with a leader line.
    constexpr std::size_t kAdjacent = 4;
    for (std::size_t i = 0; i < m_items.size(); ++i) {
        const Items& items = m_items[i];
        const Analysis& a = m_entries[i].analysis;
        for (auto [label, leader, pass] :
             {std::tuple{items.prefillLabel, items.prefillLeader, &a.prefill()},
              std::tuple{items.decodeLabel, items.decodeLeader, &a.decode()}}) {
            double px = 0.0;
            double py = 0.0;
            const bool shown = pointOf(*pass, px, py);
            label->setVisible(shown);
            leader->setVisible(false);
            if (!shown) {
                continue;
            }
            const QPointF at(x->coordToPixel(px), y->coordToPixel(py));
            const QSizeF size = label->textRect().size();
            const double w = size.width();
            const double h = size.height();
            std::vector<QRectF> candidates = {
                QRectF(at.x() + radius, at.y() - h / 2, w, h),
                QRectF(at.x() - radius - w, at.y() - h / 2, w, h),
                QRectF(at.x() - w / 2, at.y() - radius - h, w, h),
                QRectF(at.x() - w / 2, at.y() + radius, w, h),
            };
            for (int step = 1; step <= 6; ++step) {
                for (const double dy : {-step * (h + gap), step * (h + gap)}) {
                    candidates.emplace_back(at.x() + radius + gap, at.y() - h / 2 + dy, w, h);
                    candidates.emplace_back(at.x() - radius - gap - w, at.y() - h / 2 + dy, w, h);
                }
            }
            std::size_t index = 0;
            const QRectF box = choose(candidates, index);
            put(label, box);
            taken.push_back(box);
            if (index >= kAdjacent) {
                // From the point's edge to the middle of the label's near side.
                const bool right = box.left() > at.x();
                const QPointF end(right ? box.left() : box.right(), box.center().y());
                const QPointF dir = end - at;
                const double length = std::hypot(dir.x(), dir.y());
                leader->start->setCoords(at + dir * (radius / std::max(length, 1.0)));
                leader->end->setCoords(end);
                leader->setVisible(true);
            }
        }
    }
    // Roof labels at the ridge corner: above-left (over the HBM slope, where no point
    // sits), above-right, then below-right under the ceiling.
    for (std::size_t i = 0; i < m_items.size(); ++i) {
        PlotLabel* label = m_items[i].roofLabel;
        if (!label->visible()) {
            continue;
        }
        const Analysis& a = m_entries[i].analysis;
        const QPointF at(x->coordToPixel(a.ridgePointFlopsPerByte),
                         y->coordToPixel(tflops(a.peakFlopsPerSecond)));
        const QSizeF size = label->textRect().size();
        const double w = size.width();
        const double h = size.height();
        std::vector<QRectF> candidates = {
            QRectF(at.x() - w - gap, at.y() - h - gap, w, h),
            QRectF(at.x() + gap, at.y() - h - gap, w, h),
            QRectF(at.x() + 2 * gap, at.y() + gap, w, h),
        };
        for (int step = 1; step <= 4; ++step) {
            candidates.emplace_back(at.x() - w - gap - step * w / 2, at.y() - h - gap, w, h);
            candidates.emplace_back(at.x() + gap + step * w / 2, at.y() - h - gap, w, h);
        }
        std::size_t index = 0;
        const QRectF box = choose(candidates, index);
        put(label, box);
        taken.push_back(box);
    }
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
                text = entry.name + QStringLiteral(": ") + tooltipText(pass->kind, *pass) +
                       (a.memory.fits ? QString()
                                      : QObject::tr("\ndoes not fit in memory (hollow)"));
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
