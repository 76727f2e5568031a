// SPDX-License-Identifier: GPL-3.0-or-later
// `roofline-cli frontier`: the throughput–interactivity frontier over lists of hardware,
// tensor parallelism, quantization, batch and expert parallelism (roofline/frontier.h).

#include "roofline/frontier.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <tuple>

#include <nlohmann/json.hpp>

#include "cli.h"
#include "cli_internal.h"
#include "roofline/format.h"
#include "roofline/limits.h"
#include "roofline/parse.h"
#include "roofline/view_csv.h"

namespace roofline::cli {

namespace {

constexpr std::size_t kMaxConfigurations = 100'000;
/// A 405B model needs 2 stages of 8 H100s; 64 leaves room for bigger models and smaller chips.
constexpr std::int64_t kMaxPipelineStages = 64;

std::vector<std::string> splitList(const std::string& text) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t at = text.find(',', start);
        parts.push_back(text.substr(start, at == std::string::npos ? at : at - start));
        if (at == std::string::npos) {
            return parts;
        }
        start = at + 1;
    }
}

std::string knownQuantizations() {
    std::string out;
    for (const QuantizationScheme& s : kQuantizationSchemes) {
        out.append(out.empty() ? "" : ", ").append(s.label);
    }
    return out;
}

// frontier's own options, before they are resolved: lists where the scenario options of the
// same names take one value.
struct FrontierOptions {
    std::optional<std::string> output = "1024";
    std::optional<std::string> hardware = "h100-sxm";
    std::optional<std::string> tp = "1";
    std::optional<std::string> quantization = "W16A16";
    std::optional<std::string> batch = "1";
    std::optional<std::string> expertParallel = "off";
    std::optional<std::string> sloTpotMs;
    std::optional<std::string> sloTtftMs;
    std::optional<std::string> format = "table";
    std::optional<std::string> price;
    std::optional<std::string> pipelineStages = "1";
    std::optional<std::string> prefillPools = "0";
    std::optional<std::string> batching = "static";
};

constexpr std::array<OptionRow<FrontierOptions>, 13> kFrontierOptions = {{
    {"--output", "N", "output tokens per request (default 1024)", &FrontierOptions::output, true},
    {"--hardware", "ID,ID,...", "hardware preset ids or files (default h100-sxm)",
     &FrontierOptions::hardware},
    {"--tp", "N,N,...", "tensor-parallel devices, a list or range as sweep's --batch\n(default 1)",
     &FrontierOptions::tp},
    {"--quantization", "Q,Q,...",
     "weights and activations: W16A16, W8A16, W8A8, W4A16, W4A8,\nW4A4 (default W16A16)",
     &FrontierOptions::quantization},
    {"--batch", "N,N,...", "sequences per batch, a list or range (default 1)",
     &FrontierOptions::batch},
    {"--expert-parallel", "off,on", "MoE: off, on or off,on (default off)",
     &FrontierOptions::expertParallel},
    {"--pipeline-stages", "N,N,...",
     "pipeline stages, each one TP group in its own scale-up\n"
     "domain; above 1 tried only where the footprint needs\n"
     "more than one domain (default 1)",
     &FrontierOptions::pipelineStages},
    {"--prefill-pools", "N,N,...",
     "disaggregated serving: prefill pools of N devices beside\n"
     "the decode pool of --tp devices; 0 = colocated (default 0)",
     &FrontierOptions::prefillPools},
    {"--batching", "static|continuous",
     "how a colocated server batches: static (the prompts,\n"
     "then their decode) or continuous (chunked prefill inside\n"
     "the decode steps: TPOT + prefill / output) (default static)",
     &FrontierOptions::batching},
    {"--slo-tpot-ms", "X", "the TPOT the best configuration must meet, in ms",
     &FrontierOptions::sloTpotMs},
    {"--slo-ttft-ms", "Y", "the TTFT the best configuration must meet, in ms",
     &FrontierOptions::sloTtftMs},
    {"--format", "table|json|csv", "table (the default), json or csv", &FrontierOptions::format},
    {"--price-per-device-hour", "USD|ID=USD,...",
     "one price for every hardware, or a price per hardware\n"
     "(h100-sxm=2.5,b200=6); hardware without one has no cost\n"
     "and is left off tokens per $ (default none)",
     &FrontierOptions::price},
}};

