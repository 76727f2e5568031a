// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline_plot.h"

#include <QLocale>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <limits>

#include "baseline_layer.h"
#include "direct_items.h"
#include "operator_layer.h"
#include "plot_buffers.h"
#include "plot_tooltip.h"
#include "roofline/comparison.h"
#include "roofline/format.h"

namespace roofline::ui {
namespace {

constexpr int kOperatorFitDelayMs = 300;
/// Compare mode: an arrow shorter than this (in pixels) is not drawn; its label still is.
/// Opacity of the baseline's ghosts.

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
    // QCustomPlot writes tick labels in the widget's locale, by default the user's: "0,01"
    // under de_DE. Like every other number (roofline/format.h), they use '.' whatever it is.
    QLocale numbers = QLocale::c();
    numbers.setNumberOptions(QLocale::OmitGroupSeparator);
    setLocale(numbers);
    createLayers();
    applyStyle();

    connect(this, &QCustomPlot::mouseMove, this, &RooflinePlot::onMouseMove);
    // A range change the plot did not make itself is the user's zoom or drag: from then on
    // the view stays where the user put it, until View > Reset view.
    for (QCPAxis* axis : {xAxis, yAxis}) {
        connect(axis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this, axis] {
            if (!m_settingRange) {
                m_autoRange = false;
                keepInLimits(axis);
            }
        });
    }
    connect(this, &QCustomPlot::afterLayout, this, &RooflinePlot::updateViewGeometry);
    m_operatorFit.setSingleShot(true);
    m_operatorFit.setInterval(kOperatorFitDelayMs);
    connect(&m_operatorFit, &QTimer::timeout, this, &RooflinePlot::fitOperators);

    // paintEvent covers the whole viewport, so Qt need not paint the parent first.
    setAttribute(Qt::WA_OpaquePaintEvent);
    // Solid polylines (roofs, trail) drawn in one call, not segment by segment.
    setPlottingHint(QCP::phFastPolylines);
    connect(this, &QCustomPlot::beforeReplot, this, &RooflinePlot::prepareFullReplot);
    connect(this, &QCustomPlot::afterReplot, this, &RooflinePlot::updateAccessibleDescription);
}

RooflinePlot::~RooflinePlot() = default;

void RooflinePlot::prepareFullReplot() {
    // Whatever asked for it (a step, a resize, the user's zoom), the buffers will show this
    // view and these roofs: refresh() redraws less until the view changes again.
    m_replottedView = viewKey();
    // QCustomPlot is about to set its buffers up: both are ours (again, if QCustomPlot
    // dropped them, e.g. after a device-pixel-ratio change).
    const bool ours = mPaintBuffers.size() >= 2 &&
                      dynamic_cast<BackdropBuffer*>(mPaintBuffers[0].data()) != nullptr &&
                      dynamic_cast<CompositeBuffer*>(mPaintBuffers[1].data()) != nullptr;
    if (!ours) {
        const auto backdrop = QSharedPointer<BackdropBuffer>::create(
            viewport().size(), bufferDevicePixelRatio(), &m_palette.background);
        const auto composite = QSharedPointer<CompositeBuffer>::create(
            viewport().size(), bufferDevicePixelRatio(), backdrop);
        mPaintBuffers.clear();
        mPaintBuffers.append(backdrop);
        mPaintBuffers.append(composite);
    }
    static_cast<CompositeBuffer*>(mPaintBuffers[1].data())->setRoofs(m_roofs);
}

CompositeBuffer* RooflinePlot::compositeBuffer() const {
    return mPaintBuffers.size() == 2 ? dynamic_cast<CompositeBuffer*>(mPaintBuffers[1].data())
                                     : nullptr;
}

PlotLabel* RooflinePlot::addText(Qt::Alignment alignment, PlotLabel* text) {
    text = text != nullptr ? text : new PlotLabel(this);
    text->setPositionAlignment(alignment);
    text->setClipToAxisRect(true);
    text->setSelectable(false);
    return text;
}

template <class Item>
Item* RooflinePlot::direct(Direct<Item>* item) {
    item->setLayer(static_cast<QCPLayer*>(nullptr));  // drawn by paintEvent and draw()
    m_direct.push_back(item);
    return item;
}

PlotLabel* RooflinePlot::directText() { return direct(new Direct<PlotLabel>(this)); }

void RooflinePlot::drawDirectItems(QCPPainter* painter) const {
    for (DirectItem* item : m_direct) {
        item->drawDirect(painter);
    }
}

QRegion RooflinePlot::directFootprint() const {
    QRegion region;
    for (const DirectItem* item : m_direct) {
        region += item->footprint();
    }
    return region;
}

