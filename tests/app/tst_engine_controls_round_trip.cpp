// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's new knobs (prompt and context apart, speculative decoding, expert parallel,
// ceilings, max batched tokens, memory utilisation), set through the real widgets, survive
// File > Save scenario and File > Open scenario: the reopened window's controller holds the
// same scenario file, analyses the same numbers, and its widgets show the same values.

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include "panels/controls_panel.h"
#include "panels/fraction_control.h"
#include "panels/slider_control.h"
#include "roofline/io/scenario_file.h"
#include "test_support.h"
#include "window/dialogs.h"
#include "window/main_window.h"
#include "window/scenario_controller.h"

using namespace roofline;
using roofline::ui::ControlsPanel;
using roofline::ui::Dialogs;
using roofline::ui::MainWindow;

namespace {

void pick(QComboBox* combo, const QVariant& data) {
    const int index = combo->findData(data);
    QVERIFY(index >= 0);
    combo->setCurrentIndex(index);
    emit combo->activated(index);
}

}  // namespace

class TestEngineControlsRoundTrip : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::keepWindowsAwayFromTheUser(); }

    void newKnobsSurviveSaveAndOpen() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("engine.json"));
        MainWindow window;
        ControlsPanel* c = window.controlsPanel();
        pick(c->modelCombo(), QStringLiteral("mixtral-8x7b"));
        pick(c->tensorParallelCombo(), 2);
        c->expertParallelCheck()->setChecked(true);
        pick(c->ceilingsCombo(), static_cast<int>(Ceilings::Achievable));
        c->promptControl()->spinBox()->setValue(4096);
        c->contextControl()->spinBox()->setValue(16384);
        c->speculativeTokensSpinBox()->setValue(3);
        c->acceptanceControl()->spinBox()->setValue(0.85);
        c->maxBatchedTokensSpinBox()->setValue(16384);
        c->memoryUtilizationSpinBox()->setValue(0.8);

        const io::ScenarioFile saved = window.controller().scenarioFile();
        const Workload& w = saved.workload;
        QCOMPARE(saved.model, std::string("mixtral-8x7b"));
        QCOMPARE(w.tensorParallel, std::int64_t{2});
        QVERIFY(w.expertParallel);
        QVERIFY(w.ceilings == Ceilings::Achievable);
        QCOMPARE(w.promptTokens, std::int64_t{4096});
        QCOMPARE(w.contextTokens, std::int64_t{16384});
        QCOMPARE(w.speculativeTokens, std::int64_t{3});
        QCOMPARE(w.acceptanceRate, 0.85);
        QCOMPARE(w.maxBatchedTokens, std::int64_t{16384});
        QCOMPARE(w.memoryUtilization, 0.8);
        QVERIFY(window.saveScenario(path));

        MainWindow other;
        QVERIFY(other.openScenario(path));
        QCOMPARE(other.controller().scenarioFile(), saved);
        QCOMPARE(other.controller().analysis().tpotSeconds,
                 window.controller().analysis().tpotSeconds);
        QCOMPARE(other.controller().analysis().ttftSeconds,
                 window.controller().analysis().ttftSeconds);
        QCOMPARE(other.controller().analysis().memory.maxBatch,
                 window.controller().analysis().memory.maxBatch);
        ControlsPanel* o = other.controlsPanel();
        QCOMPARE(o->promptControl()->spinBox()->value(), 4096);
        QCOMPARE(o->contextControl()->spinBox()->value(), 16384);
        QCOMPARE(o->speculativeTokensSpinBox()->value(), 3);
        QCOMPARE(o->acceptanceControl()->spinBox()->text(), QStringLiteral("0.85"));
        QVERIFY(o->expertParallelCheck()->isChecked());
        QCOMPARE(o->ceilingsCombo()->currentData().toInt(), static_cast<int>(Ceilings::Achievable));
        QCOMPARE(o->maxBatchedTokensSpinBox()->value(), 16384);
        QCOMPARE(o->memoryUtilizationSpinBox()->value(), 0.8);
        QVERIFY(Dialogs::shownErrors().isEmpty());
    }

    void aTypedContextTooLongIsExplainedInTheStatusBar() {
        MainWindow window;
        QSpinBox* context = window.controlsPanel()->contextControl()->spinBox();
        context->setValue(200000);  // Llama 3.1 8B holds 131,072 positions
        const QString message = window.statusBar()->currentMessage();
        QVERIFY2(message.contains(QStringLiteral("131,071")) &&
                     message.contains(QStringLiteral("200,000")),
                 qPrintable(message));
        QCOMPARE(window.controller().scenarioFile().workload.contextTokens, std::int64_t{2048});
        QCOMPARE(context->value(), 2048);
    }

    void aModelDraftSurvivesSaveAndOpen() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("draft.json"));
        MainWindow window;
        ControlsPanel* c = window.controlsPanel();
        c->speculativeTokensSpinBox()->setValue(5);
        pick(c->draftCombo(), QStringLiteral("llama-3.2-1b"));
        QCOMPARE(window.controller().scenarioFile().draftModel, std::string("llama-3.2-1b"));
        QVERIFY(window.saveScenario(path));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("\"draft\": \"llama-3.2-1b\""));

        MainWindow other;
        QVERIFY(other.openScenario(path));
        QCOMPARE(other.controller().scenarioFile(), window.controller().scenarioFile());
        QVERIFY(other.controller().analysis().pass(PassKind::Draft) != nullptr);
        QCOMPARE(other.controller().analysis().tpotSeconds,
                 window.controller().analysis().tpotSeconds);
        QCOMPARE(other.controlsPanel()->draftCombo()->currentData().toString(),
                 QStringLiteral("llama-3.2-1b"));
        QVERIFY(other.controlsPanel()->draftCombo()->isEnabled());
    }
};

QTEST_MAIN(TestEngineControlsRoundTrip)
#include "tst_engine_controls_round_trip.moc"
