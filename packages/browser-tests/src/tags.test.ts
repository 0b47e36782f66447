import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { organizationConnection } from '@herald/server/testing';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import {
  createOrganization,
  createUser,
  signedIn,
  startHeraldForBrowser,
  type TestHerald,
} from './support/herald.ts';
import { writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

describe('tags and calculated fields', () => {
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

  /** Tags subscribers through the organization channel, as the tag page does (tagSubscribers). */
  async function tagSubscribersAs(
    user: { email: string; password: string },
    organizationId: number,
    tagId: number,
    subscriberIds: number[],
  ): Promise<number> {
    const { session, sessionId } = await signedIn(herald, user);
    try {
      const channel = await organizationConnection(herald, session, sessionId, organizationId);
      try {
        const { changed } = await channel.call<{ changed: number }>('tagSubscribers', {
          organizationId,
          tagId,
          subscriberIds,
          remove: false,
        });
        return changed;
      } finally {
        channel.close();
      }
    } finally {
      session.close();
    }
  }

  const tagNames = async (page: Page) => {
    await page.locator('[data-testid="tags-page"][aria-busy="false"]').waitFor();
    return (await page.getByTestId('tag-name').allTextContents()).map((text) => text.trim());
  };
  const figure = (page: Page, name: string) =>
    page.locator(`[data-testid="tag-figure"][data-figure="${name}"]`).getByTestId('tag-figure-value');
  const taggedEmails = async (page: Page) => {
    await page.locator('[data-testid="tag-subscribers"][aria-busy="false"]').waitFor();
    return (await page.getByTestId('tag-subscriber-email').allTextContents())
      .map((text) => text.trim())
      .sort();
  };

  it('creates a tag, lists it, and shows and changes who has it', async () => {
    const { organizationId, manager } = await managerOf('Tags Org');
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);

    // Settings › Tags, from the navigation: nothing yet, then a tag created from the empty state.
    await page.goto(`${baseUrl}/${organizationId}/settings/profile`);
    await page.getByTestId('navigation-settings').getByRole('link', { name: 'Tags' }).click();
    await page.getByRole('heading', { name: 'Tags', exact: true }).waitFor();
    await page.getByTestId('list-empty').waitFor();
    await page.getByTestId('new-tag').click();
    const dialog = page.getByRole('dialog', { name: 'New tag' });
    await dialog.getByRole('button', { name: 'Create tag' }).click();
    await dialog.getByText('Enter a name.').waitFor();
    await dialog.getByLabel(/^Name/).fill('VIP');
    await dialog.getByRole('button', { name: 'Create tag' }).click();
    await expect.poll(() => tagNames(page)).toEqual(['VIP']);
    const stored = await herald.database.db
      .selectFrom('tag')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe('VIP');

    // Archived after confirming, hidden from the tags in use, and back with the toast's undo.
    await page.getByTestId('tag-actions').click();
    await page.getByTestId('tag-archive').click();
    await page.getByTestId('tag-archive-confirmed').click();
    await expect.poll(() => tagNames(page)).toEqual([]);
    await page.getByTestId('tag-undo-archive').click();
    await expect.poll(() => tagNames(page)).toEqual(['VIP']);

    // Three subscribers with the tag, one of them unsubscribed (so not contactable).
    const subscribers = await herald.database.db
      .insertInto('subscriber')
      .values(
        ['ann', 'bob', 'cat'].map((name) => ({
          organization_id: organizationId,
          email: `${name}@example.test`,
          firstname: name,
          is_unsubscribed: name === 'cat',
          extra: '{}',
          custom: '{}',
          partition_ids: [],
          scores: JSON.stringify({ predicted_lifetime_engagement: name === 'ann' ? 0.5 : 0.25 }),
        })),
      )
      .returning(['id', 'email'])
      .execute();
    expect(
      await tagSubscribersAs(
        manager,
        organizationId,
        stored.id,
        subscribers.map((subscriber) => subscriber.id),
      ),
    ).toBe(3);

    // The tag page: the figures (contactable leaves the unsubscribed out) and the subscribers.
    await page.getByTestId('tag-name').filter({ hasText: 'VIP' }).click();
    await page.getByRole('heading', { name: 'VIP' }).waitFor();
    await expect.poll(() => figure(page, 'subscribers').textContent()).toBe('3');
    expect(await figure(page, 'contactable').textContent()).toBe('2');
    expect(await figure(page, 'predictedEngagement').textContent()).toBe('0.375');
    await expect
      .poll(() => taggedEmails(page))
      .toEqual(['ann@example.test', 'bob@example.test', 'cat@example.test']);

    // Removing one, after confirming, updates the figures and the table.
    await page
      .locator('[data-testid="tag-subscriber-row"]')
      .filter({ hasText: 'ann@example.test' })
      .getByTestId('tag-subscriber-remove')
      .click();
    await page.getByRole('dialog', { name: 'Remove from this tag?' }).waitFor();
    await page.getByTestId('tag-subscriber-remove-confirmed').click();
    await expect.poll(() => figure(page, 'contactable').textContent()).toBe('1');
    expect(await figure(page, 'subscribers').textContent()).toBe('2');
    await expect.poll(() => taggedEmails(page)).toEqual(['bob@example.test', 'cat@example.test']);

    // And adding one back by e-mail search (an e-mail is matched whole: the search reads indexes).
    await page.getByTestId('tag-add-search').fill('ann@example.test');
    await page
      .getByTestId('tag-add-match')
      .filter({ hasText: 'ann@example.test' })
      .getByTestId('tag-add-subscriber')
      .click();
    await expect.poll(() => figure(page, 'contactable').textContent()).toBe('2');
    await expect
      .poll(() => taggedEmails(page))
      .toEqual(['ann@example.test', 'bob@example.test', 'cat@example.test']);
    await context.close();
  });

  it('refuses a percentage split that does not add up to 100%, saves one that does and runs it', async () => {
    const { organizationId, manager } = await managerOf('Calculated Fields Org');
    const [tag] = await writeRecordsAs(herald, manager, organizationId, 'tag', [{ name: 'Split me' }]);
    const subscribers = await herald.database.db
      .insertInto('subscriber')
      .values(
        [1, 2, 3, 4].map((index) => ({
          organization_id: organizationId,
          email: `s${index}@example.test`,
          extra: '{}',
          custom: '{}',
          partition_ids: [],
          scores: '{}',
        })),
      )
      .returning('id')
      .execute();
    await tagSubscribersAs(
      manager,
      organizationId,
      Number(tag?.id),
      subscribers.map((subscriber) => subscriber.id),
    );
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    await page.goto(`${baseUrl}/${organizationId}/settings/customfields/subscriber/new`);
    const dialog = page.getByRole('dialog', { name: 'Custom field' });
    await dialog.waitFor();
    await dialog.getByLabel(/^Field/).fill('ab_group');
    await dialog.getByText('Calculated', { exact: true }).click();

    // The target builder, in its text mode: a target that does not read says where it stops.
    const target = dialog.getByTestId('calculation-target');
    await target.getByTestId('target-mode').getByText('Text', { exact: true }).click();
    await target.getByTestId('target-text').fill(`tag ${String(tag?.id)} and`);
    await target.getByTestId('target-parse-caret').waitFor();
    await target.getByTestId('target-text').fill(`tag ${String(tag?.id)}`);
    await target.getByTestId('target-parse-caret').waitFor({ state: 'detached' });

    await dialog.getByRole('combobox', { name: 'Rule type' }).click();
    await page.getByRole('option', { name: 'Percentage split' }).click();
    for (const [value, percentage] of [
      ['a', '50'],
      ['b', '30'],
    ]) {
      await dialog.getByRole('button', { name: 'Add rule' }).click();
      const rule = dialog.getByTestId('calculation-rule').last();
      await rule.getByRole('textbox', { name: 'Value' }).fill(value!);
      await rule.getByRole('textbox', { name: 'Percentage' }).fill(percentage!);
    }
    const total = dialog.getByTestId('percentage-total');
    await expect.poll(() => total.getAttribute('data-total')).toBe('80');
    await dialog.getByText('Percentages must add up to 100%.').waitFor();
    await dialog.getByRole('button', { name: 'Create field' }).click();
    // Still open, nothing stored.
    await dialog.getByText('Percentages must add up to 100%.').waitFor();
    const stored = await herald.database.db
      .selectFrom('custom_field')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('field', '=', 'ab_group')
      .executeTakeFirst();
    expect(stored).toBeUndefined();

    // Unique values too, in the catalogue's words.
    await dialog.getByTestId('calculation-rule').last().getByRole('textbox', { name: 'Value' }).fill('a');
    await dialog.getByText('Every value must be unique.').waitFor();
    await dialog.getByTestId('calculation-rule').last().getByRole('textbox', { name: 'Value' }).fill('b');
    await dialog
      .getByTestId('calculation-rule')
      .last()
      .getByRole('textbox', { name: 'Percentage' })
      .fill('50');
    await expect.poll(() => total.getAttribute('data-total')).toBe('100');
    await dialog.getByRole('button', { name: 'Create field' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await herald.database.db
      .selectFrom('custom_field')
      .select('calculation')
      .where('organization_id', '=', organizationId)
      .where('field', '=', 'ab_group')
      .executeTakeFirstOrThrow();
    expect(saved.calculation).toMatchObject({
      kind: 'calculated',
      target: `tag ${String(tag?.id)}`,
      ruleType: 'percentageSplit',
      rules: [
        { value: 'a', percentage: 50 },
        { value: 'b', percentage: 50 },
      ],
    });

    // Run now: the job's progress, then its outcome; the tagged subscribers get one of the values.
    await page.goto(`${baseUrl}/${organizationId}/settings/customfields/subscriber/ab_group`);
    await page.getByTestId('calculation-run-now').click();
    await page.locator('[data-testid="calculation-job"][data-status="succeeded"]').waitFor();
    expect(await page.getByTestId('calculation-job-result').textContent()).toContain('Matched: 4');
    const values = await herald.database.db
      .selectFrom('subscriber')
      .select('custom')
      .where('organization_id', '=', organizationId)
      .execute();
    const assigned = values.map((row) => (row.custom as { ab_group?: unknown }).ab_group);
    expect(assigned).toHaveLength(4);
    expect(assigned.every((value) => value === 'a' || value === 'b')).toBe(true);
    await context.close();
  });
});