void RooflinePlot::draw(QCPPainter* painter) {
    // Export (toPixmap, toPainter, savePdf): the layers, then the data on top, as on screen.
    QCustomPlot::draw(painter);
    drawDirectItems(painter);
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

    // Layers, bottom to top, drawn into two paint buffers so that a slider step redraws
    // only what it changed:
    //   buffer 0 (opaque): background, grid, axes, legend — when the view changes;
    //   buffer 1, "main": region tints, roofs, ridge and their labels — when the roof does;
    // then, on no layer, the data: phase points, trail, operators and their labels, drawn
    // straight onto the widget on every paint (direct_items.h).
    // The tints are translucent and lie over the grid, which shows through them.
    moveLayer(layer(QStringLiteral("axes")), layer(QStringLiteral("grid")), limAbove);
    moveLayer(layer(QStringLiteral("legend")), layer(QStringLiteral("axes")), limAbove);
    removeLayer(layer(QStringLiteral("overlay")));  // unused; its buffer would cost a blend
    m_roofLayer = layer(QStringLiteral("main"));
    m_roofLayer->setMode(QCPLayer::lmBuffered);
    setCurrentLayer(m_roofLayer);

    m_memoryRegion = new TintRect(this);
    m_computeRegion = new TintRect(this);
    for (TintRect* rect : {m_memoryRegion, m_computeRegion}) {
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

    m_memoryRegionLabel = addText(Qt::AlignRight | Qt::AlignTop);
    m_computeRegionLabel = addText(Qt::AlignLeft | Qt::AlignTop);
    m_memoryRegionLabel->setText(tr("◀ memory-bound"));
    m_computeRegionLabel->setText(tr("compute-bound ▶"));
    for (PlotLabel* label : {m_memoryRegionLabel, m_computeRegionLabel}) {
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->setPadding(QMargins(6, 4, 6, 4));
    }

    m_interconnectRoof = addGraph();
    m_interconnectLabel = addText(Qt::AlignHCenter | Qt::AlignBottom);
    m_interconnectLabel->setPadding(QMargins(0, 0, 0, 6));
    m_slopeExtension = addGraph();
    for (std::size_t i = 0; i < kPrecisionCount; ++i) {
        m_otherRoofGraphs.push_back(addGraph());
        m_roofLabelItems.push_back(addText(Qt::AlignRight | Qt::AlignBottom));
    }
    m_roofInUse = addGraph();
    m_hbmLabel = addText(Qt::AlignHCenter | Qt::AlignBottom);
    m_hbmLabel->setPadding(QMargins(0, 0, 0, 6));

    // The ridge: a marker on the corner, a dotted drop line to the x axis, and its value at
    // the foot of that line, where no point or roof label ever sits.
    m_ridgeDrop = new QCPItemLine(this);
    m_ridgeDrop->setSelectable(false);
    m_ridgeDrop->setClipToAxisRect(true);
    m_ridgeDrop->end->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_ridgeMarker = addGraph();
    m_ridgeLabel = addText(Qt::AlignLeft | Qt::AlignBottom);
    m_ridgeLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_ridgeLabel->setPadding(QMargins(6, 0, 0, 4));

    // Compare mode: the pinned baseline's roof, trail and points, hollow and faded, in the
    // roof layer's cached picture (roofKey() counts baselines); its arrows with the data.
    m_baselineLayer = std::make_unique<BaselineLayer>(this, m_roofLayer);

    // Compare scenarios: in the roof layer's picture too, for the same reason.
    m_compare = std::make_unique<CompareLayer>(this, m_roofLayer);

    m_operators = std::make_unique<OperatorLayer>(xAxis, yAxis);
    for (DirectItem* item : m_operators->directItems()) {
        m_direct.push_back(item);
    }

    m_trail = direct(new Direct<QCPCurve>(xAxis, yAxis));
    m_trailBeyond = direct(new Direct<QCPCurve>(xAxis, yAxis));
    // A fixed name: the legend is redrawn only when the view changes (the B range is
    // written at the trail's ends instead).
    m_trail->setName(tr("decode batch trail"));
    m_trailBeyond->setName(tr("trail beyond memory"));
    m_trailStartLabel = addText(Qt::AlignLeft | Qt::AlignTop, directText());
    m_trailEndLabel = addText(Qt::AlignLeft | Qt::AlignTop, directText());
    m_trailStartLabel->setPadding(QMargins(6, 4, 0, 0));
    m_trailEndLabel->setPadding(QMargins(6, 4, 0, 0));
    // Marks on the trail: where it reaches the engine's critical batch (tokens/s stops
    // growing with B) and where memory is full (past it the trail is dashed). The engine
    // puts both batches on the trail (decodeBatchTrail).
    m_criticalMark = direct(new Direct<QCPGraph>(xAxis, yAxis));
    m_criticalMark->setName(tr("critical batch"));
    m_memoryWallMark = direct(new Direct<QCPGraph>(xAxis, yAxis));
    m_memoryWallMark->setName(tr("memory full"));
    for (QCPGraph* mark : {m_criticalMark, m_memoryWallMark}) {
        mark->setLineStyle(QCPGraph::lsNone);
    }
    // Below-right of the mark, like the trail's own labels; above-left where that fits
    // better is decided by placeTrailLabels().
    m_criticalLabel = addText(Qt::AlignRight | Qt::AlignBottom, directText());
    m_criticalLabel->setPadding(QMargins(0, 0, 8, 6));
    m_memoryWallLabel = addText(Qt::AlignLeft | Qt::AlignTop, directText());
    m_memoryWallLabel->setPadding(QMargins(8, 6, 0, 0));

    m_prefillPoint = direct(new Direct<QCPGraph>(xAxis, yAxis));
    m_decodePoint = direct(new Direct<QCPGraph>(xAxis, yAxis));
    m_prefillPoint->setName(tr("prefill"));
    m_decodePoint->setName(tr("decode"));
    for (QCPGraph* point : {m_prefillPoint, m_decodePoint}) {
        point->setLineStyle(QCPGraph::lsNone);
    }
    m_prefillLabel = addText(Qt::AlignLeft | Qt::AlignTop, directText());
    m_prefillLabel->setPadding(QMargins(10, 8, 0, 0));
    m_decodeLabel = addText(Qt::AlignRight | Qt::AlignBottom, directText());
    m_decodeLabel->setPadding(QMargins(0, 0, 10, 8));
    // Speculative decoding: the verify pass (the target over k+1 tokens) and the draft's
    // k steps, each a point of its own in the decode hue.
    m_specPoints = direct(new Direct<QCPGraph>(xAxis, yAxis));
    m_specPoints->setName(tr("speculative passes"));
    m_specPoints->setLineStyle(QCPGraph::lsNone);
    // With tensor parallelism, each phase again at its own link intensity (FLOPs per byte
    // sent over the interconnect), to be read against the interconnect roof.
    m_prefillLink = direct(new Direct<QCPGraph>(xAxis, yAxis));
    m_decodeLink = direct(new Direct<QCPGraph>(xAxis, yAxis));
    // One legend entry names both (the squares take their pass's colour).
    m_prefillLink->setName(tr("link intensity"));
    m_decodeLink->setName(tr("link intensity"));
    for (QCPGraph* link : {m_prefillLink, m_decodeLink}) {
        link->setLineStyle(QCPGraph::lsNone);
    }
    m_verifyLabel = addText(Qt::AlignLeft | Qt::AlignTop, directText());
    m_verifyLabel->setPadding(QMargins(10, 6, 0, 0));
    // The draft's steps sit near the decode point: their label goes below it, left where it
    // fits (the HBM slope leaves that side empty), else right, under the trail's "B=1".
    m_draftLabel = addText(Qt::AlignRight | Qt::AlignTop, directText());
    m_draftLabel->setPadding(QMargins(0, 20, 10, 0));
    // Compare mode: the arrows from the baseline's points and their labels.
    for (DirectItem* item : m_baselineLayer->directItems()) {
        m_direct.push_back(item);
    }

    // A leader line from a point to its label, when the label had to move away from it
    // (placeLabels()); drawn under the labels and marks.
    const std::size_t dataItems = m_direct.size();
    for (PlotLabel* label :
         {m_prefillLabel, m_decodeLabel, m_verifyLabel, m_draftLabel,
          m_baselineLayer->prefillArrow().label, m_baselineLayer->decodeArrow().label,
          m_criticalLabel, m_memoryWallLabel, m_trailStartLabel, m_trailEndLabel}) {
        auto* line = direct(new Direct<QCPItemLine>(this));
        line->setSelectable(false);
        line->setClipToAxisRect(true);
        line->start->setType(QCPItemPosition::ptAbsolute);
        line->end->setType(QCPItemPosition::ptAbsolute);
        line->setVisible(false);
        m_leaders.emplace_back(label, line);
    }
    std::rotate(m_direct.begin(), m_direct.begin() + static_cast<std::ptrdiff_t>(dataItems),
                m_direct.end());

    for (QCPGraph* roof : {m_interconnectRoof, m_slopeExtension, m_roofInUse, m_ridgeMarker}) {
        roof->setSelectable(QCP::stNone);
    }
    // Horizontal and vertical lines look the same without antialiasing, and cost less.
    for (QCPGraph* roof : m_otherRoofGraphs) {
        roof->setAntialiased(false);
    }
    m_ridgeDrop->setAntialiased(false);
    for (TintRect* rect : {m_memoryRegion, m_computeRegion}) {
        rect->setAntialiased(false);
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
        // Grid lines stay 1 px in presentation mode: only the data gets bolder.
        axis->grid()->setPen(QPen(p.grid, 1.0, Qt::SolidLine));
        axis->grid()->setSubGridPen(QPen(p.subGrid, 1.0, Qt::SolidLine));
        axis->grid()->setZeroLinePen(Qt::NoPen);
    }

    m_memoryRegion->setPen(Qt::NoPen);
    m_memoryRegion->setBrush(p.memoryRegion);
    m_computeRegion->setPen(Qt::NoPen);
    m_computeRegion->setBrush(p.computeRegion);
    for (PlotLabel* label : {m_memoryRegionLabel, m_computeRegionLabel}) {
        label->setColor(p.regionText);
        label->setFont(base);
    }

    m_roofInUse->setPen(QPen(p.roof, scaled(2.5)));
    // Width 1 lines take Qt's fast cosmetic stroker, dashes included.
    m_slopeExtension->setPen(QPen(p.otherRoof, scaled(1.0), Qt::DashLine));
    for (QCPGraph* roof : m_otherRoofGraphs) {
        roof->setPen(QPen(p.otherRoof, scaled(1.0), Qt::DashLine));
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

    const double dpr = devicePixelRatioF();
    m_operators->setStyle(p, scaled(1.0), dpr);

    QColor trailColour = p.decode;
    m_trail->setPen(QPen(trailColour, scaled(1.8)));
    m_trail->setScatterStyle(
        pixmapScatter(QCPScatterStyle::ssDisc, QPen(trailColour), trailColour, scaled(5.0), dpr));
    trailColour.setAlphaF(0.55F);
    m_trailBeyond->setPen(QPen(trailColour, scaled(1.5), Qt::DashLine));
    m_trailBeyond->setScatterStyle(pixmapScatter(
        QCPScatterStyle::ssCircle, QPen(trailColour, scaled(1.0)), Qt::NoBrush, scaled(5.0), dpr));
    for (PlotLabel* label : {m_trailStartLabel, m_trailEndLabel}) {
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
    m_specPoints->setPen(QPen(p.decode, scaled(1.5)));
    m_specPoints->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssTriangle, QPen(p.decode, scaled(2.0)), p.background, scaled(13.0)));
    m_verifyLabel->setFont(bold);
    m_verifyLabel->setColor(p.decode);
    m_prefillLink->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssSquare, QPen(p.prefill, scaled(2.0)), Qt::NoBrush, scaled(10.0)));
    m_decodeLink->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssSquare, QPen(p.decode, scaled(2.0)), Qt::NoBrush, scaled(10.0)));
    m_criticalMark->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssPlus, QPen(p.decode, scaled(2.5)), Qt::NoBrush, scaled(14.0)));
    m_memoryWallMark->setScatterStyle(QCPScatterStyle(
        QCPScatterStyle::ssCross, QPen(p.warning, scaled(2.5)), Qt::NoBrush, scaled(12.0)));
    m_criticalLabel->setFont(small);
    m_criticalLabel->setColor(p.decode);
    m_memoryWallLabel->setFont(small);
    m_memoryWallLabel->setColor(p.warning);
    m_draftLabel->setFont(bold);
    m_draftLabel->setColor(p.decode);

    m_baselineLayer->setStyle(p, scaled(1.0), dpr, bold);

    legend->setFont(base);
    legend->setTextColor(p.foreground);
    legend->setBrush(p.background);
    legend->setBorderPen(Qt::NoPen);
    legend->setIconSize(static_cast<int>(scaled(22.0)), static_cast<int>(scaled(14.0)));
    emit styleChanged();
    fitLegend();
    m_compare->setStyle(p, scaled(1.0), small);  // its legend copies the legend's style
}

