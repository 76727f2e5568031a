// SPDX-License-Identifier: GPL-3.0-or-later
// The design-review report's content (roofline/io/review_report.h): the Compare table's cost
// and energy, the best configuration under an SLO, the sections and the Markdown.

#include "roofline/io/review_report.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "roofline/format.h"
#include "roofline/frontier.h"
#include "roofline/io/scenario_file.h"

namespace {

using roofline::Analysis;
using roofline::Scenario;
using roofline::io::ReviewInput;
using roofline::io::ReviewReport;
using roofline::io::ReviewScenario;
using roofline::io::ScenarioFile;

// The README's --compare example (tests/data/valid/compare/*.json): Llama-3.1-70B, batch
// 16, prompt = context = 2048, here all in bf16, on `hardware` × `devices`, at `price` per
// device-hour.
struct Resolved {
    Scenario scenario;
    Analysis analysis;
    ReviewScenario review(const std::string& name, const std::string& hardware) const {
        return {name, hardware, "llama-3.1-70b", &scenario, &analysis};
    }
};

Resolved llama70b(const std::string& hardware, std::int64_t devices, double price) {
    ScenarioFile file;
    file.hardware = hardware;
    file.model = "llama-3.1-70b";
    file.workload.batch = 16;
    file.workload.promptTokens = 2048;
    file.workload.contextTokens = 2048;
    file.workload.tensorParallel = devices;
    file.workload.pricePerDeviceHourUsd = price;
    const roofline::io::ResolvedScenario r = roofline::io::resolve(file);
    EXPECT_TRUE(r.ok());
    Resolved out{r.scenario, {}};
    out.analysis = roofline::analyze(out.scenario);
    return out;
}

TEST(ReviewReport, CompareRowCostAndEnergyFromPriceTdpAndTpot) {
    const Resolved h100 = llama70b("h100-sxm", 4, 2.0);
    const Analysis& a = h100.analysis;
    // The engine's TPOT for 16 sequences at context 2048 on H100×4 (the only engine number
    // the row needs; pinned here so that a change of the engine is seen).
    ASSERT_NEAR(a.tpotSeconds, 12.2314e-3, 0.0001e-3);
    // By hand, from that TPOT:
    //   decode tok/s over the 4 devices = 16 / 12.2314 ms = 1,308.1
    //   per device                      = 1,308.1 / 4 = 327.0
    //   $ / M tokens = price × devices × 1e6 / (3600 × tok/s)
    //                = 2 × 4 × 1e6 / (3600 × 1,308.1) = 1.699 → "$1.70 / M tokens"
    //   J / token   ≤ TDP × devices / tok/s = 700 W × 4 / 1,308.1 = 2.140 J → "≤ 2.14 J"
    const std::vector<std::string> row =
        roofline::io::compareRow(h100.review("h100x4", "h100-sxm"));
    ASSERT_EQ(row.size(), roofline::io::compareHeader().size());
    EXPECT_EQ(row[0], "h100x4");
    EXPECT_EQ(row[1], "NVIDIA H100 SXM5 80GB × 4");
    EXPECT_EQ(row[2], "bf16 / bf16 / bf16");
    EXPECT_EQ(row[3], "16");
    EXPECT_EQ(row[4], "2,048 / 2,048");
    EXPECT_EQ(row[6], "12.2 ms");
    EXPECT_EQ(row[7], "327 tok/s");
    EXPECT_EQ(row[8], "$1.70 / M tokens");
    EXPECT_EQ(row[9], "≤ 2.14 J / token");
    EXPECT_EQ(row[10], "memory");
    EXPECT_TRUE(row[11].starts_with("yes: ")) << row[11];
    // Without a price, no cost: never a default price.
    const Resolved unpriced = llama70b("h100-sxm", 4, 0.0);
    Scenario noPrice = unpriced.scenario;
    noPrice.workload.pricePerDeviceHourUsd.reset();
    const Analysis noPriceAnalysis = roofline::analyze(noPrice);
    EXPECT_EQ(
        roofline::io::compareRow({"x", "h100-sxm", "llama-3.1-70b", &noPrice, &noPriceAnalysis})[8],
        "no price set");
}

// Llama-3.1-8B on one H100, bf16, requests of 2048 prompt and 256 output tokens, at batch
// 1, 8, 64 and 256, with an optional TPOT SLO.
roofline::FrontierRequest smallFrontier(std::optional<double> sloTpotSeconds) {
    const roofline::io::ResolvedScenario r = roofline::io::resolve(ScenarioFile{});
    EXPECT_TRUE(r.ok());  // the embedded default: h100-sxm, llama-3.1-8b
    roofline::FrontierRequest request;
    request.model = r.scenario.model;
    request.base = r.scenario.workload;
    request.base.pricePerDeviceHourUsd = 2.0;
    request.shape = {2048, 256};
    request.hardware = {r.scenario.hardware};
    request.tensorParallel = {1};
    request.quantizations = {roofline::Quantization::W16A16};
    request.batches = {1, 8, 64, 256};
    request.sloTpotSeconds = sloTpotSeconds;
    return request;
}

// By hand, the decode step is memory-bound: it reads the weights, 15,009,857,536 bytes
// (tests/app/tst_explain_report.cpp), and each sequence's KV cache at the mean context
// 2048 + ⌊256/2⌋ = 2176 tokens: 32 layers × 8 KV heads × 128 × 2 (K, V) × 2 bytes =
// 131,072 bytes a token, 285,212,672 bytes a sequence. At 3.35 TB/s:
//   batch 8:  (15.01e9 + 8 × 0.2852e9) / 3.35e12  = 5.16 ms
//   batch 64: (15.01e9 + 64 × 0.2852e9) / 3.35e12 = 9.93 ms
//   batch 256 needs 15.01e9 + 256 × 285,212,672 × (2304 / 2176 at the last step) ≈ 92 GB:
//   more than the 0.9 × 80 GiB = 77.3 GB usable, so it does not fit.
// Without an SLO the best is batch 64 (the most tokens per device that fits); under TPOT
// ≤ 8 ms batch 64 misses and the best is batch 8.
TEST(ReviewReport, BestConfigurationMeetsTheSlo) {
    const roofline::FrontierRequest free = smallFrontier(std::nullopt);
    const roofline::Frontier f = roofline::computeFrontier(free);
    ASSERT_EQ(f.points.size(), 4U);
    EXPECT_NEAR(f.points[1].result.tpotSeconds, 5.16e-3, 0.1e-3);
    EXPECT_NEAR(f.points[2].result.tpotSeconds, 9.93e-3, 0.2e-3);
    EXPECT_FALSE(f.points[3].result.fits);
    const roofline::io::ReviewFrontier review{&free, &f, {"H100"}};
    const std::string best = roofline::io::bestConfigurationText(review);
    EXPECT_TRUE(
        best.starts_with("Best (no SLO set; the highest tok/s per device that fits): "
                         "H100, TP 1, W16A16, batch 64: "))
        << best;

    const roofline::FrontierRequest slo = smallFrontier(8e-3);
    const roofline::Frontier g = roofline::computeFrontier(slo);
    const roofline::io::ReviewFrontier underSlo{&slo, &g, {"H100"}};
    const std::string bestUnderSlo = roofline::io::bestConfigurationText(underSlo);
    EXPECT_TRUE(
        bestUnderSlo.starts_with("Best meeting the SLOs (TPOT ≤ 8 ms; the highest tok/s "
                                 "per device that fits): H100, TP 1, W16A16, batch 8: "))
        << bestUnderSlo;
    // The figures are the point's, and its cost: $2 × 1e6 / (3600 × tok/s per device).
    const roofline::RequestResult& r = g.points[1].result;
    EXPECT_NE(bestUnderSlo.find(roofline::formatNumber(r.throughputTokensPerSecondPerDevice) +
                                " tok/s per device"),
              std::string::npos);
    EXPECT_NEAR(*r.usdPerMillionOutputTokens,
                2.0 * 1e6 / (3600.0 * r.throughputTokensPerSecondPerDevice), 1e-9);

    // In the report's Frontier section: the SLO, the counts, and the frontier's points with
    // the best one marked.
    const Resolved h100 = llama70b("h100-sxm", 4, 2.0);
    ReviewInput input{
        h100.review("h100x4", "h100-sxm"), {}, underSlo, "2026-12-02 08:00 UTC", "9.9.9"};
    const ReviewReport report = roofline::io::reviewReport(input);
    const roofline::io::ReportSection* frontier = report.section("Frontier");
    ASSERT_NE(frontier, nullptr);
    EXPECT_EQ(frontier->paragraphs.back(), bestUnderSlo);
    EXPECT_NE(frontier->paragraphs[1].find("4 configurations, 3 fit, 2 meet the SLOs (TPOT ≤ 8 "
                                           "ms)"),
              std::string::npos)
        << frontier->paragraphs[1];
    ASSERT_TRUE(frontier->table.has_value());
    const auto& rows = frontier->table->rows;
    EXPECT_TRUE(std::any_of(rows.begin(), rows.end(), [](const std::vector<std::string>& row) {
        return row[3] == "8" && row.back().find("best") != std::string::npos;
    }));
}

TEST(ReviewReport, SectionsTitleBlockAssumptionsAndMarkdown) {
    const Resolved h100 = llama70b("h100-sxm", 4, 2.0);
    const Resolved mi300x = llama70b("mi300x", 1, 2.5);
    ReviewInput input{h100.review("h100x4", "h100-sxm"),
                      {mi300x.review("mi300x", "mi300x")},
                      std::nullopt,
                      "2026-12-02 08:00 UTC",
                      "9.9.9"};
    const ReviewReport report = roofline::io::reviewReport(input);
    std::vector<std::string> titles;
    for (const roofline::io::ReportSection& s : report.sections) {
        titles.push_back(s.title);
    }
    // No frontier given: no Frontier section.
    EXPECT_EQ(titles, (std::vector<std::string>{"Roofline", "Results", "Compare", "Levers",
                                                "Warnings", "Explanation", "Assumptions"}));
    EXPECT_EQ(report.titleBlock[0],
              (std::pair<std::string, std::string>{"Date", "2026-12-02 08:00 UTC"}));
    EXPECT_EQ(report.titleBlock[1].second, "Roofline Explorer 9.9.9");
    EXPECT_EQ(report.titleBlock[3].second, "mi300x");
    EXPECT_TRUE(report.titleBlock[4].second.starts_with(
        "NVIDIA H100 SXM5 80GB: shipped preset presets/hardware/h100-sxm.json, confidence high, "
        "sources dgx_h100, gk_h100, "))
        << report.titleBlock[4].second;
    // One assumption both share, said once; the price differs, so each names its scenario.
    const std::vector<std::string>& assumed = report.section("Assumptions")->bullets;
    const auto has = [&assumed](const std::string& text) {
        return std::find(assumed.begin(), assumed.end(), text) != assumed.end();
    };
    EXPECT_TRUE(has("Ceilings: peak, the spec sheet's dense FLOP/s and memory bandwidth."));
    EXPECT_TRUE(has("Usable memory: 90 % of each device's capacity (memory utilisation 0.9)."));
    EXPECT_TRUE(
        has("h100x4: Price: $2 per device-hour, as given; cost = price × devices × 10⁶ "
            "/ (3600 × decode tok/s), the prefill not charged."));
    EXPECT_TRUE(
        has("mi300x: Price: $2.5 per device-hour, as given; cost = price × devices × "
            "10⁶ / (3600 × decode tok/s), the prefill not charged."));

    const std::string md = roofline::io::writeMarkdown(report);
    EXPECT_TRUE(md.starts_with("# Roofline review: Llama 3.1 70B on 4 × NVIDIA H100 SXM5 80GB"));
    EXPECT_NE(md.find("\n- **Date:** 2026-12-02 08:00 UTC\n"), std::string::npos);
    EXPECT_NE(md.find("\n## Compare\n"), std::string::npos);
    EXPECT_NE(md.find("\n| Scenario | Hardware × devices | Weights / act. / KV | Batch |"),
              std::string::npos);
    EXPECT_NE(md.find("\n| h100x4 (current) | NVIDIA H100 SXM5 80GB × 4 | bf16 / bf16 / bf16 | "
                      "16 | 2,048 / 2,048 |"),
              std::string::npos);
    EXPECT_NE(md.find("*Figure: the roofline plot (in the PDF report).*"), std::string::npos);
    EXPECT_TRUE(md.ends_with("\n") && !md.ends_with("\n\n"));
}

TEST(ReviewReport, EstimateCeilingNamesItsCalibrationProfile) {
    // The estimate ceiling on H100 with the generic engine: the shipped profile
    // presets/calibration/h100-sxm.generic.json, which the assumption names with its engine
    // and date.
    ScenarioFile file;
    file.workload.ceilings = roofline::Ceilings::Estimate;
    const roofline::io::ResolvedScenario r = roofline::io::resolve(file);
    ASSERT_TRUE(r.ok());
    ASSERT_NE(r.scenario.calibration, nullptr);
    const Analysis a = roofline::analyze(r.scenario);
    const ReviewReport report = roofline::io::reviewReport(
        {{"h100", "h100-sxm", "llama-3.1-8b", &r.scenario, &a}, {}, std::nullopt, "d", "v"});
    const std::vector<std::string>& assumed = report.section("Assumptions")->bullets;
    ASSERT_FALSE(assumed.empty());
    // The count as the shipped profile has it (a refit changes it; the wording stays).
    const std::string n = std::to_string(r.scenario.calibration->fittedRecords);
    EXPECT_TRUE(assumed.front().starts_with(
        "Ceilings: achievable, with the estimate of a real stack from the calibration profile "
        "h100-sxm.generic (generic, 2026-12-03, fitted on " +
        n + " records): fitted by scripts/calibration/fit_profiles.py on " + n + " records"))
        << assumed.front();
}

TEST(ReviewReport, MarkdownEscapesPipesInCells) {
    roofline::io::ReviewReport report;
    report.title = "T";
    report.sections.push_back({"S",
                               roofline::io::ReportFigure::None,
                               {},
                               roofline::io::ReportTable{{"a|b"}, {{"x|y"}}},
                               {}});
    EXPECT_EQ(roofline::io::writeMarkdown(report),
              "# T\n\n## S\n\n| a\\|b |\n| --- |\n| x\\|y |\n");
}

}  // namespace
