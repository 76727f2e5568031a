#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Refits the shipped calibration profiles (presets/calibration/<hw>.<engine>.json) from the
published records in presets/calibration/records, then validates them as a new user meets
them: each whole source left out in turn, pooled over every profile. A developer's tool, not
part of the build or the tests; rebuild afterwards, since the shipped profiles are compiled in.

    scripts/calibration/fit_profiles.py [--cli build/ci/app/roofline-cli] [--validate-only]

Needs python3 and a built roofline-cli. It prints the validation table, per source and pooled.

Profiles: a chip's generic profile is fitted on every engine's records of that chip; an
engine's own profile where its records come from two sources or more (one run's records agree
with each other, and say nothing of the next run). Each fit starts from
scripts/calibration/<hw>.base.json and frees what its records exercise (calibrate.h):
  step_overhead_s (the host time per pass) and launch_s (per kernel) always,
  collective_latency_s where a record runs at TP > 1, moe_half_tokens where one is a MoE,
  api_s where one measures a TTFT, and weight_efficiency/<p> of each quantized weight;
  attention_efficiency is held at 1 (the records let it go above the achievable bandwidth).
A parameter the records cannot determine (calibrate refuses, naming it) is held at the base's
value, and the profile's sources say so.

Validation (DOMAIN.md §11, "honest intervals"): for every source S, every profile fitted on S
is refitted without it, and S's records are estimated with the profile a user of S's stack
would get without S: the engine's own profile of that chip if one remains, else the chip's
generic one, else the closest chip of its family, else the unfitted generic profile. The
residuals ln(measured time / estimated time) of all sources are pooled:
  - the interval of each regime (TTFT or decode, dense or MoE, TP 1 or more) is the 10th-90th
    percentile of the pooled residuals of that regime (all profiles share them: a profile's
    own records understate the spread across engines, versions and checkpoints);
  - the extrapolated interval is the same over the records estimated outside their profile's
    domain;
  - the table's coverage of a source uses quantiles from the other sources only, so no
    record's interval is made from its own residual.
