// SPDX-License-Identifier: GPL-3.0-or-later
// RooflinePlot's scene description (plot_scene.h): what each layer of the plot drew, at the
// current layout, read back from its items; each layer (plot_layer.h) describes itself.

#include <QAccessible>
#include <QFontMetricsF>

#include "plot/baseline_layer.h"
#include "plot/operator_layer.h"
#include "plot/roofline_plot.h"

namespace roofline::ui {

PlotScene RooflinePlot::scene() const {
    PlotScene scene;
    scene.widget = size();
    scene.plotRect = QRectF(m_plot->axisRect()->rect());
    SceneWriter w(scene);

    // Bottom to top; a layer may report parts of itself under names of their own (the
    // roof layer's "regions", the points layer's "trail").
    for (const PlotLayer* layer : std::initializer_list<const PlotLayer*>{
             m_roof.get(), m_operators.get(), m_estimate.get(), m_points.get(),
             m_baselineLayer.get(), m_labels.get(), m_compare.get()}) {
        w.setLayer(layer->layerName());
        layer->describe(w);
    }
    if (m_overlayLayer != nullptr && m_overlayDescriber != nullptr) {
        w.setLayer(m_overlayDescriber->layerName());
        m_overlayDescriber->describe(w);
    }

    w.setLayer(QStringLiteral("legend"));
    w.legend(m_plot->legend);

    // The axis titles, each centred on its side of the axis rect and at the outer edge of
    // its margin, as QCPAxis draws them: a title longer than its side runs off the plot.
    w.setLayer(QStringLiteral("axes"));
    const QRect r = m_plot->axisRect()->rect();
    const QMargins margins = m_plot->axisRect()->margins();
    for (const QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        if (!axis->visible() || axis->label().isEmpty()) {
            continue;
        }
        const QFontMetricsF metrics(axis->labelFont());
        const double length = metrics.horizontalAdvance(axis->label());
        const double thickness = metrics.height();
        const QRectF title =
            axis == m_plot->yAxis
                ? QRectF(r.left() - margins.left(), r.center().y() - length / 2.0, thickness,
                         length)
                : QRectF(r.center().x() - length / 2.0, r.bottom() + margins.bottom() - thickness,
                         length, thickness);
        w.add({QStringLiteral("axes"), QStringLiteral("axis"), axis->label(), title, {}, {}});
    }
    return scene;
}

void RooflinePlot::updateAccessibleDescription() {
    // Reading the scene back costs more than a slider step may: only for a listener.
    if (QAccessible::isActive()) {
        setAccessibleDescription(describeScene(scene()));
    }
}

}  // namespace roofline::ui
