// SPDX-License-Identifier: GPL-3.0-or-later
#include "results_panel.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "memory_bar.h"
#include "plot_tooltip.h"
#include "roofline/format.h"
#include "value_field.h"

namespace roofline::ui {

ResultsPanel::ResultsPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);

    auto* latency = new QGroupBox(tr("Serving"), this);
    auto* latencyForm = new QFormLayout(latency);
    m_prefillLabels << addRow(latencyForm, tr("TTFT"), QStringLiteral("ttft"));
    m_decodeLabels << addRow(latencyForm, tr("TPOT"), QStringLiteral("tpot"));
    m_decodeLabels << addRow(latencyForm, tr("Decode"), QStringLiteral("tokensPerSecond"));
    m_decodeLabels << addRow(latencyForm, tr("Speculative"), QStringLiteral("speculative"));
    layout->addWidget(latency);

    auto* roofline = new QGroupBox(tr("On the roofline"), this);
    auto* rooflineForm = new QFormLayout(roofline);
    m_prefillLabels << addRow(rooflineForm, tr("Prefill"), QStringLiteral("prefillBound"));
    m_prefillLabels << addRow(rooflineForm, QString(), QStringLiteral("prefillIntensity"));
    m_decodeLabels << addRow(rooflineForm, tr("Decode"), QStringLiteral("decodeBound"));
    m_decodeLabels << addRow(rooflineForm, QString(), QStringLiteral("decodeIntensity"));
    addRow(rooflineForm, tr("Ridge point"), QStringLiteral("ridge"));
    addRow(rooflineForm, tr("Compute roof"), QStringLiteral("computeRoof"));
    addRow(rooflineForm, tr("Critical batch"), QStringLiteral("criticalBatch"));
    addRow(rooflineForm, tr("… weight matmuls"), QStringLiteral("matmulCriticalBatch"));
    addRow(rooflineForm, tr("Goldilocks context"), QStringLiteral("goldilocks"));
    layout->addWidget(roofline);

    auto* memory = new QGroupBox(tr("Memory per device"), this);
    auto* memoryLayout = new QVBoxLayout(memory);
    m_memoryBar = new MemoryBar(memory);
    m_memoryBar->setObjectName(QStringLiteral("memoryBar"));
    memoryLayout->addWidget(m_memoryBar);
    auto* memoryForm = new QFormLayout;
    addRow(memoryForm, tr("Used"), QStringLiteral("memory"));
    addRow(memoryForm, tr("Max batch"), QStringLiteral("maxBatch"));
    memoryLayout->addLayout(memoryForm);
    layout->addWidget(memory);

    m_warnings = new QLabel(this);
    m_warnings->setObjectName(QStringLiteral("warnings"));
    m_warnings->setWordWrap(true);
    m_warnings->setTextFormat(Qt::PlainText);
    layout->addWidget(m_warnings);
    layout->addStretch(1);

    m_palette = PlotPalette::forSystem(palette());
    applyColours();
}

QLabel* ResultsPanel::addRow(QFormLayout* form, const QString& name, const QString& key) {
    auto* value = new ValueField(this);
    value->label()->setObjectName(key);
    form->addRow(name, value);
    m_values.insert(key, value);
    return value->label();
}

QLabel* ResultsPanel::valueLabel(const QString& key) const { return findChild<QLabel*>(key); }

void ResultsPanel::setPlotPalette(const PlotPalette& palette) {
    m_palette = palette;
    applyColours();
}

void ResultsPanel::applyColours() {
    const auto colour = [](QLabel* label, const QColor& c) {
        QPalette p = label->palette();
        p.setColor(QPalette::WindowText, c);
        label->setPalette(p);
    };
    for (QLabel* label : m_prefillLabels) {
        colour(label, m_palette.prefill);
    }
    for (QLabel* label : m_decodeLabels) {
        colour(label, m_palette.decode);
    }
    colour(m_warnings, m_palette.warning);
    m_memoryBar->setColours(m_palette.decode, m_palette.warning);
}

