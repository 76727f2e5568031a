// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/batch_sweep_view.h"

#include <cmath>

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

constexpr std::size_t kSweepPoints = 64;

QCPGraph* newGraph(QCPAxis* key, QCPAxis* value, const QString& name) {
    auto* graph = new QCPGraph(key, value);
    graph->setName(name);
    graph->setSelectable(QCP::stNone);
    return graph;
}

QCPCurve* newCurve(QCPAxis* key, QCPAxis* value, const QString& name) {
    auto* curve = new QCPCurve(key, value);
    curve->setName(name);
    curve->setSelectable(QCP::stNone);
    return curve;
}

QCPItemText* newLabel(QCustomPlot* plot, QCPAxisRect* rect, Qt::Alignment alignment) {
    auto* label = new QCPItemText(plot);
    label->setClipToAxisRect(true);
    label->setClipAxisRect(rect);
    label->position->setAxisRect(rect);
    label->position->setAxes(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
    label->setPositionAlignment(alignment);
    label->setPadding(QMargins(4, 2, 4, 2));
    label->setSelectable(false);
    return label;
}

/// The batch axis: every batch the slider reaches, a little room either side.
constexpr double kBatchAxisLower = 0.8;
constexpr double kBatchAxisUpper = static_cast<double>(kMaxSliderBatch) * 1.25;

/// The narrowest view, in average characters of its font, that shows two plots side by side.
constexpr int kTwoPlotsChars = 110;

}  // namespace

