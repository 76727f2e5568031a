// SPDX-License-Identifier: GPL-3.0-or-later
// Every file of the broken-file corpus (tests/data/invalid, listed in its MANIFEST.tsv),
// opened through the window the way a user would: a scenario with File > Open scenario, a
// model config with File > Open model config, a course with Course > Open course file, a
// hardware preset or a calibration profile named by a scenario. Each
// must give one clear message (the file, the JSON Pointer, the manifest's fragment) and
// leave the current scenario, its analysis and the recent-files list as they were.

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "model/scenario_controller.h"
#include "roofline/io/scenario_file.h"
#include "views/dialogs.h"
#include "window/main_window.h"

using namespace roofline;
using roofline::ui::Dialogs;
using roofline::ui::MainWindow;

class TestInvalidCorpus : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("roofline-tests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_invalid_corpus"));
        Dialogs::setHeadless(true);  // record the messages without opening 56 boxes
    }
    void init() { Dialogs::clearShownErrors(); }

    void everyBrokenFileIsRefusedAndChangesNothing_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("fragment");
        QFile manifest(QStringLiteral(ROOFLINE_TEST_DATA_DIR "/invalid/MANIFEST.tsv"));
        QVERIFY(manifest.open(QIODevice::ReadOnly | QIODevice::Text));
        int rows = 0;
        while (!manifest.atEnd()) {
            const QString line = QString::fromUtf8(manifest.readLine()).chopped(1);
            if (line.isEmpty() || line.startsWith(QLatin1Char('#'))) {
                continue;
            }
            const QStringList cells = line.split(QLatin1Char('\t'));
            QCOMPARE(cells.size(), 4);
            QTest::newRow(qPrintable(cells[0])) << cells[0] << cells[1] << cells[2] << cells[3];
            ++rows;
        }
        QVERIFY(rows >= 50);
    }

    void everyBrokenFileIsRefusedAndChangesNothing() {
        QFETCH(QString, file);
        QFETCH(QString, kind);
        QFETCH(QString, pointer);
        QFETCH(QString, fragment);
        const QString path = QStringLiteral(ROOFLINE_TEST_DATA_DIR "/invalid/") + file;

        MainWindow window;
        window.controller().setBatch(24);
        window.controller().setSequenceLength(8192);
        const io::ScenarioFile before = window.controller().scenarioFile();
        const double tpotBefore = window.controller().analysis().tpotSeconds;
        QSignalSpy spy(&window.controller(), &ui::ScenarioController::analysisChanged);

        bool opened = true;
        QTemporaryDir dir;
        if (kind == QLatin1String("scenario")) {
            opened = window.openScenario(path);
        } else if (kind == QLatin1String("course")) {
            opened = window.openCourse(path);  // Course › Open course file…
        } else if (kind == QLatin1String("model")) {
            opened = window.openModelConfig(path);
        } else if (kind == QLatin1String("calibration")) {
            // A calibration profile reaches the window through a scenario of the estimate
            // ceiling that names its path.
            const QString scenario = dir.filePath(QStringLiteral("uses-broken-profile.json"));
            QFile out(scenario);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QStringLiteral(R"({"schema_version": 1, "hardware": "h100-sxm", )"
                                     R"("model": "llama-3.1-8b", "ceilings": "estimate", )"
                                     R"("calibration": "%1"})")
                          .arg(path)
                          .toUtf8());
            out.close();
            opened = window.openScenario(scenario);
        } else {
            // A hardware preset reaches the window through a scenario that names its path.
            const QString scenario = dir.filePath(QStringLiteral("uses-broken-hardware.json"));
            QFile out(scenario);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QStringLiteral(R"({"schema_version": 1, "hardware": "%1", )"
                                     R"("model": "llama-3.1-8b"})")
                          .arg(path)
                          .toUtf8());
            out.close();
            opened = window.openScenario(scenario);
        }

        QVERIFY(!opened);
        QCOMPARE(window.controller().scenarioFile(), before);
        QCOMPARE(window.controller().analysis().tpotSeconds, tpotBefore);
        QCOMPARE(spy.count(), 0);
        QVERIFY(window.recentFiles().isEmpty());
        QCOMPARE(Dialogs::shownErrors().size(), 1);
        const QString message = Dialogs::shownErrors().front();
        QVERIFY2(message.contains(file), qPrintable(message));
        QVERIFY2(pointer.isEmpty() || message.contains(pointer), qPrintable(message));
        QVERIFY2(message.contains(fragment), qPrintable(message));
    }
};

QTEST_MAIN(TestInvalidCorpus)
#include "tst_invalid_corpus.moc"
