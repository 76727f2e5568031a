// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario files (toJson / parseScenarioFile), the scenario command-line options, and
// resolve(): ids or files to a validated Scenario.

#include "roofline/io/scenario_file.h"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "roofline/io/calibration.h"
#include "roofline/io/scenario_options.h"
#include "roofline/validate.h"

namespace {

using roofline::CalibrationProfile;
using roofline::Ceilings;
using roofline::DraftKind;
using roofline::Issue;
using roofline::Precision;
using roofline::Severity;
using roofline::Workload;
using roofline::io::Loaded;
using roofline::io::parseScenarioFile;
using roofline::io::ScenarioFile;

const std::string kFile = "scenarios/test.json";

ScenarioFile roundTrip(const ScenarioFile& s) {
    const std::string text = roofline::io::toJson(s);
    const Loaded<ScenarioFile> back = parseScenarioFile(text, kFile);
    EXPECT_TRUE(back.ok()) << roofline::describe(back.issues) << text;
    EXPECT_TRUE(back.issues.empty()) << roofline::describe(back.issues);
    return back.ok() ? *back.value : ScenarioFile{};
}

const roofline::Issue* firstError(const std::vector<roofline::Issue>& issues) {
    for (const roofline::Issue& i : issues) {
        if (i.severity == Severity::Error) {
            return &i;
        }
    }
    return nullptr;
}

// ---------------------------------------------------------------------------------------
// Files.

TEST(ScenarioFile, DefaultScenarioRoundTrips) {
    const ScenarioFile s;
    EXPECT_EQ(roundTrip(s), s);
}

TEST(ScenarioFile, NonDefaultScenariosRoundTrip) {
    ScenarioFile a;
    a.hardware = "mi300x";
    a.model = "deepseek-v3";
    a.workload.batch = 256;
    a.workload.promptTokens = 8192;
    a.workload.contextTokens = 0;  // the lower bound is allowed
    a.workload.weightPrecision = Precision::Fp8;
    a.workload.activationPrecision = Precision::Fp8;
    a.workload.kvPrecision = Precision::Fp8;
    a.workload.tensorParallel = 8;
    a.workload.flashAttention = false;

    ScenarioFile b;
    b.hardware = "/home/me/presets/my chip.json";  // a path with a space
    b.model = "models/qwen3/config.json";
    b.workload.batch = 100'000'000;  // kMaxBatch
    b.workload.promptTokens = 1;
    b.workload.contextTokens = 1'000'000'000;  // kMaxTokens
    b.workload.weightPrecision = Precision::Int4;
    b.workload.activationPrecision = Precision::Fp16;
    b.workload.kvPrecision = Precision::Int8;
    b.workload.kvHeadsOverride = 4;

    ScenarioFile c;
    c.hardware = "b200";
    c.model = "gpt-oss-120b";
    c.workload.weightPrecision = Precision::Fp4;
    c.workload.activationPrecision = Precision::Fp32;
    c.workload.kvPrecision = Precision::Fp32;
    c.workload.tensorParallel = 4096;
    c.workload.kvHeadsOverride = 1;

    for (const ScenarioFile& s : {a, b, c}) {
        SCOPED_TRACE(s.hardware + " / " + s.model);
        EXPECT_EQ(roundTrip(s), s);
        EXPECT_FALSE(s == ScenarioFile{}) << "the case is not the default";
    }
}

TEST(ScenarioFile, ToJsonWritesSchemaVersionAndSnakeCaseKeys) {
    ScenarioFile s;
    s.workload.kvPrecision = Precision::Fp8;
    const std::string text = roofline::io::toJson(s);
    for (const char* key :
         {"\"schema_version\": 1", "\"hardware\": \"h100-sxm\"", "\"model\": \"llama-3.1-8b\"",
          "\"batch\": 1", "\"prompt_tokens\": 2048", "\"context_tokens\": 2048",
          "\"weights\": \"bf16\"", "\"activations\": \"bf16\"", "\"kv_cache\": \"fp8\"",
          "\"kv_heads\": 0", "\"tensor_parallel\": 1", "\"flash_attention\": true"}) {
        EXPECT_NE(text.find(key), std::string::npos) << key << " not in\n" << text;
    }
    EXPECT_EQ(text.back(), '\n');
}

TEST(ScenarioFile, MissingWorkloadKeysTakeTheDefaults) {
    const Loaded<ScenarioFile> s = parseScenarioFile(
        R"({"schema_version": 1, "hardware": "l4", "model": "mistral-7b", "batch": 3})", kFile);
    ASSERT_TRUE(s.ok()) << roofline::describe(s.issues);
    EXPECT_TRUE(s.issues.empty());
    EXPECT_EQ(s.value->hardware, "l4");
    EXPECT_EQ(s.value->model, "mistral-7b");
    Workload expected;  // the documented defaults: P = C = 2048, bf16 everywhere, TP 1, FA on
    expected.batch = 3;
    EXPECT_EQ(s.value->workload, expected);
    EXPECT_EQ(s.value->workload.promptTokens, 2048);
    EXPECT_EQ(s.value->workload.contextTokens, 2048);
    EXPECT_EQ(s.value->workload.weightPrecision, Precision::Bf16);
    EXPECT_TRUE(s.value->workload.flashAttention);
}

TEST(ScenarioFile, AnEngineVersionIsCheckedAgainstTheProfilesRecords) {
    // vLLM 0.6.0 on H100: the shipped h100-sxm.vllm profile's records run vLLM 0.7.2 to
    // 0.11.0, so the estimate is extrapolated and says the version is why.
    const Loaded<ScenarioFile> s = parseScenarioFile(
        R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-3.1-8b",
            "ceilings": "estimate", "engine": "vllm", "engine_version": "0.6.0"})",
        kFile);
    ASSERT_TRUE(s.ok()) << roofline::describe(s.issues);
    EXPECT_EQ(s.value->engineVersion, "0.6.0");
    EXPECT_NE(roofline::io::toJson(*s.value).find("\"engine_version\": \"0.6.0\""),
              std::string::npos);
    const roofline::io::ResolvedScenario r = roofline::io::resolve(*s.value);
    ASSERT_FALSE(roofline::hasErrors(r.issues)) << roofline::describe(r.issues);
    EXPECT_EQ(r.scenario.engineVersion, (roofline::EngineVersion{0, 6, 0}));
    const roofline::Analysis a = roofline::analyze(r.scenario);
    ASSERT_TRUE(a.estimate.has_value());
    EXPECT_NE(a.estimate->extrapolation & roofline::kEngineVersion, 0u);
    const std::vector<std::string> why = roofline::extrapolationReasons(*a.estimate, r.scenario);
    ASSERT_EQ(why.size(), 1u);
    EXPECT_EQ(why[0], "vllm 0.6.0 outside the versions in h100-sxm.vllm (0.7.2–0.11.0)");
    // A version that is none is refused, naming the key.
    const Loaded<ScenarioFile> bad = parseScenarioFile(
        R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-3.1-8b",
            "engine_version": "latest"})",
        kFile);
    EXPECT_FALSE(bad.ok());
    EXPECT_NE(roofline::describe(bad.issues).find("/engine_version"), std::string::npos)
        << roofline::describe(bad.issues);
}

