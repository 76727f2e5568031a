// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file slider_player.h
/// Play on a slider: sweeps a SliderControl from its first tick to its last, one tick a
/// frame, so the value moves on the slider's own log scale at an even pace (the batch
/// 1 → 4,096 in 241 frames, 64 halfway). Each frame moves the slider as a drag does
/// (QSlider::setValue → SliderControl::valueChanged → the controller's setter), so everything
/// downstream stays one-way: controls → scenario → engine → analysis → views. Ticks that
/// round to the value already shown (the low end of a log slider) are frames where the point
/// rests: the motion stays even in log space, as the axes are.
///
/// Once: the sweep stops after its last frame (finished()). Loop: it wraps to the first. A
/// drag or a typed value on the same control stops it, as does stop(). The timer drives the
/// frames on screen; --record and the play benchmark drive them with begin() and step().

#include <cstdint>
#include <optional>
#include <utility>

#include <QObject>

class QAction;
class QActionGroup;
class QTimer;
class QToolButton;
class QWidget;

namespace roofline::ui {

class SliderControl;

class SliderPlayer : public QObject {
    Q_OBJECT
public:
    enum class Speed : unsigned char { Slow, Normal, Fast };
    /// Milliseconds between frames: 100 (10 fps, the batch sweep in 24 s), 40 (25 fps,
    /// 9.6 s), 20 (50 fps, 4.8 s).
    static int frameIntervalMs(Speed speed);

    /// Plays `control`. The play button (button()) is made with `buttonParent`; its menu
    /// (held down, or a right-click) holds the speeds and Loop.
    SliderPlayer(SliderControl& control, QWidget* buttonParent);

    QToolButton* button() const { return m_button; }
    SliderControl& control() const { return m_control; }

    void setSpeed(Speed speed);
    Speed speed() const { return m_speed; }
    void setLooping(bool loop);
    bool looping() const { return m_loop; }
    /// Sweeps only the ticks from the one showing `from` to the one showing `to` (both
    /// clamped to the slider); nullopt: the whole slider.
    void setRange(std::optional<std::pair<std::int64_t, std::int64_t>> range);

    bool isPlaying() const { return m_playing; }
    /// Starts the sweep at its first tick, a frame every frameIntervalMs(speed()).
    void play();
    /// Starts a sweep whose frames the caller shows with step() (no timer).
    void begin();
    /// Shows the next frame: the first tick after begin() or play(), then the next one; after
    /// the last, the first again when looping. Returns false, ending the sweep, when there is
    /// no next frame (once, past the last tick), no sweep, or the control is disabled.
    bool step();
    /// Ends the sweep where it is.
    void stop();

signals:
    /// A sweep began (true) or ended (false): stopped, finished, or interrupted.
    void playingChanged(bool playing);
    /// A sweep played once reached its last frame.
    void finished();

private:
    void onTimer();
    int firstTick() const;
    int lastTick() const;
    void updateButton();

    SliderControl& m_control;
    QToolButton* m_button = nullptr;
    QTimer* m_timer = nullptr;
    QActionGroup* m_speeds = nullptr;
    QAction* m_loopAction = nullptr;
    Speed m_speed = Speed::Normal;
    bool m_loop = false;
    bool m_playing = false;
    bool m_moving = false;  ///< inside step(): the control's valueChanged is ours
    int m_tick = -1;        ///< the tick last shown; -1 before the first frame
    std::optional<std::pair<std::int64_t, std::int64_t>> m_range;
};

}  // namespace roofline::ui
