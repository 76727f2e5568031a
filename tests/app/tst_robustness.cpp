// SPDX-License-Identifier: GPL-3.0-or-later
// The window against what users and their machines do to it: a corrupted settings file, a
// scenario path that cannot be read, a save that cannot be written, every slider at its
// ends with the largest models on the smallest chip. Each must end in a clear message or a
// sane state: no crash, no hang, nothing lost.
//
// The tests run as root, where chmod 000 does not stop a read; unreadable paths are made
// of things no permission bit is needed for: a missing file, a directory, a FIFO (opening
// one for reading waits for a writer forever), a character device.

#include <sys/resource.h>
#include <sys/stat.h>

#include <cmath>
#include <csignal>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include "model/scenario_controller.h"
#include "panels/controls_panel.h"
#include "panels/memory_bar.h"
#include "panels/results_panel.h"
#include "panels/slider_control.h"
#include "plot/roofline_plot.h"
#include "roofline/format.h"
#include "roofline/io/scenario_file.h"
#include "test_support.h"
#include "views/dialogs.h"
#include "window/main_window.h"

using namespace roofline;
using roofline::ui::Dialogs;
using roofline::ui::MainWindow;

namespace {

bool writeFile(const QString& path, const QByteArray& content) {
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

QByteArray readFile(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// Every text the window shows for the current analysis: the results panel, the memory
/// bar, the warnings, the plot's labels, the compute-roof line and the title.
QStringList shownTexts(const MainWindow& window) {
    QStringList texts;
    for (const QLabel* label : window.resultsPanel()->findChildren<QLabel*>()) {
        texts << label->text();
    }
    texts << window.resultsPanel()->memoryBar()->text()
          << roofline::test::child<QLabel>(*window.controlsPanel(), "computeRoof")->text()
          << window.windowTitle() << window.plot()->prefillLabel() << window.plot()->decodeLabel()
          << window.plot()->ridgeLabel() << window.plot()->roofLabels();
    return texts;
}

/// A number that is not one: nan, inf, infinity (as printf and QString::number write them),
/// or the "–" that roofline::format writes for a value that is not finite.
const QRegularExpression& notANumber() {
    static const QRegularExpression re(QStringLiteral("\\b(nan|inf|infinity)\\b|–"),
                                       QRegularExpression::CaseInsensitiveOption);
    return re;
}

}  // namespace

class TestRobustness : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::keepWindowsAwayFromTheUser(); }
    void init() { Dialogs::clearShownErrors(); }

    // (1) A corrupted settings file.

