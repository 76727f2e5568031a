// SPDX-License-Identifier: GPL-3.0-or-later
// The shipped presets: every file loads with zero issues, the compiled-in copies equal the
// files on disk, spec-sheet numbers arrive in SI units, and the model shapes and parameter
// counts agree with ../shared/reference/models.json.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "roofline/io/presets.h"
#include "roofline/model.h"
#include "roofline/validate.h"

namespace {

namespace fs = std::filesystem;
using roofline::Hardware;
using roofline::LayerGroup;
using roofline::Model;
using roofline::Precision;
using roofline::io::Loaded;

std::string readText(const fs::path& path) {
    std::string text(fs::file_size(path), '\0');
    std::ifstream in(path, std::ios::binary);
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    EXPECT_EQ(static_cast<std::size_t>(in.gcount()), text.size()) << path;
    return text;
}

// Every *.json under presets/, relative to it with '/' separators ("hardware/h100-sxm.json").
std::vector<std::string> presetFilesOnDisk() {
    std::vector<std::string> files;
    const fs::path root(ROOFLINE_PRESET_DIR);
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        if (entry.is_regular_file() && entry.path().extension() == ".json") {
            files.push_back(entry.path().lexically_relative(root).generic_string());
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

std::string describeAll(const std::vector<roofline::Issue>& issues) {
    return roofline::describe(issues);
}

Model loadModel(const std::string& id) {
    const Loaded<Model> m = roofline::io::builtinModel(id);
    EXPECT_TRUE(m.ok()) << describeAll(m.issues);
    return m.ok() ? *m.value : Model{};
}

Hardware loadHardware(const std::string& id) {
    const Loaded<Hardware> h = roofline::io::builtinHardware(id);
    EXPECT_TRUE(h.ok()) << describeAll(h.issues);
    return h.ok() ? *h.value : Hardware{};
}

// Layer groups as a multiset-like map (window, moe) -> count, so group order does not matter.
std::map<std::pair<std::int64_t, bool>, std::int64_t> groupsOf(const Model& m) {
    std::map<std::pair<std::int64_t, bool>, std::int64_t> out;
    for (const LayerGroup& g : m.layerGroups) {
        out[{g.slidingWindow, g.moe}] += g.count;
    }
    return out;
}

bool contains(const std::vector<std::string>& ids, const std::string& id) {
    return std::find(ids.begin(), ids.end(), id) != ids.end();
}

// ---------------------------------------------------------------------------------------
// Files: embedded == disk, zero issues.

TEST(PresetFiles, EveryEmbeddedPresetParsesWithZeroIssues) {
    const auto& presets = roofline::io::embeddedPresets();
    ASSERT_FALSE(presets.empty());
    for (const roofline::io::EmbeddedPreset& p : presets) {
        const std::string path(p.path);
        SCOPED_TRACE(path);
        std::vector<roofline::Issue> issues;
        if (path.starts_with("hardware/")) {
            const Loaded<Hardware> h = roofline::io::parseHardware(p.text, path);
            EXPECT_TRUE(h.ok());
            issues = h.issues;
        } else if (path.starts_with("models/")) {
            const std::string id = fs::path(path).stem().string();
            const Loaded<Model> m = roofline::io::parseModelConfig(p.text, path, id);
            EXPECT_TRUE(m.ok());
            issues = m.issues;
        } else {
            ADD_FAILURE() << "preset outside hardware/ and models/";
        }
        // Zero issues: not even a warning about an unknown key.
        EXPECT_TRUE(issues.empty()) << describeAll(issues);
    }
}

TEST(PresetFiles, EveryFileOnDiskIsEmbeddedByteForByte) {
    const std::vector<std::string> onDisk = presetFilesOnDisk();
    const auto& embedded = roofline::io::embeddedPresets();
    ASSERT_FALSE(onDisk.empty());
    std::vector<std::string> embeddedPaths;
    for (const auto& p : embedded) {
        embeddedPaths.emplace_back(p.path);
    }
    EXPECT_EQ(embeddedPaths, onDisk) << "embeddedPresets() is the sorted list of the files";
    for (const std::string& rel : onDisk) {
        SCOPED_TRACE(rel);
        const auto it = std::find_if(embedded.begin(), embedded.end(),
                                     [&](const auto& p) { return p.path == rel; });
        ASSERT_NE(it, embedded.end()) << "not embedded";
        EXPECT_TRUE(it->text == readText(fs::path(ROOFLINE_PRESET_DIR) / rel))
            << "embedded copy differs from the file (rebuild?)";
    }
}

TEST(PresetFiles, OnlyHardwareAndModelDirectoriesHoldPresets) {
    for (const std::string& rel : presetFilesOnDisk()) {
        EXPECT_TRUE(rel.starts_with("hardware/") || rel.starts_with("models/")) << rel;
        EXPECT_EQ(std::count(rel.begin(), rel.end(), '/'), 1) << rel;
    }
}

TEST(PresetFiles, HardwareIdsEqualFileStems) {
    const std::vector<std::string> ids = roofline::io::hardwareIds();
    ASSERT_FALSE(ids.empty());
    EXPECT_TRUE(std::is_sorted(ids.begin(), ids.end()));
    for (const std::string& id : ids) {
        SCOPED_TRACE(id);
        EXPECT_EQ(loadHardware(id).id, id);
        // The file on disk carries the same id, as presets/README.md requires.
        const Loaded<Hardware> fromDisk = roofline::io::loadHardwareFile(
            (fs::path(ROOFLINE_PRESET_DIR) / "hardware" / (id + ".json")).string());
        ASSERT_TRUE(fromDisk.ok()) << describeAll(fromDisk.issues);
        EXPECT_EQ(fromDisk.value->id, id);
        EXPECT_TRUE(fromDisk.issues.empty()) << describeAll(fromDisk.issues);
    }
}

TEST(PresetFiles, ModelIdsAreFileStemsAndCarryADisplayName) {
    const std::vector<std::string> ids = roofline::io::modelIds();
    ASSERT_FALSE(ids.empty());
    for (const std::string& id : ids) {
        SCOPED_TRACE(id);
        const Model m = loadModel(id);
        EXPECT_EQ(m.id, id);
        EXPECT_FALSE(m.name.empty());
        const Loaded<Model> fromDisk = roofline::io::loadModelFile(
            (fs::path(ROOFLINE_PRESET_DIR) / "models" / (id + ".json")).string());
        ASSERT_TRUE(fromDisk.ok()) << describeAll(fromDisk.issues);
        EXPECT_EQ(*fromDisk.value, m) << "disk and embedded copies build the same Model";
    }
}

TEST(PresetFiles, ModelDisplayNameComesFromTheRooflineSidecar) {
    // /_roofline/name, not the id: "Gemma 2 9B", "DeepSeek-V3".
    EXPECT_EQ(loadModel("gemma-2-9b").name, "Gemma 2 9B");
    EXPECT_EQ(loadModel("deepseek-v3").name, "DeepSeek-V3");
}

TEST(PresetFiles, RequiredHardwareIdsExist) {
    const std::vector<std::string> ids = roofline::io::hardwareIds();
    for (const char* id : {"a100-40gb-sxm", "a100-80gb-sxm", "h100-sxm", "h100-pcie", "h200",
                           "h20", "l40s", "l4", "rtx-4090", "b200", "gb200", "mi300x", "mi325x",
                           "mi355x", "tpu-v5e", "tpu-v5p", "tpu-v6e", "gaudi3"}) {
        EXPECT_TRUE(contains(ids, id)) << id;
    }
}

TEST(PresetFiles, RequiredModelIdsExist) {
    const std::vector<std::string> ids = roofline::io::modelIds();
    for (const char* id :
         {"llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3.1-8b", "llama-3.1-70b",
          "llama-3.1-405b", "mistral-7b", "mixtral-8x7b", "mixtral-8x22b", "qwen2.5-7b",
          "gemma-2-9b", "deepseek-v3", "gpt-oss-120b"}) {
        EXPECT_TRUE(contains(ids, id)) << id;
    }
}

TEST(PresetFiles, UnknownBuiltinIdIsAnErrorListingTheKnownIds) {
    const Loaded<Hardware> h = roofline::io::builtinHardware("h100");  // the id is h100-sxm
    ASSERT_FALSE(h.ok());
    ASSERT_FALSE(h.issues.empty());
    EXPECT_NE(h.issues[0].message().find("h100-sxm"), std::string::npos)
        << h.issues[0].message();
    const Loaded<Model> m = roofline::io::builtinModel("llama-3-8b-instruct");
    ASSERT_FALSE(m.ok());
    ASSERT_FALSE(m.issues.empty());
    EXPECT_NE(m.issues[0].message().find("llama-3.1-8b"), std::string::npos);
}

// ---------------------------------------------------------------------------------------
// Hardware: the edge converts TB/s, GB, TFLOP/s, GB/s to SI.

TEST(PresetHardware, H100SxmArrivesInSiUnits) {
    // presets/hardware/h100-sxm.json: 3.35 TB/s, 80 GB, bf16 989.4, fp8 1978.9 TFLOP/s dense,
    // NVLink 450 GB/s per direction, L2 50 MB, no fp4 key.
    const Hardware h = loadHardware("h100-sxm");
    EXPECT_DOUBLE_EQ(h.memoryBandwidthBytesPerSecond, 3.35e12);
    EXPECT_DOUBLE_EQ(h.memoryCapacityBytes, 80e9);
    EXPECT_DOUBLE_EQ(h.peak(Precision::Bf16), 989.4e12);
    EXPECT_DOUBLE_EQ(h.peak(Precision::Fp16), 989.4e12);
    EXPECT_DOUBLE_EQ(h.peak(Precision::Fp8), 1978.9e12);
    EXPECT_DOUBLE_EQ(h.peak(Precision::Fp32), 66.9e12);
    EXPECT_FALSE(h.hasRoof(Precision::Fp4));
    EXPECT_EQ(h.peak(Precision::Fp4), 0.0);
    EXPECT_FALSE(h.hasRoof(Precision::Int4));
    EXPECT_DOUBLE_EQ(h.interconnectBandwidthBytesPerSecond, 450e9);
    EXPECT_DOUBLE_EQ(h.onChipCacheBytes, 50e6);
    EXPECT_EQ(h.collectiveLatencySeconds, roofline::kDefaultCollectiveLatencySeconds)
        << "default latency when the preset has none";
    EXPECT_EQ(h.name, "NVIDIA H100 SXM5 80GB");
    EXPECT_EQ(h.vendor, "NVIDIA");
}

TEST(PresetHardware, A100HasNoFp8Roof) {
    // Ampere has no FP8 tensor cores: the preset lists fp32 tf32 bf16 fp16 int8 only.
    const Hardware h = loadHardware("a100-80gb-sxm");
    EXPECT_FALSE(h.hasRoof(Precision::Fp8));
    EXPECT_FALSE(h.hasRoof(Precision::Fp4));
    EXPECT_DOUBLE_EQ(h.peak(Precision::Bf16), 312e12);
    EXPECT_DOUBLE_EQ(h.peak(Precision::Int8), 624e12);
    EXPECT_DOUBLE_EQ(h.memoryBandwidthBytesPerSecond, 2.039e12);
    EXPECT_DOUBLE_EQ(h.interconnectBandwidthBytesPerSecond, 300e9);
}

TEST(PresetHardware, BlackwellHasAnFp4Roof) {
    // b200.json: fp4 9000 TFLOP/s dense (half the 18 PFLOP/s sparse headline), 8 TB/s.
    const Hardware h = loadHardware("b200");
    EXPECT_DOUBLE_EQ(h.peak(Precision::Fp4), 9000e12);
    EXPECT_DOUBLE_EQ(h.peak(Precision::Bf16), 2250e12);
    EXPECT_DOUBLE_EQ(h.memoryBandwidthBytesPerSecond, 8e12);
}

TEST(PresetHardware, EveryChipHasABf16OrFp16RoofAndSaneNumbers) {
    for (const std::string& id : roofline::io::hardwareIds()) {
        SCOPED_TRACE(id);
        const Hardware h = loadHardware(id);
        EXPECT_TRUE(h.hasRoof(Precision::Bf16) || h.hasRoof(Precision::Fp16));
        // Between an L4 (0.3 TB/s, 24 GB) and anything plausible in the next years.
        EXPECT_GE(h.memoryBandwidthBytesPerSecond, 0.1e12);
        EXPECT_LE(h.memoryBandwidthBytesPerSecond, 50e12);
        EXPECT_GE(h.memoryCapacityBytes, 8e9);
        EXPECT_LE(h.memoryCapacityBytes, 1000e9);
        // Dense peaks: no shipped chip reaches 30 PFLOP/s dense at any precision; a value
        // in FLOP/s instead of TFLOP/s (x1e12 twice) would.
        for (Precision p : roofline::kAllPrecisions) {
            EXPECT_LE(h.peak(p), 30e15) << roofline::toString(p);
        }
        // Narrower formats are never slower than bf16 on the same chip.
        if (h.hasRoof(Precision::Fp8) && h.hasRoof(Precision::Bf16)) {
            EXPECT_GE(h.peak(Precision::Fp8), h.peak(Precision::Bf16));
        }
        if (h.hasRoof(Precision::Fp4) && h.hasRoof(Precision::Fp8)) {
            EXPECT_GE(h.peak(Precision::Fp4), h.peak(Precision::Fp8));
        }
        EXPECT_TRUE(roofline::validate(h).empty());
    }
}

// ---------------------------------------------------------------------------------------
// Models: parameter counts against ../shared/reference/models.json.

struct ReferenceCount {
    const char* id;
    double total;            // computed_params.total
    double activePerToken;   // computed_params.active_per_token
    double kvBytesPerToken;  // kv_cache_bytes_per_token_bf16
};

// Copied from ../shared/reference/models.json (computed_params, kv_cache_bytes_per_token_bf16),
// one row per shipped model preset.
constexpr ReferenceCount kReference[] = {
    {"llama-2-7b", 6738415616.0, 6738415616.0, 524288.0},
    {"llama-2-13b", 13015864320.0, 13015864320.0, 819200.0},
    {"llama-2-70b", 68976648192.0, 68976648192.0, 327680.0},
    {"llama-3-8b", 8030261248.0, 8030261248.0, 131072.0},
    {"llama-3.1-8b", 8030261248.0, 8030261248.0, 131072.0},
    {"llama-3-70b", 70553706496.0, 70553706496.0, 327680.0},
    {"llama-3.1-70b", 70553706496.0, 70553706496.0, 327680.0},
    {"llama-3.1-405b", 405853388800.0, 405853388800.0, 516096.0},
    {"mistral-7b", 7241732096.0, 7241732096.0, 131072.0},
    {"mixtral-8x7b", 46702792704.0, 12879925248.0, 131072.0},
    {"mixtral-8x22b", 140620634112.0, 39152031744.0, 229376.0},
    {"qwen2.5-7b", 7615616512.0, 7615616512.0, 57344.0},
    {"gemma-2-9b", 9241705984.0, 9241705984.0, 344064.0},
    {"gpt-oss-120b", 116829156672.0, 5711982912.0, 73728.0},
    {"deepseek-v3", 671026419200.0, 37552297472.0, 70272.0},
};

double relativeError(double actual, double expected) {
    return std::abs(actual - expected) / expected;
}

TEST(PresetModels, ReferenceTableCoversEveryShippedModel) {
    std::set<std::string> table;
    for (const ReferenceCount& r : kReference) {
        table.insert(r.id);
    }
    const std::vector<std::string> ids = roofline::io::modelIds();
    EXPECT_EQ(table, std::set<std::string>(ids.begin(), ids.end()))
        << "add the reference numbers of a new preset to kReference";
}

TEST(PresetModels, ParameterCountsMatchReferenceWithinHalfAPercent) {
    for (const ReferenceCount& r : kReference) {
        SCOPED_TRACE(r.id);
        const roofline::ParameterCount c = roofline::countParameters(loadModel(r.id));
        EXPECT_LE(relativeError(c.total, r.total), 0.005)
            << "total " << c.total << " vs reference " << r.total;
        EXPECT_LE(relativeError(c.activePerToken, r.activePerToken), 0.005)
            << "active " << c.activePerToken << " vs reference " << r.activePerToken;
        EXPECT_LE(c.activePerToken, c.total);
    }
}

TEST(PresetModels, DenseLlamaCountsAreExact) {
    // Llama-3.1-8B by hand: per layer q 4096·4096 + k,v 2·4096·1024 + o 4096·4096
    // = 41,943,040; MLP 3·4096·14336 = 176,160,768; 2 norms 8,192 -> 218,112,000 × 32
    // = 6,979,584,000. Embeddings 2·128256·4096 = 1,050,673,152, final norm 4,096.
    // Total 8,030,261,248 (reference computed_params.total; "8.03B").
    const roofline::ParameterCount c = roofline::countParameters(loadModel("llama-3.1-8b"));
    EXPECT_EQ(c.total, 8030261248.0);
    EXPECT_EQ(c.activePerToken, 8030261248.0);
}

TEST(PresetModels, ParameterCountsMatchOfficialTotals) {
    struct Official {
        const char* id;
        double total;
        double active;  // 0 = no official number
    };
    // official_params in ../shared/reference/models.json.
    const Official official[] = {
        {"mixtral-8x7b", 46.7e9, 12.9e9},    // "46.7B total / 12.9B active (Mistral)"
        {"mixtral-8x22b", 141e9, 39e9},      // "141B total / 39B active"
        {"gpt-oss-120b", 116.8e9, 0.0},      // "117B total (116.8B)"; active excludes embed
        {"deepseek-v3", 671e9, 0.0},         // "671B total" (MTP module excluded)
        {"llama-3.1-8b", 8.03e9, 8.03e9},    // "~8.03B"
        {"qwen2.5-7b", 7.61e9, 7.61e9},      // "7.61B (Qwen2.5 model card)"
    };
    for (const Official& o : official) {
        SCOPED_TRACE(o.id);
        const roofline::ParameterCount c = roofline::countParameters(loadModel(o.id));
        EXPECT_LE(relativeError(c.total, o.total), 0.005) << c.total;
        if (o.active > 0.0) {
            EXPECT_LE(relativeError(c.activePerToken, o.active), 0.005) << c.activePerToken;
        }
    }
}

TEST(PresetModels, GptOssActiveCountMinusInputEmbeddingIsOfficialFivePointOne) {
    // models.json notes: active incl. both embedding tables 5.712B; minus the input embedding
    // (201088·2880 = 579,133,440) gives 5.13B, OpenAI's "5.1B active".
    const roofline::ParameterCount c = roofline::countParameters(loadModel("gpt-oss-120b"));
    EXPECT_LE(relativeError(c.activePerToken - 201088.0 * 2880.0, 5.13e9), 0.005);
}

TEST(PresetModels, KvCacheBytesPerTokenMatchReferenceExactly) {
    // 2 (K,V) · layers · n_kv · d · 2 bytes (bf16), or layers · (kv_lora_rank + rope) · 2 for
    // MLA: Llama-3.1-8B 2·32·8·128·2 = 131,072; Llama-2-70B 2·80·8·128·2 = 327,680;
    // DeepSeek-V3 61·576·2 = 70,272.
    for (const ReferenceCount& r : kReference) {
        SCOPED_TRACE(r.id);
        EXPECT_EQ(roofline::kvCacheElementsPerToken(loadModel(r.id)) * 2.0, r.kvBytesPerToken);
    }
}

TEST(PresetModels, EveryModelValidatesAndLayerGroupsSumToLayers) {
    for (const std::string& id : roofline::io::modelIds()) {
        SCOPED_TRACE(id);
        const Model m = loadModel(id);
        EXPECT_TRUE(roofline::validate(m).empty()) << describeAll(roofline::validate(m));
        std::int64_t layers = 0;
        for (const LayerGroup& g : m.layerGroups) {
            layers += g.count;
        }
        EXPECT_EQ(layers, m.numLayers);
    }
}

// ---------------------------------------------------------------------------------------
// Shapes.

TEST(PresetModels, Gemma2HeadDimIsNotHiddenOverHeads) {
    const Model m = loadModel("gemma-2-9b");
    EXPECT_EQ(m.architecture, "gemma2");
    EXPECT_EQ(m.hiddenSize, 3584);
    EXPECT_EQ(m.numQueryHeads, 16);
    EXPECT_EQ(m.numKvHeads, 8);
    EXPECT_EQ(m.headDim, 256);  // config head_dim, not 3584 / 16 = 224
    EXPECT_NE(m.headDim, m.hiddenSize / m.numQueryHeads);
    EXPECT_TRUE(m.tieWordEmbeddings);
    EXPECT_EQ(m.normsPerLayer, 4);  // input, post-attention, pre- and post-feedforward
    EXPECT_FALSE(m.qkvBias);
    EXPECT_FALSE(m.moe.enabled());
    // 42 layers alternate: even layers slide over 4096 tokens, odd layers are global.
    const auto groups = groupsOf(m);
    EXPECT_EQ(groups.size(), 2u);
    EXPECT_EQ((groups.count({4096, false}) ? groups.at({4096, false}) : 0), 21);
    EXPECT_EQ((groups.count({0, false}) ? groups.at({0, false}) : 0), 21);
}

TEST(PresetModels, GptOssAlternatesSlidingAndFullWithBiasedMoe) {
    const Model m = loadModel("gpt-oss-120b");
    EXPECT_EQ(m.architecture, "gpt_oss");
    EXPECT_EQ(m.numLayers, 36);
    EXPECT_EQ(m.headDim, 64);
    EXPECT_EQ(m.numQueryHeads, 64);
    EXPECT_EQ(m.numKvHeads, 8);
    // Every layer is MoE; layer_types alternates sliding (window 128) and full.
    const auto groups = groupsOf(m);
    EXPECT_EQ(groups.size(), 2u);
    EXPECT_EQ((groups.count({128, true}) ? groups.at({128, true}) : 0), 18);
    EXPECT_EQ((groups.count({0, true}) ? groups.at({0, true}) : 0), 18);
    EXPECT_EQ(m.moe.numExperts, 128);
    EXPECT_EQ(m.moe.expertsPerToken, 4);
    EXPECT_EQ(m.moe.expertIntermediateSize, 2880);
    EXPECT_EQ(m.moe.sharedIntermediateSize, 0);
    EXPECT_TRUE(m.qkvBias);
    EXPECT_TRUE(m.oBias);
    EXPECT_TRUE(m.moe.routerBias);
    EXPECT_TRUE(m.moe.expertBias);
    EXPECT_TRUE(m.attentionSinks);
    EXPECT_FALSE(m.tieWordEmbeddings);
}

TEST(PresetModels, DeepSeekV3HasMlaAndDenseFirstLayers) {
    const Model m = loadModel("deepseek-v3");
    EXPECT_EQ(m.architecture, "deepseek_v3");
    ASSERT_TRUE(m.mla.enabled());
    EXPECT_EQ(m.mla.qLoraRank, 1536);
    EXPECT_EQ(m.mla.kvLoraRank, 512);
    EXPECT_EQ(m.mla.qkRopeHeadDim, 64);
    EXPECT_EQ(m.mla.qkNopeHeadDim, 128);
    EXPECT_EQ(m.mla.vHeadDim, 128);
    EXPECT_EQ(m.numQueryHeads, 128);
    // first_k_dense_replace 3: layers 0-2 dense (intermediate 18432), 58 MoE layers.
    const auto groups = groupsOf(m);
    EXPECT_EQ(groups.size(), 2u);
    EXPECT_EQ((groups.count({0, false}) ? groups.at({0, false}) : 0), 3);
    EXPECT_EQ((groups.count({0, true}) ? groups.at({0, true}) : 0), 58);
    EXPECT_EQ(m.intermediateSize, 18432);
    EXPECT_EQ(m.moe.numExperts, 256);
    EXPECT_EQ(m.moe.expertsPerToken, 8);
    EXPECT_EQ(m.moe.expertIntermediateSize, 2048);
    EXPECT_EQ(m.moe.sharedIntermediateSize, 2048);  // 1 shared expert × 2048
    EXPECT_TRUE(m.moe.routerBias);                  // noaux_tc correction bias
    EXPECT_FALSE(m.moe.expertBias);
    EXPECT_FALSE(m.qkvBias);
    // 61 · (512 + 64) = 35,136 cached elements per token, whatever num_key_value_heads says.
    EXPECT_EQ(roofline::kvCacheElementsPerToken(m), 35136.0);
}

TEST(PresetModels, Mistral7bSlidesEveryLayer) {
    const Model m = loadModel("mistral-7b");
    const auto groups = groupsOf(m);
    ASSERT_EQ(groups.size(), 1u);
    EXPECT_EQ(groups.begin()->first, (std::pair<std::int64_t, bool>{4096, false}));
    EXPECT_EQ(groups.begin()->second, 32);
}

TEST(PresetModels, MixtralNullSlidingWindowMeansFullAttention) {
    // mixtral-8x7b.json has "sliding_window": null.
    const Model m = loadModel("mixtral-8x7b");
    const auto groups = groupsOf(m);
    ASSERT_EQ(groups.size(), 1u);
    EXPECT_EQ(groups.begin()->first, (std::pair<std::int64_t, bool>{0, true}));
    EXPECT_EQ(m.moe.numExperts, 8);
    EXPECT_EQ(m.moe.expertsPerToken, 2);
    EXPECT_EQ(m.moe.expertIntermediateSize, 14336);
}

TEST(PresetModels, Qwen25BiasesQkvButNotO) {
    const Model m = loadModel("qwen2.5-7b");
    EXPECT_TRUE(m.qkvBias);
    EXPECT_FALSE(m.oBias);
    EXPECT_FALSE(m.qkNorm);
    EXPECT_FALSE(m.tieWordEmbeddings);
    EXPECT_EQ(m.numKvHeads, 4);
}

TEST(PresetModels, LlamaHasNoBiasesAndUntiedEmbeddings) {
    const Model m = loadModel("llama-2-70b");
    EXPECT_FALSE(m.qkvBias);
    EXPECT_FALSE(m.oBias);
    EXPECT_FALSE(m.mlpBias);
    EXPECT_FALSE(m.tieWordEmbeddings);
    EXPECT_TRUE(m.gatedMlp);
    EXPECT_EQ(m.normsPerLayer, 2);
    EXPECT_EQ(m.numKvHeads, 8);
    EXPECT_EQ(m.maxPositionEmbeddings, 4096);
    EXPECT_EQ(m.name, "Llama 2 70B");
}

}  // namespace
