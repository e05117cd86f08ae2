// Game page: live state over a WebSocket, the game's board (if it has one) and the generic view.
const gid = location.pathname.split("/").pop(), token = q("token");
let P = null, prevScores = null, labels = null, labelsLang = null, ws = null, retry = 0, showEnd = true, boardLoaded = null;
const main = document.getElementById("main");

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const qs = new URLSearchParams({ lang: lang() }); if (token) qs.set("token", token);
  ws = new WebSocket(`${proto}://${location.host}/ws/games/${gid}?${qs}`);
  ws.onmessage = (ev) => { retry = 0; const d = JSON.parse(ev.data); if (d.error) { fatal(d); return; } update(d); };
  ws.onclose = (ev) => { if (ev.code >= 4000) return; banner(t("conn")); setTimeout(connect, Math.min(5000, 300 * 2 ** retry++)); };
}
function fatal(d) {  // the game cannot be shown: no such game, a wrong key
  const e = new Error(d.error); e.status = d.status;
  main.replaceChildren(errBox(e, "game"), el("p", {}, el("a", { href: "/" }, t("again"))));
}
function banner(msg) { const b = document.getElementById("status"); if (b) b.textContent = msg; }
function relang() { labels = null; P = null; if (ws) { ws.onclose = null; ws.close(); } connect(); }

async function update(p) {
  if (P && p.lang === P.lang && p.version < P.version) return;  // an older answer after a newer push
  if (P && p.lang === P.lang && p.version === P.version && p.seats.every((x, i) => x.joined === P.seats[i].joined)
      && p.feedback_given === P.feedback_given && p.bot_error === P.bot_error) return;  // the same state again (answer and push)
  P = p;
  if (p.board && boardLoaded !== p.board) {
    if (p.board_style) document.head.append(el("link", { rel: "stylesheet", href: p.board_style }));  // the board's own CSS
    await new Promise((ok) => { const s = document.createElement("script"); s.src = p.board; s.onload = ok; s.onerror = ok; document.head.append(s); });
    boardLoaded = p.board;
  }
  if (p.board && (labels === null || labelsLang !== p.lang)) { labels = await api(`/api/games/${gid}/labels?lang=${p.lang}`); labelsLang = p.lang; }
  render();
}

async function act(json, confirmed = false) {
  const same = P && (P.legal || []).find((a) => JSON.stringify(a.json) === JSON.stringify(json));
  if (same && same.confirm && !confirmed) { askConfirm(same, () => act(json, true)); return; }
  const qs = new URLSearchParams({ token: token || "", lang: lang() });
  try { update(await api(`/api/games/${gid}/actions?${qs}`, { method: "POST", body: JSON.stringify(json) })); }
  catch (e) { showError(e, "action"); }
}
function showError(e, what) { const x = document.getElementById("err") || document.getElementById("status"); if (x) x.textContent = t("errPrefix") + errText(e, what); }

async function undo() {
  const qs = new URLSearchParams({ token: token || "", lang: lang() });
  try { update(await api(`/api/games/${gid}/undo?${qs}`, { method: "POST" })); } catch (e) { showError(e, "undo"); }
}

function askConfirm(a, yes) {  // the game asks before a step that cannot be taken back
  const close = () => box.remove();
  const box = el("div", { class: "overlay confirm", id: "confirm", role: "dialog", "aria-modal": "true" }, el("div", { class: "panel" },
    el("p", { class: "prompt" }, a.confirm), el("p", { class: "muted" }, a.text),
    el("div", { class: "row" }, el("button", { class: "primary", id: "confirm-yes", onclick: () => { close(); yes(); } }, t("yes")),
      el("button", { id: "confirm-no", onclick: close }, t("no")))));
  document.body.append(box);
  document.getElementById("confirm-yes").focus();
}

function turnsBox(p) {  // one line per turn (the game's summary), the moves on demand; your own turns dimmed
  return el("ol", { class: "turns", id: "turns" }, p.turns.map((x) => el("li", { class: x.seat === p.seat ? "mine" : "", "data-seat": x.seat + 1 },
    el("details", {}, el("summary", {}, x.summary), el("ol", {}, x.lines.map((l) => el("li", {}, l)))))));
}

