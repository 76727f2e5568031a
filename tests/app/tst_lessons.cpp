// SPDX-License-Identifier: GPL-3.0-or-later
// The Lessons menu and the Lesson panel: the menu sits between Interventions and Help,
// grouped like the question bank; a lesson loads its scenario, baseline and lever through
// the window's own paths; its expectations are checked live as the scenario changes.

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "model/plot_tooltip.h"
#include "model/scenario_controller.h"
#include "panels/lesson_panel.h"
#include "plot/roofline_plot.h"
#include "roofline/io/lessons.h"
#include "test_support.h"
#include "views/dialogs.h"
#include "window/app_options.h"
#include "window/lessons_menu.h"
#include "window/main_window.h"

using namespace roofline;
using roofline::ui::Dialogs;
using roofline::ui::MainWindow;

namespace {

QStringList menuTitles(const MainWindow& window) {
    QStringList titles;
    for (QAction* a : window.menuBar()->actions()) {
        titles << a->text().remove(QLatin1Char('&'));
    }
    return titles;
}

bool allHold(const ui::LessonPanel& panel) { return panel.lastCheck().allHold(); }

}  // namespace

class TestLessons : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::keepWindowsAwayFromTheUser(); }
    void init() { Dialogs::clearShownErrors(); }

    void lessonsMenuSitsAfterInterventionsBeforeCourseAndHelp() {
        MainWindow window;
        const QStringList titles = menuTitles(window);
        const qsizetype lessons = titles.indexOf(QStringLiteral("Lessons"));
        QVERIFY2(lessons > 0, qPrintable(titles.join(QLatin1Char(' '))));
        QCOMPARE(titles[lessons - 1], QStringLiteral("Interventions"));
        QCOMPARE(titles[lessons + 1], QStringLiteral("Course"));  // issue 20
        QCOMPARE(titles[lessons + 2], QStringLiteral("Help"));
    }

    void everyLessonHasOneEntryInItsGroup() {
        MainWindow window;
        QMenu* menu = window.lessons()->menu();
        QStringList groups;
        int entries = 0;
        for (QAction* a : menu->actions()) {
            if (a->menu() != nullptr) {
                groups << a->text().remove(QLatin1Char('&'));
                entries += static_cast<int>(a->menu()->actions().size());
            }
        }
        QCOMPARE(
            groups,
            (QStringList{QStringLiteral("Placing workloads"), QStringLiteral("Hardware numbers"),
                         QStringLiteral("Batching"), QStringLiteral("Interventions")}));
        QCOMPARE(entries, static_cast<int>(io::scenarioIds().size()));
        auto* ridge = window.findChild<QAction*>(QStringLiteral("lesson-ridge-point-h100"));
        QVERIFY(ridge != nullptr);
        QCOMPARE(ridge->text(), QStringLiteral("The ridge point of an H100 (Q9)"));
    }

    void choosingALessonLoadsItsScenarioAndBaseline() {
        MainWindow window;
        QVERIFY(window.lessons()->dock()->isHidden());
        QSignalSpy views(window.lessons(), &ui::LessonsController::lessonViewRequested);
        window.findChild<QAction*>(QStringLiteral("lesson-critical-batch-h100"))->trigger();
        QVERIFY(Dialogs::shownErrors().isEmpty());
        // The lesson file: B = 512, C = 128; its nested baseline B = 64.
        QCOMPARE(window.controller().scenarioFile().workload.batch, std::int64_t{512});
        QCOMPARE(window.controller().scenarioFile().workload.contextTokens, std::int64_t{128});
        QVERIFY(window.baselineScenario().has_value());
        QCOMPARE(window.baselineScenario()->workload.batch, std::int64_t{64});
        QVERIFY(window.plot()->hasBaseline());
        QVERIFY(!window.lessons()->dock()->isHidden());
        const ui::LessonPanel& panel = *window.lessons()->panel();
        QVERIFY(panel.lesson().has_value());
        QVERIFY(allHold(panel));
        const QStringList lines = panel.expectationLines();
        QCOMPARE(lines.size(), 4);
        for (const QString& line : lines) {
            QVERIFY2(line.startsWith(QStringLiteral("✓ ")), qPrintable(line));
        }
        // The lesson asks for the batch sweep: the one hook the views connect to.
        QCOMPARE(views.count(), 1);
        QCOMPARE(views.first().first().toString(), QStringLiteral("sweep"));
    }

    void expectationsFollowTheSliders() {
        MainWindow window;
        QVERIFY(window.openLesson(QStringLiteral("critical-batch-h100")));
        const ui::LessonPanel& panel = *window.lessons()->panel();
        QVERIFY(allHold(panel));
        // Down to B = 32: decode is memory-bound, so "past the critical batch decode is
        // compute-bound" turns ✗ once the coalescing timer fires.
        window.controller().setBatch(32);
        QTRY_VERIFY(!allHold(panel));
        const QStringList lines = panel.expectationLines();
        QVERIFY2(lines.last().startsWith(QStringLiteral("✗ ")), qPrintable(lines.last()));
        QVERIFY2(lines.last().endsWith(QStringLiteral("— memory")), qPrintable(lines.last()));
        window.controller().setBatch(512);
        QTRY_VERIFY(allHold(panel));
    }

    void aLessonLeverGoesThroughApplyLever() {
        MainWindow window;
        QVERIFY(window.openLesson(QStringLiteral("w4a16-for-decode")));
        QVERIFY(window.controller().scenarioFile().workload.weightPrecision == Precision::Int4);
        QVERIFY(window.baselineScenario()->workload.weightPrecision == Precision::Bf16);
        QVERIFY(!window.document().leverExplanation().isEmpty());
        QVERIFY(allHold(*window.lessons()->panel()));
    }

    void everyShippedLessonOpensAndHolds() {
        MainWindow window;
        for (const std::string& id : io::scenarioIds()) {
            QString error;
            QVERIFY2(window.openLesson(ui::qs(id), &error), qPrintable(error));
            QVERIFY2(allHold(*window.lessons()->panel()), id.c_str());
        }
        QVERIFY(Dialogs::shownErrors().isEmpty());
    }

    void aLessonWithoutBaselineClearsThePinnedOne() {
        MainWindow window;
        window.pinBaseline();
        QVERIFY(window.openLesson(QStringLiteral("ridge-point-h100")));
        QVERIFY(!window.baselineScenario().has_value());
    }

    void anUnknownLessonChangesNothing() {
        MainWindow window;
        const io::ScenarioFile before = window.controller().scenarioFile();
        QString error;
        QVERIFY(!window.openLesson(QStringLiteral("no-such-lesson"), &error));
        QVERIFY(error.contains(QStringLiteral("no such id")));
        QCOMPARE(Dialogs::shownErrors().size(), 1);
        QVERIFY(window.controller().scenarioFile() == before);
    }

    void fileOpenOfALessonFileLoadsTheLesson() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lesson.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-3.1-8b",
            "lever": "batch-x8", "lesson": {"id": "mine", "title": "Mine", "questions": [13],
            "look_at": "Look. There.", "group": "batching", "expectations": [
            {"path": "decode_tokens_per_s", "over": "baseline", "op": ">", "value": 5}]}})");
        file.close();
        MainWindow window;
        QVERIFY(window.openScenario(path));
        QCOMPARE(window.controller().scenarioFile().workload.batch, std::int64_t{8});
        QVERIFY(window.lessons()->panel()->lesson().has_value());
        QVERIFY(allHold(*window.lessons()->panel()));
        // What File > Save writes is the scenario as shown, with the baseline; the lever is
        // already applied, so it is not saved again.
        QVERIFY(!window.scenarioToSave().lever.has_value());
        QVERIFY(!window.scenarioToSave().lesson.has_value());
    }

    void lessonOptionIsParsedAndRefusesScenarioOptions() {
        const ui::AppOptions ok =
            ui::parseAppOptions({QStringLiteral("--lesson"), QStringLiteral("prefill-vs-decode")});
        QVERIFY2(ok.errors.isEmpty(), qPrintable(ok.errors.join(QLatin1Char('\n'))));
        QCOMPARE(ok.lesson, QStringLiteral("prefill-vs-decode"));
        const ui::AppOptions unknown =
            ui::parseAppOptions({QStringLiteral("--lesson"), QStringLiteral("nope")});
        QCOMPARE(unknown.errors.size(), 1);
        QVERIFY(unknown.errors.first().startsWith(
            QStringLiteral("--lesson: nope: the file must be a shipped "
                           "scenario id (")));
        const ui::AppOptions both =
            ui::parseAppOptions({QStringLiteral("--lesson"), QStringLiteral("prefill-vs-decode"),
                                 QStringLiteral("--batch"), QStringLiteral("8")});
        QCOMPARE(both.errors.size(), 1);
        QVERIFY(both.errors.first().startsWith(QStringLiteral("--lesson opens the lesson's own")));
    }
};

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
