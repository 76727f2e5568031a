// SPDX-License-Identifier: GPL-3.0-or-later
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "app_options.h"
#include "roofline/io/scenario_file.h"
#include "roofline/version.h"
#include "test_support.h"

using roofline::kAllLevers;
using roofline::LeverId;
using roofline::leverKey;
using roofline::Precision;
using roofline::ui::AppOptions;
using roofline::ui::parseAppOptions;
namespace io = roofline::io;

class TestAppOptions : public QObject {
    Q_OBJECT
private slots:
    void noArgumentsMeansTheDefault() {
        const AppOptions o = parseAppOptions({});
        QVERIFY(o.errors.isEmpty());
        QCOMPARE(o.scenario, io::ScenarioFile{});
        QVERIFY(!o.scenarioFromCommandLine);
        QVERIFY(o.grabPath.isEmpty());
        QCOMPARE(o.benchmarkSteps, 0);
    }

    void scenarioOptionsAreRooflineClis() {
        const AppOptions o = parseAppOptions(
            {QStringLiteral("--hardware"), QStringLiteral("h200"), QStringLiteral("--batch=16"),
             QStringLiteral("--weights"), QStringLiteral("int4"), QStringLiteral("--gqa-ratio"),
             QStringLiteral("8"), QStringLiteral("--flash-attention"), QStringLiteral("off")});
        QVERIFY2(o.errors.isEmpty(), qPrintable(o.errors.join(QLatin1Char('\n'))));
        QVERIFY(o.scenarioFromCommandLine);
        QCOMPARE(o.scenario.hardware, std::string("h200"));
        QCOMPARE(o.scenario.workload.batch, std::int64_t{16});
        QCOMPARE(precisionName(o.scenario.workload.weightPrecision),
                 precisionName(Precision::Int4));
        QCOMPARE(o.scenario.workload.flashAttention, false);
        QCOMPARE(o.gqaRatio, std::int64_t{8});
    }

    void windowOptions() {
        const AppOptions o = parseAppOptions(
            {QStringLiteral("--grab"), QStringLiteral("out.png"), QStringLiteral("--size"),
             QStringLiteral("800x600"), QStringLiteral("--presentation"), QStringLiteral("--batch"),
             QStringLiteral("4"), QStringLiteral("--benchmark-interaction=40"),
             QStringLiteral("--first-frame")});
        QVERIFY2(o.errors.isEmpty(), qPrintable(o.errors.join(QLatin1Char('\n'))));
        QCOMPARE(o.grabPath, QStringLiteral("out.png"));
        QCOMPARE(o.size, QSize(800, 600));
        QVERIFY(o.presentation);
        QVERIFY(o.firstFrame);
        QCOMPARE(o.benchmarkSteps, 40);
        QCOMPARE(o.scenario.workload.batch, std::int64_t{4});
    }

