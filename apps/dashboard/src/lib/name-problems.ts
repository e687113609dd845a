import { t } from '@lingui/core/macro';
import {
  INSTANCE_NAME_MAX,
  instanceNameProblem,
  USERNAME_MAX,
  usernameProblem,
} from '@hearth/protocol';
import type { InstanceNameProblem, UsernameProblem } from '@hearth/protocol';

// The protocol's name rules (the core's own) answer typed codes; here they become sentences in the
// reader's language. In English they are word for word what the core answers (protocol
// `usernameProblemText` / `instanceNameProblemText`), so a name is refused the same way on both
// sides. One place for every screen that checks a username or an instance name.

export function usernameProblemMessage(problem: UsernameProblem): string {
  const max = USERNAME_MAX;
  switch (problem) {
    case 'empty':
      return t`Username is required`;
    case 'too_long':
      return t`Username cannot be longer than ${max} characters`;
    case 'bad_character':
      return t`Username cannot contain control characters or ":"`;
  }
}

/** What is wrong with a username, in words, or null. */
export function usernameError(value: string): string | null {
  const problem = usernameProblem(value);
  return problem === null ? null : usernameProblemMessage(problem);
}

export function instanceNameProblemMessage(problem: InstanceNameProblem): string {
  const max = INSTANCE_NAME_MAX;
  switch (problem) {
    case 'empty':
      return t`Instance name cannot be empty`;
    case 'too_long':
      return t`Instance name cannot be longer than ${max} characters`;
    case 'control_character':
      return t`Instance name cannot contain control characters`;
    case 'path_separator':
      return t`Instance name cannot contain "/" or "\\"`;
  }
}

/** What is wrong with an instance name, in words, or null. */
export function instanceNameError(value: string): string | null {
  const problem = instanceNameProblem(value);
  return problem === null ? null : instanceNameProblemMessage(problem);
}
