"""The live board's part of the teacher's page (:mod:`.live`), made on the server in the teacher's language.

Two parts: the controls (the list of boards, the class's most missed first; "Put before the
class"; "Show who answered what"), made with the page; and the round now (the board, how many
of the learners present answered, the spread of cards, Reveal or Back), which the page's script
asks for again every :data:`LIVE_REFRESH_S` seconds while a board is before the class (and puts
in place child by child, so that a button keeps the focus). Buttons post to the same address.
The page shows the board's question, the trick on the table and the learners' own cards: never
another seat's hand.
"""

from __future__ import annotations

from html import escape

from ..engine import Card
from ..text.live import answered_count, card_count, live_teacher_words, missed_count
from ..text.rule_names import rule_name
from ..text.teacher import teacher_words
from ..text.ui import seat_names
from .live import LiveRounds, Round, held_codes, most_missed
from .page import learner_name
from .store import Learner

LIVE_REFRESH_S = 0.5  # while a board is before the class: the last answer shows within a second
IDLE_REFRESH_S = 3.0


def board_label(rounds: LiveRounds, key: str, lang: str) -> str:
    """A board as the list names it: its step and its question."""
    number, position = rounds.boards[key]
    question = position.prompt(lang) if position.prompt else key
    return live_teacher_words(lang)["board"].format(number=number, title=rounds.lesson.steps[number - 1].title(lang),
                                                    question=question)


def live_controls(rounds: LiveRounds, learners: list[Learner], lang: str) -> str:
    """The list of boards and the buttons that do not change as answers come in."""
    words = live_teacher_words(lang)
    missed = most_missed(rounds.lesson, learners)
    groups = []
    if missed:
        options = "".join(f'<option value="{escape(key)}">'
                          f'{escape(missed_count(board_label(rounds, key, lang), n, lang))}</option>'
                          for key, n in missed)
        groups.append(f'<optgroup label="{escape(words["missed"])}">{options}</optgroup>')
    for number, step in enumerate(rounds.lesson.steps, start=1):
        if step.positions:
            options = "".join(f'<option value="{escape(p.key)}">{escape(board_label(rounds, p.key, lang))}</option>'
                              for p in step.positions)
            groups.append(f'<optgroup label="{number}. {escape(step.title(lang))}">{options}</optgroup>')
    return (f'<div class="hc-live-controls"><label for="hc-live-board">{escape(words["choose"])}</label> '
            f'<select id="hc-live-board">{"".join(groups)}</select> '
            f'<button type="button" class="hc-live-put" data-action="put">{escape(words["put"])}</button> '
            f'<label class="hc-live-names"><input type="checkbox" id="hc-live-names"> {escape(words["names"])}</label>'
            "</div>")


def live_now(rounds: LiveRounds, learners: list[Learner], lang: str, names: bool = False,
             note: str = "") -> str:
    """The round before the class now (or that there is none), in children the script puts in
    place one by one; ``names``: who answered each card; ``note``: a line said first."""
    words = live_teacher_words(lang)
    now = rounds.current()
    said = f'<p class="hc-live-note" role="status">{escape(note)}</p>'
    if now is None:
        return (f'<div id="hc-live-now" data-state="none">{said}'
                f'<p class="hc-live-nothing">{escape(words["nothing"])}</p></div>')
    return (f'<div id="hc-live-now" data-state="{now.state}" data-round="{now.number}">{said}'
            f'{_board(rounds, now, lang)}{_answers(rounds, now, learners, lang, names)}{_actions(now, lang)}</div>')


