"""catan_referee.import_log: records of other programs (JSettlers2 .soclog, catanatron JSON,
catanlogs .catan) imported as `catan-referee import` does; each game checked as
`check --from` checks it and replayed entry by entry through Game(header).play(entry).
The real records are read from ../shared/realgames next to the source tree (never copied
here), or from $CATAN_REALGAMES_DIR; those tests skip when it is absent (pytest -rs, as
tests/CMakeLists.txt runs it, prints why)."""
import glob
import json
import os
import re
import subprocess

import pytest

import catan_referee
from conftest import SOURCE_DIR

FIXTURE = os.path.join(SOURCE_DIR, "tests", "fixtures", "jsettlers", "fixture.soclog")
REALGAMES = os.environ.get("CATAN_REALGAMES_DIR") or os.path.join(SOURCE_DIR, "..", "shared",
                                                                   "realgames")


def realgames(folder, pattern):
    files = sorted(glob.glob(os.path.join(REALGAMES, folder, pattern)))
    if not files:
        pytest.skip(f"no real records: {os.path.join(REALGAMES, folder, pattern)} is absent")
    return files


def cli_games(cli, fmt, path):
    """The games of `check --from FMT PATH --format json`, and its exit status."""
    status, out = cli("check", "--from", fmt, path, "--format", "json")
    return status, json.loads(out)["games"]


def without_summary(report_json):
    """A JSON report without the assertion summary by kind, which `check --from` prints for
    imported games even without --require-assertions (the module never does)."""
    doc = json.loads(report_json)
    for game in doc["games"]:
        game.pop("assertions", None)
    return doc


def same(report, cli_json):
    return json.loads(report.to_json()) == without_summary(cli_json)


def replay(game):
    """Plays every entry of an imported game through Game(header); the last verdict."""
    live = catan_referee.Game(game.header, file=game.file)
    assert live.header_error is None
    assert live.players == game.players
    entries = game.entries
    verdict = None
    for i, entry in enumerate(entries, 1):
        verdict = live.play(entry, effects=i == len(entries))
        assert verdict.ok, (game.file, i, entry, verdict.error and str(verdict.error))
    assert live.entries == len(entries)
    return verdict


def test_the_fixture_imports_as_import_writes_it(cli):
    games = catan_referee.import_log(FIXTURE)
    assert len(games) == 1
    game = games[0]
    assert game.format == "jsettlers" and game.file == FIXTURE and game.game == 1
    status, out = cli("import", FIXTURE)
    assert status == 0 and game.text == out
    assert len(game) == len(game.entries) == len(game.source_lines) > 0
    # Each entry names the line of the .soclog it was made from, as import's comments do.
    for entry, line in zip(game.entries, game.source_lines):
        assert f"  - {entry}  # fixture.soclog:{line}\n" in out
    assert catan_referee.import_log(FIXTURE, "jsettlers")[0].text == game.text


def test_the_fixture_is_checked_as_check_from_checks_it(cli):
    games = catan_referee.import_log(FIXTURE)
    report = catan_referee.check(games)
    _, expected = cli("check", "--from", "jsettlers", FIXTURE, "--format", "json")
    assert same(report, expected)
    assert same(catan_referee.check(games[0]), expected)
    # check(path) imports a record of another program, as check --from auto does.
    assert same(catan_referee.check(FIXTURE), cli("check", FIXTURE, "--format", "json")[1])
    assert catan_referee.check(FIXTURE).to_json() == report.to_json()


def test_the_fixture_replays_entry_by_entry_through_game(cli):
    game = catan_referee.import_log(FIXTURE)[0]
    _, [expected] = cli_games(cli, "jsettlers", FIXTURE)
    # The fixture ends before anyone wins: every entry legal, no winner.
    assert expected["status"] == "incomplete" and expected["winner"] is None
    verdict = replay(game)
    assert verdict.effects["winner"] is None and game.winner is None
    # Game also takes the imported game itself: positions then name the .soclog.
    live = catan_referee.Game(game)
    assert all(live.play(entry).ok for entry in game.entries)


