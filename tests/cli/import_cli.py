#!/usr/bin/python3
"""`import` and `check --from` on the project's own JSettlers2 fixture.

Usage: import_cli.py CATAN_REFEREE FIXTURE_SOCLOG

Checks: import writes catan-log/1 (YAML with source-line comments, or JSON Lines) that
check reads back as the same verdict; --out writes NAME.yaml and refuses to replace it
without --force; check reads the .soclog directly (auto and --from jsettlers), in a
folder scan too; a file of no known format, an option outside the base game, several
problems and a wrong production assertion are reported with the source file's line and
exit status 2 (1 for the illegal game); a control character never reaches the terminal.
The five-player fixture beside FIXTURE (five-players.soclog: the 6-player board, a
Special Building window, a win as the winner's turn begins) checks legal, imports with
the Special Building options, and is illegal at the claim's line without the VP card.
Prints `N passed, M failed` last; exit status 1 if any check failed.
"""
import json
import os
import subprocess
import sys
import tempfile

BIN, FIXTURE = sys.argv[1], sys.argv[2]
passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}" + (f": {detail}" if detail else ""))


def run(*args, stdin=None):
    p = subprocess.run([BIN, *args], input=stdin, capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


text = open(FIXTURE).read()
with tempfile.TemporaryDirectory() as tmp:
    def write(name, content):
        path = os.path.join(tmp, name)
        with open(path, "w") as f:
            f.write(content)
        return path

    # import to standard output, then check what it wrote.
    rc, out, err = run("import", FIXTURE)
    check("import exits 0", rc == 0, err)
    check("import writes catan-log/1", out.startswith("format: catan-log/1\n"), out[:80])
    check("import names the source", "source: {format: jsettlers, file: " in out, out[:300])
    check("import comments each entry with its source line", "  # fixture.soclog:" in out)
    rc, out2, err = run("check", "-", stdin=out)
    check("the imported YAML checks legal and incomplete", rc == 0 and "legal, incomplete: 26 actions" in out2,
          out2 + err)

    # JSON Lines.
    rc, out, err = run("import", "--format", "json", FIXTURE)
    game = json.loads(out.splitlines()[0]) if rc == 0 and out else {}
    check("import --format json is one JSON game a line", game.get("format") == "catan-log/1", out[:100])
    check("the JSON game names its source", game.get("game", {}).get("source", {}).get("format") == "jsettlers")
    rc, out2, err = run("check", "-", stdin=out)
    check("the JSON game checks legal", rc == 0, out2 + err)

    # --out DIR.
    outdir = os.path.join(tmp, "out")
    os.mkdir(outdir)
    rc, out, err = run("import", "--out", outdir, FIXTURE)
    check("import --out writes NAME.yaml", rc == 0 and os.path.exists(os.path.join(outdir, "fixture.yaml")), err)
    rc, out, err = run("import", "--out", outdir, FIXTURE)
    check("import --out does not replace a file without --force", rc == 2, err)
    rc, out, err = run("import", "--out", outdir, "--force", FIXTURE)
    check("import --out --force replaces it", rc == 0, err)

    # check reads the record itself.
    for args in ([], ["--from", "jsettlers"]):
        rc, out, err = run("check", *args, FIXTURE)
        check(f"check {' '.join(args)} reads the .soclog", rc == 0 and "legal, incomplete" in out, out + err)
    rc, out, err = run("check", "--view", "2", FIXTURE)
    check("check --view 2 checks white's view", rc == 0 and "player view" in out, out + err)
    scan = os.path.join(tmp, "scan")
    os.mkdir(scan)
    write("scan/game.soclog", text)
    rc, out, err = run("check", scan)
    check("a folder scan finds *.soclog", rc == 0 and "game.soclog" in out, out + err)

    # show and redact read the record too.
    rc, out, err = run("show", "--at", "20", FIXTURE)
    check("show --at 20 on the .soclog", rc == 0 and out.startswith("State after action 20:") and "blue's turn" in out,
          out[:200] + err)
    rc, out, err = run("redact", "--view", "white", FIXTURE)
    check("redact --view white on the .soclog", rc == 0 and "view: white" in out and "card: hidden" in out,
          out[:200] + err)

    # A file of no known format.
    other = write("notes.txt", "hello\n")
    rc, out, err = run("import", other)
    check("an unrecognised file is an error naming the formats",
          rc == 2 and "known formats: jsettlers, catanatron, catanlogs" in err, err)
    rc, out, err = run("check", other)
    check("check names the known formats for a file of none",
          rc == 2 and "jsettlers, catanatron, catanlogs" in out, out + err)
    rc, out, err = run("import", "--from", "catanlogs", other)
    check("a file named as the wrong format is refused at its first line",
          rc == 2 and "notes.txt:1:1: error: cannot import this catanlogs record: not a catanlog transcript" in err, err)

    # An option outside the base game: refused at its line, not checked.
    sea = write("sea.soclog", text.replace("PL=4,RD=f", "PL=4,RD=f,SBL=t"))
    line = 1 + text[: text.index("SOCNewGameWithOptions")].count("\n")
    rc, out, err = run("import", sea)
    check("import refuses the sea board at its line", rc == 2 and f"sea.soclog:{line}:1: error: cannot import this jsettlers record: game option SBL=t" in err, err)
    check("import writes nothing for a refused file", out == "", out[:100])
    for sub in (["show"], ["redact", "--view", "red"]):
        rc, out, err = run(*sub, sea)
        check(f"{sub[0]} refuses it too", rc == 2 and f"sea.soclog:{line}:1: error: cannot import this jsettlers record: game option SBL=t" in err, err)
    rc, out, err = run("check", sea)
    check("check reports the refusal as malformed, in the same words", rc == 2 and f"sea.soclog:{line}:1: error: cannot import this jsettlers record: game option SBL=t" in out, out + err)

    # Every problem, each with its line.
    extra = ("0:05.000:all:SOCPutPiece:game=fixture|playerNumber=3|pieceType=3|coord=99\n"
             "0:05.001:all:SOCRevealFogHex:game=fixture|param1=1\n")
    many = write("many.soclog", text.replace("# End of log", extra + "# End of log"))
    first = 1 + text.count("\n") - 1
    rc, out, err = run("import", many)
    check("import lists every problem", rc == 2 and f"many.soclog:{first}:1:" in err and f"many.soclog:{first + 1}:1:" in err, err)
    rc, out, err = run("check", "--format", "json", many)
    report = json.loads(out) if out else {}
    g = report.get("games", [{}])[0]
    check("check --format json: malformed with the first problem's line",
          g.get("status") == "malformed" and g.get("error", {}).get("line") == first,
          json.dumps(g)[:300])

    # A wrong production assertion: illegal, at the SOCDiceResult line, with the action.
    paid = "p=0|p=2|p=4|p=1|p=4|p=0"
    bad = write("bad.soclog", text.replace(paid, "p=0|p=2|p=5|p=2|p=4|p=0"))
    roll = 1 + text[: text.index("param=6")].count("\n")
    rc, out, err = run("check", bad)
    check("check: the wrong payment is illegal at the roll's source line",
          rc == 1 and f"bad.soclog:{roll}:1: error[PROD-06]" in out and "action 17" in out, out + err)
    rc, out, err = run("check", "--format", "json", bad)
    g = json.loads(out)["games"][0] if rc == 1 else {}
    check("check --format json: location is the source line", g.get("error", {}).get("line") == roll,
          json.dumps(g)[:300])
    check("check --format json: the action number", g.get("error", {}).get("action") == 17, json.dumps(g)[:300])
    for fmt in ("sarif", "junit", "github"):
        rc, out, err = run("check", "--format", fmt, bad)
        check(f"check --format {fmt} names the source line", rc == 1 and str(roll) in out and "bad.soclog" in out, out[:300])

    # A control character in a source line never reaches the terminal raw.
    esc = write("esc.soclog", text.replace("PL=4,RD=f", "PL=4,RD=f,Z\x1b[31m=t"))
    rc, out, err = run("import", esc)
    check("a control character is shown escaped", rc == 2 and "\x1b" not in err and "Z" in err, repr(err))

# The five-player fixture beside it: JSettlers2's 6-player board and a Special Building window.
five = os.path.join(os.path.dirname(FIXTURE), "five-players.soclog")
rc, out, err = run("check", five)
check("five players: legal, orange wins as their turn begins",
      rc == 0 and "legal: 32 actions, orange won on turn 4" in out, out + err)
rc, out, err = run("import", five)
check("five players: the header plays JSettlers2's Special Building Phase",
      rc == 0 and "turn-structure-56: special-build" in out and "special-build-order: any" in out,
      out[:400])
check("five players: the window and the win are entries",
      "{player: orange, end: build}  # five-players.soclog:49" in out
      and "{player: orange, claim: win" in out, out[-900:])
with tempfile.TemporaryDirectory() as tmp:
    # Without the victory point card orange never reaches the target: the result is wrong.
    path = os.path.join(tmp, "nocard.soclog")
    with open(path, "w") as f:
        f.write(open(five).read().replace("DRAW|cardType=5", "DRAW|cardType=9"))
    rc, out, err = run("check", path)
    check("five players: a knight instead of the VP card makes the claim illegal",
          rc == 1 and "nocard.soclog:56:1: error[WIN-04]" in out and "action 32" in out, out + err)

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
