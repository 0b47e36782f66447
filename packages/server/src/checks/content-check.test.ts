import { describe, expect, it } from 'vitest';
import type { Recipient } from '../content/recipient-scope.ts';
import { emailFixture, FIXTURE_RECIPIENT } from './check-fixtures.ts';
import {
  checkContent,
  fieldsWithoutFallback,
  type CheckProfile,
  type ProfileRender,
} from './content-check.ts';
import type { CheckedContent } from './checked-content.ts';

const profile = (name: string, subscriber: Recipient['subscriber']): CheckProfile => ({
  name,
  recipient: { ...FIXTURE_RECIPIENT, subscriber },
});
const profiles = [
  profile('Your account', { firstname: 'Dewi', lastname: 'Sari', custom: {} }),
  profile('Ken Tan', { firstname: 'Ken', lastname: '', custom: {} }),
];

/** Renders every version for every profile, as run-activity-checks does. */
async function rendersOf(content: CheckedContent): Promise<ProfileRender[]> {
  const renders: ProfileRender[] = [];
  for (const version of content.versions)
    for (const { name, recipient } of profiles)
      renders.push({
        profile: name,
        variation: version.variation,
        errors: await version.renderErrors(recipient),
      });
  return renders;
}

describe('content check', () => {
  it('passes content that renders for every profile, each field with a value or a fallback', async () => {
    const content = await emailFixture(
      '<p>Hi {{ subscriber.firstname }} {{ subscriber.lastname | default: "" }}</p>' +
        '{% if subscriber.custom.points %}<p>{{ subscriber.custom.points }} points</p>{% endif %}',
    );
    expect(checkContent(content, profiles, await rendersOf(content))).toEqual({
      name: 'content',
      status: 'pass',
      message: 'The content renders for 2 test profiles, every field with a value or a fallback.',
    });
  });

  it('warns a field printed without a fallback that a test profile leaves empty', async () => {
    const content = await emailFixture('<p>Dear {{ subscriber.firstname }} {{ subscriber.lastname }}</p>');
    expect(checkContent(content, profiles, await rendersOf(content))).toMatchObject({
      status: 'warn',
      message: '{{ subscriber.lastname }} is empty for “Ken Tan” and has no fallback: add | default: "…".',
    });
  });

  it('fails Liquid that does not parse, with its part and line', async () => {
    const content = await emailFixture('<p>Hi {{ subscriber.firstname | nosuchfilter }}</p>');
    const result = checkContent(content, profiles, await rendersOf(content));
    expect(result.status).toBe('fail');
    expect(result.message).toMatch(/^html line 1: .*nosuchfilter.* Correct the template\./);
  });

  it('fails a render error of one test profile, naming it', async () => {
    const content = await emailFixture('<p>Hi</p>');
    const renders: ProfileRender[] = [
      { profile: 'Ken Tan', variation: 0, errors: [{ part: 'html', message: 'Rendering took too long.' }] },
    ];
    expect(checkContent(content, profiles, renders)).toMatchObject({
      status: 'fail',
      message: 'For test profile “Ken Tan”, html: Rendering took too long.',
    });
  });

  it('finds the printed fields without a fallback, leaving out tested and assigned ones', () => {
    expect(
      fieldsWithoutFallback([
        '{{ subscriber.firstname }} {{ subscriber.custom.tier | upcase }} {{ subscriber.email | default: "x" }}',
        '{% if subscriber.suburb %}{{ subscriber.suburb }}{% endif %}{% assign p = subscriber.postcode %}{{ subscriber.postcode }}',
        '{{ subscriber.id }}',
      ]),
    ).toEqual(['firstname', 'custom.tier']);
  });
});
