"""The floor's ruling wizard in Danish: the scenario's questions, answers and ruling from the
catalogue (configs/rulings, translated by locale/da), the walk's own questions too."""

from __future__ import annotations

from textual.widgets import Input, Static

from tdconsole.service import Service
from tdconsole.tui.app import create_app
from tdconsole.tui.widgets.ruling_wizard import RulingWizard


async def test_the_wizard_asks_and_rules_in_danish(service: Service, danish: None) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("f5")
        app.screen.query_one("#players", Input).value = "Anna"
        wizard = app.screen.query_one(RulingWizard)
        wizard.start("out-of-turn-action", {})
        await pilot.pause()
        assert "Hvad gjorde spilleren ude af tur?" in str(app.screen.query_one("#question", Static).render())
        wizard.start("out-of-turn-action", {"action": "check", "changed": "no"})
        await pilot.pause()
        assert "Var det med vilje?" in str(app.screen.query_one("#question", Static).render())
        wizard.start("out-of-turn-action", {"action": "check", "changed": "no", "deliberate": "no"})
        await pilot.pause()
        suggestion = str(app.screen.query_one("#suggestion", Static).render())
        assert "Kendelse: Handlingen ude af tur er bindende" in suggestion, suggestion
        assert "Regler: O-OOT-1" in suggestion


async def test_the_wizard_shows_questions_and_answers_in_words_not_keys(
        service: Service, danish: None) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.press("f5")
        app.screen.query_one("#players", Input).value = "Anna"
        wizard = app.screen.query_one(RulingWizard)
        wizard.start("out-of-turn-action", {"action": "check", "changed": "no"})
        await pilot.pause()
        question = str(app.screen.query_one("#question", Static).render())
        answered = str(app.screen.query_one("#answered", Static).render())
        assert question == "Var det med vilje?"
        assert "Nej" in answered and "=" not in answered and "changed" not in answered


async def test_a_number_question_says_what_it_takes_in_danish(service: Service, danish: None) -> None:
    app = create_app(service, poll_seconds=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f5")
        wizard = app.screen.query_one(RulingWizard)
        wizard.start("out-of-turn-action", {"action": "check", "changed": "no", "deliberate": "no"})
        await pilot.pause()
        # No player named: the earlier offences are asked, not counted from the log.
        assert app.screen.query_one("#number", Input).placeholder == "et helt tal, mindst 0, Enter"
