// SPDX-License-Identifier: GPL-3.0-or-later
// Files of measured results (roofline/io/measured.h): CSV and JSON, rows kept and rejected
// with their lines and reasons, paths relative to the file, and the shipped example.

#include "roofline/io/measured.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace roofline::io {
namespace {

namespace fs = std::filesystem;

const std::string kHeader =
    "model,hardware,tp,weights,activations,kv,batch,prompt,output,metric,value";
const std::string kGood =
    "llama-3.1-8b,a100-80gb-sxm,1,bf16,bf16,bf16,1,6,200,output_tokens_per_s,94";

MeasuredOptions presetsOnly() {
    MeasuredOptions o;
    o.allowFiles = false;
    return o;
}

TEST(MeasuredFile, BatchMaxIsWhatTheMemoryHolds) {
    // A throughput benchmark at load holds as many sequences as fit: "max" takes the largest
    // batch whose footprint fits at the row's lengths (P = 128, C = 128 + 64 = 192).
    const MeasuredFile f = parseMeasured(
        kHeader +
            "\nllama-3.1-8b,h200,1,fp8,fp8,fp8,max,128,128,request_output_tokens_per_s,"
            "27911\nllama-3.1-405b,l4,1,bf16,bf16,bf16,max,128,128,e2e_ms,10\n",
        presetsOnly());
    ASSERT_EQ(f.rows.size(), 1u);
    const MeasuredRow& r = f.rows[0];
    EXPECT_TRUE(r.maxBatch);
    Scenario one = r.scenario;
    one.workload.batch = 1;
    const std::int64_t most = analyze(one).memory.maxBatch;
    EXPECT_GT(most, 1000);  // 8B in fp8 leaves ~110 GB for 12.6 MB per sequence
    EXPECT_EQ(r.batch, most);
    EXPECT_EQ(r.scenario.workload.batch, most);
    EXPECT_TRUE(analyze(r.scenario).memory.fits);
    // 405B in bf16 (810 GB) on a 24 GB L4: nothing fits, the row says so.
    ASSERT_EQ(f.rejected.size(), 1u);
    EXPECT_NE(f.rejected[0].reason.find("column batch"), std::string::npos) << f.rejected[0].reason;
}

TEST(MeasuredFile, GoodCsvKeepsEveryRowWithItsScenario) {
    const MeasuredFile f = parseMeasured(kHeader + "\n" + kGood +
                                             "\nllama-3.1-8b,h100-sxm,2,int4,bf16,fp8,16,1024,"
                                             "256,tpot_ms,12.5\n",
                                         presetsOnly());
    ASSERT_EQ(f.rows.size(), 2u);
    EXPECT_TRUE(f.rejected.empty());
    EXPECT_FALSE(f.json);
    const MeasuredRow& a = f.rows[0];
    EXPECT_EQ(a.line, 2u);
    EXPECT_EQ(a.model, "llama-3.1-8b");
    EXPECT_EQ(a.hardware, "a100-80gb-sxm");
    EXPECT_EQ(a.metric, MeasuredMetric::OutputTokensPerSecond);
    EXPECT_DOUBLE_EQ(a.value, 94.0);
    EXPECT_EQ(a.scenario.hardware.id, "a100-80gb-sxm");
    EXPECT_EQ(a.scenario.workload.contextTokens, 106);  // 6 + 200/2
    const MeasuredRow& b = f.rows[1];
    EXPECT_EQ(b.line, 3u);
    EXPECT_EQ(b.tp, 2);
    EXPECT_EQ(b.scenario.workload.tensorParallel, 2);
    EXPECT_EQ(b.scenario.workload.weightPrecision, Precision::Int4);
    EXPECT_EQ(b.scenario.workload.activationPrecision, Precision::Bf16);
    EXPECT_EQ(b.scenario.workload.kvPrecision, Precision::Fp8);
    EXPECT_EQ(b.scenario.workload.batch, 16);
    EXPECT_EQ(b.scenario.workload.promptTokens, 1024);
    EXPECT_EQ(b.scenario.workload.contextTokens, 1024 + 128);
    EXPECT_EQ(b.metric, MeasuredMetric::TpotMs);
}

TEST(MeasuredFile, CsvQuotingCrlfCommentsBlankLinesAndColumnOrder) {
    // Columns in another order, optional label and source, quotes with a comma, a doubled
    // quote and a line break inside; CRLF line ends; a BOM; comments (also indented) and
    // blank lines are skipped but counted.
    const std::string text =
        "\xEF\xBB\xBF# measured on our cluster\r\n"  // 1
        "\r\n"                                       // 2
        "metric,value,model,hardware,tp,weights,activations,kv,batch,prompt,output,"
        "label,source\r\n"             // 3
        "  # an indented comment\r\n"  // 4
        "ttft_ms, 41.5 ,llama-3.1-8b,\"h100-sxm\",1,BF16,bf16,bf16,1,2048,128,"
        "\"run \"\"A\"\", 2048\",\"vLLM, 2 lines:\r\nsecond\"\r\n"           // 5-6
        "\r\n"                                                               // 7
        "tpot_ms,6,llama-3.1-8b,h100-sxm,1,bf16,bf16,bf16,4,100,100,,\r\n";  // 8
    const MeasuredFile f = parseMeasured(text, presetsOnly());
    ASSERT_EQ(f.rows.size(), 2u) << (f.rejected.empty() ? "" : f.rejected[0].reason);
    EXPECT_TRUE(f.rejected.empty());
    EXPECT_TRUE(f.warnings.empty());
    EXPECT_EQ(f.rows[0].line, 5u);
    EXPECT_EQ(f.rows[0].metric, MeasuredMetric::TtftMs);
    EXPECT_DOUBLE_EQ(f.rows[0].value, 41.5);
    EXPECT_EQ(f.rows[0].weights, Precision::Bf16);
    EXPECT_EQ(f.rows[0].label, "run \"A\", 2048");
    EXPECT_EQ(f.rows[0].source, "vLLM, 2 lines:\r\nsecond");
    EXPECT_EQ(f.rows[1].line, 8u);
    EXPECT_EQ(f.rows[1].label, "");
    EXPECT_EQ(f.rows[1].scenario.workload.batch, 4);
}

TEST(MeasuredFile, PartlyBadFileRejectsEachBadRowWithItsLineAndReason) {
    const std::string text =
        "# partly bad\n"       // 1
        + kHeader + ",note\n"  // 2
        + kGood +
        ",fine\n"                                                                        // 3
        "llama-3.1-8b,a100-80gb-sxm,x,bf16,bf16,bf16,1,6,200,output_tokens_per_s,94,\n"  // 4
        "\n"                                                                             // 5
        "llama-3.1-8b,a100-80gb-sxm,1,bf16,bf16,bf16,1,6,200,tokens_per_s,94,\n"         // 6
        "llama-9b,a100-80gb-sxm,1,bf16,bf16,bf16,1,6,200,tpot_ms,10,\n"                  // 7
        "llama-3.1-8b,a100-80gb-sxm,3,bf16,bf16,bf16,1,6,200,tpot_ms,10,\n"              // 8
        "llama-3.1-8b,a100-80gb-sxm,1,bf16,bf16,bf16,1,6,200,tpot_ms,-2,\n"              // 9
        "llama-3.1-8b,a100-80gb-sxm,1,bf16,bf16\n"                                       // 10
        "llama-3.1-8b,a100-80gb-sxm,1,bf12,bf16,tf32,0,6,200,ttft_ms,40,\n"              // 11
        "llama-3.1-8b,a100-80gb-sxm,1,bf16,bf16,bf16,1,6,200,tpot_ms,10,\"open\n";       // 12
    const MeasuredFile f = parseMeasured(text, presetsOnly());
    ASSERT_EQ(f.rows.size(), 1u);
    EXPECT_EQ(f.rows[0].line, 3u);
    ASSERT_EQ(f.warnings.size(), 1u);
    EXPECT_EQ(f.warnings[0],
              "column \"note\" (field 12 of the header on line 2) is not one of model, hardware, "
              "tp, weights, activations, kv, batch, prompt, output, metric, value, source, label, "
              "engine_version: "
              "ignored");
    const std::vector<std::pair<std::size_t, std::string>> expected = {
        {4, "column tp: expected an integer from 1 to 4096, found \"x\""},
        {6,
         "column metric: expected one of tpot_ms, ttft_ms, output_tokens_per_s, "
         "output_tokens_per_s_per_device, e2e_ms, request_output_tokens_per_s, found "
         "\"tokens_per_s\""},
        {7,
         "column model: expected a shipped model id (clip-vit-large-patch14, deepseek-v3, "
         "deepseek-v3.2, gemma-2-9b, gemma-3-27b, gpt-oss-120b, gpt-oss-20b, kimi-k2, "
         "llama-2-13b, llama-2-70b, llama-2-7b, llama-3-70b, llama-3-8b, llama-3.1-405b, "
         "llama-3.1-70b, llama-3.1-8b, llama-3.2-1b, llama-3.2-3b, llama-4-maverick, "
         "llama-4-scout, mistral-7b, mixtral-8x22b, mixtral-8x7b, nemotron-3-nano-30b-a3b, "
         "qwen2.5-7b, qwen3-235b-a22b, qwen3-30b-a3b, qwen3-32b, qwen3-8b, qwen3-next-80b-a3b, "
         "resnet-50, vit-large-patch16-224), found \"llama-9b\" (no such id)"},
        {8, "column tp: expected a divisor of the 32 query heads, found 3"},
        {9, "column value: expected a number of ms from 1e-06 to 1e+12, found \"-2\""},
        {10, "expected 12 fields as the header names, found 5"},
        {11,
         "column weights: expected one of fp32, bf16, fp16, fp8, int8, int4, fp4, fp6, mxfp4, "
         "nvfp4, "
         "found "
         "\"bf12\"; column kv: expected one of fp32, bf16, fp16, fp8, int8, int4, fp4, fp6, mxfp4, "
         "nvfp4, found "
         "\"tf32\"; column batch: expected an integer from 1 to 100000000, found \"0\""},
        {12, "expected a closing quote for the field that opens on this line"},
    };
    ASSERT_EQ(f.rejected.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        EXPECT_EQ(f.rejected[i].line, expected[i].first);
        EXPECT_EQ(f.rejected[i].reason, expected[i].second) << "line " << expected[i].first;
    }
}

TEST(MeasuredFile, EntirelyBadFilesKeepNoRow) {
    // No header column "metric": the header line is rejected and nothing is read.
    MeasuredFile f = parseMeasured(
        "model,hardware,tp,weights,activations,kv,batch,prompt,output,"
        "value\n" +
            kGood + "\n",
        presetsOnly());
    EXPECT_TRUE(f.rows.empty());
    ASSERT_EQ(f.rejected.size(), 1u);
    EXPECT_EQ(f.rejected[0].line, 1u);
    EXPECT_EQ(f.rejected[0].reason,
              "header: expected the columns model, hardware, tp, weights, activations, kv, "
              "batch, prompt, output, metric, value (source, label and engine_version optional), "
              "found no "
              "column metric");
    // Empty and comment-only files.
    for (const std::string& text : {std::string(), std::string("# nothing\n\n")}) {
        f = parseMeasured(text, presetsOnly());
        EXPECT_TRUE(f.rows.empty());
        ASSERT_EQ(f.rejected.size(), 1u);
        EXPECT_EQ(f.rejected[0].line, 0u);
    }
    EXPECT_EQ(parseMeasured("", presetsOnly()).rejected[0].reason,
              "expected a header row naming the columns model, hardware, tp, weights, "
              "activations, kv, batch, prompt, output, metric, value, found an empty file");
    // Every row bad.
    f = parseMeasured(kHeader + "\nx,y,1,bf16,bf16,bf16,1,1,1,tpot_ms,1\n", presetsOnly());
    EXPECT_TRUE(f.rows.empty());
    EXPECT_EQ(f.rejected.size(), 1u);
    // JSON that is not JSON, or not an array of rows.
    f = parseMeasured("[{\"model\": ", presetsOnly());
    ASSERT_EQ(f.rejected.size(), 1u);
    EXPECT_EQ(f.rejected[0].line, 0u);
    EXPECT_TRUE(
        f.rejected[0].reason.starts_with("expected valid JSON, found parse error at line 1"))
        << f.rejected[0].reason;
    f = parseMeasured("{\"rows\": 3}", presetsOnly());
    ASSERT_EQ(f.rejected.size(), 1u);
    EXPECT_EQ(f.rejected[0].reason,
              "expected an array of rows, or an object whose \"rows\" is one, found \"rows\": 3");
}

TEST(MeasuredFile, JsonArrayOrRowsObjectCountsRowsByPosition) {
    const std::string row =
        R"({"model": "llama-3.1-8b", "hardware": "a100-80gb-sxm", "tp": 2, "weights": "bf16",
            "activations": "bf16", "kv": "bf16", "batch": 1, "prompt": 6, "output": 200,
            "metric": "output_tokens_per_s", "value": 149, "source": "gpt-fast"})";
    const std::string bad =
        R"({"model": "llama-3.1-8b", "hardware": "a100-80gb-sxm", "tp": 2.5, "weights": true,
            "activations": "bf16", "kv": "bf16", "batch": 1, "prompt": 6, "output": 200,
            "metric": "output_tokens_per_s", "extra": 1})";
    for (const std::string& text :
         {"[" + row + ", 7, " + bad + "]", "{\"rows\": [" + row + ", 7, " + bad + "]}"}) {
        const MeasuredFile f = parseMeasured(text, presetsOnly());
        EXPECT_TRUE(f.json);
        ASSERT_EQ(f.rows.size(), 1u);
        EXPECT_EQ(f.rows[0].line, 1u);
        EXPECT_EQ(f.rows[0].tp, 2);
        EXPECT_EQ(f.rows[0].source, "gpt-fast");
        ASSERT_EQ(f.rejected.size(), 2u);
        EXPECT_EQ(f.rejected[0].line, 2u);
        EXPECT_EQ(f.rejected[0].reason,
                  "expected an object with the columns model, hardware, tp, weights, "
                  "activations, kv, batch, prompt, output, metric, value, found 7");
        EXPECT_EQ(f.rejected[1].line, 3u);
        EXPECT_EQ(
            f.rejected[1].reason,
            "column tp: expected an integer from 1 to 4096, found 2.5; column weights: "
            "expected one of fp32, bf16, fp16, fp8, int8, int4, fp4, fp6, mxfp4, nvfp4, found "
            "true; column "
            "value: expected a number of tok/s from 1e-06 to 1e+12, found nothing");
        ASSERT_EQ(f.warnings.size(), 1u);
        EXPECT_TRUE(f.warnings[0].starts_with("column \"extra\" (first in row 3)"));
    }
}

