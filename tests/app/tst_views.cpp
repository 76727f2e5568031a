// SPDX-License-Identifier: GPL-3.0-or-later
// The docked views (batch sweep, regime map, breakdown): each builds from the engine's
// numbers, follows the sliders while visible (and only then), and the regime map's click
// sets the scenario's batch and context. Also `--view` on the command line.

#include <algorithm>

#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>

#include "model/scenario_controller.h"
#include "panels/controls_panel.h"
#include "panels/slider_control.h"
#include "roofline/breakdown.h"
#include "roofline/format.h"
#include "roofline/sweep.h"
#include "views/batch_sweep_view.h"
#include "views/breakdown_view.h"
#include "views/dialogs.h"
#include "views/live_view.h"
#include "views/regime_map_view.h"
#include "views/views.h"
#include "window/app_options.h"
#include "window/compare_set.h"
#include "window/main_window.h"

using namespace roofline;
using namespace roofline::ui;

namespace {

/// A window shown offscreen with the view `name` raised.
void showWith(MainWindow& window, const QString& name) {
    window.setAttribute(Qt::WA_DontShowOnScreen, true);
    window.resize(1600, 1000);
    window.show();
    QVERIFY(window.showView(name));
    QApplication::processEvents();
}

/// Waits until `view` shows the document's current scenario: the views follow a change on
/// the next turn of the event loop, their worker's result after it (live_view.h).
void settle(const LiveView* view) { QTRY_VERIFY_WITH_TIMEOUT(!view->updating(), 10000); }

/// Moves the batch slider one step up (a value change the controller takes).
void stepBatch(MainWindow& window) {
    QSlider* slider = window.controlsPanel()->batchControl()->slider();
    slider->setValue(slider->value() + std::max(1, (slider->maximum() - slider->minimum()) / 10));
}

}  // namespace

class TestViews : public QObject {
    Q_OBJECT
private slots:
    void batchSweepDrawsTheEnginesSweepAndFollowsTheSliders() {
        MainWindow window;
        showWith(window, QStringLiteral("sweep"));
        BatchSweepView* view = window.views()->batchSweep();
        QVERIFY(view->onScreen());
        // The whole width of a 1600 px window: room for both plots.
        QVERIFY2(view->latencyShown(), qPrintable(QString::number(view->width())));
        ScenarioController& c = window.controller();
        const BatchSweep expected = batchSweep(c.scenario(), kMaxSliderBatch, 64);
        // The default scenario fits up to B = 225: the solid curve is the batches that fit.
        QCOMPARE(view->sweep().memoryWallBatch, expected.memoryWallBatch);
        int fits = 0;
        for (const BatchSweepPoint& p : expected.points) {
            fits += p.fits ? 1 : 0;
        }
        QCOMPARE(view->tokensGraph()->data()->size(), fits);
        const BatchSweepPoint& first = expected.points.front();
        QCOMPARE(view->tokensGraph()->data()->at(0)->key, 1.0);
        QCOMPARE(view->tokensGraph()->data()->at(0)->value, first.decodeTokensPerSecond);
        QCOMPARE(view->tpotGraph()->data()->at(0)->value, first.tpotSeconds);
        QCOMPARE(view->latencyCurve()->data()->at(0)->key, first.tpotSeconds);
        QVERIFY(view->tokensBeyondGraph()->data()->size() > 0);
        QVERIFY(view->wallLine()->visible());
        QCOMPARE(view->wallLine()->point1->coords().x(), 225.0);
        QCOMPARE(view->wallLabel(), QStringLiteral("memory full B = 225"));
        // At C = 2048 the critical batch never comes: no line, and the title says so.
        QVERIFY(!view->sweep().criticalBatch.has_value());
        QVERIFY(!view->criticalLine()->visible());
        QVERIFY2(view->titleText().contains(QStringLiteral("never")),
                 qPrintable(view->titleText()));
        QVERIFY(!view->plainTokensGraph()->visible());

        // A batch step moves the marker to the engine's point without a new sweep.
        const int sweeps = view->sweepComputations();
        stepBatch(window);
        settle(view);
        QCOMPARE(view->sweepComputations(), sweeps);
        QCOMPARE(view->scenarioMarker()->data()->at(0)->key,
                 static_cast<double>(c.scenario().workload.batch));
        QCOMPARE(view->scenarioMarker()->data()->at(0)->value, c.analysis().decodeTokensPerSecond);

        // A shorter context: a new sweep, and now the critical batch is on the curve.
        c.setContextTokens(128);
        QVERIFY(view->updating());  // not on the slider's path: after it, in a worker
        settle(view);
        QCOMPARE(view->sweepComputations(), sweeps + 1);
        QVERIFY(view->sweep().criticalBatch.has_value());
        QVERIFY(view->criticalLine()->visible());
        QCOMPARE(view->criticalLine()->point1->coords().x(),
                 static_cast<double>(*c.analysis().criticalBatch));

        // Speculative decoding: the plain curves appear beside the speculative ones.
        c.setSpeculation(4, 0.7, "ngram");
        settle(view);
        QVERIFY(view->sweep().speculative);
        QVERIFY(view->plainTokensGraph()->visible());
        QCOMPARE(view->plainTokensGraph()->data()->at(0)->value,
                 view->sweep().points.front().plainTokensPerSecond);
        QVERIFY(view->plainTokensGraph()->data()->at(0)->value <
                view->tokensGraph()->data()->at(0)->value);
    }

