import { Suspense } from 'react';
import { Box, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { PageLoader } from '../../components/page-loader';
import { useFlag } from '../../lib/flags';
import { DomainPicker } from './domain-picker';
import { LoadingBanner } from './loading-banner';
import { LogoutLink } from './logout-link';
import { PermissionsNotice } from './permissions-notice';

/** Pages without the navbar (/dashboard, /alerts/settings) keep a way out: logo, building picker and log out. */
export default function SlimLayout() {
  const showPicker = useFlag('navbar_building_picker');
  return (
    <>
      <Box component="header" pos="relative" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group justify="space-between" gap="sm">
          <Logo to="/dashboard" />
          <Group gap="md" wrap="wrap" justify="flex-end" style={{ flex: '1 1 auto' }}>
            {showPicker && <DomainPicker />}
            <LogoutLink />
          </Group>
        </Group>
        <LoadingBanner />
      </Box>
      <Box component="main" p="md">
        <PermissionsNotice />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </>
  );
}
