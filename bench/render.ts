import { compileEmailContent } from '../packages/server/src/content/email-content.ts';
import { LIQUID_MARKUP } from '../packages/server/src/content/liquid-markup.ts';
import type { RecipientProfile } from '../packages/server/src/content/recipient-scope.ts';
import { recipientOf } from '../packages/server/src/content/test-recipients.ts';

const WARM_UP = 50;
const SAMPLES = 200;
const BATCH = 10_000;

/**
 * The content renderer's speed goals (docs/measurements.md § Content rendering): a ~100 KB e-mail (MJML with
 * sections, images, buttons, a product grid and long articles) carrying 50 Liquid tags (profile and custom
 * fields, defaults, an `if`, a `for`, the unsubscribe and view-online links) rendered for one recipient (p50/p95
 * of 200 renders after warm-up; goal p95 ≤ 30 ms) and for 10,000 different recipients in one batch (goal ≥ 2,000
 * a second). A render is everything one recipient's copy needs: subject, preheader, HTML, text part and size. The
 * MJML compile and the parse happen once, before, and are timed apart. In-process, no server.
 */
export async function benchRender(): Promise<string[]> {
  const mjml = newsletterMjml();
  const tags = mjml.match(LIQUID_MARKUP)?.length ?? 0;
  const content = {
    subject: '{{ subscriber.firstname | default: "Coffee lover" }}, autumn at {{ organization.name }}',
    preheader:
      'New roasts, Friday tastings and {{ subscriber.custom.points | default: 0 }} points waiting for you',
    mjml,
  };
  const compileStartedAt = performance.now();
  const email = await compileEmailContent(content);
  const compileMilliseconds = performance.now() - compileStartedAt;
  if (email.errors.length > 0)
    throw new Error(`the bench e-mail has errors: ${JSON.stringify(email.errors)}`);

  const recipients = Array.from({ length: BATCH }, (_unused, index) => recipientOf(subscriberNumber(index)));
  const first = email.render(recipients[0] ?? recipientOf({}));
  const partTags = (content.subject + content.preheader).match(LIQUID_MARKUP)?.length ?? 0;

  for (let index = 0; index < WARM_UP; index += 1) email.render(recipients[index % 100] ?? recipientOf({}));
  const samples: number[] = [];
  for (let index = 0; index < SAMPLES; index += 1) {
    const recipient = recipients[index] ?? recipientOf({});
    const startedAt = performance.now();
    email.render(recipient);
    samples.push(performance.now() - startedAt);
  }

  let bytes = 0;
  let failed = 0;
  const batchStartedAt = performance.now();
  for (const recipient of recipients) {
    const rendered = email.render(recipient);
    bytes += rendered.sizeBytes;
    if (rendered.errors.length > 0) failed += 1;
  }
  const batchSeconds = (performance.now() - batchStartedAt) / 1000;

  return [
    `e-mail: MJML ${kilobytes(mjml.length)} with ${tags} Liquid tags in the body (+${partTags} in subject and preheader) → ` +
      `HTML ${kilobytes(first.sizeBytes)}, text part ${kilobytes(first.text.length)}; compiled once in ${compileMilliseconds.toFixed(0)} ms (MJML → HTML, Liquid parse, text part)`,
    `one recipient, ${SAMPLES} renders after ${WARM_UP} warm-up: ${percentiles(samples)} (goal p95 ≤ 30 ms)`,
    `${BATCH.toLocaleString('en')} recipients in one batch: ${batchSeconds.toFixed(2)} s, ` +
      `${Math.round(BATCH / batchSeconds).toLocaleString('en')} recipients/s (goal ≥ 2,000/s), ` +
      `${(bytes / 1024 / 1024).toFixed(0)} MB of HTML, ${failed} with errors`,
  ];
}

function percentiles(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN).toFixed(2);
  return `p50 ${at(50)} ms, p95 ${at(95)} ms, max ${at(100)} ms`;
}

function kilobytes(size: number): string {
  return `${(size / 1024).toFixed(0)} KB`;
}

const FIRST_NAMES = [
  'Ann',
  'Budi',
  'Chen',
  'Dewi',
  'Elif',
  'Farah',
  'Goran',
  'Hana',
  'Ivan',
  'Joko',
  'Kenji',
  'Lucía',
];
const LAST_NAMES = [
  'Lee',
  'Santoso',
  'Wang',
  'Lestari',
  'Yılmaz',
  'Haddad',
  'Petrović',
  'Sato',
  'Novak',
  'Widodo',
];
const TIERS = ['Gold', 'Silver', 'Bronze', null];
const INTERESTS = ['beans,brewing', 'espresso', 'cold brew,tea,pastries', '', 'single origin,decaf'];

