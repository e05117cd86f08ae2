"""The fuzz run (`soan fuzz`): many random games of every game, over random variant mixes, parameter
values and player counts, each checked for crashes, hangs, broken invariants, leaks, inexact replays
and bad input that escapes as anything but soan's own errors. Generic: a game takes part through the
contract and its `hooks.invariants`.

One game's settings and moves follow from (seed, index) alone, so a problem found in a run of
20,000 games is found again with `--seed S --start INDEX -n 1`, and its record replays it.

What is checked, and how often (`every` = K):
- every action: the contract (whose turn it is, legal actions exist exactly for the seats to act and
  do not repeat, scores and ranks fit) and the game's own invariants (`hooks.invariants`);
  any exception from `apply`, `legal_actions` or the checks is a crash; more than `MAX_ACTIONS`
  actions is a hang;
- every K-th action (and at the end): the view survives JSON and `from_view`, the legal actions
  survive JSON, clones are independent, `determinize(seat)` keeps what that seat sees and its legal
  actions, and depends on nothing the seat cannot see (two resamples determinize alike: no leak);
  bad input (seats out of range or of the wrong type, malformed and out-of-range actions, actions
  of other moments, another seat's action) is refused with soan's errors only and changes nothing;
- at the end: the record written for the game replays to exactly the final state.
"""

from __future__ import annotations

import json
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import SoanError
from .invariants import MAX_ACTIONS, contract_problems, deep_problems, game_problems

BAD_SEATS: tuple[Any, ...] = (-1, True, "0", 0.0, None, 10**30)
BAD_VALUES: tuple[Any, ...] = (-1, 10**12, -(10**12), "x", None, [], {}, True, 2.5, [10**6])
SETTING_CHANCE = 0.35  # how often a parameter takes a value other than its default


@dataclass
class FuzzResult:
    game: str
    index: int
    players: int = 0
    variants: list[str] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)
    actions: int = 0
    refused_settings: str = ""  # `make` refused the drawn settings with a soan error (not a problem)
    problems: list[str] = field(default_factory=list)
    record: str = ""
    seconds: float = 0.0


def draw_settings(info: Any, rng: random.Random) -> tuple[int, list[str], dict[str, Any]]:
    """A random player count, variant mix and parameter values (some outside what the rules allow:
    `make` must refuse those with a soan error)."""
    players = rng.randint(*info.players)
    variants = [v for v in info.variants if rng.random() < 0.35]
    params: dict[str, Any] = {}
    for p in info.params.values():
        if p.requires and p.requires not in variants:
            continue
        if rng.random() >= SETTING_CHANCE:
            continue
        d = p.default
        if p.choices:
            params[p.name] = rng.choice(p.choices)
        elif isinstance(d, bool):
            params[p.name] = not d
        elif isinstance(d, int) or (d is None and p.kind is int):
            base = d if isinstance(d, int) else 2
            lo = p.min if p.min is not None else base - 2
            hi = p.max if p.max is not None else base + 3
            params[p.name] = rng.randint(max(lo, base - 2), min(hi, base + 3))
        elif isinstance(d, tuple) and all(isinstance(x, int) for x in d):
            params[p.name] = sorted(x + rng.randint(-2, 2) for x in d)
    return players, variants, params


def _bad_actions(s: Any, seat: int, legal: list[Any], past: list[Any], rng: random.Random) -> list[Any]:
    """Actions to throw at `apply`: malformed JSON edits of a legal action, actions of other moments,
    and things that are no action at all. Anything here that is legal now is skipped by the caller."""
    from .actions import parse_action

    out: list[Any] = [None, "pass", {"type": "?"}, 17]
    out += rng.sample(past, min(3, len(past)))
    a = rng.choice(legal)
    j = a.to_json()
    for _ in range(3):
        k = rng.choice(list(j))
        edited = dict(j, **{k: rng.choice(BAD_VALUES)})
        try:
            out.append(parse_action(s.game_id, edited))
        except SoanError:
            pass  # refused while reading: what it should do
    return out


