// SPDX-License-Identifier: GPL-3.0-or-later
// Calibration profile files (roofline/io/calibration.h): the reader and writer round trip,
// the shipped profiles, resolveCalibration()'s fallbacks, and the messages of broken files
// (the corpus of broken files is tests/data/invalid/calibration-*.json, run by
// invalid_files_test.cpp from its MANIFEST.tsv).

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "roofline/calibrate.h"
#include "roofline/estimate.h"
#include "roofline/io/calibration.h"
#include "roofline/io/measured.h"
#include "roofline/io/measured_estimate.h"
#include "roofline/io/presets.h"
#include "roofline/validate.h"
#include "temp_dir.h"

namespace {

namespace fs = std::filesystem;
using roofline::CalibrationProfile;
using roofline::Issue;
using roofline::Precision;
using roofline::Severity;
using roofline::io::Loaded;

const fs::path kExample = fs::path(ROOFLINE_TEST_DATA_DIR) / "calibration" / "test-chip.vllm.json";

// The smallest valid profile: every required key, none of the optional ones.
const std::string kMinimal = R"({
  "schema_version": 1,
  "hardware": "h100-sxm",
  "engine": "sglang",
  "date": "2026-12-01",
  "sources": ["a made-up citation"],
  "gemm": {"compute_units": 132, "tile_rows": 128, "tile_columns": 128},
  "kernel_floor_s": 4e-6,
  "step_overhead_s": 0.002,
  "fit": {"records": 0, "on": [], "coverage": 0.8, "residual_low": -0.3, "residual_high": 0.3}
})";

bool contains(const std::vector<std::string>& list, const std::string& item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

std::vector<const Issue*> ofSeverity(const std::vector<Issue>& issues, Severity severity) {
    std::vector<const Issue*> out;
    for (const Issue& i : issues) {
        if (i.severity == severity) {
            out.push_back(&i);
        }
    }
    return out;
}

// kMinimal with `from` replaced by `to` (once).
std::string edited(const std::string& from, const std::string& to) {
    std::string text = kMinimal;
    const std::size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) {
        text.replace(at, from.size(), to);
    }
    return text;
}

using roofline::test::TempDir;

// ---------------------------------------------------------------------------------------
// Reading and writing.

TEST(CalibrationFile, TheFullExampleReadsEveryFieldAwayFromItsDefault) {
    const Loaded<CalibrationProfile> r = roofline::io::loadCalibrationFile(kExample.string());
    ASSERT_TRUE(r.ok()) << roofline::describe(r.issues);
    EXPECT_TRUE(r.issues.empty()) << roofline::describe(r.issues);
    const CalibrationProfile& p = *r.value;
    const CalibrationProfile d;
    EXPECT_EQ(p.id, "test-chip.vllm");
    EXPECT_EQ(p.hardware, "test-chip");
    EXPECT_EQ(p.engine, "vllm");
    EXPECT_EQ(p.engineVersion, "0.6.3");
    EXPECT_EQ(p.date, "2026-11-30");
    EXPECT_FALSE(p.description.empty());
    EXPECT_EQ(p.sources.size(), 2u);
    EXPECT_EQ(p.computeUnits, 108);
    EXPECT_EQ(p.tileRows, 64);
    EXPECT_EQ(p.tileColumns, 256);
    EXPECT_EQ(p.kernelFloorSeconds, 4.5e-6);
    EXPECT_EQ(p.stepOverheadSeconds, 0.0021);
    EXPECT_EQ(p.weightEfficiency[index(Precision::Fp8)], 0.8);
    EXPECT_EQ(p.weightEfficiency[index(Precision::Int8)], 0.9);
    EXPECT_EQ(p.weightEfficiency[index(Precision::Int4)], 0.6);
    EXPECT_EQ(p.weightEfficiency[index(Precision::Bf16)], 1.0) << "missing = 1";
    EXPECT_EQ(p.kvEfficiency[index(Precision::Fp8)], 0.93);
    EXPECT_EQ(p.kvEfficiency[index(Precision::Bf16)], 1.0);
    EXPECT_EQ(p.attentionEfficiency, 0.85);
    EXPECT_EQ(p.attentionHalfLength, 256.5);
    EXPECT_EQ(p.fittedRecords, 12u);
    EXPECT_EQ(p.fittedOn.size(), 3u);
    EXPECT_EQ(p.loss, "soft-l1 in log space, scale 0.1");
    EXPECT_EQ(p.coverage, 0.9);
    EXPECT_EQ(p.residualLow, -0.2);
    EXPECT_EQ(p.residualHigh, 0.3);
    // Every field away from its default, so the round trip below tests each one.
    EXPECT_NE(p.id, d.id);
    EXPECT_NE(p.computeUnits, d.computeUnits);
    EXPECT_NE(p.tileRows, d.tileRows);
    EXPECT_NE(p.tileColumns, d.tileColumns);
    EXPECT_NE(p.kernelFloorSeconds, d.kernelFloorSeconds);
    EXPECT_NE(p.stepOverheadSeconds, d.stepOverheadSeconds);
    EXPECT_NE(p.weightEfficiency, d.weightEfficiency);
    EXPECT_NE(p.kvEfficiency, d.kvEfficiency);
    EXPECT_NE(p.attentionEfficiency, d.attentionEfficiency);
    EXPECT_NE(p.attentionHalfLength, d.attentionHalfLength);
    EXPECT_NE(p.fittedRecords, d.fittedRecords);
    EXPECT_NE(p.coverage, d.coverage);
    EXPECT_NE(p.residualLow, d.residualLow);
    EXPECT_NE(p.residualHigh, d.residualHigh);
    EXPECT_TRUE(roofline::validateProfile(p).empty());
}

