import type { Channel } from '@herald/protocol';
import { ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** Each channel's colour, so a list of activities reads by channel at a glance. */
export const CHANNEL_COLORS: Record<Channel, string> = {
  email: 'blue',
  sms: 'teal',
  pushnotification: 'orange',
  whatsapp: 'green',
  web: 'indigo',
  line: 'lime',
  displayad: 'grape',
};

/** Line drawings on a 24-unit grid; the channel's name is always written beside them. */
const GLYPHS: Record<Channel, ReactNode> = {
  email: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" />
    </>
  ),
  sms: <path d="M4 5h16v11H9l-5 4z" />,
  pushnotification: (
    <>
      <path d="M6 17v-6a6 6 0 0 1 12 0v6l2 2H4z" />
      <path d="M10 21h4" />
    </>
  ),
  whatsapp: (
    <>
      <path d="M4 20l1.4-4.2A8 8 0 1 1 8.3 18.7z" />
      <path d="M9 9.5c0 3 2.5 5.5 5.5 5.5" />
    </>
  ),
  web: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </>
  ),
  line: (
    <>
      <rect x="3" y="4" width="18" height="13" rx="6" />
      <path d="M8 8v5h3M14 8v5" />
    </>
  ),
  displayad: (
    <>
      <rect x="3" y="4" width="18" height="12" rx="1" />
      <path d="M8 20h8M12 16v4M7 8h6M7 11h10" />
    </>
  ),
};

/** A channel's icon, decorative: the caller writes the channel's name beside it. */
export function ChannelIcon({ channel, size = 'md' }: { channel: Channel; size?: 'sm' | 'md' | 'lg' }) {
  const pixels = { sm: 16, md: 20, lg: 26 }[size];
  return (
    <ThemeIcon color={CHANNEL_COLORS[channel]} variant="light" size={size} radius="sm" aria-hidden>
      <svg
        width={pixels}
        height={pixels}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        focusable="false"
      >
        {GLYPHS[channel]}
      </svg>
    </ThemeIcon>
  );
}
