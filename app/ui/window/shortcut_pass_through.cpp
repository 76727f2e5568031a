// SPDX-License-Identifier: GPL-3.0-or-later
#include "shortcut_pass_through.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QKeyEvent>
#include <QLineEdit>
#include <QWidget>

namespace roofline::ui {

ShortcutPassThrough::ShortcutPassThrough(QWidget* window) : QObject(window), m_window(window) {}

bool ShortcutPassThrough::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::ShortcutOverride) {
        return false;
    }
    auto* box = qobject_cast<QAbstractSpinBox*>(watched);
    if (box == nullptr) {
        if (auto* edit = qobject_cast<QLineEdit*>(watched)) {
            box = qobject_cast<QAbstractSpinBox*>(edit->parentWidget());
        }
    }
    if (box == nullptr || !m_window->isAncestorOf(box)) {
        return false;
    }
    const auto* key = static_cast<QKeyEvent*>(event);
    for (const QKeySequence::StandardKey editing :
         {QKeySequence::Copy, QKeySequence::Cut, QKeySequence::Paste, QKeySequence::Undo,
          QKeySequence::Redo, QKeySequence::SelectAll}) {
        if (key->matches(editing)) {
            return false;
        }
    }
    const QKeySequence pressed(key->keyCombination());
    const QList<QAction*> actions = m_window->findChildren<QAction*>();
    for (const QAction* action : actions) {
        if (action->isEnabled() && action->shortcuts().contains(pressed)) {
            // Filtered and left unaccepted: the field does not claim the key, so the
            // shortcut map delivers it to the action.
            return true;
        }
    }
    return false;
}

}  // namespace roofline::ui
