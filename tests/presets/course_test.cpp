// SPDX-License-Identifier: GPL-3.0-or-later
// Courses: the shipped courses load and every step's checks and predictions hold against the
// live engine; the main course walks the question bank in order; the course reader names
// each bad key exactly; answers files are read and graded (one prediction derived by hand).

#include "roofline/io/course.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "roofline/validate.h"

namespace {

using nlohmann::json;
using roofline::Issue;
using roofline::Severity;
using roofline::io::Answers;
using roofline::io::Course;
using roofline::io::CourseRun;
using roofline::io::CourseStep;
using roofline::io::Grade;
using roofline::io::Loaded;
using roofline::io::parseAnswers;
using roofline::io::parseCourse;
using roofline::io::Prediction;

const std::string kFile = "c.json";

std::vector<std::string> errorMessages(const std::vector<Issue>& issues) {
    std::vector<std::string> out;
    for (const Issue& i : issues) {
        if (i.severity == Severity::Error) {
            out.push_back(i.message());
        }
    }
    return out;
}

// A word made only of digits and punctuation ("295", "3.35") is a stated number; "H100" or
// "Llama-3.1-8B" are names (the rule of lessons_test.cpp's look-at texts).
std::vector<std::string> statedNumbers(const std::string& text) {
    std::vector<std::string> found;
    std::istringstream in(text);
    for (std::string word; in >> word;) {
        const bool digit = std::any_of(word.begin(), word.end(), [](char ch) {
            return std::isdigit(static_cast<unsigned char>(ch)) != 0;
        });
        const bool letter = std::any_of(word.begin(), word.end(), [](char ch) {
            return std::isalpha(static_cast<unsigned char>(ch)) != 0;
        });
        if (digit && !letter) {
            found.push_back(word);
        }
    }
    return found;
}

// A small course: a lesson step with a choice, an inline scenario step with checks and a
// numeric prediction, and a spot-the-error.
json goodCourse() {
    return json::parse(R"({
      "schema_version": 1,
      "id": "small",
      "title": "A small course",
      "steps": [
        {"lesson": "prefill-vs-decode", "questions": [4],
         "predict": {"ask": "Which roof binds decode?", "path": "/decode/bound",
                     "choices": ["memory", "compute"], "explain": "It reads every weight."}},
        {"scenario": {"hardware": "h100-sxm", "model": "llama-3.1-8b", "batch": 32,
                      "prompt_tokens": 512, "context_tokens": 512},
         "title": "Batch 32", "questions": [3], "look_at": "The decode point.",
         "checks": [{"path": "decode.bound", "op": "==", "value": "memory"}],
         "predict": {"ask": "Decode intensity?", "path": "/decode/intensity_flops_per_byte",
                     "tolerance": 0.1, "explain": "About the batch."}},
        {"lesson": "batching-not-universal",
         "spot_the_error": {"claim": "Batching is universal.", "parts": ["a", "b", "c"],
                            "wrong": 2, "correction": "B", "explain": "The cache."}}
      ]})");
}

Loaded<Course> parse(const json& j) { return parseCourse(j.dump(), kFile); }

// ---------------------------------------------------------------------------------------
// The reader.

