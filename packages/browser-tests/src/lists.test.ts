import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { writeRecordsAs } from './support/records.ts';
import { appAlert, signIn } from './support/sign-in.ts';

/** Three good rows and one whose e-mail is not one (rejected). */
const MEMBERS_CSV = [
  'Email,First name,Surname,Country',
  'ann@example.com,Ann,Archer,AU',
  'bob@example.com,Bob,Baker,NZ',
  'cat@example.com,Cat,Cole,SG',
  'not-an-email,Dan,Dunn,ID',
].join('\n');

/** The names in the lists table (list view) or cards (grid view), in order. */
async function listNames(page: Page): Promise<string[]> {
  await page.locator('[data-testid="lists-page"][aria-busy="false"]').waitFor();
  const names = page.getByTestId('lists-page').getByTestId('list-name');
  return (await names.allTextContents()).map((text) => text.trim());
}

async function memberEmails(page: Page): Promise<string[]> {
  await page.locator('[data-testid="list-members"][aria-busy="false"]').waitFor();
  return (await page.getByTestId('member-email').allTextContents()).map((text) => text.trim()).sort();
}

/** Sets `import.rules` in the organization's settings, as the import rules page would store them. */
async function setImportRules(herald: TestHerald, organizationId: number, rules: Record<string, unknown>) {
  await herald.database.db
    .updateTable('organization')
    .set({ settings: JSON.stringify({ import: { rules } }) })
    .where('id', '=', organizationId)
    .execute();
}

