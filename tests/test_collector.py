"""The collector paused and what was made frozen while a module is first imported
(`collector.loading`), and only then: a process that runs the command line many times (the tests)
must not freeze what it keeps making."""

from __future__ import annotations

import gc
import subprocess
import sys

from tdconsole import collector


def test_a_first_import_runs_with_the_collector_paused_and_freezes_what_it_made() -> None:
    assert gc.isenabled()
    before = gc.get_freeze_count()
    try:
        with collector.loading("tdconsole.a_module_never_imported"):
            assert not gc.isenabled()
            made = [[] for _ in range(100)]
        assert gc.isenabled()
        assert gc.get_freeze_count() >= before + len(made)
    finally:
        gc.unfreeze()


def test_a_module_already_imported_is_left_as_it_is() -> None:
    before = gc.get_freeze_count()
    with collector.loading("tdconsole.collector"):
        assert gc.isenabled()
    assert gc.get_freeze_count() == before


def test_the_tds_console_loads_only_the_first_screens_module() -> None:
    """The clock is drawn without importing the other screens (at festival size a tenth of the
    launch): each mode's module loads when its screen is first built (`ModeScreen`)."""
    listed = "print(' '.join(name for name in sys.modules if name.startswith('tdconsole.tui.screens.')))"
    found = subprocess.run([sys.executable, "-c", f"import sys, tdconsole.tui.app; {listed}"],
                           capture_output=True, text=True, check=True).stdout.split()
    assert "tdconsole.tui.screens.clock_step" in found  # a dialog the app itself opens
    others = {"cash", "deal", "floor_calculator", "floor_tables", "hand_for_hand", "log", "new_tournament",
              "payouts", "players", "rulings", "structure_editor", "tables"}
    assert not others & {name.rsplit(".", 1)[1] for name in found}
