"""Undecim's panel in `soan report` (UN-A1): hand fluidity."""

from __future__ import annotations

import numpy as np

from ...core.hooks import ReportPanel, StudyData

L = {
    "unchanged": ("share of turns whose hand did not change", "手札が変わらなかった手番の割合"),
    "seat": ("seat", "手番"),
}


def _t(key: str, lang: str) -> str:
    en, ja = L[key]
    return ja if lang == "ja" else en


def hand_fluidity(d: StudyData, lang: str) -> list:
    cols = d.seat_columns
    if "m_unchanged_turns" not in cols or "m_turns" not in cols:
        return []
    players = d.settings["players"]
    seat = cols["seat"]
    u = cols["m_unchanged_turns"] / np.maximum(cols["m_turns"], 1)
    fig, ax = d.plt.subplots(figsize=(5, 3))
    ax.bar([str(i + 1) for i in range(players)], [float(u[seat == i].mean()) for i in range(players)],
           color="#b279a2")
    ax.set_title(_t("unchanged", lang))
    ax.set_xlabel(_t("seat", lang))
    return [fig]


PANELS = [ReportPanel("Undecim (UN-A1): hand fluidity", "ウーンデキム（UN-A1）：手札の流動性", hand_fluidity)]