TEST(CalibrationFile, WritingAndReadingGivesTheFullProfileBack) {
    const Loaded<CalibrationProfile> r = roofline::io::loadCalibrationFile(kExample.string());
    ASSERT_TRUE(r.ok()) << roofline::describe(r.issues);
    const std::string text = roofline::io::calibrationProfileToJson(*r.value);
    const Loaded<CalibrationProfile> back =
        roofline::io::parseCalibrationProfile(text, "written.json", "other-id");
    ASSERT_TRUE(back.ok()) << roofline::describe(back.issues) << "\n" << text;
    EXPECT_TRUE(back.issues.empty()) << roofline::describe(back.issues);
    EXPECT_EQ(*back.value, *r.value) << text;
    EXPECT_EQ(roofline::io::calibrationProfileToJson(*back.value), text) << "stable";
}

TEST(CalibrationFile, DoublesRoundTripBitForBit) {
    // Values with no short decimal: the writer must give the shortest text that reads back
    // to the same double, never a rounded one.
    CalibrationProfile p = *roofline::io::parseCalibrationProfile(kMinimal, "m.json", "m").value;
    p.kernelFloorSeconds = 1.0 / 3.0 * 1e-5;
    p.stepOverheadSeconds = std::nextafter(0.002, 1.0);
    p.weightEfficiency[index(Precision::Nvfp4)] = 0.1 + 0.2;
    p.kvEfficiency[index(Precision::Fp4)] = std::nextafter(1.0, 0.0);
    p.attentionEfficiency = 2.0 / 3.0;
    p.attentionHalfLength = 1e7;
    p.coverage = 0.8000000000000002;
    p.residualLow = -1.0 / 7.0;
    p.residualHigh = 5.0;
    p.fittedRecords = 165;
    p.fittedOn = {"a", "b \"quoted\" \\ / ünïcode"};
    p.loss = "least squares";
    p.engine = "llama.cpp";
    ASSERT_TRUE(roofline::validateProfile(p).empty());
    const std::string text = roofline::io::calibrationProfileToJson(p);
    const Loaded<CalibrationProfile> back =
        roofline::io::parseCalibrationProfile(text, "written.json", "m");
    ASSERT_TRUE(back.ok()) << roofline::describe(back.issues) << "\n" << text;
    EXPECT_EQ(*back.value, p) << text;
}

TEST(CalibrationFile, OptionalKeysTakeTheirDefaults) {
    const Loaded<CalibrationProfile> r =
        roofline::io::parseCalibrationProfile(kMinimal, "min.json", "h100-sxm.sglang");
    ASSERT_TRUE(r.ok()) << roofline::describe(r.issues);
    EXPECT_TRUE(r.issues.empty()) << roofline::describe(r.issues);
    const CalibrationProfile& p = *r.value;
    EXPECT_EQ(p.id, "h100-sxm.sglang") << "no \"id\": the id given";
    EXPECT_EQ(p.engineVersion, "");
    EXPECT_EQ(p.description, "");
    EXPECT_EQ(p.weightEfficiency, roofline::kAllOnes);
    EXPECT_EQ(p.kvEfficiency, roofline::kAllOnes);
    EXPECT_EQ(p.attentionEfficiency, 1.0);
    EXPECT_EQ(p.attentionHalfLength, 0.0);
    EXPECT_EQ(p.loss, "");
    EXPECT_TRUE(p.fittedOn.empty());
    // The file's own "id" wins over the one given.
    const Loaded<CalibrationProfile> named = roofline::io::parseCalibrationProfile(
        edited("\"schema_version\": 1,", "\"schema_version\": 1, \"id\": \"mine\","), "x.json",
        "h100-sxm.sglang");
    ASSERT_TRUE(named.ok()) << roofline::describe(named.issues);
    EXPECT_EQ(named.value->id, "mine");
}

