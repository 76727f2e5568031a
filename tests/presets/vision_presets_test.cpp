// SPDX-License-Identifier: GPL-3.0-or-later
// The vision presets (ViT-L/16, CLIP ViT-L/14, ResNet-50) load from their config.json with
// exact parameter counts, and vision configs the loader cannot read say why.

#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "roofline/analysis.h"
#include "roofline/io/presets.h"
#include "roofline/model.h"
#include "roofline/validate.h"

namespace {

using roofline::Model;
using roofline::ModelKind;
using roofline::io::Loaded;
using roofline::io::parseModelConfig;

const std::string kFile = "configs/vision/config.json";

Model load(const std::string& id) {
    const Loaded<Model> m = roofline::io::builtinModel(id);
    EXPECT_TRUE(m.ok()) << roofline::describe(m.issues);
    EXPECT_TRUE(m.issues.empty()) << roofline::describe(m.issues);
    return m.value.value_or(Model{});
}

TEST(VisionPresets, VitLarge16LoadsAsAnEncoderWith304326632Parameters) {
    // Derived in tests/core/vision_test.cpp: 304,326,632 (timm: 304.3 M).
    const Model m = load("vit-large-patch16-224");
    EXPECT_EQ(m.kind, ModelKind::Encoder);
    EXPECT_EQ(m.encoder.tokens(), 197);  // (224/16)² patches + [CLS]
    EXPECT_EQ(m.encoder.numLabels, 1000);
    EXPECT_FALSE(m.encoder.pooler);
    EXPECT_EQ(roofline::countParameters(m).total, 304'326'632.0);
}

TEST(VisionPresets, ClipLarge14LoadsItsVisionTowerAndProjection) {
    // Vision tower 303,179,776 (≈ 303.2 M) + visual projection 1024·768 = 786,432.
    const Model m = load("clip-vit-large-patch14");
    EXPECT_EQ(m.kind, ModelKind::Encoder);
    EXPECT_EQ(m.encoder.tokens(), 257);  // (224/14)² + 1
    EXPECT_EQ(m.encoder.projectionDim, 768);
    EXPECT_FALSE(m.encoder.patchBias);
    EXPECT_TRUE(m.encoder.preNorm);
    EXPECT_EQ(roofline::countParameters(m).total, 303'179'776.0 + 786'432.0);
}

TEST(VisionPresets, Resnet50LoadsAsACnnWith25557032Parameters) {
    const Model m = load("resnet-50");
    EXPECT_EQ(m.kind, ModelKind::Cnn);
    EXPECT_EQ(m.cnn.imageSize, 224);  // ResNetConfig has none: the default
    EXPECT_TRUE(m.cnn.bottleneck);
    EXPECT_FALSE(m.cnn.downsampleInFirstStage);
    EXPECT_EQ(roofline::countParameters(m).total, 25'557'032.0);
}

TEST(VisionPresets, ClipVisionModelWithProjectionReadsItsTopLevelFields) {
    // CLIPVisionModelWithProjection's own config: the tower's fields at the top, the
    // projection from its projection_dim. Same counts as the preset's vision tower.
    const Loaded<Model> m = parseModelConfig(
        R"({"architectures": ["CLIPVisionModelWithProjection"], "model_type": "clip_vision_model",
            "hidden_size": 1024, "intermediate_size": 4096, "num_attention_heads": 16,
            "num_hidden_layers": 24, "image_size": 224, "patch_size": 14,
            "projection_dim": 768})",
        kFile, "clip-vision");
    ASSERT_TRUE(m.ok()) << roofline::describe(m.issues);
    EXPECT_EQ(roofline::countParameters(*m.value).total, 303'179'776.0 + 786'432.0);
}

TEST(VisionPresets, ViTModelWithoutAHeadHasItsPooler) {
    // ViTModel (no task head): ViT-L/16's 304,326,632 − classifier 1,025,000 + pooler
    // 1024² + 1024 = 1,049,600: 304,351,232.
    const Loaded<Model> m = parseModelConfig(
        R"({"architectures": ["ViTModel"], "model_type": "vit", "hidden_size": 1024,
            "intermediate_size": 4096, "num_attention_heads": 16, "num_hidden_layers": 24,
            "image_size": 224, "patch_size": 16})",
        kFile, "vit");
    ASSERT_TRUE(m.ok()) << roofline::describe(m.issues);
    EXPECT_TRUE(m.value->encoder.pooler);
    EXPECT_EQ(m.value->encoder.numLabels, 0);
    EXPECT_EQ(roofline::countParameters(*m.value).total, 304'351'232.0);
}

