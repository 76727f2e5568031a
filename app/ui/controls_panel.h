// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file controls_panel.h
/// The scenario controls: hardware and model pickers, batch, sequence length,
/// quantization, KV precision, GQA ratio, FlashAttention and tensor parallelism. Every
/// change goes to the ScenarioController through a setter; the controller's answer comes
/// back through sync(), which updates the widgets inside QSignalBlockers.

#include <QWidget>
#include <cstdint>
#include <string>

class QCheckBox;
class QComboBox;
class QLabel;
class QSlider;

namespace roofline::ui {

class ScenarioController;
class SliderControl;

class ControlsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ControlsPanel(ScenarioController& controller, QWidget* parent = nullptr);

    /// Shows the controller's scenario (without feeding anything back to it).
    void sync();

    QComboBox* hardwareCombo() const { return m_hardware; }
    QComboBox* modelCombo() const { return m_model; }
    SliderControl* batchControl() const { return m_batch; }
    SliderControl* sequenceControl() const { return m_sequence; }
    QSlider* quantizationSlider() const { return m_quantSlider; }
    QComboBox* quantizationCombo() const { return m_quantCombo; }
    QLabel* computeRoofLabel() const { return m_computeRoof; }
    QComboBox* kvCombo() const { return m_kv; }
    SliderControl* gqaControl() const { return m_gqa; }
    QCheckBox* flashAttentionCheck() const { return m_flash; }
    QComboBox* tensorParallelCombo() const { return m_tp; }

signals:
    /// A hardware or model choice the controller refused (load or validation issues).
    void loadFailed(const QString& text, const QString& details);

private:
    void fillPickers();
    void onHardwarePicked(int index);
    void onModelPicked(int index);
    void onQuantizationPicked(int step);
    void syncPicker(QComboBox* combo, const std::string& reference, const QString& name);
    void syncSequenceRange();
    void syncGqa();

    ScenarioController& m_controller;
    QComboBox* m_hardware = nullptr;
    QComboBox* m_model = nullptr;
    SliderControl* m_batch = nullptr;
    SliderControl* m_sequence = nullptr;
    QSlider* m_quantSlider = nullptr;
    QComboBox* m_quantCombo = nullptr;
    QLabel* m_computeRoof = nullptr;
    QComboBox* m_kv = nullptr;
    SliderControl* m_gqa = nullptr;
    QCheckBox* m_flash = nullptr;
    QComboBox* m_tp = nullptr;

    // What the ranges were built for, so sync() rebuilds them only when the model changes.
    std::int64_t m_sequenceRangeFor = -1;
    std::string m_gqaRangeFor;
};

}  // namespace roofline::ui
