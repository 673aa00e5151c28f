import { createRequire } from 'node:module';

/**
 * pg-boss 10 marks a worked job completed or failed with a call it does not await (timgit/pg-boss#577, fixed in 11,
 * which needs Node 22). If the database is unreachable at that moment the rejection is unhandled, and Node ends the
 * process on an unhandled rejection. Guarded here: each call's promise gets a handler that reports the failure on the
 * queue's `error` event; a caller that awaits the call still gets the rejection. The job stays active and its expiry
 * turns it into a retry, as for a process that died mid-job.
 */
interface ManagerPrototype {
  complete(...args: unknown[]): Promise<unknown>;
  fail(...args: unknown[]): Promise<unknown>;
  __portalSettleGuard?: true;
  emit(event: string, arg: unknown): boolean;
}

export function guardPgBossSettlement(): void {
  const Manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as { prototype: ManagerPrototype };
  const proto = Manager.prototype;
  if (proto.__portalSettleGuard) return;
  for (const method of ['complete', 'fail'] as const) {
    const original = proto[method];
    proto[method] = function (this: ManagerPrototype, ...args: unknown[]) {
      const settled = original.apply(this, args);
      settled.catch((err: unknown) => this.emit('error', err));
      return settled;
    };
  }
  proto.__portalSettleGuard = true;
}
