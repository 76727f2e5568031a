// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file plot_buffers.h
/// Paint buffers for RooflinePlot's three layers groups (see roofline_plot.h). A slider step
/// must repaint fast, and on this class of machine every full-size pixel pass costs
/// about a millisecond, so the buffers are arranged for as few passes as possible:
///   BackdropBuffer   background, grid, axes, legend: cleared to an opaque colour;
///   CompositeBuffer  the backdrop with the roofs drawn over it: it starts as a
///                    (copy-on-write) copy of the backdrop instead of transparent, so the
///                    screen needs one copy of it, not a blend of two buffers;
///   (QCustomPlot's own transparent buffer for the data layer goes on top.)

#include <qcustomplot.h>

namespace roofline::ui {

class BackdropBuffer : public QCPPaintBufferPixmap {
public:
    BackdropBuffer(const QSize& size, double devicePixelRatio, const QColor* background);
    void clear(const QColor& ignored) override;  ///< fills with *background instead
    const QPixmap& pixmap() const { return mBuffer; }

private:
    const QColor* m_background;
};

class CompositeBuffer : public QCPPaintBufferPixmap {
public:
    CompositeBuffer(const QSize& size, double devicePixelRatio,
                    QWeakPointer<BackdropBuffer> backdrop);
    /// Does not fill: the next startPainting() starts from the backdrop's pixels.
    void clear(const QColor& ignored) override;
    QCPPainter* startPainting() override;
    void draw(QCPPainter* painter) const override;

    const QPixmap& pixmap() const { return mBuffer; }
    /// Shows a picture made earlier for the same roofs and view (implicitly shared).
    void setPixmap(const QPixmap& pixmap);

private:
    QWeakPointer<BackdropBuffer> m_backdrop;
    bool m_startFromBackdrop = true;
};

}  // namespace roofline::ui
