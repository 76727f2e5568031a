// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/validate.h"

#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "test_models.h"

namespace roofline {
namespace {

// Core issues carry a field id (the member path) and no pointer: io maps them to keys.
const Issue* findIssue(const std::vector<Issue>& issues, const std::string& field) {
    for (const Issue& i : issues) {
        if (i.field == field) {
            return &i;
        }
    }
    return nullptr;
}

TEST(Validate, TensorParallelValidFollowsTheHeads) {
    // Llama-3.1-8B: 32 query heads, 8 KV heads: 1, 2, 4, 8, 16 (16 = 2 × 8 KV heads, each
    // replicated) split it; 3 divides neither; 64 is more devices than query heads.
    const Model m = test::llama31_8b();
    const Workload w;
    for (std::int64_t d : {1, 2, 4, 8, 16, 32}) {
        EXPECT_TRUE(tensorParallelValid(w, m, d)) << d;
    }
    for (std::int64_t d : {3, 6, 64}) {
        EXPECT_FALSE(tensorParallelValid(w, m, d)) << d;
    }
    // Expert parallelism spreads Mixtral's 8 experts whole: 8 devices yes, 16 no.
    Workload ep;
    ep.expertParallel = true;
    EXPECT_TRUE(tensorParallelValid(ep, test::mixtral8x7b(), 8));
    EXPECT_FALSE(tensorParallelValid(ep, test::mixtral8x7b(), 16));
}

TEST(Validate, ShippedStyleScenarioHasNoIssues) {
    EXPECT_TRUE(validate(test::scenario(test::h100Sxm(), test::llama31_8b())).empty());
    EXPECT_TRUE(validate(test::scenario(test::h100Sxm(), test::deepseekV3())).empty());
}

TEST(Validate, MessageNamesFileFieldIdExpectedAndFoundInSi) {
    // The core knows no file keys: it names the member and its SI value; io maps both.
    Hardware hw = test::h100Sxm();
    hw.memoryBandwidthBytesPerSecond = -3.35e12;
    const std::vector<Issue> issues = validate(hw, "presets/h100.json");
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].field, "memoryBandwidthBytesPerSecond");
    EXPECT_EQ(issues[0].pointer, "");
    ASSERT_TRUE(issues[0].value.has_value());
    EXPECT_EQ(*issues[0].value, -3.35e12);
    EXPECT_EQ(issues[0].message(),
              "presets/h100.json: memoryBandwidthBytesPerSecond must be a positive finite number, "
              "got -3.35e+12");
}

TEST(Validate, NormsPerLayerIsNamedByItsFieldIdNotAsAJsonKey) {
    // No config.json has a key for it (it follows from model_type): no "/normsPerLayer".
    Model m = test::llama31_8b();
    m.normsPerLayer = 17;
    const std::vector<Issue> issues = validate(m, "config.json");
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].field, "normsPerLayer");
    EXPECT_EQ(issues[0].pointer, "");
    EXPECT_EQ(issues[0].message(),
              "config.json: normsPerLayer must be an integer from 0 to 16, got 17");
}

TEST(Validate, MoeFieldsUseMemberPathsNotOneFamilysKeys) {
    Model m = test::mixtral8x7b();
    m.moe.numExperts = 2'000'000;
    std::vector<Issue> issues = validate(m);
    ASSERT_NE(findIssue(issues, "moe.numExperts"), nullptr);
    EXPECT_EQ(findIssue(issues, "moe.numExperts")->message(),
              "moe.numExperts must be an integer from 1 to 1000000, got 2000000");
}

TEST(Validate, ScenarioPrefixesTheMemberOfScenario) {
    Scenario s = test::scenario(test::h100Sxm(), test::llama31_8b());
    s.hardware.memoryCapacityBytes = 0.0;
    s.model.vocabSize = 0;
    s.workload.batch = 0;
    const std::vector<Issue> issues = validate(s);
    EXPECT_NE(findIssue(issues, "hardware.memoryCapacityBytes"), nullptr);
    EXPECT_NE(findIssue(issues, "model.vocabSize"), nullptr);
    EXPECT_NE(findIssue(issues, "workload.batch"), nullptr);

    s = test::scenario(test::h100Sxm(), test::llama31_8b());
    s.model.numKvHeads = 5;
    const std::vector<Issue> kvIssues = validate(s);
    const Issue* kv = findIssue(kvIssues, "model.numKvHeads");
    ASSERT_NE(kv, nullptr);
    EXPECT_EQ(kv->expected, "a divisor of {model.numQueryHeads} (32)");
    EXPECT_EQ(kv->message(),
              "model.numKvHeads must be a divisor of model.numQueryHeads (32), got 5");
}

