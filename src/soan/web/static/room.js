// Waiting room: the host sees an invitation link per person's seat and who has joined.
const gid = location.pathname.split("/").pop(), host = q("host");
let last = "";
async function render(force = true) {
  const m = document.getElementById("main");
  let r;
  try { r = await api(`/api/games/${gid}/invites?host=${encodeURIComponent(host || "")}`); }
  catch (e) { topbar(render); m.replaceChildren(errBox(e, "host"), el("p", {}, el("a", { href: "/" }, t("again")))); return; }
  const key = JSON.stringify(r.seats.map((s) => s.joined));
  if (!force && key === last) return;  // keep focus and selection while nothing changed
  last = key;
  topbar(render);
  const rows = r.seats.map((s) => el("div", { class: "invite" }, el("strong", {}, `${t("seat")} ${s.seat_number}`),
    el("input", { readonly: true, value: s.url, "aria-label": `${t("seat")} ${s.seat_number}`, onfocus: (e) => e.target.select() }),
    el("button", { onclick: async (e) => { try { await navigator.clipboard.writeText(s.url); e.target.textContent = t("copied"); } catch { /* no clipboard */ } } }, t("copy")),
    el("a", { href: s.url, id: `open-seat-${s.seat_number}` }, t("openSeat")),
    el("span", { class: "tag" + (s.joined ? " ok" : "") }, s.joined ? t("joined") : t("notJoined"))));
  m.replaceChildren(el("section", { class: "panel" }, el("h1", {}, t("room")), el("h2", {}, t("invites")),
    el("p", { class: "muted" }, t("invitesHelp")), ...rows,
    el("p", {}, el("a", { href: `/play/${gid}` }, `${t("watch")} (${t("spectator")})`))));
}
render();
setInterval(() => render(false), 3000);
