"""La Superba's panel in `soan report` (LS-A1): voyage power, and the goods' effects won."""

from __future__ import annotations

import math

import numpy as np

from ...core.hooks import ReportPanel, StudyData

L = {
    "power": ("mean voyage power per game", "１ゲームの平均航海力"),
    "effects": ("effects won per game, and the win share of who won them", "獲得したアイテム効果と勝率"),
    "won": ("won / game", "１ゲームの獲得数"),
    "winwhen": ("win share when won", "獲得時の勝率"),
}
GOODS = ("pepper", "glass", "silk")


def _t(key: str, lang: str) -> str:
    en, ja = L[key]
    return ja if lang == "ja" else en


def power_and_effects(d: StudyData, lang: str) -> list:
    cols = d.seat_columns
    if "m_mean_power" not in cols or any(f"m_{g}_won" not in cols for g in GOODS):
        return []
    win = cols["win"]
    fig, axes = d.plt.subplots(1, 2, figsize=(10, 3.2))
    axes[0].hist(cols["m_mean_power"], bins=30, color="#72b7b2")
    axes[0].set_title(_t("power", lang))
    won = [cols[f"m_{g}_won"] for g in GOODS]
    axes[1].bar(GOODS, [float(np.nanmean(w)) for w in won], color="#4c78a8", label=_t("won", lang))
    ax2 = axes[1].twinx()
    ax2.plot(GOODS, [float(win[w > 0].mean()) if (w > 0).any() else math.nan for w in won], "o-",
             color="#e45756", label=_t("winwhen", lang))
    axes[1].set_title(_t("effects", lang))
    return [fig]


PANELS = [ReportPanel("La Superba (LS-A1): voyage power and goods' effects",
                      "ラ・スペルバ（LS-A1）：航海力とアイテム効果", power_and_effects)]
