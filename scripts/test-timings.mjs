// Prints the slowest test files of one or more vitest JSON reports (--reporter=json), for CI's closing
// table, and their total. Usage: node scripts/test-timings.mjs [--top N] LABEL=report.json [LABEL=report.json…]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
let top = 20;
const reports = [];
for (let at = 0; at < args.length; at++) {
  if (args[at] === '--top') top = Number(args[++at]);
  else reports.push(args[at]);
}

const rows = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
for (const report of reports) {
  const [label, file] = report.includes('=') ? report.split('=', 2) : [path.basename(report), report];
  if (!existsSync(file)) continue;
  const { testResults, numPassedTests, numFailedTests, numPendingTests, numTodoTests } = JSON.parse(
    readFileSync(file, 'utf8'),
  );
  totals.passed += numPassedTests;
  totals.failed += numFailedTests;
  totals.skipped += numPendingTests + numTodoTests;
  for (const result of testResults) {
    const tests = result.assertionResults ?? [];
    rows.push({
      label,
      file: path.relative(process.cwd(), result.name),
      seconds: (result.endTime - result.startTime) / 1000,
      tests: tests.length,
      failed: tests.filter((test) => test.status === 'failed').length,
    });
  }
}
rows.sort((a, b) => b.seconds - a.seconds);
const total = rows.reduce((sum, row) => sum + row.seconds, 0);
console.log(
  `${rows.length} test files, ${total.toFixed(0)} s in all (summed over workers); the ${top} slowest:`,
);
console.log('   seconds  tests  run         file');
for (const row of rows.slice(0, top))
  console.log(
    `${row.seconds.toFixed(1).padStart(10)}  ${String(row.tests).padStart(5)}  ${row.label.padEnd(10)}  ${row.file}${row.failed ? `  (${row.failed} failed)` : ''}`,
  );
// The plain closing line CI reads, over every report.
console.log(`\ntotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
