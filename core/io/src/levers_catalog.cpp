// SPDX-License-Identifier: GPL-3.0-or-later
// What the levers need from the presets: the next hardware generation, the family's draft.

#include <algorithm>

#include "json_util.h"
#include "roofline/format.h"
#include "roofline/io/levers.h"

namespace roofline::io {

namespace {

bool isShippedHardware(const std::string& id) {
    const std::vector<std::string> ids = hardwareIds();
    return std::find(ids.begin(), ids.end(), id) != ids.end();
}

// A validation failure named by the scenario file's keys (/tensor_parallel, not
// workload.tensorParallel), as resolve() names them.
void nameFileKeys(std::optional<Issue>& issue, std::string& reason) {
    if (!issue) {
        return;
    }
    std::vector<Issue> issues = {*issue};
    detail::scenarioKeys().apply(issues);
    issue = issues.front();
    reason = issue->message();
}

}  // namespace

std::optional<std::string_view> nextHardwareId(std::string_view hardwareId) {
    for (const HardwareSuccessor& s : kHardwareSuccessors) {
        if (s.id == hardwareId) {
            return s.next;
        }
    }
    return std::nullopt;
}

LeverContext leverContext(const Scenario& scenario) {
    LeverContext context;
    const Hardware& hw = scenario.hardware;
    if (const std::optional<std::string_view> next = nextHardwareId(hw.id)) {
        Loaded<Hardware> loaded = builtinHardware(std::string(*next));
        if (loaded.ok()) {
            context.nextHardware = std::move(*loaded.value);
        } else {
            context.nextHardwareReason = "the preset " + std::string(*next) + " does not load";
        }
    } else if (isShippedHardware(hw.id)) {
        context.nextHardwareReason =
            hw.name + " is the newest of its line among the shipped presets";
    } else {
        context.nextHardwareReason =
            "no successor known for '" + hw.id + "': the lines follow the shipped presets";
    }

    const Model& target = scenario.model;
    const double targetParameters = countParameters(target).total;
    for (std::string_view draftId : kDraftModelIds) {
        Loaded<Model> draft = builtinModel(std::string(draftId));
        if (!draft.ok() || draft.value->architecture != target.architecture ||
            draft.value->vocabSize != target.vocabSize) {
            continue;
        }
        if (targetParameters <= countParameters(*draft.value).total) {
            context.draftReason =
                target.name + " is no larger than its family's draft, " + draft.value->name;
            return context;
        }
        context.draft = std::move(*draft.value);
        return context;
    }
    context.draftReason = "no draft model preset shares " + target.name +
                          "'s architecture and vocabulary (" + formatInteger(target.vocabSize) +
                          " tokens)";
    return context;
}

std::vector<LeverOutcome> listLevers(const Scenario& scenario, const Analysis& analysis) {
    std::vector<LeverOutcome> levers = evaluateLevers(scenario, analysis, leverContext(scenario));
    for (LeverOutcome& lever : levers) {
        nameFileKeys(lever.issue, lever.reason);
    }
    return levers;
}

AppliedLever applyLever(const ScenarioFile& file, const Scenario& resolved, LeverId id) {
    AppliedLever out;
    out.plan = planLever(resolved, id, leverContext(resolved));
    nameFileKeys(out.plan.issue, out.plan.reason);
    out.file = file;
    if (!out.plan.applicable) {
        return out;
    }
    const Scenario& changed = out.plan.changed;
    out.file.workload = changed.workload;
    if (changed.hardware.id != resolved.hardware.id) {
        out.file.hardware = changed.hardware.id;
    }
    if (changed.workload.speculativeTokens > 0 && changed.workload.draftKind == DraftKind::Model &&
        changed.draft) {
        if (!resolved.draft || resolved.draft->id != changed.draft->id) {
            out.file.draftModel = changed.draft->id;
        }
    } else {
        out.file.draftModel = std::string(kNgramDraft);
    }
    return out;
}

}  // namespace roofline::io