TEST(CourseFile, ReadsLessonScenarioAndSpotSteps) {
    const Loaded<Course> c = parse(goodCourse());
    ASSERT_TRUE(c.ok()) << roofline::describe(c.issues);
    EXPECT_TRUE(c.issues.empty()) << roofline::describe(c.issues);
    const Course& course = *c.value;
    EXPECT_EQ(course.id, "small");
    EXPECT_EQ(course.title, "A small course");
    ASSERT_EQ(course.steps.size(), 3u);

    const CourseStep& lesson = course.steps[0];
    EXPECT_EQ(lesson.lesson, "prefill-vs-decode");
    EXPECT_EQ(lesson.questions, std::vector<int>{4}) << "a subset of the lesson's 1, 2, 4";
    EXPECT_EQ(lesson.lessonOf().id, "prefill-vs-decode");
    ASSERT_TRUE(lesson.predict.has_value());
    EXPECT_EQ(lesson.predict->kind, Prediction::Kind::Choice);
    EXPECT_EQ(lesson.predict->choices, (std::vector<std::string>{"memory", "compute"}));

    const CourseStep& inline_ = course.steps[1];
    EXPECT_TRUE(inline_.lesson.empty());
    EXPECT_EQ(inline_.scenario.workload.batch, 32);
    EXPECT_EQ(inline_.scenario.workload.contextTokens, 512);
    EXPECT_EQ(inline_.lessonOf().title, "Batch 32");
    EXPECT_EQ(inline_.lessonOf().lookAt, "The decode point.");
    EXPECT_EQ(inline_.lessonOf().group, roofline::io::LessonGroup::PlacingWorkloads);
    EXPECT_EQ(inline_.questions, std::vector<int>{3});
    ASSERT_EQ(inline_.lessonOf().expectations.size(), 1u);
    ASSERT_TRUE(inline_.predict.has_value());
    EXPECT_EQ(inline_.predict->kind, Prediction::Kind::Number);
    EXPECT_DOUBLE_EQ(inline_.predict->tolerance, 0.1);

    const CourseStep& spot = course.steps[2];
    ASSERT_TRUE(spot.spot.has_value());
    EXPECT_EQ(spot.spot->wrong, 2);
    EXPECT_EQ(spot.spot->parts.size(), 3u);
    EXPECT_EQ(spot.questions, std::vector<int>{16}) << "the lesson's own questions";
}

struct Broken {
    const char* pointer;  // a JSON Pointer into goodCourse() to replace ("" = add `key`)
    const char* value;    // the JSON text put there; "-" removes it
    const char* message;  // the exact first error
};

