// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/io/review_report.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include <nlohmann/json.hpp>

#include "roofline/comparison.h"
#include "roofline/estimate.h"
#include "roofline/explain.h"
#include "roofline/format.h"
#include "roofline/io/levers.h"
#include "roofline/io/presets.h"
#include "roofline/io/scenario_names.h"
#include "roofline/requests.h"

namespace roofline::io {
namespace {

std::string str(std::string_view s) { return std::string(s); }

std::string joined(const std::vector<std::string>& items, std::string_view separator) {
    std::string text;
    for (const std::string& item : items) {
        if (!text.empty()) {
            text.append(separator);
        }
        text.append(item);
    }
    return text;
}

// The text of a shipped preset file at `path` ("hardware/h100-sxm.json"), or null.
const EmbeddedPreset* embedded(const std::string& path) {
    const std::vector<EmbeddedPreset>& presets = embeddedPresets();
    const auto it = std::find_if(presets.begin(), presets.end(),
                                 [&path](const EmbeddedPreset& p) { return p.path == path; });
    return it == presets.end() ? nullptr : &*it;
}

// Where the hardware's figures come from: the shipped preset with its confidence and the keys
// of its cited sources (the file holds the citations), or the file it was read from.
std::string hardwareSource(const ReviewScenario& s) {
    const Hardware& h = s.scenario->hardware;
    const std::string path = std::string("hardware/").append(s.hardware).append(".json");
    const EmbeddedPreset* preset = embedded(path);
    if (preset == nullptr) {
        return s.hardware.empty() ? std::string(h.name).append(": set in the window")
                                  : std::string(h.name).append(": file ").append(s.hardware);
    }
    std::string text = std::string(h.name).append(": shipped preset presets/").append(path);
    const nlohmann::json json = nlohmann::json::parse(preset->text, nullptr, false);
    std::vector<std::string> keys;
    if (json.is_object() && json.contains("sources") && json["sources"].is_object()) {
        for (const auto& item : json["sources"].items()) {
            keys.push_back(item.key());
        }
    }
    if (!h.confidence.empty()) {
        text.append(", confidence ").append(h.confidence);
    }
    if (!keys.empty()) {
        text.append(", sources ").append(joined(keys, ", "));
    }
    return text;
}

// The model's: the shipped preset with its cited sources, or the file.
std::string modelSource(const ReviewScenario& s) {
    const Model& m = s.scenario->model;
    const std::string path = std::string("models/").append(s.model).append(".json");
    const EmbeddedPreset* preset = embedded(path);
    if (preset == nullptr) {
        return s.model.empty() ? std::string(m.name).append(": set in the window")
                               : std::string(m.name).append(": file ").append(s.model);
    }
    std::string text = std::string(m.name).append(": shipped preset presets/").append(path);
    const nlohmann::json json = nlohmann::json::parse(preset->text, nullptr, false);
    std::vector<std::string> sources;
    if (json.is_object() && json.contains("_roofline") && json["_roofline"].is_object() &&
        json["_roofline"].contains("sources") && json["_roofline"]["sources"].is_array()) {
        for (const auto& source : json["_roofline"]["sources"]) {
            if (source.is_string()) {
                sources.push_back(source.get<std::string>());
            }
        }
    }
    if (!sources.empty()) {
        text.append(", sources: ").append(joined(sources, "; "));
    }
    return text;
}

std::string passText(const PassCost& p) {
    return str(toString(p.bound))
        .append("-bound (")
        .append(formatNumber(p.shares[p.bound] * 100.0, 2))
        .append("%), ")
        .append(formatNumber(p.intensity()))
        .append(" FLOP/byte, ")
        .append(formatSi(p.attainableFlopsPerSecond, "FLOP/s"))
        .append(", ")
        .append(formatDuration(p.timeSeconds));
}

std::string capitalised(std::string text) {
    if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') {
        text[0] = static_cast<char>(text[0] - 'a' + 'A');
    }
    return text;
}

// The results panel's numbers of one scenario, as name–value rows.
ReportTable resultsTable(const Scenario& scenario, const Analysis& a) {
    ReportTable t{{"Quantity", "Value"}, {}};
    const auto row = [&t](std::string name, std::string value) {
        t.rows.push_back({std::move(name), std::move(value)});
    };
    row("TTFT", formatDuration(a.ttftSeconds));
    row("TPOT", formatDuration(a.tpotSeconds));
    row("Decode", formatNumber(a.decodeTokensPerSecond).append(" tok/s"));
    if (a.speculative) {
        row("Speculative", formatNumber(a.speculative->tokensPerStep)
                               .append(" tok/step; plain TPOT ")
                               .append(formatDuration(a.speculative->plainTpotSeconds)));
    }
    for (const PassCost& p : a.passes) {
        row(capitalised(str(toString(p.kind))), passText(p));
    }
    row("Ridge point", formatNumber(a.ridgePointFlopsPerByte).append(" FLOP/byte"));
    row("Compute roof", str(toString(a.computePrecision))
                            .append(" ")
                            .append(formatSi(a.peakFlopsPerSecond, "FLOP/s")));
    row(memoryRoofName(a), formatSi(a.memoryBandwidthBytesPerSecond, "B/s"));
    row("Critical batch", a.criticalBatch ? formatInteger(*a.criticalBatch) : str("never"));
    row("… weight matmuls",
        a.matmulCriticalBatch ? formatInteger(*a.matmulCriticalBatch) : str("never"));
    row("Goldilocks context",
        a.goldilocksContextTokens
            ? formatInteger(std::llround(*a.goldilocksContextTokens)).append(" tokens")
            : str("never"));
    const MemoryFootprint& m = a.memory;
    row("Memory per device", formatBytes(m.totalBytes)
                                 .append(" of ")
                                 .append(formatBytes(m.usableBytes))
                                 .append(" usable, ")
                                 .append(m.fits ? "fits" : "does not fit"));
    // 0: the weights and workspace leave no room, or not even for one sequence's KV cache.
    row("Max batch", m.maxBatch > 0                                     ? formatInteger(m.maxBatch)
                     : m.weightBytes + m.workspaceBytes > m.usableBytes ? str("weights do not fit")
                                                                        : str("0 (one sequence's "
                                                                              "KV cache does not "
                                                                              "fit)"));
    if (scenario.workload.tensorParallel > 1) {
        row("Interconnect",
            formatSi(a.interconnectBandwidthBytesPerSecond, "B/s").append(" per direction"));
    }
    return t;
}

std::string costText(const Analysis& a) {
    if (!a.cost) {
        return "no price set";
    }
    const bool images = a.modelKind != ModelKind::Decoder;
    return std::string("$")
        .append(
            formatNumber(images ? a.cost->usdPerMillionImages : a.cost->usdPerMillionOutputTokens))
        .append(images ? " / M images" : " / M tokens");
}

std::string energyText(const Analysis& a) {
    if (!a.energy) {
        return "no TDP known";
    }
    const bool images = a.modelKind != ModelKind::Decoder;
    return std::string("≤ ")
        .append(
            formatSi(images ? a.energy->joulesPerImageMax : a.energy->joulesPerOutputTokenMax, "J"))
        .append(images ? " / image" : " / token");
}

std::string changesText(const std::vector<LeverChange>& changes) {
    std::vector<std::string> parts;
    parts.reserve(changes.size());
    for (const LeverChange& c : changes) {
        parts.push_back(str(c.key).append(" ").append(c.from).append(" → ").append(c.to));
    }
    return joined(parts, ", ");
}

ReportSection leversSection(const Analysis& a, const std::vector<LeverOutcome>& levers) {
    ReportSection s{"Levers", ReportFigure::None, {}, std::nullopt, {}};
    s.paragraphs.push_back(
        std::string("Each lever applied alone to the current scenario. Base: TTFT ")
            .append(formatDuration(a.ttftSeconds))
            .append(", TPOT ")
            .append(formatDuration(a.tpotSeconds))
            .append(", ")
            .append(formatNumber(a.decodeTokensPerSecond))
            .append(" tok/s, ")
            .append(a.memoryAllDevices.fits ? "fits." : "does not fit."));
    ReportTable t{
        {"Lever", "TPOT", "Speedup", "TTFT", "Speedup", "tok/s", "Gain", "Fits", "Change"}, {}};
    for (const LeverOutcome& lever : levers) {
        const std::string key(leverKey(lever.id));
        if (!lever.applicable) {
            t.rows.push_back({key, "–", "", "", "", "", "", "",
                              std::string("does not apply: ").append(lever.reason)});
            continue;
        }
        const Analysis& n = lever.analysis;
        t.rows.push_back({key, formatDuration(n.tpotSeconds),
                          std::string("×").append(formatNumber(lever.speedupTpot)),
                          formatDuration(n.ttftSeconds),
                          std::string("×").append(formatNumber(lever.speedupTtft)),
                          formatNumber(n.decodeTokensPerSecond),
                          std::string("×").append(formatNumber(lever.throughputGain)),
                          lever.fits ? "yes" : "no", changesText(lever.changes)});
    }
    s.table = std::move(t);
    return s;
}

// An SLO as the user types it, in milliseconds: "50 ms", "2,000 ms".
std::string secondsText(double seconds) { return formatProseNumber(seconds * 1e3).append(" ms"); }

std::string sloText(const FrontierRequest& r) {
    std::vector<std::string> parts;
    if (r.sloTpotSeconds) {
        parts.push_back(std::string("TPOT ≤ ").append(secondsText(*r.sloTpotSeconds)));
    }
    if (r.sloTtftSeconds) {
        parts.push_back(std::string("TTFT ≤ ").append(secondsText(*r.sloTtftSeconds)));
    }
    return joined(parts, ", ");
}

std::string configurationText(const ReviewFrontier& f, const FrontierConfiguration& c) {
    std::string text = c.hardware < f.hardwareNames.size() ? f.hardwareNames[c.hardware]
                                                           : f.request->hardware[c.hardware].name;
    text.append(", TP ")
        .append(formatInteger(c.tensorParallel))
        .append(", ")
        .append(toString(c.quantization))
        .append(", batch ")
        .append(formatInteger(c.batch));
    if (isMixtureOfExperts(f.request->model)) {
        text.append(c.expertParallel ? ", EP on" : ", EP off");
    }
    return text;
}

template <class T>
std::string listText(const std::vector<T>& values, const auto& text) {
    std::vector<std::string> parts;
    parts.reserve(values.size());
    for (const T& v : values) {
        parts.push_back(text(v));
    }
    return joined(parts, ", ");
}

ReportSection frontierSection(const ReviewFrontier& f) {
    const FrontierRequest& r = *f.request;
    const Frontier& fr = *f.frontier;
    ReportSection s{"Frontier", ReportFigure::Frontier, {}, std::nullopt, {}};
    const bool moe = isMixtureOfExperts(r.model);
    std::vector<std::string> hardware;
    for (std::size_t i = 0; i < r.hardware.size(); ++i) {
        hardware.push_back(i < f.hardwareNames.size() ? f.hardwareNames[i] : r.hardware[i].name);
    }
    s.paragraphs.push_back(
        std::string(r.model.name)
            .append(": requests of ")
            .append(formatInteger(r.shape.promptTokens))
            .append(" prompt and ")
            .append(formatInteger(r.shape.outputTokens))
            .append(" output tokens (decode at the mean context ")
            .append(formatInteger(meanDecodeContext(r.shape)))
            .append("), on ")
            .append(joined(hardware, ", "))
            .append("; TP ")
            .append(listText(r.tensorParallel, [](std::int64_t v) { return formatInteger(v); }))
            .append("; ")
            .append(listText(r.quantizations, [](Quantization q) { return str(toString(q)); }))
            .append("; batch ")
            .append(listText(r.batches, [](std::int64_t v) { return formatInteger(v); }))
            .append("."));
    std::size_t fits = 0;
    std::size_t meets = 0;
    std::size_t onFrontier = 0;
    for (const FrontierPoint& p : fr.points) {
        fits += p.result.fits ? 1U : 0U;
        meets += p.meetsSlo.value_or(false) ? 1U : 0U;
        onFrontier += p.onFrontier ? 1U : 0U;
    }
    const std::string slo = sloText(r);
    std::string counts = formatInteger(static_cast<long long>(fr.points.size()))
                             .append(" configurations, ")
                             .append(formatInteger(static_cast<long long>(fits)))
                             .append(" fit");
    if (!slo.empty()) {
        counts.append(", ")
            .append(formatInteger(static_cast<long long>(meets)))
            .append(" meet the SLOs (")
            .append(slo)
            .append(")");
    } else {
        counts.append(", no SLO set");
    }
    counts.append("; ")
        .append(formatInteger(static_cast<long long>(onFrontier)))
        .append(" on the Pareto frontier of interactivity and throughput per device.");
    if (!fr.skipped.empty()) {
        counts.append(" ")
            .append(formatInteger(static_cast<long long>(fr.skipped.size())))
            .append(" configurations skipped (the engine refuses them).");
    }
    s.paragraphs.push_back(counts);
    s.paragraphs.push_back(bestConfigurationText(f));

    const bool price = r.base.pricePerDeviceHourUsd.has_value();
    const bool sloColumn = !slo.empty();
    ReportTable t;
    t.header = {"Hardware", "TP", "Quant", "Batch"};
    if (moe) {
        t.header.emplace_back("EP");
    }
    for (const char* h : {"TTFT", "TPOT", "tok/s per user", "tok/s per device"}) {
        t.header.emplace_back(h);
    }
    if (price) {
        t.header.emplace_back("$ / M tokens");
    }
    if (sloColumn) {
        t.header.emplace_back("SLO");
    }
    t.header.emplace_back("Note");
    // The frontier's points by interactivity (left to right on the plot), and the best one
    // even when it is not on the frontier.
    std::vector<std::size_t> rows;
    for (std::size_t i = 0; i < fr.points.size(); ++i) {
        if (fr.points[i].onFrontier || fr.best == i) {
            rows.push_back(i);
        }
    }
    std::stable_sort(rows.begin(), rows.end(), [&fr](std::size_t a, std::size_t b) {
        return fr.points[a].result.interactivityTokensPerSecondPerUser <
               fr.points[b].result.interactivityTokensPerSecondPerUser;
    });
    for (const std::size_t i : rows) {
        const FrontierPoint& p = fr.points[i];
        const FrontierConfiguration& c = p.configuration;
        const RequestResult& q = p.result;
        std::vector<std::string> row = {hardware[c.hardware], formatInteger(c.tensorParallel),
                                        str(toString(c.quantization)), formatInteger(c.batch)};
        if (moe) {
            row.emplace_back(c.expertParallel ? "on" : "off");
        }
        row.push_back(formatDuration(q.ttftSeconds));
        row.push_back(formatDuration(q.tpotSeconds));
        row.push_back(formatNumber(q.interactivityTokensPerSecondPerUser));
        row.push_back(formatNumber(q.throughputTokensPerSecondPerDevice));
        if (price) {
            row.push_back(q.usdPerMillionOutputTokens
                              ? std::string("$").append(formatNumber(*q.usdPerMillionOutputTokens))
                              : str("–"));
        }
        if (sloColumn) {
            row.emplace_back(p.meetsSlo.value_or(false) ? "meets" : "misses");
        }
        std::string note = p.onFrontier ? "frontier" : "";
        if (fr.best == i) {
            note.append(note.empty() ? "best" : ", best");
        }
        row.push_back(note);
        t.rows.push_back(std::move(row));
    }
    s.table = std::move(t);
    return s;
}

// One scenario's assumptions, each a sentence.
std::vector<std::string> assumptions(const Scenario& scenario, const Analysis& a) {
    std::vector<std::string> out;
    const Workload& w = scenario.workload;
    switch (w.ceilings) {
        case Ceilings::Peak:
            out.emplace_back("Ceilings: peak, the spec sheet's dense FLOP/s and memory bandwidth.");
            break;
        case Ceilings::Achievable:
            out.push_back(
                std::string("Ceilings: achievable, the preset's measured rates where it has them, "
                            "else ")
                    .append(formatProseNumber(kDefaultAchievableComputeFraction * 100.0))
                    .append(" % of peak FLOP/s and ")
                    .append(formatProseNumber(kDefaultAchievableBandwidthFraction * 100.0))
                    .append(" % of peak bandwidth."));
            break;
        case Ceilings::Estimate: {
            std::string text = "Ceilings: achievable, with the estimate of a real stack";
            if (scenario.calibration) {
                const CalibrationProfile& p = *scenario.calibration;
                text.append(" from the calibration profile ")
                    .append(p.id)
                    .append(" (")
                    .append(p.engine);
                if (!p.engineVersion.empty()) {
                    text.append(" ").append(p.engineVersion);
                }
                if (!p.date.empty()) {
                    text.append(", ").append(p.date);
                }
                // A profile fitted on n records says so wherever it is used.
                text.append(p.fittedRecords > 0
                                ? ", fitted on " +
                                      formatInteger(static_cast<long long>(p.fittedRecords)) +
                                      " records"
                                : std::string(", cited defaults, not fitted"));
                text.append(")");
                if (!p.description.empty()) {
                    text.append(": ").append(p.description);
                }
            }
            out.push_back(text.append("."));
            break;
        }
    }
    out.push_back(std::string("Usable memory: ")
                      .append(formatProseNumber(w.memoryUtilization * 100.0))
                      .append(" % of each device's capacity (memory utilisation ")
                      .append(formatProseNumber(w.memoryUtilization))
                      .append(")."));
    if (w.pricePerDeviceHourUsd) {
        out.push_back(std::string("Price: $")
                          .append(formatProseNumber(*w.pricePerDeviceHourUsd))
                          .append(" per device-hour, as given; cost = price × devices × 10⁶ / "
                                  "(3600 × decode tok/s), the prefill not charged."));
    } else {
        out.emplace_back("No price set: no cost.");
    }
    if (a.energy) {
        out.push_back(std::string("Energy: an upper bound, each device at its TDP (")
                          .append(formatProseNumber(scenario.hardware.tdpWatts))
                          .append(" W) for the whole step."));
    } else {
        out.emplace_back("No TDP known: no energy.");
    }
    return out;
}

}  // namespace

