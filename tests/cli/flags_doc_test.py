#!/usr/bin/env python3
"""docs/flags.md against the command line: every flag of minhash, simhash, exact and spans has
a row in its section's table (the shared flags in minhash's), every row names flags the command
has, and a row's default is the one --help prints.
Usage: flags_doc_test.py NEARDUP FLAGS_MD"""
import re, subprocess, sys

neardup, page_path = sys.argv[1], sys.argv[2]
page = open(page_path, encoding="utf-8").read()

def section(title):
    start = page.index("\n## " + title)
    end = page.find("\n## ", start + 1)
    return page[start:end if end >= 0 else len(page)]

def table_rows(text):
    """(flags, default) of each table row whose first cell names flags."""
    rows = []
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`-"):
            continue
        flags = re.findall(r"(--[a-z0-9-]+|(?<![-\w])-[a-z])\b", cells[0])
        rows.append((flags, cells[1]))
    return rows

def help_options(command):
    text = subprocess.run([neardup, command, "--help"], capture_output=True, text=True,
                          check=True).stdout
    options = {}
    for line in text.splitlines():
        m = re.match(r"  (-\S.*?)(?:\s{2,}|$)", line)
        if not m or line.startswith("   "):
            continue
        spec = m.group(1)
        names = re.findall(r"(--[a-z0-9-]+|(?<![-\w])-[a-z])\b", spec.split(" ")[0])
        default = None
        d = re.search(r"=(\S+)$", spec)
        if d:
            default = d.group(1)
        for n in names:
            options[n] = default
    options.pop("--help", None)
    options.pop("-h", None)
    return options

def plain(value):
    return value.replace("`", "").strip()

# Defaults the docs say in words because --help cannot print them: derived from other flags.
DERIVED = {"--tmp-dir": "OUTPUT/_tmp", "--blocks": "k + 3"}

broken = []
shared_rows = table_rows(section("`neardup minhash`"))
own_rows = {"minhash": shared_rows, "simhash": table_rows(section("`neardup simhash` and `neardup exact`")),
            "exact": table_rows(section("`neardup simhash` and `neardup exact`")),
            "spans": table_rows(section("`neardup spans`"))}
for command in ("minhash", "simhash", "exact", "spans"):
    options = help_options(command)
    rows = own_rows[command] + ([] if command == "minhash" else shared_rows)
    documented = {f for flags, _ in rows for f in flags}
    for name in sorted(options):
        if name not in documented:
            broken.append(f"{command}: {name} has no row in docs/flags.md")
    for flags, default in own_rows[command]:
        for f in flags:
            if f not in options and command in ("minhash", "spans"):
                broken.append(f"{command}: docs/flags.md has a row for {f}, which the command lacks")
        if len(flags) == 1 and flags[0] in options and DERIVED.get(flags[0]) != plain(default):
            want = options[flags[0]]
            have = plain(default)
            if want is None and have not in ("off", "", "(required)"):
                broken.append(f"{command}: {flags[0]}: docs say default {have}, --help shows none")
            elif want is not None and have != want and have not in ("chosen",):
                broken.append(f"{command}: {flags[0]}: docs say default {have!r}, --help {want!r}")
for flags, _ in own_rows["simhash"]:
    for f in flags:
        if f not in help_options("simhash") and f not in help_options("exact"):
            broken.append(f"simhash/exact: docs/flags.md has a row for {f}, which neither has")
print("\n".join(broken))
sys.exit(1 if broken else 0)
