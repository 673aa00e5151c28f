import { expect } from 'vitest';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { signInSuperAdmin } from './session.ts';
import type { SpecPath } from '@portal/contract';
import { MAIN, outcome, specPaths } from './spec-walk.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** WCAG 2.2 A and AA (axe tags each rule with the version that added it). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One serious or critical rule broken on a screen, with every offending node. */
export interface A11yFinding {
  rule: string;
  impact: string;
  help: string;
  /** Each node's selector, the start of its markup and, for contrast, its colours. */
  nodes: string[];
}

/**
 * The page's structure as the issue asks it, which axe counts only as best practice: exactly one `main` landmark and
 * one `h1` that a person can perceive.
 */
async function structure(page: Page): Promise<A11yFinding[]> {
  // One function without inner named ones: tsx would wrap those in a helper the page does not have.
  const [main, h1] = await page.evaluate((selectors) =>
    selectors.map((selector) =>
      [...document.querySelectorAll(selector)]
        .filter((e) => e.getClientRects().length > 0 && !e.closest('[aria-hidden="true"], [hidden], [inert]'))
        .map((e) => e.outerHTML.slice(0, 120)),
    ), ['main, [role="main"]', 'h1, [role="heading"][aria-level="1"]']);
  const counts = { main: main ?? [], h1: h1 ?? [] };
  const findings: A11yFinding[] = [];
  if (counts.main.length !== 1) findings.push({ rule: 'one-main-landmark', impact: 'serious', help: `The page must have one main landmark (has ${counts.main.length})`, nodes: counts.main });
  if (counts.h1.length !== 1) findings.push({ rule: 'one-h1', impact: 'serious', help: `The page must have one h1 (has ${counts.h1.length})`, nodes: counts.h1 });
  return findings;
}

/** axe-core over the open page (serious and critical WCAG 2.2 A/AA violations), and the page's structure. */
export async function audit(page: Page): Promise<A11yFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const options: RunOptions = { runOnly: { type: 'tag', values: TAGS }, resultTypes: ['violations'] };
  const violations = await page.evaluate(async (opts) => {
    const { axe } = window as unknown as { axe: { run(ctx: Document, o: RunOptions): Promise<AxeResults> } };
    return (await axe.run(document, opts)).violations;
  }, options);
  const found = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => {
        const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const colours = data?.fgColor ? ` ${data.fgColor} on ${data.bgColor} (${data.contrastRatio}:1)` : '';
        return `${n.target.join(' ')}${colours} ${n.html.slice(0, 160)}`;
      }),
    }));
  return [...found, ...(await structure(page))];
}

/** One path of the walk: where it landed, what it showed, and what was found on it when it showed a screen. */
export interface A11yScreen {
  spec?: SpecPath;
  path: string;
  landed: string;
  seen: Awaited<ReturnType<typeof outcome>>;
  findings: A11yFinding[];
}

/** Requests in flight, long-lived streams aside: a screen has its data once none is left. */
function trackRequests(page: Page): () => number {
  let inFlight = 0;
  const counted = new WeakSet<object>();
  page.on('request', (r) => {
    if (r.resourceType() === 'eventsource') return;
    counted.add(r);
    inFlight++;
  });
  const done = (r: object) => {
    if (counted.delete(r)) inFlight--;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => inFlight;
}

/**
 * Opens a path inside the running app: its router follows `history.pushState`, so the app and axe load once rather
 * than once a screen. Waits until the shell's content area shows something else than before and no request is left;
 * when nothing changes (two screens alike), opens the path as a new page instead.
 */
async function openInApp(page: Page, path: string, inFlight: () => number): Promise<void> {
  const before = await page.evaluate((sel) => document.querySelector(sel)?.textContent ?? '', MAIN);
  await page.evaluate((p) => {
    const key = Math.random().toString(36).slice(2);
    const index = ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
    history.pushState({ __TSR_index: index, key, __TSR_key: key }, '', p);
  }, path);
  try {
    await page.waitForFunction(([sel, old]) => {
      const now = (document.querySelector(sel!)?.textContent ?? '').trim();
      return now.length > 0 && now !== old!.trim();
    }, [MAIN, before] as const, { timeout: 5_000, polling: 50 });
  } catch {
    await page.goto(path);
  }
  // Three quiet looks in a row; a screen that keeps polling is audited after 10 s all the same.
  for (let quiet = 0, looks = 0; quiet < 3 && looks < 200; looks++) {
    await page.waitForTimeout(50);
    quiet = inFlight() === 0 ? quiet + 1 : 0;
  }
  // A request that starts after the quiet looks (a record asked for once its screen's code has run) still shows its
  // spinner: the audit is of the screen with its data.
  await page.waitForFunction((sel) => !document.querySelector(`${sel} .ant-spin-spinning, ${sel} [data-testid$="-loading"]`), MAIN, { timeout: 15_000, polling: 50 });
}

/**
 * The sign-in page, then, signed in as the Super Admin, every spec path of the shell and of every built entry (the
 * registry's lists, details, creates and edits, so a new screen is walked once it is built), each audited once its
 * screen has rendered with its data. A path that lands on a refusal or the not-found page is reported, not audited.
 */
export async function* a11yWalk(page: Page, baseURL: string): AsyncGenerator<A11yScreen> {
  const inFlight = trackRequests(page);
  await page.goto('/login');
  await page.getByTestId('login-username').waitFor();
  yield { path: '/login', landed: '/login', seen: 'screen', findings: await audit(page) };
  await signInSuperAdmin(page, baseURL);
  for await (const { spec, path } of specPaths(page)) {
    await openInApp(page, path, inFlight);
    const seen = await outcome(page);
    const landed = new URL(page.url()).pathname;
    yield { spec, path, landed, seen, findings: seen === 'screen' ? await audit(page) : [] };
  }
}

/** A finding as lines: impact, rule, where, and its nodes. */
export function describeFinding(path: string, f: A11yFinding): string {
  return `${f.impact} ${f.rule} on ${path}: ${f.help}\n${f.nodes.map((n) => `    ${n}`).join('\n')}`;
}

/** No serious or critical accessibility finding on the open screen (the pointer moved away, so no button is judged in its hover colour). */
export async function expectAccessible(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  expect(await audit(page)).toEqual([]);
}
