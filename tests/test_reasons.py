"""A bot's reasons never name what the viewing seat may not see (agents/reasons.py, cli/play.py's `w`)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import soan
from soan.agents import SeatView, make_agent
from soan.agents.reasons import public_options, public_reasons
from soan.cli.main import app
from soan.core.rng import Rng, derive

GAMES = [g["id"] for g in soan.games()]


def _legal_in_every_world(s, mover: int, viewer: int, worlds: int) -> set[str]:
    """The check's own resampling, on seeds the filter never uses: options legal in every world."""
    out: set[str] | None = None
    for i in range(worlds):
        w = s.determinize(viewer, Rng(derive(991, viewer, i)))
        legal = {str(a) for a in w.legal_actions(mover)}
        out = legal if out is None else out & legal
    return out or set()


@pytest.mark.parametrize("game", GAMES)
def test_reasons_shown_to_a_seat_name_only_what_its_observation_allows(game):
    """Across seeded games with normal bots: every weighed option shown to another seat is one the mover
    could take in every world consistent with that seat's observation (80 fresh resamplings), or the
    move the bot made. In Undecim a hidden card of the mover's deal is never named."""
    players = 3
    hidden_seen = 0
    for seed in (5, 6):
        s = soan.make(game, players=players, seed=seed)
        bots = [make_agent("normal", seed=derive(seed, k)) for k in range(players)]
        moves = 0
        while not s.is_over() and moves < 60:
            mover = s.to_act()[0]
            d = bots[mover].decide(SeatView(s, mover))
            if d.why:
                for viewer in range(players):
                    shown = public_reasons(s, mover, viewer, d.why, chosen=d.action, seed=moves)
                    if viewer == mover:
                        assert shown == d.why
                        continue
                    ok = _legal_in_every_world(s, mover, viewer, 80) | {str(d.action)}
                    named = {str(a) for a, _ in shown}
                    assert named <= ok, (game, seed, moves, viewer, named - ok)
                    hidden_seen += len({str(a) for a, _ in d.why} - ok)
            s.apply(mover, d.action)
            moves += 1
    if game == "undecim":  # the case the filter exists for does occur in these games
        assert hidden_seen > 0


def test_public_options_keeps_what_the_viewer_knows_and_checks_its_samples():
    s = soan.make("undecim", players=3, seed=5)
    mover = s.to_act()[0]
    own = {str(a) for a in s.legal_actions(mover)}
    assert public_options(s, mover, mover, samples=4) == own  # the mover knows its own hand
    with pytest.raises(ValueError, match="samples is at least 1"):
        public_options(s, mover, (mover + 1) % 3, samples=0)


def test_terminal_why_hides_a_card_of_a_secret_deal(tmp_path):
    """The reported case: seat 1 at Undecim, seed 5, asks `w`; player 2 weighed 造幣 from its secret first
    deal, which seat 1 has not seen. It is not named; the card player 2 played is."""
    rec = tmp_path / "u.jsonl"
    out = CliRunner().invoke(app, ["play", "undecim", "--players", "3", "--bots", "normal", "--lang", "ja",
                                   "--seed", "5", "--record", str(rec)], input="4\n1\n1\n1\n2\n1\n2\nw\nq\n").output
    why = out[out.index("前回の選択以降"):]
    assert "プレイヤー 2: 収穫を使う" in why.replace("\n", "")
    assert "造幣を使う" not in why  # in player 2's hidden hand only
    assert "収穫を使う：開拓地からリソースを３枚獲得する（上下自由）。0.35" in why.replace("\n", "").replace(" ", "")
