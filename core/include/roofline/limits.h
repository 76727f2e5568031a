// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// Every range a scenario's workload value must lie in, each defined once with the words
/// its messages use ("an integer from 1 to 100000000", "a number above 0 and at most 1").
/// validate() (roofline/validate.h) checks a Workload against them; the option table
/// (roofline/io/scenario_options.h) and the scenario-file reader (roofline/io/scenario_file.h)
/// check what they read against the same ones, so a value is refused in the same words
/// whichever way it came in. No Qt, no JSON: the window's controller can use them too.

#include <cstdint>
#include <string>
#include <string_view>

namespace roofline {

/// Upper bounds that validate() enforces, so that no double overflows downstream.
inline constexpr std::int64_t kMaxBatch = 100'000'000;
inline constexpr std::int64_t kMaxTokens = 1'000'000'000;
inline constexpr std::int64_t kMaxTensorParallel = 4096;
inline constexpr std::int64_t kMaxSpeculativeTokens = 16;
inline constexpr std::int64_t kMaxBatchedTokensLimit = 100'000'000;
/// A price per device-hour beyond this is a typo, not a contract (keeps the cost finite).
inline constexpr double kMaxPricePerDeviceHourUsd = 1e6;
/// Heads (query, KV), and so a KV-head override and a GQA ratio, are at most this.
inline constexpr std::int64_t kMaxHeads = 10'000'000;

/// lo ≤ v ≤ hi, both inclusive.
struct IntegerRange {
    std::string_view field;  ///< validate()'s field id (Issue::field), e.g. "batch"
    std::int64_t lo = 0;
    std::int64_t hi = 0;

    constexpr bool contains(std::int64_t v) const { return v >= lo && v <= hi; }
    /// "an integer from 1 to 100000000": an Issue's `expected`, and the option messages'.
    std::string expected() const;
};

/// A finite v between lo and hi; each bound inclusive unless its flag says otherwise.
struct NumberRange {
    std::string_view field;  ///< validate()'s field id, e.g. "memoryUtilization"
    double lo = 0.0;
    double hi = 0.0;
    bool loInclusive = true;
    bool hiInclusive = true;

    bool contains(double v) const;
    /// "a number from 0 to 1", "a number above 0 and at most 1", "a number from 0 to 1e+06"
    /// (bounds as issueNumberText writes them).
    std::string expected() const;
};

namespace limits {

inline constexpr IntegerRange kBatch{"batch", 1, kMaxBatch};
inline constexpr IntegerRange kPromptTokens{"promptTokens", 1, kMaxTokens};
inline constexpr IntegerRange kContextTokens{"contextTokens", 0, kMaxTokens};
inline constexpr IntegerRange kTensorParallel{"tensorParallel", 1, kMaxTensorParallel};
/// Workload::prefillDevices: 0 = prefill on the decode devices (colocated).
inline constexpr IntegerRange kPrefillDevices{"prefillDevices", 0, kMaxTensorParallel};
inline constexpr IntegerRange kSpeculativeTokens{"speculativeTokens", 0, kMaxSpeculativeTokens};
inline constexpr IntegerRange kMaxBatchedTokens{"maxBatchedTokens", 1, kMaxBatchedTokensLimit};
/// Workload::kvHeadsOverride and a scenario file's kv_heads: 0 is the model's own; else it must
/// also divide the query heads (validate()).
inline constexpr IntegerRange kKvHeadsOverride{"kvHeadsOverride", 0, kMaxHeads};
/// --kv-heads, which has no "the model's own" value.
inline constexpr IntegerRange kKvHeads{"kvHeadsOverride", 1, kMaxHeads};
/// --gqa-ratio: query heads per KV head (resolve() then requires it to divide them).
inline constexpr IntegerRange kGqaRatio{"gqaRatio", 1, kMaxHeads};

inline constexpr NumberRange kAcceptanceRate{"acceptanceRate", 0.0, 1.0, true, true};
inline constexpr NumberRange kMemoryUtilization{"memoryUtilization", 0.0, 1.0, false, true};
inline constexpr NumberRange kPricePerDeviceHourUsd{"pricePerDeviceHourUsd", 0.0,
                                                    kMaxPricePerDeviceHourUsd, true, true};

}  // namespace limits
}  // namespace roofline
