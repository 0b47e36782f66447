import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderProtocolDocs } from '../packages/server/src/docs/protocol-docs.ts';

const target = path.resolve(import.meta.dirname, '../docs/protocol.md');
await writeFile(target, renderProtocolDocs());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
