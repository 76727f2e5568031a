// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file engine_version.h
/// A serving engine's version, as scenarios and calibration profiles name it: estimates of a
/// version outside a profile's records are extrapolated (estimate.h).

#include <compare>
#include <optional>
#include <string>
#include <string_view>

namespace roofline {

/// An engine version, as "0.6.3" reads: major.minor.patch, missing parts 0. Unset (major
/// -1): no version named.
struct EngineVersion {
    int major = -1, minor = 0, patch = 0;
    bool known() const { return major >= 0; }
    auto operator<=>(const EngineVersion&) const = default;
};
/// "0.6.3", "v0.10", "1.0.0rc2" (the numbers before anything else); nullopt when it does
/// not start with a number.
std::optional<EngineVersion> parseEngineVersion(std::string_view text);
std::string toString(EngineVersion version);  ///< "0.6.3"; "" when unset

}  // namespace roofline