const ReportSection* ReviewReport::section(std::string_view name) const {
    const auto it = std::find_if(sections.begin(), sections.end(),
                                 [name](const ReportSection& s) { return s.title == name; });
    return it == sections.end() ? nullptr : &*it;
}

std::vector<std::string> compareHeader() {
    return {"Scenario",
            "Hardware × devices",
            "Weights / act. / KV",
            "Batch",
            "Prompt / context",
            "TTFT",
            "TPOT",
            "Decode tok/s per device",
            "Cost",
            "Energy (max)",
            "Decode bound",
            "Fits (memory per device)"};
}

std::vector<std::string> compareRow(const ReviewScenario& s) {
    const Analysis& a = *s.analysis;
    const Workload& w = s.scenario->workload;
    const MemoryFootprint& m = a.memory;
    return {s.name,
            std::string(s.scenario->hardware.name).append(" × ").append(formatInteger(a.devices)),
            str(toString(w.weightPrecision))
                .append(" / ")
                .append(toString(w.activationPrecision))
                .append(" / ")
                .append(toString(w.kvPrecision)),
            formatInteger(w.batch),
            formatInteger(w.promptTokens).append(" / ").append(formatInteger(w.contextTokens)),
            formatDuration(a.ttftSeconds),
            formatDuration(a.tpotSeconds),
            formatNumber(a.decodeTokensPerSecondPerDevice).append(" tok/s"),
            costText(a),
            energyText(a),
            str(toString(a.decode().bound)),
            std::string(m.fits ? "yes: " : "no: ")
                .append(formatBytes(m.totalBytes))
                .append(" of ")
                .append(formatBytes(m.usableBytes))};
}

