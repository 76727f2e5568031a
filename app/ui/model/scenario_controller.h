// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scenario_controller.h
/// The one scenario object of the window (STYLE.md §3). It owns the current scenario file
/// (hardware and model references + workload knobs), the resolved Scenario, and the
/// Analysis and decode batch trail computed from it. Widgets change it through setters;
/// it answers with signals. Setters return early when nothing changes, validate before they
/// apply, and never leave the scenario half-changed: a refused change keeps the old one.

#include <cstdint>
#include <optional>
#include <vector>

#include <QObject>
#include <QString>

#include "model/quantization.h"
#include "roofline/analysis.h"
#include "roofline/io/scenario_file.h"
#include "roofline/validate.h"

namespace roofline::ui {

/// The decode batch trail runs from B = 1 up to the memory limit, capped here.
inline constexpr std::int64_t kTrailBatchCap = 4096;
/// Shortest sequence the sequence slider offers.
inline constexpr std::int64_t kMinSequenceLength = 128;
/// Longest sequence offered when the model does not say (max_position_embeddings = 0).
inline constexpr std::int64_t kFallbackMaxSequenceLength = 131072;
/// The batch slider's range.
inline constexpr std::int64_t kMinBatch = 1;
inline constexpr std::int64_t kMaxSliderBatch = 4096;

/// A scenario file resolved (hardware and model loaded), validated and analysed, as the
/// window's own scenario is: what the baseline and the compare scenarios keep.
struct AnalysedScenario {
    io::ScenarioFile file;  ///< as applied (a --gqa-ratio resolved into the workload)
    Scenario scenario;
    Analysis analysis;
    std::vector<TrailPoint> trail;  ///< the decode batch trail (ScenarioController::trail)
    std::vector<Issue> issues;      ///< load and validation issues; errors = nothing else set
    bool ok() const { return !hasErrors(issues); }
};

class ScenarioController : public QObject {
    Q_OBJECT
public:
    /// Starts with the embedded default (io::ScenarioFile{}: h100-sxm, llama-3.1-8b,
    /// batch 1, 2048 tokens, bf16), which needs no file on disk.
    explicit ScenarioController(QObject* parent = nullptr);

    const io::ScenarioFile& scenarioFile() const { return m_file; }
    const Scenario& scenario() const { return m_scenario; }
    const Analysis& analysis() const { return m_analysis; }
    const std::vector<TrailPoint>& trail() const { return m_trail; }
    /// The current scenario as an AnalysedScenario (a copy, no issues).
    AnalysedScenario current() const { return {m_file, m_scenario, m_analysis, m_trail, {}}; }

    /// Resolves, validates and analyses `file` with the same engine calls as
    /// setScenarioFile, without touching any controller: the baseline and compare scenarios
    /// (no throwaway controllers). `file.baseline` is ignored. On errors only `issues` is set.
    static AnalysedScenario analyse(const io::ScenarioFile& file, std::int64_t gqaRatio = 0);

    /// Query heads per KV head as analysed (n_q / effective n_kv); 0 for MLA models.
    std::int64_t gqaRatio() const;
    /// The ratios the model allows: the divisors of n_q, 1 (MHA) to n_q (MQA).
    std::vector<std::int64_t> gqaRatios() const;
    /// Whether the model has KV heads to share (false for MLA).
    /// A decoder LLM without MLA: encoders and CNNs keep no KV cache to group.
    bool gqaApplicable() const {
        return m_scenario.model.kind == ModelKind::Decoder && !m_scenario.model.mla.enabled();
    }
    /// The sequence slider's upper end: the model's max_position_embeddings.
    std::int64_t maxSequenceLength() const;
    /// Longest prompt setPromptTokens() takes: max_position_embeddings, or kMaxTokens when
    /// the model does not say.
    std::int64_t maxPromptTokens() const;
    /// Longest context setContextTokens() takes: one less than the prompt's, since the cache
    /// holds C tokens and the decode step writes one more (C + 1 ≤ max_position_embeddings).
    std::int64_t maxContextTokens() const;
    /// Whether the model routes tokens to experts (a mixture of experts).
    bool isMixtureOfExperts() const;
    /// Whether expert parallelism can change anything: an MoE model on more than one device.
    bool expertParallelApplicable() const;

