// SPDX-License-Identifier: GPL-3.0-or-later
#include "pen_overlay.h"

#include <QEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPen>

namespace roofline::ui {

PenOverlay::PenOverlay(QWidget* target) : QWidget(target) {
    setObjectName(QStringLiteral("penOverlay"));
    setAttribute(Qt::WA_NoSystemBackground);  // transparent: the plot shows through
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setCursor(Qt::CrossCursor);
    setGeometry(target->rect());
    target->installEventFilter(this);
    updateVisibility();
}

void PenOverlay::setActive(bool active) {
    m_active = active;
    m_drawing = false;
    setAttribute(Qt::WA_TransparentForMouseEvents, !active);
    updateVisibility();
}

void PenOverlay::setInk(const QColor& colour, double width) {
    m_ink = colour;
    m_width = width;
    update();
}

void PenOverlay::clear() {
    m_drawing = false;
    if (m_strokes.isEmpty()) {
        return;
    }
    m_strokes.clear();
    updateVisibility();
    update();
    emit strokesChanged();
}

void PenOverlay::updateVisibility() {
    const bool shown = m_active || !m_strokes.isEmpty();
    if (shown) {
        raise();  // over any child the plot gained since
    }
    setVisible(shown);
}

bool PenOverlay::eventFilter(QObject* watched, QEvent* event) {
    if (watched == parent() && event->type() == QEvent::Resize) {
        setGeometry(parentWidget()->rect());
    }
    return QWidget::eventFilter(watched, event);
}

void PenOverlay::paintEvent(QPaintEvent* /*event*/) {
    if (m_strokes.isEmpty()) {
        return;
    }
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(m_ink, m_width, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    for (const QPolygonF& stroke : m_strokes) {
        if (stroke.size() == 1) {
            painter.drawPoint(stroke.front());  // a dot: a click without a move
        } else {
            painter.drawPolyline(stroke);
        }
    }
}

void PenOverlay::mousePressEvent(QMouseEvent* event) {
    if (!m_active || event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    m_drawing = true;
    m_strokes.push_back(QPolygonF{event->position()});
    update();
    emit strokesChanged();
}

void PenOverlay::mouseMoveEvent(QMouseEvent* event) {
    if (!m_drawing || m_strokes.isEmpty()) {
        QWidget::mouseMoveEvent(event);
        return;
    }
    QPolygonF& stroke = m_strokes.back();
    const QPointF from = stroke.back();
    stroke.push_back(event->position());
    // Only the new segment's box is repainted, not the whole plot's width.
    const double pad = m_width + 2.0;
    update(QRectF(from, event->position()).normalized().adjusted(-pad, -pad, pad, pad).toRect());
}

void PenOverlay::mouseReleaseEvent(QMouseEvent* event) {
    if (m_drawing && event->button() == Qt::LeftButton) {
        m_drawing = false;
        return;
    }
    QWidget::mouseReleaseEvent(event);
}

}  // namespace roofline::ui
