// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/io/scenario_diff.h"

#include <filesystem>
#include <string_view>

#include "roofline/format.h"

namespace roofline::io {

namespace {

/// A shipped id as it is; a path by its file name (the folder says nothing a reader needs).
std::string referenceText(const std::string& reference) {
    if (reference.find('/') == std::string::npos && reference.find('\\') == std::string::npos) {
        return reference;
    }
    return std::filesystem::path(reference).filename().string();
}

std::string onOff(bool on) { return on ? "on" : "off"; }

std::string weightsText(const ScenarioFile& file) {
    return file.checkpointWeights ? "as stored"
                                  : std::string(toString(file.workload.weightPrecision));
}

/// A part's own precision, or "as weights" where the part follows the weights' one.
std::string partText(const std::optional<Precision>& part) {
    return part ? std::string(toString(*part)) : "as weights";
}

std::string kvHeadsText(std::int64_t kvHeads) {
    return kvHeads == 0 ? "model's" : formatInteger(kvHeads);
}

std::string prefillDevicesText(std::int64_t devices) {
    return devices == 0 ? "colocated" : formatInteger(devices);
}

std::string speculativeText(std::int64_t k) { return k == 0 ? "off" : formatInteger(k); }

std::string attentionText(AttentionParallel mode) {
    return mode == AttentionParallel::Data ? "data" : "tensor";
}

std::string calibrationText(const std::string& calibration) {
    return calibration.empty() ? "shipped" : referenceText(calibration);
}

std::string priceText(const std::optional<double>& usd) {
    if (!usd) {
        return "none";
    }
    // Appended, not "$" + string: GCC 12 at -O3 warns a false stringop-overflow on
    // operator+(const char*, string&&) here (release-werror).
    std::string text = "$";
    text += formatProseNumber(*usd);
    text += "/h";
    return text;
}

/// Hardware or model: the names where both sides have one, else the references.
void addNamed(std::vector<ScenarioDifference>& out, const char* input, const std::string& fromRef,
              const std::string& toRef, const std::string& fromName, const std::string& toName) {
    const bool named = !fromName.empty() && !toName.empty();
    if (fromRef == toRef && (!named || fromName == toName)) {
        return;
    }
    if (named && fromName != toName) {
        out.push_back({input, fromName, toName});
        return;
    }
    // Two files that carry one name (two copies of a config): their references tell them apart.
    out.push_back({input, referenceText(fromRef), referenceText(toRef)});
}

}  // namespace

std::string ScenarioDifference::text() const { return input + " " + from + " \u2192 " + to; }

std::vector<ScenarioDifference> scenarioDifferences(const ScenarioFile& from,
                                                    const ScenarioFile& to,
                                                    const ScenarioNames& fromNames,
                                                    const ScenarioNames& toNames) {
    std::vector<ScenarioDifference> out;
    const auto add = [&out](const char* input, std::string a, std::string b) {
        if (a != b) {
            out.push_back({input, std::move(a), std::move(b)});
        }
    };
    const Workload& a = from.workload;
    const Workload& b = to.workload;
    addNamed(out, "hardware", from.hardware, to.hardware, fromNames.hardware, toNames.hardware);
    addNamed(out, "model", from.model, to.model, fromNames.model, toNames.model);
    add("batch", formatInteger(a.batch), formatInteger(b.batch));
    add("prompt", formatInteger(a.promptTokens), formatInteger(b.promptTokens));
    add("context", formatInteger(a.contextTokens), formatInteger(b.contextTokens));
    add("weights", weightsText(from), weightsText(to));
    add("expert weights", partText(a.expertWeightPrecision), partText(b.expertWeightPrecision));
    add("embedding weights", partText(a.embeddingWeightPrecision),
        partText(b.embeddingWeightPrecision));
    add("activations", std::string(toString(a.activationPrecision)),
        std::string(toString(b.activationPrecision)));
    add("KV cache", std::string(toString(a.kvPrecision)), std::string(toString(b.kvPrecision)));
    add("KV heads", kvHeadsText(a.kvHeadsOverride), kvHeadsText(b.kvHeadsOverride));
    add("tensor parallel", formatInteger(a.tensorParallel), formatInteger(b.tensorParallel));
    add("prefill devices", prefillDevicesText(a.prefillDevices),
        prefillDevicesText(b.prefillDevices));
    add("flash attention", onOff(a.flashAttention), onOff(b.flashAttention));
    add("expert parallel", onOff(a.expertParallel), onOff(b.expertParallel));
    add("attention parallel", attentionText(a.attentionParallel),
        attentionText(b.attentionParallel));
    add("speculative k", speculativeText(a.speculativeTokens),
        speculativeText(b.speculativeTokens));
    // Read only while speculating: a slider left at 0.8 with k = 0 changes nothing.
    if (a.speculativeTokens > 0 || b.speculativeTokens > 0) {
        add("acceptance", formatProseNumber(a.acceptanceRate), formatProseNumber(b.acceptanceRate));
        add("draft", referenceText(from.draftModel), referenceText(to.draftModel));
    }
    add("memory utilization", formatProseNumber(a.memoryUtilization),
        formatProseNumber(b.memoryUtilization));
    add("max batched tokens", formatInteger(a.maxBatchedTokens), formatInteger(b.maxBatchedTokens));
    add("ceilings", std::string(toString(a.ceilings)), std::string(toString(b.ceilings)));
    add("engine", from.engine, to.engine);
    add("engine version", from.engineVersion, to.engineVersion);
    add("calibration", calibrationText(from.calibration), calibrationText(to.calibration));
    add("price", priceText(a.pricePerDeviceHourUsd), priceText(b.pricePerDeviceHourUsd));
    return out;
}

std::string differencesText(const std::vector<ScenarioDifference>& differences, std::size_t most) {
    std::string text;
    const std::size_t shown = most > 0 && differences.size() > most ? most : differences.size();
    for (std::size_t i = 0; i < shown; ++i) {
        if (i > 0) {
            text += "; ";
        }
        text += differences[i].text();
    }
    if (shown < differences.size()) {
        text +=
            "; and " + formatInteger(static_cast<long long>(differences.size() - shown)) + " more";
    }
    return text;
}

}  // namespace roofline::io
