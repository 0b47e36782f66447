import type { ColumnType, Generated } from 'kysely';
import type { RepeatRule } from '@herald/protocol';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

/** Tables of this area, merged into the Database interface (database/schema.ts). */
export interface JobsTables {
  job: JobTable;
  import_rejection: ImportRejectionTable;
  upload: UploadTable;
  extract_file: ExtractFileTable;
}

/** Long work (PROTOCOL §5): claimed by one server process at a time, resumable from its checkpoint. */
export interface JobTable {
  id: Generated<number>;
  /** Null for work that belongs to no organization (a mail retry), which no organization's job query shows. */
  organization_id: number | null;
  kind: string;
  status: Generated<string>;
  name: Generated<string>;
  params: Json<Record<string, unknown>>;
  progress_done: Generated<number>;
  progress_total: number | null;
  result: NullableJson<Record<string, unknown>>;
  error: NullableJson<{ type: string; message: string }>;
  /** Where a resumed job picks up, written in the same transaction as the work it describes. */
  checkpoint: NullableJson<Record<string, unknown>>;
  created_by: number | null;
  /** When it is due: a queued job is not claimed before. */
  run_at: Timestamp;
  /** How it repeats (protocol schedule/repeat-rule.ts): its next occurrence is queued when it finishes. */
  repeat: NullableJson<RepeatRule>;
  /** The schedule it is an occurrence of (`calculation:<custom field id>`); one queued occurrence at most. */
  series: string | null;
  attempts: Generated<number>;
  locked_by: string | null;
  heartbeat_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  started_at: Date | null;
  finished_at: Date | null;
}

/** A row an import refused, with the reason, for the rejected-rows report. */
export interface ImportRejectionTable {
  job_id: number;
  row_number: number;
  /** In English, as the rejected-rows report shows it. */
  reason: string;
  /** The refused cell, when one was (migration 0018). */
  value: string | null;
  /** The reason's code and values (ImportRejectionDetail), for the user's language; null for older rows. */
  detail: unknown;
}

/** A file received by POST /uiv5-upload/, kept on disk until imported or expired. */
export interface UploadTable {
  id: string;
  organization_id: number;
  user_id: number | null;
  file_name: string;
  file_type: string;
  encoding: string;
  size: number;
  path: string;
  created_at: Timestamp;
}

/** A zip written by an export (or a rejected-rows report), downloaded by POST /uiv5-extract/. */
export interface ExtractFileTable {
  name: string;
  organization_id: number;
  job_id: number | null;
  path: string;
  size: number;
  created_by: number | null;
  created_at: Timestamp;
  expires_at: Date | string;
}
