"""The page's style beyond Streamlit's own (:func:`frame.page_head` puts it in the page): presenter mode's layout
for a projector, text drawn darker or lighter for contrast, and a phone's order of the plot, its chart and
Back/Step/Play. Plain strings: no Streamlit."""

from __future__ import annotations

from pla_lab.framework.first_picture import STACK
from pla_lab.framework.widgets import COLUMN, SIDE, TOOLS, TRANSPORT, WORDS, plot_class

MAIN = "present-main"  # presenter mode's plot and chart with the numbers' box under them (a wide lesson's)
_BOTH = f"[data-testid=stMain] :is(.st-key-{COLUMN},.st-key-{MAIN})"
WORDS_REM = 1.15  # the numbers' size in presenter mode (the room's other words: 1.3 rem; the chart's text: 1 rem)

#: Presenter mode's style: words readable from the back of a room, less padding, no toolbar strip; in the narrow
#: column beside a wide lesson's plot and chart, Back/Step/Play without their key hints, and no 8 rem floor under
#: a column's width, narrower padding in buttons (three then fit side by side), and the labels of what only the
#: lecturer presses a little smaller than the words the room reads.
PRESENT_CSS = ("[data-testid=stMainBlockContainer]{padding-top:0.4rem;padding-bottom:0.5rem}"
               f".st-key-{SIDE} kbd{{display:none}}.st-key-{SIDE} [data-testid=stColumn]{{min-width:0}}"
               f".st-key-{SIDE} button{{padding-left:0.5rem;padding-right:0.5rem}}"
               # a switch's label wraps in the narrow column (Streamlit cuts it to one line: "η decay…")
               f".st-key-{SIDE} [data-testid=stCheckbox] [data-testid=stMarkdownContainer]"
               "{white-space:normal;text-overflow:clip}"
               f".st-key-{SIDE} [data-testid=stCheckbox] [data-testid=stMarkdownContainer] p{{white-space:normal}}"
               f"[data-testid=stMain] .st-key-{SIDE} :is(button,label,[data-testid=stWidgetLabel]) p{{font-size:1.1rem}}"
               # The column beside the plot (a wide lesson's plot and chart, with the box under them) is the
               # screen's height, less a lecture's bar; its numbers fill what the controls (the plot) leave, in a
               # box that ends on the screen: no line of them is cut by the screen's bottom edge.
               f"{_BOTH}{{height:calc(100dvh - 3rem);min-height:calc(100dvh - 3rem)}}"
               f"[data-testid=stMain] .st-key-{MAIN}{{height:calc(100dvh - 3rem - var(--pla-bar, 0px));"
               "min-height:calc(100dvh - 3rem - var(--pla-bar, 0px))}"
               f":is({_BOTH}) [data-testid=stLayoutWrapper]:has(>.st-key-{WORDS})"
               "{flex:1 1 0;min-height:4rem;display:flex;flex-direction:column}"
               f":is({_BOTH}) .st-key-{WORDS}{{flex:1 1 0;min-height:0;overflow-y:auto}}"
               f"{_BOTH} .st-key-{WORDS} :is(p,li,td,th){{font-size:{WORDS_REM}rem;line-height:1.4}}"
               "[data-testid=stHeader]{background:transparent;height:2.2rem}"
               "[data-testid=stMain] [data-testid=stMarkdownContainer] p,"
               "[data-testid=stMain] [data-testid=stMarkdownContainer] li,"
               "[data-testid=stMain] [data-testid=stMarkdownContainer] td{font-size:1.3rem;line-height:1.45}")


