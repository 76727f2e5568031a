// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline_plot.h"

#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <limits>

#include "plot_tooltip.h"
#include "roofline/format.h"

namespace roofline::ui {
namespace {

// Roof lines run from far left to far right of any view a user can reach, so that zooming
// out never shows their ends; their corners are the exact ridge points.
constexpr double kFarLeft = 1e-6;   // FLOP/byte
constexpr double kFarRight = 1e9;   // FLOP/byte

double tflops(double flopsPerSecond) { return flopsPerSecond / kFlopsPerTflop; }

bool drawable(double x, double y) {
    return std::isfinite(x) && std::isfinite(y) && x > 0.0 && y > 0.0;
}

double floorDecade(double v) { return std::pow(10.0, std::floor(std::log10(v))); }
double ceilDecade(double v) { return std::pow(10.0, std::ceil(std::log10(v))); }

QVector<double> vec(std::initializer_list<double> values) { return QVector<double>(values); }

}  // namespace

RooflinePlot::RooflinePlot(QWidget* parent) : QCustomPlot(parent) {
    m_palette = PlotPalette::forSystem(palette());
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    setNoAntialiasingOnDrag(true);
    setAutoAddPlottableToLegend(false);
    setMinimumSize(320, 240);
    createLayers();
    applyStyle();

    connect(this, &QCustomPlot::mouseMove, this, &RooflinePlot::onMouseMove);
    connect(this, &QCustomPlot::mousePress, this, [this] { m_autoRange = false; });
    connect(this, &QCustomPlot::mouseWheel, this, [this] { m_autoRange = false; });
    connect(this, &QCustomPlot::afterLayout, this, &RooflinePlot::placeSlopeLabels);
}

QCPItemText* RooflinePlot::addText(Qt::Alignment alignment) {
    auto* text = new QCPItemText(this);
    text->setPositionAlignment(alignment);
    text->setClipToAxisRect(true);
    text->setSelectable(false);
    return text;
}

void RooflinePlot::createLayers() {
    for (QCPAxis* axis : {xAxis, yAxis}) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
        ticker->setLogBase(10);
        ticker->setSubTickCount(8);
        axis->setTicker(ticker);
        axis->setNumberFormat(QStringLiteral("g"));
        axis->setNumberPrecision(6);
        axis->grid()->setSubGridVisible(true);
    }
    xAxis->setLabel(tr("Arithmetic intensity (FLOP/byte)"));
    yAxis->setLabel(tr("Attainable performance (TFLOP/s)"));
    xAxis2->setVisible(false);
    yAxis2->setVisible(false);