TEST(CalibrationFile, UnknownKeysAreWarningsAndIgnored) {
    std::string text = edited("\"date\":", "\"colour\": \"red\", \"date\":");
    text.replace(text.find("\"tile_rows\""), 0, "\"tile_depth\": 64, ");
    text.replace(text.find("\"coverage\""), 0, "\"method\": \"lsq\", ");
    const Loaded<CalibrationProfile> r = roofline::io::parseCalibrationProfile(text, "u.json", "u");
    ASSERT_TRUE(r.ok()) << roofline::describe(r.issues);
    const std::vector<const Issue*> warnings = ofSeverity(r.issues, Severity::Warning);
    ASSERT_EQ(warnings.size(), 3u) << roofline::describe(r.issues);
    EXPECT_EQ(warnings[0]->pointer, "/colour");
    EXPECT_EQ(warnings[1]->pointer, "/gemm/tile_depth");
    EXPECT_EQ(warnings[2]->pointer, "/fit/method");
    EXPECT_EQ(r.issues.size(), 3u) << "warnings only";
    EXPECT_EQ(warnings[0]->file, "u.json");
}

TEST(CalibrationFile, RangeErrorsNameTheKeyAndShowTheFilesText) {
    struct Case {
        std::string from, to, pointer, message;
    };
    for (const Case& c : std::vector<Case>{
             {"\"kernel_floor_s\": 4e-6", "\"kernel_floor_s\": 0.100001", "/kernel_floor_s",
              "r.json: /kernel_floor_s must be seconds from 0 to 0.1, got 0.100001"},
             {"\"step_overhead_s\": 0.002", "\"step_overhead_s\": -0.5", "/step_overhead_s",
              "r.json: /step_overhead_s must be seconds from 0 to 10, got -0.5"},
             {"\"tile_columns\": 128", "\"tile_columns\": 8192", "/gemm/tile_columns",
              "r.json: /gemm/tile_columns must be an integer from 1 to 4096, got 8192"},
             {"\"fit\":", "\"weight_efficiency\": {\"int4\": 3}, \"fit\":",
              "/weight_efficiency/int4",
              "r.json: /weight_efficiency/int4 must be a factor from 0.01 to 1, got 3"},
             // An efficiency above 1 would make the estimate faster than the achievable bound.
             {"\"fit\":", "\"kv_efficiency\": {\"fp8\": 1.2}, \"fit\":", "/kv_efficiency/fp8",
              "r.json: /kv_efficiency/fp8 must be a factor from 0.01 to 1, got 1.2"},
             {"\"fit\":", "\"attention\": {\"half_length\": -1}, \"fit\":",
              "/attention/half_length",
              "r.json: /attention/half_length must be tokens from 0 to 1e+07, got -1"},
             {"\"residual_low\": -0.3", "\"residual_low\": 0.5", "/fit/residual_low",
              "r.json: /fit/residual_low must be at most residual_high (0.300), got 0.5"},
         }) {
        SCOPED_TRACE(c.to);
        const Loaded<CalibrationProfile> r =
            roofline::io::parseCalibrationProfile(edited(c.from, c.to), "r.json", "r");
        EXPECT_FALSE(r.ok());
        const std::vector<const Issue*> errors = ofSeverity(r.issues, Severity::Error);
        ASSERT_EQ(errors.size(), 1u) << roofline::describe(r.issues);
        EXPECT_EQ(errors[0]->pointer, c.pointer);
        EXPECT_EQ(errors[0]->message(), c.message);
    }
}

TEST(CalibrationFile, TypeErrorsNameTheKey) {
    struct Case {
        std::string from, to, pointer, fragment;
    };
    for (const Case& c : std::vector<Case>{
             {"\"kernel_floor_s\": 4e-6", "\"kernel_floor_s\": true", "/kernel_floor_s",
              "must be a number, got true"},
             {"\"compute_units\": 132", "\"compute_units\": \"132\"", "/gemm/compute_units",
              "must be an integer, got \"132\""},
             {"\"records\": 0", "\"records\": -1", "/fit/records", "an integer ≥ 0"},
             {"\"on\": []", "\"on\": \"m206\"", "/fit/on", "an array of what the fit used"},
             {"\"sources\": [\"a made-up citation\"]", "\"sources\": [\"\"]", "/sources/0",
              "a non-empty string, got \"\""},
             {"\"engine\": \"sglang\"", "\"engine\": 1", "/engine", "a serving engine"},
             {"\"date\": \"2026-12-01\"", "\"date\": \"2026-13-01\"", "/date", "YYYY-MM-DD"},
             {"\"fit\":", "\"kv_efficiency\": [0.9], \"fit\":", "/kv_efficiency",
              "an object of efficiencies by precision"},
             {"\"fit\":", "\"kv_efficiency\": {\"tf32\": 0.9}, \"fit\":", "/kv_efficiency/tf32",
              "a precision: fp32, bf16"},
             {"\"schema_version\": 1", "\"schema_version\": \"1\"", "/schema_version", "integer"},
         }) {
        SCOPED_TRACE(c.to);
        const Loaded<CalibrationProfile> r =
            roofline::io::parseCalibrationProfile(edited(c.from, c.to), "t.json", "t");
        EXPECT_FALSE(r.ok());
        const std::vector<const Issue*> errors = ofSeverity(r.issues, Severity::Error);
        ASSERT_FALSE(errors.empty());
        EXPECT_EQ(errors[0]->pointer, c.pointer) << errors[0]->message();
        EXPECT_EQ(errors[0]->file, "t.json");
        EXPECT_NE(errors[0]->message().find(c.fragment), std::string::npos) << errors[0]->message();
    }
}

