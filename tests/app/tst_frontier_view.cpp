// SPDX-License-Identifier: GPL-3.0-or-later
// The Frontier view (issue 11), the price control and the cost and energy rows: the view
// draws what computeFrontier() returns, computes only while shown, and never on a hidden
// slider's path.
#include <QCheckBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <qcustomplot.h>

#include "panels/controls_panel.h"
#include "panels/results_panel.h"
#include "test_support.h"
#include "views/frontier_view.h"
#include "window/debounce.h"
#include "window/main_window.h"
#include "window/scenario_controller.h"
#include "window/scenario_document.h"

using namespace roofline;
using roofline::ui::FrontierView;
using roofline::ui::MainWindow;
using roofline::ui::ScenarioController;

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
        QCOMPARE(plot->graph(0)->dataCount(), unfit);       // hollow
        QCOMPARE(plot->graph(2)->dataCount(), fitted);      // filled (no SLO set)
        QCOMPARE(plot->graph(3)->dataCount(), onFrontier);  // the step line
        QCOMPARE(plot->graph(3)->lineStyle(), QCPGraph::lsStepRight);
        QCOMPARE(plot->xAxis->scaleType(), QCPAxis::stLogarithmic);
        QCOMPARE(plot->yAxis->scaleType(), QCPAxis::stLogarithmic);
        // The current configuration is ringed where its own request analysis puts it.
        const RequestResult r = analyzeRequest(controller.scenario(), view.request().shape);
        QCOMPARE(plot->graph(6)->data()->at(0)->key, r.interactivityTokensPerSecondPerUser);
        QCOMPARE(plot->graph(6)->data()->at(0)->value, r.throughputTokensPerSecondPerDevice);
        QVERIFY(view.bestLabel()->text().contains(QStringLiteral("tok/s per device")));
        // A tooltip names the configuration and its figures.
        const QString tip = view.pointText(0);
        QVERIFY2(tip.startsWith(QStringLiteral("NVIDIA H100 SXM5 80GB, TP 1, W16A16, batch 1")),
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
        window.frontierView()->tokensPerDollarCheck()->setChecked(true);
        QTest::qWait(100);
        QVERIFY(window.frontierView()->grab().save(QString::fromLocal8Bit(dir) +
                                                   QStringLiteral("/frontier_dollars.png")));
    }
};

QTEST_MAIN(TestFrontierView)
#include "tst_frontier_view.moc"
