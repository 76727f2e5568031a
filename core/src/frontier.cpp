// SPDX-License-Identifier: GPL-3.0-or-later
// The throughput–interactivity frontier (DOMAIN.md §7); the contract is in frontier.h.
#include "roofline/frontier.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "roofline/format.h"
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

std::int64_t configurationDevices(const FrontierConfiguration& c) {
    return c.tensorParallel * c.pipelineStages + c.prefillPool;
}

std::optional<double> hardwarePrice(const FrontierRequest& request, std::size_t h) {
    if (request.hardwarePricePerDeviceHourUsd.empty()) {
        return request.base.pricePerDeviceHourUsd;
    }
    return h < request.hardwarePricePerDeviceHourUsd.size()
               ? request.hardwarePricePerDeviceHourUsd[h]
               : std::nullopt;
}

bool meetsPrecisionFloor(Quantization quantization, PrecisionFloor floor) {
    const QuantizationScheme& s = scheme(quantization);
    const auto isFp4 = [](Precision p) {
        return p == Precision::Fp4 || p == Precision::Mxfp4 || p == Precision::Nvfp4;
    };
    const double leastBytes = std::min(bytesPerElement(s.weights), bytesPerElement(s.activations));
    switch (floor) {
        case PrecisionFloor::Any:
            return true;
        case PrecisionFloor::NoFp4:
            return !isFp4(s.weights) && !isFp4(s.activations);
        case PrecisionFloor::EightBit:
            return leastBytes >= 1.0;
        case PrecisionFloor::SixteenBit:
            return leastBytes >= 2.0;
    }
    return true;
}

std::optional<double> objectiveValue(const FrontierPoint& p, FrontierObjective objective) {
    if (objective == FrontierObjective::TokensPerUsd) {
        return p.result.outputTokensPerUsd;
    }
    return p.result.throughputTokensPerSecondPerDevice;
}

FrontierSelection selectFrontier(const Frontier& frontier, const FrontierFilter& filter) {
    const auto allows = [](const auto& list, const auto& value) {
        return list.empty() || std::find(list.begin(), list.end(), value) != list.end();
    };
    const std::size_t n = frontier.points.size();
    FrontierSelection out;
    // Built whole and moved in: GCC 12 at -O3 warns a false null dereference in
    // vector<bool>::assign on an empty selection.
    out.shown = std::vector<bool>(n, false);
    std::vector<ParetoPoint> xy(n);
    for (std::size_t i = 0; i < n; ++i) {
        const FrontierPoint& p = frontier.points[i];
        const FrontierConfiguration& c = p.configuration;
        const std::optional<double> y = objectiveValue(p, filter.objective);
        out.shown[i] = y.has_value() && allows(filter.hardware, c.hardware) &&
                       allows(filter.tensorParallel, c.tensorParallel) &&
                       allows(filter.quantizations, c.quantization) &&
                       allows(filter.prefillPools, c.prefillPool) &&
                       meetsPrecisionFloor(c.quantization, filter.floor) &&
                       (!filter.fitsOnly || p.result.fits);
        xy[i] = {p.result.interactivityTokensPerSecondPerUser, y.value_or(0.0),
                 out.shown[i] && p.result.fits};
    }
    out.onFrontier = paretoFrontier(xy);
    for (std::size_t i = 0; i < n; ++i) {
        const FrontierPoint& p = frontier.points[i];
        if (!xy[i].eligible || (p.meetsSlo && !*p.meetsSlo)) {
            continue;
        }
        if (!out.best || xy[i].y > xy[*out.best].y ||
            (xy[i].y == xy[*out.best].y && xy[i].x > xy[*out.best].x)) {
            out.best = i;
        }
    }
    return out;
}

std::string unpricedText(const Frontier& frontier, const std::vector<std::string>& names,
                         const std::vector<bool>& shown) {
    if (frontier.unpriced.empty()) {
        return {};
    }
    std::string list;
    for (std::size_t k = 0; k < frontier.unpriced.size(); ++k) {
        if (k > 0) {
            list.append(k + 1 == frontier.unpriced.size() ? " and " : ", ");
        }
        list.append(names[frontier.unpriced[k]]);
    }
    long long count = 0;
    for (std::size_t i = 0; i < frontier.points.size(); ++i) {
        const std::size_t h = frontier.points[i].configuration.hardware;
        if ((shown.empty() || shown[i]) &&
            std::binary_search(frontier.unpriced.begin(), frontier.unpriced.end(), h)) {
            ++count;
        }
    }
    const bool one = frontier.unpriced.size() == 1;
    return std::string("No price per device-hour for ")
        .append(list)
        .append(one ? ": its " : ": their ")
        .append(formatInteger(count))
        .append(count == 1 ? " configuration is" : " configurations are")
        .append(" left off the tokens-per-$ axis.");
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
        if (issue.field == "prefillDevices") {
            return "a prefill pool of " + issue.found + " must be " + plainExpected(issue.expected);
        }
        return issue.message();
    }
    return {};
}

