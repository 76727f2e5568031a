// SPDX-License-Identifier: GPL-3.0-or-later
// The roofline plot's layers one by one (plot_layer.h): the roofs and regions
// (roof_layer.h), the passes' points and trail (points_layer.h), the labels (label_layer.h)
// and the hover tooltip (plot_hover.h). Each draws what it is given, read back from its items
// and its scene description, and does nothing when its input did not change. The analyses
// are made by hand, so every number expected below is worked out in the comments.

#include <cmath>

#include <QGuiApplication>
#include <QTest>
#include <qcustomplot.h>

#include "plot/label_layer.h"
#include "plot/plot_hover.h"
#include "plot/plot_items.h"
#include "plot/plot_palette.h"
#include "plot/plot_scene.h"
#include "plot/points_layer.h"
#include "plot/roof_layer.h"
#include "plot/roofline_plot.h"

using namespace roofline;
using roofline::ui::LabelEntry;
using roofline::ui::LabelLayer;
using roofline::ui::PlotLabel;
using roofline::ui::PlotScene;
using roofline::ui::PointsLayer;
using roofline::ui::RoofLayer;
using roofline::ui::RooflinePlot;
using roofline::ui::SceneWriter;
using roofline::ui::Side;

namespace {

/// A chip by hand: bf16 = fp16 800 TFLOP/s, fp8 1.65 PFLOP/s, 3.35 TB/s of HBM3. Its
/// ridge is 800e12 / 3.35e12 = 238.8 FLOP/byte (fp8's 1.65e15 / 3.35e12 = 492.5).
Analysis chip() {
    Analysis a;
    a.peakFlopsPerSecond = 800e12;
    a.memoryBandwidthBytesPerSecond = 3.35e12;
    a.ridgePointFlopsPerByte = 800e12 / 3.35e12;
    a.memoryType = "HBM3";
    a.roofs.push_back({Precision::Bf16, 800e12, 800e12 / 3.35e12, true, false});
    a.roofs.push_back({Precision::Fp16, 800e12, 800e12 / 3.35e12, false, false});
    a.roofs.push_back({Precision::Fp8, 1.65e15, 1.65e15 / 3.35e12, false, false});
    return a;
}

/// chip() serving one decoder scenario:
///   prefill 800 TFLOP over 1 TB: 800 FLOP/byte, attaining 500 TFLOP/s under the 800 TFLOP/s
///     ceiling: 62.5% of its roof;
///   decode 25 GFLOP over 2 GB: 12.5 FLOP/byte, under the slope's 12.5 × 3.35 = 41.875
///     TFLOP/s; attaining 82.5% of it, 34.546875 TFLOP/s.
/// Its trail: B=1 (4 FLOP/byte, 13.4 TFLOP/s) and B=2 (8, 26.8) fit, B=4 (16, 40) does not;
/// memory holds 2 sequences, and the critical batch is 4.
Analysis served() {
    Analysis a = chip();
    PassCost prefill;
    prefill.kind = PassKind::Prefill;
    prefill.flops = 800e12;
    prefill.traffic[ByteCategory::Weights] = 1e12;
    prefill.attainableFlopsPerSecond = 500e12;
    prefill.timeSeconds = 1.6;
    PassCost decode;
    decode.kind = PassKind::Decode;
    decode.flops = 25e9;
    decode.traffic[ByteCategory::Weights] = 2e9;
    decode.attainableFlopsPerSecond = 0.825 * 12.5 * 3.35e12;
    decode.timeSeconds = 25e9 / decode.attainableFlopsPerSecond;
    a.passes.push_back(prefill);
    a.passes.push_back(decode);
    a.memory.maxBatch = 2;
    a.criticalBatch = 4;
    return a;
}

std::vector<TrailPoint> trail() {
    TrailPoint b1;
    b1.batch = 1;
    b1.intensityFlopsPerByte = 4.0;
    b1.attainableFlopsPerSecond = 13.4e12;
    b1.fits = true;
    TrailPoint b2 = b1;
    b2.batch = 2;
    b2.intensityFlopsPerByte = 8.0;
    b2.attainableFlopsPerSecond = 26.8e12;
    TrailPoint b4 = b1;
    b4.batch = 4;
    b4.intensityFlopsPerByte = 16.0;
    b4.attainableFlopsPerSecond = 40e12;
    b4.fits = false;
    return {b1, b2, b4};
}

/// A QCustomPlot laid out at 800 × 600 over x 1…10⁴ FLOP/byte, y 0.1…10⁴ TFLOP/s (log-log),
/// with the plot's "roofs" layer.
struct Canvas {
    QCustomPlot plot;
    QCPLayer* roofs = nullptr;
    Canvas() {
        for (QCPAxis* axis : {plot.xAxis, plot.yAxis}) {
            axis->setScaleType(QCPAxis::stLogarithmic);
        }
        plot.xAxis->setRange(1.0, 1e4);
        plot.yAxis->setRange(0.1, 1e4);
        plot.addLayer(QStringLiteral("roofs"));
        roofs = plot.layer(QStringLiteral("roofs"));
        plot.setViewport(QRect(0, 0, 800, 600));
    }
    void layOut() { plot.replot(); }
};

std::vector<QPointF> vertices(const QCPGraph* graph) {
    std::vector<QPointF> points;
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
        points.emplace_back(it->key, it->value);
    }
    return points;
}

