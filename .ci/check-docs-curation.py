#!/usr/bin/env python3
"""Checks that a DocC archive curates every public symbol of its module's symbol graphs.

docc does not warn about uncurated symbols: it files them under generated groups ("Classes",
"Structures") of the module page. This check fails when that happens, and also when a symbol of the
graphs has no page or appears in no Topics section at all.

    python3 .ci/check-docs-curation.py .build/docs/ViperNest.doccarchive .build/symbol-graphs-ViperNest

Top-level symbols must be listed in the module page's own `## Topics` groups; members are curated
on their type's page (docc groups them there by kind), so they only need to appear in some Topics
section. Prints the counts; exits 1 and lists the symbols otherwise.
"""

import glob
import json
import os
import sys


def main() -> int:
    archive, graphs = sys.argv[1], sys.argv[2]
    symbols = {}  # precise identifier -> (path, is top level)
    module = None
    for path in sorted(glob.glob(os.path.join(graphs, "*.symbols.json"))):
        graph = json.load(open(path))
        module = module or graph["module"]["name"]
        for symbol in graph["symbols"]:
            components = symbol["pathComponents"]
            # In `Module@Other.symbols.json`, the top level holds the extended types of `Other`
            # (extension block symbols) and their members sit one level down.
            top = len(components) == 1
            symbols[symbol["identifier"]["precise"]] = (".".join(components), top)
    if not symbols:
        print(f"{archive}: no public symbols")
        return 0

    pages = {}  # doc:// URL -> page
    for path in glob.glob(os.path.join(archive, "data", "documentation", "**", "*.json"), recursive=True):
        page = json.load(open(path))
        pages[page["identifier"]["url"]] = page
    url_of = {p["metadata"].get("externalID"): url for url, p in pages.items()}
    root = next(p for p in pages.values() if p["metadata"].get("role") == "collection")

    def curated_in(page, generated):
        for section in page.get("topicSections", []):
            if bool(section.get("generated")) == generated:
                yield from section["identifiers"]

    anywhere = set()
    for page in pages.values():
        anywhere.update(curated_in(page, generated=False))
        anywhere.update(curated_in(page, generated=True))
        # A default implementation is listed on its requirement's page.
        for section in page.get("defaultImplementationsSections", []):
            anywhere.update(section["identifiers"])
    root_manual = set(curated_in(root, generated=False))

    problems = []
    top_count = member_count = inherited_count = 0
    for precise, (name, top) in sorted(symbols.items(), key=lambda item: item[1][0]):
        url = url_of.get(precise)
        # A type declared elsewhere that this module extends has a page of its own (under
        # "Extended Modules") keyed by its extension block.
        url = url or url_of.get("s:e:" + precise)
        if url is None:
            problems.append(f"no page: {name}")
        elif top and url not in root_manual:
            problems.append(f"not in the module page's Topics: {name}")
        elif not top and url not in anywhere:
            if "::SYNTHESIZED::" in precise and "ViperNest" not in precise.split("::SYNTHESIZED::")[0]:
                # Inherited from another module's protocol extension (e.g. Testing's
                # `Trait.comments`): documented there; docc gives it a page but may list it nowhere.
                inherited_count += 1
            else:
                problems.append(f"in no Topics section: {name}")
        elif top:
            top_count += 1
        else:
            member_count += 1
    generated_at_root = [s["title"] for s in root.get("topicSections", []) if s.get("generated")]
    if generated_at_root:
        problems.append(f"docc generated groups on the module page: {', '.join(generated_at_root)}")

    inherited = f", {inherited_count} inherited from other modules' protocols" if inherited_count else ""
    print(
        f"{module}: {len(symbols)} public symbols; {top_count} top-level symbols curated in Topics "
        f"groups, {member_count} members curated on their types' pages{inherited}")
    for problem in problems:
        print(f"  {problem}")
    if problems:
        print("  fix: list each top-level symbol under a `### Group` of `## Topics` in the catalog's "
              f"{module}.md")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