TEST(CourseFile, EachBrokenKeyIsNamedExactly) {
    const std::vector<Broken> cases = {
        {"/schema_version", "2",
         "c.json: /schema_version must be at most 1 (the file was written by a newer version "
         "of Roofline Explorer), got 2"},
        {"/id", "\"Small Course\"",
         "c.json: /id must be an id of lower-case letters, digits and '-', got \"Small Course\""},
        {"/title", "-", "c.json: /title must be a string, got missing"},
        {"/steps", "-",
         "c.json: /steps must be a list of steps, each a lesson or a scenario, "
         "got missing"},
        {"/steps", "[]",
         "c.json: /steps must be a non-empty list of steps, each a lesson or a scenario, got []"},
        {"/steps/0", "3",
         "c.json: /steps/0 must be a step: an object with \"lesson\" (an id) or \"scenario\", "
         "got 3"},
        {"/steps/0", "{\"predict\": null}",
         "c.json: /steps/0 must be a step with \"lesson\" (a shipped lesson id) or \"scenario\" "
         "(a scenario file's keys), got neither"},
        {"/steps/0/questions", "[3]",
         "c.json: /steps/0/questions/0 must be one of the lesson's questions (1, 2, 4), got 3"},
        {"/steps/0/title", "\"Mine\"",
         "c.json: /steps/0/title must be absent in a lesson step (the lesson has its own), got "
         "\"Mine\""},
        {"/steps/0/predict/path", "\"decode.bound\"",
         "c.json: /steps/0/predict/path must be a JSON Pointer into the analysis JSON such as "
         "/decode/bound (a JSON Pointer starts with '/'), got \"decode.bound\""},
        {"/steps/0/predict/tolerance", "0.1",
         "c.json: /steps/0/predict/choices must be absent when there is a tolerance (a number "
         "or a choice, not both), got [\"memory\",\"compute\"]"},
        {"/steps/0/predict/choices", "-",
         "c.json: /steps/0/predict must be an object with \"tolerance\" (a number to predict) "
         "or \"choices\" (a choice to make), got neither"},
        {"/steps/0/predict/choices", "[\"memory\", \"memory\"]",
         "c.json: /steps/0/predict/choices/1 must be a choice not already listed, got "
         "\"memory\""},
        {"/steps/0/predict/explain", "-",
         "c.json: /steps/0/predict/explain must be a string, got missing"},
        {"/steps/1/predict/tolerance", "1.5",
         "c.json: /steps/1/predict/tolerance must be a relative tolerance above 0 and at most 1 "
         "(0.25 for ±25 %), got 1.5"},
        {"/steps/1/scenario/batch", "0",
         "c.json: /steps/1/scenario/batch must be an integer from 1 to 100000000, got 0"},
        {"/steps/1/checks/0/op", "\"~\"",
         "c.json: /steps/1/checks/0/op must be one of ==, !=, <, <=, >, >=, between, got \"~\""},
        {"/steps/1/checks", "-",
         "c.json: /steps/1/checks must be a list of checks {path, op, value}, got missing"},
        {"/steps/1/look_at", "-", "c.json: /steps/1/look_at must be a string, got missing"},
        {"/steps/1/questions/0", "24",
         "c.json: /steps/1/questions/0 must be a question number from 1 to 23, got 24"},
        {"/steps/1/scenario/lesson", "{}",
         "c.json: /steps/1/scenario/lesson must be absent: the step's title, questions, look_at "
         "and checks make its lesson (a shipped lesson is a step {\"lesson\": ID}), got {}"},
        {"/steps/2/spot_the_error/wrong", "4",
         "c.json: /steps/2/spot_the_error/wrong must be an integer from 1 to 3, got 4"},
        {"/steps/2/spot_the_error/parts", "[\"one\"]",
         "c.json: /steps/2/spot_the_error/parts must be a list of the claim's parts (at least "
         "two), got [\"one\"]"},
        {"/steps/2/predict", "{}",
         "c.json: /steps/2/spot_the_error must be absent when the step has a prediction (one "
         "question a step), got {\"claim\":\"Batching is universal.\",\"correction\":\"B\","
         "\"explain\"…"},
        {"/steps/2/lesson", "\"no-such-lesson\"", nullptr},  // checked below: lists the ids
    };
    for (const Broken& b : cases) {
        SCOPED_TRACE(b.pointer + std::string(" = ") + b.value);
        json j = goodCourse();
        const json::json_pointer at(b.pointer);
        if (std::string(b.value) == "-") {
            j.at(at.parent_pointer()).erase(at.back());
        } else {
            j[at] = json::parse(b.value);
        }
        const Loaded<Course> c = parse(j);
        EXPECT_FALSE(c.ok());
        const std::vector<std::string> errors = errorMessages(c.issues);
        ASSERT_FALSE(errors.empty());
        if (b.message != nullptr) {
            EXPECT_EQ(errors.front(), b.message);
        } else {
            EXPECT_TRUE(errors.front().starts_with(
                "c.json: /steps/2/lesson must be a shipped lesson id (bandwidth-caps-decode, "))
                << errors.front();
            EXPECT_TRUE(errors.front().ends_with(", got \"no-such-lesson\"")) << errors.front();
        }
    }
}

TEST(CourseFile, NotJsonAndUnknownKeys) {
    const Loaded<Course> broken = parseCourse("{\"steps\": [", kFile);
    EXPECT_FALSE(broken.ok());
    ASSERT_FALSE(broken.issues.empty());
    EXPECT_TRUE(broken.issues.front().message().starts_with("c.json: "))
        << broken.issues.front().message();

    json j = goodCourse();
    j["steps"][1]["look-at"] = "typo";
    const Loaded<Course> warned = parse(j);
    ASSERT_TRUE(warned.ok()) << roofline::describe(warned.issues);
    ASSERT_EQ(warned.issues.size(), 1u);
    EXPECT_EQ(warned.issues.front().severity, Severity::Warning);
    EXPECT_EQ(warned.issues.front().pointer, "/steps/1/look-at");
}

