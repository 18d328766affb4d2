import type { Principal } from '../src/auth/principal.js';
import type { MediaStore } from '../src/media/media-store.js';
import { PersonAlertsService } from '../src/modules/alerts/person-alerts.service.js';
import { actorOfPrincipal } from '../src/modules/audit/audit.service.js';
import { createErasureArea } from '../src/modules/faces/erasure.wiring.js';
import { PersonModelsService } from '../src/modules/training/person-models.service.js';
import { personBadges, personReports } from '../src/repositories.js';
import type { ServiceContext } from './service-context.js';

/**
 * A person's erasure as the server wires it, on the service context's database: pictures deleted from `store` (the
 * context's media folder by default), training's share `models` (a test holds it at a point, or the real one).
 */
export function serviceErasure(ctx: ServiceContext, options: { store?: MediaStore; models?: PersonModelsService } = {}) {
  const { erasure } = createErasureArea({
    db: ctx.database.db,
    dialect: ctx.database.dialect,
    data: ctx.repos.personData,
    store: options.store ?? ctx.store,
    cameras: ctx.repos.cameras,
    alerts: new PersonAlertsService({ elopement: ctx.repos.elopement, db: ctx.database.db }),
    models: options.models ?? new PersonModelsService({ models: ctx.repos.models }),
    badges: personBadges(ctx.repos),
    reports: personReports(ctx.repos),
    audit: { record: async () => undefined },
    clock: ctx.clock,
  });
  return {
    erasure,
    /** Erases the person as `principal`, their full name typed to confirm; the receipt. */
    async erase(principal: Principal, person: string) {
      const row = await ctx.repos.personData.person(ctx.database.db, person);
      if (!row) throw new Error(`no person ${person}`);
      return erasure.erase(principal, person, `${row.first_name} ${row.last_name}`, actorOfPrincipal(principal));
    },
  };
}
