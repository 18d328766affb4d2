import { randomUUID } from 'node:crypto';
import { connect, type MqttClient } from 'mqtt';
import type { MqttConfig } from '../../mqtt-config.js';
import { OFFLINE, ONLINE, statusTopic } from './mqtt-topics.js';

/** How long a publish waits for the broker's PUBACK before the delivery is tried again. */
const PUBACK_TIMEOUT_MS = 10_000;
const RECONNECT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 5_000;

export class MqttNotConnected extends Error {
  constructor() {
    super('the MQTT broker is not connected');
  }
}

export interface MqttPublisherLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * The server's one MQTT client: connected while the server runs, reconnecting every second after a loss, with
 * `<prefix>/status` online (retained) on each connection and offline as its will (the broker says it when the server
 * vanishes) and on a clean stop. A publish is QoS 1 and resolves on the broker's PUBACK; without a connection it fails at
 * once (the delivery queue tries again), so nothing waits in the client's own buffer unseen.
 */
export class MqttPublisher {
  private client: MqttClient | null = null;
  private failing = false;
  /** the broker's address as logged: scheme, host and port (the URL holds no credentials, the config refuses them) */
  readonly broker: string;

  constructor(
    private readonly config: MqttConfig,
    private readonly d: { log: MqttPublisherLog; onConnect: () => Promise<void> },
  ) {
    this.broker = config.url;
  }

  get connected(): boolean {
    return this.client?.connected === true;
  }

  start(): void {
    if (this.client) return;
    const status = statusTopic(this.config);
    const client = connect(this.config.url, {
      clientId: `vigil-${randomUUID().slice(0, 13)}`,
      ...(this.config.username !== undefined && { username: this.config.username }),
      ...(this.config.password !== undefined && { password: this.config.password }),
      clean: true,
      reconnectPeriod: RECONNECT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      // a QoS 0 publish while offline is not kept for later (none is made: every publish here is QoS 1)
      queueQoSZero: false,
      will: { topic: status, payload: Buffer.from(OFFLINE), qos: 1, retain: true },
    });
    this.client = client;
    client.on('connect', () => {
      this.failing = false;
      this.d.log.info({ broker: this.broker }, 'connected to the MQTT broker');
      void client
        .publishAsync(status, ONLINE, { qos: 1, retain: true })
        .then(() => this.d.onConnect())
        .catch((err: unknown) => this.d.log.warn({ err: describe(err), broker: this.broker }, 'announcing to the MQTT broker failed'));
    });
    // One line when the broker goes away or refuses us, not one per reconnection attempt.
    const lost = (err?: unknown) => {
      if (this.failing) return;
      this.failing = true;
      this.d.log.warn(
        { broker: this.broker, ...(err !== undefined && { err: describe(err) }) },
        'the MQTT broker is not reachable; retrying',
      );
    };
    client.on('error', (err) => lost(err));
    client.on('offline', () => lost());
  }

  /** Publishes with QoS 1 and waits for the PUBACK; throws MqttNotConnected while there is no connection. */
  async publish(topic: string, payload: string, options: { retain: boolean }): Promise<void> {
    const client = this.client;
    if (!client?.connected) throw new MqttNotConnected();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no PUBACK from the MQTT broker within ${PUBACK_TIMEOUT_MS / 1000} s`)), PUBACK_TIMEOUT_MS);
    });
    try {
      await Promise.race([client.publishAsync(topic, payload, { qos: 1, retain: options.retain }), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Says offline (retained: a clean stop sends no will) and disconnects. */
  async stop(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    if (client.connected)
      await Promise.race([
        client.publishAsync(statusTopic(this.config), OFFLINE, { qos: 1, retain: true }).catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
      ]);
    await client.endAsync(true);
  }
}

/** An error as the log keeps it: its message and code (mqtt.js errors carry neither the password nor the URL's secrets). */
export function describe(err: unknown): string {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return code !== undefined && !err.message.includes(String(code)) ? `${err.message} (${String(code)})` : err.message;
  }
  return String(err);
}
