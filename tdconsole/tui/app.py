"""The TD's console. Built by `create_app(service)` so tests run it on a temporary database."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from importlib import import_module
from inspect import isawaitable
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen

from tdconsole.actions import chip_set as chip_set_actions
from tdconsole.actions import clock as clock_actions
from tdconsole.actions import hand_for_hand as h4h_actions
from tdconsole.actions import money as money_actions
from tdconsole.actions import players
from tdconsole.actions.base import Action, NoArguments, Request, parse
from tdconsole.config.rulings_catalogue import load_catalogue
from tdconsole.domain.clock.structure import Structure
from tdconsole.domain.errors import TdError
from tdconsole.domain.house_rules import HouseRules
from tdconsole.domain.state import TournamentState
from tdconsole.i18n import N_, _
from tdconsole.service import Service
from tdconsole.tui.backups import AutomaticBackups
from tdconsole.tui.messages import Acting
from tdconsole.tui.screens.clock_step import ClockStepScreen
from tdconsole.tui.screens.confirm import ConfirmScreen, UnsavedEdits
from tdconsole.tui.screens.prompt import PromptScreen
from tdconsole.tui.service_app import POLL_SECONDS, ServiceApp
from tdconsole.views.chip_set import chip_set_news
from tdconsole.views.formatting import Formats
from tdconsole.views.money import hand_for_hand_ended, mystery_news
from tdconsole.views.seating import alternates_news
from tdconsole.views.tournament import describe_command, refusal_text, undo_preview

if TYPE_CHECKING:
    from tdconsole.tui.screens.structure_editor import StructureEditorScreen


def run(action: Action[Any, Any], request: Callable[[], Request] | None = None) -> Callable[[], Acting]:
    """A palette entry's action and request (none: `NoArguments`), made when it is chosen."""
    return lambda: Acting(action, NoArguments() if request is None else request())


def td_only(acting: Acting) -> bool:
    """Whether only the TD may take it: the commands it runs say so (the service refuses them
    from the floor, so the floor's palette does not offer them)."""
    return any(kind.td_only for kind in acting.action.commands)


# The command palette's entries: (name, help, the action and its request), in English, marked for
# the catalogue and translated when the palette lists them (`TdCommands.entries`).
TD_ACTIONS: list[tuple[str, str, Callable[[], Acting]]] = [
    (N_("Start the clock"), N_("Start the tournament clock"), run(clock_actions.start)),
    (N_("Pause the clock"), N_("Pause the tournament clock"), run(clock_actions.pause)),
    (N_("Resume the clock"), N_("Resume a paused clock"), run(clock_actions.resume)),
    (N_("Next level"), N_("Jump to the next level or break"), run(clock_actions.next_level)),
    (N_("Previous level"), N_("Go back one level or break"), run(clock_actions.previous_level)),
    (N_("Start hand-for-hand"), N_("T-H4H-1 at the seated players' tables (the F5 board takes others)"),
     run(h4h_actions.start, h4h_actions.StartRequest)),
    (N_("Stop hand-for-hand"), N_("End hand-for-hand once the hand is finished"), run(h4h_actions.stop)),
    (N_("Propose an ICM deal"), N_("From the chip counts (T-DEAL-1)"),
     run(money_actions.deal_propose, partial(money_actions.ProposeRequest, method="icm"))),
    (N_("Propose a chip-chop deal"), N_("From the chip counts (T-DEAL-1)"),
     run(money_actions.deal_propose, partial(money_actions.ProposeRequest, method="chip-chop"))),
]
# Palette entries that open a screen or change this terminal only: (name, help, app action).
# (Undo is here: it shows the command and asks before taking it back.)
TD_APP_ACTIONS: list[tuple[str, str, str]] = [
    (N_("Undo"), N_("Undo your last command, after showing it"), "undo"),
    (N_("Edit the structure"), N_("Change the levels and breaks of this tournament (T-LEVEL-1)"),
     "structure"),
    (N_("New tournament from a template"),
     N_("Friday deepstack, turbo rebuy or one you saved: the whole setup"), "new_tournament"),
    (N_("Save this setup as a template"),
     N_("Structure, prices, payouts, house rules, rebuys: new --template starts it again"),
     "save_template"),
]
# Palette entries that ask the TD one thing and run an action on the answer: (name, question, the
# action, the field of its request the answer fills). A bad answer is the action's one-line refusal.
ASKED_ACTIONS: list[tuple[str, str, Action[Any, Any], str]] = [
    (N_("Set the time left"), N_("Time left in this level (MM:SS):"), clock_actions.set_time_left,
     "time_left"),
    (N_("Set the chip set"), N_("Chips in the club's box, VALUE=COUNT (25=300 100=400 ...):"),
     chip_set_actions.chip_set_set, "quantities"),
    (N_("Set the mystery bounties"),
     N_("The sealed envelopes' amounts, from the level playing now (1000 500 500 200 ...; T-MYSTERY-1):"),
     money_actions.mystery, "envelopes"),
]
APP_ACTIONS: list[tuple[str, str, str]] = [
    (N_("Sound on/off"), N_("The clock's bell one minute before the end of a level and at the change"),
     "toggle_sound"),
]


