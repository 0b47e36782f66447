import {
  ACTIVITY_THEME_STYLE_DEFAULTS,
  themeSettingsSchema,
  type ThemeSettingsInput,
} from '@herald/protocol';
import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.ts';

/** A demo organization's brand, as its e-mail theme holds it. */
interface DemoThemeBrand {
  organizationId: number;
  brandName: string;
  primary: string;
  domain: string;
}

/**
 * Each demo organization's e-mail themes (its brand theme, and a locked seasonal one that guard 9 keeps from
 * being opened) and an activity theme, so Settings › Themes has something real to show. The starter templates
 * arrive by themselves (migration 0022's trigger).
 */
export async function insertDemoThemes(
  trx: Transaction<Database>,
  brands: readonly DemoThemeBrand[],
): Promise<void> {
  for (const brand of brands) {
    const themes: ThemeSettingsInput[] = [
      {
        themeName: `${brand.brandName} brand`,
        brandName: brand.brandName,
        themeDescription: 'The everyday look of our e-mails.',
        sender: { name: brand.brandName, email: `news@${brand.domain}` },
        replyTo: `hello@${brand.domain}`,
        customColors: { primary: brand.primary },
        contactUsUrl: `https://${brand.domain}/contact`,
        analytics: { campaign: 'newsletter', medium: 'email', source: 'herald' },
        style: { primaryButton: { backgroundColor: brand.primary }, link: { color: brand.primary } },
      },
      {
        themeName: `${brand.brandName} holiday`,
        brandName: brand.brandName,
        themeDescription: 'Signed off by the brand team for the holiday season; unlock it to change it.',
        customColors: { primary: '#c92a2a', secondary: '#2b8a3e' },
        policies: { lock: true },
        style: { primaryButton: { backgroundColor: '#c92a2a' }, body: { backgroundColor: '#fff5f5' } },
      },
    ];
    await trx
      .insertInto('theme')
      .values(
        themes.map((input) => {
          const settings = themeSettingsSchema.parse(input);
          return {
            organization_id: brand.organizationId,
            theme_name: settings.themeName,
            settings: JSON.stringify(settings),
            is_locked: settings.policies.lock,
            created_by: null,
          };
        }),
      )
      .execute();
    await trx
      .insertInto('activity_theme')
      .values({
        organization_id: brand.organizationId,
        name: `${brand.brandName} standard`,
        description: 'Our standard activity look.',
        content: JSON.stringify({
          style: {
            ...ACTIVITY_THEME_STYLE_DEFAULTS,
            buttonBackgroundColor: brand.primary,
            linkColor: brand.primary,
          },
        }),
        created_by: null,
      })
      .execute();
  }
}
