"""The module's entry points on random input (hypothesis, Debian's python3-hypothesis):
check_text, check on files of random bytes, import_log of random text in every format,
Game.play with random entries, redact, svg with random `at=`, generate with random
arguments. Only Python exceptions may come out (MalformedLog, ValueError, OSError,
TypeError, ...), never a crash of the interpreter. Derandomized and bounded, so that the
suite stays fast and a failure repeats."""
import os
import tempfile

import pytest

# Hypothesis keeps a cache (and, unless told otherwise, its examples) in .hypothesis of the
# current folder: here a temporary folder instead, so that no run leaves files behind.
_HOME = tempfile.TemporaryDirectory(prefix="catan-hypothesis-")
os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", _HOME.name)
hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

import catan_referee  # noqa: E402
from conftest import ILLEGAL, LEGAL  # noqa: E402

# What the module may raise on bad input: MalformedLog and UnicodeError are ValueErrors.
ALLOWED = (ValueError, OSError, TypeError, KeyError, IndexError, OverflowError)

FAST = settings(max_examples=200, derandomize=True, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=40, derandomize=True, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])

HEADER = catan_referee.generate(seed=7, header_only=True)
with open(LEGAL, encoding="utf-8") as f:
    LEGAL_TEXT = f.read()

# Log-like text: pieces of a real log, YAML punctuation and odd characters, so that the
# reader gets past its first line more often than with plain random text.
PIECES = [line + "\n" for line in LEGAL_TEXT.splitlines()[:120]] + [
    "{", "}", "[", "]", ":", "- ", "---\n", "...\n", "&a ", "*a", "!!str ", "'", '"', "#",
    "\t", "\x00", "\ufeff", "é", "players: [red, blue, white]\n", "actions:\n",
    "board: {random: 3}\n", "- {player: red, roll: [3, 4]}\n", "game: {id: x}\n"]
LOGLIKE = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)
TEXT = st.one_of(st.text(max_size=300), LOGLIKE)


def survives(f, *args, **kwargs):
    """Calls f; a Python exception of ALLOWED is fine, anything else fails the test (and a
    crash ends the interpreter, failing the run)."""
    try:
        return f(*args, **kwargs)
    except ALLOWED:
        return None


@pytest.fixture(scope="module")
def workdir():
    with tempfile.TemporaryDirectory() as d:
        yield d


@FAST
@given(TEXT)
def test_check_text(text):
    report = survives(catan_referee.check_text, text)
    if report is not None:
        assert report.status in ("legal", "incomplete", "illegal", "malformed", "unsupported",
                                 "empty")
        report.to_json()
        _ = report.text


@FAST
@given(st.one_of(st.binary(max_size=400), TEXT.map(lambda t: t.encode("utf-8", "replace"))),
       st.sampled_from([".yaml", ".json", ".jsonl", ".soclog", ".catan", ".txt"]))
def test_check_on_files_of_random_bytes(workdir, data, ending):
    path = os.path.join(workdir, "random" + ending)
    with open(path, "wb") as f:
        f.write(data)
    report = survives(catan_referee.check, path)
    if report is not None:
        report.to_json()
    survives(catan_referee.check, path, keep_going=True, require_assertions="all", strict=True)


@FAST
@given(st.one_of(st.text(max_size=400), LOGLIKE, st.binary(max_size=300).map(
    lambda b: b.decode("latin-1"))),
       st.sampled_from(("auto",) + catan_referee.IMPORT_FORMATS),
       st.one_of(st.none(), st.integers(-2, 7)))
def test_import_log_of_random_text_in_every_format(workdir, text, fmt, view):
    path = os.path.join(workdir, "record")
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)
    games = survives(catan_referee.import_log, path, fmt, view)
    for game in games or []:
        survives(catan_referee.check, game)


ENTRY_KEYS = ["roll", "build", "road", "settlement", "city", "buy", "play", "robber", "steal",
              "discard", "trade", "bank", "end", "gains", "takes", "expect", "hidden", "cards"]
