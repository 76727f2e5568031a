// SPDX-License-Identifier: GPL-3.0-or-later
#include "quantization_row.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QToolButton>

#include "model/plot_tooltip.h"
#include "model/quantization.h"
#include "model/scenario_controller.h"
#include "panels/pickers.h"
#include "roofline/format.h"

namespace roofline::ui {
namespace {

constexpr int kQuantSteps = static_cast<int>(kQuantizationSteps.size());

QString precisionName(Precision p) { return QString::fromUtf8(toString(p)); }

}  // namespace

QuantizationRow::QuantizationRow(ScenarioController& controller, QWidget* parent)
    : QWidget(parent), m_controller(controller) {
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setRange(0, kQuantSteps - 1);
    m_slider->setPageStep(1);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setFocusPolicy(Qt::StrongFocus);
    m_combo = named(new QComboBox(this), "quantizationCombo");
    for (const QuantizationStep& s : kQuantizationSteps) {
        m_combo->addItem(QString::fromUtf8(s.label.data(), static_cast<qsizetype>(s.label.size())));
        m_combo->setItemData(m_combo->count() - 1,
                             tr("weights %1, activations %2")
                                 .arg(precisionName(s.weights), precisionName(s.activations)),
                             Qt::ToolTipRole);
    }
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_combo);
    // The checkpoint's own mix (quantization_config): mxfp4 experts, fp8 layers, ...
    m_checkpoint = named(new QToolButton(this), "checkpointWeights");
    m_checkpoint->setText(tr("As stored"));
    layout->addWidget(m_checkpoint);
    setToolTip(
        tr("W = weight bits, A = activation bits; in brackets the weights' number format "
           "(W8A16: int8 or fp8 weights). A16 bf16, A8 fp8, A4 fp4"));
    m_computeRoof = named(new QLabel(parent), "computeRoof");
    m_computeRoof->setWordWrap(true);

    connect(m_slider, &QSlider::valueChanged, this, &QuantizationRow::onPicked);
    connect(m_combo, &QComboBox::activated, this, &QuantizationRow::onPicked);
    connect(m_checkpoint, &QToolButton::clicked, &m_controller,
            &ScenarioController::setCheckpointWeights);
}

void QuantizationRow::onPicked(int step) {
    if (step < 0 || step >= kQuantSteps) {
        return;  // the "custom" entry: nothing to apply
    }
    {
        const QSignalBlocker blockSlider(m_slider);
        const QSignalBlocker blockCombo(m_combo);
        m_slider->setValue(step);
        m_combo->setCurrentIndex(step);
    }
    const QuantizationStep& picked = kQuantizationSteps[static_cast<std::size_t>(step)];
    if (picked.scheme) {
        m_controller.setQuantization(*picked.scheme);
    } else {
        m_controller.setPrecisions(picked.weights, picked.activations);
    }
}

void QuantizationRow::sync() {
    const io::ScenarioFile& file = m_controller.scenarioFile();
    const Scenario& scenario = m_controller.scenario();
    const Workload& w = file.workload;
    const Analysis& analysis = m_controller.analysis();
    const QSignalBlocker blockSlider(m_slider);
    const QSignalBlocker blockCombo(m_combo);

    // A lever's precisions are a step too (w8a16: int8 weights), so the slider follows it.
    const std::optional<std::size_t> quant = quantizationStep(w);
    if (m_combo->count() > kQuantSteps) {
        m_combo->removeItem(kQuantSteps);
    }
    if (quant) {
        const int step = static_cast<int>(*quant);
        m_slider->setValue(step);
        m_combo->setCurrentIndex(step);
    } else {
        // The checkpoint's own mix reads "as stored"; its precisions are in the tooltip.
        const QString mix =
            tr("w %1 / a %2").arg(qs(weightsText(w)), precisionName(w.activationPrecision));
        m_combo->addItem(file.checkpointWeights ? tr("as stored") : mix);
        m_combo->setItemData(kQuantSteps, mix, Qt::ToolTipRole);
        m_combo->setCurrentIndex(kQuantSteps);
    }
    const CheckpointWeights& ckpt = scenario.model.checkpoint;
    m_checkpoint->setEnabled(ckpt.known);
    m_checkpoint->setToolTip(
        ckpt.known ? tr("Weights as the checkpoint stores them: linear layers %1, experts %2, "
                        "embedding, lm_head and routers %3 (--weights checkpoint)")
                         .arg(precisionName(ckpt.linear), precisionName(ckpt.experts),
                              precisionName(ckpt.tables))
                   : tr("The checkpoint's quantization_config names a scheme this program "
                        "does not map to the layers: choose the weights by hand"));
    m_computeRoof->setText(!analysis.hasComputeRoof
                               ? tr("no sourced %1 compute roof: the memory roof only")
                                     .arg(precisionName(mathPrecision(w.activationPrecision)))
                               : (w.ceilings == Ceilings::Achievable
                                      ? tr("computes on the %1 roof (%2 achievable)")
                                      : tr("computes on the %1 roof (%2)"))
                                     .arg(precisionName(analysis.computePrecision),
                                          qs(formatSi(analysis.peakFlopsPerSecond, "FLOP/s"))));
}

}  // namespace roofline::ui
