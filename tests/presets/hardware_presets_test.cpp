// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 18's hardware presets: every high and medium finding of
// ../shared/reference/hardware-audit.md pinned at its corrected value (with its citation),
// the driver-visible capacity, the 15 chips of hardware-2026.json (each figure equal to the
// reference, each field cited), fp6, and the schema's new keys and their errors.

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "roofline/analysis.h"
#include "roofline/io/presets.h"
#include "roofline/io/scenario_file.h"
#include "roofline/validate.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using roofline::Hardware;
using roofline::Precision;
using roofline::io::Loaded;

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

Hardware load(const std::string& id) {
    const Loaded<Hardware> h = roofline::io::builtinHardware(id);
    EXPECT_TRUE(h.ok()) << roofline::describe(h.issues);
    return h.ok() ? *h.value : Hardware{};
}

json readJson(const fs::path& path) {
    std::ifstream in(path);
    return json::parse(in);
}

// The 15 chips of hardware-2026.json shipped by issue 18 (Rubin and MI455X are not: their
// dense rates are unresolved in the reference).
const std::vector<std::string> kNewChips = {
    "gb300",          "rtx-5090",     "rtx-pro-6000-blackwell", "dgx-spark-gb10", "jetson-agx-thor",
    "h100-nvl",       "mi350x",       "tpu7x-ironwood",         "trainium2",      "trainium3",
    "apple-m3-ultra", "apple-m4-max", "ryzen-ai-max-395",       "groq-lpu-v1",    "cerebras-wse3",
};

// ---------------------------------------------------------------------------------------
// hardware-audit.md, HIGH and MEDIUM findings

// Issue 19: a rate measured on one part applies to another part of the same die at the same
// clocks (the same dense peaks): H200 takes H100 SXM5's bf16 MAMF of 794.5 TFLOP/s, not 0.70 ·
// 989.4 = 692.6; A100 40GB SXM4 takes A100 80GB SXM4's 271.2, not 0.70 · 312 = 218.4.
TEST(HardwarePresets, AchievableCeilingsAgreeAcrossOneDie) {
    for (const auto& [part, measured] : {std::pair<std::string, std::string>{"h200", "h100-sxm"},
                                         {"a100-40gb-sxm", "a100-80gb-sxm"}}) {
        SCOPED_TRACE(part);
        const Hardware a = load(part);
        const Hardware b = load(measured);
        EXPECT_EQ(a.peak(Precision::Bf16), b.peak(Precision::Bf16));
        const std::size_t bf16 = roofline::index(Precision::Bf16);
        EXPECT_GT(b.achievableFlopsPerSecond[bf16], 0.0);
        EXPECT_EQ(a.achievableFlopsPerSecond[bf16], b.achievableFlopsPerSecond[bf16]);
    }
    EXPECT_DOUBLE_EQ(load("h200").achievableFlopsPerSecond[roofline::index(Precision::Bf16)],
                     794.5e12);
    // H200's own fp8 measurement (1,453.4) stays its own.
    EXPECT_DOUBLE_EQ(load("h200").achievableFlopsPerSecond[roofline::index(Precision::Fp8)],
                     1453.4e12);
}

TEST(HardwareAudit, H1_B300Int8IsCutToAbout150Tops) {
    // H1: Blackwell Ultra cut INT8. aic_b300 (ai-dynamo/aiconfigurator@095f58a5
    // systems/b300_sxm.yaml): "int8_tc_flops: 153.5 TFLOPS (307 TOPS sparse / 2)"; Verda 0.15
    // POPS. The shipped 4,500 was B200's. The int8 ridge: 153.5e12 / 8.0e12 = 19.19 FLOP/B.
    const Hardware h = load("b300");
    EXPECT_DOUBLE_EQ(h.peak(Precision::Int8), 153.5e12);
    EXPECT_NEAR(h.peak(Precision::Int8) / h.memoryBandwidthBytesPerSecond, 19.19, 0.01);
    EXPECT_DOUBLE_EQ(h.peak(Precision::Fp8), 4500e12);  // fp8 is not cut
}

