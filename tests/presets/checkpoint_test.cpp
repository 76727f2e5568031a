// SPDX-License-Identifier: GPL-3.0-or-later
// A checkpoint's storage, part by part (issue 17): what each quantization_config scheme
// reads as (core/io/src/checkpoint.cpp), the block-scaled fp4 formats' bytes, and
// `--weights checkpoint` / "weights": "checkpoint" analysing at those precisions. Expected
// figures are derived by hand from the presets' config.json shapes.

#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "roofline/io/presets.h"
#include "roofline/io/scenario_file.h"
#include "roofline/io/scenario_options.h"
#include "roofline/quantization.h"
#include "roofline/validate.h"

namespace {

using roofline::Analysis;
using roofline::CheckpointWeights;
using roofline::Model;
using roofline::OperatorId;
using roofline::PassKind;
using roofline::Precision;
using roofline::Scenario;
using roofline::Severity;
using roofline::io::Loaded;
using roofline::io::ScenarioFile;

Model preset(const std::string& id) {
    const Loaded<Model> m = roofline::io::builtinModel(id);
    EXPECT_TRUE(m.ok()) << roofline::describe(m.issues);
    return m.ok() ? *m.value : Model{};
}

Model config(const std::string& quantization, const std::string& dtype = "bfloat16") {
    const std::string text =
        R"({"model_type": "llama", "hidden_size": 4096,
        "intermediate_size": 14336, "num_hidden_layers": 32, "num_attention_heads": 32,
        "num_key_value_heads": 8, "vocab_size": 128256, "torch_dtype": ")" +
        dtype + "\"" + (quantization.empty() ? "" : ", \"quantization_config\": " + quantization) +
        "}";
    const Loaded<Model> m = roofline::io::parseModelConfig(text, "config.json", "test");
    EXPECT_TRUE(m.ok()) << roofline::describe(m.issues);
    return m.ok() ? *m.value : Model{};
}

std::string notice(const std::string& quantization) {
    const std::string text = R"({"model_type": "llama", "hidden_size": 4096,
        "intermediate_size": 14336, "num_hidden_layers": 32, "num_attention_heads": 32,
        "num_key_value_heads": 8, "vocab_size": 128256, "quantization_config": )" +
                             quantization + "}";
    const Loaded<Model> m = roofline::io::parseModelConfig(text, "config.json", "test");
    for (const roofline::Issue& i : m.issues) {
        if (i.severity == Severity::Notice && i.pointer == "/quantization_config") {
            return i.found;
        }
    }
    return {};
}

Analysis analyzed(const Model& model, const roofline::Workload& w, const std::string& hw) {
    const Loaded<roofline::Hardware> h = roofline::io::builtinHardware(hw);
    EXPECT_TRUE(h.ok());
    Scenario s{.hardware = *h.value, .model = model, .workload = w};
    return roofline::analyze(s);
}

double opWeightBytes(const Analysis& a, OperatorId id) {
    for (const auto& op : a.operators) {
        if (op.pass == PassKind::Decode && op.id == id) {
            return op.traffic[roofline::ByteCategory::Weights];
        }
    }
    return -1.0;
}

TEST(BlockScaledFp4, BytesIncludeTheirScales) {
    // mxfp4: 4 bits + one 8-bit e8m0 scale per 32 values = 4.25 bits = 0.53125 byte;
    // nvfp4: 4 bits + one 8-bit e4m3 scale per 16 values = 4.5 bits = 0.5625 byte.
    EXPECT_EQ(roofline::bytesPerElement(Precision::Mxfp4), 0.53125);
    EXPECT_EQ(roofline::bytesPerElement(Precision::Nvfp4), 0.5625);
    EXPECT_EQ(roofline::mathPrecision(Precision::Mxfp4), Precision::Fp4);
    EXPECT_EQ(roofline::mathPrecision(Precision::Nvfp4), Precision::Fp4);
    EXPECT_EQ(roofline::parsePrecision("nvfp4"), Precision::Nvfp4);
    EXPECT_EQ(roofline::parsePrecision("mxfp4"), Precision::Mxfp4);
}

