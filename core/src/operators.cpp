// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/operators.h"

#include <array>

namespace roofline {

namespace {

struct OperatorInfo {
    std::string_view name;
    OperatorKind kind;
};

// In OperatorId order; the static_assert below keeps the two the same length.
constexpr std::array<OperatorInfo, kOperatorCount> kOperators = {{
    {"embedding", OperatorKind::Memory},
    {"norms", OperatorKind::Elementwise},
    {"qkv_proj", OperatorKind::Matmul},
    {"kv_up_proj", OperatorKind::Matmul},
    {"indexer", OperatorKind::Attention},
    {"attention", OperatorKind::Attention},
    {"attention_sliding", OperatorKind::Attention},
    {"attention_chunked", OperatorKind::Attention},
    {"kv_write", OperatorKind::Memory},
    {"o_proj", OperatorKind::Matmul},
    {"mixer_in_proj", OperatorKind::Matmul},
    {"short_conv", OperatorKind::Elementwise},
    {"state_update", OperatorKind::Attention},
    {"mixer_out_proj", OperatorKind::Matmul},
    {"linear_mixer", OperatorKind::Matmul},
    {"tp_allreduce", OperatorKind::Communication},
    {"mlp_up", OperatorKind::Matmul},
    {"mlp_act", OperatorKind::Elementwise},
    {"mlp_down", OperatorKind::Matmul},
    {"mlp_linear", OperatorKind::Matmul},
    {"moe_router", OperatorKind::Matmul},
    {"ep_dispatch", OperatorKind::Communication},
    {"moe_up", OperatorKind::Matmul},
    {"moe_act", OperatorKind::Elementwise},
    {"moe_down", OperatorKind::Matmul},
    {"ep_combine", OperatorKind::Communication},
    {"final_norm", OperatorKind::Elementwise},
    {"lm_head", OperatorKind::Matmul},
}};
static_assert(kOperators.back().name == "lm_head", "one row per OperatorId, in its order");

}  // namespace

std::string_view toString(OperatorId id) {
    const auto i = static_cast<std::size_t>(id);
    return i < kOperators.size() ? kOperators[i].name : std::string_view("operator");
}

OperatorKind operatorKind(OperatorId id) {
    const auto i = static_cast<std::size_t>(id);
    return i < kOperators.size() ? kOperators[i].kind : OperatorKind::Matmul;
}

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
