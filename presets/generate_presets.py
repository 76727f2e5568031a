#!/usr/bin/env python3
"""Generate presets/hardware/*.json and presets/models/*.json from the sourced
reference data in <repo>/../shared/reference/ (hardware.json, models.json).

Usage:  python3 presets/generate_presets.py        (from anywhere)

Every number written comes from the reference files. The only arithmetic is
unit conversion (GiB -> decimal GB) and the TPU interconnect derivations that
are listed in HARDWARE below, each of which is recorded in the preset's notes.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(HERE)
REF_DIR = os.path.join(REPO_ROOT, '..', 'shared', 'reference')
HW_OUT = os.path.join(HERE, 'hardware')
MODEL_OUT = os.path.join(HERE, 'models')

GIB = 1024 ** 3
ALLOWED_PEAKS = ('fp32', 'tf32', 'bf16', 'fp16', 'fp8', 'int8', 'fp4')

# ---------------------------------------------------------------------------
# Per-device choices. 'ref' is the reference "name". Optional overrides:
#   memory_gib:  capacity the chosen source gives in GiB (converted to GB)
#   interconnect: 'per_chip_bidi_half' | 'per_link_x6' (TPU derivations)
#   choice_notes: text explaining which value was picked where sources conflict
# ---------------------------------------------------------------------------
HARDWARE = [
    {'id': 'a100-40gb-sxm', 'ref': 'NVIDIA A100 40GB SXM4'},
    {'id': 'a100-80gb-sxm', 'ref': 'NVIDIA A100 80GB SXM4'},
    {'id': 'a100-40gb-pcie', 'ref': 'NVIDIA A100 40GB PCIe'},
    {'id': 'a100-80gb-pcie', 'ref': 'NVIDIA A100 80GB PCIe'},
    {'id': 'h100-sxm', 'ref': 'NVIDIA H100 SXM5 80GB'},
    {'id': 'h100-pcie', 'ref': 'NVIDIA H100 PCIe 80GB',
     'choice_notes': 'Memory type HBM2e per NVIDIA (ml-engineering says HBM3). '
                     'Bandwidth 2.0 TB/s per product brief (">2,000 GB/s"); TDP 350 W '
                     '(product brief; hpctech table gives 300-350 W). Interconnect is the '
                     'PCIe Gen5 x16 host link; optional NVLink bridge is 600 GB/s bidirectional.'},
    {'id': 'h200', 'ref': 'NVIDIA H200 SXM 141GB'},
    {'id': 'h20', 'ref': 'NVIDIA H20 96GB',
     'choice_notes': 'Memory type HBM3 chosen (tweaktown/others) over HBM3e (ke60_h20).'},
    {'id': 'l40s', 'ref': 'NVIDIA L40S'},
    {'id': 'l4', 'ref': 'NVIDIA L4'},
    {'id': 'rtx-4090', 'ref': 'NVIDIA GeForce RTX 4090',
     'choice_notes': 'Peaks are the FP32-accumulate dense rates (bf16/fp16 165.2, fp8 330.3); '
                     'with FP16 accumulate the dense rates are fp16 330.3 / fp8 660.6 '
                     '(Ada whitepaper table quotes 661 / 1321 with sparsity).'},
    {'id': 'b200', 'ref': 'NVIDIA B200 (HGX/DGX, 1000 W)',
     'choice_notes': 'Bandwidth: picked 8.0 TB/s (NVIDIA spec, scaling-book table); '
                     'alternatives: ~9 TB/s (scaling-book prose), 7.672 TB/s (driver-reported '
                     '7680-bit bus, pytorch/ao PR #4002), 8.184 TB/s (8192-bit bus, ml-engineering). '
                     'Memory: picked 180 GB (DGX/HGX, MLPerf B200-SXM-180GB, TRT-LLM docs); '
                     'alternatives 192 GB (scaling-book, glennklockwood), 179/178.35 GB '
                     '(nvidia-smi/CUDA). TF32: picked 1100 (glennklockwood/NVIDIA) over 1125 '
                     '(ml-engineering). FP6 dense 4500 TFLOP/s (= fp8 rate) is not a peak key.'},
    {'id': 'gb200', 'ref': 'NVIDIA GB200 (per B200 GPU in NVL72, 1200 W)',
     'choice_notes': 'Memory: picked 186 GB (MLPerf system JSON, ml-engineering) over 192 GB '
                     '(TRT-LLM perf docs). FP32: picked 80 (ml-engineering) over 90 '
                     '(glennklockwood GB200 table). FP6 dense 5000 TFLOP/s (= fp8 rate) is not a '
                     'peak key.'},
    {'id': 'b300', 'ref': 'NVIDIA B300 / Blackwell Ultra (HGX)',
     'choice_notes': 'FP4: picked 13,125 (glennklockwood HGX B300 table); alternatives 12,600 '
                     'fp4 / 15,000 nvfp4 (ml-engineering), "15 PFLOPS FP4" (press). FP32: picked '
                     '75 (glennklockwood) over 80 (ml-engineering). TDP unresolved in sources '
                     '(B200-like vs 1400 W max), so omitted; L2 not verified, omitted. FP6 dense '
                     '4500 TFLOP/s (= fp8 rate) is not a peak key.'},
    {'id': 'mi300x', 'ref': 'AMD Instinct MI300X',
     'choice_notes': 'Interconnect: 7 xGMI peers x 64 GB/s = 448 GB/s per direction aggregate. '
                     'L2 32 MB; Infinity Cache 256 MB (ROCm docs, MiB).'},
    {'id': 'mi325x', 'ref': 'AMD Instinct MI325X',
     'choice_notes': 'Interconnect: 7 xGMI peers x 64 GB/s = 448 GB/s per direction aggregate. '
                     'L2 32 MB; Infinity Cache 256 MB (ROCm docs, MiB).'},
    {'id': 'mi355x', 'ref': 'AMD Instinct MI355X',
     'choice_notes': 'BF16: picked 2500 (ml-engineering TFLOPS table) over the 2300 '
                     '"theory" figure in ml-engineering\'s MAMF table. FP6 dense 10,100 TFLOP/s '
                     '(= fp4 rate on AMD, unlike NVIDIA) is not a peak key. Infinity Cache: 256 MiB '
                     '(ROCm docs) over 64 MB (Boston blog). Press "20.1 PFLOPS FP4" is with '
                     'sparsity. Interconnect: 7 xGMI peers x 76.5 GB/s = 535.5 GB/s per direction.'},
    {'id': 'tpu-v4', 'ref': 'Google TPU v4', 'memory_gib': 32, 'interconnect': 'per_link_x6',
     'choice_notes': 'Memory: Google gives 32 GiB; converted to 34.36 decimal GB. '
                     'Interconnect: only per-link figures are published; used 45 GB/s per link '
                     'per direction x 6 torus neighbours = 270 GB/s per direction per chip. '
                     'No TDP published; measured power 90 / 170 / 192 W (min/mean/max).'},
    {'id': 'tpu-v5e', 'ref': 'Google TPU v5e', 'interconnect': 'per_chip_bidi_half',
     'choice_notes': 'Bandwidth: picked 0.819 TB/s (819 GBps, older Google v5e page); '
                     'alternatives: "800 GiBps" = 0.859 TB/s (current Google page), 0.81 / 0.82 TB/s '
                     '(scaling-book chapters). Interconnect: per-chip ICI 400 GB/s bidirectional / 2 '
                     '= 200 GB/s per direction per chip (4 ports x 50 GB/s per link per direction). '
                     'VMEM 128 MiB.'},
    {'id': 'tpu-v5p', 'ref': 'Google TPU v5p', 'memory_gib': 95, 'interconnect': 'per_chip_bidi_half',
     'choice_notes': 'Memory: picked 95 GiB (current Google v5p page) = 102.01 decimal GB; '
                     'alternatives: "95 GB" (older Google page), 96 GB (scaling-book table). '
                     'Bandwidth: picked 2.765 TB/s (Google) over 2.8 (scaling-book table) and 2.5 '
                     '(scaling-book prose). Interconnect: per-chip ICI 1200 GB/s bidirectional / 2 '
                     '= 600 GB/s per direction per chip (6 neighbours x 100 GB/s per link per '
                     'direction).'},
    {'id': 'tpu-v6e', 'ref': 'Google TPU v6e (Trillium)', 'interconnect': 'per_chip_bidi_half',
     'choice_notes': 'Interconnect: per-chip ICI 800 GB/s bidirectional / 2 = 400 GB/s per '
                     'direction per chip (4 ports x 100 GB/s per link per direction).'},
    {'id': 'gaudi3', 'ref': 'Intel Gaudi 3 (OAM HL-325L)',
     'choice_notes': 'BF16/FP8: picked 1835 (Intel Hot Chips 2024 / whitepaper); alternatives '
                     '1677 (ml-engineering, shipping MME clock 1600 MHz instead of 1750), 1856 '
                     '(German press). TDP: picked 900 W (Intel, air-cooled; 1200 W liquid) over '
                     '"around 600W" (y-ic.de press). No L2 figure; on-chip SRAM 96 MB (12.8 TB/s). '
                     'BF16 vector (non-matrix) rate 28.7 TFLOP/s. Interconnect: 24x 200GbE, '
                     '1200 GB/s bidirectional = 600 GB/s per direction.'},
]

MODELS = [
    ('llama-2-7b', 'Llama-2-7B', 'Llama 2 7B'),
    ('llama-2-13b', 'Llama-2-13B', 'Llama 2 13B'),
    ('llama-2-70b', 'Llama-2-70B', 'Llama 2 70B'),
    ('llama-3-8b', 'Llama-3-8B', 'Llama 3 8B'),
    ('llama-3-70b', 'Llama-3-70B', 'Llama 3 70B'),
    ('llama-3.1-8b', 'Llama-3.1-8B', 'Llama 3.1 8B'),
    ('llama-3.1-70b', 'Llama-3.1-70B', 'Llama 3.1 70B'),
    ('llama-3.1-405b', 'Llama-3.1-405B', 'Llama 3.1 405B'),
    ('mistral-7b', 'Mistral-7B-v0.1', 'Mistral 7B v0.1'),
    ('mixtral-8x7b', 'Mixtral-8x7B', 'Mixtral 8x7B'),
    ('mixtral-8x22b', 'Mixtral-8x22B', 'Mixtral 8x22B'),
    ('qwen2.5-7b', 'Qwen2.5-7B', 'Qwen2.5 7B'),
    ('gemma-2-9b', 'Gemma-2-9B', 'Gemma 2 9B'),
    ('deepseek-v3', 'DeepSeek-V3', 'DeepSeek-V3'),
    ('gpt-oss-120b', 'GPT-OSS-120B', 'gpt-oss-120b'),
]


def load(name):
    with open(os.path.join(REF_DIR, name), encoding='utf-8') as f:
        return json.load(f)


def inline(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(', ', ': '))


def dump_hardware(d):
    """2-space indent; peak_dense_tflops and interconnect kept on one line."""
    lines = ['{']
    items = list(d.items())
    for i, (k, v) in enumerate(items):
        comma = ',' if i < len(items) - 1 else ''
        if k in ('peak_dense_tflops', 'interconnect'):
            text = inline(v)
        else:
            text = json.dumps(v, ensure_ascii=False, indent=2)
            text = text.replace('\n', '\n  ')
        lines.append('  %s: %s%s' % (json.dumps(k), text, comma))
    lines.append('}')
    return '\n'.join(lines) + '\n'


def build_hardware(entry, dev, src_map):
    notes = []
    out = {'schema_version': 1, 'id': entry['id'], 'name': dev['name'], 'vendor': dev['vendor']}
    if dev.get('memory_type'):
        out['memory_type'] = dev['memory_type']

    if 'memory_gib' in entry:
        gib = entry['memory_gib']
        # sanity: the reference must actually mention this GiB figure
        assert dev.get('memory_gib') == gib or any(
            '%d GiB' % gib in c or "'%d GiB'" % gib in c for c in dev.get('conflicts', [])) or \
            any('%d GiB' % gib in src_map[s] for s in dev['sources']), entry['id']
        out['memory_capacity_gb'] = round(gib * GIB / 1e9, 2)
    else:
        out['memory_capacity_gb'] = dev['memory_gb']
    out['memory_bandwidth_tb_s'] = dev['mem_bw_TBps']

    peaks = {}
    for k in ALLOWED_PEAKS:
        v = (dev.get('dense_tflops') or {}).get(k)
        if v is not None:
            peaks[k] = v
    out['peak_dense_tflops'] = peaks

    if dev.get('l2_mb') is not None:
        out['l2_cache_mb'] = dev['l2_mb']

    ic = dev.get('interconnect')
    if ic:
        mode = entry.get('interconnect')
        bw = None
        if mode == 'per_chip_bidi_half':
            b = ic['per_chip_bidirectional_GBps']
            bw = b / 2
            bw = int(bw) if bw == int(bw) else bw
        elif mode == 'per_link_x6':
            bw = ic['per_link_unidirectional_GBps'] * 6
        else:
            bw = ic.get('unidirectional_GBps')
        if bw is not None:
            out['interconnect'] = {'name': ic['type'], 'bandwidth_gb_s_per_direction': bw}

    if dev.get('tdp_w') is not None:
        out['tdp_w'] = dev['tdp_w']
    out['confidence'] = dev['confidence']
    out['sources'] = {k: src_map[k] for k in dev['sources']}

    if entry.get('choice_notes'):
        notes.append(entry['choice_notes'])
    if dev.get('notes'):
        notes.append('Reference notes: ' + dev['notes'])
    if dev.get('conflicts'):
        notes.append('Reference conflicts: ' + ' | '.join(dev['conflicts']))
    extra = dev.get('dense_tflops', {})
    for k in extra:
        if k not in ALLOWED_PEAKS and extra[k] is not None and k != 'fp6':
            raise SystemExit('unexpected precision %s for %s' % (k, entry['id']))
    if 'fp6' in extra and extra['fp6'] is not None and 'FP6' not in (entry.get('choice_notes') or ''):
        notes.append('FP6 dense %s TFLOP/s (not a peak key).' % extra['fp6'])
    if dev.get('measured'):
        m = {k: v for k, v in dev['measured'].items() if k.endswith('_tflops') or k.endswith('_TBps')}
        if m:
            srcs = [dev['measured'][k] for k in ('source', 'mamf_source') if k in dev['measured']]
            notes.append('Measured (%s): %s.' % (
                ', '.join(srcs),
                ', '.join('%s %s' % (k, v) for k, v in m.items())))
    out['notes'] = ' '.join(notes)
    return out


def build_model(mid, ref_name, display, m):
    rl = {'name': display,
          'official_params': m['official_params']['total_label'],
          'sources': list(m['sources'])}
    if m.get('notes'):
        rl['notes'] = m['notes']
    out = {'_roofline': rl}
    for k, v in m['config'].items():
        out[k] = v
    return out


def main():
    hw = load('hardware.json')
    models = load('models.json')
    src_map = hw['sources']
    by_name = {d['name']: d for d in hw['devices']}
    os.makedirs(HW_OUT, exist_ok=True)
    os.makedirs(MODEL_OUT, exist_ok=True)

    for entry in HARDWARE:
        dev = by_name[entry['ref']]
        out = build_hardware(entry, dev, src_map)
        with open(os.path.join(HW_OUT, entry['id'] + '.json'), 'w', encoding='utf-8') as f:
            f.write(dump_hardware(out))

    m_by_name = {m['name']: m for m in models['models']}
    for mid, ref_name, display in MODELS:
        out = build_model(mid, ref_name, display, m_by_name[ref_name])
        with open(os.path.join(MODEL_OUT, mid + '.json'), 'w', encoding='utf-8') as f:
            f.write(json.dumps(out, ensure_ascii=False, indent=2) + '\n')

    print('wrote %d hardware and %d model presets' % (len(HARDWARE), len(MODELS)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
