#!/usr/bin/env python3
"""Regenerates src/core/rules.def from the adopted catalog (../shared/rules/RULES.md).

Run by hand when the catalog changes; the output is committed, so builds never need it.
Usage: scripts/gen_rule_table.py [RULES.md] > src/core/rules.def
       scripts/gen_rule_table.py --decisions [RULES.md] > src/core/decisions.def
       scripts/gen_rule_table.py --markdown [RULES.md] > docs/rules.md
       scripts/gen_rule_table.py --sources [RULES.md] > src/core/rule_sources.def
(a test, docs.rules_up_to_date, checks that docs/rules.md is what --markdown prints).

What users read (explain, docs/rules.md) names every source in words (SOURCES below: which
rulebook, edition and language), never by the catalog's tags ("001", "E-2015") or files, and
gives an English translation of every quote that is not English (TRANSLATIONS supplies the
ones the catalog leaves untranslated).
"""
import os
import re
import sys

from gen_rule_table_56 import (X56_SOURCES, x56_decisions, x56_markdown, x56_markdown_areas,
                               x56_rows, x56_sources)

args = [a for a in sys.argv[1:] if a not in ("--decisions", "--markdown", "--sources")]
path = args[0] if args else "../shared/rules/RULES.md"
text = open(path, encoding="utf-8").read()
# The five-six player part (RULES-5-6.md, beside RULES.md): its X56 rules follow the base
# rules in every table, and its decisions D-21 ... follow D-20.
path56 = os.path.join(os.path.dirname(path) or ".", "RULES-5-6.md")
text56 = open(path56, encoding="utf-8").read()


def c_string(s: str) -> str:
    s = re.sub(r"\s+", " ", s.strip())
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def clean_title(s: str) -> str:
    # A title may carry a seed's name for the thing, e.g. "Year of Plenty (001: *keksintö*,
    # "Invention")": that is a source note, not part of the rule's name.
    return re.sub(r"\s*\((?:00\d|E-[A-Za-z0-9]+):[^)]*\)\s*$", "", s).strip()


# The sources the catalog quotes (RULES.md 0.1), in words a player understands: tag ->
# (name, what it is, language). The catalog's tags and file names never reach a user.
SOURCES = {
    "000": ("the Finnish rules guide",
            "\"Catan säännöt – Kattava opas klassisen lautapelin saloihin\" (Catan rules: a "
            "comprehensive guide), an unofficial Finnish web guide to the base game with an FAQ; "
            "not a rulebook, and its FAQ gives some fan opinions", "Finnish"),
    "001": ("the Finnish rules explainer",
            "\"Catanin säännöt\" (The rules of Catan), a Finnish explainer that follows the "
            "English base rules of the 2025 6th edition; the only text available for that edition",
            "Finnish"),
    "002": ("the Persian rulebook paraphrase",
            "\"دفترچه قوانین کامل بازی کاتان\" (The complete rulebook of Catan), a Persian "
            "paraphrase of the official Persian rulebook (Kosmos, 2015 edition, translated by "
            "Kiumars Ghanbari Azar); some of its lists are missing", "Persian"),
    "003": ("the Catalan rules summary",
            "\"The Settlers of Catan (Los Colonos de Catán)\", a short Catalan summary of the "
            "base-game rules", "Catalan"),
    "E-2015": ("the 2015 English rulebook",
               "the official English rulebook of the 5th edition (2015), \"Game Rules & "
               "Almanac\" (item CN3071)", "English"),
    "E-2020": ("the 2020 English rulebook",
               "the official English rulebook and almanac, 2020 revision (5th edition)",
               "English"),
    "E-FAQ": ("the official Catan FAQ",
              "the official questions and answers on the base game at catan.com", "English"),
    "E-UoC": ("the University of Catan FAQ",
              "the \"University of Catan\" FAQ of Mayfair Games, the former English publisher: "
              "semi-official, for the older editions", "English"),
    "E-fan": ("unofficial player answers",
              "answers by players on public forums such as Stack Exchange, cited only where "
              "nothing official exists", "English"),
    "retail": ("retail component lists",
               "the component lists of the English base game as sold (box and shop pages)",
               "English"),
}
TAG = r"\b(00[0-3])\b|(E-(?:2015|2020|FAQ|UoC|fan))\b|(2020[ -]rulebook)|([Rr]etail)"

