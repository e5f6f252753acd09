"""`tdconsole verify` and `tdconsole keys show`: the log that proves itself, and the club's key.

`verify` recomputes a tournament's hash chain (store/ledger.py) and checks each of its state
snapshots against the fold of the log (club/snapshot_check.py); it exits 1 with one line on stderr
naming the first event that does not match, and one for each snapshot that does not (with `--all`,
for each broken tournament); `verify FILE` checks a signed export and its `.sig` (club/signing.py)
against the club's key.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from tdconsole.cli.kit import JsonFlag, Session, console, emit, session_of
from tdconsole.cli.refusals import error_line, refusal_text
from tdconsole.club import signing
from tdconsole.club.snapshot_check import SnapshotCheck, check_snapshots
from tdconsole.domain.errors import NotFound, TdError
from tdconsole.domain.text import name_key
from tdconsole.i18n import N_, _
from tdconsole.store import ledger
from tdconsole.store.event_store import EventStore, TournamentSummary

app = typer.Typer()
keys_app = typer.Typer(help="The club's signing key.", no_args_is_help=True)
app.add_typer(keys_app, name="keys")


# Why a state snapshot is not the fold of the log up to it (SnapshotCheck.result).
SNAPSHOT_WRONG = {
    "differs": N_("tournament {id} ({name}): the state snapshot after event {seq} does not match the "
                  "log: it was changed after it was written, and a terminal starting from it shows "
                  "a wrong state"),
    "unreadable": N_("tournament {id} ({name}): the state snapshot after event {seq} cannot be read: "
                     "it was changed after it was written"),
}
# Why a snapshot was not checked (SnapshotCheck.why), as the text output says it.
SNAPSHOT_SKIPPED = {
    "another_version": N_("another version of tdconsole wrote it; this one cannot check it (and "
                          "does not start from it)"),
    "not_on_log": N_("its event is not in the log as it was; no terminal starts from it"),
    "log_broken": N_("the log does not verify"),
}


def _snapshot_refusal(tournament: TournamentSummary, shot: SnapshotCheck) -> TdError:
    return TdError(SNAPSHOT_WRONG[shot.result], id=tournament.id, name=tournament.name, seq=shot.seq)


def _chosen(session: Session, store: EventStore, target: str | None,
            every: bool) -> list[TournamentSummary]:
    known = store.tournaments()
    if every:
        return known
    if target is not None:
        found = [t for t in known if str(t.id) == target or name_key(t.name) == name_key(target)]
        if not found:
            raise NotFound("{target}: no such file, nor a tournament of that name or id", target=target)
        return found
    wanted = session.tournament or store.current_tournament()
    found = [t for t in known if t.id == wanted]
    if not found:
        raise NotFound("there is no tournament {tournament_id}", tournament_id=wanted)
    return found


@app.command("verify")
def verify(
    ctx: typer.Context,
    target: Annotated[str | None, typer.Argument(
        metavar="[FILE|NAME]", help="A signed export to check (FILE and FILE.sig), or a tournament's "
        "name or id (default: the current one).")] = None,
    every: Annotated[bool, typer.Option("--all", help="Check every tournament in the database.")] = False,
    key: Annotated[str | None, typer.Option(
        "--key", help="The club's public key (base64, as `keys show` prints it) to check a signed "
        "export against (default: this machine's club key).")] = None,
    expected: Annotated[str | None, typer.Option(
        "--fingerprint", help="The fingerprint of the club's published key (as `keys show` prints "
        "it) to check a signed export against, instead of --key.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """Check that the log is as it was written (a hash chain) and that its state snapshots are the
    log's state, or that a signed export is intact. Exit 1 names the first event that does not
    match, and every snapshot that does not, of each tournament broken."""
    session = session_of(ctx)
    if target is not None and not every and Path(target).is_file():
        _verify_file(session, Path(target), key, expected, as_json)
        return
    store = session.store()
    rows: list[dict[str, Any]] = []
    broken: list[TdError] = []
    for tournament in _chosen(session, store, target, every):
        check = store.verify(tournament.id)
        shots = check_snapshots(store, tournament.id, log_ok=check.ok)
        wrong = [shot for shot in shots if not shot.ok]
        # "ok": the log and every snapshot checked hold; "bad_snapshots": the seqs of those that do
        # not; "snapshots": each one's result ("skipped" with its "why": not checked, not fine).
        row = {"id": tournament.id, "name": tournament.name, "ok": check.ok and not wrong,
               "events": check.events, "head": check.head, "bad_event": check.bad_seq,
               "reason": check.reason or None, "bad_snapshots": [shot.seq for shot in wrong],
               "snapshots": [{"seq": shot.seq, "result": shot.result, "why": shot.why,
                              "version": shot.version} for shot in shots]}
        if not check.ok:
            broken.append(ledger.broken_log(check, tournament.name))
        broken.extend(_snapshot_refusal(tournament, shot) for shot in wrong)
        rows.append(row)

    def render() -> None:
        for row in rows:
            if row["bad_event"] is not None:
                continue
            console.print(_("Tournament {id} ({name}): {events} events, the log is intact "
                            "(head {head})").format(**{**row, "head": row["head"][:16]}))
            matching = [shot["seq"] for shot in row["snapshots"] if shot["result"] == "matches"]
            if matching:
                console.print(_("  its state snapshots after events {seqs} match the log").format(
                    seqs=", ".join(map(str, matching))))
            for shot in row["snapshots"]:
                if shot["result"] == "skipped":
                    console.print(_("  its state snapshot after event {seq} was not checked: {why}")
                                  .format(seq=shot["seq"], why=_(SNAPSHOT_SKIPPED[shot["why"]])))
        if not rows:
            console.print(_("No tournaments to check."))

    emit({"ok": not broken, "tournaments": rows}, as_json, render)
    if broken:
        # A line on stderr for each broken tournament (its first event that does not match), exit 1:
        # a script checking every tournament learns of every one, not just the first.
        for refusal in broken:
            sys.stderr.write(error_line(refusal_text(refusal)))
        raise SystemExit(1)


def _verify_file(session: Session, path: Path, key: str | None, expected: str | None,
                 as_json: bool) -> None:
    signed = signing.verify_file(path)
    if expected is not None:
        if not signing.same_fingerprint(expected, signed.public_key):
            raise TdError("{file}: signed with the key {signer}, not the key {expected} given with "
                          "--fingerprint", file=signed.file, signer=signed.fingerprint,
                          expected=expected.strip())
        club: str | None = signed.public_key
    else:
        club = key.strip() if key else signing.existing_public_key()
    # A signature proves only that someone holding *some* key signed: without the club's key to
    # compare with, a forged file signed with a fresh key would pass.
    if club is None:
        raise TdError("{file}: there is no club key on this machine to check the signature "
                      "against (it is by the key {signer}); give the club's published key with "
                      "--key KEY or --fingerprint FINGERPRINT", file=signed.file,
                      signer=signed.fingerprint)
    if club != signed.public_key:
        raise TdError("{file}: signed with the key {signer}, not the club's key {club}",
                      file=signed.file, signer=signed.fingerprint, club=signing.fingerprint(club))
    holds = None
    if signed.log is not None and _database_exists(session):
        holds = signing.anchor_holds(session.store(), signed.log)
        if holds is False:
            raise TdError("{file}: tournament {id}'s log in this database no longer holds event "
                          "{events} as it was signed: the log was changed after the export",
                          file=signed.file, id=signed.log.get("tournament"),
                          events=signed.log.get("events"))
    data = {"ok": True, "file": str(signed.file), "signature": str(signed.signature),
            "public_key": signed.public_key, "fingerprint": signed.fingerprint,
            "club_key": True, "signed_at": signed.signed_at,
            "log": signed.log, "log_checked": holds}

    def render() -> None:
        console.print(_("{file}: the signature holds (key {fingerprint}, signed {when})").format(
            file=signed.file, fingerprint=signed.fingerprint, when=signed.signed_at))
        if signed.log is not None:
            words = {True: _("this database still holds it"),
                     None: _("not in this database")}[holds]
            console.print(_("Signed at event {events} of tournament {tournament} ({name}), head "
                            "{head}: {words}").format(
                                events=signed.log.get("events"), tournament=signed.log.get("tournament"),
                                name=signed.log.get("name"), head=str(signed.log.get("head"))[:16],
                                words=words))

    emit(data, as_json, render)


def _database_exists(session: Session) -> bool:
    """Whether the session's database is there to be read (a SQLite file is never made by a check)."""
    url = session.url
    return not url.startswith("sqlite:///") or Path(url.removeprefix("sqlite:///")).is_file()


@keys_app.command("show")
def keys_show(as_json: JsonFlag = False) -> None:
    """The club's public key, for the club's website (the key is made on first use)."""
    _key, shown = signing.club_key()
    data = {"public_key": shown.public_key, "fingerprint": shown.fingerprint, "path": str(shown.path),
            "created": shown.created}

    def render() -> None:
        if shown.created:
            console.print(_("Made the club's signing key: {path} (keep it private; back it up)").format(
                path=shown.path))
        console.print(shown.public_key)
        console.print(_("Fingerprint: {fingerprint}").format(fingerprint=shown.fingerprint))

    emit(data, as_json, render)
