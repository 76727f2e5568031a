// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file lesson.h
/// Lessons: a scenario file with a `lesson` object that says which of the question bank's
/// questions (../shared/QUESTIONS.md) it answers, what to look at, and claims about the
/// analysis ("expectations") that are checked against the live engine, so that a lesson can
/// never go stale. The types live here; ScenarioFile holds an optional Lesson, and
/// parseScenarioFile / toJson read and write it (docs/window.md "Lessons").
///
/// An expectation names a field of the analysis JSON (analysisToJson, docs/calibration.md "JSON
/// output") by a path:
///
///     path      := ["baseline:"] segment ("." segment)*
///     segment   := key | key "[" selector "]"
///     selector  := index | match ("," match)*
///     match     := key "=" text              (the element's key, written as text, equals)
///
/// e.g. `decode.bound`, `hardware.peak_flops_per_s.bf16`, `passes[kind=decode].flops`,
/// `operators[pass=decode,name=attention].bound`, `roofs[in_use=true].flops_per_s`,
/// `passes[1].bound`. A selector picks the first element whose keys all match; a number or
/// bool key matches its JSON text (`in_use=true`, `count=32`). `baseline:` reads the
/// baseline's analysis. An expectation compares the value at `path` (or, with `over`, the
/// ratio path / over) with `value` by `op`.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/analysis.h"
#include "roofline/validate.h"

namespace roofline::io {

/// The question bank has this many questions, numbered from 1.
inline constexpr int kQuestionCount = 23;

/// The four groups of the question bank (the Lessons menu's sections).
enum class LessonGroup : unsigned char {
    PlacingWorkloads,
    HardwareNumbers,
    Batching,
    Interventions
};

/// "placing workloads", "hardware numbers", "batching", "interventions".
std::string_view toString(LessonGroup group);
std::optional<LessonGroup> parseLessonGroup(std::string_view text);

/// A view a lesson asks the window to show: "roofline", "sweep", "regime", "breakdown",
/// "frontier".
inline constexpr std::string_view kLessonViews[] = {"roofline", "sweep", "regime", "breakdown",
                                                    "frontier"};

enum class ExpectationOp : unsigned char { Eq, Ne, Lt, Le, Gt, Ge, Between };

/// "==", "!=", "<", "<=", ">", ">=", "between".
std::string_view toString(ExpectationOp op);
std::optional<ExpectationOp> parseExpectationOp(std::string_view text);

/// The value an expectation compares with: a number, a string, a bool or null.
struct ExpectedValue {
    enum class Kind : unsigned char { Null, Number, String, Bool };
    Kind kind = Kind::Null;
    double number = 0.0;
    std::string text;
    bool flag = false;

    bool operator==(const ExpectedValue&) const = default;
};

/// One claim about the analysis.
struct Expectation {
    std::string path;  ///< A path as in the file comment.
    /// Empty: the value at `path`. Else the claim is about the ratio value(path) /
    /// value(over), both numbers; the file's `"over": "baseline"` is stored as
    /// "baseline:" + path (the same field, current / baseline).
    std::string over;
    ExpectationOp op = ExpectationOp::Eq;
    ExpectedValue value;  ///< Unused by Between.
    double low = 0.0;     ///< Between: low ≤ actual ≤ high.
    double high = 0.0;
    std::string claim;  ///< Optional: the claim in words ("decode is memory-bound").

    bool operator==(const Expectation&) const = default;
};

/// The `lesson` object of a scenario file.
struct Lesson {
    std::string id;
    std::string title;
    std::vector<int> questions;  ///< Numbers in 1..kQuestionCount, ascending.
    std::string lookAt;          ///< What to look at, 2–4 sentences; no number not computed live.
    LessonGroup group = LessonGroup::PlacingWorkloads;
    std::string view;  ///< "" or one of kLessonViews.
    std::vector<Expectation> expectations;

    bool operator==(const Lesson&) const = default;
};

/// One expectation checked: whether it holds and what the analysis said. An expectation
/// that could not be evaluated (a path that does not exist, a string compared with <) is an
/// Issue in LessonCheck::issues instead, and `evaluated` is false.
struct ExpectationResult {
    bool evaluated = false;
    bool holds = false;
    /// The value compared, as JSON text: the field's value, or the ratio. "null" when the
    /// field is null; a ratio with a zero or null side is null too (and holds only for "==
    /// null").
    std::string actual;
    /// With `over`: the two values the ratio was taken of, as JSON text.
    std::string numerator;
    std::string denominator;
};

struct LessonCheck {
    std::vector<ExpectationResult> results;  ///< One per expectation, in order.
    std::vector<Issue> issues;               ///< Errors naming file and /lesson/expectations/i.
    /// Every expectation was evaluated and holds.
    bool allHold() const;
};

/// Checks `lesson`'s expectations against analysis JSON documents (analysisToJson's text):
/// `current`, and `baseline` (empty when there is none; an expectation that reads the
/// baseline is then an error). `file` names the lesson file in the issues.
LessonCheck checkLesson(const Lesson& lesson, const std::string& file, std::string_view current,
                        std::string_view baseline);

/// DOMAIN.md §12: text that says a point moves must name a point that moves. A lesson's
/// baseline is pinned (its points are ghosts that stay put); the controls move the current
/// scenario's passes. Returns the sentences of `lookAt` that say something moves ("moves",
/// "raising", "dragging", "climbs", ...) and name a ghost: the word "ghost", or a pass's
/// point ("the decode point", "the encode point", ...) that `current` does not have, so
/// that only the baseline draws it. Sentences that move nothing may describe the ghosts.
std::vector<std::string> sentencesMovingPinnedPoints(std::string_view lookAt,
                                                     const Analysis& current);

/// A result's actual value for people, through roofline/format.h: a string as is
/// ("memory"), null as "null", a ratio as "×42.3", a number in the unit its key names
/// (…_s "5.12 ms", …_bytes "16.1 GB", …_flops_per_s "989 TFLOP/s", …_bytes_per_s
/// "3.35 TB/s", …_flops_per_byte "295 FLOP/byte", else "326").
std::string actualText(const Expectation& expectation, const ExpectationResult& result);

/// The expectation as one line: "decode.bound == \"memory\"", "critical_batch between 250
/// and 400", "decode_tokens_per_s / baseline:decode_tokens_per_s > 5".
std::string describe(const Expectation& expectation);

}  // namespace roofline::io
