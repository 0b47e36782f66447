import { WORKFLOW_ACTIONS, WORKFLOW_TABLE, type ActivityStatus, type WorkflowAction } from '@herald/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heraldAreas } from '../src/areas.ts';
import { composeAreas } from '../src/composition.ts';
import type { CommandRegistry } from '../src/channels/registry.ts';
import { ChannelClient } from './support/channel-client.ts';
import {
  createOrganization,
  createUser,
  enableIntegrations,
  organizationConnection,
  signedIn,
} from './support/factories.ts';
import { startTestHerald, type TestHerald } from './support/herald.ts';
import { activityInStatus, addCampaign } from './workflow-fixtures.ts';

const { sessionCommands: sessionChannelRegistry, organizationCommands: organizationChannelRegistry } =
  composeAreas(heraldAreas);

/**
 * Who may call what, as one explicit table. Adding a command without adding its row here fails, so every
 * command's access is a decision someone wrote down and tested.
 */
const expectedAccess: Record<'session' | 'organization', Record<string, string>> = {
  session: {
    getUserLoginMethod: 'public',
    createSession: 'public',
    renewSession: 'session',
    terminateSession: 'session',
    getUserProfile: 'session',
    getOrganizationToken: 'session',
    // Single sign-on: the key is the credential (test/sso.test.ts); issuers are administrators' business.
    completeSsoLogin: 'public',
    addOrganizationIssuer: 'admin',
    disableOrganizationIssuer: 'admin',
    getOrganizationIssuers: 'admin',
    createUser: 'public',
    resetPassword: 'public',
    updateUserSettings: 'session',
    listUserSessions: 'session',
    endUserSession: 'session',
    // Two-factor commands check the session themselves, to answer SessionInvalidOTPError (test/two-factor.test.ts).
    generateOTP: 'public',
    validateOTP: 'public',
    enableOTP: 'public',
    disableOTP: 'public',
    getOrganizationAccess: 'admin',
    grantOrganizationAccess: 'admin',
    updateOrganizationAccess: 'admin',
    revokeOrganizationAccess: 'admin',
    endUserSessions: 'admin',
    updateOrganizationName: 'admin',
    updateOrganizationTheme: 'admin',
    updateOrganizationSettings: 'admin',
    getSecuritySettings: 'admin',
    updateSecuritySettings: 'admin',
    getAuditLog: 'admin',
    getOutbox: 'admin',
    getUserNotifications: 'session',
    getUserHistory: 'session',
    getUserTasks: 'session',
    // Sending, tracking and single sign-on domains are administrators' business (platform §6).
    getOrganizationDomains: 'admin',
    addOrganizationSendingDomain: 'admin',
    removeOrganizationSendingDomain: 'admin',
    addOrganizationTrackingDomain: 'admin',
    removeOrganizationTrackingDomain: 'admin',
    checkOrganizationDomain: 'admin',
    rotateSendingDomainKey: 'admin',
    retireSendingDomainKey: 'admin',
    // The credentials vault: administrators, with the integrations feature on (platform §6).
    listCredentials: 'admin+feature:integrations',
    getCredential: 'admin+feature:integrations',
    createCredential: 'admin+feature:integrations',
    updateCredential: 'admin+feature:integrations',
    deleteCredential: 'admin+feature:integrations',
    testCredential: 'admin+feature:integrations',
    updateChannelCredentials: 'admin+feature:integrations',
    // The web channel's keys sit with the channels' providers.
    getWebChannel: 'admin+feature:integrations',
    regenerateWebChannelSecret: 'admin+feature:integrations',
  },
  organization: {
    authenticateConnection: 'public',
    ping: 'public',
    query: 'organization:',
    writeRecords: 'organization:',
    addSubscription: 'organization:',
    removeSubscription: 'organization:',
    getStats: 'organization:base',
    // Base or franchisee (whoever reads subscribers), each within their partitions: checked in the handler.
    getDashboardStats: 'organization:',
    // Jobs: the capability is the job kind's (import: database-manage, export: database-extract), checked in the
    // handler; the wire table below proves it.
    retryJob: 'organization:',
    cancelJob: 'organization:',
    bulkWriteSubscribers: 'organization:database-manage',
    previewImportFile: 'organization:database-manage',
    getImportRejections: 'organization:database-manage',
    importCustomFields: 'organization:database-manage',
    importPartitions: 'organization:admin',
    updateSubscriber: 'organization:database-manage',
    setSubscriberStatus: 'organization:database-manage',
    anonymizeSubscriber: 'organization:database-manage',
    // Base or franchisee (every member), and the list's partition for a restricted user: checked in the handler.
    updateListStats: 'organization:',
    getListStatsHistory: 'organization:',
    updateCustomFieldStats: 'organization:database-manage',
    requestExport: 'organization:database-extract',
    approveExport: 'organization:admin',
    // checkTarget, the size history and tag figures: every member (a franchisee within their partitions).
    checkTarget: 'organization:',
    generateAudience: 'organization:database-manage',
    getAudienceSizeHistory: 'organization:',
    // The list and audience reports' engagement, as their other report commands.
    getListEngagement: 'organization:',
    getAudienceEngagement: 'organization:',
    tagSubscribers: 'organization:database-manage',
    updateTagStats: 'organization:',
    runCalculatedField: 'organization:database-manage',
    // Content editors save and restore content; every member (base or franchisee) previews and compares
    // revisions, checked in the handler.
    saveActivityRevision: 'organization:content-edit',
    restoreActivityRevision: 'organization:content-edit',
    renderPreview: 'organization:',
    listTestProfiles: 'organization:',
    compareActivityRevisions: 'organization:',
    // Whoever reads the activity (base or franchisee), checked in the handler.
    getActivityReport: 'organization:',
    // Templates and themes: content editors import packages and write activity themes.
    importTemplatePackage: 'organization:content-edit',
    saveActivityTheme: 'organization:content-edit',
    deleteActivityTheme: 'organization:content-edit',
    copyActivityTheme: 'organization:content-edit',
    // Assets and content blocks: content editors create, import and place them; every member (base or
    // franchisee) reads an asset's usage and preview URL and an activity's partition content, checked in the
    // handler.
    createAsset: 'organization:content-edit',
    importAssets: 'organization:content-edit',
    getAssetUsage: 'organization:',
    getAssetPreviewUrl: 'organization:',
    updateContentBlockTarget: 'organization:content-edit',
    getActivityPartitionContent: 'organization:',
    setActivityPartitionContent: 'organization:content-edit',
    removeActivityPartitionContent: 'organization:content-edit',
    // One command whose actions need different capabilities, checked in the handler from the
    // declared table; the workflow table below proves every action for every role.
    workflow: 'organization:',
    // Whoever reads the activity reads its sending errors (checked in the handler); deployers retry.
    getSendingErrors: 'organization:',
    retryDeliveries: 'organization:content-deploy',
  },
};

