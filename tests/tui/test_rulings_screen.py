"""The rulings screen and the floor terminal with Textual's Pilot: the wizard
one question at a time, accept and override, a clock call logged at zero with one key, the log's
filter, the penalty board; the floor app in the floor role."""

from __future__ import annotations

from textual.message import Message
from textual.widgets import DataTable, Input, OptionList, Static

from tdconsole.actions import registration
from tdconsole.actions import rulings as ruling_actions
from tdconsole.config.rulings_catalogue import load_catalogue
from tdconsole.domain.commands import CallClock, LogRuling
from tdconsole.service import Service
from tdconsole.tui.app import FloorApp, create_app, create_floor_app
from tdconsole.tui.messages import ActionRequested
from tdconsole.tui.screens.rulings import RulingsScreen
from tdconsole.tui.widgets.ruling_wizard import RulingWizard
from tests.conftest import FakeClock
from tests.tui.wait import from_palette, until


def _requested(seen: list[Message]) -> list[object]:
    return [m.acting for m in {id(m): m for m in seen}.values() if isinstance(m, ActionRequested)]


def _question(app) -> str:  # type: ignore[no-untyped-def]
    return str(app.screen.query_one("#question", Static).render())


def _rows(app, table_id: str) -> list[list[str]]:  # type: ignore[no-untyped-def]
    table = app.screen.query_one(table_id, DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def _log(scenario: str, answers: dict[str, str], **extra: object) -> LogRuling:
    return LogRuling(scenario=load_catalogue().get(scenario), staff="Mette",
                     answers=answers, **extra)  # type: ignore[arg-type]


async def test_the_wizard_asks_one_question_at_a_time_and_logs_the_accepted_ruling(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    seen: list[Message] = []
    async with app.run_test(size=(120, 50), message_hook=seen.append) as pilot:
        await pilot.press("f5")
        assert isinstance(app.screen, RulingsScreen)
        app.screen.query_one("#players", Input).value = "anna"
        app.screen.query_one("#table", Input).value = "2"
        await pilot.click("#search")
        await pilot.press(*"out of turn", "enter")
        await pilot.pause()
        assert "What did the player do out of turn?" in _question(app)
        assert app.screen.query_one("#choices", OptionList).has_focus
        await pilot.press("down", "enter")  # Checked
        assert "did the action to him change" in _question(app)
        await pilot.press("down", "enter")  # No
        assert "deliberate" in _question(app)
        await pilot.press("down", "enter")  # No; earlier comes from the log: 0
        await pilot.pause()
        suggestion = str(app.screen.query_one("#suggestion", Static).render())
        assert "binding" in suggestion and "O-OOT-1" in suggestion
        await pilot.press("enter")  # Accept has the focus
        await pilot.pause()
    [acting] = _requested(seen)  # the `rulings log` action, as the CLI and the remote run it
    request = acting.request  # type: ignore[attr-defined]
    assert acting.action is ruling_actions.log  # type: ignore[attr-defined]
    assert isinstance(request, ruling_actions.LogRequest)
    assert request.player == ["anna"] and request.table == 2
    [logged] = service.state.rulings
    event = logged.event
    assert (event.staff, event.answers["earlier"], event.overridden) == ("td", "0", False)
    assert [p.name for p in logged.event.players] == ["Anna"]


async def test_the_second_oot_asks_the_table_size_and_suggests_three_rounds(service: Service) -> None:
    service.execute(_log("out-of-turn-action", {"action": "check", "changed": "no", "deliberate": "no"},
                         players=["Anna"]))
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("f5")
        wizard = app.screen.query_one(RulingWizard)
        app.screen.query_one("#players", Input).value = "Anna"
        wizard.start("out-of-turn-action", {"action": "check", "changed": "no", "deliberate": "no"})
        await pilot.pause()
        assert "How many players are at the table" in _question(app)
        await pilot.press(*"0", "enter")  # out of range: asked again, saying why
        assert "How many players are at the table" in _question(app) and "[players]" not in _question(app)
        assert "must be" in str(app.screen.query_one("#problem", Static).render())
        app.screen.query_one("#number", Input).value = "8"
        await pilot.press("enter")
        await pilot.pause()
        suggestion = str(app.screen.query_one("#suggestion", Static).render())
        assert "rounds 3 (24 hands)" in suggestion and "O-OOT-5" in suggestion


async def test_override_needs_a_reason_and_keeps_the_answers_when_refused(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("f5")
        wizard = app.screen.query_one(RulingWizard)
        wizard.start("wrong-button", {"substantial_action": "no"})
        await pilot.pause()
        await pilot.click("#override-open")
        decision = app.screen.query_one("#decision", Input)
        decision.value = "The button stays"
        await pilot.click("#reason")
        await pilot.press("enter")
        await pilot.pause()
        assert any("needs a reason" in str(n.message) for n in app._notifications)
        assert service.state.rulings == [] and wizard.answers == {"substantial_action": "no"}
        await pilot.press(*"players agreed", "enter")
        await pilot.pause()
        [logged] = service.state.rulings
        assert (logged.event.decision, logged.event.reason) == ("The button stays", "players agreed")
        assert wizard.scenario is None  # ready for the next ruling


async def test_c_ruling_1_an_other_situation_is_logged_from_the_wizard(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("f5")
        wizard = app.screen.query_one(RulingWizard)
        app.screen.query_one("#players", Input).value = "Anna"
        await pilot.click("#search")
        await pilot.press(*"other", "enter")
        await pilot.pause()
        assert wizard.other and app.screen.query_one("#description", Input).has_focus
        await pilot.press(*"phone rang during a hand", "enter")
        await pilot.press(*"C-ETIQ-1 71", "enter")
        await pilot.press(*"etiquette", "enter")
        await pilot.press(*"Reminded of the rule", "enter")
        await pilot.press(*"rounds:x", "enter")  # mistyped: one line, nothing logged
        await pilot.pause()
        assert service.state.rulings == [] and any("whole number" in str(n.message)
                                                   for n in app._notifications)
        app.screen.query_one("#penalty", Input).value = ""
        await pilot.click("#penalty")
        await pilot.press("enter")
        await pilot.pause()
        [logged] = service.state.rulings
        event = logged.event
        assert (event.scenario, event.description, event.decision, event.offence) == (
            "other", "phone rang during a hand", "Reminded of the rule", "etiquette")
        assert event.suggestion.rules == ["C-ETIQ-1", "TDA 71"] and event.answers["earlier"] == "0"
        assert not wizard.other and wizard.scenario is None  # ready for the next ruling


async def test_c_ruling_1_override_without_answering_the_questions(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("f5")
        wizard = app.screen.query_one(RulingWizard)
        wizard.start("skipped-player")
        await pilot.pause()
        assert wizard.question is not None  # a question is open, and the override is offered
        assert not app.screen.query_one("#accept").display
        await pilot.click("#override-open")
        app.screen.query_one("#decision", Input).value = "The skipped hand is dead"
        app.screen.query_one("#reason", Input).value = "he let three players act"
        await pilot.click("#reason")
        await pilot.press("enter")
        await pilot.pause()
        [logged] = service.state.rulings
        assert logged.event.overridden and logged.event.decision == "The skipped hand is dead"
        assert logged.event.suggestion.ruling.startswith("No suggestion")


async def test_a_clock_call_counts_down_and_logs_the_dead_hand_with_one_key(service: Service,
                                                                           fake_clock: FakeClock) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 50)) as pilot:
        app.on_screen_action("rulings", "open_tab('tab-calls')")
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one("#call-table", Input).has_focus  # no call running yet
        await pilot.press("3", "tab", "5", "enter")
        await pilot.pause()
        assert [c.table for c in service.state.clock_calls] == [3]
        assert app.screen.query_one("#calls", DataTable).has_focus
        fake_clock.advance(52)
        app.screen.refresh_view()
        [row] = _rows(app, "#calls")
        assert row[4] == "0:08" and row[5] == "warning"
        await pilot.press("l")
        assert service.state.rulings == []  # not before zero
        fake_clock.advance(9)
        app.screen.refresh_view()
        assert "H-DEAD-D" in str(app.screen.query_one("#proposal", Static).render())
        await pilot.press("l")
        await pilot.pause()
        [logged] = service.state.rulings
        assert logged.event.clock_call == 1 and "H-DEAD-D" in logged.event.suggestion.rules
        assert _rows(app, "#calls") == []


async def test_the_log_filters_and_the_penalty_board_counts_hands(service: Service,
                                                                  fake_clock: FakeClock) -> None:
    service.execute(_log("give-penalty", {"kind": "rounds", "rounds": "1", "players": "8"}, players=["Bo"]))
    service.execute(_log("give-penalty", {"kind": "minutes", "minutes": "5"}, players=["Carl"]))
    service.execute(_log("wrong-button", {"substantial_action": "yes"}, table=4))
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 50)) as pilot:
        app.on_screen_action("rulings", "open_tab('tab-log')")
        await pilot.pause()
        await pilot.pause()
        assert [r[0] for r in _rows(app, "#rulings")] == ["3", "2", "1"]
        app.screen.query_one("#filter", Input).value = "bo"
        await pilot.pause()
        assert [(r[0], r[4]) for r in _rows(app, "#rulings")] == [("1", "Bo")]
        app.on_screen_action("rulings", "open_tab('tab-penalties')")
        await pilot.pause()
        fake_clock.advance(60)
        app.screen.refresh_view()
        assert [(r[1], r[3], r[4]) for r in _rows(app, "#penalties")] == [
            ("Bo", "8 of 8 hands", "serving"), ("Carl", "4:00 left", "serving")]
        app.screen.query_one("#penalties", DataTable).focus()
        await pilot.press("h", "h")
        await pilot.pause()
        assert _rows(app, "#penalties")[0][3] == "6 of 8 hands"


async def test_the_palette_lists_the_rulings_panels(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 50)) as pilot:
        await from_palette(pilot, "penalty board")
        await until(pilot, lambda: isinstance(app.screen, RulingsScreen)
                    and app.screen.query_one("#tabs").active == "tab-penalties",  # type: ignore[attr-defined]
                    "the penalty board in front")