void RooflinePlot::setAnalysis(const Analysis& analysis, const std::vector<TrailPoint>& trail) {
    m_analysis = analysis;
    m_trailPoints = trail;
    // Roofs, ridge, tints and their labels follow the chip, the compute precision and
    // tensor parallelism, not batch or sequence length: rebuilt only when they change.
    for (PlotLabel* label : m_dropped) {  // the data decides again what is shown
        label->setVisible(true);
    }
    m_dropped.clear();
    std::vector<double> roofs = roofKey();
    bool roofsChanged = roofs != m_roofBase;
    if (roofsChanged) {
        m_roofBase = std::move(roofs);
        updateRoofs();
    }
    m_operators->setOperators(m_analysis.operators);
    updateTrail();
    updatePoints();
    updateHoverTargets();
    // The legend names the first pass by its kind ("encode", "forward" for encoders and
    // CNNs) and lists the decode point only where there is one.
    const QString firstName = phaseName(m_analysis.primary().kind);
    const bool legendChanged = m_prefillPoint->name() != firstName;
    if (legendChanged) {
        m_prefillPoint->setName(firstName);
        const bool decode = m_analysis.hasDecode();
        m_trail->setName(decode ? tr("decode batch trail") : tr("%1 batch trail").arg(firstName));
        m_decodePoint->removeFromLegend();
        m_trail->removeFromLegend();
        if (decode) {
            m_decodePoint->addToLegend();
        }
        m_trail->addToLegend();
        roofsChanged = true;  // a full replot redraws the legend
    }
    // With tensor parallelism each pass is drawn again at its link intensity, as a hollow
    // square in its colour: one legend entry says what the squares are, while there are any.
    QCPGraph* linkEntry = m_analysis.hasDecode() ? m_decodeLink : m_prefillLink;
    const bool links = !m_prefillLink->data()->isEmpty() || !m_decodeLink->data()->isEmpty();
    if (links != legend->hasItemWithPlottable(linkEntry) || (links && legendChanged)) {
        m_prefillLink->removeFromLegend();
        m_decodeLink->removeFromLegend();
        if (links) {
            linkEntry->addToLegend();  // last, after the trail
        }
        roofsChanged = true;
    }
    if (m_autoRange) {
        // PassKind points, trail and roofs are always in view at once; operator points only
        // once the sliders rest, so that the axes do not rescale under a dragging hand.
        applyAutoRange(false);
        if (m_operatorsVisible) {
            m_operatorFit.start();
        }
    }
    if (roofsChanged || !(xAxis->range() == m_replottedView.x) ||
        !(yAxis->range() == m_replottedView.y)) {
        updateRoofGeometry();  // the roofs end at the edges of this view
    }
    // The roof layer's labels step aside when a point comes onto them: that layer's picture
    // then changes too.
    roofsChanged = placeLabels() || roofsChanged;
    refresh(roofsChanged);
}

