// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file fraction_control.h
/// Controls for a number between 0 and 1 (the acceptance rate α, the memory utilisation):
/// a spin box with two decimals written by roofline/format.h, and a slider with one tick per
/// hundredth beside it.

#include <QDoubleSpinBox>
#include <QWidget>

class QSlider;

namespace roofline::ui {

/// A QDoubleSpinBox whose text comes from roofline/format.h ("0.70", whatever the locale)
/// and which reads '.' as the decimal point.
class DecimalSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    explicit DecimalSpinBox(QWidget* parent = nullptr);

    QString textFromValue(double value) const override;
};

/// The value with exactly `decimals` digits after the point, from format.h's integers:
/// fixedText(0.7, 2) -> "0.70".
QString fixedText(double value, int decimals);

class FractionControl : public QWidget {
    Q_OBJECT
public:
    explicit FractionControl(QWidget* parent = nullptr);

    /// Shows `value` without emitting valueChanged (for controller -> widget updates).
    void setValue(double value);
    double value() const;

    QSlider* slider() const { return m_slider; }
    DecimalSpinBox* spinBox() const { return m_spinBox; }

signals:
    /// The user moved the slider (live while dragging) or committed a spin box value.
    void valueChanged(double value);

private:
    void onSliderMoved(int hundredths);
    void onSpinBoxChanged(double value);

    QSlider* m_slider = nullptr;
    DecimalSpinBox* m_spinBox = nullptr;
};

}  // namespace roofline::ui
