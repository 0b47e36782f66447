import { describe, expect, it } from 'vitest';
import { compareContents } from './compare-contents.ts';
import { diffLines } from './line-diff.ts';

const render = (before: string, after: string, max = 100) =>
  diffLines(before, after, max).lines.map(
    ({ kind, text }) => `${{ same: ' ', removed: '-', added: '+' }[kind]}${text}`,
  );

describe('diffLines', () => {
  it('keeps common lines and marks what was taken out and put in, removals first', () => {
    expect(render('a\nb\nc\nd', 'a\nx\nc\nd\ne')).toEqual([' a', '-b', '+x', ' c', ' d', '+e']);
    expect(render('one\ntwo\nthree', 'zero\none\nthree')).toEqual(['+zero', ' one', '-two', ' three']);
  });

  it('is the shortest diff: the longest common run of lines is kept', () => {
    const lines = diffLines('a\nb\nc\na\nb\nb\na', 'c\nb\na\nb\na\nc', 100).lines;
    expect(lines.filter((line) => line.kind === 'same')).toHaveLength(4);
    // Replaying the diff gives back both texts.
    expect(lines.filter((l) => l.kind !== 'added').map((l) => l.text)).toEqual(
      'a\nb\nc\na\nb\nb\na'.split('\n'),
    );
    expect(lines.filter((l) => l.kind !== 'removed').map((l) => l.text)).toEqual(
      'c\nb\na\nb\na\nc'.split('\n'),
    );
  });

  it('handles empty texts and CRLF', () => {
    expect(render('', 'a\nb')).toEqual(['+a', '+b']);
    expect(render('a\r\nb', '')).toEqual(['-a', '-b']);
    expect(render('a\r\nb', 'a\nb')).toEqual([' a', ' b']);
  });

  it('stops at the limit and says so', () => {
    const before = Array.from({ length: 50 }, (_, i) => `line ${i}`).join('\n');
    const diff = diffLines(before, `${before}\nmore`, 10);
    expect(diff.lines).toHaveLength(10);
    expect(diff.truncated).toBe(true);
    expect(diffLines(before, before, 50).truncated).toBe(false);
  });

  it('shows a block too big for the table as taken out and put in whole', () => {
    const side = (tag: string) => Array.from({ length: 2500 }, (_, i) => `${tag}${i % 7}`).join('\n');
    const started = performance.now();
    const diff = diffLines(`head\n${side('a')}\ntail`, `head\n${side('b')}\ntail`, 10_000);
    // A bound for a loaded machine: the quadratic table this avoids would take far longer.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(diff.lines[0]).toEqual({ kind: 'same', text: 'head' });
    expect(diff.lines[1]).toEqual({ kind: 'removed', text: 'a0' });
    expect(diff.lines[2501]).toEqual({ kind: 'added', text: 'b0' });
    expect(diff.lines.at(-1)).toEqual({ kind: 'same', text: 'tail' });
  });
});

describe('compareContents', () => {
  it('answers each differing field by its JSON path, with the values before and after', () => {
    const before = {
      schemaVersion: 3,
      channels: {
        email: { subject: 'Hi', preheader: 'Soon' },
        line: { messages: [{ type: 'text', text: 'a' }] },
      },
    };
    const after = {
      schemaVersion: 3,
      channels: {
        email: { subject: 'Hello', fromName: 'Pizza' },
        line: {
          messages: [
            { type: 'text', text: 'b' },
            { type: 'text', text: 'c' },
          ],
        },
      },
    };
    expect(compareContents(before, after)).toEqual([
      { path: 'channels.email.fromName', after: 'Pizza' },
      { path: 'channels.email.preheader', before: 'Soon' },
      { path: 'channels.email.subject', before: 'Hi', after: 'Hello' },
      { path: 'channels.line.messages[0].text', before: 'a', after: 'b' },
      { path: 'channels.line.messages[1]', after: { type: 'text', text: 'c' } },
    ]);
    expect(compareContents(before, structuredClone(before))).toEqual([]);
  });

  it('gives a text of several lines a line diff beside its whole values', () => {
    const [change] = compareContents({ html: '<p>a</p>\n<p>b</p>' }, { html: '<p>a</p>\n<p>c</p>' });
    expect(change).toEqual({
      path: 'html',
      before: '<p>a</p>\n<p>b</p>',
      after: '<p>a</p>\n<p>c</p>',
      lines: [
        { kind: 'same', text: '<p>a</p>' },
        { kind: 'removed', text: '<p>b</p>' },
        { kind: 'added', text: '<p>c</p>' },
      ],
    });
  });

  it('quotes a key that is not a name', () => {
    expect(compareContents({ contents: { 'a b': 1 } }, { contents: { 'a b': 2 } })).toEqual([
      { path: 'contents["a b"]', before: 1, after: 2 },
    ]);
  });
});