# English translations of quotes the catalog leaves untranslated (original -> English).
TRANSLATIONS = {
    "yhden pelaajan": "one player",
    "a un jugador": "a player",
    "Catanin säännöissä myös pankkikauppa kuuluu vain vuorossa olevalle pelaajalle.":
        "In the rules of Catan, trading with the bank too belongs only to the player whose turn "
        "it is.",
    "Carretera: una fusta i un maó": "Road: one lumber and one brick",
    "Poblat: fusta, maó, llana i cereal": "Settlement: lumber, brick, wool and grain",
    "Ciutat: tres minerals i dos cereals": "City: three ore and two grain",
    "Desenvolupament: mineral, cereal i llana": "Development card: ore, grain and wool",
    "کارت هزینهی ساختوساز را ببینید": "see the building costs card",
    "Poikkeus on tilanne, jossa vain yksi pelaaja olisi saamassa loppuvaa lajia: hän saa sen "
    "verran kuin pankissa on jäljellä.":
        "The exception is when only one player would receive the type that runs short: that "
        "player gets as many as the bank has left.",
    "Saat vuorotella näiden toimien välillä.": "You may alternate between these actions.",
    "Pelaajan on suoritettava nämä vaiheet järjestyksessä": "The player must carry out these "
                                                          "phases in order",
    "valitset yhden pelaajan": "you choose one player",
    "jos sitä on pankissa": "if the bank has it",
    "l’empat no el desplaça": "a tie does not displace it",
    "voit julistaa voiton vasta, kun oma vuorosi alkaa": "you can declare victory only when your "
                                                         "own turn begins",
    "et vielä voita": "you do not win yet",
    "Tilanne voi syntyä esimerkiksi pisin tie -laatan siirtyessä sinulle":
        "The situation can arise, for example, when the Longest Road tile passes to you",
    "toisenlaiseen": "to another kind",
    "راهنمای آنها در واژهنامهی دفترچهی اصلی آمده و در این صفحه تکرار نشده است":
        "their explanation is in the original rulebook's glossary and is not repeated on this page",
    "kolme malmia yhtä malmia vastaan": "three ore for one ore",
    "valkoiset rakennukset ja tiet jätetään pois": "the white buildings and roads are left out",
    "مهرههای قرمز از بازی کنار میروند": "the red pieces are set aside",
    "Rantakylän vieressä voi olla vähemmän tuottavia laattoja": "A settlement on the coast may "
                                                                "have fewer producing tiles beside it",
    "oman tieverkoston päässä": "at the end of your own road network",
    "vähintään yhden oman tiesi päässä": "at the end of at least one of your own roads",
    "از بازی خارج میشود": "leaves the game",
    "sense comptar dues vegades una aresta": "without counting an edge twice",
    "هر نوبت سه مرحله دارد": "every turn has three phases",
}


def source_of(tag_match) -> str:
    t = next(g for g in tag_match.groups() if g)
    return "E-2020" if "rulebook" in t else "retail" if t.lower() == "retail" else t


def plain(s: str, markdown: bool = False, tags: bool = True) -> str:
    """Catalog prose for users: sources by name instead of tags, a translation after every
    quote that lacks one, no markdown emphasis, no references to files users do not have."""
    def quote(m):
        orig, after = m.group(1), s[m.end():m.end() + 4]
        if re.match(r"\s*[(—]\s*\"", after) or orig not in TRANSLATIONS:
            return m.group(0)
        return f'«{orig}» ("{TRANSLATIONS[orig]}")'
    s = re.sub(r"«([^»]+)»", quote, s)
    if not markdown:
        s = re.sub(r"\*\*?([^*\n]+?)\*\*?", r"\1", s)
    s = s.replace("000–003", "all four rules texts").replace("000-003", "all four rules texts")
    subs = [(r"\bin any seed\b", "in any of the four rules texts"),
            (r"\bthe seeds\b", "the four rules texts"),
            (r"\ball seeds\b", "all four rules texts"),
            (r"\beach seed file\b", "each rules text"), (r"\bseed files?\b", "rules text"),
            (r"\bseeds?\b", "rules text"), (r"\bSeeds?\b", "Rules texts"),
            (r"\bfrom the file\b", "from the text"), (r"\bthe file\b", "the text"),
            (r"\bI did not\b", "the catalog's authors did not"),
            (r"\bI could not\b", "the catalog's authors could not"),
            (r"\bI found\b", "the catalog's authors found"), (r"\bby me\b", "by the catalog"),
            (r"RULES\.md section 2", "the decisions"), (r"RULES\.md", "the catalog")]
    for a, b in subs:
        s = re.sub(a, b, s)

    def name(m):
        tag = source_of(m)
        if tag == "retail":
            return m.group(0)
        words = SOURCES[tag][0]
        if tag == "E-2020" and m.group(3):  # "the 2020 rulebook" already says it in words
            return m.group(0)
        start = re.search(r"(?:[.:!?][\"»)]*\s+|^\s*|\n\s*-\s+|^\s*-\s+)$", m.string[:m.start()])
        return words[0].upper() + words[1:] if start else words
    s = re.sub(TAG, name, s)
    s = re.sub(r"(rulebook|FAQ) p\.\s?(\d+)", r"\1, page \2", s)
    s = re.sub(r"\bp\.\s?(\d+)", r"page \1", s)
    s = re.sub(r"(rulebook) (almanac[A-Z]+|turnOverview)\b", r"\1, \2", s)
    s = re.sub(r"\balmanac[A-Z]+\b", "almanac", s).replace("turnOverview", "turn overview")
    if tags:  # the catalog's status tags inside prose
        s = re.sub(r"\[I\]", "(inferred)", s)
        s = re.sub(r"\s?\[(R|E|R\+E)\]", "", s)
    s = re.sub(r"\b(?:the )?(the (?:Finnish|Persian|Catalan|2015|2020|official|University))", r"\1", s)
    return s


