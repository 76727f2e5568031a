// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Lesson objects in scenario files, and the path syntax of their expectations
// (roofline/io/lesson.h): parsed when a lesson file is read (syntax errors), followed when
// it is checked against an analysis JSON.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "json_util.h"
#include "roofline/io/scenario_file.h"

namespace roofline::io::detail {

struct PathSegment {
    std::string key;
    bool hasSelector = false;
    std::optional<std::size_t> index;                          ///< [N]
    std::vector<std::pair<std::string, std::string>> matches;  ///< [k=v,k=v]
};

struct LessonPath {
    bool baseline = false;  ///< "baseline:" prefix
    std::vector<PathSegment> segments;
};

/// The reserved prefix of a path into the baseline's analysis.
inline constexpr std::string_view kBaselinePrefix = "baseline:";

/// Parses `text`; nullopt with `error` (what is wrong, one phrase) on a syntax error.
std::optional<LessonPath> parseLessonPath(std::string_view text, std::string& error);

/// Follows `path` in `root`; nullptr with `error` ("no key 'x' in decode") when some part
/// does not exist.
const Json* followLessonPath(const Json& root, const LessonPath& path, std::string& error);

/// Reads the top-level "lever" and "lesson" keys of a scenario file into `s` (whose
/// baseline is already read: a lever does not go with one, and an expectation that reads
/// the baseline needs one of the two).
void readLessonKeys(const Json& json, const std::string& file, ScenarioFile& s,
                    std::vector<Issue>& issues);

/// The "lesson" object as the file holds it.
Json lessonJson(const Lesson& lesson);

}  // namespace roofline::io::detail
