import { describe, expect, it } from 'vitest';
import { ACTIVITY_STATUSES, type ActivityStatus } from '../constants/enumerations.ts';
import {
  CHECK_OUTCOMES,
  WORKFLOW_ACTIONS,
  WORKFLOW_TABLE,
  allowedWorkflowActions,
  holdsWorkflowPermission,
  workflowTransition,
  type WorkflowAction,
} from './transitions.ts';

const ALL = ACTIVITY_STATUSES;
const WORKING: ActivityStatus[] = ['draft', 'checked', 'approvalRequested', 'approved', 'rejected'];

/** The expected table, written out by hand: action → from → to. Anything not listed is refused. */
const EXPECTED: Record<WorkflowAction, Partial<Record<ActivityStatus, ActivityStatus>>> = {
  check: {
    draft: 'checking',
    checked: 'checking',
    rejected: 'checking',
    cancelled: 'checking',
    failed: 'checking',
  },
  cancelCheck: { checking: 'draft' },
  open: { checked: 'approvalRequested' },
  close: { approvalRequested: 'checked', approved: 'checked', rejected: 'draft' },
  approve: { approvalRequested: 'approved' },
  reject: { approvalRequested: 'rejected', approved: 'rejected' },
  queueSchedule: { approved: 'scheduled' },
  queueDeploy: { approved: 'scheduled' },
  queueCancel: { scheduled: 'approved', deploying: 'cancelled', suspended: 'cancelled' },
  suspend: { scheduled: 'suspended', deploying: 'suspended' },
  resume: { suspended: 'scheduled' },
  proof: Object.fromEntries([...WORKING, 'scheduled', 'suspended'].map((s) => [s, s])),
  generateProofMatrix: Object.fromEntries([...WORKING, 'scheduled', 'suspended'].map((s) => [s, s])),
  updateThrottle: Object.fromEntries([...WORKING, 'scheduled', 'deploying', 'suspended'].map((s) => [s, s])),
  comment: Object.fromEntries(ALL.map((s) => [s, s])),
  addParticipant: Object.fromEntries(ALL.map((s) => [s, s])),
  removeParticipant: Object.fromEntries(ALL.map((s) => [s, s])),
  getRoles: Object.fromEntries(ALL.map((s) => [s, s])),
};

describe('the workflow table', () => {
  const cells = WORKFLOW_ACTIONS.flatMap((action) => ALL.map((from) => [action, from] as const));

  it.each(cells)('%s from %s', (action, from) => {
    expect(workflowTransition(action, from)).toBe(EXPECTED[action][from]);
  });

  it('declares every action and only statuses of the contract', () => {
    expect(Object.keys(WORKFLOW_TABLE).sort()).toEqual([...WORKFLOW_ACTIONS].sort());
    for (const { from } of Object.values(WORKFLOW_TABLE))
      for (const [status, to] of Object.entries(from)) {
        expect(ALL).toContain(status);
        expect(ALL).toContain(to);
      }
  });

  it('sends a failed check back to draft and a warning on', () => {
    expect(CHECK_OUTCOMES).toEqual({ pass: 'checked', warn: 'checked', fail: 'draft' });
  });

  it('reaches deployment only through approval', () => {
    const into = (status: ActivityStatus) =>
      WORKFLOW_ACTIONS.flatMap((action) =>
        Object.entries(WORKFLOW_TABLE[action].from)
          .filter(([from, to]) => to === status && from !== status)
          .map(([from]) => from),
      );
    expect(into('scheduled')).toEqual(['approved', 'approved', 'suspended']);
    expect(into('approved')).toEqual(['approvalRequested', 'scheduled']);
  });
});

describe('workflow permissions', () => {
  it('gives each action to its capability', () => {
    expect(holdsWorkflowPermission('check', ['base', 'content-edit'], false)).toBe(true);
    expect(holdsWorkflowPermission('approve', ['base', 'content-edit'], false)).toBe(false);
    expect(holdsWorkflowPermission('approve', ['base', 'content-approve'], false)).toBe(true);
    expect(holdsWorkflowPermission('queueDeploy', ['base', 'content-approve'], false)).toBe(false);
    expect(holdsWorkflowPermission('queueDeploy', ['base', 'content-deploy'], false)).toBe(true);
    expect(holdsWorkflowPermission('getRoles', ['franchisee'], false)).toBe(true);
  });

  it('lets a participant without a content role comment and nothing more', () => {
    expect(holdsWorkflowPermission('comment', ['base'], false)).toBe(false);
    expect(holdsWorkflowPermission('comment', ['base'], true)).toBe(true);
    expect(allowedWorkflowActions('approvalRequested', ['base'], true)).toEqual(['comment', 'getRoles']);
  });

  it('answers getRoles from status and capability together', () => {
    expect(allowedWorkflowActions('approvalRequested', ['base', 'content-approve'], false)).toEqual([
      'comment',
      'approve',
      'reject',
      'getRoles',
    ]);
  });
});
