"""The TD's flows through the real app with Textual's Pilot, on a temporary database."""

from __future__ import annotations

from textual.message import Message
from textual.widgets import DataTable, Input

from tdconsole.actions import players as player_actions
from tdconsole.actions import registration
from tdconsole.domain.commands import Bust, LogRuling, Register
from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tdconsole.tui.messages import Acting, ActionRequested, TournamentChanged
from tdconsole.tui.screens.confirm import ConfirmScreen
from tdconsole.tui.widgets.big_time import BigTime
from tests.conftest import FakeClock
from tests.tui.wait import from_palette, until


def _names(app) -> list[str]:  # type: ignore[no-untyped-def]
    table = app.screen.query_one(DataTable)
    return [str(table.get_row_at(i)[0]) for i in range(table.row_count)]


async def test_register_from_the_players_screen(service: Service) -> None:
    app = create_app(service)
    seen: list[Message] = []
    async with app.run_test(message_hook=seen.append) as pilot:
        await pilot.press("f2", "n")
        await pilot.press(*"Dorthe", "enter")
        await pilot.pause()
        assert service.state.find("dorthe").status == "registered"
        assert "Dorthe" in _names(app)
    # A message bubbles from the screen to the app: the same object is seen at each stop.
    # The register action, as the CLI and the web run it (it links members and refuses a ban).
    requested = [m.acting for m in {id(m): m for m in seen}.values() if isinstance(m, ActionRequested)]
    assert requested == [Acting(registration.register, registration.RegisterRequest(names=["Dorthe"]))]


async def test_a_refused_registration_is_a_notification_not_a_crash(service: Service) -> None:
    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.press("f2", "n", *"anna", "enter")
        await pilot.pause()
        assert any("already registered" in str(n.message) for n in app._notifications)
        assert service.state.entries == 4


async def test_search_filters_as_you_type_and_shows_markup_literally(service: Service) -> None:
    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.press("f2")
        assert len(_names(app)) == 4
        await pilot.press("slash", "c", "A")
        assert _names(app) == ["Carl"]
        app.screen.query_one("#search", Input).value = "[bold"
        await pilot.pause()
        assert _names(app) == ["[bold red]x[/]"]


async def test_bust_asks_for_confirmation_showing_the_place(service: Service) -> None:
    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.press("f2", "slash", *"carl", "tab")
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question == "Bust Carl in place 4?"
        await pilot.press("n")
        assert service.state.find("carl").status == "registered"
        await pilot.press("b", "y")
        await pilot.pause()
        assert service.state.find("carl").place == 4


async def test_undo_from_the_log_screen_shows_the_command_and_defaults_to_no(service: Service) -> None:
    service.execute(Bust(names=["Bo"]))
    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.press("f3")
        table = app.screen.query_one(DataTable)
        assert "Bo busts in 4th" in str(table.get_row_at(0)[3])
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.startswith("Undo Bo busts in 4th")
        assert "by td at 19:00:00" in app.screen.question
        await pilot.press("enter")  # the default is No
        await pilot.pause()
        assert service.state.find("bo").status == "busted"
        await pilot.press("ctrl+z", "y")
        await pilot.pause()
        assert service.state.find("bo").status == "registered"


async def test_undo_never_takes_back_another_terminals_command(service: Service) -> None:
    other = Service(service.store, service.tournament_id, actor="floor-laptop")
    app = create_app(service)
    async with app.run_test() as pilot:
        other.execute(Bust(names=["Bo"]))  # rests on this terminal's registration of Bo
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        assert any("floor-laptop's \"Bo busts in 4th\" (log #" in str(n.message) and "depends on it"
                   in str(n.message) for n in app._notifications)
        assert service.state.find("bo").status == "busted"


async def test_undo_your_own_bust_after_the_floor_logged_a_ruling(service: Service) -> None:
    other = Service(service.store, service.tournament_id, actor="floor-laptop", role="floor")
    app = create_app(service)
    async with app.run_test(size=(80, 24)) as pilot:
        app.execute(Acting(player_actions.bust, player_actions.BustRequest(names=["Anna"])))  # the wrong one
        other.execute(LogRuling(scenario=None, staff="Floor", description="Slow to act",
                                decision="A warning", players=["Bo"]))
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert service.state.find("Anna").status != "busted"
        assert len(service.state.rulings) == 1  # the floor's ruling stands
        assert any("Undone: Anna busts in" in str(n.message) for n in app._notifications)


