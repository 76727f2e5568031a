// SPDX-License-Identifier: GPL-3.0-or-later
// The shipped presets: every file loads with zero issues, the compiled-in copies equal the
// files on disk, spec-sheet numbers arrive in SI units, and the model shapes and parameter
// counts agree with ../shared/reference/models.json.

#include "roofline/io/presets.h"

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

#include <gtest/gtest.h>

#include "roofline/io/calibration.h"
#include "roofline/io/course.h"
#include "roofline/io/scenario_file.h"
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

// Layer groups as a multiset-like map (sliding window or 0, moe) -> count, so group order does
// not matter (the attention-only presets; tests/presets/model_families_test.cpp reads the
// new layer kinds).
std::map<std::pair<std::int64_t, bool>, std::int64_t> groupsOf(const Model& m) {
    std::map<std::pair<std::int64_t, bool>, std::int64_t> out;
    for (const LayerGroup& g : m.layerGroups) {
        const std::int64_t window = g.span == roofline::AttentionSpan::Sliding ? g.window : 0;
        out[{window, g.mlp == roofline::MlpKind::Moe}] += g.count;
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
        } else if (path.starts_with("scenarios/")) {
            // Lessons: their expectations are checked in lessons_test.cpp.
            const Loaded<roofline::io::ScenarioFile> s =
                roofline::io::parseScenarioFile(p.text, path);
            EXPECT_TRUE(s.ok());
            issues = s.issues;
        } else if (path.starts_with("calibration/")) {
            // Their values and fallbacks: calibration_file_test.cpp.
            const std::string id = fs::path(path).stem().string();
            const Loaded<roofline::CalibrationProfile> c =
                roofline::io::parseCalibrationProfile(p.text, path, id);
            EXPECT_TRUE(c.ok());
            issues = c.issues;
        } else if (path.starts_with("courses/")) {
            // Their steps against the engine: course_test.cpp.
            const Loaded<roofline::io::Course> c = roofline::io::parseCourse(p.text, path);
            EXPECT_TRUE(c.ok());
            issues = c.issues;
        } else {
            ADD_FAILURE()
                << "preset outside hardware/, models/, scenarios/, calibration/ and courses/";
        }
        // Zero issues: not even a warning about an unknown key. Notices say facts (how a
        // checkpoint is stored, kimi_k2 read as deepseek_v3), not problems.
        std::erase_if(issues, [](const roofline::Issue& i) {
            return i.severity == roofline::Severity::Notice;
        });
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
        EXPECT_TRUE(rel.starts_with("hardware/") || rel.starts_with("models/") ||
                    rel.starts_with("scenarios/") || rel.starts_with("calibration/") ||
                    rel.starts_with("courses/"))
            << rel;
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
    for (const char* id :
         {"a100-40gb-sxm", "a100-80gb-sxm", "h100-sxm", "h100-pcie", "h200", "h20", "l40s", "l4",
          "rtx-4090", "b200", "gb200", "mi300x", "mi325x", "mi355x", "tpu-v5e", "tpu-v5p",
          "tpu-v6e", "gaudi3",
          // issue 18: hardware-2026.json
          "gb300", "rtx-5090", "rtx-pro-6000-blackwell", "dgx-spark-gb10", "jetson-agx-thor",
          "h100-nvl", "mi350x", "tpu7x-ironwood", "trainium2", "trainium3", "apple-m3-ultra",
          "apple-m4-max", "ryzen-ai-max-395", "groq-lpu-v1", "cerebras-wse3"}) {
        EXPECT_TRUE(contains(ids, id)) << id;
    }
    // 22 shipped before issue 18 (a100 x4, h100-sxm, h100-pcie, h200, h20, l40s, l4, rtx-4090,
    // b200, gb200, b300, mi300x, mi325x, mi355x, tpu-v4, v5e, v5p, v6e, gaudi3) + the 15 above.
    EXPECT_EQ(ids.size(), 37u);
}