std::vector<QPointF> vertices(const QCPCurve* curve) {
    std::vector<QPointF> points;
    for (auto it = curve->data()->constBegin(); it != curve->data()->constEnd(); ++it) {
        points.emplace_back(it->key, it->value);
    }
    return points;
}

bool near(const QPointF& a, const QPointF& b) {
    const auto close = [](double x, double y) { return std::abs(x - y) <= 1e-9 * std::abs(y); };
    return close(a.x(), b.x()) && close(a.y(), b.y());
}

bool near(const std::vector<QPointF>& a, const std::vector<QPointF>& b) {
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(),
                      [](const QPointF& p, const QPointF& q) { return near(p, q); });
}

ui::PlotPalette palette() { return ui::PlotPalette::forSystem(QGuiApplication::palette()); }

PlotScene described(const ui::PlotLayer& layer) {
    PlotScene scene;
    SceneWriter writer(scene);
    writer.setLayer(layer.layerName());
    layer.describe(writer);
    return scene;
}

QStringList texts(const PlotScene& scene, const QString& kind, const QString& layer) {
    QStringList list;
    for (const ui::SceneItem* item : scene.ofKind(kind, layer)) {
        list << item->text;
    }
    return list;
}

}  // namespace

class TestPlotLayers : public QObject {
    Q_OBJECT
private slots:
    void roofLayerDrawsTheRoofsItReceives() {
        Canvas c;
        RoofLayer roofs(&c.plot, c.roofs);
        roofs.setStyle(palette(), 1.0, QFont(), QFont(), QFont());  // marks for the scene
        QVERIFY(roofs.setRoofs(chip()));
        QVERIFY(roofs.fitToView(c.plot.xAxis->range(), c.plot.yAxis->range()));
        const double ridge = 800e12 / 3.35e12;  // 238.8 FLOP/byte
        // The roof in use: up the slope y = 3.35 x TFLOP/s from the view's left edge (x 1,
        // y 3.35) to the ridge, then level at 800 TFLOP/s to the right edge (x 10⁴).
        QVERIFY(near(vertices(roofs.roofInUse()), {{1.0, 3.35}, {ridge, 800.0}, {1e4, 800.0}}));
        // fp8's ceiling from its own ridge (492.5) to the right edge; bf16 and fp16 are one.
        QCOMPARE(roofs.otherRoofs().size(), std::size_t{1});
        QVERIFY(near(vertices(roofs.otherRoofs().front()),
                     {{1.65e15 / 3.35e12, 1650.0}, {1e4, 1650.0}}));
        QVERIFY(near(vertices(roofs.ridgeMarker()), {{ridge, 800.0}}));
        QVERIFY(!roofs.interconnectRoof()->visible());  // one device: no link roof
        QCOMPARE(roofs.roofLabels(), QStringList({QStringLiteral("bf16/fp16 800 TFLOP/s"),
                                                  QStringLiteral("fp8 1.65 PFLOP/s")}));
        QCOMPARE(roofs.ridgeLabel(), QStringLiteral("ridge 239 FLOP/byte"));  // 238.8

        c.layOut();
        const PlotScene scene = described(roofs);
        QCOMPARE(texts(scene, QStringLiteral("region"), QStringLiteral("regions")),
                 QStringList({QStringLiteral("memory-bound"), QStringLiteral("compute-bound")}));
        QCOMPARE(texts(scene, QStringLiteral("roof"), QStringLiteral("roofs")),
                 QStringList({QStringLiteral("bf16/fp16 800 TFLOP/s"),
                              QStringLiteral("memory slope, extended"),
                              QStringLiteral("fp8 1.65 PFLOP/s")}));
        QVERIFY(scene.find(QStringLiteral("label"), QStringLiteral("HBM3 3.35 TB/s")) != nullptr);
        QVERIFY(scene.find(QStringLiteral("ridge"), QStringLiteral("ridge 239")) != nullptr);
        // The memory-bound tint ends at the ridge, where the compute-bound one begins.
        const QRectF memory = scene.ofKind(QStringLiteral("region")).at(0)->rect;
        const QRectF compute = scene.ofKind(QStringLiteral("region")).at(1)->rect;
        const double ridgeX = c.plot.xAxis->coordToPixel(ridge);
        QVERIFY(std::abs(memory.right() - ridgeX) <= 1.0);
        QVERIFY(std::abs(compute.left() - ridgeX) <= 1.0);
    }

