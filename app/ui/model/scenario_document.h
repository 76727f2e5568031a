// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file scenario_document.h
/// The scenarios on screen, in one model (Okular's Document and its observers): the current
/// scenario, the pinned baseline, the compare set, the measured results, the open lesson and
/// presentation mode. It is the only place they change. The controller it owns resolves and
/// analyses the current scenario (the controls call its setters); the window lays out and
/// wires; views and panels observe changed(), whose flags say WHAT changed, so that an
/// observer that does not care about a change does no work (the regime map ignores a new
/// baseline; the plot's roofs ignore a batch step).
///
/// Every change of the current scenario or the baseline is a step of the undo history
/// (history(), scenario_history.h), named by what it changed ("batch 8 → 64").

#include <optional>
#include <vector>

#include <QFlags>
#include <QObject>
#include <QString>

#include "model/scenario_controller.h"
#include "model/scenario_history.h"
#include "roofline/io/measured.h"
#include "roofline/io/scenario_diff.h"
#include "roofline/io/scenario_file.h"
#include "roofline/levers.h"

class QUndoStack;

namespace roofline::ui {

/// What changed, as flags (Okular's DocumentObserver::ChangedFlags).
enum class DocumentChange : unsigned {
    Inputs = 0x01,        ///< the current scenario's workload knobs (batch, context, precisions…)
    Hardware = 0x02,      ///< the current scenario's hardware is another chip
    Model = 0x04,         ///< the current scenario's model is another model
    Baseline = 0x08,      ///< pinned, replaced or cleared
    Compare = 0x10,       ///< the compare set (added, removed, swapped, renamed)
    Measured = 0x20,      ///< measured results imported or cleared
    Lesson = 0x40,        ///< a lesson opened or closed
    Presentation = 0x80,  ///< presentation mode turned on or off
    Levers = 0x100,       ///< the stacked levers (leverSteps) and their sentences
};
Q_DECLARE_FLAGS(DocumentChanges, DocumentChange)

}  // namespace roofline::ui

// At global scope, as Qt's own: inside the namespace it would hide every other flags type's
// operator| (QCP::iRangeDrag | QCP::iRangeZoom) from the code in it.
Q_DECLARE_OPERATORS_FOR_FLAGS(roofline::ui::DocumentChanges)

namespace roofline::ui {

/// Any change to the current scenario (what the engine analyses).
inline constexpr DocumentChanges kScenarioChanges =
    DocumentChange::Inputs | DocumentChange::Hardware | DocumentChange::Model;
/// The other scenarios drawn beside the current one.
inline constexpr DocumentChanges kOverlayChanges =
    DocumentChange::Baseline | DocumentChange::Compare | DocumentChange::Measured;
/// Everything (an observer's first look).
inline constexpr DocumentChanges kAllChanges =
    kScenarioChanges | kOverlayChanges | DocumentChange::Lesson | DocumentChange::Presentation |
    DocumentChange::Levers;

/// A compare scenario (compare_set.h picks its name and colour).
struct CompareScenario {
    QString path;  ///< the file it was loaded from; empty for a scenario made here
    QString name;  ///< file stem, or model@hardware×devices
    io::ScenarioFile file;
    Scenario scenario;
    Analysis analysis;
    std::size_t colour = 0;  ///< PlotPalette::compare index
};

/// A measured-results file as read for the document, with what it kept and rejected in
/// sentences for the window.
struct MeasuredImport {
    io::MeasuredFile file;
    int kept = 0;
    int rejected = 0;
    QString summary;  ///< "7 measured rows from example.csv on the plot; 1 rejected."
    QString details;  ///< one line per rejected row ("line 4: column tp: ..."), warnings
};
/// Loads a measured-results file (CSV or JSON, roofline/io/measured.h, or a benchmark result
/// file, bench_results.h, with what it lacks from `benchmark`); changes nothing.
MeasuredImport loadMeasured(const QString& path, const io::BenchmarkContext& benchmark = {});

class ScenarioDocument : public QObject {
    Q_OBJECT
public:
    /// The undo history keeps this many steps; older ones are forgotten.
    static constexpr int kHistoryLimit = 200;

    /// Starts with the embedded default scenario, no baseline, no compare scenarios, no
    /// measured results, no lesson, presentation mode off.
    explicit ScenarioDocument(QObject* parent = nullptr);

    /// The current scenario. Controls change it through the controller's setters; each
    /// analysed change comes back as changed() with Inputs, Hardware and/or Model.
    ScenarioController& current() const { return *m_current; }

    /// The pinned baseline, resolved and analysed; none when not pinned.
    const std::optional<AnalysedScenario>& baseline() const { return m_baseline; }
    /// Pins the current scenario as the baseline.
    void pinBaseline();
    /// Pins a scenario file (its own hardware, model and workload): resolved and analysed.
    /// On errors nothing changes and the issues come back.
    std::vector<Issue> setBaselineScenario(const io::ScenarioFile& file);
    void clearBaseline();
    /// Scenario › Revert to baseline: the current scenario becomes the baseline's (every
    /// input, its hardware and model); the baseline stays pinned. False, changing nothing,
    /// without a baseline.
    bool revertToBaseline();
    /// Scenario › Swap with baseline: the baseline becomes the current scenario and the
    /// current scenario the baseline, in one step. False, changing nothing, without one.
    bool swapWithBaseline();
    /// The inputs of the current scenario that differ from the baseline's
    /// (io::scenarioDifferences, with the chips' and models' names); none without a baseline.
    std::vector<io::ScenarioDifference> baselineDifferences() const;