    void sweepAndRegimeExportTheirNumbersAsCsv() {
        // Export CSV… in each plot's context menu writes the engine results the view holds:
        // the header, then the first point (batch 1) / cell (batch 1, context 16) as the
        // engine computed it, at 10 significant figures.
        QTemporaryDir dir;
        MainWindow window;
        showWith(window, QStringLiteral("all"));
        const auto exported = [&](const char* plotName, const QString& file) {
            auto* plot = window.findChild<QCustomPlot*>(QString::fromLatin1(plotName));
            if (plot == nullptr) {
                return QList<QByteArray>();
            }
            QAction* action = plot->actions().value(0);
            if (action == nullptr || action->text() != QStringLiteral("Export CSV…") ||
                plot->contextMenuPolicy() != Qt::ActionsContextMenu) {
                return QList<QByteArray>();
            }
            ui::Dialogs::setNextFileName(dir.filePath(file));
            action->trigger();
            QFile f(dir.filePath(file));
            return f.open(QIODevice::ReadOnly) ? f.readAll().split('\n') : QList<QByteArray>();
        };
        const auto g = [](double v) { return QByteArray::fromStdString(generalText(v, 10)); };
        const QList<QByteArray> sweep = exported("batchSweepPlot", QStringLiteral("sweep.csv"));
        QVERIFY(sweep.size() > 2);
        QCOMPARE(sweep[0], QByteArray("batch,tpot_s,decode_tokens_per_s,plain_tpot_s,"
                                      "plain_tokens_per_s,bound,fits"));
        const BatchSweepPoint& p = window.views()->batchSweep()->sweep().points.front();
        QCOMPARE(sweep[1], "1," + g(p.tpotSeconds) + "," + g(p.decodeTokensPerSecond) + "," +
                               g(p.plainTpotSeconds) + "," + g(p.plainTokensPerSecond) +
                               ",memory,true");
        // One line per point, and the empty piece after the last "\n".
        QCOMPARE(sweep.size(),
                 static_cast<qsizetype>(window.views()->batchSweep()->sweep().points.size() + 2));
        const QList<QByteArray> regime = exported("regimeMapPlot", QStringLiteral("regime.csv"));
        QCOMPARE(regime.value(0), QByteArray("batch,context_tokens,bound,tpot_s,"
                                             "decode_tokens_per_s,fits"));
        const RegimeGrid& grid = window.views()->regimeMap()->grid();
        const RegimeCell& c = grid.at(0, 0);
        QCOMPARE(regime.value(1),
                 "1,16,memory," + g(c.tpotSeconds) + "," + g(c.decodeTokensPerSecond) + ",true");
        QCOMPARE(regime.size(), static_cast<qsizetype>(128 * 128 + 2));
    }

