"""Kingmaking: a seat that can no longer win still decides who does.

A probe plays a game of normal bots and keeps its record; it then finds the moves made by a seat *out of
contention* (even the largest gain any seat made from there to the end would not bring it level with
the leader; lab/quality.py's definition) while two or more others could still win, with two or more
options. At up to three such moves, drawn by the game's seed, it tries the move made and up to three
others, and plays each on to the end with fresh normal bots (the same seeds for every option). The
position is kingmaking when an option ends with other winners than the move made gives, both on those
seeds and on other seeds (so luck alone did not part them), the deciding seat winning with none.
A finding's figure is the share of games with such a position.
"""

from __future__ import annotations

from typing import Any

from ...agents import SeatView, make_agent
from ...agents.drive import play_step
from ...core.game import make
from ...core.rng import Rng, derive
from .trace import traced_game

POSITIONS = 3  # positions tried per game (drawn among the moves of seats out of contention)
OPTIONS = 4  # moves tried at a position: the one made and up to three others


def _state_at(header: dict[str, Any], moves: list[dict[str, Any]], upto: int) -> Any:
    s = make(header["game"], players=header["players"], seed=header["seed"], variants=header["variants"],
             params=header["params"], components=header["components"])
    for m in moves[:upto]:
        _apply_json(s, m["seat"], m["action"])
    return s


def _apply_json(s: Any, seat: int, j: dict[str, Any]) -> Any:
    a = next(a for a in s.legal_actions(seat) if a.to_json() == j)
    s.apply(seat, a)
    return a


def play_on(s: Any, seed: int, record: list[dict[str, Any]] | None = None, cap: int = 0) -> list[int]:
    """Play a state to its end with fresh normal bots seeded from `seed`; the winners."""
    bots = [make_agent("greedy", seed=derive(seed, 2000 + i)) for i in range(len(s.scores()))]

    def act(seat: int, view: SeatView) -> Any:
        return bots[seat].act(view)

    def apply(seat: int, a: Any) -> None:
        s.apply(seat, a)
        if record is not None:
            record.append({"seat": seat, "action": a.to_json()})

    steps = 0
    while not s.is_over() and (not cap or steps < cap):
        steps += len(play_step(s, act, apply))
    return list(s.winners()) if s.is_over() else []


def _candidates(header: dict[str, Any], moves: list[dict[str, Any]]) -> list[int]:
    """The moves made by a seat out of contention while two or more seats are in it, with a choice."""
    s = _state_at(header, moves, 0)
    scores = [list(s.scores())]
    options = []
    for m in moves:
        options.append(len(s.legal_actions(m["seat"])))
        _apply_json(s, m["seat"], m["action"])
        scores.append(list(s.scores()))
    final = scores[-1]
    out = []
    for i, m in enumerate(moves):
        sc = scores[i]
        gain = max(final[k] - sc[k] for k in range(len(sc)))
        top = max(sc)
        out_of = [k for k in range(len(sc)) if sc[k] + gain < top]
        if m["seat"] in out_of and len(sc) - len(out_of) >= 2 and options[i] > 1:
            out.append(i)
    return out


def probe(game: str, players: int, seed: int, variants: tuple[str, ...] = (), params: dict[str, Any] | None = None,
          components: str | None = None, index: int = 0, cap: int = 0) -> dict[str, Any]:
    """One probed game: {'event': bool, 'step', 'seat', 'winners': per option, 'record': the record of the
    option that changed the winner (header, moves), 'finished': bool}."""
    t = traced_game(game, players, seed, ["greedy"] * players, variants, params, components, index, keep=True, cap=cap)
    out: dict[str, Any] = {"index": index, "seed": seed, "event": False, "finished": t["error"] is None
                           and not t["unfinished"], "record": None}
    if not out["finished"]:
        return out
    header, moves = t["record"][0], t["record"][1:]
    cands = _candidates(header, moves)
    if not cands:
        return out
    rng = Rng(derive(seed, 4242), raw=True)
    picked = sorted({cands[rng.below(len(cands))] for _ in range(POSITIONS)})
    for i in picked:
        found = _position(header, moves, i, seed, rng, cap)
        out.update(found)
        if found["event"]:
            break
    out["positions"] = len(picked)
    return out


def _position(header: dict[str, Any], moves: list[dict[str, Any]], i: int, seed: int, rng: Rng,
              cap: int) -> dict[str, Any]:
    """One position tried: the move made and up to `OPTIONS` − 1 others, each played on to the end."""
    seat = moves[i]["seat"]
    base = _state_at(header, moves, i)
    legal = [a.to_json() for a in base.legal_actions(seat)]
    made = moves[i]["action"]
    others = [j for j in legal if j != made]
    picks = [made] + [others.pop(rng.below(len(others))) for _ in range(min(OPTIONS - 1, len(others)))]
    tried = []
    for j in picks:
        s = base.clone()
        rec: list[dict[str, Any]] = [{"seat": seat, "action": j}]
        _apply_json(s, seat, j)
        tried.append((j, play_on(s, derive(seed, 77), rec, cap), rec))
    again = base.clone()
    _apply_json(again, seat, made)
    luck = play_on(again, derive(seed, 78), None, cap)  # the move made, other seeds: what luck alone gives
    out: dict[str, Any] = {"event": False, "step": i, "seat": seat, "winners": [w for _, w, _ in tried],
                           "steady": luck == tried[0][1]}
    parted = [x for x in tried[1:] if x[1] not in (tried[0][1], luck)]
    if parted and all(seat not in w for _, w, _ in tried):
        j, w, rec = parted[0]
        out.update(event=True, record=[header, *moves[:i], *rec], changed_to=w, made_winners=tried[0][1], choice=j)
    return out