async def test_the_floor_terminal_logs_rulings_as_the_staff_and_has_no_td_keys(service: Service,
                                                                               fake_clock: FakeClock) -> None:
    floor = Service(service.store, service.tournament_id, actor="Mette", role="floor", now=fake_clock)
    app = create_floor_app(floor, poll_seconds=60)
    assert isinstance(app, FloorApp)
    async with app.run_test(size=(120, 50)) as pilot:
        assert isinstance(app.screen, RulingsScreen)
        await pilot.press("ctrl+z", "space")  # the TD's undo and clock keys do nothing here
        assert not service.store.load(service.tournament_id)[-1].event.type.startswith("clock")
        wizard = app.screen.query_one(RulingWizard)
        wizard.start("wrong-button", {"substantial_action": "yes"})
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert [r.event.staff for r in floor.state.rulings] == ["Mette"]
        # A TD-only action reached through a screen is refused by the service, as a notification.
        app.on_screen_action("rulings", "open_tab('tab-penalties')")
        await pilot.pause()
        floor.execute(CallClock(table=1, seat=1))
        app.screen.post_message(ActionRequested(registration.register,
                                                registration.RegisterRequest(names=["Dora"])))
        await pilot.pause()
        assert any("floor staff cannot register players" in str(n.message) for n in app._notifications)
        await pilot.press("f2")
        assert "No tables yet" in str(app.screen.query_one("#no-tables", Static).render())
    assert service.refresh() and [r.event.staff for r in service.state.rulings] == ["Mette"]


