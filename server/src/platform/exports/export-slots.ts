import { tooMany } from '../errors.ts';

/**
 * Places for direct exports (written and sent while the browser waits): so many at once in the process and so many
 * per user. A place is taken before the rows are read and given back when the download ends or its reader leaves.
 */
export class ExportSlots {
  private running = 0;
  private readonly byUser = new Map<number, number>();

  constructor(
    private readonly max: number,
    private readonly maxPerUser: number,
  ) {}

  /** Takes a place or refuses with 429; the answer gives it back (calling it again does nothing). */
  take(userId: number): () => void {
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= this.maxPerUser) {
      throw tooMany(`You already have ${mine} ${mine === 1 ? 'export' : 'exports'} downloading. Wait until one has finished, then try again.`);
    }
    if (this.running >= this.max) {
      throw tooMany('Too many exports are downloading right now. Please wait a minute and try again; large exports go to the Download List.');
    }
    this.running++;
    this.byUser.set(userId, mine + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.running--;
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left > 0) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    };
  }

  /** Direct exports running now (tests and the log). */
  get active(): number {
    return this.running;
  }
}
