import type { CheckName, CheckStatus } from '@herald/protocol';

// Literal copies of the contract's workflow constants (content/checks.ts, content/proofs.ts): those modules
// carry their zod schemas, which the activity page need not load (docs/architecture.md, weight of the first
// scripts). workflowConstants.test.ts keeps them equal to the contract's.

/** CHECK_NAMES: the checks in the order the check panel shows them. */
export const CHECK_NAME_LIST: readonly CheckName[] = [
  'size',
  'images',
  'links',
  'subject',
  'officeXml',
  'from',
  'trackingImage',
  'destination',
  'recipients',
  'content',
];
/** CHECK_STATUSES. */
export const CHECK_STATUS_LIST: readonly CheckStatus[] = ['pass', 'warn', 'fail'];
/** PROOF_RECIPIENT_LIMIT: addresses and test profiles together. */
export const PROOF_RECIPIENTS_AT_MOST = 20;
/** PROOF_MATRIX_CELL_LIMIT: previews in one proof matrix. */
export const PROOF_MATRIX_CELLS_AT_MOST = 60;
