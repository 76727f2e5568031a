// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file warning.h
/// One sentence of the engine's warnings ("fp4 math requested, but NVIDIA H100 has no fp4
/// roof: using fp8"), held inline. analyze() runs for every frame and every sweep cell, and
/// a scenario that does not fit warns on each of them: composing the sentence in place, with
/// numbers written by to_chars, costs no allocation.

#include <array>
#include <charconv>
#include <cstddef>
#include <string>
#include <string_view>
#include <system_error>

namespace roofline {

class Warning {
public:
    /// Longest sentence kept; the engine's longest is about 130 characters with a hardware
    /// name of 40. Anything longer (an absurd user-given name) is cut at this length.
    static constexpr std::size_t kMaxLength = 254;

    Warning() = default;
    explicit Warning(std::string_view text) { *this << text; }

    Warning& operator<<(std::string_view text) {
        const std::size_t room = kMaxLength - m_length;
        const std::size_t n = text.size() < room ? text.size() : room;
        text.copy(m_text.data() + m_length, n);
        m_length = static_cast<unsigned char>(m_length + n);
        return *this;
    }
    Warning& operator<<(long long value) {
        char* const end = m_text.data() + kMaxLength;
        const auto [next, error] = std::to_chars(m_text.data() + m_length, end, value);
        if (error == std::errc()) {
            m_length = static_cast<unsigned char>(next - m_text.data());
        }
        return *this;
    }

    std::string_view text() const { return {m_text.data(), m_length}; }
    std::string str() const { return std::string(text()); }
    bool operator==(std::string_view other) const { return text() == other; }

private:
    std::array<char, kMaxLength> m_text;  // only the first m_length are ever written or read
    unsigned char m_length = 0;
    static_assert(kMaxLength <= 255, "the length is one byte");
};

}  // namespace roofline
