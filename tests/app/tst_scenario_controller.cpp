// SPDX-License-Identifier: GPL-3.0-or-later
#include <QSignalSpy>
#include <QTest>

#include "model/scenario_controller.h"
#include "roofline/io/scenario_file.h"
#include "test_support.h"

using namespace roofline;
using roofline::ui::Quantization;
using roofline::ui::ScenarioController;

Q_DECLARE_METATYPE(roofline::Precision)
Q_DECLARE_METATYPE(roofline::ui::Quantization)

namespace {

/// The controller's analysis is the engine's, number for number.
void compareWithEngine(const ScenarioController& c) {
    const Analysis expected = analyze(c.scenario());
    const Analysis& actual = c.analysis();
    QCOMPARE(actual.ttftSeconds, expected.ttftSeconds);
    QCOMPARE(actual.tpotSeconds, expected.tpotSeconds);
    QCOMPARE(actual.decode().intensity(), expected.decode().intensity());
    QCOMPARE(actual.prefill().intensity(), expected.prefill().intensity());
    QCOMPARE(actual.decode().attainableFlopsPerSecond, expected.decode().attainableFlopsPerSecond);
    QCOMPARE(precisionName(actual.computePrecision), precisionName(expected.computePrecision));
    QCOMPARE(actual.operators.size(), expected.operators.size());
}

}  // namespace

class TestScenarioController : public QObject {
    Q_OBJECT
private slots:
    void startsWithTheEmbeddedDefault() {
        ScenarioController c;
        QCOMPARE(c.scenarioFile(), io::ScenarioFile{});
        QCOMPARE(c.scenario().hardware.id, std::string("h100-sxm"));
        QCOMPARE(c.scenario().model.id, std::string("llama-3.1-8b"));
        QCOMPARE(c.scenarioFile().workload.batch, std::int64_t{1});
        QCOMPARE(c.scenarioFile().workload.promptTokens, std::int64_t{2048});
        QCOMPARE(precisionName(c.scenarioFile().workload.weightPrecision),
                 precisionName(Precision::Bf16));
        QVERIFY(c.scenario().hardware == test::resolvedScenario(io::ScenarioFile{}).hardware);
        compareWithEngine(c);
    }

    void unchangedValueEmitsNothing() {
        ScenarioController c;
        QSignalSpy analysis(&c, &ScenarioController::analysisChanged);
        QSignalSpy scenario(&c, &ScenarioController::scenarioChanged);
        c.setBatch(1);
        c.setSequenceLength(2048);
        c.setQuantization(Quantization::W16A16);
        c.setFlashAttention(true);
        c.setTensorParallel(1);
        c.setGqaRatio(4);  // Llama 3.1 8B's own: 32 / 8
        QCOMPARE(analysis.count(), 0);
        QCOMPARE(scenario.count(), 0);
    }

    void batchReanalysesSynchronously() {
        ScenarioController c;
        QSignalSpy spy(&c, &ScenarioController::analysisChanged);
        c.setBatch(64);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(c.scenario().workload.batch, std::int64_t{64});
        compareWithEngine(c);
        // The signal carries the same analysis the controller holds.
        const auto sent = spy.at(0).at(0).value<Analysis>();
        QCOMPARE(sent.tpotSeconds, c.analysis().tpotSeconds);
    }

    void decodeIntensityRisesWithBatch() {
        ScenarioController c;
        const double atOne = c.analysis().decode().intensity();
        c.setBatch(64);
        QVERIFY(c.analysis().decode().intensity() > 10.0 * atOne);
    }

    void sequenceSetsPromptAndContext() {
        ScenarioController c;
        c.setSequenceLength(8192);
        QCOMPARE(c.scenario().workload.promptTokens, std::int64_t{8192});
        QCOMPARE(c.scenario().workload.contextTokens, std::int64_t{8192});
        compareWithEngine(c);
    }

