"""Asian Delivery (アジアンデリバリー 草案６): pick-up-and-deliver across Hotan, 8 rounds."""

from dataclasses import replace
from pathlib import Path

from ...core.actions import Action
from ...core.game import GameInfo, Param, Variant
from ...core.hooks import ComponentsModel, GameHooks, ReportPanel, Styles
from . import actions, evaluate, measures, model, text  # noqa: F401  (registers the action types)
from .model import load_components
from .rules import AsianDelivery, new_state, state_from_view
from .webboard import BOARD

VARIANTS = {
    "one-porter": Variant("one-porter", "AD-V1", "人力輸送 at most once per turn.", "人力輸送は１手番に１回まで"),
    "big-map": Variant("big-map", "AD-V2", "Nine areas in a diamond, ① attached outside it.",
                       "９枚のひし形マップ、①を外周に接続"),
    "round-end-unload": Variant("round-end-unload", "AD-V3",
                                "Unloading only at round end, one player per vehicle (fewest cubes first).",
                                "荷下ろしはラウンド終了時、１台につき１人（荷物の少ない方優先）"),
    "capacity": Variant("capacity", "AD-V4", "Vehicles hold at most vehicle_capacity cubes in all.",
                        "乗り物に最大積載量"),
    "request-limit": Variant("request-limit", "AD-V5", "At most request_limit open requests.", "受注できる依頼数の上限"),
    "office-request": Variant("office-request", "AD-V6", "Building an office may take a request instead.",
                              "事務所建設時に依頼を得る選択肢", fires="office_requests"),
    "set-weight": Variant("set-weight", "AD-V7", "Colour pairs score double: 4 VP a pair at the midterm, 2 at the "
                          "final (doubles the defaults; pair_vp_midterm / pair_vp_final given explicitly are used "
                          "as given).",
                          "決算の色セットの比重を上げる（中間決算で１セット４点、最終決算で２点。色セットの点数を"
                          "パラメータで指定したときはその値をそのまま使う）"),
    "attributes": Variant("attributes", "AD-V8", "Colours renamed Power/Cool/Service/Dirty (text only).",
                          "パワー／クール／サービス／ダーティーの４属性"),
    "distance-bonus": Variant("distance-bonus", "AD-V9", "Requests score +distance_bonus VP per step from ①.",
                              "①からの歩数分をＶＰに上乗せ"),
    "worker-decay": Variant("worker-decay", "AD-V10", "Each turn ended without retrieving puts a worker from supply onto ①.",
                            "回収せずに終えた手番ごとに、供給のワーカーが１つ①へ移る", fires="decay_losses"),
    "mp-start-player": Variant("mp-start-player", "AD-V11", "Most workers in supply starts the next round.",
                               "ＭＰの残りでスタＰが決まる"),
    "local-market": Variant("local-market", "AD-V12", "A market upgrades only cubes in its own area's warehouse.",
                            "市場の自動アップデート効果をそのエリアの倉庫に限定"),
    "stored-vp": Variant("stored-vp", "AD-V13", "Round end: 1 VP per ad-tower area holding stored_vp_min of "
                         "your cubes.", "荷物を配置しておくだけで点が入る", fires="stored_vp"),
}
PARAMS = {
    "warehouse_cap": Param("warehouse_cap", 3, "Cubes per warehouse (the draft: 4 → 3).", rule="AD-C1",
        doc_ja="倉庫１つに置けるキューブの数（草案の４を３に）"),
    "gate_optional": Param("gate_optional", False, "The transfer gate's start-of-turn move may be skipped.",
                           rule="AD-T1",
        doc_ja="転移門の手番開始時の移動を行わなくてもよい"),
    "draft_up_to": Param("draft_up_to", False, "The end-of-turn draft may take fewer than 2.", rule="AD-T4",
        doc_ja="手番終わりのドラフトで２枚より少なく取ってもよい"),
    "base_card_colours": Param("base_card_colours", True, "Base cards have one colour each (else all red).",
                               rule="AD-C5",
        doc_ja="ベースカードをそれぞれ別の色にする（いいえなら全部赤）"),
    "midterm_display": Param("midterm_display", 5, "Request display size after the midterm refill.", rule="AD-K1",
        doc_ja="中間決算の補充後の依頼置き場の枚数"),
    "area_set": Param("area_set", "standard", "Which area boards: standard, or fewer-stations (data).",
                      ("standard", "fewer-stations"), rule="AD-C1", choices_ja=("標準", "駅を減らしたデータ"),
        doc_ja="使うエリアボード：標準か、駅を減らしたデータか"),
    "vehicle_capacity": Param("vehicle_capacity", 6, "Cubes a vehicle holds in all.", requires="capacity",
                              rule="AD-V4",
        doc_ja="乗り物１台に積めるキューブの合計"),
    "request_limit": Param("request_limit", 5, "Open requests allowed.", requires="request-limit", rule="AD-V5",
        doc_ja="同時に持てる依頼の数"),
    "pair_vp_midterm": Param("pair_vp_midterm", None, "VP per colour pair at the midterm, used as given; unset: "
                             "2 (the components' value), 4 with set-weight.", rule="AD-V7", kind=int,
                             doc_ja="中間決算の色セット１組の点数。指定した値をそのまま使う。未指定なら２点"
                                    "（コンポーネントの値）、色セットの重みのヴァリアントでは４点"),
    "pair_vp_final": Param("pair_vp_final", None, "VP per colour pair at the final settlement, used as given; "
                           "unset: 1 (the components' value), 2 with set-weight.", rule="AD-V7", kind=int,
                           doc_ja="最終決算の色セット１組の点数。指定した値をそのまま使う。未指定なら１点"
                                  "（コンポーネントの値）、色セットの重みのヴァリアントでは２点"),
    "distance_bonus": Param("distance_bonus", 1, "VP per step from ① per request.", requires="distance-bonus",
                            rule="AD-V9",
        doc_ja="依頼１件につき、①からの距離１あたりの追加点"),
    "stored_vp_min": Param("stored_vp_min", 3, "Cubes needed in an ad-tower area.", requires="stored-vp",
                           rule="AD-V13",
        doc_ja="広告塔のあるエリアで得点するのに必要な自分のキューブの数"),
    "position_vp": Param("position_vp", (), "VP each player starts with by turn position in round 1, start player "
                         "first, e.g. 0,1,1,2 (AD-B1); missing positions start with 0; empty: none.", rule="AD-B1",
                         min=-99, max=99, length=(0, 4),
        doc_ja="第１ラウンドの手番順ごとに開始時に持つ勝利点（スタートプレイヤーから順に。例：0,1,1,2）。"
               "足りない手番は0点、空なら無し"),
}
PARAMS = {k: replace(p, min=model.PARAM_RANGES[k][0], max=model.PARAM_RANGES[k][1]) if k in model.PARAM_RANGES else p
          for k, p in PARAMS.items()}  # the ranges the rules need, shown by the lobby and checked on entry


