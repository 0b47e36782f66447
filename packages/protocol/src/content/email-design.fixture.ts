import type { EmailDesign } from './email-design.ts';

/** A design with every kind of block, personalized, for the design and variation tests. */
export const everyBlockDesign: EmailDesign = {
  version: 1,
  width: 600,
  backgroundColor: '#f4f4f4',
  contentBackgroundColor: '#ffffff',
  fontFamily: 'Helvetica, Arial, sans-serif',
  theme: { attributes: { 'mj-button': { 'border-radius': '20px', height: '40px' } } },
  sections: [
    {
      id: 's1',
      padding: 20,
      columns: [
        {
          id: 'c1',
          blocks: [
            {
              id: 'hello',
              type: 'text',
              html: '<h1>Hello {{ subscriber.firstname | default: "there" }}</h1><p>Fresh <strong>pizza</strong> &amp; more.</p>',
              align: 'left',
              fontSize: 16,
            },
            {
              id: 'hero',
              type: 'image',
              src: 'https://example.com/pizza.png',
              alt: 'A pizza',
              href: 'https://example.com/?a=1&b=2',
              width: 300,
            },
            {
              id: 'order',
              type: 'button',
              text: 'Order, {{ subscriber.firstname | default: "friend" }} <now>',
              href: '{{ view_online_url }}',
              backgroundColor: '#1a73e8',
              color: '#ffffff',
            },
          ],
        },
        {
          id: 'c2',
          blocks: [
            { id: 'rule', type: 'divider', color: '#cccccc', thickness: 1 },
            { id: 'gap', type: 'spacer', height: 24 },
            {
              id: 'follow',
              type: 'social',
              links: [
                { network: 'facebook', href: 'https://facebook.com/pizza' },
                { network: 'x', href: 'https://x.com/pizza' },
              ],
            },
          ],
        },
      ],
    },
    {
      id: 's2',
      backgroundColor: '#eeeeee',
      columns: [
        {
          id: 'c3',
          blocks: [
            { id: 'raw', type: 'html', html: '<p style="color:#999">Raw <em>HTML</em></p>' },
            { id: 'promo', type: 'contentBlock', contentBlockId: 7, name: 'Winter promo' },
            {
              id: 'footer',
              type: 'text',
              html: '<p><a href="{{ unsubscribe_url }}">Unsubscribe</a></p>',
            },
          ],
        },
      ],
    },
  ],
};
