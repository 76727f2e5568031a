// SPDX-License-Identifier: GPL-3.0-or-later
// `roofline-cli frontier`: the throughput–interactivity frontier over lists of hardware,
// tensor parallelism, quantization, batch and expert parallelism (roofline/frontier.h).

#include <array>
#include <charconv>
#include <cmath>
#include <map>
#include <tuple>
#include <nlohmann/json.hpp>

#include "cli.h"
#include "cli_internal.h"
#include "roofline/format.h"
#include "roofline/frontier.h"

namespace roofline::cli {

namespace {

constexpr std::size_t kMaxConfigurations = 100'000;

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

std::optional<double> positiveNumber(const std::string& text) {
    double v = 0.0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(v) || v <= 0.0) {
        return std::nullopt;
    }
    return v;
}

std::string knownQuantizations() {
    std::string out;
    for (const QuantizationScheme& s : kQuantizationSchemes) {
        out.append(out.empty() ? "" : ", ").append(s.label);
    }
    return out;
}

// The options of the command line, before they are resolved.
struct FrontierArgs {
    std::string hardware = "h100-sxm";
    std::string tp = "1";
    std::string quantization = "W16A16";
    std::string batch = "1";
    std::string expertParallel = "off";
    std::string output = "1024";
    std::optional<std::string> sloTpotMs;
    std::optional<std::string> sloTtftMs;
    std::string format = "table";
    std::vector<std::string> scenarioArgs;  ///< for io::applyScenarioOptions
};

// Takes frontier's own options out of `args`; the rest are scenario options. Returns a
// usage error, or empty.
std::string takeArgs(const std::vector<std::string>& args, FrontierArgs& out) {
    const std::map<std::string, std::string*> own = {
        {"--hardware", &out.hardware},   {"--tp", &out.tp},
        {"--quantization", &out.quantization}, {"--batch", &out.batch},
        {"--expert-parallel", &out.expertParallel}, {"--output", &out.output},
        {"--format", &out.format}};
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string name = args[i];
        std::optional<std::string> value;
        if (const auto eq = name.find('='); name.starts_with("--") && eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        const bool slo = name == "--slo-tpot-ms" || name == "--slo-ttft-ms";
        const auto target = own.find(name);
        if (target == own.end() && !slo) {
            if (name == "--context") {
                return "frontier runs each request's decode at its mean context: give "
                       "--output N (output tokens per request), not --context";
            }
            if (name == "--weights" || name == "--activations") {
                return std::string("frontier takes precisions as --quantization ")
                           .append(knownQuantizations())
                           .append(" (a list), not ")
                           .append(name);
            }
            out.scenarioArgs.push_back(args[i]);
            continue;
        }
        if (!value) {
            if (i + 1 >= args.size()) {
                return name + " expects a value";
            }
            value = args[++i];
        }
        if (name == "--slo-tpot-ms") {
            out.sloTpotMs = *value;
        } else if (name == "--slo-ttft-ms") {
            out.sloTtftMs = *value;
        } else {
            *target->second = *value;
        }
    }
    return {};
}

struct Labels {
    std::vector<std::string> hardware;  ///< as given: ids or paths
    bool expertParallelColumn = false;
    bool priceColumn = false;
    bool sloColumn = false;
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
    if (r.usdPerMillionOutputTokens) {
        row["usd_per_million_output_tokens"] = *r.usdPerMillionOutputTokens;
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
        nlohmann::json row = {{"hardware", l.hardware[c.hardware]},
                              {"tp", c.tensorParallel},
                              {"quantization", toString(c.quantization)},
                              {"batch", c.batch},
                              {"expert_parallel", c.expertParallel},
                              {"reason", s.reason}};
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
        {"slo_tpot_s", optionalSeconds(request.sloTpotSeconds)},
        {"slo_ttft_s", optionalSeconds(request.sloTtftSeconds)},
        {"rows", rows},
        {"best", f.best ? rowJson(f.points[*f.best], l) : nlohmann::json(nullptr)},
        {"skipped", skipped},
    };
    out << doc.dump(2) << '\n';
}

std::string csvText(double v) {
    std::array<char, kMaxNumberChars> buffer{};
    return std::string(buffer.data(), writeGeneral(buffer.data(), v, 10));
}

std::string csvQuoted(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos) {
        return text;
    }
    std::string out = "\"";
    for (char ch : text) {
        out += ch;
        if (ch == '"') {
            out += '"';
        }
    }
    return out + '"';
}

