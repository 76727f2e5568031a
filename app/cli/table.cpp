// SPDX-License-Identifier: GPL-3.0-or-later
// The readable report of `roofline-cli analyze`, and the CSV row shared with `sweep`.

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstring>

#include "cli_internal.h"
#include "roofline/allocation.h"
#include "roofline/explain.h"
#include "roofline/format.h"
#include "roofline/io/explain.h"
#include "roofline/quantization.h"

namespace roofline::cli {

std::string pad(const std::string& text, std::size_t width) {
    // Pads by code points, so "µs" counts as two columns and "×" as one.
    std::size_t columns = 0;
    for (char ch : text) {
        columns += (static_cast<unsigned char>(ch) & 0xC0U) != 0x80U ? 1 : 0;
    }
    return columns >= width ? text + " " : text + std::string(width - columns, ' ');
}

namespace {

// A share of a pass's time as a whole percentage: "62%".
std::string percent(double share) { return formatNumber(share * 100.0, 2) + "%"; }

// "Fewest devices 691 of this kind hold it (its bytes split evenly; a lower bound)".
std::string fewestDevicesLine(const MemoryFootprint& m) {
    if (!m.minDevices) {
        return "Fewest devices: none (the device has no usable memory)\n";
    }
    return "Fewest devices " + formatInteger(*m.minDevices) +
           (*m.minDevices == 1 ? " of this kind holds" : " of this kind hold") +
           " it (its bytes split evenly; a lower bound)\n";
}

// As vLLM prints its concurrency ("%.2fx").
std::string twoDecimals(double value) {
    std::array<char, 32> text{};
    const auto end =
        std::to_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed, 2);
    return {text.data(), end.ptr};
}

// The KV cache as vLLM allocates it (allocation.h), beside the ideal figures above.
std::string allocatedLine(const AllocatedMemory& r) {
    const std::string n = formatInteger(std::llround(r.tokensPerRequest));
    if (!r.available()) {
        return "As vLLM   not modelled (" + r.unavailable + ")";
    }
    return "As vLLM   " + formatInteger(r.blocks) + " blocks of " + formatInteger(r.blockTokens) +
           " tokens (pages of " + formatBytes(r.pageBytes) + " in " + formatInteger(r.groupLayers) +
           " layers × " + formatInteger(r.groups) + " groups) in " + formatBytes(r.kvBudgetBytes) +
           "; " + n + " tokens per request take " + formatInteger(r.blocksPerSequence) + " (" +
           formatBytes(r.bytesPerSequence) + "): maximum concurrency at most " +
           twoDecimals(r.maxConcurrency) + "x per device";
}

void phaseRow(std::ostream& out, const PassCost& p) {
    std::string name(toString(p.kind));
    if (p.repeats != 1.0) {
        name += " ×" + formatNumber(p.repeats);
    }
    out << pad(name, 11) << pad(formatSi(p.flops, "FLOP"), 13) << pad(formatBytes(p.bytes()), 11)
        << pad(formatNumber(p.intensity()) + " FLOP/B", 15)
        << pad(formatDuration(p.timeSeconds), 11) << pad(formatDuration(p.stepBoundSeconds), 12)
        << pad(formatSi(p.attainableFlopsPerSecond, "FLOP/s"), 15) << toString(p.bound) << " ("
        << percent(p.shares[Bound::Compute]) << " compute, " << percent(p.shares[Bound::Memory])
        << " memory, " << percent(p.shares[Bound::Interconnect]) << " link)\n";
}

// RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. Writes at
// `at`, which has room for 2·size + 2 characters, and returns the end.
char* csvField(char* at, std::string_view text) {
    if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
        return std::copy(text.begin(), text.end(), at);
    }
    *at++ = '"';
    for (char ch : text) {
        *at++ = ch;
        if (ch == '"') {
            *at++ = '"';
        }
    }
    *at++ = '"';
    return at;
}

char* put(char* at, std::string_view text) { return std::copy(text.begin(), text.end(), at); }

// Columns of `text` in code points ("µs" is two, "×" one).
std::size_t columnsOf(std::string_view text) {
    std::size_t columns = 0;
    for (char ch : text) {
        columns += (static_cast<unsigned char>(ch) & 0xC0U) != 0x80U ? 1 : 0;
    }
    return columns;
}