BatchSweepView::BatchSweepView(ScenarioDocument& document, QWidget* parent)
    : LiveView(document, parent), m_worker(this, [this](SweepResult&& result) {
          if (m_requested && *m_requested == result.key) {
              m_requested.reset();  // the latest is in; an older one is shown meanwhile
          }
          install(std::move(result));
      }) {
    setObjectName(QStringLiteral("batchSweepView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_plot = new QCustomPlot(this);
    // An explicit minimum: QCustomPlot's own hint is its layout's, wide enough with several
    // axis rects to push the window past the screen when the views sit side by side.
    m_plot->setMinimumSize(240, 160);
    m_plot->setObjectName(QStringLiteral("batchSweepPlot"));
    // Brought up to date first, so that the file holds what the view draws for this scenario.
    addCsvExportAction(m_plot, QStringLiteral("batch_sweep.csv"), [this] {
        refresh();
        return batchSweepCsv(m_sweep);
    });
    layout->addWidget(m_plot);

    // Row 0: the two plots side by side; row 1: the legend under them.
    m_batchRect = m_plot->axisRect();
    m_latencyRect = new QCPAxisRect(m_plot);
    m_plot->plotLayout()->addElement(0, 1, m_latencyRect);
    m_plot->plotLayout()->setColumnStretchFactors({1.4, 1.0});
    // Row 0: a title over each plot.
    m_plot->plotLayout()->insertRow(0);
    m_batchTitle = new FittedTitle(m_plot);
    m_latencyTitle = new FittedTitle(m_plot);
    m_latencyTitle->setTexts({tr("Throughput against latency: B grows along the curve"),
                              tr("Throughput against latency"), tr("Tok/s vs TPOT")});
    m_plot->plotLayout()->addElement(0, 0, m_batchTitle);
    m_plot->plotLayout()->addElement(0, 1, m_latencyTitle);

    QCPAxis* batch = m_batchRect->axis(QCPAxis::atBottom);
    QCPAxis* tokens = m_batchRect->axis(QCPAxis::atLeft);
    QCPAxis* tpot = m_batchRect->axis(QCPAxis::atRight);
    QCPAxis* latencyX = m_latencyRect->axis(QCPAxis::atBottom);
    QCPAxis* latencyY = m_latencyRect->axis(QCPAxis::atLeft);
    makeLogAxis(batch, numberTick);
    makeLogAxis(tokens, numberTick);
    makeLogAxis(tpot, durationTick);
    makeLogAxis(latencyX, durationTick);
    makeLogAxis(latencyY, numberTick);
    tpot->setVisible(true);
    tpot->grid()->setVisible(false);
    m_batchRect->axis(QCPAxis::atTop)->setVisible(false);
    batch->setLabel(tr("Batch B (sequences)"));
    tokens->setLabel(tr("Decode tok/s"));
    tpot->setLabel(tr("TPOT"));
    latencyX->setLabel(tr("TPOT (latency per token)"));
    latencyY->setLabel(tr("Decode tok/s"));  // the title says throughput

    m_tokens = newGraph(batch, tokens, tr("decode tok/s (left axis)"));
    m_tokensBeyond = newGraph(batch, tokens, tr("past the memory wall"));
    m_tpot = newGraph(batch, tpot, tr("TPOT (right axis)"));
    m_tpotBeyond = newGraph(batch, tpot, QString());
    m_plainTokens = newGraph(batch, tokens, tr("without speculative decoding"));
    m_plainTpot = newGraph(batch, tpot, QString());
    m_marker = newGraph(batch, tokens, tr("this scenario"));
    // What the legend writes in a narrow column (--view all), before eliding.
    setShortLegendName(m_tokens, tr("tok/s"));
    setShortLegendName(m_tokensBeyond, tr("no fit"));
    setShortLegendName(m_tpot, tr("TPOT"));
    setShortLegendName(m_plainTokens, tr("no spec."));
    setShortLegendName(m_marker, tr("now"));
    m_tpotMarker = newGraph(batch, tpot, QString());
    // The scenario's markers on a layer with its own paint buffer: a batch step redraws
    // that buffer alone, not the curves under it.
    m_plot->removeLayer(m_plot->layer(QStringLiteral("overlay")));  // unused: a blend less
    m_plot->addLayer(QStringLiteral("marker"), m_plot->layer(QStringLiteral("legend")),
                     QCustomPlot::limAbove);
    m_markerLayer = m_plot->layer(QStringLiteral("marker"));
    m_markerLayer->setMode(QCPLayer::lmBuffered);
    m_plot->setCurrentLayer(QStringLiteral("main"));
    m_curve = newCurve(latencyX, latencyY, QString());
    m_curveBeyond = newCurve(latencyX, latencyY, QString());
    m_plainCurve = newCurve(latencyX, latencyY, QString());
    m_curveMarks = newGraph(latencyX, latencyY, QString());
    m_curveMarker = newGraph(latencyX, latencyY, QString());
    for (QCPGraph* g : {m_marker, m_tpotMarker, m_curveMarks, m_curveMarker}) {
        g->setLineStyle(QCPGraph::lsNone);
    }
    for (QCPGraph* g : {m_marker, m_tpotMarker, m_curveMarker}) {
        g->setLayer(m_markerLayer);
    }

    m_criticalLine = new QCPItemStraightLine(m_plot);
    m_wallLine = new QCPItemStraightLine(m_plot);
    for (QCPItemStraightLine* line : {m_criticalLine, m_wallLine}) {
        line->setClipAxisRect(m_batchRect);
        line->setSelectable(false);
        for (QCPItemPosition* p : {line->point1, line->point2}) {
            p->setAxisRect(m_batchRect);
            p->setAxes(batch, tokens);
        }
    }
    // The critical batch labelled at the bottom, the memory wall at the top: the two are
    // often close (326 and 225 for Llama-3.1-8B on an H100 at short contexts).
    m_criticalLabel = newLabel(m_plot, m_batchRect, Qt::AlignLeft | Qt::AlignBottom);
    m_wallLabel = newLabel(m_plot, m_batchRect, Qt::AlignLeft | Qt::AlignTop);
    for (QCPItemText* label : {m_criticalLabel, m_wallLabel}) {
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    }
    m_curveCriticalLabel = newLabel(m_plot, m_latencyRect, Qt::AlignRight | Qt::AlignBottom);
    m_curveWallLabel = newLabel(m_plot, m_latencyRect, Qt::AlignLeft | Qt::AlignTop);

    m_plot->legend->clearItems();
    for (QCPAbstractPlottable* p : std::initializer_list<QCPAbstractPlottable*>{
             m_tokens, m_tpot, m_tokensBeyond, m_plainTokens, m_marker}) {
        addElidedToLegend(*m_plot->legend, p);
    }
    m_batchRect->insetLayout()->take(m_plot->legend);
    auto* legendRow = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(2, 0, legendRow);
    m_plot->plotLayout()->setRowStretchFactor(2, 0.001);
    legendRow->setMargins(QMargins(5, 0, 5, 5));
    legendRow->addElement(0, 0, m_plot->legend);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setVisible(true);

    m_palette = viewPalette(*this);
    applyStyle();
}

void BatchSweepView::applyStyle() {
    const PlotPalette& p = m_palette;
    styleAxes(*m_plot, p, font());
    const QColor faded = mixColor(p.decode, p.background, 0.55);
    const QColor tpotColor = p.foreground;
    const QColor tpotFaded = mixColor(tpotColor, p.background, 0.55);
    m_tokens->setPen(QPen(p.decode, 2.5));
    m_tokensBeyond->setPen(QPen(faded, 2.0, Qt::DashLine));
    m_tpot->setPen(QPen(tpotColor, 2.0));
    m_tpotBeyond->setPen(QPen(tpotFaded, 1.5, Qt::DashLine));
    m_plainTokens->setPen(QPen(p.decode, 1.0, Qt::DashLine));
    m_plainTpot->setPen(QPen(tpotColor, 1.0, Qt::DashLine));
    m_curve->setPen(QPen(p.decode, 2.5));
    m_curveBeyond->setPen(QPen(faded, 2.0, Qt::DashLine));
    m_plainCurve->setPen(QPen(p.decode, 1.0, Qt::DashLine));
    const QCPScatterStyle marker(QCPScatterStyle::ssCircle, QPen(p.foreground, 2.0), p.decode, 10);
    for (QCPGraph* g : {m_marker, m_tpotMarker, m_curveMarker}) {
        g->setScatterStyle(marker);
    }
    m_curveMarks->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(p.foreground, 1.5), p.background, 9));
    m_criticalLine->setPen(QPen(p.foreground, 1.5, Qt::DashLine));
    m_wallLine->setPen(QPen(p.warning, 2.0));
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.9);
    for (QCPItemText* label :
         {m_criticalLabel, m_wallLabel, m_curveCriticalLabel, m_curveWallLabel}) {
        label->setFont(small);
        label->setColor(p.foreground);
    }
    m_wallLabel->setColor(p.warning);
    m_curveWallLabel->setColor(p.warning);
}

