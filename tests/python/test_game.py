"""catan_referee.Game on replay::Session: a log played entry by entry gets check's verdicts;
every legal action it lists is accepted by play(); undo() restores the state; malformed
headers and entries raise MalformedLog with the position; state() is a
catan-referee-state/2 document equal to show --format json."""
import json
import os

import pytest
import yaml

import catan_referee
from conftest import ILLEGAL, LEGAL, SOURCE_DIR


def split(path):
    """(header text, entries) of a one-game log whose header keys precede `actions`. The
    header goes to Game as the file's text; the entries, read with PyYAML, as dicts."""
    with open(path, encoding="utf-8") as f:
        header, actions = f.read().split("\nactions:\n")
    return header + "\n", yaml.safe_load("actions:\n" + actions)["actions"]


def test_a_legal_game_played_entry_by_entry():
    header, entries = split(LEGAL)
    game = catan_referee.Game(header)
    assert game.header_error is None
    assert game.players == ["red", "blue", "white", "orange"]
    for i, entry in enumerate(entries, 1):
        verdict = game.play(entry, effects=i == len(entries))
        assert verdict.ok and verdict.kind == "ok" and verdict.action == i, (i, entry, verdict.error)
    assert game.entries == len(entries)
    winner = catan_referee.check(LEGAL)[0].winner
    assert winner and verdict.effects["winner"] == winner
    assert game.legal_actions() == [f"{{player: {winner}, claim: win}}"]  # all that is left


def test_the_illegal_entry_gets_checks_verdict_and_changes_nothing():
    header, entries = split(ILLEGAL)
    expected = catan_referee.check(ILLEGAL).error
    game = catan_referee.Game(header, file="live.yaml")
    for entry in entries[:expected.action - 1]:
        assert game.play(entry).ok
    before = game.state()
    verdict = game.play(entries[expected.action - 1])
    assert (verdict.kind, bool(verdict), verdict.action) == ("illegal", False, expected.action)
    assert verdict.error.rule == expected.rule == "ROBBER-01"
    assert verdict.error.message == expected.message
    assert game.entries == expected.action - 1 and game.state() == before


def test_every_listed_legal_action_is_accepted_and_undone():
    header, entries = split(LEGAL)
    game = catan_referee.Game(header)
    positions = 0
    for i, entry in enumerate(entries[:80]):
        if i % 8 == 0:
            before = game.state()
            actions = game.legal_actions()
            assert actions, f"no legal action before entry {i + 1}"
            for action in actions:
                verdict = game.play(action)
                assert verdict.ok, (i, action, verdict.error)
                assert game.undo()
                assert game.state() == before
            positions += 1
        assert game.play(entry).ok
    assert positions == 10


def test_a_player_views_legal_actions_with_the_worlds_that_allow_them():
    """In a spectator's view (hidden steals, buys and discards) every action some
    consistent world allows is listed, with how many worlds allow it; each is accepted, and
    leaves at most that many worlds."""
    with open(LEGAL, encoding="utf-8") as f:
        view = catan_referee.redact(f.read(), "spectator", hide_discards=True)
    header, actions = view.split("\nactions:\n")
    entries = yaml.safe_load("actions:\n" + actions)["actions"]
    game = catan_referee.Game(header + "\n")
    some_undecided = positions = decided_somewhere = 0
    for i, entry in enumerate(entries):
        if i % 9 == 4:
            total = game.consistent_worlds
            pairs = game.legal_action_worlds(as_dicts=True, trades="summary")
            assert [a for a, _ in pairs] == game.legal_actions(as_dicts=True, trades="summary")
            # The state names the same actions (domestic trades aside) that only some
            # worlds allow: what the unseen cards decide.
            undecided = game.state().get("player-view", {}).get("undecided", [])
            expected = [{"entry": a, "worlds": n} for a, n in pairs
                        if n < total and "trade" not in a]
            assert undecided == expected, (i, undecided[:3], expected[:3])
            decided_somewhere += bool(undecided)
            for action, worlds in pairs:
                assert 1 <= worlds <= total, (i, action, worlds, total)
                some_undecided += worlds < total
                assert game.play(action).ok, (i, action)
                assert game.consistent_worlds <= worlds, (i, action)
                assert game.undo()
            assert game.consistent_worlds == total
            positions += 1
        assert game.play(entry).ok, (i, entry)
    assert positions > 10
    assert some_undecided > 0  # some actions depend on unseen cards
    assert decided_somewhere > 0
    complete = catan_referee.Game(split(LEGAL)[0])
    assert complete.consistent_worlds == 1
    assert all(n == 1 for _, n in complete.legal_action_worlds())


