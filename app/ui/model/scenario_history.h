// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scenario_history.h
/// The undo history's pieces: what one step restores, and the step itself. The
/// document (scenario_document.h) records a step after every change of its current scenario
/// or baseline, from the state before and after; it is the only one that pushes them.
///
/// A step is recorded after the change has happened (the controls call the controller's
/// setters directly, and the document observes), so its first redo() does nothing.
/// Consecutive steps that change the same inputs and nothing else (a slider drag, a spin box
/// held down) merge into one, until the history is sealed: by an undo or redo, or by
/// ScenarioDocument::sealHistory() (a slider released).

#include <optional>
#include <vector>

#include <QString>
#include <QUndoCommand>

#include "model/scenario_controller.h"
#include "roofline/levers.h"

namespace roofline::ui {

class ScenarioDocument;

/// One lever of a stack (ScenarioDocument::leverSteps): which, and the engine's sentence
/// for it alone, from the scenario just before it to the one just after (explainLever).
struct LeverStep {
    LeverId id = LeverId::W8a16;
    QString explanation;
};

/// What an undo step restores: the current scenario and the pinned baseline, resolved and
/// analysed (an edited chip, which no file names, included), and the levers stacked since
/// that baseline (undoing a lever pops it; undoing the change that ended a stack brings the
/// stack back).
struct DocumentState {
    AnalysedScenario current;
    std::optional<AnalysedScenario> baseline;
    std::vector<LeverStep> levers;
};

/// Whether restoring `a` in place of `b` would change nothing: the same files and the same
/// hardware numbers, for the current scenario and the baseline. The levers are not compared:
/// a lever always changes the current scenario, and the stack follows the scenario.
bool sameState(const DocumentState& a, const DocumentState& b);
/// Whether two lever stacks are the same levers with the same sentences.
bool sameLevers(const std::vector<LeverStep>& a, const std::vector<LeverStep>& b);
/// The same for the baselines alone (both none, or the same file and hardware numbers).
bool sameBaseline(const std::optional<AnalysedScenario>& a,
                  const std::optional<AnalysedScenario>& b);

class ScenarioStep : public QUndoCommand {
public:
    /// `mergeKey`: the inputs the step changed ("batch"), for merging; empty = never merges.
    /// `mergeable` false: this step starts afresh even when its key matches the last one.
    ScenarioStep(ScenarioDocument& document, DocumentState before, DocumentState after,
                 QString mergeKey, bool mergeable);

    void undo() override;
    void redo() override;
    int id() const override;
    /// Takes `other`'s after-state when both changed the same inputs and `other` may merge;
    /// the text is written again for the whole step, and a step that ends where it began is
    /// obsolete (QUndoStack drops it).
    bool mergeWith(const QUndoCommand* other) override;

private:
    ScenarioDocument& m_document;
    DocumentState m_before;
    DocumentState m_after;
    QString m_mergeKey;
    bool m_mergeable = true;
    bool m_done = true;  ///< recorded after the change: the first redo() has nothing to do
};

}  // namespace roofline::ui
