import { INSTANCE_NAME_MAX } from './constants.ts';

// The instance-name rule, once (conventions.md habit 13): the core refuses a name with this text
// and the dashboard shows the same text before sending it.

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * What is wrong with an instance name, or null when it is fine: after trimming, 1–100 characters
 * counted as code points (an emoji is one), no control characters and no path separators (the
 * name becomes part of the instance's folder name).
 */
export function instanceNameProblem(raw: string): string | null {
  const name = raw.trim();
  if (name.length === 0) return 'Instance name cannot be empty';
  if ([...name].length > INSTANCE_NAME_MAX)
    return `Instance name cannot be longer than ${INSTANCE_NAME_MAX} characters`;
  if (CONTROL.test(name)) return 'Instance name cannot contain control characters';
  if (/[/\\]/.test(name)) return 'Instance name cannot contain "/" or "\\"';
  return null;
}
