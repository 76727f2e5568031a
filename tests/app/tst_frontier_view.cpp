// SPDX-License-Identifier: GPL-3.0-or-later
// The Frontier view (issue 11), the price control and the cost and energy rows: the view
// draws what computeFrontier() returns, computes only while shown, and never on a hidden
// slider's path.
#include <set>

#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <qcustomplot.h>

#include "model/debounce.h"
#include "model/scenario_controller.h"
#include "model/scenario_document.h"
#include "panels/controls_panel.h"
#include "panels/results_panel.h"
#include "test_support.h"
#include "views/dialogs.h"
#include "views/frontier_view.h"
#include "window/main_window.h"

using namespace roofline;
using roofline::ui::FrontierView;
using roofline::ui::MainWindow;
using roofline::ui::ScenarioController;

namespace {

QCPGraph* graphNamed(QCustomPlot* plot, const QString& name) {
    for (int i = 0; i < plot->graphCount(); ++i) {
        if (plot->graph(i)->name() == name) {
            return plot->graph(i);
        }
    }
    return nullptr;
}

QAction* actionNamed(QMenu* menu, const QString& text) {
    for (QAction* a : menu->actions()) {
        if (a->text() == text) {
            return a;
        }
    }
    return nullptr;
}

}  // namespace

class TestFrontierView : public QObject {
    Q_OBJECT
private slots:
    void hiddenAtStartAndNotComputedWhileHidden() {
        ui::ManualClock clock;  // the recompute delay waits for clock.advance()
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(!roofline::test::child<QDockWidget>(window, "frontierDock")->isVisible());
        FrontierView* view = window.frontierView();
        // Slider steps while hidden only mark it stale.
        for (int b : {2, 4, 8, 16}) {
            window.controller().setBatch(b);
        }
        clock.advance(2 * ui::kFrontierRecomputeDelayMs);
        QCOMPARE(view->computeCount(), 0);
        QVERIFY(view->isStale());
        // Shown: computed once, after the event loop turns.
        roofline::test::child<QDockWidget>(window, "frontierDock")->show();
        QTRY_COMPARE(view->computeCount(), 1);
        QVERIFY(!view->isStale());
        // While shown, a burst of changes is computed once, after the scenario rests.
        for (int b : {32, 64, 128}) {
            window.controller().setBatch(b);
            clock.advance(ui::kFrontierRecomputeDelayMs - 1);  // each step restarts the delay
        }
        QCOMPARE(view->computeCount(), 1);
        clock.advance(1);
        QCOMPARE(view->computeCount(), 2);
    }

