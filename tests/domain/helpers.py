"""Building tournaments for pure domain tests: events in, state out, no database. The domain's
docstring examples build theirs the same way, so the builder lives beside them."""

from __future__ import annotations

from tdconsole.domain.examples import STRUCTURE, T0, Tournament, at

__all__ = ["STRUCTURE", "T0", "Tournament", "at"]
