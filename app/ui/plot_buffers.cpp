// SPDX-License-Identifier: GPL-3.0-or-later
#include "plot_buffers.h"

namespace roofline::ui {

BackdropBuffer::BackdropBuffer(const QSize& size, double devicePixelRatio, const QColor* background)
    : QCPPaintBufferPixmap(size, devicePixelRatio), m_background(background) {}

void BackdropBuffer::clear(const QColor& /*ignored*/) {
    QCPPaintBufferPixmap::clear(*m_background);
}

CompositeBuffer::CompositeBuffer(const QSize& size, double devicePixelRatio,
                                 QWeakPointer<BackdropBuffer> backdrop)
    : QCPPaintBufferPixmap(size, devicePixelRatio), m_backdrop(std::move(backdrop)) {}

void CompositeBuffer::clear(const QColor& /*ignored*/) { m_startFromBackdrop = true; }

QCPPainter* CompositeBuffer::startPainting() {
    // Layers draw in order, so by now the backdrop's layers are drawn into it.
    if (m_startFromBackdrop) {
        if (const QSharedPointer<BackdropBuffer> backdrop = m_backdrop.toStrongRef()) {
            mBuffer = backdrop->pixmap();  // shared; the painter detaches it (one copy)
        }
        m_startFromBackdrop = false;
    }
    return QCPPaintBufferPixmap::startPainting();
}

void CompositeBuffer::draw(QCPPainter* painter) const {
    if (m_startFromBackdrop) {  // cleared, nothing drawn since: the backdrop alone
        if (const QSharedPointer<BackdropBuffer> backdrop = m_backdrop.toStrongRef()) {
            backdrop->draw(painter);
            return;
        }
    }
    QCPPaintBufferPixmap::draw(painter);
}

void CompositeBuffer::setPixmap(const QPixmap& pixmap) {
    mBuffer = pixmap;
    m_startFromBackdrop = false;
}

}  // namespace roofline::ui
