// SPDX-License-Identifier: GPL-3.0-or-later
// DOMAIN.md §12, "the picture says what the words say" (issue 20): the baseline's ghosts
// are named in the legend, the speculative arrow runs from the plain decode point to the
// verify point, each pass's batch trail is drawn in its own hue, a pass compute-bound by
// time but left of the ridge carries a note that says why, and the arrows' labels are the
// engine's (roofline/comparison.h arrowLabel).

#include <algorithm>
#include <cmath>

#include <QTest>

#include "plot/label_layer.h"
#include "plot/points_layer.h"
#include "plot/roofline_plot.h"
#include "roofline/comparison.h"
#include "roofline/point_note.h"
#include "test_support.h"

using namespace roofline;
using roofline::test::scenarioWith;
using roofline::ui::kFlopsPerTflop;
using roofline::ui::RooflinePlot;

namespace {

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
    plot.replot(QCustomPlot::rpImmediateRefresh);
    return d;
}

QPointF at(const PassCost& pass) {
    return {pass.intensity(), pass.attainableFlopsPerSecond / kFlopsPerTflop};
}

/// The legend's entries' names, in order.
QStringList legendNames(const RooflinePlot& plot) {
    QStringList names;
    const QCPLegend* legend = plot.customPlot()->legend;
    for (int i = 0; i < legend->itemCount(); ++i) {
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i))) {
            names << item->plottable()->name();
        }
    }
    return names;
}

/// Llama-3.1-8B on an H100 (the default scenario) at batch `batch`, P = C = 128: the
/// critical-batch-h100 lesson's scenario at B = 512.
Scenario shortContext(std::int64_t batch) {
    return scenarioWith([batch](io::ScenarioFile& f) {
        f.workload.batch = batch;
        f.workload.promptTokens = 128;
        f.workload.contextTokens = 128;
    });
}

}  // namespace

class TstPictureSays : public QObject {
    Q_OBJECT

private slots:
    void theBaselineGhostsAreInTheLegend() {
        RooflinePlot plot;
        const Drawn base = draw(plot, shortContext(64));
        const QStringList before = legendNames(plot);
        QVERIFY(!before.contains(QStringLiteral("baseline decode")));
        plot.setBaseline(base.analysis, base.trail);
        draw(plot, shortContext(512));
        const QStringList pinned = legendNames(plot);
        // The current scenario's entries, then the ghosts': hollow prefill, hollow decode,
        // the dashed trail (a decoder: its decode trail).
        for (const char* name : {"baseline prefill", "baseline decode", "baseline decode trail"}) {
            QVERIFY2(pinned.contains(QLatin1String(name)), name);
        }
        QCOMPARE(pinned.size(), before.size() + 3);
        plot.clearBaseline();
        QCOMPARE(legendNames(plot), before);
    }

    void theSpeculativeArrowRunsFromPlainDecodeToVerify() {
        // spec-ngram at B = 1: the plain decode pass does not move (an n-gram draft costs
        // nothing); the step that makes the tokens is now verify, over k + 1 = 5 tokens:
        // about 5× the FLOPs for nearly the same bytes, so verify sits right of decode.
        RooflinePlot plot;
        const Drawn base =
            draw(plot, scenarioWith([](io::ScenarioFile& f) { f.workload.batch = 1; }));
        plot.setBaseline(base.analysis, base.trail);
        const Drawn now = draw(plot, scenarioWith([](io::ScenarioFile& f) {
                                   f.workload.batch = 1;
                                   f.workload.speculativeTokens = 4;
                                   f.workload.acceptanceRate = 0.7;
                               }));
        const PassCost* verify = now.analysis.pass(PassKind::Verify);
        QVERIFY(verify != nullptr);
        QCOMPARE(at(now.analysis.decode()), at(base.analysis.decode()));  // decode stays put
        QCPItemLine* arrow = test::child<QCPItemLine>(plot, "decodeArrow");
        QVERIFY(arrow->visible());
        QCOMPARE(arrow->start->coords(), at(base.analysis.decode()));
        QCOMPARE(arrow->end->coords(), at(*verify));
        QVERIFY(arrow->end->coords().x() > 3.0 * arrow->start->coords().x());
        const QString label = test::child<QCPItemText>(plot, "decodeArrowLabel")->text();
        QCOMPARE(label,
                 QString::fromStdString(arrowLabel(base.analysis, now.analysis,
                                                   decodeArrow(base.analysis, now.analysis))));
        QVERIFY2(label.startsWith(QStringLiteral("verify ×")), qPrintable(label));
        QVERIFY2(label.contains(QStringLiteral(" effective tok/s, TPOT ")), qPrintable(label));
    }

