"""catan_referee: check recorded Catan games (catan-log/1) from Python.

    import catan_referee
    report = catan_referee.check("samples/illegal-ROBBER-01-wrong-discard-count.yaml")
    report.status            # "illegal"
    report.error.rule        # "ROBBER-01"
    report.error.line        # 76
    print(report.text)       # as `catan-referee check` prints it
    report.to_json()         # as `catan-referee check --format json` prints it

    games = catan_referee.import_log("game.soclog")   # JSettlers2, catanatron, catanlogs, STAC
    catan_referee.check(games).status                 # as `check --from auto game.soclog`

    text = catan_referee.generate(seed=5)             # as `catan-referee generate --seed 5`
    catan_referee.redact(text, view="red")            # as `catan-referee redact --view red`
    catan_referee.svg(text, at="turn:10")             # as `show --at turn:10 --format svg`
    catan_referee.report_html(text)                   # as `report --out -`

The rules engine is the C++ library of catan-referee (the native module _native); this
file adds the choice between a path and a log's text, the folder scan of `check` and the
exception for malformed input.
"""
import json as _json
import os as _os

from ._native import (Diagnostic, GameReport, ImportedGame, Report, Verdict, __version__,
                      _expand_paths, _import_file, _import_formats, _log_extensions,
                      _open_imported, _open_session, _check_files, _generate, _redact, _svg,
                      _report_html, check_imported, check_text)

__all__ = ["check", "check_text", "check_files", "check_imported", "import_log", "log_files",
           "scan_paths", "skipped_files", "generate", "redact", "svg", "report_html", "Game",
           "Verdict", "MalformedLog", "Report", "GameReport", "ImportedGame", "Diagnostic",
           "IMPORT_FORMATS", "LOG_EXTENSIONS", "__version__"]

# The files `catan-referee check DIR` reads in a folder (other programs' records included).
LOG_EXTENSIONS = tuple(_log_extensions())


class MalformedLog(ValueError):
    """Input that is not a catan-log/1 game; `file`, `line` and `column` say where. A record
    that import_log cannot import lists all its problems in `problems` (Diagnostics) and in
    the message, one a line; `diagnostic` is the first."""

    def __init__(self, diagnostic, problems=None):
        self.diagnostic = diagnostic
        self.problems = list(problems) if problems else [diagnostic]
        self.file, self.line, self.column = diagnostic.file, diagnostic.line, diagnostic.column
        super().__init__("\n".join(f"{d.file}:{d.line}:{d.column}: {d.message}"
                                   for d in self.problems))


def _expand(paths, glob, exclude, no_ignore):
    # Paths go down as bytes (os.fsencode) and come back through os.fsdecode, so that a
    # file name that is not UTF-8 is a str like any other (its odd bytes as surrogates).
    if isinstance(paths, (str, bytes, _os.PathLike)):
        paths = [paths]
    def patterns(p):
        p = [] if p is None else [p] if isinstance(p, (str, bytes)) else list(p)
        return [_os.fsencode(x) for x in p]
    files, empty, skipped = _expand_paths([_os.fsencode(p) for p in paths], patterns(glob),
                                          patterns(exclude), not no_ignore)
    return ([(_os.fsdecode(f), found) for f, found in files], [_os.fsdecode(e) for e in empty],
            [(_os.fsdecode(f), why) for f, why in skipped])


def scan_paths(paths, *, glob=None, exclude=None, no_ignore=False):
    """([(path, found in a folder)], empty folders): the paths as check expands them (the
    same code: files as named, folders walked recursively for the files whose ending is a
    log's, sorted, links to folders not followed). Pass the flags to check_files(...,
    found=...), which then opens only regular files among those found in folders, as check
    does. A subfolder that cannot be listed comes after the logs as (subfolder, False),
    which check_files reports as unreadable. skipped_files(paths) says which files of the
    folders are not read, and why.

    glob, exclude: a pattern or a list of them, as `check --glob` and `--exclude` (in
    folders: read the files that match a glob instead of those with a log's ending; skip
    what matches an exclude). no_ignore: as `check --no-ignore` (by default what .gitignore
    files in the folders ignore is skipped, and every .git folder)."""
    files, empty, _ = _expand(paths, glob, exclude, no_ignore)
    return files, empty


def skipped_files(paths, *, glob=None, exclude=None, no_ignore=False):
    """[(path, why)]: the files in the folders of `paths` that check does not read (their
    ending is not a log's, --glob or --exclude, a .gitignore), as check's notes count them.
    The options as for scan_paths."""
    return _expand(paths, glob, exclude, no_ignore)[2]


