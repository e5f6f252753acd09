"""Screens of the TD console."""