def _board(rounds: LiveRounds, now: Round, lang: str) -> str:
    """The board as every learner sees it: its question, the trick on the table, their cards."""
    words = live_teacher_words(lang)
    number, position = rounds.boards[now.board]
    seats = seat_names(position.rules.players, position.seat, lang)
    trick = position.hand.trick
    played = " · ".join(f"{escape(seats[seat])}: {escape(str(card))}" for seat, card in zip(trick.seats, trick.cards,
                                                                                          strict=True))
    held = " ".join(escape(str(Card.parse(code))) for code in held_codes(position))
    table = f'{escape(words["table"])} {played}' if played else escape(words["lead"])
    title = words["before"].format(number=number, title=rounds.lesson.steps[number - 1].title(lang))
    question = position.prompt(lang) if position.prompt else ""
    return (f'<div class="hc-live-board"><h3>{escape(title)}</h3><p class="hc-live-question">{escape(question)}</p>'
            f'<p class="hc-live-trick">{table}</p><p class="hc-live-hand">{escape(words["hand"])} {held}</p></div>')


def _answers(rounds: LiveRounds, now: Round, learners: list[Learner], lang: str, names: bool) -> str:
    words = live_teacher_words(lang)
    spread = rounds.spread(now.number)
    position = rounds.position(now.board)
    named = {learner.learner: learner_name(learner, lang) for learner in learners}
    most = max([*spread.cards.values(), 1])
    rows = []
    for code, count in spread.cards.items():
        card = Card.parse(code)
        verdict = ""
        if now.state == "revealed":
            explanation = position.hand.explain(card)
            verdict = (f' <span class="hc-live-good">✓ {escape(words["allowed"])}</span>' if explanation.legal else
                       f' <span class="hc-live-bad">✗ '
                       f'{escape(words["not-allowed"].format(rule=rule_name(explanation.rule, lang)))}</span>')
        who = ""
        if names:
            unnamed = teacher_words(lang)["unnamed"]
            listed = ", ".join(named.get(learner) or unnamed.format(id=learner[:4]) for learner in spread.who[code])
            who = f'<span class="hc-live-who">{escape(listed)}</span>'
        bar = f'<span class="hc-bar" style="width:{100 * count / most:.0f}%"></span>'
        said = escape(card_count(str(card), count, lang))
        rows.append(f'<li data-card="{escape(code)}"><span class="hc-bar-box" aria-hidden="true">{bar}</span> '
                    f'<span class="hc-live-card">{said}</span>{verdict}{who}</li>')
    listed = (f'<ul class="hc-live-spread" aria-label="{escape(words["spread"])}">{"".join(rows)}</ul>' if rows
              else f'<p class="hc-live-spread">{escape(words["no-answer-yet"])}</p>')
    return (f'<div class="hc-live-answers"><p class="hc-live-count">'
            f'{escape(answered_count(spread.answered, spread.present, lang))}</p>{listed}</div>')


def _actions(now: Round, lang: str) -> str:
    words = live_teacher_words(lang)
    reveal = (f'<button type="button" class="hc-live-reveal" data-action="reveal">{escape(words["reveal"])}</button>'
              if now.state == "open" else f'<p class="hc-live-revealed">{escape(words["revealed"])}</p>')
    back = f'<button type="button" class="hc-live-back" data-action="back">{escape(words["back"])}</button>'
    return f'<div class="hc-live-actions">{reveal} {back}</div>'


def live_section(rounds: LiveRounds, learners: list[Learner], lang: str, src: str, nonce: str) -> str:
    """The whole live part of the page, with its script (``src``: where it asks and posts)."""
    words = live_teacher_words(lang)
    return (f'<section class="hc-live" id="hc-live" aria-labelledby="hc-live-title" data-src="{escape(src)}" '
            f'data-lang="{escape(lang)}"><h2 id="hc-live-title">{escape(words["heading"])}</h2>'
            f'<p>{escape(words["intro"])}</p>{live_controls(rounds, learners, lang)}'
            f'{live_now(rounds, learners, lang)}</section>'
            f'<style>{LIVE_STYLE}</style><script nonce="{nonce}">'
            f'{LIVE_SCRIPT % (IDLE_REFRESH_S * 1000, LIVE_REFRESH_S * 1000)}</script>')