// A scenario option frontier takes in another form; the usage error saying so, or empty.
std::string refused(std::string_view name) {
    if (name == "--context") {
        return "frontier runs each request's decode at its mean context: give "
               "--output N (output tokens per request), not --context";
    }
    if (name == "--disaggregated") {
        return "frontier takes disaggregated serving as --prefill-pools N,N,... (prefill "
               "pools beside the decode pool of --tp devices), not --disaggregated";
    }
    if (name == "--weights" || name == "--activations") {
        return std::string("frontier takes precisions as --quantization ")
            .append(knownQuantizations())
            .append(" (a list), not ")
            .append(name);
    }
    return {};
}

struct Labels {
    std::vector<std::string> hardware;  ///< as given: ids or paths
    std::string unpriced;               ///< unpricedText(), empty when every one has a price
    bool expertParallelColumn = false;
    bool pipelineColumn = false;  ///< any stage count above 1 asked for
    bool poolColumn = false;      ///< any prefill pool asked for
    bool priceColumn = false;
    bool sloColumn = false;
    const FrontierRequest* request = nullptr;
};

nlohmann::json rowJson(const FrontierPoint& p, const Labels& l) {
    const FrontierConfiguration& c = p.configuration;
    const RequestResult& r = p.result;
    nlohmann::json row = {
        {"hardware", l.hardware[c.hardware]},
        {"tp", c.tensorParallel},
        {"quantization", toString(c.quantization)},
        {"batch", c.batch},
        {"fits", r.fits},
        {"min_devices", r.minDevices ? nlohmann::json(*r.minDevices) : nlohmann::json(nullptr)},
        {"ttft_s", r.ttftSeconds},
        {"tpot_s", r.tpotSeconds},
        {"end_to_end_s", r.endToEndSeconds},
        {"interactivity_tokens_per_s_per_user", r.interactivityTokensPerSecondPerUser},
        {"throughput_tokens_per_s_per_device", r.throughputTokensPerSecondPerDevice},
        {"on_frontier", p.onFrontier},
    };
    if (l.expertParallelColumn) {
        row["expert_parallel"] = c.expertParallel;
    }
    row["pipeline_stages"] = c.pipelineStages;
    row["prefill_pool"] = c.prefillPool;
    row["devices"] = configurationDevices(c);
    if (r.prefillPoolPaces) {
        row["paced_by"] = *r.prefillPoolPaces ? "prefill pool" : "decode pool";
        row["idle_pool_fraction"] = r.idlePoolFraction;
    }
    if (r.prefillInterferenceSeconds > 0.0) {
        row["prefill_interference_s"] = r.prefillInterferenceSeconds;
    }
    if (r.usdPerMillionOutputTokens) {
        row["usd_per_million_output_tokens"] = *r.usdPerMillionOutputTokens;
    }
    if (l.priceColumn) {
        // Each hardware's own price; null for one without (then no cost fields either).
        const std::optional<double> price = hardwarePrice(*l.request, c.hardware);
        row["price_per_device_hour_usd"] = price ? nlohmann::json(*price) : nlohmann::json(nullptr);
        if (r.outputTokensPerUsd && std::isfinite(*r.outputTokensPerUsd)) {
            row["output_tokens_per_usd"] = *r.outputTokensPerUsd;
        }
    }
    if (p.meetsSlo) {
        row["meets_slo"] = *p.meetsSlo;
    }
    return row;
}

