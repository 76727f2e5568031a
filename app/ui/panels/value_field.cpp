// SPDX-License-Identifier: GPL-3.0-or-later
#include "value_field.h"

#include <algorithm>

#include <QEvent>
#include <QLabel>

namespace roofline::ui {

ValueField::ValueField(QWidget* parent) : QWidget(parent), m_label(new QLabel(this)) {
    // Plain, not selectable: a selectable QLabel keeps a QTextDocument, slow to relayout.
    m_label->setTextFormat(Qt::PlainText);
    m_label->setWordWrap(true);  // narrow docks and presentation mode
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void ValueField::setText(const QString& text) {
    if (text == m_label->text()) {
        return;
    }
    // The label posts this holder (which has no layout) a layout request, answered in
    // event() once control is back in the event loop.
    m_label->setText(text);
    m_measuredWidth = -1;
}

void ValueField::grow() const {
    m_hintWidth = std::max(m_hintWidth, m_label->sizeHint().width());
    m_minimum = m_minimum.expandedTo(m_label->minimumSizeHint());
}

QSize ValueField::sizeHint() const {
    grow();
    return {m_hintWidth, heightForWidth(m_hintWidth)};
}

QSize ValueField::minimumSizeHint() const {
    grow();
    return m_minimum;
}

int ValueField::heightForWidth(int width) const {
    if (width != m_measuredWidth) {
        m_measuredWidth = width;
        m_measuredHeight = m_label->heightForWidth(width);
    }
    return m_measuredHeight;
}

bool ValueField::event(QEvent* event) {
    if (event->type() == QEvent::LayoutRequest) {  // the label's text changed
        const Needs needs{sizeHint(), minimumSizeHint(), heightForWidth(width())};
        if (needs != m_laidOut) {
            m_laidOut = needs;
            updateGeometry();
        }
        return true;
    }
    return QWidget::event(event);
}

void ValueField::resizeEvent(QResizeEvent* /*event*/) {
    m_label->setGeometry(rect());
    // Narrowed (a scroll bar came, a dock was dragged) below what its wrapped text needs:
    // the layout sized this row for another width, so ask it again.
    if (heightForWidth(width()) > height()) {
        updateGeometry();
    }
}

void ValueField::changeEvent(QEvent* event) {
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        m_hintWidth = 0;  // measured afresh in the new font
        m_minimum = QSize(0, 0);
        m_measuredWidth = -1;
    }
    QWidget::changeEvent(event);  // asks for a new layout
}

}  // namespace roofline::ui
