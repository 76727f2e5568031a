// SPDX-License-Identifier: GPL-3.0-or-later
#include "app_options.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include <QCommandLineParser>
#include <QHash>
#include <QRegularExpression>

#include "model/scenario_controller.h"
#include "roofline/io/course.h"
#include "roofline/io/lessons.h"
#include "roofline/io/scenario_options.h"
#include "roofline/version.h"
#include "views/views.h"

namespace roofline::ui {
namespace {

QString fromStd(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

/// "-h" for a one-letter name, "--grab" for the others.
QString dashed(const QString& name) {
    return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
}

/// "--batch" → "batch", as QCommandLineParser names options.
QString undashed(std::string_view name) {
    while (name.starts_with('-')) {
        name.remove_prefix(1);
    }
    return fromStd(name);
}

/// "w8a16 w4a16 ... next-hardware" (`separator` between).
QString knownLeverIds(const QString& separator) {
    QStringList ids;
    for (const LeverId id : kAllLevers) {
        ids << fromStd(leverKey(id));
    }
    return ids.join(separator);
}

std::vector<WindowOption> makeWindowTable() {
    std::vector<WindowOption> t;
    const auto flag = [](bool AppOptions::*field) {
        return [field](const QString&, AppOptions& o) {
            o.*field = true;
            return QString();
        };
    };
    const auto path = [](QString AppOptions::*field) {
        return [field](const QString& v, AppOptions& o) {
            o.*field = v;
            return QString();
        };
    };
    t.push_back({{QStringLiteral("presentation")},
                 {},
                 QObject::tr("start in presentation mode (F5 toggles)"),
                 flag(&AppOptions::presentation)});
    t.push_back({{QStringLiteral("baseline")},
                 QStringLiteral("FILE.json"),
                 QObject::tr("pin a saved scenario as the baseline (compare mode)"),
                 path(&AppOptions::baselinePath)});
    t.push_back({{QStringLiteral("compare")},
                 QStringLiteral("FILE.json"),
                 QObject::tr("draw a saved scenario beside this one, in its own colour, and list "
                             "it in the Compare table; repeat for more (up to 7). Works with "
                             "--grab and --benchmark-interaction"),
                 [](const QString& v, AppOptions& o) {
                     o.comparePaths << v;
                     return QString();
                 }});
    t.push_back({{QStringLiteral("lever")},
                 QStringLiteral("ID[,ID...]"),
                 QObject::tr("apply interventions at start-up (Interventions menu), in order: "
                             "the first pins the scenario before it as the baseline, the next "
                             "ones stack on it (w4a16,kv-fp8). ID: %1. One that does not "
                             "apply is said in the status bar; under --grab it is printed and "
                             "the exit status is 2")
                     .arg(knownLeverIds(QStringLiteral(" "))),
                 [](const QString& v, AppOptions& o) {
                     std::vector<LeverId> levers;
                     for (const QString& key : v.split(QLatin1Char(','))) {
                         const std::optional<LeverId> id =
                             parseLeverId(key.trimmed().toStdString());
                         if (!id) {
                             return QObject::tr("unknown lever '%1'; the levers are: %2")
                                 .arg(key.trimmed(), knownLeverIds(QStringLiteral(", ")));
                         }
                         levers.push_back(*id);
                     }
                     o.levers = std::move(levers);
                     return QString();
                 }});
    t.push_back({{QStringLiteral("measured")},
                 QStringLiteral("FILE"),
                 QObject::tr("import measured results (CSV or JSON; File > Import measured "
                             "results). Under --grab a file with no usable row is an error "
                             "(exit status 2)"),
                 path(&AppOptions::measuredPath)});
    t.push_back({{QStringLiteral("lesson")},
                 QStringLiteral("ID|FILE"),
                 QObject::tr("open a lesson (Lessons menu; roofline-cli list scenarios) with "
                             "its scenario, baseline and lever"),
                 [](const QString& v, AppOptions& o) {
                     o.lesson = v;
                     const io::Loaded<io::ScenarioFile> loaded =
                         io::resolveScenarioFile(v.toStdString());
                     if (!loaded.ok()) {
                         return QObject::tr("--lesson: %1").arg(issuesText(loaded.issues));
                     }
                     return QString();
                 }});
    t.push_back({{QStringLiteral("course")},
                 QStringLiteral("ID|FILE"),
                 QObject::tr("open a course (Course menu; roofline-cli list courses) at its "
                             "first step, or at --step"),
                 [](const QString& v, AppOptions& o) {
                     o.course = v;
                     const io::Loaded<io::Course> loaded = io::resolveCourse(v.toStdString());
                     if (!loaded.ok()) {
                         return QObject::tr("--course: %1").arg(issuesText(loaded.issues));
                     }
                     return QString();
                 }});
    t.push_back({{QStringLiteral("step")},
                 QStringLiteral("N"),
                 QObject::tr("with --course: open step N (from 1) instead of the first"),
                 [](const QString& v, AppOptions& o) {
                     bool ok = false;
                     o.step = v.toInt(&ok);
                     if (!ok || o.step < 1) {
                         return QObject::tr("--step expects a step number ≥ 1, got '%1'").arg(v);
                     }
                     return QString();
                 }});
    t.push_back({{QStringLiteral("answer")},
                 QStringLiteral("VALUE"),
                 QObject::tr("with --course: answer the step's question (a number, a choice, "
                             "or the number of the wrong part) and reveal it, graded"),
                 path(&AppOptions::answer)});
    t.push_back({{QStringLiteral("reveal")},
                 {},
                 QObject::tr("with --course: reveal the step's question unanswered"),
                 flag(&AppOptions::reveal)});
    t.push_back({{QStringLiteral("view")},
                 QStringLiteral("NAME"),
                 QObject::tr("show a docked view at start-up: sweep (batch sweep), regime "
                             "(regime map), breakdown, frontier, or all (sweep, regime and "
                             "breakdown side by side); with --grab and --benchmark-interaction "
                             "too"),
                 [](const QString& v, AppOptions& o) {
                     o.view = v;
                     if (!viewNames().contains(v)) {
                         return QObject::tr("unknown view '%1'; the views are: %2")
                             .arg(v, viewNames().join(QStringLiteral(", ")));
                     }
                     return QString();
                 }});
    t.push_back({{QStringLiteral("operators")},
                 QStringLiteral("on|levels"),
                 QObject::tr("show the operators at start-up (View > Show operators); levels: "
                             "each also at every on-chip memory level the chip has a roof for "
                             "(View > Operators per memory level)"),
                 [](const QString& v, AppOptions& o) {
                     o.operators = v;
                     if (v != QStringLiteral("on") && v != QStringLiteral("levels")) {
                         return QObject::tr("--operators: expected on or levels, got '%1'").arg(v);
                     }
                     return QString();
                 }});
    t.push_back({{QStringLiteral("grab")},
                 QStringLiteral("FILE.png"),
                 QObject::tr("render the window to FILE.png and exit"),
                 path(&AppOptions::grabPath)});
    t.push_back({{QStringLiteral("scene")},
                 QStringLiteral("FILE.json"),
                 QObject::tr("with --grab: also write what the plot drew (each label, point, "
                             "roof and arrow: layer, kind, text, rectangle in window pixels, "
                             "data coordinates) to FILE.json"),
                 path(&AppOptions::scenePath)});
    t.push_back({{QStringLiteral("report")},
                 QStringLiteral("FILE.pdf"),
                 QObject::tr("write the design-review report (title block, plot with the "
                             "compare scenarios, results, Compare table, Frontier, levers, "
                             "warnings, explanation, assumptions) and exit: a PDF, or "
                             "Markdown when FILE ends in .md"),
                 path(&AppOptions::reportPath)});
    // The Frontier view's SLO fields, for --report and --grab (the window's fields take the
    // same milliseconds).
    for (const auto& [name, member, what] :
         {std::tuple{QStringLiteral("slo-tpot-ms"), &AppOptions::sloTpotMs, "TPOT"},
          std::tuple{QStringLiteral("slo-ttft-ms"), &AppOptions::sloTtftMs, "TTFT"}}) {
        t.push_back(
            {{name},
             QStringLiteral("MS"),
             QObject::tr("the Frontier view's %1 SLO in milliseconds: the best "
                         "configuration must meet it (in --report too)")
                 .arg(QLatin1String(what)),
             [name, member](const QString& v, AppOptions& o) {
                 bool ok = false;
                 const double ms = v.toDouble(&ok);
                 if (!ok || !(ms > 0.0) || !std::isfinite(ms)) {
                     return QObject::tr("--%1 expects milliseconds above 0, got '%2'").arg(name, v);
                 }
                 o.*member = v;
                 return QString();
             }});
    }
    t.push_back({{QStringLiteral("play")},
                 QStringLiteral("SLIDER[:FROM:TO]"),
                 QObject::tr("sweep a slider once at start-up, as its Play button does: batch, "
                             "prompt or context, on its log scale, from FROM to TO when given "
                             "(batch:1:64)"),
                 [](const QString& v, AppOptions& o) {
                     static const QRegularExpression pattern(
                         QStringLiteral("^(batch|prompt|context)(?::(\\d{1,10}):(\\d{1,10}))?$"));
                     const QRegularExpressionMatch m = pattern.match(v);
                     if (!m.hasMatch()) {
                         return QObject::tr(
                                    "--play expects batch, prompt or context, optionally with "
                                    ":FROM:TO (batch:1:64), got '%1'")
                             .arg(v);
                     }
                     o.play = m.captured(1);
                     o.playRange.reset();
                     if (m.hasCaptured(2)) {
                         const std::int64_t from = m.captured(2).toLongLong();
                         const std::int64_t to = m.captured(3).toLongLong();
                         if (from < 1 || to <= from) {
                             return QObject::tr(
                                        "--play expects FROM ≥ 1 and TO above FROM, got '%1'")
                                 .arg(v);
                         }
                         o.playRange = std::pair{from, to};
                     }
                     return QString();
                 }});
    t.push_back({{QStringLiteral("record")},
                 QStringLiteral("FOLDER"),
                 QObject::tr("with --play: write each frame of the sweep, the window at --size, "
                             "as FOLDER/frame-0001.png ... (a PNG sequence for a video encoder, "
                             "at the frame rate printed), then exit"),
                 path(&AppOptions::recordPath)});
    t.push_back({{QStringLiteral("size")},
                 QStringLiteral("WxH"),
                 QObject::tr("window size for --grab and benchmarks (default 1600x1000)"),
                 [](const QString& v, AppOptions& o) {
                     static const QRegularExpression pattern(
                         QStringLiteral("^(\\d{2,5})x(\\d{2,5})$"));
                     const QRegularExpressionMatch m = pattern.match(v);
                     if (!m.hasMatch()) {
                         return QObject::tr(
                                    "--size expects WIDTHxHEIGHT in pixels, e.g. "
                                    "1600x1000, got '%1'")
                             .arg(v);
                     }
                     o.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
                     return QString();
                 }});
    t.push_back({{QStringLiteral("benchmark-interaction")},
                 QStringLiteral("N"),
                 QObject::tr("move batch, sequence, quantization and GQA through N steps; print "
                             "one JSON line of per-step latency (value change to replot done)"),
                 [](const QString& v, AppOptions& o) {
                     bool ok = false;
                     o.benchmarkSteps = v.toInt(&ok);
                     if (!ok || o.benchmarkSteps < 1) {
                         return QObject::tr(
                                    "--benchmark-interaction expects an integer ≥ 1, "
                                    "got '%1'")
                             .arg(v);
                     }
                     return QString();
                 }});
    t.push_back({{QStringLiteral("benchmark-play")},
                 {},
                 QObject::tr("play the batch from 1 to 4,096 as its Play button does; print one "
                             "JSON line of per-frame latency (as --benchmark-interaction)"),
                 flag(&AppOptions::benchmarkPlay)});
    t.push_back({{QStringLiteral("first-frame")},
                 {},
                 QObject::tr("print the ms from process start to the first painted frame as "
                             "JSON, then exit"),
                 flag(&AppOptions::firstFrame)});
    t.push_back({{QStringLiteral("version")},
                 {},
                 QObject::tr("print the version and exit"),
                 flag(&AppOptions::version)});
    t.push_back({{QStringLiteral("h"), QStringLiteral("help")},
                 {},
                 QObject::tr("print this help and exit"),
                 flag(&AppOptions::help)});
    return t;
}

/// The window option named `name` (without dashes); nullptr when there is none.
const WindowOption* findWindowOption(const QString& name) {
    for (const WindowOption& row : windowOptionTable()) {
        if (row.names.contains(name)) {
            return &row;
        }
    }
    return nullptr;
}

/// --help's layout for the window options: "  NAMES VALUE" in a 29-column field (on its own
/// line when longer), the help from column 31, wrapped at column 80 and indented to it.
QString windowOptionsHelp() {
    constexpr qsizetype kField = 29;
    constexpr qsizetype kWidth = 80 - 2 - kField;
    const QString indent(2 + kField, QLatin1Char(' '));
    QString out;
    for (const WindowOption& row : windowOptionTable()) {
        QStringList names;
        for (const QString& name : row.names) {
            names << dashed(name);
        }
        QString label = names.join(QStringLiteral(", "));
        if (!row.valueName.isEmpty()) {
            label += QLatin1Char(' ') + row.valueName;
        }
        out += QStringLiteral("  ") + label;
        if (label.size() < kField) {
            out += QString(kField - label.size(), QLatin1Char(' '));
        } else {
            out += QLatin1Char('\n') + indent;
        }
        qsizetype column = 0;
        for (const QString& word : row.help.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            if (column > 0 && column + 1 + word.size() > kWidth) {
                out += QLatin1Char('\n') + indent;
                column = 0;
            } else if (column > 0) {
                out += QLatin1Char(' ');
                ++column;
            }
            out += word;
            column += word.size();
        }
        out += QLatin1Char('\n');
    }
    return out;
}

}  // namespace

const std::vector<WindowOption>& windowOptionTable() {
    static const std::vector<WindowOption> table = makeWindowTable();
    return table;
}

AppOptions parseAppOptions(const QStringList& arguments) {
    AppOptions options;

    // The parser knows every option of both tables; it only splits the arguments. The values
    // are checked and applied below, by each row.
    QCommandLineParser parser;
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsOptions);
    // "-batch 8" is --batch 8, as Qt's own -platform is read; compacted short options would
    // read it as -b -a -t -c -h and answer a typo with the help text.
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    for (const io::ScenarioOption& row : io::scenarioOptionTable()) {
        parser.addOption(QCommandLineOption(
            undashed(row.name), fromStd(row.help).replace(QLatin1Char('\n'), QLatin1Char(' ')),
            fromStd(row.valueName)));
    }
    for (const WindowOption& row : windowOptionTable()) {
        parser.addOption(QCommandLineOption(row.names, row.help, row.valueName));
    }
    parser.addPositionalArgument(QStringLiteral("scenario.json"),
                                 QObject::tr("the scenario to open"),
                                 QStringLiteral("[scenario.json]"));
    // parse() skips the first argument, the program name.
    const bool parsed = parser.parse(QStringList{QStringLiteral("roofline-explorer")} + arguments);

