// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/regime_map_view.h"

#include <cmath>

#include <QToolTip>
#include <QVBoxLayout>

#include "model/plot_tooltip.h"
#include "model/scenario_controller.h"
#include "roofline/format.h"
#include "roofline/view_csv.h"
#include "views/csv_export.h"
#include "views/no_decode_notice.h"
#include "views/view_style.h"

namespace roofline::ui {
namespace {

constexpr std::int64_t kMinContext = 16;

// The colour map's value of a cell: segment 2·bound + (fits ? 0 : 1) of [0, 6), and within
// it the shade. The shade keeps clear of the segment's ends (0.02 … 0.98) so that the
// gradient's quantised levels never take a neighbouring segment's colour.
constexpr double kSegments = 6.0;
constexpr int kLevels = 600;

double segmentOf(Bound bound, bool fits) {
    return 2.0 * static_cast<double>(static_cast<int>(bound)) + (fits ? 0.0 : 1.0);
}

// Where the cell's tokens/s lies between the grid's least and most, on a log scale: the
// colour scale of the shading, not an engine quantity.
double shadeOf(double tokens, double lo, double hi) {
    if (!(hi > lo) || !(tokens > 0.0)) {
        return 1.0;
    }
    return std::clamp(std::log(tokens / lo) / std::log(hi / lo), 0.0, 1.0);
}

QCPColorGradient regimeGradient(const PlotPalette& p) {
    QMap<double, QColor> stops;
    const QColor grey = p.dark ? QColor(90, 90, 90) : QColor(170, 170, 170);
    for (const Bound bound : {Bound::Memory, Bound::Compute, Bound::Interconnect}) {
        for (const bool fits : {true, false}) {
            QColor hue = boundColor(p, bound);
            if (!fits) {
                hue = mixColor(hue, grey, 0.65);
            }
            // Few tokens/s: pale, toward the background; many: the full hue, a little darker.
            const QColor pale = mixColor(hue, p.background, 0.82);
            const QColor deep = mixColor(hue, p.dark ? QColor(255, 255, 255) : QColor(0, 0, 0),
                                         p.dark ? 0.1 : 0.25);
            const double from = segmentOf(bound, fits) / kSegments;
            stops.insert(from, pale);
            stops.insert(from + 1.0 / kSegments - 1e-4, deep);
        }
    }
    QCPColorGradient gradient;
    gradient.setColorInterpolation(QCPColorGradient::ciRGB);
    gradient.setLevelCount(kLevels);
    gradient.setColorStops(stops);
    return gradient;
}

}  // namespace

/// The map's cells, written in one pass over QCustomPlot's own array (setCell() checks the
/// indices and widens the data bounds on every call: a third of the fill). Its layout,
/// value index × key size + key index, is the grid's: cells[j · batches + i].
class RegimeCells : public QCPColorMapData {
public:
    using QCPColorMapData::QCPColorMapData;
    double* writableCells() {
        mDataModified = true;  // the map image is regenerated at the next replot
        return mData;
    }
};

namespace {

QString tokensText(double tokens) { return qs(formatNumber(tokens)) + QStringLiteral(" tok/s"); }

}  // namespace

RegimeMapView::RegimeMapView(ScenarioDocument& document, QWidget* parent)
    : LiveView(document, parent), m_worker(this, [this](GridResult&& result) {
          if (m_requested && *m_requested == result.key) {
              m_requested.reset();  // the latest is in; an older one is shown meanwhile
          }
          install(std::move(result));
      }) {
    setObjectName(QStringLiteral("regimeMapView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_plot = new QCustomPlot(this);
    // An explicit minimum: QCustomPlot's own hint is its layout's, wide enough with several
    // axis rects to push the window past the screen when the views sit side by side.
    m_plot->setMinimumSize(240, 160);
    m_plot->setObjectName(QStringLiteral("regimeMapPlot"));
    // Brought up to date first, so that the file holds what the view draws for this scenario.
    addCsvExportAction(m_plot, QStringLiteral("regime_grid.csv"), [this] {
        refresh();
        return regimeGridCsv(m_grid);
    });
    m_plot->setMouseTracking(true);
    layout->addWidget(m_plot);

    m_title = new FittedTitle(m_plot);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, m_title);

    makeLogAxis(m_plot->xAxis, numberTick);
    makeLogAxis(m_plot->yAxis, numberTick);
    m_plot->xAxis->setLabel(tr("Batch B (sequences)"));
    m_plot->yAxis->setLabel(tr("Context C (tokens)"));

    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setInterpolate(false);  // cells keep their bound's hue: no blending at edges
    m_map->setTightBoundary(false);
    m_map->setDataRange(QCPRange(0.0, kSegments));
    m_cells = new RegimeCells(1, 1, QCPRange(1.0, 2.0), QCPRange(1.0, 2.0));
    m_map->setData(m_cells);  // owned by the map
    m_map->removeFromLegend();
    m_outOfMemory = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
    m_outOfMemory->setName(tr("does not fit in memory"));
    m_wall = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
    m_wall->setName(tr("memory wall"));
    m_critical = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
    m_critical->setName(tr("critical batch"));
    m_goldilocks = new QCPCurve(m_plot->xAxis, m_plot->yAxis);
    m_goldilocks->setName(tr("Goldilocks context"));
    // The marker on a layer of its own with its own paint buffer: a batch or context step
    // redraws that buffer alone, not the map under it.
    m_plot->removeLayer(m_plot->layer(QStringLiteral("overlay")));  // unused: a blend less
    m_plot->addLayer(QStringLiteral("marker"), m_plot->layer(QStringLiteral("legend")),
                     QCustomPlot::limAbove);
    m_markerLayer = m_plot->layer(QStringLiteral("marker"));
    m_markerLayer->setMode(QCPLayer::lmBuffered);
    m_plot->setCurrentLayer(QStringLiteral("main"));
    // The map, its curves and the title ("main") in a buffer of their own too: a new grid
    // redraws that buffer, not the axes, grid lines and legend around it.
    m_plot->layer(QStringLiteral("main"))->setMode(QCPLayer::lmBuffered);
    m_marker = new QCPGraph(m_plot->xAxis, m_plot->yAxis);
    m_marker->setLayer(m_markerLayer);
    m_marker->setName(tr("this scenario"));
    m_marker->setLineStyle(QCPGraph::lsNone);
    m_outOfMemory->setName(tr("does not fit (beyond the memory wall)"));
    // Swatches for the legend: bars without data, one per bound.
    m_legendMemory = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_legendMemory->setName(tr("memory-bound"));
    m_legendCompute = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_legendCompute->setName(tr("compute-bound"));
    m_legendInterconnect = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_legendInterconnect->setName(tr("interconnect-bound"));
    // What the legend writes in a narrow column (--view all), before eliding.
    setShortLegendName(m_outOfMemory, tr("no fit"));
    setShortLegendName(m_wall, tr("wall"));
    setShortLegendName(m_critical, tr("critical B"));
    setShortLegendName(m_goldilocks, tr("Goldilocks"));
    setShortLegendName(m_marker, tr("now"));
    setShortLegendName(m_legendMemory, tr("memory"));
    setShortLegendName(m_legendCompute, tr("compute"));
    setShortLegendName(m_legendInterconnect, tr("link"));
    for (QCPAbstractPlottable* p : std::initializer_list<QCPAbstractPlottable*>{
             m_map, m_outOfMemory, m_wall, m_critical, m_goldilocks, m_marker, m_legendMemory,
             m_legendCompute, m_legendInterconnect}) {
        p->setSelectable(QCP::stNone);
    }
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    auto* legendRow = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(2, 0, legendRow);
    m_plot->plotLayout()->setRowStretchFactor(2, 0.001);
    legendRow->setMargins(QMargins(5, 0, 5, 5));
    legendRow->addElement(0, 0, m_plot->legend);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    // Up to seven entries: two rows of four, so that each keeps a word's room when the view
    // shares the window's width with others (--view all).
    m_plot->legend->setWrap(4);
    m_plot->legend->setVisible(true);
    fillLegend(false);

    connect(m_plot, &QCustomPlot::mouseMove, this, &RegimeMapView::onMouseMove);
    connect(m_plot, &QCustomPlot::mousePress, this, &RegimeMapView::onMousePress);
    m_palette = viewPalette(*this);
    applyStyle();
}

void RegimeMapView::fillLegend(bool interconnect) {
    // Bounds first (the interconnect only where a cell is link-bound), then the marks.
    m_interconnectInLegend = interconnect;
    m_plot->legend->clearItems();
    for (QCPAbstractPlottable* p : std::initializer_list<QCPAbstractPlottable*>{
             m_legendMemory, m_legendCompute, m_legendInterconnect, m_outOfMemory, m_critical,
             m_goldilocks, m_marker}) {
        if (p != m_legendInterconnect || interconnect) {
            addElidedToLegend(*m_plot->legend, p);
        }
    }
}

void RegimeMapView::applyStyle() {
    const PlotPalette& p = m_palette;
    styleAxes(*m_plot, p, font());
    m_map->setGradient(regimeGradient(p));
    const QColor hatch = p.warning;
    m_outOfMemory->setPen(Qt::NoPen);
    // A hatched fill antialiased costs several ms a frame over half the map; its diagonal
    // pattern is pixel-aligned anyway.
    m_outOfMemory->setAntialiasedFill(false);
    m_outOfMemory->setBrush(QBrush(hatch, Qt::BDiagPattern));
    m_wall->setPen(QPen(hatch, 2.0));
    m_critical->setPen(QPen(p.foreground, 2.0));
    m_goldilocks->setPen(QPen(p.foreground, 2.0, Qt::DashLine));
    m_marker->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCrossCircle, QPen(p.foreground, 2.0), p.background, 14));
    m_legendMemory->setBrush(boundColor(p, Bound::Memory));
    m_legendCompute->setBrush(boundColor(p, Bound::Compute));
    m_legendInterconnect->setBrush(boundColor(p, Bound::Interconnect));
    for (QCPBars* bars : {m_legendMemory, m_legendCompute, m_legendInterconnect}) {
        bars->setPen(Qt::NoPen);
    }
}