    // Region tints sit on the background layer, under the grid, so they never hide it.
    setCurrentLayer(QStringLiteral("background"));
    m_memoryRegion = new QCPItemRect(this);
    m_computeRegion = new QCPItemRect(this);
    for (QCPItemRect* rect : {m_memoryRegion, m_computeRegion}) {
        rect->setSelectable(false);
        rect->setClipToAxisRect(true);
        rect->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
    // Types first, then coordinates: changing a type converts the current coordinates.
    m_memoryRegion->topLeft->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_computeRegion->bottomRight->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_memoryRegion->topLeft->setCoords(0, 0);
    m_computeRegion->bottomRight->setCoords(1, 1);
    setCurrentLayer(QStringLiteral("main"));

    m_memoryRegionLabel = addText(Qt::AlignRight | Qt::AlignTop);
    m_computeRegionLabel = addText(Qt::AlignLeft | Qt::AlignTop);
    m_memoryRegionLabel->setText(tr("◀ memory-bound"));
    m_computeRegionLabel->setText(tr("compute-bound ▶"));
    for (QCPItemText* label : {m_memoryRegionLabel, m_computeRegionLabel}) {
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->setPadding(QMargins(6, 4, 6, 4));
    }

    m_interconnectRoof = addGraph();
    m_interconnectLabel = addText(Qt::AlignHCenter | Qt::AlignBottom);
    m_interconnectLabel->setPadding(QMargins(0, 0, 0, 6));
    m_slopeExtension = addGraph();
    for (std::size_t i = 0; i < kPrecisionCount; ++i) {
        m_otherRoofGraphs.push_back(addGraph());
        QCPItemText* label = addText(Qt::AlignRight | Qt::AlignBottom);
        label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
        label->setPadding(QMargins(0, 0, 8, 2));
        m_roofLabelItems.push_back(label);
    }
    m_roofInUse = addGraph();
    m_hbmLabel = addText(Qt::AlignHCenter | Qt::AlignBottom);
    m_hbmLabel->setPadding(QMargins(0, 0, 0, 6));

    // The ridge: a marker on the corner, a dotted drop line to the x axis, and its value at
    // the foot of that line, where no point or roof label ever sits.
    m_ridgeDrop = new QCPItemLine(this);
    m_ridgeDrop->setSelectable(false);
    m_ridgeDrop->end->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_ridgeMarker = addGraph();
    m_ridgeLabel = addText(Qt::AlignLeft | Qt::AlignBottom);
    m_ridgeLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_ridgeLabel->setPadding(QMargins(6, 0, 0, 4));

    m_prefillOps = addGraph();
    m_decodeOps = addGraph();
    m_prefillOps->setName(tr("prefill operators"));
    m_decodeOps->setName(tr("decode operators"));
    for (QCPGraph* ops : {m_prefillOps, m_decodeOps}) {
        ops->setLineStyle(QCPGraph::lsNone);
        ops->setVisible(false);
    }

    m_trail = new QCPCurve(xAxis, yAxis);
    m_trailBeyond = new QCPCurve(xAxis, yAxis);
    m_trail->setName(tr("decode batch trail"));
    m_trailBeyond->setName(tr("trail beyond memory"));
    m_trailStartLabel = addText(Qt::AlignLeft | Qt::AlignTop);
    m_trailEndLabel = addText(Qt::AlignLeft | Qt::AlignTop);
    m_trailStartLabel->setPadding(QMargins(6, 4, 0, 0));
    m_trailEndLabel->setPadding(QMargins(6, 4, 0, 0));

    m_prefillPoint = addGraph();
    m_decodePoint = addGraph();
    m_prefillPoint->setName(tr("prefill"));
    m_decodePoint->setName(tr("decode"));
    for (QCPGraph* point : {m_prefillPoint, m_decodePoint}) {
        point->setLineStyle(QCPGraph::lsNone);
    }
    m_prefillLabel = addText(Qt::AlignLeft | Qt::AlignTop);
    m_prefillLabel->setPadding(QMargins(10, 8, 0, 0));
    m_decodeLabel = addText(Qt::AlignRight | Qt::AlignBottom);
    m_decodeLabel->setPadding(QMargins(0, 0, 10, 8));

    for (QCPGraph* roof : {m_interconnectRoof, m_slopeExtension, m_roofInUse, m_ridgeMarker}) {
        roof->setSelectable(QCP::stNone);
    }

    // The legend goes under the axis rect, in one row, so it never covers a point.
    axisRect()->insetLayout()->take(legend);
    auto* legendRow = new QCPLayoutGrid;
    plotLayout()->addElement(1, 0, legendRow);
    plotLayout()->setRowStretchFactor(1, 0.001);
    legendRow->setMargins(QMargins(5, 0, 5, 5));
    legendRow->addElement(0, 0, legend);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    legend->setVisible(true);
    m_prefillPoint->addToLegend();
    m_decodePoint->addToLegend();
    m_trail->addToLegend();
}

void RooflinePlot::applyStyle() {
    const PlotPalette& p = m_palette;
    setBackground(p.background);
    axisRect()->setBackground(Qt::NoBrush);

    QFont base = font();
    base.setPointSizeF(scaled(base.pointSizeF()));
    QFont bold = base;
    bold.setBold(true);
    QFont small = base;
    small.setPointSizeF(base.pointSizeF() * 0.9);

    for (QCPAxis* axis : {xAxis, yAxis}) {
        const QPen axisPen(p.foreground, scaled(1.0));
        axis->setBasePen(axisPen);
        axis->setTickPen(axisPen);
        axis->setSubTickPen(axisPen);
        axis->setTickLabelColor(p.foreground);
        axis->setLabelColor(p.foreground);
        axis->setTickLabelFont(base);
        axis->setLabelFont(bold);
        axis->grid()->setPen(QPen(p.grid, scaled(1.0), Qt::SolidLine));
        axis->grid()->setSubGridPen(QPen(p.subGrid, scaled(1.0), Qt::SolidLine));
        axis->grid()->setZeroLinePen(Qt::NoPen);
    }

    m_memoryRegion->setPen(Qt::NoPen);
    m_memoryRegion->setBrush(p.memoryRegion);
    m_computeRegion->setPen(Qt::NoPen);
    m_computeRegion->setBrush(p.computeRegion);
    for (QCPItemText* label : {m_memoryRegionLabel, m_computeRegionLabel}) {
        label->setColor(p.regionText);
        label->setFont(base);
    }

    m_roofInUse->setPen(QPen(p.roof, scaled(2.5)));
    m_slopeExtension->setPen(QPen(p.otherRoof, scaled(1.2), Qt::DashLine));
    for (QCPGraph* roof : m_otherRoofGraphs) {
        roof->setPen(QPen(p.otherRoof, scaled(1.2), Qt::DashLine));
    }
    for (std::size_t i = 0; i < m_roofLabelItems.size(); ++i) {
        m_roofLabelItems[i]->setFont(i == 0 ? bold : small);
        m_roofLabelItems[i]->setColor(i == 0 ? p.roof : p.otherRoof);
    }
    m_hbmLabel->setFont(bold);
    m_hbmLabel->setColor(p.roof);
    m_interconnectRoof->setPen(QPen(p.interconnect, scaled(2.0), Qt::DashDotLine));
    m_interconnectLabel->setFont(small);
    m_interconnectLabel->setColor(p.interconnect);

    m_ridgeMarker->setLineStyle(QCPGraph::lsNone);
    m_ridgeMarker->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, p.roof, p.background, scaled(9.0)));
    m_ridgeLabel->setFont(small);
    m_ridgeLabel->setColor(p.foreground);
    m_ridgeDrop->setPen(QPen(p.otherRoof, scaled(1.0), Qt::DotLine));

    const auto opStyle = [&](const QColor& colour) {
        QPen pen(colour, scaled(1.3));
        return QCPScatterStyle(QCPScatterStyle::ssCrossCircle, pen, Qt::NoBrush, scaled(8.0));
    };
    m_prefillOps->setScatterStyle(opStyle(p.prefill));
    m_decodeOps->setScatterStyle(opStyle(p.decode));
    m_prefillOps->setPen(QPen(p.prefill));
    m_decodeOps->setPen(QPen(p.decode));

    QColor trailColour = p.decode;
    m_trail->setPen(QPen(trailColour, scaled(1.8)));
    m_trail->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, trailColour, scaled(5.0)));
    trailColour.setAlphaF(0.55F);
    m_trailBeyond->setPen(QPen(trailColour, scaled(1.5), Qt::DashLine));
    m_trailBeyond->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, trailColour, scaled(5.0)));
    for (QCPItemText* label : {m_trailStartLabel, m_trailEndLabel}) {
        label->setFont(small);
        label->setColor(p.decode);
    }

    m_prefillPoint->setPen(QPen(p.prefill, scaled(1.5)));
    m_prefillPoint->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssDiamond, QPen(p.foreground, scaled(1.5)), p.prefill, scaled(16.0)));
    m_decodePoint->setPen(QPen(p.decode, scaled(1.5)));
    m_decodePoint->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCircle, QPen(p.foreground, scaled(1.5)), p.decode, scaled(14.0)));
    m_prefillLabel->setFont(bold);
    m_prefillLabel->setColor(p.prefill);
    m_decodeLabel->setFont(bold);
    m_decodeLabel->setColor(p.decode);

    legend->setFont(base);
    legend->setTextColor(p.foreground);
    legend->setBrush(p.background);
    legend->setBorderPen(Qt::NoPen);
    legend->setIconSize(static_cast<int>(scaled(22.0)), static_cast<int>(scaled(14.0)));
}

