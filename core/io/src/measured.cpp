// SPDX-License-Identifier: GPL-3.0-or-later
// Measured results: CSV and JSON rows of scenarios and measured values (roofline/io/measured.h).

#include "roofline/io/measured.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <type_traits>

#include "json_util.h"
#include "measured_rows.h"
#include "roofline/io/measured_estimate.h"
#include "roofline/io/presets.h"
#include "roofline/parse.h"

namespace roofline::io {

namespace {

using detail::Json;

/// The columns every row needs, in the order messages and the JSON output list them.
constexpr std::array<std::string_view, 11> kRequired = {
    "model", "hardware", "tp",     "weights", "activations", "kv",
    "batch", "prompt",   "output", "metric",  "value"};
/// Optional columns: free text.
/// engine_version: the serving engine's version ("0.6.3"), which the estimate checks against
/// its profile's domain.
constexpr std::array<std::string_view, 3> kOptional = {"source", "label", "engine_version"};

/// Measured values outside this range are no measurement (and would make times of 1e300 s).
constexpr double kMinValue = 1e-6;
constexpr double kMaxValue = 1e12;

constexpr std::string_view kMetrics =
    "one of tpot_ms, ttft_ms, output_tokens_per_s, output_tokens_per_s_per_device, e2e_ms, "
    "request_output_tokens_per_s";

std::string requiredList() {
    std::string list;
    for (std::string_view c : kRequired) {
        list.append(list.empty() ? "" : ", ").append(c);
    }
    return list;
}

/// One cell as the row parser sees it: absent, or text with how to show it in a message.
struct Cell {
    bool present = false;
    std::string text;               ///< the value (a JSON string's content, a JSON number's text)
    std::string found = "nothing";  ///< how a message shows it: "\"x\"", 94, nothing
};

std::string quotedText(std::string_view text) {
    constexpr std::size_t kMax = 60;
    std::string out = "\"";
    out.append(text.substr(0, kMax));
    if (text.size() > kMax) {
        out += "…";
    }
    return out + "\"";
}

Cell textCell(std::string text) {
    Cell c;
    c.present = !text.empty();
    c.found = text.empty() ? "nothing" : quotedText(text);
    c.text = std::move(text);
    return c;
}

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    return text;
}

/// Loads each distinct model and hardware reference once per file.
class Resolver {
public:
    explicit Resolver(const MeasuredOptions& options) : m_options(options) {}

    const Loaded<Model>& model(const std::string& ref) {
        auto it = m_models.find(ref);
        if (it == m_models.end()) {
            it = m_models.emplace(ref, load<Model>(ref, modelIds(), "model")).first;
        }
        return it->second;
    }
    const Loaded<Hardware>& hardware(const std::string& ref) {
        auto it = m_hardware.find(ref);
        if (it == m_hardware.end()) {
            it = m_hardware.emplace(ref, load<Hardware>(ref, hardwareIds(), "hardware")).first;
        }
        return it->second;
    }

private:
    template <class T>
    Loaded<T> load(const std::string& ref, const std::vector<std::string>& ids,
                   const std::string& what) {
        const bool isId = std::find(ids.begin(), ids.end(), ref) != ids.end();
        const auto builtin = [&] {
            if constexpr (std::is_same_v<T, Model>) {
                return builtinModel(ref);
            } else {
                return builtinHardware(ref);
            }
        };
        if (isId || !m_options.allowFiles) {
            if (!isId) {
                Loaded<T> none;
                std::string list;
                for (const std::string& id : ids) {
                    list += (list.empty() ? "" : ", ") + id;
                }
                none.issues.push_back({Severity::Error, "", "",
                                       "a shipped " + what + " id (" + list + ")", "no such id"});
                return none;
            }
            return builtin();
        }
        std::filesystem::path path(ref);
        if (path.is_relative() && !m_options.baseDirectory.empty()) {
            path = std::filesystem::path(m_options.baseDirectory) / path;
        }
        if constexpr (std::is_same_v<T, Model>) {
            return resolveModel(path.string());
        } else {
            return resolveHardware(path.string());
        }
    }