def test_legal_actions_as_dicts_with_filters():
    # A JSON client's form: each action a dict, exactly the entry as JSON reads it (what
    # PyYAML reads from the text form), played back as it is; filters by kind and player,
    # and a count.
    header, entries = split(LEGAL)
    game = catan_referee.Game(header)
    checked = 0
    for i, entry in enumerate(entries[:120]):
        if i % 6 == 0:
            texts = game.legal_actions()
            dicts = game.legal_actions(as_dicts=True)
            assert dicts == [yaml.safe_load(t) for t in texts]
            assert all(isinstance(d, dict) and "player" in d for d in dicts)
            assert game.count_legal_actions() == len(dicts)
            for kind in {next(k for k in d if k != "player") for d in dicts}:
                only = game.legal_actions(kind, as_dicts=True)
                assert only == [d for d in dicts if kind in d]
                assert game.count_legal_actions(kind=kind) == len(only)
            for p in game.players:
                assert game.legal_actions(player=p) == [
                    t for t, d in zip(texts, dicts) if d["player"] == p]
            both = game.legal_actions(["road", "settlement"], game.players[0])
            assert both == [t for t, d in zip(texts, dicts)
                            if d["player"] == game.players[0] and ("road" in d or "settlement" in d)]
            before = game.state()
            for d in dicts[:10]:
                assert game.play(d).ok, (i, d)
                assert game.undo() and game.state() == before
            checked += 1
        assert game.play(entry).ok
    assert checked == 20
    with pytest.raises(ValueError, match="kind names entry kinds"):
        game.legal_actions("castle")
    with pytest.raises(ValueError, match="player names a player"):
        game.legal_actions(player="nobody")


def _within(trade, summary):
    t = trade["trade"]
    return (trade["player"], t["with"]) == (summary["player"], summary["with"]) and \
        all(n <= summary["give"].get(r, 0) for r, n in t["give"].items()) and \
        all(n <= summary["get"].get(r, 0) for r, n in t["get"].items())


def test_trade_summaries_cover_every_listed_trade_and_each_is_playable():
    # Domestic trades summarised: every trade legal_actions lists lies within a summary,
    # the logged trades too; a trade drawn at random within a summary is accepted (and
    # taken back); trades="summary" lists none; player filters the proposer.
    import random
    rng = random.Random(3)
    header, entries = split(LEGAL)
    game = catan_referee.Game(header)
    drawn = logged = 0
    for i, entry in enumerate(entries):
        summaries = game.trade_summaries()
        listed = game.legal_actions("trade", as_dicts=True)
        assert all(any(_within(t, s) for s in summaries) for t in listed), i
        assert bool(listed) == bool(summaries), i
        if "trade" in entry:
            bare = {k: v for k, v in entry.items() if k in ("player", "trade")}
            assert any(_within(bare, s) for s in summaries), (i, entry)
            logged += 1
        assert not any("trade" in a for a in game.legal_actions(as_dicts=True, trades="summary"))
        for p in game.players:
            assert game.trade_summaries(p) == [s for s in summaries if s["player"] == p]
        for s in summaries:
            give = {r: rng.randint(0, n) for r, n in s["give"].items()}
            get = {r: rng.randint(0, n) for r, n in s["get"].items() if r not in give or not give[r]}
            give = {r: n for r, n in give.items() if n}
            get = {r: n for r, n in get.items() if n}
            if give and get:
                before = game.state()
                verdict = game.play({"player": s["player"],
                                     "trade": {"with": s["with"], "give": give, "get": get}})
                assert verdict.ok, (i, s, give, get, verdict.error)
                assert game.undo() and game.state() == before
                drawn += 1
            # Past the hands is refused: one card more than the proposer holds.
            r, n = next(iter(s["give"].items()))
            other = next(x for x in ("lumber", "brick", "wool", "grain", "ore") if x != r)
            too_many = {"player": s["player"],
                        "trade": {"with": s["with"], "give": {r: n + 1}, "get": {other: 1}}}
            assert not game.play(too_many).ok
        assert game.play(entry).ok
    assert drawn > 50 and logged > 0, (drawn, logged)
    with pytest.raises(ValueError, match="trades is"):
        game.legal_actions(trades="some")


def test_a_new_game_from_a_board_name(cli):
    # The header asks for a board: {"random": N} makes generate --header-only's board of
    # seed N; "standard" draws a seed. The board made is returned in full.
    header = {"format": "catan-log/1", "players": ["red", "blue", "white", "orange"]}
    game = catan_referee.Game(dict(header, board={"random": 42}))
    assert game.header_error is None and game.board_seed == 42
    status, written = cli("generate", "--header-only", "--seed", "42")
    assert status == 0 and game.board == yaml.safe_load(written)["board"]
    assert game.play(game.legal_actions(as_dicts=True)[0]).ok
    drawn = catan_referee.Game(dict(header, board="standard"))
    assert isinstance(drawn.board_seed, int) and drawn.board["hexes"]
    assert catan_referee.Game(header | {"board": {"random": drawn.board_seed}}).board == drawn.board
    given = catan_referee.Game(written)
    assert given.board_seed is None and given.board == game.board
    with pytest.raises(catan_referee.MalformedLog, match="a board to be made is"):
        catan_referee.Game(dict(header, board={"random": "x"}))


