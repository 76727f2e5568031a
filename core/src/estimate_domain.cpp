// SPDX-License-Identifier: GPL-3.0-or-later
// Where a calibration profile holds (estimate.h, DOMAIN.md §11): its domain, whether a
// scenario is inside it, the interval an estimate gets by regime, and engine versions.

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <string>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/estimate.h"
#include "roofline/format.h"
#include "roofline/scenario.h"

namespace roofline {

namespace {

// A model's size is in the domain within this factor of its records' range: a 9B model
// behaves as an 8B one does, a 70B one not.
constexpr double kSizeMargin = 1.5;

std::uint32_t precisionBit(Precision p) { return std::uint32_t{1} << index(p); }

std::string kindsText(std::uint8_t kinds) {
    std::string out;
    const std::array<std::pair<std::uint8_t, const char*>, 4> names = {
        {{kDenseModel, "dense"}, {kMoeModel, "MoE"}, {kMlaModel, "MLA"}, {kHybridModel, "hybrid"}}};
    for (const auto& [bit, name] : names) {
        if ((kinds & bit) != 0) {
            out.append(out.empty() ? "" : ", ").append(name);
        }
    }
    return out.empty() ? "none" : out;
}

std::string precisionsText(std::uint32_t bits) {
    std::string out;
    for (Precision p : kAllPrecisions) {
        if ((bits & precisionBit(p)) != 0) {
            out.append(out.empty() ? "" : ", ").append(toString(p));
        }
    }
    return out.empty() ? "none" : out;
}

std::string tpText(const ProfileDomain& d) {
    return d.tpMin == d.tpMax ? "TP " + std::to_string(d.tpMin)
                              : "TP " + std::to_string(d.tpMin) + "–" + std::to_string(d.tpMax);
}

std::string sizeText(const ProfileDomain& d) {
    return formatParameters(d.parametersMin) + "–" + formatParameters(d.parametersMax);
}

std::string versionText(const ProfileDomain& d) {
    return d.versionMin == d.versionMax ? toString(d.versionMin)
                                        : toString(d.versionMin) + "–" + toString(d.versionMax);
}

}  // namespace

std::uint8_t modelKinds(const Model& model, double stateBytes) {
    std::uint8_t kinds = model.moe.enabled() ? kMoeModel : kDenseModel;
    for (const LayerGroup& g : model.layerGroups) {
        if (g.mixer == MixerKind::Mla || g.mixer == MixerKind::SparseMla) {
            kinds |= kMlaModel;
        }
    }
    if (stateBytes > 0.0) {
        kinds |= kHybridModel;
    }
    return kinds;
}

std::optional<EngineVersion> parseEngineVersion(std::string_view text) {
    if (!text.empty() && (text.front() == 'v' || text.front() == 'V')) {
        text.remove_prefix(1);
    }
    EngineVersion v;
    std::array<int*, 3> parts = {&v.major, &v.minor, &v.patch};
    const char* at = text.data();
    const char* end = text.data() + text.size();
    for (std::size_t i = 0; i < parts.size(); ++i) {
        int value = 0;
        const auto [next, ec] = std::from_chars(at, end, value);
        if (ec != std::errc() || value < 0) {
            if (i == 0) {
                return std::nullopt;
            }
            break;
        }
        *parts[i] = value;
        at = next;
        if (at == end || *at != '.') {
            break;
        }
        ++at;
    }
    return v;
}

std::string toString(EngineVersion version) {
    if (!version.known()) {
        return {};
    }
    return std::to_string(version.major) + "." + std::to_string(version.minor) + "." +
           std::to_string(version.patch);
}

std::string_view intervalRegimeName(std::size_t regime) {
    static constexpr std::array<std::string_view, kIntervalRegimes> kNames = {
        "decode/dense/tp1",  "decode/dense/tp>1",  "decode/moe/tp1",  "decode/moe/tp>1",
        "prefill/dense/tp1", "prefill/dense/tp>1", "prefill/moe/tp1", "prefill/moe/tp>1"};
    return regime < kNames.size() ? kNames[regime] : std::string_view();
}

std::uint32_t extrapolationOf(const CalibrationProfile& profile, const Analysis& analysis,
                              const Scenario& scenario) {
    const ProfileDomain& d = profile.domain;
    if (profile.fittedRecords == 0) {
        return kNotFitted;
    }
    if (!d.fitted) {
        return 0;  // fitted before profiles kept their domain: nothing to check against
    }
    std::uint32_t out = 0;
    if (!d.hardware.empty() &&
        std::find(d.hardware.begin(), d.hardware.end(), scenario.hardware.id) == d.hardware.end()) {
        out |= kOtherHardware;
    }
    const Workload& w = scenario.workload;
    if (w.tensorParallel < d.tpMin || w.tensorParallel > d.tpMax) {
        out |= kTensorParallel;
    }
    if ((modelKinds(scenario.model, analysis.stateBytesPerSequence) & ~d.kinds) != 0) {
        out |= kModelKind;
    }
    const double n = analysis.totalParameters;
    if (n < d.parametersMin / kSizeMargin || n > d.parametersMax * kSizeMargin) {
        out |= kModelSize;
    }
    const std::uint32_t weights =
        precisionBit(w.weightPrecision) |
        (scenario.model.moe.enabled()
             ? precisionBit(w.expertWeightPrecision.value_or(w.weightPrecision))
             : 0U);
    if ((weights & ~d.weightPrecisions) != 0) {
        out |= kWeightPrecision;
    }
    if (analysis.hasDecode()) {
        out |= d.ttft ? 0U : kTtftMetric;
        out |= d.decode ? 0U : kDecodeMetric;
    }
    // A generic profile's records are of several engines, whose versions do not compare.
    if (scenario.engineVersion.known() && d.versionMin.known() && profile.engine != "generic" &&
        (scenario.engineVersion < d.versionMin || scenario.engineVersion > d.versionMax)) {
        out |= kEngineVersion;
    }
    return out;
}

ResidualInterval intervalOf(const CalibrationProfile& profile, std::size_t regime,
                            bool extrapolated) {
    ResidualInterval i =
        regime < kIntervalRegimes && profile.intervals[regime].records > 0
            ? profile.intervals[regime]
            : ResidualInterval{profile.residualLow, profile.residualHigh, profile.fittedRecords};
    if (!extrapolated) {
        return i;
    }
    if (profile.extrapolated.records > 0) {
        i.low = std::min(i.low, profile.extrapolated.low);
        i.high = std::max(i.high, profile.extrapolated.high);
    } else {
        i.low -= kDefaultExtrapolationWidening;
        i.high += kDefaultExtrapolationWidening;
    }
    return i;
}

std::vector<std::string> extrapolationReasons(const EstimateResult& e, const Scenario& scenario) {
    return extrapolationReasons(e, scenario.hardware.id);
}

std::vector<std::string> extrapolationReasons(const EstimateResult& e,
                                              std::string_view hardwareId) {
    std::vector<std::string> out;
    if (e.extrapolation == 0 || e.calibration == nullptr) {
        return out;
    }
    const CalibrationProfile& p = *e.calibration;
    const ProfileDomain& d = p.domain;
    const std::string in = " in " + p.id;
    const EstimateResult::Checked& c = e.checked;
    if ((e.extrapolation & kNotFitted) != 0) {
        out.push_back(p.id + " is not fitted on any record: its values are cited defaults");
        return out;
    }
    if ((e.extrapolation & kOtherHardware) != 0) {
        std::string chips;
        for (const std::string& h : d.hardware) {
            chips.append(chips.empty() ? "" : ", ").append(h);
        }
        out.push_back("no " +
                      (hardwareId.empty() ? std::string("record on this chip")
                                          : std::string(hardwareId) + " record") +
                      in + " (its records are on " + chips + ")");
    }
    if ((e.extrapolation & kTensorParallel) != 0) {
        out.push_back("TP " + std::to_string(c.tensorParallel) + " outside " + tpText(d) + " of " +
                      p.id);
    }
    if ((e.extrapolation & kModelKind) != 0) {
        out.push_back("no " + kindsText(static_cast<std::uint8_t>(c.kinds & ~d.kinds)) + " model" +
                      in + " (its records: " + kindsText(d.kinds) + ")");
    }
    if ((e.extrapolation & kModelSize) != 0) {
        out.push_back("model size outside " + sizeText(d) + " parameters of " + p.id);
    }
    if ((e.extrapolation & kWeightPrecision) != 0) {
        out.push_back("no " + std::string(toString(c.weights)) + " weights" + in +
                      " (its records: " + precisionsText(d.weightPrecisions) + ")");
    }
    if ((e.extrapolation & kTtftMetric) != 0) {
        out.push_back("no TTFT record" + in + ": the TTFT is extrapolated");
    }
    if ((e.extrapolation & kDecodeMetric) != 0) {
        out.push_back("no decode record" + in + ": the TPOT is extrapolated");
    }
    if ((e.extrapolation & kEngineVersion) != 0) {
        out.push_back(p.engine + " " + toString(c.version) + " outside the versions" + in + " (" +
                      versionText(d) + ")");
    }
    return out;
}

std::string domainText(const ProfileDomain& d) {
    if (!d.fitted) {
        return "not fitted";
    }
    std::string out = tpText(d) + "; " + kindsText(d.kinds) + "; " + sizeText(d) + " parameters; " +
                      precisionsText(d.weightPrecisions) + " weights; ";
    out += d.ttft && d.decode ? "TTFT and decode" : d.ttft ? "TTFT only" : "decode only";
    if (d.versionMin.known()) {
        out += "; versions " + versionText(d);
    }
    if (!d.hardware.empty()) {
        out += ";";
        for (const std::string& h : d.hardware) {
            out += " " + h;
        }
    }
    return out;
}

}  // namespace roofline
