import {
  TARGET_EVENT_KINDS,
  TARGET_MAX_DEPTH,
  type TargetComparison,
  type TargetEventCondition,
  type TargetEventKind,
  type TargetNode,
  type TargetSpan,
  type TargetTimeUnit,
  type TargetValue,
} from './tree.ts';
import { ParseFailure, Tokenizer, describe, isExistingDate, oneOf, type Token } from './target-tokens.ts';

/**
 * The text form of a target expression (docs/target-expressions.md has the whole grammar). A hand-written
 * tokenizer and recursive-descent parser: the messages say what was expected where, which a person typing a
 * target in the console needs more than a parser generator's token names.
 */

export type TargetParseResult =
  { ok: true; tree: TargetNode } | { ok: false; position: number; message: string };

/** Longest text the parser reads: a target is typed by a person, and a longer text is refused unread. */
export const TARGET_MAX_TEXT_LENGTH = 20_000;

const MAX_ID = 2_147_483_647;
const MAX_SPAN = 100_000;
const MAX_AT_LEAST = 1_000_000;
const MAX_GROUP_ITEMS = 200;
const MAX_IN_VALUES = 1000;
const MAX_TEXT_VALUE = 2000;
const MAX_FIELD_NAME = 120;

const UNITS: Record<string, TargetTimeUnit> = {
  day: 'days',
  days: 'days',
  week: 'weeks',
  weeks: 'weeks',
  month: 'months',
  months: 'months',
  year: 'years',
  years: 'years',
};
const COMPARISONS: readonly string[] = ['=', '!=', '<', '<=', '>', '>='] satisfies TargetComparison[];
const EVENTS: readonly string[] = TARGET_EVENT_KINDS;

interface Parsed {
  node: TargetNode;
  depth: number;
}

class Parser {
  private token: Token;
  /** The words the condition just read would still have taken (`"before"` after an event), for messages. */
  private trailing: string[] = [];

  constructor(private readonly tokens: Tokenizer) {
    this.token = tokens.next();
  }

  expression(): TargetNode {
    const { node } = this.or(0);
    if (this.token.kind !== 'end') this.failContinuation('the end');
    return node;
  }

  private or(level: number): Parsed {
    return this.group('or', () => this.and(level));
  }

  private and(level: number): Parsed {
    return this.group('and', () => this.unary(level));
  }

  /** Items joined by `keyword`; a single item is itself, not a group of one. */
  private group(keyword: 'and' | 'or', item: () => Parsed): Parsed {
    const start = this.token;
    const first = item();
    const items = [first];
    while (this.isWord(keyword)) {
      if (items.length === MAX_GROUP_ITEMS) {
        this.fail(`at most ${MAX_GROUP_ITEMS} conditions joined by "${keyword}"`);
      }
      this.advance();
      items.push(item());
    }
    if (items.length === 1) return first;
    return this.nested({ type: keyword, items: items.map((parsed) => parsed.node) }, items, start);
  }

  /** A group or `not` node, refused when it makes the tree deeper than TARGET_MAX_DEPTH. */
  private nested(node: TargetNode, children: Parsed[], start: Token): Parsed {
    const depth = 1 + Math.max(...children.map((child) => child.depth));
    if (depth > TARGET_MAX_DEPTH) {
      throw new ParseFailure(
        start.position,
        `Expected at most ${TARGET_MAX_DEPTH} levels of nesting at position ${start.position}, found ${depth}`,
      );
    }
    return { node, depth };
  }

  private unary(level: number): Parsed {
    const start = this.token;
    const opensLevel = this.isWord('not') || this.isSymbol('(');
    // Checked before descending, so that "((((…" thousands deep never reaches the stack's limit.
    if (opensLevel && level >= TARGET_MAX_DEPTH) {
      this.fail(`at most ${TARGET_MAX_DEPTH} nested groups`);
    }
    if (this.isWord('not')) {
      this.advance();
      const inner = this.unary(level + 1);
      return this.nested({ type: 'not', item: inner.node }, [inner], start);
    }
    if (this.isSymbol('(')) {
      this.advance();
      const inner = this.or(level + 1);
      if (!this.isSymbol(')')) this.failContinuation('")"');
      this.advance();
      this.trailing = [];
      return inner;
    }
    return { node: this.condition(), depth: 1 };
  }

