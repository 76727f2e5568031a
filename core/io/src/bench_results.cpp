// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark result files as measured results (roofline/io/bench_results.h): recognising the
// format, JSON Lines, the model's preset, and a run turned into rows. The two formats' keys
// are read in vllm_bench_results.cpp and guidellm_report.cpp.

#include "roofline/io/bench_results.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "measured_rows.h"
#include "roofline/io/presets.h"

namespace roofline::io {

namespace detail {

namespace {

/// The objects of a JSON Lines text (vllm bench serve --append-result writes one run per
/// line); nullopt when a line that is not blank is no JSON object.
std::optional<std::vector<Json>> jsonLines(std::string_view text) {
    std::vector<Json> objects;
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = text.find('\n', at);
        if (end == std::string_view::npos) {
            end = text.size();
        }
        const std::string_view line = text.substr(at, end - at);
        at = end + 1;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) {
            continue;
        }
        Json object = Json::parse(line.begin(), line.end(), nullptr, false);
        if (!object.is_object()) {
            return std::nullopt;  // discarded (a syntax error) or not an object
        }
        objects.push_back(std::move(object));
    }
    return objects;
}

}  // namespace

bool isVllmBenchResult(const Json& object) {
    if (!object.is_object() || object.contains("rows")) {
        return false;
    }
    constexpr std::array<const char*, 4> kKeys = {"request_throughput", "median_tpot_ms",
                                                  "median_ttft_ms", "output_throughput"};
    return std::any_of(kKeys.begin(), kKeys.end(),
                       [&object](const char* key) { return object.contains(key); });
}

bool isGuideLlmReport(const Json& object) {
    if (!object.is_object() || object.contains("rows")) {
        return false;
    }
    const auto it = object.find("benchmarks");
    return it != object.end() && it->is_array();
}

bool parseBenchmarkJson(std::string_view text, const MeasuredOptions& options, MeasuredFile& out) {
    Json json = Json::parse(text.begin(), text.end(), nullptr, false);
    if (json.is_discarded()) {
        // Not one JSON value: JSON Lines of vLLM runs, or nothing this reads.
        std::optional<std::vector<Json>> lines = jsonLines(text);
        if (!lines || lines->empty() || !isVllmBenchResult(lines->front())) {
            return false;
        }
        out.format = MeasuredFormat::VllmBench;
        out.json = true;
        readVllmBenchRuns(*lines, options, out);
        return true;
    }
    if (isGuideLlmReport(json)) {
        out.format = MeasuredFormat::GuideLlm;
        out.json = true;
        readGuideLlmReport(json, options, out);
        return true;
    }
    if (isVllmBenchResult(json)) {
        out.format = MeasuredFormat::VllmBench;
        out.json = true;
        readVllmBenchRuns({std::move(json)}, options, out);
        return true;
    }
    return false;
}

std::string numberText(double value) { return Json(value).dump(); }

void addRun(MeasuredRowBuilder& builder, std::size_t run, bool numbered,
            const MeasuredColumns& columns, const std::vector<BenchMetric>& metrics,
            MeasuredFile& out) {
    for (const BenchMetric& m : metrics) {
        MeasuredColumns row = columns;
        row["metric"] = std::string(toString(m.metric));
        row["value"] = numberText(m.value);
        row["label"] = numbered ? "run " + std::to_string(run) + ": " + m.key : m.key;
        std::string reason;
        std::optional<MeasuredRow> built = builder.build(row, reason);
        if (!built) {
            if (reason.starts_with("column value:")) {
                // This metric's value alone (out of range): the run's others may still load.
                out.rejected.push_back({run, m.key + ": " + reason});
                continue;
            }
            // The run's columns are the same for each metric: one rejection says it.
            out.rejected.push_back({run, reason});
            return;
        }
        built->line = run;
        out.rows.push_back(std::move(*built));
    }
}

}  // namespace detail

MeasuredFile parseBenchmarkResults(std::string_view text, const MeasuredOptions& options) {
    MeasuredFile out;
    out.json = true;
    std::size_t first = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    while (first < text.size() && (text[first] == ' ' || text[first] == '\t' ||
                                   text[first] == '\n' || text[first] == '\r')) {
        ++first;
    }
    if (!detail::parseBenchmarkJson(text.substr(first), options, out)) {
        out.rejected.push_back(
            {0,
             "expected a vllm bench serve result (JSON with request_throughput, "
             "median_tpot_ms...; one object, or one per line) or a GuideLLM report (JSON "
             "with a \"benchmarks\" array), found neither"});
    }
    return out;
}

std::string modelPresetForServedName(std::string_view served) {
    const std::size_t slash = served.find_last_of("/\\");
    std::string name(slash == std::string_view::npos ? served : served.substr(slash + 1));
    std::transform(name.begin(), name.end(), name.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const std::vector<std::string> ids = modelIds();
    // The longest prefix at a '-' that names a preset: "llama-3.1-8b-instruct" → "llama-3.1-8b".
    while (!name.empty()) {
        if (std::find(ids.begin(), ids.end(), name) != ids.end()) {
            return name;
        }
        const std::size_t dash = name.find_last_of('-');
        if (dash == std::string::npos) {
            break;
        }
        name.resize(dash);
    }
    return {};
}

}  // namespace roofline::io
