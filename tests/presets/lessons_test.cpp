// SPDX-License-Identifier: GPL-3.0-or-later
// Lessons: every shipped lesson's expectations hold against the live engine; together the
// lessons answer the question bank (../shared/QUESTIONS.md); the lesson format's parser
// names each bad key exactly; the expectation checker on hand-made analysis JSON.

#include "roofline/io/lessons.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "roofline/validate.h"

namespace {

using roofline::Issue;
using roofline::Severity;
using roofline::io::checkLesson;
using roofline::io::Expectation;
using roofline::io::ExpectationOp;
using roofline::io::Lesson;
using roofline::io::LessonCheck;
using roofline::io::Loaded;
using roofline::io::parseScenarioFile;
using roofline::io::ScenarioFile;

const std::string kFile = "lesson.json";

std::vector<std::string> errorMessages(const std::vector<Issue>& issues) {
    std::vector<std::string> out;
    for (const Issue& i : issues) {
        if (i.severity == Severity::Error) {
            out.push_back(i.message());
        }
    }
    return out;
}

// ---------------------------------------------------------------------------------------
// The shipped lessons.

TEST(ShippedLessons, EveryExpectationHoldsAgainstTheEngine) {
    const std::vector<std::string> ids = roofline::io::scenarioIds();
    ASSERT_GE(ids.size(), 12u);
    for (const std::string& id : ids) {
        SCOPED_TRACE(id);
        const Loaded<ScenarioFile> file = roofline::io::builtinScenario(id);
        ASSERT_TRUE(file.ok()) << roofline::describe(file.issues);
        EXPECT_TRUE(file.issues.empty()) << roofline::describe(file.issues);
        ASSERT_TRUE(file.value->lesson.has_value()) << "presets/scenarios holds lessons";
        const Lesson& lesson = *file.value->lesson;
        EXPECT_EQ(lesson.id, id) << "a lesson's id is its file's stem";
        const roofline::io::LessonRun run =
            roofline::io::runLesson(*file.value, roofline::io::scenarioFileName(id));
        ASSERT_TRUE(run.scenarios.ok()) << roofline::describe(run.scenarios.issues);
        EXPECT_TRUE(run.check.issues.empty()) << roofline::describe(run.check.issues);
        ASSERT_EQ(run.check.results.size(), lesson.expectations.size());
        for (std::size_t i = 0; i < lesson.expectations.size(); ++i) {
            const Expectation& e = lesson.expectations[i];
            const roofline::io::ExpectationResult& r = run.check.results[i];
            EXPECT_TRUE(r.evaluated && r.holds)
                << "lesson " << id << ", expectation " << i << " (" << e.claim
                << "): " << roofline::io::describe(e) << " does not hold; actual " << r.actual
                << (e.over.empty() ? "" : " = " + r.numerator + " / " + r.denominator);
        }
        // A claim that holds at every value teaches nothing: each one names a value or a
        // range, and a lesson with a baseline compares against it at least once.
        const bool hasBaseline = file.value->baseline.has_value() || file.value->lever;
        const bool readsBaseline = std::any_of(
            lesson.expectations.begin(), lesson.expectations.end(), [](const Expectation& e) {
                return e.path.starts_with("baseline:") || e.over.starts_with("baseline:");
            });
        EXPECT_EQ(hasBaseline, readsBaseline) << "a baseline is there to be compared with";
    }
}

TEST(ShippedLessons, EveryQuestionHasALesson) {
    std::set<int> answered;
    for (const std::string& id : roofline::io::scenarioIds()) {
        const Loaded<ScenarioFile> file = roofline::io::builtinScenario(id);
        if (file.ok() && file.value->lesson) {
            answered.insert(file.value->lesson->questions.begin(),
                            file.value->lesson->questions.end());
        }
    }
    for (int q = 1; q <= roofline::io::kQuestionCount; ++q) {
        EXPECT_TRUE(answered.contains(q)) << "no lesson answers question " << q;
    }
}

// The look-at text says what to look at in two to four sentences and states no number: a
// number a lesson needs is on screen, computed live. A word made only of digits and
// punctuation ("295", "3.35") is a stated number; "H100" or "Llama-3.1-8B" are names.
TEST(ShippedLessons, LookAtTextsStateNoNumbers) {
    for (const std::string& id : roofline::io::scenarioIds()) {
        SCOPED_TRACE(id);
        const Loaded<ScenarioFile> file = roofline::io::builtinScenario(id);
        ASSERT_TRUE(file.ok() && file.value->lesson);
        const Lesson& lesson = *file.value->lesson;
        std::size_t sentences = 0;
        std::string word;
        const std::string text = lesson.lookAt + " ";
        for (std::size_t i = 0; i < text.size(); ++i) {
            const char c = text[i];
            if ((c == '.' || c == '!' || c == '?') && i + 1 < text.size() && text[i + 1] == ' ') {
                ++sentences;
            }
            if (c == ' ') {
                const bool hasDigit = std::any_of(word.begin(), word.end(), [](char ch) {
                    return std::isdigit(static_cast<unsigned char>(ch)) != 0;
                });
                const bool hasLetter = std::any_of(word.begin(), word.end(), [](char ch) {
                    return std::isalpha(static_cast<unsigned char>(ch)) != 0;
                });
                EXPECT_FALSE(hasDigit && !hasLetter) << "a number in the text: " << word;
                word.clear();
            } else {
                word += c;
            }
        }
        EXPECT_GE(sentences, 2u) << lesson.lookAt;
        EXPECT_LE(sentences, 4u) << lesson.lookAt;
        for (const Expectation& e : lesson.expectations) {
            EXPECT_FALSE(e.claim.empty()) << roofline::io::describe(e) << " says no claim";
        }
    }
}

// DOMAIN.md §12: text that says a point moves names a point that moves. A lesson's
// baseline is pinned: its points are ghosts that stay put; the controls move the current
// scenario's passes. So a look-at sentence that says something moves may not name the
// ghost, nor a pass's point only the baseline has.
TEST(ShippedLessons, LookAtTextMovesOnlyPointsThatMove) {
    for (const std::string& id : roofline::io::scenarioIds()) {
        SCOPED_TRACE(id);
        const Loaded<ScenarioFile> file = roofline::io::builtinScenario(id);
        ASSERT_TRUE(file.ok() && file.value->lesson);
        const roofline::io::LessonRun run =
            roofline::io::runLesson(*file.value, roofline::io::scenarioFileName(id));
        ASSERT_TRUE(run.scenarios.ok());
        const std::vector<std::string> pinned =
            roofline::io::sentencesMovingPinnedPoints(file.value->lesson->lookAt, run.current);
        EXPECT_TRUE(pinned.empty()) << "moves a pinned point: " << pinned.front();
    }
}

TEST(LessonMotion, TheOldVisionTextMovedThePinnedDecodeGhost) {
    // vision-encoder-vs-decode: the current scenario is CLIP (one encode pass), the pinned
    // baseline Llama-3.1-8B (prefill, decode). Its old last sentence sent the student to
    // drag the batch and watch the decode point, which is the baseline's ghost.
    const Loaded<ScenarioFile> file = roofline::io::builtinScenario("vision-encoder-vs-decode");
    ASSERT_TRUE(file.ok());
    const roofline::io::LessonRun run =
        roofline::io::runLesson(*file.value, roofline::io::scenarioFileName("x"));
    ASSERT_TRUE(run.scenarios.ok());
    ASSERT_EQ(run.current.pass(roofline::PassKind::Decode), nullptr);
    ASSERT_NE(run.current.pass(roofline::PassKind::Encode), nullptr);
    const std::string old =
        "The encode point is the vision tower. Raising the batch moves the decode point right "
        "along the slope, while the encode point is already against the ceiling.";
    const std::vector<std::string> found =
        roofline::io::sentencesMovingPinnedPoints(old, run.current);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0],
              "Raising the batch moves the decode point right along the slope, while the "
              "encode point is already against the ceiling.");
    // Moving the encode point (the current one) is fine; naming the ghost in a sentence
    // that moves nothing is fine; moving "the ghost" is not.
    EXPECT_TRUE(
        roofline::io::sentencesMovingPinnedPoints(
            "Raising the batch moves the encode point. The decode ghost sits left.", run.current)
            .empty());
    EXPECT_EQ(
        roofline::io::sentencesMovingPinnedPoints("Drag the batch: the ghost climbs.", run.current)
            .size(),
        1u);
    // The lesson check reports it as an error at /lesson/look_at.
    ScenarioFile edited = *file.value;
    edited.lesson->lookAt = old;
    const roofline::io::LessonRun bad = roofline::io::runLesson(edited, "vision.json");
    ASSERT_EQ(bad.check.issues.size(), 1u);
    EXPECT_EQ(bad.check.issues[0].pointer, "/lesson/look_at");
    EXPECT_EQ(bad.check.issues[0].file, "vision.json");
}