void writeJson(std::ostream& out, const FrontierRequest& request, const Frontier& f,
               const Labels& l) {
    nlohmann::json rows = nlohmann::json::array();
    for (const FrontierPoint& p : f.points) {
        rows.push_back(rowJson(p, l));
    }
    nlohmann::json skipped = nlohmann::json::array();
    for (const SkippedConfiguration& s : f.skipped) {
        const FrontierConfiguration& c = s.configuration;
        nlohmann::json row = {
            {"hardware", l.hardware[c.hardware]},       {"tp", c.tensorParallel},
            {"quantization", toString(c.quantization)}, {"batch", c.batch},
            {"expert_parallel", c.expertParallel},      {"reason", s.reason},
            {"pipeline_stages", c.pipelineStages},      {"prefill_pool", c.prefillPool}};
        skipped.push_back(row);
    }
    const auto optionalSeconds = [](const std::optional<double>& v) {
        return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
    };
    nlohmann::json doc = {
        {"model", request.model.id},
        {"prompt_tokens", request.shape.promptTokens},
        {"output_tokens", request.shape.outputTokens},
        {"decode_context_tokens", meanDecodeContext(request.shape)},
        {"batching", toString(request.shape.batching)},
        {"slo_tpot_s", optionalSeconds(request.sloTpotSeconds)},
        {"slo_ttft_s", optionalSeconds(request.sloTtftSeconds)},
        {"rows", rows},
        {"best", f.best ? rowJson(f.points[*f.best], l) : nlohmann::json(nullptr)},
        {"skipped", skipped},
        {"pipeline_left_out", f.pipelineLeftOut},
    };
    if (l.priceColumn) {
        // Hardware without a price is left off the tokens-per-$ ranking, and says so.
        nlohmann::json unpriced = nlohmann::json::array();
        for (const std::size_t h : f.unpriced) {
            unpriced.push_back(l.hardware[h]);
        }
        doc["unpriced_hardware"] = unpriced;
        doc["unpriced_reason"] =
            l.unpriced.empty() ? nlohmann::json(nullptr) : nlohmann::json(l.unpriced);
        FrontierFilter dollars;
        dollars.objective = FrontierObjective::TokensPerUsd;
        const FrontierSelection s = selectFrontier(f, dollars);
        doc["best_tokens_per_usd"] =
            s.best ? rowJson(f.points[*s.best], l) : nlohmann::json(nullptr);
    }
    out << doc.dump(2) << '\n';
}

std::string configurationText(const FrontierConfiguration& c, const Labels& l) {
    std::string text = l.hardware[c.hardware] + ", TP " + integerText(c.tensorParallel) + ", " +
                       std::string(toString(c.quantization)) + ", batch " + formatInteger(c.batch);
    if (l.expertParallelColumn) {
        text += c.expertParallel ? ", EP on" : ", EP off";
    }
    if (c.pipelineStages > 1) {
        text.append(", PP ").append(integerText(c.pipelineStages));
    }
    if (c.prefillPool > 0) {
        text.append(", prefill pool ").append(integerText(c.prefillPool));
    }
    return text;
}

