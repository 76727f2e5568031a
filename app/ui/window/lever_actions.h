// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lever_actions.h
/// The Interventions menu and toolbar: one action per lever (roofline/levers.h), and the
/// last lever's explanation under the plot and in the status bar. Applying a lever is the
/// document's (ScenarioDocument::applyLever: it pins the baseline and keeps the explanation
/// until the next change); this class only shows it. Which levers apply is recomputed
/// lazily: when the menu is about to show, and ~100 ms after the scenario stops changing, so
/// that dragging a slider never waits for thirteen analyses.

#include <array>

#include <QObject>
#include <QString>

#include "roofline/levers.h"
#include "window/scenario_document.h"

class QAction;
class QLabel;
class QMenu;
class QToolBar;
class QWidget;

namespace roofline::ui {

class Debounce;

/// The toolbar's short name for a lever ("W4A16", "fp8 KV"); the menu shows leverTitle.
QString leverShortTitle(LeverId id);
/// leverTitle as a QString.
QString leverName(LeverId id);

class LeverActions : public QObject {
    Q_OBJECT
public:
    /// Actions parented to `window`; the labels are made here and placed by the window:
    /// explanationLabel() ("leverExplanation") under the plot, statusLabel() ("leverStatus")
    /// in the status bar.
    LeverActions(ScenarioDocument& document, QWidget* window);

    /// Puts every lever into `menu` and `toolBar`, in kAllLevers' order; the menu brings the
    /// actions up to date when it is about to show.
    void addTo(QMenu* menu, QToolBar* toolBar);
    /// The action for `id` ("lever-<key>"). Enabled when the lever applies, else disabled
    /// with the reason as its tooltip; a lever whose scenario does not fit says so in its
    /// text and tooltip.
    QAction* action(LeverId id) const;
    /// Recomputes the actions now, if the scenario changed since the last time.
    void update();
    /// Applies `id` through the document. One that does not apply changes nothing: its reason
    /// comes back in `reason` (when given) and as refused(). Returns whether it was applied.
    bool apply(LeverId id, QString* reason = nullptr);

    QLabel* explanationLabel() const { return m_label; }
    QLabel* statusLabel() const { return m_status; }
    /// A course's unanswered question (course_controller.h): the lever's sentence states
    /// its outcome, so it waits, hidden, until the question is answered.
    void setExplanationHidden(bool hidden);

signals:
    /// A lever did not apply: one sentence for the status bar, about this scenario.
    void refused(const QString& message);

private:
    void onDocumentChanged(DocumentChanges what);
    /// Shows the document's lever explanation (or hides the labels when there is none).
    void showExplanation();

    ScenarioDocument& m_document;
    std::array<QAction*, kLeverCount> m_actions{};
    QLabel* m_label = nullptr;
    QLabel* m_status = nullptr;
    bool m_explanationHidden = false;  ///< setExplanationHidden
    Debounce* m_timer = nullptr;
    bool m_dirty = true;
};

}  // namespace roofline::ui
