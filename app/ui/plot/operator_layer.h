// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file operator_layer.h
/// The per-operator points (View > Operators): each operator of the analysis at its
/// intensity (FLOP/byte) and the FLOP/s it attains (its FLOPs over its time, as the engine
/// gives both), prefill's as crossed squares and decode's as crossed circles in the phase
/// hues. Hidden by default. The points move with every slider step, so they are drawn
/// straight onto the widget with the other data (direct_items.h): the plot draws the
/// layer's directItems() in its paint and export passes.
///
/// Per memory level (View > Operators per memory level; DOMAIN.md §10): each operator is also
/// drawn at its intensity against every on-chip level the chip has a roof for (FLOPs per L2
/// byte, per SRAM byte), in that level's colour, joined to its main-memory point by a line.
/// The points of one operator share its attained FLOP/s, so the line is level: its length is
/// how much more reuse the cache or the SRAM sees, and the point nearest its own slope binds
/// (the hierarchical roofline of Nsight Compute and Intel Advisor).

#include <array>
#include <vector>

#include <QPointF>

#include "plot/plot_layer.h"
#include "plot/plot_palette.h"
#include "roofline/analysis.h"

class QCPAxis;
class QCPCurve;
class QCPGraph;

namespace roofline::ui {

class DirectItem;

class OperatorLayer : public PlotLayer {
public:
    /// The two graphs go on `x`, `y`'s plot (which deletes them with itself).
    OperatorLayer(QCPAxis* x, QCPAxis* y);

    QString layerName() const override { return QStringLiteral("operators"); }
    void describe(SceneWriter& scene) const override;

    /// The operators drawn. Returns whether the points changed (the same points again, as
    /// when only the baseline moved, leave the graphs as they are).
    bool setOperators(const Analysis& analysis);
    /// Shows or hides the points and their legend entries.
    void setShown(bool shown);
    bool shown() const { return m_shown; }
    /// Shows each operator at every drawn on-chip level too (when the points are shown).
    void setLevelsShown(bool shown);
    bool levelsShown() const { return m_levelsShown; }
    void setStyle(const PlotPalette& palette, double scale, double devicePixelRatio);

    /// The points drawn (x FLOP/byte, y TFLOP/s), for the automatic view.
    std::vector<QPointF> extent() const;
    /// The graph an operator of `pass` is drawn in (prefill's or decode's).
    const QCPGraph* graphFor(PassKind pass) const;
    /// The graphs in drawing order: the plot draws them over its buffers.
    std::vector<DirectItem*> directItems() const;
    /// Both graphs (marker rectangles for label placement).
    std::vector<const QCPGraph*> graphs() const;

private:
    QCPGraph* m_prefill;
    QCPGraph* m_decode;
    DirectItem* m_prefillDirect;
    DirectItem* m_decodeDirect;
    std::vector<QPointF> m_prefillPoints;
    std::vector<QPointF> m_decodePoints;
    bool m_shown = false;
    // The per-level points: [0] the last-level cache's, [1] the on-chip SRAM's, and the
    // lines joining each to its main-memory point (NaN between segments).
    std::array<QCPGraph*, 2> m_levels{};
    std::array<DirectItem*, 2> m_levelsDirect{};
    QCPCurve* m_joins = nullptr;
    DirectItem* m_joinsDirect = nullptr;
    std::array<std::vector<QPointF>, 2> m_levelPoints;
    std::vector<QPointF> m_joinPoints;
    bool m_levelsShown = false;
    void showLevels();
};

}  // namespace roofline::ui
