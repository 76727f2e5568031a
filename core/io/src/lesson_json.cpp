// SPDX-License-Identifier: GPL-3.0-or-later
// The "lever" and "lesson" keys of a scenario file (docs/window.md "Lessons").

#include "lesson_json.h"

#include <algorithm>
#include <cmath>

namespace roofline::io::detail {

namespace {

std::string knownLevers() {
    std::string list;
    for (const LeverId id : kAllLevers) {
        list += (list.empty() ? "" : ", ") + std::string(leverKey(id));
    }
    return list;
}

std::string knownOps() {
    std::string list;
    for (const ExpectationOp op :
         {ExpectationOp::Eq, ExpectationOp::Ne, ExpectationOp::Lt, ExpectationOp::Le,
          ExpectationOp::Gt, ExpectationOp::Ge, ExpectationOp::Between}) {
        list += (list.empty() ? "" : ", ") + std::string(toString(op));
    }
    return list;
}

// A path's syntax; records the error and returns false when it does not parse.
bool checkPath(ObjectReader& r, const std::string& key, const std::string& path,
               bool& readsBaseline) {
    std::string error;
    const std::optional<LessonPath> parsed = parseLessonPath(path, error);
    if (!parsed) {
        r.error(key, "a path such as decode.bound or passes[kind=decode].flops (" + error + ")",
                Json(path).dump());
        return false;
    }
    readsBaseline = readsBaseline || parsed->baseline;
    return true;
}

std::optional<Expectation> readExpectation(const Json& json, const std::string& file,
                                           const std::string& pointer, bool hasBaseline,
                                           std::vector<Issue>& issues) {
    ObjectReader r(json, file, pointer, issues);
    const std::size_t before = issues.size();
    r.warnUnknown({"path", "over", "op", "value", "claim"});
    Expectation e;
    bool readsBaseline = false;
    if (const auto path = nonEmptyString(r, "path", true)) {
        e.path = *path;
        checkPath(r, "path", e.path, readsBaseline);
    }
    if (const auto over = nonEmptyString(r, "over", false)) {
        if (*over == "baseline") {
            if (e.path.starts_with(kBaselinePrefix)) {
                r.error("over",
                        "a path: \"baseline\" means the path's field in the baseline, "
                        "and the path already reads the baseline",
                        "\"baseline\"");
            }
            e.over = std::string(kBaselinePrefix) + e.path;
            readsBaseline = true;
        } else {
            e.over = *over;
            checkPath(r, "over", e.over, readsBaseline);
        }
    }
    if (readsBaseline && !hasBaseline) {
        r.error(
            e.over.empty() || e.path.starts_with(kBaselinePrefix) ? "path" : "over",
            "a path into the current analysis: the file has no baseline and no lever",
            Json(e.over.empty() || e.path.starts_with(kBaselinePrefix) ? e.path : e.over).dump());
    }
    if (const auto op = r.string("op", true)) {
        if (const auto parsed = parseExpectationOp(*op)) {
            e.op = *parsed;
        } else {
            r.error("op", "one of " + knownOps(), Json(*op).dump());
        }
    }
    const Json* value = json.is_object() && json.contains("value") ? &json.at("value") : nullptr;
    const bool ordering = e.op != ExpectationOp::Eq && e.op != ExpectationOp::Ne;
    if (value == nullptr) {
        r.error("value", "a value to compare with", "missing");
    } else if (e.op == ExpectationOp::Between) {
        const bool pair = value->is_array() && value->size() == 2 && (*value)[0].is_number() &&
                          (*value)[1].is_number();
        if (pair) {
            e.low = (*value)[0].get<double>();
            e.high = (*value)[1].get<double>();
        }
        if (!pair || !std::isfinite(e.low) || !std::isfinite(e.high) || e.low > e.high) {
            r.error("value", "[low, high]: two numbers, low ≤ high, for between",
                    foundText(*value));
        }
    } else if (value->is_number()) {
        e.value.kind = ExpectedValue::Kind::Number;
        e.value.number = value->get<double>();
    } else if (ordering || !e.over.empty()) {
        r.error("value",
                ordering ? "a number for " + std::string(toString(e.op))
                         : std::string("a number or null: a ratio is a number"),
                foundText(*value));
    } else if (value->is_string()) {
        e.value.kind = ExpectedValue::Kind::String;
        e.value.text = value->get<std::string>();
    } else if (value->is_boolean()) {
        e.value.kind = ExpectedValue::Kind::Bool;
        e.value.flag = value->get<bool>();
    } else if (value->is_null()) {
        e.value.kind = ExpectedValue::Kind::Null;
    } else {
        r.error("value", "a number, a string, true, false or null", foundText(*value));
    }
    if (const auto claim = r.string("claim", false)) {
        e.claim = *claim;
    }
    if (hasErrors(std::vector<Issue>(issues.begin() + static_cast<std::ptrdiff_t>(before),
                                     issues.end()))) {
        return std::nullopt;
    }
    return e;
}

std::optional<Lesson> readLesson(const Json& json, const std::string& file, bool hasBaseline,
                                 std::vector<Issue>& issues) {
    const std::string pointer = "/lesson";
    ObjectReader r(json, file, pointer, issues);
    r.warnUnknown({"id", "title", "questions", "look_at", "group", "view", "expectations"});
    Lesson lesson;
    if (const auto id = nonEmptyString(r, "id", true)) {
        if (isId(*id)) {
            lesson.id = *id;
        } else {
            r.error("id", "an id of lower-case letters, digits and '-'", Json(*id).dump());
        }
    }
    lesson.title = nonEmptyString(r, "title", true).value_or("");
    lesson.lookAt = nonEmptyString(r, "look_at", true).value_or("");
    if (const auto group = r.string("group", true)) {
        if (const auto parsed = parseLessonGroup(*group)) {
            lesson.group = *parsed;
        } else {
            r.error("group",
                    "one of \"placing workloads\", \"hardware numbers\", \"batching\", "
                    "\"interventions\"",
                    Json(*group).dump());
        }
    }
    if (const auto view = r.string("view", false)) {
        if (std::find(std::begin(kLessonViews), std::end(kLessonViews), *view) ==
            std::end(kLessonViews)) {
            r.error("view", "one of roofline, sweep, regime, breakdown, frontier",
                    Json(*view).dump());
        } else {
            lesson.view = *view;
        }
    }
    const std::string bank = "a question number from 1 to " + std::to_string(kQuestionCount);
    if (const Json* questions = r.find("questions"); questions == nullptr) {
        r.error("questions",
                "a list of question numbers (1 to " + std::to_string(kQuestionCount) + ")",
                "missing");
    } else if (!questions->is_array() || questions->empty()) {
        r.error(
            "questions",
            "a non-empty list of question numbers (1 to " + std::to_string(kQuestionCount) + ")",
            foundText(*questions));
    } else {
        ObjectReader qr(*questions, file, pointer + "/questions", issues);
        for (std::size_t i = 0; i < questions->size(); ++i) {
            const Json& q = (*questions)[i];
            const std::string key = std::to_string(i);
            if (!q.is_number_integer() || q.get<std::int64_t>() < 1 ||
                q.get<std::int64_t>() > kQuestionCount) {
                qr.error(key, bank, foundText(q));
            } else if (const int n = q.get<int>();
                       std::find(lesson.questions.begin(), lesson.questions.end(), n) !=
                       lesson.questions.end()) {
                qr.error(key, "a question not already listed", foundText(q));
            } else {
                lesson.questions.push_back(n);
            }
        }
        std::sort(lesson.questions.begin(), lesson.questions.end());
    }
    if (const Json* list = r.find("expectations"); list == nullptr) {
        r.error("expectations", "a list of expectations {path, op, value}", "missing");
    } else if (!list->is_array() || list->empty()) {
        r.error("expectations", "a non-empty list of expectations {path, op, value}",
                foundText(*list));
    } else {
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string at = pointer + "/expectations/" + std::to_string(i);
            if (!(*list)[i].is_object()) {
                issues.push_back({Severity::Error, file, at, "an expectation {path, op, value}",
                                  foundText((*list)[i])});
                continue;
            }
            if (auto e = readExpectation((*list)[i], file, at, hasBaseline, issues)) {
                lesson.expectations.push_back(std::move(*e));
            }
        }
    }
    return lesson;
}

Json expectationJson(const Expectation& e) {
    Json j = Json::object();
    j["path"] = e.path;
    if (!e.over.empty()) {
        j["over"] = e.over == std::string(kBaselinePrefix) + e.path ? "baseline" : e.over;
    }
    j["op"] = std::string(toString(e.op));
    if (e.op == ExpectationOp::Between) {
        j["value"] = Json::array({e.low, e.high});
    } else {
        switch (e.value.kind) {
            case ExpectedValue::Kind::Null:
                j["value"] = nullptr;
                break;
            case ExpectedValue::Kind::Number:
                j["value"] = e.value.number;
                break;
            case ExpectedValue::Kind::String:
                j["value"] = e.value.text;
                break;
            case ExpectedValue::Kind::Bool:
                j["value"] = e.value.flag;
                break;
        }
    }
    if (!e.claim.empty()) {
        j["claim"] = e.claim;
    }
    return j;
}

}  // namespace

