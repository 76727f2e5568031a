// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file slider_control.h
/// A slider with an exact spin box beside it, both keyboard-operable. The slider moves in
/// SliderMapping ticks; the spin box holds the exact value (any integer in range, or only
/// the mapping's values when restricted, e.g. the GQA divisors).

#include <algorithm>
#include <cstdint>
#include <limits>

#include <QSpinBox>
#include <QWidget>

#include "panels/slider_mapping.h"

class QSlider;

namespace roofline::ui {

/// A spin box that can be limited to a SliderMapping's values: the arrow keys step
/// through them and typed values snap to the nearest one. It writes and reads numbers the
/// way roofline/format.h does, with ',' between thousands in every locale.
class MappedSpinBox : public QSpinBox {
    Q_OBJECT
public:
    explicit MappedSpinBox(QWidget* parent = nullptr);

    void setMapping(const SliderMapping& mapping, bool restrictToMapping);

    /// Integers as roofline/format.h writes them ("131,072", whatever the locale).
    QString textFromValue(int value) const override;
    void stepBy(int steps) override;
    QValidator::State validate(QString& text, int& pos) const override;
    void fixup(QString& input) const override;

private:
    SliderMapping m_mapping;
    bool m_restricted = false;
};

class SliderControl : public QWidget {
    Q_OBJECT
public:
    explicit SliderControl(QWidget* parent = nullptr);

    /// Sets the range. The shown value is kept (clamped) and no signal is emitted.
    void setMapping(const SliderMapping& mapping, bool restrictSpinBoxToMapping = false);
    const SliderMapping& mapping() const { return m_mapping; }
    /// Lets the spin box take values up to `maximum`, past the slider's end, where the
    /// slider then rests: the slider covers the common range, the spin box all of it.
    void setSpinBoxMaximum(std::int64_t maximum);
    /// Likewise below the slider's start (e.g. a context of 0 tokens on a log slider).
    void setSpinBoxMinimum(std::int64_t minimum);

    /// Shows `value` without emitting valueChanged (for controller -> widget updates).
    void setValue(std::int64_t value);
    std::int64_t value() const { return m_value; }

    QSlider* slider() const { return m_slider; }
    MappedSpinBox* spinBox() const { return m_spinBox; }
    /// Puts `widget` before the slider (a play button, slider_player.h, as a media player's
    /// before its timeline: in a column narrower than the panel it stays in view); it becomes
    /// a child of the control, so it is disabled with it.
    void addLeadingWidget(QWidget* widget);

signals:
    /// The user moved the slider (emitted while dragging) or committed a spin box value.
    void valueChanged(qint64 value);

private:
    void onSliderMoved(int tick);
    void onSpinBoxChanged(int value);

    std::int64_t maximum() const { return std::max(m_mapping.maximum(), m_spinBoxMaximum); }
    std::int64_t minimum() const { return std::min(m_mapping.minimum(), m_spinBoxMinimum); }

    SliderMapping m_mapping;
    std::int64_t m_spinBoxMaximum = 0;
    std::int64_t m_spinBoxMinimum = std::numeric_limits<std::int64_t>::max();
    std::int64_t m_value = 1;
    QSlider* m_slider = nullptr;
    MappedSpinBox* m_spinBox = nullptr;
};

}  // namespace roofline::ui