TEST(CalibrationFile, EveryRequiredKeyMissingIsAnErrorAtItsPointer) {
    for (const char* key :
         {"schema_version", "hardware", "engine", "date", "sources", "gemm", "kernel_floor_s",
          "step_overhead_s", "fit", "compute_units", "tile_rows", "tile_columns", "records", "on",
          "coverage", "residual_low", "residual_high"}) {
        SCOPED_TRACE(key);
        // Renaming the key makes it unknown (a warning) and the real one missing.
        const std::string quoted = std::string("\"") + key + "\":";
        const Loaded<CalibrationProfile> r = roofline::io::parseCalibrationProfile(
            edited(quoted, std::string("\"x_") + key + "\":"), "m.json", "m");
        EXPECT_FALSE(r.ok());
        const std::vector<const Issue*> errors = ofSeverity(r.issues, Severity::Error);
        ASSERT_EQ(errors.size(), 1u) << roofline::describe(r.issues);
        EXPECT_TRUE(errors[0]->pointer.ends_with(std::string("/") + key)) << errors[0]->pointer;
        EXPECT_EQ(errors[0]->found, "missing");
    }
}

TEST(CalibrationFile, NoInputThrowsOrGivesAValueWithAnError) {
    std::vector<std::string> inputs = {"",
                                       " ",
                                       "null",
                                       "[]",
                                       "\"text\"",
                                       "{",
                                       "{}",
                                       "{\"schema_version\": 1}",
                                       std::string(10000, '['),
                                       std::string(10000, '{'),
                                       "{\"fit\": {\"on\": [1, null, {}]}}",
                                       "{\"gemm\": {\"compute_units\": 1e308}}",
                                       "{\"gemm\": {\"compute_units\": -1e308}}",
                                       "{\"gemm\": {\"compute_units\": 18446744073709551615}}",
                                       "{\"fit\": {\"records\": 18446744073709551615}}",
                                       "{\"date\": \"9999-99-99\"}",
                                       std::string("{\"hardware\": \"\0\"}", 17),
                                       "\xEF\xBB\xBF{}",
                                       "{\"a\": \"\xFF\"}"};
    std::mt19937 random(42);
    for (int i = 0; i < 200; ++i) {
        std::string text = kMinimal;
        for (int k = 0; k < 3; ++k) {
            text[random() % text.size()] = static_cast<char>(random() % 256);
        }
        inputs.push_back(text);
    }
    for (const std::string& text : inputs) {
        Loaded<CalibrationProfile> r;
        EXPECT_NO_THROW(r = roofline::io::parseCalibrationProfile(text, "f.json", "f"));
        if (r.ok()) {
            EXPECT_FALSE(roofline::hasErrors(r.issues));
            EXPECT_TRUE(roofline::validateProfile(*r.value).empty());
        } else {
            EXPECT_TRUE(roofline::hasErrors(r.issues)) << text;
        }
        for (const Issue& issue : r.issues) {
            EXPECT_FALSE(issue.expected.empty()) << issue.message();
            EXPECT_FALSE(issue.found.empty()) << issue.message();
            EXPECT_EQ(issue.file, "f.json");
        }
    }
}

TEST(CalibrationFile, AFileOverTheLimitIsRefusedAndOneAtItLoads) {
    TempDir dir;
    const std::size_t limit = roofline::io::kMaxCalibrationFileBytes;
    ASSERT_EQ(limit, 1024u * 1024u);
    std::string text = kMinimal;
    text.append(limit - text.size(), ' ');
    const std::string atLimit = dir.write("at-limit.vllm.json", text);
    const Loaded<CalibrationProfile> ok = roofline::io::loadCalibrationFile(atLimit);
    ASSERT_TRUE(ok.ok()) << roofline::describe(ok.issues);
    EXPECT_EQ(ok.value->id, "at-limit.vllm") << "the id is the file's stem";

    const std::string over = dir.write("over.json", text + " ");
    const Loaded<CalibrationProfile> r = roofline::io::loadCalibrationFile(over);
    EXPECT_FALSE(r.ok());
    ASSERT_EQ(r.issues.size(), 1u);
    EXPECT_EQ(r.issues[0].message(),
              over + ": the file must be a file of at most 1048576 bytes, got a larger file");
}

