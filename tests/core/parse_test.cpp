// SPDX-License-Identifier: GPL-3.0-or-later
// Text to numbers (roofline/parse.h): the whole text is the number, in the C locale.

#include "roofline/parse.h"

#include <cstdint>
#include <optional>

#include <gtest/gtest.h>

#include "comma_locale.h"

namespace roofline {
namespace {

TEST(ParseInteger, TakesDigitsWithAnOptionalMinus) {
    EXPECT_EQ(parseInteger("64"), std::optional<std::int64_t>(64));
    EXPECT_EQ(parseInteger("-3"), std::optional<std::int64_t>(-3));
    EXPECT_EQ(parseInteger("0"), std::optional<std::int64_t>(0));
    // 2^63 - 1, the largest int64.
    EXPECT_EQ(parseInteger("9223372036854775807"),
              std::optional<std::int64_t>(9'223'372'036'854'775'807));
}

TEST(ParseInteger, RejectsAnythingElse) {
    for (const char* text : {"", "+1", " 1", "1 ", "1x", "1.0", "1e3", "0x10", "-",
                             "9223372036854775808"}) {  // the last: 2^63, out of range
        EXPECT_EQ(parseInteger(text), std::nullopt) << text;
    }
}

TEST(ParseNumber, TakesFixedAndScientific) {
    EXPECT_EQ(parseNumber("0.9"), std::optional<double>(0.9));
    EXPECT_EQ(parseNumber("1e3"), std::optional<double>(1000.0));
    EXPECT_EQ(parseNumber("-2"), std::optional<double>(-2.0));
    EXPECT_EQ(parseNumber("5"), std::optional<double>(5.0));
    EXPECT_EQ(parseNumber("2.5E-1"), std::optional<double>(0.25));
}

TEST(ParseNumber, RejectsNonFiniteAndForeignForms) {
    for (const char* text : {"", "+1", " 1", "1,5", "0x10", "inf", "nan", "1e999", "1.5 ms"}) {
        EXPECT_EQ(parseNumber(text), std::nullopt) << text;
    }
}

TEST(ParseNumber, IgnoresTheLocale) {
    const test::CommaDecimalLocale comma;  // de_DE: strtod would read "0,9" there
    ASSERT_TRUE(comma.active()) << test::kCommaLocaleMissing;
    EXPECT_EQ(parseNumber("0.9"), std::optional<double>(0.9));
    EXPECT_EQ(parseNumber("0,9"), std::nullopt);
}

TEST(ParseIntegralNumber, TakesIntegersWrittenAsNumbers) {
    EXPECT_EQ(parseIntegralNumber("8"), std::optional<std::int64_t>(8));
    EXPECT_EQ(parseIntegralNumber("8.0"), std::optional<std::int64_t>(8));
    EXPECT_EQ(parseIntegralNumber("1e3"), std::optional<std::int64_t>(1000));
    EXPECT_EQ(parseIntegralNumber("-2.0"), std::optional<std::int64_t>(-2));
    // Digits go through parseInteger, so a large one is exact.
    EXPECT_EQ(parseIntegralNumber("9007199254740993"),
              std::optional<std::int64_t>(9'007'199'254'740'993));
}

TEST(ParseIntegralNumber, RejectsFractionsAndInexactMagnitudes) {
    for (const char* text : {"8.5", "", "1e16", "9e15", "inf", "x"}) {
        EXPECT_EQ(parseIntegralNumber(text), std::nullopt) << text;
    }
}

}  // namespace
}  // namespace roofline
