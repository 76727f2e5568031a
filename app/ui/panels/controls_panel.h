// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file controls_panel.h
/// The scenario controls: hardware and model pickers, ceilings (with the serving engine of the
/// estimate under them), batch, prompt and context
/// length, quantization, KV precision, GQA ratio, FlashAttention, tensor parallelism with
/// attention TP or DP beside it, expert parallelism, speculative decoding (k, α, draft), and under
/// a folded "Advanced" section max batched tokens, memory utilisation and the price per
/// device-hour. Every change goes to the document's ScenarioController through a setter; the answer
/// comes back as the document's changed() (or changeRefused()), and sync() updates the widgets
/// inside QSignalBlockers.

#include <cstdint>
#include <string>

#include <QList>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSlider;
class QSpinBox;
class QToolButton;

class QFormLayout;

namespace roofline::ui {

class FractionControl;
class QuantizationRow;
class ScenarioController;
class ScenarioDocument;
class SliderControl;
class SliderPlayer;

class ControlsPanel : public QWidget {
    Q_OBJECT
public:
    /// Controls the document's current scenario (through its controller's setters) and
    /// shows it again whenever it changes or a change is refused.
    explicit ControlsPanel(ScenarioDocument& document, QWidget* parent = nullptr);

    /// Shows the controller's scenario (without feeding anything back to it).
    void sync();

    // The sliders the interaction benchmark walks (window/benchmark.cpp). Every control has
    // an objectName and tests find it by that (findChild): "hardware", "model", "ceilings",
    // "engine" (the serving engine of the estimate, under the ceilings),
    // "quantizationCombo", "computeRoof", "kvPrecision", "flashAttention", "tensorParallel",
    // "attentionParallel", "expertParallel", "speculativeTokens", "acceptance", "draft",
    // "advanced" (unfolds the section under it), "maxBatchedTokens", "memoryUtilization" and
    // "price" (US dollars per device-hour; empty = no price, and no cost anywhere).
    SliderControl* batchControl() const { return m_batch; }
    SliderControl* promptControl() const { return m_prompt; }
    SliderControl* contextControl() const { return m_context; }
    QSlider* quantizationSlider() const;
    SliderControl* gqaControl() const { return m_gqa; }
    /// Play on the batch, prompt and context sliders (slider_player.h); their buttons are
    /// "playBatch", "playPrompt" and "playContext". One plays at a time.
    SliderPlayer* batchPlayer() const { return m_batchPlayer; }
    SliderPlayer* promptPlayer() const { return m_promptPlayer; }
    SliderPlayer* contextPlayer() const { return m_contextPlayer; }
    /// A narrow column (presentation mode): each field goes under its label, so the
    /// slider and its value get the column's whole width instead of being cut off on the
    /// right (at 1280×720 the column is 268 px).
    void setNarrow(bool narrow);

signals:
    /// A hardware or model choice the controller refused (load or validation issues).
    void loadFailed(const QString& text, const QString& details);

protected:
    void changeEvent(QEvent* event) override;

private:
    QFormLayout* m_form = nullptr;
    void fitLabels();
    void onHardwarePicked(int index);
    void onModelPicked(int index);
    void syncLengthRanges();
    void syncModelKind();  ///< Disables what an encoder or a CNN has no use for.
    void syncGqa();
    void syncTensorParallel();
    void syncSpeculation();
    void syncExpertParallel();  ///< and attention TP / DP, which shares its conditions
    void syncEngine();          ///< live only under the estimate ceiling
    void onSpeculationChanged();

    ScenarioController& m_controller;
    QComboBox* m_hardware = nullptr;
    QComboBox* m_model = nullptr;
    SliderControl* m_batch = nullptr;
    QComboBox* m_ceilings = nullptr;
    QComboBox* m_engine = nullptr;  ///< "engine": io::knownEngines(), for the estimate
    SliderControl* m_prompt = nullptr;
    SliderControl* m_context = nullptr;
    SliderPlayer* m_batchPlayer = nullptr;
    SliderPlayer* m_promptPlayer = nullptr;
    SliderPlayer* m_contextPlayer = nullptr;
    QuantizationRow* m_quantization = nullptr;  ///< and the compute roof's line under it
    QComboBox* m_kv = nullptr;
    SliderControl* m_gqa = nullptr;
    QCheckBox* m_flash = nullptr;
    QComboBox* m_tp = nullptr;
    QCheckBox* m_expertParallel = nullptr;
    QComboBox* m_attention = nullptr;  ///< "attentionParallel": TP or DP (findChild)
    QSpinBox* m_specK = nullptr;
    FractionControl* m_acceptance = nullptr;
    QComboBox* m_draft = nullptr;
    QToolButton* m_advancedButton = nullptr;
    QSpinBox* m_maxBatchedTokens = nullptr;
    QDoubleSpinBox* m_memoryUtilization = nullptr;
    QLineEdit* m_price = nullptr;
    QList<QLabel*> m_rowLabels;

    // What the ranges were built for, so sync() rebuilds them only when the model changes.
    std::int64_t m_lengthRangeFor = -1;
    std::string m_gqaRangeFor;
    std::string m_tpChoicesFor;
};

}  // namespace roofline::ui