def level_actions(structure: Structure) -> list[tuple[str, str, Acting]]:
    """The actions that name a level of the tournament's structure: one palette entry per level
    (in the language chosen now)."""
    actions: list[tuple[str, str, Acting]] = []
    for number, level in enumerate(structure.levels, start=1):
        actions.append((_("Go to level {number}").format(number=number),
                        _("{level}: start it full (T-LEVEL-1)").format(level=level.label),
                        Acting(clock_actions.go_to_level, clock_actions.LevelRequest(level=number))))
        actions.append((_("Late registration to level {number}").format(number=number),
                        _("Late registration runs to the end of level {number} (T-REG-1)").format(
                            number=number),
                        Acting(clock_actions.late_registration,
                               clock_actions.LateRegRequest(level=str(number)))))
    actions.append((_("Late registration without a limit"), _("Lift the late registration limit (T-REG-1)"),
                    Acting(clock_actions.late_registration, clock_actions.LateRegRequest(level="none"))))
    return actions

# Actions that need a screen's selection or input: the palette opens the screen and starts them there.
SCREEN_ACTIONS: list[tuple[str, str, str, str]] = [
    (N_("Register a player"), N_("Type a name on the players screen"), "players", "new_player"),
    (N_("Search players"), N_("Filter the players list as you type"), "players", "search"),
    (N_("Bust the selected player"), N_("Bust with a confirmation that shows the place"), "players", "bust"),
    (N_("Bag the selected player's chips"), N_("A flight's survivor, at its stop (T-FLIGHT-2)"), "players",
     "bag"),
    (N_("Draw the seats"), N_("Seat every registered player at random (T-SEAT-2)"), "tables", "draw"),
    (N_("Hand done at every table"), N_("Move every table's button and blinds on (TDA 32, 34B)"),
     "tables", "hands_done"),
    (N_("Apply all balancing moves"), N_("After a confirmation (T-BAL-1)"), "tables", "apply_all"),
    (N_("Apply one balancing move"), N_("The first suggested move, after a confirmation"), "tables",
     "apply_one"),
    (N_("Break the suggested table"), N_("Draw its players into the free seats (T-BREAK-1)"), "tables",
     "break"),
    (N_("Move a player"), N_("To a free seat by hand (T-SEAT-1)"), "tables", "move"),
    (N_("Set a button"), N_("Where the button is in the hand being played (34A)"), "tables", "button"),
    (N_("Export the seating list"), N_("Seating list and seat slips, text, HTML and PDF"), "tables",
     "export"),
    (N_("Bust several players in one hand"), N_("With their starting stacks (T-ELIM-1)"), "players",
     "bust_hand"),
    (N_("Edit a payout"), N_("Lock the selected place's amount"), "payouts", "edit"),
    (N_("Unlock a payout"), N_("The selected place follows the table or generator again"), "payouts",
     "unlock"),
    (N_("Pay by the club table"), "configs/payouts/club.toml", "payouts", "use_table"),
    (N_("Record how a player paid"), N_("Cash, MobilePay, card, ticket or free, on the cash desk"), "cash",
     "pay"),
    (N_("Pay out a prize"), N_("The selected prize and bounty cash, on the next payout slip"), "cash",
     "pay_out"),
    (N_("Count the drawer"), N_("What the drawer holds by payment method"), "cash", "count"),
    (N_("Pay by the generator"), N_("The payout curve"), "payouts", "use_generator"),
    (N_("Money settings"), N_("Guarantee, bounty, rake, re-entry and add-on prices, the payout curve"),
     "payouts", "money_settings"),
    (N_("Rebuy settings"), N_("The period, price, chips, limit, who may rebuy, the double (T-REBUY-1..4)"),
     "payouts", "rebuy_settings"),
    (N_("Mark a table's hand done"), N_("Hand-for-hand: type the table"), "hand-for-hand", "focus_done"),
    (N_("Start hand-for-hand at the tables you type"), N_("T-H4H-1; empty: the seated players' tables"),
     "hand-for-hand", "focus_start"),
    (N_("Draw the final table"), N_("Every seat drawn anew at one table, after a confirmation (T-SEAT-3)"),
     "tables", "final_table"),
    (N_("Re-enter the selected player"), N_("A new entry for a busted player (T-REG-1)"), "players",
     "reenter"),
    (N_("Sell an add-on to the selected player"), N_("After a confirmation"), "players", "add_on"),
    (N_("Disqualify the selected player"), N_("C-PEN-1: the bounty goes to the prize pool (T-PKO-4)"),
     "players", "disqualify"),
    (N_("Sell a rebuy to the selected player"), N_("In the rebuy period, within his limit (T-REBUY-1..4)"),
     "players", "rebuy"),
    (N_("Record chip counts"), N_("For a deal: Name=N, ..."), "deal", "focus_chips"),
    (N_("Leave an amount for the winner"), N_("Kept out of the deal (T-DEAL-1)"), "deal", "focus_leave"),
    (N_("Propose a custom deal"), N_("Amounts typed per player: Name=amount, ... (T-DEAL-1)"), "deal",
     "focus_custom"),
    (N_("Record consent to the deal"), N_("T-DEAL-1: every remaining player"), "deal", "focus_consent"),
    (N_("Approve the deal"), N_("Needs every remaining player's consent; asks first (T-DEAL-1)"), "deal",
     "approve"),
    (N_("New ruling"), N_("The guided ruling wizard, one question at a time"), "rulings",
     "open_tab('tab-wizard')"),
    (N_("Call the clock"), N_("Start a clock call on a table and seat"), "rulings",
     "open_tab('tab-calls')"),
    (N_("Rulings log"), N_("Every ruling logged, with a filter; c corrects one"), "rulings",
     "open_tab('tab-log')"),
    (N_("Penalty board"), N_("Who is serving a penalty and how much is left"), "rulings",
     "open_tab('tab-penalties')"),
]


