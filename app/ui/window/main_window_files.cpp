// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow's file actions: open, save, export, import, recent files (main_window.h).
#include <algorithm>

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSaveFile>
#include <QSettings>
#include <QStatusBar>

#include "main_window.h"
#include "model/plot_tooltip.h"
#include "model/scenario_controller.h"
#include "plot/export.h"
#include "plot/roofline_plot.h"
#include "roofline/explain.h"
#include "roofline/io/presets.h"
#include "roofline/io/scenario_file.h"
#include "roofline/validate.h"
#include "views/dialogs.h"
#include "window/calibrate_dialog.h"
#include "window/compare_set.h"
#include "window/hardware_editor.h"
#include "window/lessons_menu.h"
#include "window/report.h"

namespace roofline::ui {
namespace {

QString scenarioFilter() { return QObject::tr("Roofline scenario (*.json);;All files (*)"); }

/// Why `path` is not a file to read, or empty. The loaders would open a FIFO and wait for a
/// writer forever, or read a device; such paths are refused before anything is read. A
/// missing path is left to the loader, which names the system's reason.
QString notAFile(const QString& path) {
    const QFileInfo info(path);
    if (!info.exists() || info.isFile()) {
        return {};
    }
    return QObject::tr("%1: not a regular file (%2)")
        .arg(QDir::toNativeSeparators(path),
             info.isDir() ? QObject::tr("a directory") : QObject::tr("a device, FIFO or socket"));
}

}  // namespace

bool MainWindow::openScenario(const QString& path) {
    // Every refusal says why in its main text; Show Details has the parser's lines.
    const QString failed = tr("Could not open the scenario %1").arg(QFileInfo(path).fileName());
    const QString unchanged = tr("The current scenario is unchanged.");
    if (const QString why = notAFile(path); !why.isEmpty()) {
        showLoadError(refusalText(failed, why, unchanged), QString());
        return false;
    }
    const io::Loaded<io::ScenarioFile> loaded = io::loadScenarioFile(path.toStdString());
    if (!loaded.value) {
        showLoadError(refusalText(failed, firstError(loaded.issues), unchanged),
                      issuesText(loaded.issues));
        return false;
    }
    if (loaded.value->lesson || loaded.value->lever) {
        // A lesson file: its lever and lesson are loaded as the Lessons menu loads them.
        if (!m_lessons->openLessonFile(*loaded.value, path.toStdString())) {
            return false;
        }
        addRecentFile(path);
        return true;
    }
    io::ScenarioFile opened = *loaded.value;
    opened.baseline.reset();  // the window keeps the baseline, not the controller
    const std::vector<Issue> issues = controller().setScenarioFile(opened);
    if (hasErrors(issues)) {
        showLoadError(
            refusalText(tr("Could not use the scenario %1").arg(QFileInfo(path).fileName()),
                        firstError(issues), unchanged),
            issuesText(issues));
        return false;
    }
    restoreBaseline(*loaded.value);
    m_lessons->closeLesson();  // the lesson's claims were about its own scenario
    m_compareSet->setCurrentSource(QFileInfo(path).absoluteFilePath());
    addRecentFile(path);
    statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), kStatusMessageMs);
    return true;
}

bool MainWindow::saveScenario(const QString& path) {
    // A hardware file or model config is written relative to the scenario's folder, so the
    // folder works on a colleague's machine (loadScenarioFile reads it back from there).
    const std::string json = io::toJson(io::withPathsRelativeTo(
        scenarioToSave(), QFileInfo(path).absoluteDir().absolutePath().toStdString()));
    QSaveFile file(path);  // atomic: the old file survives a failed write
    // flush() before commit(): commit() ignores an error in its own final flush and would
    // put a truncated file in place of the old one (QTBUG-75077).
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(json.data(), static_cast<qint64>(json.size())) !=
            static_cast<qint64>(json.size()) ||
        !file.flush() || !file.commit()) {
        showLoadError(refusalText(tr("Could not save the scenario to %1").arg(path),
                                  file.errorString(), tr("Nothing was written.")),
                      QString());
        return false;
    }
    addRecentFile(path);
    statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), kStatusMessageMs);
    return true;
}