def rule_quotes(rid: str, body: str) -> list:
    """The quotes of a rule's Sources part: (source tag, where, original, English or "")."""
    src = re.search(r"- \*\*Sources?:\*\*(.*?)(?=\n- \*\*|\n\n|\Z)", body, re.S)
    if not src:
        return []
    text = src.group(1)
    bullets = re.split(r"\n\s+- ", text) if re.search(r"\n\s+- ", text) else [text]
    out = []
    for b in bullets:
        b = re.sub(r"\s+", " ", b.strip())
        tags = list(re.finditer(TAG, b))
        lead = source_of(tags[0]) if tags and tags[0].start() < 3 else None
        for m in re.finditer(r"«([^»]+)»|\"([^\"]{6,})\"", b):
            before = [t for t in tags if t.end() <= m.start()]
            tag = source_of(before[-1]) if before else lead
            if m.group(1):  # a quote of a rules text, with its translation after it
                orig = m.group(1).strip()
                if tag is None or not tag.startswith("00"):
                    tag = "002" if re.search(r"[\u0600-\u06ff]", orig) else tag
                tr = re.match(r"\s*(?:\(\s*|—\s*)\"([^\"]+)\"", b[m.end():])
                english = tr.group(1) if tr else TRANSLATIONS.get(orig, "")
                if not english:
                    sys.exit(f"{rid}: no English translation of «{orig}»: add one to TRANSLATIONS")
            else:  # an English quote: of an official text when a tag precedes it
                if tag is None or tag.startswith("00"):
                    continue
                prev = b[max(0, m.start() - 3):m.start()]
                if prev.rstrip().endswith("(") or "«" in b[max(0, m.start() - 6):m.start()]:
                    continue  # a translation, already taken
                orig, english = m.group(2).strip(), ""
            where = ""
            if before:
                loc = re.match(r"\s*(p\.\s?\d+|almanac\w*|turnOverview)", b[before[-1].end():])
                if loc:
                    w = loc.group(1)
                    where = ("page " + w[2:].strip() if w.startswith("p.")
                             else "turn overview" if w == "turnOverview" else "almanac")
            orig = re.sub(r"\*\*?([^*]+?)\*\*?", r"\1", orig)
            out.append((tag, where, orig, english))
    return out


def source_note(body: str) -> str:
    src = re.search(r"- \*\*Sources?:\*\*(.*?)(?=\n- \*\*|\n\n|\Z)", body, re.S)
    note = re.sub(r"^\[I\][.:]?\s*", "", re.sub(r"\s+", " ", src.group(1).strip())) if src else ""
    note = plain(note)
    return note[0].upper() + note[1:] if note else note


