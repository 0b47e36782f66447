import type { ActivityRecord, WorkflowEventRecord, WorkflowParams, WorkflowResult } from '@herald/protocol';
import { generateProofMatrix } from '../proofs/proof-matrix.ts';
import { sendProofs } from '../proofs/send-proofs.ts';
import type { Actor } from '../query/resources.ts';
import type { Services } from '../services.ts';
import { transitionOf } from './move-activity.ts';
import { logWorkflowEvent } from './workflow-log.ts';

type ProofParams = Extract<WorkflowParams, { action: 'proof' | 'generateProofMatrix' }>;

/**
 * `proof` and `generateProofMatrix` (docs/workflow.md § Proofs): allowed where the table allows them, they
 * leave the status as it is. They render and mail outside any transaction (on PGlite one connection serves
 * everything, and an SMTP round trip must not hold it), then log what was done.
 */
export async function runProofAction(
  services: Pick<Services, 'db' | 'config' | 'mailer'>,
  actor: Actor,
  activity: ActivityRecord,
  params: ProofParams,
  announce: (events: readonly WorkflowEventRecord[]) => Promise<void>,
): Promise<WorkflowResult> {
  transitionOf(activity, params.action, params.version);
  const request = { activityId: activity.id };
  let done: Pick<WorkflowResult, 'proofs' | 'proofMatrix'>;
  let details: Record<string, unknown>;
  if (params.action === 'proof') {
    const proofs = await sendProofs(services, actor, {
      ...request,
      emails: params.emails,
      testProfileIds: params.testProfileIds,
    });
    done = { proofs };
    details = { sentTo: proofs.map((proof) => proof.to), outboxIds: proofs.map((proof) => proof.outboxId) };
  } else {
    const proofMatrix = await generateProofMatrix(services, actor, request);
    done = { proofMatrix };
    details = { versions: proofMatrix.versions, profiles: proofMatrix.profiles.length };
  }
  const event = await logWorkflowEvent(services.db, actor.organizationId, {
    activity,
    action: params.action,
    from: activity.status,
    to: activity.status,
    userId: actor.userId,
    comment: undefined,
    details,
  });
  await announce([event]);
  return { activity, eventId: event.id, ...done };
}
