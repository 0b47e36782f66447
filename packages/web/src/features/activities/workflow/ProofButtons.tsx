import type { ActivityRecord, WorkflowAction } from '@herald/protocol';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useCommandMutation } from '../../../platform/data/useCommand.ts';
import { useTranslation } from '../../../platform/i18n/useTranslation.ts';
import { useCurrentOrganization } from '../../../platform/organization/organizationContext.ts';
import { ProofMatrixDialog } from './ProofMatrixDialog.tsx';
import { SendProofDialog } from './SendProofDialog.tsx';

/**
 * "Send proof" and "Proof matrix", each shown only when getRoles allows its action. The matrix is generated
 * when its button is pressed (the action is logged), not when the dialog renders, so it is asked for once.
 */
export function ProofButtons({
  activity,
  allowed,
}: {
  activity: ActivityRecord;
  allowed: readonly WorkflowAction[];
}) {
  const { t } = useTranslation();
  const organization = useCurrentOrganization()!;
  const [proofOpen, setProofOpen] = useState(false);
  const [matrixOpen, setMatrixOpen] = useState(false);
  const matrix = useCommandMutation(organization.channel, 'workflow');
  const openMatrix = () => {
    setMatrixOpen(true);
    matrix.mutate({
      organizationId: organization.organizationId,
      activityId: activity.id,
      action: 'generateProofMatrix',
    });
  };
  const noRevision = activity.latestRevisionId === null;
  return (
    <>
      {allowed.includes('proof') && (
        <Button
          size="xs"
          variant="light"
          disabled={noRevision}
          onClick={() => setProofOpen(true)}
          data-testid="proof-open"
        >
          {t('workflow.actions.proof')}
        </Button>
      )}
      {allowed.includes('generateProofMatrix') && (
        <Button
          size="xs"
          variant="light"
          disabled={noRevision}
          onClick={openMatrix}
          data-testid="proof-matrix-open"
        >
          {t('workflow.actions.generateProofMatrix')}
        </Button>
      )}
      <SendProofDialog activity={activity} opened={proofOpen} onClose={() => setProofOpen(false)} />
      <ProofMatrixDialog
        name={activity.name}
        opened={matrixOpen}
        onClose={() => setMatrixOpen(false)}
        matrix={matrix.data?.proofMatrix}
        pending={matrix.isPending}
        error={matrix.error}
      />
    </>
  );
}