    void regimeMapIsTheEnginesGridAndRecomputesOnlyWhatChanged() {
        MainWindow window;
        showWith(window, QStringLiteral("regime"));
        RegimeMapView* view = window.views()->regimeMap();
        QVERIFY(view->onScreen());
        ScenarioController& c = window.controller();
        const RegimeGrid& grid = view->grid();
        QCOMPARE(grid.batches.size(), std::size_t{128});
        QCOMPARE(grid.contexts.size(), std::size_t{128});
        QCOMPARE(view->colorMap()->data()->keySize(), 128);
        QCOMPARE(view->colorMap()->data()->valueSize(), 128);
        QCOMPARE(grid.contexts.back(), c.maxContextTokens());
        RegimeGrid expected;
        computeRegimeGrid(c.scenario(), grid.spec, expected);
        for (std::size_t k = 0; k < grid.cells.size(); k += 997) {
            QCOMPARE(grid.cells[k].tpotSeconds, expected.cells[k].tpotSeconds);
            QCOMPARE(grid.cells[k].fits, expected.cells[k].fits);
        }
        QVERIFY(view->memoryWallCurve()->data()->size() > 0);
        QVERIFY(view->criticalBatchCurve()->data()->size() > 0);  // at short contexts
        QVERIFY(view->goldilocksCurve()->data()->size() > 0);
        QVERIFY(view->outOfMemoryRegion()->brush().style() != Qt::NoBrush);
        QCOMPARE(view->scenarioMarker()->data()->at(0)->key, 1.0);
        QCOMPARE(view->scenarioMarker()->data()->at(0)->value, 2048.0);

        // Batch and context move only the marker; anything else recomputes the grid.
        const int computed = view->gridComputations();
        stepBatch(window);
        settle(view);
        QCOMPARE(view->gridComputations(), computed);
        QCOMPARE(view->scenarioMarker()->data()->at(0)->key,
                 static_cast<double>(c.scenario().workload.batch));
        c.setKvPrecision(Precision::Fp8);
        QCOMPARE(view->gridComputations(), computed);  // not on the slider's path
        settle(view);
        QCOMPARE(view->gridComputations(), computed + 1);
        computeRegimeGrid(c.scenario(), grid.spec, expected);
        QCOMPARE(grid.cells.back().tpotSeconds, expected.cells.back().tpotSeconds);
        // A baseline, a compare scenario or measured results are not the view's concern: no
        // update is even queued (the document's flags say what changed).
        window.pinBaseline();
        QVERIFY(!view->updating());
        window.clearBaseline();
        QVERIFY(!view->updating());
        QCOMPARE(view->gridComputations(), computed + 1);

        // Hidden behind another tab it does not recompute, and catches up when raised.
        QVERIFY(window.showView(QStringLiteral("breakdown")));
        QApplication::processEvents();
        QVERIFY(!view->onScreen());  // Qt keeps it "visible", off the window
        QVERIFY(window.views()->breakdown()->onScreen());
        c.setKvPrecision(Precision::Bf16);
        QCOMPARE(view->gridComputations(), computed + 1);
        QVERIFY(window.showView(QStringLiteral("regime")));
        QApplication::processEvents();
        QCOMPARE(view->gridComputations(), computed + 2);
    }

    void regimeMapHoverAndClick() {
        MainWindow window;
        showWith(window, QStringLiteral("regime"));
        RegimeMapView* view = window.views()->regimeMap();
        ScenarioController& c = window.controller();
        QSignalSpy spy(&c, &ScenarioController::analysisChanged);
        // Cell (90, 40): B and C well inside the grid, fits or not as the engine says.
        const std::size_t i = 90, j = 40;
        const QPointF pixel = view->cellCentre(i, j);
        const std::int64_t batch = view->grid().batches[i];
        const std::int64_t context = view->grid().contexts[j];
        const QString tip = view->tooltipAt(pixel);
        QVERIFY2(tip.startsWith(QStringLiteral("B = %1, C = %2 tokens")
                                    .arg(QString::fromStdString(formatInteger(batch)),
                                         QString::fromStdString(formatInteger(context)))),
                 qPrintable(tip));
        QVERIFY(tip.contains(QStringLiteral("tok/s")));
        QVERIFY(tip.contains(QStringLiteral("Decode step: ")));
        QVERIFY(view->tooltipAt(QPointF(1.0, 1.0)).isEmpty());  // outside the map
        // The Goldilocks context is whole tokens ("28 tokens", never "28.0 tokens"), as in
        // the results panel, along a row of batches.
        static const QRegularExpression goldilocks(QStringLiteral(
            "Goldilocks context at this batch: (never|[0-9]{1,3}(,[0-9]{3})* tokens)\\n"));
        for (std::size_t k = 0; k < view->grid().batches.size(); k += 9) {
            const QString line = view->tooltipAt(view->cellCentre(k, j));
            QVERIFY2(goldilocks.match(line).hasMatch(), qPrintable(line));
        }
        QTest::mouseClick(view->findChild<QCustomPlot*>(QStringLiteral("regimeMapPlot")),
                          Qt::LeftButton, {}, pixel.toPoint());
        QCOMPARE(c.scenario().workload.batch, batch);
        QCOMPARE(c.scenario().workload.contextTokens, context);
        QVERIFY(spy.count() >= 1);
        // The controls follow, as after a slider.
        QCOMPARE(window.controlsPanel()->batchControl()->value(), batch);
        // A click outside the map changes nothing.
        QVERIFY(!view->clickAt(QPointF(1.0, 1.0)));
        QCOMPARE(c.scenario().workload.batch, batch);
    }

