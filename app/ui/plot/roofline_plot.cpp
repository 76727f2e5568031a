// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline_plot.h"

#include <algorithm>

#include <QLocale>

#include "model/plot_tooltip.h"
#include "plot/baseline_layer.h"
#include "plot/direct_items.h"
#include "plot/operator_layer.h"
#include "plot/plot_hover.h"
#include "plot/plot_interactions.h"
#include "plot/plot_picture.h"
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

    // The plot's layers (plot_layer.h), in drawing order within the roof layer's picture:
    // the roofs and regions (roof_layer.h); compare mode's pinned baseline, its roof, trail
    // and points hollow and faded (roofKey() counts baselines; its arrows go with the data);
    // the compare scenarios. Then the data, drawn directly: the operators, the passes'
    // points and the trail (points_layer.h), the baseline's arrows.
    m_roof = std::make_unique<RoofLayer>(m_plot, m_roofLayer);
    m_baselineLayer = std::make_unique<BaselineLayer>(m_plot, m_roofLayer);
    m_compare = std::make_unique<CompareLayer>(m_plot, m_roofLayer);
    m_operators = std::make_unique<OperatorLayer>(m_plot->xAxis, m_plot->yAxis);
    // The estimate's marks under the points: at the bound, the bound's point stays on top.
    m_estimate = std::make_unique<EstimateLayer>(m_plot);
    m_points = std::make_unique<PointsLayer>(m_plot);
    // A leader line from a point to its name, when the name had to move away from it
    // (label_layer.h); drawn under the labels and marks.
    std::vector<PlotLabel*> movable = m_points->pointNames();
    movable.push_back(m_baselineLayer->prefillArrow().label);
    movable.push_back(m_baselineLayer->decodeArrow().label);
    for (PlotLabel* label : m_points->trailNames()) {
        movable.push_back(label);
    }
    m_labels = std::make_unique<LabelLayer>(m_plot, movable);
    for (const std::vector<DirectItem*>& items :
         {m_labels->directItems(), m_operators->directItems(), m_estimate->directItems(),
          m_points->directItems(), m_baselineLayer->directItems()}) {
        m_direct.insert(m_direct.end(), items.begin(), items.end());
    }
    m_hover = std::make_unique<HoverTooltip>(HoverTooltip::Sources{
        m_plot->xAxis, m_plot->yAxis, &m_analysis, &m_trailPoints, m_operators.get(),
        m_points.get(), m_roof.get(), m_baselineLayer.get(), m_compare.get(), m_estimate.get()});

    // The legend goes under the axis rect, in one row, so it never covers a point.
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    auto* legendRow = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(1, 0, legendRow);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    legendRow->setMargins(QMargins(5, 0, 5, 5));
    legendRow->addElement(0, 0, m_plot->legend);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setVisible(true);
    m_points->prefillPoint()->addToLegend();
    m_points->decodePoint()->addToLegend();
    m_points->trailCurve()->addToLegend();
}

