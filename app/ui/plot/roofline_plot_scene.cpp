// SPDX-License-Identifier: GPL-3.0-or-later
// RooflinePlot's scene description (plot_scene.h): what each concern of the plot drew, at
// the current layout, read back from its items. The compare scenarios and the measured
// results are layers of their own (plot_layer.h) and describe themselves.

#include <QAccessible>

#include "plot/baseline_layer.h"
#include "plot/operator_layer.h"
#include "plot/roofline_plot.h"

namespace roofline::ui {

PlotScene RooflinePlot::scene() const {
    PlotScene scene;
    scene.widget = size();
    scene.plotRect = QRectF(m_plot->axisRect()->rect());
    SceneWriter w(scene);

    w.setLayer(QStringLiteral("regions"));
    w.rect(m_memoryRegion, QStringLiteral("region"), QStringLiteral("memory-bound"));
    w.rect(m_computeRegion, QStringLiteral("region"), QStringLiteral("compute-bound"));
    w.label(m_memoryRegionLabel);
    w.label(m_computeRegionLabel);

    w.setLayer(QStringLiteral("roofs"));
    // Roof labels are in m_roofGroups' order: the one in use first, then the others in
    // the order the other roofs' graphs took them (updateRoofGeometry()).
    const bool firstInUse = !m_roofGroups.empty() && m_roofGroups.front().inUse;
    w.polyline(m_roofInUse, QStringLiteral("roof"),
               firstInUse ? m_roofLabelItems.front()->text() : QString());
    w.polyline(m_slopeExtension, QStringLiteral("roof"), tr("memory slope, extended"));
    std::size_t label = firstInUse ? 1 : 0;
    for (const QCPGraph* roof : m_otherRoofGraphs) {
        const QString text = label < m_roofLabelItems.size() && m_roofLabelItems[label]->visible()
                                 ? m_roofLabelItems[label]->text()
                                 : QString();
        if (roof->visible()) {
            w.polyline(roof, QStringLiteral("roof"), text);
            ++label;
        }
    }
    w.polyline(m_interconnectRoof, QStringLiteral("roof"), m_interconnectLabel->text());
    for (const PlotLabel* roofLabel : m_roofLabelItems) {
        w.label(roofLabel);
    }
    w.label(m_hbmLabel);
    w.label(m_interconnectLabel);
    w.points(m_ridgeMarker, QStringLiteral("ridge"), m_ridgeLabel->text());
    w.line(m_ridgeDrop, QStringLiteral("drop"), m_ridgeLabel->text());
    w.label(m_ridgeLabel);

    w.setLayer(m_operators->layerName());
    m_operators->describe(w);

    w.setLayer(QStringLiteral("trail"));
    w.curve(m_trail, QStringLiteral("trail"));
    w.curve(m_trailBeyond, QStringLiteral("trail"));
    w.points(m_criticalMark, QStringLiteral("point"));
    w.points(m_memoryWallMark, QStringLiteral("point"));
    for (const PlotLabel* trailLabel :
         {m_trailStartLabel, m_trailEndLabel, m_criticalLabel, m_memoryWallLabel}) {
        w.label(trailLabel);
    }

    w.setLayer(QStringLiteral("points"));
    w.points(m_prefillPoint, QStringLiteral("point"));
    w.points(m_decodePoint, QStringLiteral("point"));
    w.points(m_specPoints, QStringLiteral("point"));
    w.points(m_prefillLink, QStringLiteral("point"));
    w.points(m_decodeLink, QStringLiteral("point"));
    for (const PlotLabel* pointLabel :
         {m_prefillLabel, m_decodeLabel, m_verifyLabel, m_draftLabel}) {
        w.label(pointLabel);
    }

    w.setLayer(m_baselineLayer->layerName());
    m_baselineLayer->describe(w);

    w.setLayer(QStringLiteral("labels"));
    for (const auto& [leaderLabel, leader] : m_leaders) {
        w.line(leader, QStringLiteral("leader"), leaderLabel->text());
    }

    w.setLayer(m_compare->layerName());
    m_compare->describe(w);
    if (m_overlayLayer != nullptr && m_overlayDescriber != nullptr) {
        w.setLayer(m_overlayDescriber->layerName());
        m_overlayDescriber->describe(w);
    }

    w.setLayer(QStringLiteral("legend"));
    w.legend(m_plot->legend);
    return scene;
}

void RooflinePlot::updateAccessibleDescription() {
    // Reading the scene back costs more than a slider step may: only for a listener.
    if (QAccessible::isActive()) {
        setAccessibleDescription(describeScene(scene()));
    }
}

}  // namespace roofline::ui
