// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file calibrate_dialog.h
/// File › Calibrate from measured results…: a calibration profile of the estimate ceiling
/// fitted to a measured-results file (the app's CSV or JSON rows, a `vllm bench serve` result
/// or a GuideLLM report), by the same steps `roofline-cli calibrate` takes
/// (roofline/io/calibrate_measured.h, the fit roofline/calibrate.h's): the rows on the chosen
/// hardware are the records, the fit starts from the shipped profile of that hardware and
/// engine, and the report is the CLI's table: each parameter with its standard error, each
/// record's error and leave-one-out error, the number of records and the interval, or the
/// refusal that names the parameter the records cannot determine.
///
/// The hardware and engine start as the current scenario's, and so do the TP and precisions
/// that a benchmark result file lacks (bench_results.h). The fitted profile can be saved as a
/// profile file, and used for the current scenario: the scenario names the saved file as its
/// calibration profile (scenario_file.h) and switches to the estimate ceiling.

#include <optional>
#include <string>
#include <vector>

#include <QDialog>
#include <QString>

#include "roofline/calibrate.h"
#include "roofline/io/measured.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace roofline::ui {

class ScenarioController;

/// What a benchmark result file lacks, from the current scenario: its hardware, TP and
/// precisions (not the model: the file's served model is matched first; not the batch or the
/// lengths, which are the run's).
io::BenchmarkContext benchmarkContextOf(const ScenarioController& controller);

class CalibrateDialog : public QDialog {
    Q_OBJECT
public:
    /// Controls are named for tests: "file", "browse", "hardware", "engine", "model", "tp",
    /// "weights", "activations", "kv", "fit", "report" (the table or the refusal), "save",
    /// "use", "status" (the last action's one line).
    explicit CalibrateDialog(ScenarioController& controller, QWidget* parent = nullptr);

    /// The measured-results file to fit on.
    void setFile(const QString& path);
    /// Reads the file and fits; true when a profile was fitted. The report shows the fit, or
    /// what was refused and why ("cannot fit a profile: step_overhead_s and kernel_floor_s
    /// act alike on these records: fix one with --fix").
    bool fit();
    /// The fitted profile (named "<hardware>.<engine>", dated, fitted on its records); none
    /// before a fit that succeeded.
    const std::optional<CalibrationProfile>& profile() const { return m_profile; }
    /// The report's text.
    QString reportText() const;
    /// Writes the fitted profile to `path` (the calibration profile schema); false, with the
    /// reason in the status line, when there is none or it cannot be written.
    bool saveProfile(const QString& path);
    /// Makes the current scenario use the fitted profile: saved first (a file dialog) when it
    /// was not, then named as the scenario's calibration profile with the estimate ceiling.
    /// False, with the reason in the status line, when cancelled or refused (a profile for
    /// other hardware than the scenario's).
    bool useForScenario();
    /// The file the profile was last saved to; empty before.
    const QString& savedPath() const { return m_savedPath; }

private:
    io::BenchmarkContext context() const;
    void setStatus(const QString& text);
    void setFitted(bool fitted);

    ScenarioController& m_controller;
    QLineEdit* m_file = nullptr;
    QComboBox* m_hardware = nullptr;
    QComboBox* m_engine = nullptr;
    QLineEdit* m_model = nullptr;
    QSpinBox* m_tp = nullptr;
    QComboBox* m_weights = nullptr;
    QComboBox* m_activations = nullptr;
    QComboBox* m_kv = nullptr;
    QPushButton* m_fit = nullptr;
    QPlainTextEdit* m_report = nullptr;
    QPushButton* m_save = nullptr;
    QPushButton* m_use = nullptr;
    QLabel* m_status = nullptr;
    std::optional<CalibrationProfile> m_profile;
    QString m_savedPath;
};

}  // namespace roofline::ui
