"""catan_referee: check recorded Catan games (catan-log/1) from Python.

    import catan_referee
    report = catan_referee.check("samples/illegal-ROBBER-01-wrong-discard-count.yaml")
    report.status            # "illegal"
    report.error.rule        # "ROBBER-01"
    report.error.line        # 76
    print(report.text)       # as `catan-referee check` prints it
    report.to_json()         # as `catan-referee check --format json` prints it

The rules engine is the C++ library of catan-referee (the native module _native); this
file adds the choice between a path and a log's text, the folder scan of `check` and the
exception for malformed input.
"""
import os

from ._native import Diagnostic, GameReport, Report, __version__, check_files, check_text

__all__ = ["check", "check_text", "check_files", "log_files", "MalformedLog", "Report",
           "GameReport", "Diagnostic", "__version__"]

# The files `catan-referee check DIR` reads in a folder.
LOG_EXTENSIONS = (".yaml", ".yml", ".json", ".jsonl")


class MalformedLog(ValueError):
    """Input that is not a catan-log/1 game; `file`, `line` and `column` say where."""

    def __init__(self, diagnostic):
        self.diagnostic = diagnostic
        self.file, self.line, self.column = diagnostic.file, diagnostic.line, diagnostic.column
        super().__init__(f"{self.file}:{self.line}:{self.column}: {diagnostic.message}")


def _sort_key(path):
    # `check` sorts a folder's paths by their bytes (std::sort on std::string).
    return os.fsencode(path)


def log_files(paths):
    """The files `catan-referee check PATH...` checks, in its order: files as named, and
    the logs found in folders, recursively, sorted (symbolic links to folders are not
    followed). Also returns the folders that hold no log: (files, empty_folders)."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    files, empty = [], []
    for p in map(os.fspath, paths):
        if p != "-" and os.path.isdir(p):
            found = []
            for root, dirs, names in os.walk(p):
                # A link to a folder is listed in dirs and not walked: like check, skip it.
                for name in names:
                    full = os.path.join(root, name)
                    if os.path.splitext(name)[1] in LOG_EXTENSIONS and not os.path.isdir(full):
                        found.append(full)
            found.sort(key=_sort_key)
            if not found:
                empty.append(p)
            files.extend(found)
        else:
            files.append(p)
    return files, empty


def _is_text(source):
    return "\n" in source or source.lstrip().startswith("{")


def check(source, rules=None, *, raise_malformed=False, file="<string>"):
    """Checks games as `catan-referee check` does and returns a Report.

    source: a path (str or os.PathLike) to a log file or a folder of logs, a list of those,
    or a log's text (a str holding a newline or starting with "{"; positions then name
    `file`). rules: rules options for every game, as a dict ({"bank-shortage": "strict"})
    or "KEY=VALUE" strings, like `check --rule`. raise_malformed: raise MalformedLog for
    the first malformed game instead of reporting it.
    """
    if rules is None:
        rules = []
    elif isinstance(rules, dict):
        rules = [f"{k}={v}" for k, v in rules.items()]
    else:
        rules = list(rules)
    if isinstance(source, str) and _is_text(source):
        report = check_text(source, rules, file)
    else:
        files, _ = log_files(source)
        report = check_files(files, rules)
    if raise_malformed:
        for game in report:
            if game.status == "malformed":
                raise MalformedLog(game.error)
    return report
