// SPDX-License-Identifier: GPL-3.0-or-later
// The engine's new knobs (prompt and context apart, speculative decoding, expert parallel,
// attention TP or DP, ceilings, max batched tokens, memory utilisation), set through the real
// widgets, survive File > Save scenario and File > Open scenario: the reopened window's
// controller holds the same scenario file, analyses the same numbers, and its widgets show
// the same values.

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include "model/quantization.h"
#include "model/scenario_controller.h"
#include "model/scenario_document.h"
#include "panels/controls_panel.h"
#include "panels/fraction_control.h"
#include "panels/slider_control.h"
#include "roofline/io/scenario_file.h"
#include "test_support.h"
#include "views/dialogs.h"
#include "window/main_window.h"

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
        pick(roofline::test::child<QComboBox>(*c, "model"), QStringLiteral("mixtral-8x7b"));
        pick(roofline::test::child<QComboBox>(*c, "tensorParallel"), 2);
        roofline::test::child<QCheckBox>(*c, "expertParallel")->setChecked(true);
        pick(roofline::test::child<QComboBox>(*c, "ceilings"),
             static_cast<int>(Ceilings::Achievable));
        c->promptControl()->spinBox()->setValue(4096);
        c->contextControl()->spinBox()->setValue(16384);
        roofline::test::child<QSpinBox>(*c, "speculativeTokens")->setValue(3);
        roofline::test::child<roofline::ui::FractionControl>(*c, "acceptance")
            ->spinBox()
            ->setValue(0.85);
        roofline::test::child<QSpinBox>(*c, "maxBatchedTokens")->setValue(16384);
        roofline::test::child<QDoubleSpinBox>(*c, "memoryUtilization")->setValue(0.8);

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
        QCOMPARE(roofline::test::child<QSpinBox>(*o, "speculativeTokens")->value(), 3);
        QCOMPARE(roofline::test::child<roofline::ui::FractionControl>(*o, "acceptance")
                     ->spinBox()
                     ->text(),
                 QStringLiteral("0.85"));
        QVERIFY(roofline::test::child<QCheckBox>(*o, "expertParallel")->isChecked());
        QCOMPARE(roofline::test::child<QComboBox>(*o, "ceilings")->currentData().toInt(),
                 static_cast<int>(Ceilings::Achievable));
        QCOMPARE(roofline::test::child<QSpinBox>(*o, "maxBatchedTokens")->value(), 16384);
        QCOMPARE(roofline::test::child<QDoubleSpinBox>(*o, "memoryUtilization")->value(), 0.8);
        QVERIFY(Dialogs::shownErrors().isEmpty());
    }

    // Issue 17: the Attention TP / DP control beside tensor parallelism. DeepSeek-V3 at
    // B = 64, P = C = 32,768, W8A8 (fp8 weights and activations; the KV cache stays bf16) on
    // 8 × H200, the experts spread. Its MLA cache is a 512 + 64 = 576-element latent per token
    // and layer, 61 layers, 2 bytes each: 576 × 61 × 2 = 70,272 bytes per token, and the cache
    // holds C + 1 = 32,769 tokens per sequence. TP attention keeps every sequence's latent on
    // every device: 64 × 32,769 × 70,272 = 147,375,562,752 bytes per device, more than H200's
    // 141 GiB × 0.9 usable (136.3e9 bytes) with no weights at all, so TP does not fit. DP
    // attention keeps B/D = 8 sequences per device: 8 × 32,769 × 70,272 = 18,421,945,344
    // bytes, an eighth; the replicated attention weights cost less than that saves.
    void dataParallelAttentionLowersPerDeviceMemoryAndSurvivesSaveAndOpen() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("dp-attention.json"));
        MainWindow window;
        ControlsPanel* c = window.controlsPanel();
        auto* attention = c->findChild<QComboBox*>(QStringLiteral("attentionParallel"));
        QVERIFY(attention != nullptr);
        QVERIFY(!attention->isEnabled());  // Llama 3.1 8B on one device
        pick(roofline::test::child<QComboBox>(*c, "hardware"), QStringLiteral("h200"));
        pick(roofline::test::child<QComboBox>(*c, "model"), QStringLiteral("deepseek-v3"));
        pick(roofline::test::child<QComboBox>(*c, "tensorParallel"), 8);
        c->quantizationSlider()->setValue(
            static_cast<int>(roofline::ui::quantizationStep(Quantization::W8A8)));
        c->batchControl()->spinBox()->setValue(64);
        c->promptControl()->spinBox()->setValue(32768);
        c->contextControl()->spinBox()->setValue(32768);
        roofline::test::child<QCheckBox>(*c, "expertParallel")->setChecked(true);
        QVERIFY(attention->isEnabled());
        QCOMPARE(attention->currentData().toInt(), static_cast<int>(AttentionParallel::Tensor));
        const Analysis tp = window.controller().analysis();

        pick(attention, static_cast<int>(AttentionParallel::Data));
        const io::ScenarioFile saved = window.controller().scenarioFile();
        QVERIFY(saved.workload.attentionParallel == AttentionParallel::Data);
        QVERIFY(saved.workload.expertParallel);
        QCOMPARE(saved.workload.tensorParallel, std::int64_t{8});
        QVERIFY(saved.workload.weightPrecision == Precision::Fp8);
        QVERIFY(saved.workload.activationPrecision == Precision::Fp8);
        const Analysis dp = window.controller().analysis();
        QCOMPARE(tp.memory.kvCacheBytes, 147375562752.0);
        QCOMPARE(dp.memory.kvCacheBytes, 18421945344.0);
        QVERIFY(dp.memory.weightBytes > tp.memory.weightBytes);  // attention replicated
        QVERIFY(dp.memory.totalBytes < tp.memory.totalBytes);
        QVERIFY(!tp.memory.fits);
        QVERIFY(dp.memory.fits);

        QVERIFY(window.saveScenario(path));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("\"attention_parallel\": \"dp\""));
        MainWindow other;
        QVERIFY(other.openScenario(path));
        QCOMPARE(other.controller().scenarioFile(), saved);
        QCOMPARE(other.controller().analysis().memory.totalBytes, dp.memory.totalBytes);
        auto* reopened =
            other.controlsPanel()->findChild<QComboBox*>(QStringLiteral("attentionParallel"));
        QCOMPARE(reopened->currentData().toInt(), static_cast<int>(AttentionParallel::Data));

        // Back to one device: the control is disabled again (the engine ignores DP attention
        // there, with a warning, as it does expert parallelism).
        pick(roofline::test::child<QComboBox>(*c, "tensorParallel"), 1);
        QVERIFY(!attention->isEnabled());
        QVERIFY(Dialogs::shownErrors().isEmpty());
    }

    // Issue 17: "As stored" analyses at the checkpoint's own precisions, part by part.
    // gpt-oss-20b stores its experts in mxfp4 (19,110,297,600 expert matrix parameters at
    // 0.53125 byte instead of 2: 28,068,249,600 bytes fewer, tests/presets/checkpoint_test.cpp)
    // and the rest in bf16; the choice survives save and open as "weights": "checkpoint",
    // follows a model change (DeepSeek-V3's fp8 layers and experts, bf16 tables), and a
    // quantization step ends it (every matrix at the step's precision again).
    void checkpointWeightsAreTheModelsOwnUntilAQuantizationIsChosen() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("checkpoint.json"));
        MainWindow window;
        ControlsPanel* c = window.controlsPanel();
        auto* stored = roofline::test::child<QToolButton>(*c, "checkpointWeights");
        pick(roofline::test::child<QComboBox>(*c, "model"), QStringLiteral("gpt-oss-20b"));
        QVERIFY(stored->isEnabled());
        const double bf16 = window.controller().analysis().memory.weightBytes;
        stored->click();
        const io::ScenarioFile file = window.controller().scenarioFile();
        QVERIFY(file.checkpointWeights);
        QVERIFY(file.workload.weightPrecision == Precision::Bf16);
        QVERIFY(file.workload.expertWeightPrecision == Precision::Mxfp4);
        QCOMPARE(bf16 - window.controller().analysis().memory.weightBytes, 28068249600.0);
        auto* quant = roofline::test::child<QComboBox>(*c, "quantizationCombo");
        QCOMPARE(quant->currentText(), QStringLiteral("as stored"));
        QCOMPARE(quant->itemData(quant->currentIndex(), Qt::ToolTipRole).toString(),
                 QStringLiteral("w bf16 (experts mxfp4) / a bf16"));

        QVERIFY(window.saveScenario(path));
        QFile saved(path);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QVERIFY(saved.readAll().contains("\"weights\": \"checkpoint\""));
        MainWindow other;
        QVERIFY(other.openScenario(path));
        QVERIFY(other.controller().scenarioFile().workload.expertWeightPrecision ==
                Precision::Mxfp4);

        pick(roofline::test::child<QComboBox>(*c, "model"), QStringLiteral("deepseek-v3"));
        const Workload ds = window.controller().scenarioFile().workload;
        QVERIFY(ds.weightPrecision == Precision::Fp8);
        QVERIFY(!ds.expertWeightPrecision.has_value());  // as the linear layers
        QVERIFY(ds.embeddingWeightPrecision == Precision::Bf16);

        c->quantizationSlider()->setValue(
            static_cast<int>(roofline::ui::quantizationStep(Quantization::W8A16)));
        const io::ScenarioFile plain = window.controller().scenarioFile();
        QVERIFY(!plain.checkpointWeights);
        QVERIFY(plain.workload.weightPrecision == Precision::Fp8);
        QVERIFY(plain.workload.activationPrecision == Precision::Bf16);
        QVERIFY(!plain.workload.embeddingWeightPrecision.has_value());
        QVERIFY(Dialogs::shownErrors().isEmpty());
    }

    // Issue 19: the estimate ceiling and its serving engine survive File > Save scenario and
    // File > Open scenario, and the last session (QSettings) too: the reopened window
    // analyses the same estimate and its pickers show the same choice.
    void theEstimateAndItsEngineSurviveSaveOpenAndTheSession() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("estimate.json"));
        QSettings settings(dir.filePath(QStringLiteral("session.ini")), QSettings::IniFormat);
        MainWindow window(&settings);
        ControlsPanel* c = window.controlsPanel();
        pick(roofline::test::child<QComboBox>(*c, "ceilings"),
             static_cast<int>(Ceilings::Estimate));
        pick(roofline::test::child<QComboBox>(*c, "engine"), QStringLiteral("sglang"));
        const io::ScenarioFile saved = window.controller().scenarioFile();
        QVERIFY(saved.workload.ceilings == Ceilings::Estimate);
        QCOMPARE(saved.engine, std::string("sglang"));
        QVERIFY(window.controller().analysis().estimate.has_value());
        QVERIFY(window.saveScenario(path));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray json = file.readAll();
        QVERIFY(json.contains("\"ceilings\": \"estimate\""));
        QVERIFY(json.contains("\"engine\": \"sglang\""));

        MainWindow other;
        QVERIFY(other.openScenario(path));
        QCOMPARE(other.controller().scenarioFile(), saved);
        QVERIFY(other.controller().analysis().estimate.has_value());
        QCOMPARE(other.controller().analysis().estimate->tpotSeconds,
                 window.controller().analysis().estimate->tpotSeconds);
        auto* engine = roofline::test::child<QComboBox>(*other.controlsPanel(), "engine");
        QCOMPARE(engine->currentData().toString(), QStringLiteral("sglang"));
        QVERIFY(engine->isEnabled());

        window.saveSession();
        MainWindow restored(&settings);
        restored.restoreSession(true);
        QCOMPARE(restored.controller().scenarioFile().engine, std::string("sglang"));
        QVERIFY(restored.controller().scenarioFile().workload.ceilings == Ceilings::Estimate);
        QVERIFY(restored.controller().analysis().estimate.has_value());
        QVERIFY(Dialogs::shownErrors().isEmpty());
    }

    void dataParallelAttentionIsRefusedOnADenseModel() {
        ui::ScenarioDocument document;
        ui::ScenarioController& c = document.current();
        c.setTensorParallel(2);  // Llama 3.1 8B: dense
        QSignalSpy refused(&document, &ui::ScenarioDocument::changeRefused);
        c.setAttentionParallel(AttentionParallel::Data);
        QCOMPARE(refused.count(), 1);
        QVERIFY(c.scenarioFile().workload.attentionParallel == AttentionParallel::Tensor);
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
        roofline::test::child<QSpinBox>(*c, "speculativeTokens")->setValue(5);
        pick(roofline::test::child<QComboBox>(*c, "draft"), QStringLiteral("llama-3.2-1b"));
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
        QCOMPARE(roofline::test::child<QComboBox>(*other.controlsPanel(), "draft")
                     ->currentData()
                     .toString(),
                 QStringLiteral("llama-3.2-1b"));
        QVERIFY(roofline::test::child<QComboBox>(*other.controlsPanel(), "draft")->isEnabled());
    }
};

QTEST_MAIN(TestEngineControlsRoundTrip)
#include "tst_engine_controls_round_trip.moc"
