#!/usr/bin/env python3
"""Writes web/src/typing-test/plans.json: for every shipped layout and every phrase of its
language (web/src/typing-test/phrases/LANG.json), the keys the engine's planner presses to
type the phrase from an empty text, as `kbdsim --layout ID --text PHRASE --trace` prints
their trace names. The web page's engine has no planner; the typing test aligns what a
participant types with these plans to know the key they meant (docs/typing-test.md).

It first checks the phrases: each 20 to 40 characters, NFC, unique in its file, and typeable
on every shipped layout of its language (the planner types it exactly, with no warning).

    tools/generate_typing_plans.py [--kbdsim PATH] [--check]

--check writes nothing: it fails when plans.json is not what it would write (the Swift test
Tests/WebPageTests runs it so), or when a phrase breaks a rule.
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PHRASES = os.path.join(ROOT, "web", "src", "typing-test", "phrases")
PLANS = os.path.join(ROOT, "web", "src", "typing-test", "plans.json")
SHORTEST, LONGEST = 20, 40


def shipped_layouts():
    """Layout id → its locale, for every Layouts/*.json."""
    layouts = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "Layouts", "*.json"))):
        with open(path, encoding="utf-8") as file:
            layouts[os.path.basename(path)[:-5]] = json.load(file).get("locale", "")
    return layouts


def phrase_sets():
    """Language → its phrases, for every phrases/LANG.json."""
    sets = {}
    for path in sorted(glob.glob(os.path.join(PHRASES, "*.json"))):
        with open(path, encoding="utf-8") as file:
            sets[os.path.basename(path)[:-5]] = json.load(file)["phrases"]
    return sets


def phrase_problems(language, phrases):
    problems = []
    seen = set()
    for phrase in phrases:
        where = f"phrases/{language}.json: {phrase!r}"
        if unicodedata.normalize("NFC", phrase) != phrase:
            problems.append(f"{where} is not NFC")
        if not SHORTEST <= len(phrase) <= LONGEST:
            problems.append(f"{where} has {len(phrase)} characters, not {SHORTEST} to {LONGEST}")
        if phrase in seen:
            problems.append(f"{where} is there twice")
        seen.add(phrase)
    return problems


def plan(kbdsim, layout, phrase):
    """The trace names the planner presses for `phrase`, or (None, why) when it cannot type it."""
    run = subprocess.run([kbdsim, "--layout", layout, "--text", phrase, "--trace"], capture_output=True, text=True)
    lines = run.stdout.splitlines()
    if run.returncode != 0 or run.stderr.strip() or not lines or lines[-1] != phrase:
        return None, (run.stderr.strip() or f"typed {lines[-1] if lines else ''!r}")
    return [line.split(" → ", 1)[0].strip() for line in lines[:-1]], None


def render(plans):
    """plans.json's text: one layout a block, one phrase a line, so a diff shows what changed."""
    blocks = []
    for layout in sorted(plans):
        lines = [f"  {json.dumps(phrase, ensure_ascii=False)}: {json.dumps(names, ensure_ascii=False)}"
                 for phrase, names in plans[layout].items()]
        blocks.append(f" {json.dumps(layout)}: {{\n" + ",\n".join(lines) + "\n }")
    return "{\n" + ",\n".join(blocks) + "\n}\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kbdsim", default=os.path.join(ROOT, ".build", "debug", "kbdsim"),
                        help="the built kbdsim (default: .build/debug/kbdsim; swift build --product kbdsim)")
    parser.add_argument("--check", action="store_true", help="fail when plans.json is stale; write nothing")
    arguments = parser.parse_args()
    if not os.access(arguments.kbdsim, os.X_OK):
        sys.exit(f"generate_typing_plans: {arguments.kbdsim} is not built (swift build --product kbdsim)")

    layouts = shipped_layouts()
    sets = phrase_sets()
    problems = []
    plans = {}
    for language, phrases in sets.items():
        problems += phrase_problems(language, phrases)
        ids = [layout for layout, locale in layouts.items() if locale == language]
        if not ids:
            problems.append(f"phrases/{language}.json: no shipped layout has the locale {language!r}")
        for layout in ids:
            plans[layout] = {}
            for phrase in phrases:
                names, why = plan(arguments.kbdsim, layout, phrase)
                if names is None:
                    problems.append(f"{layout} cannot type {phrase!r} ({language}): {why}")
                else:
                    plans[layout][phrase] = names
    for language in sorted({locale for locale in layouts.values()} - set(sets)):
        problems.append(f"no phrases/{language}.json for the shipped layouts of {language!r}")
    if problems:
        sys.exit("generate_typing_plans: " + "\n  ".join(["the phrases break a rule:"] + problems))

    text = render(plans)
    if arguments.check:
        try:
            with open(PLANS, encoding="utf-8") as file:
                current = file.read()
        except FileNotFoundError:
            current = None
        if current != text:
            sys.exit("generate_typing_plans: web/src/typing-test/plans.json is stale (the phrases, the layouts or the "
                     "planner changed): run tools/generate_typing_plans.py and commit the result")
        print(f"plans.json is up to date: {sum(len(p) for p in plans.values())} plans, {len(plans)} layouts")
        return 0
    with open(PLANS, "w", encoding="utf-8") as file:
        file.write(text)
    print(f"wrote {os.path.relpath(PLANS, ROOT)}: {sum(len(p) for p in plans.values())} plans, {len(plans)} layouts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