TEST(MeasuredFile, PathsAreReadFromTheFilesFolder) {
    // A hardware file beside the measured file, named by a relative path; the working
    // directory is elsewhere.
    const fs::path dir = fs::temp_directory_path() / "roofline-measured-test";
    fs::remove_all(dir);
    fs::create_directories(dir / "hw");
    {
        // The A100 preset under another name, so that the row shows which file it read.
        std::ifstream in(fs::path(ROOFLINE_PRESET_DIR) / "hardware/a100-80gb-sxm.json");
        std::stringstream preset;
        preset << in.rdbuf();
        std::string text = preset.str();
        const std::string name = "\"NVIDIA A100 80GB SXM4\"";
        text.replace(text.find(name), name.size(), "\"Our A100\"");
        std::ofstream(dir / "hw/my-a100.json") << text;
    }
    {
        std::ofstream out(dir / "runs.csv");
        out << kHeader << "\n"
            << "llama-3.1-8b,hw/my-a100.json,1,bf16,bf16,bf16,1,6,200,output_tokens_per_s,94\n"
            << "llama-3.1-8b,hw/none.json,1,bf16,bf16,bf16,1,6,200,output_tokens_per_s,94\n";
    }
    const MeasuredFile f = loadMeasuredFile((dir / "runs.csv").string());
    ASSERT_EQ(f.rows.size(), 1u);
    EXPECT_EQ(f.rows[0].scenario.hardware.name, "Our A100");
    ASSERT_EQ(f.rejected.size(), 1u);
    EXPECT_EQ(f.rejected[0].line, 3u);
    EXPECT_TRUE(
        f.rejected[0].reason.starts_with("column hardware: expected a shipped hardware id ("))
        << f.rejected[0].reason;
    EXPECT_TRUE(
        f.rejected[0].reason.ends_with("found \"hw/none.json\" (no such id, and no such file at " +
                                       (dir / "hw/none.json").string() + ")"))
        << f.rejected[0].reason;
    // Preset ids only: the same file reads no file.
    std::ifstream in(dir / "runs.csv");
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    MeasuredOptions o = presetsOnly();
    o.baseDirectory = dir.string();
    EXPECT_TRUE(parseMeasured(text, o).rows.empty());
    // A file that is not there.
    const MeasuredFile missing = loadMeasuredFile((dir / "nothing.csv").string());
    ASSERT_EQ(missing.rejected.size(), 1u);
    EXPECT_EQ(missing.rejected[0].line, 0u);
    EXPECT_EQ(missing.rejected[0].reason,
              "expected a readable file, found No such file or directory");
    fs::remove_all(dir);
}

