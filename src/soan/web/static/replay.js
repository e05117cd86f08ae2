// Replay: open a record (file or a finished web game), step forward and back, any seat's view or the
// full view, the scores after every move. Embedded mode (a self-contained file, lab/replay_page.py):
// window.SOAN_REPLAY_DATA holds every step's views, gzip-compressed, and no server is asked.
const R = { id: q("id"), step: 0, seat: "full", frame: null, board: null, data: null };
const main = document.getElementById("main");
const RT = { ja: { open: "記録を開く", file: "記録ファイル", step: "手", first: "最初", prev: "前へ", next: "次へ", last: "最後",
  view: "表示", full: "全体（すべての情報）", seatView: "の視点", scores: "得点の推移", move: "直前の行動", replay: "リプレイ",
  hands: "各席の手元" },
  en: { open: "Open a record", file: "Record file (.jsonl)", step: "move", first: "First", prev: "Back", next: "Forward", last: "Last",
  view: "View", full: "Full (everything)", seatView: "'s view", scores: "Scores over time", move: "Last move", replay: "Replay",
  hands: "Each seat's own view" } };
const rt = (k) => (RT[lang()] || RT.ja)[k];

async function openText(text) {
  try { const r = await api(`/api/replays?lang=${lang()}`, { method: "POST", body: text }); location.search = `?id=${r.id}`; }
  catch (e) { document.getElementById("err").textContent = t("errPrefix") + errText(e, "replay"); }
}
async function unpack(b64) {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}
function embeddedFrame(D, step, seat, lg) {
  const v = seat === "full" ? 0 : Number(seat) + 1, who = seat === "full" ? null : Number(seat);
  return { game: D.game, name: D.name[lg], title: D.title[lg], players: D.players, lang: lg, step, steps: D.steps, seat: who,
    seat_number: who === null ? null : who + 1, last: D.last[lg][v][step], observation: D.views[v][step],
    view_text: D.texts ? D.texts[lg][v][step] : null,
    scores: D.scores[step], scores_over_time: D.scores, to_act: D.to_act[step], over: step === D.steps && D.over,
    board_observation: who === null && D.public ? D.public[step] : null,
    version: step, legal: [], prompt: null, log: [], seats: D.seats[lg][v], board: D.board && (who !== null || D.public) ? "embedded" : null };
}
async function load() {
  if (window.SOAN_REPLAY_DATA) {
    try { if (!R.data) R.data = await unpack(window.SOAN_REPLAY_DATA); }
    catch (e) { main.replaceChildren(errBox(e, "replay")); return; }
    R.frame = embeddedFrame(R.data, R.step, R.seat, lang()); R.labels = R.data.labels[lang()];
    render(); return;
  }
  if (!R.id) { picker(); return; }
  try { R.frame = await api(`/api/replays/${R.id}?step=${R.step}&seat=${R.seat}&lang=${lang()}`); }
  catch (e) { topbar(load); main.replaceChildren(errBox(e, "replay"), el("p", {}, el("a", { href: "/replay" }, rt("open")))); return; }
  if (R.frame.board && R.board !== R.frame.board) {
    if (R.frame.board_style) document.head.append(el("link", { rel: "stylesheet", href: R.frame.board_style }));  // the board's own CSS
    await new Promise((ok) => { const s = document.createElement("script"); s.src = R.frame.board; s.onload = ok; s.onerror = ok; document.head.append(s); });
    R.board = R.frame.board;
  }
  if (R.frame.board && (!R.labels || R.labelsLang !== lang())) { R.labels = await boardLabels(); R.labelsLang = lang(); }
  render();
}
async function boardLabels() {  // the names a board shows come with a game of the same settings
  return api(`/api/replays/${R.id}/labels?lang=${lang()}`).catch(() => ({}));
}
function picker() {
  topbar(load);
  main.replaceChildren(el("section", { class: "panel" }, el("h1", {}, rt("open")),
    el("label", {}, rt("file"), " ", el("input", { type: "file", id: "file", accept: ".jsonl,.json,.txt",
      onchange: async (e) => { const f = e.target.files[0]; if (f) openText(await f.text()); } })),
    el("p", { class: "error", id: "err", role: "alert" })));
}
function chart(series) {  // scores over the game: a line per seat, the score axis (left) and the steps (bottom) numbered
  const n = series.length, seats = series[0].length, W = 600, H = 180, L = 34, B = 18;
  const max = Math.max(1, ...series.flat()), min = Math.min(0, ...series.flat());
  const x = (i) => (n <= 1 ? L : (i / (n - 1)) * (W - L - 16) + L), y = (v) => H - B - ((v - min) / (max - min || 1)) * (H - B - 10);
  const colors = ["#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98", "#555"];
  const step = (span) => { const raw = span / 4, p = 10 ** Math.floor(Math.log10(raw || 1)); return [1, 2, 5, 10].map((k) => k * p).find((k) => k >= raw) || p; };
  const ticks = (lo, hi) => { const d = step(hi - lo), out = []; for (let v = Math.ceil(lo / d) * d; v <= hi + 1e-9; v += d) out.push(Math.round(v * 1000) / 1000); return out; };
  const yAxis = ticks(min, max).map((v) => `<line x1="${L}" x2="${W - 16}" y1="${y(v)}" y2="${y(v)}" stroke="#e4e4e4"/>` +
    `<text x="${L - 4}" y="${y(v) + 4}" font-size="11" text-anchor="end" fill="#555">${v}</text>`).join("");
  const xAxis = ticks(0, Math.max(1, n - 1)).map((i) => `<text x="${x(i)}" y="${H - 3}" font-size="11" text-anchor="middle" fill="#555">${i}</text>`).join("");
  const svg = `<svg viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="${rt("scores")}">` + yAxis + xAxis +
    `<line x1="${L}" x2="${L}" y1="6" y2="${H - B}" stroke="#999"/><line x1="${L}" x2="${W - 16}" y1="${H - B}" y2="${H - B}" stroke="#999"/>` +
    Array.from({ length: seats }, (_, s) => `<polyline fill="none" stroke="${colors[s % 6]}" stroke-width="2" points="${series.map((r, i) => `${x(i)},${y(r[s])}`).join(" ")}"/>` +
      `<text x="${W - 2}" y="${y(series[n - 1][s])}" font-size="11" fill="${colors[s % 6]}" text-anchor="end">${s + 1}</text>`).join("") +
    `<line x1="${x(R.step)}" x2="${x(R.step)}" y1="0" y2="${H - B}" stroke="#999" stroke-dasharray="4"/></svg>`;
  const box = el("div"); box.innerHTML = svg; return box;
}
function go(step) { R.step = Math.max(0, Math.min(R.frame.steps, step)); load(); }
function render() {
  const f = R.frame; topbar(load);
  const seatSel = el("select", { id: "seat", onchange: (e) => { R.seat = e.target.value; load(); } },
    el("option", { value: "full", selected: R.seat === "full" }, rt("full")),
    f.seats.map((s) => el("option", { value: s.seat, selected: String(s.seat) === R.seat }, `${t("seat")} ${s.seat_number}${rt("seatView")}`)));
  const ctrl = el("div", { class: "row" },
    el("button", { id: "first", onclick: () => go(0) }, "|◀ " + rt("first")), el("button", { id: "prev", onclick: () => go(f.step - 1) }, "◀ " + rt("prev")),
    el("span", { id: "where" }, `${f.step} / ${f.steps} ${rt("step")}`),
    el("button", { id: "next", onclick: () => go(f.step + 1) }, rt("next") + " ▶"), el("button", { id: "last", onclick: () => go(f.steps) }, rt("last") + " ▶|"),
    el("input", { type: "range", min: 0, max: f.steps, value: f.step, "aria-label": rt("step"), onchange: (e) => go(Number(e.target.value)) }),
    el("label", {}, rt("view"), " ", seatSel));
  const box = el("section", { class: "panel", id: "board" });
  let drew = false;
  const shown = f.seat === null ? (f.board_observation ? { ...f, observation: f.board_observation } : null) : f;  // the full view: the table everyone sees
  if (f.board && shown && window.SoanBoard) { try { window.SoanBoard.render(box, shown, { lang: f.lang, labels: R.labels || {}, act: () => {}, t, el }); drew = true; } catch (e) { console.error(e); } }
  const texts = f.seat === null ? (f.view_texts || []).map((x, i) => el("div", { class: "zone", "data-seat": i + 1 }, el("h3", {}, f.seats[i].name),
    el("pre", { class: "viewtext" }, x))) : [];
  if (R.data) { const home = document.querySelector("header.top a"); if (home) home.removeAttribute("href"); }
  main.replaceChildren(el("h1", {}, `${rt("replay")}: ${f.name}`), f.title ? el("p", { id: "replay-title" }, f.title) : "", ctrl,
    el("p", { id: "last-move", class: "prompt" }, f.last ? `${rt("move")}: ${f.last}` : "—"),
    el("div", { class: "seats" }, f.seats.map((s, i) => el("div", { class: "seat" }, `${s.name} `, el("span", { class: "score" }, f.scores[i])))),
    el("section", { class: "panel" }, el("h2", {}, rt("scores")), chart(f.scores_over_time)),
    drew ? box : "", !drew && f.view_text ? el("section", { class: "panel" }, el("pre", { class: "viewtext", id: "view-text" }, f.view_text)) : "",
    drew && f.view_text ? el("details", { class: "panel", id: "seen" }, el("summary", {}, t("obs")), el("pre", { class: "viewtext" }, f.view_text)) : "",
    texts.length ? el("details", { class: "panel", id: "hands", open: !drew }, el("summary", {}, rt("hands")), el("div", { class: "players" }, texts)) : "");
}
document.addEventListener("keydown", (e) => {
  if (!R.frame || e.target.matches("input, select, textarea")) return;
  if (e.key === "ArrowRight") go(R.frame.step + 1);
  if (e.key === "ArrowLeft") go(R.frame.step - 1);
});
load();
