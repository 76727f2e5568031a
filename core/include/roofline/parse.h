// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// Text to numbers, for every reader of text a person typed: command-line options, CSV and
/// JSON cells, the window's fields. The whole text must be the number (no blanks, no unit),
/// in the C locale whatever the process's (std::from_chars), and a failure is std::nullopt:
/// the caller says what it expected and what it got, naming its option or cell.

#include <cstdint>
#include <optional>
#include <string_view>

namespace roofline {

/// A decimal integer, an optional '-' and digits: "64" -> 64, "-3" -> -3. "", "+1", " 1",
/// "1x", "1.0", "1e3" and values outside int64 -> nullopt.
std::optional<std::int64_t> parseInteger(std::string_view text);

/// A finite decimal number, fixed or scientific: "0.9", "1e3", "-2", "5" -> 5.0. "", "+1",
/// "1,5", "0x10", "inf", "nan" and overflow (1e999) -> nullopt.
std::optional<double> parseNumber(std::string_view text);

/// An integer, or a number with an integral value as JSON writers and spreadsheets may write
/// one ("8", "8.0", "1e3" -> 1000), below 9e15 in magnitude (where a double still holds every
/// integer exactly). "8.5" -> nullopt.
std::optional<std::int64_t> parseIntegralNumber(std::string_view text);

}  // namespace roofline
