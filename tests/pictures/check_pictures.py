#!/usr/bin/python3
"""The board picture (`show --format svg`) and the HTML game report (`report`).

Usage: check_pictures.py CATAN_REFEREE REPO_ROOT [--update]

- Every sample's SVG parses as XML, has the 19 hexes and 9 harbors (30 and 11 with five or
  six players), and before an illegal
  placement or robber move outlines the entry's place; the caption is the diagnostic's
  first line (as `check` prints it).
- Two golden SVG files (byte for byte; --update rewrites them): an illegal sample with
  --coords, and a player-view sample where 19 worlds are consistent (hand ranges).
- Every sample's report is one HTML page that loads nothing (no src, no external href),
  lists every entry of the log, and for an illegal log marks and jumps to that entry.
- A file of two games gets two pages; a game over --max-entries gets none; --out refuses a symbolic link, an existing file
  without --force, a missing folder, and a failed write (exit 2).
Prints `N passed, M failed` last.
"""
import html.parser
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import yaml

SVG = "{http://www.w3.org/2000/svg}"
GOLDEN = [
    ("illegal-BUILD-05-next-to-own-settlement.coords.svg",
     ["samples/illegal-BUILD-05-next-to-own-settlement.yaml", "--coords"]),
    ("legal-view-spectator-game-4p-seed5.at-251.svg",
     ["samples/legal-view-spectator-game-4p-seed5.yaml", "--at", "251"]),
]
PLACES = ("settlement", "city", "road", "robber")


class Counter:
    def __init__(self):
        self.passed = self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL:", what)
        return ok


def run(exe, args, cwd, **kw):
    return subprocess.run([exe] + args, cwd=cwd, capture_output=True, timeout=120, **kw)


def entries_of(path):
    docs = [d for d in yaml.safe_load_all(path.read_text()) if d]
    return docs


def first_error(exe, root, rel):
    proc = run(exe, ["check", rel], root)
    for line in proc.stdout.decode().splitlines():
        if ": error[" in line:
            return line
    return None


def island(doc):
    """The hexes and harbors drawn: the five-six island's 30 and 11 for 5 or 6 players."""
    board = doc.get("board") if isinstance(doc.get("board"), dict) else {}
    five_six = len(doc.get("players") or []) >= 5 or len(board.get("hexes") or []) == 30
    return (30, 11) if five_six else (19, 9)


def check_svg(c, exe, root, rel, doc):
    proc = run(exe, ["show", rel, "--format", "svg"], root)
    if proc.returncode == 2 or (proc.returncode == 1 and proc.stdout == b""):
        # A malformed, unsupported or illegal header: no game state, no picture; a message.
        c.check(proc.stdout == b"" and proc.stderr, f"{rel}: exit {proc.returncode}, no message")
        return
    try:
        svg = ET.fromstring(proc.stdout)
    except ET.ParseError as e:
        c.check(False, f"{rel}: SVG does not parse: {e}")
        return
    c.check(svg.tag == SVG + "svg", f"{rel}: root is {svg.tag}")
    hexes = [g for g in svg.iter(SVG + "g") if g.get("class") == "hex"]
    harbors = [g for g in svg.iter(SVG + "g") if g.get("class") == "harbor"]
    want_hexes, want_harbors = island(doc)
    c.check(len(hexes) == want_hexes, f"{rel}: {len(hexes)} hexes")
    c.check(len(harbors) == want_harbors, f"{rel}: {len(harbors)} harbors")
    names = {t.text for t in svg.iter(SVG + "text") if t.get("class") == "legend"}
    for p in doc.get("players", []):
        c.check(any(n and n.startswith(str(p)) for n in names), f"{rel}: legend lacks {p}")
    if proc.returncode == 1:
        err = first_error(exe, root, rel)
        caption = svg.find(f"{SVG}text[@id='caption']")
        if err and ":0:0:" not in err and "end of the log" not in err:
            text = " ".join(t.text or "" for t in caption) if caption is not None else ""
            c.check(" ".join(text.split()) == " ".join(err.split()),
                    f"{rel}: caption {text!r} is not {err!r}")
        line = int(err.split(":")[1]) if err else 0
        # Which entry: the one whose verdict `check --format json` names.
        rep = json.loads(run(exe, ["check", "--format", "json", rel], root).stdout)
        game = rep["games"][0] if "games" in rep else rep
        action = (game.get("error") or {}).get("action", 0)
        acts = doc.get("actions") or []
        if 0 < action <= len(acts) and any(k in acts[action - 1] for k in PLACES):
            hl = svg.find(f".//{SVG}g[@id='highlight']")
            c.check(hl is not None, f"{rel}: entry {action} (line {line}) not outlined")


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def check_page(c, rel, text, doc, status):
    page = Page()
    page.feed(text)
    tags = page.tags
    loads = [f"<{tag} src>" for tag, a in tags if "src" in a]
    loads += [f"<{tag} href={a['href']}>" for tag, a in tags
              if a.get("href") is not None and not a["href"].startswith(("#", "file://"))]
    loads += ["<link>" for tag, a in tags if tag == "link"]
    c.check(not loads, f"{rel}: the page loads: {loads[:5]}")
    hexes = [a for t, a in tags if t == "g" and a.get("class") == "hex"]
    no_board = "There is no board" in text  # an illegal or unsupported header
    c.check(len(hexes) == island(doc)[0] or (no_board and status != 0),
            f"{rel}: report has {len(hexes)} hexes")
    entries = [a for t, a in tags if t == "li" and "entry" in a.get("class", "").split()]
    n = len(doc.get("actions") or [])
    c.check(len(entries) == n, f"{rel}: {len(entries)} timeline entries, log has {n}")
    body = next(a for t, a in tags if t == "body")
    illegal = [a for a in entries if "illegal" in a.get("class", "").split()]
    if status == 1 and body.get("data-illegal"):
        c.check(len(illegal) == 1 and illegal[0]["id"] == "entry-" + body["data-illegal"],
                f"{rel}: illegal entry {body.get('data-illegal')} not marked")
    if status == 0:
        c.check(not illegal and not body.get("data-illegal"), f"{rel}: legal log marked")
    c.check(any(t == "section" and a.get("id") == "verdict" for t, a in tags),
            f"{rel}: no verdict")


