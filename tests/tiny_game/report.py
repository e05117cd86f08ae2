"""Pearl Bid's panel in `soan report`: prizes won and tied bids per seat."""

from __future__ import annotations

import numpy as np

from soan.core.hooks import ReportPanel, StudyData


def prizes_by_seat(d: StudyData, lang: str) -> list:
    cols = d.seat_columns
    if "m_prizes_won" not in cols:
        return []
    n = d.settings["players"]
    seat = cols["seat"]
    fig, ax = d.plt.subplots(figsize=(5, 3))
    for k, (key, label) in enumerate((("m_prizes_won", ("prizes won", "獲得した真珠")),
                                      ("m_ties", ("tied bids", "重なった入札")))):
        x = cols[key]
        ax.bar(np.arange(n) + 0.4 * k, [float(x[seat == i].mean()) for i in range(n)], width=0.4,
               label=label[1 if lang == "ja" else 0])
    ax.set_xticks(np.arange(n) + 0.2, [str(i + 1) for i in range(n)])
    ax.legend()
    return [fig]


PANELS = [ReportPanel("Pearl Bid: prizes won and tied bids by seat", "真珠の競り：手番ごとの獲得数と重なった入札",
                      prizes_by_seat)]
