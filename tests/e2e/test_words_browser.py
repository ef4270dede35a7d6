"""What Chromium draws of the words (issue 21, part 3): each lesson's guide, opened as a person opens it, shows every
formula of its source with its stars, underscores and backslashes (R²/ρ*², ρ*, w*, E_in), the numbers beside the
plot show theirs, and no italics or bold start or end inside a word or a formula. A link's own text stays text."""

from __future__ import annotations

import re

from pla_lab.course.path import BY_SLUG
from pla_lab.lessons import LESSONS
from tests.browser import DRAWN, READY, switch_page, walk_lessons
from tests.ui.helpers import start
from tests.ui.reader import CLOSE_BOUNDARY, OPEN_BOUNDARY, intended, read

GUIDE = "What to look at, what to try"

#: Every box of words on the page: its text as drawn, and each italic or bold run with the characters around it.
WORDS_JS = """() => [...document.querySelectorAll('[data-testid=stMarkdownContainer]')].map((box) => {
  let text = ''; const marks = [];
  const walk = (node) => {
    if (node.nodeType === 3) { text += node.data; return; }
    if (node.nodeType !== 1) return;
    const block = /^(P|LI|TD|TH|H[1-6]|DIV|UL|OL|TR|TABLE|BR)$/.test(node.tagName);
    if (block) text += '\\n';
    const start = text.length;
    node.childNodes.forEach(walk);
    if (node.tagName === 'EM' || node.tagName === 'STRONG') marks.push([start, text.length]);
    if (block) text += '\\n';
  };
  walk(box);
  return {text, marks: marks.map(([a, b]) => [text[a - 1] || '', text.slice(a, b), text[b] || ''])};
})"""


def formulas(words: str, *, markdown: bool = False) -> set[str]:
    """The source's formulas that hold a star, an underscore or a backslash, as a reader should see them (or, with
    ``markdown``, as CommonMark reads Markdown the page was sent)."""
    out = set()
    for token in (read(words).text if markdown else intended(words)).split():
        token = token.strip(",.;:()")
        if re.search(r"[*_\\]", token):
            out.add(token)
    return out


def drawn(page) -> tuple[str, list]:
    boxes = page.evaluate(WORDS_JS)
    return " ".join(" ".join(b["text"] for b in boxes).split()), [m for b in boxes for m in b["marks"]]


def open_lesson(page, url: str):
    page.goto(url)
    page.wait_for_selector(READY, timeout=30_000)
    page.wait_for_selector(f"{DRAWN}, [data-testid=stMarkdownContainer]", state="attached", timeout=30_000)


def assert_marks_around_words(marks: list) -> None:
    """Italics and bold wrap whole words: never a run from inside ρ*² to inside ρ*, as Markdown did with stars."""
    bad = [m for m in marks if m[0] not in OPEN_BOUNDARY | {"", "\n"} or m[2] not in CLOSE_BOUNDARY | {"", "\n"}]
    assert not bad, bad


def test_a_lesson_s_guide_shows_every_formula_as_written(server, context):
    """One page load, then each lesson by its sidebar link."""
    page = context.new_page()
    guided = [lesson.slug for lesson in LESSONS if lesson.guide]  # every lesson with a guide, in the registry's order
    open_lesson(page, f"{server}/{guided[0]}")
    walk_lessons(page, guided, lambda slug: guide_as_written(page, slug))


def guide_as_written(page, slug: str) -> None:
    page.wait_for_selector(READY, timeout=30_000)
    guide = page.locator("[data-testid=stExpander]", has_text=GUIDE).first
    if not guide.locator("details[open]").count():
        guide.get_by_text(GUIDE).click()
    page.wait_for_function("(g) => [...document.querySelectorAll('[data-testid=stExpander] details[open]')]"
                           ".some((d) => d.textContent.includes(g))", arg=GUIDE, timeout=30_000)
    text, marks = drawn(page)
    missing = {f for f in formulas(BY_SLUG[slug].guide) if f not in text}
    assert not missing, f"{slug}'s guide lost {missing}"
    assert_marks_around_words(marks)


# With formulas (a star, an underscore, a backslash) at first; /pla has none since issue 22 took R²/ρ*² out of its
# guide (R and ρ* are taught later, in Why PLA halts).
def test_the_words_the_server_sends_are_drawn_with_every_formula(server, context):
    """Every formula in the words of a lesson's first page (AppTest's view of what the server sends) is in what
    Chromium draws: the reader of these tests and the browser agree. One page load, then each lesson by its
    sidebar link."""
    page = context.new_page()
    open_lesson(page, f"{server}/halts")  # (the Pocket's first page lost its last one, E_in, to Eᵢₙ: issue 33)
    walk_lessons(page, ["halts", "compare", "margin", "online"], lambda slug: sent_is_drawn(page, slug))


def sent_is_drawn(page, slug: str) -> None:
    at = start(page=f"../pages/{slug}.py")
    sent = [e.value for kind in ("markdown", "caption", "info", "success", "warning", "error") for e in at.get(kind)
            if not getattr(e.proto, "allow_html", False)]
    want = set().union(*(formulas(text, markdown=True) for text in sent))
    page.wait_for_function("(n) => document.querySelectorAll('[data-testid=stMarkdownContainer]').length >= n",
                           arg=len(sent), timeout=30_000)
    text, marks = drawn(page)
    assert want and not {f for f in want if f not in text}
    assert_marks_around_words(marks)


def test_pla_s_guide_keeps_its_formulas_and_no_italics_but_the_lessons_name(server, context):
    page = context.new_page()
    open_lesson(page, server + "/pla")
    text, marks = drawn(page)
    assert "grows by exactly η‖x̃‖², as the numbers show" in text and "yₙwₜ₊₁ᵀx̃ₙ ≥ yₙwₜᵀx̃ₙ" in text
    assert_marks_around_words(marks)
    italic = page.locator("[data-testid=stExpander] em").all_inner_texts()
    assert italic == ["Why PLA halts"]


def test_the_numbers_beside_the_plot_show_rho_star_and_the_margin_bound(server, context):
    page = context.new_page()
    open_lesson(page, f"{server}/halts")
    text, marks = drawn(page)
    assert re.search(r"ρ\* = \d", text) and "R²/ρ*²" in text and "w*" in text
    assert_marks_around_words(marks)
    switch_page(page, "margin")  # as a student moves on: no second page load
    text, marks = drawn(page)
    assert "8R²/(γρ*) + 4R/ρ*" in text and re.search(r"ρ\* = \d", text)
    assert_marks_around_words(marks)


def test_a_link_s_own_text_is_shown_as_text(server, context):
    page = context.new_page()
    open_lesson(page, f"{server}/?seed=*x*_$y$[a](//b)")
    alert = page.locator("[data-testid=stAlert]", has_text="seed=")
    alert.first.wait_for(timeout=30_000)
    assert "seed=*x*_$y$[a](//b)" in alert.first.inner_text()
    assert alert.locator("em, strong, a, .katex").count() == 0