TEST(MeasuredFile, ShippedExampleLoadsWithASourceOnEveryRow) {
    const MeasuredFile f = loadMeasuredFile(std::string(ROOFLINE_PRESET_DIR) +
                                            "/../resources/examples/measured-example.csv");
    EXPECT_TRUE(f.rejected.empty()) << (f.rejected.empty() ? "" : f.rejected[0].reason);
    EXPECT_TRUE(f.warnings.empty());
    ASSERT_GE(f.rows.size(), 6u);
    for (const MeasuredRow& row : f.rows) {
        EXPECT_FALSE(row.source.empty()) << "line " << row.line;
        // The model is a bound: no measured run beats it at peak ceilings.
        const MeasuredResult r = placeRow(row, Ceilings::Peak);
        EXPECT_GT(r.placement.efficiency, 0.2) << "line " << row.line;
        EXPECT_LE(r.placement.efficiency, 1.0) << "line " << row.line;
    }
    // Pinned by hand, first row: Llama-2-7B bf16, TP 1, B 1, A100-80GB SXM (2.039 TB/s),
    // 5-token prompt, 200 output tokens, so the decode step reads the KV cache at the mean
    // context 5 + 200/2 = 105 tokens. Weights read per step (the embedding is a gather of
    // one row): 32 layers x (4 x 4096^2 + 3 x 4096 x 11008 + 2 x 4096) + 4096 + 32000 x 4096
    // = 6,607,343,616 parameters x 2 B = 13,214,687,232 B; KV 2 x 32 x 4096 x 2 B x 105 =
    // 55,050,240 B; total ~1.327e10 B / 2.039e12 B/s = 6.51 ms, 153.6 tok/s. gpt-fast
    // measured 104.9 tok/s: efficiency 104.9 / 153.6 = 0.683 (gpt-fast's own figure:
    // 1397 GB/s of 2039, 0.685).
    ASSERT_FALSE(f.rows.empty());
    EXPECT_EQ(f.rows[0].line, 11u);
    const MeasuredResult first = placeRow(f.rows[0], Ceilings::Peak);
    EXPECT_NEAR(first.placement.predictedValue, 153.6, 0.2);
    EXPECT_NEAR(first.placement.efficiency, 0.683, 0.001);
}

