// SPDX-License-Identifier: GPL-3.0-or-later
#include "controls_panel.h"

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileInfo>
#include <QFontMetrics>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QToolButton>

#include "model/plot_tooltip.h"
#include "model/scenario_controller.h"
#include "model/scenario_document.h"
#include "panels/fraction_control.h"
#include "panels/pickers.h"
#include "panels/quantization_row.h"
#include "panels/slider_control.h"
#include "panels/slider_player.h"
#include "roofline/format.h"
#include "roofline/io/calibration.h"
#include "roofline/io/presets.h"
#include "roofline/limits.h"

namespace roofline::ui {
namespace {

constexpr std::array<Precision, 4> kKvChoices = {Precision::Bf16, Precision::Fp8, Precision::Int8,
                                                 Precision::Int4};
/// The tensor-parallel picker offers the powers of two up to this many devices (and the
/// chip's scale-up domain itself, 72 for an NVL72 rack): past an 8-GPU server, and past the
/// domain onto the scale-out network, where the engine warns (405B-class models need it).
constexpr std::int64_t kLargestTensorParallelChoice = 1024;

QString precisionName(Precision p) { return QString::fromUtf8(toString(p)); }
QString integerQs(std::int64_t value) { return QString::fromStdString(formatInteger(value)); }

}  // namespace

ControlsPanel::ControlsPanel(ScenarioDocument& document, QWidget* parent)
    : QWidget(parent), m_controller(document.current()) {
    auto* form = new QFormLayout(this);
    m_form = form;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    m_hardware = named(new QComboBox(this), "hardware");
    m_hardware->setToolTip(tr("The accelerator: its compute roofs and memory bandwidth"));
    m_model = named(new QComboBox(this), "model");
    m_model->setToolTip(
        tr("A shipped model, or File > Open model config… for any "
           "Hugging Face config.json"));
    for (QComboBox* combo : {m_hardware, m_model}) {
        combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        combo->setMinimumContentsLength(16);
    }
    fillHardwarePicker(m_hardware);
    fillModelPicker(m_model);

    m_batch = new SliderControl(this);
    m_batch->setMapping(SliderMapping::logarithmic(kMinBatch, kMaxSliderBatch));
    m_batch->setSpinBoxMaximum(kMaxBatch);  // a scenario file may name any batch
    m_batch->setToolTip(tr("Sequences served together (log scale)"));

    m_ceilings = named(new QComboBox(this), "ceilings");
    // Not as wide as its longest item: the left dock stays as narrow as before.
    m_ceilings->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_ceilings->setMinimumContentsLength(8);
    m_ceilings->addItem(tr("peak (spec sheet)"), static_cast<int>(Ceilings::Peak));
    m_ceilings->addItem(tr("achievable (measured)"), static_cast<int>(Ceilings::Achievable));
    m_ceilings->addItem(tr("estimate (calibrated)"), static_cast<int>(Ceilings::Estimate));
    m_ceilings->setToolTip(
        tr("The roofs: the spec sheet's peaks, or the rates benchmarks achieve (cited "
           "measurements where the preset has them). Estimate: the achievable roofs, with an "
           "estimate of a real serving stack beside each bound (a hollow mark with its "
           "interval), from the calibration profile of the hardware and the engine"));
    // The serving engine whose calibration profile the estimate uses: in the row under the
    // ceilings (side by side, at the dock's width, "estimate (calibrated)" and "tensorrt-llm"
    // were both cut short), live only under the estimate.
    m_engine = named(new QComboBox(this), "engine");
    m_engine->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_engine->setMinimumContentsLength(8);
    for (const std::string& engine : io::knownEngines()) {
        m_engine->addItem(qs(engine), qs(engine));
    }
    m_engine->setAccessibleName(tr("Serving engine of the estimate"));

    m_prompt = new SliderControl(this);
    m_prompt->setSpinBoxMinimum(1);
    m_prompt->setSpinBoxMaximum(kMaxTokens);  // the controller says when it is too long
    m_prompt->setToolTip(
        tr("P: tokens per prompt, read by the prefill pass (TTFT). Log scale, up to the "
           "model's max_position_embeddings"));
    m_context = new SliderControl(this);
    m_context->setSpinBoxMinimum(0);
    m_context->setSpinBoxMaximum(kMaxTokens);
    m_context->setToolTip(
        tr("C: tokens already in the KV cache when a decode step runs (TPOT). Log scale, up to "
           "max_position_embeddings − 1: the step writes one more"));

    // Play buttons, for a lecture: one sweep at a time, each one undo step of its own.
    m_batchPlayer = new SliderPlayer(*m_batch, m_batch);
    m_promptPlayer = new SliderPlayer(*m_prompt, m_prompt);
    m_contextPlayer = new SliderPlayer(*m_context, m_context);
    for (const auto& [player, name] :
         {std::pair{m_batchPlayer, "playBatch"}, std::pair{m_promptPlayer, "playPrompt"},
          std::pair{m_contextPlayer, "playContext"}}) {
        named(player->button(), name);
        player->control().addLeadingWidget(player->button());
        connect(player, &SliderPlayer::playingChanged, this,
                [this, doc = &document, p = player](bool on) {
                    doc->sealHistory();
                    for (SliderPlayer* other : {m_batchPlayer, m_promptPlayer, m_contextPlayer}) {
                        if (on && other != p) {
                            other->stop();
                        }
                    }
                });
    }

    m_quantization = new QuantizationRow(m_controller, this);

    m_kv = named(new QComboBox(this), "kvPrecision");
    for (Precision p : kKvChoices) {
        m_kv->addItem(precisionName(p), static_cast<int>(p));
    }
    m_kv->setToolTip(tr("KV-cache precision, separate from the weights"));

    m_gqa = new SliderControl(this);
    // The GQA slider, which has no Play, starts where the others do.
    auto* gqaGap = new QWidget(m_gqa);
    gqaGap->setFixedWidth(m_batchPlayer->button()->sizeHint().width());
    m_gqa->addLeadingWidget(gqaGap);

    m_flash = named(new QCheckBox(tr("on"), this), "flashAttention");
    m_flash->setToolTip(tr("Off: the attention score matrix goes through device memory"));
    m_tp = named(new QComboBox(this), "tensorParallel");  // filled by syncTensorParallel()
    m_tp->setToolTip(
        tr("Devices sharing every layer; numbers are per device. Past the chip's scale-up "
           "domain (NVLink, xGMI, ICI) the collectives cross the scale-out network"));
    m_expertParallel = named(new QCheckBox(tr("off"), this), "expertParallel");
    m_attention = named(new QComboBox(this), "attentionParallel");
    m_attention->addItem(tr("TP"), static_cast<int>(AttentionParallel::Tensor));
    m_attention->addItem(tr("DP"), static_cast<int>(AttentionParallel::Data));
    auto* tpRow = new QWidget(this);
    auto* tpLayout = new QHBoxLayout(tpRow);
    tpLayout->setContentsMargins(0, 0, 0, 0);
    tpLayout->addWidget(m_tp, 1);
    // No mnemonic: every letter of "Attention" is taken by another row or a menu.
    auto* attentionLabel = new QLabel(tr("Attention:"), tpRow);
    attentionLabel->setBuddy(m_attention);
    tpLayout->addWidget(attentionLabel);
    tpLayout->addWidget(m_attention);

    m_specK = named(new MappedSpinBox(this), "speculativeTokens");
    m_specK->setRange(0, static_cast<int>(kMaxSpeculativeTokens));
    m_specK->setSpecialValueText(tr("off"));
    m_specK->setKeyboardTracking(false);
    m_specK->setToolTip(
        tr("Speculative decoding: k tokens drafted per step, then verified by the target in "
           "one pass over k + 1 tokens (0 = off)"));
    m_acceptance = named(new FractionControl(this), "acceptance");
    m_acceptance->setToolTip(
        tr("α: the chance that each drafted token is accepted (independent per position)"));
    m_draft = named(new QComboBox(this), "draft");
    m_draft->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_draft->setMinimumContentsLength(16);
    m_draft->addItem(
        tr("n-gram (free)"),
        QString::fromUtf8(io::kNgramDraft.data(), static_cast<qsizetype>(io::kNgramDraft.size())));
    m_draft->setItemData(0, tr("Prompt lookup: drafts cost nothing on the devices"),
                         Qt::ToolTipRole);
    m_draft->addItem(
        tr("MTP layers (the model's own)"),
        QString::fromUtf8(io::kMtpDraft.data(), static_cast<qsizetype>(io::kMtpDraft.size())));
    m_draft->setItemData(1,
                         tr("The target's multi-token-prediction layers draft the tokens "
                            "(DeepSeek-V3, Qwen3-Next, GLM); a model without them falls back "
                            "to n-gram, with a warning"),
                         Qt::ToolTipRole);
    for (int i = 0; i < m_model->count(); ++i) {
        if (m_model->itemData(i).isValid()) {  // not a family header
            m_draft->addItem(m_model->itemText(i), m_model->itemData(i));
        }
    }
    m_draft->setToolTip(
        tr("Where drafts come from: free n-gram lookup, or a small model run k times per step "
           "on the same devices (it must share the target's vocabulary)"));

    m_advancedButton = named(new QToolButton(this), "advanced");
    m_advancedButton->setText(tr("A&dvanced"));
    m_advancedButton->setCheckable(true);
    m_advancedButton->setAutoRaise(true);
    m_advancedButton->setArrowType(Qt::RightArrow);
    m_advancedButton->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_advancedButton->setFocusPolicy(Qt::StrongFocus);
    m_advancedButton->setToolTip(tr("Memory knobs of the serving engine"));
    m_maxBatchedTokens = named(new MappedSpinBox(this), "maxBatchedTokens");
    m_maxBatchedTokens->setRange(0, static_cast<int>(kMaxBatchedTokensLimit));
    m_maxBatchedTokens->setToolTip(
        tr("Max batched tokens: tokens one forward pass may hold (chunked prefill); sizes "
           "the activation workspace (vLLM max_num_batched_tokens)"));
    m_memoryUtilization = named(new DecimalSpinBox(this), "memoryUtilization");
    m_memoryUtilization->setRange(0.0, 1.0);
    m_memoryUtilization->setSingleStep(0.01);
    m_memoryUtilization->setToolTip(
        tr("Memory utilization: the fraction of each device's memory the server may use "
           "(vLLM gpu_memory_utilization)"));

    m_price = named(new QLineEdit(this), "price");
    m_price->setPlaceholderText(tr("none"));
    m_price->setClearButtonEnabled(true);
    m_price->setToolTip(
        tr("Price per device-hour in US dollars, e.g. 2.50: adds the cost per million output "
           "tokens. Empty = no price, and no cost anywhere (prices differ by contract, so "
           "there is no default)"));

    const auto row = [this, form](const QString& label, QWidget* field) {
        auto* name = new QLabel(label);
        m_rowLabels.push_back(name);
        name->setBuddy(field);
        form->addRow(name, field);
    };
    row(tr("Hard&ware"), m_hardware);
    // No mnemonic: every letter of "Ceilings" is taken by another row or a menu, and a
    // shared one (Cei&lings and &Lessons) reaches each owner only every other press.
    row(tr("Ceilings"), m_ceilings);
    // No mnemonic either: every letter of "Engine" is taken.
    row(tr("Engine"), m_engine);
    row(tr("&Model"), m_model);
    row(tr("&Batch"), m_batch);
    row(tr("&Prompt"), m_prompt);
    row(tr("&Context"), m_context);
    row(tr("&Quantization"), m_quantization);
    form->addRow(QString(), m_quantization->computeRoof());
    row(tr("&KV cache"), m_kv);
    row(tr("&GQA ratio"), m_gqa);
    row(tr("FlashAtte&ntion"), m_flash);
    row(tr("&Tensor parallel"), tpRow);
    row(tr("E&xpert parallel"), m_expertParallel);
    row(tr("Spec&ulative k"), m_specK);
    row(tr("&Acceptance α"), m_acceptance);
    row(tr("D&raft"), m_draft);
    form->addRow(m_advancedButton);
    // Spin boxes on their own keep the width of the sliders' spin boxes.
    for (QAbstractSpinBox* box : {static_cast<QAbstractSpinBox*>(m_specK),
                                  static_cast<QAbstractSpinBox*>(m_maxBatchedTokens),
                                  static_cast<QAbstractSpinBox*>(m_memoryUtilization)}) {
        box->setMinimumWidth(m_batch->spinBox()->minimumWidth());
        box->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    }
    m_price->setMaximumWidth(m_batch->spinBox()->minimumWidth() * 3 / 2);
    row(tr("T&okens per pass"), m_maxBatchedTokens);
    row(tr("Usable memor&y"), m_memoryUtilization);
    // No mnemonic: every letter of the label is taken by another row or a menu (Help's H).
    auto* priceLabel = new QLabel(tr("$ per device-hour"));
    m_rowLabels.push_back(priceLabel);
    m_price->setAccessibleName(tr("Price per device-hour in US dollars"));
    form->addRow(priceLabel, m_price);
    // Folded at start; the panel lives as long as the window, so the state lasts the session.
    const auto setAdvancedShown = [this, form](bool shown) {
        m_advancedButton->setArrowType(shown ? Qt::DownArrow : Qt::RightArrow);
        form->setRowVisible(m_maxBatchedTokens, shown);
        form->setRowVisible(m_memoryUtilization, shown);
        form->setRowVisible(m_price, shown);
    };
    setAdvancedShown(false);
    connect(m_advancedButton, &QToolButton::toggled, this, setAdvancedShown);
    // Tab follows the rows: the ceilings (and the engine) sit under the hardware but were made
    // after the batch.
    setTabOrder(m_hardware, m_ceilings);
    setTabOrder(m_ceilings, m_engine);
    setTabOrder(m_engine, m_model);
    // The quantization row's label focuses the slider, the tensor parallel row's its devices.
    qobject_cast<QLabel*>(form->labelForField(m_quantization))->setBuddy(m_quantization->slider());
    qobject_cast<QLabel*>(form->labelForField(tpRow))->setBuddy(m_tp);

    connect(m_hardware, &QComboBox::activated, this, &ControlsPanel::onHardwarePicked);
    connect(m_model, &QComboBox::activated, this, &ControlsPanel::onModelPicked);
    connect(m_batch, &SliderControl::valueChanged, &m_controller, &ScenarioController::setBatch);
    connect(m_ceilings, &QComboBox::activated, this, [this](int index) {
        m_controller.setCeilings(static_cast<Ceilings>(m_ceilings->itemData(index).toInt()));
    });
    connect(m_engine, &QComboBox::activated, this, [this](int index) {
        m_controller.setEngine(m_engine->itemData(index).toString().toStdString());
    });
    connect(m_prompt, &SliderControl::valueChanged, &m_controller,
            &ScenarioController::setPromptTokens);
    connect(m_context, &SliderControl::valueChanged, &m_controller,
            &ScenarioController::setContextTokens);
    connect(m_kv, &QComboBox::activated, this, [this](int index) {
        m_controller.setKvPrecision(static_cast<Precision>(m_kv->itemData(index).toInt()));
    });
    connect(m_gqa, &SliderControl::valueChanged, &m_controller, &ScenarioController::setGqaRatio);
    connect(m_flash, &QCheckBox::toggled, &m_controller, &ScenarioController::setFlashAttention);
    // The box says what it is set to ("off" when unchecked), not what checking it does.
    connect(m_flash, &QCheckBox::toggled, this,
            [this](bool on) { m_flash->setText(on ? tr("on") : tr("off")); });
    connect(m_tp, &QComboBox::activated, this,
            [this](int index) { m_controller.setTensorParallel(m_tp->itemData(index).toInt()); });
    connect(m_expertParallel, &QCheckBox::toggled, &m_controller,
            &ScenarioController::setExpertParallel);
    connect(m_attention, &QComboBox::activated, this, [this](int index) {
        m_controller.setAttentionParallel(
            static_cast<AttentionParallel>(m_attention->itemData(index).toInt()));
    });
    connect(m_expertParallel, &QCheckBox::toggled, this,
            [this](bool on) { m_expertParallel->setText(on ? tr("on") : tr("off")); });
    connect(m_specK, &QSpinBox::valueChanged, this, &ControlsPanel::onSpeculationChanged);
    connect(m_acceptance, &FractionControl::valueChanged, this,
            &ControlsPanel::onSpeculationChanged);
    connect(m_draft, &QComboBox::activated, this, &ControlsPanel::onSpeculationChanged);
    connect(m_maxBatchedTokens, &QSpinBox::valueChanged, &m_controller,
            &ScenarioController::setMaxBatchedTokens);
    connect(m_memoryUtilization, &QDoubleSpinBox::valueChanged, &m_controller,
            &ScenarioController::setMemoryUtilization);
    connect(m_price, &QLineEdit::editingFinished, this,
            [this] { m_controller.setPricePerDeviceHourText(m_price->text()); });
    // The document's current scenario changed, or a change was refused (the widgets snap
    // back); a baseline, compare scenarios or a lesson are not the controls' concern.
    connect(&document, &ScenarioDocument::changed, this, [this](DocumentChanges what) {
        if (what & kScenarioChanges) {
            sync();
        }
    });
    connect(&document, &ScenarioDocument::changeRefused, this, &ControlsPanel::sync);
    fitLabels();
    sync();
}

QSlider* ControlsPanel::quantizationSlider() const { return m_quantization->slider(); }

void ControlsPanel::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        fitLabels();
    }
}