TEST(CalibrationFile, AMissingFileAndNotJsonNameTheFile) {
    TempDir dir;
    const std::string missing = (dir.path() / "missing.vllm.json").string();
    const Loaded<CalibrationProfile> none = roofline::io::loadCalibrationFile(missing);
    EXPECT_FALSE(none.ok());
    ASSERT_FALSE(none.issues.empty());
    EXPECT_EQ(none.issues[0].file, missing);
    EXPECT_NE(none.issues[0].message().find("a readable file"), std::string::npos);

    const std::string broken = dir.write("broken.json", "{\"schema_version\": 1,,}");
    const Loaded<CalibrationProfile> r = roofline::io::loadCalibrationFile(broken);
    EXPECT_FALSE(r.ok());
    ASSERT_EQ(r.issues.size(), 1u);
    EXPECT_EQ(r.issues[0].file, broken);
    EXPECT_EQ(r.issues[0].expected, "valid JSON");
}

// ---------------------------------------------------------------------------------------
// The shipped profiles.

TEST(ShippedCalibration, EveryProfileParsesWithNoIssueAndValidates) {
    const std::vector<std::string> ids = roofline::io::calibrationIds();
    ASSERT_TRUE(contains(ids, "generic"));
    EXPECT_TRUE(std::is_sorted(ids.begin(), ids.end()));
    const std::vector<std::string> hardware = roofline::io::hardwareIds();
    for (const std::string& id : ids) {
        SCOPED_TRACE(id);
        const Loaded<CalibrationProfile> r = roofline::io::builtinCalibration(id);
        ASSERT_TRUE(r.ok()) << roofline::describe(r.issues);
        EXPECT_TRUE(r.issues.empty()) << roofline::describe(r.issues);
        const CalibrationProfile& p = *r.value;
        EXPECT_TRUE(roofline::validateProfile(p).empty());
        EXPECT_EQ(p.id, id);
        EXPECT_FALSE(p.sources.empty());
        EXPECT_TRUE(contains(roofline::io::knownEngines(), p.engine));
        // "<hardware>.<engine>", for a shipped hardware id; or "generic" for any chip.
        if (id == "generic") {
            EXPECT_EQ(p.hardware, "*");
            EXPECT_EQ(p.engine, "generic");
        } else {
            EXPECT_EQ(id, p.hardware + "." + p.engine);
            EXPECT_TRUE(contains(hardware, p.hardware)) << p.hardware;
        }
        // A fitted profile says what it was fitted on.
        EXPECT_TRUE(p.fittedRecords == 0 || !p.fittedOn.empty());
        // The file on disk says the same id, and the writer gives the profile back.
        const Loaded<CalibrationProfile> fromDisk = roofline::io::loadCalibrationFile(
            (fs::path(ROOFLINE_PRESET_DIR) / "calibration" / (id + ".json")).string());
        ASSERT_TRUE(fromDisk.ok()) << roofline::describe(fromDisk.issues);
        EXPECT_EQ(*fromDisk.value, p);
        const Loaded<CalibrationProfile> back = roofline::io::parseCalibrationProfile(
            roofline::io::calibrationProfileToJson(p), "written.json", id);
        ASSERT_TRUE(back.ok()) << roofline::describe(back.issues);
        EXPECT_EQ(*back.value, p);
    }
}

TEST(ShippedCalibration, GenericHoldsTheCitedDefaultsWithAWideInterval) {
    const Loaded<CalibrationProfile> r = roofline::io::builtinCalibration("generic");
    ASSERT_TRUE(r.ok()) << roofline::describe(r.issues);
    const CalibrationProfile& p = *r.value;
    EXPECT_EQ(p.hardware, "*");
    EXPECT_EQ(p.engine, "generic");
    EXPECT_EQ(p.computeUnits, 132);
    EXPECT_EQ(p.tileRows, 128);
    EXPECT_EQ(p.tileColumns, 128);
    EXPECT_EQ(p.kernelFloorSeconds, 3e-6);
    EXPECT_EQ(p.stepOverheadSeconds, 1e-3);
    EXPECT_EQ(p.weightEfficiency[index(Precision::Int4)], 0.7);
    EXPECT_EQ(p.weightEfficiency[index(Precision::Int8)], 0.85);
    EXPECT_EQ(p.weightEfficiency[index(Precision::Bf16)], 1.0);
    EXPECT_EQ(p.kvEfficiency, roofline::kAllOnes);
    EXPECT_EQ(p.attentionEfficiency, 0.8);
    EXPECT_EQ(p.attentionHalfLength, 128.0);
    EXPECT_EQ(p.fittedRecords, 0u) << "cited defaults, not fitted";
    EXPECT_EQ(p.coverage, 0.8);
    EXPECT_EQ(p.residualLow, -0.4);
    EXPECT_EQ(p.residualHigh, 0.4);
    EXPECT_NE(p.description.find("not fitted"), std::string::npos) << p.description;
}

