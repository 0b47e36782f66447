import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from '../packages/server/src/database/connect.ts';
import { migrateToLatest } from '../packages/server/src/database/migrate.ts';
import type { Database } from '../packages/server/src/database/schema.ts';
import { newDkimKey } from '../packages/server/src/domains/dkim-keys.ts';
import { useVaultKey } from '../packages/server/src/vault/secret-box.ts';
import { addBenchOrganization } from './bench-organization.ts';
import { memoryOf, startServerProcess, type ServerProcess } from './server-process.ts';

const POSTGRES_SERVER = process.env.HERALD_BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432';
const SCRATCH_DATABASE = 'herald_bench_delivery';
/** Recipients of the throughput runs (HERALD_BENCH_DELIVERY_RECIPIENTS, 100,000 by default). */
const RECIPIENTS = Number(process.env.HERALD_BENCH_DELIVERY_RECIPIENTS ?? 100_000);
/** The embedded database's run is smaller, to keep the bench bounded; its rate is what is compared. */
const PGLITE_RECIPIENTS = Number(process.env.HERALD_BENCH_DELIVERY_PGLITE_RECIPIENTS ?? 30_000);
const CRASH_RECIPIENTS = 20_000;
const RATE_PER_MINUTE = 30_000;
const RATE_RECIPIENTS = 15_000;
/** Every wait of the bench gives up after this long. */
const RUN_TIMEOUT_MS = 12 * 60_000;

/**
 * A relay on loopback that accepts every message and counts, per recipient, what it accepted and when: the
 * peer the delivery figures (docs/measurements.md § Delivery) are measured against. Nothing is kept but the
 * counts.
 */
class CountingRelay {
  readonly perRecipient = new Map<string, number>();
  readonly acceptedAt: number[] = [];
  /** The start of the first message accepted, to show what was sent (a DKIM signature, say). */
  firstHead = '';
  #server: SMTPServer;
  port = 0;