void writeCsv(std::ostream& out, const Frontier& f, const Labels& l) {
    out << "hardware,tp,quantization,batch" << (l.expertParallelColumn ? ",expert_parallel" : "")
        << ",fits,ttft_s,tpot_s,interactivity_tokens_per_s_per_user,"
           "throughput_tokens_per_s_per_device"
        << (l.priceColumn ? ",usd_per_million_output_tokens" : "") << ",on_frontier"
        << (l.sloColumn ? ",meets_slo" : "") << '\n';
    const auto flag = [](bool b) { return b ? "true" : "false"; };
    for (const FrontierPoint& p : f.points) {
        const FrontierConfiguration& c = p.configuration;
        const RequestResult& r = p.result;
        out << csvQuoted(l.hardware[c.hardware]) << ',' << integerText(c.tensorParallel) << ','
            << toString(c.quantization) << ',' << integerText(c.batch);
        if (l.expertParallelColumn) {
            out << ',' << (c.expertParallel ? "on" : "off");
        }
        out << ',' << flag(r.fits) << ',' << csvText(r.ttftSeconds) << ','
            << csvText(r.tpotSeconds) << ',' << csvText(r.interactivityTokensPerSecondPerUser)
            << ',' << csvText(r.throughputTokensPerSecondPerDevice);
        if (l.priceColumn) {
            out << ',' << csvText(r.usdPerMillionOutputTokens.value_or(0.0));
        }
        out << ',' << flag(p.onFrontier);
        if (l.sloColumn) {
            out << ',' << flag(p.meetsSlo.value_or(false));
        }
        out << '\n';
    }
}

std::string configurationText(const FrontierConfiguration& c, const Labels& l) {
    std::string text = l.hardware[c.hardware] + ", TP " + integerText(c.tensorParallel) + ", " +
                       std::string(toString(c.quantization)) + ", batch " +
                       formatInteger(c.batch);
    if (l.expertParallelColumn) {
        text += c.expertParallel ? ", EP on" : ", EP off";
    }
    return text;
}

