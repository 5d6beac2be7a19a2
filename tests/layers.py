#!/usr/bin/env python3
"""The layers of src/ hold: each folder includes only the folders below it
(HACKING's order), a folder's internal header (internal.h, *_internal.h:
the session's fields, the store's steps) is included only inside it, as is
a Match's replica of a host's game (match/replica.h: only a Match makes
and frees one), the opaque types (a GameSession, a Match, a Replica) have
their fields only where their folder keeps them, no two files call each other in a cycle (a file
"calls" another when it names a function or object defined there), and the
terminal's loop calls no function of the game's (ui/app.c does), and no
file calls a C library function that keeps hidden state between calls
where the engine's thread may run it beside another thread (strtok's
pointer once mixed two FENs' fields).
Usage: layers.py SRCDIR; prints what is wrong and exits 1."""
import os
import re
import sys

BELOW = {
    "core": {"core"},
    "engine": {"core", "engine"},
    "record": {"core", "record"},
    "session": {"core", "engine", "record", "session"},
    "net": {"core", "net"},
    "match": {"core", "engine", "record", "session", "net", "match"},
    "ui": {"core", "engine", "record", "session", "net", "match", "ui"},
    "cli": {"core", "engine", "record", "session", "net", "match", "cli"},
    "server": {"core", "engine", "record", "session", "net", "match", "ui", "cli", "server"},
}

DEFINITION = re.compile(r"^(?!static\b|typedef\b|return\b|extern\b)[A-Za-z_][\w \*]*?\b([A-Za-z_]\w*)\s*\([^;]*$", re.M)
OBJECT = re.compile(r"^(?:const\s+)?[A-Z]\w+\s+(?:\*?const\s+)?([A-Z]\w+)\s*=", re.M)
INCLUDE = re.compile(r'^#include "(\w+)/', re.M)
INTERNAL = re.compile(r'^#include "(\w+)/(?:\w+_)?internal\.h"', re.M)
IDENT = re.compile(r"\b[A-Za-z_]\w*\b")
# Types whose fields only their folder sees: the struct is defined in its
# internal.h, and its public header declares the type alone.
OPAQUE = {"GameSession": "session/internal.h", "Match": "match/internal.h",
          "Replica": "match/replica.c"}
# Library calls that keep state between calls, shared by every thread: none
# in the folders the engine's thread runs (core, engine), and strtok, whose
# callers the terminal's thread and the engine's share, nowhere.
HIDDEN_STATE = re.compile(r"\b(strtok|localtime|gmtime|ctime|asctime|rand|srand|strerror|setlocale)\s*\(")
THREADED = {"core", "engine"}
# Headers of a folder's own parts, which no other folder may include.
PRIVATE = {"match/replica.h"}


def strip(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    return re.sub(r'"(\\.|[^"\\\n])*"', '""', text)


def main(srcdir):
    problems = []
    texts = {}
    for folder in sorted(BELOW):
        for name in sorted(os.listdir(os.path.join(srcdir, folder))):
            if not name.endswith((".c", ".h")):
                continue
            path = os.path.join(folder, name)
            with open(os.path.join(srcdir, path)) as f:
                raw = f.read()
            for used in INCLUDE.findall(raw):
                if used not in BELOW[folder]:
                    problems.append(f"{path} includes {used}/, above its layer")
            for owner_folder in INTERNAL.findall(raw):
                if owner_folder != folder:
                    problems.append(f"{path} includes {owner_folder}/'s internal header")
            for header in PRIVATE:
                if f'#include "{header}"' in raw and not header.startswith(folder + "/"):
                    problems.append(f"{path} includes {header}, its folder's own")
            bodies = re.findall(r"\bstruct\s+(\w+)\s*\{", strip(raw))
            bodies += re.findall(r"\}\s*(\w+)\s*;", strip(raw))  # typedef struct {...} T;
            for struct in bodies:
                if struct in OPAQUE and path != OPAQUE[struct]:
                    problems.append(f"{path} defines struct {struct}, whose fields only "
                                    f"{OPAQUE[struct]} may hold")
            for found in HIDDEN_STATE.finditer(strip(raw)):
                if folder in THREADED or found.group(1) == "strtok":
                    problems.append(f"{path} calls {found.group(1)}, whose hidden state "
                                    "threads share (use the _r form)")
            if name.endswith(".c"):
                texts[path] = strip(raw)
    with open(os.path.join(srcdir, "main.c")) as f:  # wires the folders, inside none
        wiring = f.read()
    for owner_folder in INTERNAL.findall(wiring):
        problems.append(f"main.c includes {owner_folder}/'s internal header")
    for header in sorted(PRIVATE):
        if f'#include "{header}"' in wiring:
            problems.append(f"main.c includes {header}, its folder's own")
    owner = {}
    for path, text in texts.items():
        for found in DEFINITION.finditer(text):
            owner.setdefault(found.group(1), path)
        for found in OBJECT.finditer(text):
            owner.setdefault(found.group(1), path)
    calls = {path: {} for path in texts}
    for path, text in texts.items():
        for name in set(IDENT.findall(text)):
            other = owner.get(name)
            if other is not None and other != path:
                calls[path].setdefault(other, []).append(name)
    problems += loop_game_calls(calls)
    for cycle in strongly_connected(calls):
        problems.append("a cycle of calls: " + " ".join(sorted(cycle)))
        for a in sorted(cycle):
            for b in sorted(cycle):
                if b in calls[a]:
                    problems.append(f"    {a} -> {b}: {' '.join(sorted(calls[a][b]))}")
    for p in problems:
        print(p)
    print(f"{len(texts)} files, {sum(len(c) for c in calls.values())} file-to-file calls checked")
    return 1 if problems else 0


# The terminal's loop runs the terminal only: the game in play is reached
# through ui/app.c, never by the game's own functions nor its Play.
LOOP_FORBIDDEN = re.compile(r"^(Match|Session|AnalysisView|AnnotateView|Variation)_|^Play_(?!nowMs$)|^App_play$")


def loop_game_calls(calls):
    return [f"ui/loop.c calls {name}, the game's: ask ui/app.c"
            for names in calls.get("ui/loop.c", {}).values()
            for name in sorted(set(names)) if LOOP_FORBIDDEN.match(name)]


def strongly_connected(graph):
    """Tarjan's algorithm, iterative; yields the components of two or more."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            advanced = False
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(graph[nxt])))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(component)
    return found


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "src"))