void ControlsPanel::fitLabels() {
    // QLabel sizes itself by the text's ink (boundingRect), which can be a pixel or two
    // narrower than its advance at fractional font sizes (presentation mode: ×1.5), and it
    // clips what does not fit: "Tensor parallel" lost half its last "l".
    const QFontMetrics metrics(font());
    for (QLabel* label : m_rowLabels) {
        QString plain = label->text();
        plain.remove(QLatin1Char('&'));
        label->setMinimumWidth(metrics.horizontalAdvance(plain) + 2);
    }
}

void ControlsPanel::onHardwarePicked(int index) {
    const std::vector<Issue> issues =
        m_controller.setHardware(m_hardware->itemData(index).toString().toStdString());
    if (hasErrors(issues)) {
        emit loadFailed(tr("Could not use the hardware %1.").arg(m_hardware->itemText(index)),
                        issuesText(issues));
        sync();
    }
}

void ControlsPanel::onModelPicked(int index) {
    const std::vector<Issue> issues =
        m_controller.setModel(m_model->itemData(index).toString().toStdString());
    if (hasErrors(issues)) {
        emit loadFailed(tr("Could not use the model %1.").arg(m_model->itemText(index)),
                        issuesText(issues));
        sync();
    }
}

void ControlsPanel::syncLengthRanges() {
    // The sliders cover the model's lengths; the spin boxes take any length, and the
    // controller refuses (and says so) what the model cannot hold.
    const std::int64_t maxLength = m_controller.maxSequenceLength();
    if (maxLength != m_lengthRangeFor) {
        m_lengthRangeFor = maxLength;
        m_prompt->setMapping(SliderMapping::logarithmic(kMinSequenceLength, maxLength));
        m_context->setMapping(SliderMapping::logarithmic(kMinSequenceLength, maxLength - 1));
    }
}