void RooflinePlot::setAnalysis(const Analysis& analysis, const std::vector<TrailPoint>& trail) {
    m_analysis = analysis;
    m_trailPoints = trail;
    updateRoofs();
    updateOperators();
    updateTrail();
    updatePoints();
    updateHoverTargets();
    if (m_autoRange) {
        applyAutoRange();
    }
    replot(m_replotPriority);
}

void RooflinePlot::updateRoofs() {
    const Analysis& a = m_analysis;
    const double bandwidth = a.memoryBandwidthBytesPerSecond;

    // Roofs with the same peak (bf16 = fp16, fp8 = int8 on most chips) are one line.
    m_roofGroups.clear();
    for (const Roof& roof : a.roofs) {
        if (!(roof.peakFlopsPerSecond > 0.0)) {
            continue;
        }
        const QString name = QString::fromUtf8(toString(roof.precision));
        auto same = std::find_if(m_roofGroups.begin(), m_roofGroups.end(), [&](const auto& g) {
            return g.peak == roof.peakFlopsPerSecond;
        });
        if (same == m_roofGroups.end()) {
            m_roofGroups.push_back(
                {name, roof.peakFlopsPerSecond, roof.ridgePointFlopsPerByte, roof.inUse});
        } else {
            same->names += QLatin1Char('/') + name;
            same->inUse = same->inUse || roof.inUse;
        }
    }
    std::stable_partition(m_roofGroups.begin(), m_roofGroups.end(),
                          [](const RoofGroup& g) { return g.inUse; });

    // In use: the HBM slope up to the ridge, then the ceiling. Exact vertices.
    const double peak = a.peakFlopsPerSecond;
    const double ridge = a.ridgePointFlopsPerByte;
    m_roofInUse->setData(vec({kFarLeft, ridge, kFarRight}),
                         vec({tflops(kFarLeft * bandwidth), tflops(peak), tflops(peak)}), true);
    m_ridgeMarker->setData(vec({ridge}), vec({tflops(peak)}), true);
    m_ridgeLabel->position->setCoords(ridge, 1.0);
    m_ridgeLabel->setText(tr("ridge %1 FLOP/byte").arg(qs(formatNumber(ridge))));
    m_ridgeDrop->start->setCoords(ridge, tflops(peak));
    m_ridgeDrop->end->setCoords(ridge, 1.0);
    m_hbmLabel->setText(tr("HBM %1").arg(qs(formatSi(bandwidth, "B/s"))));

    double highestRidge = ridge;
    double highestPeak = peak;
    std::size_t other = 0;
    for (std::size_t i = 0; i < m_roofGroups.size() && i < m_roofLabelItems.size(); ++i) {
        const RoofGroup& g = m_roofGroups[i];
        QCPItemText* label = m_roofLabelItems[i];
        label->setVisible(true);
        label->setText(g.names + QLatin1Char(' ') + qs(formatSi(g.peak, "FLOP/s")));
        label->position->setCoords(1.0, tflops(g.peak));
        if (g.inUse) {
            continue;
        }
        QCPGraph* graph = m_otherRoofGraphs[other++];
        graph->setVisible(true);
        graph->setData(vec({g.ridge, kFarRight}), vec({tflops(g.peak), tflops(g.peak)}), true);
        if (g.peak > highestPeak) {
            highestPeak = g.peak;
            highestRidge = g.ridge;
        }
    }
    for (std::size_t i = m_roofGroups.size(); i < m_roofLabelItems.size(); ++i) {
        m_roofLabelItems[i]->setVisible(false);
    }
    for (std::size_t i = other; i < m_otherRoofGraphs.size(); ++i) {
        m_otherRoofGraphs[i]->setVisible(false);
        m_otherRoofGraphs[i]->data()->clear();
    }
    // The HBM slope continues, faint, up to the highest roof's ridge.
    if (highestRidge > ridge) {
        m_slopeExtension->setData(vec({ridge, highestRidge}),
                                  vec({tflops(peak), tflops(highestPeak)}), true);
    } else {
        m_slopeExtension->data()->clear();
    }

    const double link = a.interconnectBandwidthBytesPerSecond;
    const bool hasLink = link > 0.0;
    m_interconnectRoof->setVisible(hasLink);
    m_interconnectLabel->setVisible(hasLink);
    if (hasLink) {
        m_interconnectRoof->setData(vec({kFarLeft, peak / link}),
                                    vec({tflops(kFarLeft * link), tflops(peak)}), true);
        m_interconnectLabel->setText(
            tr("interconnect %1 (x = FLOP per link byte)").arg(qs(formatSi(link, "B/s"))));
    } else {
        m_interconnectRoof->data()->clear();
    }

    m_memoryRegion->bottomRight->setCoords(ridge, 1.0);
    m_computeRegion->topLeft->setCoords(ridge, 0.0);
    m_memoryRegionLabel->position->setCoords(ridge, 0.0);
    m_computeRegionLabel->position->setCoords(ridge, 0.0);
}