TEST(ScenarioFile, BaselineRoundTrips) {
    ScenarioFile base;
    base.hardware = "a100-sxm-80gb";
    base.workload.batch = 32;
    base.workload.weightPrecision = Precision::Int4;
    base.workload.speculativeTokens = 4;
    base.workload.acceptanceRate = 0.7;
    ScenarioFile s;
    s.workload.batch = 8;
    s.baseline = base;
    const ScenarioFile back = roundTrip(s);
    ASSERT_TRUE(back.baseline);
    EXPECT_EQ(*back.baseline, base);
    EXPECT_EQ(back, s);
    ScenarioFile other = s;
    other.baseline.reset();
    EXPECT_NE(other, s) << "a baseline is part of the scenario";
}

TEST(ScenarioFile, BaselineIsWrittenNestedWithoutSchemaVersionAndOnlyWhenPinned) {
    ScenarioFile s;
    EXPECT_EQ(roofline::io::toJson(s).find("baseline"), std::string::npos);
    s.baseline = ScenarioFile{};
    const std::string text = roofline::io::toJson(s);
    const std::size_t at = text.find("\"baseline\": {");
    ASSERT_NE(at, std::string::npos) << text;
    const std::size_t version = text.find("schema_version");
    ASSERT_NE(version, std::string::npos) << text;
    EXPECT_EQ(text.find("schema_version", version + 1), std::string::npos)
        << "only the top level has one\n"
        << text;
    EXPECT_NE(text.find("\"hardware\"", at), std::string::npos) << text;
}

TEST(ScenarioFile, OldFilesLoadWithoutABaseline) {
    const Loaded<ScenarioFile> s = parseScenarioFile(
        R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-2-7b", "batch": 4})",
        kFile);
    ASSERT_TRUE(s.ok());
    EXPECT_TRUE(s.issues.empty());
    EXPECT_FALSE(s.value->baseline);
}

TEST(ScenarioFile, BadBaselineValuesNameTheirPointer) {
    const Loaded<ScenarioFile> s = parseScenarioFile(
        R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-2-7b",
            "baseline": {"hardware": "h100-sxm", "model": "llama-2-7b", "batch": 0,
                         "speculative": {"k": 99}}})",
        kFile);
    EXPECT_FALSE(s.ok());
    const roofline::Issue* e = firstError(s.issues);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->pointer, "/baseline/batch");
    bool specNamed = false;
    for (const roofline::Issue& i : s.issues) {
        specNamed = specNamed || i.pointer == "/baseline/speculative/k";
    }
    EXPECT_TRUE(specNamed) << roofline::describe(s.issues);

    const Loaded<ScenarioFile> notObject = parseScenarioFile(
        R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-2-7b",
            "baseline": "yesterday"})",
        kFile);
    EXPECT_FALSE(notObject.ok());
    const roofline::Issue* notObjectError = firstError(notObject.issues);
    ASSERT_NE(notObjectError, nullptr);
    EXPECT_EQ(notObjectError->pointer, "/baseline");

    // A baseline has no baseline of its own: the key is unknown there (a warning).
    const Loaded<ScenarioFile> nested = parseScenarioFile(
        R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-2-7b",
            "baseline": {"hardware": "h100-sxm", "model": "llama-2-7b",
                         "baseline": {"hardware": "b200", "model": "llama-2-7b"}}})",
        kFile);
    ASSERT_TRUE(nested.ok());
    ASSERT_EQ(nested.issues.size(), 1u);
    EXPECT_EQ(nested.issues[0].pointer, "/baseline/baseline");
    EXPECT_FALSE((*nested.value->baseline).baseline);
}

TEST(ScenarioFile, UnknownKeyIsAWarningNotAnError) {
    const Loaded<ScenarioFile> s = parseScenarioFile(
        R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-2-7b",
            "batch_size": 8})",
        kFile);
    ASSERT_TRUE(s.ok());
    ASSERT_EQ(s.issues.size(), 1u);
    EXPECT_EQ(s.issues[0].severity, Severity::Warning);
    EXPECT_EQ(s.issues[0].pointer, "/batch_size");
    EXPECT_EQ(s.issues[0].file, kFile);
    EXPECT_NE(s.issues[0].message().find("warning: "), std::string::npos);
    EXPECT_NE(s.issues[0].message().find("unknown key"), std::string::npos);
    EXPECT_EQ(s.value->workload.batch, 1) << "the misspelt key is ignored";
}

TEST(ScenarioFile, NewerSchemaVersionIsRefused) {
    const Loaded<ScenarioFile> s = parseScenarioFile(
        R"({"schema_version": 2, "hardware": "h100-sxm", "model": "llama-2-7b"})", kFile);
    EXPECT_FALSE(s.ok());
    const roofline::Issue* e = firstError(s.issues);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->pointer, "/schema_version");
    EXPECT_NE(e->message().find("newer version"), std::string::npos) << e->message();
    EXPECT_NE(e->message().find("got 2"), std::string::npos) << e->message();
}

TEST(ScenarioFile, BadValuesNameTheirPointer) {
    struct Case {
        const char* json;
        const char* pointer;
        const char* fragment;
    };
    const Case cases[] = {
        {R"({"schema_version": 1, "hardware": "h100-sxm", "model": "m", "batch": 0})", "/batch",
         "an integer from 1 to 100000000, got 0"},
        {R"({"schema_version": 1, "hardware": "h100-sxm", "model": "m", "batch": "8"})", "/batch",
         "got \"8\""},
        {R"({"schema_version": 1, "hardware": "h100-sxm", "model": "m", "weights": "fp3"})",
         "/weights", "got \"fp3\""},
        {R"({"schema_version": 1, "hardware": "h100-sxm", "model": "m", "kv_cache": "tf32"})",
         "/kv_cache", "got \"tf32\""},  // tf32 is a math mode, not a storage format
        {R"({"schema_version": 1, "hardware": "h100-sxm", "model": "m",
             "flash_attention": "on"})",
         "/flash_attention", "true or false"},
        {R"({"schema_version": 1, "model": "m"})", "/hardware", "missing"},
        {R"({"hardware": "h100-sxm", "model": "m"})", "/schema_version", "missing"},
        {R"({"schema_version": 1, "hardware": "h100-sxm", "model": "m",
             "tensor_parallel": 0})",
         "/tensor_parallel", "got 0"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.json);
        const Loaded<ScenarioFile> s = parseScenarioFile(c.json, kFile);
        EXPECT_FALSE(s.ok());
        const roofline::Issue* e = firstError(s.issues);
        ASSERT_NE(e, nullptr);
        EXPECT_EQ(e->pointer, c.pointer);
        EXPECT_EQ(e->file, kFile);
        EXPECT_NE(e->message().find(c.fragment), std::string::npos) << e->message();
    }
}