void ControlsPanel::onSpeculationChanged() {
    m_controller.setSpeculation(m_specK->value(), m_acceptance->value(),
                                m_draft->currentData().toString().toStdString());
}

void ControlsPanel::syncSpeculation() {
    const io::ScenarioFile& file = m_controller.scenarioFile();
    const Workload& w = file.workload;
    const QSignalBlocker blockK(m_specK);
    const QSignalBlocker blockDraft(m_draft);
    m_specK->setValue(static_cast<int>(w.speculativeTokens));
    m_acceptance->setValue(w.acceptanceRate);
    const QString draft = qs(file.draftModel);
    if (m_draft->findData(draft) < 0) {  // a config.json path from a scenario file
        m_draft->addItem(QFileInfo(draft).fileName(), draft);
        m_draft->setItemData(m_draft->count() - 1, draft, Qt::ToolTipRole);
    }
    m_draft->setCurrentIndex(m_draft->findData(draft));
    const bool on = w.speculativeTokens > 0;
    m_acceptance->setEnabled(on);
    m_draft->setEnabled(on);
}

void ControlsPanel::syncExpertParallel() {
    const Workload& w = m_controller.scenarioFile().workload;
    const QSignalBlocker block(m_expertParallel);
    const QSignalBlocker blockAttention(m_attention);
    m_expertParallel->setChecked(w.expertParallel);
    // As FlashAttention's box: what it is set to, so a disabled unchecked box reads "off".
    m_expertParallel->setText(m_expertParallel->isChecked() ? tr("on") : tr("off"));
    selectData(m_attention, static_cast<int>(w.attentionParallel), QString());
    // DP attention spreads the experts too: both need an MoE model on more than one device.
    const bool applicable = m_controller.expertParallelApplicable();
    m_expertParallel->setEnabled(applicable);
    m_attention->setEnabled(applicable);
    const QString why =
        !m_controller.isMixtureOfExperts() ? tr("Needs a mixture-of-experts model: %1 is dense")
                                                 .arg(qs(m_controller.scenario().model.name))
        : !applicable ? tr("Needs tensor parallel > 1: the experts spread whole over the devices")
                      : QString();
    m_expertParallel->setToolTip(
        !why.isEmpty() ? why
                       : tr("Experts spread whole over the devices (each holds E/D of them) "
                            "instead of sliced; two all-to-alls per MoE layer; attention as "
                            "Attention says (TP or DP)"));
    const QString attention =
        tr("TP: every device runs attention for every sequence, its heads split over the "
           "devices, and holds every sequence's KV cache. DP (data-parallel attention): each "
           "device runs attention for B/D of the sequences and holds only their KV cache, with "
           "the attention weights on every device; the experts spread over the devices (expert "
           "parallelism), with two all-to-alls per MoE layer");
    m_attention->setToolTip(why.isEmpty() ? attention : attention + QStringLiteral(". ") + why);
}

