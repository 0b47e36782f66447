import { DEFAULT_CHART_DATE_RANGE_START, PAGE_LIMIT } from '@herald/protocol';
import type WebSocket from 'ws';
import {
  campaignListDefinition,
  campaignQueryFilter,
} from '../packages/web/src/features/campaigns/campaign.ts';
import {
  listQueryFilter,
  memberListDefinition,
  memberQueryFilter,
  subscriberListDefinition as listsDefinition,
} from '../packages/web/src/features/lists/list.ts';
import {
  subscriberListDefinition as subscribersDefinition,
  subscriberQueryFilter,
} from '../packages/web/src/features/subscribers/subscribers.ts';
import {
  changeListParams,
  defaultListParams,
  queryWindow,
  type ListParams,
} from '../packages/web/src/platform/list/listParams.ts';
import { caller, CommandError } from './ws-client.ts';

/** The second user: a power user of the demo, a marketer with head-office access to every screen below. */
export const MARKETER = 'power@example.com';
/**
 * The pause after each screen before the next is opened. Brisker than a person, who reads a screen for
 * seconds, so that even a short import gives a few dozen samples; yet not back to back, which on the
 * machine's 2 cores would be a load test that slows the import it watches, and no longer one user.
 */
const THINK_TIME_MS = 250;
/** A request unanswered this long counts as failed (the query time-out, 10 s, would have answered first). */
const REQUEST_TIMEOUT_MS = 30_000;
/**
 * The console's own queries answered within 200 ms p95 during an import (docs/measurements.md § Import speed).
 */
const GOAL_P95_MS = 200;
/** A name most screens' searches would meet: a demo surname, and one in eight of the bench's rows. */
const SEARCH = 'smith';

/** One command a screen sends when it opens, with the params its query hook builds. */
interface ConsoleRequest {
  name: string;
  command: string;
  params: Record<string, unknown>;
}

/** The second user's organization channel, and the list whose page they open. */
export interface ConsoleUser {
  send: (command: string, params?: unknown) => Promise<unknown>;
  screens: ConsoleRequest[][];
  close(): void;
}

/**
 * The console on the marketer's own organization channel (signed in on sockets of their own), with the
 * organization's largest list picked for the list's page (a demo list, filled before the bench begins).
 */
export async function openConsole(channel: WebSocket, organizationId: number): Promise<ConsoleUser> {
  const send = caller(channel);
  try {
    const { records } = (await send('query', {
      organizationId,
      query: { type: 'list', filter: { isArchived: false } },
      sortKey: 'subscribers',
      sortOrder: 'desc',
      limit: 1,
    })) as { records: Array<{ id: number }> };
    const listId = records[0]?.id;
    if (listId === undefined) throw new Error('the organization has no list to open');
    return { send, screens: consoleScreens(organizationId, listId), close: () => channel.close() };
  } catch (error) {
    channel.close();
    throw error;
  }
}

/**
 * The screens a marketer opens, each as the commands the web app sends on opening it, with the params
 * built by the web app's own list definitions and filters (packages/web/src): the dashboard, the subscribers
 * (first page, newest first, a search), the lists, a list's page, the campaigns and the jobs (export page).
 * The queryKey strings are those the pages pass (SubscribersPage, ListsPage, ListViewPage, CampaignsPage).
 * Live subscriptions are left out: during an import the server pushes only the job's and, at its end, the
 * list's changes, and this user reads each screen again anyway.
 */
function consoleScreens(organizationId: number, listId: number): ConsoleRequest[][] {
  /** useRecords' `query` params: the type with its filter and search, then the page and sort. */
  const records = (
    name: string,
    type: string,
    filter: Record<string, unknown>,
    window: Record<string, unknown>,
    search?: string,
  ): ConsoleRequest => ({
    name,
    command: 'query',
    params: { organizationId, query: { type, filter, ...(search ? { search } : {}) }, ...window },
  });
  const page = (params: ListParams, queryKey: string) => ({ ...queryWindow(params, PAGE_LIMIT), queryKey });
  const everyone = defaultListParams(subscribersDefinition);
  const newestFirst = changeListParams(everyone, { sort: 'createdAt', order: 'desc' });
  const lists = defaultListParams(listsDefinition);
  const members = defaultListParams(memberListDefinition);
  const campaigns = defaultListParams(campaignListDefinition);
  return [
    // DashboardFigures (the default chart range, 2000-02-01 to today) and RecentCampaigns.
    [
      {
        name: 'dashboard figures',
        command: 'getDashboardStats',
        params: {
          organizationId,
          from: DEFAULT_CHART_DATE_RANGE_START,
          to: new Date().toISOString().slice(0, 10),
        },
      },
      {
        name: 'dashboard recent campaigns',
        command: 'query',
        params: {
          organizationId,
          query: { type: 'campaign' },
          limit: 5,
          offset: 0,
          sortKey: 'startDate',
          sortOrder: 'desc',
        },
      },
    ],
    [
      records(
        'subscribers',
        'subscriber',
        subscriberQueryFilter(everyone, null),
        page(everyone, 'subscribers-all'),
      ),
    ],
    [
      records(
        'subscribers newest first',
        'subscriber',
        subscriberQueryFilter(newestFirst, null),
        page(newestFirst, 'subscribers-all'),
      ),
    ],
    [
      records(
        `subscribers searched "${SEARCH}"`,
        'subscriber',
        subscriberQueryFilter(everyone, null),
        page(everyone, 'subscribers-all'),
        SEARCH,
      ),
    ],
    [records('lists', 'list', listQueryFilter(lists), page(lists, 'subscriber-lists'))],
    // ListViewPage: the list itself (useRecord) and its members.
    [
      records('list', 'list', { id: listId }, { limit: 1, offset: 0 }),
      records(
        'list members',
        'subscriber',
        memberQueryFilter(listId, members),
        page(members, 'list-members'),
      ),
    ],
    [records('campaigns', 'campaign', campaignQueryFilter(campaigns), page(campaigns, 'campaigns-list'))],
    // ExportPage: the export jobs, newest first (the server's default order).
    [records('jobs', 'job', { kind: 'export' }, { limit: PAGE_LIMIT, offset: 0 })],
  ];
}

