// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 21, "Exploring has no way back": undo and redo of every scenario change (a slider
// drag is one step), the History list, Scenario › Revert to and Swap with baseline, what
// differs from the baseline, and refusals that say their reason in the main text.

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QUndoView>

#include "model/scenario_controller.h"
#include "panels/controls_panel.h"
#include "panels/results_panel.h"
#include "panels/slider_control.h"
#include "roofline/format.h"
#include "roofline/io/scenario_file.h"
#include "roofline/levers.h"
#include "test_support.h"
#include "views/dialogs.h"
#include "window/main_window.h"

using namespace roofline;
using roofline::ui::Dialogs;
using roofline::ui::MainWindow;

namespace {

QAction* action(const MainWindow& window, const char* name) {
    return test::child<QAction>(window, name);
}

/// Picks a hardware preset in the Scenario dock as a user does (the combo's activated()).
void pickHardware(const MainWindow& window, const char* id) {
    auto* hardware = test::child<QComboBox>(*window.controlsPanel(), "hardware");
    const int index = hardware->findData(QString::fromLatin1(id));
    QVERIFY(index >= 0);
    hardware->setCurrentIndex(index);
    emit hardware->activated(index);
}

}  // namespace

class TestHistory : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::keepWindowsAwayFromTheUser(); }
    void init() { Dialogs::clearShownErrors(); }

    void undoTwiceRedoOnceRestoresEveryField() {
        MainWindow window;
        QUndoStack* history = window.document().history();
        const io::ScenarioFile start = window.controller().scenarioFile();
        const Hardware startChip = window.controller().scenario().hardware;
        QCOMPARE(start.workload.batch, std::int64_t{1});
        QCOMPARE(history->count(), 0);
        QVERIFY(!action(window, "undo")->isEnabled());

        // Batch typed into its field: "6", then "64" (two changes of one input, one step).
        ui::SliderControl* batch = window.controlsPanel()->batchControl();
        test::typeInto(batch->spinBox(), QStringLiteral("64"));
        QCOMPARE(window.controller().scenarioFile().workload.batch, std::int64_t{64});
        const io::ScenarioFile afterBatch = window.controller().scenarioFile();
        pickHardware(window, "b200");
        QCOMPARE(window.controller().scenarioFile().hardware, std::string("b200"));
        QCOMPARE(history->count(), 2);
        QCOMPARE(history->text(0), QStringLiteral("batch 1 → 64"));
        QCOMPARE(history->text(1),
                 QStringLiteral("hardware %1 → %2")
                     .arg(QString::fromStdString(startChip.name),
                          QString::fromStdString(window.controller().scenario().hardware.name)));
        QCOMPARE(action(window, "undo")->text(), QStringLiteral("&Undo ") + history->text(1));

        action(window, "undo")->trigger();
        QCOMPARE(window.controller().scenarioFile(), afterBatch);
        action(window, "undo")->trigger();
        // Every field as it was (the file compares all of them), the chip's numbers too, and
        // the controls show it.
        QCOMPARE(window.controller().scenarioFile(), start);
        QVERIFY(window.controller().scenario().hardware == startChip);
        QCOMPARE(batch->spinBox()->value(), 1);
        QVERIFY(!action(window, "undo")->isEnabled());

        action(window, "redo")->trigger();
        QCOMPARE(window.controller().scenarioFile(), afterBatch);
        QCOMPARE(batch->spinBox()->value(), 64);
        QCOMPARE(history->index(), 1);
        QCOMPARE(history->count(), 2);  // undo and redo record nothing of their own

        // A change after an undo drops the steps that were undone, and does not merge into
        // the batch step before it (undo ended that step).
        window.controller().setBatch(128);
        QCOMPARE(history->count(), 2);
        QCOMPARE(history->text(1), QStringLiteral("batch 64 → 128"));
    }

    void sliderDragIsOneUndoStep() {
        MainWindow window;
        QUndoStack* history = window.document().history();
        QSlider* slider = window.controlsPanel()->batchControl()->slider();
        QSignalSpy analysed(&window.controller(), &ui::ScenarioController::analysisChanged);
        // A drag: the handle down, through many ticks (each a live change), then up.
        // Forty moves of a fiftieth of the range each: to batch ~1 · 4096^0.8 (log scale).
        const int first = slider->value();
        const int step = (slider->maximum() - slider->minimum()) / 50;
        slider->setSliderDown(true);
        for (int move = 1; move <= 40; ++move) {
            slider->setValue(first + move * step);
        }
        slider->setSliderDown(false);
        const std::int64_t dragged = window.controller().scenarioFile().workload.batch;
        QVERIFY(dragged > 1);
        QVERIFY2(analysed.count() >= 10, qPrintable(QString::number(analysed.count())));
        QCOMPARE(history->count(), 1);
        QCOMPARE(history->text(0),
                 QStringLiteral("batch 1 → ") + QString::fromStdString(formatInteger(dragged)));

        // The next drag of the same slider is a step of its own (the release sealed it).
        slider->setSliderDown(true);
        slider->setValue(slider->value() + 5);
        slider->setValue(slider->value() + 5);
        slider->setSliderDown(false);
        QCOMPARE(history->count(), 2);

        history->undo();
        QCOMPARE(window.controller().scenarioFile().workload.batch, dragged);
        history->undo();
        QCOMPARE(window.controller().scenarioFile().workload.batch, std::int64_t{1});
    }

    void aDragBackToWhereItBeganLeavesNoStep() {
        MainWindow window;
        QSlider* slider = window.controlsPanel()->batchControl()->slider();
        const int start = slider->value();
        slider->setSliderDown(true);
        slider->setValue(start + 10);
        slider->setValue(start);
        slider->setSliderDown(false);
        QCOMPARE(window.document().history()->count(), 0);  // the merged step was obsolete
    }

    void historyListGoesBackToAChosenStep() {
        MainWindow window;
        window.controller().setBatch(8);
        window.controller().setFlashAttention(false);
        window.controller().setBatch(32);
        auto* view = test::child<QUndoView>(window, "historyView");
        QCOMPARE(view->model()->rowCount(), 4);  // "Start" and three steps
        QCOMPARE(view->model()->index(0, 0).data().toString(), QStringLiteral("Start"));
        QCOMPARE(view->model()->index(2, 0).data().toString(),
                 QStringLiteral("flash attention on → off"));
        // Choosing the second step: batch 8, flash attention off; the third can be redone.
        view->setCurrentIndex(view->model()->index(2, 0));
        QCOMPARE(window.controller().scenarioFile().workload.batch, std::int64_t{8});
        QVERIFY(!window.controller().scenarioFile().workload.flashAttention);
        QVERIFY(action(window, "redo")->isEnabled());
        view->setCurrentIndex(view->model()->index(0, 0));
        QCOMPARE(window.controller().scenarioFile(), io::ScenarioFile{});
    }

    void leverIsOneStepWithItsBaseline() {
        MainWindow window;
        QVERIFY(window.applyLever(LeverId::W8a16));
        QVERIFY(window.document().baseline().has_value());
        QCOMPARE(window.document().history()->count(), 1);
        window.document().history()->undo();
        QVERIFY(!window.document().baseline().has_value());
        QCOMPARE(window.controller().scenarioFile(), io::ScenarioFile{});
        QVERIFY(!action(window, "revertToBaseline")->isEnabled());
    }

    void revertAndSwapWithTheBaseline() {
        MainWindow window;
        QAction* revert = action(window, "revertToBaseline");
        QAction* swap = action(window, "swapWithBaseline");
        QVERIFY(!revert->isEnabled());
        QVERIFY(!swap->isEnabled());
        QVERIFY(!window.revertToBaseline());  // no baseline: nothing happens
        QCOMPARE(window.document().history()->count(), 0);

        window.controller().setBatch(8);
        action(window, "pinBaseline")->trigger();
        QVERIFY(revert->isEnabled());
        QVERIFY(swap->isEnabled());
        auto* differences = test::child<QLabel>(window, "baselineDifferences");
        QLabel* row = window.resultsPanel()->valueLabel(QStringLiteral("baseline.differences"));
        QVERIFY(row != nullptr);
        QCOMPARE(differences->text(), QStringLiteral("Same inputs as the baseline."));
        QCOMPARE(row->text(), QStringLiteral("none"));

        Workload workload = window.controller().scenarioFile().workload;
        workload.batch = 64;
        workload.weightPrecision = Precision::Fp8;
        window.controller().setWorkload(workload);
        const io::ScenarioFile changed = window.controller().scenarioFile();
        // Baseline batch 8, bf16 weights; now batch 64, fp8 weights: two inputs differ, in
        // the file's order (batch before weights).
        QCOMPARE(row->text(), QStringLiteral("batch 8 → 64; weights bf16 → fp8"));
        QCOMPARE(differences->text(),
                 QStringLiteral("Against the baseline: batch 8 → 64; weights bf16 → fp8"));
        QVERIFY(!differences->isHidden());

        revert->trigger();
        QCOMPARE(window.controller().scenarioFile().workload.batch, std::int64_t{8});
        QCOMPARE(precisionName(window.controller().scenarioFile().workload.weightPrecision),
                 QStringLiteral("bf16"));
        QCOMPARE(window.document().baseline()->file.workload.batch, std::int64_t{8});
        QCOMPARE(row->text(), QStringLiteral("none"));
        QCOMPARE(window.document().history()->text(window.document().history()->index() - 1),
                 QStringLiteral("Revert to baseline: batch 64 → 8; weights fp8 → bf16"));
        window.document().history()->undo();
        QCOMPARE(window.controller().scenarioFile(), changed);

        swap->trigger();
        // Now the old baseline (batch 8, bf16) is current and the old current the baseline.
        QCOMPARE(window.controller().scenarioFile().workload.batch, std::int64_t{8});
        QCOMPARE(window.document().baseline()->file.workload.batch, std::int64_t{64});
        QCOMPARE(row->text(), QStringLiteral("batch 64 → 8; weights fp8 → bf16"));
        window.document().history()->undo();  // one step: both sides back
        QCOMPARE(window.controller().scenarioFile(), changed);
        QCOMPARE(window.document().baseline()->file.workload.batch, std::int64_t{8});

        action(window, "clearBaseline")->trigger();
        QVERIFY(!revert->isEnabled());
        QVERIFY(!swap->isEnabled());
        QVERIFY(differences->isHidden());
        window.document().history()->undo();  // clearing is a step too
        QVERIFY(window.document().baseline().has_value());
        QVERIFY(revert->isEnabled());
    }

    void malformedScenarioSaysWhyInTheMainText() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.json"));
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(
                R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-3.1-8b", "batch": 0})");
        }
        MainWindow window;
        QVERIFY(!window.openScenario(path));
        QCOMPARE(Dialogs::shownErrors().size(), 1);
        const QString shown = Dialogs::shownErrors().front();
        // Issue::message(): "<file>: <pointer> must be <expected>, got <found>", with
        // limits::kBatch's words; the refusal puts it after "Could not open the scenario
        // broken.json: ", ends it with a full stop and says what stayed. Details (after the
        // newline): the parser's line alone, as it wrote it.
        const QString parser =
            path + QStringLiteral(": /batch must be an integer from 1 to 100000000, got 0");
        QCOMPARE(shown.section(QLatin1Char('\n'), 0, 0),
                 QStringLiteral("Could not open the scenario broken.json: ") + parser +
                     QStringLiteral(". The current scenario is unchanged."));
        QCOMPARE(shown.section(QLatin1Char('\n'), 1), parser);
    }

    void sentencesEndProperly() {
        QCOMPARE(ui::asSentence(QStringLiteral("got 7")), QStringLiteral("got 7."));
        QCOMPARE(ui::asSentence(QStringLiteral("done.")), QStringLiteral("done."));
        QCOMPARE(ui::asSentence(QStringLiteral("a\nb ")), QStringLiteral("a; b."));
        QCOMPARE(ui::asSentence(QString()), QString());
        QCOMPARE(ui::refusalText(QStringLiteral("Could not open x"), QString(),
                                 QStringLiteral("Nothing changed.")),
                 QStringLiteral("Could not open x. Nothing changed."));
    }
};

QTEST_MAIN(TestHistory)
#include "tst_history.moc"
