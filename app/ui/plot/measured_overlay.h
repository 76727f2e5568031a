// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file measured_overlay.h
/// Measured results on the roofline (File › Import measured results…, View › Clear
/// measured results, `roofline-explorer --measured FILE`). Each row a file keeps
/// (roofline/io/measured.h) is a neutral marker at the intensity the model computes for
/// its own scenario and at the FLOP/s it achieved (roofline/measured.h), with its
/// efficiency in its tooltip. Rows on other hardware than the current scenario are drawn
/// too, at their own scenario's intensity, and their tooltip says so.
///
/// The rows do not depend on the sliders: they are analysed once, when imported, and drawn
/// in the plot's cached roof picture (RooflinePlot::setOverlay), so a slider step costs
/// nothing more. Only a tooltip reads the current scenario (its ceilings and hardware).

#include <array>
#include <vector>

#include <QObject>
#include <QString>

#include "plot/plot_layer.h"
#include "roofline/io/measured.h"
#include "roofline/scenario.h"

class QCPGraph;

namespace roofline::ui {

class RooflinePlot;

class MeasuredOverlay : public QObject, public PlotLayer {
    Q_OBJECT
public:
    /// Draws on `plot`; `current` (may be null; it must outlive the overlay) is the current
    /// scenario, read by the tooltips. The document reads files (loadMeasured).
    MeasuredOverlay(RooflinePlot* plot, const Scenario* current, QObject* parent = nullptr);

    /// Shows the kept rows of an already parsed file, replacing any shown before.
    void setFile(const io::MeasuredFile& file);
    void clear();

    bool isEmpty() const { return m_rows.empty(); }
    std::size_t size() const { return m_rows.size(); }
    /// The markers: one point per kept row, x in FLOP/byte, y in TFLOP/s, in file order.
    QCPGraph* markers() const { return m_markers; }
    QString layerName() const override { return QStringLiteral("measured"); }
    /// One point per kept row in view, named by the markers' legend text.
    void describe(SceneWriter& scene) const override;
    /// The tooltip of row `index` as it reads now (current ceilings and hardware).
    QString tooltip(std::size_t index) const;

signals:
    void changed();

private:
    struct Row {
        io::MeasuredRow row;
        /// Placed under peak and achievable ceilings: the point is the same, the prediction
        /// and so the efficiency differ; tooltips follow the current scenario's choice.
        std::array<MeasuredPlacement, 2> placements;
    };
    void applyStyle();
    void show();

    RooflinePlot* m_plot;
    const Scenario* m_current;
    QCPGraph* m_markers = nullptr;
    std::vector<Row> m_rows;
    bool m_countedByRow = false;
};

}  // namespace roofline::ui
