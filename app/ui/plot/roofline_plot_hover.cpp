// SPDX-License-Identifier: GPL-3.0-or-later
// RooflinePlot's hover tooltips: the plotted point nearest the mouse, in pixels.

#include <QMouseEvent>
#include <QToolTip>

#include "plot/baseline_layer.h"
#include "plot/operator_layer.h"
#include "plot/plot_tooltip.h"
#include "plot/roofline_plot.h"
#include "roofline/format.h"

namespace roofline::ui {

void RooflinePlot::updateHoverTargets() {
    using Kind = HoverTarget::Kind;
    m_hover.clear();
    const auto add = [this](Kind kind, std::size_t index, const QCPAbstractPlottable* layer,
                            double x, double y) {
        if (drawable(x, y)) {
            m_hover.push_back({kind, index, layer, x, y});
        }
    };
    for (std::size_t i = 0; i < m_analysis.operators.size(); ++i) {
        const OperatorCost& op = m_analysis.operators[i];
        if (op.timeSeconds > 0.0) {
            add(Kind::Operator, i, m_operators->graphFor(op.pass), op.intensity(),
                tflops(op.flops / op.timeSeconds));
        }
    }
    for (std::size_t i = 0; i < m_trailPoints.size(); ++i) {
        const TrailPoint& point = m_trailPoints[i];
        add(Kind::Trail, i, point.fits ? m_trail : m_trailBeyond, point.intensityFlopsPerByte,
            tflops(point.attainableFlopsPerSecond));
    }
    add(Kind::Ridge, 0, m_ridgeMarker, m_analysis.ridgePointFlopsPerByte,
        tflops(m_analysis.peakFlopsPerSecond));
    // The baseline's ghosts, before the current points: a current point on top wins.
    if (m_baselineLayer->has()) {
        const Analysis& baseline = m_baselineLayer->baseline();
        for (std::size_t i = 0; i < baseline.passes.size(); ++i) {
            const PassCost& pass = baseline.passes[i];
            const QCPGraph* ghost = m_baselineLayer->ghostFor(pass.kind);
            add(Kind::BaselinePass, i, ghost, pass.intensity(),
                tflops(pass.attainableFlopsPerSecond));
        }
    }
    if (m_analysis.interconnectBandwidthBytesPerSecond > 0.0) {
        for (std::size_t i = 0; i < m_analysis.passes.size(); ++i) {
            const PassCost& pass = m_analysis.passes[i];
            if (pass.linkBytes > 0.0) {
                add(Kind::Link, i, drawnAsPrefill(pass.kind) ? m_prefillLink : m_decodeLink,
                    pass.linkIntensity(), tflops(pass.attainableFlopsPerSecond));
            }
        }
    }
    if (m_overlayLayer != nullptr) {
        for (std::size_t i = 0; i < m_overlayPoints.size(); ++i) {
            add(Kind::Overlay, i, m_overlayLayer, m_overlayPoints[i].x(), m_overlayPoints[i].y());
        }
    }
    // PassKind points last: on a tie in distance they win (the loop keeps the last nearest).
    add(Kind::Prefill, 0, m_prefillPoint, m_analysis.primary().intensity(),
        tflops(m_analysis.primary().attainableFlopsPerSecond));
    add(Kind::Decode, 0, m_decodePoint, m_analysis.decode().intensity(),
        tflops(m_analysis.decode().attainableFlopsPerSecond));
    for (std::size_t i = 2; i < m_analysis.passes.size(); ++i) {
        const PassCost& pass = m_analysis.passes[i];
        add(Kind::Pass, i, m_specPoints, pass.intensity(), tflops(pass.attainableFlopsPerSecond));
    }
}

QString RooflinePlot::tooltipAt(const QPointF& pixel, double maxDistance) const {
    const HoverTarget* nearest = nullptr;
    double best = maxDistance * maxDistance;
    for (const HoverTarget& target : m_hover) {
        if (!target.layer->visible()) {
            continue;
        }
        const double dx = m_plot->xAxis->coordToPixel(target.x) - pixel.x();
        const double dy = m_plot->yAxis->coordToPixel(target.y) - pixel.y();
        const double d2 = dx * dx + dy * dy;
        if (d2 <= best) {
            best = d2;
            nearest = &target;
        }
    }
    return nearest != nullptr ? tooltipFor(*nearest) : m_compare->tooltipAt(pixel, maxDistance);
}

QString RooflinePlot::tooltipFor(const HoverTarget& target) const {
    using Kind = HoverTarget::Kind;
    switch (target.kind) {
        case Kind::Prefill:
            return tooltipText(m_analysis.primary().kind, m_analysis.primary());
        case Kind::Decode:
            return tooltipText(PassKind::Decode, m_analysis.decode());
        case Kind::Pass:
            return tooltipText(m_analysis.passes[target.index].kind,
                               m_analysis.passes[target.index]);
        case Kind::Operator:
            return tooltipText(m_analysis.operators[target.index]);
        case Kind::Trail:
            return tooltipText(m_trailPoints[target.index]);
        case Kind::BaselinePass:
            return tr("baseline ") +
                   tooltipText(m_baselineLayer->baseline().passes[target.index].kind,
                               m_baselineLayer->baseline().passes[target.index]);
        case Kind::Link: {
            const PassCost& pass = m_analysis.passes[target.index];
            return tr("%1 against the interconnect: %2 FLOP per link byte\n"
                      "%3 per device over the link at %4; attains %5")
                .arg(qs(std::string(toString(pass.kind))), qs(formatNumber(pass.linkIntensity())),
                     qs(formatBytes(pass.linkBytes)),
                     qs(formatSi(m_analysis.interconnectBandwidthBytesPerSecond, "B/s")),
                     qs(formatSi(pass.attainableFlopsPerSecond, "FLOP/s")));
        }
        case Kind::Overlay:
            return m_overlayTooltip ? m_overlayTooltip(target.index) : QString();
        case Kind::Ridge:
            return tr("ridge point: %1 FLOP/byte\n= %2 ÷ %3")
                .arg(qs(formatNumber(m_analysis.ridgePointFlopsPerByte)),
                     qs(formatSi(m_analysis.peakFlopsPerSecond, "FLOP/s")),
                     qs(formatSi(m_analysis.memoryBandwidthBytesPerSecond, "B/s")));
    }
    return {};
}

void RooflinePlot::onMouseMove(QMouseEvent* event) {
    const QString text = tooltipAt(event->position());
    if (text.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(event->globalPosition().toPoint(), text, this);
    }
}

}  // namespace roofline::ui
