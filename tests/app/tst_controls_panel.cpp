// SPDX-License-Identifier: GPL-3.0-or-later
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>
#include <QToolButton>

#include "model/scenario_controller.h"
#include "model/scenario_document.h"
#include "panels/controls_panel.h"
#include "panels/fraction_control.h"
#include "panels/slider_control.h"
#include "roofline/io/presets.h"
#include "test_support.h"

using namespace roofline;
using roofline::ui::ControlsPanel;
using roofline::ui::ScenarioController;
using roofline::ui::ScenarioDocument;

class TestControlsPanel : public QObject {
    Q_OBJECT
private slots:
    void batchSliderDrivesTheScenarioWhileDragging() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        QSignalSpy spy(&c, &ScenarioController::analysisChanged);
        QSlider* slider = panel.batchControl()->slider();
        slider->setSliderDown(true);
        const int tick = panel.batchControl()->mapping().tickFor(32);
        slider->setValue(tick);
        QCOMPARE(spy.count(), 1);  // before release
        QCOMPARE(c.scenario().workload.batch, std::int64_t{32});
        QCOMPARE(panel.batchControl()->spinBox()->value(), 32);
        slider->setSliderDown(false);
    }

    void batchSpinBoxIsExact() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        panel.batchControl()->spinBox()->setValue(300);
        QCOMPARE(c.scenario().workload.batch, std::int64_t{300});
    }

    void lengthRangesAreTheModels() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        QCOMPARE(panel.promptControl()->mapping().minimum(), std::int64_t{128});
        QCOMPARE(panel.promptControl()->mapping().maximum(), std::int64_t{131072});
        // The cache holds C tokens and the step writes one more: C + 1 <= max.
        QCOMPARE(panel.contextControl()->mapping().maximum(), std::int64_t{131071});
        QTest::keyClick(panel.promptControl()->slider(), Qt::Key_End);
        QTest::keyClick(panel.contextControl()->slider(), Qt::Key_End);
        QCOMPARE(c.scenario().workload.promptTokens, std::int64_t{131072});
        QCOMPARE(c.scenario().workload.contextTokens, std::int64_t{131071});
        // The sliders' own ends never raise the length warning.
        for (const Warning& warning : c.analysis().warnings) {
            QVERIFY2(warning.text().find("max_position_embeddings") == std::string_view::npos,
                     warning.str().c_str());
        }
        c.setSequenceLength(1024);
        QVERIFY(!hasErrors(c.setModel("llama-2-7b")));
        QCOMPARE(panel.promptControl()->mapping().maximum(), std::int64_t{4096});
        QCOMPARE(panel.contextControl()->mapping().maximum(), std::int64_t{4095});
    }

    void promptAndContextMoveTheirOwnPhase() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        QSignalSpy spy(&c, &ScenarioController::analysisChanged);
        const double ttft = c.analysis().ttftSeconds;
        const double tpot = c.analysis().tpotSeconds;
        // Only the context: the decode step reads a longer cache, the prefill is the same.
        QTest::keyClick(panel.contextControl()->slider(), Qt::Key_PageUp);
        QCOMPARE(spy.count(), 1);
        QVERIFY(c.scenario().workload.contextTokens > 2048);
        QCOMPARE(c.scenario().workload.promptTokens, std::int64_t{2048});
        QVERIFY(c.analysis().tpotSeconds > tpot);
        QCOMPARE(c.analysis().ttftSeconds, ttft);
        // Only the prompt, typed: TTFT moves, TPOT stays.
        const double tpotAtContext = c.analysis().tpotSeconds;
        QSpinBox* prompt = panel.promptControl()->spinBox();
        test::typeInto(prompt, QStringLiteral("8192"));
        QCOMPARE(spy.count(), 2);
        QCOMPARE(c.scenario().workload.promptTokens, std::int64_t{8192});
        QVERIFY(c.analysis().ttftSeconds > ttft);
        QCOMPARE(c.analysis().tpotSeconds, tpotAtContext);
    }

    void aTypedLengthBeyondTheModelIsRefusedAndSaysSo() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        QSignalSpy refused(&c, &ScenarioController::changeRefused);
        QSpinBox* context = panel.contextControl()->spinBox();
        test::typeInto(context, QStringLiteral("131072"));
        QCOMPARE(refused.count(), 1);
        const QString message = refused.at(0).at(0).toString();
        QVERIFY2(message.contains(QStringLiteral("131,071")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("131,072")), qPrintable(message));
        QCOMPARE(c.scenario().workload.contextTokens, std::int64_t{2048});
        QCOMPARE(context->value(), 2048);  // snapped back
        // Short lengths below the slider's start are fine when typed.
        panel.contextControl()->spinBox()->setValue(0);
        QCOMPARE(c.scenario().workload.contextTokens, std::int64_t{0});
        panel.promptControl()->spinBox()->setValue(16);
        QCOMPARE(c.scenario().workload.promptTokens, std::int64_t{16});
    }

    void quantizationSliderStepsAndLabelsTheRoof() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        QSlider* slider = panel.quantizationSlider();
        QVERIFY(roofline::test::child<QLabel>(panel, "computeRoof")
                    ->text()
                    .contains(QStringLiteral("bf16")));
        QTest::keyClick(slider, Qt::Key_Right);  // W8A16 (int8): the w8a16 lever's precisions
        QCOMPARE(precisionName(c.scenario().workload.weightPrecision),
                 precisionName(Precision::Int8));
        QCOMPARE(precisionName(c.scenario().workload.activationPrecision),
                 precisionName(Precision::Bf16));
        QCOMPARE(roofline::test::child<QComboBox>(panel, "quantizationCombo")->currentText(),
                 QStringLiteral("W8A16 (int8)"));
        QTest::keyClick(slider, Qt::Key_Right);  // W8A16 (fp8): the same bits, fp8 weights
        QCOMPARE(precisionName(c.scenario().workload.weightPrecision),
                 precisionName(Precision::Fp8));
        QCOMPARE(precisionName(c.scenario().workload.activationPrecision),
                 precisionName(Precision::Bf16));
        QCOMPARE(roofline::test::child<QComboBox>(panel, "quantizationCombo")->currentText(),
                 QStringLiteral("W8A16 (fp8)"));
        QTest::keyClick(slider, Qt::Key_Right);  // W8A8
        QCOMPARE(precisionName(c.analysis().computePrecision), precisionName(Precision::Fp8));
        QVERIFY(roofline::test::child<QLabel>(panel, "computeRoof")
                    ->text()
                    .contains(QStringLiteral("fp8")));
        QTest::keyClick(slider, Qt::Key_Right);  // W4A16
        QCOMPARE(precisionName(c.scenario().workload.weightPrecision),
                 precisionName(Precision::Int4));
        QCOMPARE(precisionName(c.scenario().workload.activationPrecision),
                 precisionName(Precision::Bf16));
    }

    void quantizationComboDrivesTheSlider() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        QComboBox* combo = roofline::test::child<QComboBox>(panel, "quantizationCombo");
        combo->setFocus();
        QTest::keyClick(combo, Qt::Key_End);  // W4A4 (fp4), the 7th step
        QCOMPARE(precisionName(c.scenario().workload.weightPrecision),
                 precisionName(Precision::Fp4));
        QCOMPARE(panel.quantizationSlider()->value(), 6);
    }

    void customPrecisionsShowAsCustom() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        Workload w = c.scenarioFile().workload;
        w.weightPrecision = Precision::Int8;
        w.activationPrecision = Precision::Int8;
        c.setWorkload(w);
        QCOMPARE(roofline::test::child<QComboBox>(panel, "quantizationCombo")->currentText(),
                 QStringLiteral("w int8 / a int8"));
        c.setQuantization(ui::Quantization::W16A16);
        QCOMPARE(roofline::test::child<QComboBox>(panel, "quantizationCombo")->count(), 7);
    }

    void kvComboSetsKvPrecision() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        QTest::keyClick(roofline::test::child<QComboBox>(panel, "kvPrecision"),
                        Qt::Key_Down);  // bf16 -> fp8
        QCOMPARE(precisionName(c.scenario().workload.kvPrecision), precisionName(Precision::Fp8));
    }

    void gqaSliderCoversTheDivisors() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        ui::SliderControl* gqa = panel.gqaControl();
        QCOMPARE(gqa->mapping().values(), (std::vector<std::int64_t>{1, 2, 4, 8, 16, 32}));
        QCOMPARE(gqa->value(), std::int64_t{4});  // the model's own
        QTest::keyClick(gqa->slider(), Qt::Key_Home);
        QCOMPARE(c.scenario().workload.kvHeadsOverride, std::int64_t{32});  // MHA
        QTest::keyClick(gqa->slider(), Qt::Key_End);
        QCOMPARE(c.scenario().workload.kvHeadsOverride, std::int64_t{1});  // MQA
    }

    void gqaIsDisabledForMla() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        QVERIFY(panel.gqaControl()->isEnabled());
        QVERIFY(!hasErrors(c.setModel("deepseek-v3")));
        QVERIFY(!panel.gqaControl()->isEnabled());
        QVERIFY(panel.gqaControl()->toolTip().contains(QStringLiteral("MLA")));
        // Issue 12: the disabled box showed the previous model's "4". Showing "n/a" refuses
        // nothing and changes nothing.
        QSignalSpy refused(&c, &ScenarioController::changeRefused);
        QVERIFY(!hasErrors(c.setModel("llama-3.1-8b")));
        QVERIFY(!hasErrors(c.setModel("deepseek-v3")));
        QCOMPARE(refused.count(), 0);
        QCOMPARE(c.scenario().workload.kvHeadsOverride, std::int64_t{0});
        QCOMPARE(panel.gqaControl()->spinBox()->text(), QStringLiteral("n/a"));
        QVERIFY(!hasErrors(c.setModel("llama-3.1-8b")));
        QCOMPARE(panel.gqaControl()->spinBox()->text(), QStringLiteral("4"));
    }

    void tensorParallelPickerOffersOnlyWhatTheHeadsAllow() {
        // Issue 12: Qwen2.5-7B has 28 query and 4 KV heads: 8 divides neither (nor is it a
        // divisor of 4), so the picker offers 1, 2 and 4; Llama-3.1-8B (32 and 8) the powers
        // of two up to 32 (issue 21: past the H100's 8-GPU scale-up domain, said so; 64 does
        // not divide 32 heads).
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        const auto choices = [&] {
            QStringList items;
            for (int i = 0; i < roofline::test::child<QComboBox>(panel, "tensorParallel")->count();
                 ++i) {
                items << roofline::test::child<QComboBox>(panel, "tensorParallel")->itemText(i);
            }
            return items.join(QLatin1Char(' '));
        };
        QCOMPARE(choices(), QStringLiteral("1 2 4 8 16 (scale-out) 32 (scale-out)"));
        QVERIFY(!hasErrors(c.setModel("qwen2.5-7b")));
        QCOMPARE(choices(), QStringLiteral("1 2 4"));
    }

    void flashAttentionAndTensorParallel() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        QCOMPARE(roofline::test::child<QCheckBox>(panel, "flashAttention")->text(),
                 QStringLiteral("on"));
        QTest::keyClick(roofline::test::child<QCheckBox>(panel, "flashAttention"), Qt::Key_Space);
        QCOMPARE(c.scenario().workload.flashAttention, false);
        // Issue 12: the unchecked box read "on".
        QCOMPARE(roofline::test::child<QCheckBox>(panel, "flashAttention")->text(),
                 QStringLiteral("off"));
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QCheckBox* check = roofline::test::child<QCheckBox>(panel, "flashAttention");
        QTest::mouseClick(check, Qt::LeftButton, {}, QPoint(6, check->height() / 2));
        QCOMPARE(c.scenario().workload.flashAttention, true);
        QTest::keyClick(roofline::test::child<QComboBox>(panel, "tensorParallel"), Qt::Key_End);
        QCOMPARE(c.scenario().workload.tensorParallel, std::int64_t{32});  // 1 … 32 offered
    }

    void pickersListThePresetsAndSwitch() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        QComboBox* hardware = roofline::test::child<QComboBox>(panel, "hardware");
        QVERIFY(hardware->count() >= 10);
        QCOMPARE(hardware->currentData().toString(), QStringLiteral("h100-sxm"));
        QCOMPARE(hardware->currentText(), QStringLiteral("NVIDIA H100 SXM5 80GB"));
        const int a100 = hardware->findData(QStringLiteral("a100-80gb-sxm"));
        QVERIFY(a100 >= 0);
        emit hardware->activated(a100);
        QCOMPARE(c.scenario().hardware.id, std::string("a100-80gb-sxm"));

        QComboBox* model = roofline::test::child<QComboBox>(panel, "model");
        const int mistral = model->findData(QStringLiteral("mistral-7b"));
        emit model->activated(mistral);
        QCOMPARE(c.scenario().model.id, std::string("mistral-7b"));
    }

    void controllerChangesShowWithoutFeedingBack() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        QSignalSpy spy(&c, &ScenarioController::scenarioChanged);
        c.setBatch(64);
        QCOMPARE(spy.count(), 1);  // no second change from the widgets
        QCOMPARE(panel.batchControl()->value(), std::int64_t{64});
        QCOMPARE(panel.batchControl()->spinBox()->value(), 64);
        c.setTensorParallel(2);
        QCOMPARE(roofline::test::child<QComboBox>(panel, "tensorParallel")->currentText(),
                 QStringLiteral("2"));
        QCOMPARE(spy.count(), 2);
    }

    void refusedValueSnapsTheWidgetBack() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        QSignalSpy refused(&c, &ScenarioController::changeRefused);
        // A GQA ratio the slider does not offer is refused; the widget keeps showing the
        // scenario's value.
        c.setGqaRatio(3);
        QCOMPARE(refused.count(), 1);
        QCOMPARE(panel.gqaControl()->value(), std::int64_t{4});
    }

    void speculationNeedsKBeforeAlphaAndDraft() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        QSignalSpy spy(&c, &ScenarioController::analysisChanged);
        QSpinBox* k = roofline::test::child<QSpinBox>(panel, "speculativeTokens");
        QCOMPARE(k->text(), QStringLiteral("off"));
        QVERIFY(!roofline::test::child<roofline::ui::FractionControl>(panel, "acceptance")
                     ->isEnabled());
        QVERIFY(!roofline::test::child<QComboBox>(panel, "draft")->isEnabled());
        const double tpot = c.analysis().tpotSeconds;
        k->setValue(4);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(c.scenario().workload.speculativeTokens, std::int64_t{4});
        QVERIFY(c.analysis().pass(PassKind::Verify) != nullptr);
        QVERIFY(c.analysis().pass(PassKind::Draft) == nullptr);  // n-gram: free
        QVERIFY(c.analysis().tpotSeconds < tpot);
        QVERIFY(
            roofline::test::child<roofline::ui::FractionControl>(panel, "acceptance")->isEnabled());
        QVERIFY(roofline::test::child<QComboBox>(panel, "draft")->isEnabled());

        // α by the slider (live) and by the spin box (two decimals).
        const double tpotAt07 = c.analysis().tpotSeconds;
        QTest::keyClick(
            roofline::test::child<roofline::ui::FractionControl>(panel, "acceptance")->slider(),
            Qt::Key_PageUp);  // 0.70 -> 0.80
        QCOMPARE(c.scenario().workload.acceptanceRate, 0.8);
        QCOMPARE(roofline::test::child<roofline::ui::FractionControl>(panel, "acceptance")
                     ->spinBox()
                     ->text(),
                 QStringLiteral("0.80"));
        QVERIFY(c.analysis().tpotSeconds < tpotAt07);
        roofline::test::child<roofline::ui::FractionControl>(panel, "acceptance")
            ->spinBox()
            ->setValue(0.55);
        QCOMPARE(c.scenario().workload.acceptanceRate, 0.55);
        QCOMPARE(roofline::test::child<roofline::ui::FractionControl>(panel, "acceptance")
                     ->slider()
                     ->value(),
                 55);

        // A model draft with the target's vocabulary adds the draft pass.
        QComboBox* draft = roofline::test::child<QComboBox>(panel, "draft");
        QCOMPARE(draft->itemData(0).toString(), QStringLiteral("ngram"));
        // n-gram, the MTP layers, then every model preset (not the family headers).
        QCOMPARE(draft->itemData(1).toString(), QStringLiteral("mtp"));
        QCOMPARE(draft->count(), static_cast<int>(roofline::io::modelIds().size()) + 2);
        const int small = draft->findData(QStringLiteral("llama-3.2-1b"));
        QVERIFY(small > 0);
        draft->setCurrentIndex(small);
        emit draft->activated(small);
        QCOMPARE(c.scenarioFile().draftModel, std::string("llama-3.2-1b"));
        QVERIFY(c.analysis().pass(PassKind::Draft) != nullptr);

        k->setValue(0);
        QVERIFY(!c.analysis().speculative.has_value());
        QCOMPARE(c.analysis().tpotSeconds, tpot);
        QVERIFY(!roofline::test::child<QComboBox>(panel, "draft")->isEnabled());
    }

    void aDraftWithAnotherVocabularyIsRefused() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        roofline::test::child<QSpinBox>(panel, "speculativeTokens")->setValue(4);
        const io::ScenarioFile before = c.scenarioFile();
        QSignalSpy refused(&c, &ScenarioController::changeRefused);
        QSignalSpy analysis(&c, &ScenarioController::analysisChanged);
        QComboBox* draft = roofline::test::child<QComboBox>(panel, "draft");
        const int other = draft->findData(QStringLiteral("llama-2-7b"));  // 32,000 tokens
        draft->setCurrentIndex(other);
        emit draft->activated(other);
        QCOMPARE(refused.count(), 1);
        QCOMPARE(analysis.count(), 0);
        QVERIFY2(refused.at(0).at(0).toString().contains(QStringLiteral("vocabulary")),
                 qPrintable(refused.at(0).at(0).toString()));
        QCOMPARE(c.scenarioFile(), before);
        QCOMPARE(draft->currentData().toString(), QStringLiteral("ngram"));  // snapped back
    }

    void expertParallelOnlyForMoeOnSeveralDevices() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        QCheckBox* ep = roofline::test::child<QCheckBox>(panel, "expertParallel");
        QVERIFY(!ep->isEnabled());
        QVERIFY(ep->toolTip().contains(QStringLiteral("dense")));
        QVERIFY(!hasErrors(c.setModel("mixtral-8x7b")));
        QVERIFY(!ep->isEnabled());
        QVERIFY(ep->toolTip().contains(QStringLiteral("tensor parallel")));
        QTest::keyClick(roofline::test::child<QComboBox>(panel, "tensorParallel"),
                        Qt::Key_Down);  // 2
        QVERIFY(ep->isEnabled());
        QSignalSpy spy(&c, &ScenarioController::analysisChanged);
        QTest::keyClick(ep, Qt::Key_Space);
        QCOMPARE(spy.count(), 1);
        QVERIFY(c.scenario().workload.expertParallel);
        QVERIFY(ep->isChecked());
    }

    void ceilingsAchievableLowersThePeak() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        QSignalSpy spy(&c, &ScenarioController::analysisChanged);
        QComboBox* ceilings = roofline::test::child<QComboBox>(panel, "ceilings");
        QCOMPARE(c.analysis().peakFlopsPerSecond, 989.4e12);
        QTest::keyClick(ceilings, Qt::Key_Down);
        QCOMPARE(spy.count(), 1);
        QVERIFY(c.scenario().workload.ceilings == Ceilings::Achievable);
        QCOMPARE(c.analysis().peakFlopsPerSecond, 794.5e12);  // the preset's measurement
        QVERIFY(roofline::test::child<QLabel>(panel, "computeRoof")
                    ->text()
                    .contains(QStringLiteral("achievable")));
    }

    // Issue 19: the estimate among the ceilings, and the serving engine beside them, live only
    // under the estimate; the engine picked reaches the scenario file and its profile the
    // analysis. No SGLang profile is shipped for H100: it falls back to the chip's generic one.
    void engineIsLiveOnlyUnderTheEstimateAndReachesTheScenario() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        QComboBox* ceilings = roofline::test::child<QComboBox>(panel, "ceilings");
        QComboBox* engine = roofline::test::child<QComboBox>(panel, "engine");
        QStringList engines;
        for (int i = 0; i < engine->count(); ++i) {
            engines << engine->itemData(i).toString();
        }
        QCOMPARE(engines, (QStringList{QStringLiteral("generic"), QStringLiteral("vllm"),
                                       QStringLiteral("sglang"), QStringLiteral("tensorrt-llm"),
                                       QStringLiteral("nim"), QStringLiteral("llama.cpp"),
                                       QStringLiteral("lmdeploy"), QStringLiteral("tgi"),
                                       QStringLiteral("mlc-llm")}));
        QCOMPARE(engine->currentData().toString(), QStringLiteral("generic"));
        QVERIFY(!engine->isEnabled());  // peak
        QVERIFY(!c.analysis().estimate.has_value());

        QSignalSpy spy(&c, &ScenarioController::analysisChanged);
        const int estimate = ceilings->findData(static_cast<int>(Ceilings::Estimate));
        QVERIFY(estimate >= 0);
        QCOMPARE(ceilings->itemText(estimate), QStringLiteral("estimate (calibrated)"));
        ceilings->setCurrentIndex(estimate);
        emit ceilings->activated(estimate);
        QCOMPARE(spy.count(), 1);
        QVERIFY(c.scenario().workload.ceilings == Ceilings::Estimate);
        QVERIFY(engine->isEnabled());
        QVERIFY(c.scenario().calibration != nullptr);
        QVERIFY(c.analysis().estimate.has_value());
        // H100 SXM's own generic profile (fitted on every engine's records of it).
        QCOMPARE(c.analysis().estimate->profile(), std::string("h100-sxm.generic"));

        const int nim = engine->findData(QStringLiteral("nim"));
        engine->setCurrentIndex(nim);
        emit engine->activated(nim);
        QCOMPARE(spy.count(), 2);
        QCOMPARE(c.scenarioFile().engine, std::string("nim"));
        QVERIFY(c.analysis().estimate.has_value());
        // No nim profile for H100: the fallback is the chip's generic one.
        QCOMPARE(c.analysis().estimate->profile(), std::string("h100-sxm.generic"));
        QVERIFY2(engine->toolTip().contains(QStringLiteral("h100-sxm.generic")),
                 qPrintable(engine->toolTip()));

        // Back to peak: the engine is kept (a scenario saved now keeps it) but not live.
        const int peak = ceilings->findData(static_cast<int>(Ceilings::Peak));
        ceilings->setCurrentIndex(peak);
        emit ceilings->activated(peak);
        QVERIFY(!engine->isEnabled());
        QVERIFY(!c.analysis().estimate.has_value());
        QVERIFY(c.scenario().calibration == nullptr);
        QCOMPARE(c.scenarioFile().engine, std::string("nim"));
        QCOMPARE(engine->currentData().toString(), QStringLiteral("nim"));

        // A name no profile may carry is refused, and the picker shows the scenario again.
        QSignalSpy refused(&document, &ScenarioDocument::changeRefused);
        c.setEngine("no-such-engine");
        QCOMPARE(refused.count(), 1);
        QVERIFY2(refused.at(0).at(0).toString().contains(QStringLiteral("tensorrt-llm")),
                 qPrintable(refused.at(0).at(0).toString()));
        QCOMPARE(c.scenarioFile().engine, std::string("nim"));
        QCOMPARE(engine->currentData().toString(), QStringLiteral("nim"));
    }

    void advancedSectionIsFoldedAndSetsMemoryKnobs() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QVERIFY(!roofline::test::child<QToolButton>(panel, "advanced")->isChecked());
        QVERIFY(!roofline::test::child<QSpinBox>(panel, "maxBatchedTokens")->isVisible());
        QVERIFY(!roofline::test::child<QDoubleSpinBox>(panel, "memoryUtilization")->isVisible());
        QTest::mouseClick(roofline::test::child<QToolButton>(panel, "advanced"), Qt::LeftButton);
        QVERIFY(roofline::test::child<QSpinBox>(panel, "maxBatchedTokens")->isVisible());
        QVERIFY(roofline::test::child<QDoubleSpinBox>(panel, "memoryUtilization")->isVisible());

        QSignalSpy spy(&c, &ScenarioController::analysisChanged);
        const double usable = c.analysis().memory.usableBytes;
        QCOMPARE(roofline::test::child<QDoubleSpinBox>(panel, "memoryUtilization")->text(),
                 QStringLiteral("0.90"));
        roofline::test::child<QDoubleSpinBox>(panel, "memoryUtilization")->setValue(0.5);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(c.scenario().workload.memoryUtilization, 0.5);
        QVERIFY(c.analysis().memory.usableBytes < usable);

        const double workspace = c.analysis().memory.workspaceBytes;
        QSpinBox* tokens = roofline::test::child<QSpinBox>(panel, "maxBatchedTokens");
        QCOMPARE(tokens->text(), QStringLiteral("8,192"));
        test::typeInto(tokens, QStringLiteral("32768"));
        QCOMPARE(c.scenario().workload.maxBatchedTokens, std::int64_t{32768});
        QVERIFY(c.analysis().memory.workspaceBytes > workspace);

        QSignalSpy refused(&c, &ScenarioController::changeRefused);
        roofline::test::child<QDoubleSpinBox>(panel, "memoryUtilization")->setValue(0.0);
        QCOMPARE(refused.count(), 1);
        QCOMPARE(c.scenario().workload.memoryUtilization, 0.5);
        QCOMPARE(roofline::test::child<QDoubleSpinBox>(panel, "memoryUtilization")->text(),
                 QStringLiteral("0.50"));
    }

    void tabReachesEveryControlInRowOrder() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        ControlsPanel panel(document);
        c.setSpeculation(4, 0.7, "ngram");  // α and the draft take focus only when k > 0
        panel.show();
        panel.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&panel));
        QTest::mouseClick(roofline::test::child<QToolButton>(panel, "advanced"), Qt::LeftButton);
        roofline::test::child<QComboBox>(panel, "hardware")->setFocus();
        QList<QWidget*> order{QApplication::focusWidget()};
        for (int i = 0; i < 40; ++i) {
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
            if (QApplication::focusWidget() == order.front()) {
                break;
            }
            order << QApplication::focusWidget();
        }
        const QList<QWidget*> expected = {roofline::test::child<QComboBox>(panel, "hardware"),
                                          roofline::test::child<QComboBox>(panel, "ceilings"),
                                          roofline::test::child<QComboBox>(panel, "model"),
                                          panel.batchControl()->slider(),
                                          panel.batchControl()->spinBox(),
                                          panel.promptControl()->slider(),
                                          panel.promptControl()->spinBox(),
                                          panel.contextControl()->slider(),
                                          panel.contextControl()->spinBox()};
        QCOMPARE(order.mid(0, expected.size()), expected);
        const QList<QWidget*> tail = {
            roofline::test::child<QComboBox>(panel, "tensorParallel"),
            roofline::test::child<QSpinBox>(panel,
                                            "speculativeTokens"),  // EP, attention: dense, disabled
            roofline::test::child<roofline::ui::FractionControl>(panel, "acceptance")->slider(),
            roofline::test::child<roofline::ui::FractionControl>(panel, "acceptance")->spinBox(),
            roofline::test::child<QComboBox>(panel, "draft"),
            roofline::test::child<QToolButton>(panel, "advanced"),
            roofline::test::child<QSpinBox>(panel, "maxBatchedTokens"),
            roofline::test::child<QDoubleSpinBox>(panel, "memoryUtilization")};
        const qsizetype at =
            order.indexOf(roofline::test::child<QComboBox>(panel, "tensorParallel"));
        QVERIFY(at > 0);
        QCOMPARE(order.mid(at, tail.size()), tail);

        // Under the estimate the engine, in the row under the ceilings, comes next.
        c.setCeilings(Ceilings::Estimate);
        roofline::test::child<QComboBox>(panel, "ceilings")->setFocus();
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), roofline::test::child<QComboBox>(panel, "engine"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QCOMPARE(QApplication::focusWidget(), roofline::test::child<QComboBox>(panel, "model"));
    }

    void everyNewControlHasABuddyAndTakesFocus() {
        ScenarioDocument document;
        ControlsPanel panel(document);
        const QList<QWidget*> fields = {
            roofline::test::child<QComboBox>(panel, "ceilings"),
            panel.promptControl()->slider(),
            panel.contextControl()->slider(),
            roofline::test::child<QCheckBox>(panel, "expertParallel"),
            roofline::test::child<QSpinBox>(panel, "speculativeTokens"),
            roofline::test::child<roofline::ui::FractionControl>(panel, "acceptance")->slider(),
            roofline::test::child<QComboBox>(panel, "draft"),
            roofline::test::child<QSpinBox>(panel, "maxBatchedTokens"),
            roofline::test::child<QDoubleSpinBox>(panel, "memoryUtilization")};
        QList<QChar> mnemonics;
        for (QLabel* label : panel.findChildren<QLabel*>()) {
            if (label->buddy() == nullptr) {
                continue;
            }
            const qsizetype amp = label->text().indexOf(QLatin1Char('&'));
            if (label->buddy() == roofline::test::child<QComboBox>(panel, "ceilings") ||
                label->buddy() == roofline::test::child<QComboBox>(panel, "engine") ||
                label->buddy() ==
                    panel.findChild<QComboBox*>(QStringLiteral("attentionParallel"))) {
                // Every letter of "Ceilings" belongs to another row or a menu (&Lessons), and
                // every letter of "Attention" too (&Acceptance, &Tensor, &Edit, FlashAtte&ntion,
                // &Interventions, T&okens), and of "Engine" (&Edit, FlashAtte&ntion, &GQA,
                // &Interventions).
                QCOMPARE(amp, qsizetype{-1});
                continue;
            }
            QVERIFY2(amp >= 0, qPrintable(label->text()));
            mnemonics << label->text().at(amp + 1).toLower();
        }
        for (QWidget* field : fields) {
            QVERIFY(field->focusPolicy() & Qt::TabFocus);
        }
        const QList<QWidget*> buddies = [&] {
            QList<QWidget*> out;
            for (QLabel* label : panel.findChildren<QLabel*>()) {
                out << label->buddy();
            }
            return out;
        }();
        for (QWidget* field : std::initializer_list<QWidget*>{
                 roofline::test::child<QComboBox>(panel, "ceilings"),
                 roofline::test::child<QComboBox>(panel, "engine"),
                 roofline::test::child<QCheckBox>(panel, "expertParallel"),
                 roofline::test::child<QComboBox>(panel, "draft"),
                 static_cast<QWidget*>(roofline::test::child<QSpinBox>(panel, "speculativeTokens")),
                 static_cast<QWidget*>(roofline::test::child<QSpinBox>(panel, "maxBatchedTokens")),
                 static_cast<QWidget*>(
                     roofline::test::child<QDoubleSpinBox>(panel, "memoryUtilization"))}) {
            QVERIFY(buddies.contains(field));
        }
        QVERIFY(buddies.contains(panel.promptControl()));
        QVERIFY(buddies.contains(panel.contextControl()));
        QVERIFY(buddies.contains(
            roofline::test::child<roofline::ui::FractionControl>(panel, "acceptance")));
        // No two labels share a mnemonic, and none takes a menu's (File, Edit, View,
        // Scenario, Interventions, Lessons, Help): a shared letter reaches each owner only
        // every other press (issue 12: Alt+F focused FlashAttention, Alt+L Ceilings).
        for (const QChar m : mnemonics) {
            QCOMPARE(mnemonics.count(m), 1);
        }
        const QString advanced = roofline::test::child<QToolButton>(panel, "advanced")->text();
        const QChar a = advanced.at(advanced.indexOf(QLatin1Char('&')) + 1).toLower();
        QVERIFY(!mnemonics.contains(a));
        mnemonics << a;
        for (const QChar menu :
             {QLatin1Char('f'), QLatin1Char('e'), QLatin1Char('v'), QLatin1Char('s'),
              QLatin1Char('i'), QLatin1Char('l'), QLatin1Char('h')}) {
            QVERIFY(!mnemonics.contains(menu));
        }
        // A label's mnemonic focuses the control; a slider row passes it to its slider.
        QCOMPARE(panel.contextControl()->focusProxy(), panel.contextControl()->slider());
        QCOMPARE(
            roofline::test::child<roofline::ui::FractionControl>(panel, "acceptance")->focusProxy(),
            roofline::test::child<roofline::ui::FractionControl>(panel, "acceptance")->slider());
    }
};

QTEST_MAIN(TestControlsPanel)
#include "tst_controls_panel.moc"