    void breakdownShowsEachPassAndTheMemory() {
        MainWindow window;
        showWith(window, QStringLiteral("breakdown"));
        BreakdownView* view = window.views()->breakdown();
        ScenarioController& c = window.controller();
        const Analysis& a = c.analysis();
        QCOMPARE(view->passBars().size(), std::size_t{2});  // prefill, decode
        const BreakdownView::PassBars& decode = view->passBars()[1];
        QVERIFY(decode.kind == PassKind::Decode);
        // Row 0: the whole pass, by bound; then each operator in its bound's bars.
        QCOMPARE(decode.memory->data()->at(0)->value, boundSeconds(a, PassKind::Decode).memory);
        for (std::size_t k = 0; k < decode.operators.size(); ++k) {
            const OperatorCost& op = a.operators[decode.operators[k]];
            QVERIFY(op.pass == PassKind::Decode);
            QCPBars* bars = op.bound == Bound::Memory    ? decode.memory
                            : op.bound == Bound::Compute ? decode.compute
                                                         : decode.interconnect;
            QCOMPARE(bars->data()->at(static_cast<int>(k) + 1)->value, op.timeSeconds);
        }
        QCOMPARE(view->weightBars()->data()->at(0)->value, a.memory.weightBytes);
        QCOMPARE(view->kvBars()->data()->at(0)->value, a.memory.kvCacheBytes);
        QCOMPARE(view->workspaceBars()->data()->at(0)->value, a.memory.workspaceBytes);
        QCOMPARE(view->usableLine()->point1->coords().x(), a.memory.usableBytes);
        QCOMPARE(view->capacityLine()->point1->coords().x(), a.memory.capacityBytes);
        QVERIFY(view->memoryTitle().contains(QStringLiteral("fits")));

        // A slider step redraws it from the new analysis.
        stepBatch(window);
        settle(view);
        QCOMPARE(view->kvBars()->data()->at(0)->value, c.analysis().memory.kvCacheBytes);
        // Speculative decoding adds the verify pass (n-gram draft: no draft pass).
        c.setSpeculation(4, 0.7, "ngram");
        settle(view);
        QCOMPARE(view->passBars().size(), std::size_t{3});
        QVERIFY(view->passBars()[2].kind == PassKind::Verify);
        // The operator tooltip is the roofline's (the pass plots were made anew).
        view->findChild<QCustomPlot*>(QStringLiteral("breakdownPlot"))->replot();  // lays out
        const QCPAxisRect* rect = view->passBars()[1].rect;
        const double y = rect->axis(QCPAxis::atLeft)->coordToPixel(1.0);
        const double x = rect->rect().center().x();
        QVERIFY2(view->tooltipAt(QPointF(x, y)).startsWith(QStringLiteral("decode: ")),
                 qPrintable(view->tooltipAt(QPointF(x, y))));
    }

    void everyViewIsInTheViewMenuAndAllShowsThemSideBySide() {
        MainWindow window;
        QCOMPARE(window.views()->toggleActions().size(), 3);
        for (QDockWidget* dock : {window.views()->sweepDock(), window.views()->regimeDock(),
                                  window.views()->breakdownDock()}) {
            QVERIFY(dock->isHidden());  // until asked for
            QCOMPARE(window.dockWidgetArea(dock), Qt::BottomDockWidgetArea);
        }
        QVERIFY(!window.showView(QStringLiteral("roofline")));
        showWith(window, QStringLiteral("all"));
        QVERIFY(window.views()->batchSweep()->onScreen());
        QVERIFY(window.views()->regimeMap()->onScreen());
        QVERIFY(window.views()->breakdown()->onScreen());
    }