bool MainWindow::openModelConfig(const QString& path) {
    const QString failed = tr("Could not open the model config %1").arg(QFileInfo(path).fileName());
    const QString unchanged = tr("The current scenario is unchanged.");
    if (const QString why = notAFile(path); !why.isEmpty()) {
        showLoadError(refusalText(failed, why, unchanged), QString());
        return false;
    }
    // Load first for a precise message; the controller then validates the whole scenario.
    const io::Loaded<Model> loaded = io::loadModelFile(path.toStdString());
    std::vector<Issue> issues = loaded.issues;
    const std::string absolute = QFileInfo(path).absoluteFilePath().toStdString();
    if (loaded.ok()) {
        issues = controller().setModel(absolute);
    }
    if (loaded.ok() && hasErrors(issues)) {
        // A valid config that only fails to split over the current devices (Qwen2.5-7B's
        // 28 heads at TP 8): say why in the message itself and offer the largest device
        // count that splits it, rather than a bare refusal.
        const Workload& workload = controller().scenarioFile().workload;
        const std::int64_t devices = workload.tensorParallel;
        const std::int64_t fits = largestValidTensorParallel(workload, *loaded.value, devices);
        if (!tensorParallelValid(workload, *loaded.value, devices) && fits > 0) {
            const QString question =
                tr("%1 cannot be split over %2 devices: %3 Open it with tensor parallelism %4?")
                    .arg(QString::fromStdString(loaded.value->name))
                    .arg(devices)
                    .arg(asSentence(firstError(issues)))
                    .arg(fits);
            if (!Dialogs::ask(this, question,
                              tr("The current scenario is unchanged if you cancel."),
                              tr("Open with TP %1").arg(fits))) {
                return false;
            }
            issues = controller().setModel(absolute, fits);
        }
    }
    if (!loaded.ok() || hasErrors(issues)) {
        // The first error in the message itself (the reason must not hide under Show
        // Details); every issue in the details.
        showLoadError(refusalText(failed, firstError(issues), unchanged), issuesText(issues));
        return false;
    }
    if (!issues.empty()) {
        statusBar()->showMessage(issuesText(issues), kStatusMessageMs);
    }
    return true;
}

bool MainWindow::openHardwareFile(const QString& path) {
    const QString name = QFileInfo(path).fileName();
    if (const QString why = notAFile(path); !why.isEmpty()) {
        showLoadError(refusalText(tr("Could not open the hardware file %1").arg(name), why,
                                  tr("The current scenario is unchanged.")),
                      QString());
        return false;
    }
    // Load first for the file's own messages; the controller then checks the whole
    // scenario (a model too large for the chip is a warning, never a refusal).
    const io::Loaded<Hardware> loaded = io::loadHardwareFile(path.toStdString());
    std::vector<Issue> issues = loaded.issues;
    if (loaded.ok()) {
        issues = controller().setHardware(QFileInfo(path).absoluteFilePath().toStdString());
    }
    if (!loaded.ok() || hasErrors(issues)) {
        showLoadError(refusalText(tr("Could not open the hardware file %1").arg(name),
                                  firstError(issues), tr("The current scenario is unchanged.")),
                      issuesText(issues));
        return false;
    }
    statusBar()->showMessage(issues.empty()
                                 ? tr("Hardware from %1").arg(QDir::toNativeSeparators(path))
                                 : issuesText(issues),
                             kStatusMessageMs);
    return true;
}

ImageCaption MainWindow::imageCaption() const {
    ImageCaption caption;
    if (m_captionOnImages->isChecked()) {
        caption.text = qs(scenarioCaption(controller().scenario()));
        caption.foreground = m_plot->plotPalette().foreground;
        caption.background = m_plot->plotPalette().background;
    }
    return caption;
}

bool MainWindow::exportReport(const QString& path) {
    const QString error = writeWindowReport(*this, path);
    if (!error.isEmpty()) {
        showLoadError(refusalText(tr("Could not export the report"), error, QString()), QString());
        return false;
    }
    statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)),
                             kStatusMessageMs);
    return true;
}

void MainWindow::exportReportDialog() {
    const QString path = Dialogs::saveFileName(
        this, tr("Export report"), tr("PDF document (*.pdf);;Markdown (*.md *.markdown)"),
        QStringLiteral("roofline-report.pdf"));
    if (!path.isEmpty()) {
        exportReport(path);
    }
}

bool MainWindow::exportImage(const QString& path, QSize size) {
    const QString error = exportPlot(*m_plot, path, size, imageCaption());
    if (!error.isEmpty()) {
        showLoadError(refusalText(tr("Could not export the image"), error, QString()), QString());
        return false;
    }
    statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)),
                             kStatusMessageMs);
    return true;
}