describe('subscriber lists', () => {
  let herald: TestHerald;
  let browser: Browser;
  let baseUrl: string;

  beforeAll(async () => {
    [herald, browser] = await Promise.all([startHeraldForBrowser(), launchBrowser()]);
    baseUrl = herald.config.publicUrl;
  });
  afterAll(async () => {
    await releaseBrowser(browser);
    await herald?.stop();
  });

  async function managerOf(name: string) {
    const organizationId = await createOrganization(herald, name);
    const manager = await createUser(herald, [{ organizationId, roles: ['Database.Manage'] }]);
    return { organizationId, manager };
  }

  it('creates a list, imports a CSV through the wizard, sees the outcome and the members', async () => {
    const { organizationId, manager } = await managerOf('Import Lists Org');
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    await page.getByRole('link', { name: 'Import Lists Org' }).click();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Subscriber lists' })
      .click();
    await page.getByRole('heading', { name: 'Subscriber lists' }).waitFor();
    await page.getByTestId('list-empty').waitFor();

    // A new list, from the keyboard: the name field has the focus and Enter saves.
    await page.getByTestId('new-list').click();
    const dialog = page.getByRole('dialog', { name: 'New list' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Create list' }).click();
    await dialog.getByText('Enter a name for the list').waitFor();
    await dialog.getByLabel('Name').fill('Newsletter');
    await page.keyboard.press('Enter');
    await page.getByTestId('list-title').filter({ hasText: 'Newsletter' }).waitFor();
    const listId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(new URL(page.url()).pathname).toBe(`/${organizationId}/subscribers/view/${listId}`);
    await page.getByTestId('list-empty').waitFor();

    // The wizard: drop the file (the drop zone's file input), map, options, start.
    await page.getByTestId('list-import').click();
    await page.getByRole('heading', { name: 'Import subscribers into Newsletter' }).waitFor();
    await page
      .getByTestId('import-dropzone')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'members.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(MEMBERS_CSV),
      });
    await page.getByTestId('import-mapping-step').waitFor();
    // The server suggested e-mail and first name and country; the surname column is mapped by hand.
    const surname = page.getByRole('combobox', { name: 'Import column Surname as' });
    await surname.click();
    await page.getByRole('option', { name: 'Last name', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('import-preview').locator('th').allTextContents())
      .toEqual(['Email', 'First name', 'Last name', 'Country']);
    await page.getByTestId('import-preview').getByText('ann@example.com').waitFor();
    await page.getByTestId('import-next').click();

    await page.getByTestId('import-options-step').waitFor();
    expect(await page.getByLabel('Source name').inputValue()).toBe('members.csv');
    await page.getByLabel('Source name').fill('');
    await page.getByTestId('import-start').click();
    await page.getByText('Enter a source name').waitFor();
    await page.getByLabel('Source name').fill('Spring fair');
    await page.getByTestId('import-start').click();

    // Live progress, then the outcome.
    await page.getByTestId('import-progress').waitFor();
    await page.locator('[data-testid="import-job"][data-status="succeeded"]').waitFor({ timeout: 30_000 });
    const outcome = async (key: string) =>
      (
        await page
          .locator(`[data-testid="import-outcome-count"][data-outcome="${key}"]`)
          .getByTestId('import-outcome-value')
          .textContent()
      )?.trim();
    expect(await outcome('created')).toBe('3');
    expect(await outcome('updated')).toBe('0');
    expect(await outcome('rejected')).toBe('1');
    await page.getByTestId('import-progress-text').filter({ hasText: 'of 4 rows' }).waitFor();

    // The rejected rows download as a zip through the POSTed form.
    const download = page.waitForEvent('download');
    await page.getByTestId('import-download-rejected').click();
    expect((await download).suggestedFilename()).toMatch(/\.zip$/);

    // The list shows its members, each linking to the subscriber's profile.
    await page.getByTestId('import-open-list').click();
    await page.getByTestId('list-title').filter({ hasText: 'Newsletter' }).waitFor();
    await expect
      .poll(() => memberEmails(page))
      .toEqual(['ann@example.com', 'bob@example.com', 'cat@example.com']);
    const href = await page
      .getByTestId('member-email')
      .filter({ hasText: 'ann@example.com' })
      .getAttribute('href');
    expect(href).toMatch(new RegExp(`^/${organizationId}/subscribers/\\d+$`));
    await page.getByRole('searchbox', { name: 'Search' }).fill('bob');
    await expect.poll(() => memberEmails(page)).toEqual(['bob@example.com']);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await expect.poll(() => memberEmails(page)).toHaveLength(3);

    // Add one by hand: the field errors come first.
    await page.getByTestId('list-add-subscriber').click();
    const add = page.getByRole('dialog', { name: 'Add subscriber' });
    await add.waitFor();
    await add.getByLabel('Email').fill('nope');
    await add.getByTestId('add-subscriber-submit').click();
    await add.getByText('Enter a valid email address').waitFor();
    await add.getByLabel('Email').fill('dee@example.com');
    await add.getByLabel('First name').fill('Dee');
    await add.getByTestId('add-subscriber-submit').click();
    await page.getByText('Subscriber added to Newsletter').waitFor();
    await expect
      .poll(() => memberEmails(page))
      .toEqual(['ann@example.com', 'bob@example.com', 'cat@example.com', 'dee@example.com']);

    // The lists page shows the list with its counts once the statistics are refreshed.
    await page.getByTestId('list-refresh-stats').click();
    await page.getByText('Statistics refreshed').waitFor();
    await page.goto(`${baseUrl}/${organizationId}/subscribers?view=list`);
    await expect.poll(() => listNames(page)).toEqual(['Newsletter']);
    expect((await page.getByTestId('list-row').getByTestId('list-subscribers').textContent())?.trim()).toBe(
      '4',
    );
    await context.close();
  });

  it('warns when a file reads as one column holding another delimiter', async () => {
    const { organizationId, manager } = await managerOf('Pipes Org');
    const list = await herald.database.db
      .insertInto('subscriber_list')
      .values({ organization_id: organizationId, name: 'Piped', partition_ids: [] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    await page.goto(`${baseUrl}/${organizationId}/subscribers/import/${list.id}`);
    await page
      .getByTestId('import-dropzone')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'pipes.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('email|name\na@x.test|A\n'),
      });
    const warning = page.getByTestId('import-one-column-warning');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('one column holding "|"');
    await context.close();
  });

  it('guard 10: import and add-subscriber go back to the lists when the import rules disallow upload', async () => {
    const { organizationId, manager } = await managerOf('Rules Lists Org');
    const [open, closed] = await writeRecordsAs(herald, manager, organizationId, 'list', [
      { name: 'Open list' },
      { name: 'Closed list' },
    ]);
    await setImportRules(herald, organizationId, {
      lists: { [String(closed?.id)]: { disallowSubscriberUpload: true } },
    });
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);

    await page.goto(`${baseUrl}/${organizationId}/subscribers/import/${String(closed?.id)}`);
    await appAlert(page, 'Subscriber upload is not allowed for this list.').waitFor();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/subscribers`);
    await page.goto(`${baseUrl}/${organizationId}/subscribers/add/${String(closed?.id)}`);
    await appAlert(page, 'Subscriber upload is not allowed for this list.').waitFor();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/subscribers`);

    // The other list still takes imports; the closed one offers none in its menu.
    await page.goto(`${baseUrl}/${organizationId}/subscribers/import/${String(open?.id)}`);
    await page.getByRole('heading', { name: 'Import subscribers into Open list' }).waitFor();
    // Without a list in the address the wizard asks for one, offering only those open to upload.
    await page.goto(`${baseUrl}/${organizationId}/subscribers/import`);
    await page.getByRole('heading', { name: 'Import subscribers' }).waitFor();
    await page.getByRole('combobox', { name: 'List' }).click();
    await page.getByRole('option', { name: 'Open list' }).waitFor();
    expect(await page.getByRole('option', { name: 'Closed list' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl}/${organizationId}/subscribers?view=list`);
    await expect.poll(() => listNames(page)).toEqual(expect.arrayContaining(['Open list', 'Closed list']));
    await page
      .locator(`[data-testid="list-row"][data-list-id="${String(closed?.id)}"]`)
      .getByTestId('list-actions')
      .click();
    await page.getByRole('menuitem', { name: 'Report' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Import' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    // Globally: no upload anywhere, and no new lists.
    await setImportRules(herald, organizationId, { disallowSubscriberUpload: true, disallowNewLists: true });
    await page.goto(`${baseUrl}/${organizationId}/subscribers/import`);
    await appAlert(page, 'Subscriber upload is not allowed for this list.').waitFor();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/subscribers`);
    await page.goto(`${baseUrl}/${organizationId}/subscribers/new`);
    await appAlert(page, 'New lists are not allowed in this organization.').waitFor();
    await page.waitForURL((url) => url.pathname === `/${organizationId}/subscribers`);
    await page.getByTestId('new-list-blocked').waitFor();
    await context.close();
  });

  it('filters and archives lists with an undo, and the list report draws its chart', async () => {
    const { organizationId, manager } = await managerOf('Report Lists Org');
    const [weekly] = await writeRecordsAs(herald, manager, organizationId, 'list', [
      { name: 'Weekly' },
      { name: 'Nobody yet' },
    ]);
    await writeRecordsAs(herald, manager, organizationId, 'subscriber', [
      { email: 'eve@example.com', firstname: 'Eve', listIds: [weekly?.id] },
    ]);
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);

    // The report: counts, a refresh that records today, the chart, the measure in the URL.
    await page.goto(`${baseUrl}/${organizationId}/subscribers/report/${String(weekly?.id)}`);
    await page.getByRole('heading', { name: 'Report: Weekly' }).waitFor();
    await page.getByTestId('list-refresh-stats').click();
    await page.getByText('Statistics refreshed').waitFor();
    await page.getByTestId('list-report-area').waitFor();
    await page.getByTestId('list-report-chart').locator('svg').first().waitFor();
    const contactable = page.locator('[data-testid="list-stat"][data-stat="contactable"]');
    await expect
      .poll(async () => (await contactable.getByTestId('list-stat-value').textContent())?.trim())
      .toBe('1');
    await page.getByTestId('list-report-measure').getByText('Subscribers').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('measure')).toBe('subscribers');
    // The default range starts at the first day with data, not in 2000.
    expect(await page.getByTestId('list-report-from').getAttribute('data-value')).not.toBe('2000-02-01');

    // The counts refreshed, the lists page filters by state.
    await page.goto(`${baseUrl}/${organizationId}/subscribers?view=list&sort=name&order=asc`);
    await expect.poll(() => listNames(page)).toEqual(['Nobody yet', 'Weekly']);
    await page.getByTestId('list-filter').getByText('Empty').click();
    await expect.poll(() => listNames(page)).toEqual(['Nobody yet']);
    await page.getByTestId('list-filter').getByText('All').click();
    await expect.poll(() => listNames(page)).toEqual(['Nobody yet', 'Weekly']);

    // Archive, then undo from the toast.
    await page
      .locator('[data-testid="list-row"]', { hasText: 'Nobody yet' })
      .getByTestId('list-actions')
      .click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await page.getByTestId('list-archived-toast').waitFor();
    await expect.poll(() => listNames(page)).toEqual(['Weekly']);
    await page.getByTestId('list-undo-archive').click();
    await expect.poll(() => listNames(page)).toEqual(['Nobody yet', 'Weekly']);

    await context.close();
  });
});
