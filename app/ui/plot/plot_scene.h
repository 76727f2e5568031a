// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file plot_scene.h
/// What the roofline plot drew, as data: every mark and label, with its kind, its text, the
/// rectangle it covers on the widget and the data coordinates it stands for. Each layer of
/// the plot (plot_layer.h) reports its own items. Tests of overlap, clipping and size read
/// the scene rather than the placer's requests; `roofline-explorer --scene FILE.json`
/// writes it beside the grabbed image (in window pixels); it also feeds the plot's
/// accessible description.
///
/// A text item's rectangle is the text as painted: the font's metrics of its lines, placed
/// and turned as QCPItemText::draw places and turns them, without the label's padding.

#include <utility>
#include <vector>

#include <QJsonObject>
#include <QPoint>
#include <QPolygonF>
#include <QRectF>
#include <QSize>
#include <QString>

class QCPCurve;
class QCPGraph;
class QCPItemLine;
class QCPItemRect;
class QCPItemText;
class QCPLegend;

namespace roofline::ui {

/// One thing drawn.
struct SceneItem {
    QString layer;  ///< the layer that drew it ("roofs", "points", "trail", …)
    /// label, point, roof, ridge, arrow, leader, trail, region, legend, operator
    QString kind;
    QString text;  ///< a label's text, a point's or a line's name
    QRectF rect;   ///< what it covers, in widget pixels
    /// A label's text as painted, its four corners (a turned label's box is turned; rect is
    /// then its bounding rectangle); empty for other kinds.
    QPolygonF outline;
    /// Data coordinates: x (FLOP/byte) and y (TFLOP/s) of a point, x0, y0, x1, y1 of a
    /// line's ends, count of a trail's points.
    std::vector<std::pair<QString, double>> data;
    /// The value of `key` in data, or `fallback`.
    double value(const QString& key, double fallback = 0.0) const;
};

struct PlotScene {
    QSize widget;     ///< the plot widget's size
    QRectF plotRect;  ///< the axis rect (where the data is drawn), widget pixels
    std::vector<SceneItem> items;

    /// The items of `kind`, of every layer (or of `layer` when it is not empty).
    std::vector<const SceneItem*> ofKind(const QString& kind, const QString& layer = {}) const;
    /// The first item of `kind` whose text starts with `prefix`; null when none.
    const SceneItem* find(const QString& kind, const QString& prefix) const;
};

/// The four corners of the box the text of `label` is painted in (widget pixels; turned
/// with the label).
QPolygonF paintedTextOutline(const QCPItemText& label);

/// Half the side of the square one scatter mark of `graph` covers; negative for none.
double markHalfSide(const QCPGraph& graph);

/// Collects a layer's items: the helpers turn QCustomPlot's items into scene items, and
/// leave out what is hidden or empty.
class SceneWriter {
public:
    explicit SceneWriter(PlotScene& scene) : m_scene(scene) {}

    /// The layer the next items belong to.
    void setLayer(const QString& layer) { m_layer = layer; }
    void add(SceneItem item);
    /// A visible label with text: its painted text rectangle and its anchor's coordinates.
    void label(const QCPItemText* label, const QString& kind = QStringLiteral("label"));
    /// Each point of a visible graph drawn with a scatter style, its mark's square, named
    /// `text` (the graph's name when empty).
    void points(const QCPGraph* graph, const QString& kind, const QString& text = {});
    /// A visible graph drawn as a line (a roof): the bounding box of its vertices in view.
    void polyline(const QCPGraph* graph, const QString& kind, const QString& text = {});
    /// A visible curve (a trail): the bounding box of its points in view.
    void curve(const QCPCurve* curve, const QString& kind, const QString& text = {});
    /// A visible line item (an arrow, a leader line).
    void line(const QCPItemLine* line, const QString& kind, const QString& text = {});
    /// A visible rectangle item (a region's tint), cut to the axis rect.
    void rect(const QCPItemRect* rect, const QString& kind, const QString& text);
    /// Each entry of a visible legend.
    void legend(const QCPLegend* legend);

private:
    PlotScene& m_scene;
    QString m_layer;
};

/// The scene as `roofline-explorer --scene` writes it: {"window": {"width", "height"},
/// "plot": {"rect": [x, y, w, h]}, "items": [{"layer", "kind", "text", "rect", "data"}]},
/// rectangles moved by `offset` (the plot widget's place in the window).
QJsonObject sceneToJson(const PlotScene& scene, const QPoint& offset, const QSize& window);

/// A few sentences for a screen reader: the roofs, the points and their labels' texts.
QString describeScene(const PlotScene& scene);

}  // namespace roofline::ui
