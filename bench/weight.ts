import { existsSync } from 'node:fs';
import path from 'node:path';
import { launchBrowser, CHROMIUM_PATH } from '../packages/browser-tests/src/support/browser.ts';
import {
  addSubscribersForCharts,
  FIRST_DASHBOARD_BUDGET_BYTES,
  LOGIN_BUDGET_BYTES,
  kilobytes,
  measureJavaScriptWeight,
  type ScriptWeight,
} from '../packages/browser-tests/src/support/weight.ts';
import { createOrganization, createUser } from '../packages/server/test/support/factories.ts';
import { startTestHerald, type TestHerald } from '../packages/server/test/support/herald.ts';
import { repositoryRoot } from './server-process.ts';

/** A campaign with one e-mail activity and no revision yet: the editor opens on its starter design. */
async function addEmailActivity(herald: TestHerald, organizationId: number): Promise<string> {
  const campaign = await herald.database.db
    .insertInto('campaign')
    .values({ organization_id: organizationId, name: 'Weight campaign', start_date: '2026-01-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const activity = await herald.database.db
    .insertInto('activity')
    .values({
      organization_id: organizationId,
      campaign_id: campaign.id,
      type: 'email',
      name: 'Weight e-mail',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return `/${organizationId}/activity/editor/${activity.id}`;
}

/**
 * The budgets of docs/decisions/0032-light-first-scripts.md: the gzip-compressed JavaScript a real Chromium
 * downloads for /login (until its form is ready), and from /login through signing in and choosing an organization
 * (with subscribers) to its first dashboard with its charts drawn, against the built web app (npm run build) on a
 * real server.
 */
export async function benchWeight(): Promise<string[]> {
  if (!existsSync(path.join(repositoryRoot, 'packages/web/dist/index.html')))
    return ['weight: web app not built (run npm run build)'];
  if (!existsSync(CHROMIUM_PATH)) return [`weight: ${CHROMIUM_PATH} missing (apt-get install -y chromium)`];
  const herald = await startTestHerald();
  const browser = await launchBrowser();
  try {
    const organizationId = await createOrganization(herald, 'Weight Bench Org');
    const user = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }]);
    await addSubscribersForCharts(herald, organizationId);
    const editorPath = await addEmailActivity(herald, organizationId);
    const weight = await measureJavaScriptWeight(
      browser,
      herald.config.publicUrl,
      user,
      'Weight Bench Org',
      editorPath,
    );
    const line = (label: string, measured: ScriptWeight, budget: number) =>
      `${label}: ${kilobytes(measured.gzipBytes)} gzip JavaScript (${kilobytes(measured.rawBytes)} raw, ` +
      `${measured.files.length} files; budget ≤ ${kilobytes(budget)})`;
    const plain = (label: string, measured: ScriptWeight | undefined) =>
      measured
        ? `${label}: ${kilobytes(measured.gzipBytes)} gzip JavaScript (${kilobytes(measured.rawBytes)} raw, ` +
          `${measured.files.length} files)`
        : `${label}: not measured`;
    return [
      line('/login', weight.login, LOGIN_BUDGET_BYTES),
      line('sign-in → first dashboard', weight.firstDashboard, FIRST_DASHBOARD_BUDGET_BYTES),
      plain('e-mail editor opened directly', weight.editor),
      plain('e-mail editor, its own code (not loaded on the way to the dashboard)', weight.editorOwn),
    ];
  } finally {
    await browser.close();
    await herald.stop();
  }
}