TEST(ShippedLessons, RoundTripThroughToJson) {
    for (const std::string& id : roofline::io::scenarioIds()) {
        SCOPED_TRACE(id);
        const Loaded<ScenarioFile> file = roofline::io::builtinScenario(id);
        ASSERT_TRUE(file.ok());
        const Loaded<ScenarioFile> again =
            parseScenarioFile(roofline::io::toJson(*file.value), "again.json");
        ASSERT_TRUE(again.ok()) << roofline::describe(again.issues);
        EXPECT_EQ(*again.value, *file.value);
    }
}

TEST(ShippedLessons, UnknownIdListsTheShippedOnes) {
    const Loaded<ScenarioFile> none = roofline::io::resolveScenarioFile("no-such-lesson");
    ASSERT_FALSE(none.ok());
    ASSERT_EQ(none.issues.size(), 1u);
    EXPECT_EQ(none.issues[0].found, "no such id, and no such file");
    EXPECT_NE(none.issues[0].expected.find("ridge-point-h100"), std::string::npos);
}

// ---------------------------------------------------------------------------------------
// The parser: each malformed lesson is an error naming the file, the key, what was expected
// and what was found.

std::string lessonFile(const std::string& top, const std::string& lessonKeys,
                       const std::string& expectation) {
    return R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-3.1-8b")" + top +
           R"(, "lesson": {"id": "t", "title": "T", "questions": [1], "look_at": "Look.",
           "group": "batching")" +
           lessonKeys + R"(, "expectations": [)" + expectation + "]}}";
}