void RegimeMapView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        m_palette = viewPalette(*this);
        applyStyle();
        m_plot->replot(m_priority);
    }
}

RegimeMapView::GridKey RegimeMapView::gridKey() const {
    const ScenarioController& c = controller();
    GridKey key{c.scenarioFile(), {}};
    key.file.workload.batch = 0;  // the grid spans batch and context: neither changes it
    key.file.workload.contextTokens = 0;
    key.spec.minBatch = kMinBatch;
    key.spec.maxBatch = kMaxSliderBatch;
    key.spec.minContext = kMinContext;
    key.spec.maxContext =
        std::max(kMinContext + 1, std::min(c.maxContextTokens(), c.maxSequenceLength() - 1));
    return key;
}

void RegimeMapView::refresh() {
    m_dirty = false;
    m_worker.discard();  // what is drawn now is newer than anything it computes
    m_requested.reset();
    if (showNoDecodeNotice(*m_plot, m_notice, controller().analysis(), "regime map")) {
        m_gridKey.reset();  // rebuilt when a model with a decode step comes back
        return;
    }
    GridKey key = gridKey();
    if (m_gridKey && *m_gridKey == key) {
        updateMarker();
        replotMarker();
        return;
    }
    GridResult result{std::move(key), {}};
    computeRegimeGrid(controller().scenario(), result.key.spec, result.grid);
    install(std::move(result));
}