TEST(PresetFiles, RequiredModelIdsExist) {
    const std::vector<std::string> ids = roofline::io::modelIds();
    for (const char* id :
         {"llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3.1-8b", "llama-3.1-70b",
          "llama-3.1-405b", "mistral-7b", "mixtral-8x7b", "mixtral-8x22b", "qwen2.5-7b",
          "gemma-2-9b", "deepseek-v3", "gpt-oss-120b", "llama-3.2-1b", "llama-3.2-3b"}) {
        EXPECT_TRUE(contains(ids, id)) << id;
    }
}

TEST(PresetFiles, UnknownBuiltinIdIsAnErrorListingTheKnownIds) {
    const Loaded<Hardware> h = roofline::io::builtinHardware("h100");  // the id is h100-sxm
    ASSERT_FALSE(h.ok());
    ASSERT_FALSE(h.issues.empty());
    EXPECT_NE(h.issues[0].message().find("h100-sxm"), std::string::npos) << h.issues[0].message();
    const Loaded<Model> m = roofline::io::builtinModel("llama-3-8b-instruct");
    ASSERT_FALSE(m.ok());
    ASSERT_FALSE(m.issues.empty());
    EXPECT_NE(m.issues[0].message().find("llama-3.1-8b"), std::string::npos);
}

// ---------------------------------------------------------------------------------------
// Hardware: the edge converts TB/s, GB, TFLOP/s, GB/s to SI.

