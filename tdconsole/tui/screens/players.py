"""Players: register, search as you type, bust with a confirmation that shows the place."""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Callable, Container, Sequence
from itertools import compress
from operator import attrgetter, itemgetter, ne
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.suggester import Suggester
from textual.widgets import DataTable, Header, Input

from tdconsole.actions import flights as flight_actions
from tdconsole.actions import players as player_actions
from tdconsole.actions import registration
from tdconsole.actions.base import Action, Request
from tdconsole.club.members import Members
from tdconsole.domain.errors import TdError
from tdconsole.domain.money.cash import unpaid_players
from tdconsole.domain.state import Player, TournamentState
from tdconsole.domain.text import name_key, name_numbers
from tdconsole.i18n import N_, _, error_text
from tdconsole.tui.messages import ActionRequested
from tdconsole.tui.screens.base import ServiceScreen
from tdconsole.tui.screens.bust_hand import BustHandScreen, split_names
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.screens.prompt import PromptScreen
from tdconsole.tui.screens.rebuy import RebuyAnswer, RebuyScreen
from tdconsole.tui.service_app import service_app
from tdconsole.tui.widgets.key_footer import KeyFooter
from tdconsole.tui.widgets.synced_table import Row, SyncedTable
from tdconsole.views.busts import (
    RebuyOffer,
    bust_questions,
    rebuy_knockout_lines,
    rebuy_knockout_preview,
    rebuy_offer,
)
from tdconsole.views.formatting import Formats

# What a player's row shows, besides his bag (`PlayersScreen._player_rows`).
SHOWN = attrgetter("id", "name", "status", "table", "seat", "place", "placed_last", "bounty_added",
                   "bounties", "rebuys")  # rebuys: each adds its bounty part to the head (T-PKO-6)
STATUS_ORDER = {"seated": 0, "registered": 0, "busted": 1}
OUT = (1,)  # before the list order of every player out, after every one still in
# A player's place in the list: those still in, then those out by place; by name; as registered.
Order = tuple[int, int, str, int]
ALTERNATE_KEY = "alternate:"  # an alternate's row in the list (player ids are "p1", "p2", ...)
# A sign-up from a phone waiting for the TD (T-SIGNUP-1): `signups approve NAME` or the remote.
SIGNUP_KEY = "signup:"
# A player's status as the list shows it (the state keeps the English word: JSON reads it).
STATUS_WORDS = {"seated": N_("seated"), "registered": N_("registered"), "busted": N_("busted")}


class MemberSuggester(Suggester):
    """Offers the club's members as the TD types a name: the first one it begins, not banned, not
    yet in. The members are read off the event loop when the players screen is shown (`names`);
    who is in is looked up as the TD types, so a registration needs no new read."""

    def __init__(self, entered: Callable[[], Container[str]]) -> None:
        super().__init__(use_cache=False, case_sensitive=False)
        self.entered = entered
        self.names: list[str] = []

    async def get_suggestion(self, value: str) -> str | None:
        entered = self.entered()
        return next((name for name in self.names
                     if name.casefold().startswith(value) and name.casefold() not in entered), None)


class PlayerField(Input):
    """A field of the players screen. A key that reaches it after the focus left it (typed at
    once after Enter, which sends the focus to the list) goes where the focus is now: `/ NAME ⏎ b`
    typed in one go asks to bust from the list, and never types "b" after the name."""

    def passed_on(self, event: events.Key) -> bool:
        if self.screen.focused is self:  # (`has_focus` follows only once the Blur is handled)
            return False
        event.prevent_default()
        event.stop()
        self.app.post_message(events.Key(event.key, event.character))
        return True

    def on_key(self, event: events.Key) -> None:
        self.passed_on(event)


class NameInput(PlayerField):
    """The register box: "/" typed into it empty (no name begins with one) jumps to the search, as
    it does from the list, so the TD who has just registered a name and presses "/" searches
    instead of registering "/Kim"."""

    def on_key(self, event: events.Key) -> None:
        if self.passed_on(event):
            return
        if event.character == "/" and not self.value:
            event.prevent_default()  # Input's own handler would insert it
            event.stop()
            if isinstance(self.screen, PlayersScreen):
                self.screen.action_search()


