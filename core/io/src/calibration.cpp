// SPDX-License-Identifier: GPL-3.0-or-later
// Calibration profile files (roofline/io/calibration.h, presets/README.md "Calibration
// profiles") and the shipped profiles of presets/calibration/.
//
// The reader checks types and presence; the values' ranges are the core's
// (validateProfile()), whose messages name each field by its key path in this schema
// ("fit/residual_low: expected ..."): that path, with a leading slash, is the JSON Pointer.

#include "roofline/io/calibration.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <filesystem>

#include "json_util.h"

namespace roofline::io {

namespace {

using detail::Json;
using detail::ObjectReader;

constexpr int kCalibrationSchemaVersion = 1;
constexpr std::string_view kCalibrationDir = "calibration/";
constexpr std::string_view kJson = ".json";
constexpr std::string_view kGenericEngine = "generic";
constexpr std::string_view kGenericProfile = "generic";
/// Integers are read within ±2^53 (every one exact as a double); validateProfile() says
/// which of them are in range.
constexpr std::int64_t kLargestExactInteger = std::int64_t{1} << 53;

std::string quoted(const std::string& text) { return std::string("\"").append(text).append("\""); }

std::string engineList() {
    std::string list;
    for (const std::string& e : knownEngines()) {
        list.append(list.empty() ? "" : ", ").append(e);
    }
    return list;
}

/// Any JSON number (they are all finite: the parser refuses 1e400); the ranges are
/// validateProfile()'s.
std::optional<double> anyNumber(ObjectReader& r, const std::string& key, bool required) {
    const Json* v = r.find(key);
    if (v == nullptr) {
        if (required) {
            r.error(key, "a number", "missing");
        }
        return std::nullopt;
    }
    if (!v->is_number() || !std::isfinite(v->get<double>())) {
        r.error(key, "a number", detail::foundText(*v));
        return std::nullopt;
    }
    return v->get<double>();
}

/// A required integer within ±2^53 (an integral float, 128.0, too), else an error expecting
/// `expected`; the ranges are validateProfile()'s.
std::optional<std::int64_t> anyInteger(ObjectReader& r, const std::string& key,
                                       const std::string& expected) {
    const Json* v = r.find(key);
    if (v == nullptr) {
        r.error(key, expected, "missing");
        return std::nullopt;
    }
    if (v->is_number()) {
        const double x = v->get<double>();
        if (std::isfinite(x) && x == std::floor(x) &&
            std::fabs(x) <= static_cast<double>(kLargestExactInteger)) {
            return v->is_number_integer() && !v->is_number_unsigned()
                       ? v->get<std::int64_t>()
                       : static_cast<std::int64_t>(x);
        }
    }
    r.error(key, expected, detail::foundText(*v));
    return std::nullopt;
}

/// The object at `key`, or nullptr (an error when it is required or not an object).
const Json* object(ObjectReader& r, const std::string& key, bool required,
                   const std::string& expected) {
    const Json* v = r.find(key);
    if (v == nullptr) {
        if (required) {
            r.error(key, expected, "missing");
        }
        return nullptr;
    }
    if (!v->is_object()) {
        r.error(key, expected, detail::foundText(*v));
        return nullptr;
    }
    return v;
}

/// An array of non-empty strings at `key`, with at least `least` of them.
std::vector<std::string> strings(ObjectReader& r, const std::string& key, std::size_t least,
                                 const std::string& expected, std::vector<Issue>& issues) {
    std::vector<std::string> out;
    const Json* v = r.find(key);
    if (v == nullptr) {
        r.error(key, expected, "missing");
        return out;
    }
    if (!v->is_array()) {
        r.error(key, expected, detail::foundText(*v));
        return out;
    }
    for (std::size_t i = 0; i < v->size(); ++i) {
        const Json& item = (*v)[i];
        if (!item.is_string() || item.get_ref<const std::string&>().empty()) {
            issues.push_back({Severity::Error, r.file(), r.pointerTo(key) + "/" + std::to_string(i),
                              "a non-empty string", detail::foundText(item)});
            continue;
        }
        out.push_back(item.get<std::string>());
    }
    if (out.size() < least && v->size() < least) {
        r.error(key, expected, detail::foundText(*v));
    }
    return out;
}

/// YYYY-MM-DD, a date that exists.
bool isIsoDate(const std::string& text) {
    if (text.size() != 10 || text[4] != '-' || text[7] != '-') {
        return false;
    }
    std::array<unsigned, 3> fields{};  // year, month, day
    for (std::size_t i = 0, field = 0; i < text.size(); ++i) {
        if (i == 4 || i == 7) {
            ++field;
        } else if (text[i] >= '0' && text[i] <= '9') {
            fields[field] = fields[field] * 10 + static_cast<unsigned>(text[i] - '0');
        } else {
            return false;
        }
    }
    return std::chrono::year_month_day(std::chrono::year(static_cast<int>(fields[0])),
                                       std::chrono::month(fields[1]), std::chrono::day(fields[2]))
        .ok();
}

/// {precision name: efficiency} into `out`; a key that is no storage precision is an error.
void readEfficiencies(ObjectReader& r, const std::string& key,
                      std::array<double, kPrecisionCount>& out, std::vector<Issue>& issues) {
    const Json* map =
        object(r, key, false, "an object of efficiencies by precision ({\"int4\": 0.7})");
    if (map == nullptr) {
        return;
    }
    ObjectReader er(*map, r.file(), r.pointerTo(key), issues);
    for (const auto& [name, value] : map->items()) {
        const std::optional<Precision> p = parsePrecision(name);
        if (!p || !isStoragePrecision(*p)) {
            er.error(name, "a precision: " + storagePrecisionNames(), quoted(name));
            continue;
        }
        if (const auto x = anyNumber(er, name, true)) {
            out[index(*p)] = *x;
        }
    }
}

/// {low, high, records} at `key` of `r` into `out` (records > 0 marks it set).
void readInterval(ObjectReader& r, const std::string& key, ResidualInterval& out,
                  std::vector<Issue>& issues) {
    const Json* v = object(r, key, false, "an object {low, high, records}");
    if (v == nullptr) {
        return;
    }
    ObjectReader ir(*v, r.file(), r.pointerTo(key), issues);
    ir.warnUnknown({"low", "high", "records"});
    out.low = anyNumber(ir, "low", true).value_or(0.0);
    out.high = anyNumber(ir, "high", true).value_or(0.0);
    out.records =
        static_cast<std::size_t>(ir.integer("records", true, 1, kLargestExactInteger).value_or(0));
}

/// "interval": {"<regime>": {...}, "extrapolated": {...}}: the intervals by regime.
void readIntervals(ObjectReader& r, CalibrationProfile& p, std::vector<Issue>& issues) {
    const Json* v = object(r, "interval", false,
                           "an object of intervals by regime (\"decode/dense/tp1\": {low, high, "
                           "records}) and \"extrapolated\"");
    if (v == nullptr) {
        return;
    }
    ObjectReader ir(*v, r.file(), "/interval", issues);
    std::vector<std::string_view> known = {"extrapolated"};
    for (std::size_t k = 0; k < kIntervalRegimes; ++k) {
        known.push_back(intervalRegimeName(k));
        readInterval(ir, std::string(intervalRegimeName(k)), p.intervals[k], issues);
    }
    ir.warnUnknown(known);
    readInterval(ir, "extrapolated", p.extrapolated, issues);
}

/// An engine version ("0.6.3") at `key`, or unset when missing.
EngineVersion readVersion(ObjectReader& r, const std::string& key) {
    const auto text = r.string(key, false);
    if (!text) {
        return {};
    }
    const std::optional<EngineVersion> v = parseEngineVersion(*text);
    if (!v) {
        r.error(key, "a version as major.minor.patch (\"0.6.3\")", quoted(*text));
        return {};
    }
    return *v;
}

/// "domain": where the profile's records are (estimate.h ProfileDomain).
void readDomain(ObjectReader& r, ProfileDomain& d, std::vector<Issue>& issues) {
    const Json* v = object(r, "domain", false,
                           "an object {tp, kinds, parameters, weights, metrics, versions, "
                           "hardware}");
    if (v == nullptr) {
        return;
    }
    ObjectReader dr(*v, r.file(), "/domain", issues);
    dr.warnUnknown({"tp", "kinds", "parameters", "weights", "metrics", "versions", "hardware"});
    d.fitted = true;
    const auto range = [&](const char* key, auto& low, auto& high) {
        const Json* a = dr.find(key);
        if (a == nullptr || !a->is_array() || a->size() != 2 || !(*a)[0].is_number() ||
            !(*a)[1].is_number() || (*a)[0].get<double>() > (*a)[1].get<double>()) {
            dr.error(key, "[low, high], two numbers, low ≤ high",
                     a == nullptr ? "missing" : detail::foundText(*a));
            return;
        }
        using T = std::remove_reference_t<decltype(low)>;
        low = static_cast<T>((*a)[0].get<double>());
        high = static_cast<T>((*a)[1].get<double>());
    };
    range("tp", d.tpMin, d.tpMax);
    range("parameters", d.parametersMin, d.parametersMax);
    for (const std::string& kind :
         strings(dr, "kinds", 1, "an array of model kinds (dense, moe, mla, hybrid)", issues)) {
        const std::uint8_t bit = kind == "dense"    ? kDenseModel
                                 : kind == "moe"    ? kMoeModel
                                 : kind == "mla"    ? kMlaModel
                                 : kind == "hybrid" ? kHybridModel
                                                    : 0;
        if (bit == 0) {
            dr.error("kinds", "dense, moe, mla or hybrid", quoted(kind));
        }
        d.kinds |= bit;
    }
    for (const std::string& name :
         strings(dr, "weights", 1, "an array of weight precisions", issues)) {
        const std::optional<Precision> q = parsePrecision(name);
        if (!q) {
            dr.error("weights", "a precision: " + storagePrecisionNames(), quoted(name));
            continue;
        }
        d.weightPrecisions |= std::uint32_t{1} << index(*q);
    }
    for (const std::string& m :
         strings(dr, "metrics", 1, "an array of \"ttft\" and \"decode\"", issues)) {
        if (m == "ttft") {
            d.ttft = true;
        } else if (m == "decode") {
            d.decode = true;
        } else {
            dr.error("metrics", "ttft or decode", quoted(m));
        }
    }
    if (const Json* versions = dr.find("versions")) {
        ObjectReader vr(*versions, r.file(), "/domain/versions", issues);
        if (versions->is_object()) {
            vr.warnUnknown({"min", "max"});
            const EngineVersion low = readVersion(vr, "min");
            const EngineVersion high = readVersion(vr, "max");
            // Both ends or neither: a one-sided range has no meaning the writer could keep.
            if (low.known() != high.known() || high < low) {
                dr.error("versions", "{min, max}, both versions, min ≤ max",
                         detail::foundText(*versions));
            } else {
                d.versionMin = low;
                d.versionMax = high;
            }
        } else {
            dr.error("versions", "an object {min, max}", detail::foundText(*versions));
        }
    }
    if (dr.find("hardware") != nullptr) {
        d.hardware = strings(dr, "hardware", 0, "an array of hardware preset ids", issues);
    }
}

/// "validation": the profile's own records with each source left out.
void readValidation(ObjectReader& r, ProfileValidation& out, std::vector<Issue>& issues) {
    const Json* v = object(r, "validation", false,
                           "an object {records, sources, median_abs_error, coverage, "
                           "median_width}");
    if (v == nullptr) {
        return;
    }
    ObjectReader vr(*v, r.file(), "/validation", issues);
    vr.warnUnknown({"records", "sources", "median_abs_error", "coverage", "median_width"});
    // At least one record from one source: a validation of nothing is written as no
    // "validation" at all, so reading one back would not give the same profile.
    out.records =
        static_cast<std::size_t>(vr.integer("records", true, 1, kLargestExactInteger).value_or(0));
    out.sources =
        static_cast<std::size_t>(vr.integer("sources", true, 1, kLargestExactInteger).value_or(0));
    out.medianAbsError = anyNumber(vr, "median_abs_error", true).value_or(0.0);
    out.coverage = anyNumber(vr, "coverage", true).value_or(0.0);
    out.medianWidth = anyNumber(vr, "median_width", true).value_or(0.0);
}

/// validateProfile()'s messages ("fit/coverage: expected a fraction from 0.01 to 0.99,
/// found 1.5") as errors at their keys, each showing the file's own text of the value.
void addRangeIssues(const CalibrationProfile& profile, const Json& root, const std::string& file,
                    std::vector<Issue>& issues) {
    constexpr std::string_view kExpected = "expected ";
    constexpr std::string_view kFound = ", found ";
    for (const std::string& message : validateProfile(profile)) {
        const std::size_t colon = message.find(": ");
        const std::string field = message.substr(0, colon);
        std::string rest = colon == std::string::npos ? message : message.substr(colon + 2);
        std::string expected = "a valid value";
        std::string found = rest;
        if (rest.starts_with(kExpected)) {
            rest.erase(0, kExpected.size());
            const std::size_t at = rest.rfind(kFound);
            expected = rest.substr(0, at);
            found = at == std::string::npos ? "another value" : rest.substr(at + kFound.size());
        }
        const std::string pointer = colon == std::string::npos ? "" : "/" + field;
        try {
            const Json::json_pointer ptr(pointer);
            if (!pointer.empty() && root.contains(ptr)) {
                found = detail::foundText(root.at(ptr));
            }
        } catch (const Json::exception&) {
            // Not a pointer into this file: keep the core's text.
        }
        issues.push_back({Severity::Error, file, pointer, expected, found});
    }
}

/// A number as JSON: integral values as integers (128, not 128.0), others as the shortest
/// text that reads back to the same double (nlohmann's dtoa).
nlohmann::ordered_json numberJson(double x) {
    constexpr double kLargest = static_cast<double>(kLargestExactInteger);
    if (std::isfinite(x) && x == std::floor(x) && std::fabs(x) < kLargest &&
        !(x == 0.0 && std::signbit(x))) {
        return static_cast<std::int64_t>(x);
    }
    return x;  // NaN and infinities are written as null: the reader names the key
}

nlohmann::ordered_json efficienciesJson(const std::array<double, kPrecisionCount>& values) {
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (Precision p : kAllPrecisions) {
        if (values[index(p)] != 1.0) {
            out[std::string(toString(p))] = numberJson(values[index(p)]);
        }
    }
    return out;
}

const EmbeddedPreset* findProfile(const std::string& id) {
    for (const EmbeddedPreset& p : embeddedPresets()) {
        if (p.path.size() == kCalibrationDir.size() + id.size() + kJson.size() &&
            p.path.starts_with(kCalibrationDir) &&
            p.path.substr(kCalibrationDir.size(), id.size()) == id && p.path.ends_with(kJson)) {
            return &p;
        }
    }
    return nullptr;
}

/// The chips a chip without a profile of its own borrows from, closest first: the same
/// architecture and memory system (an A100 40GB is an A100 80GB with less HBM; an H100 NVL is
/// an H100 PCIe pair; the MI325X and MI35x keep the MI300X's CDNA3 CU layout or its successor).
/// An estimate made with a borrowed profile is extrapolated (another chip) and says so.
const std::vector<std::string_view>& familyOf(std::string_view hardware) {
    static const std::vector<std::pair<std::string_view, std::vector<std::string_view>>> kFamilies =
        {{"a100-40gb-sxm", {"a100-80gb-sxm"}},
         {"a100-40gb-pcie", {"a100-80gb-sxm"}},
         {"a100-80gb-pcie", {"a100-80gb-sxm"}},
         {"h100-nvl", {"h100-pcie", "h100-sxm"}},
         {"h100-pcie", {"h100-sxm"}},
         {"h200", {"h100-sxm"}},
         {"h20", {"h100-sxm"}},
         {"gb200", {"b200"}},
         {"b300", {"b200"}},
         {"gb300", {"gb200", "b200"}},
         {"mi325x", {"mi300x"}},
         {"mi350x", {"mi300x"}},
         {"mi355x", {"mi300x"}},
         {"l4", {"l40s", "rtx-4090"}},
         {"l40s", {"rtx-4090"}},
         {"rtx-4090", {"l40s"}},
         {"rtx-5090", {"rtx-pro-6000-blackwell"}},
         {"rtx-pro-6000-blackwell", {"rtx-5090"}}};
    static const std::vector<std::string_view> kNone;
    for (const auto& [chip, family] : kFamilies) {
        if (chip == hardware) {
            return family;
        }
    }
    return kNone;
}

/// The profile a chip without one of its own borrows for `engine`: its family's
/// "<chip>.<engine>", else "<chip>.generic", closest chip first; "" when none exists.
std::string borrowedProfile(const std::string& hardwareId, const std::string& engine) {
    for (const std::string_view chip : familyOf(hardwareId)) {
        for (const std::string& id : {std::string(chip) + "." + engine,
                                      std::string(chip) + "." + std::string(kGenericEngine)}) {
            if (findProfile(id) != nullptr) {
                return id;
            }
        }
    }
    return {};
}

}  // namespace

const std::vector<std::string>& knownEngines() {
    static const std::vector<std::string> kKnownEngines = {"generic",      "vllm", "sglang",
                                                           "tensorrt-llm", "nim",  "llama.cpp",
                                                           "lmdeploy",     "tgi",  "mlc-llm"};
    return kKnownEngines;
}

Loaded<CalibrationProfile> parseCalibrationProfile(std::string_view jsonText,
                                                   const std::string& file, const std::string& id) {
    Loaded<CalibrationProfile> result;
    std::vector<Issue>& issues = result.issues;
    const std::optional<Json> json = detail::parseObject(jsonText, file, issues);
    if (!json) {
        return result;
    }
    ObjectReader r(*json, file, "", issues);
    r.warnUnknown({"schema_version",
                   "id",
                   "hardware",
                   "engine",
                   "engine_version",
                   "date",
                   "description",
                   "sources",
                   "gemm",
                   "kernel_floor_s",
                   "step_overhead_s",
                   "weight_efficiency",
                   "kv_efficiency",
                   "attention",
                   "fit",
                   kLaunchParameter,
                   kCollectiveLatencyParameter,
                   kMoeHalfTokensParameter,
                   kApiParameter,
                   "interval",
                   "domain",
                   "validation"});
    (void)r.schemaVersion(kCalibrationSchemaVersion);

    CalibrationProfile p;
    p.id = id;
    if (const auto given = r.string("id", false)) {
        if (given->empty()) {
            r.error("id", "a non-empty id (or no \"id\": the file's name is the id)", "\"\"");
        } else {
            p.id = *given;
        }
    }
    if (const auto hardware = r.string("hardware", true)) {
        if (hardware->empty()) {
            r.error("hardware", "a hardware preset id, or \"*\" for any chip", "\"\"");
        }
        p.hardware = *hardware;
    }
    if (const Json* engine = r.find("engine");
        engine != nullptr && engine->is_string() &&
        std::find(knownEngines().begin(), knownEngines().end(),
                  engine->get_ref<const std::string&>()) != knownEngines().end()) {
        p.engine = engine->get<std::string>();
    } else {
        r.error("engine", "a serving engine: " + engineList(),
                engine == nullptr ? "missing" : detail::foundText(*engine));
    }
    p.engineVersion = r.string("engine_version", false).value_or("");
    if (const auto date = r.string("date", true)) {
        if (!isIsoDate(*date)) {
            r.error("date", "a date as YYYY-MM-DD (\"2026-12-01\")", quoted(*date));
        }
        p.date = *date;
    }
    p.description = r.string("description", false).value_or("");
    p.sources =
        strings(r, "sources", 1,
                "an array of at least one citation (or \"fitted on N records of FILE\")", issues);

    if (const Json* gemm =
            object(r, "gemm", true, "an object {compute_units, tile_rows, tile_columns}")) {
        ObjectReader gr(*gemm, file, "/gemm", issues);
        gr.warnUnknown({"compute_units", "tile_rows", "tile_columns"});
        const auto integer = [&](const char* key, std::int64_t& out) {
            if (const auto v = anyInteger(gr, key, "an integer")) {
                out = *v;
            }
        };
        integer("compute_units", p.computeUnits);
        integer("tile_rows", p.tileRows);
        integer("tile_columns", p.tileColumns);
    }
    p.kernelFloorSeconds = anyNumber(r, kKernelFloorParameter, true).value_or(0.0);
    p.stepOverheadSeconds = anyNumber(r, kStepOverheadParameter, true).value_or(0.0);
    // The step's structure (estimate.h): optional, 0 (no such cost) when left out, so
    // profiles written before it still read as they were fitted.
    p.launchSeconds = anyNumber(r, kLaunchParameter, false).value_or(0.0);
    p.collectiveLatencySeconds = anyNumber(r, kCollectiveLatencyParameter, false).value_or(0.0);
    p.moeHalfTokens = anyNumber(r, kMoeHalfTokensParameter, false).value_or(0.0);
    p.apiSeconds = anyNumber(r, kApiParameter, false).value_or(0.0);
    readEfficiencies(r, "weight_efficiency", p.weightEfficiency, issues);
    readEfficiencies(r, "kv_efficiency", p.kvEfficiency, issues);
    if (const Json* attention =
            object(r, "attention", false, "an object {efficiency, half_length}")) {
        ObjectReader ar(*attention, file, "/attention", issues);
        ar.warnUnknown({"efficiency", "half_length"});
        p.attentionEfficiency = anyNumber(ar, "efficiency", false).value_or(1.0);
        p.attentionHalfLength = anyNumber(ar, "half_length", false).value_or(0.0);
    }
    if (const Json* fit = object(r, "fit", true,
                                 "an object {records, on, loss, coverage, residual_low, "
                                 "residual_high} (records 0: not fitted)")) {
        ObjectReader fr(*fit, file, "/fit", issues);
        fr.warnUnknown({"records", "on", "loss", "coverage", "residual_low", "residual_high"});
        const std::string recordsExpected = "an integer ≥ 0, the records fitted (0: not fitted)";
        if (const auto records = anyInteger(fr, "records", recordsExpected)) {
            if (*records < 0) {
                fr.error("records", recordsExpected, detail::foundText(*fr.find("records")));
            } else {
                p.fittedRecords = static_cast<std::size_t>(*records);
            }
        }
        p.fittedOn =
            strings(fr, "on", 0, "an array of what the fit used (files, record labels)", issues);
        if (const Json* on = fr.find("on");
            p.fittedRecords > 0 && on != nullptr && on->is_array() && on->empty()) {
            fr.error("on",
                     "at least one name of what the fit used, since records is " +
                         std::to_string(p.fittedRecords),
                     "[]");
        }
        p.loss = fr.string("loss", false).value_or("");
        p.coverage = anyNumber(fr, "coverage", true).value_or(p.coverage);
        p.residualLow = anyNumber(fr, "residual_low", true).value_or(p.residualLow);
        p.residualHigh = anyNumber(fr, "residual_high", true).value_or(p.residualHigh);
    }

    readIntervals(r, p, issues);
    readDomain(r, p.domain, issues);
    readValidation(r, p.validation, issues);

    if (hasErrors(issues)) {
        return result;
    }
    addRangeIssues(p, *json, file, issues);
    if (!hasErrors(issues)) {
        result.value = std::move(p);
    }
    return result;
}

std::string calibrationProfileToJson(const CalibrationProfile& profile) {
    using Ordered = nlohmann::ordered_json;
    Ordered out;
    out["schema_version"] = kCalibrationSchemaVersion;
    if (!profile.id.empty()) {
        out["id"] = profile.id;
    }
    out["hardware"] = profile.hardware;
    out["engine"] = profile.engine;
    if (!profile.engineVersion.empty()) {
        out["engine_version"] = profile.engineVersion;
    }
    out["date"] = profile.date;
    if (!profile.description.empty()) {
        out["description"] = profile.description;
    }
    out["sources"] = profile.sources;
    out["gemm"] = {{"compute_units", profile.computeUnits},
                   {"tile_rows", profile.tileRows},
                   {"tile_columns", profile.tileColumns}};
    out[kKernelFloorParameter] = numberJson(profile.kernelFloorSeconds);
    out[kStepOverheadParameter] = numberJson(profile.stepOverheadSeconds);
    for (const auto& [key, value] :
         {std::pair<const char*, double>{kLaunchParameter, profile.launchSeconds},
          {kCollectiveLatencyParameter, profile.collectiveLatencySeconds},
          {kMoeHalfTokensParameter, profile.moeHalfTokens},
          {kApiParameter, profile.apiSeconds}}) {
        if (value != 0.0) {
            out[key] = numberJson(value);
        }
    }
    if (const Ordered w = efficienciesJson(profile.weightEfficiency); !w.empty()) {
        out["weight_efficiency"] = w;
    }
    if (const Ordered kv = efficienciesJson(profile.kvEfficiency); !kv.empty()) {
        out["kv_efficiency"] = kv;
    }
    out["attention"] = {{"efficiency", numberJson(profile.attentionEfficiency)},
                        {"half_length", numberJson(profile.attentionHalfLength)}};
    Ordered fit;
    fit["records"] = profile.fittedRecords;
    fit["on"] = profile.fittedOn;
    if (!profile.loss.empty()) {
        fit["loss"] = profile.loss;
    }
    fit["coverage"] = numberJson(profile.coverage);
    fit["residual_low"] = numberJson(profile.residualLow);
    fit["residual_high"] = numberJson(profile.residualHigh);
    out["fit"] = fit;
    const auto interval = [](const ResidualInterval& i) {
        return Ordered{
            {"low", numberJson(i.low)}, {"high", numberJson(i.high)}, {"records", i.records}};
    };
    Ordered intervals = Ordered::object();
    for (std::size_t k = 0; k < kIntervalRegimes; ++k) {
        if (profile.intervals[k].records > 0) {
            intervals[std::string(intervalRegimeName(k))] = interval(profile.intervals[k]);
        }
    }
    if (profile.extrapolated.records > 0) {
        intervals["extrapolated"] = interval(profile.extrapolated);
    }
    if (!intervals.empty()) {
        out["interval"] = intervals;
    }
    if (const ProfileDomain& d = profile.domain; d.fitted) {
        Ordered domain;
        domain["tp"] = {d.tpMin, d.tpMax};
        Ordered kinds = Ordered::array();
        for (const auto& [bit, name] : {std::pair<std::uint8_t, const char*>{kDenseModel, "dense"},
                                        {kMoeModel, "moe"},
                                        {kMlaModel, "mla"},
                                        {kHybridModel, "hybrid"}}) {
            if ((d.kinds & bit) != 0) {
                kinds.push_back(name);
            }
        }
        domain["kinds"] = kinds;
        domain["parameters"] = {numberJson(d.parametersMin), numberJson(d.parametersMax)};
        Ordered weights = Ordered::array();
        for (Precision q : kAllPrecisions) {
            if ((d.weightPrecisions & (std::uint32_t{1} << index(q))) != 0) {
                weights.push_back(std::string(toString(q)));
            }
        }
        domain["weights"] = weights;
        Ordered metrics = Ordered::array();
        if (d.ttft) {
            metrics.push_back("ttft");
        }
        if (d.decode) {
            metrics.push_back("decode");
        }
        domain["metrics"] = metrics;
        if (d.versionMin.known()) {
            domain["versions"] = {{"min", toString(d.versionMin)}, {"max", toString(d.versionMax)}};
        }
        domain["hardware"] = d.hardware;
        out["domain"] = domain;
    }
    if (const ProfileValidation& v = profile.validation; v.records > 0) {
        out["validation"] = {{"records", v.records},
                             {"sources", v.sources},
                             {"median_abs_error", numberJson(v.medianAbsError)},
                             {"coverage", numberJson(v.coverage)},
                             {"median_width", numberJson(v.medianWidth)}};
    }
    return out.dump(2, ' ', false, Ordered::error_handler_t::replace) + "\n";
}

Loaded<CalibrationProfile> loadCalibrationFile(const std::string& path) {
    Loaded<CalibrationProfile> result;
    std::string text;
    if (!detail::readFile(path, kMaxCalibrationFileBytes, text, result.issues)) {
        return result;
    }
    return parseCalibrationProfile(text, path, std::filesystem::path(path).stem().string());
}

std::vector<std::string> calibrationIds() {
    std::vector<std::string> ids;
    for (const EmbeddedPreset& p : embeddedPresets()) {
        if (p.path.starts_with(kCalibrationDir) && p.path.ends_with(kJson)) {
            std::string_view id = p.path.substr(kCalibrationDir.size());
            id.remove_suffix(kJson.size());
            if (id.find('/') == std::string_view::npos) {
                ids.emplace_back(id);
            }
        }
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

Loaded<CalibrationProfile> loadCalibration(const std::string& idOrPath) {
    return findProfile(idOrPath) != nullptr ? builtinCalibration(idOrPath)
                                            : loadCalibrationFile(idOrPath);
}

Loaded<CalibrationProfile> builtinCalibration(const std::string& id) {
    if (const EmbeddedPreset* p = findProfile(id)) {
        return parseCalibrationProfile(p->text, "presets/" + std::string(p->path), id);
    }
    std::string list;
    for (const std::string& known : calibrationIds()) {
        list.append(list.empty() ? "" : ", ").append(known);
    }
    Loaded<CalibrationProfile> result;
    result.issues.push_back(
        {Severity::Error, id, "", "a shipped calibration profile id (" + list + ")", "no such id"});
    return result;
}

Loaded<CalibrationProfile> resolveCalibration(const std::string& hardwareId,
                                              const std::string& engine) {
    const auto fallback = [](Loaded<CalibrationProfile> loaded, std::string expected,
                             std::string found) {
        Issue warning(Severity::Warning, "", "", std::move(expected), std::move(found));
        warning.field = "calibration";
        loaded.issues.push_back(std::move(warning));
        return loaded;
    };
    if (std::find(knownEngines().begin(), knownEngines().end(), engine) == knownEngines().end()) {
        Loaded<CalibrationProfile> result;
        Issue error(Severity::Error, "", "", "a serving engine: " + engineList(), quoted(engine));
        error.field = "calibration.engine";
        result.issues.push_back(std::move(error));
        return result;
    }
    const std::string exact = hardwareId + "." + engine;
    if (findProfile(exact) != nullptr) {
        return builtinCalibration(exact);
    }
    const std::string generic = hardwareId + "." + std::string(kGenericEngine);
    if (findProfile(generic) != nullptr) {
        return fallback(builtinCalibration(generic),
                        "a " + engine + " profile for " + hardwareId + " (" + exact + ")",
                        "none: " + calibrationFallback(hardwareId, engine));
    }
    if (const std::string borrowed = borrowedProfile(hardwareId, engine); !borrowed.empty()) {
        return fallback(builtinCalibration(borrowed),
                        "a calibration profile for " + hardwareId + " (" + exact +
                            (exact == generic ? "" : " or " + generic) + ")",
                        "none: " + calibrationFallback(hardwareId, engine));
    }
    return fallback(builtinCalibration(std::string(kGenericProfile)),
                    "a calibration profile for " + hardwareId + " (" + exact +
                        (exact == generic ? "" : " or " + generic) + ")",
                    "none: " + calibrationFallback(hardwareId, engine));
}

std::string calibrationFallback(const std::string& hardwareId, const std::string& engine) {
    const std::string exact = hardwareId + "." + engine;
    if (findProfile(exact) != nullptr ||
        std::find(knownEngines().begin(), knownEngines().end(), engine) == knownEngines().end()) {
        return {};
    }
    const std::string generic = hardwareId + "." + std::string(kGenericEngine);
    if (findProfile(generic) != nullptr) {
        return "no " + engine + " profile for " + hardwareId + ": using the generic one (" +
               generic + ")";
    }
    if (const std::string borrowed = borrowedProfile(hardwareId, engine); !borrowed.empty()) {
        return "no profile for " + hardwareId + ": borrowing " + borrowed +
               ", fitted on a chip of the same family (the estimate is extrapolated to another "
               "chip)";
    }
    return "no profile for " + hardwareId +
           " exists, and the estimate uses generic defaults (the profile generic, for any chip, "
           "not fitted: its interval is wide)";
}

}  // namespace roofline::io
