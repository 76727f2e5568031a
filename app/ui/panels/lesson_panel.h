// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lesson_panel.h
/// The Lesson dock: the open lesson's title, the questions it answers, what to look at, and
/// its expectations with ✓ or ✗, checked against the live analysis (io::checkLesson on the
/// analysis JSON) as the sliders move. In a course, the step ("Step 3 of 28 · title") and the
/// step's question (PredictionBox) above the expectations.

#include <optional>
#include <string>

#include <QWidget>

#include "roofline/analysis.h"
#include "roofline/io/lesson.h"

class QLabel;
class QTimer;

namespace roofline::ui {

class PredictionBox;
class ScenarioController;
class ScenarioDocument;

class LessonPanel : public QWidget {
    Q_OBJECT
public:
    /// Checks the lesson against the document's current scenario, again after each change
    /// of it (debounced).
    explicit LessonPanel(ScenarioDocument& document, QWidget* parent = nullptr);

    /// Shows `lesson` (from `fileName`, which names it in messages), checked against the
    /// controller's analysis and `baselineJson` (analysisToJson of the lesson's baseline;
    /// empty when it has none).
    void setLesson(const io::Lesson& lesson, const std::string& fileName,
                   const std::string& baselineJson);
    /// Clears the lesson, the course step and the question.
    void clearLesson();
    const std::optional<io::Lesson>& lesson() const { return m_lesson; }

    /// A course's step: "Step 3 of 28" before the title; empty outside a course.
    void setCourseStep(const QString& step);
    /// The title line as shown, plain text ("Step 3 of 28 · Where decode sits…").
    QString titleText() const;
    /// The step's question (hidden when it asks none).
    PredictionBox* predictionBox() const { return m_prediction; }
    /// Until a step's question is answered its expectations are not shown: their ✓ and
    /// values would give the answer away.
    void setChecksHidden(bool hidden);
    bool checksHidden() const { return m_checksHidden; }

    /// Checks the expectations against the controller's analysis now.
    void recheck();
    /// The last check (empty without a lesson).
    const io::LessonCheck& lastCheck() const { return m_check; }
    /// The expectations as shown, one line each ("✓ decode is memory-bound — …").
    QStringList expectationLines() const;

private:
    void render();

    const ScenarioController& m_controller;
    std::optional<io::Lesson> m_lesson;
    std::string m_fileName;
    std::string m_baselineJson;
    io::LessonCheck m_check;
    QLabel* m_title = nullptr;
    QLabel* m_lookAt = nullptr;
    QLabel* m_expectations = nullptr;
    PredictionBox* m_prediction = nullptr;
    QString m_step;
    bool m_checksHidden = false;
    /// Coalesces slider steps: a check runs at most every 100 ms while they move.
    QTimer* m_timer = nullptr;
};

}  // namespace roofline::ui