    void aModelWithoutDecodeGetsASentenceInsteadOfEmptyAxes() {
        // ResNet-50 runs one forward pass over images: no decode step to sweep or map.
        MainWindow window;
        showWith(window, QStringLiteral("all"));
        QWidget* sweep = window.views()->batchSweep();
        QWidget* regime = window.views()->regimeMap();
        QVERIFY(window.controller().setModel("resnet-50").empty());
        QApplication::processEvents();
        for (QWidget* view : {sweep, regime}) {
            const auto* notice = view->findChild<QLabel*>(QStringLiteral("noDecodeNotice"));
            QVERIFY(notice != nullptr);
            QVERIFY(notice->isVisible());
            QVERIFY2(notice->text().contains(QStringLiteral("one forward pass")),
                     qPrintable(notice->text()));
            QVERIFY(!view->findChild<QCustomPlot*>()->isVisible());
        }
        // A decoder again: the plots come back and the notices go.
        QVERIFY(window.controller().setModel("llama-3.1-8b").empty());
        QApplication::processEvents();
        settle(window.views()->regimeMap());
        for (QWidget* view : {sweep, regime}) {
            QVERIFY(!view->findChild<QLabel*>(QStringLiteral("noDecodeNotice"))->isVisible());
            QVERIFY(view->findChild<QCustomPlot*>()->isVisible());
        }
        QCOMPARE(window.views()->regimeMap()->grid().batches.size(), std::size_t{128});
    }

