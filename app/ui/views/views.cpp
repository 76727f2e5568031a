// SPDX-License-Identifier: GPL-3.0-or-later
#include "views/views.h"

#include <algorithm>
#include <functional>

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QTimer>

#include "views/batch_sweep_view.h"
#include "views/breakdown_view.h"
#include "views/regime_map_view.h"

namespace roofline::ui {
namespace {

/// Room the bottom docks take when a view is shown: the roofline stays the largest thing.
constexpr double kDockHeightFraction = 0.42;
/// A window fewer lines of its font tall than this gives the views kShortDockHeightFraction.
constexpr int kShortWindowLines = 36;
constexpr double kShortDockHeightFraction = 0.36;
/// The narrowest a view may be side by side with the others, in the window font's
/// average character widths (about 480 px at the usual size, 620 px in presentation
/// mode's 1.5×): narrower, the batch sweep's two plots and every view's axes crowd.
constexpr int kMinViewChars = 68;

QDockWidget* makeDock(QMainWindow& window, const QString& title, const char* name, QWidget* view) {
    auto* dock = new QDockWidget(title, &window);
    dock->setObjectName(QString::fromLatin1(name));
    dock->setWidget(view);
    dock->setAllowedAreas(Qt::BottomDockWidgetArea | Qt::TopDockWidgetArea);
    window.addDockWidget(Qt::BottomDockWidgetArea, dock);
    dock->hide();
    return dock;
}

}  // namespace

QStringList viewNames() {
    // "frontier" is the Frontier view's (frontier_view.h), a tab of the same area that
    // MainWindow::showView raises; Views::show does not know it.
    return {QStringLiteral("sweep"), QStringLiteral("regime"), QStringLiteral("breakdown"),
            QStringLiteral("frontier"), QStringLiteral("all")};
}

Views::Views(ScenarioDocument& document, QMainWindow& window) : QObject(&window), m_window(window) {
    m_sweep = new BatchSweepView(document);
    m_regime = new RegimeMapView(document);
    m_breakdown = new BreakdownView(document);
    m_sweepDock = makeDock(window, tr("Batch sweep"), "batchSweepDock", m_sweep);
    m_regimeDock = makeDock(window, tr("Regime map"), "regimeMapDock", m_regime);
    m_breakdownDock = makeDock(window, tr("Breakdown"), "breakdownDock", m_breakdown);
    connect(m_sweepDock, &QDockWidget::visibilityChanged, m_sweep, &BatchSweepView::setOnScreen);
    connect(m_regimeDock, &QDockWidget::visibilityChanged, m_regime, &RegimeMapView::setOnScreen);
    connect(m_breakdownDock, &QDockWidget::visibilityChanged, m_breakdown,
            &BreakdownView::setOnScreen);
    window.tabifyDockWidget(m_sweepDock, m_regimeDock);
    window.tabifyDockWidget(m_regimeDock, m_breakdownDock);
}

QList<QAction*> Views::toggleActions() const {
    return {m_sweepDock->toggleViewAction(), m_regimeDock->toggleViewAction(),
            m_breakdownDock->toggleViewAction()};
}

bool Views::show(const QString& name) {
    // A window short for its text (presentation mode at 1280×720: 27 lines) gives the
    // views less, or the roofline's axis rect is left too short for its labels.
    const int lines = m_window.height() / std::max(m_window.fontMetrics().height(), 1);
    const double fraction =
        lines < kShortWindowLines ? kShortDockHeightFraction : kDockHeightFraction;
    const int height = static_cast<int>(m_window.height() * fraction);
    if (name == QLatin1String("all")) {
        // Side by side, so that all three are visible (and live) at once: out of their
        // tab group, then back into the bottom area in a row, of equal widths. Where the
        // window is too narrow for three (allColumns()), the last ones share the last
        // column as tabs, the first of them raised.
        const QList<QDockWidget*> docks = {m_sweepDock, m_regimeDock, m_breakdownDock};
        for (QDockWidget* dock : docks) {
            m_window.removeDockWidget(dock);
        }
        const int columns = allColumns();
        for (int i = 0; i < docks.size(); ++i) {
            if (i < columns) {
                m_window.addDockWidget(Qt::BottomDockWidgetArea, docks[i], Qt::Horizontal);
            } else {
                m_window.tabifyDockWidget(docks[columns - 1], docks[i]);
            }
            docks[i]->show();
        }
        docks[columns - 1]->raise();
        QTimer::singleShot(0, docks[columns - 1], &QDockWidget::raise);
        const QList<QDockWidget*> row = docks.mid(0, columns);
        const int share = m_window.width() / (columns + otherBottomDocks());
        m_window.resizeDocks(row, QList<int>(columns, share), Qt::Horizontal);
        m_window.resizeDocks({m_sweepDock}, {height}, Qt::Vertical);
        return true;
    }
    QDockWidget* dock = name == QLatin1String("sweep")       ? m_sweepDock
                        : name == QLatin1String("regime")    ? m_regimeDock
                        : name == QLatin1String("breakdown") ? m_breakdownDock
                                                             : nullptr;
    if (dock == nullptr) {
        return false;
    }
    dock->show();
    dock->raise();
    // A dock shown just now joins its tab group when the window lays it out: raise it again
    // then, or another tab stays in front.
    QTimer::singleShot(0, dock, &QDockWidget::raise);
    m_window.resizeDocks({dock}, {height}, Qt::Vertical);
    return true;
}

int Views::allColumns() const {
    // Every other dock shown in the bottom area (the Compare table) takes a column too.
    const int least = kMinViewChars * m_window.fontMetrics().averageCharWidth();
    return std::clamp(m_window.width() / std::max(least, 1) - otherBottomDocks(), 1, 3);
}

int Views::otherBottomDocks() const {
    int others = 0;
    for (QDockWidget* dock : m_window.findChildren<QDockWidget*>()) {
        if (dock == m_sweepDock || dock == m_regimeDock || dock == m_breakdownDock ||
            dock->isHidden() || dock->isFloating() ||
            m_window.dockWidgetArea(dock) != Qt::BottomDockWidgetArea) {
            continue;
        }
        // A tab behind another counts with the one in front (once per tab group).
        const QList<QDockWidget*> group = m_window.tabifiedDockWidgets(dock);
        const bool counted = std::any_of(group.begin(), group.end(), [&](QDockWidget* other) {
            return std::less<>()(other, dock) && !other->isHidden() && other != m_sweepDock &&
                   other != m_regimeDock && other != m_breakdownDock;
        });
        others += counted ? 0 : 1;
    }
    return others;
}

void Views::setReplotPriority(QCustomPlot::RefreshPriority priority) {
    m_sweep->setReplotPriority(priority);
    m_regime->setReplotPriority(priority);
    m_breakdown->setReplotPriority(priority);
}

}  // namespace roofline::ui