void RooflinePlot::fitOperators() {
    if (!m_autoRange) {
        return;
    }
    const QCPRange x = xAxis->range();
    const QCPRange y = yAxis->range();
    applyAutoRange(true);
    if (!(xAxis->range() == x) || !(yAxis->range() == y)) {
        refresh(false);
    }
}

RooflinePlot::ViewKey RooflinePlot::viewKey() const {
    return {xAxis->range(), yAxis->range(), m_operatorsVisible, width(), height()};
}

std::vector<double> RooflinePlot::roofKey() const {
    const Analysis& a = m_analysis;
    std::vector<double> key = {a.peakFlopsPerSecond, a.memoryBandwidthBytesPerSecond,
                               a.ridgePointFlopsPerByte, a.interconnectBandwidthBytesPerSecond};
    for (const Roof& roof : a.roofs) {
        key.insert(key.end(), {static_cast<double>(roof.precision), roof.peakFlopsPerSecond,
                               roof.ridgePointFlopsPerByte, roof.inUse ? 1.0 : 0.0});
    }
    // The baseline's ghosts are drawn in the same picture.
    key.push_back(static_cast<double>(m_baselineLayer->generation()));
    key.push_back(static_cast<double>(m_overlayGeneration));
    key.push_back(static_cast<double>(m_compare->generation()));
    return key;
}

