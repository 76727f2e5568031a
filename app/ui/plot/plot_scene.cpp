// SPDX-License-Identifier: GPL-3.0-or-later
#include "plot_scene.h"

#include <algorithm>

#include <QFontMetrics>
#include <QJsonArray>
#include <QObject>
#include <QStringList>
#include <QTransform>
#include <qcustomplot.h>

#include "plot/plot_items.h"

namespace roofline::ui {
namespace {

QJsonArray rectJson(const QRectF& r) { return QJsonArray{r.x(), r.y(), r.width(), r.height()}; }

/// `r` cut to `area`, lines (no width or height) included; null when they do not meet.
QRectF clamped(const QRectF& r, const QRectF& area) {
    const double left = std::max(r.left(), area.left());
    const double right = std::min(r.right(), area.right());
    const double top = std::max(r.top(), area.top());
    const double bottom = std::min(r.bottom(), area.bottom());
    if (left > right || top > bottom) {
        return {};
    }
    return {QPointF(left, top), QPointF(right, bottom)};
}

QRectF axisRectOf(const QCPAbstractPlottable* plottable) {
    const QCPAxis* axis = plottable->keyAxis();
    const QCPAxisRect* rect = axis != nullptr ? axis->axisRect() : nullptr;
    return rect != nullptr ? QRectF(rect->rect()) : QRectF();
}

}  // namespace

double SceneItem::value(const QString& key, double fallback) const {
    const auto it = std::find_if(data.begin(), data.end(),
                                 [&](const auto& entry) { return entry.first == key; });
    return it != data.end() ? it->second : fallback;
}

std::vector<const SceneItem*> PlotScene::ofKind(const QString& kind, const QString& layer) const {
    std::vector<const SceneItem*> found;
    for (const SceneItem& item : items) {
        if (item.kind == kind && (layer.isEmpty() || item.layer == layer)) {
            found.push_back(&item);
        }
    }
    return found;
}

const SceneItem* PlotScene::find(const QString& kind, const QString& prefix) const {
    const auto it = std::find_if(items.begin(), items.end(), [&](const SceneItem& item) {
        return item.kind == kind && item.text.startsWith(prefix);
    });
    return it != items.end() ? &*it : nullptr;
}

QPolygonF paintedTextOutline(const QCPItemText& label) {
    // As QCPItemText::draw (and PlotLabel::draw) lay it out: the text's box, padded, is
    // aligned to the anchor, then turned about the anchor.
    const QMargins pad = label.padding();
    // (QCPItemText::mainFont() is protected: it is the selected font while selected.)
    const QFont font = label.selected() ? label.selectedFont() : label.font();
    const auto* own = dynamic_cast<const PlotLabel*>(&label);
    const bool ownBox = own != nullptr && own->drawsOwnBox();
    const QRect text =
        ownBox ? own->textRect()  // PlotLabel::draw's box, measured flush left
               : QFontMetrics(font).boundingRect(
                     0, 0, 0, 0, static_cast<int>(Qt::TextDontClip | label.textAlignment()),
                     label.text());
    const QRect box = text.adjusted(-pad.left(), -pad.top(), pad.right(), pad.bottom());
    QPointF at = textDrawPoint(box.size(), label.positionAlignment());
    // Upright, or by QCPItemText::draw, the box is put on whole pixels; PlotLabel::draw
    // leaves a turned one where it was placed.
    if (!ownBox || qFuzzyIsNull(label.rotation())) {
        at = at.toPoint();
    }
    const QRectF shown(at + QPointF(pad.left(), pad.top()), QSizeF(text.size()));
    const QPointF anchor = label.position->pixelPosition();
    QTransform transform;
    transform.translate(anchor.x(), anchor.y());
    if (!qFuzzyIsNull(label.rotation())) {
        transform.rotate(label.rotation());
    }
    return transform.map(QPolygonF(shown));
}

double markHalfSide(const QCPGraph& graph) {
    const QCPScatterStyle& style = graph.scatterStyle();
    if (style.isNone()) {
        return -1.0;
    }
    if (style.shape() == QCPScatterStyle::ssPixmap) {
        const QPixmap& pixmap = style.pixmap();
        return std::max(pixmap.width(), pixmap.height()) / pixmap.devicePixelRatio() / 2.0;
    }
    const QPen pen = style.isPenDefined() ? style.pen() : graph.pen();
    return style.size() / 2.0 + pen.widthF() / 2.0;
}

void SceneWriter::add(SceneItem item) {
    if (item.layer.isEmpty()) {
        item.layer = m_layer;
    }
    m_scene.items.push_back(std::move(item));
}

void SceneWriter::label(const QCPItemText* label, const QString& kind) {
    if (label == nullptr || !label->realVisibility() || label->text().isEmpty()) {
        return;
    }
    // A label masked for a course's question draws nothing (plot_items.h).
    if (const auto* shown = dynamic_cast<const PlotLabel*>(label);
        shown != nullptr && shown->masked()) {
        return;
    }
    QPolygonF outline = paintedTextOutline(*label);
    outline.removeLast();  // QPolygonF(QRectF) closes the polygon: four corners are enough
    SceneItem item{m_layer, kind, label->text(), outline.boundingRect(), outline, {}};
    if (!qFuzzyIsNull(label->rotation())) {
        item.data.emplace_back(QStringLiteral("rotation"), label->rotation());
    }
    if (label->position->type() == QCPItemPosition::ptPlotCoords) {
        item.data.emplace_back(QStringLiteral("x"), label->position->key());
        item.data.emplace_back(QStringLiteral("y"), label->position->value());
    }
    add(std::move(item));
}

void SceneWriter::points(const QCPGraph* graph, const QString& kind, const QString& text) {
    if (graph == nullptr || !graph->realVisibility()) {
        return;
    }
    const double half = markHalfSide(*graph);
    if (half < 0.0) {
        return;
    }
    const QRectF area = axisRectOf(graph);
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
        const QPointF p = graph->coordsToPixels(it->key, it->value);
        if (!area.contains(p)) {
            continue;  // clipped away
        }
        add({m_layer,
             kind,
             text.isEmpty() ? graph->name() : text,
             QRectF(p.x() - half, p.y() - half, 2 * half, 2 * half),
             {},
             {{QStringLiteral("x"), it->key}, {QStringLiteral("y"), it->value}}});
    }
}

