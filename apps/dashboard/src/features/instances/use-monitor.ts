import { useState } from 'react';
import { PerformanceReportSchema, apiPaths, coreSocketUrl } from '@hearth/protocol';
import { useManagedSocket } from '@/lib/realtime/use-managed-socket.ts';
import type { SocketStatus } from '@/lib/realtime/socket-hub.ts';
import { onFrame } from '@/lib/realtime/socket-frames.ts';
import { useCurrentCore, useCurrentToken } from '@/lib/session.ts';
import { isUsableToken } from '@/lib/token.ts';
import { pushSample, toSample } from './monitor-series.ts';
import type { MonitorSample } from './monitor-series.ts';

export interface MonitorState {
  samples: MonitorSample[];
  status: SocketStatus;
}

/**
 * The monitor socket of one instance (WS /monitor/{uuid}?token=Bearer …), opened through the
 * realtime hub so it shares the reconnect policy. Keeps the newest 60 samples.
 */
export function useMonitor(uuid: string): MonitorState {
  const core = useCurrentCore();
  const token = useCurrentToken();
  const [state, setState] = useState<MonitorState>({ samples: [], status: 'connecting' });
  const usable = core !== null && token !== null && isUsableToken(token);
  useManagedSocket(
    `monitor:${uuid}`,
    usable
      ? {
          url: () => `${coreSocketUrl(core)}${apiPaths.monitor(uuid, token)}`,
          onMessage: onFrame(PerformanceReportSchema, 'a monitor', (report) =>
            setState((s) => ({ ...s, samples: pushSample(s.samples, toSample(report)) })),
          ),
          onStatus: (status) => setState((s) => ({ ...s, status })),
          // A reopened socket replays the core's ring: start the series over so nothing is doubled.
          onGap: () => setState((s) => ({ ...s, samples: [] })),
        }
      : null,
  );
  return state;
}
