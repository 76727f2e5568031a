// SPDX-License-Identifier: GPL-3.0-or-later
// The JSON of `roofline-cli levers --format json` (docs/calibration.md "JSON output"). snake_case
// keys, SI.

#include "json_util.h"
#include "roofline/comparison.h"
#include "roofline/io/levers.h"

namespace roofline::io {

using detail::Json;

namespace {

// The figures base and levers share.
void putFigures(Json& j, const Analysis& a) {
    if (!a.hasDecode()) {
        // An encoder or a CNN: its one pass; no TTFT, TPOT, tokens/s, prefill or decode.
        const PassCost& p = a.primary();
        for (const char* key :
             {"ttft_s", "tpot_s", "decode_tokens_per_s", "decode_intensity_flops_per_byte",
              "decode_attainable_flops_per_s", "decode_bound", "prefill_intensity_flops_per_byte",
              "prefill_attainable_flops_per_s", "prefill_bound"}) {
            j[key] = nullptr;
        }
        j["pass"] = toString(p.kind);
        j["pass_time_s"] = p.timeSeconds;
        j["pass_intensity_flops_per_byte"] = p.intensity();
        j["pass_attainable_flops_per_s"] = p.attainableFlopsPerSecond;
        j["pass_bound"] = toString(p.bound);
        j["images_per_s"] = a.imagesPerSecond;
        j["fits"] = a.memoryAllDevices.fits;
        j["memory_total_bytes"] = a.memoryAllDevices.totalBytes;
        j["compute_precision"] = toString(a.computePrecision);
        Json warnings = Json::array();
        for (const Warning& w : a.warnings) {
            warnings.push_back(w.text());
        }
        j["warnings"] = warnings;
        return;
    }
    j["ttft_s"] = a.ttftSeconds;
    j["tpot_s"] = a.tpotSeconds;
    j["decode_tokens_per_s"] = a.decodeTokensPerSecond;
    j["fits"] = a.memoryAllDevices.fits;
    j["memory_total_bytes"] = a.memoryAllDevices.totalBytes;
    const PassCost* verify = a.pass(PassKind::Verify);
    const PassCost& decode = verify != nullptr ? *verify : a.decode();
    j["decode_intensity_flops_per_byte"] = decode.intensity();
    j["decode_attainable_flops_per_s"] = decode.attainableFlopsPerSecond;
    j["decode_bound"] = toString(decode.bound);
    j["prefill_intensity_flops_per_byte"] = a.prefill().intensity();
    j["prefill_attainable_flops_per_s"] = a.prefill().attainableFlopsPerSecond;
    j["prefill_bound"] = toString(a.prefill().bound);
    j["compute_precision"] = toString(a.computePrecision);
    Json warnings = Json::array();
    for (const Warning& w : a.warnings) {
        warnings.push_back(w.text());
    }
    j["warnings"] = warnings;
}

// The new value of one changed key, as a scenario file writes it.
Json changedValue(std::string_view key, const Scenario& s) {
    const Workload& w = s.workload;
    if (key == "hardware") {
        return s.hardware.id;
    }
    if (key == "model") {
        return s.model.id;
    }
    if (key == "batch") {
        return w.batch;
    }
    if (key == "prompt_tokens") {
        return w.promptTokens;
    }
    if (key == "context_tokens") {
        return w.contextTokens;
    }
    if (key == "weights") {
        return toString(w.weightPrecision);
    }
    if (key == "activations") {
        return toString(w.activationPrecision);
    }
    if (key == "kv_cache") {
        return toString(w.kvPrecision);
    }
    if (key == "kv_heads") {
        return w.kvHeadsOverride > 0 ? w.kvHeadsOverride : s.model.numKvHeads;
    }
    if (key == "tensor_parallel") {
        return w.tensorParallel;
    }
    if (key == "flash_attention") {
        return w.flashAttention;
    }
    if (key == "expert_parallel") {
        return w.expertParallel;
    }
    if (key == "speculative") {
        return Json{{"k", w.speculativeTokens},
                    {"acceptance", w.acceptanceRate},
                    {"draft", w.draftKind == DraftKind::Model && s.draft ? s.draft->id
                              : w.draftKind == DraftKind::Mtp            ? std::string(kMtpDraft)
                                                              : std::string(kNgramDraft)}};
    }
    if (key == "memory_utilization") {
        return w.memoryUtilization;
    }
    if (key == "max_batched_tokens") {
        return w.maxBatchedTokens;
    }
    if (key == "ceilings") {
        return std::string(toString(w.ceilings));
    }
    return nullptr;
}

}  // namespace

std::string leversToJson(const Scenario& base, const Analysis& baseAnalysis,
                         const std::vector<LeverOutcome>& levers) {
    Json baseJson = {{"hardware", base.hardware.id}, {"model", base.model.id}};
    putFigures(baseJson, baseAnalysis);

    Json list = Json::array();
    for (const LeverOutcome& lever : levers) {
        Json j = {
            {"id", leverKey(lever.id)},
            {"title", leverTitle(lever.id)},
            {"applicable", lever.applicable},
        };
        if (!lever.applicable) {
            j["reason"] = lever.reason;
            j["explanation"] = nullptr;
            j["changes"] = Json::object();
            for (const char* key :
                 {"ttft_s", "tpot_s", "decode_tokens_per_s", "fits", "speedup_tpot", "speedup_ttft",
                  "throughput_gain", "arrow_labels"}) {
                j[key] = nullptr;
            }
            list.push_back(j);
            continue;
        }
        j["reason"] = nullptr;
        j["explanation"] = lever.explanation;
        Json changes = Json::object();
        for (const LeverChange& c : lever.changes) {
            changes[std::string(c.key)] = changedValue(c.key, lever.changed);
        }
        j["changes"] = changes;
        putFigures(j, lever.analysis);
        const bool images = !lever.analysis.hasDecode();
        j["speedup_tpot"] = images ? Json(nullptr) : Json(lever.speedupTpot);
        j["speedup_ttft"] = images ? Json(nullptr) : Json(lever.speedupTtft);
        j["speedup_pass"] = images ? Json(lever.speedupPass) : Json(nullptr);
        j["throughput_gain"] = lever.throughputGain;  // images/s for encoders and CNNs
        // The plot's arrows' labels (DOMAIN.md §12), as the window writes them: the first
        // pass's and the decode step's (verify under speculative decoding); null where the
        // plot draws no such arrow.
        const auto label = [&](const ArrowEnds& ends) {
            return ends.from != nullptr ? Json(arrowLabel(baseAnalysis, lever.analysis, ends))
                                        : Json(nullptr);
        };
        j["arrow_labels"] = {
            {"first", label(primaryArrow(baseAnalysis, lever.analysis))},
            {"decode", label(decodeArrow(baseAnalysis, lever.analysis))},
        };
        list.push_back(j);
    }
    const Json out = {{"base", baseJson}, {"levers", list}};
    return out.dump(2) + "\n";
}

}  // namespace roofline::io
