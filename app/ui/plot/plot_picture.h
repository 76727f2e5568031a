// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file plot_picture.h
/// The roofline plot's static picture: what a slider step does not move (background, grid,
/// axes, legend, and over them the roof layer: regions, roofs, ridge, baseline ghosts,
/// compare scenarios, measured results), drawn by the plot's private QCustomPlot through
/// its public toPainter() into opaque pixmaps that RooflinePlot::paintEvent copies to the
/// screen before it draws the moving items (direct_items.h) over them.
///
/// This is the one class that does a partial repaint beyond what QCustomPlot offers: a
/// QCustomPlot replots all its layers into transparent paint buffers and blends them on
/// every paint (commit f59b671 measured 1.8x the CPU of a step, and pixels 2/255 off). Here
///   backdrop   every layer but the roof layer, drawn over the background colour: redrawn
///              when the view changes (ranges, size, legend, style);
///   picture    a copy of the backdrop with the roof layer drawn over it (the other layers
///              hidden for that pass): redrawn when the roofs change, one copy to the
///              screen per paint, no blend. The pictures of the last few roof states over
///              the same backdrop are kept (W16 -> W8 -> W16 in a design review). When
///              only the roof layer's labels moved (a point came onto one), the picture is
///              mended where they were and are (patch()), not drawn again.
/// Pictures are drawn into memory used before, or touched when the pixmaps were sized,
/// never into a fresh allocation: first touching a fresh full-size pixmap costs a page
/// fault per 4 KiB, milliseconds in all.

#include <cstdint>
#include <vector>

#include <QColor>
#include <QMetaObject>
#include <QPixmap>
#include <QRegion>
#include <QSize>

class QCustomPlot;
class QCPLayer;

namespace roofline::ui {

/// The roofs a picture shows (RooflinePlot::roofKey()).
using RoofKey = std::vector<double>;

class StaticPicture {
public:
    /// Create it after connecting the plot's own slots to QCustomPlot::afterLayout.
    StaticPicture(QCustomPlot* plot, QCPLayer* roofLayer);
    StaticPicture(const StaticPicture&) = delete;
    StaticPicture& operator=(const StaticPicture&) = delete;
    StaticPicture(StaticPicture&&) = delete;
    StaticPicture& operator=(StaticPicture&&) = delete;
    ~StaticPicture();

    /// Lays the plot out at `size` and draws the backdrop over `background`. Kept roof
    /// pictures become stale; the next switchTo() answers false.
    void drawBackdrop(QSize size, double devicePixelRatio, const QColor& background);
    /// Switches to the picture of `roofs`, keeping the current one for switching back.
    /// Returns true when a picture of `roofs` over the current backdrop was kept; false
    /// when drawRoofs() must draw it.
    bool switchTo(const RoofKey& roofs);
    /// Draws the current picture: the backdrop, then the roof layer alone over it.
    void drawRoofs();
    /// Makes the current picture show `roofs` where it differs from them only inside
    /// `region` (widget pixels): a kept picture of `roofs` if there is one, else the
    /// current one drawn again inside `region` only (the backdrop, then the roof layer).
    /// False when there is no current picture to mend: switchTo() and drawRoofs() then.
    bool patch(const RoofKey& roofs, const QRegion& region);
    /// True while drawRoofs() runs: its toPainter() lays the plot out once more, at the same
    /// size (the plot does not place its labels again then).
    bool drawingRoofs() const { return m_drawingRoofs; }
    /// Whether there is a picture of the current backdrop to show.
    bool valid() const { return m_valid; }
    /// The backdrop must be drawn again before the picture is shown.
    void invalidate() { m_valid = false; }
    const QPixmap& pixmap() const { return m_current.pixmap; }

private:
    struct Picture {
        RoofKey roofs;
        QPixmap pixmap;
        std::uint64_t backdrop = 0;  ///< generation drawn over; 0 = not a whole picture
        std::uint64_t lastUse = 0;
    };
    enum class Pass : unsigned char { None, Backdrop, Roofs };
    QPixmap freshPixmap() const;  ///< of the backdrop's size, touched
    void draw(QPixmap& target, bool roofLayerOnly);
    /// Fills the kept slots with touched memory, after the backdrop's size changed: at
    /// once, the first roof or label change of a play paid a fresh pixmap (about 2 ms).
    void touchSlots();
    void hideLayers();  ///< the other pass's layers, once the plot is laid out

    QCustomPlot* m_plot;
    QCPLayer* m_roofLayer;
    QColor m_background;
    QSize m_size;
    double m_ratio = 1.0;
    QPixmap m_backdrop;
    std::uint64_t m_generation = 0;  ///< counts backdrops
    Picture m_current;
    std::vector<Picture> m_kept;
    std::uint64_t m_switches = 0;
    bool m_valid = false;
    bool m_drawingRoofs = false;
    Pass m_pass = Pass::None;
    std::vector<QCPLayer*> m_hidden;  ///< by hideLayers(), shown again after the pass
    QMetaObject::Connection m_hideAfterLayout;
};

}  // namespace roofline::ui
