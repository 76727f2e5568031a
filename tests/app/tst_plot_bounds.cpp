// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 12's plot defects: roofs that ran out of the axis rect in an exported SVG, wheel
// zoom without limits, operator markers that hid each other, the L4 labelled "HBM", and the
// trail of a batch typed above the slider.
#include <cmath>
#include <functional>

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QWheelEvent>

#include "model/scenario_controller.h"
#include "plot/export.h"
#include "plot/roofline_plot.h"
#include "roofline/format.h"
#include "roofline/io/scenario_file.h"
#include "test_support.h"
#include "views/dialogs.h"
#include "window/main_window.h"

using namespace roofline;
using roofline::ui::RooflinePlot;

namespace {

using test::scenarioWith;

/// The operator layer's graphs (operator_layer.h), found by name.
QCPGraph* prefillOperators(const RooflinePlot& plot) {
    return plot.findChild<QCPGraph*>(QStringLiteral("prefillOperators"));
}
QCPGraph* decodeOperators(const RooflinePlot& plot) {
    return plot.findChild<QCPGraph*>(QStringLiteral("decodeOperators"));
}

void show(RooflinePlot& plot, const Scenario& s, QSize size = QSize(1000, 700)) {
    plot.setAttribute(Qt::WA_DontShowOnScreen);
    plot.resize(size);
    plot.show();
    QCoreApplication::processEvents();
    const Analysis a = analyze(s);
    plot.setAnalysis(a, decodeBatchTrail(s, 256));
    plot.replot(QCustomPlot::rpImmediateRefresh);
}

void wheel(RooflinePlot& plot, int delta, int times) {
    const QPointF at = plot.customPlot()->axisRect()->rect().center();
    for (int i = 0; i < times; ++i) {
        QWheelEvent event(at, plot.mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(&plot, &event);
    }
}

}  // namespace

class TestPlotBounds : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::keepWindowsAwayFromTheUser(); }

    void theWindowKeepsThePlotWideAtEverySize_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("presentation");
        QTest::addColumn<bool>("folded");
        QTest::addColumn<double>("share");  // of the window's width the plot keeps at least
        // fitDocks(): docks get 45% (40% in presentation mode); both panels need 670 px
        // (818 px in presentation mode), and fold into tabs below 4/5 of that (below all of
        // it in presentation mode).
        QTest::newRow("1600x1000") << QSize(1600, 1000) << false << false << 0.55;
        QTest::newRow("1400x900") << QSize(1400, 900) << false << false << 0.55;
        QTest::newRow("1024x700") << QSize(1024, 700) << false << true << 0.55;
        QTest::newRow("1280x720 presentation") << QSize(1280, 720) << true << true << 0.6;
        QTest::newRow("1400x900 presentation") << QSize(1400, 900) << true << true << 0.6;
        QTest::newRow("1920x1080 presentation") << QSize(1920, 1080) << true << true << 0.6;
    }

    void theWindowKeepsThePlotWideAtEverySize() {
        QFETCH(QSize, size);
        QFETCH(bool, presentation);
        QFETCH(bool, folded);
        QFETCH(double, share);
        ui::MainWindow window;
        window.setPresentationMode(presentation);
        ui::grabWindow(window, size);
        QCOMPARE(window.docksFolded(), folded);
        QVERIFY2(window.plot()->width() >= share * size.width() - 12,
                 qPrintable(QString::number(window.plot()->width())));
        for (const auto& label : window.plot()->placedLabels()) {
            QVERIFY2(label.free, qPrintable(label.text));
        }
        // Unfolds when there is room again.
        if (folded) {
            window.setPresentationMode(false);
            window.resize(1800, 1000);
            QCoreApplication::processEvents();
            QVERIFY(!window.docksFolded());
        }
    }

    void roofsEndAtTheViewsEdges() {
        // TP 8 on an H100: the interconnect roof (450 GB/s) starts at the left edge far
        // below the view's bottom; its data is cut where it enters the view.
        RooflinePlot plot;
        show(plot, scenarioWith([](io::ScenarioFile& f) { f.workload.tensorParallel = 8; }));
        const QCPRange x = plot.customPlot()->xAxis->range();
        const QCPRange y = plot.customPlot()->yAxis->range();
        for (const QCPGraph* roof : {plot.interconnectRoof(), plot.roofInUse()}) {
            QVERIFY(roof->dataCount() >= 2);
            for (auto it = roof->data()->constBegin(); it != roof->data()->constEnd(); ++it) {
                QVERIFY(it->key >= x.lower * (1 - 1e-9) && it->key <= x.upper * (1 + 1e-9));
                QVERIFY(it->value >= y.lower * (1 - 1e-9) && it->value <= y.upper * (1 + 1e-9));
            }
        }
        // The interconnect roof still lies on its line: y = x · 450 GB/s / 1e12.
        const auto first = plot.interconnectRoof()->data()->constBegin();
        QCOMPARE(first->value, first->key * 450e9 / ui::kFlopsPerTflop);
    }

    void svgKeepsTheInterconnectRoofInsideTheAxisRect() {
        // Qt 6.4's SVG writer ignores clipping: every point of the interconnect roof's
        // polyline (stroked in the palette's interconnect colour) must lie in the axis rect.
        RooflinePlot plot;
        const QSize size(1000, 700);
        show(plot, scenarioWith([](io::ScenarioFile& f) { f.workload.tensorParallel = 8; }), size);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plot.svg"));
        QVERIFY(ui::exportPlot(plot, path, size).isEmpty());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(file.readAll());
        const QString colour = plot.plotPalette().interconnect.name();
        const QRectF area = QRectF(plot.customPlot()->axisRect()->rect()).adjusted(-2, -2, 2, 2);
        int groups = 0;
        int points = 0;
        const QRegularExpression group(
            QStringLiteral("<g [^>]*stroke=\"%1\"[^>]*>(.*?)</g>").arg(colour),
            QRegularExpression::DotMatchesEverythingOption);
        const QRegularExpression pair(QStringLiteral("(-?[0-9.]+)[ ,](-?[0-9.]+)"));
        for (auto g = group.globalMatch(svg); g.hasNext();) {
            const QString body = g.next().captured(1);
            const QRegularExpression shape(QStringLiteral("(?:points|d)=\"([^\"]*)\""));
            for (auto s = shape.globalMatch(body); s.hasNext();) {
                ++groups;
                const QString coords = s.next().captured(1);
                for (auto p = pair.globalMatch(coords); p.hasNext();) {
                    const auto m = p.next();
                    const QPointF at(m.captured(1).toDouble(), m.captured(2).toDouble());
                    ++points;
                    QVERIFY2(area.contains(at),
                             qPrintable(QStringLiteral("(%1, %2)").arg(at.x()).arg(at.y())));
                }
            }
        }
        QVERIFY(groups >= 1);  // the roof was found in the SVG (its label is text, not a path)
        QVERIFY(points >= 2);
    }

    void wheelZoomStaysWithinThreeDecadesOfTheData() {
        // A few wheel events, each of many notches (QCustomPlot zooms by 0.85 to the power
        // of the notches in one event, and replots once): the limits are reached and held
        // in five replots, not six hundred.
        RooflinePlot plot;
        show(plot, scenarioWith([](auto&) {}));
        const QCPRange x0 = plot.customPlot()->xAxis->range();
        const QCPRange y0 = plot.customPlot()->yAxis->range();
        const auto decades = [](const QCPRange& r) { return std::log10(r.upper / r.lower); };
        // One notch out: the view grows by 1/0.85 across (in decades), within the limits.
        wheel(plot, -120, 1);
        QCOMPARE(decades(plot.customPlot()->xAxis->range()), decades(x0) / 0.85);
        QVERIFY(plot.customPlot()->xAxis->range().lower > plot.xLimits().lower);
        // Far out: to the limits, three decades beyond the data's view, and no further.
        wheel(plot, -120 * 20, 1);
        QCOMPARE(plot.xLimits().lower, x0.lower / 1e3);
        QCOMPARE(plot.xLimits().upper, x0.upper * 1e3);
        QCOMPARE(plot.customPlot()->xAxis->range().lower, plot.xLimits().lower);
        QCOMPARE(plot.customPlot()->xAxis->range().upper, plot.xLimits().upper);
        QCOMPARE(plot.customPlot()->yAxis->range().lower, plot.yLimits().lower);
        QCOMPARE(plot.customPlot()->yAxis->range().upper, plot.yLimits().upper);
        QCOMPARE(plot.yLimits().lower, y0.lower / 1e3);
        QCOMPARE(plot.yLimits().upper, y0.upper * 1e3);
        wheel(plot, -120 * 20, 1);  // already at the limits: it stays there
        QCOMPARE(plot.customPlot()->xAxis->range().lower, plot.xLimits().lower);
        QCOMPARE(plot.customPlot()->xAxis->range().upper, plot.xLimits().upper);
        // Far in: no closer than a factor of 2 across.
        wheel(plot, 120 * 40, 1);
        QCOMPARE(plot.customPlot()->xAxis->range().upper / plot.customPlot()->xAxis->range().lower,
                 2.0);
        QCOMPARE(plot.customPlot()->yAxis->range().upper / plot.customPlot()->yAxis->range().lower,
                 2.0);
        // A drag (a range set by the user) past the limits is pulled back, its width kept.
        plot.customPlot()->xAxis->setRange(1e150, 1e152);
        QCOMPARE(plot.customPlot()->xAxis->range().upper, plot.xLimits().upper);
        QCOMPARE(plot.customPlot()->xAxis->range().upper / plot.customPlot()->xAxis->range().lower,
                 100.0);
    }

    void prefillAndDecodeOperatorsHaveTheirOwnShapes() {
        RooflinePlot plot;
        plot.setOperatorsVisible(true);
        show(plot, scenarioWith([](auto&) {}));
        // At a device pixel ratio of 1 the marks are pictures of the shapes; compare them.
        const QCPScatterStyle prefill = prefillOperators(plot)->scatterStyle();
        const QCPScatterStyle decode = decodeOperators(plot)->scatterStyle();
        if (prefill.shape() == QCPScatterStyle::ssPixmap) {
            QVERIFY(prefill.pixmap().toImage() != decode.pixmap().toImage());
        } else {
            QVERIFY(prefill.shape() != decode.shape());
        }
    }

    void marksAreVectorsAtAHighDevicePixelRatio() {
        // QCPScatterStyle centres a pixmap by its device pixels: at DPR 2 pixmap marks sat
        // up and left of their place. The plot only uses pixmap marks at DPR 1.
        RooflinePlot plot;
        show(plot, scenarioWith([](auto&) {}));
        const bool pixmaps = plot.trailCurve()->scatterStyle().shape() == QCPScatterStyle::ssPixmap;
        QCOMPARE(pixmaps, plot.devicePixelRatioF() == 1.0);
        if (pixmaps) {
            QCOMPARE(plot.trailCurve()->scatterStyle().pixmap().devicePixelRatio(), 1.0);
        }
    }

    void memoryRoofIsNamedByThePresetsMemoryType() {
        // L4: "memory_type": "GDDR6", 300 GB/s; L40S: "GDDR6 (ECC)" -> "GDDR6"; H100: "HBM3".
        for (const auto& [hardware, name] :
             {std::pair{"l4", "GDDR6 300 GB/s"}, std::pair{"l40s", "GDDR6 864 GB/s"},
              std::pair{"h100-sxm", "HBM3 3.35 TB/s"}}) {
            RooflinePlot plot;
            show(plot, scenarioWith([&](io::ScenarioFile& f) { f.hardware = hardware; }));
            const auto labels = plot.placedLabels();
            QVERIFY2(std::any_of(labels.begin(), labels.end(),
                                 [&](const auto& l) { return l.text == QLatin1String(name); }),
                     hardware);
            QVERIFY(std::none_of(labels.begin(), labels.end(), [&](const auto& l) {
                return QString::fromLatin1(hardware) == QLatin1String("l4") &&
                       l.text.contains(QLatin1String("HBM"));
            }));
        }
        Analysis none;
        QCOMPARE(memoryRoofName(none), std::string("memory"));
    }

    void aBatchAboveTheSliderIsWhatTheTrailSays() {
        // Typed B = 10,000 (the slider ends at 4,096): the trail goes on to it and its end
        // says "B=10,000", beyond memory on an H100 with Llama 3.1 8B.
        ui::ScenarioController controller;
        io::ScenarioFile file;
        file.workload.batch = 10000;
        controller.setScenarioFile(file);
        QCOMPARE(controller.trail().back().batch, 10000);
        RooflinePlot plot;
        plot.setAttribute(Qt::WA_DontShowOnScreen);
        plot.resize(1000, 700);
        plot.show();
        QCoreApplication::processEvents();
        plot.setAnalysis(controller.analysis(), controller.trail());
        plot.replot(QCustomPlot::rpImmediateRefresh);
        const auto labels = plot.placedLabels();
        QVERIFY(std::any_of(labels.begin(), labels.end(), [](const auto& l) {
            return l.text.startsWith(QStringLiteral("B=10,000"));
        }));
        QVERIFY(std::none_of(labels.begin(), labels.end(), [](const auto& l) {
            return l.text.startsWith(QStringLiteral("B=4,096"));
        }));
    }
};

QTEST_MAIN(TestPlotBounds)
#include "tst_plot_bounds.moc"
