"""Pearl Bid (真珠の競り): the tiny game kept in the tests to prove that a game is one folder.

Importing it registers nothing: the tests add it with `soan.core.game.register(INFO)` and take it out
with `unregister` (a fixture), or declare `INFO` as a `soan.games` entry point as a draft's own package
would (tests/test_registry.py); nothing under src/ names it.
"""

from soan.core.actions import Action
from soan.core.game import GameInfo, Param, Variant
from soan.core.hooks import ComponentsModel, GameHooks, ReportPanel

from . import actions, measures, model, text  # noqa: F401  (registers the action type)
from .rules import PearlBid, new_state, state_from_view

GAME = actions.GAME
VARIANTS = {
    "lowest-wins": Variant("lowest-wins", "PB-V1", "The lowest bid nobody else played wins.",
                           "他と重ならない最も低い入札が勝つ"),
}
PARAMS = {
    "ties_carry": Param("ties_carry", False, "Prizes nobody wins stay on offer for the next round.", rule="PB-R3",
                        doc_ja="誰も獲得しなかった真珠は次のラウンドに持ち越す"),
    "favourite_bonus": Param("favourite_bonus", 1, "Bonus VP per prize of your favourite colour.", rule="PB-F1",
                             doc_ja="好きな色の真珠１枚ごとのボーナス点"),
}


def _report_panels() -> list[ReportPanel]:
    from .report import PANELS  # numpy and matplotlib only when a report is written

    return PANELS


INFO: GameInfo[PearlBid, Action] = GameInfo(
    id=GAME, name="Pearl Bid", name_ja="真珠の競り", players=(2, 4), variants=VARIANTS, params=PARAMS,
    new_state=new_state, state_from_view=state_from_view, load_components=model.load_components,
    dynamics="simultaneous",  # every seat bids at once, in secret
    default_players=3,
    hooks=GameHooks(  # no evaluate/info_key: the bots' defaults (scores, the JSON observation) are used
        horizon=4, measures=measures.Measures, report_panels=_report_panels, text=text,
        components=ComponentsModel(model.Components, model.DATA, model.check),
    ),
)
__all__ = ["INFO", "PearlBid"]
