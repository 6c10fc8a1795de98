import { API_KEY, API_KEY_SECRET } from '../helpers/app.js';

/** The bootstrapped API key, as GraphQL callers send it and as /api/public callers put it in the body. */
export const API_KEY_HEADER = `ApiKey ${API_KEY}:${API_KEY_SECRET}`;
export const KEY_BODY = { api_key: API_KEY, api_key_secret: API_KEY_SECRET };

export const NO_SUCH_ID = '0123456789abcdef0123456789abcdef';

/** A registry entry with every field the registry publishes, compatible with the default PLATFORM_VERSION 1.16.0. */
export const registryEntry = (overrides: Record<string, unknown> = {}) => ({
  description: 'Chrome in a container',
  docker_registry: 'https://index.docker.io/v1/',
  image_src: 'chrome.png',
  name: 'kasmweb/chrome:1.16.0',
  run_config: { hostname: 'kasm' },
  exec_config: {
    go: { cmd: 'bash -c \'/dockerstartup/custom_startup.sh --go --url "$KASM_URL"\'' },
    assign: { cmd: 'bash -c \'/dockerstartup/custom_startup.sh --assign --url "$KASM_URL"\'' },
  },
  categories: ['Desktop'],
  friendly_name: 'Chrome',
  architecture: ['amd64'],
  compatibility: ['1.16.x'],
  uncompressed_size_mb: 2150,
  ...overrides,
});

export const USER_FIELDS =
  'id username firstName lastName role locked disabled organization phone lastSession createdAt groups { id name }';
