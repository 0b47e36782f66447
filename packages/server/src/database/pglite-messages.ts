/**
 * The messages between the server's thread and the worker thread that owns the embedded database
 * (pglite-thread.ts and pglite-worker.ts). Everything here crosses by structured clone, so rows keep their
 * Dates, Uint8Arrays and bigints.
 */

export interface PGliteWorkerData {
  /** Where PGlite keeps its files; `memory://` keeps them in memory (tests). */
  dataDir: string;
}

export type PGliteRequest =
  | {
      id: number;
      kind: 'query';
      text: string;
      params: readonly unknown[];
      /** The file COPY … FROM '/dev/blob' reads. */
      blob?: string | Uint8Array | undefined;
    }
  | { id: number; kind: 'listen'; channel: string }
  | { id: number; kind: 'unlisten'; channel: string }
  | { id: number; kind: 'close' };

/** What PostgreSQL says of a failed statement: the fields callers read (code above all) survive the crossing. */
export interface PGliteErrorFields {
  message: string;
  code?: string | undefined;
  detail?: string | undefined;
  hint?: string | undefined;
  constraint?: string | undefined;
  table?: string | undefined;
  column?: string | undefined;
  schema?: string | undefined;
  severity?: string | undefined;
}

export type PGliteReply =
  | { kind: 'ready' }
  | { kind: 'opening-failed'; error: PGliteErrorFields }
  | { kind: 'result'; id: number; rows: unknown[]; affectedRows: number | undefined }
  | { kind: 'done'; id: number }
  | { kind: 'failed'; id: number; error: PGliteErrorFields }
  | { kind: 'notification'; channel: string; payload: string };

const ERROR_FIELDS = [
  'code',
  'detail',
  'hint',
  'constraint',
  'table',
  'column',
  'schema',
  'severity',
] as const;

export function errorFieldsOf(error: unknown): PGliteErrorFields {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: PGliteErrorFields = { message: error.message };
  for (const name of ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[name];
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/** An Error carrying PostgreSQL's fields again, as PGlite's own DatabaseError does on its thread. */
export function errorFromFields(fields: PGliteErrorFields): Error {
  const error = new Error(fields.message);
  error.name = 'DatabaseError';
  return Object.assign(error, fields);
}
