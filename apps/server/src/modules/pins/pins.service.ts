import { PIN_COLLISION, type PinCollision, type PinUser, type ResetPinBody } from '@vigil/contract';
import { requireEntitlement, type Principal } from '../../auth/principal.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { hmacHex } from '../../lib/hash.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import type { UserAccess } from '../auth/access.port.js';
import type { PinsRepository } from './pins.repository.js';

export const PIN_RATE_WINDOW_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 3600 * 1000;
export const PIN_RESETS_PER_WINDOW = 10;

/** How a PIN is stored: the browser's keyed hash keyed again with the server secret and the domain. */
export const storedPinHash = (secret: Buffer, domainUuid: string, digest: string): string => hmacHex(secret, `${domainUuid}:${digest}`);

export class PinsService {
  constructor(
    /** starts the transactions this service owns (see db/database.ts) */
    private readonly db: Db,
    private readonly pins: PinsRepository,
    private readonly access: Pick<UserAccess, 'usersInDomain'>,
    private readonly secret: Buffer,
    private readonly clock: Clock,
    private readonly log: { warn(details: object, message: string): void },
  ) {}

  /** The stored form of a PIN: the browser's keyed hash keyed again with the server secret and the domain. */
  storedHash(domainUuid: string, digest: string): string {
    return storedPinHash(this.secret, domainUuid, digest);
  }

  async resetPin(principal: Principal, target: string, body: ResetPinBody): Promise<void> {
    const domain = body.domain_uuid;
    requireEntitlement(principal, domain, 'alerting', 'set_dismiss_pin');
    const userId = target === 'me' || target === principal.user.id ? principal.user.id : target;
    if (userId !== principal.user.id) {
      requireEntitlement(principal, domain, 'account', 'administer_user_pin');
      const inDomain = await this.access.usersInDomain(domain);
      if (!inDomain.some((u) => u.id === userId)) throw notFound('No such person in this building.');
    }
    const now = this.clock.now();
    const recent = await this.pins.countAttempts(principal.user.id, 'reset', now - PIN_RATE_WINDOW_MS);
    if (recent >= PIN_RESETS_PER_WINDOW) {
      throw new HttpError(429, 'Too many PIN changes. Please wait 15 minutes and try again.');
    }
    // Refused PINs (someone else's) are few a day per person: past that, nothing more is learnt about anyone's PIN.
    const refused = await this.pins.countAttempts(principal.user.id, 'reset', now - DAY_MS, true);
    if (refused >= PIN_COLLISION.perUserPerDay) throw new HttpError(429, PIN_COLLISION.tooMany);
    const hash = this.storedHash(domain, body.newPIN);
    const stored = await this.db.transaction().execute((trx) => this.pins.setPin(trx, userId, domain, hash, now));
    await this.pins.recordAttempt(principal.user.id, domain, 'reset', stored, now, userId);
    if (!stored) {
      this.log.warn(
        { security: 'pin_collision', domain, by: principal.user.id, for: userId },
        'security: a PIN change was refused (PIN in use)',
      );
      throw new HttpError(409, PIN_COLLISION.message);
    }
  }

  /** Refused PINs of the last 30 days in a building, for its PIN administrators. */
  async collisions(principal: Principal, domainUuid: string): Promise<PinCollision[]> {
    requireEntitlement(principal, domainUuid, 'account', 'administer_user_pin');
    const rows = await this.pins.collisions(domainUuid, this.clock.now() - 30 * DAY_MS);
    return rows.map((r) => ({
      at: new Date(Number(r.at)).toISOString(),
      by: { name: r.by_name, email: r.by_email },
      for_name: r.for_name ?? null,
    }));
  }

  async pinEnabledUsers(principal: Principal, domainUuid: string): Promise<PinUser[]> {
    requireEntitlement(principal, domainUuid, 'account', 'administer_user_pin');
    const users = await this.access.usersInDomain(domainUuid);
    return users.map((u) => ({ name: u.display_name, uuid: u.id }));
  }
}