def probe_bad_input(s: Any, rng: random.Random, past: list[Any]) -> list[str]:
    """Throw bad seats and actions at the state: each must raise a soan error and change nothing."""
    out: list[str] = []
    before = s.view()
    seat = s.to_act()[0]
    legal = s.legal_actions(seat)
    for bad in BAD_SEATS:
        for name in ("legal_actions", "observation", "prompt", "apply", "determinize"):
            args: tuple[Any, ...] = {"apply": (legal[0],), "determinize": (rng,)}.get(name, ())
            try:
                getattr(s, name)(bad, *args)
                out.append(f"{name}({bad!r}) was accepted (a seat must be an int 0..{s.players - 1})")
            except SoanError:
                pass
            except Exception as e:  # noqa: BLE001 - any other exception type is the problem looked for
                out.append(f"{name}({bad!r}) raised {type(e).__name__}: {e}")
    others = [p for p in range(s.players) if p not in s.to_act()]
    tries = [(seat, b) for b in _bad_actions(s, seat, legal, past, rng)] + [(p, legal[0]) for p in others[:1]]
    for who, a in tries:
        try:
            if who == seat and a in legal:
                continue
        except Exception:  # noqa: BLE001 - an object whose comparison fails is still thrown at apply
            pass
        try:
            s.apply(who, a)
            out.append(f"seat {who}'s illegal action {a!r} was accepted")
            break  # the state has moved on; the rest would mislead
        except SoanError:
            pass
        except Exception as e:  # noqa: BLE001
            out.append(f"seat {who}'s illegal action {a!r} raised {type(e).__name__}: {e}")
    if not out and s.view() != before:
        out.append("a refused action changed the state")
    return out


def leak_problems(s: Any, rng: random.Random) -> list[str]:
    """`determinize(seat)` depends only on what the seat sees: two resamples (which look the same to
    the seat) determinize to the same state under the same generator."""
    from .rng import Rng

    out = []
    for seat in s.to_act():
        a = s.determinize(seat, Rng(rng.getrandbits(32)))
        b = s.determinize(seat, Rng(rng.getrandbits(32)))
        if a.observation(seat) != b.observation(seat):
            out.append(f"two resamples for seat {seat} look different to it (hidden information leaks)")
        elif a.determinize(seat, Rng(3)).view() != b.determinize(seat, Rng(3)).view():
            out.append(f"determinize({seat}) depends on information seat {seat} cannot see")
    return out


def replay_problems(s0: Any, s: Any, moves: list[tuple[int, Any]]) -> list[str]:
    from .records import replay, write_record

    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "g.jsonl"
        write_record(p, s0, moves)
        r = replay(p)
    return [] if r.view() == s.view() else ["the record does not replay to the final state"]


def fuzz_game(game: str, index: int, seed: int, every: int = 10, out_dir: str | None = None) -> FuzzResult:
    """Play game number `index` of the run `seed` with random actions, checking as the module says."""
    from .game import game_info, make

    t0 = time.perf_counter()
    rng = random.Random(f"soan-fuzz:{seed}:{game}:{index}")
    info = game_info(game)
    players, variants, params = draw_settings(info, rng)
    res = FuzzResult(game, index, players, variants, params)
    try:
        s0 = make(game, players=players, seed=rng.getrandbits(31), variants=variants, params=params)
    except SoanError as e:
        res.refused_settings = str(e)
        return res
    except Exception as e:  # noqa: BLE001
        res.problems.append(f"make raised {type(e).__name__} (not a soan error): {e}")
        return res
    s = s0.clone()
    moves: list[tuple[int, Any]] = []
    past: list[Any] = []
    k = 0
    while True:
        try:
            probs = contract_problems(s) + game_problems(s)
            if not probs and (k % every == 0 or s.is_over()):
                probs = deep_problems(s, rng) + leak_problems(s, rng)
                if not probs and not s.is_over():
                    probs = probe_bad_input(s, rng, past)
            if not probs and s.is_over():
                probs = replay_problems(s0, s, moves)
        except Exception as e:  # noqa: BLE001 - a crash is what the run looks for
            probs = [f"{type(e).__name__} while checking: {e}"]
        if not probs and not s.is_over() and k >= MAX_ACTIONS:
            probs = [f"no end after {k} actions (a hang?)"]
        if probs or s.is_over():
            break
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        a = legal[rng.randrange(len(legal))]
        try:
            s.apply(seat, a)
        except Exception as e:  # noqa: BLE001
            probs = [f"seat {seat}'s legal action {a} raised {type(e).__name__}: {e}"]
            break
        moves.append((seat, a))
        if len(past) < 64:
            past.append(a)
        elif rng.random() < 0.1:
            past[rng.randrange(64)] = a
        k += 1
    res.actions = k
    res.seconds = round(time.perf_counter() - t0, 4)
    if probs:
        res.problems = [f"after {k} actions: {p}" for p in probs]
        if out_dir:
            from .records import write_record

            path = Path(out_dir) / f"{game}-seed{seed}-game{index}.jsonl"
            path.parent.mkdir(parents=True, exist_ok=True)
            write_record(path, s0, moves)
            res.record = str(path)
    return res


def fuzz_batch(args: tuple[str, list[int], int, int, str | None]) -> list[FuzzResult]:
    """A batch of games for one worker process."""
    game, indices, seed, every, out_dir = args
    return [fuzz_game(game, i, seed, every, out_dir) for i in indices]


def as_json(r: FuzzResult) -> str:
    return json.dumps(r.__dict__, ensure_ascii=False, default=str)
