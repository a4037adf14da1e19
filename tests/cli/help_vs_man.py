#!/usr/bin/python3
"""The man page and the bash completion agree with the CLI's --help.

Usage: help_vs_man.py CATAN_REFEREE MAN_PAGE [COMPLETION]

COMPLETION defaults to ../completion/catan-referee.bash next to MAN_PAGE's directory.

From `CATAN_REFEREE --help` and `CATAN_REFEREE SUB --help` (CLI11's format) it takes the
subcommands and, for each, its long and short options with their value sets
(`TEXT:{a,b}`), ranges (`INT in [1 - 64]`) and defaults (`=1`); from `mutate --help` the
mutation kinds; from `CATAN_REFEREE rules` the rule IDs, the rules options with their
values and the profiles. It then checks:

- man page: SYNOPSIS names every subcommand and only options that subcommand has; the
  COMMANDS section has one `.SS` per subcommand (and `.SS Global options`) and, in each,
  one `.TP` item per option whose tag line (`.B --opt`, `.BI`, `.BR`, ...) names it; no
  item names an option the subcommand lacks; each item's text gives the option's values,
  range bounds and default; RULES AND OPTIONS has an item per rules option with its
  values, and names the profiles.
- completion: it mentions every subcommand, option, value, mutation kind, rules option
  key and value, profile and rule ID; its per-subcommand option lists
  (`_catan_referee_opts_SUB="..."`) hold exactly the subcommand's options.

Prints `N passed, M failed` last; exit status 1 if any check failed (2 on a usage error).
"""
import os
import re
import shlex
import subprocess
import sys


class Checks:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL {name}" + (f": {detail}" if detail else ""))
        return ok


# ---------------------------------------------------------------- the CLI's --help

class Option:
    def __init__(self, names, spec, desc):
        self.names = names          # e.g. ["-j", "--jobs"]
        self.spec = spec            # e.g. "INT:INT in [1 - 64]=1", "" for a flag
        self.desc = desc
        self.values = []            # from TEXT:{a,b}
        self.range = None           # (lo, hi) from INT in [lo - hi]
        self.default = None         # from =X
        m = re.search(r"\{([^}]*)\}", spec)
        if m:
            self.values = [v.strip() for v in m.group(1).split(",") if v.strip()]
        m = re.search(r"\[\s*(\S+)\s+-\s+(\S+)\s*\]", spec)
        if m:
            self.range = (m.group(1), m.group(2))
        core = re.sub(r"\s+(\.\.\.|REQUIRED)$", "", spec)
        if not spec.endswith("...") and "=" in core:
            before, default = core.rsplit("=", 1)
            # CLI11 writes TYPE[:VALIDATOR]=DEFAULT; a type name such as KEY=VALUE is no default.
            if before.endswith(("}", "]")) or re.fullmatch(r"[A-Z]+(:[A-Z]+)?", before):
                self.default = default

    @property
    def label(self):
        return ",".join(self.names)


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with {p.returncode}: {p.stderr.strip()}")
    return p.stdout


def sections(help_text):
    """CLI11 help: {'Options': [lines], 'Subcommands': [lines], ...}."""
    out, current = {}, None
    for line in help_text.splitlines():
        m = re.match(r"^([A-Z][A-Za-z ]*):\s*$", line)
        if m:
            current = m.group(1)
            out[current] = []
        elif current and line.startswith(" "):
            out[current].append(line)
        elif current and not line.strip():
            continue
        else:
            current = None
    return out


def parse_options(lines):
    options = []
    for line in lines:
        m = re.match(r"^  (-[^\s]+)(.*)$", line)
        if m:
            names = [n for n in m.group(1).split(",") if n]
            rest = m.group(2)
            spec, desc = "", rest.strip()
            if rest.startswith(" ") and not rest.startswith("  "):
                parts = re.split(r"\s{2,}", rest[1:], maxsplit=1)
                spec, desc = parts[0].strip(), (parts[1].strip() if len(parts) > 1 else "")
            options.append(Option(names, spec, desc))
        elif options and line.startswith("      "):
            options[-1].desc = (options[-1].desc + " " + line.strip()).strip()
    return options