# Textual's own commands in the palette (theme, quit, keys, screenshot), marked for the catalogue:
# `TdApp.get_system_commands` shows them in the chosen language.
SYSTEM_WORDS = (N_("Theme"), N_("Change the current theme"), N_("Quit"),
                N_("Quit the application as soon as possible"), N_("Keys"),
                N_("Hide the keys and widget help panel"),
                N_("Show help for the focused widget and a summary of available keys"),
                N_("Minimize"), N_("Minimize the widget and restore to normal size"), N_("Maximize"),
                N_("Maximize the focused widget"), N_("Screenshot"),
                N_("Save an SVG 'screenshot' of the current screen"))

# Each screen as the palette names it ("Show payouts").
MODE_WORDS = {"clock": N_("clock"), "players": N_("players"), "log": N_("log"), "rulings": N_("rulings"),
              "calculator": N_("calculator"), "payouts": N_("payouts"),
              "hand-for-hand": N_("hand-for-hand"), "deal": N_("deal"), "tables": N_("tables")}


def mode_name(mode: str) -> str:
    return _(MODE_WORDS[mode]) if mode in MODE_WORDS else mode


class ModeScreen:
    """A mode's screen (`App.MODES`), its module imported when the screen is first built or asked
    what it can do: the first screen is drawn without loading the others' modules (at festival
    size, a tenth of what the TD waits for at launch)."""

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name

    @property
    def kind(self) -> type[Screen[Any]]:
        kind = getattr(import_module(f"tdconsole.tui.screens.{self.module}"), self.name)
        assert isinstance(kind, type) and issubclass(kind, Screen)
        return kind

    def __call__(self) -> Screen[Any]:
        return self.kind()


