// SPDX-License-Identifier: GPL-3.0-or-later
#include "plot_items.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace roofline::ui {
namespace {

/// Below the 96 rows at which the raster engine's fills go to its thread pool.
constexpr int kBandRows = 64;
/// Room around a text picture for glyphs that overhang their advance box.
constexpr int kInk = 2;

bool rasterPainter(const QCPPainter* painter) {
    return painter->paintEngine() != nullptr &&
           painter->paintEngine()->type() == QPaintEngine::Raster;
}

}  // namespace

QString brokenNearMiddle(const QString& text, const QString& separator) {
    qsizetype best = -1;
    for (qsizetype at = text.indexOf(separator, 1); at > 0; at = text.indexOf(separator, at + 1)) {
        if (best < 0 || std::abs(at - text.size() / 2) < std::abs(best - text.size() / 2)) {
            best = at;
        }
    }
    if (best < 0) {
        return text;
    }
    const QString kept = separator.startsWith(QLatin1Char(' ')) ? QString() : separator.left(1);
    return text.left(best) + kept + QLatin1Char('\n') + text.mid(best + separator.size());
}

QPointF textDrawPoint(const QSizeF& size, Qt::Alignment alignment) {
    QPointF at(0.0, 0.0);
    if (alignment.testFlag(Qt::AlignHCenter)) {
        at.rx() -= size.width() / 2.0;
    } else if (alignment.testFlag(Qt::AlignRight)) {
        at.rx() -= size.width();
    }
    if (alignment.testFlag(Qt::AlignVCenter)) {
        at.ry() -= size.height() / 2.0;
    } else if (alignment.testFlag(Qt::AlignBottom)) {
        at.ry() -= size.height();
    }
    return at;
}

PlotLabel* plotLabel(PlotLabel* label, Qt::Alignment alignment) {
    label->setPositionAlignment(alignment);
    label->setClipToAxisRect(true);
    label->setSelectable(false);
    return label;
}

bool PlotLabel::drawsOwnBox() const {
    return qFuzzyIsNull(rotation()) || !text().contains(QLatin1Char('\n'));
}

QRect PlotLabel::textRect() const {
    const QFont& font = mainFont();
    const auto flags = static_cast<int>(Qt::TextDontClip | textAlignment());
    if (flags != m_laidOutFlags || text() != m_laidOutText || font != m_laidOutFont) {
        m_laidOutFlags = flags;
        m_laidOutText = text();
        m_laidOutFont = font;
        // The size of the text laid out flush left whatever its alignment: flush right,
        // QFontMetrics rounds a fractional width the other way (35 px, not 36, for "B=2" at
        // 12.15 pt), so a label the placer measured on one side and set flush right on the
        // other was a pixel narrower at the next placement, and moved by one.
        const int measured =
            (flags & ~static_cast<int>(Qt::AlignHorizontal_Mask)) | static_cast<int>(Qt::AlignLeft);
        m_textRect = QFontMetrics(font).boundingRect(0, 0, 0, 0, measured, text());
        m_staticText.setText(text());
        m_staticText.setTextFormat(Qt::PlainText);
        m_pictureStale = true;
    }
    return m_textRect;
}

const QPixmap& PlotLabel::textPicture(qreal devicePixelRatio) const {
    const QRect box = textRect();
    const QSize size = (box.size() + QSize(2 * kInk, 2 * kInk)) * devicePixelRatio;
    if (m_pictureStale || m_pictureColour != mainColor() || m_picture.size() != size ||
        m_picture.devicePixelRatio() != devicePixelRatio) {
        if (m_picture.size() != size) {
            m_picture = QPixmap(size);
        }
        m_picture.setDevicePixelRatio(devicePixelRatio);
        m_picture.fill(Qt::transparent);
        QPainter painter(&m_picture);
        painter.setFont(mainFont());
        painter.setPen(mainColor());
        painter.drawText(QRect(QPoint(kInk, kInk), box.size()), m_laidOutFlags, text());
        m_pictureColour = mainColor();
        m_pictureStale = false;
    }
    return m_picture;
}