async def test_undo_refuses_when_another_terminal_wrote_while_it_was_shown(service: Service) -> None:
    other = Service(service.store, service.tournament_id, actor="floor-laptop")
    app = create_app(service, poll_seconds=60)
    async with app.run_test() as pilot:
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)  # the registration of the four
        other.execute(Bust(names=["Bo"]))
        await pilot.press("y")
        await pilot.pause()
        assert service.state.entries == 4 and service.state.find("bo").status == "busted"
        # The bust rests on the registration shown: refused, naming it.
        assert any("\"Bo busts in 4th\"" in str(n.message) and "depends on it" in str(n.message)
                   for n in app._notifications)


async def test_clock_keys_and_the_command_palette(service: Service, fake_clock: FakeClock) -> None:
    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.press("space")
        assert service.state.clock.running
        fake_clock.advance(65)
        await until(pilot, lambda: str(app.screen.query_one(BigTime).value) == "13:55",
                    "the clock panel's next tick showing 13:55")
        await from_palette(pilot, "Pause the clock")
        await pilot.pause()
        assert not service.state.clock.running
        await pilot.press("plus")
        assert service.state.clock.period == 1


async def test_follow_shows_another_terminals_write_within_a_second(service: Service) -> None:
    other = Service(service.store, service.tournament_id, actor="floor-laptop", now=service.now)
    app = create_app(service)
    # The promise is kept by the poll interval (a loaded test machine cannot time one second).
    assert app.poll_seconds < 1.0
    async with app.run_test() as pilot:
        await pilot.press("f2")
        other.execute(Register(names=["Elsebeth"]))
        await until(pilot, lambda: "Elsebeth" in _names(app), "the other terminal's player shown")


async def test_every_change_reaches_the_active_screen_as_one_typed_message(service: Service) -> None:
    """Another terminal's write and this terminal's own command travel the same way: the app tells
    the screen in front with `TournamentChanged`, and the screen redraws from the state."""
    other = Service(service.store, service.tournament_id, actor="floor-laptop", now=service.now)
    app = create_app(service, poll_seconds=60)
    seen: list[Message] = []
    async with app.run_test(message_hook=seen.append) as pilot:
        await pilot.press("f2")
        other.execute(Register(names=["Elsebeth"]))
        await app.follow()
        await pilot.pause()
        assert "Elsebeth" in _names(app)
        await pilot.press("n", *"Frida", "enter")
        await until(pilot, lambda: "Frida" in _names(app), "this terminal's player shown")
    changes = [m for m in {id(m): m for m in seen}.values() if isinstance(m, TournamentChanged)]
    assert len(changes) == 2


async def test_t_level_1_f4_edits_the_tournaments_structure_and_saving_changes_it(
        service: Service) -> None:
    from tdconsole.tui.screens.structure_editor import StructureEditorScreen

    app = create_app(service)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f4")
        editor = app.screen
        assert isinstance(editor, StructureEditorScreen)
        assert editor.structure == service.state.info.structure
        # The first level's minutes, typed as the TD types them: the cursor starts on its first
        # field (the small blind).
        await pilot.press(*["right"] * 3, "2", "5")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert service.state.info.structure.periods[0].minutes == 25
        assert service.log[-1].event.type == "structure_changed"
        assert service.log[-1].event.source == "editor"  # type: ignore[union-attr]
        await pilot.press("escape")
        assert app.screen.query_one(BigTime).value == "25:00"


async def test_editor_save_preset_is_listed_and_loadable(service: Service) -> None:
    from tdconsole.config.structures import list_structures, load_structure

    app = create_app(service)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.press("f4")
        app.screen.query_one("#name", Input).value = "Friday Deep 25"
        await pilot.pause()
        await pilot.click("#preset")
        await pilot.pause()
    assert "friday-deep-25" in list_structures()
    assert load_structure("friday-deep-25").name == "Friday Deep 25"
    assert service.state.info.structure.name == "Club turbo"  # a preset does not touch the tournament


