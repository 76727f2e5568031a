// SPDX-License-Identifier: GPL-3.0-or-later
// File › Calibrate from measured results… (calibrate_dialog.h).

#include "window/calibrate_dialog.h"

#include <algorithm>
#include <fstream>

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "model/scenario_controller.h"
#include "roofline/io/calibrate_measured.h"
#include "roofline/io/calibration.h"
#include "roofline/io/presets.h"
#include "roofline/limits.h"
#include "views/dialogs.h"

namespace roofline::ui {

namespace {

QString qstr(const std::string& text) { return QString::fromStdString(text); }

/// The storage precisions (weights, KV cache) in kAllPrecisions order, `current` selected.
QComboBox* precisionBox(QWidget* parent, const char* name, Precision current) {
    auto* box = new QComboBox(parent);
    box->setObjectName(QString::fromLatin1(name));
    for (const Precision p : kAllPrecisions) {
        if (isStoragePrecision(p)) {
            box->addItem(qstr(std::string(toString(p))), qstr(std::string(toString(p))));
        }
    }
    box->setCurrentIndex(std::max(0, box->findData(qstr(std::string(toString(current))))));
    return box;
}

QString text(const QComboBox* box) { return box->currentData().toString(); }

}  // namespace

io::BenchmarkContext benchmarkContextOf(const ScenarioController& controller) {
    const Workload& w = controller.scenario().workload;
    io::BenchmarkContext c;
    c.hardware = controller.scenarioFile().hardware;  // a preset id or a hardware file
    c.tp = std::to_string(w.tensorParallel);
    c.weights = std::string(toString(w.weightPrecision));
    c.activations = std::string(toString(w.activationPrecision));
    c.kv = std::string(toString(w.kvPrecision));
    return c;
}

CalibrateDialog::CalibrateDialog(ScenarioController& controller, QWidget* parent)
    : QDialog(parent), m_controller(controller) {
    setWindowTitle(tr("Calibrate from measured results"));
    const Scenario& scenario = controller.scenario();
    const io::ScenarioFile& file = controller.scenarioFile();
    const Workload& w = scenario.workload;

    m_file = new QLineEdit(this);
    m_file->setObjectName(QStringLiteral("file"));
    m_file->setPlaceholderText(tr("CSV or JSON rows, vllm bench serve results, GuideLLM report"));
    auto* browse = new QPushButton(tr("Browse…"), this);
    browse->setObjectName(QStringLiteral("browse"));
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(browse);

    // The profile is for one hardware and one engine: the scenario's, to start with.
    m_hardware = new QComboBox(this);
    m_hardware->setObjectName(QStringLiteral("hardware"));
    const std::vector<std::string> ids = io::hardwareIds();
    if (std::find(ids.begin(), ids.end(), scenario.hardware.id) == ids.end()) {
        // A hardware file's own id, first.
        m_hardware->addItem(qstr(scenario.hardware.id), qstr(scenario.hardware.id));
    }
    for (const std::string& id : ids) {
        m_hardware->addItem(qstr(id), qstr(id));
    }
    m_hardware->setCurrentIndex(std::max(0, m_hardware->findData(qstr(scenario.hardware.id))));
    m_hardware->setToolTip(
        tr("The hardware the profile is for: the file's rows on other "
           "hardware are skipped, and a result file's runs ran on it"));
    m_engine = new QComboBox(this);
    m_engine->setObjectName(QStringLiteral("engine"));
    for (const std::string& engine : io::knownEngines()) {
        m_engine->addItem(qstr(engine), qstr(engine));
    }
    m_engine->setCurrentIndex(std::max(0, m_engine->findData(qstr(file.engine))));
    m_engine->setToolTip(
        tr("The serving engine the rows ran on: the fit starts from its "
           "shipped profile for this hardware, else the generic one"));

    // What a benchmark result file does not say (bench_results.h): the scenario's.
    m_model = new QLineEdit(this);
    m_model->setObjectName(QStringLiteral("model"));
    m_model->setPlaceholderText(tr("from the file: its served model matched to a preset"));
    m_tp = new QSpinBox(this);
    m_tp->setObjectName(QStringLiteral("tp"));
    m_tp->setRange(static_cast<int>(limits::kTensorParallel.lo),
                   static_cast<int>(std::min<std::int64_t>(limits::kTensorParallel.hi, 4096)));
    m_tp->setValue(static_cast<int>(w.tensorParallel));
    m_weights = precisionBox(this, "weights", w.weightPrecision);
    m_activations = precisionBox(this, "activations", w.activationPrecision);
    m_kv = precisionBox(this, "kv", w.kvPrecision);

    auto* form = new QFormLayout;
    form->addRow(tr("Measured results"), fileRow);
    form->addRow(tr("Hardware"), m_hardware);
    form->addRow(tr("Engine"), m_engine);
    auto* lacks = new QLabel(
        tr("Where a vllm bench serve result or a GuideLLM report does not say them:"), this);
    lacks->setWordWrap(true);
    form->addRow(lacks);
    form->addRow(tr("Model"), m_model);
    form->addRow(tr("Tensor parallel"), m_tp);
    form->addRow(tr("Weights"), m_weights);
    form->addRow(tr("Activations"), m_activations);
    form->addRow(tr("KV cache"), m_kv);

    m_fit = new QPushButton(tr("&Fit"), this);
    m_fit->setObjectName(QStringLiteral("fit"));
    m_report = new QPlainTextEdit(this);
    m_report->setObjectName(QStringLiteral("report"));
    m_report->setReadOnly(true);
    m_report->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_report->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_report->setMinimumSize(640, 260);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);

