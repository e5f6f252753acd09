"""The club across nights, over the same database as the tournaments: members (and the link from a
registration to its member), their history, and leagues. The pure rules (each member's result,
points formulas, standings) are in `tdconsole.domain.league`."""
