// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

/// @file pickers.h
/// The scenario's pickers of shipped presets (hardware, model, draft) and the combo-box
/// helpers the controls panel shows the scenario with: each item's data is the preset id (or
/// the file path) the controller takes.

#include <string>

#include <QString>
#include <QVariant>

class QComboBox;

namespace roofline::ui {

/// `widget` with its objectName: every control is found by name (tests, accessibility tools),
/// as controls_panel.h lists them.
template <typename T>
T* named(T* widget, const char* name) {
    widget->setObjectName(QString::fromLatin1(name));
    return widget;
}

/// Every shipped hardware preset, by name, with its id as the data.
void fillHardwarePicker(QComboBox* combo);
/// Every shipped model preset grouped by family (a disabled bold header row each, in the
/// order the families first appear), each "name (year)" with its id as the data.
void fillModelPicker(QComboBox* combo);
/// Selects the item whose data is `data`, adding it (with `text`) when missing.
void selectData(QComboBox* combo, const QVariant& data, const QString& text);
/// Selects `reference` (a preset id or a file path); a file not yet listed is added as
/// "name (file name)", its path as the tooltip.
void selectReference(QComboBox* combo, const std::string& reference, const QString& name);

}  // namespace roofline::ui
