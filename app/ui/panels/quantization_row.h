// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file quantization_row.h
/// The controls panel's quantization row: a slider over the quantization schemes
/// (model/quantization.h), a combo box naming them ("quantizationCombo"; the checkpoint's
/// own mix or a custom one as an extra item when no scheme fits), the "As stored" button
/// ("checkpointWeights": the weights as the checkpoint stores them, part by part), and
/// under the row a line saying which compute roof the scenario computes on
/// ("computeRoof"). A pick goes to the controller through its setters; sync() shows the
/// controller's scenario inside QSignalBlockers.

#include <QWidget>

class QComboBox;
class QLabel;
class QSlider;
class QToolButton;

namespace roofline::ui {

class ScenarioController;

class QuantizationRow : public QWidget {
    Q_OBJECT
public:
    /// The compute roof's line is made with `parent` as its parent: it is a row of its own
    /// in the panel's form, under this one (computeRoof()).
    QuantizationRow(ScenarioController& controller, QWidget* parent);

    QSlider* slider() const { return m_slider; }
    QLabel* computeRoof() const { return m_computeRoof; }
    /// Shows the controller's quantization, checkpoint and compute roof.
    void sync();

private:
    void onPicked(int step);

    ScenarioController& m_controller;
    QSlider* m_slider;
    QComboBox* m_combo;
    QToolButton* m_checkpoint;
    QLabel* m_computeRoof;
};

}  // namespace roofline::ui