TEST(BlockScaledFp4, Nvfp4ActivationsRunOnTheFp4RoofWithoutAFallback) {
    // B200 has an fp4 roof: nvfp4 math is fp4 math (no fallback warning), and the activations
    // keep nvfp4's 0.5625 bytes. H100 has none: it falls back to fp8 (and says so), and the
    // activations move at fp8's 1 byte (DOMAIN §5).
    roofline::Workload w;
    w.weightPrecision = Precision::Nvfp4;
    w.activationPrecision = Precision::Nvfp4;
    const Analysis b200 = analyzed(preset("llama-3.1-8b"), w, "b200");
    EXPECT_EQ(b200.computePrecision, Precision::Fp4);
    EXPECT_EQ(b200.activationBytesPerElement, 0.5625);
    for (const auto& warning : b200.warnings) {
        EXPECT_NE(warning.kind(), roofline::WarningKind::PrecisionFallback);
    }
    const Analysis h100 = analyzed(preset("llama-3.1-8b"), w, "h100-sxm");
    EXPECT_EQ(h100.computePrecision, Precision::Fp8);
    EXPECT_EQ(h100.activationBytesPerElement, 1.0);
}

TEST(Checkpoint, EachSchemeReadsPartByPart) {
    const auto parts = [](const Model& m) {
        const CheckpointWeights& c = m.checkpoint;
        return std::string(roofline::toString(c.linear)) + "/" +
               std::string(roofline::toString(c.experts)) + "/" +
               std::string(roofline::toString(c.tables)) + (c.known ? "" : " unknown") +
               (c.quantized ? " quantized" : "");
    };
    // No quantization_config: everything in torch_dtype.
    EXPECT_EQ(parts(config("")), "bf16/bf16/bf16");
    EXPECT_EQ(parts(config("", "float32")), "fp32/fp32/fp32");
    // gpt-oss: transformers' Mxfp4 quantizer converts the experts only.
    EXPECT_EQ(parts(preset("gpt-oss-20b")), "bf16/mxfp4/bf16 quantized");
    // DeepSeek-V3: FineGrainedFP8 converts every linear layer and expert (128×128 blocks),
    // not the embedding, lm_head or router.
    EXPECT_EQ(parts(preset("deepseek-v3")), "fp8/fp8/bf16 quantized");
    // ModelOpt NVFP4 with the attention excluded (as NVIDIA's FP4 DeepSeek-R1 does): the
    // attention stays bf16, the MLPs do not. Llama-3.1-8B's linear layers per layer: attention
    // 4096·128·(2·32 + 2·8) = 41,943,040, MLP 3·4096·14,336 = 176,160,768; most are nvfp4, so
    // the linear part is analysed at nvfp4 and a warning names the bf16 attention.
    EXPECT_EQ(parts(config(R"({"quant_method": "modelopt", "quant_algo": "NVFP4",
        "exclude_modules": ["lm_head", "model.layers.*.self_attn*"]})")),
              "nvfp4/nvfp4/bf16 quantized");
    EXPECT_EQ(parts(config(R"({"quant_method": "modelopt", "quant_algo": "NVFP4",
        "exclude_modules": ["lm_head"]})")),
              "nvfp4/nvfp4/bf16 quantized");
    // A scheme the reader does not map: unknown, and said so.
    EXPECT_EQ(
        parts(config(R"({"quant_method": "compressed-tensors", "format": "pack-quantized"})")),
        "bf16/bf16/bf16 unknown quantized");
}

