import { ConfigError, loadConfig } from '../src/config.ts';

/** The problems loadConfig refuses `env` with (none: it loaded). */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.problems;
  }
}