TEST(CourseRun, APathNotInTheAnalysisOrAChoiceNotOfferedIsAnError) {
    json j = goodCourse();
    j["steps"][1]["predict"]["path"] = "/decode/no_such_key";
    j["steps"][0]["predict"]["choices"] = {"compute", "interconnect"};
    const Loaded<Course> c = parse(j);
    ASSERT_TRUE(c.ok()) << roofline::describe(c.issues);
    const CourseRun run = roofline::io::runCourse(*c.value, kFile);
    EXPECT_FALSE(run.allHold());
    EXPECT_EQ(errorMessages(run.issues),
              (std::vector<std::string>{
                  "c.json: /steps/0/predict/path must be a path to a string in the step's "
                  "analysis JSON that is one of the choices, got \"/decode/bound\", which holds "
                  "\"memory\"",
                  "c.json: /steps/1/predict/path must be a path to a number in the step's "
                  "analysis JSON, got \"/decode/no_such_key\", which is not in it"}));
}

TEST(CourseRun, AnInlineCheckThatCannotBeEvaluatedNamesTheStepsCheck) {
    json j = goodCourse();
    j["steps"][1]["checks"][0]["path"] = "decode.no_such_key";
    const Loaded<Course> c = parse(j);
    ASSERT_TRUE(c.ok()) << roofline::describe(c.issues);
    const CourseRun run = roofline::io::runCourse(*c.value, kFile);
    const std::vector<std::string> errors = errorMessages(run.issues);
    ASSERT_EQ(errors.size(), 1u);
    EXPECT_TRUE(errors.front().starts_with("c.json: /steps/1/checks/0/path must be "))
        << errors.front();
}

// ---------------------------------------------------------------------------------------
// Answers and grading.

TEST(CourseAnswers, EachBadAnswerIsNamedExactly) {
    const Loaded<Course> c = parse(goodCourse());
    ASSERT_TRUE(c.ok());
    struct Case {
        const char* text;
        const char* message;
    };
    for (const Case& x : std::vector<Case>{
             {R"({"answers": {"4": 1}})",
              "a.json: /answers/4 must be the number of a step that asks a question (1, 2, 3), "
              "got \"4\""},
             {R"({"answers": {"one": 1}})",
              "a.json: /answers/one must be the number of a step that asks a question (1, 2, "
              "3), got \"one\""},
             {R"({"answers": {"1": "io"}})",
              "a.json: /answers/1 must be one of \"memory\", \"compute\", got \"io\""},
             {R"({"answers": {"2": "thirty"}})",
              "a.json: /answers/2 must be a number (the prediction of "
              "/decode/intensity_flops_per_byte), got \"thirty\""},
             {R"({"answers": {"3": 5}})",
              "a.json: /answers/3 must be the number of the wrong part, from 1 to 3, got 5"},
             {R"({"course": "other", "answers": {}})",
              "a.json: /course must be the course being graded, \"small\", got \"other\""},
             {R"({"answers": [1, 2]})",
              "a.json: /answers must be an object of step number → answer ({\"3\": 42, \"5\": "
              "\"memory\"}), got [1,2]"},
         }) {
        SCOPED_TRACE(x.text);
        const Loaded<Answers> a = parseAnswers(x.text, "a.json", *c.value);
        EXPECT_FALSE(a.ok());
        const std::vector<std::string> errors = errorMessages(a.issues);
        ASSERT_FALSE(errors.empty());
        EXPECT_EQ(errors.front(), x.message);
    }
}

