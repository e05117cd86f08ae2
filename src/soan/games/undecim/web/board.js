// Undecim board: the council in its two areas, the frontier, the story, each tableau with its
// settlements, your hand and drawn card. Clicking a council card takes it, a hand card plays it,
// an item on the frontier picks it; other steps show their choices as buttons here.
window.SoanBoard = (() => {
  const W = { ja: { council: "議会", normal: "ノーマル", bonus: "ボーナス", frontier: "開拓地", story: "ストーリー", hand: "手札", handN: "手札",
    drawn: "引いたカード", season: "シーズン", deck: "山札", loose: "土地・資源", settlements: "開拓地（入植）", same: "同種", mixed: "異種",
    step: "この手番の選択", achieved: "達成", known: "公開済みの手札", last: "最後に使ったカード" },
  en: { council: "Council", normal: "normal", bonus: "bonus", frontier: "Frontier", story: "Story", hand: "Your hand", handN: "hand",
    drawn: "Drawn card", season: "Season", deck: "deck", loose: "Lands and resources", settlements: "Settlements", same: "same", mixed: "mixed",
    step: "This step's choices", achieved: "achieved", known: "known hand cards", last: "last played" } };

  function render(root, p, ctx) {
    const { el, labels: L, act } = ctx, w = W[p.lang] || W.ja, o = p.observation;
    const item = (i) => (L.items && L.items[i] ? L.items[i].name : String(i));
    const itemId = (i) => (L.items && L.items[i] ? L.items[i].id : String(i));
    const legal = p.legal;
    const find = (f) => legal.find((a) => f(a.json));
    const aname = (id) => (L.actions[id] || {}).name || id;
    const acard = (id, a) => el(a ? "button" : "div", { class: "cardx" + (a ? " click" : ""), "data-card": id, title: (L.actions[id] || {}).text || "",
      onclick: a ? () => act(a.json) : null }, el("div", { class: "big" }, aname(id)), el("div", { class: "muted" }, (L.actions[id] || {}).text || ""));
    const council = el("div", { class: "zone", id: "council" }, el("h3", {}, w.council),
      ["normal", "bonus"].map((area) => el("div", {}, el("strong", {}, `${w[area]}: `), el("div", { class: "cards" },
        (o.council[area] || []).map((id) => acard(id, find((j) => j.type === "take" && j.card === id)))))));
    const halves = (c) => (L.halves && L.halves[c]) || [null, null];
    const frontier = el("div", { class: "zone", id: "frontier" }, el("h3", {}, `${w.frontier} (${w.deck} ${o.deck_size})`),
      el("div", { class: "cards" }, o.frontier.map((c) => el("div", { class: "cardx" }, halves(c).map((h) => {
        const a = find((j) => j.type === "pick" && j.item === itemId(h));
        return el(a ? "button" : "div", { class: a ? "cardx click" : "", "data-item": itemId(h), onclick: a ? () => act(a.json) : null }, item(h));
      })))));
    const story = el("div", { class: "zone", id: "story" }, el("h3", {}, `${w.season} ${o.season}/${o.seasons} — ${w.story}`),
      el("div", { class: "cards" }, o.story.map((sid, k) => { const s = L.scenarios[sid] || {}; return el("div", { class: "cardx" + (o.achieved[k] ? " sel" : "") },
        el("div", { class: "big" }, s.name || sid), el("div", { class: "muted" }, `${s.test} ≥ ${s.n} → ${s.vp}VP`),
        o.achieved[k] ? el("div", {}, `${w.achieved}: ${o.achieved[k]}`) : null); })));
    const tableau = (i) => {
      const cnt = new Array(10).fill(0); for (const x of o.loose[i]) cnt[x % 10]++;
      return el("div", { class: "zone", "data-seat": i + 1 }, el("h3", {}, `${p.seats[i].name} — ${o.scores[i]}VP`),
        el("div", {}, `${w.loose}: `, cnt.map((n, k) => (n ? `${item(k)}×${n} ` : "")).join("") || "-"),
        el("div", {}, `${w.settlements}: `, o.settlements[i].map(([kind, cards]) => `[${kind >= 0 ? w.same : w.mixed}: ${cards.map((x) => item(x % 10)).join("+")}]`).join(" ") || "-"),
        el("div", { class: "muted" }, `${w.handN} ${o.hand_sizes[i]} · ${w.known}: ${(o.known[i] || []).map(aname).join(", ") || "-"} · ${w.last}: ${o.last_played[i] ? aname(o.last_played[i]) : "-"}`));
    };
    const parts = [council, frontier, story, el("div", { class: "players" }, p.seats.map((_, i) => tableau(i)))];
    if (o.hand) parts.push(el("div", { class: "zone", id: "hand" }, el("h3", {}, w.hand),
      el("div", { class: "cards" }, o.hand.map((id) => acard(id, find((j) => j.type === "play" && j.card === id)))),
      o.drawn != null ? el("div", {}, `${w.drawn}: ${halves(o.drawn).map(item).join(" / ")}`) : null));
    const other = legal.filter((a) => !["take", "play", "pick"].includes(a.json.type));
    if (other.length) parts.push(el("div", { class: "zone", id: "step" }, el("h3", {}, w.step), el("div", { class: "row" },
      other.map((a) => el("button", { class: "click", onclick: () => act(a.json) }, a.text)))));
    root.replaceChildren(el("div", { class: "board" }, parts));
  }
  return { render };
})();