void writeTable(std::ostream& out, const FrontierRequest& request, const Frontier& f,
                const Labels& l) {
    out << request.model.name << ": requests of " << formatInteger(request.shape.promptTokens)
        << " prompt and " << formatInteger(request.shape.outputTokens)
        << " output tokens (decode at the mean context "
        << formatInteger(meanDecodeContext(request.shape)) << "), "
        << toString(request.shape.batching) << " batching\n\n";
    out << pad("hardware", 16) << pad("TP", 4) << pad("quant", 8) << pad("batch", 7)
        << (l.expertParallelColumn ? pad("EP", 5) : "") << (l.pipelineColumn ? pad("PP", 4) : "")
        << (l.poolColumn ? pad("Dp", 4) : "") << pad("fits", 6) << pad("min D", 7)
        << pad("TTFT", 10) << pad("TPOT", 10) << pad("tok/s/user", 12) << pad("tok/s/device", 14)
        << (l.priceColumn ? pad("$/M tokens", 12) : "") << pad("frontier", 10)
        << (l.sloColumn ? "SLO" : "") << '\n';
    for (const FrontierPoint& p : f.points) {
        const FrontierConfiguration& c = p.configuration;
        const RequestResult& r = p.result;
        out << pad(l.hardware[c.hardware], 16) << pad(integerText(c.tensorParallel), 4)
            << pad(std::string(toString(c.quantization)), 8) << pad(formatInteger(c.batch), 7)
            << (l.expertParallelColumn ? pad(c.expertParallel ? "on" : "off", 5) : "")
            << (l.pipelineColumn ? pad(integerText(c.pipelineStages), 4) : "")
            << (l.poolColumn ? pad(integerText(c.prefillPool), 4) : "")
            << pad(r.fits ? "yes" : "NO", 6)
            << pad(r.minDevices ? formatInteger(*r.minDevices) : std::string("-"), 7)
            << pad(formatDuration(r.ttftSeconds), 10) << pad(formatDuration(r.tpotSeconds), 10)
            << pad(formatNumber(r.interactivityTokensPerSecondPerUser), 12)
            << pad(formatNumber(r.throughputTokensPerSecondPerDevice), 14)
            << (l.priceColumn
                    ? pad(r.usdPerMillionOutputTokens
                              ? std::string("$").append(formatNumber(*r.usdPerMillionOutputTokens))
                              : std::string("-"),
                          12)
                    : "")
            << pad(p.onFrontier ? "*" : "", 10);
        if (p.meetsSlo) {
            out << (*p.meetsSlo ? "meets" : "misses");
        }
        out << '\n';
    }
    out << "\n* on the Pareto frontier of interactivity and throughput per device, among the "
           "configurations that fit\n";
    const bool slo = request.sloTpotSeconds || request.sloTtftSeconds;
    out << (slo ? "Best meeting the SLOs" : "Best") << " (highest tok/s per device that fits): ";
    if (f.best) {
        const FrontierPoint& b = f.points[*f.best];
        out << configurationText(b.configuration, l) << ": "
            << formatNumber(b.result.throughputTokensPerSecondPerDevice) << " tok/s per device, "
            << formatNumber(b.result.interactivityTokensPerSecondPerUser) << " tok/s per user\n";
    } else {
        out << "none\n";
    }
    if (l.priceColumn) {
        FrontierFilter dollars;
        dollars.objective = FrontierObjective::TokensPerUsd;
        const FrontierSelection byDollar = selectFrontier(f, dollars);
        out << "Most output tokens per $ (each hardware at its own price): ";
        if (byDollar.best) {
            const FrontierPoint& b = f.points[*byDollar.best];
            out << configurationText(b.configuration, l) << ": "
                << formatNumber(b.result.outputTokensPerUsd.value_or(0.0)) << " tokens per $\n";
        } else {
            out << "none\n";
        }
    }
    if (!l.unpriced.empty()) {
        out << l.unpriced << '\n';
    }
    if (f.pipelineLeftOut > 0) {
        out << "Left out " << formatInteger(static_cast<long long>(f.pipelineLeftOut))
            << " pipelined configurations whose footprint fits in one scale-up domain.\n";
    }
    if (!f.skipped.empty()) {
        out << "\nSkipped " << formatInteger(static_cast<long long>(f.skipped.size()))
            << " configurations the engine refuses:\n";
        for (const SkippedConfiguration& s : f.skipped) {
            out << "  - " << configurationText(s.configuration, l) << ": " << s.reason << '\n';
        }
    }
}

/// `value` as the scenario option --price-per-device-hour takes it ("none" or US dollars in
/// its range): its own rule and message. Sets `price`; returns the usage error, or empty.
std::string scenarioPrice(const std::string& value, std::optional<double>& price) {
    for (const io::ScenarioOption& row : io::scenarioOptionTable()) {
        if (row.name == "--price-per-device-hour") {
            io::ScenarioFile scratch;
            std::int64_t unused = 0;
            std::string error = row.apply(value, scratch, unused);
            price = scratch.workload.pricePerDeviceHourUsd;
            return error;
        }
    }
    return "--price-per-device-hour is not a scenario option";
}

