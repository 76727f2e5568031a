#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the non-text files of this corpus (committed; rerun only to change them).

    python3 tests/data/invalid/generate_binary.py
"""
import pathlib

HERE = pathlib.Path(__file__).resolve().parent

FILES = {
    # What a user gets by passing an executable: the start of an ELF header, NUL bytes.
    "model-binary-garbage.json": bytes([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00])
    + bytes(8)
    + bytes((i * 37 + 11) % 256 for i in range(48)),
    # A valid config saved as UTF-16 LE with a BOM (Windows Notepad "Unicode").
    "model-utf16.json": b"\xff\xfe"
    + '{"model_type": "llama", "hidden_size": 4096}\n'.encode("utf-16-le"),
    # A display name in Latin-1: 0xE9 is not valid UTF-8.
    "hw-latin1-name.json": b'{"schema_version": 1, "name": "Acc\xe9l\xe9rateur", '
    b'"memory_capacity_gb": 80, "memory_bandwidth_tb_s": 3.35, '
    b'"peak_dense_tflops": {"bf16": 989.4}}\n',
    # A NUL byte in the middle of an otherwise valid scenario.
    "scenario-nul-byte.json": b'{"schema_version": 1, "hardware": "h100\x00-sxm", '
    b'"model": "llama-3.1-8b"}\n',
}

for name, data in FILES.items():
    (HERE / name).write_bytes(data)
