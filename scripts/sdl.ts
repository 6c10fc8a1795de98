// `npm run sdl`: writes the schema the gateway serves (every module) to schema.published.graphql, the contract
// clients build against and `npm run schema:check` compares with. Run it when a schema change is released.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { modules } from '../src/modules.js';
import { mergedTypeDefs } from '../src/server/schema.js';
import { printSdl } from '../src/server/sdl.js';
import { assemble } from '../src/server/assembly.js';

/** The SDL of the whole gateway, sorted, as the published file holds it. */
export const currentSdl = (): string => printSdl(mergedTypeDefs(assemble(modules)));

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'schema.published.graphql');
  writeFileSync(file, currentSdl());
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