void PlotLabel::draw(QCPPainter* painter) {
    if (m_masked) {
        return;
    }
    // QCPItemText::draw with the cached box, picture and layout. Turned, a single line
    // only: several lines are aligned within the box, which a static text does not do.
    if (!rasterPainter(painter) || !drawsOwnBox()) {
        QCPItemText::draw(painter);
        return;
    }
    const QPointF pos = position->pixelPosition();
    QTransform transform = painter->transform();
    transform.translate(pos.x(), pos.y());
    if (!qFuzzyIsNull(rotation())) {
        transform.rotate(rotation());
    }
    painter->setFont(mainFont());
    const QMargins pad = padding();
    const QRect text = textRect();
    const QRect padded = text.adjusted(-pad.left(), -pad.top(), pad.right(), pad.bottom());
    QPointF at = getTextDrawPoint(QPointF(0, 0), padded, positionAlignment());
    const bool upright = transform.type() <= QTransform::TxTranslate;
    if (upright) {
        at = at.toPoint();  // on whole pixels, as glyphs are placed
    }
    // Turned, the box stays exactly where the placer put it (label_placer.h): rounded, it
    // lay half a pixel along the slope from there, onto a marker the placer had cleared.
    const QRectF box(at, QSizeF(padded.size()));
    const QRectF textBox(at + QPointF(pad.left(), pad.top()), QSizeF(text.size()));
    const double clipPad = std::floor(mainPen().widthF());
    const QRectF bounds = box.adjusted(-clipPad, -clipPad, clipPad, clipPad);
    if (!transform.mapRect(bounds).intersects(QRectF(painter->transform().mapRect(clipRect())))) {
        return;
    }
    painter->setTransform(transform);
    if ((mainBrush().style() != Qt::NoBrush && mainBrush().color().alpha() != 0) ||
        (mainPen().style() != Qt::NoPen && mainPen().color().alpha() != 0)) {
        painter->setPen(mainPen());
        painter->setBrush(mainBrush());
        if (upright) {
            painter->drawRect(box.toRect());
        } else {
            painter->drawRect(box);
        }
    }
    painter->setBrush(Qt::NoBrush);
    if (upright) {
        // The picture is copied, not resampled.
        const QPoint corner = transform.map(textBox.topLeft()).toPoint();
        painter->setTransform(QTransform());
        painter->drawPixmap(corner - QPoint(kInk, kInk),
                            textPicture(painter->device()->devicePixelRatioF()));
        return;
    }
    painter->setPen(QPen(mainColor()));
    painter->drawStaticText(textBox.topLeft(), m_staticText);
}

/// A scatter style drawn once into a pixmap: many markers then cost a blit each instead of
/// an antialiased path each.
QCPScatterStyle pixmapScatter(QCPScatterStyle::ScatterShape shape, const QPen& pen,
                              const QBrush& brush, double size, double devicePixelRatio) {
    QCPScatterStyle vector(shape, pen, brush, size);
    // QCPScatterStyle centres a pixmap by its size in device pixels, not in logical ones:
    // at a device pixel ratio of 2 every mark (and the legend's) would sit up and left of
    // its place. There the vector mark is drawn instead.
    if (devicePixelRatio != 1.0) {
        return vector;
    }
    const int side = static_cast<int>(std::ceil(size + pen.widthF() + 2.0));
    QPixmap pixmap(QSize(side, side) * devicePixelRatio);
    pixmap.setDevicePixelRatio(devicePixelRatio);
    pixmap.fill(Qt::transparent);
    QCPPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    vector.applyTo(&painter, pen);
    vector.drawShape(&painter, side / 2.0, side / 2.0);
    painter.end();
    return QCPScatterStyle(pixmap);
}

void clipToView(QCPGraph* graph, const QCPRange& xr, const QCPRange& yr) {
    const QSharedPointer<QCPGraphDataContainer> data = graph->data();
    if (data->size() < 2 || !(xr.lower > 0.0) || !(yr.lower > 0.0)) {
        return;
    }
    const double lo[2] = {std::log10(xr.lower), std::log10(yr.lower)};
    const double hi[2] = {std::log10(xr.upper), std::log10(yr.upper)};
    QVector<double> xs;
    QVector<double> ys;
    const auto push = [&](double x, double y) {
        if (xs.isEmpty() || xs.back() != x || ys.back() != y) {
            xs.push_back(x);
            ys.push_back(y);
        }
    };
    for (auto it = data->constBegin(); std::next(it) != data->constEnd(); ++it) {
        const auto next = std::next(it);
        if (!(it->key > 0.0) || !(it->value > 0.0) || !(next->key > 0.0) || !(next->value > 0.0)) {
            continue;
        }
        const double p0[2] = {std::log10(it->key), std::log10(it->value)};
        const double d[2] = {std::log10(next->key) - p0[0], std::log10(next->value) - p0[1]};
        double t0 = 0.0;
        double t1 = 1.0;
        bool visible = true;
        for (int axis = 0; axis < 2 && visible; ++axis) {  // Liang-Barsky
            for (const auto& [p, q] : {std::pair{-d[axis], p0[axis] - lo[axis]},
                                       std::pair{d[axis], hi[axis] - p0[axis]}}) {
                if (p == 0.0) {
                    visible = visible && q >= 0.0;
                } else if (p < 0.0) {
                    t0 = std::max(t0, q / p);
                } else {
                    t1 = std::min(t1, q / p);
                }
            }
        }
        if (!visible || t0 > t1) {
            continue;
        }
        const auto at = [&](double t, double keepX, double keepY, bool exact) {
            if (exact) {
                push(keepX, keepY);
            } else {
                push(std::pow(10.0, p0[0] + t * d[0]), std::pow(10.0, p0[1] + t * d[1]));
            }
        };
        at(t0, it->key, it->value, t0 == 0.0);
        at(t1, next->key, next->value, t1 == 1.0);
    }
    graph->setData(xs, ys, true);
}

void TintRect::draw(QCPPainter* painter) {
    if (!rasterPainter(painter) || mainPen().style() != Qt::NoPen) {
        QCPItemRect::draw(painter);
        return;
    }
    const QRectF rect = QRectF(topLeft->pixelPosition(), bottomRight->pixelPosition()).normalized();
    const QRect area = rect.intersected(QRectF(clipRect())).toRect();
    for (int y = area.top(); y <= area.bottom(); y += kBandRows) {
        const int rows = std::min(kBandRows, area.bottom() - y + 1);
        painter->fillRect(QRect(area.left(), y, area.width(), rows), mainBrush());
    }
}

}  // namespace roofline::ui
