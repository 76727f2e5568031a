// SPDX-License-Identifier: GPL-3.0-or-later
// Measured results on the plot (measured_overlay.h): File › Import measured results puts
// each kept row at its own scenario's intensity and achieved FLOP/s, lists the rejected
// rows in one dialog, shows the efficiency in the tooltip, costs slider steps nothing, and
// View › Clear measured results takes the markers away.
#include <cmath>
#include <memory>

#include <QAction>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "model/plot_tooltip.h"
#include "model/scenario_controller.h"
#include "plot/measured_overlay.h"
#include "plot/roofline_plot.h"
#include "roofline/io/calibration.h"
#include "roofline/io/measured.h"
#include "test_support.h"
#include "views/dialogs.h"
#include "window/main_window.h"

using namespace roofline;
using roofline::ui::Dialogs;
using roofline::ui::MainWindow;
using roofline::ui::MeasuredOverlay;
using roofline::ui::RooflinePlot;

namespace {

// Line 2: gpt-fast's Llama-3.1-8B on one A100-80GB SXM, 94 tok/s at batch 1 (DOMAIN §6).
// Line 3: the same model on 2 × H100 SXM, TPOT 5 ms at batch 16. Line 4 is rejected.
const QByteArray kCsv =
    "model,hardware,tp,weights,activations,kv,batch,prompt,output,metric,value,label\n"
    "llama-3.1-8b,a100-80gb-sxm,1,bf16,bf16,bf16,1,6,200,output_tokens_per_s,94,gpt-fast\n"
    "llama-3.1-8b,h100-sxm,2,bf16,bf16,bf16,16,1024,256,tpot_ms,5,ours\n"
    "llama-3.1-8b,h100-sxm,2,bf16,bf16,bf16,16,1024,256,tpot_ms,soon,bad\n";

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& content) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(content);
    }
    return path;
}

QPointF pixelOf(const RooflinePlot& plot, double x, double y) {
    return {plot.customPlot()->xAxis->coordToPixel(x), plot.customPlot()->yAxis->coordToPixel(y)};
}

}  // namespace

class TestMeasuredOverlay : public QObject {
    Q_OBJECT
private slots:
    void init() {
        Dialogs::setHeadless(true);
        Dialogs::clearShownErrors();
    }

    void importDrawsEachRowAtItsIntensityAndAchievedFlops() {
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("runs.csv"), kCsv);
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.controller().setBatch(256);  // the decode point far from the markers
        RooflinePlot& plot = *window.plot();
        QCOMPARE(window.importMeasured(path), 2);
        // One dialog for the rejected row, the two kept ones on the plot.
        QCOMPARE(Dialogs::shownErrors().size(), 1);
        QVERIFY2(Dialogs::shownErrors()[0].contains(
                     QStringLiteral("line 4: column value: expected a number of ms from 1e-06 to "
                                    "1e+12, found \"soon\"")),
                 qPrintable(Dialogs::shownErrors()[0]));
        const MeasuredOverlay& overlay = *window.measuredOverlay();
        QCOMPARE(overlay.size(), std::size_t{2});
        QCPGraph* markers = overlay.markers();
        QVERIFY(markers->visible());
        QCOMPARE(markers->layer(), plot.overlayLayer());
        QVERIFY(plot.customPlot()->legend->hasItemWithPlottable(markers));
        QCOMPARE(markers->dataCount(), 2);
        QVERIFY(roofline::test::child<QAction>(window, "clearMeasured")->isEnabled());

