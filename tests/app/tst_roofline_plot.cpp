// SPDX-License-Identifier: GPL-3.0-or-later
#include <cmath>
#include <cstdint>
#include <memory>
#include <ranges>

#include <QScopeGuard>
#include <QScreen>
#include <QSignalSpy>
#include <QTest>

#include "comma_locale.h"
#include "model/plot_tooltip.h"
#include "plot/roofline_plot.h"
#include "roofline/comparison.h"
#include "roofline/format.h"
#include "roofline/io/scenario_file.h"
#include "test_support.h"

using namespace roofline;
using roofline::ui::kFlopsPerTflop;
using roofline::ui::RooflinePlot;

namespace {

/// An item of the plot's layers, found by its object name (baseline_layer.h,
/// operator_layer.h).
template <class Item>
Item* plotItem(const QWidget& plot, const char* name) {
    Item* item = plot.findChild<Item*>(QLatin1String(name));
    if (item == nullptr) {
        qFatal("no plot item %s", name);
    }
    return item;
}

using test::scenarioWith;

/// A profile that adds only `stepOverhead` to every pass (one compute unit and 1×1 tiles make
/// each GEMM one full wave, every efficiency is 1, no kernel floor), with a prediction interval
/// of ×0.8 to ×1.25 about the estimate.
CalibrationProfile overheadOnly(double stepOverhead) {
    CalibrationProfile p;
    p.id = "test.overhead";
    p.engine = "generic";
    p.computeUnits = 1;
    p.tileRows = 1;
    p.tileColumns = 1;
    p.stepOverheadSeconds = stepOverhead;
    p.residualLow = std::log(0.8);
    p.residualHigh = std::log(1.25);
    p.fittedRecords = 12;  // fitted: a profile of defaults is extrapolated, wider
    return p;
}

/// The default scenario at `batch` under the estimate ceiling with `profile`.
Scenario estimatedWith(std::int64_t batch, const CalibrationProfile& profile) {
    Scenario s = scenarioWith([&](io::ScenarioFile& f) {
        f.workload.batch = batch;
        f.workload.ceilings = Ceilings::Estimate;
    });
    s.calibration = std::make_shared<const CalibrationProfile>(profile);
    return s;
}

/// The operator layer's graphs (operator_layer.h), found by name.
QCPGraph* prefillOperators(const RooflinePlot& plot) {
    return plot.findChild<QCPGraph*>(QStringLiteral("prefillOperators"));
}
QCPGraph* decodeOperators(const RooflinePlot& plot) {
    return plot.findChild<QCPGraph*>(QStringLiteral("decodeOperators"));
}

struct Drawn {
    Scenario scenario;
    Analysis analysis;
    std::vector<TrailPoint> trail;
};

Drawn draw(RooflinePlot& plot, const Scenario& scenario) {
    Drawn d{scenario, analyze(scenario), {}};
    d.trail = decodeBatchTrail(scenario, std::min<std::int64_t>(4096, d.analysis.memory.maxBatch));
    plot.resize(1200, 800);
    plot.setAnalysis(d.analysis, d.trail);
    plot.replot(QCustomPlot::rpImmediateRefresh);  // lay out, so pixel positions are real
    return d;
}

template <class Data>
bool allFinite(const Data& data) {
    for (auto it = data->constBegin(); it != data->constEnd(); ++it) {
        if (!std::isfinite(it->mainKey()) || !std::isfinite(it->mainValue())) {
            return false;
        }
    }
    return true;
}

const TrailPoint* trailPointAt(const std::vector<TrailPoint>& trail, std::int64_t batch) {
    const auto it = std::find_if(trail.begin(), trail.end(),
                                 [&](const TrailPoint& p) { return p.batch == batch; });
    return it != trail.end() ? &*it : nullptr;
}

QPointF pixelOf(const RooflinePlot& plot, double x, double y) {
    return {plot.customPlot()->xAxis->coordToPixel(x), plot.customPlot()->yAxis->coordToPixel(y)};
}

}  // namespace

class TestRooflinePlot : public QObject {
    Q_OBJECT
private slots:
    void tickLabelsIgnoreACommaDecimalLocale() {
        // Under LANG=de_DE.UTF-8 Qt's default locale is German, and QCustomPlot takes its
        // tick labels' decimal comma from it: "0,1" on an axis whose other numbers say "0.1".
        test::CommaDecimalLocale cLocale;
        QVERIFY2(cLocale.active(), test::kCommaLocaleMissing);
        const QLocale previous;
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        const auto restore = qScopeGuard([&] { QLocale::setDefault(previous); });
        RooflinePlot plot;
        draw(plot, scenarioWith([](io::ScenarioFile&) {}));
        plot.customPlot()->xAxis->setRange(0.001, 1e5);
        plot.customPlot()->yAxis->setRange(0.01, 2e3);
        plot.replot(QCustomPlot::rpImmediateRefresh);
        for (QCPAxis* axis : {plot.customPlot()->xAxis, plot.customPlot()->yAxis}) {
            const QVector<QString> labels = axis->tickVectorLabels();
            QVERIFY2(labels.contains(QStringLiteral("0.01")),
                     qPrintable(QStringList(labels.begin(), labels.end()).join(QLatin1Char(' '))));
            for (const QString& label : labels) {
                QVERIFY2(!label.contains(QLatin1Char(',')), qPrintable(label));
            }
        }
    }

    void axesAreLogLogWithUnits() {
        RooflinePlot plot;
        draw(plot, scenarioWith([](auto&) {}));
        QCOMPARE(plot.customPlot()->xAxis->scaleType(), QCPAxis::stLogarithmic);
        QCOMPARE(plot.customPlot()->yAxis->scaleType(), QCPAxis::stLogarithmic);
        QVERIFY(!plot.customPlot()->xAxis->ticker().dynamicCast<QCPAxisTickerLog>().isNull());
        QVERIFY(!plot.customPlot()->yAxis->ticker().dynamicCast<QCPAxisTickerLog>().isNull());
        QVERIFY(plot.customPlot()->xAxis->label().contains(QStringLiteral("FLOP/byte")));
        QVERIFY(plot.customPlot()->yAxis->label().contains(QStringLiteral("TFLOP/s")));
    }

    void phasePointsAreTheEnginesNumbers_data() {
        QTest::addColumn<qint64>("batch");
        QTest::addColumn<QString>("weights");
        QTest::newRow("B=1 bf16") << qint64{1} << QStringLiteral("bf16");
        QTest::newRow("B=64 bf16") << qint64{64} << QStringLiteral("bf16");
        QTest::newRow("B=8 int4") << qint64{8} << QStringLiteral("int4");
    }
    void phasePointsAreTheEnginesNumbers() {
        QFETCH(qint64, batch);
        QFETCH(QString, weights);
        RooflinePlot plot;
        const Drawn d = draw(plot, scenarioWith([&](io::ScenarioFile& f) {
                                 f.workload.batch = batch;
                                 f.workload.weightPrecision =
                                     *parsePrecision(weights.toStdString());
                             }));
        QCOMPARE(plot.prefillPoint()->dataCount(), 1);
        QCOMPARE(plot.decodePoint()->dataCount(), 1);
        const auto prefill = plot.prefillPoint()->data()->at(0);
        const auto decode = plot.decodePoint()->data()->at(0);
        QCOMPARE(prefill->key, d.analysis.prefill().intensity());
        QCOMPARE(prefill->value, d.analysis.prefill().attainableFlopsPerSecond / kFlopsPerTflop);
        QCOMPARE(decode->key, d.analysis.decode().intensity());
        QCOMPARE(decode->value, d.analysis.decode().attainableFlopsPerSecond / kFlopsPerTflop);
        // Both points are inside the view.
        QVERIFY(plot.customPlot()->xAxis->range().contains(decode->key));
        QVERIFY(plot.customPlot()->yAxis->range().contains(decode->value));
        QVERIFY(plot.customPlot()->xAxis->range().contains(prefill->key));
        QVERIFY(plot.customPlot()->yAxis->range().contains(prefill->value));
    }

