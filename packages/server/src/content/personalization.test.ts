import { describe, expect, it } from 'vitest';
import { htmlLiquid, textLiquid } from './liquid-engines.ts';
import { recipientScope } from './recipient-scope.ts';
import { compileTemplatePart } from './template-part.ts';
import { recipientOf } from './test-recipients.ts';
import type { RecipientProfile } from './recipient-scope.ts';

/** Renders one text template for one subscriber, as the subject or an SMS is rendered. */
function personalize(source: string, subscriber: RecipientProfile, engine = textLiquid) {
  const part = compileTemplatePart({ part: 'subject', source, engine });
  const rendered = part.render(recipientScope(recipientOf(subscriber)));
  return { output: rendered.output, errors: [...part.errors, ...rendered.errors] };
}

const ann: RecipientProfile = {
  id: 42,
  email: 'ann.lee@example.test',
  firstname: 'Ann',
  lastname: 'Lee',
  phone: '+61 400 000 000',
  country: 'AU',
  ref: 'CRM-0042',
  custom: {
    colour: 'teal',
    'Favourite drink': 'Flat white',
    points: 1250,
    member: true,
    interests: 'beans,brewing',
  },
};

describe('personalization', () => {
  it('fills standard profile fields and the subscriber id', () => {
    expect(
      personalize(
        '{{ subscriber.firstname }} {{ subscriber.lastname }} <{{ subscriber.email }}> {{ subscriber.phone }} ' +
          '{{ subscriber.country }} {{ subscriber.ref }} #{{ subscriber.id }}',
        ann,
      ),
    ).toEqual({ output: 'Ann Lee <ann.lee@example.test> +61 400 000 000 AU CRM-0042 #42', errors: [] });
  });

  it('fills custom fields, by dot or by a name with spaces', () => {
    expect(
      personalize(
        '{{ subscriber.custom.colour }}, {{ subscriber.custom["Favourite drink"] }}, {{ subscriber.custom.points | plus: 50 }}',
        ann,
      ).output,
    ).toBe('teal, Flat white, 1300');
  });

  it('renders a missing field empty, without an error', () => {
    expect(
      personalize(
        '[{{ subscriber.title }}][{{ subscriber.custom.shoe_size }}][{{ subscriber.nothing }}][{{ nothing.at.all }}]',
        ann,
      ),
    ).toEqual({ output: '[][][][]', errors: [] });
  });

  it('falls back with the default filter on a missing, null or empty field', () => {
    const template =
      'Hi {{ subscriber.firstname | default: "there" }}, {{ subscriber.custom.colour | default: "no colour" }}';
    expect(personalize(template, {}).output).toBe('Hi there, no colour');
    expect(personalize(template, { firstname: null, custom: { colour: null } }).output).toBe(
      'Hi there, no colour',
    );
    expect(personalize(template, { firstname: '', custom: { colour: '  ' } }).output).toBe(
      'Hi there, no colour',
    );
    expect(personalize(template, ann).output).toBe('Hi Ann, teal');
  });

  it('treats an empty field as missing in conditions too', () => {
    const template = '{% if subscriber.firstname %}Hi {{ subscriber.firstname }}{% else %}Hello{% endif %}';
    expect(personalize(template, { firstname: '' }).output).toBe('Hello');
    expect(personalize(template, ann).output).toBe('Hi Ann');
  });

  it('runs conditions and loops over what a template builds', () => {
    expect(
      personalize(
        '{% if subscriber.custom.member %}Member{% endif %}: ' +
          '{% assign interests = subscriber.custom.interests | split: "," %}{% for interest in interests %}[{{ interest | capitalize }}]{% endfor %}',
        ann,
      ).output,
    ).toBe('Member: [Beans][Brewing]');
  });

  it('offers the organization name and the recipient links', () => {
    expect(
      personalize('{{ organization.name }} {{ unsubscribe_url }} {{ view_online_url }}', ann).output,
    ).toBe(
      'Harbour Coffee https://mail.harbour.test/u/42?sig=a1b2&list=7 https://mail.harbour.test/v/42?sig=c3d4',
    );
  });

  it('shows only fields it was told about, and nothing of the prototypes', () => {
    const subscriber = { ...ann, scores: { engagement_frequency: 3 }, passwordHash: 'x' } as RecipientProfile;
    expect(
      personalize(
        '[{{ subscriber.scores }}][{{ subscriber.passwordHash }}][{{ subscriber.constructor }}][{{ subscriber.custom.__proto__ }}][{{ organization.constructor.name }}]',
        subscriber,
      ).output,
    ).toBe('[][][][][]');
  });

  it('escapes values in HTML bodies but not in plain text', () => {
    const xss = { firstname: '<img src=x onerror=alert(1)>', lastname: 'O\'Brien & "Sons"' };
    const template = '<p>{{ subscriber.firstname }} {{ subscriber.lastname }}</p>';
    expect(personalize(template, xss, htmlLiquid).output).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt; O&#39;Brien &amp; &#34;Sons&#34;</p>',
    );
    expect(personalize(template, xss, textLiquid).output).toBe(
      '<p><img src=x onerror=alert(1)> O\'Brien & "Sons"</p>',
    );
  });

  it('escapes once when the author adds escape, and lets raw through as written', () => {
    const subscriber = { firstname: 'Tom & <Jerry>' };
    expect(personalize('{{ subscriber.firstname | escape }}', subscriber, htmlLiquid).output).toBe(
      'Tom &amp; &lt;Jerry&gt;',
    );
    expect(personalize('{{ subscriber.firstname | raw }}', subscriber, htmlLiquid).output).toBe(
      'Tom & <Jerry>',
    );
  });

  it('reports an unknown filter at parse time, with its line', () => {
    expect(personalize('Hello\n{{ subscriber.firstname | shout }}', ann)).toEqual({
      output: 'Hello\n{{ subscriber.firstname | shout }}',
      errors: [{ part: 'subject', message: 'undefined filter: shout', line: 2 }],
    });
  });

  it('reports bad syntax with its line and shows the part as written', () => {
    const { output, errors } = personalize('one\ntwo\n{% if subscriber.firstname %}unclosed', ann);
    expect(output).toBe('one\ntwo\n{% if subscriber.firstname %}unclosed');
    expect(errors).toEqual([
      { part: 'subject', message: 'tag {% if subscriber.firstname %} not closed', line: 3 },
    ]);
    expect(personalize('{{ subscriber.firstname', ann).errors).toEqual([
      { part: 'subject', message: 'output "{{ subscriber.firstname" not closed', line: 1 },
    ]);
  });

  it('never reads a template from disk: include, render and layout are not tags here', () => {
    for (const tag of ['include', 'render', 'layout']) {
      const { output, errors } = personalize(`x\n{% ${tag} "package.json" %}`, ann);
      expect(errors).toEqual([{ part: 'subject', message: `tag "${tag}" not found`, line: 2 }]);
      expect(output).not.toContain('@herald');
    }
  });
});