// The ignore lists are matched as the engines match them, module by module, never by
// substring: "experts" inside "shared_experts", or "attn" inside "self_attn", names no other
// module.
TEST(Checkpoint, IgnoreListsMatchModulesAsTheEnginesDo) {
    const auto parts = [](const Model& m) {
        const CheckpointWeights& c = m.checkpoint;
        return std::string(roofline::toString(c.linear)) + "/" +
               std::string(roofline::toString(c.experts)) + "/" +
               std::string(roofline::toString(c.tables)) + (c.known ? "" : " unknown");
    };
    const auto warning = [](const std::string& quantization) {
        const std::string text = R"({"model_type": "llama", "hidden_size": 4096,
            "intermediate_size": 14336, "num_hidden_layers": 32, "num_attention_heads": 32,
            "num_key_value_heads": 8, "vocab_size": 128256, "quantization_config": )" +
                                 quantization + "}";
        const Loaded<Model> m = roofline::io::parseModelConfig(text, "config.json", "test");
        for (const roofline::Issue& i : m.issues) {
            if (i.severity == Severity::Warning && i.pointer == "/quantization_config") {
                return i.found;
            }
        }
        return std::string();
    };
    // ModelOpt globs (fnmatch): "*attn*" names the attention only; the MLPs stay nvfp4.
    const std::string attn =
        R"({"quant_method": "modelopt", "quant_algo": "NVFP4", "ignore": ["*attn*", "lm_head"]})";
    EXPECT_EQ(parts(config(attn)), "nvfp4/nvfp4/bf16");
    EXPECT_EQ(warning(attn), "attention bf16, analysed at nvfp4");
    // hf_quant_config.json's layout: the settings under "quantization".
    EXPECT_EQ(parts(config(R"({"quantization": {"quant_algo": "NVFP4",
        "exclude_modules": ["lm_head", "model.layers.*"]}})")),
              "bf16/nvfp4/bf16");
    // A glob naming one layer's modules keeps that layer only: "model.layers.1.*" is not
    // "model.layers.1" + anything (layers 10-19 stay nvfp4), and 1 of 32 layers is 3%.
    EXPECT_EQ(warning(R"({"quant_method": "modelopt", "quant_algo": "NVFP4",
        "ignore": ["model.layers.1.*"]})"),
              "attention bf16 (3% of them), analysed at nvfp4; dense MLPs bf16 (3% of them), "
              "analysed at nvfp4");
    // compressed-tensors: config_groups say the precision (4-bit float in groups of 16:
    // nvfp4; 8-bit float: fp8), targets "Linear" every linear module, "re:" a regex at the
    // name's start, other entries exact names.
    EXPECT_EQ(parts(config(R"({"quant_method": "compressed-tensors",
        "format": "nvfp4-pack-quantized", "ignore": ["lm_head", "re:.*self_attn.*"],
        "config_groups": {"group_0": {"targets": ["Linear"],
          "weights": {"num_bits": 4, "type": "float", "group_size": 16}}}})")),
              "nvfp4/nvfp4/bf16");
    EXPECT_EQ(warning(R"({"quant_method": "compressed-tensors",
        "ignore": ["lm_head", "re:.*self_attn.*"],
        "config_groups": {"group_0": {"targets": ["Linear"],
          "weights": {"num_bits": 8, "type": "float"}}}})"),
              "attention bf16, analysed at fp8");
    // An exact name in compressed-tensors is that module only: "self_attn" names none.
    EXPECT_EQ(warning(R"({"quant_method": "compressed-tensors", "ignore": ["self_attn"],
        "config_groups": {"group_0": {"targets": ["Linear"],
          "weights": {"num_bits": 8, "type": "float"}}}})"),
              "");
    // FineGrainedFP8's modules_to_not_convert, by transformers' should_convert_module: a regex
    // at the start of the name ("model.layers.*.self_attn" is regex: layers, anything, then
    // self_attn), or the name's end.
    EXPECT_EQ(warning(R"({"quant_method": "fp8", "weight_block_size": [128, 128],
        "modules_to_not_convert": ["model.layers.*.self_attn", "lm_head"]})"),
              "attention bf16, analysed at fp8");
    EXPECT_EQ(warning(R"({"quant_method": "fp8", "modules_to_not_convert": ["down_proj"]})"),
              "dense MLPs bf16 (33% of them), analysed at fp8");
    // A weights scheme the reader cannot name: unknown, as before.
    EXPECT_EQ(parts(config(R"({"quant_method": "compressed-tensors",
        "config_groups": {"group_0": {"targets": ["Linear"],
          "weights": {"num_bits": 3, "type": "int"}}}})")),
              "bf16/bf16/bf16 unknown");
}

