// Composes Trellis's subgraphs (and any other team's) into supergraph.graphql for Hive Gateway (docs/federation.md):
//   npx tsx docs/examples/supergraph/compose.ts desk=http://127.0.0.1:4001/graphql risk=http://127.0.0.1:4002/graphql
// reads each subgraph's SDL from <name>.graphql in the current directory (`npm run sdl -- --subgraph` prints it).
import { readFileSync, writeFileSync } from 'node:fs';
import { composeServices } from '@theguild/federation-composition';
import { parse } from 'graphql';
import { pathToFileURL } from 'node:url';

export interface Subgraph {
  name: string;
  url: string;
  sdl: string;
}

/** The supergraph SDL of these subgraphs; throws with every composition error. */
export function compose(subgraphs: readonly Subgraph[]): string {
  const result = composeServices(subgraphs.map(({ name, url, sdl }) => ({ name, url, typeDefs: parse(sdl) })));
  if (result.errors?.length) throw new Error(`The subgraphs do not compose:\n${result.errors.map((e) => e.message).join('\n')}`);
  return result.supergraphSdl!;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const subgraphs = process.argv.slice(2).map((argument) => {
    const [name, url] = argument.split(/=(.*)/s);
    if (!name || !url) throw new Error(`Expected name=url, got ${argument}`);
    return { name, url, sdl: readFileSync(`${name}.graphql`, 'utf8') };
  });
  writeFileSync('supergraph.graphql', compose(subgraphs));
  console.log(`wrote supergraph.graphql (${subgraphs.map((s) => s.name).join(', ')})`);
}
