// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lever_actions.h
/// The Interventions menu and toolbar: one action per lever (roofline/levers.h), and the
/// stacked levers' explanation under the plot and in the status bar: each step with its own
/// sentence, the stack named "W4A16 (int4) + fp8 KV". Applying a lever is the document's
/// (ScenarioDocument::applyLever: the first of a stack pins the baseline, the next ones keep
/// it; the stack lasts until any other change); this class only shows it. Which levers apply is
/// recomputed lazily: when the menu is about to show, and ~100 ms after the scenario stops
/// changing, so that dragging a slider never waits for thirteen analyses.

#include <array>
#include <cstddef>
#include <optional>
#include <vector>

#include <QObject>
#include <QString>

#include "model/scenario_document.h"
#include "roofline/levers.h"

class QAction;
class QLabel;
class QMenu;
class QToolBar;
class QWidget;

namespace roofline::ui {

class Debounce;

/// The toolbar's short name for a lever ("fp8 KV"); a quantization lever is named by its
/// step of the Quantization slider ("W8A16 (int8)", model/quantization.h), so that the
/// lever, the slider and its picker say the same precisions.
QString leverShortTitle(LeverId id);
/// The Quantization slider's step (kQuantizationSteps) a quantization lever sets from 16-bit
/// activations; nullopt for the other levers.
std::optional<std::size_t> leverQuantizationStep(LeverId id);
/// The menu's name: leverTitle, a quantization lever's bracket replaced by its step
/// ("Int8 weights, W8A16 (int8)").
QString leverName(LeverId id);
/// A stack of levers by their short names, "W4A16 (int4) + fp8 KV".
QString leverStackTitle(const std::vector<LeverId>& levers);

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
    /// Presentation mode: the sentence under the plot (four lines at 1280×720) stays hidden;
    /// the status bar's line and the Explain panel carry it.
    void setUnderPlotHidden(bool hidden);
    QLabel* statusLabel() const { return m_status; }
    /// A course's unanswered question (course_controller.h): the lever's sentence states
    /// its outcome, so it waits, hidden, until the question is answered.
    void setExplanationHidden(bool hidden);

signals:
    /// A lever did not apply: one sentence for the status bar, about this scenario.
    void refused(const QString& message);

private:
    void onDocumentChanged(DocumentChanges what);
    /// Shows the document's lever stack, each step with its sentence (or hides the labels
    /// when there is none).
    void showExplanation();

    ScenarioDocument& m_document;
    std::array<QAction*, kLeverCount> m_actions{};
    QLabel* m_label = nullptr;
    QLabel* m_status = nullptr;
    bool m_explanationHidden = false;  ///< setExplanationHidden
    bool m_underPlotHidden = false;    ///< setUnderPlotHidden
    Debounce* m_timer = nullptr;
    bool m_dirty = true;
};

}  // namespace roofline::ui
