// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Reading a benchmark result's values (bench_results.h): numbers that may be strings (vLLM
// writes --metadata values as strings), nested keys, and the "needs" of a run that lacks one.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "json_util.h"
#include "roofline/parse.h"

namespace roofline::io::detail {

/// The value at a path of keys, or nullptr where one is missing or not an object.
inline const Json* valueAt(const Json& json, std::initializer_list<const char*> path) {
    const Json* at = &json;
    for (const char* key : path) {
        if (!at->is_object()) {
            return nullptr;
        }
        const auto it = at->find(key);
        if (it == at->end()) {
            return nullptr;
        }
        at = &*it;
    }
    return at;
}

/// A finite number, written as a JSON number or as a string of one; nullopt otherwise.
inline std::optional<double> numberAt(const Json& json, std::initializer_list<const char*> path) {
    const Json* v = valueAt(json, path);
    if (v == nullptr) {
        return std::nullopt;
    }
    std::optional<double> n;
    if (v->is_number()) {
        n = v->get<double>();
    } else if (v->is_string()) {
        n = parseNumber(v->get<std::string>());
    }
    return n && std::isfinite(*n) ? n : std::nullopt;
}

/// A positive finite number rounded to the nearest integer of at least 1 (a mean token count,
/// a concurrency); nullopt otherwise, and for numbers past 1e12 (no count this reads).
inline std::optional<std::int64_t> countOf(std::optional<double> n) {
    if (!n || !(*n > 0.0) || *n > 1e12) {
        return std::nullopt;
    }
    return std::max<std::int64_t>(1, std::llround(*n));
}

/// A string value's text, or a number's; empty otherwise.
inline std::string textAt(const Json& json, std::initializer_list<const char*> path) {
    const Json* v = valueAt(json, path);
    if (v == nullptr) {
        return {};
    }
    if (v->is_string()) {
        return v->get<std::string>();
    }
    return v->is_number() ? v->dump() : std::string();
}

/// What a run lacks, said once: "needs \"tp\" (...); needs \"max_concurrency\" (...)".
class Needs {
public:
    void add(const std::string& what) { m_needs.push_back(what); }
    bool empty() const { return m_needs.empty(); }
    std::string text() const {
        std::string out;
        for (const std::string& n : m_needs) {
            out.append(out.empty() ? "" : "; ").append("expected ").append(n);
        }
        return out;
    }

private:
    std::vector<std::string> m_needs;
};

/// Why a reader leaves out `key` (a run's TTFT) at a concurrency above 1, said once per file.
inline std::string ttftLeftOutWarning(const std::string& key) {
    return key +
           " at a concurrency above 1 is not used: ttft_ms is the prefill of B prompts at "
           "once, and a served request's TTFT is one prompt's, prefilled beside the others' "
           "decode";
}

}  // namespace roofline::io::detail
