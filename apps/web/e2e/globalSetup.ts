import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** One server for every e2e file (a file that needs other settings starts its own). */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseURL', server.baseURL);
  return () => server.stop();
}
