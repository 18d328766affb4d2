import { z } from 'zod';
import { flagValuesSchema } from './flags.js';

export const PROVIDERS = ['google', 'microsoft'] as const;
export const providerSchema = z.enum(PROVIDERS);
export type Provider = z.infer<typeof providerSchema>;

export const AUTH_MESSAGES = {
  loginProblem: 'There was a problem logging in.',
  google: "Couldn't validate token with Google.",
  microsoft: "Couldn't validate token with Microsoft.",
  permissions: 'There was a problem loading user permissions: ',
} as const;

export const providerButtonError = (provider: Provider): string => (provider === 'google' ? AUTH_MESSAGES.google : AUTH_MESSAGES.microsoft);

/** POST /api/v4/oauth. The nonce is the one the browser put in the authorize request; the server checks the token carries it, once. */
export const oauthBodySchema = z.object({
  provider: providerSchema,
  id_token: z.string().min(1).max(8192),
  nonce: z.string().min(16).max(256),
});
export type OAuthBody = z.infer<typeof oauthBodySchema>;

export const oauthReplySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), auth: z.object({ token: z.string() }), email: z.email(), staff: z.boolean() }),
  z.object({ ok: z.literal(false), err: z.string() }),
]);
export type OAuthReply = z.infer<typeof oauthReplySchema>;

/** Where the browser sends the user to sign in with one provider. */
export const providerConfigSchema = z.object({
  /** the provider's absolute authorize URL; a path on this server for the built-in demo provider */
  authorizeUrl: z.string().min(1),
  clientId: z.string(),
  /** true when the built-in demo provider stands in for the real one */
  builtIn: z.boolean(),
  /** the redirect URI registered with a real provider (VIGIL_PUBLIC_URL); absent: the page's own origin */
  redirectUri: z.url().optional(),
});
export type ProviderConfig = z.infer<typeof providerConfigSchema>;

/** GET /api/v1/config: what the landing page needs before anyone signs in. Only configured providers are listed. */
export const clientConfigSchema = z.object({
  providers: z.object({ google: providerConfigSchema.optional(), microsoft: providerConfigSchema.optional() }),
  flags: flagValuesSchema,
  supportUrl: z.string(),
  requestAccountUrl: z.string(),
  /** the web map's tiles (VIGIL_MAP_TILE_URL, a Leaflet template) and their credit; null: the offline basemap */
  map: z.object({ tileUrl: z.string().nullable(), attribution: z.string().nullable() }),
  /** where onboarded cameras' frame snapshots go, per GPU type (VIGIL_GPU_HOST_LOCAL, VIGIL_GPU_HOST_CLOUD) */
  onboarding: z.object({ snapshotHosts: z.object({ local: z.string(), cloud: z.string() }) }),
  /** the development API host the dev endpoint flag sends API calls and the socket to (VIGIL_DEV_API_URL); null: none */
  devApiUrl: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

export const logoutReplySchema = z.object({ ok: z.literal(true) });
