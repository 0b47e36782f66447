import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, releaseBrowser, openPage } from './support/browser.ts';
import { createOrganization, createUser, startHeraldForBrowser, type TestHerald } from './support/herald.ts';
import { writeRecordsAs } from './support/records.ts';
import { signIn } from './support/sign-in.ts';

describe('subscriber profile', () => {
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

  /** An organization with a list, a subscriber on it with three interactions, and two subscriber fields. */
  async function seeded(name: string) {
    const organizationId = await createOrganization(herald, name);
    const manager = await createUser(herald, [{ organizationId, roles: ['Database.Manage'] }]);
    const reader = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    const db = herald.database.db;
    const list = await db
      .insertInto('subscriber_list')
      .values({ organization_id: organizationId, name: 'Newsletter', partition_ids: [] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const subscriber = await db
      .insertInto('subscriber')
      .values({
        organization_id: organizationId,
        email: 'ana@example.test',
        firstname: 'Ana',
        lastname: 'Lima',
        country: 'AU',
        extra: '{}',
        custom: JSON.stringify({ tier: 'gold' }),
        partition_ids: [],
        scores: JSON.stringify({ engagement_frequency: 0.42 }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('list_membership')
      .values({ list_id: list.id, subscriber_id: subscriber.id, organization_id: organizationId })
      .execute();
    await db
      .insertInto('subscriber_event')
      .values([
        {
          organization_id: organizationId,
          subscriber_id: subscriber.id,
          kind: 'listsubscribed',
          occurred_at: '2026-01-01T10:00:00Z',
          list_id: list.id,
          details: '{}',
        },
        {
          organization_id: organizationId,
          subscriber_id: subscriber.id,
          kind: 'sent',
          occurred_at: '2026-01-02T10:00:00Z',
          details: JSON.stringify({ subject: 'Welcome aboard' }),
        },
        {
          organization_id: organizationId,
          subscriber_id: subscriber.id,
          kind: 'opened',
          occurred_at: '2026-01-03T10:00:00Z',
          details: '{}',
        },
      ])
      .execute();
    await writeRecordsAs(herald, manager, organizationId, 'customField', [
      { type: 'subscriber', field: 'tier', schema: { dataType: 'text', values: ['gold', 'silver'] } },
      { type: 'subscriber', field: 'points', description: 'Loyalty points', schema: { dataType: 'number' } },
    ]);
    return { organizationId, manager, reader, listId: list.id, subscriberId: subscriber.id };
  }

  async function openProfile(page: Page, organizationId: number, subscriberId: number) {
    await page.goto(`${baseUrl}/${organizationId}/subscribers/${subscriberId}`);
    // The page is loaded lazily: its heading says it is there.
    await page.getByRole('heading', { name: 'Ana Lima' }).waitFor();
  }

  it('shows the profile and history, edits a custom field, leaves a list and anonymizes', async () => {
    const { organizationId, manager, listId, subscriberId } = await seeded('Profile Org');
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, manager.email, manager.password);
    await openProfile(page, organizationId, subscriberId);
    expect(await page.getByTestId('subscriber-email').textContent()).toBe('ana@example.test');

    // Standard fields are read-only and say so.
    const country = page.getByTestId('standard-field').and(page.locator('[data-field="country"]'));
    expect(await country.getByTestId('standard-field-value').textContent()).toBe('AU');
    await page.getByTestId('standard-fields-lock').hover();
    await page
      .getByText('Standard profile fields cannot be updated for existing subscribers', { exact: false })
      .waitFor();

    // The history, newest first, then only one kind.
    const kinds = () =>
      page
        .getByTestId('history-event')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-kind')));
    await expect.poll(kinds).toEqual(['opened', 'sent', 'listsubscribed']);
    await page.getByText('Welcome aboard').waitFor();
    await page.getByRole('combobox', { name: 'Show events of kind' }).click();
    await page.getByRole('option', { name: 'Sent', exact: true }).click();
    await expect.poll(kinds).toEqual(['sent']);

    // A number field refuses text, then saves a number.
    const points = page.getByRole('textbox', { name: 'Points' });
    await points.fill('lots');
    await page.getByText('Enter a number.').waitFor();
    expect(await page.getByTestId('save-custom-fields').isDisabled()).toBe(true);
    await points.fill('42');
    await page.getByTestId('save-custom-fields').click();
    await page.getByText('Subscriber saved').waitFor();
    await expect
      .poll(async () => {
        const row = await herald.database.db
          .selectFrom('subscriber')
          .select('custom')
          .where('id', '=', subscriberId)
          .executeTakeFirstOrThrow();
        return row.custom;
      })
      .toEqual({ tier: 'gold', points: 42 });

    // Unsubscribe from the list.
    const membership = page.locator(`[data-testid="subscriber-list"][data-list-id="${listId}"]`);
    expect(await membership.getByTestId('subscriber-list-status').textContent()).toBe('Subscribed');
    await membership.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect
      .poll(() => membership.getByTestId('subscriber-list-status').textContent())
      .toBe('Unsubscribed');
    const row = await herald.database.db
      .selectFrom('list_membership')
      .select('is_list_unsubscribed')
      .where('subscriber_id', '=', subscriberId)
      .executeTakeFirstOrThrow();
    expect(row.is_list_unsubscribed).toBe(true);

    // Anonymize: only after typing the word.
    await page.getByTestId('anonymize').click();
    const dialog = page.getByRole('dialog', { name: 'Anonymize this subscriber?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Anonymize permanently' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type ANONYMIZE to confirm').fill('anonymize');
    await confirm.click();
    await page.getByTestId('subscriber-anonymized').waitFor();
    await page.locator('[data-testid="subscriber-badge"][data-badge="anonymized"]').waitFor();
    const erased = await herald.database.db
      .selectFrom('subscriber')
      .select(['anonymized_at', 'email'])
      .where('id', '=', subscriberId)
      .executeTakeFirstOrThrow();
    expect(erased.anonymized_at).not.toBeNull();
    expect(erased.email).toBeNull();
    // Nothing is editable any more.
    expect(await page.getByTestId('subscriber-actions').count()).toBe(0);
    await context.close();
  });

  it('shows a reader the profile without actions', async () => {
    const { organizationId, reader, subscriberId } = await seeded('Reader Profile Org');
    const { page, context } = await openPage(browser);
    await signIn(page, baseUrl, reader.email, reader.password);
    await openProfile(page, organizationId, subscriberId);
    await page.getByTestId('subscriber-read-only').waitFor();
    expect(await page.getByTestId('subscriber-actions').count()).toBe(0);
    expect(await page.getByTestId('subscriber-list-toggle').count()).toBe(0);
    expect(await page.getByTestId('save-custom-fields').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Points' }).getAttribute('readonly')).not.toBeNull();
    await context.close();
  });
});