void RooflinePlot::refresh(bool roofsChanged) {
    // The full replot (layout, every layer) only when the view itself changed: ranges,
    // legend, size. Otherwise the roof layer is redrawn if the roofs changed, and the data
    // needs no buffer (direct_items.h).
    const bool partial = viewKey() == m_replottedView && !hasInvalidatedPaintBuffers() &&
                         !mReplotQueued && compositeBuffer() != nullptr;
    if (!partial) {
        replot(m_replotPriority);
        return;
    }
    if (roofsChanged) {
        updateViewGeometry();
        if (!compositeBuffer()->switchTo(m_roofs)) {
            redrawLayer(m_roofLayer);
        }
    }
    // The data's marks need repainting where they were and where they are now; new roofs
    // change the axis rect, which every roof-layer item is clipped to.
    QRegion dirty = m_shown.united(directFootprint());
    if (roofsChanged) {
        dirty += axisRect()->rect().adjusted(-1, -1, 1, 1);
    }
    if (m_replotPriority == rpImmediateRefresh) {
        repaint(dirty);
    } else {
        update(dirty);
    }
    updateAccessibleDescription();
}

void RooflinePlot::redrawLayer(QCPLayer* target) {
    // A buffered layer's replot() clears and redraws only its own paint buffer (and asks
    // for a queued repaint, which refresh() makes immediate when it has to be).
    target->replot();
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
        auto same = std::find_if(m_roofGroups.begin(), m_roofGroups.end(),
                                 [&](const auto& g) { return g.peak == roof.peakFlopsPerSecond; });
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

    const double peak = a.peakFlopsPerSecond;
    const double ridge = a.ridgePointFlopsPerByte;
    m_ridgeMarker->setData(vec({ridge}), vec({tflops(peak)}), true);
    m_ridgeLabel->position->setCoords(ridge, 1.0);
    m_ridgeLabel->setText(tr("ridge %1 FLOP/byte").arg(qs(formatNumber(ridge))));
    m_ridgeLabel->setVisible(true);
    m_ridgeDrop->start->setCoords(ridge, tflops(peak));
    m_ridgeDrop->end->setCoords(ridge, 1.0);
    // Achievable ceilings are marked as such: "bf16 795 TFLOP/s achievable".
    const QString ceiling =
        a.ceilings == Ceilings::Achievable ? tr(" achievable") : QString();
    // The preset's memory type ("HBM3e", "GDDR6"), not "HBM" for every chip.
    m_hbmLabel->setText(tr("%1 %2").arg(qs(memoryRoofName(a)), qs(formatSi(bandwidth, "B/s"))) +
                        ceiling);

    for (std::size_t i = 0; i < m_roofLabelItems.size(); ++i) {
        PlotLabel* label = m_roofLabelItems[i];
        label->setVisible(i < m_roofGroups.size());
        if (i < m_roofGroups.size()) {
            const RoofGroup& g = m_roofGroups[i];
            // The roof in use says which ceilings these are; the others stay short.
            label->setText(g.names + QLatin1Char(' ') + qs(formatSi(g.peak, "FLOP/s")) +
                           (g.inUse ? ceiling : QString()));
        }
    }
    const double link = a.interconnectBandwidthBytesPerSecond;
    m_interconnectRoof->setVisible(link > 0.0);
    m_interconnectLabel->setVisible(link > 0.0);
    m_interconnectLabel->setText(
        tr("interconnect %1 (x = FLOP per link byte)").arg(qs(formatSi(link, "B/s"))));
    updateRoofGeometry();

    m_memoryRegion->bottomRight->setCoords(ridge, 1.0);
    m_computeRegion->topLeft->setCoords(ridge, 0.0);
    m_memoryRegionLabel->position->setCoords(ridge, 0.0);
    m_computeRegionLabel->position->setCoords(ridge, 0.0);
    updateBaseline();
}

QString RooflinePlot::pointText(const PassCost& pass) const {
    // "1.05 FLOP/byte", then under it "3.52 TFLOP/s (100% of roof)": where the point sits,
    // what it attains and how close that is to the roof at its intensity (the engine's
    // fractionOfRoof). Two short lines: one long one would not fit beside the point, and
    // would run over the roofs' labels.
    return tr("%1 FLOP/byte\n%2 (%3% of roof)")
        .arg(qs(formatNumber(pass.intensity())),
             qs(formatSi(pass.attainableFlopsPerSecond, "FLOP/s")),
             qs(formatNumber(fractionOfRoof(m_analysis, pass) * 100.0, 3)));
}