    m_save = new QPushButton(tr("&Save profile…"), this);
    m_save->setObjectName(QStringLiteral("save"));
    m_use = new QPushButton(tr("&Use for this scenario"), this);
    m_use->setObjectName(QStringLiteral("use"));
    m_use->setToolTip(
        tr("The scenario names the saved profile as its calibration profile and "
           "shows the estimate ceiling"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_fit, QDialogButtonBox::ActionRole);
    buttons->addButton(m_save, QDialogButtonBox::ActionRole);
    buttons->addButton(m_use, QDialogButtonBox::ActionRole);
    setFitted(false);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_report, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);

    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path =
            Dialogs::openFileName(this, tr("Measured results to fit on"),
                                  tr("Measured results (*.csv *.json *.jsonl);;All files (*)"));
        if (!path.isEmpty()) {
            setFile(path);
        }
    });
    connect(m_fit, &QPushButton::clicked, this, [this] { fit(); });
    connect(m_save, &QPushButton::clicked, this, [this] {
        if (!m_profile) {
            return;
        }
        const QString path = Dialogs::saveFileName(
            this, tr("Save calibration profile"), tr("Calibration profile (*.json);;All files (*)"),
            qstr(m_profile->id) + QStringLiteral(".json"));
        if (!path.isEmpty()) {
            saveProfile(path);
        }
    });
    connect(m_use, &QPushButton::clicked, this, [this] { useForScenario(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void CalibrateDialog::setFile(const QString& path) { m_file->setText(path); }

io::BenchmarkContext CalibrateDialog::context() const {
    io::BenchmarkContext c;
    c.hardware = text(m_hardware).toStdString();
    if (c.hardware == m_controller.scenario().hardware.id) {
        c.hardware = m_controller.scenarioFile().hardware;  // a hardware file by its path
    }
    c.model = m_model->text().trimmed().toStdString();
    c.tp = std::to_string(m_tp->value());
    c.weights = text(m_weights).toStdString();
    c.activations = text(m_activations).toStdString();
    c.kv = text(m_kv).toStdString();
    return c;
}

bool CalibrateDialog::fit() {
    m_profile.reset();
    m_savedPath.clear();
    setFitted(false);
    setStatus(QString());
    const QString path = m_file->text().trimmed();
    if (path.isEmpty()) {
        m_report->setPlainText(tr("Choose a file of measured results to fit on."));
        return false;
    }
    const std::string file = path.toStdString();
    const std::string hardware = text(m_hardware).toStdString();
    const std::string engine = text(m_engine).toStdString();
    QStringList notes;  // what the CLI writes to its error stream, under the table here

    // The same steps as roofline-cli calibrate FILE --hardware ID --engine NAME.
    io::Loaded<CalibrationProfile> base = io::resolveCalibration(hardware, engine);
    for (const Issue& issue : base.issues) {
        notes << tr("profile: %1").arg(qstr(issue.message()));
    }
    FitOptions options;
    std::string error;
    if (!base.ok() || !io::calibrationFitOptions(*base.value, {}, {}, file, options, error)) {
        notes.prepend(
            tr("No profile to start from for %1 and %2.").arg(qstr(hardware), qstr(engine)));
        m_report->setPlainText(notes.join(QLatin1Char('\n')));
        return false;
    }
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const io::MeasuredFile measured = io::loadMeasuredFile(file, context());
    const QString counted = measured.json ? tr("row %1") : tr("line %1");
    for (const std::string& warning : measured.warnings) {
        notes << tr("warning: %1").arg(qstr(warning));
    }
    for (const io::MeasuredRejected& r : measured.rejected) {
        notes << (r.line == 0 ? qstr(r.reason)
                              : tr("%1: %2 (not used)").arg(counted.arg(r.line), qstr(r.reason)));
    }
    std::vector<io::SkippedRow> skipped;
    const std::vector<CalibrationRecord> records =
        io::calibrationRecords(measured, hardware, skipped);
    FitResult result;
    if (!records.empty()) {
        result = fitProfile(records, options);
    }
    QApplication::restoreOverrideCursor();

    const QString name = QFileInfo(path).fileName();
    if (records.empty()) {
        notes.prepend(tr("No row of %1 on %2 could be used.").arg(name, qstr(hardware)));
        m_report->setPlainText(notes.join(QLatin1Char('\n')));
        return false;
    }
    if (!result.ok) {
        notes.prepend(tr("Cannot fit a profile on the %1 records of %2: %3")
                          .arg(records.size())
                          .arg(name, qstr(result.error)));
        m_report->setPlainText(notes.join(QLatin1Char('\n')));
        return false;
    }
    io::nameFittedProfile(result.profile, hardware, engine, io::todayUtc(), file, records.size(),
                          "Roofline Explorer (File > Calibrate)");
    QString report = qstr(io::fitReportText(file, hardware, result, skipped, measured.json));
    if (!notes.isEmpty()) {
        report += QLatin1Char('\n') + notes.join(QLatin1Char('\n'));
    }
    m_report->setPlainText(report);
    m_profile = std::move(result.profile);
    setFitted(true);
    setStatus(tr("Fitted %1 on %2 records.").arg(qstr(m_profile->id)).arg(records.size()));
    return true;
}

QString CalibrateDialog::reportText() const { return m_report->toPlainText(); }

bool CalibrateDialog::saveProfile(const QString& path) {
    if (!m_profile) {
        setStatus(tr("Fit a profile first."));
        return false;
    }
    std::ofstream out(path.toStdString(), std::ios::binary | std::ios::trunc);
    out << io::calibrationProfileToJson(*m_profile);
    out.close();
    if (!out) {
        setStatus(tr("Could not write the profile to %1.").arg(path));
        return false;
    }
    m_savedPath = path;
    setStatus(tr("Profile saved to %1.").arg(path));
    return true;
}

bool CalibrateDialog::useForScenario() {
    if (!m_profile) {
        setStatus(tr("Fit a profile first."));
        return false;
    }
    if (m_profile->hardware != m_controller.scenario().hardware.id) {
        // A profile's GEMM tiles and fitted costs are one chip's.
        setStatus(tr("Not used: the profile is for %1, and the scenario runs on %2.")
                      .arg(qstr(m_profile->hardware), qstr(m_controller.scenario().hardware.id)));
        return false;
    }
    if (m_savedPath.isEmpty()) {
        // A scenario names its profile by file (scenario_file.h), so it is saved first.
        const QString path = Dialogs::saveFileName(
            this, tr("Save calibration profile"), tr("Calibration profile (*.json);;All files (*)"),
            qstr(m_profile->id) + QStringLiteral(".json"));
        if (path.isEmpty()) {
            setStatus(
                tr("Not used: the scenario names a profile by its file, and it was not "
                   "saved."));
            return false;
        }
        if (!saveProfile(path)) {
            return false;
        }
    }
    io::ScenarioFile file = m_controller.scenarioFile();
    file.calibration = m_savedPath.toStdString();
    file.workload.ceilings = Ceilings::Estimate;
    const std::vector<Issue> issues = m_controller.setScenarioFile(file);
    if (hasErrors(issues)) {
        setStatus(tr("The scenario cannot use it: %1").arg(issuesText(issues)));
        return false;
    }
    setStatus(tr("The scenario's estimate now uses %1, fitted on %2 records.")
                  .arg(qstr(m_profile->id))
                  .arg(m_profile->fittedRecords));
    return true;
}

void CalibrateDialog::setStatus(const QString& text) { m_status->setText(text); }

void CalibrateDialog::setFitted(bool fitted) {
    m_save->setEnabled(fitted);
    m_use->setEnabled(fitted);
}

}  // namespace roofline::ui
