// SPDX-License-Identifier: GPL-3.0-or-later
// roofline-cli's lessons: `analyze --scenario ID|FILE` (the lesson's scenario, lever and
// baseline, its expectations checked and reported) and `list scenarios`.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli.h"
#include "cli_runner.h"
#include "roofline/io/lessons.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using roofline::cli::kExitInvalid;
using roofline::cli::kExitOk;
using roofline::cli::kExitUsage;

using Result = roofline::test::CliResult;
using roofline::test::cli;
using roofline::test::has;

TEST(CliLessons, ListScenariosPrintsEveryLessonWithItsQuestions) {
    const Result r = cli({"list", "scenarios"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    std::vector<std::string> ids;
    std::istringstream in(r.out);
    for (std::string line; std::getline(in, line);) {
        ids.push_back(line.substr(0, line.find('\t')));
    }
    EXPECT_EQ(ids, roofline::io::scenarioIds());
    EXPECT_TRUE(has(r.out, "ridge-point-h100\tThe ridge point of an H100\tQ9\thardware numbers\n"))
        << r.out;
    EXPECT_TRUE(has(r.out,
                    "prefill-vs-decode\tPrefill and decode on the H100 roofline\tQ1, Q2, "
                    "Q4\tplacing workloads\n"))
        << r.out;
}

TEST(CliLessons, AnalyzeScenarioJsonCarriesTheCheckedLesson) {
    const Result r = cli({"analyze", "--scenario", "critical-batch-h100", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json doc = json::parse(r.out);
    // The lesson's own scenario: B = 512 at C = 128.
    EXPECT_EQ(doc["scenario"]["batch"], 512);
    EXPECT_EQ(doc["scenario"]["context_tokens"], 128);
    const json& lesson = doc["lesson"];
    EXPECT_EQ(lesson["id"], "critical-batch-h100");
    EXPECT_EQ(lesson["questions"], json::array({12}));
    EXPECT_EQ(lesson["group"], "batching");
    EXPECT_EQ(lesson["view"], "sweep");
    EXPECT_TRUE(lesson["lever"].is_null());
    EXPECT_TRUE(lesson["all_hold"].get<bool>());
    EXPECT_TRUE(lesson["errors"].empty());
    const json& first = lesson["expectations"][0];
    EXPECT_EQ(first["path"], "critical_batch");
    EXPECT_EQ(first["op"], "between");
    EXPECT_EQ(first["value"], json::array({250.0, 400.0}));
    // The actual value is the engine's, the same as the document's own field.
    EXPECT_EQ(first["actual"], doc["critical_batch"]);
    EXPECT_TRUE(first["holds"].get<bool>());
    // A ratio carries both sides: the critical batch over the ridge point.
    const json& ratio = lesson["expectations"][1];
    EXPECT_EQ(ratio["numerator"], doc["critical_batch"]);
    EXPECT_EQ(ratio["denominator"], doc["ridge_point_flops_per_byte"]);
}

TEST(CliLessons, ScenarioOptionsApplyOnTopAndAFailingClaimIsNotAnError) {
    // At B = 32 decode is memory-bound: "past the critical batch decode is compute-bound"
    // no longer holds, which is information, not an error (exit 0).
    const Result r =
        cli({"analyze", "--scenario", "critical-batch-h100", "--batch", "32", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json doc = json::parse(r.out);
    EXPECT_EQ(doc["scenario"]["batch"], 32);
    const json& last = doc["lesson"]["expectations"][3];
    EXPECT_EQ(last["path"], "decode.bound");
    EXPECT_EQ(last["actual"], "memory");
    EXPECT_FALSE(last["holds"].get<bool>());
    EXPECT_FALSE(doc["lesson"]["all_hold"].get<bool>());
}

TEST(CliLessons, TheLeverIsAppliedWithTheScenarioBeforeItAsTheBaseline) {
    const Result r = cli({"analyze", "--scenario", "w4a16-for-decode", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json doc = json::parse(r.out);
    EXPECT_EQ(doc["scenario"]["weights"], "int4");
    EXPECT_EQ(doc["lesson"]["lever"], "w4a16");
    // int4 weights over bf16 ones: a quarter of the bytes (plus the unquantized embedding
    // and norms, hence the range).
    const json& bytes = doc["lesson"]["expectations"][0];
    EXPECT_EQ(bytes["over"], "baseline");
    EXPECT_TRUE(bytes["holds"].get<bool>()) << bytes;
}

TEST(CliLessons, TableShowsTitleLookAtAndMarks) {
    const Result r = cli({"analyze", "--scenario", "ridge-point-h100"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_TRUE(has(r.out, "Lesson: The ridge point of an H100 (Q9)\n")) << r.out;
    EXPECT_TRUE(has(r.out, "  ✓ it is peak FLOP/s over bandwidth\n")) << r.out;
    EXPECT_TRUE(has(r.out,
                    "peak_flops_per_s / memory_bandwidth_bytes_per_s between 290 and 300; "
                    "actual ×295\n"))
        << r.out;
    EXPECT_TRUE(has(r.out, "4 of 4 expectations hold.")) << r.out;
}

TEST(CliLessons, AScenarioFileWithoutALessonAnalysesItsScenario) {
    const fs::path path = fs::temp_directory_path() / "roofline-cli-lesson-plain.json";
    std::ofstream(path) << R"({"schema_version": 1, "hardware": "h200", "model": "llama-3.1-8b",
                               "batch": 4})";
    const Result r = cli({"analyze", "--scenario", path.string(), "--format", "json"});
    fs::remove(path);
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json doc = json::parse(r.out);
    EXPECT_EQ(doc["hardware"]["id"], "h200");
    EXPECT_EQ(doc["scenario"]["batch"], 4);
    EXPECT_FALSE(doc.contains("lesson"));
}

TEST(CliLessons, ABrokenLessonExitsThreeNamingTheFileAndExpectation) {
    const fs::path path = fs::temp_directory_path() / "roofline-cli-lesson-broken.json";
    std::ofstream(path) << R"({"schema_version": 1, "hardware": "h100-sxm",
        "model": "llama-3.1-8b", "lesson": {"id": "broken", "title": "Broken",
        "questions": [1], "look_at": "Look. Here.", "group": "batching",
        "expectations": [{"path": "decode.bound", "op": "==", "value": "memory"},
                         {"path": "decode.speed", "op": ">", "value": 1}]}})";
    const Result r = cli({"analyze", "--scenario", path.string(), "--format", "json"});
    fs::remove(path);
    EXPECT_EQ(r.code, kExitInvalid);
    EXPECT_TRUE(has(r.err, path.string() + ": /lesson/expectations/1/path must be a field of the "
                                           "analysis JSON, got \"decode.speed\" (no key 'speed' "
                                           "in decode"))
        << r.err;
    const json doc = json::parse(r.out);
    EXPECT_TRUE(doc["lesson"]["expectations"][0]["holds"].get<bool>());
    EXPECT_TRUE(doc["lesson"]["expectations"][1]["holds"].is_null());
    EXPECT_EQ(doc["lesson"]["errors"].size(), 1u);
}

TEST(CliLessons, ValidateChecksALessonsExpectations) {
    const Result ok = cli({"validate", std::string(ROOFLINE_TEST_DATA_DIR) +
                                           "/../../presets/scenarios/critical-batch-h100.json"});
    EXPECT_EQ(ok.code, kExitOk) << ok.err;
    EXPECT_TRUE(has(ok.out,
                    ": ok, lesson 'critical-batch-h100', scenario (h100-sxm, "
                    "llama-3.1-8b): 4 of 4 expectations hold\n"))
        << ok.out;
    const fs::path path = fs::temp_directory_path() / "roofline-cli-lesson-validate.json";
    std::ofstream(path) << R"({"schema_version": 1, "hardware": "h100-sxm",
        "model": "llama-3.1-8b", "baseline": {"hardware": "h100-sxm", "model": "llama-3.1-8b",
        "tensor_parallel": 3}, "lesson": {"id": "v", "title": "V", "questions": [1],
        "look_at": "Look. Here.", "group": "batching",
        "expectations": [{"path": "decode.boundd", "op": "==", "value": "memory"}]}})";
    const Result bad = cli({"validate", path.string()});
    EXPECT_EQ(bad.code, kExitInvalid);
    // The baseline's validation names the lesson file's own key under /baseline.
    EXPECT_TRUE(has(bad.err, path.string() + ": /baseline/tensor_parallel must be")) << bad.err;
    fs::remove(path);
}

TEST(CliLessons, UnknownScenarioAndMissingValue) {
    const Result unknown = cli({"analyze", "--scenario", "no-such-lesson"});
    EXPECT_EQ(unknown.code, kExitInvalid);
    EXPECT_TRUE(has(unknown.err, "no-such-lesson: the file must be a shipped scenario id ("))
        << unknown.err;
    EXPECT_TRUE(has(unknown.err, "got no such id, and no such file")) << unknown.err;
    EXPECT_EQ(cli({"analyze", "--scenario"}).code, kExitUsage);
    EXPECT_EQ(cli({"analyze", "--scenario", "ridge-point-h100", "--format", "xml"}).code,
              kExitUsage);
}

}  // namespace