std::string bestConfigurationText(const ReviewFrontier& f) {
    if (f.request == nullptr || f.frontier == nullptr) {
        return {};
    }
    const std::string slo = sloText(*f.request);
    if (!f.frontier->best) {
        return slo.empty() ? std::string("No configuration fits.")
                           : std::string("No configuration that fits meets the SLOs (")
                                 .append(slo)
                                 .append(").");
    }
    const FrontierPoint& b = f.frontier->points[*f.frontier->best];
    const RequestResult& r = b.result;
    std::string text = slo.empty() ? std::string(
                                         "Best (no SLO set; the highest tok/s per "
                                         "device that fits): ")
                                   : std::string("Best meeting the SLOs (")
                                         .append(slo)
                                         .append("; the highest tok/s per device that fits): ");
    text.append(configurationText(f, b.configuration))
        .append(": ")
        .append(formatNumber(r.throughputTokensPerSecondPerDevice))
        .append(" tok/s per device, ")
        .append(formatNumber(r.interactivityTokensPerSecondPerUser))
        .append(" tok/s per user, TTFT ")
        .append(formatDuration(r.ttftSeconds))
        .append(", TPOT ")
        .append(formatDuration(r.tpotSeconds));
    if (r.usdPerMillionOutputTokens) {
        text.append(", $").append(formatNumber(*r.usdPerMillionOutputTokens)).append(" / M tokens");
    }
    return text.append(".");
}

