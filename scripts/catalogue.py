"""The message catalogues: extract every translatable string, bring each language's .po up to date,
compile the .mo (`make i18n`). tests/test_i18n.py uses `extract` and `problems` to fail on a
string that is untranslated, fuzzy or stale, or a .mo that is not the .po compiled.

What is extracted is said once, here and in babel.cfg (which files, and the Jinja2 options):
`_`, `ngettext`, `pgettext`, `N_`, and the first message argument of every refusal the domain and
the edges raise (`InvalidInput("no player named {name}", name=...)`: the edge translates it,
tdconsole.i18n.error_text) with the commands' verbs a refusal names (`Words`, `command_verbs`),
and the CLI's `--help` (`help_texts`: every `help=` and every command's docstring in tdconsole/cli,
translated when help is shown, tdconsole.cli.helptext).
An f-string is not extractable (Babel warns and skips it): it stays English until it is written
as a template.

    python scripts/catalogue.py            extract, update, compile
    python scripts/catalogue.py --check    only say what is wrong (exit 1 if anything is)
"""

from __future__ import annotations

import ast
import io
import logging
import re
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "tdconsole" / "locale"
DOMAIN = "tdconsole"
LANGUAGES = ("da",)  # English is the source text
# The refusals' message argument: TdError's kinds take it first, RuleViolation after its rule IDs.
KEYWORDS = {**DEFAULT_KEYWORDS, "InvalidInput": None, "NotFound": None, "Forbidden": None,
            "TdError": None, "Conflict": None, "StoreError": None, "Held": None, "RuleViolation": (2,),
            "Unreachable": None,
            # The program's words inside a refusal (tdconsole.domain.errors.Words), and the web's
            # refusals (status first).
            "Words": None, "ApiError": (2,),
            # A key's description in the footer (translated where it is shown: ServiceScreen).
            "Binding": (3,)}
# A fixed date keeps the files the same from one run to the next (no churn in the diff).
STAMP = datetime(2026, 1, 1, tzinfo=UTC)
WIDTH = 100
_FIELD = re.compile(r"(?<!\{)\{([^{}]*)\}")


def _po(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> Catalog:
    """Every translatable string in the sources and templates now (babel.cfg), as a template."""
    # Babel warns of every f-string it skips: English by design (not a refusal shown to people, or
    # not yet a template); the catalogue is what was extracted.
    logging.getLogger("babel").setLevel(logging.ERROR)
    with (ROOT / "babel.cfg").open(encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file)
    catalog = Catalog(project="tdconsole", domain=DOMAIN, creation_date=STAMP, revision_date=STAMP,
                      charset="utf-8", fuzzy=False)
    for filename, _line, message, comments, context in extract_from_dir(
            ROOT, method_map, options_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True):
        catalog.add(message, None, [(filename, 0)], auto_comments=comments, context=context)
    for filename, message in [*help_texts(), *command_verbs()]:
        catalog.add(message, None, [(filename, 0)])
    return catalog


def command_verbs(path: Path = ROOT / "tdconsole" / "domain" / "commands.py") -> list[tuple[str, str]]:
    """Each command's `verb` ("bust players"): a refusal names it ("floor staff cannot {verb}"), and
    the edge translates it as Words."""
    filename = str(path.relative_to(ROOT))
    return [(filename, node.value.value) for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
            and node.target.id == "verb" and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)]


def _command_function(node: ast.AST) -> bool:
    """A function made a command or a group's callback (`@app.command(...)`, `@x.callback()`)."""
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return False
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if isinstance(target, ast.Attribute) and target.attr in ("command", "callback"):
            return True
    return False


def help_texts(directory: Path = ROOT / "tdconsole" / "cli") -> list[tuple[str, str]]:
    """What `--help` shows, as Typer hands it to click: every literal `help=` (of an option, an
    argument, a group, a command) and the docstring of every command function, cleaned as
    `inspect.getdoc` cleans it. Babel's Python extractor sees only positional arguments of the
    keywords it is given, hence this one."""
    found: list[tuple[str, str]] = []
    for path in sorted(directory.glob("*.py")):
        filename = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                found += [(filename, ast.literal_eval(keyword.value)) for keyword in node.keywords
                          if keyword.arg == "help" and isinstance(keyword.value, ast.Constant)
                          and isinstance(keyword.value.value, str) and keyword.value.value]
            elif _command_function(node):
                doc = ast.get_docstring(node, clean=True)  # type: ignore[arg-type]
                if doc:
                    found.append((filename, doc))
    return found


def _write_po(path: Path, catalog: Catalog) -> None:
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, sort_output=True, ignore_obsolete=True, include_lineno=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def compiled(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def read(language: str) -> Catalog:
    with _po(language).open("rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


def update() -> None:
    template = extract()
    _write_po(LOCALE / f"{DOMAIN}.pot", template)
    for language in LANGUAGES:
        path = _po(language)
        catalog = read(language) if path.exists() else Catalog(
            locale=language, domain=DOMAIN, project="tdconsole", creation_date=STAMP, fuzzy=False,
            language_team=f"{language} <tdconsole>", last_translator="tdconsole")
        catalog.update(template, update_creation_date=False)
        catalog.fuzzy = False
        catalog.revision_date = STAMP
        catalog.obsolete.clear()
        _write_po(path, catalog)
        path.with_suffix(".mo").write_bytes(compiled(read(language)))


def fields(text: str) -> set[str]:
    """The str.format fields a message fills in: a translation must keep every one."""
    return set(_FIELD.findall(text))


def problems() -> list[str]:
    """Every way the catalogues differ from the sources: one line each."""
    found = {message.id for message in extract() if message.id}
    out: list[str] = []
    for language in LANGUAGES:
        catalog = read(language)
        have = {message.id for message in catalog if message.id}
        out += [f"{language}: not in the catalogue (run make i18n): {m!r}"
                for m in sorted(found - have, key=str)]
        out += [f"{language}: stale, no longer in the sources: {m!r}"
                for m in sorted(have - found, key=str)]
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            if not all(strings):
                out.append(f"{language}: untranslated: {message.id!r}")
            elif message.fuzzy:
                out.append(f"{language}: fuzzy (check and remove the flag): {message.id!r}")
            elif any(fields(s) != fields(ids[0]) for s in strings):
                out.append(f"{language}: the translation's {{fields}} differ: {message.id!r}")
        mo = _po(language).with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compiled(catalog):
            out.append(f"{language}: {mo.name} is not the .po compiled (run make i18n)")
    return out


def main(argv: list[str]) -> int:
    if "--check" not in argv:
        update()
    wrong = problems()
    for line in wrong:
        print(line)
    return 1 if wrong and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