void readLessonKeys(const Json& json, const std::string& file, ScenarioFile& s,
                    std::vector<Issue>& issues) {
    ObjectReader r(json, file, "", issues);
    if (const auto lever = r.string("lever", false)) {
        if (const auto id = parseLeverId(*lever)) {
            s.lever = *id;
        } else {
            r.error("lever", "a lever id (" + knownLevers() + ")", Json(*lever).dump());
        }
        if (s.baseline) {
            r.error("lever",
                    "absent when there is a baseline (a lever pins the scenario before it as "
                    "the baseline)",
                    Json(*lever).dump());
        }
    }
    if (const Json* lesson = r.find("lesson")) {
        if (!lesson->is_object()) {
            r.error("lesson", "an object {id, title, questions, look_at, group, expectations}",
                    foundText(*lesson));
        } else {
            s.lesson =
                readLesson(*lesson, file, s.baseline.has_value() || s.lever.has_value(), issues);
        }
    }
}

Json lessonJson(const Lesson& lesson) {
    Json j = Json::object();
    j["id"] = lesson.id;
    j["title"] = lesson.title;
    j["questions"] = lesson.questions;
    j["look_at"] = lesson.lookAt;
    j["group"] = std::string(toString(lesson.group));
    if (!lesson.view.empty()) {
        j["view"] = lesson.view;
    }
    Json list = Json::array();
    for (const Expectation& e : lesson.expectations) {
        list.push_back(expectationJson(e));
    }
    j["expectations"] = list;
    return j;
}

}  // namespace roofline::io::detail
