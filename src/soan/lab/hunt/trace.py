"""One game as the hunt sees it: bots play, and every decision's options and choice are kept as atoms.

`traced_game` returns a plain, JSON-able dict (a *trace*) the oracles read:
- `scores`, `ranks`, `length` (steps), `decisions` and `choices` (decisions with two or more options) per seat;
- `could` / `chose`: per seat, per atom, the decisions where it was optional (some option showed it and
  some did not) and those of them where it was taken; `took`: every decision where it was taken;
  `first`: per seat, the decision (counted in the seat's own decisions) where each atom was first taken;
- `leaders`: the sole leader (or None) at each checkpoint — the end of each round when the game says
  its rounds (`hooks.round_of`), else after each tenth of the game's steps; `marks` names them;
- `still`: the longest run of steps in which no score moved, as a share of the game;
- `error`: the engine's refusal (its type and words and the step), `unfinished`: stopped at the cap;
- `examples`: per atom the first legal move seen that shows it (a report's words for it);
- `order`: the seats in the first round's turn order (the start player first; seat order for a game
  without one); `record`: the record's lines (`keep`); `forced`: the seat decisions a `Forcing` imposed.
A `Forcing` makes one seat take given moves at given decisions (or the first move showing an atom
from a decision on), the bots playing everything else: the shrinker's way to show a finding with as few
decisions as it can.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...agents import SeatView, make_agent
from ...agents.drive import play_step
from ...core.game import game_info, make
from ...core.records import header_for
from ...core.rng import derive
from .atoms import atoms

CHECKPOINTS = 10  # tenths of the game, for a game that does not say its rounds


@dataclass
class Forcing:
    """Seat `seat`'s decisions imposed: `moves` maps the seat's decision number (from 0) to an action's
    JSON, taken when legal then; `atom` from decision `after` on: the first legal move showing it."""

    seat: int
    moves: dict[int, dict[str, Any]] = field(default_factory=dict)
    atom: str | None = None
    after: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "moves": {str(k): v for k, v in sorted(self.moves.items())},
                "atom": self.atom, "after": self.after}

    @staticmethod
    def from_json(d: dict[str, Any]) -> Forcing:
        return Forcing(int(d["seat"]), {int(k): v for k, v in d.get("moves", {}).items()}, d.get("atom"),
                       int(d.get("after", 0)))


def _leader(sc: list[int]) -> int | None:
    top = max(sc)
    lead = [i for i, x in enumerate(sc) if x == top]
    return lead[0] if len(lead) == 1 else None


def traced_game(game: str, players: int, seed: int, agents: list[str], variants: tuple[str, ...] = (),
                params: dict[str, Any] | None = None, components: str | None = None, index: int = 0,
                keep: bool = False, cap: int = 0, forcing: Forcing | None = None) -> dict[str, Any]:
    """Play one game of bots and return its trace (module doc). `cap` > 0 stops a game after that many
    steps (`unfinished`)."""
    s = make(game, players=players, seed=seed, variants=list(variants), params=params or {}, components=components)
    hooks = game_info(game).hooks
    round_of = hooks.round_of
    record = [header_for(s, humans=[], bots=list(agents), source="hunt", index=index)] if keep else None
    bots = [make_agent(a, seed=derive(seed, 1000 + i)) for i, a in enumerate(agents)]
    could: list[dict[str, int]] = [{} for _ in range(players)]
    took: list[dict[str, int]] = [{} for _ in range(players)]
    chose: list[dict[str, int]] = [{} for _ in range(players)]
    first: list[dict[str, int]] = [{} for _ in range(players)]
    decisions = [0] * players
    choices = [0] * players
    forced: list[int] = []
    examples: dict[str, dict[str, Any]] = {}  # atom -> the first move seen showing it (words for a report)
    scores_at: list[list[int]] = [list(s.scores())]
    leaders: list[int | None] = []
    rnd = round_of(s) if round_of is not None else None
    order = list(hooks.turn_order(s)) if hooks.turn_order is not None else list(range(players))

    def act(seat: int, view: SeatView) -> Any:
        la = view.legal_actions()
        js = [a.to_json() for a in la]
        seen: set[str] = set()
        every: set[str] | None = None  # the atoms of every option: no choice there
        for j in js:
            mine = atoms(j)
            every = set(mine) if every is None else every.intersection(mine)
            for t in mine:
                if t not in seen:
                    seen.add(t)
                    if t not in examples:
                        examples[t] = j
        optional = seen - every if every is not None else seen
        cs = could[seat]
        for t in optional:
            cs[t] = cs.get(t, 0) + 1
        k = decisions[seat]
        pick = None
        if forcing is not None and forcing.seat == seat:
            want = forcing.moves.get(k)
            if want is not None and want in js:
                pick = la[js.index(want)]
            elif forcing.atom is not None and k >= forcing.after and forcing.atom in seen \
                    and forcing.atom not in took[seat]:
                pick = next(a for a, j in zip(la, js, strict=True) if forcing.atom in atoms(j))
            if pick is not None:
                forced.append(k)
        if pick is None:
            view.cache = la
            pick = bots[seat].act(view)
            view.cache = None
        ts, cz = took[seat], chose[seat]
        for t in atoms(pick.to_json()):
            ts[t] = ts.get(t, 0) + 1
            first[seat].setdefault(t, k)
            if t in optional:
                cz[t] = cz.get(t, 0) + 1
        decisions[seat] += 1
        choices[seat] += len(la) > 1
        return pick

    def apply(seat: int, a: Any) -> None:
        s.apply(seat, a)
        if record is not None:
            record.append({"seat": seat, "action": a.to_json()})

    length = 0
    still = run = 0
    error = None
    unfinished = False
    try:
        while not s.is_over():
            if cap and length >= cap:
                unfinished = True
                break
            moves = play_step(s, act, apply)
            length += len(moves)
            sc = list(s.scores())
            run = run + len(moves) if sc == scores_at[-1] else 0
            still = max(still, run)
            scores_at.append(sc)
            if round_of is not None:
                r = round_of(s)
                if r != rnd:
                    leaders.append(_leader(scores_at[-2]))  # the round just ended: its last scores
                    rnd = r
    except Exception as e:  # the engine's refusal is a finding (degenerate games), not a crash of the hunt
        error = {"type": type(e).__name__, "message": str(e)[:500], "message_ja": (getattr(e, "ja", None) or "")[:500],
                 "step": length}
    if round_of is None:
        n = len(scores_at) - 1
        leaders = [_leader(scores_at[max(1, round(n * k / CHECKPOINTS))]) if n else None
                   for k in range(1, CHECKPOINTS)]
    over = error is None and not unfinished
    return {"index": index, "seed": seed, "agents": list(agents), "players": players,
            "scores": list(s.scores()), "ranks": list(s.ranks()) if over else [0] * players,
            "length": length, "decisions": decisions, "choices": choices, "could": could, "took": took, "chose": chose,
            "first": first, "leaders": leaders, "marks": "rounds" if round_of is not None else "tenths",
            "still": still / length if length else 0.0, "error": error, "unfinished": unfinished,
            "forced": forced, "order": order, "examples": examples,
            "record": record}


def winners(t: dict[str, Any]) -> list[int]:
    return [i for i, r in enumerate(t["ranks"]) if r == 1]


def win_share(t: dict[str, Any], seat: int) -> float:
    """The seat's part of the game's win: 1/k for one of k sharing first place, 0 for an unfinished game."""
    w = winners(t)
    return 1 / len(w) if seat in w else 0.0