TEST(HardwareAudit, M1_M2_Gaudi3ScaleUpExcludesTheScaleOutPorts) {
    // habana_net (docs.habana.ai "Intel Gaudi Network Configuration"): "21 scale-up ports and
    // three scale-out ports running at 200Gbps ... 525 GB/s unidirectional ... scale-out 75
    // GB/s in each direction"; HLS-3 is a box of 8 (L6).
    // M1: 21 × 200 Gb/s / 8 = 525 GB/s (600 counted all 24 ports).
    // M2: 3 × 200 Gb/s / 8 = 75 GB/s (was the 50 GB/s default).
    const Hardware h = load("gaudi3");
    EXPECT_DOUBLE_EQ(h.interconnectBandwidthBytesPerSecond, 525e9);
    EXPECT_DOUBLE_EQ(h.scaleOutBandwidthBytesPerSecond, 75e9);
    EXPECT_EQ(h.scaleUpDomainDevices, 8);
}

TEST(HardwareAudit, M3_B300VisibleCapacityIs268Point6GiB) {
    // aic_b300: "mem_capacity: 288400343040 # 275040MiB reported by nvidia-smi":
    // 275,040 × 2^20 = 288,400,343,040 bytes = 268.59375 GiB, of the nominal "288 GB" =
    // 288 × 2^30 = 309,237,645,312 bytes (7.2% more).
    const Hardware h = load("b300");
    EXPECT_EQ(h.memoryCapacityBytes, 309'237'645'312.0);
    EXPECT_EQ(h.memoryCapacityVisibleBytes, 288'400'343'040.0);
    EXPECT_EQ(h.memoryCapacityVisibleBytes / kGiB, 268.59375);
}

TEST(HardwareAudit, M4_B300TdpIs1100Watts) {
    // aic_b300: HGX B300 power "configurable up to 1,100 W"; Verda: B300 1.1 kW (1.4 kW is
    // the GB300 part).
    EXPECT_EQ(load("b300").tdpWatts, 1100.0);
    EXPECT_EQ(load("gb300").tdpWatts, 1400.0);
}

TEST(HardwareAudit, M5_L40sVisibleCapacityIs45GiB) {
    // aic_l40s (systems/l40s.yaml): "mem_capacity: 48305799168 # 46068 MiB": ECC GDDR6,
    // 46,068 × 2^20 = 48,305,799,168 bytes = 44.98828125 GiB of 48 GiB = 51,539,607,552.
    const Hardware h = load("l40s");
    EXPECT_EQ(h.memoryCapacityBytes, 51'539'607'552.0);
    EXPECT_EQ(h.memoryCapacityVisibleBytes, 48'305'799'168.0);
    EXPECT_EQ(h.servingCapacityBytes(), 48'305'799'168.0);
}

TEST(HardwareAudit, M6_Gaudi3PeaksAtTheShippingClock) {
    // mleng_acc (stas00/ml-engineering@744d01e1 compute/accelerator/README.md, TFLOPS note
    // 19): MME at 1600 MHz: 1600e6 × 256² × 2 × 8 = 1.6777e15 → 1677 TFLOP/s bf16 and fp8
    // (1835 needs 1750 MHz). MAMF 1243 is 74.1% of it.
    const Hardware h = load("gaudi3");
    EXPECT_DOUBLE_EQ(h.peak(Precision::Bf16), 1677e12);
    EXPECT_DOUBLE_EQ(h.peak(Precision::Fp8), 1677e12);
    EXPECT_NEAR(
        h.achievableFlopsPerSecond[roofline::index(Precision::Bf16)] / h.peak(Precision::Bf16),
        0.741, 0.001);
}

TEST(HardwareAudit, M7_Gaudi3PowerIsTheHlSmiLimit) {
    // habana_smi (docs.habana.ai hl-smi page): "hl-smi -p": Gaudi 3 maximum power limit
    // 850 W (Intel's 900 W air-cooled TDP is kept in the notes as a conflict).
    EXPECT_EQ(load("gaudi3").tdpWatts, 850.0);
}

TEST(HardwareAudit, M8_Mi355xFp6RunsAtTheFp4Rate) {
    // mleng_acc note 22 and cnc_mi350 (Chips and Cheese interview with AMD's Alan Smith: "FP6
    // and FP4 same throughput"): fp6 10,100 TFLOP/s dense = the fp4 rate; no tf32 (CDNA 4).
    const Hardware h = load("mi355x");
    EXPECT_DOUBLE_EQ(h.peak(Precision::Fp6), 10100e12);
    EXPECT_EQ(h.peak(Precision::Fp6), h.peak(Precision::Fp4));
    EXPECT_FALSE(h.hasRoof(Precision::Tf32));
    // MI350X, the same silicon at 2.2 GHz: fp6 = fp4 = 9,200 (tom_mi355x: 18.45 PF sparse / 2).
    EXPECT_DOUBLE_EQ(load("mi350x").peak(Precision::Fp6), 9200e12);
    EXPECT_EQ(load("mi350x").peak(Precision::Fp6), load("mi350x").peak(Precision::Fp4));
}

TEST(HardwareAudit, NvidiaFp6RunsAtTheFp8Rate) {
    // hardware.json dense_tflops fp6 (mleng_acc): B200 4500, GB200 5000, B300 4500 = fp8;
    // GB300 5000 (hardware-2026.json other_precisions_dense_tflops).
    for (const char* id : {"b200", "gb200", "b300", "gb300"}) {
        SCOPED_TRACE(id);
        const Hardware h = load(id);
        EXPECT_EQ(h.peak(Precision::Fp6), h.peak(Precision::Fp8));
    }
    EXPECT_DOUBLE_EQ(load("b200").peak(Precision::Fp6), 4500e12);
}

TEST(HardwareAudit, LowFindingsKeepTheirValuesAndRecordTheConflict) {
    // L1/L3 b300 bandwidth 8.0 and fp4 13,125 kept; L2/L4 b200 8.0 and fp32 80 kept; the notes
    // name the alternatives (aic_b300 7.75 and 14,000; aic_b200 7.7, 75).
    const Hardware b300 = load("b300");
    EXPECT_DOUBLE_EQ(b300.memoryBandwidthBytesPerSecond, 8.0e12);
    EXPECT_DOUBLE_EQ(b300.peak(Precision::Fp4), 13125e12);
    const Hardware b200 = load("b200");
    EXPECT_DOUBLE_EQ(b200.memoryBandwidthBytesPerSecond, 8.0e12);
    EXPECT_DOUBLE_EQ(b200.peak(Precision::Fp32), 80e12);
    const fs::path dir = fs::path(ROOFLINE_PRESET_DIR) / "hardware";
    const std::string b300Notes = readJson(dir / "b300.json")["notes"].get<std::string>();
    EXPECT_NE(b300Notes.find("L1 bandwidth 8.0 TB/s (aic_b300 7.75"), std::string::npos);
    EXPECT_NE(b300Notes.find("L3 fp4 13,125 (aic_b300 and Verda 14,000"), std::string::npos);
    const std::string b200Notes = readJson(dir / "b200.json")["notes"].get<std::string>();
    EXPECT_NE(b200Notes.find("L2 memory_bandwidth_tb_s 8.0"), std::string::npos);
    EXPECT_NE(b200Notes.find("L4 fp32 80"), std::string::npos);
    for (const char* id : {"gb200", "mi300x", "mi325x", "mi355x", "l40s", "rtx-4090"}) {
        const std::string notes = readJson(dir / (std::string(id) + ".json"))["notes"];
        EXPECT_NE(notes.find("Audit (hardware-audit.md)"), std::string::npos) << id;
    }
}

// ---------------------------------------------------------------------------------------
// Visible capacity in memory accounting (DOMAIN.md §5), through a shipped preset

TEST(VisibleCapacityPresets, B300MemoryAccountingUsesTheVisibleCapacity) {
    // Usable = 0.90 × 288,400,343,040 = 259,560,308,736 bytes (0.90 × 309,237,645,312 =
    // 278,313,880,780.8 with the nominal figure).
    roofline::Scenario s;
    s.hardware = load("b300");
    const Loaded<roofline::Model> m = roofline::io::builtinModel("llama-3.1-8b");
    ASSERT_TRUE(m.ok());
    s.model = *m.value;
    const roofline::Analysis a = roofline::analyze(s);
    EXPECT_EQ(a.memory.capacityBytes, 288'400'343'040.0);
    EXPECT_EQ(a.memory.nominalCapacityBytes, 309'237'645'312.0);
    EXPECT_DOUBLE_EQ(a.memory.usableBytes, 259'560'308'736.0);
}

TEST(VisibleCapacityPresets, TheVisibleCapacitiesShipped) {
    // GB300: 284,208 MiB (aic_gb300) = 298,013,687,808 bytes = 277.546875 GiB;
    // RTX PRO 6000: 97,887 MiB (aic_rtxpro) = 102,641,958,912 bytes = 95.5927734375 GiB.
    EXPECT_EQ(load("gb300").memoryCapacityVisibleBytes, 298'013'687'808.0);
    EXPECT_EQ(load("rtx-pro-6000-blackwell").memoryCapacityVisibleBytes, 102'641'958'912.0);
    // Nothing else claims one.
    const std::set<std::string> visible = {"b300", "l40s", "gb300", "rtx-pro-6000-blackwell"};
    for (const std::string& id : roofline::io::hardwareIds()) {
        EXPECT_EQ(load(id).memoryCapacityVisibleBytes > 0.0, visible.count(id) > 0) << id;
    }
}

// ---------------------------------------------------------------------------------------
// The new chips

TEST(NewChips, EachFigureEqualsTheReferenceAndEachFieldIsCited) {
    // ../shared/reference is beside the project's own checkout, not in a clone of it: there
    // the comparison is skipped, as ModelFamilies' reference configs are.
    const fs::path file = fs::path(ROOFLINE_REFERENCE_DIR) / "hardware-2026.json";
    if (!fs::exists(file)) {
        GTEST_SKIP() << file << " is not beside this checkout";
    }
    const json reference = readJson(file)["chips"];
    const fs::path dir = fs::path(ROOFLINE_PRESET_DIR) / "hardware";
    for (const std::string& id : kNewChips) {
        SCOPED_TRACE(id);
        json ref;
        for (const json& c : reference) {
            if (c["id"] == id) {
                ref = c;
            }
        }
        ASSERT_FALSE(ref.is_null());
        const json preset = readJson(dir / (id + ".json"));
        const Hardware h = load(id);
        EXPECT_EQ(h.confidence, ref["confidence"].get<std::string>());
        EXPECT_DOUBLE_EQ(h.memoryBandwidthBytesPerSecond,
                         ref["memory_bandwidth_tb_s"].get<double>() * 1e12);
        // Capacity: the reference's GiB, or (SRAM parts) the exact decimal bytes it rounds
        // (Groq 230e6 B = 0.21420 GiB, "0.2142"; Cerebras 44e9 B = 40.978 GiB, "40.98").
        EXPECT_NEAR(h.memoryCapacityBytes / kGiB / ref["memory_capacity_gib"].get<double>(), 1.0,
                    1e-4);
        // Every peak is the reference's dense value (fp6 from other_precisions_dense_tflops);
        // every non-null reference peak is in the preset except where the notes say why
        // (RTX 5090 tf32, unverified).
        for (Precision p : roofline::kAllPrecisions) {
            const std::string name(roofline::toString(p));
            json want = ref["peak_dense_tflops"].value(name, json());
            if (want.is_null() && ref.contains("other_precisions_dense_tflops")) {
                want = ref["other_precisions_dense_tflops"].value(name, json());
            }
            if (want.is_null() || (id == "rtx-5090" && p == Precision::Tf32)) {
                EXPECT_FALSE(h.hasRoof(p)) << name;
            } else {
                EXPECT_DOUBLE_EQ(h.peak(p), want.get<double>() * 1e12) << name;
            }
        }
        if (ref["tdp_w"].is_null()) {
            EXPECT_EQ(h.tdpWatts, 0.0);
        } else {
            EXPECT_EQ(h.tdpWatts, ref["tdp_w"].get<double>());
        }
        const json& link = ref["interconnect"];
        const json bw = link.value("bandwidth_gb_s_per_direction", json());
        EXPECT_DOUBLE_EQ(h.interconnectBandwidthBytesPerSecond,
                         bw.is_null() ? 0.0 : bw.get<double>() * 1e9);
        // Every field the preset writes is cited in field_sources (itself, or the whole
        // peak_dense_tflops object for a precision), by keys of /sources (the reader checks).
        const json& cited = preset.at("field_sources");
        for (const char* field :
             {"memory_type", "memory_capacity_gib", "memory_capacity_visible_gib",
              "memory_bandwidth_tb_s", "l2_cache_mb", "interconnect", "scale_out", "tdp_w",
              "compute_peak_unsourced"}) {
            if (preset.contains(field)) {
                EXPECT_TRUE(cited.contains(field)) << field;
            }
        }
        for (const auto& [precision, value] : preset["peak_dense_tflops"].items()) {
            EXPECT_TRUE(cited.contains("peak_dense_tflops") ||
                        cited.contains("peak_dense_tflops." + precision))
                << precision;
        }
    }
}

TEST(NewChips, SpotValues) {
    // gb300: aic_gb300 / Verda per-GPU dense: int8 165 (cut, not 5,000), fp4 15,000 (1.1 EF
    // dense / 72), NVLink 5 900 GB/s in a 72-GPU domain, ConnectX-8 100 GB/s.
    const Hardware gb300 = load("gb300");
    EXPECT_DOUBLE_EQ(gb300.peak(Precision::Int8), 165e12);
    EXPECT_DOUBLE_EQ(gb300.peak(Precision::Fp4), 15000e12);
    EXPECT_EQ(gb300.scaleUpDomainDevices, 72);
    EXPECT_DOUBLE_EQ(gb300.scaleOutBandwidthBytesPerSecond, 100e9);
    // tpu7x-ironwood: gcp_tpu7x: bf16 2307, fp8 4614, 192 GiB; ICI 1200 GB/s bidi / 2; pod 9216.
    const Hardware tpu = load("tpu7x-ironwood");
    EXPECT_EQ(tpu.memoryCapacityBytes, 192.0 * kGiB);
    EXPECT_DOUBLE_EQ(tpu.interconnectBandwidthBytesPerSecond, 600e9);
    EXPECT_EQ(tpu.scaleUpDomainDevices, 9216);
    // trainium3: neuron_trn3: MXFP8 = MXFP4 = 2517; trn3-arch EFA 28,800 Gb/s / 144 chips =
    // 200 Gb/s = 25 GB/s; 144-chip Gen2 UltraServer.
    const Hardware trn3 = load("trainium3");
    EXPECT_EQ(trn3.peak(Precision::Fp4), trn3.peak(Precision::Fp8));
    EXPECT_DOUBLE_EQ(trn3.scaleOutBandwidthBytesPerSecond, 25e9);
    EXPECT_EQ(trn3.scaleUpDomainDevices, 144);
    // Single devices: scale_up_domain_devices 1 and no link (Apple, Ryzen, Spark, Thor, WSE-3).
    for (const char* id : {"apple-m3-ultra", "apple-m4-max", "ryzen-ai-max-395", "dgx-spark-gb10",
                           "jetson-agx-thor", "cerebras-wse3"}) {
        EXPECT_EQ(load(id).scaleUpDomainDevices, 1) << id;
        EXPECT_EQ(load(id).interconnectBandwidthBytesPerSecond, 0.0) << id;
    }
    // SRAM parts: 230 MB = 230,000,000 bytes (groq_tpu); 44 GB = 44,000,000,000 (toms_wse3).
    EXPECT_EQ(load("groq-lpu-v1").memoryCapacityBytes, 230e6);
    EXPECT_EQ(load("cerebras-wse3").memoryCapacityBytes, 44e9);
    // No sourced compute peak: Apple M4 Max and Cerebras WSE-3.
    EXPECT_TRUE(load("apple-m4-max").computePeakUnsourced);
    EXPECT_TRUE(load("cerebras-wse3").computePeakUnsourced);
    EXPECT_FALSE(load("apple-m3-ultra").computePeakUnsourced);  // derived 28.6, cited
    // H100 NVL: L2 50 MB is uncited in the reference, so left out.
    EXPECT_EQ(load("h100-nvl").onChipCacheBytes, 0.0);
}

TEST(NewChips, AMemoryOnlyPresetAnalysesWithAWarning) {
    // apple-m4-max: 128 GiB, 0.546 TB/s, no compute peak. Llama-3.1-8B bf16 decodes on the
    // memory roof alone: finite times, no critical batch, the warning says so.
    roofline::Scenario s;
    s.hardware = load("apple-m4-max");
    const Loaded<roofline::Model> m = roofline::io::builtinModel("llama-3.1-8b");
    ASSERT_TRUE(m.ok());
    s.model = *m.value;
    ASSERT_TRUE(roofline::validate(s).empty()) << roofline::describe(roofline::validate(s));
    const roofline::Analysis a = roofline::analyze(s);
    EXPECT_FALSE(a.hasComputeRoof);
    EXPECT_TRUE(std::isfinite(a.tpotSeconds) && a.tpotSeconds > 0.0);
    EXPECT_FALSE(a.criticalBatch.has_value());
    ASSERT_FALSE(a.warnings.empty());
    EXPECT_NE(a.warnings[0].text().find("No sourced compute peak for Apple M4 Max"),
              std::string::npos);
}

TEST(NewChips, EveryPresetRoundTripsThroughAScenarioFileAndAnalyses) {
    // Every shipped chip, new ones included: a scenario file naming it writes and reads back
    // equal, resolves with no error, and its analysis (JSON included) is finite; the JSON's
    // hardware block carries the preset's capacity, visible capacity and confidence.
    for (const std::string& id : roofline::io::hardwareIds()) {
        SCOPED_TRACE(id);
        roofline::io::ScenarioFile file;
        file.hardware = id;
        const Loaded<roofline::io::ScenarioFile> back =
            roofline::io::parseScenarioFile(roofline::io::toJson(file), "round.json");
        ASSERT_TRUE(back.ok()) << roofline::describe(back.issues);
        EXPECT_EQ(*back.value, file);
        const roofline::io::ResolvedScenario r = roofline::io::resolve(*back.value);
        ASSERT_TRUE(r.ok()) << roofline::describe(r.issues);
        const roofline::Analysis a = roofline::analyze(r.scenario);
        EXPECT_TRUE(std::isfinite(a.tpotSeconds) && a.tpotSeconds > 0.0);
        EXPECT_TRUE(std::isfinite(a.ttftSeconds) && a.ttftSeconds > 0.0);
        const json j = json::parse(roofline::io::analysisToJson(r.scenario, a));
        const Hardware h = load(id);
        EXPECT_EQ(j["hardware"]["memory_capacity_bytes"].get<double>(), h.memoryCapacityBytes);
        EXPECT_EQ(j["hardware"]["confidence"].get<std::string>(), h.confidence);
        EXPECT_EQ(j["memory"]["capacity_bytes"].get<double>(), h.servingCapacityBytes());
        EXPECT_EQ(j["has_compute_roof"].get<bool>(), a.hasComputeRoof);
    }
}

// ---------------------------------------------------------------------------------------
// Schema: the new keys and their errors (file, pointer, expected, found)

std::string firstMessage(const char* text) {
    const Loaded<Hardware> h = roofline::io::parseHardware(text, "x.json");
    EXPECT_FALSE(h.ok());
    return h.issues.empty() ? std::string() : h.issues[0].message();
}

TEST(HardwareSchemaIssue18, VisibleCapacityNeedsACitationAndAtMostTheNominal) {
    const Loaded<Hardware> ok = roofline::io::parseHardware(
        R"({"schema_version": 2, "name": "X", "memory_capacity_gib": 48,
            "memory_capacity_visible_gib": 44.98828125, "memory_bandwidth_tb_s": 0.864,
            "peak_dense_tflops": {"bf16": 362.05}, "confidence": "high",
            "sources": {"aic": "aiconfigurator l40s.yaml"},
            "field_sources": {"memory_capacity_visible_gib": "aic"}})",
        "x.json");
    ASSERT_TRUE(ok.ok()) << roofline::describe(ok.issues);
    EXPECT_TRUE(ok.issues.empty()) << roofline::describe(ok.issues);
    EXPECT_EQ(ok.value->memoryCapacityVisibleBytes, 48'305'799'168.0);
    EXPECT_EQ(ok.value->confidence, "high");
    EXPECT_EQ(firstMessage(R"({"schema_version": 2, "name": "X", "memory_capacity_gib": 48,
            "memory_capacity_visible_gib": 45, "memory_bandwidth_tb_s": 0.864,
            "peak_dense_tflops": {"bf16": 362.05}})"),
              "x.json: /field_sources must be a citation of memory_capacity_visible_gib "
              "(field_sources/memory_capacity_visible_gib: a key of /sources), got none");
    EXPECT_EQ(firstMessage(R"({"schema_version": 2, "name": "X", "memory_capacity_gib": 48,
            "memory_capacity_visible_gib": 50, "memory_bandwidth_tb_s": 0.864,
            "peak_dense_tflops": {"bf16": 362.05}, "sources": {"a": "A"},
            "field_sources": {"memory_capacity_visible_gib": "a"}})"),
              "x.json: /memory_capacity_visible_gib must be at most the nominal capacity at "
              "memory_capacity_gib (48 GiB), got 50");
    EXPECT_EQ(firstMessage(R"({"schema_version": 2, "name": "X", "memory_capacity_gib": 48,
            "memory_capacity_visible_gib": "45", "memory_bandwidth_tb_s": 0.864,
            "peak_dense_tflops": {"bf16": 362.05}})"),
              "x.json: /memory_capacity_visible_gib must be a positive number, got \"45\"");
}

TEST(HardwareSchemaIssue18, ComputePeakUnsourced) {
    const Loaded<Hardware> ok = roofline::io::parseHardware(
        R"({"schema_version": 2, "name": "M", "memory_capacity_gib": 128,
            "memory_bandwidth_tb_s": 0.546, "peak_dense_tflops": {},
            "compute_peak_unsourced": "the vendor publishes no FLOP rate",
            "interconnect": {"name": "none", "scale_up_domain_devices": 1}})",
        "m.json");
    ASSERT_TRUE(ok.ok()) << roofline::describe(ok.issues);
    EXPECT_TRUE(ok.value->computePeakUnsourced);
    EXPECT_EQ(ok.value->scaleUpDomainDevices, 1);
    EXPECT_EQ(ok.value->interconnectBandwidthBytesPerSecond, 0.0);
    // No peaks and no reason.
    EXPECT_EQ(firstMessage(R"({"schema_version": 2, "name": "X", "memory_capacity_gib": 8,
            "memory_bandwidth_tb_s": 0.5, "peak_dense_tflops": {}})"),
              "x.json: /peak_dense_tflops must be at least one positive peak (e.g. \"bf16\"), "
              "or compute_peak_unsourced saying why none is sourced, got {}");
    // A reason and a peak.
    EXPECT_EQ(firstMessage(R"({"schema_version": 2, "name": "X", "memory_capacity_gib": 8,
            "memory_bandwidth_tb_s": 0.5, "peak_dense_tflops": {"bf16": 10},
            "compute_peak_unsourced": "none published"})"),
              "x.json: /peak_dense_tflops must be no peak, as compute_peak_unsourced says none "
              "is sourced, got {\"bf16\":10}");
    // Not a sentence.
    EXPECT_EQ(firstMessage(R"({"schema_version": 2, "name": "X", "memory_capacity_gib": 8,
            "memory_bandwidth_tb_s": 0.5, "peak_dense_tflops": {},
            "compute_peak_unsourced": true})"),
              "x.json: /compute_peak_unsourced must be a sentence saying why no compute peak is "
              "sourced (peak_dense_tflops is then {}), got true");
    // A link without bandwidth is only for a single device.
    EXPECT_EQ(firstMessage(R"({"schema_version": 2, "name": "X", "memory_capacity_gib": 8,
            "memory_bandwidth_tb_s": 0.5, "peak_dense_tflops": {"bf16": 10},
            "interconnect": {"name": "x", "scale_up_domain_devices": 2}})"),
              "x.json: /interconnect/bandwidth_gb_s_per_direction must be a positive number, "
              "got missing");
}