TEST(ShippedCalibration, KnownEnginesAreTheDocumentedNine) {
    EXPECT_EQ(roofline::io::knownEngines(),
              (std::vector<std::string>{"generic", "vllm", "sglang", "tensorrt-llm", "nim",
                                        "llama.cpp", "lmdeploy", "tgi", "mlc-llm"}));
}

TEST(ShippedCalibration, AnUnknownIdListsTheShippedOnes) {
    const Loaded<CalibrationProfile> r = roofline::io::builtinCalibration("h100-sxm.vllm2");
    EXPECT_FALSE(r.ok());
    ASSERT_EQ(r.issues.size(), 1u);
    EXPECT_EQ(r.issues[0].severity, Severity::Error);
    EXPECT_NE(r.issues[0].expected.find("generic"), std::string::npos) << r.issues[0].message();
    EXPECT_EQ(r.issues[0].found, "no such id");
}

// ---------------------------------------------------------------------------------------
// resolveCalibration(): exact, the hardware's generic profile, the generic one.

// Shipped "<hardware>.<engine>" ids split into their two parts.
std::vector<std::pair<std::string, std::string>> perHardwareProfiles() {
    std::vector<std::pair<std::string, std::string>> out;
    for (const std::string& id : roofline::io::calibrationIds()) {
        const Loaded<CalibrationProfile> r = roofline::io::builtinCalibration(id);
        if (r.ok() && r.value->hardware != "*") {
            out.emplace_back(r.value->hardware, r.value->engine);
        }
    }
    return out;
}

TEST(ResolveCalibration, AShippedProfileForTheHardwareAndEngineIsUsedAsItIs) {
    const auto profiles = perHardwareProfiles();
    if (profiles.empty()) {
        GTEST_SKIP() << "no per-hardware profile is shipped yet (presets/calibration/ holds "
                        "only generic.json)";
    }
    for (const auto& [hardware, engine] : profiles) {
        SCOPED_TRACE(hardware + "." + engine);
        const Loaded<CalibrationProfile> r = roofline::io::resolveCalibration(hardware, engine);
        ASSERT_TRUE(r.ok()) << roofline::describe(r.issues);
        EXPECT_TRUE(r.issues.empty()) << roofline::describe(r.issues);
        EXPECT_EQ(r.value->id, hardware + "." + engine);
    }
}

TEST(ResolveCalibration, AnEngineWithoutAProfileFallsBackToTheHardwaresGenericOne) {
    bool tested = false;
    for (const auto& [hardware, engine] : perHardwareProfiles()) {
        if (engine != "generic") {
            continue;
        }
        for (const std::string& other : roofline::io::knownEngines()) {
            const std::vector<std::string> ids = roofline::io::calibrationIds();
            if (contains(ids, hardware + "." + other)) {
                continue;
            }
            SCOPED_TRACE(hardware + " " + other);
            tested = true;
            const Loaded<CalibrationProfile> r = roofline::io::resolveCalibration(hardware, other);
            ASSERT_TRUE(r.ok()) << roofline::describe(r.issues);
            EXPECT_EQ(r.value->id, hardware + ".generic");
            const std::vector<const Issue*> warnings = ofSeverity(r.issues, Severity::Warning);
            ASSERT_EQ(warnings.size(), 1u) << roofline::describe(r.issues);
            EXPECT_NE(warnings[0]->message().find("no " + other + " profile for " + hardware +
                                                  ": using the generic one"),
                      std::string::npos)
                << warnings[0]->message();
        }
    }
    if (!tested) {
        GTEST_SKIP() << "no \"<hardware>.generic\" profile is shipped yet";
    }
}