    const MeasuredOptions& m_options;
    std::map<std::string, Loaded<Model>> m_models;
    std::map<std::string, Loaded<Hardware>> m_hardware;
};

/// Where validate()'s workload fields come from in a row.
std::string columnOfField(const std::string& field) {
    static const std::map<std::string, std::string> kColumns = {
        {"workload.batch", "column batch"},
        {"workload.promptTokens", "column prompt"},
        {"workload.contextTokens", "columns prompt and output (decode context P + O/2)"},
        {"workload.weightPrecision", "column weights"},
        {"workload.activationPrecision", "column activations"},
        {"workload.kvPrecision", "column kv"},
        {"workload.tensorParallel", "column tp"},
    };
    const auto it = kColumns.find(field);
    return it != kColumns.end() ? it->second : "the scenario's " + field;
}

/// Turns the cells of one row into a MeasuredRow, or says why not.
class RowParser {
public:
    using Lookup = std::function<Cell(std::string_view column)>;

    RowParser(Resolver& resolver, const Lookup& lookup) : m_resolver(resolver), m_cell(lookup) {}

    /// The row, or nullopt with reason() set.
    std::optional<MeasuredRow> parse() {
        MeasuredRow row;
        const Cell model = m_cell("model");
        const Cell hardware = m_cell("hardware");
        // What the row names, each reference loaded once per file; the reasons come in the
        // order of the columns.
        const Loaded<Model>* loadedModel = nullptr;
        const Loaded<Hardware>* loadedHardware = nullptr;
        if (!model.present) {
            fail("model", "a model preset id or config.json path", model.found);
        } else if (loadedModel = &m_resolver.model(model.text); !loadedModel->ok()) {
            failLoad("model", model, loadedModel->issues);
        }
        if (!hardware.present) {
            fail("hardware", "a hardware preset id or file path", hardware.found);
        } else if (loadedHardware = &m_resolver.hardware(hardware.text); !loadedHardware->ok()) {
            failLoad("hardware", hardware, loadedHardware->issues);
        }
        row.tp = integer("tp", 1, kMaxTensorParallel).value_or(1);
        row.weights = precision("weights").value_or(Precision::Bf16);
        row.activations = precision("activations").value_or(Precision::Bf16);
        row.kv = precision("kv").value_or(Precision::Bf16);
        // "max": as many sequences as the memory holds (a throughput benchmark at load).
        row.maxBatch = lower(m_cell("batch").text) == "max";
        row.batch = row.maxBatch ? 1 : integer("batch", 1, kMaxBatch).value_or(1);
        row.prompt = integer("prompt", 1, kMaxTokens).value_or(1);
        row.output = integer("output", 1, kMaxTokens).value_or(1);
        std::optional<MeasuredMetric> metric;
        const Cell metricCell = m_cell("metric");
        if (metricCell.present) {
            metric = parseMeasuredMetric(metricCell.text);
        }
        if (!metric) {
            fail("metric", std::string(kMetrics), metricCell.found);
        }
        const Cell valueCell = m_cell("value");
        // A plain double, not an optional: GCC 12 warns a false maybe-uninitialized on it.
        const double value = valueCell.present ? parseNumber(valueCell.text).value_or(0.0) : 0.0;
        if (!(value >= kMinValue && value <= kMaxValue)) {
            fail(
                "value",
                (metric ? "a number of " + std::string(unitOf(*metric)) : std::string("a number")) +
                    " from 1e-06 to 1e+12",
                valueCell.found);
        }
        row.source = m_cell("source").text;
        row.label = m_cell("label").text;
        std::optional<EngineVersion> version;
        if (const Cell v = m_cell("engine_version"); v.present && !v.text.empty()) {
            version = parseEngineVersion(v.text);
            if (!version) {
                fail("engine_version", "a version as major.minor.patch (\"0.6.3\")", v.found);
            }
        }

        if (!m_reason.empty()) {
            return std::nullopt;
        }
        row.model = model.text;
        row.hardware = hardware.text;
        row.metric = *metric;
        row.value = value;
        Scenario& s = row.scenario;
        s.model = *loadedModel->value;
        s.hardware = *loadedHardware->value;
        Workload& w = s.workload;
        w.batch = row.batch;
        w.promptTokens = row.prompt;
        w.contextTokens = meanDecodeContext(row.prompt, row.output);
        w.weightPrecision = row.weights;
        w.activationPrecision = row.activations;
        w.kvPrecision = row.kv;
        w.tensorParallel = row.tp;
        s.engineVersion = version.value_or(EngineVersion{});
        for (const Issue& issue : validate(s)) {
            if (issue.severity == Severity::Error) {
                append(columnOfField(issue.field) + ": expected " + plainExpected(issue.expected) +
                       ", found " + issue.found);
            }
        }
        if (!m_reason.empty()) {
            return std::nullopt;
        }
        if (row.maxBatch) {
            // The largest batch whose weights, KV cache and workspace fit at these lengths.
            const std::int64_t most = analyze(s).memory.maxBatch;
            if (most < 1) {
                fail("batch", "\"max\" on hardware that holds one sequence of this model",
                     "\"max\" (the weights and workspace alone do not fit)");
                return std::nullopt;
            }
            row.batch = std::min(most, kMaxBatch);
            w.batch = row.batch;
        }
        return row;
    }