/** What the browsing user saw: each request's round trip, and the requests that failed. */
export class Browsed {
  /** Round trips in milliseconds, error answers included (the user waited that long for them too). */
  readonly times: number[] = [];
  readonly timesByRequest = new Map<string, number[]>();
  /** "request: error type" → how many times. */
  readonly failures = new Map<string, number>();
  sent = 0;
  durationMs = 0;

  get failed(): number {
    return [...this.failures.values()].reduce((sum, count) => sum + count, 0);
  }

  async time(request: ConsoleRequest, send: ConsoleUser['send']): Promise<void> {
    this.sent += 1;
    const startedAt = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const unanswered = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)),
        REQUEST_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([send(request.command, request.params), unanswered]);
      this.#record(request.name, performance.now() - startedAt);
    } catch (error) {
      if (error instanceof CommandError) this.#record(request.name, performance.now() - startedAt);
      const reason =
        error instanceof CommandError ? error.type : error instanceof Error ? error.message : String(error);
      const key = `${request.name}: ${reason}`;
      this.failures.set(key, (this.failures.get(key) ?? 0) + 1);
    } finally {
      clearTimeout(timer);
    }
  }

  #record(name: string, ms: number): void {
    this.times.push(ms);
    const forRequest = this.timesByRequest.get(name) ?? [];
    forRequest.push(ms);
    this.timesByRequest.set(name, forRequest);
  }
}

/**
 * Starts browsing: the screens in turn, their requests one at a time (each awaited, as this one user's
 * clicks), a think time after each screen, round and round until `stop`, which lets the request in flight
 * finish and answers what was seen.
 */
export function browseConsole(user: ConsoleUser): { stop(): Promise<Browsed> } {
  const browsed = new Browsed();
  const startedAt = performance.now();
  let stopped: Promise<Browsed> | undefined;
  let stopping = false;
  let wake = () => {};
  const loop = (async () => {
    while (!stopping) {
      for (const screen of user.screens) {
        for (const request of screen) {
          if (stopping) return;
          await browsed.time(request, user.send);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, THINK_TIME_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  })();
  return {
    stop: () =>
      (stopped ??= (async () => {
        stopping = true;
        wake();
        await loop;
        browsed.durationMs = performance.now() - startedAt;
        return browsed;
      })()),
  };
}

/** Browses for `ms` milliseconds, e.g. the idle server's baseline. */
export async function browseConsoleFor(user: ConsoleUser, ms: number): Promise<Browsed> {
  const browsing = browseConsole(user);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return browsing.stop();
}

/**
 * The printed figures: count, p50, p95 and max against the goal, and every failure by request and error;
 * with `byRequest`, a second line with each request's p95 and max, slowest first.
 */
export function describeBrowsing(
  label: string,
  phase: string,
  browsed: Browsed,
  byRequest = false,
): string[] {
  const met = percentile(browsed.times, 95) <= GOAL_P95_MS && browsed.failed === 0;
  const failures = [...browsed.failures].map(([failure, count]) => `${failure} ×${count}`).join(', ');
  const lines = [
    `${label}: the console browsed by a second user ${phase}: ${browsed.sent} requests ` +
      `in ${(browsed.durationMs / 1000).toFixed(1)} s, ${figures(browsed.times)} ` +
      `(goal p95 ≤ ${GOAL_P95_MS} ms: ${met ? 'met' : 'NOT met'})` +
      (browsed.failed > 0 ? `; FAILED ${browsed.failed}: ${failures}` : ''),
  ];
  if (byRequest)
    lines.push(
      `${label}: ${phase}, by request (p95 / max): ` +
        [...browsed.timesByRequest]
          .sort(([, a], [, b]) => percentile(b, 95) - percentile(a, 95))
          .map(
            ([name, times]) =>
              `${name} ${Math.round(percentile(times, 95))} / ${Math.round(percentile(times, 100))} ms`,
          )
          .join(', '),
    );
  return lines;
}

function figures(times: number[]): string {
  const at = (p: number) => percentile(times, p).toFixed(0);
  return `p50 ${at(50)} ms, p95 ${at(95)} ms, max ${at(100)} ms`;
}

/** The nearest-rank percentile, as the other benchmarks take it. */
function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
