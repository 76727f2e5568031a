// SPDX-License-Identifier: GPL-3.0-or-later
#include <cmath>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

#include "model/plot_tooltip.h"
#include "model/scenario_controller.h"
#include "panels/controls_panel.h"
#include "panels/results_panel.h"
#include "panels/slider_control.h"
#include "plot/roofline_plot.h"
#include "roofline/comparison.h"
#include "roofline/format.h"
#include "roofline/io/levers.h"
#include "roofline/io/scenario_file.h"
#include "roofline/levers.h"
#include "test_support.h"
#include "views/dialogs.h"
#include "window/app_options.h"
#include "window/lever_actions.h"
#include "window/main_window.h"

using namespace roofline;
using roofline::ui::Dialogs;
using roofline::ui::MainWindow;

namespace {

/// An item of the plot's layers, found by its object name (baseline_layer.h,
/// operator_layer.h).
template <class Item>
Item* plotItem(const QWidget& plot, const char* name) {
    Item* item = plot.findChild<Item*>(QLatin1String(name));
    if (item == nullptr) {
        qFatal("no plot item %s", name);
    }
    return item;
}

void writeFile(const QString& path, const QByteArray& content) {
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(content);
}

QAction* action(const MainWindow& window, const char* name) {
    return window.findChild<QAction*>(QString::fromLatin1(name));
}

QString leverKeyText(LeverId id) {
    const std::string_view key = leverKey(id);
    return QString::fromLatin1(key.data(), static_cast<qsizetype>(key.size()));
}

/// DeepSeek-V3 on 8×H200 in fp8: an MoE on several devices.
io::ScenarioFile deepSeekOnEightH200() {
    io::ScenarioFile file;
    file.hardware = "h200";
    file.model = "deepseek-v3";
    file.workload.tensorParallel = 8;
    file.workload.weightPrecision = Precision::Fp8;
    file.workload.activationPrecision = Precision::Fp8;
    return file;
}

}  // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::keepWindowsAwayFromTheUser(); }
    void init() { Dialogs::clearShownErrors(); }

    void plotAndResultsShowTheSameAnalysis() {
        MainWindow window;
        ui::SliderControl* batch = window.controlsPanel()->batchControl();
        batch->slider()->setValue(batch->mapping().tickFor(128));
        const Analysis& a = window.controller().analysis();
        QCOMPARE(window.plot()->decodePoint()->data()->at(0)->key, a.decode().intensity());
        // Llama-3.1-8B on H100 at B = 128, C = 2048, still memory-bound (the matmuls cross
        // at 326): per token 278,825,472 bytes (KV 268,697,600 + activations 10,127,872) and
        // 16,097,698,816 FLOPs (tests/core/analysis_test.cpp), weights 15,009,857,536 + 127
        // more embedding rows of 8,192: 50,700,558,336 bytes. Intensity
        // 128·16,097,698,816 / 50,700,558,336 = 40.64 -> "40.6 FLOP/byte"; TPOT
        // 50,700,558,336 / 3.35e12 = 15.13 ms -> "15.1 ms".
        QCOMPARE(window.resultsPanel()->valueLabel(QStringLiteral("decodeIntensity"))->text(),
                 QStringLiteral("40.6 FLOP/byte"));
        QCOMPARE(window.resultsPanel()->valueLabel(QStringLiteral("tpot"))->text(),
                 QStringLiteral("15.1 ms"));
    }

    void everyControlMovesThePlotToTheEnginesPoint_data() {
        QTest::addColumn<QString>("control");
        for (const char* name :
             {"batch", "prompt", "context", "quantization", "kv", "gqa", "tp", "flash"}) {
            QTest::newRow(name) << QString::fromLatin1(name);
        }
    }
    void everyControlMovesThePlotToTheEnginesPoint() {
        QFETCH(QString, control);
        MainWindow window;
        ui::ControlsPanel* c = window.controlsPanel();
        const io::ScenarioFile before = window.controller().scenarioFile();
        if (control == QLatin1String("batch")) {
            QTest::keyClick(c->batchControl()->slider(), Qt::Key_PageUp);
        } else if (control == QLatin1String("prompt")) {
            QTest::keyClick(c->promptControl()->slider(), Qt::Key_PageUp);
        } else if (control == QLatin1String("context")) {
            QTest::keyClick(c->contextControl()->slider(), Qt::Key_PageUp);
        } else if (control == QLatin1String("quantization")) {
            QTest::keyClick(c->quantizationSlider(), Qt::Key_End);
        } else if (control == QLatin1String("kv")) {
            QTest::keyClick(roofline::test::child<QComboBox>(*c, "kvPrecision"), Qt::Key_Down);
        } else if (control == QLatin1String("gqa")) {
            QTest::keyClick(c->gqaControl()->slider(), Qt::Key_Home);
        } else if (control == QLatin1String("tp")) {
            QTest::keyClick(roofline::test::child<QComboBox>(*c, "tensorParallel"), Qt::Key_Down);
        } else {
            QTest::keyClick(roofline::test::child<QCheckBox>(*c, "flashAttention"), Qt::Key_Space);
        }
        QVERIFY(!(window.controller().scenarioFile() == before));

        // The engine's numbers for the scenario the widgets now show...
        const Analysis expected = analyze(window.controller().scenario());
        // ...are the plotted points and the results panel's text (this compares the window
        // with the engine for every control; plotAndResultsShowTheSameAnalysis pins the
        // formatted text of one scenario by hand).
        const auto decode = window.plot()->decodePoint()->data()->at(0);
        const auto prefill = window.plot()->prefillPoint()->data()->at(0);
        QCOMPARE(decode->key, expected.decode().intensity());
        QCOMPARE(decode->value, expected.decode().attainableFlopsPerSecond / ui::kFlopsPerTflop);
        QCOMPARE(prefill->key, expected.prefill().intensity());
        QCOMPARE(prefill->value, expected.prefill().attainableFlopsPerSecond / ui::kFlopsPerTflop);
        QCOMPARE(window.plot()->roofInUse()->data()->at(1)->key, expected.ridgePointFlopsPerByte);
        // The labels read back by hand (test::readsAs), not written by the app's formatter.
        const QString tpot = window.resultsPanel()->valueLabel(QStringLiteral("tpot"))->text();
        const QString ttft = window.resultsPanel()->valueLabel(QStringLiteral("ttft"))->text();
        QVERIFY2(test::readsAs(tpot, expected.tpotSeconds), qPrintable(tpot));
        QVERIFY2(test::readsAs(ttft, expected.ttftSeconds), qPrintable(ttft));
    }

    void copyImagePutsThePlotOnTheClipboard() {
        MainWindow window;
        QApplication::clipboard()->clear();
        action(window, "copyImage")->trigger();
        const QImage copied = QApplication::clipboard()->image();
        QVERIFY(!copied.isNull());
        // The plot, and under it the caption line (on by default).
        const QSize plot = window.plot()->size();
        QCOMPARE(copied.size(),
                 QSize(plot.width(),
                       plot.height() + roofline::ui::captionHeight(*window.plot(), plot.width(),
                                                                   window.imageCaption())));
    }

    void saveThenOpenGivesTheSameScenario() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        MainWindow window;
        window.controller().setBatch(24);
        window.controller().setQuantization(ui::Quantization::W4A16);
        window.controller().setGqaRatio(8);
        window.controller().setFlashAttention(false);
        const io::ScenarioFile saved = window.controller().scenarioFile();
        QVERIFY(window.saveScenario(path));

        MainWindow other;
        QVERIFY(other.openScenario(path));
        QCOMPARE(other.controller().scenarioFile(), saved);
        QCOMPARE(other.controller().analysis().tpotSeconds,
                 window.controller().analysis().tpotSeconds);
        QCOMPARE(other.recentFiles().value(0), QFileInfo(path).absoluteFilePath());
        QVERIFY(Dialogs::shownErrors().isEmpty());
    }

    void ctrlBPinsTheBaselineAndCtrlShiftBClearsIt() {
        MainWindow window;
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(!window.plot()->hasBaseline());
        QVERIFY(window.resultsPanel()->baselineGroup()->isHidden());
        QVERIFY(!action(window, "clearBaseline")->isEnabled());
        const Analysis before = window.controller().analysis();
        QTest::keyClick(&window, Qt::Key_B, Qt::ControlModifier);
        QVERIFY(window.plot()->hasBaseline());
        QVERIFY(window.baselineScenario().has_value());
        QVERIFY(!window.resultsPanel()->baselineGroup()->isHidden());
        QVERIFY(action(window, "clearBaseline")->isEnabled());

        // The scenario moves on; the ghost stays at the pinned numbers, the arrow follows.
        window.controller().setQuantization(ui::Quantization::W4A16);
        const Analysis& now = window.controller().analysis();
        QCOMPARE(plotItem<QCPGraph>(*window.plot(), "baselineDecode")->data()->at(0)->key,
                 before.decode().intensity());
        QCOMPARE(plotItem<QCPItemLine>(*window.plot(), "decodeArrow")->end->coords().x(),
                 now.decode().intensity());
        // W4A16 at B = 1: the 7,504,658,432 matrix weights at 0.5 byte, norms still bf16
        // (532,480), one int4 embedding row (2,048): 3,752,863,744 weight bytes, + the same
        // 268,697,600 KV and 10,127,872 activation bytes = 4,031,689,216 / 3.35e12 =
        // 1.2035 ms against 4.5638 ms: ×3.792; the same FLOPs and one sequence, so FLOP/s and
        // tokens/s gain as much -> "decode ×3.79 FLOP/s, ×3.79 tok/s, TPOT 3.79× faster".
        QCOMPARE(roofline::test::oneLine(
                     plotItem<QCPItemText>(*window.plot(), "decodeArrowLabel")->text()),
                 QStringLiteral("decode ×3.79 FLOP/s, ×3.79 tok/s, TPOT 3.79× faster"));
        QCOMPARE(
            roofline::test::oneLine(
                plotItem<QCPItemText>(*window.plot(), "decodeArrowLabel")->text()),
            QString::fromStdString(arrowLabel(before, now, roofline::decodeArrow(before, now))));
        QCOMPARE(window.resultsPanel()->valueLabel(QStringLiteral("baseline.tpot"))->text(),
                 QStringLiteral("4.56 ms"));  // 15,288,683,008 bytes / 3.35e12 = 4.5638 ms
        QVERIFY(window.resultsPanel()
                    ->valueLabel(QStringLiteral("ratio.tpot"))
                    ->text()
                    .endsWith(QStringLiteral("× faster")));

        QTest::keyClick(&window, Qt::Key_B, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(!window.plot()->hasBaseline());
        QVERIFY(!window.baselineScenario().has_value());
        QVERIFY(window.resultsPanel()->baselineGroup()->isHidden());
        QVERIFY(!plotItem<QCPGraph>(*window.plot(), "baselineDecode")->visible());
        QVERIFY(!plotItem<QCPItemText>(*window.plot(), "decodeArrowLabel")->visible());
    }

    void pinAndClearAreInTheScenarioMenuAndToolbar() {
        MainWindow window;
        auto* menu = window.findChild<QMenu*>(QStringLiteral("scenarioMenu"));
        QVERIFY(menu != nullptr);
        QVERIFY(menu->actions().contains(action(window, "pinBaseline")));
        QVERIFY(menu->actions().contains(action(window, "clearBaseline")));
        auto* toolbar = window.findChild<QToolBar*>(QStringLiteral("compareToolBar"));
        QVERIFY(toolbar != nullptr);
        QVERIFY(toolbar->actions().contains(action(window, "pinBaseline")));
        QCOMPARE(action(window, "pinBaseline")->shortcut(), QKeySequence(QStringLiteral("Ctrl+B")));
    }

    void saveThenOpenKeepsTheBaseline() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("compare.json"));
        MainWindow window;
        window.controller().setHardware("a100-80gb-sxm");
        window.controller().setBatch(16);
        window.pinBaseline();
        const io::ScenarioFile pinned = window.controller().scenarioFile();
        const Analysis pinnedAnalysis = window.controller().analysis();
        window.controller().setHardware("h100-sxm");
        window.controller().setBatch(64);
        QVERIFY(window.saveScenario(path));

        MainWindow other;
        QVERIFY(other.openScenario(path));
        QVERIFY(Dialogs::shownErrors().isEmpty());
        QCOMPARE(other.controller().scenarioFile(), window.controller().scenarioFile());
        QVERIFY(!other.controller().scenarioFile().baseline);  // the window keeps it
        QVERIFY(other.baselineScenario().has_value());
        QCOMPARE(*other.baselineScenario(), pinned);
        // Re-resolved and re-analysed: the ghost is where the pinned scenario was.
        QVERIFY(other.plot()->hasBaseline());
        QCOMPARE(plotItem<QCPGraph>(*other.plot(), "baselineDecode")->data()->at(0)->key,
                 pinnedAnalysis.decode().intensity());
        QVERIFY(plotItem<QCPGraph>(*other.plot(), "baselineRoof")
                    ->visible());  // an A100's roofs under an H100's

        // A file without a baseline clears the pinned one.
        const QString plain = dir.filePath(QStringLiteral("plain.json"));
        writeFile(plain, QByteArray(R"({"schema_version": 1, "hardware": "h100-sxm",
                                         "model": "llama-3.1-8b"})"));
        QVERIFY(other.openScenario(plain));
        QVERIFY(!other.plot()->hasBaseline());
        QVERIFY(!other.baselineScenario().has_value());
    }

    void saveGoesThroughTheFileDialogWrapper() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("via-dialog.json"));
        MainWindow window;
        Dialogs::setNextFileName(path);
        action(window, "saveScenario")->trigger();
        QVERIFY(QFile::exists(path));
        Dialogs::setNextFileName(QString());  // cancelled: nothing happens
        action(window, "openScenario")->trigger();
        QVERIFY(Dialogs::shownErrors().isEmpty());
    }

    void brokenScenarioFilesLeaveTheCurrentOneUntouched_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not JSON") << QByteArray("{ \"batch\": ") << QString();
        QTest::newRow("later version")
            << QByteArray(
                   R"({"schema_version": 99, "hardware": "h100-sxm", "model": "llama-3.1-8b"})")
            << QStringLiteral("/schema_version");
        QTest::newRow("bad value")
            << QByteArray(
                   R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-3.1-8b", "batch": -4})")
            << QStringLiteral("/batch");
        QTest::newRow("unknown hardware")
            << QByteArray(R"({"schema_version": 1, "hardware": "h999", "model": "llama-3.1-8b"})")
            << QStringLiteral("h999");
        QTest::newRow("bad precision")
            << QByteArray(
                   R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-3.1-8b", "weights": "int3"})")
            << QStringLiteral("/weights");
    }
    void brokenScenarioFilesLeaveTheCurrentOneUntouched() {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.json"));
        writeFile(path, content);
        MainWindow window;
        window.controller().setBatch(12);
        const io::ScenarioFile before = window.controller().scenarioFile();
        QSignalSpy spy(&window.controller(), &ui::ScenarioController::analysisChanged);
        QVERIFY(!window.openScenario(path));
        QCOMPARE(window.controller().scenarioFile(), before);
        QCOMPARE(spy.count(), 0);
        QCOMPARE(Dialogs::shownErrors().size(), 1);
        const QString message = Dialogs::shownErrors().front();
        QVERIFY2(message.contains(QStringLiteral("broken.json")), qPrintable(message));
        QVERIFY2(message.contains(expected), qPrintable(message));
        QCOMPARE(QFile(path).size(), content.size());  // never rewritten
        QVERIFY(window.recentFiles().isEmpty());
    }

    void laterVersionSaysSo() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("future.json"));
        writeFile(path,
                  R"({"schema_version": 99, "hardware": "h100-sxm", "model": "llama-3.1-8b"})");
        MainWindow window;
        QVERIFY(!window.openScenario(path));
        const QString message = Dialogs::shownErrors().value(0);
        QVERIFY2(message.contains(QStringLiteral("newer version")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("99")), qPrintable(message));
    }

    void modelConfigOpensAnyHuggingFaceConfig() {
        MainWindow window;
        const QString config = QStringLiteral(ROOFLINE_PRESET_DIR "/models/mistral-7b.json");
        QVERIFY(window.openModelConfig(config));
        QCOMPARE(window.controller().scenario().model.numQueryHeads, std::int64_t{32});
        QCOMPARE(window.controller().scenarioFile().model,
                 QFileInfo(config).absoluteFilePath().toStdString());
        QVERIFY(roofline::test::child<QComboBox>(*window.controlsPanel(), "model")
                    ->currentText()
                    .contains(QStringLiteral("mistral-7b.json")));
    }

    void aHardwareFileOpensAsTheScenariosHardware() {
        // tests/data/valid/test-accelerator.json: 2.0 TB/s and a bf16 peak of 500 TFLOP/s, so
        // the analysis runs on a 2e12 B/s slope with its ridge at 500e12 / 2e12 = 250 FLOP/B.
        MainWindow window;
        const QString path =
            QStringLiteral(ROOFLINE_PRESET_DIR "/../tests/data/valid/test-accelerator.json");
        QVERIFY(window.openHardwareFile(path));
        QCOMPARE(window.controller().scenarioFile().hardware,
                 QFileInfo(path).absoluteFilePath().toStdString());
        QCOMPARE(window.controller().analysis().memoryBandwidthBytesPerSecond, 2.0e12);
        QCOMPARE(window.controller().analysis().ridgePointFlopsPerByte, 250.0);
        QVERIFY(roofline::test::child<QComboBox>(*window.controlsPanel(), "hardware")
                    ->currentText()
                    .contains(QStringLiteral("Test Accelerator 1")));
        QVERIFY(Dialogs::shownErrors().isEmpty());
        // The menu has it, with its shortcut.
        auto* action = window.findChild<QAction*>(QStringLiteral("openHardware"));
        QVERIFY(action != nullptr);
        QCOMPARE(action->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+H")));
    }

    void aSavedScenarioKeepsItsConfigsRelativeSoACopiedFolderOpens() {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("project/configs")));
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("project/scenarios")));
        const QString config = dir.filePath(QStringLiteral("project/configs/config.json"));
        QVERIFY(QFile::copy(QStringLiteral(ROOFLINE_PRESET_DIR "/models/mistral-7b.json"), config));
        MainWindow window;
        QVERIFY(window.openModelConfig(config));
        const QString saved = dir.filePath(QStringLiteral("project/scenarios/s.json"));
        QVERIFY(window.saveScenario(saved));
        QFile file(saved);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY2(text.contains("\"model\": \"../configs/config.json\""), text.constData());
        QVERIFY2(text.contains("\"hardware\": \"h100-sxm\""), text.constData());
        file.close();

        // The folder moved (a colleague's machine): it opens from there.
        QVERIFY(QDir(dir.path()).rename(QStringLiteral("project"), QStringLiteral("moved")));
        MainWindow other;
        QVERIFY(other.openScenario(dir.filePath(QStringLiteral("moved/scenarios/s.json"))));
        QCOMPARE(other.controller().scenario().model.numQueryHeads, std::int64_t{32});
        QCOMPARE(QString::fromStdString(other.controller().scenarioFile().model),
                 QFileInfo(dir.filePath(QStringLiteral("moved/configs/config.json")))
                     .absoluteFilePath());
        QVERIFY(Dialogs::shownErrors().isEmpty());
    }

    void aBrokenHardwareFileShowsItsKeyAndKeepsTheHardware() {
        // A bandwidth of "fast": the message names the file, the key and what was found.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("my-chip.json"));
        writeFile(path, R"({"schema_version": 2, "name": "My chip", "memory_capacity_gib": 8,
            "memory_bandwidth_tb_s": "fast", "peak_dense_tflops": {"bf16": 10}})");
        MainWindow window;
        const io::ScenarioFile before = window.controller().scenarioFile();
        QVERIFY(!window.openHardwareFile(path));
        QCOMPARE(window.controller().scenarioFile(), before);
        QCOMPARE(Dialogs::shownErrors().size(), 1);
        const QString message = Dialogs::shownErrors().front();
        QVERIFY2(message.contains(QStringLiteral("my-chip.json")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("/memory_bandwidth_tb_s")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("\"fast\"")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("unchanged")), qPrintable(message));
    }

    void brokenModelConfigShowsOneErrorAndKeepsTheModel() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config.json"));
        writeFile(path, R"({"model_type": "t5", "d_model": 512})");
        MainWindow window;
        QVERIFY(!window.openModelConfig(path));
        QCOMPARE(window.controller().scenario().model.id, std::string("llama-3.1-8b"));
        QCOMPARE(Dialogs::shownErrors().size(), 1);
        QVERIFY(Dialogs::shownErrors().front().contains(QStringLiteral("/model_type")));
    }

    void aModelThatDoesNotSplitOffersTheLargestDeviceCountThatDoes() {
        // Qwen2.5-7B: 28 query heads, 4 KV heads. At TP 8 it does not split (28 / 8 is not
        // whole); the largest count <= 8 that divides both 28 and 4 is 4.
        MainWindow window;
        window.controller().setTensorParallel(8);
        QCOMPARE(window.controller().scenarioFile().workload.tensorParallel, std::int64_t{8});
        const QString config = QStringLiteral(ROOFLINE_PRESET_DIR "/models/qwen2.5-7b.json");

        Dialogs::clearShownErrors();
        Dialogs::setNextAnswer(false);  // Cancel: nothing changes
        QVERIFY(!window.openModelConfig(config));
        QCOMPARE(window.controller().scenario().model.id, std::string("llama-3.1-8b"));
        QCOMPARE(window.controller().scenarioFile().workload.tensorParallel, std::int64_t{8});
        QCOMPARE(Dialogs::shownErrors().size(), 1);  // the question, no error after it
        const QString question = Dialogs::shownErrors().front();
        QVERIFY2(question.contains(QStringLiteral("cannot be split over 8 devices")),
                 qPrintable(question));
        QVERIFY2(question.contains(QStringLiteral("tensor parallelism 4?")), qPrintable(question));

        Dialogs::setNextAnswer(true);
        QVERIFY(window.openModelConfig(config));
        QCOMPARE(window.controller().scenario().model.numQueryHeads, std::int64_t{28});
        QCOMPARE(window.controller().scenarioFile().workload.tensorParallel, std::int64_t{4});
    }

    void aRefusedConfigSaysWhyInTheMessageItself() {
        // The reason is in the message's first line, not only under Show Details.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config.json"));
        writeFile(path, R"({"model_type": "t5", "d_model": 512})");
        MainWindow window;
        Dialogs::clearShownErrors();
        QVERIFY(!window.openModelConfig(path));
        const QString first = Dialogs::shownErrors().value(0).section(QLatin1Char('\n'), 0, 0);
        QVERIFY2(first.startsWith(QStringLiteral("Could not open the model config config.json: ")),
                 qPrintable(first));
        QVERIFY2(first.contains(QStringLiteral("model_type")), qPrintable(first));
        QVERIFY2(first.endsWith(QStringLiteral("The current scenario is unchanged.")),
                 qPrintable(first));
    }

    void aRefusalMessageEndsWithTheNextChange() {
        MainWindow window;
        window.controller().setTensorParallel(3);  // 32 heads over 3: refused
        QVERIFY(!window.statusBar()->currentMessage().isEmpty());
        QCOMPARE(window.controller().scenarioFile().workload.tensorParallel, std::int64_t{1});
        window.controller().setBatch(2);
        QVERIFY2(window.statusBar()->currentMessage().isEmpty(),
                 qPrintable(window.statusBar()->currentMessage()));
    }

    void windowShortcutsWorkWhileANumberFieldHasFocus() {
        // Ctrl+E is "end of line" to a line edit on Linux; it must still export.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plot.png"));
        MainWindow window;
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QSpinBox* field =
            roofline::test::child<QSpinBox>(*window.controlsPanel(), "speculativeTokens");
        field->setFocus();
        QTRY_VERIFY(field->hasFocus());
        Dialogs::setNextFileName(path);
        Dialogs::setNextImageSize(QSize(320, 240));
        QTest::keyClick(field, Qt::Key_E, Qt::ControlModifier);
        QTRY_VERIFY(QFile::exists(path));
        // Copy stays with the field (it copies the field's text, not the plot).
        QVERIFY(field->hasFocus());
    }

    void savingWithoutAnExtensionAddsJson() {
        QTemporaryDir dir;
        MainWindow window;
        Dialogs::setNextFileName(dir.filePath(QStringLiteral("my scenario")));
        action(window, "saveScenario")->trigger();
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("my scenario.json"))));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("my scenario"))));
        Dialogs::setNextFileName(dir.filePath(QStringLiteral("kept.scenario")));
        action(window, "saveScenario")->trigger();
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("kept.scenario"))));
    }

    void exportThroughTheMenuWritesTheChosenFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plot.png"));
        MainWindow window;
        Dialogs::setNextFileName(path);
        Dialogs::setNextImageSize(QSize(640, 480));
        action(window, "exportImage")->trigger();
        const QImage image(path);
        // The chosen size is the plot's; the caption line (on by default) goes under it.
        QCOMPARE(image.size(), QSize(640, 480 + roofline::ui::captionHeight(
                                                    *window.plot(), 640, window.imageCaption())));
    }

    void presentationModeIsOneShortcutAway() {
        MainWindow window;
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(!window.presentationMode());
        const double before = window.font().pointSizeF();
        QTest::keyClick(&window, Qt::Key_F5);
        QVERIFY(window.presentationMode());
        QVERIFY(window.plot()->presentationMode());
        QCOMPARE(window.font().pointSizeF(), before * 1.5);
        QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(!window.presentationMode());
        QCOMPARE(window.font().pointSizeF(), before);
    }

    void presentationModeLeavesThePlotMostOfASmallScreen() {
        // Issue 12: at 1280×720 the docks kept their normal width at ×1.5 text and squeezed
        // the plot to about 440 px. They now give way, so the plot keeps at least half.
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setPresentationMode(true);
        QCoreApplication::processEvents();
        QVERIFY2(window.plot()->width() >= 1280 / 2 - 20,
                 qPrintable(QString::number(window.plot()->width())));
    }

    void docksCanBeHiddenLeavingThePlot() {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        roofline::test::child<QDockWidget>(window, "resultsDock")->toggleViewAction()->trigger();
        QVERIFY(!roofline::test::child<QDockWidget>(window, "resultsDock")->isVisible());
        QVERIFY(roofline::test::child<QDockWidget>(window, "controlsDock")->isVisible());
        QVERIFY(window.plot()->isVisible());
    }

    void sessionIsRestoredFromSettings() {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("test.ini")), QSettings::IniFormat);
        io::ScenarioFile saved;
        {
            MainWindow window(&settings);
            window.controller().setBatch(48);
            window.controller().setHardware("h200");
            window.setOperatorsVisible(true);
            saved = window.controller().scenarioFile();
            window.saveSession();
        }
        MainWindow restored(&settings);
        QCOMPARE(restored.controller().scenarioFile(), io::ScenarioFile{});
        restored.restoreSession(true);
        QCOMPARE(restored.controller().scenarioFile(), saved);
        QVERIFY(restored.plot()->operatorsVisible());

        MainWindow commandLine(&settings);
        commandLine.restoreSession(false);  // a scenario from the command line wins
        QCOMPARE(commandLine.controller().scenarioFile(), io::ScenarioFile{});
    }

    void sessionKeepsThePinnedBaselineQuietly() {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("test.ini")), QSettings::IniFormat);
        io::ScenarioFile pinned;
        {
            MainWindow window(&settings);
            window.controller().setBatch(4);
            window.pinBaseline();
            pinned = window.controller().scenarioFile();
            window.controller().setBatch(256);
            window.saveSession();
        }
        MainWindow restored(&settings);
        restored.restoreSession(true);
        QVERIFY(restored.baselineScenario().has_value());
        QCOMPARE(*restored.baselineScenario(), pinned);
        QVERIFY(restored.plot()->hasBaseline());
        QCOMPARE(restored.controller().scenarioFile().workload.batch, std::int64_t{256});

        // A baseline that no longer resolves is dropped without a dialog.
        io::ScenarioFile broken;
        io::ScenarioFile missing;
        missing.model = dir.filePath(QStringLiteral("moved/config.json")).toStdString();
        broken.baseline = missing;
        settings.setValue(QStringLiteral("lastScenario"),
                          QString::fromStdString(io::toJson(broken)));
        MainWindow again(&settings);
        again.restoreSession(true);
        QVERIFY(!again.plot()->hasBaseline());
        QVERIFY(Dialogs::shownErrors().isEmpty());
    }

    void everyLeverIsInTheInterventionsMenuAndToolbar() {
        MainWindow window;
        auto* menu = window.findChild<QMenu*>(QStringLiteral("interventionsMenu"));
        auto* toolbar = window.findChild<QToolBar*>(QStringLiteral("interventionsToolBar"));
        QVERIFY(menu != nullptr);
        QVERIFY(toolbar != nullptr);
        QCOMPARE(menu->actions().size(), static_cast<qsizetype>(kLeverCount));
        for (const LeverId id : kAllLevers) {
            QAction* lever = window.levers()->action(id);
            QVERIFY(lever != nullptr);
            QCOMPARE(lever->objectName(), QStringLiteral("lever-") + leverKeyText(id));
            // The engine's title; a quantization lever's bracket is its slider step's name.
            QVERIFY(lever->text().startsWith(ui::leverName(id)));
            QVERIFY(menu->actions().contains(lever));
            QVERIFY(toolbar->actions().contains(lever));
        }
        // Named as the Quantization slider's step (issue 21: one vocabulary).
        QCOMPARE(window.levers()->action(LeverId::W4a16)->iconText(),
                 QStringLiteral("W4A16 (int4)"));
    }

    void eachLeverMovesTheScenarioAsTheEngineSays_data() {
        QTest::addColumn<bool>("deepSeek");
        QTest::addColumn<int>("lever");
        for (const LeverId id : kAllLevers) {
            const QByteArray key = leverKeyText(id).toLatin1();
            QTest::newRow(("default " + key).constData()) << false << static_cast<int>(id);
            QTest::newRow(("deepseek " + key).constData()) << true << static_cast<int>(id);
        }
    }
    void eachLeverMovesTheScenarioAsTheEngineSays() {
        QFETCH(bool, deepSeek);
        QFETCH(int, lever);
        const auto id = static_cast<LeverId>(lever);
        MainWindow window;
        if (deepSeek) {
            QVERIFY(!hasErrors(window.controller().setScenarioFile(deepSeekOnEightH200())));
        }
        window.levers()->update();
        const io::ScenarioFile before = window.controller().scenarioFile();
        const Scenario base = window.controller().scenario();
        const Analysis baseAnalysis = window.controller().analysis();
        const io::AppliedLever expected = io::applyLever(before, base, id);
        QAction* leverAction = window.levers()->action(id);
        QCOMPARE(leverAction->isEnabled(), expected.plan.applicable);
        if (!expected.plan.applicable) {
            // Disabled, with the engine's reason as its tooltip; triggering changes nothing.
            QCOMPARE(leverAction->toolTip(), QStringLiteral("Does not apply: ") +
                                                 QString::fromStdString(expected.plan.reason));
            QCOMPARE(leverAction->statusTip(), leverAction->toolTip());
            QString reason;
            QVERIFY(!window.applyLever(id, &reason));
            QCOMPARE(reason, QString::fromStdString(expected.plan.reason));
            QCOMPARE(window.controller().scenarioFile(), before);
            QVERIFY(!window.plot()->hasBaseline());
            return;
        }
        leverAction->trigger();
        QCOMPARE(window.controller().scenarioFile(), expected.file);
        // The scenario before the change is the pinned baseline, shown on the plot.
        QVERIFY(window.plot()->hasBaseline());
        QVERIFY(window.baselineScenario().has_value());
        QCOMPARE(*window.baselineScenario(), before);
        QCOMPARE(plotItem<QCPGraph>(*window.plot(), "baselineDecode")->data()->at(0)->key,
                 baseAnalysis.decode().intensity());
        // The engine's sentence, under the plot and in the status bar.
        const QString sentence = QString::fromStdString(
            explainLever(id, base, baseAnalysis, window.controller().scenario(),
                         window.controller().analysis()));
        QVERIFY(!sentence.isEmpty());
        if (id == LeverId::W4a16 && !deepSeek) {
            // One sentence by hand (the rest compare the window with the engine): Llama-3.1-8B
            // on H100 at B = 1 moves 15,288,683,008 bytes per decode step in bf16 and
            // 4,031,689,216 with int4 weights (3,752,863,744 of them weights) for the same
            // 16,097,698,816 FLOPs: intensity and speed ×3.792 -> "×3.79"; TPOT 4.5638 ms ->
            // 1.2035 ms. Weights held: 16,060,522,496 bytes -> about a quarter, "4.02 GB".
            QVERIFY2(sentence.startsWith(QStringLiteral("Weights are 4× fewer bytes (16.1 GB → "
                                                        "4.02 GB): decode moves right ×3.79 up "
                                                        "the bandwidth slope (TPOT 4.56 ms → "
                                                        "1.20 ms)")),
                     qPrintable(sentence));
        }
        QCOMPARE(window.document().leverExplanation(), sentence);
        QVERIFY(!roofline::test::child<QLabel>(window, "leverExplanation")->isHidden());
        QVERIFY(roofline::test::child<QLabel>(window, "leverExplanation")
                    ->text()
                    .contains(sentence.toHtmlEscaped()));
        QVERIFY(roofline::test::child<QLabel>(window, "leverStatus")->text().endsWith(sentence));
    }

    void aLeverThatDoesNotApplyIsDisabledWithItsReason() {
        MainWindow window;
        io::ScenarioFile fp4;
        fp4.hardware = "b200";
        fp4.workload.weightPrecision = Precision::Fp4;
        fp4.workload.activationPrecision = Precision::Fp4;
        QVERIFY(!hasErrors(window.controller().setScenarioFile(fp4)));
        window.levers()->update();
        QAction* w4a4 = window.levers()->action(LeverId::W4a4);
        QVERIFY(!w4a4->isEnabled());
        QVERIFY2(w4a4->toolTip().startsWith(QStringLiteral("Does not apply: ")),
                 qPrintable(w4a4->toolTip()));
        QVERIFY(w4a4->toolTip().contains(QStringLiteral("fp4")));

        // A dense model: expert parallelism has nothing to spread.
        QVERIFY(!hasErrors(window.controller().setScenarioFile(io::ScenarioFile{})));
        window.levers()->update();
        QAction* ep = window.levers()->action(LeverId::ExpertParallel);
        QVERIFY(!ep->isEnabled());
        const LeverPlan plan = planLever(window.controller().scenario(), LeverId::ExpertParallel,
                                         io::leverContext(window.controller().scenario()));
        QVERIFY(!plan.applicable);
        QCOMPARE(ep->toolTip(),
                 QStringLiteral("Does not apply: ") + QString::fromStdString(plan.reason));
    }

    void aLeverThatDoesNotFitIsMarked() {
        MainWindow window;
        window.controller().setBatch(64);  // ×8 = 512 sequences of 2k tokens: 137 GB of KV
        window.levers()->update();
        QAction* batch = window.levers()->action(LeverId::BatchX8);
        QVERIFY(batch->isEnabled());
        QVERIFY2(batch->text().endsWith(QStringLiteral("(does not fit)")),
                 qPrintable(batch->text()));
        QVERIFY(batch->toolTip().startsWith(QStringLiteral("Does not fit in memory.")));
        QVERIFY(!window.levers()->action(LeverId::W4a16)->text().contains(QStringLiteral("fit")));
    }

    void leversFollowTheScenarioLazily() {
        MainWindow window;
        window.levers()->update();
        QAction* flash = window.levers()->action(LeverId::FlashAttention);
        QVERIFY(!flash->isEnabled());  // the default has FlashAttention on
        window.controller().setFlashAttention(false);
        // Not on every change (a dragged slider stays instant), but soon after it rests...
        QVERIFY(!flash->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(flash->isEnabled(), 2000);
        // ...and at once when the menu opens.
        window.controller().setFlashAttention(true);
        auto* menu = window.findChild<QMenu*>(QStringLiteral("interventionsMenu"));
        QMetaObject::invokeMethod(menu, "aboutToShow");
        QVERIFY(!flash->isEnabled());
    }

    void theExplanationLastsUntilTheNextChange() {
        MainWindow window;
        QVERIFY(window.applyLever(LeverId::W4a16));
        QVERIFY(!window.document().leverExplanation().isEmpty());
        window.statusBar()->showMessage(QStringLiteral("passing by"), 10);
        QVERIFY(!roofline::test::child<QLabel>(window, "leverStatus")->text().isEmpty());
        window.controller().setBatch(2);
        QVERIFY(window.document().leverExplanation().isEmpty());
        QVERIFY(roofline::test::child<QLabel>(window, "leverExplanation")->isHidden());
        QVERIFY(roofline::test::child<QLabel>(window, "leverStatus")->text().isEmpty());
        QVERIFY(window.plot()->hasBaseline());  // the baseline stays pinned
    }

    void leverAtStartUpQuartersTheDecodeBytes() {
        // roofline-explorer --lever w4a16: the default scenario, then the lever, as
        // runExplorer does. Decode reads 15.284e9 → 4.026e9 bytes per step on an H100
        // (bf16 → int4 weights, the KV cache and activations unchanged): TPOT ÷ 3.80.
        const ui::AppOptions options =
            ui::parseAppOptions({QStringLiteral("--lever"), QStringLiteral("w4a16")});
        QVERIFY(options.errors.isEmpty());
        QCOMPARE(options.levers.size(), std::size_t{1});
        MainWindow window;
        const double before = window.controller().analysis().tpotSeconds;
        QVERIFY(window.applyLever(options.levers.front()));
        const double after = window.controller().analysis().tpotSeconds;
        QVERIFY2(std::abs(before / after - 15.284 / 4.026) < 0.02,
                 qPrintable(QString::number(before / after)));
        QVERIFY(window.plot()->hasBaseline());
        QVERIFY(window.baselineScenario()->workload.weightPrecision == Precision::Bf16);
        QVERIFY(window.controller().scenarioFile().workload.weightPrecision == Precision::Int4);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"
