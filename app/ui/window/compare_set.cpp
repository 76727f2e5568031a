// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare_set.h"

#include <algorithm>
#include <cmath>

#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QMimeData>
#include <QSaveFile>
#include <QSettings>
#include <QUrl>
#include <QWidget>

#include "model/plot_tooltip.h"
#include "model/scenario_controller.h"
#include "roofline/format.h"
#include "roofline/io/scenario_names.h"
#include "views/dialogs.h"

namespace roofline::ui {
namespace {

constexpr int kCurrentRowMs = 100;

/// The local .json files a drag carries; empty when it carries anything else.
QStringList droppedScenarioFiles(const QMimeData* mime) {
    QStringList paths;
    if (mime == nullptr || !mime->hasUrls()) {
        return {};
    }
    for (const QUrl& url : mime->urls()) {
        if (!url.isLocalFile() ||
            !url.toLocalFile().endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
            return {};
        }
        paths << url.toLocalFile();
    }
    return paths;
}

}  // namespace

CompareSet::CompareSet(ScenarioDocument& document, CompareTable& table, QWidget* window)
    : QObject(window),
      m_document(document),
      m_controller(document.current()),
      m_table(table),
      m_window(window),
      m_currentRowTimer(kCurrentRowMs, this) {
    // The current row follows the current scenario at most every kCurrentRowMs while a
    // slider moves (repainting the table on every step cost a quarter of a millisecond; the
    // plot and the results panel are the instant feedback). The compare rows do not change.
    connect(&m_currentRowTimer, &Debounce::timeout, this, &CompareSet::refreshCurrentRow);
    connect(&m_document, &ScenarioDocument::changed, this, [this](DocumentChanges what) {
        if ((what & kScenarioChanges) && !m_currentRowTimer.isActive()) {
            m_currentRowTimer.start();
        }
    });
    // Queued: the swap rebuilds the table, which is not done inside its own selection signal.
    connect(
        &m_table, &CompareTable::rowActivated, this,
        [this](int index) {
            if (index >= 0) {
                makeCurrent(static_cast<std::size_t>(index));
            }
        },
        Qt::QueuedConnection);
    // Queued too: a row's ✕ button goes with its row.
    connect(
        &m_table, &CompareTable::removeRequested, this,
        [this](int index) {
            if (index >= 0) {
                remove(static_cast<std::size_t>(index));
            }
        },
        Qt::QueuedConnection);
    connect(&m_table, &CompareTable::removeAllRequested, this, &CompareSet::clear,
            Qt::QueuedConnection);
    if (m_window != nullptr) {
        m_window->setAcceptDrops(true);
        m_window->installEventFilter(this);
    }
    pushTable();
}

CompareRow CompareSet::currentRow() const {
    return {currentName(),           m_currentSource, m_currentColour, -1, &m_controller.scenario(),
            &m_controller.analysis()};
}

void CompareSet::refreshCurrentRow() {
    m_table.setCurrent(currentRow());
    m_table.setNote(fairnessNote());
}

QString CompareSet::fairnessNote() const {
    if (entries().empty()) {
        return {};
    }
    // Rows by hardware × devices, as one says it ("H100 SXM5 80GB ×4 runs bf16"), unless two
    // rows share it: then by their names in the table, which are unique.
    const std::size_t currentPlace = std::min(m_currentPlace, entries().size());
    std::vector<io::ComparedScenario> rows;
    std::size_t index = 0;
    for (std::size_t place = 0; place <= entries().size(); ++place) {
        if (place == currentPlace) {
            rows.push_back(
                {io::hardwareDevicesName(m_controller.scenario()), &m_controller.scenario()});
        } else {
            const Entry& e = entries()[index++];
            rows.push_back({io::hardwareDevicesName(e.scenario), &e.scenario});
        }
    }
    const bool shared = std::any_of(rows.begin(), rows.end(), [&](const io::ComparedScenario& r) {
        return std::count_if(rows.begin(), rows.end(), [&](const io::ComparedScenario& other) {
                   return other.name == r.name;
               }) > 1;
    });
    if (shared) {
        index = 0;
        for (std::size_t place = 0; place < rows.size(); ++place) {
            rows[place].name = place == currentPlace ? currentName().toStdString()
                                                     : entries()[index++].name.toStdString();
        }
    }
    return qs(io::fairnessNote(rows));
}

QString CompareSet::currentName() const {
    // The file's name while the scenario is still that file's hardware and model (its knobs
    // edited); anything else (another model chosen, a lesson opened) is named by what it is.
    const io::ScenarioFile& file = m_controller.scenarioFile();
    const bool sameAsSource = file.hardware == m_sourceHardware && file.model == m_sourceModel;
    if (!m_currentName.isEmpty() && sameAsSource) {
        return m_currentName;
    }
    if (!m_currentSource.isEmpty() && sameAsSource) {
        return QFileInfo(m_currentSource).completeBaseName();
    }
    return qs(io::scenarioName(m_controller.scenario()));
}

void CompareSet::setCurrentSource(const QString& path) {
    m_currentSource = path;
    m_currentName.clear();
    m_sourceHardware = m_controller.scenarioFile().hardware;
    m_sourceModel = m_controller.scenarioFile().model;
    refreshCurrentRow();
}

QString CompareSet::uniqueName(const QString& name) const {
    const auto taken = [this](const QString& candidate) {
        return candidate == currentName() ||
               std::any_of(entries().begin(), entries().end(),
                           [&](const Entry& e) { return e.name == candidate; });
    };
    QString unique = name;
    for (int n = 2; taken(unique); ++n) {
        unique = QStringLiteral("%1 (%2)").arg(name).arg(n);
    }
    return unique;
}

std::optional<std::size_t> CompareSet::unusedColour() const {
    for (std::size_t colour = 0; colour < kCompareColourCount; ++colour) {
        if (colour != m_currentColour &&
            std::none_of(entries().begin(), entries().end(),
                         [&](const Entry& e) { return e.colour == colour; })) {
            return colour;
        }
    }
    return std::nullopt;
}

std::size_t CompareSet::freeColour() const {
    return unusedColour().value_or(entries().size() % kCompareColourCount);
}

bool CompareSet::add(const io::ScenarioFile& file, const QString& name, const QString& path,
                     QString* error) {
    if (entries().size() >= kMaxCompareScenarios) {
        if (error != nullptr) {
            *error = tr("the comparison is full (%1 scenarios besides the current one)")
                         .arg(kMaxCompareScenarios);
        }
        return false;
    }
    // The same engine as the current scenario (a compare scenario's own baseline is not
    // drawn: analyse() leaves it out).
    AnalysedScenario resolved = ScenarioController::analyse(file);
    if (!resolved.ok()) {
        if (error != nullptr) {
            *error = issuesText(resolved.issues);
        }
        return false;
    }
    // A colour of its own; with every colour taken, the current scenario's (which is then
    // drawn in the phase hues only, as it is anyway while edited).
    std::optional<std::size_t> colour = unusedColour();
    if (!colour && m_currentColour) {
        colour = m_currentColour;
        m_currentColour.reset();
    }
    std::vector<Entry> next = entries();
    next.push_back({path, uniqueName(name), std::move(resolved.file), std::move(resolved.scenario),
                    std::move(resolved.analysis), colour.value_or(freeColour())});
    push(std::move(next));
    emit added();
    return true;
}

int CompareSet::addFiles(const QStringList& paths, QStringList* errors) {
    QStringList failed;
    QString firstReason;  // the first failure in one sentence, for the message's main text
    int added = 0;
    for (const QString& path : paths) {
        const QString shown = QDir::toNativeSeparators(path);
        const QFileInfo info(path);
        if (info.exists() && !info.isFile()) {
            failed << tr("%1: not a regular file").arg(shown);
            if (firstReason.isEmpty()) {
                firstReason = failed.back();
            }
            continue;
        }
        const io::Loaded<io::ScenarioFile> loaded = io::loadScenarioFile(path.toStdString());
        if (!loaded.value) {
            failed << tr("%1:\n%2").arg(shown, issuesText(loaded.issues));
            if (firstReason.isEmpty()) {
                firstReason = firstError(loaded.issues);
            }
            continue;
        }
        QString why;
        if (!add(*loaded.value, info.completeBaseName(), info.absoluteFilePath(), &why)) {
            failed << tr("%1: %2").arg(shown, why);
            if (firstReason.isEmpty()) {
                firstReason = failed.back();
            }
            continue;
        }
        ++added;
    }
    if (!failed.isEmpty()) {
        if (errors != nullptr) {
            *errors << failed;
        } else {
            // The first reason in the main text; every file's under Details.
            Dialogs::showError(
                m_window,
                refusalText(tr("Could not add %n scenario(s) to the comparison", nullptr,
                               static_cast<int>(failed.size())),
                            firstReason,
                            tr("The others were added; the current scenario is unchanged.")),
                failed.join(QStringLiteral("\n\n")));
        }
    }
    return added;
}

void CompareSet::remove(std::size_t index) {
    if (index >= entries().size()) {
        return;
    }
    // The rows after it move up one; the current scenario too when it was after it.
    if (index < m_currentPlace) {
        --m_currentPlace;
    }
    std::vector<Entry> next = entries();
    next.erase(next.begin() + static_cast<std::ptrdiff_t>(index));
    push(std::move(next));
}

void CompareSet::clear() {
    m_currentPlace = 0;
    m_currentColour.reset();  // a new comparison starts with the phase hues
    if (entries().empty()) {
        pushTable();
        return;
    }
    push({});
}

bool CompareSet::makeCurrent(std::size_t index) {
    if (index >= entries().size()) {
        return false;
    }
    const Entry selected = entries()[index];
    // Every row keeps its place and colour, so the table never reshuffles under the user: the
    // selected one stays where it is and keeps its colour for when it is compared again; the
    // old current goes back to its own place, in its own colour, or a free one if it never
    // had one.
    const std::size_t place = index < m_currentPlace ? index : index + 1;
    std::optional<std::size_t> nextCurrentColour = selected.colour;
    std::size_t previousColour = 0;
    if (m_currentColour) {
        previousColour = *m_currentColour;
    } else if (const std::optional<std::size_t> unused = unusedColour()) {
        previousColour = *unused;
    } else {  // all seven taken: the two swap, and the new current is drawn in the phase hues
        previousColour = selected.colour;
        nextCurrentColour.reset();
    }
    Entry previous{m_currentSource,         currentName(),           m_controller.scenarioFile(),
                   m_controller.scenario(), m_controller.analysis(), previousColour};
    previous.file.baseline.reset();
    // The names change first: the controller's analysisChanged refreshes the current row.
    const QString oldSource = m_currentSource;
    const QString oldName = m_currentName;
    const std::string oldHardware = m_sourceHardware;
    const std::string oldModel = m_sourceModel;
    m_currentSource = selected.path;
    m_currentName = selected.name;
    m_sourceHardware = selected.file.hardware;
    m_sourceModel = selected.file.model;
    const std::vector<Issue> issues = m_controller.setScenarioFile(selected.file);
    if (hasErrors(issues)) {
        m_currentSource = oldSource;
        m_currentName = oldName;
        m_sourceHardware = oldHardware;
        m_sourceModel = oldModel;
        Dialogs::showError(
            m_window,
            refusalText(tr("Could not edit %1, which no longer resolves").arg(selected.name),
                        firstError(issues), tr("Nothing changed.")),
            issuesText(issues));
        pushTable();
        return false;
    }
    // The rows but the selected one, the old current at its place among them.
    std::vector<Entry> next = entries();
    next.erase(next.begin() + static_cast<std::ptrdiff_t>(index));
    const std::size_t previousIndex = m_currentPlace < place ? m_currentPlace : m_currentPlace - 1;
    next.insert(next.begin() + static_cast<std::ptrdiff_t>(previousIndex), std::move(previous));
    m_currentPlace = place;
    m_currentColour = nextCurrentColour;
    push(std::move(next));
    return true;
}

QStringList CompareSet::paths() const {
    QStringList list;
    for (const Entry& e : entries()) {
        if (!e.path.isEmpty()) {
            list << e.path;
        }
    }
    return list;
}

void CompareSet::push(std::vector<Entry> entries) {
    m_document.setCompare(std::move(entries));
    pushTable();
    emit changed();
}

void CompareSet::pushTable() {
    m_currentPlace = std::min(m_currentPlace, entries().size());
    std::vector<CompareRow> rows;
    rows.reserve(entries().size() + 1);
    for (std::size_t i = 0; i < entries().size(); ++i) {
        if (i == m_currentPlace) {
            rows.push_back(currentRow());
        }
        const Entry& e = entries()[i];
        rows.push_back({e.name, e.path, e.colour, static_cast<int>(i), &e.scenario, &e.analysis});
    }
    if (m_currentPlace == entries().size()) {
        rows.push_back(currentRow());
    }
    m_table.setRows(rows, m_currentPlace);
    m_table.setNote(fairnessNote());
}

namespace {

const QString kScenariosKey = QStringLiteral("compare/scenarios");

/// A stored colour index, or none when what is stored is not one.
std::optional<std::size_t> storedColour(const QVariant& value) {
    bool isNumber = false;
    const int colour = value.toInt(&isNumber);
    if (!isNumber || colour < 0 || colour >= static_cast<int>(kCompareColourCount)) {
        return std::nullopt;
    }
    return static_cast<std::size_t>(colour);
}

}  // namespace

void CompareSet::save(QSettings& settings) const {
    settings.setValue(QStringLiteral("compare/paths"), paths());  // what older versions read
    settings.remove(kScenariosKey);
    settings.beginWriteArray(kScenariosKey, static_cast<int>(entries().size()));
    for (std::size_t i = 0; i < entries().size(); ++i) {
        const Entry& e = entries()[i];
        settings.setArrayIndex(static_cast<int>(i));
        settings.setValue(QStringLiteral("path"), e.path);
        settings.setValue(QStringLiteral("name"), e.name);
        settings.setValue(QStringLiteral("colour"), static_cast<int>(e.colour));
        // The scenario as edited, its price included, not the file it came from.
        settings.setValue(QStringLiteral("scenario"), QString::fromStdString(io::toJson(e.file)));
    }
    settings.endArray();
    settings.setValue(QStringLiteral("compare/current/place"), static_cast<int>(m_currentPlace));
    settings.setValue(QStringLiteral("compare/current/colour"),
                      m_currentColour ? static_cast<int>(*m_currentColour) : -1);
    settings.setValue(QStringLiteral("compare/current/path"), m_currentSource);
    settings.setValue(QStringLiteral("compare/current/name"), m_currentName);
}

int CompareSet::restore(QSettings& settings, QStringList& failed) {
    clear();
    if (!settings.contains(kScenariosKey + QStringLiteral("/size"))) {
        // An older session kept the files' paths only.
        return addFiles(settings.value(QStringLiteral("compare/paths")).toStringList(), &failed);
    }
    std::vector<Entry> next;
    const int count = settings.beginReadArray(kScenariosKey);
    for (int i = 0; i < count; ++i) {
        settings.setArrayIndex(i);
        const QString path = settings.value(QStringLiteral("path")).toString();
        const QString name = settings.value(QStringLiteral("name")).toString();
        const QString shown = name.isEmpty() ? tr("compare scenario %1").arg(i + 1) : name;
        const io::Loaded<io::ScenarioFile> loaded = io::parseScenarioFile(
            settings.value(QStringLiteral("scenario")).toString().toStdString(),
            shown.toStdString());
        if (!loaded.value) {
            failed << tr("%1: %2").arg(shown, firstError(loaded.issues));
            continue;
        }
        AnalysedScenario resolved = ScenarioController::analyse(*loaded.value);
        if (!resolved.ok() || next.size() >= kMaxCompareScenarios) {
            failed << tr("%1: %2").arg(
                shown, resolved.ok() ? tr("the comparison is full") : firstError(resolved.issues));
            continue;
        }
        next.push_back({path, shown, std::move(resolved.file), std::move(resolved.scenario),
                        std::move(resolved.analysis),
                        storedColour(settings.value(QStringLiteral("colour"))).value_or(0)});
    }
    settings.endArray();
    m_currentColour = storedColour(settings.value(QStringLiteral("compare/current/colour")));
    separateColours(next, m_currentColour);
    bool isNumber = false;
    const int place = settings.value(QStringLiteral("compare/current/place")).toInt(&isNumber);
    m_currentPlace =
        isNumber && place >= 0 ? std::min(static_cast<std::size_t>(place), next.size()) : 0;
    const int restored = static_cast<int>(next.size());
    if (restored > 0) {
        push(std::move(next));
        emit added();
    } else {
        pushTable();
    }
    return restored;
}

void CompareSet::separateColours(std::vector<Entry>& entries,
                                 const std::optional<std::size_t>& current) {
    // Each keeps its colour when no row before it (nor the current scenario) has it; the
    // others (a hand edit, a row without one) take the first free colours, in order.
    std::vector<bool> taken(kCompareColourCount, false);
    if (current) {
        taken[*current] = true;
    }
    std::vector<Entry*> without;
    for (Entry& e : entries) {
        if (e.colour < kCompareColourCount && !taken[e.colour]) {
            taken[e.colour] = true;
        } else {
            without.push_back(&e);
        }
    }
    for (Entry* e : without) {
        const auto free = std::find(taken.begin(), taken.end(), false);
        if (free == taken.end()) {
            e->colour %= kCompareColourCount;  // more rows than colours: they share
            continue;
        }
        e->colour = static_cast<std::size_t>(free - taken.begin());
        *free = true;
    }
}

QByteArray CompareSet::comparisonJson() const {
    QJsonArray rows;
    const auto row = [](const QString& name, const QString& path,
                        const std::optional<std::size_t>& colour, const io::ScenarioFile& file) {
        QJsonObject object{{QStringLiteral("name"), name}, {QStringLiteral("path"), path}};
        if (colour) {
            object.insert(QStringLiteral("colour"), static_cast<int>(*colour));
        }
        object.insert(
            QStringLiteral("scenario"),
            QJsonDocument::fromJson(QByteArray::fromStdString(io::toJson(file))).object());
        return object;
    };
    const std::size_t currentPlace = std::min(m_currentPlace, entries().size());
    std::size_t index = 0;
    for (std::size_t place = 0; place <= entries().size(); ++place) {
        if (place == currentPlace) {
            io::ScenarioFile current = m_controller.scenarioFile();
            current.baseline.reset();  // a comparison holds the rows, not a pinned baseline
            rows.append(row(currentName(), m_currentSource, m_currentColour, current));
        } else {
            const Entry& e = entries()[index++];
            rows.append(row(e.name, e.path, e.colour, e.file));
        }
    }
    const QJsonObject root{{QStringLiteral("comparison_version"), 1},
                           {QStringLiteral("editing"), static_cast<int>(currentPlace)},
                           {QStringLiteral("rows"), rows}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

bool CompareSet::saveComparisonDialog() {
    const QString path =
        Dialogs::saveFileName(m_window, tr("Save comparison"), tr("Comparison files (*.json)"),
                              QStringLiteral("comparison.json"));
    if (path.isEmpty()) {
        return false;
    }
    QSaveFile file(path);
    const QByteArray text = comparisonJson();
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size() || !file.commit()) {
        Dialogs::showError(m_window,
                           refusalText(tr("Could not save the comparison"),
                                       tr("%1 could not be written: %2")
                                           .arg(QDir::toNativeSeparators(path), file.errorString()),
                                       tr("Nothing was written.")),
                           QString());
        return false;
    }
    return true;
}

namespace {

/// What a JSON value is, for "expected …, found …".
QString jsonKind(const QJsonValue& value) {
    switch (value.type()) {
        case QJsonValue::Null:
            return QObject::tr("null");
        case QJsonValue::Bool:
            return QObject::tr("a boolean");
        case QJsonValue::Double:
            return QObject::tr("the number %1").arg(value.toDouble());
        case QJsonValue::String:
            return QObject::tr("a string");
        case QJsonValue::Array:
            return QObject::tr("an array");
        case QJsonValue::Object:
            return QObject::tr("an object");
        case QJsonValue::Undefined:
            break;
    }
    return QObject::tr("nothing");
}

/// A whole number in [low, high], or none.
std::optional<int> intIn(const QJsonValue& value, int low, int high) {
    const double number = value.toDouble(-1.0);
    if (!value.isDouble() || number != std::floor(number) || number < low || number > high) {
        return std::nullopt;
    }
    return static_cast<int>(number);
}

}  // namespace

bool CompareSet::openComparison(const QString& path, QString* error) {
    const QString shown = QDir::toNativeSeparators(path);
    const auto fail = [&](const QString& why) {
        if (error != nullptr) {
            *error = why;
        }
        return false;
    };
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return fail(tr("%1 could not be opened: %2").arg(shown, file.errorString()));
    }
    if (file.size() > static_cast<qint64>(io::kMaxPresetFileBytes)) {
        return fail(tr("%1 is larger than a comparison file can be (%2 bytes)")
                        .arg(shown)
                        .arg(io::kMaxPresetFileBytes));
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        return fail(tr("%1 is not JSON: %2 at byte %3")
                        .arg(shown, parseError.errorString())
                        .arg(parseError.offset));
    }
    const QJsonObject root = document.object();
    if (!document.isObject()) {
        return fail(tr("%1: expected a comparison object, found an array").arg(shown));
    }
    if (intIn(root.value(QStringLiteral("comparison_version")), 1, 1) != 1) {
        return fail(tr("%1: /comparison_version must be 1, found %2")
                        .arg(shown, jsonKind(root.value(QStringLiteral("comparison_version")))));
    }
    const QJsonValue rowsValue = root.value(QStringLiteral("rows"));
    const QJsonArray rows = rowsValue.toArray();
    const int most = static_cast<int>(kMaxCompareScenarios) + 1;
    if (!rowsValue.isArray() || rows.isEmpty() || rows.size() > most) {
        return fail(tr("%1: /rows must be an array of 1 to %2 rows, found %3")
                        .arg(shown)
                        .arg(most)
                        .arg(rowsValue.isArray()
                                 ? tr("%n row(s)", nullptr, static_cast<int>(rows.size()))
                                 : jsonKind(rowsValue)));
    }
    const std::optional<int> editing =
        intIn(root.value(QStringLiteral("editing")), 0, static_cast<int>(rows.size()) - 1);
    if (!editing) {
        return fail(tr("%1: /editing must be a row's index, 0 to %2, found %3")
                        .arg(shown)
                        .arg(rows.size() - 1)
                        .arg(jsonKind(root.value(QStringLiteral("editing")))));
    }
    std::vector<Entry> next;
    std::optional<Entry> current;
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const QString key = QStringLiteral("/rows/%1").arg(i);
        const QJsonObject row = rows[i].toObject();
        const QJsonValue scenario = row.value(QStringLiteral("scenario"));
        if (!rows[i].isObject() || !scenario.isObject()) {
            return fail(tr("%1: %2 must be an object with a scenario object, found %3")
                            .arg(shown,
                                 rows[i].isObject() ? key + QStringLiteral("/scenario") : key,
                                 jsonKind(rows[i].isObject() ? scenario : rows[i])));
        }
        const io::Loaded<io::ScenarioFile> loaded = io::parseScenarioFile(
            QJsonDocument(scenario.toObject()).toJson(QJsonDocument::Compact).toStdString(),
            (shown + QStringLiteral(" ") + key + QStringLiteral("/scenario")).toStdString());
        if (!loaded.value) {
            return fail(firstError(loaded.issues));
        }
        AnalysedScenario resolved = ScenarioController::analyse(*loaded.value);
        if (!resolved.ok()) {
            return fail(tr("%1 %2/scenario: %3").arg(shown, key, firstError(resolved.issues)));
        }
        const QJsonValue colourValue = row.value(QStringLiteral("colour"));
        const std::optional<int> colour =
            intIn(colourValue, 0, static_cast<int>(kCompareColourCount) - 1);
        if (!colourValue.isUndefined() && !colour) {
            return fail(tr("%1: %2/colour must be 0 to %3, found %4")
                            .arg(shown, key)
                            .arg(kCompareColourCount - 1)
                            .arg(jsonKind(colourValue)));
        }
        QString name = row.value(QStringLiteral("name")).toString();
        if (name.isEmpty()) {
            name = qs(io::scenarioName(resolved.scenario));
        }
        Entry entry{row.value(QStringLiteral("path")).toString(),
                    name,
                    std::move(resolved.file),
                    std::move(resolved.scenario),
                    std::move(resolved.analysis),
                    colour ? static_cast<std::size_t>(*colour) : kCompareColourCount};
        if (i == *editing) {
            current = std::move(entry);
        } else {
            next.push_back(std::move(entry));
        }
    }
    // Every row resolved: only now does anything change.
    const std::vector<Issue> issues = m_controller.setScenarioFile(current->file);
    if (hasErrors(issues)) {
        return fail(
            tr("%1 /rows/%2/scenario: %3").arg(shown).arg(*editing).arg(firstError(issues)));
    }
    m_currentSource = current->path;
    m_currentName = current->name;
    m_sourceHardware = current->file.hardware;
    m_sourceModel = current->file.model;
    m_currentColour = current->colour < kCompareColourCount
                          ? std::optional<std::size_t>(current->colour)
                          : std::nullopt;
    m_currentPlace = static_cast<std::size_t>(*editing);
    separateColours(next, m_currentColour);
    push(std::move(next));
    emit added();
    return true;
}

