// SPDX-License-Identifier: GPL-3.0-or-later
#include "plot_hover.h"

#include <QMouseEvent>
#include <QObject>
#include <QToolTip>
#include <qcustomplot.h>

#include "model/plot_tooltip.h"
#include "plot/baseline_layer.h"
#include "plot/compare_layer.h"
#include "plot/estimate_layer.h"
#include "plot/operator_layer.h"
#include "plot/plot_units.h"
#include "plot/points_layer.h"
#include "plot/roof_layer.h"
#include "roofline/format.h"

namespace roofline::ui {

void HoverTooltip::setOverlay(const QCPAbstractPlottable* layer, std::vector<QPointF> points,
                              std::function<QString(std::size_t)> text) {
    m_overlay = layer;
    m_overlayPoints = std::move(points);
    m_overlayText = std::move(text);
}

void HoverTooltip::update() {
    using Kind = Target::Kind;
    const Analysis& a = *m_sources.analysis;
    const std::vector<TrailPoint>& trail = *m_sources.trail;
    const PointsLayer& points = *m_sources.points;
    const BaselineLayer& baseline = *m_sources.baseline;
    m_targets.clear();
    const auto add = [this](Kind kind, std::size_t index, const QCPAbstractPlottable* layer,
                            double x, double y) {
        if (drawable(x, y)) {
            m_targets.push_back({kind, index, layer, x, y});
        }
    };
    for (std::size_t i = 0; i < a.operators.size(); ++i) {
        const OperatorCost& op = a.operators[i];
        if (op.timeSeconds > 0.0) {
            add(Kind::Operator, i, m_sources.operators->graphFor(op.pass), op.intensity(),
                tflops(op.flops / op.timeSeconds));
        }
    }
    for (std::size_t i = 0; i < trail.size(); ++i) {
        const TrailPoint& point = trail[i];
        add(Kind::Trail, i, point.fits ? points.trailCurve() : points.trailBeyondMemory(),
            point.intensityFlopsPerByte, tflops(point.attainableFlopsPerSecond));
    }
    add(Kind::Ridge, 0, m_sources.roofs->ridgeMarker(), a.ridgePointFlopsPerByte,
        tflops(a.peakFlopsPerSecond));
    // The baseline's ghosts, before the current points: a current point on top wins.
    if (baseline.has()) {
        const Analysis& b = baseline.baseline();
        for (std::size_t i = 0; i < b.passes.size(); ++i) {
            const PassCost& pass = b.passes[i];
            add(Kind::BaselinePass, i, baseline.ghostFor(pass.kind), pass.intensity(),
                tflops(pass.attainableFlopsPerSecond));
        }
    }
    if (a.interconnectBandwidthBytesPerSecond > 0.0) {
        for (std::size_t i = 0; i < a.passes.size(); ++i) {
            const PassCost& pass = a.passes[i];
            if (pass.linkBytes > 0.0) {
                add(Kind::Link, i,
                    drawnAsPrefill(pass.kind) ? points.prefillLinkPoint()
                                              : points.decodeLinkPoints(),
                    pass.linkIntensity(), tflops(pass.attainableFlopsPerSecond));
            }
        }
    }
    // The estimate's marks, under the points they stand beside (a mark at its bound is a ring
    // round the bound's point, which wins the tie).
    if (a.estimate && m_sources.estimate != nullptr) {
        const EstimateResult& e = *a.estimate;
        for (std::size_t i = 0; i < e.passes.size() && i < a.passes.size(); ++i) {
            add(Kind::Estimate, i, m_sources.estimate->markFor(e.passes[i].kind),
                a.passes[i].intensity(), tflops(e.passes[i].flopsPerSecond));
        }
    }
    if (m_overlay != nullptr) {
        for (std::size_t i = 0; i < m_overlayPoints.size(); ++i) {
            add(Kind::Overlay, i, m_overlay, m_overlayPoints[i].x(), m_overlayPoints[i].y());
        }
    }
    // The phase points last: on a tie in distance they win (textAt() keeps the last nearest).
    add(Kind::Prefill, 0, points.prefillPoint(), a.primary().intensity(),
        tflops(a.primary().attainableFlopsPerSecond));
    add(Kind::Decode, 0, points.decodePoint(), a.decode().intensity(),
        tflops(a.decode().attainableFlopsPerSecond));
    for (std::size_t i = 2; i < a.passes.size(); ++i) {
        const PassCost& pass = a.passes[i];
        add(Kind::Pass, i, points.speculativePoints(), pass.intensity(),
            tflops(pass.attainableFlopsPerSecond));
    }
}

QString HoverTooltip::textAt(const QPointF& pixel, double maxDistance) const {
    const Target* nearest = nullptr;
    double best = maxDistance * maxDistance;
    for (const Target& target : m_targets) {
        if (!target.layer->visible()) {
            continue;
        }
        const double dx = m_sources.x->coordToPixel(target.x) - pixel.x();
        const double dy = m_sources.y->coordToPixel(target.y) - pixel.y();
        const double d2 = dx * dx + dy * dy;
        if (d2 <= best) {
            best = d2;
            nearest = &target;
        }
    }
    return nearest != nullptr ? textFor(*nearest)
                              : m_sources.compare->tooltipAt(pixel, maxDistance);
}

QString HoverTooltip::textFor(const Target& target) const {
    using Kind = Target::Kind;
    const Analysis& a = *m_sources.analysis;
    switch (target.kind) {
        case Kind::Prefill:
            return tooltipText(a.primary().kind, a.primary());
        case Kind::Decode:
            return tooltipText(PassKind::Decode, a.decode());
        case Kind::Pass:
            return tooltipText(a.passes[target.index].kind, a.passes[target.index]);
        case Kind::Operator:
            return tooltipText(a.operators[target.index]);
        case Kind::Trail:
            return tooltipText((*m_sources.trail)[target.index]);
        case Kind::BaselinePass: {
            const PassCost& pass = m_sources.baseline->baseline().passes[target.index];
            return QObject::tr("baseline ") + tooltipText(pass.kind, pass);
        }
        case Kind::Link: {
            const PassCost& pass = a.passes[target.index];
            return QObject::tr(
                       "%1 against the interconnect: %2 FLOP per link byte\n"
                       "%3 per device over the link at %4; attains %5")
                .arg(qs(std::string(toString(pass.kind))), qs(formatNumber(pass.linkIntensity())),
                     qs(formatBytes(pass.linkBytes)),
                     qs(formatSi(a.interconnectBandwidthBytesPerSecond, "B/s")),
                     qs(formatSi(pass.attainableFlopsPerSecond, "FLOP/s")));
        }
        case Kind::Estimate:
            return a.estimate && target.index < a.estimate->passes.size()
                       ? tooltipText(a.estimate->passes[target.index], *a.estimate)
                       : QString();
        case Kind::Overlay:
            return m_overlayText ? m_overlayText(target.index) : QString();
        case Kind::Ridge:
            return QObject::tr("ridge point: %1 FLOP/byte\n= %2 ÷ %3")
                .arg(qs(formatNumber(a.ridgePointFlopsPerByte)),
                     qs(formatSi(a.peakFlopsPerSecond, "FLOP/s")),
                     qs(formatSi(a.memoryBandwidthBytesPerSecond, "B/s")));
    }
    return {};
}

void HoverTooltip::hover(QWidget* widget, const QMouseEvent& event) const {
    const QString text = textAt(event.position(), 12.0);
    if (text.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(event.globalPosition().toPoint(), text, widget);
    }
}

}  // namespace roofline::ui
