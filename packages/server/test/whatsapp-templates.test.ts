import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPartition, connectAs } from './subscriber-fixtures.ts';
import { createOrganization, startTestHerald, type TestHerald } from './support/index.ts';

type Connected = Awaited<ReturnType<typeof connectAs>>;
interface Template {
  id: number;
  name: string;
  language: string;
  category: string;
  header: string;
  body: string;
  footer: string;
  buttons: unknown[];
  status: string;
  statusReason: string;
  parameterCount: number;
  version: number;
}

/**
 * WhatsApp templates through the protocol (functional §4): written with writeRecords by content editors, read by
 * every member (a franchisee too, as templates are organization-wide), pushed live, kept per organization.
 */
describe('WhatsApp templates', () => {
  let herald: TestHerald;
  let organizationId: number;
  let otherOrganizationId: number;
  let editor: Connected;
  let reader: Connected;
  let franchisee: Connected;
  let otherEditor: Connected;

  const write = (connection: Connected, data: unknown[], organization = organizationId) =>
    connection.channel.request('writeRecords', {
      organizationId: organization,
      type: 'whatsappTemplate',
      data,
    });
  const query = async (
    connection: Connected,
    query: Record<string, unknown> = {},
    organization = organizationId,
  ) =>
    connection.channel.call<{ records: Template[]; total: number }>('query', {
      organizationId: organization,
      query: { type: 'whatsappTemplate', ...query },
      limit: 100,
      sortOrder: 'asc',
    });
  const create = async (fields: Record<string, unknown>): Promise<Template> => {
    const reply = await write(editor, [{ language: 'en_US', body: 'Hi {{1}}', ...fields }]);
    expect(reply.error).toBeUndefined();
    return (reply.result as { records: Template[] }).records[0]!;
  };

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    otherOrganizationId = await createOrganization(herald);
    const north = await addPartition(herald, organizationId, 'North');
    editor = await connectAs(herald, organizationId, ['Content.Edit']);
    reader = await connectAs(herald, organizationId, ['Database.Read']);
    franchisee = await connectAs(herald, organizationId, ['Content.Edit'], [north.setId]);
    otherEditor = await connectAs(herald, otherOrganizationId, ['Content.Edit']);
  });
  afterAll(async () => {
    for (const connected of [editor, reader, franchisee, otherEditor]) connected?.close();
    await herald?.stop();
  });

  it('creates a template with its defaults and its parameter count, read back sorted by name', async () => {
    const created = await create({
      name: 'weekly_offer',
      body: 'Hi {{1}}! {{2}} is on now: {{3}}. Thanks {{1}}',
      header: 'This week',
      buttons: [{ type: 'url', text: 'Order now', url: 'https://pizza.example/offers' }],
    });
    expect(created).toMatchObject({
      name: 'weekly_offer',
      language: 'en_US',
      category: 'marketing',
      header: 'This week',
      footer: '',
      status: 'pending',
      statusReason: '',
      parameterCount: 3,
      version: 1,
      buttons: [{ type: 'url', text: 'Order now', url: 'https://pizza.example/offers' }],
    });
    await create({ name: 'appointment_reminder', category: 'utility', status: 'received' });
    const read = await query(reader);
    expect(read.records.map((template) => template.name)).toEqual(['appointment_reminder', 'weekly_offer']);
    const received = await query(reader, { filter: { status: 'received' } });
    expect(received.records.map((template) => template.name)).toEqual(['appointment_reminder']);
    const searched = await query(reader, { search: 'is on now' });
    expect(searched.records.map((template) => template.id)).toEqual([created.id]);
  });

  it('moves a template through its states with the version it read, and pushes each change', async () => {
    const template = await create({ name: 'flash_sale' });
    await reader.channel.call('addSubscription', { organizationId, query: { type: 'whatsappTemplate' } });
    const pushed = reader.channel.nextPush('records', 3000);
    const reply = await write(editor, [
      { id: template.id, version: 1, status: 'paused', statusReason: 'Low quality rating' },
    ]);
    expect(reply.error).toBeUndefined();
    expect((await pushed).data).toMatchObject({
      type: 'whatsappTemplate',
      records: [{ id: template.id, status: 'paused', statusReason: 'Low quality rating', version: 2 }],
    });
    const stale = await write(editor, [{ id: template.id, version: 1, status: 'received' }]);
    expect(stale.error?.type).toBe('StaleRecordError');
    const disabled = await write(editor, [{ id: template.id, version: 2, status: 'disabled' }]);
    expect((disabled.result as { records: Template[] }).records[0]).toMatchObject({
      status: 'disabled',
      body: 'Hi {{1}}',
      version: 3,
    });
  });

  it('refuses a skipped placeholder, a bad name, an unknown state and a second name in the same language', async () => {
    const skipped = await write(editor, [{ name: 'gap', language: 'en', body: 'Hi {{1}}, {{3}}' }]);
    expect(skipped.error?.type).toBe('ValidationError');
    expect(skipped.error?.details).toEqual([
      { path: 'data.0.body', message: 'Placeholders are numbered {{1}}, {{2}} … with none skipped' },
    ]);
    const badName = await write(editor, [{ name: 'Weekly Offer', language: 'en', body: 'Hi' }]);
    expect(badName.error?.details?.[0]?.path).toBe('data.0.name');
    const badState = await write(editor, [{ name: 'x', language: 'en', body: 'Hi', status: 'approved' }]);
    expect(badState.error?.details?.[0]?.path).toBe('data.0.status');
    const noBody = await write(editor, [{ name: 'no_body', language: 'en' }]);
    expect(noBody.error?.details).toEqual([{ path: 'data.0.body', message: 'A template needs a body' }]);

    await create({ name: 'order_ready', language: 'pt_BR' });
    const twice = await write(editor, [{ name: 'order_ready', language: 'pt_BR', body: 'Olá {{1}}' }]);
    expect(twice.error?.details).toEqual([
      { path: 'data.0.name', message: 'A template with this name and language exists' },
    ]);
    // The same name in another language is another template.
    await create({ name: 'order_ready', language: 'en_US' });
    expect((await query(reader, { filter: { name: 'order_ready' } })).total).toBe(2);
  });

  it('is read by every member, a franchisee too, and written by content editors only', async () => {
    const franchiseeRead = await query(franchisee);
    expect(franchiseeRead.records.map((template) => template.name)).toContain('weekly_offer');
    const readerWrite = await write(reader, [{ name: 'reader_made', language: 'en', body: 'Hi' }]);
    expect(readerWrite.error?.type).toBe('PrivilegesError');
  });

  it('keeps each organization’s templates to itself', async () => {
    const [template] = (await query(reader, { filter: { name: 'weekly_offer' } })).records;
    expect(template).toBeDefined();
    expect((await query(otherEditor, {}, otherOrganizationId)).total).toBe(0);
    const foreign = await write(
      otherEditor,
      [{ id: template!.id, version: 1, status: 'received' }],
      otherOrganizationId,
    );
    expect(foreign.error?.type).toBe('NotFoundError');
    // The other organization may use the same name and language for its own template.
    const own = await write(
      otherEditor,
      [{ name: 'weekly_offer', language: 'en_US', body: 'Hey {{1}}' }],
      otherOrganizationId,
    );
    expect(own.error).toBeUndefined();
    expect((await query(reader, { filter: { name: 'weekly_offer' } })).records[0]?.body).toContain(
      'is on now',
    );
  });
});
