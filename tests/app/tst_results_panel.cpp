// SPDX-License-Identifier: GPL-3.0-or-later
#include <QGroupBox>
#include <QLabel>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTest>
#include <cmath>

#include "comma_locale.h"
#include "byte_split_bar.h"
#include "memory_bar.h"
#include "results_panel.h"
#include "roofline/comparison.h"
#include "roofline/format.h"
#include "roofline/io/scenario_file.h"
#include "value_field.h"

using namespace roofline;
using roofline::ui::ResultsPanel;

namespace {

Analysis analysisOf(const std::string& model, std::int64_t batch, std::int64_t tokens) {
    io::ScenarioFile file;
    file.model = model;
    file.workload.batch = batch;
    file.workload.promptTokens = tokens;
    file.workload.contextTokens = tokens;
    io::ResolvedScenario r = io::resolve(file);
    if (!r.ok()) {
        qFatal("test scenario does not resolve");
    }
    return analyze(r.scenario);
}

QString text(const ResultsPanel& panel, const char* key) {
    return panel.valueLabel(QString::fromLatin1(key))->text();
}

QString qs(const std::string& s) { return QString::fromStdString(s); }

/// Delivers the posted events, and those that they post (a layout request answered by a
/// new geometry posts more).
void settle() {
    for (int i = 0; i < 4; ++i) {
        QCoreApplication::processEvents();
    }
}

/// Shows the panel at a fixed size with Llama-3.1-8B at batch 8, laid out and painted.
void showSettled(ResultsPanel& panel) {
    panel.resize(300, 700);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    panel.setAnalysis(analysisOf("llama-3.1-8b", 8, 2048));
    settle();
}

/// Records which widgets with a layout are laid out again (a layout request reaching them).
struct LayoutRequests : QObject {
    QStringList laidOut;
    bool eventFilter(QObject* watched, QEvent* event) override {
        const auto* widget = qobject_cast<QWidget*>(watched);
        if (event->type() == QEvent::LayoutRequest && widget != nullptr &&
            widget->layout() != nullptr) {
            laidOut << QString::fromLatin1(watched->metaObject()->className());
        }
        return false;
    }
};

}  // namespace

/// Every text the panel shows: its labels (names, values, warnings), the memory bar's text
/// and tooltip.
QStringList shownTexts(const ResultsPanel& panel) {
    QStringList texts;
    for (const QLabel* label : panel.findChildren<QLabel*>()) {
        texts << label->text();
    }
    texts << panel.memoryBar()->text() << panel.memoryBar()->toolTip();
    return texts;
}

class TestResultsPanel : public QObject {
    Q_OBJECT
private slots:
    void numbersIgnoreACommaDecimalLocale() {
        // Under LANG=de_DE.UTF-8 QApplication sets the C locale to German and so does
        // QLocale's default; printf then wrote "7,47" (and "7,,47" once grouped).
        const Analysis a = analysisOf("llama-3.1-8b", 8, 2048);
        ResultsPanel plain;
        showSettled(plain);
        plain.setAnalysis(a);
        const QStringList expected = shownTexts(plain);
        QCOMPARE(text(plain, "ridge"), QStringLiteral("295 FLOP/byte"));

        test::CommaDecimalLocale cLocale;
        QVERIFY2(cLocale.active(), test::kCommaLocaleMissing);
        const QLocale previous;
        QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
        const auto restore = qScopeGuard([&] { QLocale::setDefault(previous); });
        ResultsPanel panel;
        showSettled(panel);
        panel.setAnalysis(a);
        settle();
        panel.grab();  // painted, too
        const QStringList shown = shownTexts(panel);
        QCOMPARE(shown, expected);
        // A decimal comma: a digit, a comma, then other than exactly three digits ("1,560"
        // separates thousands).
        static const QRegularExpression decimalComma(QStringLiteral(R"(\d,(?!\d{3}(?!\d)))"));
        bool sawDecimals = false;
        for (const QString& t : shown) {
            QVERIFY2(!decimalComma.match(t).hasMatch(), qPrintable(t));
            sawDecimals =
                sawDecimals || t.contains(QRegularExpression(QStringLiteral(R"(\d\.\d)")));
        }
        QVERIFY(sawDecimals);
    }