TEST(MeasuredFile, JsonOutputCarriesThePlacement) {
    const MeasuredFile f = parseMeasured(kHeader + "\n" + kGood + "\n", presetsOnly());
    const nlohmann::json j = nlohmann::json::parse(measuredToJson(f, Ceilings::Peak));
    EXPECT_EQ(j["ceilings"], "peak");
    EXPECT_EQ(j["counted_by"], "line");
    ASSERT_EQ(j["rows"].size(), 1u);
    const nlohmann::json& row = j["rows"][0];
    const MeasuredResult r = placeRow(f.rows[0], Ceilings::Peak);
    EXPECT_EQ(row["line"], 2);
    EXPECT_EQ(row["pass"], "decode");
    EXPECT_EQ(row["metric"], "output_tokens_per_s");
    EXPECT_EQ(row["value"], 94.0);
    EXPECT_EQ(row["context_tokens"], 106);
    EXPECT_EQ(row["predicted"].get<double>(), r.placement.predictedValue);
    EXPECT_EQ(row["efficiency"].get<double>(), r.placement.efficiency);
    EXPECT_EQ(row["intensity_flops_per_byte"].get<double>(), r.placement.intensityFlopsPerByte);
    EXPECT_EQ(row["achieved_flops_per_s"].get<double>(), r.placement.achievedFlopsPerSecond);
    EXPECT_EQ(row["measured_time_s"].get<double>(), 1.0 / 94.0);
    EXPECT_TRUE(j["rejected"].empty());
}

}  // namespace
}  // namespace roofline::io