    const std::string& reason() const { return m_reason; }

private:
    void append(const std::string& text) { m_reason += (m_reason.empty() ? "" : "; ") + text; }
    void fail(std::string_view column, const std::string& expected, const std::string& found) {
        append("column " + std::string(column) + ": expected " + expected + ", found " + found);
    }
    void failLoad(std::string_view column, const Cell& cell, const std::vector<Issue>& issues) {
        // An unknown id says what ids there are; a file that does not load says why.
        for (const Issue& issue : issues) {
            if (issue.severity != Severity::Error) {
                continue;
            }
            if (issue.found.starts_with("no such id")) {
                // A relative path was looked for in the measured file's folder: say where.
                const bool elsewhere = !issue.file.empty() && issue.file != cell.text;
                fail(column, issue.expected,
                     cell.found + " (" + issue.found +
                         (elsewhere ? std::string(" at ").append(issue.file) : std::string()) +
                         ")");
            } else {
                fail(column, "a " + std::string(column) + " file that loads",
                     cell.found + " (" + issue.message() + ")");
            }
            return;  // the first error says enough
        }
    }
    std::optional<std::int64_t> integer(std::string_view column, std::int64_t lo, std::int64_t hi) {
        const Cell c = m_cell(column);
        const std::optional<std::int64_t> v =
            c.present ? parseIntegralNumber(c.text) : std::nullopt;
        if (!v || *v < lo || *v > hi) {
            fail(column, "an integer from " + std::to_string(lo) + " to " + std::to_string(hi),
                 c.found);
            return std::nullopt;
        }
        return v;
    }
    std::optional<Precision> precision(std::string_view column) {
        const Cell c = m_cell(column);
        const std::optional<Precision> p = c.present ? parsePrecision(lower(c.text)) : std::nullopt;
        if (!p || !isStoragePrecision(*p)) {
            fail(column, "one of " + storagePrecisionNames(), c.found);
            return std::nullopt;
        }
        return p;
    }

    Resolver& m_resolver;
    const Lookup& m_cell;
    std::string m_reason;
};

// ---- CSV -------------------------------------------------------------------------------

struct Record {
    std::size_t line = 0;  ///< where it starts, 1-based
    std::vector<std::string> fields;
    std::string error;  ///< a malformed quote
};

/// Splits CSV text into records (RFC 4180, lenient about white space around fields).
class CsvReader {
public:
    explicit CsvReader(std::string_view text) : m_text(text) {
        if (m_text.starts_with("\xEF\xBB\xBF")) {
            m_at = 3;  // a UTF-8 byte-order mark, as spreadsheets write it
        }
    }

