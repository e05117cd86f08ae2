// A page that does not exist, said in the reader's language, with the way back to the lobby.
function render() {
  topbar(render);
  document.getElementById("main").replaceChildren(el("section", { class: "panel" }, el("h1", { id: "page-error" }, t("pageMissing")),
    el("p", {}, t("pageMissingHelp")), el("p", {}, el("a", { href: "/" }, t("again")))));
}
render();