async def test_a_correction_from_the_log_is_a_new_ruling_pointing_at_the_old(service: Service) -> None:
    service.execute(_log("out-of-turn-action", {"action": "fold", "deliberate": "no"}, players=["Anna"],
                         table=2, seat=4))
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 50)) as pilot:
        app.on_screen_action("rulings", "open_tab('tab-log')")
        await pilot.pause()
        await pilot.pause()
        app.screen.query_one("#rulings", DataTable).focus()
        await pilot.press("h")  # a penalty-board key does nothing on the log tab
        await pilot.press("c")
        await pilot.pause()
        wizard = app.screen.query_one(RulingWizard)
        assert wizard.corrects == 1 and app.screen.query_one("#players", Input).value == "Anna"
        app.screen.query_one("#players", Input).value = "Bo"
        await pilot.pause()
        await pilot.click("#accept")
        await pilot.pause()
        assert any("needs a reason" in str(n.message) for n in app._notifications)
        reason = app.screen.query_one("#reason", Input)
        reason.value = "it was Bo who folded"
        reason.focus()  # not a click: the toast just shown may lie over the button
        await pilot.press("enter")
        await pilot.pause()
    old, new = service.state.rulings
    assert (old.corrected_by, new.event.corrects, [p.name for p in new.event.players]) == (2, 1, ["Bo"])
    assert (new.event.table, new.event.seat, new.event.reason) == (2, 4, "it was Bo who folded")


