import { randomUUID } from 'node:crypto';
import type { SubscriptionType } from '@herald/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ConnectionState } from '../channels/connection-state.ts';
import type { DatabaseHandle } from '../database/connect.ts';
import type { Database } from '../database/schema.ts';
import type { OpenConnection, OrganizationConnections } from './organization-connections.ts';

/** One change of records of a type in an organization, as `records` pushes announce it. */
export interface RecordChange {
  organizationId: number;
  /** A subscription type of the contract: announcing any other is a compile error. */
  type: SubscriptionType;
  records: Array<Record<string, unknown>>;
}

const CHANNEL = 'herald_records';
/**
 * PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. Changes are split into notifications of at
 * most this many bytes; a record that alone would take more than a quarter of it travels as its id and
 * partition ids only, and receivers push that (clients re-query what they show).
 */
const PAYLOAD_LIMIT = 7_000;
const RECORD_LIMIT = PAYLOAD_LIMIT / 4;
/** How long a subscription of a connection no longer authenticated in its organization is kept. */
const ORPHAN_AFTER_MS = 15 * 60_000;

interface Subscription {
  id: string;
  organizationId: number;
  userId: number;
  type: string;
  connection: ConnectionState;
  entry: OpenConnection;
  /** When a delivery first found the connection no longer authenticated in the organization. */
  strayedAt?: number | undefined;
}

/**
 * Announces changed records to every subscribed connection of the organization, in every server process.
 * Write paths call `announce` after their transaction commits.
 *
 * Fan-out: `announce` sends the change on the PostgreSQL channel `herald_records` (PGlite has NOTIFY too);
 * every process listening there, this one included, pushes
 * `{"event":"records","organizationId","data":{"type","records"}}` to its own connections that subscribed to
 * that type in that organization. A process starts listening with its first subscription, so the reply to
 * `addSubscription` means the next change will reach the connection.
 *
 * Who gets what:
 * - only connections still authenticated in that organization (a connection de-authenticated or moved to
 *   another organization is skipped; a closed one loses its subscriptions);
 * - a partition-restricted connection (its access has partition sets) gets only records whose
 *   `partitionIds` (or `partition_ids`) include one of the partitions of its sets, the query engine's rule
 *   (query/engine.ts): a record with an empty list (head-office content) or without the field (a type that
 *   is not partitioned) is not pushed to it, and a push left with no records is not sent. The sets are read
 *   from the connection as it is now, so a change of access (AccessEvents) applies to the next push.
 */
export class RecordChanges {
  readonly #database: DatabaseHandle;
  readonly #db: Kysely<Database>;
  readonly #connections: OrganizationConnections;
  readonly #log: FastifyBaseLogger;
  /** Subscriptions of this process, by organization, then by id. */
  readonly #subscriptions = new Map<number, Map<string, Subscription>>();
  #listening: Promise<() => Promise<void>> | undefined;
  /** Deliveries run one after another so pushes keep the order of the notifications. */
  #delivery: Promise<void> = Promise.resolve();

  constructor(database: DatabaseHandle, connections: OrganizationConnections, log: FastifyBaseLogger) {
    this.#database = database;
    this.#db = database.db;
    this.#connections = connections;
    this.#log = log;
  }

  /** Registers the connection's interest in a type; resolves once this process hears the channel. */
  async subscribe(connection: ConnectionState, type: string): Promise<string> {
    const organization = connection.organization;
    if (!organization) throw new Error('subscribe needs an authenticated connection');
    const entry = this.#connections
      .ofUser(organization.userId, organization.organizationId)
      .find((open) => open.connection === connection);
    if (!entry) throw new Error('the connection is not open');
    await this.#listen();
    const subscription: Subscription = {
      id: randomUUID(),
      organizationId: organization.organizationId,
      userId: organization.userId,
      type,
      connection,
      entry,
    };
    let ofOrganization = this.#subscriptions.get(subscription.organizationId);
    if (!ofOrganization) {
      ofOrganization = new Map();
      this.#subscriptions.set(subscription.organizationId, ofOrganization);
    }
    ofOrganization.set(subscription.id, subscription);
    return subscription.id;
  }

  /** Ends one subscription of this connection; another connection's id is ignored. */
  unsubscribe(connection: ConnectionState, organizationId: number, subscriptionId: string): void {
    const ofOrganization = this.#subscriptions.get(organizationId);
    if (ofOrganization?.get(subscriptionId)?.connection === connection) ofOrganization.delete(subscriptionId);
  }

  /** How many subscriptions this process holds (for tests and diagnostics). */
  subscriptionCount(organizationId?: number): number {
    if (organizationId !== undefined) return this.#subscriptions.get(organizationId)?.size ?? 0;
    let count = 0;
    for (const ofOrganization of this.#subscriptions.values()) count += ofOrganization.size;
    return count;
  }

  /** Announces a change to every process, this one included. Call it after the change is committed. */
  async announce(change: RecordChange): Promise<void> {
    if (change.records.length === 0) return;
    for (const payload of payloadsOf(change)) await this.#database.notify(CHANNEL, payload);
  }

  async stop(): Promise<void> {
    const listening = this.#listening;
    this.#listening = undefined;
    if (listening) await (await listening)();
  }

  #listen(): Promise<unknown> {
    this.#listening ??= this.#database.listen(CHANNEL, (payload) => {
      const change = JSON.parse(payload) as RecordChange;
      this.#delivery = this.#delivery
        .then(() => this.#deliver(change))
        .catch((error: unknown) => this.#log.error({ err: error }, 'pushing a record change failed'));
    });
    this.#listening.catch(() => (this.#listening = undefined));
    return this.#listening;
  }