TEST(PresetHardware, H100SxmArrivesInSiUnits) {
    // presets/hardware/h100-sxm.json: 3.35 TB/s, 80 GiB, bf16 989.4, fp8 1978.9 TFLOP/s dense,
    // NVLink 450 GB/s per direction, L2 50 MB, no fp4 key.
    const Hardware h = loadHardware("h100-sxm");
    EXPECT_DOUBLE_EQ(h.memoryBandwidthBytesPerSecond, 3.35e12);
    // Binary capacity (DOMAIN.md §5): 80 × 2^30 = 80 × 1,073,741,824 = 85,899,345,920 bytes.
    EXPECT_EQ(h.memoryCapacityBytes, 85'899'345'920.0);
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

TEST(PresetHardware, H100SxmCarriesSchemaTwoFields) {
    // h100-sxm.json (schema 2): HBM3, 700 W; one 8-GPU NVSwitch board (DGX H100);
    // scale-out 400 Gb/s ConnectX-7 per GPU = 400 / 8 = 50 GB/s per direction; no
    // collective_latency_us or scale_out latency, so hardware.h's defaults (5 µs, 15 µs).
    // Achievable: MAMF bf16 794.5 and fp8 1402.6 TFLOP/s (mleng_acc), no measured HBM rate.
    const Hardware h = loadHardware("h100-sxm");
    EXPECT_EQ(h.memoryType, "HBM3");
    EXPECT_EQ(h.tdpWatts, 700.0);
    EXPECT_EQ(h.scaleUpDomainDevices, 8);
    EXPECT_DOUBLE_EQ(h.scaleOutBandwidthBytesPerSecond, 50e9);
    EXPECT_EQ(h.scaleOutLatencySeconds, roofline::kDefaultScaleOutLatencySeconds);
    EXPECT_DOUBLE_EQ(h.achievableFlopsPerSecond[roofline::index(Precision::Bf16)], 794.5e12);
    EXPECT_DOUBLE_EQ(h.achievableFlopsPerSecond[roofline::index(Precision::Fp8)], 1402.6e12);
    EXPECT_EQ(h.achievableFlopsPerSecond[roofline::index(Precision::Fp16)], 0.0)
        << "only measured precisions; fp16 was not measured";
    EXPECT_EQ(h.achievableMemoryBandwidthBytesPerSecond, 0.0);
    // 794.5 / 989.4 = 80.3% of peak: inside DOMAIN.md §6's 50–80% band, at its top.
    EXPECT_NEAR(
        h.achievableFlopsPerSecond[roofline::index(Precision::Bf16)] / h.peak(Precision::Bf16),
        0.803, 0.001);
}

TEST(PresetHardware, BinaryCapacitiesOfTheShippedPresets) {
    // Vendor "GB" of HBM/GDDR read as GiB (DOMAIN.md §5), one convention for every preset:
    //   H200 "141 GB" -> 141 × 2^30 = 151,397,597,184 bytes;
    //   MI300X 192 GiB (ROCm docs) -> 192 × 2^30 = 206,158,430,208 bytes;
    //   TPU v5p 95 GiB (Google) -> 95 × 2^30 = 102,005,473,280 bytes;
    //   L4 "24 GB" GDDR6 -> 24 × 2^30 = 25,769,803,776 bytes.
    EXPECT_EQ(loadHardware("h200").memoryCapacityBytes, 151'397'597'184.0);
    EXPECT_EQ(loadHardware("mi300x").memoryCapacityBytes, 206'158'430'208.0);
    EXPECT_EQ(loadHardware("tpu-v5p").memoryCapacityBytes, 102'005'473'280.0);
    EXPECT_EQ(loadHardware("l4").memoryCapacityBytes, 25'769'803'776.0);
}

TEST(PresetHardware, ScaleUpDomainsAndScaleOutLinks) {
    // GB200 NVL72: 72 GPUs in one NVLink domain; no cited scale-out speed -> 0 (the engine
    // then uses kDefaultScaleOutBandwidthBytesPerSecond).
    const Hardware gb = loadHardware("gb200");
    EXPECT_EQ(gb.scaleUpDomainDevices, 72);
    EXPECT_EQ(gb.scaleOutBandwidthBytesPerSecond, 0.0);
    // DGX A100: 8 GPUs, 200 Gb/s HDR per GPU = 25 GB/s.
    const Hardware a100 = loadHardware("a100-80gb-sxm");
    EXPECT_EQ(a100.scaleUpDomainDevices, 8);
    EXPECT_DOUBLE_EQ(a100.scaleOutBandwidthBytesPerSecond, 25e9);
    // DGX B300: ConnectX-8 800 Gb/s per GPU = 100 GB/s.
    EXPECT_DOUBLE_EQ(loadHardware("b300").scaleOutBandwidthBytesPerSecond, 100e9);
    // TPU v5e: a 256-chip Pod on ICI; DCN 2 × 100 Gb/s per 8-chip host = 25 Gb/s = 3.125 GB/s.
    const Hardware v5e = loadHardware("tpu-v5e");
    EXPECT_EQ(v5e.scaleUpDomainDevices, 256);
    EXPECT_DOUBLE_EQ(v5e.scaleOutBandwidthBytesPerSecond, 3.125e9);
    // TPU v5p: the largest single slice, 6144 chips; DCN 50 Gb/s per chip = 6.25 GB/s.
    EXPECT_EQ(loadHardware("tpu-v5p").scaleUpDomainDevices, 6144);
    EXPECT_DOUBLE_EQ(loadHardware("tpu-v5p").scaleOutBandwidthBytesPerSecond, 6.25e9);
    EXPECT_EQ(loadHardware("tpu-v4").scaleUpDomainDevices, 4096);
    EXPECT_EQ(loadHardware("mi300x").scaleUpDomainDevices, 8);
    // PCIe cards name no system: the documented default applies.
    EXPECT_EQ(loadHardware("l40s").scaleUpDomainDevices, roofline::kDefaultScaleUpDomainDevices);
}

TEST(PresetHardware, Gb200AchievableBandwidthIsAzuresMeasurement) {
    // azure_gb200: 7.35 TB/s measured HBM (92% of 8.0); MAMF bf16 1822, fp8 3615.6 (mleng_acc),
    // above Azure's 2,744 TFLOP/s FP8 GEMM, so the best measured rate is MAMF's.
    const Hardware h = loadHardware("gb200");
    EXPECT_DOUBLE_EQ(h.achievableMemoryBandwidthBytesPerSecond, 7.35e12);
    EXPECT_DOUBLE_EQ(h.achievableFlopsPerSecond[roofline::index(Precision::Bf16)], 1822e12);
    EXPECT_DOUBLE_EQ(h.achievableFlopsPerSecond[roofline::index(Precision::Fp8)], 3615.6e12);
}

TEST(PresetHardware, EveryAchievableRateIsAtMostItsPeak) {
    for (const std::string& id : roofline::io::hardwareIds()) {
        SCOPED_TRACE(id);
        const Hardware h = loadHardware(id);
        for (Precision p : roofline::kAllPrecisions) {
            EXPECT_LE(h.achievableFlopsPerSecond[roofline::index(p)], h.peak(p))
                << roofline::toString(p);
        }
        EXPECT_LE(h.achievableMemoryBandwidthBytesPerSecond, h.memoryBandwidthBytesPerSecond);
        EXPECT_GE(h.scaleUpDomainDevices, 1);
        EXPECT_FALSE(h.memoryType.empty());
    }
}

// ---------------------------------------------------------------------------------------
// Schema 1 still loads (migration), schema 2 is strict about schema 1's names.

const char* const kSchemaOne =
    R"({"schema_version": 1, "name": "Old", "memory_capacity_gb": 80, "memory_bandwidth_tb_s": 3.35,
        "peak_dense_tflops": {"bf16": 989.4},
        "interconnect": {"bandwidth_gb_s_per_direction": 450, "latency_us": 3}})";

TEST(PresetHardwareSchema, SchemaOneCapacityStaysDecimalAndLatencyMapsToAlpha) {
    // Schema 1's memory_capacity_gb is decimal: 80 × 1e9 = 80,000,000,000 bytes, as before.
    // Its interconnect latency_us is the collective's α: 3 µs = 3e-6 s. No warnings.
    const Loaded<Hardware> h = roofline::io::parseHardware(kSchemaOne, "old.json");
    ASSERT_TRUE(h.ok()) << describeAll(h.issues);
    EXPECT_TRUE(h.issues.empty()) << describeAll(h.issues);
    EXPECT_EQ(h.value->memoryCapacityBytes, 80e9);
    EXPECT_DOUBLE_EQ(h.value->collectiveLatencySeconds, 3e-6);
    EXPECT_EQ(h.value->scaleUpDomainDevices, roofline::kDefaultScaleUpDomainDevices);
}

TEST(PresetHardwareSchema, TheSchemaOneTestAcceleratorStillLoads) {
    // tests/data/valid/test-accelerator.json stays schema 1: 64 GB = 64e9 bytes, 3 µs, 500 W.
    const Loaded<Hardware> h = roofline::io::loadHardwareFile(std::string(ROOFLINE_TEST_DATA_DIR) +
                                                              "/valid/test-accelerator.json");
    ASSERT_TRUE(h.ok()) << describeAll(h.issues);
    EXPECT_TRUE(h.issues.empty()) << describeAll(h.issues);
    EXPECT_EQ(h.value->memoryCapacityBytes, 64e9);
    EXPECT_DOUBLE_EQ(h.value->collectiveLatencySeconds, 3e-6);
    EXPECT_EQ(h.value->tdpWatts, 500.0);
    EXPECT_EQ(h.value->memoryType, "HBM3");
}

TEST(PresetHardwareSchema, SchemaTwoReadsGibAndTheNewKeys) {
    // 80 GiB = 85,899,345,920 bytes; α 2.5 µs; 72 devices; scale-out 100 GB/s and 12 µs;
    // achievable bf16 800 TFLOP/s and 3.0 TB/s, cited by keys of /sources.
    const char* const text =
        R"({"schema_version": 2, "name": "New", "memory_capacity_gib": 80, "memory_type": "HBM3",
            "memory_bandwidth_tb_s": 3.35, "peak_dense_tflops": {"bf16": 989.4}, "tdp_w": 700,
            "interconnect": {"bandwidth_gb_s_per_direction": 450, "collective_latency_us": 2.5,
                             "scale_up_domain_devices": 72},
            "scale_out": {"name": "IB", "bandwidth_gb_s_per_direction": 100, "latency_us": 12},
            "achievable": {"dense_tflops": {"bf16": 800}, "memory_bandwidth_tb_s": 3.0,
                           "source": ["a", "b"]},
            "sources": {"a": "paper A", "b": "paper B"}})";
    const Loaded<Hardware> h = roofline::io::parseHardware(text, "new.json");
    ASSERT_TRUE(h.ok()) << describeAll(h.issues);
    EXPECT_TRUE(h.issues.empty()) << describeAll(h.issues);
    EXPECT_EQ(h.value->memoryCapacityBytes, 85'899'345'920.0);
    EXPECT_EQ(h.value->memoryType, "HBM3");
    EXPECT_EQ(h.value->tdpWatts, 700.0);
    EXPECT_DOUBLE_EQ(h.value->collectiveLatencySeconds, 2.5e-6);
    EXPECT_EQ(h.value->scaleUpDomainDevices, 72);
    EXPECT_DOUBLE_EQ(h.value->scaleOutBandwidthBytesPerSecond, 100e9);
    EXPECT_DOUBLE_EQ(h.value->scaleOutLatencySeconds, 12e-6);
    EXPECT_DOUBLE_EQ(h.value->achievableFlopsPerSecond[roofline::index(Precision::Bf16)], 800e12);
    EXPECT_DOUBLE_EQ(h.value->achievableMemoryBandwidthBytesPerSecond, 3.0e12);
}

TEST(PresetHardwareSchema, SchemaTwoKeysInASchemaOneFileAreWarnedAndIgnored) {
    const char* const text =
        R"({"schema_version": 1, "name": "Old", "memory_capacity_gb": 80, "memory_bandwidth_tb_s": 3.35,
            "peak_dense_tflops": {"bf16": 989.4},
            "achievable": {"dense_tflops": {"bf16": 800}, "source": "a"}})";
    const Loaded<Hardware> h = roofline::io::parseHardware(text, "old.json");
    ASSERT_TRUE(h.ok()) << describeAll(h.issues);
    ASSERT_EQ(h.issues.size(), 1u) << describeAll(h.issues);
    EXPECT_EQ(h.issues[0].severity, roofline::Severity::Warning);
    EXPECT_EQ(h.issues[0].pointer, "/achievable");
    EXPECT_EQ(h.value->achievableFlopsPerSecond[roofline::index(Precision::Bf16)], 0.0);
}

TEST(PresetHardwareSchema, AchievableAbovePeakNamesBothPointers) {
    // 1000 > 989.4: an error at /achievable/dense_tflops/bf16 that names the peak it exceeds.
    const char* const text =
        R"({"schema_version": 2, "name": "X", "memory_capacity_gib": 80, "memory_bandwidth_tb_s": 3.35,
            "peak_dense_tflops": {"bf16": 989.4}, "sources": {"m": "measured"},
            "achievable": {"dense_tflops": {"bf16": 1000}, "source": "m"}})";
    const Loaded<Hardware> h = roofline::io::parseHardware(text, "x.json");
    ASSERT_FALSE(h.ok());
    ASSERT_FALSE(h.issues.empty());
    EXPECT_EQ(h.issues[0].pointer, "/achievable/dense_tflops/bf16");
    EXPECT_EQ(h.issues[0].message(),
              "x.json: /achievable/dense_tflops/bf16 must be at most the peak at "
              "/peak_dense_tflops/bf16 (989.4 TFLOP/s), got 1000");
}

