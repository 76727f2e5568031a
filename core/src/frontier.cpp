// SPDX-License-Identifier: GPL-3.0-or-later
// The throughput–interactivity frontier (DOMAIN.md §7); the contract is in frontier.h.
#include "roofline/frontier.h"

#include <algorithm>
#include <numeric>

#include "roofline/validate.h"

namespace roofline {

bool isMixtureOfExperts(const Model& model) {
    return model.moe.numExperts > 0 &&
           std::any_of(model.layerGroups.begin(), model.layerGroups.end(),
                       [](const LayerGroup& g) { return g.mlp == MlpKind::Moe; });
}

std::vector<bool> paretoFrontier(const std::vector<ParetoPoint>& points) {
    std::vector<bool> on(points.size(), false);
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (points[i].eligible) {
            order.push_back(i);
        }
    }
    // Best x first, and within one x the best y first: a point is on the frontier when its
    // y is its x-group's best and beats every y seen at a strictly larger x.
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return points[a].x != points[b].x ? points[a].x > points[b].x : points[a].y > points[b].y;
    });
    bool any = false;
    double bestY = 0.0;  // the best y at a strictly larger x (valid once `any`)
    for (std::size_t g = 0; g < order.size();) {
        const double x = points[order[g]].x;
        const double groupY = points[order[g]].y;
        std::size_t end = g;
        while (end < order.size() && points[order[end]].x == x) {
            ++end;
        }
        if (!any || groupY > bestY) {
            for (std::size_t i = g; i < end && points[order[i]].y == groupY; ++i) {
                on[order[i]] = true;
            }
        }
        bestY = any ? std::max(bestY, groupY) : groupY;
        any = true;
        g = end;
    }
    return on;
}

namespace {

/// Why the engine refuses `workload` on `model`, in one sentence; empty when it does not.
std::string refusal(const Workload& workload, const Model& model) {
    const bool moe = isMixtureOfExperts(model);
    if (workload.expertParallel && !moe) {
        return "expert parallelism needs a mixture-of-experts model; " + model.name + " is dense";
    }
    if (workload.expertParallel && workload.tensorParallel < 2) {
        return "expert parallelism needs more than one device (it is the same as off on one)";
    }
    for (const Issue& issue : validate(workload, model)) {
        if (issue.severity != Severity::Error) {
            continue;
        }
        if (issue.field == "tensorParallel") {
            return "TP " + issue.found + " must be " + plainExpected(issue.expected);
        }
        return issue.message();
    }
    return {};
}

}  // namespace

Frontier computeFrontier(const FrontierRequest& request) {
    Frontier frontier;
    Scenario scenario;
    scenario.model = request.model;
    scenario.draft = request.draft;
    const std::size_t count = request.hardware.size() * request.tensorParallel.size() *
                              request.quantizations.size() * request.batches.size() *
                              request.expertParallel.size();
    frontier.points.reserve(count);
    const bool anySlo = request.sloTpotSeconds || request.sloTtftSeconds;
    for (std::size_t h = 0; h < request.hardware.size(); ++h) {
        scenario.hardware = request.hardware[h];
        for (const std::int64_t tp : request.tensorParallel) {
            for (const Quantization q : request.quantizations) {
                for (const std::int64_t batch : request.batches) {
                    for (const bool ep : request.expertParallel) {
                        const FrontierConfiguration config{h, tp, q, batch, ep};
                        Workload w = withQuantization(request.base, q);
                        w.tensorParallel = tp;
                        w.batch = batch;
                        w.expertParallel = ep;
                        w.promptTokens = request.shape.promptTokens;
                        w.contextTokens = meanDecodeContext(request.shape);
                        if (std::string why = refusal(w, request.model); !why.empty()) {
                            frontier.skipped.push_back({config, std::move(why)});
                            continue;
                        }
                        scenario.workload = w;
                        FrontierPoint& point = frontier.points.emplace_back();
                        point.configuration = config;
                        point.result = analyzeRequest(scenario, request.shape);
                        if (anySlo) {
                            const RequestResult& r = point.result;
                            point.meetsSlo = r.fits &&
                                             (!request.sloTpotSeconds ||
                                              r.tpotSeconds <= *request.sloTpotSeconds) &&
                                             (!request.sloTtftSeconds ||
                                              r.ttftSeconds <= *request.sloTtftSeconds);
                        }
                    }
                }
            }
        }
    }

    std::vector<ParetoPoint> xy;
    xy.reserve(frontier.points.size());
    for (const FrontierPoint& p : frontier.points) {
        xy.push_back({p.result.interactivityTokensPerSecondPerUser,
                      p.result.throughputTokensPerSecondPerDevice, p.result.fits});
    }
    const std::vector<bool> on = paretoFrontier(xy);
    for (std::size_t i = 0; i < frontier.points.size(); ++i) {
        FrontierPoint& p = frontier.points[i];
        p.onFrontier = on[i];
        if (!p.result.fits || (p.meetsSlo && !*p.meetsSlo)) {
            continue;
        }
        if (!frontier.best) {
            frontier.best = i;
            continue;
        }
        const RequestResult& b = frontier.points[*frontier.best].result;
        const RequestResult& r = p.result;
        if (r.throughputTokensPerSecondPerDevice > b.throughputTokensPerSecondPerDevice ||
            (r.throughputTokensPerSecondPerDevice == b.throughputTokensPerSecondPerDevice &&
             r.interactivityTokensPerSecondPerUser > b.interactivityTokensPerSecondPerUser)) {
            frontier.best = i;
        }
    }
    return frontier;
}

}  // namespace roofline