std::vector<std::string> errorsOf(const std::string& text) {
    const Loaded<ScenarioFile> file = parseScenarioFile(text, kFile);
    EXPECT_FALSE(file.ok());
    return errorMessages(file.issues);
}

TEST(LessonParser, AGoodLessonParses) {
    const Loaded<ScenarioFile> file = parseScenarioFile(
        lessonFile(R"(, "lever": "batch-x8")", R"(, "view": "sweep")",
                   R"({"path": "decode.bound", "op": "==", "value": "memory", "claim": "c"},
                      {"path": "critical_batch", "op": "between", "value": [250, 400]},
                      {"path": "decode_tokens_per_s", "over": "baseline", "op": ">", "value": 5},
                      {"path": "decode.memory_time_s", "over": "decode.compute_time_s",
                       "op": ">=", "value": 10},
                      {"path": "critical_batch", "op": "==", "value": null})"),
        kFile);
    ASSERT_TRUE(file.ok()) << roofline::describe(file.issues);
    EXPECT_TRUE(file.issues.empty()) << roofline::describe(file.issues);
    ASSERT_TRUE(file.value->lever.has_value());
    EXPECT_EQ(*file.value->lever, roofline::LeverId::BatchX8);
    const Lesson& l = *file.value->lesson;
    EXPECT_EQ(l.view, "sweep");
    EXPECT_EQ(l.group, roofline::io::LessonGroup::Batching);
    ASSERT_EQ(l.expectations.size(), 5u);
    EXPECT_EQ(l.expectations[0].claim, "c");
    EXPECT_EQ(l.expectations[1].op, ExpectationOp::Between);
    EXPECT_EQ(l.expectations[1].low, 250.0);
    EXPECT_EQ(l.expectations[1].high, 400.0);
    // "over": "baseline" is the same field of the baseline's analysis.
    EXPECT_EQ(l.expectations[2].over, "baseline:decode_tokens_per_s");
    EXPECT_EQ(roofline::io::describe(l.expectations[2]),
              "decode_tokens_per_s / baseline:decode_tokens_per_s > 5");
    EXPECT_EQ(l.expectations[4].value.kind, roofline::io::ExpectedValue::Kind::Null);
}

