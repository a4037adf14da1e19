#!/usr/bin/env python3
"""Writes the player-view samples (samples/*-view-*.yaml) from the standard board and set-up
of samples/legal-opening.yaml, computing each expected action number and line.

Usage: scripts/make-view-samples.py [CATAN_REFEREE]   (the binary redacts two generated
samples; default build/release/catan-referee, else build/dev/catan-referee)
"""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
NAMES = ["red", "blue", "white", "orange"]


def opening():
    """The header (board, players) and the 16 set-up entries of legal-opening.yaml."""
    lines = (SAMPLES / "legal-opening.yaml").read_text().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith("players:"))
    end = next(i for i, l in enumerate(lines) if l.startswith("actions:"))
    board = lines[start + 1:end]
    setup = []
    i = end + 1
    while len(setup) < 16:
        l = lines[i]
        i += 1
        if l.strip().startswith("#"):
            continue
        if l.startswith("  - player: red") and "road" in lines[i]:  # the last, block-form entry
            setup.append("  - {player: red, road: [1, -2, SE]}")
            continue
        setup.append(l.split("  #")[0].rstrip())
    return board, setup


class Log:
    def __init__(self, view="spectator", rules="catan-2025"):
        board, setup = opening()
        self.rules, self.view = rules, view
        self.board, self.entries = board, list(setup)
        self.active = 0
        self.marks = {}

    def add(self, who, body, mark=None):
        self.entries.append(f"  - {{player: {who}, {body}}}")
        if mark:
            self.marks[mark] = len(self.entries)
        return len(self.entries)

    def act(self, body, mark=None):
        return self.add(NAMES[self.active], body, mark)

    def roll(self, total):
        a = total // 2 if total <= 7 else total - 6
        return self.act(f"roll: [{a}, {total - a}]")

    def end(self):
        self.act("end: turn")
        self.active = (self.active + 1) % 4

    def pass_(self, total):
        self.roll(total)
        self.end()

    def to_blue(self):
        while self.active != 1:
            self.pass_(10)

    def text(self, slug, comment, expect, mark=None):
        head = [f"# {l}" if l else "#" for l in comment.strip().splitlines()]
        body = [
            "# yaml-language-server: $schema=../schemas/catan-log-1.schema.json",
            "format: catan-log/1",
            f"game: {{id: sample-{slug}, notes: \"player-view sample, written by scripts/make-view-samples.py\"}}",
            f"rules: {self.rules}",
            "players: [red, blue, white, orange]",
            f"view: {self.view}",
            *self.board,
            "actions:",
            *self.entries,
        ]
        if expect.startswith("illegal"):
            n = self.marks[mark]
            line = len(head) + 1 + body.index("actions:") + 1 + n
            expect = f"{expect} at action {n} line {line}"
        return "\n".join(head + [f"# expect: {expect}"] + body) + "\n"


def write(name, text):
    (SAMPLES / name).write_text(text)
    print("wrote", name)


def red_robs_blue():
    g = Log()
    g.roll(7)
    g.act("robber: [1, -1], steal: {from: blue, card: hidden}")
    return g