void ControlsPanel::syncEngine() {
    const io::ScenarioFile& file = m_controller.scenarioFile();
    const QSignalBlocker block(m_engine);
    selectData(m_engine, qs(file.engine), qs(file.engine));
    const bool estimate = file.workload.ceilings == Ceilings::Estimate;
    // A scenario that names its own profile (--calibration) uses it whatever the engine.
    m_engine->setEnabled(estimate && file.calibration.empty());
    const CalibrationProfile* profile = m_controller.scenario().calibration.get();
    const QString what =
        tr("The serving engine whose calibration profile the estimate uses (its per-step "
           "overhead, kernel floors and efficiencies); an engine without a profile for this "
           "hardware falls back to the hardware's generic one, then to generic defaults");
    m_engine->setToolTip(
        !estimate ? what + tr(". Used with the estimate ceiling only")
        : !file.calibration.empty()
            ? tr("The scenario names its own calibration profile, %1: the engine does not "
                 "choose it")
                  .arg(qs(file.calibration))
        : profile != nullptr ? what + tr(". Now: the profile %1").arg(qs(profile->id))
                             : what);
}

void ControlsPanel::syncTensorParallel() {
    // Only the device counts the model's heads (and whole experts) can be split over: a
    // choice the engine would refuse is not offered (Qwen2.5-7B's 28 heads: 1, 2, 4).
    const Scenario& s = m_controller.scenario();
    const Workload& w = s.workload;
    const std::int64_t domain = s.hardware.scaleUpDomainDevices;
    const std::string key = s.model.id + '/' + std::to_string(s.model.numQueryHeads) + '/' +
                            std::to_string(s.model.numKvHeads) + '/' +
                            std::to_string(w.kvHeadsOverride) + '/' +
                            (w.expertParallel ? "ep" : "tp") +
                            (w.attentionParallel == AttentionParallel::Data ? "/dp" : "") + '/' +
                            std::to_string(domain);
    if (key != m_tpChoicesFor) {
        m_tpChoicesFor = key;
        m_tp->clear();
        std::vector<std::int64_t> choices;
        for (std::int64_t d = 1; d <= kLargestTensorParallelChoice; d *= 2) {
            choices.push_back(d);
        }
        if (domain > 1 && domain <= kMaxTensorParallel &&
            std::find(choices.begin(), choices.end(), domain) == choices.end()) {
            choices.insert(std::upper_bound(choices.begin(), choices.end(), domain), domain);
        }
        for (const std::int64_t d : choices) {
            if (d != 1 && !tensorParallelValid(w, s.model, d)) {
                continue;
            }
            // Past the scale-up domain the collectives cross the scale-out network: said in
            // the picker, and by the engine's warning once chosen.
            m_tp->addItem(d > domain ? tr("%1 (scale-out)").arg(integerQs(d)) : integerQs(d),
                          static_cast<int>(d));
        }
    }
    selectData(m_tp, static_cast<int>(w.tensorParallel), integerQs(w.tensorParallel));
}

