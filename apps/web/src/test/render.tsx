import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme';

/**
 * Renders a component as the app does (Mantine with the app's theme, TanStack Query, a router at `route`), with a
 * fresh query client per test. Mantine's test mode draws modals and dropdowns in place, without transitions.
 */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  // No pause between keystrokes: typing takes no timers, which a loaded machine would stretch.
  const user = userEvent.setup({ delay: null });
  return { ...render(ui, { wrapper }), user, queryClient };
}

/** Puts text into a field as a paste does: one input event, where typing would render once a character. */
export async function paste(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
