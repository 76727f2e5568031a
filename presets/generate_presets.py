#!/usr/bin/env python3
"""Generate presets/hardware/*.json and presets/models/*.json from the sourced
reference data in <repo>/../shared/reference/ (hardware.json, models.json).

Usage:  python3 presets/generate_presets.py        (from anywhere)

Every number written comes from the reference files, or from the few extra
citations in EXTRA_SOURCES below (DGX system specifications, Google's TPU pages)
for the schema-2 interconnect fields. The only arithmetic is unit conversion
(Gb/s -> GB/s: / 8) and the TPU interconnect derivations listed in HARDWARE,
each of which is recorded in the preset's notes.

Hardware schema 2 (presets/README.md): capacities are binary. The vendor's
"80 GB" of HBM/GDDR is written as memory_capacity_gib = 80 (80 x 2^30 bytes),
one convention for every preset (DOMAIN.md section 5).
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO_ROOT = os.path.dirname(HERE)
REF_DIR = os.path.join(REPO_ROOT, '..', 'shared', 'reference')
HW_OUT = os.path.join(HERE, 'hardware')
MODEL_OUT = os.path.join(HERE, 'models')

GIB = 1024 ** 3
HW_SCHEMA_VERSION = 2
ALLOWED_PEAKS = ('fp32', 'tf32', 'bf16', 'fp16', 'fp8', 'int8', 'fp4', 'fp6')

# ---------------------------------------------------------------------------
# Per-device choices. 'ref' is the reference "name". Optional overrides:
#   memory_gib:  capacity the chosen source gives in GiB (the vendor says GiB)
#   interconnect: 'per_chip_bidi_half' | 'per_link_x6' (TPU derivations)
#   scale_up:    (devices, [source keys], quote) -> interconnect.scale_up_domain_devices
#   scale_out:   (name, Gb/s per device per direction, [source keys], quote) -> scale_out
#   choice_notes: text explaining which value was picked where sources conflict
#   capacity_note, achievable_note, network_note: more text for the notes
# Left out on purpose, so that the documented defaults of core/include/roofline/hardware.h
# apply (and the notes say so): interconnect.collective_latency_us and scale_out.latency_us
# everywhere (no cited measurement), scale_up / scale_out where no source names them.
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
                     '(ml-engineering). FP6 dense 4500 TFLOP/s (= the fp8 rate on NVIDIA, mleng_acc).'},
    {'id': 'gb200', 'ref': 'NVIDIA GB200 (per B200 GPU in NVL72, 1200 W)',
     'choice_notes': 'Memory: picked 186 GB (MLPerf system JSON, ml-engineering) over 192 GB '
                     '(TRT-LLM perf docs). FP32: picked 80 (ml-engineering) over 90 '
                     '(glennklockwood GB200 table). FP6 dense 5000 TFLOP/s (= the fp8 rate on NVIDIA, '
                     'mleng_acc).'},
    {'id': 'b300', 'ref': 'NVIDIA B300 / Blackwell Ultra (HGX)',
     'choice_notes': 'FP4: picked 13,125 (glennklockwood HGX B300 table); alternatives 12,600 '
                     'fp4 / 15,000 nvfp4 (ml-engineering), "15 PFLOPS FP4" (press). FP32: picked '
                     '75 (glennklockwood) over 80 (ml-engineering). L2 not verified, omitted. FP6 '
                     'dense 4500 TFLOP/s (= the fp8 rate on NVIDIA, mleng_acc).'},
    {'id': 'mi300x', 'ref': 'AMD Instinct MI300X',
     'choice_notes': 'Interconnect: 7 xGMI peers x 64 GB/s = 448 GB/s per direction aggregate. '
                     'L2 32 MB; Infinity Cache 256 MB (ROCm docs, MiB).'},
    {'id': 'mi325x', 'ref': 'AMD Instinct MI325X',
     'choice_notes': 'Interconnect: 7 xGMI peers x 64 GB/s = 448 GB/s per direction aggregate. '
                     'L2 32 MB; Infinity Cache 256 MB (ROCm docs, MiB).'},
    {'id': 'mi355x', 'ref': 'AMD Instinct MI355X',
     'choice_notes': 'BF16: picked 2500 (ml-engineering TFLOPS table) over the 2300 '
                     '"theory" figure in ml-engineering\'s MAMF table. FP6 dense 10,100 TFLOP/s '
                     '(= the fp4 rate on AMD, unlike NVIDIA: mleng_acc note 22, cnc_mi350). Infinity Cache: 256 MiB '
                     '(ROCm docs) over 64 MB (Boston blog). Press "20.1 PFLOPS FP4" is with '
                     'sparsity. Interconnect: 7 xGMI peers x 76.5 GB/s = 535.5 GB/s per direction.'},
    {'id': 'tpu-v4', 'ref': 'Google TPU v4', 'memory_gib': 32, 'interconnect': 'per_link_x6',
     'choice_notes': 'Memory: Google gives 32 GiB. '
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
     'choice_notes': 'Memory: picked 95 GiB (current Google v5p page); '
                     'alternatives: "95 GB" (older Google page), 96 GB (scaling-book table). '
                     'Bandwidth: picked 2.765 TB/s (Google) over 2.8 (scaling-book table) and 2.5 '
                     '(scaling-book prose). Interconnect: per-chip ICI 1200 GB/s bidirectional / 2 '
                     '= 600 GB/s per direction per chip (6 neighbours x 100 GB/s per link per '
                     'direction).'},
    {'id': 'tpu-v6e', 'ref': 'Google TPU v6e (Trillium)', 'interconnect': 'per_chip_bidi_half',
     'choice_notes': 'Interconnect: per-chip ICI 800 GB/s bidirectional / 2 = 400 GB/s per '
                     'direction per chip (4 ports x 100 GB/s per link per direction).'},
    {'id': 'gaudi3', 'ref': 'Intel Gaudi 3 (OAM HL-325L)',
     'choice_notes': 'BF16/FP8: alternatives 1835 (Intel Hot Chips 2024 / whitepaper, at a 1750 MHz '
                     'MME clock), 1856 (German press). TDP: alternatives 900 W (Intel, air-cooled; 1200 W '
                     'liquid), "around 600W" (y-ic.de press). No L2 figure; on-chip SRAM 96 MB (12.8 TB/s). '
                     'BF16 vector (non-matrix) rate 28.7 TFLOP/s. Interconnect: 24x 200GbE on die, of '
                     'which 21 are scale-up and 3 scale-out (habana_net).'},
]

# ---------------------------------------------------------------------------
# Corrections from ../shared/reference/hardware-audit.md (section 1), per shipped preset id.
# Citation keys are those of hardware-2026.json's `sources` map (or the preset's own).
#   peaks:      {precision: (TFLOP/s, [keys], quote)}  replaces the reference's dense value
#   visible:    (MiB the driver reports, [keys], quote) -> memory_capacity_visible_gib = MiB/1024
#   tdp:        (W, [keys], quote)
#   link_bw:    (GB/s per direction, [keys], quote)  replaces interconnect bandwidth
#   cite:       {field: [keys]} more field_sources entries (fields kept, newly cited)
#   notes:      the finding ids and what was changed or kept (low findings as conflicts)
# ---------------------------------------------------------------------------
AUDIT = {
    'b300': {
        'peaks': {'int8': (153.5, ['aic_b300'], 'int8_tc_flops 153.5 TFLOPS = 307 TOPS sparse / 2')},
        'visible': (275040, ['aic_b300'], 'mem_capacity 288400343040 = 275040 MiB reported by nvidia-smi'),
        'tdp': (1100, ['aic_b300', 'verda_gb300'], 'HGX B300 "configurable up to 1,100 W"; Verda B300 1.1 kW'),
        'cite': {'peak_dense_tflops.fp6': ['mleng_acc']},
        'notes': 'Audit (hardware-audit.md): H1 int8 corrected from 4,500 (copied from B200) to 153.5 '
                 'TOPS dense: Blackwell Ultra cut INT8 in hardware (aic_b300 153.5; verda_gb300 0.15 POPS; '
                 'hgx_b300_tbl 2 POPS sparse per 8 GPUs = 125 dense: conflicts, 153.5 kept as NVIDIA\'s own '
                 'planner figure). M3 visible capacity 275,040 MiB = 268.59375 GiB = 288,400,343,040 bytes '
                 '(aic_b300; Verda "270 GB"): NVIDIA\'s "288 GB" is the raw 8 x 36 GiB stack capacity, and '
                 'memory accounting uses the visible figure (7.2% less KV-cache room). M4 tdp_w 1100 W '
                 '(aic_b300, verda_gb300); the 1400 W of the reference\'s conflict is the GB300 part. '
                 'Kept with conflicts: L1 bandwidth 8.0 TB/s (aic_b300 7.75 = 62 TB/s / 8 GPUs; Verda 7.7); '
                 'L3 fp4 13,125 (aic_b300 and Verda 14,000; glennklockwood 13,125; press 15,000).',
    },
    'l40s': {
        'visible': (46068, ['aic_l40s'], 'mem_capacity 48305799168 = 46068 MiB'),
        'notes': 'Audit (hardware-audit.md): M5 visible capacity 46,068 MiB = 44.98828125 GiB = '
                 '48,305,799,168 bytes (aic_l40s): ECC GDDR6 reserves 1/16 (48 x 15/16 = 45 GiB); memory '
                 'accounting uses the visible figure (6.7% below the nominal 48 GiB). Kept with a conflict: '
                 'L10 l2_cache_mb 96 is still unverified for the L40S (full AD102 figure; no new source).',
    },
    'gaudi3': {
        'peaks': {'bf16': (1677, ['mleng_acc'], 'MME at the shipping 1600 MHz: 1600 MHz x 256^2 x 2 x 8 = 1677 '
                                                'TFLOP/s; 1835 needs 1750 MHz'),
                  'fp8': (1677, ['mleng_acc'], 'as bf16: 1677 at the shipping MME clock')},
        'link_bw': (525, ['habana_net'], '21 scale-up ports x 200 Gb/s = 525 GB/s unidirectional'),
        'link_name': '21 of 24 on-die 200GbE RoCE ports (scale-up), all-to-all in an 8-card HLS-3',
        'tdp': (850, ['habana_smi'], 'hl-smi -p: Gaudi 3 maximum power limit 850 W, minimum 450 W'),
        'notes': 'Audit (hardware-audit.md): M1 interconnect 525 GB/s per direction, not 600 (which also '
                 'counted the 3 scale-out ports; habana_net). M2 scale_out 75 GB/s per direction (3 x 200 '
                 'Gb/s; habana_net), was the 50 GB/s default. L6 scale_up_domain_devices 8 (HLS-3 box of 8, '
                 'habana_net): the same value, now cited. M6 bf16/fp8 1677 at the shipping 1600 MHz MME clock '
                 '(mleng_acc), not 1835 (1750 MHz; intel_g3_hc): MAMF 1243 is 74% of it. M7 tdp_w 850 W, the '
                 'largest power limit hl-smi sets (habana_smi), over Intel\'s 900 W air-cooled TDP (intel_g3_hc): '
                 'the energy figure is an upper bound at the limit the card runs under.',
    },
    'mi355x': {
        'cite': {'peak_dense_tflops.fp6': ['mleng_acc', 'cnc_mi350']},
        'notes': 'Audit (hardware-audit.md): M8 fp6 10,100 TFLOP/s dense, the fp4 rate (mleng_acc note 22; '
                 'cnc_mi350 "FP6 and FP4 same throughput"), now a peak key. Missing tf32 is correct (CDNA 4 '
                 'dropped TF32 hardware, cnc_mi350). Kept with a conflict: L8 interconnect 535.5 GB/s reads '
                 'AMD\'s 153 GB/s per-link figure as bidirectional and halves it (mleng_net footnote); if AMD '
                 'meant per direction it is 2x low. No AMD text settles it.',
    },
    'mi300x': {
        'notes': 'Audit (hardware-audit.md): L8 kept with a conflict: interconnect 448 GB/s reads AMD\'s '
                 '128 GB/s per-link figure as bidirectional and halves it (mleng_net footnote); if AMD meant '
                 'per direction it is 2x low. No AMD text settles it.',
    },
    'mi325x': {
        'notes': 'Audit (hardware-audit.md): L8 kept with a conflict: interconnect 448 GB/s reads AMD\'s '
                 '128 GB/s per-link figure as bidirectional and halves it (mleng_net footnote); if AMD meant '
                 'per direction it is 2x low. No AMD text settles it.',
    },
    'b200': {
        'cite': {'peak_dense_tflops.fp6': ['mleng_acc']},
        'notes': 'Audit (hardware-audit.md), kept with conflicts: L2 memory_bandwidth_tb_s 8.0 (aic_b200 and '
                 'Verda 7.7; driver bus 7.672, torchao_4002); L4 fp32 80 (ml-engineering) vs 75 (hgx_b300_tbl '
                 'B200 column: 600 TFLOPS per 8 GPUs; Verda 75).',
    },
    'gb200': {
        'cite': {'peak_dense_tflops.fp6': ['mleng_acc']},
        'notes': 'Audit (hardware-audit.md), kept with conflicts: L5 scale_out left at the 50 GB/s default, '
                 'which is right and citable: DGX GB200 trays have 4x ConnectX-7 400G per 4 GPUs, one 400 '
                 'Gb/s link per GPU (mleng_net); aic_gb200 uses 100 GB/s (CX8), which looks copied from GB300. '
                 'L11 fp32 80 (ml-engineering) vs 90 (glennklockwood). Visible capacity 189,471 MiB = 185.0 GiB '
                 '(aic_gb200) is within 0.5% of the nominal 186 and not entered.',
    },
    'rtx-4090': {
        'notes': 'Audit (hardware-audit.md) L9: bf16/fp16/fp8 are the FP32-accumulate rates, consistent with '
                 'the Ada whitepaper convention; with FP16 accumulate they are 2x (see above).',
    },
}

# gaudi3's scale-out link (audit M2) and domain (L6): NETWORK below holds them.


# Citations that the reference files do not hold, for the schema-2 network fields.
EXTRA_SOURCES = {
    'dgx_a100': 'NVIDIA DGX A100 system specifications (datasheet; User Guide DU-09821-001), '
                'https://www.nvidia.com/en-us/data-center/dgx-a100/ : 8x A100 SXM4, 6 NVSwitches; '
                'Networking "8x Single-Port Mellanox ConnectX-6 VPI 200Gb/s HDR InfiniBand"',
    'dgx_h100': 'NVIDIA DGX H100 system specifications, https://www.nvidia.com/en-us/data-center/dgx-h100/ : '
                '8x H100 SXM5 via NVSwitch; "GPUDirect RDMA Networking: 4x OSFP ports serving 8x '
                'single-port NVIDIA ConnectX-7 VPI 400 Gb/s InfiniBand/Ethernet"',
    'mlperf_h200': 'https://raw.githubusercontent.com/mlcommons/inference_results_v4.1/main/closed/NVIDIA/'
                   'systems/H200-SXM-141GBx8_TRT_MaxQ.json (accelerators_per_node 8; "18x 4th Gen NVLink, '
                   '900GB/s"; host_network_card_count "10x 400Gbe Infiniband")',
    'dgx_b200': 'NVIDIA DGX B200 system specifications, https://www.nvidia.com/en-us/data-center/dgx-b200/ : '
                '8x B200; "4x OSFP ports serving 8x single-port NVIDIA ConnectX-7 VPI, up to 400Gb/s '
                'InfiniBand/Ethernet"',
    'dgx_b300': 'NVIDIA DGX B300 system specifications, https://www.nvidia.com/en-us/data-center/dgx-b300/ : '
                '8x NVIDIA Blackwell Ultra SXM; "8x OSFP ports serving 8x single-port NVIDIA ConnectX-8 VPI" '
                '(800 Gb/s InfiniBand/Ethernet per port; the DGX B300 User Guide shows 8x 800G ports)',
    'gcp_v4_pod': 'https://cloud.google.com/tpu/docs/v4 ("TPU Pod size 4096 chips", 3D mesh / 3D torus slices)',
    'gcp_v5e_pod': 'https://docs.cloud.google.com/tpu/docs/v5e ("TPU Pod size 256 chips", 2D torus; '
                   '"Per-host NIC configuration 2 x 100 Gbps NIC", "Chips per host 8", "Data center network '
                   'bandwidth per Pod 6.4 Tbps")',
    'gcp_v5p_pod': 'https://docs.cloud.google.com/tpu/docs/v5p-training ("There are 8960 chips in a v5p Pod. '
                   'The largest job that can be scheduled is a 96 cube (6144 chip) job"; "Data center network '
                   '(DCN) bandwidth per chip (Gbps) 50")',
    'gcp_v6e_pod': 'https://docs.cloud.google.com/tpu/docs/v6e.md.txt ("TPU Pod size 256 chips", 2D torus)',
}

_HGX8 = 'one 8-GPU board behind NVSwitch'
# Schema-2 network fields per preset id (see the HARDWARE comment for the keys).
NETWORK = {
    'a100-40gb-sxm': {
        'scale_up': (8, ['dgx_a100'], 'DGX A100: 8x A100 SXM4, ' + _HGX8),
        'scale_out': ('ConnectX-6 HDR InfiniBand, one per GPU', 200, ['dgx_a100'],
                      'DGX A100: 8x single-port ConnectX-6 200 Gb/s HDR'),
        'network_note': 'The DGX A100 datasheet covers both the 320 GB (40 GB GPUs) and the 640 GB '
                        '(80 GB GPUs) systems with the same networking.'},
    'a100-80gb-sxm': {
        'scale_up': (8, ['dgx_a100'], 'DGX A100: 8x A100 SXM4, ' + _HGX8),
        'scale_out': ('ConnectX-6 HDR InfiniBand, one per GPU', 200, ['dgx_a100'],
                      'DGX A100: 8x single-port ConnectX-6 200 Gb/s HDR'),
        'network_note': 'The DGX A100 datasheet covers both the 320 GB (40 GB GPUs) and the 640 GB '
                        '(80 GB GPUs) systems with the same networking.'},
    'h100-sxm': {
        'scale_up': (8, ['dgx_h100'], 'DGX H100: 8x H100 SXM5, ' + _HGX8),
        'scale_out': ('ConnectX-7 InfiniBand/Ethernet, one per GPU', 400, ['dgx_h100'],
                      'DGX H100: 8x single-port ConnectX-7 400 Gb/s')},
    'h200': {
        'scale_up': (8, ['mlperf_h200'], 'NVIDIA MLPerf H200-SXM-141GBx8 system: accelerators_per_node 8, '
                     '18x NVLink 4 at 900 GB/s through NVSwitch'),
        'scale_out': ('InfiniBand 400 Gb/s, one per GPU', 400, ['mlperf_h200'],
                      'the same system lists 10x 400 Gb/s InfiniBand NICs for 8 GPUs; read as one 400 Gb/s '
                      'compute NIC per GPU plus 2 storage NICs, the DGX H100 layout')},
    'b200': {
        'scale_up': (8, ['dgx_b200'], 'DGX B200: 8x B200, ' + _HGX8),
        'scale_out': ('ConnectX-7 InfiniBand/Ethernet, one per GPU', 400, ['dgx_b200'],
                      'DGX B200: 8x single-port ConnectX-7 up to 400 Gb/s')},
    'gb200': {
        'scale_up': (72, ['trtllm_hw'], 'GB200 NVL72: 72 GPUs in one NVLink 5 domain (reference interconnect '
                     '"NVLink 5, 72-GPU NVL72 domain"; TensorRT-LLM lists "GB200 NVL72")'),
        'network_note': 'scale_out left out: the MLPerf GB200 system (mlperf_gb200) lists 4x BlueField-3 [ConnectX-7 Lx] NICs per '
                        '4-GPU node but no link speed, so the default 50 GB/s (400 Gb/s) of hardware.h applies.'},
    'b300': {
        'scale_up': (8, ['dgx_b300'], 'DGX B300: 8x Blackwell Ultra SXM, ' + _HGX8),
        'scale_out': ('ConnectX-8 InfiniBand/Ethernet, one per GPU', 800, ['dgx_b300'],
                      'DGX B300: 8x single-port ConnectX-8 at 800 Gb/s')},
    'mi300x': {
        'scale_up': (8, ['mleng_net'], 'xGMI / Infinity Fabric 8-GPU full mesh (7 peers x 64 GB/s)')},
    'mi325x': {
        'scale_up': (8, ['mleng_net'], 'xGMI 8-GPU full mesh (7 peers x 64 GB/s), as MI300X')},
    'mi355x': {
        'scale_up': (8, ['mleng_net'], 'xGMI 8-GPU full mesh (7 peers x 76.5 GB/s)')},
    'tpu-v4': {
        'scale_up': (4096, ['gcp_v4_pod'], 'one TPU v4 Pod, 4096 chips on ICI'),
        'network_note': 'scale_out left out: no cited data-center-network figure per chip; the default of '
                        'hardware.h applies.'},
    'tpu-v5e': {
        'scale_up': (256, ['gcp_v5e_pod'], 'one TPU v5e Pod, 256 chips on a 2D torus'),
        'scale_out': ('data center network (DCN)', 25, ['gcp_v5e_pod'],
                      '2 x 100 Gb/s NICs per 8-chip host = 25 Gb/s per chip (also 6.4 Tb/s per 256-chip Pod '
                      '/ 256 = 25 Gb/s)')},
    'tpu-v5p': {
        'scale_up': (6144, ['gcp_v5p_pod'], 'the largest single ICI slice, 96 cubes = 6144 chips (the Pod holds '
                     '8960 chips; beyond a slice, multislice goes over the data center network)'),
        'scale_out': ('data center network (DCN)', 50, ['gcp_v5p_pod'], 'DCN bandwidth per chip 50 Gb/s')},
    'gaudi3': {
        'scale_up': (8, ['habana_net'], 'HLS-3: a box of 8 Gaudi 3, all-to-all over 21 on-die 200GbE ports each'),
        'scale_out': ('3 of 24 on-die 200GbE ports (OSFP)', 600, ['habana_net'],
                      '3 scale-out ports x 200 Gb/s = 75 GB/s in each direction')},
    'tpu-v6e': {
        'scale_up': (256, ['gcp_v6e_pod'], 'one TPU v6e Pod, 256 chips on a 2D torus'),
        'network_note': 'scale_out left out: no cited data-center-network figure per chip; the default of '
                        'hardware.h applies.'},
}

# Notes on the achievable ceilings (where the reference's `measured` needs a decision).
ACHIEVABLE_NOTES = {
    'a100-80gb-sxm': 'memory_bandwidth_tb_s left out on purpose: the only figure is gpt-fast\'s "empirically '
                     'peak bandwidth is about 1700 GB/s", an approximate figure inferred from decode speed on a '
                     '330 W power-limited A100-80GB, not a bandwidth benchmark of this 400 W part; the default '
                     'fraction of hardware.h applies (0.85 x 2.039 = 1.733 TB/s, close to it).',
    'gb200': 'dense_tflops are the MAMF maxima (mleng_acc): the Azure ND GB200 v6 FP8 GEMM of 2,744 TFLOP/s '
             '(azure_gb200) is lower and so not the best measured rate; memory_bandwidth_tb_s 7.35 is Azure\'s '
             'measured HBM bandwidth (92% of 8.0).',
    'h200': 'Only an fp8 MAMF is published for H200 itself. The measured NVLink pair bandwidth '
            '(396.4 GB/s one way, nvbandwidth) has no field in the schema and is not used.',
}

# Parts of one die at the same clocks (the same spec-sheet dense peaks): a rate measured on
# one applies to the other where the other has no measurement of its own (issue 19: the
# achievable ceilings must agree across one die). id -> (reference name of the measured
# part, its preset id, why).
SAME_DIE = {
    'h200': ('NVIDIA H100 SXM5 80GB', 'h100-sxm',
             'the same GH100 die as H100 SXM5 at the same clocks (identical dense peaks); H200 '
             'changes the HBM only'),
    'a100-40gb-sxm': ('NVIDIA A100 80GB SXM4', 'a100-80gb-sxm',
                      'the same GA100 die as A100 80GB SXM4 at the same clocks (identical dense '
                      'peaks); only the HBM differs'),
}

BY_NAME = {}  # reference devices by name, filled by main()

CAPACITY_NOTES = {
    'h200': 'DOMAIN.md section 5 puts a "141 GB" H200 at "about 140 GiB"; the one convention gives 141 GiB '
            '(within 0.7%).',
    'mi300x': 'ROCm docs list the VRAM in GiB (rocm_specs).',
    'mi325x': 'ROCm docs list the VRAM in GiB (rocm_specs).',
    'mi355x': 'ROCm docs list the VRAM in GiB (rocm_specs).',
}

# ---------------------------------------------------------------------------
# Chips written from ../shared/reference/hardware-2026.json (issue 18), by its ids. Every
# field written is cited in the preset's field_sources with the keys of that file's `sources`
# map that its per-field citation names (their parenthesised quotes go into the notes).
# Per-chip choices:
#   drop:    fields or peak precisions ('peak_dense_tflops.tf32') left out, with why
#   peaks:   {precision: (TFLOP/s, [keys], quote)} added from other_precisions_dense_tflops
#   visible: (MiB the driver reports, [keys], quote) -> memory_capacity_visible_gib = MiB/1024
#            (the exact MiB figure of the citation, where the reference rounds the GiB)
#   bytes:   (exact bytes, quote) -> memory_capacity_gib = bytes / 2^30 (SRAM parts: decimal MB/GB)
#   cite:    {field: [keys]} for a field the reference gives without its own citation
#   unsourced_compute: (why, [keys]) -> compute_peak_unsourced, peak_dense_tflops {}
#   note:    more text for the notes
# Left out everywhere: every figure the reference marks null; its research-only keys
# (vendor_headline_tflops, on_chip_sram_mib, npu_int8_tops, ...) go into the notes only.
# ---------------------------------------------------------------------------
_SINGLE = ('a single device: no device-to-device link (scale_up_domain_devices 1; '
           'bandwidth_gb_s_per_direction left out)')
NEW_CHIPS = [
    ('gb300', {
        'visible': (284208, ['aic_gb300'], 'mem_capacity = 284208 MiB reported by nvidia-smi'),
        'peaks': {'fp6': (5000, ['mleng_acc'], 'fp6 at the fp8 rate on NVIDIA (other_precisions_dense_tflops)')},
        'cite': {'memory_type': ['gk_b300', 'aic_gb300']},
        'note': 'INT8 165 TOPS, NOT 5,000: Blackwell Ultra cut INT8 (aic_gb300, verda_gb300; ml-engineering\'s '
                'table lists 5,000, a conflict not used).'}),
    ('rtx-5090', {
        'drop': {'peak_dense_tflops.tf32': 'the reference sets tf32 to half of bf16 by the Ada convention and '
                                           'marks it unverified'},
        'cite': {'memory_type': ['toms_5090']}}),
    ('rtx-pro-6000-blackwell', {
        'visible': (97887, ['aic_rtxpro'], 'Server Edition: 97887 MiB'),
        'cite': {'memory_type': ['rtxpro_pt']}}),
    ('dgx-spark-gb10', {
        'cite': {'memory_type': ['arm_gb10']},
        'note': 'Only the fp4 roof is sourced (500 dense, derived from NVIDIA\'s "1 PFLOP FP4" with sparsity): '
                'bf16 or fp8 math has no sourced roof at its precision or a wider one, so the analysis draws '
                'only the memory roof for it, with a warning, rather than run bf16 on the fp4 roof.'}),
    ('jetson-agx-thor', {
        'cite': {'memory_type': ['ridgerun_thor'], 'interconnect': ['ridgerun_thor']},
        'note': 'bf16 (about 258.75 by the 2x-per-precision pattern) is not vendor-published and is left out: '
                'bf16 math gets only the memory roof, with a warning.'}),
    ('h100-nvl', {
        'drop': {'l2_cache_mb': 'the reference gives 50 MB without a citation'},
        'cite': {'memory_type': ['mleng_acc', 'aimining_h100nvl']}}),
    ('mi350x', {
        'peaks': {'fp6': (9200, ['tom_mi355x', 'cnc_mi350'], 'FP4/FP6 18.45 PF sparse -> 9.2 dense; FP6 and FP4 '
                                                             'same throughput')},
        'cite': {'memory_type': ['mleng_acc'], 'memory_bandwidth_tb_s': ['mleng_acc'],
                 'l2_cache_mb': ['rocm_specs']},
        'note': 'Bandwidth 8.0 TB/s is the memory-table row quoted under the capacity citation (mleng_acc, '
                '"MI350X 288 HBM3e 8.00"); L2 32 from rocm_specs (L2 MiB). Infinity Cache 256 MB is not a '
                'schema key.'}),
    ('tpu7x-ironwood', {}),
    ('trainium2', {}),
    ('trainium3', {
        'cite': {'memory_type': ['neuron_trn3']}}),
    ('apple-m3-ultra', {
        'cite': {'memory_type': ['tpu_m3u'], 'interconnect': ['tpu_m3u']},
        'note': 'The compute roof is DERIVED, not published: 80 cores x 128 FP32 ALUs x 2 FLOP x 1.398 GHz '
                '(an aggregator\'s M3 Max clock, hmc_apple) = 28.6 TFLOP/s, fp16 at the same rate; Apple '
                'publishes no GPU FLOP rate. Memory roof high confidence, compute low.'}),
    ('apple-m4-max', {
        'unsourced_compute': ('Apple publishes no GPU FLOP rate for the M4 Max; the only clock found (1678 MHz, '
                              'hmc_apple) is an aggregator\'s figure for the 32-core bin, so no 40-core peak is '
                              'entered (the reference leaves fp32 and fp16 null)', ['hmc_apple']),
        'cite': {'memory_type': ['apple_m4max'], 'interconnect': ['apple_m4max']}}),
    ('ryzen-ai-max-395', {
        'cite': {'memory_type': ['spawn_strix'], 'interconnect': ['tpu_strix']}}),
    ('groq-lpu-v1', {
        'bytes': (230e6, '230 MB on-chip SRAM (decimal MB, as the reference reads it: 0.2142 GiB)'),
        'drop': {'interconnect': 'chip-to-chip bandwidth and the system size are unspecified (null); without '
                                 'a link, tensor parallelism is not timed (with a warning) and the default '
                                 'scale_up_domain_devices 8 applies'},
        'cite': {'memory_type': ['groq_tpu']},
        'note': 'SRAM-only part: the memory roof is the 80 TB/s on-chip SRAM and 230 MB per chip is a hard '
                'limit (a 70B model needs hundreds of chips); the binding roofs of a real deployment, '
                'chip-to-chip bandwidth and capacity across chips, are not modelled (hardware-audit.md '
                'section 2).'}),
    ('cerebras-wse3', {
        'bytes': (44e9, '44 GB on-wafer SRAM (decimal GB, as the reference reads it: 40.98 GiB)'),
        'unsourced_compute': ('Cerebras\'s 125 PFLOP/s FP16 headline is not qualified as dense (toms_wse3: the '
                              'software supports dynamic and unstructured sparsity; yobitel_wse3 calls it '
                              '"sparse FP16"), so no dense roof is entered', ['toms_wse3', 'yobitel_wse3']),
        'cite': {'memory_type': ['toms_wse3'], 'interconnect': ['toms_wse3']},
        'note': 'SRAM-only part: the memory roof is on-wafer SRAM (about 21 PB/s, a secondary figure); 44 GB '
                'is the binding limit, and larger models stream weights from MemoryX over 1.2 Tb/s, which is '
                'not modelled (hardware-audit.md section 2).'}),
]

# The one per-field citation of hardware-2026.json that names no key of its sources map
# (H100 NVL's peak_dense_tflops): its text, under a key of its own.
EXTRA_SOURCES_2026 = {
    'nvidia_h100nvl_datasheet': 'NVIDIA H100 datasheet NVL column (sparse FP8 3,341 / BF16 1,671 / TF32 835 '
                                'TFLOPS) - figures NOT retrieved from a primary copy; halved. Corroborated only '
                                'by a third-party table (a public spec table: \'H100 NVL ... ~835 ... ~1670 ... '
                                'NVLink bridge (600 GB/s) ... 350-400 W\')',
}

NEW_FIELDS = ('memory_type', 'memory_capacity_gib', 'memory_capacity_visible_gib', 'memory_bandwidth_tb_s',
              'peak_dense_tflops', 'l2_cache_mb', 'interconnect', 'scale_out', 'tdp_w')


def split_citation(text, src):
    """A per-field citation of hardware-2026.json -> (source keys it names, in order; the text with
    each named citation replaced by [key], for its quotes), or ([extra key], None) for a citation
    that names no key of the map."""
    keys = [k for k, v in src.items() if v in text]
    keys.sort(key=lambda k: text.index(src[k]))
    if not keys:
        extra = [k for k, v in EXTRA_SOURCES_2026.items() if v == text]
        assert extra, text
        return extra, None
    rest = text
    for k in keys:
        rest = rest.replace(src[k], '[%s]' % k)
    plain = ' '.join('[%s]' % k for k in keys)
    if rest.replace(';', ' ').split() == plain.split():
        rest = None
    return keys, rest


def build_new_chip(cid, opts, chip, src):
    all_sources = dict(src, **EXTRA_SOURCES_2026)
    drop = opts.get('drop', {})
    out = {'schema_version': HW_SCHEMA_VERSION, 'id': cid, 'name': chip['name'], 'vendor': chip['vendor']}
    field_sources = {}
    quotes = []
    source_keys = []

    def cite(field, keys, quote=None):
        assert keys, (cid, field)
        for k in keys:
            assert k in all_sources, (cid, k)
            if k not in source_keys:
                source_keys.append(k)
        field_sources[field] = keys[0] if len(keys) == 1 else list(keys)
        if quote:
            quotes.append('%s: %s' % (field, quote))

    def reference_citation(field):
        text = chip['sources'].get(field)
        return None if text is None else split_citation(text, src)

    def cite_field(field):
        if field in opts.get('cite', {}):
            cite(field, opts['cite'][field], 'cited with the source that gives it (the reference gives no '
                                             'citation of its own for this field)')
            return
        found = reference_citation(field)
        assert found is not None, (cid, 'uncited field', field)
        cite(field, found[0], found[1])

    notes = ['Written from ../shared/reference/hardware-2026.json (chip "%s"); every field is cited in '
             'field_sources with the keys of that file\'s sources map.' % cid]
    if chip.get('memory_type'):
        out['memory_type'] = chip['memory_type']
        cite_field('memory_type')

    if 'bytes' in opts:
        nbytes, said = opts['bytes']
        gib = nbytes / GIB
        out['memory_capacity_gib'] = gib
        capacity = 'Capacity: %s = %s bytes = %r GiB (bytes / 2^30, exact in binary).' % (
            said, format(int(nbytes), ','), gib)
    else:
        gib = chip['memory_capacity_gib']
        out['memory_capacity_gib'] = number(gib)
        capacity = 'Capacity: %s GiB = %s x 2^30 = %s bytes (the reference\'s memory_capacity_gib: the ' \
                   'vendor\'s "GB" read as GiB, or the vendor\'s GiB; DOMAIN.md section 5).' % (
                       number(gib), number(gib), format(int(gib * GIB), ','))
    cite_field('memory_capacity_gib')
    if 'visible' in opts:
        mib, keys, quote = opts['visible']
        out['memory_capacity_visible_gib'] = number(mib / 1024)
        cite('memory_capacity_visible_gib', keys, quote)
        capacity += ' Visible (what the driver reports): %s MiB = %s GiB = %s bytes (the reference rounds it ' \
                    'to %s GiB); memory accounting uses it.' % (
                        format(mib, ','), number(mib / 1024), format(mib * 2 ** 20, ','),
                        chip.get('memory_capacity_visible_gib'))
    else:
        assert chip.get('memory_capacity_visible_gib') is None, cid
    notes.append(capacity)

    out['memory_bandwidth_tb_s'] = number(chip['memory_bandwidth_tb_s'])
    cite_field('memory_bandwidth_tb_s')

    peaks = {}
    for k, v in (chip.get('peak_dense_tflops') or {}).items():
        assert k in ALLOWED_PEAKS, (cid, k)
        if v is None or ('peak_dense_tflops.' + k) in drop:
            continue
        peaks[k] = number(v)
    whole = reference_citation('peak_dense_tflops')
    if peaks and whole is not None:
        cite('peak_dense_tflops', whole[0], whole[1])
    for k in list(peaks):
        own = reference_citation('peak_dense_tflops.' + k)
        if own is not None:
            cite('peak_dense_tflops.' + k, own[0], own[1])
        elif whole is None:
            raise SystemExit('%s: peak_dense_tflops.%s uncited' % (cid, k))
    for k, (v, keys, quote) in opts.get('peaks', {}).items():
        peaks[k] = number(v)
        cite('peak_dense_tflops.' + k, keys, quote)
    out['peak_dense_tflops'] = peaks
    if 'unsourced_compute' in opts:
        assert not peaks, cid
        why, keys = opts['unsourced_compute']
        out['compute_peak_unsourced'] = why
        cite('compute_peak_unsourced', keys)
        notes.append('No sourced compute peak: peak_dense_tflops is {} and compute_peak_unsourced says why; '
                     'the analysis draws only the memory roof and says so in a warning.')
    assert peaks or 'unsourced_compute' in opts, cid

    if chip.get('l2_cache_mb') is not None and 'l2_cache_mb' not in drop:
        out['l2_cache_mb'] = number(chip['l2_cache_mb'])
        cite_field('l2_cache_mb')

    network = []
    ic = chip.get('interconnect')
    if ic and 'interconnect' not in drop:
        link = {'name': ic['name']}
        if ic.get('bandwidth_gb_s_per_direction') is not None:
            link['bandwidth_gb_s_per_direction'] = number(ic['bandwidth_gb_s_per_direction'])
        if ic.get('scale_up_domain_devices') is not None:
            link['scale_up_domain_devices'] = ic['scale_up_domain_devices']
            if ic['scale_up_domain_devices'] == 1:
                network.append('interconnect: ' + _SINGLE + '.')
        else:
            network.append('scale_up_domain_devices left out (null in the reference): the default of '
                           'hardware.h (kDefaultScaleUpDomainDevices = 8) applies.')
        assert 'bandwidth_gb_s_per_direction' in link or link.get('scale_up_domain_devices') == 1, cid
        out['interconnect'] = link
        cite_field('interconnect')
    network.append('collective_latency_us left out: no cited measurement; the default alpha of hardware.h '
                   '(kDefaultCollectiveLatencySeconds = 5 us) applies.')
    so = chip.get('scale_out')
    if so and so.get('bandwidth_gb_s_per_direction') is not None:
        out['scale_out'] = {'name': so['name'],
                            'bandwidth_gb_s_per_direction': number(so['bandwidth_gb_s_per_direction'])}
        cite_field('scale_out')
        network.append('scale_out latency_us left out (default kDefaultScaleOutLatencySeconds = 15 us).')
    else:
        network.append('scale_out left out (null or not given in the reference): the default of hardware.h '
                       '(kDefaultScaleOutBandwidthBytesPerSecond = 50 GB/s) applies beyond the domain.')
    notes.extend(network)

    if chip.get('tdp_w') is not None:
        out['tdp_w'] = number(chip['tdp_w'])
        cite_field('tdp_w')
    else:
        notes.append('tdp_w left out (null in the reference): no energy figure.')
    notes.append('Achievable: no published measurement; the default fractions of hardware.h apply '
                 '(kDefaultAchievableComputeFraction 0.70, kDefaultAchievableBandwidthFraction 0.85).')
    for field, why in drop.items():
        notes.append('%s left out: %s.' % (field, why))
    if opts.get('note'):
        notes.append(opts['note'])
    research = {k: v for k, v in chip.items() if k not in NEW_FIELDS and k not in (
        'id', 'name', 'vendor', 'confidence', 'sources', 'notes')}
    if research:
        notes.append('Reference research fields (no schema key): %s.' % '; '.join(
            '%s %s' % (k, json.dumps(v, ensure_ascii=False)) for k, v in research.items()))
    if quotes:
        notes.append('Citation quotes: ' + ' | '.join(quotes) + '.')
    notes.append('Reference notes: ' + chip['notes'])

    out['confidence'] = chip['confidence']
    out['sources'] = {k: all_sources[k] for k in source_keys}
    out['field_sources'] = field_sources
    out['notes'] = ' '.join(notes)
    return out


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


# Models the reference does not hold: small drafts for speculative decoding (DOMAIN.md
# section 6). Fields transcribed from the Hugging Face config.json, in the key order of the
# reference's Llama configs; counts checked by hand in tests/presets/presets_test.cpp.
_LLAMA32_ROPE = {'rope_type': 'llama3', 'factor': 32.0, 'low_freq_factor': 1.0,
                 'high_freq_factor': 4.0, 'original_max_position_embeddings': 8192}
EXTRA_MODELS = [
    ('llama-3.2-1b', {
        'name': 'Llama 3.2 1B',
        'official_params': '1.24B',
        'sources': [
            'Official HF config: https://huggingface.co/meta-llama/Llama-3.2-1B/blob/main/config.json '
            '(gated); model card: 1.24B parameters',
            'Config copy: kevinstephano/thunder_model_blocks hf_llama/llama_config.py LLAMA_3_2_1B_CFG '
            '(_name_or_path meta-llama/Llama-3.2-1B-Instruct, _commit_hash '
            '4e20de362430cd3b72f300e6b0f18e50e7166e08)',
        ],
        'notes': 'Draft model for speculative decoding with the Llama 3.1 models (same 128,256-token '
                 'vocabulary). Tied embeddings, counted once: computed total 1,235,814,400 (1.24B).',
    }, {
        'architectures': ['LlamaForCausalLM'], 'model_type': 'llama', 'hidden_size': 2048,
        'intermediate_size': 8192, 'num_hidden_layers': 16, 'num_attention_heads': 32,
        'num_key_value_heads': 8, 'head_dim': 64, 'vocab_size': 128256,
        'max_position_embeddings': 131072, 'rope_theta': 500000.0, 'rms_norm_eps': 1e-05,
        'tie_word_embeddings': True, 'hidden_act': 'silu', 'rope_scaling': _LLAMA32_ROPE,
    }),
    ('llama-3.2-3b', {
        'name': 'Llama 3.2 3B',
        'official_params': '3.21B',
        'sources': [
            'Official HF config: https://huggingface.co/meta-llama/Llama-3.2-3B/blob/main/config.json '
            '(gated); model card: 3.21B parameters',
            'Geometry copy: silvaxxx1/MyLLM_101 models/LLAMA/Llama3.2/Llama_configs.py (Llama 3.2 3B: '
            'emb_dim 3072, n_heads 24, n_layers 28, hidden_dim 8192, n_kv_groups 8, rope factor 32)',
        ],
        'notes': 'Draft model for speculative decoding with the Llama 3.1 models (same 128,256-token '
                 'vocabulary). head_dim 128 = 3072 / 24. Tied embeddings, counted once: computed total '
                 '3,212,749,824 (3.21B).',
    }, {
        'architectures': ['LlamaForCausalLM'], 'model_type': 'llama', 'hidden_size': 3072,
        'intermediate_size': 8192, 'num_hidden_layers': 28, 'num_attention_heads': 24,
        'num_key_value_heads': 8, 'head_dim': 128, 'vocab_size': 128256,
        'max_position_embeddings': 131072, 'rope_theta': 500000.0, 'rms_norm_eps': 1e-05,
        'tie_word_embeddings': True, 'hidden_act': 'silu', 'rope_scaling': _LLAMA32_ROPE,
    }),
    # Vision models (DOMAIN.md section 6): an encoder over image patches and a CNN. Fields
    # transcribed from the public config.json; the 1000 ImageNet class names of id2label /
    # label2id are abbreviated as num_labels (what transformers derives from them). Counts
    # derived by hand in tests/presets/presets_test.cpp.
    ('vit-large-patch16-224', {
        'name': 'ViT-L/16 (224)',
        'official_params': '304M',
        'sources': [
            'HF config: https://huggingface.co/google/vit-large-patch16-224/blob/main/config.json '
            '(ViTForImageClassification, ImageNet-1k, 1000 labels)',
            'Dosovitskiy et al., An Image is Worth 16x16 Words, ICLR 2021, Table 1: ViT-Large 24 '
            'layers, hidden 1024, MLP 4096, 16 heads, 307M parameters',
            'timm vit_large_patch16_224: 304.3M parameters, 61.6 GMACs at 224 (multiply-adds)',
        ],
        'notes': 'id2label/label2id (1000 ImageNet classes) abbreviated as num_labels. Computed '
                 'total 304,326,632 parameters (classifier 1,025,000 included; '
                 'ViTForImageClassification has no pooler).',
    }, {
        'architectures': ['ViTForImageClassification'], 'model_type': 'vit',
        'attention_probs_dropout_prob': 0.0, 'hidden_act': 'gelu', 'hidden_dropout_prob': 0.0,
        'hidden_size': 1024, 'image_size': 224, 'initializer_range': 0.02,
        'intermediate_size': 4096, 'layer_norm_eps': 1e-12, 'num_attention_heads': 16,
        'num_channels': 3, 'num_hidden_layers': 24, 'num_labels': 1000, 'patch_size': 16,
        'qkv_bias': True, 'transformers_version': '4.13.0.dev0',
    }),
    ('clip-vit-large-patch14', {
        'name': 'CLIP ViT-L/14 vision',
        'official_params': '303M vision tower + 0.79M projection',
        'sources': [
            'HF config: https://huggingface.co/openai/clip-vit-large-patch14/blob/main/config.json '
            '(CLIPModel; vision_config and projection_dim)',
            'Radford et al., Learning Transferable Visual Models From Natural Language Supervision, '
            '2021, Table 20: ViT-L/14 vision width 1024, 24 layers, 16 heads, 224 px, embed dim 768',
        ],
        'notes': 'Only the vision tower and its visual projection (1024 -> 768, no bias) are '
                 'modelled; text_config is kept (key fields) and not read. Computed: vision tower '
                 '303,179,776 + visual projection 786,432 = 303,966,208 parameters.',
    }, {
        'architectures': ['CLIPModel'], 'model_type': 'clip', 'initializer_factor': 1.0,
        'logit_scale_init_value': 2.6592, 'projection_dim': 768,
        'text_config': {
            'model_type': 'clip_text_model', 'hidden_size': 768, 'intermediate_size': 3072,
            'num_attention_heads': 12, 'num_hidden_layers': 12, 'max_position_embeddings': 77,
            'vocab_size': 49408, 'projection_dim': 768, 'hidden_act': 'quick_gelu',
            'layer_norm_eps': 1e-05,
        },
        'vision_config': {
            'model_type': 'clip_vision_model', 'hidden_size': 1024, 'intermediate_size': 4096,
            'num_attention_heads': 16, 'num_hidden_layers': 24, 'image_size': 224,
            'patch_size': 14, 'num_channels': 3, 'projection_dim': 768,
            'hidden_act': 'quick_gelu', 'layer_norm_eps': 1e-05, 'attention_dropout': 0.0,
            'dropout': 0.0,
        },
        'torch_dtype': 'float32', 'transformers_version': '4.16.0.dev0',
    }),
    ('resnet-50', {
        'name': 'ResNet-50',
        'official_params': '25,557,032',
        'sources': [
            'HF config: https://huggingface.co/microsoft/resnet-50/blob/main/config.json '
            '(ResNetForImageClassification, ImageNet-1k, 1000 labels)',
            'He et al., Deep Residual Learning for Image Recognition, CVPR 2016, Table 1: 3.8e9 '
            'FLOPs (multiply-adds) for the 50-layer net; torchvision resnet50 (v1.5, stride on '
            'the 3x3): 25,557,032 parameters, 4.09 GFLOPS (multiply-adds)',
        ],
        'notes': 'id2label/label2id (1000 ImageNet classes) abbreviated as num_labels. '
                 'ResNetConfig has no image size: 224 (the checkpoint crop) is used. Computed '
                 'total 25,557,032 parameters (batch-norm weight and bias included).',
    }, {
        'architectures': ['ResNetForImageClassification'], 'model_type': 'resnet',
        'depths': [3, 4, 6, 3], 'downsample_in_first_stage': False, 'embedding_size': 64,
        'hidden_act': 'relu', 'hidden_sizes': [256, 512, 1024, 2048], 'layer_type': 'bottleneck',
        'num_channels': 3, 'num_labels': 1000, 'torch_dtype': 'float32',
        'transformers_version': '4.18.0.dev0',
    }),
]


# Family and release (year-month) of every model preset, for the model picker (read into
# Model::family and Model::release; presets/README.md).
FAMILY_RELEASE = {
    'llama-2-7b': ('Llama 2', '2023-07'), 'llama-2-13b': ('Llama 2', '2023-07'),
    'llama-2-70b': ('Llama 2', '2023-07'), 'llama-3-8b': ('Llama 3', '2024-04'),
    'llama-3-70b': ('Llama 3', '2024-04'), 'llama-3.1-8b': ('Llama 3.1', '2024-07'),
    'llama-3.1-70b': ('Llama 3.1', '2024-07'), 'llama-3.1-405b': ('Llama 3.1', '2024-07'),
    'llama-3.2-1b': ('Llama 3.2', '2024-09'), 'llama-3.2-3b': ('Llama 3.2', '2024-09'),
    'mistral-7b': ('Mistral', '2023-09'), 'mixtral-8x7b': ('Mixtral', '2023-12'),
    'mixtral-8x22b': ('Mixtral', '2024-04'), 'qwen2.5-7b': ('Qwen2.5', '2024-09'),
    'gemma-2-9b': ('Gemma 2', '2024-06'), 'gpt-oss-120b': ('gpt-oss', '2025-08'),
    'deepseek-v3': ('DeepSeek-V3', '2024-12'), 'vit-large-patch16-224': ('ViT', '2020-10'),
    'clip-vit-large-patch14': ('CLIP', '2021-01'), 'resnet-50': ('ResNet', '2015-12'),
    'llama-4-scout': ('Llama 4', '2025-04'), 'llama-4-maverick': ('Llama 4', '2025-04'),
    'gemma-3-27b': ('Gemma 3', '2025-03'), 'qwen3-8b': ('Qwen3', '2025-04'),
    'qwen3-32b': ('Qwen3', '2025-04'), 'qwen3-30b-a3b': ('Qwen3', '2025-04'),
    'qwen3-235b-a22b': ('Qwen3', '2025-04'), 'qwen3-next-80b-a3b': ('Qwen3-Next', '2025-09'),
    'deepseek-v3.2': ('DeepSeek-V3', '2025-12'), 'kimi-k2': ('Kimi K2', '2025-07'),
    'gpt-oss-20b': ('gpt-oss', '2025-08'), 'nemotron-3-nano-30b-a3b': ('Nemotron 3', '2025-12'),
}


def with_family(mid, rl):
    """The sidecar with family and release after the name."""
    family, release = FAMILY_RELEASE[mid]
    out = {}
    for k, v in rl.items():
        out[k] = v
        if k == 'name':
            out['family'] = family
            out['release'] = release
    return out


# Issue 17: presets from verbatim config.json files, each with its source. The reference's
# five configs are read from ../shared/reference/configs/; the others are public copies,
# held here as JSON text exactly as published (keys, order and values).
VERBATIM_CONFIGS = {
    'llama-4-maverick': r'''{"architectures": ["Llama4ForConditionalGeneration"], "boi_token_index": 200080, "eoi_token_index": 200081, "image_token_index": 200092, "model_type": "llama4", "text_config": {"attention_bias": false, "attention_chunk_size": 8192, "attention_dropout": 0.0, "head_dim": 128, "hidden_act": "silu", "hidden_size": 5120, "interleave_moe_layer_step": 2, "intermediate_size": 8192, "intermediate_size_mlp": 16384, "max_position_embeddings": 1048576, "model_type": "llama4_text", "num_attention_heads": 40, "num_experts_per_tok": 1, "num_hidden_layers": 48, "num_key_value_heads": 8, "num_local_experts": 128, "output_router_logits": false, "rms_norm_eps": 1e-05, "rope_scaling": null, "rope_theta": 500000.0, "router_aux_loss_coef": 0.001, "torch_dtype": "bfloat16", "use_cache": true, "use_qk_norm": false, "vocab_size": 202048}, "torch_dtype": "bfloat16", "transformers_version": "4.51.0.dev0", "vision_config": {"attention_dropout": 0.0, "hidden_act": "gelu", "hidden_size": 1408, "image_size": 336, "initializer_range": 0.02, "intermediate_size": 5632, "model_type": "llama4_vision_model", "multi_modal_projector_bias": false, "norm_eps": 1e-05, "num_attention_heads": 16, "num_channels": 3, "num_hidden_layers": 34, "patch_size": 14, "pixel_shuffle_ratio": 0.5, "projector_dropout": 0.0, "projector_input_dim": 4096, "projector_output_dim": 4096, "rope_theta": 10000, "torch_dtype": "bfloat16", "vision_feature_layer": -1, "vision_feature_select_strategy": "default", "vision_output_dim": 4096}}''',
    'gemma-3-27b': r'''{"architectures": ["Gemma3ForConditionalGeneration"], "boi_token_index": 255999, "eoi_token_index": 256000, "eos_token_id": [1, 106], "image_token_index": 262144, "initializer_range": 0.02, "mm_tokens_per_image": 256, "model_type": "gemma3", "text_config": {"head_dim": 128, "hidden_size": 5376, "intermediate_size": 21504, "model_type": "gemma3_text", "num_attention_heads": 32, "num_hidden_layers": 62, "num_key_value_heads": 16, "query_pre_attn_scalar": 168, "rope_scaling": {"factor": 8.0, "rope_type": "linear"}, "sliding_window": 1024}, "torch_dtype": "bfloat16", "transformers_version": "4.50.0.dev0", "vision_config": {"hidden_size": 1152, "image_size": 896, "intermediate_size": 4304, "model_type": "siglip_vision_model", "num_attention_heads": 16, "num_hidden_layers": 27, "patch_size": 14, "vision_use_head": false}}''',
    'qwen3-8b': r'''{"architectures": ["Qwen3ForCausalLM"], "attention_bias": false, "attention_dropout": 0.0, "bos_token_id": 151643, "eos_token_id": 151645, "head_dim": 128, "hidden_act": "silu", "hidden_size": 4096, "initializer_range": 0.02, "intermediate_size": 12288, "max_position_embeddings": 40960, "max_window_layers": 36, "model_type": "qwen3", "num_attention_heads": 32, "num_hidden_layers": 36, "num_key_value_heads": 8, "rms_norm_eps": 1e-06, "rope_scaling": null, "rope_theta": 1000000, "sliding_window": null, "tie_word_embeddings": false, "torch_dtype": "bfloat16", "transformers_version": "4.51.0", "use_cache": true, "use_sliding_window": false, "vocab_size": 151936}''',
    'qwen3-32b': r'''{"architectures": ["Qwen3ForCausalLM"], "attention_bias": false, "attention_dropout": 0.0, "bos_token_id": 151643, "eos_token_id": 151645, "head_dim": 128, "hidden_act": "silu", "hidden_size": 5120, "initializer_range": 0.02, "intermediate_size": 25600, "max_position_embeddings": 40960, "max_window_layers": 64, "model_type": "qwen3", "num_attention_heads": 64, "num_hidden_layers": 64, "num_key_value_heads": 8, "rms_norm_eps": 1e-06, "rope_scaling": null, "rope_theta": 1000000, "sliding_window": null, "tie_word_embeddings": false, "torch_dtype": "bfloat16", "transformers_version": "4.51.0", "use_cache": true, "use_sliding_window": false, "vocab_size": 151936}''',
    'qwen3-30b-a3b': r'''{"architectures": ["Qwen3MoeForCausalLM"], "attention_bias": false, "attention_dropout": 0.0, "bos_token_id": 151643, "decoder_sparse_step": 1, "eos_token_id": 151645, "head_dim": 128, "hidden_act": "silu", "hidden_size": 2048, "initializer_range": 0.02, "intermediate_size": 6144, "max_position_embeddings": 40960, "max_window_layers": 48, "mlp_only_layers": [], "model_type": "qwen3_moe", "moe_intermediate_size": 768, "norm_topk_prob": true, "num_attention_heads": 32, "num_experts": 128, "num_experts_per_tok": 8, "num_hidden_layers": 48, "num_key_value_heads": 4, "output_router_logits": false, "rms_norm_eps": 1e-06, "rope_scaling": null, "rope_theta": 1000000.0, "router_aux_loss_coef": 0.001, "sliding_window": null, "tie_word_embeddings": false, "torch_dtype": "bfloat16", "transformers_version": "4.51.0", "use_cache": true, "use_sliding_window": false, "vocab_size": 151936}''',
    'qwen3-235b-a22b': r'''{"architectures": ["Qwen3MoeForCausalLM"], "attention_bias": false, "attention_dropout": 0.0, "bos_token_id": 151643, "decoder_sparse_step": 1, "eos_token_id": 151645, "head_dim": 128, "hidden_act": "silu", "hidden_size": 4096, "initializer_range": 0.02, "intermediate_size": 12288, "max_position_embeddings": 40960, "max_window_layers": 94, "mlp_only_layers": [], "model_type": "qwen3_moe", "moe_intermediate_size": 1536, "norm_topk_prob": true, "num_attention_heads": 64, "num_experts": 128, "num_experts_per_tok": 8, "num_hidden_layers": 94, "num_key_value_heads": 4, "output_router_logits": false, "rms_norm_eps": 1e-06, "rope_scaling": null, "rope_theta": 1000000.0, "router_aux_loss_coef": 0.001, "sliding_window": null, "tie_word_embeddings": false, "torch_dtype": "bfloat16", "transformers_version": "4.51.0", "use_cache": true, "use_sliding_window": false, "vocab_size": 151936}''',
    'kimi-k2': r'''{"architectures": ["DeepseekV3ForCausalLM"], "model_type": "kimi_k2", "num_hidden_layers": 61, "hidden_size": 7168, "num_attention_heads": 64, "num_key_value_heads": 64, "intermediate_size": 18432, "vocab_size": 163840, "max_position_embeddings": 131072, "n_routed_experts": 384, "n_shared_experts": 1, "num_experts_per_tok": 8, "moe_intermediate_size": 2048, "moe_layer_freq": 1, "first_k_dense_replace": 1, "kv_lora_rank": 512, "q_lora_rank": 1536, "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128, "routed_scaling_factor": 2.827, "torch_dtype": "bfloat16", "use_cache": true, "tie_word_embeddings": false}''',
    'gpt-oss-20b': r'''{"architectures": ["GptOssForCausalLM"], "attention_bias": true, "attention_dropout": 0.0, "eos_token_id": 200002, "experts_per_token": 4, "head_dim": 64, "hidden_act": "silu", "hidden_size": 2880, "initial_context_length": 4096, "initializer_range": 0.02, "intermediate_size": 2880, "layer_types": ["sliding_attention", "full_attention", "sliding_attention", "full_attention", "sliding_attention", "full_attention", "sliding_attention", "full_attention", "sliding_attention", "full_attention", "sliding_attention", "full_attention", "sliding_attention", "full_attention", "sliding_attention", "full_attention", "sliding_attention", "full_attention", "sliding_attention", "full_attention", "sliding_attention", "full_attention", "sliding_attention", "full_attention"], "max_position_embeddings": 131072, "model_type": "gpt_oss", "num_attention_heads": 64, "num_experts_per_tok": 4, "num_hidden_layers": 24, "num_key_value_heads": 8, "num_local_experts": 32, "output_router_logits": false, "pad_token_id": 199999, "quantization_config": {"modules_to_not_convert": ["model.layers.*.self_attn", "model.layers.*.mlp.router", "model.embed_tokens", "lm_head"], "quant_method": "mxfp4"}, "rms_norm_eps": 1e-05, "rope_scaling": {"beta_fast": 32.0, "beta_slow": 1.0, "factor": 32.0, "original_max_position_embeddings": 4096, "rope_type": "yarn", "truncate": false}, "rope_theta": 150000, "router_aux_loss_coef": 0.9, "sliding_window": 128, "swiglu_limit": 7.0, "tie_word_embeddings": false, "transformers_version": "4.55.0.dev0", "use_cache": true, "vocab_size": 201088}''',
}

VERBATIM_MODELS = [
    ('llama-4-scout', 'reference:llama-4-scout-17b-16e-instruct.json', {
        'name': 'Llama 4 Scout 17B-16E',
        'official_params': '109B total / 17B active (meta-llama/Llama-4-Scout-17B-16E-Instruct model card)',
        'sources': [
            'config.json of meta-llama/Llama-4-Scout-17B-16E-Instruct, verbatim copy: github '
            'inference-sim/inference-sim model_configs/llama-4-scout-17b-16e-instruct/config.json '
            '@ 59649ee4320a (../shared/reference/configs/index.json)',
        ],
        'notes': 'Multimodal wrapper: the decoder is text_config; the vision tower and projector '
                 '(0.87B, counted from vision_config) are reported apart. 16 routed experts top-1 '
                 'plus one shared expert on all 48 layers; chunked attention (8,192) on 36 layers, '
                 '12 NoPE global layers.',
    }),
    ('llama-4-maverick', 'inline', {
        'name': 'Llama 4 Maverick 17B-128E',
        'official_params': '400B total / 17B active (meta-llama/Llama-4-Maverick-17B-128E-Instruct model card)',
        'sources': [
            'config.json of meta-llama/Llama-4-Maverick-17B-128E-Instruct, copy: github '
            'ai-dynamo/aiconfigurator aic-core/src/aiconfigurator_core/model_configs/'
            'meta-llama--Llama-4-Maverick-17B-128E-Instruct_config.json @ '
            '64c5ddb697dd8ad88a938f65b23d25cf5f45de12',
        ],
        'notes': 'interleave_moe_layer_step 2: 24 MoE layers (128 experts top-1 + shared expert) '
                 'and 24 dense layers of intermediate_size_mlp 16,384. Vision tower as Scout.',
    }),
    ('gemma-3-27b', 'inline', {
        'name': 'Gemma 3 27B',
        'official_params': '27B (Gemma 3 technical report: 417M vision + 1,416M embedding + 25,600M non-embedding)',
        'sources': [
            'config.json of google/gemma-3-27b-it as held in github brb-nv/TensorRT-LLM '
            'tests/unittest/_torch/modeling/test_modeling_gemma3vl.py GEMMA3_27B_MINI_CONFIG @ '
            'a355137c2949737465373be2aae02156a596f43c, with the two values that file marks '
            '"Modified for testing" (num_hidden_layers 6, sliding_window 4) restored to the '
            'published 62 and 1024',
            'The 62 layers and the 1024 window: GEMMA3_27B_TEXT, the text part of the same config, '
            'in a third-party file (find_string id 62559293678); Gemma 3 technical report',
        ],
        'notes': 'text_config leaves vocab_size and sliding_window_pattern out: transformers '
                 'Gemma3TextConfig defaults 262,208 and 6 (5 local layers of 1,024 tokens, then a '
                 'global one). SigLIP tower and projector counted from vision_config.',
    }),
    ('qwen3-8b', 'inline', {
        'name': 'Qwen3-8B',
        'official_params': '8.2B (Qwen/Qwen3-8B model card; 6.95B non-embedding)',
        'sources': ['config.json of Qwen/Qwen3-8B, verbatim copy: github citsjtu2020/LLM-Prof '
                    'sglang/Model_Config.md ("Qwen3-8B") @ 8434c8d19c396b2f95d92a67845a7c0a0e0dd512'],
    }),
    ('qwen3-32b', 'inline', {
        'name': 'Qwen3-32B',
        'official_params': '32.8B (Qwen/Qwen3-32B model card; 31.2B non-embedding)',
        'sources': ['config.json of Qwen/Qwen3-32B, verbatim copy: github citsjtu2020/LLM-Prof '
                    'sglang/Model_Config.md ("Qwen3-32B") @ 8434c8d19c396b2f95d92a67845a7c0a0e0dd512'],
    }),
    ('qwen3-30b-a3b', 'inline', {
        'name': 'Qwen3-30B-A3B',
        'official_params': '30.5B total / 3.3B active (Qwen/Qwen3-30B-A3B model card)',
        'sources': ['config.json of Qwen/Qwen3-30B-A3B, verbatim copy: github citsjtu2020/LLM-Prof '
                    'sglang/Model_Config.md ("Qwen3-30B-A3B") @ 8434c8d19c396b2f95d92a67845a7c0a0e0dd512'],
    }),
    ('qwen3-235b-a22b', 'inline', {
        'name': 'Qwen3-235B-A22B',
        'official_params': '235B total / 22B active (Qwen/Qwen3-235B-A22B model card)',
        'sources': [
            'config.json of Qwen/Qwen3-235B-A22B as a Python dict in a third-party LiteLLM '
            'registration file (find_string id 22176531064; True/False/None written as JSON)',
            'Corroborated: github zyzshishui/slime scripts/models/qwen3-235B-A22B.sh (94 layers, '
            'hidden 4096, ffn 12288, 64 heads, 4 KV groups, kv channels 128, 128 experts top-8 of '
            '1536, vocab 151936)',
        ],
    }),
    ('qwen3-next-80b-a3b', 'reference:qwen3-next-80b-a3b-thinking.json', {
        'name': 'Qwen3-Next-80B-A3B',
        'official_params': '80B total / 3B active (Qwen/Qwen3-Next-80B-A3B-Thinking model card)',
        'sources': ['config.json of Qwen/Qwen3-Next-80B-A3B-Thinking, verbatim copy: github '
                    'ai-dynamo/aiconfigurator src/aiconfigurator/model_configs/'
                    'Qwen--Qwen3-Next-80B-A3B-Thinking_config.json @ 1b7cfb10a6fa '
                    '(../shared/reference/configs/index.json)'],
        'notes': 'Hybrid: 36 Gated DeltaNet layers (a fixed state per sequence, bf16 as '
                 'torch_dtype: the config names no state dtype) and 12 gated full-attention layers. '
                 'Our active count (3.87B) includes both embedding tables (0.62B); the card\'s "3B" '
                 'does not.',
    }),
    ('deepseek-v3.2', 'reference:deepseek-v3.2.json', {
        'name': 'DeepSeek-V3.2',
        'official_params': '671B total / 37B active main model (HF lists 685B with the MTP layer)',
        'sources': ['config.json of deepseek-ai/DeepSeek-V3.2, verbatim copy: github '
                    'ai-dynamo/aiconfigurator aic-core/src/aiconfigurator_core/model_configs/'
                    'deepseek-ai--DeepSeek-V3.2_config.json @ 0b077da5e017 '
                    '(../shared/reference/configs/index.json)'],
        'notes': 'DeepSeek Sparse Attention over MLA: the lightning indexer (64 heads of 128) reads '
                 'its key cache over every token, attention reads index_topk 2,048 latents. One '
                 'MTP layer (num_nextn_predict_layers) reported beside the count.',
    }),
    ('kimi-k2', 'inline', {
        'name': 'Kimi K2',
        'official_params': '1T total (1.04T) / 32B active (moonshotai/Kimi-K2-Instruct model card)',
        'sources': ['config.json of moonshotai/Kimi-K2-Instruct, architecture keys as copied in '
                    'github ai-dynamo/aiconfigurator src/aiconfigurator/model_configs/'
                    'moonshotai--Kimi-K2-Instruct_config.json @ '
                    '821eb9a651450cef303fb858289bca98959fe4c2 (that copy keeps the shape keys '
                    'only: no rope_scaling or quantization_config)'],
        'notes': 'model_type kimi_k2 is no transformers type; architectures names '
                 'DeepseekV3ForCausalLM, so the loader reads it as deepseek_v3 and says so.',
    }),
    ('gpt-oss-20b', 'inline', {
        'name': 'gpt-oss-20b',
        'official_params': '21B total (20.9B) / 3.6B active (openai/gpt-oss-20b model card)',
        'sources': [
            'config.json of openai/gpt-oss-20b, copy: github EchoCog/gpt-oss-20b config.json @ '
            '52971a17bf2f66dd519c8d26217b1405e425a246, identical but for quantization_config.'
            'quant_method, which that copy edits to "gptq"; the published "mxfp4" is kept (a second '
            'verbatim copy, find_string id 31112482743, and the gpt-oss-120b preset)',
        ],
        'notes': 'Our active count (4.19B) includes both embedding tables; the card\'s 3.6B leaves '
                 'out the input embedding (201,088 × 2,880 = 0.58B).',
    }),
    ('nemotron-3-nano-30b-a3b', 'reference:nemotron-3-nano-30b-a3b.json', {
        'name': 'Nemotron 3 Nano 30B-A3B',
        'official_params': '31.6B total / ~3.5B active (third-party page basecompute/NVIDIA-Nemotron-3-Nano-30B-A3B)',
        'sources': ['config.json of nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16, verbatim copy: github '
                    'ai-dynamo/aiconfigurator aic-core/src/aiconfigurator_core/model_configs/'
                    'nvidia--NVIDIA-Nemotron-3-Nano-30B-A3B-BF16_config.json @ 0b077da5e017 '
                    '(../shared/reference/configs/index.json)'],
        'notes': 'Mamba-2 hybrid: 23 Mamba-2 blocks (fp32 state, mamba_ssm_cache_dtype), 6 '
                 'attention blocks, 23 MoE blocks (128 experts top-6 + shared expert, relu2).',
    }),
]

# ---------------------------------------------------------------------------
# The memory hierarchy's on-chip levels (DOMAIN.md section 10; issue 18), from
# hardware-2026.json's on_chip_memory_levels and the presets' own sources. A level without a
# cited bandwidth is listed (its bytes are reported) but never timed or drawn: SMEM bandwidth
# is not published, and the one L2 measurement of a GH100 part was taken on H100 PCIe.
# ---------------------------------------------------------------------------
MIB = 1024 * 1024
LEVEL_SOURCES = {
    'cc_h100': 'https://chipsandcheese.com/p/nvidias-h100-funny-l2-and-tons-of-bandwidth (H100 PCIe, '
               '114 SMs: L2 bandwidth about 5.5 TB/s measured; 50 MB L2 on the PCIe part, 60 MB on '
               'the full GH100 die), as cited by scaling-book gpus.md',
    'sb_gpus': "jax-ml/scaling-book@1a55377affc9ee8f10b549f689ad57e813623a7e gpus.md ('How to Think "
               "About GPUs'): SMEM 256 kB/SM, registers 256 KiB/SM, TMEM 256 kB/SM on B200, L2 ~50 MB "
               "split in two halves on H100, L2 bandwidth ~5.5 TB/s measured (chipsandcheese), TPU "
               "VMEM ~40 TB/s",
    'cc_b200': 'https://chipsandcheese.com/p/nvidias-b200-keeping-the-cuda-juggernaut (B200: 148 SMs '
               '(74 per die); 256 KB L1/shared per SM; L2 126 MB split across the two dies)',
    'sth_mi300x': 'https://servethehome.com/amd-instinct-mi300x-gpu-and-mi300a-apus-launched-for-ai-era/3 '
                  '(AMD launch slides: 256 MB Infinity Cache with 17 TB/s peak bandwidth; 128-channel '
                  'HBM3)',
}


def level(kind, name, capacity, source, notes, bandwidth=None, measured=False):
    whole = lambda x: int(x) if float(x) == int(x) else x  # as number(), defined below
    out = {'level': kind, 'name': name}
    if bandwidth is not None:
        out['bandwidth_bytes_per_s'] = whole(bandwidth)
    out.update({'capacity_bytes': whole(capacity), 'measured': measured, 'source': source,
                'notes': notes})
    return out


MEMORY_LEVELS = {
    'h100-sxm': [
        level('last_level_cache', 'L2', 50e6, 'sb_gpus',
              'No L2 bandwidth is published for the SXM part: the 5.5 TB/s measurement (chipsandcheese) '
              'was taken on H100 PCIe (114 SMs); SXM may be higher, and a lower figure would not be a '
              'bound. Bytes reported, not timed or drawn.'),
        level('on_chip_sram', 'shared memory', 132 * 256 * 1024, 'mleng_acc',
              '256 KiB per SM x 132 SMs = 33 MiB (ml-engineering cache table). Shared-memory bandwidth '
              'is not published: bytes reported, not timed or drawn.')],
    'h100-pcie': [
        level('last_level_cache', 'L2', 50e6, 'cc_h100',
              '5.5 TB/s measured on this part by chipsandcheese (as cited by scaling-book); NVIDIA '
              'publishes no L2 bandwidth, so the measured figure is used in every ceiling.',
              bandwidth=5.5e12, measured=True),
        level('on_chip_sram', 'shared memory', 114 * 256 * 1024, 'sb_gpus',
              '256 kB per SM (scaling-book) x 114 SMs (chipsandcheese) = 28.5 MiB. Bandwidth not '
              'published: not timed or drawn.')],
    'h200': [
        level('last_level_cache', 'L2', 50e6, 'mleng_acc',
              'The same GH100 die and cache as H100 SXM; no L2 bandwidth published or measured on '
              'H200: not timed or drawn.'),
        level('on_chip_sram', 'shared memory', 132 * 256 * 1024, 'mleng_acc',
              '256 KiB per SM x 132 SMs = 33 MiB (ml-engineering). Bandwidth not published.')],
    'b200': [
        level('last_level_cache', 'L2', 126.5e6, 'torchao_4002',
              '126.50 MB as the driver reports it (pytorch/ao PR 4002), split across the two dies '
              '(chipsandcheese). No L2 bandwidth published: not timed or drawn.'),
        level('on_chip_sram', 'shared memory', 148 * 256 * 1024, 'cc_b200',
              '256 KB per SM x 148 SMs (chipsandcheese) = 37 MiB. Bandwidth not published.')],
    'mi300x': [
        level('last_level_cache', 'Infinity Cache', 256 * MIB, 'sth_mi300x',
              "256 MB Infinity Cache at 17 TB/s peak (AMD launch slide; 17.2 TB/s in AMD's CDNA 3 "
              "material, not read directly, so the slide's figure is kept). A spec peak: the "
              'achievable ceilings take 0.85 of it.', bandwidth=17e12)],
    'tpu-v5e': [
        level('on_chip_sram', 'VMEM', 128 * MIB, 'sb_tpus',
              "128 MiB software-managed VMEM; 1.78e13 B/s is scaling-book's working figure (about 22x "
              'HBM), not a Google spec: low confidence. v5e has no hardware-managed cache level.',
              bandwidth=17.8e12)],
    'gaudi3': [
        level('on_chip_sram', 'SRAM', 96e6, 'intel_g3_hc',
              '96 MB on-die SRAM at 12.8 TB/s (Intel, Hot Chips 2024).', bandwidth=12.8e12)],
    'trainium2': [
        level('on_chip_sram', 'SBUF', 224 * MIB, 'neuron_trn2',
              '224 MiB state buffer (28 MiB per NeuronCore-v3 x 8). Bandwidth not published: not timed '
              'or drawn.')],
    'trainium3': [
        level('on_chip_sram', 'SBUF', 256 * MIB, 'neuron_trn3',
              '256 MiB state buffer (32 MiB per NeuronCore-v4 x 8). Bandwidth not published: not timed '
              'or drawn.')],
}


def with_memory_levels(preset_id, out):
    """Inserts the preset's memory_levels before its interconnect, and their new sources first."""
    levels = MEMORY_LEVELS.get(preset_id)
    if not levels:
        return out
    result = {}
    for k, v in out.items():
        if k == 'interconnect':
            result['memory_levels'] = levels
        result[k] = v
    assert 'memory_levels' in result, preset_id
    new = {l['source']: LEVEL_SOURCES[l['source']] for l in levels
           if l['source'] not in result['sources'] and l['source'] in LEVEL_SOURCES}
    result['sources'] = {**new, **result['sources']}
    for l in levels:
        assert l['source'] in result['sources'], (preset_id, l['source'])
    return result


