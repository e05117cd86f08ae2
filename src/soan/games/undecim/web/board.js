// Undecim board: the council in its two areas, the frontier, the story, each tableau with its
// settlements, your hand and drawn card. Clicking a council card takes it, a hand card plays it,
// an item on the frontier picks it; other steps show their choices as buttons here.
window.SoanBoard = (() => {
  const W = { ja: { council: "議会", normal: "ノーマル", bonus: "ボーナス", frontier: "開拓地", story: "ストーリー", hand: "手札", handN: "手札",
    drawn: "引いたカード", season: "シーズン", deck: "山札", loose: "土地・資源", settlements: "入植地", same: "同一資源", mixed: "異なる資源",
    step: "この手番の選択", achievedBy: (n) => `✓ ${n}が達成`, known: "公開済みの手札", last: "最後に使ったカード",
    results: "シーズンの結果", total: "合計", player: "プレイヤー", seasonN: (k) => `シーズン${k}`, then: "達成後のルール変更",
    rank: (r) => `${r}位`, none: "なし" },
  en: { council: "Council", normal: "normal", bonus: "bonus", frontier: "Frontier", story: "Story", hand: "Your hand", handN: "hand",
    drawn: "Drawn card", season: "Season", deck: "deck", loose: "Lands and resources", settlements: "Settlements", same: "same", mixed: "mixed",
    step: "This step's choices", achievedBy: (n) => `✓ achieved by ${n}`, known: "known hand cards", last: "last played",
    results: "Season results", total: "total", player: "Player", seasonN: (k) => `Season ${k}`, then: "then",
    rank: (r) => `#${r}`, none: "none" } };

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
    const story = storyZone(p, ctx, w);
    const tableau = (i) => {
      const cnt = new Array(10).fill(0); for (const x of o.loose[i]) cnt[x % 10]++;
      return el("div", { class: "zone", "data-seat": i + 1 }, el("h3", {}, `${p.seats[i].name} — ${o.scores[i]}VP`),
        el("div", {}, `${w.loose}: `, cnt.map((n, k) => (n ? `${item(k)}×${n} ` : "")).join("") || "-"),
        el("div", {}, `${w.settlements}: `, o.settlements[i].map(([kind, cards]) => `[${kind >= 0 ? w.same : w.mixed}: ${cards.map((x) => item(x % 10)).join(p.lang === "ja" ? "・" : "+")}]`).join(" ") || "-"),
        el("div", { class: "muted" }, `${w.handN} ${o.hand_sizes[i]} · ${w.known}: ${(o.known[i] || []).map(aname).join(", ") || "-"} · ${w.last}: ${o.last_played[i] ? aname(o.last_played[i]) : "-"}`));
    };
    const parts = [council, frontier, story, el("div", { class: "players" }, p.seats.map((_, i) => tableau(i)))];
    if ((o.results || []).length) parts.push(resultsZone(p, ctx, w));
    if (o.hand) parts.push(el("div", { class: "zone", id: "hand" }, el("h3", {}, w.hand),
      el("div", { class: "cards" }, o.hand.map((id) => acard(id, find((j) => j.type === "play" && j.card === id)))),
      o.drawn != null ? el("div", {}, `${w.drawn}: ${halves(o.drawn).map(item).join(" / ")}`) : null));
    const other = legal.filter((a) => !["take", "play", "pick"].includes(a.json.type));
    if (other.length) parts.push(el("div", { class: "zone", id: "step" }, el("h3", {}, w.step), el("div", { class: "row" },
      other.map((a) => el("button", { class: "click", onclick: () => act(a.json) }, a.text)))));
    root.replaceChildren(el("div", { class: "board" }, parts));
  }
  // The story: each card's goal in words, its points, and who achieved it, by name.
  function storyZone(p, ctx, w) {
    const { el, labels: L } = ctx, o = p.observation;
    return el("div", { class: "zone", id: "story" }, el("h3", {}, `${w.season} ${o.season}/${o.seasons} — ${w.story}`),
      el("div", { class: "cards" }, o.story.map((sid, k) => { const s = (L.scenarios || {})[sid] || {}; const who = o.achieved[k];
        return el("div", { class: "cardx" + (who ? " sel" : ""), "data-story": sid },
          el("div", { class: "big" }, s.name || sid), el("div", { class: "muted" }, `${s.condition} → ${s.vp}VP`),
          s.then ? el("div", { class: "muted" }, `${w.then}: ${s.then}`) : null,
          who ? el("div", { class: "achieved" }, w.achievedBy(p.seats[who - 1] ? p.seats[who - 1].name : who)) : null); })));
  }
  // Every season's result as the terminal shows it: each player's points by source and the total.
  function resultsZone(p, ctx, w) {
    const { el, labels: L } = ctx, o = p.observation, led = L.ledger || [];
    return el("div", { class: "zone", id: "results" }, el("h3", {}, w.results), (o.results || []).map((r) => {
      const used = led.filter((k) => r.ledger.some((x) => x[k.id]));
      const order = r.scores.map((_, i) => i).sort((a, b) => r.ranks[a] - r.ranks[b]);
      return el("table", { class: "kv season", "data-season": r.season },
        el("caption", {}, w.seasonN(r.season)),
        el("tr", {}, el("th", {}, ""), el("th", {}, w.player), used.map((k) => el("th", {}, k.name)), el("th", {}, w.total)),
        order.map((i) => el("tr", { class: i === p.seat ? "me" : "" }, el("td", {}, w.rank(r.ranks[i])), el("th", {}, p.seats[i].name),
          used.map((k) => el("td", {}, r.ledger[i][k.id] > 0 ? `+${r.ledger[i][k.id]}` : String(r.ledger[i][k.id]))),
          el("td", { class: "big" }, `${r.scores[i]}VP`))));
    }));
  }
  // Shown on the end screen: the seasons' breakdown and the story's achievers.
  function endDetails(p, ctx) {
    const w = W[p.lang] || W.ja;
    return ctx.el("div", { id: "end-details" }, resultsZone(p, ctx, w), storyZone(p, ctx, w));
  }
  return { render, endDetails };
})();
