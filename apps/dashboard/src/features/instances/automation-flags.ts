import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { InstanceFlag } from './api/update-instance-field.ts';

/** The automation switches, worded once for the wizard's last step and the Automation card. */
export const AUTOMATION_FLAGS: {
  flag: InstanceFlag;
  name: MessageDescriptor;
  description: MessageDescriptor;
}[] = [
  {
    flag: 'auto_start',
    name: msg`Auto Start`,
    description: msg`Start this instance when the core starts.`,
  },
  {
    flag: 'restart_on_crash',
    name: msg`Restart On Crash`,
    description: msg`Start this instance again when it crashes.`,
  },
];
