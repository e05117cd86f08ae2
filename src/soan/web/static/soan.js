// soan web: shared helpers (language, API, texts). Seats are shown from 1.
const T = {
  ja: { title: "soan 草案", lobby: "ロビー", newgame: "新しいゲーム", game: "ゲーム", players: "人数", seed: "シード（空欄で無作為）",
    variants: "ヴァリアント", params: "パラメータ", seat: "席", person: "人", bot: "ボット", create: "ゲームを作る",
    open: "進行中のゲーム", watch: "観戦", invites: "招待リンク", invitesHelp: "各リンクをその席の人に送ってください。リンクを開いた人がその席で遊べます。",
    copy: "コピー", copied: "コピーしました", openSeat: "この席で遊ぶ", joined: "参加済み", notJoined: "未参加",
    waiting: "参加を待っています", yourTurn: "あなたの番です", notYourTurn: "他のプレイヤーを待っています",
    spectator: "観戦中", choices: "選べる行動", log: "記録", over: "ゲーム終了", ranking: "順位", rank: "位", score: "得点",
    record: "記録ファイルをダウンロード", obs: "見えている情報", you: "あなた", again: "ロビーへ", close: "閉じる",
    conn: "接続が切れました。再接続しています…", turnOf: "手番", room: "待合室", players_: "プレイヤー", level_easy: "ときどきでたらめ",
    level_normal: "貪欲", level_hard: "探索", none: "なし", version: "手数", board: "盤面", default_: "既定", send: "決定",
    errPrefix: "エラー: ", gameLink: "ゲーム画面へ",
    fbTitle: "感想を聞かせてください（テストプレイの記録に残ります）", fun: "楽しさ", clarity: "ルールのわかりやすさ", length: "長さの感じ方",
    too_short: "短すぎる", right: "ちょうどよい", too_long: "長すぎる", confusing: "わかりにくかったカードやルール", too_strong: "強すぎると感じたカードやルール",
    comment: "自由記述", fbSend: "送信", fbThanks: "ありがとうございました。感想を保存しました。", fbPick: "「{q}」を1〜5から選んでください。", low: "低い", high: "高い", replay: "リプレイを見る", openRecord: "記録ファイルをリプレイで開く", botError: "ボットが停止しました（サーバーのログを確認し、再起動すると続きから再開します）",
    undo: "ひとつ戻す", undoTip: "この手番の自分の直前の操作を取り消します（カードを引いた後は戻せません）", yes: "はい", no: "いいえ、戻る",
    allChoices: "選べる行動の一覧", byServer: "（サーバーの返答）",
    errDown: "サーバーに接続できません。soan serve が止まっているようです。起動してから、このページを読み込み直してください。",
    err_game_404: "このゲームはこのサーバーにありません。リンクが正しいか確かめてください。",
    err_game_403: "この招待リンクの鍵が正しくありません。届いたリンクをそのまま開いてください。",
    err_game_401: "席の招待リンクから開いてください。",
    err_host_403: "招待リンクの一覧は、ゲームを作ったときに開いた主催者用のリンクでだけ見られます。",
    err_host_404: "このゲームはこのサーバーにありません。リンクが正しいか確かめてください。",
    err_action_422: "この行動は今は選べません。選べる行動から選んでください。",
    err_action_409: "今はこの操作はできません（あなたの番ではないか、ゲームが終わっています）。",
    err_undo_409: "取り消せません（カードを引いた後や、直前の操作があなたのものでないとき）。",
    err_replay_422: "この記録は再生できません。記録ファイルの中身を確かめてください。",
    err_replay_404: "このリプレイはサーバーにありません（サーバーを再起動すると消えます）。記録ファイルを開き直してください。",
    err_create_422: "この設定ではゲームを作れません。", err_404: "見つかりません。", err_403: "この操作は許可されていません。",
    err_401: "席の招待リンクから開いてください。", err_413: "送られたデータが大きすぎます。",
    err_429: "リクエストが多すぎます。少し待ってから、もう一度どうぞ。", err_409: "今はこの操作はできません。",
    errGeneric: "サーバーがエラーを返しました。", unset: "未指定", no_: "いいえ", pageMissing: "ページが見つかりません",
    pageMissingHelp: "アドレスが正しいか確かめてください。", outOfRange: "「{p}」は {lo}〜{hi} の整数で指定してください。",
    notInt: "「{p}」は整数で指定してください。", listHelp: "「,」で区切った整数" },
  en: { title: "soan", lobby: "Lobby", newgame: "New game", game: "Game", players: "Players", seed: "Seed (blank: random)",
    variants: "Variants", params: "Parameters", seat: "Seat", person: "Person", bot: "Bot", create: "Create game",
    open: "Games on this server", watch: "Watch", invites: "Invitation links", invitesHelp: "Send each link to the person for that seat; whoever opens it plays that seat.",
    copy: "Copy", copied: "Copied", openSeat: "Play this seat", joined: "joined", notJoined: "not joined yet",
    waiting: "Waiting for players to join", yourTurn: "Your turn", notYourTurn: "Waiting for the other players",
    spectator: "Watching", choices: "Your choices", log: "Log", over: "Game over", ranking: "Ranking", rank: "", score: "Score",
    record: "Download the record (JSON Lines)", obs: "What you can see", you: "you", again: "Back to the lobby", close: "Close",
    conn: "Connection lost; reconnecting…", turnOf: "to act", room: "Waiting room", players_: "Players", level_easy: "sometimes at random",
    level_normal: "greedy", level_hard: "search", none: "none", version: "moves", board: "Board", default_: "default", send: "Confirm",
    errPrefix: "Error: ", gameLink: "Go to the game",
    fbTitle: "How was it? (kept with the playtest's record)", fun: "Fun", clarity: "Clarity of the rules", length: "Length felt",
    too_short: "too short", right: "about right", too_long: "too long", confusing: "A card or rule you found confusing", too_strong: "A card or rule that felt too strong",
    comment: "Anything else", fbSend: "Send", fbThanks: "Thank you; your answers are saved.", fbPick: "Please choose {q} from 1 to 5.", low: "low", high: "high", replay: "Watch the replay", openRecord: "Open a record file as a replay", botError: "a bot stopped (see the server's log; a restart resumes the game)",
    undo: "Undo", undoTip: "Take back your last step of this turn (not after a card was drawn)", yes: "Yes", no: "No, go back",
    allChoices: "All choices as a list", byServer: "",
    errDown: "Cannot reach the server: soan serve seems to be stopped. Start it, then reload this page.",
    err_game_404: "There is no such game on this server; check the link.",
    err_game_403: "This invitation link's key is wrong; open the link exactly as you received it.",
    err_game_401: "Open the game with your seat's invitation link.",
    err_host_403: "Only the host's link (the one opened when the game was created) shows the invitations.",
    err_host_404: "There is no such game on this server; check the link.",
    errGeneric: "The server returned an error.", unset: "unset", no_: "no", pageMissing: "Page not found", pageMissingHelp: "Check the address.",
    outOfRange: "{p} takes a whole number from {lo} to {hi}.", notInt: "{p} takes a whole number.",
    listHelp: "whole numbers separated by commas" },
};
function lang() { const l = localStorage.getItem("soan-lang"); return l === "en" || l === "ja" ? l : (navigator.language || "ja").startsWith("ja") ? "ja" : "en"; }
function t(k) { return (T[lang()] || T.ja)[k] ?? k; }
function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v; else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v === true) e.setAttribute(k, ""); else if (v !== false && v != null) e.setAttribute(k, v);
  }
  for (const k of kids.flat()) if (k != null) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
}
async function api(path, opts = {}) {
  let r;
  try { r = await fetch(path, { headers: { "Content-Type": "application/json" }, ...opts }); }
  catch (e) { const x = new Error(t("errDown")); x.status = 0; throw x; }  // the server is down or unreachable
  const body = await r.json().catch(() => ({}));
  if (!r.ok) { const x = new Error(body.error || r.statusText || String(r.status)); x.status = r.status; throw x; }
  return body;
}
const JA_TEXT = /[\u3040-\u30ff\u4e00-\u9fff]/;
// An error as the page's reader reads it: what went wrong where (`what`: game, host, action, undo,
// create, replay), in the page's language. In Japanese a server reason without Japanese is replaced by
// the page's own words for the status; English shows the server's reason.
function errText(e, what) {
  if (e.status === 0) return t("errDown");
  const own = [`err_${what}_${e.status}`, `err_${e.status}`].find((k) => (T[lang()] || T.ja)[k]);
  const page = ["game", "host", "replay"].includes(what) && e.status !== 422;  // which game, whose link: the page's own words
  if (lang() === "ja") return page && own ? t(own) : JA_TEXT.test(e.message) ? e.message : own ? t(own) : t("errGeneric");
  return page && own ? t(own) : e.message;
}
function errBox(e, what) { return el("p", { class: "error", role: "alert", id: "page-error" }, t("errPrefix") + errText(e, what)); }
function topbar(onLang) {
  const h = document.querySelector("header.top");
  h.replaceChildren(el("a", { href: "/" }, t("title")), el("span", { class: "sp" }),
    el("button", { id: "lang-ja", "aria-pressed": lang() === "ja", onclick: () => setLang("ja", onLang) }, "日本語"),
    el("button", { id: "lang-en", "aria-pressed": lang() === "en", onclick: () => setLang("en", onLang) }, "English"));
  document.documentElement.lang = lang();
}
function setLang(l, cb) { localStorage.setItem("soan-lang", l); topbar(cb); if (cb) cb(); }
function q(name) { return new URLSearchParams(location.search).get(name); }
