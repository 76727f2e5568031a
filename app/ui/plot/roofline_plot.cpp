// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline_plot.h"

#include <algorithm>

#include <QLocale>

#include "plot/baseline_layer.h"
#include "plot/direct_items.h"
#include "plot/operator_layer.h"
#include "plot/plot_interactions.h"
#include "plot/plot_picture.h"
#include "plot/plot_tooltip.h"
#include "roofline/format.h"

namespace roofline::ui {
namespace {

constexpr int kOperatorFitDelayMs = 300;

}  // namespace

RooflinePlot::RooflinePlot(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
    // The QCustomPlot is the scene's model and painter, never a widget on screen: this
    // widget paints its picture and takes the mouse.
    m_plot->hide();
    m_plot->installEventFilter(this);
    m_plot->setObjectName(QStringLiteral("rooflineCustomPlot"));
    m_palette = PlotPalette::forSystem(palette());
    m_plot->setNoAntialiasingOnDrag(true);
    m_plot->setAutoAddPlottableToLegend(false);
    setMinimumSize(320, 240);
    setMouseTracking(true);
    // QCustomPlot writes tick labels in the widget's locale, by default the user's: "0,01"
    // under de_DE. Like every other number (roofline/format.h), they use '.' whatever it is.
    QLocale numbers = QLocale::c();
    numbers.setNumberOptions(QLocale::OmitGroupSeparator);
    m_plot->setLocale(numbers);
    createLayers();
    m_view =
        std::make_unique<ViewInteraction>(m_plot, [this] { replot(QCustomPlot::rpQueuedReplot); });
    applyStyle();

    // A range change the plot did not make itself is the user's zoom or drag: from then on
    // the view stays where the user put it, until View > Reset view.
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        connect(axis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this, axis] {
            if (!m_settingRange) {
                m_autoRange = false;
                keepInLimits(axis);
            }
        });
    }
    // Every layout (a full redraw, an export at another size) places the labels; the
    // roof pass of the static picture lays out again at the same size and places none.
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        if (m_picture == nullptr || !m_picture->drawingRoofs()) {
            updateViewGeometry();
        }
    });
    m_picture = std::make_unique<StaticPicture>(m_plot, m_roofLayer);  // after that slot
    m_operatorFit.setSingleShot(true);
    m_operatorFit.setInterval(kOperatorFitDelayMs);
    connect(&m_operatorFit, &QTimer::timeout, this, &RooflinePlot::fitOperators);
    m_queuedReplot.setSingleShot(true);
    m_queuedReplot.setInterval(0);
    connect(&m_queuedReplot, &QTimer::timeout, this, [this] {
        if (m_fullPending) {
            renderAll();
            update();
        }
    });

    // paintEvent covers the whole widget, so Qt need not paint the parent first.
    setAttribute(Qt::WA_OpaquePaintEvent);
    // Solid polylines (roofs, trail) drawn in one call, not segment by segment.
    m_plot->setPlottingHint(QCP::phFastPolylines);
}

RooflinePlot::~RooflinePlot() = default;

PlotLabel* RooflinePlot::addText(Qt::Alignment alignment, PlotLabel* text) {
    text = text != nullptr ? text : new PlotLabel(m_plot);
    text->setPositionAlignment(alignment);
    text->setClipToAxisRect(true);
    text->setSelectable(false);
    return text;
}

template <class Item>
Item* RooflinePlot::direct(Direct<Item>* item) {
    item->setLayer(static_cast<QCPLayer*>(nullptr));  // drawn by paintEvent and toPainter()
    m_direct.push_back(item);
    return item;
}

PlotLabel* RooflinePlot::directText() { return direct(new Direct<PlotLabel>(m_plot)); }

