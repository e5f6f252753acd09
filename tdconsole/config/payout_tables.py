"""Loading the payout tables in `configs/payouts/*.toml`, validated by `PayoutTables`."""

from __future__ import annotations

from tdconsole.config.toml import configs_dir, load_toml
from tdconsole.domain.errors import NotFound
from tdconsole.domain.money.payouts import PayoutTables


def payout_table_names() -> list[str]:
    """The tables shipped in `configs/payouts/`, by file name without `.toml`."""
    return sorted(path.stem for path in (configs_dir() / "payouts").glob("*.toml"))


def load_payout_tables(name: str) -> PayoutTables:
    """The table `configs/payouts/NAME.toml`; an unknown name lists the known ones."""
    path = configs_dir() / "payouts" / f"{name}.toml"
    if not path.is_file():
        known = ", ".join(payout_table_names()) or "none"
        raise NotFound("no payout table {name!r} (known: {known})", name=name, known=known)
    return load_toml(path, PayoutTables)
