import { redactSecrets } from '@vigil/contract';

/** Where alerts go over MQTT (VIGIL_MQTT_*): null when VIGIL_MQTT_URL is not set (no broker, no MQTT channel). */
export interface MqttConfig {
  /** mqtt://host[:port] or mqtts://host[:port] (TLS; a private CA is trusted through NODE_EXTRA_CA_CERTS) */
  url: string;
  username: string | undefined;
  /** never logged, never shown */
  password: string | undefined;
  /** the topics' first level (`<prefix>/<domain uuid>/elopement/…`, `<prefix>/status`) */
  topicPrefix: string;
  /** Home Assistant's discovery prefix */
  discoveryPrefix: string;
}

type Env = Record<string, string | undefined>;

/** A topic level or prefix: no MQTT wildcards, no empty levels, no leading or trailing slash. */
function topicPrefix(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (/[+#]/.test(raw) || raw.includes('\u0000') || raw.startsWith('/') || raw.endsWith('/') || raw.includes('//') || raw.length > 100)
    throw new Error(`${name} must be a topic prefix such as "${fallback}" (no +, #, empty or leading/trailing levels), not "${raw}"`);
  return raw;
}

/** VIGIL_MQTT_URL, VIGIL_MQTT_USERNAME, VIGIL_MQTT_PASSWORD, VIGIL_MQTT_TOPIC_PREFIX, VIGIL_MQTT_DISCOVERY_PREFIX. */
export function loadMqttConfig(env: Env): MqttConfig | null {
  const raw = env.VIGIL_MQTT_URL?.trim();
  if (!raw) return null;
  const fail = (why: string) => new Error(`VIGIL_MQTT_URL ${why}, not "${redactSecrets(raw)}"`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail('must be mqtt://host[:port] or mqtts://host[:port]');
  }
  if (url.protocol !== 'mqtt:' && url.protocol !== 'mqtts:') throw fail('must be mqtt://host[:port] or mqtts://host[:port]');
  if (!url.hostname) throw fail('must name the broker’s host');
  if (url.username || url.password) throw fail('must not hold a user or password (use VIGIL_MQTT_USERNAME and VIGIL_MQTT_PASSWORD)');
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash) throw fail('must be the broker’s address alone');
  return {
    url: `${url.protocol}//${url.host}`,
    username: env.VIGIL_MQTT_USERNAME || undefined,
    password: env.VIGIL_MQTT_PASSWORD || undefined,
    topicPrefix: topicPrefix(env, 'VIGIL_MQTT_TOPIC_PREFIX', 'vigil'),
    discoveryPrefix: topicPrefix(env, 'VIGIL_MQTT_DISCOVERY_PREFIX', 'homeassistant'),
  };
}
