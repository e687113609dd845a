import { useState } from 'react';
import { MacroOutputFrameSchema, apiPaths, coreSocketUrl } from '@hearth/protocol';
import type { MacroOutputFrame } from '@hearth/protocol';
import { onFrame } from '@/lib/realtime/socket-frames.ts';
import { useManagedSocket } from '@/lib/realtime/use-managed-socket.ts';
import { useCurrentCore, useCurrentToken } from '@/lib/session.ts';
import { isUsableToken } from '@/lib/token.ts';

export interface LiveMacroOutput {
  /** null until the socket's first frame (every line kept so far). */
  lines: string[] | null;
  truncated: boolean;
  ended: boolean;
}

/** One frame applied: `Output` replaces everything (also after a reconnect), `Lines` appends. */
export function applyOutputFrame(state: LiveMacroOutput, frame: MacroOutputFrame): LiveMacroOutput {
  switch (frame.type) {
    case 'Output':
      return { lines: frame.lines, truncated: frame.truncated, ended: false };
    case 'Lines':
      return { ...state, lines: [...(state.lines ?? []), ...frame.lines] };
    case 'End':
      return { ...state, truncated: state.truncated || frame.truncated, ended: true };
  }
}

/**
 * A running task's output socket (WS …/macro/output/{pid}/stream, Hearth), through the realtime
 * hub while `enabled`. The core closes it with 1000 after `End`: not reopened then.
 */
export function useMacroOutputStream(uuid: string, pid: number, enabled: boolean): LiveMacroOutput {
  const core = useCurrentCore();
  const token = useCurrentToken();
  const [state, setState] = useState<LiveMacroOutput>({
    lines: null,
    truncated: false,
    ended: false,
  });
  const usable = enabled && !state.ended && core !== null && token !== null && isUsableToken(token);
  useManagedSocket(
    `macro-output:${uuid}:${pid}`,
    usable
      ? {
          url: () => `${coreSocketUrl(core)}${apiPaths.macroOutputStream(uuid, pid, token)}`,
          onMessage: onFrame(MacroOutputFrameSchema, 'a macro output', (frame) =>
            setState((s) => applyOutputFrame(s, frame)),
          ),
          shouldReconnect: (code) => code !== 1000,
        }
      : null,
  );
  return state;
}