    void roofLayerRebuildsOnlyWhenItsRoofsChange() {
        Canvas c;
        RoofLayer roofs(&c.plot, c.roofs);
        QVERIFY(roofs.setRoofs(chip()));
        QVERIFY(roofs.fitToView(c.plot.xAxis->range(), c.plot.yAxis->range()));
        QCOMPARE(roofs.rebuilds(), std::uint64_t{1});
        QCOMPARE(roofs.fits(), std::uint64_t{1});
        // The same roofs again, and the same roofs under other passes (a slider step): nothing.
        QVERIFY(!roofs.setRoofs(chip()));
        QVERIFY(!roofs.setRoofs(served()));
        QVERIFY(!roofs.fitToView(c.plot.xAxis->range(), c.plot.yAxis->range()));
        QCOMPARE(roofs.rebuilds(), std::uint64_t{1});
        QCOMPARE(roofs.fits(), std::uint64_t{1});
        // Another view moves the vertices only: the right edge is now 10⁵.
        QVERIFY(roofs.fitToView(QCPRange(1.0, 1e5), c.plot.yAxis->range()));
        QCOMPARE(roofs.rebuilds(), std::uint64_t{1});
        QCOMPARE(roofs.fits(), std::uint64_t{2});
        QVERIFY(near(vertices(roofs.roofInUse()).back(), QPointF(1e5, 800.0)));
        // fp8 math: the fp8 roof in use, named first, its ridge at 492.5 FLOP/byte.
        Analysis fp8 = chip();
        fp8.peakFlopsPerSecond = 1.65e15;
        fp8.ridgePointFlopsPerByte = 1.65e15 / 3.35e12;
        fp8.roofs[0].inUse = false;
        fp8.roofs[2].inUse = true;
        QVERIFY(roofs.setRoofs(fp8));
        QCOMPARE(roofs.rebuilds(), std::uint64_t{2});
        QCOMPARE(roofs.roofLabels().front(), QStringLiteral("fp8 1.65 PFLOP/s"));
        QCOMPARE(roofs.ridgeLabel(), QStringLiteral("ridge 493 FLOP/byte"));  // 492.5
        // New roofs at the same view are fitted again.
        QVERIFY(roofs.fitToView(QCPRange(1.0, 1e5), c.plot.yAxis->range()));
        QVERIFY(near(vertices(roofs.ridgeMarker()), {{1.65e15 / 3.35e12, 1650.0}}));
    }

