import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import type { JobQueue } from '../jobs.ts';
import type { ImportDefinition } from './definition.ts';
import { registerImportRoutes } from './import.routes.ts';
import { ImportService, type ImportServiceOptions } from './import.service.ts';

export {
  defineImport,
  existsIn,
  rowSchemaCheck,
  type ImportColumn,
  type ImportCommitContext,
  type ImportDefinition,
  type ImportParams,
  type ImportReference,
} from './definition.ts';
export { ImportService } from './import.service.ts';
export { COMMIT_JOB } from './commit.ts';
export { VALIDATE_JOB } from './validation.ts';

/** The import pipeline of an app: its service, its two jobs and its routes, for every definition given. */
export async function registerImports(
  app: FastifyInstance,
  deps: { db: Db; jobs: JobQueue; clock: Clock; config: Config; definitions: readonly ImportDefinition[]; observe?: ImportServiceOptions['observe'] },
): Promise<ImportService> {
  const service = new ImportService({
    db: deps.db,
    jobs: deps.jobs,
    clock: deps.clock,
    dataDir: deps.config.DATA_DIR,
    maxBytes: deps.config.IMPORT_MAX_MB * 1024 * 1024,
    definitions: deps.definitions,
    log: app.log,
    ...(deps.observe ? { observe: deps.observe } : {}),
  });
  service.registerJobs();
  await registerImportRoutes(app, service, deps.clock);
  return service;
}
