import {
  CHECK_NAMES,
  CHECK_STATUSES,
  PROOF_MATRIX_CELL_LIMIT,
  PROOF_RECIPIENT_LIMIT,
} from '@herald/protocol';
import { describe, expect, it } from 'vitest';
import {
  CHECK_NAME_LIST,
  CHECK_STATUS_LIST,
  PROOF_MATRIX_CELLS_AT_MOST,
  PROOF_RECIPIENTS_AT_MOST,
} from './workflowConstants.ts';

describe('the workflow constants the activity page restates', () => {
  it('are the contract’s', () => {
    expect(CHECK_NAME_LIST).toEqual(CHECK_NAMES);
    expect(CHECK_STATUS_LIST).toEqual(CHECK_STATUSES);
    expect(PROOF_RECIPIENTS_AT_MOST).toBe(PROOF_RECIPIENT_LIMIT);
    expect(PROOF_MATRIX_CELLS_AT_MOST).toBe(PROOF_MATRIX_CELL_LIMIT);
  });
});
