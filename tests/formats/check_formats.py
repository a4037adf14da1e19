#!/usr/bin/python3
"""The report formats agree with each other and with their schemas.

Usage: check_formats.py CATAN_REFEREE SAMPLES_DIR REPORT_SCHEMA SARIF_SCHEMA

Runs `CATAN_REFEREE check --format F SAMPLES_DIR` for F in json, sarif, junit, github and
checks: the JSON report against REPORT_SCHEMA (JSON Schema 2020-12); the SARIF log against
SARIF_SCHEMA (the OASIS SARIF 2.1.0 schema, validated with the draft its `$schema` names,
draft-07 if none) and against the JSON report; the JUnit XML's counts against the JSON
report; every GitHub workflow command line against GitHub's escaping, and one `::error`
per illegal game at its file, line, column and rule. Prints `N passed, M failed` last;
exit status 1 if any check failed.
"""
import json
import re
import subprocess
import sys
import urllib.parse
import xml.etree.ElementTree as ET

import jsonschema
from jsonschema import validators

FORMATS = ("json", "sarif", "junit", "github")

# GitHub's escaping (@actions/core toCommandValue/escapeData/escapeProperty): in the
# message % CR LF are %25 %0D %0A; property values also escape : and , as %3A %2C.
DATA = r"(?:[^%\r\n]|%25|%0D|%0A)*"
VALUE = r"(?:[^%\r\n:,]|%25|%0D|%0A|%3A|%2C)*"
COMMAND = re.compile(
    rf"^::(error|warning) (?:file=({VALUE}),)?(?:line=([1-9][0-9]*),(?:col=([1-9][0-9]*),)?"
    rf"(?:endLine=([1-9][0-9]*),(?:endColumn=([1-9][0-9]*),)?)?)?"
    rf"title=({VALUE})::({DATA})$")
SUMMARY = re.compile(r"^(\d+) game\(s\): (\d+) legal \((\d+) incomplete\), (\d+) illegal, (\d+) malformed"
                     r"(?:, (\d+) unsupported)?$")


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


def unescape_property(s):
    return (s.replace("%2C", ",").replace("%3A", ":").replace("%0A", "\n")
            .replace("%0D", "\r").replace("%25", "%"))