TEST(HardwareSchemaIssue18, FieldSourcesNameKeysOfTheFileAndOfSources) {
    EXPECT_EQ(firstMessage(R"({"schema_version": 2, "name": "X", "memory_capacity_gib": 8,
            "memory_bandwidth_tb_s": 0.5, "peak_dense_tflops": {"bf16": 10},
            "sources": {"a": "A"}, "field_sources": {"peak_dense_tflops.fp8": "a"}})"),
              "x.json: /field_sources/peak_dense_tflops.fp8 must be a key of this file with a "
              "value (e.g. \"memory_capacity_gib\", \"peak_dense_tflops.int8\"), got "
              "\"peak_dense_tflops.fp8\"");
    EXPECT_EQ(firstMessage(R"({"schema_version": 2, "name": "X", "memory_capacity_gib": 8,
            "memory_bandwidth_tb_s": 0.5, "peak_dense_tflops": {"bf16": 10},
            "sources": {"a": "A"}, "field_sources": {"peak_dense_tflops.bf16": ["a", "b"]}})"),
              "x.json: /field_sources/peak_dense_tflops.bf16 must be a key of /sources, or a list "
              "of them (the field's citation), got \"b\", not a key of /sources");
    EXPECT_EQ(firstMessage(R"({"schema_version": 2, "name": "X", "memory_capacity_gib": 8,
            "memory_bandwidth_tb_s": 0.5, "peak_dense_tflops": {"bf16": 10},
            "field_sources": ["a"]})"),
              "x.json: /field_sources must be an object {key of this file: source key or list "
              "of them}, got [\"a\"]");
}