void RooflinePlot::updatePoints() {
    const PhaseCost& prefill = m_analysis.prefill;
    const PhaseCost& decode = m_analysis.decode;
    const double px = prefill.intensity();
    const double py = tflops(prefill.attainableFlopsPerSecond);
    const double dx = decode.intensity();
    const double dy = tflops(decode.attainableFlopsPerSecond);

    const bool prefillShown = drawable(px, py);
    const bool decodeShown = drawable(dx, dy);
    m_prefillPoint->setData(prefillShown ? vec({px}) : QVector<double>(),
                            prefillShown ? vec({py}) : QVector<double>(), true);
    m_decodePoint->setData(decodeShown ? vec({dx}) : QVector<double>(),
                           decodeShown ? vec({dy}) : QVector<double>(), true);
    m_prefillLabel->setVisible(prefillShown);
    m_decodeLabel->setVisible(decodeShown);
    m_prefillLabel->position->setCoords(px, py);
    m_decodeLabel->position->setCoords(dx, dy);
    m_prefillLabel->setText(tr("prefill  %1 FLOP/byte").arg(qs(formatNumber(px))));
    m_decodeLabel->setText(tr("decode  %1 FLOP/byte").arg(qs(formatNumber(dx))));
}

void RooflinePlot::updateOperators() {
    QVector<double> prefillX;
    QVector<double> prefillY;
    QVector<double> decodeX;
    QVector<double> decodeY;
    for (const OperatorCost& op : m_analysis.operators) {
        if (!(op.timeSeconds > 0.0)) {
            continue;
        }
        const double x = op.intensity();
        const double y = tflops(op.flops / op.timeSeconds);
        if (!drawable(x, y)) {
            continue;  // no FLOPs (kv_write, embedding) or no HBM bytes: not on a log plot
        }
        (op.phase == Phase::Prefill ? prefillX : decodeX).push_back(x);
        (op.phase == Phase::Prefill ? prefillY : decodeY).push_back(y);
    }
    m_prefillOps->setData(prefillX, prefillY);
    m_decodeOps->setData(decodeX, decodeY);
}

