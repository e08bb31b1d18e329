#!/usr/bin/env python3
"""Size check of product code: no file over 400 lines, no method or function over 60 lines.

Product code is Java under */src/main (generated code excluded) and Go in southbound-ap-agent outside
gen/ and *_test.go. A method is measured from its signature line to its closing brace. Exceptions are
listed in deploy/size-exceptions.txt as `path` or `path:method  # reason`. Exits 1 when a file or
method is over its limit and not listed, or when a listed exception no longer applies.
"""
import argparse
import os
import re
import sys

MAX_FILE, MAX_METHOD = 400, 60
TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JAVA_SIG = re.compile(r'^\s*(?:(?:public|protected|private|static|final|synchronized|abstract|default|native)\s+)*'
                      r'(?:<[^>]+>\s+)?[\w.<>\[\], ?]+\s+(\w+)\s*\([^;]*$')
JAVA_CTOR = re.compile(r'^\s*(?:public|protected|private)\s+([A-Z]\w*)\s*\([^;]*$')
GO_FUNC = re.compile(r'^func\s+(?:\([^)]*\)\s*)?(\w+)')
KEYWORDS = {'if', 'for', 'while', 'switch', 'catch', 'return', 'new', 'else', 'try', 'synchronized', 'do'}


def product_files():
    for root, dirs, files in os.walk(TOP):
        rel = os.path.relpath(root, TOP)
        dirs[:] = [d for d in dirs if d not in ('target', 'node_modules', '.git', 'gen', 'out', 'bin')
                   and not d.startswith('.')]
        for f in files:
            path = os.path.join(rel, f)
            if f.endswith('.java') and '/src/main/' in '/' + path and 'generated' not in path:
                yield path, 'java'
            elif (f.endswith('.go') and not f.endswith('_test.go')
                  and path.startswith('southbound-ap-agent/')):
                yield path, 'go'


def strip_strings(line):
    line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
    line = re.sub(r"'(?:\\.|[^'\\])'", "''", line)
    line = re.sub(r'`[^`]*`', '``', line)
    return line.split('//', 1)[0]


def methods(lines, lang):
    """Yields (name, first line, length) for each method/function with a body."""
    i, n = 0, len(lines)
    in_comment = False
    while i < n:
        raw = lines[i]
        if in_comment:
            if '*/' in raw:
                in_comment = False
            i += 1
            continue
        if raw.strip().startswith('/*'):
            in_comment = '*/' not in raw
            i += 1
            continue
        if lang == 'go':
            m = GO_FUNC.match(raw)
        else:
            m = JAVA_SIG.match(raw) or JAVA_CTOR.match(raw)
            if m and m.group(1) in KEYWORDS:
                m = None
        if not m:
            i += 1
            continue
        # find the opening brace of the body (the signature may span lines)
        j, depth, opened = i, 0, False
        while j < n:
            s = strip_strings(lines[j])
            if not opened and ';' in s and '{' not in s:
                break
            for ch in s:
                if ch == '{':
                    depth += 1
                    opened = True
                elif ch == '}':
                    depth -= 1
            if opened and depth <= 0:
                break
            j += 1
        if opened:
            yield m.group(1), i + 1, j - i + 1
            if lang == 'go':
                i = j + 1
                continue
        i += 1


def load_exceptions(path):
    out = {}
    if os.path.exists(path):
        for line in open(path):
            key, _, reason = line.partition('#')
            key = key.strip()
            if key:
                out[key] = reason.strip()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--exceptions', default=os.path.join(TOP, 'deploy', 'size-exceptions.txt'))
    ap.add_argument('--report', action='store_true', help='list every offender, ignore exceptions')
    args = ap.parse_args()
    exceptions = {} if args.report else load_exceptions(args.exceptions)
    over, used = [], set()
    for path, lang in sorted(product_files()):
        lines = open(os.path.join(TOP, path), encoding='utf-8', errors='replace').read().split('\n')
        if len(lines) - 1 > MAX_FILE:
            if path in exceptions:
                used.add(path)
            else:
                over.append(f'{path}: {len(lines) - 1} lines (max {MAX_FILE})')
        # Java inner classes make nested methods; measure each, the outermost counts too
        for name, first, length in methods(lines, lang):
            if length > MAX_METHOD:
                key = f'{path}:{name}'
                if key in exceptions:
                    used.add(key)
                else:
                    over.append(f'{path}:{first} {name}: {length} lines (max {MAX_METHOD})')
    stale = sorted(set(exceptions) - used)
    for s in over:
        print('over:', s)
    for s in stale:
        print('stale exception (no longer over its limit, remove it):', s)
    print(f'{len(over)} over the limits, {len(used)} listed exceptions, {len(stale)} stale')
    return 1 if over or stale else 0


if __name__ == '__main__':
    sys.exit(main())
