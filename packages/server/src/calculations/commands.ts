import { HeraldError, organizationCommands } from '@herald/protocol';
import { registerCommand, type CommandRegistry } from '../channels/registry.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import { validation } from '../query/resources.ts';
import { commandActor } from '../subscribers/subscriber-access.ts';
import { NOT_CALCULATED, type CalculationJobParams } from './calculate-field.ts';
import { loadCalculationField } from './calculated-field.ts';

/** runCalculatedField: a calculated field run now, besides its schedule. Needs database-manage. */
export const calculationOrganizationCommands: CommandRegistry = {
  runCalculatedField: registerCommand(
    organizationCommands.runCalculatedField,
    { kind: 'organization', capabilities: ['database-manage'] },
    async (params, context) => {
      const actor = await commandActor(context);
      const { db, jobs } = context.services;
      const field = await loadCalculationField(db, actor.organizationId, params.customFieldId);
      if (!field) throw new HeraldError('NotFoundError');
      if (field.calculation.kind !== 'calculated') throw validation('customFieldId', NOT_CALCULATED);
      const jobParams: CalculationJobParams = { customFieldId: field.id };
      const jobId = await enqueueJob(db, {
        organizationId: actor.organizationId,
        kind: 'calculation',
        name: field.field,
        params: { ...jobParams },
        createdBy: actor.userId,
      });
      await jobs.announce(actor.organizationId, jobId);
      jobs.poke();
      return { jobId };
    },
  ),
};
