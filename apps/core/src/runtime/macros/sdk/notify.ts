import { request } from './client.ts';
import { SDK_ROUTES } from './sdk-routes.ts';

/** Shows a line in the instance's console, marked as this macro's. */
export async function consoleOut(line: string): Promise<void> {
  await request('POST', SDK_ROUTES.consoleOut, { line });
}

/**
 * Tells whoever waits on this task that it now runs in the background (MacroEvent Detach). The
 * task keeps running; calling it again does nothing.
 */
export async function detach(): Promise<void> {
  await request('POST', SDK_ROUTES.detach, {});
}

/**
 * A progress notification in the dashboard's notification panel. `update` adds an increment
 * (core-api.md §2.4.4); `end` must be called once — the core ends any left open when the task ends.
 */
export class Progression {
  private constructor(
    readonly eventId: string,
    readonly total: number | null,
  ) {}

  static async start(title: string, total: number | null = null): Promise<Progression> {
    const { event_id } = await request<{ event_id: string }>('POST', SDK_ROUTES.progressionStart, {
      title,
      total,
    });
    return new Progression(event_id, total);
  }

  async update(progress: number, message: string): Promise<void> {
    await request('POST', SDK_ROUTES.progressionUpdate, {
      event_id: this.eventId,
      progress,
      message,
    });
  }

  async end(success: boolean, message: string | null = null): Promise<void> {
    await request('POST', SDK_ROUTES.progressionEnd, {
      event_id: this.eventId,
      success,
      message,
    });
  }
}