void BatchSweepView::resizeEvent(QResizeEvent* event) {
    LiveView::resizeEvent(event);
    fitWidth();
}

void BatchSweepView::fitWidth() {
    // Two plots need room for two sets of axis labels and ticks: narrower, the latency
    // plot is a sliver with its title and axis labels cut (`--view all`). It
    // goes (its column shrinks to nothing and it and its axes are hidden, so that they take
    // no margin) and comes back when the view is wide again.
    const bool shown = width() >= kTwoPlotsChars * fontMetrics().averageCharWidth();
    if (shown == m_latencyShown) {
        return;
    }
    m_latencyShown = shown;
    m_latencyRect->setVisible(shown);
    m_latencyTitle->setVisible(shown);
    for (QCPAxis* axis : m_latencyRect->axes()) {
        axis->setVisible(shown && (axis->axisType() == QCPAxis::atBottom ||
                                   axis->axisType() == QCPAxis::atLeft));
    }
    m_plot->plotLayout()->setColumnStretchFactors({1.4, shown ? 1.0 : 0.001});
    m_plot->plotLayout()->setColumnSpacing(shown ? 5 : 0);
    m_plot->replot(m_priority);
}

void BatchSweepView::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        m_palette = viewPalette(*this);
        applyStyle();
        fitWidth();
        m_plot->replot(m_priority);
    }
}

io::ScenarioFile BatchSweepView::sweepKey() const {
    io::ScenarioFile key = controller().scenarioFile();
    key.workload.batch = 0;  // the sweep spans the batch
    return key;
}

void BatchSweepView::refresh() {
    m_dirty = false;
    m_worker.discard();  // what is drawn now is newer than anything it computes
    m_requested.reset();
    if (showNoDecodeNotice(*m_plot, m_notice, controller().analysis(), "batch sweep")) {
        m_sweepKey.reset();  // rebuilt when a model with a decode step comes back
        return;
    }
    io::ScenarioFile key = sweepKey();
    if (m_sweepKey && *m_sweepKey == key) {
        updateMarkers();
        replotMarkers();
        return;
    }
    BatchSweep sweep = batchSweep(controller().scenario(), kMaxSliderBatch, kSweepPoints);
    install({std::move(key), std::move(sweep)});
}

void BatchSweepView::followScenario() {
    m_dirty = false;
    if (showNoDecodeNotice(*m_plot, m_notice, controller().analysis(), "batch sweep")) {
        m_worker.discard();
        m_requested.reset();
        m_sweepKey.reset();
        return;
    }
    io::ScenarioFile key = sweepKey();
    const bool shown = m_sweepKey && *m_sweepKey == key;
    const bool coming = m_requested && *m_requested == key;
    if (!shown && !coming) {
        m_requested = key;
        m_worker.submit([scenario = controller().scenario(), key = std::move(key)] {
            return SweepResult{key, batchSweep(scenario, kMaxSliderBatch, kSweepPoints)};
        });
    } else if (shown) {
        m_worker.discard();  // back on the sweep shown: an older request is not wanted
        m_requested.reset();
    }
    updateMarkers();
    replotMarkers();
}

