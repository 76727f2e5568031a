// SPDX-License-Identifier: GPL-3.0-or-later
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "roofline/io/scenario_file.h"
#include "roofline/io/scenario_options.h"
#include "roofline/version.h"
#include "test_support.h"
#include "window/app_options.h"

using roofline::kAllLevers;
using roofline::LeverId;
using roofline::leverKey;
using roofline::Precision;
using roofline::ui::AppOptions;
using roofline::ui::parseAppOptions;
using roofline::ui::WindowOption;
using roofline::ui::windowOptionTable;
namespace io = roofline::io;

namespace {

QString fromStd(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QString joined(const AppOptions& o) { return o.errors.join(QLatin1Char('\n')); }

/// "-h" for a one-letter name, "--grab" for the others (as --help writes them).
QString dashed(const QString& name) {
    return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
}

}  // namespace

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
             QStringLiteral("--first-frame"), QStringLiteral("--scene"),
             QStringLiteral("out.json")});
        QVERIFY2(o.errors.isEmpty(), qPrintable(o.errors.join(QLatin1Char('\n'))));
        QCOMPARE(o.grabPath, QStringLiteral("out.png"));
        QCOMPARE(o.scenePath, QStringLiteral("out.json"));
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
            << QStringLiteral(
                   "unknown lever 'w3a7'; the levers are: w8a16, w4a16, w8a8, w4a4, "
                   "kv-fp8, gqa-8, batch-x8, spec-ngram, spec-draft, "
                   "flash-attention, tp-x2, expert-parallel, next-hardware");
        QTest::newRow("lever without id")
            << QStringList{QStringLiteral("--lever")} << QStringLiteral("--lever expects a value");
        QTest::newRow("grab without file")
            << QStringList{QStringLiteral("--grab")} << QStringLiteral("--grab");
        QTest::newRow("scene without grab")
            << QStringList{QStringLiteral("--scene"), QStringLiteral("out.json")}
            << QStringLiteral("--scene describes the image of --grab: it needs --grab");
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
        const AppOptions o = parseAppOptions({QStringLiteral("--lever"), QStringLiteral("w4a16"),
                                              QStringLiteral("--grab"), QStringLiteral("x.png")});
        QVERIFY2(o.errors.isEmpty(), qPrintable(o.errors.join(QLatin1Char('\n'))));
        QVERIFY(o.levers == std::vector<LeverId>{LeverId::W4a16});
        QVERIFY(parseAppOptions({QStringLiteral("--lever=next-hardware")}).levers ==
                std::vector<LeverId>{LeverId::NextHardware});
        QVERIFY(parseAppOptions({}).levers.empty());
    }

    // Issue 21: levers stack, so --lever takes them in order, separated by commas; an
    // unknown one in the list is named.
    void leverTakesAStackInOrder() {
        const AppOptions o = parseAppOptions({QStringLiteral("--lever=w4a16,kv-fp8")});
        QVERIFY2(o.errors.isEmpty(), qPrintable(o.errors.join(QLatin1Char('\n'))));
        QVERIFY((o.levers == std::vector<LeverId>{LeverId::W4a16, LeverId::KvFp8}));
        const AppOptions bad =
            parseAppOptions({QStringLiteral("--lever"), QStringLiteral("w4a16,w3")});
        QCOMPARE(bad.errors.size(), 1);
        QVERIFY2(bad.errors[0].contains(QStringLiteral("unknown lever 'w3'")),
                 qPrintable(bad.errors[0]));
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
        QVERIFY(usage.contains(QStringLiteral("--lever ID[,ID...]")));
        for (const LeverId id : kAllLevers) {  // every lever id, by name
            const std::string_view key = leverKey(id);
            QVERIFY2(
                usage.contains(QLatin1Char(' ') +
                               QString::fromLatin1(key.data(), static_cast<qsizetype>(key.size()))),
                key.data());
        }
    }

    // Both tables reach --help: each row's names with its value name, and its whole help
    // (whitespace aside: appUsage() wraps it).
    void sloOptionsTakePositiveMilliseconds() {
        const AppOptions options = roofline::ui::parseAppOptions(
            {QStringLiteral("--slo-tpot-ms"), QStringLiteral("50"),
             QStringLiteral("--slo-ttft-ms=2000"), QStringLiteral("--report"),
             QStringLiteral("review.md")});
        QVERIFY2(options.errors.isEmpty(), qPrintable(options.errors.join(u'\n')));
        QCOMPARE(options.sloTpotMs, QStringLiteral("50"));
        QCOMPARE(options.sloTtftMs, QStringLiteral("2000"));
        QCOMPARE(options.reportPath, QStringLiteral("review.md"));
        for (const char* bad : {"0", "-5", "fast", "inf"}) {
            const AppOptions refused = roofline::ui::parseAppOptions(
                {QStringLiteral("--slo-ttft-ms"), QLatin1String(bad)});
            QCOMPARE(refused.errors.size(), qsizetype{1});
            QCOMPARE(refused.errors.front(),
                     QStringLiteral("--slo-ttft-ms expects milliseconds above 0, got '%1'")
                         .arg(QLatin1String(bad)));
        }
    }

    void playTakesASliderAndARange() {
        // Issue 20: --play batch|prompt|context[:FROM:TO], --record FOLDER with it.
        const AppOptions options =
            roofline::ui::parseAppOptions({QStringLiteral("--play"), QStringLiteral("batch:1:64"),
                                           QStringLiteral("--record"), QStringLiteral("frames")});
        QVERIFY2(options.errors.isEmpty(), qPrintable(options.errors.join(u'\n')));
        QCOMPARE(options.play, QStringLiteral("batch"));
        QVERIFY(options.playRange.has_value());
        QCOMPARE(options.playRange->first, std::int64_t{1});
        QCOMPARE(options.playRange->second, std::int64_t{64});
        QCOMPARE(options.recordPath, QStringLiteral("frames"));
        const AppOptions whole =
            roofline::ui::parseAppOptions({QStringLiteral("--play"), QStringLiteral("context")});
        QCOMPARE(whole.play, QStringLiteral("context"));
        QVERIFY(!whole.playRange.has_value());
        for (const char* bad : {"gqa", "batch:64:1", "batch:0:8", "batch:1", "prompt:1:2:3"}) {
            const AppOptions refused =
                roofline::ui::parseAppOptions({QStringLiteral("--play"), QLatin1String(bad)});
            QCOMPARE(refused.errors.size(), qsizetype{1});
            QVERIFY2(refused.errors.front().startsWith(QStringLiteral("--play expects")),
                     qPrintable(refused.errors.front()));
            QVERIFY2(
                refused.errors.front().endsWith(QStringLiteral("got '%1'").arg(QLatin1String(bad))),
                qPrintable(refused.errors.front()));
        }
        const AppOptions alone =
            roofline::ui::parseAppOptions({QStringLiteral("--record"), QStringLiteral("frames")});
        QCOMPARE(
            alone.errors,
            QStringList{QStringLiteral(
                "--record writes the frames of a sweep: it needs --play (e.g. --play batch)")});
    }

    void everyRowOfBothTablesIsInTheHelp() {
        const QString usage = roofline::ui::appUsage();
        const QString flat = usage.simplified();
        // 24 and the estimate's --engine and --calibration (issue 19).
        QCOMPARE(io::scenarioOptionTable().size(), std::size_t{27});
        for (const io::ScenarioOption& row : io::scenarioOptionTable()) {
            const QString label = fromStd(row.name) + QLatin1Char(' ') + fromStd(row.valueName);
            QVERIFY2(usage.contains(QStringLiteral("  ") + label), qPrintable(label));
            QVERIFY2(flat.contains(fromStd(row.help).simplified()), qPrintable(label));
        }
        // presentation baseline compare lever measured lesson course step answer reveal view
        // operators grab scene report slo-tpot-ms slo-ttft-ms play record size
        // benchmark-interaction benchmark-play first-frame version help: 25 rows.
        QCOMPARE(windowOptionTable().size(), std::size_t{25});
        for (const WindowOption& row : windowOptionTable()) {
            const QString label = row.names.join(QLatin1Char(' '));
            for (const QString& name : row.names) {
                QVERIFY2(usage.contains(dashed(name)), qPrintable(label));
            }
            QVERIFY2(usage.contains(row.valueName), qPrintable(label));
            QVERIFY2(flat.contains(row.help.simplified()), qPrintable(label));
            QVERIFY2(!row.help.isEmpty() && static_cast<bool>(row.apply), qPrintable(label));
        }
        // How a row is laid out, pinned: two spaces, the names (the short one first), the
        // value name, the help from column 32.
        QVERIFY2(usage.contains(QStringLiteral("\n  --size WxH                   ")),
                 qPrintable(usage));
        QVERIFY2(usage.contains(QStringLiteral("\n  -h, --help                   ")),
                 qPrintable(usage));
        // The wrapped window part stays within 80 columns.
        const QString windowPart = usage.mid(usage.indexOf(QStringLiteral("Window options:")));
        for (const QString& line : windowPart.split(QLatin1Char('\n'))) {
            QVERIFY2(line.size() <= 80, qPrintable(line));
        }
    }

    // Every name of both tables is known to the parser: none is an unknown option, and each
    // takes a value exactly when its row has a value name.
    void everyRowIsParsed() {
        QStringList all;
        for (const io::ScenarioOption& row : io::scenarioOptionTable()) {
            all << fromStd(row.name);
        }
        for (const WindowOption& row : windowOptionTable()) {
            for (const QString& name : row.names) {
                all << dashed(name);
                const AppOptions o = parseAppOptions({dashed(name)});
                if (name == QLatin1String("reveal")) {  // a course's: courseOptions()
                    QCOMPARE(joined(o), QStringLiteral("--step, --answer and --reveal are about a "
                                                       "course: they need --course"));
                } else if (row.valueName.isEmpty()) {  // a flag on its own is fine
                    QVERIFY2(o.errors.isEmpty(), qPrintable(joined(o)));
                } else {
                    QCOMPARE(joined(o), dashed(name) + QStringLiteral(" expects a value"));
                }
            }
        }
        for (const QString& name : all) {
            const AppOptions o = parseAppOptions({name + QStringLiteral("=x")});
            QVERIFY2(!joined(o).contains(QStringLiteral("unknown option")), qPrintable(name));
        }
    }

    // Issue 20: --course opens a shipped course (or a file) at --step; --answer and --reveal
    // are about its step, so none of the three goes without --course, and a course brings
    // its own scenarios.
    void courseOptions() {
        const AppOptions ok = parseAppOptions(
            {QStringLiteral("--course"), QStringLiteral("roofline-of-llm-serving"),
             QStringLiteral("--step"), QStringLiteral("3"), QStringLiteral("--answer=30")});
        QVERIFY2(ok.errors.isEmpty(), qPrintable(joined(ok)));
        QCOMPARE(ok.course, QStringLiteral("roofline-of-llm-serving"));
        QCOMPARE(ok.step, 3);
        QCOMPARE(ok.answer, QStringLiteral("30"));
        QVERIFY(!ok.scenarioFromCommandLine);
        const AppOptions unknown =
            parseAppOptions({QStringLiteral("--course"), QStringLiteral("no-such-course")});
        QVERIFY2(joined(unknown).contains(QStringLiteral("a shipped course id")),
                 qPrintable(joined(unknown)));
        QVERIFY(!parseAppOptions({QStringLiteral("--step=0"), QStringLiteral("--course"),
                                  QStringLiteral("roofline-of-llm-serving")})
                     .errors.isEmpty());
        QVERIFY(!parseAppOptions({QStringLiteral("--step=2")}).errors.isEmpty());
        QVERIFY(!parseAppOptions({QStringLiteral("--course=roofline-of-llm-serving"),
                                  QStringLiteral("--batch=8")})
                     .errors.isEmpty());
        QVERIFY(!parseAppOptions({QStringLiteral("--course=roofline-of-llm-serving"),
                                  QStringLiteral("--answer=1"), QStringLiteral("--reveal")})
                     .errors.isEmpty());
    }

    // llama-3.1-8b has 32 query heads. --gqa-ratio 4 then --kv-heads 2: the KV heads are 2
    // (the ratio is dropped). --kv-heads 2 then --gqa-ratio 4: 32 / 4 = 8 KV heads.
    void scenarioOptionsApplyInTheOrderGiven() {
        const AppOptions ratioFirst =
            parseAppOptions({QStringLiteral("--gqa-ratio"), QStringLiteral("4"),
                             QStringLiteral("--kv-heads"), QStringLiteral("2")});
        QVERIFY2(ratioFirst.errors.isEmpty(), qPrintable(joined(ratioFirst)));
        QCOMPARE(ratioFirst.gqaRatio, std::int64_t{0});
        const io::ResolvedScenario a = io::resolve(ratioFirst.scenario, ratioFirst.gqaRatio);
        QVERIFY(a.ok());
        QCOMPARE(a.scenario.model.numQueryHeads, std::int64_t{32});
        QCOMPARE(a.scenario.workload.kvHeadsOverride, std::int64_t{2});

        const AppOptions headsFirst =
            parseAppOptions({QStringLiteral("--kv-heads=2"), QStringLiteral("--gqa-ratio=4")});
        QVERIFY2(headsFirst.errors.isEmpty(), qPrintable(joined(headsFirst)));
        QCOMPARE(headsFirst.gqaRatio, std::int64_t{4});
        const io::ResolvedScenario b = io::resolve(headsFirst.scenario, headsFirst.gqaRatio);
        QVERIFY(b.ok());
        QCOMPARE(b.scenario.workload.kvHeadsOverride, std::int64_t{8});

        // Repeated: the last wins, window options between them or not.
        const AppOptions twice = parseAppOptions(
            {QStringLiteral("--batch"), QStringLiteral("4"), QStringLiteral("--presentation"),
             QStringLiteral("--weights=int4"), QStringLiteral("--batch=9"),
             QStringLiteral("--weights"), QStringLiteral("fp8")});
        QVERIFY2(twice.errors.isEmpty(), qPrintable(joined(twice)));
        QCOMPARE(twice.scenario.workload.batch, std::int64_t{9});
        QCOMPARE(precisionName(twice.scenario.workload.weightPrecision),
                 precisionName(Precision::Fp8));
    }

    // A value that starts with '-' is still the option's value, in both spellings: the
    // row's own check rejects it, naming the option.
    void negativeValueReachesTheRow() {
        const QString expected =
            QStringLiteral("--batch expects an integer from 1 to 100000000, got '-5'");
        for (const QStringList& args :
             {QStringList{QStringLiteral("--batch=-5")},
              QStringList{QStringLiteral("--batch"), QStringLiteral("-5")}}) {
            const AppOptions o = parseAppOptions(args);
            QCOMPARE(o.errors, QStringList{expected});
            QCOMPARE(o.scenario.workload.batch, std::int64_t{1});  // unchanged
        }
        const AppOptions grab =
            parseAppOptions({QStringLiteral("--grab"), QStringLiteral("-odd.png")});
        QVERIFY2(grab.errors.isEmpty(), qPrintable(joined(grab)));
        QCOMPARE(grab.grabPath, QStringLiteral("-odd.png"));
    }

    void unknownOptionIsNamed() {
        QCOMPARE(parseAppOptions({QStringLiteral("--frobnicate")}).errors,
                 QStringList{QStringLiteral("unknown option '--frobnicate' (see --help)")});
        QCOMPARE(parseAppOptions(
                     {QStringLiteral("--frob=3"), QStringLiteral("--batch"), QStringLiteral("2")})
                     .errors,
                 QStringList{QStringLiteral("unknown option '--frob' (see --help)")});
        QCOMPARE(parseAppOptions({QStringLiteral("-x")}).errors,
                 QStringList{QStringLiteral("unknown option '-x' (see --help)")});
        // A flag given a value is refused and left unset.
        const AppOptions flag = parseAppOptions({QStringLiteral("--presentation=yes")});
        QCOMPARE(
            flag.errors,
            QStringList{QStringLiteral("--presentation takes no value, got '--presentation=yes'")});
        QVERIFY(!flag.presentation);
        // A single-dash word is the long option, not letters: "-batch 8" sets the batch
        // and does not ask for help (its 'h').
        const AppOptions single = parseAppOptions({QStringLiteral("-batch"), QStringLiteral("8")});
        QVERIFY2(single.errors.isEmpty(), qPrintable(single.errors.join(QLatin1Char('\n'))));
        QVERIFY(!single.help);
        QCOMPARE(single.scenario.workload.batch, std::int64_t{8});
        QCOMPARE(parseAppOptions({QStringLiteral("-frob")}).errors,
                 QStringList{QStringLiteral("unknown option '--frob' (see --help)")});
    }

    void missingValueIsNamed() {
        QCOMPARE(parseAppOptions({QStringLiteral("--batch")}).errors,
                 QStringList{QStringLiteral("--batch expects a value")});
        // The option before it was applied; the last one lacks its value.
        const AppOptions o = parseAppOptions(
            {QStringLiteral("--batch"), QStringLiteral("3"), QStringLiteral("--size")});
        QCOMPARE(o.errors, QStringList{QStringLiteral("--size expects a value")});
        QCOMPARE(o.scenario.workload.batch, std::int64_t{3});
    }

    void compareKeepsItsOrderAndSizeIsParsed() {
        const AppOptions o = parseAppOptions({QStringLiteral("--compare"), QStringLiteral("b.json"),
                                              QStringLiteral("--size"), QStringLiteral("1024x700"),
                                              QStringLiteral("--compare=a.json")});
        QVERIFY2(o.errors.isEmpty(), qPrintable(joined(o)));
        QCOMPARE(o.comparePaths, (QStringList{QStringLiteral("b.json"), QStringLiteral("a.json")}));
        QCOMPARE(o.size, QSize(1024, 700));
        QVERIFY(!o.scenarioFromCommandLine);  // compare files are not the scenario
    }

    void optionsAfterTheScenarioFile() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.json"));
        {
            QFile out(path);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(QByteArray::fromStdString(io::toJson(io::ScenarioFile{})));
        }
        const AppOptions o = parseAppOptions({QStringLiteral("--tp"), QStringLiteral("2"), path,
                                              QStringLiteral("--presentation"),
                                              QStringLiteral("--tp"), QStringLiteral("4")});
        QVERIFY2(o.errors.isEmpty(), qPrintable(joined(o)));
        QCOMPARE(o.scenarioPath, path);
        QVERIFY(o.presentation);
        QCOMPARE(o.scenario.workload.tensorParallel, std::int64_t{4});
        // "--" ends the options: what follows is the scenario file, whatever it looks like.
        QCOMPARE(parseAppOptions({QStringLiteral("--"), QStringLiteral("--odd.json")}).scenarioPath,
                 QStringLiteral("--odd.json"));
        QCOMPARE(parseAppOptions({path, QStringLiteral("other.json")}).errors,
                 QStringList{QStringLiteral(
                     "unexpected argument 'other.json': one scenario file at most")});
    }

    void versionIsTheProjectVersion() {
        const AppOptions o = parseAppOptions({QStringLiteral("--version")});
        QVERIFY(o.version);
        QVERIFY(o.errors.isEmpty());
        // project(VERSION) in CMakeLists.txt, through the generated roofline/version.h.
        QCOMPARE(roofline::ui::appVersion(), QStringLiteral("roofline-explorer " ROOFLINE_VERSION));
        QVERIFY(QRegularExpression(QStringLiteral("^roofline-explorer \\d+\\.\\d+\\.\\d+$"))
                    .match(roofline::ui::appVersion())
                    .hasMatch());
    }
};

QTEST_GUILESS_MAIN(TestAppOptions)
#include "tst_app_options.moc"
