// The one way tests (core, e2e, bench) wait for something that happens after an answer: poll a
// probe until it yields a value, with a deadline that names what never came. A wait for a positive
// signal, never a sleep before an assertion.

export interface PollOptions {
  /** How long to keep trying before failing (ms). */
  timeoutMs?: number;
  /** The pause between two probes (ms). */
  intervalMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_INTERVAL_MS = 50;

/** Resolves with the first value `probe` yields that is not null; rejects naming `what` at the deadline. */
export async function pollFor<T>(
  what: string,
  probe: () => T | null | Promise<T | null>,
  options: PollOptions = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? DEFAULT_INTERVAL_MS));
  }
}

/** Resolves once `check` holds. */
export async function pollUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  options: PollOptions = {},
): Promise<void> {
  await pollFor(what, async () => ((await check()) ? true : null), options);
}