  private condition(): TargetNode {
    const token = this.token;
    this.trailing = [];
    if (token.kind !== 'word' || token.lower === 'and' || token.lower === 'or') this.fail('a condition');
    switch (token.lower) {
      case 'list': {
        this.advance();
        const listId = this.id('after "list"', MAX_ID);
        for (const state of ['subscribed', 'unsubscribed', 'any'] as const) {
          if (this.isWord(state)) {
            this.advance();
            return { type: 'list', listId, state };
          }
        }
        this.trailing = ['"subscribed"', '"unsubscribed"', '"any"'];
        return { type: 'list', listId, state: 'subscribed' };
      }
      case 'audience':
        this.advance();
        return { type: 'audience', audienceId: this.id('after "audience"', MAX_ID) };
      case 'tag':
        this.advance();
        return { type: 'tag', tagId: this.id('after "tag"', MAX_ID) };
      case 'partition':
        this.advance();
        return { type: 'partition', partitionId: this.id('after "partition"', MAX_ID) };
    }
    if (EVENTS.includes(token.lower)) return this.event();
    return this.field();
  }

  /** Options may come in any order, each once; the printer writes them in the order of the grammar. */
  private event(): TargetEventCondition {
    const event = this.advance().lower as TargetEventKind;
    const node: TargetEventCondition = { type: 'event', event };
    for (;;) {
      const scoped = node.activityId !== undefined || node.campaignId !== undefined;
      if (scoped && (this.isWord('activity') || this.isWord('campaign'))) {
        this.fail('an activity or a campaign, not both,');
      }
      if (this.isWord('activity')) {
        this.advance();
        node.activityId = this.id('after "activity"', MAX_ID);
      } else if (this.isWord('campaign')) {
        this.advance();
        node.campaignId = this.id('after "campaign"', MAX_ID);
      } else if (this.isWord('at') && node.atLeast === undefined) {
        this.advance();
        this.keyword('least', '"least" after "at"');
        node.atLeast = this.id('after "at least"', MAX_AT_LEAST);
        if (!this.isWord('time') && !this.isWord('times'))
          this.fail(`"times" after "at least ${node.atLeast}"`);
        this.advance();
      } else if (this.isWord('within') && node.within === undefined) {
        this.advance();
        node.within = this.span();
      } else if (this.isWord('after') && node.after === undefined) {
        this.advance();
        node.after = this.date('after "after"');
      } else if (this.isWord('before') && node.before === undefined) {
        this.advance();
        node.before = this.date('after "before"');
      } else {
        break;
      }
    }
    const scoped = node.activityId !== undefined || node.campaignId !== undefined;
    this.trailing = [
      ...(scoped ? [] : ['"activity"', '"campaign"']),
      ...(node.atLeast === undefined ? ['"at least"'] : []),
      ...(node.within === undefined ? ['"within"'] : []),
      ...(node.after === undefined ? ['"after"'] : []),
      ...(node.before === undefined ? ['"before"'] : []),
    ];
    return node;
  }

  private field(): TargetNode {
    const token = this.advance();
    const [prefix, name] = token.text.includes('.') ? token.text.split('.') : [undefined, token.text];
    if ((prefix !== undefined && prefix.toLowerCase() !== 'custom') || name === undefined) {
      this.fail('a condition or a field such as country or custom.tier', token);
    }
    const field = prefix === undefined ? name : `custom.${name}`;
    if (field.length > MAX_FIELD_NAME)
      this.fail(`a field name of at most ${MAX_FIELD_NAME} characters`, token);
    const quoted = `"${token.text}"`;
    const op = this.token;
    if (op.kind === 'symbol' && COMPARISONS.includes(op.text)) {
      this.advance();
      const valueToken = this.token;
      const value = this.value(`after "${op.text}"`);
      // true and false have no order: `custom.points <= true` is a mistake whatever the field is.
      if (typeof value === 'boolean' && op.text !== '=' && op.text !== '!=')
        this.fail(
          `a number, a date or a text after "${op.text}" (true and false are compared with = or !=)`,
          valueToken,
        );
      return { type: 'field', field, op: op.text as TargetComparison, value };
    }
    switch (op.kind === 'word' ? op.lower : '') {
      case 'is':
        this.advance();
        this.keyword('empty', '"empty" after "is"');
        return { type: 'field', field, op: 'isempty' };
      case 'contains':
      case 'startswith': {
        this.advance();
        if (this.token.kind !== 'string') this.fail(`a text in double quotes after "${op.lower}"`);
        return { type: 'field', field, op: op.lower as 'contains', value: this.text() };
      }
      case 'in':
        this.advance();
        return { type: 'field', field, op: 'in', values: this.values() };
      case 'within':
        this.advance();
        return { type: 'field', field, op: 'within', span: this.span() };
      case 'before':
      case 'after': {
        this.advance();
        const date = this.date(`after "${op.lower}"`);
        return { type: 'field', field, op: op.lower === 'before' ? '<' : '>', value: { date } };
      }
    }
    return this.fail(
      `an operator after ${quoted} (= != < <= > >= contains startswith in "is empty" within before after)`,
    );
  }