// gpt-oss's modules_to_not_convert names the attention, the routers, the embedding and
// lm_head; an edited list that names the experts keeps them in bf16 (transformers' Mxfp4
// quantizer then converts nothing).
TEST(Checkpoint, Mxfp4ExpertsLeftOutStayInTheDtype) {
    const Model m = preset("gpt-oss-20b");
    EXPECT_EQ(m.checkpoint.experts, Precision::Mxfp4);
    const Loaded<Model> edited = roofline::io::parseModelConfig(
        R"({"model_type": "gpt_oss", "hidden_size": 2880, "intermediate_size": 2880,
        "num_hidden_layers": 2, "num_attention_heads": 64, "num_key_value_heads": 8,
        "head_dim": 64, "vocab_size": 201088, "num_local_experts": 32,
        "num_experts_per_tok": 4, "sliding_window": 128,
        "layer_types": ["sliding_attention", "full_attention"],
        "quantization_config": {"quant_method": "mxfp4",
          "modules_to_not_convert": ["model.layers.*.self_attn", "model.layers.*.mlp.experts",
            "lm_head"]}})",
        "config.json", "edited");
    ASSERT_TRUE(edited.ok()) << roofline::describe(edited.issues);
    EXPECT_EQ(edited.value->checkpoint.experts, Precision::Bf16);
    EXPECT_EQ(edited.value->checkpoint.linear, Precision::Bf16);
}

