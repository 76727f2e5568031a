// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON contract of `roofline-cli analyze --format json` (README "JSON output").
// snake_case keys, SI units. Changing a key is a breaking change for scripts.

#include "json_util.h"
#include "roofline/io/scenario_file.h"

namespace roofline::io {

using detail::Json;

namespace {

Json phaseJson(const PhaseCost& p) {
    return Json{
        {"flops", p.flops},
        {"bytes", p.bytes()},
        {"weight_bytes", p.weightBytes},
        {"kv_bytes", p.kvBytes},
        {"activation_bytes", p.activationBytes},
        {"link_bytes", p.linkBytes},
        {"intensity_flops_per_byte", p.intensity()},
        {"compute_time_s", p.computeTimeSeconds},
        {"memory_time_s", p.memoryTimeSeconds},
        {"link_time_s", p.linkTimeSeconds},
        {"time_s", p.timeSeconds},
        {"step_bound_s", p.stepBoundSeconds},
        {"attainable_flops_per_s", p.attainableFlopsPerSecond},
        {"bound", toString(p.bound)},
    };
}

}  // namespace

std::string analysisToJson(const Scenario& scenario, const Analysis& a) {
    const Hardware& hw = scenario.hardware;
    const Model& m = scenario.model;
    const Workload& w = scenario.workload;

    Json peaks = Json::object();
    for (Precision p : kAllPrecisions) {
        if (hw.hasRoof(p)) {
            peaks[std::string(toString(p))] = hw.peak(p);
        }
    }
    Json hardware = {
        {"id", hw.id},
        {"name", hw.name},
        {"memory_bandwidth_bytes_per_s", hw.memoryBandwidthBytesPerSecond},
        {"memory_capacity_bytes", hw.memoryCapacityBytes},
        {"interconnect_bytes_per_s", hw.interconnectBandwidthBytesPerSecond},
        {"peak_flops_per_s", peaks},
    };
    Json model = {
        {"id", m.id},
        {"name", m.name},
        {"architecture", m.architecture},
        {"total_params", a.totalParameters},
        {"active_params", a.activeParametersPerToken},
        {"kv_cache_bytes_per_token", a.kvCacheBytesPerToken},
    };
    const std::int64_t kvHeads = a.effectiveKvHeads;
    Json scenarioJson = {
        {"batch", w.batch},
        {"prompt_tokens", w.promptTokens},
        {"context_tokens", w.contextTokens},
        {"weights", toString(w.weightPrecision)},
        {"activations", toString(w.activationPrecision)},
        {"kv_cache", toString(w.kvPrecision)},
        {"kv_heads", kvHeads > 0 ? Json(kvHeads) : Json(nullptr)},
        {"gqa_ratio", kvHeads > 0 ? Json(m.numQueryHeads / kvHeads) : Json(nullptr)},
        {"tensor_parallel", w.tensorParallel},
        {"flash_attention", w.flashAttention},
    };

    const double devices = static_cast<double>(w.tensorParallel);
    const MemoryFootprint& mem = a.memory;
    Json memory = {
        {"devices", w.tensorParallel},
        {"weights_bytes", mem.weightBytes * devices},
        {"kv_cache_bytes", mem.kvCacheBytes * devices},
        {"activation_bytes", mem.activationBytes * devices},
        {"total_bytes", mem.totalBytes * devices},
        {"capacity_bytes", mem.capacityBytes * devices},
        {"fits", mem.fits},
        {"max_batch", mem.maxBatch},
    };

    Json operators = Json::array();
    for (const OperatorCost& op : a.operators) {
        operators.push_back({
            {"name", op.name},
            {"phase", toString(op.phase)},
            {"kind", toString(op.kind)},
            {"count", op.count},
            {"flops", op.flops},
            {"bytes", op.bytes()},
            {"weight_bytes", op.weightBytes},
            {"kv_bytes", op.kvBytes},
            {"activation_bytes", op.activationBytes},
            {"link_bytes", op.linkBytes},
            {"intensity_flops_per_byte", op.intensity()},
            {"time_s", op.timeSeconds},
            {"bound", toString(op.bound)},
        });
    }
    Json warnings = Json::array();
    for (const Warning& warning : a.warnings) {
        warnings.push_back(warning.text());
    }

    Json out = {
        {"hardware", hardware},
        {"model", model},
        {"scenario", scenarioJson},
        {"compute_precision", toString(a.computePrecision)},
        {"peak_flops_per_s", a.peakFlopsPerSecond},
        {"ridge_point_flops_per_byte", a.ridgePointFlopsPerByte},
        {"prefill", phaseJson(a.prefill)},
        {"decode", phaseJson(a.decode)},
        {"ttft_s", a.ttftSeconds},
        {"tpot_s", a.tpotSeconds},
        {"decode_tokens_per_s", a.decodeTokensPerSecond},
        {"critical_batch", a.criticalBatch ? Json(*a.criticalBatch) : Json(nullptr)},
        {"critical_batch_weight_matmuls",
         a.matmulCriticalBatch ? Json(*a.matmulCriticalBatch) : Json(nullptr)},
        {"goldilocks_context_tokens", a.goldilocksContextTokens},
        {"memory", memory},
        {"operators", operators},
        {"warnings", warnings},
    };
    return out.dump(2) + "\n";
}

}  // namespace roofline::io