void RooflinePlot::createLayers() {
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
        ticker->setLogBase(10);
        ticker->setSubTickCount(8);
        axis->setTicker(ticker);
        axis->setNumberFormat(QStringLiteral("g"));
        axis->setNumberPrecision(6);
        axis->grid()->setSubGridVisible(true);
    }
    m_plot->xAxis->setLabel(tr("Arithmetic intensity (FLOP/byte)"));
    m_plot->yAxis->setLabel(tr("Attainable performance (TFLOP/s)"));
    m_plot->xAxis2->setVisible(false);
    m_plot->yAxis2->setVisible(false);

    // Layers, bottom to top, drawn into the static picture (plot_picture.h) so that a slider
    // step redraws only what it changed:
    //   the backdrop: background, grid, axes, legend — when the view changes;
    //   "roofs", the roof layer: region tints, roofs, ridge and their labels, the ghosts,
    //   compare scenarios and measured results — when the roofs do;
    // then, on no layer, the data: phase points, trail, operators and their labels, drawn
    // straight onto the widget on every paint (direct_items.h).
    // The tints are translucent and lie over the grid, which shows through them.
    m_plot->moveLayer(m_plot->layer(QStringLiteral("axes")), m_plot->layer(QStringLiteral("grid")),
                      QCustomPlot::limAbove);
    m_plot->moveLayer(m_plot->layer(QStringLiteral("legend")),
                      m_plot->layer(QStringLiteral("axes")), QCustomPlot::limAbove);
    m_plot->removeLayer(
        m_plot->layer(QStringLiteral("overlay")));  // unused; its buffer would cost a blend
    // (Not "main": QCustomPlot's own layout is on it, and a hidden "main" hides everything.)
    m_plot->addLayer(QStringLiteral("roofs"), m_plot->layer(QStringLiteral("main")),
                     QCustomPlot::limAbove);
    m_roofLayer = m_plot->layer(QStringLiteral("roofs"));
    m_plot->setCurrentLayer(m_roofLayer);

    m_memoryRegion = new TintRect(m_plot);
    m_computeRegion = new TintRect(m_plot);
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

    m_interconnectRoof = m_plot->addGraph();
    m_interconnectLabel = addText(Qt::AlignHCenter | Qt::AlignBottom);
    m_interconnectLabel->setPadding(QMargins(0, 0, 0, 6));
    m_slopeExtension = m_plot->addGraph();
    for (std::size_t i = 0; i < kPrecisionCount; ++i) {
        m_otherRoofGraphs.push_back(m_plot->addGraph());
        m_roofLabelItems.push_back(addText(Qt::AlignRight | Qt::AlignBottom));
    }
    m_roofInUse = m_plot->addGraph();
    m_hbmLabel = addText(Qt::AlignHCenter | Qt::AlignBottom);
    m_hbmLabel->setPadding(QMargins(0, 0, 0, 6));

    // The ridge: a marker on the corner, a dotted drop line to the x axis, and its value at
    // the foot of that line, where no point or roof label ever sits.
    m_ridgeDrop = new QCPItemLine(m_plot);
    m_ridgeDrop->setSelectable(false);
    m_ridgeDrop->setClipToAxisRect(true);
    m_ridgeDrop->end->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_ridgeMarker = m_plot->addGraph();
    m_ridgeLabel = addText(Qt::AlignLeft | Qt::AlignBottom);
    m_ridgeLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_ridgeLabel->setPadding(QMargins(6, 0, 0, 4));

    // Compare mode: the pinned baseline's roof, trail and points, hollow and faded, in the
    // roof layer's cached picture (roofKey() counts baselines); its arrows with the data.
    m_baselineLayer = std::make_unique<BaselineLayer>(m_plot, m_roofLayer);

    // Compare scenarios: in the roof layer's picture too, for the same reason.
    m_compare = std::make_unique<CompareLayer>(m_plot, m_roofLayer);

    m_operators = std::make_unique<OperatorLayer>(m_plot->xAxis, m_plot->yAxis);
    for (DirectItem* item : m_operators->directItems()) {
        m_direct.push_back(item);
    }

    m_trail = direct(new Direct<QCPCurve>(m_plot->xAxis, m_plot->yAxis));
    m_trailBeyond = direct(new Direct<QCPCurve>(m_plot->xAxis, m_plot->yAxis));
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
    m_criticalMark = direct(new Direct<QCPGraph>(m_plot->xAxis, m_plot->yAxis));
    m_criticalMark->setName(tr("critical batch"));
    m_memoryWallMark = direct(new Direct<QCPGraph>(m_plot->xAxis, m_plot->yAxis));
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

    m_prefillPoint = direct(new Direct<QCPGraph>(m_plot->xAxis, m_plot->yAxis));
    m_decodePoint = direct(new Direct<QCPGraph>(m_plot->xAxis, m_plot->yAxis));
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
    m_specPoints = direct(new Direct<QCPGraph>(m_plot->xAxis, m_plot->yAxis));
    m_specPoints->setName(tr("speculative passes"));
    m_specPoints->setLineStyle(QCPGraph::lsNone);
    // With tensor parallelism, each phase again at its own link intensity (FLOPs per byte
    // sent over the interconnect), to be read against the interconnect roof.
    m_prefillLink = direct(new Direct<QCPGraph>(m_plot->xAxis, m_plot->yAxis));
    m_decodeLink = direct(new Direct<QCPGraph>(m_plot->xAxis, m_plot->yAxis));
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
        auto* line = direct(new Direct<QCPItemLine>(m_plot));
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
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    auto* legendRow = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(1, 0, legendRow);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    legendRow->setMargins(QMargins(5, 0, 5, 5));
    legendRow->addElement(0, 0, m_plot->legend);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setVisible(true);
    m_prefillPoint->addToLegend();
    m_decodePoint->addToLegend();
    m_trail->addToLegend();
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
        m_fullPending = true;  // the legend is in the backdrop, its layout may change
    }
    // With tensor parallelism each pass is drawn again at its link intensity, as a hollow
    // square in its colour: one legend entry says what the squares are, while there are any.
    QCPGraph* linkEntry = m_analysis.hasDecode() ? m_decodeLink : m_prefillLink;
    const bool links = !m_prefillLink->data()->isEmpty() || !m_decodeLink->data()->isEmpty();
    if (links != m_plot->legend->hasItemWithPlottable(linkEntry) || (links && legendChanged)) {
        m_prefillLink->removeFromLegend();
        m_decodeLink->removeFromLegend();
        if (links) {
            linkEntry->addToLegend();  // last, after the trail
        }
        m_fullPending = true;
    }
    if (m_autoRange) {
        // PassKind points, trail and roofs are always in view at once; operator points only
        // once the sliders rest, so that the axes do not rescale under a dragging hand.
        applyAutoRange(false);
        if (m_operatorsVisible) {
            m_operatorFit.start();
        }
    }
    if (roofsChanged || !(m_plot->xAxis->range() == m_replottedView.x) ||
        !(m_plot->yAxis->range() == m_replottedView.y)) {
        updateRoofGeometry();  // the roofs end at the edges of this view
    }
    // The roof layer's labels step aside when a point comes onto them: that layer's picture
    // then changes too.
    roofsChanged = placeLabels() || roofsChanged;
    refresh(roofsChanged);
}

RooflinePlot::ViewKey RooflinePlot::viewKey() const {
    return {m_plot->xAxis->range(), m_plot->yAxis->range(), m_operatorsVisible, width(), height()};
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

void RooflinePlot::clearOverlay() { setOverlay(nullptr, {}, {}); }

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

}  // namespace roofline::ui