TEST(ResolveCalibration, HardwareWithoutAnyProfileGetsTheGenericDefaultsWithAWarning) {
    // A shipped chip with no profile of its own, and a chip that is no preset at all.
    std::vector<std::string> chips = {"my-own-chip"};
    const std::vector<std::string> ids = roofline::io::calibrationIds();
    for (const std::string& hardware : roofline::io::hardwareIds()) {
        const bool hasOne = std::any_of(ids.begin(), ids.end(), [&](const std::string& id) {
            return id.starts_with(hardware + ".");
        });
        // Nor one its family lends (an A100 40GB borrows the A100 80GB SXM's).
        const bool borrows =
            roofline::io::calibrationFallback(hardware, "vllm").find("borrowing") !=
            std::string::npos;
        if (!hasOne && !borrows) {
            chips.push_back(hardware);
            break;
        }
    }
    ASSERT_EQ(chips.size(), 2u) << "every shipped chip has a profile: pick another case";
    for (const std::string& chip : chips) {
        for (const std::string& engine : roofline::io::knownEngines()) {
            SCOPED_TRACE(chip + " " + engine);
            const Loaded<CalibrationProfile> r = roofline::io::resolveCalibration(chip, engine);
            ASSERT_TRUE(r.ok()) << roofline::describe(r.issues);
            EXPECT_EQ(r.value->id, "generic");
            EXPECT_EQ(r.value->hardware, "*");
            ASSERT_EQ(r.issues.size(), 1u) << roofline::describe(r.issues);
            const Issue& w = r.issues[0];
            EXPECT_EQ(w.severity, Severity::Warning);
            EXPECT_EQ(w.field, "calibration");
            const std::string message = w.message();
            EXPECT_NE(message.find("no profile for " + chip + " exists"), std::string::npos)
                << message;
            EXPECT_NE(message.find("generic defaults"), std::string::npos) << message;
        }
    }
}

TEST(ResolveCalibration, AChipWithoutAProfileBorrowsItsFamilysAndIsExtrapolated) {
    // The A100 40GB SXM has no profile: it borrows the A100 80GB SXM's vLLM profile (the
    // same SMs and kernels, less HBM), says which, and its estimate is extrapolated to
    // another chip.
    const Loaded<CalibrationProfile> r = roofline::io::resolveCalibration("a100-40gb-sxm", "vllm");
    ASSERT_TRUE(r.ok()) << roofline::describe(r.issues);
    EXPECT_EQ(r.value->id, "a100-80gb-sxm.vllm");
    ASSERT_EQ(r.issues.size(), 1u);
    EXPECT_NE(r.issues[0].message().find("borrowing a100-80gb-sxm.vllm"), std::string::npos)
        << r.issues[0].message();
    roofline::Scenario s;
    s.hardware = *roofline::io::builtinHardware("a100-40gb-sxm").value;
    s.model = *roofline::io::builtinModel("llama-3.1-8b").value;
    s.workload.ceilings = roofline::Ceilings::Estimate;
    s.calibration = std::make_shared<const CalibrationProfile>(*r.value);
    const roofline::Analysis a = roofline::analyze(s);
    ASSERT_TRUE(a.estimate.has_value());
    EXPECT_NE(a.estimate->extrapolation & roofline::kOtherHardware, 0u);
    const std::vector<std::string> why = roofline::extrapolationReasons(*a.estimate, s);
    ASSERT_FALSE(why.empty());
    EXPECT_EQ(why.front(),
              "no a100-40gb-sxm record in a100-80gb-sxm.vllm (its records are on "
              "a100-80gb-sxm)");
}

TEST(ResolveCalibration, AnUnknownEngineIsAnErrorListingTheKnownOnes) {
    for (const std::string& engine : {std::string("vLLM"), std::string(""), std::string("tgi-2")}) {
        SCOPED_TRACE(engine);
        const Loaded<CalibrationProfile> r = roofline::io::resolveCalibration("h100-sxm", engine);
        EXPECT_FALSE(r.ok());
        ASSERT_EQ(r.issues.size(), 1u);
        const Issue& e = r.issues[0];
        EXPECT_EQ(e.severity, Severity::Error);
        EXPECT_EQ(e.field, "calibration.engine");
        EXPECT_EQ(e.found, "\"" + engine + "\"");
        for (const std::string& known : roofline::io::knownEngines()) {
            EXPECT_NE(e.expected.find(known), std::string::npos) << e.message();
        }
    }
}

}  // namespace

// ---------------------------------------------------------------------------------------
// The shipped profiles against the records they were fitted on (presets/calibration/records).
// Not a validation (these are fit data, and held-out sources never enter them): the checks
// that a refit or a change of the engine cannot silently break what the profiles claim.

