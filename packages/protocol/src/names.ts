import { hasControlCharacter } from './text.ts';
import { CORE_NAME_MAX, DOMAIN_MAX, INSTANCE_NAME_MAX, USERNAME_MAX } from './constants.ts';

// The name rules, once (conventions.md habit 13). Each answers a typed code, not a text: the core
// words it in English (the `…Text` functions, its wire texts) and the dashboard in the reader's
// language (apps/dashboard/src/lib/name-problems.ts).

/**
 * A name's length in characters as a person counts them: code points, so an emoji is one (a
 * string's `.length` counts UTF-16 units and makes it two).
 */
export function characterCount(text: string): number {
  return [...text].length;
}

/** Why an instance name is refused. */
export type InstanceNameProblem = 'empty' | 'too_long' | 'control_character' | 'path_separator';

/**
 * What is wrong with an instance name, or null when it is fine: after trimming, 1–100 characters
 * counted as code points (an emoji is one), no control characters and no path separators (the
 * name becomes part of the instance's folder name).
 */
export function instanceNameProblem(raw: string): InstanceNameProblem | null {
  const name = raw.trim();
  if (name.length === 0) return 'empty';
  if (characterCount(name) > INSTANCE_NAME_MAX) return 'too_long';
  if (hasControlCharacter(name)) return 'control_character';
  if (/[/\\]/.test(name)) return 'path_separator';
  return null;
}

/** The core's English for an instance-name problem (its 400 answer's cause, unchanged since 1.0). */
export function instanceNameProblemText(problem: InstanceNameProblem): string {
  switch (problem) {
    case 'empty':
      return 'Instance name cannot be empty';
    case 'too_long':
      return `Instance name cannot be longer than ${INSTANCE_NAME_MAX} characters`;
    case 'control_character':
      return 'Instance name cannot contain control characters';
    case 'path_separator':
      return 'Instance name cannot contain "/" or "\\"';
  }
}

/**
 * What is wrong with a core name (trimmed, 1–32 characters), or null. A code, not a text: the
 * core answers with core-api.md §1.4.4's words ("Name too long") and the dashboard shows
 * dashboard.md §5's ("Name cannot be longer than 32 characters").
 */
export type CoreNameProblem = 'empty' | 'too_long';

export function coreNameProblem(raw: string): CoreNameProblem | null {
  const name = raw.trim();
  if (name.length === 0) return 'empty';
  if (characterCount(name) > CORE_NAME_MAX) return 'too_long';
  return null;
}

/**
 * What is wrong with a public domain or IP (may be empty; at most 253 characters; no white space
 * or slashes, since it is put into addresses as it is), or null. A code for the same reason as
 * coreNameProblem.
 */
export type DomainProblem = 'too_long' | 'bad_character';

export function domainProblem(raw: string): DomainProblem | null {
  const domain = raw.trim();
  if (characterCount(domain) > DOMAIN_MAX) return 'too_long';
  if (/[\s/\\]/.test(domain)) return 'bad_character';
  return null;
}

/** Why a username is refused. */
export type UsernameProblem = 'empty' | 'too_long' | 'bad_character';

/**
 * What is wrong with a username, or null: after trimming, 1–32 characters, no control characters
 * and no ":" (the core's rule since the first release).
 */
export function usernameProblem(raw: string): UsernameProblem | null {
  const name = raw.trim();
  if (name.length === 0) return 'empty';
  if (characterCount(name) > USERNAME_MAX) return 'too_long';
  if (hasControlCharacter(name) || name.includes(':')) return 'bad_character';
  return null;
}

/** The core's English for a username problem (its 400 answer's cause, unchanged). */
export function usernameProblemText(problem: UsernameProblem): string {
  switch (problem) {
    case 'empty':
      return 'Username is required';
    case 'too_long':
      return `Username cannot be longer than ${USERNAME_MAX} characters`;
    case 'bad_character':
      return 'Username cannot contain control characters or ":"';
  }
}