def schema_errors(validator, doc, limit=3):
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
    return "; ".join(f"/{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in errors[:limit])


def diagnostics(report):
    """(game, diagnostic) for every error and warning, in report order."""
    for g in report["games"]:
        if g["error"]:
            yield g, g["error"]
        for w in g["warnings"]:
            yield g, w


def check_json(c, report, schema):
    jsonschema.Draft202012Validator.check_schema(schema)
    errors = schema_errors(jsonschema.Draft202012Validator(schema), report)
    c.check("json: valid against the report schema", not errors, errors)
    s = report["summary"]
    # Issue 14: the tool and the options in force; notes that state numbers carry them as data.
    c.check("json: tool version and rules options at the top level",
            report.get("tool", {}).get("name") == "catan-referee" and bool(report["tool"].get("version")) and
            report.get("rules-options", {}).get("victory-points") == 10, str(report.get("tool")))
    bad, seen = [], 0
    for g, d in diagnostics(report):
        for n in d["notes"]:
            if n["label"] not in ("hand", "cost", "bank", "entitled"):
                continue
            seen += 1
            data = n.get("data")
            m = re.search(r"\{([^}]*)\}", n["text"])
            if data is None:
                bad.append(f"{g['file']}: {n['label']} note without data: {n['text']}")
            elif n["label"] in ("hand", "cost") or (n["label"] == "bank" and m):
                stated = dict((k, int(v)) for k, v in re.findall(r"(\w+): (\d+)", m.group(1) if m else ""))
                if {k: v for k, v in data.items() if v} != stated or len(data) != 5:
                    bad.append(f"{g['file']}: {n['text']} != {data}")
    c.check("json: hand, cost, bank and entitlement notes as data", seen > 0 and not bad,
            f"{seen} notes; " + "; ".join(bad[:3]))
    # Issue 14: every diagnostic with a rule names its template, with typed arguments.
    bad, seen = [], 0
    for g, d in diagnostics(report):
        if d["rule"] is None:
            if "message-id" in d or "arguments" in d:
                bad.append(f"{g['file']}: message-id without a rule: {d['message']}")
            continue
        seen += 1
        args = d.get("arguments")
        if not d.get("message-id") or not isinstance(args, dict):
            bad.append(f"{g['file']}: no message-id or arguments: {d['message']}")
            continue
        # Each integer, string or place argument appears in the message as written.
        for k, v in args.items():
            shown = (str(v) if isinstance(v, (int, str)) else
                     f"[{v[0]}, {v[1]}" if isinstance(v, list) else None)
            if shown is not None and shown not in d["message"]:
                bad.append(f"{g['file']}: {d['message-id']} argument {k}={v!r} not in {d['message']!r}")
    c.check("json: every rule's diagnostic has message-id and arguments it states", seen > 0 and not bad,
            f"{seen} diagnostics; " + "; ".join(bad[:3]))
    c.check("json: summary counts add up", s["games"] == len(report["games"]) ==
            s["legal"] + s["incomplete"] + s["illegal"] + s["malformed"] + s["unsupported"], str(s))


def check_sarif(c, sarif, schema, report):
    cls = validators.validator_for(schema, default=jsonschema.Draft7Validator)
    cls.check_schema(schema)
    errors = schema_errors(cls(schema), sarif)
    c.check(f"sarif: valid against the SARIF schema ({cls.__name__})", not errors, errors)
    if not c.check("sarif: version 2.1.0, one run", sarif.get("version") == "2.1.0" and
                   len(sarif.get("runs", [])) == 1):
        return
    run = sarif["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    ids = [r["id"] for r in rules]
    c.check("sarif: rule ids unique", len(ids) == len(set(ids)))
    c.check("sarif: a descriptor for malformed input", "MALFORMED" in ids)
    want = list(diagnostics(report))
    results = run["results"]
    if not c.check("sarif: one result per error and warning", len(results) == len(want),
                   f"{len(results)} results, {len(want)} diagnostics"):
        return
    bad = []
    for (g, d), res in zip(want, results):
        loc = res["locations"][0]["physicalLocation"]
        region = loc.get("region", {})
        rule = d["rule"] or ("UNSUPPORTED" if g["status"] == "unsupported" else "MALFORMED")
        got = (res["ruleId"], ids[res["ruleIndex"]], res["level"], region.get("startLine", 0),
               region.get("startColumn", 0), res["properties"]["game"], res["properties"]["action"],
               res["properties"]["status"], res["message"]["text"].startswith(d["message"]))
        exp = (rule, rule, d["severity"], d["line"], d["column"], g["game"], d["action"], g["status"], True)
        if got != exp:
            bad.append(f"{g['file']} game {g['game']}: {got} != {exp}")
    c.check("sarif: results match the JSON report", not bad, "; ".join(bad[:3]))
    # Issue 14: a result's message.id is a template of its rule's messageStrings, and the
    # template filled with message.arguments is the message (before the notes).
    bad, seen = [], 0
    for (g, d), res in zip(want, results):
        msg = res["message"]
        if "id" not in msg:
            if d["rule"] is not None:
                bad.append(f"{g['file']}: no message.id for {d['rule']}")
            continue
        seen += 1
        strings = rules[res["ruleIndex"]].get("messageStrings", {})
        if msg["id"] != d.get("message-id") or msg["id"] not in strings:
            bad.append(f"{g['file']}: {msg['id']} not among {res['ruleId']}'s messageStrings")
            continue
        filled = re.sub(r"\{(\d+)\}", lambda m: msg["arguments"][int(m.group(1))],
                        strings[msg["id"]]["text"])
        if filled != d["message"] and not d["message"].endswith("): " + filled):
            bad.append(f"{g['file']}: {filled!r} != {d['message']!r}")
    c.check("sarif: message.id and arguments fill the rule's messageStrings to the message",
            seen > 0 and not bad, f"{seen} results; " + "; ".join(bad[:3]))
    # Issue 14: helpUri into the rules reference, region ends, the run's properties.
    driver = run["tool"]["driver"]
    c.check("sarif: no placeholder informationUri", ".invalid" not in driver.get("informationUri", ""))
    bad = [r["id"] for r in rules if r["id"] not in ("MALFORMED", "UNSUPPORTED") and
           not re.match(rf"^file:///.*/rules\.md#{re.escape(r['id'])}$", r.get("helpUri", ""))]
    c.check("sarif: every rule's helpUri is the rules reference's section", not bad, str(bad[:3]))
    props = run.get("properties", {})
    c.check("sarif: the run's properties: tool version and rules options",
            props.get("toolVersion") == driver["version"] and
            props.get("rulesOptions", {}).get("bank-shortage") == "single-recipient-takes-rest" and
            props.get("ruleOverrides") == [], str(props)[:200])
    bad = []
    regions = 0
    for res in results:
        loc = res["locations"][0]["physicalLocation"]
        region = loc.get("region")
        if not region or "startColumn" not in region:
            continue
        regions += 1
        sl, sc = region["startLine"], region["startColumn"]
        el, ec = region.get("endLine"), region.get("endColumn")
        if el is None or ec is None or (el, ec) <= (sl, sc):
            bad.append(f"{loc['artifactLocation']['uri']}: {region}")
            continue
        # An absolute file:// URI, or one relative to a declared base (%SRCROOT%, issue 23).
        art = loc["artifactLocation"]
        uri = art["uri"]
        if "uriBaseId" in art:
            uri = run["originalUriBaseIds"][art["uriBaseId"]]["uri"] + uri
        path = urllib.parse.unquote(uri[len("file://"):]) if uri.startswith("file://") else uri
        with open(path, encoding="utf-8", newline="") as f:
            src = f.read().splitlines()
        text = "\n".join(src[sl - 1:el])
        start = sc - 1
        end = len(text) - len(src[el - 1]) + ec - 1
        span = text[start:end]
        pairs = {"{": "}", "[": "]"}
        if not span.strip() or (span[0] in pairs and (span[-1] != pairs[span[0]] or
                                                       span.count(span[0]) != span.count(pairs[span[0]]))):
            bad.append(f"{loc['artifactLocation']['uri']}:{sl}:{sc}-{el}:{ec}: {span[:80]!r}")
    c.check("sarif: every region's end closes its token or flow collection", regions > 0 and not bad,
            f"{regions} regions; " + "; ".join(bad[:3]))


def check_junit(c, text, report):
    try:
        root = ET.fromstring(text.encode("utf-8"))
    except ET.ParseError as e:
        c.check("junit: well-formed XML", False, str(e))
        return
    c.check("junit: well-formed XML", True)
    games = report["games"]
    s = report["summary"]
    cases = root.findall("./testsuite/testcase")
    c.check("junit: <testsuites> root", root.tag == "testsuites")
    c.check("junit: testcases = games", len(cases) == len(games) == int(root.get("tests", -1)),
            f"{len(cases)} testcases, tests={root.get('tests')}, {len(games)} games")
    c.check("junit: failures = illegal games",
            len(root.findall("./testsuite/testcase/failure")) == s["illegal"] == int(root.get("failures", -1)))
    c.check("junit: errors = malformed and unsupported games",
            len(root.findall("./testsuite/testcase/error")) == s["malformed"] + s["unsupported"] ==
            int(root.get("errors", -1)))
    files = list(dict.fromkeys(g["file"] for g in games))
    suites = root.findall("./testsuite")
    c.check("junit: one testsuite per file, in order", [t.get("name") for t in suites] == files)
    bad = []
    for suite in suites:
        mine = [g for g in games if g["file"] == suite.get("name")]
        counts = (int(suite.get("tests")), int(suite.get("failures")), int(suite.get("errors")))
        want = (len(mine), sum(g["status"] == "illegal" for g in mine),
                sum(g["status"] in ("malformed", "unsupported") for g in mine))
        if counts != want:
            bad.append(f"{suite.get('name')}: {counts} != {want}")
    c.check("junit: per-file counts", not bad, "; ".join(bad[:3]))
    bad = []
    ordered = [g for f in files for g in games if g["file"] == f]
    for case, g in zip(cases, ordered):
        failure = case.find("failure")
        if g["status"] == "illegal":
            if failure is None or failure.get("type") != g["error"]["rule"]:
                bad.append(f"{g['file']} game {g['game']}: no <failure type={g['error']['rule']}>")
        elif failure is not None:
            bad.append(f"{g['file']} game {g['game']}: unexpected <failure>")
    c.check("junit: failures name the rule", not bad, "; ".join(bad[:3]))


def check_github(c, text, report):
    lines = text.split("\n")
    c.check("github: output ends with a newline", lines[-1] == "")
    lines = lines[:-1]
    if not c.check("github: ends with a summary line", bool(lines) and SUMMARY.match(lines[-1]),
                   repr(lines[-1:])):
        return
    commands = []
    bad = [line for line in lines[:-1] if not COMMAND.match(line)]
    c.check("github: every line a correctly escaped ::error/::warning command", not bad,
            "; ".join(repr(b[:160]) for b in bad[:3]))
    for line in lines[:-1]:
        m = COMMAND.match(line)
        if m:
            commands.append((m.group(1), unescape_property(m.group(2) or ""), int(m.group(3) or 0),
                             int(m.group(4) or 0), unescape_property(m.group(7)).split(" ")[0]))
    # Issue 14: the extent's end, the rule's name beside its ID, the action/turn in the message.
    bad = []
    for line in lines[:-1]:
        m = COMMAND.match(line)
        if not m or not m.group(4) or not m.group(3):
            continue
        title, message = unescape_property(m.group(7)), m.group(8)
        if not m.group(5):
            bad.append(f"no endLine: {line[:120]}")
        elif int(m.group(5)) == int(m.group(3)) and (not m.group(6) or int(m.group(6)) < int(m.group(4))):
            bad.append(f"no endColumn >= col on one line: {line[:120]}")
        if re.match(r"^(?:X56-)?[A-Z]+-\d+$", title):
            bad.append(f"title without the rule's name: {title}")
    c.check("github: endLine/endColumn and the rule's name in the title", not bad, "; ".join(bad[:3]))
    noted = [line for line in lines[:-1] if re.search(r"%0Aaction \d+", line)]
    illegal = sum(g["status"] == "illegal" and g["error"]["action"] > 0 for g in report["games"])
    c.check("github: the action/turn note in the message", len(noted) >= illegal > 0,
            f"{len(noted)} messages with an action note, {illegal} illegal games at an action")
    want = list(diagnostics(report))
    c.check("github: one command per error and warning", len(commands) == len(want),
            f"{len(commands)} commands, {len(want)} diagnostics")
    missing = []
    for g in report["games"]:
        if g["status"] != "illegal":
            continue
        e = g["error"]
        key = ("error", e["file"], e["line"], e["column"], e["rule"])
        if key not in commands:
            missing.append(f"{g['file']} game {g['game']}: {key}")
    c.check("github: an ::error for each illegal game (file, line, col, rule)", not missing,
            "; ".join(missing[:3]))
    s = report["summary"]
    m = SUMMARY.match(lines[-1])
    got = tuple(int(x or 0) for x in m.groups()) if m else None
    want = (s["games"], s["legal"] + s["incomplete"], s["incomplete"], s["illegal"], s["malformed"],
            s["unsupported"])
    c.check("github: summary agrees with the JSON report", got == want, f"{got} != {want}")


def main(argv):
    if len(argv) != 5:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    exe, samples, report_schema, sarif_schema = argv[1:]
    c = Checks()
    out, status = {}, {}
    for fmt in FORMATS:
        proc = subprocess.run([exe, "check", "--format", fmt, samples], capture_output=True,
                              timeout=600)
        status[fmt] = proc.returncode
        c.check(f"{fmt}: exit status 0, 1 or 2", proc.returncode in (0, 1, 2),
                f"{proc.returncode}; stderr: {proc.stderr[:300]!r}")
        try:
            out[fmt] = proc.stdout.decode("utf-8")
        except UnicodeDecodeError as e:
            c.check(f"{fmt}: output is UTF-8", False, str(e))
    c.check("all formats: the same exit status", len(set(status.values())) == 1, str(status))
    try:
        report = json.loads(out["json"])
    except (KeyError, ValueError) as e:
        c.check("json: parses", False, str(e))
        print(f"{c.passed} passed, {c.failed} failed")
        return 1
    c.check("json: at least one game was checked", bool(report.get("games")),
            f"no game in {samples}")
    with open(report_schema, encoding="utf-8") as f:
        check_json(c, report, json.load(f))
    if "sarif" in out:
        try:
            sarif = json.loads(out["sarif"])
        except ValueError as e:
            c.check("sarif: parses", False, str(e))
        else:
            with open(sarif_schema, encoding="utf-8") as f:
                check_sarif(c, sarif, json.load(f), report)
    if "junit" in out:
        check_junit(c, out["junit"], report)
    if "github" in out:
        check_github(c, out["github"], report)
    print(f"{c.passed} passed, {c.failed} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
