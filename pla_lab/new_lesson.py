"""A new lesson from one command, as ``django-admin startapp`` makes an app::

    python -m pla_lab.new_lesson <slug> "<Title>"

writes, from the plain files of ``pla_lab/lesson_template/`` (``{{ slug }}``, ``{{ Title }}``, ``{{ NAME }}`` and
``{{ Class }}`` filled in): the lesson's folder ``pla_lab/lessons/<slug>/`` (its declaration, words, Check yourself
and notebook hook), its two-line page ``pages/<slug>.py``, its tests ``tests/lessons/<slug>/``; and it adds the
lesson to the registry (its import, its place in ``LESSONS``: before *Experiments*, the study that closes the path,
and a line for it in the docstring's "why this order"), to README's path table (as ``python -m pla_lab.course.path``
prints it) and to docs/lessons.md (its section and the list of paths). The lesson it makes is small but real (PLA
on the student's points, a sentence about each step, a question decided from the run) and passes
``python -m pytest -k <slug>`` and every suite-wide test before its author writes a word. It refuses a slug or a
title already taken, and never overwrites a file: nothing is written unless all of it can be. What to do next:
docs/adding-a-lesson.md. ``python -m pla_lab.new_lesson --readme`` writes README's path table again, from the
registry, after a lesson's place, line or minutes changed.
"""

from __future__ import annotations

import keyword
import re
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = Path(__file__).with_name("lesson_template")
SLUG = re.compile(r"(?=.{3,24}\Z)[a-z][a-z0-9]*(?:_[a-z0-9]+)*\Z")  # words joined by single underscores
#: What a slug may not be besides a lesson's: the other pages, Streamlit's and the app's own paths, the session-state
#: namespaces of the sidebar and the app (pla_lab.framework.shared)
RESERVED = {"home", "lecture", "class", "sources", "glossary", "static", "media", "component", "healthz", "app", "set"}
#: A title is written into Python strings, Markdown and a README table: none of Markdown's marks, no quote
TITLE = re.compile(r"[A-Z0-9][^\"\\*_`\[\]<>|#{}$~\n\r\t]{2,39}\Z")
#: Where the new lesson goes in ``LESSONS``: before this one (the path's closing study), else at the end
BEFORE = "EXPERIMENTS"
WORDS = dict(enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
                       "fifteen sixteen seventeen eighteen nineteen twenty".split()))


def names(slug: str, title: str) -> dict[str, str]:
    """The template's placeholders."""
    return {"slug": slug, "Title": title, "NAME": slug.upper(),
            "Class": "".join(p.capitalize() for p in slug.split("_")) + "Lesson"}


def render(text: str, values: dict[str, str]) -> str:
    return re.sub(r"\{\{ (\w+) \}\}", lambda m: values[m.group(1)], text)


def check_slug(slug: str, root: Path = ROOT) -> None:
    """A ValueError saying why ``slug`` cannot name a new lesson in the checkout at ``root``."""
    if not SLUG.match(slug):
        raise ValueError(f"{slug!r}: a slug is 3 to 24 lowercase letters and digits, starting with a letter, its words "
                         "joined by single underscores")
    if keyword.iskeyword(slug) or keyword.issoftkeyword(slug):
        raise ValueError(f"{slug!r} is a Python keyword")
    if (root / "pla_lab" / "lessons" / slug).exists() or (root / "tests" / "lessons" / slug).exists():
        raise ValueError(f"{slug!r} is a lesson already")
    if slug in RESERVED or (root / "pages" / f"{slug}.py").exists():
        raise ValueError(f"{slug!r} is the path of another page")
    stems = {p.stem for p in (root / "pla_lab").rglob("*.py")}
    mine = {re.sub(r"(?<![a-z])slug(?![a-z])", slug, p.name).removesuffix(".py-tpl")
            for p in (TEMPLATE / "lesson").glob("slug_*-tpl")}
    taken = sorted({slug, *mine} & stems)  # no two modules of pla_lab share a name (tests/architecture/test_layout.py)
    if taken:
        raise ValueError(f"{slug!r}: pla_lab has modules named {', '.join(taken)} already")


