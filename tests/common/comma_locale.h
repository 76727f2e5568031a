// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Runs part of a test under a comma-decimal C locale, de_DE.UTF-8, the way a Qt application
// runs under LANG=de_DE.UTF-8 (QApplication calls setlocale(LC_ALL, "")), to check that no
// number we print follows it. scripts/bootstrap-debian.sh --test generates the locale;
// without it the tests fail, never skip: a skipped check would pass on every machine lacking
// it.

#include <clocale>
#include <string>

namespace roofline::test {

inline constexpr const char* kCommaLocale = "de_DE.UTF-8";
inline constexpr const char* kCommaLocaleMissing =
    "the de_DE.UTF-8 locale is not installed, or does not write decimal commas: run "
    "scripts/bootstrap-debian.sh --test (as root or with sudo), which generates it";

/// Sets LC_ALL to de_DE.UTF-8 for its lifetime, then restores the previous locale.
class CommaDecimalLocale {
public:
    CommaDecimalLocale() {
        const char* previous = std::setlocale(LC_ALL, nullptr);
        m_previous = previous != nullptr ? previous : "C";
        m_active = std::setlocale(LC_ALL, kCommaLocale) != nullptr &&
                   std::string(std::localeconv()->decimal_point) == ",";
    }
    ~CommaDecimalLocale() { std::setlocale(LC_ALL, m_previous.c_str()); }
    CommaDecimalLocale(const CommaDecimalLocale&) = delete;
    CommaDecimalLocale& operator=(const CommaDecimalLocale&) = delete;
    CommaDecimalLocale(CommaDecimalLocale&&) = delete;
    CommaDecimalLocale& operator=(CommaDecimalLocale&&) = delete;

    /// Whether the C locale now writes decimal commas (false: the locale is missing).
    bool active() const { return m_active; }

private:
    std::string m_previous;
    bool m_active = false;
};

}  // namespace roofline::test
