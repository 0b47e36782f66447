// References in code and docs resolve inside the repository (docs/contributing.md § Style). This checks the ones a
// reader follows: "platform §N", "functional §N" and "PROTOCOL §N" name a numbered section of docs/spec/; in code,
// a path to a doc names a file that exists, and a heading after its "§" is one of that file's headings; nothing
// points at an issue number or at a document kept beside the repository rather than in it.
//
//   node scripts/check-references.mjs [files…]   (no files: the whole repository; part of `npm run lint`)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const CODE = /\.(ts|tsx|mjs|js|cjs|css|html)$/;
const SKIP = new Set(['node_modules', 'dist', '.cache', 'test-results']);

function walk(dir, keep) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : walk(full, keep);
    return keep(entry.name) ? [full] : [];
  });
}

function defaultFiles() {
  const codeOrMarkdown = (name) => CODE.test(name) || name.endsWith('.md');
  return [
    ...walk(path.join(root, 'packages'), codeOrMarkdown),
    ...walk(path.join(root, 'bench'), codeOrMarkdown),
    ...walk(path.join(root, 'scripts'), codeOrMarkdown),
    ...walk(path.join(root, 'docs'), (name) => name.endsWith('.md')),
    ...readdirSync(root)
      .filter((name) => name === 'README.md' || CODE.test(name))
      .map((name) => path.join(root, name)),
  ];
}

/** The headings of a Markdown file, lower case, without their `#`s and backticks. */
const headings = new Map();
function headingsOf(file) {
  if (!headings.has(file)) {
    const text = readFileSync(file, 'utf8');
    headings.set(
      file,
      [...text.matchAll(/^#+\s+(.+?)\s*$/gm)].map((match) => match[1].replaceAll('`', '').toLowerCase()),
    );
  }
  return headings.get(file);
}

/** The numbers of the top-level sections (`## N. Title`) of each copy in docs/spec/. */
const specSections = Object.fromEntries(
  ['platform', 'functional', 'protocol'].map((name) => {
    const text = readFileSync(path.join(root, 'docs/spec', `${name}.md`), 'utf8');
    return [name, new Set([...text.matchAll(/^## (\d+)\. /gm)].map((match) => match[1]))];
  }),
);

/** Where a reference's file is: README is the root one; a bare name is one of docs/; a path is from the root. */
function resolveDoc(name) {
  if (name === 'README') return path.join(root, 'README.md');
  const file = name.endsWith('.md') ? name : `${name}.md`;
  if (file.includes('/')) return path.join(root, file);
  return [path.join(root, 'docs', file), path.join(root, file)].find((candidate) => existsSync(candidate));
}

/**
 * The file as one line of prose, comment markers and line breaks folded into spaces, so that a reference wrapped
 * over two comment lines is still read whole; `lineAt` turns an offset back into a line number.
 */
function flatten(text) {
  const starts = [];
  let flat = '';
  for (const [index, line] of text.split('\n').entries()) {
    const piece = index === 0 ? line : line.replace(/^\s*(?:\*(?!\/)|\/\/|<!--)?\s*/, '');
    if (index > 0) flat += ' ';
    starts.push(flat.length);
    flat += piece;
  }
  const lineAt = (offset) => starts.findLastIndex((start) => start <= offset) + 1;
  return { flat, lineAt };
}

function check(file) {
  const { flat, lineAt } = flatten(readFileSync(file, 'utf8'));
  const findings = [];
  const report = (offset, message) => findings.push({ line: lineAt(offset), message });
  checkAnywhere(file, flat, report);
  if (CODE.test(file)) checkCode(flat, report);
  return findings
    .sort((one, other) => one.line - other.line)
    .map(({ line, message }) => `${path.relative(root, file)}:${line}: ${message}`);
}

/** In code and docs: the specification's section numbers, and nothing kept outside the repository. */
function checkAnywhere(file, flat, report) {
  for (const match of flat.matchAll(/\.\.\/shared\b[\w./-]*/g))
    if (!existsSync(path.resolve(path.dirname(file), match[0])))
      report(match.index, `outside the repository: ${match[0]}`);
  for (const match of flat.matchAll(/\b(?:DESIGN|ROADMAP|PROTOCOL)\.md\b|\bDESIGN(?=: )/g))
    report(match.index, `a document kept outside the repository: ${match[0]} (see docs/spec/README.md)`);

  const spec = /\b(platform|functional|protocol) ?§ ?(\d+)((?:(?:, ?| and | or |–|-)§ ?\d+)*)/gi;
  for (const match of flat.matchAll(spec)) {
    const numbers = [match[2], ...[...match[3].matchAll(/\d+/g)].map((more) => more[0])];
    for (const number of numbers.filter((n) => !specSections[match[1].toLowerCase()].has(n)))
      report(match.index, `${match[1]} has no §${number} (docs/spec/${match[1].toLowerCase()}.md)`);
  }
}

/** In code: no issue numbers, and every doc path and "§ Heading" names a file and a heading that exist. */
function checkCode(flat, report) {
  for (const match of flat.matchAll(/\bissues? \d+/gi))
    report(match.index, `an issue number: "${match[0]}"; name the doc that says it`);
  for (const match of flat.matchAll(/(?<![\w/])docs\/[\w./-]+?\.md\b/g))
    if (!existsSync(path.join(root, match[0]))) report(match.index, `no such file: ${match[0]}`);

  for (const match of flat.matchAll(/((?:[\w.-]+\/)*[\w.-]+?) ?§ ?(?=([A-Za-z].*))/g)) {
    const [, name, rest] = match;
    if (/^(?:platform|functional|protocol|rfc|\d+)$/i.test(name)) continue;
    const doc = resolveDoc(name);
    if (doc === undefined || !existsSync(doc)) report(match.index, `no such document: ${name}`);
    else if (!namesHeading(rest, headingsOf(doc)))
      report(match.index, `${path.relative(root, doc)} has no heading "${rest.slice(0, 40)}…"`);
  }
}

/**
 * Whether the text after "§ " names one of the headings: the whole heading ("§ The delivery engine): …"), or its
 * first words up to the punctuation that ends the reference ("§ Web channel" for "Web channel: /w/herald.js …").
 */
function namesHeading(rest, headings) {
  const wanted = rest.replaceAll('`', '').toLowerCase();
  const named = wanted.split(/[()[\];:,"]|'(?![a-z])|\.(?:\s|$)/)[0].trim();
  const wordEnds = (text, at) => !/\w/.test(text[at] ?? '');
  return headings.some(
    (heading) =>
      (wanted.startsWith(heading) && wordEnds(wanted, heading.length)) ||
      (named !== '' && heading.startsWith(named) && wordEnds(heading, named.length)),
  );
}

const files =
  process.argv.length > 2 ? process.argv.slice(2).map((file) => path.resolve(file)) : defaultFiles();
const findings = files.flatMap(check);
for (const finding of findings) console.log(finding);
if (findings.length > 0) {
  console.log(
    `\n${findings.length} references that do not resolve inside the repository (docs/spec/README.md).`,
  );
  process.exit(1);
}