void ControlsPanel::syncGqa() {
    const Model& model = m_controller.scenario().model;
    const std::string key = model.id + '/' + std::to_string(model.numQueryHeads) + '/' +
                            std::to_string(model.numKvHeads) + '/' +
                            (model.mla.enabled() ? "mla" : "gqa");
    if (key != m_gqaRangeFor) {
        m_gqaRangeFor = key;
        std::vector<std::int64_t> ratios = m_controller.gqaRatios();
        if (ratios.empty()) {
            ratios = {1};  // a CNN has no heads: the slider is disabled, but needs a range
        }
        m_gqa->setMapping(SliderMapping::steps(ratios, SliderMapping::Scale::Logarithmic), true);
    }
    const bool applicable = m_controller.gqaApplicable();
    // Showing the controller's value must not feed it back as a change (an MLA model's
    // "n/a" sits at the spin box's minimum, a ratio the controller would refuse).
    const QSignalBlocker blockControl(m_gqa);
    const QSignalBlocker blockSpinBox(m_gqa->spinBox());
    m_gqa->setEnabled(applicable);
    // An MLA model has no ratio to show: "n/a", not the last model's value.
    m_gqa->spinBox()->setSpecialValueText(applicable ? QString() : tr("n/a"));
    if (!applicable) {
        m_gqa->spinBox()->setValue(m_gqa->spinBox()->minimum());
    }
    if (applicable) {
        m_gqa->setValue(m_controller.gqaRatio());
        m_gqa->setToolTip(
            tr("Query heads per KV head: 1 = multi-head, %1 = multi-query. %2's own: %3")
                .arg(model.numQueryHeads)
                .arg(qs(model.name))
                .arg(gqaRatio(model, model.numKvHeads)));
    } else if (model.kind != ModelKind::Decoder) {
        m_gqa->setToolTip(tr("%1 keeps no KV cache: it encodes each batch of images in one "
                             "pass")
                              .arg(qs(model.name)));
    } else {
        m_gqa->setToolTip(tr("%1 uses multi-head latent attention (MLA): its KV cache is a "
                             "shared latent, with no KV heads to group")
                              .arg(qs(model.name)));
    }
}