        // Where the engine places them (roofline/measured.h, tested by hand in core):
        // Llama-3.1-8B on A100 at 94 tok/s: x = decode intensity ≈ 1.003 FLOP/byte,
        // y = decode FLOPs · 94 ≈ 1.416 TFLOP/s.
        const io::MeasuredFile file = io::loadMeasuredFile(path.toStdString());
        QCOMPARE(file.rows.size(), std::size_t{2});
        const MeasuredPlacement a100 = io::placeRow(file.rows[0], Ceilings::Peak).placement;
        const MeasuredPlacement h100 = io::placeRow(file.rows[1], Ceilings::Peak).placement;
        QVERIFY(std::abs(a100.intensityFlopsPerByte - 1.003) < 0.001);
        QVERIFY(std::abs(a100.achievedFlopsPerSecond - 1.416e12) < 0.001e12);
        // The graph keeps its points sorted by intensity.
        const bool a100First = a100.intensityFlopsPerByte < h100.intensityFlopsPerByte;
        const MeasuredPlacement& first = a100First ? a100 : h100;
        const MeasuredPlacement& second = a100First ? h100 : a100;
        QCOMPARE(markers->data()->at(0)->key, first.intensityFlopsPerByte);
        QCOMPARE(markers->data()->at(0)->value, first.achievedFlopsPerSecond / 1e12);
        QCOMPARE(markers->data()->at(1)->key, second.intensityFlopsPerByte);
        QCOMPARE(markers->data()->at(1)->value, second.achievedFlopsPerSecond / 1e12);

