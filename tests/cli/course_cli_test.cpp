// SPDX-License-Identifier: GPL-3.0-or-later
// roofline-cli's courses: `list courses`, `course ID|FILE` as a table and as JSON, `course
// --answers FILE` graded against the engine, and `validate` of a course file.

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli.h"
#include "cli_runner.h"
#include "roofline/io/course.h"
#include "temp_dir.h"

namespace {

using nlohmann::json;
using roofline::cli::kExitInvalid;
using roofline::cli::kExitOk;
using roofline::cli::kExitUsage;
using roofline::test::cli;
using roofline::test::has;
using roofline::test::lines;
using roofline::test::TempDir;
using Result = roofline::test::CliResult;

const std::string kCourse = "roofline-of-llm-serving";

TEST(CliCourse, ListCoursesPrintsEachShippedCourse) {
    const Result r = cli({"list", "courses"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const std::vector<std::string> rows = lines(r.out);
    ASSERT_EQ(rows.size(), roofline::io::courseIds().size());
    EXPECT_TRUE(rows[1].starts_with("roofline-of-llm-serving\tRoofline of LLM serving\t")) << r.out;
    EXPECT_TRUE(
        rows[1].ends_with("\tQ1, Q2, Q3, Q4, Q5, Q6, Q7, Q8, Q9, Q10, Q11, Q12, Q13, Q14, "
                          "Q15, Q16, Q17, Q18, Q19, Q20, Q21, Q22, Q23"))
        << r.out;
    EXPECT_TRUE(rows[0].starts_with("architectures-of-2026\t")) << r.out;
}

TEST(CliCourse, TableListsEveryStepWithItsQuestion) {
    const Result r = cli({"course", kCourse});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    EXPECT_TRUE(has(r.out, "Course: Roofline of LLM serving (roofline-of-llm-serving), ")) << r.out;
    EXPECT_TRUE(has(r.out,
                    "1.  Prefill and decode on the H100 roofline (Q1)\n"
                    "    lesson: prefill-vs-decode\n"))
        << r.out;
    EXPECT_TRUE(has(r.out, "    Predict: Llama-3.1-8B on one H100")) << r.out;
    EXPECT_TRUE(has(r.out, "(memory | compute)")) << r.out;
    EXPECT_TRUE(has(r.out, "    scenario: llama-3.1-8b on h100-sxm, batch 32\n")) << r.out;
    EXPECT_TRUE(has(r.out, "    Spot the error: \"Batching is universal:")) << r.out;
    EXPECT_FALSE(has(r.out, " hold\n    checks: ")) << r.out;
    EXPECT_FALSE(has(r.out, "0 of")) << "every step's checks hold:\n" << r.out;
}

TEST(CliCourse, JsonListsStepsQuestionsAndPredictions) {
    const Result r = cli({"course", kCourse, "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json doc = json::parse(r.out);
    EXPECT_EQ(doc["id"], kCourse);
    EXPECT_EQ(doc["title"], "Roofline of LLM serving");
    const json& steps = doc["steps"];
    ASSERT_GE(steps.size(), 23u);
    for (std::size_t i = 0; i < steps.size(); ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(steps[i]["n"], i + 1);
        EXPECT_NE(steps[i].contains("lesson"), steps[i].contains("scenario"));
        EXPECT_FALSE(steps[i]["questions"].empty());
        EXPECT_TRUE(steps[i]["checks_hold"].get<bool>());
        if (steps[i]["predict"].is_object()) {
            EXPECT_TRUE(steps[i]["predict"]["path"].get<std::string>().starts_with("/"));
            EXPECT_NE(steps[i]["predict"].contains("tolerance"),
                      steps[i]["predict"].contains("choices"));
        }
    }
    EXPECT_EQ(steps[8]["lesson"], "ridge-point-h100");
    EXPECT_EQ(steps[8]["predict"]["path"], "/ridge_point_flops_per_byte");
    EXPECT_EQ(steps[8]["predict"]["tolerance"], 0.05);
}

TEST(CliCourse, AnswersAreGradedAgainstTheEngine) {
    // Step 9 (Q9): the H100's ridge, 989.4e12 FLOP/s / 3.35e12 B/s = 295.34 FLOP/byte; an
    // answer of 295 is 0.12 % off, inside ±5 %. Step 1 (Q1): prefill of a 2048-token prompt is
    // compute-bound, so "memory" fails. Step 16 (Q16): the wrong part of "batching is
    // universal" is the second ("at any context"). Step 2 is not answered.
    TempDir dir;
    const std::string answers = dir.write(
        "answers.json",
        R"({"course": "roofline-of-llm-serving", "answers": {"1": "memory", "9": 295, "16": 2}})");
    const Result r = cli({"course", kCourse, "--answers", answers, "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json doc = json::parse(r.out);
    EXPECT_EQ(doc["course"], kCourse);
    EXPECT_EQ(doc["answered"], 3);
    EXPECT_EQ(doc["passed"], 2);
    json byStep = json::object();
    for (const json& g : doc["grades"]) {
        byStep[std::to_string(g["n"].get<int>())] = g;
    }
    const json& ridge = byStep["9"];
    EXPECT_EQ(ridge["kind"], "number");
    EXPECT_EQ(ridge["answer"], 295);
    EXPECT_NEAR(ridge["engine"].get<double>(), 989.4 / 3.35, 0.01);
    EXPECT_NEAR(ridge["relative_error"].get<double>(), (989.4 / 3.35 - 295) / (989.4 / 3.35), 1e-4);
    EXPECT_EQ(ridge["tolerance"], 0.05);
    EXPECT_TRUE(ridge["pass"].get<bool>());
    EXPECT_FALSE(ridge["explanation"].get<std::string>().empty());

    EXPECT_EQ(byStep["1"]["answer"], "memory");
    EXPECT_EQ(byStep["1"]["engine"], "compute");
    EXPECT_FALSE(byStep["1"]["pass"].get<bool>());
    EXPECT_TRUE(byStep["1"]["relative_error"].is_null());

    EXPECT_EQ(byStep["16"]["kind"], "spot the error");
    EXPECT_TRUE(byStep["16"]["pass"].get<bool>());
    EXPECT_TRUE(byStep["16"]["explanation"].get<std::string>().starts_with("Part 2 is wrong"));

    EXPECT_FALSE(byStep["2"]["answered"].get<bool>());
    EXPECT_FALSE(byStep["2"]["pass"].get<bool>());
    EXPECT_TRUE(byStep["2"]["answer"].is_null());

    const Result table = cli({"course", kCourse, "--answers", answers});
    ASSERT_EQ(table.code, kExitOk) << table.err;
    EXPECT_TRUE(has(table.out, "2 of ")) << table.out;
    EXPECT_TRUE(has(table.out, "questions right (3 answered)\n")) << table.out;
    EXPECT_TRUE(has(table.out,
                    "9     number          295           295.3         0.116 %   ±5 %     pass\n"))
        << table.out;
    EXPECT_TRUE(has(table.out,
                    "1     choice          memory        compute       -         -        fail\n"))
        << table.out;
    EXPECT_TRUE(has(table.out, "2     number          (none)")) << table.out;
    EXPECT_TRUE(has(table.out, "unanswered\n")) << table.out;
}

TEST(CliCourse, BadAnswersExitThreeNamingTheFileAndPointer) {
    TempDir dir;
    const std::string answers =
        dir.write("answers.json", R"({"answers": {"1": "interconnect", "6": 3}})");
    const Result r = cli({"course", kCourse, "--answers", answers});
    EXPECT_EQ(r.code, kExitInvalid);
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_TRUE(has(r.err, "error: " + answers +
                               ": /answers/1 must be one of \"memory\", \"compute\", got "
                               "\"interconnect\"\n"))
        << r.err;
    EXPECT_TRUE(has(r.err, "error: " + answers +
                               ": /answers/6 must be the number of a step that asks a question ("))
        << r.err;
    const Result missing =
        cli({"course", kCourse, "--answers", dir.path().string() + "/none.json"});
    EXPECT_EQ(missing.code, kExitInvalid);
    EXPECT_TRUE(has(missing.err, "none.json")) << missing.err;
}

TEST(CliCourse, ACourseFileByPathAndItsValidation) {
    TempDir dir;
    const std::string file = dir.write("mine.json", R"({
      "schema_version": 1, "id": "mine", "title": "Mine",
      "steps": [
        {"scenario": {"hardware": "h100-sxm", "model": "llama-3.1-8b", "batch": 1},
         "title": "Batch one", "questions": [2], "look_at": "The decode point.",
         "checks": [{"path": "decode.bound", "op": "==", "value": "memory"}],
         "predict": {"ask": "Intensity?", "path": "/decode/intensity_flops_per_byte",
                     "tolerance": 0.25, "explain": "About one."}}]})");
    const Result r = cli({"course", file, "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json doc = json::parse(r.out);
    EXPECT_EQ(doc["id"], "mine");
    EXPECT_EQ(doc["steps"][0]["scenario"]["batch"], 1);

    const Result v = cli({"validate", file});
    EXPECT_EQ(v.code, kExitOk) << v.err;
    EXPECT_EQ(v.out, file + ": ok, course 'mine' (1 step): 1 of 1 checks hold\n");

    // A prediction whose path is not in the analysis: the course is broken.
    const std::string broken = dir.write("broken.json",
                                         R"({"schema_version": 1, "id": "broken", "title": "Broken",
            "steps": [{"lesson": "ridge-point-h100",
                       "predict": {"ask": "?", "path": "/ridge", "tolerance": 0.1,
                                   "explain": "Peak over bandwidth."}}]})");
    const Result b = cli({"validate", broken});
    EXPECT_EQ(b.code, kExitInvalid);
    EXPECT_TRUE(has(b.err, "error: " + broken +
                               ": /steps/0/predict/path must be a path to a number in the step's "
                               "analysis JSON, got \"/ridge\", which is not in it\n"))
        << b.err;
    EXPECT_EQ(cli({"course", broken}).code, kExitInvalid);
}

TEST(CliCourse, UnknownCourseAndBadFormat) {
    const Result r = cli({"course", "no-such-course"});
    EXPECT_EQ(r.code, kExitInvalid);
    EXPECT_TRUE(has(r.err,
                    "no-such-course: the file must be a shipped course id "
                    "(architectures-of-2026, roofline-of-llm-serving) or the path of a "
                    "course file, got no such id, and no such file"))
        << r.err;
    EXPECT_EQ(cli({"course", kCourse, "--format", "csv"}).code, kExitUsage);
    EXPECT_EQ(cli({"course"}).code, kExitUsage);
}

}  // namespace
