// SPDX-License-Identifier: GPL-3.0-or-later
// roofline-cli calibrate: a profile fitted to measured results (roofline/calibrate.h), on
// tests/data/measured/calibration-synthetic.csv, whose values the estimate itself made from
// known parameters (the file's comment names them).

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli.h"
#include "cli_runner.h"
#include "roofline/estimate.h"
#include "roofline/io/calibration.h"
#include "roofline/validate.h"

namespace {

using nlohmann::json;
using roofline::cli::kExitInvalid;
using roofline::cli::kExitOk;
using roofline::cli::kExitUsage;
using Result = roofline::test::CliResult;
using roofline::test::cli;
using roofline::test::has;

const std::string kSynthetic =
    std::string(ROOFLINE_TEST_DATA_DIR) + "/measured/calibration-synthetic.csv";

// The step's structure the synthetic rows were made without (the shipped h100-sxm.generic,
// the base when no --from is given, has its own fitted values of these).
std::vector<std::string> withoutStructure(std::vector<std::string> args) {
    for (const char* fix :
         {"launch_s=0", "collective_latency_s=0", "moe_half_tokens=0", "api_s=0"}) {
        args.insert(args.end(), {"--fix", fix});
    }
    return args;
}

const json& parameter(const json& fit, const std::string& name) {
    for (const json& p : fit["parameters"]) {
        if (p["name"] == name) {
            return p;
        }
    }
    ADD_FAILURE() << "no parameter " << name;
    static const json none;
    return none;
}

TEST(CliCalibrate, RecoversTheParametersTheRowsWereMadeFrom) {
    // The file's 51 rows on h100-sxm were made with a 2 ms step overhead, a 4 µs kernel
    // floor, bf16 matmuls at 0.9 and fp8 ones at 0.7, attention at 0.75 with a half length of
    // 256 tokens; written to 8 figures, so the fit lands on them within 1e-5.
    const std::string written = ::testing::TempDir() + "calibrate-cli-profile.json";
    std::filesystem::remove(written);
    const Result r = cli(withoutStructure(
        {"calibrate", kSynthetic, "--hardware", "h100-sxm", "--format", "json", "-o", written}));
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json fit = json::parse(r.out);
    EXPECT_EQ(fit["records"], 51);
    for (const auto& [name, value] :
         std::vector<std::pair<std::string, double>>{{"step_overhead_s", 2e-3},
                                                     {"kernel_floor_s", 4e-6},
                                                     {"weight_efficiency/bf16", 0.9},
                                                     {"weight_efficiency/fp8", 0.7},
                                                     {"attention_efficiency", 0.75},
                                                     {"attention_half_length", 256.0}}) {
        const json& p = parameter(fit, name);
        EXPECT_NEAR(p["value"].get<double>() / value, 1.0, 1e-5) << name;
        EXPECT_EQ(p["status"], "fitted") << name;
        EXPECT_TRUE(p["standard_error"].is_number()) << name;
    }
    EXPECT_EQ(parameter(fit, "kv_efficiency/bf16")["status"], "kept");
    EXPECT_TRUE(parameter(fit, "kv_efficiency/bf16")["standard_error"].is_null());
    EXPECT_LT(fit["median_abs_error"].get<double>(), 1e-5);
    EXPECT_EQ(fit["residuals"].size(), 51u);
    EXPECT_EQ(fit["residuals"][0]["id"], "8b-bf16-b1-p128-tpot");  // the row's label
    // The two a100-80gb-sxm rows are skipped, by line.
    EXPECT_EQ(fit["skipped"], json::parse(R"([{"line": 60, "hardware": "a100-80gb-sxm"},
                                               {"line": 61, "hardware": "a100-80gb-sxm"}])"));
    // -o wrote the profile: the calibration file schema, for this hardware, fitted.
    std::ifstream in(written);
    ASSERT_TRUE(in.good()) << written;
    const json profile = json::parse(in);
    EXPECT_EQ(profile, fit["profile"]);
    EXPECT_EQ(profile["schema_version"], 1);
    EXPECT_EQ(profile["id"], "h100-sxm.generic");
    EXPECT_EQ(profile["hardware"], "h100-sxm");
    EXPECT_EQ(profile["engine"], "generic");
    // YYYY-MM-DD, checked by hand: <regex> makes GCC 12 warn a false maybe-uninitialized
    // under the sanitizers (-Werror there).
    const std::string date = profile["date"].get<std::string>();
    bool isoDate = date.size() == 10 && date[4] == '-' && date[7] == '-';
    for (std::size_t i = 0; i < date.size(); ++i) {
        isoDate = isoDate && (i == 4 || i == 7 || (date[i] >= '0' && date[i] <= '9'));
    }
    EXPECT_TRUE(isoDate) << date;
    EXPECT_NEAR(profile["kernel_floor_s"].get<double>(), 4e-6, 4e-11);
    EXPECT_NEAR(profile["weight_efficiency"]["fp8"].get<double>(), 0.7, 1e-5);
    EXPECT_EQ(profile["fit"]["records"], 51);
    EXPECT_EQ(profile["fit"]["on"].size(), 51u);
    EXPECT_EQ(profile["fit"]["loss"], "soft-l1 in log space, scale 0.1");
    EXPECT_EQ(profile["fit"]["coverage"], 0.8);
    EXPECT_LE(profile["fit"]["residual_low"].get<double>(), 0.0);
    EXPECT_GE(profile["fit"]["residual_high"].get<double>(), 0.0);
    EXPECT_TRUE(
        has(profile["sources"].back().get<std::string>(), "fitted on 51 records of " + kSynthetic))
        << profile["sources"];
    // And it reads back as a calibration profile file, without an issue.
    const roofline::io::Loaded<roofline::CalibrationProfile> loaded =
        roofline::io::loadCalibrationFile(written);
    ASSERT_TRUE(loaded.ok()) << roofline::describe(loaded.issues);
    EXPECT_TRUE(loaded.issues.empty()) << roofline::describe(loaded.issues);
    EXPECT_EQ(loaded.value->fittedRecords, 51u);
    EXPECT_EQ(loaded.value->kernelFloorSeconds, profile["kernel_floor_s"].get<double>());
}

TEST(CliCalibrate, TheTableNamesEachParameterRecordAndTheInterval) {
    const Result r = cli(withoutStructure({"calibrate", kSynthetic, "--hardware", "h100-sxm"}));
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_TRUE(has(r.out, "Calibration profile h100-sxm.generic fitted on 51 records of " +
                               kSynthetic + " (2 rows on other hardware than h100-sxm skipped)"))
        << r.out;
    EXPECT_TRUE(has(r.out, "soft-l1 in log space, scale 0.1")) << r.out;
    EXPECT_TRUE(has(r.out, "\nstep_overhead_s         2.00 ms")) << r.out;
    EXPECT_TRUE(has(r.out, "\nkernel_floor_s          4.00 µs")) << r.out;
    EXPECT_TRUE(has(r.out, "\n8b-fp8-b8-p1024-tok-s ")) << r.out;
    EXPECT_TRUE(has(r.out, "\nmedian |error| 0% (leave-one-out 0%)\n")) << r.out;
    EXPECT_TRUE(has(r.out, "\n80% interval: the estimate × 1.00 to × 1.00")) << r.out;
    EXPECT_TRUE(has(r.out, "\nskipped line 60: hardware a100-80gb-sxm\n")) << r.out;
    EXPECT_TRUE(has(r.out, "\nnote: kv_efficiency/bf16 kept at 1")) << r.out;
}

TEST(CliCalibrate, FixHoldsAParameter) {
    // The floor held at 5 µs, not the rows' 4 µs: the others move to make up for it, and the
    // floor is reported fixed, at exactly that value.
    const Result r = cli({"calibrate", kSynthetic, "--hardware", "h100-sxm", "--fix",
                          "kernel_floor_s=5e-6", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json fit = json::parse(r.out);
    EXPECT_EQ(parameter(fit, "kernel_floor_s")["status"], "fixed");
    EXPECT_EQ(parameter(fit, "kernel_floor_s")["value"], 5e-6);
    EXPECT_EQ(fit["profile"]["kernel_floor_s"], 5e-6);
    EXPECT_GT(fit["median_abs_error"].get<double>(), 1e-4);  // no longer exact
}

TEST(CliCalibrate, RefusalsExitWithStatusThreeAndSayWhy) {
    // On a100-80gb-sxm only the file's last two rows (TPOT at B = 1 and 8, the same lengths):
    // the overhead, the floor, the bf16 matmuls and attention are four unknowns.
    const Result few = cli({"calibrate", kSynthetic, "--hardware", "a100-80gb-sxm"});
    EXPECT_EQ(few.code, kExitInvalid);
    EXPECT_TRUE(few.out.empty()) << few.out;
    EXPECT_TRUE(has(few.err, kSynthetic + ": cannot fit a profile: 2 records cannot determine 4 "
                                          "free parameters (step_overhead_s, kernel_floor_s, "
                                          "weight_efficiency/bf16 and attention_efficiency): "
                                          "fix some with --fix, or add records\n"))
        << few.err;
    // No row runs an int4 matmul.
    const Result int4 = cli({"calibrate", kSynthetic, "--hardware", "h100-sxm", "--free",
                             "step_overhead_s,weight_efficiency/int4"});
    EXPECT_EQ(int4.code, kExitInvalid);
    EXPECT_TRUE(has(int4.err,
                    "cannot fit a profile: the records cannot determine "
                    "weight_efficiency/int4: no record exercises an int4 weight\n"))
        << int4.err;
    // No row on that hardware at all.
    const Result none = cli({"calibrate", kSynthetic, "--hardware", "b200"});
    EXPECT_EQ(none.code, kExitInvalid);
    EXPECT_TRUE(has(none.err, kSynthetic + ": no row on b200 could be used\n")) << none.err;
}

TEST(CliCalibrate, BadOptionsAreUsageErrors) {
    const auto usage = [](const std::vector<std::string>& args, const std::string& message) {
        const Result r = cli(args);
        EXPECT_EQ(r.code, kExitUsage) << r.err;
        EXPECT_TRUE(has(r.err, "roofline-cli: " + message)) << r.err;
    };
    usage({"calibrate", kSynthetic}, "calibrate expects --hardware ID");
    usage({"calibrate", "--hardware", "h100-sxm"}, "calibrate expects a FILE");
    usage({"calibrate", kSynthetic, "--hardware", "h100-sxm", "--format", "csv"},
          "calibrate --format expects table or json, got 'csv'");
    usage({"calibrate", kSynthetic, "--hardware", "h100-sxm", "--fix", "kernel_floor_s"},
          "--fix expects NAME=VALUE");
    usage({"calibrate", kSynthetic, "--hardware", "h100-sxm", "--fix", "warp_efficiency=1"},
          "--fix expects NAME=VALUE");
    usage({"calibrate", kSynthetic, "--hardware", "h100-sxm", "--fix", "kernel_floor_s=1"},
          "--fix: kernel_floor_s: expected seconds from 0 to 0.1, found 1");
    usage({"calibrate", kSynthetic, "--hardware", "h100-sxm", "--free", "step,kernel_floor_s"},
          "--free expects parameter names");
    const Result engine =
        cli({"calibrate", kSynthetic, "--hardware", "h100-sxm", "--engine", "vllm2"});
    EXPECT_EQ(engine.code, kExitUsage);
    EXPECT_TRUE(has(engine.err, "vllm2")) << engine.err;
}

}  // namespace

namespace {

const std::string kGuideLlm =
    std::string(ROOFLINE_TEST_DATA_DIR) + "/measured/guidellm-report.json";

TEST(CliCalibrate, ReadsAGuideLlmReportWithWhatItLacksGivenBesideIt) {
    // guidellm-report.json: its 3 benchmarks give 6 rows on h100-sxm once the TP and the
    // precisions are given (tests/presets/bench_results_test.cpp works them out); fitting the
    // step overhead alone on them, 6 records for 1 parameter.
    const Result r =
        cli(withoutStructure({"calibrate", kGuideLlm, "--hardware", "h100-sxm", "--tp", "1",
                              "--weights", "bf16", "--activations", "bf16", "--kv", "bf16",
                              "--free", "step_overhead_s", "--format", "json"}));
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json fit = json::parse(r.out);
    EXPECT_EQ(fit["records"], 6);
    EXPECT_EQ(fit["residuals"][0]["id"], "run 1: inter_token_latency_ms median");
    EXPECT_EQ(fit["residuals"][0]["metric"], "tpot_ms");
    EXPECT_EQ(parameter(fit, "step_overhead_s")["status"], "fitted");
    // The rate benchmark's batch is its measured concurrency, said on stderr.
    EXPECT_TRUE(has(r.err, "warning: benchmarks of a rate strategy")) << r.err;
}

TEST(CliCalibrate, ABenchmarkRunThatLacksAKeyIsRefusedNamingIt) {
    // Without --tp and the precisions no benchmark can become a scenario: each is listed
    // with the keys it needed, and nothing is fitted (exit 3).
    const Result r = cli({"calibrate", kGuideLlm, "--hardware", "h100-sxm"});
    EXPECT_EQ(r.code, kExitInvalid);
    EXPECT_TRUE(has(r.err, "row 1: ")) << r.err;
    EXPECT_TRUE(has(r.err, "expected tp given beside the file (--tp)")) << r.err;
    EXPECT_TRUE(has(r.err, "no row on h100-sxm could be used")) << r.err;
}

}  // namespace