    void showsTheEnginesNumbersFormattedOnce() {
        ResultsPanel panel;
        const Analysis a = analysisOf("llama-3.1-8b", 8, 2048);
        panel.setAnalysis(a);
        QCOMPARE(text(panel, "ttft"), qs(formatDuration(a.ttftSeconds)));
        QCOMPARE(text(panel, "tpot"), qs(formatDuration(a.tpotSeconds)));
        QCOMPARE(text(panel, "tokensPerSecond"),
                 qs(formatNumber(a.decodeTokensPerSecond)) + QStringLiteral(" tok/s"));
        // Every decode operator at batch 8 is memory-bound: 100% of the step's time.
        QCOMPARE(text(panel, "decodeBound"), QStringLiteral("memory-bound (100%)"));
        QCOMPARE(text(panel, "decodeIntensity"),
                 qs(formatNumber(a.decode().intensity())) + QStringLiteral(" FLOP/byte"));
        QCOMPARE(text(panel, "prefillIntensity"),
                 qs(formatNumber(a.prefill().intensity())) + QStringLiteral(" FLOP/byte"));
        QCOMPARE(text(panel, "ridge"),
                 qs(formatNumber(a.ridgePointFlopsPerByte)) + QStringLiteral(" FLOP/byte"));
        QCOMPARE(text(panel, "computeRoof"),
                 QStringLiteral("bf16 ") + qs(formatSi(a.peakFlopsPerSecond, "FLOP/s")));
    }

    void baselineColumnsShowTheBaselineAndTheChange() {
        ResultsPanel panel;
        const Analysis base = analysisOf("llama-3.1-8b", 1, 2048);
        const Analysis now = analysisOf("llama-3.1-8b", 64, 2048);
        panel.setAnalysis(now);
        QVERIFY(panel.baselineGroup()->isHidden());  // no baseline, no columns
        panel.setBaseline(base);
        panel.setAnalysis(now);
        QVERIFY(!panel.baselineGroup()->isHidden());
        const Comparison c = compare(base, now);
        QCOMPARE(text(panel, "baseline.ttft"), qs(formatDuration(base.ttftSeconds)));
        QCOMPARE(text(panel, "baseline.tpot"), qs(formatDuration(base.tpotSeconds)));
        QCOMPARE(text(panel, "baseline.tokensPerSecond"),
                 qs(formatNumber(base.decodeTokensPerSecond)) + QStringLiteral(" tok/s"));
        QCOMPARE(text(panel, "baseline.memory"), qs(formatBytes(base.memory.totalBytes)));
        QCOMPARE(text(panel, "baseline.decodeBound"), QStringLiteral("memory"));
        // Batch 64 costs each token more time (slower), and brings many more tokens/s.
        QCOMPARE(text(panel, "ratio.tpot"), qs(speedupText(c.decodeSpeedup)));
        QVERIFY(text(panel, "ratio.tpot").endsWith(QStringLiteral("× slower")));
        QCOMPARE(text(panel, "ratio.tokensPerSecond"), qs(ratioText(c.tokensRatio)));
        QVERIFY(*c.tokensRatio > 10.0);
        QCOMPARE(text(panel, "ratio.memory"), qs(ratioText(c.memoryRatio)));
        QCOMPARE(text(panel, "ratio.decodeBound"), QStringLiteral("same"));
        panel.setBaseline(std::nullopt);
        QVERIFY(panel.baselineGroup()->isHidden());
    }

    void speculativeRowShowsTokensPerStepAndPlainTpot() {
        ResultsPanel panel;
        panel.setAnalysis(analysisOf("llama-3.1-8b", 1, 2048));
        QCOMPARE(text(panel, "speculative"), QStringLiteral("off"));
        // k = 4, α = 0.7: τ = (1 − 0.7^5) / 0.3 = 2.77 tokens per step; TPOT is the step
        // over τ, and the plain decode step's TPOT is shown beside it.
        io::ScenarioFile file;
        file.workload.speculativeTokens = 4;
        file.workload.acceptanceRate = 0.7;
        io::ResolvedScenario r = io::resolve(file);
        QVERIFY(r.ok());
        const Analysis a = analyze(r.scenario);
        panel.setAnalysis(a);
        QCOMPARE(text(panel, "speculative"),
                 QStringLiteral("2.77 tok/step; plain TPOT ") +
                     qs(formatDuration(a.speculative->plainTpotSeconds)));
        QCOMPARE(text(panel, "tpot"), qs(formatDuration(a.tpotSeconds)));
        QVERIFY(a.tpotSeconds < a.speculative->plainTpotSeconds / 2.6);
    }

