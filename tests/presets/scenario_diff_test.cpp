// SPDX-License-Identifier: GPL-3.0-or-later
// scenarioDifferences(): what differs between two scenario files, in the window's words
// (issue 21: the "What differs" row and the undo history's step names).

#include "roofline/io/scenario_diff.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace {

using roofline::AttentionParallel;
using roofline::Precision;
using roofline::io::differencesText;
using roofline::io::ScenarioDifference;
using roofline::io::scenarioDifferences;
using roofline::io::ScenarioFile;
using roofline::io::ScenarioNames;

TEST(ScenarioDiff, SameFileHasNoDifference) {
    const ScenarioFile file;
    EXPECT_TRUE(scenarioDifferences(file, file).empty());
    EXPECT_EQ(differencesText(scenarioDifferences(file, file)), "");
}

TEST(ScenarioDiff, BatchAndWeightsInFileOrder) {
    // The example: batch 8 → 64 and weights bf16 → fp8, batch first (the file's key
    // order), values through formatInteger and the precisions' names.
    ScenarioFile from;
    from.workload.batch = 8;
    ScenarioFile to = from;
    to.workload.weightPrecision = Precision::Fp8;
    to.workload.batch = 64;
    const std::vector<ScenarioDifference> diff = scenarioDifferences(from, to);
    ASSERT_EQ(diff.size(), 2U);
    EXPECT_EQ(diff[0], (ScenarioDifference{"batch", "8", "64"}));
    EXPECT_EQ(diff[1], (ScenarioDifference{"weights", "bf16", "fp8"}));
    EXPECT_EQ(differencesText(diff), "batch 8 \u2192 64; weights bf16 \u2192 fp8");
}

TEST(ScenarioDiff, HardwareByNameWhereGivenElseByReference) {
    ScenarioFile from;
    ScenarioFile to = from;
    to.hardware = "b200";
    EXPECT_EQ(differencesText(scenarioDifferences(from, to)), "hardware h100-sxm \u2192 b200");
    EXPECT_EQ(differencesText(scenarioDifferences(from, to, {"H100 SXM", "Llama 3.1 8B"},
                                                  {"B200", "Llama 3.1 8B"})),
              "hardware H100 SXM \u2192 B200");
    // The same reference under another name: an edited chip is a difference too.
    EXPECT_EQ(differencesText(
                  scenarioDifferences(from, from, {"H100 SXM", "m"}, {"H100 SXM (edited)", "m"})),
              "hardware H100 SXM \u2192 H100 SXM (edited)");
    // A path is shown by its file name.
    to.model = "/home/me/configs/my-model.json";
    EXPECT_EQ(differencesText(scenarioDifferences(from, to)),
              "hardware h100-sxm \u2192 b200; model llama-3.1-8b \u2192 my-model.json");
}

TEST(ScenarioDiff, ValuesAreFormattedWithTheirWords) {
    ScenarioFile from;
    ScenarioFile to = from;
    to.workload.promptTokens = 32768;                         // 2,048 → 32,768
    to.workload.kvHeadsOverride = 2;                          // model's → 2
    to.workload.tensorParallel = 8;                           // 1 → 8
    to.workload.flashAttention = false;                       // on → off
    to.workload.attentionParallel = AttentionParallel::Data;  // tensor → data
    to.workload.memoryUtilization = 0.95;                     // 0.9 → 0.95
    to.workload.pricePerDeviceHourUsd = 2.5;                  // none → $2.5/h
    to.checkpointWeights = true;                              // bf16 → as stored
    EXPECT_EQ(differencesText(scenarioDifferences(from, to)),
              "prompt 2,048 \u2192 32,768; weights bf16 \u2192 as stored; KV heads model's "
              "\u2192 2; tensor parallel 1 \u2192 8; flash attention on \u2192 off; attention "
              "parallel tensor \u2192 data; memory utilization 0.9 \u2192 0.95; price none "
              "\u2192 $2.5/h");
}

TEST(ScenarioDiff, AcceptanceAndDraftCountOnlyWhileSpeculating) {
    ScenarioFile from;
    ScenarioFile to = from;
    to.workload.acceptanceRate = 0.8;
    to.draftModel = "llama-3.2-1b";
    EXPECT_TRUE(scenarioDifferences(from, to).empty());  // k = 0 on both sides: not read
    to.workload.speculativeTokens = 4;
    EXPECT_EQ(differencesText(scenarioDifferences(from, to)),
              "speculative k off \u2192 4; acceptance 0.7 \u2192 0.8; draft ngram \u2192 "
              "llama-3.2-1b");
}

TEST(ScenarioDiff, BaselineLeverAndLessonAreNotInputs) {
    ScenarioFile from;
    ScenarioFile to = from;
    ScenarioFile other;
    other.workload.batch = 64;
    to.baseline = other;
    to.lever = roofline::LeverId::W8a16;
    EXPECT_TRUE(scenarioDifferences(from, to).empty());
}

TEST(ScenarioDiff, TextShortensToTheFirstFew) {
    ScenarioFile from;
    ScenarioFile to = from;
    to.workload.batch = 2;
    to.workload.promptTokens = 4096;
    to.workload.contextTokens = 4096;
    to.workload.kvPrecision = Precision::Fp8;
    const std::vector<ScenarioDifference> diff = scenarioDifferences(from, to);
    ASSERT_EQ(diff.size(), 4U);
    // Two shown, "and 2 more" for the other two; a limit at or above the count shows all.
    EXPECT_EQ(differencesText(diff, 2), "batch 1 \u2192 2; prompt 2,048 \u2192 4,096; and 2 more");
    EXPECT_EQ(differencesText(diff, 4), differencesText(diff));
}

}  // namespace
