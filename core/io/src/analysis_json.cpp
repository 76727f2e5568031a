// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON contract of `roofline-cli analyze --format json` (docs/calibration.md "JSON output").
// snake_case keys, SI units. Changing a key is a breaking change for scripts.

#include "json_util.h"
#include "roofline/allocation.h"
#include "roofline/io/explain.h"
#include "roofline/io/scenario_file.h"
#include "roofline/kv_transfer.h"

namespace roofline::io {

using detail::Json;

namespace {

Json optionalJson(const std::optional<double>& v) { return v ? Json(*v) : Json(nullptr); }
Json optionalJson(const std::optional<std::int64_t>& v) { return v ? Json(*v) : Json(nullptr); }

// HBM bytes by category: every category by its name, and the four named fields scripts read
// (weight_bytes, kv_bytes, state_bytes, activation_bytes).
void addTraffic(Json& j, const ByteCounts& t) {
    j["weight_bytes"] = t[ByteCategory::Weights];
    j["kv_bytes"] = t[ByteCategory::KvCache];
    j["state_bytes"] = t[ByteCategory::State];
    j["activation_bytes"] = t[ByteCategory::Activations];
    Json by = Json::object();
    for (const ByteCategory c : kAllByteCategories) {
        by[std::string(toString(c))] = t[c];
    }
    j["bytes_by_category"] = by;
}

Json sharesJson(const BoundShares& shares) {
    Json j = Json::object();
    for (std::size_t b = 0; b < kBoundCount; ++b) {
        j[std::string(toString(static_cast<Bound>(b)))] = shares.shares[b];
    }
    return j;
}

// Disaggregated serving (DOMAIN.md §7), null when prefill and decode share the devices.
Json disaggregationJson(const Analysis& a) {
    if (!a.disaggregation) {
        return nullptr;
    }
    const DisaggregationResult& d = *a.disaggregation;
    const std::optional<KvTransferPoint> point = kvTransferPoint(a);
    return {
        {"prefill_devices", d.prefillDevices},
        {"decode_devices", d.decodeDevices},
        {"kv_transfer_bytes", d.kvTransferBytes},
        {"kv_transfer_bytes_per_device", d.kvTransferBytesPerDevice},
        {"kv_transfer_s", d.kvTransferSeconds},
        {"kv_transfer_intensity", point ? point->intensityFlopsPerByte : 0.0},
        {"kv_transfer_attained_flops_per_s", point ? point->attainableFlopsPerSecond : 0.0},
        {"link_bandwidth_bytes_per_s", d.linkBandwidthBytesPerSecond},
        {"link", d.scaleOut ? "scale-out" : "scale-up"},
        {"prefill_s", d.prefillSeconds},
        {"prefill_memory_bytes_per_device", d.prefillMemoryBytes},
        {"prefill_fits", d.prefillFits},
    };
}

// {level: bytes} at each level the analysis lists (DOMAIN.md §10): main_memory always.
Json levelBytesJson(const Analysis& a, const std::array<double, kMemoryLevelCount>& bytes) {
    Json j = Json::object();
    for (const LevelRoof& l : a.memoryLevels) {
        j[std::string(toString(l.level))] = bytes[index(l.level)];
    }
    return j;
}

// The memory hierarchy: each level's roof as analysed, its name and citation as the preset
// gives them.
Json memoryLevelsJson(const Analysis& a, const Scenario& scenario) {
    Json levels = Json::array();
    for (const LevelRoof& l : a.memoryLevels) {
        const MemoryLevelSpec* spec = scenario.hardware.memoryLevel(l.level);
        levels.push_back(
            {{"level", toString(l.level)},
             {"name", l.level == MemoryLevel::Main ? memoryRoofName(a) : std::string(l.nameText())},
             {"bandwidth_bytes_per_s", l.bandwidthBytesPerSecond},
             {"capacity_bytes", l.capacityBytes},
             {"measured", l.measured},
             {"drawn", l.drawn()},
             {"source", spec != nullptr ? Json(spec->source) : Json(nullptr)}});
    }
    return levels;
}

Json phaseJson(const PassCost& p, const Analysis& a) {
    Json j{
        {"kind", toString(p.kind)},
        {"model", p.draftModel ? "draft" : "target"},
        {"batch", p.batch},
        {"new_tokens", p.newTokens},
        {"cached_tokens", p.cachedTokens},
        {"logits_rows", p.logitsRows},
        {"repeats", p.repeats},
        {"attention", toString(p.attention)},
        {"flops", p.flops},
        {"bytes", p.bytes()},
        {"link_bytes", p.linkBytes},
        {"intensity_flops_per_byte", p.intensity()},
        {"compute_time_s", p.computeTimeSeconds},
        {"memory_time_s", p.memoryTimeSeconds},
        {"link_time_s", p.linkTimeSeconds},
        {"time_s", p.timeSeconds},
        {"step_bound_s", p.stepBoundSeconds},
        {"attainable_flops_per_s", p.attainableFlopsPerSecond},
        {"link_intensity_flops_per_byte", p.linkIntensity()},
        {"bound_shares", sharesJson(p.shares)},
        {"bound", toString(p.bound)},
    };
    addTraffic(j, p.traffic);
    j["level_bytes"] = levelBytesJson(a, p.levelBytes);
    return j;
}

// analysisToJson's object.
// The estimate ceiling (DOMAIN.md §11): what a real stack is expected to take, beside the
// bound figures and never in their place, with the profile's prediction interval and the
// costs it adds per pass ("terms"), seconds.
Json estimateJson(const EstimateResult& e, const Scenario& scenario) {
    const auto terms = [](const EstimateTerms& t) {
        return Json{
            {"gemm_shape_s", t.gemmShapeSeconds},     {"precision_s", t.precisionSeconds},
            {"attention_s", t.attentionSeconds},      {"moe_s", t.moeSeconds},
            {"kernel_floor_s", t.kernelFloorSeconds}, {"launch_s", t.launchSeconds},
            {"collective_s", t.collectiveSeconds},    {"step_overhead_s", t.stepOverheadSeconds}};
    };
    Json passes = Json::array();
    Json allTerms = Json::object();
    for (const PassEstimate& p : e.passes) {
        passes.push_back({{"pass", toString(p.kind)},
                          {"bound_s", p.boundSeconds},
                          {"time_s", p.seconds},
                          {"interval_s", {p.lowSeconds, p.highSeconds}},
                          {"flops_per_s", p.flopsPerSecond},
                          {"kernels", p.kernels},
                          {"collectives", p.collectives},
                          {"terms", terms(p.terms)}});
        allTerms[std::string(toString(p.kind))] = terms(p.terms);
    }
    const bool tokens = e.passes.size() > 1;  // a decoder: prefill and decode
    const CalibrationProfile* profile = scenario.calibration.get();
    return {
        {"profile", e.profile()},
        {"engine", e.engine()},
        {"fitted_records", e.fittedRecords},
        {"coverage", e.coverage},
        {"sources", profile != nullptr ? Json(profile->sources) : Json::array()},
        {"ttft_s", tokens ? Json(e.ttftSeconds) : Json(nullptr)},
        {"tpot_s", tokens ? Json(e.tpotSeconds) : Json(nullptr)},
        {"decode_tokens_per_s", tokens ? Json(e.decodeTokensPerSecond) : Json(nullptr)},
        {"ttft_interval_s",
         tokens ? Json{e.ttftIntervalSeconds[0], e.ttftIntervalSeconds[1]} : Json(nullptr)},
        {"tpot_interval_s",
         tokens ? Json{e.tpotIntervalSeconds[0], e.tpotIntervalSeconds[1]} : Json(nullptr)},
        {"passes", passes},
        {"terms", allTerms},
        {"api_s", tokens ? Json(e.apiSeconds) : Json(nullptr)},
        // Empty inside the profile's domain; else why the estimate is extrapolated.
        {"extrapolated", extrapolationReasons(e, scenario)},
        {"profile_domain", profile != nullptr ? Json(domainText(profile->domain)) : Json(nullptr)},
    };
}

// memory.allocated: the KV cache as vLLM V1 allocates it on one device (allocation.h),
// beside the ideal bytes; `unavailable` says why when the layout is not modelled.
Json allocatedJson(const AllocatedMemory& r) {
    Json out = {
        {"engine", r.engine},
        {"engine_version",
         r.engineVersion.known() ? Json(toString(r.engineVersion)) : Json(nullptr)},
        {"per_device", true},
        {"tokens_per_request", r.tokensPerRequest},
        {"unavailable", r.available() ? Json(nullptr) : Json(r.unavailable)},
    };
    if (!r.available()) {
        return out;
    }
    out["block_tokens"] = r.blockTokens;
    out["page_bytes"] = r.pageBytes;
    out["groups"] = r.groups;
    out["group_layers"] = r.groupLayers;
    out["padding_layers"] = r.paddingLayers;
    out["requested_bytes"] = r.requestedBytes;
    out["kv_budget_bytes"] = r.kvBudgetBytes;
    out["blocks"] = r.blocks;
    out["blocks_per_sequence"] = r.blocksPerSequence;
    out["bytes_per_sequence"] = r.bytesPerSequence;
    out["kv_tokens"] = r.kvTokens;
    out["max_concurrency"] = r.maxConcurrency;
    out["ideal_max_batch"] = r.idealMaxBatch;
    return out;
}

Json analysisObject(const Scenario& scenario, const Analysis& a) {
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
        {"memory_capacity_visible_bytes",
         hw.memoryCapacityVisibleBytes > 0.0 ? Json(hw.memoryCapacityVisibleBytes) : Json(nullptr)},
        {"confidence", hw.confidence},
        {"compute_peak_sourced", !hw.computePeakUnsourced},
        {"interconnect_bytes_per_s", hw.interconnectBandwidthBytesPerSecond},
        {"collective_latency_s", hw.collectiveLatencySeconds},
        {"scale_up_domain_devices", hw.scaleUpDomainDevices},
        {"scale_out_bytes_per_s", hw.scaleOutBandwidthBytesPerSecond},
        {"peak_flops_per_s", peaks},
    };
    Json model = {
        {"id", m.id},
        {"name", m.name},
        {"architecture", m.architecture},
        {"kind", toString(m.kind)},
        {"total_params", a.totalParameters},
        {"active_params", a.activeParametersPerToken},
        {"kv_cache_bytes_per_token", a.kvCacheBytesPerToken},
        {"state_bytes_per_sequence", a.stateBytesPerSequence},
        {"mtp_params", a.mtpParameters},
        {"vision_params", a.visionParameters},
        {"checkpoint",
         {{"known", m.checkpoint.known},
          {"quantized", m.checkpoint.quantized},
          {"linear", toString(m.checkpoint.linear)},
          {"experts", toString(m.checkpoint.experts)},
          {"tables", toString(m.checkpoint.tables)}}},
    };
    const std::int64_t kvHeads = a.effectiveKvHeads;
    Json scenarioJson = {
        {"batch", w.batch},
        {"prompt_tokens", w.promptTokens},
        {"context_tokens", w.contextTokens},
        {"weights", toString(w.weightPrecision)},
        {"expert_weights", toString(w.expertWeightPrecision.value_or(w.weightPrecision))},
        {"embedding_weights", toString(w.embeddingWeightPrecision.value_or(w.weightPrecision))},
        {"activations", toString(w.activationPrecision)},
        {"kv_cache", toString(w.kvPrecision)},
        {"kv_heads", kvHeads > 0 ? Json(kvHeads) : Json(nullptr)},
        {"gqa_ratio", kvHeads > 0 ? Json(gqaRatio(m, kvHeads)) : Json(nullptr)},
        {"tensor_parallel", w.tensorParallel},
        {"prefill_devices", w.prefillDevices},
        {"flash_attention", w.flashAttention},
        {"expert_parallel", w.expertParallel},
        {"attention_parallel", w.attentionParallel == AttentionParallel::Data ? "dp" : "tp"},
        {"memory_utilization", w.memoryUtilization},
        {"max_batched_tokens", w.maxBatchedTokens},
        {"ceilings", std::string(toString(a.ceilings))},
    };

