// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file compare_layer.h
/// The compare scenarios on the roofline (File > Add scenario to compare): each one's
/// prefill and decode points, filled with the scenario's colour and shaped by phase
/// (prefill ◆, decode ●; hollow when the scenario does not fit in memory), labelled with
/// its short name, and its roof, thin in its colour, when it is not the current one (other
/// hardware, devices or ceilings). A legend entry per scenario names its colour.
///
/// Compare scenarios do not change while a slider moves: their items are built once, when
/// the set changes, and live in the plot's roof layer, whose cached picture a slider step
/// does not redraw. The plot calls in from a few hooks (range, roofs, layout, style,
/// tooltips); the layer owns its items and computes nothing from the engine's numbers but
/// the conversion to TFLOP/s the plot makes too. Its labels are placed by the plot's one
/// placement pass (label_placer.h, RooflinePlot::placeLabels) with every other label, so
/// that the guarantee that no label overlaps another covers them: the layer says where each may go
/// (labelRequests()), the plot decides.

#include <cstdint>
#include <vector>

#include <QColor>
#include <QFont>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>

#include "plot/label_placer.h"
#include "plot/plot_layer.h"
#include "plot/plot_palette.h"
#include "roofline/analysis.h"

class QCustomPlot;
class QCPGraph;
class QCPItemLine;
class QCPLayer;
class QCPLegend;
class QMargins;

namespace roofline::ui {

class PlotLabel;

/// One compare scenario as the plot draws it.
struct CompareEntry {
    QString name;            ///< short name, written beside its points and roof
    std::size_t colour = 0;  ///< index into PlotPalette::compare
    Analysis analysis;
};

class CompareLayer : public PlotLayer {
public:
    /// Items go on `layer` of `plot` (the roof layer).
    CompareLayer(QCustomPlot* plot, QCPLayer* layer);
    ~CompareLayer() override;
    CompareLayer(const CompareLayer&) = delete;
    CompareLayer& operator=(const CompareLayer&) = delete;
    CompareLayer(CompareLayer&&) = delete;
    CompareLayer& operator=(CompareLayer&&) = delete;

    QString layerName() const override { return QStringLiteral("compare"); }
    /// Each scenario's points, roof, names and leader lines, and its legend row.
    void describe(SceneWriter& scene) const override;

    /// Replaces the scenarios drawn: the old items go, new ones are built and styled.
    void setEntries(const std::vector<CompareEntry>& entries);
    const std::vector<CompareEntry>& entries() const { return m_entries; }
    /// Changes with every setEntries(): the plot's roof key counts it (the items are in the
    /// roof layer's picture).
    std::uint64_t generation() const { return m_generation; }

    void setStyle(const PlotPalette& palette, double scale, const QFont& font);
    /// Roof visibility (only those unlike `current`'s) and vertices over [left, right].
    void updateRoofs(const Analysis& current, double left, double right);
    /// One of the layer's labels for the plot's placement pass.
    struct LabelSlot {
        PlotLabel* label = nullptr;
        QCPItemLine* leader = nullptr;  ///< the point's leader line; null for a roof's name
        LabelRequest request;
    };
    /// The labels shown, as requests in widget pixels at the current layout: each point's
    /// name round its point (never dropped: it may go further, with a leader line), at
    /// `pointPriority`; each roof's name along its ceiling or over its slope by the ridge
    /// (left out where crowded: the legend names the colour too), at `roofPriority`. A
    /// box is the text's box plus `pad` (the plot's padding round every placed label).
    std::vector<LabelSlot> labelRequests(int pointPriority, int roofPriority,
                                         const QMargins& pad) const;
    /// The (intensity, TFLOP/s) the automatic view must hold; raises `peakMax` (TFLOP/s)
    /// to the highest roof drawn.
    std::vector<QPointF> extent(double& peakMax) const;
    /// The tooltip of the compare point nearest `pixel` within `maxDistance`, or empty.
    QString tooltipAt(const QPointF& pixel, double maxDistance) const;

    // For tests.
    /// Point graphs with data: one per drawable phase point (prefill, decode) per entry.
    std::vector<QCPGraph*> pointGraphs() const;
    /// The roofs shown (those that differ from the current scenario's).
    std::vector<QCPGraph*> visibleRoofs() const;
    /// The legend row naming the scenarios (null without any).
    QCPLegend* legend() const { return m_legend; }
    /// Texts of the labels shown, in entry order (points, then roofs).
    QStringList labelTexts() const;

private:
    struct Items {
        QCPGraph* roof = nullptr;
        QCPGraph* prefill = nullptr;
        QCPGraph* decode = nullptr;
        PlotLabel* roofLabel = nullptr;
        PlotLabel* prefillLabel = nullptr;
        PlotLabel* decodeLabel = nullptr;
        QCPItemLine* prefillLeader = nullptr;
        QCPItemLine* decodeLeader = nullptr;
    };
    void clear();
    void applyStyle();

    QCustomPlot* m_plot;
    QCPLayer* m_layer;
    std::vector<CompareEntry> m_entries;
    std::vector<Items> m_items;
    QCPGraph* m_legendHint = nullptr;  ///< "compare (◆ prefill, ● decode):" in the legend
    QCPLegend* m_legend = nullptr;     ///< under the plot's legend; null without entries
    std::uint64_t m_generation = 0;
    PlotPalette m_palette;
    double m_scale = 1.0;
    QFont m_font;
};

}  // namespace roofline::ui