    /// The next record that is not blank or a comment; false at the end.
    bool next(Record& record) {
        while (m_at < m_text.size()) {
            // Blank and comment lines.
            std::size_t p = m_at;
            while (p < m_text.size() && (m_text[p] == ' ' || m_text[p] == '\t')) {
                ++p;
            }
            if (p == m_text.size() || m_text[p] == '\n' || m_text[p] == '\r' || m_text[p] == '#') {
                skipLine();
                continue;
            }
            record = Record{};
            record.line = m_line;
            readRecord(record);
            return true;
        }
        return false;
    }

private:
    bool atLineEnd() const {
        return m_at >= m_text.size() || m_text[m_at] == '\n' || m_text[m_at] == '\r';
    }
    void endLine() {  // at '\r', '\n', "\r\n" or the end
        if (m_at < m_text.size() && m_text[m_at] == '\r') {
            ++m_at;
        }
        if (m_at < m_text.size() && m_text[m_at] == '\n') {
            ++m_at;
        }
        ++m_line;
    }
    void skipLine() {
        while (!atLineEnd()) {
            ++m_at;
        }
        endLine();
    }
    void skipBlanks() {
        while (m_at < m_text.size() && (m_text[m_at] == ' ' || m_text[m_at] == '\t')) {
            ++m_at;
        }
    }
    void readRecord(Record& record) {
        while (true) {
            skipBlanks();
            std::string field;
            if (m_at < m_text.size() && m_text[m_at] == '"') {
                ++m_at;
                bool closed = false;
                while (m_at < m_text.size()) {
                    const char ch = m_text[m_at++];
                    if (ch == '"') {
                        if (m_at < m_text.size() && m_text[m_at] == '"') {
                            field += '"';
                            ++m_at;
                            continue;
                        }
                        closed = true;
                        break;
                    }
                    if (ch == '\n' ||
                        (ch == '\r' && (m_at >= m_text.size() || m_text[m_at] != '\n'))) {
                        ++m_line;  // a line break inside quotes is part of the field
                    }
                    field += ch;
                }
                if (!closed) {
                    record.error = "a closing quote for the field that opens on this line";
                    record.fields.push_back(std::move(field));
                    return;  // the rest of the file was inside it
                }
                skipBlanks();
                if (!atLineEnd() && m_text[m_at] != ',') {
                    record.error = "a comma after the closing quote of field " +
                                   std::to_string(record.fields.size() + 1);
                    record.fields.push_back(std::move(field));
                    skipLine();
                    return;
                }
            } else {
                const std::size_t start = m_at;
                while (!atLineEnd() && m_text[m_at] != ',') {
                    ++m_at;
                }
                std::string_view raw = m_text.substr(start, m_at - start);
                while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\t')) {
                    raw.remove_suffix(1);
                }
                field.assign(raw);
            }
            record.fields.push_back(std::move(field));
            if (atLineEnd()) {
                endLine();
                return;
            }
            ++m_at;  // the comma
        }
    }

    std::string_view m_text;
    std::size_t m_at = 0;
    std::size_t m_line = 1;
};