TEST(HardwareSchemaIssue18, Fp6IsAPeakKey) {
    const Loaded<Hardware> h = roofline::io::parseHardware(
        R"({"schema_version": 2, "name": "X", "memory_capacity_gib": 288,
            "memory_bandwidth_tb_s": 8, "peak_dense_tflops": {"fp8": 5000, "fp6": 10100, "fp4": 10100}})",
        "x.json");
    ASSERT_TRUE(h.ok()) << roofline::describe(h.issues);
    EXPECT_DOUBLE_EQ(h.value->peak(Precision::Fp6), 10100e12);
}

// DOMAIN.md §10: the fewest devices that hold a scenario, its bytes split evenly.
roofline::Analysis analysed(const std::string& hardware, const std::string& model,
                            std::int64_t tensorParallel = 1) {
    roofline::io::ScenarioFile file;
    file.hardware = hardware;
    file.model = model;
    file.workload.tensorParallel = tensorParallel;
    const roofline::io::ResolvedScenario r = roofline::io::resolve(file);
    EXPECT_TRUE(r.ok()) << roofline::describe(r.issues);
    return roofline::analyze(r.scenario);
}

TEST(MinDevicesIssue18, Llama70BNeedsHundredsOfGroqChips) {
    // Llama-3.1-70B bf16, B = 1, P = C = 2,048 (the defaults), on one Groq LPU:
    //   weights   70,553,706,496 parameters × 2 B                  = 141,107,412,992
    //   KV cache  80 layers × 2 × 8 heads × 128 × 2 B × 2,049 tokens = 671,416,320
    //   workspace 8,192 tokens × (2·8,192 + 2·28,672) × 2 B           = 1,207,959,552
    //             + one logits row 128,256 × 2 B                      = 256,512
    //   total                                                         = 142,987,045,376
    //   usable    230,000,000 B × 0.90                                = 207,000,000
    //   142,987,045,376 / 207,000,000 = 690.76 → 691 chips.
    const roofline::Analysis groq = analysed("groq-lpu-v1", "llama-3.1-70b");
    EXPECT_DOUBLE_EQ(groq.memory.totalBytes, 142'987'045'376.0);
    EXPECT_FALSE(groq.memory.fits);
    ASSERT_TRUE(groq.memory.minDevices.has_value());
    EXPECT_EQ(*groq.memory.minDevices, 691);
    // One H100: usable 0.90 × 80 GiB = 77,309,411,328 B; 142,987,045,376 / that = 1.85 → 2.
    // Whatever the tensor parallelism: TP 8 splits the bytes but the count is of the whole.
    EXPECT_EQ(analysed("h100-sxm", "llama-3.1-70b").memory.minDevices, 2);
    EXPECT_EQ(analysed("h100-sxm", "llama-3.1-70b", 8).memory.minDevices, 2);
    // Llama-3.1-8B fits one H100: 1.
    EXPECT_EQ(analysed("h100-sxm", "llama-3.1-8b").memory.minDevices, 1);
}

}  // namespace