    void criticalBatchSaysNeverWhenThereIsNone() {
        ResultsPanel panel;
        const Analysis longContext = analysisOf("llama-3.1-8b", 1, 2048);
        QVERIFY(!longContext.criticalBatch.has_value());
        panel.setAnalysis(longContext);
        QCOMPARE(text(panel, "criticalBatch"), QStringLiteral("never"));
        // The weight matmuls alone still cross (≈ 295 on H100 bf16, see the core tests).
        QVERIFY(longContext.matmulCriticalBatch.has_value());
        QCOMPARE(text(panel, "matmulCriticalBatch"),
                 qs(formatInteger(longContext.matmulCriticalBatch.value_or(-1))));
        QCOMPARE(text(panel, "goldilocks"),
                 longContext.goldilocksContextTokens
                     ? qs(formatInteger(std::llround(*longContext.goldilocksContextTokens))) +
                           QStringLiteral(" tokens")
                     : QStringLiteral("never"));

        const Analysis shortContext = analysisOf("llama-3.1-8b", 1, 128);
        QVERIFY(shortContext.criticalBatch.has_value());
        panel.setAnalysis(shortContext);
        QCOMPARE(text(panel, "criticalBatch"),
                 qs(formatInteger(shortContext.criticalBatch.value_or(-1))));
    }

    void memoryBarTurnsRedWhenItDoesNotFit() {
        ResultsPanel panel;
        const Analysis fits = analysisOf("llama-3.1-8b", 1, 2048);
        panel.setAnalysis(fits);
        QVERIFY(fits.memory.fits);
        QVERIFY(!panel.memoryOverflow());
        // Against the usable memory (capacity × utilisation), as servers count it.
        QCOMPARE(panel.memoryBar()->fraction(), fits.memory.totalBytes / fits.memory.usableBytes);
        QCOMPARE(panel.memoryBar()->barColour(),
                 ui::PlotPalette::forSystem(panel.palette()).decode);

        const Analysis tooBig = analysisOf("llama-2-70b", 1, 2048);  // 138 GB on 80 GB
        QVERIFY(!tooBig.memory.fits);
        panel.setAnalysis(tooBig);
        QVERIFY(panel.memoryOverflow());
        QVERIFY(panel.memoryBar()->fraction() > 1.0);
        QCOMPARE(panel.memoryBar()->barColour(),
                 ui::PlotPalette::forSystem(panel.palette()).warning);
        // 80 GiB × 0.90 = 77.3 GB usable.
        QCOMPARE(panel.memoryBar()->text(), QStringLiteral("140 GB / 77.3 GB"));
        QCOMPARE(panel.memoryBar()->text(), qs(formatBytes(tooBig.memory.totalBytes) + " / " +
                                               formatBytes(tooBig.memory.usableBytes)));
        QCOMPARE(text(panel, "memory"), qs(formatBytes(tooBig.memory.totalBytes)) +
                                            QStringLiteral(" of ") +
                                            qs(formatBytes(tooBig.memory.usableBytes)) +
                                            QStringLiteral(" usable"));
    }

    void engineWarningsAreShown() {
        ResultsPanel panel;
        panel.show();
        io::ScenarioFile file;
        file.workload.weightPrecision = Precision::Fp4;
        file.workload.activationPrecision = Precision::Fp4;  // H100 has no fp4 roof
        const Analysis a = analyze(io::resolve(file).scenario);
        QVERIFY(!a.warnings.empty());
        panel.setAnalysis(a);
        QLabel* warnings = panel.valueLabel(QStringLiteral("warnings"));
        QVERIFY(warnings->isVisible());
        QVERIFY(warnings->text().contains(qs(a.warnings.front().str())));
        panel.setAnalysis(analysisOf("llama-3.1-8b", 1, 2048));
        QVERIFY(!warnings->isVisible());
    }

    void newNumbersDoNotLayThePanelOutAgain() {
        // A QLabel asks its parents for a new layout on every new text; the panel's values
        // do only when the text needs more room (value_field.h).
        ResultsPanel panel;
        showSettled(panel);
        if (QTest::currentTestFailed()) {
            return;
        }
        LayoutRequests requests;
        for (QWidget* w : panel.findChildren<QWidget*>()) {
            w->installEventFilter(&requests);
        }
        panel.installEventFilter(&requests);
        panel.setAnalysis(analysisOf("llama-3.1-8b", 12, 2048));  // other numbers, same room
        QVERIFY(text(panel, "tpot") !=
                qs(formatDuration(analysisOf("llama-3.1-8b", 8, 2048).tpotSeconds)));
        settle();
        QCOMPARE(requests.laidOut, QStringList());
    }

