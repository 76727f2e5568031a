// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file view_stage.h
/// The window's central area: the roofline page and, in presentation mode, the views as
/// tabs that swap with it, so that a view opens at a readable size. On a projector a view
/// docked under the plot leaves the roofline 110 to 220 px tall at 1280×720; as a tab it takes
/// the whole stage while it is in front, and the roofline gets it back one click later. The tabs
/// are in the stage's bottom row, beside the key numbers, so that they cost the roofline no
/// height of their own.
///
/// Outside presentation mode nothing changes: the views are docks of the bottom area. In it,
/// every managed dock that is shown, by the View menu, a lesson, `--view` or the Compare
/// set, hands its content to a tab of the stage and hides; the tab's close button, or
/// MainWindow::hideView, hands it back (hidden). Leaving presentation mode puts each tab's
/// content back into its dock, shown, so the desktop layout keeps what was open.
///
/// The views compute only while on screen (live_view.h): the stage tells a LiveView when its
/// tab comes to the front or leaves it, as its dock's visibility does outside.

#include <vector>

#include <QWidget>

class QDockWidget;
class QHBoxLayout;
class QMainWindow;
class QStackedWidget;
class QTabBar;

namespace roofline::ui {

class ViewStage : public QWidget {
    Q_OBJECT
public:
    /// `roofline` (the plot page) becomes the first tab, which cannot be closed.
    ViewStage(QMainWindow& window, QWidget* roofline);

    /// A dock of the bottom area whose content becomes a tab while tabbed.
    void manage(QDockWidget* dock);
    /// Presentation mode: on, the managed docks shown now (and each shown later) become
    /// tabs, the last one shown in front; off, the tabs go back to their docks, shown.
    void setTabbed(bool on);
    bool tabbed() const { return m_tabbed; }
    /// Takes in the managed docks shown since the last call (a dock's show is noticed at
    /// once but adopted on the next turn of the event loop; callers that show a dock and
    /// then render, as `--grab` does, call this in between).
    void adoptShownDocks();
    /// `dock`'s tab, if any, goes back into its dock, which stays hidden.
    void close(QDockWidget* dock);
    /// Brings the roofline tab to the front.
    void showRoofline();
    /// A widget for the stage's bottom row, beside the tabs (the key numbers): it stays on
    /// screen whichever page is in front.
    void setFooter(QWidget* footer);
    /// The managed docks that are tabs now, in tab order (after the roofline).
    std::vector<QDockWidget*> tabbedDocks() const;
    /// The page in front: the roofline page or a dock's content.
    QWidget* currentPage() const;
    QTabBar* tabBar() const { return m_tabs; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void adopt(QDockWidget* dock);
    void giveBack(int tab, bool show);
    void onCurrentChanged(int index);
    static void setOnScreen(QWidget* page, bool on);

    QMainWindow& m_window;
    QTabBar* m_tabs = nullptr;
    QHBoxLayout* m_bottom = nullptr;
    QStackedWidget* m_pages = nullptr;
    bool m_tabbed = false;
    bool m_adoptQueued = false;
    QWidget* m_front = nullptr;  ///< the page that was told it is on screen
    std::vector<QDockWidget*> m_managed;
    std::vector<QDockWidget*> m_tabDocks;  ///< tab i + 1's dock
    std::vector<QDockWidget*> m_shownWhileTabbed;
};

}  // namespace roofline::ui
