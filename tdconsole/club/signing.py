"""The club's Ed25519 key, and exports signed with it (results; any file tdconsole writes).

The key is made on first use (`keys show`, or the first signed export) in the data directory
(`store.db.user_data_dir`) as `club-signing-key.pem` (PKCS 8, unencrypted, mode 0600); the
public key, printed by `keys show` for the club's website, is its 32 raw bytes in base64.

A signature is **detached**: `results.json` is signed in `results.json.sig`, so the file itself is
exactly what was exported (a spreadsheet or a browser opens it unchanged) and one scheme serves
every format. The `.sig` file is JSON:

    {"format": "tdconsole-signature-1",
     "signed": {"file": NAME, "sha256": HEX, "signed_at": ISO-8601, "log": {...} or null},
     "public_key": BASE64, "signature": BASE64}

The Ed25519 signature is over `signed` in the ledger's canonical JSON (sorted keys, no whitespace,
UTF-8; store/ledger.py), which holds the SHA-256 of the file's exact bytes: one changed byte in the
file, or in `signed`, fails `verify FILE`. `log` anchors the export in the tournament's hash chain
(its id and name, the number of events, the hash of its first event and of its last, the head),
so a log rewritten after the export no longer holds the head the file was signed with.

The cryptography is the `cryptography` package's; nothing here is hand-written crypto.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import stat
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tdconsole.club.snapshot_check import check_snapshots
from tdconsole.domain.errors import InvalidInput, TdError
from tdconsole.store.db import user_data_dir

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

    from tdconsole.store.event_store import EventStore

FORMAT = "tdconsole-signature-1"
KEY_FILE = "club-signing-key.pem"
SUFFIX = ".sig"


def key_path() -> Path:
    return user_data_dir() / KEY_FILE


def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def _b64(raw: bytes) -> str:
    return base64.b64encode(raw).decode("ascii")


def public_text(key: Ed25519PublicKey) -> str:
    from cryptography.hazmat.primitives import serialization

    return _b64(key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw))


def same_fingerprint(given: str, public: str) -> bool:
    """Whether `given` (as `keys show` prints it, or without its colons, in any case) is the
    fingerprint of the public key `public`."""
    wanted = "".join(given.split()).replace(":", "").lower()
    return len(wanted) == 16 and wanted == fingerprint(public).replace(":", "")


def fingerprint(public: str) -> str:
    """A short name for a public key a person can compare by eye: SHA-256 of its raw bytes, the
    first 16 hex digits in groups of four."""
    digest = hashlib.sha256(base64.b64decode(public)).hexdigest()[:16]
    return ":".join(digest[i:i + 4] for i in range(0, 16, 4))


@dataclass(frozen=True, slots=True)
class ClubKey:
    path: Path
    public_key: str
    created: bool  # made by this call

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.public_key)


def club_key() -> tuple[Ed25519PrivateKey, ClubKey]:
    """The club's private key, made on first use (O_EXCL: two processes starting at once end with
    one key), and what may be shown of it."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    path = key_path()
    created = False
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        key = Ed25519PrivateKey.generate()
        with os.fdopen(descriptor, "wb") as file:
            file.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                         serialization.NoEncryption()))
        created = True
    key = _read_key(path)
    return key, ClubKey(path, public_text(key.public_key()), created)


def existing_public_key() -> str | None:
    """The club's public key if this machine has the key (never makes one)."""
    path = key_path()
    return public_text(_read_key(path).public_key()) if path.exists() else None


def _read_key(path: Path) -> Ed25519PrivateKey:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    if os.name == "posix" and path.stat().st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise TdError("{path}: the club's signing key may be read by others; make it private with: "
                      "chmod 600 {path}", path=path)
    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except (ValueError, TypeError):
        key = None
    if not isinstance(key, Ed25519PrivateKey):
        raise TdError("{path}: not an Ed25519 private key in PEM", path=path)
    return key


