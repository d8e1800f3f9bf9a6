// The Hearts table front end: renders the synced traits (made by the Python
// model from the engine) and sends the learner's intents back as messages
// {type, state: <state id>, ...}. It never decides legality itself.
// Plain ES module, no build step, nothing loaded from the network.
//
// Incremental: the page is a list of panels (toolbar, felt, the trick's story,
// hand, ...). Each panel is rebuilt only when the data it shows changed (its
// signature), the hand card by card and the felt seat by seat; unchanged nodes
// stay in place, so focus and scroll positions are kept; a card whose look
// changes (playable, chosen, hinted) is the same button, restyled. Focus is only
// moved when the learner's focus was lost (its element went away with a change).
// The kernel's traits of one update (state, hand, seats, story, ...) arrive
// together and are drawn once.

/** A card as the kernel sends it: its code and name (the face is drawn from the code, see `withFace`).
 * @typedef {{code: string, rank?: string, suit?: string, symbol?: string, red?: boolean, name: string,
 *   legal?: boolean, why?: string, rule?: string, received?: boolean}} CardInfo */

const SVG = "http://www.w3.org/2000/svg";
const LINE_STYLES = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 2 1 2"];
const ANNOUNCE_GAP_MS = 900; // one announcement per event, not a burst
// The events that end a trick: the cards of a trick waiting to be read are read with its end, in one announcement.
const TRICK_ENDS = new Set(["trick-won", "cancelled", "trick-carried", "last-trick-to-leader"]);
const SWEEP_MS = 380; // a completed trick going to its winner's pile
const TRAITS = ["state", "hand", "seats", "sheet", "last_trick", "ui", "static", "summary", "review"]; // drawn on change (story and notice apart)

/**
 * Make an element: h("button", {class: "hw-x", onclick: f}, "text", child).
 * @param {string} tag @param {Record<string, any>} attrs @param {...any} children
 */
function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Set an attribute only when its value changes: setting even the same `lang` restyles the whole table. */
function attr(node, name, value) {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

/** Put `nodes` in `container` in this order: the nodes that go are removed first, so a new
 * node is inserted in its place and the nodes that stay are never moved (a moved node
 * would lose the learner's focus, and each move restyles it). */
function arrange(container, nodes) {
  const staying = new Set(nodes);
  for (const child of [...container.childNodes]) if (!staying.has(child)) child.remove();
  nodes.forEach((node, index) => {
    const here = container.childNodes[index];
    if (here !== node) container.insertBefore(node, here || null);
  });
}

const SUITS = { C: ["♣", false], D: ["♦", true], S: ["♠", false], H: ["♥", true] };
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
/** A card of the hand, which comes as its code and name only: with what its face shows. */
function withFace(/** @type {CardInfo} */ card) {
  const suit = card.code.slice(-1);
  return { ...card, rank: card.code.slice(0, -1), suit, symbol: SUITS[suit][0], red: SUITS[suit][1] };
}

/** A face-up card drawn as a card: rank and suit in the corner, big suit in the middle (from its code). */
function cardFace(/** @type {CardInfo} */ info, extraClass = "") {
  const card = withFace(info);
  return h("span", { class: `hw-face ${card.red ? "hw-red" : "hw-black"} ${extraClass}`, "aria-hidden": "true" },
    h("span", { class: "hw-corner" }, card.rank, h("br"), card.symbol),
    h("span", { class: "hw-pip" }, card.symbol));
}

/** Where a seat sits around the table (percent of the felt): the learner at the bottom. */
function spot(position, players, rx, ry) {
  const angle = (Math.PI / 2) + (position * 2 * Math.PI) / players;
  return { x: 50 + rx * Math.cos(angle), y: 50 + ry * Math.sin(angle) };
}

/** A seat's box centred on its spot: `edge` is the widest it may be and still stay on the table
 * (long seat names in any language wrap instead); `ty` shifts it up (its spot low on the table,
 * it grows upwards) or down, so that none hangs off the felt. */
function placed({ x, y, edge, ty }) {
  return `left:${x}%;top:${y}%;--hw-edge:${edge}%;--hw-ty:${ty}%`;
}

/** The seats around an oval, their cards played nearer the middle (eight or more: `many`). A lesson's
 * board (`low`: a felt as low as a seat box, two cards and another seat box) has its seats against
 * the felt's top and bottom edges and its cards (drawn smaller) between them, so that no card played
 * covers a seat's box, the learner's own least of all. */
function ovalLayout(players, many, low) {
  const [seatX, seatY, cardX, cardY] = many ? [40, 42, 23, 25] : low ? [38, 49, 17, 11] : [38, 41, 17, 19];
  const seat = (position) => spot(position, players, seatX, seatY);
  return {
    height: null,
    seat: (position) => {
      const { x, y } = seat(position);
      return { x, y, edge: Math.max(18, 2 * Math.min(x, 100 - x) - 2), ty: -50 - (y - 50) * (low ? 1 : 0.5) };
    },
    card: (position) => spot(position, players, cardX, cardY),
    pile: seat,
  };
}

// A phone's felt (pixels): the seat across the table in a band at the top (an odd number of others),
// the others in rows of two down the sides, the learner in a band at the bottom.
const COLUMNS = { top: 76, row: 116, bottom: 88, least: 280 };
/** On a phone: the seats in two columns down the sides of a tall felt (play going up the left, across
 * the top and down the right, as around a table), each card played beside the middle of its seat's
 * row; as many seats as 10 are read at 12 px with none over another. */
function columnLayout(players) {
  const others = players - 1;
  const side = Math.floor(others / 2);
  const top = others % 2;
  const row = Math.max(COLUMNS.row, (COLUMNS.least - top * COLUMNS.top - COLUMNS.bottom) / side);
  const height = top * COLUMNS.top + side * row + COLUMNS.bottom;
  const percent = (pixels) => (100 * pixels) / height;
  const rowMiddle = (index) => percent(top * COLUMNS.top + (index + 0.5) * row);
  /** Where `position` sits: "me", "top", or a side and its row from the top. */
  const where = (position) => {
    if (position === 0) return { at: "me" };
    if (position <= side) return { at: "left", row: side - position };
    if (top && position === side + 1) return { at: "top" };
    return { at: "right", row: position - side - top - 1 };
  };
  return {
    height,
    seat: (position) => {
      const w = where(position);
      if (w.at === "me") return { x: 50, y: percent(height - 4), edge: 70, ty: -100 };
      if (w.at === "top") return { x: 50, y: percent(4), edge: 70, ty: 0 };
      return { x: w.at === "left" ? 17.5 : 82.5, y: rowMiddle(w.row), edge: 33, ty: -50 };
    },
    card: (position) => {
      const w = where(position);
      if (w.at === "me") return { x: 50, y: percent(height - COLUMNS.bottom - 26) };
      if (w.at === "top") return { x: 50, y: percent(COLUMNS.top + 26) };
      return { x: w.at === "left" ? 40 : 60, y: rowMiddle(w.row) };
    },
    pile: (position) => {
      const w = where(position);
      if (w.at === "me") return { x: 50, y: percent(height - COLUMNS.bottom / 2) };
      if (w.at === "top") return { x: 50, y: percent(COLUMNS.top / 2) };
      return { x: w.at === "left" ? 17.5 : 82.5, y: rowMiddle(w.row) };
    },
  };
}

/** Whether a click is the second (or third) of a double click: not a new intent, as the first
 * click's is sent already. Its target may be what took the place of the first click's button
 * (Continue gone, a card below it moved up), which the learner never meant to press. */
const again = (/** @type {MouseEvent} */ event) => event.detail > 1;
/** A click handler that ignores the second click of a double click. */
const once = (handler) => (/** @type {MouseEvent} */ event) => { if (!again(event)) handler(event); };

const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// -- classroom: browser id, connection state, save and load (issue 13) --
// Kept in one block so a rewritten table can carry it over whole. The kernel
// keeps the game (no card is stored in the browser): the page only keeps a
// random id for this browser and says it in a "hello", so a reload or a kernel
// restart finds the same game. A "ping" the kernel answers tells a live table
// from a dead one.
const CLIENT_KEY = "hearts-widget-client";
const PING_EVERY_MS = 15000;
const PING_TIMEOUT_MS = 10000;
const MAX_FILE_BYTES = 1000000;
// Until the kernel answers the "hello" (with the kept game, if any), the table is drawn but not
// shown, so that a reload does not flash a fresh deal first; an answer this late shows it anyway.
const WELCOME_TIMEOUT_MS = 4000;

/** This browser's random id, kept in localStorage (or for this page only when storage is refused). */
function browserId() {
  const make = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  try {
    let id = window.localStorage.getItem(CLIENT_KEY);
    if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      id = make();
      window.localStorage.setItem(CLIENT_KEY, id);
    }
    return id;
  } catch (error) {
    return make();
  }
}

/** The page's own part of a classroom table: hello, ping, the lost-connection banner,
 * Save and Load, the practice note. `root` is the table's root element. */
