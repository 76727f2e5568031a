// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario_history.h"

#include <algorithm>
#include <utility>

#include "model/scenario_document.h"

namespace roofline::ui {

namespace {

/// QUndoCommand::id() of every scenario step: steps merge only with each other.
constexpr int kScenarioStepId = 21;

bool sameScenario(const AnalysedScenario& a, const AnalysedScenario& b) {
    return a.file == b.file && a.scenario.hardware == b.scenario.hardware;
}

}  // namespace

bool sameBaseline(const std::optional<AnalysedScenario>& a,
                  const std::optional<AnalysedScenario>& b) {
    if (a.has_value() != b.has_value()) {
        return false;
    }
    return !a || sameScenario(*a, *b);
}

bool sameLevers(const std::vector<LeverStep>& a, const std::vector<LeverStep>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](const LeverStep& x, const LeverStep& y) {
                          return x.id == y.id && x.explanation == y.explanation;
                      });
}

bool sameState(const DocumentState& a, const DocumentState& b) {
    return sameScenario(a.current, b.current) && sameBaseline(a.baseline, b.baseline);
}

ScenarioStep::ScenarioStep(ScenarioDocument& document, DocumentState before, DocumentState after,
                           QString mergeKey, bool mergeable)
    : m_document(document),
      m_before(std::move(before)),
      m_after(std::move(after)),
      m_mergeKey(std::move(mergeKey)),
      m_mergeable(mergeable) {}

void ScenarioStep::undo() { m_document.restoreState(m_before); }

void ScenarioStep::redo() {
    if (m_done) {
        m_done = false;
        return;
    }
    m_document.restoreState(m_after);
}

int ScenarioStep::id() const { return m_mergeKey.isEmpty() ? -1 : kScenarioStepId; }

bool ScenarioStep::mergeWith(const QUndoCommand* other) {
    const auto* next = dynamic_cast<const ScenarioStep*>(other);
    if (next == nullptr || !next->m_mergeable || next->m_mergeKey != m_mergeKey) {
        return false;
    }
    m_after = next->m_after;
    setText(m_document.describeStep(m_before, m_after));
    setObsolete(sameState(m_before, m_after));
    return true;
}

}  // namespace roofline::ui