    void quantizationMapsToPrecisions_data() {
        QTest::addColumn<Quantization>("quantization");
        QTest::addColumn<Precision>("weights");
        QTest::addColumn<Precision>("activations");
        QTest::addColumn<Precision>("computeRoof");
        QTest::newRow("W16A16") << Quantization::W16A16 << Precision::Bf16 << Precision::Bf16
                                << Precision::Bf16;
        QTest::newRow("W8A16") << Quantization::W8A16 << Precision::Fp8 << Precision::Bf16
                               << Precision::Bf16;
        QTest::newRow("W8A8") << Quantization::W8A8 << Precision::Fp8 << Precision::Fp8
                              << Precision::Fp8;
        QTest::newRow("W4A16") << Quantization::W4A16 << Precision::Int4 << Precision::Bf16
                               << Precision::Bf16;
        QTest::newRow("W4A8") << Quantization::W4A8 << Precision::Int4 << Precision::Fp8
                              << Precision::Fp8;
        // H100 has no fp4 roof: the engine falls back to fp8 and says so.
        QTest::newRow("W4A4 on H100")
            << Quantization::W4A4 << Precision::Fp4 << Precision::Fp4 << Precision::Fp8;
    }
    void quantizationMapsToPrecisions() {
        QFETCH(Quantization, quantization);
        QFETCH(Precision, weights);
        QFETCH(Precision, activations);
        QFETCH(Precision, computeRoof);
        ScenarioController c;
        c.setQuantization(quantization);
        QCOMPARE(precisionName(c.scenario().workload.weightPrecision), precisionName(weights));
        QCOMPARE(precisionName(c.scenario().workload.activationPrecision),
                 precisionName(activations));
        QCOMPARE(precisionName(c.analysis().computePrecision), precisionName(computeRoof));
        QCOMPARE(ui::quantizationOf(c.scenario().workload), std::optional(quantization));
        compareWithEngine(c);
    }

    void w4MovesDecodeRight() {
        ScenarioController c;
        const double w16 = c.analysis().decode().intensity();
        c.setQuantization(Quantization::W4A16);
        QVERIFY(c.analysis().decode().intensity() > 2.0 * w16);
    }

    void gqaRatioSetsKvHeads() {
        ScenarioController c;
        QCOMPARE(c.gqaRatio(), std::int64_t{4});
        QCOMPARE(c.gqaRatios(), (std::vector<std::int64_t>{1, 2, 4, 8, 16, 32}));
        c.setGqaRatio(1);  // MHA
        QCOMPARE(c.scenario().workload.kvHeadsOverride, std::int64_t{32});
        QCOMPARE(c.gqaRatio(), std::int64_t{1});
        c.setGqaRatio(32);  // MQA
        QCOMPARE(c.scenario().workload.kvHeadsOverride, std::int64_t{1});
        c.setGqaRatio(4);  // back to the model's own: no override stored
        QCOMPARE(c.scenario().workload.kvHeadsOverride, std::int64_t{0});
        compareWithEngine(c);
    }

    void refusedValueKeepsTheScenario() {
        ScenarioController c;
        QSignalSpy refused(&c, &ScenarioController::changeRefused);
        QSignalSpy analysis(&c, &ScenarioController::analysisChanged);
        QSignalSpy scenario(&c, &ScenarioController::scenarioChanged);
        c.setGqaRatio(3);  // does not divide 32
        QCOMPARE(refused.count(), 1);
        QCOMPARE(analysis.count(), 0);
        QCOMPARE(scenario.count(), 1);  // widgets snap back
        QCOMPARE(c.scenarioFile(), io::ScenarioFile{});
        c.setBatch(0);
        QCOMPARE(refused.count(), 2);
        QCOMPARE(c.scenarioFile(), io::ScenarioFile{});
    }

