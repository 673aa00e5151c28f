// `npm run a11y`: axe-core over the sign-in page and every spec path of every built entry (a started portal, its own
// data, headless Chromium), counting serious and critical WCAG 2.2 A/AA violations by rule. Exits 1 on any, so it can
// become a CI gate once the count is 0.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { startPortal } from './support/server.ts';
import { signInSuperAdmin } from './support/session.ts';
import { outcome, specPaths } from './support/spec-walk.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Finding {
  rule: string;
  impact: string;
  help: string;
  nodes: number;
  sample: string;
  /** Every node's selector and, for contrast, its colours (printed with A11Y_VERBOSE=1). */
  all: string[];
}

async function audit(page: Page): Promise<Finding[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; any?: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        nodes: v.nodes.length,
        sample: JSON.stringify(v.nodes[0]?.target ?? ''),
        all: v.nodes.map((n) => `${JSON.stringify(n.target)} ${(n as { any?: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[] }).any?.[0]?.data?.fgColor ?? ''} on ${(n as { any?: { data?: { bgColor?: string } }[] }).any?.[0]?.data?.bgColor ?? ''}`),
      }));
  }, TAGS);
}

const portal = await startPortal();
const browser = await launchBrowser();
const byRule = new Map<string, { impact: string; help: string; screens: number; nodes: number; sample: string; where: string; kinds: Map<string, number> }>();
let screens = 0;
let clean = 0;
const record = (where: string, findings: Finding[]) => {
  screens++;
  if (!findings.length) clean++;
  for (const f of findings) {
    const seen = byRule.get(f.rule) ?? { impact: f.impact, help: f.help, screens: 0, nodes: 0, sample: f.sample, where, kinds: new Map<string, number>() };
    seen.screens++;
    seen.nodes += f.nodes;
    for (const node of f.all) seen.kinds.set(node.replace(/_r_[0-9a-z_]+|\d+/g, '#'), (seen.kinds.get(node.replace(/_r_[0-9a-z_]+|\d+/g, '#')) ?? 0) + 1);
    byRule.set(f.rule, seen);
  }
};
try {
  const context = await browser.newContext({ baseURL: portal.url, viewport: { width: 1366, height: 860 }, bypassCSP: true, locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByTestId('login-username').waitFor();
  record('/login', await audit(page));
  await signInSuperAdmin(page, portal.url);
  for await (const { path } of specPaths(page)) {
    await page.goto(path);
    if ((await outcome(page)) !== 'screen') continue;
    record(path, await audit(page));
  }
} finally {
  await browser.close();
  await portal.stop();
}
const rows = [...byRule].sort((a, b) => b[1].screens - a[1].screens);
console.log(`a11y: ${screens} screens, ${clean} without serious or critical violations`);
for (const [rule, r] of rows) {
  console.log(`  ${r.impact.padEnd(8)} ${rule.padEnd(32)} ${String(r.screens).padStart(4)} screens ${String(r.nodes).padStart(6)} nodes  e.g. ${r.where} ${r.sample}  (${r.help})`);
  if (process.env.A11Y_VERBOSE) for (const [kind, n] of [...r.kinds].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`      ${String(n).padStart(5)}  ${kind.slice(0, 220)}`);
}
process.exit(rows.length ? 1 : 0);