def load(name):
    with open(os.path.join(REF_DIR, name), encoding='utf-8') as f:
        return json.load(f)


def inline(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(', ', ': '))


def dump_hardware(d):
    """2-space indent; peak_dense_tflops, interconnect, scale_out, achievable kept on one line."""
    lines = ['{']
    items = list(d.items())
    for i, (k, v) in enumerate(items):
        comma = ',' if i < len(items) - 1 else ''
        if k in ('peak_dense_tflops', 'interconnect', 'scale_out', 'achievable'):
            text = inline(v)
        elif k == 'memory_levels':  # one level a line
            text = '[\n' + ',\n'.join('    ' + inline(l) for l in v) + '\n  ]'
        elif k == 'field_sources':  # one field a line, its source keys on it
            text = '{\n' + ',\n'.join('    %s: %s' % (json.dumps(f), inline(keys))
                                       for f, keys in v.items()) + '\n  }'
        else:
            text = json.dumps(v, ensure_ascii=False, indent=2)
            text = text.replace('\n', '\n  ')
        lines.append('  %s: %s%s' % (json.dumps(k), text, comma))
    lines.append('}')
    return '\n'.join(lines) + '\n'


def number(x):
    """20.0 -> 20 so the JSON reads like the sources."""
    return int(x) if float(x) == int(x) else x


