// SPDX-License-Identifier: GPL-3.0-or-later
// The document model (scenario_document.h): every change of what is on screen comes back as
// one changed() whose flags say what changed, and only that.

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include "model/scenario_controller.h"
#include "model/scenario_document.h"
#include "roofline/levers.h"

using namespace roofline;
using namespace roofline::ui;

Q_DECLARE_METATYPE(roofline::ui::DocumentChanges)

namespace {

/// The flags of each changed() the spy saw, in order.
std::vector<DocumentChanges> flagsOf(const QSignalSpy& spy) {
    std::vector<DocumentChanges> flags;
    for (const QList<QVariant>& call : spy) {
        flags.push_back(call.at(0).value<DocumentChanges>());
    }
    return flags;
}

}  // namespace

class TestScenarioDocument : public QObject {
    Q_OBJECT
private slots:
    void aKnobIsInputsOnly() {
        ScenarioDocument document;
        QSignalSpy spy(&document, &ScenarioDocument::changed);
        document.current().setBatch(8);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(flagsOf(spy).front(), DocumentChanges(DocumentChange::Inputs));
        // The same value again changes nothing, and says nothing.
        document.current().setBatch(8);
        QCOMPARE(spy.count(), 1);
        // A refused value changes nothing either.
        document.current().setMemoryUtilization(1.5);
        QCOMPARE(spy.count(), 1);
    }

    // Issue 19: the estimate's serving engine is a knob like another: Inputs, once, and
    // nothing when it is the same; the pinned baseline keeps the engine it was pinned with,
    // and File > Save writes both.
    void theEngineIsAnInputAndTheBaselineKeepsItsOwn() {
        ScenarioDocument document;
        ScenarioController& c = document.current();
        c.setCeilings(Ceilings::Estimate);
        c.setEngine("sglang");
        document.pinBaseline();
        QSignalSpy spy(&document, &ScenarioDocument::changed);
        c.setEngine("tensorrt-llm");
        QCOMPARE(flagsOf(spy), std::vector<DocumentChanges>{DocumentChange::Inputs});
        c.setEngine("tensorrt-llm");
        QCOMPARE(spy.count(), 1);
        QVERIFY(document.baseline().has_value());
        QCOMPARE(document.baseline()->file.engine, std::string("sglang"));
        QVERIFY(document.baseline()->analysis.estimate.has_value());
        const io::ScenarioFile saved = document.scenarioToSave();
        QCOMPARE(saved.engine, std::string("tensorrt-llm"));
        QCOMPARE(saved.baseline->engine, std::string("sglang"));
        // Read back, both analyse with their estimate (the shipped generic profile for now).
        const io::Loaded<io::ScenarioFile> reread =
            io::parseScenarioFile(io::toJson(saved), "saved.json");
        QVERIFY(reread.value.has_value());
        QCOMPARE(*reread.value, saved);
    }

    void anotherChipOrModelSaysSo() {
        ScenarioDocument document;
        QSignalSpy spy(&document, &ScenarioDocument::changed);
        QVERIFY(document.current().setHardware("h200").empty());
        QCOMPARE(flagsOf(spy).back(), DocumentChange::Inputs | DocumentChange::Hardware);
        QVERIFY(document.current().setModel("qwen2.5-7b").empty());
        QCOMPARE(flagsOf(spy).back(), DocumentChange::Inputs | DocumentChange::Model);
        QCOMPARE(spy.count(), 2);
    }

