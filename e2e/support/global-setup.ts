import type { TestProject } from 'vitest/node';
import { seedTemplate, type SeededTemplate } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    seededTemplate: SeededTemplate;
  }
}

/** Seeds the demo data once for the run; each test file's server starts from a copy. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await seedTemplate();
  project.provide('seededTemplate', { dataDir: template.dataDir, database: template.database });
  return template.drop;
}
