import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyToaster, notify } from './toast.ts';

// Sonner's toast list: a region named after its hotkey.
const toastRegion = () => screen.queryByRole('region', { name: /^Notifications/ });

describe('toasts load with the first one raised', () => {
  it('mounts no Toaster until a toast is raised, then shows every toast raised before it loaded', async () => {
    render(<LazyToaster />);
    expect(toastRegion()).not.toBeInTheDocument();

    act(() => {
      notify('success', 'Saved server.properties');
      notify('error', 'Could not copy to the clipboard');
    });
    expect(await screen.findByText('Saved server.properties')).toBeInTheDocument();
    expect(await screen.findByText('Could not copy to the clipboard')).toBeInTheDocument();
    expect(toastRegion()).toBeInTheDocument();

    // Once it listens, a toast goes straight to it.
    act(() => notify('info', 'Backup started'));
    expect(await screen.findByText('Backup started')).toBeInTheDocument();
  });

  it('keeps a toast raised while no Toaster is mounted until one is', async () => {
    notify('warning', 'The core restarted');
    render(<LazyToaster />);
    expect(await screen.findByText('The core restarted')).toBeInTheDocument();
  });
});
