import { defineArea } from '../area.ts';
import { calculationJob } from './calculate-field.ts';
import { scheduleCalculations } from './calculation-schedule.ts';
import { calculationOrganizationCommands } from './commands.ts';

/** Calculated custom fields: their runs, and their schedules as repeating jobs. */
export const calculationsArea = defineArea({
  name: 'calculations',
  organizationCommands: calculationOrganizationCommands,
  jobs: { calculation: calculationJob },
  // Fields whose schedule has no queued run (a database from before the scheduler, a cancelled run) get one.
  start: async (services) => {
    await scheduleCalculations(services.db);
  },
});
