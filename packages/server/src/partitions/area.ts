import { defineArea } from '../area.ts';
import { partitionResource } from './partition-resource.ts';
import { partitionSetResource } from './partition-set-resource.ts';

/** Partitions and partition sets. */
export const partitionsArea = defineArea({
  name: 'partitions',
  resources: [partitionResource, partitionSetResource],
});
