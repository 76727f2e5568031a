// SPDX-License-Identifier: GPL-3.0-or-later
#include "plot_footprint.h"

#include <algorithm>
#include <cmath>

#include <QTransform>

namespace roofline::ui {
namespace {

/// Antialiasing reaches a pixel past the geometry, and glyphs may overhang their box.
constexpr int kMargin = 3;
/// How far outside the clip a clamped coordinate may lie (see clamped()).
constexpr double kClampPad = 64.0;

/// QCPLayer::draw clips each item to its axis rect moved up by one pixel: cover both.
QRect clipOf(const QCPAxisRect* axisRect) { return axisRect->rect().adjusted(-1, -1, 1, 1); }

/// A pixel position pulled to just outside `clip`: points far off screen (log axes map
/// them to 1e30 pixels) stay integers, and a rectangle's part inside `clip` is unchanged.
QPoint clamped(const QPointF& p, const QRect& clip) {
    return {static_cast<int>(std::clamp(p.x(), clip.left() - kClampPad, clip.right() + kClampPad)),
            static_cast<int>(std::clamp(p.y(), clip.top() - kClampPad, clip.bottom() + kClampPad))};
}

bool finite(const QPointF& p) { return std::isfinite(p.x()) && std::isfinite(p.y()); }

/// The square a scatter mark of `radius` around `centre` may paint.
QRect around(const QPoint& centre, double radius) {
    const int r = static_cast<int>(std::ceil(radius)) + kMargin;
    return {centre.x() - r, centre.y() - r, 2 * r + 1, 2 * r + 1};
}

/// Half the extent of one scatter mark; negative when the style draws none.
double markRadius(const QCPScatterStyle& style, const QPen& plottablePen) {
    if (style.isNone()) {
        return -1.0;
    }
    if (style.shape() == QCPScatterStyle::ssPixmap) {
        // QCPScatterStyle centres pixmaps by their device-pixel size: allow for that.
        const QPixmap& pixmap = style.pixmap();
        const double ratio = std::max(1.0, 1.0 / pixmap.devicePixelRatio());
        return std::max(pixmap.width(), pixmap.height()) * ratio / 2.0;
    }
    const QPen pen = style.isPenDefined() ? style.pen() : plottablePen;
    return style.size() / 2.0 + std::max(1.0, pen.widthF());
}

}  // namespace

QRegion footprint(const QCPGraph& graph) {
    const QCPAxis* keyAxis = graph.keyAxis();
    if (!graph.realVisibility() || keyAxis == nullptr || graph.valueAxis() == nullptr) {
        return {};
    }
    const QRect clip = clipOf(keyAxis->axisRect());
    if (graph.lineStyle() != QCPGraph::lsNone) {
        return clip;
    }
    const double radius = markRadius(graph.scatterStyle(), graph.pen());
    if (radius < 0.0) {
        return {};
    }
    QRegion region;
    for (auto it = graph.data()->constBegin(); it != graph.data()->constEnd(); ++it) {
        const QPointF pixel = graph.coordsToPixels(it->key, it->value);
        if (finite(pixel)) {
            region += around(clamped(pixel, clip), radius);
        }
    }
    return region.intersected(clip);
}

QRegion footprint(const QCPCurve& curve) {
    const QCPAxis* keyAxis = curve.keyAxis();
    if (!curve.realVisibility() || keyAxis == nullptr || curve.valueAxis() == nullptr) {
        return {};
    }
    const QRect clip = clipOf(keyAxis->axisRect());
    const double radius = markRadius(curve.scatterStyle(), curve.pen());
    const bool lines = curve.lineStyle() != QCPCurve::lsNone && curve.pen().style() != Qt::NoPen;
    const int halfWidth = static_cast<int>(std::ceil(curve.pen().widthF() / 2.0)) + kMargin;
    QRegion region;
    bool havePrevious = false;
    QPoint previous;
    for (auto it = curve.data()->constBegin(); it != curve.data()->constEnd(); ++it) {
        const QPointF pixel = curve.coordsToPixels(it->key, it->value);
        if (!finite(pixel)) {
            havePrevious = false;  // QCPCurve breaks the line at a gap
            continue;
        }
        const QPoint at = clamped(pixel, clip);
        if (radius >= 0.0) {
            region += around(at, radius);
        }
        if (lines && havePrevious) {
            region += QRect(previous, at)
                          .normalized()
                          .adjusted(-halfWidth, -halfWidth, halfWidth, halfWidth);
        }
        previous = at;
        havePrevious = true;
    }
    return region.intersected(clip);
}

QRegion footprint(const PlotLabel& label) {
    if (!label.realVisibility()) {
        return {};
    }
    const QCPAxisRect* axisRect = label.clipAxisRect();
    const QRect clip = label.clipToAxisRect() && axisRect != nullptr
                           ? clipOf(axisRect)
                           : label.parentPlot()->viewport();
    // As QCPItemText::draw lays it out: the text's box plus padding, placed by the
    // position alignment, turned about the position by the label's rotation.
    const QMargins padding = label.padding();
    QRectF box = QRectF(label.textRect())
                     .adjusted(-padding.left(), -padding.top(), padding.right(), padding.bottom());
    const QPointF at = label.position->pixelPosition();
    if (!finite(at)) {
        return {};
    }
    box.moveTopLeft(textDrawPoint(box.size(), label.positionAlignment()));
    QTransform turn;
    turn.rotate(label.rotation());
    box = turn.mapRect(box);  // the box itself when not rotated
    const QPoint topLeft = clamped(at + box.topLeft(), clip);
    const int margin = kMargin + static_cast<int>(std::ceil(label.pen().widthF()));
    const QRect drawn(topLeft, QSize(static_cast<int>(std::ceil(box.width())) + 1,
                                     static_cast<int>(std::ceil(box.height())) + 1));
    return QRegion(drawn.adjusted(-margin, -margin, margin, margin)).intersected(clip);
}

QRegion footprint(const QCPItemLine& line) {
    if (!line.realVisibility()) {
        return {};
    }
    const QCPAxisRect* axisRect = line.clipAxisRect();
    const QRect clip = line.clipToAxisRect() && axisRect != nullptr ? clipOf(axisRect)
                                                                    : line.parentPlot()->viewport();
    const QPointF start = line.start->pixelPosition();
    const QPointF end = line.end->pixelPosition();
    if (!finite(start) || !finite(end)) {
        return {};
    }
    // A spike arrow's head reaches its length back along the line and half its width
    // sideways; a band of the larger of the two around the segment's box covers it.
    const double head = std::max(
        {line.head().length(), line.head().width(), line.tail().length(), line.tail().width()});
    const int pad = static_cast<int>(std::ceil(head + line.pen().widthF())) + kMargin;
    const QRect box = QRect(clamped(start, clip), clamped(end, clip)).normalized();
    return QRegion(box.adjusted(-pad, -pad, pad, pad)).intersected(clip);
}

}  // namespace roofline::ui