def check_title(title: str, taken: list[str], registry_doc: str = "") -> None:
    """A ValueError saying why ``title`` cannot be a new lesson's, beside the lessons' titles ``taken``."""
    if not TITLE.match(title) or title != title.strip() or "  " in title:
        raise ValueError(f"{title!r}: a title is 3 to 40 characters, begins with a capital or a digit, and has no "
                         "quote, backslash, newline or Markdown mark (* _ ` [ ] < > | # { } $ ~)")
    if title.casefold() in {t.casefold() for t in [*taken, "Start here", "Lecture", "Class", "Sources", "Glossary"]}:
        raise ValueError(f"{title!r} is the title of another page")
    if f"*{title}*" in registry_doc:
        raise ValueError(f"{title!r} is named already in the registry's reasons (pla_lab/lessons/__init__.py)")


def kept_slugs(root: Path, slug: str) -> list[str]:
    """Test names and files elsewhere that ``-k <slug>`` would select too (a warning, not a refusal)."""
    found = []
    for f in sorted((root / "tests").rglob("test_*.py")):
        hits = [n for n in re.findall(r"^\s*def (test_\w+)", f.read_text(encoding="utf-8"), re.M) if slug in n]
        if slug in f.stem or hits:
            found.append(f"{f.relative_to(root)}" + (f" ({', '.join(hits[:2])})" if hits else ""))
    return found


def registry(text: str, slug: str, title: str, before_title: str | None) -> str:
    """The registry (pla_lab/lessons/__init__.py) with the lesson imported, in ``LESSONS`` before ``BEFORE`` (at the
    end without it), and a line in the docstring's "why this order" at the same place."""
    const = slug.upper()
    line = f"from pla_lab.lessons.{slug}.{slug}_lesson import {const}\n"
    imports = list(re.finditer(r"^from pla_lab\.lessons\.\w+\.\w+ import \w+\n", text, re.M))
    at = next((m.start() for m in imports if m.group() > line), imports[-1].end())
    text = text[:at] + line + text[at:]
    m = re.search(r"^LESSONS = \((.*?)\)\n", text, re.M | re.S)
    order = [n.strip() for n in m.group(1).split(",") if n.strip()]
    order.insert(order.index(BEFORE) if BEFORE in order else len(order), const)
    rows, row = [], "LESSONS = ("
    for k, n in enumerate(order):
        piece = n + (", " if k < len(order) - 1 else ")")
        if len(row + piece.rstrip()) > 120:
            rows.append(row.rstrip())
            row = " " * len("LESSONS = (")
        row += piece
    text = text[:m.start()] + "\n".join([*rows, row]) + "\n" + text[m.end():]
    why = render((TEMPLATE / "docs" / "why.md-tpl").read_text(encoding="utf-8"), names(slug, title))
    why = textwrap.fill(" ".join(why.split()), 116, subsequent_indent="  ", break_on_hyphens=False) + "\n"
    place = f"\n- *{before_title}*" if before_title else None
    k = text.index(place) + 1 if place and place in text else text.index('"""', 3)
    return text[:k] + why + text[k:]


def lessons_doc(text: str, slug: str, title: str, before: str | None) -> str:
    """docs/lessons.md with the lesson's section (before the section of ``before``'s path, else before *Sources and
    Glossary*) and its path in the opening paragraph's list, counted."""
    section = render((TEMPLATE / "docs" / "lessons.md-tpl").read_text(encoding="utf-8"), names(slug, title))
    mark = f"(`/{before}`" if before else "(`/sources`"
    head = next(m for m in re.finditer(r"^## .*$", text, re.M) if mark in m.group())
    text = text[:head.start()] + section + "\n" + text[head.start():]
    m = re.search(r"the (\w+) lessons ((?:`/\w+`,\s+)+)and", text)
    if m:
        paths = re.findall(r"`/(\w+)`", m.group(2))
        paths.insert(paths.index(before) if before in paths else len(paths), slug)
        count = {v: k for k, v in WORDS.items()}.get(m.group(1))
        word = WORDS.get(len(paths), str(len(paths))) if count is not None else m.group(1)
        text = text[:m.start()] + f"the {word} lessons " + "".join(f"`/{p}`, " for p in paths) + text[m.end(2):]
        start, end = text.rfind("\n\n", 0, m.start()) + 2, text.find("\n\n", m.start())  # its paragraph, wrapped again
        text = text[:start] + textwrap.fill(" ".join(text[start:end].split()), 116, break_on_hyphens=False) + text[end:]
    return text