def offers(modes: dict[str, Any], mode: str, action: str) -> bool:
    """Whether an app's screen for `mode` can run `action` (the floor's tables screen is not the
    TD's, so the floor palette offers none of the TD's seating actions)."""
    screen = modes.get(mode)
    return isinstance(screen, ModeScreen) and hasattr(screen.kind, f"action_{action.split('(')[0]}")


class TdCommands(Provider):
    """Every TD action in the command palette: all of them listed as it opens (`discover`), before
    anything is typed, and those matching what is typed (`search`)."""

    async def discover(self) -> Hits:
        for name, help_text, callback in self.entries():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in self.entries():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)

    def entries(self) -> list[tuple[str, str, Callable[[], object]]]:
        """(name, help, what it does) of every action this terminal's role may take."""
        app = self.app
        assert isinstance(app, TdApp)
        entries: list[tuple[str, str, Callable[[], object]]] = [
            (_(name), _(help_text), partial(app.execute, factory()))
            for name, help_text, factory in TD_ACTIONS
            if app.service.role == "td" or not td_only(factory())
        ]
        entries += [
            (_("Show {screen}").format(screen=mode_name(mode)),
             _("Switch to the {screen} screen").format(screen=mode_name(mode)),
             partial(app.switch_mode, mode))
            for mode in app.MODES
        ]
        entries += [
            (_(name), _(help_text), partial(app.on_screen_action, mode, action))
            for name, help_text, mode, action in SCREEN_ACTIONS if offers(app.MODES, mode, action)
        ]
        entries += [(_(name), _(question), partial(app.ask_and_run, question, acting, field))
                    for name, question, acting, field in ASKED_ACTIONS
                    if app.service.role == "td" or not any(kind.td_only for kind in acting.commands)]
        td_app_actions = TD_APP_ACTIONS if app.service.role == "td" else []
        entries += [(_(name), _(help_text), partial(app.run_action, action))
                    for name, help_text, action in td_app_actions + APP_ACTIONS]
        entries += [(name, help_text, partial(app.execute, acting))
                    for name, help_text, acting in level_actions(app.service.state.info.structure)
                    if app.service.role == "td" or not td_only(acting)]
        return entries


