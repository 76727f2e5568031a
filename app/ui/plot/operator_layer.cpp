// SPDX-License-Identifier: GPL-3.0-or-later
#include "operator_layer.h"

#include <QObject>

#include "plot/direct_items.h"
#include "plot/plot_items.h"
#include "plot/plot_scene.h"
#include "plot/plot_units.h"

namespace roofline::ui {
namespace {

QVector<double> coordinates(const std::vector<QPointF>& points, bool x) {
    QVector<double> values;
    values.reserve(static_cast<qsizetype>(points.size()));
    for (const QPointF& p : points) {
        values.push_back(x ? p.x() : p.y());
    }
    return values;
}

}  // namespace

OperatorLayer::OperatorLayer(QCPAxis* x, QCPAxis* y) {
    auto* prefill = new Direct<QCPGraph>(x, y);
    auto* decode = new Direct<QCPGraph>(x, y);
    m_prefill = prefill;
    m_decode = decode;
    m_prefillDirect = prefill;
    m_decodeDirect = decode;
    m_prefill->setName(QObject::tr("prefill operators"));
    m_decode->setName(QObject::tr("decode operators"));
    m_prefill->setObjectName(QStringLiteral("prefillOperators"));
    m_decode->setObjectName(QStringLiteral("decodeOperators"));
    for (QCPGraph* graph : {m_prefill, m_decode}) {
        graph->setLayer(static_cast<QCPLayer*>(nullptr));  // drawn by the plot, directly
        graph->setLineStyle(QCPGraph::lsNone);
        graph->setVisible(false);
    }
}

void OperatorLayer::describe(SceneWriter& scene) const {
    scene.points(m_prefill, QStringLiteral("operator"));
    scene.points(m_decode, QStringLiteral("operator"));
}

bool OperatorLayer::setOperators(const Analysis::Operators& operators) {
    std::vector<QPointF> prefill;
    std::vector<QPointF> decode;
    for (const OperatorCost& op : operators) {
        if (!(op.timeSeconds > 0.0)) {
            continue;
        }
        const double x = op.intensity();
        const double y = tflops(op.flops / op.timeSeconds);
        if (!drawable(x, y)) {
            continue;  // no FLOPs (kv_write, embedding) or no HBM bytes: not on a log plot
        }
        (drawnAsPrefill(op.pass) ? prefill : decode).emplace_back(x, y);
    }
    if (prefill == m_prefillPoints && decode == m_decodePoints) {
        return false;
    }
    m_prefillPoints = std::move(prefill);
    m_decodePoints = std::move(decode);
    m_prefill->setData(coordinates(m_prefillPoints, true), coordinates(m_prefillPoints, false));
    m_decode->setData(coordinates(m_decodePoints, true), coordinates(m_decodePoints, false));
    return true;
}

void OperatorLayer::setShown(bool shown) {
    m_shown = shown;
    for (QCPGraph* graph : {m_prefill, m_decode}) {
        graph->setVisible(shown);
        if (shown) {
            graph->addToLegend();
        } else {
            graph->removeFromLegend();
        }
    }
}

void OperatorLayer::setStyle(const PlotPalette& palette, double scale, double devicePixelRatio) {
    // Prefill and decode operators often share an intensity: different shapes (and the
    // phase hues) keep both visible where they meet.
    const auto style = [&](QCPScatterStyle::ScatterShape shape, const QColor& colour) {
        return pixmapScatter(shape, QPen(colour, 1.3 * scale), Qt::NoBrush, 8.0 * scale,
                             devicePixelRatio);
    };
    m_prefill->setScatterStyle(style(QCPScatterStyle::ssCrossSquare, palette.prefill));
    m_decode->setScatterStyle(style(QCPScatterStyle::ssCrossCircle, palette.decode));
    m_prefill->setPen(QPen(palette.prefill));
    m_decode->setPen(QPen(palette.decode));
}

std::vector<QPointF> OperatorLayer::extent() const {
    std::vector<QPointF> points = m_prefillPoints;
    points.insert(points.end(), m_decodePoints.begin(), m_decodePoints.end());
    return points;
}

const QCPGraph* OperatorLayer::graphFor(PassKind pass) const {
    return drawnAsPrefill(pass) ? m_prefill : m_decode;
}

std::vector<DirectItem*> OperatorLayer::directItems() const {
    return {m_prefillDirect, m_decodeDirect};
}

std::vector<const QCPGraph*> OperatorLayer::graphs() const { return {m_prefill, m_decode}; }

}  // namespace roofline::ui
