import { organizationCommands, type ActivityThemeRecord } from '@herald/protocol';
import { registerCommand, type CommandContext, type CommandRegistry } from '../channels/registry.ts';
import type { Actor } from '../query/resources.ts';
import { commandActor } from '../subscribers/subscriber-access.ts';
import { copyActivityTheme, deleteActivityTheme, saveActivityTheme } from './activity-themes.ts';

/** Pushes a changed activity theme to its subscribers; a failed push is logged, the change stands. */
async function announced(
  context: CommandContext,
  actor: Actor,
  theme: ActivityThemeRecord,
): Promise<{ id: number }> {
  await context.services.recordChanges
    .announce({ organizationId: actor.organizationId, type: 'activityTheme', records: [theme] })
    .catch((error: unknown) =>
      context.services.log.error({ err: error }, 'announcing an activity theme failed'),
    );
  return { id: theme.id };
}

const CONTENT_EDIT = { kind: 'organization', capabilities: ['content-edit'] } as const;

/** saveActivityTheme, deleteActivityTheme and copyActivityTheme (content-edit), commands/templates.ts in the contract. */
export const themeOrganizationCommands: CommandRegistry = {
  saveActivityTheme: registerCommand(
    organizationCommands.saveActivityTheme,
    CONTENT_EDIT,
    async (params, context) => {
      const actor = await commandActor(context);
      const theme = await context.services.db
        .transaction()
        .execute((trx) => saveActivityTheme(trx, actor, params));
      return announced(context, actor, theme);
    },
  ),
  deleteActivityTheme: registerCommand(
    organizationCommands.deleteActivityTheme,
    CONTENT_EDIT,
    async (params, context) => {
      const actor = await commandActor(context);
      const theme = await context.services.db
        .transaction()
        .execute((trx) => deleteActivityTheme(trx, actor, params.id));
      return announced(context, actor, theme);
    },
  ),
  copyActivityTheme: registerCommand(
    organizationCommands.copyActivityTheme,
    CONTENT_EDIT,
    async (params, context) => {
      const actor = await commandActor(context);
      const theme = await context.services.db
        .transaction()
        .execute((trx) => copyActivityTheme(trx, actor, params.id));
      return announced(context, actor, theme);
    },
  ),
};
