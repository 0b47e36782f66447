import { createHash } from 'node:crypto';
import { designToMjml, type EmailDesign } from '@herald/protocol';

/**
 * Starters written as the native editor's designs (docs/architecture.md § The native e-mail editor, templates):
 * their production code is the design's MJML, so an activity made from one opens on its blocks. The others are
 * hand-written MJML (starter-mjml.ts) and open on their code.
 */
export const WELCOME_DESIGN: EmailDesign = {
  version: 1,
  width: 600,
  backgroundColor: '#f4f4f5',
  fontFamily: 'Helvetica, Arial, sans-serif',
  theme: {
    attributes: {
      'mj-text': { 'font-size': '15px', 'line-height': '1.6', color: '#1f2937' },
      'mj-button': {
        'background-color': '#2b8a3e',
        color: '#ffffff',
        'border-radius': '20px',
        height: '40px',
        'font-weight': 'bold',
      },
    },
  },
  sections: [
    {
      id: 'welcome-band',
      backgroundColor: '#2b8a3e',
      padding: 32,
      columns: [
        {
          id: 'welcome-band-column',
          blocks: [
            {
              id: 'welcome-title',
              type: 'text',
              align: 'center',
              color: '#ffffff',
              fontSize: 30,
              html: '<p><strong>Welcome aboard!</strong></p>',
            },
          ],
        },
      ],
    },
    {
      id: 'welcome-body',
      backgroundColor: '#ffffff',
      padding: 24,
      columns: [
        {
          id: 'welcome-body-column',
          blocks: [
            {
              id: 'welcome-greeting',
              type: 'text',
              fontSize: 18,
              html: '<p>Hi {{ subscriber.firstname | default: "there" }},</p>',
            },
            {
              id: 'welcome-first-steps',
              type: 'text',
              html:
                '<p>Thanks for joining us. From now on you will be the first to hear about new arrivals, member ' +
                'offers and events near you.</p><p>Here are three things to do first:</p><ol><li>Complete your ' +
                'profile so we send what you like.</li><li>Find your nearest store.</li><li>Follow us for daily ' +
                'inspiration.</li></ol>',
            },
            {
              id: 'welcome-profile',
              type: 'button',
              text: 'Complete my profile',
              href: 'https://example.com/account',
            },
          ],
        },
      ],
    },
    {
      id: 'welcome-gift',
      backgroundColor: '#ebfbee',
      padding: 16,
      columns: [
        {
          id: 'welcome-gift-column',
          blocks: [
            {
              id: 'welcome-gift-text',
              type: 'text',
              align: 'center',
              html: '<p>A welcome gift: <strong>10% off</strong> your first order with code <strong>HELLO10</strong>.</p>',
            },
          ],
        },
      ],
    },
    {
      id: 'welcome-footer',
      backgroundColor: '#f4f4f5',
      padding: 24,
      columns: [
        {
          id: 'welcome-footer-column',
          blocks: [
            {
              id: 'welcome-footer-text',
              type: 'text',
              align: 'center',
              fontSize: 12,
              color: '#6b7280',
              html:
                '<p>You are receiving this because you joined our list.<br><a href="{{ view_online_url }}">View ' +
                'online</a> · <a href="{{ unsubscribe_url }}">Unsubscribe</a></p>',
            },
          ],
        },
      ],
    },
  ],
};

export const WELCOME_MJML = designToMjml(WELCOME_DESIGN);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The starter designs by the sha-256 of their MJML: a starter's hash is its production code's. */
const DESIGNS_BY_HASH = new Map([WELCOME_DESIGN].map((design) => [sha256(designToMjml(design)), design]));

/**
 * The design a template's production code was written from, when it is one of the starter designs unchanged
 * (its hash and its code both match); undefined for any other template.
 */
export function starterDesignOf(template: { hash: string; productionCode: string }): EmailDesign | undefined {
  const design = DESIGNS_BY_HASH.get(template.hash);
  return design && designToMjml(design) === template.productionCode ? design : undefined;
}
