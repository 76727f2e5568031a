// SPDX-License-Identifier: GPL-3.0-or-later
#include "roofline/model.h"

#include <algorithm>

#include "cnn_layers.h"
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

double d(std::int64_t v) { return static_cast<double>(v); }

void addAttention(const Model& m, double devices, ParameterSplit& p) {
    const double h = d(m.hiddenSize);
    const double nq = d(m.numQueryHeads) / devices;
    if (m.mla.enabled()) {
        const MlaShape& a = m.mla;
        const double qHead = d(a.qkNopeHeadDim + a.qkRopeHeadDim);
        if (a.qLoraRank > 0) {
            p.matrices += h * d(a.qLoraRank) + d(a.qLoraRank) * nq * qHead;
            p.vectors += d(a.qLoraRank);  // q_a_layernorm
        } else {
            p.matrices += h * nq * qHead;
        }
        p.matrices += h * d(a.kvLoraRank + a.qkRopeHeadDim);           // kv_a_proj_with_mqa
        p.vectors += d(a.kvLoraRank);                                  // kv_a_layernorm
        p.matrices += d(a.kvLoraRank) * nq * d(a.qkNopeHeadDim + a.vHeadDim);  // kv_b_proj
        p.matrices += nq * d(a.vHeadDim) * h;                          // o_proj
    } else {
        const double dh = d(m.headDim);
        const double qkvOut = (nq + 2.0 * kvHeadsPerDevice(m, devices)) * dh;
        p.matrices += h * qkvOut + nq * dh * h;
        if (m.qkvBias) {
            p.vectors += qkvOut;
        }
        if (m.qkNorm) {
            p.vectors += 2.0 * dh;
        }
    }
    if (m.oBias) {
        p.vectors += h;  // o_proj bias: replicated, added once after the all-reduce
    }
    if (m.attentionSinks) {
        p.vectors += nq;
    }
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
    p.matrices += d(e.tokens()) * h;     // position embeddings, one row per token
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

}  // namespace

double kvHeadsPerDevice(const Model& m, double devices) {
    return std::max(1.0, d(m.numKvHeads) / devices);
}

DeviceParameters deviceParameters(const Model& m, double devices) {
    if (m.kind == ModelKind::Encoder) {
        return encoderParameters(m, devices);
    }
    if (m.kind == ModelKind::Cnn) {
        return cnnParameters(m);
    }
    const double h = d(m.hiddenSize);
    ParameterSplit total;
    total.matrices = d(m.vocabSize) / devices * h * (m.tieWordEmbeddings ? 1.0 : 2.0);
    total.vectors = h;  // final norm

    ParameterSplit layer;
    addAttention(m, devices, layer);
    layer.vectors += d(m.normsPerLayer) * h;

    DeviceParameters out{total, total};
    for (const LayerGroup& g : m.layerGroups) {
        ParameterSplit p = layer;
        ParameterSplit expert;  // one routed expert
        if (g.moe) {
            const MoeShape& e = m.moe;
            p.matrices += h * d(e.numExperts);  // router, replicated
            if (e.routerBias) {
                p.vectors += d(e.numExperts);
            }
            addMlp(m, d(e.expertIntermediateSize) / devices, e.expertBias, expert);
            if (e.sharedIntermediateSize > 0) {
                addMlp(m, d(e.sharedIntermediateSize) / devices, false, p);
                if (e.sharedExpertGate) {
                    p.matrices += h;
                }
            }
        } else {
            addMlp(m, d(m.intermediateSize) / devices, m.mlpBias, p);
        }
        const double layers = d(g.count);
        const auto add = [&](ParameterSplit& into, double experts) {
            into.matrices += layers * (p.matrices + experts * expert.matrices);
            into.vectors += layers * (p.vectors + experts * expert.vectors);
        };
        add(out.held, g.moe ? d(m.moe.numExperts) : 0.0);
        add(out.active, g.moe ? d(m.moe.expertsPerToken) : 0.0);
    }
    return out;
}

}  // namespace detail

ParameterCount countParameters(const Model& model) {
    ParameterCount count;
    const detail::DeviceParameters p = detail::deviceParameters(model, 1.0);
    count.total = p.held.total();
    count.activePerToken = p.active.total();
    return count;
}

double kvCacheElementsPerToken(const Model& m) {
    if (m.kind != ModelKind::Decoder) {
        return 0.0;  // no KV cache
    }
    const double perLayer =
        m.mla.enabled() ? static_cast<double>(m.mla.kvLoraRank + m.mla.qkRopeHeadDim)
                        : 2.0 * static_cast<double>(m.numKvHeads * m.headDim);
    return perLayer * static_cast<double>(m.numLayers);
}

}  // namespace roofline