def test_state_is_catan_referee_state_2_as_show_prints_it(cli):
    header, entries = split(LEGAL)
    game = catan_referee.Game(header)
    for entry in entries[:30]:
        assert game.play(entry).ok
    state = game.state()
    assert state["format"] == "catan-referee-state/2"
    jsonschema = pytest.importorskip("jsonschema")
    with open(os.path.join(SOURCE_DIR, "schemas", "catan-referee-state-2.schema.json")) as f:
        jsonschema.Draft202012Validator(json.load(f)).validate(state)
    red = state["players"][0]
    assert red["name"] == "red" and "vp-sources" in red and "road-length" in red
    # Places are the log's arrays: [q, r, "N"|"S"] corners, [q, r, "NE"|"E"|"SE"] paths.
    assert red["settlements"] and all(isinstance(c, list) and c[2] in ("N", "S")
                                      for c in red["settlements"] + red["cities"])
    assert all(r[2] in ("NE", "E", "SE") for r in red["roads"])
    assert isinstance(state["robber"], list) and len(state["robber"]) == 2
    status, shown = cli("show", LEGAL, "--at", "30", "--format", "json")
    assert status == 0
    shown = json.loads(shown)
    assert {k: v for k, v in shown.items() if k != "title"} == \
        {k: v for k, v in state.items() if k != "title"}


def test_undo_and_effects():
    header, entries = split(LEGAL)
    game = catan_referee.Game(header)
    assert game.undo() is False  # nothing to take back
    start = game.state()
    assert start["format"] == "catan-referee-state/2"
    first = game.play(entries[0], effects=True)
    assert first.ok and set(first.effects["vp"]) == {"red", "blue", "white", "orange"}
    assert game.undo() and game.state() == start and game.entries == 0
    for entry in entries:  # the first roll pays production, which the effects show
        verdict = game.play(entry, effects=True)
        if "roll" in entry and any(verdict.effects["gained"].values()):
            break
    else:
        pytest.fail("no roll paid anything")


def test_malformed_header_and_entry_raise_with_the_position():
    with pytest.raises(catan_referee.MalformedLog) as e:
        catan_referee.Game("format: catan-log/1\nplayers: [red, blue, white]\nbord: {}\n", file="h.yaml")
    assert e.value.file == "h.yaml" and e.value.line > 0 and e.value.column > 0
    header, entries = split(LEGAL)
    game = catan_referee.Game(header)
    with pytest.raises(catan_referee.MalformedLog) as e:
        game.play("{player: red, settle: [0, 0, N], colour: blue}")
    assert e.value.line == 1 and e.value.column > 0
    assert game.entries == 0 and game.play(entries[0]).ok  # still playable


def test_an_illegal_header_refuses_every_entry():
    header, entries = split(LEGAL)
    assert "  robber: [-1, 2]\n" in header
    bad = header.replace("  robber: [-1, 2]\n", "  robber: [0, 0]\n")  # BOARD-01: not the desert
    game = catan_referee.Game(bad)
    assert game.header_error is not None and game.header_error.rule == "BOARD-01"
    verdict = game.play(entries[0])
    assert verdict.kind == "header" and not verdict.ok


@pytest.mark.parametrize("sample", ["legal-five-six-special-build.yaml", "legal-six-paired.yaml"])
def test_five_six_games_play_and_list_their_windows(sample):
    """Five and six players (RULES-5-6.md): the sample plays entry by entry; in a Special
    Build Phase or player 2's phase the legal actions include other players' entries, and
    each one listed is accepted and undone."""
    header, entries = split(os.path.join(SOURCE_DIR, "samples", sample))
    game = catan_referee.Game(header)
    assert game.header_error is None
    others = 0
    for i, entry in enumerate(entries, 1):
        state = game.state()
        actions = game.legal_actions()
        assert actions, f"no legal action before entry {i}"
        active = state["active"] if "active" in state else None
        for action in actions:
            if active and f"player: {active}," not in action:
                others += 1
        if i % 5 == 0:
            for action in actions[:60]:
                assert game.play(action).ok, (i, action)
                game.undo()
            assert game.state() == state
        assert game.play(entry).ok, (i, entry)
    assert others > 0


def test_generate_five_and_six_players_under_both_turn_structures():
    for players in (5, 6):
        for structure in ("paired", "special-build"):
            text = catan_referee.generate(3, players, rules=[f"turn-structure-56={structure}"])
            report = catan_referee.check_text(text)
            assert report[0].status == "legal" and report[0].winner, (players, structure)
    with pytest.raises(ValueError):
        catan_referee.generate(1, 7)
