// The Hearts table front end: renders the synced `state` (made by the Python
// model from the engine) and sends the learner's intents back as messages
// {type, state: <state id>, ...}. It never decides legality itself.
// Plain ES module, no build step, nothing loaded from the network.

/** @typedef {{code: string, rank: string, suit: string, symbol: string, red: boolean, name: string,
 *   legal?: boolean, why?: string, rule?: string, label?: string, label_chosen?: string,
 *   label_free?: string, received?: boolean}} CardInfo */

const SVG = "http://www.w3.org/2000/svg";
const SLOW_PACE = 0.8;
const LINE_STYLES = ["", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 2 1 2"];

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

/** A small rule-id tag, so every explanation shows the rule that decides. */
function ruleTag(rule) {
  return rule ? h("span", { class: "hw-rule" }, rule) : null;
}

/** A face-up card drawn as a card: rank and suit in the corner, big suit in the middle. */
function cardFace(/** @type {CardInfo} */ card, extraClass = "") {
  return h("span", { class: `hw-face ${card.red ? "hw-red" : "hw-black"} ${extraClass}`, "aria-hidden": "true" },
    h("span", { class: "hw-corner" }, card.rank, h("br"), card.symbol),
    h("span", { class: "hw-pip" }, card.symbol));
}

/** Where a seat sits around the table: the learner at the bottom, play going clockwise.
 * `--hw-edge` is the widest the seat's box may be and still stay on the table
 * (it is centred on its spot), so long seat names in any language wrap instead. */
function place(position, players, rx, ry) {
  const angle = (Math.PI / 2) + (position * 2 * Math.PI) / players;
  const x = 50 + rx * Math.cos(angle);
  const edge = Math.max(18, 2 * Math.min(x, 100 - x) - 2);
  return `left:${x}%;top:${50 + ry * Math.sin(angle)}%;--hw-edge:${edge}%`;
}

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
    if (message.type === "pong") {
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
      if (file.size > MAX_FILE_BYTES) { model.send({ type: "open_file", text: null }); return; }
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
    dispose: () => { clearInterval(every); clearTimeout(waiting); model.off("msg:custom", onMessage); },
  };
}
// -- end classroom --

