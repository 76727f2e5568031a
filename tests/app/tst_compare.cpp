// SPDX-License-Identifier: GPL-3.0-or-later
// Compare scenarios (issue 11, "Several configurations on one plot"): several scenario files
// on one plot, each in its colour, a table side by side, and a row that swaps into the
// sliders. Expected numbers come from io::resolve + analyze() of each file, run here apart
// from the window; each cell's text is read back to a number here (test::readsAs), never
// written by the app's formatter, and one row (MI300X) is pinned to literal text derived by
// hand, so that a formatter bug cannot pass unseen.
#include <algorithm>
#include <cmath>

#include <QAbstractButton>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QMimeData>
#include <QRegularExpression>
#include <QSettings>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include "panels/compare_table.h"
#include "plot/plot_tooltip.h"
#include "plot/roofline_plot.h"
#include "roofline/format.h"
#include "roofline/io/scenario_file.h"
#include "test_support.h"
#include "window/app_options.h"
#include "window/compare_set.h"
#include "window/debounce.h"
#include "window/dialogs.h"
#include "window/main_window.h"
#include "window/scenario_controller.h"

using namespace roofline;
using roofline::ui::CompareSet;
using roofline::ui::CompareTable;
using roofline::ui::Dialogs;
using roofline::ui::MainWindow;

namespace {

/// Llama-3.1-70B at batch 16, 2048 + 2048 tokens, on `hardware` × `devices` in `precision`.
io::ScenarioFile llama70b(const char* hardware, std::int64_t devices, Precision precision) {
    io::ScenarioFile file;
    file.hardware = hardware;
    file.model = "llama-3.1-70b";
    file.workload.batch = 16;
    file.workload.promptTokens = 2048;
    file.workload.contextTokens = 2048;
    file.workload.weightPrecision = precision;
    file.workload.activationPrecision = precision;
    file.workload.kvPrecision = precision;
    file.workload.tensorParallel = devices;
    return file;
}

/// The four scenarios of the comparison.
struct Four {
    QTemporaryDir dir;
    QStringList paths;  ///< h100x4 (opened), then h200x2, mi300x, b200x2 (compared)
    std::vector<io::ScenarioFile> files;

    Four() {
        files = {llama70b("h100-sxm", 4, Precision::Bf16), llama70b("h200", 2, Precision::Fp8),
                 llama70b("mi300x", 1, Precision::Bf16), llama70b("b200", 2, Precision::Fp8)};
        const char* names[] = {"h100x4", "h200x2", "mi300x", "b200x2"};
        for (std::size_t i = 0; i < files.size(); ++i) {
            paths << write(QString::fromLatin1(names[i]), io::toJson(files[i]));
        }
    }
    QString write(const QString& stem, const std::string& text) const {
        const QString path = dir.filePath(stem + QStringLiteral(".json"));
        QFile file(path);
        if (file.open(QIODevice::WriteOnly)) {
            file.write(text.data(), static_cast<qint64>(text.size()));
        }
        return path;
    }
    QStringList compared() const { return paths.mid(1); }
};

using test::analysed;
using ui::qs;

using test::readsAs;

}  // namespace

