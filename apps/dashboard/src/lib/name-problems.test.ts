// Issue 29: the protocol's name rules answer codes; the dashboard words them in the reader's
// language, and in English exactly as the core does.
import { describe, expect, it } from 'vitest';
import { instanceNameProblemText, usernameProblemText } from '@hearth/protocol';
import type { InstanceNameProblem, UsernameProblem } from '@hearth/protocol';
import { activateLocale } from './i18n/i18n.ts';
import {
  instanceNameError,
  instanceNameProblemMessage,
  usernameError,
  usernameProblemMessage,
} from './name-problems.ts';

const INSTANCE: InstanceNameProblem[] = [
  'empty',
  'too_long',
  'control_character',
  'path_separator',
];
const USERNAME: UsernameProblem[] = ['empty', 'too_long', 'bad_character'];

describe('name problems in words', () => {
  it('in English, word for word what the core answers', () => {
    for (const problem of INSTANCE)
      expect(instanceNameProblemMessage(problem)).toBe(instanceNameProblemText(problem));
    for (const problem of USERNAME)
      expect(usernameProblemMessage(problem)).toBe(usernameProblemText(problem));
    expect(instanceNameError('a/b')).toBe('Instance name cannot contain "/" or "\\"');
    expect(usernameError('ok')).toBeNull();
  });

  it('in German and Chinese', async () => {
    await activateLocale('de');
    expect(instanceNameError('a'.repeat(101))).toBe(
      'Der Instanzname darf höchstens 100 Zeichen lang sein',
    );
    expect(usernameError(' ')).toBe('Benutzername ist erforderlich');
    await activateLocale('zh-CN');
    expect(instanceNameError('a\\b')).toBe('实例名称不能包含 "/" 或 "\\"');
    expect(usernameError('u'.repeat(33))).toBe('用户名不能超过 32 个字符');
  });
});
