// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario_document.h"

#include <QFileInfo>
#include <QStringList>
#include <QUndoStack>

#include "roofline/io/levers.h"

namespace roofline::ui {

namespace {

/// A step's name lists this many changed inputs, then "and N more" (the history is a list
/// of short lines).
constexpr std::size_t kInputsInStepName = 3;

/// Inputs a slider or a spin box moves through many values: their consecutive changes
/// merge into one undo step. A choice (hardware, model, a precision, a switch) is a step
/// each time, as a user picks it.
bool continuousInput(const std::string& input) {
    static const char* const kContinuous[] = {"batch",
                                              "prompt",
                                              "context",
                                              "KV heads",
                                              "speculative k",
                                              "acceptance",
                                              "memory utilization",
                                              "max batched tokens",
                                              "price"};
    for (const char* name : kContinuous) {
        if (input == name) {
            return true;
        }
    }
    return false;
}

/// The names differences are written with: a chip whose numbers were edited under the same
/// reference and name is "NAME (edited)", so that the edit is a difference too.
io::ScenarioNames namesOf(const AnalysedScenario& s, const AnalysedScenario& other) {
    io::ScenarioNames names{s.scenario.hardware.name, s.scenario.model.name};
    if (s.file.hardware == other.file.hardware && s.scenario.hardware != other.scenario.hardware &&
        s.scenario.hardware.name == other.scenario.hardware.name) {
        names.hardware += " (edited)";
    }
    return names;
}

std::vector<io::ScenarioDifference> differences(const AnalysedScenario& from,
                                                const AnalysedScenario& to) {
    // An edit under the same reference and name marks the later side "(edited)".
    return io::scenarioDifferences(from.file, to.file,
                                   {from.scenario.hardware.name, from.scenario.model.name},
                                   namesOf(to, from));
}

QString qs(const std::string& text) { return QString::fromStdString(text); }

}  // namespace

MeasuredImport loadMeasured(const QString& path, const io::BenchmarkContext& benchmark) {
    MeasuredImport result;
    result.file = io::loadMeasuredFile(path.toStdString(), benchmark);
    const io::MeasuredFile& file = result.file;
    result.kept = static_cast<int>(file.rows.size());
    result.rejected = static_cast<int>(file.rejected.size());
    const QString name = QFileInfo(path).fileName();
    const auto where = [&file](const io::MeasuredRejected& r) {
        return r.line == 0 ? ScenarioDocument::tr("file")
               : file.json ? ScenarioDocument::tr("row %1").arg(r.line)
                           : ScenarioDocument::tr("line %1").arg(r.line);
    };
    if (file.rows.empty()) {
        // The reason in the main text, in one sentence; Show Details lists the rest.
        if (file.rejected.empty()) {
            result.summary =
                ScenarioDocument::tr("No measured row of %1 could be used: it has none.").arg(name);
        } else {
            const io::MeasuredRejected& first = file.rejected.front();
            QString reason = QString::fromStdString(first.reason).trimmed();
            while (reason.endsWith(QLatin1Char('.'))) {
                reason.chop(1);
            }
            const int more = static_cast<int>(file.rejected.size()) - 1;
            result.summary =
                more == 0 ? ScenarioDocument::tr("No measured row of %1 could be used: %2: %3.")
                                .arg(name, where(first), reason)
                          : ScenarioDocument::tr(
                                "No measured row of %1 could be used: %2: %3 (and %4 "
                                "more under Show Details).")
                                .arg(name, where(first), reason)
                                .arg(more);
        }
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
        details << where(r) + QStringLiteral(": ") + QString::fromStdString(r.reason);
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
    m_history = new QUndoStack(this);
    // Each step holds two analysed scenarios (their trails too): a bound on the memory.
    m_history->setUndoLimit(kHistoryLimit);
    m_recorded = state();
}

DocumentState ScenarioDocument::state() const {
    DocumentState s{m_current->current(), m_baseline, m_levers};
    s.current.file.baseline.reset();
    return s;
}

void ScenarioDocument::record(const QString& label) {
    if (m_restoring) {
        return;
    }
    DocumentState now = state();
    if (sameState(now, m_recorded)) {
        return;
    }
    // A step of continuous inputs only, the baseline untouched, may merge with the last.
    QString key;
    if (label.isEmpty() && sameBaseline(m_recorded.baseline, now.baseline)) {
        QStringList inputs;
        for (const io::ScenarioDifference& d : differences(m_recorded.current, now.current)) {
            // The hardware editor's live edits of one chip (the same reference) are a run
            // of changes too.
            const bool chipEdit = d.input == "hardware" &&
                                  m_recorded.current.file.hardware == now.current.file.hardware;
            if (!continuousInput(d.input) && !chipEdit) {
                inputs.clear();
                break;
            }
            inputs << qs(d.input);
        }
        key = inputs.join(QLatin1Char(','));
    }
    QString text = describeStep(m_recorded, now);
    if (!label.isEmpty()) {
        const QString inputs = qs(
            io::differencesText(differences(m_recorded.current, now.current), kInputsInStepName));
        text = inputs.isEmpty() ? label : tr("%1: %2").arg(label, inputs);
    }
    DocumentState before = std::exchange(m_recorded, now);
    auto* step = new ScenarioStep(*this, std::move(before), std::move(now), key, !m_sealNext);
    step->setText(text);
    m_sealNext = false;
    m_history->push(step);
}

QString ScenarioDocument::describeStep(const DocumentState& before,
                                       const DocumentState& after) const {
    const std::vector<io::ScenarioDifference> changed = differences(before.current, after.current);
    if (!changed.empty()) {
        return qs(io::differencesText(changed, kInputsInStepName));
    }
    if (before.baseline.has_value() != after.baseline.has_value()) {
        return after.baseline ? tr("Pin baseline") : tr("Clear baseline");
    }
    return tr("Change baseline");
}

void ScenarioDocument::restoreState(const DocumentState& target) {
    m_restoring = true;
    m_sealNext = true;  // an undo or redo ends the step a slider was adding to
    // The stack as it was in that state: undoing a lever pops it, redoing pushes it again.
    const bool leversChanged = !sameLevers(m_levers, target.levers);
    m_levers = target.levers;
    m_current->restore(target.current);
    const bool baselineChanged = !sameBaseline(m_baseline, target.baseline);
    m_baseline = target.baseline;
    DocumentChanges what;
    if (baselineChanged) {
        what |= DocumentChange::Baseline;
    }
    if (leversChanged) {
        what |= DocumentChange::Levers;
    }
    if (what) {
        emit changed(what);
    }
    m_recorded = state();
    m_restoring = false;
}

void ScenarioDocument::resetHistory() {
    m_history->clear();
    m_recorded = state();
    m_sealNext = false;
}

bool ScenarioDocument::revertToBaseline() {
    if (!m_baseline) {
        return false;
    }
    const AnalysedScenario target = *m_baseline;
    const bool hadLevers = endLeverStack();
    m_restoring = true;
    m_current->restore(target);
    m_restoring = false;
    if (hadLevers) {
        emit changed(DocumentChange::Levers);
    }
    record(tr("Revert to baseline"));
    return true;
}

bool ScenarioDocument::swapWithBaseline() {
    if (!m_baseline) {
        return false;
    }
    AnalysedScenario previous = m_current->current();
    previous.file.baseline.reset();
    const AnalysedScenario target = *m_baseline;
    const bool hadLevers = endLeverStack();
    m_restoring = true;
    m_current->restore(target);
    m_baseline = std::move(previous);
    m_restoring = false;
    emit changed(hadLevers ? DocumentChange::Baseline | DocumentChange::Levers
                           : DocumentChanges(DocumentChange::Baseline));
    record(tr("Swap with baseline"));
    return true;
}

std::vector<io::ScenarioDifference> ScenarioDocument::baselineDifferences() const {
    if (!m_baseline) {
        return {};
    }
    return differences(*m_baseline, m_current->current());
}

void ScenarioDocument::onAnalysisChanged() {
    // Said here, once, so that no observer keeps its own copy of the ids to compare.
    const io::ScenarioFile& file = m_current->scenarioFile();
    DocumentChanges what = DocumentChange::Inputs;
    // Any change but a lever's own (or an undo, which restores its state's stack) ends the
    // stack: its sentences were about those changes.
    if (!m_applyingLever && !m_restoring && endLeverStack()) {
        what |= DocumentChange::Levers;
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
    if (!m_applyingLever) {
        record();
    }
}

bool ScenarioDocument::endLeverStack() {
    const bool had = !m_levers.empty();
    m_levers.clear();
    return had;
}

std::optional<LeverId> ScenarioDocument::lastLever() const {
    if (m_levers.empty()) {
        return std::nullopt;
    }
    return m_levers.back().id;
}

QString ScenarioDocument::leverExplanation() const {
    return m_levers.empty() ? QString() : m_levers.back().explanation;
}

void ScenarioDocument::pinBaseline() {
    m_baseline = m_current->current();
    m_baseline->file.baseline.reset();
    emit changed(endLeverStack() ? DocumentChange::Baseline | DocumentChange::Levers
                                 : DocumentChanges(DocumentChange::Baseline));
    record(tr("Pin baseline"));
}

std::vector<Issue> ScenarioDocument::setBaselineScenario(const io::ScenarioFile& file) {
    AnalysedScenario resolved = ScenarioController::analyse(file);
    if (!resolved.ok()) {
        return resolved.issues;
    }
    std::vector<Issue> issues = resolved.issues;  // warnings only
    m_baseline = std::move(resolved);
    emit changed(endLeverStack() ? DocumentChange::Baseline | DocumentChange::Levers
                                 : DocumentChanges(DocumentChange::Baseline));
    record(tr("Baseline from a file"));
    return issues;
}

void ScenarioDocument::clearBaseline() {
    if (!m_baseline) {
        return;
    }
    m_baseline.reset();
    emit changed(endLeverStack() ? DocumentChange::Baseline | DocumentChange::Levers
                                 : DocumentChanges(DocumentChange::Baseline));
    record(tr("Clear baseline"));
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
    // This step's own sentence, from the scenario just before it (the engine's numbers).
    result.applied = true;
    result.explanation = QString::fromStdString(explainLever(
        id, before.scenario, before.analysis, m_current->scenario(), m_current->analysis()));
    DocumentChanges what = DocumentChange::Levers;
    // The first lever of a stack pins the scenario before it, as Pin baseline does; a later
    // one keeps that baseline, so the arrow runs from it to the combined scenario.
    if (m_levers.empty() || !m_baseline) {
        m_levers.clear();
        m_baseline = std::move(before);
        what |= DocumentChange::Baseline;
    }
    m_levers.push_back({id, result.explanation});
    emit changed(what);
    record(qs(std::string(leverTitle(id))));
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
