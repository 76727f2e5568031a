// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file live_view.h
/// What the docked views share: they observe the document (scenario_document.h) and follow
/// the current scenario only while on screen. They are off the slider's path: a change
/// queues one update (coalesced) for the next turn of the event loop, never inside the
/// slider's own step; a view with something to compute hands it to a worker
/// (latest_wins.h) and draws when the result arrives. Changes that are not the current
/// scenario's (a baseline, compare scenarios, measured results) cost a view nothing.
///
/// A tabbed dock behind another stays "visible" to Qt (moved off the window), so each view
/// is told by its dock (setOnScreen); off screen it only notes that it is out of date, and
/// coming on screen it catches up.

#include <QMetaObject>
#include <QWidget>
#include <qcustomplot.h>

#include "model/scenario_document.h"

namespace roofline::ui {

class LiveView : public QWidget {
public:
    explicit LiveView(ScenarioDocument& document, QWidget* parent = nullptr)
        : QWidget(parent), m_document(document) {
        connect(&document, &ScenarioDocument::changed, this,
                [this](DocumentChanges what) { onDocumentChanged(what); });
    }

    /// Computes and draws the current scenario now, in this thread (whether on screen or
    /// not): `--grab`, and a view coming on screen.
    virtual void refresh() = 0;
    /// An update is queued or its worker still computes: what the view shows may be a
    /// step behind the document (tests wait for false).
    virtual bool updating() const { return m_updateQueued; }
    /// rpQueuedReplot by default; the interaction benchmark uses rpImmediateRefresh so that
    /// a view's repaint is done before the next step is timed.
    void setReplotPriority(QCustomPlot::RefreshPriority priority) { m_priority = priority; }
    void setOnScreen(bool onScreen) {
        m_onScreen = onScreen;
        if (m_onScreen && m_dirty) {
            refresh();
        }
    }
    bool onScreen() const { return m_onScreen; }

protected:
    /// The queued update after a change: by default a refresh(); a view with work to
    /// compute hands it to its worker here instead.
    virtual void followScenario() { refresh(); }
    ScenarioController& controller() const { return m_document.current(); }

    ScenarioDocument& m_document;
    bool m_dirty = true;  ///< refresh() clears it
    bool m_onScreen = false;
    QCustomPlot::RefreshPriority m_priority = QCustomPlot::rpQueuedReplot;

private:
    /// On screen, a change of the current scenario queues one update; off screen, the view
    /// remembers to catch up. Anything else is not a view's concern.
    void onDocumentChanged(DocumentChanges what) {
        if (!(what & kScenarioChanges)) {
            return;
        }
        if (!m_onScreen) {
            m_dirty = true;
            return;
        }
        if (m_updateQueued) {
            return;
        }
        m_updateQueued = true;
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_updateQueued = false;
                if (m_onScreen) {
                    followScenario();
                } else {
                    m_dirty = true;
                }
            },
            Qt::QueuedConnection);
    }

    bool m_updateQueued = false;
};

}  // namespace roofline::ui
