import { useEffect, useState } from 'react';
import { Alert, Anchor, Box, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { safeRedirectTarget, type Provider } from '@vigil/contract';
import { useNavigate, useSearchParams } from 'react-router';
import { Logo } from '../../../components/logo';
import { useConfig } from '../../../lib/api/get-config';
import { useFlags } from '../../../lib/flags';
import { errorMessage } from '../../../lib/http';
import { logout } from '../../../lib/logout';
import { finishLogout, getAuthToken, useSession } from '../../../lib/session';
import { GoogleIcon, MicrosoftIcon } from '../components/provider-icons';
import { completeSignIn, hasSignInReturn, rememberSignInAttempt } from '../lib/complete-sign-in';
import { buildAuthorizeUrl, randomToken } from '../lib/sign-in-request';

/** `/`: the Welcome panel (spec part 1 §2) and the end of the sign-in round trip. */
export default function LandingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const config = useConfig();
  const { flags } = useFlags();
  const [signingIn, setSigningIn] = useState(() => hasSignInReturn(window.location.hash));
  const message = params.get('message');
  const error = params.get('error');
  const redirect = params.get('redirect');

  // A logout ends here: from now on the guards send visitors here again.
  useEffect(() => finishLogout(), []);

  useEffect(() => {
    const pending = completeSignIn();
    if (!pending) return;
    let active = true;
    void pending.then((target) => {
      if (!active) return;
      navigate(target, { replace: true });
      // Signed in: stay in "signing in" until the target page replaces this one, or the effect below
      // would race the navigation with its own redirect. Failed: back to the buttons and the error.
      if (!getAuthToken()) setSigningIn(false);
    });
    return () => {
      active = false;
    };
  }, [navigate]);

  // A signed-in visitor does not belong on the landing page.
  useEffect(() => {
    if (session.authToken && !signingIn) navigate(safeRedirectTarget(redirect), { replace: true });
  }, [session.authToken, signingIn, redirect, navigate]);

  function signIn(provider: Provider) {
    const providerConfig = config.data?.providers[provider];
    if (!providerConfig) return;
    const attempt = { state: randomToken(), nonce: randomToken(), provider, redirect };
    rememberSignInAttempt(attempt);
    window.location.assign(buildAuthorizeUrl(providerConfig, attempt, window.location.origin));
  }

  // Only the providers the server has configured get a button; the Microsoft login flag can still hide Microsoft.
  const providers = config.data?.providers;
  const google = providers?.google;
  const microsoft = flags.microsoft_login.value ? providers?.microsoft : undefined;
  const builtIn = Boolean(google?.builtIn || microsoft?.builtIn);

  return (
    <Box component="main" mih="100dvh" bg="gray.0" px="md" py="xl">
      <Center mih="calc(100dvh - 2 * var(--mantine-spacing-xl))">
        <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={440}>
          <Stack gap="md">
            <Center>
              <Logo size={44} to={session.authToken ? '/dashboard' : '/'} />
            </Center>
            <Title order={1} ta="center" fz="h2">
              Welcome
            </Title>
            <Text ta="center" c="dimmed" fz="sm">
              Camera-based monitoring for care homes and residential buildings.
            </Text>
            {message && (
              <Alert color="blue" variant="light" role="status">
                {message}
              </Alert>
            )}
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}

            {signingIn ? (
              <Group justify="center" gap="sm" role="status" aria-live="polite">
                <Loader size="sm" />
                <Text>Signing you in…</Text>
              </Group>
            ) : session.authToken ? (
              <Stack gap="xs" align="center">
                <Text>
                  Signed in as <b>{session.displayName}</b>
                </Text>
                <Button variant="default" onClick={() => void logout()}>
                  Log Out
                </Button>
              </Stack>
            ) : config.isError ? (
              <Alert color="red" variant="light" role="alert">
                Vigil could not load its sign-in settings: {errorMessage(config.error)}
                <div>
                  <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void config.refetch()}>
                    Try again
                  </Button>
                </div>
              </Alert>
            ) : !providers ? (
              <Center role="status" aria-label="Loading sign-in options">
                <Loader size="sm" />
              </Center>
            ) : (
              <Stack gap="sm">
                {google && (
                  <Button variant="default" size="md" leftSection={<GoogleIcon />} onClick={() => signIn('google')}>
                    Log in with Google
                  </Button>
                )}
                {microsoft && (
                  <Button variant="default" size="md" leftSection={<MicrosoftIcon />} onClick={() => signIn('microsoft')}>
                    Log in with Microsoft
                  </Button>
                )}
                {!google && !microsoft && (
                  <Alert color="red" variant="light" role="alert">
                    No sign-in provider is configured on this server. Ask your Vigil administrator.
                  </Alert>
                )}
                {builtIn && (
                  <Alert color="yellow" variant="light" title="Demo sign-in" role="note">
                    Sign-in uses Vigil&apos;s built-in demo provider, not a real Google or Microsoft account.
                  </Alert>
                )}
              </Stack>
            )}

            {config.data && (
              <Group justify="center" gap="lg" pt="xs" component="footer">
                <Anchor href={config.data.supportUrl} fz="sm">
                  Support
                </Anchor>
                <Anchor href={config.data.requestAccountUrl} fz="sm">
                  Request a demo or account
                </Anchor>
              </Group>
            )}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
