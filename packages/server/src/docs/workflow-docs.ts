import {
  ACTIVITY_STATUSES,
  SYSTEM_TRANSITIONS,
  WORKFLOW_ACTIONS,
  WORKFLOW_TABLE,
  type ActivityStatus,
} from '@herald/protocol';

/**
 * The transition table of docs/workflow.md, rendered from the one declaration (WORKFLOW_TABLE) so the docs
 * cannot drift from what the server enforces; a test compares them.
 */
export function renderWorkflowTable(): string {
  const header = `| action | needs | ${ACTIVITY_STATUSES.join(' | ')} |`;
  const rule = `|---|---|${ACTIVITY_STATUSES.map(() => '---').join('|')}|`;
  const rows = WORKFLOW_ACTIONS.map((action) => {
    const { permission, from } = WORKFLOW_TABLE[action];
    const cells = ACTIVITY_STATUSES.map((status: ActivityStatus) => {
      const to = from[status];
      return to === undefined ? '—' : to === status ? '·' : `→ ${to}`;
    });
    return `| ${action} | ${permission} | ${cells.join(' | ')} |`;
  });
  const system = SYSTEM_TRANSITIONS.map(({ event, from, to }) => `| ${event} | ${from} | ${to} |`);
  return [
    header,
    rule,
    ...rows,
    '',
    'Moves the server makes itself:',
    '',
    '| event | from | to |',
    '|---|---|---|',
    ...system,
  ].join('\n');
}
