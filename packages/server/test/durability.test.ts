import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFreshDatabase } from './support/fresh-database.ts';
import { ChannelClient, freePort, organizationToken, uploadFiles, type Reply } from './support/index.ts';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'durability-password-1';
/**
 * CI kills 7 times, each kind of moment at least once; `npm run test:faults` (HERALD_FULL_FAULTS=true) runs
 * the full 20 kills, each kind several times.
 */
const FULL = process.env.HERALD_FULL_FAULTS === 'true';
const KILLS = FULL ? 20 : 7;
const IMPORT_ROWS = 30_000;
/** Rounds with something special in them; every other round writes, then is killed at a random moment. */
const IMPORT_ROUND = 2;
const MID_IMPORT_ROUNDS = new Set([2, 3]);
const GENERATION_ROUNDS = new Set(FULL ? [6, 10, 14] : [5]);
const KILLED_WHILE_STARTING = new Set(FULL ? [4, 12] : [4, 6]);

const verbose = process.env.HERALD_DURABILITY_VERBOSE === 'true';
const random = (from: number, to: number) => from + Math.random() * (to - from);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Jepsen-style and bounded: the real server runs as its own process and is killed with SIGKILL 20
 * times at random moments (while clients write, while it starts and recovers, mid-import, mid-generation).
 * After each restart every write the server acknowledged must be there, and no transaction half-applied: an
 * audience and its generation job, a subscriber and its list membership and the list's count, an import's
 * rows and its checkpoint, an audience's members and its size. On the embedded database (a PGlite directory
 * that survives the kills) or on the PostgreSQL of DATABASE_URL (a database of its own).
 */
describe('a committed write survives kill -9', () => {
  // A timed-out test stops waiting but not its server: this hook still runs and ends it.
  let running: ServerUnderTest | undefined;
  afterAll(async () => {
    await running?.kill();
  });

  it(`keeps every acknowledged write and applies no transaction by half, over ${KILLS} kills`, async () => {
    const startedAt = Date.now();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'herald-durability-'));
    const fresh = process.env.DATABASE_URL ? await createFreshDatabase(process.env.DATABASE_URL) : undefined;
    const port = await freePort();
    const server = new ServerUnderTest(port, dataDir, fresh?.url);
    running = server;
    const ledger = new Ledger();
    try {
      await server.start();
      const world = await World.open(port, ledger);
      for (let round = 0; round < KILLS; round++) {
        if (round > 0) {
          if (KILLED_WHILE_STARTING.has(round)) {
            // Killed while it opens the database (crash recovery on PGlite), then started again.
            server.spawn();
            await sleep(random(300, 2_000));
            await server.kill();
          }
          const restartedAt = Date.now();
          await server.start();
          const readyAt = Date.now();
          await world.reconnect();
          ledger.check(await world.observe(), round);
          if (verbose)
            console.log(
              `kill ${round}: ready after ${readyAt - restartedAt} ms, checked in ${Date.now() - readyAt} ms`,
              ledger.counts(),
              ledger.problems.slice(-5),
            );
        }
        if (round === IMPORT_ROUND) await world.startImport();
        if (GENERATION_ROUNDS.has(round)) await world.generateLargeAudience();
        const writers = world.write();
        await sleep(
          MID_IMPORT_ROUNDS.has(round)
            ? random(1_500, 3_000)
            : GENERATION_ROUNDS.has(round)
              ? random(300, 1_200)
              : random(300, 1_500),
        );
        await server.kill();
        await writers.stop();
      }
      await server.start();
      await world.reconnect();
      ledger.check(await world.observe(), KILLS);
      // Let the import finish where its job is picked up again at once (PGlite; PostgreSQL waits 30 s for the
      // dead process's heartbeat to go stale), then check that it neither lost nor doubled a row.
      if (!fresh && (await world.waitForImport(60_000)) === 'succeeded') {
        const observed = await world.observe();
        ledger.check(observed, KILLS);
        expect(observed.importedSubscribers).toBe(IMPORT_ROWS);
      }
      await world.close();
      await server.stop();
      const counts = ledger.counts();
      console.log(
        `durability (${fresh ? 'PostgreSQL' : 'PGlite'}): ${KILLS} kills in ${((Date.now() - startedAt) / 1000).toFixed(1)} s; ` +
          `acknowledged ${counts.acknowledged}, present ${counts.present}, lost ${counts.lost}, ` +
          `half-applied ${counts.halfApplied}`,
      );
      if (ledger.problems.length > 0) console.log(ledger.problems.slice(0, 20).join('\n'));
      expect(counts.acknowledged).toBeGreaterThan(KILLS);
      expect(counts.lost).toBe(0);
      expect(counts.halfApplied).toBe(0);
    } finally {
      await server.kill();
      await fresh?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 600_000);
});