// One sentence as a list item, wrapped at spaces to `width` columns; a number stays on the
// line of the word after it ("889 TFLOP/s", "B = 326" are not split after the digits).
void wrappedItem(std::ostream& out, std::string_view sentence, std::size_t width) {
    std::vector<std::string_view> chunks;
    std::size_t start = 0;
    for (std::size_t at = 0; at <= sentence.size(); ++at) {
        if (at < sentence.size() && sentence[at] != ' ') {
            continue;
        }
        const bool afterDigit = at > start && at < sentence.size() &&
                                std::isdigit(static_cast<unsigned char>(sentence[at - 1])) != 0;
        if (!afterDigit) {
            chunks.push_back(sentence.substr(start, at - start));
            start = at + 1;
        }
    }
    std::size_t used = 0;
    for (std::string_view chunk : chunks) {
        if (used == 0) {
            out << "  - " << chunk;
            used = 4 + columnsOf(chunk);
        } else if (used + 1 + columnsOf(chunk) > width) {
            out << "\n    " << chunk;
            used = 4 + columnsOf(chunk);
        } else {
            out << ' ' << chunk;
            used += 1 + columnsOf(chunk);
        }
    }
    out << '\n';
}

}  // namespace

void printTable(std::ostream& out, const Scenario& s, const Analysis& a) {
    const Workload& w = s.workload;
    out << s.hardware.name << " × " << s.model.name << "\n\n";
    // An encoder or a CNN: one pass over B images, no prompt, context or KV cache.
    const bool images = !a.hasDecode();
    if (images) {
        const std::int64_t side =
            s.model.kind == ModelKind::Cnn ? s.model.cnn.imageSize : s.model.encoder.imageSize;
        out << "Scenario   batch " << formatInteger(w.batch) << " images of " << integerText(side)
            << "×" << integerText(side) << " px (" << toString(s.model.kind) << ": one "
            << toString(a.primary().kind) << " pass, no KV cache)\n";
    } else {
        out << "Scenario   batch " << formatInteger(w.batch) << ", prompt "
            << formatInteger(w.promptTokens) << " tokens, context "
            << formatInteger(w.contextTokens) << " tokens\n";
    }
    out << "           weights " << weightsText(w) << ", activations "
        << toString(w.activationPrecision);
    if (!images) {
        out << ", KV cache " << toString(w.kvPrecision);
    }
    out << ", FlashAttention " << (w.flashAttention ? "on" : "off") << ", TP "
        << integerText(w.tensorParallel) << '\n';
    out << "Roofs      " << toString(a.computePrecision) << ' '
        << formatSi(a.peakFlopsPerSecond, "FLOP/s") << ", " << memoryRoofName(a) << ' '
        << formatSi(a.memoryBandwidthBytesPerSecond, "B/s") << ", ridge "
        << formatNumber(a.ridgePointFlopsPerByte) << " FLOP/byte";
    if (a.interconnectBandwidthBytesPerSecond > 0) {
        out << ", link " << formatSi(a.interconnectBandwidthBytesPerSecond, "B/s")
            << " per direction";
    }
    out << '\n';
    out << "Model      " << formatParameters(a.totalParameters) << " parameters";
    if (images) {
        out << ", all used by every image; no KV cache";
    } else {
        out << " (" << formatParameters(a.activeParametersPerToken)
            << " active per token), KV cache " << formatBytes(a.kvCacheBytesPerToken)
            << " per token";
    }
    if (a.effectiveKvHeads > 0) {
        out << " (" << integerText(a.effectiveKvHeads) << " KV heads, GQA ratio "
            << integerText(gqaRatio(s.model, a.effectiveKvHeads)) << ")";
    }
    out << "\n\n";

    out << pad("pass", 11) << pad("FLOPs", 13) << pad("bytes", 11) << pad("intensity", 15)
        << pad("time", 11) << pad("step bound", 12) << pad("attainable", 15)
        << "bound (shares of the time)\n";
    for (const PassCost& p : a.passes) {
        phaseRow(out, p);
    }
    out << '\n';
    if (a.speculative) {
        const SpeculativeResult& sp = *a.speculative;
        out << "Speculative decoding: k " << integerText(sp.k) << ", acceptance "
            << formatNumber(sp.acceptance) << ", draft "
            << (sp.draft == DraftKind::Model && s.draft ? s.draft->id
                : sp.draft == DraftKind::Mtp            ? std::string("MTP layers")
                                                        : std::string("n-gram"))
            << ": " << formatNumber(sp.tokensPerStep) << " tokens per step of "
            << formatDuration(sp.stepTimeSeconds) << " (plain decoding: TPOT "
            << formatDuration(sp.plainTpotSeconds) << ")\n";
    }

    if (a.disaggregation) {
        const DisaggregationResult& dz = *a.disaggregation;
        out << "Disaggregated: prefill on " << integerText(dz.prefillDevices)
            << " device(s), decode on " << integerText(dz.decodeDevices) << "; the KV cache of "
            << formatBytes(dz.kvTransferBytes) << " (" << formatBytes(dz.kvTransferBytesPerDevice)
            << " per prefill device) moves in " << formatDuration(dz.kvTransferSeconds)
            << " over the " << (dz.scaleOut ? "scale-out network" : "scale-up link")
            << "; TTFT = prefill " << formatDuration(dz.prefillSeconds)
            << " + transfer (queueing not modelled); the "
            << "prefill device holds " << formatBytes(dz.prefillMemoryBytes)
            << (dz.prefillFits ? "" : " and does NOT fit") << "\n";
    }

    const MemoryFootprint& m = a.memoryAllDevices;
    if (images) {
        // No TTFT, TPOT, critical batch or Goldilocks context: nothing is decoded.
        out << "Latency " << formatDuration(a.primary().timeSeconds) << " per batch of "
            << formatInteger(w.batch) << "   " << formatNumber(a.imagesPerSecond) << " images/s\n";
        // Per image, as per output token for a decoder: a cost only with a price; the
        // energy an upper bound (every device at its TDP).
        if (a.cost) {
            out << "Cost       $" << formatNumber(a.cost->usdPerMillionImages)
                << " per million images at $" << formatNumber(a.cost->pricePerDeviceHourUsd)
                << " per device-hour\n";
        }
        if (a.energy) {
            out << "Energy     ≤ " << formatSi(a.energy->joulesPerImageMax, "J")
                << " per image (upper bound: " << integerText(a.devices) << " × "
                << formatSi(s.hardware.tdpWatts, "W") << " TDP, full power)\n";
        }
        out << "Memory     weights " << formatBytes(m.weightBytes) << " + activations "
            << formatBytes(m.workspaceBytes) << " = " << formatBytes(m.totalBytes) << " of "
            << formatBytes(m.usableBytes) << " usable ("
            << formatNumber(w.memoryUtilization * 100.0) << "% of " << formatBytes(m.capacityBytes)
            << "; " << (m.fits ? "fits" : "does NOT fit") << "; max batch "
            << formatInteger(m.maxBatch) << ")\n"
            << fewestDevicesLine(m) << "\n";
        std::string title(toString(a.primary().kind));  // "Encode" / "Forward"
        title[0] = static_cast<char>(title[0] - 'a' + 'A');
        out << title << " pass by operator (per device)\n";
    } else {
        out << "TTFT " << formatDuration(a.ttftSeconds) << "   TPOT "
            << formatDuration(a.tpotSeconds) << "   decode "
            << formatNumber(a.decodeTokensPerSecond) << " tok/s\n";
        if (a.estimate) {
            // DOMAIN.md §11: the estimate beside the bound, never in its place.
            const EstimateResult& e = *a.estimate;
            out << "Estimate   "
                << boundAndEstimate("TTFT", a.ttftSeconds, e.ttftSeconds, e.ttftIntervalSeconds)
                << "   "
                << boundAndEstimate("TPOT", a.tpotSeconds, e.tpotSeconds, e.tpotIntervalSeconds)
                << "   decode " << formatNumber(e.decodeTokensPerSecond) << " tok/s estimated\n"
                << "           profile " << e.profile() << " (" << e.engine() << "; "
                << (e.fittedRecords > 0
                        ? "fitted on " + formatInteger(static_cast<long long>(e.fittedRecords)) +
                              " records"
                        : std::string("cited defaults, not fitted"))
                << "; " << formatProseNumber(e.coverage * 100.0)
                << "% interval); the bounds are the achievable ceilings'\n";
        }
        // Cost only with a price; energy is an upper bound (every device at its TDP).
        if (a.cost) {
            out << "Cost       $" << formatNumber(a.cost->usdPerMillionOutputTokens)
                << " per million output tokens at $" << formatNumber(a.cost->pricePerDeviceHourUsd)
                << " per device-hour\n";
        }
        if (a.energy) {
            out << "Energy     ≤ " << formatSi(a.energy->joulesPerOutputTokenMax, "J")
                << " per output token (upper bound: "
                << integerText(a.devices +
                               (a.disaggregation ? a.disaggregation->prefillDevices : 0))
                << " × " << formatSi(s.hardware.tdpWatts, "W") << " TDP, full power)\n";
        }
        out << "Critical batch: whole decode step "
            << (a.criticalBatch
                    ? formatInteger(*a.criticalBatch)
                    : std::string("never (compute-bound operators never take half the step: the KV "
                                  "reads grow with B as fast as the FLOPs)"))
            << " at this context; weight matmuls alone "
            << (a.matmulCriticalBatch ? formatInteger(*a.matmulCriticalBatch)
                                      : std::string("never"))
            << '\n'
            << "Goldilocks context "
            << (a.goldilocksContextTokens
                    ? formatInteger(std::llround(*a.goldilocksContextTokens)) +
                          " tokens (KV bytes per step = weight bytes)"
                    : std::string("never (KV bytes per step never reach the weight bytes)"))
            << '\n';
        out << "Memory     weights " << formatBytes(m.weightBytes) << " + KV "
            << formatBytes(m.kvCacheBytes)
            << (m.stateBytes > 0.0 ? " + state " + formatBytes(m.stateBytes) : std::string())
            << " + workspace " << formatBytes(m.workspaceBytes) << " = "
            << formatBytes(m.totalBytes) << " of " << formatBytes(m.usableBytes) << " usable ("
            << formatNumber(w.memoryUtilization * 100.0) << "% of " << formatBytes(m.capacityBytes)
            << "; " << (m.fits ? "fits" : "does NOT fit") << "; max batch "
            << formatInteger(m.maxBatch) << ")\n"
            << fewestDevicesLine(m) << "\n"
            << allocatedLine(vllmAllocation(s, a)) << "\n";

        out << "Decode step by operator (per device)\n";
    }
    const PassKind shown = images ? a.primary().kind : PassKind::Decode;
    out << pad("operator", 19) << pad("count", 7) << pad("FLOPs", 13) << pad("bytes", 11)
        << pad("link bytes", 12) << pad("intensity", 15) << pad("time", 11) << "bound\n";
    for (const OperatorCost& op : a.operators) {
        if (op.pass != shown) {
            continue;
        }
        out << pad(std::string(op.name), 19) << pad(formatNumber(op.count), 7)
            << pad(formatSi(op.flops, "FLOP"), 13) << pad(formatBytes(op.bytes()), 11)
            << pad(op.linkBytes > 0.0 ? formatBytes(op.linkBytes) : std::string("–"), 12)
            << pad(formatNumber(op.intensity()) + " FLOP/B", 15)
            << pad(formatDuration(op.timeSeconds), 11) << toString(op.bound) << '\n';
    }
    if (!a.warnings.empty()) {
        out << "\nWarnings\n";
        for (const Warning& warning : a.warnings) {
            out << "  - " << warning.text() << '\n';
        }
    }
    out << "\nExplanation\n";
    for (const std::string& sentence : io::explanation(s, a)) {
        wrappedItem(out, sentence, 100);
    }
}

