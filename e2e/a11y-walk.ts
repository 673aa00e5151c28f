// `npm run a11y`: axe-core over the sign-in page and every spec path of every built entry (a started portal, its own
// data, headless Chromium), counting serious and critical WCAG 2.2 A/AA violations by rule; A11Y_VERBOSE=1 lists every
// node on every screen. Exits 1 on any. The same walk is the gate in specs/a11y.e2e.test.ts.
import { a11yWalk, describeFinding } from './support/a11y.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { startPortal } from './support/server.ts';

const started = Date.now();
const portal = await startPortal();
const browser = await launchBrowser();
const byRule = new Map<string, { impact: string; help: string; screens: number; nodes: number; where: string }>();
let screens = 0;
let clean = 0;
try {
  const { page } = await newPage(browser, portal.url, { bypassCSP: true });
  for await (const { path, findings } of a11yWalk(page, portal.url)) {
    screens++;
    if (!findings.length) clean++;
    for (const f of findings) {
      const seen = byRule.get(f.rule) ?? { impact: f.impact, help: f.help, screens: 0, nodes: 0, where: `${path} ${f.nodes[0] ?? ''}` };
      seen.screens++;
      seen.nodes += f.nodes.length;
      byRule.set(f.rule, seen);
      if (process.env.A11Y_VERBOSE) console.log(describeFinding(path, f));
    }
  }
} finally {
  await browser.close();
  await portal.stop();
}
const rows = [...byRule].sort((a, b) => b[1].screens - a[1].screens);
console.log(`a11y: ${screens} screens, ${clean} without serious or critical violations (${((Date.now() - started) / 1000).toFixed(0)} s)`);
for (const [rule, r] of rows) {
  console.log(`  ${r.impact.padEnd(8)} ${rule.padEnd(24)} ${String(r.screens).padStart(4)} screens ${String(r.nodes).padStart(6)} nodes  e.g. ${r.where}  (${r.help})`);
}
process.exit(rows.length ? 1 : 0);
