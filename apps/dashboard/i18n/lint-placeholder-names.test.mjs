// The placeholder-names rule against the cases that lost a translation (a member expression as a
// <Plural> value or a plural() count, a call in a `t as tGlobal` template) and the forms Lingui's
// macro keeps a name for (identifier, `as`, a label, ph).
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin from './lint-placeholder-names.mjs';

const IMPORTS = `
import { plural, select, selectOrdinal, ph, t as tGlobal } from '@lingui/core/macro';
import { Plural, Select, SelectOrdinal, Trans, useLingui } from '@lingui/react/macro';
`;

/** The flagged pieces of `code` (after the macro imports), as source text. */
function flagged(code) {
  const source = IMPORTS + code;
  const messages = new Linter().verify(
    source,
    [
      {
        files: ['**/*.tsx'],
        languageOptions: {
          parser: tseslint.parser,
          parserOptions: { ecmaFeatures: { jsx: true } },
        },
        plugins: { 'hearth-i18n': plugin },
        rules: { 'hearth-i18n/placeholder-names': 'error' },
      },
    ],
    'sample.tsx',
  );
  const lines = source.split('\n');
  return messages.map((m) => {
    expect(m.ruleId).toBe('hearth-i18n/placeholder-names');
    expect(m.message).toContain('assign it to a named const first');
    return lines[m.line - 1].slice(m.column - 1, m.endColumn - 1);
  });
}

describe('hearth-i18n/placeholder-names', () => {
  it('refuses an expression as the value of <Plural>, <Select> and <SelectOrdinal>', () => {
    expect(
      flagged(`
        const a = <Plural value={schedule.steps.length} one="# step" other="# steps" />;
        const b = <Select value={user.role} _owner="Owner" other="User" />;
        const c = <SelectOrdinal value={rank + 1} one="#st" other="#th" />;
      `),
    ).toEqual(['schedule.steps.length', 'user.role', 'rank + 1']);
  });

  it('refuses an expression as the count of plural, select and selectOrdinal', () => {
    expect(
      flagged(`
        const a = plural(schedule.steps.length, { one: '# step', other: '# steps' });
        const b = select(user.role, { owner: 'Owner', other: 'User' });
        const c = selectOrdinal(count(), { one: '#st', other: '#th' });
        const d = tGlobal\`Run \${plural(list.length, { one: '# step', other: '# steps' })}\`;
      `),
    ).toEqual(['schedule.steps.length', 'user.role', 'count()', 'list.length']);
  });

  it('refuses an expression in a template of t imported under another name, and in options', () => {
    expect(
      flagged(`
        const a = tGlobal\`Enable \${scheduleName(schedule)}\`;
        const b = tGlobal({ message: \`Enable \${schedule.name}\` });
        const c = plural(n, { one: \`\${user.name} has # step\`, other: '# steps' });
        const d = <Plural value={n} one={<b>{user.name}</b>} other="# steps" />;
        const e = plural(n, { one: tGlobal\`\${user.name} has # step\`, other: '# steps' });
      `),
    ).toEqual(['scheduleName(schedule)', 'schedule.name', 'user.name', 'user.name', 'user.name']);
  });

  it('accepts what keeps a name: an identifier, a TypeScript cast of one, a label, ph', () => {
    expect(
      flagged(`
        function Card({ steps, name }: { steps: number; name: string }) {
          const { t } = useLingui();
          return (
            <>
              <Plural value={steps} one="# step" other="# steps" />
              <Plural value={steps as number} one={<Trans>one {name}</Trans>} other="# steps" />
              <Select value={{ role: user.role }} _owner="Owner" other="User" />
              {plural(steps!, { one: \`\${name} # step\`, other: '# steps' })}
              {tGlobal\`Enable \${name} \${ph({ count: list.length })}\`}
              {plural(steps, { one: tGlobal\`\${name} has # step\`, other: label })}
              {t\`Enable \${name}\`}
            </>
          );
        }
      `),
    ).toEqual([]);
  });

  it('leaves a function that only shares a name with a macro alone', () => {
    expect(
      flagged(`
        function other() {
          const plural = (n: number) => n;
          const Plural = (props: { value: number }) => props.value;
          return [plural(list.length), <Plural value={list.length} />];
        }
      `),
    ).toEqual([]);
  });
});
