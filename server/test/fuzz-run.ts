import { parseArgs } from 'node:util';
import { buildTestApp } from './harness.ts';
import { DEFAULT_FUZZ_SEED, describeProblem, runFuzz, summarize } from './fuzz/fuzz-runner.ts';

/*
 * `npm run fuzz -- --cases 100000 [--seed N] [--only operation-id-part]`: the fuzz suite's generator as a command, on a
 * fresh database with the demo data (PGlite, or PostgreSQL with TEST_DATABASE_URL). Prints the cases run, the 5xx seen
 * and every failing request; exits 1 when any case broke the rules.
 */
const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '100000' },
    seed: { type: 'string', default: String(DEFAULT_FUZZ_SEED) },
    only: { type: 'string' },
    show: { type: 'string', default: '50' },
  },
});
const cases = Number(values.cases);
const seed = Number(values.seed);
if (!Number.isInteger(cases) || cases < 1 || !Number.isInteger(seed)) {
  console.error('usage: npm run fuzz -- --cases <n> [--seed <n>] [--only <operation id part>] [--show <n>]');
  process.exit(2);
}
const only = values.only;

const h = await buildTestApp();
let nextMark = 1000;
const report = await runFuzz(h, {
  seed,
  cases,
  ...(only ? { only: (op) => op.id.includes(only) } : {}),
  onProgress: (done, total) => {
    if (done < nextMark) return;
    nextMark += 1000;
    process.stdout.write(`  ${done}/${total}\n`);
  },
});
const show = Number(values.show);
for (const p of report.problems.slice(0, show)) console.log(describeProblem(p));
if (report.problems.length > show) console.log(`… and ${report.problems.length - show} more`);
const unpathed = [...report.unpathed400s.entries()].sort(([, a], [, b]) => b - a);
if (unpathed.length) console.log(`400s without a field path, by message:\n${unpathed.map(([m, n]) => `  ${n}× ${m.slice(0, 160)}`).join('\n')}`);
console.log(summarize(report));
await h.app.close();
await h.testDb.drop();
process.exit(report.problems.length ? 1 : 0);
