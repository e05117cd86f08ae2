"""Asian Delivery's panel in `soan report` (AD-A1): workers, retrievals and logistics by round."""

from __future__ import annotations

import numpy as np

from ...core.hooks import ReportPanel, StudyData

L = {
    "round": ("round", "ラウンド"), "per_seat": ("mean per seat", "１人あたり平均"),
    "workers_spent": ("workers spent", "使ったワーカー"), "retrievals": ("retrievals", "回収"),
    "moved_card": ("cubes moved by card", "カードで運んだ荷物"), "moved_vehicle": ("by vehicle", "乗り物で"),
    "moved_gate": ("by gate", "転移門で"),
}


def _t(key: str, lang: str) -> str:
    en, ja = L[key]
    return ja if lang == "ja" else en


def by_round(d: StudyData, lang: str) -> list:
    cols = d.seat_columns
    rounds = sorted({int(k.rsplit("_r", 1)[1]) for k in cols if k.startswith("m_workers_spent_r")})
    if not rounds:
        return []

    def mean(key: str, r: int) -> float:
        k = f"m_{key}_r{r}"
        return float(np.nanmean(cols[k])) if k in cols else float("nan")

    fig, axes = d.plt.subplots(1, 2, figsize=(11, 3.4))
    for key in ("workers_spent", "retrievals"):
        axes[0].plot(rounds, [mean(key, r) for r in rounds], "o-", label=_t(key, lang))
    axes[0].set_xlabel(_t("round", lang))
    axes[0].set_ylabel(_t("per_seat", lang))
    axes[0].legend()
    for key in ("moved_card", "moved_vehicle", "moved_gate"):
        axes[1].plot(rounds, [mean(key, r) for r in rounds], "o-", label=_t(key, lang))
    axes[1].set_xlabel(_t("round", lang))
    axes[1].legend()
    return [fig]


PANELS = [ReportPanel("Asian Delivery (AD-A1): workers, retrievals and logistics by round",
                      "アジアンデリバリー（AD-A1）：ラウンドごとのワーカー・回収・物流", by_round)]
