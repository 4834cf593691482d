// Render the app's PNG icons from icons/icon.svg with resvg (pinned in package.json): the same SVG and
// resvg version give the same bytes, so the icons are rebuilt by every build instead of committed.
//
//   node tools/icons.mjs <icon.svg> <out dir>
//
// Writes icon-<size>.png ("any" purpose: the rounded square), maskable-<size>.png (a full-bleed
// square with the art inside the central 80% safe zone, for Android's adaptive shapes) and
// apple-touch-icon.png (iOS rounds the corners itself, so it gets the full-bleed square too).
import { Resvg } from "@resvg/resvg-js";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const ANY = [32, 192, 512];
export const MASKABLE = [192, 512];

const [source, out] = process.argv.slice(2);
if (!source || !out) {
  console.error("usage: node tools/icons.mjs <icon.svg> <out dir>");
  process.exit(2);
}
const svg = readFileSync(source, "utf8");

function part(pattern, what) {
  const found = svg.match(pattern);
  if (!found) throw new Error(`${source} has no ${what}`);
  return found[0];
}

const defs = part(/<defs>[\s\S]*?<\/defs>/, "<defs>");
const art = part(/<g id="art">[\s\S]*?<\/g>/, '<g id="art">');
const background = part(/<rect id="bg"[^>]*>/, '<rect id="bg">').match(/fill="([^"]+)"/)[1];
// The maskable safe zone is a circle of radius 40% around the centre: scale the art to 80%.
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${defs}
<rect width="512" height="512" fill="${background}"/>
<g transform="translate(51.2 51.2) scale(0.8)">${art}</g></svg>`;

function png(text, size) {
  return new Resvg(text, { fitTo: { mode: "width", value: size }, font: { loadSystemFonts: false } }).render().asPng();
}

mkdirSync(out, { recursive: true });
for (const size of ANY) writeFileSync(join(out, `icon-${size}.png`), png(svg, size));
for (const size of MASKABLE) writeFileSync(join(out, `maskable-${size}.png`), png(square, size));
writeFileSync(join(out, "apple-touch-icon.png"), png(square, 180));