void BatchSweepView::replotMarkers() {
    // The markers' buffer only, then an update() (a full replot if the buffers were
    // invalidated, e.g. by a resize).
    m_markerLayer->replot();
    if (m_priority == QCustomPlot::rpImmediateRefresh) {
        m_plot->repaint();
    }
}

void BatchSweepView::install(SweepResult&& result) {
    m_sweepKey = std::move(result.key);
    m_sweep = std::move(result.sweep);
    ++m_computations;
    fillSweep();
    updateMarkers();
    m_plot->replot(m_priority);
}

void BatchSweepView::placeMark(QCPItemStraightLine* line, QCPItemText* label,
                               std::optional<std::int64_t> batch, const QString& text) {
    const bool shown = batch && *batch >= 1 && *batch <= kMaxSliderBatch;
    line->setVisible(shown);
    label->setVisible(shown);
    if (!shown) {
        return;
    }
    const auto x = static_cast<double>(*batch);
    line->point1->setCoords(x, 1.0);
    line->point2->setCoords(x, 2.0);
    label->position->setCoords(x, label == m_criticalLabel ? 1.0 : 0.0);
    label->setText(text);
    // Right of its line, or left of it in the right half of the axis, where the text would
    // run past the plot's edge ("memory full B = 225" was cut in a narrow view).
    const bool rightHalf = x > std::sqrt(kBatchAxisLower * kBatchAxisUpper);
    label->setPositionAlignment((rightHalf ? Qt::AlignRight : Qt::AlignLeft) |
                                (label->positionAlignment() & Qt::AlignVertical_Mask));
}

