import { z } from 'zod';
import { MAX_SEND_RATE_PER_MINUTE } from '../constants/functional.ts';
import { checkResultSchema } from '../content/checks.ts';
import { PROOF_RECIPIENT_LIMIT, proofMatrixSchema, proofSentSchema } from '../content/proofs.ts';
import { activityRecordSchema } from '../records/activity.ts';
import { WORKFLOW_ACTIONS } from '../workflow/transitions.ts';
import { activityIdField } from './activities.ts';
import { defineCommand } from './define.ts';
import { organizationIdField } from './fields.ts';

/** What every action names: the activity, and optionally the version the caller saw (a stale one is refused). */
const target = {
  organizationId: organizationIdField,
  activityId: activityIdField,
  version: z.number().int().positive().optional(),
};
const comment = z.string().trim().max(4000);
/** An administrator's reason for passing an activity that breaks its channel's targeting rule. */
const overrideReason = z.string().trim().max(1000).optional();

/** One action's params, tagged by `action`. */
const action = <Name extends string, Shape extends z.ZodRawShape>(name: Name, shape: Shape) =>
  z.object({ ...target, action: z.literal(name), ...shape });

export const workflowParamsSchema = z.discriminatedUnion('action', [
  action('open', { comment: comment.optional() }),
  action('close', { comment: comment.optional() }),
  action('comment', { text: comment.min(1) }),
  action('proof', {
    emails: z.array(z.string().trim().max(320)).max(PROOF_RECIPIENT_LIMIT).optional(),
    testProfileIds: z.array(z.number().int().positive()).max(PROOF_RECIPIENT_LIMIT).optional(),
  }),
  action('generateProofMatrix', {}),
  action('check', { revisionId: z.number().int().positive().optional() }),
  action('cancelCheck', {}),
  action('approve', { comment: comment.optional(), overrideReason }),
  action('reject', { comment: comment.optional() }),
  action('queueSchedule', { at: z.iso.datetime({ offset: true }).optional(), overrideReason }),
  action('queueDeploy', { overrideReason }),
  action('queueCancel', { comment: comment.optional() }),
  action('suspend', { comment: comment.optional() }),
  action('resume', {}),
  action('addParticipant', { email: z.email().max(320) }),
  action('removeParticipant', { userId: z.number().int().positive() }),
  action('updateThrottle', { perMinute: z.number().int().min(0) }),
  action('getRoles', {}),
]);
export type WorkflowParams = z.output<typeof workflowParamsSchema>;

export const workflowParticipantSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  name: z.string(),
});
export type WorkflowParticipant = z.infer<typeof workflowParticipantSchema>;

export const workflowResultSchema = z.object({
  activity: activityRecordSchema,
  /** The log entry the action wrote (getRoles writes none). */
  eventId: z.number().int().optional(),
  /** check: one result per check name. */
  checks: z.array(checkResultSchema).optional(),
  /** getRoles: what the caller may do on the activity now. */
  actions: z.array(z.enum(WORKFLOW_ACTIONS)).optional(),
  /** getRoles, addParticipant, removeParticipant: the activity's participants now. */
  participants: z.array(workflowParticipantSchema).optional(),
  /** proof: each proof sent, to whom and personalized as whom. */
  proofs: z.array(proofSentSchema).optional(),
  /** generateProofMatrix: every version as every test profile gets it. */
  proofMatrix: proofMatrixSchema.optional(),
  /** queueSchedule, queueDeploy, resume: the scheduler job that starts the deployment. */
  jobId: z.number().int().optional(),
});
export type WorkflowResult = z.infer<typeof workflowResultSchema>;

export const workflowCommands = {
  workflow: defineCommand({
    channel: 'organization',
    description:
      'Moves an activity through its workflow (PROTOCOL §8; the whole table is docs/workflow.md): params ' +
      'organizationId, activityId, action and the action’s own params, optionally the activity `version` the ' +
      'caller saw. Each action needs its permission (content-edit edits, checks, requests approval and manages ' +
      'participants; content-approve approves and rejects; content-deploy schedules, deploys, suspends, resumes, ' +
      'cancels and throttles; a participant or a content role comments; anyone who reads the activity asks ' +
      'getRoles) or answers PrivilegesError (CannotAddParticipantsError for participants). An action the status ' +
      'does not allow answers WorkflowTransitionError; a version that is not the stored one, or a status changed ' +
      'by someone else meanwhile, StaleRecordError. queueSchedule and queueDeploy need the latest revision ' +
      'approved and its latest check not failed (DeploymentNotReadyError) and queue a scheduler job at `at` ' +
      '(now for queueDeploy); queueCancel cancels it. approve, queueSchedule and queueDeploy of an activity that ' +
      'reaches subscribers outside its channel’s enabled targeting rule answer TargetingRuleBlockedError, unless an ' +
      'administrator gives `overrideReason`, which the log records. addParticipant takes a user of the organization by e-mail ' +
      '(ParticipantRoleMissingError otherwise). proof mails the latest revision to `emails` (personalized as the ' +
      'sample recipient) and `testProfileIds` (each as itself), at most 20, through the outbox and SMTP, and ' +
      'answers `proofs`; generateProofMatrix answers `proofMatrix`, every version × every test profile (docs/' +
      'workflow.md § Proofs). updateThrottle takes messages per minute: under 1 suspends a ' +
      `queued deployment, over ${MAX_SEND_RATE_PER_MINUTE} answers MaxSendRateError. Every action but getRoles ` +
      'writes the workflow log (query type workflowEvent) and pushes {event: "workflow", organizationId, data: ' +
      '{activityId, status, action, by}} to connections subscribed to workflowEvent. Result: {activity, …} with ' +
      'what the action adds.',
    params: workflowParamsSchema,
    result: workflowResultSchema,
  }),
};
