"""Pictures of cards, tricks and hands for notebooks, without the widget: HTML, and
``str(hand)``'s picture in text (as python-chess's ``str(board)``).

Imported only when a notebook asks an engine object to display itself.
Inline styles only: nothing is loaded from the network.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from .cards import Card, Suit, rank_text

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from .game import Game
    from .hand import Hand
    from .same_deal import SameDeal
    from .trick import Trick
    from .view import SeatView

_CARD = ("display:inline-block;min-width:2.1em;padding:.25em .3em;margin:1px;border:1px solid #888;"
         "border-radius:5px;background:#fff;font:600 1.05em/1.1 system-ui,sans-serif;text-align:center;")


def card_html(card: Card) -> str:
    colour = "#c0142c" if card.suit.is_red else "#111"
    return f'<span title="{escape(card.code)}" style="{_CARD}color:{colour}">{escape(str(card))}</span>'


def cards_html(cards: Iterable[Card]) -> str:
    inner = "".join(card_html(c) for c in cards) or '<span style="color:#777">(none)</span>'
    return f'<span class="hearts-cards">{inner}</span>'


def trick_html(trick: Trick) -> str:
    cells = "".join(
        f'<td style="padding:2px 6px;text-align:center">seat {seat}<br>{card_html(card)}</td>'
        for seat, card in zip(trick.seats, trick.cards, strict=True)
    )
    winner = f"<caption>won by seat {trick.winner}</caption>" if trick.winner is not None else ""
    return f'<table style="border-collapse:collapse">{winner}<tr>{cells or "<td>(empty trick)</td>"}</tr></table>'


def hand_html(hand: Hand) -> str:
    rows = []
    for seat in range(hand.players):
        marker = " ◀ to play" if hand.to_move == seat else ""
        rows.append(
            f"<tr><th style='text-align:left;padding-right:8px'>seat {seat}{marker}</th>"
            f"<td>{cards_html(hand.held(seat))}</td><td style='padding-left:8px'>{hand.points()[seat]} pts</td></tr>"
        )
    status = (f"phase: {hand.phase}; pass: {hand.pass_direction or 'none'}; "
              f"hearts {'broken' if hand.hearts_broken else 'not broken'}")
    if hand.rules.packs == 2:
        status += f"; kitty: {hand.kitty_size} face down; carried: {len(hand.carried)} cards"
    return (f'<div class="hearts-hand"><div style="font:0.9em system-ui">{escape(status)}</div>'
            f'<table>{"".join(rows)}</table><div>{trick_html(hand.trick)}</div></div>')


def hand_text(hand: Hand) -> str:
    """``str(hand)``: a few lines to read the position at a glance. A status line, then one
    line per seat (its cards by suit, the points it has taken; ``>`` marks the seat to move),
    then the trick on the table, each card after the seat that played it (``1:2♣``).
    """
    status = [f"hand {hand.number}", hand.phase, f"pass {hand.pass_direction}" if hand.pass_direction else "no pass",
              "hearts broken" if hand.hearts_broken else "hearts not broken"]
    if hand.phase == "pass":
        status.append(f"waiting to pass: {' '.join(map(str, hand.waiting_to_pass))}")
    elif hand.to_move is not None:
        status.append(f"seat {hand.to_move} to move")
    if hand.rules.variant != "standard":
        status.insert(1, hand.rules.variant)
    lines = [" · ".join(status)]
    points = hand.points()
    rows = []
    for seat in range(hand.players):
        by_suit: dict[Suit, list[str]] = {}
        for card in hand.held(seat):
            by_suit.setdefault(card.suit, []).append(rank_text(card.rank))
        cards = "  ".join(f"{suit.symbol} {' '.join(ranks)}" for suit, ranks in by_suit.items()) or "(no cards)"
        rows.append((f"{'>' if hand.to_move == seat else ' '} {seat}", cards, f"{points[seat]} pts"))
    width = max(len(cards) for _, cards, _ in rows)
    lines += [f"{mark}  {cards.ljust(width)}  {taken}" for mark, cards, taken in rows]
    trick = hand.trick
    played = " ".join(f"{seat}:{card}" for seat, card in zip(trick.seats, trick.cards, strict=True))
    if played or hand.phase == "play":
        lines.append(f"trick: {played or '(empty)'}")
    if hand.rules.packs == 2:
        lines.append(f"kitty: {hand.kitty_size} face down · carried: {len(hand.carried)} cards")
    return "\n".join(lines)


def game_html(game: Game) -> str:
    players = game.rules.players
    head = "".join(f"<th style='padding:0 6px'>seat {s}</th>" for s in range(players))
    body = "".join(
        f"<tr><td>hand {n + 1}</td>{''.join(f'<td style=text-align:right>{v}</td>' for v in row)}</tr>"
        for n, row in enumerate(game.sheet)
    )
    totals = "".join(f"<td style='text-align:right;font-weight:700'>{v}</td>" for v in game.scores)
    return (f'<table class="hearts-sheet"><tr><th></th>{head}</tr>{body}<tr><td>total</td>{totals}</tr>'
            f'</table><div>target {game.rules.target}</div>{hand_html(game.hand)}')


def same_deal_html(result: SameDeal) -> str:
    """The same deal under two sets of rules: points per seat side by side."""
    changes = "; ".join(f"{name}: {old!r} → {new!r}" for name, (old, new) in result.changes.items())
    rows = "".join(
        f"<tr><th style='text-align:left;padding-right:8px'>seat {row['seat']}</th>"
        f"<td style='text-align:right'>{row['before']}</td><td style='text-align:right'>{row['after']}</td>"
        f"<td style='text-align:right'>{row['difference']:+d}</td></tr>"
        for row in result.rows()
    )
    moons = result.moon_shooters
    moon = "".join(f"<div>moon {label}: seat {seat}</div>"
                   for label, seat in zip(("before", "after"), moons, strict=True) if seat is not None)
    replay = ("every card played as before" if result.same_play
              else f"{len(result.changed_plays)} card(s) played differently")
    return (f'<div class="hearts-same-deal"><div style="font:0.9em system-ui">{escape(changes, quote=False)}; '
            f'{escape(replay)}</div><table><tr><th></th><th>before</th><th>after</th><th>change</th></tr>'
            f'{rows}</table>{moon}</div>')


# The words of a seat's snapshot; the widget passes them in the learner's language (text/ui.py).
SNAPSHOT_LABELS = {"title": "Hearts: what {seat} sees", "hand": "Your cards", "trick": "On the table",
                   "points": "Points this hand", "total": "Total", "to_play": "to play"}


def seat_view_html(view: SeatView, names: Sequence[str] | None = None, totals: Sequence[int] | None = None,
                   labels: Mapping[str, str] | None = None, css_class: str = "") -> str:
    """A static picture of what one seat may see: every seat's points (and game
    ``totals`` when given), the cards played to the trick on the table, and the
    seat's own cards. Never another seat's unplayed card: it is drawn from the
    seat's :class:`SeatView` alone. Where widgets cannot run (GitHub, nbviewer,
    nbconvert HTML and PDF) this is the table the reader sees."""
    words = {**SNAPSHOT_LABELS, **(labels or {})}
    names = list(names) if names is not None else [f"seat {s}" for s in range(view.rules.players)]
    head = f"<th></th><th style='padding:0 6px'>{escape(words['points'])}</th>"
    if totals is not None:
        head += f"<th style='padding:0 6px'>{escape(words['total'])}</th>"
    rows = []
    for seat, name in enumerate(names):
        turn = f" ◀ {escape(words['to_play'])}" if view.to_move == seat else ""
        total = f"<td style='text-align:right'>{totals[seat]}</td>" if totals is not None else ""
        rows.append(f"<tr><th style='text-align:left;padding-right:8px'>{escape(name)}{turn}</th>"
                    f"<td style='text-align:right'>{view.points[seat]}</td>{total}</tr>")
    played = "".join(
        f'<td style="padding:2px 6px;text-align:center">{escape(names[seat])}<br>{card_html(card)}</td>'
        for seat, card in zip(view.trick.seats, view.trick.cards, strict=True)
    ) or '<td style="color:#777">—</td>'
    title = escape(words["title"].format(seat=names[view.seat]))
    return (f'<div class="hearts-snapshot {escape(css_class)}" style="font:14px system-ui,sans-serif;'
            f'border:1px solid #8884;border-radius:8px;padding:8px;display:inline-block">'
            f'<div style="font-weight:700;margin-bottom:4px">{title}</div>'
            f'<table style="border-collapse:collapse"><tr>{head}</tr>{"".join(rows)}</table>'
            f'<div style="margin-top:6px">{escape(words["trick"])}</div>'
            f'<table style="border-collapse:collapse"><tr>{played}</tr></table>'
            f'<div style="margin-top:6px">{escape(words["hand"])}</div>{cards_html(view.held)}</div>')
