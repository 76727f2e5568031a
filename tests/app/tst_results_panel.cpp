// SPDX-License-Identifier: GPL-3.0-or-later
#include <cmath>
#include <memory>

#include <QGroupBox>
#include <QLabel>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTest>

#include "comma_locale.h"
#include "model/plot_tooltip.h"
#include "panels/byte_split_bar.h"
#include "panels/memory_bar.h"
#include "panels/results_panel.h"
#include "panels/value_field.h"
#include "roofline/comparison.h"
#include "roofline/explain.h"
#include "roofline/io/scenario_file.h"
#include "test_support.h"

using namespace roofline;
using roofline::ui::ResultsPanel;

namespace {

Analysis analysisOf(const std::string& model, std::int64_t batch, std::int64_t tokens) {
    io::ScenarioFile file;
    file.model = model;
    file.workload.batch = batch;
    file.workload.promptTokens = tokens;
    file.workload.contextTokens = tokens;
    return test::analysed(file);
}

QString text(const ResultsPanel& panel, const char* key) {
    return panel.valueLabel(QString::fromLatin1(key))->text();
}

using ui::qs;

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
        // Llama-3.1-8B on H100 SXM (989.4 TFLOP/s bf16, 3.35 TB/s), B = 8, P = C = 2048, all
        // bf16. Per token, a decode step moves 10,127,872 activation bytes and 268,697,600 KV
        // bytes and does 16,097,698,816 FLOPs (the B = 1 derivation in
        // tests/core/analysis_test.cpp); the weights are 15,009,857,536 bytes with one
        // embedding row gathered, + 7 more rows of 8,192 at B = 8.
        // Decode bytes: 15,009,914,880 + 8·268,697,600 + 8·10,127,872 = 17,240,518,656; every
        // operator memory-bound, so TPOT = 17,240,518,656 / 3.35e12 = 5.1464 ms -> "5.15 ms";
        // 8 / 5.1464 ms = 1,554.48 tok/s -> "1,554 tok/s" (integer digits all kept);
        // intensity 8·16,097,698,816 / 17,240,518,656 = 7.4697 -> "7.47 FLOP/byte".
        // Prefill (N = 16,384 tokens): the matmuls and attention are compute-bound,
        // 2·N·(25,165,824 + 16,777,216 + 176,160,768)·32 + 8·1,110,791,159,808 (attention, see
        // analysis_test) = 237,584,747,855,872 FLOPs / 989.4e12 = 240.13 ms; the memory-bound
        // rest (norms 34.36 GB, SiLU·up 45.10 GB, KV writes 2.15 GB, embedding 0.27 GB, final
        // norm 0.40 GB, lm_head on 8 rows 1.05 GB: 83,328,790,528 bytes) / 3.35e12 = 24.87 ms.
        // TTFT = 265.00 ms -> "265 ms". Intensity 237,652,544,585,728 FLOPs (+ the norms',
        // SiLU's and lm_head's) / 181,039,296,512 bytes (weights 15,144,067,072, KV
        // 4,294,967,296, activations 161,600,262,144) = 1,312.7 -> "1,313 FLOP/byte".
        // Ridge 989.4e12 / 3.35e12 = 295.34 -> "295 FLOP/byte"; roof "989 TFLOP/s".
        ResultsPanel panel;
        const Analysis a = analysisOf("llama-3.1-8b", 8, 2048);
        panel.setAnalysis(a);
        QCOMPARE(text(panel, "ttft"), QStringLiteral("265 ms"));
        QCOMPARE(text(panel, "tpot"), QStringLiteral("5.15 ms"));
        QCOMPARE(text(panel, "tokensPerSecond"), QStringLiteral("1,554 tok/s"));
        // Every decode operator at batch 8 is memory-bound: 100% of the step's time.
        QCOMPARE(text(panel, "decodeBound"), QStringLiteral("memory-bound (100%)"));
        QCOMPARE(text(panel, "decodeIntensity"), QStringLiteral("7.47 FLOP/byte"));
        QCOMPARE(text(panel, "prefillIntensity"), QStringLiteral("1,313 FLOP/byte"));
        QCOMPARE(text(panel, "ridge"), QStringLiteral("295 FLOP/byte"));
        QCOMPARE(text(panel, "computeRoof"), QStringLiteral("bf16 989 TFLOP/s"));
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
        // Baseline B = 1: TPOT 15,288,683,008 bytes / 3.35e12 = 4.5638 ms (analysis_test),
        // 1 / 4.5638 ms = 219.1 tok/s. TTFT (N = 2048): 29,698,093,481,984 matmul and
        // attention FLOPs / 989.4e12 = 30.016 ms + 11,335,903,744 memory-bound bytes (norms,
        // SiLU·up, KV writes, embedding, final norm, lm_head) / 3.35e12 = 3.384 ms = 33.40 ms.
        // Memory: weights 8,030,261,248 · 2 = 16,060,522,496 + KV 2049 · 131,072 =
        // 268,566,528 + workspace 8192 · (2·4096 + 2·14336) · 2 + 128,256 · 2 = 604,236,288:
        // 16,933,325,312 -> "16.9 GB".
        QCOMPARE(text(panel, "baseline.ttft"), QStringLiteral("33.4 ms"));
        QCOMPARE(text(panel, "baseline.tpot"), QStringLiteral("4.56 ms"));
        QCOMPARE(text(panel, "baseline.tokensPerSecond"), QStringLiteral("219 tok/s"));
        QCOMPARE(text(panel, "baseline.memory"), QStringLiteral("16.9 GB"));
        QCOMPARE(text(panel, "baseline.decodeBound"), QStringLiteral("memory"));
        // Batch 64 costs each token more time (slower), and brings many more tokens/s.
        // B = 64, still memory-bound: 15,009,857,536 + 63·8192 + 64·(268,697,600 +
        // 10,127,872) = 32,855,203,840 bytes / 3.35e12 = 9.8075 ms; 9.8075 / 4.5638 = 2.149
        // -> "2.15× slower". Tokens/s 64 / 9.8075 ms over 219.1: ×29.78 -> "×29.8".
        // Memory 16,060,522,496 + 64·268,566,528 + 603,979,776 + 64·256,512 =
        // 33,869,176,832, over 16,933,325,312: ×2.0002 -> "×2.00".
        QCOMPARE(text(panel, "ratio.tpot"), QStringLiteral("2.15× slower"));
        QCOMPARE(text(panel, "ratio.tpot"), qs(speedupText(c.decodeSpeedup)));
        QCOMPARE(text(panel, "ratio.tokensPerSecond"), QStringLiteral("×29.8"));
        QVERIFY(*c.tokensRatio > 10.0);
        QCOMPARE(text(panel, "ratio.memory"), QStringLiteral("×2.00"));
        QCOMPARE(text(panel, "ratio.decodeBound"), QStringLiteral("same"));
        panel.setBaseline(std::nullopt);
        QVERIFY(panel.baselineGroup()->isHidden());
    }

    // Issue 19: with the estimate ceiling TTFT, TPOT and tokens/s give the bound and the
    // estimate beside it, as boundAndEstimate writes them; without it, the bound alone.
    // Llama-3.1-8B on H100 SXM, B = 8, P = C = 2,048, achievable ceilings (0.85 × 3.35 TB/s,
    // 794.5 TFLOP/s): TPOT t = 17,240,518,656 B / 2.8475e12 B/s = 6.0546 ms ("6.05 ms"),
    // TTFT 328.30 ms ("328 ms"), 8 / t = 1,321.3 tok/s ("1,321 tok/s"). A profile adding
    // 6 ms per pass and nothing else, with the interval ×0.8 to ×1.25: TPOT 12.0546 ms
    // ("12.1 ms"), 9.6437 ms to 15.068 ms ("9.64 ms–15.1 ms"); TTFT 334.30 ms ("334 ms"),
    // 267.44 to 417.88 ms; tokens/s 8 / 12.0546 ms = 663.65 ("664 tok/s").
    void estimateRowsGiveTheBoundThenTheEstimate() {
        CalibrationProfile profile;
        profile.id = "test.overhead";
        profile.computeUnits = 1;  // with 1×1 tiles every GEMM is one full wave
        profile.tileRows = 1;
        profile.tileColumns = 1;
        profile.stepOverheadSeconds = 6e-3;
        profile.residualLow = std::log(0.8);
        profile.residualHigh = std::log(1.25);
        profile.fittedRecords = 12;  // fitted: a profile of defaults is extrapolated, wider
        io::ScenarioFile file;
        file.workload.batch = 8;
        file.workload.ceilings = Ceilings::Estimate;
        Scenario scenario = test::resolvedScenario(file);
        scenario.calibration = std::make_shared<const CalibrationProfile>(profile);
        const Analysis a = analyze(scenario);
        QVERIFY(a.estimate.has_value());

        ResultsPanel panel;
        panel.setAnalysis(a);
        QCOMPARE(text(panel, "tpot"), QStringLiteral("6.05 ms bound, 12.1 ms estimated "
                                                     "(9.64 ms–15.1 ms)"));
        QCOMPARE(text(panel, "ttft"), QStringLiteral("328 ms bound, 334 ms estimated "
                                                     "(267 ms–418 ms)"));
        QCOMPARE(text(panel, "tokensPerSecond"),
                 QStringLiteral("1,321 tok/s bound, 664 tok/s estimated"));
        // The words are the CLI's and the explanation's (roofline/explain.h).
        QCOMPARE(QStringLiteral("TPOT ") + text(panel, "tpot"),
                 qs(boundAndEstimate("TPOT", a.tpotSeconds, a.estimate->tpotSeconds,
                                     a.estimate->tpotIntervalSeconds)));

        // Without the estimate: the bound alone, as before.
        file.workload.ceilings = Ceilings::Achievable;
        panel.setAnalysis(test::analysed(file));
        QCOMPARE(text(panel, "tpot"), QStringLiteral("6.05 ms"));
        QCOMPARE(text(panel, "ttft"), QStringLiteral("328 ms"));
        QCOMPARE(text(panel, "tokensPerSecond"), QStringLiteral("1,321 tok/s"));
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
        // Plain TPOT at B = 1, C = 2048: 4.5638 ms (analysis_test). The verify pass (T = 5)
        // moves those 15,288,683,008 bytes + 4 more embedding rows (32,768) + KV read over
        // 2053 tokens and 5 written (+1,048,576) + 4 more tokens' activations (+40,511,488):
        // 15,330,275,840 bytes / 3.35e12 = 4.5762 ms (memory-bound; the n-gram draft is
        // free); TPOT = 4.5762 ms / τ 2.7731 = 1.6502 ms -> "1.65 ms".
        QCOMPARE(text(panel, "speculative"), QStringLiteral("2.77 tok/step; plain TPOT 4.56 ms"));
        QCOMPARE(text(panel, "tpot"), QStringLiteral("1.65 ms"));
        QVERIFY(a.tpotSeconds < a.speculative->plainTpotSeconds / 2.6);
    }

    void disaggregatedRowShowsThePoolsAndTheTransfer() {
        ResultsPanel panel;
        panel.setAnalysis(analysisOf("llama-3.1-8b", 1, 2048));
        QCOMPARE(text(panel, "disaggregated"),
                 QStringLiteral("off (prefill and decode share the devices)"));
        // Llama-3.1-8B, B = 8, P = 2,048: 8 × 2,048 × 131,072 B = 2,147,483,648 B ("2.15 GB")
        // over NVLink, 5 µs + 2,147,483,648 / 450e9 = 4.777 ms ("4.78 ms"): the derivation of
        // Disaggregation.OneToOneMovesTheBatchCacheOverNvLink (presets tests).
        io::ScenarioFile file;
        file.workload.batch = 8;
        file.workload.prefillDevices = 1;
        io::ResolvedScenario r = io::resolve(file);
        QVERIFY(r.ok());
        panel.setAnalysis(analyze(r.scenario));
        QCOMPARE(text(panel, "disaggregated"),
                 QStringLiteral("prefill 1 + decode 1 devices; KV 2.15 GB in 4.78 ms"));
    }

    void fewestDevicesIsShownWithItsDefinition() {
        // Llama-3.1-70B bf16 at 2k tokens, 142,987,045,376 bytes (derived in
        // tests/presets/hardware_presets_test.cpp), on H100s of 77,309,411,328 usable bytes:
        // ⌈1.85⌉ = 2; the 8B fits one.
        ResultsPanel panel;
        panel.setAnalysis(analysisOf("llama-3.1-70b", 1, 2048));
        QCOMPARE(text(panel, "minDevices"), QStringLiteral("2"));
        QVERIFY(panel.valueLabel(QStringLiteral("minDevices"))
                    ->parentWidget()
                    ->toolTip()
                    .contains(QStringLiteral("split evenly")));
        panel.setAnalysis(analysisOf("llama-3.1-8b", 1, 2048));
        QCOMPARE(text(panel, "minDevices"), QStringLiteral("1"));
    }

    void criticalBatchSaysNeverWhenThereIsNone() {
        ResultsPanel panel;
        const Analysis longContext = analysisOf("llama-3.1-8b", 1, 2048);
        QVERIFY(!longContext.criticalBatch.has_value());
        panel.setAnalysis(longContext);
        QCOMPARE(text(panel, "criticalBatch"), QStringLiteral("never"));
        // The weight matmuls alone still cross, at any context: summed, they do 2·B·W FLOPs
        // on 2·W + B·X bytes (W = 7,504,658,432 matrix weights, X = 4,721,152 activation
        // bytes per token in and out of them), compute-bound from
        // B = 295.34 / (1 − X·295.34 / (2·W)) = 295.34 / 0.9071 = 325.6 -> 326 (DOMAIN §4's
        // ≈ 295 plus their activations; tests/core/explain_test.cpp has the same 326).
        QVERIFY(longContext.matmulCriticalBatch.has_value());
        QCOMPARE(text(panel, "matmulCriticalBatch"), QStringLiteral("326"));
        // Goldilocks at B = 1: weight bytes 15,009,857,536 / 131,072 KV bytes per token =
        // 114,516.1 tokens, below the model's 131,072 -> "114,516 tokens".
        QCOMPARE(text(panel, "goldilocks"), QStringLiteral("114,516 tokens"));

        // At C = 128 attention is small and the whole step crosses with the matmuls: 326
        // (explain_test derives it; README quotes it).
        const Analysis shortContext = analysisOf("llama-3.1-8b", 1, 128);
        QVERIFY(shortContext.criticalBatch.has_value());
        panel.setAnalysis(shortContext);
        QCOMPARE(text(panel, "criticalBatch"), QStringLiteral("326"));
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
        // 80 GiB × 0.90 = 77,309,411,328 bytes = 77.3 GB usable. Llama-2-70B at B = 1,
        // C = 2048: weights 68,976,648,192 · 2 = 137,953,296,384 + KV 2049 · 327,680 =
        // 671,416,320 + workspace 8192 · (2·8192 + 2·28672) · 2 + 32,000 · 2 = 1,208,023,552:
        // 139,832,736,256 -> "140 GB".
        QCOMPARE(panel.memoryBar()->text(), QStringLiteral("140 GB / 77.3 GB"));
        QCOMPARE(text(panel, "memory"), QStringLiteral("140 GB of 77.3 GB usable"));
    }

    void engineWarningsAreShown() {
        ResultsPanel panel;
        panel.show();
        io::ScenarioFile file;
        file.workload.weightPrecision = Precision::Fp4;
        file.workload.activationPrecision = Precision::Fp4;  // H100 has no fp4 roof
        const Analysis a = test::analysed(file);
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
        // 5.15 ms at B = 8 (showsTheEnginesNumbersFormattedOnce); B = 12 moves
        // 15,009,857,536 + 11·8192 + 12·278,825,472 bytes: 18,355,853,312 / 3.35e12 = 5.48 ms.
        QCOMPARE(text(panel, "tpot"), QStringLiteral("5.48 ms"));
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
            QCOMPARE(bars[i].segments[0].bytes, pass.traffic[ByteCategory::Weights]);
            QCOMPARE(bars[i].segments[1].bytes, pass.traffic[ByteCategory::KvCache]);
            QCOMPARE(bars[i].segments[2].bytes, pass.traffic[ByteCategory::Activations]);
            QCOMPARE(bars[i].segments[3].bytes, pass.linkBytes);
        }
        // B = 8, P = C = 2048. Prefill: weights 15,009,857,536 with 16,384 embedding rows
        // gathered instead of one, 15,144,067,072 -> "15.1 GB"; KV written 16,384 · 131,072
        // = 2,147,483,648 and read once by the fused attention, 4,294,967,296 -> "4.29 GB".
        // Decode: weights 15,009,857,536 + 7 · 8,192 = 15,009,914,880 -> "15.0 GB"; KV
        // 8 · (2049 · 131,072 read + 131,072 written) = 2,149,580,800 -> "2.15 GB".
        QVERIFY2(bars[0].toolTip.contains(QStringLiteral("weights 15.1 GB")),
                 qPrintable(bars[0].toolTip));
        QVERIFY2(bars[0].toolTip.contains(QStringLiteral("KV cache 4.29 GB")),
                 qPrintable(bars[0].toolTip));
        QVERIFY2(bars[1].toolTip.contains(QStringLiteral("weights 15.0 GB")),
                 qPrintable(bars[1].toolTip));
        QVERIFY2(bars[1].toolTip.contains(QStringLiteral("KV cache 2.15 GB")),
                 qPrintable(bars[1].toolTip));
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
        const Analysis spec = test::analysed(file);
        const PassCost* verify = spec.pass(PassKind::Verify);
        QVERIFY(verify != nullptr);
        panel.setAnalysis(spec);
        QCOMPARE(panel.byteSplit()->bars().size(), std::size_t{3});
        QVERIFY(panel.byteSplit()->bars()[2].kind == PassKind::Verify);
        QCOMPARE(panel.byteSplit()->bars()[2].segments[1].bytes,
                 verify->traffic[ByteCategory::KvCache]);
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
