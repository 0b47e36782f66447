import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderWorkflowTable } from './workflow-docs.ts';

/** Prettier pads markdown tables to align them; compare the cells, not the padding. */
const cells = (text: string) => text.replace(/-{3,}/g, '---').replace(/[ \t]*\|[ \t]*/g, '|');

describe('workflow docs', () => {
  it('docs/workflow.md shows the transition table the server enforces', async () => {
    const committed = await readFile(
      path.resolve(import.meta.dirname, '../../../../docs/workflow.md'),
      'utf8',
    );
    expect(cells(committed)).toContain(cells(renderWorkflowTable()));
  });
});