def readme(text: str, table: str) -> str:
    """README.md with its path table (from its header to "About N minutes in all.") replaced by ``table``."""
    m = re.search(r"^\| # \| Lesson \|.*?^About \d+ minutes in all\.$", text, re.M | re.S)
    return text[:m.start()] + table.strip() + text[m.end():] if m else text


def files(slug: str, title: str, root: Path = ROOT) -> dict[Path, str]:
    """The new files: the template's, filled in, where each goes."""
    where = {"lesson": root / "pla_lab" / "lessons" / slug, "tests": root / "tests" / "lessons" / slug,
             ".": root / "pages"}
    out = {}
    for src in sorted(TEMPLATE.rglob("*-tpl")):
        part = src.parent.relative_to(TEMPLATE).as_posix()
        if part in where:
            name = re.sub(r"(?<![a-z])slug(?![a-z])", slug, src.name.removesuffix("-tpl"))
            out[where[part] / (f"{slug}.py" if name == "page.py" else name)] = render(
                src.read_text(encoding="utf-8"), names(slug, title))
    return out


def write_readme(root: Path = ROOT) -> None:
    """README's path table written again from the registry (after a lesson's summary, needs, minutes or place
    changed), as a fresh interpreter reads it."""
    table = subprocess.run([sys.executable, "-m", "pla_lab.course.path"], cwd=root, capture_output=True, text=True,
                           check=True).stdout
    path = root / "README.md"
    path.write_text(readme(path.read_text(encoding="utf-8"), table), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--readme"]:
        write_readme()
        print("wrote README.md (the path's table)")
        return 0
    if len(args) != 2:
        print('usage: python -m pla_lab.new_lesson <slug> "<Title>"\n   or: python -m pla_lab.new_lesson --readme',
              file=sys.stderr)
        return 2
    slug, title = args
    sys.path.insert(0, str(ROOT))
    from pla_lab import lessons  # the registry as it is now: the titles taken, the lesson BEFORE names

    try:
        check_slug(slug)
        check_title(title, [x.title for x in lessons.LESSONS], lessons.__doc__ or "")
    except ValueError as e:
        print(f"new_lesson: {e}", file=sys.stderr)
        return 1
    before, also = getattr(lessons, BEFORE, None), kept_slugs(ROOT, slug)
    new = files(slug, title)
    if any(p.exists() for p in new):
        there = ", ".join(str(p) for p in new if p.exists())
        print(f"new_lesson: {there} exist already: nothing written", file=sys.stderr)
        return 1
    reg, doc, rd = ROOT / "pla_lab" / "lessons" / "__init__.py", ROOT / "docs" / "lessons.md", ROOT / "README.md"
    old = {p: p.read_text(encoding="utf-8") for p in (reg, doc, rd)}
    changed = {reg: registry(old[reg], slug, title, before.title if before else None),
               doc: lessons_doc(old[doc], slug, title, before.slug if before else None)}
    try:
        for p, text in {**new, **changed}.items():
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8")
        write_readme()
    except (OSError, subprocess.CalledProcessError) as e:  # undone: the checkout as it was
        for p in new:
            p.unlink(missing_ok=True)
        for p in {d for p in new for d in (p.parent,) if d.name == slug}:
            if p.exists() and not any(p.iterdir()):
                p.rmdir()
        for p, text in old.items():
            p.write_text(text, encoding="utf-8")
        print(f"new_lesson: {getattr(e, 'stderr', None) or e}\nnothing written", file=sys.stderr)
        return 1
    for p in [*new, *changed, rd]:
        print(f"wrote {p.relative_to(ROOT)}")
    if also:
        print(f"note: -k {slug} also selects tests in {'; '.join(also[:4])}" + (" …" if len(also) > 4 else ""))
    print(f"\nNext: python -m pytest -k {slug} -m 'not browser'   (the fast loop: the lesson's tests and every test "
          f"that takes each lesson)\n      streamlit run app.py   (then /{slug})\n      docs/adding-a-lesson.md "
          "(what to change, and every rule the tests hold a lesson to)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
