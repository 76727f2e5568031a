// SPDX-License-Identifier: GPL-3.0-or-later
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "model/scenario_controller.h"
#include "plot/export.h"
#include "plot/roofline_plot.h"
#include "views/dialogs.h"
#include "window/main_window.h"

using roofline::ui::MainWindow;

namespace {

QByteArray head(const QString& path, qint64 bytes) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return {};
    }
    return file.read(bytes);
}

}  // namespace

class TestExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { roofline::ui::Dialogs::setHeadless(true); }

    void plotExportsWriteValidFiles_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("magic");
        QTest::newRow("png") << QStringLiteral("plot.png") << QByteArray("\x89PNG\r\n\x1a\n");
        QTest::newRow("pdf") << QStringLiteral("plot.pdf") << QByteArray("%PDF-");
        QTest::newRow("svg") << QStringLiteral("plot.svg") << QByteArray("<?xml");
    }
    void plotExportsWriteValidFiles() {
        QFETCH(QString, name);
        QFETCH(QByteArray, magic);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        MainWindow window;
        QVERIFY(window.exportImage(path, QSize(800, 500)));
        QCOMPARE(head(path, magic.size()), magic);
        QVERIFY(QFileInfo(path).size() > 1000);
    }

    void pngHasTheChosenSize() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sized.png"));
        MainWindow window;
        QVERIFY(roofline::ui::exportPlot(*window.plot(), path, QSize(1234, 567)).isEmpty());
        QCOMPARE(QImage(path).size(), QSize(1234, 567));
    }

    void svgHoldsThePlotsText() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plot.svg"));
        MainWindow window;
        QVERIFY(window.exportImage(path, QSize(800, 500)));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray svg = file.readAll();
        QVERIFY(svg.contains("<svg"));
        QVERIFY(svg.contains("Arithmetic intensity"));
    }

    void exportsShowTheData() {
        // The phase points, trail and labels are drawn by the plot itself, on no layer
        // (direct_items.h): an export must still show them, as the screen does.
        MainWindow window;
        roofline::ui::RooflinePlot& plot = *window.plot();
        const QSize size(900, 600);
        const QImage image = roofline::ui::plotImage(plot, size);
        QCOMPARE(image.size(), size);
        for (const QCPGraph* point : {plot.prefillPoint(), plot.decodePoint()}) {
            const auto data = point->data()->at(0);
            const QPoint centre(qRound(plot.customPlot()->xAxis->coordToPixel(data->key)),
                                qRound(plot.customPlot()->yAxis->coordToPixel(data->value)));
            QCOMPARE(image.pixelColor(centre), point->scatterStyle().brush().color());
        }

        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("data.svg"));
        QVERIFY(roofline::ui::exportPlot(plot, path, size).isEmpty());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString svg = QString::fromUtf8(file.readAll());
        for (const QString& label : {plot.prefillLabel(), plot.decodeLabel()}) {
            for (const QString& line : label.split(QLatin1Char('\n'))) {  // a text per line
                QVERIFY2(svg.contains(line), qPrintable(line));
            }
        }
    }

    void exportsCarryAltText() {
        // The plot's scene in words (plot_scene.h describeScene) goes with every PNG (its
        // "Description" text) and SVG (its <desc>). Llama-3.1-8B on H100 at B = 1: the
        // decode point says 1.05 FLOP/byte and 3.53 TFLOP/s, 100% of the roof
        // (tst_roofline_plot derives the figures).
        MainWindow window;
        window.resize(1600, 1000);
        window.plot()->replot(QCustomPlot::rpImmediateRefresh);
        const QString decode = QStringLiteral("decode  1.05 FLOP/byte 3.53 TFLOP/s (100% of roof)");
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("alt.png"));
        QVERIFY(roofline::ui::exportPlot(*window.plot(), png, QSize(900, 600)).isEmpty());
        const QString alt = QImage(png).text(QStringLiteral("Description"));
        QVERIFY2(alt.startsWith(QStringLiteral("Roofline plot, log-log")), qPrintable(alt));
        QVERIFY2(alt.contains(decode), qPrintable(alt));
        const QString svgPath = dir.filePath(QStringLiteral("alt.svg"));
        QVERIFY(roofline::ui::exportPlot(*window.plot(), svgPath, QSize(900, 600)).isEmpty());
        QFile svg(svgPath);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(svg.readAll()).contains(decode));
    }

    void unknownSuffixIsRefused() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("plot.bmpx"));
        MainWindow window;
        QVERIFY(!window.exportImage(path, QSize(800, 500)));
        QVERIFY(!QFile::exists(path));
    }

    void grabRendersTheWholeWindowAtTheRequestedSize() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("window.png"));
        MainWindow window;
        QVERIFY(roofline::ui::grabWindowToFile(window, QSize(1280, 800), path).isEmpty());
        QCOMPARE(head(path, 8), QByteArray("\x89PNG\r\n\x1a\n"));
        const QImage image(path);
        QCOMPARE(image.size(), QSize(1280, 800));
        // Not a blank canvas: the plot's roof and the docks' text make many colours.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7) {
            for (int x = 0; x < image.width(); x += 7) {
                colours.insert(image.pixel(x, y));
            }
        }
        QVERIFY(colours.size() > 20);
    }
};

QTEST_MAIN(TestExport)
#include "tst_export.moc"