TEST(VisionPresets, ListedWithTheOtherModels) {
    const std::vector<std::string> ids = roofline::io::modelIds();
    for (const char* id : {"vit-large-patch16-224", "clip-vit-large-patch14", "resnet-50"}) {
        EXPECT_NE(std::find(ids.begin(), ids.end(), id), ids.end()) << id;
    }
}

TEST(VisionConfigErrors, UnsupportedArchitectureNamesFileKeyExpectedAndFound) {
    const Loaded<Model> m = parseModelConfig(
        R"({"architectures": ["SwinForImageClassification"], "model_type": "swin"})", kFile,
        "swin");
    ASSERT_FALSE(m.ok());
    ASSERT_EQ(m.issues.size(), 1u);
    EXPECT_EQ(m.issues[0].file, kFile);
    EXPECT_EQ(m.issues[0].pointer, "/model_type");
    EXPECT_NE(m.issues[0].expected.find("vit"), std::string::npos);
    EXPECT_NE(m.issues[0].expected.find("resnet"), std::string::npos);
    EXPECT_EQ(m.issues[0].found, "\"swin\"");
    EXPECT_NE(m.issues[0].message().find(kFile + ": /model_type must be"), std::string::npos);
}

TEST(VisionConfigErrors, ClipWithoutVisionConfigSaysSo) {
    const Loaded<Model> m =
        parseModelConfig(R"({"architectures": ["CLIPModel"], "model_type": "clip"})", kFile, "c");
    ASSERT_FALSE(m.ok());
    ASSERT_FALSE(m.issues.empty());
    EXPECT_EQ(m.issues[0].pointer, "/vision_config");
    EXPECT_EQ(m.issues[0].found, "missing");
}

TEST(VisionConfigErrors, ResnetUnknownLayerTypeAndBadDepths) {
    const Loaded<Model> m = parseModelConfig(
        R"({"model_type": "resnet", "layer_type": "preact", "hidden_sizes": [64, 128],
            "depths": [2, "two"]})",
        kFile, "r");
    ASSERT_FALSE(m.ok());
    bool layer = false, depths = false;
    for (const roofline::Issue& i : m.issues) {
        layer = layer || (i.pointer == "/layer_type" && i.found == "\"preact\"");
        depths = depths || i.pointer == "/depths";
    }
    EXPECT_TRUE(layer) << roofline::describe(m.issues);
    EXPECT_TRUE(depths) << roofline::describe(m.issues);
}

TEST(VisionConfigErrors, ResnetStagesAndDepthsMustPair) {
    const Loaded<Model> m = parseModelConfig(
        R"({"model_type": "resnet", "hidden_sizes": [64, 128, 256], "depths": [2, 2]})", kFile,
        "r");
    ASSERT_FALSE(m.ok());
    ASSERT_FALSE(m.issues.empty());
    EXPECT_EQ(m.issues[0].pointer, "/depths") << roofline::describe(m.issues);
}

TEST(VisionConfigErrors, VitHiddenSizeNotAMultipleOfHeads) {
    const Loaded<Model> m = parseModelConfig(
        R"({"model_type": "vit", "hidden_size": 1000, "num_hidden_layers": 2,
            "num_attention_heads": 16, "intermediate_size": 4000})",
        kFile, "v");
    ASSERT_FALSE(m.ok());
    ASSERT_FALSE(m.issues.empty());
    EXPECT_EQ(m.issues[0].pointer, "/hidden_size");
}

TEST(VisionConfigErrors, VitPatchLargerThanTheImageIsRefusedAtItsKey) {
    const Loaded<Model> m = parseModelConfig(
        R"({"model_type": "vit", "hidden_size": 64, "num_hidden_layers": 2,
            "num_attention_heads": 4, "intermediate_size": 256, "image_size": 32,
            "patch_size": 64})",
        kFile, "v");
    ASSERT_FALSE(m.ok());
    ASSERT_FALSE(m.issues.empty());
    EXPECT_EQ(m.issues[0].pointer, "/patch_size");
    EXPECT_EQ(m.issues[0].found, "64");
}

}  // namespace