void RooflinePlot::updatePoints() {
    // An encoder's or a CNN's one pass sits where prefill does; it has no decode point
    // (decode() is then an empty pass, which is not drawable).
    const PassCost& prefill = m_analysis.primary();
    const PassCost& decode = m_analysis.decode();
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
    m_decodeLabel->position->setCoords(dx, dy);
    m_prefillLabel->setText(tr("%1  %2").arg(phaseName(prefill.kind), pointText(prefill)));
    m_decodeLabel->setText(tr("decode  %1").arg(pointText(decode)));

    QVector<double> specX;
    QVector<double> specY;
    m_verifyLabel->setVisible(false);
    m_draftLabel->setVisible(false);
    for (const PassCost& pass : m_analysis.passes) {
        if (pass.kind != PassKind::Verify && pass.kind != PassKind::Draft) {
            continue;
        }
        const double x = pass.intensity();
        const double y = tflops(pass.attainableFlopsPerSecond);
        if (!drawable(x, y)) {
            continue;
        }
        specX.push_back(x);
        specY.push_back(y);
        if (pass.kind == PassKind::Verify) {
            m_verifyLabel->setVisible(true);
            m_verifyLabel->position->setCoords(x, y);
            m_verifyLabel->setText(tr("verify ×%1 tokens  %2")
                                       .arg(qs(formatInteger(std::llround(pass.newTokens))),
                                            pointText(pass)));
        } else {
            m_draftLabel->setVisible(true);
            m_draftLabel->position->setCoords(x, y);
            m_draftLabel->setText(tr("draft ×%1 steps  %2")
                                      .arg(qs(formatInteger(std::llround(pass.repeats))),
                                           pointText(pass)));
        }
    }
    m_specPoints->setData(specX, specY);

    QVector<double> prefillLinkX;
    QVector<double> prefillLinkY;
    QVector<double> decodeLinkX;
    QVector<double> decodeLinkY;
    if (m_analysis.interconnectBandwidthBytesPerSecond > 0.0) {
        for (const PassCost& pass : m_analysis.passes) {
            const double x = pass.linkIntensity();
            const double y = tflops(pass.attainableFlopsPerSecond);
            if (!(pass.linkBytes > 0.0) || !drawable(x, y)) {
                continue;
            }
            const bool isPrefill = drawnAsPrefill(pass.kind);
            (isPrefill ? prefillLinkX : decodeLinkX).push_back(x);
            (isPrefill ? prefillLinkY : decodeLinkY).push_back(y);
        }
    }
    m_prefillLink->setData(prefillLinkX, prefillLinkY);
    m_decodeLink->setData(decodeLinkX, decodeLinkY);
    placeArrows();
}

void RooflinePlot::setBaseline(const Analysis& baseline, const std::vector<TrailPoint>& trail) {
    m_baselineLayer->setBaseline(baseline, trail);
    m_roofBase = roofKey();
    updateRoofs();  // ghosts included
    placeArrows();
    updateHoverTargets();
    if (m_autoRange) {
        applyAutoRange(false);
    }
    placeLabels();
    refresh(true);
}

bool RooflinePlot::hasBaseline() const { return m_baselineLayer->has(); }

void RooflinePlot::clearBaseline() {
    if (!m_baselineLayer->clear()) {
        return;
    }
    m_roofBase = roofKey();
    updateRoofs();
    placeArrows();
    updateHoverTargets();
    placeLabels();
    refresh(true);
}

void RooflinePlot::setOverlay(const QCPAbstractPlottable* layer, std::vector<QPointF> points,
                              std::function<QString(std::size_t)> tooltip,
                              const PlotLayer* describer) {
    m_overlayLayer = layer;
    m_overlayDescriber = describer;
    m_overlayPoints = std::move(points);
    m_overlayTooltip = std::move(tooltip);
    // The overlay is drawn in the roof layer's cached picture: a new generation redraws it
    // once; slider steps then reuse it. A full replot: its legend entry may have changed.
    ++m_overlayGeneration;
    m_roofs = roofKey();
    updateHoverTargets();
    if (m_autoRange) {
        applyAutoRange(false);
    }
    replot(m_replotPriority);
}

void RooflinePlot::clearOverlay() {
    setOverlay(nullptr, {}, {});
}

void RooflinePlot::setCompareScenarios(const std::vector<CompareEntry>& entries) {
    // The compare labels left out at the last placement are about to go with their layer.
    for (PlotLabel* label : m_dropped) {
        label->setVisible(true);
    }
    m_dropped.clear();
    m_compare->setEntries(entries);
    m_roofs = roofKey();
    updateRoofs();
    if (m_autoRange) {
        resetAutoRange();  // fitted afresh: fewer scenarios may need less room
        applyAutoRange(false);
    }
    // A full replot: the legend (in the backdrop buffer) names the scenarios.
    replot(m_replotPriority);
}

void RooflinePlot::updateBaseline() {
    m_baselineLayer->updateGhosts(m_analysis);
    updateRoofGeometry();
}