    // The knobs' ranges are roofline/limits.h's, in its words, as the CLI and the scenario
    // files say them: memory utilisation above 0 and at most 1, speculative k 0 to 16, the
    // price 0 to 1e+06 US dollars (a typo past that would make the cost meaningless).
    void rangesAreRefusedInTheLimitsWords_data() {
        QTest::addColumn<int>("knob");
        QTest::addColumn<QString>("message");
        QTest::newRow("memory 0")
            << 0
            << QStringLiteral("Memory utilization must be a number above 0 and at most 1; got 0.");
        QTest::newRow("spec k 17") << 1
                                   << QStringLiteral(
                                          "Speculative k, the tokens drafted per step (0 = off), "
                                          "must be an integer from 0 "
                                          "to 16; got 17.");
        QTest::newRow("acceptance 1.5")
            << 2 << QStringLiteral("The acceptance rate must be a number from 0 to 1; got 1.5.");
        QTest::newRow("max batched 0")
            << 3
            << QStringLiteral("Max batched tokens must be an integer from 1 to 100000000; got 0.");
        QTest::newRow("price 2e6")
            << 4
            << QStringLiteral(
                   "The price per device-hour in US dollars must be a number from 0 to 1e+06 (or "
                   "empty for no price); got 2e+06.");
        QTest::newRow("price text")
            << 5
            << QStringLiteral(
                   "The price per device-hour in US dollars must be a number from 0 to 1e+06, such "
                   "as 2.50 (or empty for no price); got \"2,50\".");
    }
    void rangesAreRefusedInTheLimitsWords() {
        QFETCH(int, knob);
        QFETCH(QString, message);
        ScenarioController c;
        QSignalSpy refused(&c, &ScenarioController::changeRefused);
        switch (knob) {
            case 0:
                c.setMemoryUtilization(0.0);
                break;
            case 1:
                c.setSpeculation(17, 0.7, "ngram");
                break;
            case 2:
                c.setSpeculation(2, 1.5, "ngram");
                break;
            case 3:
                c.setMaxBatchedTokens(0);
                break;
            case 4:
                c.setPricePerDeviceHour(2e6);
                break;
            default:
                c.setPricePerDeviceHourText(QStringLiteral("2,50"));
                break;
        }
        QCOMPARE(refused.count(), 1);
        QCOMPARE(refused.front().front().toString(), message);
        QCOMPARE(c.scenarioFile(), io::ScenarioFile{});
    }

    void unknownHardwareChangesNothing() {
        ScenarioController c;
        QSignalSpy analysis(&c, &ScenarioController::analysisChanged);
        const std::vector<Issue> issues = c.setHardware("no-such-chip");
        QVERIFY(hasErrors(issues));
        QCOMPARE(analysis.count(), 0);
        QCOMPARE(c.scenarioFile(), io::ScenarioFile{});
    }

    void modelChangeDropsTheKvOverrideAndReanalyses() {
        ScenarioController c;
        c.setGqaRatio(1);
        QVERIFY(!hasErrors(c.setModel("llama-2-7b")));
        QCOMPARE(c.scenario().model.id, std::string("llama-2-7b"));
        QCOMPARE(c.scenario().workload.kvHeadsOverride, std::int64_t{0});
        QCOMPARE(c.maxSequenceLength(), std::int64_t{4096});
        compareWithEngine(c);
    }

    void mlaModelHasNoGqa() {
        ScenarioController c;
        QVERIFY(!hasErrors(c.setModel("deepseek-v3")));
        QVERIFY(!c.gqaApplicable());
        QCOMPARE(c.gqaRatio(), std::int64_t{0});
    }

    void tensorParallelAddsTheInterconnectRoof() {
        ScenarioController c;
        QCOMPARE(c.analysis().interconnectBandwidthBytesPerSecond, 0.0);
        c.setTensorParallel(8);
        QVERIFY(c.analysis().interconnectBandwidthBytesPerSecond > 0.0);
        compareWithEngine(c);
    }

