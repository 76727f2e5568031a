// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file batch_sweep_view.h
/// The batch sweep (roofline/sweep.h, batchSweep): the decode step as the batch grows from
/// 1 to the batch slider's end, everything else as in the scenario. Left, decode tokens/s
/// (left axis) and TPOT (right axis) against the batch, log axes, with the critical batch
/// and the memory wall as labelled vertical lines. Right, tokens/s against TPOT: the
/// throughput–latency curve, along which throughput stops growing while latency climbs.
/// Batches past the memory wall are drawn faded and dashed. With speculative decoding on,
/// both curves are drawn with it (solid) and without it (thin, dashed). The scenario's own
/// batch is marked on each.
///
/// It recomputes only while visible, and not when only the batch changed (it spans it).

#include <optional>

#include <QWidget>
#include <qcustomplot.h>

#include "plot/plot_palette.h"
#include "roofline/io/scenario_file.h"
#include "roofline/sweep.h"
#include "views/latest_wins.h"
#include "views/live_view.h"
#include "views/view_style.h"

class QLabel;

namespace roofline::ui {

class BatchSweepView : public LiveView {
    Q_OBJECT
public:
    explicit BatchSweepView(ScenarioDocument& document, QWidget* parent = nullptr);

    /// Brings the view up to date with the document now (whether visible or not).
    void refresh() override;
    bool updating() const override { return LiveView::updating() || m_requested.has_value(); }

    // For tests.
    const BatchSweep& sweep() const { return m_sweep; }
    QCPGraph* tokensGraph() const { return m_tokens; }              ///< fits, as analysed
    QCPGraph* tokensBeyondGraph() const { return m_tokensBeyond; }  ///< past the memory wall
    QCPGraph* tpotGraph() const { return m_tpot; }
    QCPGraph* plainTokensGraph() const { return m_plainTokens; }  ///< without speculation
    QCPGraph* plainTpotGraph() const { return m_plainTpot; }
    QCPCurve* latencyCurve() const { return m_curve; }  ///< tokens/s against TPOT
    QCPCurve* plainLatencyCurve() const { return m_plainCurve; }
    QCPGraph* scenarioMarker() const { return m_marker; }  ///< (B, tokens/s)
    QCPItemStraightLine* criticalLine() const { return m_criticalLine; }
    QCPItemStraightLine* wallLine() const { return m_wallLine; }
    QString criticalLabel() const { return m_criticalLabel->text(); }
    QString wallLabel() const { return m_wallLabel->text(); }
    int sweepComputations() const { return m_computations; }
    QString titleText() const { return m_batchTitle->text(); }
    /// Whether the throughput–latency plot is shown beside the batch plot: only where the
    /// view is wide enough for two plots (about 110 average characters); a narrow view
    /// (`--view all`) gives the batch plot the whole width.
    bool latencyShown() const { return m_latencyShown; }

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    /// Hands a new sweep to the worker when the scenario needs one; moves the markers.
    void followScenario() override;

private:
    struct SweepResult {
        io::ScenarioFile key;  ///< the scenario swept, batch left out
        BatchSweep sweep;
    };
    io::ScenarioFile sweepKey() const;
    /// Shows `result`'s sweep (a worker's, or one computed by refresh()), and the markers.
    void install(SweepResult&& result);
    void replotMarkers();
    void applyStyle();
    /// Shows or hides the throughput–latency plot for the view's width (latencyShown()).
    void fitWidth();
    void fillSweep();
    void updateMarkers();
    void placeMark(QCPItemStraightLine* line, QCPItemText* label, std::optional<std::int64_t> batch,
                   const QString& text);

    QCustomPlot* m_plot = nullptr;
    QLabel* m_notice = nullptr;  ///< in the plot's place for a model without a decode step
    QCPAxisRect* m_batchRect = nullptr;
    QCPAxisRect* m_latencyRect = nullptr;
    bool m_latencyShown = true;
    FittedTitle* m_batchTitle = nullptr;
    FittedTitle* m_latencyTitle = nullptr;
    QCPGraph* m_tokens = nullptr;
    QCPGraph* m_tokensBeyond = nullptr;
    QCPGraph* m_tpot = nullptr;
    QCPGraph* m_tpotBeyond = nullptr;
    QCPGraph* m_plainTokens = nullptr;
    QCPGraph* m_plainTpot = nullptr;
    QCPCurve* m_curve = nullptr;
    QCPCurve* m_curveBeyond = nullptr;
    QCPCurve* m_plainCurve = nullptr;
    QCPGraph* m_marker = nullptr;
    QCPGraph* m_tpotMarker = nullptr;
    QCPLayer* m_markerLayer = nullptr;
    QCPGraph* m_curveMarker = nullptr;
    QCPGraph* m_curveMarks = nullptr;  ///< critical batch and memory wall on the curve
    QCPItemStraightLine* m_criticalLine = nullptr;
    QCPItemStraightLine* m_wallLine = nullptr;
    QCPItemText* m_criticalLabel = nullptr;
    QCPItemText* m_wallLabel = nullptr;
    QCPItemText* m_curveCriticalLabel = nullptr;
    QCPItemText* m_curveWallLabel = nullptr;
    PlotPalette m_palette;
    BatchSweep m_sweep;
    std::optional<io::ScenarioFile> m_sweepKey;
    /// The latest sweep handed to the worker and not yet shown.
    std::optional<io::ScenarioFile> m_requested;
    LatestWins<SweepResult> m_worker;
    int m_computations = 0;
};

}  // namespace roofline::ui