    void speculativePassesArePointsOfTheirOwn() {
        RooflinePlot plot;
        // Without speculation: no verify or draft point, their labels hidden.
        draw(plot, scenarioWith([](io::ScenarioFile&) {}));
        QCOMPARE(plot.speculativePoints()->dataCount(), 0);
        // k = 4 with Llama-3.2-1B drafting: the verify pass (5 tokens per sequence) and the
        // draft's 4 steps, each at the engine's intensity and attained FLOP/s.
        const Drawn d = draw(plot, scenarioWith([](io::ScenarioFile& f) {
                                 f.workload.speculativeTokens = 4;
                                 f.workload.draftKind = DraftKind::Model;
                                 f.draftModel = "llama-3.2-1b";
                             }));
        const PassCost* verify = d.analysis.pass(PassKind::Verify);
        const PassCost* draft = d.analysis.pass(PassKind::Draft);
        QVERIFY(verify != nullptr && draft != nullptr);
        QCOMPARE(plot.speculativePoints()->dataCount(), 2);
        QList<QPair<double, double>> points;
        for (auto it = plot.speculativePoints()->data()->constBegin();
             it != plot.speculativePoints()->data()->constEnd(); ++it) {
            points << qMakePair(it->key, it->value);
        }
        for (const PassCost* pass : {verify, draft}) {
            QVERIFY(points.contains(
                qMakePair(pass->intensity(), pass->attainableFlopsPerSecond / kFlopsPerTflop)));
            QVERIFY(plot.customPlot()->xAxis->range().contains(pass->intensity()));
        }
        // Verify pass, T = 5 at C = 2048: FLOPs 5 · 15,009,316,864 (matmuls) + 32 · 32 ·
        // (5·2048 + 15 pairs) · 517 (attention) + 5 · (1,331,200 + 2,293,760) (norms, SiLU) =
        // 80,493,788,160 on 15,330,275,840 bytes (the decode step's 15,288,683,008 + 4 more
        // tokens of KV, activations and embedding rows): 5.2506 -> "5.25 FLOP/byte". All
        // memory-bound: time 15,330,275,840 / 3.35e12 = 4.5762 ms, 80,493,788,160 / 4.5762 ms
        // = 17.59 TFLOP/s -> "17.6 TFLOP/s", on the slope: 100% of the roof.
        QCOMPARE(plot.verifyLabel(),
                 QStringLiteral("verify ×5 tokens  5.25 FLOP/byte\n17.6 TFLOP/s (100% of roof)"));
        // The draft, Llama-3.2-1B's decode step at B = 1 over the same 2048-token context,
        // four times: memory-bound like the target's, so on the slope (100% of the roof) at
        // I × 3.35 TB/s: 1.08 FLOP/byte × 3.35e12 B/s = 3.62 TFLOP/s.
        QCOMPARE(plot.draftLabel(),
                 QStringLiteral("draft ×4 steps  1.08 FLOP/byte\n3.62 TFLOP/s (100% of roof)"));
        QVERIFY(std::abs(draft->attainableFlopsPerSecond -
                         draft->intensity() * d.analysis.memoryBandwidthBytesPerSecond) <
                1e-6 * draft->attainableFlopsPerSecond);
        // The hover text of the verify point is that pass's.
        const QPointF at =
            pixelOf(plot, verify->intensity(), verify->attainableFlopsPerSecond / kFlopsPerTflop);
        QVERIFY(plot.tooltipAt(at).startsWith(QStringLiteral("verify: the target over 5")));
    }

    void pointLabelsSayWhatIsAttainedAndHowCloseToTheRoof() {
        RooflinePlot plot;
        const Drawn d = draw(plot, scenarioWith([](auto&) {}));
        // Llama-3.1-8B on H100, B = 1, P = C = 2048 (tests/core/analysis_test.cpp): decode
        // 16,097,698,816 FLOPs on 15,288,683,008 bytes = 1.0529 -> "1.05 FLOP/byte", every
        // operator memory-bound, so time = bytes / 3.35e12 = 4.5638 ms and it attains
        // 16,097,698,816 / 4.5638 ms = 3.527 TFLOP/s -> "3.53 TFLOP/s", exactly I × BW: 100%.
        // Prefill: 29,706,568,073,216 FLOPs on 35,763,530,240 bytes = 830.6 -> "831
        // FLOP/byte"; TTFT 33.400 ms (30.016 ms of matmuls and attention at 989.4e12 + 3.384
        // ms of memory-bound norms, SiLU, KV writes, lm_head), so 889.4 TFLOP/s -> "889
        // TFLOP/s", 889.4 / 989.4 = 89.89% -> "89.9% of roof".
        QCOMPARE(plot.decodeLabel(),
                 QStringLiteral("decode  1.05 FLOP/byte\n3.53 TFLOP/s (100% of roof)"));
        QCOMPARE(plot.prefillLabel(),
                 QStringLiteral("prefill  831 FLOP/byte\n889 TFLOP/s (89.9% of roof)"));
        // Decode at B=1 reads mostly weights: on the slope, at its roof.
        QVERIFY(plot.decodeLabel().contains(QStringLiteral("TFLOP/s (")));
        QVERIFY(plot.decodeLabel().endsWith(QStringLiteral("% of roof)")));
        // The figure is the engine's: attained over min(peak, I × BW).
        const PassCost& dec = d.analysis.decode();
        QCOMPARE(
            fractionOfRoof(d.analysis, dec),
            dec.attainableFlopsPerSecond / rooflineFlopsPerSecond(d.analysis, dec.intensity()));
    }

    void linkMarkersOnlyWithTensorParallelism() {
        RooflinePlot plot;
        draw(plot, scenarioWith([](auto&) {}));
        QCOMPARE(plot.prefillLinkPoint()->dataCount(), 0);
        QCOMPARE(plot.decodeLinkPoints()->dataCount(), 0);
        const Drawn d =
            draw(plot, scenarioWith([](io::ScenarioFile& f) { f.workload.tensorParallel = 4; }));
        const PassCost& prefill = d.analysis.prefill();
        const PassCost& decode = d.analysis.decode();
        QVERIFY(decode.linkBytes > 0.0 && prefill.linkBytes > 0.0);
        QCOMPARE(plot.prefillLinkPoint()->dataCount(), 1);
        QCOMPARE(plot.decodeLinkPoints()->dataCount(), 1);
        const auto p = plot.prefillLinkPoint()->data()->at(0);
        const auto q = plot.decodeLinkPoints()->data()->at(0);
        QCOMPARE(p->key, prefill.linkIntensity());
        QCOMPARE(p->value, prefill.attainableFlopsPerSecond / kFlopsPerTflop);
        QCOMPARE(q->key, decode.linkIntensity());
        QCOMPARE(q->value, decode.attainableFlopsPerSecond / kFlopsPerTflop);
        QVERIFY(plot.customPlot()->xAxis->range().contains(q->key));
        QVERIFY(plot.customPlot()->xAxis->range().contains(p->key));
        // Hollow, in the phase hue, another shape than the phase point's.
        QCOMPARE(plot.decodeLinkPoints()->scatterStyle().pen().color(), plot.plotPalette().decode);
        QCOMPARE(plot.decodeLinkPoints()->scatterStyle().brush().style(), Qt::NoBrush);
        QVERIFY(plot.decodeLinkPoints()->scatterStyle().shape() !=
                plot.decodePoint()->scatterStyle().shape());
        // TP 4, B = 1: each device does 15,009,316,864 / 4 matmul FLOPs + 1,084,756,992 / 4
        // of attention + 2,293,760 / 4 of SiLU + the replicated norms (1,331,200) =
        // 4,025,423,104 FLOPs, and 2 all-reduces per layer of N·h·a = 8,192 bytes: 64 ·
        // 8,192 = 524,288 link bytes. 4,025,423,104 / 524,288 = 7,677.9 -> "7,678".
        QCOMPARE(plot.tooltipAt(pixelOf(plot, q->key, q->value)).section(QLatin1Char('\n'), 0, 0),
                 QStringLiteral("decode against the interconnect: 7,678 FLOP per link byte"));
        // Back to one device: gone again.
        draw(plot, scenarioWith([](auto&) {}));
        QCOMPARE(plot.decodeLinkPoints()->dataCount(), 0);
    }