TEST(LessonParser, BadPathSyntax) {
    EXPECT_EQ(errorsOf(lessonFile("", "", R"({"path": "decode..bound", "op": "==", "value": 1})")),
              std::vector<std::string>{
                  "lesson.json: /lesson/expectations/0/path must be a path such as decode.bound "
                  "or passes[kind=decode].flops (a key at '.bound'), got \"decode..bound\""});
    EXPECT_EQ(
        errorsOf(lessonFile("", "", R"({"path": "passes[kind=decode", "op": "==", "value": 1})")),
        std::vector<std::string>{
            "lesson.json: /lesson/expectations/0/path must be a path such as decode.bound or "
            "passes[kind=decode].flops (a ']' closing the selector), got \"passes[kind=decode\""});
}

TEST(LessonParser, BadOperator) {
    EXPECT_EQ(errorsOf(lessonFile("", "", R"({"path": "decode.bound", "op": "=~", "value": 1})")),
              std::vector<std::string>{
                  "lesson.json: /lesson/expectations/0/op must be one of ==, !=, <, <=, >, >=, "
                  "between, got \"=~\""});
}

TEST(LessonParser, OrderingNeedsANumberAndBetweenAPair) {
    EXPECT_EQ(
        errorsOf(lessonFile("", "", R"({"path": "decode.bound", "op": "<", "value": "memory"})")),
        std::vector<std::string>{
            "lesson.json: /lesson/expectations/0/value must be a number for <, got \"memory\""});
    EXPECT_EQ(
        errorsOf(
            lessonFile("", "", R"({"path": "critical_batch", "op": "between", "value": [4, 2]})")),
        std::vector<std::string>{"lesson.json: /lesson/expectations/0/value must be [low, high]: "
                                 "two numbers, low ≤ high, for between, got [4,2]"});
}

TEST(LessonParser, BadQuestionNumber) {
    const std::string text =
        R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-3.1-8b",
        "lesson": {"id": "t", "title": "T", "questions": [3, 24], "look_at": "Look.",
        "group": "batching", "expectations": [{"path": "ttft_s", "op": ">", "value": 0}]}})";
    EXPECT_EQ(errorsOf(text),
              std::vector<std::string>{"lesson.json: /lesson/questions/1 must be a question number "
                                       "from 1 to 23, got 24"});
}

TEST(LessonParser, UnknownLever) {
    EXPECT_EQ(errorsOf(lessonFile(R"(, "lever": "w3a7")", "",
                                  R"({"path": "ttft_s", "op": ">", "value": 0})")),
              std::vector<std::string>{
                  "lesson.json: /lever must be a lever id (w8a16, w4a16, w8a8, w4a4, kv-fp8, "
                  "gqa-8, batch-x8, spec-ngram, spec-draft, flash-attention, tp-x2, "
                  "expert-parallel, next-hardware), got \"w3a7\""});
}

TEST(LessonParser, LeverDoesNotGoWithABaseline) {
    EXPECT_EQ(errorsOf(lessonFile(R"(, "lever": "w4a16", "baseline": {"hardware": "h200",
                                  "model": "llama-3.1-8b"})",
                                  "", R"({"path": "ttft_s", "op": ">", "value": 0})")),
              std::vector<std::string>{
                  "lesson.json: /lever must be absent when there is a baseline (a lever pins "
                  "the scenario before it as the baseline), got \"w4a16\""});
}

TEST(LessonParser, ARatioToTheBaselineNeedsOne) {
    EXPECT_EQ(errorsOf(lessonFile(
                  "", "", R"({"path": "ttft_s", "over": "baseline", "op": ">", "value": 1})")),
              std::vector<std::string>{
                  "lesson.json: /lesson/expectations/0/over must be a path into the current "
                  "analysis: the file has no baseline and no lever, got \"baseline:ttft_s\""});
}