    void roofLayerOfAMemoryOnlyChipIsTheSlopeAlone() {
        // No sourced compute peak (Apple M4 Max, 546 GB/s): the slope y = 0.546 x TFLOP/s
        // across the whole view, no ridge, no compute roof or region.
        Analysis a;
        a.hasComputeRoof = false;
        a.memoryBandwidthBytesPerSecond = 546e9;
        a.memoryType = "LPDDR5X";
        Canvas c;
        RoofLayer roofs(&c.plot, c.roofs);
        roofs.setRoofs(a);
        roofs.fitToView(c.plot.xAxis->range(), c.plot.yAxis->range());
        QVERIFY(near(vertices(roofs.roofInUse()), {{1.0, 0.546}, {1e4, 5460.0}}));
        QVERIFY(!roofs.ridgeMarker()->visible());
        QVERIFY(roofs.otherRoofs().empty());
        QVERIFY(roofs.roofLabels().isEmpty());
        c.layOut();
        const PlotScene scene = described(roofs);
        QCOMPARE(texts(scene, QStringLiteral("region"), QStringLiteral("regions")),
                 QStringList({QStringLiteral("memory-bound")}));
        QVERIFY(scene.ofKind(QStringLiteral("ridge")).empty());
        QVERIFY(scene.find(QStringLiteral("label"), QStringLiteral("LPDDR5X 546 GB/s")) != nullptr);
        // The memory-bound tint is the whole axis rect.
        const QRectF tint = scene.ofKind(QStringLiteral("region")).front()->rect;
        const QRectF area(c.plot.axisRect()->rect());
        QVERIFY(std::abs(tint.left() - area.left()) <= 1.0);
        QVERIFY(std::abs(tint.right() - area.right()) <= 1.0);
    }

    void pointsLayerDrawsThePassesItReceives() {
        Canvas c;
        PointsLayer points(&c.plot);
        points.setStyle(palette(), 1.0, 1.0, QFont(), QFont());  // marks for the scene
        const PointsLayer::Changes changes = points.setData(served(), trail());
        QVERIFY(changes.data);
        QVERIFY(near(vertices(points.prefillPoint()), {{800.0, 500.0}}));
        QVERIFY(near(vertices(points.decodePoint()), {{12.5, 34.546875}}));
        QVERIFY(points.speculativePoints()->data()->isEmpty());  // no speculation
        QVERIFY(points.prefillLinkPoint()->data()->isEmpty());   // one device
        QCOMPARE(points.prefillLabel()->text(),
                 QStringLiteral("prefill  800 FLOP/byte\n500 TFLOP/s (62.5% of roof)"));
        QCOMPARE(points.decodeLabel()->text(),
                 QStringLiteral("decode  12.5 FLOP/byte\n34.5 TFLOP/s (82.5% of roof)"));
        // The trail: solid over B=1, 2; dashed from B=2 (where it joins) to B=4.
        QVERIFY(near(vertices(points.trailCurve()), {{4.0, 13.4}, {8.0, 26.8}}));
        QVERIFY(near(vertices(points.trailBeyondMemory()), {{8.0, 26.8}, {16.0, 40.0}}));
        QVERIFY(near(vertices(points.memoryWallMark()), {{8.0, 26.8}}));      // B=2
        QVERIFY(near(vertices(points.criticalBatchMark()), {{16.0, 40.0}}));  // B=4
        QCOMPARE(points.memoryWallLabel()->text(), QStringLiteral("memory full B=2"));
        QCOMPARE(points.criticalBatchLabel()->text(), QStringLiteral("critical B=4"));

        c.layOut();
        const PlotScene scene = described(points);
        QCOMPARE(scene.ofKind(QStringLiteral("point"), QStringLiteral("points")).size(),
                 std::size_t{2});
        QCOMPARE(scene.ofKind(QStringLiteral("trail"), QStringLiteral("trail")).size(),
                 std::size_t{2});
        QCOMPARE(texts(scene, QStringLiteral("label"), QStringLiteral("trail")),
                 QStringList({QStringLiteral("B=1"), QStringLiteral("B=4, does not fit in memory"),
                              QStringLiteral("critical B=4"), QStringLiteral("memory full B=2")}));
        // The decode point's mark is centred on (12.5, 34.5...) in pixels.
        const ui::SceneItem* decode = scene.find(QStringLiteral("point"), QStringLiteral("decode"));
        QVERIFY(decode != nullptr);
        const QPointF at(c.plot.xAxis->coordToPixel(12.5), c.plot.yAxis->coordToPixel(34.546875));
        QVERIFY(QLineF(decode->rect.center(), at).length() < 0.5);
    }