def log_files(paths, *, glob=None, exclude=None, no_ignore=False):
    """The files `catan-referee check PATH...` checks, in its order: files as named, and
    the logs found in folders, recursively, sorted (symbolic links to folders are not
    followed). Also returns the folders that hold no log: (files, empty_folders). The
    options as for scan_paths."""
    files, empty = scan_paths(paths, glob=glob, exclude=exclude, no_ignore=no_ignore)
    return [f for f, _ in files], empty


def check_files(paths, rules=None, max_document_bytes=None, max_scalar_bytes=None, found=None,
                keep_going=False, strict=False, require_assertions=None):
    limits = {k: v for k, v in (("max_document_bytes", max_document_bytes),
                                ("max_scalar_bytes", max_scalar_bytes)) if v is not None}
    if isinstance(require_assertions, str):
        require_assertions = [require_assertions]
    return _check_files([_os.fsencode(p) for p in paths], _rules_list(rules),
                        found=list(found or []), keep_going=keep_going, strict=strict,
                        require_assertions=require_assertions, **limits)


check_files.__doc__ = _check_files.__doc__.replace("_check_files", "check_files") + (
    "\n\npaths: str, bytes or os.PathLike; a name that is not UTF-8 is read as os.fsencode "
    "gives its bytes. rules as for check; max_document_bytes and max_scalar_bytes: the "
    "reader's limits (None: check's defaults).")


def _rules_list(rules):
    if rules is None:
        return []
    if isinstance(rules, dict):
        return [f"{k}={v}" for k, v in rules.items()]
    return list(rules)


def _is_text(source):
    return "\n" in source or source.lstrip().startswith("{")


# The formats import_log reads (`fmt`), besides "auto" (told from the content): the
# referee's format registry, as `catan-referee import --list-formats` prints it.
_FORMATS = {f["name"]: f for f in _import_formats()}
IMPORT_FORMATS = tuple(_FORMATS)
_FORMAT_NAMES = {a: f["name"] for f in _FORMATS.values() for a in [f["name"], *f["aliases"]]}


def import_log(path, fmt="auto", view=None):
    """The games of another program's record as a list of ImportedGame, as `catan-referee
    import` converts them: a JSettlers2 .soclog, a catanatron JSON export or a catanlogs
    .catan transcript. fmt: "auto" (told from the content, as `check --from auto`) or one
    of IMPORT_FORMATS. view: jsettlers only, the seat (0-based) whose received messages
    are imported instead of the server's complete record (`import --view N`).

    The file is read and imported by the front end of `catan-referee import` (the same
    code), so a file gives the same problems here as there.

    Each game has `text` (catan-log/1 YAML, as `import` writes it), `header` and `entries`
    (texts for Game(header).play(entry)), `source_lines`, `players` and `winner`; check()
    and Game() also take the game itself, with positions in the source file. A record that
    cannot be imported, or is of no known format, raises MalformedLog with every problem,
    each with the file, line, column and message `import` prints for it. A file that
    cannot be opened or read raises OSError (FileNotFoundError, ...), as open() does; "-"
    is a file of that name, not standard input.
    """
    if fmt != "auto" and fmt not in _FORMAT_NAMES:
        raise ValueError(f"fmt is auto, {', '.join(IMPORT_FORMATS)}, not {fmt!r}")
    seat_formats = [n for n, f in _FORMATS.items() if f["seat_views"]]
    if view is not None and ((fmt != "auto" and _FORMAT_NAMES[fmt] not in seat_formats)
                             or not 0 <= view <= 5):
        raise ValueError(f"view is a seat from 0 to 5 (fmt auto or {', '.join(seat_formats)})")
    games, problems = _import_file(_os.fsencode(path), fmt, -1 if view is None else view)
    if problems:
        raise MalformedLog(problems[0], problems)
    return games