    void theBaselineIsItsOwnChange() {
        ScenarioDocument document;
        QSignalSpy spy(&document, &ScenarioDocument::changed);
        document.pinBaseline();
        QCOMPARE(flagsOf(spy), std::vector<DocumentChanges>{DocumentChange::Baseline});
        QVERIFY(document.baseline().has_value());
        QCOMPARE(document.baseline()->file.hardware, std::string("h100-sxm"));
        // Pinned from a file: resolved and analysed by the controller's engine calls.
        io::ScenarioFile other;
        other.hardware = "a100-80gb-sxm";
        other.workload.batch = 16;
        QVERIFY(!hasErrors(document.setBaselineScenario(other)));
        QCOMPARE(spy.count(), 2);
        QCOMPARE(document.baseline()->scenario.workload.batch, std::int64_t{16});
        QCOMPARE(document.baseline()->analysis.tpotSeconds,
                 ScenarioController::analyse(other).analysis.tpotSeconds);
        QVERIFY(!document.baseline()->trail.empty());
        // One that does not resolve changes nothing and says nothing.
        io::ScenarioFile broken;
        broken.hardware = "no-such-chip";
        QVERIFY(hasErrors(document.setBaselineScenario(broken)));
        QCOMPARE(spy.count(), 2);
        QCOMPARE(document.baseline()->file.hardware, std::string("a100-80gb-sxm"));
        // The file Save writes carries it.
        QCOMPARE(document.scenarioToSave().baseline->hardware, std::string("a100-80gb-sxm"));
        document.clearBaseline();
        document.clearBaseline();  // already clear: nothing more
        QCOMPARE(flagsOf(spy).back(), DocumentChanges(DocumentChange::Baseline));
        QCOMPARE(spy.count(), 3);
        QVERIFY(!document.scenarioToSave().baseline.has_value());
    }

    void aLeverIsTheScenarioThenItsBaseline() {
        ScenarioDocument document;
        const io::ScenarioFile before = document.current().scenarioFile();
        QSignalSpy spy(&document, &ScenarioDocument::changed);
        const ScenarioDocument::LeverResult result = document.applyLever(LeverId::KvFp8);
        QVERIFY2(result.applied, qPrintable(result.reason));
        QVERIFY(!result.explanation.isEmpty());
        QCOMPARE(flagsOf(spy),
                 (std::vector<DocumentChanges>{DocumentChange::Inputs,
                                               DocumentChange::Baseline | DocumentChange::Levers}));
        QCOMPARE(document.baseline()->file, before);
        QVERIFY(document.current().scenarioFile().workload.kvPrecision == Precision::Fp8);
        // One that does not apply (FlashAttention is on already) changes nothing.
        const ScenarioDocument::LeverResult refused = document.applyLever(LeverId::FlashAttention);
        QVERIFY(!refused.applied);
        QVERIFY(!refused.reason.isEmpty());
        QCOMPARE(spy.count(), 2);
        // The lever and its sentence stay with the document until the scenario changes again;
        // a refusal (the lever that did not apply) leaves them.
        QVERIFY(document.lastLever() == LeverId::KvFp8);
        QCOMPARE(document.leverExplanation(), result.explanation);
        document.current().setBatch(8);
        QVERIFY(!document.lastLever().has_value());
        QVERIFY(document.leverExplanation().isEmpty());
        QVERIFY(document.leverSteps().empty());
    }

    // Issue 21: levers stack. The second keeps the first one's change and the baseline the
    // first pinned; each step keeps the engine's sentence from the scenario just before it.
    void leversStackOnTheFirstOnesBaseline() {
        ScenarioDocument document;
        const io::ScenarioFile original = document.current().scenarioFile();
        QVERIFY(document.applyLever(LeverId::W4a16).applied);
        const AnalysedScenario afterFirst = document.current().current();
        QSignalSpy spy(&document, &ScenarioDocument::changed);
        const ScenarioDocument::LeverResult second = document.applyLever(LeverId::KvFp8);
        QVERIFY2(second.applied, qPrintable(second.reason));
        // The baseline did not change: Inputs, then the stack alone.
        QCOMPARE(flagsOf(spy),
                 (std::vector<DocumentChanges>{DocumentChange::Inputs, DocumentChange::Levers}));
        QCOMPARE(document.baseline()->file, original);
        // Both changes are in the combined scenario: int4 weights (the first) and fp8 KV.
        const Workload& w = document.current().scenarioFile().workload;
        QVERIFY(w.weightPrecision == Precision::Int4);
        QVERIFY(w.kvPrecision == Precision::Fp8);
        QCOMPARE(document.leverSteps().size(), std::size_t{2});
        QVERIFY(document.leverSteps()[0].id == LeverId::W4a16);
        QVERIFY(document.leverSteps()[1].id == LeverId::KvFp8);
        // The second step's sentence is from the first lever's result, not the baseline.
        const QString expected = QString::fromStdString(
            explainLever(LeverId::KvFp8, afterFirst.scenario, afterFirst.analysis,
                         document.current().scenario(), document.current().analysis()));
        QCOMPARE(document.leverSteps()[1].explanation, expected);
        QCOMPARE(second.explanation, expected);
        QCOMPARE(document.leverExplanation(), expected);

        // Undo takes the last lever off, and its step off the stack; redo puts both back.
        document.history()->undo();
        QCOMPARE(document.leverSteps().size(), std::size_t{1});
        QVERIFY(document.lastLever() == LeverId::W4a16);
        QVERIFY(document.current().scenarioFile().workload.kvPrecision == Precision::Bf16);
        QCOMPARE(document.baseline()->file, original);
        document.history()->redo();
        QCOMPARE(document.leverSteps().size(), std::size_t{2});
        QVERIFY(document.current().scenarioFile().workload.kvPrecision == Precision::Fp8);

        // Pin baseline ends the stack: the next lever starts a new one against the new pin.
        document.pinBaseline();
        QVERIFY(document.leverSteps().empty());
        const io::ScenarioFile pinned = document.current().scenarioFile();
        QVERIFY(document.applyLever(LeverId::BatchX8).applied);
        QCOMPARE(document.baseline()->file, pinned);
        QCOMPARE(document.leverSteps().size(), std::size_t{1});
        // Undoing the pin brings the stack it ended back.
        document.history()->undo();
        document.history()->undo();
        QCOMPARE(document.leverSteps().size(), std::size_t{2});
        QCOMPARE(document.baseline()->file, original);
    }