    void disaggregatedPoolsNameTheirPassesAndTheTransferReadsAgainstThePoolsLink() {
        // served() on pools: the prefill (800 TFLOP per device) on a pool of 2, decode on 1;
        // each prefill device sends 100 GB over a 450 GB/s link in 0.4 s (say), so TTFT = 1.6
        // + 0.4 = 2.0 s. The transfer's point (kv_transfer.h): x = 800e12 / 100e9 = 8,000
        // FLOP/byte, y = 800e12 / 2.0 = 400 TFLOP/s, 0.4 / 2.0 = 20% of TTFT. Decode runs on
        // one device, so there is no interconnect roof: the pools' link gets a roof of its
        // own, up the slope 0.45 x TFLOP/s to the compute roof at 800e12 / 450e9 = 1,777.8.
        Analysis a = served();
        a.ttftSeconds = 2.0;
        DisaggregationResult& pools = a.disaggregation.emplace();
        pools.prefillDevices = 2;
        pools.decodeDevices = 1;
        pools.kvTransferBytesPerDevice = 100e9;
        pools.kvTransferSeconds = 0.4;
        pools.linkBandwidthBytesPerSecond = 450e9;
        Canvas c;
        PointsLayer points(&c.plot);
        points.setStyle(palette(), 1.0, 1.0, QFont(), QFont());
        points.setData(a, trail());
        QVERIFY(near(vertices(points.kvTransferMark()), {{8000.0, 400.0}}));
        QCOMPARE(points.kvTransferLabel()->text(),
                 QStringLiteral("KV transfer 100 GB per device in 400 ms\n20.0% of TTFT"));
        QVERIFY(points.prefillLabel()->text().startsWith(QStringLiteral("prefill (pool of 2)  ")));
        QVERIFY(points.decodeLabel()->text().startsWith(QStringLiteral("decode (pool of 1)  ")));
        QVERIFY(c.plot.legend->hasItemWithPlottable(points.kvTransferMark()));

        RoofLayer roofs(&c.plot, c.roofs);
        roofs.setStyle(palette(), 1.0, QFont(), QFont(), QFont());
        Analysis roofed = chip();
        roofed.passes = a.passes;
        roofed.ttftSeconds = a.ttftSeconds;
        roofed.disaggregation = a.disaggregation;
        QVERIFY(roofs.setRoofs(roofed));
        roofs.fitToView(c.plot.xAxis->range(), c.plot.yAxis->range());
        QVERIFY(!roofs.interconnectRoof()->visible());
        QVERIFY(roofs.poolLinkRoof()->visible());
        const std::vector<QPointF> link = vertices(roofs.poolLinkRoof());
        QVERIFY(!link.empty());
        QVERIFY(near(link.back(), QPointF(800e12 / 450e9, 800.0)));
        c.layOut();
        const PlotScene scene = described(roofs);
        QVERIFY(scene.find(QStringLiteral("roof"),
                           QStringLiteral("link between the pools 450 GB/s")) != nullptr);

        // Colocated, none of it.
        points.setData(served(), trail());
        QVERIFY(points.kvTransferMark()->data()->isEmpty());
        QVERIFY(!points.kvTransferLabel()->visible());
        QVERIFY(!c.plot.legend->hasItemWithPlottable(points.kvTransferMark()));
        QCOMPARE(points.prefillLabel()->text().left(9), QStringLiteral("prefill  "));
    }