async def test_typing_a_name_or_a_redraw_never_moves_the_focus_off_the_field(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("f5")
        wizard = app.screen.query_one(RulingWizard)
        wizard.start("out-of-turn-action")
        await pilot.pause()
        await pilot.press("down")  # the floor is choosing "Checked"
        await pilot.click("#players")
        await pilot.press(*"Bo")
        app.screen.refresh_view()  # as when another terminal logs something
        await pilot.pause()
        assert app.screen.query_one("#players", Input).has_focus
        assert app.screen.query_one("#players", Input).value == "Bo"
        assert app.screen.query_one("#choices", OptionList).highlighted == 1


async def test_c_phone_1_the_wizard_finds_the_phone_and_logs_a_warning(service: Service) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("f5")
        app.screen.query_one("#players", Input).value = "Anna"
        await pilot.click("#search")
        # "phone" alone now finds device-in-hand first (its rules cite C-PHONE-1 too).
        await pilot.press(*"uses a phone", "enter")
        await pilot.pause()
        assert "when he used the phone?" in _question(app)
        await pilot.press("enter")  # Yes: in a hand
        assert "deliberate" in _question(app)
        await pilot.press("enter")  # Yes; earlier comes from the log: 0
        await pilot.pause()
        suggestion = str(app.screen.query_one("#suggestion", Static).render())
        assert "the hand stays live" in suggestion and "C-PHONE-1" in suggestion
        assert "warning" in suggestion
        await pilot.press("enter")
        await pilot.pause()
    [logged] = service.state.rulings
    assert (logged.event.offence, logged.event.penalty and logged.event.penalty.kind) == ("phone", "warning")


async def test_l_logs_a_clock_call_at_its_own_table_seat_and_player(service: Service,
                                                                    fake_clock: FakeClock) -> None:
    """The wizard's fields still hold the last ruling's table (the floor walked on): `l` on an
    expired call rules at the call's table and seat, on its player, never at the last ruling's."""
    from tdconsole.domain.commands import Draw

    service.execute(Draw(seed=1))
    anna = service.state.find("anna")
    floor = Service(service.store, service.tournament_id, actor="Mette", role="floor", now=service.now)
    app = create_floor_app(floor, poll_seconds=60)
    async with app.run_test(size=(120, 50)) as pilot:
        wizard = app.screen.query_one(RulingWizard)
        wizard.set_where(anna.table + 1, None, [])  # another table, as after the ruling before
        floor.execute(CallClock(table=anna.table, seat=anna.seat))  # type: ignore[arg-type]
        fake_clock.advance(61)
        app.on_screen_action("rulings", "open_tab('tab-calls')")
        await until(pilot, lambda: bool(_rows(app, "#calls")), "the call listed")
        app.screen.query_one("#calls", DataTable).focus()  # the running calls, where l logs
        await until(pilot, lambda: app.focused is not None and app.focused.id == "calls", "the calls")
        await pilot.press("l")
        await until(pilot, lambda: bool(floor.state.rulings), "the ruling logged")
        [logged] = floor.state.rulings
        assert (logged.event.table, logged.event.seat) == (anna.table, anna.seat)
        assert [p.name for p in logged.event.players] == ["Anna"]
        assert not [n for n in app._notifications if "None" in str(n.message)]


async def test_the_floor_terminal_offers_no_structure_editor(service: Service) -> None:
    from tdconsole.tui.app import TdCommands
    from tdconsole.tui.screens.structure_editor import StructureEditorScreen

    floor = Service(service.store, service.tournament_id, actor="Mette", role="floor")
    app = create_floor_app(floor, poll_seconds=60)
    async with app.run_test(size=(120, 50)) as pilot:
        provider = TdCommands(app.screen)
        names = [name for name, _help, _run in provider.entries()]
        assert "Edit the structure" not in names
        assert not any(name.startswith(("Go to level", "Late registration")) for name in names)
        await app.run_action("structure")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, StructureEditorScreen)
        assert any("Only the TD changes the structure" in str(n.message) for n in app._notifications)
        assert not any("saved" in str(n.message) for n in app._notifications)


async def test_the_structure_editor_says_saved_only_when_the_tournament_took_it(service: Service) -> None:
    from tdconsole.tui.screens.structure_editor import StructureEditorScreen

    floor = Service(service.store, service.tournament_id, actor="Mette", role="floor")
    app = create_floor_app(floor, poll_seconds=60)
    async with app.run_test(size=(120, 50)) as pilot:
        await app.push_screen(StructureEditorScreen(floor.state.info.structure))  # however it came
        await pilot.press("ctrl+s")
        await until(pilot, lambda: any("TD only" in str(n.message) for n in app._notifications),
                    "the refusal")
        status = str(app.screen.query_one("#status", Static).render())
        assert status == "not saved" and "saved " not in status
