"""Pearl Bid at the terminal, in English and Japanese."""

from __future__ import annotations

PUBLIC_MOVES = False  # bids are secret until the reveal


def player_name(seat: int, lang: str, me: int | None = None) -> str:
    if seat == me:
        return "あなた" if lang == "ja" else "You"
    return f"プレイヤー{seat + 1}" if lang == "ja" else f"Player {seat + 1}"


def _prize(state, p: int, lang: str) -> str:
    en, ja = state.T.colour_names[state.T.colour[p]]
    return f"{ja}の真珠（{state.T.value[p]}点）" if lang == "ja" else f"{en} pearl ({state.T.value[p]} VP)"


def render(state, seat: int, lang: str = "en") -> str:
    ja = lang == "ja"
    offer = "、".join(_prize(state, p, lang) for p in state.offer) if ja else \
        ", ".join(_prize(state, p, lang) for p in state.offer)
    fav = state.T.colour_names[state.fav[seat]][1 if ja else 0]
    sc = state.scores()
    lines = [f"== 第{len(state.history) + 1}ラウンド ==" if ja else f"== Round {len(state.history) + 1} ==",
             (f"競りにかかっている真珠：{offer}（山札 残り{len(state.deck)}枚）" if ja else
              f"On offer: {offer} (deck: {len(state.deck)} left)"),
             (f"あなたの好きな色（秘密）：{fav}" if ja else f"Your favourite colour (secret): {fav}")]
    for i in range(state.cfg.players):
        hand = " ".join(map(str, sorted(state.hands[i])))
        mine = i == seat
        pts = f"{sc[i]}点" if ja else f"{sc[i]} VP"
        shown = pts if mine else ("？点" if ja else "? VP")  # favourites are secret: others' totals too
        lines.append(f"  {player_name(i, lang, seat)}: " + (f"入札カード {hand}、{shown}" if ja else f"bid cards {hand}, {shown}"))
    return "\n".join(lines)


def log_move(state, seat: int, action, lang: str, me: int | None = None) -> str:
    if seat == me:
        return ("あなたは" + state.action_text(action, lang)) if lang == "ja" else "You " + state.action_text(action, lang)
    return f"{player_name(seat, lang, me)}が入札しました" if lang == "ja" else f"{player_name(seat, lang, me)} placed a bid"


def render_round(state, entry: dict, lang: str, me: int | None = None) -> str:
    bids = ", ".join(f"{player_name(i, lang, me)} {b}" for i, b in enumerate(entry["bids"]))
    prizes = ", ".join(_prize(state, p, lang) for p in entry["prizes"])
    w = entry["winner"]
    if lang == "ja":
        who = f"{player_name(w, lang, me)}が{prizes}を獲得" if w is not None else "単独の入札がなく、誰も獲得しません"
        return f"第{entry['round']}ラウンド公開：{bids} → {who}"
    who = f"{player_name(w, lang, me)} wins {prizes}" if w is not None else "no unique bid: nobody wins"
    return f"Round {entry['round']} revealed: {bids} → {who}"


def rounds(state) -> tuple:
    return state.history


def full_log(state, lang: str, me: int | None = None) -> str:
    return "\n".join(render_round(state, e, lang, me) for e in state.history) or (
        "まだ公開されたラウンドはありません" if lang == "ja" else "No round revealed yet")


def help_text(state, lang: str = "en") -> str:
    if lang == "ja":
        return ("全員が同時に入札カードを１枚伏せて出します。他の誰とも重ならない最も高い入札が、競りの真珠を"
                "すべて獲得します。重なった入札は無効です。使ったカードはなくなります。好きな色の真珠は１枚ごとに"
                "ボーナス点。")
    return ("Everyone plays one bid card face down at the same time. The highest bid nobody else played wins every "
            "pearl on offer; bids that match cancel out. Played cards are spent. Pearls of your secret favourite "
            "colour score a bonus each.")


def epoch(state) -> tuple:
    return (len(state.history),)  # a reveal: undo never crosses it