    void pointsLayerTouchesNothingWhenItsNumbersAreTheSame() {
        Canvas c;
        PointsLayer points(&c.plot);
        points.setData(served(), trail());
        QCOMPARE(points.updates(), std::uint64_t{1});
        // The same analysis again, and one that differs only where the layer does not look
        // (the operators, the TPOT): no item is set.
        Analysis other = served();
        other.tpotSeconds = 1.0;
        other.operators.push_back(OperatorCost{});
        for (const Analysis& a : {served(), other}) {
            const PointsLayer::Changes changes = points.setData(a, trail());
            QVERIFY(!changes.data);
            QVERIFY(!changes.legend);
        }
        QCOMPARE(points.updates(), std::uint64_t{1});
        // A slider step: the decode point moves to 50% of its roof, 20.9 TFLOP/s (41.875 / 2).
        Analysis step = served();
        step.passes[1].attainableFlopsPerSecond = 0.5 * 12.5 * 3.35e12;
        QVERIFY(points.setData(step, trail()).data);
        QCOMPARE(points.updates(), std::uint64_t{2});
        QVERIFY(near(vertices(points.decodePoint()), {{12.5, 20.9375}}));
        QCOMPARE(points.decodeLabel()->text(),
                 QStringLiteral("decode  12.5 FLOP/byte\n20.9 TFLOP/s (50.0% of roof)"));
        // A longer trail is a change too.
        std::vector<TrailPoint> longer = trail();
        longer.push_back(longer.back());
        longer.back().batch = 8;
        longer.back().intensityFlopsPerByte = 32.0;
        QVERIFY(points.setData(step, longer).data);
        QCOMPARE(points.updates(), std::uint64_t{3});
    }

    void labelLayerSolvesOnlyWhenItsInputChanges() {
        Canvas c;
        auto* label = ui::plotLabel(new PlotLabel(&c.plot), Qt::AlignLeft | Qt::AlignTop);
        label->setText(QStringLiteral("prefill"));
        QCPGraph* mark = c.plot.addGraph();  // no scatter: the gap is max(-1, 2) + 4 = 6 px
        LabelLayer labels(&c.plot, {label});
        c.layOut();
        const auto entriesAt = [&](double x, double y) {
            std::vector<LabelEntry> entries;
            ui::addLabelAround(entries, c.plot.xAxis, c.plot.yAxis, label, mark, x, y, 10, false,
                               {Side::Right});
            return entries;
        };
        const QRectF area(c.plot.axisRect()->rect());
        labels.place(entriesAt(100.0, 10.0), {}, area, {});
        QCOMPARE(labels.solves(), std::uint64_t{1});
        // Right of the point by the 6 px gap, centred on it: the box's top left is at
        // (x + 6, y − h / 2), h the text's height plus the 1 + 1 px of padding.
        const QPointF at(c.plot.xAxis->coordToPixel(100.0), c.plot.yAxis->coordToPixel(10.0));
        const double h = label->textRect().height() + 2.0;
        const QPointF topLeft(at.x() + 6.0, at.y() - h / 2.0);
        QVERIFY(QLineF(label->position->pixelPosition(), topLeft).length() < 1e-9);
        QCOMPARE(labels.placed().size(), std::size_t{1});
        QVERIFY(labels.placed().front().free);
        QVERIFY(!labels.placed().front().leader);

        // The same entries again: the last solution, applied again, solves nothing.
        labels.place(entriesAt(100.0, 10.0), {}, area, {});
        QCOMPARE(labels.solves(), std::uint64_t{1});
        QVERIFY(QLineF(label->position->pixelPosition(), topLeft).length() < 1e-9);
        // A marker on that spot, or a point that moved, is a new input.
        const QRectF onIt(topLeft, QSizeF(10.0, 10.0));
        labels.place(entriesAt(100.0, 10.0), {onIt}, area, {});
        QCOMPARE(labels.solves(), std::uint64_t{2});
        // It left the marker: to the nearest free spot, with a leader line when that is far.
        // (Right of the marker, its leader would run through it: it goes round instead.)
        QVERIFY(!labels.placed().front().box.intersects(QPolygonF(onIt.adjusted(1, 1, -1, -1))));
        QVERIFY(labels.placed().front().free);
        labels.place(entriesAt(200.0, 10.0), {}, area, {});
        QCOMPARE(labels.solves(), std::uint64_t{3});
        QCOMPARE(label->position->pixelPosition().x(), c.plot.xAxis->coordToPixel(200.0) + 6.0);
    }

