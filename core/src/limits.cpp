// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/limits.h"

#include <cmath>

#include "roofline/validate.h"

namespace roofline {

std::string IntegerRange::expected() const {
    return "an integer from " + std::to_string(lo) + " to " + std::to_string(hi);
}

bool NumberRange::contains(double v) const {
    return std::isfinite(v) && (loInclusive ? v >= lo : v > lo) && (hiInclusive ? v <= hi : v < hi);
}

std::string NumberRange::expected() const {
    const char* upTo = loInclusive && hiInclusive ? " to "
                       : hiInclusive              ? " and at most "
                                                  : " and below ";
    return std::string(loInclusive ? "a number from " : "a number above ")
        .append(issueNumberText(lo))
        .append(upTo)
        .append(issueNumberText(hi));
}

}  // namespace roofline