void RegimeMapView::followScenario() {
    m_dirty = false;
    if (showNoDecodeNotice(*m_plot, m_notice, controller().analysis(), "regime map")) {
        m_worker.discard();
        m_requested.reset();
        m_gridKey.reset();
        return;
    }
    GridKey key = gridKey();
    const bool shown = m_gridKey && *m_gridKey == key;
    const bool coming = m_requested && *m_requested == key;
    if (!shown && !coming) {
        m_requested = key;
        m_worker.submit([scenario = controller().scenario(), key = std::move(key)] {
            GridResult result{key, {}};
            computeRegimeGrid(scenario, key.spec, result.grid);
            return result;
        });
    } else if (shown) {
        m_worker.discard();  // back on the grid shown: an older request is not wanted
        m_requested.reset();
    }
    updateMarker();
    replotMarker();
}

void RegimeMapView::replotMarker() {
    // The marker's buffer only, then an update() (a full replot if the buffers were
    // invalidated, e.g. by a resize).
    m_markerLayer->replot();
    if (m_priority == QCustomPlot::rpImmediateRefresh) {
        m_plot->repaint();
    }
}

void RegimeMapView::install(GridResult&& result) {
    const bool specChanged = !m_gridKey || result.key.spec != m_gridSpec;
    const bool legendBefore = m_interconnectInLegend;
    m_gridSpec = result.key.spec;
    m_gridKey = std::move(result.key);
    m_grid = std::move(result.grid);
    ++m_computations;
    fillGrid();
    updateMarker();
    if (specChanged || legendBefore != m_interconnectInLegend) {
        m_plot->replot(m_priority);  // new axes or legend: everything
        return;
    }
    // The map's buffer and the marker's (a full replot if the buffers were invalidated).
    m_plot->layer(QStringLiteral("main"))->replot();
    replotMarker();
}

