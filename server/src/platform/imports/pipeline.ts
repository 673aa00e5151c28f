import type { Db } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import type { JobQueue } from '../jobs.ts';
import type { BatchEvents } from './batch-events.ts';
import type { ImportDefinition } from './definition.ts';

/** What the steps of the import pipeline (upload, validation, preview, confirm and commit) work with. */
export interface ImportPipeline {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  /** The definitions by key. */
  definitions: ReadonlyMap<string, ImportDefinition>;
  events: BatchEvents;
  log?: { error(obj: object, msg?: string): void };
}
