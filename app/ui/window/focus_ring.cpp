// SPDX-License-Identifier: GPL-3.0-or-later
#include "focus_ring.h"

#include <QApplication>
#include <QEvent>
#include <QPainter>
#include <QPen>

namespace roofline::ui {

FocusRing::FocusRing(QWidget* window) : QWidget(window) {
    setObjectName(QStringLiteral("focusRing"));
    // A picture over the window, never in the way of a click or a key.
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    hide();
    connect(qApp, &QApplication::focusChanged, this,
            [this](QWidget*, QWidget* now) { follow(now); });
}

void FocusRing::setOn(bool on) {
    if (on == m_on) {
        return;
    }
    m_on = on;
    follow(on ? QApplication::focusWidget() : nullptr);
}

void FocusRing::follow(QWidget* focused) {
    // Only a control of this window, and not the window itself nor a floating dock's.
    QWidget* target = m_on && focused != nullptr && focused != parentWidget() &&
                              parentWidget()->isAncestorOf(focused) &&
                              focused->window() == parentWidget()->window()
                          ? focused
                          : nullptr;
    if (target != m_target) {
        watch(false);
        m_target = target;
        watch(true);
    }
    place();
}

void FocusRing::watch(bool on) {
    if (m_target == nullptr) {
        return;
    }
    // A scroll area moves the control's parent, not the control: watch up to the window.
    for (QWidget* w = m_target; w != nullptr && w != parentWidget(); w = w->parentWidget()) {
        if (on) {
            w->installEventFilter(this);
        } else {
            w->removeEventFilter(this);
        }
    }
}

bool FocusRing::eventFilter(QObject* watched, QEvent* event) {
    switch (event->type()) {
        case QEvent::Move:
        case QEvent::Resize:
        case QEvent::Show:
        case QEvent::Hide:
            place();
            break;
        default:
            break;
    }
    return QWidget::eventFilter(watched, event);
}

void FocusRing::place() {
    const QWidget* target = m_target.data();
    const QRect visible =
        target != nullptr && target->isVisible() ? target->visibleRegion().boundingRect() : QRect();
    if (target == nullptr || visible.isEmpty()) {
        hide();
        return;
    }
    // The ring just outside the control: it hides none of the control's own drawing.
    const QPoint topLeft = target->mapTo(parentWidget(), visible.topLeft());
    setGeometry(QRect(topLeft, visible.size()).adjusted(-kWidth, -kWidth, kWidth, kWidth));
    raise();
    show();
    update();
}

void FocusRing::paintEvent(QPaintEvent* /*event*/) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(palette().color(QPalette::Highlight), kWidth));
    painter.setBrush(Qt::NoBrush);
    const double half = kWidth / 2.0;
    painter.drawRoundedRect(QRectF(rect()).adjusted(half, half, -half, -half), 3.0, 3.0);
}

}  // namespace roofline::ui