TEST(CourseAnswers, DecodeIntensityAtBatch32GradedAgainstAHandDerivation) {
    // Step 2 of the small course: Llama-3.1-8B, bf16, on an H100, B = 32, C = 512 (DOMAIN.md
    // §3, decode T = 1, N = B = 32). Llama-3.1-8B: L = 32, h = 4096, n_q = 32, n_kv = 8,
    // d = 128, I = 14336, V = 128256; w = a = c = 2 bytes.
    //   weights read per step: per layer h·(n_q+2n_kv)·d + n_q·d·h + 3·h·I
    //     = 4096·6144 + 4096·4096 + 3·4096·14336 = 25.17e6 + 16.78e6 + 176.16e6 = 218.1e6;
    //     × 32 layers = 6.979e9, + lm_head h·V = 0.525e9 → 7.505e9 parameters, 15.01e9 bytes
    //     (the embedding table is gathered, N·h·w bytes, not read whole)
    //   FLOPs: 2 per weight per token: 2 · 7.505e9 · 32 = 480.3e9; attention
    //     4·B·n_q·d·pairs·L with pairs = C + 1 = 513: 4·32·32·128·513·32 = 8.61e9, softmax
    //     5·B·n_q·pairs·L = 0.08e9 → 489.0e9 FLOP
    //   KV: read B·(C+1)·2·n_kv·d·c·L = 32·513·2·8·128·2·32 = 2.152e9, + the new token's
    //     write B·2·n_kv·d·c·L = 4.2e6 → 2.156e9 bytes
    //   activations: each operator reads its input and writes its output, N·h·a = 262 kB
    //     or N·I·a = 918 kB each (qkv, attention Q and O, o_proj, gate, up, the activation,
    //     down, two norms, two residual adds): about 10.6 MB a layer, 0.34e9 over 32 layers
    //     (the engine: 0.324e9)
    //   bytes = 15.01e9 + 2.156e9 + 0.32e9 = 17.49e9; intensity = 489.0e9 / 17.49e9 = 27.96.
    // A student who answers 28.5 is 1.9 % off, inside ±10 %; one who says "the batch" (32) is
    // 14 % off, outside it: the cache and the activations are what the prediction tests.
    const Loaded<Course> c = parse(goodCourse());
    ASSERT_TRUE(c.ok());
    const CourseRun run = roofline::io::runCourse(*c.value, kFile);
    ASSERT_TRUE(run.allHold()) << roofline::describe(run.issues);
    const double engine = std::stod(run.steps[1].answer);
    EXPECT_NEAR(engine, 27.96, 0.05);

    const Loaded<Answers> a =
        parseAnswers(R"({"course": "small", "answers": {"1": "compute", "2": 28.5, "3": 2}})",
                     "a.json", *c.value);
    ASSERT_TRUE(a.ok()) << roofline::describe(a.issues);
    const std::vector<Grade> grades = roofline::io::gradeCourse(*c.value, run, *a.value);
    ASSERT_EQ(grades.size(), 3u);

    EXPECT_EQ(grades[0].step, 1);
    EXPECT_EQ(grades[0].kind, "choice");
    EXPECT_EQ(grades[0].answer, "\"compute\"");
    EXPECT_EQ(grades[0].engine, "\"memory\"");
    EXPECT_FALSE(grades[0].pass);
    EXPECT_EQ(grades[0].explanation, "It reads every weight.");

    EXPECT_EQ(grades[1].kind, "number");
    ASSERT_TRUE(grades[1].relativeError.has_value());
    EXPECT_NEAR(*grades[1].relativeError, std::abs(28.5 - engine) / engine, 1e-12);
    EXPECT_LT(*grades[1].relativeError, 0.02);
    EXPECT_TRUE(grades[1].pass);
    EXPECT_DOUBLE_EQ(grades[1].tolerance, 0.1);

    EXPECT_EQ(grades[2].kind, "spot the error");
    EXPECT_EQ(grades[2].answer, "2");
    EXPECT_EQ(grades[2].engine, "2");
    EXPECT_TRUE(grades[2].pass);
    EXPECT_EQ(grades[2].explanation, "Part 2 is wrong (\"b\"); the right part: \"B\". The cache.");

    // "The batch": 32 is 14 % above 27.96, outside ±10 %.
    const Loaded<Answers> rough = parseAnswers(R"({"answers": {"2": 32}})", "a.json", *c.value);
    ASSERT_TRUE(rough.ok());
    const std::vector<Grade> roughGrades = roofline::io::gradeCourse(*c.value, run, *rough.value);
    EXPECT_FALSE(roughGrades[0].answered);
    EXPECT_FALSE(roughGrades[0].pass);
    EXPECT_GT(*roughGrades[1].relativeError, 0.1);
    EXPECT_LT(*roughGrades[1].relativeError, 0.15);
    EXPECT_FALSE(roughGrades[1].pass);
    EXPECT_FALSE(roughGrades[2].answered);

    const json doc = json::parse(roofline::io::gradesToJson(*c.value, grades));
    EXPECT_EQ(doc["course"], "small");
    EXPECT_EQ(doc["questions"], 3);
    EXPECT_EQ(doc["answered"], 3);
    EXPECT_EQ(doc["passed"], 2);
    EXPECT_EQ(doc["grades"][1]["answer"], 28.5);
    EXPECT_DOUBLE_EQ(doc["grades"][1]["engine"].get<double>(), engine);
    EXPECT_EQ(doc["grades"][1]["tolerance"], 0.1);
    EXPECT_TRUE(doc["grades"][0]["tolerance"].is_null());
}

