import { Button, NavLink as MantineNavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isNavRoute, useOpenRoutes, type RouteLinkInfo } from '../../lib/route-catalog';

function isActive(href: string, pathname: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

function useNavRoutes(): RouteLinkInfo[] {
  return useOpenRoutes(isNavRoute).routes;
}

/** The top bar's links: route-table entries with a nav label that the user may open, and whose nav flag is on. */
export function NavLinks() {
  const routes = useNavRoutes();
  const { pathname } = useLocation();
  return routes.map((route) => {
    const active = isActive(route.href, pathname);
    return (
      <Button
        key={route.path}
        component={Link}
        to={route.href}
        variant={active ? 'light' : 'subtle'}
        size="sm"
        aria-current={active ? 'page' : undefined}
      >
        {route.navLabel}
      </Button>
    );
  });
}

/** The same links, stacked, for the phone menu. */
export function NavLinksStacked() {
  const routes = useNavRoutes();
  const { pathname } = useLocation();
  return routes.map((route) => {
    const active = isActive(route.href, pathname);
    return (
      <MantineNavLink
        key={route.path}
        component={Link}
        to={route.href}
        label={route.navLabel}
        active={active}
        aria-current={active ? 'page' : undefined}
      />
    );
  });
}