void RooflinePlot::updateTrail() {
    QVector<double> t;
    QVector<double> x;
    QVector<double> y;
    QVector<double> tBeyond;
    QVector<double> xBeyond;
    QVector<double> yBeyond;
    const TrailPoint* first = nullptr;
    const TrailPoint* last = nullptr;
    for (const TrailPoint& point : m_trailPoints) {
        const double px = point.intensityFlopsPerByte;
        const double py = tflops(point.attainableFlopsPerSecond);
        if (!drawable(px, py)) {
            continue;
        }
        if (point.fits) {
            t.push_back(static_cast<double>(t.size()));
            x.push_back(px);
            y.push_back(py);
        } else {
            if (xBeyond.isEmpty() && !x.isEmpty()) {  // join the dashed part to the solid one
                tBeyond.push_back(0.0);
                xBeyond.push_back(x.back());
                yBeyond.push_back(y.back());
            }
            tBeyond.push_back(static_cast<double>(tBeyond.size()));
            xBeyond.push_back(px);
            yBeyond.push_back(py);
        }
        first = first != nullptr ? first : &point;
        last = &point;
    }
    m_trail->setData(t, x, y, true);
    m_trailBeyond->setData(tBeyond, xBeyond, yBeyond, true);
    if (!xBeyond.isEmpty()) {
        m_trailBeyond->addToLegend();
    } else {
        m_trailBeyond->removeFromLegend();
    }

    m_trailStartLabel->setVisible(first != nullptr);
    m_trailEndLabel->setVisible(last != nullptr && last != first);
    if (first != nullptr) {
        m_trailStartLabel->setText(QStringLiteral("B=%1").arg(qs(formatInteger(first->batch))));
        m_trailStartLabel->position->setCoords(first->intensityFlopsPerByte,
                                               tflops(first->attainableFlopsPerSecond));
    }
    if (last != nullptr) {
        m_trailEndLabel->setText(QStringLiteral("B=%1").arg(qs(formatInteger(last->batch))));
        m_trailEndLabel->position->setCoords(last->intensityFlopsPerByte,
                                             tflops(last->attainableFlopsPerSecond));
        m_trail->setName(tr("decode, B = %1 … %2")
                             .arg(qs(formatInteger(first->batch)),
                                  qs(formatInteger(last->batch))));
    }
}

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
            add(Kind::Operator, i, op.phase == Phase::Prefill ? m_prefillOps : m_decodeOps,
                op.intensity(), tflops(op.flops / op.timeSeconds));
        }
    }
    for (std::size_t i = 0; i < m_trailPoints.size(); ++i) {
        const TrailPoint& point = m_trailPoints[i];
        add(Kind::Trail, i, point.fits ? m_trail : m_trailBeyond, point.intensityFlopsPerByte,
            tflops(point.attainableFlopsPerSecond));
    }
    add(Kind::Ridge, 0, m_ridgeMarker, m_analysis.ridgePointFlopsPerByte,
        tflops(m_analysis.peakFlopsPerSecond));
    // Phase points last: on a tie in distance they win (the loop keeps the last nearest).
    add(Kind::Prefill, 0, m_prefillPoint, m_analysis.prefill.intensity(),
        tflops(m_analysis.prefill.attainableFlopsPerSecond));
    add(Kind::Decode, 0, m_decodePoint, m_analysis.decode.intensity(),
        tflops(m_analysis.decode.attainableFlopsPerSecond));
}

