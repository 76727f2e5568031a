// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file app_options.h
/// roofline-explorer's command line:
///   roofline-explorer [scenario.json] [scenario options] [--grab FILE.png [--size WxH]]
///                     [--benchmark-interaction N] [--first-frame] [--presentation]
///                     [--baseline FILE.json] [--lever ID[,ID...]] [--report FILE.pdf|.md]
///                     [--measured FILE]
///                     [--lesson ID|FILE] [--course ID|FILE [--step N] [--answer V | --reveal]]
///                     [--view NAME] [--operators on|levels] [--compare FILE.json ...]
///                     [--play SLIDER[:FROM:TO] [--record FOLDER]] [--benchmark-play]
/// Both kinds of option are tables: the scenario options are roofline-cli's
/// (io::scenarioOptionTable()), applied in command-line order on top of the scenario file when
/// one is given, else on top of the embedded default; the window's own are windowOptionTable().
/// A QCommandLineParser built from the two parses the arguments, and --help is written from
/// them.

#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include <QSize>
#include <QString>
#include <QStringList>

#include "roofline/io/scenario_file.h"
#include "roofline/levers.h"

namespace roofline::ui {

struct AppOptions {
    io::ScenarioFile scenario;
    std::int64_t gqaRatio = 0;  ///< --gqa-ratio, resolved against the model later
    QString scenarioPath;       ///< the positional scenario file, if any
    QString baselinePath;       ///< --baseline FILE.json (also in scenario.baseline)
    /// --compare FILE.json, repeatable: compare scenarios (CompareSet), in order. Loaded by
    /// the window, which reports a file that fails and still loads the others.
    QStringList comparePaths;
    /// --lever ID[,ID...]: applied at start-up in order (MainWindow::applyLever); the first
    /// pins the scenario before it as the baseline, the next ones stack on it; not with
    /// --baseline. Empty when not given.
    std::vector<LeverId> levers;
    /// --measured FILE: measured results (CSV or JSON) imported onto the plot at start-up.
    QString measuredPath;
    /// --lesson ID|FILE: a shipped lesson (or a lesson file) opened at start-up, as the
    /// Lessons menu opens it; it brings its own scenario, baseline and lever, so it goes
    /// with none of those options.
    QString lesson;
    /// --course ID|FILE: a shipped course (or a course file) opened at start-up at --step N
    /// (from 1; 0: not given, the first); --answer VALUE answers its question, --reveal
    /// reveals it unanswered. Not with --lesson or a scenario.
    QString course;
    int step = 0;
    QString answer;
    bool reveal = false;
    /// A scenario file or any scenario option was given: the last session is not restored.
    bool scenarioFromCommandLine = false;

    /// --view sweep|regime|breakdown|all: the docked view shown at start-up (with --grab and
    /// --benchmark-interaction too: the benchmark then runs with it visible).
    QString view;
    /// --operators on|levels: show the operators at start-up, and with "levels" each at every
    /// drawn on-chip memory level too.
    QString operators;
    QString grabPath;    ///< --grab FILE.png
    QString scenePath;   ///< --scene FILE.json: the plot's scene, beside the grab
    QString reportPath;  ///< --report FILE.pdf|FILE.md: write the report and exit
    /// --slo-tpot-ms / --slo-ttft-ms: the Frontier view's SLO fields at start-up, as typed.
    QString sloTpotMs;
    QString sloTtftMs;
    /// --play batch|prompt|context[:FROM:TO]: the slider swept once at start-up (Play,
    /// slider_player.h), over the ticks from FROM to TO when given; empty when not given.
    QString play;
    std::optional<std::pair<std::int64_t, std::int64_t>> playRange;
    /// --record FOLDER: with --play, each frame of the sweep as FOLDER/frame-0001.png ...
    /// (a PNG sequence ready for a video encoder), then exit.
    QString recordPath;
    bool benchmarkPlay = false;  ///< --benchmark-play
    QSize size{1600, 1000};      ///< --size WxH (window size for --grab and benchmarks)
    int benchmarkSteps = 0;      ///< --benchmark-interaction N
    bool firstFrame = false;     ///< --first-frame
    bool presentation = false;   ///< --presentation
    bool help = false;           ///< --help / -h
    bool version = false;        ///< --version

    QStringList errors;  ///< Usage errors, one sentence each.
};

/// One window option (not a scenario option): its names, value name, help and what it does
/// to AppOptions. To add one, add a row to windowOptionTable() (app_options.cpp) and a
/// paragraph to resources/man/roofline-explorer.1.in.
struct WindowOption {
    /// Without dashes, short one first: {"h", "help"}. One letter is written -h, more --name.
    QStringList names;
    QString valueName;  ///< "FILE.png", shown after the name in --help; empty for a flag
    QString help;       ///< One or more sentences, wrapped by appUsage()
    /// Applies `value` (empty for a flag) to `options`. Returns the usage error, naming the
    /// option, what it expects and what it got; empty when the value was taken.
    std::function<QString(const QString& value, AppOptions& options)> apply;
};

/// Every window option, in --help order.
const std::vector<WindowOption>& windowOptionTable();

/// Parses the arguments after the program name (Qt's own options already removed). Reads
/// the scenario file when one is named; a file that fails to load is an error here.
AppOptions parseAppOptions(const QStringList& arguments);

/// The --help text, written from io::scenarioOptionTable() and windowOptionTable().
QString appUsage();

/// The --version line: "roofline-explorer " and project(VERSION).
QString appVersion();

}  // namespace roofline::ui
