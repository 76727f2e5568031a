// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 21, "Exploring", in a real window: levers stack (the arrow runs from the baseline to
// the combined scenario and each step is listed), Ctrl+Z takes the last lever off, Revert
// to baseline brings the original back; a quantization lever moves the Quantization slider
// to a step of the same name; tensor parallelism goes past the scale-up domain, where the
// engine warns; a lever that does not apply says why in one sentence.

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QMenu>
#include <QSlider>
#include <QStatusBar>
#include <QTest>
#include <QUndoStack>
#include <qcustomplot.h>

#include "model/scenario_controller.h"
#include "panels/controls_panel.h"
#include "panels/results_panel.h"
#include "plot/roofline_plot.h"
#include "roofline/comparison.h"
#include "roofline/levers.h"
#include "test_support.h"
#include "window/lever_actions.h"
#include "window/main_window.h"

using namespace roofline;
using roofline::ui::MainWindow;

namespace {

/// Triggers a lever as the Interventions menu does (the actions are brought up to date
/// when the menu opens: a disabled action would not trigger).
void triggerLever(MainWindow& window, LeverId id) {
    auto* menu = test::child<QMenu>(window, "interventionsMenu");
    QMetaObject::invokeMethod(menu, "aboutToShow");
    QAction* lever = window.levers()->action(id);
    QVERIFY(lever->isEnabled());
    lever->trigger();
}

QString qs(const std::string& text) { return QString::fromStdString(text); }

QString comboText(const MainWindow& window, const char* name) {
    return test::child<QComboBox>(*window.controlsPanel(), name)->currentText();
}

}  // namespace