TEST(ScenarioFile, NewWorkloadKeysRoundTrip) {
    ScenarioFile a;
    a.model = "mixtral-8x7b";
    a.workload.expertParallel = true;
    a.workload.speculativeTokens = 16;
    a.workload.acceptanceRate = 0.0;
    a.workload.draftKind = DraftKind::Model;
    a.draftModel = "llama-3.2-1b";
    a.workload.memoryUtilization = 1.0;
    a.workload.maxBatchedTokens = 1;
    a.workload.ceilings = Ceilings::Achievable;

    ScenarioFile b;
    b.workload.speculativeTokens = 4;
    b.workload.acceptanceRate = 1.0;
    b.workload.memoryUtilization = 0.05;
    b.workload.maxBatchedTokens = roofline::kMaxBatchedTokensLimit;

    ScenarioFile c;  // a model draft kept while speculation is off
    c.workload.draftKind = DraftKind::Model;
    c.draftModel = "/models/draft/config.json";

    for (const ScenarioFile& s : {a, b, c}) {
        SCOPED_TRACE(roofline::io::toJson(s));
        EXPECT_EQ(roundTrip(s), s);
        EXPECT_FALSE(s == ScenarioFile{});
    }
}

TEST(ScenarioFile, ToJsonWritesTheNewKeys) {
    ScenarioFile s;
    s.workload.speculativeTokens = 3;
    s.workload.acceptanceRate = 0.5;
    const std::string text = roofline::io::toJson(s);
    for (const char* key :
         {"\"expert_parallel\": false", "\"speculative\": {", "\"k\": 3", "\"acceptance\": 0.5",
          "\"draft\": \"ngram\"", "\"memory_utilization\": 0.9", "\"max_batched_tokens\": 8192",
          "\"ceilings\": \"peak\"", "\"schema_version\": 1"}) {
        EXPECT_NE(text.find(key), std::string::npos) << key << " not in\n" << text;
    }
}

TEST(ScenarioFile, OldFilesWithoutTheNewKeysLoadWithDefaults) {
    const Loaded<ScenarioFile> s = parseScenarioFile(
        R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-3.1-8b",
            "batch": 4, "flash_attention": false})",
        kFile);
    ASSERT_TRUE(s.ok()) << roofline::describe(s.issues);
    EXPECT_TRUE(s.issues.empty()) << roofline::describe(s.issues);
    const Workload& w = s.value->workload;
    EXPECT_FALSE(w.expertParallel);
    EXPECT_EQ(w.speculativeTokens, 0);
    EXPECT_EQ(w.acceptanceRate, 0.7);
    EXPECT_EQ(w.draftKind, DraftKind::Ngram);
    EXPECT_EQ(s.value->draftModel, "ngram");
    EXPECT_EQ(w.memoryUtilization, 0.90);
    EXPECT_EQ(w.maxBatchedTokens, 8192);
    EXPECT_EQ(w.ceilings, Ceilings::Peak);
}

TEST(ScenarioFile, SpeculativeKeysAreReadTogether) {
    const Loaded<ScenarioFile> s = parseScenarioFile(
        R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-3.1-70b",
            "speculative": {"k": 5, "acceptance": 0.8, "draft": "llama-3.1-8b"},
            "ceilings": "achievable", "expert_parallel": true})",
        kFile);
    ASSERT_TRUE(s.ok()) << roofline::describe(s.issues);
    EXPECT_EQ(s.value->workload.speculativeTokens, 5);
    EXPECT_EQ(s.value->workload.acceptanceRate, 0.8);
    EXPECT_EQ(s.value->workload.draftKind, DraftKind::Model);
    EXPECT_EQ(s.value->draftModel, "llama-3.1-8b");
    EXPECT_EQ(s.value->workload.ceilings, Ceilings::Achievable);
    EXPECT_TRUE(s.value->workload.expertParallel);

    // Only k: the draft stays the free n-gram one.
    const Loaded<ScenarioFile> k = parseScenarioFile(
        R"({"schema_version": 1, "hardware": "h100-sxm", "model": "m", "speculative": {"k": 2}})",
        kFile);
    ASSERT_TRUE(k.ok()) << roofline::describe(k.issues);
    EXPECT_EQ(k.value->workload.speculativeTokens, 2);
    EXPECT_EQ(k.value->workload.draftKind, DraftKind::Ngram);
}

