"""La Superba (草案６a): Genoese merchants, simultaneous secret voyages, 5 rounds."""

from pathlib import Path

from ...core.actions import Action
from ...core.game import GameInfo, Param, Variant
from ...core.hooks import Analysis, ComponentsModel, GameHooks, ReportPanel, Styles
from . import actions, evaluate, measures, model, text, views  # noqa: F401  (registers the action types)
from .model import load_components
from .rules import LaSuperba, new_state, state_from_view
from .webboard import BOARD

VARIANTS = {
    "weather-double": Variant("weather-double", "LS-V1",
                              "If all counting cards are weather, their sum is doubled (glass added after).",
                              "全部天候なら合計を２倍（硝子は２倍の後に加算）"),
    "lean-weather": Variant("lean-weather", "LS-V2", "Remove one weather-3 and one weather-2.",
                            "天候３と天候２を１枚ずつ除く"),
    "no-serials": Variant("no-serials", "LS-V3",
                          "No serial numbers: equal power shares a rank; all tied lose their cargo.",
                          "通し番号なし：同値同着同順、全員同値なら全員ロスト"),
    "accent-cards": Variant("accent-cards", "LS-V4", "Add a power-2 crew and a ×5 ship.",
                            "２の船員とｘ５の船を１枚ずつ追加"),
    "weather-4": Variant("weather-4", "LS-V5", "Add a weather-4 (the notes reject it: \"MAX 24\"; with LS-V1's "
                         "weather-double the highest voyage power reaches 26, `soan analyze la-superba power`).",
                         "天候４を１枚追加（草案では「最大２４」。全部天候なら２倍のルールと合わせると航海力の最大は２６）"),
}
PARAMS = {
    "item_effect": Param("item_effect", "exclusive",
                         "Who gets a good's effect: only the priority carrier (exclusive) or every carrier (all).",
                         ("exclusive", "all"), rule="LS-R4", choices_ja=("優先権のある１人だけ", "運んだ全員"),
        doc_ja="品物の効果を受けるプレイヤー：優先権のある１人だけか、運んだ全員か"),
    "item_tie": Param("item_tie", "none",
                      "Under no-serials, a good tied for most: nobody gets the effect (none) or all tied (all).",
                      ("none", "all"), requires="no-serials", rule="LS-V3",
                      choices_ja=("誰も受けない", "同数の全員"),
        doc_ja="通し番号なしで品物の枚数が同数のとき：誰も効果を受けないか、同数の全員が受けるか"),
    "crew_power_with_ships": Param("crew_power_with_ships", True,
                                   "Crew adds its own power when ships count too (the rule as written); "
                                   "false is the notes' reading (ship×2 + crew×2 = 16).", rule="LS-A1",
        doc_ja="船がある場合も船員自身の航海力を数える（書かれたルールどおり）。いいえはメモの読み方（船×２＋船員×２＝１６）"),
    "weather_bonus": Param("weather_bonus", 0, "Power added to an all-weather voyage (every counting card weather), "
                           "after LS-V1's doubling and before glass (LS-B1); 0: none.", rule="LS-B1", min=0, max=99,
        doc_ja="全部天候の航海に足す航海力（全部天候を２倍にするヴァリアントではその後、硝子の前に加算）。0なら無し"),
}


def _report_panels() -> list[ReportPanel]:
    from .report import PANELS  # numpy and matplotlib: imported only when a report is written

    return PANELS


def _power(variants: list[str], params: dict, components: str | None) -> dict:
    from .analysis import power_analysis

    return power_analysis(variants, params, components)


def _power_text(result: dict, lang: str) -> list[str]:
    from .analysis_text import power_text

    return power_text(result, lang)


POWER = Analysis("power", "LS-A1: the voyage-power arithmetic over the real deck, both readings of the crew rule",
                 _power, _power_text, doc_ja="LS-A1：実際のデッキでの航海力の計算（船員ルールの２つの読み方）")


INFO: GameInfo[LaSuperba, Action] = GameInfo(
    id="la-superba", name="La Superba", name_ja="ラ・スペルバ", players=(3, 4), variants=VARIANTS,
    params=PARAMS, new_state=new_state, state_from_view=state_from_view, load_components=load_components,
    dynamics="simultaneous",  # voyage cards and deliveries are chosen at once, in secret
    hooks=GameHooks(
        evaluate=evaluate.evaluate, info_key=evaluate.info_key, horizon=evaluate.HORIZON,
        lookahead_end=evaluate.lookahead_end, playout=evaluate.playout,
        styles=Styles(Path(__file__).parent / "data" / "styles.yaml", evaluate.WEIGHTS),
        # two samples: as strong as three in the same games (placed above them in 50% [46, 55] and 48%
        # [43, 53] of 400 games), a third less time (docs/figures.md)
        greedy={"samples": 2},
        # three choices in eight at random: with half, easy finished above random in only 55% [48, 61] of
        # 200 games, with a quarter normal only 51% [44, 58] above easy; with 0.375 each level finishes
        # above the one below significantly (400 games, docs/figures.md)
        levels={"easy": "greedy:samples=1:plan=0:eps=0.375"},
        measures=measures.Measures, card_name=measures.card_name, report_panels=_report_panels, text=text,
        analyses={"power": POWER},
        components=ComponentsModel(model.Components, model.DATA, model.check),
        invariants=views.state_problems, view_model=views.LaSuperbaView, view_derived=views.DERIVED,
        web_board=BOARD,
    ),
)

__all__ = ["INFO", "LaSuperba"]
