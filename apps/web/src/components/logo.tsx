import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';

function LogoMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-cyan-8)" />
      <path d="M4 16c3.5-6 7.5-9 12-9s8.5 3 12 9c-3.5 6-7.5 9-12 9s-8.5-3-12-9z" fill="#fff" />
      <circle cx="16" cy="16" r="5" fill="var(--mantine-color-cyan-8)" />
      <circle cx="16" cy="16" r="2" fill="#fff" />
    </svg>
  );
}

/** The Vigil mark and name; with `to` it is a link named "Vigil home". */
export function Logo({ to, size = 28 }: { to?: string; size?: number }) {
  const content = (
    <Group gap={8} wrap="nowrap">
      <LogoMark size={size} />
      <Text fw={700} fz={size * 0.7} c="cyan.9" lh={1}>
        Vigil
      </Text>
    </Group>
  );
  if (!to) return content;
  return (
    <Link to={to} aria-label="Vigil home" style={{ textDecoration: 'none' }}>
      {content}
    </Link>
  );
}
