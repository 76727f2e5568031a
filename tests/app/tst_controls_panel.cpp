// SPDX-License-Identifier: GPL-3.0-or-later
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>

#include "controls_panel.h"
#include "scenario_controller.h"
#include "slider_control.h"
#include "test_support.h"

using namespace roofline;
using roofline::ui::ControlsPanel;
using roofline::ui::ScenarioController;

class TestControlsPanel : public QObject {
    Q_OBJECT
private slots:
    void batchSliderDrivesTheScenarioWhileDragging() {
        ScenarioController c;
        ControlsPanel panel(c);
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
        ScenarioController c;
        ControlsPanel panel(c);
        panel.batchControl()->spinBox()->setValue(300);
        QCOMPARE(c.scenario().workload.batch, std::int64_t{300});
    }

    void sequenceRangeIsTheModels() {
        ScenarioController c;
        ControlsPanel panel(c);
        QCOMPARE(panel.sequenceControl()->mapping().minimum(), std::int64_t{128});
        QCOMPARE(panel.sequenceControl()->mapping().maximum(), std::int64_t{131072});
        QTest::keyClick(panel.sequenceControl()->slider(), Qt::Key_End);
        QCOMPARE(c.scenario().workload.promptTokens, std::int64_t{131072});
        QCOMPARE(c.scenario().workload.contextTokens, std::int64_t{131072});
        QVERIFY(!hasErrors(c.setModel("llama-2-7b")));
        QCOMPARE(panel.sequenceControl()->mapping().maximum(), std::int64_t{131072});  // keeps C
        c.setSequenceLength(1024);
        QCOMPARE(panel.sequenceControl()->mapping().maximum(), std::int64_t{4096});
    }

    void quantizationSliderStepsAndLabelsTheRoof() {
        ScenarioController c;
        ControlsPanel panel(c);
        QSlider* slider = panel.quantizationSlider();
        QVERIFY(panel.computeRoofLabel()->text().contains(QStringLiteral("bf16")));
        QTest::keyClick(slider, Qt::Key_Right);  // W8A16
        QCOMPARE(precisionName(c.scenario().workload.weightPrecision),
                 precisionName(Precision::Fp8));
        QCOMPARE(precisionName(c.scenario().workload.activationPrecision),
                 precisionName(Precision::Bf16));
        QCOMPARE(panel.quantizationCombo()->currentText(), QStringLiteral("W8A16"));
        QTest::keyClick(slider, Qt::Key_Right);  // W8A8
        QCOMPARE(precisionName(c.analysis().computePrecision), precisionName(Precision::Fp8));
        QVERIFY(panel.computeRoofLabel()->text().contains(QStringLiteral("fp8")));
        QTest::keyClick(slider, Qt::Key_Right);  // W4A16
        QCOMPARE(precisionName(c.scenario().workload.weightPrecision),
                 precisionName(Precision::Int4));
        QCOMPARE(precisionName(c.scenario().workload.activationPrecision),
                 precisionName(Precision::Bf16));
    }

    void quantizationComboDrivesTheSlider() {
        ScenarioController c;
        ControlsPanel panel(c);
        QComboBox* combo = panel.quantizationCombo();
        combo->setFocus();
        QTest::keyClick(combo, Qt::Key_End);  // W4A4
        QCOMPARE(precisionName(c.scenario().workload.weightPrecision),
                 precisionName(Precision::Fp4));
        QCOMPARE(panel.quantizationSlider()->value(), 5);
    }

    void customPrecisionsShowAsCustom() {
        ScenarioController c;
        ControlsPanel panel(c);
        Workload w = c.scenarioFile().workload;
        w.weightPrecision = Precision::Int8;
        w.activationPrecision = Precision::Int8;
        c.setWorkload(w);
        QCOMPARE(panel.quantizationCombo()->currentText(), QStringLiteral("w int8 / a int8"));
        c.setQuantization(ui::Quantization::W16A16);
        QCOMPARE(panel.quantizationCombo()->count(), 6);
    }