def sources(text: str) -> None:
    head = re.compile(r"^\*\*([A-Z]+)-(\d+) — (.+?)\*\* \[(.+?)\]\s*$", re.M)
    matches = list(head.finditer(text))
    print("// Generated by scripts/gen_rule_table.py --sources from the rules catalog; do not edit")
    print("// by hand.")
    print("// SOURCE(tag, name, description, language): a text the catalog quotes, in words.")
    print("// QUOTE(rule id, source tag, where in it, original, English translation or \"\").")
    print("// NOTE(rule id, text): a rule no text states in words, and what it rests on.")
    for tag, (name, what, lang) in {**SOURCES, **X56_SOURCES}.items():
        print(f"SOURCE({c_string(tag)}, {c_string(name)}, {c_string(what)}, {c_string(lang)})")
    for i, m in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else text.find("\n## 2.")
        rid = f"{m.group(1)}-{m.group(2)}"
        quotes = rule_quotes(rid, text[m.end():end])
        if not quotes:  # an inference: what the catalog says instead of a quote
            print(f"NOTE({c_string(rid)}, {c_string(source_note(text[m.end():end]))})")
        for tag, where, orig, english in quotes:
            print(f"QUOTE({c_string(rid)}, {c_string(tag)}, {c_string(where)}, {c_string(orig)}, "
                  f"{c_string(english)})")
    x56_sources(text56, c_string)


def rules(text: str) -> None:
    head = re.compile(r"^\*\*([A-Z]+)-(\d+) — (.+?)\*\* \[(.+?)\]\s*$", re.M)
    matches = list(head.finditer(text))
    print("// Generated by scripts/gen_rule_table.py from RULES.md; do not edit by hand.")
    print("// RULE(enum name, id, title, status tag, what it replaces, check sentence, violation")
    print("//      example); the five-six rules (X56-...) come from RULES-5-6.md")
    for i, m in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else text.find("\n## 2.")
        body = text[m.end():end]
        check = re.search(r"- \*\*Check:\*\* (.+?)(?=\n- \*\*)", body, re.S)
        viol = re.search(r"- \*\*Violation[^*]*:\*\* (.+?)(?=\n\n|\n###|\Z)", body, re.S)
        area, num, title, tag = m.group(1), m.group(2), m.group(3), m.group(4)
        print(f"RULE({area}_{num}, {c_string(area + '-' + num)}, {c_string(clean_title(title))}, {c_string(tag)}, \"\",")
        print(f"     {c_string(plain(check.group(1), True, False) if check else '')},")
        print(f"     {c_string(plain(viol.group(1), True, False) if viol else '')})")
    for r in x56_rows(text56):
        print(f"RULE({r['enum']}, {c_string(r['id'])}, {c_string(r['title'])}, {c_string(r['tag'])}, "
              f"{c_string(r['relation'])},")
        print(f"     {c_string(r['check'])},")
        print(f"     {c_string(r['example'])})")


def decisions(text: str) -> None:
    """RULES.md section 2 as DECISION(id, title, decision, seeds, official, notes) rows."""
    sec = text[text.find("\n## 2."):text.find("\n## 3.")]
    dhead = re.compile(r"^### (D-\d+) — (.+?)\s*$", re.M)
    found = list(dhead.finditer(sec))
    print("// Generated by scripts/gen_rule_table.py --decisions from RULES.md section 2; do not")
    print("// edit by hand. Sources are named in words and quotes translated (plain()).")
    print("// DECISION(id, title, decision, seeds, official, notes)")
    for i, m in enumerate(found):
        end = found[i + 1].start() if i + 1 < len(found) else len(sec)
        body = sec[m.end():end].strip()
        parts = re.split(r"^- \*\*(.+?):\*\*", body, flags=re.M)
        named = {}
        lead = parts[0].strip()
        for k in range(1, len(parts), 2):
            named[parts[k].strip()] = parts[k + 1].strip()
        # Bullets become sentences; markdown emphasis becomes plain text.
        flat = lambda s: re.sub(r"\*\*?([^*\n]+?)\*\*?", r"\1", re.sub(r"^\s*- ", "", s, flags=re.M))  # noqa: E731
        decision = named.pop("Default / variant", "")
        seeds = named.pop("Seeds", "")
        official = named.pop("Official", "")
        notes = " ".join(f"{k}: {flat(v)}" for k, v in named.items())
        if not decision:  # an entry without the usual parts: its text is the decision
            decision, notes = (lead + " " + notes).strip(), ""
        title = plain(re.sub(r"\s*\[[RIE][^\]]*\]$", "", m.group(2)))  # a status tag, e.g. "[I]"
        print(f"DECISION({c_string(m.group(1))}, {c_string(title)},")
        print(f"         {c_string(plain(flat(decision)))},")
        print(f"         {c_string(plain(flat(seeds)))},")
        print(f"         {c_string(plain(flat(official)))},")
        print(f"         {c_string(plain(notes))})")
    x56_decisions(text56, c_string)