function describeAccess(registry: CommandRegistry): Record<string, string> {
  return Object.fromEntries(
    Object.entries(registry).map(([name, command]) => [
      name,
      command.access.kind === 'organization'
        ? `organization:${command.access.capabilities.join('+')}`
        : command.access.kind === 'admin' && command.access.features?.length
          ? `admin+feature:${command.access.features.join('+')}`
          : command.access.kind,
    ]),
  );
}

describe('authorization table', () => {
  it('declares the expected access for every session-channel command', () => {
    expect(describeAccess(sessionChannelRegistry)).toEqual(expectedAccess.session);
  });
  it('declares the expected access for every organization-channel command', () => {
    expect(describeAccess(organizationChannelRegistry)).toEqual(expectedAccess.organization);
  });

  describe('enforced on the wire', () => {
    let herald: TestHerald;
    let organizationId: number;
    beforeAll(async () => {
      herald = await startTestHerald();
      organizationId = await createOrganization(herald);
      await enableIntegrations(herald, organizationId);
    });
    afterAll(() => herald.stop());

    type Caller = 'admin' | 'member' | 'outsider' | 'otherAdmin' | 'anonymous';
    const callers: Caller[] = ['admin', 'member', 'outsider', 'otherAdmin', 'anonymous'];
    /** 'reached' means the command got past every gate to its handler (any answer but a gate's error). */
    const REACHED = 'reached';
    const gateErrors = new Set([
      'InvalidSessionError',
      'SessionInvalidOTPError',
      'PrivilegesError',
      'OrgAuthenticationError',
      'ValidationError',
      'UnknownCommand',
    ]);
    const unique = () => `matrix-${Math.random().toString(36).slice(2)}@example.test`;
    const outcomes = {
      public: { admin: REACHED, member: REACHED, outsider: REACHED, otherAdmin: REACHED, anonymous: REACHED },
      session: {
        admin: REACHED,
        member: REACHED,
        outsider: REACHED,
        otherAdmin: REACHED,
        anonymous: 'InvalidSessionError',
      },
      twoFactor: {
        admin: REACHED,
        member: REACHED,
        outsider: REACHED,
        otherAdmin: REACHED,
        anonymous: 'SessionInvalidOTPError',
      },
      member: {
        admin: REACHED,
        member: REACHED,
        outsider: 'OrgAuthenticationError',
        otherAdmin: 'OrgAuthenticationError',
        anonymous: 'InvalidSessionError',
      },
      admin: {
        admin: REACHED,
        member: 'PrivilegesError',
        outsider: 'PrivilegesError',
        otherAdmin: 'PrivilegesError',
        anonymous: 'InvalidSessionError',
      },
    } satisfies Record<string, Record<Caller, string>>;

    /** Every session-channel command × every kind of caller, each cell asserted (terminateSession runs last). */
    const matrix: Array<[string, () => Record<string, unknown>, Record<Caller, string>]> = [
      ['getUserLoginMethod', () => ({ email: unique() }), outcomes.public],
      ['createSession', () => ({ email: unique(), password: 'not-the-password' }), outcomes.public],
      ['createUser', () => ({ email: unique(), phone: 'n/a' }), outcomes.public],
      ['resetPassword', () => ({ email: unique() }), outcomes.public],
      ['completeSsoLogin', () => ({ key: 'not-a-handoff-key' }), outcomes.public],
      ['renewSession', () => ({}), outcomes.session],
      ['getUserProfile', () => ({}), outcomes.session],
      ['updateUserSettings', () => ({ settings: '{"locale":"en"}' }), outcomes.session],
      ['listUserSessions', () => ({}), outcomes.session],
      ['endUserSession', () => ({ id: '0123456789abcdef' }), outcomes.session],
      ['getOrganizationToken', () => ({}), outcomes.member],
      ['generateOTP', () => ({}), outcomes.twoFactor],
      ['validateOTP', () => ({ otpSecret: 'A'.repeat(32), otpCode: '123456' }), outcomes.twoFactor],
      ['enableOTP', () => ({ otpSecret: 'A'.repeat(32), otpCode: '123456' }), outcomes.twoFactor],
      ['disableOTP', () => ({ otpCode: '000000' }), outcomes.twoFactor],
      ['getOrganizationAccess', () => ({}), outcomes.admin],
      ['grantOrganizationAccess', () => ({ email: unique(), roles: ['Database.Read'] }), outcomes.admin],
      [
        'updateOrganizationAccess',
        () => ({ userId: 2_000_000_000, roles: ['Database.Read'] }),
        outcomes.admin,
      ],
      ['revokeOrganizationAccess', () => ({ userId: 2_000_000_000 }), outcomes.admin],
      ['endUserSessions', () => ({ userId: 2_000_000_000 }), outcomes.admin],
      ['updateOrganizationName', () => ({ name: 'Matrix organization' }), outcomes.admin],
      [
        'updateOrganizationTheme',
        () => ({ logo_uri: null, theme: '{"primaryColor":"#112233"}' }),
        outcomes.admin,
      ],
      [
        'updateOrganizationSettings',
        // The whole settings document: the integrations feature stays on for the credential rows below.
        () => ({
          settings: { currency: 'AUD', advanced: { enableBetaFeatures: true, featureKeys: 'integrations' } },
        }),
        outcomes.admin,
      ],
      ['getSecuritySettings', () => ({}), outcomes.admin],
      ['updateSecuritySettings', () => ({ twoPersonExtractApproval: false }), outcomes.admin],
      ['getAuditLog', () => ({ limit: 5 }), outcomes.admin],
      ['getOutbox', () => ({ limit: 5 }), outcomes.admin],
      ['getOrganizationIssuers', () => ({}), outcomes.admin],
      [
        'addOrganizationIssuer',
        () => ({
          issuerType: 'oidc',
          issuerUri: 'https://idp.invalid',
          issuerClientId: 'herald',
          issuerCredential: 'a-client-secret-of-some-length',
          description: 'Matrix issuer',
        }),
        outcomes.admin,
      ],
      ['disableOrganizationIssuer', () => ({ issuerId: 2_000_000_000 }), outcomes.admin],
      ['getOrganizationDomains', () => ({}), outcomes.admin],
      [
        'addOrganizationSendingDomain',
        () => ({ domain: `${unique().split('@')[0]}.example.test`, selector: 'herald1', envfrom: 'bounce' }),
        outcomes.admin,
      ],
      ['removeOrganizationSendingDomain', () => ({ domain: 'never-added.example.test' }), outcomes.admin],
      [
        'addOrganizationTrackingDomain',
        () => ({ domain: `t.${unique().split('@')[0]}.example.test` }),
        outcomes.admin,
      ],
      ['removeOrganizationTrackingDomain', () => ({ domain: 'never-added.example.test' }), outcomes.admin],
      [
        'checkOrganizationDomain',
        () => ({ domain: 'never-added.example.test', kind: 'tracking' }),
        outcomes.admin,
      ],
      [
        'rotateSendingDomainKey',
        () => ({ domain: 'never-added.example.test', selector: 'herald2' }),
        outcomes.admin,
      ],
      [
        'retireSendingDomainKey',
        () => ({ domain: 'never-added.example.test', selector: 'herald1' }),
        outcomes.admin,
      ],
      ['getUserNotifications', () => ({ limit: 5 }), outcomes.session],
      ['getUserHistory', () => ({ limit: 5 }), outcomes.session],
      ['getUserTasks', () => ({ limit: 5 }), outcomes.session],
      // Ids that do not exist reach the handler (NotFoundError counts as reached).
      ['listCredentials', () => ({}), outcomes.admin],
      ['getCredential', () => ({ id: 2_000_000_000 }), outcomes.admin],
      [
        'createCredential',
        () => ({ type: 'apiToken', alias: 'Matrix token', values: { apiToken: 'matrix-token-value' } }),
        outcomes.admin,
      ],
      ['updateCredential', () => ({ id: 2_000_000_000, alias: 'Renamed' }), outcomes.admin],
      ['deleteCredential', () => ({ id: 2_000_000_000 }), outcomes.admin],
      ['testCredential', () => ({ id: 2_000_000_000 }), outcomes.admin],
      ['updateChannelCredentials', () => ({ channelCredentials: { sms: null } }), outcomes.admin],
      ['getWebChannel', () => ({}), outcomes.admin],
      ['regenerateWebChannelSecret', () => ({}), outcomes.admin],
      ['terminateSession', () => ({}), outcomes.session],
    ];

    it('covers every session-channel command', () => {
      expect(matrix.map(([command]) => command).sort()).toEqual(Object.keys(expectedAccess.session).sort());
    });

    describe.each(callers)('called by %s', (caller) => {
      let client: ChannelClient;
      let sessionId: string;
      beforeAll(async () => {
        const otherOrganizationId = await createOrganization(herald);
        const grants = {
          admin: [{ organizationId, roles: ['System.Admin'] }],
          member: [{ organizationId, roles: ['Database.Read'] }],
          outsider: [],
          otherAdmin: [{ organizationId: otherOrganizationId, roles: ['System.Admin'] }],
          anonymous: [],
        }[caller];
        const user = await createUser(herald, grants, {
          otpEnabled: caller === 'admin' || caller === 'otherAdmin',
        });
        if (caller === 'anonymous') {
          client = await ChannelClient.open(herald.wsUrl('session'));
          sessionId = 'x'.repeat(43);
        } else {
          ({ session: client, sessionId } = await signedIn(herald, user));
        }
      });
      afterAll(() => client.close());

      it.each(matrix)('%s', async (command, params, expected) => {
        const reply = await client.request(command, { sessionId, organizationId, ...params() });
        const outcome = reply.error && gateErrors.has(reply.error.type) ? reply.error.type : REACHED;
        expect(outcome, JSON.stringify(reply.error)).toBe(expected[caller]);
      });
    });

    it('refuses the credential commands to an administrator while the integrations feature is off', async () => {
      const plainOrganizationId = await createOrganization(herald);
      const admin = await createUser(
        herald,
        [{ organizationId: plainOrganizationId, roles: ['System.Admin'] }],
        {
          otpEnabled: true,
        },
      );
      const { session, sessionId } = await signedIn(herald, admin);
      const reply = await session.request('listCredentials', {
        sessionId,
        organizationId: plainOrganizationId,
      });
      expect(reply.error?.type).toBe('PrivilegesError');
      // A `!integrations` line switches it off again.
      await enableIntegrations(herald, plainOrganizationId, 'integrations\n!integrations');
      const excluded = await session.request('listCredentials', {
        sessionId,
        organizationId: plainOrganizationId,
      });
      expect(excluded.error?.type).toBe('PrivilegesError');
      await enableIntegrations(herald, plainOrganizationId);
      const allowed = await session.request('listCredentials', {
        sessionId,
        organizationId: plainOrganizationId,
      });
      expect(allowed.error).toBeUndefined();
      session.close();
    });

    it('a user without access to the organization gets OrgAuthenticationError for its token', async () => {
      const user = await createUser(herald, []);
      const client = await ChannelClient.open(herald.wsUrl('session'));
      const { sessionId } = await client.call<{ sessionId: string }>('createSession', {
        email: user.email,
        password: user.password,
      });
      expect((await client.request('getOrganizationToken', { sessionId, organizationId })).error?.type).toBe(
        'OrgAuthenticationError',
      );
      client.close();
    });

    it('access granted with a future valid-from date does not open the organization yet', async () => {
      const user = await createUser(herald, []);
      await herald.database.db
        .insertInto('organization_access')
        .values({
          user_id: user.id,
          organization_id: organizationId,
          roles: ['System.Admin'],
          partitionsets: [],
          valid_from: new Date(Date.now() + 86_400_000),
        })
        .execute();
      const client = await ChannelClient.open(herald.wsUrl('session'));
      const { sessionId, user: profile } = await client.call<{
        sessionId: string;
        user: { organizations: unknown[] };
      }>('createSession', {
        email: user.email,
        password: user.password,
      });
      expect(profile.organizations).toEqual([]);
      expect((await client.request('getOrganizationToken', { sessionId, organizationId })).error?.type).toBe(
        'OrgAuthenticationError',
      );
      client.close();
    });
  });
});

