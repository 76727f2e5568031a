// SPDX-License-Identifier: GPL-3.0-or-later
#include "plot_buffers.h"

#include <algorithm>
#include <utility>

namespace roofline::ui {
namespace {

/// Roof states kept besides the current one: a chip has two or three compute roofs.
constexpr std::size_t kKeptPictures = 3;

}  // namespace

BackdropBuffer::BackdropBuffer(const QSize& size, double devicePixelRatio, const QColor* background)
    : QCPPaintBufferPixmap(size, devicePixelRatio), m_background(background) {}

void BackdropBuffer::clear(const QColor& /*ignored*/) {
    QCPPaintBufferPixmap::clear(*m_background);
    ++m_generation;
}

CompositeBuffer::CompositeBuffer(const QSize& size, double devicePixelRatio,
                                 QSharedPointer<const BackdropBuffer> backdrop)
    : QCPPaintBufferPixmap(size, devicePixelRatio), m_backdrop(std::move(backdrop)) {
    keepSpare();
}

void CompositeBuffer::clear(const QColor& /*ignored*/) { m_startFromBackdrop = true; }

QCPPainter* CompositeBuffer::startPainting() {
    QCPPainter* painter = QCPPaintBufferPixmap::startPainting();
    // Layers draw in order, so by now the backdrop's layers are drawn into it.
    if (m_startFromBackdrop) {
        if (m_backdrop) {
            painter->setCompositionMode(QPainter::CompositionMode_Source);
            painter->drawPixmap(0, 0, m_backdrop->pixmap());
            painter->setCompositionMode(QPainter::CompositionMode_SourceOver);
        }
        m_startFromBackdrop = false;
        m_drawnOver = backdropGeneration();
    }
    return painter;
}

void CompositeBuffer::draw(QCPPainter* painter) const {
    if (m_startFromBackdrop) {  // cleared, nothing drawn since: the backdrop alone
        if (m_backdrop) {
            m_backdrop->draw(painter);
            return;
        }
    }
    QCPPaintBufferPixmap::draw(painter);
}

std::uint64_t CompositeBuffer::backdropGeneration() const {
    return m_backdrop ? m_backdrop->generation() : 0;
}

bool CompositeBuffer::switchTo(const RoofKey& roofs) {
    const std::uint64_t generation = backdropGeneration();
    if (roofs == m_roofs && !m_startFromBackdrop && m_drawnOver == generation) {
        return true;
    }
    const auto usable = [generation](const Kept& k) { return k.backdrop == generation; };
    auto slot = std::find_if(m_kept.begin(), m_kept.end(),
                             [&](const Kept& k) { return usable(k) && k.roofs == roofs; });
    const bool kept = slot != m_kept.end();
    if (!kept) {  // memory to draw into: a stale picture's, a new slot's, the oldest picture's
        slot = std::find_if_not(m_kept.begin(), m_kept.end(), usable);
        if (slot == m_kept.end() && m_kept.size() < kKeptPictures) {
            slot = m_kept.insert(m_kept.end(), Kept{});
        } else if (slot == m_kept.end()) {
            slot = std::min_element(m_kept.begin(), m_kept.end(), [](const Kept& a, const Kept& b) {
                return a.lastUse < b.lastUse;
            });
        }
    }
    // The current picture goes into the slot; the slot's pixmap becomes the current one
    // (the kept picture, or memory to draw the new one into). Swaps share nothing, so
    // drawing into the pixmap later never detaches it.
    const std::uint64_t currentDrawnOver = m_startFromBackdrop ? 0 : m_drawnOver;
    std::swap(mBuffer, slot->pixmap);
    slot->roofs = std::exchange(m_roofs, roofs);
    m_drawnOver = std::exchange(slot->backdrop, currentDrawnOver);
    slot->lastUse = ++m_switches;
    if (kept) {
        m_startFromBackdrop = false;
        return true;
    }
    if (mBuffer.size() != mSize * mDevicePixelRatio) {  // a slot's first use
        mBuffer = freshPixmap();
    }
    m_drawnOver = 0;
    m_startFromBackdrop = true;
    return false;
}

void CompositeBuffer::reallocateBuffer() {
    QCPPaintBufferPixmap::reallocateBuffer();
    m_kept.clear();
    m_startFromBackdrop = true;
    m_drawnOver = 0;
    keepSpare();
}

QPixmap CompositeBuffer::freshPixmap() const {
    QPixmap pixmap(mSize * mDevicePixelRatio);
    pixmap.setDevicePixelRatio(mDevicePixelRatio);
    return pixmap;
}

void CompositeBuffer::keepSpare() {
    // Memory for the first roof change, allocated and touched (filled) now, with the other
    // buffers of this size: a step should not wait for the kernel to map fresh pages.
    Kept spare;
    spare.pixmap = freshPixmap();
    spare.pixmap.fill(Qt::black);
    m_kept.push_back(std::move(spare));
}

}  // namespace roofline::ui
