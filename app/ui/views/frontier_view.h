// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file frontier_view.h
/// The Frontier view (a bottom dock, View › Frontier): every configuration of the current
/// model for the current request shape, over a default list of hardware (the current chip
/// and a few others), TP 1–8, the quantizations and batches 1–512, as a point of
/// interactivity (tok/s per user, x) against throughput per device (y), both log axes.
/// Fitted points are filled, unfit ones hollow; the Pareto frontier (roofline/frontier.h)
/// is a step line with its points flagged; SLO fields draw the TPOT line and name the best
/// configuration; the current configuration is ringed. With a price, a toggle puts output
/// tokens per dollar on the y axis.
///
/// It is computed lazily: a scenario change only marks it stale while it is hidden, and
/// while it is shown it recomputes once the scenario rests (kRecomputeDelayMs), never on a
/// slider's path. The numbers all come from computeFrontier() / analyzeRequest().

#include <optional>
#include <string>
#include <vector>

#include <QString>
#include <QWidget>

#include "plot/plot_palette.h"
#include "roofline/frontier.h"

class QCheckBox;
class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QLabel;
class QLineEdit;
class QMouseEvent;
class QSpinBox;

namespace roofline::ui {

class ScenarioController;
class Debounce;
class ScenarioDocument;

/// The scenario rests this long before a visible frontier recomputes.
inline constexpr int kFrontierRecomputeDelayMs = 150;
/// Output tokens per request until the user sets another.
inline constexpr int kDefaultFrontierOutputTokens = 1024;

class FrontierView : public QWidget {
    Q_OBJECT
public:
    explicit FrontierView(ScenarioDocument& document, QWidget* parent = nullptr);

    /// The scenario changed: stale; recomputed after a rest if shown, else when next shown.
    void markStale();
    /// Recomputes now if stale (tests; export).
    void refresh();
    bool isStale() const { return m_stale; }
    /// How many times the frontier was computed (tests check laziness).
    int computeCount() const { return m_computeCount; }

    const Frontier& frontier() const { return m_frontier; }
    const FrontierRequest& request() const { return m_request; }
    /// The current configuration as a request (the ringed point).
    const RequestResult& current() const { return m_current; }
    /// Labels of FrontierRequest::hardware, in order (display names).
    const std::vector<QString>& hardwareNames() const { return m_hardwareNames; }
    /// The tooltip text of point i (its configuration and figures).
    QString pointText(std::size_t i) const;

    QSpinBox* outputTokensSpinBox() const { return m_output; }
    QLineEdit* sloTpotEdit() const { return m_sloTpot; }
    QLineEdit* sloTtftEdit() const { return m_sloTtft; }
    /// Output tokens per dollar on the y axis; enabled only with a price above 0.
    QCheckBox* tokensPerDollarCheck() const { return m_perDollar; }
    QLabel* bestLabel() const { return m_best; }
    /// The y value drawn for point i (throughput per device, or tokens per dollar).
    double yValue(std::size_t i) const;

    void setPlotPalette(const PlotPalette& palette);
    QSize sizeHint() const override;

protected:
    void showEvent(QShowEvent* event) override;

private:
    void schedule();
    void recompute();
    void redraw();
    void onMouseMove(QMouseEvent* event);
    std::optional<double> sloSeconds(const QLineEdit* edit) const;
    bool perDollar() const;

    ScenarioController& m_controller;
    PlotPalette m_palette;
    QCustomPlot* m_plot = nullptr;
    QSpinBox* m_output = nullptr;
    QLineEdit* m_sloTpot = nullptr;
    QLineEdit* m_sloTtft = nullptr;
    QCheckBox* m_perDollar = nullptr;
    QLabel* m_best = nullptr;
    Debounce* m_timer = nullptr;

    QCPGraph* m_fit = nullptr;     ///< fits (and meets the SLOs, if any): filled
    QCPGraph* m_missed = nullptr;  ///< fits but misses an SLO: filled, faded
    QCPGraph* m_unfit = nullptr;   ///< does not fit: hollow
    QCPGraph* m_line = nullptr;    ///< the frontier, a step line
    QCPGraph* m_onFrontier = nullptr;
    QCPGraph* m_currentMark = nullptr;
    QCPGraph* m_bestMark = nullptr;
    QCPItemStraightLine* m_tpotLine = nullptr;
    QCPItemText* m_tpotText = nullptr;
    QCPItemText* m_bestText = nullptr;

    std::vector<Hardware> m_presets;  ///< the other chips offered besides the current one
    FrontierRequest m_request;
    Frontier m_frontier;
    RequestResult m_current;
    std::vector<QString> m_hardwareNames;
    bool m_stale = true;
    int m_computeCount = 0;
};

}  // namespace roofline::ui