    /// Replaces the whole scenario (Open scenario, command line). Loads the hardware and
    /// model it names and validates everything first; on any error nothing changes and the
    /// issues come back. `gqaRatio` > 0 sets the KV heads from n_q / ratio.
    std::vector<Issue> setScenarioFile(const io::ScenarioFile& file, std::int64_t gqaRatio = 0);
    /// The price per device-hour in US dollars, or none (no cost is shown): finite and ≥ 0,
    /// else refused with a message.
    void setPricePerDeviceHour(std::optional<double> usd);
    /// The same from a field's text: empty = no price; a number written with '.' decimals
    /// whatever the locale ("2.50"); anything else is refused with a message naming it.
    void setPricePerDeviceHourText(const QString& text);
    /// Puts an analysed scenario back (the undo history, Revert to baseline): its file and
    /// resolved scenario as they were, an edited chip included, with no loading or checks
    /// (it was valid when it was analysed). Nothing happens when it is the current one.
    void restore(const AnalysedScenario& scenario);
    /// A shipped hardware id or a hardware preset file. Same contract as setScenarioFile.
    std::vector<Issue> setHardware(const std::string& idOrPath);
    /// An edited hardware in place of the one the scenario file names (the hardware editor,
    /// live): the file keeps its reference, the workload and model stay. Checked as a
    /// hardware file is read (io::parseHardware of io::hardwareToJson, so the issues are the
    /// reader's, keys and units of the file), then with the scenario; on any error nothing
    /// changes and the issues come back. `label` names the edit in the messages.
    std::vector<Issue> setHardwareValue(const Hardware& hardware, const std::string& label);
    /// A shipped model id or a Hugging Face config.json path. A KV-head override that the
    /// new model cannot take is dropped (it is a property of the old model's heads).
    /// `tensorParallel` > 0 sets the device count in the same change (a model that does not
    /// split over the current devices opens with one it does split over).
    std::vector<Issue> setModel(const std::string& idOrPath, std::int64_t tensorParallel = 0);

public slots:
    void setBatch(qint64 batch);
    /// Sets prompt and context length together (no range check beyond validate(): a length
    /// past the model's maximum analyses with a warning).
    void setSequenceLength(qint64 tokens);
    /// P, the prefill pass (TTFT): 1 to maxPromptTokens(), else refused.
    void setPromptTokens(qint64 tokens);
    /// C, the decode step (TPOT): 0 to maxContextTokens(), else refused.
    void setContextTokens(qint64 tokens);
    /// Speculative decoding: k drafted tokens (0 = off, 1–16), acceptance α (0–1), and the
    /// draft: "ngram" (io::kNgramDraft) or a model preset id / config.json path. A model draft
    /// is loaded here and must share the target's vocabulary, even while k = 0, so that
    /// turning k up later cannot fail on it.
    void setSpeculation(qint64 k, double acceptance, const std::string& draft);
    /// Experts spread whole over the devices; only on an MoE model with tensor parallel > 1.
    /// Turning it off turns data-parallel attention off too (it needs the experts spread).
    void setExpertParallel(bool enabled);
    /// Attention tensor-parallel (heads split over the devices) or data-parallel (each device
    /// attends for B/D sequences and holds only their KV cache). Data needs an MoE model on
    /// more than one device, else it is refused; it spreads the experts (expert parallelism
    /// on) in the same change, as SGLang's and vLLM's DP attention do.
    void setAttentionParallel(roofline::AttentionParallel mode);
    /// Peak, achievable, or estimate: the last with the calibration profile of the scenario
    /// file (its `calibration`, else the shipped one for the hardware and the engine), which
    /// is loaded here; a profile that does not load refuses the change.
    void setCeilings(roofline::Ceilings ceilings);
    /// The serving engine whose calibration profile the estimate uses (io::knownEngines(): the
    /// profile is resolveCalibration(hardware, engine), falling back to the hardware's generic
    /// one, then to "generic"). Kept in the scenario file under any ceilings and read only
    /// under the estimate; a name that is not known is refused.
    void setEngine(const std::string& engine);
    /// Under the estimate, when the engine has no profile for this hardware and the estimate
    /// falls back (io::calibrationFallback): "no vllm profile for h100-sxm: using the generic
    /// one (h100-sxm.generic)". Empty otherwise, and when the scenario names its own profile.
    QString calibrationWarning() const;
    /// Tokens one forward pass may hold: 1 to kMaxBatchedTokensLimit.
    void setMaxBatchedTokens(qint64 tokens);
    /// Fraction of each device's memory a server may use: above 0, at most 1.
    void setMemoryUtilization(double fraction);
    void setQuantization(roofline::ui::Quantization quantization);
    /// Every weight matrix at `weights`, the activations at `activations`, the checkpoint's
    /// own mix off: a step of the Quantization slider (setQuantization is this for a scheme;
    /// W8A16 with int8 weights is a step and no scheme, model/quantization.h).
    void setPrecisions(roofline::Precision weights, roofline::Precision activations);
    /// The weights as the model's checkpoint stores them, part by part (--weights
    /// checkpoint); it follows the model when the model changes, until a quantization is
    /// chosen. Refused, with the reason, where the quantization_config is not mapped.
    void setCheckpointWeights();
    void setKvPrecision(roofline::Precision precision);
    /// n_q / ratio KV heads; the model's own ratio stores "no override".
    void setGqaRatio(qint64 ratio);
    void setFlashAttention(bool enabled);
    void setTensorParallel(qint64 devices);
    void setWorkload(const roofline::Workload& workload);

signals:
    /// Any input changed, or a change was refused: widgets re-read the scenario.
    void scenarioChanged();
    /// The analysis of the new scenario, computed synchronously after every change.
    void analysisChanged(const roofline::Analysis& analysis);
    /// A knob value the engine cannot analyse (one sentence, e.g. a TP degree that does not
    /// divide the heads). The scenario did not change.
    void changeRefused(const QString& message);

private:
    /// Refuses with `message`: emits changeRefused and scenarioChanged (widgets snap back).
    void refuse(const QString& message);
    /// Validates `file`'s workload (and its draft) against the loaded models and applies it,
    /// or refuses with the validation's errors. Nothing happens when `file` is the current one.
    void setFile(io::ScenarioFile file);
    void apply(io::ScenarioFile file, Scenario scenario);
    /// Attaches to `scenario` the calibration profile `file` asks for under the estimate
    /// ceiling (as io::resolve does), keeps the current one when the file asks for the same,
    /// and drops it under other ceilings. False, with the message, when it does not load.
    bool attachCalibration(const io::ScenarioFile& file, Scenario& scenario,
                           QString& message) const;
    void reanalyze();

    io::ScenarioFile m_file;
    Scenario m_scenario;
    Analysis m_analysis;
    std::vector<TrailPoint> m_trail;
};

/// One line per issue, for the details of an error message.
QString issuesText(const std::vector<Issue>& issues);
/// The first error's sentence (file, key, expected, found), for a message's main text: the
/// reason must not hide under Show Details, where few look. Empty when there is none.
QString firstError(const std::vector<Issue>& issues);

}  // namespace roofline::ui
