// SPDX-License-Identifier: GPL-3.0-or-later
// Hardware presets: the schema is documented in presets/README.md. Units are converted
// to SI here, at the edge, and nowhere else.

#include <filesystem>

#include "json_util.h"
#include "roofline/io/presets.h"

namespace roofline::io {

using detail::Json;
using detail::ObjectReader;

namespace {
constexpr int kHardwareSchemaVersion = 1;

// Where each Hardware field sits in a preset, and the preset's unit per SI unit: the
// inverse of the conversions in parseHardware(), so validate()'s issues name the preset's
// key and show its number. A new Hardware field validated in core gets a row here.
detail::FieldKeys hardwareKeys() {
    detail::FieldKeys keys;
    keys.add("memoryBandwidthBytesPerSecond", "/memory_bandwidth_tb_s", 1e-12);
    keys.add("memoryCapacityBytes", "/memory_capacity_gb", 1e-9);
    keys.add("onChipCacheBytes", "/l2_cache_mb", 1e-6);
    keys.add("peakFlopsPerSecond", "/peak_dense_tflops");
    for (Precision p : kAllPrecisions) {
        const std::string name(toString(p));
        keys.add("peakFlopsPerSecond." + name, "/peak_dense_tflops/" + name, 1e-12);
    }
    keys.add("interconnectBandwidthBytesPerSecond", "/interconnect/bandwidth_gb_s_per_direction",
             1e-9);
    keys.add("collectiveLatencySeconds", "/interconnect/latency_us", 1e6);
    return keys;
}
}  // namespace

Loaded<Hardware> parseHardware(std::string_view jsonText, const std::string& file) {
    Loaded<Hardware> result;
    const std::optional<Json> json = detail::parseObject(jsonText, file, result.issues);
    if (!json) {
        return result;
    }
    ObjectReader r(*json, file, "", result.issues);
    r.warnUnknown({"schema_version", "id", "name", "vendor", "memory_type",
                   "memory_capacity_gb", "memory_bandwidth_tb_s", "peak_dense_tflops",
                   "l2_cache_mb", "interconnect", "tdp_w", "confidence", "sources", "notes"});

    const auto version = r.integer("schema_version", true, 1, 1'000'000);
    if (version && *version > kHardwareSchemaVersion) {
        r.error("schema_version",
                "at most " + std::to_string(kHardwareSchemaVersion) +
                    " (the file was written by a newer version of Roofline Explorer)",
                std::to_string(*version));
    }

    Hardware hw;
    hw.id = r.string("id", false).value_or(std::filesystem::path(file).stem().string());
    hw.name = r.string("name", true).value_or("");
    hw.vendor = r.string("vendor", false).value_or("");
    (void)r.string("memory_type", false);
    (void)r.string("confidence", false);
    (void)r.string("notes", false);
    if (const auto gb = r.number("memory_capacity_gb", true)) {
        hw.memoryCapacityBytes = *gb * 1e9;
    }
    if (const auto tbs = r.number("memory_bandwidth_tb_s", true)) {
        hw.memoryBandwidthBytesPerSecond = *tbs * 1e12;
    }
    if (const auto mb = r.number("l2_cache_mb", false)) {
        hw.onChipCacheBytes = *mb * 1e6;
    }
    (void)r.number("tdp_w", false);

    if (const Json* peaks = r.find("peak_dense_tflops")) {
        if (!peaks->is_object()) {
            r.error("peak_dense_tflops", "an object of TFLOP/s per precision",
                    detail::foundText(*peaks));
        } else {
            ObjectReader pr(*peaks, file, "/peak_dense_tflops", result.issues);
            bool any = false;
            for (const auto& [key, value] : peaks->items()) {
                const std::optional<Precision> p = parsePrecision(key);
                if (!p) {
                    pr.error(key, "a precision: fp32, tf32, bf16, fp16, fp8, int8, int4, fp4",
                             "\"" + key + "\"");
                    continue;
                }
                if (const auto tflops = pr.number(key, false, true)) {
                    hw.peakFlopsPerSecond[index(*p)] = *tflops * 1e12;
                    any = any || *tflops > 0.0;
                }
            }
            if (!any) {
                r.error("peak_dense_tflops", "at least one positive peak (e.g. \"bf16\")",
                        detail::foundText(*peaks));
            }
        }
    } else {
        r.error("peak_dense_tflops", "an object of TFLOP/s per precision", "missing");
    }

    if (const Json* link = r.find("interconnect")) {
        if (!link->is_object()) {
            r.error("interconnect", "an object {name, bandwidth_gb_s_per_direction}",
                    detail::foundText(*link));
        } else {
            ObjectReader lr(*link, file, "/interconnect", result.issues);
            lr.warnUnknown({"name", "bandwidth_gb_s_per_direction", "latency_us"});
            (void)lr.string("name", false);
            if (const auto gbs = lr.number("bandwidth_gb_s_per_direction", true)) {
                hw.interconnectBandwidthBytesPerSecond = *gbs * 1e9;
            }
            if (const auto us = lr.number("latency_us", false, true)) {
                hw.collectiveLatencySeconds = *us * 1e-6;
            }
        }
    }
    if (const Json* sources = r.find("sources");
        sources != nullptr && !sources->is_object() && !sources->is_array()) {
        r.error("sources", "an object or array of citations", detail::foundText(*sources));
    }

    if (hasErrors(result.issues)) {
        return result;
    }
    std::vector<Issue> more = validate(hw, file);
    hardwareKeys().apply(more, &*json);
    detail::finish(result, std::move(hw), std::move(more));
    return result;
}

Loaded<Hardware> loadHardwareFile(const std::string& path) {
    return detail::loadWith<Hardware>(path,
                                      [&](std::string_view text) { return parseHardware(text, path); });
}

}  // namespace roofline::io
