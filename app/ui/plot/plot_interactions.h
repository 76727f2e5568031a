// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file plot_interactions.h
/// What the user does to the roofline plot with the mouse, one small class each, so the
/// plot itself only answers questions (where is the nearest point, what are the limits):
///   ViewInteraction  pan (drag) and wheel zoom, kept within limits; tells the plot the
///                    user moved the view (from then on it stays where the user put it);
///   HoverTooltip     the tooltip of the point under the mouse.
/// Each connects to the plot's public signals only.

#include <functional>

#include <QObject>
#include <QPointF>
#include <QString>

class QCPAxis;
class QCPRange;
class QCustomPlot;

namespace roofline::ui {

class ViewInteraction : public QObject {
    Q_OBJECT
public:
    /// `limits(axis)` gives the bounds an axis must stay in (an empty range: no bounds yet);
    /// `userMoved()` is called after each range change the plot did not make itself.
    ViewInteraction(QCustomPlot* plot, std::function<QCPRange(const QCPAxis*)> limits,
                    std::function<void()> userMoved);
    /// The plot moves its own axes inside this (the automatic view): not the user's doing.
    class PlotMoving {
    public:
        explicit PlotMoving(ViewInteraction& view) : m_view(view) { m_view.m_plotMoving = true; }
        PlotMoving(const PlotMoving&) = delete;
        PlotMoving& operator=(const PlotMoving&) = delete;
        PlotMoving(PlotMoving&&) = delete;
        PlotMoving& operator=(PlotMoving&&) = delete;
        ~PlotMoving() { m_view.m_plotMoving = false; }

    private:
        ViewInteraction& m_view;
    };

private:
    void keepInLimits(QCPAxis* axis);

    std::function<QCPRange(const QCPAxis*)> m_limits;
    std::function<void()> m_userMoved;
    bool m_plotMoving = false;
};

class HoverTooltip : public QObject {
    Q_OBJECT
public:
    /// `textAt(pixel)` is the tooltip at a widget pixel; empty: none.
    HoverTooltip(QCustomPlot* plot, std::function<QString(const QPointF&)> textAt);

private:
    QCustomPlot* m_plot;
    std::function<QString(const QPointF&)> m_textAt;
};

}  // namespace roofline::ui