ReviewReport reviewReport(const ReviewInput& input) {
    const ReviewScenario& current = input.current;
    const Scenario& scenario = *current.scenario;
    const Analysis& analysis = *current.analysis;
    std::vector<const ReviewScenario*> all = {&current};
    for (const ReviewScenario& c : input.compare) {
        all.push_back(&c);
    }

    ReviewReport report;
    report.title = std::string("Roofline review: ").append(scenarioCaption(scenario));
    report.titleBlock.emplace_back("Date", input.date);
    report.titleBlock.emplace_back("Version",
                                   std::string("Roofline Explorer ").append(input.version));
    report.titleBlock.emplace_back("Scenario", current.name);
    if (!input.compare.empty()) {
        std::vector<std::string> names;
        names.reserve(input.compare.size());
        for (const ReviewScenario& c : input.compare) {
            names.push_back(c.name);
        }
        report.titleBlock.emplace_back("Compared with", joined(names, ", "));
    }
    // Each distinct hardware and model once, in the scenarios' order.
    std::vector<std::string> hardware;
    std::vector<std::string> models;
    for (const ReviewScenario* s : all) {
        for (auto [list, text] :
             {std::pair{&hardware, hardwareSource(*s)}, std::pair{&models, modelSource(*s)}}) {
            if (std::find(list->begin(), list->end(), text) == list->end()) {
                list->push_back(text);
            }
        }
    }
    for (const std::string& h : hardware) {
        report.titleBlock.emplace_back("Hardware", h);
    }
    for (const std::string& m : models) {
        report.titleBlock.emplace_back("Model", m);
    }

    ReportSection roofline{"Roofline", ReportFigure::Roofline, {}, std::nullopt, {}};
    roofline.paragraphs.push_back(
        input.compare.empty()
            ? std::string("The current scenario, ").append(current.name).append(".")
            : std::string("The current scenario, ")
                  .append(current.name)
                  .append(", and ")
                  .append(formatInteger(static_cast<long long>(input.compare.size())))
                  .append(" compare scenario")
                  .append(input.compare.size() == 1 ? "" : "s")
                  .append(" on one plot, each in its own colour."));
    report.sections.push_back(std::move(roofline));

    ReportSection results{"Results", ReportFigure::None, {}, std::nullopt, {}};
    results.paragraphs.push_back(
        std::string("The current scenario, ").append(current.name).append("."));
    results.table = resultsTable(scenario, analysis);
    report.sections.push_back(std::move(results));

    ReportSection compare{"Compare", ReportFigure::None, {}, std::nullopt, {}};
    compare.paragraphs.emplace_back(
        "Cost per million output tokens at the steady decode rate of all devices (prefill not "
        "charged); energy per output token at most, every device at its TDP.");
    ReportTable table{compareHeader(), {}};
    for (const ReviewScenario* s : all) {
        table.rows.push_back(compareRow(*s));
    }
    table.rows.front().front().append(" (current)");
    compare.table = std::move(table);
    // Rows that differ in precision, ceilings or lengths say so, as the window's table does.
    std::vector<ComparedScenario> compared;
    compared.reserve(all.size());
    for (const ReviewScenario* s : all) {
        compared.push_back({s->name, s->scenario});
    }
    if (std::string note = fairnessNote(compared); !note.empty()) {
        compare.paragraphs.push_back(std::move(note));
    }
    report.sections.push_back(std::move(compare));

    if (input.frontier && input.frontier->request != nullptr &&
        input.frontier->frontier != nullptr) {
        report.sections.push_back(frontierSection(*input.frontier));
    }

    const std::vector<LeverOutcome> levers = listLevers(scenario, analysis);
    report.sections.push_back(leversSection(analysis, levers));

    ReportSection warnings{"Warnings", ReportFigure::None, {}, std::nullopt, {}};
    for (const ReviewScenario* s : all) {
        for (const Warning& w : s->analysis->warnings) {
            warnings.bullets.push_back(
                all.size() == 1 ? w.str() : std::string(s->name).append(": ").append(w.str()));
        }
    }
    if (warnings.bullets.empty()) {
        warnings.paragraphs.emplace_back("None.");
    }
    report.sections.push_back(std::move(warnings));

    ReportSection explanation{"Explanation", ReportFigure::None, {}, std::nullopt, {}};
    explanation.paragraphs.push_back(
        std::string("Of the current scenario, ").append(current.name).append("."));
    explanation.bullets = explain(scenario, analysis, levers);
    report.sections.push_back(std::move(explanation));

    // The same assumption for every scenario is said once; one that differs names its
    // scenarios.
    ReportSection assumed{"Assumptions", ReportFigure::None, {}, std::nullopt, {}};
    std::vector<std::pair<std::string, std::vector<std::string>>> merged;
    for (const ReviewScenario* s : all) {
        for (std::string& text : assumptions(*s->scenario, *s->analysis)) {
            auto it = std::find_if(merged.begin(), merged.end(),
                                   [&text](const auto& m) { return m.first == text; });
            if (it == merged.end()) {
                merged.emplace_back(std::move(text), std::vector<std::string>{});
                it = std::prev(merged.end());
            }
            it->second.push_back(s->name);
        }
    }
    for (auto& [text, names] : merged) {
        assumed.bullets.push_back(
            names.size() == all.size() ? text : joined(names, ", ").append(": ").append(text));
    }
    if (input.frontier && input.frontier->request != nullptr) {
        // The serving model the Frontier was computed under (requests.h).
        const FrontierRequest& request = *input.frontier->request;
        std::string frontier =
            request.shape.batching == Batching::Continuous
                ? "Frontier: one decode step at the mean context P + ⌊O/2⌋ stands for the O steps "
                  "of a request; continuous batching: the prefill of the batch is chunked into "
                  "its O steps, TPOT = decode step + prefill / O, throughput per device = batch "
                  "/ TPOT / devices."
                : "Frontier: one decode step at the mean context P + ⌊O/2⌋ stands for the O steps "
                  "of a request; throughput per device = batch × O / (TTFT + (O − 1) × TPOT) / "
                  "devices charges the prefill.";
        const bool pools = std::any_of(request.prefillPools.begin(), request.prefillPools.end(),
                                       [](std::int64_t p) { return p > 0; });
        if (pools) {
            frontier.append(
                " Disaggregated configurations: the pools work at once, one batch per "
                "max(prefill + KV transfer, O × TPOT), over both pools' devices; queueing is not "
                "modelled.");
        }
        assumed.bullets.push_back(std::move(frontier));
    }
    assumed.bullets.emplace_back(
        "Roofline bounds: each operator takes the longest of its compute, memory and "
        "interconnect times; real stacks are slower (see the estimate ceiling).");
    report.sections.push_back(std::move(assumed));
    return report;
}