void parseCsv(std::string_view text, Resolver& resolver, MeasuredFile& out) {
    CsvReader reader(text);
    Record header;
    if (!reader.next(header)) {
        out.rejected.push_back({0, "expected a header row naming the columns " + requiredList() +
                                       ", found " + (text.empty() ? "an empty file" : "no row")});
        return;
    }
    if (!header.error.empty()) {
        out.rejected.push_back({header.line, "header: expected " + header.error});
        return;
    }
    std::map<std::string, std::size_t, std::less<>> columns;
    std::string problems;
    for (std::size_t i = 0; i < header.fields.size(); ++i) {
        const std::string name = lower(header.fields[i]);
        const bool known = std::find(kRequired.begin(), kRequired.end(), name) != kRequired.end() ||
                           std::find(kOptional.begin(), kOptional.end(), name) != kOptional.end();
        if (!known) {
            out.warnings.push_back("column " + quotedText(header.fields[i]) + " (field " +
                                   std::to_string(i + 1) + " of the header on line " +
                                   std::to_string(header.line) + ") is not one of " +
                                   requiredList() + ", source, label, engine_version: ignored");
            continue;
        }
        if (!columns.emplace(name, i).second) {
            problems +=
                (problems.empty() ? "" : "; ") + std::string("column ") + name + " named twice";
        }
    }
    for (std::string_view c : kRequired) {
        if (columns.find(c) == columns.end()) {
            problems += (problems.empty() ? "" : "; ") + std::string("no column ") + std::string(c);
        }
    }
    if (!problems.empty()) {
        out.rejected.push_back(
            {header.line, "header: expected the columns " + requiredList() +
                              " (source, label and engine_version optional), found " + problems});
        return;
    }
    Record record;
    while (reader.next(record)) {
        if (!record.error.empty()) {
            out.rejected.push_back({record.line, "expected " + record.error});
            continue;
        }
        if (record.fields.size() != header.fields.size()) {
            out.rejected.push_back({record.line, "expected " +
                                                     std::to_string(header.fields.size()) +
                                                     " fields as the header names, found " +
                                                     std::to_string(record.fields.size())});
            continue;
        }
        const RowParser::Lookup lookup = [&](std::string_view column) {
            const auto it = columns.find(column);
            return it == columns.end() ? Cell{} : textCell(record.fields[it->second]);
        };
        RowParser parser(resolver, lookup);
        if (std::optional<MeasuredRow> row = parser.parse()) {
            row->line = record.line;
            out.rows.push_back(std::move(*row));
        } else {
            out.rejected.push_back({record.line, parser.reason()});
        }
    }
}

// ---- JSON ------------------------------------------------------------------------------

Cell jsonCell(const Json& object, std::string_view column) {
    const auto it = object.find(column);
    if (it == object.end() || it->is_null()) {
        return {};
    }
    Cell c;
    c.found = detail::foundText(*it);
    if (it->is_string()) {
        c.text = it->get<std::string>();
        c.present = !c.text.empty();
        if (!c.present) {
            c.found = "nothing";
        }
    } else if (it->is_number()) {
        c.text = it->dump();
        c.present = true;
    }
    // A boolean, array or object is no value of any column: absent, shown as it is.
    return c;
}

void parseJson(std::string_view text, Resolver& resolver, MeasuredFile& out) {
    out.json = true;
    Json json;
    try {
        json = Json::parse(text.begin(), text.end());
    } catch (const Json::exception& e) {
        out.rejected.push_back({0, "expected valid JSON, found " + detail::jsonErrorText(e)});
        return;
    }
    const Json* rows = &json;
    if (json.is_object()) {
        const auto it = json.find("rows");
        rows = it != json.end() ? &*it : nullptr;
    }
    if (rows == nullptr || !rows->is_array()) {
        out.rejected.push_back(
            {0, std::string("expected an array of rows, or an object whose \"rows\" is one, "
                            "found ") +
                    (rows == nullptr ? "an object without \"rows\""
                                     : "\"rows\": " + detail::foundText(*rows))});
        return;
    }
    std::vector<std::string> unknown;
    for (std::size_t i = 0; i < rows->size(); ++i) {
        const Json& object = (*rows)[i];
        const std::size_t line = i + 1;
        if (!object.is_object()) {
            out.rejected.push_back({line, "expected an object with the columns " + requiredList() +
                                              ", found " + detail::foundText(object)});
            continue;
        }
        for (const auto& [key, value] : object.items()) {
            const bool known =
                std::find(kRequired.begin(), kRequired.end(), key) != kRequired.end() ||
                std::find(kOptional.begin(), kOptional.end(), key) != kOptional.end();
            if (!known && std::find(unknown.begin(), unknown.end(), key) == unknown.end()) {
                unknown.push_back(key);
                out.warnings.push_back("column " + quotedText(key) + " (first in row " +
                                       std::to_string(line) + ") is not one of " + requiredList() +
                                       ", source, label, engine_version: ignored");
            }
        }
        const RowParser::Lookup lookup = [&](std::string_view column) {
            return jsonCell(object, column);
        };
        RowParser parser(resolver, lookup);
        if (std::optional<MeasuredRow> row = parser.parse()) {
            row->line = line;
            out.rows.push_back(std::move(*row));
        } else {
            out.rejected.push_back({line, parser.reason()});
        }
    }
}

}  // namespace

