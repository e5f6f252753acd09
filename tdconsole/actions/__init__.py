"""Typed actions: one function per thing a TD or the floor does, called alike by the CLI, the TUI
and the web (tdconsole.actions.base explains the shape)."""