def main(argv):
    update = "--update" in argv
    args = [a for a in argv[1:] if a != "--update"]
    exe, root = os.path.abspath(args[0]), pathlib.Path(args[1]).resolve()
    golden = root / "tests" / "pictures" / "golden"
    c = Counter()
    samples = sorted((root / "samples").glob("*.yaml"))
    # Under the sanitizers (the `sanitize` test preset sets CATAN_TEST_EVERY=N) every Nth sample.
    samples = samples[:: int(os.environ.get("CATAN_TEST_EVERY", "1"))]
    c.check(bool(samples), f"no sample in {root / 'samples'}")
    for path in samples:
        rel = str(path.relative_to(root))
        docs = entries_of(path)
        check_svg(c, exe, root, rel, docs[0])
    for name, args in GOLDEN:
        proc = run(exe, ["show"] + args + ["--format", "svg"], root)
        target = golden / name
        if update:
            target.write_bytes(proc.stdout)
        c.check(target.exists() and proc.stdout == target.read_bytes(),
                f"golden {name} differs (rerun with --update after a deliberate change)")
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp)
        for path in samples:
            rel = str(path.relative_to(root))
            page_file = out / (path.stem + ".html")
            proc = run(exe, ["report", rel, "--out", str(page_file)], root)
            check = run(exe, ["check", rel], root).returncode
            c.check(proc.returncode == check,
                    f"{rel}: report exit {proc.returncode}, check exit {check}")
            if not page_file.exists():
                c.check(proc.returncode == 2, f"{rel}: no page written")
                continue
            check_page(c, rel, page_file.read_text(), entries_of(path)[0], proc.returncode)
        # Two games in one file: two pages, named by game.
        two = out / "two.yaml"
        one = (root / "samples" / "legal-opening.yaml").read_text()
        two.write_text(one + "\n---\n" + (root / "samples" /
                       "illegal-BUILD-05-next-to-own-settlement.yaml").read_text())
        proc = run(exe, ["report", str(two), "--out", str(out / "two.html")], root)
        c.check(proc.returncode == 1, f"two games: exit {proc.returncode}")
        c.check((out / "two-game-1.html").exists() and (out / "two-game-2.html").exists()
                and not (out / "two.html").exists(), "two games: pages not named by game")
        # The default name: the log's, with .html, in the current folder.
        (out / "here").mkdir()
        proc = subprocess.run([exe, "report", str(root / "samples" / "legal-opening.yaml")],
                              cwd=out / "here", capture_output=True, timeout=60)
        c.check(proc.returncode == 0 and (out / "here" / "legal-opening.html").exists(),
                f"default --out: exit {proc.returncode}")
        # Refusals: exit 2, nothing written through a link, nothing replaced.
        sample = "samples/legal-opening.yaml"
        victim = out / "victim.txt"
        victim.write_text("keep")
        (out / "link.html").symlink_to(victim)
        proc = run(exe, ["report", sample, "--out", str(out / "link.html"), "--force"], root)
        c.check(proc.returncode == 2 and victim.read_text() == "keep",
                f"symlink: exit {proc.returncode}")
        proc = run(exe, ["report", sample, "--out", str(out / "two-game-1.html")], root)
        c.check(proc.returncode == 2 and b"exists" in proc.stderr, "existing file replaced")
        proc = run(exe, ["report", sample, "--out", str(out / "two-game-1.html"), "--force"],
                   root)
        c.check(proc.returncode == 0, f"--force: exit {proc.returncode}")
        proc = run(exe, ["report", sample, "--out", str(out / "no" / "such.html")], root)
        c.check(proc.returncode == 2 and b"no" in proc.stderr, "missing folder")
        proc = run(exe, ["report", str(two), "--out", "-"], root)
        c.check(proc.returncode == 2, "--out - with two games")
        # A game longer than --max-entries: an error at its position, no page.
        proc = run(exe, ["report", sample, "--max-entries", "5", "--out", str(out / "long.html")],
                   root)
        c.check(proc.returncode == 2 and b"--max-entries" in proc.stderr
                and b"legal-opening.yaml:" in proc.stderr and not (out / "long.html").exists(),
                f"--max-entries: exit {proc.returncode}, {proc.stderr[:200]!r}")
        proc = run(exe, ["show", sample, "--coords"], root)
        c.check(proc.returncode == 2 and b"--format svg" in proc.stderr, "--coords without svg")
        # --colors: blue drawn green, red as chosen in hex, the others by name; bad lists
        # and a format without pictures are usage errors.
        proc = run(exe, ["show", sample, "--format", "svg", "--colors", "blue=green,red=#123abc"],
                   root)
        legend = {m.group(1): m.group(2) for m in re.finditer(
            rb'<g class="legend-player p(\d)"[^>]*><path d="[^"]*" fill="(#[0-9A-F]{6})"', proc.stdout)}
        c.check(proc.returncode == 0 and legend == {b"0": b"#123ABC", b"1": b"#009E73",
                                                    b"2": b"#FFFFFF", b"3": b"#E69F00"},
                f"--colors: exit {proc.returncode}, legend {legend}")
        proc = run(exe, ["show", sample, "--format", "svg"], root)
        legend = {m.group(1): m.group(2) for m in re.finditer(
            rb'<g class="legend-player p(\d)"[^>]*><path d="[^"]*" fill="(#[0-9A-F]{6})"', proc.stdout)}
        c.check(legend.get(b"1") == b"#0072B2", f"blue is drawn blue: {legend}")
        for bad in (["--format", "svg", "--colors", "blue"], ["--format", "svg", "--colors", "blue=teal"],
                    ["--colors", "blue=green"]):
            proc = run(exe, ["show", sample] + bad, root)
            c.check(proc.returncode == 2 and b"--colors" in proc.stderr,
                    f"show {' '.join(bad)}: exit {proc.returncode}")
        proc = run(exe, ["report", sample, "--colors", "white=black", "--out", "-"], root)
        c.check(proc.returncode == 0 and b'["white","#000000"' in proc.stdout,
                f"report --colors: exit {proc.returncode}")
        proc = run(exe, ["report", sample, "--colors", "white", "--out", "-"], root)
        c.check(proc.returncode == 2 and b"--colors" in proc.stderr, "report --colors white")
        if os.path.exists("/dev/full"):
            with open("/dev/full", "w") as full:
                for cmd in (["report", sample, "--out", "-"],
                            ["show", sample, "--format", "svg"]):
                    proc = subprocess.run([exe] + cmd, cwd=root, stdout=full,
                                          stderr=subprocess.PIPE, timeout=60)
                    c.check(proc.returncode == 2 and b"cannot write" in proc.stderr,
                            f"{' '.join(cmd)} to /dev/full: exit {proc.returncode}")
    print(f"{c.passed} passed, {c.failed} failed")
    return 1 if c.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
