// SPDX-License-Identifier: GPL-3.0-or-later
#include "results_panel.h"

#include <algorithm>
#include <cmath>

#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

#include "model/plot_tooltip.h"
#include "panels/byte_split_bar.h"
#include "panels/memory_bar.h"
#include "panels/value_field.h"
#include "roofline/comparison.h"
#include "roofline/explain.h"
#include "roofline/format.h"

namespace roofline::ui {

ResultsPanel::ResultsPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);

    auto* latency = new QGroupBox(tr("Serving"), this);
    auto* latencyForm = new QFormLayout(latency);
    m_prefillLabels << addRow(latencyForm, tr("TTFT"), QStringLiteral("ttft"));
    m_decodeLabels << addRow(latencyForm, tr("TPOT"), QStringLiteral("tpot"));
    m_decodeLabels << addRow(latencyForm, tr("Decode"), QStringLiteral("tokensPerSecond"));
    // Under the estimate: the profile it was made with, and on how many records it was
    // fitted: a profile fitted on n records says so wherever it is used.
    addRow(latencyForm, tr("Estimate"), QStringLiteral("estimateProfile"))
        ->setToolTip(tr("The calibration profile of the estimate: its serving engine, how "
                        "many measured records it was fitted on (or cited defaults), and the "
                        "coverage of its interval"));
    latencyForm->setRowVisible(m_values.value(QStringLiteral("estimateProfile")), false);
    m_servingForm = latencyForm;
    m_decodeLabels << addRow(latencyForm, tr("Speculative"), QStringLiteral("speculative"));
    m_decodeLabels << addRow(latencyForm, tr("Disaggregated"), QStringLiteral("disaggregated"));
    m_values.value(QStringLiteral("disaggregated"))
        ->setToolTip(tr("Prefill on a pool of its own (--disaggregated P:D): each request's KV "
                        "cache moves once to the decode pool, α + bytes ÷ link bandwidth; TTFT "
                        "includes it, tokens/s per device counts both pools"));
    // Per output token at the decode rate: the cost only with a price (Advanced); the energy
    // is an upper bound, every device at its full board power (TDP).
    addRow(latencyForm, tr("Cost"), QStringLiteral("cost"))
        ->setToolTip(tr("Price per device-hour × devices ÷ output tokens per hour, at the "
                        "decode rate (set the price under Advanced; there is no default)"));
    addRow(latencyForm, tr("Energy (max)"), QStringLiteral("energy"))
        ->setToolTip(tr("An upper bound: TDP × devices × step time ÷ tokens per step, as if "
                        "every device drew its full board power for the whole step"));
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

    // Why decode is memory-bound: what each pass's bytes are.
    auto* bytes = new QGroupBox(tr("Bytes per pass"), this);
    auto* bytesLayout = new QVBoxLayout(bytes);
    m_byteSplit = new ByteSplitBar(bytes);
    m_byteSplit->setObjectName(QStringLiteral("byteSplit"));
    bytesLayout->addWidget(m_byteSplit);
    layout->addWidget(bytes);

    auto* memory = new QGroupBox(tr("Memory per device"), this);
    auto* memoryLayout = new QVBoxLayout(memory);
    m_memoryBar = new MemoryBar(memory);
    m_memoryBar->setObjectName(QStringLiteral("memoryBar"));
    memoryLayout->addWidget(m_memoryBar);
    auto* memoryForm = new QFormLayout;
    addRow(memoryForm, tr("Used"), QStringLiteral("memory"));
    addRow(memoryForm, tr("Max batch"), QStringLiteral("maxBatch"));
    addRow(memoryForm, tr("Fewest devices"), QStringLiteral("minDevices"));
    m_values.value(QStringLiteral("minDevices"))
        ->setToolTip(tr("The fewest devices of this kind whose usable memory holds the "
                        "scenario's weights, KV cache, state and workspace, split evenly "
                        "(layers across devices, as SRAM machines serve): a lower bound, "
                        "whatever the tensor parallelism set."));
    memoryLayout->addLayout(memoryForm);
    layout->addWidget(memory);

    // Compare mode: a column for the baseline, one for the ratio.
    m_baselineBox = new QGroupBox(tr("Against the baseline"), this);
    m_baselineBox->setObjectName(QStringLiteral("baselineGroup"));
    new QGridLayout(m_baselineBox);
    auto* baselineHead = new QLabel(tr("baseline"), m_baselineBox);
    auto* ratioHead = new QLabel(tr("change"), m_baselineBox);
    ratioHead->setToolTip(
        tr("Times: baseline ÷ now (faster or slower). Tokens/s and memory: "
           "now ÷ baseline."));
    m_compareRows.push_back({nullptr, baselineHead, ratioHead});
    const std::pair<const char*, QString> rows[] = {{"ttft", tr("TTFT")},
                                                    {"tpot", tr("TPOT")},
                                                    {"tokensPerSecond", tr("Decode")},
                                                    {"memory", tr("Memory")},
                                                    {"prefillBound", tr("Prefill")},
                                                    {"decodeBound", tr("Decode")}};
    for (const auto& [key, name] : rows) {
        CompareRow row{new QLabel(name, m_baselineBox), nullptr, nullptr};
        for (const char* column : {"baseline.", "ratio."}) {
            auto* value = new QLabel(m_baselineBox);
            const QString id = QLatin1String(column) + QLatin1String(key);
            value->setObjectName(id);
            value->setTextInteractionFlags(Qt::TextSelectableByMouse);
            (column[0] == 'b' ? row.baseline : row.ratio) = value;
            m_compare.insert(id, value);
            const QString k = QLatin1String(key);
            if (k == QLatin1String("ttft") || k == QLatin1String("prefillBound")) {
                m_prefillLabels << value;
            } else if (k != QLatin1String("memory")) {
                m_decodeLabels << value;
            }
        }
        m_compareRows.push_back(row);
    }
    // What differs: the inputs, from the document (io::scenarioDifferences), as given.
    auto* inputsName = new QLabel(tr("Inputs"), m_baselineBox);
    inputsName->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_differences = new QLabel(m_baselineBox);
    m_differences->setObjectName(QStringLiteral("baseline.differences"));
    m_differences->setTextFormat(Qt::PlainText);
    m_differences->setWordWrap(true);
    m_differences->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_differences->setToolTip(
        tr("The inputs of the current scenario that differ from the baseline"));
    m_compareRows.push_back({inputsName, m_differences, nullptr});
    layOutBaseline(false);
    m_baselineBox->setVisible(false);
    layout->addWidget(m_baselineBox);

    m_warnings = new QLabel(this);
    m_warnings->setObjectName(QStringLiteral("warnings"));
    m_warnings->setWordWrap(true);
    m_warnings->setTextFormat(Qt::PlainText);
    layout->addWidget(m_warnings);
    layout->addStretch(1);

    m_palette = PlotPalette::forSystem(palette());
    applyColours();
}

