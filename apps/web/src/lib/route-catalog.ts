import { createContext, useContext } from 'react';
import { canAccess, type FlagId, type ResolvedFlag, type RouteAccess, type Viewer } from '@vigil/contract';
import { useFlags } from './flags';
import { useViewer } from './viewer';

/** Figures a dashboard card may show when dashboard_stats is on; each one is computed from loaded data. */
export type CardStat = 'cameraCount';

/** What menus and the dashboard need to know about a route: the data part of an app/route-table.tsx entry. */
export interface RouteLinkInfo {
  /** The router pattern, e.g. /faces/:id? */
  path: string;
  /** Where a link to it goes, e.g. /faces */
  href: string;
  title: string;
  description: string;
  access: RouteAccess;
  /** The route exists only while this flag's applied value is on. */
  flag?: FlagId;
  /** Label in the top bar's navigation; absent means not a nav link. */
  navLabel?: string;
  /** Links to the route (navbar, dashboard card, menus) show only while this flag is on; the route itself stays open. */
  navFlag?: FlagId;
  /** Shown as a dashboard card. */
  card: boolean;
  stat?: CardStat;
}

export const RouteCatalogContext = createContext<readonly RouteLinkInfo[]>([]);

export function isRouteOpen(route: RouteLinkInfo, viewer: Viewer, flags: Record<FlagId, ResolvedFlag>): boolean {
  if (route.flag && !flags[route.flag].value) return false;
  return canAccess(route.access, viewer);
}

/**
 * Routes of the catalog the current user may open in the current domain and that have their links on (navFlag),
 * narrowed by `pick`: what navigation, cards and menus offer. Empty while permissions load.
 */
export function useOpenRoutes(pick: (route: RouteLinkInfo) => boolean): { routes: RouteLinkInfo[]; ready: boolean } {
  const catalog = useContext(RouteCatalogContext);
  const viewerState = useViewer();
  const { flags } = useFlags();
  const ready = viewerState.status === 'ready';
  const linked = (route: RouteLinkInfo) => !route.navFlag || flags[route.navFlag].value;
  const routes = ready ? catalog.filter((route) => pick(route) && linked(route) && isRouteOpen(route, viewerState.viewer, flags)) : [];
  return { routes, ready };
}

export const isNavRoute = (route: RouteLinkInfo): boolean => route.navLabel !== undefined;
export const isCardRoute = (route: RouteLinkInfo): boolean => route.card;
/** The staff menu lists staff-only routes that have a page of their own. */
export const isStaffMenuRoute = (route: RouteLinkInfo): boolean => route.access.staff === true && route.card;
