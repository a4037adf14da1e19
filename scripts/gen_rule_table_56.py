"""The five-six player part of the rules tables: RULES-5-6.md's X56 rules, its sources and
its decisions (D-21 ...), for scripts/gen_rule_table.py (which imports this module).

RULES-5-6.md differs from RULES.md in form: rule IDs have the prefix X56-, a heading may say
which base rule the rule replaces ("(replaces COMP-01)"), parts are nested lists, quotes of
English texts are in straight double quotes after a source tag (X-MFG, X-2015, JS, T-cat,
...), and the status tags add T (an official text known only through a third party's
quotation) and S (software behaviour). What users read names the sources in words, as the
base part does.
"""
import re

# The sources RULES-5-6.md X.0.3 lists, in words: tag -> (name, what it is, language).
X56_SOURCES = {
    "X-1996": ("the 1996 extension guide",
               "the first German edition's 5-6 player \"expansion guide\", in an English "
               "translation (gamecabinet.com); its opening only", "English"),
    "X-MFG": ("the Mayfair 5-6 extension rules",
              "the Mayfair 4th-edition \"Settlers of Catan 5-6 Player Extension\" rules (MFG3072), "
              "pages 2 and 3", "English"),
    "X-2015": ("the 2015 5-6 extension rules",
               "the 5th-edition \"Catan 5 & 6 Player Extension\" rules (2015): the component list "
               "and the start of the rules", "English"),
    "X-FAQ": ("the official FAQ on the extension",
              "the official catan.com questions and answers on the 5-6 player extension",
              "English"),
    "X-PR21": ("the 2021 paired-players rule",
               "\"The Paired Players Turn Rule for the 5-6 Player Extensions\" (catan.com, 2021); "
               "its introduction was read, its later pages are known only through third-party "
               "quotes", "English"),
    "X-CU": ("the CATAN Universe FAQ",
             "the FAQ of CATAN Universe, the official digital platform: \"What are the rules for a "
             "5 or 6 player match?\"", "English"),
    "X-2025": ("the 2025 5-6 expansion rulebook",
               "\"CATAN - 5-6 Player Expansion\" (CN3082, 2025); not read by the catalog's "
               "authors, known only through third-party quotes with page numbers", "English"),
    "X-2022": ("the 2022 English 5-6 rulebook",
               "the 2022 English 5-6 player rulebook; known only through third-party quotes",
               "English"),
    "X-DE25": ("the German 2025 5-6 rules",
               "the German 2025 5-6 player rules (\"CATAN Das Spiel 5-6\"); known only through "
               "third-party quotes in English", "English"),
    "X-L56": ("the 2020 English 5-6 rules",
              "the archived English 5-6 player rules of 2020; known only through third-party "
              "quotes", "English"),
    "JS": ("the JSettlers2 source code",
           "the source code of JSettlers2, an open-source Catan server and client (a snapshot of "
           "2026-05-17), software behaviour and not a rulebook", "English"),
    "COL": ("the colonist.io rules pages",
            "the 5-6 player rules pages of colonist.io, an online Catan platform, software "
            "behaviour and not a rulebook", "English"),
    "T-cat": ("third-party research notes",
              "research documents by a third party that quote or paraphrase the official 5-6 "
              "rulebooks with page numbers; not official", "English"),
    "catanfusion": ("the catanfusion.com fan site",
                    "a fan site that restates the extension's rules; not official", "English"),
}
_TAG = (r"\b(X-1996|X-MFG|X-2015|X-FAQ|X-PR21|X-CU|X-2025|X-2022|X-DE25|X-L56|T-cat|JS|COL)\b"
        r"|(catanfusion)\.com")
_HEAD = re.compile(r"^\*\*X56-([A-Z]+)-(\d+) — (.+?)\*\* \[(.+?)\](?: \((.+?)\))?\s*$", re.M)
# English for the rules texts the part quotes (X.0.1 translates them in its prose).
_TRANSLATIONS = {
    "laajennettavissa 5–6 pelaajaan erillisellä laajennusosalla":
        "extendable to 5–6 players with a separate extension",
}
_SEEDS = {"000": ("the Finnish rules guide", "Finnish")}