void ResultsPanel::setNarrow(bool narrow) {
    for (QFormLayout* form : findChildren<QFormLayout*>()) {
        form->setRowWrapPolicy(narrow ? QFormLayout::WrapAllRows : QFormLayout::DontWrapRows);
    }
    layOutBaseline(narrow);
}

void ResultsPanel::layOutBaseline(bool narrow) {
    auto* grid = qobject_cast<QGridLayout*>(m_baselineBox->layout());
    // Wide: name | baseline | change. Narrow: the name on its own line, then baseline |
    // change under it, each wrapping at its spaces ("compute-bound (91% of time)").
    const int names = narrow ? 1 : 0;  // rows of names before each row of values
    const int first = narrow ? 0 : 1;  // the values' first column
    int line = 0;
    for (const CompareRow& row : m_compareRows) {
        if (row.name != nullptr) {
            grid->addWidget(row.name, line, 0, 1, narrow ? 2 : 1);
            line += names;
        }
        const bool inputs = row.ratio == nullptr;
        grid->addWidget(row.baseline, line, first, 1, inputs ? 2 : 1);
        row.baseline->setWordWrap(narrow || inputs);
        if (!inputs) {
            grid->addWidget(row.ratio, line, first + 1);
            row.ratio->setWordWrap(narrow);
        }
        ++line;
    }
    // The values' columns share the width; the names' column (wide) as its names need.
    grid->setColumnStretch(0, narrow ? 1 : 0);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(2, narrow ? 0 : 1);
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
    m_byteSplit->setPlotPalette(m_palette);
}

void ResultsPanel::setDifferences(const QString& text) { m_differences->setText(text); }

void ResultsPanel::setBaseline(const std::optional<Analysis>& baseline) {
    m_baseline = baseline;
    m_baselineBox->setVisible(m_baseline.has_value());
}

bool ResultsPanel::memoryOverflow() const { return !m_memoryBar->fits(); }