TEST(PresetHardware, EveryChipHasABf16OrFp16RoofAndSaneNumbers) {
    // Exceptions, each checked by hand against hardware-2026.json: no sourced compute peak
    // at all (Apple M4 Max, Cerebras WSE-3: compute_peak_unsourced); only narrow roofs
    // sourced (DGX Spark fp4 500; Jetson Thor fp8 517.5 / fp4 1035); SRAM-only parts whose
    // "memory" is on-chip SRAM (Groq 230 MB at 80 TB/s; Cerebras 44 GB at 21 PB/s).
    const std::set<std::string> narrowOnly = {"dgx-spark-gb10", "jetson-agx-thor"};
    const std::set<std::string> sramOnly = {"groq-lpu-v1", "cerebras-wse3"};
    for (const std::string& id : roofline::io::hardwareIds()) {
        SCOPED_TRACE(id);
        const Hardware h = loadHardware(id);
        if (h.computePeakUnsourced) {
            for (Precision p : roofline::kAllPrecisions) {
                EXPECT_FALSE(h.hasRoof(p)) << roofline::toString(p);
            }
        } else if (narrowOnly.count(id) > 0) {
            EXPECT_FALSE(h.hasRoof(Precision::Bf16) || h.hasRoof(Precision::Fp16));
            EXPECT_TRUE(h.hasRoof(Precision::Fp4));
        } else {
            EXPECT_TRUE(h.hasRoof(Precision::Bf16) || h.hasRoof(Precision::Fp16));
        }
        // Between a Ryzen AI Max+ 395 (0.256 TB/s LPDDR5X) and anything plausible in the
        // next years; 24 GB (L4) to 512 GiB (M3 Ultra).
        EXPECT_GE(h.memoryBandwidthBytesPerSecond, 0.25e12);
        EXPECT_LE(h.memoryBandwidthBytesPerSecond, sramOnly.count(id) > 0 ? 25e15 : 50e12);
        EXPECT_GE(h.memoryCapacityBytes, sramOnly.count(id) > 0 ? 200e6 : 8e9);
        EXPECT_LE(h.memoryCapacityBytes, 1000e9);
        // A visible capacity is below the nominal one (validate() checks it too).
        EXPECT_LE(h.memoryCapacityVisibleBytes, h.memoryCapacityBytes);
        EXPECT_FALSE(h.confidence.empty());
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
        // fp6 runs at the fp8 rate (NVIDIA) or the fp4 rate (AMD CDNA 4): between the two.
        if (h.hasRoof(Precision::Fp6)) {
            EXPECT_GE(h.peak(Precision::Fp6), h.peak(Precision::Fp8));
            EXPECT_LE(h.peak(Precision::Fp6), h.peak(Precision::Fp4));
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
    // Not in models.json: counted by hand in PresetModels.Llama32DraftCountsAreExact.
    // KV: 2·16·8·64·2 = 32,768 and 2·28·8·128·2 = 114,688 bytes per token in bf16.
    {"llama-3.2-1b", 1235814400.0, 1235814400.0, 32768.0},
    {"llama-3.2-3b", 3212749824.0, 3212749824.0, 114688.0},
    // Vision models, no KV cache: derived by hand in tests/core/vision_test.cpp (ViT-L/16
    // 304,326,632 against timm's 304.3 M; CLIP ViT-L/14 tower 303,179,776 + projection
    // 786,432; ResNet-50 25,557,032, torchvision's exact figure). Every parameter is used by
    // every image.
    {"vit-large-patch16-224", 304326632.0, 304326632.0, 0.0},
    {"clip-vit-large-patch14", 303966208.0, 303966208.0, 0.0},
    {"resnet-50", 25557032.0, 25557032.0, 0.0},
    // Issue 17's presets: counted by hand in tests/presets/model_families_test.cpp (decoder
    // only: the vision towers are Model::visionParameters; MTP layers are apart). KV bytes per
    // token in bf16 without window or chunk caps; for DeepSeek-V3.2 the indexer key adds 132
    // bytes per layer whatever the KV precision.
    {"llama-4-scout", 107769861120.0, 17172894720.0, 196608.0},
    {"llama-4-maverick", 400711848960.0, 17184691200.0, 196608.0},
    {"gemma-3-27b", 27009346304.0, 27009346304.0, 507904.0},
    {"qwen3-8b", 8190735360.0, 8190735360.0, 147456.0},
    {"qwen3-32b", 32762123264.0, 32762123264.0, 262144.0},
    {"qwen3-30b-a3b", 30532122624.0, 3353032704.0, 98304.0},
    {"qwen3-235b-a22b", 235093634560.0, 22190763520.0, 192512.0},
    {"qwen3-next-80b-a3b", 79674391296.0, 3874929408.0, 24576.0},
    {"deepseek-v3.2", 671877944064.0, 38403822336.0, 78324.0},
    {"kimi-k2", 1026408232448.0, 32861500928.0, 70272.0},
    {"gpt-oss-20b", 20914757184.0, 4187440704.0, 49152.0},
    {"nemotron-3-nano-30b-a3b", 31577940288.0, 3580076352.0, 6144.0},
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

TEST(PresetModels, Llama32DraftCountsAreExact) {
    // Llama-3.2-1B by hand (h 2048, 32 q heads and 8 kv heads of d 64, I 8192, 16 layers,
    // V 128256, tied embeddings): per layer q 2048·2048 = 4,194,304 + k,v 2·2048·512 =
    // 2,097,152 + o 4,194,304 = 10,485,760; MLP 3·2048·8192 = 50,331,648; 2 norms 4,096
    // -> 60,821,504 × 16 = 973,144,064. Embedding once (tied) 128256·2048 = 262,668,288,
    // final norm 2,048. Total 1,235,814,400 ("1.24B").
    const Model small = loadModel("llama-3.2-1b");
    EXPECT_TRUE(small.tieWordEmbeddings);
    EXPECT_EQ(small.headDim, 64);
    const roofline::ParameterCount c1 = roofline::countParameters(small);
    EXPECT_EQ(c1.total, 1235814400.0);
    EXPECT_EQ(c1.activePerToken, 1235814400.0);
    // Llama-3.2-3B (h 3072, 24 q heads and 8 kv heads of d 128, I 8192, 28 layers): per layer
    // q 3072·3072 = 9,437,184 + k,v 2·3072·1024 = 6,291,456 + o 9,437,184 = 25,165,824; MLP
    // 3·3072·8192 = 75,497,472; norms 6,144 -> 100,669,440 × 28 = 2,818,744,320. Embedding
    // once 128256·3072 = 394,002,432, final norm 3,072. Total 3,212,749,824 ("3.21B").
    const Model mid = loadModel("llama-3.2-3b");
    EXPECT_TRUE(mid.tieWordEmbeddings);
    EXPECT_EQ(mid.headDim, 128);
    const roofline::ParameterCount c3 = roofline::countParameters(mid);
    EXPECT_EQ(c3.total, 3212749824.0);
    EXPECT_EQ(c3.activePerToken, 3212749824.0);
    // Same vocabulary as the Llama 3.1 targets they draft for.
    EXPECT_EQ(small.vocabSize, loadModel("llama-3.1-8b").vocabSize);
    EXPECT_EQ(mid.vocabSize, loadModel("llama-3.1-8b").vocabSize);
}

TEST(PresetModels, ParameterCountsMatchOfficialTotals) {
    struct Official {
        const char* id;
        double total;
        double active;  // 0 = no official number
    };
    // official_params in ../shared/reference/models.json.
    const Official official[] = {
        {"mixtral-8x7b", 46.7e9, 12.9e9},  // "46.7B total / 12.9B active (Mistral)"
        {"mixtral-8x22b", 141e9, 39e9},    // "141B total / 39B active"
        {"gpt-oss-120b", 116.8e9, 0.0},    // "117B total (116.8B)"; active excludes embed
        {"deepseek-v3", 671e9, 0.0},       // "671B total" (MTP module excluded)
        {"llama-3.1-8b", 8.03e9, 8.03e9},  // "~8.03B"
        {"qwen2.5-7b", 7.61e9, 7.61e9},    // "7.61B (Qwen2.5 model card)"
        {"llama-3.2-1b", 1.24e9, 1.24e9},  // "1.24B" (Llama 3.2 model card)
        {"llama-3.2-3b", 3.21e9, 3.21e9},  // "3.21B" (Llama 3.2 model card)
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
        EXPECT_EQ(roofline::kvCacheBytesPerToken(loadModel(r.id), 2.0), r.kvBytesPerToken);
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
    EXPECT_EQ(roofline::kvCacheBytesPerToken(m, 1.0), 35136.0);
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
