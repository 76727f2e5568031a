// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file regime_map_view.h
/// The regime map: the plain decode step over batch × context (roofline/sweep.h,
/// computeRegimeGrid: 128 × 128 cells, log axes), each cell coloured by the roof that binds
/// it (one hue per bound, plot palette) and shaded by its tokens/s (darker = more). The
/// critical batch as a function of the context and the Goldilocks context as a function of
/// the batch are drawn over it, the out-of-memory region beyond the memory wall is hatched,
/// and the scenario's own (B, C) is marked. Hovering shows a cell's numbers; a click sets
/// the scenario's batch and context through the controller, as the sliders do.
///
/// It recomputes only while visible, and only when something besides the batch and the
/// context changed (the grid spans both: moving either only moves the marker). The grid is
/// computed in a worker (latest_wins.h) and drawn when it arrives; the marker follows at
/// once, on the grid shown.

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

class RegimeCells;

class RegimeMapView : public LiveView {
    Q_OBJECT
public:
    explicit RegimeMapView(ScenarioDocument& document, QWidget* parent = nullptr);

    /// Brings the map up to date with the document now (whether visible or not).
    void refresh() override;
    bool updating() const override { return LiveView::updating() || m_requested.has_value(); }

    /// The tooltip of the cell under `pixel` (plot widget coordinates); empty outside the map.
    QString tooltipAt(const QPointF& pixel) const;
    /// Sets the scenario's batch and context to those of the cell under `pixel`; false
    /// outside the map.
    bool clickAt(const QPointF& pixel);
    /// The pixel (plot widget coordinates) of the centre of cell (i, j).
    QPointF cellCentre(std::size_t batchIndex, std::size_t contextIndex) const;

    // For tests.
    const RegimeGrid& grid() const { return m_grid; }
    QCPColorMap* colorMap() const { return m_map; }
    QCPCurve* criticalBatchCurve() const { return m_critical; }
    QCPCurve* goldilocksCurve() const { return m_goldilocks; }
    QCPCurve* memoryWallCurve() const { return m_wall; }
    QCPCurve* outOfMemoryRegion() const { return m_outOfMemory; }
    QCPGraph* scenarioMarker() const { return m_marker; }
    QString titleText() const { return m_title->text(); }
    /// How many times the grid was computed (tests: a batch step does not recompute).
    int gridComputations() const { return m_computations; }

protected:
    void changeEvent(QEvent* event) override;
    /// Hands a new grid to the worker when the scenario needs one; moves the marker.
    void followScenario() override;

private:
    /// What a grid is computed for: the scenario with batch and context left out, the span.
    struct GridKey {
        io::ScenarioFile file;
        RegimeGridSpec spec;
        bool operator==(const GridKey&) const = default;
    };
    struct GridResult {
        GridKey key;
        RegimeGrid grid;
    };
    GridKey gridKey() const;
    /// Shows `result`'s grid (a worker's, or one computed by refresh()), and the marker.
    void install(GridResult&& result);
    void applyStyle();
    void fillLegend(bool interconnect);
    void fillGrid();
    void updateMarker();
    void replotMarker();
    void onMouseMove(QMouseEvent* event);
    void onMousePress(QMouseEvent* event);
    std::optional<std::pair<std::size_t, std::size_t>> cellAt(const QPointF& pixel) const;

    QCustomPlot* m_plot = nullptr;
    QLabel* m_notice = nullptr;  ///< in the plot's place for a model without a decode step
    FittedTitle* m_title = nullptr;
    QCPColorMap* m_map = nullptr;
    RegimeCells* m_cells = nullptr;  ///< the map's data (owned by the map)
    QCPCurve* m_outOfMemory = nullptr;
    QCPCurve* m_wall = nullptr;
    QCPCurve* m_critical = nullptr;
    QCPCurve* m_goldilocks = nullptr;
    QCPGraph* m_marker = nullptr;
    QCPLayer* m_markerLayer = nullptr;
    QCPBars* m_legendMemory = nullptr;
    QCPBars* m_legendCompute = nullptr;
    QCPBars* m_legendInterconnect = nullptr;
    PlotPalette m_palette;
    RegimeGrid m_grid;
    /// What the grid shown was computed for.
    std::optional<GridKey> m_gridKey;
    RegimeGridSpec m_gridSpec;
    /// The latest grid handed to the worker and not yet shown.
    std::optional<GridKey> m_requested;
    LatestWins<GridResult> m_worker;
    bool m_interconnectInLegend = false;
    int m_computations = 0;
};

}  // namespace roofline::ui