def _tag(m) -> str:
    return next(g for g in m.groups() if g)


def plain56(s: str, markdown: bool = False) -> str:
    """RULES-5-6.md prose for users: sources by name, no catalog section numbers."""
    s = re.sub(r"\s+", " ", s.strip())
    if not markdown:
        s = re.sub(r"\*\*?([^*\n]+?)\*\*?", r"\1", s)
    s = s.replace("the island of X.0.7", "the extension's island (the 30 hexes with -3 <= r <= 3, "
                  "-3 <= q <= 2 and -3 <= q + r <= 2)")
    s = re.sub(r"\(X\.0\.7\)|\(X\.4 item \d\)", "", s)
    s = re.sub(r"X\.0\.7", "the extension's island", s)
    s = re.sub(r"\(?Appendix ([ABC])\)?", r"the five-six catalog's Appendix \1", s)
    s = re.sub(r"RULES-5-6\.md('s)?", "the five-six catalog", s)
    s = re.sub(r"RULES\.md('s)?", "the base catalog", s)
    s = s.replace("picks at random from the seed", "picks at random")
    s = re.sub(r"`?shared/realgames/README\.md`?", "the notes on the real records", s)
    s = re.sub(r"\bper T-cat\b", "as quoted by third-party research notes", s)
    s = re.sub(r"\s?\[T\]", " (third-party quotation)", s)
    s = re.sub(r"\s?\[S\]", " (software)", s)
    s = re.sub(r"\s?\[I\]", " (inferred)", s)
    s = re.sub(r"\s?\[E\]", "", s)

    def name(m):
        words = X56_SOURCES[_tag(m)][0]
        start = re.search(r"(?:[.:!?][\"»)]*\s+|^\s*)$", m.string[:m.start()])
        return words[0].upper() + words[1:] if start else words
    s = re.sub(_TAG, name, s)
    s = re.sub(r"\b([Tt])he the\b", r"\1he", s)
    s = re.sub(r"\bpp\.\s?(\d+)", r"pages \1", s)
    s = re.sub(r"\bp\.\s?(\d+)", r"page \1", s)
    return re.sub(r"\s+([,.;])", r"\1", s).strip()


def _part(body: str, name: str) -> str:
    """A rule's part ("Check", "Sources", "Violation"), its nested list flattened."""
    m = re.search(rf"^- \*\*{name}[^*]*:\*\*(.*?)(?=^- \*\*|\Z)", body, re.S | re.M)
    if not m:
        return ""
    lines = [re.sub(r"^\s*-\s+", "", ln).strip() for ln in m.group(1).strip().split("\n")]
    return " ".join(ln for ln in lines if ln)


def x56_rows(text56: str) -> list:
    """Every X56 rule: enum name, id, title, tag, relation to a base rule, check, example."""
    heads = list(_HEAD.finditer(text56))
    end_all = text56.find("\n## X.2")
    out = []
    for i, m in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else end_all
        body = text56[m.end():end]
        body = re.split(r"\n### |\n---", body)[0]
        area, num = m.group(1), m.group(2)
        out.append({
            "enum": f"X56_{area}_{num}", "id": f"X56-{area}-{num}", "area": f"X56-{area}",
            "title": m.group(3), "tag": m.group(4),
            "relation": re.sub(r"`([^`]+)`", r"\1", m.group(5) or ""),
            "check": plain56(_part(body, "Check"), True),
            "example": plain56(_part(body, "Violation"), True),
            "body": body,
        })
    return out