namespace detail {

struct MeasuredRowBuilder::Impl {
    explicit Impl(const MeasuredOptions& o) : options(o), resolver(options) {}
    MeasuredOptions options;  // the resolver holds a reference to it
    Resolver resolver;
};

MeasuredRowBuilder::MeasuredRowBuilder(const MeasuredOptions& options)
    : m_impl(std::make_unique<Impl>(options)) {}

MeasuredRowBuilder::~MeasuredRowBuilder() = default;

std::optional<MeasuredRow> MeasuredRowBuilder::build(const MeasuredColumns& columns,
                                                     std::string& reason) {
    const RowParser::Lookup lookup = [&columns](std::string_view column) {
        const auto it = columns.find(column);
        return it == columns.end() ? Cell{} : textCell(it->second);
    };
    RowParser parser(m_impl->resolver, lookup);
    std::optional<MeasuredRow> row = parser.parse();
    if (!row) {
        reason = parser.reason();
    }
    return row;
}

}  // namespace detail

std::string_view toString(MeasuredFormat format) {
    switch (format) {
        case MeasuredFormat::Csv:
            return "CSV";
        case MeasuredFormat::Json:
            return "JSON";
        case MeasuredFormat::VllmBench:
            return "vllm bench serve results";
        case MeasuredFormat::GuideLlm:
            return "GuideLLM report";
    }
    return "CSV";
}

MeasuredFile parseMeasured(std::string_view text, const MeasuredOptions& options) {
    MeasuredFile out;
    Resolver resolver(options);
    std::size_t first = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    while (first < text.size() && (text[first] == ' ' || text[first] == '\t' ||
                                   text[first] == '\n' || text[first] == '\r')) {
        ++first;
    }
    if (first < text.size() && text[first] == '{' &&
        detail::parseBenchmarkJson(text.substr(first), options, out)) {
        return out;  // a vllm bench serve result or a GuideLLM report
    }
    if (first < text.size() && (text[first] == '[' || text[first] == '{')) {
        out.format = MeasuredFormat::Json;
        parseJson(text.substr(first), resolver, out);
    } else {
        parseCsv(text, resolver, out);
    }
    return out;
}

MeasuredFile loadMeasuredFile(const std::string& path, const BenchmarkContext& benchmark) {
    std::string text;
    std::vector<Issue> issues;
    if (!detail::readFile(path, kMaxMeasuredFileBytes, text, issues)) {
        MeasuredFile out;
        out.rejected.push_back({0, issues.empty() ? "expected a readable file"
                                                  : "expected " + issues.front().expected +
                                                        ", found " + issues.front().found});
        return out;
    }
    MeasuredOptions options;
    options.baseDirectory = std::filesystem::path(path).parent_path().string();
    options.benchmark = benchmark;
    return parseMeasured(text, options);
}

MeasuredResult placeRow(const MeasuredRow& row, Ceilings ceilings) {
    Scenario scenario = row.scenario;
    scenario.workload.ceilings = ceilings;
    MeasuredResult out;
    out.analysis = analyze(scenario);
    out.placement = placeMeasured(out.analysis, row.metric, row.value, row.output);
    return out;
}

