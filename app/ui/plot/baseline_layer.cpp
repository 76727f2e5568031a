// SPDX-License-Identifier: GPL-3.0-or-later
#include "baseline_layer.h"

#include <cmath>

#include <QFontMetricsF>

#include "model/plot_tooltip.h"
#include "plot/direct_items.h"
#include "plot/plot_items.h"
#include "plot/plot_scene.h"
#include "plot/plot_units.h"
#include "roofline/comparison.h"
#include "roofline/format.h"

namespace roofline::ui {
namespace {

/// An arrow's label wider than this share of the axis rect is set on two lines, broken at
/// the ", " nearest its middle ("decode ×3.57 FLOP/s,\n×3.57 tok/s, TPOT 2.24× slower"): in
/// presentation mode at 1280×720 the one line takes the whole width of the plot and is cut.
constexpr double kArrowLabelShare = 0.45;

QString wrappedToWidth(const QString& text, const QFont& font, double width) {
    if (QFontMetricsF(font).horizontalAdvance(text) <= width) {
        return text;
    }
    return brokenNearMiddle(text, QStringLiteral(", "));
}

/// An arrow shorter than this (in pixels) is not drawn; its label still is.
constexpr double kMinArrowPixels = 12.0;
/// Opacity of the ghosts.
constexpr float kGhostAlpha = 0.45F;

PlotLabel* arrowLabel(QCustomPlot* plot, std::vector<DirectItem*>& direct) {
    auto* label = new Direct<PlotLabel>(plot);
    label->setLayer(static_cast<QCPLayer*>(nullptr));  // drawn by the plot, directly
    label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
    label->setClipToAxisRect(true);
    label->setSelectable(false);
    label->setVisible(false);
    direct.push_back(label);
    return label;
}

}  // namespace

BaselineLayer::BaselineLayer(QCustomPlot* plot, QCPLayer* roofLayer)
    : m_plot(plot),
      m_roof(new QCPGraph(plot->xAxis, plot->yAxis)),
      m_trailCurve(new QCPCurve(plot->xAxis, plot->yAxis)),
      m_prefill(new QCPGraph(plot->xAxis, plot->yAxis)),
      m_decode(new QCPGraph(plot->xAxis, plot->yAxis)),
      m_spec(new QCPGraph(plot->xAxis, plot->yAxis)) {
    m_roof->setName(QObject::tr("baseline roof"));
    m_trailCurve->setName(QObject::tr("baseline trail"));
    m_prefill->setName(QObject::tr("baseline prefill"));
    m_decode->setName(QObject::tr("baseline decode"));
    m_spec->setName(QObject::tr("baseline speculative passes"));
    m_roof->setObjectName(QStringLiteral("baselineRoof"));
    m_trailCurve->setObjectName(QStringLiteral("baselineTrail"));
    m_prefill->setObjectName(QStringLiteral("baselinePrefill"));
    m_decode->setObjectName(QStringLiteral("baselineDecode"));
    m_spec->setObjectName(QStringLiteral("baselineSpeculative"));
    for (QCPGraph* ghost : {m_prefill, m_decode, m_spec}) {
        ghost->setLineStyle(QCPGraph::lsNone);
    }
    for (QCPAbstractPlottable* ghost : std::initializer_list<QCPAbstractPlottable*>{
             m_roof, m_trailCurve, m_prefill, m_decode, m_spec}) {
        ghost->setLayer(roofLayer);
        ghost->setSelectable(QCP::stNone);
        ghost->setVisible(false);
    }

    // The arrows, drawn with the data (the current end moves on every step), and labels.
    for (QCPItemLine** arrow : {&m_prefillArrow, &m_decodeArrow}) {
        auto* line = new Direct<QCPItemLine>(plot);
        line->setLayer(static_cast<QCPLayer*>(nullptr));
        line->setSelectable(false);
        line->setClipToAxisRect(true);
        line->setVisible(false);
        m_direct.push_back(line);
        *arrow = line;
    }
    m_prefillArrow->setObjectName(QStringLiteral("prefillArrow"));
    m_decodeArrow->setObjectName(QStringLiteral("decodeArrow"));
    m_prefillArrowLabel = arrowLabel(plot, m_direct);
    m_decodeArrowLabel = arrowLabel(plot, m_direct);
    m_prefillArrowLabel->setObjectName(QStringLiteral("prefillArrowLabel"));
    m_decodeArrowLabel->setObjectName(QStringLiteral("decodeArrowLabel"));
}

void BaselineLayer::describe(SceneWriter& scene) const {
    scene.polyline(m_roof, QStringLiteral("roof"));
    scene.curve(m_trailCurve, QStringLiteral("trail"));
    scene.points(m_prefill, QStringLiteral("point"));
    scene.points(m_decode, QStringLiteral("point"));
    scene.points(m_spec, QStringLiteral("point"));
    scene.line(m_prefillArrow, QStringLiteral("arrow"), m_prefillArrowLabel->text());
    scene.line(m_decodeArrow, QStringLiteral("arrow"), m_decodeArrowLabel->text());
    scene.label(m_prefillArrowLabel);
    scene.label(m_decodeArrowLabel);
}

void BaselineLayer::setBaseline(const Analysis& baseline, const std::vector<TrailPoint>& trail) {
    m_baseline = baseline;
    m_trail = trail;
    m_has = true;
    ++m_generation;
    const PassKind kind = baseline.hasDecode() ? PassKind::Decode : baseline.primary().kind;
    if (kind != m_trailKind) {
        m_trailKind = kind;
        styleTrail();
    }
}

bool BaselineLayer::clear() {
    if (!m_has) {
        return false;
    }
    m_has = false;
    m_trail.clear();
    ++m_generation;
    return true;
}

void BaselineLayer::updateGhosts(const Analysis& current) {
    // An encoder's or a CNN's baseline has one pass: its ghost sits where prefill's does.
    const bool on = m_has && !m_baseline.passes.empty();
    const Analysis& b = m_baseline;
    const auto point = [&](QCPGraph* graph, const PassCost* pass) {
        const bool shown = on && pass != nullptr &&
                           drawable(pass->intensity(), tflops(pass->attainableFlopsPerSecond));
        graph->setVisible(shown);
        if (shown) {
            graph->setData(vec({pass->intensity()}), vec({tflops(pass->attainableFlopsPerSecond)}),
                           true);
        } else {
            graph->data()->clear();
        }
    };
    point(m_prefill, on ? &b.primary() : nullptr);
    point(m_decode, on ? &b.decode() : nullptr);
    QVector<double> specX;
    QVector<double> specY;
    for (const PassCost& pass : b.passes) {
        if (on && (pass.kind == PassKind::Verify || pass.kind == PassKind::Draft) &&
            drawable(pass.intensity(), tflops(pass.attainableFlopsPerSecond))) {
            specX.push_back(pass.intensity());
            specY.push_back(tflops(pass.attainableFlopsPerSecond));
        }
    }
    m_spec->setData(specX, specY, true);
    m_spec->setVisible(!specX.isEmpty());

    QVector<double> t;
    QVector<double> x;
    QVector<double> y;
    for (const TrailPoint& p : m_trail) {
        if (on && drawable(p.intensityFlopsPerByte, tflops(p.attainableFlopsPerSecond))) {
            t.push_back(static_cast<double>(t.size()));
            x.push_back(p.intensityFlopsPerByte);
            y.push_back(tflops(p.attainableFlopsPerSecond));
        }
    }
    m_trailCurve->setData(t, x, y, true);
    m_trailCurve->setVisible(!t.isEmpty());

    // The baseline's roof stays only when it is not the current one.
    const bool otherRoof =
        on &&
        (b.peakFlopsPerSecond != current.peakFlopsPerSecond ||
         b.memoryBandwidthBytesPerSecond != current.memoryBandwidthBytesPerSecond) &&
        b.peakFlopsPerSecond > 0.0 && b.memoryBandwidthBytesPerSecond > 0.0;
    m_roof->setVisible(otherRoof);
    if (!otherRoof) {
        m_roof->data()->clear();
    }
}

void BaselineLayer::updateRoof(double left, double right, const QCPRange& x, const QCPRange& y) {
    if (m_roof->visible()) {
        const Analysis& b = m_baseline;
        const double bRidge = b.ridgePointFlopsPerByte;
        const double bLeft = std::min(left, bRidge / 1.01);
        const double bRight = std::max(right, bRidge * 1.01);
        m_roof->setData(vec({bLeft, bRidge, bRight}),
                        vec({tflops(bLeft * b.memoryBandwidthBytesPerSecond),
                             tflops(b.peakFlopsPerSecond), tflops(b.peakFlopsPerSecond)}),
                        true);
    }
    clipToView(m_roof, x, y);
}

void BaselineLayer::placeArrows(const Analysis& current) {
    // From each baseline point to the current one, labelled with the engine's arrow label
    // (roofline/comparison.h: FLOP/s, tokens/s and TPOT). The decode arrow runs between the
    // steps that make the tokens: with speculative decoding switched on, from the plain
    // decode point to the verify point. An arrow of a few pixels would be a smudge: under
    // kMinArrowPixels only the label shows, beside the point. The labels are placed with
    // the others, round the arrow's middle or its end.
    const bool on = m_has && !m_baseline.passes.empty() && !current.passes.empty();
    const QCPAxis* xAxis = m_plot->xAxis;
    const QCPAxis* yAxis = m_plot->yAxis;
    const auto place = [&](QCPItemLine* arrow, PlotLabel* label, const ArrowEnds& ends) {
        const PassCost* from = on ? ends.from : nullptr;
        const PassCost* to = on ? ends.to : nullptr;
        const double x0 = from != nullptr ? from->intensity() : 0.0;
        const double y0 = from != nullptr ? tflops(from->attainableFlopsPerSecond) : 0.0;
        const double x1 = to != nullptr ? to->intensity() : 0.0;
        const double y1 = to != nullptr ? tflops(to->attainableFlopsPerSecond) : 0.0;
        if (!drawable(x0, y0) || !drawable(x1, y1)) {
            arrow->setVisible(false);
            label->setVisible(false);
            return;
        }
        arrow->start->setCoords(x0, y0);
        arrow->end->setCoords(x1, y1);
        const QPointF p0(xAxis->coordToPixel(x0), yAxis->coordToPixel(y0));
        const QPointF p1(xAxis->coordToPixel(x1), yAxis->coordToPixel(y1));
        const bool longEnough = std::hypot(p1.x() - p0.x(), p1.y() - p0.y()) >= kMinArrowPixels;
        arrow->setVisible(longEnough);
        label->setText(wrappedToWidth(qs(arrowLabel(m_baseline, current, ends)), label->font(),
                                      m_plot->axisRect()->width() * kArrowLabelShare));
        label->setVisible(true);
    };
    place(m_prefillArrow, m_prefillArrowLabel,
          on ? primaryArrow(m_baseline, current) : ArrowEnds{});
    place(m_decodeArrow, m_decodeArrowLabel,
          on ? roofline::decodeArrow(m_baseline, current) : ArrowEnds{});
}

bool BaselineLayer::updateLegend() {
    // The ghosts are named in the legend while a baseline is pinned ("baseline decode",
    // "baseline trail", ...): hollow, faded marks a student would otherwise have to guess.
    const bool on = m_has && !m_baseline.passes.empty();
    std::vector<QCPAbstractPlottable*> wanted;
    if (on) {
        const bool decode = m_baseline.hasDecode();
        m_prefill->setName(QObject::tr("baseline %1").arg(phaseName(m_baseline.primary().kind)));
        m_trailCurve->setName(
            QObject::tr("baseline %1 trail")
                .arg(decode ? phaseName(PassKind::Decode) : phaseName(m_baseline.primary().kind)));
        wanted.push_back(m_prefill);
        if (decode) {
            wanted.push_back(m_decode);
        }
        if (m_spec->visible()) {
            wanted.push_back(m_spec);
        }
        if (m_trailCurve->visible()) {
            wanted.push_back(m_trailCurve);
        }
    }
    std::vector<QCPAbstractPlottable*> listed;
    for (QCPAbstractPlottable* ghost :
         std::initializer_list<QCPAbstractPlottable*>{m_prefill, m_decode, m_spec, m_trailCurve}) {
        if (m_plot->legend->hasItemWithPlottable(ghost)) {
            listed.push_back(ghost);
        }
    }
    if (listed == wanted) {
        return false;
    }
    for (QCPAbstractPlottable* ghost : listed) {
        ghost->removeFromLegend();
    }
    for (QCPAbstractPlottable* ghost : wanted) {
        ghost->addToLegend();
    }
    return true;
}

void BaselineLayer::setStyle(const PlotPalette& p, double scale, double devicePixelRatio,
                             const QFont& bold) {
    // The same hues, hollow and faded (UI.md); arrows in the phase hue.
    const auto scaled = [scale](double size) { return size * scale; };
    const auto faded = [](QColor c) {
        c.setAlphaF(kGhostAlpha);
        return c;
    };
    m_roof->setPen(QPen(faded(p.roof), scaled(1.5), Qt::DashLine));
    m_palette = p;
    m_scale = scale;
    m_devicePixelRatio = devicePixelRatio;
    styleTrail();
    m_prefill->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond,
                                               QPen(faded(p.prefill), scaled(2.0)), Qt::NoBrush,
                                               scaled(16.0)));
    m_decode->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCircle, QPen(faded(p.decode), scaled(2.0)), Qt::NoBrush, scaled(14.0)));
    m_spec->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle,
                                            QPen(faded(p.decode), scaled(2.0)), Qt::NoBrush,
                                            scaled(13.0)));
    const QCPLineEnding head(QCPLineEnding::esSpikeArrow, scaled(10.0), scaled(12.0));
    m_prefillArrow->setPen(QPen(p.prefill, scaled(1.5)));
    m_decodeArrow->setPen(QPen(p.decode, scaled(1.5)));
    for (QCPItemLine* arrow : {m_prefillArrow, m_decodeArrow}) {
        arrow->setHead(head);
    }
    m_prefillArrowLabel->setFont(bold);
    m_prefillArrowLabel->setColor(p.prefill);
    m_decodeArrowLabel->setFont(bold);
    m_decodeArrowLabel->setColor(p.decode);
}

