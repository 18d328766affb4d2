import { Anchor } from '@mantine/core';
import { logout } from '../../lib/logout';

export function LogoutLink() {
  return (
    <Anchor
      href="/"
      fw={500}
      onClick={(event) => {
        event.preventDefault();
        void logout();
      }}
    >
      Log out
    </Anchor>
  );
}