    void viewAllTitlesFitTheirColumns_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("presentation");
        QTest::addColumn<int>("columns");
        QTest::addColumn<bool>("compare");
        // Issue 12's sizes. A view needs 68 average characters of the window font side by
        // side (views.cpp): three fit in 1600 px (533 each); at 1024 px two do, the third a
        // tab of the second. In presentation mode the views are tabs that swap with the
        // roofline (view_stage.h, issue 20), tested in tst_lecture_layout.
        QTest::addRow("1600x1000") << QSize(1600, 1000) << false << 3 << false;
        // The Compare table in the bottom area takes a column of its own: two views.
        QTest::addRow("1600x1000, compare") << QSize(1600, 1000) << false << 2 << true;
        QTest::addRow("1024x700") << QSize(1024, 700) << false << 2 << false;
    }

    void viewAllTitlesFitTheirColumns() {
        // `--view all` (issue 12: "titles cut" at 1600×1000): every title of every view on
        // screen is drawn in one line no wider than its rect (QFontMetrics on the text it
        // draws), the rect lies inside its plot, and the text is one of its forms (at
        // worst the shortest, elided). The views side by side share the width evenly.
        QFETCH(QSize, size);
        QFETCH(bool, presentation);
        QFETCH(int, columns);
        QFETCH(bool, compare);
        MainWindow window;
        if (compare) {
            QCOMPARE(window.compareSet().addFiles({QStringLiteral(
                         ROOFLINE_PRESET_DIR "/../tests/data/valid/compare/h200x2.json")}),
                     1);
        }
        window.setAttribute(Qt::WA_DontShowOnScreen, true);
        window.setPresentationMode(presentation);
        window.resize(size);
        window.show();
        QApplication::processEvents();
        QVERIFY(window.showView(QStringLiteral("all")));
        for (int i = 0; i < 3; ++i) {
            QApplication::processEvents();
        }
        QCOMPARE(window.views()->allColumns(), columns);
        int onScreen = 0;
        std::vector<int> widths;
        for (QDockWidget* dock : {window.views()->sweepDock(), window.views()->regimeDock(),
                                  window.views()->breakdownDock()}) {
            QVERIFY(!dock->isHidden());
            const auto* view = dynamic_cast<const LiveView*>(dock->widget());
            QVERIFY(view != nullptr);
            if (!view->onScreen()) {
                continue;  // a background tab
            }
            ++onScreen;
            widths.push_back(dock->width());
            auto* plot = dock->widget()->findChild<QCustomPlot*>();
            QVERIFY(plot != nullptr);
            plot->replot(QCustomPlot::rpImmediateRefresh);
            int titles = 0;
            for (QCPLayoutElement* element : plot->plotLayout()->elements(true)) {
                auto* title = dynamic_cast<FittedTitle*>(element);
                if (title == nullptr || title->texts().isEmpty()) {
                    continue;
                }
                ++titles;
                const QString shown = title->shownText();
                const QString what = dock->windowTitle() + QStringLiteral(": '") + shown +
                                     QStringLiteral("' in ") +
                                     QString::number(title->rect().width()) + QStringLiteral(" px");
                QVERIFY2(!shown.isEmpty(), qPrintable(what));
                QVERIFY2(
                    QFontMetrics(title->font()).horizontalAdvance(shown) <= title->rect().width(),
                    qPrintable(what));
                QVERIFY2(QRect(QPoint(0, 0), plot->size()).contains(title->rect()),
                         qPrintable(what));
                const bool aForm =
                    title->texts().contains(shown) || shown.endsWith(QChar(0x2026));  // elided: "…"
                QVERIFY2(aForm, qPrintable(what));
            }
            QVERIFY2(titles >= 1, qPrintable(dock->windowTitle()));
            // Every legend entry writes its name whole or elided, within its cell.
            for (int i = 0; i < plot->legend->itemCount(); ++i) {
                auto* entry = dynamic_cast<ElidedLegendItem*>(plot->legend->item(i));
                if (entry == nullptr) {
                    continue;
                }
                const QString shown = entry->shownText();
                const int room = entry->rect().width() - plot->legend->iconSize().width() -
                                 plot->legend->iconTextPadding();
                const QString what = dock->windowTitle() + QStringLiteral(" legend: '") + shown +
                                     QStringLiteral("' in ") + QString::number(room) +
                                     QStringLiteral(" px");
                QVERIFY2(QFontMetrics(entry->font()).horizontalAdvance(shown) <= room,
                         qPrintable(what));
                // The whole name, its short form or one of them elided.
                const QString shortName =
                    entry->plottable()->property("shortLegendName").toString();
                QVERIFY2(shown == entry->plottable()->name() || shown == shortName ||
                             shown.endsWith(QChar(0x2026)),
                         qPrintable(what));
                // Three views across 1600 px or more, every entry reads whole or in its
                // short form: nothing is elided (with the Compare table as a fourth column,
                // presentation fonts may still elide one).
                if (size.width() >= 1600 && !compare) {
                    QVERIFY2(!shown.endsWith(QChar(0x2026)), qPrintable(what));
                }
            }
        }
        QCOMPARE(onScreen, columns);
        // Side by side the batch sweep is too narrow for two plots: the batch plot alone.
        QVERIFY(!window.views()->batchSweep()->latencyShown());
        // The breakdown writes no more operator names than its rows have lines for, so
        // that they never overlap (every name in view where there is room).
        BreakdownView* breakdown = window.views()->breakdown();
        if (breakdown->onScreen()) {
            for (const auto& pass : breakdown->passBars()) {
                QCPAxis* names = pass.rect->axis(QCPAxis::atLeft);
                const auto ticker = names->ticker().dynamicCast<QCPAxisTickerText>();
                QVERIFY(!ticker.isNull());
                const double line = QFontMetrics(names->tickLabelFont()).height();
                // Consecutive names written are a line apart at least.
                std::vector<double> ys;
                for (auto it = ticker->ticks().constBegin(); it != ticker->ticks().constEnd();
                     ++it) {
                    ys.push_back(names->coordToPixel(it.key()));
                }
                std::sort(ys.begin(), ys.end());
                for (std::size_t i = 1; i < ys.size(); ++i) {
                    QVERIFY2(ys[i] - ys[i - 1] >= line - 0.5,
                             qPrintable(QStringLiteral("names %1 px apart, a line is %2 px")
                                            .arg(ys[i] - ys[i - 1])
                                            .arg(line)));
                }
            }
        }
        // Even widths (within the splitters' few pixels).
        const auto [narrowest, widest] = std::minmax_element(widths.begin(), widths.end());
        QVERIFY2(*widest - *narrowest <= 12,
                 qPrintable(QStringLiteral("%1 to %2 px").arg(*narrowest).arg(*widest)));
    }

    void viewOption() {
        const AppOptions o = parseAppOptions({QStringLiteral("--view"), QStringLiteral("regime"),
                                              QStringLiteral("--grab"), QStringLiteral("out.png")});
        QVERIFY2(o.errors.isEmpty(), qPrintable(o.errors.join(QLatin1Char('\n'))));
        QCOMPARE(o.view, QStringLiteral("regime"));
        QCOMPARE(parseAppOptions({QStringLiteral("--view=sweep")}).view, QStringLiteral("sweep"));
        const AppOptions bad = parseAppOptions({QStringLiteral("--view"), QStringLiteral("map")});
        QCOMPARE(bad.errors.size(), 1);
        QCOMPARE(bad.errors.front(), QStringLiteral("unknown view 'map'; the views are: sweep, "
                                                    "regime, breakdown, frontier, all"));
        QVERIFY(appUsage().contains(QStringLiteral("--view NAME")));
    }
};

QTEST_MAIN(TestViews)
#include "tst_views.moc"
