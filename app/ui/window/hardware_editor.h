// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file hardware_editor.h
/// File › Edit hardware…: the scenario's hardware (a preset or a file) as fields — name, each
/// precision's dense peak, memory bandwidth and capacity, interconnect bandwidth — with the
/// roofline following every edit. Each edit goes to ScenarioController::setHardwareValue,
/// which checks it as a hardware file is read; a refused edit is listed under the fields with
/// the reader's messages and the scenario keeps the last hardware that passed. Save as…
/// writes the preset schema (io::hardwareToJson) and makes the scenario name that file;
/// Cancel (or Esc, or closing) puts back the hardware the window had.
///
/// An edit lives only while the dialog is open: what the scenario names is always a preset
/// or a file that holds its numbers, so a saved scenario never names a preset it does not
/// match.

#include <array>
#include <string>
#include <vector>

#include <QDialog>
#include <QString>

#include "roofline/hardware.h"
#include "roofline/precision.h"
#include "roofline/validate.h"

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace roofline::ui {

class ScenarioController;

/// The precisions a preset may give a dense peak for (presets/README.md), in its order.
inline constexpr std::array<Precision, 9> kEditablePeaks = {
    Precision::Fp32, Precision::Tf32, Precision::Bf16, Precision::Fp16, Precision::Fp8,
    Precision::Int8, Precision::Int4, Precision::Fp4,  Precision::Fp6,
};

class HardwareEditor : public QDialog {
    Q_OBJECT
public:
    /// Starts from `controller`'s current hardware. Controls are named for tests: "name",
    /// "peak_<precision>" (TFLOP/s), "memoryBandwidth" (GB/s), "memoryCapacity" (GiB),
    /// "interconnectBandwidth" (GB/s per direction), "problems" (the label), "saveAs".
    explicit HardwareEditor(ScenarioController& controller, QWidget* parent = nullptr);

    /// The hardware as edited (also when refused).
    const Hardware& edited() const { return m_edited; }
    /// The issues of the last edit: errors mean it was not applied.
    const std::vector<Issue>& issues() const { return m_issues; }
    /// Writes the edited hardware to `path` (its id becomes the file's stem) and makes the
    /// scenario name that file; false, with the reason in the problems label, when the edit
    /// is refused or the file cannot be written. Accepts the dialog on success.
    bool saveAs(const QString& path);
    /// The file the last saveAs() wrote; empty before.
    const QString& savedPath() const { return m_savedPath; }

public slots:
    /// Puts back the hardware the window had, then closes.
    void reject() override;

private:
    /// One on-chip level's bandwidth (TB/s) or capacity (MiB) field: 0 in both removes the
    /// level; a level with a capacity and no bandwidth is listed, not timed (DOMAIN.md §10).
    QDoubleSpinBox* addLevelField(const char* name, MemoryLevel level, bool bandwidth);
    QDoubleSpinBox* addNumber(const char* name, double value, const QString& unit,
                              const QString& tip);
    /// A number field for one member of Hardware shown in `scale` units (GB/s, GiB): each
    /// edit writes only that member of m_edited, so untouched fields keep their exact value.
    QDoubleSpinBox* addField(const char* name, double Hardware::*field, double scale,
                             const QString& unit, const QString& tip);
    /// Hands m_edited to the controller and shows what it said.
    void apply();
    void showIssues();
    void saveAsDialog();

    ScenarioController& m_controller;
    const Hardware m_original;
    const std::string m_reference;  ///< what the scenario file named when the dialog opened
    Hardware m_edited;
    std::vector<Issue> m_issues;
    QString m_savedPath;
    QLineEdit* m_name = nullptr;
    QLabel* m_problems = nullptr;
    QPushButton* m_saveAs = nullptr;
};

}  // namespace roofline::ui