TEST(LessonParser, BadGroupViewAndMissingKeys) {
    const std::string text =
        R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-3.1-8b",
        "lesson": {"id": "T t", "questions": [], "look_at": "Look.", "group": "misc",
        "view": "pie", "expectations": []}})";
    EXPECT_EQ(errorsOf(text),
              (std::vector<std::string>{
                  "lesson.json: /lesson/id must be an id of lower-case letters, digits and '-', "
                  "got \"T t\"",
                  "lesson.json: /lesson/title must be a string, got missing",
                  "lesson.json: /lesson/group must be one of \"placing workloads\", \"hardware "
                  "numbers\", \"batching\", \"interventions\", got \"misc\"",
                  "lesson.json: /lesson/view must be one of roofline, sweep, regime, breakdown, "
                  "frontier, "
                  "got \"pie\"",
                  "lesson.json: /lesson/questions must be a non-empty list of question numbers "
                  "(1 to 23), got []",
                  "lesson.json: /lesson/expectations must be a non-empty list of expectations "
                  "{path, op, value}, got []"}));
}

TEST(LessonParser, UnknownKeysAreWarnings) {
    const Loaded<ScenarioFile> file = parseScenarioFile(
        lessonFile("", R"(, "level": 2)", R"({"path": "ttft_s", "op": ">", "value": 0, "why": 1})"),
        kFile);
    ASSERT_TRUE(file.ok());
    ASSERT_EQ(file.issues.size(), 2u);
    EXPECT_EQ(file.issues[0].pointer, "/lesson/level");
    EXPECT_EQ(file.issues[1].pointer, "/lesson/expectations/0/why");
    EXPECT_EQ(file.issues[1].severity, Severity::Warning);
}

// ---------------------------------------------------------------------------------------
// The checker, on hand-made analysis JSON.

Expectation expect(const std::string& path, ExpectationOp op, double value,
                   const std::string& over = "") {
    Expectation e;
    e.path = path;
    e.over = over;
    e.op = op;
    e.value.kind = roofline::io::ExpectedValue::Kind::Number;
    e.value.number = value;
    return e;
}

Expectation expectText(const std::string& path, ExpectationOp op, const std::string& value) {
    Expectation e;
    e.path = path;
    e.op = op;
    e.value.kind = roofline::io::ExpectedValue::Kind::String;
    e.value.text = value;
    return e;
}

const std::string kCurrent = R"({
  "decode": {"bound": "memory", "intensity_flops_per_byte": 1.05, "memory_time_s": 0.004,
             "compute_time_s": 0.00002},
  "critical_batch": null,
  "ridge_point_flops_per_byte": 295.0,
  "passes": [{"kind": "prefill", "flops": 10}, {"kind": "decode", "flops": 2}],
  "operators": [{"pass": "prefill", "name": "attention", "bound": "compute"},
                {"pass": "decode", "name": "attention", "bound": "memory", "count": 32}],
  "roofs": [{"precision": "bf16", "in_use": true}, {"precision": "fp8", "in_use": false}]
})";
const std::string kBaseline = R"({"decode": {"intensity_flops_per_byte": 0.5}})";

LessonCheck check(const std::vector<Expectation>& expectations,
                  const std::string& baseline = kBaseline) {
    Lesson lesson;
    lesson.expectations = expectations;
    return checkLesson(lesson, kFile, kCurrent, baseline);
}

TEST(LessonCheck, ComparesNumbersAndStrings) {
    // 1.05 < 2 holds; 1.05 between 1 and 1.1 holds; "memory" != "compute" holds; == fails.
    Expectation between = expect("decode.intensity_flops_per_byte", ExpectationOp::Between, 0);
    between.low = 1.0;
    between.high = 1.1;
    const LessonCheck c = check({expect("decode.intensity_flops_per_byte", ExpectationOp::Lt, 2),
                                 between, expectText("decode.bound", ExpectationOp::Ne, "compute"),
                                 expectText("decode.bound", ExpectationOp::Eq, "compute")});
    ASSERT_TRUE(c.issues.empty()) << roofline::describe(c.issues);
    ASSERT_EQ(c.results.size(), 4u);
    EXPECT_TRUE(c.results[0].holds);
    EXPECT_EQ(c.results[0].actual, "1.05");
    EXPECT_TRUE(c.results[1].holds);
    EXPECT_TRUE(c.results[2].holds);
    EXPECT_TRUE(c.results[3].evaluated);
    EXPECT_FALSE(c.results[3].holds);
    EXPECT_EQ(c.results[3].actual, "\"memory\"");
    EXPECT_FALSE(c.allHold());
}

