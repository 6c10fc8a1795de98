// `npm run sdl`: writes the schema the gateway serves (every module) to schema.published.graphql, the contract
// clients build against and `npm run schema:check` compares with. Run it when a schema change is released.
// `npm run sdl -- --subgraph` prints the SDL the gateway serves as a federation subgraph instead (what
// `rover subgraph publish` takes), writing nothing: of every module, or of those TRELLIS_MODULES names.
import { buildSubgraphSchema } from '@apollo/subgraph';
import { executeSync, parse } from 'graphql';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { modules, selectModules } from '../src/modules.js';
import { loadConfig } from '../src/platform/config.js';
import { subgraphTypeDefs } from '../src/server/federation.js';
import { mergedTypeDefs } from '../src/server/schema.js';
import { printSdl } from '../src/server/sdl.js';
import { assemble } from '../src/server/assembly.js';

/** The SDL of the whole gateway, sorted, as the published file holds it. */
export const currentSdl = (): string => printSdl(mergedTypeDefs(assemble(modules)));

/**
 * The subgraph SDL, exactly as `_service { sdl }` answers it (federation definitions included), of a process serving
 * the modules named (as TRELLIS_MODULES names them; all by default).
 */
export const subgraphSdl = (names?: readonly string[]): string => {
  const all = assemble(selectModules(names, { federated: true }), { federated: true });
  const schema = buildSubgraphSchema(subgraphTypeDefs(all, mergedTypeDefs(all)));
  const result = executeSync({ schema, document: parse('{ _service { sdl } }') }) as {
    data: { _service: { sdl: string } };
  };
  return `${result.data._service.sdl.trim()}\n`;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv.includes('--subgraph')) {
  process.stdout.write(subgraphSdl(loadConfig({ TRELLIS_MODULES: process.env.TRELLIS_MODULES }).modules));
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'schema.published.graphql');
  writeFileSync(file, currentSdl());
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
