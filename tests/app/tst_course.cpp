// SPDX-License-Identifier: GPL-3.0-or-later
// The Course menu and a course stepped through in the window (issue 20): the shipped courses
// in the menu, Next and Previous on Page Down and Page Up (kept by a focused slider outside
// presentation mode), "Step N of M" in the Lesson dock, a step's question hiding what would
// answer it until it is answered and graded (io::gradeStep, the CLI's grading), the open
// lesson checked in the Lessons menu, the session restoring the step or the lesson.

#include <cmath>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>

#include "model/plot_tooltip.h"
#include "model/scenario_controller.h"
#include "panels/controls_panel.h"
#include "panels/lesson_panel.h"
#include "panels/prediction_box.h"
#include "panels/results_panel.h"
#include "panels/slider_control.h"
#include "plot/roofline_plot.h"
#include "roofline/io/course.h"
#include "roofline/io/scenario_file.h"
#include "test_support.h"
#include "views/dialogs.h"
#include "views/views.h"
#include "window/course_controller.h"
#include "window/lessons_menu.h"
#include "window/main_window.h"

using namespace roofline;
using roofline::ui::Dialogs;
using roofline::ui::MainWindow;

namespace {

const QString kCourse = QStringLiteral("roofline-of-llm-serving");

ui::LessonPanel& panel(const MainWindow& window) { return *window.lessons()->panel(); }
ui::PredictionBox& box(const MainWindow& window) { return *panel(window).predictionBox(); }

/// Whether the plot placed the label whose text is `text` (whole, or cut to its first line
/// where the plot is crowded); a hidden label is placed nowhere.
bool placed(const MainWindow& window, const QString& text) {
    for (const ui::PlacedLabel& label : window.plot()->placedLabels()) {
        if (label.text == text || label.text == text.section(QLatin1Char('\n'), 0, 0)) {
            return true;
        }
    }
    return false;
}

bool anyPlacedContains(const MainWindow& window, const QString& part) {
    for (const ui::PlacedLabel& label : window.plot()->placedLabels()) {
        if (label.text.contains(part)) {
            return true;
        }
    }
    return false;
}

/// The live analysis's value at the prediction's path, read as the engine's JSON writes it.
double liveValue(const MainWindow& window, const io::Prediction& prediction) {
    const std::optional<std::string> text = io::predictionAnswer(
        prediction,
        io::analysisToJson(window.controller().scenario(), window.controller().analysis()));
    return text ? std::stod(*text) : std::nan("");
}

void showActive(MainWindow& window) {
    window.resize(1400, 900);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
}

}  // namespace

