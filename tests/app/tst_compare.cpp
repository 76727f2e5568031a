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
#include <QCheckBox>
#include <QClipboard>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QRegularExpression>
#include <QSettings>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include "model/debounce.h"
#include "model/plot_tooltip.h"
#include "model/scenario_controller.h"
#include "panels/compare_table.h"
#include "plot/roofline_plot.h"
#include "roofline/format.h"
#include "roofline/io/scenario_file.h"
#include "test_support.h"
#include "views/dialogs.h"
#include "views/frontier_view.h"
#include "window/app_options.h"
#include "window/compare_set.h"
#include "window/main_window.h"

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
        // Names as the files are named; the row the sliders edit is marked, not renamed.
        QVERIFY(table->isEditing(0));
        QCOMPARE(table->text(0, CompareTable::Remove), QStringLiteral("✎"));
        QVERIFY(table->removeButton(0) == nullptr);
        const QString names[] = {QStringLiteral("h100x4"), QStringLiteral("h200x2"),
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
        // Nothing lost, nothing moved: the old current is a compare scenario at its own
        // place (first), in the first colour none had (h200x2, mi300x, b200x2 took 0, 1, 2);
        // mi300x stays third, marked as edited, and keeps its colour for later.
        const auto& entries = window.compareSet().entries();
        QCOMPARE(entries.size(), std::size_t{3});
        QCOMPARE(entries[0].name, QStringLiteral("h100x4"));
        QCOMPARE(entries[0].file, four.files[0]);
        QCOMPARE(entries[0].colour, std::size_t{3});
        QCOMPARE(entries[0].analysis.tpotSeconds, oldCurrent.tpotSeconds);
        QCOMPARE(window.compareSet().currentPlace(), std::size_t{2});
        QCOMPARE(window.compareSet().currentColour(), std::optional<std::size_t>(mi300xColour));
        const CompareTable* table = window.compareTable();
        QCOMPARE(table->rowCount(), 4);
        QCOMPARE(table->text(0, CompareTable::Name), QStringLiteral("h100x4"));
        QCOMPARE(table->text(2, CompareTable::Name), QStringLiteral("mi300x"));
        QVERIFY(table->isEditing(2));
        QCOMPARE(table->text(2, CompareTable::Remove), QStringLiteral("✎"));
        QVERIFY(table->removeButton(2) == nullptr);
        QVERIFY(table->removeButton(0) != nullptr);
        // The sliders now edit mi300x: its row follows, the others stay.
        const QString h200Tpot = table->text(1, CompareTable::Tpot);
        window.controller().setBatch(32);
        io::ScenarioFile at32 = four.files[2];
        at32.workload.batch = 32;
        // The row is refreshed at most every 100 ms while a slider moves: not yet, then.
        // (B = 16 on the MI300X is 28.4 ms, derived in fourScenariosGiveFourRows…).
        QCOMPARE(table->text(2, CompareTable::Tpot), QStringLiteral("28.4 ms"));
        clock.advance(99);
        QCOMPARE(table->text(2, CompareTable::Tpot), QStringLiteral("28.4 ms"));
        clock.advance(1);
        // B = 32 on the MI300X: weights 139,006,328,832 + 16 more embedding rows (262,144),
        // KV 32 · 671,744,000, activations 32 · 49,162,752: 162,075,607,040 bytes / 5.3e12 =
        // 30.58 ms, still memory-bound -> "30.6 ms".
        QCOMPARE(table->text(2, CompareTable::Tpot), QStringLiteral("30.6 ms"));
        QVERIFY(readsAs(table->text(2, CompareTable::Tpot), analysed(at32).tpotSeconds));
        QCOMPARE(table->text(1, CompareTable::Tpot), h200Tpot);
        // And back to h100x4, first row: mi300x, edited, is a compare scenario again, third,
        // in its own colour.
        window.compareTable()->table()->selectRow(0);
        QTRY_COMPARE(window.controller().scenarioFile().hardware, std::string("h100-sxm"));
        QCOMPARE(window.controller().scenarioFile(), four.files[0]);
        QCOMPARE(window.compareSet().entries()[1].file, at32);
        QCOMPARE(window.compareSet().entries()[1].name, QStringLiteral("mi300x"));
        QCOMPARE(window.compareSet().entries()[1].colour, mi300xColour);
        QCOMPARE(window.compareSet().currentPlace(), std::size_t{0});
        QCOMPARE(window.compareSet().currentColour(), std::optional<std::size_t>(3));
        // Another chip is no longer that file's scenario: it is named by what it is, the
        // hardware's name without vendor ("NVIDIA B200 (HGX/DGX, 1000 W)") × devices, and
        // its precision; never "(editing)".
        QVERIFY(!hasErrors(window.controller().setHardware("b200")));
        clock.advance(100);
        QCOMPARE(table->text(0, CompareTable::Name), QStringLiteral("B200 ×4 bf16"));
    }

    void everyRowKeepsItsColourAndPlaceWhateverIsSelected() {
        Four four;
        MainWindow window;
        QVERIFY(window.openScenario(four.paths[0]));
        window.compareSet().addFiles(four.compared());
        CompareTable* table = window.compareTable();
        // Before any selection the current scenario has no colour of its own (the phase
        // hues); the three compared take the first three.
        QCOMPARE(table->colour(0), std::optional<std::size_t>());
        QCOMPARE(table->colour(1), std::optional<std::size_t>(0));
        QCOMPARE(table->colour(2), std::optional<std::size_t>(1));
        QCOMPARE(table->colour(3), std::optional<std::size_t>(2));
        // Once compared (select another row), h100x4 takes the first free colour, 3, for good.
        const QString names[] = {QStringLiteral("h100x4"), QStringLiteral("h200x2"),
                                 QStringLiteral("mi300x"), QStringLiteral("b200x2")};
        const std::size_t colours[] = {3, 0, 1, 2};
        const char* hardware[] = {"h100-sxm", "h200", "mi300x", "b200"};
        for (const int selected : {1, 0, 3, 2, 1, 3, 0}) {
            table->table()->selectRow(selected);
            QTRY_COMPARE(window.controller().scenarioFile().hardware,
                         std::string(hardware[selected]));
            QCOMPARE(window.compareSet().currentPlace(), static_cast<std::size_t>(selected));
            for (int row = 0; row < 4; ++row) {
                QCOMPARE(table->text(row, CompareTable::Name), names[row]);
                QCOMPARE(table->colour(row), std::optional<std::size_t>(colours[row]));
                QCOMPARE(table->isEditing(row), row == selected);
            }
            // The plot draws the three others in the same colours, in the same order.
            const std::vector<ui::CompareEntry>& plotted = window.plot()->compareLayer().entries();
            QCOMPARE(plotted.size(), std::size_t{3});
            std::size_t i = 0;
            for (int row = 0; row < 4; ++row) {
                if (row != selected) {
                    QCOMPARE(plotted[i].name, names[row]);
                    QCOMPARE(plotted[i].colour, colours[row]);
                    ++i;
                }
            }
        }
        // Removing a row before the edited one moves the rows after it up, colours kept.
        QTest::mouseClick(table->removeButton(1), Qt::LeftButton);  // h200x2; h100x4 is edited
        QTRY_COMPARE(table->rowCount(), 3);
        QCOMPARE(table->text(0, CompareTable::Name), QStringLiteral("h100x4"));
        QVERIFY(table->isEditing(0));
        QCOMPARE(table->text(1, CompareTable::Name), QStringLiteral("mi300x"));
        QCOMPARE(table->colour(1), std::optional<std::size_t>(1));
        QCOMPARE(table->colour(2), std::optional<std::size_t>(2));
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

    void theNextSessionRestoresTheComparisonAsEdited() {
        Four four;
        QSettings settings(four.dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
        io::ScenarioFile mi300xEdited = four.files[2];
        {
            MainWindow window(&settings);
            QVERIFY(window.openScenario(four.paths[0]));
            window.compareSet().addFiles(four.compared());
            // Edit mi300x (batch 32, $2.5 per device-hour), then edit h100x4 again: mi300x
            // is a compare scenario with edits its file does not have.
            window.compareTable()->table()->selectRow(2);
            QTRY_COMPARE(window.controller().scenarioFile().hardware, std::string("mi300x"));
            window.controller().setBatch(32);
            window.controller().setPricePerDeviceHour(2.5);
            mi300xEdited.workload.batch = 32;
            mi300xEdited.workload.pricePerDeviceHourUsd = 2.5;
            window.compareTable()->table()->selectRow(1);  // h200x2 is edited now, second
            QTRY_COMPARE(window.controller().scenarioFile().hardware, std::string("h200"));
            QCOMPARE(window.compareSet().entries()[1].file, mi300xEdited);
            // The Frontier's SLOs and its tokens-per-$ toggle.
            window.frontierView()->sloTpotEdit()->setText(QStringLiteral("50"));
            window.frontierView()->sloTtftEdit()->setText(QStringLiteral("2000"));
            window.frontierView()->tokensPerDollarCheck()->setChecked(true);
            window.saveSession();
        }
        QFile::remove(four.paths[2]);  // mi300x's file is gone: its scenario is in the session
        MainWindow next(&settings);
        next.restoreSession(true);
        const auto& entries = next.compareSet().entries();
        QCOMPARE(entries.size(), std::size_t{3});
        // h100x4 (colour 3), [h200x2 edited, colour 0], mi300x (1) as edited, b200x2 (2).
        QCOMPARE(entries[0].name, QStringLiteral("h100x4"));
        QCOMPARE(entries[0].file, four.files[0]);
        QCOMPARE(entries[0].colour, std::size_t{3});
        QCOMPARE(entries[1].name, QStringLiteral("mi300x"));
        QCOMPARE(entries[1].file, mi300xEdited);
        QCOMPARE(entries[1].colour, std::size_t{1});
        QCOMPARE(entries[2].name, QStringLiteral("b200x2"));
        QCOMPARE(entries[2].colour, std::size_t{2});
        QCOMPARE(next.controller().scenarioFile(), four.files[1]);
        QCOMPARE(next.compareSet().currentPlace(), std::size_t{1});
        QCOMPARE(next.compareSet().currentColour(), std::optional<std::size_t>(0));
        const CompareTable* table = next.compareTable();
        QCOMPARE(table->text(1, CompareTable::Name), QStringLiteral("h200x2"));
        QVERIFY(table->isEditing(1));
        // Its price gives a cost: $2.5 × 1 device × 10⁶ / (3600 s × 563.3 tok/s) = $1.233 per
        // million tokens at B = 16; at B = 32, 32 / 30.58 ms = 1,046 tok/s: $0.6637 -> "$0.664".
        QCOMPARE(table->text(2, CompareTable::Cost), QStringLiteral("$0.664 / M tokens"));
        QCOMPARE(next.frontierView()->sloTpotEdit()->text(), QStringLiteral("50"));
        QCOMPARE(next.frontierView()->sloTtftEdit()->text(), QStringLiteral("2000"));
        QVERIFY(next.frontierView()->tokensPerDollarCheck()->isChecked());
        QVERIFY(Dialogs::shownErrors().isEmpty());

        // A stored scenario that no longer parses (a hand edit) is left out, said in the
        // status bar, not a dialog; the others load.
        settings.setValue(QStringLiteral("compare/scenarios/2/scenario"), QStringLiteral("{"));
        MainWindow damaged(&settings);
        damaged.restoreSession(true);
        QCOMPARE(damaged.compareSet().entries().size(), std::size_t{2});
        QVERIFY(Dialogs::shownErrors().isEmpty());
        // Without restoring the scenario (a scenario on the command line), no comparison.
        MainWindow fresh(&settings);
        fresh.restoreSession(false);
        QVERIFY(fresh.compareSet().entries().empty());
    }

    void anOlderSessionsPathsStillLoad() {
        Four four;
        QSettings settings(four.dir.filePath(QStringLiteral("old.ini")), QSettings::IniFormat);
        settings.setValue(QStringLiteral("compare/paths"), four.compared());
        MainWindow window(&settings);
        window.restoreSession(true);
        QCOMPARE(window.compareSet().entries().size(), std::size_t{3});
        QCOMPARE(window.compareSet().entries()[2].name, QStringLiteral("b200x2"));
        QCOMPARE(window.compareSet().entries()[2].file, four.files[3]);
    }

    void aHeaderClickSortsAndMarksTheBestRow() {
        Four four;
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(window.openScenario(four.paths[0]));
        window.compareSet().addFiles(four.compared());
        CompareTable* table = window.compareTable();
        QHeaderView* header = table->table()->horizontalHeader();
        const auto click = [&](CompareTable::Column column) {
            const QPoint at(
                header->sectionViewportPosition(column) + header->sectionSize(column) / 2,
                header->height() / 2);
            QTest::mouseClick(header->viewport(), Qt::LeftButton, {}, at);
        };
        const auto names = [&] {
            QStringList shown;
            for (int row = 0; row < table->rowCount(); ++row) {
                shown << table->text(row, CompareTable::Name);
            }
            return shown;
        };
        // Which way is better is said once, per column.
        QCOMPARE(CompareTable::better(CompareTable::Tpot), CompareTable::Better::Lower);
        QCOMPARE(CompareTable::better(CompareTable::Ttft), CompareTable::Better::Lower);
        QCOMPARE(CompareTable::better(CompareTable::Cost), CompareTable::Better::Lower);
        QCOMPARE(CompareTable::better(CompareTable::TokensPerDevice), CompareTable::Better::Higher);
        QCOMPARE(CompareTable::better(CompareTable::Batch), CompareTable::Better::None);
        QCOMPARE(table->bestRow(), -1);  // no sort, no mark

        // TPOT as `roofline-cli analyze --scenario tests/data/valid/compare/*.json` gives it:
        // b200x2 5.536 ms, h200x2 8.701 ms, h100x4 12.23 ms, mi300x 28.40 ms. Lower is better:
        // ascending first, b200x2 on top and marked.
        click(CompareTable::Tpot);
        QCOMPARE(table->sortColumn(), CompareTable::Tpot);
        QCOMPARE(names(), QStringList({QStringLiteral("b200x2"), QStringLiteral("h200x2"),
                                       QStringLiteral("h100x4"), QStringLiteral("mi300x")}));
        QCOMPARE(table->bestRow(), 0);
        QVERIFY(table->table()->item(0, CompareTable::Tpot)->font().bold());
        QVERIFY(!table->table()->item(1, CompareTable::Tpot)->font().bold());
        QVERIFY(!table->table()->item(0, CompareTable::Ttft)->font().bold());
        QCOMPARE(table->table()->item(0, CompareTable::Tpot)->toolTip(),
                 QStringLiteral("Best of the 4 scenario(s) shown: lower is better"));
        // Again: reversed, the best (b200x2) still marked, now last.
        click(CompareTable::Tpot);
        QCOMPARE(names(), QStringList({QStringLiteral("mi300x"), QStringLiteral("h100x4"),
                                       QStringLiteral("h200x2"), QStringLiteral("b200x2")}));
        QCOMPARE(table->bestRow(), 3);
        // Decode tok/s per device, the CLI's decode_tokens_per_s ÷ devices: b200x2 2,890.3 / 2
        // = 1,445, h200x2 1,839.0 / 2 = 919.5, mi300x 563.3 / 1, h100x4 1,308.1 / 4 = 327.0.
        // Higher is better: descending first.
        click(CompareTable::TokensPerDevice);
        QCOMPARE(names(), QStringList({QStringLiteral("b200x2"), QStringLiteral("h200x2"),
                                       QStringLiteral("mi300x"), QStringLiteral("h100x4")}));
        QCOMPARE(table->bestRow(), 0);
        QCOMPARE(table->text(3, CompareTable::TokensPerDevice), QStringLiteral("327 tok/s"));
        // No price in these files: nothing to call best, the rows keep their order.
        click(CompareTable::Cost);
        QCOMPARE(table->bestRow(), -1);
        // The scenario edited is where the sort puts it, and a row selected in a sorted table
        // is the scenario shown there.
        click(CompareTable::Tpot);  // b200x2, h200x2, h100x4 (edited), mi300x
        QVERIFY(table->isEditing(2));
        table->table()->selectRow(3);
        QTRY_COMPARE(window.controller().scenarioFile().hardware, std::string("mi300x"));
        QCOMPARE(names(), QStringList({QStringLiteral("b200x2"), QStringLiteral("h200x2"),
                                       QStringLiteral("h100x4"), QStringLiteral("mi300x")}));
        QVERIFY(table->isEditing(3));
        // Back to the rows' own order.
        table->sortBy(CompareTable::Remove, Qt::AscendingOrder);
        QCOMPARE(names(), QStringList({QStringLiteral("h100x4"), QStringLiteral("h200x2"),
                                       QStringLiteral("mi300x"), QStringLiteral("b200x2")}));
        QCOMPARE(table->bestRow(), -1);
    }

    void theTableCopiesAsTsvAndExportsCsv() {
        Four four;
        MainWindow window;
        QVERIFY(window.openScenario(four.paths[0]));
        window.compareSet().addFiles({four.paths[2]});  // mi300x
        CompareTable* table = window.compareTable();
        QApplication::clipboard()->clear();
        QTest::mouseClick(roofline::test::child<QAbstractButton>(*table, "compareCopy"),
                          Qt::LeftButton);
        // The table as shown. MI300X by hand (fourScenariosGiveFourRows…): TPOT 28.4 ms, 563
        // tok/s, ≤ 1.33 J; TTFT is the CLI's 3.652 s; memory 141.1 GB of weights + 10.74 GB KV
        // + 1.21 GB workspace = 153.06 GB of 0.9 × 192 GiB = 185.5 GB usable.
        const QStringList lines = QApplication::clipboard()->text().split(u'\n');
        QCOMPARE(lines.size(), 4);  // header, two rows, and the last line's end
        QCOMPARE(lines[0], QStringLiteral("Scenario\tHardware × devices\tWeights / act. / KV\t"
                                          "Batch\tPrompt / context\tTTFT\tTPOT\tDecode tok/s "
                                          "per device\tCost\tEnergy (max)\tDecode bound\tFits "
                                          "(memory per device)"));
        QCOMPARE(lines[2], QStringLiteral("mi300x\tAMD Instinct MI300X × 1\tbf16 / bf16 / bf16\t"
                                          "16\t2,048 / 2,048\t3.65 s\t28.4 ms\t563 tok/s\tno "
                                          "price set\t≤ 1.33 J / token\tmemory\tyes: 153 GB of "
                                          "186 GB"));
        QVERIFY(lines[1].startsWith(QStringLiteral("h100x4\tNVIDIA H100 SXM5 80GB × 4\t")));
        QCOMPARE(lines[3], QString());
        QCOMPARE(table->tsv(), QApplication::clipboard()->text());

        // CSV: the engine's numbers at 10 figures (the CLI's JSON: ttft_s 3.652061620046469,
        // tpot_s 0.028403931483773584, decode_tokens_per_s 563.30230232883 on 1 device,
        // joules_per_output_token_max 1.3314342883018866, total_bytes 153062137856,
        // usable_bytes 185542587187.2), no cost without a price, in the order shown: sorted by
        // TPOT, mi300x (28.4 ms) after h100x4 (12.2 ms), descending puts it first.
        table->sortBy(CompareTable::Tpot, Qt::DescendingOrder);
        const QString path = four.dir.filePath(QStringLiteral("comparison.csv"));
        Dialogs::setNextFileName(path);
        QTest::mouseClick(roofline::test::child<QAbstractButton>(*table, "compareExportCsv"),
                          Qt::LeftButton);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList csv = QString::fromUtf8(file.readAll()).split(u'\n');
        QCOMPARE(csv.size(), 4);
        QCOMPARE(csv[0],
                 QStringLiteral("scenario,editing,hardware,devices,weights,activations,kv_cache,"
                                "batch,prompt_tokens,context_tokens,ttft_s,tpot_s,"
                                "decode_tokens_per_s_per_device,output,usd_per_million_outputs,"
                                "joules_per_output_max,decode_bound,fits,memory_bytes,"
                                "usable_memory_bytes"));
        QCOMPARE(csv[1], QStringLiteral("mi300x,false,AMD Instinct MI300X,1,bf16,bf16,bf16,16,2048,"
                                        "2048,3.65206162,0.02840393148,563.3023023,token,,"
                                        "1.331434288,memory,true,1.530621379e+11,1.855425872e+11"));
        QVERIFY(csv[2].startsWith(QStringLiteral("h100x4,true,NVIDIA H100 SXM5 80GB,4,bf16,")));
        QCOMPARE(csv[3], QString());
        QVERIFY(Dialogs::shownErrors().isEmpty());
    }

    void theShippedFourSayTheyAreNotLikeForLike() {
        // The README's four files: Llama-3.1-70B at batch 16, 2,048 / 2,048 tokens, peak
        // ceilings, on H100×4 and MI300X in bf16, H200×2 and B200×2 in fp8.
        const QString dir = QStringLiteral(ROOFLINE_PRESET_DIR "/../tests/data/valid/compare/");
        MainWindow window;
        QVERIFY(window.openScenario(dir + QStringLiteral("h100x4.json")));
        QCOMPARE(window.compareSet().addFiles({dir + QStringLiteral("h200x2.json"),
                                               dir + QStringLiteral("mi300x.json"),
                                               dir + QStringLiteral("b200x2.json")}),
                 3);
        // Rows named by hardware × devices as the presets name the chips, vendor and remark
        // left out ("NVIDIA H100 SXM5 80GB", "AMD Instinct MI300X", "NVIDIA B200 (HGX/DGX,
        // 1000 W)"); the bf16 pair first, as the first row runs bf16.
        const QString expected = QStringLiteral(
            "Not like for like: H100 SXM5 80GB ×4 and Instinct MI300X run bf16, "
            "H200 SXM 141GB ×2 and B200 ×2 fp8.");
        QCOMPARE(window.compareSet().fairnessNote(), expected);
        const auto* note = roofline::test::child<QLabel>(*window.compareTable(), "compareNote");
        QCOMPARE(note->text(), expected);
        QVERIFY(!note->isHidden());
        // The current scenario in fp8 too: only the MI300X differs now, and the lengths of
        // the edited row join in, by name, in a clause of their own.
        Workload fp8 = window.controller().scenario().workload;
        fp8.weightPrecision = Precision::Fp8;
        fp8.activationPrecision = Precision::Fp8;
        fp8.kvPrecision = Precision::Fp8;
        fp8.contextTokens = 8192;
        window.controller().setWorkload(fp8);
        QCOMPARE(window.controller().scenario().workload, fp8);
        QTRY_COMPARE(note->text(),
                     QStringLiteral("Not like for like: H100 SXM5 80GB ×4, H200 SXM 141GB ×2 and "
                                    "B200 ×2 run fp8, Instinct MI300X bf16; H100 SXM5 80GB ×4 "
                                    "has 2,048 / 8,192 prompt / context tokens, H200 SXM 141GB "
                                    "×2, Instinct MI300X and B200 ×2 2,048 / 2,048."));
        // Like for like: no note.
        window.compareSet().remove(1);  // mi300x
        window.controller().setContextTokens(2048);
        QTRY_VERIFY(note->isHidden());
        QCOMPARE(window.compareSet().fairnessNote(), QString());
    }

    void aComparisonSavesToAFileAndOpensAsItWas() {
        Four four;
        const QString path = four.dir.filePath(QStringLiteral("review.json"));
        io::ScenarioFile mi300xPriced = four.files[2];
        mi300xPriced.workload.pricePerDeviceHourUsd = 3.0;
        {
            MainWindow window;
            QVERIFY(window.openScenario(four.paths[0]));
            window.compareSet().addFiles(four.compared());
            window.compareTable()->table()->selectRow(2);  // mi300x, edited, priced
            QTRY_COMPARE(window.controller().scenarioFile().hardware, std::string("mi300x"));
            window.controller().setPricePerDeviceHour(3.0);
            Dialogs::setNextFileName(path);
            window.findChild<QAction*>(QStringLiteral("saveComparison"))->trigger();
        }
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(root.value(QStringLiteral("comparison_version")).toInt(), 1);
        QCOMPARE(root.value(QStringLiteral("editing")).toInt(), 2);
        const QJsonArray rows = root.value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), qsizetype{4});
        QCOMPARE(rows[0].toObject().value(QStringLiteral("name")).toString(),
                 QStringLiteral("h100x4"));
        QCOMPARE(rows[0].toObject().value(QStringLiteral("colour")).toInt(), 3);
        QCOMPARE(rows[2]
                     .toObject()
                     .value(QStringLiteral("scenario"))
                     .toObject()
                     .value(QStringLiteral("price_per_device_hour_usd"))
                     .toDouble(),
                 3.0);

        // Another window opens it: the same rows, places, colours, edits and price.
        MainWindow next;
        Dialogs::setNextFileName(path);
        next.findChild<QAction*>(QStringLiteral("openComparison"))->trigger();
        QVERIFY2(Dialogs::shownErrors().isEmpty(), qPrintable(Dialogs::shownErrors().join(u'\n')));
        QCOMPARE(next.controller().scenarioFile(), mi300xPriced);
        QCOMPARE(next.compareSet().currentPlace(), std::size_t{2});
        const CompareTable* table = next.compareTable();
        const QString names[] = {QStringLiteral("h100x4"), QStringLiteral("h200x2"),
                                 QStringLiteral("mi300x"), QStringLiteral("b200x2")};
        const std::size_t colours[] = {3, 0, 1, 2};
        for (int row = 0; row < 4; ++row) {
            QCOMPARE(table->text(row, CompareTable::Name), names[row]);
            QCOMPARE(table->colour(row), std::optional<std::size_t>(colours[row]));
        }
        QVERIFY(table->isEditing(2));
        QCOMPARE(next.compareSet().entries()[0].file, four.files[0]);
        // $3 × 1 device × 10⁶ / (3600 × 563.3 tok/s) = $1.479 per million tokens.
        QCOMPARE(table->text(2, CompareTable::Cost), QStringLiteral("$1.48 / M tokens"));

        // A file that is not one: one sentence naming the file and the key, and nothing on
        // screen changes.
        const QString bad = four.write(
            QStringLiteral("bad"),
            "{\"comparison_version\": 1, \"editing\": 5, \"rows\": [{\"scenario\": {}}]}");
        QString why;
        QVERIFY(!next.compareSet().openComparison(bad, &why));
        QCOMPARE(why, QDir::toNativeSeparators(bad) +
                          QStringLiteral(": /editing must be a row's index, 0 to 0, found the "
                                         "number 5"));
        const QString unknown =
            four.write(QStringLiteral("unknown"),
                       "{\"comparison_version\": 1, \"editing\": 0, \"rows\": [{\"scenario\": " +
                           io::toJson(llama70b("h999-imaginary", 1, Precision::Bf16)) + "}]}");
        QVERIFY(!next.compareSet().openComparison(unknown, &why));
        QVERIFY2(why.contains(QStringLiteral("h999-imaginary")), qPrintable(why));
        QCOMPARE(next.controller().scenarioFile(), mi300xPriced);
        QCOMPARE(next.compareSet().entries().size(), std::size_t{3});
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
