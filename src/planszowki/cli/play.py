"""``planszowki play``: a whole game in the terminal, humans and bots in any seats.

Humans type the number of an option (or its id), or a command in English or Polish, whatever the language
of the screen: ``save FILE``/``zapisz PLIK``, ``log``/``dziennik``, ``board``/``plansza``, ``help``/``pomoc``,
``quit``/``wyjdź``; in Root ``card NAME``/``karta NAZWA`` (a card's reference) and ``cards``/``karty`` (the
references of your hand). Bots move by themselves. With two or more humans at one terminal (hot seat) the screen
and the terminal's scrollback are wiped before the device is handed over, and each human sees only what
their seat may know.

Nothing is lost: the game is autosaved to one file per game (``saves.autosave_dir()``, named in the banner)
after every human decision, before every human prompt (so after each run of bot moves) and at least every
``AUTOSAVE_EVERY`` seconds while bots play on, and when the game ends, is quit or is interrupted with Ctrl-C.
Writing the state costs a few milliseconds, about a hundred bot moves, so it is not done after every bot move.
``planszowki play --resume`` picks the game up again.
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console, Group
from rich.control import Control, ControlType
from rich.rule import Rule
from rich.segment import Segment
from rich.table import Table
from rich.text import Text

from .. import bots, i18n
from ..engine import UnsupportedSetup, choices
from ..engine.takeback import UndoStack, publicly_forced
from . import board_great_wall as gwb
from . import board_ironwood as iwb
from .board import board_group, decision_block, event_line, faction_text, options_grid, title_text
from .saves import Record, autosave_id, save_doc, write_save

HUMAN = "human"
#: how a record keeps a player's concession (Ironwood: "Gracz może się poddać"), replayed by cli/replay.py
RESIGN = "resign"
#: Seconds between autosaves while bots play on without a human decision.
AUTOSAVE_EVERY = 1.0
#: Home, erase the screen, then erase the scrollback (``ESC[3J``, xterm's E3; ``clear`` sends the same).
#: Without the last one the next player in a hot seat scrolls up and reads the previous player's hand.
WIPE = "\x1b[H\x1b[2J\x1b[3J"
#: The commands at the prompt, each in English and Polish (both work whatever the language).
COMMANDS = {
    "save": ("save", "zapisz"),
    "log": ("log", "dziennik"),
    "board": ("board", "plansza"),
    "rootlog": ("rootlog",),
    "map": ("map", "mapa"),
    "cards": ("cards", "karty"),
    "card": ("card", "karta"),
    "help": ("help", "?", "h", "pomoc"),
    "quit": ("quit", "exit", "q", "wyjdź", "wyjdz"),
    "resign": ("resign", "poddaj"),
    "back": ("back", "wstecz"),
    "undo": ("undo", "cofnij"),
    "hint": ("hint", "podpowiedz", "podpowiedź"),
}
_COMMAND_OF = {word: cmd for cmd, words in COMMANDS.items() for word in words}


class _Wipe(Control):
    """The screen-and-scrollback wipe as a rich control segment (rich has no code for ``ESC[3J``)."""

    def __init__(self) -> None:
        self.segment = Segment(WIPE, None, [(ControlType.HOME,), (ControlType.CLEAR,)])
#: Log lines shown under the board: at least the last LOG_LINES, or everything new since the seat's last
#: screen up to MAX_NEW_LINES (older ones: the 'log' command).
LOG_LINES = 14
MAX_NEW_LINES = 40
#: ``card NAME`` prints at most this many references; more matches are listed by name to narrow the search.
CARD_MATCHES = 6


#: Ironwood's solo opponents ("Tryb solo"): played by the engine itself, so the controller is never asked.
SOLO_BOTS = ("ironbot", "forestbot")
#: The games with a screen in the terminal: Root's is board.py, each other game's board_<game>.py. Another game is
#: refused in one line (drawing it with Root's screen would crash).
SCREENS = ("root", "ironwood", "great_wall")


def check_screen(game_name: str) -> None:
    """Refuse, in one line, a game the terminal cannot draw (said in the person's language where it is shown)."""
    if game_name not in SCREENS:
        raise UnsupportedSetup.told("no_screen", game=game_name, games=list(SCREENS))


def parse_seats(spec: str, solo: tuple[str, ...] = ()) -> dict[str, str]:
    """``"marquise=human,eyrie=bot"`` -> ``{"marquise": "human", "eyrie": "bot"}`` (order kept). A bot's own
    parameters stay with it: ``"marquise=ismcts:iterations=800,rollout=heuristic,eyrie=heuristic"``. ``solo``: the
    names of automated opponents the game plays itself (Ironwood's ``ironbot`` and ``forestbot``)."""
    out: dict[str, str] = {}
    for part in bots.split_seats(spec):
        faction, _, who = part.partition("=")
        faction, who = faction.strip(), who.strip() or HUMAN
        if not faction:
            raise UnsupportedSetup.told("error_seat_malformed", seat=part)
        if faction in out:
            raise UnsupportedSetup.told("error_seat_twice", name=faction)
        if who != HUMAN and who not in solo and not bots.is_bot(who):
            raise UnsupportedSetup.told("error_seat_unknown_player", seat=faction, who=who,
                                        bots=[*bots.names(), *solo])
        if who != HUMAN and who not in solo:
            try:  # its parameters too, before any game starts
                bots.check_spec(who)
            except bots.UnknownBot as exc:
                raise UnsupportedSetup.told("error_seat_bot", seat=faction, problem=exc) from None
        out[faction] = who
    if not out:
        raise UnsupportedSetup.told("error_seats_empty")
    return out


def bot_seed(seed: int, seat: str, moves: int) -> int:
    """A bot's seed from the game's seed, its seat and how far the game is (stable across runs)."""
    return zlib.crc32(f"{seed}:{seat}:{moves}".encode())


class PlaySession:
    """One game at the terminal. ``run`` returns the process exit code."""

    def __init__(self, game: Any, state: Any, record: Record, controllers: dict[str, str], lang: str,
                 console: Console, read: Callable[[str], str] | None = None, max_turns: int = 0,
                 save_path: str | None = None, autosave_path: Path | None = None) -> None:
        self.game = game
        self.state = state
        self.record = record
        self.lang = lang
        self.console = console
        self.read = read or input
        self.max_turns = max_turns
        check_screen(game.name)
        self.save_path = save_path  # written when the game ends or the player leaves
        self.autosave_path = autosave_path  # None: no autosave
        self._autosaved_moves = -1  # len(record.moves) at the last autosave
        self._autosaved_at = time.monotonic()
        self._applying = False  # inside state.apply: a Ctrl-C there may leave the state half changed
        #: the seats' names when the game began (the record's and the save's); a seat keeps its place but may be
        #: renamed by the game (Root's faction draft, A.8.2: "player3" becomes "eyrie"): ``_sync_seats``
        self.places = list(record.start(game).seats) if record.moves else list(state.seats)
        missing = [s for s in self.places if s not in controllers]
        if missing:
            raise UnsupportedSetup.told("error_seats_missing", missing=missing, seats=list(self.places))
        self.controllers = {s: controllers[s] for s in self.places}
        options = getattr(state, "options", {}) or {}
        for s, c in self.controllers.items():
            if c in SOLO_BOTS and options.get("opponent") != c:  # only the engine plays a solo opponent
                raise UnsupportedSetup.told("error_solo_seat_not_set_up", seat=s, bot=c)
            if c != HUMAN and c not in SOLO_BOTS:
                try:  # a saved game's bots were never given on this command line
                    bots.check_spec(c)
                except bots.UnknownBot as exc:
                    raise UnsupportedSetup.told("error_seat_bot", seat=s, problem=exc) from None
        self.humans = [s for s in self.places if self.controllers[s] == HUMAN]
        n = len(record.moves)
        self.bots = {s: bots.make(c, bot_seed(record.seed, s, n)) for s, c in self.controllers.items()
                     if c != HUMAN and c not in SOLO_BOTS}
        self._names = list(self.places)
        self.ironwood = game.name == "ironwood"
        self.great_wall = game.name == "great_wall"
        self.content = getattr(state, "content", None)  # Ironwood, The Great Wall: the cards and board in play
        self.seen: dict[str | None, int] = {}  # viewer -> number of log events already shown to them
        self.last_viewer: str | None = None
        self.notes: list[Text] = []  # decisions without a choice, applied by themselves: said on the next screen
        #: choosing in steps (engine/choices.py): the group keys chosen so far in the current decision's menu
        self.path: list[str] = []
        self.undo = UndoStack()  # the person's options that may still be taken back (engine/takeback.py)
        self.takebacks: list[list[Any]] = []  # [place in the record, option, seat] of each option taken back
        self._sync_seats()  # a loaded game may have renamed seats already

    def _sync_seats(self) -> None:
        """Follow seats the game renamed (by their place in the seating, which never changes)."""
        now = list(self.state.seats)
        if now == self._names:
            return
        ren = {old: new for old, new in zip(self._names, now, strict=True) if old != new}
        self.controllers = {ren.get(k, k): v for k, v in self.controllers.items()}
        self.bots = {ren.get(k, k): v for k, v in self.bots.items()}
        self.humans = [ren.get(k, k) for k in self.humans]
        self.seen = {ren.get(k, k): v for k, v in self.seen.items()}
        if self.last_viewer in ren:
            self.last_viewer = ren[self.last_viewer]
        self._names = now

    # -- output helpers -----------------------------------------------------------------------------
    def tr(self, key: str, **args: Any) -> str:
        return i18n.tr(key, self.lang, **args)

    def visible_log(self, viewer: str | None) -> list[Any]:
        return [e for e in self.state.log if e.visible_to(viewer)]

    # -- the game's screen: Root's (board.py), Ironwood's (board_ironwood.py), The Great Wall's (board_great_wall.py)
    def faction_name(self, seat: str) -> str:
        if self.great_wall:
            return gwb.term("clan", seat, self.lang)
        return i18n.term("faction", seat, self.lang, game=self.game.name)

    def event_line(self, event: Any, annotate: bool = False) -> Text:
        if self.great_wall:
            return gwb.event_line(event, self.lang, self.content, annotate=annotate)
        if self.ironwood:
            return iwb.event_line(event, self.lang, self.content, annotate=annotate)
        return event_line(event, self.lang, annotate=annotate)

    def title(self, view: dict[str, Any]) -> str:
        if self.great_wall:
            return gwb.title_text(view, self.lang)
        return iwb.title_text(view, self.lang) if self.ironwood else title_text(view, self.lang)

    def board(self, view: dict[str, Any], viewer: str | None) -> Any:
        if self.great_wall:
            return gwb.board_group(view, self.lang, viewer, self.content, self.console.width)
        if self.ironwood:
            return iwb.board_group(view, self.lang, viewer, self.content, self.console.width)
        return Group(self.root_map(view), board_group(view, self.lang, viewer))

    def root_map(self, view: dict[str, Any]) -> Text:
        """Root's map as a picture (cli/map_root.py), above the clearings' table."""
        from ..games.root.layout import geometry
        from .map_root import map_picture

        return map_picture(view, geometry(view["map"]), self.lang, self.console.width)

    def menu(self, d: Any) -> list[choices.Entry] | None:
        """The decision's menu at the current step, or None when it is short enough to show whole (the game's own
        numbered list). Long ones come in steps: the action, then the place, then the rest (engine/choices.py)."""
        content = getattr(self.state, "content", None)
        labels = [i18n.option_label(o, self.lang, d.kind, self.game.name, content=content) for o in d.options]
        if len(choices.menu(d.options, labels)) >= len(d.options):
            return None
        return choices.menu(d.options, labels, self.path)

    def decision(self, d: Any) -> Any:
        entries = self.menu(d)
        if entries is not None:
            head = Text()
            head.append(self.faction_name(d.player), style="bold")
            head.append(" — ")
            head.append(i18n.decision_prompt(d, self.lang, self.game.name,
                                             content=getattr(self.state, "content", None)), style="bold")
            items = [(f"{i}.", e.label + (f" ({e.count})" if e.kind == "group" else ""),
                      i18n.cite(d.options[e.index].rule, self.lang) if e.kind == "option" else "")
                     for i, e in enumerate(entries, 1)]
            foot = Text(self.tr("menu_back" if self.path else "menu_steps"), style="dim")
            return Group(head, options_grid(items, self.console.width), foot)
        if self.great_wall:
            return gwb.decision_block(self.state, d, self.lang, self.console.width)
        if self.ironwood:
            return iwb.decision_block(self.state, d, self.lang, self.console.width)
        return decision_block(d, list(d.options), self.lang, self.console.width)

    def turns(self) -> int:
        """How far the game is, for --max-turns: Root's and Ironwood's turns, The Great Wall's years."""
        return self.state.year if self.great_wall else self.state.turn_no

    def controller_name(self, who: str) -> str:
        if who == HUMAN:
            return self.tr("human")
        if who in SOLO_BOTS:  # Ironwood's solo opponents, with the difficulty the game was set up with
            opts = self.state.options
            kind = "ib_variant" if who == "ironbot" else "fb_variant"
            names = ", ".join(iwb.iwi.iw_term(kind, v, self.lang) for v in opts.get("variants", ()))
            return iwb.tr(f"solo_{who}", self.lang, n=opts.get("difficulty", names))
        return who

    def label_line(self) -> Text | None:
        """The content set's label ("demonstration content, not the printed cards"), for games that have one."""
        if self.great_wall:
            return gwb.label_line(self.state.view(None), self.lang)
        return iwb.label_line(self.state.view(None), self.lang) if self.ironwood else None

    def print_new_events(self, viewer: str | None) -> None:
        """Print log events appended since ``viewer`` last looked (spectator mode: all bots)."""
        n = len(self.state.log_chain)
        start = self.seen.get(viewer, 0)
        if n == start:
            return
        events = self.state.log[start:]
        self.seen[viewer] = n
        for e in events:
            if e.visible_to(viewer):
                self.console.print(self.event_line(e))

    def clear(self) -> None:
        """Clear the screen; in a hot seat also the terminal's scrollback, so nobody can scroll back to the
        previous player's screen (their hand, their private log lines)."""
        if not self.console.is_terminal:
            return
        if len(self.humans) > 1:
            self.console.control(_Wipe())
        else:
            self.console.clear()

    def show_screen(self, viewer: str) -> None:
        con = self.console
        view = self.state.view(viewer)
        self.clear()
        con.print(Rule(Text(self.title(view), style="bold")))
        con.print(self.board(view, viewer))
        # the log: the last lines this seat may see; lines new since its last screen are bright
        all_events = self.state.log
        start = self.seen.get(viewer, 0)
        shown = [(i, e) for i, e in enumerate(all_events) if e.visible_to(viewer)]
        self.seen[viewer] = len(all_events)
        new = sum(1 for i, _ in shown if i >= start)
        tail = shown[-max(LOG_LINES, min(new, MAX_NEW_LINES)):]
        con.print(Rule(self.tr("log"), align="left", style="dim"))
        if len(shown) > len(tail):
            con.print(Text(self.tr("log_earlier", n=len(shown) - len(tail)), style="dim"))
        for i, e in tail:
            line = self.event_line(e)
            if i < start:
                line.stylize("dim")
            con.print(line)
        con.print(Rule(style="dim"))
        for note in self.notes:
            con.print(note)
        self.notes.clear()
        d = self.state.decision
        con.print(self.decision(d))

    def show_full_log(self, viewer: str) -> None:
        for e in self.visible_log(viewer):
            self.console.print(self.event_line(e))

    def print_card(self, key: str) -> None:
        """One Root card's reference (i18n/cards.py): name and kind, cost · item · VP, the effect with its rule."""
        head, facts, text = i18n.card_reference_text(key, self.lang).split("\n", 2)
        self.console.print(Text(head, style="bold"), Text(facts, style="dim"), Text(text), sep="\n")
        self.console.print()

    def show_card(self, query: str) -> None:
        """``card NAME`` / ``karta NAZWA``: the Root cards whose name (either language, part of it, any case)
        holds ``query``. The list of cards is public (the decks' contents), so any card may be looked up."""
        if not query:
            self.console.print(self.tr("card_usage"))
            return
        keys = i18n.find_cards(query)
        if not keys:
            self.console.print(Text(self.tr("card_none", name=query), style="yellow"))
        elif len(keys) > CARD_MATCHES:
            names = ", ".join(dict.fromkeys(i18n.card_reference(k, self.lang)["title"] for k in keys))
            self.console.print(Text(self.tr("card_many", name=query, n=len(keys), names=names), style="yellow"))
        else:
            for k in keys:
                self.print_card(k)

    def show_hand_cards(self, viewer: str) -> None:
        """``cards`` / ``karty`` in Root: the references of the cards in the seat's own hand, as its view shows it."""
        hand = (self.state.view(viewer).get("players", {}).get(viewer) or {}).get("hand") or []
        if not hand:
            self.console.print(self.tr("hand_empty"))
        for k in dict.fromkeys(hand):
            self.print_card(k)

    def show_result(self) -> None:
        con = self.console
        st = self.state
        # the last moves before the end, as the one human (or, in hot seat, anyone) may see them
        viewer = self.humans[0] if len(self.humans) == 1 else None
        if len(self.humans) > 1:
            self.seen[None] = max(self.seen.get(s, 0) for s in self.humans)
        self.print_new_events(viewer)
        con.print(Rule(Text(self.title(st.view(None)), style="bold")))
        con.print(self.board(st.view(None), None))
        if self.ironwood:  # the winner and why (3 forges / 3 totems), and both roads to victory
            con.print(iwb.result_group(st, self.lang))
            return
        if self.great_wall:  # final scoring: each clan's Honor and what made it, the winner
            con.print(gwb.result_group(st, self.lang))
            return
        res = st.result
        if res is None:
            con.print(Text(self.tr("turn_cap", n=self.max_turns), style="bold yellow"))
        else:
            con.print(Text(self.tr("game_over", turns=res["turns"]), style="bold"))
            con.print(Text(self.tr("winner", winners=res["winners"], reason=res["reason"],
                                   rule=i18n.cite(res["rule"])), style="bold green"))
        t = Table(title=self.tr("final_scores"), title_justify="left")
        t.add_column("")
        t.add_column(self.tr("vp"), justify="right")
        for s in st.seats:
            t.add_row(faction_text(s, self.lang), str(st.vp[s]))
        con.print(t)

    # -- moves --------------------------------------------------------------------------------------
    def apply(self, option_id: str) -> None:
        self.path = []  # a new decision's menu starts at its first step
        seat = self.state.decision.player
        person = self.controllers.get(seat) == HUMAN
        before = self.state.copy() if person else None
        self._applying = True
        self.state.apply(option_id)
        self.record.moves.append(option_id)
        self._applying = False
        self._sync_seats()
        if person:
            self.undo.applied(seat, before, self.state)  # engine/takeback.py: may it be taken back?
        else:
            self.undo.others_decided()

    def save_doc(self) -> dict[str, Any]:
        by_place = dict(zip(self.places, self.state.seats, strict=True))  # the save names seats as they began
        controllers = {p: self.controllers[by_place[p]] for p in self.record.players}
        doc = save_doc(self.game, self.state, self.record, controllers, self.lang)
        if self.takebacks:
            doc["takebacks"] = [list(t) for t in self.takebacks]  # the record keeps what stands; this, what went
        return doc

    def confirmed(self, d: Any, option: Any) -> bool:
        """Ask "Sure?" before an option that spends a card or ends a phase early (engine/choices.py); an option typed
        by its id is taken as meant."""
        if not choices.needs_confirm(option, d.options):
            return True
        label = i18n.option_label(option, self.lang, d.kind, self.game.name,
                                  content=getattr(self.state, "content", None))
        answer = self.ask(self.tr("confirm_q", option=label) + " ")
        return answer is not None and answer.strip().lower() in ("", "y", "yes", "t", "tak")

    def take_back(self, seat: str) -> bool:
        """``undo``: the person's last option taken back, while nothing hidden has come out since and no other seat
        has decided (engine/takeback.py); the save keeps the takeback."""
        if self.undo.seat() != seat:
            self.console.print(Text(self.tr("undo_none"), style="yellow"))
            return False
        option = self.record.moves.pop()
        self.takebacks.append([len(self.record.moves), option, seat])
        self.state = self.undo.pop()
        self._sync_seats()
        return True

    def hint(self, seat: str) -> None:
        """``hint``: what the heuristic bot would choose, from what the seat knows (a determinized copy)."""
        d = self.state.decision
        seed = bot_seed(self.record.seed, seat, len(self.record.moves))
        guess = self.game.determinize(self.state, seat, seed)
        option = bots.make("heuristic", seed).choose(guess, seat)
        k = next(i for i, o in enumerate(d.options) if o.id == option)
        label = i18n.option_label(d.options[k], self.lang, d.kind, self.game.name,
                                  content=getattr(self.state, "content", None))
        self.console.print(Text(self.tr("hint_is", option=f"{label} ({option})"), style="cyan"))

    def save(self, path: str, quiet: bool = False) -> bool:
        try:
            write_save(path, self.save_doc())
        except OSError as exc:
            self.console.print(Text(self.tr("save_failed", path=path, error=exc.strerror or str(exc)), style="red"))
            return False
        if not quiet:
            self.console.print(Text(self.tr("saved", path=path), style="green"))
        return True

    def autosave(self, force: bool = False) -> None:
        """Write the autosave when moves were applied since the last one (``force``: always)."""
        path = self.autosave_path
        if path is None or (not force and len(self.record.moves) == self._autosaved_moves):
            return
        try:
            write_save(path, self.save_doc(), compact=True)
        except OSError as exc:
            self.autosave_path = None  # say it once, then play on without
            self.console.print(Text(self.tr("autosave_failed", path=path, error=exc.strerror or str(exc)),
                                    style="red"))
            return
        self._autosaved_moves = len(self.record.moves)
        self._autosaved_at = time.monotonic()

    def kept_line(self, key: str) -> Text:
        """Where the game is kept and how to resume it (or that it is not kept)."""
        if self.autosave_path is None:
            return Text(self.tr("not_kept"), style="yellow")
        return Text(self.tr(key, path=str(self.autosave_path), id=autosave_id(self.autosave_path)), style="bold")

    def leave(self) -> int:
        """``quit`` or the end of input: keep the game (autosave, and ``--save`` when given)."""
        self.autosave(force=True)
        if self.save_path:
            self.save(self.save_path)
        self.console.print(self.kept_line("kept"), soft_wrap=True)
        return 0

    def interrupted(self) -> int:
        """Ctrl-C: keep the game as it stood after the last whole move, say so in one line, exit code 130."""
        if self._applying:  # the state may be half changed: rebuild it from the record
            from .replay import replay_record

            self.state = replay_record(self.game, self.record)
            self._applying = False
        self.console.print()
        self.autosave(force=True)
        saved = bool(self.save_path) and self.save(self.save_path, quiet=True)
        if self.autosave_path is None:
            line = Text(self.tr("interrupted_not_kept"), style="yellow")
        else:
            line = self.kept_line("interrupted")
        if saved:
            line.append(" " + self.tr("also_saved", path=self.save_path))
        self.console.print(line, soft_wrap=True)
        return 130

    def ask(self, prompt: str) -> str | None:
        try:
            return self.read(prompt)
        except EOFError:
            self.console.print()
            self.console.print(Text(self.tr("eof"), style="yellow"))
            return None

    def human_turn(self) -> bool:
        """Let the deciding human choose; False when they quit."""
        d = self.state.decision
        viewer = d.player
        single = self.great_wall and len(d.options) == 1  # nothing to choose (a Tactic window with only 'Pass' …)
        if single and len(self.humans) == 1:
            # applied at once and said on the next screen; with several people at one device the question stays
            # (skipping it would show the others that this seat had no choice: what its hand holds)
            self.notes.append(gwb.auto_choice(self.state, d, self.lang))
            self.apply(d.options[0].id)
            return True
        if not self.great_wall and len(d.options) == 1:
            seeds = [bot_seed(self.record.seed, "forced", len(self.record.moves) + k) for k in range(4)]
            if publicly_forced(self.game, self.state, seeds) is not None:
                # no choice, and anyone could know it (engine/takeback.py): taken and said on the next screen
                label = i18n.option_label(d.options[0], self.lang, d.kind, self.game.name, content=self.content)
                self.notes.append(Text(self.tr("only_choice", option=label), style="dim"))
                self.apply(d.options[0].id)
                return True
        if len(self.humans) > 1 and viewer != self.last_viewer:
            if self.last_viewer is not None:  # the first time nothing secret is on screen: keep the banner
                self.clear()
            text = (gwb.tr("pass_device", self.lang, seat=viewer) if self.great_wall
                    else self.tr("pass_device", faction=viewer))
            answer = self.ask(text + " ")
            if answer is None:
                return False
        self.last_viewer = viewer
        self.show_screen(viewer)
        n = len(d.options)
        while True:
            prompt = (iwb.tr("prompt", self.lang) if self.ironwood
                      else gwb.tr("prompt_single" if single else "prompt", self.lang) if self.great_wall
                      else self.tr("prompt"))
            text = self.ask(f"{prompt}\n> ")
            if text is None:
                return False
            text = text.strip()
            word, _, rest = text.partition(" ")
            cmd = _COMMAND_OF.get(word.lower())
            if not text:
                if single:  # Enter takes the only option
                    self.apply(d.options[0].id)
                    return True
                continue
            entries = self.menu(d)
            if entries is not None and (text == "0" or cmd == "back"):
                if self.path:
                    self.path.pop()
                    self.console.print(self.decision(d))
                continue
            if text.isdigit() and entries is not None:
                i = int(text)
                if 1 <= i <= len(entries):
                    entry = entries[i - 1]
                    if entry.kind == "option":
                        if not self.confirmed(d, d.options[entry.index]):
                            self.console.print(self.decision(d))
                            continue
                        self.path = []
                        self.apply(entry.key)
                        return True
                    self.path.append(entry.key)  # into the group: its own, shorter menu
                    self.console.print(self.decision(d))
                continue
            if text.isdigit():
                i = int(text)
                if 1 <= i <= n:
                    if not self.confirmed(d, d.options[i - 1]):
                        continue
                    self.apply(d.options[i - 1].id)
                    return True
            elif cmd is not None and d.find(text) is not None:  # an option id that starts like a command: the
                self.apply(text)  # option ("save (2 chi)" saves a soldier in The Great Wall, it writes no file)
                return True
            elif cmd == "save":
                if rest.strip():
                    self.save(rest.strip())
                else:
                    self.console.print(self.tr("save_usage"))
                continue
            elif cmd == "log":
                self.show_full_log(viewer)
                continue
            elif cmd == "board":
                self.show_screen(viewer)
                continue
            elif cmd == "rootlog":
                if self.game.name != "root":
                    self.console.print(Text(self.tr("only_game", command=word, game="Root"), style="yellow"))
                    continue
                from ..games.root import rootlog

                self.console.print(rootlog.write(self.state), markup=False, highlight=False, end="")
                continue
            elif cmd in ("card", "cards") and self.game.name == "root":
                if cmd == "card":
                    self.show_card(rest.strip())
                else:
                    self.show_hand_cards(viewer)
                continue
            elif cmd == "card":
                self.console.print(Text(self.tr("only_game", command=word, game="Root"), style="yellow"))
                continue
            elif cmd == "cards" and self.great_wall:  # every card of the content in play, with what it does
                self.console.print(gwb.cards_group(self.content, self.lang))
                continue
            elif cmd == "map" and self.game.name == "root":
                self.console.print(self.root_map(self.state.view(viewer)))
                continue
            elif cmd in ("map", "cards"):
                if not self.ironwood:
                    self.console.print(Text(self.tr("only_game", command=word, game="Ironwood"), style="yellow"))
                    continue
                if cmd == "map":
                    self.console.print(iwb.map_drawing(self.state.view(viewer), self.lang, self.content,
                                                       self.console.width))
                    self.console.print(iwb.map_table(self.content, self.lang))
                else:
                    self.console.print(iwb.cards_group(self.content, self.lang))
                continue
            elif cmd == "undo":
                if self.take_back(viewer):
                    self.show_screen(viewer)
                    d = self.state.decision
                    if d is None or d.player != viewer:
                        return True
                    n = len(d.options)
                continue
            elif cmd == "hint":
                self.hint(viewer)
                continue
            elif cmd == "help":
                text = (gwb.tr("help", self.lang) if self.great_wall
                        else self.tr("help_ironwood" if self.ironwood else "help"))
                self.console.print(text, markup=False, highlight=False)
                self.console.print(self.tr("help_more"), markup=False, highlight=False)
                continue
            elif cmd == "quit":
                self.console.print(self.tr("quit"))
                return False
            elif cmd == "resign":
                if not hasattr(self.state, "resign"):
                    self.console.print(Text(self.tr("only_game", command=word, game="Ironwood"), style="yellow"))
                    continue
                # a concession is no option of a decision: the record keeps it as 'resign <seat>' (cli/replay.py)
                self._applying = True
                self.state.resign(viewer)
                self.record.moves.append(f"{RESIGN} {viewer}")
                self._applying = False
                return True
            elif d.find(text) is not None:
                self.apply(text)
                return True
            self.console.print(Text(self.tr("bad_choice", text=text, n=n), style="red"))

    def run(self) -> int:
        """Play until the game ends, the turn cap, ``quit`` or Ctrl-C (exit code 130); the game is kept."""
        try:
            return self._run()
        except KeyboardInterrupt:
            return self.interrupted()

    def _run(self) -> int:
        con = self.console
        seats = ", ".join(f"{self.faction_name(s)} = {self.controller_name(c)}" for s, c in self.controllers.items())
        label = self.label_line()
        if label is not None:
            con.print(label)
        con.print(Text(self.tr("seats_info", seats=seats)))
        con.print(Text(self.tr("seed_info", seed=self.record.seed), style="dim"))
        self.autosave()  # the file exists from the start, with the game as it stands
        if self.autosave_path is not None:
            con.print(Text(self.tr("autosave_info", path=str(self.autosave_path),
                                   id=autosave_id(self.autosave_path)), style="dim"), soft_wrap=True)
        spectator = not self.humans
        while not self.state.terminal:
            if self.max_turns and self.turns() > self.max_turns:
                break
            d = self.state.decision
            who = self.controllers[d.player]
            if who in SOLO_BOTS:  # the engine plays a solo opponent itself: it is never asked
                raise UnsupportedSetup.told("error_solo_seat_asked", bot=who, seat=d.player, kind=d.kind)
            if who == HUMAN:
                self.autosave()  # the bots' moves since the last human decision
                if not self.human_turn():
                    return self.leave()
                self.autosave()  # the human's decision, before any bot thinks
                continue
            self.apply(self.bots[d.player].choose(self.state, d.player))
            if spectator:
                self.print_new_events(None)
            if time.monotonic() - self._autosaved_at >= AUTOSAVE_EVERY:
                self.autosave()
        self.autosave()
        self.show_result()
        if self.save_path:
            self.save(self.save_path)
        if self.autosave_path is not None:
            con.print(self.kept_line("kept_finished" if self.state.terminal else "kept"), soft_wrap=True)
        return 0
