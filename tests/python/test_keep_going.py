"""catan_referee.check(..., keep_going=True): every deviation of a game, as
`check --keep-going` reports it; the first deviation and the verdict as without it."""
import json
import os
import pickle

import catan_referee
from conftest import SAMPLES

MULTI = os.path.join(SAMPLES, "illegal-TURN-01-keep-going-three-deviations.yaml")


def test_every_deviation_with_what_it_may_follow_from():
    report = catan_referee.check(MULTI, keep_going=True)
    game = report[0]
    assert (game.status, report.exit_status) == ("illegal", 1)
    assert (game.error.rule, game.error.action, game.error.line) == ("TURN-01", 19, 77)
    got = [(d.rule, d.action, d.line, d.follows_action, d.follows_rule) for d in game.deviations]
    assert got == [("BUILD-02", 20, 78, 19, "TURN-01"), ("WIN-01", 21, 79, 19, "TURN-01"),
                   ("TURN-02", 23, 81, 0, None)]
    assert any(label == "may follow from" for label, _ in game.deviations[0].notes)
    assert any(label == "not applied" for label, _ in game.deviations[2].notes)
    kg = game.keep_going
    assert (kg["deviations"], kg["replayed"], kg["stopped_at"]) == (4, 24, None)
    assert kg["after_first"] == [("keep-going",
                                  "white was taken as the active player (instead of blue)")]
    assert "keep-going: 4 deviation(s), replayed to the end" in game.text


def test_without_keep_going_the_first_deviation_is_the_same():
    plain = catan_referee.check(MULTI)[0]
    going = catan_referee.check(MULTI, keep_going=True)[0]
    assert plain.deviations == [] and plain.keep_going is None
    assert str(plain.error) == str(going.error)
    assert (plain.status, plain.checked) == (going.status, going.checked)
    assert going.error.follows_action == 0 and going.error.follows_rule is None


def test_json_and_pickle_are_the_clis(cli):
    status, out = cli("check", "--format", "json", "--keep-going", MULTI)
    report = catan_referee.check(MULTI, keep_going=True)
    assert status == report.exit_status == 1
    assert json.loads(report.to_json())["games"] == json.loads(out)["games"]
    assert json.loads(report.to_json())["summary"]["deviations"] == 4
    again = pickle.loads(pickle.dumps(report))
    assert again.to_json() == report.to_json()
    assert [d.follows_action for d in again[0].deviations] == [19, 19, 0]


def test_text_input_and_legal_games():
    with open(MULTI, encoding="utf-8") as f:
        text = f.read()
    game = catan_referee.check(text, keep_going=True, file="m.yaml")[0]
    assert [d.line for d in game.deviations] == [78, 79, 81]
    legal = catan_referee.check(os.path.join(SAMPLES, "legal-opening.yaml"), keep_going=True)
    assert legal[0].keep_going is None and legal[0].deviations == []
    assert json.loads(legal.to_json())["summary"]["deviations"] == 0


def _split(path):
    with open(path, encoding="utf-8") as f:
        header, actions = f.read().split("\nactions:\n")
    import yaml
    return header + "\n", yaml.safe_load("actions:\n" + actions)["actions"]


def _deviations(game):
    return [(d.rule, d.action, d.follows_action) for d in [game.error] + list(game.deviations)]


def test_a_live_game_with_keep_going_plays_every_deviation_on():
    header, entries = _split(MULTI)
    game = catan_referee.Game(header, keep_going=True)
    kinds, live = [], []
    for entry in entries:
        verdict = game.play(entry)
        kinds.append(verdict.kind)
        assert verdict.kind in ("ok", "deviation"), (verdict.kind, verdict.error)
        assert bool(verdict) == (verdict.kind == "ok")
        if verdict.kind == "deviation":
            assert verdict.deviations and str(verdict.error) == str(verdict.deviations[0])
            live += [(d.rule, d.action, d.follows_action) for d in verdict.deviations]
        else:
            assert verdict.deviations == []
    assert game.entries == len(entries)  # nothing refused
    assert live == _deviations(catan_referee.check(MULTI, keep_going=True)[0])
    assert kinds.count("deviation") == 4
    # Without keep_going the first deviation is refused and the game stays before it.
    plain = catan_referee.Game(header)
    for entry in entries[:18]:
        assert plain.play(entry).ok
    assert plain.play(entries[18]).kind == "illegal" and plain.entries == 18


def test_a_live_player_view_with_keep_going_goes_on_in_its_worlds():
    # A spectator's view (hidden steals and purchases): check --keep-going follows it in the
    # consistent worlds past its first deviation, and a live game with keep_going says the
    # same, entry by entry; without keep_going the live game refuses the entry instead.
    view = os.path.join(SAMPLES, "illegal-ROBBER-01-view-keep-going-count-adopted.yaml")
    report = catan_referee.check(view, keep_going=True)[0]
    assert report.keep_going["stopped_at"] is None
    assert _deviations(report) == [("ROBBER-01", 188, 0), ("COMP-05", 190, 188)]
    header, entries = _split(view)
    assert any("hidden" in json.dumps(e) for e in entries[:187])
    game = catan_referee.Game(header, keep_going=True)
    live = []
    for entry in entries:
        verdict = game.play(entry)
        assert verdict.kind in ("ok", "deviation"), (verdict.kind, verdict.error)
        live += [(d.rule, d.action, d.follows_action) for d in verdict.deviations]
    assert live == _deviations(report)
    plain = catan_referee.Game(header)
    for entry in entries[:187]:
        assert plain.play(entry).ok
    assert plain.play(entries[187]).kind == "illegal" and plain.entries == 187