def sign_file(path: Path, log: dict[str, Any] | None, now: datetime) -> Path:
    """Sign the file at `path` as it is on disk now; returns the `.sig` written beside it."""
    key, shown = club_key()
    signed = {"file": path.name, "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
              "signed_at": now.astimezone(UTC).isoformat(timespec="seconds"), "log": log}
    document = {"format": FORMAT, "signed": signed, "public_key": shown.public_key,
                "signature": _b64(key.sign(_canonical(signed)))}
    target = path.with_name(path.name + SUFFIX)
    try:
        target.write_text(json.dumps(document, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    except OSError as error:
        raise InvalidInput("{out}: cannot be written: {strerror}", out=target,
                           strerror=error.strerror) from None
    return target


@dataclass(frozen=True, slots=True)
class SignedFile:
    """A signature that checked: what it says about the file (`verify_file`)."""

    file: Path
    signature: Path
    public_key: str
    signed_at: str
    log: dict[str, Any] | None

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.public_key)


def signature_of(path: Path) -> tuple[Path, Path]:
    """The file and its signature, given either of them."""
    if path.name.endswith(SUFFIX):
        return path.with_name(path.name.removesuffix(SUFFIX)), path
    return path, path.with_name(path.name + SUFFIX)


def verify_file(path: Path) -> SignedFile:
    """Check a signed export against its `.sig`: the file's bytes, and the signature over them by
    the public key the `.sig` names (whose key that is, `verify` checks against the club's).
    Anything that does not hold is one line naming the file."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    file, signature = signature_of(path)
    for needed in (file, signature):
        if not needed.is_file():
            raise InvalidInput("{path}: no such file (a signed export is FILE and FILE.sig)", path=needed)
    try:
        document = json.loads(signature.read_text(encoding="utf-8"))
        if document.get("format") != FORMAT:
            raise ValueError
        signed = document["signed"]
        public_key = str(document["public_key"])
        key = Ed25519PublicKey.from_public_bytes(base64.b64decode(public_key, validate=True))
        raw_signature = base64.b64decode(str(document["signature"]), validate=True)
        digest, signed_at = str(signed["sha256"]), str(signed["signed_at"])
    except (ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError):
        raise TdError("{signature}: not a tdconsole signature", signature=signature) from None
    try:
        key.verify(raw_signature, _canonical(signed))
    except InvalidSignature:
        raise TdError("{signature}: the signature does not match what it signs (the .sig file was "
                      "changed)", signature=signature) from None
    if hashlib.sha256(file.read_bytes()).hexdigest() != digest:
        raise TdError("{file}: the file was changed after it was signed", file=file)
    # The name is signed too: results.json renamed (with its .sig) to another night's name must
    # not pass as that night's export.
    if str(signed.get("file")) != file.name:
        raise TdError("{file}: signed as {signed_name!r}, not under this name: the file was renamed "
                      "after it was signed", file=file, signed_name=str(signed.get("file")))
    log = signed.get("log")
    return SignedFile(file, signature, public_key, signed_at, log if isinstance(log, dict) else None)


def log_anchor(store: EventStore, tournament_id: int, name: str) -> dict[str, Any]:
    """What a signed export says about the log it came from; refused when the log does not verify
    (an export of a tampered log must not carry the club's signature)."""
    check = store.verify(tournament_id)
    if not check.ok:
        raise TdError("tournament {id} ({name}): the log does not verify at event {seq}; nothing "
                      "was signed (tdconsole verify)", id=tournament_id, name=name, seq=check.bad_seq)
    # The export was made from a state that may have started from a snapshot: one that is not the
    # log's state would put the club's signature under results the log does not hold.
    wrong = next((shot for shot in check_snapshots(store, tournament_id) if not shot.ok), None)
    if wrong is not None:
        raise TdError("tournament {id} ({name}): the state snapshot after event {seq} does not match "
                      "the log; nothing was signed (tdconsole verify)", id=tournament_id, name=name,
                      seq=wrong.seq)
    return {"tournament": tournament_id, "name": name, "events": check.events,
            "first": store.stored_hash(tournament_id, 1), "head": check.head}


def anchor_holds(store: EventStore, log: dict[str, Any]) -> bool | None:
    """Whether this database still holds the log a signed export names: None when it does not
    have that tournament (its first event differs), else whether the chain verifies up to the
    event the export was signed at and that event still has the head's hash."""
    try:
        tournament, events = int(log["tournament"]), int(log["events"])
    except (KeyError, TypeError, ValueError):
        return None
    if store.stored_hash(tournament, 1) != log.get("first"):
        return None
    check = store.verify(tournament)
    intact = check.bad_seq is None or check.bad_seq > events
    return intact and store.stored_hash(tournament, events) == log.get("head")