    void batchTimesEightSaysTokensBesideTpot() {
        // B 64 → 512: the step reads the same weights, tokens/s grow several-fold while TPOT
        // grows a little: the label gives both, not only "slower".
        RooflinePlot plot;
        const Drawn base = draw(plot, shortContext(64));
        plot.setBaseline(base.analysis, base.trail);
        const Drawn now = draw(plot, shortContext(512));
        const QString label = test::child<QCPItemText>(plot, "decodeArrowLabel")->text();
        QCOMPARE(label,
                 QString::fromStdString(arrowLabel(base.analysis, now.analysis,
                                                   decodeArrow(base.analysis, now.analysis))));
        QVERIFY2(label.contains(QStringLiteral(" tok/s, TPOT ")), qPrintable(label));
        QVERIFY2(label.endsWith(QStringLiteral("× slower")), qPrintable(label));
        QVERIFY(now.analysis.decodeTokensPerSecond > 3.0 * base.analysis.decodeTokensPerSecond);
    }

    void eachPassKindsTrailHasItsOwnHue() {
        RooflinePlot plot;
        const ui::PlotPalette& p = plot.plotPalette();
        draw(plot, shortContext(8));
        const QCPCurve* trail = plot.pointsLayer().trailCurve();
        QCOMPARE(trail->pen().color().rgb(), p.decode.rgb());
        // CLIP's vision tower: one encode pass, drawn where prefill is, in its hue; its
        // batch trail too, not in decode blue.
        const Drawn clip = draw(plot, scenarioWith([](io::ScenarioFile& f) {
                                    f.model = "clip-vit-large-patch14";
                                    f.workload.batch = 8;
                                }));
        QVERIFY(!clip.analysis.hasDecode());
        QVERIFY(!clip.trail.empty());
        QCOMPARE(trail->name(), QStringLiteral("encode batch trail"));
        QCOMPARE(trail->pen().color().rgb(), p.prefill.rgb());
        QVERIFY(trail->pen().color().rgb() != p.decode.rgb());
        // The same for the baseline's ghost trail: an encoder's pinned is faded prefill.
        plot.setBaseline(clip.analysis, clip.trail);
        const auto* ghost = test::child<QCPCurve>(plot, "baselineTrail");
        QVERIFY(ghost->visible());
        QCOMPARE(ghost->pen().color().rgb(), p.prefill.rgb());
        QVERIFY(ghost->pen().color().alphaF() < 0.6F);
        QVERIFY(legendNames(plot).contains(QStringLiteral("baseline encode trail")));
        // Back to a decoder: its trail is decode blue again.
        draw(plot, shortContext(8));
        QCOMPARE(trail->pen().color().rgb(), p.decode.rgb());
    }

    void computeBoundLeftOfTheRidgeCarriesANote() {
        // critical-batch-h100: B = 512 is compute-bound by time (its weight matmuls are past
        // the ridge) but its aggregate FLOP/byte sits left of the ridge (attention reads the
        // KV bytes at ≈ 1 FLOP/byte). The note at the point says so; at B = 64 (memory-bound,
        // left of the ridge) there is nothing to explain.
        RooflinePlot plot;
        const Drawn d = draw(plot, shortContext(512));
        QVERIFY(d.analysis.decode().bound == Bound::Compute);
        QVERIFY(d.analysis.decode().intensity() < d.analysis.ridgePointFlopsPerByte);
        ui::PlotLabel* note = plot.pointsLayer().boundNote();
        QVERIFY(note->visible());
        QString expected = QString::fromStdString(boundByTimeNote(d.analysis, d.analysis.decode()));
        QVERIFY(expected.startsWith(QStringLiteral("compute-bound by time (")));
        // Written in short lines: "compute-bound by time (N%):", "attention reads N% of its
        // bytes,", and the last, 55 characters, broken at the space nearest its middle
        // (character 27): "which pulls the point left", "of the ridge (see operators)".
        expected.replace(expected.indexOf(QStringLiteral(": ")), 2, QStringLiteral(":\n"));
        expected.replace(expected.indexOf(QStringLiteral(", ")), 2, QStringLiteral(",\n"));
        expected.replace(QStringLiteral("point left of"), QStringLiteral("point left\nof"));
        QCOMPARE(
            ui::noteLines(QString::fromStdString(boundByTimeNote(d.analysis, d.analysis.decode()))),
            expected);
        QCOMPARE(note->text(), expected);
        // It is placed on the plot, in full, beside the decode point or joined to it by a
        // leader line.
        const auto placed = plot.placedLabels();
        const auto placedNote = std::find_if(placed.begin(), placed.end(),
                                             [&](const auto& l) { return l.text == expected; });
        QVERIFY(placedNote != placed.end());
        const QPointF point(plot.customPlot()->xAxis->coordToPixel(d.analysis.decode().intensity()),
                            plot.customPlot()->yAxis->coordToPixel(
                                d.analysis.decode().attainableFlopsPerSecond / kFlopsPerTflop));
        const QRectF box = placedNote->box.boundingRect();
        const QPointF near(std::clamp(point.x(), box.left(), box.right()),
                           std::clamp(point.y(), box.top(), box.bottom()));
        QVERIFY(placedNote->leader ||
                std::hypot(near.x() - point.x(), near.y() - point.y()) < 60.0);

        draw(plot, shortContext(64));
        QVERIFY(!plot.pointsLayer().boundNote()->visible());
    }
};

QTEST_MAIN(TstPictureSays)
#include "tst_picture_says.moc"
