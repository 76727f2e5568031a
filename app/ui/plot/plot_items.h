// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file plot_items.h
/// QCustomPlot items that draw what the stock ones draw, cheaper on the raster engine; on
/// other paint engines (PDF, SVG export) they draw exactly as the stock ones.

#include <QPointF>
#include <QSizeF>
#include <QStaticText>
#include <qcustomplot.h>

namespace roofline::ui {

/// A QCPItemText that lays its text out and draws its glyphs once per text, font and
/// colour, instead of on every draw (QCPItemText lays the text out twice per draw: to
/// measure it, then to draw it). A slider step draws the data's labels and measures them
/// for placement and repainting several times over; an upright label is then one blit of
/// its picture, a rotated one a static text.
class PlotLabel : public QCPItemText {
public:
    using QCPItemText::QCPItemText;

    /// The text's box (QFontMetrics::boundingRect, as QCPItemText::draw computes it, but
    /// measured flush left so that the size does not depend on the alignment); cached.
    /// Only its size is meaningful.
    QRect textRect() const;
    /// Whether draw() lays the text out in textRect() (on screen: all but a turned label of
    /// several lines, which QCPItemText::draw lays out by its alignment).
    bool drawsOwnBox() const;

    /// A masked label draws nothing (RooflinePlot::setLabelsHidden: a course's prediction
    /// not answered yet); its visibility stays its layer's.
    void setMasked(bool masked) { m_masked = masked; }
    bool masked() const { return m_masked; }

protected:
    void draw(QCPPainter* painter) override;

private:
    /// The text drawn on a transparent pixmap, with a margin for glyph overhang.
    const QPixmap& textPicture(qreal devicePixelRatio) const;

    mutable QString m_laidOutText;
    mutable QFont m_laidOutFont;
    mutable int m_laidOutFlags = -1;
    mutable QRect m_textRect;
    mutable QStaticText m_staticText;
    mutable QPixmap m_picture;
    mutable bool m_pictureStale = true;
    mutable QColor m_pictureColour;
    bool m_masked = false;
};

/// Where QCPItemText::getTextDrawPoint puts the top left of a box of `size` for an anchor at
/// the origin (the footprint and the scene place a label's box as its drawing does).
QPointF textDrawPoint(const QSizeF& size, Qt::Alignment alignment);

/// Sets `label` up as a plot label: anchored by `alignment`, clipped to the axis rect, not
/// selectable. Returns it.
PlotLabel* plotLabel(PlotLabel* label, Qt::Alignment alignment);

/// `text` on two lines, broken at the `separator` nearest its middle: a separator that starts
/// with a space is replaced by the break ("a b c" → "a\nb c"), any other keeps its first
/// character at the end of the first line (", " → ",\n"). `text` as it is without one.
QString brokenNearMiddle(const QString& text, const QString& separator);

/// A QCPItemRect without a pen (the region tints), filled in bands of rows: Qt's raster
/// engine hands a fill of 96 or more rows to its thread pool and waits for it, and on two
/// busy cores the hand-off costs more than the fill itself.
class TintRect : public QCPItemRect {
public:
    using QCPItemRect::QCPItemRect;

protected:
    void draw(QCPPainter* painter) override;
};

/// A polyline's or a point's coordinates, for QCPGraph::setData.
inline QVector<double> vec(std::initializer_list<double> values) { return QVector<double>(values); }

/// A scatter style drawn once into a pixmap: many markers then cost a blit each instead of
/// an antialiased path each (the vector style at a device pixel ratio other than 1).
QCPScatterStyle pixmapScatter(QCPScatterStyle::ScatterShape shape, const QPen& pen,
                              const QBrush& brush, double size, double devicePixelRatio);

/// Cuts a roof (a polyline rising or level in x and y, straight in log-log) to the part
/// inside the view, ends on its edges. Painters clip it anyway, but Qt 6.4's SVG writer
/// ignores clipping: unclipped, the interconnect roof runs through the tick labels into the
/// legend of an exported SVG. Such a line meets the view in one piece.
void clipToView(QCPGraph* graph, const QCPRange& xr, const QCPRange& yr);

}  // namespace roofline::ui
