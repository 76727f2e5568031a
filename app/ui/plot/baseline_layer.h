// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file baseline_layer.h
/// Compare mode (a pinned baseline): the baseline's points and batch trail as hollow,
/// faded ghosts in their passes' hues (an encoder's trail in the prefill hue, not decode
/// blue), named in the legend ("baseline decode", ...), its roof (dashed, faded) when it is
/// not the current one (other hardware, another compute precision, other ceilings), and an
/// arrow from each baseline point to the current one (the decode arrow between the steps that
/// make the tokens: to the verify point once speculative decoding is on), labelled with the
/// engine's arrow label (roofline/comparison.h arrowLabel: FLOP/s per device, tokens/s,
/// TPOT).
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
    /// Each arrow from the baseline's point to `current`'s (roofline/comparison.h
    /// primaryArrow, decodeArrow); an arrow of a few pixels is not drawn, its label still
    /// is. The labels are the engine's arrowLabel.
    void placeArrows(const Analysis& current);
    void setStyle(const PlotPalette& palette, double scale, double devicePixelRatio,
                  const QFont& bold);
    /// Puts the ghosts in the plot's legend while a baseline is pinned (after
    /// updateGhosts()), takes them out when none is. Returns whether the legend changed.
    bool updateLegend();

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

    /// The batch trail's ghost (tests).
    const QCPCurve* trailGhost() const { return m_trailCurve; }

private:
    void styleTrail();

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
    /// The pass the baseline's trail follows (decode, else its one pass): the trail's hue.
    PassKind m_trailKind = PassKind::Decode;
    PlotPalette m_palette;
    double m_scale = 1.0;
    double m_devicePixelRatio = 1.0;
};

}  // namespace roofline::ui