namespace {

struct RecordCheck {
    std::size_t rows = 0, beatingPeak = 0, inInterval = 0;
    double medianAbsError = 0.0;
};

// The records of `files` (presets/calibration/records) against the shipped profile `id`.
RecordCheck checkRecords(const std::vector<fs::path>& files, const std::string& id) {
    const Loaded<CalibrationProfile> profile = roofline::io::builtinCalibration(id);
    EXPECT_TRUE(profile.ok()) << id;
    RecordCheck out;
    if (!profile.ok()) {
        return out;
    }
    const auto shared = std::make_shared<const CalibrationProfile>(*profile.value);
    std::vector<roofline::io::RowEstimate> estimates;
    for (const fs::path& path : files) {
        const roofline::io::MeasuredFile file = roofline::io::loadMeasuredFile(path.string());
        EXPECT_TRUE(file.rejected.empty()) << path;
        for (const roofline::io::MeasuredRow& row : file.rows) {
            ++out.rows;
            // With spec peaks no measured record beats the bound.
            const roofline::io::MeasuredResult peak =
                roofline::io::placeRow(row, roofline::Ceilings::Peak);
            out.beatingPeak += peak.placement.efficiency > 1.0 ? 1u : 0u;
            estimates.push_back(roofline::io::estimateRow(row, shared));
        }
    }
    const roofline::io::EstimateSummary s = roofline::io::summarizeEstimates(estimates);
    EXPECT_EQ(s.rows, out.rows) << id;
    out.medianAbsError = s.medianAbsError;
    out.inInterval =
        static_cast<std::size_t>(std::lround(s.coveredFraction * static_cast<double>(s.rows)));
    return out;
}

// Every records file, by the profile fitted on it: "h100-sxm.vllm" for h100-sxm.vllm.csv
// and h100-sxm.vllm.published.csv; and each chip's generic profile on all of that chip's.
std::map<std::string, std::vector<fs::path>> recordsByProfile() {
    std::map<std::string, std::vector<fs::path>> out;
    for (const fs::directory_entry& e :
         fs::directory_iterator(fs::path(ROOFLINE_PRESET_DIR) / "calibration" / "records")) {
        std::string stem = e.path().filename().string();
        if (!stem.ends_with(".csv")) {
            continue;
        }
        stem.resize(stem.size() - 4);
        if (stem.ends_with(".published")) {
            stem.resize(stem.size() - 10);
        }
        const std::string hardware = stem.substr(0, stem.find('.'));
        out[hardware + ".generic"].push_back(e.path());
        if (!stem.ends_with(".generic")) {
            out[stem].push_back(e.path());
        }
    }
    return out;
}

}  // namespace

TEST(ShippedProfiles, TheirRecordsNeverBeatThePeakBoundAndTheEstimateFitsThem) {
    const std::map<std::string, std::vector<fs::path>> profiles = recordsByProfile();
    // An engine's own profile where its records come from two sources or more
    // (scripts/calibration/fit_profiles.py); the rest of a chip's records feed its generic
    // profile. A chip whose records are one source's has none (RTX 5090: four rows of one
    // run), and borrows its family's.
    const std::vector<std::string> ids = roofline::io::calibrationIds();
    std::size_t checked = 0;
    for (const auto& [id, files] : profiles) {
        SCOPED_TRACE(id);
        if (std::find(ids.begin(), ids.end(), id) == ids.end()) {
            EXPECT_TRUE(!id.ends_with(".generic") || id == "rtx-5090.generic")
                << "a chip's records without its generic profile";
            continue;
        }
        const RecordCheck c = checkRecords(files, id);
        ++checked;
        EXPECT_GE(c.rows, 4u);
        EXPECT_EQ(c.beatingPeak, 0u);
        // In-sample: the fits' own median |error| (docs/calibration.md "Estimates"): at most 25%
        // where a profile stands on 40 records or more, 35% on fewer (L40S, MI300X's SGLang,
        // GB200's 20 rows with parameters held at their base).
        EXPECT_LE(c.medianAbsError, c.rows >= 40 ? 0.25 : 0.35);
        // The intervals are the pooled residuals of every source left out, by regime, not
        // this profile's own records': on a profile of 40 records or more they still cover
        // two thirds of them (TensorRT-LLM's on H100 are the least covered, 34 of 50, its
        // batch-max rows slower than the pooled spread); a smaller one's records are too few
        // to judge an 80% interval by.
        if (c.rows >= 40) {
            EXPECT_GE(static_cast<double>(c.inInterval), 0.66 * static_cast<double>(c.rows));
        }
    }
    EXPECT_GE(checked, 20u);
}

TEST(ShippedProfiles, EveryChipOfTheIssueHasAGenericProfileWithItsComputeUnits) {
    // SMs from ../shared/reference/hardware.json; MI300X's 304 CUs from AMD's data sheet.
    const std::vector<std::pair<std::string, std::int64_t>> chips = {
        {"h100-sxm", 132}, {"h200", 132},  {"a100-80gb-sxm", 108},
        {"b200", 148},     {"gb200", 148}, {"mi300x", 304}};
    for (const auto& [hardware, units] : chips) {
        // nim: an engine no chip has a profile of, so every chip falls back to its generic one.
        const Loaded<CalibrationProfile> p = roofline::io::resolveCalibration(hardware, "nim");
        ASSERT_TRUE(p.ok()) << hardware;
        EXPECT_EQ(p.value->id, hardware + ".generic");
        EXPECT_EQ(p.value->computeUnits, units) << hardware;
    }
}