    void criticalBatchIsMarkedOnTheTrail() {
        RooflinePlot plot;
        const Drawn d = draw(plot, scenarioWith([](io::ScenarioFile& f) {
                                 f.workload.contextTokens = 128;
                                 f.workload.promptTokens = 128;
                             }));
        QCOMPARE(d.analysis.criticalBatch, std::optional<std::int64_t>(326));
        const TrailPoint* at = trailPointAt(d.trail, 326);
        QVERIFY(at != nullptr);
        QCOMPARE(plot.criticalBatchMark()->dataCount(), 1);
        QCOMPARE(plot.criticalBatchMark()->data()->at(0)->key, at->intensityFlopsPerByte);
        QCOMPARE(plot.criticalBatchMark()->data()->at(0)->value,
                 at->attainableFlopsPerSecond / kFlopsPerTflop);
        QVERIFY(plot.criticalBatchLabel()->visible());
        QCOMPARE(plot.criticalBatchLabel()->text(), QStringLiteral("critical B=326"));
        // At 2048 tokens of context the KV traffic grows with B too: no critical batch.
        const Drawn longer = draw(plot, scenarioWith([](auto&) {}));
        QVERIFY(!longer.analysis.criticalBatch.has_value());
        QCOMPARE(plot.criticalBatchMark()->dataCount(), 0);
        QVERIFY(!plot.criticalBatchLabel()->visible());
    }

    void memoryWallIsMarkedAtTheMaxBatch() {
        RooflinePlot plot;
        Drawn d = draw(plot, scenarioWith([](auto&) {}));
        QCOMPARE(d.analysis.memory.maxBatch, std::int64_t{225});
        const TrailPoint* at = trailPointAt(d.trail, 225);
        QVERIFY(at != nullptr);
        QCOMPARE(plot.memoryWallMark()->dataCount(), 1);
        QCOMPARE(plot.memoryWallMark()->data()->at(0)->key, at->intensityFlopsPerByte);
        QCOMPARE(plot.memoryWallMark()->data()->at(0)->value,
                 at->attainableFlopsPerSecond / kFlopsPerTflop);
        QCOMPARE(plot.memoryWallLabel()->text(), QStringLiteral("memory full B=225"));
        QVERIFY(plot.memoryWallLabel()->visible());
        // A trail past the limit (the batch is beyond it): the mark stays at 225, where
        // the dashed part begins.
        const Scenario beyond = scenarioWith([](io::ScenarioFile& f) { f.workload.batch = 1000; });
        const std::vector<TrailPoint> trail = decodeBatchTrail(beyond, 1000);
        plot.setAnalysis(analyze(beyond), trail);
        QVERIFY(plot.trailBeyondMemory()->dataCount() > 0);
        QCOMPARE(plot.memoryWallMark()->data()->at(0)->key,
                 trailPointAt(trail, 225)->intensityFlopsPerByte);
        QVERIFY(plot.memoryWallLabel()->visible());
    }

    void achievableCeilingsAreDrawnAndSaidSo() {
        // H100 with measured MAMF rates: the bf16 roof in use is 794.5 TFLOP/s, labelled
        // achievable, and the HBM slope is 85% of 3.35 TB/s.
        RooflinePlot plot;
        const Drawn d = draw(plot, scenarioWith([](io::ScenarioFile& f) {
                                 f.workload.ceilings = Ceilings::Achievable;
                             }));
        QCOMPARE(d.analysis.peakFlopsPerSecond, 794.5e12);
        QVERIFY(plot.roofLabels().first().startsWith(QStringLiteral("bf16/fp16 795 TFLOP/s")));
        QVERIFY(plot.roofLabels().first().endsWith(QStringLiteral(" achievable")));
        const auto ridge = plot.ridgeMarker()->data()->at(0);
        QCOMPARE(ridge->key, 794.5e12 / (0.85 * 3.35e12));
        QCOMPARE(ridge->value, 794.5);
    }