LIVE_STYLE = """
.hc-live { border: 2px solid var(--hc-line); border-radius: 6px; padding: 0.2rem 0.9rem 0.7rem; margin: 0.8rem 0; }
.hc-live h2 { margin-top: 0.5rem; }
.hc-live h3 { margin-top: 0.5rem; }
.hc-live-controls { display: flex; flex-wrap: wrap; gap: 0.4rem 0.8rem; align-items: center; }
.hc-live select { max-width: 100%; }
.hc-live button, .hc-live select { min-height: 32px; font: inherit; color: var(--hc-text);
  background: var(--hc-soft); border: 1px solid var(--hc-line); border-radius: 4px; }
.hc-live button { padding: 0 0.8rem; cursor: pointer; }
.hc-live button:disabled { cursor: progress; }
.hc-live input[type=checkbox] { width: 24px; height: 24px; margin: 0; vertical-align: middle; }
.hc-live-names { display: inline-flex; align-items: center; gap: 0.4rem; min-height: 32px; }
.hc-live-hand, .hc-live-trick { font-size: 1.1rem; }
.hc-live-count { font-weight: 700; }
.hc-live-spread { list-style: none; padding: 0; margin: 0.3rem 0; max-width: 40rem; }
.hc-live-spread li { display: flex; flex-wrap: wrap; align-items: center; gap: 0 0.5rem; margin: 0.15rem 0; }
.hc-live-spread .hc-bar-box { width: 10rem; }
.hc-live-good { color: var(--hc-good); } .hc-live-bad { color: var(--hc-bad); }
.hc-live-who { color: var(--hc-muted); flex-basis: 100%; }
.hc-live-actions { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin-top: 0.4rem; }
.hc-live-note:empty { display: none; }
"""

# Ask for the round often while a board is before the class, seldom otherwise; put in place only the
# children that changed (a button keeps the focus); the buttons post their action and show the answer.
LIVE_SCRIPT = """(() => {
  const live = document.getElementById("hc-live");
  const names = document.getElementById("hc-live-names");
  const xsrf = () => (document.getElementById("hc-now") || {dataset: {}}).dataset.xsrf || "";  // below this script
  let timer = null;
  const address = () => `${live.dataset.src}?lang=${live.dataset.lang}${names.checked ? "&names=1" : ""}`;
  const put = (html) => {
    const fresh = document.createElement("div");
    fresh.innerHTML = html;
    const next = fresh.firstElementChild, now = document.getElementById("hc-live-now");
    if (!next || now.isEqualNode(next)) return;
    if (now.dataset.state !== next.dataset.state || now.children.length !== next.children.length) {
      const focused = document.activeElement && now.contains(document.activeElement);
      now.replaceWith(next);
      if (focused) (next.querySelector("button") || live.querySelector(".hc-live-put")).focus();
      return;
    }
    [...next.children].forEach((child, index) => {
      if (!now.children[index].isEqualNode(child)) now.children[index].replaceWith(child);
    });
    now.dataset.round = next.dataset.round || "";
  };
  const schedule = () => {
    clearTimeout(timer);
    const state = document.getElementById("hc-live-now").dataset.state;
    timer = setTimeout(refresh, state === "none" ? %d : %d);
  };
  const headers = () => Object.assign({"Content-Type": "application/json"}, xsrf() ? {"X-XSRFToken": xsrf()} : {});
  const refresh = async () => {
    try {
      const answer = await fetch(address(), {cache: "no-store", credentials: "same-origin", headers: headers()});
      if (answer.ok) put(await answer.text());
    } catch (error) { /* the class part says the server is lost */ }
    schedule();
  };
  live.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    const body = {action: button.dataset.action, board: document.getElementById("hc-live-board").value,
                  round: Number(document.getElementById("hc-live-now").dataset.round || 0)};
    button.disabled = true;
    try {
      const answer = await fetch(address(), {method: "POST", cache: "no-store", credentials: "same-origin",
                                             headers: headers(), body: JSON.stringify(body)});
      put(await answer.text());
    } finally {
      button.disabled = false;
    }
    schedule();
  });
  names.addEventListener("change", refresh);
  schedule();
})();"""
