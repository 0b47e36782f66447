import type { Area } from './area.ts';
import type { CommandRegistry } from './channels/registry.ts';
import type { JobHandler, JobHandlers } from './jobs/job-runner.ts';
import { ResourceRegistry } from './query/resources.ts';

/** What the server is made of, composed from its areas once at start. */
export interface Composition {
  areas: readonly Area[];
  sessionCommands: CommandRegistry;
  organizationCommands: CommandRegistry;
  resources: ResourceRegistry;
  jobHandlers: JobHandlers;
}

/**
 * Builds the registries from the areas. A command name, a resource type or a job kind claimed by two areas is
 * a programming error, refused here so the server does not start with one silently shadowing the other.
 */
export function composeAreas(areas: readonly Area[]): Composition {
  const sessionCommands: Record<string, CommandRegistry[string]> = {};
  const organizationCommands: Record<string, CommandRegistry[string]> = {};
  const jobHandlers = new Map<string, JobHandler>();
  const claimed = (kind: string, name: string, area: Area) =>
    new Error(`${kind} ${name} of area ${area.name} is already declared by another area`);
  for (const area of areas) {
    for (const [registry, commands] of [
      [sessionCommands, area.sessionCommands],
      [organizationCommands, area.organizationCommands],
    ] as const) {
      for (const [name, command] of Object.entries(commands ?? {})) {
        if (Object.hasOwn(registry, name)) throw claimed('Command', name, area);
        registry[name] = command;
      }
    }
    for (const [kind, handler] of Object.entries(area.jobs ?? {})) {
      if (jobHandlers.has(kind)) throw claimed('Job kind', kind, area);
      jobHandlers.set(kind, handler);
    }
  }
  return {
    areas,
    sessionCommands,
    organizationCommands,
    resources: new ResourceRegistry(areas.flatMap((area) => area.resources ?? [])),
    jobHandlers,
  };
}
