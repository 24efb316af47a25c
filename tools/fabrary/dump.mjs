// Dump the pinned @flesh-and-blood/cards package's `cards` array to JSON.
// Usage: node tools/fabrary/dump.mjs OUT.json
// Writes {"package": "@flesh-and-blood/cards", "version": "<x.y.z>", "cards": [...]}.
import { createRequire } from "node:module";
import { writeFileSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, "package.json"));
const out = process.argv[2];
if (!out) {
  console.error("usage: node dump.mjs OUT.json");
  process.exit(2);
}
const pkgDir = dirname(require.resolve("@flesh-and-blood/cards/package.json"));
const version = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")).version;
const { cards } = require("@flesh-and-blood/cards");
if (!Array.isArray(cards)) {
  console.error("@flesh-and-blood/cards did not export a cards array");
  process.exit(1);
}
writeFileSync(out, JSON.stringify({ package: "@flesh-and-blood/cards", version, cards }));
console.log(`wrote ${cards.length} cards (version ${version}) to ${out}`);
