// SPDX-License-Identifier: GPL-3.0-or-later
// Hardware presets: the schema is documented in presets/README.md. Units are converted
// to SI here, at the edge, and nowhere else.
//
// Schema versions. 2 is written by generate_presets.py and read natively; 1 is migrated on
// read, key by key, so that errors still name the key the file actually holds:
//   - memory_capacity_gb (decimal, × 1e9)  ->  2's memory_capacity_gib (binary, × 2^30);
//   - interconnect/latency_us              ->  2's interconnect/collective_latency_us
//     (the same α, seconds = value × 1e-6, no warning);
//   - 2's new keys (interconnect/scale_up_domain_devices, scale_out, achievable) are
//     unknown keys in a schema-1 file: a warning each, and ignored.
// A schema-2 file that still uses a schema-1 name (memory_capacity_gb, latency_us) is an
// error: read as GiB or dropped, the value would silently change the results.
//
// Optional schema-2 keys added later (no version bump: an older reader warns and ignores
// them): memory_capacity_visible_gib (what the driver reports; needs its citation in
// field_sources), compute_peak_unsourced (why no compute peak is given; then
// peak_dense_tflops is {}), field_sources ({key or key.subkey: source key(s)}), and fp6 among
// the peak precisions.

#include <cmath>
#include <filesystem>

#include "json_util.h"
#include "roofline/io/presets.h"