def check(source, rules=None, *, raise_malformed=False, file="<string>", keep_going=False,
          glob=None, exclude=None, no_ignore=False, strict=False, require_assertions=None):
    """Checks games as `catan-referee check` does and returns a Report.

    source: a path (str or os.PathLike) to a log file or a folder of logs, a pattern
    ("logs/*.yaml", expanded as check expands one the shell did not), a list of those,
    or a log's text (a str holding a newline or starting with "{"; positions then name
    `file`); or games of import_log (one ImportedGame or a list). A file of another
    program (a .soclog, a catanatron JSON export, a .catan) is imported first, as by
    `check --from auto`. rules: rules options for every game, as a dict
    ({"bank-shortage": "strict"}) or "KEY=VALUE" strings, like `check --rule`.
    raise_malformed: raise MalformedLog for the first malformed game instead of reporting it.
    keep_going: as `check --keep-going`, go on after each game's first deviation; every later
    one is in GameReport.deviations (each with follows_action and follows_rule), and
    GameReport.keep_going says how far the replay went.
    glob, exclude, no_ignore: which files of a folder are read, as `check --glob`,
    `--exclude` and `--no-ignore` (see scan_paths).
    strict: as `check --strict`, every warning fails the run (Report.exit_status 1).
    require_assertions: as `check --require-assertions`, a kind ("gains", "hands", "vp",
    "awards", "all") or a list of them; a legal game that omits one gets a warning titled
    "missing assertions" that fails the run, and GameReport.assertions counts the
    assertions checked by kind.
    """
    if isinstance(require_assertions, str):
        require_assertions = [require_assertions]
    policy = {"strict": strict, "require_assertions": (
        None if require_assertions is None else list(require_assertions))}
    rules = _rules_list(rules)
    if isinstance(source, ImportedGame):
        source = [source]
    if isinstance(source, str) and _is_text(source):
        report = check_text(source, rules, file, keep_going=keep_going, **policy)
    elif isinstance(source, (list, tuple)) and source and all(
            isinstance(g, ImportedGame) for g in source):
        report = check_imported(list(source), rules, keep_going=keep_going, **policy)
    else:
        files, _ = scan_paths(source, glob=glob, exclude=exclude, no_ignore=no_ignore)
        # Only regular files are opened among those found in folders, as check does.
        report = _check_files([_os.fsencode(f) for f, _ in files], rules,
                             found=[f for _, f in files], keep_going=keep_going, **policy)
    if raise_malformed:
        for game in report:
            if game.status == "malformed":
                raise MalformedLog(game.error)
    return report


def _kinds(kind):
    # legal_actions' kind: None (every kind), one kind, or a list of them.
    return [] if kind is None else [kind] if isinstance(kind, str) else list(kind)


def _as_text(value):
    # catan-log/1 is YAML; JSON is YAML, so a dict or list is written as JSON.
    return value if isinstance(value, str) else _json.dumps(value)