void writeTable(std::ostream& out, const FrontierRequest& request, const Frontier& f,
                const Labels& l) {
    out << request.model.name << ": requests of " << formatInteger(request.shape.promptTokens)
        << " prompt and " << formatInteger(request.shape.outputTokens)
        << " output tokens (decode at the mean context "
        << formatInteger(meanDecodeContext(request.shape)) << ")\n\n";
    out << pad("hardware", 16) << pad("TP", 4) << pad("quant", 8) << pad("batch", 7)
        << (l.expertParallelColumn ? pad("EP", 5) : "") << pad("fits", 6) << pad("TTFT", 10)
        << pad("TPOT", 10) << pad("tok/s/user", 12) << pad("tok/s/device", 14)
        << (l.priceColumn ? pad("$/M tokens", 12) : "") << pad("frontier", 10)
        << (l.sloColumn ? "SLO" : "") << '\n';
    for (const FrontierPoint& p : f.points) {
        const FrontierConfiguration& c = p.configuration;
        const RequestResult& r = p.result;
        out << pad(l.hardware[c.hardware], 16) << pad(integerText(c.tensorParallel), 4)
            << pad(std::string(toString(c.quantization)), 8) << pad(formatInteger(c.batch), 7)
            << (l.expertParallelColumn ? pad(c.expertParallel ? "on" : "off", 5) : "")
            << pad(r.fits ? "yes" : "NO", 6) << pad(formatDuration(r.ttftSeconds), 10)
            << pad(formatDuration(r.tpotSeconds), 10)
            << pad(formatNumber(r.interactivityTokensPerSecondPerUser), 12)
            << pad(formatNumber(r.throughputTokensPerSecondPerDevice), 14)
            << (l.priceColumn
                    ? pad(std::string("$").append(
                              formatNumber(r.usdPerMillionOutputTokens.value_or(0.0))),
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
    if (!f.skipped.empty()) {
        out << "\nSkipped " << formatInteger(static_cast<long long>(f.skipped.size()))
            << " configurations the engine refuses:\n";
        for (const SkippedConfiguration& s : f.skipped) {
            out << "  - " << configurationText(s.configuration, l) << ": " << s.reason << '\n';
        }
    }
}

}  // namespace

int runFrontier(const std::vector<std::string>& argsIn, std::ostream& out, std::ostream& err) {
    const auto usage = [&err](const std::string& message) {
        err << "roofline-cli: frontier: " << message << "\nTry 'roofline-cli --help'.\n";
        return kExitUsage;
    };
    FrontierArgs args;
    if (const std::string error = takeArgs(argsIn, args); !error.empty()) {
        return usage(error);
    }
    if (args.format != "table" && args.format != "json" && args.format != "csv") {
        return usage("--format expects table, json or csv, got '" + args.format + "'");
    }
    io::ScenarioFile file;
    std::int64_t gqaRatio = 0;
    const io::OptionsResult options = io::applyScenarioOptions(args.scenarioArgs, file, gqaRatio);
    if (!options.errors.empty()) {
        return usage(options.errors.front());
    }
    if (!options.rest.empty()) {
        return usage("unknown argument '" + options.rest.front() + "'");
    }

    FrontierRequest request;
    std::string error;
    const auto tps = parseValueList(args.tp, 1, kMaxTensorParallel, error);
    if (!tps) {
        return usage("--tp: " + error);
    }
    const auto batches = parseValueList(args.batch, 1, kMaxBatch, error);
    if (!batches) {
        return usage("--batch: " + error);
    }
    for (const std::string& name : splitList(args.quantization)) {
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
    for (const std::string& v : splitList(args.expertParallel)) {
        if (v != "on" && v != "off") {
            return usage("--expert-parallel expects off, on or off,on, got '" + v + "'");
        }
        request.expertParallel.push_back(v == "on");
    }
    const auto output = parseValueList(args.output, 1, kMaxTokens, error);
    if (!output || output->size() != 1) {
        return usage(std::string("--output expects one integer from 1 to ")
                         .append(integerText(kMaxTokens))
                         .append(" (output tokens per request), got '")
                         .append(args.output)
                         .append("'"));
    }
    const std::int64_t prompt = file.workload.promptTokens;
    if (prompt + output->front() - 1 > kMaxTokens) {
        return usage(std::string("--prompt + --output must be at most ")
                         .append(integerText(kMaxTokens))
                         .append(" tokens"));
    }
    request.shape = {prompt, output->front()};
    for (auto [text, target, name] :
         {std::tuple{&args.sloTpotMs, &request.sloTpotSeconds, "--slo-tpot-ms"},
          std::tuple{&args.sloTtftMs, &request.sloTtftSeconds, "--slo-ttft-ms"}}) {
        if (*text) {
            const std::optional<double> ms = positiveNumber(**text);
            if (!ms) {
                return usage(std::string(name) +
                             " expects a number of milliseconds above 0, got '" + **text + "'");
            }
            *target = *ms / 1e3;
        }
    }

    // The model, the draft and the base workload, validated at the request's last step on
    // the first hardware (each hardware is loaded and checked below).
    Labels labels;
    labels.hardware = splitList(args.hardware);
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
    const std::size_t count = request.hardware.size() * tps->size() *
                              request.quantizations.size() * batches->size() *
                              request.expertParallel.size();
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

    const Frontier frontier = computeFrontier(request);
    labels.expertParallelColumn = isMixtureOfExperts(request.model);
    labels.priceColumn = request.base.pricePerDeviceHourUsd.has_value();
    labels.sloColumn = request.sloTpotSeconds || request.sloTtftSeconds;
    if (args.format == "json") {
        writeJson(out, request, frontier, labels);
    } else if (args.format == "csv") {
        writeCsv(out, frontier, labels);
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

}  // namespace roofline::cli
