import { ThemeIcon, Tooltip } from '@mantine/core';
import { BADGE_ROLE_TEXT } from '@vigil/contract';

/** The tenant of record's key (part 2 §2, role tor). */
export function KeyIcon() {
  return (
    <Tooltip label={BADGE_ROLE_TEXT.tor}>
      <ThemeIcon size={18} radius="xl" variant="light" color="yellow" role="img" aria-label={BADGE_ROLE_TEXT.tor} style={{ flexShrink: 0 }}>
        <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" aria-hidden="true">
          <circle cx="7.5" cy="15.5" r="4.5" />
          <path d="M10.7 12.3 20 3M16 7l3 3M18 5l2 2" strokeLinecap="round" />
        </svg>
      </ThemeIcon>
    </Tooltip>
  );
}
