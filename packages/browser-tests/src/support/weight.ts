import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import type { TestHerald } from './herald.ts';

/**
 * What /login and the way to the first dashboard may cost, in gzip-compressed JavaScript. Measured
 * at 138 KB and 250 KB when these budgets were reached: React DOM is 60 KB of each; React Router runs in
 * declarative mode, Herald translates with its own small translator, access is checked from the contract's
 * access table and the import rules are read without zod, the dashboard draws its own charts, and the date
 * pickers wait for "Custom range…".
 */
export const LOGIN_BUDGET_BYTES = 150 * 1024;
export const FIRST_DASHBOARD_BUDGET_BYTES = 300 * 1024;

export interface ScriptWeight {
  /** gzip (level 9) bytes of every distinct script Chromium fetched. */
  gzipBytes: number;
  rawBytes: number;
  files: string[];
}

export interface JavaScriptWeight {
  login: ScriptWeight;
  /** Everything from opening /login through signing in and choosing the organization to its dashboard. */
  firstDashboard: ScriptWeight;
  /** Opening an e-mail in the native editor directly (signed in), everything it loads... */
  editor?: ScriptWeight;
  /** ...and of that, the scripts the way to the first dashboard did not load: the editor's own code. */
  editorOwn?: ScriptWeight;
}

interface ScriptRecorder {
  /** Every script fetched so far, by path, with its bytes as served; waits for bodies still being read. */
  settled(): Promise<Map<string, Buffer>>;
}

/** Records every script a page fetches (module preloads included). */
function recordScripts(page: Page): ScriptRecorder {
  const scripts = new Map<string, Buffer>();
  // A body is read after its response event; weighing before those reads finish would miss the last chunks.
  const reading = new Set<Promise<void>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' && !response.url().endsWith('.js')) return;
    const path = new URL(response.url()).pathname;
    const read: Promise<void> = response
      .body()
      .then((body) => void scripts.set(path, body))
      .catch(() => undefined)
      .finally(() => reading.delete(read));
    reading.add(read);
  });
  return {
    async settled() {
      while (reading.size > 0) await Promise.all([...reading]);
      return scripts;
    },
  };
}

function weigh(scripts: Map<string, Buffer>): ScriptWeight {
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const body of scripts.values()) {
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return { gzipBytes, rawBytes, files: [...scripts.keys()].sort() };
}

/**
 * Gives an organization 1,000 subscribers created over the last two years, so its first dashboard is one a
 * marketer sees, its growth charts drawn: an empty organization's figures come in after the page settles, and
 * the charts' code went unweighed.
 */
export async function addSubscribersForCharts(herald: TestHerald, organizationId: number): Promise<void> {
  await sql`INSERT INTO subscriber (organization_id, email, custom, extra, scores, partition_ids, is_unsubscribed, created_at)
    SELECT ${organizationId}, 'reader' || n || '@example.com', '{}', '{}', '{}', '{}', false,
      now() - n * interval '17 hours'
    FROM generate_series(1, 1000) AS n`.execute(herald.database.db);
}

/**
 * Measures what a real Chromium downloads: /login until its form is ready, then signing in as `user`,
 * choosing `organizationName` and waiting for its dashboard with its charts drawn (give the organization
 * subscribers first, addSubscribersForCharts). Bytes are deterministic for a build, so a test may hold them to
 * a budget.
 */
export async function measureJavaScriptWeight(
  browser: Browser,
  baseUrl: string,
  user: { email: string; password: string },
  organizationName: string,
  /** An e-mail activity's editor path (`/{org}/activity/editor/{id}`), to weigh the editor route too. */
  editorPath?: string,
): Promise<JavaScriptWeight> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    await page.waitForLoadState('networkidle');
    const login = weigh(await scripts.settled());
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: organizationName }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/dashboard'));
    // The dashboard's own content, not the static shell or a skeleton: its page chunk has run.
    await page
      .getByRole('heading', { level: 1, name: `Welcome to ${organizationName}`, exact: false })
      .waitFor();
    // The figures come over the WebSocket, which networkidle does not wait for; the charts follow them.
    await page.locator('[data-testid="dashboard-chart"][data-chart-key="subscribers.total"] svg').waitFor();
    await page.waitForLoadState('networkidle');
    const firstDashboard = weigh(await scripts.settled());
    if (!editorPath) return { login, firstDashboard };
    // A page of its own, so its recorder sees only what opening the editor loads (the session carries over).
    const editorPage = await context.newPage();
    const editorScripts = recordScripts(editorPage);
    await editorPage.goto(`${baseUrl}${editorPath}`);
    await editorPage.getByTestId('email-editor').waitFor();
    await editorPage.getByTestId('design-block').first().waitFor();
    await editorPage.waitForLoadState('networkidle');
    const opened = await editorScripts.settled();
    const own = new Map([...opened].filter(([file]) => !firstDashboard.files.includes(file)));
    return { login, firstDashboard, editor: weigh(opened), editorOwn: weigh(own) };
  } finally {
    await context.close();
  }
}

export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
