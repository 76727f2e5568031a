// SPDX-License-Identifier: GPL-3.0-or-later
// Writing a Hardware as a schema-2 preset (presets/README.md), the inverse of parseHardware()
// in hardware_json.cpp: the same keys and units, so that parseHardware(hardwareToJson(hw))
// gives hw back, field for field (tests/presets/hardware_writer_test.cpp, over every preset).
//
// Each number is written as the shortest decimal that the reader's own conversion turns
// back into exactly the same double (3.35 TB/s, not 3.3500000000000001): dividing by the
// unit alone can land one ulp away once the reader multiplies again.
//
// A value the schema cannot hold (a bandwidth of 0 where the reader requires one, a
// negative peak) is still written as it is, so that the reader refuses it with its own
// message: the hardware editor shows exactly what loading the file would say.

#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

#include <nlohmann/json.hpp>

#include "roofline/io/presets.h"

namespace roofline::io {

namespace {

using Json = nlohmann::ordered_json;  // keys in the schema's order, as the presets write them

constexpr int kSchemaVersion = 2;
constexpr double kBytesPerGiB = 1024.0 * 1024.0 * 1024.0;
constexpr double kInfinity = std::numeric_limits<double>::infinity();
// The one citation a written file can give: Hardware keeps no sources, and the reader
// requires one for the driver-visible capacity and for achievable rates.
constexpr const char* kEditorSource = "hardware_editor";

/// The shortest decimal d with d * perUnit == si (the reader's conversion, bit for bit);
/// integral values as JSON integers (80, not 80.0).
Json unitValue(double si, double perUnit) {
    if (!std::isfinite(si)) {
        return Json(si);  // nlohmann writes null: the reader says the key is missing
    }
    const double quotient = si / perUnit;
    double best = quotient;
    bool found = false;
    for (int digits = 1; digits <= 17 && !found; ++digits) {
        char text[40];
        const auto written =
            std::to_chars(text, text + sizeof text, quotient, std::chars_format::general, digits);
        double candidate = 0.0;
        (void)std::from_chars(text, written.ptr, candidate);
        if (candidate * perUnit == si) {
            best = candidate;
            found = true;
        }
    }
    // The division can round the other way from the reader's product: try the neighbours.
    for (int step = 1; step <= 4 && !found; ++step) {
        for (const double direction : {kInfinity, -kInfinity}) {
            double candidate = quotient;
            for (int i = 0; i < step; ++i) {
                candidate = std::nextafter(candidate, direction);
            }
            if (candidate * perUnit == si) {
                best = candidate;
                found = true;
                break;
            }
        }
    }
    constexpr double kLargestExactInteger = 9007199254740992.0;  // 2^53
    if (best == std::floor(best) && std::fabs(best) < kLargestExactInteger) {
        return Json(static_cast<std::int64_t>(best));
    }
    return Json(best);
}

/// {precision: TFLOP/s} of the roof precisions with a rate (0 means no roof: left out).
Json rates(const std::array<double, kPrecisionCount>& perSecond) {
    Json out = Json::object();
    for (const Precision p : kAllPrecisions) {
        const double value = perSecond[index(p)];
        if (isRoofPrecision(p) && value != 0.0) {
            out[std::string(toString(p))] = unitValue(value, 1e12);
        }
    }
    return out;
}

bool anyRate(const std::array<double, kPrecisionCount>& perSecond) {
    for (const double value : perSecond) {
        if (value != 0.0) {
            return true;
        }
    }
    return false;
}

Json interconnect(const Hardware& hw) {
    Json link = Json::object();
    // Only a single device (a domain of 1) may leave the bandwidth out; 0 anywhere else is
    // written, for the reader to refuse.
    if (hw.interconnectBandwidthBytesPerSecond != 0.0 || hw.scaleUpDomainDevices != 1) {
        link["bandwidth_gb_s_per_direction"] =
            unitValue(hw.interconnectBandwidthBytesPerSecond, 1e9);
    }
    link["scale_up_domain_devices"] = hw.scaleUpDomainDevices;
    // Left out at the default, as the presets leave it out (presets/README.md).
    if (hw.collectiveLatencySeconds != kDefaultCollectiveLatencySeconds) {
        link["collective_latency_us"] = unitValue(hw.collectiveLatencySeconds, 1e-6);
    }
    return link;
}

}  // namespace

std::string hardwareToJson(const Hardware& hw) {
    Json j = Json::object();
    j["schema_version"] = kSchemaVersion;
    j["id"] = hw.id;
    j["name"] = hw.name;
    if (!hw.vendor.empty()) {
        j["vendor"] = hw.vendor;
    }
    if (!hw.memoryType.empty()) {
        j["memory_type"] = hw.memoryType;
    }
    j["memory_capacity_gib"] = unitValue(hw.memoryCapacityBytes, kBytesPerGiB);
    const bool visible = hw.memoryCapacityVisibleBytes != 0.0;
    if (visible) {
        j["memory_capacity_visible_gib"] = unitValue(hw.memoryCapacityVisibleBytes, kBytesPerGiB);
    }
    j["memory_bandwidth_tb_s"] = unitValue(hw.memoryBandwidthBytesPerSecond, 1e12);
    j["peak_dense_tflops"] = rates(hw.peakFlopsPerSecond);
    if (hw.computePeakUnsourced) {
        // Hardware keeps only the flag; the reader wants a sentence.
        j["compute_peak_unsourced"] =
            "No compute peak is sourced for this device (carried over by the hardware "
            "editor): only the memory roof is drawn.";
    }
    if (hw.onChipCacheBytes != 0.0) {
        j["l2_cache_mb"] = unitValue(hw.onChipCacheBytes, 1e6);
    }
    if (!hw.memoryLevels.empty()) {
        Json levels = Json::array();
        for (const MemoryLevelSpec& level : hw.memoryLevels) {
            Json l = Json::object();
            l["level"] = std::string(toString(level.level));
            l["name"] = level.name;
            if (level.bandwidthBytesPerSecond != 0.0) {
                l["bandwidth_bytes_per_s"] = unitValue(level.bandwidthBytesPerSecond, 1.0);
            }
            if (level.capacityBytes != 0.0) {
                l["capacity_bytes"] = unitValue(level.capacityBytes, 1.0);
            }
            l["measured"] = level.measured;
            // The preset's citation key stays (Hardware keeps the key, not its text).
            l["source"] = level.source.empty() ? std::string(kEditorSource) : level.source;
            levels.push_back(std::move(l));
        }
        j["memory_levels"] = std::move(levels);
    }
    if (hw.interconnectBandwidthBytesPerSecond != 0.0 ||
        hw.scaleUpDomainDevices != kDefaultScaleUpDomainDevices ||
        hw.collectiveLatencySeconds != kDefaultCollectiveLatencySeconds) {
        j["interconnect"] = interconnect(hw);
    }
    if (hw.scaleOutBandwidthBytesPerSecond != 0.0 ||
        hw.scaleOutLatencySeconds != kDefaultScaleOutLatencySeconds) {
        Json out = Json::object();
        out["bandwidth_gb_s_per_direction"] = unitValue(hw.scaleOutBandwidthBytesPerSecond, 1e9);
        if (hw.scaleOutLatencySeconds != kDefaultScaleOutLatencySeconds) {
            out["latency_us"] = unitValue(hw.scaleOutLatencySeconds, 1e-6);
        }
        j["scale_out"] = std::move(out);
    }
    const bool achievable =
        anyRate(hw.achievableFlopsPerSecond) || hw.achievableMemoryBandwidthBytesPerSecond != 0.0;
    if (achievable) {
        Json a = Json::object();
        if (anyRate(hw.achievableFlopsPerSecond)) {
            a["dense_tflops"] = rates(hw.achievableFlopsPerSecond);
        }
        if (hw.achievableMemoryBandwidthBytesPerSecond != 0.0) {
            a["memory_bandwidth_tb_s"] =
                unitValue(hw.achievableMemoryBandwidthBytesPerSecond, 1e12);
        }
        a["source"] = kEditorSource;
        j["achievable"] = std::move(a);
    }
    if (hw.tdpWatts != 0.0) {
        j["tdp_w"] = unitValue(hw.tdpWatts, 1.0);
    }
    if (!hw.confidence.empty()) {
        j["confidence"] = hw.confidence;
    }
    if (visible || achievable || !hw.memoryLevels.empty()) {
        j["sources"] = Json::object(
            {{kEditorSource,
              "Values as written by Roofline Explorer's hardware editor; the citations of the "
              "preset it started from are not carried over."}});
        for (const MemoryLevelSpec& level : hw.memoryLevels) {
            if (!level.source.empty() && level.source != kEditorSource) {
                j["sources"][level.source] =
                    "A citation key of the preset this file was written from (the hardware "
                    "editor keeps the key, not its text).";
            }
        }
    }
    if (visible) {
        j["field_sources"] = Json::object({{"memory_capacity_visible_gib", kEditorSource}});
    }
    j["notes"] =
        "Written by Roofline Explorer (io::hardwareToJson): the values only. Keys left out "
        "take the defaults of presets/README.md.";
    // replace: a name that is not UTF-8 must not throw (nothing in io does); the reader then
    // sees the replacement character.
    return j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace roofline::io