def x56_quotes(body: str) -> list:
    """The quotes of a rule's Sources: (source tag, where, original, English or "")."""
    src = re.search(r"^- \*\*Sources?:\*\*(.*?)(?=^- \*\*|\Z)", body, re.S | re.M)
    if not src:
        return []
    text = src.group(1)
    bullets = re.split(r"\n\s+- ", text) if re.search(r"\n\s+- ", text) else [text]
    out = []
    for b in bullets:
        b = re.sub(r"\s+", " ", b.strip())
        tags = list(re.finditer(_TAG, b))
        for m in re.finditer(r"«([^»]+)»|\"([^\"]{6,})\"", b):
            before = [t for t in tags if t.end() <= m.start()]
            if m.group(1):
                seed = re.search(r"\b(00[0-3])\b", b[:m.start()])
                if not seed:
                    continue
                orig = m.group(1).strip()
                tr = re.match(r"\s*\(\s*\"([^\"]+)\"", b[m.end():])
                english = tr.group(1) if tr else _TRANSLATIONS.get(orig)
                if not english:
                    raise SystemExit(f"RULES-5-6.md: no English translation of «{orig}»")
                out.append((seed.group(1), "", orig, english))
                continue
            if b[max(0, m.start() - 2):m.start()].rstrip().endswith("(") and "»" in b[:m.start()]:
                continue  # the translation of a quote already taken
            if not before:
                continue
            t = before[-1]
            tag = _tag(t)
            via = tag != "T-cat" and "per T-cat" in b[t.end():m.start()]
            if tag == "T-cat" and b[max(0, t.start() - 4):t.start()] == "per " and len(before) > 1:
                t, via = before[-2], True  # "X-2025 p.1, per T-cat: "...": X-2025 as quoted
                tag = _tag(t)
                via = tag != "T-cat"
            where = ""
            loc = re.match(r"\s*(?:components|introduction|intro)?\s*(pp?\.\s?[\d–-]+(?:(?:\s?and\s?|,\s?)[\d–-]+)*)",
                           b[t.end():])
            if loc:
                w = loc.group(1)
                where = ("pages " if w.startswith("pp") else "page ") + re.sub(r"^pp?\.\s?", "", w)
            code = re.match(r"\s*`([^`]+)`\s*(lines? [\d–]+(?:(?:, | and )[\d–]+)*)?", b[t.end():])
            if tag == "JS" and code:
                where = code.group(1).rsplit("/", 1)[-1] + (", " + code.group(2) if code.group(2) else "")
            if via:
                where = (where + ", " if where else "") + "as quoted by third-party research notes"
            orig = re.sub(r"\*\*?([^*]+?)\*\*?", r"\1", m.group(2).strip())
            if re.fullmatch(r"(?:\d{4} )?p\. ?\d+", orig):
                continue  # a page reference in quotes, not a quote
            out.append((tag, where, orig, ""))
    return out


def _source_note(body: str) -> str:
    src = re.search(r"^- \*\*Sources?:\*\*(.*?)(?=^- \*\*|\Z)", body, re.S | re.M)
    note = plain56(re.sub(r"^\[I\][.,:]?\s*", "", src.group(1).strip())) if src else ""
    return note[0].upper() + note[1:] if note else note


def rule_quotes56(text56: str, r: dict) -> list:
    """A rule's quotes; a rule whose sources only name other X56 rules ("X56-COMP-04 and
    X56-COMP-05", "quoted in X56-SETUP-02") quotes theirs."""
    quotes = x56_quotes(r["body"])
    if quotes:
        return quotes
    src = re.search(r"^- \*\*Sources?:\*\*(.*?)(?=^- \*\*|\Z)", r["body"], re.S | re.M)
    rows = {x["id"]: x for x in x56_rows(text56)}
    for ref in re.findall(r"X56-[A-Z]+-\d+", src.group(1) if src else ""):
        if ref in rows and ref != r["id"]:
            quotes += x56_quotes(rows[ref]["body"])
    return quotes


def x56_sources(text56: str, c_string) -> None:
    """QUOTE and NOTE rows of the X56 rules (the SOURCE rows are printed with the base ones)."""
    for r in x56_rows(text56):
        quotes = rule_quotes56(text56, r)
        if not quotes:
            print(f"NOTE({c_string(r['id'])}, {c_string(_source_note(r['body']))})")
        for tag, where, orig, english in quotes:
            print(f"QUOTE({c_string(r['id'])}, {c_string(tag)}, {c_string(where)}, "
                  f"{c_string(orig)}, {c_string(english)})")


def _decisions(text56: str) -> list:
    sec = text56[text56.find("\n## X.2"):text56.find("\n## X.3")]
    found = list(re.finditer(r"^### (D-\d+) — (.+?)\s*$", sec, re.M))
    out = []
    for i, m in enumerate(found):
        end = found[i + 1].start() if i + 1 < len(found) else len(sec)
        out.append((m.group(1), m.group(2), sec[m.end():end].strip().rstrip("-").strip()))
    return out


