// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory_bar.h"

#include <algorithm>

#include <QPainter>

namespace roofline::ui {

MemoryBar::MemoryBar(QWidget* parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setAccessibleName(tr("Memory use"));
}

void MemoryBar::setUsage(double fraction, const QString& text, bool fits) {
    if (fraction == m_fraction && text == m_text && fits == m_fits) {
        return;
    }
    m_fraction = fraction;
    m_text = text;
    m_fits = fits;
    setAccessibleDescription(text);
    update();
}

void MemoryBar::setColours(const QColor& fitColour, const QColor& overflowColour) {
    m_fitColour = fitColour;
    m_overflowColour = overflowColour;
    update();
}

QSize MemoryBar::sizeHint() const { return {200, fontMetrics().height() + 8}; }

QSize MemoryBar::minimumSizeHint() const { return {60, fontMetrics().height() + 8}; }

void MemoryBar::paintEvent(QPaintEvent* /*event*/) {
    QPainter painter(this);
    const QRectF frame = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    const double shown = std::clamp(m_fraction, 0.0, 1.0);
    QRectF filled = frame.adjusted(1, 1, -1, -1);
    filled.setWidth(filled.width() * shown);
    painter.fillRect(filled, barColour());
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(frame);

    // The text reads on both parts: dark on the empty part, light on the filled part.
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(rect(), Qt::AlignCenter, m_text);
    painter.setClipRect(filled);
    painter.setPen(Qt::white);
    painter.drawText(rect(), Qt::AlignCenter, m_text);
}

}  // namespace roofline::ui