void SceneWriter::polyline(const QCPGraph* graph, const QString& kind, const QString& text) {
    if (graph == nullptr || !graph->realVisibility() || graph->data()->size() < 2) {
        return;
    }
    QPolygonF pixels;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
        pixels << graph->coordsToPixels(it->key, it->value);
    }
    const QRectF box = clamped(pixels.boundingRect(), axisRectOf(graph));
    if (box.isNull()) {
        return;  // wholly outside the view
    }
    const auto first = graph->data()->constBegin();
    const auto last = std::prev(graph->data()->constEnd());
    add({m_layer,
         kind,
         text.isEmpty() ? graph->name() : text,
         box,
         {},
         {{QStringLiteral("x0"), first->key},
          {QStringLiteral("y0"), first->value},
          {QStringLiteral("x1"), last->key},
          {QStringLiteral("y1"), last->value}}});
}

void SceneWriter::curve(const QCPCurve* curve, const QString& kind, const QString& text) {
    if (curve == nullptr || !curve->realVisibility() || curve->data()->isEmpty()) {
        return;
    }
    const QRectF area = axisRectOf(curve);
    QPolygonF shown;
    for (auto it = curve->data()->constBegin(); it != curve->data()->constEnd(); ++it) {
        const QPointF p = curve->coordsToPixels(it->key, it->value);
        if (area.contains(p)) {
            shown << p;
        }
    }
    if (shown.isEmpty()) {
        return;
    }
    const QRectF box = shown.boundingRect();
    const auto first = curve->data()->constBegin();
    const auto last = std::prev(curve->data()->constEnd());
    add({m_layer,
         kind,
         text.isEmpty() ? curve->name() : text,
         box,
         {},
         {{QStringLiteral("count"), static_cast<double>(curve->data()->size())},
          {QStringLiteral("x0"), first->key},
          {QStringLiteral("y0"), first->value},
          {QStringLiteral("x1"), last->key},
          {QStringLiteral("y1"), last->value}}});
}

