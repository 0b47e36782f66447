import type { Capability } from '../access/capabilities.ts';

/**
 * Who may read and write each resource type: reading needs ANY of `readCapabilities`, writing needs ALL of
 * `writeCapabilities` (and a read capability); read-only types have none. Each type's declaration
 * (resourceDefinitions) takes its entry from here, so access is declared once; it lives apart from the records'
 * schemas so that a client checks access without loading zod (the sign-in page and the first dashboard,
 * docs/decisions/0032-light-first-scripts.md).
 */
export const RESOURCE_ACCESS = {
  activity: { readCapabilities: ['base', 'franchisee'], writeCapabilities: ['content-edit'] },
  activityRevision: { readCapabilities: ['base', 'franchisee'], writeCapabilities: [] },
  // Templates and themes (docs/architecture.md § Templates and themes): head office reads them; content editors
  // import, write and copy them.
  activityTheme: { readCapabilities: ['base'], writeCapabilities: [] },
  template: { readCapabilities: ['base'], writeCapabilities: [] },
  templateContent: { readCapabilities: ['base'], writeCapabilities: [] },
  theme: { readCapabilities: ['base'], writeCapabilities: ['content-edit'] },
  asset: { readCapabilities: ['base', 'franchisee'], writeCapabilities: ['content-edit'] },
  contentBlock: { readCapabilities: ['base', 'franchisee'], writeCapabilities: ['content-edit'] },
  audience: { readCapabilities: ['base', 'franchisee'], writeCapabilities: ['database-manage'] },
  campaign: { readCapabilities: ['base', 'franchisee'], writeCapabilities: ['content-edit'] },
  customField: { readCapabilities: ['base', 'franchisee'], writeCapabilities: ['database-manage'] },
  job: { readCapabilities: ['base', 'franchisee'], writeCapabilities: [] },
  partition: { readCapabilities: ['base', 'franchisee'], writeCapabilities: ['admin'] },
  partitionSet: { readCapabilities: ['base', 'franchisee'], writeCapabilities: ['admin'] },
  list: { readCapabilities: ['base', 'franchisee'], writeCapabilities: ['database-manage'] },
  subscriber: { readCapabilities: ['base', 'franchisee'], writeCapabilities: ['database-manage'] },
  listMembership: { readCapabilities: ['base', 'franchisee'], writeCapabilities: [] },
  subscriberEvent: { readCapabilities: ['base', 'franchisee'], writeCapabilities: [] },
  tag: { readCapabilities: ['base', 'franchisee'], writeCapabilities: ['database-manage'] },
  targetingRule: { readCapabilities: ['base'], writeCapabilities: ['admin'] },
  // Deliveries are read by whoever reads the activity (PROTOCOL §9).
  delivery: { readCapabilities: ['base', 'franchisee'], writeCapabilities: [] },
  deploymentRun: { readCapabilities: ['base', 'franchisee'], writeCapabilities: [] },
  // The workflow log (docs/workflow.md § The log and live pushes) is read by whoever reads the activity.
  workflowEvent: { readCapabilities: ['base', 'franchisee'], writeCapabilities: [] },
  whatsappTemplate: { readCapabilities: ['base', 'franchisee'], writeCapabilities: ['content-edit'] },
} as const satisfies Readonly<
  Record<string, { readCapabilities: readonly Capability[]; writeCapabilities: readonly Capability[] }>
>;
