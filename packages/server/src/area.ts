import type { FastifyInstance } from 'fastify';
import type { CommandRegistry } from './channels/registry.ts';
import type { JobHandler } from './jobs/job-runner.ts';
import type { EngineResource } from './query/resources.ts';
import type { Services } from './services.ts';

/**
 * One functional area of the server as a module: everything it adds to Herald, in one object that
 * `areas.ts` lists. Nothing registers itself by being imported; the composition (composition.ts) builds the
 * channels' command registries, the resource registry and the job handlers from these objects alone.
 */
export interface Area {
  /** The area's folder name, for error messages and docs. */
  name: string;
  /** Commands of the session channel (`/session`), each with its access (channels/registry.ts). */
  sessionCommands?: CommandRegistry;
  /** Commands of the organization channel (`/uiv5`). */
  organizationCommands?: CommandRegistry;
  /** Query types it implements, each against its declaration in the contract. */
  resources?: readonly EngineResource[];
  /** Handlers of the job kinds it runs, by kind. */
  jobs?: Readonly<Record<string, JobHandler>>;
  /** Work done as the server starts (after the job runner); may answer the function that stops what it began. */
  start?(services: Services): Promise<void | (() => Promise<void>)>;
  /** HTTP routes it serves (uploads, extracts, single sign-on). */
  routes?(app: FastifyInstance, services: Services): Promise<void> | void;
}

export function defineArea(area: Area): Area {
  return area;
}
