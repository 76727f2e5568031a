// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file estimate_layer.h
/// The estimate ceiling on the roofline (DOMAIN.md §11, roofline/estimate.h; the estimate
/// never replaces the bound): beside each pass's bound point, on the same vertical
/// (x = the pass's intensity), a hollow mark in the pass's colour at the FLOP/s the estimate
/// says the pass attains (PassEstimate::flopsPerSecond), with a vertical bar over its
/// prediction interval: from the pass's FLOPs over the interval's longer time (lower) to
/// its FLOPs over the shorter one (higher). The bound point stays where it is; the mark is
/// drawn under it, a size larger, so that an estimate at the bound reads as a ring round it.
/// One legend entry names the marks and the profile: "estimate, 80% interval (generic)".
///
/// The marks move with every slider step, so, like the points (points_layer.h), they are
/// drawn straight onto the widget (directItems(), direct_items.h). Without an estimate
/// (peak or achievable ceilings) nothing is drawn and the legend entry goes.

#include <array>
#include <cstdint>
#include <vector>

#include <QPen>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <qcustomplot.h>

#include "plot/plot_layer.h"
#include "plot/plot_palette.h"
#include "roofline/analysis.h"

namespace roofline::ui {

class DirectItem;

class EstimateLayer : public PlotLayer {
public:
    /// The items go on `plot` (which deletes them with itself), on no layer.
    explicit EstimateLayer(QCustomPlot* plot);

    QString layerName() const override { return QStringLiteral("estimate"); }
    /// Each mark in view as kind "estimate" (named by its pass: "prefill", "decode", ...),
    /// with x and y; each interval bar as kind "interval" (named by its pass), with x0, y0
    /// (the lower end), x1, y1 (the upper end).
    void describe(SceneWriter& scene) const override;

    /// Draws `analysis`'s estimate, or nothing without one. Returns whether the legend's
    /// entries changed (the legend must be laid out again).
    bool setData(const Analysis& analysis);
    void setStyle(const PlotPalette& palette, double scale);

    /// The items in drawing order (bars, then marks): the plot draws them under the points.
    const std::vector<DirectItem*>& directItems() const { return m_direct; }
    /// The graphs of the marks (marker rectangles for label placement, hover targets).
    std::vector<const QCPGraph*> markGraphs() const { return {m_prefill, m_decode, m_spec}; }
    /// The mark a pass of `kind` is drawn as.
    const QCPGraph* markFor(PassKind kind) const;
    /// The widget rectangles the interval bars cover (with their end caps), for label
    /// placement: no label lies on one.
    std::vector<QRectF> intervalRects() const;
    /// The (intensity, TFLOP/s) the automatic view must hold: every mark and interval end.
    const std::vector<QPointF>& extent() const { return m_extent; }

    QCPGraph* prefillMark() const { return m_prefill; }
    QCPGraph* decodeMark() const { return m_decode; }
    /// Verify, then draft (a model draft), as the speculative points are.
    QCPGraph* speculativeMarks() const { return m_spec; }
    /// The interval bar of pass `index` of the analysis (hidden when it has none).
    const QCPItemLine* interval(std::size_t index) const { return m_bars.at(index); }
    /// The legend entry's text ("estimate, 80% interval (generic)"); empty without one.
    QString legendText() const { return m_legendText; }

private:
    void styleLegend();  ///< the legend icon: the prefill mark's where there is no decode

    QCustomPlot* m_plot;
    std::vector<DirectItem*> m_direct;
    std::array<QCPItemLine*, 4> m_bars{};  ///< one per pass (EstimateResult::passes)
    std::array<PassKind, 4> m_barKinds{PassKind::Prefill, PassKind::Decode, PassKind::Verify,
                                       PassKind::Draft};  ///< the pass each bar was last drawn for
    QCPGraph* m_prefill;
    QCPGraph* m_decode;
    QCPGraph* m_spec;
    std::vector<QPointF> m_extent;
    QString m_legendText;
    QCPGraph* m_legend;          ///< the legend entry (no data: never drawn on the plot)
    bool m_prefillIcon = false;  ///< its icon is the prefill mark's (no decode pass)
    QPen m_prefillPen;
    QPen m_decodePen;
    double m_capWidth = 10.0;
};

}  // namespace roofline::ui