TEST(Validate, HardwareRejectsNanInfAndNoRoof) {
    Hardware hw = test::h100Sxm();
    hw.memoryCapacityBytes = std::numeric_limits<double>::quiet_NaN();
    hw.peakFlopsPerSecond[index(Precision::Fp8)] = std::numeric_limits<double>::infinity();
    std::vector<Issue> issues = validate(hw);
    ASSERT_NE(findIssue(issues, "memoryCapacityBytes"), nullptr);
    EXPECT_EQ(findIssue(issues, "memoryCapacityBytes")->found, "NaN");
    ASSERT_NE(findIssue(issues, "peakFlopsPerSecond.fp8"), nullptr);
    EXPECT_EQ(findIssue(issues, "peakFlopsPerSecond.fp8")->found, "infinity");

    Hardware none = test::h100Sxm();
    none.peakFlopsPerSecond = {};
    issues = validate(none);
    ASSERT_NE(findIssue(issues, "peakFlopsPerSecond"), nullptr);
}

TEST(Validate, ModelShapes) {
    Model m = test::llama31_8b();
    m.numKvHeads = 5;  // does not divide 32
    std::vector<Issue> issues = validate(m, "config.json");
    ASSERT_NE(findIssue(issues, "numKvHeads"), nullptr);
    EXPECT_EQ(findIssue(issues, "numKvHeads")->expected, "a divisor of {numQueryHeads} (32)");

    m = test::llama31_8b();
    m.layerGroups = {LayerGroup{.count = 30}};  // 30 ≠ 32 layers
    issues = validate(m);
    ASSERT_NE(findIssue(issues, "numLayers"), nullptr);

    m = test::mixtral8x7b();
    m.moe.expertsPerToken = 9;  // more than the 8 experts
    issues = validate(m);
    ASSERT_NE(findIssue(issues, "moe.expertsPerToken"), nullptr);
}

TEST(Validate, WorkloadRanges) {
    const Model m = test::llama31_8b();
    Workload w;
    w.batch = 0;
    w.promptTokens = 0;
    w.contextTokens = -1;
    w.tensorParallel = 0;
    std::vector<Issue> issues = validate(w, m, "scenario.json");
    for (const char* field : {"batch", "promptTokens", "contextTokens", "tensorParallel"}) {
        EXPECT_NE(findIssue(issues, field), nullptr) << field;
    }
    EXPECT_EQ(findIssue(issues, "batch")->message(),
              "scenario.json: batch must be an integer from 1 to 100000000, got 0");

    w = Workload{};
    w.batch = kMaxBatch + 1;
    EXPECT_NE(findIssue(validate(w, m), "batch"), nullptr);

    w = Workload{};
    w.kvHeadsOverride = 3;  // 32 % 3 ≠ 0
    EXPECT_NE(findIssue(validate(w, m), "kvHeadsOverride"), nullptr);

    w = Workload{};
    w.tensorParallel = 3;
    EXPECT_NE(findIssue(validate(w, m), "tensorParallel"), nullptr);
    w.tensorParallel = 16;  // 32 heads / 16 fine; 8 KV heads < 16 devices: replicated, fine
    EXPECT_TRUE(validate(w, m).empty());

    w = Workload{};
    w.weightPrecision = Precision::Tf32;  // a math mode, not a storage format
    EXPECT_NE(findIssue(validate(w, m), "weightPrecision"), nullptr);
}

