"""The Textual interface: screens post typed messages; the app turns them into service commands."""
