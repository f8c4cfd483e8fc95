import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import type { PrescriptionPort } from '../order/index.ts';
import type { ModuleUses } from '../uses.ts';
import { MedicineRepo } from './medicine.repo.ts';
import { medicineRoutes } from './medicine.routes.ts';
import { MedicineService } from './medicine.service.ts';
import { PrescriptionPurchaseRepo } from './prescription-purchase.repo.ts';
import { PrescriptionPurchase } from './prescription-purchase.ts';

export interface MedicineModule {
  medicine: MedicineService;
  /** The order module's prescription port (app.ts builds medicine first and hands it to orders). */
  prescriptions: PrescriptionPort;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** 在线复诊开药 (the demo seed adds its pharmacists through it). */
    medicineModule: MedicineModule;
  }
}

/**
 * 在线复诊开药: pharmacists who answer in the app's chat from their own account, follow-up
 * requests and prescriptions (SPEC §1, §2 tim pages writeVisit / preInfo / starYaoOfficer).
 */
export async function registerMedicineModule(
  app: FastifyInstance,
  deps: Deps,
  uses: Pick<ModuleUses, 'users' | 'cart'>,
): Promise<MedicineModule> {
  const medicine = new MedicineService(
    deps.db,
    new MedicineRepo(narrowDb(deps.db)),
    async (userId) => (await uses.users.users.account(userId)) !== undefined,
    { openMax: deps.config.MEDICINE_OPEN_MAX, rxValidDays: deps.config.MEDICINE_RX_VALID_DAYS },
    deps.events,
    async (ids) => {
      const skus = await uses.cart.skus.byIds(ids);
      return new Map([...skus].map(([id, s]) => [id, { name: s.title, spec: s.skuName }]));
    },
  );
  await medicineRoutes(app, medicine);
  const m: MedicineModule = {
    medicine,
    prescriptions: new PrescriptionPurchase(new PrescriptionPurchaseRepo()),
  };
  app.decorate('medicineModule', m);
  return m;
}
