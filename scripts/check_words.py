#!/usr/bin/env python3
"""Every sentence the server can answer has its Arabic: lists the sentences in server/src (string
literals outside tests that begin with a capital or a quoted name and end a sentence) that are missing from
server/src/kernel/arabic.tsv, and fails when there is one. Values a sentence fills in (`{name}`,
`{:.1}`, `{}`) are `{}` in the catalogue.

Usage: scripts/check_words.py
"""

import re
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "server" / "src"
CATALOGUE = SRC / "kernel" / "arabic.tsv"

# Files whose sentences never reach an envelope: each says why.
NOT_ANSWERS = {
    "tips/catalogue.rs": "the tips carry their own Arabic",
    "store/columns.rs": "the OpenAPI document",
    "app.rs": "the OpenAPI document",
    "grid/mod.rs": "data the web app words itself",
    "analytics/baseline/mod.rs": "data the web app words itself",
    "web.rs": "a developer's build instruction",
}
# Sentences that are not answers in files that have answers too: the automations' descriptions,
# data the web app words itself, by key, and a setting's error.
NOT_ANSWER_PREFIXES = (
    "Heats any radiator",
    "Switches a radiator off",
    "Switches every radiator off",
    "Starts heating before a slot",
    "Lowers every scheduled setpoint",
    # A setting's error, read by whoever starts the server.
    "{} is not an address block",
)

LITERAL = re.compile(r'"((?:[^"\\]|\\.)*)"', re.S)
# Where a literal is a log line, an internal error's context or a panic message.
INTERNAL = re.compile(r"(info|warn|error|debug|trace|anyhow|bail)!\(\s*$|(context|expect)\(\s*$")


def sentences():
    for path in sorted(SRC.rglob("*.rs")):
        rel = str(path.relative_to(SRC))
        if rel in NOT_ANSWERS:
            continue
        text = re.sub(r"//[^\n]*", "", path.read_text().split("#[cfg(test)]")[0])
        for match in LITERAL.finditer(text):
            literal = re.sub(r"\\\n\s*", "", match.group(1))
            # A sentence begins with a capital, a quoted name ("'{name}' set to …") or a value.
            if not re.match(r"[A-Z]|'?\{", literal) or " " not in literal:
                continue
            if not re.search(r"[.?!]$", literal) or re.match(r"(SELECT|INSERT|UPDATE|DELETE)\b", literal):
                continue
            if INTERNAL.search(text[max(0, match.start() - 40) : match.start()]):
                continue
            english = re.sub(r"\{[^{}]*\}", "{}", literal)
            if not english.startswith(NOT_ANSWER_PREFIXES):
                yield rel, english


def main():
    lines = CATALOGUE.read_text().splitlines()
    known = {line.split("\t", 1)[0] for line in lines if line and not line.startswith("#")}
    missing = [(rel, english) for rel, english in sentences() if english not in known]
    for rel, english in missing:
        print(f"{rel}: no Arabic for {english!r}")
    if missing:
        print(f"{len(missing)} sentences have no Arabic in {CATALOGUE.relative_to(SRC.parent.parent)}")
        return 1
    print(f"every sentence of the server has its Arabic ({len(known)} catalogue entries)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