void RooflinePlot::placeArrows() { m_baselineLayer->placeArrows(m_analysis); }

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

    m_trailStartLabel->setVisible(first != nullptr);
    m_trailEndLabel->setVisible(last != nullptr && last != first);
    if (first != nullptr) {
        m_trailStartLabel->setText(QStringLiteral("B=%1").arg(qs(formatInteger(first->batch))));
        m_trailStartLabel->position->setCoords(first->intensityFlopsPerByte,
                                               tflops(first->attainableFlopsPerSecond));
    }
    if (last != nullptr) {
        m_trailEndLabel->setText(
            last->fits ? QStringLiteral("B=%1").arg(qs(formatInteger(last->batch)))
                       : tr("B=%1, does not fit in memory").arg(qs(formatInteger(last->batch))));
        m_trailEndLabel->position->setCoords(last->intensityFlopsPerByte,
                                             tflops(last->attainableFlopsPerSecond));
    }

    // The critical batch and the memory wall, at the trail's own points for those batches.
    const auto at = [this](std::optional<std::int64_t> batch) -> const TrailPoint* {
        if (!batch || *batch < 1) {
            return nullptr;
        }
        const auto it = std::find_if(m_trailPoints.begin(), m_trailPoints.end(),
                                     [&](const TrailPoint& p) { return p.batch == *batch; });
        return it != m_trailPoints.end() &&
                       drawable(it->intensityFlopsPerByte, it->attainableFlopsPerSecond)
                   ? &*it
                   : nullptr;
    };
    const auto mark = [](QCPGraph* graph, PlotLabel* label, const TrailPoint* point,
                         const QString& text) {
        label->setVisible(point != nullptr);
        if (point == nullptr) {
            graph->setData(QVector<double>(), QVector<double>(), true);
            return;
        }
        const double px = point->intensityFlopsPerByte;
        const double py = tflops(point->attainableFlopsPerSecond);
        graph->setData(vec({px}), vec({py}), true);
        label->position->setCoords(px, py);
        label->setText(text);
    };
    const TrailPoint* critical = at(m_analysis.criticalBatch);
    mark(m_criticalMark, m_criticalLabel, critical,
         critical != nullptr ? tr("critical B=%1").arg(qs(formatInteger(critical->batch)))
                             : QString());
    // Only where the trail goes on past it (or the point itself would not fit): the trail
    // turns dashed there.
    const TrailPoint* wall = at(m_analysis.memory.maxBatch > 0
                                    ? std::optional<std::int64_t>(m_analysis.memory.maxBatch)
                                    : std::nullopt);
    mark(m_memoryWallMark, m_memoryWallLabel, wall,
         wall != nullptr ? tr("memory full B=%1").arg(qs(formatInteger(wall->batch)))
                         : QString());
    // The end of the trail at the memory wall says so once, not twice.
    if (wall != nullptr && wall == last) {
        m_trailEndLabel->setVisible(false);
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

void RooflinePlot::applyAutoRange(bool includeOperators) {
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
    include(a.prefill().intensity(), tflops(a.prefill().attainableFlopsPerSecond));
    include(a.decode().intensity(), tflops(a.decode().attainableFlopsPerSecond));
    for (const PassCost& pass : a.passes) {
        include(pass.intensity(), tflops(pass.attainableFlopsPerSecond));
        if (a.interconnectBandwidthBytesPerSecond > 0.0 && pass.linkBytes > 0.0) {
            include(pass.linkIntensity(), tflops(pass.attainableFlopsPerSecond));
        }
    }
    for (const TrailPoint& p : m_trailPoints) {
        include(p.intensityFlopsPerByte, tflops(p.attainableFlopsPerSecond));
    }
    for (const QPointF& p : m_baselineLayer->extent(peakMax)) {
        include(p.x(), p.y());
    }
    if (m_overlayLayer != nullptr) {
        for (const QPointF& p : m_overlayPoints) {
            include(p.x(), p.y());
        }
    }
    for (const QPointF& p : m_compare->extent(peakMax)) {
        include(p.x(), p.y());
    }
    for (const RoofGroup& g : m_roofGroups) {
        include(g.ridge, tflops(g.peak));
        peakMax = std::max(peakMax, tflops(g.peak));
    }
    if (includeOperators && m_operatorsVisible) {
        for (const QPointF& p : m_operators->extent()) {
            include(p.x(), p.y());
        }
    }
    if (!(xMax > 0.0) || !(peakMax > 0.0)) {
        return;  // nothing analysed yet
    }
    // Decade-rounded ends, and a view that only grows until resetAutoRange(): the axes stay
    // still while a slider moves the points.
    double left = floorDecade(xMin / 2.0);
    double right = ceilDecade(xMax * 2.0);
    double bottom =
        std::min(floorDecade(std::min(yMin, left * tflops(a.memoryBandwidthBytesPerSecond)) / 2.0),
                 peakMax * 0.3);
    double top = peakMax * 3.0;
    if (m_grownRange) {
        left = std::min(left, m_grownX.lower);
        right = std::max(right, m_grownX.upper);
        bottom = std::min(bottom, m_grownY.lower);
        top = std::max(top, m_grownY.upper);
    }
    m_grownX = QCPRange(left, right);
    m_grownY = QCPRange(bottom, top);
    m_grownRange = true;
    m_settingRange = true;
    xAxis->setRange(m_grownX);
    yAxis->setRange(m_grownY);
    m_settingRange = false;
}

void RooflinePlot::resetAutoRange() { m_grownRange = false; }

void RooflinePlot::resetView() {
    m_autoRange = true;
    m_grownRange = false;
    applyAutoRange(true);
    replot(m_replotPriority);
}

void RooflinePlot::updateRoofGeometry() {
    // Every roof is drawn from exact vertices: the ridge corners are data points, and the
    // lines end at the edges of the current view (strokes far outside it, antialiased or
    // dashed, would cost time on every replot).
    const Analysis& a = m_analysis;
    const double bandwidth = a.memoryBandwidthBytesPerSecond;
    const double peak = a.peakFlopsPerSecond;
    const double ridge = a.ridgePointFlopsPerByte;
    const QCPRange view = xAxis->range();
    const double left = std::min(view.lower, ridge) / 1.01;
    const double right = std::max(view.upper, ridge) * 1.01;

    m_roofInUse->setData(vec({left, ridge, right}),
                         vec({tflops(left * bandwidth), tflops(peak), tflops(peak)}), true);

    double highestRidge = ridge;
    double highestPeak = peak;
    std::size_t other = 0;
    for (const RoofGroup& g : m_roofGroups) {
        if (g.inUse || other >= m_otherRoofGraphs.size()) {
            continue;
        }
        QCPGraph* graph = m_otherRoofGraphs[other++];
        graph->setVisible(true);
        graph->setData(vec({g.ridge, std::max(right, g.ridge)}),
                       vec({tflops(g.peak), tflops(g.peak)}), true);
        if (g.peak > highestPeak) {
            highestPeak = g.peak;
            highestRidge = g.ridge;
        }
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

    m_compare->updateRoofs(a, left, right);

    const double link = a.interconnectBandwidthBytesPerSecond;
    if (link > 0.0) {
        const double linkLeft = std::min(left, peak / link / 1.01);
        m_interconnectRoof->setData(vec({linkLeft, peak / link}),
                                    vec({tflops(linkLeft * link), tflops(peak)}), true);
    } else {
        m_interconnectRoof->data()->clear();
    }
    const QCPRange xr = xAxis->range();
    const QCPRange yr = yAxis->range();
    m_baselineLayer->updateRoof(left, right, xr, yr);
    for (QCPGraph* roof : {m_roofInUse, m_slopeExtension, m_interconnectRoof}) {
        clipToView(roof, xr, yr);
    }
    for (QCPGraph* roof : m_otherRoofGraphs) {
        clipToView(roof, xr, yr);
    }
}

void RooflinePlot::updateViewGeometry() {
    for (PlotLabel* label : m_dropped) {  // dropped for want of room: try again
        label->setVisible(true);
    }
    m_dropped.clear();
    updateRoofGeometry();
    placeArrows();
    placeLabels();
    // (The compare scenarios' labels are placed with the others: compare_layer.h.)
    CompositeBuffer* composite = compositeBuffer();
    if (mReplotting && composite != nullptr) {
        // A full replot is about to draw the roof layer: its picture shows these labels.
        // (On a step, refresh() switches to the picture of m_roofs instead.)
        composite->setRoofs(m_roofs);
    }
}

void RooflinePlot::setOperatorsVisible(bool visible) {
    if (visible == m_operatorsVisible) {
        return;
    }
    m_operatorsVisible = visible;
    m_operators->setShown(visible);
    fitLegend();
    if (m_autoRange) {
        applyAutoRange(true);
    }
    replot(m_replotPriority);
}

void RooflinePlot::setPresentationMode(bool on) {
    if (on == m_presentation) {
        return;
    }
    m_presentation = on;
    m_palette =
        on ? PlotPalette::highContrastVariant(m_palette.dark) : PlotPalette::forSystem(palette());
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

void RooflinePlot::resizeEvent(QResizeEvent* event) {
    fitLegend();
    QCustomPlot::resizeEvent(event);
}

void RooflinePlot::fitLegend() {
    // The legend's entries in one row under the plot while they fit, else in as many
    // columns as do: at 1024×700 one row was cut off ("pref", issue 12).
    const int available = width() - 20;
    int total = 0;
    int widest = 1;
    int items = 0;
    for (int i = 0; i < legend->elementCount(); ++i) {
        const QCPLayoutElement* item = legend->elementAt(i);
        if (item == nullptr) {
            continue;  // a cell left empty by removeFromLegend()
        }
        ++items;
        const int w = item->minimumOuterSizeHint().width() + legend->columnSpacing();
        total += w;
        widest = std::max(widest, w);
    }
    const int columns =
        total <= available ? std::max(1, items) : std::max(1, available / widest);
    legend->setWrap(columns);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);  // rearranged, gaps closed
}

void RooflinePlot::paintEvent(QPaintEvent* event) {
    // QCustomPlot::paintEvent would fill the background and blend all buffers. The
    // composite buffer already holds the backdrop under the roofs and is opaque: one copy,
    // then the data drawn over it (plot_buffers.h, direct_items.h).
    QCPPainter painter(this);
    if (!painter.isActive()) {
        return;
    }
    if (compositeBuffer() != nullptr) {
        painter.setCompositionMode(QPainter::CompositionMode_Source);
        mPaintBuffers[1]->draw(&painter);
        painter.setCompositionMode(QPainter::CompositionMode_SourceOver);
    } else {  // before the first replot has set the buffers up
        for (const QSharedPointer<QCPAbstractPaintBuffer>& buffer : mPaintBuffers) {
            buffer->draw(&painter);
        }
    }
    drawDirectItems(&painter);
    // Inside the painted region the screen now shows the current marks; outside it, what it
    // showed before.
    const QRegion& exposed = event->region();
    m_shown = m_shown.subtracted(exposed).united(directFootprint().intersected(exposed));
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
    for (const PlotLabel* label : m_roofLabelItems) {
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
                .arg(qs(std::string(toString(pass.kind))),
                     qs(formatNumber(pass.linkIntensity())),
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
