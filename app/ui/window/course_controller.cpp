// SPDX-License-Identifier: GPL-3.0-or-later
#include "course_controller.h"

#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMenu>
#include <QPlainTextEdit>
#include <QStatusBar>
#include <QTextEdit>

#include "model/plot_tooltip.h"
#include "model/scenario_controller.h"
#include "panels/lesson_panel.h"
#include "panels/prediction_box.h"
#include "plot/roofline_plot.h"
#include "roofline/io/scenario_file.h"
#include "views/dialogs.h"
#include "window/lessons_menu.h"
#include "window/main_window.h"

namespace roofline::ui {
namespace {

constexpr int kStatusMessageMs = 8000;

/// Outside presentation mode a focused field keeps Page Up and Page Down: accepting the
/// ShortcutOverride gives the key to the widget instead of the shortcut.
class FieldPageKeys : public QObject {
public:
    explicit FieldPageKeys(MainWindow& window) : QObject(&window), m_window(window) {}

protected:
    bool eventFilter(QObject* watched, QEvent* event) override {
        if (event->type() != QEvent::ShortcutOverride || m_window.presentationMode()) {
            return false;
        }
        const auto* key = static_cast<QKeyEvent*>(event);
        const Qt::KeyboardModifiers modifiers =
            key->modifiers() & ~Qt::KeyboardModifiers(Qt::KeypadModifier);
        if ((key->key() != Qt::Key_PageUp && key->key() != Qt::Key_PageDown) ||
            modifiers != Qt::KeyboardModifiers()) {
            return false;
        }
        auto* widget = qobject_cast<QWidget*>(watched);
        const bool field = qobject_cast<QAbstractSlider*>(watched) != nullptr ||
                           qobject_cast<QAbstractSpinBox*>(watched) != nullptr ||
                           qobject_cast<QLineEdit*>(watched) != nullptr ||
                           qobject_cast<QTextEdit*>(watched) != nullptr ||
                           qobject_cast<QPlainTextEdit*>(watched) != nullptr ||
                           qobject_cast<QAbstractItemView*>(watched) != nullptr ||
                           qobject_cast<QComboBox*>(watched) != nullptr;
        if (!field || widget == nullptr || !m_window.isAncestorOf(widget)) {
            return false;
        }
        event->accept();
        return true;
    }

private:
    MainWindow& m_window;
};

}  // namespace

HiddenAnswers hiddenFor(const io::CourseStep& step) {
    HiddenAnswers hidden;
    if (step.predict) {
        hidden.panels = true;
        hidden.checks = true;
        hidden.plotLabels = RooflinePlot::DataLabels;
        // The roofs' labels write the peaks and the ridge; the roof in use names the
        // precision. Other predictions keep them: they are the hardware's numbers, which
        // the student reasons from.
        const std::string& path = step.predict->path;
        if (path == "/ridge_point_flops_per_byte" || path == "/critical_batch" ||
            path == "/compute_precision") {
            hidden.plotLabels |= RooflinePlot::RoofLabels;
        }
    } else if (step.spot) {
        hidden.checks = true;
    }
    return hidden;
}

CourseController::CourseController(MainWindow& window) : QObject(&window), m_window(window) {
    buildMenu();
    LessonsController* lessons = window.lessons();
    // A lesson opened from the Lessons menu or File › Open, or the lesson closed: the
    // course's step is no longer on screen.
    connect(lessons, &LessonsController::lessonOpened, this, [this] {
        if (!m_opening) {
            forgetCourse();
        }
    });
    connect(lessons, &LessonsController::lessonClosed, this, [this] {
        if (!m_opening) {
            forgetCourse();
        }
    });
    PredictionBox* box = lessons->panel()->predictionBox();
    connect(box, &PredictionBox::answered, this, [this](const io::Answer& a) { answer(a); });
    connect(box, &PredictionBox::revealRequested, this, [this] { revealStep(); });
    updateActions();
}

void CourseController::installKeyFilter() {
    QApplication::instance()->installEventFilter(new FieldPageKeys(m_window));
}

void CourseController::buildMenu() {
    // No mnemonic: Alt+C is the Context row's, and each other letter of the name is taken
    // (a shared one would make Alt cycle between them).
    m_menu = new QMenu(tr("Course"), &m_window);
    m_menu->setObjectName(QStringLiteral("courseMenu"));
    m_menu->setToolTipsVisible(true);
    for (const std::string& id : io::courseIds()) {
        const io::Loaded<io::Course> course = io::builtinCourse(id);
        if (!course.ok()) {
            continue;  // a shipped course that does not load fails the presets tests
        }
        QAction* action = m_menu->addAction(
            tr("%1 (%n steps)", nullptr, static_cast<int>(course.value->steps.size()))
                .arg(qs(course.value->title).replace(QLatin1Char('&'), QStringLiteral("&&"))));
        action->setObjectName(QStringLiteral("course-") + qs(id));
        action->setCheckable(true);
        action->setToolTip(qs(course.value->description));
        const QString courseId = qs(id);
        connect(action, &QAction::triggered, this, [this, courseId] { openCourse(courseId); });
    }
    m_openFile = m_menu->addAction(tr("&Open course file…"));
    m_openFile->setObjectName(QStringLiteral("openCourseFile"));
    connect(m_openFile, &QAction::triggered, this, [this] {
        const QString path = Dialogs::openFileName(&m_window, tr("Open course"),
                                                   tr("Courses (*.json);;All files (*)"));
        if (!path.isEmpty()) {
            openCourse(path);
        }
    });
    m_menu->addSeparator();
    // Added to the window too: the shortcuts work with the menu bar hidden.
    m_next = m_menu->addAction(tr("&Next step"));
    m_next->setObjectName(QStringLiteral("nextStep"));
    m_next->setShortcut(QKeySequence(Qt::Key_PageDown));
    m_previous = m_menu->addAction(tr("&Previous step"));
    m_previous->setObjectName(QStringLiteral("previousStep"));
    m_previous->setShortcut(QKeySequence(Qt::Key_PageUp));
    m_window.addAction(m_next);
    m_window.addAction(m_previous);
    connect(m_next, &QAction::triggered, this, &CourseController::next);
    connect(m_previous, &QAction::triggered, this, &CourseController::previous);
    m_menu->addSeparator();
    m_close = m_menu->addAction(tr("&Close course"));
    m_close->setObjectName(QStringLiteral("closeCourse"));
    connect(m_close, &QAction::triggered, this, &CourseController::closeCourse);
}

int CourseController::stepCount() const {
    return m_course ? static_cast<int>(m_course->steps.size()) : 0;
}

void CourseController::updateActions() {
    m_next->setEnabled(m_course && m_step < stepCount());
    m_previous->setEnabled(m_course && m_step > 1);
    m_close->setEnabled(m_course.has_value());
    for (QAction* action : m_menu->actions()) {
        if (action->isCheckable()) {
            action->setChecked(m_course &&
                               action->objectName() == QStringLiteral("course-") + m_ref);
        }
    }
}

bool CourseController::openCourse(const QString& idOrPath, int step, QString* error, bool quiet) {
    const std::string ref = idOrPath.toStdString();
    const io::Loaded<io::Course> loaded = io::resolveCourse(ref);
    const auto fail = [&](const QString& reason, const QString& details) {
        const QString text = refusalText(tr("Could not open the course %1").arg(idOrPath), reason,
                                         tr("The current scenario is unchanged."));
        if (quiet) {
            m_window.statusBar()->showMessage(asSentence(text), kStatusMessageMs);
        } else {
            Dialogs::showError(&m_window, text, details);
        }
        if (error != nullptr) {
            *error = details.isEmpty() ? reason : details;
        }
        return false;
    };
    if (!loaded.ok()) {
        return fail(firstError(loaded.issues), issuesText(loaded.issues));
    }
    if (loaded.value->steps.empty()) {
        return fail(tr("it has no steps"), QString());
    }
    const int count = static_cast<int>(loaded.value->steps.size());
    if (step < 1 || step > count) {
        return fail(tr("it has no step %1 (it has %2)").arg(step).arg(count), QString());
    }
    // The step is opened with the new course in place; on failure the old one comes back
    // (the step's lesson refused to load and changed nothing).
    std::optional<io::Course> previousCourse = std::move(m_course);
    const QString previousRef = m_ref;
    const std::string previousFile = m_fileName;
    const int previousStep = m_step;
    m_course = *loaded.value;
    m_ref = idOrPath;
    m_fileName = io::courseFileName(ref);
    m_step = 0;
    QString stepError;
    if (!openStep(step, &stepError)) {
        m_course = std::move(previousCourse);
        m_ref = previousRef;
        m_fileName = previousFile;
        m_step = previousStep;
        updateActions();
        if (error != nullptr) {
            *error = stepError;
        }
        return false;
    }
    return true;
}

bool CourseController::openStep(int n, QString* error) {
    if (!m_course || n < 1 || n > stepCount()) {
        return false;
    }
    const io::CourseStep& step = m_course->steps[static_cast<std::size_t>(n - 1)];
    const std::string fileName =
        step.lesson.empty() ? m_fileName : io::scenarioFileName(step.lesson);
    const HiddenAnswers hidden = hiddenFor(step);
    LessonsController* lessons = m_window.lessons();
    m_opening = true;
    // A step with a question opens its view when it is revealed: the view would answer it.
    const bool opened = lessons->openLessonFile(step.scenario, fileName, error, hidden.any());
    m_opening = false;
    if (!opened) {
        return false;
    }
    m_step = n;
    m_grade.reset();
    LessonPanel* panel = lessons->panel();
    panel->setCourseStep(tr("Step %1 of %2").arg(n).arg(stepCount()));
    panel->predictionBox()->setStep(step);
    applyHidden(hidden);
    updateActions();
    emit stepChanged(n);
    return true;
}

bool CourseController::next() { return m_course && openStep(m_step + 1); }

bool CourseController::previous() { return m_course && openStep(m_step - 1); }

void CourseController::applyHidden(const HiddenAnswers& hidden) {
    m_window.setAnswersHidden(hidden.panels, hidden.plotLabels);
    m_window.lessons()->panel()->setChecksHidden(hidden.checks);
}

void CourseController::forgetCourse() {
    if (!m_course) {
        return;
    }
    m_course.reset();
    m_ref.clear();
    m_fileName.clear();
    m_step = 0;
    m_grade.reset();
    applyHidden({});
    LessonPanel* panel = m_window.lessons()->panel();
    panel->setCourseStep(QString());
    panel->predictionBox()->setStep({});
    updateActions();
    emit stepChanged(0);
}

void CourseController::closeCourse() {
    if (!m_course) {
        return;
    }
    forgetCourse();
    m_window.lessons()->closeLesson();
}

bool CourseController::pending() const {
    return m_course && m_window.lessons()->panel()->predictionBox()->pending();
}

bool CourseController::answer(const io::Answer& answer) { return revealStep(&answer); }

bool CourseController::revealStep(const io::Answer* answer) {
    if (!pending()) {
        return false;
    }
    const io::CourseStep& step = m_course->steps[static_cast<std::size_t>(m_step - 1)];
    // The engine's answer in the live analysis: the scenario as the student sees it now.
    std::string engine;
    if (step.predict) {
        const ScenarioController& current = m_window.controller();
        engine = io::predictionAnswer(*step.predict,
                                      io::analysisToJson(current.scenario(), current.analysis()))
                     .value_or(std::string());
    }
    m_grade = io::gradeStep(step, m_step, engine, answer);
    m_window.lessons()->panel()->predictionBox()->showGrade(*m_grade);
    applyHidden({});
    if (!step.lessonOf().view.empty()) {
        m_window.lessons()->openView(qs(step.lessonOf().view));
    }
    return true;
}

}  // namespace roofline::ui