// ---------------------------------------------------------------------------------------
// The shipped courses.

TEST(ShippedCourses, LoadWithZeroIssuesAndEveryStepHoldsAgainstTheEngine) {
    const std::vector<std::string> ids = roofline::io::courseIds();
    EXPECT_EQ(ids, (std::vector<std::string>{"architectures-of-2026", "roofline-of-llm-serving"}));
    for (const std::string& id : ids) {
        SCOPED_TRACE(id);
        const Loaded<Course> c = roofline::io::builtinCourse(id);
        ASSERT_TRUE(c.ok()) << roofline::describe(c.issues);
        EXPECT_TRUE(c.issues.empty()) << roofline::describe(c.issues);
        EXPECT_EQ(c.value->id, id) << "a course's id is its file's stem";
        const CourseRun run = roofline::io::runCourse(*c.value, roofline::io::courseFileName(id));
        EXPECT_TRUE(run.issues.empty()) << roofline::describe(run.issues);
        ASSERT_EQ(run.steps.size(), c.value->steps.size());
        for (std::size_t i = 0; i < run.steps.size(); ++i) {
            SCOPED_TRACE("step " + std::to_string(i + 1));
            const CourseStep& step = c.value->steps[i];
            EXPECT_TRUE(run.steps[i].run.check.allHold());
            EXPECT_EQ(run.steps[i].answer.empty(), !step.predict.has_value());
            EXPECT_TRUE(statedNumbers(step.lessonOf().lookAt).empty()) << step.lessonOf().lookAt;
            if (step.predict) {
                EXPECT_TRUE(statedNumbers(step.predict->explain).empty()) << step.predict->explain;
            }
            if (step.spot) {
                EXPECT_TRUE(statedNumbers(step.spot->explain).empty()) << step.spot->explain;
            }
        }
    }
}

TEST(ShippedCourses, EngineAnswersPassAndWrongOnesFail) {
    for (const std::string& id : roofline::io::courseIds()) {
        SCOPED_TRACE(id);
        const Course course = *roofline::io::builtinCourse(id).value;
        const CourseRun run = roofline::io::runCourse(course, id);
        // The engine's own values pass; a number twice too large, the other choice and
        // another part fail.
        json right = json::object();
        json wrong = json::object();
        for (std::size_t i = 0; i < course.steps.size(); ++i) {
            const CourseStep& s = course.steps[i];
            const std::string n = std::to_string(i + 1);
            if (s.spot) {
                right[n] = s.spot->wrong;
                wrong[n] = s.spot->wrong == 1 ? 2 : 1;
            } else if (s.predict) {
                const json engine = json::parse(run.steps[i].answer);
                right[n] = engine;
                if (engine.is_number()) {
                    wrong[n] = engine.get<double>() * 2.5;
                } else {
                    const auto& choices = s.predict->choices;
                    wrong[n] = choices[0] == engine ? choices[1] : choices[0];
                }
            }
        }
        for (const bool good : {true, false}) {
            const json file = {{"course", id}, {"answers", good ? right : wrong}};
            const Loaded<Answers> a = parseAnswers(file.dump(), "a.json", course);
            ASSERT_TRUE(a.ok()) << roofline::describe(a.issues);
            const std::vector<Grade> grades = roofline::io::gradeCourse(course, run, *a.value);
            EXPECT_GE(grades.size(), 4u);
            for (const Grade& g : grades) {
                SCOPED_TRACE("step " + std::to_string(g.step));
                EXPECT_TRUE(g.answered);
                EXPECT_EQ(g.pass, good);
                EXPECT_FALSE(g.explanation.empty());
            }
        }
    }
}