void RooflinePlot::setAnalysis(const Analysis& analysis, const std::vector<TrailPoint>& trail) {
    m_analysis = analysis;
    m_trailPoints = trail;
    m_labels->showDropped();  // the data decides again what is shown
    // Roofs, ridge, tints and their labels follow the chip, the compute precision and
    // tensor parallelism, not batch or sequence length: rebuilt only when they change.
    bool roofsChanged = m_roof->setRoofs(m_analysis);
    if (roofsChanged) {
        updateBaseline();  // the ghosts may repeat the current roof
    }
    m_operators->setOperators(m_analysis);
    const PointsLayer::Changes points = m_points->setData(m_analysis, m_trailPoints);
    const bool estimateLegend = m_estimate->setData(m_analysis);
    placeArrows();  // the speed-ups follow the passes' times too
    if (points.legend || estimateLegend) {
        m_fullPending = true;  // the legend is in the backdrop, its layout may change
        fitLegend();           // and it may need another column
    }
    m_hover->update();
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

void RooflinePlot::setTrailFollowsPoint(bool follows) {
    if (follows == m_points->trailFollowsPoint()) {
        return;
    }
    m_points->setTrailFollowsPoint(follows);
    if (m_points->updates() > 0) {  // an analysis is drawn: draw it again, its trail changed
        const Analysis analysis = m_analysis;
        const std::vector<TrailPoint> trail = m_trailPoints;
        setAnalysis(analysis, trail);
    }
}

RooflinePlot::ViewKey RooflinePlot::viewKey() const {
    return {m_plot->xAxis->range(), m_plot->yAxis->range(), m_operatorsVisible, width(), height()};
}

std::vector<double> RooflinePlot::roofKey() const {
    std::vector<double> key = m_roof->key();
    // The baseline's ghosts, the overlay and the compare scenarios are drawn in the same
    // picture.
    key.push_back(static_cast<double>(m_baselineLayer->generation()));
    key.push_back(static_cast<double>(m_overlayGeneration));
    key.push_back(static_cast<double>(m_compare->generation()));
    return key;
}

std::vector<double> RooflinePlot::roofBase() const {
    std::vector<double> key = roofKey();
    key.push_back(static_cast<double>(m_hiddenLabels));  // masked labels draw nothing
    return key;
}

void RooflinePlot::updateRoofs() {
    m_roof->setRoofs(m_analysis);
    updateBaseline();
}

void RooflinePlot::setBaseline(const Analysis& baseline, const std::vector<TrailPoint>& trail) {
    m_baselineLayer->setBaseline(baseline, trail);
    updateRoofs();  // ghosts included
    placeArrows();
    m_hover->update();
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
    updateRoofs();
    placeArrows();
    m_hover->update();
    placeLabels();
    refresh(true);
}

void RooflinePlot::setOverlay(const QCPAbstractPlottable* layer, std::vector<QPointF> points,
                              std::function<QString(std::size_t)> tooltip,
                              const PlotLayer* describer) {
    m_overlayLayer = layer;
    m_overlayDescriber = describer;
    m_overlayPoints = points;
    m_hover->setOverlay(layer, std::move(points), std::move(tooltip));
    // The overlay is drawn in the roof layer's cached picture: a new generation redraws it
    // once; slider steps then reuse it. A full replot: its legend entry may have changed.
    ++m_overlayGeneration;
    m_roofPicture = roofKey();
    m_hover->update();
    if (m_autoRange) {
        applyAutoRange(false);
    }
    replot(m_replotPriority);
}

void RooflinePlot::clearOverlay() { setOverlay(nullptr, {}, {}); }

void RooflinePlot::setCompareScenarios(const std::vector<CompareEntry>& entries) {
    // The compare labels left out at the last placement are about to go with their layer.
    m_labels->showDropped();
    m_compare->setEntries(entries);
    m_roofPicture = roofKey();
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
    if (m_baselineLayer->updateLegend()) {
        m_fullPending = true;  // the legend is in the backdrop, its layout changes
        fitLegend();
    }
    updateRoofGeometry();
}

void RooflinePlot::updateRoofGeometry() {
    const QCPRange x = m_plot->xAxis->range();
    const QCPRange y = m_plot->yAxis->range();
    m_roof->fitToView(x, y);
    m_compare->updateRoofs(m_analysis, m_roof->left(), m_roof->right());
    m_baselineLayer->updateRoof(m_roof->left(), m_roof->right(), x, y);
}

void RooflinePlot::placeArrows() { m_baselineLayer->placeArrows(m_analysis); }

void RooflinePlot::setOperatorLevelsVisible(bool visible) {
    if (visible == m_operators->levelsShown()) {
        return;
    }
    m_operators->setLevelsShown(visible);
    fitLegend();
    if (m_autoRange) {
        applyAutoRange(true);
    }
    replot(m_replotPriority);
}

bool RooflinePlot::operatorLevelsVisible() const { return m_operators->levelsShown(); }

void RooflinePlot::setLabelsHidden(unsigned groups) {
    if (groups == m_hiddenLabels) {
        return;
    }
    m_hiddenLabels = groups;
    m_labels->showDropped();  // the labels that come back take their room again
    placeLabels();
    refresh(true);  // the roof layer's picture holds its labels
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

}  // namespace roofline::ui
