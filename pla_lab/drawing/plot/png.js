// The plot as a PNG at twice its size on screen, for slides: its SVG drawn on a canvas over the page's background.

const NS = "http://www.w3.org/2000/svg";

/** The SVG text of `svg` as a file of its own, `bg` under everything it draws (after its definitions). Pure DOM. */
export function standalone(svg, bg) {
  const clone = svg.cloneNode(true);
  clone.setAttribute("xmlns", NS);
  const back = document.createElementNS(NS, "rect");
  back.setAttribute("width", "100%");
  back.setAttribute("height", "100%");
  back.setAttribute("fill", bg);
  const defs = clone.querySelector("defs");
  clone.insertBefore(back, defs ? defs.nextSibling : clone.firstChild);
  return new XMLSerializer().serializeToString(clone);
}

/** Download `svg` as `name` (PNG), `scale` times its size on screen, over the background colour `bg`. */
export async function savePng(svg, bg, name = "pla-lab-plot.png", scale = 2) {
  const w = Number(svg.getAttribute("width")), h = Number(svg.getAttribute("height"));
  const img = new Image();
  img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(standalone(svg, bg));
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(w * scale);
  canvas.height = Math.round(h * scale);
  const g = canvas.getContext("2d");
  g.scale(scale, scale);
  g.drawImage(img, 0, 0, w, h);
  const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** The button (top right of the plot, shown on hover or focus) that saves the plot as a PNG. */
export function pngButton(gd, svg) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "pla-png";
  b.title = b.ariaLabel = "Download plot as a PNG";
  b.textContent = "⤓ PNG";
  b.addEventListener("click", (e) => {
    e.stopPropagation();
    const bg = getComputedStyle(document.querySelector("[data-testid=stApp]") || document.body).backgroundColor;
    savePng(svg, bg && bg !== "rgba(0, 0, 0, 0)" ? bg : "#ffffff").catch(() => {});
  });
  gd.appendChild(b);
  return b;
}
