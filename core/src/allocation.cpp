// SPDX-License-Identifier: GPL-3.0-or-later
// vLLM V1's paged KV allocator, as docs/model.md "Memory as vLLM allocates it" states it with
// the vLLM files each rule comes from: every layer that keeps a cache gets a spec (full,
// sliding-window, chunked-local attention, or a recurrent state); specs share one page size;
// layers are grouped so that each block id is one page in each of `groupLayers` tensors;
// the budget is what is left of ⌈capacity × utilisation⌉ after the weights and the profile
// run's activations; and the concurrency is blocks over one request's blocks.

#include "roofline/allocation.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "layers/layer_kind.h"
#include "passes.h"

namespace roofline {

namespace {

enum class SpecKind : unsigned char { Full, Sliding, Chunked, State };

// One kind of cache spec and how many layers have it. `bytes` is per token for attention
// (a page is blockTokens of them) and per sequence for a state (its page).
struct Spec {
    SpecKind kind = SpecKind::Full;
    double bytes = 0.0;
    std::int64_t window = 0;
    std::int64_t layers = 0;
    std::int64_t blockTokens = kVllmBlockTokens;
};

double d(std::int64_t v) { return static_cast<double>(v); }

// ⌈a / b⌉ of whole numbers held in doubles.
double wholeCeil(double a, double b) { return std::ceil(a / b); }

void addSpec(std::vector<Spec>& specs, const Spec& s) {
    for (Spec& e : specs) {
        if (e.kind == s.kind && e.bytes == s.bytes && e.window == s.window) {
            e.layers += s.layers;
            return;
        }
    }
    specs.push_back(s);
}

// Every layer's spec, or why the layout is not modelled.
std::string collectSpecs(const Model& m, const detail::Context& x, std::vector<Spec>& specs) {
    for (const LayerGroup& g : m.layerGroups) {
        if (g.mixer == MixerKind::Mla || g.mixer == MixerKind::SparseMla) {
            // FlashMLA runs 64-token blocks and CUTLASS MLA 128 (vLLM picks by chip), and
            // DeepSeek Sparse Attention adds an indexer cache of its own.
            return "MLA: vLLM's block size follows its MLA kernel, which is not modelled here";
        }
        const detail::MixerKindInfo& mixer = detail::mixerKind(g.mixer);
        const detail::CacheStreams cache = mixer.cache(m, g, x.attentionSplit, x.c);
        for (std::size_t i = 0; i < cache.size; ++i) {
            const detail::CacheStream& s = cache.streams[i];
            if (!(s.keepCap > 0.0) || !(s.bytesPerToken > 0.0)) {
                continue;  // a KV-shared layer reads another layer's cache and keeps none
            }
            const SpecKind kind = g.mixer != MixerKind::Attention    ? SpecKind::Full
                                  : g.span == AttentionSpan::Sliding ? SpecKind::Sliding
                                  : g.span == AttentionSpan::Chunked ? SpecKind::Chunked
                                                                     : SpecKind::Full;
            addSpec(specs, {kind, s.bytesPerToken, kind == SpecKind::Full ? 0 : g.window, g.count});
        }
        const double state = mixer.stateBytes(m, g, x.attentionSplit);
        if (state > 0.0) {
            addSpec(specs, {SpecKind::State, state, 0, g.count});
        }
    }
    return specs.empty() ? "no layer keeps a cache" : "";
}

// One page size for every spec (vllm/v1/core/kv_cache_utils.py unify_kv_cache_spec_page_size,
// and for hybrids vllm/model_executor/models/config.py HybridAttentionMambaModelConfig):
// with a recurrent state, the attention block grows to 16·⌈state / (16·bytes per token)⌉
// tokens and the state's page is padded to the attention page; without, a smaller page
// must divide the largest, and its block grows by the ratio.
std::string unifyPages(std::vector<Spec>& specs, AllocatedMemory& r) {
    double attentionBytes = 0.0, stateBytes = 0.0;
    for (const Spec& s : specs) {
        double& slot = s.kind == SpecKind::State ? stateBytes : attentionBytes;
        if (slot != 0.0 && slot != s.bytes) {
            return s.kind == SpecKind::State
                       ? "recurrent states of two sizes: vLLM sizes one state page per model"
                       : "attention layers of two shapes beside a recurrent state: vLLM sizes "
                         "the hybrid page from one attention shape";
        }
        slot = s.bytes;
    }
    const double block = d(kVllmBlockTokens);
    const bool oneKind = std::all_of(specs.begin(), specs.end(),
                                     [&](const Spec& s) { return s.kind == specs.front().kind; });
    if (specs.size() > 1 && oneKind && stateBytes == 0.0) {
        return "attention layers of one kind in several shapes: vLLM's per-layer pages "
               "(UniformTypeKVCacheSpecs) are not modelled here";
    }
    if (stateBytes > 0.0) {
        const double tokens =
            attentionBytes > 0.0
                ? std::max(block, block * wholeCeil(stateBytes, block * attentionBytes))
                : 0.0;
        r.blockTokens = static_cast<std::int64_t>(tokens);
        r.pageBytes = attentionBytes > 0.0 ? tokens * attentionBytes : stateBytes;
        for (Spec& s : specs) {
            s.blockTokens = s.kind == SpecKind::State ? 0 : r.blockTokens;
        }
        return {};
    }
    double largest = 0.0;
    for (const Spec& s : specs) {
        largest = std::max(largest, block * s.bytes);
    }
    for (Spec& s : specs) {
        const double ratio = largest / (block * s.bytes);
        if (ratio != std::floor(ratio)) {
            return "pages of " + std::to_string(static_cast<std::int64_t>(block * s.bytes)) +
                   " and " + std::to_string(static_cast<std::int64_t>(largest)) +
                   " bytes: vLLM refuses page sizes that do not divide";
        }
        s.blockTokens = kVllmBlockTokens * static_cast<std::int64_t>(ratio);
    }
    r.pageBytes = largest;
    r.blockTokens = std::min_element(specs.begin(), specs.end(), [](const Spec& a, const Spec& b) {
                        return a.blockTokens < b.blockTokens;
                    })->blockTokens;
    return {};
}

// One request's blocks in one group of a spec (vllm/v1/kv_cache_interface.py,
// max_memory_usage_bytes / page): N tokens of a full layer; the window plus one prefill
// chunk, and one more block for a window that starts mid-block; a chunk plus a prefill
// chunk; a state's one page (no prefix caching: vLLM's default for hybrid models).
double requestBlocks(const Spec& s, double N, double batchedTokens) {
    const double bs = d(s.blockTokens);
    switch (s.kind) {
        case SpecKind::Full:
            return wholeCeil(N, bs);
        case SpecKind::Sliding:
            return wholeCeil(std::min(d(s.window) - 1.0 + batchedTokens, N), bs) + 1.0;
        case SpecKind::Chunked:
            return wholeCeil(std::min(d(s.window) + batchedTokens, N), bs);
        case SpecKind::State:
            return 1.0;
    }
    return 0.0;
}

}  // namespace

AllocatedMemory vllmAllocation(const Scenario& scenario, const Analysis& analysis) {
    AllocatedMemory r;
    r.engineVersion = scenario.engineVersion;
    const Workload& wl = scenario.workload;
    const double N =
        std::max(d(wl.promptTokens), d(wl.contextTokens) + 1.0);  // as the ideal figures
    r.tokensPerRequest = N;
    r.idealMaxBatch = analysis.memory.maxBatch;
    if (scenario.model.kind != ModelKind::Decoder) {
        r.unavailable = "an encoder keeps no KV cache";
        return r;
    }
    const Model m = effectiveModel(scenario.model, wl);
    const detail::Context x = detail::makeContext(m, wl, analysis, 0.0, 0.0);
    std::vector<Spec> specs;
    r.unavailable = collectSpecs(m, x, specs);
    if (r.unavailable.empty()) {
        r.unavailable = unifyPages(specs, r);
    }
    if (!r.unavailable.empty()) {
        return r;
    }

    // Groups (kv_cache_utils.py _get_kv_cache_groups_uniform_page_size): one for a model
    // whose layers all have one spec; else groups of the fewest layers of a spec (the most,
    // when they are within 1.5× of each other), each spec taking ⌈its layers / size⌉.
    std::int64_t fewest = specs.front().layers, most = fewest;
    for (const Spec& s : specs) {
        fewest = std::min(fewest, s.layers);
        most = std::max(most, s.layers);
    }
    r.groupLayers = specs.size() == 1 || d(most) < 1.5 * d(fewest) ? most : fewest;
    double perRequest = 0.0;
    double smallestBlock = N;  // a state group's block is the whole request
    for (const Spec& s : specs) {
        const std::int64_t groups = (s.layers + r.groupLayers - 1) / r.groupLayers;
        r.groups += groups;
        r.paddingLayers += groups * r.groupLayers - s.layers;
        perRequest += d(groups) * requestBlocks(s, N, d(wl.maxBatchedTokens));
        if (s.kind != SpecKind::State) {
            smallestBlock = std::min(smallestBlock, d(s.blockTokens));
        }
    }
    r.blocksPerSequence = static_cast<std::int64_t>(perRequest);

    // The budget (vllm/v1/worker/gpu_worker.py determine_available_memory): the requested
    // share of the device less the weights and the profile run's peak activations.
    const MemoryFootprint& mem = analysis.memory;
    r.requestedBytes = std::ceil(mem.capacityBytes * wl.memoryUtilization);
    r.weightBytes = mem.weightBytes;
    r.activationBytes = mem.workspaceBytes;
    r.kvBudgetBytes = std::max(0.0, r.requestedBytes - r.weightBytes - r.activationBytes);
    const double blocks = std::floor(std::floor(r.kvBudgetBytes / r.pageBytes) / d(r.groupLayers));
    r.blocks = static_cast<std::int64_t>(blocks);
    r.bytesPerSequence = perRequest * r.pageBytes * d(r.groupLayers);
    r.kvTokens = std::floor(blocks / d(r.groups)) * smallestBlock;
    // With data-parallel attention each device's replica serves its own sequences.
    r.maxConcurrency = perRequest > 0.0 ? blocks / perRequest / x.sequenceShare : 0.0;
    return r;
}

}  // namespace roofline
