// SPDX-License-Identifier: GPL-3.0-or-later
#include "measured_overlay.h"

#include <algorithm>
#include <memory>

#include "model/plot_tooltip.h"
#include "plot/plot_scene.h"
#include "plot/roofline_plot.h"
#include "roofline/format.h"
#include "roofline/io/measured_estimate.h"

namespace roofline::ui {

MeasuredOverlay::MeasuredOverlay(RooflinePlot* plot, const Scenario* current,
                                 const io::ScenarioFile* currentFile, QObject* parent)
    : QObject(parent), m_plot(plot), m_current(current), m_currentFile(currentFile) {
    m_markers = new QCPGraph(plot->customPlot()->xAxis, plot->customPlot()->yAxis);
    // In the roof layer's cached picture: drawn when the rows change, not on slider steps.
    m_markers->setLayer(plot->overlayLayer());
    m_markers->setName(tr("measured"));
    m_markers->setLineStyle(QCPGraph::lsNone);
    m_markers->setSelectable(QCP::stNone);
    m_markers->setVisible(false);
    applyStyle();
    connect(plot, &RooflinePlot::styleChanged, this, &MeasuredOverlay::applyStyle);
}

void MeasuredOverlay::applyStyle() {
    // A neutral star: no phase hue and a shape no model point uses (UI.md).
    const double scale = m_plot->presentationMode() ? 1.5 : 1.0;
    const QColor colour = m_plot->plotPalette().measured;
    m_markers->setPen(QPen(colour, 2.0 * scale));
    m_markers->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QPen(colour, 2.0 * scale),
                                               Qt::NoBrush, 14.0 * scale));
}

void MeasuredOverlay::setFile(const io::MeasuredFile& file) {
    m_rows.clear();
    m_countedByRow = file.json;
    for (const io::MeasuredRow& row : file.rows) {
        m_rows.push_back({row,
                          {io::placeRow(row, Ceilings::Peak).placement,
                           io::placeRow(row, Ceilings::Achievable).placement}});
    }
    show();
}

void MeasuredOverlay::clear() {
    m_rows.clear();
    show();
}

void MeasuredOverlay::show() {
    m_estimateLines.assign(m_rows.size(), QString());
    QVector<double> xs;
    QVector<double> ys;
    std::vector<QPointF> points;
    for (const Row& r : m_rows) {
        // The point is the same under either ceilings (roofline/measured.h).
        const MeasuredPlacement& p = r.placements[0];
        const double y = p.achievedFlopsPerSecond / kFlopsPerTflop;
        xs << p.intensityFlopsPerByte;
        ys << y;
        points.emplace_back(p.intensityFlopsPerByte, y);
    }
    m_markers->setData(xs, ys);  // sorted by intensity
    m_markers->setVisible(!m_rows.empty());
    m_markers->setName(tr("measured (%1)").arg(m_rows.size()));
    if (m_rows.empty()) {
        m_markers->removeFromLegend();
        m_plot->clearOverlay();
    } else {
        if (!m_plot->customPlot()->legend->hasItemWithPlottable(m_markers)) {
            m_markers->addToLegend();
        }
        m_plot->setOverlay(
            m_markers, std::move(points), [this](std::size_t index) { return tooltip(index); },
            this);
    }
    emit changed();
}

void MeasuredOverlay::describe(SceneWriter& scene) const {
    scene.points(m_markers, QStringLiteral("point"));
}

QString MeasuredOverlay::tooltip(std::size_t index) const {
    if (index >= m_rows.size()) {
        return {};
    }
    const Row& r = m_rows[index];
    Ceilings ceilings = Ceilings::Peak;
    QString otherHardware;
    if (m_current != nullptr) {
        const Scenario& current = *m_current;
        ceilings = current.workload.ceilings;
        if (current.hardware.id != r.row.scenario.hardware.id ||
            current.hardware.name != r.row.scenario.hardware.name) {
            otherHardware = QString::fromStdString(current.hardware.name);
        }
    }
    const MeasuredPlacement& p = r.placements[ceilings == Ceilings::Peak ? 0 : 1];
    QString estimate;
    if (ceilings == Ceilings::Estimate) {
        const std::string engine =
            m_currentFile != nullptr ? m_currentFile->engine : std::string(io::kGenericEngine);
        const std::string calibration =
            m_currentFile != nullptr ? m_currentFile->calibration : std::string();
        if (engine != m_estimateEngine || calibration != m_estimateCalibration) {
            m_estimateEngine = engine;
            m_estimateCalibration = calibration;
            m_estimateLines.assign(m_rows.size(), QString());
        }
        if (m_estimateLines[index].isEmpty()) {
            m_estimateLines[index] = estimateLine(index, engine, calibration);
        }
        estimate = m_estimateLines[index];
    }
    return tooltipText(r.row, m_countedByRow, p, ceilings, otherHardware, estimate);
}

QString MeasuredOverlay::estimateLine(std::size_t index, const std::string& engine,
                                      const std::string& calibration) const {
    if (index >= m_rows.size()) {
        return {};
    }
    const io::MeasuredRow& row = m_rows[index].row;
    // The scenario's own profile (a fitted one, say) where it is for this row's chip, as the
    // scenario's estimate uses it; else the shipped one of the row's chip and the engine.
    io::EstimateChoice choice;
    choice.engine = engine;
    choice.calibration = calibration;
    io::Loaded<CalibrationProfile> profile = io::rowProfile(row, choice);
    if (!profile.ok() && !calibration.empty()) {
        choice.calibration.clear();  // the scenario's file is unreadable: the shipped one
        profile = io::rowProfile(row, choice);
    }
    if (!profile.ok()) {
        return tr("no estimate: %1")
            .arg(profile.issues.empty() ? QString::fromStdString(engine)
                                        : QString::fromStdString(profile.issues.front().message()));
    }
    const io::RowEstimate e =
        io::estimateRow(row, std::make_shared<const CalibrationProfile>(std::move(*profile.value)));
    if (e.value <= 0.0) {
        return {};
    }
    // A profile fitted on n records says so wherever it is used: how far to trust it.
    const std::string& id = e.profile->id;
    return residualText(row.metric, e.value, row.value) +
           (e.profile->fittedRecords > 0
                ? tr(" (profile %1, fitted on %2 records)")
                      .arg(QString::fromStdString(id),
                           QString::fromStdString(
                               formatInteger(static_cast<long long>(e.profile->fittedRecords))))
                : tr(" (profile %1, not fitted)").arg(QString::fromStdString(id)));
}

}  // namespace roofline::ui