    for (const QString& name : parser.unknownOptionNames()) {
        options.errors << QObject::tr("unknown option '%1' (see --help)").arg(dashed(name));
    }

    // Replay the options in command-line order: optionNames() lists each as often as it was
    // given, and the n-th time a name is found takes its n-th value. The window's options are
    // applied now; the scenario options wait for the scenario file (pass 2).
    std::vector<std::pair<const io::ScenarioOption*, std::string>> scenarioValues;
    bool anyScenarioOption = false;
    QHash<QString, qsizetype> taken;  // per name: how many of its values are used
    for (const QString& name : parser.optionNames()) {
        const qsizetype index = taken[name]++;
        const WindowOption* window = findWindowOption(name);
        const io::ScenarioOption* scenario =
            window ? nullptr : io::findScenarioOption((QStringLiteral("--") + name).toStdString());
        anyScenarioOption = anyScenarioOption || scenario != nullptr;
        if (window && window->valueName.isEmpty()) {
            // A flag given a value ("--presentation=yes") fails the parse with nothing stored
            // to say so: look for that spelling to name it, and leave the flag unset.
            const auto withValue =
                std::find_if(arguments.begin(), arguments.end(), [&](const QString& arg) {
                    return arg.startsWith(dashed(name) + QLatin1Char('='));
                });
            if (withValue != arguments.end()) {
                options.errors
                    << QObject::tr("%1 takes no value, got '%2'").arg(dashed(name), *withValue);
            } else if (QString error = window->apply(QString(), options); !error.isEmpty()) {
                options.errors << error;
            }
            continue;
        }
        const QStringList values = parser.values(name);
        if (index >= values.size()) {  // the last argument, with no value after it
            options.errors << QObject::tr("%1 expects a value").arg(dashed(name));
            continue;
        }
        if (window) {
            if (QString error = window->apply(values[index], options); !error.isEmpty()) {
                options.errors << error;
            }
        } else if (scenario) {
            scenarioValues.emplace_back(scenario, values[index].toStdString());
        }
    }
    if (!parsed && options.errors.isEmpty()) {  // not foreseen above: Qt's own words
        options.errors << QObject::tr("%1 (see --help)").arg(parser.errorText());
    }