    void pointsAreTheFrontiersAndUnfitOnesAreHollowAndOffIt() {
        ui::ScenarioDocument document;
        ScenarioController& controller = document.current();
        FrontierView view(document);
        view.refresh();
        const Frontier& f = view.frontier();
        // Llama-3.1-8B (dense): 4 chips (H100 SXM, the current one, + H200, B200, MI300X) ×
        // TP 1, 2, 4, 8 × 6 quantizations × 10 batches; every TP divides its 32 and 8 heads.
        QCOMPARE(view.request().hardware.size(), std::size_t{4});
        QCOMPARE(f.points.size() + f.skipped.size(), std::size_t{4 * 4 * 6 * 10});
        // Pipeline stages 2 and 4 are left out: an 8B model fits one scale-up domain.
        QCOMPARE(f.pipelineLeftOut, std::size_t{4 * 4 * 6 * 10 * 2});
        QCOMPARE(view.request().shape.promptTokens, std::int64_t{2048});
        QCOMPARE(view.request().shape.outputTokens, std::int64_t{ui::kDefaultFrontierOutputTokens});
        // The plot's graphs hold exactly the points, split by fit.
        QCustomPlot* plot = view.findChild<QCustomPlot*>(QStringLiteral("frontierPlot"));
        int fitted = 0;
        int unfit = 0;
        int onFrontier = 0;
        for (const FrontierPoint& p : f.points) {
            (p.result.fits ? fitted : unfit) += 1;
            onFrontier += p.onFrontier ? 1 : 0;
            QVERIFY(p.result.fits || !p.onFrontier);
        }
        QVERIFY(unfit > 0);  // B = 512 at 3k tokens does not fit on one H100
        int drawnFit = 0;
        int drawnUnfit = 0;
        for (const ui::FrontierPointGraph& g : view.pointGraphs()) {
            (g.state == ui::FrontierPointGraph::DoesNotFit ? drawnUnfit : drawnFit) +=
                g.graph->dataCount();
            QCOMPARE(g.graph->scatterStyle().brush().style() == Qt::NoBrush,
                     g.state == ui::FrontierPointGraph::DoesNotFit);  // unfit: hollow
        }
        QCOMPARE(drawnUnfit, unfit);
        QCOMPARE(drawnFit, fitted);  // filled (no SLO set)
        // Unfiltered, the selection's frontier is computeFrontier's.
        QVERIFY(view.selection().best == f.best);
        QCPGraph* line = graphNamed(plot, QStringLiteral("Pareto frontier"));
        QVERIFY(line != nullptr);
        QCOMPARE(line->dataCount(), onFrontier);  // the step line
        QCOMPARE(line->lineStyle(), QCPGraph::lsStepRight);
        QCOMPARE(plot->xAxis->scaleType(), QCPAxis::stLogarithmic);
        QCOMPARE(plot->yAxis->scaleType(), QCPAxis::stLogarithmic);
        // The current configuration is ringed where its own request analysis puts it.
        const RequestResult r = analyzeRequest(controller.scenario(), view.request().shape);
        QCPGraph* current = graphNamed(plot, QStringLiteral("current"));
        QVERIFY(current != nullptr);
        QCOMPARE(current->data()->at(0)->key, r.interactivityTokensPerSecondPerUser);
        QCOMPARE(current->data()->at(0)->value, r.throughputTokensPerSecondPerDevice);
        QVERIFY(view.bestLabel()->text().contains(QStringLiteral("tok/s per device")));
        // A tooltip names the configuration and its figures.
        const QString tip = view.pointText(0);
        QVERIFY2(
            tip.startsWith(QStringLiteral("NVIDIA H100 SXM5 80GB, TP 1, W16A16 (bf16), batch 1")),
            qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral("tok/s per user")));
    }

    void sloFieldsDrawTheLineAndPickTheBest() {
        ui::ScenarioDocument document;
        FrontierView view(document);
        view.refresh();
        view.sloTpotEdit()->setText(QStringLiteral("10"));
        emit view.sloTpotEdit()->editingFinished();
        const Frontier& f = view.frontier();
        QCOMPARE(view.request().sloTpotSeconds.value_or(0.0), 0.010);
        QVERIFY(f.best.has_value());
        const FrontierPoint& best = f.points[*f.best];
        QVERIFY(best.meetsSlo.value_or(false));
        QVERIFY(best.result.tpotSeconds <= 0.010);
        for (const FrontierPoint& p : f.points) {
            if (p.meetsSlo.value_or(false)) {
                QVERIFY(p.result.throughputTokensPerSecondPerDevice <=
                        best.result.throughputTokensPerSecondPerDevice);
            }
        }
        // The TPOT line stands at 1 / 10 ms = 100 tok/s per user.
        auto* line = qobject_cast<QCPItemStraightLine*>(
            view.findChild<QCustomPlot*>(QStringLiteral("frontierPlot"))->item(0));
        QVERIFY(line != nullptr);
        QVERIFY(line->visible());
        QCOMPARE(line->point1->coords().x(), 100.0);
        QVERIFY(view.bestLabel()->text().contains(QStringLiteral("meets the SLOs")));
        // A bad SLO text is no SLO.
        view.sloTpotEdit()->setText(QStringLiteral("fast"));
        emit view.sloTpotEdit()->editingFinished();
        QVERIFY(!view.request().sloTpotSeconds.has_value());
        QVERIFY(!line->visible());
    }

    void tokensPerDollarNeedsAPrice() {
        ui::ScenarioDocument document;
        ScenarioController& controller = document.current();
        FrontierView view(document);
        view.refresh();
        QVERIFY(!view.tokensPerDollarCheck()->isEnabled());
        controller.setPricePerDeviceHour(2.0);
        view.refresh();
        QVERIFY(view.tokensPerDollarCheck()->isEnabled());
        view.tokensPerDollarCheck()->setChecked(true);
        // Output tokens per $ = 3600 × tok/s per device / price.
        const RequestResult& r = view.frontier().points[0].result;
        QCOMPARE(view.yValue(0), *r.outputTokensPerUsd);
        QVERIFY(std::abs(view.yValue(0) - 3600.0 * r.throughputTokensPerSecondPerDevice / 2.0) <
                1e-9 * view.yValue(0));
        QCOMPARE(view.findChild<QCustomPlot*>(QStringLiteral("frontierPlot"))->yAxis->label(),
                 QStringLiteral("output tokens per $"));
    }

    void eachHardwareHasAColourAndEachQuantizationAShape() {
        ui::ScenarioDocument document;
        FrontierView view(document);
        view.refresh();
        // Among the filled points: one colour per chip, the same for all its points, and
        // one shape per quantization whatever the chip.
        std::map<std::size_t, QRgb> colourOf;
        std::map<Quantization, std::pair<int, QPainterPath>> shapeOf;
        for (const ui::FrontierPointGraph& g : view.pointGraphs()) {
            if (g.state != ui::FrontierPointGraph::Fits) {
                continue;
            }
            const QCPScatterStyle style = g.graph->scatterStyle();
            const QRgb colour = style.brush().color().rgb();
            QVERIFY(colourOf.emplace(g.hardware, colour).first->second == colour);
            const std::pair<int, QPainterPath> shape{style.shape(), style.customPath()};
            QVERIFY(shapeOf.emplace(g.quantization, shape).first->second == shape);
        }
        QCOMPARE(colourOf.size(), std::size_t{4});  // H100, H200, B200, MI300X
        std::set<QRgb> colours;
        for (const auto& [h, c] : colourOf) {
            colours.insert(c);
        }
        QCOMPARE(colours.size(), std::size_t{4});
        QCOMPARE(shapeOf.size(), std::size_t{6});
        std::set<int> shapes;
        for (const auto& [q, shape] : shapeOf) {
            shapes.insert(shape.first);
        }
        QCOMPARE(shapes.size(), std::size_t{6});  // circle, square, diamond, two triangles, plus
        // A legend entry per chip, named, with its price (none yet).
        QCustomPlot* plot = view.plot();
        for (const QString& name : view.hardwareNames()) {
            QVERIFY2(graphNamed(plot, name + QStringLiteral(": no price")) != nullptr,
                     qPrintable(name));
        }
    }

    void theLegendSitsOutsideThePoints() {
        ui::ScenarioDocument document;
        FrontierView view(document);
        view.resize(1600, 460);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.refresh();
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        const QRect plotArea = view.plot()->axisRect()->rect();
        const QRect legend = view.plot()->legend->outerRect();
        QVERIFY(legend.width() > 0 && legend.height() > 0);
        QVERIFY2(!plotArea.intersects(legend),
                 qPrintable(QStringLiteral("%1,%2 %3x%4 vs legend %5,%6 %7x%8")
                                .arg(plotArea.x())
                                .arg(plotArea.y())
                                .arg(plotArea.width())
                                .arg(plotArea.height())
                                .arg(legend.x())
                                .arg(legend.y())
                                .arg(legend.width())
                                .arg(legend.height())));
        QVERIFY(legend.left() >= plotArea.right());  // right of the axes
    }

    void filtersMoveThePickAndTheFrontier() {
        ui::ScenarioDocument document;
        FrontierView view(document);
        view.refresh();
        const Frontier& f = view.frontier();
        QVERIFY(view.selection().best.has_value());
        // The unfiltered pick is fp4 (the complaint): W4A4 on the B200.
        QVERIFY(f.points[*view.selection().best].configuration.quantization == Quantization::W4A4);
        // "No fp4": the pick moves off W4A4, to the engine's pick under that filter.
        view.precisionFloorBox()->setCurrentIndex(1);
        QVERIFY(view.filter().floor == PrecisionFloor::NoFp4);
        QVERIFY(view.selection().best.has_value());
        const FrontierPoint& noFp4 = f.points[*view.selection().best];
        QVERIFY(noFp4.configuration.quantization != Quantization::W4A4);
        QVERIFY(view.selection().best == selectFrontier(f, view.filter()).best);
        for (std::size_t i = 0; i < f.points.size(); ++i) {
            QVERIFY(!view.selection().shown[i] ||
                    f.points[i].configuration.quantization != Quantization::W4A4);
        }
        QVERIFY(view.bestLabel()->text().contains(
            QString::fromStdString(std::string(toString(noFp4.configuration.quantization)))));
        // Hiding the pick's chip moves it to another chip.
        const std::size_t chip = noFp4.configuration.hardware;
        QAction* hide = actionNamed(view.hardwareFilterMenu(), view.hardwareNames()[chip]);
        QVERIFY(hide != nullptr);
        hide->setChecked(false);
        QVERIFY(view.selection().best.has_value());
        QVERIFY(f.points[*view.selection().best].configuration.hardware != chip);
        // TP: only TP 8 left.
        for (QAction* a : view.tensorParallelFilterMenu()->actions()) {
            a->setChecked(a->text() == QStringLiteral("TP 8"));
        }
        QVERIFY(view.filter().tensorParallel == std::vector<std::int64_t>{8});
        QCOMPARE(f.points[*view.selection().best].configuration.tensorParallel, std::int64_t{8});
        // The last one shown stays shown.
        actionNamed(view.tensorParallelFilterMenu(), QStringLiteral("TP 8"))->setChecked(false);
        QVERIFY(actionNamed(view.tensorParallelFilterMenu(), QStringLiteral("TP 8"))->isChecked());
        // Fits only: no unfit point drawn.
        view.fitsOnlyCheck()->setChecked(true);
        for (const ui::FrontierPointGraph& g : view.pointGraphs()) {
            QVERIFY(g.state != ui::FrontierPointGraph::DoesNotFit);
        }
        // The CSV holds the points shown: one line each under the header.
        const std::string csv = view.csvText();
        const auto shown =
            std::count(view.selection().shown.begin(), view.selection().shown.end(), true);
        QCOMPARE(std::count(csv.begin(), csv.end(), '\n'), shown + 1);
    }

    void eachChipAtItsOwnPriceAndTheUnpricedSaySo() {
        ui::ScenarioDocument document;
        ScenarioController& controller = document.current();
        FrontierView view(document);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        controller.setPricePerDeviceHour(2.0);  // the current chip (H100) falls back to it
        view.refresh();
        QLineEdit* b200 = view.priceEdit(QStringLiteral("b200"));
        QVERIFY(b200 != nullptr);
        b200->setText(QStringLiteral("6"));
        emit b200->editingFinished();
        QCOMPARE(view.hardwarePrices().value(QStringLiteral("b200")), 6.0);
        view.tokensPerDollarCheck()->setChecked(true);
        // A dollar buys 3600 / price device-seconds: tokens per $ = 1800 × T on the H100 at
        // $2, 600 × T on the B200 at $6; the H200 and MI300X have none and are not shown.
        const Frontier& f = view.frontier();
        const std::vector<QString>& ids = view.hardwareIds();
        for (std::size_t i = 0; i < f.points.size(); ++i) {
            const RequestResult& r = f.points[i].result;
            const QString id = ids[f.points[i].configuration.hardware];
            const double t = r.throughputTokensPerSecondPerDevice;
            if (id == QStringLiteral("h100-sxm") || id == QStringLiteral("b200")) {
                const double perDollar = id == QStringLiteral("b200") ? 600.0 : 1800.0;
                QVERIFY(std::abs(*r.outputTokensPerUsd - perDollar * t) < 1e-9 * perDollar * t);
                QCOMPARE(view.yValue(i), *r.outputTokensPerUsd);
            } else {
                QVERIFY(!r.outputTokensPerUsd.has_value());
                QVERIFY(!view.selection().shown[i]);
            }
        }
        auto* note = view.findChild<QLabel*>(QStringLiteral("frontierUnpriced"));
        QVERIFY(note->isVisible());
        QVERIFY2(note->text().startsWith(QStringLiteral(
                     "No price per device-hour for NVIDIA H200 SXM 141GB and AMD Instinct")),
                 qPrintable(note->text()));
        QVERIFY(note->text().contains(QStringLiteral("left off the tokens-per-$ axis")));
        QVERIFY(graphNamed(view.plot(), view.hardwareNames()[0] + QStringLiteral(": $2/h")));
        // A bad price is refused, said, and the one in use stays.
        b200->setText(QStringLiteral("six"));
        emit b200->editingFinished();
        QCOMPARE(view.hardwarePrices().value(QStringLiteral("b200")), 6.0);
        QCOMPARE(b200->text(), QStringLiteral("6"));
        QVERIFY(note->text().contains(QStringLiteral("got \"six\"")));
    }

    void opensReadableAndKeepsItsPricesAcrossSessions() {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
        {
            MainWindow window(&settings);
            window.resize(1600, 1000);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.showView(QStringLiteral("frontier")));
            // At 1600×1000 the plot opens at least kFrontierMinPlotHeight (320 px) tall.
            QTRY_VERIFY(window.frontierView()->plot()->height() >= ui::kFrontierMinPlotHeight);
            window.frontierView()->setHardwarePrices({{QStringLiteral("b200"), 6.0}});
            window.saveSession();
        }
        settings.setValue(QStringLiteral("frontier/prices/h200"), QStringLiteral("cheap"));
        MainWindow next(&settings);
        next.restoreSession(false);
        // Kept, and the one that is not a price left out (the status bar says so).
        QVERIFY(next.frontierView()->hardwarePrices() ==
                (QMap<QString, double>{{QStringLiteral("b200"), 6.0}}));
    }

    void exportCsvWritesTheShownPoints() {
        QTemporaryDir dir;
        ui::ScenarioDocument document;
        FrontierView view(document);
        view.refresh();
        QAction* action = view.plot()->actions().value(0);
        QVERIFY(action != nullptr);
        QCOMPARE(action->text(), QStringLiteral("Export CSV…"));
        const QString path = dir.filePath(QStringLiteral("frontier.csv"));
        ui::Dialogs::setNextFileName(path);
        action->trigger();
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.startsWith("hardware,tp,quantization,batch,fits,"));
        // Its first row is the first point: the current chip, TP 1, W16A16, batch 1.
        const QByteArray first = text.split('\n').value(1);
        QVERIFY2(first.startsWith("NVIDIA H100 SXM5 80GB,1,W16A16,1,"), first.constData());
        QCOMPARE(text.count('\n'), static_cast<qsizetype>(view.frontier().points.size() + 1));
    }

    void servingAddsPrefillPoolsRingedAndADisaggregatedScenarioOpensWithThem() {
        // Static (the default) tries no pool; "continuous + disaggregated" tries the pools
        // {0, 1, 2, 4, 8} (kPrefillPools) beside every configuration, rings the pooled points
        // and says each one's pace in its tooltip.
        ui::ScenarioDocument document;
        FrontierView view(document);
        view.refresh();
        QCOMPARE(view.servingBox()->currentIndex(), 0);
        QCOMPARE(view.request().shape.batching, Batching::Static);
        QCOMPARE(view.request().prefillPools, std::vector<std::int64_t>{0});
        const std::size_t colocated = view.frontier().points.size();
        view.servingBox()->setCurrentIndex(1);
        QCOMPARE(view.request().shape.batching, Batching::Continuous);
        QCOMPARE(view.frontier().points.size(), colocated);
        view.servingBox()->setCurrentIndex(2);
        QCOMPARE(view.request().prefillPools, (std::vector<std::int64_t>{0, 1, 2, 4, 8}));
        std::size_t pooled = 0;
        for (const FrontierPoint& p : view.frontier().points) {
            pooled += p.configuration.prefillPool > 0 ? 1 : 0;
            // Each pooled point counts both pools' devices and says which pool paces it.
            QCOMPARE(p.result.prefillPoolPaces.has_value(), p.configuration.prefillPool > 0);
        }
        QVERIFY(pooled > colocated);  // four pools beside each that splits the heads
        QCPGraph* rings = graphNamed(view.plot(), QStringLiteral("ringed: disaggregated"));
        QVERIFY(rings != nullptr);
        QVERIFY(!rings->data()->isEmpty());
        QVERIFY(view.plot()->legend->hasItemWithPlottable(rings));
        QVERIFY(QString::fromStdString(view.csvText())
                    .section(QLatin1Char('\n'), 0, 0)
                    .endsWith(QStringLiteral(",prefill_pool,devices")));

        // A scenario that turns disaggregated opens its frontier with the pools (once).
        ui::ScenarioDocument second;
        FrontierView other(second);
        other.refresh();
        QCOMPARE(other.servingBox()->currentIndex(), 0);
        Workload pools = second.current().scenario().workload;
        pools.prefillDevices = 1;
        second.current().setWorkload(pools);
        other.refresh();
        QCOMPARE(other.servingBox()->currentIndex(), 2);
    }

    void priceFieldSetsTheScenarioAndResultsShowCostAndEnergy() {
        MainWindow window;
        ui::ControlsPanel* panel = window.controlsPanel();
        ui::ResultsPanel* results = window.resultsPanel();
        // No price: no cost, and the energy bound from the H100's 700 W TDP.
        QCOMPARE(results->valueLabel(QStringLiteral("cost"))->text(),
                 QStringLiteral("no price set"));
        // Llama-3.1-8B at B = 1: 700 W × 1 device × TPOT 4.5638 ms (15,288,683,008 bytes /
        // 3.35e12, tests/core/analysis_test.cpp) / 1 token = 3.1947 J -> "3.19 J".
        QCOMPARE(results->valueLabel(QStringLiteral("energy"))->text(),
                 QStringLiteral("≤ 3.19 J / token"));
        roofline::test::child<QLineEdit>(*panel, "price")->setText(QStringLiteral("2.50"));
        emit roofline::test::child<QLineEdit>(*panel, "price")->editingFinished();
        QCOMPARE(window.controller().scenarioFile().workload.pricePerDeviceHourUsd.value_or(-1),
                 2.5);
        // 2.5 × 1e6 / (3600 × 219.1 tok/s) = $3.17 per million output tokens.
        QCOMPARE(results->valueLabel(QStringLiteral("cost"))->text(),
                 QStringLiteral("$3.17 / M tokens"));
        QCOMPARE(roofline::test::child<QLineEdit>(*panel, "price")->text(), QStringLiteral("2.5"));
        // A bad text is refused with a message, and the field snaps back.
        QSignalSpy refused(&window.controller(), &ScenarioController::changeRefused);
        roofline::test::child<QLineEdit>(*panel, "price")->setText(QStringLiteral("2,50"));
        emit roofline::test::child<QLineEdit>(*panel, "price")->editingFinished();
        QCOMPARE(refused.count(), 1);
        QVERIFY(refused.at(0).at(0).toString().contains(QStringLiteral("\"2,50\"")));
        QCOMPARE(roofline::test::child<QLineEdit>(*panel, "price")->text(), QStringLiteral("2.5"));
        // Empty: no price again.
        roofline::test::child<QLineEdit>(*panel, "price")->clear();
        emit roofline::test::child<QLineEdit>(*panel, "price")->editingFinished();
        QVERIFY(!window.controller().scenarioFile().workload.pricePerDeviceHourUsd.has_value());
        QCOMPARE(results->valueLabel(QStringLiteral("cost"))->text(),
                 QStringLiteral("no price set"));
    }

    void grabForReview() {
        // ROOFLINE_GRAB_DIR=/tmp writes the window with the Frontier view shown, for a look.
        const QByteArray dir = qgetenv("ROOFLINE_GRAB_DIR");
        if (dir.isEmpty()) {
            QSKIP("set ROOFLINE_GRAB_DIR to write the images");
        }
        MainWindow window;
        window.resize(1600, 1000);
        window.controller().setPricePerDeviceHour(2.5);
        roofline::test::child<QToolButton>(*window.controlsPanel(), "advanced")->setChecked(true);
        window.show();
        roofline::test::child<QDockWidget>(window, "frontierDock")->show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.frontierView()->sloTpotEdit()->setText(QStringLiteral("20"));
        emit window.frontierView()->sloTpotEdit()->editingFinished();
        QTest::qWait(300);
        QVERIFY(window.grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/frontier.png")));
        // Each chip at its own price (the H100 the scenario's $2.5, the B200 $6), no fp4.
        window.frontierView()->setHardwarePrices({{QStringLiteral("b200"), 6.0}});
        window.frontierView()->refresh();
        window.frontierView()->precisionFloorBox()->setCurrentIndex(1);
        window.frontierView()->tokensPerDollarCheck()->setChecked(true);
        QTest::qWait(100);
        QVERIFY(window.frontierView()->grab().save(QString::fromLocal8Bit(dir) +
                                                   QStringLiteral("/frontier_dollars.png")));
    }
};

QTEST_MAIN(TestFrontierView)
#include "tst_frontier_view.moc"
