// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file frontier_view.h
/// The Frontier view (a bottom dock, View › Frontier): every configuration of the current
/// model for the current request shape, over a default list of hardware (the current chip
/// and a few others), TP 1–8, the quantizations and batches 1–512, as a point of
/// interactivity (tok/s per user, x) against throughput per device (y), both log axes.
/// Each hardware has a colour and each quantization a shape (a legend beside the plot, out
/// of the points); fitted points are filled, unfit ones hollow, those missing an SLO faded.
/// Filters (hardware, TP, quantization, a precision floor, fits only) narrow the points;
/// the Pareto frontier (a step line) and the pick (the best configuration, starred and
/// named above the plot) follow them (selectFrontier, roofline/frontier.h). SLO fields
/// draw the TPOT line; the current configuration is ringed. Each hardware has its own
/// price per device-hour (Prices; the current chip falls back to the scenario's price);
/// "tokens per $" puts output tokens per dollar on the y axis, leaving the chips without a
/// price off it and saying so. "Export CSV…" writes the points shown (view_csv.h).
///
/// It is computed lazily: a scenario change only marks it stale while it is hidden, and
/// while it is shown it recomputes once the scenario rests (kRecomputeDelayMs), never on a
/// slider's path. The numbers all come from computeFrontier() / analyzeRequest().

#include <optional>
#include <string>
#include <vector>

#include <QMap>
#include <QSet>
#include <QString>
#include <QWidget>

#include "plot/plot_palette.h"
#include "roofline/frontier.h"

class QCheckBox;
class QComboBox;
class QCustomPlot;
class QMenu;
class QToolButton;
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
/// The least height the plot opens with (else it opens 160 px tall): room for two
/// decades of throughput and the legend's hardware and shape entries beside it.
inline constexpr int kFrontierMinPlotHeight = 320;

/// One graph of points: one hardware, one quantization, one state.
struct FrontierPointGraph {
    enum State { Fits, MissesSlo, DoesNotFit };
    QCPGraph* graph = nullptr;
    std::size_t hardware = 0;
    Quantization quantization = Quantization::W16A16;
    State state = Fits;
};

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
    /// Ids of FrontierRequest::hardware, in order (what prices and filters are keyed by).
    const std::vector<QString>& hardwareIds() const { return m_hardwareIds; }
    /// The filter the controls set, and what it leaves: shown points, frontier, pick.
    FrontierFilter filter() const;
    const FrontierSelection& selection() const { return m_selection; }
    /// The graphs of points drawn (hardware × quantization × state, the non-empty ones).
    const std::vector<FrontierPointGraph>& pointGraphs() const { return m_pointGraphs; }
    QCustomPlot* plot() const { return m_plot; }

    // The filters: checkable actions (checked = shown), the floor and "fits only".
    QMenu* hardwareFilterMenu() const { return m_hardwareMenu; }
    QMenu* tensorParallelFilterMenu() const { return m_tpMenu; }
    QMenu* quantizationFilterMenu() const { return m_quantMenu; }
    QComboBox* precisionFloorBox() const { return m_floor; }
    QCheckBox* fitsOnlyCheck() const { return m_fitsOnly; }
    /// How the configurations are served: colocated with static or continuous batching, or
    /// continuous with disaggregated prefill pools added (kServingModes).
    QComboBox* servingBox() const { return m_serving; }

    /// Prices per device-hour set in the view, by hardware id (the window's session keeps
    /// them). Setting them recomputes when shown, as any change.
    QMap<QString, double> hardwarePrices() const { return m_prices; }
    void setHardwarePrices(const QMap<QString, double>& prices);
    /// The price field of hardware `id`, while it is in the list; nullptr otherwise.
    QLineEdit* priceEdit(const QString& id) const;
    /// The points shown as CSV (frontierCsv under the current filter), what Export CSV… writes.
    std::string csvText();
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
    /// The controls and kFrontierMinPlotHeight of plot.
    QSize sizeHint() const override;
    /// Gives the dock the view sits in its readable height (sizeHint), at most half the
    /// main window's (36 % of a window short for its font, as presentation mode at
    /// 1280×720) so that the roofline keeps room. Done on each show: the first sets that
    /// height, later ones only make it taller.
    void fitDock();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void buildFilterMenus();
    void buildPriceEdits();
    void applyPriceText(const QString& id, QLineEdit* edit);
    void reselect();
    void schedule();
    void recompute();
    void redraw();
    void onMouseMove(QMouseEvent* event);
    std::optional<double> sloSeconds(const QLineEdit* edit) const;
    QColor hardwareColor(std::size_t h) const;
    bool perDollar() const;

    ScenarioController& m_controller;
    PlotPalette m_palette;
    QCustomPlot* m_plot = nullptr;
    QSpinBox* m_output = nullptr;
    QLineEdit* m_sloTpot = nullptr;
    QLineEdit* m_sloTtft = nullptr;
    QCheckBox* m_perDollar = nullptr;
    QLabel* m_best = nullptr;
    QLabel* m_unpriced = nullptr;  ///< which chips are off the $ axis, and why
    Debounce* m_timer = nullptr;
    QToolButton* m_hardwareButton = nullptr;
    QToolButton* m_tpButton = nullptr;
    QToolButton* m_quantButton = nullptr;
    QToolButton* m_pricesButton = nullptr;
    QMenu* m_hardwareMenu = nullptr;
    QMenu* m_tpMenu = nullptr;
    QMenu* m_quantMenu = nullptr;
    QMenu* m_pricesMenu = nullptr;
    QWidget* m_pricesPanel = nullptr;
    QComboBox* m_floor = nullptr;
    QCheckBox* m_fitsOnly = nullptr;
    QComboBox* m_serving = nullptr;
    bool m_scenarioPooled = false;  ///< the last scenario computed was disaggregated
    QCPGraph* m_pooled = nullptr;   ///< a ring round each disaggregated point shown

    std::vector<FrontierPointGraph> m_pointGraphs;
    std::vector<QCPGraph*> m_legendKeys;  ///< legend entries only: hardware, shapes, states
    QCPGraph* m_line = nullptr;           ///< the frontier, a step line
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
    std::vector<QString> m_hardwareIds;
    FrontierSelection m_selection;
    // Filters as what is hidden, so that a chip or TP new to the list starts shown.
    QSet<QString> m_hiddenHardware;
    QSet<qint64> m_hiddenTp;
    QSet<int> m_hiddenQuantizations;
    QMap<QString, double> m_prices;
    QMap<QString, QLineEdit*> m_priceEdits;
    std::vector<QString> m_priceEditIds;  ///< the chips the price fields are for, in order
    bool m_stale = true;
    bool m_dockFitted = false;  ///< fitDock has set the dock's height once, on screen
    int m_computeCount = 0;
};

}  // namespace roofline::ui