// A Kimi-K2 NVFP4 checkpoint (tests/data/checkpoints/kimi-k2-nvfp4: Kimi K2's shapes with the
// ModelOpt quantization_config NVIDIA's NVFP4 exports carry, see its README). The ignore list
// keeps lm_head, layer 0 whole, and in layers 1-60 the attention and the shared expert in bf16:
// only the routed experts are nvfp4. A substring reading found "experts" in
// "mlp.shared_experts*" and kept every expert in bf16 (2× the stored bytes and more).
TEST(Checkpoint, KimiK2Nvfp4KeepsAttentionAndSharedExpertsInBf16) {
    const Loaded<Model> loaded = roofline::io::loadModelFile(
        std::string(ROOFLINE_TEST_DATA_DIR) + "/checkpoints/kimi-k2-nvfp4/config.json");
    ASSERT_TRUE(loaded.ok()) << roofline::describe(loaded.issues);
    const Model& m = *loaded.value;
    EXPECT_EQ(m.checkpoint.linear, Precision::Bf16);    // attention, layer 0's MLP: left out
    EXPECT_EQ(m.checkpoint.experts, Precision::Nvfp4);  // the routed experts
    EXPECT_EQ(m.checkpoint.tables, Precision::Bf16);
    // The engine has one precision for routed and shared experts: the shared ones (1 of 385
    // experts a layer) are analysed at nvfp4, and a warning says so.
    bool warned = false;
    for (const roofline::Issue& i : loaded.issues) {
        warned = warned || (i.severity == Severity::Warning &&
                            i.found == "shared experts bf16, analysed at nvfp4");
    }
    EXPECT_TRUE(warned) << roofline::describe(loaded.issues);

    // Weight bytes by hand (Kimi K2: h 7168, 61 layers, layer 0 dense (I 18,432), layers 1-60
    // MoE: 384 routed + 1 shared expert of 2048; MLA q_lora 1536, kv_lora 512, 64 heads of
    // 128 + 64 rope, v 128; vocabulary 163,840, untied):
    //   routed experts 60 · 384 · 3 · 7168 · 2048 = 1,014,686,023,680 parameters;
    //   shared experts 60 · 3 · 7168 · 2048 = 2,642,411,520;
    //   the experts' 1,017,328,435,200 at nvfp4 (0.5625 byte) instead of bf16 (2):
    //   1,017,328,435,200 · 1.4375 = 1,462,409,625,600 bytes fewer; nothing else changes.
    const roofline::Workload bf16;
    const roofline::Workload ckpt = roofline::withCheckpointWeights(bf16, m);
    const Analysis a = analyzed(m, bf16, "b200");
    const Analysis b = analyzed(m, ckpt, "b200");
    EXPECT_DOUBLE_EQ(a.memory.weightBytes - b.memory.weightBytes, 1'462'409'625'600.0);
    //   Stored: routed 1,014,686,023,680 · 0.5625 = 570,760,888,320 bytes; shared (analysed
    //   at nvfp4) 2,642,411,520 · 0.5625 = 1,486,356,480; attention per layer q_a 7168·1536
    //   = 11,010,048, q_b 1536·64·192 = 18,874,368, kv_a 7168·576 = 4,128,768, kv_b
    //   512·64·256 = 8,388,608, o 8192·7168 = 58,720,256 -> 101,122,048, · 61 · 2 bytes =
    //   12,336,889,856; layer 0's MLP 3·7168·18,432 · 2 = 792,723,456; routers 60 · 384 · 7168
    //   · 2 = 330,301,440; embedding and lm_head 2 · 163,840 · 7168 · 2 = 4,697,620,480.
    //   Matrices: 590,404,780,032 bytes (about 590 GB), plus the norms and router biases
    //   (61 · (2·7168 + 1536 + 512) + 7168 + 60 · 384 = 1,029,632 vectors, 2 bytes each:
    //   2,059,264). Total 590,406,839,296.
    EXPECT_DOUBLE_EQ(b.memory.weightBytes, 590'406'839'296.0);
}

TEST(Checkpoint, TheNoticeSaysWhatWasReadAndWhetherCheckpointReadsIt) {
    EXPECT_EQ(notice(R"({"quant_method": "fp8", "fmt": "e4m3", "weight_block_size": [128, 128]})"),
              "fp8 weights (e4m3) in 128×128 blocks, one scale each (the embedding, lm_head and "
              "routers bf16); --weights checkpoint analyses at these precisions");
    EXPECT_EQ(notice(R"({"quant_method": "mxfp4"})"),
              "mxfp4 experts (4-bit values with one 8-bit scale per 32, 4.25 bits a weight), the "
              "other weights bf16; --weights checkpoint analyses at these precisions");
    EXPECT_EQ(notice(R"({"quant_method": "gptq", "bits": 4})"),
              "gptq quantization ({\"bits\":4,\"quant_method\":\"gptq\"}), which this tool does "
              "not map to the layers: choose --weights to match");
}

TEST(Checkpoint, GptOssMxfp4ExpertsCountWithTheirScales) {
    // gpt-oss-20b (config.json): h = 2880, 24 layers, 32 experts of intermediate 2880 each,
    // gate_up (h × 2·2880) and down (2880 × h): 3 · 2880 · 2880 = 24,883,200 per expert,
    // × 32 × 24 = 19,110,297,600 expert matrix parameters. With the checkpoint they are
    // mxfp4 (0.53125 byte) instead of bf16 (2): 19,110,297,600 × 1.46875 = 28,068,249,600
    // bytes fewer, and nothing else changes (attention, router, embedding and lm_head stay
    // bf16 in both).
    const Model m = preset("gpt-oss-20b");
    roofline::Workload bf16;
    const roofline::Workload ckpt = roofline::withCheckpointWeights(bf16, m);
    EXPECT_EQ(ckpt.weightPrecision, Precision::Bf16);
    EXPECT_EQ(ckpt.expertWeightPrecision, Precision::Mxfp4);
    EXPECT_EQ(ckpt.embeddingWeightPrecision, std::nullopt);
    const Analysis a = analyzed(m, bf16, "h100-sxm");
    const Analysis b = analyzed(m, ckpt, "h100-sxm");
    EXPECT_DOUBLE_EQ(a.memory.weightBytes - b.memory.weightBytes, 28'068'249'600.0);
    // The decode step at B = 1 reads k = 4 experts' slices in each of 24 layers: their
    // matrices at 0.53125/2 of the bf16 bytes (gpt-oss has no shared expert), their biases at
    // the activation precision either way: up 4 × 24 × 5,760 × 2 = 1,105,920 bytes of bias,
    // down 4 × 24 × 2,880 × 2 = 552,960. Attention, router and lm_head are unchanged.
    const double upBias = 1'105'920.0;
    const double downBias = 552'960.0;
    EXPECT_DOUBLE_EQ(opWeightBytes(b, OperatorId::MoeUp),
                     (opWeightBytes(a, OperatorId::MoeUp) - upBias) * 0.53125 / 2.0 + upBias);
    EXPECT_DOUBLE_EQ(opWeightBytes(b, OperatorId::MoeDown),
                     (opWeightBytes(a, OperatorId::MoeDown) - downBias) * 0.53125 / 2.0 + downBias);
    EXPECT_EQ(opWeightBytes(b, OperatorId::QkvProj), opWeightBytes(a, OperatorId::QkvProj));
    EXPECT_EQ(opWeightBytes(b, OperatorId::LmHead), opWeightBytes(a, OperatorId::LmHead));
    EXPECT_EQ(opWeightBytes(b, OperatorId::MoeRouter), opWeightBytes(a, OperatorId::MoeRouter));
    // The scheme's slider position is none of the named schemes.
    EXPECT_EQ(roofline::quantizationOf(ckpt), std::nullopt);
    EXPECT_EQ(
        roofline::quantizationOf(roofline::withQuantization(ckpt, roofline::Quantization::W8A8)),
        roofline::Quantization::W8A8);
}

TEST(Checkpoint, DeepSeekV3KeepsItsTablesAndRoutersInBf16) {
    // DeepSeek-V3's fp8 checkpoint against --weights fp8 for every matrix: the embedding and
    // lm_head (2 × 129,280 × 7,168 = 1,853,358,080) and the 58 MoE layers' routers
    // (58 × 256 × 7,168 = 106,430,464) stay bf16, one byte more each: 1,959,788,544 bytes.
    const Model m = preset("deepseek-v3");
    roofline::Workload fp8;
    fp8.weightPrecision = Precision::Fp8;
    fp8.activationPrecision = Precision::Fp8;
    roofline::Workload ckpt = roofline::withCheckpointWeights(fp8, m);
    EXPECT_EQ(ckpt.weightPrecision, Precision::Fp8);
    EXPECT_EQ(ckpt.expertWeightPrecision, std::nullopt);
    EXPECT_EQ(ckpt.embeddingWeightPrecision, Precision::Bf16);
    EXPECT_EQ(ckpt.activationPrecision, Precision::Fp8);  // activations are not the checkpoint's
    const Analysis a = analyzed(m, fp8, "h200");
    const Analysis b = analyzed(m, ckpt, "h200");
    EXPECT_DOUBLE_EQ(b.memory.weightBytes - a.memory.weightBytes, 1'959'788'544.0);
}

TEST(Checkpoint, ScenarioFilesAndOptionsSayCheckpoint) {
    ScenarioFile file;
    file.model = "gpt-oss-20b";
    file.checkpointWeights = true;
    const std::string text = roofline::io::toJson(file);
    EXPECT_NE(text.find("\"weights\": \"checkpoint\""), std::string::npos) << text;
    const Loaded<ScenarioFile> back = roofline::io::parseScenarioFile(text, "s.json");
    ASSERT_TRUE(back.ok()) << roofline::describe(back.issues);
    EXPECT_EQ(*back.value, file);
    const roofline::io::ResolvedScenario r = roofline::io::resolve(*back.value);
    ASSERT_TRUE(r.ok()) << roofline::describe(r.issues);
    EXPECT_EQ(r.scenario.workload.expertWeightPrecision, Precision::Mxfp4);

    // Explicit parts round-trip too.
    ScenarioFile parts;
    parts.workload.weightPrecision = Precision::Fp8;
    parts.workload.expertWeightPrecision = Precision::Nvfp4;
    parts.workload.embeddingWeightPrecision = Precision::Bf16;
    const Loaded<ScenarioFile> again =
        roofline::io::parseScenarioFile(roofline::io::toJson(parts), "p.json");
    ASSERT_TRUE(again.ok()) << roofline::describe(again.issues);
    EXPECT_EQ(*again.value, parts);

    // "checkpoint" with a part named: that part overrides what the checkpoint stores.
    // gpt-oss-20b stores its experts in mxfp4 and the rest in bf16; the file asks for nvfp4
    // experts and fp8 tables, and keeps the bf16 attention. It round-trips with both parts
    // (the fuzzer's crash of stop 24: toJson dropped them beside "checkpoint").
    ScenarioFile over;
    over.model = "gpt-oss-20b";
    over.checkpointWeights = true;
    over.workload.expertWeightPrecision = Precision::Nvfp4;
    over.workload.embeddingWeightPrecision = Precision::Fp8;
    const std::string overText = roofline::io::toJson(over);
    EXPECT_NE(overText.find("\"expert_weights\": \"nvfp4\""), std::string::npos) << overText;
    const Loaded<ScenarioFile> overBack = roofline::io::parseScenarioFile(overText, "o.json");
    ASSERT_TRUE(overBack.ok()) << roofline::describe(overBack.issues);
    EXPECT_EQ(*overBack.value, over);
    const roofline::io::ResolvedScenario ro = roofline::io::resolve(*overBack.value);
    ASSERT_TRUE(ro.ok()) << roofline::describe(ro.issues);
    EXPECT_EQ(ro.scenario.workload.weightPrecision, Precision::Bf16);
    EXPECT_EQ(ro.scenario.workload.expertWeightPrecision, Precision::Nvfp4);
    EXPECT_EQ(ro.scenario.workload.embeddingWeightPrecision, Precision::Fp8);
    // Only one part named: the other stays as stored (the embedding in bf16 = the linear
    // precision, so no separate part).
    over.workload.embeddingWeightPrecision.reset();
    const roofline::io::ResolvedScenario r1 = roofline::io::resolve(over);
    ASSERT_TRUE(r1.ok()) << roofline::describe(r1.issues);
    EXPECT_EQ(r1.scenario.workload.expertWeightPrecision, Precision::Nvfp4);
    EXPECT_EQ(r1.scenario.workload.embeddingWeightPrecision, std::nullopt);

    // A bad value names the key and every accepted value.
    const Loaded<ScenarioFile> bad = roofline::io::parseScenarioFile(
        R"({"schema_version": 1, "hardware": "h100-sxm", "model": "llama-3.1-8b",
            "weights": "ckpt"})",
        "bad.json");
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(roofline::describe(bad.issues).find("/weights"), std::string::npos);
    EXPECT_NE(roofline::describe(bad.issues).find("or \"checkpoint\""), std::string::npos)
        << roofline::describe(bad.issues);
}

TEST(Checkpoint, AnUnmappedSchemeIsAnErrorAtResolve) {
    // A compressed-tensors checkpoint cannot be analysed "as stored": resolve() says so at
    // /weights rather than guess.
    const std::string dir = ::testing::TempDir();
    const std::string path = dir + "/ct-config.json";
    {
        std::FILE* f = std::fopen(path.c_str(), "w");
        ASSERT_NE(f, nullptr);
        const std::string text = R"({"model_type": "llama", "hidden_size": 4096,
            "intermediate_size": 14336, "num_hidden_layers": 32, "num_attention_heads": 32,
            "num_key_value_heads": 8, "vocab_size": 128256,
            "quantization_config": {"quant_method": "compressed-tensors"}})";
        std::fputs(text.c_str(), f);
        std::fclose(f);
    }
    ScenarioFile file;
    file.model = path;
    file.checkpointWeights = true;
    const roofline::io::ResolvedScenario r = roofline::io::resolve(file);
    EXPECT_FALSE(r.ok());
    EXPECT_NE(roofline::describe(r.issues).find("/weights"), std::string::npos)
        << roofline::describe(r.issues);
}

TEST(Checkpoint, TheWeightsOptionTakesCheckpoint) {
    ScenarioFile s;
    std::int64_t gqa = 0;
    for (const roofline::io::ScenarioOption& o : roofline::io::scenarioOptionTable()) {
        if (o.name == std::string_view("--weights")) {
            EXPECT_EQ(o.apply("checkpoint", s, gqa), "");
            EXPECT_TRUE(s.checkpointWeights);
            EXPECT_EQ(o.apply("fp8", s, gqa), "");
            EXPECT_FALSE(s.checkpointWeights);
            EXPECT_EQ(s.workload.weightPrecision, Precision::Fp8);
            EXPECT_EQ(
                o.apply("fp5", s, gqa),
                "--weights expects one of fp32, bf16, fp16, fp8, int8, int4, fp4, fp6, mxfp4, "
                "nvfp4, or checkpoint, got 'fp5'");
        }
        if (o.name == std::string_view("--expert-weights")) {
            EXPECT_EQ(o.apply("mxfp4", s, gqa), "");
            EXPECT_EQ(s.workload.expertWeightPrecision, Precision::Mxfp4);
        }
    }
}

}  // namespace