    /// The undo history (Edit › Undo, Redo, History): one step per change of the current
    /// scenario or the baseline, recorded after it; undo restores every input, the hardware
    /// (an edited chip too), the model and the baseline as they were. Consecutive changes of
    /// the same continuous inputs (batch, sequence, ...) merge into one step.
    QUndoStack* history() const { return m_history; }
    /// The next change starts a step of its own, even of the same input (a slider released).
    void sealHistory() { m_sealNext = true; }
    /// Forgets every step: the history starts at the scenario on screen (after start-up).
    void resetHistory();
    /// The step from `before` to `after` in words: "batch 8 → 64", "hardware H100 SXM →
    /// B200", or what the step did ("Pin baseline") when no input changed.
    QString describeStep(const DocumentState& before, const DocumentState& after) const;
    /// Puts `state` on screen without recording a step (ScenarioStep's undo and redo).
    void restoreState(const DocumentState& state);

    /// What applyLever did: applied, or the reason it did not; with the lever's one-sentence
    /// explanation, from the scenario just before it.
    struct LeverResult {
        bool applied = false;
        QString reason;       ///< why it did not apply (empty when applied)
        QString explanation;  ///< explainLever's sentence (empty when not applied)
    };
    /// Applies ONE lever (io::applyLever) to the current scenario. Levers stack:
    /// the first one pins the scenario before it as the baseline, as Pin baseline does; one
    /// applied right after another keeps that baseline and keeps the earlier levers' changes,
    /// so that the arrow runs from the baseline to the combined scenario and leverSteps()
    /// lists each step. Any other change of the current scenario or the baseline (a control,
    /// Pin or Clear baseline, Revert, Swap, a file) ends the stack. A lever that does not
    /// apply changes nothing. Announced as changed() with Inputs (and Hardware or Model),
    /// then Levers, with Baseline when it pinned one; one undo step each.
    LeverResult applyLever(LeverId id);
    /// The levers stacked since the baseline, first applied first; empty after any other
    /// change of the current scenario or the baseline.
    const std::vector<LeverStep>& leverSteps() const { return m_levers; }
    /// The last lever of the stack; none when the stack is empty.
    std::optional<LeverId> lastLever() const;
    /// The last lever's explanation (LeverResult::explanation); empty when the stack is.
    QString leverExplanation() const;

    /// The compare scenarios, in the table's order.
    const std::vector<CompareScenario>& compare() const { return m_compare; }
    void setCompare(std::vector<CompareScenario> scenarios);

    /// Measured results: the kept rows of an imported file; none when empty.
    const io::MeasuredFile& measured() const { return m_measured; }
    void setMeasured(io::MeasuredFile file);
    void clearMeasured();

    /// The open lesson's file name (LessonsController); empty when none.
    const QString& lesson() const { return m_lesson; }
    void setLesson(const QString& fileName);

    bool presentation() const { return m_presentation; }
    void setPresentation(bool on);

    /// The current scenario as File > Save writes it: with the pinned baseline, if any.
    io::ScenarioFile scenarioToSave() const;

signals:
    /// Something on screen changed; `what` says which parts.
    void changed(roofline::ui::DocumentChanges what);
    /// A change of the current scenario was refused (the controller's changeRefused: one
    /// sentence); nothing changed, and controls show the scenario again.
    void changeRefused(const QString& message);

private:
    void onAnalysisChanged();
    DocumentState state() const;
    /// Pushes a step from the last recorded state to now, if anything changed; `label` names
    /// what the step did (a lever, Pin baseline), else the changed inputs name it.
    void record(const QString& label = {});

    ScenarioController* m_current = nullptr;
    std::string m_hardware;  ///< the current scenario's hardware and model as last announced
    std::string m_model;
    /// The hardware's numbers as last announced: an edit (the hardware editor) changes them
    /// under the same reference, and is a Hardware change all the same.
    Hardware m_hardwareValue;
    std::optional<AnalysedScenario> m_baseline;
    std::vector<CompareScenario> m_compare;
    io::MeasuredFile m_measured;
    QString m_lesson;
    bool m_presentation = false;
    bool m_applyingLever = false;  ///< applyLever's own change: the stack stays
    std::vector<LeverStep> m_levers;
    /// Ends the lever stack (a change other than a lever); true when there was one.
    bool endLeverStack();
    QUndoStack* m_history = nullptr;
    DocumentState m_recorded;  ///< the state after the last step (what the next one starts from)
    bool m_restoring = false;  ///< restoreState() or a swap: nothing is recorded meanwhile
    bool m_sealNext = false;   ///< the next step does not merge with the last
};

}  // namespace roofline::ui
