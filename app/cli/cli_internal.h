// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Pieces of roofline-cli shared by its commands.

#include <array>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "command_line.h"
#include "roofline/analysis.h"
#include "roofline/io/scenario_file.h"
#include "roofline/levers.h"

namespace roofline::cli {

/// `text` padded with spaces to `width` columns, counted in code points; at least one
/// space follows it. For the tables' columns.
std::string pad(const std::string& text, std::size_t width);

/// The human-readable report of `analyze --format table`.
void printTable(std::ostream& out, const Scenario& scenario, const Analysis& analysis);

/// Header and one row of the CSV form (analyze --format csv, sweep), without the newline.
/// Numbers are written as printf's %.10g in the "C" locale writes them, whatever the locale.
std::string csvHeader();
std::string csvRow(const Scenario& scenario, const Analysis& analysis);

/// Appends CSV lines (csvHeader, csvRow, each with its newline) to one buffer, every number
/// through writeGeneral or writeInteger (roofline/format.h): no stream, locale or
/// std::string per cell. A sweep's rows share many
/// values (the ids, the ridge, the prefill columns, the weight bytes), so the id fields and
/// each numeric column keep their last text and copy it when the value repeats.
class CsvWriter {
public:
    void header();
    void row(const Scenario& scenario, const Analysis& analysis);

    void reserve(std::size_t bytes) { m_text.reserve(bytes); }
    const std::string& text() const { return m_text; }
    /// Writes the buffer to `out` in one call and empties it.
    void flushTo(std::ostream& out);

private:
    struct Column {
        std::uint64_t bits = 0;  ///< the value's bit pattern; 0 with size 0 is "none yet"
        std::uint8_t size = 0;
        std::array<char, 32> chars{};
    };
    static constexpr std::size_t kNumberColumns = 14;

    char* number(char* at, double value);

    std::string m_text;
    std::string m_hardwareId;
    std::string m_modelId;
    std::string m_idFields;  ///< "hardware,model," quoted as needed; empty: none yet
    std::array<Column, kNumberColumns> m_columns{};
    std::size_t m_column = 0;  ///< the next numeric column of the row being written
};

/// Parses "1,2,4", "1:4096:x2" (geometric), "128:1024:+128" (arithmetic) into values in
/// [lo, hi]; nullopt with `error` set on bad input.
std::optional<std::vector<std::int64_t>> parseValueList(const std::string& text, std::int64_t lo,
                                                        std::int64_t hi, std::string& error);

/// The commands of other files, each with its option table and run function: `sweep`, every
/// batch × context combination (sweep.cpp); `measured FILE`, measured results against the
/// model, exit 3 when no row is kept (measured.cpp); `frontier`, the throughput–interactivity
/// frontier over lists of hardware, TP, quantization, batch and expert parallelism
/// (frontier.cpp); `calibrate FILE --hardware ID`, a calibration profile fitted to measured
/// results, exit 3 when the fit refuses (calibrate.cpp).
CommandSpec sweepCommand();
CommandSpec measuredCommand();
CommandSpec calibrateCommand();
CommandSpec frontierCommand();

/// The readable list of `levers --format table`: one row per lever (TPOT, TTFT, tokens/s
/// with their ratios to the base, fits, the change), the explanation below it, then the
/// levers that do not apply with their reasons.
void printLeversTable(std::ostream& out, const Scenario& scenario, const Analysis& analysis,
                      const std::vector<LeverOutcome>& levers);

/// `analyze --scenario ID|FILE`: the shipped scenario or file `ref`, the scenario options of
/// `line` on top, its lever applied and its lesson's expectations checked and reported, as
/// `format` (table, json or csv).
int runAnalyzeScenario(const std::string& ref, const std::string& format, const CommandLine& line,
                       std::ostream& out, std::ostream& err);
/// `validate` of a scenario file with a lever or lesson: resolves it with its lever and
/// baseline and checks the lesson's expectations (a path not in the analysis JSON is an
/// error). Appends the issues; returns the summary ("lesson 'id': 4 of 4 expectations
/// hold, h100-sxm, llama-3.1-8b").
std::string validateLesson(const io::ScenarioFile& file, const std::string& path,
                           std::vector<Issue>& issues);
/// `list scenarios`: id, title, questions and group of each shipped lesson.
int runListScenarios(std::ostream& out, std::ostream& err);

/// "Q1, Q2, Q4".
std::string questionList(const std::vector<int>& questions);
/// `text` wrapped at `width` columns (counted in bytes: the look-at texts are mostly ASCII),
/// each line after `indent`.
std::string wrapped(const std::string& text, std::size_t width, const std::string& indent);

/// `course ID|FILE [--format table|json] [--answers FILE]`: a course's steps and questions,
/// or a student's answers graded against the engine (course_cli.cpp).
CommandSpec courseCommand();
/// `list courses`: id, title, steps and questions of each shipped course.
int runListCourses(std::ostream& out, std::ostream& err);
/// `validate` of a course file: runs every step against the engine (a check or a prediction
/// that cannot be evaluated is an error). Appends the issues; returns the summary.
std::string validateCourse(const std::string& path, std::vector<Issue>& issues);

/// Prints the issues to `err`, one per line.
void printIssues(std::ostream& err, const std::vector<Issue>& issues);

}  // namespace roofline::cli