namespace {

std::string cell(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (c == '|') {
            out.append("\\|");
        } else if (c == '\n') {
            out.append(" ");
        } else {
            out.push_back(c);
        }
    }
    return out;
}

void appendRow(std::string& out, const std::vector<std::string>& cells) {
    out.append("|");
    for (const std::string& c : cells) {
        out.append(" ").append(cell(c)).append(" |");
    }
    out.append("\n");
}

}  // namespace

std::string writeMarkdown(const ReviewReport& report) {
    std::string out = std::string("# ").append(report.title).append("\n\n");
    for (const auto& [name, value] : report.titleBlock) {
        out.append("- **").append(name).append(":** ").append(value).append("\n");
    }
    for (const ReportSection& s : report.sections) {
        if (!out.ends_with("\n\n")) {
            out.append("\n");
        }
        out.append("## ").append(s.title).append("\n\n");
        if (s.figure != ReportFigure::None) {
            out.append(s.figure == ReportFigure::Roofline
                           ? "*Figure: the roofline plot (in the PDF report).*\n\n"
                           : "*Figure: the Frontier plot (in the PDF report).*\n\n");
        }
        for (const std::string& p : s.paragraphs) {
            out.append(p).append("\n\n");
        }
        if (s.table) {
            appendRow(out, s.table->header);
            out.append("|");
            for (std::size_t i = 0; i < s.table->header.size(); ++i) {
                out.append(" --- |");
            }
            out.append("\n");
            for (const std::vector<std::string>& row : s.table->rows) {
                appendRow(out, row);
            }
            out.append("\n");
        }
        for (const std::string& b : s.bullets) {
            out.append("- ").append(b).append("\n");
        }
        if (!s.bullets.empty()) {
            out.append("\n");
        }
    }
    // One newline at the end, not two.
    while (out.size() > 1 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n') {
        out.pop_back();
    }
    return out;
}

}  // namespace roofline::io