    // Every device together; per-device figures divide by "devices".
    const MemoryFootprint& mem = a.memoryAllDevices;
    // Disaggregated: the prefill pool's devices are among them.
    Json memory = {
        {"devices", a.devices + (a.disaggregation ? a.disaggregation->prefillDevices : 0)},
        {"weights_bytes", mem.weightBytes},
        {"kv_cache_bytes", mem.kvCacheBytes},
        {"state_bytes", mem.stateBytes},
        {"workspace_bytes", mem.workspaceBytes},
        {"activation_bytes", mem.workspaceBytes},  // the same as workspace_bytes (schema 1)
        {"total_bytes", mem.totalBytes},
        {"capacity_bytes", mem.capacityBytes},
        {"nominal_capacity_bytes", mem.nominalCapacityBytes},
        {"capacity_is_visible", mem.capacityBytes != mem.nominalCapacityBytes},
        {"usable_bytes", mem.usableBytes},
        {"fits", mem.fits},
        {"max_batch", mem.maxBatch},
        // The fewest devices of this kind that hold the scenario, split evenly (DOMAIN §10).
        {"min_devices", mem.minDevices ? Json(*mem.minDevices) : Json(nullptr)},
    };
    memory["allocated"] = allocatedJson(vllmAllocation(scenario, a));

