// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file debounce.h
/// A single-shot delay for work that waits until the scenario rests (the levers, the
/// Compare table's current row, the Frontier), through a clock that tests replace. Normally
/// it is a QTimer. While a ManualClock exists, no Debounce uses a real timer: time stands
/// still until the test advances it, so a debounce test neither sleeps nor depends on the
/// machine's load.

#include <cstdint>

#include <QObject>
#include <QTimer>

namespace roofline::ui {

class ManualClock;

class Debounce : public QObject {
    Q_OBJECT
public:
    Debounce(int intervalMs, QObject* parent);
    ~Debounce() override;
    Debounce(const Debounce&) = delete;
    Debounce& operator=(const Debounce&) = delete;
    Debounce(Debounce&&) = delete;
    Debounce& operator=(Debounce&&) = delete;

    /// (Re)starts the delay: timeout() comes intervalMs after the last start().
    void start();
    void stop();
    bool isActive() const;
    int interval() const { return m_intervalMs; }

signals:
    void timeout();

private:
    friend class ManualClock;
    void fireIfDue(std::int64_t nowMs);

    int m_intervalMs;
    QTimer m_timer;
    std::int64_t m_dueMs = -1;  ///< under a ManualClock: when it fires; -1 = not started
};

/// Tests: while one exists (one at a time), every Debounce waits for advance().
class ManualClock {
public:
    ManualClock();
    ~ManualClock();
    ManualClock(const ManualClock&) = delete;
    ManualClock& operator=(const ManualClock&) = delete;
    ManualClock(ManualClock&&) = delete;
    ManualClock& operator=(ManualClock&&) = delete;

    /// Moves time on by `ms` and fires every Debounce whose delay has passed.
    void advance(int ms);
    std::int64_t nowMs() const { return m_nowMs; }
    /// The clock in use, or null (real timers).
    static ManualClock* current();

private:
    std::int64_t m_nowMs = 0;
};

}  // namespace roofline::ui
