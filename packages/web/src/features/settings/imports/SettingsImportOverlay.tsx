import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { useOverlay } from '../../../platform/overlay/overlay.ts';
import { FileImportPanel } from './FileImportPanel.tsx';

/**
 * A settings import overlay (customfields/import, partitions/import): upload a file, start `command` with it,
 * follow the job to its outcome, then close back to `settingsPage`.
 */
export function SettingsImportOverlay({
  command,
  hint,
  settingsPage,
  testId,
}: {
  command: 'importCustomFields' | 'importPartitions';
  hint: string;
  settingsPage: string;
  testId: string;
}) {
  const organization = useCurrentOrganization();
  const overlay = useOverlay();
  const navigate = useNavigate();
  if (!organization) return null;
  const close = () => {
    if (overlay) overlay.close();
    else void navigate(`/${organization.organizationId}/settings/${settingsPage}`);
  };
  return (
    <Stack data-testid={testId}>
      <FileImportPanel
        hint={hint}
        start={(fileId) =>
          organization.channel.request(command, { organizationId: organization.organizationId, fileId })
        }
        onDone={close}
        refreshes={command === 'importCustomFields' ? 'customField' : 'partition'}
      />
    </Stack>
  );
}
