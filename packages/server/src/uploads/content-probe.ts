import { Transform, type TransformCallback } from 'node:stream';
import { HeraldError } from '@herald/protocol';
import { byteSizeText } from '../imports/import-limits.ts';

/** How many leading bytes are kept for the type and delimiter decisions. */
export const HEAD_BYTES = 64 * 1024;

/** What one pass over an upload's bytes learned, without ever holding the file whole. */
export interface ContentFacts {
  size: number;
  /** The first HEAD_BYTES bytes. */
  head: Buffer;
  /** Whether any byte is 0 (UTF-16 text and binary formats have them; CSV and TSV never do). */
  hasNul: boolean;
  /** Whether every byte sequence is valid UTF-8 (else a text file is read as Windows-1252). */
  validUtf8: boolean;
}

function importTooLarge(maxBytes: number): HeraldError {
  return new HeraldError('ImportFileTooLargeError', { values: { limit: byteSizeText(maxBytes) } });
}

/**
 * A pass-through stream that the upload pipes through on its way to disk: it counts bytes (refusing more
 * than `maxBytes` with ImportFileTooLargeError), keeps the head, and checks UTF-8 validity with a streaming
 * fatal TextDecoder, so detection needs no second read of a large file.
 */
export class ContentProbe extends Transform {
  readonly #maxBytes: number;
  readonly #tooLarge: (maxBytes: number) => HeraldError;
  readonly #headChunks: Buffer[] = [];
  #headLength = 0;
  #size = 0;
  #hasNul = false;
  #validUtf8 = true;
  readonly #decoder = new TextDecoder('utf-8', { fatal: true });

  /** `tooLarge` makes the refusal of a larger file (an asset upload names its own limit). */
  constructor(maxBytes: number, tooLarge = importTooLarge) {
    super();
    this.#maxBytes = maxBytes;
    this.#tooLarge = tooLarge;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#size += chunk.length;
    if (this.#size > this.#maxBytes) {
      callback(this.#tooLarge(this.#maxBytes));
      return;
    }
    if (this.#headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.#headLength);
      this.#headChunks.push(part);
      this.#headLength += part.length;
    }
    if (!this.#hasNul && chunk.includes(0)) this.#hasNul = true;
    // Binary content is settled by its NUL bytes; decoding it would only cost time.
    if (this.#validUtf8 && !this.#hasNul) {
      try {
        this.#decoder.decode(chunk, { stream: true });
      } catch {
        this.#validUtf8 = false;
      }
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.#validUtf8 && !this.#hasNul) {
      try {
        this.#decoder.decode();
      } catch {
        // A multi-byte sequence cut short at the very end.
        this.#validUtf8 = false;
      }
    }
    callback();
  }

  get facts(): ContentFacts {
    return {
      size: this.#size,
      head: Buffer.concat(this.#headChunks),
      hasNul: this.#hasNul,
      validUtf8: this.#validUtf8 && !this.#hasNul,
    };
  }
}
