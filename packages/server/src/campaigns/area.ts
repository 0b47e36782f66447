import { defineArea } from '../area.ts';
import { campaignResource } from './campaign-resource.ts';

/** Campaigns. */
export const campaignsArea = defineArea({
  name: 'campaigns',
  resources: [campaignResource],
});
