// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/model.h"

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "test_models.h"

namespace roofline {
namespace {

TEST(CountParameters, Llama31_8bMatchesReference) {
    // Per layer: q 4096·4096 + k, v 2·4096·1024 + o 4096·4096 = 41,943,040; MLP
    // 3·4096·14336 = 176,160,768; norms 2·4096 = 8,192: 218,112,000 × 32 = 6,979,584,000.
    // Embeddings untied: 2 · 128,256 · 4096 = 1,050,673,152; final norm 4096.
    // Total 8,030,261,248 = reference/models.json computed_params.total.
    const ParameterCount p = countParameters(test::llama31_8b());
    EXPECT_DOUBLE_EQ(p.total, 8'030'261'248.0);
    EXPECT_DOUBLE_EQ(p.activePerToken, p.total);
}

TEST(CountParameters, MixtralActiveUsesTwoOfEightExperts) {
    // Per layer: attention 41,943,040 + norms 8,192 + router 4096·8 = 32,768 + 8 experts of
    // 3·4096·14336 = 176,160,768 → 1,451,270,144; × 32 = 46,440,644,608; + embeddings
    // 2·32,000·4096 = 262,144,000 + final norm 4,096 = 46,702,792,704 (the reference's total).
    // Active: 2 experts: 41,943,040 + 8,192 + 32,768 + 352,321,536 = 394,305,536; × 32 =
    // 12,617,777,152 + 262,148,096 = 12,879,925,248 (reference: 12,879,925,248).
    const ParameterCount p = countParameters(test::mixtral8x7b());
    EXPECT_DOUBLE_EQ(p.total, 46'702'792'704.0);
    EXPECT_DOUBLE_EQ(p.activePerToken, 12'879'925'248.0);
}

TEST(CountParameters, DeepSeekV3MatchesReference) {
    // reference/models.json: total 671,026,419,200; active 37,552,297,472 (MTP excluded).
    const ParameterCount p = countParameters(test::deepseekV3());
    EXPECT_DOUBLE_EQ(p.total, 671'026'419'200.0);
    EXPECT_DOUBLE_EQ(p.activePerToken, 37'552'297'472.0);
}

TEST(CountParameters, Llama31_405bMatchesReference) {
    EXPECT_DOUBLE_EQ(countParameters(test::llama31_405b()).total, 405'853'388'800.0);
}

TEST(EffectiveModel, OverrideReplacesKvHeadsExceptForMla) {
    Workload w;
    w.kvHeadsOverride = 1;
    EXPECT_EQ(effectiveModel(test::llama31_8b(), w).numKvHeads, 1);
    // MQA: k and v projections shrink from 2·4096·1024 to 2·4096·128 per layer:
    // 32 · 2 · 4096 · (1024 − 128) = 234,881,024 fewer parameters.
    EXPECT_DOUBLE_EQ(countParameters(test::llama31_8b()).total -
                         countParameters(effectiveModel(test::llama31_8b(), w)).total,
                     234'881'024.0);
    EXPECT_EQ(effectiveModel(test::deepseekV3(), w).numKvHeads, 128);
}

TEST(KvCacheElementsPerToken, GqaAndMla) {
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(test::llama31_8b(), 1.0), 2.0 * 32 * 8 * 128);
    EXPECT_DOUBLE_EQ(kvCacheBytesPerToken(test::deepseekV3(), 1.0), 61.0 * 576);
}

// Query heads per KV head in effect: Llama 3.1 8B has 32 query and 8 KV heads (4); an
// override to 2 KV heads gives 16; 32 / 3 rounds down to 10; none (MLA) gives 0.
TEST(GqaRatio, QueryHeadsPerKvHeadInEffect) {
    Model m;
    m.numQueryHeads = 32;
    EXPECT_EQ(gqaRatio(m, 8), 4);
    EXPECT_EQ(gqaRatio(m, 2), 16);
    EXPECT_EQ(gqaRatio(m, 3), 10);
    EXPECT_EQ(gqaRatio(m, 0), 0);
}

}  // namespace
}  // namespace roofline