class TestExploring : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::keepWindowsAwayFromTheUser(); }

    void leversStackUndoPopsAndRevertRestores() {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        const io::ScenarioFile original = window.controller().scenarioFile();
        const ui::AnalysedScenario start = window.controller().current();

        // Int4 weights, then an fp8 KV cache, through the Interventions actions.
        triggerLever(window, LeverId::W4a16);
        const ui::AnalysedScenario afterW4 = window.controller().current();
        triggerLever(window, LeverId::KvFp8);
        const ui::AnalysedScenario combined = window.controller().current();

        // The second lever kept the first one's change: int4 weights and fp8 KV.
        QVERIFY(combined.file.workload.weightPrecision == Precision::Int4);
        QVERIFY(combined.file.workload.kvPrecision == Precision::Fp8);
        // The baseline is the scenario before the FIRST lever, not the first one's result.
        QVERIFY(window.document().baseline().has_value());
        QCOMPARE(window.document().baseline()->file, original);

        // The arrow runs from the baseline to the combined scenario: the engine's label for
        // that pair (roofline/comparison.h), not for the second step alone.
        const QString arrow = qs(arrowLabel(start.analysis, combined.analysis,
                                            decodeArrow(start.analysis, combined.analysis)));
        QCOMPARE(
            test::oneLine(test::child<QCPItemText>(*window.plot(), "decodeArrowLabel")->text()),
            arrow);
        QVERIFY(arrow != qs(arrowLabel(afterW4.analysis, combined.analysis,
                                       decodeArrow(afterW4.analysis, combined.analysis))));

        // Each step is listed under the plot with its own sentence (its own before → after),
        // the stack named by the toolbar's names.
        const QString first = qs(explainLever(LeverId::W4a16, start.scenario, start.analysis,
                                              afterW4.scenario, afterW4.analysis));
        const QString second = qs(explainLever(LeverId::KvFp8, afterW4.scenario, afterW4.analysis,
                                               combined.scenario, combined.analysis));
        auto* label = test::child<QLabel>(window, "leverExplanation");
        QVERIFY(label->isVisible());
        QVERIFY2(label->text().startsWith(QStringLiteral("<b>W4A16 (int4) + fp8 KV</b>, 2 levers "
                                                         "stacked against the pinned baseline:")),
                 qPrintable(label->text()));
        QVERIFY(label->text().contains(first.toHtmlEscaped()));
        QVERIFY(label->text().contains(second.toHtmlEscaped()));
        QVERIFY(label->text().indexOf(first.toHtmlEscaped()) <
                label->text().indexOf(second.toHtmlEscaped()));
        // The status bar names the stack and says the last step.
        QVERIFY(test::child<QLabel>(window, "leverStatus")
                    ->text()
                    .startsWith(QStringLiteral("W4A16 (int4) + fp8 KV, against the pinned "
                                               "baseline; last, fp8 KV: ")));
        // Two undo steps, one per lever, named by the engine's lever titles.
        QUndoStack* history = window.document().history();
        QCOMPARE(history->count(), 2);
        QVERIFY2(history->text(0).startsWith(QStringLiteral("Int4 weights (W4A16): ")),
                 qPrintable(history->text(0)));
        QVERIFY2(history->text(1).startsWith(QStringLiteral("FP8 KV cache: ")),
                 qPrintable(history->text(1)));

        // Ctrl+Z: the fp8 KV lever comes off; W4A16 stays, against the same baseline.
        QTest::keyClick(window.plot(), Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(window.controller().scenarioFile().workload.kvPrecision == Precision::Bf16);
        QVERIFY(window.controller().scenarioFile().workload.weightPrecision == Precision::Int4);
        QCOMPARE(window.document().baseline()->file, original);
        QCOMPARE(window.document().leverSteps().size(), std::size_t{1});
        QVERIFY2(label->text().startsWith(QStringLiteral("<b>Int4 weights, W4A16 (int4)</b>, "
                                                         "against the pinned baseline: ")),
                 qPrintable(label->text()));
        QVERIFY(label->text().endsWith(first.toHtmlEscaped()));
        QCOMPARE(
            test::oneLine(test::child<QCPItemText>(*window.plot(), "decodeArrowLabel")->text()),
            qs(arrowLabel(start.analysis, afterW4.analysis,
                          decodeArrow(start.analysis, afterW4.analysis))));

        // Redo puts it back; then Scenario › Revert to baseline: the original scenario, the
        // stack ended, the baseline still pinned.
        history->redo();
        QCOMPARE(window.document().leverSteps().size(), std::size_t{2});
        test::child<QAction>(window, "revertToBaseline")->trigger();
        QCOMPARE(window.controller().scenarioFile(), original);
        QVERIFY(window.document().leverSteps().empty());
        QVERIFY(label->isHidden());
        QCOMPARE(window.document().baseline()->file, original);
    }

    // One vocabulary: the lever's toolbar name is its slider step's name, and applying it
    // moves the slider there and the picker shows the same name.
    void aQuantizationLeverMovesTheSliderToItsStep_data() {
        QTest::addColumn<int>("lever");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("precision");
        // The steps, most bytes first: W16A16 (bf16) 0, W8A16 (int8) 1, W8A16 (fp8) 2,
        // W8A8 (fp8) 3, W4A16 (int4) 4, W4A8 (int4, fp8) 5, W4A4 (fp4) 6.
        QTest::newRow("w8a16") << static_cast<int>(LeverId::W8a16) << QStringLiteral("W8A16 (int8)")
                               << static_cast<int>(Precision::Int8);
        QTest::newRow("w4a16") << static_cast<int>(LeverId::W4a16) << QStringLiteral("W4A16 (int4)")
                               << static_cast<int>(Precision::Int4);
        QTest::newRow("w8a8") << static_cast<int>(LeverId::W8a8) << QStringLiteral("W8A8 (fp8)")
                              << static_cast<int>(Precision::Fp8);
        QTest::newRow("w4a4") << static_cast<int>(LeverId::W4a4) << QStringLiteral("W4A4 (fp4)")
                              << static_cast<int>(Precision::Fp4);
    }
    void aQuantizationLeverMovesTheSliderToItsStep() {
        QFETCH(int, lever);
        QFETCH(QString, name);
        QFETCH(int, precision);
        const auto id = static_cast<LeverId>(lever);
        const QStringList steps = {
            QStringLiteral("W16A16 (bf16)"), QStringLiteral("W8A16 (int8)"),
            QStringLiteral("W8A16 (fp8)"),   QStringLiteral("W8A8 (fp8)"),
            QStringLiteral("W4A16 (int4)"),  QStringLiteral("W4A8 (int4, fp8)"),
            QStringLiteral("W4A4 (fp4)")};
        MainWindow window;
        QSlider* slider = window.controlsPanel()->quantizationSlider();
        QCOMPARE(slider->value(), 0);
        QCOMPARE(comboText(window, "quantizationCombo"), steps[0]);
        QCOMPARE(window.levers()->action(id)->iconText(), name);
        QVERIFY2(window.levers()->action(id)->text().endsWith(QStringLiteral(", ") + name),
                 qPrintable(window.levers()->action(id)->text()));
        triggerLever(window, id);
        QCOMPARE(static_cast<int>(window.controller().scenarioFile().workload.weightPrecision),
                 precision);
        QCOMPARE(steps.value(slider->value()), name);
        QCOMPARE(comboText(window, "quantizationCombo"), name);
    }

    // The slider's W8A16 (int8) step is the lever's: picking it sets int8 weights, and
    // W8A16 (fp8) fp8 ones; the two are told apart everywhere.
    void theSliderTellsInt8FromFp8() {
        MainWindow window;
        QSlider* slider = window.controlsPanel()->quantizationSlider();
        slider->setValue(1);
        QCOMPARE(precisionName(window.controller().scenarioFile().workload.weightPrecision),
                 QStringLiteral("int8"));
        QCOMPARE(comboText(window, "quantizationCombo"), QStringLiteral("W8A16 (int8)"));
        slider->setValue(2);
        QCOMPARE(precisionName(window.controller().scenarioFile().workload.weightPrecision),
                 QStringLiteral("fp8"));
        QCOMPARE(comboText(window, "quantizationCombo"), QStringLiteral("W8A16 (fp8)"));
        QCOMPARE(precisionName(window.controller().scenarioFile().workload.activationPrecision),
                 QStringLiteral("bf16"));
    }

    // TP past an 8-GPU server and past the scale-up domain; the engine's scale-out warning
    // is shown.
    void tensorParallelGoesPastTheScaleUpDomain() {
        MainWindow window;
        auto* tp = test::child<QComboBox>(*window.controlsPanel(), "tensorParallel");
        // Llama-3.1-8B (32 query, 8 KV heads) on an H100 (an 8-GPU NVLink domain): the powers
        // of two dividing 32 that are divisors or multiples of 8 are 1 to 32; 16 and 32 are
        // beyond the domain. 64 does not divide 32 heads.
        QStringList items;
        for (int i = 0; i < tp->count(); ++i) {
            items << tp->itemText(i);
        }
        QCOMPARE(items.join(QLatin1Char('|')),
                 QStringLiteral("1|2|4|8|16 (scale-out)|32 (scale-out)"));
        const int sixteen = tp->findData(16);
        QVERIFY(sixteen >= 0);
        tp->setCurrentIndex(sixteen);
        emit tp->activated(sixteen);
        QCOMPARE(window.controller().scenarioFile().workload.tensorParallel, std::int64_t{16});
        // The engine's warning (warning.cpp BeyondScaleUpDomain): 16 devices, domain 8, the
        // H100's scale-out link of 50 GB/s per direction per device.
        const QString warning = QStringLiteral(
            "16 devices exceed NVIDIA H100 SXM5 80GB's scale-up domain of 8: collectives cross "
            "the scale-out network at 50 GB/s per device");
        bool warned = false;
        for (const Warning& w : window.controller().analysis().warnings) {
            warned = warned || qs(w.text()) == warning;
        }
        QVERIFY(warned);
        const QString shown = test::child<QLabel>(*window.resultsPanel(), "warnings")->text();
        QVERIFY2(shown.contains(warning), qPrintable(shown));

        // A GB200 NVL72 rack: the whole 72-GPU domain would be a choice of its own, but 72
        // does not divide Llama's 32 query heads (nor 64): 1 to 32, all inside the domain.
        QVERIFY(!hasErrors(window.controller().setHardware("gb200")));
        items.clear();
        for (int i = 0; i < tp->count(); ++i) {
            items << tp->itemText(i);
        }
        QCOMPARE(items.join(QLatin1Char('|')), QStringLiteral("1|2|4|8|16|32"));
    }

    // A lever that does not apply: one sentence that ends properly, in the status bar.
    void aRefusedLeverSaysWhyInOneSentence() {
        MainWindow window;
        QString reason;
        QVERIFY(!window.applyLever(LeverId::FlashAttention, &reason));  // on already
        QCOMPARE(reason, QStringLiteral("FlashAttention is already on"));
        QCOMPARE(window.statusBar()->currentMessage(),
                 QStringLiteral("FlashAttention on does not apply: FlashAttention is already on."));
    }
};

QTEST_MAIN(TestExploring)
#include "tst_exploring.moc"
