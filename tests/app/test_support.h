// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Helpers the app tests share: a precision's name for QCOMPARE, resolving a scenario file
// (the shipped presets) or failing the test run, and the set-up of tests that open windows.

#include <cmath>
#include <functional>
#include <string>

#include <QAbstractSpinBox>
#include <QObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QString>
#include <QTest>
#include <QtGlobal>

#include "roofline/analysis.h"
#include "roofline/io/scenario_file.h"
#include "roofline/precision.h"
#include "roofline/validate.h"
#include "views/dialogs.h"

// QTest finds roofline::toString(Precision) (which returns a string_view) by ADL and cannot
// print it, so precisions are compared by name: a failure then reads "fp8" vs "bf16".
inline QString precisionName(roofline::Precision p) {
    const std::string_view name = roofline::toString(p);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

namespace roofline::test {

/// The child of `parent` named `name` (its objectName), of type T; the run stops when there is
/// none (a test that cannot find its widget tests nothing). The window's docks, actions and
/// labels are found this way rather than through getters kept for tests.
template <typename T>
T* child(const QObject& parent, const char* name) {
    T* found = parent.findChild<T*>(QString::fromLatin1(name));
    if (found == nullptr) {
        qFatal("no child named %s of the expected type", name);
    }
    return found;
}

/// A plot label's text on one line: a long arrow label is set on two, broken after a
/// comma (baseline_layer.cpp), where the engine's text has ", ".
inline QString oneLine(QString text) { return text.replace(QLatin1Char('\n'), QLatin1Char(' ')); }

/// The number a label or cell writes, read back by hand rather than by the app's formatter:
/// "28.4 ms", "1,560 tok/s", "≤ 1.33 J / token", "184 GB" -> 0.0284, 1560, 1.33, 184e9.
/// Thousands separators are dropped; an SI prefix on the unit scales it. NaN when the text
/// holds no number with one of these units.
inline double shownValue(const QString& text) {
    static const QRegularExpression number(
        QStringLiteral("([0-9][0-9,]*(?:\\.[0-9]+)?) ?(n|µ|m|k|M|G|T)?(s|J|tok/s|B)"));
    const QRegularExpressionMatch m = number.match(text);
    if (!m.hasMatch()) {
        return std::nan("");
    }
    const double value = m.captured(1).remove(QLatin1Char(',')).toDouble();
    const QString prefix = m.captured(2);
    const double scale = prefix == QStringLiteral("n")   ? 1e-9
                         : prefix == QStringLiteral("µ") ? 1e-6
                         : prefix == QStringLiteral("m") ? 1e-3
                         : prefix == QStringLiteral("k") ? 1e3
                         : prefix == QStringLiteral("M") ? 1e6
                         : prefix == QStringLiteral("G") ? 1e9
                         : prefix == QStringLiteral("T") ? 1e12
                                                         : 1.0;
    return value * scale;
}

/// `text` writes `expected` to three significant figures (UI.md): within half a unit of
/// the third figure.
inline bool readsAs(const QString& text, double expected) {
    const double shown = shownValue(text);
    const double figure = std::pow(10.0, std::floor(std::log10(std::abs(expected))) - 2.0);
    return std::abs(shown - expected) <= 0.5 * figure * (1.0 + 1e-9);
}

/// Types `text` into `box` as a user does: focus, select all, type, Enter.
inline void typeInto(QAbstractSpinBox* box, const QString& text) {
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

/// The scenario `file` resolves to. A test's own scenario must resolve: if it does not, the
/// run stops with the resolver's messages (a test with a broken fixture tests nothing).
inline Scenario resolvedScenario(const io::ScenarioFile& file) {
    io::ResolvedScenario r = io::resolve(file);
    if (!r.ok()) {
        qFatal("test scenario does not resolve: %s", describe(r.issues).c_str());
    }
    return r.scenario;
}

/// The default scenario (Llama-3.1-8B on H100 SXM, batch 1, 2,048 + 2,048 tokens) after
/// `edit`, resolved.
inline Scenario scenarioWith(const std::function<void(io::ScenarioFile&)>& edit) {
    io::ScenarioFile file;
    edit(file);
    return resolvedScenario(file);
}

/// The engine's analysis of `file`, resolved.
inline Analysis analysed(const io::ScenarioFile& file) { return analyze(resolvedScenario(file)); }

/// initTestCase of tests that open windows: QSettings and other standard paths go to a test
/// location, never the user's, and dialogs are recorded rather than shown (Dialogs).
inline void keepWindowsAwayFromTheUser() {
    QStandardPaths::setTestModeEnabled(true);
    ui::Dialogs::setHeadless(true);
}

}  // namespace roofline::test