bool ResultsPanel::memoryOverflow() const { return !m_memoryBar->fits(); }

void ResultsPanel::setAnalysis(const Analysis& a) {
    const auto set = [this](const char* key, const std::string& text) {
        m_values.value(QLatin1String(key))->setText(qs(text));
    };
    set("ttft", formatDuration(a.ttftSeconds));
    set("tpot", formatDuration(a.tpotSeconds));
    set("tokensPerSecond", formatNumber(a.decodeTokensPerSecond) + " tok/s");
    // τ tokens per draft-and-verify step, against plain decoding's TPOT.
    set("speculative", a.speculative ? formatNumber(a.speculative->tokensPerStep) +
                                           " tok/step; plain TPOT " +
                                           formatDuration(a.speculative->plainTpotSeconds)
                                     : std::string("off"));
    // The bound and the share of the pass's time in operators bound that way (DOMAIN §5).
    const auto bound = [](const PassCost& p) {
        const double share = p.bound == Bound::Compute  ? p.shares.compute
                             : p.bound == Bound::Memory ? p.shares.memory
                                                        : p.shares.interconnect;
        return std::string(toString(p.bound)) + "-bound (" + formatNumber(share * 100.0, 2) +
               "%)";
    };
    set("prefillBound", bound(a.prefill()));
    set("prefillIntensity", formatNumber(a.prefill().intensity()) + " FLOP/byte");
    set("decodeBound", bound(a.decode()));
    set("decodeIntensity", formatNumber(a.decode().intensity()) + " FLOP/byte");
    set("ridge", formatNumber(a.ridgePointFlopsPerByte) + " FLOP/byte");
    set("computeRoof",
        std::string(toString(a.computePrecision)) + " " + formatSi(a.peakFlopsPerSecond, "FLOP/s"));
    // Whole decode step at this context (never, when per-sequence KV traffic outgrows the
    // FLOPs), and the weight matmuls alone (≈ peak·w / 2·BW, context-free).
    set("criticalBatch", a.criticalBatch ? formatInteger(*a.criticalBatch) : "never");
    set("matmulCriticalBatch",
        a.matmulCriticalBatch ? formatInteger(*a.matmulCriticalBatch) : "never");
    set("goldilocks", a.goldilocksContextTokens
                          ? formatInteger(std::llround(*a.goldilocksContextTokens)) + " tokens"
                          : std::string("never"));

    const MemoryFootprint& m = a.memory;
    set("memory", formatBytes(m.totalBytes) + " of " + formatBytes(m.usableBytes) + " usable");
    set("maxBatch", m.maxBatch > 0 ? formatInteger(m.maxBatch) : "weights do not fit");
    m_memoryBar->setUsage(m.usableBytes > 0.0 ? m.totalBytes / m.usableBytes : 0.0,
                          qs(formatBytes(m.totalBytes) + " / " + formatBytes(m.usableBytes)),
                          m.fits);
    m_memoryBar->setToolTip(tr("per device: weights %1, KV cache %2, workspace %3; usable %4 "
                               "of %5")
                                .arg(qs(formatBytes(m.weightBytes)),
                                     qs(formatBytes(m.kvCacheBytes)),
                                     qs(formatBytes(m.workspaceBytes)),
                                     qs(formatBytes(m.usableBytes)),
                                     qs(formatBytes(m.capacityBytes))));

    QStringList warnings;
    for (const Warning& w : a.warnings) {
        warnings << QStringLiteral("⚠ ") + qs(w.str());
    }
    m_warnings->setText(warnings.join(QLatin1Char('\n')));
    if (m_warnings->isHidden() != warnings.isEmpty()) {  // hiding again lays out again
        m_warnings->setVisible(!warnings.isEmpty());
    }
}

}  // namespace roofline::ui