    void kvComboSetsKvPrecision() {
        ScenarioController c;
        ControlsPanel panel(c);
        QTest::keyClick(panel.kvCombo(), Qt::Key_Down);  // bf16 -> fp8
        QCOMPARE(precisionName(c.scenario().workload.kvPrecision), precisionName(Precision::Fp8));
    }

    void gqaSliderCoversTheDivisors() {
        ScenarioController c;
        ControlsPanel panel(c);
        ui::SliderControl* gqa = panel.gqaControl();
        QCOMPARE(gqa->mapping().values(), (std::vector<std::int64_t>{1, 2, 4, 8, 16, 32}));
        QCOMPARE(gqa->value(), std::int64_t{4});  // the model's own
        QTest::keyClick(gqa->slider(), Qt::Key_Home);
        QCOMPARE(c.scenario().workload.kvHeadsOverride, std::int64_t{32});  // MHA
        QTest::keyClick(gqa->slider(), Qt::Key_End);
        QCOMPARE(c.scenario().workload.kvHeadsOverride, std::int64_t{1});  // MQA
    }

    void gqaIsDisabledForMla() {
        ScenarioController c;
        ControlsPanel panel(c);
        QVERIFY(panel.gqaControl()->isEnabled());
        QVERIFY(!hasErrors(c.setModel("deepseek-v3")));
        QVERIFY(!panel.gqaControl()->isEnabled());
        QVERIFY(panel.gqaControl()->toolTip().contains(QStringLiteral("MLA")));
    }

    void flashAttentionAndTensorParallel() {
        ScenarioController c;
        ControlsPanel panel(c);
        QTest::keyClick(panel.flashAttentionCheck(), Qt::Key_Space);
        QCOMPARE(c.scenario().workload.flashAttention, false);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QCheckBox* check = panel.flashAttentionCheck();
        QTest::mouseClick(check, Qt::LeftButton, {}, QPoint(6, check->height() / 2));
        QCOMPARE(c.scenario().workload.flashAttention, true);
        QTest::keyClick(panel.tensorParallelCombo(), Qt::Key_End);
        QCOMPARE(c.scenario().workload.tensorParallel, std::int64_t{8});
    }

    void pickersListThePresetsAndSwitch() {
        ScenarioController c;
        ControlsPanel panel(c);
        QComboBox* hardware = panel.hardwareCombo();
        QVERIFY(hardware->count() >= 10);
        QCOMPARE(hardware->currentData().toString(), QStringLiteral("h100-sxm"));
        QCOMPARE(hardware->currentText(), QStringLiteral("NVIDIA H100 SXM5 80GB"));
        const int a100 = hardware->findData(QStringLiteral("a100-80gb-sxm"));
        QVERIFY(a100 >= 0);
        emit hardware->activated(a100);
        QCOMPARE(c.scenario().hardware.id, std::string("a100-80gb-sxm"));

        QComboBox* model = panel.modelCombo();
        const int mistral = model->findData(QStringLiteral("mistral-7b"));
        emit model->activated(mistral);
        QCOMPARE(c.scenario().model.id, std::string("mistral-7b"));
    }

    void controllerChangesShowWithoutFeedingBack() {
        ScenarioController c;
        ControlsPanel panel(c);
        QSignalSpy spy(&c, &ScenarioController::scenarioChanged);
        c.setBatch(64);
        QCOMPARE(spy.count(), 1);  // no second change from the widgets
        QCOMPARE(panel.batchControl()->value(), std::int64_t{64});
        QCOMPARE(panel.batchControl()->spinBox()->value(), 64);
        c.setTensorParallel(2);
        QCOMPARE(panel.tensorParallelCombo()->currentText(), QStringLiteral("2"));
        QCOMPARE(spy.count(), 2);
    }

    void refusedValueSnapsTheWidgetBack() {
        ScenarioController c;
        ControlsPanel panel(c);
        QSignalSpy refused(&c, &ScenarioController::changeRefused);
        // A GQA ratio the slider does not offer is refused; the widget keeps showing the
        // scenario's value.
        c.setGqaRatio(3);
        QCOMPARE(refused.count(), 1);
        QCOMPARE(panel.gqaControl()->value(), std::int64_t{4});
    }
};

QTEST_MAIN(TestControlsPanel)
#include "tst_controls_panel.moc"
