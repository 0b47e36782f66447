import type { ChannelContents } from './channelEditor.ts';

/**
 * What a new activity of each channel starts from: short, real-looking content that is valid against the
 * contract's schemas as it stands, so the first save works and the preview shows something straight away.
 * Personalized with the sample fields every recipient has.
 */
export const startingContents: {
  [C in Exclude<keyof ChannelContents, 'email'>]: (name: string) => ChannelContents[C];
} = {
  sms: () => ({
    text: 'Hi {{ subscriber.firstname | default: "there" }}, reply STOP to opt out.',
  }),
  pushnotification: (name) => ({
    title: name,
    body: 'Hi {{ subscriber.firstname | default: "there" }}, tap to see what is new.',
  }),
  whatsapp: () => ({ templateName: 'weekly_offer', language: 'en', parameters: [] }),
  line: () => ({ messages: [{ type: 'text', text: 'Hi {{ subscriber.firstname | default: "there" }}!' }] }),
  web: (name) => ({
    placement: 'banner',
    html: `<p><strong>${escapeHtml(name)}</strong> – welcome back {{ subscriber.firstname | default: "friend" }}!</p>`,
  }),
  displayad: (name) => ({ audienceName: name, sizes: ['300x250', '728x90'] }),
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