    Json passes = Json::array();
    for (const PassCost& p : a.passes) {
        passes.push_back(phaseJson(p, a));
    }
    Json speculative = nullptr;
    if (a.speculative) {
        const SpeculativeResult& sp = *a.speculative;
        speculative = {
            {"k", sp.k},
            {"acceptance", sp.acceptance},
            {"draft", sp.draft == DraftKind::Model && scenario.draft ? scenario.draft->id
                      : sp.draft == DraftKind::Mtp                   ? std::string("mtp")
                                                                     : std::string("ngram")},
            {"tokens_per_step", sp.tokensPerStep},
            {"step_time_s", sp.stepTimeSeconds},
            {"plain_tpot_s", sp.plainTpotSeconds},
        };
    }
    Json roofs = Json::array();
    for (const Roof& r : a.roofs) {
        roofs.push_back({{"precision", toString(r.precision)},
                         {"flops_per_s", r.peakFlopsPerSecond},
                         {"ridge_point_flops_per_byte", r.ridgePointFlopsPerByte},
                         {"in_use", r.inUse},
                         {"measured", r.measured}});
    }

    Json operators = Json::array();
    for (const OperatorCost& op : a.operators) {
        Json& o = operators.emplace_back(Json{
            {"name", op.name},
            {"pass", toString(op.pass)},
            {"phase", toString(op.pass)},  // the same as "pass" (schema 1)
            {"kind", toString(op.kind)},
            {"count", op.count},
            {"flops", op.flops},
            {"bytes", op.bytes()},
            {"link_bytes", op.linkBytes},
            {"intensity_flops_per_byte", op.intensity()},
            {"compute_time_s", op.computeTimeSeconds},
            {"memory_time_s", op.memoryTimeSeconds},
            {"link_time_s", op.linkTimeSeconds},
            {"time_s", op.timeSeconds},
            {"bound", toString(op.bound)},
        });
        addTraffic(o, op.traffic);
        o["level_bytes"] = levelBytesJson(a, op.levelBytes);
        o["on_chip_time_s"] = op.onChipTimeSeconds;
        o["bound_level"] = toString(op.boundLevel);
        o["score_bytes"] = op.scoreBytes;
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
        {"ceilings", std::string(toString(a.ceilings))},
        // No sourced compute peak (a memory-only preset): no roof, no ridge: null, not 0.
        {"has_compute_roof", a.hasComputeRoof},
        {"peak_flops_per_s", a.hasComputeRoof ? Json(a.peakFlopsPerSecond) : Json(nullptr)},
        {"memory_bandwidth_bytes_per_s", a.memoryBandwidthBytesPerSecond},
        {"ridge_point_flops_per_byte",
         a.hasComputeRoof ? Json(a.ridgePointFlopsPerByte) : Json(nullptr)},
        {"activation_bytes_per_element", a.activationBytesPerElement},
        {"roofs", roofs},
        {"memory_levels", memoryLevelsJson(a, scenario)},
        {"interconnect",
         {{"bandwidth_bytes_per_s", a.interconnectBandwidthBytesPerSecond},
          {"beyond_scale_up_domain", a.beyondScaleUpDomain}}},
        // Encoders and CNNs have one pass (under its kind, "encode" or "forward") and no
        // prefill, decode, TTFT, TPOT or tokens/s: null, never a made-up 0.
        {"prefill", a.hasDecode() ? phaseJson(a.prefill(), a) : Json(nullptr)},
        {"decode", a.hasDecode() ? phaseJson(a.decode(), a) : Json(nullptr)},
        {"passes", passes},
        {"speculative", speculative},
        {"disaggregation", disaggregationJson(a)},
        {"ttft_s", a.hasDecode() ? Json(a.ttftSeconds) : Json(nullptr)},
        {"tpot_s", a.hasDecode() ? Json(a.tpotSeconds) : Json(nullptr)},
        {"decode_tokens_per_s", a.hasDecode() ? Json(a.decodeTokensPerSecond) : Json(nullptr)},
        {"images_per_s", a.hasDecode() ? Json(nullptr) : Json(a.imagesPerSecond)},
        {"critical_batch", optionalJson(a.criticalBatch)},
        {"critical_batch_weight_matmuls", optionalJson(a.matmulCriticalBatch)},
        {"goldilocks_context_tokens", optionalJson(a.goldilocksContextTokens)},
        {"memory", memory},
        {"operators", operators},
        {"warnings", warnings},
        // The analysis in plain sentences (roofline/explain.h), the window's Explain panel.
        {"explanation", explanation(scenario, a)},
    };
    // Cost only with a price (never a default); energy only with the hardware's TDP, an
    // upper bound at full board power. Absent keys, not nulls.
    // Encoders and CNNs make images, not output tokens: the same figures per image.
    const bool images = a.modelKind != ModelKind::Decoder;
    if (a.cost) {
        out["cost"] = {{"price_per_device_hour_usd", a.cost->pricePerDeviceHourUsd}};
        if (images) {
            out["cost"]["usd_per_million_images"] = a.cost->usdPerMillionImages;
        } else {
            out["cost"]["usd_per_million_output_tokens"] = a.cost->usdPerMillionOutputTokens;
        }
    }
    if (a.estimate) {
        out["estimate"] = estimateJson(*a.estimate, scenario);
    }
    if (a.energy) {
        out["energy"] =
            images ? Json{{"joules_per_image_max", a.energy->joulesPerImageMax}}
                   : Json{{"joules_per_output_token_max", a.energy->joulesPerOutputTokenMax}};
    }
    if (!a.hasDecode()) {
        out[std::string(toString(a.primary().kind))] = phaseJson(a.primary(), a);
    }
    return out;
}

}  // namespace

std::string analysisToJson(const Scenario& scenario, const Analysis& analysis) {
    return analysisObject(scenario, analysis).dump(2) + "\n";
}

struct AnalysisJsonArray::Rows {
    Json array = Json::array();
};

AnalysisJsonArray::AnalysisJsonArray() : m_rows(std::make_unique<Rows>()) {}
AnalysisJsonArray::~AnalysisJsonArray() = default;

void AnalysisJsonArray::add(const Scenario& scenario, const Analysis& analysis) {
    m_rows->array.push_back(analysisObject(scenario, analysis));
}

std::string AnalysisJsonArray::text() const { return m_rows->array.dump(2) + "\n"; }

}  // namespace roofline::io