void RooflinePlot::applyAutoRange() {
    const Analysis& a = m_analysis;
    double xMin = std::numeric_limits<double>::infinity();
    double xMax = 0.0;
    double yMin = std::numeric_limits<double>::infinity();
    double peakMax = tflops(a.peakFlopsPerSecond);
    const auto include = [&](double x, double y) {
        if (drawable(x, y)) {
            xMin = std::min(xMin, x);
            xMax = std::max(xMax, x);
            yMin = std::min(yMin, y);
        }
    };
    include(1.0, tflops(a.memoryBandwidthBytesPerSecond));  // intensity 1 is always in view
    include(a.prefill.intensity(), tflops(a.prefill.attainableFlopsPerSecond));
    include(a.decode.intensity(), tflops(a.decode.attainableFlopsPerSecond));
    for (const TrailPoint& p : m_trailPoints) {
        include(p.intensityFlopsPerByte, tflops(p.attainableFlopsPerSecond));
    }
    for (const RoofGroup& g : m_roofGroups) {
        include(g.ridge, tflops(g.peak));
        peakMax = std::max(peakMax, tflops(g.peak));
    }
    if (m_operatorsVisible) {
        for (const OperatorCost& op : a.operators) {
            if (op.timeSeconds > 0.0) {
                include(op.intensity(), tflops(op.flops / op.timeSeconds));
            }
        }
    }
    if (!(xMax > 0.0) || !(peakMax > 0.0)) {
        return;  // nothing analysed yet
    }
    // Decade-rounded ends keep the axes still while a slider moves the points.
    const double left = floorDecade(xMin / 2.0);
    const double right = ceilDecade(xMax * 4.0);
    const double bottom = floorDecade(std::min(yMin, left * tflops(a.memoryBandwidthBytesPerSecond)) / 2.0);
    const double top = peakMax * 3.0;
    xAxis->setRange(left, right);
    yAxis->setRange(std::min(bottom, top / 10.0), top);
}

void RooflinePlot::resetView() {
    m_autoRange = true;
    applyAutoRange();
    replot(m_replotPriority);
}

