// SPDX-License-Identifier: GPL-3.0-or-later
#include "view_stage.h"

#include <algorithm>
#include <utility>

#include <QDockWidget>
#include <QEvent>
#include <QHBoxLayout>
#include <QMainWindow>
#include <QStackedWidget>
#include <QTabBar>
#include <QVBoxLayout>

#include "views/live_view.h"

namespace roofline::ui {

ViewStage::ViewStage(QMainWindow& window, QWidget* roofline)
    : QWidget(&window), m_window(window), m_front(roofline) {
    setObjectName(QStringLiteral("viewStage"));
    m_tabs = new QTabBar(this);
    m_tabs->setObjectName(QStringLiteral("viewTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->setTabsClosable(true);
    m_tabs->setExpanding(false);
    m_tabs->addTab(tr("Roofline"));
    // The roofline is the stage itself: its tab has no close button.
    m_tabs->setTabButton(0, QTabBar::RightSide, nullptr);
    m_tabs->setTabButton(0, QTabBar::LeftSide, nullptr);
    m_tabs->hide();  // until a view is a tab
    m_pages = new QStackedWidget(this);
    m_pages->addWidget(roofline);
    m_tabs->setShape(QTabBar::RoundedSouth);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_pages, 1);
    m_bottom = new QHBoxLayout;
    m_bottom->setContentsMargins(0, 0, 0, 0);
    m_bottom->setSpacing(0);
    m_bottom->addWidget(m_tabs, 0, Qt::AlignTop);
    layout->addLayout(m_bottom);
    connect(m_tabs, &QTabBar::currentChanged, this, &ViewStage::onCurrentChanged);
    connect(m_tabs, &QTabBar::tabCloseRequested, this, [this](int tab) {
        if (tab > 0) {
            giveBack(tab, false);
        }
    });
}

void ViewStage::setFooter(QWidget* footer) { m_bottom->addWidget(footer, 1); }

void ViewStage::manage(QDockWidget* dock) {
    m_managed.push_back(dock);
    dock->installEventFilter(this);
}

bool ViewStage::eventFilter(QObject* watched, QEvent* event) {
    // A dock shown while tabbed: noted now, adopted on the next turn (a dock that hides
    // itself inside its own show event leaves QMainWindow's layout half done).
    if (m_tabbed && event->type() == QEvent::Show) {
        auto* dock = qobject_cast<QDockWidget*>(watched);
        if (dock != nullptr && std::find(m_shownWhileTabbed.begin(), m_shownWhileTabbed.end(),
                                         dock) == m_shownWhileTabbed.end()) {
            m_shownWhileTabbed.push_back(dock);
        }
        if (!m_adoptQueued) {
            m_adoptQueued = true;
            QMetaObject::invokeMethod(this, &ViewStage::adoptShownDocks, Qt::QueuedConnection);
        }
    }
    return QWidget::eventFilter(watched, event);
}

void ViewStage::adoptShownDocks() {
    m_adoptQueued = false;
    const std::vector<QDockWidget*> shown = std::exchange(m_shownWhileTabbed, {});
    if (!m_tabbed) {
        return;
    }
    for (QDockWidget* dock : shown) {
        if (!dock->isHidden()) {
            adopt(dock);
        }
    }
}

void ViewStage::adopt(QDockWidget* dock) {
    const auto it = std::find(m_tabDocks.begin(), m_tabDocks.end(), dock);
    if (it != m_tabDocks.end()) {
        // Shown again from the View menu while its content is a tab: bring the tab forward.
        dock->hide();
        m_tabs->setCurrentIndex(static_cast<int>(it - m_tabDocks.begin()) + 1);
        return;
    }
    QWidget* content = dock->widget();
    if (content == nullptr) {
        return;
    }
    // Hidden first, so that a view hears "off screen" from its dock before the stage puts
    // it on screen in its tab.
    dock->hide();
    dock->setWidget(nullptr);
    m_pages->addWidget(content);
    m_tabDocks.push_back(dock);
    const int tab = m_tabs->addTab(dock->windowTitle());
    m_tabs->setTabToolTip(tab, tr("%1: a tab of the stage in presentation mode, in front of "
                                  "the roofline while chosen (close it to put it away)")
                                   .arg(dock->windowTitle()));
    m_tabs->show();
    m_tabs->setCurrentIndex(tab);
}

void ViewStage::giveBack(int tab, bool show) {
    QDockWidget* dock = m_tabDocks[static_cast<std::size_t>(tab - 1)];
    QWidget* content = m_pages->widget(tab);
    m_tabDocks.erase(m_tabDocks.begin() + (tab - 1));
    const bool wasFront = m_front == content;
    // The page leaves the stack before its tab leaves the bar, so that the index the bar
    // reports next names the same page in both.
    m_pages->removeWidget(content);
    m_tabs->removeTab(tab);
    if (wasFront) {
        // Off screen whether or not the bar reported the change of its current tab.
        setOnScreen(content, false);
        m_front = m_pages->currentWidget();
    }
    dock->setWidget(content);
    m_tabs->setVisible(m_tabs->count() > 1);
    if (show) {
        dock->show();
    }
}

void ViewStage::setTabbed(bool on) {
    if (on == m_tabbed) {
        return;
    }
    m_tabbed = on;
    if (on) {
        for (QDockWidget* dock : m_managed) {
            if (!dock->isHidden() && !dock->isFloating()) {
                adopt(dock);
            }
        }
        showRoofline();  // the class sees the roofline first; the views wait in their tabs
        return;
    }
    m_shownWhileTabbed.clear();
    while (m_tabs->count() > 1) {
        giveBack(m_tabs->count() - 1, true);
    }
}

void ViewStage::close(QDockWidget* dock) {
    const auto it = std::find(m_tabDocks.begin(), m_tabDocks.end(), dock);
    if (it != m_tabDocks.end()) {
        giveBack(static_cast<int>(it - m_tabDocks.begin()) + 1, false);
    }
}

void ViewStage::showRoofline() { m_tabs->setCurrentIndex(0); }

std::vector<QDockWidget*> ViewStage::tabbedDocks() const { return m_tabDocks; }

QWidget* ViewStage::currentPage() const { return m_pages->currentWidget(); }

void ViewStage::onCurrentChanged(int index) {
    if (index < 0 || index >= m_pages->count()) {
        return;
    }
    m_pages->setCurrentIndex(index);
    QWidget* front = m_pages->widget(index);
    if (front != m_front) {
        setOnScreen(m_front, false);
        setOnScreen(front, true);
        m_front = front;
    }
}

void ViewStage::setOnScreen(QWidget* page, bool on) {
    if (auto* live = dynamic_cast<LiveView*>(page)) {
        live->setOnScreen(on);
    }
}

}  // namespace roofline::ui
