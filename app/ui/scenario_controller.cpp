// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario_controller.h"

#include <algorithm>

namespace roofline::ui {

QString issuesText(const std::vector<Issue>& issues) {
    QStringList lines;
    for (const Issue& issue : issues) {
        lines << QString::fromStdString(issue.message());
    }
    return lines.join(QLatin1Char('\n'));
}

ScenarioController::ScenarioController(QObject* parent) : QObject(parent) {
    // The embedded default resolves from the presets compiled into roofline_presets; a
    // failure here is a build defect, caught by the tests.
    io::ResolvedScenario resolved = io::resolve(m_file);
    m_scenario = std::move(resolved.scenario);
    reanalyze();
}

std::int64_t ScenarioController::gqaRatio() const {
    if (!gqaApplicable() || m_analysis.effectiveKvHeads <= 0) {
        return 0;
    }
    return m_scenario.model.numQueryHeads / m_analysis.effectiveKvHeads;
}

std::vector<std::int64_t> ScenarioController::gqaRatios() const {
    std::vector<std::int64_t> ratios;
    const std::int64_t heads = m_scenario.model.numQueryHeads;
    for (std::int64_t r = 1; r <= heads; ++r) {
        if (heads % r == 0) {
            ratios.push_back(r);
        }
    }
    return ratios;
}

std::int64_t ScenarioController::maxSequenceLength() const {
    const std::int64_t modelMax = m_scenario.model.maxPositionEmbeddings;
    return modelMax > 0 ? modelMax : kFallbackMaxSequenceLength;
}

std::vector<Issue> ScenarioController::setScenarioFile(const io::ScenarioFile& file,
                                                       std::int64_t gqaRatio) {
    if (file == m_file && gqaRatio == 0) {
        return {};
    }
    io::ResolvedScenario resolved = io::resolve(file, gqaRatio);
    if (!resolved.ok()) {
        return resolved.issues;
    }
    io::ScenarioFile applied = file;
    applied.workload = resolved.scenario.workload;  // carries the resolved --gqa-ratio
    apply(std::move(applied), std::move(resolved.scenario));
    return resolved.issues;  // warnings only
}

std::vector<Issue> ScenarioController::setHardware(const std::string& idOrPath) {
    io::ScenarioFile file = m_file;
    file.hardware = idOrPath;
    return setScenarioFile(file);
}

std::vector<Issue> ScenarioController::setModel(const std::string& idOrPath) {
    io::ScenarioFile file = m_file;
    file.model = idOrPath;
    file.workload.kvHeadsOverride = 0;
    return setScenarioFile(file);
}

void ScenarioController::setBatch(qint64 batch) {
    Workload workload = m_file.workload;
    workload.batch = batch;
    setWorkload(workload);
}

void ScenarioController::setSequenceLength(qint64 tokens) {
    Workload workload = m_file.workload;
    workload.promptTokens = tokens;
    workload.contextTokens = tokens;
    setWorkload(workload);
}

void ScenarioController::setQuantization(Quantization quantization) {
    const QuantizationScheme& s = scheme(quantization);
    Workload workload = m_file.workload;
    workload.weightPrecision = s.weights;
    workload.activationPrecision = s.activations;
    setWorkload(workload);
}

void ScenarioController::setKvPrecision(Precision precision) {
    Workload workload = m_file.workload;
    workload.kvPrecision = precision;
    setWorkload(workload);
}

void ScenarioController::setGqaRatio(qint64 ratio) {
    const std::int64_t heads = m_scenario.model.numQueryHeads;
    if (!gqaApplicable() || ratio <= 0 || heads % ratio != 0) {
        emit changeRefused(tr("A GQA ratio of %1 does not divide the model's %2 query heads.")
                               .arg(ratio)
                               .arg(heads));
        emit scenarioChanged();
        return;
    }
    const std::int64_t kvHeads = heads / ratio;
    Workload workload = m_file.workload;
    workload.kvHeadsOverride = kvHeads == m_scenario.model.numKvHeads ? 0 : kvHeads;
    setWorkload(workload);
}

void ScenarioController::setFlashAttention(bool enabled) {
    Workload workload = m_file.workload;
    workload.flashAttention = enabled;
    setWorkload(workload);
}

void ScenarioController::setTensorParallel(qint64 devices) {
    Workload workload = m_file.workload;
    workload.tensorParallel = devices;
    setWorkload(workload);
}

void ScenarioController::setWorkload(const Workload& workload) {
    if (workload == m_file.workload) {
        return;
    }
    const std::vector<Issue> issues = validate(workload, m_scenario.model);
    if (hasErrors(issues)) {
        emit changeRefused(issuesText(issues));
        emit scenarioChanged();  // widgets snap back to the unchanged scenario
        return;
    }
    io::ScenarioFile file = m_file;
    file.workload = workload;
    Scenario scenario = m_scenario;
    scenario.workload = workload;
    apply(std::move(file), std::move(scenario));
}

void ScenarioController::apply(io::ScenarioFile file, Scenario scenario) {
    m_file = std::move(file);
    m_scenario = std::move(scenario);
    reanalyze();
    emit scenarioChanged();
    emit analysisChanged(m_analysis);
}

void ScenarioController::reanalyze() {
    m_analysis = analyze(m_scenario);
    // The trail reaches the memory limit (capped), and at least the current batch so the
    // decode point always sits on it; points past the limit are marked !fits.
    const std::int64_t memoryLimit = std::max<std::int64_t>(m_analysis.memory.maxBatch, 1);
    const std::int64_t trailEnd =
        std::min(kTrailBatchCap, std::max(memoryLimit, m_scenario.workload.batch));
    m_trail = decodeBatchTrail(m_scenario, trailEnd);
}

}  // namespace roofline::ui
