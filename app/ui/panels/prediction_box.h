// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file prediction_box.h
/// A course step's question in the Lesson dock ("predict, then reveal"): a
/// prediction asks for a number (a field with the unit of its path) or one of its choices; a
/// spot-the-error lists the claim's parts to pick the wrong one. "Answer" hands the student's
/// value to whoever grades it (the window's CourseController, with io::gradeStep, as the CLI
/// grades); "Reveal" asks for the answer without one. showGrade() then shows the engine's
/// value, the student's error and the explanation. It computes nothing itself.

#include <optional>

#include <QWidget>

#include "roofline/io/course.h"

class QButtonGroup;
class QLabel;
class QLineEdit;
class QPushButton;
class QVBoxLayout;

namespace roofline::ui {

class PredictionBox : public QWidget {
    Q_OBJECT
public:
    explicit PredictionBox(QWidget* parent = nullptr);

    /// Asks `step`'s prediction or spot-the-error; hides itself for a step that asks neither.
    void setStep(const io::CourseStep& step);
    /// The grade of the asked question: the answer, the engine's value, the error, the
    /// explanation; the inputs are locked until the next setStep().
    void showGrade(const io::Grade& grade);
    /// Asked and not yet revealed.
    bool pending() const { return m_pending; }

    /// The student's answer as typed or picked (nullopt: none, or a number that does not
    /// parse). Tests and --answer set it with setAnswer.
    std::optional<io::Answer> answer() const;
    /// Types `text` into the number field, or picks the choice (or the part, "2") it names;
    /// false when it is none of those.
    bool setAnswer(const QString& text);

    /// The unit the number field shows for a prediction's path ("FLOP/byte" for
    /// /decode/intensity_flops_per_byte, "s" for /tpot_s); empty when the path names none.
    static QString unitOf(const std::string& path);
    /// The grade as shown, plain text (tests).
    QString resultText() const;

signals:
    /// Answer pressed (or Enter in the field): `answer` is the student's.
    void answered(const io::Answer& answer);
    /// Reveal pressed without an answer.
    void revealRequested();

private:
    void clearInputs();
    void updateButtons();
    /// `json` (an engine or student value as JSON text) for the reader: a number with the
    /// prediction's unit, a choice unquoted.
    QString valueText(const std::string& json) const;

    std::optional<io::CourseStep> m_step;
    bool m_pending = false;
    QLabel* m_ask = nullptr;
    QWidget* m_numberRow = nullptr;
    QLineEdit* m_number = nullptr;
    QLabel* m_unit = nullptr;
    QWidget* m_choices = nullptr;
    QVBoxLayout* m_choiceLayout = nullptr;
    QButtonGroup* m_choiceGroup = nullptr;
    QPushButton* m_answer = nullptr;
    QPushButton* m_reveal = nullptr;
    QLabel* m_result = nullptr;
};

}  // namespace roofline::ui