    void trailReachesTheMemoryLimit() {
        ScenarioController c;
        const auto& trail = c.trail();
        QVERIFY(!trail.empty());
        QCOMPARE(trail.front().batch, std::int64_t{1});
        const std::int64_t limit =
            std::min<std::int64_t>(ui::kTrailBatchCap, c.analysis().memory.maxBatch);
        QCOMPARE(trail.back().batch, limit);
        for (std::size_t i = 1; i < trail.size(); ++i) {
            QVERIFY(trail[i].batch > trail[i - 1].batch);
        }
        const auto expected = decodeBatchTrail(c.scenario(), limit);
        QCOMPARE(trail.size(), expected.size());
        QCOMPARE(trail.back().intensityFlopsPerByte, expected.back().intensityFlopsPerByte);
    }

    void trailIncludesABatchBeyondMemory() {
        ScenarioController c;
        c.setBatch(4000);  // more than fits next to an 8B model at 2048 tokens
        QVERIFY(!c.analysis().memory.fits);
        QCOMPARE(c.trail().back().batch, std::int64_t{4000});
        QVERIFY(!c.trail().back().fits);
        // Past the slider's 4,096 too (issue 12): the trail ends at the batch analysed, so
        // its end label reads B=10,000, not B=4,096.
        c.setBatch(10000);
        QCOMPARE(c.trail().back().batch, std::int64_t{10000});
        QCOMPARE(c.trail().back().tpotSeconds, c.analysis().decode().timeSeconds);
    }

    void scenarioFileIsValidatedBeforeItApplies() {
        ScenarioController c;
        io::ScenarioFile bad;
        bad.model = "llama-2-7b";
        bad.workload.kvHeadsOverride = 5;  // does not divide 32
        QVERIFY(hasErrors(c.setScenarioFile(bad)));
        QCOMPARE(c.scenarioFile(), io::ScenarioFile{});

        io::ScenarioFile good;
        good.hardware = "a100-80gb-sxm";
        good.workload.batch = 16;
        QVERIFY(!hasErrors(c.setScenarioFile(good)));
        QCOMPARE(c.scenarioFile(), good);
        compareWithEngine(c);
    }

    void newSettersWithUnchangedValuesEmitNothing() {
        ScenarioController c;
        QSignalSpy analysis(&c, &ScenarioController::analysisChanged);
        QSignalSpy scenario(&c, &ScenarioController::scenarioChanged);
        c.setPromptTokens(2048);
        c.setContextTokens(2048);
        c.setSpeculation(0, 0.7, "ngram");
        c.setExpertParallel(false);
        c.setCeilings(Ceilings::Peak);
        c.setMaxBatchedTokens(8192);
        c.setMemoryUtilization(0.9);
        QCOMPARE(analysis.count(), 0);
        QCOMPARE(scenario.count(), 0);
    }

    void contextAloneMovesDecodeAndPromptAlonePrefill() {
        ScenarioController c;
        QSignalSpy spy(&c, &ScenarioController::analysisChanged);
        const double ttft = c.analysis().ttftSeconds;
        const double tpot = c.analysis().tpotSeconds;
        c.setContextTokens(32768);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(c.scenario().workload.promptTokens, std::int64_t{2048});
        QCOMPARE(c.scenario().workload.contextTokens, std::int64_t{32768});
        QVERIFY(c.analysis().tpotSeconds > tpot);
        QCOMPARE(c.analysis().ttftSeconds, ttft);
        compareWithEngine(c);
        const double tpotLong = c.analysis().tpotSeconds;
        c.setPromptTokens(512);
        QCOMPARE(spy.count(), 2);
        QVERIFY(c.analysis().ttftSeconds < ttft);
        QCOMPARE(c.analysis().tpotSeconds, tpotLong);
        compareWithEngine(c);
    }

