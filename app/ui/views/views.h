// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file views.h
/// The docked views beside the roofline: batch sweep, regime map and breakdown, each in a
/// dock of the bottom area, tabbed together, hidden until shown from the View menu (or
/// `--view`). Each observes the document and follows the current scenario while it is
/// visible, off the slider's path (live_view.h; a hidden or background tab catches up when it
/// is raised).

#include <QList>
#include <QObject>
#include <QStringList>
#include <qcustomplot.h>

class QAction;
class QDockWidget;
class QMainWindow;

namespace roofline::ui {

class BatchSweepView;
class BreakdownView;
class RegimeMapView;
class ScenarioDocument;

/// The names `--view` and MainWindow::showView take: "sweep", "regime", "breakdown", and
/// "all" (the three side by side rather than tabbed).
QStringList viewNames();

class Views : public QObject {
    Q_OBJECT
public:
    /// Creates the three docks in `window`'s bottom area, tabbed and hidden.
    Views(ScenarioDocument& document, QMainWindow& window);

    /// The docks' show/hide actions, for the View menu.
    QList<QAction*> toggleActions() const;
    /// Shows the view named `name` (viewNames()) and raises its tab; "all" shows the three
    /// side by side, as many as the window's width gives room for (allColumns()), the
    /// others as tabs of the last column. False, and nothing changes, for any other name.
    bool show(const QString& name);
    /// How many views "all" puts side by side at the window's current width and font:
    /// each needs about 68 average characters (3 at 1600 px and at 1920 px in presentation
    /// mode; 2 at 1024 px and at 1280 px in presentation mode), one fewer for each other
    /// dock shown in the bottom area (the Compare table), one at least.
    int allColumns() const;
    /// rpQueuedReplot by default; the interaction benchmark uses rpImmediateRefresh so that
    /// a view's repaint counts in the step it belongs to.
    void setReplotPriority(QCustomPlot::RefreshPriority priority);

    BatchSweepView* batchSweep() const { return m_sweep; }
    RegimeMapView* regimeMap() const { return m_regime; }
    BreakdownView* breakdown() const { return m_breakdown; }
    QDockWidget* sweepDock() const { return m_sweepDock; }
    QDockWidget* regimeDock() const { return m_regimeDock; }
    QDockWidget* breakdownDock() const { return m_breakdownDock; }

private:
    /// Docks of other kinds shown in the bottom area (the Compare table), tab groups once.
    int otherBottomDocks() const;

    QMainWindow& m_window;
    BatchSweepView* m_sweep = nullptr;
    RegimeMapView* m_regime = nullptr;
    BreakdownView* m_breakdown = nullptr;
    QDockWidget* m_sweepDock = nullptr;
    QDockWidget* m_regimeDock = nullptr;
    QDockWidget* m_breakdownDock = nullptr;
};

}  // namespace roofline::ui
