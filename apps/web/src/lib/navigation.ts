/** Lets non-React code (logout, 401 handling) move the router; the app installs the router's navigate at start. */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}
