import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { editsForFiling } from '../apps/api/src/modules/hmda/edits/edits-by-filing.ts';
import { HmdaRow } from '../apps/api/src/modules/hmda/edits/edit.ts';
import { cleanLine, splitValues } from '../apps/api/src/modules/hmda/lar-parser.ts';

const lines = readFileSync('/tmp/lar100k.txt', 'utf8').trim().split('\n').slice(0, 50001);
const ts = new HmdaRow(splitValues(cleanLine(lines[0]!)), 1);
const values = lines.slice(1).map((line) => splitValues(cleanLine(line)));
const context = { year: 2025, period: 'annual' as const, ts };
const edits = editsForFiling({ year: 2025, period: 'annual' });
const costs: [string, number][] = [];
let total = 0;
const rows = values.map((v, i) => new HmdaRow(v, i + 2));
for (let round = 0; round < 2; round++) {
  for (const edit of edits) {
    const start = performance.now();
    if (edit.kind === 'row') {
      if (edit.record === 'lar') for (const row of rows) edit.passes(row, context);
    } else {
      const run = edit.start(context);
      for (const row of rows) run.add(row);
      run.finish();
    }
    const ms = performance.now() - start;
    if (round === 1) { costs.push([`${edit.category} ${edit.id}`, ms]); total += ms; }
  }
}
costs.sort((a, b) => b[1] - a[1]);
console.log('total ms for 50k rows', total.toFixed(0), 'per row µs', (total * 1000 / 50000).toFixed(2));
for (const [id, ms] of costs.slice(0, 30)) console.log(ms.toFixed(1).padStart(8), id);