void RooflinePlot::placeSlopeLabels() {
    // Labels along the slopes, turned to the slope's on-screen angle; the angle depends on
    // the axis rect's size, known only after layout.
    const auto place = [this](QCPItemText* label, double bandwidth, double ridge) {
        const QCPRange xr = xAxis->range();
        const QCPRange yr = yAxis->range();
        const double enter = std::max(xr.lower, yr.lower * kFlopsPerTflop / bandwidth);
        const double leave = std::min(ridge, xr.upper);
        if (!(bandwidth > 0.0) || !(leave > enter)) {
            label->setVisible(false);
            return;
        }
        const double x = std::sqrt(enter * leave);
        const double y = tflops(x * bandwidth);
        const QPointF p0(xAxis->coordToPixel(x), yAxis->coordToPixel(y));
        const QPointF p1(xAxis->coordToPixel(x * 2.0), yAxis->coordToPixel(y * 2.0));
        label->position->setCoords(x, y);
        label->setRotation(std::atan2(p1.y() - p0.y(), p1.x() - p0.x()) * 180.0 / M_PI);
        label->setVisible(true);
    };
    if (m_analysis.memoryBandwidthBytesPerSecond > 0.0) {
        place(m_hbmLabel, m_analysis.memoryBandwidthBytesPerSecond,
              m_analysis.ridgePointFlopsPerByte);
    }
    const double link = m_analysis.interconnectBandwidthBytesPerSecond;
    if (link > 0.0) {
        place(m_interconnectLabel, link, m_analysis.peakFlopsPerSecond / link);
    } else {
        m_interconnectLabel->setVisible(false);
    }
}

void RooflinePlot::setOperatorsVisible(bool visible) {
    if (visible == m_operatorsVisible) {
        return;
    }
    m_operatorsVisible = visible;
    for (QCPGraph* ops : {m_prefillOps, m_decodeOps}) {
        ops->setVisible(visible);
        if (visible) {
            ops->addToLegend();
        } else {
            ops->removeFromLegend();
        }
    }
    if (m_autoRange) {
        applyAutoRange();
    }
    replot(m_replotPriority);
}

void RooflinePlot::setPresentationMode(bool on) {
    if (on == m_presentation) {
        return;
    }
    m_presentation = on;
    m_palette = on ? PlotPalette::highContrastVariant(m_palette.dark)
                   : PlotPalette::forSystem(palette());
    applyStyle();
    replot(m_replotPriority);
}

void RooflinePlot::changeEvent(QEvent* event) {
    QCustomPlot::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        const bool dark = PlotPalette::forSystem(palette()).dark;
        m_palette = m_presentation ? PlotPalette::highContrastVariant(dark)
                                   : PlotPalette::forSystem(palette());
        applyStyle();
        replot(m_replotPriority);
    }
}

void RooflinePlot::paintEvent(QPaintEvent* event) {
    QCustomPlot::paintEvent(event);
    emit painted();
}

std::vector<QCPGraph*> RooflinePlot::otherRoofs() const {
    std::vector<QCPGraph*> shown;
    for (QCPGraph* graph : m_otherRoofGraphs) {
        if (graph->visible()) {
            shown.push_back(graph);
        }
    }
    return shown;
}

QStringList RooflinePlot::roofLabels() const {
    QStringList labels;
    for (const QCPItemText* label : m_roofLabelItems) {
        if (label->visible()) {
            labels << label->text();
        }
    }
    return labels;
}

QString RooflinePlot::tooltipAt(const QPointF& pixel, double maxDistance) const {
    const HoverTarget* nearest = nullptr;
    double best = maxDistance * maxDistance;
    for (const HoverTarget& target : m_hover) {
        if (!target.layer->visible()) {
            continue;
        }
        const double dx = xAxis->coordToPixel(target.x) - pixel.x();
        const double dy = yAxis->coordToPixel(target.y) - pixel.y();
        const double d2 = dx * dx + dy * dy;
        if (d2 <= best) {
            best = d2;
            nearest = &target;
        }
    }
    return nearest != nullptr ? tooltipFor(*nearest) : QString();
}

QString RooflinePlot::tooltipFor(const HoverTarget& target) const {
    using Kind = HoverTarget::Kind;
    switch (target.kind) {
        case Kind::Prefill:
            return tooltipText(Phase::Prefill, m_analysis.prefill);
        case Kind::Decode:
            return tooltipText(Phase::Decode, m_analysis.decode);
        case Kind::Operator:
            return tooltipText(m_analysis.operators[target.index]);
        case Kind::Trail:
            return tooltipText(m_trailPoints[target.index]);
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
