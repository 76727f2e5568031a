// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file live_view.h
/// What the docked views share: they follow the controller's analysis only while on screen.
/// A tabbed dock behind another stays "visible" to Qt (moved off the window), so each view
/// is told by its dock (setOnScreen); off screen it only notes that it is out of date, and
/// coming on screen it catches up.

#include <qcustomplot.h>

#include <QWidget>

namespace roofline::ui {

class LiveView : public QWidget {
public:
    using QWidget::QWidget;

    /// Draws the controller's analysis now (whether on screen or not).
    virtual void refresh() = 0;
    /// rpQueuedReplot by default; the interaction benchmark uses rpImmediateRefresh so that
    /// a view's repaint counts in the step it belongs to.
    void setReplotPriority(QCustomPlot::RefreshPriority priority) { m_priority = priority; }
    void setOnScreen(bool onScreen) {
        m_onScreen = onScreen;
        if (m_onScreen && m_dirty) {
            refresh();
        }
    }
    bool onScreen() const { return m_onScreen; }

protected:
    /// Connected to the controller's analysisChanged: on screen, refresh now; off screen,
    /// remember to.
    void onAnalysisChanged() {
        if (m_onScreen) {
            refresh();
        } else {
            m_dirty = true;
        }
    }

    bool m_dirty = true;  ///< refresh() clears it
    bool m_onScreen = false;
    QCustomPlot::RefreshPriority m_priority = QCustomPlot::rpQueuedReplot;
};

}  // namespace roofline::ui
