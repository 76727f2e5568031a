// SPDX-License-Identifier: GPL-3.0-or-later
// Pipeline parallelism; the model is stated in pipeline.h.
#include "roofline/pipeline.h"

#include <algorithm>

#include "roofline/precision.h"

namespace roofline {

std::int64_t pipelineMicroBatches(std::int64_t batch, std::int64_t stages) {
    return std::min(batch, stages);
}

double stageTransferSeconds(const Hardware& hardware, double tokens, std::int64_t hiddenSize,
                            double bytesPerValue) {
    const double bandwidth = hardware.scaleOutBandwidthBytesPerSecond > 0.0
                                 ? hardware.scaleOutBandwidthBytesPerSecond
                                 : kDefaultScaleOutBandwidthBytesPerSecond;
    return hardware.scaleOutLatencySeconds +
           tokens * static_cast<double>(hiddenSize) * bytesPerValue / bandwidth;
}

PipelineTiming pipelineTiming(double wholeModelSeconds, std::int64_t layers, std::int64_t stages,
                              std::int64_t microBatches, double transferSeconds) {
    PipelineTiming t;
    const std::int64_t perStage = (layers + stages - 1) / stages;
    const auto s = static_cast<double>(stages);
    const auto m = static_cast<double>(microBatches);
    t.stageSeconds =
        wholeModelSeconds * static_cast<double>(perStage) / static_cast<double>(layers);
    t.transferSeconds = stages > 1 ? transferSeconds : 0.0;
    t.bubbleFraction = (s - 1.0) / (m + s - 1.0);
    t.stepSeconds = (m + s - 1.0) * t.stageSeconds + (s - 1.0) * t.transferSeconds;
    return t;
}

RequestResult analyzePipelinedRequest(const Scenario& scenario, const RequestShape& shape,
                                      std::int64_t stages) {
    if (stages <= 1) {
        return analyzeRequest(scenario, shape);
    }
    const Workload& w = scenario.workload;
    const std::int64_t m = pipelineMicroBatches(w.batch, stages);
    const std::int64_t micro = (w.batch + m - 1) / m;
    Scenario one = scenario;
    one.workload.batch = micro;
    Analysis a = analyze(requestScenario(one, shape));
    const MemoryFootprint last = analyze(requestFootprintScenario(scenario, shape)).memory;
    const double bytes = bytesPerElement(w.activationPrecision);
    const std::int64_t layers = std::max<std::int64_t>(scenario.model.numLayers, 1);
    const std::int64_t h = scenario.model.hiddenSize;
    const auto tokens = static_cast<double>(micro);
    const PipelineTiming prefill = pipelineTiming(
        a.ttftSeconds, layers, stages, m,
        stageTransferSeconds(scenario.hardware, tokens * static_cast<double>(shape.promptTokens), h,
                             bytes));
    const PipelineTiming decode =
        pipelineTiming(a.tpotSeconds, layers, stages, m,
                       stageTransferSeconds(scenario.hardware, tokens, h, bytes));
    a.ttftSeconds = prefill.stepSeconds;
    a.tpotSeconds = decode.stepSeconds;
    a.devices = w.tensorParallel * stages;
    const bool fits = last.minDevices && *last.minDevices <= a.devices;
    RequestResult r = requestResult(scenario, a, shape, fits);
    r.minDevices = last.minDevices;
    return r;
}

}  // namespace roofline
