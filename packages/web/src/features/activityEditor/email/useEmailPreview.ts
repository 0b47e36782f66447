import { EMAIL_SIZE_FAILURE_BYTES, EMAIL_SIZE_WARNING_BYTES, type EmailContent } from '@herald/protocol';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useCommand } from '../../../platform/data/useCommand.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { recipientParams, type PreviewAs } from './previewRecipient.ts';

/** The pause after typing before the preview renders again. */
export const PREVIEW_DEBOUNCE_MS = 300;

/** How an e-mail's size reads against functional §9's limits. */
export type SizeLevel = 'ok' | 'warning' | 'failure';

export function sizeLevel(bytes: number): SizeLevel {
  if (bytes >= EMAIL_SIZE_FAILURE_BYTES) return 'failure';
  if (bytes >= EMAIL_SIZE_WARNING_BYTES) return 'warning';
  return 'ok';
}

/**
 * The draft rendered by the server (renderPreview with `content`, nothing saved), for the recipient and the
 * version chosen, a moment after the last change; the last rendering stays shown while the next one comes.
 */
export function useEmailPreview(activityId: number, email: EmailContent, as: PreviewAs, variation: number) {
  const organization = useCurrentOrganization()!;
  const [debounced] = useDebouncedValue(email, PREVIEW_DEBOUNCE_MS);
  return useCommand(
    organization.channel,
    'renderPreview',
    {
      organizationId: organization.organizationId,
      activityId,
      content: { schemaVersion: 3, channels: { email: debounced } },
      variation,
      ...recipientParams(as),
    },
    { placeholderData: keepPreviousData, retry: false },
  );
}