    const QStringList positional = parser.positionalArguments();
    if (!positional.isEmpty()) {
        options.scenarioPath = positional.front();
    }
    for (qsizetype i = 1; i < positional.size(); ++i) {
        options.errors << QObject::tr("unexpected argument '%1': one scenario file at most")
                              .arg(positional[i]);
    }

    // Pass 2: the scenario file, then the scenario options on top of it, in order (the later
    // of --kv-heads and --gqa-ratio wins; a repeated option: the last).
    if (!options.scenarioPath.isEmpty()) {
        const io::Loaded<io::ScenarioFile> loaded =
            io::loadScenarioFile(options.scenarioPath.toStdString());
        if (!loaded.value) {
            options.errors << QObject::tr("could not open the scenario %1:\n%2")
                                  .arg(options.scenarioPath, issuesText(loaded.issues));
        } else {
            options.scenario = *loaded.value;
        }
    }
    if (!options.baselinePath.isEmpty()) {
        const io::Loaded<io::ScenarioFile> loaded =
            io::loadScenarioFile(options.baselinePath.toStdString());
        if (!loaded.value) {
            options.errors << QObject::tr("could not open the baseline %1:\n%2")
                                  .arg(options.baselinePath, issuesText(loaded.issues));
        } else {
            io::ScenarioFile baseline = *loaded.value;
            baseline.baseline.reset();  // the file's own baseline is not pinned
            options.scenario.baseline = baseline;
        }
    }
    if (!options.levers.empty() && !options.baselinePath.isEmpty()) {
        options.errors << QObject::tr(
            "--lever pins the scenario before the change as the baseline: it does not go "
            "with --baseline");
    }
    if (!options.recordPath.isEmpty() && options.play.isEmpty()) {
        options.errors << QObject::tr(
            "--record writes the frames of a sweep: it needs --play (e.g. --play batch)");
    }
    if (!options.scenePath.isEmpty() && options.grabPath.isEmpty()) {
        options.errors << QObject::tr("--scene describes the image of --grab: it needs --grab");
    }
    if (!options.lesson.isEmpty() && (!options.levers.empty() || !options.baselinePath.isEmpty() ||
                                      !options.scenarioPath.isEmpty() || anyScenarioOption)) {
        options.errors << QObject::tr(
            "--lesson opens the lesson's own scenario, baseline and lever: it does not go "
            "with a scenario file, scenario options, --baseline or --lever");
    }
    if (!options.course.isEmpty() &&
        (!options.lesson.isEmpty() || !options.levers.empty() || !options.baselinePath.isEmpty() ||
         !options.scenarioPath.isEmpty() || anyScenarioOption)) {
        options.errors << QObject::tr(
            "--course opens its steps' own scenarios: it does not go with --lesson, a "
            "scenario file, scenario options, --baseline or --lever");
    }
    if (options.course.isEmpty() &&
        (options.step > 0 || !options.answer.isEmpty() || options.reveal)) {
        options.errors << QObject::tr(
            "--step, --answer and --reveal are about a course: they "
            "need --course");
    }
    if (!options.answer.isEmpty() && options.reveal) {
        options.errors << QObject::tr(
            "--answer reveals the step already: it does not go with "
            "--reveal");
    }
    for (const auto& [row, value] : scenarioValues) {
        if (const std::string error = row->apply(value, options.scenario, options.gqaRatio);
            !error.empty()) {
            options.errors << QString::fromStdString(error);
        }
    }
    options.scenarioFromCommandLine =
        !options.scenarioPath.isEmpty() || !options.baselinePath.isEmpty() || anyScenarioOption;
    return options;
}

QString appUsage() {
    return QObject::tr(
               "Usage: roofline-explorer [scenario.json] [options]\n"
               "\n"
               "Opens the roofline window. With no scenario it restores the last session,\n"
               "or starts with h100-sxm, llama-3.1-8b, batch 1, 2048 tokens, bf16.\n"
               "\n"
               "Scenario options (as roofline-cli; they apply on top of scenario.json, in the\n"
               "order given):\n"
               "%1\n"
               "Window options:\n"
               "%2")
        .arg(fromStd(io::scenarioOptionsHelp()), windowOptionsHelp());
}

QString appVersion() { return QStringLiteral("roofline-explorer " ROOFLINE_VERSION); }

}  // namespace roofline::ui