    void scenarioFileThenOptionsOnTop() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        io::ScenarioFile file;
        file.model = "mistral-7b";
        file.workload.batch = 32;
        file.workload.promptTokens = 512;
        {
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QByteArray::fromStdString(io::toJson(file)));
        }
        const AppOptions o =
            parseAppOptions({path, QStringLiteral("--batch"), QStringLiteral("2")});
        QVERIFY2(o.errors.isEmpty(), qPrintable(o.errors.join(QLatin1Char('\n'))));
        QCOMPARE(o.scenarioPath, path);
        QCOMPARE(o.scenario.model, std::string("mistral-7b"));
        QCOMPARE(o.scenario.workload.promptTokens, std::int64_t{512});
        QCOMPARE(o.scenario.workload.batch, std::int64_t{2});  // the option wins
        QVERIFY(o.scenarioFromCommandLine);
    }

    void baselineFilePinsASavedScenario() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("base.json"));
        io::ScenarioFile base;
        base.hardware = "a100-80gb-sxm";
        base.workload.batch = 16;
        base.baseline = io::ScenarioFile{};  // a baseline's own baseline is not pinned
        {
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QByteArray::fromStdString(io::toJson(base)));
        }
        const AppOptions o = parseAppOptions({QStringLiteral("--baseline"), path,
                                              QStringLiteral("--weights"), QStringLiteral("int4")});
        QVERIFY2(o.errors.isEmpty(), qPrintable(o.errors.join(QLatin1Char('\n'))));
        QCOMPARE(o.baselinePath, path);
        QVERIFY(o.scenario.baseline);
        QCOMPARE(o.scenario.baseline->hardware, std::string("a100-80gb-sxm"));
        QCOMPARE(o.scenario.baseline->workload.batch, std::int64_t{16});
        QVERIFY(!o.scenario.baseline->baseline);
        QVERIFY(o.scenario.workload.weightPrecision == Precision::Int4);
        QVERIFY(o.scenarioPath.isEmpty());

        const AppOptions missing = parseAppOptions(
            {QStringLiteral("--baseline"), dir.filePath(QStringLiteral("none.json"))});
        QCOMPARE(missing.errors.size(), 1);
        QVERIFY(missing.errors[0].contains(QStringLiteral("baseline")));
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("bad size") << QStringList{QStringLiteral("--size"), QStringLiteral("big")}
                                  << QStringLiteral("--size");
        QTest::newRow("bad steps")
            << QStringList{QStringLiteral("--benchmark-interaction"), QStringLiteral("0")}
            << QStringLiteral("--benchmark-interaction");
        QTest::newRow("unknown") << QStringList{QStringLiteral("--frobnicate")}
                                 << QStringLiteral("--frobnicate");
        QTest::newRow("bad batch") << QStringList{QStringLiteral("--batch"), QStringLiteral("x")}
                                   << QStringLiteral("--batch");
        QTest::newRow("missing file") << QStringList{QStringLiteral("/no/such/scenario.json")}
                                      << QStringLiteral("/no/such/scenario.json");
        QTest::newRow("two files")
            << QStringList{QStringLiteral("a.json"), QStringLiteral("b.json")}
            << QStringLiteral("b.json");
        QTest::newRow("unknown lever")
            << QStringList{QStringLiteral("--lever"), QStringLiteral("w3a7")}
            << QStringLiteral("unknown lever 'w3a7'; the levers are: w8a16, w4a16, w8a8, w4a4, "
                              "kv-fp8, gqa-8, batch-x8, spec-ngram, spec-draft, "
                              "flash-attention, tp-x2, expert-parallel, next-hardware");
        QTest::newRow("lever without id") << QStringList{QStringLiteral("--lever")}
                                          << QStringLiteral("--lever expects a value");
        QTest::newRow("grab without file")
            << QStringList{QStringLiteral("--grab")} << QStringLiteral("--grab");
    }
    void usageErrors() {
        QFETCH(QStringList, arguments);
        QFETCH(QString, fragment);
        const AppOptions o = parseAppOptions(arguments);
        QVERIFY(!o.errors.isEmpty());
        QVERIFY2(o.errors.join(QLatin1Char('\n')).contains(fragment),
                 qPrintable(o.errors.join(QLatin1Char('\n'))));
    }

    void leverNamesOneLever() {
        const AppOptions o = parseAppOptions(
            {QStringLiteral("--lever"), QStringLiteral("w4a16"), QStringLiteral("--grab"),
             QStringLiteral("x.png")});
        QVERIFY2(o.errors.isEmpty(), qPrintable(o.errors.join(QLatin1Char('\n'))));
        QVERIFY(o.lever == LeverId::W4a16);
        QVERIFY(parseAppOptions({QStringLiteral("--lever=next-hardware")}).lever ==
                LeverId::NextHardware);
        QVERIFY(!parseAppOptions({}).lever);
    }

    void leverDoesNotGoWithBaseline() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("base.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const std::string json = io::toJson(io::ScenarioFile{});
        file.write(json.data(), static_cast<qint64>(json.size()));
        file.close();
        const AppOptions o = parseAppOptions({QStringLiteral("--lever"), QStringLiteral("tp-x2"),
                                              QStringLiteral("--baseline"), path});
        QCOMPARE(o.errors.size(), 1);
        QVERIFY(o.errors[0].contains(QStringLiteral("--baseline")));
    }

    void helpListsTheScenarioOptions() {
        QVERIFY(parseAppOptions({QStringLiteral("--help")}).help);
        const QString usage = roofline::ui::appUsage();
        QVERIFY(usage.contains(QStringLiteral("--gqa-ratio")));
        QVERIFY(usage.contains(QStringLiteral("--grab")));
        QVERIFY(usage.contains(QStringLiteral("--benchmark-interaction")));
        QVERIFY(usage.contains(QStringLiteral("--lever ID")));
        for (const LeverId id : kAllLevers) {  // every lever id, by name
            const std::string_view key = leverKey(id);
            QVERIFY2(usage.contains(QLatin1Char(' ') +
                                    QString::fromLatin1(key.data(),
                                                        static_cast<qsizetype>(key.size()))),
                     key.data());
        }
    }

    void versionIsTheProjectVersion() {
        const AppOptions o = parseAppOptions({QStringLiteral("--version")});
        QVERIFY(o.version);
        QVERIFY(o.errors.isEmpty());
        // project(VERSION) in CMakeLists.txt, through the generated roofline/version.h.
        QCOMPARE(roofline::ui::appVersion(),
                 QStringLiteral("roofline-explorer " ROOFLINE_VERSION));
        QVERIFY(QRegularExpression(QStringLiteral("^roofline-explorer \\d+\\.\\d+\\.\\d+$"))
                    .match(roofline::ui::appVersion())
                    .hasMatch());
    }
};

QTEST_GUILESS_MAIN(TestAppOptions)
#include "tst_app_options.moc"