TEST(ScenarioFile, BadNewValuesNameTheirPointer) {
    struct Case {
        const char* json;
        const char* pointer;
        const char* fragment;
    };
    const Case cases[] = {
        {R"({"schema_version": 1, "hardware": "h", "model": "m", "speculative": {"k": 17}})",
         "/speculative/k", "an integer from 0 to 16, got 17"},
        {R"({"schema_version": 1, "hardware": "h", "model": "m", "speculative": {"k": -1}})",
         "/speculative/k", "got -1"},
        {R"({"schema_version": 1, "hardware": "h", "model": "m",
             "speculative": {"acceptance": 1.2}})",
         "/speculative/acceptance", "a number from 0 to 1, got 1.2"},
        {R"({"schema_version": 1, "hardware": "h", "model": "m",
             "speculative": {"acceptance": "0.7"}})",
         "/speculative/acceptance", "got \"0.7\""},
        {R"({"schema_version": 1, "hardware": "h", "model": "m", "speculative": {"draft": 3}})",
         "/speculative/draft", "a string, got 3"},
        {R"({"schema_version": 1, "hardware": "h", "model": "m", "speculative": {"draft": ""}})",
         "/speculative/draft", "\"ngram\" or a model preset id or config.json path, got \"\""},
        {R"({"schema_version": 1, "hardware": "h", "model": "m", "speculative": 4})",
         "/speculative", "an object {k, acceptance, draft}, got 4"},
        {R"({"schema_version": 1, "hardware": "h", "model": "m", "memory_utilization": 0})",
         "/memory_utilization", "a number above 0 and at most 1, got 0"},
        {R"({"schema_version": 1, "hardware": "h", "model": "m", "memory_utilization": 90})",
         "/memory_utilization", "got 90"},
        {R"({"schema_version": 1, "hardware": "h", "model": "m", "max_batched_tokens": 0})",
         "/max_batched_tokens", "an integer from 1 to 100000000, got 0"},
        {R"({"schema_version": 1, "hardware": "h", "model": "m", "expert_parallel": "on"})",
         "/expert_parallel", "true or false, got \"on\""},
        {R"({"schema_version": 1, "hardware": "h", "model": "m", "ceilings": "measured"})",
         "/ceilings", "\"peak\", \"achievable\" or \"estimate\", got \"measured\""},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.json);
        const Loaded<ScenarioFile> s = parseScenarioFile(c.json, kFile);
        EXPECT_FALSE(s.ok());
        const roofline::Issue* e = firstError(s.issues);
        ASSERT_NE(e, nullptr);
        EXPECT_EQ(e->pointer, c.pointer);
        EXPECT_NE(e->message().find(c.fragment), std::string::npos) << e->message();
    }
    // An unknown key inside "speculative" is a warning, as at the top level.
    const Loaded<ScenarioFile> w = parseScenarioFile(
        R"({"schema_version": 1, "hardware": "h", "model": "m", "speculative": {"K": 4}})", kFile);
    ASSERT_TRUE(w.ok());
    ASSERT_EQ(w.issues.size(), 1u);
    EXPECT_EQ(w.issues[0].pointer, "/speculative/K");
    EXPECT_EQ(w.issues[0].severity, Severity::Warning);
}

// ---------------------------------------------------------------------------------------
// Options.

// The rows of scenarioOptionTable() without a command-line parser: each "--name value" or
// "--name=value" goes through findScenarioOption(name)->apply, as both programs' parsers
// (CLI11, QCommandLineParser; their tests cover the parsing) hand values to it.
struct OptionsResult {
    std::vector<std::string> rest;    // arguments that are not scenario options
    std::vector<std::string> errors;  // the rows' messages
};

OptionsResult apply(const std::vector<std::string>& args, ScenarioFile& s, std::int64_t& gqaRatio) {
    OptionsResult result;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::size_t eq = args[i].find('=');
        const std::string name = args[i].substr(0, eq);
        const roofline::io::ScenarioOption* row = roofline::io::findScenarioOption(name);
        if (row == nullptr || (eq == std::string::npos && i + 1 == args.size())) {
            result.rest.push_back(args[i]);
            continue;
        }
        const std::string value = eq == std::string::npos ? args[++i] : args[i].substr(eq + 1);
        if (std::string error = row->apply(value, s, gqaRatio); !error.empty()) {
            result.errors.push_back(std::move(error));
        }
    }
    return result;
}

TEST(ScenarioOptions, SeparateAndInlineValues) {
    ScenarioFile s;
    std::int64_t gqa = 0;
    OptionsResult r = apply({"--batch", "8"}, s, gqa);
    EXPECT_TRUE(r.errors.empty());
    EXPECT_TRUE(r.rest.empty());
    EXPECT_EQ(s.workload.batch, 8);

    ScenarioFile t;
    r = apply({"--batch=16"}, t, gqa);
    EXPECT_TRUE(r.errors.empty());
    EXPECT_EQ(t.workload.batch, 16);
}

TEST(ScenarioOptions, EveryOptionSetsItsField) {
    ScenarioFile s;
    std::int64_t gqa = 0;
    const OptionsResult r =
        apply({"--hardware", "h200", "--model=qwen2.5-7b", "--batch", "32", "--prompt", "4096",
               "--context=0", "--weights", "int4", "--activations", "fp8", "--kv=fp8", "--tp", "2",
               "--flash-attention", "off", "--gqa-ratio", "7"},
              s, gqa);
    EXPECT_TRUE(r.errors.empty()) << (r.errors.empty() ? "" : r.errors.front());
    EXPECT_TRUE(r.rest.empty());
    EXPECT_EQ(s.hardware, "h200");
    EXPECT_EQ(s.model, "qwen2.5-7b");
    EXPECT_EQ(s.workload.batch, 32);
    EXPECT_EQ(s.workload.promptTokens, 4096);
    EXPECT_EQ(s.workload.contextTokens, 0);
    EXPECT_EQ(s.workload.weightPrecision, Precision::Int4);
    EXPECT_EQ(s.workload.activationPrecision, Precision::Fp8);
    EXPECT_EQ(s.workload.kvPrecision, Precision::Fp8);
    EXPECT_EQ(s.workload.tensorParallel, 2);
    EXPECT_FALSE(s.workload.flashAttention);
    EXPECT_EQ(gqa, 7);
    EXPECT_EQ(s.workload.kvHeadsOverride, 0) << "--gqa-ratio is resolved later";

    std::int64_t gqa2 = 4;
    ScenarioFile t;
    EXPECT_TRUE(apply({"--kv-heads", "2"}, t, gqa2).errors.empty());
    EXPECT_EQ(t.workload.kvHeadsOverride, 2);
    EXPECT_EQ(gqa2, 0) << "--kv-heads replaces an earlier --gqa-ratio";
}