void ResultsPanel::setAnalysis(const Analysis& a, const QString& calibrationWarning) {
    const auto set = [this](const char* key, const std::string& text) {
        m_values.value(QLatin1String(key))->setText(qs(text));
    };
    // The row's name in its form (an encoder or a CNN renames the serving rows).
    const auto title = [this](const char* key, const QString& text) {
        ValueField* field = m_values.value(QLatin1String(key));
        auto* form = qobject_cast<QFormLayout*>(field->parentWidget()->layout());
        auto* label = form != nullptr ? qobject_cast<QLabel*>(form->labelForField(field)) : nullptr;
        if (label != nullptr && label->text() != text) {
            label->setText(text);
        }
    };
    const bool images = !a.hasDecode();
    // With the estimate ceiling each time reads as the CLI and the explanation write it, the
    // bound first: "6.05 ms bound, 9.33 ms estimated (6.26 ms–13.9 ms)" (its row names it).
    const auto withEstimate = [](double bound, double estimate,
                                 const std::array<double, 2>& interval) {
        return qs(boundAndEstimate("", bound, estimate, interval)).trimmed().toStdString();
    };
    const EstimateResult* estimate = a.estimate ? &*a.estimate : nullptr;
    title("ttft", images ? tr("Latency") : tr("TTFT"));
    title("tokensPerSecond", images ? tr("Throughput") : tr("Decode"));
    title("prefillBound", images ? phaseName(a.primary().kind) : tr("Prefill"));
    if (images) {
        // One pass over B images: its latency and images/s; nothing is decoded.
        const std::string none = "n/a (no decode step)";
        const PassEstimate* pass =
            estimate != nullptr && !estimate->passes.empty() ? &estimate->passes[0] : nullptr;
        set("ttft", (pass != nullptr ? withEstimate(a.primary().timeSeconds, pass->seconds,
                                                    {pass->lowSeconds, pass->highSeconds})
                                     : formatDuration(a.primary().timeSeconds)) +
                        " per batch");
        set("tpot", none);
        set("tokensPerSecond", formatNumber(a.imagesPerSecond) + " images/s");
    } else if (estimate != nullptr) {
        set("ttft",
            withEstimate(a.ttftSeconds, estimate->ttftSeconds, estimate->ttftIntervalSeconds));
        set("tpot",
            withEstimate(a.tpotSeconds, estimate->tpotSeconds, estimate->tpotIntervalSeconds));
        set("tokensPerSecond", formatNumber(a.decodeTokensPerSecond) + " tok/s bound, " +
                                   formatNumber(estimate->decodeTokensPerSecond) +
                                   " tok/s estimated");
    } else {
        set("ttft", formatDuration(a.ttftSeconds));
        set("tpot", formatDuration(a.tpotSeconds));
        set("tokensPerSecond", formatNumber(a.decodeTokensPerSecond) + " tok/s");
    }
    // The estimate's profile, in a row shown only under the estimate (shown or hidden only
    // when that changes: a hidden row lays the form out again).
    set("estimateProfile", estimate != nullptr ? estimateProfileText(*estimate) : std::string());
    if (m_estimateRowShown != (estimate != nullptr)) {
        m_estimateRowShown = estimate != nullptr;
        m_servingForm->setRowVisible(m_values.value(QStringLiteral("estimateProfile")),
                                     m_estimateRowShown);
    }
    // τ tokens per draft-and-verify step, against plain decoding's TPOT.
    set("speculative", a.speculative
                           ? formatNumber(a.speculative->tokensPerStep) + " tok/step; plain TPOT " +
                                 formatDuration(a.speculative->plainTpotSeconds)
                           : std::string("off"));
    set("disaggregated",
        a.disaggregation ? "prefill " + formatInteger(a.disaggregation->prefillDevices) +
                               " + decode " + formatInteger(a.disaggregation->decodeDevices) +
                               " devices; KV " + formatBytes(a.disaggregation->kvTransferBytes) +
                               " in " + formatDuration(a.disaggregation->kvTransferSeconds)
                         : std::string("off (prefill and decode share the devices)"));
    // append(), not "$" + std::string: GCC 12 -O3 warns a false -Wrestrict (GCC bug 105651).
    // Encoders and CNNs: per image (the engine fills the per-image figures for them).
    const bool perImage = a.modelKind != ModelKind::Decoder;
    set("cost", a.cost ? std::string("$")
                             .append(formatNumber(perImage ? a.cost->usdPerMillionImages
                                                           : a.cost->usdPerMillionOutputTokens))
                             .append(perImage ? " / M images" : " / M tokens")
                       : std::string("no price set"));
    set("energy", a.energy ? std::string("≤ ")
                                 .append(formatSi(perImage ? a.energy->joulesPerImageMax
                                                           : a.energy->joulesPerOutputTokenMax,
                                                  "J"))
                                 .append(perImage ? " / image" : " / token")
                           : std::string("no TDP known"));
    // The bound and the share of the pass's time in operators bound that way (DOMAIN §5).
    const auto bound = [](const PassCost& p) {
        const double share = p.shares[p.bound];
        return std::string(toString(p.bound)) + "-bound (" + formatNumber(share * 100.0, 2) + "%)";
    };
    set("prefillBound", bound(a.primary()));
    set("prefillIntensity", formatNumber(a.primary().intensity()) + " FLOP/byte");
    set("decodeBound", images ? std::string("n/a (no decode step)") : bound(a.decode()));
    set("decodeIntensity",
        images ? std::string("n/a") : formatNumber(a.decode().intensity()) + " FLOP/byte");
    // A memory-only preset (no sourced peak at this precision or a wider one): no ridge.
    set("ridge", a.hasComputeRoof ? formatNumber(a.ridgePointFlopsPerByte) + " FLOP/byte"
                                  : std::string("none (memory roof only)"));
    set("computeRoof", a.hasComputeRoof ? std::string(toString(a.computePrecision)) + " " +
                                              formatSi(a.peakFlopsPerSecond, "FLOP/s")
                                        : std::string("none sourced at ") +
                                              std::string(toString(a.computePrecision)));
    // Whole decode step at this context (never, when per-sequence KV traffic outgrows the
    // FLOPs), and the weight matmuls alone (≈ peak·w / 2·BW, context-free).
    set("criticalBatch", a.criticalBatch ? formatInteger(*a.criticalBatch) : "never");
    set("matmulCriticalBatch",
        a.matmulCriticalBatch ? formatInteger(*a.matmulCriticalBatch) : "never");
    set("goldilocks", a.goldilocksContextTokens
                          ? formatInteger(std::llround(*a.goldilocksContextTokens)) + " tokens"
                          : std::string("never"));
    if (images) {  // defined on the decode step, which an encoder or a CNN does not have
        for (const char* key : {"criticalBatch", "matmulCriticalBatch", "goldilocks", "speculative",
                                "disaggregated"}) {
            set(key, "n/a (no decode step)");
        }
    }

    m_byteSplit->setAnalysis(a);

    const MemoryFootprint& m = a.memory;
    set("memory", formatBytes(m.totalBytes) + " of " + formatBytes(m.usableBytes) + " usable");
    set("maxBatch", m.maxBatch > 0 ? formatInteger(m.maxBatch) : "weights do not fit");
    set("minDevices", m.minDevices ? formatInteger(*m.minDevices) : "no usable memory");
    m_memoryBar->setUsage(m.usableBytes > 0.0 ? m.totalBytes / m.usableBytes : 0.0,
                          qs(formatBytes(m.totalBytes) + " / " + formatBytes(m.usableBytes)),
                          m.fits);
    m_memoryBar->setToolTip(
        tr("per device: weights %1, KV cache %2, workspace %3; usable %4 "
           "of %5")
            .arg(qs(formatBytes(m.weightBytes)), qs(formatBytes(m.kvCacheBytes)),
                 qs(formatBytes(m.workspaceBytes)), qs(formatBytes(m.usableBytes)),
                 qs(formatBytes(m.capacityBytes))));

    if (m_baseline && m_baseline->passes.size() >= 2 && a.passes.size() >= 2) {
        const Analysis& b = *m_baseline;
        const Comparison c = compare(b, a);
        const auto put = [this](const char* key, const std::string& base,
                                const std::string& change) {
            m_compare.value(QLatin1String("baseline.") + QLatin1String(key))->setText(qs(base));
            m_compare.value(QLatin1String("ratio.") + QLatin1String(key))->setText(qs(change));
        };
        const auto boundChange = [](bool changed) {
            return changed ? std::string("changed") : std::string("same");
        };
        put("ttft", formatDuration(b.ttftSeconds), speedupText(c.prefillSpeedup));
        put("tpot", formatDuration(b.tpotSeconds), speedupText(c.decodeSpeedup));
        put("tokensPerSecond", formatNumber(b.decodeTokensPerSecond) + " tok/s",
            ratioText(c.tokensRatio));
        put("memory", formatBytes(b.memory.totalBytes), ratioText(c.memoryRatio));
        put("prefillBound", std::string(toString(b.prefill().bound)),
            boundChange(c.prefillBoundChanged));
        put("decodeBound", std::string(toString(b.decode().bound)),
            boundChange(c.decodeBoundChanged));
    }

    QStringList warnings;
    for (const Warning& w : a.warnings) {
        warnings << QStringLiteral("⚠ ") + qs(w.str());
    }
    // The engine's fallback to another profile, with the analysis' warnings (a long second
    // paragraph in the Estimate row squeezed the Serving form).
    if (estimate != nullptr && !calibrationWarning.isEmpty()) {
        warnings << QStringLiteral("⚠ ") + tr("Estimate: %1").arg(calibrationWarning);
    }
    m_warnings->setText(warnings.join(QLatin1Char('\n')));
    if (m_warnings->isHidden() != warnings.isEmpty()) {  // hiding again lays out again
        m_warnings->setVisible(!warnings.isEmpty());
    }
}

}  // namespace roofline::ui
