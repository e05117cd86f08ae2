"""Undecim (ウーンデキム 草案８): a light 4X with a council of 11 action cards; a 3-season campaign."""

from pathlib import Path

from ...core.actions import Action
from ...core.game import GameInfo, Param, Variant
from ...core.hooks import ComponentsModel, GameHooks, ReportPanel, Styles
from . import actions, evaluate, measures, model, serialise, text, views  # noqa: F401  (registers the action types)
from .model import load_components
from .rules import Undecim, new_state, state_from_view
from .webboard import BOARD

VARIANTS = {
    "bonus-lock": Variant("bonus-lock", "UN-V1",
                          "Normal-area cards move to the bonus area only when the bonus area is empty.",
                          "ボーナス置き場が空になるまで、ボーナスなしカードはボーナスありにならない"),
    "one-card-hand": Variant("one-card-hand", "UN-V2", "Deal 1 action card per player (the rest to the bonus area).",
                             "手札を１枚にする"),
    "no-retake": Variant("no-retake", "UN-V3", "You may not take the card you played on your previous turn.",
                         "前の手番で使ったカードは取れない"),
}
PARAMS = {
    "campaign": Param("campaign", False, "Play the 3-season campaign in one game (UN-K1..K4).", rule="UN-K1",
        doc_ja="３シーズンのキャンペーンを１ゲームとして遊ぶ"),
    "building_table": Param("building_table", None,
                            "VP for a settlement of 2, 3, 4, 5+ cards (UN-F2); unset: the components' table "
                            "(4,8,12,18 as drafted).", rule="UN-F2", kind=tuple, data_key="buildings",
                            min=-1000, max=1000, length=(1, 20),
        doc_ja="入植地の建物点：２枚・３枚・４枚・５枚以上の入植地の点数。未指定ならコンポーネントの表"
               "（草案では 4,8,12,18）"),
    "gold_rate": Param("gold_rate", None, "VP per loose gold per settlement (UN-F3); unset: the components' "
                       "value (1 as drafted).", rule="UN-F3", kind=int, data_key="gold_rate", min=-1000, max=1000,
        doc_ja="入植地１つにつき、ばらの金１枚あたりの点数。未指定ならコンポーネントの値（草案では１点）"),
    "position_vp": Param("position_vp", (), "VP each player starts a season with by turn position, start player "
                         "first, e.g. 0,0,1,1 (UN-B1); missing positions start with 0; empty: none.", rule="UN-B1",
                         min=-99, max=99, length=(0, 4),
        doc_ja="手番順ごとにシーズン開始時に持つ勝利点（スタートプレイヤーから順に。例：0,0,1,1）。"
               "足りない手番は0点、空なら無し"),
}


def _report_panels() -> list[ReportPanel]:
    from .report import PANELS  # numpy and matplotlib: imported only when a report is written

    return PANELS


INFO: GameInfo[Undecim, Action] = GameInfo(
    id="undecim", name="Undecim", name_ja="ウーンデキム", players=(3, 4), variants=VARIANTS, params=PARAMS,
    new_state=new_state, state_from_view=state_from_view, load_components=load_components,
    dynamics="sequential",  # one seat's turn at a time
    hooks=GameHooks(
        evaluate=evaluate.evaluate, info_key=evaluate.info_key, horizon=evaluate.HORIZON,
        lookahead_end=evaluate.lookahead_end, playout=evaluate.playout,
        restate=serialise.restate,
        styles=Styles(Path(__file__).parent / "data" / "styles.yaml", evaluate.WEIGHTS),
        measures=measures.Measures, turn_order=measures.turn_order, card_name=measures.card_name,
        report_panels=_report_panels, text=text,
        components=ComponentsModel(model.Components, model.DATA, model.check),
        invariants=views.state_problems, view_model=views.UndecimView, view_derived=views.DERIVED,
        web_board=BOARD,
    ),
)

__all__ = ["INFO", "Undecim"]