    void aLongerValueGetsTheRoomItNeeds() {
        ResultsPanel panel;
        showSettled(panel);
        if (QTest::currentTestFailed()) {
            return;
        }
        QLabel* label = panel.valueLabel(QStringLiteral("ttft"));
        const int oneLine = label->height();
        auto* field = qobject_cast<ui::ValueField*>(label->parentWidget());
        QVERIFY(field != nullptr);
        field->setText(QStringLiteral("a value long enough to wrap onto more lines"));
        settle();
        QVERIFY(label->height() > oneLine);
        QCOMPARE(label->height(), label->heightForWidth(label->width()));
        QCOMPARE(label->width(), field->width());
    }

    void byteSplitIsTheEnginesBytes() {
        ResultsPanel panel;
        const Analysis a = analysisOf("llama-3.1-8b", 8, 2048);
        panel.setAnalysis(a);
        const auto& bars = panel.byteSplit()->bars();
        QCOMPARE(bars.size(), std::size_t{2});
        for (std::size_t i = 0; i < bars.size(); ++i) {
            const PassCost& pass = a.passes[i];
            QVERIFY(bars[i].kind == pass.kind);
            QCOMPARE(bars[i].segments.size(), std::size_t{4});
            QCOMPARE(bars[i].segments[0].bytes, pass.weightBytes);
            QCOMPARE(bars[i].segments[1].bytes, pass.kvBytes);
            QCOMPARE(bars[i].segments[2].bytes, pass.activationBytes);
            QCOMPARE(bars[i].segments[3].bytes, pass.linkBytes);
            QVERIFY(bars[i].toolTip.contains(QStringLiteral("weights ") +
                                             qs(formatBytes(pass.weightBytes))));
            QVERIFY(bars[i].toolTip.contains(QStringLiteral("KV cache ") +
                                             qs(formatBytes(pass.kvBytes))));
        }
        // Colours from the palette: phase hue for the name, one colour per kind of byte.
        const ui::PlotPalette palette = ui::PlotPalette::darkTheme();
        panel.setPlotPalette(palette);
        QCOMPARE(panel.byteSplit()->bars()[0].colour, palette.prefill);
        QCOMPARE(panel.byteSplit()->bars()[1].colour, palette.decode);
        QCOMPARE(panel.byteSplit()->bars()[1].segments[0].colour, palette.weightBytes);
        QCOMPARE(panel.byteSplit()->bars()[1].segments[3].colour, palette.interconnect);

        // Speculative decoding adds the verify pass's bar.
        io::ScenarioFile file;
        file.workload.speculativeTokens = 4;
        const Analysis spec = analyze(io::resolve(file).scenario);
        const PassCost* verify = spec.pass(PassKind::Verify);
        QVERIFY(verify != nullptr);
        panel.setAnalysis(spec);
        QCOMPARE(panel.byteSplit()->bars().size(), std::size_t{3});
        QVERIFY(panel.byteSplit()->bars()[2].kind == PassKind::Verify);
        QCOMPARE(panel.byteSplit()->bars()[2].segments[1].bytes, verify->kvBytes);
    }

    void byteSplitTooltipIsTheBarUnderTheCursor() {
        ResultsPanel panel;
        showSettled(panel);
        if (QTest::currentTestFailed()) {
            return;
        }
        const ui::ByteSplitBar* bar = panel.byteSplit();
        QVERIFY(bar->isVisible());
        const auto& bars = bar->bars();
        QCOMPARE(bar->toolTipAt(QPoint(bar->width() / 2, 2)), bars[0].toolTip);
        QCOMPARE(bar->toolTipAt(QPoint(bar->width() / 2, bar->height() * 2 / 3 - 4)),
                 bars[1].toolTip);
        QVERIFY(bars[1].toolTip.startsWith(QStringLiteral("decode bytes per device: ")));
    }

    void phaseColoursMatchThePlot() {
        ResultsPanel panel;
        ui::PlotPalette palette = ui::PlotPalette::lightTheme();
        panel.setPlotPalette(palette);
        QCOMPARE(panel.valueLabel(QStringLiteral("ttft"))->palette().color(QPalette::WindowText),
                 palette.prefill);
        QCOMPARE(panel.valueLabel(QStringLiteral("tpot"))->palette().color(QPalette::WindowText),
                 palette.decode);
    }
};

QTEST_MAIN(TestResultsPanel)
#include "tst_results_panel.moc"
