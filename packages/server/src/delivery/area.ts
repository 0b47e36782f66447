import { defineArea, type Area } from '../area.ts';
import { deliveryResource } from './delivery-resource.ts';

/**
 * The delivery engine (issue 17, docs/architecture.md § The delivery engine): so far its ledger, read as the
 * query type `delivery`; the transports are in transports/, the runs to come.
 */
export const deliveryArea: Area = defineArea({
  name: 'delivery',
  resources: [deliveryResource],
});
