import { callRoute } from './client.ts';

/** Shows a line in the instance's console, marked as this macro's. */
export async function consoleOut(line: string): Promise<void> {
  await callRoute('macroSdkConsoleOut', {}, { line });
}

/**
 * Tells whoever waits on this task that it now runs in the background (MacroEvent Detach). The
 * task keeps running; calling it again does nothing.
 */
export async function detach(): Promise<void> {
  await callRoute('macroSdkDetach', {}, {});
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
    const { event_id } = await callRoute<{ event_id: string }>(
      'macroSdkProgressionStart',
      {},
      {
        title,
        total,
      },
    );
    return new Progression(event_id, total);
  }

  async update(progress: number, message: string): Promise<void> {
    await callRoute(
      'macroSdkProgressionUpdate',
      {},
      {
        event_id: this.eventId,
        progress,
        message,
      },
    );
  }

  async end(success: boolean, message: string | null = null): Promise<void> {
    await callRoute(
      'macroSdkProgressionEnd',
      {},
      {
        event_id: this.eventId,
        success,
        message,
      },
    );
  }
}
