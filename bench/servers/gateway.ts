import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/platform/config.js';
import { announce } from './child.js';

/** The gateway exactly as `npm start` builds it, configured from the environment the runner gives it. */
const app = await buildApp(loadConfig());
announce(await app.listen(), () => app.stop());
