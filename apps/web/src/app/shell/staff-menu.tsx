import { useState } from 'react';
import { Box, Button, Menu, Text } from '@mantine/core';
import { canSeeStaffMenu } from '@vigil/contract';
import { Link } from 'react-router';
import { useStaffLinks } from '../../features/staff/api/get-staff-links';
import { BUILD_INFO } from '../../lib/build-info';
import { useFlags } from '../../lib/flags';
import { isStaffMenuRoute, useOpenRoutes } from '../../lib/route-catalog';
import { useViewer } from '../../lib/viewer';

function GitInfo() {
  const [full, setFull] = useState(false);
  const commit = full ? BUILD_INFO.gitCommit : BUILD_INFO.gitCommit.slice(0, 7);
  return (
    <Box px="sm" py={6}>
      <Text size="xs" c="dimmed">
        Branch: <span data-testid="git-branch">{BUILD_INFO.gitBranch}</span>
      </Text>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all', cursor: 'default', userSelect: 'none' }}>
        Commit:{' '}
        <span
          data-testid="git-commit"
          title="Double-click to show the short or full commit"
          onDoubleClick={() => setFull((value) => !value)}
        >
          {commit}
        </span>
      </Text>
    </Box>
  );
}

/** Staff tools (spec part 1 §2): with staff/view_internal_links or staff/view_git_info in the current domain, all of it. */
export function StaffMenu() {
  const viewerState = useViewer();
  const { flags } = useFlags();
  const services = viewerState.status === 'ready' ? viewerState.services : undefined;
  const domainId = viewerState.status === 'ready' ? viewerState.domainId : null;
  const allowed = canSeeStaffMenu(services);
  const { routes } = useOpenRoutes(isStaffMenuRoute);
  const links = useStaffLinks(domainId, allowed);

  if (!flags.staff_tools.value || !allowed) return null;
  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <Button variant="subtle" size="sm">
          Staff
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {routes.length > 0 && <Menu.Label>Staff tools</Menu.Label>}
        {routes.map((route) => (
          <Menu.Item key={route.path} component={Link} to={route.href}>
            {route.title}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>External</Menu.Label>
        {links.isPending && <Menu.Item disabled>Loading links…</Menu.Item>}
        {links.isError && <Menu.Item disabled>Links unavailable</Menu.Item>}
        {links.data?.map((link) => (
          <Menu.Item key={link.url} component="a" href={link.url} target="_blank" rel="noopener noreferrer">
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <GitInfo />
      </Menu.Dropdown>
    </Menu>
  );
}