    void lengthsThePositionsCannotHoldAreRefused() {
        ScenarioController c;
        QSignalSpy refused(&c, &ScenarioController::changeRefused);
        QSignalSpy analysis(&c, &ScenarioController::analysisChanged);
        QCOMPARE(c.maxPromptTokens(), std::int64_t{131072});
        QCOMPARE(c.maxContextTokens(), std::int64_t{131071});
        c.setContextTokens(131072);  // C + 1 would pass max_position_embeddings
        c.setPromptTokens(131073);
        c.setPromptTokens(0);
        c.setContextTokens(-1);
        QCOMPARE(refused.count(), 4);
        QCOMPARE(analysis.count(), 0);
        QCOMPARE(c.scenarioFile(), io::ScenarioFile{});
        const QString context = refused.at(0).at(0).toString();
        QVERIFY2(context.startsWith(QStringLiteral("The context must be 0 to 131,071 tokens")),
                 qPrintable(context));
        QVERIFY2(context.endsWith(QStringLiteral("got 131,072.")), qPrintable(context));
        c.setContextTokens(131071);  // the longest that fits
        c.setPromptTokens(131072);
        QCOMPARE(analysis.count(), 2);
        for (const Warning& warning : c.analysis().warnings) {
            QVERIFY2(warning.text().find("exceeds the model's maximum") == std::string_view::npos,
                     warning.str().c_str());
        }
    }

    void speculationAddsAVerifyPassAndLowersTpot() {
        ScenarioController c;
        const double tpot = c.analysis().tpotSeconds;
        QSignalSpy spy(&c, &ScenarioController::analysisChanged);
        c.setSpeculation(4, 0.7, "ngram");
        QCOMPARE(spy.count(), 1);
        QCOMPARE(c.scenario().workload.speculativeTokens, std::int64_t{4});
        const PassCost* verify = c.analysis().pass(PassKind::Verify);
        QVERIFY(verify != nullptr);
        QCOMPARE(verify->newTokens, 5.0);
        QVERIFY(c.analysis().pass(PassKind::Draft) == nullptr);
        QVERIFY(c.analysis().tpotSeconds < tpot);
        compareWithEngine(c);

        c.setSpeculation(4, 0.7, "llama-3.2-1b");
        QCOMPARE(c.scenarioFile().draftModel, std::string("llama-3.2-1b"));
        QVERIFY(c.scenario().workload.draftKind == DraftKind::Model);
        QVERIFY(c.scenario().draft.has_value());
        QVERIFY(c.analysis().pass(PassKind::Draft) != nullptr);
        compareWithEngine(c);

        c.setSpeculation(0, 0.7, "ngram");
        QVERIFY(!c.analysis().speculative.has_value());
        QCOMPARE(c.analysis().tpotSeconds, tpot);
        QCOMPARE(c.scenarioFile(), io::ScenarioFile{});
    }

    void refusedDraftKeepsTheScenario() {
        ScenarioController c;
        c.setSpeculation(4, 0.7, "llama-3.2-1b");
        const io::ScenarioFile before = c.scenarioFile();
        QSignalSpy refused(&c, &ScenarioController::changeRefused);
        QSignalSpy analysis(&c, &ScenarioController::analysisChanged);
        QSignalSpy scenario(&c, &ScenarioController::scenarioChanged);
        c.setSpeculation(4, 0.7, "llama-2-7b");  // 32,000 tokens against 128,256
        QCOMPARE(refused.count(), 1);
        QCOMPARE(analysis.count(), 0);
        QCOMPARE(scenario.count(), 1);  // widgets snap back
        const QString message = refused.at(0).at(0).toString();
        QVERIFY2(message.contains(QStringLiteral("vocabulary")) &&
                     message.contains(QStringLiteral("32000")),
                 qPrintable(message));
        QCOMPARE(c.scenarioFile(), before);
        QCOMPARE(c.scenario().draft->id, std::string("llama-3.2-1b"));
        c.setSpeculation(4, 0.7, "no-such-draft");
        c.setSpeculation(17, 0.7, "ngram");
        c.setSpeculation(4, 1.5, "ngram");
        c.setSpeculation(0, 0.7, "llama-2-7b");  // refused even while off
        QCOMPARE(refused.count(), 5);
        QCOMPARE(analysis.count(), 0);
        QCOMPARE(c.scenarioFile(), before);
    }

