// SPDX-License-Identifier: GPL-3.0-or-later
#include "slider_player.h"

#include <algorithm>
#include <array>

#include <QAction>
#include <QActionGroup>
#include <QMenu>
#include <QSlider>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

#include "panels/slider_control.h"

namespace roofline::ui {

int SliderPlayer::frameIntervalMs(Speed speed) {
    switch (speed) {
        case Speed::Slow:
            return 100;
        case Speed::Fast:
            return 20;
        case Speed::Normal:
            break;
    }
    return 40;
}

SliderPlayer::SliderPlayer(SliderControl& control, QWidget* buttonParent)
    : QObject(&control), m_control(control) {
    m_timer = new QTimer(this);
    m_timer->setTimerType(Qt::PreciseTimer);  // a frame rate, not a timeout
    connect(m_timer, &QTimer::timeout, this, &SliderPlayer::onTimer);

    m_button = new QToolButton(buttonParent);
    m_button->setAutoRaise(true);
    m_button->setFocusPolicy(Qt::StrongFocus);
    // A click plays; holding the button, or a right-click, opens the speeds and Loop. No
    // arrow beside it: presentation mode's column is narrow (268 px at 1280×720), and there
    // the arrow was cut off.
    m_button->setPopupMode(QToolButton::DelayedPopup);
    auto* menu = new QMenu(m_button);
    m_button->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_button, &QWidget::customContextMenuRequested, menu,
            [this, menu](const QPoint& at) { menu->popup(m_button->mapToGlobal(at)); });
    m_speeds = new QActionGroup(this);
    const std::array<std::pair<Speed, QString>, 3> speeds = {{
        {Speed::Slow, tr("Slow (10 frames/s)")},
        {Speed::Normal, tr("Normal (25 frames/s)")},
        {Speed::Fast, tr("Fast (50 frames/s)")},
    }};
    for (const auto& entry : speeds) {
        const Speed value = entry.first;
        QAction* action = menu->addAction(entry.second);
        action->setCheckable(true);
        action->setChecked(value == m_speed);
        action->setData(static_cast<int>(value));
        m_speeds->addAction(action);
        connect(action, &QAction::triggered, this, [this, value] { setSpeed(value); });
    }
    menu->addSeparator();
    m_loopAction = menu->addAction(tr("Loop"));
    m_loopAction->setCheckable(true);
    connect(m_loopAction, &QAction::toggled, this, &SliderPlayer::setLooping);
    m_button->setMenu(menu);
    connect(m_button, &QToolButton::clicked, this, [this] { m_playing ? stop() : play(); });

    // A hand on the same control takes it back: a drag, a key, a typed value.
    connect(&m_control, &SliderControl::valueChanged, this, [this] {
        if (!m_moving) {
            stop();
        }
    });
    connect(m_control.slider(), &QSlider::sliderPressed, this, &SliderPlayer::stop);
    updateButton();
}

void SliderPlayer::setSpeed(Speed speed) {
    m_speed = speed;
    m_timer->setInterval(frameIntervalMs(speed));
    for (QAction* action : m_speeds->actions()) {
        action->setChecked(action->data().toInt() == static_cast<int>(speed));
    }
}

void SliderPlayer::setLooping(bool loop) {
    m_loop = loop;
    if (m_loopAction->isChecked() != loop) {
        m_loopAction->setChecked(loop);
    }
}

void SliderPlayer::setRange(std::optional<std::pair<std::int64_t, std::int64_t>> range) {
    m_range = range;
}

int SliderPlayer::firstTick() const {
    return m_range ? m_control.mapping().tickFor(m_range->first) : 0;
}

int SliderPlayer::lastTick() const {
    return m_range ? m_control.mapping().tickFor(m_range->second)
                   : m_control.mapping().maximumTick();
}

void SliderPlayer::begin() {
    m_tick = -1;
    if (!m_playing) {
        m_playing = true;
        updateButton();
        emit playingChanged(true);
    }
}

void SliderPlayer::play() {
    begin();
    m_timer->start(frameIntervalMs(m_speed));
    onTimer();  // the first frame now, not one interval later
}

bool SliderPlayer::step() {
    if (m_playing && !m_control.isEnabled()) {
        stop();  // the control was turned off under it (an encoder has no prompt or context)
    }
    if (!m_playing) {
        return false;
    }
    const int first = firstTick();
    const int last = std::max(first, lastTick());
    int next = m_tick + 1;
    if (m_tick < first) {
        next = first;
    } else if (m_tick >= last) {
        if (!m_loop) {
            stop();
            return false;
        }
        next = first;
    }
    m_tick = next;
    m_moving = true;
    // As a drag: QSlider::valueChanged → SliderControl → valueChanged(value) → controller.
    m_control.slider()->setValue(next);
    m_moving = false;
    return true;
}

void SliderPlayer::onTimer() {
    if (!step()) {
        return;
    }
    if (!m_loop && m_tick >= std::max(firstTick(), lastTick())) {
        stop();  // once: the last frame stays on screen
        emit finished();
    }
}

void SliderPlayer::stop() {
    m_timer->stop();
    if (m_playing) {
        m_playing = false;
        updateButton();
        emit playingChanged(false);
    }
}

void SliderPlayer::updateButton() {
    const QStyle* style = m_button->style();
    m_button->setIcon(style->standardIcon(m_playing ? QStyle::SP_MediaStop : QStyle::SP_MediaPlay));
    m_button->setToolTip(m_playing ? tr("Stop the sweep")
                                   : tr("Play: sweep this slider from its start to its end on "
                                        "its log scale (hold or right-click: speed, loop)"));
    m_button->setAccessibleName(m_playing ? tr("Stop") : tr("Play"));
}

}  // namespace roofline::ui