/// --price-per-device-hour: "none", one price for every hardware, or ID=USD,... for the
/// hardware of --hardware named by ID (as given there); one not named has no price. Sets
/// the request's prices; returns the usage error, or empty.
std::string applyPrices(const std::string& text, const std::vector<std::string>& hardware,
                        FrontierRequest& request) {
    if (text.find('=') == std::string::npos) {
        request.hardwarePricePerDeviceHourUsd.clear();
        return scenarioPrice(text, request.base.pricePerDeviceHourUsd);
    }
    request.base.pricePerDeviceHourUsd.reset();
    request.hardwarePricePerDeviceHourUsd.assign(hardware.size(), std::nullopt);
    std::vector<bool> given(hardware.size(), false);
    for (const std::string& item : splitList(text)) {
        const std::size_t at = item.find('=');
        if (at == std::string::npos) {
            return "--price-per-device-hour expects ID=USD pairs (h100-sxm=2.5,b200=6), got '" +
                   item + "'";
        }
        const std::string id = item.substr(0, at);
        const auto h = std::find(hardware.begin(), hardware.end(), id);
        if (h == hardware.end()) {
            std::string known;
            for (const std::string& name : hardware) {
                known.append(known.empty() ? "" : ", ").append(name);
            }
            return std::string("--price-per-device-hour names '")
                .append(id)
                .append("', which is not one of --hardware ")
                .append(known);
        }
        const auto index = static_cast<std::size_t>(h - hardware.begin());
        if (given[index]) {
            return "--price-per-device-hour gives " + id + " two prices";
        }
        given[index] = true;
        std::string error =
            scenarioPrice(item.substr(at + 1), request.hardwarePricePerDeviceHourUsd[index]);
        if (!error.empty()) {
            return error.append(" (for ").append(id).append(")");
        }
    }
    return {};
}