    void expertParallelNeedsMoeAndDevices() {
        ScenarioController c;
        QSignalSpy refused(&c, &ScenarioController::changeRefused);
        QVERIFY(!c.isMixtureOfExperts());
        c.setExpertParallel(true);
        QCOMPARE(refused.count(), 1);
        QVERIFY2(refused.at(0).at(0).toString().contains(QStringLiteral("dense")),
                 qPrintable(refused.at(0).at(0).toString()));
        QVERIFY(!hasErrors(c.setModel("mixtral-8x7b")));
        QVERIFY(c.isMixtureOfExperts());
        QVERIFY(!c.expertParallelApplicable());
        c.setExpertParallel(true);  // one device: nothing to spread over
        QCOMPARE(refused.count(), 2);
        c.setTensorParallel(2);
        QVERIFY(c.expertParallelApplicable());
        const Analysis tensorParallel = c.analysis();
        c.setExpertParallel(true);
        QCOMPARE(refused.count(), 2);
        QVERIFY(c.scenario().workload.expertParallel);
        QVERIFY(c.analysis().decode().linkBytes != tensorParallel.decode().linkBytes);
        compareWithEngine(c);
        // A dense model drops the flag with the old model.
        QVERIFY(!hasErrors(c.setModel("llama-3.1-8b")));
        QVERIFY(!c.scenario().workload.expertParallel);
    }

    void achievableCeilingsUseTheMeasuredPeak() {
        ScenarioController c;
        QCOMPARE(c.analysis().peakFlopsPerSecond, 989.4e12);
        c.setCeilings(Ceilings::Achievable);
        QVERIFY(c.analysis().ceilings == Ceilings::Achievable);
        QCOMPARE(c.analysis().peakFlopsPerSecond, 794.5e12);
        QVERIFY(c.analysis().memoryBandwidthBytesPerSecond <
                c.scenario().hardware.memoryBandwidthBytesPerSecond);
        compareWithEngine(c);
    }

    void memoryKnobsAreValidated() {
        ScenarioController c;
        QSignalSpy refused(&c, &ScenarioController::changeRefused);
        const std::int64_t maxBatch = c.analysis().memory.maxBatch;
        c.setMemoryUtilization(0.5);
        QVERIFY(c.analysis().memory.maxBatch < maxBatch);
        c.setMaxBatchedTokens(65536);
        QCOMPARE(c.scenario().workload.maxBatchedTokens, std::int64_t{65536});
        compareWithEngine(c);
        c.setMemoryUtilization(0.0);
        c.setMemoryUtilization(1.01);
        c.setMaxBatchedTokens(0);
        c.setMaxBatchedTokens(kMaxBatchedTokensLimit + 1);
        QCOMPARE(refused.count(), 4);
        QVERIFY2(refused.at(2).at(0).toString() ==
                     QStringLiteral("Max batched tokens must be an integer from 1 to 100000000; "
                                    "got 0."),
                 qPrintable(refused.at(2).at(0).toString()));
        QCOMPARE(c.scenario().workload.memoryUtilization, 0.5);
        QCOMPARE(c.scenario().workload.maxBatchedTokens, std::int64_t{65536});
    }

    void gqaRatioFromTheCommandLineResolves() {
        ScenarioController c;
        QVERIFY(!hasErrors(c.setScenarioFile(io::ScenarioFile{}, 8)));
        QCOMPARE(c.gqaRatio(), std::int64_t{8});
        QCOMPARE(c.scenarioFile().workload.kvHeadsOverride, std::int64_t{4});
    }
};

QTEST_GUILESS_MAIN(TestScenarioController)
#include "tst_scenario_controller.moc"