TEST(ScenarioOptions, NewOptionsSetTheirFields) {
    ScenarioFile s;
    std::int64_t gqa = 0;
    const OptionsResult r =
        apply({"--spec-k", "4", "--spec-accept=0.85", "--draft-model", "llama-3.2-1b",
               "--expert-parallel", "on", "--memory-utilization", "0.95",
               "--max-batched-tokens=2048", "--ceilings", "achievable"},
              s, gqa);
    EXPECT_TRUE(r.errors.empty()) << (r.errors.empty() ? "" : r.errors.front());
    EXPECT_TRUE(r.rest.empty());
    EXPECT_EQ(s.workload.speculativeTokens, 4);
    EXPECT_EQ(s.workload.acceptanceRate, 0.85);
    EXPECT_EQ(s.workload.draftKind, DraftKind::Model);
    EXPECT_EQ(s.draftModel, "llama-3.2-1b");
    EXPECT_TRUE(s.workload.expertParallel);
    EXPECT_EQ(s.workload.memoryUtilization, 0.95);
    EXPECT_EQ(s.workload.maxBatchedTokens, 2048);
    EXPECT_EQ(s.workload.ceilings, Ceilings::Achievable);
    EXPECT_EQ(roundTrip(s), s) << "what the options set, a scenario file keeps";

    // --spec-k alone drafts with n-grams; --draft-model ngram switches back; bounds are in.
    ScenarioFile t;
    EXPECT_TRUE(apply({"--spec-k=16", "--spec-accept", "1", "--memory-utilization", "1"}, t, gqa)
                    .errors.empty());
    EXPECT_EQ(t.workload.speculativeTokens, 16);
    EXPECT_EQ(t.workload.draftKind, DraftKind::Ngram);
    EXPECT_EQ(t.draftModel, "ngram");
    EXPECT_TRUE(
        apply({"--draft-model", "x", "--draft-model=ngram", "--spec-k", "0", "--spec-accept", "0",
               "--expert-parallel", "off", "--ceilings", "peak", "--max-batched-tokens", "1"},
              t, gqa)
            .errors.empty());
    EXPECT_EQ(t.workload.draftKind, DraftKind::Ngram);
    EXPECT_EQ(t.draftModel, "ngram");
    EXPECT_EQ(t.workload.speculativeTokens, 0);
    EXPECT_EQ(t.workload.acceptanceRate, 0.0);
    EXPECT_EQ(t.workload.maxBatchedTokens, 1);
}

TEST(ScenarioOptions, BadValuesAreUsageErrors) {
    struct Case {
        std::vector<std::string> args;
        const char* fragment;
    };
    const Case cases[] = {
        {{"--batch", "0"}, "--batch expects an integer from 1 to 100000000, got '0'"},
        {{"--batch", "x"}, "got 'x'"},
        {{"--batch=8x"}, "got '8x'"},
        {{"--batch", "-1"}, "got '-1'"},
        {{"--batch", "99999999999999999999"}, "got '99999999999999999999'"},
        {{"--weights", "fp3"}, "--weights expects one of fp32, bf16"},
        {{"--kv", "tf32"}, "got 'tf32'"},
        {{"--flash-attention", "maybe"}, "--flash-attention expects on or off, got 'maybe'"},
        {{"--tp", "0"}, "--tp expects an integer from 1 to 4096"},
        {{"--context", "-5"}, "--context expects an integer from 0"},
        {{"--spec-k", "17"}, "--spec-k expects an integer from 0 to 16, got '17'"},
        {{"--spec-k", "-1"}, "--spec-k expects an integer from 0 to 16, got '-1'"},
        {{"--spec-k", "two"}, "got 'two'"},
        {{"--spec-accept", "1.5"}, "--spec-accept expects a number from 0 to 1, got '1.5'"},
        {{"--spec-accept", "-0.1"}, "got '-0.1'"},
        {{"--spec-accept", "nan"}, "got 'nan'"},
        {{"--spec-accept", "0.7x"}, "got '0.7x'"},
        {{"--spec-accept="}, "--spec-accept expects a number from 0 to 1, got ''"},
        {{"--draft-model="},
         "--draft-model expects ngram, a model preset id or a config.json "
         "path, got ''"},
        {{"--expert-parallel", "yes"}, "--expert-parallel expects on or off, got 'yes'"},
        {{"--memory-utilization", "0"},
         "--memory-utilization expects a number above 0 and at most 1, got '0'"},
        {{"--memory-utilization", "90"}, "got '90'"},
        {{"--memory-utilization", "inf"}, "got 'inf'"},
        {{"--max-batched-tokens", "0"},
         "--max-batched-tokens expects an integer from 1 to 100000000, got '0'"},
        {{"--max-batched-tokens", "8k"}, "got '8k'"},
        {{"--ceilings", "measured"},
         "--ceilings expects peak, achievable or estimate, got 'measured'"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.args.front());
        ScenarioFile s;
        std::int64_t gqa = 0;
        const OptionsResult r = apply(c.args, s, gqa);
        ASSERT_EQ(r.errors.size(), 1u);
        EXPECT_NE(r.errors[0].find(c.fragment), std::string::npos) << r.errors[0];
        EXPECT_EQ(s, ScenarioFile{}) << "a bad value changes nothing";
    }
}

TEST(ScenarioOptions, HelpMentionsEveryOption) {
    const std::string help(roofline::io::scenarioOptionsHelp());
    for (const char* option : {"--hardware",
                               "--model",
                               "--batch",
                               "--prompt",
                               "--context",
                               "--weights",
                               "--activations",
                               "--kv ",
                               "--kv-heads",
                               "--gqa-ratio",
                               "--tp",
                               "--flash-attention",
                               "--expert-parallel",
                               "--spec-k",
                               "--spec-accept",
                               "--draft-model",
                               "--memory-utilization",
                               "--max-batched-tokens",
                               "--ceilings",
                               "peak|achievable",
                               "ngram"}) {
        EXPECT_NE(help.find(option), std::string::npos) << option;
    }
}

// The table is the one description of the options: every row is found by its name, appears
// in --help as "  NAME VALUE", and its apply refuses a value it cannot take.
TEST(ScenarioOptions, EveryTableRowIsFoundHelpedAndApplied) {
    const std::string help(roofline::io::scenarioOptionsHelp());
    const auto& table = roofline::io::scenarioOptionTable();
    EXPECT_EQ(table.size(), 27u);  // the 27 options of scenario_options.cpp
    for (const roofline::io::ScenarioOption& o : table) {
        const std::string name(o.name);
        EXPECT_TRUE(name.starts_with("--")) << name;
        EXPECT_FALSE(o.help.empty()) << name;
        EXPECT_EQ(roofline::io::findScenarioOption(o.name), &o) << name;
        EXPECT_NE(help.find("  " + name + " " + std::string(o.valueName)), std::string::npos)
            << name;
        // A value no option accepts except the two free-text ones (ids and paths).
        ScenarioFile s;
        std::int64_t gqa = 0;
        const bool freeText = name == "--hardware" || name == "--model" ||
                              name == "--draft-model" || name == "--calibration";
        for (const std::vector<std::string>& args :
             {std::vector<std::string>{name, "?"}, std::vector<std::string>{name + "=?"}}) {
            const OptionsResult r = apply(args, s, gqa);
            EXPECT_TRUE(r.rest.empty()) << name;
            ASSERT_EQ(r.errors.size(), freeText ? 0u : 1u) << name;
            if (!freeText) {
                EXPECT_TRUE(r.errors[0].starts_with(name + " expects ")) << r.errors[0];
                EXPECT_TRUE(r.errors[0].ends_with("got '?'")) << r.errors[0];
            }
        }
    }
    EXPECT_EQ(roofline::io::findScenarioOption("--format"), nullptr);
    EXPECT_EQ(roofline::io::findScenarioOption("--batc"), nullptr);
}