    void revertAndOtherChangesEndTheStack() {
        ScenarioDocument document;
        const io::ScenarioFile original = document.current().scenarioFile();
        QVERIFY(document.applyLever(LeverId::W4a16).applied);
        QVERIFY(document.applyLever(LeverId::KvFp8).applied);
        QSignalSpy spy(&document, &ScenarioDocument::changed);
        QVERIFY(document.revertToBaseline());
        QCOMPARE(document.current().scenarioFile(), original);
        QVERIFY(document.leverSteps().empty());
        QVERIFY(flagsOf(spy).back().testFlag(DocumentChange::Levers));
        // A lever now starts a stack of its own, pinning the reverted scenario.
        QVERIFY(document.applyLever(LeverId::KvFp8).applied);
        QCOMPARE(document.leverSteps().size(), std::size_t{1});
        // A control's change ends it too, and says so in the same changed().
        spy.clear();
        document.current().setBatch(4);
        QCOMPARE(flagsOf(spy),
                 (std::vector<DocumentChanges>{DocumentChange::Inputs | DocumentChange::Levers}));
        QVERIFY(document.leverSteps().empty());
    }

    void aRefusedChangeIsAnnouncedAndChangesNothing() {
        ScenarioDocument document;
        QSignalSpy changed(&document, &ScenarioDocument::changed);
        QSignalSpy refused(&document, &ScenarioDocument::changeRefused);
        document.current().setBatch(0);
        QCOMPARE(refused.count(), 1);
        QCOMPARE(changed.count(), 0);
        QCOMPARE(document.current().scenarioFile(), io::ScenarioFile{});
    }

    void overlaysLessonAndPresentation() {
        ScenarioDocument document;
        QSignalSpy spy(&document, &ScenarioDocument::changed);
        document.setCompare({CompareScenario{}});
        QCOMPARE(flagsOf(spy).back(), DocumentChanges(DocumentChange::Compare));
        QCOMPARE(document.compare().size(), std::size_t{1});
        io::MeasuredFile measured;
        measured.rows.emplace_back();
        document.setMeasured(measured);
        QCOMPARE(flagsOf(spy).back(), DocumentChanges(DocumentChange::Measured));
        document.clearMeasured();
        document.clearMeasured();  // empty already: nothing more
        QCOMPARE(spy.count(), 3);
        document.setLesson(QStringLiteral("roofline-basics.json"));
        document.setLesson(QStringLiteral("roofline-basics.json"));
        QCOMPARE(flagsOf(spy).back(), DocumentChanges(DocumentChange::Lesson));
        document.setPresentation(true);
        document.setPresentation(true);
        QCOMPARE(flagsOf(spy).back(), DocumentChanges(DocumentChange::Presentation));
        QCOMPARE(spy.count(), 5);
        // None of them is a change of the current scenario.
        for (const DocumentChanges what : flagsOf(spy)) {
            QVERIFY(!(what & kScenarioChanges));
        }
    }
};

QTEST_MAIN(TestScenarioDocument)
#include "tst_scenario_document.moc"
