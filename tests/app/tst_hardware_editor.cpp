// SPDX-License-Identifier: GPL-3.0-or-later
// File › Edit hardware… (window/hardware_editor.h): each edit moves the analysis, a refused
// edit shows the reader's message and changes nothing, Cancel puts the hardware back, and
// Save as… writes a file that loads back equal and that the scenario then names.

#include <QAction>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "model/scenario_controller.h"
#include "model/scenario_document.h"
#include "roofline/io/presets.h"
#include "roofline/io/scenario_file.h"
#include "test_support.h"
#include "window/hardware_editor.h"
#include "window/main_window.h"

using namespace roofline;
using namespace roofline::ui;

Q_DECLARE_METATYPE(roofline::ui::DocumentChanges)

namespace {

/// What an edit may change (hardware) and what it must keep (model, workload); Scenario has
/// no operator== of its own.
bool sameScenario(const Scenario& a, const Scenario& b) {
    return a.hardware == b.hardware && a.model == b.model && a.workload == b.workload;
}

/// The default scenario's hardware (h100-sxm) as the shipped preset gives it.
Hardware h100() {
    const io::Loaded<Hardware> h = io::builtinHardware("h100-sxm");
    if (!h.ok()) {
        qFatal("h100-sxm does not load");
    }
    return *h.value;
}

}  // namespace

