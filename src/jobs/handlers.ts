/** Which module handles which job. Handlers themselves live in their modules. */
import type { AppDeps } from '../app.ts';

export async function registerJobHandlers(_deps: AppDeps): Promise<void> {
  // report.compute arrives with the insights engine; until then its jobs wait in the queue.
}
