// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// QTest finds roofline::toString(Precision) (which returns a string_view) by ADL and cannot
// print it, so precisions are compared by name: a failure then reads "fp8" vs "bf16".

#include <QString>

#include "roofline/precision.h"

inline QString precisionName(roofline::Precision p) {
    const std::string_view name = roofline::toString(p);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}