void RegimeMapView::fillGrid() {
    const std::size_t nb = m_grid.batches.size();
    const std::size_t nc = m_grid.contexts.size();
    if (m_cells->keySize() != static_cast<int>(nb) ||
        m_cells->valueSize() != static_cast<int>(nc)) {
        m_cells->setSize(static_cast<int>(nb), static_cast<int>(nc));
    }
    // Cell centres at the log grid's unrounded points: the map is drawn in pixels between
    // the first and the last centre, so on log axes its cells are log-spaced.
    const QCPRange batches(static_cast<double>(m_gridSpec.minBatch),
                           static_cast<double>(m_gridSpec.maxBatch));
    const QCPRange contexts(static_cast<double>(m_gridSpec.minContext),
                            static_cast<double>(m_gridSpec.maxContext));
    m_cells->setRange(batches, contexts);
    const double lo = m_grid.minTokensPerSecond;
    const double hi = m_grid.maxTokensPerSecond;
    bool interconnect = false;
    double* values = m_cells->writableCells();
    for (std::size_t k = 0; k < m_grid.cells.size(); ++k) {
        const RegimeCell& cell = m_grid.cells[k];
        interconnect = interconnect || cell.bound == Bound::Interconnect;
        values[k] = segmentOf(cell.bound, cell.fits) + 0.02 +
                    0.96 * shadeOf(cell.decodeTokensPerSecond, lo, hi);
    }
    if (interconnect != m_interconnectInLegend) {
        fillLegend(interconnect);
    }

    // The axes end half a cell beyond the first and last centres.
    const auto halfCell = [](double first, double last, std::size_t n) {
        return n > 1 ? std::pow(last / first, 0.5 / static_cast<double>(n - 1)) : 2.0;
    };
    const double bx = halfCell(batches.lower, batches.upper, nb);
    const double cy = halfCell(contexts.lower, contexts.upper, nc);
    const QCPRange xRange(batches.lower / bx, batches.upper * bx);
    const QCPRange yRange(contexts.lower / cy, contexts.upper * cy);
    m_plot->xAxis->setRange(xRange);
    m_plot->yAxis->setRange(yRange);

    // Memory wall: x = the largest batch that fits at each context; the region right of it
    // does not fit. Batches beyond the axis (everything fits) sit on the right edge, none
    // (nothing fits) on the left.
    QVector<double> wallX, wallY;
    for (std::size_t j = 0; j < nc; ++j) {
        const double wall = static_cast<double>(m_grid.memoryWall[j]);
        wallX << std::clamp(wall + 0.5, xRange.lower, xRange.upper);
        wallY << static_cast<double>(m_grid.contexts[j]);
    }
    if (!wallX.isEmpty()) {
        wallX.prepend(wallX.front());
        wallY.prepend(yRange.lower);
        wallX << wallX.back();
        wallY << yRange.upper;
    }
    m_wall->setData(wallX, wallY);
    QVector<double> regionX = wallX, regionY = wallY;
    regionX << xRange.upper << xRange.upper;
    regionY << yRange.upper << yRange.lower;
    m_outOfMemory->setData(regionX, regionY);

    QVector<double> critX, critY;
    for (std::size_t j = 0; j < nc; ++j) {
        if (m_grid.criticalBatch[j]) {
            critX << static_cast<double>(*m_grid.criticalBatch[j]);
            critY << static_cast<double>(m_grid.contexts[j]);
        }
    }
    m_critical->setData(critX, critY);
    QVector<double> goldX, goldY;
    for (std::size_t i = 0; i < nb; ++i) {
        if (m_grid.goldilocksContext[i] && (i == 0 || m_grid.batches[i] != m_grid.batches[i - 1])) {
            goldX << static_cast<double>(m_grid.batches[i]);
            goldY << *m_grid.goldilocksContext[i];
        }
    }
    m_goldilocks->setData(goldX, goldY);

    bool anyFits = false;
    for (const std::int64_t wall : m_grid.memoryWall) {
        anyFits = anyFits || wall >= 1;
    }
    // Shorter forms for a narrow view (`--view all`); "nothing fits" is kept the longest.
    const QString nothing =
        anyFits ? QString() : tr(" — nothing fits in memory at this prompt length");
    m_title->setTexts(
        {tr("Decode step over batch × context — hue: the roof that binds it; "
            "shade: tok/s, from %1 (palest) to %2 (deepest)%3")
             .arg(tokensText(lo), tokensText(hi), nothing),
         tr("Decode over batch × context — hue: binding roof; shade: %1 to %2%3")
             .arg(tokensText(lo), tokensText(hi), anyFits ? QString() : tr(" — nothing fits")),
         tr("Decode over batch × context%1").arg(anyFits ? QString() : tr(" — nothing fits")),
         tr("Decode: batch × context")});
}