/// Why `stages` pipeline stages cannot run at all, in one sentence; empty
/// when they can (one stage always can).
std::string pipelineRefusal(const FrontierRequest& request, std::int64_t stages) {
    if (stages <= 1) {
        return {};
    }
    const std::string s = std::to_string(stages);
    if (stages > request.model.numLayers) {
        return std::string("PP ")
            .append(s)
            .append(" needs at least ")
            .append(s)
            .append(" layers; the model has ")
            .append(std::to_string(request.model.numLayers));
    }
    return {};
}

/// Why a prefill pool of `pool` devices cannot serve `workload` (its decode pool set, which
/// refusal() accepts), in one sentence; empty when it can (0, colocated, always can).
std::string prefillPoolRefusal(Workload workload, const Model& model, std::int64_t pool,
                               std::int64_t stages) {
    if (pool <= 0) {
        return {};
    }
    if (stages > 1) {
        return "pipeline parallelism is not modelled with disaggregated serving";
    }
    workload.prefillDevices = pool;
    return refusal(workload, model);
}

}  // namespace

Frontier computeFrontier(const FrontierRequest& request) {
    Frontier frontier;
    Scenario scenario;
    scenario.model = request.model;
    scenario.draft = request.draft;
    const std::size_t count = request.hardware.size() * request.tensorParallel.size() *
                              request.quantizations.size() * request.batches.size() *
                              request.expertParallel.size() * request.pipelineStages.size() *
                              request.prefillPools.size();
    frontier.points.reserve(count);
    const bool anySlo = request.sloTpotSeconds || request.sloTtftSeconds;
    for (std::size_t h = 0; h < request.hardware.size(); ++h) {
        scenario.hardware = request.hardware[h];
        const std::optional<double> price = hardwarePrice(request, h);
        if (!price) {
            frontier.unpriced.push_back(h);
        }
        for (const std::int64_t tp : request.tensorParallel) {
            for (const Quantization q : request.quantizations) {
                for (const std::int64_t batch : request.batches) {
                    for (const bool ep : request.expertParallel) {
                        Workload w = withQuantization(request.base, q);
                        w.tensorParallel = tp;
                        w.prefillDevices = 0;  // the pools come from request.prefillPools
                        w.batch = batch;
                        w.expertParallel = ep;
                        w.pricePerDeviceHourUsd = price;
                        w.promptTokens = request.shape.promptTokens;
                        w.contextTokens = meanDecodeContext(request.shape);
                        const std::string why = refusal(w, request.model);
                        scenario.workload = w;
                        // The fewest devices the footprint needs, once per configuration
                        // (from the single-stage point when there is one).
                        std::optional<std::optional<std::int64_t>> needed;
                        for (const std::int64_t stages : request.pipelineStages) {
                            for (const std::int64_t pool : request.prefillPools) {
                                const FrontierConfiguration config{h,  tp,     q,   batch,
                                                                   ep, stages, pool};
                                if (!why.empty()) {
                                    frontier.skipped.push_back({config, why});
                                    continue;
                                }
                                if (std::string pp = pipelineRefusal(request, stages);
                                    !pp.empty()) {
                                    frontier.skipped.push_back({config, std::move(pp)});
                                    continue;
                                }
                                if (std::string dp =
                                        prefillPoolRefusal(w, request.model, pool, stages);
                                    !dp.empty()) {
                                    frontier.skipped.push_back({config, std::move(dp)});
                                    continue;
                                }
                                if (stages > 1) {
                                    if (!needed) {
                                        needed = analyze(requestFootprintScenario(scenario,
                                                                                  request.shape))
                                                     .memory.minDevices;
                                    }
                                    if (!*needed ||
                                        **needed <= request.hardware[h].scaleUpDomainDevices) {
                                        ++frontier.pipelineLeftOut;
                                        continue;
                                    }
                                }
                                FrontierPoint& point = frontier.points.emplace_back();
                                point.configuration = config;
                                Scenario pooled = scenario;
                                pooled.workload.prefillDevices = pool;
                                point.result =
                                    analyzePipelinedRequest(pooled, request.shape, stages);
                                if (stages == 1 && pool == 0) {
                                    needed = point.result.minDevices;
                                }
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
        }
    }

    const FrontierSelection all = selectFrontier(frontier, {});
    for (std::size_t i = 0; i < frontier.points.size(); ++i) {
        frontier.points[i].onFrontier = all.onFrontier[i];
    }
    frontier.best = all.best;
    return frontier;
}

}  // namespace roofline
