import { describe, expect, it } from 'vitest';
import { catalogueError, ChannelError } from '../../platform/channel/channelError.ts';
import { templateFetchProblem } from './templateErrors.ts';

const connected = { status: 'authenticated', offlineNotified: false } as const;
const fetch = { organizationId: 7, error: null, answered: false, connection: connected };

describe('template fetch problems', () => {
  it('needs an organization', () => {
    expect(templateFetchProblem({ ...fetch, organizationId: undefined })).toMatchObject({
      type: 'TemplateListWithoutOrganizationError',
      message: 'Unable to fetch template list without organization',
    });
  });

  it('names a lost connection as the template fetch’s own error', () => {
    for (const type of ['WSConnectionError', 'WSConnectionRetryError', 'WSConnectionClosedError'] as const)
      expect(templateFetchProblem({ ...fetch, error: catalogueError(type) })).toMatchObject({
        type: 'TemplateConnectionError',
        message: 'Unable to get connection to fetch template',
      });
  });

  it('says so while the connection is offline and no list came, not once one did', () => {
    const offline = { status: 'retrying', offlineNotified: true } as const;
    expect(templateFetchProblem({ ...fetch, connection: offline })?.type).toBe('TemplateConnectionError');
    expect(
      templateFetchProblem({ ...fetch, connection: { status: 'closed', offlineNotified: false } })?.type,
    ).toBe('TemplateConnectionError');
    expect(templateFetchProblem({ ...fetch, connection: offline, answered: true })).toBeNull();
    // A first retry is not yet "offline": the fetch is only waiting.
    expect(
      templateFetchProblem({ ...fetch, connection: { status: 'retrying', offlineNotified: false } }),
    ).toBeNull();
  });

  it('passes any other failure on, and is quiet when all is well', () => {
    const refused = new ChannelError({ type: 'PrivilegesError', message: 'No' });
    expect(templateFetchProblem({ ...fetch, error: refused })).toBe(refused);
    expect(templateFetchProblem({ ...fetch, answered: true })).toBeNull();
  });
});
