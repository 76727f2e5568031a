// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario_document.h"

#include <QFileInfo>
#include <QStringList>

#include "roofline/io/levers.h"

namespace roofline::ui {

MeasuredImport loadMeasured(const QString& path) {
    MeasuredImport result;
    result.file = io::loadMeasuredFile(path.toStdString());
    const io::MeasuredFile& file = result.file;
    result.kept = static_cast<int>(file.rows.size());
    result.rejected = static_cast<int>(file.rejected.size());
    const QString name = QFileInfo(path).fileName();
    if (file.rows.empty()) {
        result.summary = ScenarioDocument::tr("No measured row of %1 could be used.").arg(name);
    } else {
        const QString rows = result.kept == 1
                                 ? ScenarioDocument::tr("1 measured row")
                                 : ScenarioDocument::tr("%1 measured rows").arg(result.kept);
        result.summary = result.rejected == 0
                             ? ScenarioDocument::tr("%1 from %2 on the plot.").arg(rows, name)
                             : ScenarioDocument::tr("%1 from %2 on the plot; %3 rejected.")
                                   .arg(rows, name)
                                   .arg(result.rejected);
    }
    QStringList details;
    for (const io::MeasuredRejected& r : file.rejected) {
        const QString where = r.line == 0 ? ScenarioDocument::tr("file")
                              : file.json ? ScenarioDocument::tr("row %1").arg(r.line)
                                          : ScenarioDocument::tr("line %1").arg(r.line);
        details << where + QStringLiteral(": ") + QString::fromStdString(r.reason);
    }
    for (const std::string& w : file.warnings) {
        details << ScenarioDocument::tr("warning: ") + QString::fromStdString(w);
    }
    result.details = details.join(QLatin1Char('\n'));
    return result;
}

ScenarioDocument::ScenarioDocument(QObject* parent)
    : QObject(parent), m_current(new ScenarioController(this)) {
    m_hardware = m_current->scenarioFile().hardware;
    m_model = m_current->scenarioFile().model;
    m_hardwareValue = m_current->scenario().hardware;
    connect(m_current, &ScenarioController::analysisChanged, this,
            &ScenarioDocument::onAnalysisChanged);
    connect(m_current, &ScenarioController::changeRefused, this, &ScenarioDocument::changeRefused);
}

void ScenarioDocument::onAnalysisChanged() {
    // Said here, once, so that no observer keeps its own copy of the ids to compare.
    const io::ScenarioFile& file = m_current->scenarioFile();
    DocumentChanges what = DocumentChange::Inputs;
    // Any change but the lever's own takes its explanation down: it was about that change.
    if (!m_applyingLever) {
        m_lastLever.reset();
        m_leverExplanation.clear();
    }
    if (file.hardware != m_hardware || m_current->scenario().hardware != m_hardwareValue) {
        what |= DocumentChange::Hardware;
        m_hardware = file.hardware;
        m_hardwareValue = m_current->scenario().hardware;
    }
    if (file.model != m_model) {
        what |= DocumentChange::Model;
        m_model = file.model;
    }
    emit changed(what);
}

void ScenarioDocument::pinBaseline() {
    m_baseline = m_current->current();
    m_baseline->file.baseline.reset();
    emit changed(DocumentChange::Baseline);
}

std::vector<Issue> ScenarioDocument::setBaselineScenario(const io::ScenarioFile& file) {
    AnalysedScenario resolved = ScenarioController::analyse(file);
    if (!resolved.ok()) {
        return resolved.issues;
    }
    std::vector<Issue> issues = resolved.issues;  // warnings only
    m_baseline = std::move(resolved);
    emit changed(DocumentChange::Baseline);
    return issues;
}

void ScenarioDocument::clearBaseline() {
    if (!m_baseline) {
        return;
    }
    m_baseline.reset();
    emit changed(DocumentChange::Baseline);
}

ScenarioDocument::LeverResult ScenarioDocument::applyLever(LeverId id) {
    AnalysedScenario before = m_current->current();
    before.file.baseline.reset();
    const io::AppliedLever applied = io::applyLever(before.file, before.scenario, id);
    LeverResult result;
    if (!applied.plan.applicable) {
        result.reason = QString::fromStdString(applied.plan.reason);
        return result;
    }
    m_applyingLever = true;
    const std::vector<Issue> issues = m_current->setScenarioFile(applied.file);
    m_applyingLever = false;
    if (hasErrors(issues)) {
        result.reason = issuesText(issues);
        return result;
    }
    // As Pin baseline does, with the scenario as it was before the change.
    result.applied = true;
    result.explanation = QString::fromStdString(explainLever(
        id, before.scenario, before.analysis, m_current->scenario(), m_current->analysis()));
    m_baseline = std::move(before);
    m_lastLever = id;
    m_leverExplanation = result.explanation;
    emit changed(DocumentChange::Baseline);
    return result;
}

void ScenarioDocument::setCompare(std::vector<CompareScenario> scenarios) {
    m_compare = std::move(scenarios);
    emit changed(DocumentChange::Compare);
}

void ScenarioDocument::setMeasured(io::MeasuredFile file) {
    m_measured = std::move(file);
    emit changed(DocumentChange::Measured);
}

void ScenarioDocument::clearMeasured() {
    if (m_measured.rows.empty()) {
        return;
    }
    m_measured = {};
    emit changed(DocumentChange::Measured);
}

void ScenarioDocument::setLesson(const QString& fileName) {
    if (fileName == m_lesson) {
        return;
    }
    m_lesson = fileName;
    emit changed(DocumentChange::Lesson);
}

void ScenarioDocument::setPresentation(bool on) {
    if (on == m_presentation) {
        return;
    }
    m_presentation = on;
    emit changed(DocumentChange::Presentation);
}

io::ScenarioFile ScenarioDocument::scenarioToSave() const {
    io::ScenarioFile file = m_current->scenarioFile();
    file.baseline.reset();
    if (m_baseline) {
        file.baseline = m_baseline->file;
    }
    return file;
}

}  // namespace roofline::ui