describe('organization-channel authorization table', () => {
  let herald: TestHerald;
  let organizationId: number;
  let partitionSetId: number;
  let partitionId: number;
  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    partitionSetId = (
      await herald.database.db
        .insertInto('partition_set')
        .values({ organization_id: organizationId, name: 'Region' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    partitionId = (
      await herald.database.db
        .insertInto('partition')
        .values({ organization_id: organizationId, partition_set_id: partitionSetId, name: 'Store' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  let failedImportJobId = 0;
  let finishedExportJobId = 0;
  let tableCampaignId = 0;
  beforeAll(async () => {
    tableCampaignId = (
      await herald.database.db
        .insertInto('campaign')
        .values({
          organization_id: organizationId,
          name: 'Table campaign',
          start_date: '2030-01-01',
          partition_ids: [partitionId],
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const job = (kind: string, status: string) =>
      herald.database.db
        .insertInto('job')
        .values({ organization_id: organizationId, kind, status, name: 'Table job', params: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
    failedImportJobId = (await job('import', 'failed')).id;
    finishedExportJobId = (await job('export', 'succeeded')).id;
  });
  afterAll(() => herald.stop());

  type Role =
    | 'System.Admin'
    | 'System.PowerUser'
    | 'Content.Edit'
    | 'Content.Approve'
    | 'Database.Read'
    | 'Database.Manage'
    | 'Database.Extract'
    | 'franchisee'
    | 'unauthenticated';
  const roles: Role[] = [
    'System.Admin',
    'System.PowerUser',
    'Content.Edit',
    'Content.Approve',
    'Database.Read',
    'Database.Manage',
    'Database.Extract',
    'franchisee',
    'unauthenticated',
  ];
  const DATABASE_MANAGERS: Role[] = ['System.Admin', 'System.PowerUser', 'Database.Manage'];
  const DATABASE_EXTRACTORS: Role[] = ['System.Admin', 'System.PowerUser', 'Database.Extract'];
  const CONTENT_EDITORS: Role[] = ['System.Admin', 'System.PowerUser', 'Content.Edit'];
  const HEAD_OFFICE: Role[] = roles.filter((role) => role !== 'franchisee' && role !== 'unauthenticated');
  const REACHED = 'reached';
  const gateErrors = new Set([
    'UnauthenticatedCommand',
    'PrivilegesError',
    'OrgAuthenticationError',
    'ValidationError',
    'UnknownCommand',
  ]);
  const everyone = (unauthenticated = 'UnauthenticatedCommand') =>
    Object.fromEntries(
      roles.map((role) => [role, role === 'unauthenticated' ? unauthenticated : REACHED]),
    ) as Record<Role, string>;
  const only = (allowed: Role[]) =>
    Object.fromEntries(
      roles.map((role) => [
        role,
        role === 'unauthenticated'
          ? 'UnauthenticatedCommand'
          : allowed.includes(role)
            ? REACHED
            : 'PrivilegesError',
      ]),
    ) as Record<Role, string>;

  const matrix: Array<[string, () => Record<string, unknown>, Record<Role, string>]> = [
    ['query', () => ({ query: { type: 'campaign' }, limit: 5 }), everyone()],
    [
      'writeRecords',
      () => ({
        type: 'campaign',
        data: [{ name: 'Table campaign', startDate: '2030-01-01', partitionIds: [partitionId] }],
      }),
      only(['System.Admin', 'System.PowerUser', 'Content.Edit']),
    ],
    ['addSubscription', () => ({ query: { type: 'campaign' } }), everyone()],
    [
      'getStats',
      () => ({}),
      only([
        'System.Admin',
        'System.PowerUser',
        'Content.Edit',
        'Content.Approve',
        'Database.Read',
        'Database.Manage',
        'Database.Extract',
      ]),
    ],
    ['getDashboardStats', () => ({}), everyone()],
    ['removeSubscription', () => ({ subscriptionId: 'not-a-subscription' }), everyone()],
    ['ping', () => ({}), everyone(REACHED)],
    // Ids that do not exist reach the handler (NotFoundError and the like count as reached).
    [
      'bulkWriteSubscribers',
      () => ({ sourceName: 'Table', fields: ['email'], data: [['table@example.com']] }),
      only(DATABASE_MANAGERS),
    ],
    ['previewImportFile', () => ({ fileId: 'no-such-upload' }), only(DATABASE_MANAGERS)],
    ['getImportRejections', () => ({ jobId: failedImportJobId }), only(DATABASE_MANAGERS)],
    ['importCustomFields', () => ({ fileId: 'no-such-upload' }), only(DATABASE_MANAGERS)],
    ['importPartitions', () => ({ fileId: 'no-such-upload' }), only(['System.Admin'])],
    ['updateSubscriber', () => ({ subscriberId: 999_999, data: {} }), only(DATABASE_MANAGERS)],
    ['setSubscriberStatus', () => ({ subscriberId: 999_999, isInvalid: true }), only(DATABASE_MANAGERS)],
    ['anonymizeSubscriber', () => ({ subscriberId: 999_999 }), only(DATABASE_MANAGERS)],
    ['updateListStats', () => ({ listId: 999_999 }), everyone()],
    ['getListStatsHistory', () => ({ listId: 999_999 }), everyone()],
    ['updateCustomFieldStats', () => ({ customFieldId: 999_999 }), only(DATABASE_MANAGERS)],
    ['requestExport', () => ({ type: 'customFields' }), only(DATABASE_EXTRACTORS)],
    ['approveExport', () => ({ jobId: 999_999 }), only(['System.Admin'])],
    // A failed import: retried by those who may import; a finished export: cancelled (too late) by extractors.
    ['retryJob', () => ({ jobId: failedImportJobId }), only(DATABASE_MANAGERS)],
    ['cancelJob', () => ({ jobId: finishedExportJobId }), only(DATABASE_EXTRACTORS)],
    ['checkTarget', () => ({ target: 'country = "AU"' }), everyone()],
    ['generateAudience', () => ({ audienceId: 999_999 }), only(DATABASE_MANAGERS)],
    ['getAudienceSizeHistory', () => ({ audienceId: 999_999 }), everyone()],
    ['getListEngagement', () => ({ listId: 999_999 }), everyone()],
    ['getAudienceEngagement', () => ({ audienceId: 999_999 }), everyone()],
    ['tagSubscribers', () => ({ tagId: 999_999, subscriberIds: [1] }), only(DATABASE_MANAGERS)],
    ['updateTagStats', () => ({ tagId: 999_999 }), everyone()],
    ['runCalculatedField', () => ({ customFieldId: 999_999 }), only(DATABASE_MANAGERS)],
    // Activities: every member reads them, content editors write them and their content.
    ['query', () => ({ query: { type: 'activity' }, limit: 5 }), everyone()],
    ['query', () => ({ query: { type: 'activityRevision' }, limit: 5 }), everyone()],
    [
      'writeRecords',
      () => ({
        type: 'activity',
        data: [
          { campaignId: tableCampaignId, type: 'sms', name: 'Table activity', partitionIds: [partitionId] },
        ],
      }),
      only(CONTENT_EDITORS),
    ],
    [
      'saveActivityRevision',
      () => ({ activityId: 999_999, content: { schemaVersion: 3, channels: { sms: { text: 'Hi' } } } }),
      only(CONTENT_EDITORS),
    ],
    ['restoreActivityRevision', () => ({ activityId: 999_999, revisionId: 999_999 }), only(CONTENT_EDITORS)],
    ['renderPreview', () => ({ activityId: 999_999 }), everyone()],
    ['listTestProfiles', () => ({}), everyone()],
    [
      'compareActivityRevisions',
      () => ({ activityId: 999_999, fromRevisionId: 999_999, toRevisionId: 999_999 }),
      everyone(),
    ],
    ['getActivityReport', () => ({ activityId: 999_999 }), everyone()],
    // Templates and themes: head office (base) reads them, content editors write them; a franchisee
    // (no base) is refused.
    ['query', () => ({ query: { type: 'template' }, limit: 5 }), only(HEAD_OFFICE)],
    ['query', () => ({ query: { type: 'templateContent' }, limit: 1 }), only(HEAD_OFFICE)],
    ['query', () => ({ query: { type: 'theme' }, limit: 5 }), only(HEAD_OFFICE)],
    ['query', () => ({ query: { type: 'activityTheme' }, limit: 5 }), only(HEAD_OFFICE)],
    ['writeRecords', () => ({ type: 'theme', data: [{ themeName: 'Table theme' }] }), only(CONTENT_EDITORS)],
    ['importTemplatePackage', () => ({ uploadId: 'no-such-upload' }), only(CONTENT_EDITORS)],
    ['saveActivityTheme', () => ({ name: 'Table theme', content: '{}' }), only(CONTENT_EDITORS)],
    ['deleteActivityTheme', () => ({ id: 999_999, isDeleted: true }), only(CONTENT_EDITORS)],
    ['copyActivityTheme', () => ({ id: 999_999, isCopied: true }), only(CONTENT_EDITORS)],
    // WhatsApp templates: every member reads them (templates are organization-wide), content editors write them.
    ['query', () => ({ query: { type: 'whatsappTemplate' }, limit: 5 }), everyone()],
    [
      'writeRecords',
      () => ({
        type: 'whatsappTemplate',
        data: [
          { name: `table_${Math.random().toString(36).slice(2, 10)}`, language: 'en', body: 'Hi {{1}}' },
        ],
      }),
      only(CONTENT_EDITORS),
    ],
    // Assets and content blocks: every member reads them, content editors write them.
    ['query', () => ({ query: { type: 'asset' }, limit: 5 }), everyone()],
    ['query', () => ({ query: { type: 'contentBlock' }, limit: 5 }), everyone()],
    [
      'writeRecords',
      () => ({ type: 'asset', data: [{ id: 999_999, version: 1, name: 'Table asset' }] }),
      only(CONTENT_EDITORS),
    ],
    [
      'writeRecords',
      () => ({ type: 'contentBlock', data: [{ name: 'Table block', partitionIds: [partitionId] }] }),
      only(CONTENT_EDITORS),
    ],
    ['createAsset', () => ({ fileId: 'no-such-upload', partitionIds: [partitionId] }), only(CONTENT_EDITORS)],
    ['importAssets', () => ({ fileIds: ['no-such-upload'] }), only(CONTENT_EDITORS)],
    ['getAssetUsage', () => ({ assetId: 999_999 }), everyone()],
    ['getAssetPreviewUrl', () => ({ assetId: 999_999 }), everyone()],
    ['updateContentBlockTarget', () => ({ contentBlockId: 999_999, target: null }), only(CONTENT_EDITORS)],
    ['getActivityPartitionContent', () => ({ activityId: 999_999 }), everyone()],
    [
      'setActivityPartitionContent',
      () => ({ activityId: 999_999, partitionId: partitionId, assetOptins: [], lsm: [] }),
      only(CONTENT_EDITORS),
    ],
    [
      'removeActivityPartitionContent',
      () => ({ activityId: 999_999, partitionId: partitionId, contentId: 999_999 }),
      only(CONTENT_EDITORS),
    ],
    ['workflow', () => ({ activityId: 999_999, action: 'getRoles' }), everyone()],
    // Every member reads sending errors; only deployers (Content.Deploy, not in this table's roles)
    // and the roles holding every capability retry them.
    ['getSendingErrors', () => ({ activityId: 999_999 }), everyone()],
    ['retryDeliveries', () => ({ activityId: 999_999 }), only(['System.Admin', 'System.PowerUser'])],
  ];
  it('covers every organization-channel command', () => {
    expect([...new Set([...matrix.map(([command]) => command), 'authenticateConnection'])].sort()).toEqual(
      Object.keys(expectedAccess.organization).sort(),
    );
  });

  describe.each(roles)('called by %s', (role) => {
    let channel: ChannelClient;
    let session: ChannelClient | undefined;
    beforeAll(async () => {
      if (role === 'unauthenticated') {
        channel = await ChannelClient.open(herald.wsUrl('uiv5'));
        return;
      }
      const user = await createUser(herald, [
        { organizationId, roles: [role], partitionsets: role === 'franchisee' ? [partitionSetId] : [] },
      ]);
      const signed = await signedIn(herald, user);
      session = signed.session;
      channel = await organizationConnection(herald, signed.session, signed.sessionId, organizationId);
    });
    afterAll(() => {
      channel.close();
      session?.close();
    });

    it.each(matrix)('%s', async (command, params, expected) => {
      const reply = await channel.request(command, { organizationId, ...params() });
      const outcome = reply.error && gateErrors.has(reply.error.type) ? reply.error.type : REACHED;
      expect(outcome, JSON.stringify(reply.error)).toBe(expected[role]);
    });
  });
});

/**
 * The workflow's actions for every role: each is tried on an activity in a status the table allows it
 * from, so the only thing that can refuse it is the caller's permission. Written out by hand, not read from the
 * declaration, so a change of who may do what is a decision made here too.
 */
describe('workflow authorization table', () => {
  type WorkflowRole =
    | 'System.Admin'
    | 'System.PowerUser'
    | 'Content.Edit'
    | 'Content.Approve'
    | 'Content.Deploy'
    | 'System.BaseUser'
    | 'Database.Read'
    | 'franchisee'
    | 'unauthenticated';
  const workflowRoles: WorkflowRole[] = [
    'System.Admin',
    'System.PowerUser',
    'Content.Edit',
    'Content.Approve',
    'Content.Deploy',
    'System.BaseUser',
    'Database.Read',
    'franchisee',
    'unauthenticated',
  ];
  const EDIT: WorkflowRole[] = ['System.Admin', 'System.PowerUser', 'Content.Edit'];
  const APPROVE: WorkflowRole[] = ['System.Admin', 'System.PowerUser', 'Content.Approve'];
  const DEPLOY: WorkflowRole[] = ['System.Admin', 'System.PowerUser', 'Content.Deploy'];
  const CONTENT: WorkflowRole[] = [...new Set([...EDIT, ...APPROVE, ...DEPLOY])];
  const MEMBERS = workflowRoles.filter((role) => role !== 'unauthenticated');
  const allowed: Record<WorkflowAction, WorkflowRole[]> = {
    open: EDIT,
    close: EDIT,
    comment: CONTENT,
    proof: EDIT,
    generateProofMatrix: EDIT,
    check: EDIT,
    cancelCheck: EDIT,
    approve: APPROVE,
    reject: APPROVE,
    queueSchedule: DEPLOY,
    queueDeploy: DEPLOY,
    queueCancel: DEPLOY,
    suspend: DEPLOY,
    resume: DEPLOY,
    addParticipant: EDIT,
    removeParticipant: EDIT,
    updateThrottle: DEPLOY,
    getRoles: MEMBERS,
  };
  const refusal = (action: WorkflowAction, role: WorkflowRole) =>
    role === 'unauthenticated'
      ? 'UnauthenticatedCommand'
      : action === 'addParticipant' || action === 'removeParticipant'
        ? 'CannotAddParticipantsError'
        : 'PrivilegesError';
  const GATES = new Set(['UnauthenticatedCommand', 'PrivilegesError', 'CannotAddParticipantsError']);

  let herald: TestHerald;
  let organizationId: number;
  let campaignId: number;
  let partitionSetId: number;
  let partitionId: number;
  let memberEmail: string;
  let memberId: number;
  beforeAll(async () => {
    herald = await startTestHerald();
    organizationId = await createOrganization(herald);
    partitionSetId = (
      await herald.database.db
        .insertInto('partition_set')
        .values({ organization_id: organizationId, name: 'Region' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    partitionId = (
      await herald.database.db
        .insertInto('partition')
        .values({ organization_id: organizationId, partition_set_id: partitionSetId, name: 'Store' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    campaignId = await addCampaign(herald, organizationId, [partitionId]);
    const member = await createUser(herald, [{ organizationId, roles: ['Database.Read'] }]);
    memberEmail = member.email;
    memberId = member.id;
  });
  afterAll(() => herald.stop());

  it('covers every action', () => {
    expect(Object.keys(allowed).sort()).toEqual([...WORKFLOW_ACTIONS].sort());
  });

  describe.each(workflowRoles)('called by %s', (role) => {
    let channel: ChannelClient;
    let session: ChannelClient | undefined;
    beforeAll(async () => {
      if (role === 'unauthenticated') {
        channel = await ChannelClient.open(herald.wsUrl('uiv5'));
        return;
      }
      const user = await createUser(herald, [
        { organizationId, roles: [role], partitionsets: role === 'franchisee' ? [partitionSetId] : [] },
      ]);
      const signed = await signedIn(herald, user);
      session = signed.session;
      channel = await organizationConnection(herald, signed.session, signed.sessionId, organizationId);
    });
    afterAll(() => {
      channel.close();
      session?.close();
    });

    it.each([...WORKFLOW_ACTIONS])('%s', async (action) => {
      const from = Object.keys(WORKFLOW_TABLE[action].from)[0] as ActivityStatus;
      const activity = await activityInStatus(herald, organizationId, campaignId, from, {
        partitionIds: [partitionId],
        subject: 'Table',
      });
      if (action === 'removeParticipant')
        await herald.database.db
          .insertInto('activity_participant')
          .values({
            organization_id: organizationId,
            activity_id: activity.id,
            user_id: memberId,
            added_by: null,
          })
          .execute();
      const params: Record<string, unknown> =
        {
          comment: { text: 'Table' },
          addParticipant: { email: memberEmail },
          removeParticipant: { userId: memberId },
          updateThrottle: { perMinute: 100 },
        }[action as string] ?? {};
      const reply = await channel.request('workflow', {
        organizationId,
        activityId: activity.id,
        action,
        ...params,
      });
      const outcome = reply.error && GATES.has(reply.error.type) ? reply.error.type : 'reached';
      const expected = allowed[action].includes(role) ? 'reached' : refusal(action, role);
      expect(outcome, JSON.stringify(reply.error)).toBe(expected);
    });
  });
});