class TestCourse : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::keepWindowsAwayFromTheUser(); }
    void init() { Dialogs::clearShownErrors(); }

    void courseMenuListsTheShippedCoursesAndSteps() {
        MainWindow window;
        QMenu* menu = window.courses()->menu();
        QCOMPARE(menu->title(), QStringLiteral("Course"));
        QStringList titles;
        for (QAction* a : window.menuBar()->actions()) {
            titles << a->text().remove(QLatin1Char('&'));
        }
        QCOMPARE(titles.indexOf(QStringLiteral("Course")),
                 titles.indexOf(QStringLiteral("Lessons")) + 1);
        // Both shipped courses, checkable; the serving course has 28 steps (its file).
        auto* serving = test::child<QAction>(window, "course-roofline-of-llm-serving");
        QVERIFY(serving->text().contains(QStringLiteral("28 steps")));
        QVERIFY(serving->isCheckable() && !serving->isChecked());
        QVERIFY(window.findChild<QAction*>(QStringLiteral("course-architectures-of-2026")));
        QVERIFY(window.findChild<QAction*>(QStringLiteral("openCourseFile")));
        QCOMPARE(window.courses()->nextAction()->shortcut(), QKeySequence(Qt::Key_PageDown));
        QCOMPARE(window.courses()->previousAction()->shortcut(), QKeySequence(Qt::Key_PageUp));
        // No course: nothing to step.
        QVERIFY(!window.courses()->nextAction()->isEnabled());
        QVERIFY(!window.courses()->previousAction()->isEnabled());
        serving->trigger();
        QCOMPARE(window.courses()->step(), 1);
        QVERIFY(serving->isChecked());
    }

    void keyboardStepsThroughTheCourse() {
        MainWindow window;
        showActive(window);
        QVERIFY(window.openCourse(kCourse));
        QCOMPARE(window.courses()->step(), 1);
        QVERIFY(panel(window).titleText().startsWith(QStringLiteral("Step 1 of 28 · ")));
        QVERIFY(!window.courses()->previousAction()->isEnabled());
        // Step 1 is the prefill-vs-decode lesson: an H100 and Llama-3.1-8B at batch 1.
        QCOMPARE(window.controller().scenarioFile().workload.batch, std::int64_t{1});
        window.plot()->setFocus();
        QTest::keyClick(window.plot(), Qt::Key_PageDown);
        QCOMPARE(window.courses()->step(), 2);
        QTest::keyClick(window.plot(), Qt::Key_PageDown);
        // Step 3 is an inline scenario: batch 32, a context of 512 tokens.
        QCOMPARE(window.courses()->step(), 3);
        QVERIFY2(panel(window).titleText().startsWith(
                     QStringLiteral("Step 3 of 28 · Predict decode intensity at batch 32")),
                 qPrintable(panel(window).titleText()));
        QCOMPARE(window.controller().scenarioFile().workload.batch, std::int64_t{32});
        QCOMPARE(window.controller().scenarioFile().workload.contextTokens, std::int64_t{512});
        QTest::keyClick(window.plot(), Qt::Key_PageUp);
        QCOMPARE(window.courses()->step(), 2);
        QCOMPARE(window.controller().scenarioFile().workload.batch, std::int64_t{1});
        // The last step: Next is disabled there.
        QVERIFY(window.courses()->openStep(28));
        QVERIFY(!window.courses()->nextAction()->isEnabled());
        QVERIFY(panel(window).titleText().startsWith(QStringLiteral("Step 28 of 28 · ")));
    }

    void aFocusedSliderKeepsPageKeysOutsidePresentationMode() {
        MainWindow window;
        showActive(window);
        QVERIFY(window.openCourse(kCourse, 2));
        QSlider* slider = window.controlsPanel()->batchControl()->slider();
        slider->setFocus();
        QVERIFY(QTest::qWaitFor([slider] { return slider->hasFocus(); }));
        const int before = slider->value();
        QTest::keyClick(slider, Qt::Key_PageUp);
        QCOMPARE(window.courses()->step(), 2);  // the slider's: one page up
        QVERIFY(slider->value() > before);
        // In presentation mode Page Up and Page Down are the course's (a clicker's keys).
        window.setPresentationMode(true);
        slider->setFocus();
        QVERIFY(QTest::qWaitFor([slider] { return slider->hasFocus(); }));
        QTest::keyClick(slider, Qt::Key_PageDown);
        QCOMPARE(window.courses()->step(), 3);
    }

    void aPredictionHidesTheAnswerUntilAnswered() {
        MainWindow window;
        showActive(window);
        QVERIFY(window.openCourse(kCourse, 3));
        QVERIFY(window.courses()->pending());
        // Hidden: the Results and Explain values, the points' names and the arrows'
        // speed-ups, the live checks; the roofs' labels stay (the hardware's numbers).
        QVERIFY(window.panelsHidden());
        QVERIFY(!window.resultsPanel()->valueLabel(QStringLiteral("decodeIntensity"))->isVisible());
        QVERIFY(test::child<QWidget>(window, "resultsHidden")->isVisible());
        QVERIFY(!window.plot()->decodeLabel().isEmpty());
        QVERIFY(!placed(window, window.plot()->decodeLabel()));
        QVERIFY(!placed(window, window.plot()->prefillLabel()));
        QVERIFY(anyPlacedContains(window, QStringLiteral("TFLOP/s")));
        QVERIFY(panel(window).checksHidden());
        QVERIFY(box(window).isVisible());

        // By hand: 2 FLOPs per weight per sequence over the weights read once (8.03e9
        // parameters × 2 bytes) and the cache (32 × 512 tokens × 128 KiB = 2.15 GB):
        // 2 × 8.03e9 × 32 / (16.06e9 + 2.15e9) ≈ 28.2 FLOP/byte, a little less with the
        // activations and attention.
        const io::Prediction& prediction = *window.courses()->course()->steps[2].predict;
        const double engine = liveValue(window, prediction);
        QVERIFY2(engine > 25.0 && engine < 30.0, qPrintable(QString::number(engine)));
        QVERIFY(box(window).setAnswer(QStringLiteral("30")));
        QTest::mouseClick(test::child<QPushButton>(window, "predictionAnswer"), Qt::LeftButton);

        QVERIFY(!window.courses()->pending());
        const io::Grade& grade = *window.courses()->grade();
        QCOMPARE(grade.kind, std::string("number"));
        QVERIFY(grade.answered);
        QCOMPARE(std::stod(grade.engine), engine);
        QVERIFY(std::abs(*grade.relativeError - std::abs(30.0 - engine) / engine) < 1e-12);
        QCOMPARE(grade.pass, std::abs(30.0 - engine) / engine <= 0.1);
        QVERIFY2(box(window).resultText().contains(QStringLiteral("off by")),
                 qPrintable(box(window).resultText()));
        QVERIFY(box(window).resultText().contains(ui::qs(prediction.explain)));
        // Everything shows again.
        QVERIFY(!window.panelsHidden());
        QVERIFY(window.resultsPanel()->valueLabel(QStringLiteral("decodeIntensity"))->isVisible());
        QVERIFY(placed(window, window.plot()->decodeLabel()));
        QVERIFY(!panel(window).checksHidden());
        QVERIFY(panel(window).lastCheck().allHold());
    }

    void aRidgePredictionHidesTheRoofLabelsToo() {
        MainWindow window;
        showActive(window);
        QVERIFY(window.openCourse(kCourse, 9));  // ridge-point-h100: /ridge_point_flops_per_byte
        QVERIFY(!anyPlacedContains(window, QStringLiteral("TFLOP/s")));
        QVERIFY(!placed(window, window.plot()->ridgeLabel()));
        QVERIFY(window.courses()->revealStep());
        // Revealed unanswered: the engine's value (989e12 / 3.35e12 ≈ 295 FLOP/byte), no grade.
        const io::Grade& grade = *window.courses()->grade();
        QVERIFY(!grade.answered && !grade.pass);
        QVERIFY(std::abs(std::stod(grade.engine) - 989.0 / 3.35) < 3.0);
        QVERIFY(anyPlacedContains(window, QStringLiteral("TFLOP/s")));
        QVERIFY(box(window).resultText().contains(QStringLiteral("Not answered")));
    }

    void aChoiceIsGradedRightOrWrong() {
        MainWindow window;
        QVERIFY(window.openCourse(kCourse, 1));
        // Prefill of 2048 tokens of Llama-3.1-8B: 2048 tokens share each weight read, far
        // past the H100's ridge (≈ 295 FLOP/byte): compute-bound. "memory" is wrong.
        QVERIFY(box(window).setAnswer(QStringLiteral("memory")));
        QVERIFY(window.courses()->answer(*box(window).answer()));
        QCOMPARE(window.courses()->grade()->engine, std::string("\"compute\""));
        QVERIFY(!window.courses()->grade()->pass);
        QVERIFY(box(window).resultText().contains(QStringLiteral("✗ wrong")));
        // The next step asks again, from scratch.
        QVERIFY(window.courses()->next());
        QVERIFY(window.courses()->pending());
        QVERIFY(!window.courses()->grade());
    }

    void spotTheErrorPicksThePart() {
        MainWindow window;
        QVERIFY(window.openCourse(kCourse, 16));  // batching-not-universal: part 2 is wrong
        QVERIFY(window.courses()->pending());
        QVERIFY(panel(window).checksHidden());  // the checks are the refutation
        QVERIFY(box(window).setAnswer(QStringLiteral("2")));
        QVERIFY(window.courses()->answer(*box(window).answer()));
        QVERIFY(window.courses()->grade()->pass);
        QVERIFY(box(window).resultText().contains(QStringLiteral("Part 2 is wrong")));
        QVERIFY(!panel(window).checksHidden());
        QVERIFY(panel(window).lastCheck().allHold());
    }

    void aViewClosesWithTheNextStepAndAQuestionDefersItsOwn() {
        MainWindow window;
        showActive(window);
        // Step 6 (decode-intensity-vs-batch) shows the batch sweep; step 7 asks a question
        // and has no view: the sweep closes.
        QVERIFY(window.openCourse(kCourse, 6));
        QVERIFY(window.views()->sweepDock()->isVisible());
        QVERIFY(window.courses()->next());
        QVERIFY(!window.views()->sweepDock()->isVisible());
        // Step 5 (prefill-attention-flash) asks a question: its breakdown opens on reveal.
        QVERIFY(window.courses()->openStep(5));
        QVERIFY(!window.views()->breakdownDock()->isVisible());
        QVERIFY(window.courses()->revealStep());
        QVERIFY(window.views()->breakdownDock()->isVisible());
    }

    void theOpenLessonIsCheckedInTheLessonsMenu() {
        MainWindow window;
        auto* ridge = test::child<QAction>(window, "lesson-ridge-point-h100");
        auto* prefill = test::child<QAction>(window, "lesson-prefill-vs-decode");
        QVERIFY(ridge->isCheckable() && !ridge->isChecked());
        QVERIFY(window.openLesson(QStringLiteral("ridge-point-h100")));
        QVERIFY(ridge->isChecked());
        prefill->trigger();
        QVERIFY(prefill->isChecked());
        QVERIFY(!ridge->isChecked());
        // A course's lesson step checks its lesson; an inline step none.
        QVERIFY(window.openCourse(kCourse, 9));
        QVERIFY(ridge->isChecked());
        QVERIFY(window.courses()->openStep(3));
        QVERIFY(!ridge->isChecked() && !prefill->isChecked());
        // A lesson chosen from the menu ends the course.
        ridge->trigger();
        QVERIFY(!window.courses()->course());
        QVERIFY(!window.panelsHidden());
        QVERIFY(!panel(window).titleText().startsWith(QStringLiteral("Step")));
        test::child<QAction>(window, "closeLesson")->trigger();
        QVERIFY(!ridge->isChecked());
    }

    void restartRestoresTheStepOrTheLesson() {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("test.ini")), QSettings::IniFormat);
        {
            MainWindow window(&settings);
            QVERIFY(window.openCourse(kCourse, 5));
            window.saveSession();
        }
        {
            MainWindow restored(&settings);
            restored.restoreSession(true);
            QCOMPARE(restored.courses()->courseRef(), kCourse);
            QCOMPARE(restored.courses()->step(), 5);
            QVERIFY(panel(restored).titleText().startsWith(QStringLiteral("Step 5 of 28 · ")));
            QVERIFY(restored.courses()->pending());  // asked afresh
            QVERIFY(test::child<QAction>(restored, "course-roofline-of-llm-serving")->isChecked());
            // No course: the open lesson comes back.
            restored.courses()->closeCourse();
            QVERIFY(restored.openLesson(QStringLiteral("critical-batch-h100")));
            restored.saveSession();
        }
        MainWindow again(&settings);
        again.restoreSession(true);
        QVERIFY(!again.courses()->course());
        QVERIFY(panel(again).lesson().has_value());
        QCOMPARE(panel(again).lesson()->id, std::string("critical-batch-h100"));
        QVERIFY(test::child<QAction>(again, "lesson-critical-batch-h100")->isChecked());
        QVERIFY(Dialogs::shownErrors().isEmpty());
    }

    void aBrokenCourseFileChangesNothing() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken-course.json"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(
            R"({"schema_version": 1, "id": "x", "title": "X", "steps": [{"lesson": "no-such"}]})");
        out.close();
        MainWindow window;
        window.controller().setBatch(24);
        const io::ScenarioFile before = window.controller().scenarioFile();
        QVERIFY(!window.openCourse(path));
        QCOMPARE(window.controller().scenarioFile(), before);
        QVERIFY(!window.courses()->course());
        QCOMPARE(Dialogs::shownErrors().size(), 1);
        const QString message = Dialogs::shownErrors().front();
        QVERIFY2(message.contains(QStringLiteral("broken-course.json")) &&
                     message.contains(QStringLiteral("/steps/0/lesson")),
                 qPrintable(message));
        // A step out of range is refused too, the open course kept.
        QVERIFY(window.openCourse(kCourse, 2));
        QVERIFY(!window.openCourse(kCourse, 29));
        QCOMPARE(window.courses()->step(), 2);
    }

    void openingALessonClearsTheMeasuredStars() {
        MainWindow window;
        QVERIFY(window.importMeasured(QStringLiteral(ROOFLINE_TEST_DATA_DIR "/measured/good.json"),
                                      true) > 0);
        QVERIFY(!window.document().measured().rows.empty());
        QVERIFY(window.openCourse(kCourse, 1));
        QVERIFY(window.document().measured().rows.empty());
    }
};

QTEST_MAIN(TestCourse)
#include "tst_course.moc"
