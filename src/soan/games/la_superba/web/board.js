// La Superba board: trade row and event, each merchant's chits, the reveal table, your hand
// (click 3 cards, then confirm), and the goods to carry or deliver (steppers, then confirm).
window.SoanBoard = (() => {
  let sel = new Set(), counts = null, lastKey = "";
  const W = { ja: { trade: "交易カード（今回のイベント）", hand: "手札", handN: "手札", play: "この3枚を出す", carry: "運ぶアイテム", deliver: "輸送するアイテム",
    confirm: "決定", supply: "手元", lost: "ロスト", delivered: "輸送済み", reveal: "公開", power: "航海力", rank: "順位", quota: "枠",
    played: "出したカード", carried: "積荷", round: "ラウンド", hidden: "（非公開）", community: "共通カード", ready: "決定済み", choose: "選択中",
    pick3: "手札から3枚をクリックして選んでください", shippedScored: "輸送と得点", pts: (n) => `+${n}点`, final: "最後の公開", rankOf: (r) => `${r}位` },
  en: { trade: "Trade row (this round's event)", hand: "Your hand", handN: "hand", play: "Play these 3", carry: "Goods to carry", deliver: "Chits to deliver",
    confirm: "Confirm", supply: "supply", lost: "lost", delivered: "delivered", reveal: "Reveal", power: "power", rank: "rank", quota: "quota",
    played: "played", carried: "carried", round: "Round", hidden: "(hidden)", community: "community card", ready: "decided", choose: "deciding",
    pick3: "Click 3 cards of your hand", shippedScored: "shipped, scored", pts: (n) => `+${n}`, final: "The last reveal", rankOf: (r) => `#${r}` } };

  function render(root, p, ctx) {
    const { el, labels: L, act } = ctx, w = W[p.lang] || W.ja, o = p.observation;
    const key = `${o.round}|${o.phase}|${p.prompt}`; if (key !== lastKey) { sel = new Set(); counts = null; lastKey = key; }
    const goods = L.goods || [], card = (c) => (L.cards || {})[c] || `#${c}`;
    const gname = (i) => (goods[i] ? goods[i].name : i);
    const chits = (arr) => arr.map((n, i) => `${gname(i)}×${n}`).join(" ");
    const trade = el("div", { class: "zone" }, el("h3", {}, `${w.round} ${o.round} — ${w.trade}`), el("div", { class: "cards" },
      (o.trade_row || []).map((id) => id == null ? el("div", { class: "cardx dim" }, "—") : el("div",
        { class: "cardx" + (id === o.event ? " sel" : ""), title: (L.trade[id] || {}).text || "" },
        el("div", { class: "big" }, (L.trade[id] || {}).name || id), el("div", { class: "muted" }, (L.trade[id] || {}).text || "")))));
    const players = el("div", { class: "players" }, p.seats.map((s, i) => el("div", { class: "zone", "data-seat": i + 1 },
      el("h3", {}, `${s.name} — ${o.scores[i]}VP`),
      el("div", {}, `${w.supply}: ${chits(o.supply[i])}`), el("div", {}, `${w.lost}: ${chits(o.lost[i])}`),
      el("div", {}, `${w.delivered}: ${o.delivered[i].map((d) => `${gname(d[1])}(${d[2]})`).join(" ") || "-"}`),
      el("div", { class: "muted" }, `${w.handN} ${o.hand_sizes[i]}` + (o.committed && !p.over ? ` · ${(p.to_act || []).includes(i) ? w.choose : w.ready}` : "")))));
    const parts = [trade, players];
    if (o.reveal) parts.push(revealTable(o.reveal, p, ctx, w, card, gname, chits));
    else if (o.history && o.history.length) parts.push(revealTable(o.history[o.history.length - 1], p, ctx, w, card, gname, chits));
    if (o.hand) {
      const playing = p.legal.length && p.legal[0].json.type === "play";
      const need = playing ? p.legal[0].json.cards.length : 0;
      const handZone = el("div", { class: "zone", id: "hand" }, el("h3", {}, w.hand + (playing ? ` — ${w.pick3}` : "")),
        el("div", { class: "cards" }, o.hand.map((c) => el(playing ? "button" : "div", {
          class: "cardx" + (playing ? " click" : "") + (sel.has(c) ? " sel" : ""), "data-card": c, "aria-pressed": playing ? sel.has(c) : null,
          onclick: playing ? () => { sel.has(c) ? sel.delete(c) : sel.size < need && sel.add(c); render(root, p, ctx); } : null,
        }, card(c)))));
      if (playing) {
        const want = [...sel].sort((a, b) => a - b).join(",");
        const hit = p.legal.find((a) => [...a.json.cards].sort((x, y) => x - y).join(",") === want);
        handZone.append(el("button", { class: "primary", id: "play-selected", disabled: !hit, onclick: () => hit && act(hit.json) }, w.play));
      }
      parts.push(handZone);
    }
    const t0 = p.legal.length ? p.legal[0].json.type : null;
    if (t0 === "carry" || t0 === "deliver") parts.push(goodsPicker(p, ctx, w, t0, gname));
    root.replaceChildren(el("div", { class: "board" }, parts));
  }

  // A reveal: per seat the cards played (a card's name never breaks inside), the cargo, power, rank and
  // quota, and once delivered what it shipped and the points it scored that round (LS-R7).
  function revealTable(rv, p, ctx, w, card, gname, chits) {
    const { el } = ctx, o = p.observation, sep = p.lang === "ja" ? "、" : ", ";
    const names = (cs) => (cs || []).flatMap((c, k) => [k ? sep : null, el("span", { class: "nw" }, card(c))]).filter((x) => x !== null);
    const scored = (i) => ((o.delivered || [])[i] || []).filter((d) => d[0] === rv.round).reduce((a, d) => a + d[2], 0);
    const done = Array.isArray(rv.delivered);
    const goods = (arr) => {  // the goods a seat has of each kind, each kept whole on its line
      const got = (arr || []).flatMap((n, g) => (n ? [el("span", { class: "nw" }, `${gname(g)}×${n}`)] : []));
      return got.length ? got.flatMap((x, k) => (k ? [" ", x] : [x])) : ["—"];
    };
    return el("div", { class: "zone", id: "reveal" }, el("h3", {}, `${w.reveal} — ${w.round} ${rv.round}`),
      el("div", { class: "muted" }, `${w.community}: `, el("span", { class: "nw" }, card(rv.community))),
      el("div", { class: "scroll" }, el("table", { class: "kv reveal" }, el("tr", {}, el("th", {}, ""), el("th", {}, w.played), el("th", {}, w.carried), el("th", { class: "nw" }, w.power),
        el("th", { class: "nw" }, w.rank), el("th", { class: "nw" }, w.quota), done ? el("th", { class: "nw" }, w.shippedScored) : null),
        p.seats.map((s, i) => el("tr", { "data-seat": i + 1 }, el("th", { class: "who" }, s.name), el("td", {}, names(rv.played[i])),
          el("td", {}, goods(rv.carried[i])), el("td", {}, rv.power[i]), el("td", { class: "nw" }, w.rankOf(rv.ranks[i])), el("td", {}, (rv.quotas || [])[i] ?? ""),
          done ? el("td", { class: "shipped scored" }, goods(rv.delivered[i]), " → ", el("span", { class: "nw" }, w.pts(scored(i)))) : null)))));
  }
  function endDetails(p, ctx) {  // the end screen: the last round's reveal with what each seat shipped and scored
    const w = W[p.lang] || W.ja, o = p.observation, L = ctx.labels, goods = L.goods || [];
    const rv = o.reveal || (o.history || [])[(o.history || []).length - 1];
    if (!rv) return null;
    const gname = (i) => (goods[i] ? goods[i].name : i), card = (c) => (L.cards || {})[c] || `#${c}`;
    return ctx.el("div", { id: "end-details" }, revealTable(rv, p, ctx, w, card, gname, (arr) => arr.map((n, i) => `${gname(i)}×${n}`).join(" ")));
  }

  function goodsPicker(p, ctx, w, type, gname) {
    const { el, act } = ctx, ids = ["pepper", "glass", "silk"];
    if (!counts) counts = [0, 0, 0];
    const max = ids.map((g) => Math.max(...p.legal.map((a) => a.json[g] || 0)));
    const hit = p.legal.find((a) => ids.every((g, i) => (a.json[g] || 0) === counts[i]));
    const redraw = (root) => root.closest("#board") && window.SoanBoard.render(root.closest("#board"), p, ctx);
    return el("div", { class: "zone", id: "goods" }, el("h3", {}, type === "carry" ? w.carry : w.deliver),
      el("div", { class: "row" }, ids.map((g, i) => el("div", { class: "row", "data-good": g }, el("strong", {}, gname(i)),
        el("button", { "aria-label": `${gname(i)} -1`, "data-step": `${g}-`, disabled: counts[i] <= 0, onclick: (e) => { counts[i]--; redraw(e.target); } }, "−"),
        el("span", { class: "big" }, counts[i]),
        el("button", { "aria-label": `${gname(i)} +1`, "data-step": `${g}+`, disabled: counts[i] >= max[i], onclick: (e) => { counts[i]++; redraw(e.target); } }, "+")))),
      el("button", { class: "primary", id: "goods-confirm", disabled: !hit, onclick: () => hit && act(hit.json) }, `${w.confirm}${hit ? "" : " …"}`));
  }
  return { render, endDetails };
})();
