import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { RouteCatalogContext } from '../lib/route-catalog';
import { router } from './router';
import { ROUTES } from './route-table';
import { theme } from './theme';

export function App() {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouteCatalogContext value={ROUTES}>
          <RouterProvider router={router} />
        </RouteCatalogContext>
      </QueryClientProvider>
    </MantineProvider>
  );
}