    // Issue 19: the estimate never replaces the bound. Llama-3.1-8B on H100 SXM at B = 8
    // under achievable ceilings: the decode step moves 17,240,518,656 bytes at 0.85 × 3.35 TB/s
    // = 2.8475 TB/s, t = 6.0546 ms, memory-bound throughout. A profile that adds 6.0546 ms (t
    // itself) per pass and nothing else estimates the step at 2t: the estimate's mark sits on
    // the bound point's vertical (the same intensity, 7.47 FLOP/byte) at half its FLOP/s, and
    // its interval, 0.8 × 2t to 1.25 × 2t, runs from y / 1.25 (the longer time, lower) to
    // y / 0.8. The bound point stays where it was, at the engine's achievable figure.
    void estimateMarkSitsOnTheBoundsVerticalWithItsInterval() {
        const Analysis bound = analyze(scenarioWith([](io::ScenarioFile& f) {
            f.workload.batch = 8;
            f.workload.ceilings = Ceilings::Achievable;
        }));
        const double t = bound.decode().timeSeconds;
        QVERIFY(std::abs(t - 17240518656.0 / 2.8475e12) < 1e-12);
        RooflinePlot plot;
        const Drawn d = draw(plot, estimatedWith(8, overheadOnly(t)));
        QVERIFY(d.analysis.estimate.has_value());
        const PassEstimate& decode = d.analysis.estimate->passes[1];
        QCOMPARE(decode.seconds, 2.0 * t);
        const auto point = plot.decodePoint()->data()->at(0);
        QCOMPARE(point->value, bound.decode().attainableFlopsPerSecond / kFlopsPerTflop);

        const ui::PlotScene scene = plot.scene();
        const std::vector<const ui::SceneItem*> marks =
            scene.ofKind(QStringLiteral("estimate"), QStringLiteral("estimate"));
        QCOMPARE(marks.size(), std::size_t{2});  // prefill and decode
        const ui::SceneItem* mark = nullptr;
        for (const ui::SceneItem* m : marks) {
            if (m->text == QStringLiteral("decode")) {
                mark = m;
            }
        }
        QVERIFY(mark != nullptr);
        const ui::SceneItem* boundPoint =
            scene.find(QStringLiteral("point"), QStringLiteral("decode"));
        QVERIFY(boundPoint != nullptr);
        // Data: the same x, half the y.
        QCOMPARE(mark->value(QStringLiteral("x")), boundPoint->value(QStringLiteral("x")));
        const double y = point->value / 2.0;
        QVERIFY(std::abs(mark->value(QStringLiteral("y")) / y - 1.0) < 1e-12);
        // Drawn: the same vertical on screen, half the FLOP/s lower.
        QCOMPARE(mark->rect.center().x(), boundPoint->rect.center().x());
        QVERIFY(std::abs(mark->rect.center().y() - plot.customPlot()->yAxis->coordToPixel(y)) <
                0.5);
        QVERIFY(mark->rect.center().y() > boundPoint->rect.center().y() + 10.0);

        // The interval bar: from y / 1.25 up to y / 0.8 on the same vertical.
        const ui::SceneItem* bar = nullptr;
        for (const ui::SceneItem* b : scene.ofKind(QStringLiteral("interval"))) {
            if (b->text == QStringLiteral("decode")) {
                bar = b;
            }
        }
        QVERIFY(bar != nullptr);
        QCOMPARE(bar->value(QStringLiteral("x0")), mark->value(QStringLiteral("x")));
        QCOMPARE(bar->value(QStringLiteral("x1")), mark->value(QStringLiteral("x")));
        QVERIFY(std::abs(bar->value(QStringLiteral("y0")) / (y / 1.25) - 1.0) < 1e-12);
        QVERIFY(std::abs(bar->value(QStringLiteral("y1")) / (y / 0.8) - 1.0) < 1e-12);
        const QCPAxis* yAxis = plot.customPlot()->yAxis;
        QVERIFY(std::abs(bar->rect.bottom() - yAxis->coordToPixel(y / 1.25)) < 0.5);
        QVERIFY(std::abs(bar->rect.top() - yAxis->coordToPixel(y / 0.8)) < 0.5);
        QCOMPARE(bar->rect.center().x(), mark->rect.center().x());

        // One legend entry names the marks, the interval and the profile.
        QVERIFY(scene.find(QStringLiteral("legend"),
                           QStringLiteral("estimate, 80% interval (test.overhead)")) != nullptr);
        QCOMPARE(plot.estimateLayer().legendText(),
                 QStringLiteral("estimate, 80% interval (test.overhead)"));

        // No label of the plot lies on a mark or a bar (a bar as wide as its end caps).
        std::vector<QRectF> covered = plot.estimateLayer().intervalRects();
        QCOMPARE(covered.size(), std::size_t{2});
        for (const ui::SceneItem* item : marks) {
            covered.push_back(item->rect);
        }
        for (const ui::PlacedLabel& label : plot.placedLabels()) {
            for (const QRectF& rect : covered) {
                QVERIFY2(!label.box.intersects(QPolygonF(rect)),
                         qPrintable(label.text + QStringLiteral(" on an estimate mark")));
            }
        }

        // The mark's tooltip: the estimated time and its interval, the bound, the profile (not
        // fitted) and the largest cost, the step overhead (6.05 ms of 12.1 ms).
        const QString tip = plot.tooltipAt(mark->rect.center());
        QCOMPARE(tip, ui::tooltipText(decode, *d.analysis.estimate));
        QVERIFY2(tip.startsWith(
                     QStringLiteral("decode estimated: 12.1 ms (9.69 ms–15.1 ms, 80% interval)\n"
                                    "Bound: 6.05 ms")),
                 qPrintable(tip));
        QVERIFY2(
            tip.contains(QStringLiteral("Profile: test.overhead (generic, fitted on 12 records")),
            qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral(
                     "Largest cost added: per-step overhead, 6.05 ms of the 12.1 ms")),
                 qPrintable(tip));
        // The bound's point keeps its own tooltip.
        QCOMPARE(plot.tooltipAt(boundPoint->rect.center()),
                 ui::tooltipText(PassKind::Decode, d.analysis.decode()));