void ControlsPanel::syncModelKind() {
    // An encoder or a CNN runs one pass over B images: no prompt or context length, no KV
    // cache, nothing to decode speculatively. Those controls are disabled and say why;
    // batch, precision and the rest stay live. Each keeps its own tooltip for decoders.
    const Model& model = m_controller.scenario().model;
    const bool decoder = model.kind == ModelKind::Decoder;
    const QString what = model.kind == ModelKind::Encoder
                             ? tr("%1 is an encoder: one pass over B images of %2 tokens each "
                                  "(patches and [CLS])")
                                   .arg(qs(model.name))
                                   .arg(model.encoder.tokens())
                             : tr("%1 is a CNN: one pass over B images").arg(qs(model.name));
    const std::pair<QWidget*, QString> controls[] = {
        {m_prompt, tr("no prompt: the image size fixes the work")},
        {m_context, tr("no context: nothing is cached or decoded")},
        {m_kv, tr("no KV cache")},
        {m_specK, tr("no tokens to decode, so nothing to draft")},
        {m_flash, tr("no attention in a CNN")},
    };
    for (const auto& [widget, reason] : controls) {
        const char* kOwnTip = "rooflineDecoderToolTip";
        if (!widget->property(kOwnTip).isValid()) {
            widget->setProperty(kOwnTip, widget->toolTip());
        }
        // An encoder attends (FlashAttention applies); a CNN does not.
        const bool live = decoder || (widget == m_flash && model.kind == ModelKind::Encoder);
        widget->setEnabled(live);
        widget->setToolTip(live ? widget->property(kOwnTip).toString()
                                : what + QStringLiteral(": ") + reason);
    }
}

