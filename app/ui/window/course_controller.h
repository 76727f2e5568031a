// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file course_controller.h
/// The Course menu and a course stepped through in the window: the shipped
/// courses and Course › Open course file…; Next and Previous (Page Down, Page Up) open the
/// steps one at a time, each as the Lessons menu opens a lesson (LessonsController), with
/// "Step 3 of 28" in the Lesson dock.
///
/// Predict, then reveal: while a step's question (a prediction or a spot-the-error) is not
/// answered, what would give its answer away is hidden (hiddenFor()); answering grades the
/// answer against the live engine with io::gradeStep, the CLI's grading, and Reveal shows the
/// engine's answer without one. Either shows everything again.
///
/// Page Down and Page Up: in presentation mode they always step the course (a presenter's
/// clicker sends them); outside it a focused slider, number or text field, list or combo
/// box keeps them for itself, and they step the course from anywhere else.

#include <optional>

#include <QObject>
#include <QString>

#include "roofline/io/course.h"

class QAction;
class QMenu;

namespace roofline::ui {

class MainWindow;

/// What a step's unanswered question hides.
struct HiddenAnswers {
    /// The Results and Explain panels and the lever's sentence under the plot: every value
    /// of theirs is the engine's answer to some prediction (a bound, an intensity, TPOT, the
    /// critical batch, a speed-up...) or leads to one.
    bool panels = false;
    /// RooflinePlot::LabelGroup flags: the data's labels (the points' names carry their
    /// bound and intensity, the trail's marks the critical batch and the memory wall, compare
    /// mode's arrows the speed-ups) for any prediction; the roof layer's (peaks, ridge) too
    /// when the prediction is about the ridge, the critical batch or the compute precision.
    unsigned plotLabels = 0;
    /// The Lesson dock's live checks (their ✓ and values state the answer or the refutation).
    bool checks = false;
    bool any() const { return panels || plotLabels != 0 || checks; }
    bool operator==(const HiddenAnswers&) const = default;
};

/// What `step`'s question hides until it is answered: for a prediction, the panels, the
/// checks and the data's labels (and the roof labels for /ridge_point_flops_per_byte,
/// /critical_batch and /compute_precision); for a spot-the-error, the checks (they are the
/// refutation; the numbers are what the student reasons from); nothing for a step that asks
/// nothing.
HiddenAnswers hiddenFor(const io::CourseStep& step);

class CourseController : public QObject {
    Q_OBJECT
public:
    /// Builds the Course menu; installKeyFilter() once the window's own filters are in.
    explicit CourseController(MainWindow& window);

    QMenu* menu() const { return m_menu; }
    QAction* nextAction() const { return m_next; }
    QAction* previousAction() const { return m_previous; }
    /// Keeps Page Up and Page Down for a focused field outside presentation mode. Install
    /// after ShortcutPassThrough (the last installed filter runs first).
    void installKeyFilter();

    /// Opens a shipped course by id, or a course file by path, at step `step` (from 1). A
    /// course that does not load is refused with one message (Dialogs::showError; with
    /// `quiet`, the status bar) and changes nothing; `error` receives it too.
    bool openCourse(const QString& idOrPath, int step = 1, QString* error = nullptr,
                    bool quiet = false);
    /// Opens step `n` (from 1) of the open course; false, changing nothing, out of range or
    /// when its scenario does not load.
    bool openStep(int n, QString* error = nullptr);
    bool next();
    bool previous();
    /// Course › Close course: the course and its step's lesson.
    void closeCourse();

    const std::optional<io::Course>& course() const { return m_course; }
    /// The id or path the course was opened by (what the session keeps).
    const QString& courseRef() const { return m_ref; }
    /// The open step, from 1; 0 without a course.
    int step() const { return m_step; }
    int stepCount() const;

    /// Grades `answer` to the open step's question, then reveals (as revealStep()).
    bool answer(const io::Answer& answer);
    /// Shows the engine's answer (and the grade of `answer`, when given), then everything
    /// that was hidden. False when the open step asks nothing or is revealed already.
    bool revealStep(const io::Answer* answer = nullptr);
    /// The open step's question is asked and not revealed.
    bool pending() const;
    /// The last grade shown (nullopt before a reveal of the open step).
    const std::optional<io::Grade>& grade() const { return m_grade; }

signals:
    /// A step opened (or the course closed: 0).
    void stepChanged(int step);

private:
    void buildMenu();
    void updateActions();
    /// Drops the course's state (a lesson opened from elsewhere replaces its step).
    void forgetCourse();
    void applyHidden(const HiddenAnswers& hidden);

    MainWindow& m_window;
    QMenu* m_menu = nullptr;
    QMenu* m_shipped = nullptr;
    QAction* m_openFile = nullptr;
    QAction* m_next = nullptr;
    QAction* m_previous = nullptr;
    QAction* m_close = nullptr;
    std::optional<io::Course> m_course;
    QString m_ref;
    std::string m_fileName;  ///< names the course in messages (inline steps' scenarios)
    int m_step = 0;
    std::optional<io::Grade> m_grade;
    bool m_opening = false;  ///< a step is loading: the lesson it opens is the course's
};

}  // namespace roofline::ui