function seatsBar(p) {
  return el("div", { class: "seats", id: "seats" }, p.seats.map((s, i) => {
    const changed = prevScores && prevScores[i] !== p.scores[i];
    const cls = "seat" + (s.seat === p.seat ? " me" : "") + (p.to_act.includes(s.seat) && !p.over ? " turn" : "");
    return el("div", { class: cls, "data-seat": s.seat_number }, `${s.name}`,
      s.kind === "bot" ? el("span", { class: "tag" }, `${t("bot")} ${s.bot_label || s.bot}`) : s.joined ? null : el("span", { class: "tag" }, t("notJoined")),
      " ", el("span", { class: "score" + (changed ? " changed" : ""), "aria-live": "polite" }, `${p.scores[i]}`),
      p.to_act.includes(s.seat) && !p.over ? el("span", { class: "muted" }, ` ← ${t("turnOf")}`) : null);
  }));
}


function choices(p, folded) {
  if (!p.legal.length) return null;
  if (folded) return el("details", { id: "all-choices" }, el("summary", {}, `${t("allChoices")} (${p.legal.length})`), choices(p, false));
  return el("div", { class: "actions", id: "choices", role: "group", "aria-label": t("choices") },
    p.legal.map((a, i) => el("button", { "data-i": i, title: a.str, onclick: () => act(a.json) },
      el("span", { class: "k" }, `${i + 1}.`), a.text)));
}

function endScreen(p) {
  if (!p.over || !showEnd) return null;
  const rec = `/api/games/${gid}/record`;
  return el("div", { class: "overlay", id: "end", role: "dialog", "aria-modal": "true" }, el("div", { class: "panel" },
    el("h2", {}, t("over")),
    el("table", { class: "rank" }, el("tr", {}, el("th", {}, t("ranking")), el("th", {}, t("players_")), el("th", {}, t("score"))),
      p.ranking.map((r) => el("tr", { class: r.seat === p.seat ? "me" : "" }, el("td", {}, `${r.rank}${t("rank")}`), el("td", {}, r.name), el("td", {}, r.score)))),
    endDetails(p),
    el("p", { class: "row" }, el("a", { href: rec, download: true }, t("record")),
      el("button", { id: "open-replay", onclick: async () => { const r = await api(`/api/games/${gid}/replay`, { method: "POST" }); location.href = r.url; } }, t("replay"))),
    p.seat !== null ? (p.feedback_given ? el("p", { id: "fb-thanks" }, t("fbThanks")) : feedbackForm()) : null,
    el("div", { class: "row" }, el("button", { id: "close-end", onclick: () => { showEnd = false; render(); } }, t("close")),
      el("a", { href: "/" }, t("again")))));
}

function endDetails(p) {  // the game's own breakdown of the end (its board script's endDetails), if it has one
  if (!(p.board && window.SoanBoard && window.SoanBoard.endDetails)) return null;
  try { return window.SoanBoard.endDetails(p, { lang: p.lang, labels: labels || {}, act: () => {}, t, el }); }
  catch (e) { console.error(e); return null; }
}

