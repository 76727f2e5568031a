// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file plot_interactions.h
/// What the user does to the roofline plot's view with the mouse: drag to pan, wheel to
/// zoom, as QCustomPlot's own range drag and zoom do them (log axes: by factors), through the
/// axes' public API. The plot's QCustomPlot is never shown, so the plot widget passes its
/// mouse events here. Each range change is the axes' rangeChanged signal (RooflinePlot keeps
/// the view in its limits and stops fitting it automatically); after one, `changed` asks for
/// a redraw.

#include <functional>

#include <QPointF>

class QCustomPlot;
class QMouseEvent;
class QWheelEvent;

namespace roofline::ui {

class ViewInteraction {
public:
    ViewInteraction(QCustomPlot* plot, std::function<void()> changed);

    /// Each returns true when it handled the event.
    bool press(const QMouseEvent& event);
    bool move(const QMouseEvent& event);
    bool release(const QMouseEvent& event);
    bool wheel(const QWheelEvent& event);

private:
    QCustomPlot* m_plot;
    std::function<void()> m_changed;
    bool m_dragging = false;
    QPointF m_last;  ///< where the drag was at the last move
};

}  // namespace roofline::ui
