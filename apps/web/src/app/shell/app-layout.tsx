import { Suspense, useEffect } from 'react';
import { AppShell, Box, Burger, Divider, Group, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { PageLoader } from '../../components/page-loader';
import { useFlag } from '../../lib/flags';
import { DomainPicker } from './domain-picker';
import { LoadingBanner } from './loading-banner';
import { LogoutLink } from './logout-link';
import { NavLinks, NavLinksStacked } from './nav-links';
import { PermissionsNotice } from './permissions-notice';
import { StaffMenu } from './staff-menu';

/** The top bar (spec part 1 §1): logo, domain picker, navigation, loading banner, staff menu, log out; a burger menu on phones. */
export default function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const showPicker = useFlag('navbar_building_picker');
  const { pathname } = useLocation();

  useEffect(() => close(), [pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !opened, desktop: true } }}
      padding={{ base: 'xs', sm: 'md' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
          <Group gap="md" wrap="nowrap" miw={0}>
            <Logo to="/dashboard" />
            {!phone && showPicker && <DomainPicker />}
            {!phone && (
              <Group component="nav" aria-label="Main" gap={4} wrap="nowrap">
                <NavLinks />
              </Group>
            )}
          </Group>
          {phone ? (
            <Burger opened={opened} onClick={toggle} size="sm" aria-label="Toggle navigation" aria-expanded={opened} />
          ) : (
            <Group gap="sm" wrap="nowrap">
              <StaffMenu />
              <LogoutLink />
            </Group>
          )}
        </Group>
        <LoadingBanner />
      </AppShell.Header>

      {phone && opened && (
        <AppShell.Navbar p="md" aria-label="Menu">
          <Stack gap="sm">
            {showPicker && <DomainPicker />}
            <Divider />
            <Box component="nav" aria-label="Main">
              <NavLinksStacked />
            </Box>
            <Divider />
            <Group justify="space-between">
              <StaffMenu />
              <LogoutLink />
            </Group>
          </Stack>
        </AppShell.Navbar>
      )}

      <AppShell.Main>
        <PermissionsNotice />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
