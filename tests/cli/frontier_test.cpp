// SPDX-License-Identifier: GPL-3.0-or-later
// roofline-cli frontier, cost and energy in analyze, and analyze --format scenario
// (issue 11), driven through roofline::cli::run().

#include "roofline/frontier.h"

#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli.h"
#include "cli_runner.h"
#include "roofline/io/presets.h"
#include "roofline/io/scenario_file.h"

namespace {

using nlohmann::json;
using roofline::cli::kExitInvalid;
using roofline::cli::kExitOk;
using roofline::cli::kExitUsage;

using Result = roofline::test::CliResult;
using roofline::test::cli;
using roofline::test::has;
using roofline::test::lines;

std::vector<std::string> fields(const std::string& line) {
    std::vector<std::string> out;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, ',')) {
        out.push_back(field);
    }
    return out;
}

const std::vector<std::string> kFrontier = {
    "frontier", "--output",       "512",          "--hardware", "h100-sxm,h200", "--tp",
    "1,2,3",    "--quantization", "W16A16,w4a16", "--batch",    "1,64,512"};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

TEST(CliCost, PriceGivesCostAndTdpGivesEnergyInJsonAndTable) {
    // Llama-3.1-8B on H100 SXM (TDP 700 W), B = 1, C = 2048: TPOT ≈ 4.56 ms (the decode
    // step reads 15.3 GB at 3.35 TB/s), 219 tok/s. At $2.50 per device-hour:
    // 2.5 × 1e6 / (3600 × 219.1) = $3.17 per million output tokens; energy ≤ 700 × 4.56 ms
    // = 3.19 J per output token.
    const Result r = cli({"analyze", "--price-per-device-hour", "2.5", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    const double tps = j["decode_tokens_per_s"].get<double>();
    EXPECT_DOUBLE_EQ(j["cost"]["price_per_device_hour_usd"].get<double>(), 2.5);
    EXPECT_DOUBLE_EQ(j["cost"]["usd_per_million_output_tokens"].get<double>(),
                     2.5 * 1e6 / (3600.0 * tps));
    EXPECT_NEAR(j["cost"]["usd_per_million_output_tokens"].get<double>(), 3.17, 0.01);
    EXPECT_DOUBLE_EQ(j["energy"]["joules_per_output_token_max"].get<double>(), 700.0 / tps);
    EXPECT_NEAR(j["energy"]["joules_per_output_token_max"].get<double>(), 3.19, 0.01);

    const Result table = cli({"analyze", "--price-per-device-hour=2.5"});
    ASSERT_EQ(table.code, kExitOk) << table.err;
    EXPECT_TRUE(has(table.out,
                    "Cost       $3.17 per million output tokens at $2.50 per "
                    "device-hour"))
        << table.out;
    EXPECT_TRUE(has(table.out, "Energy     ≤ 3.19 J per output token (upper bound")) << table.out;
}

TEST(CliCost, NoPriceNoCostKey) {
    const Result r = cli({"analyze", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    EXPECT_FALSE(j.contains("cost"));
    EXPECT_TRUE(j.contains("energy"));  // the H100 preset has a TDP
    EXPECT_FALSE(has(cli({"analyze"}).out, "Cost "));
}

TEST(CliCost, BadPriceIsAUsageErrorNamingTheOption) {
    for (const char* bad : {"-1", "1000001", "two", "nan"}) {
        const Result r = cli({"analyze", "--price-per-device-hour", bad});
        EXPECT_EQ(r.code, kExitUsage) << bad;
        EXPECT_TRUE(has(r.err, std::string("--price-per-device-hour expects a number from 0 to "
                                           "1e+06 (US dollars per device-hour) or none, got '") +
                                   bad + "'"))
            << r.err;
    }
}

TEST(CliScenarioFormat, WritesTheScenarioFileThatReadsBackToTheSameAnalysis) {
    const std::vector<std::string> options = {"--model",
                                              "mixtral-8x7b",
                                              "--hardware",
                                              "h200",
                                              "--batch",
                                              "24",
                                              "--prompt",
                                              "1000",
                                              "--context",
                                              "3000",
                                              "--tp",
                                              "2",
                                              "--expert-parallel",
                                              "on",
                                              "--kv",
                                              "fp8",
                                              "--weights",
                                              "fp8",
                                              "--gqa-ratio",
                                              "8",
                                              "--spec-k",
                                              "3",
                                              "--spec-accept",
                                              "0.6",
                                              "--price-per-device-hour",
                                              "3.25",
                                              "--ceilings",
                                              "achievable"};
    const Result file = cli(with({"analyze", "--format", "scenario"}, options));
    ASSERT_EQ(file.code, kExitOk) << file.err;
    const roofline::io::Loaded<roofline::io::ScenarioFile> back =
        roofline::io::parseScenarioFile(file.out, "stdout");
    ASSERT_TRUE(back.ok()) << roofline::describe(back.issues) << file.out;
    EXPECT_TRUE(back.issues.empty()) << roofline::describe(back.issues);
    const roofline::io::ScenarioFile& s = *back.value;
    EXPECT_EQ(s.hardware, "h200");
    EXPECT_EQ(s.workload.kvHeadsOverride, 4);  // --gqa-ratio 8 of 32 query heads, resolved
    EXPECT_EQ(s.workload.pricePerDeviceHourUsd, 3.25);
    // Reading it back gives the same analysis as the options themselves.
    const roofline::io::ResolvedScenario resolved = roofline::io::resolve(s);
    ASSERT_TRUE(resolved.ok()) << roofline::describe(resolved.issues);
    const Result direct = cli(with({"analyze", "--format", "json"}, options));
    ASSERT_EQ(direct.code, kExitOk) << direct.err;
    EXPECT_EQ(roofline::io::analysisToJson(resolved.scenario, roofline::analyze(resolved.scenario)),
              direct.out);
    // And the file is what File > Save writes for it.
    EXPECT_EQ(roofline::io::toJson(s), file.out);
}

TEST(CliScenarioFormat, InvalidScenarioExitsThreeAndWritesNothing) {
    const Result r = cli({"analyze", "--format", "scenario", "--tp", "3"});
    EXPECT_EQ(r.code, kExitInvalid);
    EXPECT_TRUE(r.out.empty());
    EXPECT_TRUE(has(r.err, "/tensor_parallel")) << r.err;
}

TEST(CliFrontier, JsonRowsHaveTheContractColumns) {
    const Result r = cli(with(
        kFrontier, {"--format", "json", "--slo-tpot-ms", "8", "--price-per-device-hour", "2.5"}));
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    // 2 hardware × 3 TP × 2 quantizations × 3 batches = 36; TP 3 (12) skipped.
    ASSERT_EQ(j["rows"].size(), 24u);
    ASSERT_EQ(j["skipped"].size(), 12u);
    for (const json& row : j["rows"]) {
        for (const char* key :
             {"hardware", "tp", "quantization", "batch", "fits", "ttft_s", "tpot_s",
              "interactivity_tokens_per_s_per_user", "throughput_tokens_per_s_per_device",
              "usd_per_million_output_tokens", "on_frontier", "meets_slo"}) {
            EXPECT_TRUE(row.contains(key)) << key << ' ' << row.dump();
        }
        EXPECT_FALSE(row.contains("expert_parallel"));  // a dense model
        EXPECT_DOUBLE_EQ(row["interactivity_tokens_per_s_per_user"].get<double>(),
                         1.0 / row["tpot_s"].get<double>());
        EXPECT_NEAR(row["usd_per_million_output_tokens"].get<double>(),
                    2.5 * 1e6 / (3600.0 * row["throughput_tokens_per_s_per_device"].get<double>()),
                    1e-12);
        EXPECT_TRUE(row["fits"].get<bool>() || !row["on_frontier"].get<bool>());
        EXPECT_EQ(row["meets_slo"].get<bool>(),
                  row["fits"].get<bool>() && row["tpot_s"].get<double>() <= 8e-3);
    }
    EXPECT_EQ(j["skipped"][0]["reason"], "TP 3 must be a divisor of the 32 query heads");
    EXPECT_EQ(j["skipped"][0]["tp"], 3);
    ASSERT_TRUE(j["best"].is_object());
    EXPECT_TRUE(j["best"]["meets_slo"].get<bool>());
    for (const json& row : j["rows"]) {
        if (row["meets_slo"].get<bool>()) {
            EXPECT_LE(row["throughput_tokens_per_s_per_device"].get<double>(),
                      j["best"]["throughput_tokens_per_s_per_device"].get<double>());
        }
    }
    EXPECT_EQ(j["decode_context_tokens"], 2048 + 256);

    // Without a price and SLO, those columns are absent; with an impossible SLO, best is null.
    const json plain = json::parse(cli(with(kFrontier, {"--format", "json"})).out);
    EXPECT_FALSE(plain["rows"][0].contains("usd_per_million_output_tokens"));
    EXPECT_FALSE(plain["rows"][0].contains("meets_slo"));
    const json none =
        json::parse(cli(with(kFrontier, {"--format", "json", "--slo-ttft-ms", "0.5"})).out);
    EXPECT_TRUE(none["best"].is_null());
}

TEST(CliFrontier, CsvHasTheSameColumnsAndOneRowPerPoint) {
    const Result r = cli(with(
        kFrontier, {"--format", "csv", "--slo-ttft-ms", "100", "--price-per-device-hour", "2"}));
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const std::vector<std::string> rows = lines(r.out);
    ASSERT_EQ(rows.size(), 25u);
    EXPECT_EQ(rows[0],
              "hardware,tp,quantization,batch,fits,ttft_s,tpot_s,"
              "interactivity_tokens_per_s_per_user,throughput_tokens_per_s_per_device,"
              "usd_per_million_output_tokens,on_frontier,meets_slo,min_devices,"
              "price_per_device_hour_usd,output_tokens_per_usd");
    const json j = json::parse(cli(with(kFrontier, {"--format", "json", "--slo-ttft-ms", "100",
                                                    "--price-per-device-hour", "2"}))
                                   .out);
    for (std::size_t i = 1; i < rows.size(); ++i) {
        const std::vector<std::string> f = fields(rows[i]);
        ASSERT_EQ(f.size(), 15u) << rows[i];
        const json& row = j["rows"][i - 1];
        EXPECT_EQ(f[0], row["hardware"].get<std::string>());
        EXPECT_EQ(f[2], row["quantization"].get<std::string>());
        EXPECT_EQ(f[4], row["fits"].get<bool>() ? "true" : "false");
        EXPECT_NEAR(std::stod(f[8]), row["throughput_tokens_per_s_per_device"].get<double>(),
                    1e-8 * row["throughput_tokens_per_s_per_device"].get<double>());
        EXPECT_EQ(f[10], row["on_frontier"].get<bool>() ? "true" : "false");
        EXPECT_EQ(f[12], std::to_string(row["min_devices"].get<std::int64_t>()));
        EXPECT_EQ(f[13], "2");  // one price for every hardware
        EXPECT_NEAR(std::stod(f[14]), row["output_tokens_per_usd"].get<double>(),
                    1e-8 * row["output_tokens_per_usd"].get<double>());
    }
    // The skipped configurations are said on stderr, one line per reason.
    EXPECT_TRUE(has(r.err,
                    "skipped 12 configurations: TP 3 must be a divisor of the 32 query "
                    "heads"))
        << r.err;
}

TEST(CliFrontier, MoeModelsGetTheExpertParallelColumn) {
    const Result r = cli({"frontier", "--model", "mixtral-8x7b", "--output", "128", "--tp", "2,8",
                          "--expert-parallel", "off,on", "--batch", "16", "--format", "csv"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const std::vector<std::string> rows = lines(r.out);
    ASSERT_EQ(rows.size(), 5u);
    EXPECT_TRUE(rows[0].starts_with("hardware,tp,quantization,batch,expert_parallel,fits,"));
    EXPECT_TRUE(rows[2].starts_with("h100-sxm,2,W16A16,16,on,")) << rows[2];
}

TEST(CliFrontier, TableFlagsTheFrontierAndNamesTheBest) {
    const Result r = cli(with(kFrontier, {"--slo-tpot-ms", "8"}));
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_TRUE(has(r.out, "Llama 3.1 8B: requests of 2,048 prompt and 512 output tokens"));
    EXPECT_TRUE(has(r.out, "* on the Pareto frontier")) << r.out;
    EXPECT_TRUE(has(r.out,
                    "Best meeting the SLOs (highest tok/s per device that fits): h200, "
                    "TP 1, W4A16, batch 64"))
        << r.out;
    EXPECT_TRUE(has(r.out, "Skipped 12 configurations the engine refuses:"));
}

TEST(CliFrontier, BadOptionsAreUsageErrorsWithClearMessages) {
    const std::pair<std::vector<std::string>, std::string> cases[] = {
        {{"frontier", "--quantization", "W3A16"},
         "--quantization expects a list of W16A16, W8A16, W8A8, W4A16, W4A8, W4A4, got "
         "'W3A16'"},
        {{"frontier", "--tp", "0,2"}, "--tp: '0' is not an integer from 1 to 4096"},
        {{"frontier", "--batch", "x"}, "--batch: 'x' is not an integer from 1 to 100000000"},
        {{"frontier", "--expert-parallel", "yes"},
         "--expert-parallel expects off, on or off,on, got 'yes'"},
        {{"frontier", "--output", "0"}, "--output expects one integer from 1 to 1000000000"},
        {{"frontier", "--slo-tpot-ms", "-5"},
         "--slo-tpot-ms expects a number of milliseconds above 0, got '-5'"},
        {{"frontier", "--context", "100"}, "give --output N"},
        {{"frontier", "--weights", "fp8"}, "frontier takes precisions as --quantization"},
        {{"frontier", "--format", "xml"}, "--format expects table, json or csv, got 'xml'"},
        {{"frontier", "--bogus"}, "unknown argument '--bogus'"},
        {{"frontier", "--slo-ttft-ms"}, "--slo-ttft-ms expects a value"},
    };
    for (const auto& [args, message] : cases) {
        const Result r = cli(args);
        EXPECT_EQ(r.code, kExitUsage) << args.back();
        EXPECT_TRUE(has(r.err, message)) << r.err;
    }
    const Result hw = cli({"frontier", "--hardware", "h100-sxm,h900"});
    EXPECT_EQ(hw.code, kExitInvalid);
    EXPECT_TRUE(has(hw.err, "h900")) << hw.err;
}

TEST(CliFrontier, EachHardwareAtItsOwnPriceAndOneWithoutSaysSo) {
    // h100-sxm at $2.5/h, h200 without a price. A dollar buys 3600 / 2.5 = 1440
    // device-seconds: tokens per $ = 1440 × tok/s per device, and $ per million tokens =
    // 2.5 × 1e6 / (3600 × tok/s per device). The h200's 12 rows have neither, and the
    // output says why they are off the $ ranking.
    const Result r =
        cli(with(kFrontier, {"--format", "json", "--price-per-device-hour", "h100-sxm=2.5"}));
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    ASSERT_EQ(j["rows"].size(), 24u);
    for (const json& row : j["rows"]) {
        const double t = row["throughput_tokens_per_s_per_device"].get<double>();
        if (row["hardware"] == "h100-sxm") {
            EXPECT_EQ(row["price_per_device_hour_usd"].get<double>(), 2.5);
            EXPECT_NEAR(row["output_tokens_per_usd"].get<double>(), 1440.0 * t, 1e-9 * 1440.0 * t);
            EXPECT_NEAR(row["usd_per_million_output_tokens"].get<double>(), 2.5e6 / (3600.0 * t),
                        1e-12);
        } else {
            EXPECT_TRUE(row["price_per_device_hour_usd"].is_null()) << row.dump();
            EXPECT_FALSE(row.contains("output_tokens_per_usd"));
            EXPECT_FALSE(row.contains("usd_per_million_output_tokens"));
        }
    }
    EXPECT_EQ(j["unpriced_hardware"], json::array({"h200"}));
    EXPECT_EQ(j["unpriced_reason"],
              "No price per device-hour for h200: its 12 configurations are left off the "
              "tokens-per-$ axis.");
    ASSERT_TRUE(j["best_tokens_per_usd"].is_object());
    EXPECT_EQ(j["best_tokens_per_usd"]["hardware"], "h100-sxm");

    // Two prices: h200 at $6 makes every h200 row's tokens per $ 3600 / 6 = 600 × T.
    const json both = json::parse(
        cli(with(kFrontier, {"--format", "json", "--price-per-device-hour", "h100-sxm=2.5,h200=6"}))
            .out);
    EXPECT_TRUE(both["unpriced_hardware"].empty());
    EXPECT_TRUE(both["unpriced_reason"].is_null());
    for (const json& row : both["rows"]) {
        const double t = row["throughput_tokens_per_s_per_device"].get<double>();
        const double perDollar = row["hardware"] == "h200" ? 600.0 : 1440.0;
        EXPECT_NEAR(row["output_tokens_per_usd"].get<double>(), perDollar * t,
                    1e-9 * perDollar * t);
    }

    // The table writes "-" for the unpriced and the sentence under it; CSV says it on stderr.
    const Result table = cli(with(kFrontier, {"--price-per-device-hour", "h100-sxm=2.5"}));
    ASSERT_EQ(table.code, kExitOk) << table.err;
    EXPECT_TRUE(has(table.out, "No price per device-hour for h200: its 12 configurations are"))
        << table.out;
    // The table names the most tokens per $ as the JSON's best_tokens_per_usd.
    EXPECT_TRUE(has(table.out,
                    "Most output tokens per $ (each hardware at its own price): "
                    "h100-sxm, TP "))
        << table.out;
    const Result csv =
        cli(with(kFrontier, {"--format", "csv", "--price-per-device-hour", "h100-sxm=2.5"}));
    ASSERT_EQ(csv.code, kExitOk) << csv.err;
    EXPECT_TRUE(has(csv.err, "No price per device-hour for h200")) << csv.err;
    const std::vector<std::string> rows = lines(csv.out);
    ASSERT_EQ(rows.size(), 25u);
    EXPECT_TRUE(rows[24].starts_with("h200,")) << rows[24];
    EXPECT_TRUE(rows[24].ends_with(",,")) << rows[24];  // no price, no tokens per $
}

TEST(CliFrontier, BadPricesAreUsageErrorsNamingTheHardware) {
    const std::pair<std::vector<std::string>, std::string> cases[] = {
        {{"--price-per-device-hour", "b300=5"},
         "--price-per-device-hour names 'b300', which is not one of --hardware h100-sxm, h200"},
        {{"--price-per-device-hour", "h200=-1"}, "(for h200)"},
        {{"--price-per-device-hour", "h200=1,h200=2"}, "gives h200 two prices"},
        {{"--price-per-device-hour", "h200=1,3"}, "expects ID=USD pairs"},
        {{"--price-per-device-hour", "cheap"}, "--price-per-device-hour"},
    };
    for (const auto& [more, message] : cases) {
        const Result r = cli(with(kFrontier, more));
        EXPECT_EQ(r.code, kExitUsage) << more.back();
        EXPECT_TRUE(has(r.err, message)) << r.err;
        EXPECT_TRUE(r.out.empty());
    }
}

TEST(CliFrontier, PipelineStagesLetA405bModelFit) {
    // Llama-3.1-405B in bf16 (≈ 812 GB of weights) on 8 H100s (≈ 618 GB usable): TP 8
    // alone does not fit; two stages of TP 8 (16 devices) do.
    const Result r =
        cli({"frontier", "--model", "llama-3.1-405b", "--output", "256", "--hardware", "h100-sxm",
             "--tp", "8", "--batch", "1", "--pipeline-stages", "1,2", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    ASSERT_EQ(j["rows"].size(), 2u);
    EXPECT_EQ(j["rows"][0]["pipeline_stages"], 1);
    EXPECT_FALSE(j["rows"][0]["fits"].get<bool>());
    EXPECT_EQ(j["rows"][1]["pipeline_stages"], 2);
    EXPECT_EQ(j["rows"][1]["devices"], 16);
    EXPECT_TRUE(j["rows"][1]["fits"].get<bool>());
    EXPECT_EQ(j["best"]["pipeline_stages"], 2);
    EXPECT_EQ(j["pipeline_left_out"], 0);
    // The table has a PP column and names the stages in the best.
    const Result table =
        cli({"frontier", "--model", "llama-3.1-405b", "--output", "256", "--hardware", "h100-sxm",
             "--tp", "8", "--batch", "1", "--pipeline-stages", "1,2"});
    ASSERT_EQ(table.code, kExitOk) << table.err;
    EXPECT_TRUE(has(table.out, "h100-sxm, TP 8, W16A16, batch 1, PP 2:")) << table.out;
    // CSV: the two columns at the end.
    const Result csv =
        cli({"frontier", "--model", "llama-3.1-405b", "--output", "256", "--hardware", "h100-sxm",
             "--tp", "8", "--batch", "1", "--pipeline-stages", "1,2", "--format", "csv"});
    ASSERT_EQ(csv.code, kExitOk) << csv.err;
    const std::vector<std::string> rows = lines(csv.out);
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_TRUE(rows[0].ends_with(",min_devices,pipeline_stages,devices")) << rows[0];
    EXPECT_TRUE(rows[2].ends_with(",2,16")) << rows[2];
    // A model that fits one domain: the two-stage configurations are left out, and said.
    const Result small = cli(with(kFrontier, {"--pipeline-stages", "1,2"}));
    ASSERT_EQ(small.code, kExitOk) << small.err;
    EXPECT_TRUE(has(small.out,
                    "Left out 24 pipelined configurations whose footprint fits in "
                    "one scale-up domain."))
        << small.out;
    const Result bad = cli(with(kFrontier, {"--pipeline-stages", "0"}));
    EXPECT_EQ(bad.code, kExitUsage);
    EXPECT_TRUE(has(bad.err, "--pipeline-stages: '0' is not an integer from 1 to 64")) << bad.err;
}

TEST(CliFrontier, HelpListsTheCommand) {
    const Result r = cli({"--help"});
    EXPECT_TRUE(has(r.out, "frontier [scenario options] --output N"));
    EXPECT_TRUE(has(r.out, "--slo-tpot-ms"));
    EXPECT_TRUE(has(r.out, "--price-per-device-hour"));
}

}  // namespace