    void corruptedSettingsStartFromTheDefault_data() {
        QTest::addColumn<QByteArray>("ini");
        QTest::addColumn<bool>("saysSo");  // a last scenario was there but could not be used
        static const char garbage[] = "\x00\xff\xfe[[[\x01\x02=\n\x7f\x80garbage\x00\x00";
        QTest::newRow("binary garbage") << QByteArray(garbage, sizeof garbage - 1) << false;
        QTest::newRow("absurd values")
            << QByteArray(
                   "[General]\n"
                   "lastScenario=\"{\\\"schema_version\\\": 1, \\\"hardware\\\": \\\"h100-sxm\\\", "
                   "\\\"model\\\": \\\"llama-3.1-8b\\\", \\\"batch\\\": -5}\"\n"
                   "recentFiles=/gone/1.json, /gone/2.json, /gone/2.json, , /gone/3.json, "
                   "/gone/4.json, "
                   "/gone/5.json, /gone/6.json, /gone/7.json, /gone/8.json, /gone/9.json\n"
                   "[plot]\noperators=maybe\n"
                   "[window]\ngeometry=garbage\nstate=@ByteArray(\\x1\\x2garbage)\n")
            << true;
        QTest::newRow("scenario not JSON")
            << QByteArray("[General]\nlastScenario={ \"batch\": \n") << true;
        QTest::newRow("scenario of the wrong type")
            << QByteArray("[General]\nlastScenario=@Variant(\\0\\0\\0\\x7f\\0\\0\\0\\x3)\n")
            << true;
        QTest::newRow("scenario naming a missing model file")
            << QByteArray(
                   "[General]\nlastScenario=\"{\\\"schema_version\\\": 1, \\\"hardware\\\": "
                   "\\\"h100-sxm\\\", \\\"model\\\": \\\"/nonexistent/config.json\\\"}\"\n")
            << true;
        QTest::newRow("geometry off every screen")
            << QByteArray(
                   "[window]\ngeometry=@Rect(-99999 -99999 1000000 1000000)\nstate=@Size(-5 -5)\n")
            << false;
    }
    void corruptedSettingsStartFromTheDefault() {
        QFETCH(QByteArray, ini);
        QFETCH(bool, saysSo);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("roofline.ini"));
        QVERIFY(writeFile(path, ini));
        QSettings settings(path, QSettings::IniFormat);
        MainWindow window(&settings);
        window.restoreSession(true);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        QCOMPARE(window.controller().scenarioFile(), io::ScenarioFile{});
        QCOMPARE(window.controlsPanel()->batchControl()->value(), std::int64_t{1});
        QVERIFY(!window.plot()->operatorsVisible());  // "maybe" is not a flag
        QVERIFY(window.recentFiles().size() <= 8);    // the menu's length, never more
        QVERIFY(!window.recentFiles().contains(QString()));
        QCOMPARE(window.recentFiles().removeDuplicates(), 0);
        QVERIFY(window.width() > 100 && window.height() > 100);
        QVERIFY(window.width() < 100000 && window.height() < 100000);
        const QString message = window.statusBar()->currentMessage();
        if (saysSo) {
            QVERIFY2(message.contains(QStringLiteral("could not be restored")),
                     qPrintable(message));
        }
        QVERIFY(Dialogs::shownErrors().isEmpty());  // no dialog at start-up
        for (const QString& text : shownTexts(window)) {
            QVERIFY2(!notANumber().match(text).hasMatch(), qPrintable(text));
        }
        // The session written back over the corrupted one reads whole again.
        window.controller().setBatch(48);
        window.saveSession();
        settings.sync();
        QSettings reread(path, QSettings::IniFormat);
        QCOMPARE(reread.status(), QSettings::NoError);
        MainWindow again(&reread);
        again.restoreSession(true);
        QCOMPARE(again.controller().scenarioFile(), window.controller().scenarioFile());
    }

    void recentFilesThatAreGoneSayWhenOpened() {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("roofline.ini")), QSettings::IniFormat);
        const QString gone = dir.filePath(QStringLiteral("gone.json"));
        settings.setValue(QStringLiteral("recentFiles"), QStringList{gone});
        MainWindow window(&settings);
        window.restoreSession(true);
        QCOMPARE(window.recentFiles(), QStringList{gone});
        window.controller().setBatch(16);
        const io::ScenarioFile before = window.controller().scenarioFile();
        QVERIFY(!window.openScenario(gone));
        QCOMPARE(window.controller().scenarioFile(), before);
        QCOMPARE(Dialogs::shownErrors().size(), 1);
        QVERIFY2(Dialogs::shownErrors().front().contains(QStringLiteral("gone.json")),
                 qPrintable(Dialogs::shownErrors().front()));
    }

    // (2) A scenario path that cannot be read.

    void unreadableScenarioPathsSayWhyAndChangeNothing_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("reason");  // in the message's details
        QTest::newRow("missing file")
            << QStringLiteral("missing") << QStringLiteral("No such file or directory");
        QTest::newRow("directory")
            << QStringLiteral("directory") << QStringLiteral("not a regular file");
        QTest::newRow("FIFO") << QStringLiteral("fifo") << QStringLiteral("not a regular file");
        QTest::newRow("character device")
            << QStringLiteral("device") << QStringLiteral("not a regular file");
    }
    void unreadableScenarioPathsSayWhyAndChangeNothing() {
        QFETCH(QString, kind);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        QString path = dir.filePath(QStringLiteral("scenario.json"));
        if (kind == QLatin1String("directory")) {
            QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("scenario.json")));
        } else if (kind == QLatin1String("fifo")) {
            QCOMPARE(mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        } else if (kind == QLatin1String("device")) {
            path = QStringLiteral("/dev/zero");  // endless: must not be read to the end
        }
        MainWindow window;
        window.controller().setBatch(24);
        const io::ScenarioFile before = window.controller().scenarioFile();
        QSignalSpy changes(&window.controller(), &ui::ScenarioController::analysisChanged);

        QVERIFY(!window.openScenario(path));

        QCOMPARE(window.controller().scenarioFile(), before);
        QCOMPARE(changes.count(), 0);
        QCOMPARE(Dialogs::shownErrors().size(), 1);
        const QString message = Dialogs::shownErrors().front();
        QVERIFY2(message.contains(QFileInfo(path).fileName()), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("unchanged")), qPrintable(message));
        QVERIFY2(message.contains(reason), qPrintable(message));
        QVERIFY(window.recentFiles().isEmpty());
    }

    void unreadableModelConfigPathsSayWhy() {
        QTemporaryDir dir;
        const QString fifo = dir.filePath(QStringLiteral("config.json"));
        QCOMPARE(mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
        MainWindow window;
        for (const QString& path : {fifo, dir.path()}) {
            Dialogs::clearShownErrors();
            QVERIFY(!window.openModelConfig(path));
            QCOMPARE(window.controller().scenario().model.id, std::string("llama-3.1-8b"));
            QCOMPARE(Dialogs::shownErrors().size(), 1);
            QVERIFY2(Dialogs::shownErrors().front().contains(QStringLiteral("not a regular file")),
                     qPrintable(Dialogs::shownErrors().front()));
        }
    }

    // (3) A save that cannot be written.

    void savesThatCannotBeWrittenLeaveNoTrace_data() {
        QTest::addColumn<QString>("kind");
        QTest::newRow("missing directory") << QStringLiteral("missing");
        QTest::newRow("read-only file system") << QStringLiteral("proc");
        QTest::newRow("a directory in the way") << QStringLiteral("directory");
    }
    void savesThatCannotBeWrittenLeaveNoTrace() {
        QFETCH(QString, kind);
        QTemporaryDir dir;
        QString path = dir.filePath(QStringLiteral("missing/scenario.json"));
        if (kind == QLatin1String("proc")) {
            path = QStringLiteral("/proc/roofline-scenario.json");
        } else if (kind == QLatin1String("directory")) {
            path = dir.filePath(QStringLiteral("scenario.json"));
            QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("scenario.json")));
        }
        MainWindow window;
        window.controller().setBatch(32);
        const io::ScenarioFile before = window.controller().scenarioFile();

        QVERIFY(!window.saveScenario(path));

        QCOMPARE(window.controller().scenarioFile(), before);
        QCOMPARE(Dialogs::shownErrors().size(), 1);
        const QString message = Dialogs::shownErrors().front();
        QVERIFY2(message.startsWith(QStringLiteral("Could not save the scenario to ") + path),
                 qPrintable(message));
        // And why, in the main text (issue 21): "…scenario.json: <the system's reason>.
        // Nothing was written.", one line, no details (there is no parser text).
        QVERIFY2(message.startsWith(QStringLiteral("Could not save the scenario to ") + path +
                                    QStringLiteral(": ")),
                 qPrintable(message));
        QVERIFY2(!message.contains(QLatin1Char('\n')) &&
                     message.endsWith(QStringLiteral(". Nothing was written.")) &&
                     message.size() > path.size() + 60,
                 qPrintable(message));
        QVERIFY(!QFileInfo(path).isFile());
        const QStringList left =
            QDir(dir.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden);
        QCOMPARE(left, kind == QLatin1String("directory")
                           ? QStringList{QStringLiteral("scenario.json")}
                           : QStringList());
        QVERIFY(window.recentFiles().isEmpty());
    }

    void aSaveThatFailsMidwayKeepsTheOldFile() {
        // The write fails after the save began (the file-size limit stands in for a full
        // disk): the file saved before must be there, whole, and no temporary file beside it.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("scenario.json"));
        MainWindow window;
        window.controller().setBatch(8);
        QVERIFY(window.saveScenario(path));
        const QByteArray saved = readFile(path);
        QVERIFY(saved.contains("\"batch\": 8"));

        window.controller().setBatch(512);
        rlimit old{};
        QCOMPARE(getrlimit(RLIMIT_FSIZE, &old), 0);
        const auto previousHandler = std::signal(SIGXFSZ, SIG_IGN);  // else the signal kills
        rlimit small = old;
        small.rlim_cur = 16;  // bytes: less than any scenario file
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
        const bool ok = window.saveScenario(path);
        QCOMPARE(setrlimit(RLIMIT_FSIZE, &old), 0);
        std::signal(SIGXFSZ, previousHandler);

        QVERIFY(!ok);
        QCOMPARE(readFile(path), saved);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("scenario.json")});
        QCOMPARE(Dialogs::shownErrors().size(), 1);
        QVERIFY2(Dialogs::shownErrors().front().contains(path),
                 qPrintable(Dialogs::shownErrors().front()));
        QCOMPARE(window.controller().scenarioFile().workload.batch, std::int64_t{512});
    }

    // (4) Every slider at its ends, the largest models on the smallest chip.

    void slidersAtTheirEndsShowOnlyNumbers_data() {
        QTest::addColumn<QString>("model");
        QTest::newRow("deepseek-v3") << QStringLiteral("deepseek-v3");
        QTest::newRow("llama-3.1-405b") << QStringLiteral("llama-3.1-405b");
    }
    void slidersAtTheirEndsShowOnlyNumbers() {
        QFETCH(QString, model);
        // The pattern must know whatever sign the formatter writes for a number that is not
        // one, so this asks the formatter itself (format_test pins that sign, "–").
        QVERIFY(notANumber().match(QString::fromStdString(formatNumber(std::nan("")))).hasMatch());
        MainWindow window;
        QVERIFY(window.controller().setHardware("l4").empty());
        QVERIFY(!hasErrors(window.controller().setModel(model.toStdString())));
        ui::ControlsPanel* c = window.controlsPanel();
        const QList<std::pair<const char*, QSlider*>> sliders = {
            {"batch", c->batchControl()->slider()},
            {"prompt", c->promptControl()->slider()},
            {"context", c->contextControl()->slider()},
            {"quantization", c->quantizationSlider()},
            {"GQA", c->gqaControl()->slider()}};
        const auto check = [&](const QString& where) {
            // The controls show what the controller analysed...
            const Workload& w = window.controller().scenarioFile().workload;
            QCOMPARE(c->batchControl()->value(), w.batch);
            QCOMPARE(c->batchControl()->spinBox()->value(), static_cast<int>(w.batch));
            QCOMPARE(c->promptControl()->spinBox()->value(), static_cast<int>(w.promptTokens));
            QCOMPARE(c->contextControl()->spinBox()->value(), static_cast<int>(w.contextTokens));
            // ...and every text is a number, on screen and in the plot.
            for (const QString& text : shownTexts(window)) {
                QVERIFY2(!notANumber().match(text).hasMatch(),
                         qPrintable(where + QStringLiteral(": ") + text));
            }
            for (int i = 0; i < window.plot()->customPlot()->graphCount(); ++i) {
                const auto data = window.plot()->customPlot()->graph(i)->data();
                for (auto it = data->constBegin(); it != data->constEnd(); ++it) {
                    QVERIFY2(std::isfinite(it->key) && std::isfinite(it->value), qPrintable(where));
                }
            }
        };
        for (const bool maximum : {false, true}) {
            const char* end = maximum ? "maximum" : "minimum";
            for (const auto& [name, slider] : sliders) {  // one at a time, then all together
                slider->setValue(maximum ? slider->maximum() : slider->minimum());
                check(QStringLiteral("%1 at its %2").arg(QLatin1String(name), QLatin1String(end)));
            }
            for (QComboBox* combo : {roofline::test::child<QComboBox>(*c, "kvPrecision"),
                                     roofline::test::child<QComboBox>(*c, "tensorParallel")}) {
                for (int i = 0; i < combo->count(); ++i) {
                    combo->setCurrentIndex(i);
                    emit combo->activated(i);
                    check(QStringLiteral("sliders at their %1, %2 %3")
                              .arg(QLatin1String(end), combo->toolTip(), combo->itemText(i)));
                }
            }
            roofline::test::child<QCheckBox>(*c, "flashAttention")->toggle();
            check(QStringLiteral("FlashAttention toggled"));
        }
        QVERIFY(!notANumber().match(window.statusBar()->currentMessage()).hasMatch());
    }

    void aBatchBeyondTheSliderIsShownAsItIs() {
        // A scenario file may name any batch the engine takes (up to 100,000,000); the
        // batch control grows its range rather than show another number.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("big.json"));
        QVERIFY(writeFile(path, R"({"schema_version": 1, "hardware": "l4", "model": "deepseek-v3",
                                    "batch": 100000000, "prompt_tokens": 1000000000,
                                    "context_tokens": 1000000000})"));
        MainWindow window;
        QVERIFY(window.openScenario(path));
        ui::SliderControl* batch = window.controlsPanel()->batchControl();
        QCOMPARE(batch->value(), std::int64_t{100'000'000});
        QCOMPARE(batch->spinBox()->value(), 100'000'000);
        QCOMPARE(batch->slider()->value(), batch->slider()->maximum());
        QCOMPARE(window.controlsPanel()->promptControl()->spinBox()->value(), 1'000'000'000);
        QCOMPARE(window.controlsPanel()->contextControl()->spinBox()->value(), 1'000'000'000);
        for (const QString& text : shownTexts(window)) {
            QVERIFY2(!notANumber().match(text).hasMatch(), qPrintable(text));
        }
        // Back to the usual range: the slider moves the whole way again.
        batch->slider()->setValue(0);
        QCOMPARE(window.controller().scenarioFile().workload.batch, std::int64_t{1});
    }
};

QTEST_MAIN(TestRobustness)
#include "tst_robustness.moc"
