import { SHORT_LINK_LENGTH, shortLinkStandIn } from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import { compileSmsContent } from './sms-content.ts';
import { recipientOf } from './test-recipients.ts';

describe('an SMS', () => {
  const sms = compileSmsContent({
    text: 'Hi {{ subscriber.firstname | default: "there" }}, your {{ organization.name }} order is ready. Stop: {{ unsubscribe_url }}',
  });

  it('is personalized as plain text, not escaped', () => {
    expect(sms.render(recipientOf({ id: 5, firstname: 'Tom & <Jerry>' })).text).toBe(
      'Hi Tom & <Jerry>, your Harbour Coffee order is ready. Stop: https://mail.harbour.test/u/5?sig=a1b2&list=7',
    );
  });

  it('counts segments on what each recipient receives', () => {
    const plain = sms.render(recipientOf({ id: 5, firstname: 'Ann' }));
    expect(plain).toMatchObject({ encoding: 'GSM-7', segments: 1, nonGsmCharacters: [], errors: [] });
    expect(plain.units).toBe(plain.text.length);

    // A name with a letter outside GSM-7 makes this recipient's message UCS-2, and longer than one part.
    const accented = sms.render(recipientOf({ id: 5, firstname: 'Zoë-Łucja' }));
    expect(accented.encoding).toBe('UCS-2');
    expect(accented.nonGsmCharacters).toEqual([
      { character: 'ë', index: 5 },
      { character: 'Ł', index: 7 },
    ]);
    expect(accented.segments).toBe(2);
  });

  it('renders a shortened link as a stand-in of the short link’s length, counted as such', () => {
    const long = `https://pizza.example/offers/${'spring-two-for-one-'.repeat(8)}`;
    const rendered = compileSmsContent({ text: `Deal: {{ "${long}" | short_url }}` }).render(recipientOf({}));
    expect(rendered.errors).toEqual([]);
    expect(rendered.text).toMatch(/^Deal: https:\/\/hrld\.io\/[A-Za-z0-9]{7}$/);
    expect(rendered.text).toBe(`Deal: ${shortLinkStandIn(long)}`);
    expect(rendered).toMatchObject({ encoding: 'GSM-7', characters: 6 + SHORT_LINK_LENGTH, segments: 1 });
  });

  it('counts the extended characters two septets each', () => {
    const rendered = compileSmsContent({ text: '{{ subscriber.custom.code }}' }).render(
      recipientOf({ custom: { code: '[SALE] 10€ ~ {today}' } }),
    );
    expect(rendered).toMatchObject({ encoding: 'GSM-7', characters: 20, units: 26, segments: 1 });
  });

  it('reports a template error with its line instead of throwing', () => {
    const broken = compileSmsContent({ text: 'Hi\n{{ subscriber.firstname | yell }}' });
    expect(broken.errors).toEqual([{ part: 'sms', message: 'undefined filter: yell', line: 2 }]);
    expect(broken.render(recipientOf({ firstname: 'Ann' }))).toMatchObject({
      text: 'Hi\n{{ subscriber.firstname | yell }}',
      errors: [{ part: 'sms', message: 'undefined filter: yell', line: 2 }],
    });
  });
});
