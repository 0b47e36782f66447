import type { ActivityContentInput } from '../records/activity-revision.ts';
import type { TemplateContentRecord } from '../records/template.ts';
import type { ThemeSettings } from '../records/theme.ts';
import { designToMjml } from './design-to-mjml.ts';
import { applyThemeToMjml } from './theme-mjml.ts';

/**
 * An e-mail activity's first content from a template (templateContent): its production code as the body (MJML
 * for a native template, with `theme` applied when given; HTML as it is), the subject given or the template's
 * name. A template that carries its design gives the design too, so the editor opens on its blocks. What the
 * editor saves as the activity's first revision, so a new activity starts from something good.
 */
export function activityContentFromTemplate(
  template: Pick<TemplateContentRecord, 'codeType' | 'productionCode' | 'name'> &
    Partial<Pick<TemplateContentRecord, 'design'>>,
  options: { subject?: string; preheader?: string; theme?: ThemeSettings } = {},
): ActivityContentInput {
  const subject = options.subject ?? template.name;
  const preheader = options.preheader === undefined ? {} : { preheader: options.preheader };
  if (template.codeType === 'mjml' && template.design) {
    const design = template.design;
    const mjml = designToMjml(design, { theme: options.theme });
    return { schemaVersion: 3, channels: { email: { subject, ...preheader, mjml, design } } };
  }
  const email =
    template.codeType === 'mjml'
      ? {
          subject,
          ...preheader,
          mjml: options.theme
            ? applyThemeToMjml(template.productionCode, options.theme)
            : template.productionCode,
        }
      : { subject, ...preheader, html: template.productionCode };
  return { schemaVersion: 3, channels: { email } };
}
