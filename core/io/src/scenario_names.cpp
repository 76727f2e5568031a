// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/io/scenario_names.h"

#include <functional>
#include <string_view>
#include <utility>

#include "roofline/format.h"

namespace roofline::io {
namespace {

/// "A", "A and B", "A, B and C".
std::string listed(const std::vector<std::string>& names) {
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) {
            text += i + 1 == names.size() ? " and " : ", ";
        }
        text += names[i];
    }
    return text;
}

/// One clause: the rows grouped by `value`, in the order the values first appear; the first
/// group takes the verb ("runs"/"run" + value), the others only their value, as one says
/// "A runs bf16, B fp8". Empty when every row has the same value.
std::string clause(const std::vector<ComparedScenario>& rows,
                   const std::function<std::string(const Scenario&)>& value,
                   std::string_view singular, std::string_view plural,
                   std::string_view firstSuffix) {
    std::vector<std::pair<std::string, std::vector<std::string>>> groups;
    for (const ComparedScenario& row : rows) {
        const std::string v = value(*row.scenario);
        auto group = groups.begin();
        while (group != groups.end() && group->first != v) {
            ++group;
        }
        if (group == groups.end()) {
            groups.emplace_back(v, std::vector<std::string>{});
            group = groups.end() - 1;
        }
        group->second.push_back(row.name);
    }
    if (groups.size() < 2) {
        return {};
    }
    std::string text;
    for (std::size_t i = 0; i < groups.size(); ++i) {
        const auto& [v, names] = groups[i];
        if (i == 0) {
            text.append(listed(names))
                .append(" ")
                .append(names.size() == 1 ? singular : plural)
                .append(" ")
                .append(v)
                .append(firstSuffix);
        } else {
            text.append(", ").append(listed(names)).append(" ").append(v);
        }
    }
    return text;
}

}  // namespace

std::string hardwareDevicesName(const Scenario& scenario) {
    const Hardware& hw = scenario.hardware;
    std::string name = hw.name.empty() ? hw.id : hw.name;
    // "NVIDIA B200 (HGX/DGX, 1000 W)" -> "B200": the vendor and the remark say nothing a
    // row beside it needs.
    if (!hw.vendor.empty() && name.size() > hw.vendor.size() + 1 &&
        name.compare(0, hw.vendor.size(), hw.vendor) == 0 && name[hw.vendor.size()] == ' ') {
        name.erase(0, hw.vendor.size() + 1);
    }
    if (const std::size_t open = name.find(" ("); open != std::string::npos && open > 0) {
        name.erase(open);
    }
    if (scenario.workload.tensorParallel > 1) {
        name.append(" ×").append(formatInteger(scenario.workload.tensorParallel));
    }
    return name;
}

std::string precisionName(const Workload& w) {
    if (w.weightPrecision == w.activationPrecision && w.weightPrecision == w.kvPrecision) {
        return std::string(toString(w.weightPrecision));
    }
    return std::string(toString(w.weightPrecision))
        .append(" / ")
        .append(toString(w.activationPrecision))
        .append(" / ")
        .append(toString(w.kvPrecision));
}

std::string scenarioName(const Scenario& scenario) {
    return hardwareDevicesName(scenario).append(" ").append(precisionName(scenario.workload));
}

std::string fairnessNote(const std::vector<ComparedScenario>& rows) {
    const std::string clauses[] = {
        clause(
            rows, [](const Scenario& s) { return precisionName(s.workload); }, "runs", "run", ""),
        clause(
            rows, [](const Scenario& s) { return std::string(toString(s.workload.ceilings)); },
            "uses", "use", " ceilings"),
        clause(
            rows,
            [](const Scenario& s) {
                return formatInteger(s.workload.promptTokens)
                    .append(" / ")
                    .append(formatInteger(s.workload.contextTokens));
            },
            "has", "have", " prompt / context tokens"),
    };
    std::string note;
    for (const std::string& c : clauses) {
        if (!c.empty()) {
            note.append(note.empty() ? "Not like for like: " : "; ").append(c);
        }
    }
    return note.empty() ? note : note.append(".");
}

}  // namespace roofline::io