void RegimeMapView::updateMarker() {
    const Workload& w = controller().scenario().workload;
    m_marker->setData({static_cast<double>(w.batch)},
                      {static_cast<double>(std::max<std::int64_t>(w.contextTokens, 1))});
}

std::optional<std::pair<std::size_t, std::size_t>> RegimeMapView::cellAt(
    const QPointF& pixel) const {
    if (m_grid.cells.empty() || !m_plot->axisRect()->rect().contains(pixel.toPoint())) {
        return std::nullopt;
    }
    const double batch = m_plot->xAxis->pixelToCoord(pixel.x());
    const double context = m_plot->yAxis->pixelToCoord(pixel.y());
    return std::make_pair(m_grid.batchIndexAt(batch), m_grid.contextIndexAt(context));
}

QPointF RegimeMapView::cellCentre(std::size_t batchIndex, std::size_t contextIndex) const {
    // The centre of a cell, on the unrounded log grid the map is drawn on.
    const auto centre = [](double lo, double hi, std::size_t i, std::size_t n) {
        return n > 1 ? lo * std::pow(hi / lo, static_cast<double>(i) / static_cast<double>(n - 1))
                     : lo;
    };
    const double x =
        centre(static_cast<double>(m_gridSpec.minBatch), static_cast<double>(m_gridSpec.maxBatch),
               batchIndex, m_grid.batches.size());
    const double y =
        centre(static_cast<double>(m_gridSpec.minContext),
               static_cast<double>(m_gridSpec.maxContext), contextIndex, m_grid.contexts.size());
    return {m_plot->xAxis->coordToPixel(x), m_plot->yAxis->coordToPixel(y)};
}

QString RegimeMapView::tooltipAt(const QPointF& pixel) const {
    const auto cell = cellAt(pixel);
    if (!cell) {
        return {};
    }
    const auto [i, j] = *cell;
    const RegimeCell& c = m_grid.at(i, j);
    const std::int64_t wall = m_grid.memoryWall[j];
    QStringList lines;
    lines << tr("B = %1, C = %2 tokens")
                 .arg(qs(formatInteger(m_grid.batches[i])), qs(formatInteger(m_grid.contexts[j])));
    lines << tr("Decode step: %1").arg(boundName(c.bound));
    lines << tr("TPOT %1 · %2")
                 .arg(qs(formatDuration(c.tpotSeconds)), tokensText(c.decodeTokensPerSecond));
    if (wall < 1) {
        lines << tr("Does not fit: not even one sequence at this context");
    } else if (c.fits) {
        lines << tr("Fits in memory (up to B = %1 at this context)").arg(qs(formatInteger(wall)));
    } else {
        lines << tr("Does not fit: at most B = %1 at this context").arg(qs(formatInteger(wall)));
    }
    const std::optional<std::int64_t> critical = m_grid.criticalBatch[j];
    lines << (critical ? tr("Critical batch at this context: %1").arg(qs(formatInteger(*critical)))
                       : tr("Critical batch at this context: never (KV reads keep the step "
                            "memory-bound)"));
    const std::optional<double> goldilocks = m_grid.goldilocksContext[i];
    lines << (goldilocks ? tr("Goldilocks context at this batch: %1 tokens")
                               .arg(qs(formatInteger(std::llround(*goldilocks))))
                         : tr("Goldilocks context at this batch: never"));
    lines << tr("Click to set this batch and context");
    return lines.join(QLatin1Char('\n'));
}

bool RegimeMapView::clickAt(const QPointF& pixel) {
    const auto cell = cellAt(pixel);
    if (!cell) {
        return false;
    }
    // Copied first: the controller's signals refresh this view, and the grid with it.
    const std::int64_t batch = m_grid.batches[cell->first];
    const std::int64_t context = m_grid.contexts[cell->second];
    controller().setBatch(batch);
    controller().setContextTokens(context);
    return true;
}

void RegimeMapView::onMouseMove(QMouseEvent* event) {
    const QString text = tooltipAt(event->position());
    if (text.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
    }
}

void RegimeMapView::onMousePress(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        clickAt(event->position());
    }
}

}  // namespace roofline::ui