std::string csvHeader() {
    return "hardware,model,batch,prompt_tokens,context_tokens,weights,activations,kv_cache,"
           "kv_heads,tensor_parallel,flash_attention,compute_precision,"
           "ridge_point_flops_per_byte,prefill_intensity_flops_per_byte,"
           "prefill_attainable_flops_per_s,prefill_bound,decode_intensity_flops_per_byte,"
           "decode_attainable_flops_per_s,decode_bound,decode_weight_bytes,decode_kv_bytes,"
           "ttft_s,tpot_s,decode_tokens_per_s,critical_batch,memory_total_bytes,fits,"
           "pass,pass_intensity_flops_per_byte,pass_time_s,images_per_s";
}

std::string csvRow(const Scenario& s, const Analysis& a) {
    CsvWriter writer;
    writer.row(s, a);
    std::string text = writer.text();
    text.pop_back();  // the newline
    return text;
}

void CsvWriter::header() {
    m_text += csvHeader();
    m_text += '\n';
}

char* CsvWriter::number(char* at, double value) {
    Column& column = m_columns[m_column++];
    const auto bits = std::bit_cast<std::uint64_t>(value);
    if (column.size == 0 || column.bits != bits) {
        column.bits = bits;
        column.size = static_cast<std::uint8_t>(writeGeneral(column.chars.data(), value, 10) -
                                                column.chars.data());
    }
    // All 32 bytes, a fixed-size copy without a call; row() made room for them.
    static_assert(sizeof column.chars == kMaxNumberChars);
    std::memcpy(at, column.chars.data(), column.chars.size());
    return at + column.size;
}

