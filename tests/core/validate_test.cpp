// SPDX-License-Identifier: GPL-3.0-or-later
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "roofline/validate.h"
#include "test_models.h"

namespace roofline {
namespace {

const Issue* findIssue(const std::vector<Issue>& issues, const std::string& pointer) {
    for (const Issue& i : issues) {
        if (i.pointer == pointer) {
            return &i;
        }
    }
    return nullptr;
}

TEST(Validate, ShippedStyleScenarioHasNoIssues) {
    EXPECT_TRUE(validate(test::scenario(test::h100Sxm(), test::llama31_8b())).empty());
    EXPECT_TRUE(validate(test::scenario(test::h100Sxm(), test::deepseekV3())).empty());
}

TEST(Validate, MessageNamesFilePointerExpectedAndFound) {
    Hardware hw = test::h100Sxm();
    hw.memoryBandwidthBytesPerSecond = -3.35e12;
    const std::vector<Issue> issues = validate(hw, "presets/h100.json");
    ASSERT_EQ(issues.size(), 1u);
    EXPECT_EQ(issues[0].message(),
              "presets/h100.json: /memory_bandwidth_tb_s must be a positive finite number, got "
              "-3.35e+12");
}

TEST(Validate, HardwareRejectsNanInfAndNoRoof) {
    Hardware hw = test::h100Sxm();
    hw.memoryCapacityBytes = std::numeric_limits<double>::quiet_NaN();
    hw.peakFlopsPerSecond[index(Precision::Fp8)] = std::numeric_limits<double>::infinity();
    std::vector<Issue> issues = validate(hw);
    ASSERT_NE(findIssue(issues, "/memory_capacity_gb"), nullptr);
    EXPECT_EQ(findIssue(issues, "/memory_capacity_gb")->found, "NaN");
    ASSERT_NE(findIssue(issues, "/peak_dense_tflops/fp8"), nullptr);
    EXPECT_EQ(findIssue(issues, "/peak_dense_tflops/fp8")->found, "infinity");

    Hardware none = test::h100Sxm();
    none.peakFlopsPerSecond = {};
    issues = validate(none);
    ASSERT_NE(findIssue(issues, "/peak_dense_tflops"), nullptr);
}

TEST(Validate, ModelShapes) {
    Model m = test::llama31_8b();
    m.numKvHeads = 5;  // does not divide 32
    std::vector<Issue> issues = validate(m, "config.json");
    ASSERT_NE(findIssue(issues, "/num_key_value_heads"), nullptr);
    EXPECT_EQ(findIssue(issues, "/num_key_value_heads")->expected,
              "a divisor of num_attention_heads (32)");

    m = test::llama31_8b();
    m.layerGroups = {{30, 0, false}};  // 30 ≠ 32 layers
    issues = validate(m);
    ASSERT_NE(findIssue(issues, "/num_hidden_layers"), nullptr);

    m = test::mixtral8x7b();
    m.moe.expertsPerToken = 9;  // more than the 8 experts
    issues = validate(m);
    ASSERT_NE(findIssue(issues, "/num_experts_per_tok"), nullptr);
}

TEST(Validate, WorkloadRanges) {
    const Model m = test::llama31_8b();
    Workload w;
    w.batch = 0;
    w.promptTokens = 0;
    w.contextTokens = -1;
    w.tensorParallel = 0;
    std::vector<Issue> issues = validate(w, m, "scenario.json");
    for (const char* pointer : {"/batch", "/prompt_tokens", "/context_tokens", "/tensor_parallel"}) {
        EXPECT_NE(findIssue(issues, pointer), nullptr) << pointer;
    }
    EXPECT_EQ(findIssue(issues, "/batch")->message(),
              "scenario.json: /batch must be an integer from 1 to 100000000, got 0");

    w = Workload{};
    w.batch = kMaxBatch + 1;
    EXPECT_NE(findIssue(validate(w, m), "/batch"), nullptr);

    w = Workload{};
    w.kvHeadsOverride = 3;  // 32 % 3 ≠ 0
    EXPECT_NE(findIssue(validate(w, m), "/kv_heads"), nullptr);

    w = Workload{};
    w.tensorParallel = 3;
    EXPECT_NE(findIssue(validate(w, m), "/tensor_parallel"), nullptr);
    w.tensorParallel = 16;  // 32 heads / 16 fine; 8 KV heads < 16 devices: replicated, fine
    EXPECT_TRUE(validate(w, m).empty());

    w = Workload{};
    w.weightPrecision = Precision::Tf32;  // a math mode, not a storage format
    EXPECT_NE(findIssue(validate(w, m), "/weights"), nullptr);
}

}  // namespace
}  // namespace roofline