TEST(ShippedCourses, TheMainCourseWalksTheQuestionBankInOrder) {
    const Loaded<Course> c = roofline::io::builtinCourse("roofline-of-llm-serving");
    ASSERT_TRUE(c.ok());
    std::vector<int> walked;
    std::size_t inlineSteps = 0;
    std::size_t spots = 0;
    std::size_t numbers = 0;
    for (const CourseStep& step : c.value->steps) {
        EXPECT_FALSE(step.questions.empty());
        walked.insert(walked.end(), step.questions.begin(), step.questions.end());
        inlineSteps += step.lesson.empty() ? 1U : 0U;
        spots += step.spot ? 1U : 0U;
        numbers += step.predict && step.predict->kind == Prediction::Kind::Number ? 1U : 0U;
    }
    EXPECT_TRUE(std::is_sorted(walked.begin(), walked.end())) << "questions 1 to 23 in order";
    const std::set<int> covered(walked.begin(), walked.end());
    EXPECT_EQ(covered.size(), 23u);
    EXPECT_EQ(*covered.begin(), 1);
    EXPECT_EQ(*covered.rbegin(), 23);
    EXPECT_GE(inlineSteps, 2u);
    // "Spot the errors in 'batching is universal'" (16) and "reduce FLOPs" (18).
    EXPECT_GE(spots, 2u);
    EXPECT_GE(numbers, 8u);
    // Every question that asks to predict (3, 10, 12, 15) has a step that predicts.
    for (const int q : {3, 10, 12, 15}) {
        SCOPED_TRACE(q);
        EXPECT_TRUE(std::any_of(c.value->steps.begin(), c.value->steps.end(), [&](const auto& s) {
            return s.predict &&
                   std::find(s.questions.begin(), s.questions.end(), q) != s.questions.end();
        }));
    }
}

TEST(ShippedCourses, TheArchitecturesCourseUsesThe2026Lessons) {
    const Loaded<Course> c = roofline::io::builtinCourse("architectures-of-2026");
    ASSERT_TRUE(c.ok());
    std::vector<std::string> lessons;
    for (const CourseStep& step : c.value->steps) {
        lessons.push_back(step.lesson);
    }
    for (const char* id : {"hybrid-escapes-the-memory-wall", "sparse-attention-deepseek-v32",
                           "local-global-gemma3", "dp-attention-deepseek"}) {
        EXPECT_NE(std::find(lessons.begin(), lessons.end(), id), lessons.end()) << id;
    }
}

TEST(ShippedCourses, CourseJsonListsTheQuestionsWithoutTheirAnswers) {
    const Course course = *roofline::io::builtinCourse("roofline-of-llm-serving").value;
    const CourseRun run = roofline::io::runCourse(course, "x");
    const json doc = json::parse(roofline::io::courseToJson(course, run));
    EXPECT_EQ(doc["id"], "roofline-of-llm-serving");
    EXPECT_EQ(doc["title"], "Roofline of LLM serving");
    ASSERT_EQ(doc["steps"].size(), course.steps.size());
    const json& first = doc["steps"][0];
    EXPECT_EQ(first["n"], 1);
    EXPECT_EQ(first["lesson"], "prefill-vs-decode");
    EXPECT_EQ(first["questions"], json::array({1}));
    EXPECT_EQ(first["predict"]["path"], "/prefill/bound");
    EXPECT_EQ(first["predict"]["choices"], json::array({"memory", "compute"}));
    EXPECT_TRUE(first["checks_hold"].get<bool>());
    const json& third = doc["steps"][2];
    EXPECT_FALSE(third.contains("lesson"));
    EXPECT_EQ(third["scenario"]["batch"], 32);
    EXPECT_EQ(third["predict"]["tolerance"], 0.1);
    for (const json& s : doc["steps"]) {
        if (s["spot_the_error"].is_object()) {
            EXPECT_FALSE(s["spot_the_error"].contains("wrong")) << "the answer is not listed";
        }
    }
}

}  // namespace