class TestCompare : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { Dialogs::setHeadless(true); }
    void init() { Dialogs::clearShownErrors(); }

    void appOptionsTakeCompareRepeated() {
        const ui::AppOptions options = ui::parseAppOptions(
            {QStringLiteral("--compare"), QStringLiteral("a.json"), QStringLiteral("--batch"),
             QStringLiteral("8"), QStringLiteral("--compare=b.json"), QStringLiteral("--compare"),
             QStringLiteral("c.json")});
        QVERIFY2(options.errors.isEmpty(), qPrintable(options.errors.join(u'\n')));
        QCOMPARE(options.comparePaths,
                 QStringList({QStringLiteral("a.json"), QStringLiteral("b.json"),
                              QStringLiteral("c.json")}));
        QCOMPARE(options.scenario.workload.batch, std::int64_t{8});  // scenario options still apply
        const ui::AppOptions missing = ui::parseAppOptions({QStringLiteral("--compare")});
        QCOMPARE(missing.errors.size(), qsizetype{1});
        QVERIFY(missing.errors.front().contains(QStringLiteral("--compare expects a value")));
        QVERIFY(ui::appUsage().contains(QStringLiteral("--compare FILE.json")));
    }

    void fourScenariosGiveFourRowsWithEachOnesNumbers() {
        Four four;
        MainWindow window;
        QVERIFY(window.openScenario(four.paths[0]));
        QCOMPARE(window.compareSet().addFiles(four.compared()), 3);
        QVERIFY(Dialogs::shownErrors().isEmpty());
        QVERIFY(!roofline::test::child<QDockWidget>(window, "compareDock")
                     ->isHidden());  // shown when scenarios are added
        const CompareTable* table = window.compareTable();
        QCOMPARE(table->rowCount(), 4);
        const QString names[] = {QStringLiteral("h100x4 (editing)"), QStringLiteral("h200x2"),
                                 QStringLiteral("mi300x"), QStringLiteral("b200x2")};
        const QString devices[] = {QStringLiteral(" × 4"), QStringLiteral(" × 2"),
                                   QStringLiteral(" × 1"), QStringLiteral(" × 2")};
        for (int row = 0; row < 4; ++row) {
            const io::ScenarioFile& file = four.files[static_cast<std::size_t>(row)];
            const Analysis a = analysed(file);
            QCOMPARE(table->text(row, CompareTable::Name), names[row]);
            // Each number as the engine computed it, to three figures (the MI300X row's
            // literal text is derived by hand below).
            const QString ttft = table->text(row, CompareTable::Ttft);
            const QString tpot = table->text(row, CompareTable::Tpot);
            QVERIFY2(readsAs(ttft, a.ttftSeconds), qPrintable(ttft));
            QVERIFY2(readsAs(tpot, a.tpotSeconds), qPrintable(tpot));
            // Per device is the whole over D: 16 sequences / TPOT / D.
            QCOMPARE(a.decodeTokensPerSecondPerDevice,
                     a.decodeTokensPerSecond / static_cast<double>(file.workload.tensorParallel));
            const QString perDevice = table->text(row, CompareTable::TokensPerDevice);
            QVERIFY2(perDevice.endsWith(QStringLiteral(" tok/s")), qPrintable(perDevice));
            QVERIFY2(readsAs(perDevice, a.decodeTokensPerSecondPerDevice), qPrintable(perDevice));
            QCOMPARE(table->text(row, CompareTable::Batch), QStringLiteral("16"));
            QCOMPARE(table->text(row, CompareTable::Lengths), QStringLiteral("2,048 / 2,048"));
            QVERIFY(table->text(row, CompareTable::Hardware).endsWith(devices[row]));
            QCOMPARE(table->text(row, CompareTable::Fits).startsWith(QStringLiteral("yes")),
                     a.memory.fits);
            QCOMPARE(table->text(row, CompareTable::DecodeBound),
                     a.decode().bound == Bound::Memory    ? QStringLiteral("memory")
                     : a.decode().bound == Bound::Compute ? QStringLiteral("compute")
                                                          : QStringLiteral("interconnect"));
            // No price in these files: no cost (never a default); every preset here has a TDP.
            QCOMPARE(table->text(row, CompareTable::Cost), QStringLiteral("no price set"));
            QVERIFY(a.energy.has_value());
            const QString energy = table->text(row, CompareTable::Energy);
            QVERIFY2(energy.startsWith(QStringLiteral("≤ ")) &&
                         energy.endsWith(QStringLiteral("J / token")),
                     qPrintable(energy));
            QVERIFY2(readsAs(energy, a.energy->joulesPerOutputTokenMax), qPrintable(energy));
        }
        // The MI300X row by hand: Llama-3.1-70B (h 8192, 80 layers, 64/8 heads of 128, MLP
        // 28,672, vocab 128,256) in bf16 at B = 16, C = 2048 on one MI300X (5.3 TB/s,
        // 1,307.4 TFLOP/s bf16, 750 W). Weight bytes 2 · (80 · 855,638,016 matrix weights +
        // lm_head 1,050,673,152 + norms 161 · 8192 + 16 gathered embedding rows of 8192) =
        // 139,006,328,832; KV 16 · 2050 · 327,680 (read C+1 tokens, write one) =
        // 10,747,904,000; activations 16 · 49,162,752 = 786,604,032. Every operator is
        // memory-bound (the matmuls cross near 1,307.4 / 5.3 ≈ 247 ≫ 16), so TPOT =
        // 150,540,836,864 / 5.3e12 = 28.404 ms -> "28.4 ms"; 16 / 28.404 ms = 563.3 tok/s per
        // device -> "563 tok/s"; energy ≤ 750 W × 28.404 ms / 16 tokens = 1.3314 J -> "1.33 J".
        QCOMPARE(table->text(2, CompareTable::Tpot), QStringLiteral("28.4 ms"));
        QCOMPARE(table->text(2, CompareTable::TokensPerDevice), QStringLiteral("563 tok/s"));
        QCOMPARE(table->text(2, CompareTable::DecodeBound), QStringLiteral("memory"));
        QCOMPARE(table->text(2, CompareTable::Energy), QStringLiteral("≤ 1.33 J / token"));
        // Llama-3.1-70B holds ~70.6e9 parameters: 141 GB in bf16 fits one MI300X (192 GiB,
        // 186 GB usable at the default 0.9), and fp8 halves it onto two H200 or B200.
        QCOMPARE(table->text(1, CompareTable::Precisions), QStringLiteral("fp8 / fp8 / fp8"));
        QCOMPARE(table->text(2, CompareTable::Precisions), QStringLiteral("bf16 / bf16 / bf16"));
        for (int row = 0; row < 4; ++row) {
            QVERIFY(table->text(row, CompareTable::Fits).startsWith(QStringLiteral("yes")));
        }
    }

    void thePlotDrawsEachCompareScenariosPointsAndOtherRoofs() {
        Four four;
        MainWindow window;
        window.resize(1600, 1000);
        QVERIFY(window.openScenario(four.paths[0]));
        window.compareSet().addFiles(four.compared());
        const ui::CompareLayer& layer = window.plot()->compareLayer();
        // Prefill and decode of each of the three compare scenarios.
        const std::vector<QCPGraph*> points = layer.pointGraphs();
        QCOMPARE(points.size(), std::size_t{6});
        for (std::size_t i = 0; i < 3; ++i) {
            const Analysis a = analysed(four.files[i + 1]);
            QCPGraph* prefill = points[2 * i];
            QCPGraph* decode = points[2 * i + 1];
            QCOMPARE(prefill->data()->at(0)->key, a.prefill().intensity());
            QCOMPARE(prefill->data()->at(0)->value,
                     a.prefill().attainableFlopsPerSecond / ui::kFlopsPerTflop);
            QCOMPARE(decode->data()->at(0)->key, a.decode().intensity());
            QCOMPARE(decode->data()->at(0)->value,
                     a.decode().attainableFlopsPerSecond / ui::kFlopsPerTflop);
        }
        // Other chips, other roofs: H200 fp8, MI300X, B200 all differ from the H100's bf16.
        QCOMPARE(layer.visibleRoofs().size(), std::size_t{3});
        QVERIFY(layer.labelTexts().contains(QStringLiteral("mi300x")));
        // The legend names each scenario, after the hint on how to read them.
        QStringList legend;
        QVERIFY(layer.legend() != nullptr);
        for (int i = 0; i < layer.legend()->itemCount(); ++i) {
            if (auto* item = qobject_cast<QCPPlottableLegendItem*>(layer.legend()->item(i))) {
                legend << item->plottable()->name();
            }
        }
        QVERIFY(legend.contains(QStringLiteral("h200x2")));
        QVERIFY(legend.contains(QStringLiteral("b200x2")));
        QVERIFY(legend.contains(QStringLiteral("compare (◆ prefill, ● decode):")));

        // Hovering a compare point names its scenario, then the pass as the current one's.
        window.show();
        window.plot()->replot();
        const Analysis h200 = analysed(four.files[1]);
        const QPointF at(
            window.plot()->customPlot()->xAxis->coordToPixel(h200.decode().intensity()),
            window.plot()->customPlot()->yAxis->coordToPixel(
                h200.decode().attainableFlopsPerSecond / ui::kFlopsPerTflop));
        QCOMPARE(window.plot()->tooltipAt(at, 3.0),
                 QStringLiteral("h200x2: ") + ui::tooltipText(PassKind::Decode, h200.decode()));

        // The same hardware and precision as the current scenario: no second roof.
        Four same;
        QCOMPARE(window.compareSet().addFiles({same.paths[0]}), 1);
        QCOMPARE(layer.pointGraphs().size(), std::size_t{8});
        QCOMPARE(layer.visibleRoofs().size(), std::size_t{3});
        QCOMPARE(window.compareSet().entries().back().name, QStringLiteral("h100x4 (2)"));

        // The ✕ of the first compare row removes it, without making it current.
        QVERIFY(window.compareTable()->removeButton(0) == nullptr);
        QTest::mouseClick(window.compareTable()->removeButton(1), Qt::LeftButton);
        QApplication::processEvents();
        QCOMPARE(window.controller().scenarioFile(), four.files[0]);
        QCOMPARE(window.compareSet().entries().front().name, QStringLiteral("mi300x"));
        QCOMPARE(layer.pointGraphs().size(), std::size_t{6});
        QCOMPARE(window.compareTable()->rowCount(), 4);
        window.compareSet().clear();
        QVERIFY(layer.pointGraphs().empty());
        QVERIFY(layer.legend() == nullptr);
        window.plot()->replot();  // no dangling legend item
        QCOMPARE(window.compareTable()->rowCount(), 1);
    }

    void aBadFileAmongGoodOnesIsReportedAndTheOthersLoad() {
        Four four;
        MainWindow window;
        const io::ScenarioFile before = window.controller().scenarioFile();
        const QString broken = four.write(QStringLiteral("broken"), "{\"schema_version\": 1,");
        const QString unknown =
            four.write(QStringLiteral("unknown-chip"),
                       io::toJson(llama70b("h999-imaginary", 1, Precision::Bf16)));
        const QString missing = four.dir.filePath(QStringLiteral("missing.json"));
        const int added = window.compareSet().addFiles(
            {four.paths[1], broken, four.paths[2], unknown, missing, four.paths[3]});
        QCOMPARE(added, 3);
        QCOMPARE(window.compareSet().entries().size(), std::size_t{3});
        // One dialog, naming each file that failed and why.
        QCOMPARE(Dialogs::shownErrors().size(), qsizetype{1});
        const QString error = Dialogs::shownErrors().front();
        QVERIFY2(error.startsWith(QStringLiteral("Could not add 3 scenario(s)")),
                 qPrintable(error));
        QVERIFY(error.contains(QStringLiteral("broken.json")));
        QVERIFY(error.contains(QStringLiteral("unknown-chip.json")));
        QVERIFY2(error.contains(QStringLiteral("h999-imaginary")), qPrintable(error));
        QVERIFY(error.contains(QStringLiteral("missing.json")));
        // Nothing of the current work changed.
        QCOMPARE(window.controller().scenarioFile(), before);
    }

    void theComparisonHoldsSevenScenariosAtMost() {
        Four four;
        MainWindow window;
        QStringList paths;
        for (int i = 0; i < 8; ++i) {
            paths << four.paths[1 + i % 3];
        }
        QCOMPARE(window.compareSet().addFiles(paths), 7);
        QCOMPARE(Dialogs::shownErrors().size(), qsizetype{1});
        QVERIFY(Dialogs::shownErrors().front().contains(QStringLiteral("full")));
        // Seven colours, all different.
        std::vector<std::size_t> colours;
        for (const CompareSet::Entry& e : window.compareSet().entries()) {
            colours.push_back(e.colour);
        }
        std::sort(colours.begin(), colours.end());
        QVERIFY(std::adjacent_find(colours.begin(), colours.end()) == colours.end());
    }

    void selectingARowMakesItTheScenarioTheSlidersEdit() {
        ui::ManualClock clock;  // the current row's refresh waits for clock.advance()
        Four four;
        MainWindow window;
        QVERIFY(window.openScenario(four.paths[0]));
        window.compareSet().addFiles(four.compared());
        const std::size_t mi300xColour = window.compareSet().entries()[1].colour;
        const Analysis oldCurrent = window.controller().analysis();

        window.compareTable()->table()->selectRow(2);  // mi300x
        QTRY_COMPARE(window.controller().scenarioFile().hardware, std::string("mi300x"));
        QCOMPARE(window.controller().scenarioFile(), four.files[2]);
        QCOMPARE(window.controller().analysis().tpotSeconds, analysed(four.files[2]).tpotSeconds);
        // Nothing lost: the old current takes the selected one's place and colour.
        const auto& entries = window.compareSet().entries();
        QCOMPARE(entries.size(), std::size_t{3});
        QCOMPARE(entries[1].name, QStringLiteral("h100x4"));
        QCOMPARE(entries[1].file, four.files[0]);
        QCOMPARE(entries[1].colour, mi300xColour);
        QCOMPARE(entries[1].analysis.tpotSeconds, oldCurrent.tpotSeconds);
        const CompareTable* table = window.compareTable();
        QCOMPARE(table->rowCount(), 4);
        QCOMPARE(table->text(0, CompareTable::Name), QStringLiteral("mi300x (editing)"));
        QCOMPARE(table->text(2, CompareTable::Name), QStringLiteral("h100x4"));
        // The sliders now edit mi300x: the current row follows, the others stay.
        const QString h200Tpot = table->text(1, CompareTable::Tpot);
        window.controller().setBatch(32);
        io::ScenarioFile at32 = four.files[2];
        at32.workload.batch = 32;
        // The row is refreshed at most every 100 ms while a slider moves: not yet, then.
        // (B = 16 on the MI300X is 28.4 ms, derived in fourScenariosGiveFourRows…).
        QCOMPARE(table->text(0, CompareTable::Tpot), QStringLiteral("28.4 ms"));
        clock.advance(99);
        QCOMPARE(table->text(0, CompareTable::Tpot), QStringLiteral("28.4 ms"));
        clock.advance(1);
        // B = 32 on the MI300X: weights 139,006,328,832 + 16 more embedding rows (262,144),
        // KV 32 · 671,744,000, activations 32 · 49,162,752: 162,075,607,040 bytes / 5.3e12 =
        // 30.58 ms, still memory-bound -> "30.6 ms".
        QCOMPARE(table->text(0, CompareTable::Tpot), QStringLiteral("30.6 ms"));
        QVERIFY(readsAs(table->text(0, CompareTable::Tpot), analysed(at32).tpotSeconds));
        QCOMPARE(table->text(1, CompareTable::Tpot), h200Tpot);
        // And back.
        window.compareTable()->table()->selectRow(2);
        QTRY_COMPARE(window.controller().scenarioFile().hardware, std::string("h100-sxm"));
        QCOMPARE(window.controller().scenarioFile(), four.files[0]);
        QCOMPARE(window.compareSet().entries()[1].file, at32);
        QCOMPARE(window.compareSet().entries()[1].name, QStringLiteral("mi300x"));
        // Another chip is no longer that file's scenario: it is named by what it is.
        QVERIFY(!hasErrors(window.controller().setHardware("b200")));
        clock.advance(100);
        QCOMPARE(table->text(0, CompareTable::Name),
                 QStringLiteral("llama-3.1-70b@b200×4 (editing)"));
    }

    void aPinnedBaselineStaysBesideTheComparison() {
        Four four;
        MainWindow window;
        QVERIFY(window.openScenario(four.paths[0]));
        window.pinBaseline();
        window.compareSet().addFiles(four.compared());
        QVERIFY(window.plot()->hasBaseline());
        QVERIFY(window.baselineScenario().has_value());
        // Saved scenarios keep the current one and its baseline, not the comparison.
        const io::ScenarioFile saved = window.scenarioToSave();
        QVERIFY(saved.baseline.has_value());
        QCOMPARE(*saved.baseline, four.files[0]);
    }

    void droppingScenarioFilesAddsThem() {
        Four four;
        MainWindow window;
        window.show();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(four.paths[1]), QUrl::fromLocalFile(four.paths[3])});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton,
                              Qt::NoModifier);
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &drop);
        QCOMPARE(window.compareSet().entries().size(), std::size_t{2});
        QCOMPARE(window.compareSet().entries()[1].name, QStringLiteral("b200x2"));
        // Anything but .json files is not taken.
        QMimeData text;
        text.setUrls({QUrl::fromLocalFile(four.dir.filePath(QStringLiteral("notes.txt")))});
        QDragEnterEvent refused(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton,
                                Qt::NoModifier);
        refused.setAccepted(false);
        QApplication::sendEvent(&window, &refused);
        QVERIFY(!refused.isAccepted());
    }

    void theNextSessionRestoresTheComparisonFromItsFiles() {
        Four four;
        QSettings settings(four.dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
        {
            MainWindow window(&settings);
            window.compareSet().addFiles(four.compared());
            window.saveSession();
        }
        QFile::remove(four.paths[2]);  // mi300x is gone by the next start
        MainWindow next(&settings);
        next.restoreSession(true);
        QCOMPARE(next.compareSet().entries().size(), std::size_t{2});
        QCOMPARE(next.compareSet().entries()[0].name, QStringLiteral("h200x2"));
        QCOMPARE(next.compareSet().entries()[1].name, QStringLiteral("b200x2"));
        QVERIFY(Dialogs::shownErrors().isEmpty());  // said in the status bar, no dialog
        // Without restoring the scenario (a scenario on the command line), no comparison.
        MainWindow fresh(&settings);
        fresh.restoreSession(false);
        QVERIFY(fresh.compareSet().entries().empty());
    }

    void fileMenuAddsSeveralAtOnce() {
        Four four;
        MainWindow window;
        Dialogs::setNextFileNames(four.compared());
        QAction* add = window.findChild<QAction*>(QStringLiteral("addCompare"));
        QAction* clear = window.findChild<QAction*>(QStringLiteral("clearCompare"));
        QVERIFY(add != nullptr && clear != nullptr);
        QVERIFY(!clear->isEnabled());
        add->trigger();
        QCOMPARE(window.compareSet().entries().size(), std::size_t{3});
        QVERIFY(clear->isEnabled());
        clear->trigger();
        QVERIFY(window.compareSet().entries().empty());
        QVERIFY(!clear->isEnabled());
    }
};

QTEST_MAIN(TestCompare)
#include "tst_compare.moc"
