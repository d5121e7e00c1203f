#!/usr/bin/env python3
"""The server's import map: every `use`, and every path through `crate::`, `super::` or a
child module (`store::list(…)`) in server/src, resolved to the file it names. Fails when an import points up a layer, when files import each other in a
circle, or when a feature has SQL outside its store.rs. The layers are the README's
("Layers"); a file the table below does not place fails too, so a new module gets a layer.

Usage: scripts/check_layers.py [--map]   (--map prints every file's layer and imports)
"""

import re
import sys
from itertools import dropwhile
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "server" / "src"

# Top to bottom; a file may import files of its own layer or below. First match wins.
LAYERS = [
    ("entry", ["main.rs", "settings.rs", "demo/", "bench/"]),
    ("app", ["app.rs", "connections.rs", "web.rs", "housekeeping.rs"]),
    ("features", ["analytics/", "auth/", "automations/", "business/", "rooms/", "radiators/", "zones/", "schedules/", "tariffs/", "goals/", "notifications/", "subscriptions/", "tips/", "onboarding/", "insights/", "contact/", "avatar/", "history/", "live.rs"]),
    ("state", ["state.rs"]),
    ("kernel", ["kernel/", "error.rs", "http.rs"]),
    ("services", ["devices/", "grid/", "mail.rs", "cards.rs", "meter.rs"]),
    ("store", ["store/", "clock.rs"]),
]
FEATURES = ["analytics", "auth", "automations", "business", "rooms", "radiators", "zones", "schedules", "tariffs", "goals", "notifications", "subscriptions", "tips", "onboarding", "insights", "contact", "avatar", "history", "live.rs"]
NOT_IMPORTS = {"lib.rs"}  # the crate root only declares the modules


def layer_of(rel):
    for depth, (name, prefixes) in enumerate(LAYERS):
        if any(rel == p or (p.endswith("/") and rel.startswith(p)) for p in prefixes):
            return len(LAYERS) - depth, name
    return None


def module_of(rel):
    """`rooms/store.rs` -> ("rooms", "store"); `rooms/mod.rs` -> ("rooms",)."""
    parts = rel[:-3].split("/")
    if parts[-1] == "mod":
        parts = parts[:-1]
    return tuple(parts)


def expand(tree):
    """`a::{b, c::{d, e}}` -> ["a::b", "a::c::d", "a::c::e"]."""
    tree = tree.strip()
    brace = tree.find("{")
    if brace < 0:
        return [tree]
    prefix, inner = tree[:brace], tree[brace + 1 : tree.rindex("}")]
    items, depth, start = [], 0, 0
    for i, ch in enumerate(inner):
        depth += ch == "{"
        depth -= ch == "}"
        if ch == "," and depth == 0:
            items.append(inner[start:i])
            start = i + 1
    items.append(inner[start:])
    return [path for item in items if item.strip() for path in expand(prefix + item.strip())]


def code_of(text):
    """The code without comments and without the unit tests (which close every file)."""
    text = text.split("#[cfg(test)]")[0]
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def main():
    files = {str(p.relative_to(SRC)): p for p in sorted(SRC.rglob("*.rs"))}
    modules = {module_of(rel): rel for rel in files}
    problems, edges = [], {}

    def resolve(segments):
        for end in range(len(segments), 0, -1):
            if tuple(segments[:end]) in modules:
                return modules[tuple(segments[:end])]
        return None

    for rel, path in files.items():
        if rel in NOT_IMPORTS:
            continue
        if layer_of(rel) is None:
            problems.append(f"{rel}: not in any layer of scripts/check_layers.py")
            continue
        text = code_of(path.read_text())
        here = module_of(rel)
        # `super` is the module above this file's module: for a mod.rs its folder's parent, for
        # another file its folder.
        paths = [p for use in re.findall(r"\buse\s+([^;]+);", text) for p in expand(use)]
        paths += re.findall(r"(?<![\w:])(?:crate|heatdesk|super)::[\w:]+", text)
        # A child module named in code (`store::list(…)`) without a `use` is a use of it too.
        children = {m[-1] for m in modules if m[:-1] == here}
        if children:
            paths += re.findall(rf"(?<![\w:])(?:{'|'.join(sorted(children))})::[\w:]+", text)
        targets = set()
        for p in paths:
            segments = [s for s in re.split(r"\s*::\s*", p.split(" as ")[0]) if s]
            if not segments:
                continue
            if segments[0] in ("crate", "heatdesk"):
                target = resolve(segments[1:])
            elif segments[0] == "super":
                ups = len(segments) - len(list(dropwhile(lambda s: s == "super", segments)))
                base = here[: len(here) - ups]
                target = resolve(list(base) + segments[ups:]) or modules.get(base)
            elif segments[0] == "self" or segments[0] in children:
                target = resolve(list(here) + [s for s in segments if s != "self"])
            else:
                continue  # another crate
            if target and target != rel and target not in NOT_IMPORTS:
                targets.add(target)
        edges[rel] = targets
        for target in sorted(targets):
            (mine, my_name), (theirs, their_name) = layer_of(rel), layer_of(target)
            if theirs > mine:
                problems.append(f"{rel} ({my_name}) imports {target} ({their_name}): up a layer")
        feature = rel.split("/")[0]
        if feature in FEATURES and not rel.endswith("/store.rs") and "sqlx::query" in text:
            problems.append(f"{rel}: SQL in a feature outside its store.rs")

    # Circles: strongly connected components of the file graph (Tarjan).
    index, low, stack, on_stack, circles, counter = {}, {}, [], set(), [], [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in edges.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    sys.setrecursionlimit(10000)
    for node in edges:
        if node not in index:
            visit(node)
    problems += [f"files in a circle: {', '.join(c)}" for c in circles]

    if "--map" in sys.argv:
        for rel in sorted(edges):
            print(f"{layer_of(rel)[1]:9} {rel} -> {', '.join(sorted(edges[rel])) or '-'}")
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    count = sum(len(t) for t in edges.values())
    print(f"layers: {len(edges)} files, {count} imports, none up a layer, no circles")


if __name__ == "__main__":
    main()
