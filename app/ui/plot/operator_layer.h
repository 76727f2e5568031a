// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file operator_layer.h
/// The per-operator points (View > Operators): each operator of the analysis at its
/// intensity (FLOP/byte) and the FLOP/s it attains (its FLOPs over its time, as the engine
/// gives both), prefill's as crossed squares and decode's as crossed circles in the phase
/// hues. Hidden by default. The points move with every slider step, so they are drawn
/// straight onto the widget with the other data (direct_items.h): the plot draws the
/// layer's directItems() in its paint and export passes.

#include <vector>

#include <QPointF>

#include "plot/plot_layer.h"
#include "plot/plot_palette.h"
#include "roofline/analysis.h"

class QCPAxis;
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
    bool setOperators(const Analysis::Operators& operators);
    /// Shows or hides the points and their legend entries.
    void setShown(bool shown);
    bool shown() const { return m_shown; }
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
};

}  // namespace roofline::ui