VALUE = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10, 60), st.sampled_from(
        ["red", "blue", "white", "orange", "N", "NE", "SE", "S", "SW", "NW", "E", "W", "brick",
         "wool", "ore", "grain", "lumber", "knight", "turn", "settlement", "road"]),
        st.text(max_size=8)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.sampled_from(ENTRY_KEYS + ["give", "get"]),
                                            inner, max_size=3)),
    max_leaves=8)
ENTRY = st.one_of(
    st.builds(lambda p, k, v: {"player": p, k: v},
              st.sampled_from(["red", "blue", "white", "orange", "nobody"]),
              st.sampled_from(ENTRY_KEYS), VALUE),
    st.dictionaries(st.sampled_from(ENTRY_KEYS + ["player"]), VALUE, max_size=3),
    TEXT)


@FAST
@given(st.lists(st.one_of(ENTRY, st.just("legal"), st.just("undo")), max_size=25),
       st.booleans())
def test_game_play_with_random_entries(entries, keep_going):
    game = catan_referee.Game(HEADER, keep_going=keep_going)
    for entry in entries:
        if entry == "legal":  # a legal action now, so that games get past the set-up
            actions = game.legal_actions(as_dicts=True)
            if actions:
                assert game.play(actions[len(actions) // 2]).ok
            continue
        if entry == "undo":
            game.undo()
            continue
        verdict = survives(game.play, entry, effects=True)
        if verdict is not None:
            assert verdict.kind in ("ok", "illegal", "unjudged", "header", "deviation")
    game.state()
    game.count_legal_actions()
    survives(game.legal_actions, "road", "red")


@FAST
@given(TEXT, st.one_of(st.sampled_from(["red", "blue", "spectator", ""]), st.text(max_size=10)),
       st.booleans(), st.sampled_from(["pair", "sum", "dice"]))
def test_redact(text, view, hide_discards, dice):
    survives(catan_referee.redact, text if "\n" in text else text + "\n", view,
             hide_discards=hide_discards, dice=dice)


AT = st.one_of(
    st.sampled_from(["error", "end", "", "turn:", "round:0", "line:-1", "-1", "1e3",
                     "99999999999999999999", "turn:99999", "round:100001", "line:1073741825"]),
    st.integers(-5, 5000),
    st.builds(lambda k, n: f"{k}:{n}", st.sampled_from(["turn", "round", "line", "action"]),
              st.integers(-3, 3000)),
    st.text(max_size=12), st.none(), st.floats(allow_nan=True))


@SLOW
@given(AT, st.sampled_from([LEGAL, ILLEGAL]), st.one_of(st.none(), st.integers(-1, 3)))
def test_svg_with_random_at(at, path, game):
    picture = survives(catan_referee.svg, path, at=at, game=game)
    if picture is not None:
        assert "<svg" in picture


@SLOW
@given(TEXT, AT)
def test_svg_and_report_html_of_random_text(text, at):
    text = text if "\n" in text else text + "\n"
    survives(catan_referee.svg, text, at=at)
    survives(catan_referee.report_html, text, at=at, max_entries=200)


@SLOW
@given(st.integers(-3, 2**64 + 3), st.integers(0, 6), st.one_of(st.none(), st.integers(-1, 2)),
       st.floats(allow_nan=True, allow_infinity=True), st.integers(-2, 2000),
       st.lists(st.sampled_from(["profile=catan-5e", "bank-shortage=strict", "x=y", "=",
                                 "profile=", "bank-shortage"]), max_size=2))
def test_generate_with_random_arguments(seed, players, count, bias, expect_every, rules):
    texts = survives(catan_referee.generate, seed, players, count, header_only=True,
                     trade_bias=bias, expect_every=expect_every, rules=rules)
    if texts is not None:
        assert isinstance(texts, str if count is None else list)