namespace {

// A row's "estimate" object: its estimate, or the reason it has none.
Json rowEstimateJson(const std::optional<RowEstimate>& e, const std::string& refusal) {
    if (!e) {
        return {{"profile", nullptr}, {"refused", refusal}};
    }
    return {{"profile", e->profile->id},
            {"engine", e->profile->engine},
            {"fitted_records", e->profile->fittedRecords},
            {"value", e->value},
            {"interval", {e->low, e->high}},
            {"coverage", e->profile->coverage},
            {"error", e->error},
            {"covered", e->covered},
            {"extrapolated", e->extrapolated},
            {"waves", e->finalMemory.waves}};
}

}  // namespace

std::string measuredToJson(const MeasuredFile& file, Ceilings ceilings,
                           const EstimateChoice* estimate) {
    Json rows = Json::array();
    const FileEstimates estimates =
        estimate != nullptr ? estimateFile(file, *estimate) : FileEstimates{};
    for (std::size_t i = 0; i < file.rows.size(); ++i) {
        const MeasuredRow& row = file.rows[i];
        const MeasuredResult r = placeRow(row, ceilings);
        const MeasuredPlacement& p = r.placement;
        Json warnings = Json::array();
        for (const Warning& w : r.analysis.warnings) {
            warnings.push_back(w.text());
        }
        rows.push_back({
            {"line", row.line},
            {"model", row.model},
            {"hardware", row.hardware},
            {"tp", row.tp},
            {"weights", toString(row.weights)},
            {"activations", toString(row.activations)},
            {"kv", toString(row.kv)},
            {"batch", row.batch},
            {"batch_is_max", row.maxBatch},
            {"prompt", row.prompt},
            {"output", row.output},
            {"metric", toString(row.metric)},
            {"value", row.value},
            {"source", row.source},
            {"label", row.label},
            {"context_tokens", row.scenario.workload.contextTokens},
            {"pass", toString(p.pass)},
            {"intensity_flops_per_byte", p.intensityFlopsPerByte},
            {"flops_per_device", p.flopsPerDevice},
            {"achieved_flops_per_s", p.achievedFlopsPerSecond},
            {"predicted_flops_per_s", p.predictedFlopsPerSecond},
            {"predicted", p.predictedValue},
            {"measured", row.value},
            {"predicted_time_s", p.predictedSeconds},
            {"measured_time_s", p.measuredSeconds},
            {"efficiency", p.efficiency},
            // At the mean decode context P + O/2 ("fits"), and at the last token, P + O.
            {"fits", r.analysis.memory.fits},
            {"fits_at_final_context", finalContextMemory(row.scenario, row.output).fits},
            {"warnings", warnings},
        });
        if (estimate != nullptr) {
            rows.back()["estimate"] = rowEstimateJson(estimates.rows[i], estimates.refusals[i]);
        }
    }
    Json rejected = Json::array();
    for (const MeasuredRejected& r : file.rejected) {
        rejected.push_back({{"line", r.line}, {"reason", r.reason}});
    }
    std::vector<std::string> allWarnings = file.warnings;
    allWarnings.insert(allWarnings.end(), estimates.messages.begin(), estimates.messages.end());
    Json out = {
        {"ceilings", std::string(toString(ceilings))},
        {"counted_by", file.json ? "row" : "line"},
        {"rows", rows},
        {"rejected", rejected},
        {"warnings", allWarnings},
    };
    if (estimate != nullptr) {
        const EstimateSummary s = summarizeEstimates(estimates.estimated());
        out["estimate_summary"] = {{"rows", s.rows},
                                   {"median_abs_error", s.medianAbsError},
                                   {"covered_fraction", s.coveredFraction},
                                   {"median_interval_width", s.medianWidth},
                                   {"coverage", s.nominalCoverage}};
    }
    return out.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

}  // namespace roofline::io
