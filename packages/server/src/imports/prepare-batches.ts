import { CopyBuffer } from './copy-buffer.ts';
import type { ImportColumn } from './import-columns.ts';
import { rejectionLine, stagingLine, type MergePlan, type PreparedBatch } from './merge-batch.ts';
import { RowKeySet } from './row-key-set.ts';
import { validateRow, type RowRejection } from './validate-row.ts';

/**
 * Consecutive source rows, the first numbered firstRowNumber: in the file (the header is row 1) or in the
 * inline data (from 1).
 */
export interface RowChunk {
  firstRowNumber: number;
  rows: readonly (readonly unknown[])[];
}

/**
 * Turns rows into batches of COPY text, validating each row and refusing a repeat of an e-mail address
 * (case-insensitive) or ref already taken by an earlier row of the same file ("Same e-mail as row 2"): the
 * first row wins, so the outcome never depends on batch boundaries. The first `skipRows` rows were merged
 * before a restart: they are validated again, only to remember their keys, and produce nothing.
 */
export async function* prepareBatches(
  chunks: AsyncIterable<RowChunk>,
  columns: readonly ImportColumn[],
  plan: MergePlan,
  options: { batchRows: number; skipRows: number },
): AsyncGenerator<PreparedBatch> {
  const emails = new RowKeySet();
  const refs = new RowKeySet();
  let skip = options.skipRows;
  let batch = emptyBatch();
  const staging = new CopyBuffer(16 << 20);
  const rejections = new CopyBuffer();
  for await (const chunk of chunks)
    for (let index = 0; index < chunk.rows.length; index += 1) {
      const rowNumber = chunk.firstRowNumber + index;
      const cells = chunk.rows[index] ?? [];
      const checked = validateRow(cells, columns);
      let rejection: RowRejection | undefined;
      if ('reason' in checked) rejection = checked;
      else {
        const { email, emailKey, ref } = checked.row;
        const sameEmail = emailKey === null ? undefined : emails.get(emailKey);
        const sameRef = ref === null ? undefined : refs.get(ref);
        if (sameEmail !== undefined)
          rejection = {
            reason: `Same e-mail as row ${sameEmail}`,
            value: email ?? '',
            detail: { code: 'sameEmail', column: 'email', otherRow: sameEmail },
          };
        else if (sameRef !== undefined)
          rejection = {
            reason: `Same ref as row ${sameRef}`,
            value: ref ?? '',
            detail: { code: 'sameRef', column: 'ref', otherRow: sameRef },
          };
        else {
          if (emailKey !== null) emails.claim(emailKey, rowNumber);
          if (ref !== null) refs.claim(ref, rowNumber);
        }
      }
      if (skip > 0) {
        skip -= 1;
        continue;
      }
      batch.rowsRead += 1;
      if (rejection !== undefined) {
        batch.rejected += 1;
        rejections.append(rejectionLine(plan.jobId, rowNumber, rejection));
      } else if ('row' in checked) {
        batch.validRows += 1;
        staging.append(stagingLine(plan, rowNumber, checked.row));
      }
      if (batch.rowsRead >= options.batchRows) {
        yield finish(batch, staging, rejections);
        batch = emptyBatch();
      }
    }
  if (batch.rowsRead > 0) yield finish(batch, staging, rejections);
}

const EMPTY = new Uint8Array(0);

function emptyBatch(): PreparedBatch {
  return { rowsRead: 0, validRows: 0, staging: EMPTY, rejected: 0, rejections: EMPTY };
}

function finish(batch: PreparedBatch, staging: CopyBuffer, rejections: CopyBuffer): PreparedBatch {
  // Bytes, not strings: a batch crosses from the parsing worker to the import by transfer, without a copy
  // (prepare-in-worker.ts).
  batch.staging = staging.take();
  batch.rejections = rejections.take();
  return batch;
}
