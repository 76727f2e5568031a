// SPDX-License-Identifier: GPL-3.0-or-later
// Measured results against the estimate ceiling (roofline/io/measured_estimate.h): a row's
// estimate in its own metric, the interval's ends (a rate's from the times' other ends), the
// error and coverage, the summary a profile is judged by, and which profile a row gets.

#include "roofline/io/measured_estimate.h"

#include <cmath>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "roofline/io/calibration.h"

namespace roofline::io {
namespace {

namespace fs = std::filesystem;

const std::string kHeader =
    "model,hardware,tp,weights,activations,kv,batch,prompt,output,metric,value";

MeasuredRow onlyRow(const std::string& line) {
    MeasuredOptions o;
    o.allowFiles = false;
    const MeasuredFile f = parseMeasured(kHeader + "\n" + line + "\n", o);
    EXPECT_EQ(f.rows.size(), 1u);
    return f.rows.at(0);
}

// A profile whose only cost is 2 ms a step, with an interval of ×0.8 to ×1.25.
std::shared_ptr<const CalibrationProfile> stepOnly() {
    CalibrationProfile p;
    p.id = "test.step-only";
    p.hardware = "h100-sxm";
    p.engine = "vllm";
    p.stepOverheadSeconds = 0.002;
    p.kernelFloorSeconds = 0.0;
    p.attentionEfficiency = 1.0;
    p.attentionHalfLength = 0.0;
    p.residualLow = std::log(0.8);
    p.residualHigh = std::log(1.25);
    p.date = "2026-12-03";
    p.description = "a test's profile: 2 ms a step, nothing else";
    p.sources = {"step_overhead_s 2e-3: chosen by the test"};
    p.fittedRecords = 7;
    p.fittedOn = {"r1", "r2", "r3", "r4", "r5", "r6", "r7"};
    p.loss = "soft-l1 in log space, scale 0.1";
    return std::make_shared<const CalibrationProfile>(p);
}

// The achievable-ceiling TTFT and TPOT of a row: what the estimate starts from.
std::pair<double, double> achievable(const MeasuredRow& row) {
    Scenario s = row.scenario;
    s.workload.ceilings = Ceilings::Achievable;
    const Analysis a = analyze(s);
    return {a.ttftSeconds, a.tpotSeconds};
}

TEST(MeasuredEstimate, ATpotRowIsTheBoundStepPlusTheOverheadWithItsInterval) {
    // Llama-3.1-8B in bf16 at B = 1 on one H100: decode reads 16 GB of weights a step, far
    // above its compute (2 FLOP per weight at 16-row tiles: 16× of 16 GFLOP is 0.26 TFLOP,
    // well under 1 ms at the achievable rate), so no GEMM-shape cost shows; the profile adds
    // one step overhead to the step: TPOT = achievable TPOT + 2 ms. Measured 10% slower
    // than that: error = 1 / 1.1 − 1 = −9.09%, inside ×0.8–×1.25.
    MeasuredRow row = onlyRow("llama-3.1-8b,h100-sxm,1,bf16,bf16,bf16,1,128,128,tpot_ms,1");
    const double tpot = achievable(row).second;
    const double expected = (tpot + 0.002) * 1000.0;
    row.value = expected * 1.1;
    const RowEstimate e = estimateRow(row, stepOnly());
    EXPECT_NEAR(e.value, expected, expected * 1e-12);
    EXPECT_NEAR(e.low, expected * 0.8, expected * 1e-12);
    EXPECT_NEAR(e.high, expected * 1.25, expected * 1e-12);
    EXPECT_NEAR(e.error, 1.0 / 1.1 - 1.0, 1e-12);
    EXPECT_TRUE(e.covered);
    EXPECT_EQ(e.profile->id, "test.step-only");
}

TEST(MeasuredEstimate, ARateRowsIntervalComesFromTheTimesOtherEnds) {
    // A request's output rate at B = 4, O = 64: B·O / (TTFT + (O − 1)·TPOT). The slow end of
    // the times (×1.25) is the rate's low end: rate / 1.25 = 0.8 × rate; the fast end (×0.8)
    // the high end, rate / 0.8 = 1.25 × rate. Measured at twice the estimate: outside.
    MeasuredRow row =
        onlyRow("llama-3.1-8b,h100-sxm,1,bf16,bf16,bf16,4,512,64,request_output_tokens_per_s,1");
    const RowEstimate e = estimateRow(row, stepOnly());
    ASSERT_GT(e.value, 0.0);
    EXPECT_NEAR(e.low, e.value / 1.25, e.value * 1e-12);
    EXPECT_NEAR(e.high, e.value / 0.8, e.value * 1e-12);
    row.value = 2.0 * e.value;
    const RowEstimate twice = estimateRow(row, stepOnly());
    EXPECT_NEAR(twice.error, -0.5, 1e-12);
    EXPECT_FALSE(twice.covered);
}

TEST(MeasuredEstimate, TheSummaryIsTheMedianErrorTheShareCoveredAndTheMedianWidth) {
    // Errors +10%, −30%, −5%: the median |error| is 10%; two of three covered by ×0.8–×1.25
    // (a row at −30% was measured 1/0.7 = 1.43× slower than estimated: outside); each
    // interval is 1.25 / 0.8 = 1.5625 wide.
    std::vector<RowEstimate> rows(3);
    const double errors[] = {0.10, -0.30, -0.05};
    for (std::size_t i = 0; i < rows.size(); ++i) {
        rows[i].profile = stepOnly();
        rows[i].value = 10.0;
        rows[i].low = 8.0;
        rows[i].high = 12.5;
        rows[i].error = errors[i];
        rows[i].covered = i != 1;
    }
    const EstimateSummary s = summarizeEstimates(rows);
    EXPECT_EQ(s.rows, 3u);
    EXPECT_NEAR(s.medianAbsError, 0.10, 1e-12);
    EXPECT_NEAR(s.coveredFraction, 2.0 / 3.0, 1e-12);
    EXPECT_NEAR(s.medianWidth, 1.5625, 1e-12);
    EXPECT_NEAR(s.nominalCoverage, 0.8, 1e-12);
    EXPECT_EQ(summarizeEstimates({}).rows, 0u);
}

TEST(MeasuredEstimate, ARowGetsTheGivenProfileOnlyOnItsChip) {
    const fs::path dir = fs::temp_directory_path() / "roofline_measured_estimate_test";
    fs::create_directories(dir);
    const fs::path file = dir / "h100-sxm.mine.json";
    {
        CalibrationProfile p = *stepOnly();
        p.id = "h100-sxm.mine";
        std::ofstream(file) << calibrationProfileToJson(p);
    }
    const MeasuredRow h100 = onlyRow("llama-3.1-8b,h100-sxm,1,bf16,bf16,bf16,1,128,128,tpot_ms,10");
    const MeasuredRow a100 =
        onlyRow("llama-3.1-8b,a100-80gb-sxm,1,bf16,bf16,bf16,1,128,128,tpot_ms,10");
    EstimateChoice choice;
    choice.engine = "generic";
    choice.calibration = file.string();
    const Loaded<CalibrationProfile> mine = rowProfile(h100, choice);
    ASSERT_TRUE(mine.ok()) << (mine.issues.empty() ? "" : mine.issues.front().message());
    EXPECT_EQ(mine.value->id, "h100-sxm.mine");
    // Another chip's row keeps its own chip's shipped profile.
    const Loaded<CalibrationProfile> other = rowProfile(a100, choice);
    ASSERT_TRUE(other.ok());
    EXPECT_EQ(other.value->hardware, "a100-80gb-sxm");
    // A file that cannot be read is an error, never quietly replaced.
    choice.calibration = (dir / "missing.json").string();
    const Loaded<CalibrationProfile> missing = rowProfile(h100, choice);
    EXPECT_FALSE(missing.ok());
    EXPECT_FALSE(missing.issues.empty());
    fs::remove_all(dir);
}

TEST(MeasuredEstimate, AFileIsEstimatedRowByRowWithEachMessageOnce) {
    // Two H100 rows and one A100 row under nim: no nim profile for either chip, so each
    // falls back to its chip's generic one, and each fallback is said once, not per row.
    MeasuredOptions o;
    o.allowFiles = false;
    const MeasuredFile file =
        parseMeasured(kHeader +
                          "\nllama-3.1-8b,h100-sxm,1,bf16,bf16,bf16,1,128,128,tpot_ms,8"
                          "\nllama-3.1-8b,h100-sxm,1,bf16,bf16,bf16,8,128,128,tpot_ms,9"
                          "\nllama-3.1-8b,a100-80gb-sxm,1,bf16,bf16,bf16,1,128,128,tpot_ms,12\n",
                      o);
    ASSERT_EQ(file.rows.size(), 3u);
    EstimateChoice choice;
    choice.engine = "nim";
    const FileEstimates e = estimateFile(file, choice);
    ASSERT_EQ(e.rows.size(), 3u);
    EXPECT_EQ(e.rows[0]->profile->id, "h100-sxm.generic");
    EXPECT_EQ(e.rows[2]->profile->id, "a100-80gb-sxm.generic");
    EXPECT_EQ(e.messages.size(), 2u);
    EXPECT_EQ(e.estimated().size(), 3u);
    // A profile file that cannot be read: no row is estimated, and it is said once.
    choice.calibration = "/nonexistent/h100-sxm.mine.json";
    const FileEstimates none = estimateFile(file, choice);
    EXPECT_FALSE(none.rows[0].has_value());
    EXPECT_FALSE(none.refusals[0].empty());
    EXPECT_EQ(none.messages.size(), 1u);
    EXPECT_TRUE(none.estimated().empty());
}

}  // namespace
}  // namespace roofline::io
