// The vitest configuration mutation testing runs: the unit and api projects of vitest.config.ts, never
// e2e (it starts a real server and a browser, which no mutant should reach).
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

const projects = (base.test?.projects ?? []).filter(
  (project) => typeof project === 'object' && 'test' in project && project.test?.name !== 'e2e',
);

export default defineConfig({ test: { projects } });
