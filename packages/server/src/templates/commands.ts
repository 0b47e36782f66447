import { organizationCommands } from '@herald/protocol';
import { registerCommand, type CommandRegistry } from '../channels/registry.ts';
import { commandActor } from '../subscribers/subscriber-access.ts';
import { importTemplatePackage } from './import-package.ts';

/** importTemplatePackage (content-edit), commands/templates.ts in the contract. */
export const templateOrganizationCommands: CommandRegistry = {
  importTemplatePackage: registerCommand(
    organizationCommands.importTemplatePackage,
    { kind: 'organization', capabilities: ['content-edit'] },
    async (params, context) => {
      const actor = await commandActor(context);
      const template = await importTemplatePackage(context.services.db, actor, params);
      // templateContent is the same row read another way: its readers are told too.
      for (const type of ['template', 'templateContent'] as const)
        await context.services.recordChanges
          .announce({ organizationId: actor.organizationId, type, records: [template] })
          .catch((error: unknown) =>
            context.services.log.error({ err: error }, 'announcing a template failed'),
          );
      return { templateId: template.id, url: template.url };
    },
  ),
};