def measured_source(dev, src_map, field):
    """The source key of one `measured` field: MAMF figures come from mamf_source when the
    reference gives one (GB200), else from `source` (whose first key is the MAMF table)."""
    m = dev['measured']
    text = m['mamf_source'] if field.startswith('mamf_') and 'mamf_source' in m else m['source']
    key = text.split()[0]
    assert key in src_map, (dev['name'], field, text)
    return key


def build_achievable(dev, src_map):
    """Measured achievable rates from the reference's `measured`: best dense matmul per
    precision (MAMF) and measured HBM bandwidth. Nothing else, nothing invented."""
    m = dev.get('measured') or {}
    rates = {}
    keys = []
    for prec in ('bf16', 'fp8'):
        field = 'mamf_%s_tflops' % prec
        if m.get(field) is not None:
            rates[prec] = number(m[field])
            keys.append(measured_source(dev, src_map, field))
    out = {}
    if rates:
        out['dense_tflops'] = rates
    if m.get('hbm_TBps') is not None:
        out['memory_bandwidth_tb_s'] = number(m['hbm_TBps'])
        keys.append(measured_source(dev, src_map, 'hbm_TBps'))
    if not out:
        return None
    keys = sorted(set(keys), key=keys.index)
    out['source'] = keys[0] if len(keys) == 1 else keys
    return out


