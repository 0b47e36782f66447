import type { SubscriberEventKind } from '@herald/protocol';
import type { ReactNode } from 'react';

function Icon({ children, size = 14 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export function LockIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </Icon>
  );
}

/** Outline paths per interaction kind, drawn as the timeline's bullets. */
const EVENT_PATHS: Record<SubscriberEventKind, ReactNode> = {
  sent: <path d="M22 2 11 13M22 2l-7 20-4-9-9-4 20-7z" />,
  delivered: <path d="M2 13l4 4L16 7M10 15l2 2L22 7" />,
  opened: (
    <>
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  clicked: <path d="M9 9l11 4-5 2-2 5-4-11zM4 4l3 3M12 2v3M2 12h3" />,
  bounced: <path d="M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3" />,
  complained: <path d="M4 22V4a1 1 0 0 1 1-1h13l-3 5 3 5H5" />,
  unsubscribed: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M5.6 5.6l12.8 12.8" />
    </>
  ),
  listsubscribed: <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />,
  formsubmitted: <path d="M9 11l3 3 8-8M20 12v7a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h9" />,
  purchased: (
    <>
      <circle cx="9" cy="21" r="1" />
      <circle cx="20" cy="21" r="1" />
      <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" />
    </>
  ),
  abandoned: (
    <>
      <circle cx="9" cy="21" r="1" />
      <path d="M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h7M16 3l6 6M22 3l-6 6" />
    </>
  ),
  pageviewed: <path d="M4 4h16v16H4zM4 9h16M9 9v11" />,
  imported: <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />,
  profileupdated: <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />,
};

export function EventIcon({ kind }: { kind: SubscriberEventKind }) {
  return <Icon size={12}>{EVENT_PATHS[kind]}</Icon>;
}

export const EVENT_COLORS: Record<SubscriberEventKind, string> = {
  sent: 'blue',
  delivered: 'lime',
  opened: 'teal',
  clicked: 'cyan',
  bounced: 'orange',
  complained: 'red',
  unsubscribed: 'red',
  listsubscribed: 'green',
  formsubmitted: 'grape',
  purchased: 'yellow',
  abandoned: 'pink',
  pageviewed: 'indigo',
  imported: 'gray',
  profileupdated: 'violet',
};
