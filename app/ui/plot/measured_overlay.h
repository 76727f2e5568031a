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
///
/// Under the estimate ceiling a tooltip also gives the estimate's residual for its row: the
/// row's scenario analysed with Ceilings::Estimate and the calibration profile of the row's
/// hardware and the window's serving engine (io::resolveCalibration), its value of the
/// row's metric (roofline::modelValue) and measured / estimate − 1. It is worked out when a
/// tooltip first asks, once per row and engine.

#include <array>
#include <string>
#include <vector>

#include <QObject>
#include <QString>

#include "plot/plot_layer.h"
#include "roofline/io/measured.h"
#include "roofline/io/scenario_file.h"
#include "roofline/scenario.h"

class QCPGraph;

namespace roofline::ui {

class RooflinePlot;

class MeasuredOverlay : public QObject, public PlotLayer {
    Q_OBJECT
public:
    /// Draws on `plot`; `current` and `currentFile` (may be null; they must outlive the
    /// overlay) are the current scenario and its file, read by the tooltips (the ceilings,
    /// the hardware, the serving engine). The document reads files (loadMeasured).
    MeasuredOverlay(RooflinePlot* plot, const Scenario* current,
                    const io::ScenarioFile* currentFile = nullptr, QObject* parent = nullptr);

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
    /// The tooltip of row `index` as it reads now (current ceilings, hardware and engine).
    QString tooltip(std::size_t index) const;
    /// Row `index`'s estimate against its measured value with the profile of its hardware
    /// and `engine`: "estimate 9.33 ms, measured 10.6 ms: residual +13.6% (profile
    /// generic)"; why there is none when the profile does not load.
    QString estimateLine(std::size_t index, const std::string& engine,
                         const std::string& calibration) const;

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
    const io::ScenarioFile* m_currentFile;
    /// estimateLine() per row for m_estimateEngine, worked out as tooltips ask (empty: not yet).
    mutable std::vector<QString> m_estimateLines;
    mutable std::string m_estimateEngine;
    mutable std::string m_estimateCalibration;  ///< the scenario's own profile, if it names one
    QCPGraph* m_markers = nullptr;
    std::vector<Row> m_rows;
    bool m_countedByRow = false;
};

}  // namespace roofline::ui
