// SPDX-License-Identifier: GPL-3.0-or-later
#include "debounce.h"

#include <algorithm>
#include <vector>

#include <QPointer>

namespace roofline::ui {
namespace {

ManualClock* currentClock = nullptr;

/// Every Debounce alive, for ManualClock::advance.
std::vector<Debounce*>& allDebounces() {
    static std::vector<Debounce*> all;
    return all;
}

}  // namespace

Debounce::Debounce(int intervalMs, QObject* parent) : QObject(parent), m_intervalMs(intervalMs) {
    m_timer.setSingleShot(true);
    m_timer.setInterval(intervalMs);
    connect(&m_timer, &QTimer::timeout, this, &Debounce::timeout);
    allDebounces().push_back(this);
}

Debounce::~Debounce() { std::erase(allDebounces(), this); }

void Debounce::start() {
    if (currentClock != nullptr) {
        m_dueMs = currentClock->nowMs() + m_intervalMs;
        return;
    }
    m_timer.start();
}

void Debounce::stop() {
    m_dueMs = -1;
    m_timer.stop();
}

bool Debounce::isActive() const { return m_dueMs >= 0 || m_timer.isActive(); }

void Debounce::fireIfDue(std::int64_t nowMs) {
    if (m_dueMs >= 0 && m_dueMs <= nowMs) {
        m_dueMs = -1;
        emit timeout();
    }
}

ManualClock::ManualClock() { currentClock = this; }

ManualClock::~ManualClock() { currentClock = nullptr; }

ManualClock* ManualClock::current() { return currentClock; }

void ManualClock::advance(int ms) {
    m_nowMs += ms;
    // A timeout may create or destroy Debounces: guarded pointers over a copy.
    std::vector<QPointer<Debounce>> due;
    for (Debounce* d : allDebounces()) {
        due.emplace_back(d);
    }
    for (const QPointer<Debounce>& d : due) {
        if (!d.isNull()) {
            d->fireIfDue(m_nowMs);
        }
    }
}

}  // namespace roofline::ui