class TdApp(ServiceApp):
    TITLE = "tdconsole"
    COMMANDS = App.COMMANDS | {TdCommands}
    MODES: ClassVar[dict[str, str | Callable[[], Screen[Any]]]] = {
        "clock": ModeScreen("clock", "ClockScreen"), "players": ModeScreen("players", "PlayersScreen"),
        "log": ModeScreen("log", "LogScreen"), "rulings": ModeScreen("rulings", "RulingsScreen"),
        "calculator": ModeScreen("floor_calculator", "FloorCalculatorScreen"),
        "payouts": ModeScreen("payouts", "PayoutsScreen"),
        "hand-for-hand": ModeScreen("hand_for_hand", "HandForHandScreen"),
        "deal": ModeScreen("deal", "DealScreen"), "tables": ModeScreen("tables", "TablesScreen"),
        "cash": ModeScreen("cash", "CashScreen")}
    PREPARED_MODES: ClassVar[tuple[str, ...]] = ("players", "tables", "log")
    # The F-keys are priority bindings: they work over a dialog too (Textual stops other app
    # bindings at a modal screen), and `action_switch_mode` closes the dialog first.
    BINDINGS = [
        Binding("f1", "switch_mode('clock')", "Clock", priority=True),
        Binding("f2", "switch_mode('players')", "Players", priority=True),
        Binding("f3", "switch_mode('log')", "Log", priority=True),
        Binding("f4", "structure", "Structure", priority=True),
        Binding("f5", "switch_mode('rulings')", "Rulings", priority=True),
        Binding("f6", "switch_mode('payouts')", "Payouts", priority=True),
        Binding("f7", "switch_mode('hand-for-hand')", "Hand-for-hand", priority=True),
        Binding("f8", "switch_mode('calculator')", "Calculator", priority=True),
        Binding("f9", "switch_mode('deal')", "Deal", priority=True),
        Binding("f10", "switch_mode('tables')", "Tables", priority=True),
        Binding("f12", "switch_mode('cash')", "Cash desk", priority=True),
        Binding("m", "toggle_sound", "Sound", show=False),
        Binding("s", "clock('start')", "Start", show=False),
        Binding("space", "clock('toggle')", "Pause"),
        Binding("plus", "clock('next')", "Next"),
        Binding("minus", "clock('prev')", "Previous"),
        Binding("ctrl+z", "undo", "Undo"),
    ]

    # The app's keys that matter most on a screen: its footer shows them with the screen's own
    # (tui/widgets/key_footer.py), before the F-keys, at any width.
    FOOTER_FIRST = {"clock": ("clock('toggle')", "clock('next')", "clock('prev')", "undo")}

    def __init__(self, service: Service, *, poll_seconds: float = POLL_SECONDS, sound: bool = True) -> None:
        super().__init__(service, poll_seconds=poll_seconds, sound=sound)
        # Loaded before the app runs, so a broken scenario file is one line, not a traceback.
        self.catalogue = load_catalogue()
        # The last event the TD was told about (`tell_news`): news is what was logged after it.
        self._told_seq = service.state.last_seq

    @property
    def house_rules(self) -> HouseRules:
        """The rules in force, as the tournament's log records them."""
        return self.service.state.house_rules

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own commands, in the chosen language."""
        for command in super().get_system_commands(screen):
            yield command._replace(title=_(command.title), help=_(command.help))

    def action_command_palette(self) -> None:
        """The command palette, with its prompt in the chosen language."""
        # Textual annotates `is_open(app: App[object])`, which no App[None] matches (App is invariant
        # in its result type) though any app will do.
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            self.push_screen(CommandPalette(placeholder=_("Search for commands…"), id="--command-palette"))

    def on_mount(self) -> None:
        self.title = _(self.TITLE)
        staff = f": {self.service.actor}" if self.service.role != "td" else ""
        self.heading = self.service.state.info.name + staff
        self.switch_mode(next(iter(self.MODES)))  # the first mode: the clock, or the floor's rulings
        self.backups = AutomaticBackups.start(self)  # at every break and every 15 minutes of play

    def refusal(self, error: TdError) -> str:
        """An undo refused names the later command in the log's words."""
        return refusal_text(error, self.service.log)


    def redraw(self) -> None:
        super().redraw()
        self.tell_news()

    def tell_news(self) -> None:
        """Tell the TD what the log says happened by itself, whichever terminal's command made it
        happen: hand-for-hand ending with the hand that reached the money (T-H4H-1), a registration
        waiting as an alternate and a freed seat going to the next one (T-REG-1), the box of chips
        used up (T-CHIPS-4), envelopes that do not hold the bounty money (T-MYSTERY-1)."""
        log = self.service.log
        start = len(log)
        while start and log[start - 1].seq > self._told_seq:
            start -= 1
        fresh = log[start:]
        if fresh:
            self._told_seq = fresh[-1].seq
        if (ended := hand_for_hand_ended(fresh, self.service.state)) is not None:
            self.notify(ended, title=_("Hand-for-hand"), timeout=15, markup=False)
        for line in alternates_news(fresh, self.service.state):  # T-REG-1, whichever terminal's command
            self.notify(line, title=_("Alternates"), timeout=15, markup=False)
        if (box := chip_set_news(fresh, self.service.state)) is not None:  # T-CHIPS-4
            self.notify(box, title=_("Chip set"), severity="warning", timeout=15, markup=False)
        if (envelopes := mystery_news(fresh, self.service.state,
                                      Formats.of(self.service.state.house_rules))) is not None:
            self.notify(envelopes, title=_("Mystery bounties"), severity="warning", timeout=15, markup=False)

    def action_clock(self, what: str) -> None:
        if what == "toggle":
            self.execute(toggle_clock)
        else:
            chosen = {"start": clock_actions.start, "next": clock_actions.next_level,
                      "prev": clock_actions.previous_level}[what]
            self.execute(Acting(chosen, NoArguments()))

    def on_screen_action(self, mode: str, action: str) -> None:
        self.switch_mode(mode)
        self.call_after_refresh(lambda: self.screen.run_action(action))

    def time_step(self, line: str | None) -> None:
        """The TD chooses what a step of the machine's clock does (time_source.py): follow it, or
        keep the tournament clock for every terminal; until then every terminal holds. A question
        another TD terminal answered first goes away."""
        if self.service.role != "td":
            super().time_step(line)
            return
        if isinstance(self.screen, ClockStepScreen):
            if line is None:
                self.screen.dismiss(None)
            return
        if line is None:
            return

        def answered(follow: bool | None) -> None:
            if follow is None:  # answered on another terminal
                return
            request = clock_actions.TimeRequest(keep=not follow, follow=bool(follow))
            self.execute(Acting(clock_actions.time_base, request),
                         self.tell_when_done(_("Following the machine's clock") if follow else
                                             _("The tournament clock is kept"), _("Clock")))

        question = _("{step}. Follow the machine's clock?").format(step=line)
        self.push_screen(ClockStepScreen(question), answered)

    def action_undo(self) -> None:
        """This terminal's own last command, shown first; Enter or Escape answers No."""
        self.run_worker(self.ask_undo(), group="commands")

    async def ask_undo(self) -> None:
        actor = self.service.actor
        try:  # the last command as the database has it now, whichever terminal wrote since
            shown, command_id = await self.call(lambda service: undo_question(service, actor))
        except TdError as error:
            self.notify(self.refusal(error), severity="error", timeout=6, markup=False)
            return

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            # The command shown is the one taken back: if another terminal wrote since, it refuses.
            # The toast names what was undone in the log's words, as the question did.
            self.execute(Acting(players.undo, players.UndoRequest(command_id=command_id)),
                         self.tell_when_done(_("Undone: {command}").format(command=shown), _("Undo")))

        self.push_screen(ConfirmScreen(_("Undo {command}?").format(command=shown)), answered)

    def action_new_tournament(self) -> None:
        """The new-tournament dialog: a name and a template (read off the event loop first)."""
        self.run_worker(self.ask_new_tournament(), group="commands")

    async def ask_new_tournament(self) -> None:
        from tdconsole.actions import templates

        try:
            rows = await self.call(lambda service: templates.templates(), shown=False)
        except TdError as error:
            self.notify(self.refusal(error), severity="error", timeout=6, markup=False)
            return

        def chosen(answer: tuple[str, str | None] | None) -> None:
            if answer is not None:
                self.run_worker(self.make_tournament(*answer), group="commands")

        from tdconsole.tui.screens.new_tournament import NewTournamentScreen

        self.push_screen(NewTournamentScreen(rows), chosen)

    async def make_tournament(self, name: str, template: str | None) -> None:
        from tdconsole.actions import templates
        from tdconsole.config.toml import load_house_rules

        request = templates.NewRequest(name=name, template=template)
        try:
            made = await self.call(lambda service: templates.new_tournament(
                service.store, request, load_house_rules(), actor=service.actor, role=service.role))
        except TdError as error:
            self.notify(self.refusal(error), severity="error", timeout=8, markup=False)
            return
        self.notify(_("Created tournament {id}: {name}. Open it with: tdconsole -t {id}").format(
            id=made.tournament_id, name=made.state.info.name), title=_("New tournament"), timeout=12,
            markup=False)

    def ask_and_run(self, question: str, acting: Action[Any, Any], field: str) -> None:
        """Ask `question` and run `acting` with the answer as its request's `field` (ASKED_ACTIONS)."""

        def answered(answer: str | None) -> None:
            if answer is None:
                return
            try:
                request = parse(acting, {field: answer})
            except TdError as error:
                self.notify(self.refusal(error), severity="error", timeout=6, markup=False)
                return
            self.execute(Acting(acting, request))

        self.push_screen(PromptScreen(_(question)), answered)

    def action_save_template(self) -> None:
        """This tournament's setup as a template, under a name the TD types."""
        from tdconsole.actions import templates

        def named(name: str | None) -> None:
            if name:
                self.execute(Acting(templates.template_save, templates.TemplateNameRequest(name=name)),
                             self.tell_when_done(_("Saved template {name}").format(name=name),
                                                 _("Template")))

        self.push_screen(PromptScreen(_("Save this tournament's setup as a template named:"),
                                      value=self.service.state.info.name), named)

    def action_structure(self) -> None:
        """The structure editor on the tournament's structure; saving changes it (T-LEVEL-1: the TD
        only, so another role is told so instead of being shown an editor that cannot save)."""
        if self.service.role != "td":
            self.notify(_("Only the TD changes the structure (T-LEVEL-1)"), severity="warning")
            return
        from tdconsole.tui.screens.structure_editor import StructureEditorScreen

        if not isinstance(self.screen, StructureEditorScreen):
            self.leave_overlays(lambda: self.push_screen(
                StructureEditorScreen(self.service.state.info.structure)))

    async def action_switch_mode(self, mode: str) -> None:
        # An F-key from the editor or a modal first closes what is on top of the mode's screen, so
        # nothing stays stacked over the next screen by accident (unsaved edits ask first).
        switched = self.leave_overlays(partial(self.switch_mode, mode))
        if isawaitable(switched):
            # Keys are taken one at a time: those typed right after the F-key wait for its screen,
            # so "/" and a name never reach the screen being left or a list not drawn yet.
            await switched

    def leave_overlays(self, then: Callable[[], object]) -> object:
        """Close the editors and dialogs stacked on this mode's screen, then run `then`; what it
        returned when it ran at once (None when unsaved edits ask first)."""
        while len(self.screen_stack) > 1 and not isinstance(self.screen, UnsavedEdits):
            self.pop_screen()
        if isinstance(self.screen, UnsavedEdits):
            self.screen.close(then)
            return None
        return then()

    def on_structure_editor_screen_saved(self, message: StructureEditorScreen.Saved) -> None:
        acting = Acting(money_actions.structure_use,
                        money_actions.StructureRequest(structure=message.structure, source="editor"))

        def saved(done: bool) -> None:
            message.on_done(done)  # the editor says "saved" only now, and only if it was
            if done:
                self.notify(_("The tournament now plays {structure} (T-LEVEL-1)").format(
                    structure=message.structure.name), markup=False)

        self.execute(acting, saved)

    def tell_when_done(self, text: str, title: str = "") -> Callable[[bool], None]:
        """What a command's `on_done` says once it is done (a refusal has said why already)."""
        def tell(done: bool) -> None:
            if done:
                self.notify(text, title=title, markup=False)

        return tell


