# The robustness half of issue 11, run by hostile.py (shares exe, here, failures, passed):
# linear time, bounded memory, checked writes, safe --out folders, per-file errors, escaped
# text output, CR line ends and depth errors at their line. Each case runs the CLI with a
# watchdog on time and resident memory, so a regression fails instead of eating the machine.
import json
import os
import re
import stat
import threading
import xml.etree.ElementTree as ET

exe = os.path.abspath(exe)
WATCH_RSS_MB = 1500  # kill a child above this (ASan shadow memory included)


def cli(args, stdin=subprocess.DEVNULL, feed=None, limit_s=60, cwd=None, env=None):
    """Runs the CLI; returns (exit, stdout bytes, stderr bytes, seconds, peak RSS MB).
    `feed`: a function writing to the child's stdin until it fails (an endless stream).
    Exit is None when the watchdog killed the child (time or memory)."""
    t = time.monotonic()
    p = subprocess.Popen([exe] + args, stdin=subprocess.PIPE if feed else stdin,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env=env)
    out, err, peak, killed = [b""], [b""], [0.0], [None]

    def pump(src, dst):
        dst[0] = src.read()

    threads = [threading.Thread(target=pump, args=(p.stdout, out)),
               threading.Thread(target=pump, args=(p.stderr, err))]
    if feed:
        def feeder():
            try:
                feed(p.stdin)
            except (BrokenPipeError, OSError, ValueError):
                pass
            try:
                p.stdin.close()
            except OSError:
                pass
        threads.append(threading.Thread(target=feeder))
    for th in threads:
        th.start()
    while p.poll() is None:
        try:
            with open(f"/proc/{p.pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        peak[0] = max(peak[0], int(line.split()[1]) / 1024)
        except OSError:
            pass
        if peak[0] > WATCH_RSS_MB:
            killed[0] = f"resident memory over {WATCH_RSS_MB} MB"
        elif time.monotonic() - t > limit_s:
            killed[0] = f"no answer within {limit_s} s"
        if killed[0]:
            p.kill()
            break
        time.sleep(0.02)
    p.wait()
    for th in threads:
        th.join()
    return (None if killed[0] else p.returncode), out[0], err[0], time.monotonic() - t, peak[0], killed[0]


def case(name, args, want_exit, want=(), unwanted=(), limit_s=60, max_output=None, check=None, **kw):
    """One CLI case: exit status, texts wanted/unwanted in stdout+stderr, an output size bound
    and an extra check(stdout, stderr) returning a problem or None."""
    global failures, passed
    code, out, err, secs, rss, killed = cli(args, limit_s=limit_s, **kw)
    both = out + err
    problems = []
    if killed:
        problems.append(killed)
    elif want_exit is not None and code != want_exit:
        problems.append(f"exit {code}, want {want_exit}")
    for w in want:
        if (w.encode() if isinstance(w, str) else w) not in both:
            problems.append(f"output lacks {w!r}")
    for w in unwanted:
        if (w.encode() if isinstance(w, str) else w) in both:
            problems.append(f"output has {w!r}")
    if max_output is not None and len(both) > max_output:
        problems.append(f"{len(both)} bytes of output, want at most {max_output}")
    if check and not killed:
        c = check(out, err)
        if c:
            problems.append(c)
    if problems:
        failures += 1
        print(f"FAIL {name}: {'; '.join(problems)}: {both[:400]!r}")
    else:
        passed += 1
        print(f"ok   {name}: exit {code} in {secs:.2f} s (peak RSS {rss:.0f} MB)")


def parses(parse, text):
    try:
        parse(text)
        return None
    except Exception as x:  # noqa: BLE001 - any parse failure is the finding
        return f"does not parse: {x}"


sample = (here.parent.parent / "samples" / "legal-opening.yaml").read_text()
head_end = sample.index("actions:")
is_root = os.geteuid() == 0

with tempfile.TemporaryDirectory() as tmp:
    d = pathlib.Path(tmp)

    def write(name, data):
        p = d / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data if isinstance(data, bytes) else data.encode())
        return p

    # --- 1. Linear time. Sizes that take a quadratic path tens of seconds, a linear one well
    # under one (the limits are generous for debug and sanitizer builds).
    names = ", ".join(f"p{i}" for i in range(80000))
    case("80,000 players (duplicate check)", ["check", "-q", str(write("players.yaml",
         sample.replace("players: [red, blue, white, orange]", f"players: [{names}]")))],
         None, limit_s=6)
    case("80,000 players, the last listed twice", ["check", "-q", str(write("players2.yaml",
         sample.replace("players: [red, blue, white, orange]", f"players: [{names}, p79999]")))],
         2, ["'p79999' is listed twice"], limit_s=6)
    keys = "".join(f"k{i}: 1\n" for i in range(40000))
    case("40,000 keys on the yaml-cpp path (a tab forces it)", ["check", "-q", str(write("keys.yaml",
         "#\t\n" + keys + "k39999: 2\n"))], 2, ["duplicate key 'k39999'"], limit_s=6)
    rules = "".join(f"  o{i}: x\n" for i in range(40000))
    case("40,000 rules options", ["check", "-q", str(write("rules.yaml",
         sample.replace("rules: catan-2025\n", "rules:\n" + rules)))], 2, ["o0"], limit_s=6)

    # --- 2. Bounded memory, and values cut short in messages.
    case("/dev/zero", ["check", "-q", "/dev/zero"], 2, ["--max-document-bytes", "/dev/zero:1:268435457"],
         limit_s=90)
    case("/dev/urandom with --max-document-bytes 8M", ["check", "-q", "--max-document-bytes", "8M",
         "/dev/urandom"], 2, ["--max-document-bytes"], limit_s=60, max_output=4000)
    case("--max-document-bytes 1K on a legal log", ["check", "-q", "--max-document-bytes", "1K",
         str(d / "players.yaml")], 2, ["--max-document-bytes", "players.yaml:"], limit_s=20)

    def endless(f):
        line = b"  - {player: red, end: turn}\n"
        f.write(sample[:head_end].encode() + b"actions:\n")
        chunk = line * 10000
        while True:
            f.write(chunk)

    case("an endless stdin, --max-document-bytes 4M", ["check", "-q", "--max-document-bytes", "4M", "-"],
         2, ["<stdin>:", "--max-document-bytes"], feed=endless, limit_s=60)
    case("--max-document-bytes 0 is a usage error", ["check", "--max-document-bytes", "0", "x.yaml"], 2,
         ["--max-document-bytes 0: expected a positive size"])
    case("a 50 MB scalar", ["check", "-q", str(write("scalar50.yaml", "format: " + "x" * 50_000_000 + "\n"))],
         2, ["--max-scalar-bytes"], limit_s=90, max_output=2000)
    case("a 1 MB format value (cut short in the message)", ["check", "-q", str(write("scalar1.yaml",
         "format: " + "x" * 1_000_000 + "\n"))], 2, ["unsupported format", "..."], max_output=2000)
    write("longnotes.yaml", sample.replace('notes: "hand-written sample"', 'notes: "' + "n" * 5_000_000 + '"'))
    case("--max-scalar-bytes 100 on a 5 MB note", ["check", "-q", "--max-scalar-bytes", "100",
         str(d / "longnotes.yaml")], 2, ["--max-scalar-bytes", "longnotes.yaml:6:"], max_output=2000)

    # --- 3. Every write checked.
    legal = str(here.parent.parent / "samples" / "legal-opening.yaml")
    illegal = str(here.parent.parent / "samples" / "illegal-ROBBER-01-wrong-discard-count.yaml")
    for args in (["check", legal], ["check", "--format", "sarif", legal], ["check", "--format", "json", legal],
                 ["check", "--format", "junit", legal], ["check", "--format", "github", illegal],
                 ["generate", "--seed", "3"], ["show", illegal], ["mutate", legal], ["board"], ["board", legal],
                 ["explain", "ROBBER-01"], ["rules"]):
        with open("/dev/full", "wb") as full:
            r = subprocess.run([exe] + args, stdout=full, stderr=subprocess.PIPE, timeout=120)
        msg = r.stderr.decode("utf-8", "replace")
        if r.returncode == 2 and "standard output" in msg and "No space left on device" in msg:
            passed += 1
            print(f"ok   {' '.join(args[:3])} > /dev/full: exit 2, {msg.strip()!r}")
        else:
            failures += 1
            print(f"FAIL {' '.join(args[:3])} > /dev/full: exit {r.returncode}: {msg[:300]!r}")

    # --- 4. --out folders.
    outside = write("outside.txt", "keep me\n")
    gen_dir = d / "gen"
    gen_dir.mkdir()
    case("generate --out naming a file", ["generate", "--out", str(outside)], 2, ["--out", "not a folder"],
         unwanted=["internal error"])
    case("generate --out a missing folder", ["generate", "--out", str(d / "missing")], 2,
         ["--out", "No such file or directory"])
    case("mutate --out naming a file", ["mutate", legal, "--out", str(outside)], 2, ["not a folder"],
         unwanted=["internal error"])
    if not is_root:
        ro = d / "readonly"
        ro.mkdir()
        ro.chmod(0o555)
        case("generate --out an unwritable folder", ["generate", "--out", str(ro)], 2, ["--out", "Permission denied"])
        case("mutate --out an unwritable folder", ["mutate", legal, "--out", str(ro)], 2, ["Permission denied"])
    os.symlink(outside, gen_dir / "gen-s1-p4.yaml")
    case("generate into a planted symlink", ["generate", "--seed", "1", "--out", str(gen_dir)], 2,
         ["gen-s1-p4.yaml", "symbolic link"])
    case("generate into a planted symlink, --force", ["generate", "--seed", "1", "--force", "--out", str(gen_dir)],
         2, ["symbolic link"])
    case("generate: the file outside is untouched", ["check", "-q", str(outside)], 2,
         check=lambda o, e: None if outside.read_text() == "keep me\n" else "the symlink target was written")
    (gen_dir / "gen-s1-p4.yaml").unlink()
    case("generate a new file", ["generate", "--seed", "1", "--count", "2", "--out", str(gen_dir)], 0)
    before = (gen_dir / "gen-s1-p4.yaml").read_bytes()
    (gen_dir / "gen-s1-p4.yaml").write_text("mine\n")
    case("generate over an existing file", ["generate", "--seed", "1", "--out", str(gen_dir)], 2,
         ["gen-s1-p4.yaml", "exists", "--force"],
         check=lambda o, e: None if (gen_dir / "gen-s1-p4.yaml").read_text() == "mine\n" else "overwritten")
    case("generate over an existing file, --force", ["generate", "--seed", "1", "--force", "--out", str(gen_dir)],
         0, check=lambda o, e: None if (gen_dir / "gen-s1-p4.yaml").read_bytes() == before else "not replaced")
    case("generate leaves no temporary file", ["check", "-q", str(gen_dir)], 0,
         check=lambda o, e: None if sorted(x.name for x in gen_dir.iterdir()) == ["gen-s1-p4.yaml", "gen-s2-p4.yaml"]
         else f"folder holds {sorted(x.name for x in gen_dir.iterdir())}")
    mut_dir = d / "mut"
    mut_dir.mkdir()
    os.symlink(outside, mut_dir / "legal-opening.claim-off-turn.yaml")
    case("mutate into a planted symlink", ["mutate", legal, "--out", str(mut_dir)], 2, ["symbolic link"],
         check=lambda o, e: None if outside.read_text() == "keep me\n" else "the symlink target was written")
    (mut_dir / "legal-opening.claim-off-turn.yaml").unlink()
    case("mutate a new folder", ["mutate", legal, "--out", str(mut_dir)], 0)
    case("mutate over existing files", ["mutate", legal, "--out", str(mut_dir)], 2, ["exists", "--force"])
    case("mutate over existing files, --force", ["mutate", legal, "--force", "--out", str(mut_dir)], 0)

    # --- 5. Per-file errors: each bad file is reported, every other file still checked.
    pf = d / "perfile"
    pf.mkdir()
    (pf / "good.yaml").write_text(sample)
    os.symlink("loop.yaml", pf / "loop.yaml")
    os.symlink("nowhere.yaml", pf / "dangling.yaml")
    os.mkfifo(pf / "fifo.yaml")
    if not is_root:
        (pf / "unreadable.yaml").write_text(sample)
        (pf / "unreadable.yaml").chmod(0)
    expect_files = ["good.yaml: game 1 (sample-legal-opening): legal", "loop.yaml", "dangling.yaml", "fifo.yaml",
                    "not a regular file"] + ([] if is_root else ["unreadable.yaml", "Permission denied"])
    case("a folder with a symlink loop, a dangling link, a FIFO, an unreadable file", ["check", str(pf)], 2,
         expect_files, unwanted=["internal error"], limit_s=30)
    case("the same folder, --format json", ["check", "--format", "json", str(pf)], 2, ["sample-legal-opening"],
         unwanted=["internal error"], limit_s=30, check=lambda o, e: parses(json.loads, o))
    case("the same folder, -j 2", ["check", "-j", "2", str(pf)], 2, expect_files, limit_s=30)
    # A path that does not exist is a usage error before anything is checked (issue 23).
    case("a missing file", ["check", "nope.yaml", legal], 2,
         ["catan-referee: no such file: nope.yaml\n"],
         unwanted=["nope.yaml:0:0", "sample-legal-opening): legal"], cwd=str(d))
    case("a symlink loop named on the command line", ["check", str(pf / "loop.yaml")], 2,
         ["Too many levels of symbolic links"], unwanted=["internal error"])

    # --- 6. Control characters in text output.
    raw_bad = re.compile(rb"[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xaa-\xae]|\xe2\x81[\xa6-\xa9]")

    def clean(o, e):
        for name, text in (("stdout", o), ("stderr", e)):
            m = raw_bad.search(text)
            if m:
                return f"raw control {m.group()!r} in {name} at {m.start()}"
            try:
                text.decode("utf-8")
            except UnicodeDecodeError as x:
                return f"invalid UTF-8 in {name}: {x}"
        return None

    evil = '\\e]52;c;aGk=\\a\\0\\x7f\\x85\\u202e\\u2066\\r'
    case("control characters in player names", ["check", str(write("ctl-players.yaml", sample.replace(
         "players: [red, blue, white, orange]", f'players: [red, blue, white, orange, "{evil}", "{evil}"]')))],
         2, ["\\x1b]52", "\\x07", "\\x00", "\\x7f", "\\u0085", "\\u202e", "\\u2066", "\\r", "listed twice"],
         check=clean)
    case("a NUL does not cut a message short", ["check", str(write("ctl-nul.yaml", sample.replace(
         "players: [red, blue, white, orange]", 'players: [red, blue, white, "a\\0b", "a\\0b"]')))], 2,
         ["player 'a\\x00b' is listed twice"], check=clean)
    case("control characters in a key", ["check", str(write("ctl-key.yaml", sample.replace(
         "rules: catan-2025\n", f'rules: catan-2025\n"k{evil}": 1\n')))], 2, ["unknown key 'k\\x1b]52"], check=clean)
    case("control characters in a game id", ["check", str(write("ctl-id.yaml", sample.replace(
         "id: sample-legal-opening", f'id: "x{evil}"')))], 0, ["game 1 (x\\x1b]52"], check=clean)
    ctl_name = write("name-\x1b[31m-\u202e.yaml", "format: catan-log/2\n")
    case("control characters in a file name", ["check", str(ctl_name)], 2, ["name-\\x1b[31m-\\u202e.yaml:1:9"],
         check=clean)
    bad_name = os.fsdecode(bytes(d) + b"/bad-\xff.yaml")
    pathlib.Path(bad_name).write_text("format: catan-log/2\n")
    case("invalid UTF-8 in a file name", ["check", bad_name], 2, ["bad-\\xff.yaml"],
         check=clean)

    def caret_aligned(o, e):
        lines = (o + e).decode("utf-8").split("\n")
        for i, line in enumerate(lines[:-1]):
            if " | " in line and "yes" in line and lines[i + 1].strip().startswith("| "):
                if line.index("yes") != lines[i + 1].index("^"):
                    return f"caret at {lines[i + 1].index('^')}, token at {line.index('yes')}"
                return clean(o, e)
        return "no excerpt"

    case("control characters in a quoted source line, caret aligned", ["check", str(write("ctl-line.yaml",
         sample.replace("players: [red, blue, white, orange]",
                        "players: [\"\x1b]8;;x\x07\u202e\x85\x7f\", blue, white, yes]").encode()))], 2,
         ["\\x1b]8;;x\\x07\\u202e\\u0085\\x7f"], check=caret_aligned)
    evil_red = '"r\\e[31m\\u202e\\r"'
    evil_game = write("ctl-show.yaml", sample.replace("red", evil_red))
    case("control characters in player names: show", ["show", str(evil_game)], None,
         ["r\\x1b[31m\\u202e\\r (active)"], check=clean)
    case("control characters in player names: check", ["check", str(evil_game)], 0, check=clean)
    case("control characters in a file name: show", ["show", str(d / "nope\x1b[2J.yaml")], 2,
         ["nope\\x1b[2J.yaml: error: cannot open"], check=clean)
    case("control characters in a file name: check", ["check", str(d / "nope\x1b[2J.yaml")], 2,
         ["no such file: ", "nope\\x1b[2J.yaml"], check=clean)
    case("control characters in a file name: mutate", ["mutate", str(ctl_name)], 2, ["name-\\x1b[31m"],
         check=clean)
    evil_log = write("ctl-formats.yaml", sample.replace("players: [red, blue, white, orange]",
                     f'players: [red, blue, white, "{evil}", "{evil}"]').replace(
                     "id: sample-legal-opening", f'id: "g{evil}"'))

    def no_raw(o, e):  # GitHub annotations are shown as terminal text: nothing raw
        return None if not raw_bad.search(o.replace(b"\n", b"")) else f"raw control in {raw_bad.search(o).group()!r}"

    raw_c0 = re.compile(rb"[\x00-\x08\x0b-\x1f]")

    def no_raw_c0(o, e):  # JSON and XML escape C0 themselves; DEL, C1 and bidi are valid text there
        return None if not raw_c0.search(o) else f"raw control {raw_c0.search(o).group()!r}"

    case("JSON output stays escaped", ["check", "--format", "json", str(evil_log)], 2,
         check=lambda o, e: no_raw_c0(o, e) or parses(json.loads, o) or
         (None if "\x1b]52" in json.loads(o)["games"][0]["error"]["message"] else "the name was not kept"))
    case("SARIF output stays escaped", ["check", "--format", "sarif", str(evil_log)], 2,
         check=lambda o, e: no_raw_c0(o, e) or parses(json.loads, o))
    case("JUnit output stays escaped", ["check", "--format", "junit", str(evil_log)], 2,
         check=lambda o, e: no_raw_c0(o, e) or parses(ET.fromstring, o))
    case("GitHub output stays escaped", ["check", "--format", "github", str(evil_log)], 2, check=no_raw)

    # --- 7. CR line ends (YAML 1.2: CR, LF and CRLF are line breaks).
    for name, nl in (("CR", "\r"), ("CRLF", "\r\n")):
        text = sample.replace("\n", nl)
        case(f"{name} line ends, a legal log", ["check", "-q", str(write(f"{name}.yaml", text))], 0)
        bad = sample.replace("robber: [0, 0]", "robber: [0, zero]").replace("\n", nl)
        line = sample[:sample.index("robber: [0, 0]")].count("\n") + 1
        case(f"{name} line ends, an error's line", ["check", "-q", str(write(f"{name}-bad.yaml", bad))], 2,
             [f"{name}-bad.yaml:{line}:", "robber: [0, zero]"])
        for cmd, code, want in (("show", 0, "State at the end of the log"), ("board", 0, "mtns 10"),
                                ("mutate", 0, "# expect: illegal")):
            case(f"{name} line ends, {cmd}", [cmd, str(d / f"{name}.yaml")], code, [want])
        big = text + "#" + "x" * (5 << 20) + nl  # a long comment line: no size threshold
        case(f"{name} line ends, a legal log over 4 MiB", ["check", "-q", str(write(f"{name}-big.yaml", big))], 0)

    # --- 8. Depth errors at the line where the nesting passed the limit.
    case("a depth error at its line", ["check", "-q", str(write("deep-lines.yaml", "a:\n" + "[\n" * 2000))], 2,
         ["nested too deeply"], check=lambda o, e: None if re.search(rb"deep-lines.yaml:(\d+):", o + e) and
         int(re.search(rb"deep-lines.yaml:(\d+):", o + e).group(1)) < 600 else "reported at the end")

    # --- 9. Streams: a document at a time, in memory that does not grow with the stream, and
    # a running game's verdict at its illegal entry.
    game = sample.rstrip("\n") + "\n"
    copies = 6000  # about 30 MB, more than the bound below: the debug and sanitizer builds read it in seconds

    def stream(w):
        for i in range(copies):
            w.write((("---\n" if i else "") + game).encode())

    # AddressSanitizer keeps freed memory in a quarantine (256 MB by default), which would
    # read as growth: a small one for these two runs (other builds ignore the option).
    small_quarantine = dict(os.environ)
    small_quarantine["ASAN_OPTIONS"] = ":".join(
        x for x in (os.environ.get("ASAN_OPTIONS", ""), "quarantine_size_mb=4",
                    "thread_local_quarantine_size_kb=64") if x)
    _, _, _, _, one_rss, _ = cli(["check", "-q", "-"], feed=lambda w: w.write(game.encode()),
                                 env=small_quarantine)
    code, out, err, secs, rss, killed = cli(["check", "--summary", "-"], feed=stream, limit_s=240,
                                            env=small_quarantine)
    summary = f"{copies} game(s): {copies} legal".encode()
    if killed or code != 0 or summary not in out or rss > max(one_rss, 8) + 20:
        failures += 1
        print(f"FAIL a stream of {copies} games: exit {code}, peak RSS {rss:.0f} MB against "
              f"{one_rss:.0f} MB for one game ({killed}): {(out + err)[:300]!r}")
    else:
        passed += 1
        print(f"ok   a stream of {copies} games on stdin in {secs:.1f} s: peak RSS {rss:.0f} MB "
              f"against {one_rss:.0f} MB for one game")

    # A running game piped in: the verdict is printed at the illegal entry, before the writer
    # has finished (or closed) the document.
    import select
    illegal = game.replace("actions:\n", "actions:\n  - {player: blue, roll: [3, 3]}\n", 1)
    p = subprocess.Popen([exe, "check", "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    # Up to the entry after next: the illegal entry is complete once the next one has started.
    cut = illegal.index("  - {player: red, road")
    p.stdin.write(illegal[:cut].encode())
    p.stdin.flush()
    got = b""
    deadline = time.monotonic() + 60
    while b"error[" not in got and time.monotonic() < deadline:
        ready, _, _ = select.select([p.stdout], [], [], 0.5)
        if ready:
            chunk = os.read(p.stdout.fileno(), 65536)
            if not chunk:
                break
            got += chunk
    live_ok = b"error[" in got and p.poll() is None  # printed while the input is still open
    p.stdin.write(illegal[cut:].encode())
    p.stdin.close()
    rest = p.stdout.read()
    p.wait()
    if live_ok and p.returncode == 1 and b"illegal" in got + rest:
        passed += 1
        print("ok   a piped running game gets its verdict at the illegal entry")
    else:
        failures += 1
        print(f"FAIL a piped running game: verdict before the end {live_ok}, exit {p.returncode}: {(got + rest)[:300]!r}")