class SearchInput(PlayerField):
    """The search box: "/" typed into it (no name has one) starts a new search, as it does from
    the list, so coming back to F2 and pressing "/" never adds to the last search."""

    def on_key(self, event: events.Key) -> None:
        if self.passed_on(event):
            return
        if event.key == "enter" and isinstance(self.screen, PlayersScreen):
            # Here, not through the binding the app checks after the keys already waiting:
            # the list has the focus before the key typed next (b) is looked at.
            event.prevent_default()
            event.stop()
            self.screen.pick_first()
        elif event.character == "/":
            event.prevent_default()
            event.stop()
            self.value = ""


class PlayersScreen(ServiceScreen):
    # The table has the focus, so single keys (b, n, /) act; Escape leaves an input.
    AUTO_FOCUS = "DataTable"
    BINDINGS = [
        Binding("escape", "focus_table", "Back to the list", show=False),
        Binding("b", "bust", "Bust"),
        Binding("B", "bust_hand", "Bust in one hand"),
        Binding("slash", "search", "Search"),
        Binding("n", "new_player", "Register"),
        Binding("r", "reenter", "Re-enter"),
        Binding("a", "add_on", "Add-on"),
        # Not a letter: a letter that is no key here starts a search for a name (type-ahead).
        Binding("ctrl+d", "disqualify", "Disqualify"),
        Binding("R", "rebuy", "Rebuy"),
        Binding("g", "bag", "Bag chips"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.suggester = MemberSuggester(lambda: self.service.state.by_name)
        self._reading_members = False
        # Each player's row as last made, with what it showed (`_listed`), the rows in the list's
        # order, and the words and money they were made with (another language or currency makes
        # every row again).
        self._shows: Sequence[tuple[object, ...]] = []
        self._made: list[tuple[Order, Row]] = []
        self._list: list[tuple[Order, Row]] = []
        self._words: tuple[object, ...] = ()
        self._drawn: tuple[int, int, str] | None = None  # the state and search last shown

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="inputs"):
            # Placeholders fit half of 80 columns.
            yield NameInput(placeholder=_("n Register a name (→ a member)"),
                            id="register", suggester=self.suggester)
            yield SearchInput(placeholder=_("/ Search, Enter picks the first"), id="search")
        yield SyncedTable(id="players", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(_("Name"), _("Status"), _("Table"), _("Seat"), _("Place"), _("Bounty"))

    def on_screen_resume(self) -> None:
        # (Textual calls ServiceScreen's own too: it redraws the list.) Read on arrival, so a
        # member added in another terminal is offered too (Textual may resume a screen twice as it
        # is shown: one read does for both).
        if not self._reading_members:
            self._reading_members = True
            self.run_worker(self.read_members(), group="members")

    async def read_members(self) -> None:
        """The members the register input offers, read off the event loop."""
        try:
            members = await service_app(self).call(lambda service: Members(service.store).all(),
                                                   shown=False)
        finally:
            self._reading_members = False
        self.suggester.names = [member.name for member in members if not member.banned]

    def refresh_view(self) -> None:
        state = self.service.state
        needle = self.query_one("#search", Input).value.strip().casefold()
        # Shown already (Textual resumes a screen twice as it first shows it): nothing to redo.
        if self._drawn == (id(state), state.last_seq, needle):
            return
        self._drawn = (id(state), state.last_seq, needle)
        # Those still in, then those out by place; alternates between them (T-REG-1).
        listed = self._listed(state)
        if needle:
            listed = [(order, row) for order, row in listed if needle in order[2]]
        rows = list(map(itemgetter(1), listed))
        playing = bisect_left(listed, OUT, key=itemgetter(0))
        rows[playing:playing] = [
            (f"{ALTERNATE_KEY}{alt.number}",
             (alt.name, _("alternate {number}").format(number=alt.number), "", "", "", ""))
            for alt in state.alternates.values() if not needle or needle in alt.name.casefold()]
        rows[playing:playing] = [
            (f"{SIGNUP_KEY}{signup.number}",
             (signup.name, _("sign-up {number}, waiting (signups approve)").format(number=signup.number),
              "", "", "", ""))
            for signup in state.signups.values() if not needle or needle in signup.name.casefold()]
        self.query_one(SyncedTable).show(rows)

    def _listed(self, state: TournamentState) -> list[tuple[Order, Row]]:
        """Each player's place in the list and row, in the list's order. A row is made again only
        when what it shows changed (players change in place, so what each showed is kept), and
        moved to its new place: at festival size a bust makes one row and moves it, not 10,000."""
        money = Formats.of(state.house_rules)
        words = ({status: _(word) for status, word in STATUS_WORDS.items()}, _(" (last, T-ELIM-3)"),
                 _("bag {bag}: {chips}"), money, (state.money.bounty, state.money.rebuy_bounty),
                 _("{status}, unpaid"))
        players = list(state.players.values())
        # What each row shows, read at C speed (10,000 players, every redraw); a bag or a due not
        # paid yet (the cash desk's, marked here too so the TD sees it where he seats players) seldom.
        shows: list[tuple[object, ...]] = list(map(SHOWN, players))
        unpaid = unpaid_players(state)
        if state.bags or unpaid:
            shows = [(*shown, state.bags.get(player.id), player.id in unpaid)
                     for shown, player in zip(shows, players, strict=True)]
        made, listed, order = self._made, self._list, itemgetter(0)
        if words != self._words or len(shows) != len(self._shows):
            made[:] = [_player_row(state, player, words, index, unpaid)
                       for index, player in enumerate(players)]
            listed[:] = sorted(made, key=order)
        else:
            for index in compress(range(len(shows)), map(ne, shows, self._shows)):
                del listed[bisect_left(listed, made[index][0], key=order)]
                made[index] = _player_row(state, players[index], words, index, unpaid)
                insort(listed, made[index], key=order)
        self._words, self._shows = words, shows
        return listed

    def selected_player_id(self) -> str | None:
        """The player of the highlighted row (None on an alternate's: he has no entry yet)."""
        key = self.query_one(SyncedTable).selected_key()
        return None if key is None or key.startswith((ALTERNATE_KEY, SIGNUP_KEY)) else key

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "search":
            self.refresh_view()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "register" and event.value.strip():
            # The register action links the name to its member and refuses a banned one.
            self.post_message(ActionRequested(registration.register,
                                             registration.RegisterRequest(names=[event.value])))
            event.input.value = ""
            event.input.focus()  # where the next name goes
        elif event.input.id == "search":
            self.pick_first()

    def pick_first(self) -> None:
        """The first player found is selected, in the list, so the next key (b) acts on them."""
        table = self.query_one(DataTable)
        if table.row_count:
            table.move_cursor(row=0)
            self.set_focus(table)  # at once: the key typed next is for the list

    def action_focus_table(self) -> None:
        self.query_one(DataTable).focus()

    def action_search(self) -> None:
        """An empty search, focused: coming back to F2, the next name never lands after the last.
        Focused at once (not after the keys already waiting): they are the name."""
        self.clear_search()
        self.set_focus(self.query_one("#search", Input))

    def clear_search(self) -> None:
        search = self.query_one("#search", Input)
        if search.value:
            search.value = ""
            self.refresh_view()

    def type_ahead(self, event: events.Key) -> Input | None:
        """A name typed on the list without "/" is a search, not keys for the list: a letter
        that is no key of this screen or the app starts the search (`ServiceApp.on_key` types it)."""
        if (isinstance(self.focused, DataTable) and event.character is not None
                and event.character.isalpha() and event.key not in self.active_bindings):
            self.action_search()
            return self.query_one("#search", Input)
        return None

    def _bust(self, request: player_actions.BustRequest) -> None:
        """Bust through the bust action, as the CLI and the web do, then show the whole list again
        (the filter that found the player is done)."""
        self.post_message(ActionRequested(player_actions.bust, request,
                                          on_done=lambda _ok: self.clear_search()))

    def action_new_player(self) -> None:
        self.query_one("#register", Input).focus()

    def action_bust(self) -> None:
        state = self.service.state
        player_id = self.selected_player_id()
        if player_id is None:
            return
        player = state.players[player_id]
        if player.status == "busted":
            self.notify(_("{name} has already busted (place {place})").format(
                name=player.name, place=player.place), severity="warning",
                        markup=False)
            return
        command = player_actions.BustRequest(names=[player.name])
        try:  # what to ask, in order: the questions the remote asks too (views/busts.py)
            asked = bust_questions(state, self.service.now(), command.names)
        except TdError as error:
            self.notify(error_text(error), severity="error", timeout=6, markup=False)
            return
        knocker = asked.knocker == "required"  # T-PKO-1: the knockout's bounty goes to its knocker
        if asked.rebuy:
            # T-REBUY-1: busting in the rebuy period, he is asked first; "no" busts him as before
            # (a progressive knockout asks who knocked him out, T-PKO-1).
            def declined() -> None:
                if knocker:
                    self.app.push_screen(BustHandScreen(player.name, ask_knocker=True), self._bust_declined)
                else:
                    self._bust(command)

            self._ask_rebuy(asked.rebuy[0], place=state.players_left, bust=declined, ask_knocker=knocker)
            return
        if knocker:
            self.app.push_screen(BustHandScreen(player.name, ask_knocker=True), self._bust_chosen)
            return
        if asked.confirm is None:
            self.notify(asked.refused or "", severity="error", timeout=6, markup=False)
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self._bust(command)

        # The place; in hand-for-hand, how this hand's busts will be placed (T-H4H-1, RP-8A).
        self.app.push_screen(ConfirmScreen("\n".join(asked.confirm)), confirmed)

    def _bust_declined(self, command: player_actions.BustRequest | None) -> None:
        """The bust of a player who has just declined the rebuy: not asked again."""
        if command is not None:
            self._bust(command)

    def _bust_chosen(self, command: player_actions.BustRequest | None) -> None:
        if command is not None:
            self._offer_rebuys(command)

    def action_disqualify(self) -> None:
        """C-PEN-1: the selected player is out, knocked out by nobody; his bounty goes to the prize
        pool (T-PKO-4). Asked first, No by default; undo takes it back."""
        player_id = self.selected_player_id()
        if player_id is None:
            return
        state = self.service.state
        player = state.players[player_id]
        command = player_actions.BustRequest(names=[player.name], disqualified=True)
        try:
            asked = bust_questions(state, self.service.now(), command.names, disqualified=True)
        except TdError as error:  # already out
            self.notify(error_text(error), severity="error", timeout=6, markup=False)
            return
        if asked.confirm is None:
            self.notify(asked.refused or "", severity="error", timeout=6, markup=False)
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self._bust(command)

        self.app.push_screen(ConfirmScreen("\n".join(asked.confirm)), confirmed)
    def _ask_rebuy(self, offer: RebuyOffer, *, bust: Callable[[], None] | None = None,
                   place: int | None = None, rebought: Callable[[], None] | None = None,
                   declined: Callable[[], None] | None = None, by: Sequence[str] = (),
                   ask_knocker: bool = False) -> None:
        """The rebuy question (T-REBUY-1..4): the rebuy runs through the rebuy action, as the CLI's
        and the remote's (then `rebought`); declining a bust's question goes on with the bust as
        without rebuys (`bust`); Escape does neither (then `declined`). Bought instead of the bust
        with its knockers (`by`, or asked for in a PKO: `ask_knocker`), the same rebuy pays them as
        `bust --by` and a rebuy after it would (T-PKO-6), and the TD is told what they take."""
        def answered(answer: RebuyAnswer | None) -> None:
            if answer is None:
                if declined is not None:
                    declined()
                return
            if answer.choice == "bust":
                if bust is not None:
                    bust()
                return
            if ask_knocker and not by:
                def knocker(typed: str | None) -> None:
                    if typed is not None:  # Escape: nothing bought
                        self._rebuy(offer.name, answer, split_names(typed), rebought)

                self.app.push_screen(PromptScreen(
                    _("Who knocked {name} out? The knocker takes the bounty as with a bust (T-PKO-6); "
                      "nothing typed: not known").format(name=offer.name),
                    _("Knocked out by: names (several split the bounty)"), empty_answers=True), knocker)
                return
            self._rebuy(offer.name, answer, list(by), rebought)

        self.app.push_screen(RebuyScreen(offer, busting=bust is not None, place=place,
                                         knockout=self._knockout_lines(offer.name, list(by))), answered)

    def _knockout_lines(self, name: str, by: list[str], double: bool = False) -> list[str]:
        """What a rebuy instead of `name`'s bust pays the knockers `by` (T-PKO-6), by the same
        decide the service runs; nothing when none are named or the rebuy would be refused (the
        action then says why in one line)."""
        if not by:
            return []
        state = self.service.state
        try:
            knockout = rebuy_knockout_preview(state, name, self.service.now(), double=double,
                                              knocked_out_by=by)
        except TdError:
            return []
        if knockout is None:
            return []
        return rebuy_knockout_lines(state.find(name).name, knockout, Formats.of(state.house_rules).money)

    def _rebuy(self, name: str, answer: RebuyAnswer, by: list[str],
               rebought: Callable[[], None] | None) -> None:
        """The rebuy action, with who knocked him out when known; once it is bought, what the
        knockers took is said (T-PKO-6), as the CLI and the remote say it."""
        double = answer.choice == "double"
        told = self._knockout_lines(name, by, double)

        def done(ok: bool) -> None:
            self.clear_search()
            if ok and told:
                self.notify("\n".join(told), markup=False, timeout=8)

        self.post_message(ActionRequested(player_actions.rebuy, player_actions.RebuyRequest(
            name=name, double=double, stack=answer.stack, knocked_out_by=by), on_done=done))
        if rebought is not None:
            rebought()

    def _offer_rebuys(self, command: player_actions.BustRequest, asked: frozenset[str] = frozenset()) -> None:
        """A hand's busts (the B dialog): each player who could rebuy is asked in turn (T-REBUY-1);
        those who rebuy keep their seats, the others bust together as typed. A rebuy carries the
        knockers typed: in a progressive knockout the knockout stands as after the bust, in the
        rebuy's one command (T-PKO-6); with a fixed bounty the TD is told it pays nothing."""
        found = self._next_offer(command, asked)
        if found is None:
            self._bust(command)
            return
        name, shown, offer = found
        rest = [other for other in command.names if other != name]
        stacks = {key: chips for key, chips in command.stack.items()
                  if name_key(key) not in (name_key(name), name_key(offer.name))}
        remaining = command.model_copy(update={"names": rest, "stack": stacks})

        def go_on() -> None:
            self._offer_rebuys(command, asked | {shown})

        def the_others() -> None:
            if rest:
                self._offer_rebuys(remaining, asked)

        self._ask_rebuy(offer, bust=go_on, rebought=the_others, by=command.by)

    def _next_offer(self, command: player_actions.BustRequest,
                    asked: frozenset[str]) -> tuple[str, str, RebuyOffer] | None:
        """The first player of the hand not yet asked who could rebuy, as the bust's questions offer
        it (none in hand-for-hand or for a disqualification): (name as typed, name, offer)."""
        try:
            questions = bust_questions(self.service.state, self.service.now(), command.names,
                                       disqualified=command.disqualified)
        except TdError:
            return None  # the bust action says why, in one line
        offers = {offer.name: offer for offer in questions.rebuy}
        for typed, name in zip(command.names, questions.names, strict=True):
            if name in offers and name not in asked:
                return typed, name, offers[name]
        return None

    def action_rebuy(self) -> None:
        """Sell the selected player a rebuy (T-REBUY-1..4); refused in one line when he cannot."""
        player_id = self.selected_player_id()
        if player_id is None:
            return
        state = self.service.state
        offer = rebuy_offer(state, player_id, self.service.now())
        if offer is None:  # the action says why, with its rule (period, limit, already out)
            self.post_message(ActionRequested(player_actions.rebuy, player_actions.RebuyRequest(
                name=state.players[player_id].name)))
            return
        self._ask_rebuy(offer)

    def _ask_then(self, question: str, action: Action[Any, Any], request: Request) -> None:
        """Money changes hands: asked first, No by default (undo takes it back too)."""
        def confirmed(yes: bool | None) -> None:
            if yes:
                self.post_message(ActionRequested(action, request))

        self.app.push_screen(ConfirmScreen(question), confirmed)

    def action_reenter(self) -> None:
        """The selected busted player buys a new entry (T-REG-1), seated at once after the draw (8A)."""
        player_id = self.selected_player_id()
        if player_id is None:
            return
        state = self.service.state
        player = state.players[player_id]
        entry = 1 + max(p.entry for p in state.players.values()
                        if p.name.casefold() == player.name.casefold())
        self._ask_then(_("Re-enter {name} (entry {entry})?").format(name=player.name, entry=entry),
                       player_actions.reenter, registration.NameRequest(name=player.name))

    def action_add_on(self) -> None:
        player_id = self.selected_player_id()
        if player_id is None:
            return
        player = self.service.state.players[player_id]
        self._ask_then(_("Sell {name} an add-on?").format(name=player.name),
                       player_actions.add_on, player_actions.AddOnRequest(names=[player.name]))

    def action_bag(self) -> None:
        """A flight's survivor bags his chips (T-FLIGHT-2): the count typed for the highlighted
        player; each Enter bags and moves to the next survivor, so a table is bagged in one pass."""
        player_id = self.selected_player_id()
        if player_id is None:
            return
        state = self.service.state
        player = state.players[player_id]
        held = state.bags.get(player_id)

        def answered(answer: str | None) -> None:
            if answer is None:
                return
            try:
                counts = name_numbers([f"{player.name}={answer}"], "counts")
            except TdError as error:
                self.notify(error_text(error), severity="error", timeout=6, markup=False)
                return
            self.post_message(ActionRequested(flight_actions.bag, flight_actions.BagRequest(counts=counts),
                                              on_done=lambda ok: self._next_to_bag(ok)))

        self.app.push_screen(PromptScreen(
            _("Chips in {name}'s bag (T-FLIGHT-2)").format(name=player.name), "41500",
            "" if held is None else str(held.chips)), answered)

    def _next_to_bag(self, ok: bool) -> None:
        if ok:
            table = self.query_one(DataTable)
            table.move_cursor(row=min(table.cursor_row + 1, max(table.row_count - 1, 0)))

    async def action_bust_hand(self) -> None:
        """Several players out in one hand, with their starting stacks (T-ELIM-1): the dialog
        starts with the highlighted player only if they are still in, and busts only after a yes."""
        player_id = self.selected_player_id()
        player = self.service.state.players[player_id] if player_id is not None else None
        name = player.name if player is not None and player.status != "busted" else ""

        # Awaited: the keys typed next go into the dialog's field, not to this screen's list.
        await self.app.push_screen(BustHandScreen(name), self._bust_chosen)


def _player_row(state: TournamentState, player: Player,
                words: tuple[dict[str, str], str, str, Formats, tuple[int, int], str],
                index: int, unpaid: Container[str]) -> tuple[Order, Row]:
    """A player's place in the list (he is the `index`th registered) and row; an entry with a due
    not paid yet says so in its status (the cash desk's `pay`)."""
    statuses, last, bagged, money, _bounty_money, not_paid = words
    bag = state.bags.get(player.id)
    status = statuses[player.status] if bag is None else bagged.format(bag=bag.bag, chips=bag.chips)
    if player.id in unpaid:
        status = not_paid.format(status=status)
    cells = (player.name, status, _cell(player.table), _cell(player.seat),
             _cell(player.place) + (last if player.placed_last else ""),
             _bounty(state.bounty_on_head(player), player.bounties, money.money))
    return (STATUS_ORDER[player.status], player.place or 0, player.name.casefold(), index), (player.id, cells)


def _cell(value: int | None) -> str:
    return "" if value is None else str(value)


def _bounty(head: int, cash: int, money: Callable[[int], str]) -> str:
    """The bounty on the head (T-PKO-1); once out, the bounty money won in cash, in brackets."""
    if head:
        return money(head)
    return f"({money(cash)})" if cash else ""
