// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file plot_hover.h
/// What the user reads off the roofline plot with the mouse: the tooltip of the plotted point
/// nearest the pointer, in pixels (UI.md: "on mouseMove, find the nearest point in pixels
/// and QToolTip::showText"), with the engine's exact numbers (plot_tooltip.h). The targets
/// are the phase points and their link squares, the estimate's marks, the trail's points,
/// the ridge, the operators, the baseline's ghosts, an overlay's points (measured results) and,
/// failing those, the compare scenarios' points. Only targets whose graph is visible count.
///
/// Like ViewInteraction (plot_interactions.h), the plot widget passes its mouse moves here.
/// The targets are collected by update() from the plot's layers, read where they are, after
/// the data, the baseline or the overlay changed; a tooltip's text is made when it shows.

#include <cstddef>
#include <functional>
#include <vector>

#include <QPointF>
#include <QString>

#include "roofline/analysis.h"

class QCPAbstractPlottable;
class QCPAxis;
class QMouseEvent;
class QWidget;

namespace roofline::ui {

class BaselineLayer;
class CompareLayer;
class EstimateLayer;
class OperatorLayer;
class PointsLayer;
class RoofLayer;

class HoverTooltip {
public:
    /// Where the targets are read from: the plot's axes, data and layers, which outlive it.
    struct Sources {
        const QCPAxis* x = nullptr;
        const QCPAxis* y = nullptr;
        const Analysis* analysis = nullptr;
        const std::vector<TrailPoint>* trail = nullptr;
        const OperatorLayer* operators = nullptr;
        const PointsLayer* points = nullptr;
        const RoofLayer* roofs = nullptr;
        const BaselineLayer* baseline = nullptr;
        const CompareLayer* compare = nullptr;
        const EstimateLayer* estimate = nullptr;
    };
    explicit HoverTooltip(const Sources& sources) : m_sources(sources) {}

    /// An overlay's points (x in FLOP/byte, y in TFLOP/s), drawn by `layer`, each's text
    /// made by `text(index)`; a null `layer` for none. Takes effect at the next update().
    void setOverlay(const QCPAbstractPlottable* layer, std::vector<QPointF> points,
                    std::function<QString(std::size_t)> text);
    /// Collects the targets afresh.
    void update();
    /// The text for the target nearest `pixel` within `maxDistance` pixels; empty if none.
    QString textAt(const QPointF& pixel, double maxDistance) const;
    /// Shows the text for the pointer of `event` over `widget`, or hides the tooltip.
    void hover(QWidget* widget, const QMouseEvent& event) const;
    std::size_t targetCount() const { return m_targets.size(); }

private:
    struct Target {
        enum class Kind : unsigned char {
            Prefill,
            Decode,
            Pass,
            Operator,
            Trail,
            Ridge,
            BaselinePass,
            Link,      ///< a pass at its link intensity
            Estimate,  ///< a pass's estimate mark: index into the estimate's passes
            Overlay    ///< index into m_overlayPoints
        };
        Kind kind;
        std::size_t index;  ///< into the analysis' operators or passes, the trail, the overlay
        const QCPAbstractPlottable* layer;
        double x;
        double y;
    };
    QString textFor(const Target& target) const;

    Sources m_sources;
    std::vector<Target> m_targets;
    const QCPAbstractPlottable* m_overlay = nullptr;
    std::vector<QPointF> m_overlayPoints;
    std::function<QString(std::size_t)> m_overlayText;
};

}  // namespace roofline::ui
