"""The module on par with the CLI: generate, redact, svg and report_html return what
`catan-referee generate`, `redact`, `show --format svg` and `report --out -` write for the
same input, byte for byte; import_log imports every format of the registry as `import`."""
import glob
import os
import re
import subprocess

import pytest

import catan_referee
from conftest import ILLEGAL, LEGAL, SOURCE_DIR

FIXTURE = os.path.join(SOURCE_DIR, "tests", "fixtures", "jsettlers", "fixture.soclog")
REALGAMES = os.environ.get("CATAN_REALGAMES_DIR") or os.path.join(SOURCE_DIR, "..", "shared",
                                                                   "realgames")


def cli_bytes(*args, stdin=None):
    """`catan-referee ARGS...` with `stdin` (text) on its standard input: (status, stdout,
    stderr), as text."""
    exe = os.environ.get("CATAN_REFEREE")
    if not exe:
        pytest.skip("CATAN_REFEREE (the CLI to compare with) is not set")
    p = subprocess.run([exe, *args], input=stdin, capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


# generate

@pytest.mark.parametrize("args, kwargs", [
    (["--seed", "5"], dict(seed=5)),
    (["--seed", "11", "--players", "3", "--expect-every", "0"],
     dict(seed=11, players=3, expect_every=0)),
    (["--seed", "2", "--trade-bias", "2.5", "--build-bias", "0.5", "--rule",
      "profile=catan-5e"], dict(seed=2, trade_bias=2.5, build_bias=0.5,
                                rules={"profile": "catan-5e"})),
    (["--seed", "9", "--header-only"], dict(seed=9, header_only=True)),
])
def test_generate_is_the_cli_s_output(args, kwargs):
    status, out, _ = cli_bytes("generate", *args)
    assert status == 0
    assert catan_referee.generate(**kwargs) == out


def test_generate_several_games_is_a_list():
    status, out, _ = cli_bytes("generate", "--seed", "3", "--count", "3", "--players", "3",
                               "--header-only")
    assert status == 0
    games = catan_referee.generate(3, 3, count=3, header_only=True)
    assert isinstance(games, list) and len(games) == 3
    assert "---\n".join(games) == out
    assert games[1] == catan_referee.generate(seed=4, players=3, header_only=True)
    # A generated game is legal, and a header starts a live game.
    assert catan_referee.check(catan_referee.generate(seed=5)).status == "legal"
    assert catan_referee.Game(games[0]).players == ["red", "blue", "white"]


@pytest.mark.parametrize("kwargs", [dict(players=7), dict(players=2), dict(count=0), dict(trade_bias=11),
                                    dict(expect_every=-1), dict(rules=["no-such-key=1"]),
                                    dict(rules=["nokeyvalue"])])
def test_generate_refuses_what_the_cli_refuses(kwargs):
    with pytest.raises(ValueError):
        catan_referee.generate(**kwargs)


# redact

@pytest.mark.parametrize("view, flags", [("red", []), ("blue", ["--hide-discards"]),
                                         ("spectator", ["--dice", "sum"]),
                                         ("white", ["--hide-discards", "--dice", "sum"])])
def test_redact_is_the_cli_s_output(view, flags):
    status, out, _ = cli_bytes("redact", LEGAL, "--view", view, *flags)
    assert status == 0
    kwargs = dict(hide_discards="--hide-discards" in flags,
                  dice="sum" if "sum" in flags else "pair")
    assert catan_referee.redact(LEGAL, view=view, **kwargs) == out
    # A log's text gives the same.
    text = open(LEGAL, encoding="utf-8").read()
    assert catan_referee.redact(text, view, **kwargs) == out


def test_redact_of_an_imported_record_and_its_errors(tmp_path):
    status, out, _ = cli_bytes("redact", FIXTURE, "--view", "spectator")
    assert status == 0
    assert catan_referee.redact(FIXTURE, "spectator") == out
    with pytest.raises(ValueError, match="view names a player"):
        catan_referee.redact(LEGAL, view="nobody")
    with pytest.raises(ValueError, match="dice"):
        catan_referee.redact(LEGAL, view="red", dice="three")
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [a, b\n")
    status, _, err = cli_bytes("redact", str(bad), "--view", "a")
    assert status == 2
    with pytest.raises(catan_referee.MalformedLog) as e:
        catan_referee.redact(str(bad), view="a")
    assert f"{e.value.file}:{e.value.line}:{e.value.column}: error: " in err
    with pytest.raises(FileNotFoundError):
        catan_referee.redact(str(tmp_path / "missing.yaml"), view="a")


# svg (show --format svg)

AT = ["error", "end", "0", "12", "turn:5", "round:2", "line:80"]


@pytest.mark.parametrize("path", [LEGAL, ILLEGAL])
@pytest.mark.parametrize("at", AT)
def test_svg_is_show_s_picture(path, at):
    status, out, _ = cli_bytes("show", path, "--at", at, "--format", "svg")
    assert status in (0, 1)
    picture = catan_referee.svg(path, at=at)
    assert picture.startswith("<svg") or picture.startswith("<?xml")
    assert picture == out


def test_svg_options_and_text():
    status, out, _ = cli_bytes("show", ILLEGAL, "--at", "7", "--format", "svg", "--coords")
    assert status == 0
    assert catan_referee.svg(ILLEGAL, at=7, coords=True) == out
    # A log's text, named as the CLI names standard input.
    text = open(ILLEGAL, encoding="utf-8").read()
    status, out, _ = cli_bytes("show", "-", "--format", "svg", stdin=text)
    assert catan_referee.svg(text, file="<stdin>") == out
    status, out, _ = cli_bytes("show", FIXTURE, "--at", "end", "--format", "svg")
    assert status == 0
    assert catan_referee.svg(FIXTURE, at="end") == out


def test_svg_and_report_colors_are_the_clis():
    status, out, _ = cli_bytes("show", ILLEGAL, "--format", "svg", "--colors",
                               "blue=green,red=#123abc")
    assert status == 1
    assert catan_referee.svg(ILLEGAL, colors={"blue": "green", "red": "#123abc"}) == out
    assert 'fill="#009E73"' in out and 'fill="#123ABC"' in out
    # By default a player named after a colour is drawn in it.
    assert 'fill="#0072B2"' in cli_bytes("show", ILLEGAL, "--format", "svg")[1]
    page = catan_referee.report_html(LEGAL, colors={"white": "black"})
    assert '["white","#000000"' in page
    with pytest.raises(ValueError, match="teal"):
        catan_referee.svg(ILLEGAL, colors={"blue": "teal"})
    with pytest.raises(TypeError):
        catan_referee.svg(ILLEGAL, colors="blue=green")


def test_svg_errors():
    with pytest.raises(ValueError, match="turn:T"):
        catan_referee.svg(LEGAL, at="turn:zero")
    with pytest.raises(ValueError, match="no game 2"):
        catan_referee.svg(LEGAL, game=2)
    with pytest.raises(catan_referee.MalformedLog) as e:
        catan_referee.svg("players: [a, b\nboard: 1\n")
    assert e.value.file == "<string>" and e.value.line >= 1


# report_html (report --out -)

def same_page(ours, theirs):
    """The module's page is the CLI's, except where each found the rules reference: an
    installed package (tests/python_install) finds its own prefix's copy, the CLI in the
    build tree the source's; both name a rules.md."""
    where = re.compile(r"installed as ([^)\n]*rules\.md)\)")
    for page in (ours, theirs):
        for path in where.findall(page):
            assert path.endswith("rules.md")
    return where.sub("installed as RULES)", ours) == where.sub("installed as RULES)", theirs)


@pytest.mark.parametrize("path", [LEGAL, ILLEGAL, FIXTURE])
def test_report_html_is_the_cli_s_page(path):
    status, out, _ = cli_bytes("report", path, "--out", "-")
    assert status in (0, 1)
    page = catan_referee.report_html(path)
    assert page.startswith("<!DOCTYPE html>")
    assert same_page(page, out)


def test_report_html_options_and_text():
    status, out, _ = cli_bytes("report", LEGAL, "--out", "-", "--at", "turn:3", "--rule",
                               "bank-shortage=strict")
    assert status == 0
    assert same_page(catan_referee.report_html(LEGAL, at="turn:3",
                                               rules={"bank-shortage": "strict"}), out)
    text = open(ILLEGAL, encoding="utf-8").read()
    status, out, _ = cli_bytes("report", "-", "--out", "-", stdin=text)
    assert status == 1
    assert same_page(catan_referee.report_html(text, file="<stdin>"), out)
    with pytest.raises(ValueError, match="max_entries"):
        catan_referee.report_html(LEGAL, max_entries=10)


def test_report_html_of_a_file_of_several_games(tmp_path):
    many = tmp_path / "many.yaml"
    many.write_text("---\n".join(catan_referee.generate(seed=1, count=2, header_only=True)))
    with pytest.raises(ValueError, match="2 games"):
        catan_referee.report_html(str(many))
    status, _, _ = cli_bytes("report", str(many), "--out", str(tmp_path / "r.html"))
    assert status == 0
    with open(tmp_path / "r-game-2.html", encoding="utf-8") as f:
        assert same_page(catan_referee.report_html(str(many), game=2), f.read())


# import_log: every registered format

# A record of each format: the project's own fixture, or a real record of the shared folder
# (never copied into the tree). A format added to the registry needs a sample here.
SAMPLES = {
    "jsettlers": [FIXTURE],
    "catanatron": ["catanatron-json/*.json"],
    "catanlogs": ["catanlogs/*.catan"],
    "stac": ["stac/sample.soclog"],
}


@pytest.mark.parametrize("fmt", catan_referee.IMPORT_FORMATS)
def test_import_log_reads_every_registered_format(fmt):
    status, out, _ = cli_bytes("import", "--list-formats")
    assert fmt in out.split()
    assert fmt in SAMPLES, f"no sample record of the format {fmt} for this test"
    files = [p for pattern in SAMPLES[fmt]
             for p in ([pattern] if os.path.isabs(pattern)
                       else sorted(glob.glob(os.path.join(REALGAMES, pattern))))]
    if not files:
        pytest.skip(f"no real record of {fmt} under {REALGAMES}")
    path = min(files, key=os.path.getsize)
    status, out, _ = cli_bytes("import", "--from", fmt, path)
    assert status == 0
    for name in (fmt, "auto"):
        games = catan_referee.import_log(path, name)
        assert games and all(g.format == fmt for g in games)
        assert "---\n".join(g.text for g in games) == out
    # The record, the format named: every format of the registry also reads in svg and
    # report_html (the same front end).
    status, out, _ = cli_bytes("show", path, "--from", fmt, "--at", "end", "--format", "svg")
    assert catan_referee.svg(path, at="end", fmt=fmt) == out
