"""`python -m tdconsole`: the same as the `tdconsole` command (how `serve` starts each display)."""

from tdconsole.cli import main

main()