def parse_subcommands(lines):
    subs = []
    for line in lines:
        m = re.match(r"^  ([a-z][a-z0-9-]*)\s", line + " ")
        if m:
            subs.append(m.group(1))
    return subs


def read_cli(binary):
    top = sections(run([binary, "--help"]))
    cli = {"": parse_options(top.get("Options", []))}
    subs = parse_subcommands(top.get("Subcommands", []))
    for sub in subs:
        cli[sub] = parse_options(sections(run([binary, sub, "--help"])).get("Options", []))
    return subs, cli


def read_rules(binary):
    text = run([binary, "rules"])
    ids = [i for i in re.findall(r"^\s+((?:X56-)?[A-Z]+-\d{2})\s", text, re.M) if not i.startswith("D-")]
    options = {}
    part = text.split("Rules options", 1)[1] if "Rules options" in text else ""
    part = part.split("Profiles:", 1)[0]
    for line in part.splitlines()[1:]:
        m = re.match(r"^\s+([a-z][a-z0-9-]*)\s+(.*)$", line)
        if not m:
            continue
        key, rest = m.group(1), re.sub(r"\s+\[D-\d+\]$", "", m.group(2).strip())
        rest = rest.replace(" (not supported yet)", "")
        r = re.match(r"integer (\S+)\.\.(\S+) \(default (\S+)\)", rest)
        if r:
            options[key] = {"values": [], "range": (r.group(1), r.group(2)), "default": r.group(3)}
        else:
            values = [v.strip() for v in rest.split("|")]
            options[key] = {"values": values, "range": None, "default": values[0]}
    profiles = []
    m = re.search(r"^Profiles:(.*)$", text, re.M)
    if m:
        profiles = re.findall(r"(catan-[\w-]+)", m.group(1))
    return ids, options, profiles


# ---------------------------------------------------------------- the man page

def unescape(s):
    s = s.replace("\\-", "-").replace("\\(dq", '"').replace("\\(lq", '"').replace("\\(rq", '"')
    s = s.replace("\\(bu", "*").replace("\\e", "\\").replace("\\ ", " ").replace("\\~", " ")
    s = s.replace("\\&", "").replace("\\%", "")
    s = re.sub(r"\\f(\[[^\]]*\]|\(..|.)", "", s)
    return s


ALTERNATING = {"BI", "BR", "IB", "IR", "RB", "RI"}


def text_of(line):
    """The text a man(7) source line produces (fonts dropped)."""
    if line.startswith((".", "'")):
        m = re.match(r"^[.'](\S+)\s*(.*)$", line)
        if not m:
            return ""
        macro, args = m.group(1), m.group(2)
        if macro not in {"B", "I", "SM", "SB"} | ALTERNATING | {"SS", "SH", "TP", "IP"}:
            return ""
        try:
            words = shlex.split(args.replace("\\", "\\\\"), posix=True)
        except ValueError:
            words = args.split()
        joiner = "" if macro in ALTERNATING else " "
        return unescape(joiner.join(w.replace("\\\\", "\\") for w in words))
    return unescape(line)


def man_sections(lines):
    """{'NAME': [...], 'SYNOPSIS': [...], ...} of raw source lines."""
    out, current = {}, None
    for line in lines:
        if line.startswith('.\\"') or line.startswith("'\\\""):
            continue
        m = re.match(r'^\.SH\s+"?([^"]*)"?\s*$', line)
        if m:
            current = m.group(1).strip()
            out[current] = []
        elif current:
            out[current].append(line)
    return out


def subsections(lines):
    """[(title, [lines])] of the .SS parts of a section."""
    out = []
    for line in lines:
        m = re.match(r'^\.SS\s+"?([^"]*)"?\s*$', line)
        if m:
            out.append((m.group(1).strip(), []))
        elif out:
            out[-1][1].append(line)
    return out


def items(lines):
    """[(tag text, body text)] of the .TP items among lines."""
    out, i = [], 0
    while i < len(lines):
        if lines[i].strip() == ".TP" and i + 1 < len(lines):
            tag = text_of(lines[i + 1])
            body, j = [], i + 2
            while j < len(lines) and not re.match(r"^\.(TP|SS|SH|PP|P|LP)\b", lines[j]):
                body.append(text_of(lines[j]))
                j += 1
            out.append((tag, " ".join(b for b in body if b)))
            i = j
        else:
            i += 1
    return out


