// SPDX-License-Identifier: GPL-3.0-or-later
// Vision configs, read the way transformers builds the model: ViTModel / ViTFor-
// ImageClassification (modeling_vit.py), CLIPModel's vision tower and visual projection
// (modeling_clip.py), ResNetModel / ResNetForImageClassification (modeling_resnet.py).

#include "vision_config.h"

#include <algorithm>

namespace roofline::io::detail {

namespace {

constexpr std::int64_t kMaxDim = 10'000'000;

// The class named first in "architectures", or "".
std::string firstClass(const ObjectReader& r) {
    const Json* archs = r.find("architectures");
    return archs != nullptr && archs->is_array() && !archs->empty() && archs->front().is_string()
               ? archs->front().get<std::string>()
               : std::string();
}

// Classifier outputs, as PretrainedConfig counts them: num_labels, else the size of
// id2label, else its default of 2. Presets write num_labels instead of 1000 class names.
std::int64_t labels(ObjectReader& r, FieldKeys& keys, const std::string& field) {
    if (r.has("num_labels")) {
        keys.add(field, "/num_labels");
        return r.integer("num_labels", true, 0, kMaxDim).value_or(0);
    }
    if (const Json* map = r.find("id2label"); map != nullptr && map->is_object()) {
        return static_cast<std::int64_t>(map->size());
    }
    return 2;
}

// The transformer fields of a ViT or CLIP vision config (at `prefix` in the file).
void readEncoder(ObjectReader& r, const std::string& prefix, Model& m, FieldKeys& keys) {
    m.hiddenSize = r.integer("hidden_size", true, 1, kMaxDim).value_or(0);
    m.numLayers = r.integer("num_hidden_layers", true, 1, 100'000).value_or(0);
    m.numQueryHeads = r.integer("num_attention_heads", true, 1, kMaxDim).value_or(0);
    m.numKvHeads = m.numQueryHeads;  // full multi-head attention
    m.intermediateSize = r.integer("intermediate_size", true, 1, kMaxDim).value_or(0);
    if (m.numQueryHeads > 0 && m.hiddenSize % m.numQueryHeads != 0) {
        r.error("hidden_size",
                "a multiple of num_attention_heads (" + std::to_string(m.numQueryHeads) + ")",
                std::to_string(m.hiddenSize));
    } else if (m.numQueryHeads > 0) {
        m.headDim = m.hiddenSize / m.numQueryHeads;
    }
    EncoderShape& e = m.encoder;
    e.imageSize = r.integer("image_size", false, 1, 1'000'000).value_or(224);
    e.patchSize = r.integer("patch_size", false, 1, 1'000'000).value_or(16);
    e.numChannels = r.integer("num_channels", false, 1, 10'000).value_or(3);
    for (const auto& [field, key] : {std::pair{"numLayers", "num_hidden_layers"},
                                     {"hiddenSize", "hidden_size"},
                                     {"numQueryHeads", "num_attention_heads"},
                                     {"numKvHeads", "num_attention_heads"},
                                     {"headDim", "hidden_size"},
                                     {"intermediateSize", "intermediate_size"},
                                     {"encoder.imageSize", "image_size"},
                                     {"encoder.patchSize", "patch_size"},
                                     {"encoder.numChannels", "num_channels"}}) {
        keys.add(field, prefix + "/" + key);
    }
    m.kind = ModelKind::Encoder;
    m.vocabSize = 0;
    m.gatedMlp = false;   // fc1, GELU (quick_gelu in CLIP), fc2
    m.normsPerLayer = 2;  // layernorm_before / layernorm_after (CLIP: layer_norm1, 2)
    m.oBias = true;
    m.mlpBias = true;
    m.qkvBias = true;
    m.layerGroups = {LayerGroup{.count = m.numLayers}};  // full attention, dense MLP
}

}  // namespace

bool isVisionType(std::string_view modelType) {
    return std::any_of(std::begin(kVisionArchitectures), std::end(kVisionArchitectures),
                       [&](const VisionArchitecture& a) { return a.modelType == modelType; });
}

void parseVisionConfig(const Json& json, const std::string& type, const std::string& file,
                       const std::string& id, Loaded<Model>& result) {
    ObjectReader r(json, file, "", result.issues);
    FieldKeys keys;
    Model m;
    m.id = id;
    m.architecture = type;
    const std::string cls = firstClass(r);

    if (type == "vit") {
        readEncoder(r, "", m, keys);
        m.qkvBias = r.boolean("qkv_bias", false).value_or(true);
        // ViTModel (no task head) adds a pooler; ViTForImageClassification builds ViTModel
        // without it and puts a classifier on the [CLS] token.
        m.encoder.classToken = true;
        m.encoder.patchBias = true;
        m.encoder.preNorm = false;
        m.encoder.finalNormAllTokens = true;
        m.encoder.pooler = cls == "ViTModel";
        if (cls.find("ForImageClassification") != std::string::npos) {
            m.encoder.numLabels = labels(r, keys, "encoder.numLabels");
        }
    } else if (type == "clip" || type == "clip_vision_model") {
        // CLIPModel nests the vision tower's fields in vision_config; CLIPVisionModel's own
        // config has them at the top.
        const Json* vision = type == "clip" ? r.find("vision_config") : &json;
        if (vision == nullptr || !vision->is_object()) {
            r.error("vision_config", "an object with the vision tower's fields",
                    vision == nullptr ? "missing" : foundText(*vision));
            return;
        }
        const std::string prefix = type == "clip" ? "/vision_config" : "";
        ObjectReader v(*vision, file, prefix, result.issues);
        readEncoder(v, prefix, m, keys);
        // CLIPVisionEmbeddings: a bias-free patch convolution, [CLS], then pre_layrnorm;
        // post_layernorm on the pooled [CLS] token only.
        m.encoder.classToken = true;
        m.encoder.patchBias = false;
        m.encoder.preNorm = true;
        m.encoder.finalNormAllTokens = false;
        // CLIPModel's visual_projection: hidden → projection_dim, no bias.
        if (type == "clip") {
            m.encoder.projectionDim = r.integer("projection_dim", false, 1, kMaxDim).value_or(512);
            keys.add("encoder.projectionDim", "/projection_dim");
        } else if (cls == "CLIPVisionModelWithProjection") {
            m.encoder.projectionDim = v.integer("projection_dim", false, 1, kMaxDim).value_or(512);
            keys.add("encoder.projectionDim", "/projection_dim");
        }
    } else {  // resnet
        m.kind = ModelKind::Cnn;
        CnnShape& c = m.cnn;
        c.numChannels = r.integer("num_channels", false, 1, 10'000).value_or(3);
        c.embeddingSize = r.integer("embedding_size", false, 1, kMaxDim).value_or(64);
        // ResNetConfig has no image size: the checkpoints are trained and evaluated at 224
        // (their image processor crops to 224), which is what a config may override.
        c.imageSize = r.integer("image_size", false, 1, 1'000'000).value_or(224);
        const std::string layerType = r.string("layer_type", false).value_or("bottleneck");
        if (layerType != "bottleneck" && layerType != "basic") {
            r.error("layer_type", "\"bottleneck\" or \"basic\"", "\"" + layerType + "\"");
        }
        c.bottleneck = layerType != "basic";
        c.downsampleInFirstStage = r.boolean("downsample_in_first_stage", false).value_or(false);
        c.downsampleInBottleneck = r.boolean("downsample_in_bottleneck", false).value_or(false);
        const auto list = [&](const char* key, std::vector<std::int64_t>& out) {
            const Json* v = r.find(key);
            if (v == nullptr || !v->is_array() ||
                !std::all_of(v->begin(), v->end(),
                             [](const Json& x) { return x.is_number_integer(); })) {
                r.error(key, "a list of integers, one per stage",
                        v == nullptr ? "missing" : foundText(*v));
                return;
            }
            for (const Json& x : *v) {
                out.push_back(x.get<std::int64_t>());
            }
        };
        list("hidden_sizes", c.hiddenSizes);
        list("depths", c.depths);
        c.numLabels = cls.find("ForImageClassification") != std::string::npos
                          ? labels(r, keys, "cnn.numLabels")
                          : 0;
        for (const auto& [field, key] : {std::pair{"cnn.imageSize", "image_size"},
                                         {"cnn.numChannels", "num_channels"},
                                         {"cnn.embeddingSize", "embedding_size"},
                                         {"cnn.hiddenSizes", "hidden_sizes"},
                                         {"cnn.depths", "depths"}}) {
            keys.add(field, std::string("/") + key);
        }
    }
    if (hasErrors(result.issues)) {
        return;
    }

    m.name = id;
    if (const Json* sidecar = r.find("_roofline"); sidecar != nullptr && sidecar->is_object()) {
        ObjectReader s(*sidecar, file, "/_roofline", result.issues);
        m.name = s.string("name", false).value_or(m.name);
    }
    std::vector<Issue> more = validate(m, file);
    keys.apply(more, &json);
    finish(result, std::move(m), std::move(more));
}

}  // namespace roofline::io::detail
