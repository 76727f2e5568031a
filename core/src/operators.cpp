// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/operators.h"

#include <array>

namespace roofline {

std::string_view toString(OperatorKind kind) {
    switch (kind) {
        case OperatorKind::Matmul:
            return "matmul";
        case OperatorKind::Attention:
            return "attention";
        case OperatorKind::Elementwise:
            return "elementwise";
        case OperatorKind::Memory:
            return "memory";
        case OperatorKind::Communication:
            return "communication";
    }
    return "matmul";
}

}  // namespace roofline