void ControlsPanel::sync() {
    const io::ScenarioFile& file = m_controller.scenarioFile();
    const Scenario& scenario = m_controller.scenario();
    const Workload& w = file.workload;

    const QSignalBlocker b1(m_hardware);
    const QSignalBlocker b2(m_model);
    const QSignalBlocker b3(m_kv);
    const QSignalBlocker b4(m_flash);
    const QSignalBlocker b5(m_tp);

    selectReference(m_hardware, file.hardware, qs(scenario.hardware.name));
    selectReference(m_model, file.model, qs(scenario.model.name));
    selectData(m_ceilings, static_cast<int>(w.ceilings), QString());
    syncEngine();
    m_batch->setValue(w.batch);
    syncLengthRanges();
    m_prompt->setValue(w.promptTokens);
    m_context->setValue(w.contextTokens);

    m_quantization->sync();

    selectData(m_kv, static_cast<int>(w.kvPrecision), precisionName(w.kvPrecision));
    syncGqa();
    m_flash->setChecked(w.flashAttention);
    m_flash->setText(w.flashAttention ? tr("on") : tr("off"));
    syncTensorParallel();
    syncExpertParallel();  // and attention TP / DP
    syncSpeculation();
    syncModelKind();
    {
        const QSignalBlocker blockTokens(m_maxBatchedTokens);
        const QSignalBlocker blockMemory(m_memoryUtilization);
        m_maxBatchedTokens->setValue(static_cast<int>(w.maxBatchedTokens));
        m_memoryUtilization->setValue(w.memoryUtilization);
    }
    // The price as the user would type it back ('.' decimals in every locale); a refused
    // text snaps back to the price in force.
    const QString price = w.pricePerDeviceHourUsd
                              ? QString::fromStdString(generalText(*w.pricePerDeviceHourUsd, 10))
                              : QString();
    if (m_price->text() != price) {
        const QSignalBlocker blockPrice(m_price);
        m_price->setText(price);
    }
}

void ControlsPanel::setNarrow(bool narrow) {
    m_form->setRowWrapPolicy(narrow ? QFormLayout::WrapAllRows : QFormLayout::DontWrapRows);
}

}  // namespace roofline::ui
