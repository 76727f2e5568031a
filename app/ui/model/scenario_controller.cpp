// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario_controller.h"

#include <algorithm>

#include "roofline/format.h"
#include "roofline/io/calibration.h"
#include "roofline/io/presets.h"
#include "roofline/limits.h"
#include "roofline/parse.h"

namespace roofline::ui {

namespace {

QString integerQs(std::int64_t value) { return QString::fromStdString(formatInteger(value)); }
QString numberQs(double value) { return QString::fromStdString(generalText(value, 6)); }
QString modelName(const Model& model) { return QString::fromStdString(model.name); }
/// A range's words from roofline/limits.h ("an integer from 1 to 100000000"), as the option
/// table and the scenario-file reader say them.
QString expectedQs(const IntegerRange& range) { return QString::fromStdString(range.expected()); }
QString expectedQs(const NumberRange& range) { return QString::fromStdString(range.expected()); }

/// Routed experts in some layer: what expert parallelism spreads (as validate() counts).
bool hasRoutedExperts(const Model& m) {
    return m.moe.numExperts > 0 &&
           std::any_of(m.layerGroups.begin(), m.layerGroups.end(),
                       [](const LayerGroup& g) { return g.mlp == MlpKind::Moe; });
}

/// The decode batch trail of an analysed scenario: up to the memory limit (at most
/// kTrailBatchCap), and always on to the current batch, even one typed past the cap (else
/// B = 10,000 would be labelled "B=4,096"); points past the limit are marked !fits.
std::vector<TrailPoint> trailOf(const Scenario& scenario, const Analysis& analysis) {
    const std::int64_t memoryLimit = std::max<std::int64_t>(analysis.memory.maxBatch, 1);
    const std::int64_t trailEnd =
        std::max(std::min(kTrailBatchCap, memoryLimit), scenario.workload.batch);
    return decodeBatchTrail(scenario, trailEnd);
}

}  // namespace

QString issuesText(const std::vector<Issue>& issues) {
    QStringList lines;
    for (const Issue& issue : issues) {
        lines << QString::fromStdString(issue.message());
    }
    return lines.join(QLatin1Char('\n'));
}

QString firstError(const std::vector<Issue>& issues) {
    const auto first = std::find_if(issues.begin(), issues.end(), [](const Issue& issue) {
        return issue.severity == Severity::Error;
    });
    return first == issues.end() ? QString() : QString::fromStdString(first->message());
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
    return roofline::gqaRatio(m_scenario.model, m_analysis.effectiveKvHeads);
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

std::int64_t ScenarioController::maxPromptTokens() const {
    const std::int64_t modelMax = m_scenario.model.maxPositionEmbeddings;
    return modelMax > 0 ? std::min(modelMax, kMaxTokens) : kMaxTokens;
}

std::int64_t ScenarioController::maxContextTokens() const { return maxPromptTokens() - 1; }

bool ScenarioController::isMixtureOfExperts() const { return hasRoutedExperts(m_scenario.model); }

bool ScenarioController::expertParallelApplicable() const {
    return isMixtureOfExperts() && m_file.workload.tensorParallel > 1;
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

AnalysedScenario ScenarioController::analyse(const io::ScenarioFile& file, std::int64_t gqaRatio) {
    AnalysedScenario out;
    out.file = file;
    out.file.baseline.reset();
    io::ResolvedScenario resolved = io::resolve(out.file, gqaRatio);
    out.issues = std::move(resolved.issues);
    if (hasErrors(out.issues)) {
        return out;
    }
    out.file.workload = resolved.scenario.workload;  // carries the resolved --gqa-ratio
    out.scenario = std::move(resolved.scenario);
    out.analysis = roofline::analyze(out.scenario);
    out.trail = trailOf(out.scenario, out.analysis);
    return out;
}

void ScenarioController::restore(const AnalysedScenario& scenario) {
    if (scenario.file == m_file && scenario.scenario.hardware == m_scenario.hardware) {
        return;
    }
    io::ScenarioFile file = scenario.file;
    file.baseline.reset();
    apply(std::move(file), scenario.scenario);
}

std::vector<Issue> ScenarioController::setHardware(const std::string& idOrPath) {
    io::ScenarioFile file = m_file;
    file.hardware = idOrPath;
    return setScenarioFile(file);
}

std::vector<Issue> ScenarioController::setHardwareValue(const Hardware& hardware,
                                                        const std::string& label) {
    if (hardware == m_scenario.hardware) {
        return {};
    }
    // Through the file format, not validate() alone: the reader also refuses what a file
    // cannot say (a link of 0 GB/s in a domain of 8), and names the file's keys.
    io::Loaded<Hardware> checked = io::parseHardware(io::hardwareToJson(hardware), label);
    if (!checked.ok()) {
        return checked.issues;
    }
    Scenario scenario = m_scenario;
    scenario.hardware = hardware;
    std::vector<Issue> issues = std::move(checked.issues);
    // The hardware's own issues came from the reader; the rest of the scenario was valid
    // with the old chip, so only its errors (none expected) are worth a line here.
    for (Issue& issue : validate(scenario)) {
        if (issue.severity == Severity::Error && !issue.field.starts_with("hardware.")) {
            issues.push_back(std::move(issue));
        }
    }
    if (hasErrors(issues)) {
        return issues;
    }
    apply(m_file, std::move(scenario));
    return issues;  // warnings only
}

std::vector<Issue> ScenarioController::setModel(const std::string& idOrPath,
                                                std::int64_t tensorParallel) {
    io::ScenarioFile file = m_file;
    file.model = idOrPath;
    file.workload.kvHeadsOverride = 0;
    if (tensorParallel > 0) {
        file.workload.tensorParallel = tensorParallel;
    }
    // Expert parallelism (and data-parallel attention, which needs it) on a dense model only
    // earns a warning: drop them with the old model.
    if (file.model != m_file.model) {
        const io::Loaded<Model> next = io::resolveModel(idOrPath);
        if (next.value && !hasRoutedExperts(*next.value)) {
            file.workload.expertParallel = false;
            file.workload.attentionParallel = AttentionParallel::Tensor;
        }
        // The document holds the resolved parts; "as stored" follows the new checkpoint
        // rather than override it with the old one's.
        if (file.checkpointWeights) {
            file.workload.expertWeightPrecision.reset();
            file.workload.embeddingWeightPrecision.reset();
        }
    }
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

void ScenarioController::setPromptTokens(qint64 tokens) {
    if (tokens == m_file.workload.promptTokens) {
        return;
    }
    const std::int64_t most = maxPromptTokens();
    if (tokens < 1 || tokens > most) {
        refuse(tr("The prompt must be 1 to %1 tokens for %2 (its max_position_embeddings); "
                  "got %3.")
                   .arg(integerQs(most), modelName(m_scenario.model), integerQs(tokens)));
        return;
    }
    io::ScenarioFile file = m_file;
    file.workload.promptTokens = tokens;
    setFile(std::move(file));
}

void ScenarioController::setContextTokens(qint64 tokens) {
    if (tokens == m_file.workload.contextTokens) {
        return;
    }
    const std::int64_t most = maxContextTokens();
    if (tokens < 0 || tokens > most) {
        refuse(tr("The context must be 0 to %1 tokens for %2 (the step writes one more, within "
                  "max_position_embeddings %3); got %4.")
                   .arg(integerQs(most), modelName(m_scenario.model), integerQs(most + 1),
                        integerQs(tokens)));
        return;
    }
    io::ScenarioFile file = m_file;
    file.workload.contextTokens = tokens;
    setFile(std::move(file));
}

void ScenarioController::setSpeculation(qint64 k, double acceptance, const std::string& draft) {
    if (!limits::kSpeculativeTokens.contains(k)) {
        refuse(tr("Speculative k, the tokens drafted per step (0 = off), must be %1; got %2.")
                   .arg(expectedQs(limits::kSpeculativeTokens), integerQs(k)));
        return;
    }
    if (!limits::kAcceptanceRate.contains(acceptance)) {
        refuse(tr("The acceptance rate must be %1; got %2.")
                   .arg(expectedQs(limits::kAcceptanceRate), numberQs(acceptance)));
        return;
    }
    if (draft.empty()) {
        refuse(
            tr("The draft must be \"ngram\" or a model preset id or config.json path; got "
               "nothing."));
        return;
    }
    io::ScenarioFile file = m_file;
    file.workload.speculativeTokens = k;
    file.workload.acceptanceRate = acceptance;
    file.workload.draftKind = io::draftKindOf(draft);
    file.draftModel = draft;
    setFile(std::move(file));
}

void ScenarioController::setExpertParallel(bool enabled) {
    if (enabled == m_file.workload.expertParallel) {
        return;
    }
    if (enabled && !isMixtureOfExperts()) {
        refuse(tr("Expert parallelism needs a mixture-of-experts model; %1 is dense.")
                   .arg(modelName(m_scenario.model)));
        return;
    }
    if (enabled && m_file.workload.tensorParallel < 2) {
        refuse(tr("Expert parallelism spreads the experts over several devices; tensor parallel "
                  "is %1.")
                   .arg(integerQs(m_file.workload.tensorParallel)));
        return;
    }
    io::ScenarioFile file = m_file;
    file.workload.expertParallel = enabled;
    if (!enabled) {
        file.workload.attentionParallel = AttentionParallel::Tensor;
    }
    setFile(std::move(file));
}

void ScenarioController::setAttentionParallel(AttentionParallel mode) {
    if (mode == m_file.workload.attentionParallel) {
        return;
    }
    if (mode == AttentionParallel::Data && !isMixtureOfExperts()) {
        refuse(tr("Data-parallel attention spreads the experts over the devices: it needs a "
                  "mixture-of-experts model; %1 is dense.")
                   .arg(modelName(m_scenario.model)));
        return;
    }
    if (mode == AttentionParallel::Data && m_file.workload.tensorParallel < 2) {
        refuse(tr("Data-parallel attention spreads the sequences over several devices; tensor "
                  "parallel is %1.")
                   .arg(integerQs(m_file.workload.tensorParallel)));
        return;
    }
    io::ScenarioFile file = m_file;
    file.workload.attentionParallel = mode;
    if (mode == AttentionParallel::Data) {
        file.workload.expertParallel = true;
    }
    setFile(std::move(file));
}

void ScenarioController::setCeilings(Ceilings ceilings) {
    io::ScenarioFile file = m_file;
    file.workload.ceilings = ceilings;
    setFile(std::move(file));
}

void ScenarioController::setEngine(const std::string& engine) {
    if (engine == m_file.engine) {
        return;
    }
    const std::vector<std::string>& known = io::knownEngines();
    if (std::find(known.begin(), known.end(), engine) == known.end()) {
        QStringList names;
        for (const std::string& name : known) {
            names << QString::fromStdString(name);
        }
        refuse(tr("The serving engine must be one of %1; got \"%2\".")
                   .arg(names.join(QStringLiteral(", ")), QString::fromStdString(engine)));
        return;
    }
    io::ScenarioFile file = m_file;
    file.engine = engine;
    setFile(std::move(file));
}

QString ScenarioController::calibrationWarning() const {
    if (m_file.workload.ceilings != Ceilings::Estimate || !m_file.calibration.empty()) {
        return {};
    }
    return QString::fromStdString(io::calibrationFallback(m_scenario.hardware.id, m_file.engine));
}

bool ScenarioController::attachCalibration(const io::ScenarioFile& file, Scenario& scenario,
                                           QString& message) const {
    if (file.workload.ceilings != Ceilings::Estimate) {
        scenario.calibration.reset();
        return true;
    }
    if (scenario.calibration != nullptr && file.engine == m_file.engine &&
        file.calibration == m_file.calibration && m_file.workload.ceilings == Ceilings::Estimate) {
        return true;  // the profile of the same hardware, engine and file
    }
    // As io::resolve() picks it: the file's own profile (a shipped id or a file), else the
    // shipped one for the hardware and the engine, with its fallbacks.
    io::Loaded<CalibrationProfile> profile =
        file.calibration.empty() ? io::resolveCalibration(scenario.hardware.id, file.engine)
                                 : io::loadCalibration(file.calibration);
    if (!profile.ok()) {
        message = tr("The estimate needs a calibration profile that loads; %1 does not (%2).")
                      .arg(QString::fromStdString(file.calibration.empty() ? file.engine
                                                                           : file.calibration),
                           issuesText(profile.issues));
        return false;
    }
    scenario.calibration = std::make_shared<const CalibrationProfile>(std::move(*profile.value));
    return true;
}

void ScenarioController::setMaxBatchedTokens(qint64 tokens) {
    if (tokens == m_file.workload.maxBatchedTokens) {
        return;
    }
    if (!limits::kMaxBatchedTokens.contains(tokens)) {
        refuse(tr("Max batched tokens must be %1; got %2.")
                   .arg(expectedQs(limits::kMaxBatchedTokens), integerQs(tokens)));
        return;
    }
    io::ScenarioFile file = m_file;
    file.workload.maxBatchedTokens = tokens;
    setFile(std::move(file));
}

void ScenarioController::setMemoryUtilization(double fraction) {
    if (fraction == m_file.workload.memoryUtilization) {
        return;
    }
    if (!limits::kMemoryUtilization.contains(fraction)) {
        refuse(tr("Memory utilization must be %1; got %2.")
                   .arg(expectedQs(limits::kMemoryUtilization), numberQs(fraction)));
        return;
    }
    io::ScenarioFile file = m_file;
    file.workload.memoryUtilization = fraction;
    setFile(std::move(file));
}

void ScenarioController::setPricePerDeviceHour(std::optional<double> usd) {
    if (usd == m_file.workload.pricePerDeviceHourUsd) {
        return;
    }
    if (usd && !limits::kPricePerDeviceHourUsd.contains(*usd)) {
        refuse(tr("The price per device-hour in US dollars must be %1 (or empty for no price); "
                  "got %2.")
                   .arg(expectedQs(limits::kPricePerDeviceHourUsd), numberQs(*usd)));
        return;
    }
    io::ScenarioFile file = m_file;
    file.workload.pricePerDeviceHourUsd = usd;
    setFile(std::move(file));
}

void ScenarioController::setPricePerDeviceHourText(const QString& text) {
    const std::string t = text.trimmed().toStdString();
    if (t.empty()) {
        setPricePerDeviceHour(std::nullopt);
        return;
    }
    const std::optional<double> usd = parseNumber(t);
    if (!usd || !limits::kPricePerDeviceHourUsd.contains(*usd)) {
        refuse(tr("The price per device-hour in US dollars must be %1, such as 2.50 (or empty "
                  "for no price); got \"%2\".")
                   .arg(expectedQs(limits::kPricePerDeviceHourUsd), text.trimmed()));
        return;
    }
    setPricePerDeviceHour(usd);
}

void ScenarioController::setQuantization(Quantization quantization) {
    const QuantizationScheme& s = roofline::scheme(quantization);
    setPrecisions(s.weights, s.activations);
}

void ScenarioController::setPrecisions(Precision weights, Precision activations) {
    io::ScenarioFile file = m_file;
    file.workload.weightPrecision = weights;
    file.workload.activationPrecision = activations;
    file.workload.expertWeightPrecision.reset();  // every weight matrix alike
    file.workload.embeddingWeightPrecision.reset();
    file.checkpointWeights = false;
    setFile(std::move(file));
}

void ScenarioController::setCheckpointWeights() {
    io::ScenarioFile file = m_file;
    file.checkpointWeights = true;
    // "As stored" is every part as the checkpoint stores it: no override of a part.
    file.workload.expertWeightPrecision.reset();
    file.workload.embeddingWeightPrecision.reset();
    const std::vector<Issue> issues = setScenarioFile(file);
    if (hasErrors(issues)) {
        refuse(issuesText(issues));
    }
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
    io::ScenarioFile file = m_file;
    file.workload = workload;
    setFile(std::move(file));
}

void ScenarioController::refuse(const QString& message) {
    emit changeRefused(message);
    emit scenarioChanged();  // widgets snap back to the unchanged scenario
}

void ScenarioController::setFile(io::ScenarioFile file) {
    // The scenario file keeps draftModel in step with draftKind.
    if (file.workload.draftKind == DraftKind::Ngram) {
        file.draftModel = std::string(io::kNgramDraft);
    } else if (file.workload.draftKind == DraftKind::Mtp) {
        file.draftModel = std::string(io::kMtpDraft);
    } else if (file.draftModel == io::kNgramDraft || file.draftModel == io::kMtpDraft) {
        file.workload.draftKind = io::draftKindOf(file.draftModel);
    }
    if (file == m_file) {
        return;
    }
    std::vector<Issue> issues = validate(file.workload, m_scenario.model);
    if (hasErrors(issues)) {
        refuse(issuesText(issues));
        return;
    }
    Scenario scenario = m_scenario;
    scenario.workload = file.workload;
    QString calibrationProblem;
    if (!attachCalibration(file, scenario, calibrationProblem)) {
        refuse(calibrationProblem);
        return;
    }
    if (file.workload.draftKind != DraftKind::Model) {
        scenario.draft.reset();  // n-gram, or the model's own MTP layers
    } else if (!m_scenario.draft || file.draftModel != m_file.draftModel) {
        io::Loaded<Model> draft = io::resolveModel(file.draftModel);
        if (!draft.ok()) {
            refuse(tr("The draft must be \"ngram\" or a model that loads; %1 does not (%2).")
                       .arg(QString::fromStdString(file.draftModel), issuesText(draft.issues)));
            return;
        }
        scenario.draft = std::move(*draft.value);
        // Checked as if speculation were on, so that turning k up later cannot fail on it.
        Scenario probe = scenario;
        probe.workload.speculativeTokens =
            std::max<std::int64_t>(1, probe.workload.speculativeTokens);
        for (const Issue& issue : validate(probe)) {
            if (issue.severity == Severity::Error && issue.field.starts_with("draft")) {
                refuse(tr("The draft must be %1; found %2.")
                           .arg(QString::fromStdString(plainExpected(issue.expected)),
                                QString::fromStdString(issue.found)));
                return;
            }
        }
    }
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
    m_trail = trailOf(m_scenario, m_analysis);
}

}  // namespace roofline::ui
