// Writing SVG into the page without adding or removing elements where none comes or goes: an animation's frame changes
// a path's `d` and a marker's `transform` in place. An element added or removed makes the browser match the page's
// `:has()` rules anew (the page's style, pla_lab/framework/style.py: the whole page's style, every frame, 50 ms a
// frame on a slow phone's CPU).

const NS = "http://www.w3.org/2000/svg";

/**
 * Make element `el` what `fresh` (parsed off the page) is: its attributes and texts written in place where the two
 * have the same shape, an element replaced only where they differ.
 */
export function patch(el, fresh) {
  if (el.tagName !== fresh.tagName || el.childNodes.length !== fresh.childNodes.length) {
    el.replaceWith(fresh);
    return;
  }
  for (const a of [...el.attributes]) if (!fresh.hasAttribute(a.name)) el.removeAttribute(a.name);
  for (const a of fresh.attributes) if (el.getAttribute(a.name) !== a.value) el.setAttribute(a.name, a.value);
  const kids = [...fresh.childNodes];
  kids.forEach((n, i) => {
    const c = el.childNodes[i];
    if (n.nodeType === 3) { if (c.nodeValue !== n.nodeValue) c.nodeValue = n.nodeValue; } else patch(c, n);
  });
}

/** Make group `g`'s children those of the SVG text `html`, each patched in place where it has the same shape. */
export function patchAll(g, html) {
  const fresh = document.createElementNS(NS, "g");
  fresh.innerHTML = html;
  const kids = [...fresh.children];
  kids.forEach((n, i) => (g.children[i] ? patch(g.children[i], n) : g.appendChild(n)));
  while (g.children.length > kids.length) g.lastChild.remove();
}

