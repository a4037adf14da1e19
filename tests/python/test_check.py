"""catan_referee.check and its report: the same verdicts, positions, text and JSON as the
CLI's `check`, malformed input as data or as MalformedLog, pickling."""
import os
import pickle

import pytest

import catan_referee
from conftest import ILLEGAL, LEGAL, SAMPLES


def test_illegal_sample_names_rule_action_and_position():
    report = catan_referee.check(ILLEGAL)
    assert report.status == "illegal"
    assert report.exit_status == 1
    assert len(report) == 1
    game = report[0]
    assert (game.file, game.game, game.status) == (ILLEGAL, 1, "illegal")
    assert game.id == "sample-illegal-robber-01"
    err = report.error
    assert (err.rule, err.action, err.line, err.column) == ("ROBBER-01", 24, 76, 14)
    assert err.severity == "error"
    assert err.player == "orange"
    assert "must discard exactly 4 of 9 cards" in err.message
    assert ("hand", "orange holds {wool: 1, grain: 8} (9 cards)") in err.notes
    assert str(err).startswith(f"{ILLEGAL}:76:14: error[ROBBER-01]:")


def test_legal_sample():
    report = catan_referee.check(LEGAL)
    assert (report.status, report.exit_status, report.error) == ("legal", 0, None)
    assert report[0].winner is not None
    assert report[0].checked == report[0].actions > 0
    assert report[0].rules_options["bank-shortage"] == "single-recipient-takes-rest"


def test_json_of_the_samples_is_the_clis(cli):
    status, out = cli("check", "--format", "json", SAMPLES)
    report = catan_referee.check(SAMPLES)
    assert len(report) > 100
    assert report.to_json() == out
    assert report.exit_status == status


def test_json_with_rules_is_the_clis(cli):
    files = [ILLEGAL, LEGAL, os.path.join(SAMPLES, "illegal-COMP-05-bank-miscounted.yaml")]
    status, out = cli("check", "--format", "json", "--rule", "bank-shortage=strict",
                      "--rule", "robber-desert=forbidden", *files)
    report = catan_referee.check(files, rules={"bank-shortage": "strict",
                                               "robber-desert": "forbidden"})
    assert report.to_json() == out
    assert report[1].rules_options["bank-shortage"] == "strict"


def test_text_is_the_clis(cli):
    _, out = cli("check", "--color", "never", ILLEGAL, LEGAL)
    report = catan_referee.check([ILLEGAL, LEGAL])
    assert out.startswith(report.text)
    assert "   76 |     discard: {grain: 5}" in report.text
    assert out[len(report.text):].startswith("2 game(s):")


def test_text_source_names_the_given_file():
    with open(ILLEGAL, encoding="utf-8") as f:
        text = f.read()
    report = catan_referee.check(text, file="game.yaml")
    assert (report.error.file, report.error.line, report.error.rule) == ("game.yaml", 76, "ROBBER-01")
    assert catan_referee.check_text(text).error.file == "<string>"


MALFORMED = "format: catan-log/1\ngame:\n  players: [red, blue, white]\nactions: [\n"


def test_malformed_text_is_a_report_with_a_position():
    report = catan_referee.check(MALFORMED, file="bad.yaml")
    assert (report.status, report.exit_status) == ("malformed", 2)
    assert report.error.rule is None
    assert report.error.file == "bad.yaml" and report.error.line > 0 and report.error.column > 0


def test_malformed_raises_with_the_position():
    with pytest.raises(catan_referee.MalformedLog) as e:
        catan_referee.check(MALFORMED, file="bad.yaml", raise_malformed=True)
    assert e.value.file == "bad.yaml" and e.value.line > 0
    assert str(e.value).startswith(f"bad.yaml:{e.value.line}:{e.value.column}: ")
    catan_referee.check(LEGAL, raise_malformed=True)  # nothing to raise


def test_missing_file_is_malformed_and_a_usage_error_in_the_cli(cli, tmp_path):
    missing = str(tmp_path / "missing.yaml")
    report = catan_referee.check(missing)
    assert report.status == "malformed"
    assert report.error.message == f"cannot open {missing}: No such file or directory"
    # The CLI refuses a path that does not exist before checking anything (issue 23).
    assert cli("check", "--format", "json", missing) == (2, "")


def test_bad_rules_are_refused():
    with pytest.raises(ValueError, match="bank-shortage"):
        catan_referee.check(LEGAL, rules={"bank-shortage": "sometimes"})
    with pytest.raises(ValueError, match="KEY=VALUE"):
        catan_referee.check(LEGAL, rules=["strict"])


def test_reports_pickle_and_join():
    a = catan_referee.check(ILLEGAL)
    b = catan_referee.check(LEGAL)
    copy = pickle.loads(pickle.dumps(a))
    assert copy.to_json() == a.to_json() and copy.text == a.text
    assert copy.error.notes == a.error.notes
    joined = catan_referee.Report(list(a) + list(pickle.loads(pickle.dumps(b))))
    assert joined.to_json() == catan_referee.check([ILLEGAL, LEGAL]).to_json()