int runFrontier(const CommandLine& line, std::ostream& out, std::ostream& err) {
    const auto usage = [&err](const std::string& message) {
        return usageError(err, "frontier: " + message);
    };
    for (const auto& [row, value] : line.scenario) {
        if (const std::string error = refused(row->name); !error.empty()) {
            return usage(error);
        }
    }
    const FrontierOptions args = ownOptions<FrontierOptions>(kFrontierOptions, line);
    if (*args.format != "table" && *args.format != "json" && *args.format != "csv") {
        return usage("--format expects table, json or csv, got '" + *args.format + "'");
    }
    io::ScenarioFile file;
    std::int64_t gqaRatio = 0;
    if (const std::string error = applyScenarioValues(line, file, gqaRatio); !error.empty()) {
        return usage(error);
    }

    FrontierRequest request;
    std::string error;
    const auto tps = parseValueList(*args.tp, 1, kMaxTensorParallel, error);
    if (!tps) {
        return usage("--tp: " + error);
    }
    const auto batches = parseValueList(*args.batch, 1, kMaxBatch, error);
    if (!batches) {
        return usage("--batch: " + error);
    }
    const auto stages = parseValueList(*args.pipelineStages, 1, kMaxPipelineStages, error);
    if (!stages) {
        return usage("--pipeline-stages: " + error);
    }
    const auto pools = parseValueList(*args.prefillPools, limits::kPrefillDevices.lo,
                                      limits::kPrefillDevices.hi, error);
    if (!pools) {
        return usage("--prefill-pools: " + error);
    }
    if (*args.batching != "static" && *args.batching != "continuous") {
        return usage("--batching expects static or continuous, got '" + *args.batching + "'");
    }
    for (const std::string& name : splitList(*args.quantization)) {
        const std::optional<Quantization> q = parseQuantization(name);
        if (!q) {
            return usage(std::string("--quantization expects a list of ")
                             .append(knownQuantizations())
                             .append(", got '")
                             .append(name)
                             .append("'"));
        }
        request.quantizations.push_back(*q);
    }
    request.expertParallel.clear();
    for (const std::string& v : splitList(*args.expertParallel)) {
        if (v != "on" && v != "off") {
            return usage("--expert-parallel expects off, on or off,on, got '" + v + "'");
        }
        request.expertParallel.push_back(v == "on");
    }
    const auto output = parseValueList(*args.output, 1, kMaxTokens, error);
    if (!output || output->size() != 1) {
        return usage(std::string("--output expects one integer from 1 to ")
                         .append(integerText(kMaxTokens))
                         .append(" (output tokens per request), got '")
                         .append(*args.output)
                         .append("'"));
    }
    const std::int64_t prompt = file.workload.promptTokens;
    if (prompt + output->front() - 1 > kMaxTokens) {
        return usage(std::string("--prompt + --output must be at most ")
                         .append(integerText(kMaxTokens))
                         .append(" tokens"));
    }
    request.shape = {prompt, output->front(),
                     *args.batching == "continuous" ? Batching::Continuous : Batching::Static};
    for (auto [text, target, name] :
         {std::tuple{&args.sloTpotMs, &request.sloTpotSeconds, "--slo-tpot-ms"},
          std::tuple{&args.sloTtftMs, &request.sloTtftSeconds, "--slo-ttft-ms"}}) {
        if (*text) {
            const std::optional<double> ms = parseNumber(**text);
            if (!ms || *ms <= 0.0) {
                return usage(std::string(name) +
                             " expects a number of milliseconds above 0, got '" + **text + "'");
            }
            *target = *ms / 1e3;
        }
    }

    // The model, the draft and the base workload, validated at the request's last step on
    // the first hardware (each hardware is loaded and checked below).
    Labels labels;
    labels.hardware = splitList(*args.hardware);
    file.hardware = labels.hardware.front();
    file.workload.contextTokens = prompt + output->front() - 1;
    const io::ResolvedScenario resolved = io::resolve(file, gqaRatio);
    printIssues(err, resolved.issues);
    if (!resolved.ok()) {
        return kExitInvalid;
    }
    for (const std::string& id : labels.hardware) {
        io::Loaded<Hardware> hw = io::resolveHardware(id);
        if (!hw.ok()) {
            printIssues(err, hw.issues);
            return kExitInvalid;
        }
        request.hardware.push_back(std::move(*hw.value));
    }
    const std::size_t count = request.hardware.size() * tps->size() * request.quantizations.size() *
                              batches->size() * request.expertParallel.size() * stages->size() *
                              pools->size();
    if (count > kMaxConfigurations) {
        return usage(formatInteger(static_cast<long long>(count)) +
                     " configurations is more than " +
                     formatInteger(static_cast<long long>(kMaxConfigurations)));
    }
    request.model = resolved.scenario.model;
    request.draft = resolved.scenario.draft;
    request.base = resolved.scenario.workload;
    request.tensorParallel = *tps;
    request.batches = *batches;
    request.pipelineStages = *stages;
    request.prefillPools = *pools;
    if (args.price) {
        if (std::string priceError = applyPrices(*args.price, labels.hardware, request);
            !priceError.empty()) {
            return usage(priceError);
        }
    }

    const Frontier frontier = computeFrontier(request);
    labels.expertParallelColumn = isMixtureOfExperts(request.model);
    labels.pipelineColumn =
        std::any_of(request.pipelineStages.begin(), request.pipelineStages.end(),
                    [](std::int64_t s) { return s > 1; });
    labels.poolColumn = std::any_of(request.prefillPools.begin(), request.prefillPools.end(),
                                    [](std::int64_t p) { return p > 0; });
    labels.priceColumn = request.base.pricePerDeviceHourUsd.has_value() ||
                         !request.hardwarePricePerDeviceHourUsd.empty();
    labels.request = &request;
    labels.unpriced = labels.priceColumn ? unpricedText(frontier, labels.hardware) : std::string();
    labels.sloColumn = request.sloTpotSeconds || request.sloTtftSeconds;
    if (*args.format == "json") {
        writeJson(out, request, frontier, labels);
    } else if (*args.format == "csv") {
        out << frontierCsv(frontier, request,
                           {labels.hardware, labels.expertParallelColumn, labels.priceColumn,
                            labels.sloColumn, labels.pipelineColumn, labels.poolColumn});
        if (!labels.unpriced.empty()) {
            err << "roofline-cli: frontier: " << labels.unpriced << '\n';
        }
        // The skipped configurations have no row: say so beside the data.
        std::map<std::string, std::size_t> reasons;
        for (const SkippedConfiguration& s : frontier.skipped) {
            ++reasons[s.reason];
        }
        for (const auto& [reason, n] : reasons) {
            err << "roofline-cli: frontier: skipped " << n << " configuration"
                << (n == 1 ? "" : "s") << ": " << reason << '\n';
        }
    } else {
        writeTable(out, request, frontier, labels);
    }
    return kExitOk;
}

}  // namespace

CommandSpec frontierCommand() {
    return {"frontier",
            "every configuration of the lists as a point (tok/s per\n"
            "user, tok/s per device) for requests of --prompt and\n"
            "--output tokens; the Pareto frontier of those that fit,\n"
            "and the best one meeting the SLOs",
            true, optionSpecs<FrontierOptions>(kFrontierOptions), &runFrontier};
}

}  // namespace roofline::cli
