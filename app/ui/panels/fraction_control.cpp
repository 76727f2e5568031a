// SPDX-License-Identifier: GPL-3.0-or-later
#include "fraction_control.h"

#include <cmath>

#include <QHBoxLayout>
#include <QLocale>
#include <QSignalBlocker>
#include <QSlider>

#include "roofline/format.h"

namespace roofline::ui {

QString fixedText(double value, int decimals) {
    if (!std::isfinite(value)) {
        return QString::fromStdString(formatNumber(value));
    }
    long long scale = 1;
    for (int i = 0; i < decimals; ++i) {
        scale *= 10;
    }
    const long long scaled = std::llround(std::abs(value) * static_cast<double>(scale));
    std::string text = value < 0.0 && scaled != 0 ? "-" : "";
    text += integerText(scaled / scale);
    if (decimals > 0) {
        const std::string fraction = integerText(scaled % scale);
        text += '.';
        text.append(static_cast<std::size_t>(decimals) - fraction.size(), '0');
        text += fraction;
    }
    return QString::fromStdString(text);
}

DecimalSpinBox::DecimalSpinBox(QWidget* parent) : QDoubleSpinBox(parent) {
    // Parsing and validation follow the widget's locale: the C locale reads what
    // textFromValue writes.
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::OmitGroupSeparator);
    setLocale(c);
    setKeyboardTracking(false);  // typed numbers commit on Enter / focus out
    setDecimals(2);
}

QString DecimalSpinBox::textFromValue(double value) const { return fixedText(value, decimals()); }

FractionControl::FractionControl(QWidget* parent) : QWidget(parent) {
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setFocusPolicy(Qt::StrongFocus);
    m_slider->setRange(0, 100);
    m_slider->setPageStep(10);
    m_spinBox = new DecimalSpinBox(this);
    m_spinBox->setRange(0.0, 1.0);
    m_spinBox->setSingleStep(0.05);
    // As wide as a SliderControl's spin box, so the sliders above and below line up.
    m_spinBox->setMinimumWidth(
        m_spinBox->fontMetrics().horizontalAdvance(QStringLiteral("131,072")) + 40);

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_spinBox);
    setFocusProxy(m_slider);  // a label's mnemonic focuses the slider
    // QLabel moves focus only to a buddy whose own policy takes focus (else Alt+B and
    // Alt+G are underlined but dead). Tab skips a widget with a focus proxy, so the tab
    // order still runs slider, spin box.
    setFocusPolicy(Qt::StrongFocus);

    connect(m_slider, &QSlider::valueChanged, this, &FractionControl::onSliderMoved);
    connect(m_spinBox, &QDoubleSpinBox::valueChanged, this, &FractionControl::onSpinBoxChanged);
}

void FractionControl::setValue(double value) {
    const QSignalBlocker blockSlider(m_slider);
    const QSignalBlocker blockSpin(m_spinBox);
    m_slider->setValue(static_cast<int>(std::lround(value * 100.0)));
    if (m_spinBox->value() != value) {
        m_spinBox->setValue(value);
    }
}

double FractionControl::value() const { return m_spinBox->value(); }

void FractionControl::onSliderMoved(int hundredths) {
    const double value = hundredths / 100.0;
    {
        const QSignalBlocker blockSpin(m_spinBox);
        m_spinBox->setValue(value);
    }
    emit valueChanged(value);
}

void FractionControl::onSpinBoxChanged(double value) {
    {
        const QSignalBlocker blockSlider(m_slider);
        m_slider->setValue(static_cast<int>(std::lround(value * 100.0)));
    }
    emit valueChanged(value);
}

}  // namespace roofline::ui