/** The server as its own process (TypeScript through tsx), on a port and a data directory kept across kills. */
class ServerUnderTest {
  #child: ChildProcess | undefined;
  #exited: Promise<unknown> = Promise.resolve();

  constructor(
    readonly port: number,
    readonly dataDir: string,
    readonly databaseUrl: string | undefined,
  ) {}

  spawn(): void {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      HERALD_DATA_DIR: this.dataDir,
      HERALD_DEMO_PASSWORD: PASSWORD,
      HERALD_LOG_LEVEL: 'error',
      HERALD_JWT_SECRET: 'durability-secret-durability-secret',
      HERALD_VAULT_KEY: 'durability-vault-key-durability',
      // Answers are checked against the contract in tests; the server under attack runs as in production.
      NODE_ENV: 'production',
    };
    if (this.databaseUrl) env.DATABASE_URL = this.databaseUrl;
    else delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: repositoryRoot,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.#child = child;
    this.#exited = new Promise((resolve) => child.once('exit', resolve));
  }

  /** Starts the server and waits until it is ready. */
  async start(): Promise<void> {
    this.spawn();
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (this.#child?.exitCode !== null) throw new Error(`the server exited with ${this.#child?.exitCode}`);
      if (Date.now() > deadline) throw new Error('the server was not ready within 120 s');
      const ready = await fetch(`http://127.0.0.1:${this.port}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
      await sleep(50);
    }
  }

  /** kill -9, and wait until the process is gone. */
  async kill(): Promise<void> {
    if (this.#child && this.#child.exitCode === null && this.#child.signalCode === null) {
      this.#child.kill('SIGKILL');
      await this.#exited;
    }
  }

  async stop(): Promise<void> {
    if (this.#child && this.#child.exitCode === null) {
      this.#child.kill('SIGTERM');
      await this.#exited;
    }
  }
}

interface Observed {
  campaignIds: Set<number>;
  audiences: Map<number, { name: string; status: string; size: number | null }>;
  jobIds: Set<number>;
  /** The names of the generation jobs of the paired audiences (each is written with its audience). */
  pairJobNames: Set<string>;
  manualListSubscriberIds: Set<number>;
  manualList: { stored: number; members: number };
  importList: { storedBefore: number; storedAfter: number };
  importProgressBefore: number;
  importProgressAfter: number;
  importedSubscribers: number;
  largeAudienceMembers: number;
}

/** What the server answered, and what each restart found of it. */
class Ledger {
  readonly campaigns = new Set<number>();
  readonly subscribers = new Set<number>();
  readonly pairedAudiences = new Map<number, string>();
  readonly jobs = new Set<number>();
  readonly problems: string[] = [];
  #lost = new Set<string>();
  #halfApplied = new Set<string>();
  #present = 0;

  check(observed: Observed, round: number): void {
    let present = 0;
    const expectPresent = (what: string, found: boolean) => {
      if (found) present++;
      else if (!this.#lost.has(what)) {
        this.#lost.add(what);
        this.problems.push(`after kill ${round}: acknowledged ${what} is missing`);
      }
    };
    for (const id of this.campaigns) expectPresent(`campaign ${id}`, observed.campaignIds.has(id));
    for (const id of this.subscribers)
      expectPresent(`subscriber ${id} on its list`, observed.manualListSubscriberIds.has(id));
    for (const id of this.pairedAudiences.keys()) expectPresent(`audience ${id}`, observed.audiences.has(id));
    for (const id of this.jobs) expectPresent(`job ${id}`, observed.jobIds.has(id));
    this.#present = present;

    const halfApplied = (what: string) => {
      if (this.#halfApplied.has(what)) return;
      this.#halfApplied.add(what);
      this.problems.push(`after kill ${round}: half-applied: ${what}`);
    };
    const pairedNames = new Set<string>();
    for (const audience of observed.audiences.values())
      if (audience.name.startsWith('pair-')) {
        pairedNames.add(audience.name);
        if (!observed.pairJobNames.has(audience.name))
          halfApplied(`audience ${audience.name} without its job`);
      }
    for (const name of observed.pairJobNames)
      if (!pairedNames.has(name)) halfApplied(`generation job ${name} without its audience`);
    const { manualList, importList, importedSubscribers } = observed;
    if (manualList.stored !== manualList.members)
      halfApplied(`the list counts ${manualList.stored} subscribers but has ${manualList.members}`);
    if (importedSubscribers < importList.storedBefore || importedSubscribers > importList.storedAfter)
      halfApplied(
        `the imported list has ${importedSubscribers} subscribers, its count ${importList.storedBefore}–${importList.storedAfter}`,
      );
    // An import batch commits its rows with its checkpoint: the rows present lie between two readings of it.
    if (
      observed.importedSubscribers < observed.importProgressBefore ||
      observed.importedSubscribers > observed.importProgressAfter
    )
      halfApplied(
        `import has ${observed.importedSubscribers} rows, its checkpoint ${observed.importProgressBefore}–${observed.importProgressAfter}`,
      );
    for (const audience of observed.audiences.values())
      if (
        audience.name === 'large' &&
        audience.status === 'ready' &&
        audience.size !== observed.largeAudienceMembers
      )
        halfApplied(`large audience of size ${audience.size} has ${observed.largeAudienceMembers} members`);
  }

  counts() {
    const acknowledged =
      this.campaigns.size + this.subscribers.size + this.pairedAudiences.size + this.jobs.size;
    return {
      acknowledged,
      present: this.#present,
      lost: this.#lost.size,
      halfApplied: this.#halfApplied.size,
    };
  }
}

/** The clients: one organization of the demo data, written to and read back over the WebSocket API. */
class World {
  session!: ChannelClient;
  channel!: ChannelClient;
  sessionId!: string;
  organizationId!: number;
  manualListId!: number;
  importListId!: number;
  largeAudienceId!: number;
  importJobId: number | undefined;
  #sequence = 0;

  private constructor(
    readonly port: number,
    readonly ledger: Ledger,
  ) {}

  static async open(port: number, ledger: Ledger): Promise<World> {
    const world = new World(port, ledger);
    await world.reconnect();
    const write = async (type: string, record: Record<string, unknown>) =>
      (
        await world.channel.call<{ records: Array<{ id: number }> }>('writeRecords', {
          organizationId: world.organizationId,
          type,
          data: [record],
        })
      ).records[0]!.id;
    world.manualListId = await write('list', { name: 'Written one by one' });
    world.importListId = await write('list', { name: 'Imported' });
    world.largeAudienceId = await write('audience', { name: 'large', target: `list ${world.importListId}` });
    return world;
  }

  /** Signs in again (sessions and sockets do not outlive the process's sockets) and opens the organization. */
  async reconnect(): Promise<void> {
    this.session?.socket.close();
    this.channel?.socket.close();
    this.session = await ChannelClient.open(`ws://127.0.0.1:${this.port}/session`);
    this.channel = await ChannelClient.open(`ws://127.0.0.1:${this.port}/uiv5`);
    const signedIn = await this.session.call<{
      sessionId: string;
      user: { organizations: Array<{ organization_id: number; organization: string }> };
    }>('createSession', { email: 'admin@example.com', password: PASSWORD });
    this.sessionId = signedIn.sessionId;
    // Acme has no demo subscribers, so the data checked is all the test's own.
    this.organizationId = signedIn.user.organizations.find(
      (org) => org.organization === 'Acme Retail',
    )!.organization_id;
    const jwt = await organizationToken(this.session, this.sessionId, this.organizationId);
    await this.channel.call('authenticateConnection', { organizationId: this.organizationId, jwt });
  }

  /** Three clients writing until stopped; each write the server answers goes in the ledger. */
  write(): { stop(): Promise<void> } {
    let running = true;
    const loop = async (writeOne: () => Promise<void>) => {
      while (running) await writeOne().catch(() => sleep(20));
    };
    const next = () => ++this.#sequence;
    const written = async (type: string, record: Record<string, unknown>) => {
      const reply: Reply = await this.channel.request('writeRecords', {
        organizationId: this.organizationId,
        type,
        data: [record],
      });
      if (reply.error) throw new Error(reply.error.type);
      return (reply.result as { records: Array<{ id: number }> }).records[0]!.id;
    };
    const loops = [
      loop(async () => {
        this.ledger.campaigns.add(
          await written('campaign', { name: `c-${next()}`, startDate: '2026-03-01' }),
        );
      }),
      loop(async () => {
        const n = next();
        this.ledger.subscribers.add(
          await written('subscriber', { email: `manual-${n}@example.test`, listIds: [this.manualListId] }),
        );
      }),
      loop(async () => {
        const name = `pair-${next()}`;
        this.ledger.pairedAudiences.set(
          await written('audience', { name, target: `list ${this.manualListId}` }),
          name,
        );
      }),
    ];
    return {
      stop: async () => {
        running = false;
        await Promise.allSettled(loops);
      },
    };
  }

  async startImport(): Promise<void> {
    const rows = ['email,firstname,country'];
    for (let row = 0; row < IMPORT_ROWS; row++) rows.push(`imported-${row}@example.test,Person ${row},AU`);
    const jwt = await organizationToken(this.session, this.sessionId, this.organizationId);
    const upload = await uploadFiles(
      { port: this.port },
      { jwt, organizationId: this.organizationId, files: [{ name: 'people.csv', content: rows.join('\n') }] },
    );
    const fileId = upload.body.files?.[0]?.fileId;
    if (!fileId) throw new Error(`the upload failed: ${JSON.stringify(upload.body)}`);
    const { jobId } = await this.channel.call<{ jobId: number }>('bulkWriteSubscribers', {
      organizationId: this.organizationId,
      listId: this.importListId,
      sourceName: 'durability test',
      fields: ['email', 'firstname', 'country'],
      fileId,
    });
    this.importJobId = jobId;
    this.ledger.jobs.add(jobId);
  }

  async generateLargeAudience(): Promise<void> {
    const { jobId } = await this.channel.call<{ jobId: number }>('generateAudience', {
      organizationId: this.organizationId,
      audienceId: this.largeAudienceId,
    });
    this.ledger.jobs.add(jobId);
  }

  async waitForImport(timeoutMs: number): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [job] = await this.query<{ status: string }>('job', { id: this.importJobId });
      if (!job || ['succeeded', 'failed', 'cancelled'].includes(job.status) || Date.now() > deadline)
        return job?.status ?? 'missing';
      await sleep(200);
    }
  }

  async observe(): Promise<Observed> {
    const importProgressBefore = await this.importProgress();
    const campaigns = await this.queryAll<{ id: number }>('campaign');
    const audiences = await this.queryAll<{ id: number; name: string; status: string; size: number | null }>(
      'audience',
    );
    const jobs = await this.queryAll<{ id: number; kind: string; name: string }>('job');
    const manualMembers = await this.queryAll<{ id: number }>('subscriber', { listId: this.manualListId });
    const storedCount = async (id: number) =>
      (await this.query<{ stats: { subscribers: number } }>('list', { id }))[0]?.stats.subscribers ?? -1;
    // The import may be running: its rows are counted between two readings of its list's count and checkpoint.
    const importStoredBefore = await storedCount(this.importListId);
    const importedSubscribers = await this.total('subscriber', { listId: this.importListId });
    const importStoredAfter = await storedCount(this.importListId);
    const importProgressAfter = await this.importProgress();
    return {
      campaignIds: new Set(campaigns.map((campaign) => campaign.id)),
      audiences: new Map(audiences.map((audience) => [audience.id, audience])),
      jobIds: new Set(jobs.map((job) => job.id)),
      pairJobNames: new Set(
        jobs.filter((job) => job.kind === 'audience' && job.name.startsWith('pair-')).map((job) => job.name),
      ),
      manualListSubscriberIds: new Set(manualMembers.map((subscriber) => subscriber.id)),
      manualList: { stored: await storedCount(this.manualListId), members: manualMembers.length },
      importList: { storedBefore: importStoredBefore, storedAfter: importStoredAfter },
      importProgressBefore,
      importProgressAfter,
      importedSubscribers,
      largeAudienceMembers: await this.total('subscriber', { target: `audience ${this.largeAudienceId}` }),
    };
  }

  async close(): Promise<void> {
    this.session.socket.close();
    this.channel.socket.close();
  }

  /** Rows the import has committed (its checkpoint's progress); none before it starts. */
  async importProgress(): Promise<number> {
    if (this.importJobId === undefined) return 0;
    const [job] = await this.query<{ progress: { done: number } }>('job', { id: this.importJobId });
    return job?.progress.done ?? 0;
  }

  async query<T>(type: string, filter: Record<string, unknown>): Promise<T[]> {
    const { records } = await this.channel.call<{ records: T[] }>('query', {
      organizationId: this.organizationId,
      query: { type, filter },
    });
    return records;
  }

  async total(type: string, filter: Record<string, unknown>): Promise<number> {
    const { total } = await this.channel.call<{ total: number }>('query', {
      organizationId: this.organizationId,
      query: { type, filter },
      limit: 0,
    });
    return total;
  }

  async queryAll<T>(type: string, filter: Record<string, unknown> = {}): Promise<T[]> {
    const all: T[] = [];
    for (let offset = 0; ; offset += 1000) {
      const { records } = await this.channel.call<{ records: T[] }>('query', {
        organizationId: this.organizationId,
        query: { type, filter },
        limit: 1000,
        offset,
        sortOrder: 'asc',
      });
      all.push(...records);
      if (records.length < 1000) return all;
    }
  }
}