OPTION_TOKEN = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)")


def word_in(word, text):
    return re.search(r"(?<![\w.-])" + re.escape(word) + r"(?![\w-])", text) is not None


# ---------------------------------------------------------------- checks

def check_man(c, man_path, subs, cli, rule_options, profiles, mutation_kinds):
    with open(man_path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    secs = man_sections(lines)
    for name in ("NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OUTPUT FORMATS", "EXIT STATUS",
                 "THE LOG FORMAT", "RULES AND OPTIONS", "DECISIONS", "LIMITS", "FILES", "EXAMPLES",
                 "SEE ALSO"):
        c.check(f"man: section {name}", name in secs)

    all_options = {n for opts in cli.values() for o in opts for n in o.names}

    # SYNOPSIS: one paragraph per subcommand.
    synopsis = [text_of(l) for l in secs.get("SYNOPSIS", [])]
    paragraphs, para = [], []
    for l, raw in zip(synopsis, secs.get("SYNOPSIS", [])):
        if re.match(r"^\.(PP|P|LP|SY|br)\b", raw) and para:
            paragraphs.append(" ".join(para))
            para = []
        if l:
            para.append(l)
    if para:
        paragraphs.append(" ".join(para))
    by_sub = {}
    for p in paragraphs:
        m = re.match(r"^catan-referee\s+([a-z][a-z0-9-]*)", p)
        by_sub[m.group(1) if m else ""] = p
    for sub in subs:
        c.check(f"man: SYNOPSIS shows `{sub}`", sub in by_sub, "no paragraph `catan-referee " + sub + "`")
    for key, p in by_sub.items():
        known = {n for o in cli.get(key, []) for n in o.names} if key in cli else all_options
        for tok in OPTION_TOKEN.findall(p):
            c.check(f"man: SYNOPSIS option {tok} of `{key or 'catan-referee'}` exists", tok in known)

    # COMMANDS: .SS per subcommand, .TP per option.
    commands = subsections(secs.get("COMMANDS", []))
    titles = {}
    for title, body in commands:
        key = "" if title.lower().startswith("global") else title
        titles[key] = body
    c.check("man: COMMANDS has `.SS Global options`", "" in titles)
    for sub in subs:
        c.check(f"man: COMMANDS has `.SS {sub}`", sub in titles)
    for key in titles:
        c.check(f"man: COMMANDS `.SS {key}` is a subcommand", key == "" or key in cli)

    documented = {}
    for key, body in titles.items():
        for tag, text in items(body):
            for tok in OPTION_TOKEN.findall(tag):
                documented.setdefault(key, {})[tok] = (tag, text)

    global_names = {n for o in cli[""] for n in o.names}
    for key in [""] + subs:
        doc = documented.get(key, {})
        where = f"`{key}`" if key else "global"
        for o in cli.get(key, []):
            for n in o.names:
                in_global = n in global_names and n in documented.get("", {})
                ok = n in doc or (key != "" and in_global)
                c.check(f"man: {where} option {n} documented", ok)
            entry = next((doc[n] for n in o.names if n in doc), None)
            if entry is None:
                continue
            tag, text = entry
            # --from names "IMPORT FORMATS": its values are that section's (which
            # tests/cli/format_registry.py checks against the registry).
            where_values = tag + " " + text
            if "IMPORT FORMATS" in text:
                where_values += " " + " ".join(text_of(l) for l in secs.get("IMPORT FORMATS", []))
            for v in o.values:
                c.check(f"man: {where} {o.label} value {v} documented", word_in(v, where_values))
            if o.range:
                for b in o.range:
                    c.check(f"man: {where} {o.label} bound {b} documented", word_in(b, text))
            if o.default is not None:
                c.check(f"man: {where} {o.label} default {o.default} documented",
                        "default" in text and word_in(o.default, text),
                        f"text: {text[:120]!r}")
            if key == "mutate" and "--kind" in o.names:
                for k in mutation_kinds:
                    c.check(f"man: mutate --kind {k} documented", word_in(k, text))
        known = {n for o in cli.get(key, []) for n in o.names}
        for tok in doc:
            c.check(f"man: {where} item {tok} is an option of the CLI", tok in known)

    # RULES AND OPTIONS: an item per rules option with its values; the profiles.
    rules_sec = secs.get("RULES AND OPTIONS", [])
    rule_items = {tag.strip(): text for tag, text in items(rules_sec)}
    for key, spec in rule_options.items():
        if not c.check(f"man: rules option {key} documented", key in rule_items):
            continue
        text = rule_items[key]
        for v in spec["values"]:
            c.check(f"man: rules option {key} value {v} documented", word_in(v, text))
        if spec["range"]:
            c.check(f"man: rules option {key} range documented",
                    f"{spec['range'][0]}..{spec['range'][1]}" in text)
        c.check(f"man: rules option {key} default {spec['default']} documented",
                word_in(spec["default"], text))
    rules_text = " ".join(text_of(l) for l in rules_sec)
    for p in profiles:
        c.check(f"man: profile {p} documented", word_in(p, rules_text))


def check_completion(c, path, subs, cli, rule_ids, rule_options, profiles, mutation_kinds):
    if not c.check("completion: file exists", os.path.isfile(path), path):
        return
    with open(path, encoding="utf-8") as f:
        script = f.read()
    code = "\n".join(l for l in script.splitlines() if not l.lstrip().startswith("#"))
    c.check("completion: registers catan-referee",
            re.search(r"^complete\s.*\scatan-referee\s*$", code, re.M) is not None)
    for sub in subs:
        c.check(f"completion: subcommand {sub}", word_in(sub, code))
    for key, opts in cli.items():
        where = f"`{key}`" if key else "global"
        for o in opts:
            for n in o.names:
                c.check(f"completion: {where} option {n}", word_in(n, code))
            for v in o.values:
                c.check(f"completion: {where} {o.label} value {v}", word_in(v, code))
    lists = dict(re.findall(r'^_catan_referee_opts_(\w+)="([^"]*)"', code, re.M))
    for key, opts in cli.items():
        name = key or "global"
        if not c.check(f"completion: option list _catan_referee_opts_{name}", name in lists):
            continue
        want = {n for o in opts for n in o.names}
        have = set(lists[name].split())
        c.check(f"completion: _catan_referee_opts_{name} matches --help", want == have,
                f"missing {sorted(want - have)}, extra {sorted(have - want)}")
    for k in mutation_kinds:
        c.check(f"completion: mutation kind {k}", word_in(k, code))
    for key, spec in rule_options.items():
        c.check(f"completion: rules option {key}", word_in(key, code))
        for v in spec["values"]:
            c.check(f"completion: rules option {key} value {v}",
                    re.search(r"^\s*" + re.escape(key) + r"\).*" + r"(?<![\w-])" + re.escape(v) +
                              r"(?![\w-])", code, re.M) is not None)
    for p in profiles:
        c.check(f"completion: profile {p}", word_in(p, code))
    for rid in rule_ids:
        c.check(f"completion: rule ID {rid}", word_in(rid, code))


def main(argv):
    if len(argv) not in (3, 4):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    binary, man_path = argv[1], argv[2]
    completion = argv[3] if len(argv) == 4 else os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(man_path))), "completion", "catan-referee.bash")
    c = Checks()
    try:
        subs, cli = read_cli(binary)
        rule_ids, rule_options, profiles = read_rules(binary)
    except (OSError, RuntimeError, subprocess.SubprocessError) as e:
        c.check("run the CLI", False, str(e))
        print(f"{c.passed} passed, {c.failed} failed")
        return 1
    c.check("--help lists subcommands", len(subs) > 0)
    c.check("`rules` lists rule IDs and options", len(rule_ids) > 0 and len(rule_options) > 0)
    kinds = []
    for o in cli.get("mutate", []):
        if "--kind" in o.names:
            m = re.search(r"kind:\s*(.*)$", o.desc)
            kinds = [k.strip() for k in m.group(1).split(",")] if m else []
    if "mutate" in cli:
        c.check("mutate --help lists the mutation kinds", len(kinds) > 0)
    if c.check("man page exists", os.path.isfile(man_path), man_path):
        check_man(c, man_path, subs, cli, rule_options, profiles, kinds)
    check_completion(c, completion, subs, cli, rule_ids, rule_options, profiles, kinds)
    print(f"{c.passed} passed, {c.failed} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