def test_folder_scan_order_and_empty_folders(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "empty").mkdir()
    for name in ["b/z.yaml", "a.yml", "B.json", "notes.txt", "b/a.jsonl"]:
        (tmp_path / name).write_text("")
    files, empty = catan_referee.log_files([str(tmp_path), str(tmp_path / "empty")])
    rel = [os.path.relpath(f, tmp_path) for f in files]
    assert rel == ["B.json", "a.yml", "b/a.jsonl", "b/z.yaml"]
    assert empty == [str(tmp_path / "empty")]
    # The file that is not read, and why (the note check prints).
    [(skipped, why)] = catan_referee.skipped_files(str(tmp_path))
    assert skipped == str(tmp_path / "notes.txt") and why.startswith("not a log's file ending")
    assert ".soclog" in why and ".catan" in why


def test_a_fifo_in_a_folder_is_not_opened(cli, tmp_path):
    os.mkfifo(tmp_path / "pipe.yaml")  # opening it would block: nobody writes
    (tmp_path / "game.yaml").write_text(open(LEGAL, encoding="utf-8").read())
    report = catan_referee.check(str(tmp_path))
    assert [g.status for g in report] == ["legal", "malformed"]
    assert report[1].error.message == f"cannot read {tmp_path / 'pipe.yaml'}: not a regular file"
    assert report.to_json() == cli("check", "--format", "json", str(tmp_path))[1]


def test_a_folder_with_a_file_name_that_is_not_utf8(tmp_path, cli):
    # Found from outside: one such name made check(folder) raise for the whole folder,
    # where the CLI checks it. Names go down as os.fsencode bytes and come back through
    # os.fsdecode; the bad name is reported, the rest checked.
    with open(LEGAL, "rb") as f:
        legal = f.read()
    folder = os.fsencode(tmp_path)
    for name, text in [(b"a.yaml", legal), (b"b\xff.yaml", legal),
                       (b"c\xfe.yaml", b"format: catan-log/1\nplayers: [a]\n")]:
        try:
            with open(os.path.join(folder, name), "wb") as f:
                f.write(text)
        except OSError:
            pytest.skip("this file system refuses names that are not UTF-8")
    report = catan_referee.check(tmp_path)
    names = [os.fsencode(g.file) for g in report]
    assert names == [os.path.join(folder, n) for n in [b"a.yaml", b"b\xff.yaml", b"c\xfe.yaml"]]
    assert [g.status for g in report] == ["legal", "legal", "malformed"]
    assert os.fsencode(report[2].error.file) == os.path.join(folder, b"c\xfe.yaml")
    assert "\\xfe" in repr(report[2]) and "\\xfe" in str(report[2].error)
    status, out = cli("check", "--format", "json", os.fsdecode(folder))
    assert status == 2 and report.exit_status == 2
    import json
    assert [g["status"] for g in json.loads(out)["games"]] == [g.status for g in report]
    assert [os.fsencode(f) for f in catan_referee.log_files(tmp_path)[0]] == names
    assert [os.fsencode(g.file) for g in catan_referee.check_files(
        [os.fsdecode(n) for n in names])] == names
    assert pickle.loads(pickle.dumps(report))[1].file == report[1].file


def test_strict_and_require_assertions_as_the_cli(cli):
    # Python on par with `check --strict` and `--require-assertions`: the same warnings,
    # exit status and counts by kind, for every sample.
    import json
    opening = os.path.join(SAMPLES, "legal-opening.yaml")
    plain = catan_referee.check(opening)
    assert plain.exit_status == 0 and plain[0].assertions is None
    report = catan_referee.check(opening, require_assertions="all")
    assert report.exit_status == 1
    game = report[0]
    assert game.assertions == {"rolls": 4, "gains": 2, "takes": 0, "hands": 1, "vp": 1,
                               "awards": 1, "bank": 0, "robber": 1}
    assert [w.title for w in game.warnings][-1] == "missing assertions"
    assert catan_referee.check(opening, require_assertions=["vp", "awards"]).exit_status == 0
    again = pickle.loads(pickle.dumps(report))
    assert again.exit_status == 1 and again[0].assertions == game.assertions
    with pytest.raises(ValueError, match="require_assertions takes"):
        catan_referee.check(opening, require_assertions="castles")
    for args, kwargs in [(["--strict"], {"strict": True}),
                         (["--require-assertions=gains,hands"],
                          {"require_assertions": ["gains", "hands"]})]:
        status, out = cli("check", "--format", "json", *args, SAMPLES)
        mine = catan_referee.check(SAMPLES, **kwargs)
        assert status == mine.exit_status
        games = json.loads(out)["games"]
        assert [len(g["warnings"]) for g in games] == [len(g.warnings) for g in mine]
        assert json.loads(mine.to_json())["games"] == games


def test_the_module_namespace_holds_no_stray_names():
    # Only the public API (__all__) and private names: no `json` or `os` from imports.
    public = {n for n in dir(catan_referee) if not n.startswith("_")}
    assert public <= set(catan_referee.__all__) | {"LOG_EXTENSIONS", "IMPORT_FORMATS"}, (
        public - set(catan_referee.__all__))
    assert "json" not in public and "os" not in public