namespace roofline::io {

using detail::Json;
using detail::ObjectReader;

namespace {

constexpr int kHardwareSchemaVersion = 2;
constexpr double kBytesPerGiB = 1024.0 * 1024.0 * 1024.0;
// memory_levels: the on-chip levels, one of each kind at most.
constexpr std::size_t kMaxMemoryLevels = kMemoryLevelCount - 1;
// Devices in one scale-up domain: a TPU v5p pod holds 8,960 chips; 1e6 leaves room.
constexpr std::int64_t kMaxScaleUpDomainDevices = 1'000'000;

// The schema version the rest of the file is read as. A missing or broken schema_version is
// already an error; the keys then decide, so that one mistake gives one error.
int versionToRead(const std::optional<std::int64_t>& version, const ObjectReader& r) {
    if (version) {
        return *version >= kHardwareSchemaVersion ? kHardwareSchemaVersion : 1;
    }
    return r.has("memory_capacity_gb") && !r.has("memory_capacity_gib") ? 1
                                                                        : kHardwareSchemaVersion;
}

// Where each Hardware field sits in a preset of this schema version, and the preset's unit
// per SI unit: the inverse of the conversions in parseHardware(), so validate()'s issues
// name the preset's key and show its number. A new Hardware field validated in core gets a
// row here.
detail::FieldKeys hardwareKeys(int schema) {
    detail::FieldKeys keys;
    keys.add("memoryBandwidthBytesPerSecond", "/memory_bandwidth_tb_s", 1e-12);
    if (schema >= 2) {
        keys.add("memoryCapacityBytes", "/memory_capacity_gib", 1.0 / kBytesPerGiB);
        keys.add("memoryCapacityVisibleBytes", "/memory_capacity_visible_gib", 1.0 / kBytesPerGiB);
        keys.add("computePeakUnsourced", "/compute_peak_unsourced");
    } else {
        keys.add("memoryCapacityBytes", "/memory_capacity_gb", 1e-9);
    }
    keys.add("onChipCacheBytes", "/l2_cache_mb", 1e-6);
    keys.add("tdpWatts", "/tdp_w");
    keys.add("peakFlopsPerSecond", "/peak_dense_tflops");
    for (Precision p : kAllPrecisions) {
        const std::string name(toString(p));
        keys.add("peakFlopsPerSecond." + name, "/peak_dense_tflops/" + name, 1e-12);
        keys.add("achievableFlopsPerSecond." + name, "/achievable/dense_tflops/" + name, 1e-12);
    }
    keys.add("achievableMemoryBandwidthBytesPerSecond", "/achievable/memory_bandwidth_tb_s", 1e-12);
    for (std::size_t i = 0; i < kMaxMemoryLevels; ++i) {
        const std::string at = "memoryLevels." + std::to_string(i);
        const std::string key = "/memory_levels/" + std::to_string(i);
        keys.add(at + ".bandwidthBytesPerSecond", key + "/bandwidth_bytes_per_s");
        keys.add(at + ".capacityBytes", key + "/capacity_bytes");
        keys.add(at + ".level", key + "/level");
    }
    keys.add("interconnectBandwidthBytesPerSecond", "/interconnect/bandwidth_gb_s_per_direction",
             1e-9);
    keys.add("collectiveLatencySeconds",
             schema >= 2 ? "/interconnect/collective_latency_us" : "/interconnect/latency_us", 1e6);
    keys.add("scaleUpDomainDevices", "/interconnect/scale_up_domain_devices");
    keys.add("scaleOutBandwidthBytesPerSecond", "/scale_out/bandwidth_gb_s_per_direction", 1e-9);
    keys.add("scaleOutLatencySeconds", "/scale_out/latency_us", 1e6);
    return keys;
}

// /peak_dense_tflops or /achievable/dense_tflops: TFLOP/s per precision into `out` (FLOP/s).
// Returns whether any value was positive.
bool readRates(const Json& rates, const std::string& file, const std::string& pointer,
               bool allowZero, std::array<double, kPrecisionCount>& out,
               std::vector<Issue>& issues) {
    ObjectReader pr(rates, file, pointer, issues);
    bool any = false;
    for (const auto& [key, value] : rates.items()) {
        const std::optional<Precision> p = parsePrecision(key);
        if (!p || !isRoofPrecision(*p)) {  // mxfp4 and nvfp4 run on the fp4 roof
            pr.error(key, "a precision: fp32, tf32, bf16, fp16, fp8, int8, int4, fp4, fp6",
                     "\"" + key + "\"");
            continue;
        }
        if (const auto tflops = pr.number(key, false, allowZero)) {
            out[index(*p)] = *tflops * 1e12;
            any = any || *tflops > 0.0;
        }
    }
    return any;
}

// /achievable/source: a key of /sources, or a list of them.
void readAchievableSource(ObjectReader& ar, const Json* sources) {
    const Json* source = ar.find("source");
    const char* expected = "a key of /sources, or a list of them (the measurement's citation)";
    if (source == nullptr) {
        ar.error("source", expected, "missing");
        return;
    }
    std::vector<const Json*> keys;
    if (source->is_array() && !source->empty()) {
        for (const Json& k : *source) {
            keys.push_back(&k);
        }
    } else {
        keys.push_back(source);
    }
    for (const Json* k : keys) {
        if (!k->is_string()) {
            ar.error("source", expected, detail::foundText(*source));
            return;
        }
        if (sources != nullptr && sources->is_object() &&
            !sources->contains(k->get<std::string>())) {
            // append(), not "\"" + std::string: GCC 12 -O3 warns a false -Wrestrict (GCC bug
            // 105651).
            ar.error("source", expected,
                     std::string("\"")
                         .append(k->get<std::string>())
                         .append("\", not a key of /sources"));
            return;
        }
    }
}

// Whether `path` ("memory_capacity_gib", "peak_dense_tflops.int8") names a key of `root`.
bool hasKeyPath(const Json& root, const std::string& path) {
    const Json* at = &root;
    std::size_t from = 0;
    while (true) {
        const std::size_t dot = path.find('.', from);
        const std::string key = path.substr(from, dot == std::string::npos ? dot : dot - from);
        if (!at->is_object() || key.empty() || !at->contains(key)) {
            return false;
        }
        at = &(*at)[key];
        if (dot == std::string::npos) {
            return !at->is_null();
        }
        from = dot + 1;
    }
}

// /field_sources: {key path of this file: a key of /sources, or a list of them}. Every field
// of a preset written from hardware-2026.json is cited here, as that file cites it.
void readFieldSources(ObjectReader& r, const Json& root, const Json* sources,
                      const std::string& file, std::vector<Issue>& issues) {
    const Json* cited = r.find("field_sources");
    if (cited == nullptr) {
        return;
    }
    if (!cited->is_object()) {
        r.error("field_sources", "an object {key of this file: source key or list of them}",
                detail::foundText(*cited));
        return;
    }
    ObjectReader fr(*cited, file, "/field_sources", issues);
    for (const auto& [path, value] : cited->items()) {
        if (!hasKeyPath(root, path) || path == "field_sources" || path == "sources") {
            fr.error(path,
                     "a key of this file with a value (e.g. \"memory_capacity_gib\", "
                     "\"peak_dense_tflops.int8\")",
                     std::string("\"").append(path).append("\""));
            continue;
        }
        std::vector<const Json*> keys;
        if (value.is_array() && !value.empty()) {
            for (const Json& k : value) {
                keys.push_back(&k);
            }
        } else {
            keys.push_back(&value);
        }
        for (const Json* k : keys) {
            if (!k->is_string() || sources == nullptr || !sources->is_object() ||
                !sources->contains(k->get<std::string>())) {
                fr.error(path, "a key of /sources, or a list of them (the field's citation)",
                         k->is_string() ? std::string("\"")
                                              .append(k->get<std::string>())
                                              .append("\", not a key of /sources")
                                        : detail::foundText(value));
                break;
            }
        }
    }
}

// /memory_levels (DOMAIN.md §10): [{level, name, bandwidth_bytes_per_s, capacity_bytes,
// measured, source}], the on-chip levels. A level without bandwidth_bytes_per_s has no cited
// bandwidth: its bytes are reported, it is neither timed nor drawn.
void readMemoryLevels(ObjectReader& r, const Json* sources, Hardware& hw,
                      std::vector<Issue>& issues) {
    const Json* levels = r.find("memory_levels");
    if (levels == nullptr) {
        return;
    }
    const char* expected =
        "a list of at most 2 on-chip levels {level, name, bandwidth_bytes_per_s, capacity_bytes, "
        "measured, source}";
    if (!levels->is_array() || levels->size() > kMaxMemoryLevels) {
        r.error("memory_levels", expected, detail::foundText(*levels));
        return;
    }
    for (std::size_t i = 0; i < levels->size(); ++i) {
        const Json& entry = (*levels)[i];
        const std::string pointer = "/memory_levels/" + std::to_string(i);
        if (!entry.is_object()) {
            r.error("memory_levels", expected,
                    std::string("element ")
                        .append(std::to_string(i))
                        .append(": ")
                        .append(detail::foundText(entry)));
            continue;
        }
        ObjectReader lr(entry, r.file(), pointer, issues);
        lr.warnUnknown({"level", "name", "bandwidth_bytes_per_s", "capacity_bytes", "measured",
                        "source", "notes"});
        MemoryLevelSpec level;
        const std::optional<std::string> kind = lr.string("level", true);
        if (kind == "last_level_cache") {
            level.level = MemoryLevel::LastLevelCache;
        } else if (kind == "on_chip_sram") {
            level.level = MemoryLevel::OnChipSram;
        } else if (kind) {
            lr.error("level",
                     "\"last_level_cache\" or \"on_chip_sram\" (the main memory is "
                     "memory_bandwidth_tb_s and memory_capacity_gib)",
                     std::string("\"").append(*kind).append("\""));
        }
        level.name = detail::nonEmptyString(lr, "name", true).value_or("");
        if (level.name.size() > kMaxMemoryLevelNameBytes) {
            lr.error("name",
                     std::string("a name of at most ")
                         .append(std::to_string(kMaxMemoryLevelNameBytes))
                         .append(" bytes (\"L2\", \"Infinity Cache\")"),
                     std::to_string(level.name.size()).append(" bytes"));
        }
        level.bandwidthBytesPerSecond = lr.number("bandwidth_bytes_per_s", false).value_or(0.0);
        level.capacityBytes = lr.number("capacity_bytes", false).value_or(0.0);
        level.measured = lr.boolean("measured", false).value_or(false);
        (void)lr.string("notes", false);
        readAchievableSource(lr, sources);
        if (const Json* source = lr.find("source"); source != nullptr && source->is_string()) {
            level.source = source->get<std::string>();
        } else if (source != nullptr && source->is_array() && !source->empty() &&
                   (*source)[0].is_string()) {
            level.source = (*source)[0].get<std::string>();
        }
        hw.memoryLevels.push_back(std::move(level));
    }
}

}  // namespace

Loaded<Hardware> parseHardware(std::string_view jsonText, const std::string& file) {
    Loaded<Hardware> result;
    const std::optional<Json> json = detail::parseObject(jsonText, file, result.issues);
    if (!json) {
        return result;
    }
    ObjectReader r(*json, file, "", result.issues);

    const auto version = r.schemaVersion(kHardwareSchemaVersion);
    const int schema = versionToRead(version, r);
    if (schema == 1) {
        r.warnUnknown({"schema_version", "id", "name", "vendor", "memory_type",
                       "memory_capacity_gb", "memory_bandwidth_tb_s", "peak_dense_tflops",
                       "l2_cache_mb", "interconnect", "tdp_w", "confidence", "sources", "notes"});
    } else {
        // memory_capacity_gb is known here only to be refused below with a better message.
        r.warnUnknown({"schema_version",
                       "id",
                       "name",
                       "vendor",
                       "memory_type",
                       "memory_capacity_gib",
                       "memory_capacity_gb",
                       "memory_capacity_visible_gib",
                       "memory_bandwidth_tb_s",
                       "peak_dense_tflops",
                       "compute_peak_unsourced",
                       "l2_cache_mb",
                       "memory_levels",
                       "interconnect",
                       "scale_out",
                       "achievable",
                       "tdp_w",
                       "confidence",
                       "sources",
                       "field_sources",
                       "notes"});
    }

    Hardware hw;
    hw.id = r.string("id", false).value_or(std::filesystem::path(file).stem().string());
    hw.name = r.string("name", true).value_or("");
    hw.vendor = r.string("vendor", false).value_or("");
    hw.memoryType = r.string("memory_type", false).value_or("");
    hw.confidence = r.string("confidence", false).value_or("");
    (void)r.string("notes", false);
    if (schema == 1) {
        // Schema 1 said decimal GB (1e9 bytes); kept as written.
        if (const auto gb = r.number("memory_capacity_gb", true)) {
            hw.memoryCapacityBytes = *gb * 1e9;
        }
    } else {
        if (const Json* old = r.find("memory_capacity_gb")) {
            r.error("memory_capacity_gb",
                    "memory_capacity_gib in a schema_version 2 file (binary GiB; "
                    "memory_capacity_gb was schema 1's decimal GB)",
                    detail::foundText(*old));
        } else if (const auto gib = r.number("memory_capacity_gib", true)) {
            hw.memoryCapacityBytes = *gib * kBytesPerGiB;
        }
        if (const auto visible = r.number("memory_capacity_visible_gib", false)) {
            hw.memoryCapacityVisibleBytes = *visible * kBytesPerGiB;
            const Json* cited =
                json->contains("field_sources") ? &(*json)["field_sources"] : nullptr;
            if (cited == nullptr || !cited->is_object() ||
                !cited->contains("memory_capacity_visible_gib")) {
                r.error("field_sources",
                        "a citation of memory_capacity_visible_gib "
                        "(field_sources/memory_capacity_visible_gib: a key of /sources)",
                        "none");
            }
        }
        if (const Json* why = r.find("compute_peak_unsourced")) {
            if (!why->is_string() || why->get<std::string>().empty()) {
                r.error("compute_peak_unsourced",
                        "a sentence saying why no compute peak is sourced (peak_dense_tflops "
                        "is then {})",
                        detail::foundText(*why));
            } else {
                hw.computePeakUnsourced = true;
            }
        }
    }
    if (const auto tbs = r.number("memory_bandwidth_tb_s", true)) {
        hw.memoryBandwidthBytesPerSecond = *tbs * 1e12;
    }
    if (const auto mb = r.number("l2_cache_mb", false)) {
        hw.onChipCacheBytes = *mb * 1e6;
    }
    if (const auto watts = r.number("tdp_w", false)) {
        hw.tdpWatts = *watts;
    }

    if (const Json* peaks = r.find("peak_dense_tflops")) {
        if (!peaks->is_object()) {
            r.error("peak_dense_tflops", "an object of TFLOP/s per precision",
                    detail::foundText(*peaks));
        } else if (!readRates(*peaks, file, "/peak_dense_tflops", true, hw.peakFlopsPerSecond,
                              result.issues) &&
                   !hw.computePeakUnsourced && !r.has("compute_peak_unsourced")) {
            r.error("peak_dense_tflops",
                    "at least one positive peak (e.g. \"bf16\"), or compute_peak_unsourced "
                    "saying why none is sourced",
                    detail::foundText(*peaks));
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
            if (schema == 1) {
                lr.warnUnknown({"name", "bandwidth_gb_s_per_direction", "latency_us"});
            } else {
                lr.warnUnknown({"name", "bandwidth_gb_s_per_direction", "collective_latency_us",
                                "scale_up_domain_devices", "latency_us"});
            }
            (void)lr.string("name", false);
            // A single device (scale_up_domain_devices 1: an SoC, one wafer) may name no link.
            const Json* domain = schema == 1 ? nullptr : lr.find("scale_up_domain_devices");
            const bool single = domain != nullptr && domain->is_number() && *domain == 1;
            if (const auto gbs = lr.number("bandwidth_gb_s_per_direction", !single)) {
                hw.interconnectBandwidthBytesPerSecond = *gbs * 1e9;
            }
            if (schema == 1) {
                // Migration: schema 1's latency_us is the collective's α.
                if (const auto us = lr.number("latency_us", false, true)) {
                    hw.collectiveLatencySeconds = *us * 1e-6;
                }
            } else {
                if (const Json* old = lr.find("latency_us")) {
                    lr.error("latency_us",
                             "collective_latency_us in a schema_version 2 file (latency_us was "
                             "schema 1's name)",
                             detail::foundText(*old));
                }
                if (const auto us = lr.number("collective_latency_us", false, true)) {
                    hw.collectiveLatencySeconds = *us * 1e-6;
                }
                if (const auto devices =
                        lr.integer("scale_up_domain_devices", false, 1, kMaxScaleUpDomainDevices)) {
                    hw.scaleUpDomainDevices = *devices;
                }
            }
        }
    }

    if (const Json* out = schema == 1 ? nullptr : r.find("scale_out")) {
        if (!out->is_object()) {
            r.error("scale_out", "an object {name, bandwidth_gb_s_per_direction, latency_us}",
                    detail::foundText(*out));
        } else {
            ObjectReader sr(*out, file, "/scale_out", result.issues);
            sr.warnUnknown({"name", "bandwidth_gb_s_per_direction", "latency_us"});
            (void)sr.string("name", false);
            if (const auto gbs = sr.number("bandwidth_gb_s_per_direction", true)) {
                hw.scaleOutBandwidthBytesPerSecond = *gbs * 1e9;
            }
            if (const auto us = sr.number("latency_us", false, true)) {
                hw.scaleOutLatencySeconds = *us * 1e-6;
            }
        }
    }

    const Json* sources = r.find("sources");
    if (sources != nullptr && !sources->is_object() && !sources->is_array()) {
        r.error("sources", "an object or array of citations", detail::foundText(*sources));
    }

    if (schema >= 2) {
        readFieldSources(r, *json, sources, file, result.issues);
        readMemoryLevels(r, sources, hw, result.issues);
    }

    if (const Json* achievable = schema == 1 ? nullptr : r.find("achievable")) {
        if (!achievable->is_object()) {
            r.error("achievable",
                    "an object {dense_tflops, memory_bandwidth_tb_s, source} of measured rates",
                    detail::foundText(*achievable));
        } else {
            ObjectReader ar(*achievable, file, "/achievable", result.issues);
            ar.warnUnknown({"dense_tflops", "memory_bandwidth_tb_s", "source"});
            if (const Json* rates = ar.find("dense_tflops")) {
                if (!rates->is_object()) {
                    ar.error("dense_tflops", "an object of measured TFLOP/s per precision",
                             detail::foundText(*rates));
                } else {
                    // Each rate > 0: a measurement of 0 is not a measurement (leave it out).
                    (void)readRates(*rates, file, "/achievable/dense_tflops", false,
                                    hw.achievableFlopsPerSecond, result.issues);
                }
            }
            if (const auto tbs = ar.number("memory_bandwidth_tb_s", false)) {
                hw.achievableMemoryBandwidthBytesPerSecond = *tbs * 1e12;
            }
            readAchievableSource(ar, sources);
        }
    }

    if (hasErrors(result.issues)) {
        return result;
    }
    std::vector<Issue> more = validate(hw, file);
    hardwareKeys(schema).apply(more, &*json);
    detail::finish(result, std::move(hw), std::move(more));
    return result;
}

Loaded<Hardware> loadHardwareFile(const std::string& path) {
    return detail::loadWith<Hardware>(
        path, [&](std::string_view text) { return parseHardware(text, path); });
}

}  // namespace roofline::io
