// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/model.h"

#include <algorithm>

#include "cnn_layers.h"
#include "layers/layer_kind.h"
#include "parameters.h"

namespace roofline {

std::string_view toString(ModelKind kind) {
    switch (kind) {
        case ModelKind::Decoder:
            return "decoder";
        case ModelKind::Encoder:
            return "encoder";
        case ModelKind::Cnn:
            return "cnn";
    }
    return "decoder";
}

namespace detail {

namespace {

// A vision transformer's attention (MHA with biases): the same as a decoder's attention
// layer kind.
void addAttention(const Model& m, double devices, ParameterSplit& p) {
    attentionMixer().parameters(m, LayerGroup{.count = 1}, devices, p);
}

void addMlp(const Model& m, double inter, bool bias, ParameterSplit& p) {
    const double h = d(m.hiddenSize);
    p.matrices += (m.gatedMlp ? 3.0 : 2.0) * h * inter;
    if (bias) {
        p.vectors += (m.gatedMlp ? 2.0 : 1.0) * inter + h;
    }
}

// A vision transformer (EncoderShape), heads and MLP split over `devices` like a decoder's;
// the patch embedding, position embeddings, norms and heads replicated. LayerNorms carry a
// weight and a bias (2h each). Every parameter is used by every image: held = active.
DeviceParameters encoderParameters(const Model& m, double devices) {
    const EncoderShape& e = m.encoder;
    const double h = d(m.hiddenSize);
    const double patchIn = d(e.patchSize * e.patchSize * e.numChannels);
    ParameterSplit p;
    p.matrices += patchIn * h;           // patch embedding (a p×p stride-p convolution)
    p.vectors += e.patchBias ? h : 0.0;  // its bias
    p.vectors += e.classToken ? h : 0.0;
    p.matrices += d(e.tokens()) * h;                     // position embeddings, one row per token
    p.vectors += (e.preNorm ? 2.0 : 0.0) * h + 2.0 * h;  // pre-norm (CLIP), final norm

    ParameterSplit layer;
    addAttention(m, devices, layer);
    addMlp(m, d(m.intermediateSize) / devices, m.mlpBias, layer);
    layer.vectors += d(m.normsPerLayer) * 2.0 * h;  // LayerNorm: weight and bias
    p.matrices += d(m.numLayers) * layer.matrices;
    p.vectors += d(m.numLayers) * layer.vectors;

    p.matrices += (e.pooler ? h * h : 0.0) + h * d(e.numLabels) + h * d(e.projectionDim);
    p.vectors += (e.pooler ? h : 0.0) + d(e.numLabels);  // pooler and classifier biases
    return {p, p};
}

// A ResNet: every convolution's weights, each followed by a batch norm (weight and bias),
// and the classifier. Not split over devices (CNNs run on one; validate() says so).
DeviceParameters cnnParameters(const Model& m) {
    ParameterSplit p;
    forEachConv(m.cnn, [&](const Conv& c) {
        p.matrices += c.outChannels * c.inChannels * c.kernel * c.kernel;
        p.vectors += 2.0 * c.outChannels;
    });
    const double features =
        m.cnn.hiddenSizes.empty() ? d(m.cnn.embeddingSize) : d(m.cnn.hiddenSizes.back());
    p.matrices += features * d(m.cnn.numLabels);
    p.vectors += d(m.cnn.numLabels);
    return {p, p};
}

// One group's layers: its mixer's and MLP's parameters (layer kinds) and its norms.
void addLayerGroup(const Model& m, const LayerGroup& g, double layers, double devices,
                   double attentionSplit, DeviceParameters& out) {
    ParameterSplit mixer;
    mixerKind(g.mixer).parameters(m, g, attentionSplit, mixer);
    mixer.vectors += groupShape(m, g, attentionSplit, devices).norms * d(m.hiddenSize);
    ParameterSplit held = mixer, active = mixer;
    mlpKind(g.mlp).parameters(m, g, devices, held, active);
    out.held.add(held, layers);
    out.active.add(active, layers);
}

}  // namespace

double kvHeadsPerDevice(const Model& m, double devices) {
    return std::max(1.0, d(m.numKvHeads) / devices);
}

DeviceParameters deviceParameters(const Model& m, double devices, double attentionSplit) {
    if (m.kind == ModelKind::Encoder) {
        return encoderParameters(m, devices);
    }
    if (m.kind == ModelKind::Cnn) {
        return cnnParameters(m);
    }
    const double h = d(m.hiddenSize);
    ParameterSplit total;
    total.tableMatrices = d(m.vocabSize) / devices * h * (m.tieWordEmbeddings ? 1.0 : 2.0);
    total.vectors = h;  // final norm
    if (m.perLayerInputSize > 0) {
        // Gemma 4's per-layer inputs (modeling_gemma4.py Gemma4TextModel and
        // Gemma4TextDecoderLayer): the table (vocab-parallel, as the embedding) and the
        // model-level projection with its norm; per layer a gate, a projection and a norm.
        const double L = d(m.numLayers), width = d(m.perLayerInputSize);
        total.tableMatrices += d(m.perLayerInputVocab) / devices * L * width;
        total.matrices += h * L * width / devices + L * 2.0 * h * width / devices;
        total.vectors += width + L * h;
    }

    DeviceParameters out{total, total};
    for (const LayerGroup& g : m.layerGroups) {
        addLayerGroup(m, g, d(g.count), devices, attentionSplit, out);
    }
    return out;
}

double mtpParameters(const Model& m, double devices, double attentionSplit) {
    if (m.mtp.count <= 0) {
        return 0.0;
    }
    DeviceParameters p;
    addLayerGroup(m, m.mtp, d(m.mtp.count), devices, attentionSplit, p);
    // Per MTP layer: enorm and hnorm, the 2h → h projection (eh_proj) and the shared head's
    // norm; the embedding and lm_head are the model's own.
    const double h = d(m.hiddenSize);
    return p.held.total() + d(m.mtp.count) * (3.0 * h + 2.0 * h * h / devices);
}

}  // namespace detail

ParameterCount countParameters(const Model& model) {
    ParameterCount count;
    const detail::DeviceParameters p = detail::deviceParameters(model, 1.0, 1.0);
    count.total = p.held.total();
    count.activePerToken = p.active.total();
    count.mtp = detail::mtpParameters(model, 1.0, 1.0);
    count.vision = model.visionParameters;
    return count;
}

namespace {

// Σ over the layers' cache streams of count × f(stream), on one device of the whole model.
template <class PerStream>
double sumCacheStreams(const Model& m, double kvBytesPerElement, PerStream perStream) {
    if (m.kind != ModelKind::Decoder) {
        return 0.0;  // encoders and CNNs keep no cache
    }
    double bytes = 0.0;
    for (const LayerGroup& g : m.layerGroups) {
        const detail::CacheStreams c =
            detail::mixerKind(g.mixer).cache(m, g, 1.0, kvBytesPerElement);
        for (std::size_t i = 0; i < c.size; ++i) {
            bytes += static_cast<double>(g.count) * perStream(c.streams[i]);
        }
    }
    return bytes;
}

}  // namespace

double kvCacheBytesPerToken(const Model& m, double kvBytesPerElement) {
    // A stream that keeps nothing (a KV-shared layer's reads) is not in the cache.
    return sumCacheStreams(m, kvBytesPerElement, [](const detail::CacheStream& s) {
        return s.keepCap > 0.0 ? s.bytesPerToken : 0.0;
    });
}

double kvCacheBytesPerSequence(const Model& m, double tokens, double kvBytesPerElement) {
    return sumCacheStreams(m, kvBytesPerElement, [tokens](const detail::CacheStream& s) {
        return std::min(tokens, s.keepCap) * s.bytesPerToken;
    });
}

bool usesKvHeads(const Model& m) {
    return m.kind == ModelKind::Decoder &&
           std::any_of(m.layerGroups.begin(), m.layerGroups.end(),
                       [](const LayerGroup& g) { return g.mixer == MixerKind::Attention; });
}

double stateBytesPerSequence(const Model& m) {
    if (m.kind != ModelKind::Decoder) {
        return 0.0;
    }
    double bytes = 0.0;
    for (const LayerGroup& g : m.layerGroups) {
        bytes += static_cast<double>(g.count) * detail::mixerKind(g.mixer).stateBytes(m, g, 1.0);
    }
    return bytes;
}

std::string_view toString(MixerKind kind) {
    switch (kind) {
        case MixerKind::None:
            return "none";
        case MixerKind::Attention:
            return "attention";
        case MixerKind::Mla:
            return "mla";
        case MixerKind::SparseMla:
            return "sparse_mla";
        case MixerKind::GatedDeltaNet:
            return "gated_deltanet";
        case MixerKind::Mamba2:
            return "mamba2";
        case MixerKind::Linear:
            return "linear";
    }
    return "attention";
}

std::string_view toString(AttentionSpan span) {
    switch (span) {
        case AttentionSpan::Full:
            return "full";
        case AttentionSpan::Sliding:
            return "sliding";
        case AttentionSpan::Chunked:
            return "chunked";
    }
    return "full";
}

std::string_view toString(MlpKind kind) {
    switch (kind) {
        case MlpKind::None:
            return "none";
        case MlpKind::Dense:
            return "dense";
        case MlpKind::Moe:
            return "moe";
        case MlpKind::Linear:
            return "linear";
    }
    return "dense";
}

}  // namespace roofline