void BatchSweepView::fillSweep() {
    QVector<double> b, tok, tpot, bBeyond, tokBeyond, tpotBeyond, plainTok, plainTpot;
    QVector<double> curveX, curveY, beyondX, beyondY, plainX, plainY;
    const BatchSweepPoint* lastFit = nullptr;
    for (const BatchSweepPoint& p : m_sweep.points) {
        const auto batch = static_cast<double>(p.batch);
        if (p.fits) {
            b << batch;
            tok << p.decodeTokensPerSecond;
            tpot << p.tpotSeconds;
            curveX << p.tpotSeconds;
            curveY << p.decodeTokensPerSecond;
            lastFit = &p;
        } else {
            if (bBeyond.isEmpty() && lastFit != nullptr) {
                // Joined to the last batch that fits, so the line does not break.
                bBeyond << static_cast<double>(lastFit->batch);
                tokBeyond << lastFit->decodeTokensPerSecond;
                tpotBeyond << lastFit->tpotSeconds;
                beyondX << lastFit->tpotSeconds;
                beyondY << lastFit->decodeTokensPerSecond;
            }
            bBeyond << batch;
            tokBeyond << p.decodeTokensPerSecond;
            tpotBeyond << p.tpotSeconds;
            beyondX << p.tpotSeconds;
            beyondY << p.decodeTokensPerSecond;
        }
        plainTok << p.plainTokensPerSecond;
        plainTpot << p.plainTpotSeconds;
        plainX << p.plainTpotSeconds;
        plainY << p.plainTokensPerSecond;
    }
    QVector<double> allBatches;
    for (const BatchSweepPoint& p : m_sweep.points) {
        allBatches << static_cast<double>(p.batch);
    }
    m_tokens->setData(b, tok, true);
    m_tpot->setData(b, tpot, true);
    m_tokensBeyond->setData(bBeyond, tokBeyond, true);
    m_tpotBeyond->setData(bBeyond, tpotBeyond, true);
    m_curve->setData(curveX, curveY);
    m_curveBeyond->setData(beyondX, beyondY);
    const bool spec = m_sweep.speculative;
    m_plainTokens->setData(spec ? allBatches : QVector<double>(),
                           spec ? plainTok : QVector<double>(), true);
    m_plainTpot->setData(spec ? allBatches : QVector<double>(),
                         spec ? plainTpot : QVector<double>(), true);
    m_plainCurve->setData(spec ? plainX : QVector<double>(), spec ? plainY : QVector<double>());
    m_plainTokens->setVisible(spec);
    m_plainTpot->setVisible(spec);
    m_plainCurve->setVisible(spec);
    m_tokensBeyond->setVisible(!bBeyond.isEmpty());
    // The legend lists what is drawn: a hidden entry would still hold its column (the
    // layout does not skip invisible elements) and squeeze the others.
    const bool listed = m_plot->legend->hasItemWithPlottable(m_plainTokens);
    const bool beyondListed = m_plot->legend->hasItemWithPlottable(m_tokensBeyond);
    if (listed != spec || beyondListed != !bBeyond.isEmpty()) {
        m_plot->legend->clearItems();
        for (QCPAbstractPlottable* p : std::initializer_list<QCPAbstractPlottable*>{
                 m_tokens, m_tpot, m_tokensBeyond, m_plainTokens, m_marker}) {
            if (p->visible()) {
                addElidedToLegend(*m_plot->legend, p);
            }
        }
    }

    // The marks, on the batch axis and on the throughput–latency curve.
    const std::optional<std::int64_t> wall =
        m_sweep.memoryWallBatch >= 1 ? std::optional<std::int64_t>(m_sweep.memoryWallBatch)
                                     : std::nullopt;
    placeMark(m_criticalLine, m_criticalLabel, m_sweep.criticalBatch,
              m_sweep.criticalBatch
                  ? tr("critical B = %1").arg(qs(formatInteger(*m_sweep.criticalBatch)))
                  : QString());
    placeMark(m_wallLine, m_wallLabel, wall,
              wall ? tr("memory full B = %1").arg(qs(formatInteger(*wall))) : QString());
    const QString context = qs(formatInteger(m_sweepKey->workload.contextTokens));
    // Shorter forms for a narrow view (`--view all`): the numbers stay longest.
    const QString criticalText = m_sweep.criticalBatch ? qs(formatInteger(*m_sweep.criticalBatch))
                                                       : tr("never at this context");
    const QString wallText = wall ? tr("B = %1").arg(qs(formatInteger(*wall))) : tr("nothing fits");
    m_batchTitle->setTexts(
        {tr("Decode step against batch at C = %1 tokens — critical batch: %2; memory wall: %3")
             .arg(context, criticalText, wallText),
         tr("Decode vs batch, C = %1 — critical B: %2; wall: %3")
             .arg(context, m_sweep.criticalBatch ? criticalText : tr("never"),
                  wall ? qs(formatInteger(*wall)) : tr("none")),
         tr("Decode step against batch at C = %1").arg(context), tr("Decode vs batch")});
    QVector<double> markX, markY;
    m_curveCriticalLabel->setVisible(false);
    m_curveWallLabel->setVisible(false);
    for (const BatchSweepPoint& p : m_sweep.points) {
        const bool critical = m_sweep.criticalBatch && p.batch == *m_sweep.criticalBatch;
        const bool atWall = wall && p.batch == *wall;
        if (!critical && !atWall) {
            continue;
        }
        markX << p.tpotSeconds;
        markY << p.decodeTokensPerSecond;
        QCPItemText* label = critical ? m_curveCriticalLabel : m_curveWallLabel;
        label->setVisible(true);
        label->position->setCoords(p.tpotSeconds, p.decodeTokensPerSecond);
        label->setText(critical ? tr("critical B = %1").arg(qs(formatInteger(p.batch)))
                                : tr("memory full B = %1").arg(qs(formatInteger(p.batch))));
    }
    m_curveMarks->setData(markX, markY);

    // Axes fitted to the data, a little room around it (log axes: by a factor).
    for (QCPAxis* axis :
         {m_batchRect->axis(QCPAxis::atLeft), m_batchRect->axis(QCPAxis::atRight),
          m_latencyRect->axis(QCPAxis::atBottom), m_latencyRect->axis(QCPAxis::atLeft)}) {
        axis->rescale(true);
        axis->scaleRange(1.15);
    }
    m_batchRect->axis(QCPAxis::atBottom)->setRange(kBatchAxisLower, kBatchAxisUpper);
}

void BatchSweepView::updateMarkers() {
    const Analysis& a = controller().analysis();
    const auto batch = static_cast<double>(controller().scenario().workload.batch);
    m_marker->setData({batch}, {a.decodeTokensPerSecond});
    m_tpotMarker->setData({batch}, {a.tpotSeconds});
    m_curveMarker->setData({a.tpotSeconds}, {a.decodeTokensPerSecond});
}

}  // namespace roofline::ui