function feedbackForm() {
  const scale = (name) => el("fieldset", { class: "row" }, el("legend", {}, `${t(name)} (1 ${t("low")} – 5 ${t("high")})`),
    [1, 2, 3, 4, 5].map((n) => el("label", {}, el("input", { type: "radio", name, value: n, required: true }), ` ${n} `)));
  const err = el("p", { class: "error", role: "alert" });
  const form = el("form", { id: "feedback", class: "panel", novalidate: true }, el("h3", {}, t("fbTitle")), scale("fun"), scale("clarity"),
    el("label", { class: "row" }, t("length"), " ", el("select", { name: "length" }, ["too_short", "right", "too_long"].map((v) =>
      el("option", { value: v, selected: v === "right" }, t(v))))),
    ["confusing", "too_strong"].map((k) => el("label", { class: "row" }, t(k), " ", el("input", { name: k, maxlength: 2000 }))),
    el("label", {}, t("comment"), el("br"), el("textarea", { name: "comment", rows: 2, maxlength: 2000, style: "width:100%" })),
    el("button", { class: "primary", type: "submit", id: "fb-send" }, t("fbSend")), err);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const f = new FormData(form), body = { fun: Number(f.get("fun")), clarity: Number(f.get("clarity")), length: f.get("length"),
      confusing: f.get("confusing") || "", too_strong: f.get("too_strong") || "", comment: f.get("comment") || "" };
    const missing = ["fun", "clarity"].filter((k) => !(body[k] >= 1 && body[k] <= 5));  // said in the page's language
    if (missing.length) { err.textContent = t("errPrefix") + missing.map((k) => t("fbPick").replace("{q}", t(k))).join(" "); return; }
    try {
      await api(`/api/games/${gid}/feedback?token=${encodeURIComponent(token)}`, { method: "POST", body: JSON.stringify(body) });
      P = { ...P, feedback_given: true }; render();
    } catch (x) { err.textContent = t("errPrefix") + errText(x, "feedback"); }
  });
  return form;
}

function render() {
  const p = P; if (!p) return;
  topbar(relang);
  document.title = `${p.name} — soan`;
  let status;
  if (p.over) status = t("over");
  else if (p.seat === null) status = t("spectator");
  else if (p.waiting_for.length) status = `${t("waiting")}: ${p.waiting_for.map((s) => `${t("seat")} ${s + 1}`).join(", ")}`;
  else status = p.legal.length ? t("yourTurn") : t("notYourTurn");
  if (p.bot_error) status += ` — ${t("botError")}`;
  const boardBox = el("section", { class: "panel", id: "board", "aria-label": t("board") });
  const ctx = { lang: p.lang, labels: labels || {}, act, t, el };
  let drew = false;
  if (p.board && window.SoanBoard) { try { window.SoanBoard.render(boardBox, p, ctx); drew = true; } catch (e) { console.error(e); } }
  const logBox = p.turns ? turnsBox(p) : el("pre", { class: "log", id: "log", "aria-live": "polite" }, p.log.join("\n"));
  const owns = drew && window.SoanBoard.ownsChoices;
  main.replaceChildren(
    el("h1", {}, p.name, " ", el("span", { class: "muted" }, p.seat === null ? t("spectator") : `${t("seat")} ${p.seat_number}`)),
    seatsBar(p),
    el("div", { class: "row" }, el("p", { id: "status", class: "prompt", role: "status" }, status),
      p.can_undo ? el("button", { id: "undo", title: t("undoTip"), onclick: undo }, t("undo")) : null),
    el("div", { class: "grid2" },
      el("div", {}, drew ? boardBox : null,
        p.prompt ? el("section", { class: "panel" }, owns ? null : el("p", { class: "prompt", id: "prompt" }, p.prompt), el("p", { class: "error", id: "err", role: "alert" }), choices(p, owns)) : null,
        p.view_text && !drew ? el("section", { class: "panel" }, el("pre", { class: "viewtext", id: "view-text" }, p.view_text)) : null,
        p.view_text && drew ? el("details", { class: "panel", id: "seen" }, el("summary", {}, t("obs")),
          el("pre", { class: "viewtext" }, p.view_text)) : null),
      el("section", { class: "panel" }, el("h2", {}, t("log")), logBox)),
    endScreen(p) || "");
  logBox.scrollTop = logBox.scrollHeight;
  prevScores = p.scores.slice();
}

document.addEventListener("keydown", (e) => {  // 1-9: the numbered choices
  if (e.target.matches("input, select, textarea") || e.ctrlKey || e.metaKey || e.altKey) return;
  const n = Number(e.key);
  if (n >= 1 && n <= 9 && P && P.legal[n - 1]) { e.preventDefault(); act(P.legal[n - 1].json); }
  if (e.key === "Escape" && document.getElementById("confirm")) { document.getElementById("confirm").remove(); return; }
  if (e.key === "Escape" && P && P.over) { showEnd = false; render(); }
});
topbar(relang);
connect();
