// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file shortcut_pass_through.h
/// Lets the window's shortcuts work while a number field has focus. A spin box's line edit
/// claims keys such as Ctrl+E (end of line, in the emacs-style bindings Qt uses on Linux) in
/// its ShortcutOverride, so Ctrl+E (Export image) would do nothing after typing a batch
/// size. The keys a field edits with (copy, cut, paste, undo, redo, select all) stay
/// with it.

#include <QObject>

class QWidget;

namespace roofline::ui {

class ShortcutPassThrough : public QObject {
    Q_OBJECT
public:
    /// Watches `window`'s spin boxes once installed on the application (not owned).
    explicit ShortcutPassThrough(QWidget* window);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* m_window;
};

}  // namespace roofline::ui