        // Peak ceilings: no estimate, no mark, no bar, no legend entry.
        draw(plot, scenarioWith([](io::ScenarioFile& f) { f.workload.batch = 8; }));
        const ui::PlotScene peak = plot.scene();
        QVERIFY(peak.ofKind(QStringLiteral("estimate")).empty());
        QVERIFY(peak.ofKind(QStringLiteral("interval")).empty());
        QVERIFY(peak.find(QStringLiteral("legend"), QStringLiteral("estimate")) == nullptr);
        QVERIFY(plot.estimateLayer().legendText().isEmpty());
    }

    void roofInUseHasTheRidgeAsExactVertex() {
        RooflinePlot plot;
        const Drawn d = draw(plot, scenarioWith([](auto&) {}));
        const auto roof = plot.roofInUse()->data();
        QCOMPARE(roof->size(), 3);
        const double peak = d.analysis.peakFlopsPerSecond / kFlopsPerTflop;
        QCOMPARE(roof->at(1)->key, d.analysis.ridgePointFlopsPerByte);
        QCOMPARE(roof->at(1)->value, peak);
        QCOMPARE(roof->at(2)->value, peak);
        // The left vertex is on the HBM slope: y = x · bandwidth.
        QCOMPARE(roof->at(0)->value,
                 roof->at(0)->key * d.analysis.memoryBandwidthBytesPerSecond / kFlopsPerTflop);
        QCOMPARE(plot.ridgeMarker()->data()->at(0)->key, d.analysis.ridgePointFlopsPerByte);
        // 989.4e12 / 3.35e12 = 295.34 FLOP/byte.
        QCOMPARE(plot.ridgeLabel(), QStringLiteral("ridge 295 FLOP/byte"));
    }

    // Issue 18: a preset without a sourced compute peak (Apple M4 Max) is drawn with its
    // memory slope alone, across the view, and no ridge or compute-bound region: the roof
    // in use is two points on y = x · bandwidth (546 GB/s).
    void aMemoryOnlyChipHasTheSlopeAloneAndNoRidge() {
        RooflinePlot plot;
        const Drawn d = draw(plot, scenarioWith([](io::ScenarioFile& f) {
                                 f.hardware = "apple-m4-max";
                                 f.model = "qwen3-30b-a3b";
                             }));
        QVERIFY(!d.analysis.hasComputeRoof);
        const auto roof = plot.roofInUse()->data();
        QCOMPARE(roof->size(), 2);
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(roof->at(i)->value,
                     roof->at(i)->key * d.analysis.memoryBandwidthBytesPerSecond / kFlopsPerTflop);
        }
        // It runs under both phases (clipped to the view, where it leaves at the top).
        QVERIFY(roof->at(0)->key < d.analysis.decode().intensity());
        QVERIFY(roof->at(1)->key > d.analysis.prefill().intensity());
        const roofline::ui::PlotScene scene = plot.scene();
        QVERIFY(scene.find(QStringLiteral("label"), QStringLiteral("ridge")) == nullptr);
        QVERIFY(scene.find(QStringLiteral("region"), QStringLiteral("compute")) == nullptr);
        QVERIFY(scene.find(QStringLiteral("label"), QStringLiteral("LPDDR5X")) != nullptr);
    }

    void oneRoofPerDistinctPeak() {
        RooflinePlot plot;
        const Drawn d = draw(plot, scenarioWith([](auto&) {}));
        std::vector<double> peaks;
        for (const Roof& r : d.analysis.roofs) {
            if (r.peakFlopsPerSecond > 0.0 &&
                std::find(peaks.begin(), peaks.end(), r.peakFlopsPerSecond) == peaks.end()) {
                peaks.push_back(r.peakFlopsPerSecond);
            }
        }
        QCOMPARE(plot.otherRoofs().size() + 1, peaks.size());
        const QStringList labels = plot.roofLabels();
        QCOMPARE(static_cast<std::size_t>(labels.size()), peaks.size());
        // H100: "bf16/fp16 989 TFLOP/s" in use, first.
        QCOMPARE(labels.front(), QStringLiteral("bf16/fp16 989 TFLOP/s"));  // 989.4e12
        for (QCPGraph* roof : plot.otherRoofs()) {
            QCOMPARE(roof->pen().style(), Qt::DashLine);
            QCOMPARE(roof->dataCount(), 2);
        }
        QCOMPARE(plot.roofInUse()->pen().style(), Qt::SolidLine);
    }

    void trailFollowsDecodeBatchTrail() {
        RooflinePlot plot;
        const Drawn d = draw(plot, scenarioWith([](auto&) {}));
        const auto curve = plot.trailCurve()->data();
        QCOMPARE(static_cast<std::size_t>(curve->size()), d.trail.size());
        for (int i = 0; i < curve->size(); ++i) {
            const TrailPoint& p = d.trail[static_cast<std::size_t>(i)];
            QCOMPARE(curve->at(i)->key, p.intensityFlopsPerByte);
            QCOMPARE(curve->at(i)->value, p.attainableFlopsPerSecond / kFlopsPerTflop);
        }
        QCOMPARE(plot.trailBeyondMemory()->dataCount(), 0);
    }

    void noNansAnywhere_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<qint64>("tp");
        QTest::newRow("llama-3.1-8b") << QStringLiteral("llama-3.1-8b") << qint64{1};
        QTest::newRow("deepseek-v3 TP8") << QStringLiteral("deepseek-v3") << qint64{8};
        QTest::newRow("mixtral-8x7b TP2") << QStringLiteral("mixtral-8x7b") << qint64{2};
        QTest::newRow("llama-3.1-405b") << QStringLiteral("llama-3.1-405b") << qint64{1};
    }
    void noNansAnywhere() {
        QFETCH(QString, model);
        QFETCH(qint64, tp);
        RooflinePlot plot;
        plot.setOperatorsVisible(true);
        draw(plot, scenarioWith([&](io::ScenarioFile& f) {
                 f.model = model.toStdString();
                 f.workload.tensorParallel = tp;
             }));
        for (int i = 0; i < plot.customPlot()->graphCount(); ++i) {
            QVERIFY2(allFinite(plot.customPlot()->graph(i)->data()),
                     qPrintable(plot.customPlot()->graph(i)->name()));
        }
        QVERIFY(allFinite(plot.trailCurve()->data()));
        QVERIFY(allFinite(plot.trailBeyondMemory()->data()));
        QVERIFY(std::isfinite(plot.customPlot()->xAxis->range().lower) &&
                plot.customPlot()->xAxis->range().lower > 0.0);
        QVERIFY(std::isfinite(plot.customPlot()->yAxis->range().upper));
    }

    void operatorsAreEngineOperators() {
        RooflinePlot plot;
        QVERIFY(!decodeOperators(plot)->visible());
        plot.setOperatorsVisible(true);
        const Drawn d = draw(plot, scenarioWith([](auto&) {}));
        QVERIFY(decodeOperators(plot)->visible());
        int decodeCount = 0;
        for (const OperatorCost& op : d.analysis.operators) {
            if (op.pass != PassKind::Decode || op.flops <= 0.0 || op.bytes() <= 0.0) {
                continue;
            }
            ++decodeCount;
            bool found = false;
            const double y = op.flops / op.timeSeconds / kFlopsPerTflop;
            for (auto it = decodeOperators(plot)->data()->constBegin();
                 it != decodeOperators(plot)->data()->constEnd(); ++it) {
                found = found || (it->key == op.intensity() && it->value == y);
            }
            QVERIFY2(found, op.name.data());
        }
        QCOMPARE(decodeOperators(plot)->dataCount(), decodeCount);
        plot.setOperatorsVisible(false);
        QVERIFY(!decodeOperators(plot)->visible());
    }

    void interconnectRoofOnlyWithTensorParallelism() {
        RooflinePlot plot;
        draw(plot, scenarioWith([](auto&) {}));
        QVERIFY(!plot.interconnectRoof()->visible());
        const Drawn d =
            draw(plot, scenarioWith([](io::ScenarioFile& f) { f.workload.tensorParallel = 4; }));
        QVERIFY(plot.interconnectRoof()->visible());
        const auto link = plot.interconnectRoof()->data();
        QCOMPARE(link->at(1)->key,
                 d.analysis.peakFlopsPerSecond / d.analysis.interconnectBandwidthBytesPerSecond);
    }

    // The hollow squares drawn at each pass's link intensity under tensor parallelism have
    // one legend entry, "link intensity", after prefill, decode and the trail; it goes with
    // them when TP returns to 1.
    void linkSquaresHaveALegendEntryWhileDrawn() {
        RooflinePlot plot;
        const auto names = [&plot] {
            QStringList out;
            for (int k = 0; k < plot.customPlot()->legend->itemCount(); ++k) {
                if (auto* item =
                        qobject_cast<QCPPlottableLegendItem*>(plot.customPlot()->legend->item(k))) {
                    out << item->plottable()->name();
                }
            }
            return out;
        };
        draw(plot, scenarioWith([](auto&) {}));
        const QStringList plain{QStringLiteral("prefill"), QStringLiteral("decode"),
                                QStringLiteral("decode batch trail")};
        QCOMPARE(names(), plain);
        draw(plot, scenarioWith([](io::ScenarioFile& f) { f.workload.tensorParallel = 2; }));
        QCOMPARE(names(), plain + QStringList{QStringLiteral("link intensity")});
        draw(plot, scenarioWith([](auto&) {}));
        QCOMPARE(names(), plain);
    }

    void tooltipShowsTheNearestPointsNumbers() {
        RooflinePlot plot;
        const Drawn d =
            draw(plot, scenarioWith([](io::ScenarioFile& f) { f.workload.batch = 16; }));
        const auto decode = plot.decodePoint()->data()->at(0);
        const QPointF near = pixelOf(plot, decode->key, decode->value) + QPointF(3, -2);
        QCOMPARE(plot.tooltipAt(near), ui::tooltipText(PassKind::Decode, d.analysis.decode()));
        const auto prefill = plot.prefillPoint()->data()->at(0);
        QCOMPARE(plot.tooltipAt(pixelOf(plot, prefill->key, prefill->value)),
                 ui::tooltipText(PassKind::Prefill, d.analysis.prefill()));
        QVERIFY(plot.tooltipAt(QPointF(-100, -100)).isEmpty());
    }

    void tooltipTextHasExactNumbers() {
        PassCost cost;
        cost.flops = 16.06e9;
        cost.traffic[ByteCategory::Weights] = 16.06e9;
        cost.timeSeconds = 4.79e-3;
        cost.bound = Bound::Memory;
        cost.shares[Bound::Memory] = 1.0;
        const QString text = ui::tooltipText(PassKind::Decode, cost);
        const QStringList lines = text.split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 8);
        QCOMPARE(lines[0], QStringLiteral("decode step (TPOT without speculation)"));
        // Every line is literal text: 16.06e9 -> "16.1 G" at 3 figures, intensity 16.06e9 /
        // 16.06e9 = 1 -> "1.00", 4.79e-3 s -> "4.79 ms".
        QCOMPARE(lines[6], QStringLiteral("Bytes: weights 16.1 GB, KV cache 0 B, activations 0 B"));
        QCOMPARE(lines[7],
                 QStringLiteral("Time in compute-/memory-/link-bound operators: 0% / 100% / 0%"));
        QCOMPARE(lines[1], QStringLiteral("FLOPs: 16.1 GFLOP"));
        QCOMPARE(lines[2], QStringLiteral("Bytes: 16.1 GB"));
        QCOMPARE(lines[3], QStringLiteral("Intensity: 1.00 FLOP/byte"));
        QCOMPARE(lines[4], QStringLiteral("Time: 4.79 ms"));
        QCOMPARE(lines[5], QStringLiteral("Bound: memory-bound"));

        OperatorCost op;
        op.name = "qkv_proj";
        op.pass = PassKind::Prefill;
        op.count = 32;
        op.flops = 1e12;
        op.traffic[ByteCategory::Weights] = 1e9;
        op.timeSeconds = 1e-3;
        op.bound = Bound::Compute;
        QVERIFY(ui::tooltipText(op).startsWith(QStringLiteral("prefill: qkv_proj ×32\n")));
        QVERIFY(ui::tooltipText(op).endsWith(QStringLiteral("Bound: compute-bound")));
    }

    void presentationModeScalesMarkers() {
        RooflinePlot plot;
        draw(plot, scenarioWith([](auto&) {}));
        const double size = plot.decodePoint()->scatterStyle().size();
        const double width = plot.roofInUse()->pen().widthF();
        plot.setPresentationMode(true);
        QCOMPARE(plot.decodePoint()->scatterStyle().size(), size * 1.5);
        QCOMPARE(plot.roofInUse()->pen().widthF(), width * 1.5);
        QVERIFY(plot.plotPalette().highContrast);
        plot.setPresentationMode(false);
        QCOMPARE(plot.decodePoint()->scatterStyle().size(), size);
    }

    void phasesHaveOneColourEach() {
        RooflinePlot plot;
        draw(plot, scenarioWith([](auto&) {}));
        const ui::PlotPalette& p = plot.plotPalette();
        QVERIFY(p.prefill != p.decode);
        QCOMPARE(plot.prefillPoint()->scatterStyle().brush().color(), p.prefill);
        QCOMPARE(plot.decodePoint()->scatterStyle().brush().color(), p.decode);
        QCOMPARE(plot.trailCurve()->pen().color(), p.decode);
        QCOMPARE(decodeOperators(plot)->pen().color(), p.decode);
        QCOMPARE(prefillOperators(plot)->pen().color(), p.prefill);
    }

    void partialRedrawsDrawWhatAFullReplotDraws() {
        // A slider step redraws only the data layer, a roof change the roof layer (or takes
        // a cached picture of it): the screen must be exactly what a full replot shows.
        const Scenario w16 = scenarioWith([](io::ScenarioFile& f) { f.workload.batch = 8; });
        const Scenario w8a8 = scenarioWith([](io::ScenarioFile& f) {
            f.workload.batch = 32;
            f.workload.weightPrecision = Precision::Fp8;
            f.workload.activationPrecision = Precision::Fp8;
        });
        RooflinePlot plot;
        plot.setReplotPriority(QCustomPlot::rpImmediateRefresh);
        plot.setOperatorsVisible(true);
        plot.resize(1200, 800);
        plot.show();  // so that grab() below sends no resize (a resize replots in full)
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        draw(plot, w8a8);  // the view grows to fit both scenarios...
        draw(plot, w16);   // ...and a full replot leaves the w16 roofs in place
        QSignalSpy fullReplots(&plot, &RooflinePlot::beforeReplot);
        for (const Scenario& s : {w8a8, w16, w8a8}) {  // roof miss, cached hit, cached hit
            const Analysis a = analyze(s);
            plot.setAnalysis(a, decodeBatchTrail(s, 64));
        }
        const QImage stepped = plot.grab().toImage();
        QCOMPARE(fullReplots.count(), 0);  // the steps and the grab took the partial path
        plot.replot(QCustomPlot::rpImmediateRefresh);
        const QImage full = plot.grab().toImage();
        QCOMPARE(stepped.size(), full.size());
        QVERIFY(stepped == full);
    }

    void stepsLeaveTheScreenAsAFullRepaintWould_data() {
        QTest::addColumn<bool>("presentation");
        QTest::addColumn<bool>("baseline");
        QTest::newRow("normal") << false << false;
        QTest::newRow("presentation") << true << false;  // larger text and marks
        // Compare mode: ghosts, another chip's roof, arrows and their labels.
        QTest::newRow("baseline") << false << true;
        QTest::newRow("presentation, baseline") << true << true;
    }
    void stepsLeaveTheScreenAsAFullRepaintWould() {
        // A step repaints only where the data's marks were and where they are now
        // (plot_footprint.h), and shows roofs kept from earlier (plot_picture.h): the pixels
        // on screen must be those of a whole new paint. The offscreen platform's screen grab
        // reads the window's backing store, which keeps what every partial repaint left.
        QFETCH(bool, presentation);
        QFETCH(bool, baseline);
        const auto with = [](std::int64_t batch, std::int64_t tokens, Precision math) {
            return scenarioWith([=](io::ScenarioFile& f) {
                f.workload.batch = batch;
                f.workload.promptTokens = tokens;
                f.workload.contextTokens = tokens;
                f.workload.weightPrecision = math;
                f.workload.activationPrecision = math;
            });
        };
        const std::vector<Scenario> steps = {
            with(1, 2048, Precision::Bf16), with(64, 2048, Precision::Bf16),
            with(64, 512, Precision::Bf16), with(512, 8192, Precision::Fp8),
            with(2, 131072, Precision::Fp8), with(2, 131072, Precision::Bf16),
            with(4096, 128, Precision::Bf16), with(16, 4096, Precision::Fp8),
            // Tensor parallelism: the link markers.
            scenarioWith([](io::ScenarioFile& f) {
                f.workload.batch = 32;
                f.workload.tensorParallel = 4;
            }),
            with(300, 128, Precision::Bf16),  // on the critical batch's mark
        };
        RooflinePlot plot;
        plot.setReplotPriority(QCustomPlot::rpImmediateRefresh);
        plot.setOperatorsVisible(true);
        plot.setPresentationMode(presentation);
        plot.resize(1200, 800);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        if (baseline) {
            const Scenario base = scenarioWith([](io::ScenarioFile& f) {
                f.hardware = "a100-80gb-sxm";
                f.workload.batch = 16;
                f.workload.speculativeTokens = 4;
            });
            plot.setBaseline(analyze(base), decodeBatchTrail(base, 4096));
        }
        const auto screenIsWhole = [&plot] {
            const QImage onScreen = plot.screen()->grabWindow(plot.winId()).toImage();
            const QImage whole = plot.grab().toImage();
            return onScreen.size() == whole.size() &&
                   onScreen.convertToFormat(QImage::Format_RGB32) ==
                       whole.convertToFormat(QImage::Format_RGB32);
        };
        for (const Scenario& s : steps) {  // the view grows to fit every step
            draw(plot, s);
        }
        plot.replot(QCustomPlot::rpImmediateRefresh);
        QSignalSpy fullReplots(&plot, &RooflinePlot::beforeReplot);
        for (const Scenario& s : std::views::reverse(steps)) {  // back over the same view
            plot.setAnalysis(analyze(s), decodeBatchTrail(s, 4096));
            QVERIFY(screenIsWhole());
        }
        // Every step took the partial path, except the two that bring in and take away the
        // link squares' legend entry (TP 1 -> 4 -> 1: a combo box, never a slider drag).
        QCOMPARE(fullReplots.count(), 2);
        if (baseline) {
            // Clearing and pinning again take the ghosts' legend entries out and put them
            // back ("baseline prefill", "baseline decode", ...; issue 20): the legend is in
            // the backdrop, so each is one full replot.
            QVERIFY(plotItem<QCPItemText>(plot, "decodeArrowLabel")->visible());
            plot.clearBaseline();
            QVERIFY(screenIsWhole());
            plot.setBaseline(analyze(steps[2]), decodeBatchTrail(steps[2], 4096));
            QVERIFY(screenIsWhole());
            QCOMPARE(fullReplots.count(), 4);
        }

        // A new view (the user zoomed) makes every kept roof picture stale.
        plot.customPlot()->xAxis->setRange(0.5, 5000.0);
        plot.replot(QCustomPlot::rpImmediateRefresh);
        for (const Scenario& s : {steps[1], steps[3], steps[2]}) {  // bf16, fp8, bf16
            plot.setAnalysis(analyze(s), decodeBatchTrail(s, 4096));
            QVERIFY(screenIsWhole());
        }
    }

    void aPlaySweepMendsTheRoofPictureWhereLabelsMoved_data() {
        QTest::addColumn<bool>("presentation");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::newRow("1200x800") << false << 1200 << 800;
        QTest::newRow("presentation 1011x568") << true << 1011 << 568;  // F5 at 1280x720
    }
    void aPlaySweepMendsTheRoofPictureWhereLabelsMoved() {
        // Play sweeps the batch 1 -> 4,096 with the trail ending at the point. As the point
        // climbs the HBM slope and runs under the roofs, roof labels step aside and back:
        // the roof picture is then mended where they were and are (StaticPicture::patch),
        // not drawn again. What the screen shows must be exactly what a plot given the same
        // steps, but drawn in full at each, shows.
        QFETCH(bool, presentation);
        QFETCH(int, width);
        QFETCH(int, height);
        RooflinePlot played;
        RooflinePlot reference;
        const auto at = [](std::int64_t batch) {
            return scenarioWith([batch](io::ScenarioFile& f) { f.workload.batch = batch; });
        };
        for (RooflinePlot* plot : {&played, &reference}) {
            plot->setReplotPriority(QCustomPlot::rpImmediateRefresh);
            plot->setOperatorsVisible(true);
            plot->setPresentationMode(presentation);
            plot->resize(width, height);
            plot->show();
            QVERIFY(QTest::qWaitForWindowExposed(plot));
            // The view that holds the whole sweep, as the window's does before Play starts.
            draw(*plot, at(4096));
            draw(*plot, at(1));
            plot->setTrailFollowsPoint(true);
            plot->replot(QCustomPlot::rpImmediateRefresh);
        }
        QSignalSpy fullReplots(&played, &RooflinePlot::beforeReplot);
        const std::uint64_t mendsBefore = played.roofPictureMends();
        for (double b = 1.0; b <= 4096.0; b *= 1.2) {  // 46 steps on the log scale
            const Scenario s = at(std::lround(b));
            const Analysis a = analyze(s);
            const std::vector<TrailPoint> trail = decodeBatchTrail(s, 4096);
            played.setAnalysis(a, trail);
            reference.setAnalysis(a, trail);
            reference.replot(QCustomPlot::rpImmediateRefresh);
            const QImage onScreen = played.screen()->grabWindow(played.winId()).toImage();
            const QImage whole = reference.grab().toImage();
            QVERIFY2(onScreen.convertToFormat(QImage::Format_RGB32) ==
                         whole.convertToFormat(QImage::Format_RGB32),
                     qPrintable(QStringLiteral("B = %1").arg(std::lround(b))));
        }
        QCOMPARE(fullReplots.count(), 0);
        QVERIFY(played.roofPictureMends() > mendsBefore);
    }

    void baselineGhostsAreTheBaselinesEngineNumbers() {
        RooflinePlot plot;
        const Scenario base = scenarioWith([](io::ScenarioFile& f) {
            f.workload.batch = 1;
            f.workload.speculativeTokens = 4;
        });
        const Analysis b = analyze(base);
        const std::vector<TrailPoint> bTrail = decodeBatchTrail(base, 256);
        draw(plot, scenarioWith([](io::ScenarioFile& f) { f.workload.batch = 64; }));
        QVERIFY(!plot.hasBaseline());
        QVERIFY(!plotItem<QCPGraph>(plot, "baselinePrefill")->visible());
        plot.setBaseline(b, bTrail);
        QVERIFY(plot.hasBaseline());
        const auto only = [](const QCPGraph* g) {
            return g->data()->size() == 1 ? QPointF(g->data()->at(0)->key, g->data()->at(0)->value)
                                          : QPointF(-1, -1);
        };
        QVERIFY(plotItem<QCPGraph>(plot, "baselinePrefill")->visible());
        QCOMPARE(only(plotItem<QCPGraph>(plot, "baselinePrefill")),
                 QPointF(b.prefill().intensity(),
                         b.prefill().attainableFlopsPerSecond / kFlopsPerTflop));
        QCOMPARE(
            only(plotItem<QCPGraph>(plot, "baselineDecode")),
            QPointF(b.decode().intensity(), b.decode().attainableFlopsPerSecond / kFlopsPerTflop));
        const PassCost* verify = b.pass(PassKind::Verify);
        QVERIFY(verify != nullptr);  // an n-gram draft: verify only
        const double verifyIntensity = verify != nullptr ? verify->intensity() : 0.0;
        QCOMPARE(plotItem<QCPGraph>(plot, "baselineSpeculative")->data()->size(), 1);
        QCOMPARE(plotItem<QCPGraph>(plot, "baselineSpeculative")->data()->at(0)->key,
                 verifyIntensity);
        QCOMPARE(plotItem<QCPCurve>(plot, "baselineTrail")->data()->size(),
                 static_cast<int>(bTrail.size()));
        QCOMPARE(plotItem<QCPCurve>(plot, "baselineTrail")->data()->at(0)->value,
                 bTrail[0].attainableFlopsPerSecond / kFlopsPerTflop);
        QVERIFY(!plotItem<QCPGraph>(plot, "baselineRoof")->visible());  // same chip, same roofs
        // Hovering a ghost names the baseline and its numbers.
        const QPointF ghostPixel = pixelOf(plot, b.decode().intensity(),
                                           b.decode().attainableFlopsPerSecond / kFlopsPerTflop);
        QCOMPARE(plot.tooltipAt(ghostPixel),
                 QStringLiteral("baseline ") + ui::tooltipText(PassKind::Decode, b.decode()));
        // Hollow, faded, in the phase hues.
        const ui::PlotPalette& p = plot.plotPalette();
        for (const auto& [ghost, hue] :
             {std::pair{plotItem<QCPGraph>(plot, "baselinePrefill"), p.prefill},
              std::pair{plotItem<QCPGraph>(plot, "baselineDecode"), p.decode}}) {
            const QCPScatterStyle style = ghost->scatterStyle();
            QCOMPARE(style.brush().style(), Qt::NoBrush);
            QVERIFY(style.pen().color().alphaF() < 0.6F);
            QCOMPARE(style.pen().color().rgb(), hue.rgb());
        }
        plot.clearBaseline();
        QVERIFY(!plot.hasBaseline());
        for (QCPAbstractPlottable* ghost : std::initializer_list<QCPAbstractPlottable*>{
                 plotItem<QCPGraph>(plot, "baselinePrefill"),
                 plotItem<QCPGraph>(plot, "baselineDecode"),
                 plotItem<QCPGraph>(plot, "baselineSpeculative"),
                 plotItem<QCPCurve>(plot, "baselineTrail"),
                 plotItem<QCPGraph>(plot, "baselineRoof")}) {
            QVERIFY(!ghost->visible());
        }
        QVERIFY(!plotItem<QCPItemLine>(plot, "decodeArrow")->visible());
        QVERIFY(!plotItem<QCPItemText>(plot, "decodeArrowLabel")->visible());
    }

    void baselineRoofStaysWhenTheHardwareDiffers() {
        RooflinePlot plot;
        const Scenario base =
            scenarioWith([](io::ScenarioFile& f) { f.hardware = "a100-80gb-sxm"; });
        const Analysis b = analyze(base);
        draw(plot, scenarioWith([](io::ScenarioFile&) {}));
        plot.setBaseline(b, decodeBatchTrail(base, 16));
        QCPGraph* roof = plotItem<QCPGraph>(plot, "baselineRoof");
        QVERIFY(roof->visible());
        QCOMPARE(roof->pen().style(), Qt::DashLine);
        QVERIFY(roof->pen().color().alphaF() < 0.6F);
        QCOMPARE(roof->data()->size(), 3);
        QCOMPARE(roof->data()->at(1)->key, b.ridgePointFlopsPerByte);
        QCOMPARE(roof->data()->at(1)->value, b.peakFlopsPerSecond / kFlopsPerTflop);
    }

    void arrowsRunFromBaselineToCurrentWithTheRatio() {
        RooflinePlot plot;
        const Scenario base = scenarioWith([](io::ScenarioFile& f) { f.workload.batch = 1; });
        const Analysis b = analyze(base);
        draw(plot, base);
        plot.setBaseline(b, decodeBatchTrail(base, 64));
        const Drawn now = draw(plot, scenarioWith([](io::ScenarioFile& f) {
                                   f.workload.batch = 1;
                                   f.workload.weightPrecision = Precision::Int4;
                               }));
        const Comparison c = compare(b, now.analysis);
        QVERIFY(c.decodeSpeedup && *c.decodeSpeedup > 2.0);  // W4: a quarter of the bytes

        QCPItemLine* arrow = plotItem<QCPItemLine>(plot, "decodeArrow");
        QVERIFY(arrow->visible());
        QCOMPARE(
            arrow->start->coords(),
            QPointF(b.decode().intensity(), b.decode().attainableFlopsPerSecond / kFlopsPerTflop));
        QCOMPARE(arrow->end->coords(),
                 QPointF(now.analysis.decode().intensity(),
                         now.analysis.decode().attainableFlopsPerSecond / kFlopsPerTflop));
        QCOMPARE(arrow->head().style(), QCPLineEnding::esSpikeArrow);
        QVERIFY(plotItem<QCPItemText>(plot, "decodeArrowLabel")->visible());
        // B = 1: bf16 moves 15,288,683,008 bytes per step; int4 weights (the 7,504,658,432
        // matrix weights at 0.5 byte, norms still bf16) 4,031,689,216: both memory-bound, so
        // the speedup is 15,288,683,008 / 4,031,689,216 = 3.792 -> "3.79". The same FLOPs in
        // a 3.792× shorter step: FLOP/s ×3.79; one sequence: tokens/s ×3.79 (the label is
        // roofline/comparison.h arrowLabel: FLOP/s, tokens/s, TPOT).
        QCOMPARE(plotItem<QCPItemText>(plot, "decodeArrowLabel")->text(),
                 QStringLiteral("decode ×3.79 FLOP/s, ×3.79 tok/s, TPOT 3.79× faster"));
        QVERIFY(plotItem<QCPItemText>(plot, "prefillArrowLabel")
                    ->text()
                    .startsWith(QStringLiteral("prefill ")));
        // The label sits beside the arrow's middle on screen (label_placer.h: the first
        // free place round it), or a leader line joins them.
        const QPointF mid = (arrow->start->pixelPosition() + arrow->end->pixelPosition()) / 2.0;
        const auto placed = plot.placedLabels();
        const auto label = std::find_if(placed.begin(), placed.end(), [&](const auto& l) {
            return l.text == plotItem<QCPItemText>(plot, "decodeArrowLabel")->text();
        });
        QVERIFY(label != placed.end());
        const QRectF box = label->box.boundingRect();
        const QPointF near(std::clamp(mid.x(), box.left(), box.right()),
                           std::clamp(mid.y(), box.top(), box.bottom()));
        QVERIFY(label->leader || std::hypot(near.x() - mid.x(), near.y() - mid.y()) < 60.0);
    }

    void noArrowUnderAFewPixelsButTheLabelStays() {
        RooflinePlot plot;
        const Scenario same = scenarioWith([](io::ScenarioFile&) {});
        const Drawn d = draw(plot, same);
        plot.setBaseline(d.analysis, d.trail);
        for (auto [arrow, label, text] :
             {std::tuple{plotItem<QCPItemLine>(plot, "prefillArrow"),
                         plotItem<QCPItemText>(plot, "prefillArrowLabel"),
                         "prefill ×1.00 FLOP/s, TTFT 1.00×"},
              std::tuple{plotItem<QCPItemLine>(plot, "decodeArrow"),
                         plotItem<QCPItemText>(plot, "decodeArrowLabel"),
                         "decode ×1.00 FLOP/s, ×1.00 tok/s, TPOT 1.00×"}}) {
            QVERIFY(!arrow->visible());
            QVERIFY(label->visible());
            QCOMPARE(label->text(), QString::fromUtf8(text));
        }
    }

    void paletteFollowsTheSystem() {
        RooflinePlot plot;
        draw(plot, scenarioWith([](auto&) {}));
        QVERIFY(!plot.plotPalette().dark);  // offscreen's default palette is light
        QPalette dark = plot.palette();
        dark.setColor(QPalette::Window, QColor(32, 32, 32));
        dark.setColor(QPalette::WindowText, QColor(230, 230, 230));
        plot.setPalette(dark);
        QVERIFY(plot.plotPalette().dark);
        QCOMPARE(plot.decodePoint()->scatterStyle().brush().color(),
                 ui::PlotPalette::darkTheme().decode);
        QCOMPARE(plot.customPlot()->xAxis->tickLabelColor(),
                 ui::PlotPalette::darkTheme().foreground);
    }

    void userZoomSurvivesNewDataUntilReset() {
        RooflinePlot plot;
        draw(plot, scenarioWith([](auto&) {}));
        const QCPRange automatic = plot.customPlot()->xAxis->range();
        QTest::mousePress(&plot, Qt::LeftButton, {}, QPoint(600, 400));
        QTest::mouseRelease(&plot, Qt::LeftButton, {}, QPoint(600, 400));
        plot.customPlot()->xAxis->setRange(2, 20);
        draw(plot, scenarioWith([](io::ScenarioFile& f) { f.workload.batch = 2; }));
        QCOMPARE(plot.customPlot()->xAxis->range().lower, 2.0);
        plot.resetView();
        QCOMPARE(plot.customPlot()->xAxis->range().lower, automatic.lower);
    }
};

QTEST_MAIN(TestRooflinePlot)
#include "tst_roofline_plot.moc"