#: Text Streamlit draws fainter than WCAG's 4.5:1 (axe-core's serious colour-contrast findings): the shortcut hints
#: on buttons, captions, and a slider's value drawn in the primary colour. Darker on light, lighter on dark; on the
#: red (primary) Step button the hint is white like its label (5.2:1 light, 4.6:1 dark; grey on red: 1.7:1, 2.8:1).
_PRIMARY_KBD = "[data-testid=stMain] [data-testid=stBaseButton-primary] kbd{color:#FFFFFF !important}"
CONTRAST_CSS = {
    "light": ("[data-testid=stMain] kbd,[data-testid=stCaptionContainer]{opacity:1 !important}"
              "[data-testid=stMain] kbd,[data-testid=stCaptionContainer]{color:#4A4C55 !important}"
              "[data-testid=stSliderThumbValue] p{color:#B3232A !important}" + _PRIMARY_KBD),
    "dark": ("[data-testid=stMain] kbd,[data-testid=stCaptionContainer]{opacity:1 !important}"
             "[data-testid=stMain] kbd,[data-testid=stCaptionContainer]{color:#C9CBD1 !important}"
             "[data-testid=stSliderThumbValue] p{color:#FF9A9A !important}" + _PRIMARY_KBD),
}


#: Presenter mode's style is for a projector: a presenter's link opened on a phone (640 px and less, where Streamlit
#: stacks columns) gets the phone's page, the plot first and the words at their usual size.
PROJECTOR = "@media (min-width:641px){%s}"
_MAIN = "[data-testid=stMainBlockContainer]>[data-testid=stVerticalBlock]"
PRESENT_KEY = "present-button"  # its container's key (presenter mode is for a projector: no button on a phone)
_BOXES = ":is([data-testid=stLayoutWrapper],[data-testid=stVerticalBlock],[data-testid=stHorizontalBlock]," \
         "[data-testid=stColumn])"


def phone_order(lessons) -> str:
    """On a phone (where Streamlit stacks columns, at 640 px and less) the page starts under Streamlit's header, and
    the plot comes first under the heading, then Back/Step/Play (side by side, without keyboard hints), then the
    point tools, then the words. The boxes holding
    the plot or the transport are flattened (display: contents), so the plot, the transport and the words become
    items of the page's column, which CSS order can place; the point tools row, outside the lesson's fragment, goes
    between. Presenter mode's layout (its heading beside the plot, an h4) comes out in the same order."""
    plots = ",".join(f".{plot_class(lesson)}" for lesson in lessons)
    tools, transport = f".st-key-{TOOLS}", f".st-key-{TRANSPORT}"
    stack = f".st-key-{STACK}"  # the plot with its first picture over it: one item until the live plot is drawn
    flat = f"{_MAIN} {_BOXES}:not({stack}):has({transport},{plots})"
    # Once drawn, the live plot's boxes are flattened too, so that its chart comes after Back/Step/Play (a chart
    # under the plot pushed them off a 390×844 screen); the transport never moves, the chart was not there before.
    live = f"{stack}:has(.pla-svg)"
    # Streamlit's header is opaque on a phone (60 px, the page's background; transparent wider): the page starts
    # under it, or it hides the lesson's title.
    return ("[data-testid=stMainBlockContainer]{padding-top:3.25rem}"
            f"{flat}{{display:contents}}{flat}>*{{order:4}}{flat}>:is({plots},{transport},{stack}){{order:1}}"
            f"{live},{live}>:has(.pla-wrap),{live}>* :has(.pla-wrap),{live} .pla-wrap.pla-wrap{{display:contents}}"
            # (the component's other child, its style sheet's box, out of the flow: as an item it added a gap)
            f"{live} [data-testid=stBidiComponentRegular]>:not(.pla-wrap){{position:absolute}}"
            f"{stack}{{margin-bottom:0!important}}{stack} .pla-plot{{order:1}}{stack} .pla-chart{{order:2}}"
            f"{flat}>[data-testid=stElementContainer]:has(h4){{order:0}}"
            f"{_MAIN}>:is({tools},:has({tools})){{order:3}}{transport} [data-testid=stColumn]{{min-width:0}}"
            f"{transport} kbd{{display:none}}.st-key-{PRESENT_KEY}{{display:none}}")
