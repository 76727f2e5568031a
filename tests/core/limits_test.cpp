// SPDX-License-Identifier: GPL-3.0-or-later
// The ranges of roofline/limits.h: their bounds and the words every message uses.

#include "roofline/limits.h"

#include <limits>

#include <gtest/gtest.h>

namespace roofline {
namespace {

TEST(IntegerRange, BothBoundsInclusive) {
    EXPECT_FALSE(limits::kBatch.contains(0));
    EXPECT_TRUE(limits::kBatch.contains(1));
    EXPECT_TRUE(limits::kBatch.contains(100'000'000));
    EXPECT_FALSE(limits::kBatch.contains(100'000'001));
    EXPECT_TRUE(limits::kContextTokens.contains(0));  // no context is a context
    EXPECT_TRUE(limits::kSpeculativeTokens.contains(16));
    EXPECT_FALSE(limits::kSpeculativeTokens.contains(17));
    EXPECT_EQ(limits::kBatch.expected(), "an integer from 1 to 100000000");
    EXPECT_EQ(limits::kSpeculativeTokens.expected(), "an integer from 0 to 16");
    EXPECT_EQ(limits::kTensorParallel.expected(), "an integer from 1 to 4096");
}

TEST(NumberRange, MemoryUtilizationExcludesZero) {
    EXPECT_FALSE(limits::kMemoryUtilization.contains(0.0));
    EXPECT_TRUE(limits::kMemoryUtilization.contains(1e-9));
    EXPECT_TRUE(limits::kMemoryUtilization.contains(1.0));
    EXPECT_FALSE(limits::kMemoryUtilization.contains(1.0000001));
    EXPECT_FALSE(limits::kMemoryUtilization.contains(std::numeric_limits<double>::quiet_NaN()));
    EXPECT_EQ(limits::kMemoryUtilization.expected(), "a number above 0 and at most 1");
}

TEST(NumberRange, AcceptanceAndPriceIncludeBothBounds) {
    EXPECT_TRUE(limits::kAcceptanceRate.contains(0.0));
    EXPECT_TRUE(limits::kAcceptanceRate.contains(1.0));
    EXPECT_FALSE(limits::kAcceptanceRate.contains(-0.01));
    EXPECT_EQ(limits::kAcceptanceRate.expected(), "a number from 0 to 1");
    EXPECT_TRUE(limits::kPricePerDeviceHourUsd.contains(0.0));
    EXPECT_TRUE(limits::kPricePerDeviceHourUsd.contains(1e6));
    EXPECT_FALSE(limits::kPricePerDeviceHourUsd.contains(std::numeric_limits<double>::infinity()));
    EXPECT_EQ(limits::kPricePerDeviceHourUsd.expected(), "a number from 0 to 1e+06");  // %.6g
}

TEST(NumberRange, AnOpenUpperBoundReadsBelow) {
    const NumberRange r{"x", 0.0, 2.0, true, false};
    EXPECT_TRUE(r.contains(1.999));
    EXPECT_FALSE(r.contains(2.0));
    EXPECT_EQ(r.expected(), "a number from 0 and below 2");
}

}  // namespace
}  // namespace roofline
