// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file focus_ring.h
/// The focus indicator of presentation mode: Fusion marks the focused control
/// with a one-pixel outline that the back of a lecture room does not see. While it is on, a
/// ring three pixels wide in the highlight colour is drawn round the focused control, over
/// the window, and follows the focus, the control's moves and its scroll area. A ring of its
/// own rather than a style sheet, which would restyle every control, or a proxy style,
/// whose focus frames differ from control to control.

#include <QPointer>
#include <QWidget>

namespace roofline::ui {

class FocusRing : public QWidget {
    Q_OBJECT
public:
    /// A ring over `window`'s children, hidden until setOn(true).
    explicit FocusRing(QWidget* window);

    void setOn(bool on);
    bool isOn() const { return m_on; }
    /// The control the ring is round (null while none in the window has the focus).
    QWidget* target() const { return m_target; }
    /// The ring's width in pixels.
    static constexpr int kWidth = 3;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void follow(QWidget* focused);
    void place();         ///< round the target's visible part, or hidden
    void watch(bool on);  ///< the target and its ancestors' moves, resizes and visibility

    bool m_on = false;
    QPointer<QWidget> m_target;
};

}  // namespace roofline::ui