/** Subscriber number `index`: every one different, some without a first name or custom fields. */
function subscriberNumber(index: number): RecipientProfile {
  const firstname = index % 7 === 3 ? null : (FIRST_NAMES[index % FIRST_NAMES.length] ?? null);
  const lastname = LAST_NAMES[index % LAST_NAMES.length] ?? null;
  return {
    id: index + 1,
    email: `subscriber${index + 1}@example.test`,
    firstname,
    lastname,
    country: index % 2 === 0 ? 'AU' : 'ID',
    suburb: index % 3 === 0 ? 'Fremantle' : 'Menteng',
    ref: `CRM-${String(index + 1).padStart(6, '0')}`,
    custom:
      index % 5 === 4
        ? {}
        : {
            tier: TIERS[index % TIERS.length] ?? null,
            points: (index * 37) % 5000,
            favourite_drink: index % 2 === 0 ? 'Flat white' : 'Long black',
            interests: INTERESTS[index % INTERESTS.length] ?? '',
            store: `Store ${(index % 40) + 1}`,
          },
  };
}

const PARAGRAPHS = [
  'This season our roasters travelled to the highlands of Aceh and Flores to meet the growers who make our house blend what it is. The harvest was late this year, the cherries ripened slowly in the cool nights, and the result is a cup with more sweetness and a longer finish than anything we have roasted before. We have written down what we learned, from the farm gate to the roastery floor.',
  'Every bag we roast carries the date it left the drum and the name of the farm it came from. Beans are at their best between one and four weeks after roasting, so we roast in small batches every morning and send them out the same day. If you have ever wondered why a coffee tastes flat at home when it sang in the café, the answer is almost always time.',
  'Our baristas have put together a short guide to brewing at home: how fine to grind for a pour-over, how long to steep a French press, and why the water matters as much as the beans. It fits on one page and sticks to the fridge. Ask for a copy at the counter, or find it on our website with videos of each step.',
  'Friday tastings are back. Drop in between four and six for three coffees side by side, a few words from the roaster about where they came from, and something from the bakery to go with them. There is no need to book, and every tasting ends with a discount on the coffee you liked best.',
  'We are proud to have switched every store to compostable cups and lids this autumn, and our delivery vans now run on electricity in both cities. Bring your own cup and we take fifty cents off, every time. Small things, done every day by thousands of people, add up to a great deal.',
];

const PRODUCTS = [
  ['Aceh Gayo', 'Dark chocolate, cedar and a syrupy body', '18.50'],
  ['Flores Bajawa', 'Brown sugar, cherry and a bright finish', '19.00'],
  ['House Blend', 'Caramel, hazelnut, made for milk', '16.00'],
  ['Toraja Sapan', 'Spice, plum and a long, clean finish', '21.00'],
  ['Java Frinsa', 'Jasmine, lime and honey', '22.50'],
  ['Decaf Sumatra', 'Cocoa and molasses, all of the taste', '17.50'],
  ['Cold Brew Kit', 'Everything for a litre of cold brew', '34.00'],
  ['Pour-over Set', 'Dripper, filters and a gooseneck kettle', '89.00'],
  ['Espresso Cups', 'Two hand-thrown stoneware cups', '28.00'],
];

function text(inner: string): string {
  return `<mj-text font-size="15px" line-height="24px" color="#3b3b3b">${inner}</mj-text>`;
}

function section(columns: string[], background = '#ffffff'): string {
  const width = `${Math.floor(100 / columns.length)}%`;
  return `    <mj-section background-color="${background}" padding="16px 0">
${columns.map((column) => `      <mj-column width="${width}">\n        ${column}\n      </mj-column>`).join('\n')}
    </mj-section>`;
}

