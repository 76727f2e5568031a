// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/parse.h"

#include <charconv>
#include <cmath>
#include <system_error>

namespace roofline {

std::optional<std::int64_t> parseInteger(std::string_view text) {
    std::int64_t v = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (text.empty() || ec != std::errc() || ptr != end) {
        return std::nullopt;
    }
    return v;
}

std::optional<double> parseNumber(std::string_view text) {
    double v = 0.0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(v)) {
        return std::nullopt;
    }
    return v;
}

std::optional<std::int64_t> parseIntegralNumber(std::string_view text) {
    if (const auto v = parseInteger(text)) {
        return v;
    }
    constexpr double kExact = 9e15;  // below 2^53: every integer is a double
    if (const auto d = parseNumber(text); d && *d == std::floor(*d) && std::abs(*d) < kExact) {
        return static_cast<std::int64_t>(*d);
    }
    return std::nullopt;
}

}  // namespace roofline
