import { defineArea } from '../area.ts';
import { calculationJob } from './calculate-field.ts';
import { startCalculationSchedule } from './calculation-schedule.ts';
import { calculationOrganizationCommands } from './commands.ts';

/** Calculated custom fields: their runs and their schedule. */
export const calculationsArea = defineArea({
  name: 'calculations',
  organizationCommands: calculationOrganizationCommands,
  jobs: { calculation: calculationJob },
  start: startCalculationSchedule,
});