  constructor() {
    this.#server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      size: 1024 * 1024,
      onData: (stream, session, callback) => {
        let head = '';
        stream.on('data', (chunk: Buffer) => {
          if (!this.firstHead && head.length < 2048) head += chunk.toString('latin1');
        });
        stream.on('end', () => {
          if (!this.firstHead) this.firstHead = head;
          for (const recipient of session.envelope.rcptTo)
            this.perRecipient.set(recipient.address, (this.perRecipient.get(recipient.address) ?? 0) + 1);
          this.acceptedAt.push(performance.now());
          callback();
        });
      },
    });
  }

  async start(): Promise<string> {
    // A server killed mid-message resets its connections: that is the test, not a failure of the relay.
    this.#server.on('error', () => {});
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', () => resolve()));
    const address = this.#server.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    return `smtp://127.0.0.1:${this.port}`;
  }

  count(prefix: string) {
    let received = 0;
    let duplicates = 0;
    for (const [address, count] of this.perRecipient)
      if (address.startsWith(prefix)) {
        received += 1;
        if (count > 1) duplicates += 1;
      }
    return { received, duplicates };
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

interface Scenario {
  recipients: number;
  throttle: number | null;
  prefix: string;
  /** The From's domain is a verified sending domain with a DKIM key: every message is signed. */
  dkim?: boolean;
}

/** The vault key the bench seals the DKIM key with, and the server opens it with. */
const BENCH_VAULT_KEY = 'bench-vault-key-bench-vault-key-0001';

/**
 * The organization, `recipients` subscribers on a list, and an approved, checked e-mail activity to it with
 * personalization (a standard and a custom field), three tracked links and an unsubscribe link, its broadcast
 * deployment due in a few seconds: what the server, started next, sends.
 */
async function seed(db: Kysely<Database>, scenario: Scenario): Promise<{ activityId: number }> {
  const organizationId = await addBenchOrganization(db, 'Bench delivery');
  const list = await db
    .insertInto('subscriber_list')
    .values({ organization_id: organizationId, name: 'Bench list' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO subscriber (organization_id, email, firstname, custom)
    SELECT ${organizationId}, ${scenario.prefix} || n || '@bench.example', 'Reader ' || n,
      jsonb_build_object('tier', CASE WHEN n % 3 = 0 THEN 'gold' ELSE 'silver' END)
    FROM generate_series(1, ${scenario.recipients}) AS n`.execute(db);
  await sql`INSERT INTO list_membership (list_id, subscriber_id, organization_id)
    SELECT ${list.id}, id, ${organizationId} FROM subscriber WHERE organization_id = ${organizationId}`.execute(
    db,
  );
  if (scenario.dkim) {
    useVaultKey(BENCH_VAULT_KEY);
    const key = newDkimKey();
    await sql`INSERT INTO organization_domain (organization_id, kind, domain, verified_at)
      VALUES (${organizationId}, 'sending', 'bench.example', now())`.execute(db);
    await sql`INSERT INTO sending_domain_key (organization_id, domain, selector, private_key, public_key, verified_at)
      VALUES (${organizationId}, 'bench.example', 'herald1', ${key.privateKey}, ${key.publicKey}, now())`.execute(
      db,
    );
  }
  const campaign = await db
    .insertInto('campaign')
    .values({
      organization_id: organizationId,
      name: 'Bench campaign',
      start_date: '2030-01-01',
      partition_ids: [],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const html =
    '<html><body><h1>Hello {{ subscriber.firstname }}</h1><p>Your tier: {{ subscriber.custom.tier }}.</p>' +
    '<p>' +
    'Spring has arrived at the tea house, and with it a new harvest. '.repeat(20) +
    '</p><a href="https://shop.example/spring">Spring teas</a> <a href="https://shop.example/gold">Gold tier</a> ' +
    '<a href="https://shop.example/stores">Find a store</a> <a href="{{ unsubscribe_url }}">Unsubscribe</a></body></html>';
  const content = {
    schemaVersion: 3,
    channels: {
      email: {
        subject: 'Spring for {{ subscriber.firstname }}',
        fromName: 'Bench',
        fromAddress: 'news@bench.example',
        html,
      },
    },
  };
  const activity = await sql<{ id: number }>`INSERT INTO activity (organization_id, campaign_id, type, name,
      partition_ids, status, target, throttle, distribution)
    VALUES (${organizationId}, ${campaign.id}, 'email', 'Bench send', '{}', 'scheduled', ${`list ${list.id}`},
      ${scenario.throttle}, '{"type":"broadcast"}') RETURNING id`.execute(db);
  const activityId = activity.rows[0]!.id;
  const revision = await sql<{
    id: number;
  }>`INSERT INTO activity_revision (organization_id, activity_id, content,
      approval_status) VALUES (${organizationId}, ${activityId}, ${JSON.stringify(content)}::jsonb, 'approved')
    RETURNING id`.execute(db);
  const revisionId = revision.rows[0]!.id;
  const at = new Date(Date.now() + 3_000);
  const job = await sql<{ id: number }>`INSERT INTO job (organization_id, kind, name, params, run_at, series)
    VALUES (${organizationId}, 'activityDeployment', 'Bench send', ${JSON.stringify({
      activityId,
      revisionId,
      at: at.toISOString(),
      distribution: 'broadcast',
    })}::jsonb, ${at}, ${`deployment:${activityId}`}) RETURNING id`.execute(db);
  await sql`UPDATE activity SET latest_revision_id = ${revisionId}, deployment_job_id = ${job.rows[0]!.id}
    WHERE id = ${activityId}`.execute(db);
  return { activityId };
}

/** Where a scenario's database is: a fresh PostgreSQL database, or a PGlite directory. */
interface Place {
  env: Record<string, string>;
  open(): ReturnType<typeof openDatabase>;
  drop(): Promise<void>;
}

async function placeOn(kind: 'postgres' | 'pglite'): Promise<Place> {
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: `${POSTGRES_SERVER}/postgres` });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${SCRATCH_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${SCRATCH_DATABASE}`);
    await admin.end();
    const url = `${POSTGRES_SERVER}/${SCRATCH_DATABASE}`;
    return {
      env: { DATABASE_URL: url },
      open: () => openDatabase({ databaseUrl: url, pgliteDataDir: '' }),
      drop: async () => {
        const client = new pg.Client({ connectionString: `${POSTGRES_SERVER}/postgres` });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${SCRATCH_DATABASE} WITH (FORCE)`).catch(() => {});
        await client.end();
      },
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'herald-bench-delivery-'));
  return {
    env: { HERALD_PGLITE_DIR: dir, DATABASE_URL: '' },
    open: () => openDatabase({ databaseUrl: undefined, pgliteDataDir: dir }),
    drop: () => rm(dir, { recursive: true, force: true }),
  };
}

async function prepared(place: Place, scenario: Scenario): Promise<{ activityId: number }> {
  const database = await place.open();
  try {
    await migrateToLatest(database.db as never);
    return await seed(database.db, scenario);
  } finally {
    await database.close();
  }
}

async function until(condition: () => boolean, timeoutMs = RUN_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function serverEnv(place: Place, relayUrl: string): Record<string, string> {
  return {
    ...place.env,
    HERALD_SMTP_URL: relayUrl,
    HERALD_SEED_DEMO: 'false',
    HERALD_LOG_LEVEL: 'error',
    HERALD_VAULT_KEY: BENCH_VAULT_KEY,
  };
}

/** Messages a second between the first and the last accepted of `from..to` in the relay's log. */
function rateOf(times: readonly number[]): number {
  if (times.length < 2) return 0;
  return ((times.length - 1) * 1000) / (times.at(-1)! - times[0]!);
}

/** Messages a minute over the whole seconds between the run's first second and its last. */
function steadyRatePerMinute(times: readonly number[]): number {
  if (times.length < 2) return 0;
  const from = times[0]! + 1_000;
  const seconds = Math.floor((times.at(-1)! - from) / 1_000) - 1;
  if (seconds < 1) return rateOf(times) * 60;
  const to = from + seconds * 1_000;
  const count = times.filter((time) => time >= from && time < to).length;
  return (count / seconds) * 60;
}

/** One unthrottled deployment: messages a second at the relay, and the server's peak memory. */
async function throughput(
  kind: 'postgres' | 'pglite',
  recipients: number,
  options: { dkim?: boolean } = {},
): Promise<string> {
  const relay = new CountingRelay();
  const relayUrl = await relay.start();
  const place = await placeOn(kind);
  let server: ServerProcess | undefined;
  try {
    const prefix = `t${Date.now()}x`;
    await prepared(place, { recipients, throttle: null, prefix, dkim: options.dkim });
    server = await startServerProcess(serverEnv(place, relayUrl));
    let peak = 0;
    const sampler = setInterval(() => {
      void memoryOf(server!.pid, 'VmRSS').then((mb) => (peak = Math.max(peak, mb ?? 0)));
    }, 250);
    try {
      await until(() => relay.count(prefix).received >= recipients);
    } finally {
      clearInterval(sampler);
    }
    const { received, duplicates } = relay.count(prefix);
    const rate = rateOf(relay.acceptedAt);
    return (
      `${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${recipients.toLocaleString('en')} personalized, tracked ` +
      `${options.dkim ? 'DKIM-signed ' : ''}e-mails at ${Math.round(rate).toLocaleString('en')} messages/s (goal ≥ 1,000 on PostgreSQL); ` +
      `server peak ${peak} MB (goal ≤ 500); received ${received.toLocaleString('en')}, duplicates ${duplicates}` +
      (options.dkim ? `; signed: ${/^DKIM-Signature: /m.test(relay.firstHead) ? 'yes' : 'NO'}` : '')
    );
  } finally {
    await server?.stop();
    await relay.stop();
    await place.drop();
  }
}

/** A deployment throttled to `perMinute`: the rate the relay saw against the throttle. */
async function rateAccuracy(perMinute: number, recipients: number): Promise<string> {
  const relay = new CountingRelay();
  const relayUrl = await relay.start();
  const place = await placeOn('postgres');
  let server: ServerProcess | undefined;
  try {
    const prefix = `r${Date.now()}x`;
    await prepared(place, { recipients, throttle: perMinute, prefix });
    server = await startServerProcess(serverEnv(place, relayUrl));
    await until(() => relay.count(prefix).received >= recipients);
    // Whole seconds in the middle of the run (the first second and the last left out, as a run starts and ends
    // mid-window): messages accepted in them, a minute's worth.
    const rate = steadyRatePerMinute(relay.acceptedAt);
    const error = (Math.abs(rate - perMinute) / perMinute) * 100;
    return `throttle ${perMinute.toLocaleString('en')}/min: ${Math.round(rate).toLocaleString('en')}/min over ${recipients.toLocaleString('en')} messages, error ${error.toFixed(2)} % (goal ≤ 2 %)`;
  } finally {
    await server?.stop();
    await relay.stop();
    await place.drop();
  }
}

/** kill -9 at 40 % of a run, then a restart (PGlite), or of one of two processes (PostgreSQL). */
async function crash(kind: 'pglite' | 'postgres'): Promise<string> {
  const relay = new CountingRelay();
  const relayUrl = await relay.start();
  const place = await placeOn(kind);
  const servers: ServerProcess[] = [];
  try {
    const prefix = `k${Date.now()}x`;
    await prepared(place, { recipients: CRASH_RECIPIENTS, throttle: null, prefix });
    const env = serverEnv(place, relayUrl);
    servers.push(await startServerProcess(env));
    if (kind === 'postgres') servers.push(await startServerProcess(env));
    await until(() => relay.count(prefix).received >= CRASH_RECIPIENTS * 0.4);
    await servers[0]!.kill();
    const atKill = relay.count(prefix).received;
    if (kind === 'pglite')
      servers.push(await startServerProcess(env, 'compiled', { readyTimeoutMs: 120_000 }));
    await until(() => relay.count(prefix).received >= CRASH_RECIPIENTS);
    // Anything sent twice would arrive shortly after: wait a moment before counting.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const { received, duplicates } = relay.count(prefix);
    const how =
      kind === 'pglite'
        ? 'the server killed and restarted (PGlite)'
        : 'one of two processes killed (PostgreSQL)';
    return `kill -9 at ${Math.round((atKill / CRASH_RECIPIENTS) * 100)} % of ${CRASH_RECIPIENTS.toLocaleString('en')}, ${how}: duplicates ${duplicates}, missing ${CRASH_RECIPIENTS - received} (goal 0 and 0)`;
  } finally {
    for (const server of servers) await server.stop().catch(() => {});
    await relay.stop();
    await place.drop();
  }
}

/**
 * The delivery figures (docs/measurements.md § Delivery) against a loopback relay that accepts and counts:
 * throughput of an unthrottled deployment on PostgreSQL (100,000 recipients) and on PGlite, with the server's
 * peak memory; the rate held to a 30,000-a-minute throttle; and exactly once across kill -9, on PGlite with a
 * restart and on PostgreSQL with two processes. The compiled server runs as its own process, as `npm start` runs
 * it.
 */
export async function benchDelivery(): Promise<string[]> {
  const lines: string[] = [];
  // HERALD_BENCH_DELIVERY_STEPS picks steps: throughput-postgres, throughput-pglite, throughput-postgres-dkim,
  // rate, rate-sustained, crash-pglite, crash-postgres.
  const chosen = process.env.HERALD_BENCH_DELIVERY_STEPS?.split(',');
  const step = async (name: string, run: () => Promise<string>) => {
    if (chosen && !chosen.includes(name)) return;
    let line: string;
    try {
      line = await run();
    } catch (error) {
      line = `${name}: failed — ${error instanceof Error ? error.message : String(error)}`;
    }
    lines.push(line);
    // Each figure as soon as it is known: the whole benchmark takes minutes.
    console.error(`  [delivery] ${line}`);
  };
  await step('throughput-postgres', () => throughput('postgres', RECIPIENTS));
  await step('throughput-pglite', () => throughput('pglite', PGLITE_RECIPIENTS));
  // What a verified sending domain costs: every message signed with its 2048-bit RSA key.
  await step('throughput-postgres-dkim', () => throughput('postgres', PGLITE_RECIPIENTS, { dkim: true }));
  await step('rate', () => rateAccuracy(RATE_PER_MINUTE, RATE_RECIPIENTS));
  // The same at a rate this machine sustains whatever else it runs: the throttle's own accuracy.
  await step('rate-sustained', () => rateAccuracy(6_000, 3_000));
  await step('crash-pglite', () => crash('pglite'));
  await step('crash-postgres', () => crash('postgres'));
  return lines;
}