def x56_decisions(text56: str, c_string) -> None:
    """RULES-5-6.md X.2 as DECISION(id, title, decision, seeds, official, notes) rows."""
    for did, title, body in _decisions(text56):
        parts = re.split(r"^- \*\*(.+?):?\*\*:?", body, flags=re.M)
        named = {}
        for k in range(1, len(parts), 2):
            key, value = parts[k].strip().rstrip(":"), parts[k + 1].strip()
            if value.startswith("[S]"):  # "**JSettlers** [S]:"
                key, value = key + " (software)", value[3:].lstrip(" :")
            named[key] = " ".join(re.sub(r"^\s*-\s+", "", ln).strip()
                                  for ln in value.split("\n") if ln.strip())
        decision = (named.pop("Default / variant", "") or named.pop("Default", "")
                    or named.pop("Effect", "") or named.pop("Note", ""))
        official = named.pop("Official", "")
        notes = " ".join(f"{k}: {v}" for k, v in named.items())
        print(f"DECISION({c_string(did)}, {c_string(plain56(title))},")
        print(f"         {c_string(plain56(decision))},")
        print(f"         \"\",")
        print(f"         {c_string(plain56(official))},")
        print(f"         {c_string(plain56(notes))})")


def x56_markdown_areas(text56: str) -> list:
    areas = []
    for r in x56_rows(text56):
        if r["area"] not in areas:
            areas.append(r["area"])
    return areas


def x56_markdown(text56: str, part: str, defaults: dict) -> None:
    """docs/rules.md's five-six part: its rules ("rules") or its decisions ("decisions")."""
    p = print
    if part == "decisions":
        for did, title, body in _decisions(text56):
            p()
            p(f'<a id="{did}"></a>')
            p()
            p(f"### {did} — {plain56(title)}")
            p()
            p(plain56(body, markdown=True).replace(" - **", "\n- **"))
        return
    p()
    p('<a id="five-six"></a>')
    p()
    p("## Five and six players (the extension)")
    p()
    p("The rules of the five-six player extension (the catalog's five-six part). They apply when")
    p("`players:` names 5 or 6 players, or when the board lists the extension's 30-hex island (with")
    p("`board-56-players: any`). A rule that replaces a base rule says so; with the extension on,")
    p("the checker reports the X56 ID in its place. Tag **T** marks a rule that rests on a third")
    p("party's quotation of an official text (see [Status tags](#status-tags)).")
    area = None
    for r in x56_rows(text56):
        if r["area"] != area:
            area = r["area"]
            sec = re.findall(rf"^### {area}(?:, [^—]+)? — (.+?)\s*$", text56, re.M)
            p()
            p(f'<a id="{area}"></a>')
            p()
            p(f"## {area} — {sec[0] if sec else area}")
        p()
        p(f'<a id="{r["id"]}"></a>')
        p()
        p(f"### {r['id']} — {r['title']}" + (f" ({r['relation']})" if r["relation"] else ""))
        p()
        p(f"- **Check:** {r['check']}")
        p(f"- **Default:** " + ("; ".join(defaults[r["id"]]) if r["id"] in defaults
                                 else "fixed: no option changes this rule"))
        if r["example"]:
            p(f"- **Example of a violation:** {r['example']}")
        third = " (rests in part on a third party's quotation of an official text)" \
            if re.search(r"\bT\b", r["tag"]) else ""
        p(f"- **Status tag:** `{r['tag']}`{third} (see [Status tags](#status-tags))")
        quotes = rule_quotes56(text56, r)
        if not quotes:
            p(f"- **What the rules texts say:** no text states this rule in words; it is inferred. "
              f"{_source_note(r['body'])}")
        else:
            p("- **What the rules texts say** (see [Sources](#sources)):")
        for tag, where, orig, english in quotes:
            name, _, lang = X56_SOURCES.get(tag) or (*_SEEDS[tag][:1], "", _SEEDS[tag][1])
            said = f"«{orig}» (in English: \"{english}\")" if english else f"\"{orig}\""
            p(f"  - {name[0].upper() + name[1:]}{', ' + where if where else ''} ({lang}): {said}")
