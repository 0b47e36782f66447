import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganization,
  createUser,
  organizationConnection,
  organizationToken,
  signedIn,
  startTestHerald,
  uploadFiles,
  waitForJob,
  type ChannelClient,
  type TestHerald,
} from './support/index.ts';

describe('custom field and partition imports', () => {
  let herald: TestHerald;
  let organizationId: number;
  let admin: ChannelClient;
  let manager: ChannelClient;
  let jwt: string;

  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    const adminUser = await createUser(herald, [{ organizationId, roles: ['System.Admin'] }], {
      otpEnabled: true,
    });
    const signedAdmin = await signedIn(herald, adminUser);
    admin = await organizationConnection(herald, signedAdmin.session, signedAdmin.sessionId, organizationId);
    jwt = await organizationToken(signedAdmin.session, signedAdmin.sessionId, organizationId);
    const managerUser = await createUser(herald, [{ organizationId, roles: ['Database.Manage'] }]);
    const signedManager = await signedIn(herald, managerUser);
    manager = await organizationConnection(
      herald,
      signedManager.session,
      signedManager.sessionId,
      organizationId,
    );
  });
  afterAll(() => herald.stop());

  async function uploaded(content: string): Promise<string> {
    const reply = await uploadFiles(herald, { jwt, organizationId, files: [{ name: 'defs.csv', content }] });
    expect(reply.status).toBe(200);
    return reply.body.files![0]!.fileId;
  }

  it('creates and updates custom fields, rejecting bad rows', async () => {
    await herald.database.db
      .insertInto('custom_field')
      .values({ organization_id: organizationId, type: 'subscriber', field: 'tier', description: 'old' })
      .execute();
    const fileId = await uploaded(
      [
        'Type,Field,GroupName,Description,DataType,ValidationRegex',
        'subscriber,TIER,Loyalty,Loyalty tier,text,',
        'subscriber,points,Loyalty,,number,^[0-9]+$',
        'purchase,basket_value,,,number,',
        'nonsense,x,,,,',
        'subscriber,1bad,,,,',
        'subscriber,code,,,,([',
      ].join('\n'),
    );
    const { jobId } = await manager.call<{ jobId: number }>('importCustomFields', { organizationId, fileId });
    const job = await waitForJob(manager, organizationId, jobId);
    expect(job.result).toMatchObject({ rows: 6, created: 2, updated: 1, rejected: 3 });
    const fields = await herald.database.db
      .selectFrom('custom_field')
      .select(['type', 'field', 'group_name', 'description', 'schema', 'validation_regex'])
      .where('organization_id', '=', organizationId)
      .orderBy('field')
      .execute();
    expect(fields).toEqual([
      {
        type: 'purchase',
        field: 'basket_value',
        group_name: '',
        description: '',
        schema: { dataType: 'number' },
        validation_regex: null,
      },
      {
        type: 'subscriber',
        field: 'points',
        group_name: 'Loyalty',
        description: '',
        schema: { dataType: 'number' },
        validation_regex: '^[0-9]+$',
      },
      {
        type: 'subscriber',
        field: 'tier',
        group_name: 'Loyalty',
        description: 'Loyalty tier',
        schema: { dataType: 'text' },
        validation_regex: null,
      },
    ]);
    const reasons = await herald.database.db
      .selectFrom('import_rejection')
      .select('row_number')
      .where('job_id', '=', jobId)
      .orderBy('row_number')
      .execute();
    expect(reasons.map((row) => row.row_number)).toEqual([5, 6, 7]);
  });

  it('creates and updates partitions (admin only)', async () => {
    const fileId = await uploaded(
      [
        'name,externalRef,partitionSet,region',
        'North Store,N1,North,Upper',
        'South Store,,South,Lower',
        ',,,',
      ].join('\n'),
    );
    const refused = await manager.request('importPartitions', { organizationId, fileId });
    expect(refused.error?.type).toBe('PrivilegesError');
    const { jobId } = await admin.call<{ jobId: number }>('importPartitions', { organizationId, fileId });
    expect((await waitForJob(admin, organizationId, jobId)).result).toMatchObject({
      created: 2,
      rejected: 0,
    });
    const again = await uploaded('name,externalRef,region\nNorthgate,N1,Top\n');
    const second = await admin.call<{ jobId: number }>('importPartitions', { organizationId, fileId: again });
    expect((await waitForJob(admin, organizationId, second.jobId)).result).toMatchObject({
      created: 0,
      updated: 1,
    });
    const partitions = await herald.database.db
      .selectFrom('partition')
      .leftJoin('partition_set', 'partition_set.id', 'partition.partition_set_id')
      .select([
        'partition.name',
        'partition.external_ref',
        'partition.custom_fields',
        'partition_set.name as set',
      ])
      .where('partition.organization_id', '=', organizationId)
      .orderBy('partition.name')
      .execute();
    expect(partitions).toEqual([
      { name: 'Northgate', external_ref: 'N1', custom_fields: { region: 'Top' }, set: 'North' },
      { name: 'South Store', external_ref: null, custom_fields: { region: 'Lower' }, set: 'South' },
    ]);
  });
});