  /** `( VALUE , VALUE … )` after "in". */
  private values(): TargetValue[] {
    if (!this.isSymbol('(')) this.fail('"(" after "in"');
    this.advance();
    const values = [this.value('after "("')];
    while (this.isSymbol(',')) {
      if (values.length === MAX_IN_VALUES) this.fail(`at most ${MAX_IN_VALUES} values after "in"`);
      this.advance();
      values.push(this.value('after ","'));
    }
    if (!this.isSymbol(')')) this.fail('"," or ")"');
    this.advance();
    return values;
  }

  private value(where: string): TargetValue {
    const token = this.token;
    if (token.kind === 'string') return this.text();
    if (token.kind === 'date') return { date: this.date(where) };
    if (token.kind === 'number') {
      const number = Number(token.text);
      if (!Number.isFinite(number)) this.fail(`a number of at most 308 digits ${where}`);
      this.advance();
      // -0 prints as 0: reading it as 0 keeps text → tree → text stable.
      return number === 0 ? 0 : number;
    }
    if (this.isWord('true') || this.isWord('false')) return this.advance().lower === 'true';
    return this.fail(`a value (a text in double quotes, a number, a date, true or false) ${where}`);
  }

  private text(): string {
    if (this.token.value.length > MAX_TEXT_VALUE) this.fail(`a text of at most ${MAX_TEXT_VALUE} characters`);
    return this.advance().value;
  }

  private date(where: string): string {
    if (this.token.kind !== 'date') this.fail(`a date such as 2000-01-01 ${where}`);
    if (!isExistingDate(this.token.text)) this.fail(`a date that exists ${where}`);
    return this.advance().text;
  }

  /** `30 days` after "within". */
  private span(): TargetSpan {
    const amount = this.id('after "within"', MAX_SPAN);
    const unit = this.token.kind === 'word' ? UNITS[this.token.lower] : undefined;
    if (unit === undefined) this.fail(`days, weeks, months or years after "within ${amount}"`);
    this.advance();
    return { amount, unit };
  }

  /** A whole number from 1 to max: an id, an amount of time or a count. */
  private id(where: string, max: number): number {
    if (this.token.kind !== 'number') this.fail(`a number ${where}`);
    const number = Number(this.token.text);
    if (!/^\d+$/.test(this.token.text) || number < 1 || number > max) {
      this.fail(`a whole number from 1 to ${max} ${where}`);
    }
    this.advance();
    return number;
  }

  private keyword(word: string, expected: string): void {
    if (!this.isWord(word)) this.fail(expected);
    this.advance();
  }

  private isWord(word: string): boolean {
    return this.token.kind === 'word' && this.token.lower === word;
  }

  private isSymbol(symbol: string): boolean {
    return this.token.kind === 'symbol' && this.token.text === symbol;
  }

  private advance(): Token {
    const token = this.token;
    this.token = this.tokens.next();
    return token;
  }

  private fail(expected: string, token: Token = this.token): never {
    throw new ParseFailure(
      token.position,
      `Expected ${expected} at position ${token.position}, found ${describe(token)}`,
    );
  }

  /** After a whole condition or group: what could have continued it, then "and", "or" and what closes it. */
  private failContinuation(closing: string): never {
    this.fail(oneOf([...this.trailing, '"and"', '"or"', closing]));
  }
}

/** Reads the text form of a target expression. Never throws: a mistake answers its position and a message. */
export function parseTarget(text: string): TargetParseResult {
  if (typeof text !== 'string')
    return { ok: false, position: 0, message: 'Expected a target expression as text' };
  if (text.length > TARGET_MAX_TEXT_LENGTH) {
    return {
      ok: false,
      position: TARGET_MAX_TEXT_LENGTH,
      message: `Expected at most ${TARGET_MAX_TEXT_LENGTH} characters at position ${TARGET_MAX_TEXT_LENGTH}, found ${text.length}`,
    };
  }
  try {
    return { ok: true, tree: new Parser(new Tokenizer(text)).expression() };
  } catch (error) {
    if (error instanceof ParseFailure) return { ok: false, position: error.position, message: error.message };
    return { ok: false, position: 0, message: 'The expression could not be read' };
  }
}
