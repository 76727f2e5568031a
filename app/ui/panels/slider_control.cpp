// SPDX-License-Identifier: GPL-3.0-or-later
#include "slider_control.h"

#include <algorithm>
#include <limits>

#include <QHBoxLayout>
#include <QLocale>
#include <QSignalBlocker>
#include <QSlider>

#include "roofline/format.h"

namespace roofline::ui {
namespace {

int toSpinValue(std::int64_t value) {
    return static_cast<int>(std::clamp<std::int64_t>(value, std::numeric_limits<int>::min(),
                                                     std::numeric_limits<int>::max()));
}

}  // namespace

MappedSpinBox::MappedSpinBox(QWidget* parent) : QSpinBox(parent) {
    setKeyboardTracking(false);  // typed numbers commit on Enter / focus out, arrows at once
    // Typed text is read in the C locale, which takes the ',' that textFromValue writes.
    setLocale(QLocale::c());
    setGroupSeparatorShown(true);
    setAccelerated(true);
}

void MappedSpinBox::setMapping(const SliderMapping& mapping, bool restrictToMapping) {
    m_mapping = mapping;
    m_restricted = restrictToMapping;
    setRange(toSpinValue(mapping.minimum()), toSpinValue(mapping.maximum()));
}

QString MappedSpinBox::textFromValue(int value) const {
    return QString::fromStdString(formatInteger(value));
}

void MappedSpinBox::stepBy(int steps) {
    if (!m_restricted) {
        QSpinBox::stepBy(steps);
        return;
    }
    const int tick = m_mapping.tickFor(value()) + steps;
    setValue(toSpinValue(m_mapping.valueAt(tick)));
    selectAll();
}

QValidator::State MappedSpinBox::validate(QString& text, int& pos) const {
    const QValidator::State state = QSpinBox::validate(text, pos);
    if (!m_restricted || state != QValidator::Acceptable) {
        return state;
    }
    return m_mapping.contains(valueFromText(text)) ? QValidator::Acceptable
                                                   : QValidator::Intermediate;
}

void MappedSpinBox::fixup(QString& input) const {
    QSpinBox::fixup(input);
    if (m_restricted) {
        const std::int64_t typed = valueFromText(input);
        input = textFromValue(toSpinValue(m_mapping.valueAt(m_mapping.tickFor(typed))));
    }
}

SliderControl::SliderControl(QWidget* parent) : QWidget(parent) {
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setFocusPolicy(Qt::StrongFocus);
    m_slider->setPageStep(8);
    m_spinBox = new MappedSpinBox(this);
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

    // Live while dragging: valueChanged fires on every tick the handle passes.
    connect(m_slider, &QSlider::valueChanged, this, &SliderControl::onSliderMoved);
    // Keyboard and page steps skip ticks that round to the value already shown, so every
    // key press changes the value (SliderMapping::nextDistinctTick).
    connect(m_slider, &QAbstractSlider::actionTriggered, this, [this](int action) {
        if (action == QAbstractSlider::SliderMove || action == QAbstractSlider::SliderNoAction) {
            return;
        }
        const int from = m_slider->value();
        const int to = m_slider->sliderPosition();
        if (to != from && m_mapping.valueAt(to) == m_mapping.valueAt(from)) {
            m_slider->setSliderPosition(m_mapping.nextDistinctTick(to, to > from ? 1 : -1));
        }
    });
    connect(m_spinBox, &QSpinBox::valueChanged, this, &SliderControl::onSpinBoxChanged);
    setMapping(SliderMapping());
}

void SliderControl::setMapping(const SliderMapping& mapping, bool restrictSpinBoxToMapping) {
    m_mapping = mapping;
    const QSignalBlocker blockSlider(m_slider);
    const QSignalBlocker blockSpin(m_spinBox);
    m_slider->setRange(0, mapping.maximumTick());
    m_spinBox->setMapping(mapping, restrictSpinBoxToMapping);
    m_spinBox->setMaximum(toSpinValue(maximum()));
    m_spinBox->setMinimum(toSpinValue(minimum()));
    m_value = std::clamp(m_value, minimum(), maximum());
    m_slider->setValue(mapping.tickFor(m_value));
    m_spinBox->setValue(toSpinValue(m_value));
}

void SliderControl::setSpinBoxMaximum(std::int64_t maximum) {
    // As wide as for the slider's range, so the sliders stay aligned: a value beyond it is
    // rare, and the spin box scrolls its text.
    m_spinBox->setMaximumWidth(std::max(m_spinBox->sizeHint().width(), m_spinBox->minimumWidth()));
    m_spinBoxMaximum = maximum;
    const QSignalBlocker blockSpin(m_spinBox);
    m_spinBox->setMaximum(toSpinValue(this->maximum()));
}

void SliderControl::setSpinBoxMinimum(std::int64_t minimum) {
    m_spinBoxMinimum = minimum;
    const QSignalBlocker blockSpin(m_spinBox);
    m_spinBox->setMinimum(toSpinValue(this->minimum()));
}

void SliderControl::addLeadingWidget(QWidget* widget) {
    qobject_cast<QHBoxLayout*>(layout())->insertWidget(0, widget);
}

void SliderControl::setValue(std::int64_t value) {
    m_value = value;
    const QSignalBlocker blockSlider(m_slider);
    const QSignalBlocker blockSpin(m_spinBox);
    // A handle on a tick that shows the value stays there: at the low end of a log slider
    // several ticks show one value, and the controller's echo of a drag (or of Play) would
    // pull it back to the value's own tick, a step behind the hand.
    if (m_mapping.valueAt(m_slider->value()) != value) {
        m_slider->setValue(m_mapping.tickFor(value));
    }
    // QSpinBox::setValue repaints even when the value is the same, and the controller
    // pushes every control's value back after each change.
    if (m_spinBox->value() != toSpinValue(value)) {
        m_spinBox->setValue(toSpinValue(value));
    }
}

void SliderControl::onSliderMoved(int tick) {
    const std::int64_t value = m_mapping.valueAt(tick);
    {
        const QSignalBlocker blockSpin(m_spinBox);
        m_spinBox->setValue(toSpinValue(value));
    }
    if (value != m_value) {
        m_value = value;
        emit valueChanged(value);
    }
}

void SliderControl::onSpinBoxChanged(int value) {
    {
        const QSignalBlocker blockSlider(m_slider);
        m_slider->setValue(m_mapping.tickFor(value));
    }
    if (value != m_value) {
        m_value = value;
        emit valueChanged(value);
    }
}

}  // namespace roofline::ui
