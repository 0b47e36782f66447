import type { ActivityContentInput } from '../records/activity-revision.ts';
import type { TemplateContentRecord } from '../records/template.ts';
import type { ThemeSettings } from '../records/theme.ts';
import { applyThemeToMjml } from './theme-mjml.ts';

/**
 * An e-mail activity's first content from a template (templateContent): its production code as the body (MJML
 * for a native template, with `theme` applied when given; HTML as it is), the subject given or the template's
 * name. What the editor saves as the activity's first revision, so a new activity starts from something good.
 */
export function activityContentFromTemplate(
  template: Pick<TemplateContentRecord, 'codeType' | 'productionCode' | 'name'>,
  options: { subject?: string; preheader?: string; theme?: ThemeSettings } = {},
): ActivityContentInput {
  const subject = options.subject ?? template.name;
  const preheader = options.preheader === undefined ? {} : { preheader: options.preheader };
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
