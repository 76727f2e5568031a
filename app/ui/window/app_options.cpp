// SPDX-License-Identifier: GPL-3.0-or-later
#include "app_options.h"

#include <QRegularExpression>

#include "roofline/io/lessons.h"
#include "roofline/version.h"
#include "scenario_controller.h"
#include "views/views.h"

namespace roofline::ui {
namespace {

std::vector<std::string> toStd(const QStringList& list) {
    std::vector<std::string> out;
    out.reserve(static_cast<std::size_t>(list.size()));
    for (const QString& s : list) {
        out.push_back(s.toStdString());
    }
    return out;
}

/// "--name value" or "--name=value": the value, consuming it; nullopt if `arg` is not --name.
std::optional<QString> takeValue(const QString& name, const QStringList& args, qsizetype& i,
                                 QStringList& errors) {
    const QString& arg = args[i];
    if (arg.startsWith(name + QLatin1Char('='))) {
        return arg.mid(name.size() + 1);
    }
    if (arg != name) {
        return std::nullopt;
    }
    if (i + 1 >= args.size()) {
        errors << QObject::tr("%1 expects a value").arg(name);
        return QString();
    }
    return args[++i];
}

/// "w8a16, w4a16, ..., next-hardware".
QString knownLeverIds() {
    QStringList ids;
    for (const LeverId id : kAllLevers) {
        const std::string_view key = leverKey(id);
        ids << QString::fromLatin1(key.data(), static_cast<qsizetype>(key.size()));
    }
    return ids.join(QStringLiteral(", "));
}

}  // namespace

AppOptions parseAppOptions(const QStringList& arguments) {
    AppOptions options;

    // Pass 1: split scenario options from ours (values are applied in pass 2, on top of the
    // scenario file, which has to be found first).
    io::ScenarioFile scratch;
    std::int64_t scratchRatio = 0;
    const io::OptionsResult split =
        io::applyScenarioOptions(toStd(arguments), scratch, scratchRatio);
    QStringList rest;
    for (const std::string& s : split.rest) {
        rest << QString::fromStdString(s);
    }
    QStringList scenarioArgs = arguments;
    for (qsizetype i = 0; i < rest.size(); ++i) {
        const QString& arg = rest[i];
        if (arg == QLatin1String("--help") || arg == QLatin1String("-h")) {
            options.help = true;
        } else if (arg == QLatin1String("--version")) {
            options.version = true;
        } else if (arg == QLatin1String("--first-frame")) {
            options.firstFrame = true;
        } else if (arg == QLatin1String("--presentation")) {
            options.presentation = true;
        } else if (auto grab = takeValue(QStringLiteral("--grab"), rest, i, options.errors)) {
            options.grabPath = *grab;
        } else if (auto report = takeValue(QStringLiteral("--report"), rest, i, options.errors)) {
            options.reportPath = *report;
        } else if (auto baseline =
                       takeValue(QStringLiteral("--baseline"), rest, i, options.errors)) {
            options.baselinePath = *baseline;
        } else if (auto measured =
                       takeValue(QStringLiteral("--measured"), rest, i, options.errors)) {
            options.measuredPath = *measured;
        } else if (auto compare =
                       takeValue(QStringLiteral("--compare"), rest, i, options.errors)) {
            options.comparePaths << *compare;
        } else if (auto lever = takeValue(QStringLiteral("--lever"), rest, i, options.errors)) {
            options.lever = parseLeverId(lever->toStdString());
            if (!options.lever) {
                options.errors << QObject::tr("unknown lever '%1'; the levers are: %2")
                                      .arg(*lever, knownLeverIds());
            }
        } else if (auto lesson = takeValue(QStringLiteral("--lesson"), rest, i, options.errors)) {
            options.lesson = *lesson;
            const io::Loaded<io::ScenarioFile> loaded =
                io::resolveScenarioFile(lesson->toStdString());
            if (!loaded.ok()) {
                options.errors << QObject::tr("--lesson: %1").arg(issuesText(loaded.issues));
            }
        } else if (auto view = takeValue(QStringLiteral("--view"), rest, i, options.errors)) {
            options.view = *view;
            if (!viewNames().contains(*view)) {
                options.errors << QObject::tr("unknown view '%1'; the views are: %2")
                                      .arg(*view, viewNames().join(QStringLiteral(", ")));
            }
        } else if (auto size = takeValue(QStringLiteral("--size"), rest, i, options.errors)) {
            static const QRegularExpression pattern(QStringLiteral("^(\\d{2,5})x(\\d{2,5})$"));
            const QRegularExpressionMatch m = pattern.match(*size);
            if (m.hasMatch()) {
                options.size = QSize(m.captured(1).toInt(), m.captured(2).toInt());
            } else {
                options.errors << QObject::tr(
                                      "--size expects WIDTHxHEIGHT in pixels, e.g. "
                                      "1600x1000, got '%1'")
                                      .arg(*size);
            }
        } else if (auto steps = takeValue(QStringLiteral("--benchmark-interaction"), rest, i,
                                          options.errors)) {
            bool ok = false;
            options.benchmarkSteps = steps->toInt(&ok);
            if (!ok || options.benchmarkSteps < 1) {
                options.errors << QObject::tr(
                                      "--benchmark-interaction expects an integer ≥ 1, "
                                      "got '%1'")
                                      .arg(*steps);
            }
        } else if (arg.startsWith(QLatin1String("-")) && arg.size() > 1) {
            options.errors << QObject::tr("unknown option '%1' (see --help)").arg(arg);
        } else if (options.scenarioPath.isEmpty()) {
            options.scenarioPath = arg;
            scenarioArgs.removeOne(arg);
        } else {
            options.errors
                << QObject::tr("unexpected argument '%1': one scenario file at most").arg(arg);
        }
    }

    // Pass 2: the scenario file, then the scenario options on top of it.
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
    if (options.lever && !options.baselinePath.isEmpty()) {
        options.errors << QObject::tr(
            "--lever pins the scenario before the change as the baseline: it does not go "
            "with --baseline");
    }
    const io::OptionsResult applied =
        io::applyScenarioOptions(toStd(scenarioArgs), options.scenario, options.gqaRatio);
    if (!options.lesson.isEmpty() &&
        (options.lever || !options.baselinePath.isEmpty() || !options.scenarioPath.isEmpty() ||
         static_cast<std::size_t>(scenarioArgs.size()) != applied.rest.size())) {
        options.errors << QObject::tr(
            "--lesson opens the lesson's own scenario, baseline and lever: it does not go "
            "with a scenario file, scenario options, --baseline or --lever");
    }
    for (const std::string& e : applied.errors) {
        options.errors << QString::fromStdString(e);
    }
    const auto consumed = static_cast<std::size_t>(scenarioArgs.size()) - applied.rest.size();
    options.scenarioFromCommandLine =
        !options.scenarioPath.isEmpty() || !options.baselinePath.isEmpty() || consumed > 0;
    return options;
}

QString appUsage() {
    return QObject::tr(
               "Usage: roofline-explorer [scenario.json] [options]\n"
               "\n"
               "Opens the roofline window. With no scenario it restores the last session,\n"
               "or starts with h100-sxm, llama-3.1-8b, batch 1, 2048 tokens, bf16.\n"
               "\n"
               "Scenario options (as roofline-cli; they apply on top of scenario.json):\n"
               "%1\n"
               "Window options:\n"
               "  --presentation               start in presentation mode (F5 toggles)\n"
               "  --baseline FILE.json         pin a saved scenario as the baseline "
               "(compare mode)\n"
               "  --compare FILE.json          draw a saved scenario beside this one, in its own\n"
               "                               colour, and list it in the Compare table;\n"
               "                               repeat for more (up to 7). Works with --grab and\n"
               "                               --benchmark-interaction\n"
               "  --lever ID                   apply one intervention at start-up (Interventions\n"
               "                               menu), pinning the scenario before it as the\n"
               "                               baseline. ID: w8a16 w4a16 w8a8 w4a4 kv-fp8\n"
               "                               gqa-8 batch-x8 spec-ngram spec-draft\n"
               "                               flash-attention tp-x2 expert-parallel\n"
               "                               next-hardware. One that does not apply is\n"
               "                               said in the status bar; under --grab it is\n"
               "                               printed and the exit status is 2\n"
               "  --measured FILE              import measured results (CSV or JSON; File >\n"
               "                               Import measured results). Under --grab a file\n"
               "                               with no usable row is an error (exit status 2)\n"
               "  --lesson ID|FILE             open a lesson (Lessons menu; roofline-cli list\n"
               "                               scenarios) with its scenario, baseline and lever\n"
               "  --view NAME                  show a docked view at start-up: sweep (batch\n"
               "                               sweep), regime (regime map), breakdown,\n"
               "                               frontier, or all (sweep, regime and breakdown\n"
               "                               side by side); with --grab and\n"
               "                               --benchmark-interaction too\n"
               "  --grab FILE.png              render the window to FILE.png and exit\n"
               "  --report FILE.pdf            write the one-page report (caption, plot,\n"
               "                               results, levers, warnings, explanation) to\n"
               "                               FILE.pdf and exit\n"
               "  --size WxH                   window size for --grab and benchmarks "
               "(default 1600x1000)\n"
               "  --benchmark-interaction N    move batch, sequence, quantization and GQA\n"
               "                               through N steps; print one JSON line of\n"
               "                               per-step latency (value change to replot done)\n"
               "  --first-frame                print the ms from process start to the first\n"
               "                               painted frame as JSON, then exit\n"
               "  --version, -h/--help\n")
        .arg(QString::fromUtf8(io::scenarioOptionsHelp().data(),
                               static_cast<qsizetype>(io::scenarioOptionsHelp().size())));
}

QString appVersion() {
    return QStringLiteral("roofline-explorer " ROOFLINE_VERSION);
}

}  // namespace roofline::ui