TEST(LessonCheck, SelectorsPickTheFirstMatchingElement) {
    const LessonCheck c = check(
        {expect("passes[kind=decode].flops", ExpectationOp::Eq, 2),
         expectText("operators[pass=decode,name=attention].bound", ExpectationOp::Eq, "memory"),
         expect("operators[bound=memory,count=32].count", ExpectationOp::Eq, 32),
         expectText("roofs[in_use=true].precision", ExpectationOp::Eq, "bf16"),
         expect("passes[0].flops", ExpectationOp::Eq, 10)});
    ASSERT_TRUE(c.issues.empty()) << roofline::describe(c.issues);
    for (const auto& r : c.results) {
        EXPECT_TRUE(r.evaluated && r.holds) << r.actual;
    }
}

TEST(LessonCheck, RatiosOfTwoFieldsAndAgainstTheBaseline) {
    // 0.004 / 0.00002 = 200 > 100; current 1.05 / baseline 0.5 = 2.1, between 2 and 2.2.
    Expectation vsBaseline = expect("decode.intensity_flops_per_byte", ExpectationOp::Between, 0,
                                    "baseline:decode.intensity_flops_per_byte");
    vsBaseline.low = 2.0;
    vsBaseline.high = 2.2;
    const LessonCheck c =
        check({expect("decode.memory_time_s", ExpectationOp::Gt, 100, "decode.compute_time_s"),
               vsBaseline});
    ASSERT_TRUE(c.issues.empty()) << roofline::describe(c.issues);
    EXPECT_TRUE(c.results[0].holds);
    EXPECT_EQ(c.results[0].numerator, "0.004");
    EXPECT_EQ(c.results[0].denominator, "2e-05");
    EXPECT_TRUE(c.results[1].holds);
    EXPECT_TRUE(c.allHold());
    EXPECT_EQ(roofline::io::actualText(vsBaseline, c.results[1]), "×2.10");
}

TEST(LessonCheck, NullIsAValue) {
    // "critical batch: never" is null: == null holds, an ordering does not, and neither is
    // an error.
    Expectation isNull;
    isNull.path = "critical_batch";
    const LessonCheck c = check({isNull, expect("critical_batch", ExpectationOp::Gt, 1)});
    ASSERT_TRUE(c.issues.empty());
    EXPECT_TRUE(c.results[0].holds);
    EXPECT_TRUE(c.results[1].evaluated);
    EXPECT_FALSE(c.results[1].holds);
    EXPECT_EQ(c.results[1].actual, "null");
}

TEST(LessonCheck, AMissingFieldIsAnErrorNamingTheExpectation) {
    const LessonCheck c = check({expect("decode.intensity_flops_per_byte", ExpectationOp::Gt, 0),
                                 expect("decode.intensity", ExpectationOp::Gt, 0),
                                 expect("passes[kind=verify].flops", ExpectationOp::Gt, 0)});
    EXPECT_TRUE(c.results[0].holds);
    EXPECT_FALSE(c.results[1].evaluated);
    EXPECT_FALSE(c.allHold());
    EXPECT_EQ(errorMessages(c.issues),
              (std::vector<std::string>{
                  "lesson.json: /lesson/expectations/1/path must be a field of the analysis "
                  "JSON, got \"decode.intensity\" (no key 'intensity' in decode (its keys: bound, "
                  "compute_time_s, intensity_flops_per_byte, memory_time_s))",
                  "lesson.json: /lesson/expectations/2/path must be a field of the analysis "
                  "JSON, got \"passes[kind=verify].flops\" (no element of passes with "
                  "kind=verify)"}));
}

TEST(LessonCheck, TypeMismatchesAndAMissingBaselineAreErrors) {
    const LessonCheck c = check(
        {expect("decode.bound", ExpectationOp::Gt, 1),
         expect("decode.memory_time_s", ExpectationOp::Gt, 1, "baseline:decode.memory_time_s")},
        "");
    EXPECT_EQ(errorMessages(c.issues),
              (std::vector<std::string>{
                  "lesson.json: /lesson/expectations/0/path must be a number field for >, got "
                  "\"memory\"",
                  "lesson.json: /lesson/expectations/1/over must be a path into the current "
                  "analysis (this scenario has no baseline), got "
                  "\"baseline:decode.memory_time_s\""}));
}

}  // namespace
