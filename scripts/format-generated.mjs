// Normalises codegen output (trailing newline) so `npm run codegen` is byte-for-byte reproducible.
import { readFileSync, writeFileSync } from 'node:fs';
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8').replace(/\s*$/, '\n');
  writeFileSync(file, text);
}