bool CompareSet::openComparisonDialog() {
    const QString path = Dialogs::openFileName(m_window, tr("Open comparison"),
                                               tr("Comparison files (*.json);;All files (*)"));
    if (path.isEmpty()) {
        return false;
    }
    QString why;
    if (!openComparison(path, &why)) {
        Dialogs::showError(m_window,
                           refusalText(tr("Could not open the comparison"), why,
                                       tr("The scenarios on screen are unchanged.")),
                           QString());
        return false;
    }
    return true;
}

void CompareSet::restoreCurrentName(QSettings& settings) {
    const QString path = settings.value(QStringLiteral("compare/current/path")).toString();
    const QString name = settings.value(QStringLiteral("compare/current/name")).toString();
    if (path.isEmpty() && name.isEmpty()) {
        return;
    }
    setCurrentSource(path);
    m_currentName = name;
    refreshCurrentRow();
}

bool CompareSet::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_window &&
        (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove)) {
        auto* drag = static_cast<QDragMoveEvent*>(event);
        if (!droppedScenarioFiles(drag->mimeData()).isEmpty()) {
            drag->acceptProposedAction();
            return true;
        }
    } else if (watched == m_window && event->type() == QEvent::Drop) {
        auto* drop = static_cast<QDropEvent*>(event);
        const QStringList paths = droppedScenarioFiles(drop->mimeData());
        if (!paths.isEmpty()) {
            drop->acceptProposedAction();
            addFiles(paths);
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

}  // namespace roofline::ui
