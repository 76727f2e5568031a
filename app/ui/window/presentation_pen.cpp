// SPDX-License-Identifier: GPL-3.0-or-later
#include "presentation_pen.h"

#include <QAction>
#include <QKeySequence>

#include "plot/pen_overlay.h"
#include "plot/roofline_plot.h"
#include "window/course_controller.h"
#include "window/lessons_menu.h"
#include "window/main_window.h"

namespace roofline::ui {
namespace {

/// The pen's width in pixels: presentation mode draws everything ×1.5 (UI.md), the ink too.
constexpr double kPenWidth = 4.5;

}  // namespace

PresentationPen::PresentationPen(MainWindow& window) : QObject(&window), m_window(window) {
    m_overlay = new PenOverlay(window.plot());
    m_pen = new QAction(tr("P&en"), &window);
    m_pen->setObjectName(QStringLiteral("pen"));
    m_pen->setCheckable(true);
    m_pen->setShortcut(QKeySequence(tr("Ctrl+P")));
    m_pen->setToolTip(
        tr("Presentation mode: draw on the plot with the mouse; the next step clears it"));
    m_clear = new QAction(tr("Erase &drawing"), &window);
    m_clear->setObjectName(QStringLiteral("clearPen"));
    m_clear->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
    // Shortcuts of actions in no visible menu still work: the window holds them.
    window.addAction(m_pen);
    window.addAction(m_clear);
    connect(m_pen, &QAction::toggled, m_overlay, &PenOverlay::setActive);
    connect(m_clear, &QAction::triggered, m_overlay, &PenOverlay::clear);
    // The next step, in a course or a lesson, starts on a clean plot.
    connect(window.courses(), &CourseController::stepChanged, m_overlay, &PenOverlay::clear);
    connect(window.lessons(), &LessonsController::lessonOpened, m_overlay, &PenOverlay::clear);
    connect(&window.document(), &ScenarioDocument::changed, this, [this](DocumentChanges what) {
        if (what & DocumentChange::Presentation) {
            setPresentation(m_window.document().presentation());
        }
    });
    setPresentation(window.document().presentation());
}

void PresentationPen::setPresentation(bool on) {
    m_pen->setEnabled(on);
    m_clear->setEnabled(on);
    if (!on) {
        m_pen->setChecked(false);
        m_overlay->clear();
    }
    m_overlay->setInk(m_window.plot()->plotPalette().pen, kPenWidth);
}

}  // namespace roofline::ui
