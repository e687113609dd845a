// Issue 29: the member list and the user forms in German and Simplified Chinese.
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { activateLocale } from '@/lib/i18n/i18n.ts';
import { publicUser } from '@/test/fixtures.ts';
import { MemberList } from './components/member-list.tsx';
import { validateCreateUser, validatePasswordChange } from './user-validation.ts';

const noop = () => undefined;

describe('users in another language', () => {
  it('the member list speaks German', async () => {
    await activateLocale('de');
    const me = publicUser({ uid: 'ME', username: 'alice', is_owner: true });
    const bob = publicUser({ uid: 'B', username: 'bob', is_admin: true });
    render(
      <MemberList
        users={[me, bob]}
        meUid="ME"
        onSelect={noop}
        onChangePassword={noop}
        onDelete={noop}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Alle Mitglieder (2)' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Mitglieder' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aktionen für bob' })).toBeInTheDocument();
    expect(screen.getByText('Eigentümer')).toBeInTheDocument();
    expect(screen.getByText('Administrator')).toBeInTheDocument();
  });

  it('the password and username rules speak Chinese', async () => {
    await activateLocale('zh-CN');
    expect(validateCreateUser({ username: 'a:b', password: 'x', confirmPassword: 'y' })).toEqual({
      username: '用户名不能包含控制字符或 ":"',
      confirmPassword: '两次输入的密码必须一致',
    });
    expect(
      validatePasswordChange({ oldPassword: '', password: '', confirmPassword: '' }, true)
        .oldPassword,
    ).toBe('请输入旧密码');
  });
});
