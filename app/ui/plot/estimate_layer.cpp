// SPDX-License-Identifier: GPL-3.0-or-later
#include "estimate_layer.h"

#include <algorithm>
#include <cmath>

#include <QObject>

#include "model/plot_tooltip.h"
#include "plot/direct_items.h"
#include "plot/plot_items.h"
#include "plot/plot_scene.h"
#include "plot/plot_units.h"
#include "roofline/format.h"

namespace roofline::ui {
namespace {

/// The legend entry of the estimate: a graph with no data, whose icon is what the plot draws,
/// a bar with its end caps through a hollow mark, at the icon's size (the marks themselves are
/// larger than the icon, which would clip them).
class EstimateLegendEntry : public QCPGraph {
public:
    using QCPGraph::QCPGraph;
    void setMark(QCPScatterStyle::ScatterShape shape, const QPen& pen, const QBrush& fill) {
        m_shape = shape;
        m_markPen = pen;
        m_fill = fill;
    }

protected:
    void drawLegendIcon(QCPPainter* painter, const QRectF& rect) const override {
        applyDefaultAntialiasingHint(painter);
        const QPointF c = rect.center();
        const double half = rect.height() / 2.0;
        const double cap = half * 0.6;
        QPen bar = m_markPen;
        bar.setWidthF(std::max(1.0, m_markPen.widthF() * 0.75));
        painter->setPen(bar);
        painter->drawLine(QLineF(c.x(), rect.top(), c.x(), rect.bottom()));
        painter->drawLine(QLineF(c.x() - cap, rect.top(), c.x() + cap, rect.top()));
        painter->drawLine(QLineF(c.x() - cap, rect.bottom(), c.x() + cap, rect.bottom()));
        QCPScatterStyle mark(m_shape, m_markPen, m_fill, rect.height() * 0.7);
        mark.applyTo(painter, m_markPen);
        mark.drawShape(painter, c);
    }

private:
    QCPScatterStyle::ScatterShape m_shape = QCPScatterStyle::ssCircle;
    QPen m_markPen;
    QBrush m_fill;
};

}  // namespace

EstimateLayer::EstimateLayer(QCustomPlot* plot) : m_plot(plot) {
    // The interval bars first: the marks are drawn over them.
    for (QCPItemLine*& bar : m_bars) {
        auto* line = new Direct<QCPItemLine>(plot);
        line->setLayer(static_cast<QCPLayer*>(nullptr));  // drawn by the plot, directly
        line->setSelectable(false);
        line->setClipToAxisRect(true);
        line->setVisible(false);
        m_direct.push_back(line);
        bar = line;
    }
    const auto mark = [this, plot](const char* name) {
        auto* graph = new Direct<QCPGraph>(plot->xAxis, plot->yAxis);
        graph->setLayer(static_cast<QCPLayer*>(nullptr));
        graph->setLineStyle(QCPGraph::lsNone);
        graph->setSelectable(QCP::stNone);
        graph->setObjectName(QLatin1String(name));
        m_direct.push_back(graph);
        return graph;
    };
    m_prefill = mark("estimatePrefill");
    m_decode = mark("estimateDecode");
    m_spec = mark("estimateSpeculative");
    // Never drawn on the plot (no data, no layer): only its legend icon.
    auto* entry = new EstimateLegendEntry(plot->xAxis, plot->yAxis);
    entry->setLayer(static_cast<QCPLayer*>(nullptr));
    entry->setLineStyle(QCPGraph::lsNone);
    entry->setSelectable(QCP::stNone);
    entry->setObjectName(QStringLiteral("estimateLegend"));
    m_legend = entry;
}

const QCPGraph* EstimateLayer::markFor(PassKind kind) const {
    return drawnAsPrefill(kind) ? m_prefill : kind == PassKind::Decode ? m_decode : m_spec;
}

void EstimateLayer::describe(SceneWriter& w) const {
    for (std::size_t i = 0; i < m_bars.size(); ++i) {
        w.line(m_bars[i], QStringLiteral("interval"), phaseName(m_barKinds[i]));
    }
    // Each mark named by its pass: the graphs carry no name (the legend's entry is its own).
    w.points(m_prefill, QStringLiteral("estimate"), phaseName(m_barKinds[0]));
    w.points(m_decode, QStringLiteral("estimate"), phaseName(PassKind::Decode));
    w.points(m_spec, QStringLiteral("estimate"), QObject::tr("speculative"));
}

bool EstimateLayer::setData(const Analysis& a) {
    QVector<double> prefillX;
    QVector<double> prefillY;
    QVector<double> decodeX;
    QVector<double> decodeY;
    QVector<double> specX;
    QVector<double> specY;
    m_extent.clear();
    for (QCPItemLine* bar : m_bars) {
        bar->setVisible(false);
    }
    if (a.estimate) {
        const EstimateResult& e = *a.estimate;
        const std::size_t count = std::min({e.passes.size(), a.passes.size(), m_bars.size()});
        for (std::size_t i = 0; i < count; ++i) {
            const PassEstimate& estimate = e.passes[i];
            const PassCost& pass = a.passes[i];  // the estimate's passes are the analysis'
            const double x = pass.intensity();
            const double y = tflops(estimate.flopsPerSecond);
            if (!drawable(x, y)) {
                continue;
            }
            const bool prefill = drawnAsPrefill(estimate.kind);
            QVector<double>& xs = prefill                             ? prefillX
                                  : estimate.kind == PassKind::Decode ? decodeX
                                                                      : specX;
            QVector<double>& ys = prefill                             ? prefillY
                                  : estimate.kind == PassKind::Decode ? decodeY
                                                                      : specY;
            xs.push_back(x);
            ys.push_back(y);
            m_extent.emplace_back(x, y);
            // The interval's ends as FLOP/s, as the engine computed them (a longer time is a
            // lower point).
            const double lower = tflops(estimate.lowFlopsPerSecond);
            const double upper = tflops(estimate.highFlopsPerSecond);
            m_barKinds[i] = estimate.kind;
            if (drawable(x, lower) && drawable(x, upper)) {
                QCPItemLine* bar = m_bars[i];
                bar->start->setCoords(x, lower);
                bar->end->setCoords(x, upper);
                bar->setPen(prefill ? m_prefillPen : m_decodePen);
                bar->setVisible(true);
                m_extent.emplace_back(x, lower);
                m_extent.emplace_back(x, upper);
            }
        }
    }
    m_prefill->setData(prefillX, prefillY);
    m_decode->setData(decodeX, decodeY);
    m_spec->setData(specX, specY);

    // One legend entry for every mark, drawn as the decode mark where there is one.
    const bool drawn =
        !m_decode->data()->isEmpty() || !m_prefill->data()->isEmpty() || !m_spec->data()->isEmpty();
    const QString text = a.estimate && drawn
                             ? QObject::tr("estimate, %1% interval (%2)")
                                   .arg(qs(formatProseNumber(a.estimate->coverage * 100.0)),
                                        qs(a.estimate->profile()))
                             : QString();
    const bool prefillIcon = m_decode->data()->isEmpty() && !m_prefill->data()->isEmpty();
    const bool iconChanged = prefillIcon != m_prefillIcon;
    m_prefillIcon = prefillIcon;
    if (iconChanged) {
        styleLegend();
    }
    if (text == m_legendText && !iconChanged) {
        return false;
    }
    m_legendText = text;
    m_legend->setName(text);
    const bool listed = m_plot->legend->hasItemWithPlottable(m_legend);
    if (text.isEmpty() && listed) {
        m_legend->removeFromLegend();
    } else if (!text.isEmpty() && !listed) {
        m_legend->addToLegend();
    }
    return true;
}

void EstimateLayer::styleLegend() {
    auto* entry = static_cast<EstimateLegendEntry*>(m_legend);
    const QCPGraph* like = m_prefillIcon ? m_prefill : m_decode;
    entry->setMark(like->scatterStyle().shape(), like->scatterStyle().pen(),
                   like->scatterStyle().brush());
}

std::vector<QRectF> EstimateLayer::intervalRects() const {
    std::vector<QRectF> rects;
    for (const QCPItemLine* bar : m_bars) {
        if (!bar->visible()) {
            continue;
        }
        const QPointF a = bar->start->pixelPosition();
        const QPointF b = bar->end->pixelPosition();
        if (!std::isfinite(a.x()) || !std::isfinite(a.y()) || !std::isfinite(b.x()) ||
            !std::isfinite(b.y())) {
            continue;
        }
        const double half = m_capWidth / 2.0;
        rects.push_back(QRectF(QPointF(a.x() - half, std::min(a.y(), b.y())),
                               QPointF(a.x() + half, std::max(a.y(), b.y()))));
    }
    return rects;
}

void EstimateLayer::setStyle(const PlotPalette& p, double scale) {
    // Hollow (the background inside, so that the bar does not cross the mark), a size larger
    // than the bound's point: at the bound it is a ring round that point.
    m_prefill->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssDiamond, QPen(p.prefill, 2.0 * scale), p.background, 22.0 * scale));
    m_decode->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCircle, QPen(p.decode, 2.0 * scale), p.background, 20.0 * scale));
    m_spec->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssTriangle, QPen(p.decode, 2.0 * scale), p.background, 19.0 * scale));
    m_prefill->setPen(QPen(p.prefill, 2.0 * scale));
    m_decode->setPen(QPen(p.decode, 2.0 * scale));
    m_spec->setPen(QPen(p.decode, 2.0 * scale));
    m_prefillPen = QPen(p.prefill, 1.5 * scale);
    m_decodePen = QPen(p.decode, 1.5 * scale);
    m_capWidth = 10.0 * scale;
    styleLegend();
    const QCPLineEnding cap(QCPLineEnding::esBar, m_capWidth);
    for (std::size_t i = 0; i < m_bars.size(); ++i) {
        m_bars[i]->setHead(cap);
        m_bars[i]->setTail(cap);
        m_bars[i]->setPen(drawnAsPrefill(m_barKinds[i]) ? m_prefillPen : m_decodePen);
    }
}

}  // namespace roofline::ui
