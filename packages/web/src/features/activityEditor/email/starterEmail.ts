import { designToMjml, type EmailContent, type EmailDesign } from '@herald/protocol';
import { newDesignId } from './designEdits.ts';

/** The words of the starting design, in the editor's language. */
export interface StarterWords {
  greeting: string;
  body: string;
  button: string;
  footer: string;
  unsubscribe: string;
  viewOnline: string;
}

/**
 * What a new e-mail starts from when no template gives it anything (the templates' `templateContent` replaces
 * this when it exists): a greeting with a fallback, a paragraph, a button, and the footer every e-mail needs,
 * with its unsubscribe and view-online links.
 */
export function starterEmail(subject: string, words: StarterWords): EmailContent {
  const id = newDesignId;
  const design: EmailDesign = {
    version: 1,
    width: 600,
    backgroundColor: '#f4f5f7',
    contentBackgroundColor: '#ffffff',
    fontFamily: 'Helvetica, Arial, sans-serif',
    sections: [
      {
        id: id('s'),
        padding: 24,
        columns: [
          {
            id: id('c'),
            blocks: [
              {
                id: id('b'),
                type: 'text',
                html: `<h1>${escape(words.greeting)} {{ subscriber.firstname | default: "there" }}</h1><p>${escape(words.body)}</p>`,
                fontSize: 16,
              },
              {
                id: id('b'),
                type: 'button',
                text: words.button,
                href: '{{ view_online_url }}',
                backgroundColor: '#1c7ed6',
                color: '#ffffff',
                borderRadius: 20,
              },
            ],
          },
        ],
      },
      {
        id: id('s'),
        backgroundColor: '#f4f5f7',
        columns: [
          {
            id: id('c'),
            blocks: [
              { id: id('b'), type: 'divider', color: '#dee2e6', thickness: 1 },
              {
                id: id('b'),
                type: 'text',
                html: `<p>${escape(words.footer)}</p><p><a href="{{ unsubscribe_url }}">${escape(words.unsubscribe)}</a> · <a href="{{ view_online_url }}">${escape(words.viewOnline)}</a></p>`,
                align: 'center',
                color: '#868e96',
                fontSize: 12,
              },
            ],
          },
        ],
      },
    ],
  };
  return { subject, preheader: '', mjml: designToMjml(design), design };
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
