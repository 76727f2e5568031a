#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes presets/calibration/records/<hardware>.<engine>.published.csv, the measured-results
files the profiles are fitted on (scripts/calibration/fit_profiles.py), from
scripts/calibration/published-records.json (each record with its page and the quoted lines).

Precisions as the engine reads them: a KV cache whose precision the source does not state is
the engines' default, 16-bit (bf16); MXFP4 weights on Hopper and CDNA3, which have no fp4
tensor cores, run as weight-only kernels with bf16 activations. The source column is the
record's source key: the fit leaves a whole source out for its interval (calibrate.h)."""
import collections
import csv
import glob
import json
import os
import re

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
doc = json.load(open(os.path.join(here, 'published-records.json'), encoding='utf-8'))
files = collections.defaultdict(list)
def engine_version_of(text):
    """The engine version as major.minor.patch numbers ("~0.10 (main, Aug 2025)" -> "0.10"),
    or "" when the text names none (a llama.cpp build number, "latest")."""
    m = re.match(r'^[~vV]?(\d+\.\d+(?:\.\d+)?)', (text or '').strip())
    return m.group(1) if m else ''


for n, r in enumerate(doc['records'], 1):
    weights = r['weights'].lower()
    activations = (r['activations'] or weights).lower()
    if weights == 'mxfp4' and r['hardware'] in ('h100-sxm', 'h200', 'mi300x'):
        activations = 'bf16'
    kv = r['kv'].lower()
    if kv in ('', 'unstated', 'auto'):
        kv = 'bf16'
    version = f" {r['engine']} {r['engine_version']}".rstrip()
    label = (f"p{n:03d} {r['model']} tp{r['tp']} B={r['batch']} "
             f"{r['prompt']}/{r['output']}{version} ({r['source_key']})")
    # llama-bench's tg128 decodes from an empty context (prompt 0) and pp512 generates nothing
    # (output 0): the measured format counts at least one token of each.
    files[(r['hardware'], r['engine'])].append(
        [r['model'], r['hardware'], r['tp'], weights, activations, kv, r['batch'],
         max(1, r['prompt']), max(1, r['output']), r['metric'], r['value'], r['source_key'], label,
         engine_version_of(r.get('engine_version', ''))])
# Files of a chip and engine whose records are all gone would otherwise stay behind.
for old in glob.glob(os.path.join(root, 'presets', 'calibration', 'records', '*.published.csv')):
    os.remove(old)
for (hardware, engine), rows in sorted(files.items()):
    path = os.path.join(root, 'presets', 'calibration', 'records',
                        f'{hardware}.{engine}.published.csv')
    keys = sorted({row[11] for row in rows})
    urls = {r['source_key']: r['url'] for r in doc['records']}
    with open(path, 'w', newline='', encoding='utf-8') as f:
        f.write(f'# Published {engine} measurements on {hardware}, from '
                'scripts/calibration/published-records.json (written by records_to_csv.py; '
                'each record there quotes its source). Sources:\n')
        for k in keys:
            f.write(f'#   {k}: {urls[k]}\n')
        w = csv.writer(f, lineterminator='\n')
        w.writerow(['model', 'hardware', 'tp', 'weights', 'activations', 'kv', 'batch', 'prompt',
                    'output', 'metric', 'value', 'source', 'label', 'engine_version'])
        w.writerows(rows)
    print(path, len(rows))