class TestHardwareEditor : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::keepWindowsAwayFromTheUser(); }

    void startsFromTheScenariosHardware() {
        ScenarioDocument document;
        HardwareEditor editor(document.current());
        QCOMPARE(test::child<QLineEdit>(editor, "name")->text(),
                 QStringLiteral("NVIDIA H100 SXM5 80GB"));
        // 3.35 TB/s = 3,350 GB/s; 80 GiB; bf16 989.4 TFLOP/s; NVLink 450 GB/s per direction.
        QCOMPARE(test::child<QDoubleSpinBox>(editor, "memoryBandwidth")->value(), 3350.0);
        QCOMPARE(test::child<QDoubleSpinBox>(editor, "memoryCapacity")->value(), 80.0);
        QCOMPARE(test::child<QDoubleSpinBox>(editor, "peak_bf16")->value(), 989.4);
        QCOMPARE(test::child<QDoubleSpinBox>(editor, "peak_fp4")->value(), 0.0);
        QCOMPARE(test::child<QDoubleSpinBox>(editor, "interconnectBandwidth")->value(), 450.0);
        QVERIFY(editor.issues().empty());
        QVERIFY(test::child<QLabel>(editor, "problems")->text().isEmpty());
    }

    void doublingTheBandwidthHalvesTheDecodeStep() {
        // The default scenario (Llama 3.1 8B, batch 1, bf16, one H100) decodes one token per
        // sequence: every operator does ~1 FLOP per byte against a ridge of 989.4e12 /
        // 3.35e12 = 295 FLOP/byte, so all of the step's time is memory-bound and the step is
        // Σ bytes / bandwidth (the achievable ceiling: 0.85 × the peak, a fixed fraction).
        // At 6,700 GB/s the ridge is 148, still far right of every operator: the same sum
        // over twice the bandwidth, half the time.
        ScenarioDocument document;
        ScenarioController& controller = document.current();
        const double before = controller.analysis().decode().timeSeconds;
        QCOMPARE(controller.analysis().decode().shares[Bound::Memory], 1.0);
        QSignalSpy changed(&document, &ScenarioDocument::changed);
        HardwareEditor editor(controller);
        test::child<QDoubleSpinBox>(editor, "memoryBandwidth")->setValue(6700.0);
        QVERIFY2(editor.issues().empty(), qPrintable(issuesText(editor.issues())));
        QCOMPARE(controller.scenario().hardware.memoryBandwidthBytesPerSecond, 6.7e12);
        QCOMPARE(controller.analysis().decode().timeSeconds / before, 0.5);
        // The same reference, new numbers: observers are told the hardware changed.
        QVERIFY(!changed.isEmpty());
        QVERIFY(changed.last().at(0).value<DocumentChanges>() & DocumentChange::Hardware);
        QCOMPARE(QString::fromStdString(controller.scenarioFile().hardware),
                 QStringLiteral("h100-sxm"));
    }

    void aLevelBandwidthTimesTheCacheAndDrawsItsRoof() {
        // H100 SXM lists its L2 (50 MB) without a bandwidth: listed, not timed. Typing 5.5 TB/s
        // (H100 PCIe's measured figure) times it: the default prefill (Llama 3.1 8B, one
        // 2,048-token prompt) has mlp_up's L2 bytes 124,017,180,672 (tests/presets/
        // memory_levels_test.cpp) over 5.5e12 B/s = 22.5 ms, beyond its 15.6 ms of compute
        // at 989.4 TFLOP/s: the L2 binds it. 0 in both of its fields removes the level.
        ScenarioDocument document;
        ScenarioController& controller = document.current();
        HardwareEditor editor(controller);
        QCOMPARE(test::child<QDoubleSpinBox>(editor, "cacheBandwidth")->value(), 0.0);
        // 50 MB = 47.684 MiB as the field shows it (three decimals).
        QCOMPARE(test::child<QDoubleSpinBox>(editor, "cacheCapacity")->value(), 47.684);
        test::child<QDoubleSpinBox>(editor, "cacheBandwidth")->setValue(5.5);
        QVERIFY2(editor.issues().empty(), qPrintable(issuesText(editor.issues())));
        const MemoryLevelSpec* l2 =
            controller.scenario().hardware.memoryLevel(MemoryLevel::LastLevelCache);
        QVERIFY(l2 != nullptr);
        QCOMPARE(l2->bandwidthBytesPerSecond, 5.5e12);
        QVERIFY(!l2->measured);
        const Analysis& a = controller.analysis();
        QCOMPARE(a.memoryLevels.size(), std::size_t{3});
        QVERIFY(a.memoryLevels[1].drawn());
        bool bound = false;
        for (const OperatorCost& op : a.operators) {
            if (op.pass == PassKind::Prefill && op.id == OperatorId::MlpUp) {
                bound = op.boundLevel == MemoryLevel::LastLevelCache && op.bound == Bound::Memory;
            }
        }
        QVERIFY(bound);
        test::child<QDoubleSpinBox>(editor, "cacheBandwidth")->setValue(0.0);
        test::child<QDoubleSpinBox>(editor, "cacheCapacity")->setValue(0.0);
        QVERIFY(controller.scenario().hardware.memoryLevel(MemoryLevel::LastLevelCache) == nullptr);
        editor.reject();
        QVERIFY(controller.scenario().hardware == h100());
    }

    void aRefusedEditShowsTheReadersMessageAndChangesNothing() {
        ScenarioDocument document;
        ScenarioController& controller = document.current();
        controller.setBatch(16);  // the user's scenario, which the edit must keep
        const io::ScenarioFile file = controller.scenarioFile();
        const Scenario scenario = controller.scenario();
        HardwareEditor editor(controller);
        auto* bandwidth = test::child<QDoubleSpinBox>(editor, "memoryBandwidth");
        auto* problems = test::child<QLabel>(editor, "problems");
        for (const double refused : {0.0, -100.0}) {
            bandwidth->setValue(refused);
            QVERIFY(hasErrors(editor.issues()));
            // The message the reader gives a file with that value (TB/s: 0 and -0.1).
            Hardware h = h100();
            h.memoryBandwidthBytesPerSecond = refused * 1e9;
            const io::Loaded<Hardware> read =
                io::parseHardware(io::hardwareToJson(h), "h100-sxm (edited)");
            QVERIFY(!read.ok());
            const QString message = QString::fromStdString(read.issues.front().message());
            QVERIFY2(message.contains(QStringLiteral("/memory_bandwidth_tb_s")),
                     qPrintable(message));
            QVERIFY2(problems->text().contains(message), qPrintable(problems->text()));
            QVERIFY(!test::child<QPushButton>(editor, "saveAs")->isEnabled());
            QVERIFY(controller.scenarioFile() == file);
            QVERIFY(sameScenario(controller.scenario(), scenario));
        }
        // Back to a valid value: applied, and the message goes.
        bandwidth->setValue(4000.0);
        QVERIFY(editor.issues().empty());
        QVERIFY(problems->text().isEmpty());
        QCOMPARE(controller.scenario().hardware.memoryBandwidthBytesPerSecond, 4e12);
        QCOMPARE(controller.scenarioFile().workload.batch, std::int64_t{16});
    }

    void cancelPutsTheHardwareBack() {
        ScenarioDocument document;
        ScenarioController& controller = document.current();
        const Scenario scenario = controller.scenario();
        const double before = controller.analysis().decode().timeSeconds;
        HardwareEditor editor(controller);
        test::child<QDoubleSpinBox>(editor, "memoryBandwidth")->setValue(1000.0);
        test::child<QDoubleSpinBox>(editor, "peak_bf16")->setValue(500.0);
        QTest::keyClicks(test::child<QLineEdit>(editor, "name"), QStringLiteral(" mine"));
        QVERIFY(!sameScenario(controller.scenario(), scenario));
        editor.reject();
        QVERIFY(sameScenario(controller.scenario(), scenario));
        QCOMPARE(controller.analysis().decode().timeSeconds, before);
        QCOMPARE(editor.result(), int(QDialog::Rejected));
    }

    void saveAsWritesAFileThatLoadsBackEqual() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        ScenarioDocument document;
        ScenarioController& controller = document.current();
        HardwareEditor editor(controller);
        test::child<QDoubleSpinBox>(editor, "memoryBandwidth")->setValue(5123.4);
        test::child<QDoubleSpinBox>(editor, "memoryCapacity")->setValue(96.0);
        test::child<QDoubleSpinBox>(editor, "peak_fp4")->setValue(3000.0);
        auto* name = test::child<QLineEdit>(editor, "name");
        name->clear();
        QTest::keyClicks(name, QStringLiteral("My chip"));
        QVERIFY2(editor.issues().empty(), qPrintable(issuesText(editor.issues())));

        const QString path = dir.filePath(QStringLiteral("my-chip.json"));
        Dialogs::setNextFileName(path);
        test::child<QPushButton>(editor, "saveAs")->click();
        QCOMPARE(editor.savedPath(), path);
        QCOMPARE(editor.result(), int(QDialog::Accepted));

        const io::Loaded<Hardware> loaded = io::loadHardwareFile(path.toStdString());
        QVERIFY2(loaded.ok(), describe(loaded.issues).c_str());
        Hardware expected = editor.edited();
        expected.id = "my-chip";  // the file's stem (presets/README.md)
        QVERIFY(*loaded.value == expected);
        QCOMPARE(QString::fromStdString(loaded.value->name), QStringLiteral("My chip"));
        QCOMPARE(loaded.value->memoryBandwidthBytesPerSecond, 5123.4e9);
        // The scenario names the file now, and holds what it loads.
        QCOMPARE(QString::fromStdString(controller.scenarioFile().hardware),
                 QFileInfo(path).absoluteFilePath());
        QVERIFY(controller.scenario().hardware == expected);
        // A scenario saved beside it names it relatively (io::withPathsRelativeTo).
        const io::ScenarioFile saved =
            io::withPathsRelativeTo(document.scenarioToSave(), dir.path().toStdString());
        QCOMPARE(QString::fromStdString(saved.hardware), QStringLiteral("my-chip.json"));

        // Edited again and saved over the same file: the reference stays, the numbers are new.
        HardwareEditor again(controller);
        test::child<QDoubleSpinBox>(again, "memoryBandwidth")->setValue(6000.0);
        QVERIFY(again.saveAs(path));
        const io::Loaded<Hardware> reloaded = io::loadHardwareFile(path.toStdString());
        QVERIFY2(reloaded.ok(), describe(reloaded.issues).c_str());
        QCOMPARE(reloaded.value->memoryBandwidthBytesPerSecond, 6e12);
        QVERIFY(controller.scenario().hardware == *reloaded.value);
    }

    void theWindowOffersItBesideOpenHardware() {
        MainWindow window;
        auto* edit = test::child<QAction>(window, "editHardware");
        auto* open = test::child<QAction>(window, "openHardware");
        const QList<QAction*> actions = window.menuBar()->actions().front()->menu()->actions();
        const qsizetype at = actions.indexOf(open);
        QVERIFY(at >= 0);
        QCOMPARE(actions.value(at + 1), edit);
    }

    void rendersReadably() {
        // For a look (ROOFLINE_EDITOR_PNG=/tmp/x.png), and a size that fits a laptop screen.
        ScenarioDocument document;
        HardwareEditor editor(document.current());
        test::child<QDoubleSpinBox>(editor, "memoryBandwidth")->setValue(0.0);
        editor.resize(editor.sizeHint());
        QVERIFY(editor.sizeHint().width() <= 900);
        QVERIFY(editor.sizeHint().height() <= 700);
        const QByteArray png = qgetenv("ROOFLINE_EDITOR_PNG");
        if (!png.isEmpty()) {
            QVERIFY(editor.grab().save(QString::fromLocal8Bit(png)));
        }
    }
};

QTEST_MAIN(TestHardwareEditor)
#include "tst_hardware_editor.moc"
