import { defineArea, type Area } from '../area.ts';
import { registerAudienceFileRoute } from './audience-file-route.ts';
import { deliveryResource } from './delivery-resource.ts';
import { DELIVERY_RUN_JOB_KIND } from './ledger.ts';
import { deliveryRunJob } from './run-job.ts';
import { deploymentRunResource } from './run-resource.ts';

/**
 * The delivery engine (docs/architecture.md § The delivery engine): deployment runs sent by their
 * workers (`deliveryRun` jobs), the ledger read as the query types `delivery` and `deploymentRun`, and a
 * display-ad run's audience file at POST /uiv5-audience/; the transports are in transports/.
 */
export const deliveryArea: Area = defineArea({
  name: 'delivery',
  resources: [deliveryResource, deploymentRunResource],
  jobs: { [DELIVERY_RUN_JOB_KIND]: deliveryRunJob },
  routes: registerAudienceFileRoute,
});