# Integer options have no row in RULES.md 0.4; the rules they change are those of
# option_table() in src/core/options.cpp.
INTEGER_OPTIONS = [("victory-points", "10", "an integer in 3..20", ["WIN-02", "WIN-04"]),
                   ("discard-limit", "7", "an integer in 2..19", ["ROBBER-01"])]


def rule_refs(s: str) -> list:
    """Rule IDs named in a decision title: "(AWARD-05/06)", "(TRADE-07..09)", "(TURN-04, TRADE-11)"."""
    out = []
    for m in re.finditer(r"((?:X56-)?[A-Z]+)-(\d+)((?:/\d+)*)(?:\.\.(\d+))?", s):
        area, first = m.group(1), int(m.group(2))
        nums = [first] + [int(n) for n in m.group(3).split("/") if n]
        if m.group(4):
            nums = list(range(first, int(m.group(4)) + 1))
        out += [f"{area}-{n:02d}" for n in nums]
    return out


def markdown(text: str) -> None:
    """docs/rules.md: every rule (title, check, default, example) and every D-xx decision."""
    head = re.compile(r"^\*\*([A-Z]+)-(\d+) — (.+?)\*\* \[(.+?)\]\s*$", re.M)
    matches = list(head.finditer(text))
    sec2 = text[text.find("\n## 2."):text.find("\n## 3.")]
    dhead = re.compile(r"^### (D-\d+) — (.+?)\s*$", re.M)
    found = list(dhead.finditer(sec2))
    # Options (RULES.md 0.4): key, default, alternatives, decision; a decision's title
    # names the rules the option changes.
    options = re.findall(r"^\| `([a-z0-9-]+)` \| `([a-z-]+)` \| (.+?) \| (D-\d+) \|$", text + text56, re.M)
    dtitles = {m.group(1): m.group(2) for m in found}
    dtitles.update(re.findall(r"^### (D-\d+) — (.+?)\s*$", text56, re.M))
    defaults = {}
    for key, default, alts, d in options:
        for r in rule_refs(dtitles.get(d, "")):
            defaults.setdefault(r, []).append(
                f"`{key}: {default}` (alternatives: {alts}; see [{d}](#{d}))")
    for key, default, values, rules in INTEGER_OPTIONS:
        for r in rules:
            defaults.setdefault(r, []).append(f"`{key}: {default}` ({values})")
    p = print
    p("<!-- Generated by scripts/gen_rule_table.py --markdown from the rules catalog; do not edit by hand. -->")
    p("# catan-referee rules reference")
    p()
    p("Every rule ID that catan-referee reports, with the check it makes, its default and the")
    p("options that change it, and an example of a violation (a catan-log/1 entry); then the")
    p("decisions (D-01 ...) where the sources differ or are silent. Each rule and decision has")
    p("an anchor named by its ID, e.g. `rules.md#ROBBER-01` or `rules.md#D-07`, which")
    p("`catan-referee explain` and the SARIF report's `helpUri` point at. Options are set in a")
    p("log's `rules:` mapping or with `catan-referee check --rule KEY=VALUE`.")
    p()
    p("## Contents")
    p()
    areas = []
    for m in matches:
        if m.group(1) not in areas:
            areas.append(m.group(1))
    p(" ".join(f"[{a}](#{a})" for a in areas) + " · [Five and six players](#five-six) · "
      + " ".join(f"[{a}](#{a})" for a in x56_markdown_areas(text56))
      + " · [Decisions](#decisions) · [Status tags](#status-tags) · [Sources](#sources)")
    area = None
    for i, m in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else text.find("\n## 2.")
        body = text[m.end():end]
        check = re.search(r"- \*\*Check:\*\* (.+?)(?=\n- \*\*)", body, re.S)
        viol = re.search(r"- \*\*Violation[^*]*:\*\* (.+?)(?=\n\n|\n###|\Z)", body, re.S)
        rid = f"{m.group(1)}-{m.group(2)}"
        if m.group(1) != area:
            area = m.group(1)
            sec = re.findall(rf"^### {area} — (.+?)\s*$", text, re.M)
            p()
            p(f'<a id="{area}"></a>')
            p()
            p(f"## {area} — {sec[0] if sec else area}")
        flat = lambda s: re.sub(r"\s+", " ", s.strip())  # noqa: E731
        p()
        p(f'<a id="{rid}"></a>')
        p()
        p(f"### {rid} — {clean_title(m.group(3))}")
        p()
        p(f"- **Check:** {plain(flat(check.group(1))) if check else ''}")
        p(f"- **Default:** " + ("; ".join(defaults[rid]) if rid in defaults
                                 else "fixed: no option changes this rule"))
        if viol:
            p(f"- **Example of a violation:** {plain(flat(viol.group(1)), markdown=True)}")
        p(f"- **Status tag:** `{m.group(4)}` (see [Status tags](#status-tags))")
        quotes = rule_quotes(rid, body)
        if not quotes:
            p(f"- **What the rules texts say:** no text states this rule in words; it is inferred. "
              f"{source_note(body)}")
        else:
            p("- **What the rules texts say** (see [Sources](#sources)):")
        for tag, where, orig, english in quotes:
            name, _, lang = SOURCES[tag]
            said = f"«{orig}» (in English: \"{english}\")" if english else f"\"{orig}\""
            p(f"  - {name[0].upper() + name[1:]}{', ' + where if where else ''} ({lang}): {said}")
    x56_markdown(text56, "rules", defaults)
    p()
    p('<a id="decisions"></a>')
    p()
    p("## Decisions: where the sources differ or are silent")
    p()
    p("A decision's default is what catan-referee checks; its variants are rules options.")
    p("`catan-referee explain D-NN` prints the same text. \"Rules texts\" are the four texts in")
    p("Finnish, Persian and Catalan listed under [Sources](#sources); \"official\" means the English")
    p("rulebooks of 2015 and 2020 and the catan.com FAQ, as the 2025 6th-edition rulebook itself")
    p("was not available.")
    for i, m in enumerate(found):
        end = found[i + 1].start() if i + 1 < len(found) else len(sec2)
        body = sec2[m.end():end].strip().rstrip("-").strip()
        p()
        p(f'<a id="{m.group(1)}"></a>')
        p()
        dtitle = plain(re.sub(r"\s*\[[RIE][^\]]*\]$", "", m.group(2)))
        p(f"### {m.group(1)} — {dtitle}")
        p()
        p(plain(body, markdown=True))
    x56_markdown(text56, "decisions", defaults)
    p()
    p('<a id="status-tags"></a>')
    p()
    p("## Status tags")
    p()
    p("Each rule's tag says what it rests on (`catan-referee explain` prints it in words):")
    p()
    p("- **R**: stated in the rules texts in Finnish, Persian or Catalan (see [Sources](#sources)); "
      "the quotes are verbatim, each with an English translation.")
    p("- **R+E**: stated in those texts and confirmed by an official English rulebook or FAQ.")
    p("- **E**: not in those texts; taken from an official English rulebook or FAQ.")
    p("- **I**: inferred: a generalisation, a formalisation or a gap-filler, adopted as the "
      "default (a rule or decision says when a variant option changes it).")
    p("- **T** (five-six rules only): an official text known only through a third party's "
      "quotation or paraphrase that gives a page; probable, not verified. `explain` says so.")
    p("- **S** (five-six rules only): the behaviour of software (JSettlers2, colonist.io), read "
      "in its code or documentation.")
    p()
    p("A tag may name what it covers, e.g. `R count; E distribution`.")
    p()
    p('<a id="sources"></a>')
    p()
    p("## Sources")
    p()
    p("The texts this reference quotes. The text of the 2025 6th-edition English rulebook was not")
    p("available: the Finnish rules explainer, which follows it, stands in for it, and \"official\"")
    p("means the 5th-edition English texts (2015, 2020) and the catan.com FAQ unless a rule says")
    p("otherwise. Quotes keep the texts' spelling (the Persian text omits the zero-width")
    p("non-joiner, e.g. میتوانید for می‌توانید).")
    p()
    p("| Source | What it is | Language |")
    p("|---|---|---|")
    for tag, (name, what, lang) in {**SOURCES, **X56_SOURCES}.items():
        p(f"| {name[0].upper() + name[1:]} | {what[0].upper() + what[1:]} | {lang} |")


if "--decisions" in sys.argv[1:]:
    decisions(text)
elif "--sources" in sys.argv[1:]:
    sources(text)
elif "--markdown" in sys.argv[1:]:
    markdown(text)
else:
    rules(text)
