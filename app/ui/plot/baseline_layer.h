// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file baseline_layer.h
/// Compare mode (a pinned baseline): the baseline's points and decode batch trail as hollow,
/// faded ghosts in the phase hues, its roof (dashed, faded) when it is not the current one
/// (other hardware, another compute precision, other ceilings), and an arrow from each
/// baseline point to the current one, labelled with the phase's speed-up as the engine
/// gives it (roofline/comparison.h).
///
/// The ghosts change only when the baseline (or the roofs) change: they are on the plot's
/// roof layer, whose cached picture slider steps reuse (generation() is part of the plot's
/// roof key). The arrows' current ends move with every step: the arrows and their labels
/// are drawn straight onto the widget with the other data (directItems(), direct_items.h);
/// the labels are placed by the plot's one placement pass (RooflinePlot::placeLabels).

#include <cstdint>
#include <vector>

#include <QFont>
#include <QPointF>
#include <qcustomplot.h>

#include "plot/plot_layer.h"
#include "plot/plot_palette.h"
#include "roofline/analysis.h"

namespace roofline::ui {

class DirectItem;
class PlotLabel;

class BaselineLayer : public PlotLayer {
public:
    /// The ghosts go on `roofLayer` of `plot` (which deletes every item with itself).
    BaselineLayer(QCustomPlot* plot, QCPLayer* roofLayer);

    QString layerName() const override { return QStringLiteral("baseline"); }
    void describe(SceneWriter& scene) const override;

    /// Pins `baseline` and its trail (the ghosts are drawn at the next updateGhosts()).
    void setBaseline(const Analysis& baseline, const std::vector<TrailPoint>& trail);
    /// Unpins it; returns false when none was pinned.
    bool clear();
    bool has() const { return m_has; }
    const Analysis& baseline() const { return m_baseline; }
    /// Changes with every setBaseline() and clear().
    std::uint64_t generation() const { return m_generation; }

    /// The ghosts' data, against `current` (whose roof the baseline's may repeat).
    void updateGhosts(const Analysis& current);
    /// The baseline roof's vertices over [left, right], cut to the view (x, y).
    void updateRoof(double left, double right, const QCPRange& x, const QCPRange& y);
    /// Each arrow from the baseline's point to `current`'s; an arrow of a few pixels is
    /// not drawn, its label still is. The labels say the engine's speed-ups.
    void placeArrows(const Analysis& current);
    void setStyle(const PlotPalette& palette, double scale, double devicePixelRatio,
                  const QFont& bold);

    /// The (intensity, TFLOP/s) the automatic view must hold; raises `peakMax` (TFLOP/s)
    /// to the baseline's peak.
    std::vector<QPointF> extent(double& peakMax) const;
    /// The ghost a baseline pass of `kind` is drawn as.
    const QCPGraph* ghostFor(PassKind kind) const;
    /// The ghost points (marker rectangles for label placement).
    std::vector<const QCPGraph*> pointGraphs() const;
    /// The arrows, then their labels: the plot draws them over its buffers.
    std::vector<DirectItem*> directItems() const;

    struct Arrow {
        QCPItemLine* line;
        PlotLabel* label;
    };
    Arrow prefillArrow() const { return {m_prefillArrow, m_prefillArrowLabel}; }
    Arrow decodeArrow() const { return {m_decodeArrow, m_decodeArrowLabel}; }

private:
    QCustomPlot* m_plot;
    Analysis m_baseline;
    std::vector<TrailPoint> m_trail;
    bool m_has = false;
    std::uint64_t m_generation = 0;
    QCPGraph* m_roof;
    QCPCurve* m_trailCurve;
    QCPGraph* m_prefill;
    QCPGraph* m_decode;
    QCPGraph* m_spec;
    QCPItemLine* m_prefillArrow = nullptr;
    QCPItemLine* m_decodeArrow = nullptr;
    PlotLabel* m_prefillArrowLabel = nullptr;
    PlotLabel* m_decodeArrowLabel = nullptr;
    std::vector<DirectItem*> m_direct;
};

}  // namespace roofline::ui