void BaselineLayer::styleTrail() {
    // The trail in the hue of the pass it follows (plot_palette.h passHue): an encoder's
    // batch trail is not drawn in decode blue.
    QColor hue = passHue(m_palette, m_trailKind);
    hue.setAlphaF(kGhostAlpha);
    m_trailCurve->setPen(QPen(hue, 1.2 * m_scale, Qt::DashLine));
    m_trailCurve->setScatterStyle(pixmapScatter(QCPScatterStyle::ssCircle, QPen(hue, m_scale),
                                                Qt::NoBrush, 5.0 * m_scale, m_devicePixelRatio));
}

std::vector<QPointF> BaselineLayer::extent(double& peakMax) const {
    std::vector<QPointF> points;
    if (!m_has) {
        return points;
    }
    for (const PassCost& pass : m_baseline.passes) {
        points.emplace_back(pass.intensity(), tflops(pass.attainableFlopsPerSecond));
    }
    for (const TrailPoint& p : m_trail) {
        points.emplace_back(p.intensityFlopsPerByte, tflops(p.attainableFlopsPerSecond));
    }
    points.emplace_back(m_baseline.ridgePointFlopsPerByte, tflops(m_baseline.peakFlopsPerSecond));
    peakMax = std::max(peakMax, tflops(m_baseline.peakFlopsPerSecond));
    return points;
}

const QCPGraph* BaselineLayer::ghostFor(PassKind kind) const {
    return drawnAsPrefill(kind) ? m_prefill : kind == PassKind::Decode ? m_decode : m_spec;
}

std::vector<const QCPGraph*> BaselineLayer::pointGraphs() const {
    return {m_prefill, m_decode, m_spec};
}

std::vector<DirectItem*> BaselineLayer::directItems() const { return m_direct; }

}  // namespace roofline::ui