async def test_palette_has_the_structure_editor_and_the_sound_switch(service: Service) -> None:
    app = create_app(service)
    async with app.run_test(size=(120, 40)) as pilot:
        await from_palette(pilot, "Sound on/off")
        await until(pilot, lambda: app.sound is False, "the sound off")
        await from_palette(pilot, "Edit the structure")
        await until(pilot, lambda: type(app.screen).__name__ == "StructureEditorScreen",
                    "the structure editor open")


async def test_palette_goes_to_any_level_and_sets_late_registration(service: Service) -> None:
    app = create_app(service)
    async with app.run_test(size=(120, 40)) as pilot:
        await from_palette(pilot, "Go to level 7")
        await until(pilot, lambda: service.state.clock.period > 0, "the level changed")
        await from_palette(pilot, "Late registration to level 3")
        await until(pilot, lambda: service.state.info.late_reg_level == 3, "late registration set")
    structure = service.state.info.structure
    assert structure.shown_level(service.state.clock.period) == 7
    assert service.state.info.late_reg_level == 3


async def test_the_td_hears_the_one_minute_warning_on_any_screen(service: Service,
                                                                  fake_clock: FakeClock) -> None:
    from tdconsole.domain.commands import ClockSetRemaining, ClockStart
    from tdconsole.tui.widgets.clock_panel import ClockPanel

    service.execute(ClockStart())
    service.execute(ClockSetRemaining(seconds=62))
    app = create_app(service)
    seen: list[Message] = []
    async with app.run_test(message_hook=seen.append) as pilot:
        await pilot.press("f2")
        fake_clock.advance(3)
        await until(pilot, lambda: any(isinstance(m, ClockPanel.Warned) for m in seen),
                    "the one-minute warning")
    warned = [m.kind for m in {id(m): m for m in seen}.values() if isinstance(m, ClockPanel.Warned)]
    assert warned == ["one-minute"]


async def test_the_floor_calculator_is_a_mode_of_the_app(service: Service) -> None:
    from tdconsole.tui.screens.floor_calculator import FloorCalculatorScreen

    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.press("f8")
        assert isinstance(app.screen, FloorCalculatorScreen)


async def test_register_from_the_command_palette(service: Service) -> None:
    app = create_app(service)
    async with app.run_test() as pilot:
        await from_palette(pilot, "Register a player")
        await until(pilot, lambda: app.focused is not None and app.focused.id == "register",
                    "the register field focused")
        await pilot.press(*"Frida", "enter")
        await pilot.pause()
        assert service.state.find("frida").status == "registered"


async def test_markup_in_names_never_breaks_the_screens(tmp_path, fake_clock: FakeClock) -> None:  # type: ignore[no-untyped-def]
    from tdconsole.config.structures import load_structure
    from tdconsole.store.event_store import EventStore

    store = EventStore.open(f"sqlite:///{tmp_path / 'markup.sqlite'}")
    service = Service.create(store, name="[/broken] [bold]Cup", structure=load_structure("club-turbo"),
                             now=fake_clock)
    service.execute(Register(names=["[/x]", "[link=http://x]y"]))
    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.press("f2", "n", *"[/x]", "enter")  # refused as a duplicate: the toast shows it literally
        await pilot.pause()
        assert any("[/x]" in str(n.message) for n in app._notifications)
        assert sorted(_names(app)) == ["[/x]", "[link=http://x]y"]
        await pilot.press("f3")
        await pilot.press("f1")
        await pilot.pause()


async def test_registration_offers_members_as_you_type_and_links_them(service: Service) -> None:
    from tdconsole.club.members import Members

    members = Members(service.store)
    members.add("Dorthe Kragh", number=12)
    members.add("Dorte Banned", number=13)
    members.set_banned("13", True, "no-show")
    app = create_app(service)
    async with app.run_test() as pilot:
        await pilot.press("f2", "n", *"dor")
        await pilot.pause()
        register = app.screen.query_one("#register", Input)
        assert register._suggestion == "Dorthe Kragh"  # the banned member is not offered
        await pilot.press("right", "enter")  # → takes the offer
        await pilot.pause()
        assert service.state.find("Dorthe Kragh").member == 12
        await pilot.press(*"dorte banned", "enter")
        await pilot.pause()
        assert any("is banned: no-show" in str(n.message) for n in app._notifications)
        assert service.state.entries == 5