def _report_panels() -> list[ReportPanel]:
    from .report import PANELS  # numpy and matplotlib: imported only when a report is written

    return PANELS


INFO: GameInfo[AsianDelivery, Action] = GameInfo(
    id="asian-delivery", name="Asian Delivery", name_ja="アジアンデリバリー", players=(3, 4), variants=VARIANTS,
    params=PARAMS, new_state=new_state, state_from_view=state_from_view, load_components=load_components,
    dynamics="sequential",  # one seat's turn at a time
    hooks=GameHooks(
        evaluate=evaluate.evaluate, info_key=evaluate.info_key, horizon=evaluate.HORIZON,
        greedy={"samples": 1, "plan": 20},
        lookahead_end=evaluate.lookahead_end,
        round_of=evaluate.round_of,
        rollout_at=evaluate.rollout_at,
        lookahead_twin=evaluate.lookahead_twin,
        # MCTS with random rollouts plays below normal here; rollouts of two rounds were not enough
        # against three normal, of three rounds they beat them; with weaker players at the table the
        # rollouts follow how each has played (model=1), and purposeful seats plan as far as normal
        # does (policy_plan=20, normal's plan) (docs/figures.md)
        levels={"hard": "rollout:rounds=3:model=1:policy_plan=20"},
        styles=Styles(Path(__file__).parent / "data" / "styles.yaml", evaluate.WEIGHTS),
        measures=measures.Measures, turn_order=measures.turn_order, card_name=measures.card_name,
        report_panels=_report_panels, text=text,
        components=ComponentsModel(model.Components, model.DATA, model.check),
        web_board=BOARD,
    ),
)

__all__ = ["INFO", "AsianDelivery"]