def build_hardware(entry, dev, src_map, src_2026):
    notes = []
    hid = entry['id']
    net = NETWORK.get(hid, {})
    audit = AUDIT.get(hid, {})
    # hardware.json's citation strings win where both files use a key (mleng_acc, ...).
    all_sources = dict(src_2026, **src_map)
    all_sources.update(EXTRA_SOURCES)
    source_keys = list(dev['sources'])
    field_sources = {}

    def cite(keys, field=None):
        for k in keys:
            assert k in all_sources, (hid, k)
            if k not in source_keys:
                source_keys.append(k)
        if field:
            field_sources[field] = keys[0] if len(keys) == 1 else list(keys)

    out = {'schema_version': HW_SCHEMA_VERSION, 'id': hid, 'name': dev['name'],
           'vendor': dev['vendor']}
    if dev.get('memory_type'):
        out['memory_type'] = dev['memory_type']

    if 'memory_gib' in entry:
        gib = entry['memory_gib']
        # sanity: the reference must actually mention this GiB figure
        assert dev.get('memory_gib') == gib or any(
            '%d GiB' % gib in c or "'%d GiB'" % gib in c for c in dev.get('conflicts', [])) or \
            any('%d GiB' % gib in src_map[s] for s in dev['sources']), hid
    else:
        gib = dev['memory_gb']
    out['memory_capacity_gib'] = number(gib)
    if 'visible' in audit:
        mib, keys, quote = audit['visible']
        out['memory_capacity_visible_gib'] = number(mib / 1024)
        cite(keys, 'memory_capacity_visible_gib')
    if 'memory_gib' in entry:
        said = 'the vendor\'s %s GiB' % number(gib)
    else:
        said = 'the vendor\'s "%s GB" read as binary' % number(dev['memory_gb'])
    capacity = 'Capacity: %s, %s GiB = %s x 2^30 = %s bytes (DOMAIN.md section 5: vendor ' \
               'HBM/GDDR "GB" are GiB; one convention for every preset).' % (
                   said, number(gib), number(gib), format(int(gib * GIB), ','))
    if CAPACITY_NOTES.get(hid):
        capacity += ' ' + CAPACITY_NOTES[hid]
    out['memory_bandwidth_tb_s'] = dev['mem_bw_TBps']

    peaks = {}
    for k in ALLOWED_PEAKS:
        v = (dev.get('dense_tflops') or {}).get(k)
        if v is not None:
            peaks[k] = v
    for k, (v, keys, quote) in audit.get('peaks', {}).items():
        peaks[k] = v
        cite(keys, 'peak_dense_tflops.' + k)
    out['peak_dense_tflops'] = peaks

    if dev.get('l2_mb') is not None:
        out['l2_cache_mb'] = dev['l2_mb']

    network = []
    ic = dev.get('interconnect')
    if ic:
        mode = entry.get('interconnect')
        bw = None
        if mode == 'per_chip_bidi_half':
            bw = number(ic['per_chip_bidirectional_GBps'] / 2)
        elif mode == 'per_link_x6':
            bw = ic['per_link_unidirectional_GBps'] * 6
        else:
            bw = ic.get('unidirectional_GBps')
        if 'link_bw' in audit:
            bw, keys, quote = audit['link_bw']
            cite(keys, 'interconnect.bandwidth_gb_s_per_direction')
        if bw is not None:
            link = {'name': audit.get('link_name', ic['type']), 'bandwidth_gb_s_per_direction': bw}
            if 'scale_up' in net:
                devices, keys, quote = net['scale_up']
                cite(keys, 'interconnect.scale_up_domain_devices')
                link['scale_up_domain_devices'] = devices
                network.append('scale_up_domain_devices %d: %s (%s).' % (devices, quote, ', '.join(keys)))
            else:
                network.append('scale_up_domain_devices left out: no cited system size; the default of '
                               'hardware.h (kDefaultScaleUpDomainDevices = 8, one 8-device server) applies.')
            out['interconnect'] = link
    network.append('collective_latency_us left out: no cited measurement; the default alpha of hardware.h '
                   '(kDefaultCollectiveLatencySeconds = 5 us, DOMAIN.md section 6) applies.')

    if 'scale_out' in net:
        name, gbits, keys, quote = net['scale_out']
        cite(keys, 'scale_out')
        out['scale_out'] = {'name': name, 'bandwidth_gb_s_per_direction': number(gbits / 8)}
        network.append('scale_out %s Gb/s = %s GB/s per direction per device: %s (%s); its latency_us left '
                       'out (default kDefaultScaleOutLatencySeconds = 15 us).' % (
                           gbits, number(gbits / 8), quote, ', '.join(keys)))
    elif not net.get('network_note', '').startswith('scale_out left out'):
        network.append('scale_out left out: no cited scale-out link; the default of hardware.h '
                       '(kDefaultScaleOutBandwidthBytesPerSecond = 50 GB/s, 400 Gb/s) applies.')
    if net.get('network_note'):
        network.append(net['network_note'])

    achievable = build_achievable(dev, src_map)
    borrowed = []
    if hid in SAME_DIE:
        ref_name, sibling, why = SAME_DIE[hid]
        other = build_achievable(BY_NAME[ref_name], src_map) or {}
        for prec, rate in other.get('dense_tflops', {}).items():
            assert peaks[prec] == number(BY_NAME[ref_name]['dense_tflops'][prec]), (hid, prec)
            if achievable is None:
                achievable = {'dense_tflops': {}, 'source': other['source']}
            if prec not in achievable.setdefault('dense_tflops', {}):
                achievable['dense_tflops'][prec] = rate
                borrowed.append('%s %s TFLOP/s measured on %s' % (prec, rate, sibling))
        if borrowed:
            achievable['dense_tflops'] = dict(sorted(achievable['dense_tflops'].items(),
                                                     key=lambda kv: ALLOWED_PEAKS.index(kv[0])))
    if achievable:
        for k, v in achievable.get('dense_tflops', {}).items():
            assert v <= peaks[k], (hid, k)
        if 'memory_bandwidth_tb_s' in achievable:
            assert achievable['memory_bandwidth_tb_s'] <= out['memory_bandwidth_tb_s'], hid
        out['achievable'] = achievable
        ach = 'Achievable: measured rates from the reference (%s).' % ', '.join(
            achievable['source'] if isinstance(achievable['source'], list) else [achievable['source']])
        if 'memory_bandwidth_tb_s' not in achievable:
            ach += ' No measured HBM bandwidth: the default fraction of hardware.h applies.'
        if borrowed:
            ach += ' From the same die: %s, since this part is %s.' % ('; '.join(borrowed), SAME_DIE[hid][2])
    else:
        ach = 'Achievable: no published measurement in the reference; the default fractions of ' \
              'hardware.h apply (kDefaultAchievableComputeFraction 0.70, ' \
              'kDefaultAchievableBandwidthFraction 0.85).'
    if ACHIEVABLE_NOTES.get(hid):
        ach += ' ' + ACHIEVABLE_NOTES[hid]

    if dev.get('tdp_w') is not None:
        out['tdp_w'] = dev['tdp_w']
    if 'tdp' in audit:
        watts, keys, quote = audit['tdp']
        out['tdp_w'] = watts
        cite(keys, 'tdp_w')
    for field, keys in audit.get('cite', {}).items():
        cite(keys, field)
    out['confidence'] = dev['confidence']
    if audit.get('notes'):  # every source key the audit notes name is in /sources
        cite([k for k in all_sources if re.search(r'\b%s\b' % re.escape(k), audit['notes'])])
    out['sources'] = {k: all_sources[k] for k in source_keys}
    if field_sources:
        out['field_sources'] = field_sources

    if entry.get('choice_notes'):
        notes.append(entry['choice_notes'])
    if audit.get('notes'):
        notes.append(audit['notes'])
    notes.append(capacity)
    notes.extend(network)
    notes.append(ach)
    if dev.get('notes'):
        notes.append('Reference notes: ' + dev['notes'])
    if dev.get('conflicts'):
        notes.append('Reference conflicts: ' + ' | '.join(dev['conflicts']))
    extra = dev.get('dense_tflops', {})
    for k in extra:
        if k not in ALLOWED_PEAKS and extra[k] is not None:
            raise SystemExit('unexpected precision %s for %s' % (k, hid))
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
    out = {'_roofline': with_family(mid, rl)}
    for k, v in m['config'].items():
        out[k] = v
    return out


