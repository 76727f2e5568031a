// SPDX-License-Identifier: GPL-3.0-or-later
// Lesson expectations: the path syntax and the check against analysis JSON documents.

#include <cmath>

#include "lesson_json.h"
#include "roofline/format.h"
#include "roofline/io/lesson.h"

namespace roofline::io {

using detail::Json;

namespace detail {

namespace {

bool isKeyChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
}

bool isKey(std::string_view s) {
    if (s.empty()) {
        return false;
    }
    for (const char c : s) {
        if (!isKeyChar(c)) {
            return false;
        }
    }
    return true;
}

bool parseSelector(std::string_view text, PathSegment& seg, std::string& error) {
    seg.hasSelector = true;
    if (text.empty()) {
        error = "an empty selector []";
        return false;
    }
    if (text.find_first_not_of("0123456789") == std::string_view::npos) {
        if (text.size() > 9) {
            error = "an index too large";
            return false;
        }
        seg.index = std::stoul(std::string(text));
        return true;
    }
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        const std::string_view part = text.substr(
            start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        const std::size_t eq = part.find('=');
        if (eq == std::string_view::npos || !isKey(part.substr(0, eq)) || eq + 1 == part.size()) {
            error = "a selector [N] or [key=value,...], got [" + std::string(text) + "]";
            return false;
        }
        seg.matches.emplace_back(std::string(part.substr(0, eq)), std::string(part.substr(eq + 1)));
        if (comma == std::string_view::npos) {
            break;
        }
        start = comma + 1;
    }
    return true;
}

// A scalar's text as a selector compares it: strings bare, numbers and bools as JSON.
std::string selectorText(const Json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

std::string keysOf(const Json& object) {
    std::string list;
    for (const auto& [key, value] : object.items()) {
        list += (list.empty() ? "" : ", ") + key;
    }
    return list;
}

}  // namespace

std::optional<LessonPath> parseLessonPath(std::string_view text, std::string& error) {
    LessonPath path;
    if (text.starts_with(kBaselinePrefix)) {
        path.baseline = true;
        text.remove_prefix(kBaselinePrefix.size());
    }
    if (text.empty()) {
        error = "an empty path";
        return std::nullopt;
    }
    std::size_t i = 0;
    while (true) {
        PathSegment seg;
        const std::size_t keyStart = i;
        while (i < text.size() && isKeyChar(text[i])) {
            ++i;
        }
        seg.key = std::string(text.substr(keyStart, i - keyStart));
        if (seg.key.empty()) {
            error = i < text.size() ? "a key at '" + std::string(text.substr(i)) + "'"
                                    : "a key after the last '.'";
            return std::nullopt;
        }
        if (i < text.size() && text[i] == '[') {
            const std::size_t close = text.find(']', i);
            if (close == std::string_view::npos) {
                error = "a ']' closing the selector";
                return std::nullopt;
            }
            if (!parseSelector(text.substr(i + 1, close - i - 1), seg, error)) {
                return std::nullopt;
            }
            i = close + 1;
        }
        path.segments.push_back(std::move(seg));
        if (i == text.size()) {
            return path;
        }
        if (text[i] != '.') {
            error = "'.' or '[' after '" + path.segments.back().key + "', got '" +
                    std::string(1, text[i]) + "'";
            return std::nullopt;
        }
        ++i;
    }
}

const Json* followLessonPath(const Json& root, const LessonPath& path, std::string& error) {
    const Json* at = &root;
    std::string where = path.baseline ? "the baseline's analysis" : "the analysis";
    for (const PathSegment& seg : path.segments) {
        if (!at->is_object()) {
            error = where + " is not an object (it is " + foundText(*at) + ")";
            return nullptr;
        }
        const auto it = at->find(seg.key);
        if (it == at->end()) {
            error = "no key '" + seg.key + "' in " + where + " (its keys: " + keysOf(*at) + ")";
            return nullptr;
        }
        at = &*it;
        where = seg.key;
        if (!seg.hasSelector) {
            continue;
        }
        if (!at->is_array()) {
            error = seg.key + " is not an array";
            return nullptr;
        }
        if (seg.index) {
            if (*seg.index >= at->size()) {
                error = seg.key + " has " + std::to_string(at->size()) + " elements, no [" +
                        std::to_string(*seg.index) + "]";
                return nullptr;
            }
            at = &(*at)[*seg.index];
            where.append("[").append(std::to_string(*seg.index)).append("]");
            continue;
        }
        const Json* found = nullptr;
        for (const Json& element : *at) {
            bool all = element.is_object();
            for (const auto& [key, value] : seg.matches) {
                const auto field = all ? element.find(key) : element.end();
                all = all && field != element.end() && !field->is_structured() &&
                      selectorText(*field) == value;
            }
            if (all) {
                found = &element;
                break;
            }
        }
        std::string selector;
        for (const auto& [key, value] : seg.matches) {
            selector.append(selector.empty() ? "" : ",").append(key).append("=").append(value);
        }
        if (found == nullptr) {
            error = "no element of " + seg.key + " with " + selector;
            return nullptr;
        }
        at = found;
        where.append("[").append(selector).append("]");
    }
    return at;
}

}  // namespace detail

namespace {

using detail::LessonPath;

std::string valueText(const ExpectedValue& v) {
    switch (v.kind) {
        case ExpectedValue::Kind::Null:
            return "null";
        case ExpectedValue::Kind::Number:
            return Json(v.number).dump();
        case ExpectedValue::Kind::String:
            return Json(v.text).dump();
        case ExpectedValue::Kind::Bool:
            return v.flag ? "true" : "false";
    }
    return "null";
}

bool compareNumbers(ExpectationOp op, double actual, const Expectation& e) {
    const double x = e.value.number;
    switch (op) {
        case ExpectationOp::Eq:
            return actual == x;
        case ExpectationOp::Ne:
            return actual != x;
        case ExpectationOp::Lt:
            return actual < x;
        case ExpectationOp::Le:
            return actual <= x;
        case ExpectationOp::Gt:
            return actual > x;
        case ExpectationOp::Ge:
            return actual >= x;
        case ExpectationOp::Between:
            return actual >= e.low && actual <= e.high;
    }
    return false;
}

bool isOrdering(ExpectationOp op) { return op != ExpectationOp::Eq && op != ExpectationOp::Ne; }

// The type the expectation's value needs the field to have, for the messages.
std::string wantedType(const Expectation& e) {
    if (e.op == ExpectationOp::Between || e.value.kind == ExpectedValue::Kind::Number) {
        return "a number";
    }
    if (e.value.kind == ExpectedValue::Kind::String) {
        return "a string";
    }
    return e.value.kind == ExpectedValue::Kind::Bool ? "true or false" : "a value";
}

}  // namespace

std::string_view toString(LessonGroup group) {
    switch (group) {
        case LessonGroup::PlacingWorkloads:
            return "placing workloads";
        case LessonGroup::HardwareNumbers:
            return "hardware numbers";
        case LessonGroup::Batching:
            return "batching";
        case LessonGroup::Interventions:
            return "interventions";
    }
    return "placing workloads";
}

std::optional<LessonGroup> parseLessonGroup(std::string_view text) {
    for (const LessonGroup g : {LessonGroup::PlacingWorkloads, LessonGroup::HardwareNumbers,
                                LessonGroup::Batching, LessonGroup::Interventions}) {
        if (toString(g) == text) {
            return g;
        }
    }
    return std::nullopt;
}

std::string_view toString(ExpectationOp op) {
    switch (op) {
        case ExpectationOp::Eq:
            return "==";
        case ExpectationOp::Ne:
            return "!=";
        case ExpectationOp::Lt:
            return "<";
        case ExpectationOp::Le:
            return "<=";
        case ExpectationOp::Gt:
            return ">";
        case ExpectationOp::Ge:
            return ">=";
        case ExpectationOp::Between:
            return "between";
    }
    return "==";
}

std::optional<ExpectationOp> parseExpectationOp(std::string_view text) {
    for (const ExpectationOp op :
         {ExpectationOp::Eq, ExpectationOp::Ne, ExpectationOp::Lt, ExpectationOp::Le,
          ExpectationOp::Gt, ExpectationOp::Ge, ExpectationOp::Between}) {
        if (toString(op) == text) {
            return op;
        }
    }
    return std::nullopt;
}

std::string describe(const Expectation& e) {
    std::string out = e.path;
    if (!e.over.empty()) {
        out += " / " + e.over;
    }
    out += " ";
    out += toString(e.op);
    if (e.op == ExpectationOp::Between) {
        out += " " + generalText(e.low, 10) + " and " + generalText(e.high, 10);
    } else if (e.value.kind == ExpectedValue::Kind::Number) {
        out += " " + generalText(e.value.number, 10);
    } else {
        out += " " + valueText(e.value);
    }
    return out;
}

std::string actualText(const Expectation& e, const ExpectationResult& r) {
    if (r.actual.empty()) {
        return "–";
    }
    const Json v = Json::parse(r.actual, nullptr, false);
    if (v.is_string()) {
        return v.get<std::string>();
    }
    if (!v.is_number()) {
        return v.is_discarded() ? r.actual : v.dump();
    }
    const double x = v.get<double>();
    if (!e.over.empty()) {
        return "×" + formatNumber(x);
    }
    const std::string_view key = std::string_view(e.path).substr(e.path.rfind('.') + 1);
    if (key.ends_with("_flops_per_byte")) {
        return formatNumber(x) + " FLOP/byte";
    }
    if (key.ends_with("_bytes_per_s")) {
        return formatSi(x, "B/s");
    }
    if (key.ends_with("_flops_per_s")) {
        return formatSi(x, "FLOP/s");
    }
    if (key.ends_with("_tokens_per_s")) {
        return formatNumber(x) + " tok/s";
    }
    if (key.ends_with("_s")) {
        return formatDuration(x);
    }
    if (key.ends_with("bytes")) {
        return formatBytes(x);
    }
    return formatNumber(x);
}

bool LessonCheck::allHold() const {
    if (hasErrors(issues)) {
        return false;
    }
    for (const ExpectationResult& r : results) {
        if (!r.evaluated || !r.holds) {
            return false;
        }
    }
    return true;
}

LessonCheck checkLesson(const Lesson& lesson, const std::string& file, std::string_view current,
                        std::string_view baseline) {
    LessonCheck check;
    check.results.resize(lesson.expectations.size());
    const auto parse = [](std::string_view text) {
        return text.empty() ? Json() : Json::parse(text, nullptr, false);
    };
    const Json currentJson = parse(current);
    const Json baselineJson = parse(baseline);
    for (std::size_t i = 0; i < lesson.expectations.size(); ++i) {
        const Expectation& e = lesson.expectations[i];
        ExpectationResult& r = check.results[i];
        const std::string at = "/lesson/expectations/" + std::to_string(i);
        const auto fail = [&](const std::string& key, std::string expected, std::string found) {
            check.issues.push_back({Severity::Error, file, std::string(at).append("/").append(key),
                                    std::move(expected), std::move(found)});
        };
        // Each side: parsed, followed in its document; nullptr after an issue.
        const auto valueAt = [&](const std::string& text, const std::string& key) -> const Json* {
            std::string error;
            const std::optional<LessonPath> path = detail::parseLessonPath(text, error);
            if (!path) {
                fail(key, "a path (" + error + ")", Json(text).dump());
                return nullptr;
            }
            const Json& doc = path->baseline ? baselineJson : currentJson;
            if (path->baseline && baseline.empty()) {
                fail(key, "a path into the current analysis (this scenario has no baseline)",
                     Json(text).dump());
                return nullptr;
            }
            if (!doc.is_object()) {
                fail(key, "a path into an analysis JSON document",
                     Json(text).dump() + " (the analysis is not valid JSON)");
                return nullptr;
            }
            const Json* v = detail::followLessonPath(doc, *path, error);
            if (v == nullptr) {
                fail(key, "a field of the analysis JSON", Json(text).dump() + " (" + error + ")");
            }
            return v;
        };
        const Json* value = valueAt(e.path, "path");
        if (value == nullptr) {
            continue;
        }
        Json actual = *value;
        if (!e.over.empty()) {
            const Json* denominator = valueAt(e.over, "over");
            if (denominator == nullptr) {
                continue;
            }
            const auto numberOrNull = [](const Json& v) { return v.is_number() || v.is_null(); };
            if (!numberOrNull(*value) || !numberOrNull(*denominator)) {
                fail(numberOrNull(*value) ? "over" : "path", "a number (a ratio is of numbers)",
                     detail::foundText(numberOrNull(*value) ? *denominator : *value));
                continue;
            }
            r.numerator = value->dump();
            r.denominator = denominator->dump();
            actual = nullptr;
            if (value->is_number() && denominator->is_number() &&
                denominator->get<double>() != 0.0) {
                const double ratio = value->get<double>() / denominator->get<double>();
                if (std::isfinite(ratio)) {
                    actual = ratio;
                }
            }
        }
        r.actual = actual.dump();
        // A null field is a value ("critical batch: never"): == null holds, != null does not,
        // an ordering does not hold.
        if (actual.is_null()) {
            r.evaluated = true;
            const bool wantsNull =
                e.op != ExpectationOp::Between && e.value.kind == ExpectedValue::Kind::Null;
            r.holds = e.op == ExpectationOp::Eq   ? wantsNull
                      : e.op == ExpectationOp::Ne ? !wantsNull
                                                  : false;
            continue;
        }
        if (e.op == ExpectationOp::Between || e.value.kind == ExpectedValue::Kind::Number) {
            if (!actual.is_number()) {
                fail("path", wantedType(e) + " field for " + std::string(toString(e.op)),
                     detail::foundText(actual));
                continue;
            }
            r.evaluated = true;
            r.holds = compareNumbers(e.op, actual.get<double>(), e);
            continue;
        }
        if (isOrdering(e.op)) {
            // Only numbers are ordered; the parser refuses a non-number value with <.
            fail("op", "== or != for " + wantedType(e), Json(std::string(toString(e.op))).dump());
            continue;
        }
        bool same = false;
        if (e.value.kind == ExpectedValue::Kind::String && actual.is_string()) {
            same = actual.get<std::string>() == e.value.text;
        } else if (e.value.kind == ExpectedValue::Kind::Bool && actual.is_boolean()) {
            same = actual.get<bool>() == e.value.flag;
        } else if (e.value.kind != ExpectedValue::Kind::Null) {
            fail("path", wantedType(e) + " field, as the value is", detail::foundText(actual));
            continue;
        }
        r.evaluated = true;
        r.holds = e.op == ExpectationOp::Eq ? same : !same;
    }
    return check;
}

}  // namespace roofline::io