        // The view grew to hold them, and the tooltip there is the row's.
        QVERIFY(plot.customPlot()->xAxis->range().contains(a100.intensityFlopsPerByte));
        QVERIFY(plot.customPlot()->yAxis->range().contains(a100.achievedFlopsPerSecond / 1e12));
        QVERIFY(plot.customPlot()->yAxis->range().contains(h100.achievedFlopsPerSecond / 1e12));
        const QString tip = plot.tooltipAt(
            pixelOf(plot, a100.intensityFlopsPerByte, a100.achievedFlopsPerSecond / 1e12), 3.0);
        QVERIFY2(tip.startsWith(QStringLiteral("measured: gpt-fast (line 2)")), qPrintable(tip));
        // 94 tok/s against the engine's 136: efficiency 7.37 ms / 10.6 ms = 69.3%.
        QVERIFY2(tip.contains(QStringLiteral("Efficiency: 69.3% (predicted 7.37 ms / measured "
                                             "10.6 ms)")),
                 qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("measured 94.0 tok/s, model 136 tok/s (peak")),
                 qPrintable(tip));
        // The window shows H100 SXM (the default): the A100 row says it is drawn at its own
        // scenario's intensity.
        QVERIFY2(tip.contains(QStringLiteral("its hardware is not the current NVIDIA H100")),
                 qPrintable(tip));
        const QString h100Tip = overlay.tooltip(1);
        QVERIFY2(h100Tip.startsWith(QStringLiteral("measured: ours (line 3)")),
                 qPrintable(h100Tip));
        QVERIFY(!h100Tip.contains(QStringLiteral("its hardware is not")));

        // Achievable ceilings: the same point, a higher efficiency in the tooltip.
        window.controller().setCeilings(Ceilings::Achievable);
        QCOMPARE(markers->data()->at(0)->key, first.intensityFlopsPerByte);
        const MeasuredPlacement achievable =
            io::placeRow(file.rows[0], Ceilings::Achievable).placement;
        QVERIFY(achievable.efficiency > a100.efficiency);
        QVERIFY2(overlay.tooltip(0).contains(QStringLiteral("(achievable ceilings)")),
                 qPrintable(overlay.tooltip(0)));

        // View › Clear measured results.
        roofline::test::child<QAction>(window, "clearMeasured")->trigger();
        QVERIFY(overlay.isEmpty());
        QVERIFY(!markers->visible());
        QCOMPARE(markers->dataCount(), 0);
        QVERIFY(!plot.customPlot()->legend->hasItemWithPlottable(markers));
        QVERIFY(!roofline::test::child<QAction>(window, "clearMeasured")->isEnabled());
        QVERIFY(!plot.tooltipAt(pixelOf(plot, a100.intensityFlopsPerByte,
                                        a100.achievedFlopsPerSecond / 1e12),
                                3.0)
                     .startsWith(QStringLiteral("measured")));
    }

    // Issue 19: under the estimate ceiling a measured row's tooltip gives the estimate's
    // residual for that row: its own scenario (2 × H100, B = 16, prompt 1,024, 256 out)
    // estimated with the profile of its hardware and the window's engine, the estimate's
    // TPOT in ms against the measured 5 ms, and measured / estimate − 1.
    void underTheEstimateATooltipGivesTheRowsResidual() {
        // The words and the sign, by hand: 4 ms estimated, 5 ms measured: 5 / 4 − 1 = +25.0%;
        // 94 tok/s measured against 120 estimated: 94 / 120 − 1 = −21.7%.
        QCOMPARE(ui::residualText(MeasuredMetric::TpotMs, 4.0, 5.0),
                 QStringLiteral("estimate 4.00 ms, measured 5.00 ms: residual +25.0%"));
        QCOMPARE(ui::residualText(MeasuredMetric::OutputTokensPerSecond, 120.0, 94.0),
                 QStringLiteral("estimate 120 tok/s, measured 94.0 tok/s: residual −21.7%"));

        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("runs.csv"), kCsv);
        MainWindow window;
        QCOMPARE(window.importMeasured(path), 2);
        const MeasuredOverlay& overlay = *window.measuredOverlay();
        QVERIFY(!overlay.tooltip(1).contains(QStringLiteral("residual")));  // peak ceilings
        window.controller().setCeilings(Ceilings::Estimate);
        window.controller().setEngine("nim");

        // The row's estimate as the engine makes it: no nim profile is shipped for this
        // chip, so its generic one stands in.
        const io::MeasuredFile file = io::loadMeasuredFile(path.toStdString());
        const io::MeasuredRow& row = file.rows[1];
        io::Loaded<CalibrationProfile> profile =
            io::resolveCalibration(row.scenario.hardware.id, "nim");
        QVERIFY(profile.ok());
        QCOMPARE(profile.value->id, row.scenario.hardware.id + ".generic");
        Scenario s = row.scenario;
        s.workload.ceilings = Ceilings::Estimate;
        s.calibration = std::make_shared<const CalibrationProfile>(*profile.value);
        const Analysis a = analyze(s);
        QVERIFY(a.estimate.has_value());
        const double estimateMs = a.estimate->tpotSeconds * 1000.0;
        QVERIFY(estimateMs > a.tpotSeconds * 1000.0);  // the stack adds its costs to the bound
        const QString expected =
            ui::residualText(MeasuredMetric::TpotMs, estimateMs, 5.0) +
            // A fitted profile says on how many records (h100-sxm.generic: 70).
            (profile.value->fittedRecords > 0
                 ? QStringLiteral(" (profile %1, fitted on %2 records)")
                       .arg(QString::fromStdString(profile.value->id))
                       .arg(profile.value->fittedRecords)
                 : QStringLiteral(" (profile %1, not fitted)")
                       .arg(QString::fromStdString(profile.value->id)));
        QVERIFY2(profile.value->fittedRecords > 0, "h100-sxm.generic is a fitted profile");
        QVERIFY2(expected.contains(QStringLiteral("measured 5.00 ms: residual ")),
                 qPrintable(expected));
        const QString tip = overlay.tooltip(1);
        QVERIFY2(tip.contains(QStringLiteral("\n") + expected + QStringLiteral("\n")),
                 qPrintable(tip + QStringLiteral("\n--- expected: ") + expected));
        // Under the model's line (achievable ceilings: the bound the estimate stands beside).
        const QStringList lines = tip.split(QLatin1Char('\n'));
        QVERIFY(lines.size() > 4);
        QVERIFY2(lines[3].contains(QStringLiteral("(achievable ceilings)")), qPrintable(lines[3]));
        QCOMPARE(lines[4], expected);
        // Back to achievable: the residual goes.
        window.controller().setCeilings(Ceilings::Achievable);
        QVERIFY(!overlay.tooltip(1).contains(QStringLiteral("residual")));
    }

    void markersAreDrawnAndSliderStepsDoNotRedrawThem() {
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("runs.csv"), kCsv);
        MainWindow window;
        RooflinePlot& plot = *window.plot();
        plot.setReplotPriority(QCustomPlot::rpImmediateRefresh);
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.controller().setBatch(256);  // the decode point far from the markers
        QCOMPARE(window.importMeasured(path), 2);
        plot.replot(QCustomPlot::rpImmediateRefresh);
        // The star's centre is drawn in the measured colour.
        std::vector<QPointF> centres;
        for (int i = 0; i < overlay(window).markers()->dataCount(); ++i) {
            const auto point = overlay(window).markers()->data()->at(i);
            centres.push_back(pixelOf(plot, point->key, point->value));
        }
        QCOMPARE(centres.size(), std::size_t{2});
        const QColor colour = plot.plotPalette().measured;
        const auto drawnAt = [&](const QImage& image, QPointF at) {
            at *= image.devicePixelRatio();
            for (int dx = -1; dx <= 1; ++dx) {
                for (int dy = -1; dy <= 1; ++dy) {
                    const QColor c = image.pixelColor(qRound(at.x()) + dx, qRound(at.y()) + dy);
                    if (std::abs(c.red() - colour.red()) < 20 &&
                        std::abs(c.green() - colour.green()) < 20 &&
                        std::abs(c.blue() - colour.blue()) < 20) {
                        return true;
                    }
                }
            }
            return false;
        };
        const QImage image = plot.grab().toImage();
        for (const QPointF& at : centres) {
            QVERIFY2(
                drawnAt(image, at),
                qPrintable(QStringLiteral("no measured marker at %1, %2").arg(at.x()).arg(at.y())));
        }
        // Slider steps take the partial path (no full replot), the overlay does no work,
        // and the screen is what a full replot would draw: the markers stay.
        QSignalSpy fullReplots(&plot, &RooflinePlot::beforeReplot);
        QSignalSpy overlayChanges(window.measuredOverlay(), &MeasuredOverlay::changed);
        for (const qint64 batch : {128, 64, 256}) {
            window.controller().setBatch(batch);
        }
        const QImage stepped = plot.grab().toImage();
        QCOMPARE(fullReplots.count(), 0);
        QCOMPARE(overlayChanges.count(), 0);
        plot.replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(stepped == plot.grab().toImage());
        // Cleared: nothing of that colour is left there (the view does not move).
        roofline::test::child<QAction>(window, "clearMeasured")->trigger();
        plot.replot(QCustomPlot::rpImmediateRefresh);
        const QImage cleared = plot.grab().toImage();
        for (const QPointF& at : centres) {
            QVERIFY(!drawnAt(cleared, at));
        }
    }

    void aFileWithNoUsableRowChangesNothing() {
        QTemporaryDir dir;
        const QString good = writeFile(dir, QStringLiteral("good.csv"), kCsv);
        const QString bad =
            writeFile(dir, QStringLiteral("bad.json"),
                      R"([{"model": "llama-3.1-8b"}, {"model": "nope", "hardware": "h100-sxm"}])");
        MainWindow window;
        QCOMPARE(window.importMeasured(good), 2);
        Dialogs::clearShownErrors();
        QCOMPARE(window.importMeasured(bad), 0);
        QCOMPARE(Dialogs::shownErrors().size(), 1);  // one dialog for both rows
        const QString shown = Dialogs::shownErrors()[0];
        // The reason in the main text, one sentence that ends properly (issue 21); the
        // details list every row.
        QVERIFY2(shown.startsWith(QStringLiteral("No measured row of bad.json could be used: row "
                                                 "1: column hardware: expected a hardware")),
                 qPrintable(shown));
        QVERIFY2(shown.section(QLatin1Char('\n'), 0, 0)
                     .endsWith(QStringLiteral(" (and 1 more under Show Details).")),
                 qPrintable(shown));
        QVERIFY(shown.contains(QStringLiteral("\nrow 1: column hardware: expected a hardware")));
        QVERIFY(shown.contains(QStringLiteral("\nrow 2: column model: expected a shipped model")));
        QCOMPARE(window.measuredOverlay()->size(), std::size_t{2});  // the earlier rows stay
        // A quiet import (--measured under --grab) shows no dialog but reports.
        Dialogs::clearShownErrors();
        QString report;
        QCOMPARE(window.importMeasured(bad, true, &report), 0);
        QVERIFY(Dialogs::shownErrors().isEmpty());
        QVERIFY(report.contains(QStringLiteral("row 2: column model")));
    }

private:
    static const MeasuredOverlay& overlay(const MainWindow& window) {
        return *window.measuredOverlay();
    }
};

QTEST_MAIN(TestMeasuredOverlay)
#include "tst_measured_overlay.moc"