  async #deliver(change: RecordChange): Promise<void> {
    const ofOrganization = this.#subscriptions.get(change.organizationId);
    if (!ofOrganization) return;
    const open = new Map<number, Set<OpenConnection>>();
    const restricted = new Map<string, Promise<Set<number>>>();
    for (const subscription of [...ofOrganization.values()]) {
      if (subscription.type !== change.type) continue;
      const organization = subscription.connection.organization;
      // De-authenticated (an expired token, a revoke) or now in another organization: not pushed to, kept
      // in case the socket authenticates here again, but dropped once it has been so for ORPHAN_AFTER_MS
      // (a socket closed while de-authenticated cannot be told apart from one still open).
      if (organization?.organizationId !== change.organizationId) {
        subscription.strayedAt ??= Date.now();
        if (Date.now() - subscription.strayedAt >= ORPHAN_AFTER_MS) ofOrganization.delete(subscription.id);
        continue;
      }
      subscription.strayedAt = undefined;
      if (organization.userId !== subscription.userId) {
        ofOrganization.delete(subscription.id);
        continue;
      }
      let ofUser = open.get(subscription.userId);
      if (!ofUser) {
        ofUser = new Set(this.#connections.ofUser(subscription.userId, change.organizationId));
        open.set(subscription.userId, ofUser);
      }
      if (!ofUser.has(subscription.entry)) {
        ofOrganization.delete(subscription.id); // the socket closed
        continue;
      }
      let records = change.records;
      if (organization.partitionsets.length > 0) {
        const key = [...organization.partitionsets].sort((a, b) => a - b).join(',');
        let allowed = restricted.get(key);
        if (!allowed) {
          allowed = this.#partitionsOf(change.organizationId, organization.partitionsets);
          restricted.set(key, allowed);
        }
        const partitions = await allowed;
        records = records
          .filter((record) => visibleTo(record, partitions))
          .map(withoutOrganizationWide(change.type));
        if (records.length === 0) continue;
      }
      subscription.entry.push({
        event: 'records',
        organizationId: change.organizationId,
        data: { type: change.type, records },
      });
      // PROTOCOL §8: each workflow log entry is also a `workflow` event, what the editor and campaign pages
      // listen for (docs/workflow.md § The log and live pushes).
      if (change.type === 'workflowEvent')
        for (const record of records)
          subscription.entry.push({
            event: 'workflow',
            organizationId: change.organizationId,
            data: workflowPushOf(record),
          });
    }
    if (ofOrganization.size === 0) this.#subscriptions.delete(change.organizationId);
  }

  async #partitionsOf(organizationId: number, partitionSetIds: number[]): Promise<Set<number>> {
    const rows = await this.#db
      .selectFrom('partition')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('partition_set_id', 'in', partitionSetIds)
      .execute();
    return new Set(rows.map((row) => row.id));
  }
}

/**
 * Fields of a type that hold whole-organization figures (a list's stored counts): not pushed to a restricted
 * connection, whose client keeps its own partition figures and reads them again after the push.
 */
const ORGANIZATION_WIDE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  list: ['stats'],
  audience: ['size'],
  tag: ['stats'],
};

function withoutOrganizationWide(type: string) {
  const fields = ORGANIZATION_WIDE_FIELDS[type];
  return (record: Record<string, unknown>): Record<string, unknown> => {
    if (!fields) return record;
    const copy = { ...record };
    for (const field of fields) delete copy[field];
    return copy;
  };
}

/** The partition rule of a record for a restricted connection (see the class comment). */
function visibleTo(record: Record<string, unknown>, partitions: Set<number>): boolean {
  const ids = record.partitionIds ?? record.partition_ids;
  if (!Array.isArray(ids)) return false;
  return ids.some((id) => partitions.has(Number(id)));
}

/**
 * Announces a change when `trx` commits, and never when it rolls back: NOTIFY is transactional. For write paths
 * with no step after their commit (a writeRecords side effect, a job's cancel hook).
 */
export async function announceOnCommit(trx: Transaction<Database>, change: RecordChange): Promise<void> {
  if (change.records.length === 0) return;
  for (const payload of payloadsOf(change)) await sql`SELECT pg_notify(${CHANNEL}, ${payload})`.execute(trx);
}

/** Splits a change into NOTIFY payloads under PAYLOAD_LIMIT bytes (see PAYLOAD_LIMIT). */
function payloadsOf(change: RecordChange): string[] {
  const head = JSON.stringify({ organizationId: change.organizationId, type: change.type, records: [] });
  const budget = PAYLOAD_LIMIT - Buffer.byteLength(head);
  const payloads: string[] = [];
  let batch: string[] = [];
  let size = 0;
  const flush = () => {
    if (batch.length === 0) return;
    payloads.push(`${head.slice(0, -3)}[${batch.join(',')}]}`);
    batch = [];
    size = 0;
  };
  for (const record of change.records) {
    let text = JSON.stringify(record);
    if (Buffer.byteLength(text) > RECORD_LIMIT) text = JSON.stringify(reduced(record));
    const bytes = Buffer.byteLength(text) + 1;
    if (size + bytes > budget) flush();
    batch.push(text);
    size += bytes;
  }
  flush();
  return payloads;
}

function reduced(record: Record<string, unknown>): Record<string, unknown> {
  const partitionIds = record.partitionIds ?? record.partition_ids;
  return {
    id: record.id,
    ...(Array.isArray(partitionIds) ? { partitionIds: partitionIds.slice(0, 100) } : {}),
  };
}

/** The `workflow` event of a log entry: PROTOCOL §8's fields, and the comment so comments appear live. */
function workflowPushOf(record: Record<string, unknown>): Record<string, unknown> {
  return {
    activityId: record.activityId,
    status: record.toStatus,
    action: record.action,
    by: record.by,
    byName: record.byName,
    comment: record.comment,
    eventId: record.id,
  };
}
