// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file latest_wins.h
/// A worker with a latest-wins queue, for the docked views: a job runs on Qt's global thread
/// pool (QtConcurrent); while it runs, a newer job replaces any that waits, so a drag never
/// queues up work. Each result is delivered on the owner's thread (the GUI thread) when it
/// arrives, the one before the latest included: a view follows a drag a result behind at
/// most, never stalled until the drag ends. A job must hold copies of what it reads (no
/// reference to its view): it may outlive the request that made it.

#include <functional>
#include <optional>
#include <utility>

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

namespace roofline::ui {

template <typename Result>
class LatestWins {
public:
    using Job = std::function<Result()>;
    using Deliver = std::function<void(Result&&)>;

    /// `deliver` runs on `owner`'s thread with each result.
    LatestWins(QObject* owner, Deliver deliver) : m_deliver(std::move(deliver)) {
        QObject::connect(&m_watcher, &QFutureWatcherBase::finished, owner,
                         [this] { onFinished(); });
    }
    LatestWins(const LatestWins&) = delete;
    LatestWins& operator=(const LatestWins&) = delete;
    LatestWins(LatestWins&&) = delete;
    LatestWins& operator=(LatestWins&&) = delete;
    ~LatestWins() {
        m_waiting.reset();
        m_watcher.disconnect();
        m_watcher.waitForFinished();
    }

    /// Runs `job` now, or after the running one (replacing any job that waited).
    void submit(Job job) {
        if (m_watcher.isRunning()) {
            m_waiting = std::move(job);
            return;
        }
        start(std::move(job));
    }
    /// Drops the waiting job and ignores the running one's result (a view that just drew
    /// something newer itself).
    void discard() {
        m_waiting.reset();
        m_discardRunning = m_watcher.isRunning();
    }
    /// A job runs or waits.
    bool busy() const { return m_watcher.isRunning() || m_waiting.has_value(); }

private:
    void start(Job job) {
        m_discardRunning = false;
        m_watcher.setFuture(QtConcurrent::run(std::move(job)));
    }
    void onFinished() {
        const bool discarded = m_discardRunning;
        Result result = m_watcher.result();
        if (m_waiting) {
            Job next = std::move(*m_waiting);
            m_waiting.reset();
            start(std::move(next));
        } else {
            m_discardRunning = false;
        }
        if (!discarded) {
            m_deliver(std::move(result));
        }
    }

    QFutureWatcher<Result> m_watcher;
    std::optional<Job> m_waiting;
    Deliver m_deliver;
    bool m_discardRunning = false;
};

}  // namespace roofline::ui