export default {
  render({ model, el }) {
    /** Local view state that the kernel need not know. */
    const local = { selected: new Set(), focusKey: null, pending: false, why: null, lastId: -1, noticeSeen: 0,
      open: { sheet: true, story: true, rules: true, house: false }, sameDeal: null, viewer: null, covered: false, lastLine: null };
    const root = h("div", { class: "hw-root" });
    const content = h("div");
    // One live region that stays in the page, so screen readers hear each change once.
    const announcer = h("div", { class: "hw-visually-hidden", role: "status", "aria-live": "polite" });
    root.append(content, announcer);
    el.append(root);
    const announce = (text) => { if (text && announcer.textContent !== text) announcer.textContent = text; };
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

    function render() {
      const state = model.get("state");
      const ui = model.get("ui");
      if (!state || state.id === undefined || !ui) return;
      const focused = root.contains(document.activeElement) ? document.activeElement : null;
      if (focused && focused.dataset.key) local.focusKey = focused.dataset.key;
      if (state.id !== local.lastId) {
        local.pending = false;
        local.why = null;
        if (!state.passing) local.selected.clear();
        const held = new Set(state.hand.map((c) => c.code));
        for (const code of [...local.selected]) if (!held.has(code)) local.selected.delete(code);
        local.lastId = state.id;
        // Hot seat: when another human sits down, keep their cards covered until they ask.
        if (state.hot_seat && local.viewer !== null && local.viewer !== state.viewer) local.covered = true;
        local.viewer = state.viewer;
      }
      root.classList.toggle("hw-pending", local.pending);
      root.setAttribute("lang", state.lang);
      root.dataset.stateId = String(state.id); // lets tests and benchmarks wait for the next state
      const notice = model.get("notice") || {};
      announce(notice.text && notice.id > local.noticeSeen ? notice.text : freshNarration(state.narration));
      const parts = [
        toolbar(state, ui), noticeBox(ui), hotSeat(state, ui), table(state, ui),
        ...(local.covered ? [] : [prompt(state, ui), whyLine(), hand(state, ui), actions(state, ui)]),
        lastTrick(state, ui), dialogs(state, ui), rulesCard(state), houseRules(state), sheet(state, ui),
        sameDeal(state), narration(state, ui),
      ];
      content.replaceChildren(...parts.filter(Boolean));
      if (focused && local.focusKey) restoreFocus();
    }

    /** The narration lines not yet announced (several when the bots play at once). */
    function freshNarration(lines) {
      const texts = lines.map((line) => line.text);
      const seen = local.lastLine === null ? -1 : texts.lastIndexOf(local.lastLine);
      local.lastLine = texts.length ? texts[texts.length - 1] : null;
      return texts.slice(seen + 1).join(" ");
    }

    function restoreFocus() {
      let target = root.querySelector(`[data-key="${CSS.escape(local.focusKey)}"]`);
      if (!target && local.focusKey.startsWith("card:")) target = root.querySelector(".hw-hand .hw-card");
      if (target) target.focus();
    }

    function toolbar(state, ui) {
      const paces = [[0, ui.pace_instant], [SLOW_PACE, ui.pace_slow]];
      if (!paces.some(([p]) => p === state.pace)) paces.push([state.pace, `${state.pace} s`]);
      const pace = h("select", {
        class: "hw-select", "data-key": "pace", "aria-label": ui.pace,
        onchange: (e) => send({ type: "set_pace", pace: Number(e.target.value) }, false),
      }, paces.map(([p, label]) => h("option", { value: p, selected: p === state.pace }, label)));
      const lang = h("select", {
        class: "hw-select", "data-key": "lang", "aria-label": ui.language,
        onchange: (e) => send({ type: "lang", lang: e.target.value }, false),
      }, state.languages.map((l) => h("option", { value: l.code, selected: l.code === state.lang, lang: l.code }, l.name)));
      const broken = state.hearts_broken;
      return h("div", { class: "hw-bar" },
        h("strong", { class: "hw-title" }, state.hand_title),
        h("span", { class: "hw-chip", "data-testid": "pass-label" }, state.pass_label),
        h("span", { class: `hw-hearts ${broken ? "hw-broken" : ""}`, "data-testid": "hearts" },
          h("span", { "aria-hidden": "true" }, broken ? "♥ " : "♡ "), broken ? ui.hearts_broken : ui.hearts_not_broken),
        h("span", { class: "hw-spacer" }),
        h("label", { class: "hw-field" }, h("span", { class: "hw-label" }, ui.pace), pace),
        h("label", { class: "hw-field" }, h("span", { class: "hw-label" }, ui.language), lang),
        variantChoice(state),
        h("button", { class: "hw-button", "data-key": "undo", disabled: !state.can_undo,
          onclick: () => send({ type: "undo" }) }, "↶ ", ui.undo),
        h("button", { class: "hw-button", "data-key": "new", onclick: () => send({ type: "new_game" }) }, ui.new_game),
        ...(state.layout === "game" ? room.buttons() : [])); // -- classroom hook
    }

    function noticeBox(ui) {
      const notice = model.get("notice") || {};
      const box = h("div", { class: "hw-notice-area" });
      if (notice.text && notice.id > local.noticeSeen) {
        box.append(h("div", { class: `hw-notice hw-${notice.level}`, "data-testid": "notice" },
          h("span", {}, notice.text), ruleTag(notice.rule),
          h("button", { class: "hw-link", "data-key": "dismiss", "aria-label": ui.dismiss,
            onclick: () => { local.noticeSeen = notice.id; render(); } }, "×")));
      }
      return box;
    }

    function hotSeat(state, ui) {
      if (!state.hot_seat) return null;
      return h("div", { class: "hw-hotseat" }, state.hot_seat_text, " ",
        local.covered ? h("button", { class: "hw-button hw-primary", "data-key": "uncover",
          onclick: () => { local.covered = false; render(); } }, ui.show_my_cards) : null);
    }

    function table(state, ui) {
      // Eight to ten seats (Cancellation Hearts): a taller table, compact seats, trick cards further out.
      const many = state.players >= 8;
      const area = h("div", { class: `hw-table ${many ? "hw-many" : ""}`, role: "group", "aria-label": ui.table });
      const n = state.players;
      for (const seat of state.seats) {
        const badges = [];
        if (seat.viewer) badges.push(h("span", { class: "hw-badge hw-you" }, ui.you));
        if (seat.leads) badges.push(h("span", { class: "hw-badge" }, ui.leads));
        if (seat.to_act) badges.push(h("span", { class: "hw-badge hw-turn" }, "▶ ", state.phase === "pass" ? ui.to_pass : ui.to_play));
        if (!seat.human) badges.push(h("span", { class: "hw-badge hw-bot" }, ui.bot));
        const box = h("div", {
          class: `hw-seat ${seat.to_act ? "hw-acting" : ""} ${seat.viewer ? "hw-me" : ""}`,
          style: many ? place(seat.position, n, 40, 42) : place(seat.position, n, 38, 41),
          "data-testid": `seat-${seat.seat}`,
        },
        h("div", { class: "hw-seat-name" }, seat.name, " ", badges),
        h("div", { class: "hw-seat-line" }, seat.count_text, " · ", seat.tricks_text),
        h("div", { class: "hw-seat-line hw-pile" }, seat.points_text));
        if (seat.cards) {
          box.append(h("div", { class: "hw-open" }, seat.cards.map((c) => cardFace(c, "hw-mini"))));
        }
        area.append(box);
      }
      const trick = h("div", { class: `hw-trick ${state.trick.winner !== null ? "hw-done" : ""}`,
        "aria-label": ui.trick, role: "list", "data-testid": "trick" });
      for (const played of state.trick.cards) {
        const position = state.seats[played.seat].position;
        trick.append(h("div", { class: "hw-played", role: "listitem",
          style: many ? place(position, n, 23, 25) : place(position, n, 17, 19),
          "aria-label": `${played.name}: ${played.card.name}` }, cardFace(played.card)));
      }
      if (state.trick.winner_text) trick.append(h("div", { class: "hw-trick-caption" }, state.trick.winner_text));

      area.append(trick);
      return area;
    }

    /** The variant of the next game (only those that fit this table's player count). */
    function variantChoice(state) {
      const v = state.variants;
      if (v.choices.length < 2) return null;
      const select = h("select", {
        class: "hw-select", "data-key": "variant", "aria-label": v.label,
        onchange: (e) => send({ type: "new_game", variant: e.target.value }),
      }, v.choices.map((c) => h("option", { value: c.code, selected: c.code === v.current }, c.name)));
      return h("label", { class: "hw-field" }, h("span", { class: "hw-label" }, v.label), select);
    }

    /** The rules in force, one line each with its rule id: the variant, the house rules, the moon, the target. */
    function rulesCard(state) {
      const card = state.rules_card;
      return h("details", { class: "hw-rules", open: local.open.rules, ontoggle: remember("rules"),
        "data-testid": "rules-card" },
      h("summary", {}, card.title),
      h("ul", {}, card.lines.map((line) => h("li", {}, line.text, " ", ruleTag(line.rule)))));
    }

    /** The house rules of the next new game: switches, the moon and the target; the kernel checks them with Rules. */
    function houseRules(state) {
      const house = state.house_rules;
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
    }

    /** Same deal, other rules: choose one change, replay the hand just finished, see both results. */
    function sameDeal(state) {
      const same = state.same_deal;
      if (!same) return null;
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
    }

    function prompt(state, ui) {
      const box = h("div", { class: "hw-prompt" });
      if (state.hand_over) box.append(h("div", { class: "hw-hand-over", "data-testid": "hand-over" }, state.hand_over));
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
      if (state.teaching.length) {
        box.append(h("ul", { class: "hw-teaching" },
          state.teaching.map((t) => h("li", {}, t.text, " ", ruleTag(t.rule)))));
      }
      if (state.hint) {
        box.append(h("div", { class: "hw-coach", "data-testid": "hint" },
          h("strong", {}, "★ ", ui.coach, ": "), state.hint.text));
      }
      if (state.feedback) {
        box.append(h("div", { class: "hw-coach", "data-testid": "feedback" },
          h("strong", {}, ui.coach, ": "), state.feedback));
      }
      if (state.finish_offer) {
        box.append(h("div", { class: "hw-offer" }, state.finish_offer, " ",
          h("button", { class: "hw-button hw-primary", "data-key": "finish",
            onclick: () => send({ type: "finish_hand" }) }, ui.finish_hand)));
      }
      return box;
    }

    function whyLine() {
      const line = h("div", { class: "hw-why", "data-testid": "why" });
      if (local.why) line.append(h("span", {}, local.why.text), " ", ruleTag(local.why.rule));
      return line;
    }

    function showWhy(card, state) {
      local.why = state.your_turn ? { text: `${card.name}: ${card.why}`, rule: card.rule } : null;
      const line = root.querySelector(".hw-why");
      if (line) line.replaceWith(whyLine());
    }

    function activate(card, state) {
      local.focusKey = `card:${card.code}`;
      if (state.passing) {
        if (local.selected.has(card.code)) local.selected.delete(card.code);
        else if (local.selected.size < 3) local.selected.add(card.code);
        render();
        return;
      }
      // Every click goes to the kernel, which alone decides: an illegal or
      // out-of-turn card comes back as a notice saying why, with the rule.
      showWhy(card, state);
      send({ type: "play", card: card.code });
    }

    function hand(state, ui) {
      const row = h("div", { class: "hw-hand", role: "toolbar", "aria-label": ui.your_hand,
        "data-testid": "hand" });
      const cards = state.hand;
      const focusCode = local.focusKey && local.focusKey.startsWith("card:") ? local.focusKey.slice(5) : null;
      const tabbable = cards.some((c) => c.code === focusCode) ? focusCode
        : (cards.find((c) => c.legal) || cards[0] || {}).code;
      let suit = null;
      cards.forEach((card, index) => {
        const chosen = local.selected.has(card.code);
        const hinted = Boolean(state.hint && state.hint.cards.includes(card.code));
        const playable = state.passing || (state.your_turn && card.legal);
        const dimmed = state.your_turn && !card.legal;
        const base = state.passing ? (chosen ? card.label_chosen : card.label_free) : card.label;
        const label = hinted ? `${base} (${ui.hinted})` : base;
        const button = h("button", {
          class: ["hw-card", playable ? "hw-legal" : "", dimmed ? "hw-illegal" : "", chosen ? "hw-chosen" : "",
            card.received ? "hw-new" : "", hinted ? "hw-hinted" : "", suit !== null && suit !== card.suit ? "hw-suit-gap" : ""].join(" "),
          "data-key": `card:${card.code}`, "data-code": card.code, "aria-label": label,
          "aria-pressed": state.passing ? String(chosen) : null,
          title: card.why ? `${card.why} (${card.rule})` : card.name, tabindex: card.code === tabbable ? 0 : -1,
          onclick: () => activate(card, state),
          onfocus: () => { local.focusKey = `card:${card.code}`; if (state.your_turn) showWhy(card, state); },
          onmouseenter: () => { if (dimmed) showWhy(card, state); },
          onkeydown: (event) => moveFocus(event, index, row),
        }, cardFace(card), dimmed ? h("span", { class: "hw-mark", "aria-hidden": "true" }, "✕") : null,
        chosen ? h("span", { class: "hw-mark hw-check", "aria-hidden": "true" }, "✓") : null,
        hinted ? h("span", { class: "hw-mark hw-star", "aria-hidden": "true" }, "★") : null);
        suit = card.suit;
        row.append(button);
      });
      return row;
    }

    function moveFocus(event, index, row) {
      const buttons = [...row.querySelectorAll(".hw-card")];
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

    function actions(state, ui) {
      const bar = h("div", { class: "hw-actions" });
      if (state.passing || state.your_turn) {
        bar.append(h("button", { class: "hw-button", "data-key": "hint", disabled: Boolean(state.hint),
          onclick: () => send({ type: "hint" }) }, "★ ", ui.hint));
      }
      if (state.passing) {
        bar.append(h("button", {
          class: "hw-button hw-primary", "data-key": "confirm-pass", disabled: local.selected.size !== 3,
          onclick: () => send({ type: "pass", cards: [...local.selected] }),
        }, ui.confirm_pass));
      }
      const showing = state.show_last_trick;
      bar.append(h("button", { class: "hw-button", "data-key": "last-trick", "aria-pressed": String(showing),
        onclick: () => send({ type: "show_last_trick", show: !showing }, false) },
      showing ? ui.hide_last_trick : ui.show_last_trick));
      return bar;
    }

    function lastTrick(state, ui) {
      if (!state.show_last_trick) return null;
      const last = state.last_trick;
      return h("div", { class: "hw-last", role: "group", "aria-label": ui.last_trick },
        h("div", { class: "hw-label" }, ui.last_trick),
        last ? h("div", { class: "hw-last-cards" }, last.cards.map((p) => h("div", { class: "hw-last-one" },
          cardFace(p.card, "hw-mini"), h("div", { class: "hw-small" }, p.name)))) : ui.no_last_trick,
        last ? h("div", { class: "hw-small" }, last.winner_text) : null);
    }

    function dialogs(state, ui) {
      if (state.moon) {
        return h("div", { class: "hw-dialog", role: "dialog", "aria-labelledby": "hw-moon-title" },
          h("h3", { id: "hw-moon-title" }, "☾ ", ui.moon_title),
          state.moon.choices.map((c) => h("div", { class: "hw-choice" },
            h("button", { class: "hw-button hw-primary", "data-key": `moon:${c.choice}`,
              onclick: () => send({ type: "moon", choice: c.choice }) }, c.label),
            h("p", {}, c.effect))));
      }
      if (state.game_over) {
        return h("div", { class: "hw-dialog", role: "dialog", "aria-labelledby": "hw-over-title",
          "data-testid": "game-over" },
        h("h3", { id: "hw-over-title" }, ui.game_over),
        h("p", {}, state.game_over.text),
        room.practice(state), // -- classroom hook
        chart(state, ui),
        h("button", { class: "hw-button hw-primary", "data-key": "new-over",
          onclick: () => send({ type: "new_game" }) }, ui.new_game));
      }
      return null;
    }

    function sheet(state, ui) {
      const s = state.sheet;
      const head = h("tr", {}, h("th", { scope: "col" }, ui.hand_column),
        s.names.map((name) => h("th", { scope: "col" }, name)));
      const rows = s.rows.map((row, i) => h("tr", {}, h("th", { scope: "row" }, i + 1),
        row.map((v) => h("td", {}, v))));
      const totals = h("tr", { class: "hw-totals" }, h("th", { scope: "row" }, ui.total_row),
        s.totals.map((v) => h("td", {}, v)));
      return h("details", { class: "hw-sheet", open: local.open.sheet, ontoggle: remember("sheet") },
        h("summary", {}, ui.score_sheet),
        h("table", { class: "hw-score", "data-testid": "score-sheet" },
          h("thead", {}, head), h("tbody", {}, rows, totals)),
        h("p", { class: "hw-small" }, s.target_text),
        room.practice(state), // -- classroom hook
        s.rows.length >= 2 && !state.game_over ? chart(state, ui) : null);
    }

    function chart(state, ui) {
      const s = state.sheet;
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
      const summary = s.names.map((n, i) => `${n} ${s.totals[i]}`).join(", ");
      svg.setAttribute("aria-label", `${ui.chart}: ${summary}`);
      const add = (tag, attrs, text) => {
        const node = document.createElementNS(SVG, tag);
        for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
        if (text !== undefined) node.textContent = text;
        svg.append(node);
      };
      add("line", { x1: left, x2: width - right, y1: y(s.target), y2: y(s.target), class: "hw-target" });
      add("text", { x: left + 2, y: y(s.target) - 3, class: "hw-chart-text" }, `${ui.chart_target} ${s.target}`);
      add("line", { x1: left, x2: width - right, y1: y(0), y2: y(0), class: "hw-axis" });
      add("text", { x: left - 4, y: y(0) + 3, class: "hw-chart-text", "text-anchor": "end" }, "0");
      series.forEach((points, seat) => {
        const path = points.map((v, i) => `${x(i)},${y(v)}`).join(" ");
        add("polyline", { points: path, class: `hw-line hw-line-${seat % 7}`,
          "stroke-dasharray": LINE_STYLES[seat % LINE_STYLES.length] });
      });
      for (let i = 1; i <= s.running.length; i += 1) {
        add("text", { x: x(i), y: height - 6, class: "hw-chart-text", "text-anchor": "middle" }, i);
      }
      // Name each line at its end, nudged apart so that close totals stay readable.
      const GAP = 10;
      const ends = series.map((points, seat) => ({ seat, value: points[points.length - 1] }))
        .map((e) => ({ ...e, at: y(e.value) })).sort((a, b) => a.at - b.at);
      ends.forEach((e, i) => { if (i > 0 && e.at - ends[i - 1].at < GAP) e.at = ends[i - 1].at + GAP; });
      for (const e of ends) {
        add("text", { x: x(s.running.length) + 3, y: e.at + 3, class: `hw-chart-text hw-fill-${e.seat % 7}` },
          `${s.names[e.seat]} ${e.value}`);
      }
      const figure = h("figure", { class: "hw-figure" }, h("figcaption", { class: "hw-small" }, ui.chart));
      figure.append(svg);
      return figure;
    }

    /** Keep a panel open or closed across re-renders, as the learner left it. */
    function remember(panel) {
      return (event) => { local.open[panel] = event.target.open; };
    }

    function narration(state, ui) {
      const lines = state.narration;
      const list = h("ol", { class: "hw-story", "data-testid": "narration" },
        lines.map((line) => h("li", { class: `hw-event-${line.kind}` }, line.text, " ", ruleTag(line.rule))));
      const box = h("details", { class: "hw-narration", open: local.open.story, ontoggle: remember("story") },
        h("summary", {}, ui.narration), list);
      requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
      return box;
    }

    const NARROW = 520;
    const resize = new ResizeObserver(() => root.classList.toggle("hw-narrow", root.clientWidth < NARROW));
    resize.observe(root);

    const draw = room.guard(render); // -- classroom hook
    const onChange = () => draw();
    const onNotice = () => { local.pending = false; draw(); }; // a refusal answers a click too
    model.on("change:state", onChange);
    model.on("change:ui", onChange);
    model.on("change:notice", onNotice);
    draw();
    return () => {
      room.dispose(); // -- classroom hook
      resize.disconnect();
      model.off("change:state", onChange);
      model.off("change:ui", onChange);
      model.off("change:notice", onNotice);
    };
  },
};