class Game:
    """One live game, refereed entry by entry (replay::Session, as `catan-referee serve`).

        game = catan_referee.Game(header)   # the header: YAML/JSON text or a dict
        verdict = game.play({"player": "red", "roll": [3, 4]})
        verdict.ok, verdict.error           # refused entries leave the game unchanged
        game.legal_actions()                # every legal action now, as entries
        game.state()                        # the state as `show --format json` prints it
        game.undo()                         # takes back the last accepted entry

    Malformed text (a header or an entry that is not catan-log/1) raises MalformedLog
    with its position; an illegal entry is a Verdict, not an exception.

    With keep_going=True an illegal entry is played on as `check --keep-going` plays it
    (the log's word adopted, in a complete game and in a player view alike): its Verdict's
    kind is "deviation", with every deviation in `deviations`, and the game goes on.
    """

    def __init__(self, header, rules=None, file="<game>", keep_going=False):
        """header: catan-log/1 text, a dict, or an ImportedGame of import_log (its header;
        positions then name its source file). keep_going: play deviations on instead of
        refusing them."""
        if isinstance(header, ImportedGame):
            self._session = _open_imported(header, _rules_list(rules), bool(keep_going))
            return
        session, error = _open_session(_as_text(header), _rules_list(rules), file,
                                       bool(keep_going))
        if error is not None:
            raise MalformedLog(error)
        self._session = session

    @property
    def header_error(self):
        """Why no entry can be played (an illegal or unsupported header), or None."""
        return self._session.header_error

    @property
    def players(self):
        """The players' names, in seat order."""
        return list(self._session.players)

    @property
    def board(self):
        """The game's board as a dict, as catan-log/1's `board` reads (a header may ask for
        one instead of giving it: `"board": {"random": 42}`, or `"board": "standard"`, the
        official variable set-up from a drawn seed; this is the board made)."""
        return _json.loads(self._session.board_json)

    @property
    def board_seed(self):
        """The seed of the board made for a header that asked for one, else None."""
        return self._session.board_seed

    @property
    def entries(self):
        """How many entries have been accepted."""
        return self._session.entries

    def play(self, entry, effects=False):
        """Plays one entry (text or dict); effects=True adds what it paid and moved."""
        verdict = self._session.play(_as_text(entry), effects)
        if verdict.kind == "malformed":
            raise MalformedLog(verdict.error)
        return verdict

    def legal_actions(self, kind=None, player=None, *, as_dicts=False, trades="list"):
        """Every legal action now, each a catan-log/1 entry that play() accepts: as text
        (YAML flow, "{player: red, road: [0, -1, E]}"), or with as_dicts=True as a dict
        ({"player": "red", "road": [0, -1, "E"]}: the same entry as JSON reads).

        kind: an entry kind ("road", "roll", "trade", "bank", "end", ...) or a list of them;
        player: a player's name. Only the actions of those kinds, by that player, are
        listed (a domestic trade is listed under its proposer). trades: "list" lists a
        bounded, varied sample of the domestic trades; "summary" leaves them out (ask
        trade_summaries() for all of them at once). In a player-view game: those that at
        least one consistent world allows (legal_action_worlds() counts the worlds)."""
        return self._legal(kind, player, as_dicts, trades, False)[0]

    def _legal(self, kind, player, as_dicts, trades, with_worlds):
        if trades not in ("list", "summary"):
            raise ValueError(f"trades is 'list' or 'summary', not {trades!r}")
        found, worlds = self._session.legal_actions(_kinds(kind), player or "", as_dicts,
                                                    trades == "summary", with_worlds)
        # One json.loads for the whole list: a call per action cost more than the actions.
        return (_json.loads("[" + ",".join(found) + "]") if as_dicts else found), worlds

    def legal_action_worlds(self, kind=None, player=None, *, as_dicts=False, trades="list"):
        """legal_actions(kind, player, as_dicts=..., trades=...) as (action, worlds) pairs:
        worlds is how many consistent worlds allow the action (out of consistent_worlds; 1
        each in a complete log). In a player-view game an action some worlds allow and
        others refuse tells which unseen cards decide it."""
        found, worlds = self._legal(kind, player, as_dicts, trades, True)
        return list(zip(found, worlds))

    @property
    def consistent_worlds(self):
        """The worlds (hands and bank) consistent with the game so far: 1 in a complete
        log; in a player view, the ways the unseen cards can lie (a branch past max_worlds,
        followed as intervals, counts as one)."""
        return self._session.consistent_worlds

    def count_legal_actions(self, kind=None, player=None, *, trades="list"):
        """How many actions legal_actions(kind, player, trades=trades) lists."""
        return len(self.legal_actions(kind, player, trades=trades))

    def trade_summaries(self, player=None):
        """The domestic trades legal now, summarised: one dict per pair of players who may
        trade, {"player": "red", "with": "blue", "give": {"lumber": 2}, "get": {"ore": 1},
        "same-type": False}, as `serve` answers them. Every trade giving at most `give` and
        asking at most `get` is legal, provided each side keeps a card once a resource on
        both sides is netted out ("same-type" False: rules option domestic-same-type: forbid,
        no resource on both sides). player: only the trades that player may offer."""
        return _json.loads(self._session.trade_summaries(player or ""))

    def state(self):
        """The state before the next entry, as `catan-referee show --format json` prints it:
        a dict in catan-referee-state/2 (schemas/catan-referee-state-2.schema.json; keys in
        kebab-case, places as lists such as [0, -1, "S"]; docs/STATE-FORMAT.md)."""
        return _json.loads(self._session.state_json())

    def undo(self):
        """Takes back the last accepted entry; False when there is none."""
        return self._session.undo()


# The rules reference the explain panel of report_html names is found from this folder,
# as the CLI finds it from its executable's (src/diag/explain.hpp).
_PACKAGE_DIR = _os.path.dirname(_os.path.realpath(__file__))
_MAX_WORLDS = 50000  # rules::kDefaultMaxWorlds, as check, show and report


def _source(source, file):
    # (source, is_text, name) for the native readers: a log's text (a str holding a newline
    # or starting with "{", as check takes it), else a path as bytes (os.fsencode).
    if isinstance(source, str) and _is_text(source):
        return source, True, file
    if isinstance(source, (str, bytes, _os.PathLike)):
        return _os.fsencode(source), False, file
    raise TypeError(f"a log's text or a path (str, bytes, os.PathLike), not {type(source).__name__}")


def _result(result):
    # (value, problems) of a native reader: the value, or MalformedLog with every problem.
    value, problems = result
    if problems:
        raise MalformedLog(problems[0], problems)
    return value


def _seat(view):
    return -1 if view is None else view


def _game(game):
    if game is not None and (isinstance(game, bool) or not isinstance(game, int) or game < 1):
        raise ValueError(f"game is a game's number in its file (1-based), or None, not {game!r}")
    return 0 if game is None else game


def _at(at):
    # at: "error", "end", N (an int or its digits), "turn:T", "round:R" or "line:L".
    return str(at) if isinstance(at, int) and not isinstance(at, bool) else at


