// SPDX-License-Identifier: GPL-3.0-or-later
// roofline-cli driven through roofline::cli::run(): output formats, the JSON contract
// (docs/calibration.md "JSON output"), sweeps, value lists, exit statuses and diagnostics.

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#ifndef _WIN32
#include <sys/stat.h>
#endif

#include "cli.h"
#include "cli_internal.h"
#include "cli_runner.h"
#include "comma_locale.h"
#include "roofline/analysis.h"
#include "roofline/io/presets.h"
#include "roofline/io/scenario_file.h"
#include "roofline/version.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using roofline::cli::kExitInvalid;
using roofline::cli::kExitOk;
using roofline::cli::kExitUsage;

const std::string kData = ROOFLINE_TEST_DATA_DIR;

using Result = roofline::test::CliResult;
using roofline::test::cli;
using roofline::test::has;
using roofline::test::lines;

std::size_t columns(const std::string& csvLine) {
    return static_cast<std::size_t>(std::count(csvLine.begin(), csvLine.end(), ',')) + 1;
}

std::vector<std::string> csvFields(const std::string& line) {
    std::vector<std::string> out;
    std::string field;
    std::istringstream in(line);
    while (std::getline(in, field, ',')) {
        out.push_back(field);
    }
    if (!line.empty() && line.back() == ',') {
        out.emplace_back();
    }
    return out;
}

// A fresh folder under the system temp dir, unique per call (ctest may run tests and build
// trees in parallel); removed by the caller.
fs::path freshTempDir(const std::string& stem) {
    const fs::path dir =
        fs::temp_directory_path() / (stem + "-" + std::to_string(std::random_device{}()));
    fs::create_directories(dir);
    return dir;
}

// The engine's own answer for a scenario, to compare the CLI against.
roofline::Analysis engine(const roofline::io::ScenarioFile& file,
                          roofline::Scenario* out = nullptr) {
    const roofline::io::ResolvedScenario r = roofline::io::resolve(file);
    EXPECT_TRUE(r.ok()) << roofline::describe(r.issues);
    if (out != nullptr) {
        *out = r.scenario;
    }
    return roofline::analyze(r.scenario);
}

// ---------------------------------------------------------------------------------------
// analyze

TEST(CliAnalyze, DefaultTablePrintsTtftAndTpot) {
    const Result r = cli({"analyze"});
    EXPECT_EQ(r.code, kExitOk) << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
    EXPECT_TRUE(has(r.out, "TTFT")) << r.out;
    EXPECT_TRUE(has(r.out, "TPOT")) << r.out;
    // The defaults: H100 SXM × Llama 3.1 8B, batch 1, bf16.
    EXPECT_TRUE(has(r.out, "NVIDIA H100 SXM5 80GB")) << r.out;
    EXPECT_TRUE(has(r.out, "Llama 3.1 8B")) << r.out;
    EXPECT_TRUE(has(r.out, "prefill")) << r.out;
    EXPECT_TRUE(has(r.out, "decode")) << r.out;
    // Ridge 989.4e12 / 3.35e12 = 295.34 FLOP/byte, printed to 3 figures.
    EXPECT_TRUE(has(r.out, "ridge 295 FLOP/byte")) << r.out;
}

// Every key of the JSON contract, as JSON Pointers.
const char* const kContract[] = {
    "/hardware/id",
    "/hardware/name",
    "/hardware/memory_bandwidth_bytes_per_s",
    "/hardware/memory_capacity_bytes",
    "/hardware/peak_flops_per_s/bf16",
    "/hardware/memory_capacity_visible_bytes",
    "/hardware/confidence",
    "/hardware/compute_peak_sourced",
    "/has_compute_roof",
    "/memory/nominal_capacity_bytes",
    "/memory/capacity_is_visible",
    "/model/id",
    "/model/name",
    "/model/total_params",
    "/model/active_params",
    "/model/kv_cache_bytes_per_token",
    "/scenario/batch",
    "/scenario/prompt_tokens",
    "/scenario/context_tokens",
    "/scenario/weights",
    "/scenario/activations",
    "/scenario/kv_cache",
    "/scenario/tensor_parallel",
    "/scenario/flash_attention",
    "/compute_precision",
    "/ridge_point_flops_per_byte",
    "/ttft_s",
    "/tpot_s",
    "/decode_tokens_per_s",
    "/critical_batch",
    "/goldilocks_context_tokens",
    "/memory/weights_bytes",
    "/memory/kv_cache_bytes",
    "/memory/activation_bytes",
    "/memory/total_bytes",
    "/memory/capacity_bytes",
    "/memory/fits",
    "/memory/max_batch",
    "/memory/min_devices",
    "/operators",
    "/warnings",
};

const char* const kPhaseKeys[] = {
    "flops",
    "bytes",
    "weight_bytes",
    "kv_bytes",
    "activation_bytes",
    "intensity_flops_per_byte",
    "compute_time_s",
    "memory_time_s",
    "time_s",
    "step_bound_s",
    "attainable_flops_per_s",
    "bound",
};

const char* const kOperatorKeys[] = {
    "name", "phase", "count", "flops", "bytes", "intensity_flops_per_byte", "time_s", "bound",
};

void expectContract(const json& j) {
    for (const char* pointer : kContract) {
        EXPECT_TRUE(j.contains(json::json_pointer(pointer))) << "missing " << pointer;
    }
    for (const char* phase : {"prefill", "decode"}) {
        ASSERT_TRUE(j.contains(phase)) << phase;
        for (const char* key : kPhaseKeys) {
            EXPECT_TRUE(j[phase].contains(key)) << "missing /" << phase << "/" << key;
        }
        EXPECT_TRUE(j[phase]["bound"] == "memory" || j[phase]["bound"] == "compute" ||
                    j[phase]["bound"] == "interconnect")
            << j[phase]["bound"];
    }
    ASSERT_TRUE(j["operators"].is_array());
    ASSERT_FALSE(j["operators"].empty());
    for (const json& op : j["operators"]) {
        for (const char* key : kOperatorKeys) {
            EXPECT_TRUE(op.contains(key)) << "operator missing " << key << ": " << op.dump();
        }
        EXPECT_TRUE(op["phase"] == "prefill" || op["phase"] == "decode") << op.dump();
    }
    EXPECT_TRUE(j["warnings"].is_array());
    EXPECT_TRUE(j["critical_batch"].is_null() || j["critical_batch"].is_number_integer());
    EXPECT_TRUE(j["memory"]["fits"].is_boolean());
    EXPECT_TRUE(j["memory"]["max_batch"].is_number_integer());
    EXPECT_TRUE(j["hardware"]["id"].is_string());
    EXPECT_TRUE(j["tpot_s"].is_number());
}

TEST(CliAnalyze, FewestDevicesInTheTableAndTheJson) {
    // Llama-3.1-70B bf16 at the default 2k tokens: 142,987,045,376 bytes (the derivation is
    // in tests/presets/hardware_presets_test.cpp) against 230 MB × 0.90 = 207,000,000 usable
    // per Groq LPU: ⌈690.76⌉ = 691; an 8B fits one H100.
    const Result groq = cli({"analyze", "--model", "llama-3.1-70b", "--hardware", "groq-lpu-v1"});
    EXPECT_EQ(groq.code, kExitOk) << groq.err;
    EXPECT_TRUE(has(groq.out, "Fewest devices 691 of this kind hold it")) << groq.out;
    EXPECT_TRUE(has(cli({"analyze"}).out, "Fewest devices 1 of this kind holds it"));
    const json j = json::parse(cli({"analyze", "--model", "llama-3.1-70b", "--hardware",
                                    "groq-lpu-v1", "--format", "json"})
                                   .out);
    EXPECT_EQ(j["memory"]["min_devices"].get<std::int64_t>(), 691);
}

TEST(CliAnalyze, TableNamesAHybridsStateInMemory) {
    // Qwen3-Next keeps 36 × (3·8,192 + 32·128·128) bf16 elements = 39,518,208 bytes of state
    // per sequence: "39.5 MB" at batch 1; a dense model's line has no state term.
    const Result r = cli({"analyze", "--model", "qwen3-next-80b-a3b", "--hardware", "h200",
                          "--weights", "fp8", "--activations", "fp8"});
    EXPECT_EQ(r.code, kExitOk) << r.err;
    EXPECT_TRUE(has(r.out, " + state 39.5 MB + workspace ")) << r.out;
    EXPECT_FALSE(has(cli({"analyze"}).out, "+ state")) << r.out;
}