/** The bench e-mail: an autumn newsletter of a coffee roaster, as the editor would save it. */
function newsletterMjml(): string {
  const product = ([name, notes, price]: string[], index: number) =>
    `<mj-image src="https://cdn.harbour.test/products/${index + 1}.jpg" alt="${name}" width="180px" border-radius="8px" />
        ${text(`<strong>${name}</strong><br/>${notes}. A${index % 2 === 0 ? 'n everyday' : ' weekend'} coffee roasted to order, shipped within a day of roasting.`)}
        <mj-text font-size="18px" color="#7a4b21">$${price}</mj-text>
        <mj-button background-color="#7a4b21" border-radius="20px" href="https://shop.harbour.test/p/${index + 1}?utm_source=email&amp;utm_campaign=autumn&amp;member={{ subscriber.ref }}">Add to cart</mj-button>`;
  const productRows: string[] = [];
  for (let index = 0; index < PRODUCTS.length; index += 3) {
    productRows.push(
      section(PRODUCTS.slice(index, index + 3).map((item, offset) => product(item, index + offset))),
    );
  }
  const article = (title: string, paragraphs: string[], image: number) =>
    section([
      `<mj-image src="https://cdn.harbour.test/stories/${image}.jpg" alt="${title}" />
        ${text(`<h2 style="font-size:22px;color:#2b1a0e">${title}</h2>${paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('')}`)}
        <mj-button background-color="#2b1a0e" href="https://harbour.test/stories/${image}${image <= 3 ? '?member={{ subscriber.id }}' : ''}">Read the whole story</mj-button>`,
    ]);
  const paragraph = (index: number) => PARAGRAPHS[index % PARAGRAPHS.length] ?? '';
  const stories = Array.from({ length: 9 }, (_unused, index) =>
    article(
      `Story ${index + 1}: ${['From the farm', 'In the roastery', 'At the counter'][index % 3]}`,
      [paragraph(index), paragraph(index + 1), paragraph(index + 2)],
      index + 1,
    ),
  );

  return `<mjml>
  <mj-head>
    <mj-title>{{ organization.name }}: autumn news</mj-title>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text padding="8px 24px" />
    </mj-attributes>
    <mj-style>
      h1 { font-size: 30px; line-height: 36px; margin: 0 0 12px; }
      .footer a { color: #8a8a8a; }
    </mj-style>
  </mj-head>
  <mj-body background-color="#f4efe9" width="600px">
${section([`<mj-text align="right" font-size="12px" color="#8a8a8a">Not displaying well? <a href="{{ view_online_url }}">View this e-mail online</a></mj-text>`], '#f4efe9')}
${section([`<mj-image src="https://cdn.harbour.test/logo.png" alt="{{ organization.name }}" width="140px" href="https://harbour.test/?ref={{ subscriber.ref }}" />`])}
${section([
  `<mj-image src="https://cdn.harbour.test/hero/autumn.jpg" alt="Autumn roasts" />
        ${text(`<h1>Hello {{ subscriber.firstname | default: "coffee lover" }},</h1><p>Autumn is here, and with it the first of this year's harvest from Aceh and Flores. ${paragraph(0)}</p><p>As a member in {{ subscriber.suburb | default: "your city" }} you are among the first to taste them, {{ subscriber.firstname | default: "friend" }}.</p>`)}
        <mj-button background-color="#7a4b21" font-size="16px" href="https://shop.harbour.test/autumn?email={{ subscriber.email | url_encode }}">Shop the autumn roasts</mj-button>`,
])}
    <mj-raw>{% if subscriber.custom.tier == "Gold" %}</mj-raw>
${section([text(`<h2>Your Gold membership</h2><p>{{ subscriber.firstname | default: "Dear member" }}, you have {{ subscriber.custom.points | default: 0 }} points. As a Gold member you drink free every Friday at {{ subscriber.custom.store | default: "any store" }}, and your {{ subscriber.custom.favourite_drink | default: "usual" | downcase }} is on us on your birthday.</p>`)], '#fff7e0')}
    <mj-raw>{% elsif subscriber.custom.tier %}</mj-raw>
${section([text(`<h2>Your {{ subscriber.custom.tier }} membership</h2><p>You have {{ subscriber.custom.points | default: 0 }} points, {{ subscriber.custom.points | minus: 5000 | abs }} away from Gold. Every cup at {{ subscriber.custom.store | default: "any store" }} brings you closer.</p>`)], '#fff7e0')}
    <mj-raw>{% else %}</mj-raw>
${section([text(`<h2>Join the club, {{ subscriber.firstname | default: "friend" }}</h2><p>Members collect a point with every dollar and drink free on Fridays. Joining takes a minute at the counter.</p>`)], '#fff7e0')}
    <mj-raw>{% endif %}</mj-raw>
${section([
  text(
    `<h2>Picked for you</h2>{% assign picks = subscriber.custom.interests | split: "," %}{% if picks.size > 0 %}<ul>{% for pick in picks %}<li>More about {{ pick | capitalize }}</li>{% endfor %}</ul>{% else %}<p>Tell us what you like and we will pick for you.</p>{% endif %}<p>Because you like your {{ subscriber.custom.favourite_drink | default: "coffee" | downcase }}.</p>`,
  ),
])}
${productRows.join('\n')}
${stories.join('\n')}
${section(
  [
    `<mj-social font-size="13px" icon-size="24px" mode="horizontal">
          <mj-social-element name="facebook" href="https://facebook.com/harbourcoffee">Facebook</mj-social-element>
          <mj-social-element name="instagram" href="https://instagram.com/harbourcoffee">Instagram</mj-social-element>
          <mj-social-element name="x" href="https://x.com/harbourcoffee">X</mj-social-element>
        </mj-social>
        <mj-divider border-color="#e0d6cc" border-width="1px" />
        <mj-text css-class="footer" font-size="12px" line-height="18px" color="#8a8a8a" align="center">You receive this e-mail because {{ subscriber.email }} subscribed to news from {{ organization.name }} in {{ subscriber.country | default: "your country" | upcase }}. Your member number is {{ subscriber.ref }}.<br/>{{ organization.name }}, 12 Harbour Street, Fremantle WA 6160, Australia<br/><a href="{{ unsubscribe_url }}">Unsubscribe</a> · <a href="{{ view_online_url }}">View online</a> · <a href="https://harbour.test/preferences?id={{ subscriber.id }}">Update your preferences, {{ subscriber.firstname | default: "friend" }}</a></mj-text>`,
  ],
  '#f4efe9',
)}
  </mj-body>
</mjml>
`;
}
