// Asian Delivery board: the city as an SVG map (area boards in their places, terminals, vehicles,
// every seat's warehouse cubes, facilities with their owners), the request and business displays
// with each card's effect, your hand / play area / orders / workers / VP, the other seats' public
// state. Every legal action of the current step is drawn on the element it concerns, highlighted
// (class "legal"); what has no place on the board gets a button in the step bar.
window.SoanBoard = (() => {
  const W = {
    ja: { round: "ラウンド", start: "スタートプレイヤー", stock: "在庫", help: "遊び方とルールの要点", reqDisplay: "依頼置き場",
      bizDisplay: "事業置き場", hand: "手札", play: "プレイエリア", orders: "受注した依頼", done: "達成した依頼", supply: "手元の荷物",
      workers: "ワーカー", hub: "①に置いたワーカー", tokens: "残りの施設コマ", vp: "VP", up: "表で使う", down: "裏で人力輸送",
      upTip: "効果を使う（手番で最初の１枚は無料、２枚目からワーカー１人を①へ）", downTip: "裏向きにして荷物１個を隣のエリアへ運ぶ（無料）",
      faceUp: "表", faceDown: "裏", resident: "常駐", train: "列車", ship: "船", cargo: "積荷", load: "積む", unload: "降ろす",
      station: "駅（列車が止まる）", port: "港（船が止まる）", stationShort: "駅", portShort: "港", ordersOf: "依頼", sep: "、", endStep: "アクションを終了する", step: "この手番の選択", you: "あなた", recent: "直前の手番",
      noCubes: "なし", request: "依頼", to: "→", atLeast: "以上", other: "ほかのプレイヤー", vehicles: "列車と船",
      legend: "凡例", legendCube: "四角＝荷物（色＝持ち主、文字＝グレード）", legendFac: "事 広 市 門＝事業所・広告塔・市場・転移門（色と番号＝持ち主）", legendTerm: "駅・港＝列車・船の止まる所、線＝隣り合うエリア",
      legendPick: "黄色く光っている所がいま選べる所です。", src: "運び出し", dst: "運び先", left: "あと", pieces: "個",
      tSrc: (n, r) => `輸送：荷物${n}個まで、${r}エリア先まで。運び出すエリアを地図で選んでください（①＝手元）。`,
      tDst: (src, r) => `輸送：エリア${src}から${r}エリア以内の運び先を地図で選んでください。`,
      tMove: (src, dst, left) => `輸送：エリア${src}→エリア${dst}。運ぶ荷物を選んでください（あと${left}個まで）。`,
      pickCube: "荷物を選ぶ", standsAt: (v, a) => `${v}（${a}）`, paren: (x) => `（${x}）`, seatHand: "手札", cards: "枚", none: "-", builtIn: "建設済み", facilities: "施設", attached: "①の接続先" },
    en: { round: "Round", start: "start player", stock: "stock", help: "How to play (the rules in short)", reqDisplay: "Request display",
      bizDisplay: "Business display", hand: "Your hand", play: "Play area", orders: "Your requests", done: "Completed", supply: "Supply",
      workers: "Workers", hub: "workers on ①", tokens: "facility tokens left", vp: "VP", up: "Use face up", down: "Face down: porter",
      upTip: "use its effect (the first card of a turn is free, each further one puts a worker on ①)", downTip: "face down: carry 1 cube to an adjacent area (free)",
      faceUp: "up", faceDown: "down", resident: "resident", train: "Train", ship: "Ship", cargo: "cargo", load: "Load", unload: "Unload",
      station: "station (the train stops here)", port: "port (the ship stops here)", stationShort: "Stn", portShort: "Port", ordersOf: "Requests", sep: ", ", endStep: "End the action step", step: "This step's choices", you: "you", recent: "Last turn",
      noCubes: "none", request: "Request", to: "→", atLeast: "or better", other: "Other players", vehicles: "Train and ship",
      legend: "Legend", legendCube: "squares = cubes (colour: owner, letter: grade)", legendFac: "O T M G = office, ad tower, market, transfer gate (colour and number: owner)", legendTerm: "Stn / Port: where the train / ship stops; lines join adjacent areas",
      legendPick: "What glows yellow can be chosen now.", src: "from", dst: "to", left: "left", pieces: "",
      tSrc: (n, r) => `Transport up to ${n} cube${n > 1 ? "s" : ""}, range ${r}: choose the area to carry from on the map (① = your supply).`,
      tDst: (src, r) => `Transport from area ${src}: choose the destination on the map (within ${r}).`,
      tMove: (src, dst, left) => `Transport ${src} → ${dst}: choose a cube to carry (${left} more at most).`,
      pickCube: "Choose a cube", standsAt: (v, a) => `${v} at ${a}`, paren: (x) => ` (${x})`, seatHand: "hand", cards: "", none: "-", builtIn: "built", facilities: "Facilities", attached: "① attached to" },
  };
  // what a step means and where to click, for someone who has not read the rules
  const HINT = {
    ja: {
      action: "手札のカードを「表で使う」（効果。手番で最初の１枚は無料、２枚目からはワーカー１人を①へ）か「裏で人力輸送」（荷物１個を隣のエリアへ）。列車・船のいるエリアでは下の「列車と船」で荷物を積み降ろしできます。終わったら「アクションを終了する」。",
      draft: "依頼置き場か事業置き場の光っているカードをクリックして獲得します。",
      retrieve: "回収すると、プレイエリアのカードが手札に戻り、表向きのカードが３／４／５枚以上なら①のワーカーが１／２／３人戻ります。",
      build: "光っている施設の枠をクリックして建設します。コストはそのエリアの施設数＋１で、そのエリアの自分の倉庫の荷物で払います（L＝1、N＝2、H＝3）。",
      deliver: "光っている依頼をクリックすると達成します（目的エリアの自分の倉庫に荷物がそろっている依頼）。",
      take_request: "依頼置き場の光っている依頼をクリックして受注します。",
      office_pick: "事業所を建てたので、事業置き場の光っているカードを１枚取ります。",
      keep: "事業所１つにつき常駐カードを１枚プレイエリアに残せます。残すカードをクリック、または終了。",
      upgrade: "手元の荷物を１個選んで１段階上げます（L→N、N→H）。", market: "市場の効果：手元の荷物を１個選んで１段階上げます。",
      gate: "転移門の効果：手元の荷物を１個選んで、自分の転移門のあるエリアへ送ります。", gate_area: "送り先の転移門のエリアを地図で選んでください。",
      choice: "カードの効果を１つ選んでください。" },
    en: {
      action: "Use a hand card face up (its effect; the first card of a turn is free, each further one puts a worker on ①) or face down as a porter move (1 cube to an adjacent area). Where the train or ship stands, load and unload under \"Train and ship\". Then end the action step.",
      draft: "Click a glowing card of the request or business display to take it.",
      retrieve: "Retrieving takes your play area back to your hand; 3/4/5+ face-up cards bring 1/2/3 workers back from ①.",
      build: "Click a glowing facility slot to build it. Cost: the facilities already in that area + 1, paid with your cubes in that area's warehouse (L = 1, N = 2, H = 3).",
      deliver: "Click a glowing request to complete it (your warehouse in its area holds the cubes).",
      take_request: "Click a glowing request of the display to take it.",
      office_pick: "Your new office takes one card of the business display: click a glowing one.",
      keep: "Keep one resident card in play per office: click it, or done.",
      upgrade: "Choose a cube of your supply to go up a grade (L→N, N→H).", market: "Market: choose a cube of your supply to go up a grade.",
      gate: "Transfer gate: choose a cube of your supply to send to an area with your gate.", gate_area: "Choose the gate's area on the map.",
      choice: "Choose one effect of the card." },
  };
  const SEAT = ["#e67e22", "#8e44ad", "#16a085", "#8d6e63"];
  const CARD = { red: "#f6d3cf", blue: "#cfe0f6", yellow: "#f8efc0", green: "#d3efd3" };
  const FAC = ["office", "tower", "market", "gate"];
  const GRADES = ["L", "N", "H"];
  const NS = "http://www.w3.org/2000/svg";
  let lastKey = null, lastLang = null;

  function svg(tag, attrs = {}, ...kids) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else if (v !== false && v != null) e.setAttribute(k, v);
    }
    for (const k of kids.flat()) if (k != null) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
    return e;
  }

  function render(root, p, ctx) {
    const { el, act } = ctx, L = ctx.labels || {}, w = W[p.lang] || W.ja, o = p.observation;
    if (!L.map || !o || o.layout === undefined) { root.replaceChildren(el("p", { class: "muted" }, "…")); return; }
    const me = p.seat, n = o.players, legal = p.legal || [];
    const used = new Set();
    const key = (j) => JSON.stringify(j);
    const find = (f) => legal.find((a) => f(a.json));
    const top = o.stack && o.stack.length ? o.stack[o.stack.length - 1] : null;
    const kind = top && top[1] === me ? top[0] : null;
    const take = (a) => { if (a) used.add(key(a.json)); return a; };
    const onAct = (a) => (ev) => { ev.stopPropagation(); act(a.json); };
    const card = (c) => L.cards[String(c)] || { name: `#${c}`, effect: "", colour: "red", colour_name: "" };
    const seatName = (i) => (p.seats[i] ? p.seats[i].name : `P${i + 1}`);
    const gradeTip = (g) => `${g}: ${(L.grades || {})[g] || g}`;
    const reqText = (r) => { const q = L.requests[String(r)]; const a = L.areas[String(q.area)];
      return `#${r} ${w.to} ${a ? a.name : q.area}: ${q.grade}×${q.cubes}${p.lang === "ja" ? "" : " "}${w.atLeast} · ${q.vp}VP`; };

    // the latest turn of another seat: its areas are outlined on the map
    const turns = p.turns || [];
    const recent = [...turns].reverse().find((t) => t.seat !== me) || null;
    const recentAreas = new Set();
    const recentBuilt = new Set(), recentVehicles = new Set();
    if (recent) for (const j of recent.actions) {
      if (j.type === "area" || j.type === "build") recentAreas.add(j.area);
      if (j.type === "build") recentBuilt.add(`${j.area}-${j.facility}`);
      if (j.type === "load" || j.type === "unload") recentVehicles.add(j.vehicle);
    }

    // --- the map -------------------------------------------------------------------------------
    const pos = {};
    for (const [name, x, y] of L.map.positions) pos[name] = [x, y];
    const names = L.map.positions.map((q) => q[0]);
    // map units to pixels: diagonal neighbours (the diamond) never overlap when SX >= BW or SY >= BH
    const BW = 176, BH = 128, SX = L.map.big ? 100 : 196, SY = L.map.big ? 140 : 150;
    const at = {};  // area -> [x, y] in pixels
    names.forEach((nm, k) => { if (o.layout[k]) at[o.layout[k]] = [pos[nm][0] * SX, pos[nm][1] * SY]; });
    if (!L.map.hub) {  // AD-V2: ① outside the diamond, next to the outer area it is attached to
      const xs = Object.values(at).map((q) => q[0]), ys = Object.values(at).map((q) => q[1]);
      const cx = (Math.min(...xs) + Math.max(...xs)) / 2, cy = (Math.min(...ys) + Math.max(...ys)) / 2;
      const [ax, ay] = at[o.clockwise[1]];
      const len = Math.hypot(ax - cx, ay - cy) || 1, dx = (ax - cx) / len, dy = (ay - cy) / len;
      const dist = Math.min(Math.abs(dx) > 0.01 ? (BW + 24) / Math.abs(dx) : 1e9, Math.abs(dy) > 0.01 ? (BH + 24) / Math.abs(dy) : 1e9);
      at[1] = [ax + dx * dist, ay + dy * dist];
    }
    const allX = Object.values(at).map((q) => q[0]), allY = Object.values(at).map((q) => q[1]);
    const minX = Math.min(...allX), minY = Math.min(...allY);
    const X = (a) => 8 + at[a][0] - minX, Y = (a) => 8 + at[a][1] - minY;
    const width = 16 + Math.max(...allX) - minX + BW, height = 16 + Math.max(...allY) - minY + BH;
    const lines = [];
    for (const [a, bs] of Object.entries(L.map.adjacent)) for (const b of bs) if (Number(a) < b && at[a] && at[b])
      lines.push(svg("line", { x1: X(a) + BW / 2, y1: Y(a) + BH / 2, x2: X(b) + BW / 2, y2: Y(b) + BH / 2, class: "ad-road" }));
    const src = kind === "t_dst" ? top[4] : kind === "t_move" ? top[3] : null;
    const dst = kind === "t_move" ? top[4] : null;
    const areas = [];
    for (let a = 1; a <= 10; a++) {
      if (!at[a]) continue;
      const x = X(a), y = Y(a), info = L.areas[String(a)] || { name: String(a) };
      const pick = take(find((j) => j.type === "area" && j.area === a));
      const cls = "ad-area" + (pick ? " legal" : "") + (a === src ? " src" : "") + (a === dst ? " dst" : "")
        + (recentAreas.has(a) ? " recent" : "") + (a === 1 ? " hub" : "");
      const kids = [svg("rect", { x, y, width: BW, height: BH, rx: 10, class: "ad-box" }),
        null];
      const term = [];
      if (info.port) term.push([w.portShort, w.port]);
      if (info.station) term.push([w.stationShort, w.station]);
      let tx = x + BW - 4;
      for (const [t, tip] of term) {
        const tw = 10 + 8 * t.length * (p.lang === "ja" ? 1.6 : 1);
        tx -= tw + 4;
        kids.push(svg("g", { class: "ad-term" }, svg("title", {}, tip), svg("rect", { x: tx, y: y + 5, width: tw, height: 18, rx: 4 }),
          svg("text", { x: tx + tw / 2, y: y + 19, "text-anchor": "middle" }, t)));
      }
      const room = tx - x - 12, guess = [...info.name].reduce((n, ch) => n + (ch.charCodeAt(0) > 0x2e80 ? 15.5 : 9.6), 0);
      kids[1] = svg("text", { x: x + 8, y: y + 18, class: "ad-name", textLength: guess > room ? room : null,
        lengthAdjust: guess > room ? "spacingAndGlyphs" : null }, info.name);  // a long name is squeezed, never hidden
      if (a === src || a === dst) kids.push(svg("text", { x: x + BW - 8, y: y + 40, "text-anchor": "end", class: "ad-tag" }, a === src ? w.src : w.dst));
      // facilities: four slots; an owner's colour and number, a legal build highlighted
      FAC.forEach((f, k) => {
        const owner = o.facilities[a][k];
        const b = a > 1 ? take(find((j) => j.type === "build" && j.area === a && j.facility === f)) : null;
        if (a === 1) return;
        const fx = x + 6 + k * 42, fy = y + 26;
        const fi = L.facilities[k];
        kids.push(svg("g", { class: "ad-fac" + (b ? " legal" : "") + (owner >= 0 ? " built" : "") + (recentBuilt.has(`${a}-${f}`) ? " recent" : ""), "data-build": `${a}-${f}`,
          onclick: b ? onAct(b) : null },
          svg("title", {}, `${fi.name}: ${fi.effect}` + (owner >= 0 ? ` (${seatName(owner)})` : "")),
          svg("rect", { x: fx, y: fy, width: 38, height: 20, rx: 4, fill: owner >= 0 ? SEAT[owner] : "#fff" }),
          svg("text", { x: fx + 19, y: fy + 15, "text-anchor": "middle", fill: owner >= 0 ? "#fff" : "#555" },
            fi.short + (owner >= 0 ? owner + 1 : ""))));
      });
      // warehouses (area 1: the hub's workers instead; supplies are in the seat panels)
      if (a === 1) {
        const hw = o.hub_workers.map((k, i) => (k ? `P${i + 1}×${k}` : "")).filter(Boolean);
        kids.push(svg("text", { x: x + 8, y: y + 44, class: "ad-small" }, `${w.hub}:`));
        kids.push(svg("text", { x: x + 8, y: y + 60, class: "ad-small" }, hw.slice(0, 2).join(" ") || w.none));
        if (hw.length > 2) kids.push(svg("text", { x: x + 8, y: y + 76, class: "ad-small" }, hw.slice(2).join(" ")));
      } else {
        for (let i = 0; i < n; i++) {
          const c = o.warehouses[i][a];
          let k = 0;
          const gx = x + 6 + (i % 2) * 86, gy = y + 54 + Math.floor(i / 2) * 22;
          GRADES.forEach((g, gi) => { for (let m = 0; m < c[gi]; m++) {
            kids.push(cube(gx + k * 19, gy, i, g, `${seatName(i)} ${gradeTip(g)}`)); k++; } });
        }
      }
      // vehicles standing here, with their cargo
      ["train", "ship"].forEach((v, vi) => {
        if (o.vehicles[v].at !== a) return;
        const moves = legal.filter((q) => (q.json.type === "load" || q.json.type === "unload") && q.json.vehicle === v);
        const total = o.vehicles[v].cargo.reduce((s, c) => s + c[0] + c[1] + c[2], 0);
        const vx = x + 6 + vi * 86, vy = y + BH - 26;
        kids.push(svg("g", { class: "ad-veh" + (moves.length ? " hint" : "") + (recentVehicles.has(v) ? " recent" : ""), "data-vehicle": v,
          onclick: moves.length ? (ev) => { ev.stopPropagation(); const z = document.getElementById(`veh-${v}`); if (z) { z.scrollIntoView({ block: "nearest" }); z.classList.add("flash"); } } : null },
          svg("title", {}, `${w[v]} — ${w.cargo} ${total}`),
          svg("rect", { x: vx, y: vy, width: 80, height: 20, rx: 10 }),
          svg("text", { x: vx + 40, y: vy + 15, "text-anchor": "middle" }, `${w[v]} ${total}`)));
      });
      areas.push(svg("g", { class: cls, "data-area": a, onclick: pick ? onAct(pick) : null }, kids));
    }
    const map = svg("svg", { id: "ad-map", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": w.round }, lines, areas);

    function cube(x, y, seat, g, tip) {
      return svg("g", { class: "ad-cube g" + g }, svg("title", {}, tip),
        svg("rect", { x, y, width: 17, height: 17, rx: 3, fill: SEAT[seat] }),
        svg("text", { x: x + 8.5, y: y + 13, "text-anchor": "middle" }, g));
    }
    const chip = (g, count, a, extra = {}) => el(a ? "button" : "span", { class: "ad-chip g" + g + (a ? " legal" : ""), title: gradeTip(g),
      onclick: a ? onAct(a) : null, ...extra }, `${g}${count != null ? "×" + count : ""}`);
    const cubesOf = (c) => GRADES.map((g, gi) => (c[gi] ? chip(g, c[gi]) : null)).filter(Boolean);

    // --- the step bar: the current decision, and what has no place on the board ------------------
    const stepKids = [];
    const hint = kind && (HINT[p.lang] || HINT.ja)[kind];
    if (hint) stepKids.push(el("p", { class: "muted", id: "ad-hint" }, hint));
    if (kind === "t_src") stepKids.push(el("p", {}, w.tSrc(top[2], top[3])));
    if (kind === "t_dst") stepKids.push(el("p", {}, w.tDst(top[4], top[3])));
    if (kind === "t_move") stepKids.push(el("p", {}, w.tMove(top[3], top[4], top[2])));
    const cubes = legal.filter((a) => a.json.type === "cube");
    if (cubes.length) stepKids.push(el("div", { class: "row", id: "ad-cubes" }, el("span", {}, `${w.pickCube}:`),
      cubes.map((a) => { take(a); return chip(a.json.grade, null, a, { "data-cube": a.json.grade }); })));

    // --- vehicles: cargo per seat, loads and unloads as cube buttons ----------------------------
    const veh = el("div", { class: "zone", id: "vehicles" }, el("h3", {}, w.vehicles), ["train", "ship"].map((v) => {
      const d = o.vehicles[v], area = L.areas[String(d.at)];
      const loads = legal.filter((a) => a.json.type === "load" && a.json.vehicle === v).map(take);
      const unloads = legal.filter((a) => a.json.type === "unload" && a.json.vehicle === v).map(take);
      const cargo = d.cargo.map((c, i) => (c[0] + c[1] + c[2] ? el("span", { class: "ad-own", style: `border-color:${SEAT[i]}` }, `P${i + 1} `, cubesOf(c)) : null)).filter(Boolean);
      return el("div", { id: `veh-${v}`, class: "ad-vrow" }, el("strong", {}, w.standsAt(w[v], area ? area.name : d.at)), " ",
        el("span", { class: "muted" }, `${w.cargo}: `), cargo.length ? cargo : w.none,
        loads.length ? el("span", { class: "row" }, `${w.load}:`, loads.map((a) => chip(a.json.grade, null, a, { "data-load": `${v}-${a.json.grade}` }))) : null,
        unloads.length ? el("span", { class: "row" }, `${w.unload}:`, unloads.map((a) => chip(a.json.grade, null, a, { "data-unload": `${v}-${a.json.grade}` }))) : null);
    }));

    // --- displays -------------------------------------------------------------------------------
    const reqCard = (r, a, extra = {}) => {
      const q = L.requests[String(r)];
      return el(a ? "button" : "div", { class: "cardx ad-req" + (a ? " click legal" : ""), style: `background:${CARD[q.colour]}`,
        "data-request": r, onclick: a ? onAct(a) : null, title: q.colour_name, ...extra },
        el("div", { class: "big" }, `${w.request} #${r}`),
        el("div", {}, `${w.to} ${(L.areas[String(q.area)] || {}).name || q.area}`),
        el("div", {}, `${q.grade}×${q.cubes}${p.lang === "ja" ? "" : " "}${w.atLeast}`), el("div", {}, `${q.vp}VP · ${q.colour_name}`));
    };
    const bizCard = (c, a, extra = {}, mark = "") => {
      const k = card(c);
      return el(a ? "button" : "div", { class: "cardx ad-card" + (a ? " click legal" : ""), style: `background:${CARD[k.colour]}`,
        "data-card": c, onclick: a ? onAct(a) : null, ...extra },
        el("div", { class: "big" }, k.name), el("div", { class: "muted" }, `${k.colour_name}${mark ? " · " + mark : ""}`), el("div", { class: "ad-eff" }, k.effect));
    };
    const reqDisplay = el("div", { class: "zone", id: "req-display" }, el("h3", {}, w.reqDisplay), el("div", { class: "cards" },
      o.request_display.map((r) => reqCard(r, take(find((j) => (j.type === "draft" && j.pile === "request" && j.card === r)
        || (j.type === "request" && j.request === r && kind === "take_request")))))));
    const bizDisplay = el("div", { class: "zone", id: "biz-display" }, el("h3", {}, w.bizDisplay), el("div", { class: "cards" },
      o.business_display.map((c) => bizCard(c, take(find((j) => (j.type === "draft" && j.pile === "business" && j.card === c)
        || (j.type === "card" && j.card === c && kind === "office_pick")))))));

    // --- your seat ------------------------------------------------------------------------------
    const parts = [];
    if (me !== null && me !== undefined) {
      const hand = el("div", { class: "cards" }, o.hands[me].map((c) => {
        const up = take(find((j) => j.type === "play" && j.card === c && j.face === "up"));
        const down = take(find((j) => j.type === "play" && j.card === c && j.face === "down"));
        const k = card(c);
        return el("div", { class: "cardx ad-card" + (up || down ? " click" : ""), style: `background:${CARD[k.colour]}`, "data-card": c },
          el("div", { class: "big" }, k.name), el("div", { class: "muted" }, k.colour_name), el("div", { class: "ad-eff" }, k.effect),
          el("div", { class: "row" },
            up ? el("button", { class: "legal", "data-play": `${c}-up`, title: w.upTip, onclick: onAct(up) }, w.up) : null,
            down ? el("button", { class: "legal", "data-play": `${c}-down`, title: w.downTip, onclick: onAct(down) }, w.down) : null));
      }));
      const playArea = el("div", { class: "cards" }, o.play[me].map(([c, mode]) => {
        const keep = take(find((j) => j.type === "card" && j.card === c && kind === "keep"));
        return bizCard(c, keep, { "data-mode": mode }, mode === 0 ? w.faceDown : mode === 2 ? w.resident : w.faceUp);
      }));
      const orders = el("div", { class: "cards" }, o.orders[me].map((r) => reqCard(r, take(find((j) => j.type === "request" && j.request === r && kind !== "take_request")))));
      const supply = el("span", { id: "supply" }, o.supply[me].some((x) => x) ? cubesOf(o.supply[me]) : w.noCubes);
      parts.push(el("div", { class: "zone ad-me", id: "me", style: `border-color:${SEAT[me]}` },
        el("h3", {}, `${seatName(me)} — ${o.vp[me]}${w.vp}`),
        el("div", { class: "row" }, el("span", {}, `${w.supply}: `), supply,
          el("span", {}, `${w.workers}: ${o.workers[me]}/${L.workers}`), el("span", { class: "muted" }, `${w.hub} ${o.hub_workers[me]}`),
          el("span", { class: "muted" }, `${w.tokens} ${o.tokens[me]}`)),
        el("h4", {}, w.hand), el("div", { id: "hand" }, hand),
        el("h4", {}, w.play), el("div", { id: "play-area" }, o.play[me].length ? playArea : w.none),
        el("h4", {}, w.orders), el("div", { id: "orders" }, o.orders[me].length ? orders : w.none),
        o.completed[me].length ? el("p", { class: "muted" }, `${w.done}: ${o.completed[me].map(reqText).join(" / ")}`) : null));
    }
    const others = el("div", { class: "players", id: "others" }, [...Array(n).keys()].filter((i) => i !== me).map((i) =>
      el("div", { class: "zone ad-seat" + (o.seat_on_turn === i ? " turn" : ""), id: `seat-${i + 1}`, style: `border-color:${SEAT[i]}` },
        el("h3", {}, el("span", { class: "dot", style: `background:${SEAT[i]}` }), ` ${seatName(i)} — ${o.vp[i]}${w.vp}`),
        el("div", { class: "row" }, `${w.supply}: `, o.supply[i].some((x) => x) ? cubesOf(o.supply[i]) : w.noCubes,
          ` ${w.workers} ${o.workers[i]}/${L.workers} · ${w.tokens} ${o.tokens[i]}`),
        el("div", { class: "muted" }, `${w.seatHand}: ${o.hands[i].map((c) => card(c).name).join(w.sep) || w.none}`),
        el("div", { class: "muted" }, `${w.play}: ${o.play[i].map(([c, m]) => `${card(c).name}${w.paren(m === 0 ? w.faceDown : m === 2 ? w.resident : w.faceUp)}`).join(w.sep) || w.none}`),
        el("div", { class: "muted" }, `${w.ordersOf}: ${o.orders[i].map(reqText).join(" / ") || w.none}`),
        el("div", { class: "muted" }, `${w.done}: ${o.completed[i].length}`))));

    // end of the action step (asked again before it is done: see the page's confirmation)
    const end = take(find((j) => j.type === "end"));
    if (end) stepKids.push(el("button", { id: "end-step", class: "primary legal", onclick: onAct(end) }, w.endStep));
    const rest = legal.filter((a) => !used.has(key(a.json)));
    if (rest.length) stepKids.push(el("div", { class: "row", id: "ad-other" }, rest.map((a) =>
      el("button", { class: "legal", "data-act": a.str, onclick: onAct(a) }, a.text))));

    const head = el("div", { class: "row", id: "ad-head" },
      el("strong", {}, `${w.round} ${o.round}/${L.rounds}`), el("span", {}, `${w.start}: P${o.start + 1}`),
      el("span", {}, `${w.stock}: `, cubesOf(o.stock)),
      L.map.big ? el("span", { class: "muted" }, `${w.attached}: ${(L.areas[String(o.clockwise[1])] || {}).name}`) : null);
    const help = el("details", { class: "zone", id: "ad-help" }, el("summary", {}, w.help),
      el("pre", { class: "viewtext" }, L.help), el("p", {}, L.grade_note),
      el("ul", {}, L.facilities.map((f) => el("li", {}, `${f.short} ${f.name}: ${f.effect}`))),
      el("p", { class: "muted" }, `${w.legend}: ${w.legendCube}; ${w.legendFac}; ${w.legendTerm}. ${w.legendPick}`));
    const stepBox = el("div", { class: "zone", id: "step" }, el("h3", {}, w.step), p.prompt ? el("p", { class: "prompt" }, p.prompt) : null, stepKids);
    const recentBox = recent ? el("p", { id: "ad-recent", class: "muted" }, el("span", { class: "dot", style: `background:${SEAT[recent.seat]}` }),
      ` ${w.recent}: ${recent.summary}`) : null;
    root.replaceChildren(el("div", { class: "board ad" }, head, (kind || legal.length) ? stepBox : null, recentBox,
      el("div", { class: "zone ad-mapbox", id: "ad-mapbox" }, map, el("p", { class: "muted ad-legend" }, `${w.legendCube}; ${w.legendFac}; ${w.legendTerm}. ${L.grade_note} ${w.legendPick}`)),
      veh, reqDisplay, bizDisplay, parts, others, help));
    const k2 = `${p.version}-${p.lang}`;
    if (lastKey !== k2 && lastLang === p.lang && p.legal.length) {  // a new step of yours: bring its choices into view
      const first = root.querySelector(".legal");
      if (first && first.scrollIntoView && !isVisible(first)) first.scrollIntoView({ block: "center" });
    }
    lastKey = k2; lastLang = p.lang;
  }
  function isVisible(e) { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= (window.innerHeight || 0); }
  return { render, ownsChoices: true };  // every legal action has a place here (the page folds its list)
})();
