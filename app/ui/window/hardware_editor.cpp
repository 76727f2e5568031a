// SPDX-License-Identifier: GPL-3.0-or-later
#include "hardware_editor.h"

#include <algorithm>

#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>

#include "model/scenario_controller.h"
#include "panels/pickers.h"
#include "roofline/io/presets.h"
#include "views/dialogs.h"

namespace roofline::ui {

namespace {

// The dialog's units, as the window writes them (UI.md: TFLOP/s, GB/s); the file's are
// TB/s and GiB (presets/README.md), converted by the writer.
constexpr double kTera = 1e12;
constexpr double kGiga = 1e9;
constexpr double kBytesPerGiB = 1024.0 * 1024.0 * 1024.0;
constexpr double kMebi = 1024.0 * 1024.0;
// Wide enough for any chip, and below zero on purpose: a negative value is refused with the
// reader's message rather than clamped out of sight by the spin box.
constexpr double kFieldLimit = 1e9;

QString precisionText(Precision p) {
    const std::string_view name = toString(p);
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

}  // namespace

HardwareEditor::HardwareEditor(ScenarioController& controller, QWidget* parent)
    : QDialog(parent),
      m_controller(controller),
      m_original(controller.scenario().hardware),
      m_reference(controller.scenarioFile().hardware),
      m_edited(m_original) {
    setWindowTitle(tr("Edit hardware"));
    setObjectName(QStringLiteral("hardwareEditor"));
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(
        tr("Starting from %1. The roofline follows each edit; Save as… writes a hardware file "
           "and the scenario then names it. Cancel puts %1 back.")
            .arg(QString::fromStdString(m_reference)),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);

    auto* device = new QFormLayout;
    m_name = named(new QLineEdit(QString::fromStdString(m_original.name), this), "name");
    connect(m_name, &QLineEdit::textEdited, this, [this](const QString& text) {
        m_edited.name = text.toStdString();
        apply();
    });
    device->addRow(tr("Name"), m_name);
    layout->addLayout(device);

    auto* memoryBox = new QGroupBox(tr("Memory"), this);
    auto* memory = new QFormLayout(memoryBox);
    // Each field writes only its own member, so an untouched field keeps its exact value
    // (a spin box rounds what it shows to its decimals).
    memory->addRow(tr("Bandwidth"),
                   addField("memoryBandwidth", &Hardware::memoryBandwidthBytesPerSecond, kGiga,
                            tr(" GB/s"), tr("HBM or GDDR bandwidth, GB/s (1e9 bytes/s)")));
    memory->addRow(tr("Capacity"),
                   addField("memoryCapacity", &Hardware::memoryCapacityBytes, kBytesPerGiB,
                            tr(" GiB"), tr("Capacity in binary GiB (2^30 bytes)")));
    layout->addWidget(memoryBox);

    auto* levelsBox =
        new QGroupBox(tr("On-chip memory levels (0 = none; no bandwidth = not timed)"), this);
    auto* levels = new QGridLayout(levelsBox);
    levels->addWidget(new QLabel(tr("Bandwidth"), levelsBox), 0, 1);
    levels->addWidget(new QLabel(tr("Capacity"), levelsBox), 0, 2);
    levels->addWidget(new QLabel(tr("Last-level cache (L2)"), levelsBox), 1, 0);
    levels->addWidget(addLevelField("cacheBandwidth", MemoryLevel::LastLevelCache, true), 1, 1);
    levels->addWidget(addLevelField("cacheCapacity", MemoryLevel::LastLevelCache, false), 1, 2);
    levels->addWidget(new QLabel(tr("On-chip SRAM"), levelsBox), 2, 0);
    levels->addWidget(addLevelField("sramBandwidth", MemoryLevel::OnChipSram, true), 2, 1);
    levels->addWidget(addLevelField("sramCapacity", MemoryLevel::OnChipSram, false), 2, 2);
    layout->addWidget(levelsBox);

    auto* peaksBox = new QGroupBox(tr("Dense compute peaks (0 = no such roof)"), this);
    auto* peaks = new QGridLayout(peaksBox);
    constexpr int kColumns = 3;
    for (std::size_t i = 0; i < kEditablePeaks.size(); ++i) {
        const Precision p = kEditablePeaks[i];
        const std::string name = "peak_" + std::string(toString(p));
        auto* box = addNumber(name.c_str(), m_original.peak(p) / kTera, tr(" TFLOP/s"),
                              tr("Dense (not 2:4 sparse) %1 rate, TFLOP/s (TOP/s for integers)")
                                  .arg(precisionText(p)));
        connect(box, &QDoubleSpinBox::valueChanged, this, [this, p](double v) {
            m_edited.peakFlopsPerSecond[index(p)] = v * kTera;
            // A chip without a sourced peak (Apple M4 Max) keeps that flag only while every
            // peak is still 0: the reader refuses both at once.
            bool anyPeak = false;
            for (const Precision q : kEditablePeaks) {
                anyPeak = anyPeak || m_edited.peak(q) != 0.0;
            }
            m_edited.computePeakUnsourced = m_original.computePeakUnsourced && !anyPeak;
            apply();
        });
        const int row = static_cast<int>(i) / kColumns;
        const int column = 2 * (static_cast<int>(i) % kColumns);
        peaks->addWidget(new QLabel(precisionText(p), peaksBox), row, column);
        peaks->addWidget(box, row, column + 1);
    }
    layout->addWidget(peaksBox);

    auto* linkBox = new QGroupBox(tr("Interconnect"), this);
    auto* link = new QFormLayout(linkBox);
    link->addRow(
        tr("Bandwidth per direction"),
        addField("interconnectBandwidth", &Hardware::interconnectBandwidthBytesPerSecond, kGiga,
                 tr(" GB/s"),
                 tr("Device-to-device bandwidth per direction inside the scale-up domain (NVLink, "
                    "ICI, xGMI, PCIe); required unless the domain is a single device")));
    layout->addWidget(linkBox);

    m_problems = named(new QLabel(this), "problems");
    m_problems->setWordWrap(true);
    m_problems->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_problems);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_saveAs = named(buttons->addButton(tr("Save as…"), QDialogButtonBox::AcceptRole), "saveAs");
    connect(m_saveAs, &QPushButton::clicked, this, &HardwareEditor::saveAsDialog);
    connect(buttons, &QDialogButtonBox::rejected, this, &HardwareEditor::reject);
    // Enter in a field ends the number, nothing more: no button may take it as a click
    // (Cancel would throw the edit away, Save as… open a file dialog).
    for (QAbstractButton* button : buttons->buttons()) {
        if (auto* push = qobject_cast<QPushButton*>(button)) {
            push->setAutoDefault(false);
            push->setDefault(false);
        }
    }
    layout->addWidget(buttons);
    showIssues();
}

QDoubleSpinBox* HardwareEditor::addLevelField(const char* name, MemoryLevel level, bool bandwidth) {
    const MemoryLevelSpec* spec = m_original.memoryLevel(level);
    const double scale = bandwidth ? kTera : kMebi;
    const double value =
        spec == nullptr ? 0.0 : (bandwidth ? spec->bandwidthBytesPerSecond : spec->capacityBytes);
    auto* box = addNumber(
        name, value / scale, bandwidth ? tr(" TB/s") : tr(" MiB"),
        bandwidth ? tr("Bandwidth of this level, TB/s (1e12 bytes/s); 0: listed, not timed or "
                       "drawn")
                  : tr("Capacity of this level, MiB (2^20 bytes)"));
    connect(box, &QDoubleSpinBox::valueChanged, this, [this, level, bandwidth, scale](double v) {
        auto& list = m_edited.memoryLevels;
        auto it = std::find_if(list.begin(), list.end(),
                               [level](const MemoryLevelSpec& l) { return l.level == level; });
        if (it == list.end()) {
            MemoryLevelSpec added;
            added.level = level;
            added.name = level == MemoryLevel::LastLevelCache ? "L2" : "SRAM";
            it = list.insert(list.end(), added);
        }
        (bandwidth ? it->bandwidthBytesPerSecond : it->capacityBytes) = v * scale;
        // A value typed by hand is no measurement of the preset's.
        if (bandwidth) {
            it->measured = false;
        }
        if (it->bandwidthBytesPerSecond == 0.0 && it->capacityBytes == 0.0) {
            list.erase(it);
        }
        apply();
    });
    return box;
}

QDoubleSpinBox* HardwareEditor::addNumber(const char* name, double value, const QString& unit,
                                          const QString& tip) {
    auto* box = named(new QDoubleSpinBox(this), name);
    box->setRange(-kFieldLimit, kFieldLimit);
    box->setDecimals(3);
    box->setSuffix(unit);
    box->setToolTip(tip);
    box->setGroupSeparatorShown(true);
    box->setValue(value);  // before the caller connects: the start is no edit
    return box;
}

QDoubleSpinBox* HardwareEditor::addField(const char* name, double Hardware::*field, double scale,
                                         const QString& unit, const QString& tip) {
    auto* box = addNumber(name, m_original.*field / scale, unit, tip);
    connect(box, &QDoubleSpinBox::valueChanged, this, [this, field, scale](double v) {
        m_edited.*field = v * scale;
        apply();
    });
    return box;
}

void HardwareEditor::apply() {
    m_issues = m_controller.setHardwareValue(m_edited, m_reference + " (edited)");
    showIssues();
}

void HardwareEditor::showIssues() {
    const bool refused = hasErrors(m_issues);
    m_saveAs->setEnabled(!refused);
    if (m_issues.empty()) {
        m_problems->clear();
        return;
    }
    // The reader's own sentences: they name the file's keys and units (TB/s, GiB), as
    // opening the saved file would.
    const QString lead = refused ? tr("Not applied: the roofline keeps the last valid "
                                      "hardware. As a hardware file, this reads:")
                                 : tr("Applied, with:");
    m_problems->setText(lead + QLatin1Char('\n') + issuesText(m_issues));
}

bool HardwareEditor::saveAs(const QString& path) {
    if (hasErrors(m_issues)) {
        return false;
    }
    const QFileInfo info(path);
    Hardware saved = m_edited;
    saved.id = info.completeBaseName().toStdString();  // presets/README.md: id = file stem
    const std::string text = io::hardwareToJson(saved);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), static_cast<qint64>(text.size())) !=
            static_cast<qint64>(text.size()) ||
        !file.commit()) {
        m_problems->setText(
            tr("Could not write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
        return false;
    }
    // The saved numbers first: saving over the file the scenario already names leaves its
    // reference as it is, and setHardware() then has nothing to load.
    m_issues = m_controller.setHardwareValue(saved, m_reference + " (edited)");
    if (!hasErrors(m_issues)) {
        // Loaded back as any hardware file is: the scenario names the file from now on.
        m_issues = m_controller.setHardware(info.absoluteFilePath().toStdString());
    }
    showIssues();
    if (hasErrors(m_issues)) {
        return false;
    }
    m_savedPath = path;
    QDialog::accept();
    return true;
}

void HardwareEditor::saveAsDialog() {
    const QString path = Dialogs::saveFileName(
        this, tr("Save hardware file"), tr("Hardware file, preset schema (*.json);;All files (*)"),
        QString::fromStdString(m_original.id) + QStringLiteral("-edited.json"));
    if (!path.isEmpty()) {
        saveAs(path);
    }
}

void HardwareEditor::reject() {
    // Only while the scenario still names what the dialog started from; the value is the
    // one the window had, so it passes the checks it passed then.
    if (m_controller.scenarioFile().hardware == m_reference) {
        m_issues = m_controller.setHardwareValue(m_original, m_reference);
    }
    QDialog::reject();
}

}  // namespace roofline::ui