"""
import argparse
import collections
import csv
import json
import math
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RECORDS = os.path.join(ROOT, 'presets', 'calibration', 'records')
PROFILES = os.path.join(ROOT, 'presets', 'calibration')
HEADER = ['model', 'hardware', 'tp', 'weights', 'activations', 'kv', 'batch', 'prompt', 'output',
          'metric', 'value', 'source', 'label', 'engine_version']
MOE_MODELS = ('deepseek', 'kimi', 'qwen3-235b', 'qwen3-30b', 'mixtral', 'gpt-oss', 'llama-4',
              'qwen3-next')
TIME_METRICS = ('tpot_ms', 'ttft_ms', 'e2e_ms')
COVERAGE = 0.8
# The chips a chip without a profile borrows from (core/io/src/calibration.cpp familyOf).
FAMILY = {'h100-pcie': ['h100-sxm'], 'h200': ['h100-sxm'], 'gb200': ['b200'],
          'l40s': ['rtx-4090'], 'rtx-4090': ['l40s'], 'rtx-5090': ['rtx-pro-6000-blackwell'],
          'rtx-pro-6000-blackwell': ['rtx-5090']}
NVIDIA = ('h100', 'h200', 'b200', 'gb200', 'a100', 'l40s', 'rtx', 'l4')


def load_records():
    rows = []
    for name in sorted(os.listdir(RECORDS)):
        if not name.endswith('.csv'):
            continue
        stem = name[:-4]
        if stem.endswith('.published'):
            stem = stem[:-len('.published')]
        hw, engine = stem.split('.', 1)
        lines = [l for l in open(os.path.join(RECORDS, name), encoding='utf-8')
                 if not l.startswith('#')]
        for r in csv.DictReader(lines):
            r = {k: (r.get(k) or '') for k in HEADER}
            r['engine'] = engine
            r['source'] = r['source'] or name
            rows.append(r)
    return rows


def is_moe(row):
    return any(row['model'].startswith(m) for m in MOE_MODELS)


def regime(row):
    return ('prefill' if row['metric'] == 'ttft_ms' else 'decode',
            'moe' if is_moe(row) else 'dense', 'tp1' if int(row['tp']) == 1 else 'tp>1')


def regime_name(reg):
    return '/'.join(reg)


def quantile(xs, q):
    xs = sorted(xs)
    if not xs:
        return 0.0
    h = (len(xs) - 1) * q
    lo = math.floor(h)
    return xs[lo] + (h - lo) * (xs[min(lo + 1, len(xs) - 1)] - xs[lo])


def median(xs):
    return quantile(xs, 0.5)


class Cli:
    def __init__(self, path):
        self.path = path
        self.work = tempfile.mkdtemp(prefix='fit-profiles-')

    def write(self, rows, name):
        path = os.path.join(self.work, name)
        with open(path, 'w', newline='', encoding='utf-8') as f:
            w = csv.writer(f, lineterminator='\n')
            w.writerow(HEADER)
            for r in rows:
                w.writerow([r[k] for k in HEADER])
        return path

    def calibrate(self, rows, hw, engine, base, out, label):
        """Fits `rows`; returns (profile path, notes) or (None, reason)."""
        # A parameter is freed only where records of two sources or more exercise it: one
        # run's records cannot tell its stack's cost from the parameter, and a fit on them
        # predicts the next run no better than the base's value does.
        def sources(keep):
            return len({r['source'] for r in rows if keep(r)})
        quantized = sorted(q for q in {r['weights'] for r in rows} - {'bf16', 'fp16', 'fp32'}
                           if sources(lambda r, q=q: r['weights'] == q) >= 2)
        free = ['step_overhead_s', 'launch_s']
        if sources(lambda r: int(r['tp']) > 1) >= 2:
            free.append('collective_latency_s')
        if sources(is_moe) >= 2:
            free.append('moe_half_tokens')
        if sources(lambda r: r['metric'] == 'ttft_ms') >= 2:
            free.append('api_s')
        free += ['weight_efficiency/' + q for q in quantized]
        held = []
        path = self.write(rows, label + '.csv')
        values = json.load(open(base))
        while free:
            cmd = [self.path, 'calibrate', path, '--hardware', hw, '--engine', engine,
                   '--from', base, '--free', ','.join(free), '--fix', 'attention_efficiency=1',
                   '-o', out]
            for name in held:
                cmd += ['--fix', f'{name}={base_value(values, name)}']
            p = subprocess.run(cmd, capture_output=True, text=True)
            if p.returncode == 0:
                return out, held
            said = (p.stderr + p.stdout).split('cannot determine')
            refused = [n for n in free if len(said) > 1 and n in said[-1].split(':')[0]]
            if not refused:
                return None, (p.stderr + p.stdout).strip().splitlines()[-1:]
            # Hold one of the refused at the base's value (the host time last: it is what
            # every record sees); the others stay free and are tried again.
            drop = next((n for n in reversed(refused) if n != 'step_overhead_s'), refused[0])
            free.remove(drop)
            held.append(drop)
        return None, ['nothing left to fit']

    def estimate(self, rows, profile, label):
        """Each row's estimate under `profile`: [(row, value, extrapolated)]."""
        path = self.write(rows, label + '.rows.csv')
        p = subprocess.run([self.path, 'measured', path, '--ceilings', 'estimate',
                            '--calibration', profile, '--format', 'json'],
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise SystemExit(f'measured failed on {label}: {p.stderr}')
        doc = json.loads(p.stdout)
        out = []
        for r, j in zip(rows, doc['rows']):
            e = j.get('estimate') or {}
            if e.get('value'):
                out.append((r, e['value'], bool(e.get('extrapolated'))))
        return out


def base_value(profile, name):
    """A parameter's value in a base profile file, by calibrate's name for it."""
    if name.startswith('weight_efficiency/'):
        return profile.get('weight_efficiency', {}).get(name.split('/', 1)[1], 1)
    return profile.get(name, 0)


def residual(row, estimated):
    measured = float(row['value'])
    r = math.log(measured / estimated)
    return r if row['metric'] in TIME_METRICS else -r


def profile_sets(rows):
    """{profile id: (hw, engine, rows)}"""
    out = {}
    by_chip = collections.defaultdict(list)
    for r in rows:
        by_chip[r['hardware']].append(r)
    for hw, chip_rows in by_chip.items():
        out[hw + '.generic'] = (hw, 'generic', chip_rows)
        by_engine = collections.defaultdict(list)
        for r in chip_rows:
            by_engine[r['engine']].append(r)
        for engine, engine_rows in by_engine.items():
            if len({r['source'] for r in engine_rows}) >= 2:
                out[f'{hw}.{engine}'] = (hw, engine, engine_rows)
    return out


def fit_all(cli, rows, outdir, tag):
    """Fits every profile of `rows` into outdir; returns {id: (path, held)}."""
    fitted = {}
    for pid, (hw, engine, prow) in sorted(profile_sets(rows).items()):
        base = os.path.join(HERE, f'{hw}.base.json')
        out = os.path.join(outdir, pid + '.json')
        path, held = cli.calibrate(prow, hw, engine, base, out, f'{tag}-{pid}')
        if path:
            fitted[pid] = (path, held)
        else:
            print(f'  {tag}: {pid} not fitted: {held}', file=sys.stderr)
    return fitted


def profile_for(row, fitted, generic):
    hw, engine = row['hardware'], row['engine']
    for pid in [f'{hw}.{engine}', f'{hw}.generic'] + [
            f'{c}.{e}' for c in FAMILY.get(hw, []) for e in (engine, 'generic')]:
        if pid in fitted:
            return pid, fitted[pid][0]
    return 'generic', generic


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cli', default=os.path.join(ROOT, 'build', 'ci', 'app', 'roofline-cli'))
    ap.add_argument('--validate-only', action='store_true',
                    help='print the table for the shipped profiles; write nothing')
    args = ap.parse_args()
    cli = Cli(args.cli)
    rows = load_records()
    sources = sorted({r['source'] for r in rows})
    print(f'{len(rows)} records from {len(sources)} sources', file=sys.stderr)
    generic = os.path.join(PROFILES, 'generic.json')

    full_dir = os.path.join(cli.work, 'full')
    os.makedirs(full_dir)
    full = fit_all(cli, rows, full_dir, 'full')

    # Each source left out: its records estimated by the profiles fitted without it.
    results = []  # (row, estimated, extrapolated, profile used)
    for n, s in enumerate(sources):
        held_dir = os.path.join(cli.work, f'without-{n}')
        os.makedirs(held_dir)
        rest = [r for r in rows if r['source'] != s]
        mine = [r for r in rows if r['source'] == s]
        touched = {pid for pid, (_, _, prow) in profile_sets(rows).items()
                   if any(r['source'] == s for r in prow)}
        refit = {pid: v for pid, v in full.items() if pid not in touched}
        for pid, (hw, engine, prow) in profile_sets(rest).items():
            if pid in touched:
                out = os.path.join(held_dir, pid + '.json')
                path, held = cli.calibrate(prow, hw, engine, os.path.join(HERE, f'{hw}.base.json'),
                                           out, f'w{n}-{pid}')
                if path:
                    refit[pid] = (path, held)
        by_profile = collections.defaultdict(list)
        for r in mine:
            by_profile[profile_for(r, refit, generic)].append(r)
        for (pid, path), prow in by_profile.items():
            for r, value, extrapolated in cli.estimate(prow, path, f'w{n}-est-{pid}'):
                results.append((r, value, extrapolated, pid))
        print(f'  {s}: {len(mine)} records', file=sys.stderr)

    lo_q, hi_q = (1 - COVERAGE) / 2, (1 + COVERAGE) / 2
    pooled = collections.defaultdict(list)
    outside = []
    for r, value, extrapolated, _ in results:
        res = residual(r, value)
        pooled[regime(r)].append((r['source'], res))
        if extrapolated:
            outside.append((r['source'], res))
    everything = [x for v in pooled.values() for x in v]

    def interval_without(source, r, extrapolated):
        # As estimate.h's intervalOf: the regime's interval, widened outside the domain to
        # the spread of the estimates made outside theirs.
        cell = [x for s, x in pooled[regime(r)] if s != source]
        if len(cell) < 20:  # a thin regime takes the pool of every regime
            cell = [x for s, x in everything if s != source]
        lo, hi = quantile(cell, lo_q), quantile(cell, hi_q)
        out = [x for s, x in outside if s != source]
        if extrapolated and len(out) >= 20:
            lo, hi = min(lo, quantile(out, lo_q)), max(hi, quantile(out, hi_q))
        return lo, hi

    table = collections.defaultdict(list)
    for r, value, extrapolated, pid in results:
        res = residual(r, value)
        lo, hi = interval_without(r['source'], r, extrapolated)
        err = abs(value / float(r['value']) - 1)
        table[r['source']].append((err, lo <= res <= hi, math.exp(hi - lo), r, pid, extrapolated))

    def summary(items):
        if not items:
            return '-'
        errs = [i[0] for i in items]
        cov = sum(1 for i in items if i[1]) / len(items)
        width = median([i[2] for i in items])
        return f'{len(items):4d}  {100 * median(errs):5.1f}%  {100 * cov:5.1f}%  x{width:4.2f}'

    print('\nEach source left out, estimated by the profile its stack would get without it')
    print('source                                              n  median|err|  covered  width')
    for s in sources:
        print(f'{s[:48]:48s} {summary(table[s])}')
    allitems = [i for v in table.values() for i in v]
    nvidia = [i for i in allitems if i[3]['hardware'].startswith(NVIDIA)]
    print(f'{"pooled, NVIDIA":48s} {summary(nvidia)}')
    print(f'{"pooled, other":48s} {summary([i for i in allitems if i not in nvidia])}')
    print(f'{"pooled, every source":48s} {summary(allitems)}')
    for key in sorted(pooled):
        print(f'{"  regime " + regime_name(key):48s} '
              f'{summary([i for i in allitems if regime(i[3]) == key])}')
    print(f'{"  extrapolated (outside the domain)":48s} {summary([i for i in allitems if i[5]])}')
    print(f'{"  inside the domain":48s} {summary([i for i in allitems if not i[5]])}')

    if args.validate_only:
        return

    # The shipped profiles: the full fits, with the pooled intervals and their own table.
    for old in os.listdir(PROFILES):
        if old.endswith('.json') and old != 'generic.json':
            os.remove(os.path.join(PROFILES, old))
    intervals = {}
    for key, cell in pooled.items():
        xs = [x for _, x in cell]
        if len(xs) >= 20:
            intervals[regime_name(key)] = {'low': quantile(xs, lo_q), 'high': quantile(xs, hi_q),
                                           'records': len(xs)}
    ext = [x for _, x in outside]
    for pid, (path, held) in sorted(full.items()):
        doc = json.load(open(path))
        hw, engine, prow = profile_sets(rows)[pid]
        doc['description'] = (f'fitted by scripts/calibration/fit_profiles.py on {len(prow)} '
                              f'records of presets/calibration/records: ' +
                              (f"{engine}'s published runs on {hw}" if engine != 'generic' else
                               f"every engine's published runs on {hw}"))
        doc['sources'] = [s.replace(os.path.join(cli.work, ''), '') for s in doc['sources']]
        doc['sources'] = [re.sub(r'records of \S+\.csv', 'records of presets/calibration/records/'
                                 + (f'{hw}.*.csv' if engine == 'generic' else f'{hw}.{engine}*.csv'),
                                 s) for s in doc['sources']]
        for name in held:
            doc['sources'].append(f'{name}: held at the base profile\'s value: these records '
                                  'cannot tell it from the parameters fitted with it')
        doc['interval'] = dict(intervals)
        if len(ext) >= 20:
            doc['interval']['extrapolated'] = {'low': quantile(ext, lo_q),
                                               'high': quantile(ext, hi_q), 'records': len(ext)}
        mine = [i for i in allitems if i[4] == pid]
        if mine:
            doc['validation'] = {
                'records': len(mine), 'sources': len({i[3]['source'] for i in mine}),
                'median_abs_error': median([i[0] for i in mine]),
                'coverage': sum(1 for i in mine if i[1]) / len(mine),
                'median_width': median([i[2] for i in mine])}
        doc['sources'].append('interval: the 10th-90th percentiles by regime of the residuals of '
                              f'{len(everything)} records, each estimated with its whole source '
                              'left out of every fit, pooled over every profile '
                              '(scripts/calibration/fit_profiles.py)')
        with open(os.path.join(PROFILES, pid + '.json'), 'w', encoding='utf-8') as f:
            json.dump(doc, f, indent=2, ensure_ascii=False)
            f.write('\n')
        print(f'wrote presets/calibration/{pid}.json', file=sys.stderr)


if __name__ == '__main__':
    main()
