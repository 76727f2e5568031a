// SPDX-License-Identifier: GPL-3.0-or-later
#include "plot_picture.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include <QPaintEngine>
#include <QTimer>
#include <qcustomplot.h>

namespace roofline::ui {
namespace {

/// Roof states kept besides the current one: a chip has two or three compute roofs.
constexpr std::size_t kKeptPictures = 3;

}  // namespace

StaticPicture::StaticPicture(QCustomPlot* plot, QCPLayer* roofLayer)
    : m_plot(plot), m_roofLayer(roofLayer) {
    // After the plot's own afterLayout slots (connected before): they see every layer.
    m_hideAfterLayout =
        QObject::connect(plot, &QCustomPlot::afterLayout, plot, [this] { hideLayers(); });
}

StaticPicture::~StaticPicture() { QObject::disconnect(m_hideAfterLayout); }

QPixmap StaticPicture::freshPixmap() const {
    QPixmap pixmap(m_size * m_ratio);
    pixmap.setDevicePixelRatio(m_ratio);
    pixmap.fill(Qt::black);  // opaque, and its pages touched now
    return pixmap;
}

void StaticPicture::drawBackdrop(QSize size, double devicePixelRatio, const QColor& background) {
    if (size != m_size || devicePixelRatio != m_ratio || m_backdrop.isNull()) {
        m_size = size;
        m_ratio = devicePixelRatio;
        m_backdrop = freshPixmap();
        m_current = Picture{{}, freshPixmap()};
        m_kept.clear();
        m_kept.push_back(Picture{{}, freshPixmap()});  // memory for the first roof change
        // The other slots' memory once the event loop is idle: not while a window is being
        // resized (each size would pay for them), nor in the middle of a play.
        QTimer::singleShot(0, m_plot, [this, size = m_size, ratio = m_ratio] {
            if (size == m_size && ratio == m_ratio) {
                touchSlots();
            }
        });
    }
    m_background = background;
    ++m_generation;
    m_valid = false;
    draw(m_backdrop, false);
}

bool StaticPicture::switchTo(const RoofKey& roofs) {
    if (m_current.backdrop == m_generation && m_current.roofs == roofs) {
        m_valid = true;
        return true;
    }
    const auto usable = [this](const Picture& p) { return p.backdrop == m_generation; };
    auto slot = std::find_if(m_kept.begin(), m_kept.end(),
                             [&](const Picture& p) { return usable(p) && p.roofs == roofs; });
    const bool kept = slot != m_kept.end();
    if (!kept) {  // memory to draw into: a stale picture's, a new slot's, the oldest picture's
        slot = std::find_if_not(m_kept.begin(), m_kept.end(), usable);
        if (slot == m_kept.end() && m_kept.size() < kKeptPictures) {
            slot = m_kept.insert(m_kept.end(), Picture{});
        } else if (slot == m_kept.end()) {
            slot = std::min_element(
                m_kept.begin(), m_kept.end(),
                [](const Picture& a, const Picture& b) { return a.lastUse < b.lastUse; });
        }
    }
    // The current picture goes into the slot and the slot's becomes the current one (the
    // kept picture, or memory to draw the new one into). Swaps share nothing, so drawing
    // into the pixmap later never detaches it.
    std::swap(m_current, *slot);
    slot->lastUse = ++m_switches;
    if (kept) {
        m_valid = true;
        return true;
    }
    if (m_current.pixmap.size() != m_size * m_ratio) {  // a slot's first use
        m_current.pixmap = freshPixmap();
    }
    m_current.roofs = roofs;
    m_current.backdrop = 0;
    m_valid = false;
    return false;
}

void StaticPicture::touchSlots() {
    while (m_kept.size() < kKeptPictures) {
        m_kept.push_back(Picture{{}, freshPixmap()});
    }
}

bool StaticPicture::patch(const RoofKey& roofs, const QRegion& region) {
    const bool keptOne = std::any_of(m_kept.begin(), m_kept.end(), [&](const Picture& p) {
        return p.backdrop == m_generation && p.roofs == roofs;
    });
    if (keptOne) {
        return switchTo(roofs);
    }
    if (!m_valid || m_current.backdrop != m_generation) {
        return false;
    }
    if (!region.isEmpty()) {
        // The whole roof layer is drawn over the whole picture, as drawRoofs() draws it, but
        // inside `region` only: the paint engine's system clip, which the items' own clips
        // (QCPLayer::draw sets each one's) narrow and never replace. Drawn in place, with
        // nothing translated, the pixels are a full redraw's (a patch drawn at an offset
        // moved the dashes of a dashed roof by a fraction of a pixel).
        QRegion device;
        for (const QRect& r : region) {
            const QPointF topLeft = QPointF(r.topLeft()) * m_ratio;
            const QPointF bottomRight =
                QPointF(r.topLeft() + QPoint(r.width(), r.height())) * m_ratio;
            device += QRect(QPoint(static_cast<int>(std::floor(topLeft.x())),
                                   static_cast<int>(std::floor(topLeft.y()))),
                            QPoint(static_cast<int>(std::ceil(bottomRight.x())) - 1,
                                   static_cast<int>(std::ceil(bottomRight.y())) - 1));
        }
        QPaintEngine* engine = m_current.pixmap.paintEngine();
        engine->setSystemClip(device);
        {
            QPainter copy(&m_current.pixmap);
            copy.setCompositionMode(QPainter::CompositionMode_Source);
            copy.drawPixmap(0, 0, m_backdrop);
        }
        draw(m_current.pixmap, true);
        engine->setSystemClip(QRegion());
    }
    m_current.roofs = roofs;
    return true;
}

void StaticPicture::drawRoofs() {
    {
        QPainter copy(&m_current.pixmap);
        copy.setCompositionMode(QPainter::CompositionMode_Source);
        copy.drawPixmap(0, 0, m_backdrop);
    }
    draw(m_current.pixmap, true);
    m_current.backdrop = m_generation;
    m_valid = true;
}

void StaticPicture::draw(QPixmap& target, bool roofLayerOnly) {
    // One pass of toPainter(): it lays the plot out (the plot places its labels with every
    // layer shown), then hideLayers() hides the other pass's layers, then it draws. The
    // roof pass draws no background: the backdrop is already under it.
    m_pass = roofLayerOnly ? Pass::Roofs : Pass::Backdrop;
    m_drawingRoofs = roofLayerOnly;
    m_plot->setBackground(roofLayerOnly ? QBrush(Qt::NoBrush) : QBrush(m_background));
    QCPPainter painter(&target);
    m_plot->toPainter(&painter, m_size.width(), m_size.height());
    painter.end();
    m_plot->setBackground(QBrush(m_background));
    m_drawingRoofs = false;
    m_pass = Pass::None;
    for (QCPLayer* layer : m_hidden) {
        layer->setVisible(true);
    }
    m_hidden.clear();
}

void StaticPicture::hideLayers() {
    if (m_pass == Pass::None) {
        return;
    }
    // An item is visible only while the layers of its parents are: "main" (QCustomPlot's top
    // layout) and "background" (the axis rect, every plottable's parent, which draws
    // nothing here: no background brush) stay visible.
    const QCPLayer* main = m_plot->layer(QStringLiteral("main"));
    const QCPLayer* background = m_plot->layer(QStringLiteral("background"));
    for (int i = 0; i < m_plot->layerCount(); ++i) {
        QCPLayer* layer = m_plot->layer(i);
        const bool parents = layer == main || layer == background;
        const bool hide =
            m_pass == Pass::Roofs ? !parents && layer != m_roofLayer : layer == m_roofLayer;
        if (hide && layer->visible()) {
            layer->setVisible(false);
            m_hidden.push_back(layer);
        }
    }
}

}  // namespace roofline::ui
