import { benchCampaignQuery } from './campaign-query.ts';
import { benchChecks } from './checks.ts';
import { benchColdStart } from './cold-start.ts';
import { benchDelivery } from './delivery.ts';
import { benchFanOut } from './fan-out.ts';
import { benchFlood } from './flood.ts';
import { benchImport } from './import.ts';
import { benchPing } from './ping.ts';
import { benchRender } from './render.ts';
import { benchResponsiveness } from './responsiveness.ts';
import { benchSearchIndexCost } from './search-index-cost.ts';
import { benchSessions } from './sessions.ts';
import { benchSubscriberQuery } from './subscriber-query.ts';
import { benchTargetCount } from './target-count.ts';
import { benchWeight } from './weight.ts';

/**
 * `npm run bench`: prints figures, passes or fails nothing. Each benchmark targets loopback only and is
 * bounded in count and time. Name benchmarks as arguments to run only those.
 */
const benchmarks: Record<string, () => Promise<string[]>> = {
  'cold-start': benchColdStart,
  ping: benchPing,
  flood: benchFlood,
  weight: benchWeight,
  sessions: benchSessions,
  'campaign-query': benchCampaignQuery,
  'fan-out': benchFanOut,
  import: benchImport,
  'subscriber-query': benchSubscriberQuery,
  'search-index-cost': benchSearchIndexCost,
  'target-count': benchTargetCount,
  responsiveness: benchResponsiveness,
  render: benchRender,
  checks: benchChecks,
  delivery: benchDelivery,
};

const chosen = process.argv.slice(2);
const names = chosen.length > 0 ? chosen : Object.keys(benchmarks);
console.log(`Herald benchmarks — ${new Date().toISOString()} — node ${process.version}`);
for (const name of names) {
  const benchmark = benchmarks[name];
  if (!benchmark) {
    console.log(`${name}: unknown benchmark (known: ${Object.keys(benchmarks).join(', ')})`);
    continue;
  }
  try {
    for (const line of await benchmark()) console.log(`  ${line}`);
  } catch (error) {
    console.log(`  ${name}: failed — ${error instanceof Error ? error.message : String(error)}`);
    if (process.env.HERALD_BENCH_DEBUG) console.error(error);
  }
}
