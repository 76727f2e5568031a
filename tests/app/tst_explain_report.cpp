// SPDX-License-Identifier: GPL-3.0-or-later
// The Explain dock (issue 10), the report (issue 11, "Report"; tst_review_report checks its
// sections) and the caption of exported images.
#include <algorithm>
#include <cstdint>

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QMenuBar>
#include <QPainter>
#include <QPlainTextEdit>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>

#include "model/plot_tooltip.h"
#include "model/scenario_controller.h"
#include "panels/explain_panel.h"
#include "plot/export.h"
#include "plot/roofline_plot.h"
#include "roofline/explain.h"
#include "roofline/io/explain.h"
#include "test_support.h"
#include "views/dialogs.h"
#include "window/main_window.h"
#include "window/report.h"

using roofline::ui::MainWindow;

namespace {

QStringList expectedSentences(const MainWindow& window) {
    QStringList out;
    for (const std::string& s : roofline::io::explanation(window.controller().scenario(),
                                                          window.controller().analysis())) {
        out << roofline::ui::qs(s);
    }
    return out;
}

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// Page objects of a PDF: "/Type /Page" not followed by "s" (the "/Type /Pages" tree).
int pageObjects(const QByteArray& pdf) {
    int pages = 0;
    const QByteArray key("/Type /Page");
    for (qsizetype at = pdf.indexOf(key); at >= 0; at = pdf.indexOf(key, at + 1)) {
        const qsizetype next = at + key.size();
        if (next >= pdf.size() || pdf[next] != 's') {
            ++pages;
        }
    }
    return pages;
}

/// Pixels in the rows [top, bottom) that differ from `background`.
int inkIn(const QImage& image, int top, int bottom, QColor background) {
    int ink = 0;
    for (int y = top; y < bottom; ++y) {
        for (int x = 0; x < image.width(); ++x) {
            if (image.pixelColor(x, y).rgb() != background.rgb()) {
                ++ink;
            }
        }
    }
    return ink;
}

}  // namespace