void MainWindow::openScenarioDialog() {
    const QString path = Dialogs::openFileName(this, tr("Open scenario"), scenarioFilter());
    if (!path.isEmpty()) {
        openScenario(path);
    }
}

void MainWindow::saveScenarioDialog() {
    const QString path = Dialogs::saveFileName(this, tr("Save scenario"), scenarioFilter(),
                                               QStringLiteral("scenario.json"));
    if (path.isEmpty()) {
        return;
    }
    // A name typed without an extension gets ".json", or the Open dialog's filter would
    // hide the file just saved.
    saveScenario(QFileInfo(path).suffix().isEmpty() ? path + QStringLiteral(".json") : path);
}

int MainWindow::importMeasured(const QString& path, bool quiet, QString* report) {
    if (const QString why = notAFile(path); !why.isEmpty()) {
        if (report != nullptr) {
            *report = why;
        }
        if (!quiet) {
            Dialogs::showError(this,
                               refusalText(tr("Could not import measured results"), why, QString()),
                               QString());
        }
        return 0;
    }
    // A benchmark result file's runs ran on the current scenario's hardware, TP and precisions
    // unless it says otherwise (bench_results.h).
    const MeasuredImport result = loadMeasured(path, benchmarkContextOf(controller()));
    if (!result.file.rows.empty()) {
        m_document->setMeasured(result.file);
    }
    if (report != nullptr) {
        *report = result.details.isEmpty() ? result.summary
                                           : result.summary + QLatin1Char('\n') + result.details;
    }
    statusBar()->showMessage(result.summary, kStatusMessageMs);
    // Every rejected row in one dialog, the kept ones already on the plot.
    if (!quiet && (result.rejected > 0 || result.kept == 0)) {
        Dialogs::showError(this, result.summary, result.details);
    }
    return result.kept;
}

void MainWindow::openModelConfigDialog() {
    const QString path = Dialogs::openFileName(this, tr("Open model config"),
                                               tr("Hugging Face config (*.json);;All files (*)"));
    if (!path.isEmpty()) {
        openModelConfig(path);
    }
}

void MainWindow::openHardwareFileDialog() {
    const QString path = Dialogs::openFileName(
        this, tr("Open hardware file"), tr("Hardware file, preset schema (*.json);;All files (*)"));
    if (!path.isEmpty()) {
        openHardwareFile(path);
    }
}

void MainWindow::editHardwareDialog() {
    HardwareEditor editor(controller(), this);
    if (editor.exec() == QDialog::Accepted && !editor.savedPath().isEmpty()) {
        statusBar()->showMessage(
            tr("Hardware saved to %1").arg(QDir::toNativeSeparators(editor.savedPath())),
            kStatusMessageMs);
    }
}

void MainWindow::exportImageDialog() {
    const QString path = Dialogs::saveFileName(
        this, tr("Export image"), tr("PNG image (*.png);;SVG image (*.svg);;PDF document (*.pdf)"),
        QStringLiteral("roofline.png"));
    if (path.isEmpty()) {
        return;
    }
    if (const std::optional<QSize> size = Dialogs::imageSize(this, m_plot->size())) {
        exportImage(path, *size);
    }
}

void MainWindow::copyImage() {
    QApplication::clipboard()->setImage(plotImage(*m_plot, m_plot->size(), imageCaption()));
    statusBar()->showMessage(tr("Plot copied"), kStatusMessageMs);
}

void MainWindow::addCompareDialog() {
    const QStringList paths =
        Dialogs::openFileNames(this, tr("Add scenarios to compare"), scenarioFilter());
    if (!paths.isEmpty()) {
        m_compareSet->addFiles(paths);
    }
}

void MainWindow::addRecentFile(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_recentFiles.removeAll(absolute);
    m_recentFiles.prepend(absolute);
    while (m_recentFiles.size() > kMaxRecentFiles) {
        m_recentFiles.removeLast();
    }
    updateRecentMenu();
    if (m_settings != nullptr) {
        m_settings->setValue(QStringLiteral("recentFiles"), m_recentFiles);
    }
}

void MainWindow::updateRecentMenu() {
    m_recentMenu->clear();
    for (int i = 0; i < m_recentFiles.size(); ++i) {
        const QString path = m_recentFiles[i];
        QAction* action = m_recentMenu->addAction(
            QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        action->setToolTip(path);
        connect(action, &QAction::triggered, this, [this, path] { openScenario(path); });
    }
    m_recentMenu->setEnabled(!m_recentFiles.isEmpty());
}

}  // namespace roofline::ui
