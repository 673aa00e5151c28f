/**
 * `npm run bench -- <name> [--scale N]`: runs one benchmark (or all) and prints each figure beside its baseline.
 * BENCH_DATABASE_URL=postgres://... runs on PostgreSQL; otherwise an in-memory PGlite.
 */
import * as analytics from './benchmarks/analytics.ts';
import * as analyticsEvents from './benchmarks/analytics-events.ts';
import * as catalogLists from './benchmarks/catalog-lists.ts';
import * as logHistory from './benchmarks/log-history.ts';
import * as exportsBench from './benchmarks/exports.ts';
import * as importsBench from './benchmarks/imports.ts';
import * as chatSse from './benchmarks/chat-sse.ts';
import * as consumers from './benchmarks/consumers.ts';
import * as customerMap from './benchmarks/customer-map.ts';
import * as couponCodes from './benchmarks/coupon-codes.ts';
import * as load from './benchmarks/load.ts';
import * as web from './benchmarks/web.ts';
import * as stamps from './benchmarks/stamps.ts';
import * as orders from './benchmarks/orders.ts';
import * as vouchers from './benchmarks/vouchers.ts';
import * as reports from './benchmarks/reports.ts';
import * as tillReports from './benchmarks/till-reports.ts';
import * as moveBackup from './benchmarks/move-backup.ts';

const BENCHMARKS: Record<string, { run(scale: number): Promise<void> }> = { 'log-history': logHistory, 'catalog-lists': catalogLists, exports: exportsBench, imports: importsBench, 'chat-sse': chatSse, consumers, load, web, stamps, 'coupon-codes': couponCodes, orders, vouchers, analytics, 'analytics-events': analyticsEvents, 'customer-map': customerMap, reports, 'till-reports': tillReports, 'move-backup': moveBackup };

const args = process.argv.slice(2);
const scaleAt = args.indexOf('--scale');
const scale = scaleAt >= 0 ? Number(args[scaleAt + 1]) : 0;
const names = args.filter((a, i) => !a.startsWith("--") && !(scaleAt >= 0 && i === scaleAt + 1));
const chosen = names.length ? names : Object.keys(BENCHMARKS);
for (const name of chosen) {
  const bench = BENCHMARKS[name];
  if (!bench) {
    console.error(`Unknown benchmark ${name}. Known: ${Object.keys(BENCHMARKS).join(', ')}`);
    process.exit(2);
  }
  await bench.run(scale);
}
