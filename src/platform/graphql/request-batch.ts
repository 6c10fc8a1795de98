import DataLoader from 'dataloader';

/** What a batch loads, through the scope: every key of one shared part (the keys' `by` values), with that part. */
export type GroupedLoad<S, K, F extends keyof K, V> = (scope: S, values: K[F][], shared: Omit<K, F>) => Promise<V[]>;

type AnyLoad = GroupedLoad<never, never, never, unknown>;
const batches = new WeakMap<object, Map<AnyLoad, DataLoader<never, unknown, string>>>();

/**
 * Loads `key` together with every other key asked through the same `scope` (one request's EntityManager) in the
 * same tick, by the same `load`: keys that differ only in `by` (a page of each of a list of people, with the same
 * filters) are one call per shared part, whatever the list's length. A key asked twice in one request is read once.
 * Domain code calls this as it would read one key; the batching is the platform's.
 */
export function loadGrouped<S extends object, K extends object, F extends keyof K, V>(
  scope: S,
  load: GroupedLoad<S, K, F, V>,
  by: F,
  key: K,
): Promise<V> {
  let loaders = batches.get(scope);
  if (!loaders) {
    loaders = new Map<AnyLoad, DataLoader<never, unknown, string>>();
    batches.set(scope, loaders);
  }
  let loader = loaders.get(load as AnyLoad) as DataLoader<K, V, string> | undefined;
  if (!loader) {
    loader = groupedLoader((values, shared) => load(scope, values, shared), by);
    loaders.set(load as AnyLoad, loader);
  }
  return loader.load(key);
}

function groupedLoader<K extends object, F extends keyof K, V>(
  load: (values: K[F][], shared: Omit<K, F>) => Promise<V[]>,
  by: F,
) {
  const sharedOf = (key: K): Omit<K, F> => {
    const { [by]: _value, ...shared } = key;
    return shared;
  };
  return new DataLoader<K, V, string>(
    async (keys) => {
      const groups = new Map<string, { shared: Omit<K, F>; indexes: number[] }>();
      keys.forEach((key, i) => {
        const shared = sharedOf(key);
        const id = JSON.stringify(shared);
        const group = groups.get(id);
        if (group) group.indexes.push(i);
        else groups.set(id, { shared, indexes: [i] });
      });
      const values = new Array<V>(keys.length);
      await Promise.all(
        [...groups.values()].map(async ({ shared, indexes }) => {
          const loaded = await load(
            indexes.map((i) => keys[i][by]),
            shared,
          );
          indexes.forEach((keyIndex, i) => (values[keyIndex] = loaded[i]));
        }),
      );
      return values;
    },
    { cacheKeyFn: (key) => JSON.stringify([key[by], sharedOf(key)]) },
  );
}