function classroom(model, root) {
  const text = (key, fallback) => (model.get("page_text") || {})[key] || fallback;
  const banner = h("div", { class: "hw-notice hw-error hw-lost", role: "alert", "data-testid": "connection-lost", hidden: true });
  root.prepend(banner);
  let waiting = null; // the timer of a ping not answered yet
  root.classList.add("hw-greeting");
  const welcomed = () => { clearTimeout(welcome); root.classList.remove("hw-greeting"); };
  const welcome = setTimeout(welcomed, WELCOME_TIMEOUT_MS);
  const lost = (yes) => {
    banner.hidden = !yes;
    root.classList.toggle("hw-disconnected", yes);
    if (yes && !banner.childElementCount) {
      banner.append(h("span", {}, text("connection_lost", "Connection lost: reload the page to continue.")), " ",
        h("button", { class: "hw-button hw-primary", onclick: () => window.location.reload() }, text("reload", "Reload")));
    }
  };
  const ping = () => {
    if (waiting !== null) return;
    waiting = setTimeout(() => { waiting = null; lost(true); }, PING_TIMEOUT_MS);
    try { model.send({ type: "ping" }); } catch (error) { clearTimeout(waiting); waiting = null; lost(true); }
  };
  const onMessage = (message) => {
    if (!message || typeof message !== "object") return;
    if (message.type === "welcome") {
      welcomed();
    } else if (message.type === "pong") {
      clearTimeout(waiting);
      waiting = null;
      lost(false);
    } else if (message.type === "file") {
      const link = h("a", { href: URL.createObjectURL(new Blob([message.text], { type: "application/json" })),
        download: message.name });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    }
  };
  model.on("msg:custom", onMessage);
  model.send({ type: "hello", client: browserId() });
  const every = setInterval(ping, PING_EVERY_MS);
  const picker = h("input", { type: "file", accept: ".json,application/json", hidden: true,
    "data-testid": "open-file",
    onchange: (event) => {
      const file = event.target.files && event.target.files[0];
      event.target.value = "";
      if (!file) return;
      if (file.size > MAX_FILE_BYTES) { model.send({ type: "open_file", text: null, bytes: file.size }); return; }
      file.text().then((content) => model.send({ type: "open_file", text: content }));
    } });
  root.append(picker);
  return {
    /** A click the table has not answered within a few seconds: is the kernel still there? */
    check: () => setTimeout(() => { if (root.classList.contains("hw-pending")) ping(); }, 3000),
    buttons: () => [
      h("button", { class: "hw-button", "data-key": "save-file", onclick: () => model.send({ type: "save_file" }) },
        text("save_game", "Save game")),
      h("button", { class: "hw-button", "data-key": "open-file", onclick: () => picker.click() },
        text("load_game", "Open a saved game"))],
    /** `draw` made safe: a failure is retried a few times, then the table says what to do. */
    guard: (draw) => {
      let failures = 0;
      const attempt = () => {
        try {
          draw();
          failures = 0;
        } catch (error) {
          failures += 1;
          console.error("hearts-widget: the table could not be drawn", error);
          if (failures <= 3) setTimeout(attempt, 400 * failures);
          else {
            root.replaceChildren(h("div", { class: "hw-notice hw-error", role: "alert", "data-testid": "render-failed" },
              h("span", {}, text("render_failed", "The table could not be shown. Reload the page.")), " ",
              h("button", { class: "hw-button hw-primary", onclick: () => window.location.reload() }, text("reload", "Reload"))));
          }
        }
      };
      return attempt;
    },
    practice: (state) => (state.practice
      ? h("p", { class: "hw-practice", "data-testid": "practice" }, state.practice) : null),
    dispose: () => { clearInterval(every); clearTimeout(waiting); clearTimeout(welcome); model.off("msg:custom", onMessage); },
  };
}
// -- end classroom --
export default {
  render({ model, el }) {
    /** Local view state that the kernel need not know. */
    const local = { selected: new Set(), focusKey: null, focusNext: null, pending: false, why: null, lastId: -1, noticeSeen: 0,
      open: { sheet: true, story: true, rules: true, house: false, settings: false }, sameDeal: null, viewer: null, covered: false,
      hadFocus: false, noticeSpoken: 0, flash: null, dialog: null, pressed: null, placed: null, confirm: null };
    const panels = new Map(); // panel key -> {sig, node}
    let fittedSheet = null; // the score sheet last fitted to its width (fitSheet)
    // A landmark of its own (named in render), so that every part of the table is inside one.
    const root = h("div", { class: "hw-root", role: "region" });
    const content = h("div", { class: "hw-content" });
    // One live region that stays in the page; events are read in order, none dropped.
    const announcer = h("div", { class: "hw-visually-hidden", role: "status", "aria-live": "polite" });
    root.append(content, announcer);
    el.append(root);
    // The table is drawn: the static snapshot shown before it in this cell's output (for pages where widgets
    // cannot run: HeartsTable._ipython_display_) is not needed. The view is put in the page after render.
    const hideSnapshot = (tries) => {
      const outputs = el.closest(".jp-OutputArea, .output");
      if (!outputs) {
        if (tries > 0) requestAnimationFrame(() => hideSnapshot(tries - 1));
        return;
      }
      for (const snapshot of outputs.querySelectorAll(".hearts-table-snapshot")) {
        (snapshot.closest(".jp-OutputArea-child, .output_area") || snapshot).style.display = "none";
      }
    };
    hideSnapshot(600);
    const queue = []; // {text, kind} waiting to be read
    let speaking = null;
    /** Read what waits: one event, or, when the table went faster than the reading, every card of
     * the trick waiting with the trick's end, joined into one announcement. */
    const speakNext = () => {
      const first = queue.shift();
      if (first === undefined) { speaking = null; return; }
      const taken = [first];
      // An answer to the learner and a coaching line are read on their own, never joined to the story.
      const alone = (item) => item.kind === "answer" || item.kind.startsWith("coach");
      while (!alone(first) && !TRICK_ENDS.has(taken[taken.length - 1].kind) && queue.length && !alone(queue[0])) {
        taken.push(queue.shift());
      }
      announcer.textContent = taken.map((item) => item.text).join(" ");
      speaking = setTimeout(speakNext, ANNOUNCE_GAP_MS);
    };
    /** Queue one event to be read; an answer to the learner's own action (`now`) is read at once,
     * before the events still waiting (read after it, never dropped). */
    const announce = (text, kind = "", now = false) => {
      if (!text) return;
      if (now) {
        queue.unshift({ text, kind: "answer" });
        if (speaking !== null) clearTimeout(speaking);
        speakNext();
        return;
      }
      queue.push({ text, kind });
      if (speaking === null) speakNext();
    };
    const room = classroom(model, root); // -- classroom hook

    const send = (message, changesGame = true) => {
      if (changesGame) {
        if (local.pending) return; // a second click before the table answered: ignore it
        local.pending = true;
        root.classList.add("hw-pending");
      }
      model.send({ ...message, state: model.get("state").id });
      if (changesGame) room.check(); // -- classroom hook
    };
    const current = () => model.get("state");
    const handNow = () => model.get("hand") || [];
    const seatsNow = () => model.get("seats") || [];
    const seatName = (seat) => (seatsNow()[seat] || {}).name || "";
    const words = () => model.get("ui") || {};
    const statics = () => model.get("static") || {};
    /** A card's name in the table's language, from its code: the static names come in the order
     * clubs, diamonds, spades, hearts, each from 2 to the Ace (state.py, NAMED_CARDS). */
    const cardName = (code) => (statics().card_names || [])[
      "CDSH".indexOf(code.slice(-1)) * 13 + RANKS.indexOf(code.slice(0, -1))] || code;

    /** The panel `key`, rebuilt by `build` only when `deps` changed since it was last drawn. */
    function panel(key, deps, build) {
      const sig = JSON.stringify(deps);
      const hit = panels.get(key);
      if (hit && hit.sig === sig) return hit.node;
      const node = build();
      panels.set(key, { sig, node });
      return node;
    }

    /** A rule as a beginner reads it: its name in their language; with show_rule_ids, then its id
     * as a small link into the rules card (hidden from screen readers, which read the name). */
    function ruleTag(rule) {
      if (!rule) return null;
      const name = (statics().rule_names || {})[rule];
      if (name && !statics().show_rule_ids) return h("span", { class: "hw-rule-ref" }, h("span", { class: "hw-rule-name" }, name));
      const id = h("span", { class: "hw-rule", "aria-hidden": "true", "data-rule": rule, title: words().rule_link,
        onclick: (event) => { event.stopPropagation(); showRule(rule); } }, rule);
      return name ? h("span", { class: "hw-rule-ref" }, h("span", { class: "hw-rule-name" }, name), " ", id) : id;
    }

    function showRule(rule) {
      const card = root.querySelector("[data-testid=rules-card]");
      if (!card) return;
      local.open.rules = true;
      card.open = true;
      const line = card.querySelector(`[data-rule-line="${CSS.escape(rule)}"]`) || card;
      line.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
      line.classList.add("hw-flash");
      setTimeout(() => line.classList.remove("hw-flash"), 1600);
    }

    function render() {
      const state = current();
      const ui = words();
      if (!state || state.id === undefined || !ui || !ui.table) return;
      const focused = root.contains(document.activeElement) ? document.activeElement : null;
      if (focused && focused.dataset.key) local.focusKey = focused.dataset.key;
      dropLeavingFocus(state, focused);
      const fresh = state.id !== local.lastId;
      if (fresh) {
        local.pending = false;
        local.why = null;
        if (!state.passing) local.selected.clear();
        const held = new Set(handNow().map((c) => c.code));
        for (const code of [...local.selected]) if (!held.has(code)) local.selected.delete(code);
        local.lastId = state.id;
        // Hot seat: when another human sits down, keep their cards covered until they ask.
        if (state.hot_seat && local.viewer !== null && local.viewer !== state.viewer) local.covered = true;
        local.viewer = state.viewer;
      }
      root.classList.toggle("hw-pending", local.pending);
      root.classList.toggle("hw-lesson", state.layout === "position");
      attr(root, "lang", state.lang);
      attr(root, "aria-label", ui.table);
      root.dataset.stateId = String(state.id); // lets tests and benchmarks wait for the next state
      const notice = model.get("notice") || {};
      if (notice.text && notice.id > local.noticeSpoken) {
        local.noticeSpoken = notice.id;
        if (notice.rule) local.why = null; // a refused card's verdict is the notice's: said once, not twice
        announce(notice.text, "notice", true);
      }
      // A lesson's board: a refused card's notice right under the hand (the board fits one screen with it).
      const parts = state.layout === "position" ? [
        felt(state, ui), tell(state, ui), prompt(state, ui), hand(state, ui), noticeBox(ui), whyLine(),
        lessonActions(state, ui),
      ] : [
        toolbar(state, ui), confirmNewGame(ui), settings(state, ui), hotSeat(state, ui), felt(state, ui), tell(state, ui),
        ...(local.covered ? [] : [prompt(state, ui), hand(state, ui), whyLine()]),
        noticeBox(ui), local.covered ? null : actions(state, ui), lastTrick(state, ui), dialogs(state, ui),
        handSummary(ui), reviewPanel(),
        rulesCard(), houseRules(), sheet(state, ui), sameDeal(state), narration(state, ui),
      ];
      arrange(content, parts.filter(Boolean));
      speakCoach(state, ui);
      const sheetNode = (panels.get("sheet") || {}).node || null;
      if (sheetNode !== fittedSheet) { fittedSheet = sheetNode; fitSheet(); } // a new sheet (a hand, a language)
      settleFocus(state);
    }

    /** The coaching read out through the page's one live region, in order, each once: the hint, the
     * coach's word after a trick, and in the review the title of the costly decision on display, the
     * position tried again and each try's verdict (an answer to the learner's own action: read at
     * once). What the page holds when it is first drawn (a reload) is not read again. */
    function speakCoach(state, ui) {
      const review = model.get("review");
      const open = review && review.open && !review.progress ? review : null;
      const r = open && open.retry;
      const lines = {
        hint: state.hint ? [state.hint.text, `★ ${ui.coach}: ${state.hint.text}`, true] : null,
        feedback: state.feedback ? [state.feedback, `${ui.coach}: ${state.feedback}`, false] : null,
        walk: open && !r && open.walk ? [`${open.number}|${open.walk.at}`, open.walk.title, true] : null,
        retry: r ? [`${open.number}|${r.decision}`, r.prompt, true] : null,
        verdict: r && r.verdict ? [`${open.number}|${r.decision}|${r.tried.length}`, r.verdict, true] : null,
        answer: r && r.answer ? [`${open.number}|${r.decision}`, r.answer, true] : null,
      };
      const first = local.said === undefined;
      if (first) local.said = {};
      const answers = []; // what answers the learner's own action in this update: read at once, as one
      for (const [key, line] of Object.entries(lines)) {
        const id = line ? line[0] : null;
        if (id !== null && id !== local.said[key] && !first) {
          if (line[2]) answers.push(line[1]);
          else announce(line[1], `coach-${key}`);
        }
        local.said[key] = id;
      }
      if (answers.length) announce(answers.join(" "), "coach", true);
    }

    // -- focus: kept where the learner left it; moved only when its element went away.
    let kept = null; // the control focus is kept on (keepFocus), until the learner moves it elsewhere
    // When the learner last pressed (a pointer or a key) in the table: focus that comes within
    // LEARNER_MOVE_MS of it is theirs. Focus moved by a script (the page, a test's driver) is not.
    const LEARNER_MOVE_MS = 500;
    let pressedAt = -Infinity;
    const pressed = () => { pressedAt = performance.now(); };
    root.addEventListener("pointerdown", pressed, true);
    root.addEventListener("keydown", pressed, true);
    root.addEventListener("focusin", (event) => {
      local.hadFocus = true;
      // The learner moved it: no longer the table's to keep (the table's own focus keeps it again).
      if (event.target !== kept && performance.now() - pressedAt < LEARNER_MOVE_MS) kept = null;
      if (event.target !== local.placed) local.placed = null; // the learner moved it: theirs now
      if (event.target.dataset && event.target.dataset.key) local.focusKey = event.target.dataset.key;
    });
    root.addEventListener("focusout", (event) => {
      const left = event.target;
      // Focus moving elsewhere on purpose (a click outside, another cell) is the learner's
      // choice; focus lost because its element was replaced is ours to put back.
      setTimeout(() => {
        const now = document.activeElement;
        if (now && now !== document.body && !root.contains(now)) local.hadFocus = false;
        else if (left.isConnected && (!now || now === document.body)) local.hadFocus = false;
      }, 0);
    });

    function focusLost() {
      const now = document.activeElement;
      return local.hadFocus && (!now || now === document.body || !now.isConnected);
    }

    /** The card the learner just played, or the Continue just pressed, with focus on it: removed
     * before the update changes anything else. Removed later, once the page has changed, it made the
     * browser lay the whole page out at once to take focus off it (about 3 ms of a 6 ms update). */
    function dropLeavingFocus(state, focused) {
      if (!focused) return;
      const key = focused.dataset.key || "";
      const played = key.startsWith("card:") && !handNow().some((card) => card.code === focused.dataset.code);
      if (played) focused.remove();
      if (key === "continue" && !state.held) {
        focused.closest(".hw-continue-row").remove();
        panels.delete("tell-continue"); // drawn again for the next trick
      }
    }

    /** Focus `node` once the page has put the table in the document (a table shown with its dialog
     * already open is drawn before the page attaches it), for a few frames at most. */
    function focusWhenShown(node, frames = 30) {
      if (node.isConnected) focusAtFrame(node, false);
      else if (frames > 0) requestAnimationFrame(() => focusWhenShown(node, frames - 1));
    }

    let focusing = null; // what the table focuses at the next frame: {target, placed, from}
    /** Focus `target` at the next frame, when the browser lays the page out anyway (focused in the
     * middle of an update, it made the browser lay the changed page out at once, and again for the
     * frame), unless the learner has put focus elsewhere by then; a later update's target wins.
     * `placed`: the table, not the learner, chose it (see `focusFor`). The page is not scrolled for it. */
    function focusAtFrame(target, placed, scroll = false) {
      const waiting = focusing !== null;
      focusing = { target, placed, from: document.activeElement, scroll };
      if (waiting) return;
      requestAnimationFrame(() => {
        const { target: node, placed: ours, from, scroll: into } = focusing;
        focusing = null;
        if (!node.isConnected || document.activeElement !== from) return;
        if (ours) local.placed = node;
        node.focus({ preventScroll: true });
        if (into) node.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
        keepFocus(node, KEEP_FRAMES);
      });
    }

    const KEEP_FRAMES = 30; // about half a second
    /** Focus the table has just put on `node` stays in the table for the next frames: should it fall to
     * the page (the control drawn again, or its panel replaced, by an update close behind), it goes to
     * the control drawn in its place, with the same key. Seen: focus put on the first playable card
     * after Continue, then on the page's body a few milliseconds later, lost for a keyboard user.
     * Any focus the learner moves ends it: a click on a control whose panel is then drawn again (the
     * replay's Previous trick) drops focus to the page too, and that focus is theirs, not this one's. */
    function keepFocus(node, frames) {
      kept = node;
      requestAnimationFrame(() => {
        if (kept !== node) return; // focus moved on since, or a later keep took over
        const now = document.activeElement;
        if (now === node && node.isConnected) {
          if (frames > 0) keepFocus(node, frames - 1);
          return;
        }
        if (now && now !== document.body && now.isConnected) return; // elsewhere: the learner's choice
        const key = node.dataset.key;
        const again = key && root.querySelector(`[data-key="${CSS.escape(key)}"]`);
        if (again && !again.disabled) {
          again.focus({ preventScroll: true });
          if (frames > 0) keepFocus(again, frames - 1);
        }
      });
    }

    function settleFocus(state) {
      const dialog = root.querySelector(".hw-dialog");
      const dialogKey = dialog ? dialog.dataset.testid : null;
      if (dialogKey && dialogKey !== local.dialog) {
        // The moon choice (and the end of the game) takes focus when it opens.
        local.dialog = dialogKey;
        const first = dialog.querySelector("button");
        if (first) { focusWhenShown(first); return; }
      }
      if (!dialogKey) local.dialog = null;
      // A control that asked for focus to go on to another one (which a later update brings): there once it is.
      const next = local.focusNext && root.querySelector(`[data-key="${CSS.escape(local.focusNext)}"]`);
      if (next) {
        // Into the review and back to its button: there on screen, not only focused.
        const shown = local.focusNext.startsWith("review-");
        local.focusNext = null;
        focusAtFrame(next, true, shown);
        return;
      }
      const firstPlayable = () => (state.your_turn || state.passing) && root.querySelector(".hw-hand .hw-card.hw-legal");
      // Focus the table put on the hand while the learner waited goes on to what they may act on
      // when it comes: Continue under a completed trick, the first playable card on their turn.
      const actOn = root.querySelector("[data-key=continue]") || firstPlayable();
      if (local.placed && document.activeElement === local.placed && actOn && actOn !== local.placed) {
        focusFor(actOn);
        return;
      }
      if (!focusLost()) return;
      const same = local.focusKey && root.querySelector(`[data-key="${CSS.escape(local.focusKey)}"]`);
      const target = (same && !same.disabled ? same : null)
        || root.querySelector("[data-key=continue]")
        || (dialog && (dialog.querySelector(".hw-hinted button") || dialog.querySelector("button")))
        || firstPlayable()
        // Nothing to act on yet (the pass sent, the bots to play): the hand, where the turn will come.
        || root.querySelector(".hw-hand .hw-card[tabindex='0']")
        || (lastButton && lastButton.isConnected ? lastButton : null);
      if (target && target === same) focusAtFrame(same, false); // the learner's own control, back: theirs
      else if (target) focusFor(target);
    }

    /** Move focus to `target` (at the next frame), remembering that the table, not the learner, put it
     * there; the page is not scrolled for it (the learner's view stays where they left it). */
    function focusFor(target) {
      focusAtFrame(target, true);
    }

    // The toolbar keeps one row on a laptop in every language: the game's own facts (the hand, the
    // pass, hearts), Undo, New game, and a Settings button that shows the settings' panel under it.
    const settingsId = `hw-settings-${Math.random().toString(36).slice(2, 10)}`;
    // A gear, named (and titled) "Settings" in the table's language: the words would not fit in every language.
    const settingsButton = h("button", { class: "hw-button hw-settings-button", "data-key": "settings",
      "aria-controls": settingsId, onclick: () => { local.open.settings = !local.open.settings; draw(); } },
    h("span", { "aria-hidden": "true" }, "⚙"));
    function toolbar(state, ui) {
      attr(settingsButton, "aria-label", ui.settings);
      attr(settingsButton, "title", ui.settings);
      attr(settingsButton, "aria-expanded", String(local.open.settings));
      const deps = [state.hand_title, state.pass_label, state.hearts_broken, state.can_undo, ui.table];
      return panel("toolbar", deps, () => {
        const broken = state.hearts_broken;
        return h("div", { class: "hw-bar" },
          h("strong", { class: "hw-title" }, state.hand_title),
          h("span", { class: "hw-chip", "data-testid": "pass-label" }, state.pass_label),
          h("span", { class: `hw-hearts ${broken ? "hw-broken" : ""}`, "data-testid": "hearts" },
            h("span", { "aria-hidden": "true" }, broken ? "♥ " : "♡ "), broken ? ui.hearts_broken : ui.hearts_not_broken),
          h("span", { class: "hw-bar-buttons" },
            h("button", { class: "hw-button", "data-key": "undo", disabled: !state.can_undo,
              onclick: once(() => send({ type: "undo" })) }, "↶ ", ui.undo),
            h("button", { class: "hw-button", "data-key": "new", onclick: (event) => askNewGame(null, event.currentTarget) },
              ui.new_game),
            settingsButton));
      });
    }

    /** The settings, under the toolbar while its Settings button is pressed: the bots' pace, how long
     * a trick stays, the language and the next game's variant. Escape closes it. */
    function settings(state, ui) {
      if (!local.open.settings) return null;
      const stat = statics();
      const deps = [state.pace, state.lang, state.continue_after, stat.languages, stat.variants, stat.paces,
        stat.continue_choices, ui.settings, (model.get("notice") || {}).kind === "malformed" ? model.get("notice").id : null];
      return panel("settings", deps, () => {
        // The choices and their words come from the kernel (the current value among them).
        const pace = h("select", {
          class: "hw-select", "data-key": "pace", "aria-label": ui.pace,
          onchange: (e) => send({ type: "set_pace", pace: Number(e.target.value) }, false),
        }, (stat.paces || []).map((c) => h("option", { value: c.value, selected: c.value === state.pace }, c.label)));
        const after = h("select", {
          class: "hw-select", "data-key": "continue-after", "aria-label": ui.continue_after,
          onchange: (e) => send({ type: "set_continue_after", seconds: Number(e.target.value) }, false),
        }, (stat.continue_choices || []).map((c) => h("option", { value: c.value, selected: c.value === state.continue_after },
          c.label)));
        const lang = h("select", {
          class: "hw-select", "data-key": "lang", "aria-label": ui.language,
          onchange: (e) => send({ type: "lang", lang: e.target.value }, false),
        }, (stat.languages || []).map((l) => h("option", { value: l.code, selected: l.code === state.lang, lang: l.code },
          l.name)));
        return h("div", { class: "hw-settings", id: settingsId, role: "group", "aria-label": ui.settings,
          "data-testid": "settings",
          onkeydown: (event) => {
            if (event.key !== "Escape") return;
            local.open.settings = false;
            draw();
            settingsButton.focus({ preventScroll: true }); // the learner's own move: not the table's (focusFor)
          } },
        h("label", { class: "hw-field" }, h("span", { class: "hw-label" }, ui.language), lang),
        h("label", { class: "hw-field" }, h("span", { class: "hw-label" }, ui.pace), pace),
        h("label", { class: "hw-field" }, h("span", { class: "hw-label" }, ui.continue_after), after),
        variantChoice(stat.variants));
      });
    }

    /** Start a new game (of `variant`, or the same rules when null), asked from the control `from`: at once
     * when nothing would be lost, else once the learner has confirmed (see `confirmNewGame`). */
    function askNewGame(variant, from) {
      const message = variant ? { type: "new_game", variant } : { type: "new_game" };
      if (!current().in_progress) { send(message); return; }
      local.confirm = { message, from, was: from.tagName === "SELECT" ? statics().variants.current : null };
      draw();
    }

    /** Before a new game ends the game in progress: what will be lost, then Keep playing (focused first:
     * the safe answer) and Start a new game; Escape keeps playing, and focus goes back where it was. */
    const confirmId = `hw-confirm-${Math.random().toString(36).slice(2, 10)}`;
    function confirmNewGame(ui) {
      if (!local.confirm) return null;
      const words = [ui.new_game_question, ui.new_game_loss, ui.new_game_keep, ui.new_game_confirm];
      return panel("confirm-new", [local.confirm.message, ...words], () => {
        const keep = () => {
          const { from, was } = local.confirm;
          local.confirm = null;
          if (was !== null) from.value = was; // the variant menu shows the game's variant again
          draw();
          if (from.isConnected) from.focus({ preventScroll: true }); // the learner's own move: not the table's
        };
        const start = () => {
          const { message } = local.confirm;
          local.confirm = null;
          draw();
          send(message);
        };
        return h("div", { class: "hw-dialog hw-confirm", role: "alertdialog", "data-testid": "confirm-new",
          "aria-labelledby": `${confirmId}-q`, "aria-describedby": `${confirmId}-loss`,
          onkeydown: (event) => { if (event.key === "Escape") { event.stopPropagation(); keep(); } } },
        h("h3", { id: `${confirmId}-q` }, ui.new_game_question),
        h("p", { id: `${confirmId}-loss` }, ui.new_game_loss),
        h("div", { class: "hw-actions" },
          h("button", { class: "hw-button hw-primary", "data-key": "new-keep", onclick: once(keep) }, ui.new_game_keep),
          h("button", { class: "hw-button hw-danger", "data-key": "new-confirm", onclick: once(start) },
            ui.new_game_confirm)));
      });
    }

    /** The variant of the next game (only those that fit this table's player count). */
    function variantChoice(v) {
      if (!v || v.choices.length < 2) return null;
      const select = h("select", {
        class: "hw-select", "data-key": "variant", "aria-label": v.label,
        onchange: (e) => askNewGame(e.target.value, e.target),
      }, v.choices.map((c) => h("option", { value: c.code, selected: c.code === v.current }, c.name)));
      return h("label", { class: "hw-field" }, h("span", { class: "hw-label" }, v.label), select);
    }

    function noticeBox(ui) {
      const notice = model.get("notice") || {};
      const shown = notice.text && notice.id > local.noticeSeen;
      return panel("notice", [shown ? notice : null, ui.dismiss, statics().rule_names], () => {
        const box = h("div", { class: "hw-notice-area" });
        if (shown) {
          box.append(h("div", { class: `hw-notice hw-${notice.level}`, "data-testid": "notice" },
            h("span", {}, notice.text, " ", ruleTag(notice.rule)),
            h("button", { class: "hw-link", "data-key": "dismiss", "aria-label": ui.dismiss,
              onclick: () => { local.noticeSeen = notice.id; draw(); } }, "×")));
        }
        return box;
      });
    }

    function hotSeat(state, ui) {
      if (!state.hot_seat) return null;
      return panel("hotseat", [state.hot_seat_text, local.covered, ui.show_my_cards], () =>
        h("div", { class: "hw-hotseat" }, state.hot_seat_text, " ",
          local.covered ? h("button", { class: "hw-button hw-primary", "data-key": "uncover",
            onclick: () => { local.covered = false; draw(); } }, ui.show_my_cards) : null));
    }

    // -- the felt: seats around an oval, the trick in the middle ----------------
    let feltArea = null;
    let shownTrick = null; // the trick drawn last, to send a completed one to its winner
    let sweptCards = null; // the cards of the trick last sent to its winner
    const cardsOf = (trick) => trick.cards.map((p) => p.card.code).join(" ");
    function felt(state, ui) {
      const many = state.players >= 8;
      const n = state.players;
      const narrow = root.classList.contains("hw-narrow");
      const low = state.layout === "position";
      const layout = narrow ? columnLayout(n) : ovalLayout(n, many, low);
      if (!feltArea) {
        feltArea = h("div", { class: "hw-table", role: "group", "data-testid": "felt",
          onclick: (event) => {
            if (!current().held || again(event)) return;
            // A click on the felt continues, as the button does: the learner is still at the table.
            setTimeout(() => { local.hadFocus = true; }, 0);
            send({ type: "continue" });
          } });
      }
      attr(feltArea, "class", `hw-table ${many ? "hw-many" : ""} ${narrow ? "hw-columns" : low ? "hw-low" : ""} ${
        state.held ? "hw-waiting" : ""}`);
      attr(feltArea, "style", layout.height ? `height:${layout.height}px` : "");
      attr(feltArea, "aria-label", ui.table);
      const seatList = seatsNow();
      const seats = seatList.map((seat) => {
        const turn = (state.seat_turns || [])[seat.seat] || {};
        return panel(`seat:${seat.seat}`, [seat, turn, state.phase, many, narrow, n, ui.you],
          () => seatBox(seat, turn, state, ui, layout));
      });
      const previous = panels.get("trick");
      const trick = panel("trick", [state.trick, many, narrow, n, ui.trick, ui.wins, ui.cancelled,
        state.trick.cards.map((p) => seatList[p.seat].position)], () => trickNode(state, ui, layout));
      arrange(feltArea, [...seats, trick]);
      if (previous && previous.node !== trick && shownTrick && shownTrick.held && !state.trick.held) {
        sweep(previous.node, shownTrick, layout);
        sweptCards = cardsOf(shownTrick);
      }
      // A completed trick first seen after its Continue (a reloaded page, a game brought back), at a
      // pace that holds every trick until then: it had already left the felt.
      if (state.pace > 0 && !state.trick.held && state.trick.winner !== null
        && (!shownTrick || cardsOf(shownTrick) !== cardsOf(state.trick))) {
        sweptCards = cardsOf(state.trick);
      }
      // The trick sent to its winner has left the felt: the table still tells it (caption, last
      // trick) until the next card is led, but its cards are not drawn twice.
      trick.classList.toggle("hw-swept", !state.trick.held && state.trick.winner !== null
        && cardsOf(state.trick) === sweptCards);
      shownTrick = state.trick;
      return feltArea;
    }

    /** A seat's box: `seat` changes once a trick, `turn` (cards left, who acts, who leads) with every card. */
    function seatBox(seat, turn, state, ui, layout) {
      const badges = [];
      if (seat.viewer) badges.push(h("span", { class: "hw-badge hw-you" }, ui.you));
      if (turn.leads) badges.push(h("span", { class: "hw-badge" }, ui.leads));
      if (turn.to_act) badges.push(h("span", { class: "hw-badge hw-turn" }, "▶ ", state.phase === "pass" ? ui.to_pass : ui.to_play));
      if (!seat.human) badges.push(h("span", { class: "hw-badge hw-bot" }, ui.bot));
      const box = h("div", {
        class: `hw-seat ${turn.to_act ? "hw-acting" : ""} ${seat.viewer ? "hw-me" : ""}`,
        style: placed(layout.seat(seat.position)),
        "data-testid": `seat-${seat.seat}`,
      },
      h("div", { class: "hw-seat-name" }, seat.name, " ", badges),
      h("div", { class: "hw-seat-line" }, turn.count_text, " · ", seat.tricks_text),
      h("div", { class: "hw-seat-line hw-pile" }, seat.points_text));
      if (seat.cards) box.append(h("div", { class: "hw-open" }, seat.cards.map((c) => cardFace(c, "hw-mini"))));
      return box;
    }

    function trickNode(state, ui, layout) {
      const t = state.trick;
      const done = t.winner !== null;
      const trick = h("div", { class: `hw-trick ${done ? "hw-done" : ""} ${t.held ? "hw-held" : ""}`,
        "aria-label": ui.trick, role: "list", "data-testid": "trick" });
      for (const played of t.cards) {
        const { x, y } = layout.card(seatsNow()[played.seat].position);
        const badge = played.wins ? ui.wins : played.cancelled ? ui.cancelled : "";
        trick.append(h("div", { class: `hw-played ${played.wins ? "hw-wins" : ""} ${played.cancelled ? "hw-cancelled" : ""}`,
          role: "listitem", style: `left:${x}%;top:${y}%`, "data-code": played.card.code,
          "aria-label": `${seatName(played.seat)}: ${played.card.name}${badge ? ` (${badge})` : ""}` },
        cardFace(played.card), played.wins ? h("span", { class: "hw-win-mark", "aria-hidden": "true" }, "★") : null,
        played.cancelled ? h("span", { class: "hw-cancel-mark", "aria-hidden": "true" }, ui.cancelled) : null));
      }
      return trick;
    }

    /** The completed trick slides to its winner's seat and fades (none under reduced motion). */
    function sweep(oldNode, trick, layout) {
      const winner = seatsNow()[trick.winner];
      if (reducedMotion() || trick.winner === null || !winner) return;
      const to = layout.pile(winner.position);
      const ghost = oldNode.cloneNode(true);
      ghost.classList.add("hw-ghost");
      ghost.removeAttribute("data-testid");
      ghost.setAttribute("aria-hidden", "true");
      feltArea.append(ghost);
      requestAnimationFrame(() => requestAnimationFrame(() => {
        for (const card of ghost.querySelectorAll(".hw-played")) {
          card.style.left = `${to.x}%`;
          card.style.top = `${to.y}%`;
        }
        ghost.classList.add("hw-gone");
      }));
      setTimeout(() => ghost.remove(), SWEEP_MS + 80);
    }

    /** The trick's story, told where the learner is looking (between the felt and the hand):
     * who won with which card and why, what it holds, what happened in it, Continue and the
     * coach's word. Each part is redrawn only when it changes: the coach's word comes a moment
     * after the trick (its judgement runs in a thread), so it goes below Continue: above it, its
     * arrival moved the button 34 px down under a pointer already on its way (a click missed), and
     * redrawing Continue then would take focus off it. */
    function tell(state, ui) {
      const box = panel("tell", [], () => h("div", { class: "hw-tell", "data-testid": "tell" }));
      const parts = [trickStory(state), continueRow(state, ui), coachWord(state, ui)].filter(Boolean);
      arrange(box, parts);
      box.classList.toggle("hw-quiet", !parts.length);
      return box;
    }

    /** Who won the trick with which card and why, what it holds, its events, the teaching lines. */
    function trickStory(state) {
      const t = state.trick;
      if (!t.winner_text && !t.events.length && !state.teaching.length) return null;
      return panel("tell-story", [t.winner_text, t.holds_text, t.rule, t.events, state.teaching,
        statics().rule_names, statics().show_rule_ids], () => {
        const story = h("div", { class: "hw-tell-story" });
        if (t.winner_text) {
          story.append(h("div", { class: "hw-caption", "data-testid": "trick-caption" },
            h("strong", {}, "★ ", t.winner_text), " ", h("span", { "data-testid": "trick-holds" }, t.holds_text), " ",
            ruleTag(t.rule)));
        }
        for (const event of t.events) {
          story.append(h("div", { class: `hw-tell-line hw-event-${event.kind}`, "data-testid": `tell-${event.kind}` },
            event.text, " ", ruleTag(event.rule)));
        }
        if (state.teaching.length) {
          story.append(h("ul", { class: "hw-teaching", "data-testid": "teaching" },
            state.teaching.map((line) => h("li", {}, line.text, " ", ruleTag(line.rule)))));
        }
        return story;
      });
    }

    /** The coach's word on the learner's card, with its trick, below Continue. */
    function coachWord(state, ui) {
      if (!state.feedback) return null;
      return panel("tell-coach", [state.feedback, ui.coach], () => h("div",
        { class: "hw-coach", "data-testid": "feedback" }, h("strong", {}, ui.coach, ": "), state.feedback));
    }

    /** Continue under a completed trick on display, and the key that does the same. */
    function continueRow(state, ui) {
      if (!state.held) return null;
      return panel("tell-continue", [ui.continue, ui.continue_key], () => h("div", { class: "hw-continue-row" },
        h("button", { class: "hw-button hw-primary", "data-key": "continue",
          onclick: (event) => { event.stopPropagation(); if (!again(event)) send({ type: "continue" }); } },
        ui.continue, " ▸"),
        h("span", { class: "hw-small" }, ui.continue_key.replace("{key}", "Enter"))));
    }

    /** The house rules of the next new game: switches, the moon and the target; the kernel checks them with Rules. */
    function houseRules() {
      const house = statics().house_rules;
      if (!house) return null;
      // A refused choice comes back as a notice: redraw, so the controls show the rules as they are.
      return panel("house", [house, local.open.house, (model.get("notice") || {}).id], () => {
        const set = (rules) => send({ type: "house_rules", rules }, false);
        const switches = house.switches.map((s) => h("label", { class: "hw-field" },
          h("input", { type: "checkbox", "data-key": `house-${s.key}`, checked: s.value,
            onchange: (e) => set({ [s.key]: e.target.checked }) }), s.label));
        const moon = h("select", { class: "hw-select", "data-key": "house-moon", "aria-label": house.moon.label,
          onchange: (e) => set({ moon: e.target.value }) },
        house.moon.choices.map((c) => h("option", { value: c.code, selected: c.code === house.moon.value }, c.name)));
        const target = h("input", { class: "hw-select hw-target", type: "number", min: 1, step: 1,
          value: house.target.value, "data-key": "house-target", "aria-label": house.target.label,
          onchange: (e) => set({ target: Number(e.target.value) }) });
        return h("details", { class: "hw-rules hw-house", open: local.open.house, ontoggle: remember("house"),
          "data-testid": "house-rules" },
        h("summary", {}, house.title),
        h("div", { class: "hw-house-body" }, switches,
          h("label", { class: "hw-field" }, h("span", { class: "hw-label" }, house.moon.label), moon),
          h("label", { class: "hw-field" }, h("span", { class: "hw-label" }, house.target.label), target)));
      });
    }

    /** The rules in force, one line each with its name and id: the variant, the house rules, the moon, the target. */
    function rulesCard() {
      const card = statics().rules_card;
      if (!card) return null;
      return panel("rules", [card, statics().rule_names], () =>
        h("details", { class: "hw-rules", open: local.open.rules, ontoggle: remember("rules"),
          "data-testid": "rules-card" },
        h("summary", {}, card.title),
        h("ul", {}, card.lines.map((line) => h("li", { "data-rule-line": line.rule }, line.text, " ",
          statics().show_rule_ids ? h("span", { class: "hw-rule", "aria-hidden": "true" }, line.rule) : null)))));
    }

    /** Same deal, other rules: choose one change, replay the hand just finished, see both results. */
    function sameDeal(state) {
      const same = state.same_deal;
      if (!same) return null;
      return panel("same-deal", [same], () => {
        const chosen = local.sameDeal || (same.result && same.result.code);
        const select = h("select", { class: "hw-select", "data-key": "same-deal-change", "aria-label": same.label,
          onchange: (e) => { local.sameDeal = e.target.value; } },
        same.choices.map((c) => h("option", { value: c.code, selected: c.code === chosen }, c.name)));
        const box = h("div", { class: "hw-same-deal", "data-testid": "same-deal" },
          h("label", { class: "hw-field" }, h("span", { class: "hw-label" }, same.label), select),
          h("button", { class: "hw-button", "data-key": "same-deal",
            onclick: () => send({ type: "same_deal", change: select.value }, false) }, same.button));
        const result = same.result;
        if (result) {
          box.append(h("div", { class: "hw-same-deal-result", "data-testid": "same-deal-result" },
            h("div", {}, h("strong", {}, result.title), " · ", result.change),
            h("table", { class: "hw-score" },
              h("thead", {}, h("tr", {}, h("th", {}), result.headers.map((head) => h("th", {}, head)))),
              h("tbody", {}, result.rows.map((row) => h("tr", {}, h("th", {}, row.name),
                h("td", {}, row.before), h("td", {}, row.after), h("td", {}, row.difference))))),
            h("div", { class: "hw-label" }, result.points),
            h("div", {}, result.note),
            result.moons.map((moon) => h("div", {}, moon)),
            h("button", { class: "hw-button", "data-key": "same-deal-close",
              onclick: () => send({ type: "same_deal", change: null }, false) }, result.close)));
        }
        return box;
      });
    }

    function prompt(state, ui) {
      // Of the review only its button's words: the review's progress (one update per card judged
      // while the learner reads) would otherwise draw the hand's result and the pass again each time.
      const review = reviewFirst(state);
      const deps = [state.aim, statics().point_cards, state.hand_over, state.passing, state.passing ? state.pass.prompts[local.selected.size] : null,
        state.status, state.your_turn, state.pass.received_text, state.table_notes, state.hint,
        state.finish_offer, ui.coach, ui.finish_hand, review ? review.labels.button : null];
      return panel("prompt", deps, () => {
        const box = h("div", { class: "hw-prompt" });
        // The aim, then what counts as a point under the table's rules (static: it changes with them only).
        if (state.aim) box.append(h("div", { class: "hw-aim", "data-testid": "aim" }, state.aim, " ", statics().point_cards));
        if (state.hand_over) {
          box.append(h("div", { class: "hw-hand-over", "data-testid": "hand-over" }, state.hand_over, " ",
            // The review of the hand just over, on the first screen, before the next hand's pass.
            review ? h("button", { class: "hw-button hw-primary", "data-key": "review-open", onclick: () => openReview("review-open") },
              review.labels.button) : null));
        }
        if (state.passing) {
          box.append(h("div", { class: "hw-status hw-strong", "data-testid": "pass-prompt" },
            state.pass.prompts[local.selected.size] || ""));
        } else if (state.status) {
          box.append(h("div", { class: `hw-status ${state.your_turn ? "hw-strong" : ""}`, "data-testid": "status" },
            state.status));
        }
        if (state.pass.received_text) box.append(h("div", { class: "hw-received" }, state.pass.received_text));
        if (state.table_notes.length) {
          box.append(h("div", { class: "hw-table-notes", "data-testid": "table-notes" },
            state.table_notes.map((note) => h("div", {}, note))));
        }
        if (state.hint && !state.moon) { // the moon dialog shows its own
          box.append(h("div", { class: "hw-coach", "data-testid": "hint" },
            h("strong", {}, "★ ", ui.coach, ": "), state.hint.text));
        }
        if (state.finish_offer) {
          box.append(h("div", { class: "hw-offer" }, state.finish_offer, " ",
            h("button", { class: "hw-button hw-primary", "data-key": "finish",
              onclick: () => send({ type: "finish_hand" }) }, ui.finish_hand)));
        }
        return box;
      });
    }

    /** The learner's verdict on the card they point at, right under their cards. */
    function whyLine() {
      return panel("why", [local.why, statics().rule_names], () => {
        const line = h("div", { class: "hw-why", "data-testid": "why" });
        if (local.why) line.append(h("span", {}, local.why.text), " ", ruleTag(local.why.rule));
        return line;
      });
    }

    /** Say why `card` may or may not be played, by the hand: only the verdict's line changes. */
    function showWhy(card) {
      const why = current().your_turn && card.why ? { text: `${card.name}: ${card.why}`, rule: card.rule, code: card.code } : null;
      if (JSON.stringify(why) === JSON.stringify(local.why)) return;
      local.why = why;
      const shown = content.querySelector(":scope > [data-testid=why]");
      if (shown) shown.replaceWith(whyLine());
    }

    function hideWhy() {
      local.why = null;
      const shown = content.querySelector(":scope > [data-testid=why]");
      if (shown) shown.replaceWith(whyLine());
    }

    /** The hand's cards, each a button keyed by its code (and copy, with two packs). */
    let cardsNow = new Map();
    let handRow = null;
    function hand(state, ui) {
      if (!handRow) handRow = h("div", { class: "hw-hand", role: "toolbar", "data-testid": "hand" });
      attr(handRow, "aria-label", ui.your_hand);
      const cards = handNow().map(withFace);
      const focusCode = local.focusKey && local.focusKey.startsWith("card:") ? local.focusKey.slice(5) : null;
      const tabbable = cards.some((c) => c.code === focusCode) ? focusCode
        : (cards.find((c) => c.legal) || cards[0] || {}).code;
      const copies = {};
      cardsNow = new Map();
      let suit = null;
      const buttons = cards.map((card) => {
        copies[card.code] = (copies[card.code] || 0) + 1;
        const key = `card:${card.code}:${copies[card.code]}`;
        cardsNow.set(card.code, card);
        const look = {
          chosen: local.selected.has(card.code), hinted: Boolean(state.hint && state.hint.cards.includes(card.code)),
          // A check's board: the learner's card, noted (raised, named "your answer"), with no verdict.
          noted: state.noted === card.code,
          // A board that asks first marks no card: every one may be tried, the kernel answers.
          playable: state.passing || (state.your_turn && (state.asking || card.legal)),
          dimmed: state.your_turn && !state.asking && !card.legal, asking: state.asking,
          passing: state.passing, gap: suit !== null && suit !== card.suit,
        };
        suit = card.suit;
        // The same card is the same button: only a new card (or language) builds one; its look is restyled.
        const button = panel(key, [card.code, card.name, card.rank, card.symbol, card.red], () => cardButton(card));
        dressCard(button, card, look, ui);
        // Set on the button as it is, never by rebuilding it: a focus or a click would lose its target.
        button.tabIndex = card.code === tabbable ? 0 : -1;
        return button;
      });
      arrange(handRow, buttons);
      return handRow;
    }

    /** A card of the hand as a button: its face and what it does. Its look is set by `dressCard`. */
    function cardButton(card) {
      return h("button", {
        class: "hw-card", "data-key": `card:${card.code}`, "data-code": card.code,
        // A mouse or touch press focuses the card just before it is played: no verdict for that focus.
        onpointerdown: () => { local.pressed = card.code; },
        onclick: once(() => activate(card.code)),
        onfocus: () => {
          const pressed = local.pressed === card.code;
          local.pressed = null;
          const now = cardsNow.get(card.code);
          if (now && current().your_turn && !pressed) showWhy(now);
        },
        onmouseenter: () => {
          const now = cardsNow.get(card.code);
          if (now && current().your_turn && !now.legal) showWhy(now);
        },
        // The pointer's verdict goes with the pointer (a card with keyboard focus keeps its own).
        onmouseleave: (event) => {
          if (local.why && local.why.code === card.code && document.activeElement !== event.currentTarget) hideWhy();
        },
        onkeydown: (event) => moveFocus(event),
      }, cardFace(card));
    }

    const dressed = new WeakMap(); // card button -> the look it was last given
    /** Give a card button its look now (playable, refused, chosen, hinted, new), in place. */
    function dressCard(button, card, look, ui) {
      const sig = JSON.stringify([card.legal, card.why, card.received, look, ui.card_playable, ui.card_not_playable,
        ui.card_chosen, ui.card_not_chosen, ui.card_noted, ui.hinted]);
      if (dressed.get(button) === sig) return;
      dressed.set(button, sig);
      const fill = (template) => template.replace("{card}", () => card.name).replace("{reason}", () => card.why);
      let base = card.name;
      if (look.passing) base = fill(look.chosen ? ui.card_chosen : ui.card_not_chosen);
      else if (look.noted) base = fill(ui.card_noted);
      else if ((look.playable || look.dimmed) && !look.asking) {
        base = fill(card.legal ? ui.card_playable : ui.card_not_playable);
      }
      button.className = ["hw-card", look.playable ? "hw-legal" : "", look.dimmed ? "hw-illegal" : "",
        look.chosen || look.noted ? "hw-chosen" : "", card.received ? "hw-new" : "", look.hinted ? "hw-hinted" : "",
        look.gap ? "hw-suit-gap" : ""].filter(Boolean).join(" ");
      // The name begins with what the card shows ("K♦, King of diamonds, ..."), so a learner who
      // names what they see (voice control) reaches it (WCAG 2.5.3).
      const named = `${card.rank}${card.symbol}, ${base}`;
      button.setAttribute("aria-label", look.hinted ? `${named} (${ui.hinted})` : named);
      if (look.passing) button.setAttribute("aria-pressed", String(look.chosen));
      else button.removeAttribute("aria-pressed");
      button.title = card.why || card.name;
      for (const mark of button.querySelectorAll(".hw-mark")) mark.remove();
      if (look.dimmed) button.append(h("span", { class: "hw-mark", "aria-hidden": "true" }, "✕"));
      if (look.chosen) button.append(h("span", { class: "hw-mark hw-check", "aria-hidden": "true" }, "✓"));
      if (look.hinted) button.append(h("span", { class: "hw-mark hw-star", "aria-hidden": "true" }, "★"));
    }

    function activate(code) {
      const state = current();
      const card = cardsNow.get(code);
      if (!card) return;
      local.focusKey = `card:${code}`;
      if (state.held) { send({ type: "continue" }); return; } // the trick on display goes first
      if (state.passing) {
        if (local.selected.has(code)) local.selected.delete(code);
        else if (local.selected.size < 3) local.selected.add(code);
        draw();
        return;
      }
      // Every click goes to the kernel, which alone decides: an illegal or
      // out-of-turn card comes back as a notice saying why, with the rule.
      send({ type: "play", card: code });
    }

    function moveFocus(event) {
      const buttons = [...handRow.querySelectorAll(".hw-card")];
      const index = buttons.indexOf(event.currentTarget);
      const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
      let next = null;
      if (event.key in moves) next = (index + moves[event.key] + buttons.length) % buttons.length;
      else if (event.key === "Home") next = 0;
      else if (event.key === "End") next = buttons.length - 1;
      if (next === null) return;
      event.preventDefault();
      buttons.forEach((b, i) => b.setAttribute("tabindex", i === next ? "0" : "-1"));
      buttons[next].focus();
    }

    // The actions under the hand: Hint and the pass come and go, Show/hide the last trick stays
    // (the same button, its words changed in place, so it keeps the learner's focus).
    let actionBar = null;
    let lastButton = null;
    function actions(state, ui) {
      if (!actionBar) {
        actionBar = h("div", { class: "hw-actions" });
        lastButton = h("button", { class: "hw-button", "data-key": "last-trick",
          onclick: () => send({ type: "show_last_trick", show: !current().show_last_trick }, false) });
      }
      const deps = [state.passing, state.your_turn, Boolean(state.hint), local.selected.size, ui.hint, ui.confirm_pass];
      const buttons = panel("actions", deps, () => {
        const list = [];
        if (state.passing || state.your_turn) {
          list.push(h("button", { class: "hw-button", "data-key": "hint", disabled: Boolean(state.hint),
            onclick: () => send({ type: "hint" }) }, "★ ", ui.hint));
        }
        if (state.passing) {
          list.push(h("button", {
            class: "hw-button hw-primary", "data-key": "confirm-pass", disabled: local.selected.size !== 3,
            onclick: () => send({ type: "pass", cards: [...local.selected] }),
          }, ui.confirm_pass));
        }
        return list;
      });
      const label = state.show_last_trick ? ui.hide_last_trick : ui.show_last_trick;
      if (lastButton.textContent !== label) lastButton.textContent = label;
      attr(lastButton, "aria-pressed", String(state.show_last_trick));
      arrange(actionBar, [...buttons, lastButton]);
      return actionBar;
    }

    /** A lesson's one control: take the card back and try another. */
    function lessonActions(state, ui) {
      return panel("lesson-actions", [state.can_undo, ui.lesson_undo], () =>
        h("div", { class: "hw-actions" }, state.can_undo ? h("button", { class: "hw-button hw-primary",
          "data-key": "undo", onclick: once(() => send({ type: "undo" })) }, "↶ ", ui.lesson_undo) : null));
    }

    function lastTrick(state, ui) {
      if (!state.show_last_trick) return null;
      const last = model.get("last_trick");
      return panel("last-trick", [last, ui.last_trick, ui.cancelled], () => {
        return h("div", { class: "hw-last", role: "group", "aria-label": ui.last_trick },
          h("div", { class: "hw-label" }, ui.last_trick),
          last ? h("div", { class: "hw-last-cards" }, last.cards.map((p) => h("div",
            { class: `hw-last-one ${p.wins ? "hw-wins" : ""} ${p.cancelled ? "hw-cancelled" : ""}` },
            cardFace(p.card, "hw-mini"), h("div", { class: "hw-small" }, seatName(p.seat)),
            p.cancelled ? h("div", { class: "hw-small hw-cancel-word" }, ui.cancelled) : null))) : ui.no_last_trick,
          last ? h("div", { class: "hw-small" }, last.winner_text, " ", last.holds_text) : null);
      });
    }

    function dialogs(state, ui) {
      const review = model.get("review");
      const deps = [state.moon, state.moon && state.hint, state.game_over, model.get("sheet"), ui.moon_title, ui.hint,
        ui.coach, ui.hinted, state.practice, ui.review_last, Boolean(review && !review.open)];
      return panel("dialogs", deps, () => {
        if (state.moon) {
          // The coach's word on the choice, when asked: which choice and what it does to the standings.
          const advised = state.hint && state.hint.choice;
          return h("div", { class: "hw-dialog", role: "dialog", "aria-labelledby": "hw-moon-title",
            "data-testid": "moon" },
          h("h3", { id: "hw-moon-title" }, "☾ ", ui.moon_title),
          state.moon.choices.map((c) => h("div", { class: `hw-choice ${c.choice === advised ? "hw-hinted" : ""}` },
            h("button", { class: "hw-button hw-primary", "data-key": `moon:${c.choice}`,
              "aria-label": c.choice === advised ? `${c.label} (${ui.hinted})` : null,
              onclick: () => send({ type: "moon", choice: c.choice }) },
            c.choice === advised ? h("span", { "aria-hidden": "true" }, "★ ") : null, c.label),
            h("p", {}, c.effect))),
          state.hint ? h("p", { class: "hw-coach", "data-testid": "moon-hint" },
            h("strong", {}, "★ ", ui.coach, ": "), state.hint.text)
            : h("div", { class: "hw-actions" }, h("button", { class: "hw-button", "data-key": "moon-hint",
              onclick: () => send({ type: "hint" }) }, "★ ", ui.hint)));
        }
        if (state.game_over) {
          return h("div", { class: "hw-dialog", role: "dialog", "aria-labelledby": "hw-over-title",
            "data-testid": "game-over" },
          h("h3", { id: "hw-over-title" }, ui.game_over),
          h("p", {}, state.game_over.text),
          state.game_over.own.map((line) => h("p", { "data-testid": "own-result" }, line)),
          // The review of the game's last hand (the one kept), offered where the learner reads how they did.
          review && !review.open ? h("div", { class: "hw-actions" }, h("button", { class: "hw-button",
            "data-key": "review-over", onclick: () => openReview("review-over") }, ui.review_last)) : null,
          room.practice(state), // -- classroom hook
          chart(state, ui),
          h("button", { class: "hw-button hw-primary", "data-key": "new-over",
            onclick: () => send({ type: "new_game" }) }, ui.new_game));
        }
        return null;
      });
    }

    /** The hand just finished: each seat's point cards, the moon, and a replay trick by trick. */
    function handSummary(ui) {
      const summary = model.get("summary");
      if (!summary) return null;
      if (reviewing()) return null;
      if (local.replay === undefined || local.replay.number !== summary.number) {
        local.replay = { number: summary.number, index: summary.tricks.length - 1 };
      }
      const index = Math.max(0, Math.min(local.replay.index, summary.tricks.length - 1));
      return panel("summary", [summary, index, ui.replay, ui.cancelled, statics().rule_names, statics().card_names], () => {
        // The trick stepped to is read through the page's live region (the title is a new element each time).
        const step = (by) => () => {
          local.replay.index = index + by;
          local.focusKey = by < 0 ? "replay-back" : "replay-forward";
          draw();
          const [stepped] = summary.tricks[index + by] || [];
          if (stepped) announce(stepped, "replay", true);
        };
        // A trick of the replay, in the order the kernel sends it (state.py, _replayed).
        const shown = summary.tricks[index];
        const [title, number, cards, events, winner, winnerText, holdsText, rule] = shown || [];
        const box = h("section", { class: "hw-summary", "data-testid": "hand-summary", "aria-label": summary.title },
          h("h3", {}, summary.title),
          h("ul", { class: "hw-summary-seats" }, summary.seats.map((seat) => h("li", { "data-testid": `taken-${seat.seat}` },
            h("strong", {}, seat.points_text), " ",
            // Each point card by its code.
            seat.cards.length ? h("span", { class: "hw-summary-cards", role: "img",
              "aria-label": seat.cards.map(cardName).join(", ") },
            seat.cards.map((code) => cardFace({ code, name: cardName(code) }, "hw-mini")))
              : seat.before_text ? null : h("span", { class: "hw-small" }, ui.no_point_cards),
            seat.before_text ? h("span", { class: "hw-small", "data-testid": `taken-before-${seat.seat}` },
              " ", seat.before_text) : null))),
          summary.moon.map((line) => h("p", { class: "hw-strong" }, "☾ ", line)));
        if (shown) {
          box.append(h("div", { class: "hw-replay", role: "group", "aria-label": ui.replay, "data-testid": "replay" },
            h("div", { class: "hw-replay-bar" },
              h("span", { class: "hw-label" }, ui.replay),
              h("button", { class: "hw-button", "data-key": "replay-back", disabled: index === 0, onclick: step(-1) },
                "◀ ", ui.replay_back),
              h("button", { class: "hw-button", "data-key": "replay-forward", disabled: index === summary.tricks.length - 1,
                onclick: step(1) }, ui.replay_forward, " ▶")),
            h("div", { class: "hw-strong", "data-testid": "replay-title" }, title),
            // Each card as [seat, code], and 1 after them for a twin that cancelled; the winner's marked.
            h("div", { class: "hw-last-cards" }, cards.map(([seat, code, cancelled]) => h("div",
              { class: `hw-last-one ${seat === winner ? "hw-wins" : ""} ${cancelled ? "hw-cancelled" : ""}`,
                "aria-label": `${seatName(seat)}: ${cardName(code)}${cancelled ? ` (${ui.cancelled})` : ""}` },
              cardFace({ code, name: cardName(code) }, "hw-mini"), h("div", { class: "hw-small" }, seatName(seat)),
              cancelled ? h("div", { class: "hw-small hw-cancel-word", "aria-hidden": "true" }, ui.cancelled) : null))),
            h("div", { "data-testid": "replay-caption" }, "★ ", winnerText, " ", holdsText, " ", ruleTag(rule)),
            // What the live table told of this trick: a discard, hearts broken, the Black Maria...
            events.map(([kind, told, text]) => h("div", { class: `hw-tell-line hw-event-${kind}`,
              "data-testid": `replay-${kind}` }, text, " ", ruleTag(told)))));
        }
        return box;
      });
    }

    // -- the hand review ("learn from your mistakes"): its button, the judged pass and cards, Try again.
    /** Try again at the pass: the codes of the cards chosen so far (three are sent). */
    const retryChosen = new Set();

    /** Open the review, with focus going into it (onto its heading, scrolled into view) once it is
     * drawn; `opener`: the data-key of the button that opened it, where focus goes back on Close. */
    function openReview(opener = "review-open") {
      local.focusNext = "review-title";
      local.reviewOpener = opener;
      send({ type: "review", open: true }, false);
    }

    /** Close the review: focus goes back to the button that opened it. */
    function closeReview() {
      local.focusNext = local.reviewOpener || "review-open";
      send({ type: "review", open: false }, false);
    }

    /** Whether the review is open: the hand's summary and the story of the game (the rest of each
     * trick) give way to it, which shows each costly decision as the learner saw it. */
    function reviewing() {
      const review = model.get("review");
      return Boolean(review && review.open);
    }

    /** Whether a decision of the review is tried again: the hand's summary, its replay and the
     * story of the game (the rest of its trick, the better card...) then give way to the
     * position as the learner saw it. */
    function retrying() {
      const review = model.get("review");
      return Boolean(review && review.open && review.retry);
    }

    /** The review of the hand just over while its line leads the table (until the next hand's
     * first card) and it is closed: its button goes there, on the first screen. At the game's
     * end the game-over box offers it instead. */
    function reviewFirst(state) {
      const review = model.get("review");
      return state.hand_over && !state.game_over && review && !review.open ? review : null;
    }

    /** The review: "Review this hand", then its progress, the count and points lost per class,
     * each costly card (Try again), and the position tried again. */
    function reviewPanel() {
      const summary = model.get("summary");
      const review = model.get("review");
      // Until the next hand's review replaces it; closed, its button is with the hand's result while that
      // line leads the table, and the summary of a hand waiting for its moon choice is not this review's.
      if (!review || reviewFirst(current() || {}) || (!review.open && summary && summary.number !== review.number)) {
        return null;
      }
      const labels = review.labels;
      return panel("review", [review, [...retryChosen]], () => {
        const box = h("section", { class: "hw-review", "data-testid": "review", "aria-label": labels.title });
        if (!review.open) {
          box.append(h("button", { class: "hw-button hw-primary", "data-key": "review-open",
            onclick: () => openReview("review-open") }, labels.button));
          return box;
        }
        box.append(h("h3", { "data-key": "review-title", tabindex: "-1" }, labels.title),
          h("p", { class: "hw-small" }, labels.intro));
        if (review.progress) {
          const p = review.progress;
          box.append(h("label", { class: "hw-review-progress", "data-testid": "review-progress" }, p.text, " ",
            h("progress", { max: p.total, value: p.done })));
        } else if (review.retry) {
          box.append(retryBoard(review));
        } else {
          box.append(h("table", { class: "hw-score", "data-testid": "review-classes" },
            h("thead", {}, h("tr", {}, h("th", {}), h("th", {}, labels.cards), h("th", {}, labels.lost))),
            h("tbody", {}, review.classes.map((c) => h("tr", { class: `hw-review-${c.class}` },
              h("th", {}, c.name), h("td", {}, c.count), h("td", {}, c.points))))));
          // score.moon: a moon the learner shot, missed or stopped in this hand.
          if (review.moon) box.append(h("p", { class: "hw-strong", "data-testid": "review-moon" }, review.moon.text));
          if (review.solved) box.append(solvedLine(review));
          if (review.passing && review.passing.class === "good") box.append(passLine(review));
          box.append(review.walk ? walkBoard(review) : h("p", {}, labels.nothing));
        }
        box.append(h("div", { class: "hw-actions" }, h("button", { class: "hw-button", "data-key": "review-close",
          onclick: closeReview }, labels.close)));
        return box;
      });
    }

    /** The walk: one costly decision at a time, as the learner saw it (their cards then, their card
     * or pass marked, the trick before it), what it cost and why, Try again, and the previous and
     * next costly decisions. Nothing played after the learner's card is in it. */
    function walkBoard(review) {
      const w = review.walk;
      const labels = review.labels;
      const m = w.mark;
      const go = (at) => () => send({ type: "review", open: true, at }, false);
      return h("section", { class: "hw-walk", "data-testid": "review-walk", "aria-label": labels.walk },
        h("h4", { class: "hw-strong", "data-testid": "walk-title" }, w.title),
        w.passing ? null : h("div", { class: "hw-label" }, labels.trick_then),
        w.passing ? null : w.trick.length ? h("div", { class: "hw-last-cards", "data-testid": "walk-trick" },
          w.trick.map((p) => h("div", { class: "hw-last-one", role: "img", "aria-label": `${p.name}: ${p.card.name}` },
            cardFace(p.card, "hw-mini"), h("div", { class: "hw-small", "aria-hidden": "true" }, p.name))))
          : h("p", { "data-testid": "walk-trick" }, w.lead),
        h("div", { class: "hw-label" }, w.passing ? labels.dealt : labels.your_cards),
        h("ul", { class: "hw-hand hw-walk-hand", "data-testid": "walk-hand" }, w.hand.map((card) => h("li", {
          class: `hw-card ${card.played ? "hw-chosen" : ""}`, "data-code": card.code, "data-played": String(card.played) },
          cardFace(card), h("span", { class: "hw-visually-hidden" },
            card.played ? `${card.name} (${labels.yours})` : card.name)))),
        h("div", { class: `hw-review-mark hw-review-${m.class}`, "data-testid": "review-mark", "data-class": m.class },
          h("strong", {}, m.name, ": "), m.text),
        h("div", { class: "hw-actions" },
          h("button", { class: "hw-button", "data-key": "walk-previous", disabled: w.at === 0, onclick: go(w.at - 1) },
            "◀ ", labels.previous),
          h("button", { class: "hw-button hw-primary", "data-key": `retry:${m.decision}`,
            onclick: () => { retryChosen.clear(); send({ type: "retry", decision: m.decision }, false); } },
          labels.try_again),
          h("button", { class: "hw-button", "data-key": "walk-next", disabled: w.at === w.total - 1,
            onclick: go(w.at + 1) }, labels.next, " ▶")));
    }

    /** How many of the hand's costly decisions the learner found a good choice for on their own. */
    function solvedLine(review) {
      return h("p", { class: "hw-strong", "data-testid": "review-solved" }, review.solved.text);
    }

    /** Under a position tried again: the verdict, the answer (after two wrong tries or on
     * request), "Show the answer", "Skip" (the next costly decision), and back to the review. */
    function retryEnd(board, review) {
      const r = review.retry;
      const labels = review.labels;
      if (r.verdict) board.append(h("p", { class: "hw-coach", "data-testid": "retry-verdict" }, r.verdict));
      if (r.answer) board.append(h("p", { class: "hw-coach", "data-testid": "retry-answer" }, r.answer));
      if (review.solved) board.append(solvedLine(review));
      board.append(h("div", { class: "hw-actions" },
        r.solved || r.answered ? null : h("button", { class: "hw-button", "data-key": "retry-answer",
          onclick: () => send({ type: "retry_answer" }, false) }, labels.show),
        h("button", { class: "hw-button", "data-key": "retry-skip",
          onclick: () => { retryChosen.clear(); send({ type: "retry_skip" }, false); } }, labels.skip),
        h("button", { class: "hw-button", "data-key": "retry-back",
          onclick: () => send({ type: "retry", decision: null }, false) }, labels.back)));
      return board;
    }

    /** The learner's pass in the review's list: its class and reason, and Try again when it cost points. */
    function passLine(review) {
      const p = review.passing;
      return h("div", { class: `hw-review-mark hw-review-${p.class}`, "data-testid": "review-pass", "data-class": p.class },
        h("strong", {}, p.name, ": "), p.text, " ",
        p.class === "good" ? null : h("button", { class: "hw-button", "data-key": "retry:pass",
          onclick: () => { retryChosen.clear(); send({ type: "retry", decision: "pass" }, false); } },
        review.labels.try_again));
    }

    /** Try again at the pass: the learner's thirteen cards as dealt (nothing else), three to
     * choose and pass; the verdict of each try, and after two wrong tries the best pass and why. */
    function retryPassBoard(review) {
      const r = review.retry;
      const labels = review.labels;
      const toggle = (code) => () => {
        if (retryChosen.has(code)) retryChosen.delete(code);
        else if (retryChosen.size < 3) retryChosen.add(code);
        draw();
      };
      const board = h("div", { class: "hw-retry", "data-testid": "retry" },
        h("p", { class: "hw-strong", "data-testid": "retry-prompt" }, r.prompt),
        h("div", { class: "hw-label" }, labels.dealt),
        h("div", { class: "hw-hand hw-retry-hand hw-retry-pass", "data-testid": "retry-hand" }, r.hand.map((card) => h("button", {
          class: `hw-card ${r.solved ? "hw-refused" : "hw-playable"} ${retryChosen.has(card.code) ? "hw-chosen" : ""}`,
          "data-key": `retry-card:${card.code}`, "data-code": card.code, "aria-label": `${card.rank}${card.symbol}, ${card.name}`,
          "aria-pressed": String(retryChosen.has(card.code)), disabled: r.solved, onclick: toggle(card.code) },
        cardFace(card)))),
        h("div", { class: "hw-actions" }, h("button", { class: "hw-button hw-primary", "data-key": "retry-pass",
          disabled: r.solved || retryChosen.size !== 3,
          onclick: () => send({ type: "retry_play", cards: [...retryChosen] }, false) }, labels.pass)));
      return retryEnd(board, review);
    }

    /** Try again: the learner's cards and the trick as they saw them then (nothing else), the
     * verdict of each try, and after two wrong tries the best card and why. */
    function retryBoard(review) {
      const r = review.retry;
      if (r.passing) return retryPassBoard(review);
      const labels = review.labels;
      const board = h("div", { class: "hw-retry", "data-testid": "retry" },
        h("p", { class: "hw-strong", "data-testid": "retry-prompt" }, r.prompt),
        h("div", { class: "hw-label" }, labels.trick_then),
        r.trick.length ? h("div", { class: "hw-last-cards", "data-testid": "retry-trick" }, r.trick.map((p) => h("div",
          { class: "hw-last-one", role: "img", "aria-label": `${p.name}: ${p.card.name}` },
          cardFace(p.card, "hw-mini"), h("div", { class: "hw-small", "aria-hidden": "true" }, p.name))))
          : h("p", { "data-testid": "retry-trick" }, r.lead),
        h("div", { class: "hw-label" }, labels.your_cards),
        h("div", { class: "hw-hand hw-retry-hand", "data-testid": "retry-hand" }, r.hand.map((card) => h("button", {
          class: `hw-card ${card.legal && !r.solved ? "hw-playable" : "hw-refused"}`, "data-key": `retry-card:${card.code}`,
          "data-code": card.code, "aria-label": `${card.rank}${card.symbol}, ${card.name}`, disabled: !card.legal || r.solved,
          onclick: () => send({ type: "retry_play", card: card.code }, false) }, cardFace(card)))));
      return retryEnd(board, review);
    }

    function sheet(state, ui) {
      const s = model.get("sheet");
      if (!s || !s.names) return null;
      return panel("sheet", [s, Boolean(state.game_over), ui.score_sheet, ui.chart, state.practice], () => {
        // Each seat's head holds its full name and its short one: `fitSheet` shows the short
        // ones when the full ones do not fit (a phone); a screen reader reads the full name.
        const short = s.short_names || s.names;
        const head = h("tr", {}, h("th", { scope: "col" }, ui.hand_column),
          s.names.map((name, seat) => h("th", { scope: "col", title: name }, h("span", { class: "hw-long" }, name),
            h("span", { class: "hw-short", "aria-hidden": "true" }, short[seat]))));
        // Every number is the kernel's text (a true minus sign, the learner's language).
        const rows = s.rows_text.map((row, i) => h("tr", {}, h("th", { scope: "row" }, s.hands_text[i]),
          row.map((v) => h("td", {}, v))));
        const totals = h("tr", { class: "hw-totals" }, h("th", { scope: "row" }, ui.total_row),
          s.totals_text.map((v) => h("td", {}, v)));
        const opened = remember("sheet");
        return h("details", { class: "hw-sheet", open: local.open.sheet,
          ontoggle: (event) => { opened(event); fitSheet(); } },
          h("summary", {}, ui.score_sheet),
          h("div", { class: "hw-sheet-fit" }, h("table", { class: "hw-score", "data-testid": "score-sheet" },
            h("thead", {}, head), h("tbody", {}, rows, totals))),
          h("p", { class: "hw-small" }, s.target_text),
          room.practice(state), // -- classroom hook
          h("div", { class: "hw-actions" }, room.buttons()), // -- classroom hook: save and open a game file
          s.rows_text.length >= 2 && !state.game_over ? chart(state, ui) : null);
      });
    }
    /** The score sheet as wide as its place allows: the seats' full names, closer together if they
     * do not fit, else their short names; wider still (a very narrow column), it scrolls in its own
     * box, never the page. */
    function fitSheet() {
      const box = root.querySelector(".hw-sheet-fit");
      if (!box || !box.clientWidth) return; // not shown yet, or closed: fitted when it opens
      const over = () => box.scrollWidth > box.clientWidth;
      box.classList.remove("hw-tight", "hw-compact");
      if (over()) box.classList.add("hw-tight");
      if (over()) box.classList.add("hw-compact");
    }

    function chart(state, ui) {
      const s = model.get("sheet");
      const series = s.names.map((_, seat) => [0, ...s.running.map((r) => r[seat])]);
      const values = series.flat().concat([s.target, 0]);
      const low = Math.min(...values), high = Math.max(...values);
      const width = 340, height = 190, left = 24, right = 84, top = 10, bottom = 22;
      const x = (i) => left + (i * (width - left - right)) / Math.max(1, s.running.length);
      const y = (v) => top + ((high - v) * (height - top - bottom)) / Math.max(1, high - low);
      const svg = document.createElementNS(SVG, "svg");
      svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
      svg.setAttribute("class", "hw-chart");
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", `${ui.chart}: ${s.chart.ends_text.join(", ")}`);
      const add = (tag, attrs, text) => {
        const node = document.createElementNS(SVG, tag);
        for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
        if (text !== undefined) node.textContent = text;
        svg.append(node);
      };
      add("line", { x1: left, x2: width - right, y1: y(s.target), y2: y(s.target), class: "hw-target" });
      add("text", { x: left + 2, y: y(s.target) - 3, class: "hw-chart-text" }, s.chart.target_text);
      add("line", { x1: left, x2: width - right, y1: y(0), y2: y(0), class: "hw-axis" });
      add("text", { x: left - 4, y: y(0) + 3, class: "hw-chart-text", "text-anchor": "end" }, s.chart.zero_text);
      series.forEach((points, seat) => {
        const path = points.map((v, i) => `${x(i)},${y(v)}`).join(" ");
        add("polyline", { points: path, class: `hw-line hw-line-${seat % 7}`,
          "stroke-dasharray": LINE_STYLES[seat % LINE_STYLES.length] });
      });
      for (let i = 1; i <= s.running.length; i += 1) {
        add("text", { x: x(i), y: height - 6, class: "hw-chart-text", "text-anchor": "middle" }, s.hands_text[i - 1]);
      }
      // Name each line at its end, nudged apart so that close totals stay readable.
      const GAP = 10;
      const ends = series.map((points, seat) => ({ seat, value: points[points.length - 1] }))
        .map((e) => ({ ...e, at: y(e.value) })).sort((a, b) => a.at - b.at);
      ends.forEach((e, i) => { if (i > 0 && e.at - ends[i - 1].at < GAP) e.at = ends[i - 1].at + GAP; });
      // Names pushed below the chart's foot (many seats near the lowest score) move back up, GAP apart.
      const lowest = height - bottom;
      for (let i = ends.length - 1; i >= 0; i -= 1) {
        const limit = i === ends.length - 1 ? lowest : ends[i + 1].at - GAP;
        if (ends[i].at > limit) ends[i].at = limit;
      }
      for (const e of ends) {
        add("text", { x: x(s.running.length) + 3, y: e.at + 3, class: `hw-chart-text hw-fill-${e.seat % 7}` },
          s.chart.ends_text[e.seat]);
      }
      const figure = h("figure", { class: "hw-figure" }, h("figcaption", { class: "hw-small" }, ui.chart));
      figure.append(svg);
      return figure;
    }

    /** Keep a panel open or closed across re-renders, as the learner left it. */
    function remember(name) {
      return (event) => { local.open[name] = event.target.open; };
    }

    // -- the narration log: lines arrive as changes (the `story` trait), appended in place.
    const story = { version: null, lines: [], asked: false, drawn: 0, lang: null };
    // It scrolls: focusable, so that the keyboard can scroll it too (named in `narration`).
    const storyList = h("ol", { class: "hw-story", "data-testid": "narration", tabindex: "0" });
    const storySummary = h("summary");
    const storyBox = h("details", { class: "hw-narration", open: local.open.story, ontoggle: remember("story") },
      storySummary, storyList);

    /** Take in a change of the story: new lines from `start`, or a rewrite under a new version. */
    function takeStory(change) {
      if (!change || change.version === undefined) return;
      // A page shown late, or a gap: ask once for every line (answered by a "story" message).
      if ((story.version === null && change.start > 0) || change.start > story.lines.length) {
        askStory();
        return;
      }
      // Each new event is announced on its own (not on a rewrite, and not a whole story at once).
      if (story.version !== null && change.version === story.version) for (const line of change.lines) announce(line.text, line.kind);
      story.version = change.version;
      story.lines = story.lines.slice(0, change.start).concat(change.lines);
      story.drawn = Math.min(story.drawn, change.start);
    }

    function askStory() {
      if (story.asked) return;
      story.asked = true;
      model.send({ type: "story" });
    }

    function narration(state, ui) {
      if (storySummary.textContent !== ui.narration) storySummary.textContent = ui.narration;
      attr(storyList, "aria-label", ui.narration);
      if (story.lang !== state.lang) { story.lang = state.lang; story.drawn = 0; } // rule names changed
      while (storyList.childNodes.length > story.drawn) storyList.lastChild.remove();
      const added = story.lines.slice(story.drawn).map((line) =>
        h("li", { class: `hw-event-${line.kind}` }, line.text, " ", ruleTag(line.rule)));
      if (added.length) {
        storyList.append(...added);
        story.drawn = story.lines.length;
        requestAnimationFrame(() => { storyList.scrollTop = storyList.scrollHeight; });
      }
      return reviewing() ? null : storyBox;
    }

    // A completed trick on display: Enter or Space continues (focus anywhere in the table but a control).
    const onKey = (event) => {
      if (!["Enter", " "].includes(event.key)) return;
      // A key held down acts once: its repeats would continue and then play the card that
      // receives focus, or press whatever button takes the place of the one pressed.
      if (event.repeat) { event.preventDefault(); return; }
      const state = current();
      if (!state || !state.held) return;
      if (event.target.closest("select, input, summary, button, .hw-dialog")) return; // a control's own key
      event.preventDefault();
      send({ type: "continue" });
    };
    root.addEventListener("keydown", onKey);

    const NARROW = 520;
    let width = -1;
    /** The table's width changed: the felt's seats in columns on a phone, around an oval wider. */
    function fitWidth() {
      if (root.clientWidth === width) return; // the height changes with most updates: nothing to refit
      width = root.clientWidth;
      if (width > 0 && root.classList.contains("hw-narrow") !== width < NARROW) {
        root.classList.toggle("hw-narrow", width < NARROW);
        redraw();
      }
      fitSheet();
    }
    const resize = new ResizeObserver(fitWidth);
    resize.observe(root);
    // The window's own resize too (a phone turned, a window resized): the observer's call for a table
    // shown again after being hidden was seen to be missed, leaving a wide lesson board in columns.
    window.addEventListener("resize", fitWidth);

    // Every redraw, the kernel's and the learner's own (a chosen card, an opened panel), goes through `draw`:
    // a failure is logged and retried, never a table left half drawn with its buttons gone.
    const draw = room.guard(render); // -- classroom hook
    // The traits of one update change one after another in the same task: draw once, after the last.
    let queued = false;
    const redraw = () => {
      if (queued) return;
      queued = true;
      queueMicrotask(() => { queued = false; draw(); });
    };
    const onChange = () => redraw();
    const onNotice = () => { local.pending = false; redraw(); }; // a refusal answers a click too
    const onStory = () => { takeStory(model.get("story")); redraw(); };
    const onMessage = (message) => {
      if (message && message.type === "repeat") { // a click the kernel had acted on already: nothing changed
        local.pending = false;
        root.classList.remove("hw-pending");
        return;
      }
      if (!message || message.type !== "story") return;
      story.asked = false;
      story.version = message.version;
      story.lines = message.lines;
      story.drawn = 0;
      draw();
    };
    for (const name of TRAITS) model.on(`change:${name}`, onChange);
    model.on("change:notice", onNotice);
    model.on("change:story", onStory);
    model.on("msg:custom", onMessage);
    takeStory(model.get("story"));
    draw();
    return () => {
      room.dispose(); // -- classroom hook
      resize.disconnect();
      window.removeEventListener("resize", fitWidth);
      if (speaking !== null) clearTimeout(speaking);
      root.removeEventListener("keydown", onKey);
      for (const name of TRAITS) model.off(`change:${name}`, onChange);
      model.off("change:notice", onNotice);
      model.off("change:story", onStory);
      model.off("msg:custom", onMessage);
    };
  },
};
