import { parseTarget, type TargetParseResult } from './parse-target.ts';
import { TARGET_MAX_DEPTH, targetDepth, targetNodeSchema } from './tree.ts';

/**
 * A target as a client sends it: the text form, or the JSON tree. The tree is checked as the text would be
 * (schema and depth), so that both reach the SQL compiler equally sound.
 */
export function targetFromInput(input: unknown): TargetParseResult {
  if (typeof input === 'string') return parseTarget(input);
  try {
    // Before the schema, whose recursion a hostile tree thousands deep could otherwise exhaust.
    if (nestsDeeper(input, 1)) {
      return {
        ok: false,
        position: 0,
        message: `Expected at most ${TARGET_MAX_DEPTH} levels of nesting, found more`,
      };
    }
    // The schema would answer an unknown type with one alternative's complaint; say what the types are.
    const type = typeof input === 'object' && input !== null ? (input as { type?: unknown }).type : undefined;
    if (typeof type === 'string' && !NODE_TYPES.includes(type)) {
      return {
        ok: false,
        position: 0,
        message: `type: Expected one of ${NODE_TYPES.join(', ')}, found "${type}"`,
      };
    }
    const parsed = targetNodeSchema.safeParse(input);
    if (!parsed.success) {
      const issue = firstIssue(parsed.error.issues);
      const path = issue.path.map(String).join('.');
      return { ok: false, position: 0, message: path === '' ? issue.message : `${path}: ${issue.message}` };
    }
    if (targetDepth(parsed.data) > TARGET_MAX_DEPTH) {
      return { ok: false, position: 0, message: `Expected at most ${TARGET_MAX_DEPTH} levels of nesting` };
    }
    return { ok: true, tree: parsed.data };
  } catch {
    return { ok: false, position: 0, message: 'The target could not be read' };
  }
}

const NODE_TYPES: readonly string[] = [
  'and',
  'or',
  'not',
  'list',
  'audience',
  'tag',
  'partition',
  'field',
  'event',
];

function nestsDeeper(value: unknown, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (depth > TARGET_MAX_DEPTH) return true;
  const node = value as { items?: unknown; item?: unknown };
  const children = Array.isArray(node.items) ? node.items : [node.item];
  return children.some((child) => nestsDeeper(child, depth + 1));
}

interface Issue {
  path: PropertyKey[];
  message: string;
  code?: string;
  errors?: Issue[][];
}

/**
 * The issue to report. A union's own issue ("Invalid input") says little: descend into the alternative that
 * came closest (fewest issues, then the deepest path), which is the node type the client meant.
 */
function firstIssue(issues: readonly Issue[]): Issue {
  const issue = issues[0] ?? { path: [], message: 'Invalid target' };
  if (issue.code !== 'invalid_union' || issue.errors === undefined || issue.errors.length === 0) return issue;
  const closest = [...issue.errors].sort(
    (a, b) => a.length - b.length || (b[0]?.path.length ?? 0) - (a[0]?.path.length ?? 0),
  )[0];
  if (closest === undefined || closest.length === 0) return issue;
  const inner = firstIssue(closest);
  return { ...inner, path: [...issue.path, ...inner.path] };
}
