/** Whom the editor previews as: the sample recipient, a member's test profile, or a subscriber found by address. */
export type PreviewAs =
  | { kind: 'sample' }
  | { kind: 'testProfile'; userId: number }
  | { kind: 'subscriber'; subscriberId: number; email: string };

/** renderPreview's recipient params for a choice. */
export function recipientParams(as: PreviewAs): { testProfileId?: number; subscriberId?: number } {
  if (as.kind === 'testProfile') return { testProfileId: as.userId };
  if (as.kind === 'subscriber') return { subscriberId: as.subscriberId };
  return {};
}

/** The choice as a select's value, and back. */
export function previewAsValue(as: PreviewAs): string {
  if (as.kind === 'testProfile') return `profile:${as.userId}`;
  if (as.kind === 'subscriber') return `subscriber:${as.subscriberId}`;
  return 'sample';
}
