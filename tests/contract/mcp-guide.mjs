// tests/contract/mcp-guide.mjs -- the worked examples of the notation guide
// (service/mcp/notation.md), read the way a test can run them.
//
// An example is a level-3 heading "### Example: <title>", then a line
// "Tool: `<name>`", a ```json block with the arguments, a line starting
// "Answer", and a ```json block with the members of structuredContent the
// answer must have (the rest of the answer may hold more).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './openapi.mjs';

export const guidePath = path.join(root, 'service', 'mcp', 'notation.md');

export function guideExamples(text = readFileSync(guidePath, 'utf8')) {
  const out = [];
  for (const section of text.split(/^### Example: /m).slice(1)) {
    const title = section.split('\n')[0].trim();
    const tool = /^Tool: `([a-z_]+)`/m.exec(section)?.[1];
    const blocks = [...section.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]));
    if (!tool || blocks.length !== 2) throw new Error(`guide example "${title}": a tool and two json blocks`);
    out.push({ title, tool, arguments: blocks[0], expect: blocks[1] });
  }
  return out;
}