TEST(CliAnalyze, JsonHasEveryContractKey) {
    const Result r = cli({"analyze", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);  // throws (and fails the test) if not JSON
    expectContract(j);
}

TEST(CliAnalyze, ExplanationIsInTheJsonAndUnderItsHeadingInTheTable) {
    // The Explain panel's sentences (roofline/explain.h; worked in core/explain_test.cpp):
    // Llama-3.1-8B decode on H100 at B = 1 is memory-bound at 1.05 FLOP/byte.
    const std::string decode =
        "Decode is memory-bound: 1.05 FLOP/byte against a ridge of 295 FLOP/byte, so it "
        "reaches 3.53 TFLOP/s, 0.357% of the bf16 compute roof.";
    const Result r = cli({"analyze", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    ASSERT_TRUE(j["explanation"].is_array());
    const auto& sentences = j["explanation"];
    EXPECT_TRUE(std::any_of(sentences.begin(), sentences.end(),
                            [&](const json& x) { return x.get<std::string>() == decode; }));
    // The table wraps each sentence as a list item under "Explanation", keeping a number
    // with its unit on one line.
    const Result t = cli({"analyze"});
    ASSERT_EQ(t.code, kExitOk) << t.err;
    ASSERT_TRUE(has(t.out, "\nExplanation\n  - Prefill is compute-bound: "));
    EXPECT_TRUE(has(t.out, "  - Decode is memory-bound: 1.05 FLOP/byte against a ridge of 295"));
    const std::string tail = t.out.substr(t.out.find("\nExplanation\n"));
    std::istringstream lines(tail);
    for (std::string line; std::getline(lines, line);) {
        EXPECT_LE(line.size(), 110u) << line;  // 100 columns; "×" and "→" are 2–3 bytes
        EXPECT_FALSE(line.size() > 4 && std::isdigit(static_cast<unsigned char>(line.back())))
            << line;
    }
}

TEST(CliAnalyze, JsonAgreesWithAnalyze) {
    const Result r = cli({"analyze", "--format=json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    roofline::Scenario s;
    const roofline::Analysis a = engine(roofline::io::ScenarioFile{}, &s);

    EXPECT_EQ(j["hardware"]["id"], "h100-sxm");
    EXPECT_EQ(j["model"]["id"], "llama-3.1-8b");
    EXPECT_DOUBLE_EQ(j["tpot_s"].get<double>(), a.tpotSeconds);
    EXPECT_DOUBLE_EQ(j["ttft_s"].get<double>(), a.ttftSeconds);
    EXPECT_DOUBLE_EQ(j["decode_tokens_per_s"].get<double>(), a.decodeTokensPerSecond);
    EXPECT_DOUBLE_EQ(j["decode"]["flops"].get<double>(), a.decode().flops);
    EXPECT_DOUBLE_EQ(j["decode"]["bytes"].get<double>(), a.decode().bytes());
    EXPECT_DOUBLE_EQ(j["decode"]["weight_bytes"].get<double>(),
                     a.decode().traffic[roofline::ByteCategory::Weights]);
    EXPECT_DOUBLE_EQ(j["decode"]["step_bound_s"].get<double>(), a.decode().stepBoundSeconds);
    EXPECT_DOUBLE_EQ(j["prefill"]["time_s"].get<double>(), a.prefill().timeSeconds);
    EXPECT_DOUBLE_EQ(j["prefill"]["intensity_flops_per_byte"].get<double>(),
                     a.prefill().intensity());
    ASSERT_TRUE(a.goldilocksContextTokens.has_value());
    EXPECT_DOUBLE_EQ(j["goldilocks_context_tokens"].get<double>(), *a.goldilocksContextTokens);
    EXPECT_DOUBLE_EQ(j["memory"]["total_bytes"].get<double>(), a.memoryAllDevices.totalBytes);
    EXPECT_EQ(j["memory"]["max_batch"].get<std::int64_t>(), a.memory.maxBatch);
    EXPECT_EQ(j["memory"]["fits"].get<bool>(), a.memory.fits);
    EXPECT_EQ(j["critical_batch"].is_null(), !a.criticalBatch.has_value());
    if (a.criticalBatch) {
        EXPECT_EQ(j["critical_batch"].get<std::int64_t>(), *a.criticalBatch);
    }
    // Reference: Llama-3.1-8B has 8,030,261,248 parameters and 131,072 KV bytes per token
    // in bf16 (../shared/reference/models.json).
    EXPECT_EQ(j["model"]["total_params"].get<double>(), 8030261248.0);
    EXPECT_EQ(j["model"]["kv_cache_bytes_per_token"].get<double>(), 131072.0);
    EXPECT_EQ(j["compute_precision"], "bf16");

    ASSERT_EQ(j["operators"].size(), a.operators.size());
    for (std::size_t i = 0; i < a.operators.size(); ++i) {
        SCOPED_TRACE(i);
        const json& op = j["operators"][i];
        EXPECT_EQ(op["name"].get<std::string>(), std::string(a.operators[i].name));
        EXPECT_EQ(op["phase"].get<std::string>(),
                  std::string(roofline::toString(a.operators[i].pass)));
        EXPECT_DOUBLE_EQ(op["time_s"].get<double>(), a.operators[i].timeSeconds);
        EXPECT_DOUBLE_EQ(op["flops"].get<double>(), a.operators[i].flops);
    }
    // The phase time is the sum of its operators' times (DOMAIN.md §1).
    double decodeSum = 0.0;
    for (const json& op : j["operators"]) {
        if (op["phase"] == "decode") {
            decodeSum += op["time_s"].get<double>();
        }
    }
    EXPECT_NEAR(decodeSum, j["decode"]["time_s"].get<double>(), 1e-9 * decodeSum);
    EXPECT_DOUBLE_EQ(j["tpot_s"].get<double>(), j["decode"]["time_s"].get<double>());
}

TEST(CliAnalyze, RidgeOfH100IsPeakOverBandwidth) {
    const Result r = cli({"analyze", "--hardware", "h100-sxm", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    // 989.4e12 FLOP/s / 3.35e12 byte/s = 295.343... FLOP/byte (DOMAIN.md §1).
    EXPECT_DOUBLE_EQ(j["ridge_point_flops_per_byte"].get<double>(), 989.4e12 / 3.35e12);
    EXPECT_NEAR(j["ridge_point_flops_per_byte"].get<double>(), 295.34, 0.01);
    EXPECT_DOUBLE_EQ(j["hardware"]["peak_flops_per_s"]["bf16"].get<double>(), 989.4e12);
    EXPECT_DOUBLE_EQ(j["hardware"]["memory_bandwidth_bytes_per_s"].get<double>(), 3.35e12);
    // h100-sxm.json says 80 GiB (schema 2, binary): 80 × 2^30 = 85,899,345,920 bytes.
    EXPECT_DOUBLE_EQ(j["hardware"]["memory_capacity_bytes"].get<double>(), 85899345920.0);
    EXPECT_FALSE(j["hardware"]["peak_flops_per_s"].contains("fp4")) << "H100 has no fp4 roof";
    // No visible capacity in h100-sxm.json: null, and memory uses the nominal 80 GiB.
    EXPECT_TRUE(j["hardware"]["memory_capacity_visible_bytes"].is_null());
    EXPECT_EQ(j["hardware"]["confidence"], "high");
    EXPECT_FALSE(j["memory"]["capacity_is_visible"].get<bool>());
    EXPECT_EQ(j["memory"]["nominal_capacity_bytes"], j["memory"]["capacity_bytes"]);
}

TEST(CliAnalyze, B300JsonCarriesTheVisibleCapacityAndConfidence) {
    // b300.json: 288 GiB nominal = 309,237,645,312 bytes; visible 268.59375 GiB =
    // 288,400,343,040 bytes (aic_b300: 275,040 MiB per nvidia-smi), which memory uses:
    // usable = 0.90 × 288,400,343,040 = 259,560,308,736 bytes.
    const Result r = cli({"analyze", "--hardware", "b300", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["hardware"]["memory_capacity_bytes"].get<double>(), 309237645312.0);
    EXPECT_EQ(j["hardware"]["memory_capacity_visible_bytes"].get<double>(), 288400343040.0);
    EXPECT_EQ(j["hardware"]["confidence"], "medium");
    EXPECT_TRUE(j["hardware"]["compute_peak_sourced"].get<bool>());
    EXPECT_EQ(j["memory"]["capacity_bytes"].get<double>(), 288400343040.0);
    EXPECT_EQ(j["memory"]["nominal_capacity_bytes"].get<double>(), 309237645312.0);
    EXPECT_TRUE(j["memory"]["capacity_is_visible"].get<bool>());
    EXPECT_DOUBLE_EQ(j["memory"]["usable_bytes"].get<double>(), 259560308736.0);
    // Audit H1: int8 153.5 TOPS dense.
    EXPECT_DOUBLE_EQ(j["hardware"]["peak_flops_per_s"]["int8"].get<double>(), 153.5e12);
    EXPECT_DOUBLE_EQ(j["hardware"]["peak_flops_per_s"]["fp6"].get<double>(), 4500e12);
}

TEST(CliAnalyze, AMemoryOnlyChipHasNoRoofInJsonAndSaysSo) {
    // apple-m4-max.json: no sourced compute peak. No roof, no ridge (null, not 0); the
    // warning says only the memory roof is drawn.
    const Result r = cli({"analyze", "--hardware", "apple-m4-max", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    EXPECT_FALSE(j["has_compute_roof"].get<bool>());
    EXPECT_TRUE(j["peak_flops_per_s"].is_null());
    EXPECT_TRUE(j["ridge_point_flops_per_byte"].is_null());
    EXPECT_FALSE(j["hardware"]["compute_peak_sourced"].get<bool>());
    EXPECT_TRUE(j["hardware"]["peak_flops_per_s"].empty());
    EXPECT_TRUE(j["critical_batch"].is_null());
    EXPECT_GT(j["tpot_s"].get<double>(), 0.0);
    ASSERT_FALSE(j["warnings"].empty());
    EXPECT_TRUE(has(j["warnings"][0].get<std::string>(),
                    "No sourced compute peak for Apple M4 Max (40-core GPU): only the memory roof"))
        << j["warnings"];
    // The table says it too.
    const Result table = cli({"analyze", "--hardware", "apple-m4-max"});
    ASSERT_EQ(table.code, kExitOk) << table.err;
    EXPECT_TRUE(has(table.out, "only the memory roof is drawn")) << table.out;
}

TEST(CliAnalyze, ScenarioOptionsReachTheEngine) {
    const Result r = cli({"analyze", "--model", "llama-2-70b", "--batch", "8", "--context=4096",
                          "--weights", "fp8", "--kv", "fp8", "--tp", "2", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["scenario"]["batch"], 8);
    EXPECT_EQ(j["scenario"]["context_tokens"], 4096);
    EXPECT_EQ(j["scenario"]["weights"], "fp8");
    EXPECT_EQ(j["scenario"]["kv_cache"], "fp8");
    EXPECT_EQ(j["scenario"]["tensor_parallel"], 2);
    roofline::io::ScenarioFile f;
    f.model = "llama-2-70b";
    f.workload.batch = 8;
    f.workload.contextTokens = 4096;
    f.workload.weightPrecision = roofline::Precision::Fp8;
    f.workload.kvPrecision = roofline::Precision::Fp8;
    f.workload.tensorParallel = 2;
    const roofline::Analysis a = engine(f);
    EXPECT_DOUBLE_EQ(j["tpot_s"].get<double>(), a.tpotSeconds);
    EXPECT_DOUBLE_EQ(j["ttft_s"].get<double>(), a.ttftSeconds);
    // Llama-2-70B: 2·80·8·128 = 163,840 KV elements per token, 1 byte each in fp8.
    EXPECT_EQ(j["model"]["kv_cache_bytes_per_token"].get<double>(), 163840.0);
}

TEST(CliAnalyze, OversizeScenarioIsStillAnalysedWithAWarning) {
    // Llama-3.1-405B in bf16 is ~812 GB of weights: it does not fit one 80 GB H100 (DOMAIN §5).
    const Result r = cli({"analyze", "--model", "llama-3.1-405b", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    EXPECT_FALSE(j["memory"]["fits"].get<bool>());
    EXPECT_EQ(j["memory"]["max_batch"], 0);
    EXPECT_FALSE(j["warnings"].empty());
    const Result table = cli({"analyze", "--model", "llama-3.1-405b"});
    EXPECT_TRUE(has(table.out, "does NOT fit")) << table.out;
}

TEST(CliAnalyze, CriticalBatchIsNullWhenKvTrafficOutgrowsFlops) {
    // Llama-3.1-8B decode on an H100 (ridge 295 FLOP/byte). Weight matmuls read
    // W ≈ 2·(8.03e9 − 0.53e9 gathered embedding) ≈ 15.0e9 bytes once per step; each sequence
    // adds F ≈ 15.0e9 matmul FLOPs + 4·32·128·32·C attention FLOPs, and (C+1)·131,072 KV
    // bytes (+ a few MB of activations).
    //   C = 2048: per sequence ≈ 15.1e9 FLOPs on ≈ 269e6 bytes ≈ 56 FLOP/byte < 295, so no
    //   batch makes the step compute-bound: critical_batch null (DOMAIN.md §5), CSV empty.
    //   C = 128: ≈ 15.1e9 FLOPs per sequence on b ≈ 129·131,072 = 16.9e6 KV bytes plus
    //   activations: per layer ~5 I-wide rows (5·14336·2 = 143 KB) and ~10 h-wide rows
    //   (82 KB) read or written, ≈ 7..10 MB over 32 layers -> b ≈ 24..27e6.
    //   B* ≈ W / (F/295 − b) ≈ 15.0e9 / (51e6 − 24..27e6) ≈ 560..640.
    const Result r = cli({"analyze", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    EXPECT_TRUE(j["critical_batch"].is_null()) << j["critical_batch"];
    const Result table = cli({"analyze"});
    EXPECT_TRUE(has(table.out, "Critical batch: whole decode step never")) << table.out;
    const Result csv = cli({"analyze", "--format", "csv"});
    const std::vector<std::string> l = lines(csv.out);
    ASSERT_EQ(l.size(), 2u);
    const std::vector<std::string> header = csvFields(l[0]);
    const std::vector<std::string> row = csvFields(l[1]);
    ASSERT_EQ(header.size(), row.size());
    const auto at = std::find(header.begin(), header.end(), "critical_batch");
    ASSERT_NE(at, header.end());
    EXPECT_EQ(row[static_cast<std::size_t>(at - header.begin())], "");

    const json shortContext =
        json::parse(cli({"analyze", "--context", "128", "--format", "json"}).out);
    ASSERT_TRUE(shortContext["critical_batch"].is_number_integer())
        << shortContext["critical_batch"];
    // DOMAIN.md §5 (v2): the critical batch is where compute-bound operators take half the
    // step's time. Each weight matmul turns compute-bound near its own
    // W_i / (F_i/peak − b_i)·BW ≈ 295..340 (activations add to b_i); attention over 129
    // tokens stays small, so the half is crossed there: "about 326, not 295". (The v1
    // whole-step aggregate above gave 560..640.)
    EXPECT_GE(shortContext["critical_batch"].get<std::int64_t>(), 300);
    EXPECT_LE(shortContext["critical_batch"].get<std::int64_t>(), 350);
}

TEST(CliAnalyze, CsvIsHeaderAndOneRowOfEqualWidth) {
    const Result r = cli({"analyze", "--format", "csv"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const std::vector<std::string> l = lines(r.out);
    ASSERT_EQ(l.size(), 2u) << r.out;
    EXPECT_EQ(l[0], roofline::cli::csvHeader());
    EXPECT_EQ(columns(l[0]), columns(l[1])) << l[0] << "\n" << l[1];
    const std::vector<std::string> header = csvFields(l[0]);
    const std::vector<std::string> row = csvFields(l[1]);
    ASSERT_EQ(header.size(), row.size());
    const auto field = [&](const std::string& name) {
        const auto it = std::find(header.begin(), header.end(), name);
        EXPECT_NE(it, header.end()) << name;
        return it == header.end() ? std::string()
                                  : row[static_cast<std::size_t>(it - header.begin())];
    };
    EXPECT_EQ(field("hardware"), "h100-sxm");
    EXPECT_EQ(field("model"), "llama-3.1-8b");
    EXPECT_EQ(field("batch"), "1");
    EXPECT_EQ(field("kv_heads"), "8");
    EXPECT_EQ(field("flash_attention"), "on");
    EXPECT_NEAR(std::stod(field("ridge_point_flops_per_byte")), 989.4e12 / 3.35e12, 1e-6);
    const roofline::Analysis a = engine(roofline::io::ScenarioFile{});
    EXPECT_NEAR(std::stod(field("tpot_s")), a.tpotSeconds, 1e-9 * a.tpotSeconds);
}

TEST(CliAnalyze, CsvStaysRectangularForAModelFileWithACommaInItsName) {
    // The model column is the file stem; a stem with a comma must be quoted (RFC 4180) or the
    // row gains a column.
    const fs::path dir = freshTempDir("roofline-cli-comma-test");
    const fs::path model = dir / "tiny,llama.json";
    fs::copy_file(kData + "/valid/config.json", model, fs::copy_options::overwrite_existing);
    const Result r = cli({"analyze", "--model", model.string(), "--format", "csv"});
    fs::remove_all(dir);
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const std::vector<std::string> l = lines(r.out);
    ASSERT_EQ(l.size(), 2u);
    // Count columns the RFC 4180 way: commas outside double quotes.
    std::size_t cols = 1;
    bool quoted = false;
    for (char ch : l[1]) {
        quoted = ch == '"' ? !quoted : quoted;
        cols += (ch == ',' && !quoted) ? 1 : 0;
    }
    EXPECT_EQ(cols, columns(l[0])) << l[1];
}

TEST(CliAnalyze, FilesOnDiskWork) {
    const Result r = cli({"analyze", "--hardware", kData + "/valid/test-accelerator.json",
                          "--model", kData + "/valid/config.json", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["hardware"]["id"], "test-accelerator");
    EXPECT_EQ(j["model"]["id"], "valid");  // config.json: its folder's name
    // test-accelerator.json: bf16 500 TFLOP/s over 2 TB/s -> ridge 250 FLOP/byte.
    EXPECT_DOUBLE_EQ(j["ridge_point_flops_per_byte"].get<double>(), 250.0);
    // TinyLlama-1.1B by hand: per layer q 2048², k,v 2·2048·256, o 2048² = 9,437,184; MLP
    // 3·2048·5632 = 34,603,008; norms 4,096 -> 44,044,288 × 22 = 968,974,336; embeddings
    // 2·32000·2048 = 131,072,000; final norm 2,048. Total 1,100,048,384.
    EXPECT_EQ(j["model"]["total_params"].get<double>(), 1100048384.0);
}

// ---------------------------------------------------------------------------------------
// sweep

TEST(CliSweep, CsvHasOneRowPerBatchAndContext) {
    // 1:64:x2 = 1, 2, 4, 8, 16, 32, 64 (7 values) × 2 contexts = 14 rows.
    const Result r = cli({"sweep", "--batch", "1:64:x2", "--context", "512,1024"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const std::vector<std::string> l = lines(r.out);
    ASSERT_EQ(l.size(), 15u) << r.out;
    EXPECT_EQ(l[0], roofline::cli::csvHeader());
    for (std::size_t i = 1; i < l.size(); ++i) {
        EXPECT_EQ(columns(l[i]), columns(l[0])) << l[i];
    }
    // Batch-major order: (1, 512), (1, 1024), (2, 512), ...
    const std::vector<std::string> first = csvFields(l[1]);
    const std::vector<std::string> last = csvFields(l[14]);
    EXPECT_EQ(first[2], "1");
    EXPECT_EQ(first[4], "512");
    EXPECT_EQ(last[2], "64");
    EXPECT_EQ(last[4], "1024");
}

TEST(CliSweep, EveryRowIsTheRowOfItsOwnAnalysis) {
    // The sweep's writer reuses a column's text while its value repeats; each row must still
    // be what csvRow writes for that cell alone.
    const Result r = cli(
        {"sweep", "--model", "mixtral-8x7b", "--batch", "1,1,3:30:x10", "--context", "0,7,7,4096"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const std::vector<std::string> l = lines(r.out);
    ASSERT_EQ(l.size(), 1u + 4u * 4u);
    roofline::io::ScenarioFile file;
    file.model = "mixtral-8x7b";
    std::size_t at = 1;
    for (std::int64_t batch : {1, 1, 3, 30}) {
        for (std::int64_t context : {0, 7, 7, 4096}) {
            file.workload.batch = batch;
            file.workload.contextTokens = context;
            roofline::Scenario scenario;
            const roofline::Analysis a = engine(file, &scenario);
            EXPECT_EQ(l[at++], roofline::cli::csvRow(scenario, a)) << batch << " x " << context;
        }
    }
}

TEST(CliSweep, ALongSweepLosesNothingBetweenItsBlocks) {
    // 100 x 50 rows, about 1.3 MB: twenty of the 64 KiB blocks the sweep writes.
    const Result r = cli({"sweep", "--batch", "1:100:+1", "--context", "1:5000:+100"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    ASSERT_GT(r.out.size(), std::size_t{1} << 20);
    const std::vector<std::string> l = lines(r.out);
    ASSERT_EQ(l.size(), 5001u);
    for (std::size_t i = 1; i < l.size(); ++i) {
        ASSERT_EQ(columns(l[i]), columns(l[0])) << "row " << i << ": " << l[i];
        const std::vector<std::string> f = csvFields(l[i]);
        ASSERT_EQ(f[2], std::to_string((i - 1) / 50 + 1)) << "row " << i;
        ASSERT_EQ(f[4], std::to_string((i - 1) % 50 * 100 + 1)) << "row " << i;
    }
}

TEST(CliSweep, JsonIsAnArrayOfAnalyses) {
    const Result r = cli({"sweep", "--batch=1:64:x2", "--context=512,1024", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    ASSERT_TRUE(j.is_array());
    ASSERT_EQ(j.size(), 14u);
    const std::int64_t batches[] = {1, 2, 4, 8, 16, 32, 64};
    for (std::size_t i = 0; i < j.size(); ++i) {
        SCOPED_TRACE(i);
        EXPECT_EQ(j[i]["scenario"]["batch"], batches[i / 2]);
        EXPECT_EQ(j[i]["scenario"]["context_tokens"], i % 2 == 0 ? 512 : 1024);
    }
    expectContract(j[13]);
    // The last cell equals a plain analyze of batch 64, context 1024.
    roofline::io::ScenarioFile f;
    f.workload.batch = 64;
    f.workload.contextTokens = 1024;
    EXPECT_DOUBLE_EQ(j[13]["tpot_s"].get<double>(), engine(f).tpotSeconds);
    // Decode intensity rises with batch at a fixed context (STYLE.md §7 invariant).
    for (std::size_t i = 2; i < j.size(); ++i) {
        EXPECT_GT(j[i]["decode"]["intensity_flops_per_byte"].get<double>(),
                  j[i - 2]["decode"]["intensity_flops_per_byte"].get<double>());
    }
}

TEST(CliSweep, DefaultsToOneCell) {
    const Result r = cli({"sweep"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(lines(r.out).size(), 2u) << r.out;
}

TEST(CliSweep, UsageErrors) {
    EXPECT_EQ(cli({"sweep", "--format", "table"}).code, kExitUsage);
    EXPECT_EQ(cli({"sweep", "--batch", "0"}).code, kExitUsage);
    EXPECT_EQ(cli({"sweep", "--batch", "1:8:x1"}).code, kExitUsage);
    EXPECT_EQ(cli({"sweep", "--context", "x"}).code, kExitUsage);
    EXPECT_EQ(cli({"sweep", "--batch"}).code, kExitUsage);
    const Result r = cli({"sweep", "--batch", "5:1:x2"});
    EXPECT_EQ(r.code, kExitUsage);
    EXPECT_TRUE(has(r.err, "--batch")) << r.err;
    EXPECT_EQ(cli({"sweep", "--hardware", "nosuch"}).code, kExitInvalid);
}

// ---------------------------------------------------------------------------------------
// parseValueList

std::optional<std::vector<std::int64_t>> values(const std::string& text, std::int64_t lo = 1,
                                                std::int64_t hi = 1'000'000'000) {
    std::string error;
    auto v = roofline::cli::parseValueList(text, lo, hi, error);
    EXPECT_EQ(v.has_value(), error.empty()) << text << ": " << error;
    return v;
}

TEST(CliValueList, ListsAndRanges) {
    EXPECT_EQ(values("1,2,4"), (std::vector<std::int64_t>{1, 2, 4}));
    EXPECT_EQ(values("7"), (std::vector<std::int64_t>{7}));
    // 2^0 .. 2^12: 13 values.
    const auto geometric = values("1:4096:x2");
    ASSERT_TRUE(geometric);
    EXPECT_EQ(geometric->size(), 13u);
    EXPECT_EQ(geometric->front(), 1);
    EXPECT_EQ(geometric->back(), 4096);
    EXPECT_EQ(values("128:512:+128"), (std::vector<std::int64_t>{128, 256, 384, 512}));
    // The end need not be on the grid.
    EXPECT_EQ(values("3:100:x3"), (std::vector<std::int64_t>{3, 9, 27, 81}));
    EXPECT_EQ(values("1:10:+4"), (std::vector<std::int64_t>{1, 5, 9}));
    EXPECT_EQ(values("5:5:x2"), (std::vector<std::int64_t>{5}));
    // Lists of ranges concatenate.
    EXPECT_EQ(values("1:4:x2,100,512:1024:+512"),
              (std::vector<std::int64_t>{1, 2, 4, 100, 512, 1024}));
    // Context may be 0.
    EXPECT_EQ(values("0,1", 0), (std::vector<std::int64_t>{0, 1}));
    // A geometric range to the top of the range does not overflow.
    const auto big = values("1:1000000000:x10");
    ASSERT_TRUE(big);
    EXPECT_EQ(big->size(), 10u);
    EXPECT_EQ(big->back(), 1'000'000'000);
}

TEST(CliValueList, GeometricRangeFromZeroIsDiagnosedNotSpun) {
    // Contexts may be 0, so "0:4096:x2" passes the range check, but 0·2 = 0: the loop makes
    // zeros until the 100,000-value cap and reports "more than 100000 values", which does not
    // tell the user what is wrong. Either a sensible list without repeats, or an error about
    // the range itself.
    std::string error;
    const auto v = roofline::cli::parseValueList("0:4096:x2", 0, 1'000'000'000, error);
    if (v) {
        std::vector<std::int64_t> sorted = *v;
        std::sort(sorted.begin(), sorted.end());
        EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end())
            << v->size() << " values with repeats";
        EXPECT_EQ(v->back(), 4096);
    } else {
        EXPECT_FALSE(has(error, "more than")) << error;
        EXPECT_TRUE(has(error, "0")) << error;
    }
}

TEST(CliValueList, Errors) {
    for (const char* bad : {"0", "x", "", "1,,2", "1:10", "1:10:x1", "1:10:+0", "1:10:*2", "1:10:x",
                            "5:1:x2", "5:1:+1", "-1", "1:2000000000:x2", "2.5", "1:4:x2:1"}) {
        SCOPED_TRACE(bad);
        std::string error;
        EXPECT_FALSE(roofline::cli::parseValueList(bad, 1, 1'000'000'000, error).has_value());
        EXPECT_FALSE(error.empty());
    }
    std::string error;
    EXPECT_FALSE(roofline::cli::parseValueList("1:1000000:+1", 1, 1'000'000'000, error));
    EXPECT_TRUE(has(error, "more than")) << error;
    EXPECT_FALSE(roofline::cli::parseValueList("0", 1, 10, error));
    EXPECT_TRUE(has(error, "'0' is not an integer from 1 to 10")) << error;
}

// ---------------------------------------------------------------------------------------
// Exit statuses and diagnostics.

TEST(CliExit, UsageErrorsExitTwo) {
    const Result none = cli({});
    EXPECT_EQ(none.code, kExitUsage);
    EXPECT_TRUE(has(none.err, "Usage")) << none.err;
    const Result unknown = cli({"analyse"});
    EXPECT_EQ(unknown.code, kExitUsage);
    EXPECT_TRUE(has(unknown.err, "unknown command 'analyse'")) << unknown.err;
    const Result batch = cli({"analyze", "--batch", "0"});
    EXPECT_EQ(batch.code, kExitUsage);
    EXPECT_TRUE(has(batch.err, "--batch")) << batch.err;
    EXPECT_TRUE(batch.out.empty());
    const Result format = cli({"analyze", "--format", "xml"});
    EXPECT_EQ(format.code, kExitUsage);
    EXPECT_TRUE(has(format.err, "'xml'")) << format.err;
    EXPECT_EQ(cli({"analyze", "--format"}).code, kExitUsage);
    EXPECT_EQ(cli({"analyze", "--weights", "fp3"}).code, kExitUsage);
    EXPECT_EQ(cli({"analyze", "stray"}).code, kExitUsage);
    EXPECT_EQ(cli({"list"}).code, kExitUsage);
    EXPECT_EQ(cli({"list", "gpus"}).code, kExitUsage);
    EXPECT_EQ(cli({"validate"}).code, kExitUsage);
    EXPECT_EQ(cli({"validate", "a.json", "b.json"}).code, kExitUsage);
}

TEST(CliExit, UnknownHardwareExitsThreeAndListsIds) {
    const Result r = cli({"analyze", "--hardware", "nosuch"});
    EXPECT_EQ(r.code, kExitInvalid);
    EXPECT_TRUE(r.out.empty());
    EXPECT_TRUE(has(r.err, "nosuch")) << r.err;
    for (const std::string& id : roofline::io::hardwareIds()) {
        EXPECT_TRUE(has(r.err, id)) << id << " not listed in: " << r.err;
    }
}

TEST(CliExit, InvalidModelFileExitsThreeWithFileAndPointer) {
    const std::string path = kData + "/invalid/model-kv-heads-not-divisor.json";
    const Result r = cli({"analyze", "--model", path});
    EXPECT_EQ(r.code, kExitInvalid);
    EXPECT_TRUE(has(r.err, path + ": /num_key_value_heads must be")) << r.err;
    EXPECT_TRUE(has(r.err, "error: ")) << r.err;
}

#ifndef _WIN32
TEST(CliExit, FifoOrDeviceAsModelExitsThreeInsteadOfBlocking) {
    const fs::path dir = freshTempDir("roofline-cli-fifo");
    const std::string fifo = (dir / "config.json").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const Result r = cli({"analyze", "--model", fifo});
    EXPECT_EQ(r.code, kExitInvalid);
    EXPECT_TRUE(has(r.err, fifo + ": the file must be a readable file, got a FIFO (not a "
                                  "regular file)"))
        << r.err;
    const Result v = cli({"validate", fifo});
    EXPECT_EQ(v.code, kExitInvalid);
    EXPECT_TRUE(has(v.err, "not a regular file")) << v.err;
    const Result zero = cli({"analyze", "--hardware", "/dev/zero"});
    EXPECT_EQ(zero.code, kExitInvalid);
    EXPECT_TRUE(has(zero.err,
                    "/dev/zero: the file must be a readable file, got a character "
                    "device"))
        << zero.err;
    std::error_code ec;
    fs::remove_all(dir, ec);
}
#endif

TEST(CliExit, ScenarioThatFailsValidationExitsThree) {
    // Llama-3.1-8B has 32 query heads: a GQA ratio of 5 does not divide them.
    const Result gqa = cli({"analyze", "--gqa-ratio", "5"});
    EXPECT_EQ(gqa.code, kExitInvalid);
    EXPECT_TRUE(has(gqa.err, "--gqa-ratio")) << gqa.err;
    EXPECT_EQ(cli({"analyze", "--tp", "3"}).code, kExitInvalid);
    // Ratio 4 is fine and shows up as 8 KV heads.
    const Result ok = cli({"analyze", "--gqa-ratio", "4", "--format", "json"});
    ASSERT_EQ(ok.code, kExitOk) << ok.err;
    EXPECT_EQ(json::parse(ok.out)["scenario"]["kv_heads"], 8);
    EXPECT_EQ(json::parse(ok.out)["scenario"]["gqa_ratio"], 4);
}

// The options of engine round 2: good values are accepted (exit 0; the numbers are the
// engine's business and not checked here), bad ones are usage errors naming the option.
TEST(CliOptions, NewScenarioOptionsAcceptGoodValues) {
    for (const std::vector<std::string>& extra : std::vector<std::vector<std::string>>{
             {"--spec-k", "4"},
             {"--spec-k=16", "--spec-accept", "1"},
             {"--spec-k", "4", "--spec-accept=0", "--draft-model", "ngram"},
             {"--spec-k", "4", "--spec-accept", "0.6", "--draft-model", "llama-3.1-8b"},
             {"--spec-k", "0", "--draft-model", "llama-2-7b"},  // off: the draft is unused
             {"--expert-parallel", "off"},
             {"--memory-utilization", "0.5"},
             {"--memory-utilization=1"},
             {"--max-batched-tokens", "1"},
             {"--max-batched-tokens", "100000000"},
             {"--ceilings", "peak"},
             {"--ceilings=achievable"},
         }) {
        std::vector<std::string> args = {"analyze", "--format", "json"};
        args.insert(args.end(), extra.begin(), extra.end());
        SCOPED_TRACE(extra.front() + " " + (extra.size() > 1 ? extra[1] : ""));
        const Result r = cli(args);
        EXPECT_EQ(r.code, kExitOk) << r.err;
        EXPECT_TRUE(r.err.empty()) << r.err;
    }
    // A draft from a file on disk works like a preset id.
    const Result file = cli({"analyze", "--spec-k", "2", "--model", kData + "/valid/config.json",
                             "--draft-model", kData + "/valid/config.json"});
    EXPECT_EQ(file.code, kExitOk) << file.err;
    // Expert parallelism over Mixtral's 8 experts on 8 devices.
    const Result ep =
        cli({"analyze", "--model", "mixtral-8x7b", "--tp", "8", "--expert-parallel", "on"});
    EXPECT_EQ(ep.code, kExitOk) << ep.err;
    EXPECT_TRUE(ep.err.empty()) << ep.err;
}

TEST(CliOptions, NewScenarioOptionsRefuseBadValuesNamingTheOption) {
    struct Case {
        std::vector<std::string> args;
        std::string message;
    };
    for (const Case& c : std::vector<Case>{
             {{"--spec-k", "17"}, "--spec-k expects an integer from 0 to 16, got '17'"},
             {{"--spec-accept", "1.01"}, "--spec-accept expects a number from 0 to 1, got '1.01'"},
             {{"--draft-model="},
              "--draft-model expects ngram, a model preset id or a config.json path, got ''"},
             {{"--expert-parallel", "true"}, "--expert-parallel expects on or off, got 'true'"},
             {{"--memory-utilization", "0"},
              "--memory-utilization expects a number above 0 and at most 1, got '0'"},
             {{"--max-batched-tokens", "0"},
              "--max-batched-tokens expects an integer from 1 to 100000000, got '0'"},
             {{"--ceilings", "mamf"},
              "--ceilings expects peak, achievable or estimate, got 'mamf'"},
         }) {
        std::vector<std::string> args = {"analyze"};
        args.insert(args.end(), c.args.begin(), c.args.end());
        SCOPED_TRACE(c.message);
        const Result r = cli(args);
        EXPECT_EQ(r.code, kExitUsage);
        EXPECT_TRUE(has(r.err, "roofline-cli: " + c.message)) << r.err;
        EXPECT_TRUE(r.out.empty());
    }
}

TEST(CliOptions, ScenarioErrorsOfTheNewOptionsExitThree) {
    // Llama-2-7B's 32,000-token vocabulary cannot draft for Llama-3.1-8B's 128,256.
    const Result vocab = cli({"analyze", "--spec-k", "4", "--draft-model", "llama-2-7b"});
    EXPECT_EQ(vocab.code, kExitInvalid);
    EXPECT_TRUE(has(vocab.err,
                    "error: /speculative/draft must be a draft with the target's "
                    "vocabulary (128256 tokens)"))
        << vocab.err;
    EXPECT_TRUE(has(vocab.err, "shared tokenizer")) << vocab.err;
    const Result missing = cli({"analyze", "--spec-k", "4", "--draft-model", "no-such-model"});
    EXPECT_EQ(missing.code, kExitInvalid);
    EXPECT_TRUE(has(missing.err, "/speculative/draft")) << missing.err;
    EXPECT_TRUE(has(missing.err, "no-such-model")) << missing.err;
    // 16 devices split Mixtral's 32 heads, but not its 8 experts.
    const Result ep =
        cli({"analyze", "--model", "mixtral-8x7b", "--tp", "16", "--expert-parallel", "on"});
    EXPECT_EQ(ep.code, kExitInvalid);
    EXPECT_TRUE(has(ep.err, "8 routed experts")) << ep.err;
    // On a dense model expert parallelism is only a warning.
    const Result dense = cli({"analyze", "--expert-parallel", "on"});
    EXPECT_EQ(dense.code, kExitOk) << dense.err;
    EXPECT_TRUE(has(dense.err, "warning: /expert_parallel must be off for a dense model"))
        << dense.err;
}

TEST(CliValidate, ScenarioFileWithTheNewKeys) {
    const fs::path dir = freshTempDir("roofline-cli-newkeys");
    const std::string good = (dir / "spec.json").string();
    std::ofstream(good) << R"({"schema_version": 1, "hardware": "h100-sxm",
        "model": "llama-3.1-70b", "tensor_parallel": 4, "expert_parallel": false,
        "speculative": {"k": 4, "acceptance": 0.7, "draft": "llama-3.1-8b"},
        "memory_utilization": 0.9, "max_batched_tokens": 4096, "ceilings": "achievable"})";
    const Result ok = cli({"validate", good});
    EXPECT_EQ(ok.code, kExitOk) << ok.err;
    EXPECT_TRUE(ok.err.empty()) << ok.err;

    const std::string bad = (dir / "bad.json").string();
    std::ofstream(bad) << R"({"schema_version": 1, "hardware": "h100-sxm",
        "model": "llama-3.1-8b", "speculative": {"k": 40}})";
    const Result r = cli({"validate", bad});
    EXPECT_EQ(r.code, kExitInvalid);
    EXPECT_TRUE(has(r.err, bad + ": /speculative/k must be an integer from 0 to 16, got 40"))
        << r.err;
    std::error_code ec;
    fs::remove_all(dir, ec);
}

// ---------------------------------------------------------------------------------------
// locale

// roofline-cli with its streams imbued with `locale`.
Result cliIn(const std::locale& locale, const std::vector<std::string>& args) {
    std::ostringstream out;
    std::ostringstream err;
    out.imbue(locale);
    err.imbue(locale);
    Result r;
    r.code = roofline::cli::run(args, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}

TEST(CliLocale, ACommaDecimalLocaleChangesNoOutput) {
    // Under the C locale first, then with the C locale and the streams in de_DE.UTF-8, where
    // printf and an iostream would write "4,56 ms" and "1.560".
    const std::vector<std::vector<std::string>> commands = {
        {"analyze"},
        {"analyze", "--model", "deepseek-v3", "--hardware", "h200", "--tp", "8", "--format", "csv"},
        {"analyze", "--model", "mixtral-8x7b", "--batch", "64", "--format", "json"},
        {"sweep", "--batch", "1:4096:x4", "--context", "1000,33000"},
        {"list", "hardware"},
        {"list", "models"},
        {"validate", kData + "/invalid/hw-bandwidth-negative.json"},  // "got -3.35"
    };
    std::vector<Result> plain;
    for (const std::vector<std::string>& args : commands) {
        plain.push_back(cli(args));
    }
    EXPECT_TRUE(has(plain[0].out, "TPOT 4.56 ms")) << plain[0].out;

    roofline::test::CommaDecimalLocale cLocale;
    ASSERT_TRUE(cLocale.active()) << roofline::test::kCommaLocaleMissing;
    std::locale streamLocale;
    try {
        streamLocale = std::locale(roofline::test::kCommaLocale);
    } catch (const std::runtime_error&) {
        FAIL() << roofline::test::kCommaLocaleMissing;
    }
    for (std::size_t i = 0; i < commands.size(); ++i) {
        const Result r = cliIn(streamLocale, commands[i]);
        EXPECT_EQ(r.code, plain[i].code) << commands[i][0];
        EXPECT_EQ(r.out, plain[i].out) << commands[i][0];
        EXPECT_EQ(r.err, plain[i].err) << commands[i][0];
    }
    const Result table = cliIn(streamLocale, {"analyze"});
    EXPECT_TRUE(has(table.out, "TPOT 4.56 ms")) << table.out;
    EXPECT_FALSE(has(table.out, "4,56")) << table.out;
}

TEST(CliHelp, HelpMentionsEveryCommandAndExitsZero) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"--help"}, {"-h"}, {"help"}, {"analyze", "--help"}}) {
        const Result r = cli(args);
        EXPECT_EQ(r.code, kExitOk);
        for (const char* word :
             {"analyze", "sweep", "list", "validate", "--batch", "--format", "--hardware",
              "--model", "--spec-k", "--spec-accept", "--draft-model", "--expert-parallel",
              "--memory-utilization", "--max-batched-tokens", "--ceilings"}) {
            EXPECT_TRUE(has(r.out, word)) << word;
        }
    }
}

TEST(CliHelp, VersionIsTheProjectVersion) {
    const Result r = cli({"--version"});
    EXPECT_EQ(r.code, kExitOk);
    EXPECT_EQ(r.out, std::string("roofline-cli ") + ROOFLINE_VERSION + "\n");
    EXPECT_TRUE(r.err.empty()) << r.err;
    // project(VERSION) in CMakeLists.txt, through the generated roofline/version.h.
    const std::string version = ROOFLINE_VERSION;
    EXPECT_EQ(std::count(version.begin(), version.end(), '.'), 2) << version;
    EXPECT_TRUE(std::all_of(version.begin(), version.end(), [](char ch) {
        return ch == '.' || (ch >= '0' && ch <= '9');
    })) << version;
}

// ---------------------------------------------------------------------------------------
// list and validate

std::vector<std::string> firstColumn(const std::string& out) {
    std::vector<std::string> ids;
    for (const std::string& line : lines(out)) {
        ids.push_back(line.substr(0, line.find('\t')));
    }
    return ids;
}

TEST(CliList, HardwarePrintsEveryId) {
    const Result r = cli({"list", "hardware"});
    EXPECT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(firstColumn(r.out), roofline::io::hardwareIds());
    EXPECT_TRUE(has(r.out, "h100-sxm\tNVIDIA H100 SXM5 80GB")) << r.out;
    // Issue 18: 37 chips (22 + 15 from hardware-2026.json), at least 36.
    EXPECT_GE(lines(r.out).size(), 36u);
    EXPECT_EQ(lines(r.out).size(), 37u);
    // Each line ends with the preset's confidence; a visible capacity shows beside the nominal
    // one (formatBytes is decimal: 309.2e9 and 288.4e9 bytes); a memory-only chip says so.
    for (const std::string& line : lines(r.out)) {
        EXPECT_TRUE(has(line, "\tconfidence: ")) << line;
    }
    EXPECT_TRUE(has(r.out, "\tconfidence: high (compute/mem), low (L2)\n")) << r.out;  // l40s
    EXPECT_TRUE(has(r.out, "b300\tNVIDIA B300 / Blackwell Ultra (HGX)\t309 GB (288 GB visible)"))
        << r.out;
    // RTX PRO 6000: 103,079,215,104 and 102,641,958,912 bytes; a fourth figure tells them apart.
    EXPECT_TRUE(has(r.out, "\t103.1 GB (102.6 GB visible)\t")) << r.out;
    EXPECT_TRUE(has(r.out,
                    "\tno sourced compute peak\tconfidence: high (memory), compute "
                    "unpublished\n"))
        << r.out;
    EXPECT_TRUE(has(r.out, "dgx-spark-gb10\t")) << r.out;
}

TEST(CliList, ModelsPrintsEveryId) {
    const Result r = cli({"list", "models"});
    EXPECT_EQ(r.code, kExitOk) << r.err;
    EXPECT_EQ(firstColumn(r.out), roofline::io::modelIds());
    EXPECT_TRUE(has(r.out, "deepseek-v3\tDeepSeek-V3\tdeepseek_v3")) << r.out;
}

TEST(CliValidate, ValidFilesAreOk) {
    const Result hw = cli({"validate", kData + "/valid/test-accelerator.json"});
    EXPECT_EQ(hw.code, kExitOk) << hw.err;
    EXPECT_TRUE(has(hw.out, ": ok")) << hw.out;
    EXPECT_TRUE(has(hw.out, "hardware preset 'test-accelerator'")) << hw.out;

    const Result model = cli({"validate", kData + "/valid/config.json"});
    EXPECT_EQ(model.code, kExitOk) << model.err;
    EXPECT_TRUE(has(model.out, ": ok")) << model.out;
    EXPECT_TRUE(has(model.out, "model config (llama")) << model.out;

    const Result scenario = cli({"validate", kData + "/valid/scenario.json"});
    EXPECT_EQ(scenario.code, kExitOk) << scenario.err;
    EXPECT_TRUE(has(scenario.out, ": ok, scenario (h100-sxm, llama-3.1-70b)")) << scenario.out;
}

TEST(CliValidate, EveryShippedPresetIsOk) {
    for (const char* dir : {"hardware", "models"}) {
        for (const auto& entry : fs::directory_iterator(
                 fs::path(kData).parent_path().parent_path() / "presets" / dir)) {
            SCOPED_TRACE(entry.path().string());
            const Result r = cli({"validate", entry.path().string()});
            EXPECT_EQ(r.code, kExitOk) << r.err;
            // Nothing on stderr but notes: how a checkpoint is stored (quantization_config),
            // kimi_k2 read as deepseek_v3. No warning, no error.
            std::istringstream lines(r.err);
            for (std::string line; std::getline(lines, line);) {
                EXPECT_EQ(line.rfind("note: ", 0), 0u) << line;
            }
        }
    }
}

TEST(CliValidate, InvalidFilesExitThreeWithFileAndPointer) {
    struct Case {
        const char* file;
        const char* pointer;
    };
    for (const Case& c :
         {Case{"hw-bandwidth-string.json", "/memory_bandwidth_tb_s"},
          Case{"model-t5.json", "/model_type"}, Case{"scenario-batch-zero.json", "/batch"},
          Case{"hw-peaks-unknown-precision.json", "/peak_dense_tflops/fp12"}}) {
        SCOPED_TRACE(c.file);
        const std::string path = kData + "/invalid/" + c.file;
        const Result r = cli({"validate", path});
        EXPECT_EQ(r.code, kExitInvalid);
        EXPECT_TRUE(r.out.empty()) << r.out;
        EXPECT_TRUE(has(r.err, path + ": " + c.pointer + " must be")) << r.err;
    }
    const Result missing = cli({"validate", kData + "/invalid/no-such-file.json"});
    EXPECT_EQ(missing.code, kExitInvalid);
    EXPECT_TRUE(has(missing.err, "no-such-file.json")) << missing.err;
}

TEST(CliValidate, EveryBrokenFileOfTheCorpusExitsThreeWithItsFirstError) {
    // tests/data/invalid/MANIFEST.tsv: file, kind, pointer, fragment. `validate` guesses the
    // kind from the keys; whatever it guesses, it must report the same first error as the
    // loader of the file's real kind.
    std::ifstream manifest(kData + "/invalid/MANIFEST.tsv");
    ASSERT_TRUE(manifest.good());
    std::string line;
    int cases = 0;
    while (std::getline(manifest, line)) {
        if (line.empty() || line[0] == '#') {
            continue;
        }
        std::vector<std::string> f;
        std::istringstream in(line);
        std::string field;
        while (std::getline(in, field, '\t')) {
            f.push_back(field);
        }
        ASSERT_EQ(f.size(), 4u) << line;
        SCOPED_TRACE(f[0]);
        const std::string path = kData + "/invalid/" + f[0];
        const Result r = cli({"validate", path});
        EXPECT_EQ(r.code, kExitInvalid);
        EXPECT_TRUE(r.out.empty()) << r.out;
        const std::string where = path + ": " + (f[2].empty() ? "the file" : f[2]) + " must be";
        EXPECT_TRUE(has(r.err, "error: " + where)) << "expected '" << where << "' in:\n" << r.err;
        EXPECT_TRUE(has(r.err, f[3])) << "expected '" << f[3] << "' in:\n" << r.err;
        ++cases;
    }
    EXPECT_GE(cases, 30);
}

TEST(CliValidate, WarningsAloneStillExitZero) {
    // An unknown key is a warning: printed, but the file is ok.
    const fs::path dir = freshTempDir("roofline-cli-warning-test");
    const fs::path file = dir / "chip.json";
    {
        std::ofstream out(file);
        out << R"({"schema_version": 1, "name": "Chip", "memory_capacity_gb": 80,
                   "memory_bandwidth_tb_s": 3.35, "peak_dense_tflops": {"bf16": 989.4},
                   "memory_bandwith_tb_s": 4.0})";
    }
    const Result r = cli({"validate", file.string()});
    fs::remove_all(dir);
    EXPECT_EQ(r.code, kExitOk) << r.err;
    EXPECT_TRUE(has(r.out, ": ok, hardware preset 'chip' (Chip)")) << r.out;
    EXPECT_TRUE(has(r.err, "warning: " + file.string() + ": /memory_bandwith_tb_s")) << r.err;
}

}  // namespace

// ---------------------------------------------------------------------------------------
// engine round 2 in the JSON contract and the table

namespace {

TEST(CliRound2, SpeculativeDecodingInJsonAndTable) {
    // Llama-3.1-8B on H100, B = 1, C = 2048, n-gram draft, k = 4, α = 0.7 (DOMAIN.md §6):
    // τ = (1 − 0.7^5) / 0.3 = 2.7731; passes prefill, decode, verify (the n-gram draft is
    // free); TPOT = verify time / τ, about 2.7× below plain decoding's.
    const Result r = cli({"analyze", "--spec-k", "4", "--spec-accept", "0.7", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    const json& sp = j["speculative"];
    EXPECT_EQ(sp["k"], 4);
    EXPECT_DOUBLE_EQ(sp["acceptance"].get<double>(), 0.7);
    EXPECT_EQ(sp["draft"], "ngram");
    EXPECT_NEAR(sp["tokens_per_step"].get<double>(), 2.7731, 1e-4);
    ASSERT_EQ(j["passes"].size(), 3u);
    EXPECT_EQ(j["passes"][2]["kind"], "verify");
    EXPECT_EQ(j["passes"][2]["new_tokens"], 5.0);
    EXPECT_DOUBLE_EQ(sp["step_time_s"].get<double>(), j["passes"][2]["time_s"].get<double>());
    EXPECT_DOUBLE_EQ(j["tpot_s"].get<double>(),
                     sp["step_time_s"].get<double>() / sp["tokens_per_step"].get<double>());
    EXPECT_DOUBLE_EQ(sp["plain_tpot_s"].get<double>(), j["decode"]["time_s"].get<double>());
    const double speedup = sp["plain_tpot_s"].get<double>() / j["tpot_s"].get<double>();
    EXPECT_GT(speedup, 2.6);
    EXPECT_LT(speedup, 2.78);
    // Without speculation the key is null and there are two passes.
    const json plain = json::parse(cli({"analyze", "--format", "json"}).out);
    EXPECT_TRUE(plain["speculative"].is_null());
    EXPECT_EQ(plain["passes"].size(), 2u);

    // A model draft adds its k steps as a pass of its own.
    const json drafted = json::parse(
        cli({"analyze", "--spec-k", "4", "--draft-model", "llama-3.2-1b", "--format", "json"}).out);
    ASSERT_EQ(drafted["passes"].size(), 4u);
    EXPECT_EQ(drafted["passes"][2]["kind"], "draft");
    EXPECT_EQ(drafted["passes"][2]["model"], "draft");
    EXPECT_EQ(drafted["passes"][2]["repeats"], 4.0);
    EXPECT_EQ(drafted["speculative"]["draft"], "llama-3.2-1b");

    const Result table = cli({"analyze", "--spec-k", "4"});
    EXPECT_TRUE(has(table.out,
                    "Speculative decoding: k 4, acceptance 0.700, draft n-gram: "
                    "2.77 tokens per step"))
        << table.out;
    EXPECT_TRUE(has(table.out, "verify")) << table.out;
}

TEST(CliRound2, BoundSharesAndLinkBytesArePrinted) {
    // Decode at B = 1 is all memory-bound: shares {0, 1, 0}. With TP 8 the all-reduces are
    // link-bound and the operator table prints their link bytes: 64 all-reduces of
    // 4096 · 2 = 8,192 bytes = 524 kB.
    const json j = json::parse(cli({"analyze", "--format", "json"}).out);
    EXPECT_EQ(j["decode"]["bound_shares"]["memory"], 1.0);
    EXPECT_EQ(j["decode"]["bound_shares"]["compute"], 0.0);
    EXPECT_EQ(j["decode"]["bound"], "memory");
    const Result tp = cli({"analyze", "--tp", "8"});
    ASSERT_EQ(tp.code, kExitOk) << tp.err;
    EXPECT_TRUE(has(tp.out, "link bytes")) << tp.out;
    EXPECT_TRUE(has(tp.out, "524 kB")) << tp.out;
    const json tpj = json::parse(cli({"analyze", "--tp", "8", "--format", "json"}).out);
    EXPECT_DOUBLE_EQ(tpj["decode"]["link_bytes"].get<double>(), 64.0 * 8192.0);
    EXPECT_GT(tpj["decode"]["link_intensity_flops_per_byte"].get<double>(), 0.0);
    EXPECT_FALSE(tpj["interconnect"]["beyond_scale_up_domain"].get<bool>());
}

TEST(CliRound2, MemoryAsServersCountIt) {
    // The shipped H100 preset holds 80 GiB = 85,899,345,920 bytes; 90% usable =
    // 77,309,411,328. Workspace for 8,192 tokens: 603,979,776 + one logits row 256,512.
    // Max batch ⌊(77,309,411,328 − 16,060,522,496 − 603,979,776) / 268,823,040⌋ = 225.
    const json j = json::parse(cli({"analyze", "--format", "json"}).out);
    const json& m = j["memory"];
    EXPECT_DOUBLE_EQ(m["capacity_bytes"].get<double>(), 85'899'345'920.0);
    EXPECT_DOUBLE_EQ(m["usable_bytes"].get<double>(), 77'309'411'328.0);
    EXPECT_DOUBLE_EQ(m["workspace_bytes"].get<double>(), 603'979'776.0 + 256'512.0);
    EXPECT_EQ(m["max_batch"], 225);
    // Half the memory: 97 sequences; a 2,048-token chunk: 227.
    EXPECT_EQ(json::parse(cli({"analyze", "--memory-utilization", "0.5", "--format", "json"})
                              .out)["memory"]["max_batch"],
              97);
    EXPECT_EQ(json::parse(cli({"analyze", "--max-batched-tokens", "2048", "--format", "json"})
                              .out)["memory"]["max_batch"],
              227);
}

TEST(CliRound2, AchievableCeilingsFromThePreset) {
    // h100-sxm cites ml-engineering's MAMF: bf16 794.5 TFLOP/s; no measured bandwidth, so
    // 0.85 · 3.35 TB/s = 2.8475 TB/s with a warning.
    const json j =
        json::parse(cli({"analyze", "--ceilings", "achievable", "--format", "json"}).out);
    EXPECT_EQ(j["ceilings"], "achievable");
    EXPECT_DOUBLE_EQ(j["peak_flops_per_s"].get<double>(), 794.5e12);
    EXPECT_DOUBLE_EQ(j["memory_bandwidth_bytes_per_s"].get<double>(), 0.85 * 3.35e12);
    ASSERT_EQ(j["warnings"].size(), 1u);
    EXPECT_TRUE(has(j["warnings"][0].get<std::string>(), "85% of the peak bandwidth"));
    bool bf16 = false;
    for (const json& roof : j["roofs"]) {
        if (roof["precision"] == "bf16") {
            bf16 = true;
            EXPECT_TRUE(roof["measured"].get<bool>());
            EXPECT_TRUE(roof["in_use"].get<bool>());
        }
    }
    EXPECT_TRUE(bf16);
}

TEST(CliRound2, GoldilocksIsNullWhenEveryLayerIsWindowed) {
    // Mistral-7B v0.1 at B = 8: every layer reads at most 4,096 tokens of KV, 8 · 4,096 ·
    // 131,072 = 4.3 GB < 14.5 GB of weights: null, and the table says never.
    const json j = json::parse(
        cli({"analyze", "--model", "mistral-7b", "--batch", "8", "--format", "json"}).out);
    EXPECT_TRUE(j["goldilocks_context_tokens"].is_null()) << j["goldilocks_context_tokens"];
    EXPECT_TRUE(has(cli({"analyze", "--model", "mistral-7b", "--batch", "8"}).out,
                    "Goldilocks context never"));
}

}  // namespace

// ---------------------------------------------------------------------------------------
// levers (issue "Interventions made visible")

#include "roofline/io/levers.h"

namespace {

const json* leverById(const json& j, const std::string& id) {
    for (const json& lever : j["levers"]) {
        if (lever["id"] == id) {
            return &lever;
        }
    }
    return nullptr;
}

// Llama-3.1-8B on H100 SXM, B = 1, P = C = 2048 (the defaults). Derivations in
// tests/core/levers_test.cpp: a decode step reads 15.010e9 weight bytes + 0.2686e9 KV bytes +
// a few MB of activations, all memory-bound: TPOT 4.56 ms.
TEST(CliLevers, JsonHandChecksOnLlama8bH100) {
    const Result r = cli({"levers", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    for (const char* key :
         {"hardware", "model", "ttft_s", "tpot_s", "decode_tokens_per_s", "fits",
          "memory_total_bytes", "decode_intensity_flops_per_byte", "decode_bound",
          "prefill_intensity_flops_per_byte", "prefill_bound", "compute_precision", "warnings"}) {
        EXPECT_TRUE(j["base"].contains(key)) << key;
    }
    EXPECT_EQ(j["base"]["hardware"], "h100-sxm");
    const roofline::Analysis base = engine(roofline::io::ScenarioFile{});
    EXPECT_DOUBLE_EQ(j["base"]["tpot_s"].get<double>(), base.tpotSeconds);
    // Decode at B = 1 sits at ≈ 1.05 FLOP/byte (2 FLOPs per 2-byte weight, plus KV).
    EXPECT_NEAR(j["base"]["decode_intensity_flops_per_byte"].get<double>(), 1.05, 0.05);
    ASSERT_EQ(j["levers"].size(), roofline::kLeverCount);
    for (const json& lever : j["levers"]) {
        for (const char* key :
             {"id", "title", "applicable", "reason", "explanation", "changes", "ttft_s", "tpot_s",
              "decode_tokens_per_s", "fits", "speedup_tpot", "speedup_ttft", "throughput_gain"}) {
            EXPECT_TRUE(lever.contains(key)) << lever["id"] << " " << key;
        }
    }

    // w4a16: 15.284e9 / 4.026e9 = 3.80, and exactly the engine's number for int4 weights.
    const json* w4 = leverById(j, "w4a16");
    ASSERT_NE(w4, nullptr);
    EXPECT_NEAR((*w4)["speedup_tpot"].get<double>(), 3.80, 0.02);
    EXPECT_EQ((*w4)["changes"], json({{"weights", "int4"}}));
    roofline::io::ScenarioFile int4;
    int4.workload.weightPrecision = roofline::Precision::Int4;
    EXPECT_DOUBLE_EQ((*w4)["tpot_s"].get<double>(), engine(int4).tpotSeconds);
    EXPECT_DOUBLE_EQ((*w4)["speedup_tpot"].get<double>(),
                     base.tpotSeconds / engine(int4).tpotSeconds);
    // batch-x8: KV grows to 2.149e9 bytes: TPOT ×1.125, tokens/s ×7.1.
    const json* b8 = leverById(j, "batch-x8");
    ASSERT_NE(b8, nullptr);
    EXPECT_NEAR((*b8)["throughput_gain"].get<double>(), 7.1, 0.05);
    EXPECT_NEAR((*b8)["speedup_tpot"].get<double>(), 1.0 / 1.125, 0.01);
    EXPECT_EQ((*b8)["changes"], json({{"batch", 8}}));
    // next-hardware: H200, 4.8 / 3.35 = 1.4328 while every decode operator is memory-bound.
    const json* next = leverById(j, "next-hardware");
    ASSERT_NE(next, nullptr);
    EXPECT_NEAR((*next)["speedup_tpot"].get<double>(), 4.8 / 3.35, 1e-3);
    EXPECT_EQ((*next)["changes"], json({{"hardware", "h200"}}));
    // spec-ngram: τ = 2.7731, the verify pass ≈ one decode step.
    const json* spec = leverById(j, "spec-ngram");
    ASSERT_NE(spec, nullptr);
    EXPECT_NEAR((*spec)["speedup_tpot"].get<double>(), 2.76, 0.02);
    EXPECT_EQ((*spec)["changes"],
              json({{"speculative", {{"k", 4}, {"acceptance", 0.7}, {"draft", "ngram"}}}}));
    EXPECT_EQ((*leverById(j, "spec-draft"))["changes"]["speculative"]["draft"], "llama-3.2-1b");

    // Ranked by speedup_tpot, not-applicable last with a reason and null figures.
    double previous = 1e300;
    bool notApplicable = false;
    for (const json& lever : j["levers"]) {
        if (!lever["applicable"].get<bool>()) {
            notApplicable = true;
            EXPECT_FALSE(lever["reason"].get<std::string>().empty());
            EXPECT_TRUE(lever["explanation"].is_null());
            EXPECT_TRUE(lever["speedup_tpot"].is_null());
            continue;
        }
        EXPECT_FALSE(notApplicable) << lever["id"];
        EXPECT_TRUE(lever["reason"].is_null());
        EXPECT_LE(lever["speedup_tpot"].get<double>(), previous);
        previous = lever["speedup_tpot"].get<double>();
    }
    EXPECT_EQ((*leverById(j, "gqa-8"))["reason"], "already 8 KV heads, no more than 8");
    EXPECT_EQ((*leverById(j, "expert-parallel"))["reason"], "not a mixture-of-experts model");
}

// The plot's arrow labels (DOMAIN.md §12, issue 20) beside each lever, on the same base:
// batch-x8 climbs the slope with tokens/s ×7.1 while TPOT is ×1.125 slower; spec-ngram's
// arrow runs to the verify pass, with the effective tokens/s (τ = 2.77 over a verify pass of
// about one decode step: ×2.76); tp-x2 lowers FLOP/s per device while the step gets faster.
TEST(CliLevers, ArrowLabelsSayWhatThePointAndTheUserSee) {
    const Result r = cli({"levers", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    const auto labels = [&](const char* id) { return (*leverById(j, id))["arrow_labels"]; };
    const std::string b8 = labels("batch-x8")["decode"].get<std::string>();
    EXPECT_TRUE(b8.starts_with("decode ×")) << b8;
    // Tokens/s ≈ 8 / 1.128 = 7.09 (the JSON test above: ×7.1 ± 0.05): "×7.0x" or "×7.1x".
    EXPECT_TRUE(has(b8, " FLOP/s, ×7.0") || has(b8, " FLOP/s, ×7.1")) << b8;
    EXPECT_TRUE(b8.ends_with(" tok/s, TPOT 1.13× slower") ||
                b8.ends_with(" tok/s, TPOT 1.12× slower"))
        << b8;
    EXPECT_TRUE(labels("batch-x8")["first"].get<std::string>().starts_with("prefill ×"));
    const std::string spec = labels("spec-ngram")["decode"].get<std::string>();
    EXPECT_TRUE(spec.starts_with("verify ×")) << spec;
    EXPECT_TRUE(has(spec, " effective tok/s, TPOT 2.7")) << spec;
    const std::string tp = labels("tp-x2")["decode"].get<std::string>();
    EXPECT_TRUE(has(tp, " FLOP/s per device, ×")) << tp;
    EXPECT_TRUE(tp.ends_with("× faster")) << tp;
    // A lever that does not apply draws no arrow.
    EXPECT_TRUE(labels("gqa-8").is_null());
}

TEST(CliLevers, TableHasOneRowPerLeverAndItsSentence) {
    const Result r = cli({"levers"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    EXPECT_TRUE(has(r.out, "Base: TTFT")) << r.out;
    for (roofline::LeverId id : roofline::kAllLevers) {
        bool row = false;
        for (const std::string& line : lines(r.out)) {
            row = row || line.starts_with(std::string(roofline::leverKey(id)) + " ");
        }
        EXPECT_TRUE(row) << roofline::leverKey(id) << "\n" << r.out;
    }
    EXPECT_TRUE(has(r.out, "×3.79")) << r.out;  // w4a16's TPOT speedup
    EXPECT_TRUE(has(r.out, "weights bf16 → int4")) << r.out;
    EXPECT_TRUE(has(r.out, "Weights are 4× fewer bytes")) << r.out;
    EXPECT_TRUE(has(r.out, "hardware h100-sxm → h200")) << r.out;
    EXPECT_TRUE(has(r.out, "Not applicable")) << r.out;
    EXPECT_TRUE(has(r.out, "FlashAttention is already on")) << r.out;
    // The same text whatever the locale.
    const std::string jsonText = cli({"levers", "--format", "json"}).out;
    {
        const roofline::test::CommaDecimalLocale comma;
        ASSERT_TRUE(comma.active()) << roofline::test::kCommaLocaleMissing;
        EXPECT_EQ(cli({"levers"}).out, r.out);
        EXPECT_EQ(cli({"levers", "--format", "json"}).out, jsonText);
    }
}

TEST(CliLevers, ExitStatuses) {
    EXPECT_EQ(cli({"levers", "--format", "csv"}).code, kExitUsage);
    EXPECT_EQ(cli({"levers", "--bogus"}).code, kExitUsage);
    EXPECT_EQ(cli({"levers", "--batch", "x"}).code, kExitUsage);
    const Result tp = cli({"levers", "--tp", "3"});  // 3 does not divide 32 heads
    EXPECT_EQ(tp.code, kExitInvalid);
    EXPECT_TRUE(has(tp.err, "/tensor_parallel")) << tp.err;
    EXPECT_EQ(cli({"levers", "--model", "mixtral-8x7b", "--tp", "2", "--format=json"}).code,
              kExitOk);
    EXPECT_TRUE(has(cli({"--help"}).out, "levers [scenario options]"));
}

TEST(CliLevers, MoeAndTpLeversOnMixtral) {
    const json j = json::parse(
        cli({"levers", "--model", "mixtral-8x7b", "--tp", "2", "--format", "json"}).out);
    const json* ep = leverById(j, "expert-parallel");
    ASSERT_NE(ep, nullptr);
    ASSERT_TRUE((*ep)["applicable"].get<bool>()) << (*ep)["reason"];
    EXPECT_EQ((*ep)["changes"], json({{"expert_parallel", true}}));
    EXPECT_TRUE(has((*ep)["explanation"].get<std::string>(), "4 whole experts"));
    EXPECT_EQ((*leverById(j, "tp-x2"))["changes"], json({{"tensor_parallel", 4}}));
    EXPECT_TRUE(
        has((*leverById(j, "spec-draft"))["reason"].get<std::string>(), "no draft model preset"));
}

TEST(CliLevers, NextHardwareTableNamesShippedPresets) {
    const std::vector<std::string> ids = roofline::io::hardwareIds();
    const auto shipped = [&](std::string_view id) {
        return std::find(ids.begin(), ids.end(), std::string(id)) != ids.end();
    };
    for (const roofline::io::HardwareSuccessor& s : roofline::io::kHardwareSuccessors) {
        EXPECT_TRUE(shipped(s.id)) << s.id;
        EXPECT_TRUE(shipped(s.next)) << s.next;
        // The chain ends: following it never comes back.
        std::string_view at = s.next;
        for (int step = 0; step < 20; ++step) {
            const std::optional<std::string_view> n = roofline::io::nextHardwareId(at);
            if (!n) {
                break;
            }
            EXPECT_NE(*n, s.id);
            at = *n;
        }
    }
    EXPECT_EQ(roofline::io::nextHardwareId("a100-80gb-sxm"), "h100-sxm");
    EXPECT_EQ(roofline::io::nextHardwareId("h200"), "b200");
    EXPECT_EQ(roofline::io::nextHardwareId("mi300x"), "mi325x");
    EXPECT_EQ(roofline::io::nextHardwareId("tpu-v5e"), "tpu-v6e");
    // Issue 18: B200 → B300 → GB300, GB200 → GB300, v6e → TPU7x; no MI455X preset, so MI355X
    // ends its line.
    EXPECT_EQ(roofline::io::nextHardwareId("b200"), "b300");
    EXPECT_EQ(roofline::io::nextHardwareId("b300"), "gb300");
    EXPECT_EQ(roofline::io::nextHardwareId("gb200"), "gb300");
    EXPECT_EQ(roofline::io::nextHardwareId("tpu-v6e"), "tpu7x-ironwood");
    EXPECT_EQ(roofline::io::nextHardwareId("trainium2"), "trainium3");
    EXPECT_EQ(roofline::io::nextHardwareId("rtx-4090"), "rtx-5090");
    EXPECT_FALSE(roofline::io::nextHardwareId("gb300").has_value());
    EXPECT_FALSE(roofline::io::nextHardwareId("mi355x").has_value());
    EXPECT_FALSE(roofline::io::nextHardwareId("tpu7x-ironwood").has_value());
    for (std::string_view draft : roofline::io::kDraftModelIds) {
        EXPECT_TRUE(roofline::io::builtinModel(std::string(draft)).ok()) << draft;
    }
}

TEST(CliLevers, ApplyLeverGivesTheWindowAScenarioFile) {
    const roofline::io::ScenarioFile file;
    roofline::Scenario resolved;
    engine(file, &resolved);
    const roofline::io::AppliedLever next =
        roofline::io::applyLever(file, resolved, roofline::LeverId::NextHardware);
    ASSERT_TRUE(next.plan.applicable) << next.plan.reason;
    EXPECT_EQ(next.file.hardware, "h200");
    EXPECT_EQ(next.file.model, file.model);
    const roofline::io::AppliedLever draft =
        roofline::io::applyLever(file, resolved, roofline::LeverId::SpecDraft);
    ASSERT_TRUE(draft.plan.applicable) << draft.plan.reason;
    EXPECT_EQ(draft.file.draftModel, "llama-3.2-1b");
    EXPECT_EQ(draft.file.workload.speculativeTokens, 4);
    // The changed file resolves to the changed scenario: the same analysis.
    roofline::Scenario again;
    const roofline::Analysis viaFile = engine(draft.file, &again);
    EXPECT_DOUBLE_EQ(viaFile.tpotSeconds, roofline::analyze(draft.plan.changed).tpotSeconds);
    const roofline::io::AppliedLever flash =
        roofline::io::applyLever(file, resolved, roofline::LeverId::FlashAttention);
    EXPECT_FALSE(flash.plan.applicable);
    EXPECT_EQ(flash.file, file);
    // The draft model's own family draft: none smaller.
    roofline::io::ScenarioFile small;
    small.model = "llama-3.2-1b";
    roofline::Scenario smallScenario;
    engine(small, &smallScenario);
    EXPECT_TRUE(has(roofline::io::leverContext(smallScenario).draftReason, "no larger"));
    // A changed scenario that fails validation: the reason names the file's key.
    roofline::io::ScenarioFile tp32;
    tp32.workload.tensorParallel = 32;
    roofline::Scenario tp32Scenario;
    engine(tp32, &tp32Scenario);
    const roofline::io::AppliedLever tp =
        roofline::io::applyLever(tp32, tp32Scenario, roofline::LeverId::TpX2);
    EXPECT_FALSE(tp.plan.applicable);
    EXPECT_EQ(tp.plan.reason, "/tensor_parallel must be a divisor of the 32 query heads, got 64");
    const json j = json::parse(cli({"levers", "--tp", "32", "--format", "json"}).out);
    EXPECT_EQ((*leverById(j, "tp-x2"))["reason"], tp.plan.reason);
}

// Every shipped model × a few chips × batches: each lever applies or says why; the ratios
// are finite and positive; every sentence is non-empty and prints no NaN, infinity or "–"
// (format.h's mark for a non-finite value).
TEST(CliLevers, EveryLeverOnEveryShippedModelIsWellFormed) {
    const std::vector<std::string> hardware = {
        "h100-sxm", "a100-80gb-sxm", "b200", "mi300x", "tpu-v5e", "l4", "h20"};
    int scenarios = 0;
    int applicable = 0;
    for (const std::string& model : roofline::io::modelIds()) {
        for (const std::string& hw : hardware) {
            for (std::int64_t batch : {1, 64, -8}) {
                roofline::io::ScenarioFile file;
                file.model = model;
                file.hardware = hw;
                file.workload.batch = batch;
                if (batch < 0) {
                    // The other branches: fp8, TP 2, speculation on, FlashAttention off.
                    file.workload.batch = -batch;
                    file.workload.weightPrecision = roofline::Precision::Fp8;
                    file.workload.activationPrecision = roofline::Precision::Fp8;
                    // A CNN runs on one device (validate() refuses TP for it).
                    const bool cnn =
                        roofline::io::builtinModel(model).value->kind == roofline::ModelKind::Cnn;
                    file.workload.tensorParallel = cnn ? 1 : 2;
                    file.workload.speculativeTokens = 2;
                    file.workload.flashAttention = false;
                }
                const roofline::io::ResolvedScenario r = roofline::io::resolve(file);
                ASSERT_TRUE(r.ok()) << model << " " << hw << roofline::describe(r.issues);
                const roofline::Analysis a = roofline::analyze(r.scenario);
                const std::vector<roofline::LeverOutcome> levers =
                    roofline::io::listLevers(r.scenario, a);
                ASSERT_EQ(levers.size(), roofline::kLeverCount);
                ++scenarios;
                for (const roofline::LeverOutcome& l : levers) {
                    const std::string where = model + " " + hw + " B=" + std::to_string(batch) +
                                              " " + std::string(roofline::leverKey(l.id));
                    if (!l.applicable) {
                        EXPECT_FALSE(l.reason.empty()) << where;
                        continue;
                    }
                    ++applicable;
                    for (double v :
                         {l.speedupTpot, l.speedupTtft, l.throughputGain, l.speedupPass}) {
                        EXPECT_TRUE(std::isfinite(v) && v > 0.0) << where << " " << v;
                    }
                    EXPECT_FALSE(l.explanation.empty()) << where;
                    for (const char* bad : {"nan", "NaN", "inf", "–"}) {
                        EXPECT_FALSE(has(l.explanation, bad)) << where << ": " << l.explanation;
                    }
                    EXPECT_FALSE(l.changes.empty()) << where;
                }
            }
        }
    }
    EXPECT_EQ(scenarios, static_cast<int>(roofline::io::modelIds().size() * hardware.size() * 3));
    EXPECT_GT(applicable, scenarios * 5);
    // And through the command, for one MLA model and one with windows.
    for (const char* model : {"deepseek-v3", "gemma-2-9b"}) {
        const Result r =
            cli({"levers", "--model", model, "--hardware", "b200", "--format", "json"});
        ASSERT_EQ(r.code, kExitOk) << r.err;
        EXPECT_EQ(json::parse(r.out)["levers"].size(), roofline::kLeverCount);
    }
}

TEST(CliMeasured, JsonRowsCarryPredictionEfficiencyAndPoint) {
    // tests/data/measured/good.json: three rows, all kept (JSON positions 1–3).
    const Result r = cli({"measured", kData + "/measured/good.json", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["ceilings"], "peak");
    EXPECT_EQ(j["counted_by"], "row");
    ASSERT_EQ(j["rows"].size(), 3u);
    EXPECT_TRUE(j["rejected"].empty());
    for (const json& row : j["rows"]) {
        for (const char* key : {"line",
                                "model",
                                "hardware",
                                "tp",
                                "weights",
                                "activations",
                                "kv",
                                "batch",
                                "prompt",
                                "output",
                                "metric",
                                "value",
                                "measured",
                                "pass",
                                "intensity_flops_per_byte",
                                "achieved_flops_per_s",
                                "predicted",
                                "measured_time_s",
                                "predicted_time_s",
                                "efficiency",
                                "context_tokens",
                                "source",
                                "label",
                                "fits",
                                "warnings"}) {
            EXPECT_TRUE(row.contains(key)) << key;
        }
        EXPECT_EQ(row["measured"], row["value"]);
        // efficiency = predicted time / measured time; the point's y = FLOPs / measured time.
        EXPECT_DOUBLE_EQ(row["efficiency"].get<double>(), row["predicted_time_s"].get<double>() /
                                                              row["measured_time_s"].get<double>());
        EXPECT_DOUBLE_EQ(
            row["achieved_flops_per_s"].get<double>(),
            row["flops_per_device"].get<double>() / row["measured_time_s"].get<double>());
    }
    // Row 1: TPOT 7.5 ms measured; "predicted" is the engine's TPOT in ms, as analyze gives
    // it for that scenario (decode at 1024 + 256/2 = 1152).
    const json& tpot = j["rows"][0];
    EXPECT_EQ(tpot["pass"], "decode");
    EXPECT_EQ(tpot["context_tokens"], 1152);
    const Result a = cli(
        {"analyze", "--batch", "8", "--prompt", "1024", "--context", "1152", "--format", "json"});
    ASSERT_EQ(a.code, kExitOk);
    const json analysis = json::parse(a.out);
    EXPECT_DOUBLE_EQ(tpot["predicted"].get<double>(), analysis["tpot_s"].get<double>() * 1000.0);
    EXPECT_DOUBLE_EQ(tpot["measured_time_s"].get<double>(), 0.0075);
    EXPECT_DOUBLE_EQ(tpot["intensity_flops_per_byte"].get<double>(),
                     analysis["decode"]["intensity_flops_per_byte"].get<double>());
    // Row 2: TTFT is the prefill pass.
    EXPECT_EQ(j["rows"][1]["pass"], "prefill");
    EXPECT_DOUBLE_EQ(j["rows"][1]["predicted"].get<double>(),
                     analysis["ttft_s"].get<double>() * 1000.0);
    // Row 3: tokens/s per device on 2 devices: one step = 64 / (900 · 2) s.
    EXPECT_DOUBLE_EQ(j["rows"][2]["measured_time_s"].get<double>(), 64.0 / 1800.0);
    // Achievable ceilings predict more time: a higher efficiency, the same point.
    const json achievable = json::parse(cli({"measured", kData + "/measured/good.json",
                                             "--format=json", "--ceilings", "achievable"})
                                            .out);
    EXPECT_EQ(achievable["ceilings"], "achievable");
    EXPECT_GT(achievable["rows"][0]["efficiency"].get<double>(), tpot["efficiency"].get<double>());
    EXPECT_EQ(achievable["rows"][0]["achieved_flops_per_s"], tpot["achieved_flops_per_s"]);
}

TEST(CliMeasured, UnderTheEstimateEachRowHasItsEstimateAndTheFileItsSummary) {
    // good.json's rows under the estimate with vLLM's profiles: each row's estimate is
    // analyze's under --ceilings estimate --engine vllm for that row's scenario, and its
    // interval the profile's; the summary counts what the rows say.
    const Result r = cli({"measured", kData + "/measured/good.json", "--format", "json",
                          "--ceilings", "estimate", "--engine", "vllm"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["ceilings"], "achievable");  // the estimate stands on the achievable analysis
    ASSERT_EQ(j["rows"].size(), 3u);
    std::size_t covered = 0;
    for (const json& row : j["rows"]) {
        const json& e = row["estimate"];
        ASSERT_TRUE(e.contains("profile")) << row.dump();
        const double value = e["value"].get<double>();
        const double low = e["interval"][0].get<double>(), high = e["interval"][1].get<double>();
        EXPECT_LE(low, value);
        EXPECT_LE(value, high);
        EXPECT_NEAR(e["error"].get<double>(), value / row["value"].get<double>() - 1.0, 1e-12);
        const bool in = row["value"] >= low && row["value"] <= high;
        EXPECT_EQ(e["covered"].get<bool>(), in);
        covered += in ? 1 : 0;
    }
    // Row 1 (TPOT, B = 8, P = 1024, O = 256 on H100 SXM): vLLM's H100 profile, and the TPOT
    // analyze gives under it.
    const json& tpot = j["rows"][0]["estimate"];
    EXPECT_EQ(tpot["profile"], "h100-sxm.vllm");
    const json a =
        json::parse(cli({"analyze", "--batch", "8", "--prompt", "1024", "--context", "1152",
                         "--ceilings", "estimate", "--engine", "vllm", "--format", "json"})
                        .out);
    EXPECT_DOUBLE_EQ(tpot["value"].get<double>(), a["estimate"]["tpot_s"].get<double>() * 1000.0);
    EXPECT_DOUBLE_EQ(tpot["interval"][0].get<double>(),
                     a["estimate"]["tpot_interval_s"][0].get<double>() * 1000.0);
    const json& s = j["estimate_summary"];
    EXPECT_EQ(s["rows"], 3);
    EXPECT_DOUBLE_EQ(s["covered_fraction"].get<double>(), static_cast<double>(covered) / 3.0);
    EXPECT_DOUBLE_EQ(s["coverage"].get<double>(), 0.8);
    // The table says the same in words; --engine without the estimate is refused.
    const Result table = cli(
        {"measured", kData + "/measured/good.json", "--ceilings", "estimate", "--engine", "vllm"});
    ASSERT_EQ(table.code, kExitOk) << table.err;
    EXPECT_NE(table.out.find("\nOver 3 rows: median |error| "), std::string::npos) << table.out;
    EXPECT_NE(table.out.find("h100-sxm.vllm (fitted on "), std::string::npos) << table.out;
    const Result refused = cli({"measured", kData + "/measured/good.json", "--engine", "vllm"});
    EXPECT_EQ(refused.code, kExitUsage);
}

TEST(CliMeasured, PartlyBadKeepsTheRestAndEntirelyBadExitsThree) {
    const fs::path dir = fs::temp_directory_path() / "roofline-cli-measured";
    fs::create_directories(dir);
    {
        std::ofstream out(dir / "partly.csv");
        out << "model,hardware,tp,weights,activations,kv,batch,prompt,output,metric,value\n"
            << "llama-3.1-8b,a100-80gb-sxm,1,bf16,bf16,bf16,1,6,200,output_tokens_per_s,94\n"
            << "llama-3.1-8b,a100-80gb-sxm,1,bf16,bf16,bf16,1,6,200,output_tokens_per_s,fast\n";
    }
    Result r = cli({"measured", (dir / "partly.csv").string(), "--format", "json"});
    EXPECT_EQ(r.code, kExitOk);
    json j = json::parse(r.out);
    EXPECT_EQ(j["rows"].size(), 1u);
    ASSERT_EQ(j["rejected"].size(), 1u);
    EXPECT_EQ(j["rejected"][0]["line"], 3);
    EXPECT_EQ(j["rejected"][0]["reason"],
              "column value: expected a number of tok/s from 1e-06 to 1e+12, found \"fast\"");
    // The table: one line per row, then the rejected lines.
    r = cli({"measured", (dir / "partly.csv").string()});
    EXPECT_EQ(r.code, kExitOk);
    EXPECT_TRUE(has(r.out, "1 row kept, 1 rejected")) << r.out;
    EXPECT_TRUE(has(r.out, "94.0 tok/s")) << r.out;
    EXPECT_TRUE(has(r.out, "line 3: column value: expected a number of tok/s")) << r.out;
    // Entirely bad: exit 3, and the rejected list is still printed.
    r = cli({"measured", kData + "/measured/bad.csv", "--format", "json"});
    EXPECT_EQ(r.code, kExitInvalid);
    j = json::parse(r.out);
    EXPECT_TRUE(j["rows"].empty());
    ASSERT_EQ(j["rejected"].size(), 3u);
    EXPECT_EQ(j["rejected"][0]["line"], 3);
    EXPECT_EQ(j["rejected"][1]["line"], 4);
    EXPECT_EQ(j["rejected"][2]["line"], 5);
    r = cli({"measured", (dir / "missing.csv").string()});
    EXPECT_EQ(r.code, kExitInvalid);
    EXPECT_TRUE(has(r.out, "file: expected a readable file")) << r.out;
    // Usage errors.
    EXPECT_EQ(cli({"measured"}).code, kExitUsage);
    EXPECT_EQ(cli({"measured", "a.csv", "--format", "csv"}).code, kExitUsage);
    EXPECT_EQ(cli({"measured", "a.csv", "--ceilings", "max"}).code, kExitUsage);
    EXPECT_EQ(cli({"measured", "a.csv", "b.csv"}).code, kExitUsage);
    fs::remove_all(dir);
}

TEST(CliMeasured, ABenchmarkResultTakesWhatItLacksFromBesideIt) {
    // vllm-bench-result.json (tests/presets/bench_results_test.cpp works its rows out): a
    // run of Llama-3.1-8B-Instruct at concurrency 8 saved with tp=1 and weights=bf16, which
    // names no hardware, activations or KV cache. Given them, its 2 rows are placed: TPOT
    // 9.5 ms and 204.8 tok/s at B = 8, P = 65,536 / 64 = 1,024, O = 8,192 / 64 = 128.
    const std::string file = kData + "/measured/vllm-bench-result.json";
    Result r = cli({"measured", file, "--hardware", "h100-sxm", "--activations", "bf16", "--kv",
                    "bf16", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    ASSERT_EQ(j["rows"].size(), 2u);
    for (const json& row : j["rows"]) {
        EXPECT_EQ(row["model"], "llama-3.1-8b");
        EXPECT_EQ(row["hardware"], "h100-sxm");
        EXPECT_EQ(row["batch"], 8);
        EXPECT_EQ(row["prompt"], 1024);
        EXPECT_EQ(row["output"], 128);
    }
    EXPECT_EQ(j["rows"][0]["metric"], "tpot_ms");
    EXPECT_DOUBLE_EQ(j["rows"][0]["value"].get<double>(), 9.5);
    // Without them nothing can be placed, and the refusal names what is missing.
    r = cli({"measured", file});
    EXPECT_EQ(r.code, kExitInvalid);
    EXPECT_TRUE(has(r.out, "or --hardware given beside the file, found neither")) << r.out;
    // The same options as calibrate's, with the same checks.
    EXPECT_EQ(cli({"measured", file, "--tp"}).code, kExitUsage);
}

// ---------------------------------------------------------------------------------------
// Encoders and CNNs: one pass over images, no decode.

TEST(CliVision, AnalyzeTableShowsTheOnePassLatencyAndImagesPerSecond) {
    for (const auto& [model, pass] : {std::pair{"vit-large-patch16-224", "encode"},
                                      {"clip-vit-large-patch14", "encode"},
                                      {"resnet-50", "forward"}}) {
        const Result r = cli({"analyze", "--model", model, "--batch", "8"});
        ASSERT_EQ(r.code, kExitOk) << r.err;
        EXPECT_TRUE(has(r.out, std::string(pass) + "  ")) << r.out;
        EXPECT_TRUE(has(r.out, "images/s")) << r.out;
        EXPECT_TRUE(has(r.out, "no KV cache")) << r.out;
        EXPECT_FALSE(has(r.out, "TTFT")) << r.out;
        EXPECT_FALSE(has(r.out, "TPOT")) << r.out;
        EXPECT_FALSE(has(r.out, "Critical batch")) << r.out;
    }
}

TEST(CliVision, AnalyzeJsonHasThePassAndImagesPerSecondAndNullDecodeFields) {
    // ResNet-50 at B = 8: 8 × 8,180,075,496 FLOP (tests/core/vision_test.cpp).
    const Result r = cli({"analyze", "--model", "resnet-50", "--batch", "8", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["model"]["kind"], "cnn");
    EXPECT_TRUE(j["prefill"].is_null());
    EXPECT_TRUE(j["decode"].is_null());
    EXPECT_TRUE(j["ttft_s"].is_null());
    EXPECT_TRUE(j["tpot_s"].is_null());
    EXPECT_TRUE(j["decode_tokens_per_s"].is_null());
    EXPECT_TRUE(j["critical_batch"].is_null());
    ASSERT_EQ(j["passes"].size(), 1u);
    EXPECT_EQ(j["passes"][0]["kind"], "forward");
    EXPECT_EQ(j["forward"]["attention"], "none");
    EXPECT_DOUBLE_EQ(j["forward"]["flops"].get<double>(), 8.0 * 8'180'075'496.0);
    EXPECT_DOUBLE_EQ(j["images_per_s"].get<double>(), 8.0 / j["forward"]["time_s"].get<double>());
    EXPECT_EQ(j["memory"]["kv_cache_bytes"].get<double>(), 0.0);
    const json v =
        json::parse(cli({"analyze", "--model", "vit-large-patch16-224", "--format", "json"}).out);
    EXPECT_EQ(v["encode"]["attention"], "bidirectional");
    EXPECT_EQ(v["encode"]["new_tokens"].get<double>(), 197.0);
    EXPECT_FALSE(v.contains("forward"));
    // A decoder keeps its fields, and has no images.
    const json d = json::parse(cli({"analyze", "--format", "json"}).out);
    EXPECT_TRUE(d["images_per_s"].is_null());
    EXPECT_EQ(d["model"]["kind"], "decoder");
    EXPECT_TRUE(d["decode"].is_object());
}

TEST(CliVision, LeversSayWhyDecoderLeversDoNotApply) {
    const Result r = cli({"levers", "--model", "resnet-50", "--format", "json"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const json j = json::parse(r.out);
    EXPECT_TRUE(j["base"]["tpot_s"].is_null());
    EXPECT_GT(j["base"]["images_per_s"].get<double>(), 0.0);
    for (const char* id : {"kv-fp8", "gqa-8", "spec-ngram", "flash-attention", "tp-x2"}) {
        const json* lever = nullptr;
        for (const json& l : j["levers"]) {
            if (l["id"] == id) {
                lever = &l;
            }
        }
        ASSERT_NE(lever, nullptr) << id;
        EXPECT_FALSE((*lever)["applicable"].get<bool>()) << id;
        EXPECT_TRUE(has((*lever)["reason"].get<std::string>(), "CNN")) << id;
    }
    const Result table = cli({"levers", "--model", "vit-large-patch16-224"});
    ASSERT_EQ(table.code, kExitOk) << table.err;
    EXPECT_TRUE(has(table.out, "images/s")) << table.out;
}

TEST(CliVision, CsvCarriesTheOnePassInItsOwnColumnsAndLeavesDecodeEmpty) {
    const Result r = cli({"sweep", "--model", "resnet-50", "--batch", "1,8"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    const std::vector<std::string> l = lines(r.out);
    ASSERT_EQ(l.size(), 3u);
    const std::vector<std::string> head = csvFields(l[0]);
    const std::vector<std::string> row = csvFields(l[2]);
    ASSERT_EQ(head.size(), row.size()) << l[2];
    const auto field = [&](const std::string& name) {
        const auto it = std::find(head.begin(), head.end(), name);
        return it == head.end() ? std::string("(no column)")
                                : row[static_cast<std::size_t>(it - head.begin())];
    };
    EXPECT_EQ(field("pass"), "forward");
    EXPECT_EQ(field("tpot_s"), "");
    EXPECT_EQ(field("decode_intensity_flops_per_byte"), "");
    roofline::io::ScenarioFile file;
    file.model = "resnet-50";
    file.workload.batch = 8;
    const roofline::Analysis a = engine(file);
    EXPECT_NEAR(std::stod(field("images_per_s")) / a.imagesPerSecond, 1.0, 1e-9) << l[2];  // %.10g
    EXPECT_NEAR(std::stod(field("pass_time_s")) / a.primary().timeSeconds, 1.0, 1e-9);
    // A decoder's row leaves them empty.
    const std::vector<std::string> d = csvFields(lines(cli({"sweep", "--batch", "1"}).out)[1]);
    ASSERT_EQ(d.size(), head.size());
    EXPECT_EQ(d[head.size() - 4], "");
    EXPECT_EQ(d.back(), "");
}

TEST(CliVision, ListModelsShowsTheVisionPresets) {
    const Result r = cli({"list", "models"});
    ASSERT_EQ(r.code, kExitOk) << r.err;
    for (const char* id : {"vit-large-patch16-224", "clip-vit-large-patch14", "resnet-50"}) {
        EXPECT_TRUE(has(r.out, id)) << r.out;
    }
}

}  // namespace