def generate(seed=1, players=4, count=None, *, header_only=False, trade_bias=1.0,
             build_bias=1.0, expect_every=1, rules=None):
    """Complete random legal games as catan-log/1 text, as `catan-referee generate` writes
    them (the same code: the same seed gives the same bytes).

    seed: the first game's seed (game i uses seed + i); players: 3 or 4 (the base game), or
    5 or 6 (the five-six extension; its turn structure by
    rules=["turn-structure-56=special-build"]). count: None for one game, returned as a str; a number for a list of that many texts (the CLI's
    `--count N` output is "---\n".join of them). header_only: only a new game's header (the
    players, the rules and the board of that seed, as a live game's `board: {random: N}`
    makes it), as `generate --header-only`. trade_bias, build_bias (0 to 10; above 1 trades
    or builds more), expect_every (an `expect` after every k-th end of turn; 0: none) and
    rules (as check's) as the CLI's options. ValueError for a value out of range."""
    texts = _generate(seed, players, 1 if count is None else count, bool(header_only),
                      float(trade_bias), float(build_bias), expect_every, _rules_list(rules))
    return texts[0] if count is None else texts


def redact(source, view, *, hide_discards=False, dice="pair", fmt="auto", file="<string>"):
    """The view of a complete log from one seat or a spectator, as `catan-referee redact
    --view VIEW` writes it: steals between two other players and other players' purchases
    (and with hide_discards their discards) become `hidden`; dice="sum" records rolls as
    their sum. Every game of the file, separated by "---".

    source: a log's text (positions then name `file`) or a path; a record of another
    program is imported first (fmt: "auto", "catan-log" or a name of IMPORT_FORMATS).
    view: a player's name or "spectator" (else ValueError). A malformed game raises
    MalformedLog with its position; a file that cannot be read, OSError."""
    text, is_text, name = _source(source, file)
    return _result(_redact(text, is_text, name, view, bool(hide_discards), dice, fmt))


def svg(source, at="error", *, game=None, coords=False, rules=None, fmt="auto", view=None,
        file="<string>", max_worlds=_MAX_WORLDS, colors=None):
    """The picture of the board at a moment of a game, as `catan-referee show --at AT
    --format svg` draws it (the same bytes): pieces, robber, hands; before an illegal entry
    its place outlined and the diagnostic's first line as caption.

    at: "error" (just before the first illegal entry, else the end), "end", N or "N" (after
    action N; 0 = before the first), "turn:T", "round:R" or "line:L" (just before the entry
    at line L). game: which game of a file of several (1-based; default the first, or with
    "line:L" the one holding line L). coords: label every hex, corner and path with its name
    in a log (`--coords`). colors: {player name: colour} (`--colors`; a colour name such as
    "blue", or "#RRGGBB"); by default a player named after a colour is drawn in it, the
    others in the palette. rules, max_worlds: as check's. fmt, view: as import_log's (view: a
    seat of a JSettlers2 record). source, file and the exceptions as for redact; a bad `at`,
    a game that is not there, a header that leaves no position to draw or a colour that does
    not read: ValueError."""
    text, is_text, name = _source(source, file)
    return _result(_svg(text, is_text, name, _at(at), _game(game), bool(coords),
                        _rules_list(rules), fmt, _seat(view), max_worlds, _colors(colors)))


def report_html(source, at="error", *, game=None, rules=None, fmt="auto", view=None,
                file="<string>", max_worlds=_MAX_WORLDS, max_entries=50000, colors=None):
    """The self-contained HTML report of a game (the board at every step, a timeline of
    the entries, hands, VP, bank and the verdict), as `catan-referee report --out -` writes
    it for the same path (the same bytes).

    at: the step the page opens at, as for svg (the page still steps through the whole
    game). game: the game of a file of several (1-based); a file of several games needs it
    (ValueError), as `report --out -` refuses one. max_entries: the most entries the game may
    have (`--max-entries`). A log's text has no links to its lines (as from standard input).
    colors, the other arguments and the exceptions as for svg."""
    text, is_text, name = _source(source, file)
    return _result(_report_html(text, is_text, name, _at(at), _game(game), _rules_list(rules),
                                fmt, _seat(view), max_worlds, max_entries, _PACKAGE_DIR,
                                _colors(colors)))


def _colors(colors):
    """svg's and report_html's colors: None or a mapping of player names to colours."""
    if colors is None:
        return []
    if not hasattr(colors, "items"):
        raise TypeError("colors is a mapping of player names to colours, or None")
    return [(str(k), str(v)) for k, v in colors.items()]
