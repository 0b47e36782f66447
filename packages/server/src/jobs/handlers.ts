// Each job kind's module registers its handler when imported (registerJobHandler); the runner starts after this.
import '../imports/import-job.ts';
import '../exports/export-job.ts';
import '../calculations/calculate-field.ts';
import '../audiences/generate-audience.ts';