TEST(Validate, SpeculationMemoryAndChunkKnobs) {
    const Model m = test::llama31_8b();
    Workload w;
    w.speculativeTokens = 4;
    w.acceptanceRate = 1.0;
    w.memoryUtilization = 1.0;
    w.maxBatchedTokens = 1;
    EXPECT_TRUE(validate(w, m).empty());
    w.acceptanceRate = 0.0;
    w.speculativeTokens = kMaxSpeculativeTokens;
    w.maxBatchedTokens = kMaxBatchedTokensLimit;
    EXPECT_TRUE(validate(w, m).empty());

    w = Workload{};
    w.speculativeTokens = kMaxSpeculativeTokens + 1;
    w.acceptanceRate = 1.5;
    w.memoryUtilization = 0.0;
    w.maxBatchedTokens = 0;
    const std::vector<Issue> issues = validate(w, m);
    ASSERT_NE(findIssue(issues, "speculativeTokens"), nullptr);
    EXPECT_EQ(findIssue(issues, "speculativeTokens")->message(),
              "speculativeTokens must be an integer from 0 to 16, got 17");
    ASSERT_NE(findIssue(issues, "acceptanceRate"), nullptr);
    EXPECT_EQ(findIssue(issues, "acceptanceRate")->message(),
              "acceptanceRate must be a number from 0 to 1, got 1.5");
    ASSERT_NE(findIssue(issues, "memoryUtilization"), nullptr);
    EXPECT_EQ(findIssue(issues, "memoryUtilization")->message(),
              "memoryUtilization must be a number above 0 and at most 1, got 0");
    ASSERT_NE(findIssue(issues, "maxBatchedTokens"), nullptr);

    w = Workload{};
    w.memoryUtilization = std::numeric_limits<double>::quiet_NaN();
    w.acceptanceRate = -0.1;
    w.maxBatchedTokens = kMaxBatchedTokensLimit + 1;
    EXPECT_EQ(validate(w, m).size(), 3u);
}

TEST(Validate, ExpertParallelOnADenseModelIsOnlyAWarning) {
    Workload w;
    w.expertParallel = true;
    const std::vector<Issue> issues = validate(w, test::llama31_8b());
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].severity, Severity::Warning);
    EXPECT_EQ(issues[0].field, "expertParallel");
    EXPECT_FALSE(hasErrors(issues));
}

TEST(Validate, ExpertParallelDevicesMustDivideTheRoutedExperts) {
    const Model mixtral = test::mixtral8x7b();  // 8 routed experts, 32 query heads
    Workload w;
    w.expertParallel = true;
    w.tensorParallel = 8;
    EXPECT_TRUE(validate(w, mixtral).empty());
    w.tensorParallel = 16;  // divides the 32 query heads, not the 8 experts
    const std::vector<Issue> issues = validate(w, mixtral);
    const Issue* e = findIssue(issues, "tensorParallel");
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->severity, Severity::Error);
    EXPECT_NE(e->expected.find("8 routed experts"), std::string::npos) << e->expected;
    w.expertParallel = false;  // sliced experts: any D that splits the heads
    EXPECT_EQ(findIssue(validate(w, mixtral), "tensorParallel"), nullptr);
}

TEST(Validate, ModelDraftMustExistAndShareTheTargetsVocabulary) {
    Scenario s = test::scenario(test::h100Sxm(), test::llama31_8b());
    s.workload.speculativeTokens = 4;
    s.workload.draftKind = DraftKind::Model;
    const std::vector<Issue> none = validate(s);
    const Issue* missing = findIssue(none, "draft");
    ASSERT_NE(missing, nullptr);
    EXPECT_EQ(missing->severity, Severity::Error);

    s.draft = test::llama31_8b();  // same tokenizer: fine
    EXPECT_TRUE(validate(s).empty());

    s.draft = test::mixtral8x7b();  // 32,000 tokens against 128,256
    const std::vector<Issue> mismatch = validate(s);
    const Issue* vocab = findIssue(mismatch, "draft.vocabSize");
    ASSERT_NE(vocab, nullptr);
    EXPECT_NE(vocab->expected.find("shared tokenizer"), std::string::npos) << vocab->expected;
    EXPECT_NE(vocab->expected.find("128256"), std::string::npos) << vocab->expected;

    s.draft->hiddenSize = 0;  // the draft is validated like any model
    EXPECT_NE(findIssue(validate(s), "draft.hiddenSize"), nullptr);

    s.workload.draftKind = DraftKind::Ngram;  // a draft given but not used: ignored
    EXPECT_TRUE(validate(s).empty());
    s.workload.draftKind = DraftKind::Model;
    s.workload.speculativeTokens = 0;  // speculation off: ignored
    EXPECT_TRUE(validate(s).empty());
}

}  // namespace
}  // namespace roofline