// ---------------------------------------------------------------------------------------
// resolve().

TEST(ScenarioResolve, DefaultsResolveCleanly) {
    const roofline::io::ResolvedScenario r = roofline::io::resolve(ScenarioFile{});
    EXPECT_TRUE(r.ok()) << roofline::describe(r.issues);
    EXPECT_TRUE(r.issues.empty()) << roofline::describe(r.issues);
    EXPECT_EQ(r.scenario.hardware.id, "h100-sxm");
    EXPECT_EQ(r.scenario.model.id, "llama-3.1-8b");
}

TEST(ScenarioResolve, TheEstimateCeilingTakesTheProfileOfItsHardwareAndEngine) {
    // ceilings "estimate" attaches a calibration profile: the shipped one for the hardware
    // and engine, falling back (with a warning) to the generic one.
    ScenarioFile s;
    s.workload.ceilings = Ceilings::Estimate;
    s.engine = "vllm";
    const roofline::io::ResolvedScenario r = roofline::io::resolve(s);
    ASSERT_TRUE(r.ok()) << roofline::describe(r.issues);
    ASSERT_NE(r.scenario.calibration, nullptr);
    const Loaded<CalibrationProfile> expected =
        roofline::io::resolveCalibration("h100-sxm", "vllm");
    ASSERT_TRUE(expected.ok());
    EXPECT_EQ(*r.scenario.calibration, *expected.value);
    EXPECT_TRUE(roofline::analyze(r.scenario).estimate.has_value());
    // Peak ceilings need none and get none.
    EXPECT_EQ(roofline::io::resolve(ScenarioFile{}).scenario.calibration, nullptr);
    // A named profile wins over the engine's; one that does not load is an error at
    // /calibration.
    s.calibration = "generic";
    const roofline::io::ResolvedScenario g = roofline::io::resolve(s);
    ASSERT_TRUE(g.ok()) << roofline::describe(g.issues);
    EXPECT_EQ(g.scenario.calibration->id, "generic");
    s.calibration = "/no/such/profile.json";
    const roofline::io::ResolvedScenario bad = roofline::io::resolve(s);
    EXPECT_FALSE(bad.ok());
    bool named = false;
    for (const Issue& i : bad.issues) {
        named = named || i.pointer == "/calibration";
    }
    EXPECT_TRUE(named) << roofline::describe(bad.issues);
}

TEST(ScenarioFile, EngineAndCalibrationRoundTripAndUnknownEnginesAreErrors) {
    ScenarioFile s;
    s.workload.ceilings = Ceilings::Estimate;
    s.engine = "sglang";
    s.calibration = "generic";
    const std::string text = roofline::io::toJson(s);
    EXPECT_NE(text.find("\"engine\": \"sglang\""), std::string::npos) << text;
    const Loaded<ScenarioFile> back = roofline::io::parseScenarioFile(text, "t.json");
    ASSERT_TRUE(back.ok()) << roofline::describe(back.issues);
    EXPECT_TRUE(back.issues.empty()) << roofline::describe(back.issues);
    EXPECT_EQ(*back.value, s);
    // A peak-ceiling file without an engine writes neither key: older files stay as they were.
    const std::string plain = roofline::io::toJson(ScenarioFile{});
    EXPECT_EQ(plain.find("engine"), std::string::npos);
    EXPECT_EQ(plain.find("calibration"), std::string::npos);
    const Loaded<ScenarioFile> bad = roofline::io::parseScenarioFile(
        R"({"schema_version": 1, "hardware": "h", "model": "m", "engine": "vllm2"})", "t.json");
    EXPECT_FALSE(bad.ok());
    EXPECT_NE(roofline::describe(bad.issues).find("/engine"), std::string::npos)
        << roofline::describe(bad.issues);
}

TEST(ScenarioResolve, GqaRatioBecomesKvHeads) {
    // Llama-3.1-8B has 32 query heads: ratio 4 -> 32 / 4 = 8 KV heads.
    ScenarioFile s;
    const roofline::io::ResolvedScenario r = roofline::io::resolve(s, 4);
    ASSERT_TRUE(r.ok()) << roofline::describe(r.issues);
    EXPECT_EQ(r.scenario.workload.kvHeadsOverride, 8);
    // Ratio 1 is MHA: 32 KV heads.
    EXPECT_EQ(roofline::io::resolve(s, 1).scenario.workload.kvHeadsOverride, 32);
}

TEST(ScenarioResolve, GqaRatioMustDivideQueryHeads) {
    // 32 % 5 != 0.
    const roofline::io::ResolvedScenario r = roofline::io::resolve(ScenarioFile{}, 5);
    EXPECT_FALSE(r.ok());
    const roofline::Issue* e = firstError(r.issues);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->pointer, "--gqa-ratio");
    EXPECT_NE(e->message().find("32 query heads"), std::string::npos) << e->message();
    EXPECT_NE(e->message().find("got 5"), std::string::npos) << e->message();
}

TEST(ScenarioResolve, UnknownHardwareListsKnownIds) {
    ScenarioFile s;
    s.hardware = "h100-nvl-96gb";  // h100-nvl ships since issue 18
    const roofline::io::ResolvedScenario r = roofline::io::resolve(s);
    EXPECT_FALSE(r.ok());
    const roofline::Issue* e = firstError(r.issues);
    ASSERT_NE(e, nullptr);
    const std::string message = e->message();
    EXPECT_NE(message.find("h100-nvl-96gb"), std::string::npos) << message;
    for (const std::string& id : roofline::io::hardwareIds()) {
        EXPECT_NE(message.find(id), std::string::npos) << id << " not listed in " << message;
    }
}

TEST(ScenarioResolve, UnknownModelListsKnownIds) {
    ScenarioFile s;
    s.model = "llama-4";
    const roofline::io::ResolvedScenario r = roofline::io::resolve(s);
    EXPECT_FALSE(r.ok());
    const roofline::Issue* e = firstError(r.issues);
    ASSERT_NE(e, nullptr);
    for (const std::string& id : roofline::io::modelIds()) {
        EXPECT_NE(e->message().find(id), std::string::npos) << id;
    }
}

TEST(ScenarioResolve, FilesOnDiskResolveByPath) {
    ScenarioFile s;
    s.hardware = ROOFLINE_TEST_DATA_DIR "/valid/test-accelerator.json";
    s.model = ROOFLINE_TEST_DATA_DIR "/valid/config.json";
    const roofline::io::ResolvedScenario r = roofline::io::resolve(s);
    ASSERT_TRUE(r.ok()) << roofline::describe(r.issues);
    EXPECT_EQ(r.scenario.hardware.id, "test-accelerator");
    EXPECT_EQ(r.scenario.model.id, "valid");  // a config.json takes its folder's name
}