def test_a_file_of_no_known_format_raises_naming_the_formats(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("hello\nworld\n")
    with pytest.raises(catan_referee.MalformedLog) as e:
        catan_referee.import_log(path)
    assert (e.value.file, e.value.line, e.value.column) == (str(path), 1, 1)
    for name in ("jsettlers", "catanatron", "catanlogs"):
        assert name in str(e.value)
    assert str(e.value).startswith(f"{path}:1:1: ")


def test_every_import_problem_is_raised_with_its_position(tmp_path):
    # Two broken messages of the fixture: both are reported, each with its line.
    lines = open(FIXTURE, encoding="utf-8").read().splitlines(keepends=True)
    broken = [i for i, l in enumerate(lines) if ":SOCDiceResult:" in l][:2]
    assert len(broken) == 2
    for i in broken:
        lines[i] = lines[i].replace("|param=", "|param=x")
    path = tmp_path / "broken.soclog"
    path.write_text("".join(lines))
    with pytest.raises(catan_referee.MalformedLog) as e:
        catan_referee.import_log(path)
    assert len(e.value.problems) >= 2
    assert {i + 1 for i in broken} <= {p.line for p in e.value.problems}
    message = str(e.value).splitlines()
    assert len(message) == len(e.value.problems)
    for text, problem in zip(message, e.value.problems):
        assert text == f"{path}:{problem.line}:{problem.column}: {problem.message}"
        assert problem.line > 0 and problem.column > 0
    assert e.value.line == broken[0] + 1
    # check(path) reports the same record as one malformed game, as check does.
    report = catan_referee.check(str(path))
    assert report.status == "malformed" and report.error.line == broken[0] + 1


def test_a_format_that_is_not_the_files_raises(tmp_path):
    with pytest.raises(catan_referee.MalformedLog) as e:
        catan_referee.import_log(FIXTURE, "catanatron")
    assert e.value.file == FIXTURE and e.value.line >= 1


def test_import_formats_are_the_registry(cli):
    # The module's list is the CLI's (import --list-formats), aliases included.
    status, out = cli("import", "--list-formats", "--format", "json")
    assert status == 0
    listed = json.loads(out)
    assert catan_referee.IMPORT_FORMATS == tuple(f["name"] for f in listed)
    assert catan_referee.LOG_EXTENSIONS[:4] == (".yaml", ".yml", ".json", ".jsonl")
    for f in listed:
        assert set(f["extensions"]) <= set(catan_referee.LOG_EXTENSIONS)
    [game] = catan_referee.import_log(FIXTURE, "soclog")  # an alias of jsettlers
    assert game.format == "jsettlers"


def test_bad_arguments_are_value_errors():
    with pytest.raises(ValueError, match=", ".join(catan_referee.IMPORT_FORMATS)):
        catan_referee.import_log(FIXTURE, "no-such-format")
    with pytest.raises(ValueError, match="seat"):
        catan_referee.import_log(FIXTURE, view=9)
    with pytest.raises(FileNotFoundError):
        catan_referee.import_log(os.path.join(SOURCE_DIR, "no-such-file.soclog"))


def cli_import_stderr(*args):
    """`catan-referee import ARGS...`: (exit status, standard error lines)."""
    exe = os.environ.get("CATAN_REFEREE")
    if not exe:
        pytest.skip("CATAN_REFEREE (the CLI to compare with) is not set")
    p = subprocess.run([exe, "import", *args], capture_output=True, text=True, timeout=300)
    return p.returncode, p.stderr.splitlines()


PROBLEM = re.compile(r"(.*):(\d+):(\d+): error: (.*)")


def test_import_and_import_log_give_the_same_problems(tmp_path, monkeypatch):
    # One front end (replay::read_documents): the same file, the same problems, each with
    # its file, line, column and message, for a file of no known format, a record cut in
    # the middle, a JSON export that is not JSON, and a path that is not there.
    notes = tmp_path / "notes.txt"
    notes.write_text("hello\nworld\n")
    text = open(FIXTURE, encoding="utf-8").read()
    cut = tmp_path / "cut.soclog"
    cut.write_text(text[:len(text) // 2])
    bad_json = tmp_path / "bad.json"
    bad_json.write_text('{"players": [\n')
    for path, fmt in ((notes, "auto"), (cut, "auto"), (bad_json, "catanatron"),
                      (bad_json, "auto")):
        status, lines = cli_import_stderr("--from", fmt, str(path))
        assert status == 2, (path, lines)
        # The record's problems, then (for a record of a known format) how many there were.
        if lines[-1] == f"{path}: not imported ({len(lines) - 1} problem(s))":
            lines = lines[:-1]
        cli_problems = [PROBLEM.fullmatch(l).groups() for l in lines]
        with pytest.raises(catan_referee.MalformedLog) as e:
            catan_referee.import_log(path, fmt)
        assert [(p.file, str(p.line), str(p.column), p.message)
                for p in e.value.problems] == cli_problems, path
        assert str(e.value).splitlines() == [l.replace(": error: ", ": ", 1) for l in lines]
    missing = str(tmp_path / "missing.soclog")
    status, [line] = cli_import_stderr(missing)
    with pytest.raises(FileNotFoundError) as e:
        catan_referee.import_log(missing)
    assert status == 2 and e.value.filename == missing
    assert line == f"{missing}: error: cannot open {missing}: {e.value.strerror}"
    # "-" names a file, not standard input.
    monkeypatch.chdir(tmp_path)
    with pytest.raises(FileNotFoundError):
        catan_referee.import_log("-")
    (tmp_path / "-").write_text("hello\n")
    with pytest.raises(catan_referee.MalformedLog) as e:
        catan_referee.import_log("-")
    assert e.value.file == "-"


def test_catanatron_exports_replay_through_game_as_check_judges_them(cli):
    for path in realgames("catanatron-json", "*.json"):
        [game] = catan_referee.import_log(path, "catanatron")
        assert game.format == "catanatron"
        status, [expected] = cli_games(cli, "catanatron", path)
        assert status == 0 and expected["status"] == "legal", (path, expected)
        verdict = replay(game)
        assert verdict.effects["winner"] == expected["winner"], path
        assert same(catan_referee.check(game),
                    cli("check", "--from", "catanatron", path, "--format", "json")[1])


@pytest.mark.parametrize("folder,pattern,fmt", [("jsettlers-recorded", "*.soclog", "jsettlers"),
                                                ("catanlogs", "*.catan", "catanlogs")])
def test_real_soclog_and_catan_records_import_and_check_as_the_cli(cli, folder, pattern, fmt):
    path = realgames(folder, pattern)[0]
    games = catan_referee.import_log(path)
    assert games and all(g.format == fmt for g in games)
    assert "".join(g.text for g in games) == cli("import", path)[1].replace("---\n", "")
    report = catan_referee.check(games)
    assert same(report, cli("check", "--from", fmt, path, "--format", "json")[1])
    assert catan_referee.check(path).to_json() == report.to_json()


def test_view_imports_what_one_seat_received(cli):
    [game] = catan_referee.import_log(FIXTURE, view=0)
    status, out = cli("import", "--view", "0", FIXTURE)
    assert status == 0 and game.text == out
    assert "\nview: red\n" in game.header
    assert "\nview:" not in catan_referee.import_log(FIXTURE)[0].header
    with pytest.raises(ValueError, match="seat"):
        catan_referee.import_log(FIXTURE, "catanatron", view=0)


def test_game_on_an_imported_game_names_the_source_file():
    game = catan_referee.import_log(FIXTURE)[0]
    live = catan_referee.Game(game)
    assert live.players == game.players
    verdict = live.play("{player: blue, roll: [3, 4]}")
    assert not verdict.ok and verdict.error.rule == "SETUP-08"
    assert verdict.error.file == FIXTURE


def test_a_folder_with_a_soclog_is_checked_as_check_dir(cli, tmp_path):
    os.symlink(FIXTURE, tmp_path / "a.soclog")
    (tmp_path / "notes.txt").write_text("not read\n")
    report = catan_referee.check(str(tmp_path))
    assert len(report) == 1 and report[0].file == str(tmp_path / "a.soclog")
    assert same(report, cli("check", str(tmp_path), "--format", "json")[1])


def imported_games():
    """The fixture and, when ../shared/realgames is there, one record of each format."""
    games = catan_referee.import_log(FIXTURE)
    for folder, pattern, view in (("catanatron-json", "*.json", None),
                                  ("jsettlers-recorded", "*.soclog", 1),
                                  ("catanlogs", "*.catan", None)):
        files = sorted(glob.glob(os.path.join(REALGAMES, folder, pattern)))
        if files:
            games += catan_referee.import_log(files[0], view=view)
    return games


def test_imported_games_pickle_to_the_same_game():
    import pickle
    for game in imported_games():
        back = pickle.loads(pickle.dumps(game))
        assert (back.file, back.game, back.format, back.id, back.players, back.winner) == \
            (game.file, game.game, game.format, game.id, game.players, game.winner)
        assert back.text == game.text and back.entries == game.entries
        assert back.source_lines == game.source_lines
        # Checked the same, positions (in the source file) included.
        assert catan_referee.check(back).to_json() == catan_referee.check(game).to_json()
        assert pickle.dumps(back) == pickle.dumps(game)


def test_a_pickle_of_another_shape_is_refused():
    import pickle
    game = catan_referee.import_log(FIXTURE)[0]
    state = game.__getstate__()
    with pytest.raises(RuntimeError, match="positions do not fit"):
        catan_referee.ImportedGame.__new__(catan_referee.ImportedGame).__setstate__(
            state[:7] + (state[7][:-2],))
    with pytest.raises(RuntimeError, match="of this version"):
        catan_referee.ImportedGame.__new__(catan_referee.ImportedGame).__setstate__((2,) + state[1:])
