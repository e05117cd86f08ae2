// Lobby: create a game (game, players, variants, parameters, a person or a bot per seat); list games.
let CAT = null, form = { game: null, players: null, seats: [], variants: new Set(), params: {}, seed: "" };
const BOTS = ["easy", "normal", "hard"];
async function init() {
  try { CAT = await api("/api/catalog"); }
  catch (e) { topbar(init); document.getElementById("main").replaceChildren(errBox(e, "catalog")); return; }
  const pick = CAT.games.find((g) => g.id === q("game")) || CAT.games[0];
  choose(pick.id);
}
function info() { return CAT.games.find((g) => g.id === form.game); }
function choose(id) {
  form.game = id; const g = info();
  form.players = Math.min(Math.max(4, g.players[0]), g.players[1]);
  form.variants = new Set(); form.params = {};
  form.seats = Array.from({ length: g.players[1] }, (_, i) => (i === 0 ? "person" : "normal"));
  render();
}
function render() {
  topbar(render);
  const g = info(), ja = lang() === "ja";
  const m = document.getElementById("main");
  const gameSel = el("select", { id: "game", onchange: (e) => choose(e.target.value) },
    CAT.games.map((x) => el("option", { value: x.id, selected: x.id === form.game }, ja ? x.name_ja : x.name)));
  const nSel = el("select", { id: "players", onchange: (e) => { form.players = +e.target.value; render(); } },
    Array.from({ length: g.players[1] - g.players[0] + 1 }, (_, k) => g.players[0] + k)
      .map((n) => el("option", { value: n, selected: n === form.players }, n)));
  const seats = Array.from({ length: form.players }, (_, i) => el("label", { class: "row" }, `${t("seat")} ${i + 1}: `,
    el("select", { id: `seat-${i + 1}`, onchange: (e) => { form.seats[i] = e.target.value; } },
      el("option", { value: "person", selected: form.seats[i] === "person" }, t("person")),
      BOTS.map((b) => el("option", { value: b, selected: form.seats[i] === b }, `${t("bot")}: ${botName(b)}${lang() === "ja" ? `（${t("level_" + b)}）` : ` (${t("level_" + b)})`}`)))));
  const vars = g.variants.map((v) => el("label", { class: "row", title: v.rule },
    el("input", { type: "checkbox", value: v.id, "data-variant": v.id, checked: form.variants.has(v.id),
      onchange: (e) => { e.target.checked ? form.variants.add(v.id) : form.variants.delete(v.id); render(); } }),
    ja && v.doc_ja ? v.doc_ja : v.doc));
  const params = g.params.filter((p) => !p.requires || form.variants.has(p.requires)).map(paramInput);
  const err = el("p", { class: "error", id: "err", role: "alert" });
  m.replaceChildren(
    el("section", { class: "panel" }, el("h1", {}, t("newgame")),
      el("div", { class: "row" }, el("label", {}, t("game"), " ", gameSel), el("label", {}, t("players"), " ", nSel)),
      el("h2", {}, t("players_")), ...seats,
      g.variants.length ? el("h2", {}, t("variants")) : null, ...vars,
      params.length ? el("h2", {}, t("params")) : null, ...params,
      el("p", {}, el("label", {}, t("seed"), " ", el("input", { id: "seed", inputmode: "numeric", value: form.seed,
        oninput: (e) => { form.seed = e.target.value; } }))),
      el("button", { class: "primary", id: "create", onclick: create }, t("create")), err),
    el("section", { class: "panel", id: "open" }, el("h2", {}, t("open")), el("p", {}, el("a", { href: "/replay", id: "replay-link" }, t("openRecord")))));
  listGames();
}
function botName(spec) { return ((CAT.bot_names || {})[spec] || {})[lang()] || spec; }
function label(p) { return lang() === "ja" && p.doc_ja ? p.doc_ja : p.doc; }
function choiceName(p, c) { const k = p.choices.indexOf(c); return lang() === "ja" && p.choices_ja ? p.choices_ja[k] : String(c); }
function shown(p, v) {  // a default or a value as a reader reads it
  if (v === null || v === undefined) return t("unset");
  if (p.kind === "bool") return v ? t("yes") : t("no_");
  if (p.choices) return choiceName(p, v);
  return Array.isArray(v) ? (v.length ? v.join(",") : t("none")) : String(v);
}
function range(p) { return p.min !== null && p.max !== null ? `${p.min}〜${p.max}` : ""; }
// A rule parameter as a control: yes/no as a checkbox, a number as a stepper with its range, a choice
// as a list of named choices, a list of numbers as text; its name is the rule's words (the code name is
// the tooltip).
function paramInput(p) {
  const cur = form.params[p.name], set = (v) => { form.params[p.name] = v; };
  let input;
  if (p.kind === "bool") {
    input = el("input", { type: "checkbox", "data-param": p.name, checked: cur === undefined ? p.default : cur === "true",
      onchange: (e) => set(e.target.checked === p.default ? "" : String(e.target.checked)) });
    return el("label", { class: "row param", title: p.name }, input, label(p));
  }
  if (p.choices) {
    input = el("select", { "data-param": p.name, onchange: (e) => set(e.target.value) },
      el("option", { value: "" }, `${t("default_")}（${shown(p, p.default)}）`),
      p.choices.map((c) => el("option", { value: c, selected: String(c) === cur }, choiceName(p, c))));
  } else if (p.kind === "int") {
    input = el("input", { type: "number", step: 1, "data-param": p.name, value: cur ?? "", min: p.min ?? null, max: p.max ?? null,
      placeholder: `${t("default_")}: ${shown(p, p.default)}`, oninput: (e) => set(e.target.value) });
  } else {
    input = el("input", { "data-param": p.name, value: cur ?? "", placeholder: `${t("default_")}: ${shown(p, p.default)}`,
      oninput: (e) => set(e.target.value) });
  }
  const sep = lang() === "ja" ? "、" : ", ";
  const hint = [p.kind === "int" ? range(p) : p.kind === "list" ? `${t("listHelp")}${range(p) ? `（${range(p)}）` : ""}` : "",
    p.choices ? "" : `${t("default_")} ${shown(p, p.default)}`].filter((x) => x).join(sep);
  return el("label", { class: "row param", title: p.name }, el("span", {}, label(p)), input, hint ? el("span", { class: "muted" }, hint) : null);
}
function checkParams() {  // said before anything is sent: which parameter, and the numbers it takes
  for (const p of info().params) {
    const v = (form.params[p.name] ?? "").trim();
    if (!v || p.requires && !form.variants.has(p.requires)) continue;
    const nums = p.kind === "int" ? [v] : p.kind === "list" ? v.split(",").map((x) => x.trim()) : [];
    for (const x of nums) {
      if (!/^-?\d+$/.test(x)) return t("notInt").replace("{p}", label(p));
      if ((p.min !== null && +x < p.min) || (p.max !== null && +x > p.max))
        return t("outOfRange").replace("{p}", label(p)).replace("{lo}", p.min).replace("{hi}", p.max);
    }
  }
  return null;
}
async function create() {
  const bad = checkParams();
  if (bad) { document.getElementById("err").textContent = t("errPrefix") + bad; return; }
  const bots = {};
  for (let i = 0; i < form.players; i++) if (form.seats[i] !== "person") bots[i + 1] = form.seats[i];
  const params = Object.fromEntries(Object.entries(form.params).filter(([, v]) => v !== ""));
  const body = { game: form.game, players: form.players, variants: [...form.variants], params, bots, lang: lang() };
  if (form.seed.trim()) body.seed = Number(form.seed);
  try {
    const r = await api("/api/games", { method: "POST", body: JSON.stringify(body) });
    location.href = r.room_url;
  } catch (e) { document.getElementById("err").textContent = t("errPrefix") + errText(e, "create"); }
}
async function listGames() {
  const r = await api("/api/games"), box = document.getElementById("open");
  const names = Object.fromEntries(CAT.games.map((g) => [g.id, lang() === "ja" ? g.name_ja : g.name]));
  box.append(...r.games.map((g) => el("div", { class: "row" }, el("a", { href: `/play/${g.id}` }, `${t("watch")}: ${names[g.game] || g.game}`),
    el("span", { class: "muted" }, `${g.players}${lang() === "ja" ? "人" : " players"} · ${t("version")} ${g.version}${g.over ? " · " + t("over") : ""}`))));
}
init();
