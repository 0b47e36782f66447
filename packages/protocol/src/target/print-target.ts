import type { TargetEventCondition, TargetNode, TargetSpan, TargetValue } from './tree.ts';

/**
 * The canonical text of a target tree: lowercase keywords, single spaces, and only the parentheses the tree's
 * shape needs. parseTarget(printTarget(tree)) gives the tree back, and printing that gives the same text, so
 * the console can show a stored tree as text and a person's edit changes only what they changed.
 */
export function printTarget(tree: TargetNode): string {
  switch (tree.type) {
    // A child of the same type is parenthesised too: `a and (b and c)` is a different tree from `a and b and c`.
    case 'and':
      return tree.items
        .map((item) => (isGroup(item) ? `(${printTarget(item)})` : printTarget(item)))
        .join(' and ');
    case 'or':
      return tree.items
        .map((item) => (item.type === 'or' ? `(${printTarget(item)})` : printTarget(item)))
        .join(' or ');
    // `not not x` needs no parentheses; each pair would count as a level of nesting when the text is parsed
    // again, and 17 nested `not` printed as `not (not (…))` then failed the parser's depth limit.
    case 'not':
      return isGroup(tree.item) ? `not (${printTarget(tree.item)})` : `not ${printTarget(tree.item)}`;
    case 'list':
      return tree.state === 'subscribed' ? `list ${tree.listId}` : `list ${tree.listId} ${tree.state}`;
    case 'audience':
      return `audience ${tree.audienceId}`;
    case 'tag':
      return `tag ${tree.tagId}`;
    case 'partition':
      return `partition ${tree.partitionId}`;
    case 'event':
      return printEvent(tree);
    case 'field':
      switch (tree.op) {
        case 'isempty':
          return `${tree.field} is empty`;
        case 'in':
          return `${tree.field} in (${tree.values.map(printTargetValue).join(', ')})`;
        case 'within':
          return `${tree.field} within ${printSpan(tree.span)}`;
        default:
          return `${tree.field} ${tree.op} ${printTargetValue(tree.value)}`;
      }
  }
}

function isGroup(node: TargetNode): boolean {
  return node.type === 'and' || node.type === 'or';
}

/** Options in the grammar's order, whatever order the text that made the tree had them in. */
function printEvent(event: TargetEventCondition): string {
  const parts: string[] = [event.event];
  if (event.activityId !== undefined) parts.push(`activity ${event.activityId}`);
  if (event.campaignId !== undefined) parts.push(`campaign ${event.campaignId}`);
  if (event.atLeast !== undefined)
    parts.push(`at least ${event.atLeast} ${event.atLeast === 1 ? 'time' : 'times'}`);
  if (event.within !== undefined) parts.push(`within ${printSpan(event.within)}`);
  if (event.after !== undefined) parts.push(`after ${event.after}`);
  if (event.before !== undefined) parts.push(`before ${event.before}`);
  return parts.join(' ');
}

/** `1 day`, `30 days`: the tree holds the plural unit. */
function printSpan(span: TargetSpan): string {
  return `${span.amount} ${span.amount === 1 ? span.unit.slice(0, -1) : span.unit}`;
}

/** A value as the text form writes it: texts quoted, dates bare, numbers without exponents. */
export function printTargetValue(value: TargetValue): string {
  if (typeof value === 'string') return quoteTargetText(value);
  if (typeof value === 'number') return printNumber(value);
  if (typeof value === 'boolean') return String(value);
  return value.date;
}

/**
 * A text in double quotes. `"` and `\` are escaped, and so are control characters and unpaired surrogates
 * (as \uXXXX), so the text survives being shown, copied and sent as UTF-8.
 */
export function quoteTargetText(text: string): string {
  let quoted = '"';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    const code = char.charCodeAt(0);
    const short = SHORT_ESCAPES[char];
    if (short !== undefined) {
      quoted += short;
    } else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(text.charCodeAt(index + 1))) {
      quoted += char + (text[index + 1] as string);
      index += 1;
    } else if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0xd800 && code <= 0xdfff)) {
      quoted += `\\u${code.toString(16).padStart(4, '0')}`;
    } else {
      quoted += char;
    }
  }
  return `${quoted}"`;
}

const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\t': '\\t',
  '\r': '\\r',
};

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * String(n), except that the text form has no exponents: 1e21 and 1e-7 are written out in full
 * (1000000000000000000000, 0.0000001), which reads back as the same number.
 */
function printNumber(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (match === null) return text;
  const [, sign = '', first = '', rest = '', exponentText = '0'] = match;
  const digits = first + rest;
  const exponent = Number(exponentText);
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.padEnd(exponent + 1, '0');
  const point = exponent + 1;
  return whole.length > point ? `${sign}${whole.slice(0, point)}.${whole.slice(point)}` : `${sign}${whole}`;
}