def main():
    hw = load('hardware.json')
    models = load('models.json')
    src_map = hw['sources']
    by_name = {d['name']: d for d in hw['devices']}
    BY_NAME.update(by_name)
    os.makedirs(HW_OUT, exist_ok=True)
    os.makedirs(MODEL_OUT, exist_ok=True)

    hw26 = load('hardware-2026.json')
    src_2026 = hw26['sources']
    for entry in HARDWARE:
        dev = by_name[entry['ref']]
        out = with_memory_levels(entry['id'], build_hardware(entry, dev, src_map, src_2026))
        with open(os.path.join(HW_OUT, entry['id'] + '.json'), 'w', encoding='utf-8') as f:
            f.write(dump_hardware(out))

    chips = {c['id']: c for c in hw26['chips']}
    for cid, opts in NEW_CHIPS:
        out = with_memory_levels(cid, build_new_chip(cid, opts, chips[cid], src_2026))
        with open(os.path.join(HW_OUT, cid + '.json'), 'w', encoding='utf-8') as f:
            f.write(dump_hardware(out))

    m_by_name = {m['name']: m for m in models['models']}
    for mid, ref_name, display in MODELS:
        out = build_model(mid, ref_name, display, m_by_name[ref_name])
        with open(os.path.join(MODEL_OUT, mid + '.json'), 'w', encoding='utf-8') as f:
            f.write(json.dumps(out, ensure_ascii=False, indent=2) + '\n')

    for mid, rl, config in EXTRA_MODELS:
        out = {'_roofline': with_family(mid, rl)}
        out.update(config)
        with open(os.path.join(MODEL_OUT, mid + '.json'), 'w', encoding='utf-8') as f:
            f.write(json.dumps(out, ensure_ascii=False, indent=2) + '\n')

    for mid, where, rl in VERBATIM_MODELS:
        if where.startswith('reference:'):
            path = os.path.join(REF_DIR, 'configs', where[len('reference:'):])
            with open(path, encoding='utf-8') as f:
                config = json.load(f)
        else:
            config = json.loads(VERBATIM_CONFIGS[mid])
        out = {'_roofline': with_family(mid, rl)}
        out.update(config)
        with open(os.path.join(MODEL_OUT, mid + '.json'), 'w', encoding='utf-8') as f:
            f.write(json.dumps(out, ensure_ascii=False, indent=2) + '\n')

    print('wrote %d hardware and %d model presets' % (len(HARDWARE) + len(NEW_CHIPS), len(MODELS) + len(EXTRA_MODELS)
                                                      + len(VERBATIM_MODELS)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
