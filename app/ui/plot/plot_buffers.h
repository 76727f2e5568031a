// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file plot_buffers.h
/// Paint buffers for RooflinePlot's three layers groups (see roofline_plot.h). A slider step
/// must repaint fast, and on this class of machine every full-size pixel pass costs
/// about a millisecond, so the buffers are arranged for as few passes as possible:
///   BackdropBuffer   background, grid, axes, legend: cleared to an opaque colour;
///   CompositeBuffer  the backdrop with the roofs drawn over it: it starts as a copy of
///                    the backdrop instead of transparent, so the screen needs one copy of
///                    it, not a blend of two buffers. It keeps the pictures of the last few
///                    roof states over the same backdrop;
///   (the data is drawn over it straight onto the widget: direct_items.h.)
/// Pictures are drawn into memory used before, or touched when the buffers were sized, never
/// into a fresh allocation: first touching a fresh full-size buffer costs a page fault per
/// 4 KiB, milliseconds in all.

#include <cstdint>
#include <vector>

#include <qcustomplot.h>

namespace roofline::ui {

class BackdropBuffer : public QCPPaintBufferPixmap {
public:
    BackdropBuffer(const QSize& size, double devicePixelRatio, const QColor* background);
    void clear(const QColor& ignored) override;  ///< fills with *background instead
    const QPixmap& pixmap() const { return mBuffer; }
    /// Counts the clears: pictures drawn over an older backdrop are stale.
    std::uint64_t generation() const { return m_generation; }

private:
    const QColor* m_background;
    std::uint64_t m_generation = 1;
};

/// The roofs a composite picture shows (RooflinePlot::roofKey()).
using RoofKey = std::vector<double>;

class CompositeBuffer : public QCPPaintBufferPixmap {
public:
    CompositeBuffer(const QSize& size, double devicePixelRatio,
                    QSharedPointer<const BackdropBuffer> backdrop);
    /// Does not fill: the next startPainting() starts from the backdrop's pixels.
    void clear(const QColor& ignored) override;
    QCPPainter* startPainting() override;
    void draw(QCPPainter* painter) const override;

    /// The roofs that the next drawing shows (before a full replot draws them).
    void setRoofs(const RoofKey& roofs) { m_roofs = roofs; }
    /// Switches to the picture of `roofs`. The current picture is kept for switching back
    /// (W16 -> W8 -> W16 in a design review). Returns true when a picture of `roofs` over
    /// the current backdrop was kept; false when the roof layer must be redrawn.
    bool switchTo(const RoofKey& roofs);

protected:
    void reallocateBuffer() override;  ///< a new size: kept pictures are dropped, a spare made

private:
    struct Kept {
        RoofKey roofs;
        QPixmap pixmap;
        std::uint64_t backdrop = 0;  ///< generation drawn over; 0 = not a whole picture
        std::uint64_t lastUse = 0;
    };
    std::uint64_t backdropGeneration() const;
    QPixmap freshPixmap() const;  ///< of this buffer's size
    void keepSpare();

    QSharedPointer<const BackdropBuffer> m_backdrop;  ///< beside it in the plot's buffers
    bool m_startFromBackdrop = true;
    RoofKey m_roofs;                ///< what the current picture (mBuffer) shows
    std::uint64_t m_drawnOver = 0;  ///< its backdrop generation
    std::vector<Kept> m_kept;
    std::uint64_t m_switches = 0;
};

}  // namespace roofline::ui
