// Every lint suppression says why: `// oxlint-disable-next-line rule -- the reason`. A bare one fails `npm run lint`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx', '*.mjs', '*.js'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const directive = /(?:eslint|oxlint)-disable(?:-next-line|-line)?\b(.*)$/;
const bad = [];
for (const file of files) {
  if (file === 'scripts/lint-suppressions.mjs') continue;
  readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
    const m = directive.exec(line);
    if (m && !/\s--\s+\S{3,}/.test(m[1] ?? '')) bad.push(`${file}:${i + 1}: ${line.trim()}`);
  });
}
if (bad.length) {
  console.error(`Lint suppressions without a reason (add ' -- why'):\n${bad.join('\n')}`);
  process.exit(1);
}
