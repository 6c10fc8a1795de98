/**
 * What graphql-jit buys over graphql-js: the same documents on the same schema, data and context, executed by
 * graphql-js `execute` and by the compiled executor in alternating rounds of one process, alone and through
 * Apollo's request pipeline; prints this process's CPU per operation (medians) and the ratio.
 * Needs DATABASE_URL (a server it may create a database on). `npx tsx bench/executor.ts [rounds]`
 */
import { randomBytes } from 'node:crypto';
import { ApolloServer } from '@apollo/server';
import type { GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { execute, getOperationAST, parse, type DocumentNode } from 'graphql';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createContext } from '../src/graphql/context.js';
import { compiledExecution } from '../src/graphql/executor.js';
import { buildSchema } from '../src/graphql/schema.js';
import { startFakeUpstream, FAKE_MAP_KEY } from '../test/risk/fake-upstream.js';
import { LIST_QUERY, WILDFIRE_QUERY, WILDFIRE_ZIP } from './scenarios.js';
import { seed, SMALL_SEED } from './seed.js';

const USERS_QUERY = /* GraphQL */ `
  query BenchUsers {
    users(limit: 50) { total users { id username firstName lastName role locked disabled createdAt groups { id name description } } }
  }
`;

const server = process.env.DATABASE_URL?.replace(/\/[^/]*$/, '');
if (!server) throw new Error('DATABASE_URL is required');
const rounds = Number(process.argv[2] ?? 8);
const name = `trellis_jit_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: `${server}/postgres` });
await admin.connect();
await admin.query(`create database ${name}`);
const url = `${server}/${name}`;
const fake = await startFakeUpstream();
const app = await buildApp(
  loadConfig({
    NODE_ENV: 'production', PORT: '0', DATABASE_URL: url, LOG_LEVEL: 'warn', JWT_SECRET: 'bench-executor-secret-long-enough-0123456789',
    BOOTSTRAP_ADMIN_PASSWORD: 'Adm1n!strator', SEISMIC_API_URL: fake.seismicUrl, FIRE_API_URL: fake.fireUrl, FIRE_API_TOKEN: FAKE_MAP_KEY,
  }),
);
try {
  await seed(url, SMALL_SEED, { progress: false });
  const schema = buildSchema();
  const { executor } = await compiledExecution(schema).load({ apollo: { keyHash: '', graphRef: '' } } as never);
  // Apollo's whole request pipeline around each executor: parsing and validation (cached per document), plugins, formatting.
  const apolloJs = new ApolloServer({ schema });
  const apolloJit = new ApolloServer({ gateway: compiledExecution(schema) });
  await Promise.all([apolloJs.start(), apolloJit.start()]);
  const [{ id: userId }] = (await app.orm.em.getConnection().execute(`select id from users where username = 'admin'`)) as Array<{ id: string }>;
  const contextValue = () =>
    createContext({
      requestId: 'bench', log: app.fastify.log, ip: '127.0.0.1', em: app.orm.em.fork(), services: app.services,
      principal: { kind: 'user', userId: userId!, username: 'admin', role: 'admin' },
    });

  const documents: Array<[string, string, Record<string, unknown>]> = [
    ['a page of 50 users with their groups', USERS_QUERY, {}],
    ['a page of 50 help requests (bench a)', LIST_QUERY, { perPage: 50 }],
    ['the wildfire risk of one ZIP, from the risk cache', WILDFIRE_QUERY, { zip: WILDFIRE_ZIP }],
  ];
  for (const [label, query, variables] of documents) {
    const document: DocumentNode = parse(query);
    const operation = getOperationAST(document) ?? undefined;
    const viaJs = async () => execute({ schema, document, variableValues: variables, contextValue: contextValue() });
    const viaJit = async () =>
      executor!({ document, request: { query, variables }, context: contextValue(), queryHash: query, operation } as unknown as GatewayGraphQLRequestContext);
    await viaJs(); // warms the risk cache: both then answer from it
    const answers = [await viaJs(), await viaJit()];
    for (const result of answers) if (result.errors) throw new Error(`${label}: ${JSON.stringify(result.errors)}`);
    const same = (r: unknown) => JSON.stringify(r).replace(/"lastUpdated":"[^"]*"/g, '');
    if (same(answers[0]) !== same(answers[1])) throw new Error(`${label}: the executors disagree`);
    // This process's CPU per operation: the executors differ in it, and other work on the machine moves wall time.
    const time = async (run: () => Promise<unknown>, n: number) => {
      const started = process.cpuUsage();
      for (let i = 0; i < n; i++) await run();
      const { user, system } = process.cpuUsage(started);
      return (user + system) / n;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const compare = async (what: string, js: () => Promise<unknown>, jit: () => Promise<unknown>) => {
      const [a, b]: number[][] = [[], []];
      for (let round = 0; round < rounds; round++) {
        a.push(await time(js, 20));
        b.push(await time(jit, 20));
      }
      const [m1, m2] = [median(a), median(b)];
      console.log(`${label}, ${what}: CPU µs per operation, graphql-js ${m1.toFixed(0)}, graphql-jit ${m2.toFixed(0)}, js/jit ${(m1 / m2).toFixed(2)}`);
    };
    await compare('execution', viaJs, viaJit);
    const operation_ = (server: ApolloServer<object>) => () => server.executeOperation({ query, variables }, { contextValue: contextValue() });
    await compare('through Apollo', operation_(apolloJs as ApolloServer<object>), operation_(apolloJit as ApolloServer<object>));
  }
  await Promise.all([apolloJs.stop(), apolloJit.stop()]);
} finally {
  await app.stop();
  await fake.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