TEST(ScenarioResolve, WorkloadErrorsComeFromValidate) {
    // Llama-3.1-8B: 32 query heads, 8 KV heads. TP 3 divides neither.
    ScenarioFile s;
    s.workload.tensorParallel = 3;
    const roofline::io::ResolvedScenario r = roofline::io::resolve(s);
    EXPECT_FALSE(r.ok());
    const roofline::Issue* e = firstError(r.issues);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->pointer, "/tensor_parallel");
}

TEST(ScenarioResolve, ModelDraftIsLoadedOnlyWhenSpeculating) {
    ScenarioFile s;  // Llama-3.1-70B drafted by Llama-3.1-8B: same tokenizer
    s.model = "llama-3.1-70b";
    s.workload.tensorParallel = 4;
    s.workload.speculativeTokens = 4;
    s.workload.draftKind = DraftKind::Model;
    s.draftModel = "llama-3.1-8b";
    roofline::io::ResolvedScenario r = roofline::io::resolve(s);
    ASSERT_TRUE(r.ok()) << roofline::describe(r.issues);
    ASSERT_TRUE(r.scenario.draft.has_value());
    EXPECT_EQ(r.scenario.draft->id, "llama-3.1-8b");

    s.workload.draftKind = DraftKind::Ngram;  // n-gram: no draft model
    r = roofline::io::resolve(s);
    ASSERT_TRUE(r.ok()) << roofline::describe(r.issues);
    EXPECT_FALSE(r.scenario.draft.has_value());

    s.workload.draftKind = DraftKind::Model;  // speculation off: the draft is not loaded
    s.workload.speculativeTokens = 0;
    s.draftModel = "no-such-draft";
    r = roofline::io::resolve(s);
    EXPECT_TRUE(r.ok()) << roofline::describe(r.issues);
    EXPECT_FALSE(r.scenario.draft.has_value());
}

TEST(ScenarioResolve, DraftThatDoesNotLoadNamesTheKey) {
    ScenarioFile s;
    s.workload.speculativeTokens = 2;
    s.workload.draftKind = DraftKind::Model;
    s.draftModel = "no-such-draft";
    const roofline::io::ResolvedScenario r = roofline::io::resolve(s);
    EXPECT_FALSE(r.ok());
    bool named = false;
    for (const roofline::Issue& i : r.issues) {
        named = named || (i.pointer == "/speculative/draft" &&
                          i.message().find("\"no-such-draft\"") != std::string::npos);
    }
    EXPECT_TRUE(named) << roofline::describe(r.issues);
}

TEST(ScenarioResolve, DraftWithAnotherVocabularyIsAnError) {
    ScenarioFile s;  // Llama-3.1-8B (128,256 tokens) drafted by Llama-2-7B (32,000)
    s.workload.speculativeTokens = 3;
    s.workload.draftKind = DraftKind::Model;
    s.draftModel = "llama-2-7b";
    const roofline::io::ResolvedScenario r = roofline::io::resolve(s);
    EXPECT_FALSE(r.ok());
    const roofline::Issue* e = firstError(r.issues);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->pointer, "/speculative/draft");
    EXPECT_NE(e->message().find("shared tokenizer"), std::string::npos) << e->message();
    EXPECT_NE(e->message().find("128256"), std::string::npos) << e->message();
    EXPECT_NE(e->message().find("got 32000 tokens"), std::string::npos) << e->message();
}

TEST(ScenarioResolve, NewWorkloadErrorsNameTheScenarioKeys) {
    ScenarioFile s;  // Mixtral: 8 routed experts; TP 16 splits the 32 heads, not the experts
    s.model = "mixtral-8x7b";
    s.workload.expertParallel = true;
    s.workload.tensorParallel = 16;
    roofline::io::ResolvedScenario r = roofline::io::resolve(s);
    EXPECT_FALSE(r.ok());
    const roofline::Issue* e = firstError(r.issues);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->pointer, "/tensor_parallel");
    EXPECT_NE(e->message().find("8 routed experts"), std::string::npos) << e->message();

    s = ScenarioFile{};  // expert parallelism on a dense model: a warning, still ok
    s.workload.expertParallel = true;
    r = roofline::io::resolve(s);
    EXPECT_TRUE(r.ok()) << roofline::describe(r.issues);
    ASSERT_EQ(r.issues.size(), 1u);
    EXPECT_EQ(r.issues[0].severity, Severity::Warning);
    EXPECT_EQ(r.issues[0].pointer, "/expert_parallel");

    s = ScenarioFile{};  // values a program set directly, past the readers' checks
    s.workload.speculativeTokens = 40;
    s.workload.acceptanceRate = 2.0;
    s.workload.memoryUtilization = 1.5;
    s.workload.maxBatchedTokens = 0;
    r = roofline::io::resolve(s);
    EXPECT_FALSE(r.ok());
    std::vector<std::string> pointers;
    for (const roofline::Issue& i : r.issues) {
        pointers.push_back(i.pointer);
        EXPECT_TRUE(i.field.rfind("workload.", 0) == 0) << i.field;
    }
    EXPECT_EQ(pointers, (std::vector<std::string>{"/speculative/k", "/speculative/acceptance",
                                                  "/memory_utilization", "/max_batched_tokens"}));
}

TEST(ScenarioResolve, ValidScenarioFileLoads) {
    const Loaded<ScenarioFile> s =
        roofline::io::loadScenarioFile(ROOFLINE_TEST_DATA_DIR "/valid/scenario.json");
    ASSERT_TRUE(s.ok()) << roofline::describe(s.issues);
    EXPECT_TRUE(s.issues.empty()) << roofline::describe(s.issues);
    EXPECT_EQ(s.value->hardware, "h100-sxm");
    EXPECT_EQ(s.value->model, "llama-3.1-70b");
    EXPECT_EQ(s.value->workload.batch, 16);
    EXPECT_EQ(s.value->workload.tensorParallel, 4);
    EXPECT_EQ(s.value->workload.weightPrecision, Precision::Fp8);
    EXPECT_TRUE(roofline::io::resolve(*s.value).ok());
}

}  // namespace

// ---------------------------------------------------------------------------------------
// The price per device-hour (issue 11): optional, never a default.

