// SPDX-License-Identifier: GPL-3.0-or-later
#include "panels/pickers.h"

#include <algorithm>
#include <vector>

#include <QComboBox>
#include <QCoreApplication>
#include <QFileInfo>
#include <QStandardItemModel>

#include "model/plot_tooltip.h"
#include "roofline/io/presets.h"

namespace roofline::ui {

void fillHardwarePicker(QComboBox* combo) {
    for (const std::string& id : io::hardwareIds()) {
        const io::Loaded<Hardware> hw = io::builtinHardware(id);
        combo->addItem(hw.value ? qs(hw.value->name) : qs(id), qs(id));
        if (!hw.value) {
            continue;
        }
        // How far the preset's figures can be trusted (the reference's confidence), and
        // whether it has a compute roof at all.
        QString tip = QObject::tr("%1 (%2)").arg(qs(hw.value->name), qs(id));
        if (!hw.value->confidence.empty()) {
            tip += QObject::tr("\nConfidence of the preset's figures: %1")
                       .arg(qs(hw.value->confidence));
        }
        if (hw.value->computePeakUnsourced) {
            tip += QObject::tr("\nNo sourced compute peak: only the memory roof is drawn");
        }
        combo->setItemData(combo->count() - 1, tip, Qt::ToolTipRole);
    }
}

void fillModelPicker(QComboBox* combo) {
    struct Entry {
        std::string family, name, id, release;
    };
    std::vector<Entry> entries;
    for (const std::string& id : io::modelIds()) {
        const io::Loaded<Model> model = io::builtinModel(id);
        const Model* m = model.value ? &*model.value : nullptr;
        entries.push_back({m != nullptr && !m->family.empty() ? m->family : std::string("Other"),
                           m != nullptr ? m->name : id, id, m != nullptr ? m->release : ""});
    }
    std::stable_sort(entries.begin(), entries.end(),
                     [](const Entry& a, const Entry& b) { return a.family < b.family; });
    auto* items = qobject_cast<QStandardItemModel*>(combo->model());
    std::string family;
    for (const Entry& e : entries) {
        if (e.family != family && items != nullptr) {
            family = e.family;
            combo->addItem(qs(family));
            QStandardItem* header = items->item(combo->count() - 1);
            header->setFlags(header->flags() & ~(Qt::ItemIsEnabled | Qt::ItemIsSelectable));
            QFont bold = header->font();
            bold.setBold(true);
            header->setFont(bold);
        }
        const QString year = qs(e.release.substr(0, 4));
        combo->addItem(
            year.isEmpty()
                ? qs(e.name)
                : QCoreApplication::translate("ControlsPanel", "%1 (%2)").arg(qs(e.name), year),
            qs(e.id));
    }
}

void selectData(QComboBox* combo, const QVariant& data, const QString& text) {
    int index = combo->findData(data);
    if (index < 0) {
        combo->addItem(text, data);
        index = combo->count() - 1;
    }
    combo->setCurrentIndex(index);
}

void selectReference(QComboBox* combo, const std::string& reference, const QString& name) {
    const QString ref = qs(reference);
    if (combo->findData(ref) < 0) {  // a file, not a shipped preset
        combo->addItem(QCoreApplication::translate("ControlsPanel", "%1 (%2)")
                           .arg(name, QFileInfo(ref).fileName()),
                       ref);
        combo->setItemData(combo->count() - 1, ref, Qt::ToolTipRole);
    }
    combo->setCurrentIndex(combo->findData(ref));
}

}  // namespace roofline::ui
