/**
 * The tokens of the text form of a target expression, and the failure the parser throws: split from
 * parse-target.ts so that each file stays one idea (reading characters; reading the grammar).
 */

/** A failure with its place; thrown inside the parser only, and always caught by parseTarget. */
export class ParseFailure extends Error {
  constructor(
    readonly position: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * `junk` is a run the language has no token for (`12x`, `#`, `a.b.c`): it is handed to the parser rather than
 * refused by the tokenizer, so that the message can say what the parser expected in its place.
 */
export type TokenKind = 'word' | 'number' | 'date' | 'string' | 'symbol' | 'junk' | 'end';

export interface Token {
  kind: TokenKind;
  /** The source text of the token (for a word, as written; compare `lower` with keywords). */
  text: string;
  lower: string;
  /** The decoded text of a string token. */
  value: string;
  position: number;
}

const WORD = /[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)?/y;
const DATE = /\d{4}-\d{2}-\d{2}/y;
const NUMBER = /-?\d+(?:\.\d+)?/y;
/** Characters that may not follow a word, number or date directly: `12abc` is one mistake, not two tokens. */
const CONTINUATION = /[A-Za-z0-9_.]*/y;
const WHITESPACE = /\s*/y;

export class Tokenizer {
  private offset = 0;

  constructor(private readonly source: string) {}

  next(): Token {
    WHITESPACE.lastIndex = this.offset;
    WHITESPACE.test(this.source);
    const start = WHITESPACE.lastIndex;
    const char = this.source[start];
    if (char === undefined) return this.token('end', start, start);
    if ('(),='.includes(char)) return this.token('symbol', start, start + 1);
    if (char === '<' || char === '>' || char === '!') {
      if (this.source[start + 1] === '=') return this.token('symbol', start, start + 2);
      if (char !== '!') return this.token('symbol', start, start + 1);
    }
    if (char === '"') return this.string(start);
    const next = this.source[start + 1];
    if (/[0-9]/.test(char) || (char === '-' && next !== undefined && /[0-9]/.test(next))) {
      if (this.matches(DATE, start)) return this.token('date', start, DATE.lastIndex);
      this.matches(NUMBER, start);
      return this.token('number', start, NUMBER.lastIndex);
    }
    if (this.matches(WORD, start)) return this.token('word', start, WORD.lastIndex);
    const width = (char.codePointAt(0) ?? 0) > 0xffff ? 2 : 1;
    return this.token('junk', start, start + width);
  }

  private matches(pattern: RegExp, start: number): boolean {
    pattern.lastIndex = start;
    return pattern.test(this.source);
  }

  /** A token from start to end, widened into junk when letters, digits or dots follow it directly. */
  private token(kind: TokenKind, start: number, end: number): Token {
    let last = end;
    if (kind === 'word' || kind === 'number' || kind === 'date') {
      CONTINUATION.lastIndex = end;
      CONTINUATION.test(this.source);
      last = CONTINUATION.lastIndex;
    }
    this.offset = last;
    const text = this.source.slice(start, last);
    return {
      kind: last === end ? kind : 'junk',
      text,
      lower: text.toLowerCase(),
      value: '',
      position: start,
    };
  }

  /** A double-quoted text: \" \\ \n \t \r and \uXXXX are escapes, every other character stands for itself. */
  private string(start: number): Token {
    let value = '';
    let index = start + 1;
    for (;;) {
      const char = this.source[index];
      if (char === undefined) {
        throw new ParseFailure(
          index,
          `Expected a closing " at position ${index} for the text that starts at position ${start}, found the end`,
        );
      }
      if (char === '"') break;
      if (char !== '\\') {
        value += char;
        index += 1;
        continue;
      }
      const escape = this.source[index + 1];
      const simple = escape === undefined ? undefined : ESCAPES[escape];
      if (simple !== undefined) {
        value += simple;
        index += 2;
      } else if (escape === 'u' && /^[0-9A-Fa-f]{4}$/.test(this.source.slice(index + 2, index + 6))) {
        value += String.fromCharCode(parseInt(this.source.slice(index + 2, index + 6), 16));
        index += 6;
      } else {
        const found = escape === undefined ? 'the end' : `"\\${this.source.slice(index + 1, index + 2)}"`;
        throw new ParseFailure(
          index,
          `Expected an escape (\\" \\\\ \\n \\t \\r or \\u followed by 4 hex digits) at position ${index}, found ${found}`,
        );
      }
    }
    this.offset = index + 1;
    const text = this.source.slice(start, index + 1);
    return { kind: 'string', text, lower: text, value, position: start };
  }
}

export const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', n: '\n', t: '\t', r: '\r' };

export function describe(token: Token): string {
  if (token.kind === 'end') return 'the end';
  const text = token.text.length > 40 ? `${token.text.slice(0, 40)}…` : token.text;
  return token.kind === 'string' ? `the text ${text}` : `"${text}"`;
}

/** `"a", "b" or "c"` */
export function oneOf(options: readonly string[]): string {
  return options.length <= 1
    ? (options[0] ?? '')
    : `${options.slice(0, -1).join(', ')} or ${options[options.length - 1]}`;
}

/** An ISO date that exists (2023-02-29 does not). */
export function isExistingDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}