void CsvWriter::row(const Scenario& s, const Analysis& a) {
    const Workload& w = s.workload;
    if (m_idFields.empty() || s.hardware.id != m_hardwareId || s.model.id != m_modelId) {
        m_hardwareId = s.hardware.id;
        m_modelId = s.model.id;
        // Each id quoted with every character doubled at the longest, and two commas.
        m_idFields.resize(2 * (m_hardwareId.size() + m_modelId.size()) + 6);
        char* end = csvField(m_idFields.data(), m_hardwareId);
        *end++ = ',';
        end = csvField(end, m_modelId);
        *end++ = ',';
        m_idFields.resize(static_cast<std::size_t>(end - m_idFields.data()));
    }
    // Room for every field at its longest: the ids, 11 numbers, 6 integers, the short words.
    const std::size_t room = m_idFields.size() + (kNumberColumns + 6) * kMaxNumberChars + 128;
    const std::size_t start = m_text.size();
    m_text.resize(start + room);
    char* at = std::copy(m_idFields.begin(), m_idFields.end(), m_text.data() + start);
    m_column = 0;
    at = writeInteger(at, w.batch);
    *at++ = ',';
    at = writeInteger(at, w.promptTokens);
    *at++ = ',';
    at = writeInteger(at, w.contextTokens);
    *at++ = ',';
    at = put(at, toString(w.weightPrecision));
    *at++ = ',';
    at = put(at, toString(w.activationPrecision));
    *at++ = ',';
    at = put(at, toString(w.kvPrecision));
    *at++ = ',';
    at = writeInteger(at, a.effectiveKvHeads);
    *at++ = ',';
    at = writeInteger(at, w.tensorParallel);
    *at++ = ',';
    at = put(at, w.flashAttention ? "on" : "off");
    *at++ = ',';
    at = put(at, toString(a.computePrecision));
    *at++ = ',';
    at = number(at, a.ridgePointFlopsPerByte);
    *at++ = ',';
    // An encoder or a CNN has no prefill, decode, TTFT, TPOT or tokens/s: empty fields.
    if (!a.hasDecode()) {
        for (int field = 0; field < 11; ++field) {
            *at++ = ',';
        }
    } else {
        at = number(at, a.prefill().intensity());
        *at++ = ',';
        at = number(at, a.prefill().attainableFlopsPerSecond);
        *at++ = ',';
        at = put(at, toString(a.prefill().bound));
        *at++ = ',';
        at = number(at, a.decode().intensity());
        *at++ = ',';
        at = number(at, a.decode().attainableFlopsPerSecond);
        *at++ = ',';
        at = put(at, toString(a.decode().bound));
        *at++ = ',';
        at = number(at, a.decode().traffic[ByteCategory::Weights]);
        *at++ = ',';
        at = number(at, a.decode().traffic[ByteCategory::KvCache]);
        *at++ = ',';
        at = number(at, a.ttftSeconds);
        *at++ = ',';
        at = number(at, a.tpotSeconds);
        *at++ = ',';
        at = number(at, a.decodeTokensPerSecond);
        *at++ = ',';
    }
    if (a.criticalBatch) {
        at = writeInteger(at, *a.criticalBatch);
    }
    *at++ = ',';
    at = number(at, a.memoryAllDevices.totalBytes);
    *at++ = ',';
    at = put(at, a.memory.fits ? "true" : "false");
    *at++ = ',';
    // An encoder's or a CNN's one pass; empty for a decoder LLM.
    if (!a.hasDecode()) {
        at = put(at, toString(a.primary().kind));
        *at++ = ',';
        at = number(at, a.primary().intensity());
        *at++ = ',';
        at = number(at, a.primary().timeSeconds);
        *at++ = ',';
        at = number(at, a.imagesPerSecond);
    } else {
        at = put(at, ",,,");
    }
    *at++ = '\n';
    m_text.resize(static_cast<std::size_t>(at - m_text.data()));
}

void CsvWriter::flushTo(std::ostream& out) {
    out.write(m_text.data(), static_cast<std::streamsize>(m_text.size()));
    m_text.clear();
}

}  // namespace roofline::cli