TEST(ScenarioPrice, WrittenOnlyWithAPriceAndRoundTrips) {
    ScenarioFile s;
    EXPECT_EQ(roofline::io::toJson(s).find("price_per_device_hour_usd"), std::string::npos);
    EXPECT_FALSE(roundTrip(s).workload.pricePerDeviceHourUsd.has_value());
    s.workload.pricePerDeviceHourUsd = 2.49;
    EXPECT_NE(roofline::io::toJson(s).find("\"price_per_device_hour_usd\": 2.49"),
              std::string::npos)
        << roofline::io::toJson(s);
    EXPECT_EQ(roundTrip(s), s);
    s.workload.pricePerDeviceHourUsd = 0.0;  // free is a price
    EXPECT_EQ(roundTrip(s), s);
}

TEST(ScenarioPrice, NullIsNoPriceAndBadValuesNameTheKey) {
    const Loaded<ScenarioFile> none = parseScenarioFile(
        R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-3.1-8b",
            "price_per_device_hour_usd": null})",
        kFile);
    ASSERT_TRUE(none.ok()) << roofline::describe(none.issues);
    EXPECT_FALSE(none.value->workload.pricePerDeviceHourUsd.has_value());
    // The range is limits::kPricePerDeviceHourUsd, 0 to 1e6, in validate()'s words.
    for (const char* bad : {"-1", "2000000", "\"2.50\"", "true", "[2]"}) {
        const Loaded<ScenarioFile> r = parseScenarioFile(
            std::string(R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-3.1-8b",
                "price_per_device_hour_usd": )") +
                bad + "}",
            kFile);
        const roofline::Issue* e = firstError(r.issues);
        ASSERT_NE(e, nullptr) << bad;
        EXPECT_EQ(e->message(), std::string("scenarios/test.json: /price_per_device_hour_usd "
                                            "must be a number from 0 to 1e+06 (US dollars per "
                                            "device-hour) or null (no price), got ") +
                                    bad);
    }
}

TEST(ScenarioPrice, OptionSetsAndClearsThePrice) {
    ScenarioFile s;
    std::int64_t ratio = 0;
    EXPECT_TRUE(apply({"--price-per-device-hour", "2.5"}, s, ratio).errors.empty());
    EXPECT_EQ(s.workload.pricePerDeviceHourUsd, 2.5);
    EXPECT_TRUE(apply({"--price-per-device-hour=none"}, s, ratio).errors.empty());
    EXPECT_FALSE(s.workload.pricePerDeviceHourUsd.has_value());
    for (const char* bad : {"-2", "2e6", "abc", "", "nan", "inf", "2,5"}) {
        const OptionsResult r = apply({"--price-per-device-hour", bad}, s, ratio);
        ASSERT_EQ(r.errors.size(), 1u) << bad;
        EXPECT_EQ(r.errors[0], std::string("--price-per-device-hour expects a number from 0 to "
                                           "1e+06 (US dollars per device-hour) or none, got '") +
                                   bad + "'");
    }
    EXPECT_NE(roofline::io::scenarioOptionsHelp().find("--price-per-device-hour"),
              std::string::npos);
}

TEST(ScenarioPrice, ValidationIssuesNameTheFileKey) {
    // validate() names the field id; resolve() maps it to the scenario file's key.
    ScenarioFile s;
    s.workload.pricePerDeviceHourUsd = -3.0;
    const roofline::io::ResolvedScenario r = roofline::io::resolve(s);
    EXPECT_FALSE(r.ok());
    const roofline::Issue* e = firstError(r.issues);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->pointer, "/price_per_device_hour_usd");
    EXPECT_EQ(e->message(), "/price_per_device_hour_usd must be a number from 0 to 1e+06, got -3");
}

namespace {

// Issue 18: a scenario that uses a hardware file or a model config keeps it relative to the
// scenario file, so a copied folder works on a colleague's machine.
TEST(ScenarioFilePaths, RelativeReferencesAreTheScenarioFolders) {
    namespace fs = std::filesystem;
    const fs::path root = fs::path(::testing::TempDir()) / "scenario-paths";
    fs::remove_all(root);
    fs::create_directories(root / "configs");
    fs::create_directories(root / "scenarios");
    fs::copy_file(ROOFLINE_PRESET_DIR "/models/mistral-7b.json", root / "configs/mistral.json");
    fs::copy_file(ROOFLINE_TEST_DATA_DIR "/valid/test-accelerator.json",
                  root / "configs/chip.json");
    {
        std::ofstream out(root / "scenarios/s.json");
        out << R"({"schema_version": 1, "hardware": "../configs/chip.json",
                   "model": "../configs/mistral.json",
                   "baseline": {"hardware": "h100-sxm", "model": "../configs/mistral.json"}})";
    }
    // Read from any working directory: the references are the scenario folder's.
    const Loaded<ScenarioFile> loaded =
        roofline::io::loadScenarioFile((root / "scenarios/s.json").string());
    ASSERT_TRUE(loaded.ok()) << roofline::describe(loaded.issues);
    const std::string chip = fs::absolute(root / "configs/chip.json").lexically_normal().string();
    const std::string mistral =
        fs::absolute(root / "configs/mistral.json").lexically_normal().string();
    EXPECT_EQ(loaded.value->hardware, chip);
    EXPECT_EQ(loaded.value->model, mistral);
    ASSERT_TRUE(loaded.value->baseline);
    EXPECT_EQ(loaded.value->baseline->hardware, "h100-sxm");  // a shipped id stays an id
    EXPECT_EQ(loaded.value->baseline->model, mistral);
    EXPECT_TRUE(roofline::io::resolve(*loaded.value).ok());

    // Saving into the folder writes them back relative to it; ids are untouched.
    const ScenarioFile saved =
        roofline::io::withPathsRelativeTo(*loaded.value, fs::absolute(root / "scenarios").string());
    EXPECT_EQ(saved.hardware, "../configs/chip.json");
    EXPECT_EQ(saved.model, "../configs/mistral.json");
    EXPECT_EQ(saved.baseline->hardware, "h100-sxm");
    EXPECT_EQ(saved.baseline->model, "../configs/mistral.json");
    // Beside the configs: no "../".
    EXPECT_EQ(
        roofline::io::withPathsRelativeTo(*loaded.value, fs::absolute(root / "configs").string())
            .model,
        "mistral.json");

    // A relative path that names nothing in the folder is left as written (a path
    // relative to the working directory, as before round 3): resolve() reports it.
    ScenarioFile missing;
    missing.model = "no-such-dir/config.json";
    EXPECT_EQ(roofline::io::withPathsFrom(missing, root.string()).model, "no-such-dir/config.json");
    fs::remove_all(root);
}

}  // namespace