def main():
    exe = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build/release/catan-referee"
    if not exe.exists():
        exe = ROOT / "build/dev/catan-referee"

    g = red_robs_blue()
    g.act("trade: {with: white, give: {ore: 2}, get: {lumber: 1}}", "x")
    write("illegal-TRADE-05-view-gives-more-than-any-world.yaml", g.text(
        "view-trade-05", """
TRADE-05 in a spectator's log: red rolls a 7 and robs blue of a card the spectator does
not see. Blue held {ore 1, grain 1, brick 1}, so there are three worlds; in none does red
hold 2 ore, which it then gives to white.""", "illegal TRADE-05", "x"))

    g = red_robs_blue()
    g.act("trade: {with: white, give: {ore: 1}, get: {lumber: 1}}, "
          "expect: {hands: {red: {wool: 2, brick: 1, lumber: 1}, blue: {grain: 1, brick: 1}}}")
    g.end()
    write("holds-TRADE-05-view-some-world-allows.yaml", g.text(
        "view-holds-trade-05", """
TRADE-05 holds in a spectator's log: after the unseen steal from blue (ore, grain or
brick), red gives 1 ore. One world allows it, so the entry is legal and pins the world:
the stolen card was the ore, as the assertion on blue's hand confirms.""", "incomplete"))

    g = red_robs_blue()
    g.act("trade: {with: white, give: {ore: 1}, get: {lumber: 1}}, "
          "expect: {hands: {blue: {ore: 1, brick: 1}}}", "x")
    write("illegal-COMP-05-view-expect-no-world.yaml", g.text(
        "view-comp-05", """
An assertion that no consistent world satisfies: red gives the ore it may have stolen
from blue, so the ore was the stolen card; blue cannot still hold ore afterwards. An
assertion is information that narrows the worlds, illegal only when none is left.""",
        "illegal COMP-05", "x"))

    g = Log(rules="{discard-limit: 2}")
    g.roll(7)
    g.add("red", "discard: {hidden: 1}")
    g.add("blue", "discard: {ore: 1, hidden: 1}", "x")
    write("illegal-ROBBER-01-view-hidden-discard-count.yaml", g.text(
        "view-robber-01", """
ROBBER-01 with unseen discards (discard-limit 2, so every player's 3 cards owe 1): red's
`{hidden: 1}` is right; blue discards a seen ore and one unseen card, two in all.""",
        "illegal ROBBER-01", "x"))

    def two_unseen(rules="catan-2025"):
        g = Log(rules=rules)
        g.pass_(4)
        g.roll(10)
        g.act("trade: {with: red, give: {brick: 1}, get: {wool: 1}}")
        g.act("trade: {with: orange, give: {brick: 1}, get: {grain: 1}}")
        g.act("buy: hidden")
        g.act("buy: hidden, expect: {cards: {blue: 0}}")
        g.end()
        return g

    g = two_unseen()
    for robber in ("[2, -2]", "[2, 0]"):
        g.to_blue()
        g.act("play: knight")
        g.act(f"robber: {robber}")
        g.roll(10)
        g.end()
    g.to_blue()
    g.act("play: knight", "x")
    write("illegal-DEV-04-view-third-knight-from-two-unseen.yaml", g.text(
        "view-dev-04", """
DEV-04 with unseen purchases: blue draws two cards the spectator does not see (turn 2)
and plays a knight on turns 6 and 10. Any kind fits each unseen card, but two cards are
two knights at most: the third knight (turn 14) has no card in any consistent world.""",
        "illegal DEV-04", "x"))

    g = two_unseen()
    g.to_blue()
    g.act("play: knight")
    g.act("robber: [2, -2]")
    g.act("reveal: 2", "x")
    write("illegal-DEV-06-view-reveal-after-knight.yaml", g.text(
        "view-dev-06", """
DEV-06 with unseen purchases: blue drew two unseen cards and played one as a knight, so
at most one of them is a victory-point card; revealing two fits no assignment.""",
        "illegal DEV-06", "x"))

    g = Log(rules="{victory-points: 3}")
    g.pass_(4)
    g.roll(10)
    g.act("trade: {with: red, give: {brick: 1}, get: {wool: 1}}")
    g.act("buy: hidden")
    g.end()
    g.to_blue()
    g.act("reveal: 1", "x")
    write("illegal-DEV-06-view-reveal-after-the-game-went-on.yaml", g.text(
        "view-dev-06-win", """
A possible win the log goes past (victory-points 3; blue holds 2 VP): blue's unseen card
would have won at once if it were a victory point. The log goes on, so in every
consistent world it is not one, and revealing it later as a victory point is DEV-06.""",
        "illegal DEV-06", "x"))

    g = Log(rules="{victory-points: 3}")
    g.pass_(4)
    g.roll(10)
    g.act("trade: {with: red, give: {brick: 1}, get: {wool: 1}}")
    g.act("buy: hidden")
    g.act("reveal: 1")
    g.act("end: turn", "x")
    write("illegal-TURN-07-view-play-after-a-certain-win.yaml", g.text(
        "view-turn-07", """
TURN-07 in a player-view log (victory-points 3; blue holds 2 VP): the reveal shows that
blue's unseen card is a victory point, so the game ended with the purchase in every
consistent world; only the winner's reveal and claim may follow, not `end: turn`.""",
        "illegal TURN-07", "x"))

    g = Log(rules="{victory-points: 3}")
    g.pass_(4)
    g.roll(10)
    g.act("trade: {with: red, give: {brick: 1}, get: {wool: 1}}")
    g.act("buy: hidden")
    g.act("reveal: 1")
    g.act("claim: win")
    write("holds-WIN-02-view-win-by-an-unseen-card.yaml",
          g.text("view-win-02", """
WIN-02 with an unseen card (victory-points 3; blue holds 2 VP): the card blue draws may
be a victory point, so the game may end with the purchase; the log stops there and blue
reveals the card and claims the win, which names blue the winner in every remaining world.""",
                 "legal") + "result: {winner: blue}\n")

    g = Log(view="blue")
    g.act("roll: 4, gains: {red: {wool: 1}, blue: {wool: 1}, orange: {grain: 2}}")
    g.act("trade: {with: orange, give: {wool: 1}, get: {grain: 1}}")
    g.end()
    g.act("roll: 13", "x")
    write("illegal-COMP-08-view-dice-sum.yaml", g.text(
        "view-comp-08", """
COMP-08 for a roll recorded as its sum (`roll: N`, as some servers log): 4 produces as
[2, 2] would; two dice cannot sum to 13.""", "illegal COMP-08", "x"))

    for source, view, flags, slug in (
            ("legal-game-4p-seed5.yaml", "spectator", ["--hide-discards", "--dice", "sum"],
             "legal-view-spectator-game-4p-seed5.yaml"),
            ("legal-game-3p-seed412.yaml", "white", [], "legal-view-white-game-3p-seed412.yaml")):
        out = subprocess.run([str(exe), "redact", str(SAMPLES / source), "--view", view, *flags],
                             check=True, capture_output=True, text=True).stdout
        head = (f"# The complete game {source} as {view} recorded it ({' '.join(['redact', '--view', view, *flags])}):\n"
                "# unseen steals and purchases are `hidden`; the checker judges it against every\n"
                "# consistent world and finds the same winner.\n# expect: legal\n")
        write(slug, head + out)


if __name__ == "__main__":
    main()