    void theTooltipNamesTheNearestTargetWithTheEnginesNumbers() {
        RooflinePlot plot;
        plot.resize(1000, 700);
        plot.setAnalysis(served(), trail());
        plot.replot(QCustomPlot::rpImmediateRefresh);
        // Three trail points, the ridge, prefill and decode (no operators, links, baseline).
        QCOMPARE(plot.hoverTooltip().targetCount(), std::size_t{6});
        const QCPAxis* x = plot.customPlot()->xAxis;
        const QCPAxis* y = plot.customPlot()->yAxis;
        const double ridge = 800e12 / 3.35e12;
        const QPointF ridgeAt(x->coordToPixel(ridge), y->coordToPixel(800.0));
        QCOMPARE(plot.tooltipAt(ridgeAt + QPointF(3, 3)),
                 QStringLiteral("ridge point: 239 FLOP/byte\n= 800 TFLOP/s ÷ 3.35 TB/s"));
        const QPointF decodeAt(x->coordToPixel(12.5), y->coordToPixel(34.546875));
        QVERIFY(plot.tooltipAt(decodeAt).startsWith(
            QStringLiteral("decode step (TPOT without speculation)\n")));
        const QPointF b1(x->coordToPixel(4.0), y->coordToPixel(13.4));
        QVERIFY(plot.tooltipAt(b1).startsWith(QStringLiteral("decode at B = 1\n")));
        // Far from every target: nothing.
        QVERIFY(plot.tooltipAt(QPointF(x->coordToPixel(2000.0), y->coordToPixel(0.5))).isEmpty());
    }

    void theSlopesNameComesBackWithTheSlope() {
        // Zoomed far right of the ridge (239 FLOP/byte) the memory slope is out of view, and
        // so is its name; back in the automatic view, both are drawn again.
        RooflinePlot plot;
        plot.resize(1000, 700);
        plot.setAnalysis(served(), trail());
        plot.replot(QCustomPlot::rpImmediateRefresh);
        const auto named = [&plot] {
            return plot.scene().find(QStringLiteral("label"), QStringLiteral("HBM3 3.35 TB/s")) !=
                   nullptr;
        };
        QVERIFY(named());
        plot.customPlot()->xAxis->setRange(1e5, 1e6);  // the user's zoom
        plot.replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(!named());
        plot.resetView();
        plot.replot(QCustomPlot::rpImmediateRefresh);
        QVERIFY(named());
    }

    void theSameAnalysisAgainRedrawsNoLayer() {
        RooflinePlot plot;
        plot.setReplotPriority(QCustomPlot::rpImmediateRefresh);
        plot.resize(1000, 700);
        plot.setAnalysis(served(), trail());
        plot.replot(QCustomPlot::rpImmediateRefresh);
        const std::uint64_t rebuilds = plot.roofLayer().rebuilds();
        const std::uint64_t fits = plot.roofLayer().fits();
        const std::uint64_t updates = plot.pointsLayer().updates();
        const std::uint64_t solves = plot.labelLayer().solves();
        plot.setAnalysis(served(), trail());
        QCOMPARE(plot.roofLayer().rebuilds(), rebuilds);
        QCOMPARE(plot.roofLayer().fits(), fits);
        QCOMPARE(plot.pointsLayer().updates(), updates);
        QCOMPARE(plot.labelLayer().solves(), solves);
        // A slider step moves the points (and the labels round them), never the roofs.
        Analysis step = served();
        step.passes[1].attainableFlopsPerSecond = 0.5 * 12.5 * 3.35e12;
        plot.setAnalysis(step, trail());
        QCOMPARE(plot.roofLayer().rebuilds(), rebuilds);
        QCOMPARE(plot.pointsLayer().updates(), updates + 1);
        QCOMPARE(plot.labelLayer().solves(), solves + 1);
    }
};

QTEST_MAIN(TestPlotLayers)
#include "tst_plot_layers.moc"
