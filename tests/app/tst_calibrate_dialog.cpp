// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 19 in the window: File › Calibrate from measured results (window/calibrate_dialog.h)
// fits a profile as roofline-cli calibrate does, shows the fit or the refusal that names the
// parameter, saves the profile and makes the scenario use it; the results panel says which
// profile the estimate uses and on how many records it was fitted, and warns when the
// engine has no profile for the hardware; a benchmark result file imports with what it lacks
// taken from the scenario.

#include <cmath>

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

#include "model/scenario_controller.h"
#include "roofline/calibrate.h"
#include "roofline/io/calibrate_measured.h"
#include "roofline/io/calibration.h"
#include "roofline/io/measured.h"
#include "test_support.h"
#include "views/dialogs.h"
#include "window/calibrate_dialog.h"
#include "window/main_window.h"

using namespace roofline;
using roofline::ui::CalibrateDialog;
using roofline::ui::Dialogs;
using roofline::ui::MainWindow;

namespace {

const QString kSynthetic =
    QStringLiteral(ROOFLINE_TEST_DATA_DIR "/measured/calibration-synthetic.csv");

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(text);
    }
    return path;
}

QString labelText(const MainWindow& window, const char* name) {
    const auto* label = window.findChild<QLabel*>(QString::fromLatin1(name));
    return label != nullptr ? label->text()
                            : QStringLiteral("(no label %1)").arg(QLatin1String(name));
}

void choose(CalibrateDialog& dialog, const char* box, const QString& value) {
    auto* combo = test::child<QComboBox>(dialog, box);
    QVERIFY(combo != nullptr);
    const int index = combo->findData(value);
    QVERIFY2(index >= 0, qPrintable(value));
    combo->setCurrentIndex(index);
}

}  // namespace

class TestCalibrateDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::keepWindowsAwayFromTheUser(); }

    void theFileMenuOpensIt() {
        MainWindow window;
        auto* action = window.findChild<QAction*>(QStringLiteral("calibrateMeasured"));
        QVERIFY(action != nullptr);
        QVERIFY(action->text().contains(QStringLiteral("Calibrate from measured results")));
    }

    void startsFromTheScenariosHardwareEngineAndPrecisions() {
        MainWindow window;
        window.controller().setEngine("tensorrt-llm");
        CalibrateDialog dialog(window.controller());
        const Scenario& s = window.controller().scenario();
        QCOMPARE(test::child<QComboBox>(dialog, "hardware")->currentData().toString(),
                 QString::fromStdString(s.hardware.id));
        QCOMPARE(test::child<QComboBox>(dialog, "engine")->currentData().toString(),
                 QStringLiteral("tensorrt-llm"));
        QCOMPARE(test::child<QComboBox>(dialog, "weights")->currentData().toString(),
                 precisionName(s.workload.weightPrecision));
        QCOMPARE(test::child<QComboBox>(dialog, "kv")->currentData().toString(),
                 precisionName(s.workload.kvPrecision));
        // Nothing fitted yet: nothing to save or use.
        QVERIFY(!dialog.profile().has_value());
        QVERIFY(!dialog.useForScenario());
    }

    // calibration-synthetic.csv: 51 rows on h100-sxm whose values the estimate made with a
    // 2 ms step overhead, a 4 µs kernel floor, bf16 matmuls at 0.9 and fp8 ones at 0.7,
    // attention at 0.75 with a half length of 256 (the file's comment); 2 rows on
    // a100-80gb-sxm. The dialog fits what roofline-cli calibrate fits on it
    // (tests/cli/calibrate_cli_test.cpp): the same parameters, within 1e-5.
    void fitsTheRecordsAsTheCliDoes() {
        MainWindow window;
        CalibrateDialog dialog(window.controller());
        choose(dialog, "hardware", QStringLiteral("h100-sxm"));
        choose(dialog, "engine", QStringLiteral("generic"));
        dialog.setFile(kSynthetic);
        QVERIFY2(dialog.fit(), qPrintable(dialog.reportText()));
        const CalibrationProfile& p = *dialog.profile();
        QCOMPARE(p.id, std::string("h100-sxm.generic"));
        QCOMPARE(p.fittedRecords, std::size_t{51});
        // The CLI's steps (roofline-cli calibrate FILE --hardware h100-sxm): the shipped
        // h100-sxm.generic as the base, the file's records, the same fit. (The CLI test frees
        // the step's structure the rows were made without; the shipped base keeps its own.)
        const io::Loaded<CalibrationProfile> base = io::resolveCalibration("h100-sxm", "generic");
        QVERIFY(base.ok());
        FitOptions options;
        std::string error;
        QVERIFY(io::calibrationFitOptions(*base.value, {}, {}, kSynthetic.toStdString(), options,
                                          error));
        std::vector<io::SkippedRow> skipped;
        const FitResult cli =
            fitProfile(io::calibrationRecords(io::loadMeasuredFile(kSynthetic.toStdString()),
                                              "h100-sxm", skipped),
                       options);
        QVERIFY(cli.ok);
        QCOMPARE(p.stepOverheadSeconds, cli.profile.stepOverheadSeconds);
        QCOMPARE(p.kernelFloorSeconds, cli.profile.kernelFloorSeconds);
        QCOMPARE(p.weightEfficiency, cli.profile.weightEfficiency);
        QCOMPARE(p.attentionHalfLength, cli.profile.attentionHalfLength);
        QCOMPARE(p.fittedOn.size(), std::size_t{51});
        // The report is the CLI's table: the count, each parameter, each record, the
        // interval, and the skipped rows.
        const QString report = dialog.reportText();
        for (const char* part :
             {"Calibration profile h100-sxm.generic fitted on 51 records",
              "(2 rows on other hardware than h100-sxm skipped)", "step_overhead_s",
              "kernel_floor_s", "weight_efficiency/fp8", "8b-bf16-b1-p128-tpot", "leave-one-out",
              "80% interval", "skipped line 60: hardware a100-80gb-sxm"}) {
            QVERIFY2(report.contains(QString::fromUtf8(part)),
                     qPrintable(
                         QStringLiteral("no \"%1\" in\n%2").arg(QString::fromUtf8(part), report)));
        }
        QVERIFY(test::child<QPushButton>(dialog, "use")->isEnabled());
    }

    void refusesNamingTheParametersTheRecordsCannotDetermine() {
        // Two TPOT rows cannot determine the step overhead, the kernel floor and the rest:
        // nothing is fitted, and the report says which parameters and why.
        QTemporaryDir dir;
        const QString path =
            writeFile(dir, QStringLiteral("two.csv"),
                      "model,hardware,tp,weights,activations,kv,batch,prompt,output,metric,value\n"
                      "llama-3.1-8b,h100-sxm,1,bf16,bf16,bf16,1,128,128,tpot_ms,8.5\n"
                      "llama-3.1-8b,h100-sxm,1,bf16,bf16,bf16,16,128,128,tpot_ms,8.9\n");
        MainWindow window;
        CalibrateDialog dialog(window.controller());
        choose(dialog, "hardware", QStringLiteral("h100-sxm"));
        dialog.setFile(path);
        QVERIFY(!dialog.fit());
        QVERIFY(!dialog.profile().has_value());
        const QString report = dialog.reportText();
        QVERIFY2(report.startsWith(QStringLiteral("Cannot fit a profile on the 2 records of "
                                                  "two.csv: 2 records cannot determine")),
                 qPrintable(report));
        QVERIFY2(report.contains(QStringLiteral("step_overhead_s")), qPrintable(report));
        QVERIFY(!test::child<QPushButton>(dialog, "use")->isEnabled());
        // Rows on no chosen hardware: none can be used, and the report says so.
        choose(dialog, "hardware", QStringLiteral("a100-80gb-sxm"));
        QVERIFY(!dialog.fit());
        QVERIFY2(dialog.reportText().startsWith(
                     QStringLiteral("No row of two.csv on a100-80gb-sxm could be used.")),
                 qPrintable(dialog.reportText()));
    }

    void theScenarioUsesTheFittedProfileAndSaysOnHowManyRecords() {
        QTemporaryDir dir;
        MainWindow window;
        CalibrateDialog dialog(window.controller());
        choose(dialog, "hardware", QStringLiteral("h100-sxm"));
        choose(dialog, "engine", QStringLiteral("generic"));
        dialog.setFile(kSynthetic);
        QVERIFY(dialog.fit());
        // A profile for other hardware than the scenario's is not used.
        window.controller().setHardware("a100-80gb-sxm");
        QVERIFY(!dialog.useForScenario());
        QVERIFY2(test::child<QLabel>(dialog, "status")
                     ->text()
                     .startsWith(QStringLiteral("Not used: the profile is for h100-sxm, and the "
                                                "scenario runs on a100-80gb-sxm.")),
                 qPrintable(test::child<QLabel>(dialog, "status")->text()));
        window.controller().setHardware("h100-sxm");
        // Used before it was saved: it is saved first (the scenario names a file).
        const QString saved = dir.filePath(QStringLiteral("mine.json"));
        Dialogs::setNextFileName(saved);
        QVERIFY2(dialog.useForScenario(),
                 qPrintable(test::child<QLabel>(dialog, "status")->text()));
        QCOMPARE(dialog.savedPath(), saved);
        const io::Loaded<CalibrationProfile> back = io::loadCalibrationFile(saved.toStdString());
        QVERIFY(back.ok());
        QCOMPARE(back.value->fittedRecords, std::size_t{51});
        const ui::ScenarioController& c = window.controller();
        QCOMPARE(c.scenarioFile().calibration, saved.toStdString());
        QVERIFY(c.scenarioFile().workload.ceilings == Ceilings::Estimate);
        QVERIFY(c.analysis().estimate.has_value());
        QCOMPARE(c.analysis().estimate->fittedRecords, std::size_t{51});
        // The results panel names the profile and its 51 records.
        QCOMPARE(labelText(window, "estimateProfile"),
                 QStringLiteral("h100-sxm.generic (generic, fitted on 51 records; an 80% "
                                "interval)"));
        // The scenario names its own profile: no engine fallback is warned.
        QVERIFY(c.calibrationWarning().isEmpty());
    }

    void anEngineWithoutAProfileForTheHardwareWarnsInTheResults() {
        // h100-sxm ships no nim profile: under the estimate with nim, the estimate falls back
        // to h100-sxm.generic and the results panel warns.
        MainWindow window;
        ui::ScenarioController& c = window.controller();
        QCOMPARE(c.scenario().hardware.id, std::string("h100-sxm"));
        c.setCeilings(Ceilings::Estimate);
        c.setEngine("nim");
        const QString expected = QStringLiteral(
            "⚠ Estimate: no nim profile for h100-sxm: using the generic one "
            "(h100-sxm.generic)");
        QVERIFY2(labelText(window, "warnings").contains(expected),
                 qPrintable(labelText(window, "warnings")));
        QVERIFY(labelText(window, "estimateProfile")
                    .startsWith(QStringLiteral("h100-sxm.generic (generic, fitted on ")));
        // An engine with a profile: no warning.
        c.setEngine("tensorrt-llm");
        QVERIFY(!labelText(window, "warnings").contains(QStringLiteral("Estimate:")));
        QVERIFY(labelText(window, "estimateProfile")
                    .startsWith(QStringLiteral("h100-sxm.tensorrt-llm (tensorrt-llm, fitted on ")));
        // Peak ceilings: no estimate, no warning.
        c.setEngine("vllm");
        c.setCeilings(Ceilings::Peak);
        QVERIFY(c.calibrationWarning().isEmpty());
        QVERIFY(!labelText(window, "warnings").contains(QStringLiteral("Estimate:")));
    }

    void aBenchmarkResultImportsWithTheScenariosSettings() {
        // guidellm-report.json says nothing of the hardware, TP or precisions: the import
        // takes the scenario's (h100-sxm, TP 1, bf16), and its 3 benchmarks give 6 rows
        // (tests/presets/bench_results_test.cpp works them out).
        MainWindow window;
        const ui::ScenarioController& c = window.controller();
        QCOMPARE(c.scenario().workload.tensorParallel, std::int64_t{1});
        QCOMPARE(precisionName(c.scenario().workload.weightPrecision), QStringLiteral("bf16"));
        QCOMPARE(window.importMeasured(
                     QStringLiteral(ROOFLINE_TEST_DATA_DIR "/measured/guidellm-report.json"), true),
                 6);
        const io::BenchmarkContext context = ui::benchmarkContextOf(c);
        QCOMPARE(context.hardware, std::string("h100-sxm"));
        QCOMPARE(context.tp, std::string("1"));
        QVERIFY(context.model.empty());  // the file's served model is matched first
    }
};

QTEST_MAIN(TestCalibrateDialog)
#include "tst_calibrate_dialog.moc"
