#!/usr/bin/env bash
# Proves that a change to how messages are built leaves every report byte-identical: runs
# `check` in every format over a fixed corpus (samples/, the test logs, generated games,
# their player views, and a few hundred mutants) and writes one file per format.
#
#   scripts/message-identity.sh corpus DIR [BINARY]    build the corpus into DIR
#   scripts/message-identity.sh run CORPUS OUT BINARY  the reports of BINARY into OUT
#   scripts/message-identity.sh compare BEFORE AFTER   must say "identical" for each
#
# compare: text, GitHub and JUnit byte for byte; JSON, JSON Lines and SARIF byte for byte
# once the keys added with the message table are dropped (a diagnostic's message-id and
# arguments, SARIF's messageStrings and message id and arguments), which must be all that
# differs: every message text stays as it was.
#
# The corpus is built once (with any binary) and then checked by the binary before the
# change and the one after it; generated files depend on the generator, not on messages.
set -euo pipefail
# Whether two JSON reports (or JSON Lines, or SARIF logs) agree once the keys added with the
# message table are dropped.
same_json=$(cat <<'PY'
import json, sys

def strip(x):
    if isinstance(x, dict):
        return {k: strip(v) for k, v in x.items()
                if k not in ("message-id", "arguments", "messageStrings") and
                not (k == "id" and "text" in x and "arguments" in x)}
    if isinstance(x, list):
        return [strip(v) for v in x]
    return x

def load(path):
    text = open(path, encoding="utf-8").read()
    if "\nexit " in text:
        text, _, code = text.rpartition("exit ")
    else:
        code = ""
    try:
        docs = [json.loads(text)]
    except json.JSONDecodeError:
        docs = [json.loads(line) for line in text.splitlines() if line.strip()]
    return [strip(d) for d in docs], code

a, b = load(sys.argv[1]), load(sys.argv[2])
sys.exit(0 if a == b else 1)
PY
)
here=$(cd "$(dirname "$0")/.." && pwd)
cmd=${1:?usage: message-identity.sh corpus DIR [BINARY] | run CORPUS OUT BINARY}

case "$cmd" in
  corpus)
    dir=${2:?corpus DIR}
    bin=${3:-$here/build/dev/catan-referee}
    mkdir -p "$dir/samples" "$dir/tests" "$dir/generated" "$dir/views" "$dir/mutants"
    cp "$here"/samples/*.yaml "$dir/samples/"
    i=0
    while IFS= read -r f; do
      i=$((i + 1))
      cp "$f" "$dir/tests/$i-$(basename "$f")"
    done < <(find "$here/tests/schema/cases" "$here/tests/formats" -name '*.yaml' | sort)
    "$bin" generate --seed 7 --count 20 --out "$dir/generated" >/dev/null
    for g in "$dir"/generated/*.yaml; do
      b=$(basename "$g" .yaml)
      "$bin" redact "$g" --view spectator --out "$dir/views/$b-spectator.yaml" >/dev/null
      first=$(sed -n 's/^players: \[\([^,]*\),.*/\1/p' "$g" | head -1)
      [ -n "$first" ] && "$bin" redact "$g" --view "$first" --out "$dir/views/$b-seat.yaml" >/dev/null
      for seed in 1 2; do
        mkdir -p "$dir/mutants/$b-$seed"
        "$bin" mutate "$g" --seed "$seed" --out "$dir/mutants/$b-$seed" >/dev/null || true
      done
    done
    for v in "$dir"/views/*.yaml; do
      b=$(basename "$v" .yaml)
      mkdir -p "$dir/mutants/$b"
      "$bin" mutate "$v" --seed 3 --out "$dir/mutants/$b" >/dev/null 2>&1 || true
    done
    echo "$(find "$dir" -name '*.yaml' | wc -l) logs in $dir"
    ;;
  run)
    corpus=${2:?run CORPUS OUT BINARY}
    out=${3:?run CORPUS OUT BINARY}
    bin=${4:?run CORPUS OUT BINARY}
    mkdir -p "$out"
    for format in text json jsonl sarif junit github; do
      # The tool version and the run's own facts are the same for both binaries.
      (cd "$corpus" && "$bin" check . --format "$format" --color never >"$out/check.$format" 2>&1 ||
        echo "exit $?" >>"$out/check.$format")
    done
    # Each file alone as well, so that every game's first diagnostic is reported in text.
    (cd "$corpus" && find . -name '*.yaml' | sort | while IFS= read -r f; do
      "$bin" check "$f" --color never 2>&1 || echo "exit $?"
    done) >"$out/each.text"
    echo "$(wc -l <"$out/each.text") lines of per-file reports in $out"
    ;;
  compare)
    before=${2:?compare BEFORE AFTER}
    after=${3:?compare BEFORE AFTER}
    status=0
    for f in check.text check.github check.junit each.text; do
      if cmp -s "$before/$f" "$after/$f"; then echo "$f: identical"; else echo "$f: DIFFERS"; status=1; fi
    done
    for f in check.json check.jsonl check.sarif; do
      if python3 -c "$same_json" "$before/$f" "$after/$f"; then
        echo "$f: identical (without the new keys)"
      else
        echo "$f: DIFFERS"
        status=1
      fi
    done
    exit $status
    ;;
  *)
    echo "usage: message-identity.sh corpus DIR [BINARY] | run CORPUS OUT BINARY" >&2
    exit 2
    ;;
esac