void SceneWriter::line(const QCPItemLine* line, const QString& kind, const QString& text) {
    if (line == nullptr || !line->realVisibility()) {
        return;
    }
    const QPointF a = line->start->pixelPosition();
    const QPointF b = line->end->pixelPosition();
    SceneItem item{m_layer, kind, text, QRectF(a, b).normalized(), {}, {}};
    if (line->start->type() == QCPItemPosition::ptPlotCoords) {
        item.data = {{QStringLiteral("x0"), line->start->key()},
                     {QStringLiteral("y0"), line->start->value()},
                     {QStringLiteral("x1"), line->end->key()},
                     {QStringLiteral("y1"), line->end->value()}};
    }
    add(std::move(item));
}

void SceneWriter::rect(const QCPItemRect* rect, const QString& kind, const QString& text) {
    if (rect == nullptr || !rect->realVisibility()) {
        return;
    }
    const QRectF r = QRectF(rect->topLeft->pixelPosition(), rect->bottomRight->pixelPosition())
                         .normalized()
                         .intersected(QRectF(rect->clipAxisRect()->rect()));
    if (r.isEmpty()) {
        return;
    }
    add({m_layer, kind, text, r, {}, {}});
}

void SceneWriter::legend(const QCPLegend* legend) {
    if (legend == nullptr || !legend->realVisibility()) {
        return;
    }
    for (int i = 0; i < legend->itemCount(); ++i) {
        QCPAbstractLegendItem* entry = legend->item(i);
        if (entry == nullptr || !entry->realVisibility()) {
            continue;
        }
        auto* plottable = qobject_cast<QCPPlottableLegendItem*>(entry);
        add({m_layer,
             QStringLiteral("legend"),
             plottable != nullptr ? plottable->plottable()->name() : QString(),
             QRectF(entry->outerRect()),
             {},
             {}});
    }
}

QJsonObject sceneToJson(const PlotScene& scene, const QPoint& offset, const QSize& window) {
    QJsonArray items;
    for (const SceneItem& item : scene.items) {
        QJsonObject data;
        for (const auto& [key, value] : item.data) {
            data.insert(key, value);
        }
        items.append(QJsonObject{{QStringLiteral("layer"), item.layer},
                                 {QStringLiteral("kind"), item.kind},
                                 {QStringLiteral("text"), item.text},
                                 {QStringLiteral("rect"), rectJson(item.rect.translated(offset))},
                                 {QStringLiteral("data"), data}});
    }
    return QJsonObject{
        {QStringLiteral("window"), QJsonObject{{QStringLiteral("width"), window.width()},
                                               {QStringLiteral("height"), window.height()}}},
        {QStringLiteral("plot"),
         QJsonObject{{QStringLiteral("rect"), rectJson(scene.plotRect.translated(offset))}}},
        {QStringLiteral("items"), items}};
}

QString describeScene(const PlotScene& scene) {
    // One sentence per layer that wrote something: its labels' texts, one line each folded.
    QStringList sentences;
    QString layer;
    QStringList texts;
    const auto flush = [&] {
        if (!texts.isEmpty()) {
            sentences << QStringLiteral("%1: %2.").arg(layer, texts.join(QStringLiteral("; ")));
        }
        texts.clear();
    };
    for (const SceneItem& item : scene.items) {
        if (item.layer != layer) {
            flush();
            layer = item.layer;
        }
        if (item.kind == QLatin1String("label") && !item.text.isEmpty()) {
            texts << QString(item.text).replace(QLatin1Char('\n'), QLatin1Char(' '));
        }
    }
    flush();
    return QObject::tr(
               "Roofline plot, log-log: arithmetic intensity (FLOP/byte) across, "
               "attainable performance (TFLOP/s) up. ") +
           sentences.join(QLatin1Char(' '));
}

}  // namespace roofline::ui