class FloorApp(TdApp, inherit_bindings=False):
    """The floor terminal (`tdconsole floor`): rulings and the tables, none of the TD's keys (clock,
    undo). The service refuses TD-only commands for the floor role whatever a screen offers."""

    TITLE = N_("tdconsole floor")
    MODES: ClassVar[dict[str, str | Callable[[], Screen[Any]]]] = {
        "rulings": ModeScreen("rulings", "RulingsScreen"),
        "tables": ModeScreen("floor_tables", "FloorTablesScreen")}
    PREPARED_MODES = ("tables",)
    BINDINGS = [
        *App.BINDINGS,
        *ServiceApp.BINDINGS,
        Binding("f1", "switch_mode('rulings')", "Rulings", priority=True),
        Binding("f2", "switch_mode('tables')", "Tables", priority=True),
    ]


def toggle_clock(state: TournamentState) -> Acting:
    """The clock's one key: start, pause or resume, as the clock is when the action's turn comes."""
    clock = state.clock
    chosen = clock_actions.pause if clock.running else clock_actions.resume if clock.started \
        else clock_actions.start
    return Acting(chosen, NoArguments())


def undo_question(service: Service, actor: str) -> tuple[str, str]:
    """What Ctrl+Z would take back (its description, its command id), on the freshest log."""
    service.refresh()
    target = undo_preview(service.state, service.log, actor)
    return describe_command(target, time_zone=service.state.house_rules.money.time_zone), target.command_id


def create_app(service: Service, *, poll_seconds: float = POLL_SECONDS, sound: bool = True) -> TdApp:
    """The app on one tournament's service (the factory tests use with a temporary database)."""
    return TdApp(service, poll_seconds=poll_seconds, sound=sound)


def create_floor_app(service: Service, *, poll_seconds: float = POLL_SECONDS) -> FloorApp:
    """The floor terminal on a service in the floor role."""
    if service.role != "floor":
        raise TdError("the floor terminal runs in the floor role")
    return FloorApp(service, poll_seconds=poll_seconds)