class TestExplainReport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { roofline::ui::Dialogs::setHeadless(true); }

    void explainDockIsOnTheRightWithAViewToggle() {
        MainWindow window;
        QDockWidget* dock = roofline::test::child<QDockWidget>(window, "explainDock");
        QVERIFY(dock != nullptr);
        QCOMPARE(window.dockWidgetArea(dock), Qt::RightDockWidgetArea);
        bool inViewMenu = false;
        for (QAction* menu : window.menuBar()->actions()) {
            if (menu->menu() != nullptr && menu->text() == MainWindow::tr("&View")) {
                inViewMenu = menu->menu()->actions().contains(dock->toggleViewAction());
            }
        }
        QVERIFY(inViewMenu);
    }

    void explainPanelFollowsEveryAnalysis() {
        MainWindow window;
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        roofline::ui::ExplainPanel* panel = window.explainPanel();
        QCOMPARE(panel->sentences(), expectedSentences(window));
        QVERIFY(panel->textView()->toPlainText().contains(
            QStringLiteral("Decode is memory-bound: 1.05 FLOP/byte against a ridge of 295 "
                           "FLOP/byte")));
        // Two sentences by hand (the comparison above is with the engine's own): Llama-3.1-8B
        // on H100 at B = 1, C = 2048 (tests/core/analysis_test.cpp), decode 16,097,698,816
        // FLOPs on 15,288,683,008 bytes: 1.0529 FLOP/byte, in 4.5638 ms = 3.527 TFLOP/s,
        // 3.527 / 989.4 = 0.3565% of the roof. The bytes are 15,009,857,536 of weights
        // (98.18%), 268,697,600 of KV (1.757%), 10,127,872 of activations (0.0662%).
        QVERIFY(panel->sentences().contains(
            QStringLiteral("Decode is memory-bound: 1.05 FLOP/byte against a ridge of 295 "
                           "FLOP/byte, so it reaches 3.53 TFLOP/s, 0.357% of the bf16 compute "
                           "roof.")));
        QVERIFY(panel->sentences().contains(
            QStringLiteral("Of decode's 15.3 GB per step, 98.2% are weights, 1.76% KV cache and "
                           "0.0662% activations.")));
        // A slider step: the sentences follow at once.
        window.controller().setBatch(512);
        QCOMPARE(panel->sentences(), expectedSentences(window));
        QVERIFY(panel->textView()->toPlainText().contains(QStringLiteral("B = 512")));
    }

    void stepsRewriteOnlyTheSentencesThatChanged() {
        // A step writes the changed sentences over the old ones in place (ExplainPanel::
        // replaceChanged), a new number of sentences the whole text: either way the text is
        // the sentences, one paragraph each, a blank line between, and no undo history.
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const roofline::ui::ExplainPanel* panel = window.explainPanel();
        const auto text = [panel] { return panel->textView()->toPlainText(); };
        const auto paragraphs = [panel] { return panel->sentences().join(QStringLiteral("\n\n")); };
        int sameCounts = 0;
        for (const std::int64_t batch : {2, 3, 64, 65, 512, 4096, 1}) {
            const qsizetype before = panel->sentences().size();
            window.controller().setBatch(batch);
            sameCounts += panel->sentences().size() == before ? 1 : 0;
            QCOMPARE(panel->sentences(), expectedSentences(window));
            QCOMPARE(text(), paragraphs());
        }
        QVERIFY(sameCounts > 0);  // the in-place path ran
        // A longer context adds the KV sentences and more: the whole text again.
        window.controller().setContextTokens(100000);
        QCOMPARE(text(), paragraphs());
        QVERIFY(!panel->textView()->document()->isUndoAvailable());
    }

    void hiddenPanelCatchesUpWhenShown() {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        roofline::test::child<QDockWidget>(window, "explainDock")->hide();
        window.controller().setContextTokens(100000);
        roofline::test::child<QDockWidget>(window, "explainDock")->show();
        QCOMPARE(window.explainPanel()->sentences(), expectedSentences(window));
    }

    void reportIsAPdfWithTheScenarioAndFooters() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("report.pdf"));
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.exportReport(path));
        const QByteArray pdf = readAll(path);
        QVERIFY(pdf.startsWith("%PDF"));
        // The title block, the plot and its sections: more than one A4 page, none empty.
        QVERIFY(pageObjects(pdf) >= 2);
        QVERIFY(pdf.size() > 10000);
    }

    void reportContentCarriesCaptionExplanationAndLevers() {
        MainWindow window;
        const roofline::io::ReviewReport report = roofline::ui::windowReviewReport(window);
        QCOMPARE(report.title,
                 std::string("Roofline review: Llama 3.1 8B on 1 × NVIDIA H100 SXM5 80GB · "
                             "weights bf16, activations bf16, KV cache bf16 · batch 1, prompt "
                             "2,048 tokens, context 2,048 tokens"));
        QStringList explanation;
        for (const std::string& b : report.section("Explanation")->bullets) {
            explanation << roofline::ui::qs(b);
        }
        QCOMPARE(explanation, expectedSentences(window));
        // Every lever has its row: applicable ones with their TPOT, the others with a reason.
        const roofline::io::ReportTable& levers = *report.section("Levers")->table;
        const auto row = [&levers](const std::string& key) {
            const auto it = std::find_if(levers.rows.begin(), levers.rows.end(),
                                         [&key](const auto& r) { return r.front() == key; });
            return it == levers.rows.end() ? std::vector<std::string>() : *it;
        };
        for (const char* key : {"w4a16", "kv-fp8", "batch-x8", "flash-attention"}) {
            QVERIFY2(!row(key).empty(), key);
        }
        QCOMPARE(row("flash-attention").back(),
                 std::string("does not apply: FlashAttention is already on"));
        const roofline::io::ReportTable& results = *report.section("Results")->table;
        QCOMPARE(results.rows[1], (std::vector<std::string>{"TPOT", "4.56 ms"}));
        // No compare scenario: the Compare table has the current row only.
        QCOMPARE(report.section("Compare")->table->rows.size(), std::size_t{1});
    }

    void captionMakesExportedImagesTaller() {
        MainWindow window;
        const QSize size(900, 560);
        const roofline::ui::ImageCaption caption = window.imageCaption();
        QCOMPARE(caption.text,
                 roofline::ui::qs(roofline::scenarioCaption(window.controller().scenario())));
        QCOMPARE(caption.text,
                 QStringLiteral("Llama 3.1 8B on 1 × NVIDIA H100 SXM5 80GB · weights bf16, "
                                "activations bf16, KV cache bf16 · batch 1, prompt 2,048 "
                                "tokens, context 2,048 tokens"));
        const QImage with = roofline::ui::plotImage(*window.plot(), size, caption);
        const QImage without = roofline::ui::plotImage(*window.plot(), size);
        QCOMPARE(without.size(), size);
        QCOMPARE(with.width(), size.width());
        const int extra = roofline::ui::captionHeight(*window.plot(), size.width(), caption);
        QVERIFY(extra > 10);
        QCOMPARE(with.height(), size.height() + extra);
        // The caption's strip has text in it; the plot above it is the plot as before.
        QVERIFY(inkIn(with, size.height(), with.height(), caption.background) > 100);
        // (Composited on the caption's background as the captioned image is: where the plot
        // leaves pixels transparent, both then show that background.)
        QImage plotOnBackground(size, QImage::Format_ARGB32_Premultiplied);
        plotOnBackground.fill(caption.background);
        {
            QPainter painter(&plotOnBackground);
            painter.drawImage(0, 0, without);
        }
        // Text drawn over a translucent tint (the region names) may antialias a little
        // differently in the two paths: a handful of pixels, never a moved or missing mark.
        const QImage top =
            with.copy(QRect(QPoint(0, 0), size)).convertToFormat(QImage::Format_RGB32);
        const QImage plain = plotOnBackground.convertToFormat(QImage::Format_RGB32);
        qsizetype differing = 0;
        for (int y = 0; y < size.height(); ++y) {
            for (int x = 0; x < size.width(); ++x) {
                differing += top.pixel(x, y) != plain.pixel(x, y) ? 1 : 0;
            }
        }
        QVERIFY2(differing * 500 < size.width() * size.height(),
                 qPrintable(QStringLiteral("%1 pixels differ").arg(differing)));
    }

    void captionOptionIsRememberedInTheSettings() {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("test.ini")), QSettings::IniFormat);
        {
            MainWindow window(&settings);
            window.restoreSession(false);
            QVERIFY(roofline::test::child<QAction>(window, "captionOnImages")
                        ->isChecked());  // on when nothing is stored
            roofline::test::child<QAction>(window, "captionOnImages")->setChecked(false);
            window.saveSession();
        }
        MainWindow window(&settings);
        window.restoreSession(false);
        QVERIFY(!roofline::test::child<QAction>(window, "captionOnImages")->isChecked());
    }

    void captionOptionOffLeavesExportsAsBefore() {
        QTemporaryDir dir;
        MainWindow window;
        QAction* option = roofline::test::child<QAction>(window, "captionOnImages");
        QVERIFY(option->isCheckable());
        QVERIFY(option->isChecked());  // on by default
        const QSize size(800, 500);
        const QString on = dir.filePath(QStringLiteral("on.png"));
        QVERIFY(window.exportImage(on, size));
        QVERIFY(QImage(on).height() > size.height());
        option->setChecked(false);
        QVERIFY(window.imageCaption().text.isEmpty());
        const QString off = dir.filePath(QStringLiteral("off.png"));
        QVERIFY(window.exportImage(off, size));
        QCOMPARE(QImage(off).size(), size);
        // SVG and PDF take the caption too.
        option->setChecked(true);
        const QString svg = dir.filePath(QStringLiteral("on.svg"));
        QVERIFY(window.exportImage(svg, size));
        QVERIFY(readAll(svg).contains("activations bf16"));
        const QString pdf = dir.filePath(QStringLiteral("on.pdf"));
        QVERIFY(window.exportImage(pdf, size));
        QVERIFY(readAll(pdf).startsWith("%PDF"));
        QCOMPARE(pageObjects(readAll(pdf)), 1);
    }
};

QTEST_MAIN(TestExplainReport)
#include "tst_explain_report.moc"
